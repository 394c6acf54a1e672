//! `kiln._kiln`: the native half of kiln's Python package (the pure-Python `kiln` package
//! wraps it in an onnxruntime-style API). It adds no compiler logic: models are imported,
//! compiled and run through the `kiln` facade, with its messages.
#![forbid(unsafe_code)]

mod convert;
mod device;
mod errors;
mod model;
mod session;

use std::path::PathBuf;
use std::sync::Arc;

use kiln::frontend::{ImportOptions, Module};
use kiln::Precision;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList};

use errors::{Error, Kind};
use model::{DimInfo, IoInfo, Source};

/// A compiled model: kiln's `.kiln` artifact (SPIR-V modules, dispatch schedule, weights).
#[pyclass(module = "kiln._kiln", frozen)]
pub struct Artifact {
    pub(crate) artifact: Arc<kiln::Artifact>,
}

#[pymethods]
impl Artifact {
    /// Writes the artifact to `path` (a `.kiln` file).
    fn save(&self, py: Python<'_>, path: PathBuf) -> PyResult<()> {
        py.detach(|| self.artifact.save(&path))
            .map_err(|e| Error::new(Kind::Model, e).into())
    }

    /// The artifact's bytes (what `save` writes).
    fn to_bytes<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &self.artifact.to_bytes())
    }

    /// The target env's name (`llvmpipe`, `nvidia-h200`, or `auto` for a device's own).
    #[getter]
    fn target(&self) -> String {
        self.artifact.target.name.clone()
    }

    /// The precision the model was compiled with (`f32`, `f16`, `bf16`).
    #[getter]
    fn precision(&self) -> String {
        self.artifact.program.precision.to_string()
    }

    /// How many dispatches (kernels) a run records.
    #[getter]
    fn dispatches(&self) -> usize {
        self.artifact.program.dispatches.len()
    }

    /// `[(name, shape, type, numpy dtype, host numpy dtype)]` of the program's inputs.
    fn inputs<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        describe_io(py, &model::artifact_io(&self.artifact).0)
    }

    /// The same for the outputs.
    fn outputs<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        describe_io(py, &model::artifact_io(&self.artifact).1)
    }

    fn __repr__(&self) -> String {
        format!(
            "<kiln.Artifact target={} precision={} dispatches={}>",
            self.artifact.target.name,
            self.artifact.program.precision,
            self.artifact.program.dispatches.len()
        )
    }
}

/// The model given to a session or `compile`: a path (`str` / `os.PathLike`), ONNX or artifact
/// bytes, or an `Artifact`.
pub(crate) fn source_of(model: &Bound<'_, PyAny>) -> PyResult<Source> {
    if let Ok(artifact) = model.cast::<Artifact>() {
        return Ok(Source::Artifact(artifact.get().artifact.clone()));
    }
    if let Ok(bytes) = model.cast::<PyBytes>() {
        return Ok(Source::from_bytes(bytes.as_bytes().to_vec())?);
    }
    if let Ok(path) = model.extract::<PathBuf>() {
        return Ok(Source::from_path(&path)?);
    }
    Err(PyTypeError::new_err(format!(
        "expected a model path, ONNX bytes or a kiln.Artifact, got {}",
        model.get_type()
    )))
}

pub(crate) fn parse_precision(precision: &str) -> PyResult<Precision> {
    precision.parse().map_err(PyValueError::new_err)
}

/// `module` compiled for `target` (`auto`: `device`'s own target env, with `kiln tune`'s
/// cached tilings, as the CLI does).
pub(crate) fn compile_module(
    device: Option<&'static kiln::Session>,
    module: &Module,
    target: &str,
    precision: Precision,
) -> Result<kiln::Artifact, Error> {
    let spec: kiln::target::TargetSpec = target.parse().expect("infallible");
    let env = match kiln::target::load_target(&spec).map_err(|e| Error::new(Kind::Model, e))? {
        Some(env) => env,
        None => {
            let device = match device {
                Some(d) => d,
                None => device::session(None)?,
            };
            kiln::target::target_env_for_open_device(device.device())
        }
    };
    let mut options = kiln::lowering::pass::PassOptions {
        precision,
        ..Default::default()
    };
    if env.name == "auto" {
        if let Some(path) = kiln::tuning::TuningCache::default_path() {
            let cache = kiln::tuning::TuningCache::load_or_warn(&path);
            options.tuned = cache
                .table(&path, &env.device_name)
                .map_err(|e| Error::new(Kind::Model, e))?;
        }
    }
    kiln::compile_with(module, &env, &options).map_err(errors::compile)
}

/// `[(name, shape, type string, numpy dtype or None, host numpy dtype or None)]`; a shape
/// holds ints, and strings for symbolic dims.
pub(crate) fn describe_io<'py>(py: Python<'py>, infos: &[IoInfo]) -> PyResult<Bound<'py, PyList>> {
    let list = PyList::empty(py);
    for info in infos {
        let shape = PyList::empty(py);
        for d in &info.dims {
            match d {
                DimInfo::Static(n) => shape.append(*n)?,
                DimInfo::Symbol { shown: Some(s), .. } => shape.append(s)?,
                DimInfo::Symbol { shown: None, .. } => shape.append(py.None())?,
            }
        }
        list.append((
            &info.name,
            shape,
            model::type_string(info.declared),
            model::numpy_name(info.declared),
            model::held_numpy_name(info.declared),
        ))?;
    }
    Ok(list)
}

/// Compiles a model (path, ONNX bytes) into an artifact. `target`: `auto` (the default device),
/// a preset (`llvmpipe`, `nvidia-h200`, `vulkan1.1`) or a JSON file; `dims` fixes symbolic dims
/// of an ONNX model (`--dim`).
#[pyfunction]
#[pyo3(signature = (model, target="auto", precision="f32", dims=None))]
fn compile(
    py: Python<'_>,
    model: &Bound<'_, PyAny>,
    target: &str,
    precision: &str,
    dims: Option<std::collections::HashMap<String, u64>>,
) -> PyResult<Artifact> {
    let source = source_of(model)?;
    let precision = parse_precision(precision)?;
    let mut options = ImportOptions::default();
    if let Some(dims) = dims {
        if !matches!(source, Source::Onnx { .. }) && !dims.is_empty() {
            return Err(PyValueError::new_err(
                "dims specialize ONNX models; an .mlir model is taken as it is",
            ));
        }
        options.dims.extend(dims);
    }
    let artifact = py.detach(|| -> Result<kiln::Artifact, Error> {
        if let Source::Artifact(a) = &source {
            return Ok((**a).clone());
        }
        let module = source
            .import(&options)
            .map_err(|f| Error::new(Kind::Model, f.message))?;
        let mut artifact = compile_module(None, &module, target, precision)?;
        if let Source::Onnx { bytes, .. } = &source {
            artifact.onnx_interface =
                kiln::interface_names::OnnxInterface::of_model(bytes, &[], &artifact.program);
        }
        Ok(artifact)
    })?;
    Ok(Artifact {
        artifact: Arc::new(artifact),
    })
}

/// Reads a `.kiln` artifact (every module is verified as it is read).
#[pyfunction]
fn load(py: Python<'_>, path: PathBuf) -> PyResult<Artifact> {
    let artifact = py
        .detach(|| kiln::Artifact::load(&path))
        .map_err(|e| Error::new(Kind::Model, e))?;
    Ok(Artifact {
        artifact: Arc::new(artifact),
    })
}

/// The Vulkan devices, best first, as dicts (`index`, `name`, `type`, `vendor`, `driver`,
/// `api_version`).
#[pyfunction]
fn devices(py: Python<'_>) -> PyResult<Vec<Bound<'_, PyDict>>> {
    let infos = py
        .detach(kiln::runtime::enumerate_devices)
        .map_err(errors::runtime)?;
    infos
        .iter()
        .map(|info| {
            let d = PyDict::new(py);
            d.set_item("index", info.index)?;
            d.set_item("name", &info.name)?;
            d.set_item("type", format!("{:?}", info.device_type))?;
            d.set_item("vendor", &info.vendor_name)?;
            d.set_item(
                "driver",
                format!("{} {}", info.driver_name, info.driver_info).trim(),
            )?;
            d.set_item("api_version", info.api_version.to_string())?;
            Ok(d)
        })
        .collect()
}

#[pymodule]
fn _kiln(module: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(module)?;
    module.add_class::<Artifact>()?;
    module.add_class::<session::Session>()?;
    module.add_function(wrap_pyfunction!(compile, module)?)?;
    module.add_function(wrap_pyfunction!(load, module)?)?;
    module.add_function(wrap_pyfunction!(devices, module)?)?;
    module.add("HOST_DTYPES", convert::HOST_DTYPES.to_vec())?;
    module.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}

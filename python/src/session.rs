//! `_kiln.Session`: a model compiled and loaded on a device, run from numpy feeds.
//!
//! A model that imports as it is compiles once, when the session is made, and its executable
//! binds symbolic dims from the input shapes at each run (run-time variants, as `kiln run`).
//! A model that imports only specialized (its shape logic needs a dim's size or an input's
//! value) compiles per set of fed dims and values, as `kiln run` specializes on its `--input`
//! files; the last few of these variants are kept. Runs release the GIL; a session may be used
//! from several threads (an executable runs one feed at a time).

use std::sync::{Arc, Mutex};

use kiln::frontend::ImportOptions;
use kiln::{Executable, HostTensor, Precision};
use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::device;
use crate::errors::{self, Error, Kind};
use crate::model::{info_of_interface, DimInfo, IoInfo, Source};

/// How many specialized compiles a session keeps.
const KEPT_VARIANTS: usize = 8;

/// What a session compiles with.
#[derive(Clone, Debug)]
pub struct CompileOptions {
    pub target: String,
    pub precision: Precision,
}

/// A program loaded on the device, and which graph input feeds each of its inputs.
struct Loaded {
    executable: Executable<'static>,
    feeds: Vec<usize>,
}

/// The dims and input values a specialized variant was compiled for.
#[derive(Clone, Debug, PartialEq)]
struct VariantKey {
    dims: Vec<(String, u64)>,
    /// Graph input index -> the bits of its values (inputs that a shape operand reads).
    values: Vec<(usize, Vec<u64>)>,
}

#[pyclass(module = "kiln._kiln", frozen)]
pub struct Session {
    source: Source,
    device: &'static kiln::Session,
    options: CompileOptions,
    inputs: Vec<IoInfo>,
    outputs: Vec<IoInfo>,
    /// The model as is, compiled once (`None`: it imports only specialized).
    fixed: Option<Arc<Loaded>>,
    /// Specialized compiles, most recent last.
    variants: Mutex<Vec<(VariantKey, Arc<Loaded>)>>,
}

impl Session {
    pub fn open(
        py: Python<'_>,
        source: Source,
        device_name: Option<&str>,
        options: CompileOptions,
    ) -> Result<Session, Error> {
        let device = py.detach(|| device::session(device_name))?;
        let onnx_io = source.onnx_io()?;
        let fixed = py.detach(|| -> Result<Option<Loaded>, Error> {
            match &source {
                Source::Artifact(artifact) => {
                    // As `kiln run`: an artifact is never reused for another precision.
                    let built = artifact.program.precision;
                    if options.precision != Precision::F32 && options.precision != built {
                        return Err(Error::new(
                            Kind::Model,
                            format!(
                                "the artifact was compiled with precision {built}, not {}; \
                                 recompile the model with precision=\"{}\"",
                                options.precision, options.precision
                            ),
                        ));
                    }
                    artifact
                        .check_device(&kiln::target::target_env_for_open_device(device.device()))
                        .map_err(|e| Error::new(Kind::Model, e))?;
                    let executable = device
                        .load_artifact(artifact, None, &mut kiln::StartupTimeline::new())
                        .map_err(errors::run)?;
                    Ok(Some(with_positional_feeds(executable)))
                }
                _ => match source.import(&ImportOptions::default()) {
                    Ok(module) => Ok(Some(compile_and_load(device, &module, &options)?)),
                    // Like `kiln run`: a model whose shape logic needs the fed dims or values
                    // compiles at the first run (and a model that cannot import says so then).
                    Err(failure) if failure.fixed_by_sizes => Ok(None),
                    Err(failure) => Err(Error::new(Kind::Model, failure.message)),
                },
            }
        })?;
        let (inputs, outputs) = match (onnx_io, &fixed, &source) {
            (Some(io), _, _) => io,
            (None, _, Source::Artifact(artifact)) => crate::model::artifact_io(artifact),
            (None, Some(loaded), _) => {
                let program = loaded.executable.program();
                (
                    program.inputs.iter().map(info_of_interface).collect(),
                    program.outputs.iter().map(info_of_interface).collect(),
                )
            }
            (None, None, _) => return Err(Error::new(Kind::Internal, "no program and no model")),
        };
        // An artifact's inputs are fed in order (its ONNX names are shown, not matched).
        let positional = matches!(source, Source::Artifact(_));
        let fixed = fixed.map(|loaded| {
            Arc::new(if positional {
                loaded
            } else {
                resolve_feeds(loaded, &inputs, &[])
            })
        });
        Ok(Session {
            source,
            device,
            options,
            inputs,
            outputs,
            fixed,
            variants: Mutex::new(Vec::new()),
        })
    }

    /// The loaded program for these feeds: the fixed one, a kept variant, or a new compile.
    fn program_for(&self, feeds: &[HostTensor]) -> Result<Arc<Loaded>, Error> {
        if let Some(fixed) = &self.fixed {
            return Ok(fixed.clone());
        }
        let mut dims = Vec::new();
        for (info, feed) in self.inputs.iter().zip(feeds) {
            for (at, name) in info.symbols() {
                let size = feed.shape()[at] as u64;
                match dims.iter().find(|(n, _)| n == name) {
                    Some((_, first)) if *first != size => {
                        return Err(Error::new(
                            Kind::Input,
                            format!(
                                "input `{}`: dim {at} (`{name}`) is {size}, but another input \
                                 gave `{name}` = {first}",
                                info.name
                            ),
                        ))
                    }
                    Some(_) => {}
                    None => dims.push((name.to_string(), size)),
                }
            }
        }
        dims.sort();
        {
            let mut variants = self.variants.lock().unwrap_or_else(|e| e.into_inner());
            let found = variants.iter().position(|(key, _)| {
                key.dims == dims
                    && key
                        .values
                        .iter()
                        .all(|(index, bits)| *bits == value_bits(&feeds[*index]))
            });
            if let Some(at) = found {
                let entry = variants.remove(at);
                let loaded = entry.1.clone();
                variants.push(entry);
                return Ok(loaded);
            }
        }
        let mut options = ImportOptions::default();
        options.dims.extend(dims.iter().cloned());
        let mut values = Vec::new();
        let module = loop {
            match self.source.import(&options) {
                Ok(module) => break module,
                Err(failure) if !failure.needs_values_of.is_empty() => {
                    for name in failure.needs_values_of {
                        let index = self.inputs.iter().position(|i| i.name == name);
                        let Some(index) =
                            index.filter(|_| !options.input_values.contains_key(&name))
                        else {
                            return Err(Error::new(Kind::Model, failure.message));
                        };
                        options
                            .input_values
                            .insert(name, feeds[index].to_reference());
                        values.push((index, value_bits(&feeds[index])));
                    }
                }
                Err(failure) => return Err(Error::new(Kind::Model, failure.message)),
            }
        };
        let loaded = compile_and_load(self.device, &module, &self.options)?;
        let folded: Vec<usize> = values.iter().map(|(index, _)| *index).collect();
        let loaded = Arc::new(resolve_feeds(loaded, &self.inputs, &folded));
        let mut variants = self.variants.lock().unwrap_or_else(|e| e.into_inner());
        if variants.len() >= KEPT_VARIANTS {
            variants.remove(0);
        }
        variants.push((VariantKey { dims, values }, loaded.clone()));
        Ok(loaded)
    }

    /// Checks each feed's rank and static dims against the declared shape.
    fn check_shapes(&self, feeds: &[HostTensor]) -> Result<(), Error> {
        for (info, feed) in self.inputs.iter().zip(feeds) {
            if !info.ranked {
                continue; // no declared shape: the program's own check applies
            }
            let shape = feed.shape();
            let fits = shape.len() == info.dims.len()
                && info.dims.iter().zip(shape).all(|(d, &n)| match d {
                    DimInfo::Static(s) => *s as usize == n,
                    DimInfo::Symbol { .. } => true,
                });
            if !fits {
                return Err(Error::new(
                    Kind::Input,
                    format!(
                        "input `{}`: expected shape [{}], got {shape:?}",
                        info.name,
                        info.dims
                            .iter()
                            .map(|d| match d {
                                DimInfo::Static(n) => n.to_string(),
                                DimInfo::Symbol { key, shown } =>
                                    shown.clone().unwrap_or(key.clone()),
                            })
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                ));
            }
        }
        Ok(())
    }
}

/// The feeds in the program's input order, moved (each graph input feeds at most one program
/// input).
fn in_program_order(tensors: Vec<HostTensor>, feeds: &[usize]) -> Vec<HostTensor> {
    let mut tensors: Vec<Option<HostTensor>> = tensors.into_iter().map(Some).collect();
    feeds
        .iter()
        .filter_map(|&i| tensors.get_mut(i).and_then(Option::take))
        .collect()
}

/// The bits of a tensor's values, to compare the values a variant was specialized on.
fn value_bits(t: &HostTensor) -> Vec<u64> {
    t.to_reference().data.iter().map(|v| v.to_bits()).collect()
}

fn compile_and_load(
    device: &'static kiln::Session,
    module: &kiln::frontend::Module,
    options: &CompileOptions,
) -> Result<Loaded, Error> {
    let artifact = crate::compile_module(Some(device), module, &options.target, options.precision)?;
    let executable = device.load(&artifact.program).map_err(errors::run)?;
    Ok(with_positional_feeds(executable))
}

fn with_positional_feeds(executable: Executable<'static>) -> Loaded {
    let feeds = (0..executable.program().inputs.len()).collect();
    Loaded { executable, feeds }
}

/// Which graph input feeds each program input: by name where the program keeps the graph's
/// names, else in order, leaving out the inputs `folded` into a specialized program.
fn resolve_feeds(mut loaded: Loaded, inputs: &[IoInfo], folded: &[usize]) -> Loaded {
    let program_inputs = &loaded.executable.program().inputs;
    let by_name: Option<Vec<usize>> = program_inputs
        .iter()
        .map(|p| inputs.iter().position(|i| i.name == p.name))
        .collect();
    loaded.feeds = by_name.unwrap_or_else(|| {
        (0..inputs.len())
            .filter(|i| !folded.contains(i))
            .take(program_inputs.len())
            .collect()
    });
    loaded
}

#[pymethods]
impl Session {
    #[new]
    #[pyo3(signature = (model, device=None, target="auto", precision="f32"))]
    fn py_new(
        py: Python<'_>,
        model: &Bound<'_, PyAny>,
        device: Option<&str>,
        target: &str,
        precision: &str,
    ) -> PyResult<Session> {
        let source = crate::source_of(model)?;
        let precision = crate::parse_precision(precision)?;
        let options = CompileOptions {
            target: target.to_string(),
            precision,
        };
        Ok(Session::open(py, source, device, options)?)
    }

    /// `[(name, shape, type, numpy dtype or None, held numpy dtype or None)]` of the inputs.
    fn inputs<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        crate::describe_io(py, &self.inputs)
    }

    /// The same for the outputs.
    fn outputs<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        crate::describe_io(py, &self.outputs)
    }

    /// The device's name.
    #[getter]
    fn device_name(&self) -> String {
        self.device.device().info().name.clone()
    }

    /// Runs the model on `feeds`, numpy arrays of kiln's host dtypes in input order; returns
    /// every output, in the host dtype.
    fn run<'py>(
        &self,
        py: Python<'py>,
        feeds: Vec<Bound<'py, PyAny>>,
    ) -> PyResult<Vec<Bound<'py, PyAny>>> {
        if feeds.len() != self.inputs.len() {
            return Err(Error::new(
                Kind::Input,
                format!(
                    "the model takes {} inputs, {} given",
                    self.inputs.len(),
                    feeds.len()
                ),
            )
            .into());
        }
        let tensors = feeds
            .iter()
            .zip(&self.inputs)
            .map(|(f, info)| crate::convert::to_host(f, &info.name))
            .collect::<Result<Vec<_>, _>>()?;
        self.check_shapes(&tensors)?;
        let outputs = py.detach(|| -> Result<Vec<HostTensor>, Error> {
            let loaded = self.program_for(&tensors)?;
            let ordered = in_program_order(tensors, &loaded.feeds);
            match loaded.executable.run(&ordered) {
                Ok(outputs) => Ok(outputs),
                Err(kiln::RunError::Runtime(e @ kiln::runtime::RuntimeError::Timeout { .. })) => {
                    // The submission may still run: keep everything it uses alive.
                    std::mem::forget(loaded);
                    Err(errors::runtime(e))
                }
                Err(e) => Err(errors::run(e)),
            }
        })?;
        Ok(outputs
            .into_iter()
            .map(|t| crate::convert::to_numpy(py, t))
            .collect())
    }

    /// Benchmarks only: the wall time in seconds of each of `iterations` calls of the Rust API
    /// (`Executable::run`) on these feeds, timed in Rust with the GIL released: what a Python
    /// `run` costs beyond it is the binding's overhead (`benches/RESULTS.md`).
    fn time_rust_runs(
        &self,
        py: Python<'_>,
        feeds: Vec<Bound<'_, PyAny>>,
        iterations: usize,
    ) -> PyResult<Vec<f64>> {
        let tensors = feeds
            .iter()
            .zip(&self.inputs)
            .map(|(f, info)| crate::convert::to_host(f, &info.name))
            .collect::<Result<Vec<_>, _>>()?;
        let times = py.detach(|| -> Result<Vec<f64>, Error> {
            let loaded = self.program_for(&tensors)?;
            let ordered: Vec<HostTensor> =
                loaded.feeds.iter().map(|&i| tensors[i].clone()).collect();
            let mut times = Vec::with_capacity(iterations);
            for _ in 0..iterations {
                let start = std::time::Instant::now();
                let outputs = loaded.executable.run(&ordered).map_err(errors::run)?;
                times.push(start.elapsed().as_secs_f64());
                drop(outputs);
            }
            Ok(times)
        })?;
        Ok(times)
    }

    /// Compiled programs held: 1 for a model compiled once, else the specialized variants.
    fn compiled_variants(&self) -> usize {
        match &self.fixed {
            Some(_) => 1,
            None => self
                .variants
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .len(),
        }
    }
}

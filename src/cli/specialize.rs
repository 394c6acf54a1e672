//! Specializing an ONNX model before import: `--dim NAME=SIZE` fixes a symbolic dim, and
//! `--input-value NAME=FILE.npy` fixes a graph input to a value, so that the shape computations
//! that depend on them fold to constants (`kiln compile`, `kiln import`). `kiln run`, `bench`
//! and `tune` specialize by themselves when a model does not import as is: on `--dim`, on the
//! shapes of the `--input` files (without files, on the size 1 that random inputs give a dim
//! without `--dim`), and on the values of the inputs that feed a shape, axes or pads operand;
//! they say so on stderr.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use clap::Args;
use kiln_frontend::{Dim, ImportError, ImportOptions, Module};

use super::common::InputArgs;
use super::CliError;
use crate::model::{load_model, load_model_with, InputKind};
use crate::HostTensor;

/// `--dim` and `--input-value` of `compile` and `import`.
#[derive(Args, Debug, Clone, Default)]
pub struct SpecializeArgs {
    /// Fix a symbolic dim of an ONNX model before import, e.g. `--dim batch=1` (repeatable):
    /// the shape computations that depend on it fold to constants.
    #[arg(long = "dim", value_name = "NAME=SIZE")]
    pub dims: Vec<String>,
    /// Fix a graph input of an ONNX model to the value in an `.npy` file, e.g. `--input-value
    /// shape=shape.npy` (repeatable): for inputs that feed a Reshape shape, Squeeze / Unsqueeze
    /// / Reduce axes or Pad pads. The input is no longer an input of the compiled model.
    #[arg(long = "input-value", value_name = "NAME=NPY")]
    pub input_values: Vec<String>,
}

/// Parses `NAME=SIZE`.
pub fn parse_dim(d: &str) -> Result<(String, u64), CliError> {
    d.split_once('=')
        .filter(|(n, _)| !n.trim().is_empty())
        .and_then(|(n, v)| Some((n.trim().to_string(), v.trim().parse::<u64>().ok()?)))
        .ok_or_else(|| {
            CliError::user(format!(
                "--dim {d}: expected NAME=SIZE with a non-negative integer SIZE"
            ))
        })
}

impl SpecializeArgs {
    pub fn is_empty(&self) -> bool {
        self.dims.is_empty() && self.input_values.is_empty()
    }

    pub fn options(&self) -> Result<ImportOptions, CliError> {
        let mut options = ImportOptions::default();
        for d in &self.dims {
            let (name, value) = parse_dim(d)?;
            options.dims.insert(name, value);
        }
        for v in &self.input_values {
            let (name, path) = v
                .split_once('=')
                .filter(|(n, p)| !n.trim().is_empty() && !p.is_empty())
                .ok_or_else(|| {
                    CliError::user(format!("--input-value {v}: expected NAME=FILE.npy"))
                })?;
            let t = HostTensor::read_npy(Path::new(path)).map_err(CliError::user)?;
            options
                .input_values
                .insert(name.trim().to_string(), t.to_reference());
        }
        Ok(options)
    }

    /// Loads `path` with these values fixed (an error for MLIR input, which has no importer).
    pub fn load(&self, path: &Path) -> Result<Module, CliError> {
        if self.is_empty() {
            return load_model(path).map_err(CliError::user);
        }
        if InputKind::of(path).map_err(CliError::user)? != InputKind::Onnx {
            return Err(CliError::user(
                "--dim and --input-value specialize ONNX models; an .mlir model is taken as it is",
            ));
        }
        load_model_with(path, &self.options()?).map_err(CliError::user)
    }
}

/// A model for `run` / `bench`, and the input arguments that go with it: the model as is when it
/// imports, else (ONNX) specialized on `--dim`, on the dims of the `--input` files, and on the
/// values of the input files that a shape / axes / pads operand reads (those files are then
/// dropped from the inputs). Prints a note when it specializes.
pub fn load_for_run(
    path: &Path,
    inputs: &InputArgs,
    quiet: bool,
) -> Result<(Module, InputArgs), CliError> {
    let first = match load_model(path) {
        Ok(m) if inputs.absent.is_empty() => return Ok((m, inputs.clone())),
        Ok(_) => "some inputs are absent (`--absent`)".to_string(),
        Err(e) => e.to_string(),
    };
    if InputKind::of(path).ok() != Some(InputKind::Onnx) {
        if !inputs.absent.is_empty() {
            return Err(CliError::user(
                "--absent names optional inputs of an ONNX model; this model is not one",
            ));
        }
        return Err(CliError::user(first));
    }
    let mut graph_inputs = kiln_frontend::onnx::onnx_graph_inputs(path)
        .map_err(|e| CliError::user(format!("{}: {e}", path.display())))?;
    let mut options = ImportOptions::default();
    for name in &inputs.absent {
        if !graph_inputs.iter().any(|(n, _)| n == name) {
            return Err(CliError::user(format!(
                "--absent {name}: the model has no input of that name"
            )));
        }
        options.absent_inputs.insert(name.clone());
    }
    // An absent input takes no file.
    graph_inputs.retain(|(n, _)| !options.absent_inputs.contains(n));
    for d in &inputs.dims {
        let (name, value) = parse_dim(d)?;
        options.dims.insert(name, value);
    }
    let mut files: HashMap<String, (PathBuf, HostTensor)> = HashMap::new();
    if !inputs.inputs.is_empty() {
        if inputs.inputs.len() != graph_inputs.len() {
            return Err(CliError::user(format!(
                "the model takes {} inputs, {} --input given",
                graph_inputs.len(),
                inputs.inputs.len()
            )));
        }
        for ((name, dims), file) in graph_inputs.iter().zip(&inputs.inputs) {
            let t = HostTensor::read_npy(file).map_err(CliError::user)?;
            for (d, &n) in dims.iter().zip(t.shape()) {
                if let Dim::Symbol(s) = d {
                    options.dims.entry(s.clone()).or_insert(n as u64);
                }
            }
            files.insert(name.clone(), (file.clone(), t));
        }
    } else {
        // Random inputs give a symbolic dim without --dim the size 1: so does the import.
        for (_, dims) in &graph_inputs {
            for d in dims {
                if let Dim::Symbol(s) = d {
                    options.dims.entry(s.clone()).or_insert(1);
                }
            }
        }
    }
    if options.dims.is_empty() && files.is_empty() && options.absent_inputs.is_empty() {
        return Err(CliError::user(first));
    }
    let module = loop {
        match kiln_frontend::import_onnx_with(path, &options) {
            Ok(m) => break m,
            Err(ImportError::InputValueNeeded { inputs: needed, .. })
                if needed
                    .iter()
                    .all(|n| files.contains_key(n) && !options.input_values.contains_key(n)) =>
            {
                for n in needed {
                    let t = files[&n].1.to_reference();
                    options.input_values.insert(n, t);
                }
            }
            Err(e) => return Err(CliError::user(format!("{}: {e}", path.display()))),
        }
    };
    if !quiet {
        let mut dims: Vec<String> = options
            .dims
            .iter()
            .map(|(n, v)| format!("{n}={v}"))
            .collect();
        dims.sort();
        let mut values: Vec<String> = options
            .input_values
            .keys()
            .map(|n| format!("'{n}' = {}", files[n].0.display()))
            .collect();
        values.sort();
        eprintln!(
            "note: the model does not import as is ({first}); specialized on dims [{}]{}",
            dims.join(", "),
            if values.is_empty() {
                String::new()
            } else {
                format!(
                    " and on the values of inputs {} (a compiled model would need `kiln \
                     compile --input-value`)",
                    values.join(", ")
                )
            }
        );
    }
    SPECIALIZED
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .push((path.to_path_buf(), module.clone()));
    let mut rest = inputs.clone();
    rest.dims.clear();
    rest.inputs = graph_inputs
        .iter()
        .zip(&inputs.inputs)
        .filter(|((name, _), _)| !options.input_values.contains_key(name))
        .map(|(_, f)| f.clone())
        .collect();
    Ok((module, rest))
}

/// The modules [`load_for_run`] specialized in this process, by path: `--check` compares the
/// device with the interpreter on the same specialized model.
static SPECIALIZED: std::sync::Mutex<Vec<(PathBuf, Module)>> = std::sync::Mutex::new(Vec::new());

/// The model at `path` as [`load_for_run`] imported it in this process, else as it loads.
pub fn module_for_check(path: &Path) -> Result<Module, crate::model::ModelError> {
    let specialized = SPECIALIZED.lock().unwrap_or_else(|e| e.into_inner());
    match specialized.iter().rev().find(|(p, _)| p == path) {
        Some((_, m)) => Ok(m.clone()),
        None => load_model(path),
    }
}

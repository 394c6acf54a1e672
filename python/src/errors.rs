//! kiln's Python exceptions and the mapping of the facade's errors onto them.
//!
//! The classes are created once per interpreter (`type(name, bases, {})`) because
//! `KilnInputError` has two bases, `KilnError` and `ValueError`, which pyo3's
//! `create_exception!` cannot express. Messages are the facade's, as the CLI prints them.

use pyo3::exceptions::{PyException, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyTuple, PyType};

/// What went wrong, by whose fault: the class a failure is raised as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The model or artifact cannot be read, imported or compiled (the CLI's exit code 1).
    Model,
    /// A feed does not fit the model: unknown name, wrong dtype, shape or count.
    Input,
    /// No device, or a device that lacks what the program needs.
    Device,
    /// A broken invariant or a driver failure (the CLI's exit code 2).
    Internal,
}

/// A failure with its class and the CLI's message.
#[derive(Debug)]
pub struct Error {
    pub kind: Kind,
    pub message: String,
}

impl Error {
    pub fn new(kind: Kind, message: impl std::fmt::Display) -> Error {
        Error {
            kind,
            message: message.to_string(),
        }
    }
}

struct Classes {
    base: Py<PyType>,
    model: Py<PyType>,
    input: Py<PyType>,
    device: Py<PyType>,
    internal: Py<PyType>,
}

static CLASSES: PyOnceLock<Classes> = PyOnceLock::new();

fn classes(py: Python<'_>) -> PyResult<&Classes> {
    CLASSES.get_or_try_init(py, || {
        let make_type = py.import("builtins")?.getattr("type")?;
        let make = |name: &str, bases: Vec<Bound<'_, PyType>>, doc: &str| -> PyResult<Py<PyType>> {
            let namespace = PyDict::new(py);
            namespace.set_item("__module__", "kiln")?;
            namespace.set_item("__doc__", doc)?;
            let class = make_type.call1((name, PyTuple::new(py, bases)?, namespace))?;
            Ok(class.cast_into::<PyType>()?.unbind())
        };
        let base = make(
            "KilnError",
            vec![py.get_type::<PyException>()],
            "Base class of every error kiln raises.",
        )?;
        let sub = |name: &str, doc: &str| make(name, vec![base.bind(py).clone()], doc);
        let model = sub(
            "KilnModelError",
            "The model or artifact cannot be read, imported or compiled (an unsupported \
             operator, a malformed file): the CLI's exit code 1.",
        )?;
        let input = make(
            "KilnInputError",
            vec![base.bind(py).clone(), py.get_type::<PyValueError>()],
            "A feed does not fit the model: an unknown or missing input name, a wrong dtype, \
             rank or shape. Also a ValueError.",
        )?;
        let device = sub(
            "KilnDeviceError",
            "No Vulkan device, or one without what the program needs.",
        )?;
        let internal = sub(
            "KilnInternalError",
            "A bug in kiln or a driver failure (the CLI's exit code 2): please report it.",
        )?;
        Ok(Classes {
            base,
            model,
            input,
            device,
            internal,
        })
    })
}

/// Adds the exception classes to the module.
pub fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = module.py();
    let c = classes(py)?;
    module.add("KilnError", c.base.bind(py))?;
    module.add("KilnModelError", c.model.bind(py))?;
    module.add("KilnInputError", c.input.bind(py))?;
    module.add("KilnDeviceError", c.device.bind(py))?;
    module.add("KilnInternalError", c.internal.bind(py))?;
    Ok(())
}

impl From<Error> for PyErr {
    fn from(e: Error) -> PyErr {
        Python::attach(|py| match classes(py) {
            Ok(c) => {
                let class = match e.kind {
                    Kind::Model => &c.model,
                    Kind::Input => &c.input,
                    Kind::Device => &c.device,
                    Kind::Internal => &c.internal,
                };
                PyErr::from_type(class.bind(py).clone(), e.message)
            }
            Err(err) => err,
        })
    }
}

/// A failure of the device runtime: a missing device or an unsatisfiable request is the
/// user's to fix (as the CLI classifies it); anything else is internal.
pub fn runtime(e: kiln::runtime::RuntimeError) -> Error {
    use kiln::runtime::RuntimeError as E;
    let kind = match e {
        E::NoLoader { .. }
        | E::NoDevice { .. }
        | E::DeviceSelection { .. }
        | E::UnsupportedFeature { .. }
        | E::InvalidSetting { .. }
        | E::OversizeBuffer { .. } => Kind::Device,
        _ => Kind::Internal,
    };
    Error::new(kind, e)
}

/// A failure of `Executable::run`: the feeds' fault, the device's, or kiln's.
pub fn run(e: kiln::RunError) -> Error {
    match e {
        kiln::RunError::Runtime(r) => runtime(r),
        kiln::RunError::Program(_) => Error::new(Kind::Internal, e),
        other => Error::new(Kind::Input, other),
    }
}

/// A failure of the compiler: the model's fault (an unsupported construct) or kiln's.
pub fn compile(e: kiln::CompileError) -> Error {
    let kind = if e.is_user_error() {
        Kind::Model
    } else {
        Kind::Internal
    };
    Error::new(kind, e)
}

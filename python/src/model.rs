//! Where a session's model comes from (an ONNX or MLIR file or bytes, or a compiled artifact)
//! and what its inputs and outputs look like from Python: names, shapes with symbolic dims,
//! and the ONNX type strings onnxruntime reports (`tensor(float)`).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use kiln::frontend::onnx::elem_types::native_type;
use kiln::frontend::onnx::proto::tensor_proto::DataType;
use kiln::frontend::onnx::proto::{type_proto, ModelProto, ValueInfoProto};
use kiln::frontend::{DType, ImportOptions, Module};
use kiln::lowering::program::TensorInterface;
use kiln::lowering::SizeExpr;
use prost::Message;

use crate::errors::{Error, Kind};

/// One dimension of a declared shape.
#[derive(Clone, Debug, PartialEq)]
pub enum DimInfo {
    Static(i64),
    /// A symbolic dim: `key` is its name in the importer's options (`dim_param`, or
    /// `<input>_d<index>` for an unnamed or `?` dim, as the importer names them) or a program's
    /// symbol; `shown` what `get_inputs()` shows (the `dim_param`, a program's size expression;
    /// `None` for a dim without a name).
    Symbol {
        key: String,
        shown: Option<String>,
    },
}

/// An input or output as `get_inputs()` / `get_outputs()` show it.
#[derive(Clone, Debug)]
pub struct IoInfo {
    pub name: String,
    pub dims: Vec<DimInfo>,
    /// Whether the model declares a shape (a rank) at all; `dims` is empty when not.
    pub ranked: bool,
    /// The declared ONNX element type (for artifacts and MLIR, the program's).
    pub declared: DataType,
}

impl IoInfo {
    /// The import option key of each symbolic dim, with the dim's position.
    pub fn symbols(&self) -> impl Iterator<Item = (usize, &str)> {
        self.dims.iter().enumerate().filter_map(|(i, d)| match d {
            DimInfo::Symbol { key, .. } => Some((i, key.as_str())),
            DimInfo::Static(_) => None,
        })
    }
}

/// A model as given to a session or to `compile`.
pub enum Source {
    Onnx {
        bytes: Arc<Vec<u8>>,
        /// The file, for messages (`<bytes>` for bytes).
        origin: String,
        /// Where external data is looked up.
        base_dir: Option<PathBuf>,
    },
    Mlir {
        text: String,
        origin: String,
    },
    Artifact(Arc<kiln::Artifact>),
}

fn io_error(path: &Path, e: std::io::Error) -> Error {
    Error::new(Kind::Model, format!("{}: {e}", path.display()))
}

impl Source {
    /// Reads a `.onnx`, `.mlir` or `.kiln` file.
    pub fn from_path(path: &Path) -> Result<Source, Error> {
        use kiln::model::InputKind;
        let kind = InputKind::of(path).map_err(|e| Error::new(Kind::Model, e))?;
        let origin = path.display().to_string();
        Ok(match kind {
            InputKind::Onnx => Source::Onnx {
                bytes: Arc::new(std::fs::read(path).map_err(|e| io_error(path, e))?),
                origin,
                base_dir: path.parent().map(Path::to_path_buf),
            },
            InputKind::Mlir => Source::Mlir {
                text: std::fs::read_to_string(path).map_err(|e| io_error(path, e))?,
                origin,
            },
            InputKind::Artifact => Source::Artifact(Arc::new(
                kiln::Artifact::load(path).map_err(|e| Error::new(Kind::Model, e))?,
            )),
        })
    }

    /// Serialized ONNX (or `.kiln` artifact) bytes.
    pub fn from_bytes(bytes: Vec<u8>) -> Result<Source, Error> {
        if bytes.starts_with(kiln::artifact::ARTIFACT_MAGIC) {
            let artifact = kiln::Artifact::from_bytes(&bytes, "<bytes>")
                .map_err(|e| Error::new(Kind::Model, e))?;
            return Ok(Source::Artifact(Arc::new(artifact)));
        }
        Ok(Source::Onnx {
            bytes: Arc::new(bytes),
            origin: "<bytes>".into(),
            base_dir: None,
        })
    }

    /// The Tensor IR module, with `options` fixing symbolic dims and input values (ONNX).
    pub fn import(&self, options: &ImportOptions) -> Result<Module, ImportFailure> {
        match self {
            Source::Onnx {
                bytes,
                origin,
                base_dir,
            } => kiln::frontend::onnx::import_onnx_bytes_with(bytes, base_dir.as_deref(), options)
                .map_err(|e| {
                    use kiln::frontend::ImportError as E;
                    let message = format!("{origin}: {e}");
                    let fixed_by_sizes = !matches!(
                        e,
                        E::Io { .. }
                            | E::Decode(_)
                            | E::NoGraph
                            | E::Opset { .. }
                            | E::UnsupportedOps { .. }
                    );
                    ImportFailure {
                        message,
                        fixed_by_sizes,
                        needs_values_of: match e {
                            E::InputValueNeeded { inputs, .. } => inputs,
                            _ => Vec::new(),
                        },
                    }
                }),
            Source::Mlir { text, origin } => {
                kiln::frontend::parse_mlir(text).map_err(|e| ImportFailure {
                    message: kiln::model::render_at(
                        Path::new(origin),
                        text,
                        e.line,
                        e.column,
                        &e.message,
                    ),
                    fixed_by_sizes: false,
                    needs_values_of: Vec::new(),
                })
            }
            Source::Artifact(_) => Err(ImportFailure {
                message: "a compiled artifact is not a model".into(),
                fixed_by_sizes: false,
                needs_values_of: Vec::new(),
            }),
        }
    }

    /// The declared inputs (initializers left out) and outputs, where the model says them
    /// (ONNX); `None` for MLIR and artifacts, whose program interfaces say them instead.
    pub fn onnx_io(&self) -> Result<Option<InputsAndOutputs>, Error> {
        let Source::Onnx { bytes, origin, .. } = self else {
            return Ok(None);
        };
        let model = ModelProto::decode(bytes.as_slice()).map_err(|e| {
            Error::new(Kind::Model, format!("{origin}: invalid ONNX protobuf: {e}"))
        })?;
        let graph = model
            .graph
            .ok_or_else(|| Error::new(Kind::Model, format!("{origin}: the model has no graph")))?;
        let initializers: std::collections::HashSet<&str> = graph
            .initializer
            .iter()
            .filter_map(|t| t.name.as_deref())
            .collect();
        let inputs = graph
            .input
            .iter()
            .filter(|v| !initializers.contains(v.name.as_deref().unwrap_or("")))
            .map(info_of_value)
            .collect();
        let outputs = graph.output.iter().map(info_of_value).collect();
        Ok(Some((inputs, outputs)))
    }
}

/// A model's declared inputs and outputs.
pub type InputsAndOutputs = (Vec<IoInfo>, Vec<IoInfo>);

/// Why a model did not import, and the inputs whose values would let it.
pub struct ImportFailure {
    pub message: String,
    /// Whether fixing dims or input values may let the import succeed (not so for an
    /// unsupported operator or opset, or a file that is no ONNX model).
    pub fixed_by_sizes: bool,
    pub needs_values_of: Vec<String>,
}

fn info_of_value(v: &ValueInfoProto) -> IoInfo {
    use kiln::frontend::onnx::proto::tensor_shape_proto::dimension::Value as D;
    let name = v.name.clone().unwrap_or_default();
    let tensor = match v.r#type.as_ref().and_then(|t| t.value.as_ref()) {
        Some(type_proto::Value::TensorType(t)) => Some(t),
        _ => None,
    };
    let declared = tensor
        .and_then(|t| t.elem_type)
        .and_then(|c| DataType::try_from(c).ok())
        .unwrap_or(DataType::Undefined);
    let ranked = tensor.is_some_and(|t| t.shape.is_some());
    let dims = tensor
        .and_then(|t| t.shape.as_ref())
        .map(|s| {
            s.dim
                .iter()
                .enumerate()
                .map(|(i, d)| {
                    let unnamed = || format!("{}_d{i}", name.replace([',', '"'], "_"));
                    match &d.value {
                        Some(D::DimValue(n)) if *n >= 0 => DimInfo::Static(*n),
                        // "?" (paddle2onnx) is an unknown dim, not a name shared by all of them.
                        Some(D::DimParam(p)) if !p.is_empty() && p != "?" => DimInfo::Symbol {
                            key: p.replace([',', '"'], "_"),
                            shown: Some(p.clone()),
                        },
                        Some(D::DimParam(p)) if p == "?" => DimInfo::Symbol {
                            key: unnamed(),
                            shown: Some(p.clone()),
                        },
                        _ => DimInfo::Symbol {
                            key: unnamed(),
                            shown: None,
                        },
                    }
                })
                .collect()
        })
        .unwrap_or_default();
    IoInfo {
        name,
        dims,
        ranked,
        declared,
    }
}

/// A compiled program's input or output as Python shows it.
pub fn info_of_interface(interface: &TensorInterface) -> IoInfo {
    let dims = interface
        .shape
        .iter()
        .map(|e| match e {
            SizeExpr::Const(n) => DimInfo::Static(*n),
            SizeExpr::Symbol(s) => DimInfo::Symbol {
                key: s.clone(),
                shown: Some(s.clone()),
            },
            other => DimInfo::Symbol {
                key: other.to_string(),
                shown: Some(other.to_string()),
            },
        })
        .collect();
    IoInfo {
        name: interface.name.clone(),
        dims,
        ranked: true,
        declared: native_type(interface.dtype),
    }
}

/// An artifact's inputs and outputs as Python shows them: the ONNX graph's names and declared
/// types where the artifact keeps them, the program's positional ones otherwise.
pub fn artifact_io(artifact: &kiln::Artifact) -> InputsAndOutputs {
    let named = |interfaces: &[TensorInterface],
                 onnx: Option<&[kiln::interface_names::OnnxValue]>| {
        interfaces
            .iter()
            .enumerate()
            .map(|(k, interface)| {
                let mut info = info_of_interface(interface);
                if let Some(value) = onnx.and_then(|values| values.get(k)) {
                    info.name = value.name.clone();
                    if value.declared() != DataType::Undefined {
                        info.declared = value.declared();
                    }
                }
                info
            })
            .collect()
    };
    let onnx = artifact.onnx_interface.as_ref();
    (
        named(&artifact.program.inputs, onnx.map(|o| o.inputs.as_slice())),
        named(
            &artifact.program.outputs,
            onnx.map(|o| o.outputs.as_slice()),
        ),
    )
}

/// onnxruntime's type string of an ONNX element type: `tensor(float)`, `tensor(int64)`, ...
pub fn type_string(t: DataType) -> String {
    let name = match t {
        DataType::Float => "float",
        DataType::Double => "double",
        DataType::Float16 => "float16",
        DataType::Bfloat16 => "bfloat16",
        DataType::Bool => "bool",
        DataType::String => "string",
        DataType::Undefined => "undefined",
        other => return format!("tensor({})", other.as_str_name().to_lowercase()),
    };
    format!("tensor({name})")
}

/// The numpy dtype name of an ONNX element type, where numpy has one.
pub fn numpy_name(t: DataType) -> Option<&'static str> {
    Some(match t {
        DataType::Float => "float32",
        DataType::Double => "float64",
        DataType::Float16 => "float16",
        DataType::Bfloat16 => "bfloat16", // ml_dtypes
        DataType::Bool => "bool",
        DataType::Int8 => "int8",
        DataType::Int16 => "int16",
        DataType::Int32 => "int32",
        DataType::Int64 => "int64",
        DataType::Uint8 => "uint8",
        DataType::Uint16 => "uint16",
        DataType::Uint32 => "uint32",
        DataType::Uint64 => "uint64",
        _ => return None,
    })
}

/// The numpy name of the host type kiln holds a declared type in (uint8 in int32, ...).
pub fn held_numpy_name(t: DataType) -> Option<&'static str> {
    Some(match kiln::frontend::onnx::elem_types::held_dtype(t)? {
        DType::F32 => "float32",
        DType::F16 => "float16",
        DType::F64 => "float64",
        DType::I64 => "int64",
        DType::I32 => "int32",
        DType::I8 => "int8",
        DType::I1 => "bool",
        DType::BF16 => "bfloat16", // ml_dtypes; its bits cross as uint16
    })
}

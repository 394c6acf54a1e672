//! The ONNX importer: decodes a model with prost (types generated from the vendored official
//! `onnx.proto`), then turns its main graph into one Tensor IR function `@main`.
//!
//! - Graph inputs that are not initializers become the arguments, in graph order; `dim_param`
//!   dims become symbolic dims of that name (an unnamed unknown dim gets `<input>_d<i>`), unless
//!   [`ImportOptions`] fixes their size; an input given a value there becomes a constant.
//! - Initializers and `Constant` nodes stay host constants (`Entry::Const`) until an op needs them
//!   as IR values; then they become `arith.constant` (dense, or splat when all elements agree).
//!   Initializer data may be inline (typed fields or `raw_data`) or in external files relative to
//!   the model's folder.
//! - A node whose inputs are all constants is folded: it is imported into a scratch function and
//!   run by the reference interpreter (shape ops run on the host), so shape-computing subgraphs
//!   (`Shape` -> `Gather` -> `Slice` -> `Concat` -> `Range` -> `Expand` / `Equal` -> `Reshape`)
//!   become constants. `Shape` and `Size` of a tensor with static dims are constants; an `If`
//!   whose condition folds is replaced by its chosen branch (`graph.rs`).
//! - Elementwise ops become `linalg.generic` with numpy broadcasting made explicit in the indexing
//!   maps (a missing leading dim is dropped from the map, a size-1 dim reads index 0); the scalar
//!   body holds the arith/math ops (Sigmoid, LeakyRelu, Clip, BatchNormalization, LRN are bodies
//!   of several ops). Structured ops map to linalg named ops (see `ops.rs`).
//! - Supported: the default domain (`""` / `ai.onnx`), opsets 7 to 28 (1 to 6 for the operators
//!   that did not change before opset 7), each operator by the version the opset selects
//!   (`opsets.rs`), with the op-version differences handled per op
//!   (attribute vs input forms of axes / pads / min / max / split / starts, Softmax's 2-D coercion
//!   before opset 13). Handlers: `ops.rs` (the original set), `shape_ops.rs`, `activation_ops.rs`,
//!   `logic_ops.rs`, `norm_ops.rs`, `resize.rs`. A model using operators kiln lacks is refused
//!   before import with one error naming every such operator (domain, opset, first node).

mod activation_ops;
mod attention;
mod causal_conv;
mod col2im;
mod control_flow;
mod deform_conv;
mod det;
mod einsum;
pub mod elem_types;
mod flex_attention;
mod graph;
mod grid_sample;
mod image_decoder;
mod jpeg;
mod layout_ops;
mod linear_attention;
mod logic_ops;
mod loss_ops;
mod math_ops;
mod ml_ops;
mod norm_ops;
mod ops;
mod opsets;
mod optional_ops;
mod quantized;
mod recurrent;
mod reduce_ops;
mod registry;
mod resize;
mod resize_separable;
mod rotary;
mod scatter;
mod shape_ops;
mod signal;
mod tfidf;
mod training;
mod tree_ensemble;
mod value_ops;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use ndarray::{ArrayD, IxDyn};
use prost::Message;

use crate::builder::FunctionBuilder;
use crate::infer::VerifyError;
use crate::interp::Tensor;
use crate::syntax::*;

/// The protobuf types generated from `proto/onnx.proto`.
#[allow(clippy::all, missing_docs)]
pub mod proto {
    include!(concat!(env!("OUT_DIR"), "/onnx.rs"));
}

use proto::{tensor_proto::DataType, AttributeProto, ModelProto, NodeProto, TensorProto};

/// The lowest and highest default-domain opsets the importer accepts. Within them each operator
/// is accepted by the version the opset selects (see `opsets.rs`): below
/// [`MIN_IMPLEMENTED_OPSET`] only where that is the version opset 7 selects too.
pub const MIN_OPSET: i64 = 1;
pub const MAX_OPSET: i64 = 28;
/// The oldest opset whose operator versions the importers implement.
pub const MIN_IMPLEMENTED_OPSET: i64 = 7;

/// One operator of a model that kiln cannot import (part of [`ImportError::UnsupportedOps`]).
#[derive(Debug, Clone, PartialEq)]
pub struct UnsupportedOp {
    /// The first node with this operator.
    pub node: String,
    pub op_type: String,
    /// `ai.onnx` for the default domain.
    pub domain: String,
    /// The opset the model imports for the domain (0 when it imports none).
    pub opset: i64,
    /// How many nodes use it.
    pub count: usize,
    /// Why, when the operator is known but not in this version.
    pub reason: Option<String>,
}

impl std::fmt::Display for UnsupportedOp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.domain == "ai.onnx" {
            write!(f, "{} (opset {})", self.op_type, self.opset)?;
        } else {
            write!(
                f,
                "{}.{} (domain {}, opset {})",
                self.domain, self.op_type, self.domain, self.opset
            )?;
        }
        write!(f, " in node '{}'", self.node)?;
        if self.count > 1 {
            write!(f, " and {} more", self.count - 1)?;
        }
        if let Some(r) = &self.reason {
            write!(f, ": {r}")?;
        }
        Ok(())
    }
}

fn describe_unsupported(ops: &[UnsupportedOp]) -> String {
    match ops {
        [one] => format!("unsupported op {one}"),
        _ => format!(
            "{} unsupported ops: {}",
            ops.len(),
            ops.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("; ")
        ),
    }
}

fn describe_names(names: &[String]) -> String {
    names
        .iter()
        .map(|n| format!("'{n}'"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Why an import failed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ImportError {
    #[error("cannot read {path}: {message}")]
    Io { path: PathBuf, message: String },
    #[error("invalid ONNX protobuf: {0}")]
    Decode(String),
    #[error("the model has no graph")]
    NoGraph,
    #[error("unsupported opset {version} of domain '{domain}' (kiln imports ai.onnx opsets {MIN_OPSET} to {MAX_OPSET})")]
    Opset { domain: String, version: i64 },
    /// Every operator of the model that kiln cannot import, each once (with its first node).
    #[error("{}", describe_unsupported(ops))]
    UnsupportedOps { ops: Vec<UnsupportedOp> },
    #[error("node '{node}' ({op_type}, opset {opset}): {message}")]
    Node {
        node: String,
        op_type: String,
        opset: i64,
        message: String,
    },
    /// A node needs a constant (a shape, axes, pads) that the graph computes from graph inputs:
    /// the model can be imported specialized on those inputs' values
    /// ([`ImportOptions::input_values`]).
    #[error(
        "node '{node}' ({op_type}, opset {opset}): {message}, but it comes from graph input(s) \
         {}: give their values to specialize the model on them (`kiln compile --input-value \
         NAME=FILE.npy`; `kiln run` with `--input` files does it itself)",
        describe_names(inputs)
    )]
    InputValueNeeded {
        node: String,
        op_type: String,
        opset: i64,
        message: String,
        /// The graph inputs the constant is computed from.
        inputs: Vec<String>,
    },
    #[error("tensor '{name}': {message}")]
    Tensor { name: String, message: String },
    #[error("graph: {0}")]
    Graph(String),
    #[error(transparent)]
    Verify(#[from] VerifyError),
}

/// What the importer fixes before it imports: values of symbolic dims, and graph inputs whose
/// values become constants (so that shapes computed from them fold).
#[derive(Clone, Debug, Default)]
pub struct ImportOptions {
    /// `dim_param` name (or `<input>_d<i>` for an unnamed unknown dim) -> size.
    pub dims: HashMap<String, u64>,
    /// Graph input name -> its value; the input is no longer an argument of `@main`.
    pub input_values: HashMap<String, Tensor>,
    /// Optional-typed graph inputs that hold no value (an empty optional): not arguments of
    /// `@main`; the nodes that read one see an omitted input.
    pub absent_inputs: std::collections::HashSet<String>,
}

/// Reads and imports an ONNX model file (external data is looked up next to it).
pub fn import_onnx(path: &Path) -> Result<Module, ImportError> {
    import_onnx_with(path, &ImportOptions::default())
}

/// [`import_onnx`] with symbolic dims and input values fixed by `options`.
pub fn import_onnx_with(path: &Path, options: &ImportOptions) -> Result<Module, ImportError> {
    let bytes = std::fs::read(path).map_err(|e| ImportError::Io {
        path: path.to_path_buf(),
        message: e.to_string(),
    })?;
    import_onnx_bytes_with(&bytes, path.parent(), options)
}

/// The declared ONNX element types of a model's graph inputs and outputs.
#[derive(Clone, Debug, PartialEq)]
pub struct OnnxIoTypes {
    /// The inputs that become arguments (initializers excluded), in order: name and type.
    pub inputs: Vec<(String, DataType)>,
    /// Each graph output's type.
    pub outputs: Vec<DataType>,
    /// Each graph output's name.
    pub output_names: Vec<String>,
}

/// The declared element types of the graph inputs and outputs of the ONNX model at `path`
/// (`Undefined` where none is declared): kiln holds some types in wider ones
/// (`elem_types.rs`), so a caller reading inputs or writing outputs (`kiln run`) converts them
/// from and to the declared ones.
pub fn onnx_io_types(path: &Path) -> Result<OnnxIoTypes, ImportError> {
    let bytes = std::fs::read(path).map_err(|e| ImportError::Io {
        path: path.to_path_buf(),
        message: e.to_string(),
    })?;
    onnx_io_types_of_bytes(&bytes)
}

/// [`onnx_io_types`] of a serialized model.
pub fn onnx_io_types_of_bytes(bytes: &[u8]) -> Result<OnnxIoTypes, ImportError> {
    let model = ModelProto::decode(bytes).map_err(|e| ImportError::Decode(e.to_string()))?;
    let graph = model.graph.unwrap_or_default();
    let type_of = |v: &proto::ValueInfoProto| {
        let elem = graph::tensor_type(v).and_then(|(tt, _)| tt.elem_type);
        elem.and_then(|c| DataType::try_from(c).ok())
            .unwrap_or(DataType::Undefined)
    };
    let initializers: std::collections::HashSet<&str> = graph
        .initializer
        .iter()
        .filter_map(|i| i.name.as_deref())
        .collect();
    Ok(OnnxIoTypes {
        inputs: graph
            .input
            .iter()
            .filter(|i| !initializers.contains(i.name.as_deref().unwrap_or_default()))
            .map(|i| (i.name.clone().unwrap_or_default(), type_of(i)))
            .collect(),
        outputs: graph.output.iter().map(type_of).collect(),
        output_names: graph
            .output
            .iter()
            .map(|o| o.name.clone().unwrap_or_default())
            .collect(),
    })
}

/// Imports an ONNX model from memory; `base_dir` is where external data files live.
pub fn import_onnx_bytes(bytes: &[u8], base_dir: Option<&Path>) -> Result<Module, ImportError> {
    import_onnx_bytes_with(bytes, base_dir, &ImportOptions::default())
}

/// [`import_onnx_bytes`] with symbolic dims and input values fixed by `options`.
pub fn import_onnx_bytes_with(
    bytes: &[u8],
    base_dir: Option<&Path>,
    options: &ImportOptions,
) -> Result<Module, ImportError> {
    if bytes.is_empty() {
        return Err(ImportError::Decode(
            "the file is empty (not an ONNX model)".into(),
        ));
    }
    let model = ModelProto::decode(bytes).map_err(|e| ImportError::Decode(e.to_string()))?;
    if model.opset_import.is_empty() && model.graph.is_none() {
        return Err(ImportError::Decode(
            "no graph and no opset: not an ONNX model".into(),
        ));
    }
    let mut opset = None;
    let mut domains = HashMap::new();
    for o in &model.opset_import {
        let domain = o.domain.clone().unwrap_or_default();
        let version = o.version.unwrap_or(0);
        domains.insert(domain.clone(), version);
        if domain.is_empty() || domain == "ai.onnx" {
            if !(MIN_OPSET..=MAX_OPSET).contains(&version) {
                return Err(ImportError::Opset { domain, version });
            }
            opset = Some(version);
        }
    }
    // A model of preview-domain ops only (the optimizers) need not import the default domain.
    // Nor need a model of ai.onnx.ml operators only (Binarizer, ArrayFeatureExtractor).
    let other_domains_only = registry::imports_other_domains(&domains);
    if opset.is_none() && other_domains_only {
        opset = Some(MAX_OPSET);
    }
    // IR version 3+ models always list their opsets; older ones imply opset 1..., which we refuse.
    let opset = opset.ok_or(ImportError::Opset {
        domain: String::new(),
        version: 0,
    })?;
    let graph = model.graph.as_ref().ok_or(ImportError::NoGraph)?;
    graph::check_ops(graph, opset, &domains)?;
    let function = graph::import_graph(graph, opset, &domains, base_dir, options)?;
    Ok(Module {
        functions: vec![function],
    })
}

/// A graph's inputs or outputs: each name with its dims.
pub type GraphValues = Vec<(String, Vec<Dim>)>;

/// The graph inputs of an ONNX model that become arguments of `@main` when nothing is
/// specialized (initializers excluded), in order, with their dims as the importer names them
/// (symbolic dims by name: the names [`ImportOptions::dims`] takes).
pub fn onnx_graph_inputs(path: &Path) -> Result<GraphValues, ImportError> {
    with_graph(path, graph::argument_inputs)
}

/// The inputs ([`onnx_graph_inputs`]) and the outputs of an ONNX model, in order (the outputs
/// are the results of `@main`, their declared dims named as the inputs' are), from one read
/// of the file.
pub fn onnx_graph_interface(path: &Path) -> Result<(GraphValues, GraphValues), ImportError> {
    with_graph(path, |graph| {
        (graph::argument_inputs(graph), graph::graph_outputs(graph))
    })
}

/// `query` of the graph of the ONNX model at `path`.
fn with_graph<T>(
    path: &Path,
    query: impl FnOnce(&proto::GraphProto) -> T,
) -> Result<T, ImportError> {
    let bytes = std::fs::read(path).map_err(|e| ImportError::Io {
        path: path.to_path_buf(),
        message: e.to_string(),
    })?;
    let model =
        ModelProto::decode(bytes.as_slice()).map_err(|e| ImportError::Decode(e.to_string()))?;
    let graph = model.graph.as_ref().ok_or(ImportError::NoGraph)?;
    Ok(query(graph))
}

/// The domain of ONNX's traditional-ML operators (its operators kiln imports are rows of the
/// registry, `registry.rs`).
pub use registry::ML_DOMAIN;

/// The ONNX operator types of the default domain the importer knows, in byte order (others are
/// an [`ImportError::UnsupportedOps`]).
pub fn supported_ops() -> &'static [&'static str] {
    registry::default_op_names()
}

/// Decodes a serialized `TensorProto` (e.g. an ONNX test-data `.pb` file).
pub fn decode_tensor_bytes(bytes: &[u8]) -> Result<Tensor, ImportError> {
    let t = TensorProto::decode(bytes).map_err(|e| ImportError::Decode(e.to_string()))?;
    tensor_from_proto(&t, None)
}

/// Maps an ONNX element type to a kiln dtype.
pub fn dtype_from_onnx(code: i32) -> Option<DType> {
    Some(match DataType::try_from(code).ok()? {
        DataType::Float => DType::F32,
        DataType::Double => DType::F64,
        DataType::Float16 => DType::F16,
        DataType::Bfloat16 => DType::BF16,
        DataType::Int64 => DType::I64,
        DataType::Int32 => DType::I32,
        DataType::Int8 => DType::I8,
        DataType::Bool => DType::I1,
        _ => return None,
    })
}

fn onnx_type_name(code: i32) -> String {
    DataType::try_from(code)
        .map(|d| d.as_str_name().to_string())
        .unwrap_or_else(|_| format!("type {code}"))
}

/// Decodes a `TensorProto`'s data (inline, raw or external) into a host tensor.
pub fn tensor_from_proto(t: &TensorProto, base_dir: Option<&Path>) -> Result<Tensor, ImportError> {
    let name = t.name.clone().unwrap_or_default();
    let fail = |message: String| ImportError::Tensor {
        name: name.clone(),
        message,
    };
    let code = t.data_type.unwrap_or(0);
    // Types without a DType of their own are held in a wider one (`elem_types.rs`).
    let elem = elem_types::elem_type(code).ok();
    let (elem, dtype, bits) = match elem
        .and_then(|e| Some((e, elem_types::held_dtype(e)?, elem_types::storage_bits(e)?)))
    {
        Some(x) => x,
        None => {
            return Err(fail(format!(
                "unsupported element type {}",
                onnx_type_name(code)
            )))
        }
    };
    if t.dims.iter().any(|&d| d < 0) {
        return Err(fail(format!("negative dims {:?}", t.dims)));
    }
    let shape: Vec<usize> = t.dims.iter().map(|&d| d as usize).collect();
    // Every element becomes an f64 on the host: refuse a count whose bytes overflow or could not
    // be held, before anything is read or allocated.
    let count = shape
        .iter()
        .try_fold(1usize, |n, &d| n.checked_mul(d))
        .filter(|n| n.checked_mul(8).is_some_and(|b| b <= MAX_HOST_TENSOR_BYTES))
        .ok_or_else(|| {
            fail(format!(
                "dims {:?} hold more data than kiln loads on the host ({} GiB)",
                t.dims,
                MAX_HOST_TENSOR_BYTES >> 30
            ))
        })?;
    // Sub-byte types are packed, the first element in the lowest bits.
    let raw_bytes = (count * bits).div_ceil(8);
    let external = t.data_location == Some(proto::tensor_proto::DataLocation::External as i32);
    let raw: Option<Vec<u8>> = if external {
        let get = |k: &str| {
            t.external_data
                .iter()
                .find(|e| e.key.as_deref() == Some(k))
                .and_then(|e| e.value.clone())
        };
        let location =
            get("location").ok_or_else(|| fail("external data without a location".into()))?;
        let parse = |key: &str| -> Result<Option<u64>, ImportError> {
            match get(key) {
                None => Ok(None),
                Some(s) => s.trim().parse::<u64>().map(Some).map_err(|_| {
                    fail(format!(
                        "external data {key} '{s}' is not a non-negative integer"
                    ))
                }),
            }
        };
        let offset = parse("offset")?.unwrap_or(0);
        let length = parse("length")?;
        let expected = raw_bytes as u64;
        let bytes = read_external_data(base_dir, &location, offset, length, expected)
            .map_err(|e| fail(format!("{e} (for {count} elements of {dtype})")))?;
        Some(bytes)
    } else {
        t.raw_data.clone()
    };
    // Element k of packed words of `width` bits, each holding `width / bits` elements.
    let unpack = |words: &mut dyn Iterator<Item = u64>, width: usize| -> Vec<f64> {
        let per = (width / bits).max(1);
        let mask = if bits >= 64 {
            u64::MAX
        } else {
            (1u64 << bits) - 1
        };
        words
            .flat_map(|w| (0..per).map(move |k| (w >> (k * bits)) & mask))
            .take(count)
            .map(|x| elem_types::decode_element(elem, x))
            .collect()
    };
    let values: Vec<f64> = if let Some(raw) = raw {
        if raw.len() != raw_bytes {
            let what = match elem_types::domain(elem) {
                elem_types::Domain::Native => dtype.to_string(),
                _ => elem_types::type_name(elem).to_string(),
            };
            return Err(fail(format!(
                "{} bytes of data for {count} elements of {what}",
                raw.len()
            )));
        }
        if bits < 8 {
            unpack(&mut raw.iter().map(|&b| b as u64), 8)
        } else {
            raw.chunks_exact(bits / 8)
                .map(|c| {
                    let mut w = [0u8; 8];
                    w[..c.len()].copy_from_slice(c);
                    elem_types::decode_element(elem, u64::from_le_bytes(w))
                })
                .collect()
        }
    } else {
        use DataType as T;
        match elem {
            T::Float => t.float_data.iter().map(|&x| x as f64).collect(),
            T::Double => t.double_data.clone(),
            T::Int64 => t.int64_data.iter().map(|&x| x as f64).collect(),
            T::Uint32 | T::Uint64 => unpack(&mut t.uint64_data.iter().copied(), bits),
            // int32_data: one element per entry, or 32 / bits packed sub-byte ones (the float
            // types as their bit patterns).
            _ if bits < 8 => unpack(&mut t.int32_data.iter().map(|&x| x as u32 as u64), 8),
            _ => unpack(&mut t.int32_data.iter().map(|&x| x as u32 as u64), bits),
        }
    };
    if let Some(bad) = values.iter().find(|&&v| !elem_types::holds(elem, v)) {
        return Err(fail(format!(
            "value {bad} is not a {} kiln can hold{}",
            elem_types::type_name(elem),
            if elem == DataType::Uint64 {
                " (uint64 is held as int64: values of 2^63 and more are not supported)"
            } else {
                ""
            }
        )));
    }
    if values.len() != count {
        return Err(fail(format!(
            "{} elements of data for shape {shape:?}",
            values.len()
        )));
    }
    let data = ArrayD::from_shape_vec(IxDyn(&shape), values).map_err(|e| fail(e.to_string()))?;
    Ok(Tensor::new(dtype, data))
}

/// The most bytes one host tensor may take (its elements are held as f64): a model claiming more
/// is refused before anything is allocated. 2^30 elements: as f32, 4 GiB, past what one Vulkan
/// storage buffer binding reaches on common devices.
pub const MAX_HOST_TENSOR_BYTES: usize = 8 << 30;

/// Reads the `expected` bytes at `offset` of an initializer's external data file, under ONNX's
/// rule: the location is a relative path inside the model's folder (no `..`, no root, no symlink
/// that leaves the folder) naming a regular file, and the range (`length` bytes, or the rest of
/// the file when absent) lies inside that file and holds exactly the tensor. Nothing about a file
/// outside the folder (not even whether it exists or its size) reaches the error.
fn read_external_data(
    base_dir: Option<&Path>,
    location: &str,
    offset: u64,
    length: Option<u64>,
    expected: u64,
) -> Result<Vec<u8>, String> {
    use std::io::{Read, Seek, SeekFrom};
    use std::path::Component;
    let refuse = |why: &str| format!("external data location '{location}' {why}");
    let relative = Path::new(location);
    if location.is_empty() || location.contains('\0') {
        return Err(refuse("is not a file name"));
    }
    if relative
        .components()
        .any(|c| !matches!(c, Component::Normal(_) | Component::CurDir))
    {
        return Err(refuse(
            "must be a relative path inside the model's folder (no root, no '..')",
        ));
    }
    let Some(base_dir) = base_dir else {
        return Err(refuse(
            "cannot be resolved: the model was not read from a file",
        ));
    };
    let base_dir = if base_dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        base_dir
    };
    let base = base_dir.canonicalize().map_err(|e| {
        format!(
            "cannot resolve the model's folder {}: {e}",
            base_dir.display()
        )
    })?;
    // Resolving symlinks first, then checking the prefix, refuses a link that leaves the folder.
    let path = base
        .join(relative)
        .canonicalize()
        .map_err(|_| refuse("does not name a readable file in the model's folder"))?;
    if !path.starts_with(&base) {
        return Err(refuse("leaves the model's folder (through a symlink)"));
    }
    // A FIFO would block the open, a device could be endless: only regular files are read.
    let is_regular = |m: &std::fs::Metadata| m.file_type().is_file();
    if !std::fs::metadata(&path).is_ok_and(|m| is_regular(&m)) {
        return Err(refuse("is not a regular file"));
    }
    let mut file =
        std::fs::File::open(&path).map_err(|e| refuse(&format!("cannot be opened: {e}")))?;
    let size = match file.metadata() {
        Ok(m) if is_regular(&m) => m.len(),
        _ => return Err(refuse("is not a regular file")),
    };
    let length = match length {
        Some(length) => offset
            .checked_add(length)
            .filter(|&end| end <= size)
            .map(|_| length)
            .ok_or_else(|| {
                format!("external data range {offset}+{length} is past the end of '{location}'")
            })?,
        None => size.checked_sub(offset).ok_or_else(|| {
            format!("external data offset {offset} is past the end of '{location}'")
        })?,
    };
    if length != expected {
        return Err(format!(
            "external data in '{location}' holds {length} bytes, not {expected}"
        ));
    }
    let length = usize::try_from(length).map_err(|_| refuse("is too large"))?;
    file.seek(SeekFrom::Start(offset))
        .map_err(|e| refuse(&format!("cannot be read: {e}")))?;
    let mut bytes = Vec::new();
    bytes
        .try_reserve_exact(length)
        .map_err(|_| refuse("is too large to load"))?;
    file.take(length as u64)
        .read_to_end(&mut bytes)
        .map_err(|e| refuse(&format!("cannot be read: {e}")))?;
    if bytes.len() != length {
        return Err(refuse("was truncated while it was read"));
    }
    Ok(bytes)
}

/// A graph value during import: an IR value, or a host constant not yet materialized.
#[derive(Clone, Debug)]
pub(crate) enum Entry {
    Value(ValueId),
    Const(Rc<Tensor>),
}

/// The state of one graph import (also used, with a scratch builder, to fold constant nodes).
pub(crate) struct Importer<'a> {
    pub b: FunctionBuilder,
    pub opset: i64,
    pub base_dir: Option<&'a Path>,
    /// Constants already materialized as IR values, by address of their data.
    materialized: HashMap<*const Tensor, (Rc<Tensor>, ValueId)>,
    /// The ONNX element type of each graph name imported so far (`elem_types.rs`): what a
    /// held value (an i32 holding uint16) really is.
    pub elem_types: HashMap<String, DataType>,
    /// Optional-typed graph inputs given no value (empty optionals): a node reads them as
    /// omitted inputs.
    pub absent_inputs: std::collections::HashSet<String>,
}

/// One node being imported: its inputs (None for an omitted optional input) and attributes.
pub(crate) struct NodeRef<'n> {
    pub proto: &'n NodeProto,
    pub op_type: &'n str,
    pub inputs: Vec<Option<Entry>>,
    /// How many outputs the graph actually uses (trailing empty names dropped).
    pub num_outputs: usize,
    /// The ONNX element type of each input (None for an omitted one).
    pub input_types: Vec<Option<DataType>>,
    /// The input a handler needed as a constant but found computed (set by `const_ints`), so
    /// that the error can name the graph inputs it comes from.
    pub needs_constant: std::cell::Cell<Option<usize>>,
}

impl NodeRef<'_> {
    pub fn attr(&self, name: &str) -> Option<&AttributeProto> {
        self.proto
            .attribute
            .iter()
            .find(|a| a.name.as_deref() == Some(name))
    }

    pub fn int(&self, name: &str, default: i64) -> i64 {
        self.attr(name).and_then(|a| a.i).unwrap_or(default)
    }

    pub fn float(&self, name: &str, default: f32) -> f32 {
        self.attr(name).and_then(|a| a.f).unwrap_or(default)
    }

    pub fn ints(&self, name: &str) -> Option<Vec<i64>> {
        self.attr(name).map(|a| a.ints.clone())
    }

    pub fn string(&self, name: &str) -> Option<String> {
        self.attr(name)
            .and_then(|a| a.s.as_ref())
            .map(|s| String::from_utf8_lossy(s).into_owned())
    }

    pub fn input(&self, i: usize) -> Option<&Entry> {
        self.inputs.get(i).and_then(Option::as_ref)
    }
}

impl<'a> Importer<'a> {
    pub fn new(name: &str, opset: i64, base_dir: Option<&'a Path>) -> Self {
        Importer {
            b: FunctionBuilder::new(name),
            opset,
            base_dir,
            materialized: HashMap::new(),
            elem_types: HashMap::new(),
            absent_inputs: Default::default(),
        }
    }

    /// The IR value of an entry, materializing a constant on first use.
    pub fn value(&mut self, e: &Entry) -> Result<ValueId, String> {
        match e {
            Entry::Value(v) => Ok(*v),
            Entry::Const(t) => {
                let key = Rc::as_ptr(t);
                if let Some((_, v)) = self.materialized.get(&key) {
                    return Ok(*v);
                }
                let shape: Vec<u64> = t.shape().iter().map(|&n| n as u64).collect();
                let first = t.data.iter().next().copied();
                let v = if t.data.len() > 1
                    && t.data.iter().all(|&x| {
                        Some(x) == first || (x.is_nan() && first.is_some_and(f64::is_nan))
                    }) {
                    self.b
                        .splat_constant(TensorType::of(&shape, t.dtype), first.unwrap_or(0.0))
                } else {
                    let values: Vec<f64> = t.data.iter().copied().collect();
                    self.b
                        .dense_constant(&shape, ElementsData::from_f64(t.dtype, &values))
                }
                .map_err(|e| e.message)?;
                self.materialized.insert(key, (t.clone(), v));
                Ok(v)
            }
        }
    }

    /// The tensor type of an entry.
    pub fn ty(&self, e: &Entry) -> TensorType {
        match e {
            Entry::Value(v) => self.b.tensor_type(*v),
            Entry::Const(t) => TensorType::of(
                &t.shape().iter().map(|&n| n as u64).collect::<Vec<_>>(),
                t.dtype,
            ),
        }
    }
}

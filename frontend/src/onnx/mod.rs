//! The ONNX importer: decodes a model with prost (types generated from the vendored official
//! `onnx.proto`), then turns its main graph into one Tensor IR function `@main`.
//!
//! - Graph inputs that are not initializers become the arguments, in graph order; `dim_param`
//!   dims become symbolic dims of that name (an unnamed unknown dim gets `<input>_d<i>`).
//! - Initializers and `Constant` nodes stay host constants (`Entry::Const`) until an op needs them
//!   as IR values; then they become `arith.constant` (dense, or splat when all elements agree).
//!   Initializer data may be inline (typed fields or `raw_data`) or in external files relative to
//!   the model's folder.
//! - A node whose inputs are all constants is folded: it is imported into a scratch function and
//!   run by the reference interpreter, so shape-computing subgraphs (`Shape` -> `Gather` ->
//!   `Concat` -> `Reshape`) become constants. `Shape` of a tensor with static dims is a constant.
//! - Elementwise ops become `linalg.generic` with numpy broadcasting made explicit in the indexing
//!   maps (a missing leading dim is dropped from the map, a size-1 dim reads index 0); the scalar
//!   body holds the arith/math ops (Sigmoid, LeakyRelu, Clip, BatchNormalization, LRN are bodies
//!   of several ops). Structured ops map to linalg named ops (see `ops.rs`).
//! - Supported: the default domain (`""` / `ai.onnx`), opsets 7 to 25, with the op-version
//!   differences of the ops in `ops.rs` (attribute vs input forms of axes / pads / min / max,
//!   Softmax's 2-D coercion before opset 13). Anything else is an error naming the node, its op
//!   type and the opset.

mod activation_ops;
mod logic_ops;
mod norm_ops;
mod ops;
mod opsets;
mod resize;
mod shape_ops;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use ndarray::{ArrayD, IxDyn};
use prost::Message;

use crate::builder::FunctionBuilder;
use crate::infer::VerifyError;
use crate::interp::{interpret_function, Tensor};
use crate::syntax::*;

/// The protobuf types generated from `proto/onnx.proto`.
#[allow(clippy::all, missing_docs)]
pub mod proto {
    include!(concat!(env!("OUT_DIR"), "/onnx.rs"));
}

use proto::{
    tensor_proto::DataType, AttributeProto, GraphProto, ModelProto, NodeProto, TensorProto,
};

/// The lowest and highest default-domain opsets the importer accepts. Within them each operator
/// is accepted by the version the opset selects (see `opsets.rs`).
pub const MIN_OPSET: i64 = 7;
pub const MAX_OPSET: i64 = 28;

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
    // IR version 3+ models always list their opsets; older ones imply opset 1..., which we refuse.
    let opset = opset.ok_or(ImportError::Opset {
        domain: String::new(),
        version: 0,
    })?;
    let graph = model.graph.as_ref().ok_or(ImportError::NoGraph)?;
    check_ops(graph, opset, &domains)?;
    let function = import_graph(graph, opset, base_dir, options)?;
    Ok(Module {
        functions: vec![function],
    })
}

/// Refuses a model with operators kiln cannot import, naming all of them at once (each distinct
/// operator with its first node and how many nodes use it), before anything is imported.
/// Subgraphs (`If` branches) are searched too.
fn check_ops(
    graph: &GraphProto,
    opset: i64,
    domains: &HashMap<String, i64>,
) -> Result<(), ImportError> {
    fn walk(
        graph: &GraphProto,
        opset: i64,
        domains: &HashMap<String, i64>,
        found: &mut Vec<UnsupportedOp>,
    ) {
        for (index, node) in graph.node.iter().enumerate() {
            for a in &node.attribute {
                for g in a.g.iter().chain(&a.graphs) {
                    walk(g, opset, domains, found);
                }
            }
            let op_type = node.op_type.clone().unwrap_or_default();
            let domain = node.domain.clone().unwrap_or_default();
            let (domain, domain_opset, reason) = if domain.is_empty() || domain == "ai.onnx" {
                match opsets::selected_version(&op_type, opset) {
                    Ok(_) if ops::SUPPORTED.contains(&op_type.as_str()) => continue,
                    Ok(_) => ("ai.onnx".to_string(), opset, None),
                    Err(p) => ("ai.onnx".to_string(), opset, p.describe(&op_type, opset)),
                }
            } else {
                let v = domains.get(&domain).copied().unwrap_or(0);
                (domain, v, None)
            };
            if let Some(seen) = found
                .iter_mut()
                .find(|u| u.op_type == op_type && u.domain == domain && u.reason == reason)
            {
                seen.count += 1;
                continue;
            }
            found.push(UnsupportedOp {
                node: node
                    .name
                    .clone()
                    .filter(|n| !n.is_empty())
                    .unwrap_or_else(|| format!("#{index}")),
                op_type,
                domain,
                opset: domain_opset,
                count: 1,
                reason,
            });
        }
    }
    let mut found = Vec::new();
    walk(graph, opset, domains, &mut found);
    if found.is_empty() {
        Ok(())
    } else {
        Err(ImportError::UnsupportedOps { ops: found })
    }
}

/// The ONNX operator types the importer knows (others are an [`ImportError::UnsupportedOp`]).
pub fn supported_ops() -> &'static [&'static str] {
    ops::SUPPORTED
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
    let dtype = dtype_from_onnx(code)
        .ok_or_else(|| fail(format!("unsupported element type {}", onnx_type_name(code))))?;
    if t.dims.iter().any(|&d| d < 0) {
        return Err(fail(format!("negative dims {:?}", t.dims)));
    }
    let shape: Vec<usize> = t.dims.iter().map(|&d| d as usize).collect();
    let width = match dtype {
        DType::I1 | DType::I8 => 1,
        DType::F16 | DType::BF16 => 2,
        DType::F32 | DType::I32 => 4,
        DType::F64 | DType::I64 => 8,
    };
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
        let expected = (count * width) as u64;
        let bytes = read_external_data(base_dir, &location, offset, length, expected)
            .map_err(|e| fail(format!("{e} (for {count} elements of {dtype})")))?;
        Some(bytes)
    } else {
        t.raw_data.clone()
    };
    let values: Vec<f64> = if let Some(raw) = raw {
        if raw.len() != count * width {
            return Err(fail(format!(
                "{} bytes of data for {count} elements of {dtype}",
                raw.len()
            )));
        }
        raw.chunks_exact(width)
            .map(|b| match dtype {
                DType::F32 => f32::from_le_bytes([b[0], b[1], b[2], b[3]]) as f64,
                DType::F64 => f64::from_le_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]]),
                DType::F16 => half::f16::from_le_bytes([b[0], b[1]]).to_f64(),
                DType::BF16 => half::bf16::from_le_bytes([b[0], b[1]]).to_f64(),
                DType::I64 => {
                    i64::from_le_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]]) as f64
                }
                DType::I32 => i32::from_le_bytes([b[0], b[1], b[2], b[3]]) as f64,
                DType::I8 => b[0] as i8 as f64,
                DType::I1 => (b[0] != 0) as u8 as f64,
            })
            .collect()
    } else {
        match dtype {
            DType::F32 => t.float_data.iter().map(|&x| x as f64).collect(),
            DType::F64 => t.double_data.clone(),
            DType::I64 => t.int64_data.iter().map(|&x| x as f64).collect(),
            DType::I32 | DType::I8 => t.int32_data.iter().map(|&x| x as f64).collect(),
            DType::I1 => t
                .int32_data
                .iter()
                .map(|&x| (x != 0) as u8 as f64)
                .collect(),
            DType::F16 => t
                .int32_data
                .iter()
                .map(|&x| half::f16::from_bits(x as u16).to_f64())
                .collect(),
            DType::BF16 => t
                .int32_data
                .iter()
                .map(|&x| half::bf16::from_bits(x as u16).to_f64())
                .collect(),
        }
    };
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
}

/// One node being imported: its inputs (None for an omitted optional input) and attributes.
pub(crate) struct NodeRef<'n> {
    pub proto: &'n NodeProto,
    pub op_type: &'n str,
    pub inputs: Vec<Option<Entry>>,
    /// How many outputs the graph actually uses (trailing empty names dropped).
    pub num_outputs: usize,
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

fn import_graph(
    graph: &GraphProto,
    opset: i64,
    base_dir: Option<&Path>,
    options: &ImportOptions,
) -> Result<Function, ImportError> {
    let mut im = Importer::new("main", opset, base_dir);
    let mut env: HashMap<String, Entry> = HashMap::new();
    add_initializers(graph, base_dir, &mut env)?;
    let mut input_names = std::collections::HashSet::new();
    if !graph.sparse_initializer.is_empty() {
        return Err(ImportError::Graph(
            "sparse initializers are not supported".into(),
        ));
    }
    let mut symbols = Vec::new();
    for input in &graph.input {
        let name = input.name.clone().unwrap_or_default();
        if !input_names.insert(name.clone()) {
            return Err(ImportError::Graph(format!(
                "input '{name}' is listed twice"
            )));
        }
        if env.contains_key(&name) {
            continue; // An initializer with a default value: kiln treats it as a constant.
        }
        let fail = |m: String| ImportError::Graph(format!("input '{name}': {m}"));
        let Some(proto::type_proto::Value::TensorType(tt)) =
            input.r#type.as_ref().and_then(|t| t.value.as_ref())
        else {
            return Err(fail("only tensor inputs are supported".into()));
        };
        let code = tt.elem_type.unwrap_or(0);
        let dtype = dtype_from_onnx(code)
            .ok_or_else(|| fail(format!("unsupported element type {}", onnx_type_name(code))))?;
        let shape_proto = tt
            .shape
            .as_ref()
            .ok_or_else(|| fail("the input has no shape (rank unknown)".into()))?;
        let mut shape = Vec::new();
        for (i, d) in shape_proto.dim.iter().enumerate() {
            use proto::tensor_shape_proto::dimension::Value;
            let symbol = match &d.value {
                Some(Value::DimValue(n)) if *n < 0 => {
                    return Err(fail(format!("dim {i} is negative ({n})")))
                }
                Some(Value::DimValue(n)) => {
                    shape.push(Dim::Static(*n as u64));
                    continue;
                }
                Some(Value::DimParam(p)) if !p.is_empty() => p.replace([',', '"'], "_"),
                _ => format!("{}_d{i}", name.replace([',', '"'], "_")),
            };
            symbols.push(symbol.clone());
            shape.push(match options.dims.get(&symbol) {
                Some(&n) => Dim::Static(n),
                None => Dim::Symbol(symbol),
            });
        }
        if let Some(value) = options.input_values.get(&name) {
            let fits = value.dtype == dtype
                && value.shape().len() == shape.len()
                && value
                    .shape()
                    .iter()
                    .zip(&shape)
                    .all(|(&n, d)| d.as_static().is_none_or(|s| s == n as u64));
            if !fits {
                let dims: Vec<String> = shape.iter().map(ToString::to_string).collect();
                return Err(fail(format!(
                    "the given value is {} of shape {:?}, the input is {dtype} [{}]",
                    value.dtype,
                    value.shape(),
                    dims.join(", ")
                )));
            }
            env.insert(name, Entry::Const(Rc::new(value.clone())));
            continue;
        }
        let v = im.b.argument(Type::Tensor(TensorType::new(shape, dtype)));
        env.insert(name, Entry::Value(v));
    }
    for name in options.dims.keys() {
        if !symbols.contains(name) {
            symbols.sort();
            symbols.dedup();
            let known = if symbols.is_empty() {
                "the model has no symbolic dims".to_string()
            } else {
                format!("the model's symbolic dims: {}", symbols.join(", "))
            };
            return Err(ImportError::Graph(format!(
                "a value is given for dim '{name}', but no input has a dim of that name ({known})"
            )));
        }
    }
    for name in options.input_values.keys() {
        if !input_names.contains(name) {
            return Err(ImportError::Graph(format!(
                "a value is given for input '{name}', but the graph has no input of that name"
            )));
        }
    }
    let scope = Scope {
        graph,
        opset,
        base_dir,
        parent: None,
    };
    import_nodes(&mut im, &mut env, &scope)?;
    let mut results = Vec::new();
    for out in &graph.output {
        let name = out.name.clone().unwrap_or_default();
        let e = env
            .get(&name)
            .cloned()
            .ok_or_else(|| ImportError::Graph(format!("output '{name}' is never computed")))?;
        let mut v = im.value(&e).map_err(ImportError::Graph)?;
        // An output that is a graph input or a constant (an Identity-only model), or that is
        // returned twice, gets a copy, so that a dispatch writes each output buffer.
        let f = im.b.function();
        let passed_through = match f.values[v].def {
            ValueDef::Argument(_) => true,
            ValueDef::OpResult { op, .. } => matches!(f.ops[op].kind, OpKind::Constant(_)),
        };
        if passed_through || results.contains(&v) {
            if let Type::Tensor(t) = &f.values[v].ty {
                let dtype = t.dtype;
                v =
                    im.b.elementwise_with(&[v], dtype, |_, a| a[0])
                        .map_err(|e| ImportError::Graph(format!("output '{name}': {e}")))?;
            }
        }
        results.push(v);
    }
    Ok(im.b.finish(results)?)
}

/// Adds a graph's initializers to `env` as host constants.
fn add_initializers(
    graph: &GraphProto,
    base_dir: Option<&Path>,
    env: &mut HashMap<String, Entry>,
) -> Result<(), ImportError> {
    let mut own = std::collections::HashSet::new();
    for init in &graph.initializer {
        let t = tensor_from_proto(init, base_dir)?;
        let name = init.name.clone().unwrap_or_default();
        if !own.insert(name.clone()) {
            return Err(ImportError::Graph(format!(
                "initializer '{name}' is defined twice"
            )));
        }
        env.insert(name, Entry::Const(Rc::new(t)));
    }
    Ok(())
}

/// A graph being imported: the main graph, or an `If` branch inlined into it (whose nodes may
/// read the names of the enclosing graphs).
struct Scope<'g, 'p> {
    graph: &'g GraphProto,
    opset: i64,
    base_dir: Option<&'g Path>,
    parent: Option<&'p Scope<'g, 'p>>,
}

impl Scope<'_, '_> {
    /// The main graph's inputs (not initializers) that `name` is computed from, following the
    /// nodes of this scope and the enclosing ones.
    fn graph_inputs_feeding(&self, name: &str) -> Vec<String> {
        let mut root = self;
        while let Some(p) = root.parent {
            root = p;
        }
        let initializers: std::collections::HashSet<&str> = root
            .graph
            .initializer
            .iter()
            .filter_map(|i| i.name.as_deref())
            .collect();
        let inputs: Vec<&str> = root
            .graph
            .input
            .iter()
            .filter_map(|i| i.name.as_deref())
            .filter(|n| !initializers.contains(n))
            .collect();
        let mut producers: HashMap<&str, &NodeProto> = HashMap::new();
        let mut s = Some(self);
        while let Some(scope) = s {
            for node in &scope.graph.node {
                for o in &node.output {
                    producers.entry(o.as_str()).or_insert(node);
                }
            }
            s = scope.parent;
        }
        let mut found = Vec::new();
        let mut seen = std::collections::HashSet::new();
        let mut stack = vec![name];
        while let Some(n) = stack.pop() {
            if !seen.insert(n) {
                continue;
            }
            if inputs.contains(&n) {
                found.push(n.to_string());
            } else if let Some(node) = producers.get(n) {
                stack.extend(
                    node.input
                        .iter()
                        .map(String::as_str)
                        .filter(|i| !i.is_empty()),
                );
            }
        }
        found.sort();
        found
    }
}

/// Imports the nodes of `scope.graph` in order, reading and writing `env`.
fn import_nodes(
    im: &mut Importer,
    env: &mut HashMap<String, Entry>,
    scope: &Scope,
) -> Result<(), ImportError> {
    let opset = scope.opset;
    for (index, node) in scope.graph.node.iter().enumerate() {
        let op_type = node.op_type.clone().unwrap_or_default();
        let node_name = node
            .name
            .clone()
            .filter(|n| !n.is_empty())
            .unwrap_or_else(|| format!("#{index}"));
        let err = |message: String| ImportError::Node {
            node: node_name.clone(),
            op_type: op_type.clone(),
            opset,
            message,
        };
        // `check_ops` refused unknown ops already; this guards subgraphs reached another way.
        let domain = node.domain.clone().unwrap_or_default();
        if !(domain.is_empty() || domain == "ai.onnx")
            || !(ops::SUPPORTED.contains(&op_type.as_str()) || op_type == "If")
        {
            return Err(err("unsupported op".into()));
        }
        check_attribute_types(node, &op_type).map_err(err)?;
        let mut inputs = Vec::new();
        for name in &node.input {
            if name.is_empty() {
                inputs.push(None);
            } else {
                inputs.push(Some(env.get(name).cloned().ok_or_else(|| {
                    err(format!("input '{name}' is not defined before this node"))
                })?));
            }
        }
        let num_outputs = node
            .output
            .iter()
            .rposition(|o| !o.is_empty())
            .map_or(0, |i| i + 1);
        let n = NodeRef {
            proto: node,
            op_type: &op_type,
            inputs,
            num_outputs,
            needs_constant: std::cell::Cell::new(None),
        };
        im.b.set_location(Location::OnnxNode {
            name: node.name.clone().unwrap_or_default(),
            op_type: op_type.clone(),
            index,
        });
        let all_const = n
            .inputs
            .iter()
            .flatten()
            .all(|e| matches!(e, Entry::Const(_)))
            && !n.inputs.is_empty();
        let outputs = if op_type == "If" {
            inline_if(im, env, scope, &n)
        } else if all_const {
            fold(&n, opset, scope.base_dir).map_err(err)
        } else {
            ops::import_node(im, &n).map_err(|message| {
                match n.needs_constant.get().and_then(|i| node.input.get(i)) {
                    Some(name) => {
                        let inputs = scope.graph_inputs_feeding(name);
                        if inputs.is_empty() {
                            err(message)
                        } else {
                            ImportError::InputValueNeeded {
                                node: node_name.clone(),
                                op_type: op_type.clone(),
                                opset,
                                message,
                                inputs,
                            }
                        }
                    }
                    None => err(message),
                }
            })
        }?;
        for (i, name) in node.output.iter().enumerate() {
            if name.is_empty() {
                continue;
            }
            let e = outputs
                .get(i)
                .cloned()
                .ok_or_else(|| err(format!("output #{i} ('{name}') is not supported")))?;
            // SSA: a name is written once (ONNX's checker refuses a second writer; kiln let the
            // last one win).
            if env.insert(name.clone(), e).is_some() {
                return Err(err(format!(
                    "output '{name}' is already defined (by a graph input, an initializer or an \
                     earlier node)"
                )));
            }
        }
    }
    Ok(())
}

/// `If` whose condition is a constant (after folding): the chosen branch is imported in place,
/// reading the enclosing graph's names; its outputs become the node's.
fn inline_if(
    im: &mut Importer,
    env: &HashMap<String, Entry>,
    scope: &Scope,
    n: &NodeRef,
) -> Result<Vec<Entry>, ImportError> {
    let node_name = n.proto.name.clone().unwrap_or_default();
    let err = |message: String| ImportError::Node {
        node: node_name.clone(),
        op_type: "If".into(),
        opset: scope.opset,
        message,
    };
    let cond =
        match n.input(0) {
            Some(Entry::Const(c)) => c.data.iter().next().copied().unwrap_or(0.0) != 0.0,
            Some(Entry::Value(_)) => return Err(err(
                "unsupported condition: kiln inlines an If whose condition folds to a constant \
                 (fix the symbolic dims it depends on with --dim), not one computed from data"
                    .into(),
            )),
            None => return Err(err("missing input #0 (the condition)".into())),
        };
    let branch_name = if cond { "then_branch" } else { "else_branch" };
    let branch = n
        .attr(branch_name)
        .and_then(|a| a.g.as_ref())
        .ok_or_else(|| err(format!("missing attribute '{branch_name}'")))?;
    // The branch sees the outer names; what it defines stays inside it.
    let mut inner = env.clone();
    add_initializers(branch, scope.base_dir, &mut inner)?;
    let child = Scope {
        graph: branch,
        opset: scope.opset,
        base_dir: scope.base_dir,
        parent: Some(scope),
    };
    import_nodes(im, &mut inner, &child)?;
    branch
        .output
        .iter()
        .map(|o| {
            let name = o.name.clone().unwrap_or_default();
            inner
                .get(&name)
                .cloned()
                .ok_or_else(|| err(format!("{branch_name} output '{name}' is never computed")))
        })
        .collect()
}

/// The attribute types the importer reads, by attribute name (the same in every supported op,
/// except `value`: a tensor in Constant / ConstantOfShape, a float in Pad before opset 11).
fn expected_attribute_type(
    op_type: &str,
    name: &str,
) -> Option<proto::attribute_proto::AttributeType> {
    use proto::attribute_proto::AttributeType as T;
    Some(match name {
        "start"
        | "end"
        | "to"
        | "axis"
        | "allowzero"
        | "transA"
        | "transB"
        | "group"
        | "ceil_mode"
        | "storage_order"
        | "count_include_pad"
        | "keepdims"
        | "noop_with_empty_axes"
        | "training_mode"
        | "size"
        | "value_int"
        | "stash_type"
        | "num_outputs"
        | "exclude_outside"
        | "antialias" => T::Int,
        "alpha"
        | "beta"
        | "gamma"
        | "min"
        | "max"
        | "epsilon"
        | "bias"
        | "value_float"
        | "cubic_coeff_a"
        | "extrapolation_value" => T::Float,
        "shape" | "axes" | "perm" | "pads" | "strides" | "dilations" | "kernel_shape"
        | "value_ints" | "starts" | "ends" | "split" => T::Ints,
        "value_floats" => T::Floats,
        "mode"
        | "auto_pad"
        | "approximate"
        | "coordinate_transformation_mode"
        | "nearest_mode"
        | "keep_aspect_ratio_policy" => T::String,
        "value" if op_type == "Pad" => T::Float,
        "value" => T::Tensor,
        _ => return None,
    })
}

/// Refuses an attribute whose type is not the one the importer reads (a FLOAT Softmax `axis`
/// or a STRING Gemm `transB` was silently replaced by the default).
fn check_attribute_types(node: &NodeProto, op_type: &str) -> Result<(), String> {
    use proto::attribute_proto::AttributeType as T;
    for a in &node.attribute {
        let name = a.name.as_deref().unwrap_or_default();
        let Some(want) = expected_attribute_type(op_type, name) else {
            continue;
        };
        // The declared type, or (for writers that leave it out) the one the payload implies.
        let have = match a.r#type.and_then(|t| T::try_from(t).ok()) {
            Some(t) if t != T::Undefined => t,
            _ if a.i.is_some() => T::Int,
            _ if a.f.is_some() => T::Float,
            _ if a.s.is_some() => T::String,
            _ if a.t.is_some() => T::Tensor,
            _ if !a.floats.is_empty() => T::Floats,
            _ => T::Ints,
        };
        let present = match want {
            T::Int => a.i.is_some() || a.r#type.is_some(),
            T::Float => a.f.is_some() || a.r#type.is_some(),
            T::String => a.s.is_some(),
            T::Tensor => a.t.is_some(),
            _ => true,
        };
        if have != want || !present {
            return Err(format!(
                "attribute '{name}' must be {}, found {}",
                want.as_str_name(),
                have.as_str_name()
            ));
        }
    }
    Ok(())
}

/// Imports a node whose inputs are all constants into a scratch function and runs it.
fn fold(n: &NodeRef, opset: i64, base_dir: Option<&Path>) -> Result<Vec<Entry>, String> {
    let mut scratch = Importer::new("fold", opset, base_dir);
    let outputs = ops::import_node(&mut scratch, n)?;
    if outputs.iter().all(|e| matches!(e, Entry::Const(_))) {
        return Ok(outputs);
    }
    let mut values = Vec::new();
    for e in &outputs {
        values.push(scratch.value(e)?);
    }
    let f = scratch.b.finish(values).map_err(|e| e.to_string())?;
    let results =
        interpret_function(&f, &[]).map_err(|e| format!("constant folding failed: {e}"))?;
    Ok(results
        .into_iter()
        .map(|t| Entry::Const(Rc::new(t)))
        .collect())
}

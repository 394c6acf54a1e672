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
//!   whose condition folds is replaced by its chosen branch (`control_flow.rs`).
//! - Elementwise ops become `linalg.generic` with numpy broadcasting made explicit in the indexing
//!   maps (a missing leading dim is dropped from the map, a size-1 dim reads index 0); the scalar
//!   body holds the arith/math ops (Sigmoid, LeakyRelu, Clip, BatchNormalization, LRN are bodies
//!   of several ops). Structured ops map to linalg named ops (see `ops.rs`).
//! - Supported: the default domain (`""` / `ai.onnx`), opsets 7 to 28 (1 to 6 for the operators
//!   that did not change before opset 7), each operator by the version the opset selects
//!   (`opsets.rs`), with the op-version differences handled per op
//!   (attribute vs input forms of axes / pads / min / max / split / starts, Softmax's 2-D coercion
//!   before opset 13), and a few operators of other domains. A model using operators kiln lacks
//!   is refused before import with one error naming every such operator (domain, opset, first
//!   node).
//!
//! The importer is a one-way stack (`frontend/tests/layering.rs` checks it), lowest first:
//! - `proto.rs`, `elem_types.rs`, `jpeg.rs`, `opsets.rs` (version selection), then `error.rs`
//!   ([`ImportError`]) and `tensor_data.rs` (`TensorProto`s as host tensors);
//! - `context.rs`: the importer state (`Importer`, the value handles
//!   `Entry`, the node `NodeRef`, the graph `Scope` with subgraph import as a method) and the
//!   helper kit every op family uses;
//! - `shared/`: the helpers op families share (reshapes, contractions, conv windows, reductions,
//!   generics, unrolling, quantization, sampling);
//! - the op families (`ops.rs`: the original set; `shape_ops.rs`, `math_ops.rs`,
//!   `control_flow.rs`, `resize/`, `recurrent/`, ...), which import the context and the shared
//!   helpers only;
//! - `registry.rs`: one row per operator (name, domain, versions, refused versions, handler);
//! - `graph.rs` (the checks, the node walk, folding) and this file, the public API.
//!
//! A new operator is its handler in its family's file and one row of the registry.

mod activation_ops;
mod attention;
mod causal_conv;
mod col2im;
mod context;
mod control_flow;
mod deform_conv;
mod det;
mod einsum;
pub mod elem_types;
mod error;
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
pub mod proto;
mod quantized;
mod recurrent;
mod reduce_ops;
mod registry;
mod resize;
mod rotary;
mod scatter;
mod shape_ops;
mod shared;
mod signal;
mod tensor_data;
mod tfidf;
mod training;
mod tree_ensemble;
mod value_ops;

use std::collections::HashMap;
use std::path::Path;

use prost::Message;

use crate::interp::Tensor;
use crate::syntax::*;

use proto::{tensor_proto::DataType, ModelProto, TensorProto};

pub use crate::interp::MAX_HOST_TENSOR_BYTES;
pub use error::{ImportError, UnsupportedOp};
pub use graph::ImportOptions;
pub use opsets::{MAX_OPSET, MIN_IMPLEMENTED_OPSET, MIN_OPSET};
pub use tensor_data::{dtype_from_onnx, tensor_from_proto};

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

//! The importer's state, at the bottom of the importer: the function being built ([`Importer`]),
//! the graph values it reads ([`Entry`]: an IR value or a host constant), the node being imported
//! ([`NodeRef`]), the graph being imported ([`Scope`]), and the kit every op family uses
//! (`required`, `const_ints`, `norm_axis`, ...). Op families import this module (and the shared
//! helpers) only; the registry and the graph importer sit above them.

use std::collections::HashMap;
use std::path::Path;
use std::rc::Rc;

use super::error::ImportError;
use super::proto::{tensor_proto::DataType, AttributeProto, GraphProto, NodeProto};
use super::tensor_data::tensor_from_proto;
use crate::builder::FunctionBuilder;
use crate::interp::Tensor;
use crate::syntax::*;

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

// ----- the kit -----

pub(crate) type R<T> = Result<T, String>;

pub(crate) fn e<T>(r: Result<T, crate::infer::VerifyError>) -> R<T> {
    r.map_err(|e| e.message)
}

pub(crate) fn konst(t: Tensor) -> Entry {
    Entry::Const(Rc::new(t))
}

/// `axis` in `[-rank, rank)` as an index into the shape. A scalar has no axis: every caller
/// indexes the shape with the result.
pub(crate) fn norm_axis(axis: i64, rank: usize) -> R<usize> {
    if rank == 0 {
        return Err(format!(
            "axis {axis}: the input is a scalar (rank 0), which has no axes"
        ));
    }
    let a = if axis < 0 { axis + rank as i64 } else { axis };
    if a < 0 || a as usize >= rank {
        return Err(format!("axis {axis} out of range for rank {rank}"));
    }
    Ok(a as usize)
}

/// A constant input as i64 values (for shapes, axes, pads, indices).
pub(crate) fn const_ints(n: &NodeRef, i: usize, what: &str) -> R<Option<Vec<i64>>> {
    match n.input(i) {
        None => Ok(None),
        Some(Entry::Const(t)) => Ok(Some(t.data.iter().map(|&x| x as i64).collect())),
        Some(Entry::Value(_)) => {
            n.needs_constant.set(Some(i));
            Err(format!("{what} (input #{i}) must be a constant"))
        }
    }
}

pub(crate) fn required<'n>(n: &'n NodeRef, i: usize) -> R<&'n Entry> {
    n.input(i).ok_or_else(|| format!("missing input #{i}"))
}

pub(crate) fn float_only(dtype: DType, n: &NodeRef) -> R<()> {
    if !dtype.is_float() {
        return Err(format!("{} of {dtype} is not supported", n.op_type));
    }
    Ok(())
}

// ----- graphs -----

/// Adds a graph's initializers to `env` as host constants.
pub(crate) fn add_initializers(
    graph: &GraphProto,
    base_dir: Option<&Path>,
    env: &mut HashMap<String, Entry>,
    types: &mut HashMap<String, DataType>,
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
        if let Some(e) = init.data_type.and_then(|c| DataType::try_from(c).ok()) {
            types.insert(name.clone(), e);
        }
        env.insert(name, Entry::Const(Rc::new(t)));
    }
    Ok(())
}

/// A graph being imported: the main graph, or an `If` branch inlined into it (whose nodes may
/// read the names of the enclosing graphs).
pub(crate) struct Scope<'g, 'p> {
    pub(crate) graph: &'g GraphProto,
    pub(crate) opset: i64,
    /// The opset of each domain the model imports (for errors).
    pub(crate) domains: &'g HashMap<String, i64>,
    pub(crate) base_dir: Option<&'g Path>,
    pub(crate) parent: Option<&'p Scope<'g, 'p>>,
    /// How a subgraph of this graph is checked and imported.
    pub(crate) walker: GraphWalker,
}

/// What importing a subgraph needs from the graph importer above the op families: the check of
/// its operators and the walk over its nodes (`graph.rs` gives them to the main graph's scope,
/// each subgraph's scope inherits them), so that a node holding subgraphs (`If`, `Loop`, `Scan`,
/// FlexAttention) imports them through [`Scope::import_subgraph`] without reaching up.
#[derive(Clone, Copy)]
pub(crate) struct GraphWalker {
    pub(crate) check_ops: CheckOps,
    pub(crate) import_nodes: ImportNodes,
}

/// Refuses a graph (under an opset, with the model's domains) with operators kiln cannot import
/// (`graph::check_ops`).
pub(crate) type CheckOps = fn(&GraphProto, i64, &HashMap<String, i64>) -> Result<(), ImportError>;

/// Imports the nodes of a scope's graph in order, reading and writing the names
/// (`graph::import_nodes`).
pub(crate) type ImportNodes =
    fn(&mut Importer, &mut HashMap<String, Entry>, &Scope) -> Result<(), ImportError>;

impl Scope<'_, '_> {
    /// Refuses the subgraph `graph` of a node of this scope when it holds operators kiln cannot
    /// import, naming all of them.
    pub(crate) fn check_subgraph(&self, graph: &GraphProto) -> Result<(), ImportError> {
        (self.walker.check_ops)(graph, self.opset, self.domains)
    }

    /// Imports the subgraph `graph` of a node of this scope in place: its nodes read `env` (the
    /// enclosing graphs' names and what the caller bound to the subgraph's inputs) and its
    /// initializers. Returns `env` with the names the subgraph defined.
    pub(crate) fn import_subgraph(
        &self,
        im: &mut Importer,
        mut env: HashMap<String, Entry>,
        graph: &GraphProto,
    ) -> Result<HashMap<String, Entry>, ImportError> {
        add_initializers(graph, self.base_dir, &mut env, &mut im.elem_types)?;
        let child = Scope {
            graph,
            opset: self.opset,
            domains: self.domains,
            base_dir: self.base_dir,
            parent: Some(self),
            walker: self.walker,
        };
        (self.walker.import_nodes)(im, &mut env, &child)?;
        Ok(env)
    }

    /// The main graph's inputs (not initializers) that `name` is computed from, following the
    /// nodes of this scope and the enclosing ones.
    pub(crate) fn graph_inputs_feeding(&self, name: &str) -> Vec<String> {
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
                // Shape and Size read only dims, which `--dim` and the input files fix.
                if matches!(node.op_type.as_deref(), Some("Shape" | "Size")) {
                    continue;
                }
                stack.extend(
                    node.input
                        .iter()
                        .map(String::as_str)
                        .filter(|i| !i.is_empty()),
                );
                // An If's outputs also come from the outer values its branches read.
                let mut branches: Vec<&GraphProto> =
                    node.attribute.iter().filter_map(|a| a.g.as_ref()).collect();
                while let Some(g) = branches.pop() {
                    for inner in &g.node {
                        stack.extend(
                            inner
                                .input
                                .iter()
                                .map(String::as_str)
                                .filter(|i| !i.is_empty()),
                        );
                        branches.extend(inner.attribute.iter().filter_map(|a| a.g.as_ref()));
                    }
                }
            }
        }
        found.sort();
        found
    }
}

// ----- nodes holding subgraphs -----

/// The node being inlined, for errors and for importing its subgraphs.
pub(crate) struct SubgraphNode<'a, 'g, 'p> {
    pub(crate) scope: &'a Scope<'g, 'p>,
    pub(crate) node_name: String,
    pub(crate) op_type: &'static str,
}

impl<'a, 'g, 'p> SubgraphNode<'a, 'g, 'p> {
    /// The context of node `n` (operator `op_type`) in `scope`.
    pub(crate) fn new(scope: &'a Scope<'g, 'p>, n: &NodeRef, op_type: &'static str) -> Self {
        SubgraphNode {
            scope,
            node_name: n.proto.name.clone().unwrap_or_default(),
            op_type,
        }
    }

    pub(crate) fn err(&self, message: impl Into<String>) -> ImportError {
        ImportError::Node {
            node: self.node_name.clone(),
            op_type: self.op_type.into(),
            opset: self.scope.opset,
            message: message.into(),
        }
    }

    /// A refusal because input `i` is computed: `InputValueNeeded` when it comes from graph
    /// inputs (so `kiln run` can specialize on them).
    pub(crate) fn needs_constant(&self, n: &NodeRef, i: usize, message: String) -> ImportError {
        let inputs = n
            .proto
            .input
            .get(i)
            .map(|c| self.scope.graph_inputs_feeding(c))
            .unwrap_or_default();
        if inputs.is_empty() {
            return self.err(message);
        }
        ImportError::InputValueNeeded {
            node: self.node_name.clone(),
            op_type: self.op_type.into(),
            opset: self.scope.opset,
            message,
            inputs,
        }
    }

    pub(crate) fn body<'n>(&self, n: &'n NodeRef) -> Result<&'n GraphProto, ImportError> {
        let body = n
            .attr("body")
            .and_then(|a| a.g.as_ref())
            .ok_or_else(|| self.err("missing attribute 'body'"))?;
        self.scope.check_subgraph(body)?;
        Ok(body)
    }

    /// Imports `body` once with its inputs bound to `inputs`, returning its outputs.
    pub(crate) fn run_body(
        &self,
        im: &mut Importer,
        env: &HashMap<String, Entry>,
        body: &GraphProto,
        inputs: Vec<Entry>,
    ) -> Result<Vec<Entry>, ImportError> {
        if body.input.len() != inputs.len() {
            return Err(self.err(format!(
                "the body takes {} inputs, the node gives it {}",
                body.input.len(),
                inputs.len()
            )));
        }
        let mut inner = env.clone();
        for (input, value) in body.input.iter().zip(inputs) {
            inner.insert(input.name.clone().unwrap_or_default(), value);
        }
        let inner = self.scope.import_subgraph(im, inner, body)?;
        body.output
            .iter()
            .map(|o| {
                let name = o.name.clone().unwrap_or_default();
                inner
                    .get(&name)
                    .cloned()
                    .ok_or_else(|| self.err(format!("body output '{name}' is never computed")))
            })
            .collect()
    }
}

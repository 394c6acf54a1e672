//! The partition fusion produces: dispatch regions (each one root op, its fused prologue and
//! epilogue, the tensors it reads and stores) and the graph of their dependencies. Data only:
//! `fusion` builds it, every later pass reads it.

use kiln_frontend::*;
use petgraph::graph::DiGraph;
use std::collections::{HashMap, HashSet};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RegionKind {
    Elementwise,
    Reduction,
    Softmax,
    /// Reductions over the innermost dim of the same rows and the elementwise work on those
    /// rows, one kernel (`fusion/row_chain.rs`): `root` is the first reduction, `epilogue_root`
    /// the op whose whole-row result the region stores.
    RowChain,
    /// Attention in one kernel (`fusion/attention.rs`): `root` is the first contraction
    /// (`Q K^T`), `epilogue_root` the op whose result the region stores (the second
    /// contraction `P V`, or its fused consumer); the scale / mask ops, the softmax and the
    /// producers of both contractions' operands are inside.
    Attention,
}

#[derive(Clone, Debug)]
pub struct DispatchRegion {
    pub name: String,
    pub kind: RegionKind,
    /// The op that determines the iteration space.
    pub root: OpId,
    /// The root of a fused elementwise epilogue, whose results the region stores.
    pub epilogue_root: Option<OpId>,
    /// Every op of the region, in function-body order.
    pub ops: Vec<OpId>,
    /// Tensors read from outside: arguments, dense constants, other regions' outputs.
    pub inputs: Vec<ValueId>,
    /// Tensors stored by the region (the results of `epilogue_root`, else of `root`).
    pub outputs: Vec<ValueId>,
}

impl DispatchRegion {
    /// The op whose results the region stores.
    pub fn store_op(&self) -> OpId {
        self.epilogue_root.unwrap_or(self.root)
    }
}

/// A `tensor.concat` assembled in place: no dispatch copies it; each operand's producing region
/// stores its operand straight into the operand's slice of the concat's buffer (bufferize
/// gives the operands views of it), and the regions reading the result read that buffer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InPlaceConcat {
    pub op: OpId,
    pub result: ValueId,
    pub dimension: usize,
    pub operands: Vec<ValueId>,
    /// A slice concat: its operands are consecutive operands (along the same dimension) of
    /// this other in-place concat's result, so its result is a view of that buffer too
    /// (DenseNet's prefix concats, each read by one layer, of the block's concat).
    pub slice_of: Option<ValueId>,
}

#[derive(Clone, Debug)]
pub struct Partition {
    /// In execution order (a topological order of `graph`).
    pub regions: Vec<DispatchRegion>,
    /// Node weights are indices into `regions`; an edge carries a tensor from producer to consumer
    /// (a region reading an in-place concat's result depends on its operands' producers).
    pub graph: DiGraph<usize, ValueId>,
    /// In body order; an operand of one may be the result of another (nested).
    pub in_place_concats: Vec<InPlaceConcat>,
}

/// How fusion sees one op.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpClass {
    /// Materialized inline: splat constants, scalar constants, `tensor.empty`.
    Free,
    /// A dense constant: becomes a constant buffer.
    DenseConstant,
    /// Cheap per-element work or an index remapping.
    Elementwise,
    /// Only an index remapping (`pad`, reshapes): fusible even into contractions.
    IndexRemap,
    Reduction,
    Softmax,
}

pub fn classify(kind: &OpKind) -> OpClass {
    match kind {
        OpKind::Constant(ConstantValue::Splat(_)) | OpKind::Empty => OpClass::Free,
        OpKind::Constant(ConstantValue::Dense(_)) => OpClass::DenseConstant,
        OpKind::Generic(g) if g.iterator_types.contains(&IteratorType::Reduction) => {
            OpClass::Reduction
        }
        OpKind::Generic(_)
        | OpKind::Concat { .. }
        | OpKind::Gather { .. }
        | OpKind::GatherElements { .. } => OpClass::Elementwise,
        OpKind::Pad { .. } | OpKind::CollapseShape { .. } | OpKind::ExpandShape { .. } => {
            OpClass::IndexRemap
        }
        OpKind::Softmax { .. } => OpClass::Softmax,
        // Named ops are gone after `decompose`; treat anything else as its own root.
        _ => OpClass::Reduction,
    }
}

/// The block arguments a scalar body reads.
pub fn body_arguments_used(body: &ScalarBody) -> HashSet<u32> {
    let mut used = HashSet::new();
    let mut note = |r: &ScalarRef| {
        if let ScalarRef::Argument(a) = r {
            used.insert(*a);
        }
    };
    for inst in &body.instructions {
        inst.operands.iter().for_each(&mut note);
    }
    body.yields.iter().for_each(&mut note);
    used
}

impl Partition {
    pub fn print(&self, function: &Function) -> String {
        let v = |x: &ValueId| format!("%{}", x.index());
        let list = |xs: &[ValueId]| xs.iter().map(v).collect::<Vec<_>>().join(", ");
        let mut out = String::new();
        for r in &self.regions {
            out.push_str(&format!(
                "region @{} root {}",
                r.name,
                function.ops[r.root].kind.name()
            ));
            out.push_str(&format!(" -> {}", list(&function.ops[r.root].results)));
            if let Some(e) = r.epilogue_root {
                out.push_str(&format!(" epilogue -> {}", list(&function.ops[e].results)));
            }
            out.push_str(&format!(
                "\n  inputs ({}) outputs ({})\n",
                list(&r.inputs),
                list(&r.outputs)
            ));
            for &op in &r.ops {
                let o = &function.ops[op];
                out.push_str(&format!(
                    "  {} = {}({})\n",
                    list(&o.results),
                    o.kind.name(),
                    list(&o.operands)
                ));
            }
        }
        for c in &self.in_place_concats {
            out.push_str(&format!(
                "in-place concat {} = ({}) along dim {}{}\n",
                v(&c.result),
                list(&c.operands),
                c.dimension,
                c.slice_of
                    .map(|p| format!(", a slice of {}", v(&p)))
                    .unwrap_or_default()
            ));
        }
        for e in self.graph.raw_edges() {
            out.push_str(&format!(
                "edge @{} -> @{} ({})\n",
                self.regions[self.graph[e.source()]].name,
                self.regions[self.graph[e.target()]].name,
                v(&e.weight)
            ));
        }
        out
    }

    /// The tensors the dispatches store: the regions' outputs and the in-place concats' results
    /// (assembled by the regions storing their operands).
    pub fn stored_values(&self) -> HashSet<ValueId> {
        self.regions
            .iter()
            .flat_map(|r| r.outputs.iter().copied())
            .chain(self.in_place_concats.iter().map(|c| c.result))
            .collect()
    }

    /// Every operand of an in-place concat is stored by a region (or is a nested in-place
    /// concat): bufferize has nothing else to give a slice of the concat's buffer.
    pub fn check_in_place_operands(&self) -> Result<(), String> {
        let stored = self.stored_values();
        for c in &self.in_place_concats {
            if let Some(x) = c.operands.iter().find(|x| !stored.contains(x)) {
                return Err(format!(
                    "operand %{} of in-place concat %{} is stored by no region",
                    x.index(),
                    c.result.index()
                ));
            }
        }
        Ok(())
    }

    /// Every body op that needs work is in exactly one region (an in-place concat in none, its
    /// operands stored by regions); outputs are produced inside.
    pub fn verify(&self, function: &Function) -> Result<(), String> {
        let mut owner: HashMap<OpId, &str> = HashMap::new();
        for r in &self.regions {
            for &op in &r.ops {
                if let Some(other) = owner.insert(op, &r.name) {
                    return Err(format!(
                        "op #{} is in regions {other} and {}",
                        op.index(),
                        r.name
                    ));
                }
            }
            if !r.ops.contains(&r.root) {
                return Err(format!("region {} does not contain its root", r.name));
            }
        }
        let mut in_place = HashSet::new();
        for c in &self.in_place_concats {
            in_place.insert(c.op);
            if owner.contains_key(&c.op) {
                return Err(format!(
                    "in-place concat %{} is in a region",
                    c.result.index()
                ));
            }
        }
        self.check_in_place_operands()?;
        for &op in &function.body {
            let class = classify(&function.ops[op].kind);
            if !matches!(class, OpClass::Free | OpClass::DenseConstant)
                && !owner.contains_key(&op)
                && !in_place.contains(&op)
            {
                return Err(format!(
                    "op #{} ({}) is in no region",
                    op.index(),
                    function.ops[op].kind.name()
                ));
            }
        }
        Ok(())
    }
}

/// Users of each value among the body's ops.
pub fn users(function: &Function) -> HashMap<ValueId, Vec<OpId>> {
    let mut users: HashMap<ValueId, Vec<OpId>> = HashMap::new();
    for &op in &function.body {
        for &v in &function.ops[op].operands {
            let list = users.entry(v).or_default();
            // An op reading `v` twice was pushed last (ops are visited one at a time); checking
            // the whole list would make a value with many users (a shared `tensor.empty`)
            // quadratic.
            if list.last() != Some(&op) {
                list.push(op);
            }
        }
    }
    users
}

//! Queries on the Tensor IR's structured ops that kernel configuration and the lowering
//! mechanics both ask: loop sizes of a generic, the combiner of a reduction body, and whether a
//! contraction is a plain (batch) matmul.

use crate::buffer_plan::dim_expr;
use crate::kernel_ir as k;
use crate::partition::body_arguments_used;
use crate::size_expr::SizeExpr;
use kiln_frontend::*;
use std::collections::HashSet;

mod bf16;
mod reindex;
pub use bf16::round_to_bf16_in_body;
pub use reindex::{epilogue_reindexing, region_epilogue_reindexing, Reindex};

/// The size of each loop dimension of a generic, from the first operand dimension indexed by
/// exactly that loop dimension.
pub fn loop_sizes(f: &Function, op: &Op, g: &Generic) -> Option<Vec<SizeExpr>> {
    let n = g.iterator_types.len();
    let mut sizes: Vec<Option<SizeExpr>> = vec![None; n];
    for (operand, m) in op.operands.iter().zip(&g.indexing_maps) {
        let Some(t) = f.values[*operand].ty.as_tensor() else {
            continue;
        };
        for (j, e) in m.results.iter().enumerate() {
            if let AffineExpr::Dim(d) = e {
                if sizes[*d].is_none() {
                    sizes[*d] = Some(dim_expr(&t.shape[j]));
                }
            }
        }
    }
    sizes.into_iter().collect()
}

/// Recognized `combine(f(inputs), acc)` bodies.
pub(crate) struct Combiner {
    pub op: k::ReduceOp,
    /// The operand of the final instruction that does not read the accumulator.
    pub partial: ScalarRef,
}

/// Whether `r` reads block argument `arg`: a walk with an explicit stack, each instruction
/// visited once (a body may be a long chain, or a DAG with many paths).
pub(crate) fn depends_on(body: &ScalarBody, r: ScalarRef, arg: u32) -> bool {
    let mut stack = vec![r];
    let mut seen = HashSet::new();
    while let Some(r) = stack.pop() {
        match r {
            ScalarRef::Argument(a) if a == arg => return true,
            ScalarRef::Instruction(i) if seen.insert(i) => {
                if let Some(inst) = body.instructions.get(i as usize) {
                    stack.extend(inst.operands.iter().copied());
                }
            }
            _ => {}
        }
    }
    false
}

pub(crate) fn recognize_combiner(body: &ScalarBody, acc_arg: u32) -> Option<Combiner> {
    let ScalarRef::Instruction(last) = *body.yields.first()? else {
        return None;
    };
    let inst = &body.instructions[last as usize];
    let op = match inst.op {
        ScalarOp::AddF | ScalarOp::AddI => k::ReduceOp::Add,
        ScalarOp::MulF | ScalarOp::MulI => k::ReduceOp::Mul,
        ScalarOp::MaximumF | ScalarOp::MaxSI => k::ReduceOp::Max,
        ScalarOp::MinimumF | ScalarOp::MinSI => k::ReduceOp::Min,
        _ => return None,
    };
    let [a, b] = inst.operands[..] else {
        return None;
    };
    let partial = if a == ScalarRef::Argument(acc_arg) && !depends_on(body, b, acc_arg) {
        b
    } else if b == ScalarRef::Argument(acc_arg) && !depends_on(body, a, acc_arg) {
        a
    } else {
        return None;
    };
    Some(Combiner { op, partial })
}

/// Whether a two-input body adds `x * y` (each input read as is or widened by `arith.extf`)
/// into the accumulator (argument `acc_arg`): what the cooperative-matrix
/// pipelines compute whatever the body says.
pub(crate) fn adds_input_products(body: &ScalarBody, acc_arg: u32) -> bool {
    let Some(Combiner {
        op: k::ReduceOp::Add,
        partial: ScalarRef::Instruction(product),
    }) = recognize_combiner(body, acc_arg)
    else {
        return false;
    };
    let inst = &body.instructions[product as usize];
    let input = |mut r: ScalarRef| loop {
        match r {
            ScalarRef::Argument(a) => return Some(a),
            ScalarRef::Instruction(i) => {
                let inst = &body.instructions[i as usize];
                match (inst.op, &inst.operands[..]) {
                    (ScalarOp::ExtF, &[x]) => r = x,
                    _ => return None,
                }
            }
            _ => return None,
        }
    };
    match (inst.op, &inst.operands[..]) {
        (ScalarOp::MulF, &[a, b]) => {
            matches!(
                (input(a), input(b)),
                (Some(0), Some(1)) | (Some(1), Some(0))
            )
        }
        _ => false,
    }
}

/// Whether no reduction dim longer than 1 appears inside a compound index expression (a sum
/// or product of dims) of `g`'s maps: a pointwise (1x1) convolution, not a windowed one.
pub(crate) fn pointwise_reduction(g: &Generic, sizes: &[SizeExpr]) -> bool {
    g.indexing_maps.iter().all(|map| {
        map.results.iter().all(|e| {
            if matches!(e, AffineExpr::Dim(_)) {
                return true;
            }
            let mut used = vec![false; g.iterator_types.len()];
            e.collect_dims(&mut used);
            (0..used.len()).all(|d| {
                !used[d] || g.iterator_types[d] != IteratorType::Reduction || sizes[d].is_const(1)
            })
        })
    })
}

/// A plain (batch) matmul with a uniform fill as init, as `plain_matmul_problem` reads it.
pub(crate) struct PlainMatmul {
    pub dims: MatmulDims,
    pub batch: SizeExpr,
    pub m: SizeExpr,
    pub n: SizeExpr,
    pub k: SizeExpr,
    /// lhs, rhs, result.
    pub dtypes: [DType; 3],
}

/// `op` as a plain (batch) matmul: a two-input contraction summing products of both inputs,
/// row-major maps, a uniform fill as init.
pub(crate) fn plain_matmul_problem(f: &Function, op: &Op) -> Option<PlainMatmul> {
    let OpKind::Generic(g) = &op.kind else {
        return None;
    };
    if !sums_products_of_two_inputs(op, g) {
        return None;
    }
    let dims = matmul_dims(g, &[0, 1])?;
    if !plain_matmul_maps(g, &dims) {
        return None;
    }
    let fill_init = f
        .defining_op(op.operands[2])
        .is_some_and(|fill| is_uniform_fill(f, fill));
    if !fill_init {
        return None;
    }
    let sizes = loop_sizes(f, op, g)?;
    let group = |d: &[usize]| SizeExpr::product(d.iter().map(|&x| &sizes[x]));
    Some(PlainMatmul {
        batch: group(&dims.batch),
        m: group(&dims.m),
        n: group(&dims.n),
        k: group(&dims.k),
        dims,
        dtypes: [op.operands[0], op.operands[1], op.results[0]].map(|v| f.values[v].ty.dtype()),
    })
}

/// Whether generic `op` (`g`) has two inputs, both read by its body, and one result that it
/// accumulates by addition: a matmul-like contraction's body.
pub(crate) fn sums_products_of_two_inputs(op: &Op, g: &Generic) -> bool {
    g.num_inputs == 2
        && op.results.len() == 1
        && recognize_combiner(&g.body, 2).is_some_and(|c| c.op == k::ReduceOp::Add)
        && [0, 1]
            .iter()
            .all(|i| body_arguments_used(&g.body).contains(i))
}

/// The maps of a plain (batch) matmul, row-major: lhs `batch.., m.., k`, rhs `batch.., k, n`,
/// result `batch.., m.., n`, with one k and one n dim (several m dims: rows of a batch times a
/// shared rhs).
pub(crate) fn plain_matmul_maps(g: &Generic, dims: &MatmulDims) -> bool {
    let ([n], [kd]) = (&dims.n[..], &dims.k[..]) else {
        return false;
    };
    let reads = |i: usize, rows: &[usize], column: usize| {
        let expected = dims
            .batch
            .iter()
            .chain(rows)
            .chain([&column])
            .map(|&x| AffineExpr::Dim(x));
        g.indexing_maps[i].results.iter().cloned().eq(expected)
    };
    reads(0, &dims.m, *kd) && reads(1, &[*kd], *n) && reads(2, &dims.m, *n)
}

/// A fill, or its generalized form (a generic whose inputs are all read through maps with no
/// results): the same value at every point.
pub(crate) fn is_uniform_fill(f: &Function, fill: OpId) -> bool {
    match &f.ops[fill].kind {
        OpKind::Fill => true,
        OpKind::Generic(fill) => fill.indexing_maps[..fill.num_inputs]
            .iter()
            .all(|map| map.results.is_empty()),
        _ => false,
    }
}

/// The loop dims of a matmul-like generic (an implicit GEMM: each role is a group of loop dims,
/// linearized row-major).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatmulDims {
    /// Parallel dims read by both inputs.
    pub batch: Vec<usize>,
    /// Parallel dims read by the first input only (rows).
    pub m: Vec<usize>,
    /// Parallel dims read by the second input only (columns).
    pub n: Vec<usize>,
    /// The reduction dims.
    pub k: Vec<usize>,
}

/// Recognizes a matmul-like generic: two used tensor inputs, every parallel dim in the output
/// (a projection), every reduction dim read by both inputs, at least one row and one column dim.
/// Matmul, batch matmul and the non-depthwise convolutions (window maps included) qualify.
pub fn matmul_dims(g: &Generic, used_inputs: &[usize]) -> Option<MatmulDims> {
    if g.num_inputs != 2 || used_inputs != [0, 1] || g.indexing_maps.len() != 3 {
        return None;
    }
    let n = g.iterator_types.len();
    let used = |map: &kiln_frontend::AffineMap| {
        let mut used = vec![false; n];
        for e in &map.results {
            e.collect_dims(&mut used);
        }
        used
    };
    let (a, b) = (used(&g.indexing_maps[0]), used(&g.indexing_maps[1]));
    let out = g.indexing_maps[2].as_projection()?;
    let mut dims = MatmulDims {
        batch: vec![],
        m: vec![],
        n: vec![],
        k: vec![],
    };
    for d in 0..n {
        match g.iterator_types[d] {
            IteratorType::Reduction if a[d] && b[d] => dims.k.push(d),
            IteratorType::Reduction => return None,
            IteratorType::Parallel if !out.contains(&d) => return None,
            IteratorType::Parallel => match (a[d], b[d]) {
                (true, true) => dims.batch.push(d),
                (true, false) => dims.m.push(d),
                (false, true) => dims.n.push(d),
                (false, false) => return None,
            },
        }
    }
    if dims.m.is_empty() || dims.n.is_empty() || dims.k.is_empty() {
        return None;
    }
    Some(dims)
}

/// Whether both operands of a contraction read its single reduced dim innermost (each output
/// the dot product of two rows contiguous along it).
pub(crate) fn dot_rows_operands(g: &Generic, dims: &MatmulDims) -> bool {
    let &[k] = &dims.k[..] else {
        return false;
    };
    (0..2).all(|i| g.indexing_maps[i].results.last() == Some(&AffineExpr::Dim(k)))
}

/// The reduced dims in the order operand `input` reads them (its innermost last; dims it does
/// not read first), so consecutive flat row indices are consecutive elements.
pub(crate) fn reduced_order(g: &Generic, input: usize, reduction_dims: &[usize]) -> Vec<usize> {
    let mut order: Vec<usize> = Vec::new();
    for e in &g.indexing_maps[input].results {
        if let AffineExpr::Dim(d) = e {
            if reduction_dims.contains(d) && !order.contains(d) {
                order.push(*d);
            }
        }
    }
    let missing: Vec<usize> = reduction_dims
        .iter()
        .copied()
        .filter(|d| !order.contains(d))
        .collect();
    order.splice(0..0, missing);
    order
}

pub use crate::size_expr::row_major_strides;

/// Whether operand `arg` of `g` is read as `[rows, columns]`: one loop dim each, in this order.
pub(crate) fn reads_row_major(g: &Generic, arg: usize, rows: &[usize], columns: &[usize]) -> bool {
    matches!((rows, columns), ([r], [c])
        if g.indexing_maps[arg].results == [AffineExpr::Dim(*r), AffineExpr::Dim(*c)])
}

/// The outer values (function-level scalars, `ScalarRef::Outer`) a generic's or reduce's
/// body reads; none for other ops.
pub(crate) fn outer_values(op: &Op) -> Vec<ValueId> {
    let body = match &op.kind {
        OpKind::Generic(g) => &g.body,
        OpKind::Reduce(r) => &r.body,
        _ => return Vec::new(),
    };
    body.instructions
        .iter()
        .flat_map(|i| i.operands.iter())
        .chain(&body.yields)
        .filter_map(|r| match r {
            ScalarRef::Outer(v) => Some(*v),
            _ => None,
        })
        .collect()
}

/// Removes the body ops that `removable` accepts and whose results nothing reads (operands,
/// body outer values, the function's results), last to first, so that a chain of them goes
/// at once.
pub(crate) fn remove_dead_ops(f: &mut Function, removable: impl Fn(&Op) -> bool) {
    let mut used: HashSet<ValueId> = f.results.iter().copied().collect();
    let mut keep = vec![true; f.body.len()];
    for (position, &op_id) in f.body.iter().enumerate().rev() {
        let op = &f.ops[op_id];
        if removable(op) && !op.results.iter().any(|r| used.contains(r)) {
            keep[position] = false;
            continue;
        }
        used.extend(op.operands.iter().copied());
        used.extend(outer_values(op));
    }
    let mut position = 0;
    f.body.retain(|_| {
        position += 1;
        keep[position - 1]
    });
}

/// Whether `to` is `from` through float casts (one-input all-parallel generics whose body
/// yields one `extf` / `truncf` of its argument) and reshapes only.
pub fn casts_between(f: &Function, from: ValueId, mut to: ValueId) -> bool {
    while to != from {
        let Some(op) = f.defining_op(to) else {
            return false;
        };
        let op = &f.ops[op];
        to = match &op.kind {
            OpKind::ExpandShape { .. } | OpKind::CollapseShape { .. } => op.operands[0],
            OpKind::Generic(g)
                if g.num_inputs == 1
                    && g.iterator_types
                        .iter()
                        .all(|t| *t == IteratorType::Parallel)
                    && matches!(&g.body.instructions[..], [i]
                        if matches!(i.op, ScalarOp::ExtF | ScalarOp::TruncF)
                            && i.operands[..] == [ScalarRef::Argument(0)])
                    && g.body.yields[..] == [ScalarRef::Instruction(0)] =>
            {
                op.operands[0]
            }
            _ => return false,
        };
    }
    true
}

/// The value that `value` collapses when it is one or more `collapse_shape`s for which `inside`
/// holds (the ops of one dispatch region), followed back to the first value not made so: a
/// linear layer's rows that a model reshapes twice (GPT-2's merged heads `[B, S, H, D]` ->
/// `[B, S, H * D]` -> `[B * S, H * D]`). `expand_shape`s below the last collapse are followed
/// too (row-major reshapes all, the elements keep their order): a classifier's `Flatten` of a
/// global pool's `[N, C]` expanded to `[N, C, 1, 1]`. `None` when `value` is not such a
/// collapse.
pub(crate) fn collapsed_source(
    f: &Function,
    value: ValueId,
    inside: impl Fn(OpId) -> bool,
) -> Option<ValueId> {
    let mut source = None;
    let mut at = value;
    let first = f.defining_op(value).map(|op| &f.ops[op].kind);
    if !matches!(first, Some(OpKind::CollapseShape { .. })) {
        return None;
    }
    while let Some(op) = f.defining_op(at).filter(|&op| inside(op)) {
        let op = &f.ops[op];
        if !matches!(
            op.kind,
            OpKind::CollapseShape { .. } | OpKind::ExpandShape { .. }
        ) {
            break;
        }
        at = op.operands[0];
        source = Some(at);
    }
    source
}

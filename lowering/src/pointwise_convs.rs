//! `pointwise-convs`: f16 1x1 convolutions become plain matmuls.
//!
//! After `channels-last`, a 1x1 stride-1 unpadded convolution reads its input as
//! `(n, oh + kh, ow + kw, c)` and its HWCF filter as `(kh, kw, c, f)` with `kh` and `kw` loop
//! dims of size 1: the computation is the matmul `[N*H*W, C] x [C, F]`, but its maps are not a
//! plain matmul's, so it took the implicit-GEMM kernels (im2col index arithmetic per element,
//! subgroup-scope cooperative matrices staged by hand: 9 TFLOP/s for ResNet-50's 64 -> 256
//! convs at batch 32 on 132 compute units) instead of the workgroup-scope tensor kernel that
//! plain f16 matmuls take (over 300 TFLOP/s at large sizes). This pass drops the unit reduction
//! dims from the loop: their indices become 0 in every map (`oh + kh` is `oh`), and the filter
//! constant, whose data does not move when size-1 dims go, is retyped `[C, F]`. A contraction
//! is rewritten only when the result is a plain (batch) matmul (`plain_matmul_problem`): lhs
//! `(rows.., k)`, rhs `(k, n)`, result `(rows.., n)`.
//!
//! Only contractions of at least `Heuristics::pointwise_conv_min_macs` multiply-adds (2^24;
//! `large_matmul_min_macs`, 2^30, where a size is symbolic: `Heuristics::measured_floor`; those the
//! workgroup-scope kernel takes with their epilogue: all of ResNet-50's at batch 32): smaller
//! ones keep the conv pipelines, which a plain matmul does not get (the conv SIMT tiling,
//! `cooperative_matrix_conv_min_n`; with the rewrite unconditional, ResNet-50 at batch 1 went
//! 1.42 -> 1.59 ms and EfficientNet-B0 at batch 32 4.02 -> 4.31, measured together with the
//! SIMT rule for small-N convs, not apart). And only f16 x f16 ones
//! (`--precision f16`, or an f16 model): f32 pointwise convs have
//! their own tuned pipeline (split bf16 planes, `takes_split_cooperative_matrix`) that this
//! would replace unmeasured. The filter must be a dense constant read by this op alone (a
//! shared one is left as it is). Strided, padded, grouped and windowed convolutions, and NCHW
//! ones (the filter `(f, c)` would need its data transposed), are not changed.
//!
//! Runs after `channels-last` (it needs the NHWC / HWCF maps) and before `split-reduction` and
//! `merge-matmuls`, which then see a plain matmul.

use crate::error::CompileError;
use crate::heuristics::Heuristics;
use crate::pass::{CompilationUnit, Pass, Phase};
use crate::structured::{loop_sizes, plain_matmul_problem, sums_products_of_two_inputs};
use kiln_frontend::*;

pub struct PointwiseConvs;

impl Pass for PointwiseConvs {
    fn name(&self) -> &'static str {
        "pointwise-convs"
    }
    fn summary(&self) -> &'static str {
        "f16 1x1 stride-1 convolutions (NHWC / HWCF) -> plain matmuls (unit window dims dropped)"
    }
    fn requires(&self) -> Phase {
        Phase::Canonical
    }
    fn produces(&self) -> Phase {
        Phase::Canonical
    }
    fn run(&self, unit: &mut CompilationUnit) -> Result<(), CompileError> {
        pointwise_convs(&mut unit.function, &unit.target.heuristics);
        Ok(())
    }
}

/// Rewrites every contraction of `f` that qualifies (module docs); returns how many.
pub fn pointwise_convs(f: &mut Function, heuristics: &Heuristics) -> usize {
    let mut rewritten = 0;
    for op_id in f.body.clone() {
        let Some((generic, filter_type)) = rewritten_contraction(f, op_id, heuristics) else {
            continue;
        };
        // Only the plain matmul form is wanted: check it on the rewritten op.
        let filter = f.ops[op_id].operands[1];
        let old_type =
            std::mem::replace(&mut f.values.get_mut(filter).ty, Type::Tensor(filter_type));
        let candidate = Op {
            kind: OpKind::Generic(generic),
            ..f.ops[op_id].clone()
        };
        if plain_matmul_problem(f, &candidate).is_none() {
            f.values.get_mut(filter).ty = old_type;
            continue;
        }
        f.ops.get_mut(op_id).kind = candidate.kind;
        rewritten += 1;
    }
    rewritten
}

/// The contraction `op_id` without its unit reduction dims, and its filter's new type, where
/// it qualifies (but for the plain matmul form, which the caller checks).
fn rewritten_contraction(
    f: &Function,
    op_id: OpId,
    heuristics: &Heuristics,
) -> Option<(Generic, TensorType)> {
    let op = &f.ops[op_id];
    let OpKind::Generic(g) = &op.kind else {
        return None;
    };
    if !sums_products_of_two_inputs(op, g) || plain_matmul_problem(f, op).is_some() {
        return None;
    }
    let dtype = |v: ValueId| f.values[v].ty.dtype();
    if dtype(op.operands[0]) != DType::F16 || dtype(op.operands[1]) != DType::F16 {
        return None;
    }
    let sizes = loop_sizes(f, op, g)?;
    let unit: Vec<bool> = (0..sizes.len())
        .map(|d| g.iterator_types[d] == IteratorType::Reduction && sizes[d].is_const(1))
        .collect();
    if !unit.contains(&true) {
        return None;
    }
    // Large enough for the workgroup-scope kernel (`pointwise_conv_min_macs` multiply-adds, a
    // symbolic size counting `dynamic_m_rows`): smaller ones keep the conv pipelines (the
    // conv SIMT tiling, `cooperative_matrix_conv_min_n`), which a plain matmul would not get.
    let macs = sizes.iter().fold(1i64, |total, size| {
        total.saturating_mul(size.as_const().unwrap_or(heuristics.dynamic_m_rows))
    });
    // Symbolic sizes keep `large_matmul_min_macs`, as the fused-epilogue rule does for a
    // dynamic M: the pass alone at the lower floor loses.
    let static_sizes = sizes.iter().all(|s| s.as_const().is_some());
    let min_macs = heuristics.measured_floor(heuristics.pointwise_conv_min_macs, static_sizes);
    if macs < min_macs {
        return None;
    }
    // The filter: a dense constant read by this op alone; its map's results at the unit dims go.
    let filter = op.operands[1];
    let defining = f.defining_op(filter)?;
    if !matches!(
        f.ops[defining].kind,
        OpKind::Constant(ConstantValue::Dense(_))
    ) || uses(f, filter) != 1
    {
        return None;
    }
    let filter_type = f.values[filter].ty.as_tensor()?;
    let filter_map = &g.indexing_maps[1];
    let is_unit = |e: &AffineExpr| matches!(e, AffineExpr::Dim(d) if unit[*d]);
    if filter_map.results.len() != filter_type.rank() {
        return None;
    }
    let mut filter_shape = Vec::new();
    let mut filter_results = Vec::new();
    for (e, dim) in filter_map.results.iter().zip(&filter_type.shape) {
        if !is_unit(e) {
            filter_shape.push(dim.clone());
            filter_results.push(e.clone());
        }
    }
    // The new loop dims: the old ones but the unit reduction dims, in order.
    let mut new_of = vec![usize::MAX; sizes.len()];
    let mut kept = 0;
    for (d, &u) in unit.iter().enumerate() {
        if !u {
            new_of[d] = kept;
            kept += 1;
        }
    }
    let mut generic = g.clone();
    generic.iterator_types = (0..sizes.len())
        .filter(|&d| !unit[d])
        .map(|d| g.iterator_types[d])
        .collect();
    for (i, map) in generic.indexing_maps.iter_mut().enumerate() {
        if i == 1 {
            map.results = filter_results.clone();
        }
        for e in &mut map.results {
            *e = without_dims(e, &unit);
            e.rename_dims(&new_of);
        }
        map.num_dims = kept;
    }
    Some((generic, TensorType::new(filter_shape, filter_type.dtype)))
}

/// How many operands of `f`'s ops (and results of `f`) are `v`.
fn uses(f: &Function, v: ValueId) -> usize {
    let in_ops: usize = f
        .body
        .iter()
        .map(|&op| f.ops[op].operands.iter().filter(|&&o| o == v).count())
        .sum();
    in_ops + f.results.iter().filter(|&&r| r == v).count()
}

/// `e` with the dims marked in `gone` replaced by 0 and sums / products with 0 folded.
fn without_dims(e: &AffineExpr, gone: &[bool]) -> AffineExpr {
    use AffineExpr as E;
    let zero = |e: &E| matches!(e, E::Constant(0));
    match e {
        E::Dim(d) if gone[*d] => E::Constant(0),
        E::Dim(_) | E::Symbol(_) | E::Constant(_) => e.clone(),
        E::Add(a, b) => {
            let (a, b) = (without_dims(a, gone), without_dims(b, gone));
            match (&a, &b) {
                _ if zero(&a) => b,
                _ if zero(&b) => a,
                (E::Constant(x), E::Constant(y)) => E::Constant(x + y),
                _ => E::Add(Box::new(a), Box::new(b)),
            }
        }
        E::Mul(a, b) => {
            let (a, b) = (without_dims(a, gone), without_dims(b, gone));
            if zero(&a) || zero(&b) {
                E::Constant(0)
            } else {
                E::Mul(Box::new(a), Box::new(b))
            }
        }
        E::FloorDiv(a, b) => E::FloorDiv(
            Box::new(without_dims(a, gone)),
            Box::new(without_dims(b, gone)),
        ),
        E::CeilDiv(a, b) => E::CeilDiv(
            Box::new(without_dims(a, gone)),
            Box::new(without_dims(b, gone)),
        ),
        E::Mod(a, b) => E::Mod(
            Box::new(without_dims(a, gone)),
            Box::new(without_dims(b, gone)),
        ),
    }
}

//! Split reduction: whether a contraction whose output tiles cannot fill the device is split
//! along one reduction dim into slices ([`choose_reduction_split`]), as MLIR's
//! `linalg::splitReduction` and IREE's split-reduction do. The `split-reduction` pass then
//! rewrites it into a contraction with one more parallel dim (the slice) writing partial
//! results, and a reduction over the slices that takes the contraction's epilogue.
//!
//! It is for the contractions that the SIMT / subgroup pipelines take (convolutions, batched
//! or transposed products): a plain matmul has its own split-K kernels (`split_k`, the split
//! bf16 pipeline's slices), which work on its tiles directly.

use super::contraction::tuning_key;
use super::matmul_pipeline::contraction_pipeline;
use super::region::gemv_rows;
use crate::size_expr::SizeExpr;
use crate::structured::{
    dot_rows_operands, loop_sizes, matmul_dims, plain_matmul_problem, pointwise_reduction,
    sums_products_of_two_inputs,
};
use crate::target::LoweringTarget;
use kiln_frontend::{AffineExpr, DType, Function, Op, OpKind};
use kiln_spirv_ir::target::DeviceType;

/// A contraction's split: loop dim `dim` (a reduction dim) becomes `slices` slices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReductionSplit {
    pub dim: usize,
    pub slices: u32,
}

/// The split of contraction `op` on `target`, if it takes one: an f32 two-input sum of
/// products (of f32 or f16 operands) with static sizes, not a plain matmul, on a GPU, whose
/// tiled kernel (the one kernel configuration will choose, [`contraction_pipeline`]: SIMT or
/// cooperative matrices, swapped or not) would have fewer than
/// `Heuristics::split_reduction_below_groups` workgroups. The slices are the fewest (a
/// power of two) that bring the grid to `split_reduction_groups`, each slice keeping at least
/// `split_reduction_min_slice` multiply-adds per output, along the largest reduction dim that
/// both inputs index directly (a convolution's input channels) and the slices divide (into at
/// least 4 where input 0 holds that dim innermost, read with vec4 loads).
pub fn choose_reduction_split(
    f: &Function,
    op: &Op,
    target: &LoweringTarget,
) -> Option<ReductionSplit> {
    if target.env.device_type == DeviceType::Cpu {
        return None;
    }
    let OpKind::Generic(g) = &op.kind else {
        return None;
    };
    if !sums_products_of_two_inputs(op, g)
        || op.operands.len() != 3
        || plain_matmul_problem(f, op).is_some()
    {
        return None;
    }
    let dtypes = [op.operands[0], op.operands[1], op.results[0]].map(|v| f.values[v].ty.dtype());
    // f32 sums: of f32 operands, or of f16 ones (`--precision f16`, whose cooperative-matrix
    // kernels leave a GPU as idle as SIMT ones where the output tiles are few: ResNet-50's 3x3
    // convs at 7x7x512 launched 8 workgroups at batch 1).
    if !matches!(
        dtypes,
        [DType::F32, DType::F32, DType::F32] | [DType::F16, DType::F16, DType::F32]
    ) {
        return None;
    }
    let dims = matmul_dims(g, &[0, 1])?;
    let sizes = loop_sizes(f, op, g)?;
    let static_sizes: Vec<i64> = sizes
        .iter()
        .map(SizeExpr::as_const)
        .collect::<Option<_>>()?;
    let group = |d: &[usize]| SizeExpr::product(d.iter().map(|&x| &sizes[x]));
    let (batch, m, n, k) = (
        group(&dims.batch),
        group(&dims.m),
        group(&dims.n),
        group(&dims.k),
    );
    let key = tuning_key(dtypes, &batch, &m, &n, &k);
    let h = &target.heuristics;
    // The grid of the tiled kernel (`contraction_pipeline`), also where the few-rows kernel
    // takes the contraction (`gemv_rows`: convs with few output pixels): sized from its own
    // grid instead (8 rows and 32 columns a workgroup), the split takes fewer slices and runs
    // slower (132 compute units, ResNet-50 at batch 1: 3.64 against 3.15 ms; the 3x3 convs
    // at 7x7x512 get 8 slices instead of 32, the 1x1 convs at 7x7 none). Outputs that are dot
    // products of two contiguous rows (both inputs read the single reduced dim innermost) on
    // few rows take the dot-rows kernel, a subgroup per output: many workgroups, no split.
    // Few narrow outputs (`Heuristics::gemv_narrow_max_outputs`: a squeeze-and-excitation
    // conv) take the few-rows kernel whatever their operands' layout.
    let pointwise = pointwise_reduction(g, &sizes);
    let few_rows = gemv_rows([&m, &n, &k], dtypes[0], &key, pointwise, target).is_some();
    let narrow = n.as_const().is_some_and(|n| n < h.gemv_min_nk);
    if few_rows && (narrow || dot_rows_operands(g, &dims)) {
        return None;
    }
    let pipeline =
        contraction_pipeline(f, op, g, &dims, &sizes, [&m, &n], dtypes, &key, target).ok()??;
    let (batch, m, n, k) = (
        batch.as_const()?,
        m.as_const()?,
        n.as_const()?,
        k.as_const()?,
    );
    let groups = batch * pipeline.workgroups(m, n);
    if groups >= h.split_reduction_below_groups {
        return None;
    }
    // The reduction dim to split: indexed directly (a bare `d`) by both inputs, once each.
    let direct = |d: usize| {
        (0..2).all(|i| {
            let results = &g.indexing_maps[i].results;
            let bare = results
                .iter()
                .filter(|e| matches!(e, AffineExpr::Dim(x) if *x == d))
                .count();
            let mut used = vec![false; g.iterator_types.len()];
            for e in results {
                if !matches!(e, AffineExpr::Dim(_)) {
                    e.collect_dims(&mut used);
                }
            }
            bare == 1 && !used[d]
        })
    };
    let dim = dims
        .k
        .iter()
        .copied()
        .filter(|&d| direct(d))
        .max_by_key(|&d| static_sizes[d])?;
    let outputs = batch * m * n;
    // Input 0 read along the split dim innermost (NHWC channels) with vec4 loads: each slice
    // keeps at least 4 (a 7x7 conv over 4 channels, the NHWC4 stem of `channels-last`, is not
    // cut into slices of 2 channels read with scalar loads). Slices of 10 or 14 channels
    // (Inception-v2's convs over 160 / 224 at batch 1, 16 slices) stay as they were.
    let vec4_inner = g.indexing_maps[0].results.last() == Some(&AffineExpr::Dim(dim))
        && static_sizes[dim] % 4 == 0;
    let mut slices = 1;
    while groups * slices < h.split_reduction_groups
        && slices < i64::from(h.split_reduction_max_slices)
        && static_sizes[dim] % (slices * 2) == 0
        && (!vec4_inner || static_sizes[dim] / (slices * 2) >= 4)
        && k / (slices * 2) >= h.split_reduction_min_slice
        && slices * 2 * outputs * 4 <= h.split_reduction_max_partial_bytes
    {
        slices *= 2;
    }
    (slices > 1).then_some(ReductionSplit {
        dim,
        slices: slices as u32,
    })
}

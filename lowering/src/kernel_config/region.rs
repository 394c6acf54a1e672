//! Region-level kernel configuration: which pipeline a dispatch region's root takes when the
//! choice spans the region (its producers, its fused epilogue, its M): the workgroup-scope
//! kernels and their epilogues, the few-rows (GEMV) kernel, split-K and the split bf16 pipeline.
//! Fusion asks [`prefers_workgroup_matrix`] / [`matrix_epilogue_fits`] while it forms regions;
//! `kernel-config` records the rest as each region's [`super::plan::KernelPlan`].

use super::contraction::*;
use super::matmul_pipeline::*;
use super::simt::MatmulConfig;
use super::split_k::*;
use super::workgroup_matrix::*;
use crate::kernel_ir::ScalarType;
use crate::partition::{DispatchRegion, RegionKind};
use crate::size_expr::SizeExpr;
use crate::structured::{plain_matmul_problem, PlainMatmul};
use crate::target::LoweringTarget;
use kiln_frontend::DType;
use kiln_frontend::{Function, Op, OpId, ValueId};

/// Whether contraction `op` is a plain (batch) matmul that the workgroup-scope
/// cooperative-matrix pipeline (VK_NV_cooperative_matrix2, `tensor_matmul`) would take if its
/// region held nothing but it and its fill, and large enough that this pays for a separate
/// dispatch of an element-wise consumer that it cannot apply to its accumulator (see
/// [`matrix_epilogue_fits`]). Fusion keeps such an epilogue out of the matmul's region: the
/// fused alternative, the subgroup (KHR) kernel, runs at about half its rate (132 compute
/// units, f16 4096^3: 180-190 against
/// 330-355 TFLOP/s), while the split costs one more write and read of the result. Break-even
/// is near K = 460 (2 * M * N * K * (1/180 - 1/330) TFLOP against 8 * M * N bytes at 3.5 TB/s).
/// Also true for an f32 matmul that the split bf16 pipeline takes (`split.rs`: about 52
/// TFLOP/s against 37 for the SIMT kernel with its epilogue fused). Large: K of at least
/// `Heuristics::large_matmul_min_k` and `large_matmul_min_macs` multiply-adds (a dynamic M
/// counts as `dynamic_m_rows`: f16 `?x4096 * 4096x4096` + bias + relu gains at M = 4096, see
/// benches/RESULTS.md).
pub(crate) fn prefers_workgroup_matrix(f: &Function, op: &Op, target: &LoweringTarget) -> bool {
    let Some(p) = plain_matmul_problem(f, op) else {
        return false;
    };
    // Split bf16 and split-K (`split_k.rs`) take it whatever its size.
    split_matrix_config(&p, target).is_some()
        || plain_split_k(&p, None, target).is_some()
        || large_workgroup_matrix(
            &p,
            target.heuristics.large_matmul_min_k,
            target.heuristics.large_matmul_min_macs,
            target,
        )
}

/// Whether f16 matmul `op`, whose fused epilogue runs on the accumulator (no extra dispatch),
/// is large enough for the workgroup-scope kernel whatever its K ([`large_workgroup_matrix`]
/// with no K bound). The K bound of [`prefers_workgroup_matrix`] prices a separate epilogue
/// dispatch, which a fitting epilogue does not need: the 1x1 convolutions that
/// `pointwise-convs` makes matmuls (K = 64 to 512 channels, M = a batch of pixels) took the
/// subgroup kernel at 9-25 TFLOP/s (ResNet-50 at batch 32, 132 compute units).
fn workgroup_matrix_pays_with_epilogue(f: &Function, op: &Op, target: &LoweringTarget) -> bool {
    plain_matmul_problem(f, op).is_some_and(|p| {
        let h = &target.heuristics;
        let min_macs = h.measured_floor(h.fused_epilogue_min_macs, p.m.as_const().is_some());
        p.dtypes[..2] == [DType::F16, DType::F16] && large_workgroup_matrix(&p, 0, min_macs, target)
    })
}

/// Whether plain matmul `p`, of one operand type with static batch, N and K of at least
/// `min_k`, has `min_macs` multiply-adds (a dynamic M, the rows of a linear layer:
/// a batch times a sequence, counting `dynamic_m_rows`) and a workgroup-scope tiling
/// ([`choose_workgroup_matrix_config`]).
fn large_workgroup_matrix(
    p: &PlainMatmul,
    min_k: i64,
    min_macs: i64,
    target: &LoweringTarget,
) -> bool {
    let (Some(b), Some(n), Some(k)) = (p.batch.as_const(), p.n.as_const(), p.k.as_const()) else {
        return false;
    };
    let h = &target.heuristics;
    let m = p.m.as_const().unwrap_or(h.dynamic_m_rows);
    if p.dtypes[0] != p.dtypes[1]
        || k < min_k
        || b.saturating_mul(m).saturating_mul(n).saturating_mul(k) < min_macs
    {
        return false;
    }
    let key = tuning_key(p.dtypes, &p.batch, &p.m, &p.n, &p.k);
    choose_workgroup_matrix_config([&p.m, &p.n, &p.k], p.dtypes[0], p.dtypes[2], &key, target)
        .is_ok_and(|c| c.is_some())
}

/// The value a workgroup-scope kernel (f16 or split bf16) stores for matmul `op`'s region: the
/// matmul's result, or its fused epilogue's when that runs on the accumulator
/// ([`matrix_epilogue_fits`]) and the matmul is large enough to prefer those kernels
/// ([`prefers_workgroup_matrix`]; small ones keep the subgroup kernel with the epilogue fused:
/// 132 compute units, `[3, 300, 520] x [3, 520, 260]` f16 + bias 18.8 against 38.3 us on 27 workgroups of
/// the workgroup-scope one). `None` for another fused epilogue.
pub(crate) fn workgroup_matrix_store(
    f: &Function,
    region: &DispatchRegion,
    op: &Op,
    target: &LoweringTarget,
) -> Option<ValueId> {
    match region.epilogue_root {
        None => Some(op.results[0]),
        // The tiles are stored in the root's layout: an epilogue reached through transposes
        // (`structured::reindex`) stores elsewhere; through reshapes alone (f16), the same
        // elements in the same order (`lower_to_kernels`' `result_view`).
        Some(_) if !reshapes_only(f, region) => None,
        Some(e)
            if matrix_epilogue_fits(f, op, e, target)
                && (prefers_workgroup_matrix(f, op, target)
                    || workgroup_matrix_pays_with_epilogue(f, op, target)) =>
        {
            Some(f.ops[e].results[0])
        }
        Some(_) => None,
    }
}

/// Whether `region` (rooted at a matmul) reads the matmul's operands straight from buffers
/// (no fused producer) and stores nothing but [`workgroup_matrix_store`]'s value: what the
/// workgroup-scope kernels (f16, split bf16) need of a region.
pub(crate) fn workgroup_matrix_region(
    f: &Function,
    region: &DispatchRegion,
    target: &LoweringTarget,
) -> bool {
    let op = &f.ops[region.root];
    workgroup_matrix_store(f, region, op, target).is_some_and(|stored| region.outputs == [stored])
        && op.operands.len() >= 2
        && op.operands[..2]
            .iter()
            .all(|&v| region.inputs.contains(&v) || collapses_region_input(f, region, v))
}

/// Whether the fused epilogue rooted at `epilogue_root` (an element-wise consumer of matmul
/// `op`'s result, reading it at the output point) can run on a workgroup-scope accumulator, as
/// a per-element operation before its tensor store ([`k::MatrixMap`], on VK_NV_cooperative_matrix2's
/// `cooperativeMatrixPerElementOperations`): it stores one f32 or f16 tensor, no wider than the
/// matmul's result. The epilogue then costs nothing measurable (132 compute units, f16 in / f32 acc 4096^3
/// with bias + relu: 409.6 against 410.5 us without), where a dispatch of its own rereads and
/// rewrites the whole result.
pub(crate) fn matrix_epilogue_fits(
    f: &Function,
    op: &Op,
    epilogue_root: OpId,
    target: &LoweringTarget,
) -> bool {
    let [stored] = f.ops[epilogue_root].results[..] else {
        return false;
    };
    let (out, acc) = (
        f.values[stored].ty.dtype(),
        f.values[op.results[0]].ty.dtype(),
    );
    target
        .env
        .has_capability(kiln_spirv_ir::spirv::Capability::CooperativeMatrixPerElementOperationsNV)
        && matches!(out, DType::F32 | DType::F16)
        && acc.is_float()
        && out.bit_width() <= acc.bit_width()
}

/// The split-operand bf16 pipeline's tiling for matmul `p`, when it takes it: a single N and K
/// dim; batch dims go to the grid, several M dims (the rows of `[B, S, K] x [K, N]`) collapse
/// into one (see `kernel_config::choose_split_matrix_config`, which sees the batch as rows).
pub(crate) fn split_matrix_config(
    p: &PlainMatmul,
    target: &LoweringTarget,
) -> Option<SplitMatrixConfig> {
    let single = |d: &[usize]| d.len() == 1;
    if !single(&p.dims.n) || !single(&p.dims.k) {
        return None;
    }
    let rows = p.batch.clone().mul(p.m.clone());
    let key = tuning_key(p.dtypes, &p.batch, &p.m, &p.n, &p.k);
    choose_split_matrix_config([&rows, &p.n, &p.k], p.dtypes, &key, target)
}

/// The shape of a few-rows workgroup.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GemvShape {
    pub invocations: u32,
    /// K steps an invocation loads before it uses them (independent loads in flight).
    pub unroll: u32,
    /// Adjacent columns an invocation sums: 4 (one vec4 of the rhs) or 1.
    pub width: u32,
}

impl GemvShape {
    /// Bytes of Workgroup memory the slice sums take (`acc_bytes` per accumulator) with
    /// `columns` columns a workgroup.
    pub(crate) fn shared_bytes(self, rows: u32, columns: u32, acc_bytes: u32) -> u64 {
        let slices = self.invocations / (columns / self.width);
        u64::from(slices * rows * columns * acc_bytes)
    }
    /// The first of `Heuristics::gemv_shapes` (more invocations and more loads in flight per
    /// invocation hide the latency of the weights' reads) that `target` can hold for `rows`
    /// rows.
    pub(crate) fn choose(
        rows: u32,
        width: u32,
        acc_bytes: u32,
        target: &LoweringTarget,
    ) -> Option<Self> {
        let limits = &target.env.limits;
        let columns = target.heuristics.gemv_columns;
        target
            .heuristics
            .gemv_shapes
            .iter()
            .map(|&(invocations, unroll)| GemvShape {
                invocations,
                unroll,
                width,
            })
            .find(|shape| {
                shape.invocations <= limits.max_compute_workgroup_invocations
                    && shape.shared_bytes(rows, columns, acc_bytes)
                        <= u64::from(limits.max_compute_shared_memory_size)
            })
    }
}

/// The most rows (M) the few-rows pipeline takes for `n` columns. Above `Heuristics::gemv_rows_per_workgroup` a
/// workgroup row takes 8 rows and each reads all of the rhs, which pays while the tiled
/// pipelines have few workgroups: with N <= 4096 they have at most 32 of 128 columns per 128
/// rows. 132 compute units, `relu(x * W + b)` f16, GPU us, tiled / few-rows: M x N x K = 16 x 4096 x 4096
/// 85.9 / 35.4; 32 x 4096 x 4096 88.1 / 62.9; 64 x 4096 x 4096 188.2 / 117.3; 64 x 1024 x 1024
/// 22.4 / 12.2; 64 x 4096 x 16384 670.0 / 453.3; 16 x 16384 x 4096 228.0 / 127.0; but 64 x 16384
/// x 4096 229.0 / 457.9 (f32, 16 x 4096 x 4096: 633.7 on the split pipeline / 54.2).
///
/// f16 operands on targets with workgroup-scope matrices stop at 32 rows: that kernel with
/// small tiles takes 64 rows of 4096 x 4096 in 53.3 us (`Heuristics::
/// workgroup_matrix_min_groups`), but 32 rows in 85.5 against 62.9 here; and at 16 rows where
/// it splits K (`kernel_config::choose_split_k_config`; K >= `split_k_min_k`): 8 / 16 / 32
/// rows take 33.8 / 34.0 / 35.7 us split against 28.8 / 35.3 / 63.4 here. (The numbers are
/// `Heuristics::gemv_max_m`, `gemv_max_m_beside_workgroup_matrix`, `gemv_max_m_few`.)
pub(crate) fn gemv_max_m(n: i64, k: i64, operands: DType, target: &LoweringTarget) -> i64 {
    let h = &target.heuristics;
    let workgroup_matrix = !target.env.cooperative_matrix_workgroup.is_empty();
    match (
        n <= h.gemv_wide_n,
        operands == DType::F16 && workgroup_matrix,
    ) {
        (true, false) => h.gemv_max_m,
        (true, true) if k >= h.split_k_min_k => h.gemv_max_m_few,
        (true, true) => h.gemv_max_m_beside_workgroup_matrix,
        (false, _) => h.gemv_max_m_few,
    }
}

/// The rows a workgroup takes when the few-rows pipeline takes an `m x n x k` matmul on
/// `target`: a static M of at most [`gemv_max_m`], static N and K of at least
/// `Heuristics::gemv_min_nk` (below, the tiled pipelines' few steps cost little; an N below
/// it where M x N is at most `Heuristics::gemv_narrow_max_outputs`, M up to `gemv_max_m`, for
/// a `pointwise` contraction: a 1x1 conv, no window wider than 1; plain matmuls keep their
/// split-K kernels), a GPU (CPU devices have the lanes pipeline), and no tile override or
/// `kiln tune` entry for the contraction.
pub(crate) fn gemv_rows(
    [m, n, k]: [&SizeExpr; 3],
    operands: DType,
    tuning_key: &str,
    pointwise: bool,
    target: &LoweringTarget,
) -> Option<u32> {
    let (m, n, k) = (m.as_const()?, n.as_const()?, k.as_const()?);
    let overridden = tiling_chosen_elsewhere(tuning_key, target);
    let gpu = target.env.device_type != kiln_spirv_ir::target::DeviceType::Cpu;
    let h = &target.heuristics;
    let rows = m.min(h.gemv_rows_per_workgroup);
    // (Width 1 takes the most shared memory a row; f32 accumulators the most a value.)
    let fits = GemvShape::choose(rows as u32, 1, 4, target).is_some();
    let min_nk = h.gemv_min_nk;
    // Few narrow outputs over a long reduction (`Heuristics::gemv_narrow_max_outputs`): the
    // tiled pipelines leave them to the serial reduction.
    let narrow =
        pointwise && (1..min_nk).contains(&n) && m.saturating_mul(n) <= h.gemv_narrow_max_outputs;
    let max_m = if narrow {
        h.gemv_max_m
    } else {
        gemv_max_m(n, k, operands, target)
    };
    let m_ok = (1..=max_m).contains(&m);
    (gpu && !overridden && m_ok && (n >= min_nk || narrow) && k >= min_nk && fits)
        .then_some(rows as u32)
}

/// A region whose root is a plain row-major matmul without batch dims that the few-rows
/// pipeline takes for some M (its static N and K qualify, see [`gemv_rows`]).
pub(crate) struct RegionRows {
    /// The matmul's M: static, or dynamic (then the region gets run-time variants).
    pub m: SizeExpr,
    /// The largest M the few-rows pipeline takes for it ([`gemv_max_m`]).
    pub max_m: i64,
    /// For a dynamic M: the ranges of M above `max_m` with one tiling each
    /// (`kernel_config::matmul_m_ranges`).
    pub tile_ranges: Vec<(i64, Option<i64>)>,
}

/// See [`RegionRows`]. A dynamic M took 193 us for `relu(x * W + b)`, W 4096 x 4096 f16, at 132
/// compute units at M = 1 (the tiled pipelines), and a static M of 16 in f32 took the split pipeline
/// (633.7 us against 54.2 for the few-rows kernel).
pub(crate) fn region_rows(
    f: &Function,
    region: &DispatchRegion,
    target: &LoweringTarget,
) -> Option<RegionRows> {
    if region.kind != RegionKind::Reduction {
        return None;
    }
    let p = plain_matmul_problem(f, &f.ops[region.root])?;
    if !p.dims.batch.is_empty() {
        return None;
    }
    let key = tuning_key(p.dtypes, &p.batch, &p.m, &p.n, &p.k);
    // (A workgroup of `Heuristics::gemv_rows_per_workgroup` rows takes the most shared memory.)
    gemv_rows(
        [
            &SizeExpr::Const(target.heuristics.gemv_rows_per_workgroup),
            &p.n,
            &p.k,
        ],
        p.dtypes[0],
        &key,
        // (Run-time variants keep the N floor: a dynamic M of few narrow outputs is not
        // measured.)
        false,
        target,
    )?;
    let max_m = gemv_max_m(p.n.as_const()?, p.k.as_const()?, p.dtypes[0], target);
    // Variants by tiling.
    let tile_ranges = match p.m.as_const() {
        Some(_) => Vec::new(),
        None => {
            let bytes = match target.compute_type(p.dtypes[0]) {
                Ok(ScalarType::F16) => 2,
                _ => 4,
            };
            let splits = SplitChoices {
                workgroup_matrix: workgroup_matrix_region(f, region, target),
                simt_split_k: simt_split_k_region(region, &p),
            };
            matmul_m_ranges(
                [&p.n, &p.k],
                p.dtypes,
                bytes,
                splits,
                &key,
                target,
                max_m + 1,
            )
        }
    };
    Some(RegionRows {
        max_m,
        m: p.m,
        tile_ranges,
    })
}

/// The split-K tiling of `region` for this few-rows choice (see
/// `kernel_config::choose_split_k_config`): a plain f16 matmul without batch dims that the
/// workgroup-scope kernel takes, with a static M, or a dynamic M's variant for a range of rows
/// (taken as its first).
pub(crate) fn split_k_request(
    f: &Function,
    region: &DispatchRegion,
    target: &LoweringTarget,
    few_rows: FewRows,
) -> Option<SplitKConfig> {
    // Not for a few rows, nor a dynamic M's open range (a dynamic M counts as large).
    if matches!(few_rows, FewRows::Rows(_) | FewRows::Never(None)) {
        return None;
    }
    let (rows, _) = few_rows.variant_rows();
    if region.kind != RegionKind::Reduction || !workgroup_matrix_region(f, region, target) {
        return None;
    }
    let p = plain_matmul_problem(f, &f.ops[region.root])?;
    plain_split_k(&p, rows, target)
}

/// The split-K tiling of plain matmul `p` (`kernel_config::choose_split_k_config`; both
/// operands of one type, no batch dims) with its M, or `rows` rows (a dynamic M's variant for a
/// range of rows, by its first: then tiles are not chosen by how snugly they cover M).
pub(crate) fn plain_split_k(
    p: &PlainMatmul,
    rows: Option<i64>,
    target: &LoweringTarget,
) -> Option<SplitKConfig> {
    if !p.dims.batch.is_empty() || p.dtypes[0] != p.dtypes[1] {
        return None;
    }
    let m = rows.map_or(p.m.clone(), SizeExpr::Const);
    let key = tuning_key(p.dtypes, &p.batch, &p.m, &p.n, &p.k);
    choose_split_k_config(
        [&m, &p.n, &p.k],
        p.dtypes[0],
        p.dtypes[2],
        &key,
        target,
        rows.is_none(),
    )
}

/// SIMT split-K for `region` (`kernel_config::choose_simt_split_k`), whose one kernel would be
/// the SIMT one with tiling `unsplit`, with its M or `rows` rows (a dynamic M's variant for a
/// range of rows over which the choice holds, `kernel_config::matmul_m_ranges`: by its first).
pub(crate) fn simt_split_k_request(
    f: &Function,
    region: &DispatchRegion,
    target: &LoweringTarget,
    unsplit: &MatmulConfig,
    rows: Option<i64>,
) -> Option<SplitKConfig> {
    let p = plain_matmul_problem(f, &f.ops[region.root])?;
    if !simt_split_k_region(region, &p) {
        return None;
    }
    let bytes = match target.compute_type(p.dtypes[0]) {
        Ok(ScalarType::F16) => 2,
        _ => 4,
    };
    let key = tuning_key(p.dtypes, &p.batch, &p.m, &p.n, &p.k);
    let m = rows.map_or(p.m.clone(), SizeExpr::Const);
    choose_simt_split_k([&m, &p.n, &p.k], unsplit, bytes, &key, target)
}

/// Whether SIMT split-K may take `region`, plain matmul `p`: no batch dims (its operands read
/// from buffers or computed by fused producers, as the SIMT kernel takes them), an f32 result
/// (the partial results' type, which every target can store), one stored value (the matmul's
/// result or its fused epilogue's: the sum kernel runs the epilogue).
fn simt_split_k_region(region: &DispatchRegion, p: &PlainMatmul) -> bool {
    region.kind == RegionKind::Reduction
        && p.dims.batch.is_empty()
        && p.dtypes[0] == p.dtypes[1]
        && p.dtypes[2] == DType::F32
        && region.outputs.len() == 1
}

/// Whether split bf16 `request` for `region` (a static M) runs fewer workgroups (tiles x
/// slices) than `Heuristics::split_bf16_min_groups`.
pub(crate) fn split_grid_small(
    f: &Function,
    region: &DispatchRegion,
    request: &SplitRequest,
    target: &LoweringTarget,
) -> bool {
    let Some(p) = plain_matmul_problem(f, &f.ops[region.root]) else {
        return false;
    };
    let (Some(rows), Some(n)) = (p.batch.clone().mul(p.m.clone()).as_const(), p.n.as_const())
    else {
        return false;
    };
    let tiles = workgroups(&request.config.tiles(), Some(rows), n);
    let slices = i64::from(request.slices.unwrap_or(1));
    tiles.saturating_mul(slices) < target.heuristics.split_bf16_min_groups
}

/// A region that the split pipeline takes: its tiling and operands.
#[derive(Clone, Debug)]
pub struct SplitRequest {
    pub config: SplitMatrixConfig,
    /// lhs (`batch.. x M.. x K`) and rhs (`batch.. x K x N`).
    pub operands: [ValueId; 2],
    /// The K slices of split-K (`kernel_config::choose_split_k_slices`), for a static M
    /// without batch dims, and the most rows its partial results hold (a dynamic M's variant).
    pub slices: Option<u32>,
    pub max_rows: Option<i64>,
}

/// Whether `region` is a plain f32 matmul (a fill and the contraction, operands read from
/// buffers, no fused consumer but one that runs on the accumulator) that the split pipeline
/// takes on `target`; for a dynamic M's run-time variant for a range of rows, as for its
/// first.
pub(crate) fn split_request(
    f: &Function,
    region: &DispatchRegion,
    target: &LoweringTarget,
    few_rows: FewRows,
) -> Option<SplitRequest> {
    let op = &f.ops[region.root];
    let mut p = plain_matmul_problem(f, op)?;
    if !workgroup_matrix_region(f, region, target) {
        return None;
    }
    let (first, max_rows) = few_rows.variant_rows();
    if let Some(first) = first {
        p.m = SizeExpr::Const(first);
    }
    let config = split_matrix_config(&p, target)?;
    // The fill is in the region.
    let operands = [op.operands[0], op.operands[1]];
    let fill = f.defining_op(op.operands[2])?;
    if !region.ops.contains(&fill) {
        return None;
    }
    let slices = p
        .dims
        .batch
        .is_empty()
        .then(|| split_matrix_slices(&config, [&p.m, &p.n, &p.k], &target.heuristics))
        .flatten();
    Some(SplitRequest {
        config,
        operands,
        slices,
        max_rows,
    })
}

/// Whether a region's matmul takes the few-rows pipeline (`gemv.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FewRows {
    /// Where its static M is small (`gemv_rows`).
    Auto,
    /// With this many rows a workgroup (a small static M, or a dynamic M's run-time variant for
    /// a few rows).
    Rows(u32),
    /// Never: a variant for a dynamic M above the few-rows range, whose workgroup-scope tiling
    /// is chosen as for a static M of the first rows of its range (first, last), or as for a
    /// dynamic M.
    Never(Option<(i64, Option<i64>)>),
}

impl FewRows {
    /// For a dynamic M's variant for a range of rows, its first rows and (bounded) its last.
    pub(crate) fn variant_rows(self) -> (Option<i64>, Option<i64>) {
        match self {
            FewRows::Never(Some((first, last))) => (Some(first), last),
            _ => (None, None),
        }
    }
}

/// Whether `value` is `tensor.collapse_shape`s in `region` of one of its inputs: a row-major
/// buffer seen with fewer dims, still row-major (`lower_to_kernels`' `collapsed_buffer_view`),
/// as the `[B * S, K]` lhs of a Gemm on a `[B, S, K]` activation (GPT-2's linear layers) or the
/// merged heads `[B, S, H, D] -> [B, S, H * D]` before an attention output projection (and
/// both, GPT-2's `c_proj`). f16 only: the split bf16 pipeline's f32 operands are not read
/// through such views.
pub(crate) fn collapses_region_input(
    f: &Function,
    region: &DispatchRegion,
    value: ValueId,
) -> bool {
    viewed_source(f, value, |op| region.ops.contains(&op))
        .is_some_and(|source| region.inputs.contains(&source))
}

/// The value whose buffer the workgroup-scope f16 kernel reads for its operand `value` when
/// `value` is `collapse_shape`s of it by ops for which `inside` holds
/// (`structured::collapsed_source`): the view [`collapses_region_input`] allows. `None` for
/// other values and for operands that are not f16.
pub(crate) fn viewed_source(
    f: &Function,
    value: ValueId,
    inside: impl Fn(OpId) -> bool,
) -> Option<ValueId> {
    (f.values[value].ty.dtype() == DType::F16)
        .then(|| crate::structured::collapsed_source(f, value, inside))
        .flatten()
}

/// Whether `region`'s fused epilogue reads its root's result in place, or (f16 operands)
/// through collapses and expansions alone: row-major reshapes keep the elements' order, so the
/// workgroup-scope kernel stores its tiles into the stored buffer seen with the root's shape.
/// GPT-2's and ViT-B/16's linear layers (`Reshape`, `Gemm`, bias, `Reshape` back, residual):
/// 35-85 TFLOP/s on the subgroup kernel at batch 32 before.
pub(crate) fn reshapes_only(f: &Function, region: &DispatchRegion) -> bool {
    let steps = crate::structured::region_epilogue_reindexing(f, region);
    stores_through_reshapes(f, &f.ops[region.root], &steps)
}

/// Whether an epilogue that reads matmul `op`'s result through `steps` stores the same
/// elements in the same order as the matmul ([`reshapes_only`]): no steps, or (f16 operands)
/// collapses and expansions alone.
pub(crate) fn stores_through_reshapes(
    f: &Function,
    op: &Op,
    steps: &[crate::structured::Reindex],
) -> bool {
    use crate::structured::Reindex;
    let f16 = op
        .operands
        .iter()
        .take(2)
        .all(|&v| f.values[v].ty.dtype() == DType::F16);
    steps.is_empty()
        || (f16
            && steps
                .iter()
                .all(|s| matches!(s, Reindex::Collapse(_) | Reindex::Expand(_))))
}

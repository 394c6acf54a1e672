//! The choice of matmul pipeline for a contraction ([`choose_matmul_pipeline`]: lanes on CPU
//! devices, cooperative matrix, else SIMT; an override or a `kiln tune` entry first), the
//! tiled pipeline a contraction's kernel takes once the body and the operands' layouts are
//! read ([`contraction_pipeline`]: the one decision `kernel-config` and `split-reduction`
//! share), and the ranges of a dynamic M over which the choice holds ([`matmul_m_ranges`]).

use super::contraction::*;
use super::coopmat::*;
use super::lanes::*;
use super::simt::*;
use super::split_k::*;
use super::tiles::*;
use super::workgroup_matrix::*;
use crate::kernel_ir::ScalarType;
use crate::size_expr::SizeExpr;
use crate::structured::{adds_input_products, plain_matmul_problem, pointwise_reduction};
use crate::target::LoweringTarget;
use kiln_frontend::{AffineExpr, DType, Function, Generic, IteratorType, Op};

/// The pipeline for a tuned tiling, checked against the target like an override; `None` when
/// it does not apply (a cooperative-matrix tiling for dtypes without one) or does not fit.
pub(super) fn tuned_pipeline(
    tiles: TunedTiles,
    m: &SizeExpr,
    n: &SizeExpr,
    dtypes: [DType; 3],
    element_bytes: u32,
    split_f32: bool,
    target: &LoweringTarget,
) -> Option<MatmulPipeline> {
    let mut t = LoweringTarget {
        matmul_tiles: None,
        lanes_tiles: None,
        coopmat_tiles: None,
        ..target.clone()
    };
    match tiles {
        TunedTiles::Lanes(l) => {
            t.lanes_tiles = Some(l);
            choose_lanes_config(m, n, dtypes[0], &t)
                .ok()
                .flatten()
                .map(MatmulPipeline::Lanes)
        }
        TunedTiles::Simt(s) => {
            t.matmul_tiles = Some(s);
            choose_matmul_config(m, n, element_bytes, &t)
                .ok()
                .flatten()
                .map(MatmulPipeline::Simt)
        }
        TunedTiles::Coopmat(c) => {
            t.coopmat_tiles = Some(c);
            let [lhs, rhs, result] = dtypes;
            (lhs == rhs)
                .then(|| choose_cooperative_matrix_config(m, n, lhs, result, split_f32, &t))
                .flatten()
                .map(MatmulPipeline::CooperativeMatrix)
        }
        // Read by `choose_workgroup_matrix_config`; here the contraction did not qualify.
        TunedTiles::WorkgroupMatrix(_) => None,
    }
}

/// The pipeline of a matmul-like contraction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatmulPipeline {
    /// Promoted tiles and a register tile per invocation.
    Simt(MatmulConfig),
    /// One subgroup per workgroup, operands read straight from memory and lhs values shared
    /// across the lanes (CPU devices).
    Lanes(LanesConfig),
    /// Cooperative matrices (f16 x f16 -> f32 or f16) per subgroup.
    CooperativeMatrix(CooperativeMatrixConfig),
}

impl MatmulPipeline {
    /// The output tile of one workgroup as (rows of the contraction's M, columns of its N):
    /// a swapped cooperative-matrix kernel tiles N by its rows and M by its columns.
    pub fn workgroup_tile(&self) -> (u32, u32) {
        match self {
            MatmulPipeline::Simt(c) => (c.tile_m, c.tile_n),
            MatmulPipeline::Lanes(c) => (c.rows, c.tile_n()),
            MatmulPipeline::CooperativeMatrix(c) if c.swapped => (c.tile_n, c.tile_m),
            MatmulPipeline::CooperativeMatrix(c) => (c.tile_m, c.tile_n),
        }
    }

    /// The workgroups of the kernel for an `m x n` problem (one batch).
    pub fn workgroups(&self, m: i64, n: i64) -> i64 {
        let (rows, columns) = self.workgroup_tile();
        tile_count(m, n, i64::from(rows), i64::from(columns))
    }
}

/// Why a contraction has no tiled pipeline that can be built (not: why it takes none).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ContractionPipelineError {
    /// The lhs's element type has no arithmetic on the target (what is missing).
    TargetLacks(String),
    /// A tiling (an override, or the smallest one) does not fit the target's limits.
    LimitExceeded(String),
}

/// The tiled pipeline of contraction `op` (generic `g` summing products into its init, loop
/// `sizes`, matmul `dims`, an `m x n` problem per batch, `[lhs, rhs, result]` dtypes, filed
/// under `tuning_key`) on `target`, where neither the few-rows nor the workgroup-scope kernels
/// take it; `None`: serial. Kernel configuration records it and `split-reduction` sizes its
/// slices from its grid ([`MatmulPipeline::workgroups`]), so both read this one decision:
/// - [`choose_matmul_pipeline`] with operand elements of the lhs's compute type (2 bytes where
///   f16 is computed as f16) and, for f32, the split bf16 cooperative-matrix pipeline where
///   [`takes_split_cooperative_matrix`];
/// - a grouped convolution (its groups a batch dim) of few output channels a group on a GPU
///   takes the narrow cooperative-matrix tiling in f16
///   (`Heuristics::grouped_conv_cooperative_matrix_max_n`) or else a SIMT tiling of its width
///   ([`choose_grouped_conv_config`]) where one is listed for its channels;
/// - cooperative matrices multiply their inputs whatever the body says: a body that does not
///   add input products takes the SIMT tiling instead;
/// - a split cooperative-matrix kernel whose tile loads walk memory in order with the inputs
///   trading roles ([`swapped_reads_better`], `Heuristics::split_cooperative_matrix_swap`)
///   takes the tiling of the swapped problem, marked `swapped`.
#[allow(clippy::too_many_arguments)]
pub fn contraction_pipeline(
    f: &Function,
    op: &Op,
    g: &Generic,
    dims: &MatmulDims,
    sizes: &[SizeExpr],
    [m, n]: [&SizeExpr; 2],
    dtypes: [DType; 3],
    tuning_key: &str,
    target: &LoweringTarget,
) -> Result<Option<MatmulPipeline>, ContractionPipelineError> {
    use ContractionPipelineError as E;
    let lhs = target.compute_type(dtypes[0]).map_err(E::TargetLacks)?;
    let bytes = if lhs == ScalarType::F16 { 2 } else { 4 };
    let split_f32 = takes_split_cooperative_matrix(f, op, g, sizes, n, target);
    let choose = |m: &SizeExpr, n: &SizeExpr| {
        choose_matmul_pipeline(m, n, dtypes, bytes, tuning_key, split_f32, target)
            .map_err(E::LimitExceeded)
    };
    let acc_arg = g.num_inputs as u32;
    // A convolution's implicit GEMM (its rows a product of loop dims: image pixels) takes the
    // conv tiling where SIMT is chosen by default (not tuned, not forced).
    let image_rows = dims.m.len() >= 2
        && plain_matmul_problem(f, op).is_none()
        && !target.tuned.contains_key(tuning_key);
    // A grouped convolution (its groups a batch dim) with few output channels a group takes
    // tilings of its own on GPUs (`Heuristics::grouped_conv_*`).
    let grouped = image_rows && !dims.batch.is_empty();
    let groups = dims
        .batch
        .iter()
        .map(|&d| sizes[d].as_const().unwrap_or(1))
        .product::<i64>();
    let simt = |m: &SizeExpr, n: &SizeExpr| -> Result<Option<MatmulPipeline>, E> {
        let conv = if image_rows {
            choose_conv_matmul_config(m, n, bytes, target).map_err(E::LimitExceeded)?
        } else {
            None
        };
        Ok(match conv {
            Some(c) => Some(MatmulPipeline::Simt(c)),
            None => choose_matmul_config(m, n, bytes, target)
                .map_err(E::LimitExceeded)?
                .map(MatmulPipeline::Simt),
        })
    };
    if let Some(c) = grouped
        .then(|| grouped_conv_cooperative_matrix(g, [m, n], groups, dtypes, target))
        .flatten()
    {
        return Ok(Some(MatmulPipeline::CooperativeMatrix(c)));
    }
    if let Some(c) = grouped
        .then(|| choose_grouped_conv_config([m, n], groups, bytes, target))
        .flatten()
    {
        return Ok(Some(MatmulPipeline::Simt(c)));
    }
    if let Some(c) = (image_rows && !grouped)
        .then(|| narrow_conv_cooperative_matrix(g, [m, n], dtypes, target))
        .flatten()
    {
        return Ok(Some(MatmulPipeline::CooperativeMatrix(c)));
    }
    Ok(match choose(m, n)? {
        Some(MatmulPipeline::CooperativeMatrix(_)) if !adds_input_products(&g.body, acc_arg) => {
            simt(m, n)?
        }
        Some(MatmulPipeline::Simt(_)) if image_rows => simt(m, n)?,
        // (NCHW-read convolutions too: RegNetY-800MF's grouped 3x3 convs, 16 output channels
        // a group, ran at 0.8-1.2 TFLOP/s on 128 x 256 cooperative-matrix tiles at batch 32.)
        Some(MatmulPipeline::CooperativeMatrix(_))
            if image_rows
                && n.as_const()
                    .is_some_and(|n| n < target.heuristics.cooperative_matrix_conv_min_n) =>
        {
            simt(m, n)?
        }
        Some(MatmulPipeline::CooperativeMatrix(c))
            if c.split
                && target.heuristics.split_cooperative_matrix_swap == 1
                && swapped_reads_better(g, dims, sizes) =>
        {
            match choose(n, m)? {
                Some(MatmulPipeline::CooperativeMatrix(c)) => {
                    Some(MatmulPipeline::CooperativeMatrix(CooperativeMatrixConfig {
                        swapped: true,
                        ..c
                    }))
                }
                other => other,
            }
        }
        p => p,
    })
}

/// The cooperative-matrix tiling of an f16 grouped convolution (`g`, an `m x n` problem a
/// group: `n` output channels, `groups` groups, `[lhs, rhs, result]` dtypes) with at most
/// `Heuristics::grouped_conv_cooperative_matrix_max_n` of them and a body that adds input
/// products: `Heuristics::grouped_conv_cooperative_matrix_tiling` (narrow tiles: 16 channels
/// on the default 128 x 256 tiles waste 15 / 16 of them). `None` where a tiling is forced,
/// the target has no such matrices, the tiling does not fit or gives fewer workgroups than
/// `Heuristics::grouped_conv_min_workgroups`.
fn grouped_conv_cooperative_matrix(
    g: &Generic,
    [m, n]: [&SizeExpr; 2],
    groups: i64,
    dtypes: [DType; 3],
    target: &LoweringTarget,
) -> Option<CooperativeMatrixConfig> {
    let h = &target.heuristics;
    if n.as_const()? > h.grouped_conv_cooperative_matrix_max_n {
        return None;
    }
    let tiling = h.grouped_conv_cooperative_matrix_tiling;
    conv_cooperative_matrix_on(g, [m, n], groups, tiling, dtypes, target)
}

/// A convolution's cooperative-matrix configuration on `tiling` (subgroups, fragments, k-steps;
/// `groups` groups of an `m x n` problem, static `n`) for a body that adds input products, where
/// its tiles fill the device (`grouped_conv_fills_device`); `None` where a tiling is forced, the
/// target has no such matrices or the tiling does not fit. The grouped and narrow convs' own
/// tilings.
fn conv_cooperative_matrix_on(
    g: &Generic,
    [m, n]: [&SizeExpr; 2],
    groups: i64,
    tiling: (u32, u32, u32, u32, u32),
    dtypes: [DType; 3],
    target: &LoweringTarget,
) -> Option<CooperativeMatrixConfig> {
    let columns = n.as_const()?;
    if target.coopmat_tiles.is_some()
        || target.matmul_tiles.is_some()
        || !adds_input_products(&g.body, g.num_inputs as u32)
    {
        return None;
    }
    let narrow = LoweringTarget {
        coopmat_tiles: Some(tiling.into()),
        ..target.clone()
    };
    let c = choose_cooperative_matrix_config(m, n, dtypes[0], dtypes[2], false, &narrow)?;
    grouped_conv_fills_device(m, columns, groups, (c.tile_m, c.tile_n), target).then_some(c)
}

/// The cooperative-matrix kernel of an f16 convolution over image rows of few output channels
/// read channels innermost (`Heuristics::narrow_conv_cooperative_matrix_tilings`: the first
/// row whose channel bound covers N and whose tiles fill the device); `None` otherwise (forced
/// tilings keep their way).
fn narrow_conv_cooperative_matrix(
    g: &Generic,
    [m, n]: [&SizeExpr; 2],
    dtypes: [DType; 3],
    target: &LoweringTarget,
) -> Option<CooperativeMatrixConfig> {
    let columns = n.as_const()?;
    if !reads_reduction_innermost(g) {
        return None;
    }
    let h = &target.heuristics;
    h.narrow_conv_cooperative_matrix_tilings
        .iter()
        .filter(|row| columns <= row.0 && row.0 <= h.narrow_conv_cooperative_matrix_max_n)
        .find_map(|&(_, sm, sn, fm, fn_)| {
            conv_cooperative_matrix_on(g, [m, n], 1, (sm, sn, fm, fn_, 2), dtypes, target)
        })
}

/// Whether contraction `op` (`g`, loop sizes `sizes`, `n` output columns) may take the split
/// cooperative-matrix pipeline when it is f32 (`Heuristics::split_cooperative_matrix_min_n`):
/// pointwise (1x1 convolutions; windowed ones too with
/// `Heuristics::split_cooperative_matrix_windowed`), not a plain matmul (which has its own split
/// pipeline), with enough columns.
pub(super) fn takes_split_cooperative_matrix(
    f: &Function,
    op: &Op,
    g: &Generic,
    sizes: &[SizeExpr],
    n: &SizeExpr,
    target: &LoweringTarget,
) -> bool {
    plain_matmul_problem(f, op).is_none()
        && !reads_reduction_innermost(g)
        && (pointwise_reduction(g, sizes)
            || target.heuristics.split_cooperative_matrix_windowed != 0)
        && n.as_const()
            .is_some_and(|n| n >= target.heuristics.split_cooperative_matrix_min_n)
}

/// Whether `g`'s first input is read with a reduction dim innermost (a channels-last conv's
/// input, NHWC): the SIMT kernel's vec4 loads along it beat the split cooperative-matrix
/// pipeline there (ResNet-50 at batch 32 on 132 compute units, after `channels-last`: 13.73 ms
/// with its 1x1 convs of >= 256 output channels split, 11.96 ms with all of them SIMT).
fn reads_reduction_innermost(g: &Generic) -> bool {
    matches!(
        g.indexing_maps[0].results.last(),
        Some(AffineExpr::Dim(d)) if g.iterator_types[*d] == IteratorType::Reduction
    )
}

/// Which split pipelines a plain matmul region may take beside its tiled kernel
/// ([`matmul_m_ranges`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SplitChoices {
    /// The workgroup-scope kernels (its operands and result are buffers).
    pub workgroup_matrix: bool,
    /// SIMT split-K ([`choose_simt_split_k`]: an f32 result, one stored value).
    pub simt_split_k: bool,
}

/// For a plain matmul `? x n x k` with a dynamic M of at least `from` rows: the ranges of M
/// over which the kernel choices for a static M are the same, in order, as (first M, last M);
/// the last range is open and has the choices of a dynamic M (a single open range where they
/// do not depend on M). The choices: where the workgroup-scope kernels may take the matmul
/// (`splits.workgroup_matrix`), the f16 tiling ([`choose_workgroup_matrix_config`]) and
/// split-K ([`choose_split_k_config`]), or the split bf16 tiling
/// ([`choose_split_matrix_config`]) and its slices ([`split_matrix_slices`]); where none of
/// them does, the SIMT / subgroup / lanes tiling ([`choose_matmul_pipeline`], `element_bytes`
/// per operand element) below `Heuristics::tiling_variant_max_m` rows, and the SIMT kernel's
/// split-K (`splits.simt_split_k`, [`choose_simt_split_k`]).
pub fn matmul_m_ranges(
    [n, k]: [&SizeExpr; 2],
    dtypes: [DType; 3],
    element_bytes: u32,
    splits: SplitChoices,
    tuning_key: &str,
    target: &LoweringTarget,
    from: i64,
) -> Vec<(i64, Option<i64>)> {
    let [operands, _, result] = dtypes;
    m_ranges(from, |m| {
        let mnk = [&m, n, k];
        let (mut tiles, mut split_k, mut split, mut slices) = (None, None, None, None);
        if splits.workgroup_matrix && dtypes[0] == dtypes[1] {
            tiles = choose_workgroup_matrix_config(mnk, operands, result, tuning_key, target)
                .ok()
                .flatten();
            split_k = choose_split_k_config(mnk, operands, result, tuning_key, target, false);
            split = choose_split_matrix_config(mnk, dtypes, tuning_key, target);
            slices = split.and_then(|c| split_matrix_slices(&c, mnk, &target.heuristics));
        }
        // The SIMT / subgroup tiling by the rows up to `tiling_variant_max_m`, above as for a
        // dynamic M (the variants stay few: its choices change every few hundred rows).
        let rows = match m.as_const() {
            Some(rows) if rows < target.heuristics.tiling_variant_max_m => m.clone(),
            _ => SizeExpr::sym("M"),
        };
        let pipeline = (tiles.is_none() && split.is_none())
            .then(|| {
                // (Plain matmuls keep f32 off the split subgroup pipeline.)
                choose_matmul_pipeline(&rows, n, dtypes, element_bytes, tuning_key, false, target)
            })
            .and_then(|p| p.ok().flatten());
        let simt_split = match &pipeline {
            Some(MatmulPipeline::Simt(c)) if splits.simt_split_k => {
                choose_simt_split_k(mnk, c, element_bytes, tuning_key, target)
            }
            _ => None,
        };
        // (Split, the tiling it would have had unsplit does not matter.)
        let pipeline = pipeline.filter(|_| simt_split.is_none());
        (tiles, split_k, split, slices, pipeline, simt_split)
    })
}

/// Chooses the matmul pipeline for an `m x n` problem with operand / result dtypes
/// `[lhs, rhs, result]`: the tiling `kiln tune` stored for `tuning_key` (see [`tuning_key`])
/// when there is one that fits and no explicit override is given; else cooperative matrices
/// when both operands are f16, the result f32 (or f16) and the target lists a matching shape,
/// or with `split_f32` all three f32 and the target lists bf16 shapes (see
/// [`choose_cooperative_matrix_config`]), else SIMT ([`choose_matmul_config`],
/// `element_bytes` per operand element); `None` means serial.
pub fn choose_matmul_pipeline(
    m: &SizeExpr,
    n: &SizeExpr,
    dtypes: [DType; 3],
    element_bytes: u32,
    tuning_key: &str,
    split_f32: bool,
    target: &LoweringTarget,
) -> Result<Option<MatmulPipeline>, String> {
    if target.matmul_tiles.is_none()
        && target.coopmat_tiles.is_none()
        && target.lanes_tiles.is_none()
    {
        if let Some(&tiles) = target.tuned.get(tuning_key) {
            if let Some(p) = tuned_pipeline(tiles, m, n, dtypes, element_bytes, split_f32, target) {
                return Ok(Some(p));
            }
        }
    }
    let [lhs, rhs, result] = dtypes;
    if let Some(c) = choose_lanes_config(m, n, lhs, target)? {
        return Ok(Some(MatmulPipeline::Lanes(c)));
    }
    if lhs == rhs {
        if let Some(c) = choose_cooperative_matrix_config(m, n, lhs, result, split_f32, target) {
            return Ok(Some(MatmulPipeline::CooperativeMatrix(c)));
        }
        if let Some(t) = target.coopmat_tiles {
            let plain = LoweringTarget {
                coopmat_tiles: None,
                ..target.clone()
            };
            if choose_cooperative_matrix_config(m, n, lhs, result, split_f32, &plain).is_some() {
                return Err(format!(
                    "cooperative-matrix tiles {t} do not fit the target (invocations, shared memory, or copies that do not divide over the workgroup)"
                ));
            }
        }
    }
    Ok(choose_matmul_config(m, n, element_bytes, target)?.map(MatmulPipeline::Simt))
}

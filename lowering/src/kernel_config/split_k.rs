//! Split-K: how many slices of K a matmul with few output tiles is cut into so that enough
//! workgroups run: the workgroup-scope f16 kernel, the split bf16 pipeline and the SIMT kernel.

use super::contraction::*;
use super::simt::*;
use super::tiles::*;
use super::workgroup_matrix::*;
use crate::heuristics::Heuristics;
use crate::size_expr::SizeExpr;
use crate::target::LoweringTarget;
use kiln_frontend::DType;

/// A matmul split along K (`lower_to_kernels/split_k.rs`): `slices` workgroups per result
/// tile each sum a contiguous `k / slices` part of K into a scratch buffer of partial results,
/// and a second kernel adds the slices and runs the epilogue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SplitKConfig {
    pub tiles: SplitKTiles,
    pub slices: u32,
}

/// The kernel and tiling of a split-K matmul's slices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SplitKTiles {
    /// The workgroup-scope cooperative-matrix kernel (f16, or f32 on bf16 planes).
    WorkgroupMatrix(WorkgroupMatrixConfig),
    /// The SIMT kernel ([`choose_simt_split_k`]).
    Simt(MatmulConfig),
}

impl std::fmt::Display for SplitKTiles {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SplitKTiles::WorkgroupMatrix(c) => c.fmt(f),
            SplitKTiles::Simt(c) => write!(
                f,
                "simt {}x{}x{} thread={}x{} pad={} stages={}",
                c.tile_m, c.tile_n, c.tile_k, c.thread_m, c.thread_n, c.pad, c.stages
            ),
        }
    }
}

/// Chooses split-K for a static `m x n x k` matmul that the workgroup-scope kernel would take
/// with its smallest tile ([`choose_workgroup_matrix_config`]: too few rows for a grid of
/// `Heuristics::workgroup_matrix_min_groups` larger tiles): the largest candidate tile whose
/// grid has `split_k_min_groups` to `split_k_wave_groups` workgroups (else at least the first)
/// with `split_k_slices` slices (fewest first) of at least `split_k_min_slice` whole K steps
/// each, for K of at least `split_k_min_k`, tiles whose rows cover M with less than a quarter
/// to spare first (M = 192 in 128-row tiles: the shifted last tile row repeats half of the one
/// before). 132 compute units, `relu(x * W + b)`, W 4096 x 4096 f16, f32 accumulators, slices + sum kernels in us
/// (unsplit in brackets): M = 64 64x64 / 4 slices 28.0 (53.0); M = 128 64x128 / 4 33.0 (53.6;
/// 64x64 / 2: 40.9, 128x128 / 4: 43.0); M = 192 64x128 / 2 49.2 (56.3; 64x64 / 2, 384
/// workgroups: 47.1; 128x128 / 4: 58.7); M = 256 128x128 / 4 47.5 (56.8; 64x128 / 2: 50.3);
/// M = 288 128x128 / 2 71.3 (64x128 / 2, 320 workgroups: 83.0); M = 384 128x128 / 2 70.9
/// (102.9; 128x128 / 4: 80.8); M = 512 128x128 / 2 71.2 against 74.7 for the unsplit 64x128,
/// which is kept (benches/RESULTS.md). A grid of fewer than `split_k_few_groups` tiles (a
/// batch-1 transformer's linear layers) also splits at a shorter K (`split_k_short_min_k`,
/// slices of `split_k_short_min_slice`, up to `split_k_few_max_slices`) to at least that many
/// workgroups, where the long-K grid is out of reach. `snug`: prefer tiles that
/// cover M snugly (for a static M; a dynamic M's run-time variant for a range of rows, chosen
/// by its first, does not, which keeps the ranges few). `None` for a dynamic M or K, under any
/// tiling override or `kiln tune` entry, and where the unsplit kernel has a larger tile.
pub fn choose_split_k_config(
    [m, n, k]: [&SizeExpr; 3],
    operands: DType,
    result: DType,
    tuning_key: &str,
    target: &LoweringTarget,
    snug: bool,
) -> Option<SplitKConfig> {
    let (m, n, k) = (m.as_const()?, n.as_const()?, k.as_const()?);
    let h = &target.heuristics;
    if tiling_chosen_elsewhere(tuning_key, target)
        || k < h.split_k_min_k.min(h.split_k_short_min_k)
        || m < 1
    {
        return None;
    }
    let choices = workgroup_matrix_choices(
        [&SizeExpr::Const(n), &SizeExpr::Const(k)],
        operands,
        result,
        tuning_key,
        target,
    );
    let Ok(Some(WorkgroupMatrixChoices::ByRows { usable, .. })) = choices else {
        return None;
    };
    // The tile an unsplit kernel would take to fill a wave (split-K's thresholds were tuned
    // against it, before the unsplit kernel's own `workgroup_matrix_min_groups` went to 1.5
    // workgroups per compute unit).
    let unsplit = tile_by_rows(&usable, Some(m), n, h.split_k_wave_groups)?;
    if usable
        .iter()
        .any(|t| t.tile_m * t.tile_n < unsplit.tile_m * unsplit.tile_n)
    {
        return None;
    }
    let spare = |t: &WorkgroupMatrixConfig| {
        let tm = i64::from(t.tile_m);
        let covered = (m + tm - 1) / tm * tm;
        snug && m > tm && 4 * (covered - m) >= covered
    };
    let split = |tiles: WorkgroupMatrixConfig, grid: SplitGrid| {
        let groups = workgroups(&tiles, Some(m), n);
        split_k_slices(groups, k, i64::from(tiles.tile_k), grid).map(|slices| SplitKConfig {
            tiles: SplitKTiles::WorkgroupMatrix(tiles),
            slices,
        })
    };
    // Tiles that cover M with less to spare first, one wave of workgroups first; a long K
    // aims at `split_k_min_groups`, then a grid too few for the compute units at
    // `split_k_few_groups` (`Heuristics::split_k_few_groups`).
    let (snug, loose): (Vec<_>, Vec<_>) = usable.iter().partition(|t| !spare(t));
    let order: Vec<WorkgroupMatrixConfig> = snug.into_iter().chain(loose).copied().collect();
    let long = SplitGrid {
        min_groups: h.split_k_min_groups,
        min_slice: h.split_k_min_slice,
        max_slices: h.split_k_max_slices,
        most: h.split_k_wave_groups,
    };
    let few = SplitGrid {
        min_groups: h.split_k_few_groups,
        min_slice: h.split_k_short_min_slice,
        max_slices: h.split_k_few_max_slices,
        ..long
    };
    let grids = [
        (k >= h.split_k_min_k).then_some(long),
        (k >= h.split_k_short_min_k && workgroups(&unsplit, Some(m), n) < h.split_k_few_groups)
            .then_some(few),
    ];
    grids.into_iter().flatten().find_map(|grid| {
        [grid.most, i64::MAX].into_iter().find_map(|most| {
            order
                .iter()
                .find_map(|&t| split(t, SplitGrid { most, ..grid }))
        })
    })
}

/// The grid a split-K aims for: `min_groups` to `most` workgroups in at most `max_slices`
/// slices of at least `min_slice` of K.
#[derive(Clone, Copy)]
struct SplitGrid {
    min_groups: i64,
    min_slice: i64,
    max_slices: u32,
    most: i64,
}

/// The fewest slices (2, 4, ... up to `grid.max_slices`), each a whole number of `step`s and
/// at least `grid.min_slice` of K, that give `groups` workgroups of the unsplit grid
/// `grid.min_groups` to `grid.most` workgroups.
fn split_k_slices(groups: i64, k: i64, step: i64, grid: SplitGrid) -> Option<u32> {
    Heuristics::split_k_slices(grid.max_slices).find(|&slices| {
        whole_slices(k, slices, step, grid.min_slice)
            && (grid.min_groups..=grid.most).contains(&groups.saturating_mul(i64::from(slices)))
    })
}

/// Whether K splits into `slices` slices of at least `min_slice`, each a whole number of
/// `step`s.
fn whole_slices(k: i64, slices: u32, step: i64, min_slice: i64) -> bool {
    let slices = i64::from(slices);
    k % (slices * step) == 0 && k / slices >= min_slice
}

/// Split-K for the split bf16 pipeline (`lower_to_kernels/split.rs`; f32 matmuls on bf16
/// planes) on a grid of `groups` workgroups: its workgroups take about the same time per K
/// step however many run (six products a step keep each busy), up to a wave of
/// `Heuristics::workgroup_matrix_min_groups` (two per compute unit), so the time goes as the
/// waves of the split grid over the slices: the slices (1 or `split_k_slices`, each at least
/// `split_k_min_slice` of K and a whole number of `chunk`s, the pipeline's flushes) with the
/// fewest waves per slice, fewest slices on a tie; `None` for one, or K under `split_k_min_k`.
/// 132 compute units, `relu(x * W + b)`, W 4096
/// x 4096 f32, 64x128 tiles, matmul kernel us: 65 and 128 rows (64 workgroups) 314.5 / 315.9
/// unsplit, 97.1 / 98.0 in 4 slices (+ 3.7 / 4.5 for the sum); 256 rows (128) 316.5, 177.5 in 2;
/// 384 rows (192) 337.1, 330.0 in 2 (384 workgroups: two waves); 512 rows (256) 336.8
/// (benches/RESULTS.md).
pub fn choose_split_k_slices(groups: i64, k: i64, chunk: i64, h: &Heuristics) -> Option<u32> {
    if k < h.split_k_min_k || groups < 1 {
        return None;
    }
    let waves = |slices: u32| {
        let wave = h.split_bf16_wave_groups;
        (groups.saturating_mul(i64::from(slices)) + wave - 1) / wave
    };
    // waves(a) / a < waves(b) / b, compared without division.
    let best = std::iter::once(1)
        .chain(
            Heuristics::split_k_slices(h.split_bf16_max_slices)
                .filter(|&s| whole_slices(k, s, chunk, h.split_k_min_slice)),
        )
        .fold(1u32, |best, s| {
            if waves(s) * i64::from(best) < waves(best) * i64::from(s) {
                s
            } else {
                best
            }
        });
    (best > 1).then_some(best)
}

/// The split-K slices of the split bf16 pipeline with tiling `c` for a static `m x n x k`
/// matmul without batch dims ([`choose_split_k_slices`]).
pub fn split_matrix_slices(
    c: &SplitMatrixConfig,
    [m, n, k]: [&SizeExpr; 3],
    h: &Heuristics,
) -> Option<u32> {
    let (m, n, k) = (m.as_const()?, n.as_const()?, k.as_const()?);
    let groups = workgroups(&c.tiles(), Some(m), n);
    choose_split_k_slices(groups, k, i64::from(c.tile_k) * i64::from(c.flush_steps), h)
}

/// SIMT split-K for a static `m x n x k` plain matmul (no batch dims) whose SIMT tiling
/// `unsplit` has fewer than `Heuristics::simt_split_k_groups` workgroups, and so has
/// `simt_split_k_tiles` unsplit (a linear layer on a few hundred rows: BERT-base at batch 1 has 128 rows of 768 x 768, 96 workgroups of 32 x 32
/// tiles walking all of K on 132 compute units): `simt_split_k_tiles` on a grid of tiles x
/// slices, the fewest slices (each a whole number of K steps and at least
/// `simt_split_k_min_slice`) that reach `simt_split_k_groups` workgroups, else the most there
/// are. The slices store four columns at a time: N must be a multiple of 4.
/// `None` on CPU devices (the lanes pipeline), for K under `simt_split_k_min_k`, under a
/// tiling override or `kiln tune` entry, and where the split tiling does not fit the target.
pub fn choose_simt_split_k(
    [m, n, k]: [&SizeExpr; 3],
    unsplit: &MatmulConfig,
    element_bytes: u32,
    tuning_key: &str,
    target: &LoweringTarget,
) -> Option<SplitKConfig> {
    let (m, n, k) = (m.as_const()?, n.as_const()?, k.as_const()?);
    let h = &target.heuristics;
    let cpu = target.env.device_type == kiln_spirv_ir::target::DeviceType::Cpu;
    let groups = |c: &MatmulConfig| tile_count(m, n, i64::from(c.tile_m), i64::from(c.tile_n));
    if cpu
        || tiling_chosen_elsewhere(tuning_key, target)
        || k < h.simt_split_k_min_k
        || n % 4 != 0
        || groups(unsplit) >= h.simt_split_k_groups
    {
        return None;
    }
    let tiles = simt_tiling_as_is(h.simt_split_k_tiles, element_bytes, target)?;
    // (A grid of the split tiling that is large enough unsplit: the problem is not small.)
    if groups(&tiles) >= h.simt_split_k_groups {
        return None;
    }
    let step = i64::from(tiles.tile_k);
    let candidates: Vec<i64> = (2..=k / h.simt_split_k_min_slice.max(1))
        .filter(|s| k % (s * step) == 0)
        .collect();
    let slices = candidates
        .iter()
        .copied()
        .find(|s| groups(&tiles).saturating_mul(*s) >= h.simt_split_k_groups)
        .or(candidates.last().copied())?;
    Some(SplitKConfig {
        tiles: SplitKTiles::Simt(tiles),
        slices: u32::try_from(slices).ok()?,
    })
}

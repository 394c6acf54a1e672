//! The SIMT matmul configuration: register tiles per invocation, workgroup tiles, the K step,
//! fitted to shared memory and spread over enough workgroups for small problems.

use super::tiles::*;
use crate::heuristics::{Heuristics, SimtTiles};
use crate::size_expr::SizeExpr;
use crate::target::LoweringTarget;

/// Tiles of a SIMT matmul with workgroup-memory promotion.
///
/// Layout (see `lower_to_kernels/matmul.rs`): the lhs tile is staged k-major (`tile_k` rows of
/// `tile_m`), the rhs tile row-major (`tile_k` rows of `tile_n`), so an invocation reads its
/// rows and columns as vec4 (128-bit shared loads). Its `thread_m x thread_n` register tile is
/// made of 4 x 4 blocks (see [`MatmulConfig::block_stride_m`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatmulConfig {
    /// Output tile per workgroup.
    pub tile_m: u32,
    pub tile_n: u32,
    /// Reduction step per shared-memory stage.
    pub tile_k: u32,
    /// Outputs per invocation (register tile); multiples of 4.
    pub thread_m: u32,
    pub thread_n: u32,
    /// Elements added to the row stride of both staged tiles: 4 (16 bytes) keeps vec4 accesses
    /// aligned and shifts successive rows by 4 banks (the transposing lhs stores would
    /// otherwise hit one bank); 0 when only the unpadded tiles fit.
    pub pad: u32,
    /// Shared-memory stages: 2 = double buffering (the next stage's global loads are issued
    /// before the current stage's multiply-adds and stored into the other buffer after them,
    /// one barrier per stage); 1 when two stages do not fit.
    pub stages: u32,
}

impl MatmulConfig {
    pub fn workgroup_size(&self) -> u32 {
        (self.tile_m / self.thread_m) * (self.tile_n / self.thread_n)
    }
    /// Row stride (elements) of the staged lhs tile (`tile_k` rows of `tile_m`, k-major).
    pub fn lhs_stride(&self) -> u32 {
        self.tile_m + self.pad
    }
    /// Row stride (elements) of the staged rhs tile (`tile_k` rows of `tile_n`).
    pub fn rhs_stride(&self) -> u32 {
        self.tile_n + self.pad
    }
    /// Elements of one stage of the lhs / rhs tile.
    pub fn lhs_stage(&self) -> u32 {
        self.tile_k * self.lhs_stride()
    }
    pub fn rhs_stage(&self) -> u32 {
        self.tile_k * self.rhs_stride()
    }
    /// Bytes of workgroup memory for all stages of both (padded) tiles.
    pub fn shared_bytes(&self, element_bytes: u32) -> u32 {
        self.stages * (self.lhs_stage() + self.rhs_stage()) * element_bytes
    }
    /// Invocations along rows / columns of the workgroup tile.
    pub fn threads(&self) -> (u32, u32) {
        (self.tile_m / self.thread_m, self.tile_n / self.thread_n)
    }
    /// Distance between an invocation's 4 x 4 register blocks along rows: block `b` of the
    /// invocation at row `ty` covers rows `b * threads_m * 4 + ty * 4 + 0..4`, so the
    /// invocations of a subgroup read adjacent vec4s.
    pub fn block_stride_m(&self) -> u32 {
        self.threads().0 * 4
    }
    pub fn block_stride_n(&self) -> u32 {
        self.threads().1 * 4
    }
    /// Checks the shape rules the kernel relies on: register tiles of 4 x 4 blocks that divide
    /// the workgroup tile, and stage copies that divide evenly over the invocations.
    pub fn check(&self) -> Result<(), String> {
        let t = MatmulTiles {
            tile_m: self.tile_m,
            tile_n: self.tile_n,
            tile_k: self.tile_k,
            thread_m: self.thread_m,
            thread_n: self.thread_n,
            stages: Some(self.stages),
        };
        if !self.thread_m.is_multiple_of(4) || !self.thread_n.is_multiple_of(4) {
            return Err(format!(
                "matmul tiles {t}: the register tile must be a multiple of 4x4"
            ));
        }
        if !self.tile_m.is_multiple_of(self.thread_m) || !self.tile_n.is_multiple_of(self.thread_n)
        {
            return Err(format!(
                "matmul tiles {t}: the register tile must divide the workgroup tile"
            ));
        }
        let wg = self.workgroup_size();
        if !(self.tile_m * self.tile_k).is_multiple_of(wg)
            || !(self.tile_k * self.tile_n).is_multiple_of(wg)
        {
            return Err(format!(
                "matmul tiles {t}: each staged tile must be a multiple of the {wg} invocations"
            ));
        }
        Ok(())
    }
}

/// A static row or column count under which a matmul is not tiled (the serial strategy).
pub(super) fn too_small_to_tile(size: &SizeExpr, heuristics: &Heuristics) -> bool {
    size.as_const()
        .is_some_and(|v| v < heuristics.min_tiled_size)
}

/// Tiles of `tm x tn` covering an `m x n` problem.
pub(super) fn tile_count(m: i64, n: i64, tm: i64, tn: i64) -> i64 {
    ((m + tm - 1) / tm) * ((n + tn - 1) / tn)
}

/// Picks tiles for an `m x n x k` problem, or `None` when the problem is too small for tiling
/// to pay off (the serial strategy is used then). Errors when even the smallest tile would not
/// fit the target's shared memory.
pub fn choose_matmul_config(
    m: &SizeExpr,
    n: &SizeExpr,
    element_bytes: u32,
    target: &LoweringTarget,
) -> Result<Option<MatmulConfig>, String> {
    let heuristics = &target.heuristics;
    if too_small_to_tile(m, heuristics) || too_small_to_tile(n, heuristics) {
        return Ok(None);
    }
    let invocations = workgroup_invocations(target);
    let cpu = target.env.device_type == kiln_spirv_ir::target::DeviceType::Cpu;
    if let Some(t) = target.matmul_tiles {
        let config = MatmulConfig {
            tile_m: t.tile_m,
            tile_n: t.tile_n,
            tile_k: t.tile_k,
            thread_m: t.thread_m,
            thread_n: t.thread_n,
            pad: 4,
            stages: t.stages.unwrap_or(2),
        };
        config.check()?;
        if config.workgroup_size() > invocations {
            return Err(format!(
                "matmul tiles {t} need {} invocations per workgroup, the target allows {invocations}",
                config.workgroup_size()
            ));
        }
        return fit_shared_memory(config, element_bytes, target).map(Some);
    }
    // A CPU device (llvmpipe, SwiftShader) runs a workgroup's invocations as SIMD lanes on one
    // core and pays for every barrier and shared-memory stage in instructions, not latency
    // hiding: large register tiles (16 x 16) and few invocations per workgroup (a 128 x 128
    // tile is 64 invocations) amortize each stage over 16x the multiply-adds of the GPU
    // tiling. Measured on llvmpipe (512^3 f32): 4x4 / 64x64 144 ms, 8x8 83 ms, 16x16 45 ms.
    // A GPU: 8 x 8 register tiles (64 multiply-adds per four vec4 shared loads; 4 x 4 tiles
    // are bound by shared-memory bandwidth) on 256 x 128 tiles of 512 invocations (one stage
    // fits 48 KiB). Measured at 132 compute units (4096^3 f32, benches/gpu/sweep.sh): 64x64/4x4 with
    // scalar shared loads 22 TFLOP/s; 128x128/8x8 two stages 30.2; 256x128/8x8 one stage 33.1.
    // Large problems on a GPU: 8 x 16 register tiles (128 multiply-adds per six vec4 shared
    // loads) on 128 x 256 x 16 tiles of 256 invocations, one stage (two need 50 KiB). Measured
    // at 132 compute units (`STATS=1 benches/gpu/sweep.sh`, 4096^3 / 8192^3 f32): 36.6-36.9 / 37.0-37.2
    // TFLOP/s at 217 registers. tile_k 32 (one stage, no padding: exactly 48 KiB) runs at
    // 37.5-37.9 / 38.4 (254 registers) but its fully unrolled stage (4096 multiply-adds) takes
    // 27-29 ms to compile, over the 20 ms budget, and the same stage as a loop over two
    // unrolled 16-step halves ran at 28.8 (255 registers and spills). 256x128x16/8x8 at 512
    // invocations (the old default, which the driver holds to 128 registers) 33.1 / 33.3;
    // 128x128x16/8x16 (128 invocations) 36.6 / 37.6; 64x256/8x16 35.6; 16 x 8 register tiles
    // 32.0-33.4; 8x16 with tile_k 8 32.1 (one stage) / 33.1 (two);
    // 128x128x16/8x16 two stages 26.0 (255 registers); two stages of 128x256x16/8x16 in 48 KiB
    // without the padding 31.2 (255 registers and spills). Convs with 64 output channels keep
    // 8 x 8 tiles (8 x 16 there: 15-20 TFLOP/s against 26.3).
    let at_least = |s: &SizeExpr, min: i64| s.as_const().is_none_or(|v| v >= min);
    let workgroups = |tm: i64, tn: i64| match (m.as_const(), n.as_const()) {
        (Some(m), Some(n)) => tile_count(m, n, tm, tn),
        _ => i64::MAX,
    };
    let (large_m, large_n, large_k, large_thread_m, large_thread_n) = heuristics.simt_large_tiles;
    if !cpu
        && invocations >= (large_m / large_thread_m) * (large_n / large_thread_n)
        && at_least(m, i64::from(large_m))
        && at_least(n, i64::from(large_n))
        && workgroups(i64::from(large_m), i64::from(large_n)) >= heuristics.simt_min_workgroups
    {
        // Devices with less shared memory take shallower stages.
        for tile_k in [large_k, large_k / 2] {
            let tiles = (large_m, large_n, tile_k, large_thread_m, large_thread_n);
            let config = padded_config(tiles, 2);
            if let Ok(config) = fit_shared_memory(config, element_bytes, target) {
                return Ok(Some(config));
            }
        }
    }
    let (mut tile_m, mut tile_n, tile_k, thread_m, thread_n) = if cpu {
        heuristics.simt_cpu_tiles
    } else if invocations >= 512 {
        heuristics.simt_wide_workgroup_tiles
    } else {
        heuristics.simt_tiles
    };
    // Do not spread a workgroup over rows / columns a static size does not have (a conv with
    // 64 output channels): halve the tile while its half still covers the size.
    let fits = |s: &SizeExpr, half: u32| s.as_const().is_some_and(|v| v <= half as i64);
    while tile_m / 2 >= thread_m && fits(m, tile_m / 2) {
        tile_m /= 2;
    }
    while tile_n / 2 >= thread_n && fits(n, tile_n / 2) {
        tile_n /= 2;
    }
    // Keep the tile at most 2:1 (each invocation's loads feed both sides of its register
    // tile). 132 compute units, conv 3x3 32x56x56x64 -> 64 (N = 64): 256x64/8x8 337 us, 128x64/8x8 281 us.
    if !cpu {
        while tile_m > 2 * tile_n && tile_m / 2 >= thread_m {
            tile_m /= 2;
        }
        while tile_n > 2 * tile_m && tile_n / 2 >= thread_n {
            tile_n /= 2;
        }
    }
    // A CPU has no loads in flight to overlap: the prefetch would only cost registers.
    let stages = if cpu { 1 } else { 2 };
    let config = padded_config((tile_m, tile_n, tile_k, thread_m, thread_n), stages);
    fitted(config, m, n, element_bytes, target).map(Some)
}

/// The SIMT tiling of a convolution's implicit GEMM on a GPU (the rows are image pixels, many
/// for the columns, and each staged element costs im2col index arithmetic): 8-deep stages of
/// 128 invocations, `Heuristics::simt_conv_tiles` (64 x 128 of 8 x 8), swapped (128 x 64) where
/// the narrower column tiles compute fewer columns past the output channels (64 or fewer, 192,
/// 320: a 64 x 128 tiling of 192 channels wastes a quarter of its work), then spread over small
/// problems as any tiling. `None` on CPU devices
/// and where a tiling is forced (the caller's general choice stands).
pub fn choose_conv_matmul_config(
    m: &SizeExpr,
    n: &SizeExpr,
    element_bytes: u32,
    target: &LoweringTarget,
) -> Result<Option<MatmulConfig>, String> {
    let heuristics = &target.heuristics;
    let cpu = target.env.device_type == kiln_spirv_ir::target::DeviceType::Cpu;
    if cpu
        || target.matmul_tiles.is_some()
        || too_small_to_tile(m, heuristics)
        || too_small_to_tile(n, heuristics)
    {
        return Ok(None);
    }
    let (tile_m, tile_n, tile_k, thread_m, thread_n) = heuristics.simt_conv_tiles;
    // Columns computed past N with tiles `t` wide.
    let waste = |n: i64, t: u32| (n + i64::from(t) - 1) / i64::from(t) * i64::from(t) - n;
    let narrow = n
        .as_const()
        .is_some_and(|n| waste(n, tile_m) < waste(n, tile_n));
    let (tile_m, tile_n) = if narrow {
        (tile_n, tile_m)
    } else {
        (tile_m, tile_n)
    };
    let config = padded_config((tile_m, tile_n, tile_k, thread_m, thread_n), 2);
    fitted(config, m, n, element_bytes, target).map(Some)
}

/// The SIMT tiling of a grouped convolution's implicit GEMM (an `m x n` GEMM for each of
/// `groups` groups: `n` output channels a group) on a GPU: the first of
/// `Heuristics::grouped_conv_simt_tiles` as wide as `n` or wider, where `n` is more than half
/// that width and the tiles number at least `Heuristics::grouped_conv_min_workgroups` (a
/// dynamic `m`: assumed to) (`None`: the general choice, for fewer or more channels, small
/// problems, on CPU devices and where a tiling is forced). Taken even under
/// `Heuristics::min_tiled_size` columns.
pub fn choose_grouped_conv_config(
    [m, n]: [&SizeExpr; 2],
    groups: i64,
    element_bytes: u32,
    target: &LoweringTarget,
) -> Option<MatmulConfig> {
    let cpu = target.env.device_type == kiln_spirv_ir::target::DeviceType::Cpu;
    let n = n.as_const()?;
    if cpu || target.matmul_tiles.is_some() {
        return None;
    }
    let &tiles = target
        .heuristics
        .grouped_conv_simt_tiles
        .iter()
        .find(|t| i64::from(t.1) >= n && 2 * n > i64::from(t.1))?;
    grouped_conv_fills_device(m, n, groups, (tiles.0, tiles.1), target)
        .then(|| simt_tiling_as_is(tiles, element_bytes, target))
        .flatten()
}

/// Whether `tile` (rows x columns) over an `m x n` problem for each of `groups` groups gives
/// at least `Heuristics::grouped_conv_min_workgroups` workgroups (a dynamic `m`: assumed to).
pub fn grouped_conv_fills_device(
    m: &SizeExpr,
    n: i64,
    groups: i64,
    (tile_m, tile_n): (u32, u32),
    target: &LoweringTarget,
) -> bool {
    m.as_const().is_none_or(|m| {
        tile_count(m, n, i64::from(tile_m), i64::from(tile_n)).saturating_mul(groups)
            >= target.heuristics.grouped_conv_min_workgroups
    })
}

/// The SIMT tiling `tiles` as it is, double-buffered and padded where shared memory allows;
/// `None` where the kernel cannot take it on `target` (see [`MatmulConfig::check`]).
pub(super) fn simt_tiling_as_is(
    tiles: SimtTiles,
    element_bytes: u32,
    target: &LoweringTarget,
) -> Option<MatmulConfig> {
    let config = padded_config(tiles, 2);
    let fits = config.check().is_ok()
        && config.workgroup_size() <= workgroup_invocations(target)
        && config.tile_k.is_multiple_of(4);
    fits.then(|| fit_shared_memory(config, element_bytes, target).ok())
        .flatten()
}

/// The most invocations a workgroup of a one-dimensional (x) grid may have on `target`.
/// Checks a `--matmul-tiles` override against the target before any contraction is seen, so
/// that a tiling no kernel could run is refused even where every matmul is too small to be
/// tiled (it would be ignored silently otherwise): the shape rules, the invocations per
/// workgroup, and one stage of f16 tiles (the smallest elements) in shared memory.
pub fn check_matmul_tiles_override(target: &LoweringTarget) -> Result<(), String> {
    let Some(t) = target.matmul_tiles else {
        return Ok(());
    };
    let config = MatmulConfig {
        tile_m: t.tile_m,
        tile_n: t.tile_n,
        tile_k: t.tile_k,
        thread_m: t.thread_m,
        thread_n: t.thread_n,
        pad: 4,
        stages: t.stages.unwrap_or(2),
    };
    config.check()?;
    let invocations = workgroup_invocations(target);
    if config.workgroup_size() > invocations {
        return Err(format!(
            "matmul tiles {t} need {} invocations per workgroup, the target allows {invocations}",
            config.workgroup_size()
        ));
    }
    fit_shared_memory(config, 2, target).map(|_| ())
}

fn workgroup_invocations(target: &LoweringTarget) -> u32 {
    let limits = &target.env.limits;
    limits
        .max_compute_workgroup_invocations
        .min(limits.max_compute_workgroup_size[0])
}

/// A SIMT tiling (tile_m, tile_n, tile_k, thread_m, thread_n) with the bank-conflict padding
/// and `stages` stages.
fn padded_config(
    (tile_m, tile_n, tile_k, thread_m, thread_n): SimtTiles,
    stages: u32,
) -> MatmulConfig {
    MatmulConfig {
        tile_m,
        tile_n,
        tile_k,
        thread_m,
        thread_n,
        pad: 4,
        stages,
    }
}

/// `config` shrunk to what the target allows, spread over a small problem and with its stage
/// depth limited by the prefetch budget (GPUs), then fitted to shared memory.
fn fitted(
    mut config: MatmulConfig,
    m: &SizeExpr,
    n: &SizeExpr,
    element_bytes: u32,
    target: &LoweringTarget,
) -> Result<MatmulConfig, String> {
    let heuristics = &target.heuristics;
    let cpu = target.env.device_type == kiln_spirv_ir::target::DeviceType::Cpu;
    let invocations = workgroup_invocations(target);
    // Fewer invocations allowed (or stage copies that do not divide evenly): shrink the tile.
    while config.workgroup_size() > invocations || config.check().is_err() {
        if config.tile_n >= config.tile_m && config.tile_n > config.thread_n {
            config.tile_n /= 2;
        } else if config.tile_m > config.thread_m {
            config.tile_m /= 2;
        } else if config.thread_n > 4 || config.thread_m > 4 {
            config.thread_m = 4.max(config.thread_m / 2);
            config.thread_n = 4.max(config.thread_n / 2);
        } else {
            return Err(format!(
                "maxComputeWorkGroupInvocations {invocations} is too small for a tiled matmul"
            ));
        }
    }
    if !cpu {
        spread_small_problem(&mut config, m, n, heuristics.simt_min_workgroups);
        // At most 16 prefetched elements per invocation (registers held across the stage's
        // math): 132 compute units, conv 3x3 32x56x56x64 -> 64 at 128x64/8x8 (24 at k 16): 323 us at k 16,
        // 281 us at k 8.
        let per_invocation =
            |c: &MatmulConfig| (c.tile_m + c.tile_n) * c.tile_k / c.workgroup_size();
        while per_invocation(&config) > heuristics.simt_max_prefetch && config.tile_k > 8 {
            config.tile_k /= 2;
        }
    }
    fit_shared_memory(config, element_bytes, target)
}

/// Shrinks the tiles of a problem with static sizes too small to give `min_workgroups`
/// workgroups (`Heuristics::simt_min_workgroups`): halves the larger tile dim, and the register
/// tile when the workgroup would drop under 128 invocations, down to 32 x 32 tiles of 4 x 4.
fn spread_small_problem(
    config: &mut MatmulConfig,
    m: &SizeExpr,
    n: &SizeExpr,
    min_workgroups: i64,
) {
    let (Some(m), Some(n)) = (m.as_const(), n.as_const()) else {
        return;
    };
    let groups = |c: &MatmulConfig| tile_count(m, n, i64::from(c.tile_m), i64::from(c.tile_n));
    while groups(config) < min_workgroups && (config.tile_m > 32 || config.tile_n > 32) {
        let mut next = *config;
        if next.tile_m >= next.tile_n {
            next.tile_m /= 2;
        } else {
            next.tile_n /= 2;
        }
        next.thread_m = next.thread_m.min(next.tile_m);
        next.thread_n = next.thread_n.min(next.tile_n);
        while next.workgroup_size() < 128 && (next.thread_m > 4 || next.thread_n > 4) {
            if next.thread_m >= next.thread_n {
                next.thread_m /= 2;
            } else {
                next.thread_n /= 2;
            }
        }
        if next.check().is_err() {
            return;
        }
        *config = next;
    }
}

/// Drops double buffering, then the bank-conflict padding, rather than fail when only a
/// smaller staging fits; errors when even one unpadded stage exceeds
/// `maxComputeSharedMemorySize`.
fn fit_shared_memory(
    mut config: MatmulConfig,
    element_bytes: u32,
    target: &LoweringTarget,
) -> Result<MatmulConfig, String> {
    let limit = target.env.limits.max_compute_shared_memory_size;
    // Optimizations go first: double buffering, then the padding.
    if config.shared_bytes(element_bytes) > limit {
        config.stages = 1;
    }
    if config.shared_bytes(element_bytes) > limit {
        config.pad = 0;
    }
    if config.shared_bytes(element_bytes) > limit {
        return Err(format!(
            "matmul tiles {}x{}x{} need {} bytes of workgroup memory, maxComputeSharedMemorySize is {limit}",
            config.tile_m,
            config.tile_n,
            config.tile_k,
            config.shared_bytes(element_bytes),
        ));
    }
    Ok(config)
}

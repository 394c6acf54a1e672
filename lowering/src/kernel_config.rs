//! Kernel configuration for contractions: from a matmul-like `linalg.generic` and the target
//! env to a tile configuration, computed from live limits (max invocations, shared memory,
//! subgroup size) rather than per-vendor tables. Tested apart from the mechanics (config
//! goldens per preset); `lower-to-kernels` reads the result.
//!
//! Matmul-like (an implicit GEMM): two tensor inputs, reduction dims `k` read by both, row dims
//! `m` read by the first input only, column dims `n` read by the second only, batch dims read
//! by both and by the output. Matmul, batch matmul and convolutions (NHWC / NCHW / grouped; the
//! input's window map is evaluated per element) qualify; depthwise convolutions (no column
//! dim) and pooling keep the serial strategy.

use crate::heuristics::Heuristics;
use crate::size_expr::SizeExpr;
use crate::target::LoweringTarget;
use kiln_frontend::{DType, Generic, IteratorType};

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

/// A user-chosen SIMT matmul tiling (`--matmul-tiles TMxTNxTK/RMxRN`, e.g. `128x128x16/8x8`)
/// that replaces the computed one for every tiled contraction; for tuning and benchmarks. Still
/// checked against the target's limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatmulTiles {
    pub tile_m: u32,
    pub tile_n: u32,
    pub tile_k: u32,
    pub thread_m: u32,
    pub thread_n: u32,
    /// Shared-memory stages (`/1` or `/2` after the register tile); `None`: 2 when they fit.
    pub stages: Option<u32>,
}

impl std::str::FromStr for MatmulTiles {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let bad =
            || format!("matmul tiles `{s}`: expected TMxTNxTK/RMxRN[/STAGES], e.g. 128x128x16/8x8");
        let TilingText {
            first: t,
            second: r,
            stages,
        } = parse_tiling(s, &bad)?;
        let (&[tile_m, tile_n, tile_k], &[thread_m, thread_n]) = (&t[..], &r[..]) else {
            return Err(bad());
        };
        if tile_m % thread_m != 0 || tile_n % thread_n != 0 {
            return Err(format!(
                "matmul tiles `{s}`: the register tile {thread_m}x{thread_n} must divide the workgroup tile {tile_m}x{tile_n}"
            ));
        }
        Ok(MatmulTiles {
            tile_m,
            tile_n,
            tile_k,
            thread_m,
            thread_n,
            stages,
        })
    }
}

impl std::fmt::Display for MatmulTiles {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}x{}x{}/{}x{}",
            self.tile_m, self.tile_n, self.tile_k, self.thread_m, self.thread_n
        )?;
        match self.stages {
            Some(stages) => write!(f, "/{stages}"),
            None => Ok(()),
        }
    }
}

/// A tiling's text split up: `AxB.../CxD...[/STAGES]`.
struct TilingText {
    first: Vec<u32>,
    second: Vec<u32>,
    stages: Option<u32>,
}

/// Splits a tiling `AxB.../CxD...[/STAGES]` into its two lists of positive numbers and the
/// optional stage count (1 or 2); anything else is `bad()`.
fn parse_tiling(s: &str, bad: &dyn Fn() -> String) -> Result<TilingText, String> {
    let numbers = |part: &str| -> Result<Vec<u32>, String> {
        part.split('x')
            .map(|n| {
                n.trim()
                    .parse::<u32>()
                    .ok()
                    .filter(|&v| v > 0)
                    .ok_or_else(bad)
            })
            .collect()
    };
    let parts: Vec<&str> = s.split('/').collect();
    let stages = match parts[..] {
        [_, _] => None,
        [_, _, "1"] => Some(1),
        [_, _, "2"] => Some(2),
        _ => return Err(bad()),
    };
    Ok(TilingText {
        first: numbers(parts[0])?,
        second: numbers(parts[1])?,
        stages,
    })
}

/// A user-chosen cooperative-matrix tiling (`--coopmat-tiles SMxSN/FMxFNxKS[/STAGES]`, e.g.
/// `2x4/4x2x2`): subgroups per workgroup, fragments per subgroup, fragment k-steps per stage;
/// for tuning. A tiling the target cannot hold is an error, not a silent fallback.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CoopmatTiles {
    pub subgroups_m: u32,
    pub subgroups_n: u32,
    pub fragments_m: u32,
    pub fragments_n: u32,
    pub k_steps: u32,
    pub stages: Option<u32>,
}

impl std::str::FromStr for CoopmatTiles {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let bad = || {
            format!(
                "cooperative-matrix tiles `{s}`: expected SMxSN/FMxFNxKS[/STAGES], e.g. 2x4/4x2x2"
            )
        };
        let TilingText {
            first: sub,
            second: frag,
            stages,
        } = parse_tiling(s, &bad)?;
        let (&[subgroups_m, subgroups_n], &[fragments_m, fragments_n, k_steps]) =
            (&sub[..], &frag[..])
        else {
            return Err(bad());
        };
        Ok(CoopmatTiles {
            subgroups_m,
            subgroups_n,
            fragments_m,
            fragments_n,
            k_steps,
            stages,
        })
    }
}

impl std::fmt::Display for CoopmatTiles {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}x{}/{}x{}x{}",
            self.subgroups_m, self.subgroups_n, self.fragments_m, self.fragments_n, self.k_steps
        )?;
        match self.stages {
            Some(stages) => write!(f, "/{stages}"),
            None => Ok(()),
        }
    }
}

/// A tiling chosen by `kiln tune` for one contraction (see [`tuning_key`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TunedTiles {
    Simt(MatmulTiles),
    Lanes(LanesTiles),
    Coopmat(CoopmatTiles),
    WorkgroupMatrix(WorkgroupMatrixConfig),
}

impl std::str::FromStr for TunedTiles {
    type Err = String;
    /// `simt:TMxTNxTK/RMxRN[/S]`, `lanes:ROWSxCOLS`, `coopmat:SMxSN/FMxFNxKS[/S]` or
    /// `wgmatrix:TMxTNxTK/WG`.
    fn from_str(s: &str) -> Result<Self, String> {
        match s.split_once(':') {
            Some(("simt", t)) => Ok(TunedTiles::Simt(t.parse()?)),
            Some(("lanes", t)) => Ok(TunedTiles::Lanes(t.parse()?)),
            Some(("coopmat", t)) => Ok(TunedTiles::Coopmat(t.parse()?)),
            Some(("wgmatrix", t)) => Ok(TunedTiles::WorkgroupMatrix(t.parse()?)),
            _ => Err(format!(
                "tuned tiles `{s}`: expected simt:TMxTNxTK/RMxRN, lanes:ROWSxCOLS, \
                 coopmat:SMxSN/FMxFNxKS or wgmatrix:TMxTNxTK/WG"
            )),
        }
    }
}

impl std::fmt::Display for TunedTiles {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TunedTiles::Simt(t) => write!(f, "simt:{t}"),
            TunedTiles::Lanes(t) => write!(f, "lanes:{t}"),
            TunedTiles::Coopmat(t) => write!(f, "coopmat:{t}"),
            TunedTiles::WorkgroupMatrix(t) => write!(f, "wgmatrix:{t}"),
        }
    }
}

/// The key of a contraction in a tuning table: operand / result dtypes and the implicit
/// GEMM's batch, m, n and k sizes (symbolic sizes by name), e.g.
/// `f32xf32->f32 batch=1 m=4096 n=4096 k=4096`.
pub fn tuning_key(
    dtypes: [DType; 3],
    batch: &SizeExpr,
    m: &SizeExpr,
    n: &SizeExpr,
    k: &SizeExpr,
) -> String {
    let [a, b, c] = dtypes;
    format!("{a}x{b}->{c} batch={batch} m={m} n={n} k={k}")
}

/// The pipeline for a tuned tiling, checked against the target like an override; `None` when
/// it does not apply (a cooperative-matrix tiling for dtypes without one) or does not fit.
fn tuned_pipeline(
    tiles: TunedTiles,
    m: &SizeExpr,
    n: &SizeExpr,
    dtypes: [DType; 3],
    element_bytes: u32,
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
                .then(|| choose_cooperative_matrix_config(m, n, lhs, result, &t))
                .flatten()
                .map(MatmulPipeline::CooperativeMatrix)
        }
        // Read by `choose_workgroup_matrix_config`; here the contraction did not qualify.
        TunedTiles::WorkgroupMatrix(_) => None,
    }
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

/// A static row or column count under which a matmul is not tiled (the serial strategy).
fn too_small_to_tile(size: &SizeExpr, heuristics: &Heuristics) -> bool {
    size.as_const()
        .is_some_and(|v| v < heuristics.min_tiled_size)
}

/// Tiles of `tm x tn` covering an `m x n` problem.
fn tile_count(m: i64, n: i64, tm: i64, tn: i64) -> i64 {
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
    let limits = &target.env.limits;
    let invocations = limits
        .max_compute_workgroup_invocations
        .min(limits.max_compute_workgroup_size[0]);
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
            let config = MatmulConfig {
                tile_m: large_m,
                tile_n: large_n,
                tile_k,
                thread_m: large_thread_m,
                thread_n: large_thread_n,
                pad: 4,
                stages: 2,
            };
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
    let mut config = MatmulConfig {
        tile_m,
        tile_n,
        tile_k,
        thread_m,
        thread_n,
        pad: 4,
        // A CPU has no loads in flight to overlap: the prefetch would only cost registers.
        stages: if cpu { 1 } else { 2 },
    };
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
    fit_shared_memory(config, element_bytes, target).map(Some)
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

/// Tiles of a cooperative-matrix (VK_KHR_cooperative_matrix) matmul: f16 operand tiles staged
/// through Workgroup memory (vec4 copies where the operand allows, double-buffered when two
/// stages fit), each subgroup owning a block of `fragments_m x fragments_n` accumulators of
/// `matrix_m x matrix_n`; the epilogue stages one f32 fragment per subgroup at a time through
/// Workgroup memory for the guarded, fused element-wise finish (so M / N / K need not be
/// multiples of any tile).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CooperativeMatrixConfig {
    /// Output tile per workgroup.
    pub tile_m: u32,
    pub tile_n: u32,
    /// Reduction step per shared-memory stage (a multiple of `matrix_k`).
    pub tile_k: u32,
    /// The cooperative-matrix shape (`A` is `matrix_m x matrix_k`, `B` `matrix_k x matrix_n`),
    /// one the target lists.
    pub matrix_m: u32,
    pub matrix_n: u32,
    pub matrix_k: u32,
    /// Subgroups per workgroup along rows and columns.
    pub subgroups_m: u32,
    pub subgroups_n: u32,
    /// The target's subgroup size (the workgroup holds `subgroups_m * subgroups_n` of them).
    pub subgroup_size: u32,
    /// Row padding (elements) of the staged operand tiles: 8 f16 (16 bytes) keeps every row
    /// and fragment start 16-byte aligned while breaking the power-of-two bank mapping.
    pub operand_pad: u32,
    /// Row padding (elements) of the staged f32 result fragments (16 bytes).
    pub result_pad: u32,
    /// Operand stages: 2 = double buffering (see `MatmulConfig::stages`).
    pub stages: u32,
}

impl CooperativeMatrixConfig {
    pub fn workgroup_size(&self) -> u32 {
        self.subgroups() * self.subgroup_size
    }
    pub fn subgroups(&self) -> u32 {
        self.subgroups_m * self.subgroups_n
    }
    /// Accumulator fragments per subgroup along rows / columns.
    pub fn fragments(&self) -> (u32, u32) {
        (
            self.tile_m / self.subgroups_m / self.matrix_m,
            self.tile_n / self.subgroups_n / self.matrix_n,
        )
    }
    pub fn lhs_stride(&self) -> u32 {
        self.tile_k + self.operand_pad
    }
    pub fn rhs_stride(&self) -> u32 {
        self.tile_n + self.operand_pad
    }
    /// Elements of one stage of the lhs / rhs tile.
    pub fn lhs_stage(&self) -> u32 {
        self.tile_m * self.lhs_stride()
    }
    pub fn rhs_stage(&self) -> u32 {
        self.tile_k * self.rhs_stride()
    }
    /// Row stride of a subgroup's staged result fragment.
    pub fn result_stride(&self) -> u32 {
        self.matrix_n + self.result_pad
    }
    /// Elements of one subgroup's staged result fragment.
    pub fn result_fragment(&self) -> u32 {
        self.matrix_m * self.result_stride()
    }
    /// Bytes of workgroup memory: all stages of both f16 operand tiles and one f32 result
    /// fragment per subgroup.
    pub fn shared_bytes(&self) -> u32 {
        self.stages * (self.lhs_stage() + self.rhs_stage()) * 2
            + self.subgroups() * self.result_fragment() * 4
    }
}

/// The cooperative-matrix configuration for an `m x n` matmul with f16 operands and f32 (or
/// f16) accumulation, or `None` when the target lists no such subgroup-scope shape,
/// the problem is smaller than one fragment, or no tiling fits the target's limits (the SIMT
/// pipeline is used then).
///
/// Tilings, best first (`Heuristics::cooperative_matrix_tilings`): 8 subgroups as 2 x 4, each
/// with 4 x 4 fragments (128 x 256 outputs
/// for 16 x 16 fragments, two k-steps a stage; one stage fits 48 KiB), then with 4 x 2
/// fragments (128 x 128, double-buffered: 47 KiB), then 4 subgroups as 2 x 2 with 2 x 2
/// fragments (64 x 64). A problem with static sizes giving fewer than
/// `Heuristics::simt_min_workgroups` large tiles takes the small ones. Measured at 132 compute
/// units (4096^3, benches/gpu/sweep.sh):
/// 128x256 180 TFLOP/s, 128x128 double-buffered 140.
pub fn choose_cooperative_matrix_config(
    m: &SizeExpr,
    n: &SizeExpr,
    operands: DType,
    accumulator: DType,
    target: &LoweringTarget,
) -> Option<CooperativeMatrixConfig> {
    use kiln_spirv_ir::target::ComponentType as C;
    let c_type = match (operands, accumulator) {
        (DType::F16, DType::F32) => C::F32,
        (DType::F16, DType::F16) => C::F16,
        _ => return None,
    };
    // Operand tiles are staged (and loaded) as f16, so f16 must be a compute type.
    if target.compute_type(operands).ok()? != crate::kernel_ir::ScalarType::F16 {
        return None;
    }
    let shape = target
        .env
        .cooperative_matrix
        .iter()
        .filter(|p| {
            (p.a_type, p.b_type, p.c_type, p.result_type) == (C::F16, C::F16, c_type, c_type)
                && p.scope == kiln_spirv_ir::spirv::Scope::Subgroup
                && !p.saturating_accumulation
        })
        // The most square shape (16x16x16 before 16x8x16).
        .max_by_key(|p| (p.m.min(p.n), p.k))?;
    let small = |s: &SizeExpr, tile: u32| s.as_const().is_some_and(|v| v < tile as i64);
    if small(m, shape.m) || small(n, shape.n) {
        return None;
    }
    let limits = &target.env.limits;
    let subgroup_size = limits.subgroup_size;
    if subgroup_size == 0 {
        return None;
    }
    let few_groups = match (m.as_const(), n.as_const()) {
        (Some(m), Some(n)) => {
            let (tm, tn) = (i64::from(8 * shape.m), i64::from(8 * shape.n));
            ((m + tm - 1) / tm) * ((n + tn - 1) / tn) < target.heuristics.simt_min_workgroups
        }
        _ => false,
    };
    let tiling = |subgroups_m, subgroups_n, fragments_m, fragments_n| CoopmatTiles {
        subgroups_m,
        subgroups_n,
        fragments_m,
        fragments_n,
        k_steps: 2,
        stages: None,
    };
    let defaults = target.heuristics.cooperative_matrix_tilings;
    let tilings: Vec<CoopmatTiles> = match target.coopmat_tiles {
        Some(t) => vec![t],
        // The smallest.
        None if few_groups => defaults
            .last()
            .map(|&(a, b, c, d)| tiling(a, b, c, d))
            .into_iter()
            .collect(),
        None => defaults
            .iter()
            .map(|&(a, b, c, d)| tiling(a, b, c, d))
            .collect(),
    };
    for t in tilings {
        let stage_choices = match t.stages {
            Some(stages) => vec![stages],
            None => vec![2, 1],
        };
        let (subgroups_m, subgroups_n, fm, fn_) =
            (t.subgroups_m, t.subgroups_n, t.fragments_m, t.fragments_n);
        for stages in stage_choices {
            let config = CooperativeMatrixConfig {
                tile_m: subgroups_m * fm * shape.m,
                tile_n: subgroups_n * fn_ * shape.n,
                tile_k: t.k_steps * shape.k,
                matrix_m: shape.m,
                matrix_n: shape.n,
                matrix_k: shape.k,
                subgroups_m,
                subgroups_n,
                subgroup_size,
                operand_pad: 8,
                result_pad: 4,
                stages,
            };
            let invocations = config.workgroup_size();
            let copies_divide = (config.tile_m * config.tile_k).is_multiple_of(invocations)
                && (config.tile_k * config.tile_n).is_multiple_of(invocations);
            if copies_divide
                && invocations <= limits.max_compute_workgroup_invocations
                && invocations <= limits.max_compute_workgroup_size[0]
                && config.shared_bytes() <= limits.max_compute_shared_memory_size
            {
                return Some(config);
            }
        }
    }
    None
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

/// A workgroup-scope cooperative-matrix matmul (VK_NV_cooperative_matrix2, also the text of
/// `--workgroup-matrix-tiles TMxTNxTK/WG`, e.g. `128x128x64/128`): the whole
/// workgroup owns one `tile_m x tile_n` accumulator and loads `tile_m x tile_k` /
/// `tile_k x tile_n` operand matrices straight from the buffers through tensor layouts; the
/// driver stages them through shared memory (see `lower_to_kernels/matmul.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WorkgroupMatrixConfig {
    pub tile_m: u32,
    pub tile_n: u32,
    pub tile_k: u32,
    /// The invocation count of the target's workgroup-scope entry the tiles come from.
    pub workgroup_size: u32,
}

impl std::str::FromStr for WorkgroupMatrixConfig {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let bad =
            || format!("workgroup-matrix tiles `{s}`: expected TMxTNxTK/WG, e.g. 128x128x64/128");
        let TilingText {
            first,
            second,
            stages,
        } = parse_tiling(s, &bad)?;
        let (&[tile_m, tile_n, tile_k], &[workgroup_size], None) =
            (&first[..], &second[..], stages)
        else {
            return Err(bad());
        };
        Ok(WorkgroupMatrixConfig {
            tile_m,
            tile_n,
            tile_k,
            workgroup_size,
        })
    }
}

impl std::fmt::Display for WorkgroupMatrixConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}x{}x{}/{}",
            self.tile_m, self.tile_n, self.tile_k, self.workgroup_size
        )
    }
}

/// An f32 matmul on bf16 tensor cores from split operands (`lower_to_kernels/split.rs`): each
/// f32 operand becomes three bf16 planes (8 significant bits each), and a workgroup-scope
/// kernel of `workgroup_size` invocations accumulates the six products that reach f32
/// precision, `tile_m x tile_n` per workgroup over `tile_k`-deep steps, summed from zero for
/// `flush_steps` steps and then added into the f32 result with an ordinary (round-to-nearest)
/// add: the tensor cores do not round to nearest when they accumulate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SplitMatrixConfig {
    pub tile_m: u32,
    pub tile_n: u32,
    pub tile_k: u32,
    pub workgroup_size: u32,
    pub flush_steps: u32,
}

/// Whether the rows of a matmul's 16-bit operands and result are 16-byte aligned (see
/// `Heuristics::tensor_row_alignment`).
fn tensor_rows_aligned(n: i64, k: i64, heuristics: &Heuristics) -> bool {
    let alignment = heuristics.tensor_row_alignment;
    n % alignment == 0 && k % alignment == 0
}

/// Whether a contraction's tiling comes from outside the defaults: an explicit tile override
/// of any pipeline, or a `kiln tune` entry for `tuning_key`. Pipelines that have no tiling of
/// their own to override (the split bf16 and few-rows ones) then step aside.
pub fn tiling_chosen_elsewhere(tuning_key: &str, target: &LoweringTarget) -> bool {
    target.matmul_tiles.is_some()
        || target.coopmat_tiles.is_some()
        || target.lanes_tiles.is_some()
        || target.workgroup_matrix_tiles.is_some()
        || target.tuned.contains_key(tuning_key)
}

/// Chooses the split-operand bf16 pipeline for an f32 x f32 -> f32 matmul `m x n x k` (static
/// N and K, M static or dynamic) on a target with bf16 workgroup-scope cooperative matrices
/// (`Bf16*Bf16+F32->F32` at 128 invocations, VK_KHR_shader_bfloat16, tensor addressing).
/// Sweeps of hand-written kernels at 132 compute units (benches/gpu/split_bf16_spirv.py, clocks held, TFLOP/s at
/// 4096^3 / 8192^3, kernel only): 64x128x32/128 flushing every 4 steps 52.9-53.6 / 52.8 (max
/// error 6.7e-7 / 8.1e-7 of max |ref|, a plain f32 dot product: 1.6e-6 / 2.6e-6);
/// 128x128x16/128 every 8 steps 52.1 / 52.8; every step 47.8 / 48.1; straight into the sum
/// 63.2 / 63.6 but 19x less accurate than f32 (not used); 128x256, 256x128, 256x256 tiles
/// 10-41. The SIMT kernel: 37. `None` under any explicit tile override (SIMT tiles keep the
/// exact f32 kernel), when `kiln tune` stored a tiling for `tuning_key` (it found another
/// pipeline faster than this default), with 64-bit indices, for small problems (`Heuristics::large_matmul_min_k`,
/// `large_matmul_min_macs`, `split_bf16_long_k_min_macs`; a dynamic M counts as
/// `dynamic_m_rows`), for rows that are not 16-byte aligned (`tensor_row_alignment`: the planes
/// are bf16), and on other targets.
pub fn choose_split_matrix_config(
    [m, n, k]: [&SizeExpr; 3],
    dtypes: [DType; 3],
    tuning_key: &str,
    target: &LoweringTarget,
) -> Option<SplitMatrixConfig> {
    use kiln_spirv_ir::spirv::Capability as Cap;
    use kiln_spirv_ir::target::ComponentType as C;
    // (Its tensor layouts address with 32-bit indices.)
    if tiling_chosen_elsewhere(tuning_key, target)
        || dtypes != [DType::F32; 3]
        || target.index_bits != 32
    {
        return None;
    }
    let (Some(n), Some(k)) = (n.as_const(), k.as_const()) else {
        return None;
    };
    let h = &target.heuristics;
    let m = m.as_const().unwrap_or(h.dynamic_m_rows);
    let macs = m.saturating_mul(n).saturating_mul(k);
    let min_macs = match k >= h.split_k_min_k {
        true => h.split_bf16_long_k_min_macs,
        false => h.large_matmul_min_macs,
    };
    if k < h.large_matmul_min_k || macs < min_macs || !tensor_rows_aligned(n, k, h) {
        return None;
    }
    let (tile_m, tile_n, tile_k, workgroup_size) = h.split_bf16_tiles;
    let config = SplitMatrixConfig {
        tile_m,
        tile_n,
        tile_k,
        workgroup_size,
        flush_steps: h.split_bf16_flush_steps,
    };
    let capable = [
        Cap::BFloat16TypeKHR,
        Cap::BFloat16CooperativeMatrixKHR,
        Cap::StorageBuffer16BitAccess,
        Cap::CooperativeMatrixTensorAddressingNV,
    ]
    .into_iter()
    .all(|c| target.has(c));
    (capable && lists_workgroup_matrix(target, [C::Bf16, C::F32], &config.tiles()))
        .then_some(config)
}

impl SplitMatrixConfig {
    /// Its workgroup-scope tiling.
    pub fn tiles(&self) -> WorkgroupMatrixConfig {
        WorkgroupMatrixConfig {
            tile_m: self.tile_m,
            tile_n: self.tile_n,
            tile_k: self.tile_k,
            workgroup_size: self.workgroup_size,
        }
    }
}

/// Whether `target` lists workgroup-scope matrices of `element` operands and `accumulator`
/// results for `t`'s invocation count, with granularities that divide its tiles.
fn lists_workgroup_matrix(
    target: &LoweringTarget,
    [element, accumulator]: [kiln_spirv_ir::target::ComponentType; 2],
    t: &WorkgroupMatrixConfig,
) -> bool {
    t.workgroup_size <= target.env.limits.max_compute_workgroup_invocations
        && target.env.cooperative_matrix_workgroup.iter().any(|p| {
            (p.a_type, p.b_type, p.c_type, p.result_type)
                == (element, element, accumulator, accumulator)
                && p.workgroup_invocations == t.workgroup_size
                && t.tile_m.is_multiple_of(p.m_granularity)
                && t.tile_n.is_multiple_of(p.n_granularity)
                && t.tile_k.is_multiple_of(p.k_granularity)
                && t.tile_m.max(t.tile_n).max(t.tile_k) <= p.max_dimension
        })
}

/// Chooses a workgroup-scope cooperative-matrix tiling for an f16 x f16 -> `result` (f32 or
/// f16) matmul `m x n x k` with static N and K (M may be dynamic), when the target lists workgroup-scope matrices of those
/// types whose granularities divide the tiles. The candidates, best first
/// (`Heuristics::workgroup_matrix_f32_acc` / `workgroup_matrix_f16_acc`), come from sweeps of
/// hand-written kernels at 132 compute units (driver 580.159.04, clocks held, TFLOP/s at 4096^3 / 8192^3;
/// benches/RESULTS.md): f32 accumulators 128x128x64 with 128 invocations 333 / 332-347
/// (128x256x64 with 256: 300-304 / 309-314, 128x256x32: 282 / 294, 128x128x64 with 256: 264 /
/// 274, 64x128x64 and 128x64x64: 245 / 251, any 128-deep K step or 128x256 with 128
/// invocations: under 80); f16 accumulators 256x256x32 with 256 invocations 353-360 / 382-385
/// (128x128x64 with 128: 346 / 361, 256x256x64: 203 / 209). The first candidate whose tile
/// fits inside the problem wins, else the smallest. An explicit `--workgroup-matrix-tiles` or a
/// `kiln tune` entry for `tuning_key` comes first (an override the target cannot hold is an
/// error). `None` under explicit SIMT / cooperative-matrix tile overrides (they select those
/// pipelines), when `kiln tune` chose another pipeline for the contraction, for a dynamic
/// N or K (the tensor layouts would clamp every load), and with 64-bit indices (tensor layouts
/// take 32-bit ones; an explicit tiling is an error then).
pub fn choose_workgroup_matrix_config(
    [m, n, k]: [&SizeExpr; 3],
    operands: DType,
    result: DType,
    tuning_key: &str,
    target: &LoweringTarget,
) -> Result<Option<WorkgroupMatrixConfig>, String> {
    Ok(
        match workgroup_matrix_choices([n, k], operands, result, tuning_key, target)? {
            None => None,
            Some(WorkgroupMatrixChoices::Fixed(t)) => Some(t),
            Some(WorkgroupMatrixChoices::ByRows { usable, n }) => tile_by_rows(
                &usable,
                m.as_const(),
                n,
                target.heuristics.workgroup_matrix_min_groups,
            ),
        },
    )
}

/// The tilings [`choose_workgroup_matrix_config`] chooses from.
enum WorkgroupMatrixChoices {
    /// An explicit `--workgroup-matrix-tiles` or a `kiln tune` entry.
    Fixed(WorkgroupMatrixConfig),
    /// The default candidates the target lists, largest first, chosen by the rows; `n` is
    /// the (static) N they were checked against.
    ByRows {
        usable: Vec<WorkgroupMatrixConfig>,
        n: i64,
    },
}

fn workgroup_matrix_choices(
    [n, k]: [&SizeExpr; 2],
    operands: DType,
    result: DType,
    tuning_key: &str,
    target: &LoweringTarget,
) -> Result<Option<WorkgroupMatrixChoices>, String> {
    use kiln_spirv_ir::target::ComponentType as C;
    if target.matmul_tiles.is_some() || target.coopmat_tiles.is_some() {
        return Ok(None);
    }
    let h = &target.heuristics;
    let (c_type, candidates) = match (operands, result) {
        (DType::F16, DType::F32) => (C::F32, h.workgroup_matrix_f32_acc),
        (DType::F16, DType::F16) => (C::F16, h.workgroup_matrix_f16_acc),
        _ => return Ok(None),
    };
    // A dynamic M (a symbolic batch of rows) is fine: workgroups check at run time whether
    // their tile lies inside; N and K must be static.
    let (Some(n), Some(k)) = (n.as_const(), k.as_const()) else {
        return Ok(None);
    };
    if target.compute_type(operands).ok() != Some(crate::kernel_ir::ScalarType::F16) {
        return Ok(None);
    }
    // Tensor layouts (`OpCooperativeMatrixLoadTensorNV`) address with 32-bit indices.
    if target.index_bits != 32 {
        return match target.workgroup_matrix_tiles {
            Some(t) => Err(format!(
                "workgroup-matrix tiles {t} need 32-bit indices (tensor layouts), not --index64"
            )),
            None => Ok(None),
        };
    }
    let fits = |t: &WorkgroupMatrixConfig| lists_workgroup_matrix(target, [C::F16, c_type], t);
    if let Some(t) = target.workgroup_matrix_tiles {
        return if fits(&t) {
            Ok(Some(WorkgroupMatrixChoices::Fixed(t)))
        } else {
            Err(format!(
                "workgroup-matrix tiles {t} do not fit the target (no workgroup-scope matrix \
                 entry with {} invocations whose granularities divide the tiles)",
                t.workgroup_size
            ))
        };
    }
    match target.tuned.get(tuning_key) {
        Some(TunedTiles::WorkgroupMatrix(t)) if fits(t) => {
            return Ok(Some(WorkgroupMatrixChoices::Fixed(*t)))
        }
        // `kiln tune` found another pipeline faster for this contraction.
        Some(TunedTiles::Simt(_) | TunedTiles::Lanes(_) | TunedTiles::Coopmat(_)) => {
            return Ok(None)
        }
        _ => {}
    }
    if !tensor_rows_aligned(n, k, h) {
        return Ok(None);
    }
    let usable: Vec<WorkgroupMatrixConfig> = candidates
        .iter()
        .map(|&(tile_m, tile_n, tile_k, workgroup_size)| {
            tiles(tile_m, tile_n, tile_k, workgroup_size)
        })
        .filter(fits)
        .collect();
    Ok((!usable.is_empty()).then_some(WorkgroupMatrixChoices::ByRows { usable, n }))
}

/// The workgroups (tiles) of tiling `t` over an `m x n` result (a dynamic M, `None`, counts as
/// large).
fn workgroups(t: &WorkgroupMatrixConfig, m: Option<i64>, n: i64) -> i64 {
    let (tm, tn) = (i64::from(t.tile_m), i64::from(t.tile_n));
    let m = m.unwrap_or(i64::MAX);
    ((m - 1) / tm + 1).saturating_mul((n - 1) / tn + 1)
}

/// The largest of `usable` (largest first) whose grid has at least `min_groups` workgroups
/// (`Heuristics::workgroup_matrix_min_groups`), else the smallest.
fn tile_by_rows(
    usable: &[WorkgroupMatrixConfig],
    m: Option<i64>,
    n: i64,
    min_groups: i64,
) -> Option<WorkgroupMatrixConfig> {
    usable
        .iter()
        .find(|t| workgroups(t, m, n) >= min_groups)
        .or_else(|| usable.iter().min_by_key(|t| t.tile_m * t.tile_n))
        .copied()
}

/// A workgroup-scope matmul split along K (`lower_to_kernels/split_k.rs`): `slices`
/// workgroups per result tile each sum a contiguous `k / slices` part of K into a scratch
/// buffer of partial results, and a second kernel adds the slices and runs the epilogue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SplitKConfig {
    pub tiles: WorkgroupMatrixConfig,
    pub slices: u32,
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
/// which is kept (benches/RESULTS.md). `snug`: prefer tiles that
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
    if tiling_chosen_elsewhere(tuning_key, target) || k < h.split_k_min_k || m < 1 {
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
    let unsplit = tile_by_rows(&usable, Some(m), n, h.workgroup_matrix_min_groups)?;
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
    let split = |tiles: WorkgroupMatrixConfig, most: i64| {
        let groups = workgroups(&tiles, Some(m), n);
        split_k_slices(groups, k, i64::from(tiles.tile_k), most, h)
            .map(|slices| SplitKConfig { tiles, slices })
    };
    // Tiles that cover M with less to spare first, one wave of workgroups first.
    let (snug, loose): (Vec<_>, Vec<_>) = usable.iter().partition(|t| !spare(t));
    let order: Vec<WorkgroupMatrixConfig> = snug.into_iter().chain(loose).copied().collect();
    [h.split_k_wave_groups, i64::MAX]
        .into_iter()
        .find_map(|most| order.iter().find_map(|&t| split(t, most)))
}

/// The fewest of `split_k_slices` slices, each at least `split_k_min_slice` of K and a whole
/// number of `step`s, that give `groups` workgroups of the unsplit grid `split_k_min_groups`
/// to `most` workgroups.
fn split_k_slices(groups: i64, k: i64, step: i64, most: i64, h: &Heuristics) -> Option<u32> {
    h.split_k_slices.into_iter().find(|&slices| {
        whole_slices(k, slices, step, h)
            && (h.split_k_min_groups..=most).contains(&groups.saturating_mul(i64::from(slices)))
    })
}

/// Whether K splits into `slices` slices of at least `split_k_min_slice`, each a whole number
/// of `step`s.
fn whole_slices(k: i64, slices: u32, step: i64, h: &Heuristics) -> bool {
    let slices = i64::from(slices);
    k % (slices * step) == 0 && k / slices >= h.split_k_min_slice
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
        let wave = h.workgroup_matrix_min_groups;
        (groups.saturating_mul(i64::from(slices)) + wave - 1) / wave
    };
    // waves(a) / a < waves(b) / b, compared without division.
    let best = std::iter::once(1)
        .chain(
            h.split_k_slices
                .into_iter()
                .filter(|&s| whole_slices(k, s, chunk, h)),
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

/// For a plain matmul `? x n x k` with a dynamic M of at least `from` rows: the ranges of M
/// over which the kernel choices for a static M are the same, in order, as (first M, last M);
/// the last range is open and has the choices of a dynamic M (a single open range where they
/// do not depend on M). The choices: where the workgroup-scope kernels may take the matmul
/// (`workgroup_matrix`: its operands and result are buffers), the f16 tiling
/// ([`choose_workgroup_matrix_config`]) and split-K ([`choose_split_k_config`]), or the split
/// bf16 tiling ([`choose_split_matrix_config`]) and its slices ([`split_matrix_slices`]); where
/// none of them does, the SIMT / subgroup / lanes tiling ([`choose_matmul_pipeline`],
/// `element_bytes` per operand element) below `Heuristics::tiling_variant_max_m` rows.
pub fn matmul_m_ranges(
    [n, k]: [&SizeExpr; 2],
    dtypes: [DType; 3],
    element_bytes: u32,
    workgroup_matrix: bool,
    tuning_key: &str,
    target: &LoweringTarget,
    from: i64,
) -> Vec<(i64, Option<i64>)> {
    let [operands, _, result] = dtypes;
    m_ranges(from, |m| {
        let mnk = [&m, n, k];
        let (mut tiles, mut split_k, mut split, mut slices) = (None, None, None, None);
        if workgroup_matrix && dtypes[0] == dtypes[1] {
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
            .then(|| choose_matmul_pipeline(&rows, n, dtypes, element_bytes, tuning_key, target))
            .and_then(|p| p.ok().flatten());
        (tiles, split_k, split, slices, pipeline)
    })
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

/// The ranges of M from `from` over which `at` (the choice for a static M) is the same, as
/// (first M, last M); the last range is open and has the choice of a dynamic M. Each choice
/// holds over one range of M, so each range is found by doubling and bisection.
fn m_ranges<T: PartialEq>(from: i64, at: impl Fn(SizeExpr) -> T) -> Vec<(i64, Option<i64>)> {
    let large = at(SizeExpr::sym("M"));
    // Past this many rows the dynamic M's tiling is taken in any case.
    const CAP: i64 = 1 << 24;
    let mut ranges = Vec::new();
    let mut lo = from;
    while lo < CAP {
        let here = at(SizeExpr::Const(lo));
        if here == large {
            break;
        }
        let same = |m: i64| at(SizeExpr::Const(m)) == here;
        let mut step = 1;
        while lo + step < CAP && same(lo + step) {
            step *= 2;
        }
        let (mut good, mut bad) = (lo + step / 2, (lo + step).min(CAP));
        while bad - good > 1 {
            let mid = good + (bad - good) / 2;
            if same(mid) {
                good = mid;
            } else {
                bad = mid;
            }
        }
        ranges.push((lo, Some(good)));
        lo = good + 1;
    }
    ranges.push((lo, None));
    ranges
}

const fn tiles(
    tile_m: u32,
    tile_n: u32,
    tile_k: u32,
    workgroup_size: u32,
) -> WorkgroupMatrixConfig {
    WorkgroupMatrixConfig {
        tile_m,
        tile_n,
        tile_k,
        workgroup_size,
    }
}

/// Chooses the matmul pipeline for an `m x n` problem with operand / result dtypes
/// `[lhs, rhs, result]`: the tiling `kiln tune` stored for `tuning_key` (see [`tuning_key`])
/// when there is one that fits and no explicit override is given; else cooperative matrices
/// when both operands are f16, the result f32 (or f16) and the target lists a matching shape
/// (see [`choose_cooperative_matrix_config`]), else SIMT ([`choose_matmul_config`],
/// `element_bytes` per operand element); `None` means serial.
pub fn choose_matmul_pipeline(
    m: &SizeExpr,
    n: &SizeExpr,
    dtypes: [DType; 3],
    element_bytes: u32,
    tuning_key: &str,
    target: &LoweringTarget,
) -> Result<Option<MatmulPipeline>, String> {
    if target.matmul_tiles.is_none()
        && target.coopmat_tiles.is_none()
        && target.lanes_tiles.is_none()
    {
        if let Some(&tiles) = target.tuned.get(tuning_key) {
            if let Some(p) = tuned_pipeline(tiles, m, n, dtypes, element_bytes, target) {
                return Ok(Some(p));
            }
        }
    }
    let [lhs, rhs, result] = dtypes;
    if let Some(c) = choose_lanes_config(m, n, lhs, target)? {
        return Ok(Some(MatmulPipeline::Lanes(c)));
    }
    if lhs == rhs {
        if let Some(c) = choose_cooperative_matrix_config(m, n, lhs, result, target) {
            return Ok(Some(MatmulPipeline::CooperativeMatrix(c)));
        }
        if let Some(t) = target.coopmat_tiles {
            let plain = LoweringTarget {
                coopmat_tiles: None,
                ..target.clone()
            };
            if choose_cooperative_matrix_config(m, n, lhs, result, &plain).is_some() {
                return Err(format!(
                    "cooperative-matrix tiles {t} do not fit the target (invocations, shared memory, or copies that do not divide over the workgroup)"
                ));
            }
        }
    }
    Ok(choose_matmul_config(m, n, element_bytes, target)?.map(MatmulPipeline::Simt))
}

/// The matmul of a CPU device (`MatmulPipeline::Lanes`, see `lower_to_kernels/lanes.rs`): a
/// workgroup is one subgroup of `subgroup_size` invocations owning a `rows x (subgroup_size *
/// cols_per_lane)` output tile; each invocation owns `rows x cols_per_lane` of it (its columns
/// `subgroup_size` apart). Per reduction step, each invocation loads `rows / subgroup_size` lhs
/// values and its `cols_per_lane` rhs values straight from memory, and gets the other lhs rows
/// from the lanes that loaded them (`subgroup_broadcast`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LanesConfig {
    pub rows: u32,
    pub cols_per_lane: u32,
    pub subgroup_size: u32,
}

impl LanesConfig {
    /// Output columns of a workgroup.
    pub fn tile_n(&self) -> u32 {
        self.subgroup_size * self.cols_per_lane
    }
}

/// A user-chosen lanes tiling (`--lanes-tiles ROWSxCOLS`, e.g. `32x8`: rows per workgroup and
/// columns per lane), for tuning, benchmarks and tests; it also forces the lanes pipeline on a
/// GPU that has subgroup broadcasts and a fixed subgroup size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LanesTiles {
    pub rows: u32,
    pub cols_per_lane: u32,
}

impl std::str::FromStr for LanesTiles {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let bad = || format!("lanes tiles `{s}`: expected ROWSxCOLS, e.g. 32x8");
        let (rows, cols) = s.split_once('x').ok_or_else(bad)?;
        let (rows, cols_per_lane) = (
            rows.parse().map_err(|_| bad())?,
            cols.parse().map_err(|_| bad())?,
        );
        if rows == 0 || cols_per_lane == 0 || rows * cols_per_lane > 4096 {
            return Err(format!(
                "lanes tiles `{s}`: rows and columns must be positive, at most 4096 accumulators"
            ));
        }
        Ok(LanesTiles {
            rows,
            cols_per_lane,
        })
    }
}

impl std::fmt::Display for LanesTiles {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}x{}", self.rows, self.cols_per_lane)
    }
}

/// The lanes matmul for a CPU device (llvmpipe, SwiftShader) with subgroup broadcasts and a
/// fixed subgroup size, for f32 / i32 lhs values (32-bit broadcasts need no
/// `shaderSubgroupExtendedTypes`), unless a SIMT tiling is forced (`--matmul-tiles`, a tuned
/// tiling); `--lanes-tiles` forces it on any such device, and is an error where it cannot apply.
///
/// Why: llvmpipe (Mesa 22.3) runs a subgroup as the SIMD lanes of one core and loads from
/// storage buffers and shared memory one lane and one component at a time (about 15-20 cycles
/// per lane and element, measured with perf: the multiply-adds are under 10% of the time), while
/// a broadcast from a constant lane is a vector shuffle. So the cost is the loaded elements per
/// multiply-add: the SIMT tiling (16 x 16 per invocation, staged) loads 32 per 256 from shared
/// memory plus its stage copies; this one loads `rows / S + cols_per_lane` (4 + 8 = 12 per 256
/// at S = 8) and has no copies and no barriers. Measured on llvmpipe (2 cores, 512^3 f32):
/// SIMT 88 ms; lanes 32x8 28-31 ms, 64x8 33, 64x4 39, 32x16 38 (and 3x the compile time),
/// 16x16 49, 16x8 49, 128x2 83.
pub fn choose_lanes_config(
    m: &SizeExpr,
    n: &SizeExpr,
    lhs: DType,
    target: &LoweringTarget,
) -> Result<Option<LanesConfig>, String> {
    use kiln_spirv_ir::target::{DeviceType, SubgroupFeature};
    let env = &target.env;
    let limits = &env.limits;
    let s = limits.subgroup_size;
    let why_not = if !matches!(lhs, DType::F32 | DType::I32) {
        Some(format!("{lhs:?} operands (it broadcasts f32 / i32 values)"))
    } else if !env.has_subgroup_feature(SubgroupFeature::Ballot) {
        Some("a target without subgroup broadcasts".into())
    } else if limits.min_subgroup_size != s || limits.max_subgroup_size != s {
        Some("a target whose subgroup size varies".into())
    } else if !(2..=64).contains(&s)
        || !s.is_power_of_two()
        || limits.max_compute_workgroup_invocations < s
        || limits.max_compute_workgroup_size[0] < s
    {
        Some(format!("subgroups of {s} invocations"))
    } else {
        None
    };
    if let Some(t) = target.lanes_tiles {
        if let Some(why) = why_not {
            return Err(format!(
                "lanes tiles {t}: the lanes matmul does not apply to {why}"
            ));
        }
        if t.rows % s != 0 {
            return Err(format!(
                "lanes tiles {t}: the rows must be a multiple of the subgroup size {s}"
            ));
        }
        return Ok(Some(LanesConfig {
            rows: t.rows,
            cols_per_lane: t.cols_per_lane,
            subgroup_size: s,
        }));
    }
    if why_not.is_some()
        || env.device_type != DeviceType::Cpu
        || target.matmul_tiles.is_some()
        || too_small_to_tile(m, &target.heuristics)
        || too_small_to_tile(n, &target.heuristics)
    {
        return Ok(None);
    }
    // rows / S + cols_per_lane loads for rows * cols_per_lane = `lanes_accumulators`
    // multiply-adds: fewest at cols_per_lane = rows / S, i.e. 32 x 8 at S = 8; fewer columns
    // per lane where a static N would leave lanes idle (a conv with 32 channels: 64 x 4).
    let mut cols = 8u32;
    while cols > 1 && n.as_const().is_some_and(|v| v <= i64::from(s * cols / 2)) {
        cols /= 2;
    }
    let rows = (target.heuristics.lanes_accumulators / cols).max(s);
    Ok(Some(LanesConfig {
        rows: rows.div_ceil(s) * s,
        cols_per_lane: cols,
        subgroup_size: s,
    }))
}

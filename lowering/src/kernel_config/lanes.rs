//! The lanes matmul configuration of CPU devices (wide vectors per invocation, no shared
//! memory).

use super::simt::*;
use crate::size_expr::SizeExpr;
use crate::target::LoweringTarget;
use kiln_frontend::DType;

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
    // As few columns per lane as cover a static N in the same number of column tiles, so the
    // last tile computes fewer columns past N (ShuffleNet's grouped 1x1 convs: 34 columns in
    // one tile of 40, not 64; 68 in two of 40; 136 in three of 48), with as many rows as the
    // accumulators allow.
    if let Some(v) = n.as_const().filter(|&v| v > 0) {
        let tile = i64::from(s * cols);
        let tiles = (v + tile - 1) / tile;
        let fewest = (v + tiles * i64::from(s) - 1) / (tiles * i64::from(s));
        cols = u32::try_from(fewest).map_or(cols, |f| f.clamp(1, cols));
    }
    let rows = (target.heuristics.lanes_accumulators / cols / s * s).max(s);
    Ok(Some(LanesConfig {
        rows: rows.div_ceil(s) * s,
        cols_per_lane: cols,
        subgroup_size: s,
    }))
}

//! Contractions as kernel configuration sees them: the loop dims of a matmul-like generic
//! ([`MatmulDims`]), the key `kiln tune` files tilings under, and the choice of matmul pipeline
//! (SIMT, cooperative matrix, workgroup matrix, lanes) with the M ranges over which it holds.

use super::tiles::*;
use crate::size_expr::SizeExpr;
pub use crate::structured::{matmul_dims, MatmulDims};
use crate::target::LoweringTarget;
use kiln_frontend::DType;

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

/// The ranges of M from `from` over which `at` (the choice for a static M) is the same, as
/// (first M, last M); the last range is open and has the choice of a dynamic M. Each choice
/// holds over one range of M, so each range is found by doubling and bisection.
pub(super) fn m_ranges<T: PartialEq>(
    from: i64,
    at: impl Fn(SizeExpr) -> T,
) -> Vec<(i64, Option<i64>)> {
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

pub(super) const fn tiles(
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

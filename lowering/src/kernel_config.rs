//! Kernel configuration for contractions: from a matmul-like `linalg.generic` and the target
//! env to a tile configuration, computed from live limits (max invocations, shared memory,
//! subgroup size) rather than per-vendor tables. Tested apart from the mechanics (config
//! goldens per preset); `lower-to-kernels` reads the result.
//!
//! Matmul-like: two tensor inputs read through projections, one reduction dim `k`, a dim `m`
//! read by the first input only, a dim `n` read by the second only, the rest (batch) read by
//! both and by the output. Convolutions are not matmul-like here (they keep the serial
//! strategy; implicit GEMM is a known gap).

use crate::size_expr::SizeExpr;
use crate::target::LoweringTarget;
use kiln_frontend::{Generic, IteratorType};

/// The loop dims of a matmul-like generic.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatmulDims {
    pub batch: Vec<usize>,
    pub m: usize,
    pub n: usize,
    pub k: usize,
    /// Which input is the `m x k` operand (0 or 1); the other is `k x n`.
    pub lhs: usize,
}

/// Tiles of a SIMT matmul with workgroup-memory promotion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatmulConfig {
    /// Output tile per workgroup.
    pub tile_m: u32,
    pub tile_n: u32,
    /// Reduction step per shared-memory stage.
    pub tile_k: u32,
    /// Outputs per invocation (register tile).
    pub thread_m: u32,
    pub thread_n: u32,
}

impl MatmulConfig {
    pub fn workgroup_size(&self) -> u32 {
        (self.tile_m / self.thread_m) * (self.tile_n / self.thread_n)
    }
    /// Bytes of workgroup memory for the two promoted tiles of `element_bytes` elements.
    pub fn shared_bytes(&self, element_bytes: u32) -> u32 {
        (self.tile_m * self.tile_k + self.tile_k * self.tile_n) * element_bytes
    }
}

/// Recognizes a matmul-like generic (see the module docs).
pub fn matmul_dims(g: &Generic, used_inputs: &[usize]) -> Option<MatmulDims> {
    if g.num_inputs != 2 || used_inputs != [0, 1] || g.indexing_maps.len() != 3 {
        return None;
    }
    let reductions: Vec<usize> = (0..g.iterator_types.len())
        .filter(|&d| g.iterator_types[d] == IteratorType::Reduction)
        .collect();
    let [k] = reductions[..] else { return None };
    let a = g.indexing_maps[0].as_projection()?;
    let b = g.indexing_maps[1].as_projection()?;
    let out = g.indexing_maps[2].as_projection()?;
    if !a.contains(&k) || !b.contains(&k) || out.contains(&k) {
        return None;
    }
    let only = |x: &[usize], y: &[usize]| -> Vec<usize> {
        x.iter()
            .copied()
            .filter(|d| *d != k && !y.contains(d))
            .collect()
    };
    let (am, bn) = (only(&a, &b), only(&b, &a));
    let ([m], [n]) = (&am[..], &bn[..]) else {
        return None;
    };
    let batch: Vec<usize> = a.iter().copied().filter(|d| *d != k && *d != *m).collect();
    if !batch.iter().all(|d| b.contains(d) && out.contains(d))
        || !out.contains(m)
        || !out.contains(n)
    {
        return None;
    }
    if out.len() != batch.len() + 2 {
        return None;
    }
    Some(MatmulDims {
        batch,
        m: *m,
        n: *n,
        k,
        lhs: 0,
    })
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
    let small = |s: &SizeExpr| s.as_const().is_some_and(|v| v < 16);
    if small(m) || small(n) {
        return Ok(None);
    }
    let limits = &target.env.limits;
    let invocations = limits
        .max_compute_workgroup_invocations
        .min(limits.max_compute_workgroup_size[0]);
    let (thread_m, thread_n, tile_k) = (4, 4, 16);
    // Largest square-ish output tile whose invocation count fits, starting at 64 x 64.
    let mut tile_m = 64;
    let mut tile_n = 64;
    while (tile_m / thread_m) * (tile_n / thread_n) > invocations {
        if tile_n >= tile_m {
            tile_n /= 2;
        } else {
            tile_m /= 2;
        }
        if tile_m < thread_m || tile_n < thread_n {
            return Err(format!(
                "maxComputeWorkGroupInvocations {invocations} is too small for a tiled matmul"
            ));
        }
    }
    let config = MatmulConfig {
        tile_m,
        tile_n,
        tile_k,
        thread_m,
        thread_n,
    };
    if config.shared_bytes(element_bytes) > limits.max_compute_shared_memory_size {
        return Err(format!(
            "matmul tiles {tile_m}x{tile_n}x{tile_k} need {} bytes of workgroup memory, maxComputeSharedMemorySize is {}",
            config.shared_bytes(element_bytes),
            limits.max_compute_shared_memory_size
        ));
    }
    Ok(Some(config))
}

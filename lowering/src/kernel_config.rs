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

use crate::size_expr::SizeExpr;
use crate::target::LoweringTarget;
use kiln_frontend::{Generic, IteratorType};

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
    /// Elements added to the row stride of both promoted tiles against bank conflicts: with a
    /// power-of-two stride, column `c` of every row lands in the same bank, so invocations of a
    /// subgroup reading down a column (the lhs tile, once a subgroup spans more than one row of
    /// invocations) serialize. The copies and reads are scalar, so one element suffices.
    pub pad: u32,
}

impl MatmulConfig {
    pub fn workgroup_size(&self) -> u32 {
        (self.tile_m / self.thread_m) * (self.tile_n / self.thread_n)
    }
    /// Row stride (elements) of the promoted lhs tile (`tile_m` rows of `tile_k`).
    pub fn lhs_stride(&self) -> u32 {
        self.tile_k + self.pad
    }
    /// Row stride (elements) of the promoted rhs tile (`tile_k` rows of `tile_n`).
    pub fn rhs_stride(&self) -> u32 {
        self.tile_n + self.pad
    }
    /// Bytes of workgroup memory for the two promoted (padded) tiles of `element_bytes`
    /// elements.
    pub fn shared_bytes(&self, element_bytes: u32) -> u32 {
        (self.tile_m * self.lhs_stride() + self.tile_k * self.rhs_stride()) * element_bytes
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
    let mut config = MatmulConfig {
        tile_m,
        tile_n,
        tile_k,
        thread_m,
        thread_n,
        pad: 1,
    };
    // Padding is an optimization: drop it rather than fail when only the unpadded tiles fit.
    if config.shared_bytes(element_bytes) > limits.max_compute_shared_memory_size {
        config.pad = 0;
    }
    if config.shared_bytes(element_bytes) > limits.max_compute_shared_memory_size {
        return Err(format!(
            "matmul tiles {tile_m}x{tile_n}x{tile_k} need {} bytes of workgroup memory, maxComputeSharedMemorySize is {}",
            config.shared_bytes(element_bytes),
            limits.max_compute_shared_memory_size
        ));
    }
    Ok(Some(config))
}

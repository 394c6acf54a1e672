//! The subgroup-scope cooperative-matrix configuration (`KHR_cooperative_matrix`).

use super::tiles::*;
use crate::size_expr::SizeExpr;
use crate::structured::MatmulDims;
use crate::target::LoweringTarget;
use kiln_frontend::{DType, Generic};

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
    /// f32 operands on bf16 matrices: each staged element is split into three bf16 planes
    /// (`Lowering::bf16_planes_truncated`: exact planes), and each step sums the six products
    /// whose terms reach f32 precision into a partial that starts from zero, added into the
    /// f32 accumulator with an ordinary f32 add (see `lower_to_kernels/matmul.rs`).
    pub split: bool,
    /// The contraction's inputs trade roles: the second is the lhs (its columns the rows),
    /// where that makes both tiles' loads walk their operand's innermost index
    /// ([`swapped_reads_better`]).
    pub swapped: bool,
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
    /// Operand planes per staged tile: 3 bf16 planes when split, else 1.
    pub fn planes(&self) -> u32 {
        if self.split {
            3
        } else {
            1
        }
    }
    /// Bytes of workgroup memory: all stages (and planes) of both 16-bit operand tiles and one
    /// f32 result fragment per subgroup.
    pub fn shared_bytes(&self) -> u32 {
        self.stages * self.planes() * (self.lhs_stage() + self.rhs_stage()) * 2
            + self.subgroups() * self.result_fragment() * 4
    }
}

/// The cooperative-matrix configuration for an `m x n` matmul with f16 operands and f32 (or
/// f16) accumulation, or f32 operands and accumulation split onto bf16 matrices (`split_f32`:
/// contractions that are not plain matmuls, which have their own split pipeline), or
/// `None` when the target lists no such subgroup-scope shape (bf16: with the bf16 type and
/// bf16 cooperative-matrix capabilities), the problem is smaller than one fragment, or no
/// tiling fits the target's limits (the SIMT pipeline is used then).
///
/// Tilings, best first (`Heuristics::cooperative_matrix_tilings`): 8 subgroups as 2 x 4, each
/// with 4 x 4 fragments (128 x 256 outputs
/// for 16 x 16 fragments, two k-steps a stage; one stage fits 48 KiB), then with 4 x 2
/// fragments (128 x 128, double-buffered: 47 KiB), then 4 subgroups as 2 x 2 with 2 x 2
/// fragments (64 x 64). A problem with static sizes giving fewer than
/// `Heuristics::simt_min_workgroups` large tiles takes the small ones. Measured at 132 compute
/// units (4096^3, benches/gpu/sweep.sh):
/// 128x256 180 TFLOP/s, 128x128 double-buffered 140. The split pipeline stages three planes
/// per operand, so its tilings are its own (`Heuristics::split_cooperative_matrix_tilings`).
pub fn choose_cooperative_matrix_config(
    m: &SizeExpr,
    n: &SizeExpr,
    operands: DType,
    accumulator: DType,
    split_f32: bool,
    target: &LoweringTarget,
) -> Option<CooperativeMatrixConfig> {
    use kiln_spirv_ir::spirv::Capability as Cap;
    use kiln_spirv_ir::target::ComponentType as C;
    let (element, c_type, split) = match (operands, accumulator) {
        (DType::F16, DType::F32) => (C::F16, C::F32, false),
        (DType::F16, DType::F16) => (C::F16, C::F16, false),
        (DType::F32, DType::F32) if split_f32 => (C::Bf16, C::F32, true),
        _ => return None,
    };
    let capable = match split {
        // Operand tiles are staged (and loaded) as f16, so f16 must be a compute type.
        false => target.compute_type(operands).ok()? == crate::kernel_ir::ScalarType::F16,
        true => target.has(Cap::BFloat16TypeKHR) && target.has(Cap::BFloat16CooperativeMatrixKHR),
    };
    if !capable {
        return None;
    }
    let shape = target
        .env
        .cooperative_matrix
        .iter()
        .filter(|p| {
            (p.a_type, p.b_type, p.c_type, p.result_type) == (element, element, c_type, c_type)
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
    let h = &target.heuristics;
    let defaults: Vec<_> = match split {
        true => h.split_cooperative_matrix_tilings.to_vec(),
        false => h
            .cooperative_matrix_tilings
            .iter()
            .map(|&(a, b, c, d)| (a, b, c, d, 2))
            .collect(),
    };
    // Split tilings whose tile is longer than the problem along M or N are passed over (the
    // last is kept): a 64-channel conv on 128 x 128 tiles computes half its products on zeros.
    let fits_problem = |&(sm, sn, fm, fn_, _): &(u32, u32, u32, u32, u32)| {
        let longer = |s: &SizeExpr, tile: u32| s.as_const().is_some_and(|v| v < i64::from(tile));
        !split || !(longer(m, sm * fm * shape.m) || longer(n, sn * fn_ * shape.n))
    };
    let defaults: Vec<_> = match defaults.iter().position(fits_problem) {
        Some(first) => defaults[first..].to_vec(),
        None => defaults.last().into_iter().copied().collect(),
    };
    let tilings: Vec<CoopmatTiles> = match target.coopmat_tiles {
        Some(t) => vec![t],
        // The smallest.
        None if few_groups => defaults
            .last()
            .map(|&t| CoopmatTiles::from(t))
            .into_iter()
            .collect(),
        None => defaults.iter().map(|&t| CoopmatTiles::from(t)).collect(),
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
                split,
                swapped: false,
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

/// Whether a matmul-like contraction's tiles load along their operands' innermost index with
/// its inputs trading roles and not as they are. The lhs tile is loaded along K (the last K dim
/// fastest), the rhs tile along N: each operand's innermost index should move with the dims
/// walked fastest. A dim of size 1 moves nothing. NCHW convolutions swap (the weights
/// `[F, C, KH, KW]` are contiguous along K, the input along the output pixels); NHWC ones
/// and row-major matmuls do not.
pub fn swapped_reads_better(g: &Generic, dims: &MatmulDims, sizes: &[SizeExpr]) -> bool {
    let innermost = |arg: usize, walked: &[usize]| -> bool {
        let Some(last) = g.indexing_maps[arg].results.last() else {
            return false;
        };
        let mut used = vec![false; g.iterator_types.len()];
        last.collect_dims(&mut used);
        walked.iter().any(|&d| used[d] && !sizes[d].is_const(1))
    };
    let as_is = innermost(0, &dims.k) as u32 + innermost(1, &dims.n) as u32;
    let swapped = innermost(1, &dims.k) as u32 + innermost(0, &dims.m) as u32;
    swapped > as_is
}

//! The workgroup-scope cooperative-matrix configuration, and the split bf16 pipeline
//! (f32 on bf16 planes) built on it.

use super::contraction::*;
use super::tiles::*;
use crate::heuristics::Heuristics;
use crate::size_expr::SizeExpr;
use crate::target::LoweringTarget;
use kiln_frontend::DType;

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
pub(super) fn tensor_rows_aligned(n: i64, k: i64, heuristics: &Heuristics) -> bool {
    let alignment = heuristics.tensor_row_alignment;
    n % alignment == 0 && k % alignment == 0
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
pub(super) fn lists_workgroup_matrix(
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
pub(super) enum WorkgroupMatrixChoices {
    /// An explicit `--workgroup-matrix-tiles` or a `kiln tune` entry.
    Fixed(WorkgroupMatrixConfig),
    /// The default candidates the target lists, largest first, chosen by the rows; `n` is
    /// the (static) N they were checked against.
    ByRows {
        usable: Vec<WorkgroupMatrixConfig>,
        n: i64,
    },
}

pub(super) fn workgroup_matrix_choices(
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
pub(super) fn workgroups(t: &WorkgroupMatrixConfig, m: Option<i64>, n: i64) -> i64 {
    let (tm, tn) = (i64::from(t.tile_m), i64::from(t.tile_n));
    let m = m.unwrap_or(i64::MAX);
    ((m - 1) / tm + 1).saturating_mul((n - 1) / tn + 1)
}

/// The largest of `usable` (largest first) whose grid has at least `min_groups` workgroups
/// (`Heuristics::workgroup_matrix_min_groups`), else the smallest.
pub(super) fn tile_by_rows(
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

/// A long grid whose first and last `half_tiles` workgroups take half tiles (`tm / 2 x tn`,
/// covering the rows from `full_rows` to `rows`) and the others whole tiles (the rows above:
/// `full_tiles`, in bands of `Heuristics::raster_band` tile rows). The first
/// workgroups (one per compute unit) finish half a tile early, so the slots they free run half a tile out
/// of step with the others, and one workgroup's result store overlaps another's multiply-adds
/// instead of every workgroup of a wave storing at once while none multiplies (132 compute
/// units, f16 x f16
/// -> f32 8192^3 in 128 x 128 tiles, hand-written SPIR-V: 3091-3097 -> 3050-3054 us, 355.5 ->
/// 360.3 TFLOP/s; 64 half tiles at each end beat 128; through kiln 3098-3101 -> 3064-3071 us,
/// and 8192^3 with bias + relu 3099-3101 -> 3060-3064. Shorter grids lose or break even:
/// 4096^3 (1024 tiles) 410 -> 424-430 us, 6144^3 (2304 tiles, 48 half tiles) 1307 -> 1320,
/// 8192 x 4096 x 4096 (2048 tiles) 798 -> 796; benches/RESULTS.md, "Where the f16-in / f32-acc
/// row's last 8% goes").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stagger {
    /// M.
    pub rows: i64,
    pub full_rows: i64,
    pub half_tiles: i64,
    pub full_tiles: i64,
}

impl Stagger {
    /// The stagger of a plain `m x n` result in `tm x tn` tiles: a static M and N that the tiles
    /// divide, at least `Heuristics::stagger_min_tiles` tiles, and about `stagger_half_tiles`
    /// half tiles of whole tile rows (their count a multiple of the tiles in a row).
    pub fn plan(
        m: Option<i64>,
        n: i64,
        [tm, tn]: [u32; 2],
        heuristics: &Heuristics,
    ) -> Option<Stagger> {
        let (tm, tn) = (i64::from(tm), i64::from(tn));
        let m = m?;
        if m % tm != 0
            || n % tn != 0
            || tm % 64 != 0
            || m / tm * (n / tn) < heuristics.stagger_min_tiles
        {
            return None;
        }
        let tiles_n = n / tn;
        // Pairs of half-tile rows (one tile row each), rounded to the nearest.
        let tile_rows = ((heuristics.stagger_half_tiles + tiles_n / 2) / tiles_n).max(1);
        let full_rows = m - tile_rows * tm;
        (full_rows * 4 >= m * 3).then_some(Stagger {
            rows: m,
            full_rows,
            half_tiles: tile_rows * tiles_n,
            full_tiles: full_rows / tm * tiles_n,
        })
    }
}

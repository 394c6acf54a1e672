//! The strategy of one kernel ([`KernelStrategy`]): what `kernel-config` records inside a
//! `KernelPlan::Single` (and each single-kernel run-time variant), and what `lower-to-kernels`
//! dispatches on. The data and the small choices of the row strategies (how rows map to
//! subgroups or workgroups, the column layout); the decision itself is in `kernel.rs`.
//!
//! Row strategies read a row in chunks of 4 consecutive elements (one vec4 load) where the
//! fused element code along the row vectorizes, else one element: whether it does is known
//! only from the emitted code (`kernel_ir::vector_lanes`), so such a strategy holds its
//! configuration for both chunk widths ([`ChunkWidths`]) and `lower-to-kernels` takes the vec4
//! one when the code vectorizes. Nothing else is left to the mechanics.

use super::attention::AttentionConfig;
use super::coopmat::CooperativeMatrixConfig;
use super::lanes::LanesConfig;
use super::matmul_pipeline::MatmulPipeline;
use super::region::GemvShape;
use super::simt::MatmulConfig;
use super::tiles::WorkgroupMatrixConfig;
use super::workgroup_matrix::Stagger;
use crate::heuristics::Heuristics;
use crate::target::LoweringTarget;
use std::fmt;

/// The strategy of one kernel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KernelStrategy {
    /// An invocation per output element (`parallel untiled` over the output).
    Elementwise,
    /// An invocation per output, serial loops over the reduced dims (coalesced across
    /// invocations).
    SerialReduction,
    /// The serial reduction over a small static window, unrolled, `outputs` consecutive
    /// outputs along output dim `dim` an invocation, each distinct element loaded once (CPU
    /// devices: `kernel_config/unrolled.rs`).
    UnrolledReduction(super::unrolled::UnrolledOutputs),
    /// A reduction of one input along its innermost dim: a subgroup or a workgroup per row.
    RowReduction(ChunkWidths<RowGroup>),
    /// A reduction over outer dims of one input whose innermost dim is the output's: a
    /// workgroup per tile of columns, slices of the reduced range (`None`: serial, the range
    /// too short to share for that width).
    ColumnReduction(ChunkWidths<Option<ColumnLayout>>),
    /// A contraction whose outputs are dot products of two rows contiguous along the single
    /// reduced dim, as a row reduction of the body's product; `few_rows`: in place of the
    /// few-rows kernel (a transposed rhs), keyed for `kiln tune` as that kernel is.
    DotRows {
        rows: ChunkWidths<RowGroup>,
        few_rows: bool,
    },
    /// The few-rows matmul kernel (`lower_to_kernels/gemv.rs`), `rows` rows a workgroup.
    Gemv { rows: u32, shape: GemvShape },
    /// Promoted workgroup tiles and a register tile per invocation.
    Simt(MatmulConfig),
    /// Promoted workgroup tiles and subgroup cooperative matrices.
    CooperativeMatrix(CooperativeMatrixConfig),
    /// A workgroup-scope accumulator fed by tensor-layout loads (VK_NV_cooperative_matrix2),
    /// its grid staggered by half tiles where that pays.
    WorkgroupMatrix {
        config: WorkgroupMatrixConfig,
        stagger: Option<Stagger>,
    },
    /// One subgroup per workgroup sharing lhs values across its lanes (CPU devices).
    Lanes(LanesConfig),
    /// Softmax over the innermost dim on the row strategies.
    SoftmaxRows(ChunkWidths<SoftmaxRows>),
    /// Softmax over the innermost dim of empty rows: a workgroup of `size` per row, three
    /// passes.
    SoftmaxWorkgroup { size: u32 },
    /// Softmax over another dim: an invocation per row, three serial passes.
    SoftmaxSerial,
    /// A row chain (`RegionKind::RowChain`): each row's elements in registers across the
    /// chain's passes, or re-read in each pass; scalar chunks.
    RowChain(SoftmaxRows),
    /// Attention in one kernel (`RegionKind::Attention`): a workgroup per block of query rows
    /// of one (batch.., head), the block's scores in shared memory.
    Attention(AttentionConfig),
}

impl KernelStrategy {
    /// The strategy of a tiled matmul pipeline.
    pub fn of_pipeline(pipeline: MatmulPipeline) -> Self {
        match pipeline {
            MatmulPipeline::Simt(c) => KernelStrategy::Simt(c),
            MatmulPipeline::Lanes(c) => KernelStrategy::Lanes(c),
            MatmulPipeline::CooperativeMatrix(c) => KernelStrategy::CooperativeMatrix(c),
        }
    }
}

/// A row strategy's configuration for scalar chunks and, where the row length allows vec4
/// chunks, for those (taken when the element code vectorizes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChunkWidths<T> {
    pub scalar: T,
    pub vec4: Option<T>,
}

impl<T: Copy> ChunkWidths<T> {
    /// The chunk width and its configuration: vec4 when it is a candidate and `vectorizes`
    /// (asked only then).
    pub fn pick(
        &self,
        vectorizes: impl FnOnce() -> Result<bool, crate::error::CompileError>,
    ) -> Result<(i64, T), crate::error::CompileError> {
        Ok(match self.vec4 {
            Some(v) if vectorizes()? => (4, v),
            _ => (1, self.scalar),
        })
    }
}

/// How the invocations of a workgroup are assigned to rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowGroup {
    /// One subgroup of `size` invocations per row, `rows` rows per workgroup.
    Subgroup { size: u32, rows: u32 },
    /// One workgroup of `size` invocations per row.
    Workgroup { size: u32 },
}

impl RowGroup {
    pub fn lanes(self) -> i64 {
        match self {
            RowGroup::Subgroup { size, .. } | RowGroup::Workgroup { size } => size as i64,
        }
    }
}

/// How many chunks (vec4 or single elements) each invocation takes in a row grouping.
#[derive(Clone, Copy, Debug)]
pub struct LaneChunks {
    /// The most per invocation for a row to go to one subgroup.
    pub subgroup: i64,
    /// What a workgroup-per-row size aims at per invocation.
    pub workgroup: i64,
    /// The most per invocation of any grouping (`i64::MAX`: the row is streamed, not held).
    pub max: i64,
}

impl LaneChunks {
    /// Rows streamed through the invocations (reductions, softmax read twice).
    pub fn streamed(heuristics: &Heuristics) -> LaneChunks {
        LaneChunks {
            subgroup: heuristics.subgroup_row_chunks,
            workgroup: 4,
            max: i64::MAX,
        }
    }

    /// Softmax rows held in registers, in chunks of `width` elements: a subgroup per row up to
    /// `subgroup_elements` per lane.
    pub fn registers(subgroup_elements: i64, width: i64, heuristics: &Heuristics) -> LaneChunks {
        LaneChunks {
            subgroup: (subgroup_elements / width).max(1),
            workgroup: (heuristics.softmax_workgroup_elements / width).max(1),
            max: (heuristics.softmax_register_elements / width).max(1),
        }
    }
}

/// The row grouping for `rows` rows (when static) of `chunks` chunks (`i64::MAX` when
/// dynamic), or `None` when a row needs more than `lane.max` chunks per invocation of the
/// largest workgroup.
pub fn row_group(
    chunks: i64,
    rows: Option<i64>,
    lane: LaneChunks,
    target: &LoweringTarget,
) -> Option<RowGroup> {
    let group = grouping(chunks, rows, lane, target);
    match group {
        RowGroup::Workgroup { size } if chunks > (size as i64).saturating_mul(lane.max) => None,
        _ => Some(group),
    }
}

/// The row grouping of streamed rows ([`row_group`] with [`LaneChunks::streamed`]: a streamed
/// row has no register limit, so there always is one).
pub fn streamed_row_group(chunks: i64, rows: Option<i64>, target: &LoweringTarget) -> RowGroup {
    grouping(
        chunks,
        rows,
        LaneChunks::streamed(&target.heuristics),
        target,
    )
}

/// [`row_group`] before its register limit.
fn grouping(chunks: i64, rows: Option<i64>, lane: LaneChunks, target: &LoweringTarget) -> RowGroup {
    let limits = &target.env.limits;
    let cap = limits.max_compute_workgroup_invocations.clamp(1, 256);
    let cap = 1u32 << (31 - cap.leading_zeros());
    let subgroup = limits.subgroup_size.max(1);
    let short = chunks <= subgroup as i64 * lane.subgroup.min(lane.max);
    // Long rows still go one per subgroup when a row need not stay in registers and either
    // the rows alone give enough invocations to keep memory busy, or the device is a CPU
    // (where every barrier switches between all the subgroups of a workgroup).
    let streamed = lane.max == i64::MAX
        && (target.env.device_type == kiln_spirv_ir::target::DeviceType::Cpu
            || rows.is_some_and(|r| {
                r.saturating_mul(subgroup as i64) >= target.heuristics.rows_invocations
            }));
    if target.has_subgroup_arithmetic() && subgroup <= cap && (short || streamed) {
        let per_row = target.heuristics.subgroup_rows_invocations;
        let mut per_group = (per_row.min(cap) / subgroup).max(1);
        if let Some(r) = rows {
            per_group = per_group.min((r.max(1) as u64).next_power_of_two() as u32);
        }
        return RowGroup::Subgroup {
            size: subgroup,
            rows: per_group,
        };
    }
    let floor = subgroup.min(cap);
    let size = ((chunks.max(1) as u64)
        .div_ceil(lane.workgroup as u64)
        .next_power_of_two())
    .clamp(floor as u64, cap as u64) as u32;
    RowGroup::Workgroup { size }
}

/// Workgroup size for a row of `row` elements: a power of two between the subgroup size and
/// min(256, maxComputeWorkGroupInvocations).
pub fn row_workgroup_size(row: Option<i64>, target: &LoweringTarget) -> u32 {
    let cap = target
        .env
        .limits
        .max_compute_workgroup_invocations
        .clamp(1, 256);
    let cap = 1u32 << (31 - cap.leading_zeros());
    let floor = target.env.limits.subgroup_size.clamp(1, cap);
    match row {
        Some(n) if n > 0 => (n as u64)
            .next_power_of_two()
            .clamp(floor as u64, cap as u64) as u32,
        _ => cap,
    }
}

/// The workgroup of a column reduction: `across` invocations across a tile of columns (a
/// chunk each) times `slices` slices of the reduced range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ColumnLayout {
    pub across: i64,
    pub slices: i64,
}

/// A softmax row in registers (one read) or streamed (two reads), and its grouping.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SoftmaxRows {
    Registers(RowGroup),
    Streamed(RowGroup),
}

impl fmt::Display for RowGroup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RowGroup::Subgroup { size, rows } => write!(f, "subgroup={size}x{rows}"),
            RowGroup::Workgroup { size } => write!(f, "workgroup={size}"),
        }
    }
}

impl fmt::Display for ColumnLayout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "across={} slices={}", self.across, self.slices)
    }
}

impl fmt::Display for SoftmaxRows {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SoftmaxRows::Registers(g) => write!(f, "registers {g}"),
            SoftmaxRows::Streamed(g) => write!(f, "streamed {g}"),
        }
    }
}

/// A column layout, or the serial strategy it falls back to.
struct OrSerial<'a>(&'a Option<ColumnLayout>);

impl fmt::Display for OrSerial<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(layout) => layout.fmt(f),
            None => f.write_str("serial"),
        }
    }
}

/// `scalar` then, where vec4 chunks are a candidate, `; vec4 ...`.
fn widths<T>(
    f: &mut fmt::Formatter<'_>,
    w: &ChunkWidths<T>,
    show: impl Fn(&mut fmt::Formatter<'_>, &T) -> fmt::Result,
) -> fmt::Result {
    show(f, &w.scalar)?;
    if let Some(v) = &w.vec4 {
        f.write_str("; vec4 ")?;
        show(f, v)?;
    }
    Ok(())
}

impl fmt::Display for KernelStrategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KernelStrategy::Elementwise => f.write_str("elementwise"),
            KernelStrategy::SerialReduction => f.write_str("serial-reduction"),
            KernelStrategy::UnrolledReduction(u) => {
                write!(f, "unrolled-reduction dim={} outputs={}", u.dim, u.outputs)
            }
            KernelStrategy::RowReduction(w) => {
                f.write_str("row-reduction ")?;
                widths(f, w, |f, g| g.fmt(f))
            }
            KernelStrategy::ColumnReduction(w) => {
                f.write_str("column-reduction ")?;
                widths(f, w, |f, l| OrSerial(l).fmt(f))
            }
            KernelStrategy::DotRows { rows, few_rows } => {
                f.write_str(if *few_rows {
                    "dot-rows (few rows) "
                } else {
                    "dot-rows "
                })?;
                widths(f, rows, |f, g| g.fmt(f))
            }
            KernelStrategy::Gemv { rows, shape } => write!(
                f,
                "gemv rows={rows} invocations={} unroll={} width={}",
                shape.invocations, shape.unroll, shape.width
            ),
            KernelStrategy::Simt(c) => write!(
                f,
                "simt tiles={}x{}x{} thread={}x{} pad={} stages={}",
                c.tile_m, c.tile_n, c.tile_k, c.thread_m, c.thread_n, c.pad, c.stages
            ),
            KernelStrategy::CooperativeMatrix(c) => write!(
                f,
                "cooperative-matrix tiles={}x{}x{} matrix={}x{}x{} subgroups={}x{}x{} \
                 pad={}/{} stages={}{}",
                c.tile_m,
                c.tile_n,
                c.tile_k,
                c.matrix_m,
                c.matrix_n,
                c.matrix_k,
                c.subgroups_m,
                c.subgroups_n,
                c.subgroup_size,
                c.operand_pad,
                c.result_pad,
                c.stages,
                match (c.split, c.swapped) {
                    (false, false) => "",
                    (true, false) => " split=bf16x3",
                    (false, true) => " swapped",
                    (true, true) => " split=bf16x3 swapped",
                }
            ),
            KernelStrategy::WorkgroupMatrix { config, stagger } => {
                write!(f, "workgroup-matrix tiles={config}")?;
                match stagger {
                    Some(s) => write!(
                        f,
                        " stagger rows={} full-rows={} half-tiles={} full-tiles={}",
                        s.rows, s.full_rows, s.half_tiles, s.full_tiles
                    ),
                    None => Ok(()),
                }
            }
            KernelStrategy::Lanes(c) => write!(
                f,
                "lanes rows={} cols-per-lane={} subgroup={}",
                c.rows, c.cols_per_lane, c.subgroup_size
            ),
            KernelStrategy::SoftmaxRows(w) => {
                f.write_str("softmax-rows ")?;
                widths(f, w, |f, s| s.fmt(f))
            }
            KernelStrategy::SoftmaxWorkgroup { size } => {
                write!(f, "softmax-workgroup size={size}")
            }
            KernelStrategy::SoftmaxSerial => f.write_str("softmax-serial"),
            KernelStrategy::RowChain(rows) => write!(f, "row-chain {rows}"),
            KernelStrategy::Attention(c) => write!(f, "attention {c}"),
        }
    }
}

//! The region-level kernel plan of a dispatch region ([`KernelPlan`]): the few-rows kernel for
//! a small static M, run-time variants for a dynamic M, split-K, the split bf16 pipeline, or a
//! per-kernel choice. `kernel-config` records one per region; `lower-to-kernels` reads it.

use super::region::*;
use super::split_k::SplitKConfig;
use super::workgroup_matrix::SplitMatrixConfig;
use crate::partition::{DispatchRegion, Partition};
use crate::size_expr::SizeExpr;
use crate::target::LoweringTarget;
use kiln_frontend::Function;

/// The region-level kernel plan of one dispatch region.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KernelPlan {
    /// No region-level choice: `lower-to-kernels` chooses the kernel's strategy.
    PerKernel,
    /// The few-rows kernel (`lower_to_kernels/gemv.rs`), `rows` rows a workgroup, for a small
    /// static M.
    FewRows { rows: u32 },
    /// A plain matmul with a dynamic M: run-time variants, the few-rows kernel up to `max_m`
    /// rows, then one per range of M over which a static M's choices are the same (first,
    /// last; the last range open).
    RowVariants {
        m: SizeExpr,
        max_m: i64,
        tile_ranges: Vec<(i64, Option<i64>)>,
    },
    /// A workgroup-scope f16 matmul split along K (`lower_to_kernels/split_k.rs`).
    SplitK(SplitKConfig),
    /// An f32 matmul on bf16 planes (`lower_to_kernels/split.rs`), with its split-K slices.
    SplitBf16 {
        config: SplitMatrixConfig,
        slices: Option<u32>,
    },
}

impl std::fmt::Display for KernelPlan {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            KernelPlan::PerKernel => f.write_str("per-kernel"),
            KernelPlan::FewRows { rows } => write!(f, "few-rows rows={rows}"),
            KernelPlan::RowVariants {
                m,
                max_m,
                tile_ranges,
            } => {
                write!(f, "row-variants m={m} few-rows<={max_m} ranges=[")?;
                for (i, (first, last)) in tile_ranges.iter().enumerate() {
                    let sep = if i == 0 { "" } else { ", " };
                    match last {
                        Some(last) => write!(f, "{sep}{first}..={last}")?,
                        None => write!(f, "{sep}{first}..")?,
                    }
                }
                f.write_str("]")
            }
            KernelPlan::SplitK(c) => write!(f, "split-k tiles={} slices={}", c.tiles, c.slices),
            KernelPlan::SplitBf16 { config, slices } => {
                write!(
                    f,
                    "split-bf16 tiles={} flush-steps={}",
                    config.tiles(),
                    config.flush_steps
                )?;
                match slices {
                    Some(s) => write!(f, " slices={s}"),
                    None => Ok(()),
                }
            }
        }
    }
}

/// The plans of a partition's regions, in region order, as printed in the IR dumps.
pub fn print_plans(partition: &Partition, plans: &[KernelPlan]) -> String {
    partition
        .regions
        .iter()
        .zip(plans)
        .map(|(region, plan)| format!("plan @{} {plan}\n", region.name))
        .collect()
}

/// The plan of `region` on `target` (see [`KernelPlan`]).
pub(crate) fn region_plan(
    f: &Function,
    region: &DispatchRegion,
    target: &LoweringTarget,
) -> KernelPlan {
    if let Some(RegionRows {
        m,
        max_m,
        tile_ranges,
    }) = region_rows(f, region, target)
    {
        match m.as_const() {
            None => {
                return KernelPlan::RowVariants {
                    m,
                    max_m,
                    tile_ranges,
                }
            }
            // A small static M takes the few-rows kernel (not the split pipelines).
            Some(rows) if rows <= max_m => {
                return KernelPlan::FewRows {
                    rows: rows.min(GEMV_MAX_ROWS) as u32,
                }
            }
            Some(_) => {}
        }
    }
    if let Some(config) = split_k_request(f, region, target, FewRows::Auto) {
        return KernelPlan::SplitK(config);
    }
    if let Some(request) = split_request(f, region, target, FewRows::Auto) {
        return KernelPlan::SplitBf16 {
            config: request.config,
            slices: request.slices,
        };
    }
    KernelPlan::PerKernel
}

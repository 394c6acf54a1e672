//! The region-level kernel plan of a dispatch region ([`KernelPlan`]): one kernel and its
//! strategy (the few-rows kernel for a small static M among them), run-time variants for a
//! dynamic M, split-K or the split bf16 pipeline. `kernel-config` records one per region;
//! `lower-to-kernels` reads it.

use super::kernel::choose_kernel_strategy;
use super::region::*;
use super::split_k::{SplitKConfig, SplitKTiles};
use super::strategy::KernelStrategy;
use crate::error::CompileError;
use crate::partition::{DispatchRegion, Partition};
use crate::size_expr::SizeExpr;
use crate::target::LoweringTarget;
use kiln_frontend::Function;

/// The region-level kernel plan of one dispatch region.
#[derive(Clone, Debug)]
pub enum KernelPlan {
    /// One kernel, lowered by this strategy (`kernel_config/kernel.rs` chooses it; a dynamic
    /// M's variant is configured as for its first rows).
    Single(KernelStrategy),
    /// A workgroup-scope f16 matmul split along K (`lower_to_kernels/split_k.rs`): the slices'
    /// kernel and the sum's, with a scratch buffer of partial results (bufferize allocates it,
    /// its rows bounded by `max_rows` for a dynamic M's variant).
    SplitK {
        config: SplitKConfig,
        max_rows: Option<i64>,
    },
    /// An f32 matmul on bf16 planes (`lower_to_kernels/split.rs`), with its split-K slices:
    /// bufferize allocates the planes (folded at compile time for a constant operand) and the
    /// partial results.
    SplitBf16(SplitRequest),
    /// A plain matmul with a dynamic M: one variant per range of M, chosen at run time (the
    /// few-rows kernel up to a few rows, then one per range of M over which a static M's
    /// choices are the same). Only one runs: bufferize lets their scratch buffers share.
    RowVariants { m: SizeExpr, variants: Vec<Variant> },
}

/// One run-time variant of a [`KernelPlan::RowVariants`] plan: taken for `min..=max` rows
/// (`max` open for the last), its kernels named with `suffix`.
#[derive(Clone, Debug)]
pub struct Variant {
    pub min: i64,
    pub max: Option<i64>,
    pub suffix: String,
    /// `Single`, `SplitK` or `SplitBf16`.
    pub plan: KernelPlan,
}

impl std::fmt::Display for KernelPlan {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let max_rows = |f: &mut std::fmt::Formatter<'_>, m: &Option<i64>| match m {
            Some(m) => write!(f, " max-rows={m}"),
            None => Ok(()),
        };
        match self {
            KernelPlan::Single(strategy) => strategy.fmt(f),
            KernelPlan::SplitK {
                config,
                max_rows: m,
            } => {
                match config.tiles {
                    SplitKTiles::Simt(_) => write!(f, "split-k {}", config.tiles)?,
                    SplitKTiles::WorkgroupMatrix(t) => write!(f, "split-k tiles={t}")?,
                }
                write!(f, " slices={}", config.slices)?;
                max_rows(f, m)
            }
            KernelPlan::SplitBf16(request) => {
                let config = &request.config;
                write!(
                    f,
                    "split-bf16 tiles={} flush-steps={}",
                    config.tiles(),
                    config.flush_steps
                )?;
                if let Some(s) = request.slices {
                    write!(f, " slices={s}")?;
                }
                max_rows(f, &request.max_rows)
            }
            KernelPlan::RowVariants { m, variants } => {
                write!(f, "row-variants m={m}")?;
                for v in variants {
                    match v.max {
                        Some(max) => write!(f, "\n  {}..={max} {}: {}", v.min, v.suffix, v.plan)?,
                        None => write!(f, "\n  {}.. {}: {}", v.min, v.suffix, v.plan)?,
                    }
                }
                Ok(())
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
/// Errors: a tiling that cannot fit the target's limits.
pub(crate) fn region_plan(
    f: &Function,
    region: &DispatchRegion,
    target: &LoweringTarget,
) -> Result<KernelPlan, CompileError> {
    if let Some(RegionRows {
        m,
        max_m,
        tile_ranges,
    }) = region_rows(f, region, target)
    {
        match m.as_const() {
            None => {
                let variants = row_variants(max_m, tile_ranges, target)
                    .into_iter()
                    .map(|(few_rows, min, max, suffix)| {
                        Ok(Variant {
                            min,
                            max,
                            suffix,
                            plan: plan_for_rows(f, region, target, few_rows)?,
                        })
                    })
                    .collect::<Result<_, CompileError>>()?;
                return Ok(KernelPlan::RowVariants { m, variants });
            }
            // A small static M takes the few-rows kernel (not the split pipelines).
            Some(rows) if rows <= max_m => {
                let rows = rows.min(target.heuristics.gemv_rows_per_workgroup) as u32;
                return plan_for_rows(f, region, target, FewRows::Rows(rows));
            }
            Some(_) => {}
        }
    }
    plan_for_rows(f, region, target, FewRows::Auto)
}

/// The run-time variants of a dynamic M: the few-rows kernel for one row, up to 4 and up to
/// `max_m` rows (`Heuristics::gemv_rows_per_workgroup` a workgroup), and the other pipelines for more (one per range
/// of M over which their choices for a static M would be the same,
/// `kernel_config::matmul_m_ranges`, each configured as for its first rows).
fn row_variants(
    max_m: i64,
    tile_ranges: Vec<(i64, Option<i64>)>,
    target: &LoweringTarget,
) -> Vec<(FewRows, i64, Option<i64>, String)> {
    let max_rows = target.heuristics.gemv_rows_per_workgroup as u32;
    let mut variants = vec![
        (FewRows::Rows(1), 1, Some(1), "rows1".to_string()),
        (FewRows::Rows(4), 2, Some(4), "rows4".to_string()),
        (
            FewRows::Rows(max_rows),
            5,
            Some(max_m),
            format!("rows{max_rows}"),
        ),
    ];
    for (lo, hi) in tile_ranges {
        variants.push(match hi {
            Some(hi) => (
                FewRows::Never(Some((lo, Some(hi)))),
                lo,
                Some(hi),
                format!("m{lo}"),
            ),
            None => (FewRows::Never(None), lo, None, "tiled".to_string()),
        });
    }
    variants
}

/// The plan of `region` for one few-rows choice: split-K, the split bf16 pipeline (not for a
/// few rows), else one kernel and its strategy (SIMT split for a static M with few tiles).
fn plan_for_rows(
    f: &Function,
    region: &DispatchRegion,
    target: &LoweringTarget,
    few_rows: FewRows,
) -> Result<KernelPlan, CompileError> {
    if let Some(config) = split_k_request(f, region, target, few_rows) {
        let (_, max_rows) = few_rows.variant_rows();
        return Ok(KernelPlan::SplitK { config, max_rows });
    }
    if matches!(few_rows, FewRows::Auto | FewRows::Never(_)) {
        if let Some(request) = split_request(f, region, target, few_rows) {
            // A static M whose split grid would be small takes SIMT split-K where it applies
            // (`Heuristics::split_bf16_min_groups`).
            if few_rows == FewRows::Auto && split_grid_small(f, region, &request, target) {
                let strategy = choose_kernel_strategy(f, region, target, few_rows)?;
                if let Some(plan) = simt_split_plan(f, region, target, strategy, None) {
                    return Ok(plan);
                }
            }
            return Ok(KernelPlan::SplitBf16(request));
        }
    }
    let strategy = choose_kernel_strategy(f, region, target, few_rows)?;
    let split = match few_rows {
        FewRows::Auto => simt_split_plan(f, region, target, strategy, None),
        // A dynamic M's variant for a bounded range of rows (its ranges keep the choice).
        FewRows::Never(Some((first, Some(last)))) => {
            simt_split_plan(f, region, target, strategy, Some((first, last)))
        }
        _ => None,
    };
    Ok(split.unwrap_or(KernelPlan::Single(strategy)))
}

/// SIMT split-K of `region` whose kernel would be `strategy`, where it applies
/// (`simt_split_k_request`): for a static M, or for a dynamic M's variant for `rows` (first,
/// last), chosen by its first rows, its partial results bounded by its last.
fn simt_split_plan(
    f: &Function,
    region: &DispatchRegion,
    target: &LoweringTarget,
    strategy: KernelStrategy,
    rows: Option<(i64, i64)>,
) -> Option<KernelPlan> {
    let KernelStrategy::Simt(unsplit) = strategy else {
        return None;
    };
    let config = simt_split_k_request(f, region, target, &unsplit, rows.map(|(first, _)| first))?;
    Some(KernelPlan::SplitK {
        config,
        max_rows: rows.map(|(_, last)| last),
    })
}

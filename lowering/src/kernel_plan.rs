//! `kernel-config`: records, per dispatch region, the plan that region-level kernel
//! configuration chooses, so that later passes read it instead of recomputing it. It runs
//! between fusion (which fixes the regions) and bufferize, and changes no IR.
//!
//! The region-level choices are the ones `lower-to-kernels` made per region before this pass
//! existed: the few-rows (GEMV) kernel for a small static M, run-time variants for a dynamic
//! M, split-K and the split bf16 pipeline. Everything else is [`KernelPlan::PerKernel`]: the
//! kernel's strategy (element-wise, row / column reduction, softmax, SIMT, cooperative matrix,
//! workgroup matrix, lanes) is still chosen while the kernel is lowered (issue 25 moves those
//! here one strategy at a time). `lower-to-kernels` reads the plan and, in debug builds,
//! checks that recomputing it gives the same.

use crate::error::CompileError;
use crate::kernel_config::{SplitKConfig, SplitMatrixConfig};
use crate::pass::{CompilationUnit, Pass, Phase};
use crate::size_expr::SizeExpr;

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
pub fn print_plans(partition: &crate::fusion::Partition, plans: &[KernelPlan]) -> String {
    partition
        .regions
        .iter()
        .zip(plans)
        .map(|(region, plan)| format!("plan @{} {plan}\n", region.name))
        .collect()
}

pub struct KernelConfigPass;

impl Pass for KernelConfigPass {
    fn name(&self) -> &'static str {
        "kernel-config"
    }
    fn summary(&self) -> &'static str {
        "a kernel plan per dispatch region (few rows, row variants, split-K, split bf16)"
    }
    fn requires(&self) -> Phase {
        Phase::Partitioned
    }
    fn produces(&self) -> Phase {
        Phase::Partitioned
    }
    fn run(&self, unit: &mut CompilationUnit) -> Result<(), CompileError> {
        let partition = unit
            .partition
            .as_ref()
            .ok_or_else(|| CompileError::internal(self.name(), "no partition"))?;
        let plans = partition
            .regions
            .iter()
            .map(|region| {
                crate::lower_to_kernels::region_plan(&unit.function, region, &unit.target)
            })
            .collect();
        unit.kernel_plans = Some(plans);
        Ok(())
    }
}

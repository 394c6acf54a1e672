//! `kernel-config`: records, per dispatch region, the plan that region-level kernel
//! configuration chooses, so that later passes read it instead of recomputing it. It runs
//! between fusion (which fixes the regions) and bufferize, and changes no IR.
//!
//! The plan ([`crate::kernel_config::plan::KernelPlan`]) holds the region-level choices:
//! run-time variants for a dynamic M (each with its own plan), split-K and the split bf16
//! pipeline, and for one kernel (`Single`) its strategy
//! ([`crate::kernel_config::strategy::KernelStrategy`]: element-wise, row / column reduction,
//! dot rows, softmax, few rows, SIMT, cooperative matrix, workgroup matrix, lanes, with their
//! configurations). Bufferize allocates the scratch buffers a plan needs; `lower-to-kernels`
//! lowers each region as its plan says and recomputes nothing.

use crate::error::CompileError;
use crate::kernel_config::plan::region_plan;
use crate::pass::{CompilationUnit, Pass, Phase};

pub struct KernelConfigPass;

impl Pass for KernelConfigPass {
    fn name(&self) -> &'static str {
        "kernel-config"
    }
    fn summary(&self) -> &'static str {
        "a kernel plan per dispatch region (its kernel's strategy, row variants, split-K, split bf16)"
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
                region_plan(&unit.function, region, &unit.target)
                    .map_err(|e| e.at(self.name(), unit.function.ops.location(region.root)))
            })
            .collect::<Result<_, _>>()?;
        unit.kernel_plans = Some(plans);
        Ok(())
    }
}

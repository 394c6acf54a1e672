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
use crate::kernel_config::plan::region_plan;
use crate::pass::{CompilationUnit, Pass, Phase};

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
            .map(|region| region_plan(&unit.function, region, &unit.target))
            .collect();
        unit.kernel_plans = Some(plans);
        Ok(())
    }
}

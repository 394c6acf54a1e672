//! The pass manager's building blocks: the [`Pass`] trait, the [`Phase`]s a compilation goes
//! through, the [`CompilationUnit`] every pass transforms, and [`PassOptions`] (IR printing,
//! timing, dumping, verification). The registry and the pipelines live in `pipeline.rs`.

use crate::buffer_plan::BufferPlan;
use crate::error::CompileError;
use crate::kernel_ir::{self, Kernel};
use crate::partition::Partition;
pub use crate::phase::Phase;
use crate::target::LoweringTarget;
use std::path::PathBuf;
use std::time::Duration;

/// One SPIR-V module per kernel, with its words once serialized.
#[derive(Clone, Debug)]
pub struct SpirvKernel {
    pub module: kiln_spirv_ir::Module,
    pub entry_point: String,
    /// Set by `abi-vce-serialize`.
    pub words: Option<Vec<u32>>,
    /// The 32-bit push constants the module reads, in block order (offset = 4 * position).
    pub push_constants: Vec<crate::kernel_ir::PushConstant>,
    /// Per kernel binding: for one reached through its device address, the byte offset in the
    /// push-constant block of the address (two words, low first, after `push_constants`).
    pub address_offsets: Vec<Option<u32>>,
}

/// Everything the passes read and write.
pub struct CompilationUnit {
    pub phase: Phase,
    /// The Tensor IR entry function (decomposition rewrites it).
    pub function: kiln_frontend::Function,
    pub partition: Option<Partition>,
    /// One per region of `partition`, in its order (after `kernel-config`).
    pub kernel_plans: Option<Vec<crate::kernel_config::plan::KernelPlan>>,
    pub buffer_plan: Option<BufferPlan>,
    /// In dispatch order (after lowering): one per region, three for a split f32 matmul region
    /// (`lower_to_kernels/split.rs`: its two split kernels first), and run-time variants for a
    /// linear layer with a dynamic M (`Kernel::run_when`: the few-rows kernels, then the rest).
    pub kernels: Vec<Kernel>,
    /// One per kernel (after legalization).
    pub spirv: Vec<SpirvKernel>,
    pub target: LoweringTarget,
    /// The float format of the program's f32 tensors (`reduce-precision`).
    pub precision: crate::program::Precision,
    /// Which arguments and results were bf16 before `emulate-bf16` held them in f32.
    pub bf16_interface: crate::program::Bf16Interface,
    /// The run-time checks `index-checks` added: the last `index_checks.len()` results of
    /// `function` are their flags, in this order.
    pub index_checks: Vec<IndexCheck>,
}

/// One extra function result that holds a run-time check's flag (`index-checks`).
#[derive(Clone, Debug, PartialEq)]
pub struct IndexCheck {
    /// The rank-0 i32 result: non-zero when some index was out of range.
    pub flag: kiln_frontend::ValueId,
    /// What failed, for the run's error: the op's source and the range.
    pub message: String,
}

impl CompilationUnit {
    /// A unit in phase [`Phase::Tensor`] holding `function`, lowered for `env` with the target
    /// choices of `options` (index width, tiling and heuristic overrides, tuned tilings).
    pub fn new(
        function: kiln_frontend::Function,
        env: &kiln_spirv_ir::TargetEnv,
        options: &PassOptions,
    ) -> Self {
        let mut target = LoweringTarget {
            matmul_tiles: options.matmul_tiles,
            lanes_tiles: options.lanes_tiles,
            coopmat_tiles: options.coopmat_tiles,
            workgroup_matrix_tiles: options.workgroup_matrix_tiles,
            tuned: options.tuned.clone(),
            ..LoweringTarget::new(env.clone(), options.index_bits_64)
        };
        for o in &options.heuristic_overrides {
            target.heuristics.apply(o);
        }
        CompilationUnit {
            phase: Phase::Tensor,
            function,
            partition: None,
            kernel_plans: None,
            buffer_plan: None,
            kernels: Vec::new(),
            spirv: Vec::new(),
            precision: options.precision,
            bf16_interface: Default::default(),
            target,
            index_checks: Vec::new(),
        }
    }

    /// The current IR as text: the stage-appropriate printer.
    pub fn print(&self) -> String {
        let mut out = String::new();
        if self.phase < Phase::Partitioned {
            let module = kiln_frontend::Module {
                functions: vec![self.function.clone()],
            };
            out.push_str(&kiln_frontend::print::print_mlir(&module));
        } else if self.phase < Phase::Kernels {
            let module = kiln_frontend::Module {
                functions: vec![self.function.clone()],
            };
            out.push_str(&kiln_frontend::print::print_mlir(&module));
            if let Some(p) = &self.partition {
                out.push_str(&p.print(&self.function));
                if let Some(plans) = &self.kernel_plans {
                    out.push_str(&crate::kernel_config::plan::print_plans(p, plans));
                }
            }
            if let Some(plan) = &self.buffer_plan {
                out.push_str(&plan.print());
            }
        } else if self.phase < Phase::Spirv {
            for k in &self.kernels {
                out.push_str(&kernel_ir::print_kernel(k));
            }
        } else {
            for s in &self.spirv {
                out.push_str(&kiln_spirv_ir::print_module(&s.module));
            }
        }
        out
    }

    /// Checks the invariants of the current phase.
    pub fn verify(&self) -> Result<(), String> {
        if self.phase >= Phase::Partitioned {
            let p = self.partition.as_ref().ok_or("no partition")?;
            p.verify(&self.function)?;
        } else {
            crate::phase::verify_tensor_phase(&self.function, self.phase)?;
        }
        if self.phase >= Phase::Bufferized {
            let plan = self.buffer_plan.as_ref().ok_or("no buffer plan")?;
            plan.verify()?;
            let regions = self.partition.as_ref().map_or(0, |p| p.regions.len());
            let plans = self.kernel_plans.as_ref().ok_or("no kernel plans")?;
            if plans.len() != regions || plan.scratch.len() != regions {
                return Err(format!(
                    "{regions} regions, {} kernel plans, {} scratch records",
                    plans.len(),
                    plan.scratch.len()
                ));
            }
        }
        self.verify_kernels()
    }

    /// The kernel and SPIR-V invariants of the current phase (all of `verify` for a unit read
    /// from kernel IR, which has no Tensor IR, partition or buffer plan to check).
    pub fn verify_kernels(&self) -> Result<(), String> {
        if self.phase >= Phase::Kernels {
            let rules = self.phase.min(Phase::Distributed).kernel_rules();
            for k in &self.kernels {
                kernel_ir::verify_kernel(k, rules).map_err(|e| e.to_string())?;
            }
        }
        if self.phase >= Phase::Spirv {
            if self.spirv.len() != self.kernels.len() {
                return Err(format!(
                    "{} SPIR-V modules for {} kernels",
                    self.spirv.len(),
                    self.kernels.len()
                ));
            }
            // kiln's own SPIR-V verifier on every module, from legalization on.
            for s in &self.spirv {
                kiln_spirv_ir::verify(&s.module)
                    .map_err(|e| format!("SPIR-V module `{}`: {e}", s.entry_point))?;
            }
        }
        if self.phase >= Phase::Serialized && self.spirv.iter().any(|s| s.words.is_none()) {
            return Err("a module was not serialized".into());
        }
        Ok(())
    }
}

/// A transformation of the compilation unit.
pub trait Pass {
    /// The name used by `--print-ir-after=NAME` and the timing report.
    fn name(&self) -> &'static str;
    /// One line for `--help`-style listings.
    fn summary(&self) -> &'static str;
    /// The earliest phase the unit may be in when this pass runs.
    fn requires(&self) -> Phase;
    /// The phase the unit is in after it.
    fn produces(&self) -> Phase;
    fn run(&self, unit: &mut CompilationUnit) -> Result<(), CompileError>;
}

/// Debugging and diagnostics for a pipeline run.
#[derive(Clone, Debug, Default)]
pub struct PassOptions {
    /// Print the IR to stderr after every pass.
    pub print_ir_after_all: bool,
    /// Print the IR to stderr after the named passes (names are checked against the registry).
    pub print_ir_after: Vec<String>,
    /// Print a per-pass timing report to stderr at the end.
    pub time_passes: bool,
    /// Write `NN-pass.txt` after every pass and each dispatch's `.spv` into this directory.
    pub dump_dir: Option<PathBuf>,
    /// Verify the IR after every pass (always on in kiln's tests; also with `KILN_VERIFY_EACH=1`).
    pub verify_each: bool,
    /// Use 64-bit indices instead of 32-bit.
    pub index_bits_64: bool,
    /// Store the program's f32 tensors as f16 / bf16 (`reduce-precision`; default f32).
    pub precision: crate::program::Precision,
    /// Replace the computed SIMT matmul tiling (tuning, benchmarks).
    pub matmul_tiles: Option<crate::kernel_config::tiles::MatmulTiles>,
    /// Replace the computed lanes matmul tiling of CPU devices, or force that pipeline.
    pub lanes_tiles: Option<crate::kernel_config::tiles::LanesTiles>,
    /// Replace the computed cooperative-matrix tiling (tuning, benchmarks).
    pub coopmat_tiles: Option<crate::kernel_config::tiles::CoopmatTiles>,
    /// Replace the computed workgroup-scope cooperative-matrix tiling (tuning, benchmarks).
    pub workgroup_matrix_tiles: Option<crate::kernel_config::tiles::WorkgroupMatrixConfig>,
    /// Per-contraction tilings from `kiln tune` (by `kernel_config::tuning_key`); the
    /// `matmul_tiles` / `coopmat_tiles` / `workgroup_matrix_tiles` overrides win over them.
    pub tuned:
        std::sync::Arc<std::collections::HashMap<String, crate::kernel_config::tiles::TunedTiles>>,
    /// Replacements of the target's heuristics (experiments; `kiln compile --heuristic`).
    pub heuristic_overrides: Vec<crate::heuristics::HeuristicOverride>,
}

/// Per-pass wall time of one pipeline run.
#[derive(Clone, Debug, Default)]
pub struct TimingReport {
    pub passes: Vec<(String, Duration)>,
}

impl TimingReport {
    pub fn total(&self) -> Duration {
        self.passes.iter().map(|(_, d)| *d).sum()
    }
    pub fn render(&self) -> String {
        let total = self.total().as_secs_f64().max(1e-9);
        let mut out = String::from("===-- kiln pass timing --===\n");
        for (name, d) in &self.passes {
            let s = d.as_secs_f64();
            out.push_str(&format!(
                "  {:>9.3} ms  {:>5.1}%  {name}\n",
                s * 1e3,
                100.0 * s / total
            ));
        }
        out.push_str(&format!("  {:>9.3} ms  100.0%  total\n", total * 1e3));
        out
    }
}

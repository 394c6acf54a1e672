//! The pass registry, the default pipeline, and the pass manager that runs a pipeline with
//! verification, IR printing, dumping and timing.
//!
//! Default pipeline and why it is in this order:
//! 0. `index-checks`: on the Tensor IR as given, before anything rewrites the gathers (a flag
//!    result per gather of run-time indices, read after each run; ordinary ops for the rest).
//!    Then `reduce-precision` (a no-op unless `--precision f16` / `bf16`): on the Tensor IR
//!    before any rewrite, so that every later pass sees the narrow types it chose (the
//!    contractions' f16 x f16 -> f32 form that kernel configuration maps to cooperative
//!    matrices, the casts that fusion puts in epilogues). Then `emulate-bf16`: bf16 tensors
//!    (a bf16 model's, which `reduce-precision` leaves alone) become f32 ones holding bf16
//!    values, before any pass that would have to know bf16 (no device stores bf16 tensors).
//! 1. `decompose`: named ops become `linalg.generic`, so fusion sees one op kind with maps.
//!    Then `channels-last`: on generics, before the passes that read their loop structure;
//!    NCHW convolution networks get NHWC activations and HWCF filters (maps permuted).
//!    Then `pointwise-convs`: after channels-last (it needs the NHWC / HWCF maps), f16 1x1
//!    stride-1 convolutions become plain matmuls, so that split-reduction, merge-matmuls
//!    and kernel configuration see them as such. Then `split-reduction`: on generics (after decompose), before fusion (the sum of the
//!    slices takes the contraction's epilogue); it changes only contractions with too few
//!    output tiles for the device (`kernel_config::choose_reduction_split`). Then
//!    `merge-matmuls`: sibling matmuls of one lhs with constant weights become one (before
//!    fusion, which fuses the slices of its result into their readers).
//! 2. `fusion`: needs the canonical ops (it classifies generics by iterator types and maps).
//! 3. `kernel-config`: needs the regions fixed; records each region's kernel plan (few rows,
//!    row variants, split-K, split bf16) before bufferize, which the plan will size scratch
//!    buffers for.
//! 4. `bufferize`: needs the partition (region inputs / outputs become bindings).
//! 5. `lower-to-kernels`: needs bindings and buffer views; reads the region's plan and picks
//!    the kernel's strategy from the target (kernel configuration).
//! 6. `vectorize`: before distribution, because it shrinks the parallel iteration space that
//!    distribution maps onto invocations (and needs the parallel loop structure to find the
//!    contiguous innermost dimension).
//! 7. `distribute`: removes every parallel loop and `workgroup_reduce`; fixes local sizes and
//!    workgroup counts.
//! 8. `legalize`: needs distributed kernels (no parallel loops to convert).
//! 9. `abi-vce-serialize`: needs complete function bodies to know the interface and the
//!    capabilities really used.

use crate::error::CompileError;
use crate::pass::{CompilationUnit, Pass, PassOptions, Phase, TimingReport};
use crate::program::CompiledProgram;
use std::time::Instant;

/// Every pass, by name.
pub fn registry() -> Vec<Box<dyn Pass>> {
    vec![
        Box::new(crate::index_checks::IndexChecks),
        Box::new(crate::reduce_precision::ReducePrecision),
        Box::new(crate::emulate_bf16::EmulateBf16),
        Box::new(crate::decompose::Decompose),
        Box::new(crate::channels_last::ChannelsLast),
        Box::new(crate::pointwise_convs::PointwiseConvs),
        Box::new(crate::split_reduction::SplitReduction),
        Box::new(crate::merge_matmuls::MergeMatmuls),
        Box::new(crate::fusion::Fusion),
        Box::new(crate::kernel_plan::KernelConfigPass),
        Box::new(crate::bufferize::Bufferize),
        Box::new(crate::lower_to_kernels::LowerToKernels),
        Box::new(crate::vectorize::Vectorize),
        Box::new(crate::distribute::Distribute),
        Box::new(crate::legalize::Legalize),
        Box::new(crate::abi::AbiLowering),
    ]
}

/// The names of every registered pass.
pub fn pass_names() -> Vec<&'static str> {
    registry().iter().map(|p| p.name()).collect()
}

/// The default pipeline from Tensor IR to serialized SPIR-V (see the module docs for the order).
pub const DEFAULT_PIPELINE: &[&str] = &[
    "index-checks",
    "reduce-precision",
    "emulate-bf16",
    "decompose",
    "channels-last",
    "pointwise-convs",
    "split-reduction",
    "merge-matmuls",
    "fusion",
    "kernel-config",
    "bufferize",
    "lower-to-kernels",
    "vectorize",
    "distribute",
    "legalize",
    "abi-vce-serialize",
];

/// Resolves a pipeline of pass names; unknown names are an error listing the known ones.
pub fn build_pipeline(names: &[&str]) -> Result<Vec<Box<dyn Pass>>, CompileError> {
    let mut out = Vec::new();
    for name in names {
        let pass = registry()
            .into_iter()
            .find(|p| p.name() == *name)
            .ok_or_else(|| {
                CompileError::BadOption(format!(
                    "unknown pass `{name}` (known: {})",
                    pass_names().join(", ")
                ))
            })?;
        out.push(pass);
    }
    Ok(out)
}

/// Checks that every name in `--print-ir-after` is a registered pass.
pub fn check_options(options: &PassOptions) -> Result<(), CompileError> {
    let known = pass_names();
    for name in &options.print_ir_after {
        if !known.contains(&name.as_str()) {
            return Err(CompileError::BadOption(format!(
                "--print-ir-after: unknown pass `{name}` (known: {})",
                known.join(", ")
            )));
        }
    }
    Ok(())
}

/// Runs `passes` in order on `unit`.
pub fn run_pipeline(
    unit: &mut CompilationUnit,
    passes: &[Box<dyn Pass>],
    options: &PassOptions,
) -> Result<TimingReport, CompileError> {
    check_options(options)?;
    crate::kernel_config::check_matmul_tiles_override(&unit.target)
        .map_err(|e| CompileError::BadOption(format!("--matmul-tiles: {e}")))?;
    let verify_each =
        options.verify_each || std::env::var("KILN_VERIFY_EACH").is_ok_and(|v| v == "1");
    if let Some(dir) = &options.dump_dir {
        std::fs::create_dir_all(dir)
            .map_err(|e| CompileError::BadOption(format!("--dump-dir {}: {e}", dir.display())))?;
    }
    let mut report = TimingReport::default();
    for (position, pass) in passes.iter().enumerate() {
        if unit.phase < pass.requires() || unit.phase > pass.produces() {
            return Err(CompileError::internal(
                pass.name(),
                format!(
                    "pass needs phase {:?}..={:?} but the unit is in {:?} (pipeline out of order)",
                    pass.requires(),
                    pass.produces(),
                    unit.phase
                ),
            ));
        }
        let start = Instant::now();
        pass.run(unit)?;
        report
            .passes
            .push((pass.name().to_string(), start.elapsed()));
        unit.phase = pass.produces();
        if verify_each {
            unit.verify()
                .map_err(|message| CompileError::VerifierFailed {
                    pass: pass.name().to_string(),
                    phase: unit.phase,
                    message,
                })?;
        }
        let print =
            options.print_ir_after_all || options.print_ir_after.iter().any(|n| n == pass.name());
        if print {
            eprintln!(
                "// -----// IR Dump After {} ({:?}) //----- //\n{}",
                pass.name(),
                unit.phase,
                unit.print()
            );
        }
        if let Some(dir) = &options.dump_dir {
            let path = dir.join(format!("{:02}-{}.txt", position + 1, pass.name()));
            std::fs::write(&path, unit.print()).map_err(|e| {
                CompileError::BadOption(format!("--dump-dir {}: {e}", path.display()))
            })?;
        }
    }
    if let Some(dir) = &options.dump_dir {
        for s in &unit.spirv {
            if let Some(words) = &s.words {
                let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
                let path = dir.join(format!("{}.spv", s.entry_point));
                std::fs::write(&path, bytes).map_err(|e| {
                    CompileError::BadOption(format!("--dump-dir {}: {e}", path.display()))
                })?;
            }
        }
    }
    if let Some(dir) = std::env::var_os("KILN_SPIRV_LOG_DIR") {
        log_modules(unit, std::path::Path::new(&dir))?;
    }
    if options.time_passes {
        eprint!("{}", report.render());
    }
    Ok(report)
}

/// `KILN_SPIRV_LOG_DIR=DIR`: every serialized module is written to `DIR` under a name made of
/// its entry point and a hash of its words, so a whole test run's SPIR-V can be compared before
/// and after a change that must not alter it (`tests/spirv_identity.sh` does so for files).
fn log_modules(unit: &CompilationUnit, dir: &std::path::Path) -> Result<(), CompileError> {
    use std::hash::{Hash, Hasher};
    std::fs::create_dir_all(dir).map_err(|e| {
        CompileError::BadOption(format!("KILN_SPIRV_LOG_DIR {}: {e}", dir.display()))
    })?;
    for s in &unit.spirv {
        if let Some(words) = &s.words {
            let mut hasher = rustc_hash::FxHasher::default();
            words.hash(&mut hasher);
            let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
            let path = dir.join(format!("{}-{:016x}.spv", s.entry_point, hasher.finish()));
            std::fs::write(&path, bytes).map_err(|e| {
                CompileError::BadOption(format!("KILN_SPIRV_LOG_DIR {}: {e}", path.display()))
            })?;
        }
    }
    Ok(())
}

/// Compiles the entry function of `module` (`main`, else the first) for `target` with the
/// default pipeline.
pub fn compile(
    module: &kiln_frontend::Module,
    target: &kiln_spirv_ir::TargetEnv,
    options: &PassOptions,
) -> Result<CompiledProgram, CompileError> {
    compile_with_pipeline(module, target, options, DEFAULT_PIPELINE)
}

/// Like [`compile`] with an explicit pipeline (it must end in `abi-vce-serialize`).
pub fn compile_with_pipeline(
    module: &kiln_frontend::Module,
    target: &kiln_spirv_ir::TargetEnv,
    options: &PassOptions,
    pipeline: &[&str],
) -> Result<CompiledProgram, CompileError> {
    let function = module.entry().ok_or_else(|| CompileError::InvalidInput {
        op: "module".into(),
        reason: "the module has no function".into(),
    })?;
    kiln_frontend::verify_function(function).map_err(|e| CompileError::InvalidInput {
        op: function.name.clone(),
        reason: e.to_string(),
    })?;
    let mut unit = CompilationUnit::new(function.clone(), target, options);
    let passes = build_pipeline(pipeline)?;
    run_pipeline(&mut unit, &passes, options)?;
    if unit.phase != Phase::Serialized {
        return Err(CompileError::BadOption(format!(
            "the pipeline ends in phase {:?}, not Serialized",
            unit.phase
        )));
    }
    crate::assemble::assemble(&mut unit)
}

/// Runs the default pipeline up to and including the pass named `last` and returns the unit
/// (for golden tests and `--print-ir-after` style tooling).
pub fn lower_until(
    module: &kiln_frontend::Module,
    target: &kiln_spirv_ir::TargetEnv,
    options: &PassOptions,
    last: &str,
) -> Result<CompilationUnit, CompileError> {
    let end = DEFAULT_PIPELINE
        .iter()
        .position(|p| *p == last)
        .ok_or_else(|| CompileError::BadOption(format!("unknown pass `{last}`")))?;
    let function = module.entry().ok_or_else(|| CompileError::InvalidInput {
        op: "module".into(),
        reason: "the module has no function".into(),
    })?;
    let mut unit = CompilationUnit::new(function.clone(), target, options);
    let passes = build_pipeline(&DEFAULT_PIPELINE[..=end])?;
    run_pipeline(&mut unit, &passes, options)?;
    Ok(unit)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn registry_names_match_the_default_pipeline() {
        assert_eq!(pass_names(), DEFAULT_PIPELINE.to_vec());
        let phases: Vec<_> = registry()
            .iter()
            .map(|p| (p.requires(), p.produces()))
            .collect();
        for pair in phases.windows(2) {
            assert!(
                pair[0].1 >= pair[1].0,
                "pipeline order goes backwards: {pair:?}"
            );
        }
    }

    #[test]
    fn unknown_pass_names_are_rejected() {
        let err = build_pipeline(&["decompose", "tile-everything"])
            .err()
            .expect("an error");
        assert!(
            err.to_string().contains("unknown pass `tile-everything`"),
            "{err}"
        );
        assert!(err.is_user_error());
        let options = PassOptions {
            print_ir_after: vec!["fusoin".into()],
            ..Default::default()
        };
        let err = check_options(&options).unwrap_err();
        assert!(
            err.to_string()
                .contains("--print-ir-after: unknown pass `fusoin`"),
            "{err}"
        );
    }

    #[test]
    fn out_of_order_pipelines_are_refused() {
        let mut b = kiln_frontend::FunctionBuilder::new("main");
        let x = b.argument(kiln_frontend::Type::Tensor(kiln_frontend::TensorType::of(
            &[4],
            kiln_frontend::DType::F32,
        )));
        let y = b.elementwise(kiln_frontend::ScalarOp::Exp, &[x]).unwrap();
        let function = b.finish(vec![y]).unwrap();
        let env = kiln_spirv_ir::TargetEnv::preset("llvmpipe").unwrap();
        let mut unit = CompilationUnit::new(function, &env, &PassOptions::default());
        let passes = build_pipeline(&["fusion"]).unwrap();
        let err = run_pipeline(&mut unit, &passes, &PassOptions::default()).unwrap_err();
        assert!(err.to_string().contains("pipeline out of order"), "{err}");
        assert!(!err.is_user_error());
    }
}

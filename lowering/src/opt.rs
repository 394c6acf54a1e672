//! `kiln opt` (as `mlir-opt`): runs named passes on IR text and prints the result, so that each
//! pass can be tested alone on its own input (`lowering/tests/filetests/<pass>/*.kir`).
//!
//! The input is either Tensor IR (MLIR text, `kiln_frontend::parse_mlir`) or kernel IR (what
//! `print_kernel` writes, `kernel_ir::parser`); which one is decided by whether the text starts
//! with the `kernel` keyword. The compilation unit is built in the phase the first pass's
//! input is in within the default pipeline (what the pass before it leaves, so the text is that
//! pass's output):
//! - kernel IR: `vectorize` (phase Kernels), `distribute` (Vectorized; kernels that were not
//!   vectorized are legal there too) or `legalize` (Distributed); every kernel is first verified
//!   against that phase's `KernelRules`, so text that is not legal input of the pass (a vector
//!   before vectorize, a parallel loop before legalize) is an error naming the kernel and where
//!   it starts. `abi-vce-serialize` needs SPIR-V modules, which kernel IR is not: start at
//!   `legalize`.
//! - Tensor IR: `decompose` (phase Tensor) or `fusion` (phase Canonical, the text verified as
//!   decomposed). The partition and the buffer plan that `kernel-config`, `bufferize` and
//!   `lower-to-kernels` read have no text form to parse back, so a Tensor-IR pipeline starts at
//!   one of those two and runs through them in pipeline order. Starting later needs parsers
//!   for the three sections a dump prints after the function: the `region @..` lines
//!   (`Partition::print`; they name values by `ValueId` index, not by the function text's
//!   `%names`, so the parser must map one onto the other, or the printer print the text's
//!   names), the `plan @..` lines (`KernelPlan`'s `Display` prints every payload in full; a
//!   split bf16 plan's operands are its root's first two) and the buffer plan
//!   (`BufferPlan::print`: buffers, bindings, symbols and scratch; a constant buffer's bytes
//!   and each buffer's element type would come from the function's values).
//!
//! The passes must follow each other in pipeline order (the phase one produces is one the next
//! accepts); the unit is verified after every pass, and the result is `CompilationUnit::print`.
//! A unit read from kernel IR has no Tensor IR, partition or buffer plan (no pass from vectorize
//! on reads them), so it is verified on its kernels and SPIR-V modules only.

use crate::error::CompileError;
use crate::kernel_ir::{self, parser::KernelLocation};
use crate::pass::{CompilationUnit, Pass, PassOptions, Phase};
use crate::pipeline::{build_pipeline, pass_names, registry};
use kiln_spirv_ir::TargetEnv;
use std::fmt;

/// What `kiln opt` can fail with. Every variant but a compiler bug inside a pass
/// (`Compile` with an internal error) is the user's to fix.
#[derive(Debug, Clone, PartialEq)]
pub enum OptError {
    /// The text does not parse (Tensor IR or kernel IR), at a 1-based line and column.
    Parse {
        line: u32,
        column: u32,
        message: String,
    },
    /// The pass list cannot run on this input: an unknown pass, passes out of pipeline order,
    /// or a first pass whose input phase the text cannot be in.
    Pipeline(String),
    /// The input parses but is not legal in the phase of the first pass's input; `location` is
    /// the offending kernel's `kernel` keyword (kernel IR input).
    InvalidInput {
        location: Option<(u32, u32)>,
        pass: String,
        phase: Phase,
        message: String,
    },
    /// A pass failed (user errors such as a target that lacks a capability, or a compiler bug).
    Compile(CompileError),
}

impl fmt::Display for OptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some((line, column)) = self.location() {
            write!(f, "{line}:{column}: ")?;
        }
        write!(f, "{}", self.message())
    }
}

impl std::error::Error for OptError {}

impl From<CompileError> for OptError {
    fn from(e: CompileError) -> Self {
        OptError::Compile(e)
    }
}

impl OptError {
    /// Whether the user can fix it (the input, the pass list, the target) rather than it being
    /// a kiln bug.
    pub fn is_user_error(&self) -> bool {
        match self {
            OptError::Compile(e) => e.is_user_error(),
            _ => true,
        }
    }
    /// The error without its position.
    pub fn message(&self) -> String {
        match self {
            OptError::Parse { message, .. } | OptError::Pipeline(message) => message.clone(),
            OptError::InvalidInput {
                pass,
                phase,
                message,
                ..
            } => format!(
                "the input is not legal in phase {phase:?} (the input of pass `{pass}`): {message}"
            ),
            OptError::Compile(e) => e.to_string(),
        }
    }
    /// The 1-based line and column the error points at, if any.
    pub fn location(&self) -> Option<(u32, u32)> {
        match self {
            OptError::Parse { line, column, .. } => Some((*line, *column)),
            OptError::InvalidInput { location, .. } => *location,
            _ => None,
        }
    }
}

/// Which IR the text is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputKind {
    TensorIr,
    KernelIr,
}

/// Decides by the first word: kernel IR starts with `kernel`, anything else is read as Tensor IR.
pub fn input_kind(text: &str) -> InputKind {
    if kernel_ir::parser::looks_like_kernel_ir(text) {
        InputKind::KernelIr
    } else {
        InputKind::TensorIr
    }
}

/// Parses `text`, runs `passes` (registry names, in pipeline order) with verification after
/// each, and returns the printed result.
pub fn run_opt(
    text: &str,
    passes: &[&str],
    target: &TargetEnv,
    options: &PassOptions,
) -> Result<String, OptError> {
    Ok(opt_unit(text, passes, target, options)?.print())
}

/// [`run_opt`], returning the unit instead of its text.
pub fn opt_unit(
    text: &str,
    passes: &[&str],
    target: &TargetEnv,
    options: &PassOptions,
) -> Result<CompilationUnit, OptError> {
    let pipeline = check_pipeline(passes)?;
    let first = &pipeline[0];
    let phase = input_phase(first.as_ref());
    let kind = input_kind(text);
    let mut unit = match kind {
        InputKind::KernelIr => kernel_unit(text, first.name(), phase, target, options)?,
        InputKind::TensorIr => tensor_unit(text, first.name(), phase, target, options)?,
    };
    for pass in &pipeline {
        pass.run(&mut unit)?;
        unit.phase = pass.produces();
        let verified = match kind {
            InputKind::TensorIr => unit.verify(),
            InputKind::KernelIr => unit.verify_kernels(),
        };
        verified.map_err(|message| CompileError::VerifierFailed {
            pass: pass.name().to_string(),
            phase: unit.phase,
            message,
        })?;
    }
    Ok(unit)
}

/// The phase the input of `pass` is in within the default pipeline: what the pass before it
/// produces (within the phases `pass` accepts), or what it requires when it comes first.
fn input_phase(pass: &dyn Pass) -> Phase {
    let registry = registry();
    let position = registry.iter().position(|p| p.name() == pass.name());
    match position.and_then(|i| i.checked_sub(1)) {
        Some(before) => registry[before]
            .produces()
            .clamp(pass.requires(), pass.produces()),
        None => pass.requires(),
    }
}

/// Resolves the names and checks that each pass accepts the phase the one before it produces.
fn check_pipeline(passes: &[&str]) -> Result<Vec<Box<dyn Pass>>, OptError> {
    if passes.is_empty() {
        return Err(OptError::Pipeline(format!(
            "no passes given (known: {})",
            pass_names().join(", ")
        )));
    }
    let pipeline = build_pipeline(passes).map_err(|e| match e {
        CompileError::BadOption(message) => OptError::Pipeline(message),
        other => OptError::Compile(other),
    })?;
    for pair in pipeline.windows(2) {
        let (before, after) = (&pair[0], &pair[1]);
        let phase = before.produces();
        if phase < after.requires() || phase > after.produces() {
            return Err(OptError::Pipeline(format!(
                "pass `{}` cannot follow `{}`: it needs phase {:?}..={:?}, `{}` leaves the IR in \
                 {phase:?} (give the passes in pipeline order: {})",
                after.name(),
                before.name(),
                after.requires(),
                after.produces(),
                before.name(),
                pass_names().join(", ")
            )));
        }
    }
    Ok(pipeline)
}

fn kernel_unit(
    text: &str,
    first: &str,
    phase: Phase,
    target: &TargetEnv,
    options: &PassOptions,
) -> Result<CompilationUnit, OptError> {
    if phase < Phase::Kernels {
        return Err(OptError::Pipeline(format!(
            "pass `{first}` runs on Tensor IR (phase {phase:?}), but the input is kernel IR: \
             start a kernel-IR pipeline at `vectorize`, `distribute` or `legalize`"
        )));
    }
    if phase > Phase::Distributed {
        return Err(OptError::Pipeline(format!(
            "pass `{first}` needs phase {phase:?} (SPIR-V modules with their kernels), which has \
             no kernel-IR text form: run `legalize,{first}` on the distributed kernel IR"
        )));
    }
    let kernels = kernel_ir::parser::parse_kernels_located(text).map_err(|e| OptError::Parse {
        line: e.line,
        column: e.column,
        message: e.message,
    })?;
    let rules = phase.kernel_rules();
    for (kernel, KernelLocation { line, column }) in &kernels {
        kernel_ir::verify_kernel(kernel, rules).map_err(|e| OptError::InvalidInput {
            location: Some((*line, *column)),
            pass: first.to_string(),
            phase,
            message: e.to_string(),
        })?;
    }
    // No pass from vectorize on reads the Tensor IR: an empty function stands in for it.
    let function = kiln_frontend::Function {
        name: "main".into(),
        values: Default::default(),
        ops: Default::default(),
        body: Vec::new(),
        arguments: Vec::new(),
        results: Vec::new(),
    };
    let mut unit = CompilationUnit::new(function, target, options);
    unit.phase = phase;
    unit.kernels = kernels.into_iter().map(|(k, _)| k).collect();
    Ok(unit)
}

fn tensor_unit(
    text: &str,
    first: &str,
    phase: Phase,
    target: &TargetEnv,
    options: &PassOptions,
) -> Result<CompilationUnit, OptError> {
    if phase > Phase::Canonical {
        let missing = match phase {
            Phase::Partitioned => "a partition into dispatch regions",
            Phase::Bufferized => "a partition and a buffer plan",
            _ => "kernels",
        };
        let start = if phase >= Phase::Kernels {
            "give kernel IR (`kiln opt --passes=...,lower-to-kernels` prints it), or start the \
             pipeline at `decompose`"
        } else {
            "start the pipeline at `decompose` (or `fusion` on decomposed Tensor IR)"
        };
        return Err(OptError::Pipeline(format!(
            "pass `{first}` needs phase {phase:?}: {missing}, which Tensor IR text cannot carry \
             (the partition and the buffer plan have no parser): {start}"
        )));
    }
    let module = kiln_frontend::parse_mlir(text).map_err(|e| OptError::Parse {
        line: e.line,
        column: e.column,
        message: e.message,
    })?;
    let function = module
        .entry()
        .ok_or_else(|| OptError::Parse {
            line: 1,
            column: 1,
            message: "the module has no function".into(),
        })?
        .clone();
    let mut unit = CompilationUnit::new(function, target, options);
    unit.phase = phase;
    unit.verify().map_err(|message| OptError::InvalidInput {
        location: None,
        pass: first.to_string(),
        phase,
        message,
    })?;
    Ok(unit)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn llvmpipe() -> TargetEnv {
        TargetEnv::preset("llvmpipe").unwrap()
    }

    const ADD: &str = "#id = affine_map<(d0) -> (d0)>
func.func @main(%a: tensor<64xf32>, %b: tensor<64xf32>) -> tensor<64xf32> {
  %e = tensor.empty() : tensor<64xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = [\"parallel\"]} ins(%a, %b : tensor<64xf32>, tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<64xf32>
  return %r : tensor<64xf32>
}
";

    fn opt(text: &str, passes: &[&str]) -> Result<String, OptError> {
        run_opt(text, passes, &llvmpipe(), &PassOptions::default())
    }

    #[test]
    fn a_pass_on_kernel_ir_matches_the_pipeline() {
        let tensor_passes = [
            "decompose",
            "fusion",
            "kernel-config",
            "bufferize",
            "lower-to-kernels",
        ];
        let kernels = opt(ADD, &tensor_passes).unwrap();
        assert!(kernels.starts_with("kernel @"), "{kernels}");
        let through: Vec<&str> = tensor_passes.iter().copied().chain(["vectorize"]).collect();
        let whole = opt(ADD, &through).unwrap();
        assert_eq!(opt(&kernels, &["vectorize"]).unwrap(), whole);
        let distributed = opt(&kernels, &["vectorize", "distribute"]).unwrap();
        let spirv = opt(&distributed, &["legalize", "abi-vce-serialize"]).unwrap();
        assert!(spirv.contains("spirv.module"), "{spirv}");
    }

    #[test]
    fn pipelines_the_input_cannot_start_are_refused_by_name() {
        let err = opt(ADD, &["bufferize"]).unwrap_err();
        assert!(
            err.to_string()
                .contains("pass `bufferize` needs phase Partitioned")
                && err.to_string().contains("no parser"),
            "{err}"
        );
        let err = opt(ADD, &["vectorize"]).unwrap_err();
        assert!(err.to_string().contains("give kernel IR"), "{err}");
        let kernels = opt(
            ADD,
            &[
                "decompose",
                "fusion",
                "kernel-config",
                "bufferize",
                "lower-to-kernels",
            ],
        )
        .unwrap();
        let err = opt(&kernels, &["fusion"]).unwrap_err();
        assert!(err.to_string().contains("the input is kernel IR"), "{err}");
        let err = opt(&kernels, &["abi-vce-serialize"]).unwrap_err();
        assert!(err.to_string().contains("no kernel-IR text form"), "{err}");
        let err = opt(&kernels, &["vectorize", "legalize"]).unwrap_err();
        assert!(
            err.to_string()
                .contains("pass `legalize` cannot follow `vectorize`"),
            "{err}"
        );
        let err = opt(&kernels, &["vectorise"]).unwrap_err();
        assert!(
            err.to_string().contains("unknown pass `vectorise`"),
            "{err}"
        );
        assert!(opt(&kernels, &[]).is_err());
        // Kernels are legal Kernels input but not Distributed input (parallel loops).
        let err = opt(&kernels, &["legalize"]).unwrap_err();
        assert!(
            err.to_string()
                .starts_with("1:1: the input is not legal in phase Distributed"),
            "{err}"
        );
        assert!(err.is_user_error());
    }
}

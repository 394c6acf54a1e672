//! The compiler facade: Tensor IR module + target env -> [`Artifact`].

use kiln_frontend::Module;
use kiln_lowering::pass::PassOptions;
use kiln_spirv_ir::TargetEnv;

use crate::Artifact;

pub use kiln_lowering::error::CompileError;

/// Compiles `module` for `target` with default options.
pub fn compile(module: &Module, target: &TargetEnv) -> Result<Artifact, CompileError> {
    compile_with(module, target, &PassOptions::default())
}

/// Compiles `module` for `target` with its f32 tensors in `precision` (`f16`: weights and
/// activations stored as f16, f32 accumulation and math; see the `reduce-precision` pass). The
/// artifact records the precision (`program.precision`).
pub fn compile_with_precision(
    module: &Module,
    target: &TargetEnv,
    precision: kiln_lowering::Precision,
) -> Result<Artifact, CompileError> {
    let options = PassOptions {
        precision,
        ..PassOptions::default()
    };
    compile_with(module, target, &options)
}

/// Compiles `module` for `target`; `options` control IR dumps, timing, verification and the
/// precision (`PassOptions::precision`).
pub fn compile_with(
    module: &Module,
    target: &TargetEnv,
    options: &PassOptions,
) -> Result<Artifact, CompileError> {
    let program = kiln_lowering::compile(module, target, options)?;
    Ok(Artifact::new(target.clone(), program))
}

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

/// Compiles `module` for `target`; `options` control IR dumps, timing and verification.
pub fn compile_with(
    module: &Module,
    target: &TargetEnv,
    options: &PassOptions,
) -> Result<Artifact, CompileError> {
    let program = kiln_lowering::compile(module, target, options)?;
    Ok(Artifact {
        target: target.clone(),
        program,
    })
}

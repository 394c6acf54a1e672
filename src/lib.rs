//! kiln: compile tensor programs to Vulkan SPIR-V and run them.
#![forbid(unsafe_code)] // Only kiln-runtime (its Vulkan calls through ash) uses `unsafe`.
pub use kiln_frontend as frontend;
pub use kiln_lowering as lowering;
pub use kiln_runtime as runtime;
pub use kiln_spirv_ir as spirv_ir;

pub mod tensor;

pub use tensor::{HostTensor, NpyError, Tolerance};
pub mod cli;
pub mod target;

/// Classifies a runtime failure: a missing device or an unsatisfiable request is the user's to
/// fix; a driver failure is internal.
pub(crate) fn runtime_error(e: kiln_runtime::RuntimeError) -> cli::CliError {
    use kiln_runtime::RuntimeError as E;
    match e {
        E::NoLoader { .. }
        | E::NoDevice { .. }
        | E::DeviceSelection { .. }
        | E::UnsupportedFeature { .. }
        | E::InvalidSetting { .. }
        | E::OversizeBuffer { .. } => cli::CliError::user(e),
        E::Timeout { .. } => {
            // The submission may still run: dropping the executable would wait for it (or,
            // past a grace period, leak it), so the command ends here, freeing nothing.
            eprintln!(
                "internal error: {e}\n(raise the limit with KILN_GPU_TIMEOUT=<seconds> if the \
                 work is expected to take this long)"
            );
            kiln_runtime::exit_without_teardown(2)
        }
        other => cli::CliError::internal(other),
    }
}
pub mod session;

pub use session::{Executable, LoadOptions, RunError, Session};
pub mod artifact;
pub mod interface_names;
pub mod program_check;
pub mod spirv_val_at_load;
pub use artifact::{Artifact, ArtifactConstants, ArtifactError, EmbeddedPipelineCache};
pub mod startup;
pub use startup::{StartupPhase, StartupTimeline};
pub mod compile;
pub mod generate;
pub mod model;
pub mod tuning;
pub use compile::{compile, compile_with, compile_with_precision, CompileError};
pub use generate::{Decoder, DecoderInterface, GenerateError, Generation};
pub use kiln_lowering::Precision;

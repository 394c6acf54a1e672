//! kiln-lowering: the pass manager and every pass from decomposition to ABI lowering.
//!
//! Entry point: [`compile`] turns a frontend module into a [`CompiledProgram`] (the runtime's
//! input, see `program.rs` for the contract). The passes and their order are in [`pipeline`];
//! the loop-level IR between tensors and SPIR-V is [`kernel_ir`].
#![forbid(unsafe_code)] // Only kiln-runtime (its Vulkan calls through ash) uses `unsafe`.

pub mod abi;
pub mod arena;
pub mod assemble;
pub mod buffer_plan;
pub mod bufferize;
pub mod channels_last;
pub mod decompose;
pub mod distribute;
pub mod emulate_bf16;
pub mod error;
pub mod fusion;
pub mod heuristics;
pub mod index_checks;
pub mod kernel_config;
pub mod kernel_ir;
pub mod kernel_plan;
pub mod legalize;
pub mod lower_to_kernels;
pub mod merge_matmuls;
pub mod opt;
pub mod partition;
pub mod pass;
pub mod phase;
pub mod pipeline;
pub mod pointwise_convs;
pub mod program;
pub mod reduce_precision;
pub mod size_expr;
pub mod split_reduction;
pub mod structured;
pub mod target;
pub mod vectorize;

pub use error::CompileError;
pub use pass::{PassOptions, Phase};
pub use pipeline::{compile, compile_with_pipeline, lower_until};
pub use program::CompiledProgram;
pub use program::Precision;
pub use size_expr::SizeExpr;

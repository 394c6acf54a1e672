//! kiln: compile tensor programs to Vulkan SPIR-V and run them.
pub use kiln_frontend as frontend;
pub use kiln_lowering as lowering;
pub use kiln_runtime as runtime;
pub use kiln_spirv_ir as spirv_ir;

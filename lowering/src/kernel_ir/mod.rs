//! The loop-level kernel IR (see `syntax.rs`), its builder, printer, parser and verifier.

pub mod builder;
pub mod parser;
pub mod printer;
pub mod reduce;
pub mod subgroup_size;
pub mod syntax;
pub mod vector_lanes;
pub mod verifier;
pub mod walk;

pub use builder::KernelBuilder;
pub use parser::{parse_kernels, KernelParseError};
pub use printer::{op_text, print_kernel};
pub use reduce::{reduce_binary, reduce_identity};
pub use subgroup_size::subgroup_dependence;
pub use syntax::*;
pub use verifier::{verify_kernel, KernelRules, KernelVerifyError};
pub use walk::walk;

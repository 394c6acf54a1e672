//! kiln-frontend: the Tensor IR (linalg-style ops on tensors), its MLIR-syntax text format,
//! the ONNX importer, the verifier, shape inference and the reference interpreter.
//!
//! # Entry points
//!
//! - [`parse_mlir`]`(text) -> Result<Module, ParseError>`: MLIR custom syntax (`func.func`,
//!   `linalg.*`, `tensor.*`, `arith.*`, `math.*`, `#map = affine_map<...>` aliases) to a verified
//!   module; errors carry `line:column` and what was expected.
//! - [`print_mlir`]`(&Module) -> String`: the inverse; `parse_mlir(&print_mlir(&m)) ==
//!   m.renumbered()` (see [`Function::renumbered`]).
//! - [`import_onnx`]`(path) -> Result<Module, ImportError>` (and [`import_onnx_bytes`]): an ONNX
//!   model as one function `@main` whose arguments are the graph inputs that are not initializers.
//! - [`interpret`]`(&Module, &[Tensor]) -> Result<Vec<Tensor>, InterpretError>`: runs the entry
//!   function (`@main`, else the first) on host tensors; the numerical oracle (f64 inside ops).
//! - [`FunctionBuilder`]: builds functions from Rust, shape-inferring every op as it is added
//!   (`matmul`, `conv2d`, `pooling`, `elementwise`, `reduce`, `generic`, ...); `finish` verifies.
//! - [`verify_module`] / [`verify_function`] and [`infer_result_types`]: the verifier and shape
//!   inference; [`generalize()`]: the `linalg.generic` form of a named op.
//!
//! # Layout
//!
//! `syntax.rs` declares the IR (with the invariant of every field), `arena.rs` the typed arenas,
//! `ir.rs` small helpers on the types; each other file is one job: `infer.rs`, `builder.rs`,
//! `generalize.rs`, `interp.rs`, `print.rs`, `parse.rs`, `onnx/` (`mod.rs`: protobuf, graph
//! walk and constant folding; `ops.rs`: one handler per ONNX op).
#![forbid(unsafe_code)]
// Only kiln-runtime (its Vulkan calls through ash) uses `unsafe`.

// Errors carry the op name, the location and a message on purpose (STYLE.md 10).
#![allow(clippy::result_large_err)]

pub mod arena;
pub mod builder;
pub mod generalize;
pub mod infer;
pub mod interp;
pub mod ir;
pub mod onnx;
pub mod parse;
pub mod print;
pub mod syntax;

pub use arena::{Arena, Handle};
pub use builder::{BodyBuilder, FunctionBuilder};
pub use generalize::generalize;
pub use infer::{infer_result_types, verify_function, verify_module, VerifyError};
pub use interp::{interpret, interpret_function, InterpretError, Tensor};
pub use onnx::{
    import_onnx, import_onnx_bytes, import_onnx_bytes_with, import_onnx_with, ImportError,
    ImportOptions,
};
pub use parse::{parse_mlir, ParseError};
pub use print::print_mlir;
pub use syntax::*;

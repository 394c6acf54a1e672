//! kiln-frontend: the Tensor IR (linalg-style ops on tensors), its MLIR-syntax text format,
//! the ONNX importer, the verifier, shape inference and the reference interpreter.

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
pub use onnx::{import_onnx, import_onnx_bytes, ImportError};
pub use parse::{parse_mlir, ParseError};
pub use print::print_mlir;
pub use syntax::*;

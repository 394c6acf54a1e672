//! Why an import failed: [`ImportError`], and the unsupported operators it names.

use std::path::PathBuf;

use super::opsets::{MAX_OPSET, MIN_OPSET};
use crate::infer::VerifyError;

/// One operator of a model that kiln cannot import (part of [`ImportError::UnsupportedOps`]).
#[derive(Debug, Clone, PartialEq)]
pub struct UnsupportedOp {
    /// The first node with this operator.
    pub node: String,
    pub op_type: String,
    /// `ai.onnx` for the default domain.
    pub domain: String,
    /// The opset the model imports for the domain (0 when it imports none).
    pub opset: i64,
    /// How many nodes use it.
    pub count: usize,
    /// Why, when the operator is known but not in this version.
    pub reason: Option<String>,
}

impl std::fmt::Display for UnsupportedOp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.domain == "ai.onnx" {
            write!(f, "{} (opset {})", self.op_type, self.opset)?;
        } else {
            write!(
                f,
                "{}.{} (domain {}, opset {})",
                self.domain, self.op_type, self.domain, self.opset
            )?;
        }
        write!(f, " in node '{}'", self.node)?;
        if self.count > 1 {
            write!(f, " and {} more", self.count - 1)?;
        }
        if let Some(r) = &self.reason {
            write!(f, ": {r}")?;
        }
        Ok(())
    }
}

fn describe_unsupported(ops: &[UnsupportedOp]) -> String {
    match ops {
        [one] => format!("unsupported op {one}"),
        _ => format!(
            "{} unsupported ops: {}",
            ops.len(),
            ops.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("; ")
        ),
    }
}

fn describe_names(names: &[String]) -> String {
    names
        .iter()
        .map(|n| format!("'{n}'"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Why an import failed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ImportError {
    #[error("cannot read {path}: {message}")]
    Io { path: PathBuf, message: String },
    #[error("invalid ONNX protobuf: {0}")]
    Decode(String),
    #[error("the model has no graph")]
    NoGraph,
    #[error("unsupported opset {version} of domain '{domain}' (kiln imports ai.onnx opsets {MIN_OPSET} to {MAX_OPSET})")]
    Opset { domain: String, version: i64 },
    /// Every operator of the model that kiln cannot import, each once (with its first node).
    #[error("{}", describe_unsupported(ops))]
    UnsupportedOps { ops: Vec<UnsupportedOp> },
    #[error("node '{node}' ({op_type}, opset {opset}): {message}")]
    Node {
        node: String,
        op_type: String,
        opset: i64,
        message: String,
    },
    /// A node needs a constant (a shape, axes, pads) that the graph computes from graph inputs:
    /// the model can be imported specialized on those inputs' values
    /// ([`ImportOptions::input_values`]).
    #[error(
        "node '{node}' ({op_type}, opset {opset}): {message}, but it comes from graph input(s) \
         {}: give their values to specialize the model on them (`kiln compile --input-value \
         NAME=FILE.npy`; `kiln run` with `--input` files does it itself)",
        describe_names(inputs)
    )]
    InputValueNeeded {
        node: String,
        op_type: String,
        opset: i64,
        message: String,
        /// The graph inputs the constant is computed from.
        inputs: Vec<String>,
    },
    #[error("tensor '{name}': {message}")]
    Tensor { name: String, message: String },
    #[error("graph: {0}")]
    Graph(String),
    #[error(transparent)]
    Verify(#[from] VerifyError),
}

//! The errors `compile` can return. User errors (a model we cannot compile: an unsupported op,
//! a target that lacks a capability, bad options) are kept apart from internal errors (a broken
//! invariant: a verifier failure after a pass, a pattern that produced invalid IR). An error met
//! while a pass works on one op, region or kernel carries that op's source location
//! ([`CompileError::At`]): the passes from decompose to legalize attach it.

use crate::phase::Phase;
use kiln_frontend::Location;

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum CompileError {
    /// The model uses something this compiler does not handle.
    #[error("unsupported {what} (op `{op}`): {reason}")]
    Unsupported {
        op: String,
        what: String,
        reason: String,
    },
    /// The model is malformed (the frontend verifier should have caught it).
    #[error("invalid input at op `{op}`: {reason}")]
    InvalidInput { op: String, reason: String },
    /// The target environment lacks what an op needs.
    #[error("failed to legalize '{op}' for target {target}: {missing}")]
    TargetLacks {
        op: String,
        target: String,
        missing: String,
    },
    /// A kernel exceeds a target limit (shared memory, invocations, binding range).
    #[error("kernel `{kernel}` exceeds a limit of target {target}: {detail}")]
    LimitExceeded {
        kernel: String,
        target: String,
        detail: String,
    },
    /// Bad pass-manager options (an unknown pass name in `--print-ir-after`, ...).
    #[error("bad option: {0}")]
    BadOption(String),
    /// The IR broke an invariant after a pass: a compiler bug.
    #[error("internal error: IR after pass `{pass}` ({phase:?}) fails verification: {message}")]
    VerifierFailed {
        pass: String,
        phase: Phase,
        message: String,
    },
    /// Any other broken internal invariant: a compiler bug.
    #[error("internal error in `{pass}`: {message}")]
    Internal { pass: String, message: String },
    /// An error a pass met while it processed one op, region or kernel of the model, with the
    /// source location of that op (the region's root op for a kernel): a position in the MLIR
    /// text, or the ONNX node.
    #[error("{location}: {error} (pass `{pass}`)")]
    At {
        pass: String,
        location: Location,
        error: Box<CompileError>,
    },
}

impl CompileError {
    /// Whether the user can fix it (model, target or options) rather than it being a kiln bug.
    pub fn is_user_error(&self) -> bool {
        match self {
            CompileError::VerifierFailed { .. } | CompileError::Internal { .. } => false,
            CompileError::At { error, .. } => error.is_user_error(),
            _ => true,
        }
    }
    /// This error located at `location` (met by pass `pass`); unchanged when the location is
    /// unknown or the error has one already.
    pub fn at(self, pass: &str, location: &Location) -> Self {
        if *location == Location::Unknown || matches!(self, CompileError::At { .. }) {
            return self;
        }
        CompileError::At {
            pass: pass.to_string(),
            location: location.clone(),
            error: Box::new(self),
        }
    }
    /// The error without its location.
    pub fn unlocated(&self) -> &CompileError {
        match self {
            CompileError::At { error, .. } => error.unlocated(),
            e => e,
        }
    }
    pub fn internal(pass: &str, message: impl Into<String>) -> Self {
        CompileError::Internal {
            pass: pass.to_string(),
            message: message.into(),
        }
    }
    pub fn unsupported(
        op: impl Into<String>,
        what: impl Into<String>,
        reason: impl Into<String>,
    ) -> Self {
        CompileError::Unsupported {
            op: op.into(),
            what: what.into(),
            reason: reason.into(),
        }
    }
}

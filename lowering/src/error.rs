//! The errors `compile` can return. User errors (a model we cannot compile: an unsupported op,
//! a target that lacks a capability, bad options) are kept apart from internal errors (a broken
//! invariant: a verifier failure after a pass, a pattern that produced invalid IR).

use crate::phase::Phase;

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
}

impl CompileError {
    /// Whether the user can fix it (model, target or options) rather than it being a kiln bug.
    pub fn is_user_error(&self) -> bool {
        !matches!(
            self,
            CompileError::VerifierFailed { .. } | CompileError::Internal { .. }
        )
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

//! The [`Phase`]s a compilation goes through, in order, and what each makes illegal: the
//! tensor-level op legality ([`verify_tensor_phase`]) and the kernel-IR rules
//! ([`Phase::kernel_rules`]). The pass manager verifies the unit against its phase after
//! every pass.

use crate::kernel_ir::KernelRules;
use kiln_frontend::{verify_function, Function, OpKind};

/// Named phases, in order. Each says what is illegal from that phase on; the pass manager
/// verifies the unit against its phase after every pass and refuses to go backwards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Phase {
    /// The frontend's Tensor IR as given.
    Tensor,
    /// After decomposition: only `linalg.generic`, `linalg.softmax`, constants, `tensor.empty`
    /// and the index-remapping ops (`collapse/expand_shape`, `pad`, `concat`) are left; named
    /// structured ops (matmul, conv, pooling, reduce, fill, transpose, broadcast, slice) are
    /// illegal.
    Canonical,
    /// A partition into dispatch regions exists; every op of the body is in exactly one region
    /// (or is a constant / `tensor.empty`). The tensor IR is frozen from here on.
    Partitioned,
    /// Every region input and output has a binding and a buffer; intermediates have a
    /// liveness-based reuse plan.
    Bufferized,
    /// One kernel per region in the kernel IR; parallel loops and `workgroup_reduce` allowed,
    /// vector values illegal.
    Kernels,
    /// Vector values allowed (128-bit loads / stores).
    Vectorized,
    /// No parallel loops, no `workgroup_reduce`; local size and workgroup counts are final.
    Distributed,
    /// One SPIR-V module per kernel; the kernel IR is frozen.
    Spirv,
    /// Entry points, interface variables, VCE minimal and checked; words serialized.
    Serialized,
}

impl Phase {
    pub fn kernel_rules(self) -> KernelRules {
        KernelRules {
            parallel_loops: self < Phase::Distributed,
            vectors: self >= Phase::Vectorized,
        }
    }
}

/// Whether `kind` may still appear at `phase` (named structured ops are gone from `Canonical` on).
pub fn is_legal_at(kind: &OpKind, phase: Phase) -> bool {
    if phase < Phase::Canonical {
        return true;
    }
    matches!(
        kind,
        OpKind::Constant(_)
            | OpKind::Empty
            | OpKind::Generic(_)
            | OpKind::Softmax { .. }
            | OpKind::Pad { .. }
            | OpKind::CollapseShape { .. }
            | OpKind::ExpandShape { .. }
            | OpKind::Concat { .. }
            | OpKind::Gather { .. }
            | OpKind::GatherElements { .. }
    )
}

/// The tensor-level phase invariants: the frontend verifier plus op legality.
pub fn verify_tensor_phase(function: &Function, phase: Phase) -> Result<(), String> {
    verify_function(function).map_err(|e| e.to_string())?;
    for &op in &function.body {
        let kind = &function.ops[op].kind;
        if !is_legal_at(kind, phase) {
            return Err(format!(
                "op {} (#{}) is illegal in phase {phase:?}",
                kind.name(),
                op.index()
            ));
        }
    }
    Ok(())
}

//! Which kernels depend on the subgroup size, and the verifier rule that they record it.
//!
//! A kernel that uses subgroup operations (`subgroup_reduce`, `subgroup_broadcast`, the
//! subgroup builtins) or `Subgroup`-scope cooperative matrices was laid out for one subgroup
//! size: rows that are subgroups, one partial per subgroup, lanes that broadcast their rows,
//! fragment blocks that assume a count of subgroups. Run with subgroups of another size it
//! computes wrong numbers without any error, so the size must travel with the kernel
//! ([`Kernel::required_subgroup_size`]): the runtime pins it (`VK_EXT_subgroup_size_control`)
//! or refuses a device that cannot run it. The rule lives in the verifier, so a new strategy
//! that forgets to record its size fails the first test that lowers it.
//!
//! `workgroup_reduce` does not count: distribution expands it (into subgroup arithmetic, and
//! records the size then, or into a shared-memory tree that works at any size).

use super::syntax::*;
use super::walk::walk;

/// The first use of the subgroup size in `kernel` (a short description), if any.
pub fn subgroup_dependence(kernel: &Kernel) -> Option<String> {
    let subgroup_matrix = |m: &MatrixType| m.scope == MatrixScope::Subgroup;
    if let Some((h, _)) = kernel
        .allocations
        .iter()
        .find(|(_, a)| a.matrix.as_ref().is_some_and(subgroup_matrix))
    {
        return Some(format!(
            "allocation @a{} holds a subgroup-scope cooperative matrix",
            h.index()
        ));
    }
    let mut found = None;
    walk(&kernel.body, &mut |stmt| {
        if found.is_some() {
            return;
        }
        if let Stmt::Let { result, op } = stmt {
            let what = match op {
                Op::SubgroupReduce { .. } => Some("subgroup_reduce"),
                Op::SubgroupBroadcast { .. } => Some("subgroup_broadcast"),
                Op::Builtin {
                    builtin:
                        Builtin::SubgroupId
                        | Builtin::SubgroupLocalInvocationId
                        | Builtin::NumSubgroups
                        | Builtin::SubgroupSize,
                    ..
                } => Some("a subgroup builtin"),
                _ => match kernel.values.get(*result).map(|v| v.ty) {
                    Some(Type::Matrix(m)) if subgroup_matrix(&m) => {
                        Some("a subgroup-scope cooperative matrix")
                    }
                    _ => None,
                },
            };
            found = what.map(|w| format!("%{} is {w}", result.index()));
        }
    });
    found
}

/// Checks that a kernel whose layout depends on the subgroup size records the size.
pub fn check_subgroup_size_recorded(kernel: &Kernel) -> Result<(), String> {
    match (kernel.required_subgroup_size, subgroup_dependence(kernel)) {
        (None, Some(why)) => Err(format!(
            "{why}, but the kernel records no subgroup size (`subgroup_size`): its layout \
             assumes one, which the runtime must pin or refuse"
        )),
        (Some(size), _) if !size.is_power_of_two() => {
            Err(format!("subgroup size {size} is not a power of two"))
        }
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel_ir::{verify_kernel, KernelBuilder, KernelRules};

    const RULES: KernelRules = KernelRules {
        parallel_loops: false,
        vectors: true,
    };

    /// A kernel storing `emit`'s value (an f32) into a Workgroup allocation.
    fn kernel_of(emit: impl FnOnce(&mut KernelBuilder) -> Value, size: Option<u32>) -> Kernel {
        let mut kb = KernelBuilder::new("k");
        let out = kb.allocate("out", StorageClass::Workgroup, ScalarType::F32, 8);
        let value = emit(&mut kb);
        let zero = kb.index(0);
        kb.store(Place::Allocation(out), vec![zero], value);
        let mut kernel = kb.finish();
        kernel.required_subgroup_size = size;
        kernel
    }

    fn reduce(kb: &mut KernelBuilder) -> Value {
        let x = kb.constant(ScalarType::F32, 1.0);
        kb.let_op(
            Type::Scalar(ScalarType::F32),
            Op::SubgroupReduce {
                op: ReduceOp::Add,
                arg: x,
            },
        )
    }

    fn broadcast(kb: &mut KernelBuilder) -> Value {
        let x = kb.constant(ScalarType::F32, 1.0);
        kb.let_op(
            Type::Scalar(ScalarType::F32),
            Op::SubgroupBroadcast { arg: x, lane: 3 },
        )
    }

    fn subgroup_id(kb: &mut KernelBuilder) -> Value {
        let id = kb.builtin(Builtin::SubgroupId, 0);
        kb.cast(id, ScalarType::F32)
    }

    fn plain(kb: &mut KernelBuilder) -> Value {
        let id = kb.builtin(Builtin::LocalInvocationId, 0);
        kb.cast(id, ScalarType::F32)
    }

    #[test]
    fn kernels_using_subgroup_operations_must_record_a_size() {
        for (what, emit) in [
            ("subgroup_reduce", reduce as fn(&mut KernelBuilder) -> Value),
            ("subgroup_broadcast", broadcast),
            ("a subgroup builtin", subgroup_id),
        ] {
            let err = verify_kernel(&kernel_of(emit, None), RULES).unwrap_err();
            assert!(
                err.message.contains(what) && err.message.contains("records no subgroup size"),
                "{err}"
            );
            verify_kernel(&kernel_of(emit, Some(32)), RULES).unwrap();
            let err = verify_kernel(&kernel_of(emit, Some(24)), RULES).unwrap_err();
            assert!(err.message.contains("24 is not a power of two"), "{err}");
        }
        let kernel = kernel_of(plain, None);
        assert_eq!(subgroup_dependence(&kernel), None);
        verify_kernel(&kernel, RULES).unwrap();
    }

    #[test]
    fn subgroup_scope_matrices_depend_on_the_subgroup_size() {
        let matrix = |scope| MatrixType {
            element: ScalarType::F32,
            rows: 16,
            columns: 16,
            usage: MatrixUse::Accumulator,
            scope,
        };
        for (scope, dependent) in [
            (MatrixScope::Subgroup, true),
            (MatrixScope::Workgroup, false),
        ] {
            let mut kb = KernelBuilder::new("k");
            kb.allocate_matrix("acc", matrix(scope));
            let kernel = kb.finish();
            let why = subgroup_dependence(&kernel);
            assert_eq!(why.is_some(), dependent, "{why:?}");
            if dependent {
                assert!(why.unwrap().contains("subgroup-scope cooperative matrix"));
            }
        }
    }
}

//! Barrier and subgroup patterns: workgroup barriers (`OpControlBarrier` with acquire-release
//! workgroup-memory semantics), subgroup reductions (`OpGroupNonUniform*` with NaN propagation for
//! float min / max) and subgroup broadcasts.

use super::converter::{element, is_float, Converter};
use crate::error::CompileError;
use crate::kernel_ir as k;
use kiln_spirv_ir::spirv::{self, MemorySemantics, Op as SpvOp, Scope};
use kiln_spirv_ir::{FunctionBuilder, Operand, TypeId, ValueId};

impl Converter<'_> {
    /// `Stmt::Barrier`: a workgroup execution and memory barrier.
    pub(super) fn barrier(&mut self, fb: &mut FunctionBuilder<'_>) {
        fb.control_barrier(
            Scope::Workgroup,
            Scope::Workgroup,
            MemorySemantics::ACQUIRE_RELEASE | MemorySemantics::WORKGROUP_MEMORY,
        )
    }

    /// `k::Op::SubgroupReduce`: a subgroup-wide reduction.
    pub(super) fn subgroup_reduce(
        &mut self,
        fb: &mut FunctionBuilder<'_>,
        op: k::ReduceOp,
        rt: k::Type,
        t: TypeId,
        arg: k::Value,
    ) -> Result<ValueId, CompileError> {
        let s = element(rt);
        let x = self.value(arg)?;
        let float = is_float(s);
        let opcode = match (op, float) {
            (k::ReduceOp::Add, true) => SpvOp::GroupNonUniformFAdd,
            (k::ReduceOp::Add, false) => SpvOp::GroupNonUniformIAdd,
            (k::ReduceOp::Mul, true) => SpvOp::GroupNonUniformFMul,
            (k::ReduceOp::Mul, false) => SpvOp::GroupNonUniformIMul,
            (k::ReduceOp::Min, true) => SpvOp::GroupNonUniformFMin,
            (k::ReduceOp::Min, false) => SpvOp::GroupNonUniformSMin,
            (k::ReduceOp::Max, true) => SpvOp::GroupNonUniformFMax,
            (k::ReduceOp::Max, false) => SpvOp::GroupNonUniformSMax,
        };
        let reduced = fb.group_non_uniform_reduce(
            opcode,
            t,
            Scope::Subgroup,
            spirv::GroupOperation::Reduce,
            x,
            None,
        );
        let min_max = matches!(op, k::ReduceOp::Min | k::ReduceOp::Max);
        Ok(match self.bool_like(fb, rt) {
            Some(bt) if float && min_max => {
                // GroupNonUniformFMax / FMin may drop a NaN lane; maximumf / minimumf
                // must not: a second reduction finds whether any lane holds a NaN.
                let one = self.float_splat(fb, rt, t, 1.0)?;
                let zero = self.float_splat(fb, rt, t, 0.0)?;
                let nan = self.float_splat(fb, rt, t, f64::NAN)?;
                let is_nan = fb.is_nan(bt, x);
                let flag = fb.select(t, is_nan, one, zero);
                let any = fb.group_non_uniform_reduce(
                    SpvOp::GroupNonUniformFMax,
                    t,
                    Scope::Subgroup,
                    spirv::GroupOperation::Reduce,
                    flag,
                    None,
                );
                let has_nan = fb.ford_gt(bt, any, zero);
                fb.select(t, has_nan, nan, reduced)
            }
            _ => reduced,
        })
    }

    /// `k::Op::SubgroupBroadcast`: `arg` as held by subgroup invocation `lane`.
    pub(super) fn subgroup_broadcast(
        &mut self,
        fb: &mut FunctionBuilder<'_>,
        t: TypeId,
        arg: k::Value,
        lane: u32,
    ) -> Result<ValueId, CompileError> {
        let x = self.value(arg)?;
        let id = fb.constant_u32(lane);
        Ok(fb.op_with(
            SpvOp::GroupNonUniformBroadcast,
            t,
            vec![
                Operand::Scope(Scope::Subgroup),
                Operand::Value(x),
                Operand::Value(id),
            ],
        ))
    }
}

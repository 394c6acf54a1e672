//! The rules of each op: results, terminators, structural ops, calls; instructions go to
//! their type rules.

use super::*;

impl<'m> Verifier<'m> {
    pub(super) fn op_rules(&mut self, cx: &FnCx<'m>, op_id: OpId, b: BlockId, _k: usize) {
        let f = cx.f;
        let op = &f.ops[op_id];
        for &r in &op.results {
            if !f.values.get(r).is_some_and(|v| {
                v.def
                    == (ValueDef::Result {
                        op: op_id,
                        index: v_index(f, r),
                    })
            }) {
                self.error(
                    Some(f),
                    Some(op_id),
                    "result value does not name this op as its definition",
                );
            }
        }
        let result_ty = op
            .results
            .first()
            .and_then(|&r| f.values.get(r))
            .map(|v| v.ty);
        let rt = result_ty.and_then(|t| self.ty(t));
        let region = cx.block_info[&b].region;
        match &op.kind {
            OpKind::Merge { .. }
            | OpKind::Branch { .. }
            | OpKind::BranchConditional { .. }
            | OpKind::Switch { .. }
            | OpKind::Return
            | OpKind::ReturnValue(_) => self.terminator_rules(cx, op_id, b, region),
            OpKind::AddressOf(g) => match self.m.global_variables.get(*g) {
                Some(gv) if Some(gv.ty) == result_ty => {}
                Some(_) => self.error(
                    Some(f),
                    Some(op_id),
                    "AddressOf result type differs from the global's type",
                ),
                None => self.error(Some(f), Some(op_id), "AddressOf of a missing global"),
            },
            OpKind::ReferenceOf(s) => match self.m.spec_constants.get(*s) {
                Some(sc) if Some(sc.ty) == result_ty => {}
                _ => self.error(
                    Some(f),
                    Some(op_id),
                    "ReferenceOf of a missing spec constant or with the wrong type",
                ),
            },
            OpKind::FunctionCall { callee, args } => {
                self.call_rules(f, op_id, *callee, args, result_ty)
            }
            OpKind::Inst { opcode, operands } => self.inst_types(f, op_id, *opcode, operands, rt),
            OpKind::ExtInst {
                instruction,
                operands,
                ..
            } => self.ext_inst_rules(f, op_id, *instruction, operands, rt),
            _ => {}
        }
        for v in crate::verify::op_uses(&op.kind) {
            if !f.values.contains(v) {
                self.error(Some(f), Some(op_id), format!("use of missing value {v:?}"));
            }
        }
        if let OpKind::Inst { opcode, operands } = &op.kind {
            for o in operands {
                if let Operand::Function(g) = o {
                    if !self.m.functions.contains(*g) {
                        self.error(
                            Some(f),
                            Some(op_id),
                            format!("{opcode:?}: names missing function {g:?}"),
                        );
                    }
                }
            }
        }
    }

    /// The merge and the branch, switch and return ops: where they stand, their operand
    /// types and their successors.
    pub(super) fn terminator_rules(
        &mut self,
        cx: &FnCx<'m>,
        op_id: OpId,
        b: BlockId,
        region: RegionId,
    ) {
        let f = cx.f;
        match &f.ops[op_id].kind {
            OpKind::Merge { .. } => {
                let r = &f.regions[region];
                if r.kind == RegionKind::Function || r.blocks.last() != Some(&b) {
                    self.error(
                        Some(f),
                        Some(op_id),
                        "Merge outside the merge block of a selection or loop",
                    );
                }
            }
            OpKind::Branch { target } => self.succ(cx, op_id, b, target),
            OpKind::BranchConditional {
                condition,
                on_true,
                on_false,
                ..
            } => {
                if self.vty(f, *condition) != Some(&Type::Bool) {
                    self.error(Some(f), Some(op_id), "the condition is not a bool");
                }
                self.succ(cx, op_id, b, on_true);
                self.succ(cx, op_id, b, on_false);
            }
            OpKind::Switch {
                selector,
                default,
                cases,
            } => {
                if !matches!(self.vty(f, *selector), Some(Type::Int { .. })) {
                    self.error(
                        Some(f),
                        Some(op_id),
                        "the switch selector is not an integer",
                    );
                }
                let r = &f.regions[region];
                if r.kind != RegionKind::Selection || r.blocks.first() != Some(&b) {
                    self.error(
                        Some(f),
                        Some(op_id),
                        "Switch must end the header of a selection",
                    );
                }
                self.succ(cx, op_id, b, default);
                for (_, s) in cases {
                    self.succ(cx, op_id, b, s);
                }
            }
            OpKind::Return => {
                if self.ty(f.result_type) != Some(&Type::Void) {
                    self.error(
                        Some(f),
                        Some(op_id),
                        "Return in a function that returns a value",
                    );
                }
            }
            OpKind::ReturnValue(v) => {
                if f.values.get(*v).map(|x| x.ty) != Some(f.result_type) {
                    self.error(Some(f), Some(op_id), "ReturnValue of the wrong type");
                }
            }
            _ => {}
        }
    }

    /// A call: arguments of the callee's parameter types, a result of its result type.
    pub(super) fn call_rules(
        &mut self,
        f: &Function,
        op_id: OpId,
        callee: FunctionId,
        args: &[ValueId],
        result_ty: Option<TypeId>,
    ) {
        let op = &f.ops[op_id];
        match self.m.functions.get(callee) {
            Some(c) => {
                let params: Vec<Option<TypeId>> = c
                    .params
                    .iter()
                    .map(|&p| c.values.get(p).map(|v| v.ty))
                    .collect();
                let given: Vec<Option<TypeId>> = args
                    .iter()
                    .map(|&a| f.values.get(a).map(|v| v.ty))
                    .collect();
                if params != given {
                    self.error(
                        Some(f),
                        Some(op_id),
                        format!(
                            "call of `{}` with arguments of the wrong number or types",
                            c.name
                        ),
                    );
                }
                let void = self.ty(c.result_type) == Some(&Type::Void);
                if (void && !op.results.is_empty()) || (!void && result_ty != Some(c.result_type)) {
                    self.error(
                        Some(f),
                        Some(op_id),
                        format!("call of `{}` with the wrong result", c.name),
                    );
                }
            }
            None => self.error(Some(f), Some(op_id), "call of a missing function"),
        }
    }

    /// No extended instruction computes on bf16 scalars or vectors (SPV_KHR_bfloat16).
    pub(super) fn ext_inst_rules(
        &mut self,
        f: &Function,
        op_id: OpId,
        instruction: u32,
        operands: &[Operand],
        rt: Option<&'m Type>,
    ) {
        let is_bf16 = |t: Option<&Type>| match t {
            Some(Type::Vector { component, .. }) => self.ty(*component) == Some(&Type::BF16),
            t => t == Some(&Type::BF16),
        };
        let values = operands.iter().filter_map(|o| match o {
            Operand::Value(v) => Some(*v),
            _ => None,
        });
        if is_bf16(rt) || values.clone().any(|v| is_bf16(self.vty(f, v))) {
            self.error(
                Some(f),
                Some(op_id),
                format!(
                    "extended instruction {instruction}: arithmetic on bf16 scalars or \
                     vectors is invalid (SPV_KHR_bfloat16)"
                ),
            );
        }
    }
}

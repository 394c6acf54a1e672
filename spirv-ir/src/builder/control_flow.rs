//! Calls, terminators, and structured selections and loops.

use super::*;

impl<'m> FunctionBuilder<'m> {
    // ---- function calls and terminators ----
    /// `OpFunctionCall`; returns the result unless the callee returns void.
    pub fn call(&mut self, callee: FunctionId, args: &[ValueId]) -> Option<ValueId> {
        let result = self.module.functions[callee].result_type;
        let is_void = self.module.types[result] == Type::Void;
        let tys: &[TypeId] = if is_void {
            &[]
        } else {
            std::slice::from_ref(&result)
        };
        let tys = tys.to_vec();
        let op = self.push_op(
            OpKind::FunctionCall {
                callee,
                args: args.to_vec(),
            },
            &tys,
        );
        self.function().ops[op].results.first().copied()
    }
    pub fn ret(&mut self) {
        self.push_op(OpKind::Return, &[]);
    }
    pub fn ret_value(&mut self, value: ValueId) {
        self.push_op(OpKind::ReturnValue(value), &[]);
    }
    pub fn unreachable(&mut self) {
        self.push_op(OpKind::Unreachable, &[]);
    }
    pub fn branch(&mut self, target: BlockId, args: &[ValueId]) {
        self.push_op(
            OpKind::Branch {
                target: Successor {
                    block: target,
                    args: args.to_vec(),
                },
            },
            &[],
        );
    }
    pub fn branch_conditional(
        &mut self,
        condition: ValueId,
        on_true: BlockId,
        true_args: &[ValueId],
        on_false: BlockId,
        false_args: &[ValueId],
    ) {
        self.push_op(
            OpKind::BranchConditional {
                condition,
                on_true: Successor {
                    block: on_true,
                    args: true_args.to_vec(),
                },
                on_false: Successor {
                    block: on_false,
                    args: false_args.to_vec(),
                },
                weights: None,
            },
            &[],
        );
    }
    /// `OpSwitch` (only valid as the terminator of a selection header).
    pub fn switch(&mut self, selector: ValueId, default: BlockId, cases: &[(u64, BlockId)]) {
        self.push_op(
            OpKind::Switch {
                selector,
                default: Successor {
                    block: default,
                    args: Vec::new(),
                },
                cases: cases
                    .iter()
                    .map(|&(v, b)| {
                        (
                            v,
                            Successor {
                                block: b,
                                args: Vec::new(),
                            },
                        )
                    })
                    .collect(),
            },
            &[],
        );
    }
    pub(super) fn merge(&mut self, values: &[ValueId]) {
        self.push_op(
            OpKind::Merge {
                values: values.to_vec(),
            },
            &[],
        );
    }

    // ---- structured control flow ----
    /// Appends a selection op with results of `result_types` and creates its header and merge
    /// blocks (the merge block's arguments are merged into the results). The insertion point
    /// moves to the header; add the other blocks with [`Self::append_block`], end the header
    /// with `branch_conditional` / `switch`, branch to `merge` from the arms, then call
    /// [`Self::end_structured`].
    pub fn begin_selection(
        &mut self,
        control: spirv::SelectionControl,
        result_types: &[TypeId],
    ) -> SelectionBlocks {
        let parent = self.cursor;
        let header = self.new_block(&[]);
        let merge = self.new_block(result_types);
        let region = self.f().regions.append(Region {
            kind: RegionKind::Selection,
            blocks: vec![header, merge],
        });
        let op = self.push_op(
            OpKind::Selection {
                control,
                body: region,
            },
            result_types,
        );
        self.cursor = merge;
        let merge_args = self.block_args(merge);
        self.merge(&merge_args);
        self.cursor = header;
        SelectionBlocks {
            op,
            region,
            header,
            merge,
            parent,
        }
    }
    /// Appends a loop op with loop-carried values `init` (the header's arguments) and results of
    /// `result_types` (the merge block's arguments). Creates the entry block (branching to the
    /// header with `init`), the header, the continue block (arguments like the header's,
    /// branching back to it) and the merge block. The insertion point moves to the header.
    pub fn begin_loop(
        &mut self,
        control: spirv::LoopControl,
        init: &[ValueId],
        result_types: &[TypeId],
    ) -> LoopBlocks {
        self.begin_loop_inner(control, init, result_types, true)
    }

    pub(super) fn begin_loop_inner(
        &mut self,
        control: spirv::LoopControl,
        init: &[ValueId],
        result_types: &[TypeId],
        back_edge: bool,
    ) -> LoopBlocks {
        let parent = self.cursor;
        let carried: Vec<TypeId> = init.iter().map(|&v| self.type_of(v)).collect();
        let entry = self.new_block(&[]);
        let header = self.new_block(&carried);
        let continue_block = self.new_block(&carried);
        let merge = self.new_block(result_types);
        let region = self.f().regions.append(Region {
            kind: RegionKind::Loop,
            blocks: vec![entry, header, continue_block, merge],
        });
        let op = self.push_op(
            OpKind::Loop {
                control,
                body: region,
            },
            result_types,
        );
        self.cursor = entry;
        self.branch(header, init);
        if back_edge {
            self.cursor = continue_block;
            let next = self.block_args(continue_block);
            self.branch(header, &next);
        }
        self.cursor = merge;
        let merge_args = self.block_args(merge);
        self.merge(&merge_args);
        self.cursor = header;
        LoopBlocks {
            op,
            region,
            entry,
            header,
            continue_block,
            merge,
            parent,
        }
    }
    /// Moves the insertion point back after a structured op (to the end of its parent block).
    pub fn end_structured(&mut self, parent: BlockId) {
        self.cursor = parent;
    }

    /// `if cond { then }`: a selection without results. `then` may end its block itself (e.g.
    /// with a branch to an enclosing loop's merge block, a `break`).
    pub fn if_then(&mut self, condition: ValueId, then: impl FnOnce(&mut Self)) {
        let sel = self.begin_selection(spirv::SelectionControl::NONE, &[]);
        let then_block = self.append_block(sel.region, &[]);
        self.cursor = sel.header;
        self.branch_conditional(condition, then_block, &[], sel.merge, &[]);
        self.cursor = then_block;
        then(self);
        if !self.is_terminated() {
            self.branch(sel.merge, &[]);
        }
        self.end_structured(sel.parent);
    }
    /// `if cond { then } else { otherwise }` yielding values of `result_types` (each closure
    /// returns the values of its arm).
    pub fn if_then_else(
        &mut self,
        condition: ValueId,
        result_types: &[TypeId],
        then: impl FnOnce(&mut Self) -> Vec<ValueId>,
        otherwise: impl FnOnce(&mut Self) -> Vec<ValueId>,
    ) -> Vec<ValueId> {
        self.if_then_else_with(
            condition,
            result_types,
            &mut (),
            |fb, _| then(fb),
            |fb, _| otherwise(fb),
        )
    }
    /// [`Self::if_then_else`] whose arms both use `state` (given to `then`, then to `otherwise`).
    pub fn if_then_else_with<S: ?Sized>(
        &mut self,
        condition: ValueId,
        result_types: &[TypeId],
        state: &mut S,
        then: impl FnOnce(&mut Self, &mut S) -> Vec<ValueId>,
        otherwise: impl FnOnce(&mut Self, &mut S) -> Vec<ValueId>,
    ) -> Vec<ValueId> {
        let sel = self.begin_selection(spirv::SelectionControl::NONE, result_types);
        let then_block = self.append_block(sel.region, &[]);
        let else_block = self.append_block(sel.region, &[]);
        self.cursor = sel.header;
        self.branch_conditional(condition, then_block, &[], else_block, &[]);
        self.cursor = then_block;
        let values = then(self, state);
        if !self.is_terminated() {
            self.branch(sel.merge, &values);
        }
        self.cursor = else_block;
        let values = otherwise(self, state);
        if !self.is_terminated() {
            self.branch(sel.merge, &values);
        }
        self.end_structured(sel.parent);
        self.results(sel.op)
    }
    /// `while cond(args) { args = body(args) }` with loop-carried values starting at `init`;
    /// returns their values at exit. `cond` runs in the loop header, `body` in the loop body
    /// (it may create nested structured ops).
    pub fn while_loop(
        &mut self,
        init: &[ValueId],
        cond: impl FnOnce(&mut Self, &[ValueId]) -> ValueId,
        body: impl FnOnce(&mut Self, &[ValueId]) -> Vec<ValueId>,
    ) -> Vec<ValueId> {
        let carried: Vec<TypeId> = init.iter().map(|&v| self.type_of(v)).collect();
        let lp = self.begin_loop(spirv::LoopControl::NONE, init, &carried);
        let args = self.block_args(lp.header);
        let c = cond(self, &args);
        let body_block = self.append_block(lp.region, &[]);
        self.branch_conditional(c, body_block, &[], lp.merge, &args);
        self.cursor = body_block;
        let next = body(self, &args);
        if !self.is_terminated() {
            self.branch(lp.continue_block, &next);
        }
        self.end_structured(lp.parent);
        self.results(lp.op)
    }
    /// `for i in (start..end).step_by(step)` with loop-carried `iter_args`; `body` gets `i` and
    /// the current `iter_args` and returns the next ones; returns the final `iter_args`. The
    /// comparison is signed when the induction type is signed.
    pub fn for_range(
        &mut self,
        start: ValueId,
        end: ValueId,
        step: ValueId,
        iter_args: &[ValueId],
        body: impl FnOnce(&mut Self, ValueId, &[ValueId]) -> Vec<ValueId>,
    ) -> Vec<ValueId> {
        let ity = self.type_of(start);
        let signed = matches!(self.module.types[ity], Type::Int { signed: true, .. });
        let bool_ty = self.ty_bool();
        let mut init = vec![start];
        init.extend_from_slice(iter_args);
        let carried: Vec<TypeId> = iter_args.iter().map(|&v| self.type_of(v)).collect();
        let lp = self.begin_loop_inner(spirv::LoopControl::NONE, &init, &carried, false);
        // The continue block: i + step, then back to the header.
        let cont_args = self.block_args(lp.continue_block);
        self.cursor = lp.continue_block;
        let incremented = self.iadd(ity, cont_args[0], step);
        let mut back = vec![incremented];
        back.extend_from_slice(&cont_args[1..]);
        self.branch(lp.header, &back);
        self.cursor = lp.header;
        let args = self.block_args(lp.header);
        let c = if signed {
            self.slt(bool_ty, args[0], end)
        } else {
            self.ult(bool_ty, args[0], end)
        };
        let body_block = self.append_block(lp.region, &[]);
        self.branch_conditional(c, body_block, &[], lp.merge, &args[1..]);
        self.cursor = body_block;
        let next = body(self, args[0], &args[1..]);
        if !self.is_terminated() {
            let mut pass = vec![args[0]];
            pass.extend(next);
            self.branch(lp.continue_block, &pass);
        }
        self.end_structured(lp.parent);
        self.results(lp.op)
    }
}

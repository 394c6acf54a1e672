//! The ops of a block: instructions, extended instructions, calls, structured ops (their
//! merge instructions and blocks), branches and returns.

use super::*;

impl<'a> FunctionEmitter<'a> {
    pub(super) fn emit_op(
        &mut self,
        s: &mut Serializer,
        op: &Operation,
    ) -> Result<(), SerializeError> {
        let hoisted = matches!(&op.kind, OpKind::Inst { opcode: Op::Variable, operands }
            if matches!(operands.first(), Some(Operand::Literal(sc)) if *sc == spirv::StorageClass::Function as u32));
        let positioned = match &op.kind {
            OpKind::Inst { opcode, .. } => *opcode != Op::Undef && !hoisted,
            OpKind::ExtInst { .. } | OpKind::FunctionCall { .. } => true,
            _ => false,
        };
        if positioned {
            self.position(s, &op.location);
        }
        if hoisted && self.variables_location != op.location {
            // Function variables are hoisted into the entry block, each with its position.
            match &op.location {
                Some(l) => {
                    let file = s.string_id(&l.file);
                    inst(&mut self.variables, Op::Line, &[file, l.line, l.column]);
                }
                None => inst(&mut self.variables, Op::NoLine, &[]),
            }
            self.variables_location = op.location.clone();
        }
        match &op.kind {
            OpKind::Constant(_)
            | OpKind::AddressOf(_)
            | OpKind::ReferenceOf(_)
            | OpKind::NonSemanticRef(_) => {
                if let Some(&r) = op.results.first() {
                    self.value_id(s, r)?;
                }
            }
            OpKind::Inst {
                opcode: Op::Undef, ..
            } => {
                if let Some(&r) = op.results.first() {
                    self.value_id(s, r)?;
                }
            }
            OpKind::Inst { opcode, operands } => {
                let grammar = rspirv::grammar::INSTRUCTION_TABLE
                    .lookup_opcode(*opcode as u32)
                    .ok_or(SerializeError::UnknownOpcode(*opcode))?;
                let has_type = grammar.operands.first().map(|o| o.kind)
                    == Some(rspirv::grammar::OperandKind::IdResultType);
                let has_result = grammar
                    .operands
                    .iter()
                    .any(|o| o.kind == rspirv::grammar::OperandKind::IdResult);
                let mut w = Vec::new();
                if has_type {
                    let (t, id) = self.result(s, op)?;
                    w.push(t);
                    w.push(id);
                } else if has_result {
                    let (_, id) = self.result(s, op)?;
                    w.push(id);
                }
                w.extend(self.operand_words(s, operands)?);
                let hoist = *opcode == Op::Variable
                    && matches!(operands.first(), Some(Operand::Literal(sc)) if *sc == spirv::StorageClass::Function as u32);
                if hoist {
                    inst(&mut self.variables, *opcode, &w);
                } else {
                    inst(self.cur(), *opcode, &w);
                }
            }
            OpKind::ExtInst {
                set,
                instruction,
                operands,
            } => {
                let (t, id) = self.result(s, op)?;
                let set_id = s.ext_set(set);
                let mut w = vec![t, id, set_id, *instruction];
                for x in operands {
                    w.push(match x {
                        Operand::Value(v) => self.value_id(s, *v)?,
                        Operand::Literal(l) => *l,
                        other => {
                            return Err(self.err(format!(
                                "{} instruction {instruction}: operand {other:?} is neither a \
                                 value nor a literal",
                                set.name()
                            )))
                        }
                    });
                }
                inst(self.cur(), Op::ExtInst, &w);
            }
            OpKind::FunctionCall { callee, args } => {
                let fid = *s
                    .function_ids
                    .get(callee.index())
                    .ok_or_else(|| self.err(format!("call of missing function {callee:?}")))?;
                let (t, id) = match op.results.first() {
                    Some(_) => self.result(s, op)?,
                    None => {
                        let void = s.types.intern(Type::Void);
                        (s.type_id(void)?, s.fresh())
                    }
                };
                let mut w = vec![t, id, fid];
                for &a in args {
                    w.push(self.value_id(s, a)?);
                }
                inst(self.cur(), Op::FunctionCall, &w);
            }
            OpKind::Selection { control, body } => self.emit_selection(s, control, body)?,
            OpKind::Loop { control, body } => self.emit_loop(s, control, body)?,
            OpKind::Merge { .. } => {}
            OpKind::Branch { .. }
            | OpKind::BranchConditional { .. }
            | OpKind::Switch { .. }
            | OpKind::Return
            | OpKind::ReturnValue(_)
            | OpKind::Unreachable => self.emit_branch(s, op)?,
        }
        Ok(())
    }

    /// A selection: a branch to its header, then its blocks, the header with its
    /// `OpSelectionMerge`.
    pub(super) fn emit_selection(
        &mut self,
        s: &mut Serializer,
        control: &spirv::SelectionControl,
        body: &RegionId,
    ) -> Result<(), SerializeError> {
        let r = self
            .f
            .regions
            .get(*body)
            .ok_or_else(|| self.err("missing selection region"))?;
        if r.blocks.len() < 2 {
            return Err(self.err("selection region needs a header and a merge block"));
        }
        let header = r.blocks[0];
        let merge = *r.blocks.last().unwrap();
        let header_label = self.label(s, header)?;
        inst(self.cur(), Op::Branch, &[header_label]);
        let merge_label = self.label(s, merge)?;
        self.start_block(s, header)?;
        self.emit_block_ops(
            s,
            header,
            Some((Op::SelectionMerge, vec![merge_label, control.bits()])),
        )?;
        for &b in &r.blocks[1..] {
            self.start_block(s, b)?;
            self.emit_block_ops(s, b, None)?;
        }
        Ok(())
    }

    /// A loop: its entry block inline, then its header with its `OpLoopMerge` (split off when
    /// the header holds structured ops) and its other blocks.
    pub(super) fn emit_loop(
        &mut self,
        s: &mut Serializer,
        control: &spirv::LoopControl,
        body: &RegionId,
    ) -> Result<(), SerializeError> {
        let r = self
            .f
            .regions
            .get(*body)
            .ok_or_else(|| self.err("missing loop region"))?;
        if r.blocks.len() < 4 {
            return Err(self.err("loop region needs entry, header, continue and merge blocks"));
        }
        let entry = r.blocks[0];
        let header = r.blocks[1];
        let cont = r.blocks[r.blocks.len() - 2];
        let merge = r.blocks[r.blocks.len() - 1];
        // The entry block only branches to the header: emit it inline.
        if self.f.blocks.get(entry).is_some_and(|b| b.name.is_some()) {
            return Err(self.err(
                "the entry block of a loop region is emitted inside the block before \
                 it and cannot keep a name",
            ));
        }
        self.emit_block_ops(s, entry, None)?;
        let merge_label = self.label(s, merge)?;
        let cont_label = self.label(s, cont)?;
        let merge_inst = (Op::LoopMerge, vec![merge_label, cont_label, control.bits()]);
        self.start_block(s, header)?;
        let f = self.f;
        let nested = f.blocks[header].ops.iter().any(|&o| {
            matches!(
                f.ops[o].kind,
                OpKind::Selection { .. } | OpKind::Loop { .. }
            )
        });
        if nested {
            // The loop header must hold OpLoopMerge in the block the back edge targets:
            // split off the header's ops into their own block.
            let (m, w) = merge_inst;
            inst(self.cur(), m, &w);
            let next = s.fresh();
            inst(self.cur(), Op::Branch, &[next]);
            self.blocks.push(SpvBlock {
                label: next,
                ir_block: None,
                body: Vec::new(),
                location: None,
            });
            self.emit_block_ops(s, header, None)?;
        } else {
            self.emit_block_ops(s, header, Some(merge_inst))?;
        }
        for &b in &r.blocks[2..] {
            self.start_block(s, b)?;
            self.emit_block_ops(s, b, None)?;
        }
        Ok(())
    }

    /// The branches, switch and returns.
    pub(super) fn emit_branch(
        &mut self,
        s: &mut Serializer,
        op: &Operation,
    ) -> Result<(), SerializeError> {
        match &op.kind {
            OpKind::Branch { target } => {
                let l = self.record_edge(s, target)?;
                inst(self.cur(), Op::Branch, &[l]);
            }
            OpKind::BranchConditional {
                condition,
                on_true,
                on_false,
                weights,
            } => {
                if on_true.block == on_false.block && on_true.args != on_false.args {
                    return Err(self.err("both arms of a conditional branch target one block with different arguments"));
                }
                let c = self.value_id(s, *condition)?;
                let t = self.record_edge(s, on_true)?;
                let fl = if on_true.block == on_false.block {
                    self.label(s, on_false.block)?
                } else {
                    self.record_edge(s, on_false)?
                };
                let mut w = vec![c, t, fl];
                if let Some((a, b)) = weights {
                    w.push(*a);
                    w.push(*b);
                }
                inst(self.cur(), Op::BranchConditional, &w);
            }
            OpKind::Switch {
                selector,
                default,
                cases,
            } => {
                let sel = self.value_id(s, *selector)?;
                let wide = matches!(
                    s.types.get(self.f.values[*selector].ty),
                    Some(Type::Int { width: 64, .. })
                );
                let mut seen = std::collections::HashSet::new();
                let d = self.record_edge(s, default)?;
                seen.insert(default.block);
                let mut w = vec![sel, d];
                for (value, succ) in cases {
                    let l = if seen.insert(succ.block) {
                        self.record_edge(s, succ)?
                    } else {
                        self.label(s, succ.block)?
                    };
                    w.push(*value as u32);
                    if wide {
                        w.push((*value >> 32) as u32);
                    }
                    w.push(l);
                }
                inst(self.cur(), Op::Switch, &w);
            }
            OpKind::Return => inst(self.cur(), Op::Return, &[]),
            OpKind::ReturnValue(v) => {
                let id = self.value_id(s, *v)?;
                inst(self.cur(), Op::ReturnValue, &[id]);
            }
            OpKind::Unreachable => inst(self.cur(), Op::Unreachable, &[]),
            _ => unreachable!("emit_branch only gets branches and returns"),
        }
        Ok(())
    }
}

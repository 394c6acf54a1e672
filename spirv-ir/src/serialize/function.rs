//! A function: its parameters, blocks, phis and hoisted variables; block labels, value ids
//! and edges.

use super::*;

impl<'a> Serializer<'a> {
    pub(super) fn function(&mut self, fid: FunctionId) -> Result<(), SerializeError> {
        let f = &self.m.functions[fid];
        let id = self.function_ids[fid.index()];
        let param_types: Vec<TypeId> = f.params.iter().map(|&p| f.values[p].ty).collect();
        let fn_ty = self.types.intern(Type::Function {
            result: f.result_type,
            params: param_types,
        });
        let fn_ty_id = self.type_id(fn_ty)?;
        let rt = self.type_id(f.result_type)?;
        let mut fe = FunctionEmitter {
            f,
            name: &f.name,
            value_ids: vec![0; f.values.len()],
            label_ids: vec![0; f.blocks.len()],
            blocks: Vec::new(),
            incoming: HashMap::default(),
            variables: Vec::new(),
            variables_location: None,
        };
        let mut header = Vec::new();
        if let Some(l) = &f.location {
            let file = self.string_id(&l.file);
            inst(&mut header, Op::Line, &[file, l.line, l.column]);
        }
        inst(
            &mut header,
            Op::Function,
            &[rt, id, f.control.bits(), fn_ty_id],
        );
        self.name(id, &Some(f.name.clone()));
        for d in &f.decorations {
            self.decorate(id, None, d)?;
        }
        for (index, &p) in f.params.iter().enumerate() {
            let pid = fe.value_id(self, p)?;
            let pt = self.type_id(f.values[p].ty)?;
            inst(&mut header, Op::FunctionParameter, &[pt, pid]);
            for (_, d) in f
                .param_decorations
                .iter()
                .filter(|(i, _)| *i as usize == index)
            {
                self.decorate(pid, None, d)?;
            }
        }
        if !f.prologue.is_empty() {
            // Emitted into a block of their own, whose words go after the parameters.
            fe.blocks.push(SpvBlock {
                label: 0,
                ir_block: None,
                body: Vec::new(),
                location: None,
            });
            for &op in &f.prologue {
                let o = f
                    .ops
                    .get(op)
                    .ok_or_else(|| fe.err(format!("prologue op {op:?} does not exist")))?;
                fe.emit_op(self, o)?;
            }
            if let Some(b) = fe.blocks.pop() {
                header.extend(b.body);
            }
        }
        let body = f
            .regions
            .get(f.body)
            .ok_or_else(|| fe.err("missing body region"))?;
        if body.blocks.is_empty() {
            return Err(fe.err("empty body"));
        }
        for &b in &body.blocks {
            fe.start_block(self, b)?;
            fe.emit_block_ops(self, b, None)?;
        }
        // Names of values.
        for (v, val) in f.values.iter() {
            if val.name.is_some() && fe.value_ids[v.index()] != 0 {
                let id = fe.value_ids[v.index()];
                self.name(id, &val.name);
            }
        }
        let mut out = header;
        let mut vars = std::mem::take(&mut fe.variables);
        if fe.variables_location.is_some() {
            // The variables' last position must not reach the entry block's instructions.
            inst(&mut vars, Op::NoLine, &[]);
        }
        let blocks = std::mem::take(&mut fe.blocks);
        for (i, block) in blocks.iter().enumerate() {
            inst(&mut out, Op::Label, &[block.label]);
            if i == 0 {
                out.extend(&vars);
            }
            if let Some(b) = block.ir_block {
                if let Some(l) = &f.blocks[b].location {
                    let file = self.string_id(&l.file);
                    inst(&mut out, Op::Line, &[file, l.line, l.column]);
                }
                let args = f.blocks[b].args.clone();
                for (ai, &arg) in args.iter().enumerate() {
                    let aid = fe.value_id(self, arg)?;
                    let at = self.type_id(f.values[arg].ty)?;
                    let mut w = vec![at, aid];
                    if let Some(inc) = fe.incoming.get(&b) {
                        for (vals, pred) in inc {
                            w.push(vals[ai]);
                            w.push(*pred);
                        }
                    }
                    inst(&mut out, Op::Phi, &w);
                }
            }
            out.extend(&block.body);
        }
        inst(&mut out, Op::FunctionEnd, &[]);
        self.sec.functions.extend(out);
        Ok(())
    }
}

impl<'a> FunctionEmitter<'a> {
    pub(super) fn err(&self, message: impl Into<String>) -> SerializeError {
        SerializeError::Structure {
            function: self.name.to_string(),
            message: message.into(),
        }
    }

    pub(super) fn label(&mut self, s: &mut Serializer, b: BlockId) -> Result<u32, SerializeError> {
        let slot = self
            .label_ids
            .get_mut(b.index())
            .ok_or_else(|| SerializeError::Structure {
                function: self.name.to_string(),
                message: format!("block {b:?} does not exist"),
            })?;
        if *slot == 0 {
            *slot = s.fresh();
        }
        Ok(*slot)
    }

    pub(super) fn value_id(
        &mut self,
        s: &mut Serializer,
        v: ValueId,
    ) -> Result<u32, SerializeError> {
        let f = self.f;
        let val = f
            .values
            .get(v)
            .ok_or_else(|| self.err(format!("value {v:?} does not exist")))?;
        if self.value_ids[v.index()] != 0 {
            return Ok(self.value_ids[v.index()]);
        }
        let id = match val.def {
            ValueDef::Result { op, index } => {
                let o = f
                    .ops
                    .get(op)
                    .ok_or_else(|| self.err(format!("op {op:?} does not exist")))?;
                match &o.kind {
                    OpKind::Constant(c) => s.constant_id(val.ty, c)?,
                    OpKind::Inst {
                        opcode: Op::Undef, ..
                    } => s.undef_id(val.ty)?,
                    OpKind::AddressOf(g) => *s
                        .global_ids
                        .get(g.index())
                        .ok_or_else(|| self.err(format!("global {g:?} does not exist")))?,
                    OpKind::ReferenceOf(sc) => *s
                        .spec_ids
                        .get(sc.index())
                        .ok_or_else(|| self.err(format!("spec constant {sc:?} does not exist")))?,
                    OpKind::NonSemanticRef(x) => s.non_semantic_operand(x)?,
                    OpKind::Selection { body, .. } | OpKind::Loop { body, .. } => {
                        let merge_value = self.merge_value(*body, index as usize)?;
                        self.value_id(s, merge_value)?
                    }
                    _ => s.fresh(),
                }
            }
            _ => s.fresh(),
        };
        self.value_ids[v.index()] = id;
        Ok(id)
    }

    pub(super) fn merge_value(
        &self,
        region: RegionId,
        index: usize,
    ) -> Result<ValueId, SerializeError> {
        let f = self.f;
        let r = f
            .regions
            .get(region)
            .ok_or_else(|| self.err("missing region"))?;
        let merge = *r
            .blocks
            .last()
            .ok_or_else(|| self.err("structured region without blocks"))?;
        let last = f
            .blocks
            .get(merge)
            .and_then(|b| b.ops.last())
            .ok_or_else(|| self.err("empty merge block"))?;
        match &f.ops[*last].kind {
            OpKind::Merge { values } => values
                .get(index)
                .copied()
                .ok_or_else(|| self.err("merge yields fewer values than the op has results")),
            _ => Err(self.err("merge block does not end in a Merge")),
        }
    }

    pub(super) fn cur(&mut self) -> &mut Vec<u32> {
        &mut self.blocks.last_mut().expect("a block is open").body
    }

    /// Writes the `OpLine` (or `OpNoLine`) that gives the next instruction `location`, unless
    /// the block's last one already does.
    pub(super) fn position(&mut self, s: &mut Serializer, location: &Option<Location>) {
        let block = self.blocks.last_mut().expect("a block is open");
        if block.location == *location {
            return;
        }
        match location {
            Some(l) => {
                let file = s.string_id(&l.file);
                inst(&mut block.body, Op::Line, &[file, l.line, l.column]);
            }
            None => inst(&mut block.body, Op::NoLine, &[]),
        }
        block.location = location.clone();
    }

    pub(super) fn start_block(
        &mut self,
        s: &mut Serializer,
        b: BlockId,
    ) -> Result<(), SerializeError> {
        let label = self.label(s, b)?;
        let mut location = None;
        if let Some(block) = self.f.blocks.get(b) {
            s.name(label, &block.name);
            if block.location.is_some() && block.args.is_empty() {
                return Err(
                    self.err("a block position (an OpLine before its phis) needs block arguments")
                );
            }
            location = block.location.clone();
        }
        self.blocks.push(SpvBlock {
            label,
            ir_block: Some(b),
            body: Vec::new(),
            location,
        });
        Ok(())
    }

    pub(super) fn record_edge(
        &mut self,
        s: &mut Serializer,
        succ: &Successor,
    ) -> Result<u32, SerializeError> {
        let label = self.label(s, succ.block)?;
        let expected = self
            .f
            .blocks
            .get(succ.block)
            .map(|b| b.args.len())
            .unwrap_or(0);
        if expected != succ.args.len() {
            return Err(self.err(format!(
                "branch to {:?} passes {} values for {} block arguments",
                succ.block,
                succ.args.len(),
                expected
            )));
        }
        let mut ids = Vec::new();
        for &a in &succ.args {
            ids.push(self.value_id(s, a)?);
        }
        let pred = self.blocks.last().expect("a block is open").label;
        if !ids.is_empty() {
            self.incoming
                .entry(succ.block)
                .or_default()
                .push((ids, pred));
        }
        Ok(label)
    }

    pub(super) fn operand_words(
        &mut self,
        s: &mut Serializer,
        operands: &[Operand],
    ) -> Result<Vec<u32>, SerializeError> {
        let mut w = Vec::new();
        for o in operands {
            w.push(match o {
                Operand::Value(v) => self.value_id(s, *v)?,
                Operand::Literal(l) => *l,
                Operand::Scope(sc) => s.constant_u32(*sc as u32)?,
                Operand::MemorySemantics(ms) => s.constant_u32(ms.bits())?,
                Operand::Type(t) => s.type_id(*t)?,
                Operand::Function(g) => *s
                    .function_ids
                    .get(g.index())
                    .ok_or_else(|| self.err(format!("reference to missing function {g:?}")))?,
            });
        }
        Ok(w)
    }

    /// Emits the ops of `b` into the current SPIR-V block; `merge_inst` (a selection or loop
    /// merge instruction) goes right before the terminator.
    pub(super) fn emit_block_ops(
        &mut self,
        s: &mut Serializer,
        b: BlockId,
        merge_inst: Option<(Op, Vec<u32>)>,
    ) -> Result<(), SerializeError> {
        let f = self.f;
        let block = f
            .blocks
            .get(b)
            .ok_or_else(|| self.err(format!("block {b:?} does not exist")))?;
        let mut merge_inst = merge_inst;
        for &op_id in &block.ops {
            let op = f
                .ops
                .get(op_id)
                .ok_or_else(|| self.err(format!("op {op_id:?} does not exist")))?;
            if crate::is_terminator(&op.kind) {
                if let Some((opcode, w)) = merge_inst.take() {
                    inst(self.cur(), opcode, &w);
                }
            }
            self.emit_op(s, op)?;
        }
        if merge_inst.is_some() {
            return Err(self.err(format!("structured header block {b:?} has no terminator")));
        }
        Ok(())
    }

    pub(super) fn result(
        &mut self,
        s: &mut Serializer,
        op: &Operation,
    ) -> Result<(u32, u32), SerializeError> {
        let r = *op
            .results
            .first()
            .ok_or_else(|| self.err("op without its result value"))?;
        let ty = self.f.values[r].ty;
        let tid = s.type_id(ty)?;
        let id = self.value_id(s, r)?;
        for d in &op.decorations {
            s.decorate(id, None, d)?;
        }
        Ok((tid, id))
    }
}

//! The instructions of a block: operands by the grammar, extended instructions, calls.

use super::*;

impl FunctionLifter<'_> {
    pub(super) fn emit_inst(
        &mut self,
        into: BlockId,
        inst: &RawInst,
    ) -> Result<(), DeserializeError> {
        let o = inst.offset;
        let d = self.d;
        match inst.opcode {
            Op::Line => {
                let [file, line, column] = inst.ops[..] else {
                    return err(o, "OpLine needs a file, a line and a column");
                };
                let file = d.strings.get(&file).cloned().ok_or(DeserializeError {
                    offset: o,
                    message: format!("OpLine file %{file} is not an OpString"),
                })?;
                self.location = Some(Location { file, line, column });
                return Ok(());
            }
            Op::NoLine => {
                self.location = None;
                return Ok(());
            }
            Op::Undef if inst.ops.len() == 2 && !d.decorations.contains_key(&inst.ops[1]) => {
                let t = d.ty(inst.ops[0], o)?;
                let id = inst.ops[1];
                if self.values.contains_key(&id) || self.local_undefs.insert(id, t).is_some() {
                    return err(o, format!("%{id} defined twice"));
                }
                return Ok(());
            }
            _ => {}
        }
        let grammar = rspirv::grammar::INSTRUCTION_TABLE
            .lookup_opcode(inst.opcode as u32)
            .ok_or(DeserializeError {
                offset: o,
                message: format!("unknown opcode {:?}", inst.opcode),
            })?;
        let ops = &inst.ops;
        let has_type = grammar.operands.first().map(|x| x.kind) == Some(OperandKind::IdResultType);
        let has_result = grammar
            .operands
            .iter()
            .any(|x| x.kind == OperandKind::IdResult);
        let mut at = 0;
        let mut result_type = None;
        if has_type {
            let t = *ops.get(at).ok_or(DeserializeError {
                offset: o,
                message: format!("{:?} without a result type", inst.opcode),
            })?;
            result_type = Some(d.ty(t, o)?);
            at += 1;
        }
        let mut result_id = None;
        if has_result {
            let r = *ops.get(at).ok_or(DeserializeError {
                offset: o,
                message: format!("{:?} without a result id", inst.opcode),
            })?;
            result_id = Some(d.check_id(r, o)?);
            at += 1;
        }
        let rest = &ops[at..];
        let kind = match inst.opcode {
            Op::ExtInst => self.ext_inst(rest, o)?,
            Op::FunctionCall => {
                if rest.is_empty() {
                    return err(o, "OpFunctionCall without a callee");
                }
                let callee = *self.d.function_ids.get(&rest[0]).ok_or(DeserializeError {
                    offset: o,
                    message: format!("%{} is not a function", rest[0]),
                })?;
                let mut args = Vec::new();
                for &v in &rest[1..] {
                    args.push(self.value(v, o)?);
                }
                OpKind::FunctionCall { callee, args }
            }
            Op::Function | Op::FunctionParameter | Op::FunctionEnd | Op::Label => {
                return err(o, format!("unexpected {:?} inside a block", inst.opcode));
            }
            opcode if has_result && !has_type && opcode != Op::Undef => {
                return err(o, format!("{opcode:?} inside a function is not supported"));
            }
            opcode => OpKind::Inst {
                opcode,
                operands: self.operands(grammar, rest, o)?,
            },
        };
        self.finish_inst(into, kind, result_type, result_id, o)
    }

    /// An `OpExtInst` in a function: operands by its set's grammar; a debug or non-semantic
    /// set's `<id>`s may name module-scope entities.
    fn ext_inst(&mut self, rest: &[u32], o: usize) -> Result<OpKind, DeserializeError> {
        if rest.len() < 2 {
            return err(o, "OpExtInst needs a set and an instruction");
        }
        let set = self
            .d
            .ext_sets
            .get(&rest[0])
            .ok_or(DeserializeError {
                offset: o,
                message: format!("%{} is not an imported instruction set", rest[0]),
            })?
            .clone();
        if set.is_debug_or_non_semantic() {
            // Operands by the grammar (every one an `<id>` in a `NonSemantic.*` set,
            // known or not); `<id>`s may name module-scope entities.
            let mut operands = Vec::new();
            for (i, &w) in rest[2..].iter().enumerate() {
                operands.push(match set.operand_is_id(rest[1], i) {
                    Some(true) => Operand::Value(self.non_semantic_value(w, o)?),
                    Some(false) => Operand::Literal(w),
                    None => {
                        return err(
                            o,
                            format!("{} instruction {} has no operand {i}", set.name(), rest[1]),
                        )
                    }
                });
            }
            return Ok(OpKind::ExtInst {
                set,
                instruction: rest[1],
                operands,
            });
        }
        let Some(g) = set.instruction(rest[1]) else {
            return err(o, format!("unknown {} instruction {}", set.name(), rest[1]));
        };
        // Operands by the set's grammar: `<id>`s are values, the rest literal words
        // (a literal integer or an enumerant, one word each in every set kiln knows).
        // Trailing words repeat a last `ZeroOrMore` operand (`printf`'s arguments).
        let mut operands = Vec::new();
        for (i, &w) in rest[2..].iter().enumerate() {
            let repeated = g
                .operands
                .last()
                .filter(|x| x.quantifier == OperandQuantifier::ZeroOrMore);
            let Some(operand) = g.operands.get(i).or(repeated) else {
                return err(
                    o,
                    format!("too many operands for {} {}", set.name(), g.opname),
                );
            };
            operands.push(match operand.kind {
                OperandKind::IdRef => Operand::Value(self.value(w, o)?),
                _ => Operand::Literal(w),
            });
        }
        Ok(OpKind::ExtInst {
            set,
            instruction: rest[1],
            operands,
        })
    }

    /// Appends the op lifted from an instruction with its result, name, decorations and source
    /// position.
    pub(super) fn finish_inst(
        &mut self,
        into: BlockId,
        kind: OpKind,
        result_type: Option<TypeId>,
        result_id: Option<u32>,
        o: usize,
    ) -> Result<(), DeserializeError> {
        let d = self.d;
        let is_void_call = matches!(kind, OpKind::FunctionCall { .. })
            && result_type.is_some_and(|t| d.module.types[t] == Type::Void);
        let types: Vec<TypeId> = if is_void_call {
            vec![]
        } else {
            result_type.into_iter().collect()
        };
        let positioned = match &kind {
            OpKind::Inst { opcode, .. } => *opcode != Op::Undef,
            OpKind::ExtInst { .. } | OpKind::FunctionCall { .. } => true,
            _ => false,
        };
        let op = self.push_op(into, kind, &types);
        if positioned {
            self.f.ops[op].location = self.location.clone();
        }
        if let (Some(id), Some(&v)) = (result_id, self.f.ops[op].results.first()) {
            if self.values.contains_key(&id) {
                return err(o, format!("%{id} defined twice"));
            }
            self.values.insert(id, v);
            if let Some(n) = d.name_of(id) {
                self.f.values[v].name = Some(n);
            }
            self.f.ops[op].decorations = d.decorations_of(id)?;
        }
        Ok(())
    }

    /// Converts operand words by the grammar: ids become values (or scopes / semantics / types /
    /// functions), everything else literal words.
    pub(super) fn operands(
        &mut self,
        grammar: &rspirv::grammar::Instruction,
        words: &[u32],
        o: usize,
    ) -> Result<Vec<Operand>, DeserializeError> {
        let mut out = Vec::new();
        let mut at = 0;
        let logical: Vec<_> = grammar
            .operands
            .iter()
            .filter(|x| !matches!(x.kind, OperandKind::IdResultType | OperandKind::IdResult))
            .collect();
        for lo in logical {
            loop {
                if at >= words.len() {
                    if lo.quantifier == OperandQuantifier::One {
                        return err(
                            o,
                            format!("{:?} is missing its {:?} operand", grammar.opcode, lo.kind),
                        );
                    }
                    break;
                }
                let w = words[at];
                match lo.kind {
                    OperandKind::IdRef => {
                        if let Some(&t) = self.d.types.get(&w) {
                            out.push(Operand::Type(t));
                        } else if let Some(&g) = self.d.function_ids.get(&w) {
                            // `OpCooperativeMatrixPerElementOpNV`'s `Func`.
                            out.push(Operand::Function(g));
                        } else {
                            out.push(Operand::Value(self.value(w, o)?));
                        }
                        at += 1;
                    }
                    OperandKind::IdScope => {
                        out.push(self.scope_operand(w, o)?);
                        at += 1;
                    }
                    OperandKind::IdMemorySemantics => {
                        match self.d.values.get(&w) {
                            Some(ModuleValue::Constant(_, ConstantValue::Int(v))) => {
                                out.push(Operand::MemorySemantics(
                                    spirv::MemorySemantics::from_bits_retain(*v as u32),
                                ))
                            }
                            _ => out.push(Operand::Value(self.value(w, o)?)),
                        }
                        at += 1;
                    }
                    OperandKind::MemoryAccess => {
                        out.push(Operand::Literal(w));
                        at += 1;
                        let bits = spirv::MemoryAccess::from_bits_retain(w);
                        if bits.contains(spirv::MemoryAccess::ALIGNED) {
                            let a = *words.get(at).ok_or(DeserializeError {
                                offset: o,
                                message: "Aligned without its alignment".into(),
                            })?;
                            out.push(Operand::Literal(a));
                            at += 1;
                        }
                        for flag in [
                            spirv::MemoryAccess::MAKE_POINTER_AVAILABLE,
                            spirv::MemoryAccess::MAKE_POINTER_VISIBLE,
                        ] {
                            if bits.contains(flag) {
                                let s = *words.get(at).ok_or(DeserializeError {
                                    offset: o,
                                    message: "memory access without its scope".into(),
                                })?;
                                out.push(self.scope_operand(s, o)?);
                                at += 1;
                            }
                        }
                    }
                    OperandKind::ImageOperands => {
                        out.push(Operand::Literal(w));
                        at += 1;
                        for (flag, count) in image_operand_parameters(w) {
                            for _ in 0..count {
                                let p = *words.get(at).ok_or(DeserializeError {
                                    offset: o,
                                    message: format!("image operand {flag:?} without its operand"),
                                })?;
                                out.push(
                                    if flag.intersects(
                                        spirv::ImageOperands::MAKE_TEXEL_AVAILABLE
                                            | spirv::ImageOperands::MAKE_TEXEL_VISIBLE,
                                    ) {
                                        self.scope_operand(p, o)?
                                    } else {
                                        Operand::Value(self.value(p, o)?)
                                    },
                                );
                                at += 1;
                            }
                        }
                    }
                    OperandKind::TensorAddressingOperands => {
                        out.push(Operand::Literal(w));
                        at += 1;
                        let bits = spirv::TensorAddressingOperands::from_bits_retain(w);
                        if bits.contains(spirv::TensorAddressingOperands::TENSOR_VIEW) {
                            let view = *words.get(at).ok_or(DeserializeError {
                                offset: o,
                                message: "TensorView without its tensor view".into(),
                            })?;
                            out.push(Operand::Value(self.value(view, o)?));
                            at += 1;
                        }
                        if bits.contains(spirv::TensorAddressingOperands::DECODE_FUNC) {
                            return err(o, "tensor addressing DecodeFunc is not supported");
                        }
                    }
                    OperandKind::PairIdRefIdRef => {
                        return err(
                            o,
                            format!("{:?} is not supported inside functions", grammar.opcode),
                        );
                    }
                    _ => {
                        out.push(Operand::Literal(w));
                        at += 1;
                    }
                }
                if lo.quantifier != OperandQuantifier::ZeroOrMore {
                    break;
                }
            }
        }
        if at != words.len() {
            return err(
                o,
                format!(
                    "{:?} has {} operand words too many",
                    grammar.opcode,
                    words.len() - at
                ),
            );
        }
        Ok(out)
    }

    pub(super) fn scope_operand(&mut self, w: u32, o: usize) -> Result<Operand, DeserializeError> {
        Ok(match self.d.values.get(&w) {
            Some(ModuleValue::Constant(_, ConstantValue::Int(v))) => {
                match spirv::Scope::from_u32(*v as u32) {
                    Some(s) => Operand::Scope(s),
                    None => return err(o, format!("bad scope value {v}")),
                }
            }
            _ => Operand::Value(self.value(w, o)?),
        })
    }
}

/// The `<id>` parameters the set bits of an `ImageOperands` mask take, in the spec's order
/// (lowest bit first): (bit, how many ids).
fn image_operand_parameters(mask: u32) -> Vec<(spirv::ImageOperands, usize)> {
    use spirv::ImageOperands as I;
    let bits = I::from_bits_retain(mask);
    [
        (I::BIAS, 1),
        (I::LOD, 1),
        (I::GRAD, 2),
        (I::CONST_OFFSET, 1),
        (I::OFFSET, 1),
        (I::CONST_OFFSETS, 1),
        (I::SAMPLE, 1),
        (I::MIN_LOD, 1),
        (I::MAKE_TEXEL_AVAILABLE, 1),
        (I::MAKE_TEXEL_VISIBLE, 1),
        (I::OFFSETS, 1),
    ]
    .into_iter()
    .filter(|(flag, _)| bits.contains(*flag))
    .collect()
}

//! Debug information: names, strings, sources and module-scope non-semantic instructions.

use super::annotations::need_operands;
use super::*;

impl Deserializer {
    /// A debug instruction of the annotation pass: names, strings, sources.
    pub(super) fn debug_inst(&mut self, inst: &RawInst) -> Result<(), DeserializeError> {
        let o = inst.offset;
        match inst.opcode {
            Op::Name => {
                need_operands(inst, 2)?;
                let id = self.check_id(inst.ops[0], o)?;
                let (s, _) = decode_string(&inst.ops[1..], o)?;
                if let Some(old) = self.names.get(&id).filter(|old| **old != s) {
                    return err(
                        o,
                        format!("a second OpName on %{id} ({s:?} after {old:?}): kiln keeps one"),
                    );
                }
                self.names.insert(id, s);
                self.name_offsets.insert(id, o);
            }
            Op::MemberName => {
                need_operands(inst, 3)?;
                let id = self.check_id(inst.ops[0], o)?;
                let (s, _) = decode_string(&inst.ops[2..], o)?;
                let key = (id, inst.ops[1]);
                if let Some(old) = self.member_names.get(&key).filter(|old| **old != s) {
                    return err(
                        o,
                        format!(
                            "a second OpMemberName on member {} of %{id} ({s:?} after \
                             {old:?}): kiln keeps one",
                            inst.ops[1]
                        ),
                    );
                }
                self.member_names.insert(key, s);
            }
            Op::String => {
                need_operands(inst, 2)?;
                let id = self.check_id(inst.ops[0], o)?;
                let (s, _) = decode_string(&inst.ops[1..], o)?;
                self.module.debug.strings.push(s.clone());
                self.strings.insert(id, s);
            }
            Op::SourceExtension => {
                need_operands(inst, 1)?;
                let (s, _) = decode_string(&inst.ops, o)?;
                self.module.debug.source_extensions.push(s);
            }
            Op::ModuleProcessed => {
                need_operands(inst, 1)?;
                let (s, _) = decode_string(&inst.ops, o)?;
                self.module.debug.module_processed.push(s);
            }
            Op::Source => {
                need_operands(inst, 2)?;
                let language =
                    spirv::SourceLanguage::from_u32(inst.ops[0]).ok_or(DeserializeError {
                        offset: o,
                        message: format!("unknown source language {}", inst.ops[0]),
                    })?;
                let file = match inst.ops.get(2) {
                    Some(f) => Some(self.strings.get(f).cloned().ok_or(DeserializeError {
                        offset: o,
                        message: format!("OpSource file %{f} is not an OpString before it"),
                    })?),
                    None => None,
                };
                let text = match inst.ops.get(3..) {
                    Some(words) if !words.is_empty() => Some(decode_string(words, o)?.0),
                    _ => None,
                };
                self.module.debug.sources.push(SourceDecl {
                    language,
                    version: inst.ops[1],
                    file,
                    text,
                    continued: Vec::new(),
                });
            }
            Op::SourceContinued => {
                need_operands(inst, 1)?;
                let (s, _) = decode_string(&inst.ops, o)?;
                match self.module.debug.sources.last_mut() {
                    Some(SourceDecl {
                        text: Some(_),
                        continued,
                        ..
                    }) => continued.push(s),
                    _ => return err(o, "OpSourceContinued without an OpSource with text"),
                }
            }
            _ => unreachable!("debug_inst only gets debug opcodes"),
        }
        Ok(())
    }

    /// The `OpName` of `id`, marked as taken.
    pub(super) fn name_of(&self, id: u32) -> Option<String> {
        let name = self.names.get(&id)?;
        self.names_taken.borrow_mut().insert(id);
        Some(name.clone())
    }

    /// Every `OpName` must have landed in the IR: one on an id the IR keeps no name for is an
    /// error naming the id, the name and the word offset of the `OpName`.
    pub(super) fn check_names_taken(&self) -> Result<(), DeserializeError> {
        let taken = self.names_taken.borrow();
        let mut left: Vec<(usize, u32)> = self
            .name_offsets
            .iter()
            .filter(|(id, _)| !taken.contains(id))
            .map(|(&id, &offset)| (offset, id))
            .collect();
        left.sort();
        if let Some(&(offset, id)) = left.first() {
            return err(
                offset,
                format!(
                    "OpName {:?} on %{id}, an id that kiln's IR keeps no name for",
                    self.names[&id]
                ),
            );
        }
        Ok(())
    }

    /// What a module-scope entity `id` is as an operand of a non-semantic instruction.
    pub(super) fn non_semantic_operand(&self, id: u32) -> Option<NonSemanticOperand> {
        if let Some(&i) = self.non_semantic_index.get(&id) {
            return Some(NonSemanticOperand::Inst(i));
        }
        if let Some(s) = self.strings.get(&id) {
            return Some(NonSemanticOperand::String(s.clone()));
        }
        if let Some(&t) = self.types.get(&id) {
            return Some(NonSemanticOperand::Type(t));
        }
        if let Some(&f) = self.function_handles.get(&id) {
            return Some(NonSemanticOperand::Function(f));
        }
        Some(match self.values.get(&id)? {
            ModuleValue::Constant(t, c) => NonSemanticOperand::Constant(*t, c.clone()),
            ModuleValue::Global(g) => NonSemanticOperand::GlobalVariable(*g),
            ModuleValue::Spec(s) => NonSemanticOperand::SpecConstant(*s),
            ModuleValue::Undef(t) => NonSemanticOperand::Undef(*t),
        })
    }

    /// A module-scope `OpExtInst`: only of a non-semantic set (debug information).
    pub(super) fn non_semantic_decl(&mut self, inst: &RawInst) -> Result<(), DeserializeError> {
        let o = inst.offset;
        let ops = &inst.ops;
        if ops.len() < 4 {
            return err(o, "OpExtInst needs a type, an id, a set and an instruction");
        }
        let set = self
            .ext_sets
            .get(&ops[2])
            .ok_or(DeserializeError {
                offset: o,
                message: format!("%{} is not an imported instruction set", ops[2]),
            })?
            .clone();
        if !set.is_debug_or_non_semantic() {
            return err(o, format!("{} instruction at module scope", set.name()));
        }
        if self.module.types.get(self.ty(ops[0], o)?) != Some(&Type::Void) {
            return err(
                o,
                format!(
                    "module-scope {} instruction {}: kiln keeps only those whose result type is \
                     void",
                    set.name(),
                    ops[3]
                ),
            );
        }
        let mut operands = Vec::new();
        for (i, &w) in ops[4..].iter().enumerate() {
            let Some(is_id) = set.operand_is_id(ops[3], i) else {
                return err(
                    o,
                    format!("{} instruction {} has no operand {i}", set.name(), ops[3]),
                );
            };
            if !is_id {
                operands.push(NonSemanticOperand::Literal(w));
                continue;
            }
            operands.push(self.non_semantic_operand(w).ok_or(DeserializeError {
                offset: o,
                message: format!(
                    "operand %{w} of module-scope {} instruction {} names nothing declared \
                     before it",
                    set.name(),
                    ops[3]
                ),
            })?);
        }
        self.module.non_semantic.push(NonSemanticInst {
            set,
            instruction: ops[3],
            operands,
        });
        Ok(())
    }
}

//! The annotation section: decorations (groups expanded onto their targets), resolved and
//! marked as taken when the entity they decorate is lifted.

use super::*;

impl Deserializer {
    /// The decorations on `id`, their `<id>` operands resolved to module-scope entities, marked
    /// as taken.
    pub(super) fn decorations_of(&self, id: u32) -> Result<Vec<Decoration>, DeserializeError> {
        let Some(raw) = self.decorations.get(&id) else {
            return Ok(Vec::new());
        };
        self.decorations_taken.borrow_mut().insert(id);
        let mut out = Vec::with_capacity(raw.len());
        for r in raw {
            let mut d = r.decoration.clone();
            for &x in &r.ids {
                d.ids.push(match self.values.get(&x) {
                    Some(ModuleValue::Constant(t, c)) => DecorationId::Constant(*t, c.clone()),
                    Some(ModuleValue::Spec(s)) => DecorationId::SpecConstant(*s),
                    Some(ModuleValue::Global(g)) => DecorationId::GlobalVariable(*g),
                    _ => {
                        return err(
                            r.offset,
                            format!(
                                "{:?}'s operand %{x} is not a constant or global variable declared before its use",
                                d.kind
                            ),
                        )
                    }
                });
            }
            out.push(d);
        }
        Ok(out)
    }

    /// The first literal operand of decoration `kind` on `id`.
    pub(super) fn decoration_literal(&self, id: u32, kind: spirv::Decoration) -> Option<u32> {
        self.decorations.get(&id).and_then(|ds| {
            ds.iter()
                .find(|d| d.decoration.kind == kind)
                .and_then(|d| d.decoration.operands.first().copied())
        })
    }

    pub(super) fn decoration_kind(
        &self,
        w: u32,
        o: usize,
    ) -> Result<spirv::Decoration, DeserializeError> {
        spirv::Decoration::from_u32(w).ok_or(DeserializeError {
            offset: o,
            message: format!("unknown decoration {w}"),
        })
    }

    /// Reads the annotation section: decorations (groups expanded onto their targets) and names.
    pub(super) fn annotations(&mut self, insts: &[RawInst]) -> Result<(), DeserializeError> {
        for inst in insts {
            match inst.opcode {
                Op::Name
                | Op::MemberName
                | Op::String
                | Op::SourceExtension
                | Op::ModuleProcessed
                | Op::Source
                | Op::SourceContinued => self.debug_inst(inst)?,
                _ => self.decoration_inst(inst)?,
            }
        }
        for g in &self.decoration_groups {
            self.decorations_taken.borrow_mut().insert(*g);
        }
        Ok(())
    }

    /// A decoration instruction (any other instruction is left alone).
    fn decoration_inst(&mut self, inst: &RawInst) -> Result<(), DeserializeError> {
        let o = inst.offset;
        match inst.opcode {
            Op::Decorate | Op::DecorateId | Op::DecorateString => {
                need_operands(inst, 2)?;
                let id = self.check_id(inst.ops[0], o)?;
                let kind = self.decoration_kind(inst.ops[1], o)?;
                let rest = &inst.ops[2..];
                let mut decoration = Decoration::new(kind, Vec::new());
                let mut ids = Vec::new();
                match inst.opcode {
                    Op::Decorate => decoration.operands = rest.to_vec(),
                    Op::DecorateId => {
                        for &x in rest {
                            ids.push(self.check_id(x, o)?);
                        }
                    }
                    _ => decoration.strings = decode_strings(rest, o)?,
                }
                self.decorations.entry(id).or_default().push(RawDecoration {
                    offset: o,
                    decoration,
                    ids,
                });
            }
            Op::MemberDecorate | Op::MemberDecorateString => {
                need_operands(inst, 3)?;
                let id = self.check_id(inst.ops[0], o)?;
                let kind = self.decoration_kind(inst.ops[2], o)?;
                let rest = &inst.ops[3..];
                let mut decoration = Decoration::new(kind, Vec::new());
                if inst.opcode == Op::MemberDecorate {
                    decoration.operands = rest.to_vec();
                } else {
                    decoration.strings = decode_strings(rest, o)?;
                }
                self.member_decorations
                    .entry((id, inst.ops[1]))
                    .or_default()
                    .push(decoration);
            }
            Op::DecorationGroup => {
                need_operands(inst, 1)?;
                let group = self.check_id(inst.ops[0], o)?;
                self.decoration_groups.insert(group);
            }
            Op::GroupDecorate => {
                need_operands(inst, 1)?;
                let group = inst.ops[0];
                if !self.decoration_groups.contains(&group) {
                    return err(o, format!("%{group} is not a decoration group"));
                }
                let ds = self.decorations.get(&group).cloned().unwrap_or_default();
                for &target in &inst.ops[1..] {
                    let target = self.check_id(target, o)?;
                    self.decorations
                        .entry(target)
                        .or_default()
                        .extend(ds.iter().cloned());
                }
            }
            Op::GroupMemberDecorate => {
                need_operands(inst, 1)?;
                let group = inst.ops[0];
                if !self.decoration_groups.contains(&group) {
                    return err(o, format!("%{group} is not a decoration group"));
                }
                if !(inst.ops.len() - 1).is_multiple_of(2) {
                    return err(o, "OpGroupMemberDecorate needs (struct, member) pairs");
                }
                let ds = self.decorations.get(&group).cloned().unwrap_or_default();
                for pair in inst.ops[1..].chunks(2) {
                    let target = self.check_id(pair[0], o)?;
                    for d in &ds {
                        if !d.ids.is_empty() {
                            return err(o, "member decorations take no <id> operands");
                        }
                        self.member_decorations
                            .entry((target, pair[1]))
                            .or_default()
                            .push(d.decoration.clone());
                    }
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// Marks the decorations on `id` as taken where all are of the `kinds` the IR folds into
    /// the entity; fails on any other.
    pub(super) fn take_only(
        &self,
        id: u32,
        kinds: &[spirv::Decoration],
    ) -> Result<(), DeserializeError> {
        let Some(ds) = self.decorations.get(&id) else {
            return Ok(());
        };
        if let Some(d) = ds.iter().find(|d| !kinds.contains(&d.decoration.kind)) {
            return err(
                d.offset,
                format!(
                    "decoration {:?} on %{id}: kiln's IR keeps only {kinds:?} there",
                    d.decoration.kind
                ),
            );
        }
        self.decorations_taken.borrow_mut().insert(id);
        Ok(())
    }

    /// Fails on a decoration that no entity of the IR took (it would be lost).
    pub(super) fn check_decorations_taken(&self) -> Result<(), DeserializeError> {
        let taken = self.decorations_taken.borrow();
        let mut left: Vec<&RawDecoration> = self
            .decorations
            .iter()
            .filter(|(id, _)| !taken.contains(id))
            .flat_map(|(_, ds)| ds.iter())
            .collect();
        left.sort_by_key(|d| d.offset);
        if let Some(d) = left.first() {
            return err(
                d.offset,
                format!(
                    "decoration {:?} on an id that kiln's IR keeps no decorations for",
                    d.decoration.kind
                ),
            );
        }
        Ok(())
    }
}

/// Fails unless `inst` has at least `n` operands.
pub(super) fn need_operands(inst: &RawInst, n: usize) -> Result<(), DeserializeError> {
    if inst.ops.len() < n {
        return err(
            inst.offset,
            format!("{:?} needs at least {n} operands", inst.opcode),
        );
    }
    Ok(())
}

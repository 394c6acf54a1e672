//! Structured control flow: selections and loops rebuilt from their merge instructions,
//! branches with their block arguments, terminators.

use super::*;

impl FunctionLifter<'_> {
    /// Sorts the blocks of a region between `head` leading and `tail` trailing structural
    /// blocks into their SPIR-V order (a valid dominance order).
    pub(super) fn sort_region(&mut self, region: RegionId, head: usize, tail: usize) {
        let origin = &self.origin;
        let blocks = &mut self.f.regions[region].blocks;
        let n = blocks.len();
        if n > head + tail {
            blocks[head..n - tail].sort_by_key(|b| origin.get(b).copied().unwrap_or(usize::MAX));
        }
    }

    /// Opens the construct of `region` (a selection or loop inside the active ones): at most
    /// [`MAX_CONTROL_FLOW_NESTING`] deep, since lifting recurses into each.
    pub(super) fn enter_construct(
        &mut self,
        region: RegionId,
        offset: usize,
    ) -> Result<(), DeserializeError> {
        // The function body is the first active region.
        if self.active_regions.len() > MAX_CONTROL_FLOW_NESTING {
            return err(
                offset,
                format!(
                    "structured control flow nested more than {MAX_CONTROL_FLOW_NESTING} \
                     constructs deep (spirv-val's default limit)"
                ),
            );
        }
        self.active_regions.push(region);
        Ok(())
    }

    /// Emits pending blocks of `region` in SPIR-V order until none is left.
    pub(super) fn drain(&mut self, region: RegionId) -> Result<(), DeserializeError> {
        loop {
            let list = self.pending.entry(region).or_default();
            if list.is_empty() {
                return Ok(());
            }
            let (pos, _) = list
                .iter()
                .enumerate()
                .min_by_key(|(_, p)| p.0)
                .expect("non-empty");
            let (_, label, block) = list.remove(pos);
            self.emit_seq(label, block)?;
        }
    }

    /// Emits SPIR-V block `label` (and the merge blocks that continue it) into IR block `into`.
    pub(super) fn emit_seq(
        &mut self,
        mut label: u32,
        into: BlockId,
    ) -> Result<(), DeserializeError> {
        // `into` begins at `label` (it takes the label's name, unless the label is a loop
        // header, whose name goes to the loop's header block); the merge blocks it continues
        // in are named on their constructs' merge blocks.
        let mut first = true;
        loop {
            let bi = *self.by_label.get(&label).ok_or(DeserializeError {
                offset: 0,
                message: format!("missing block %{label}"),
            })?;
            if !self.emitted.insert(label) {
                return err(
                    self.blocks[bi].offset,
                    format!("block %{label} reached twice (unstructured control flow)"),
                );
            }
            let blk = self.blocks[bi].clone();
            if std::mem::take(&mut first) && !matches!(blk.merge, Some(Merge::Loop { .. })) {
                self.name_block(into, label)?;
            }
            // An `OpLine` holds until the end of its block (one before the phis from the start).
            self.location = self.lead_location(&blk.lead)?;
            if let Some(Merge::Loop {
                merge,
                cont,
                control,
            }) = blk.merge
            {
                label = self.emit_loop(&blk, into, merge, cont, control)?;
                continue;
            }
            for inst in &blk.body {
                self.emit_inst(into, inst)?;
            }
            match blk.merge {
                Some(Merge::Selection { merge, control }) => {
                    if self.active.contains_key(&merge) || self.emitted.contains(&merge) {
                        return err(
                            blk.terminator.offset,
                            format!("merge block %{merge} is already used by another construct"),
                        );
                    }
                    let region = self.f.regions.append(Region {
                        kind: RegionKind::Selection,
                        blocks: Vec::new(),
                    });
                    let merge_types = self.phi_types(merge, blk.offset)?;
                    let header = self.new_block(region, &[], None);
                    let mb = self.new_block(region, &merge_types, None);
                    self.name_block(mb, merge)?;
                    let merge_args = self.f.blocks[mb].args.clone();
                    self.push_op(mb, OpKind::Merge { values: merge_args }, &[]);
                    let op = self.push_op(
                        into,
                        OpKind::Selection {
                            control: spirv::SelectionControl::from_bits_truncate(control),
                            body: region,
                        },
                        &merge_types,
                    );
                    self.active.insert(merge, mb);
                    self.enter_construct(region, blk.offset)?;
                    self.emit_terminator(header, &blk, true)?;
                    self.drain(region)?;
                    self.active_regions.pop();
                    self.active.remove(&merge);
                    let blocks = &mut self.f.regions[region].blocks;
                    blocks.retain(|&b| b != mb);
                    blocks.push(mb);
                    self.sort_region(region, 1, 1);
                    let results = self.f.ops[op].results.clone();
                    self.map_phis_to(merge, &results, blk.offset)?;
                    label = merge;
                }
                Some(Merge::Loop { .. }) => unreachable!("handled above"),
                None => {
                    // A block that falls through to a single-predecessor block continues in it.
                    if blk.terminator.opcode == Op::Branch {
                        let t = *blk.terminator.ops.first().ok_or(DeserializeError {
                            offset: blk.terminator.offset,
                            message: "OpBranch without a target".into(),
                        })?;
                        let tb = self.block(t, blk.terminator.offset)?;
                        // A named block stays a block of its own, to keep its name.
                        let simple = tb.phis.is_empty()
                            && !self.d.names.contains_key(&t)
                            && self.preds.get(&t) == Some(&1)
                            && !self.active.contains_key(&t)
                            && !self.normal.contains_key(&t)
                            && !self.is_structural_target(t);
                        if simple {
                            label = t;
                            continue;
                        }
                        // A loop header entered from this block alone (its other predecessor
                        // is the back edge): continue into the loop, its phis take the values
                        // of this edge.
                        let single_entry_loop = matches!(tb.merge, Some(Merge::Loop { .. }))
                            && self.preds.get(&t) == Some(&2)
                            && !self.active.contains_key(&t)
                            && !self.normal.contains_key(&t)
                            && !self.is_structural_target(t);
                        if single_entry_loop {
                            let phis = tb.phis.clone();
                            for (_, id, incoming) in &phis {
                                let v = incoming
                                    .iter()
                                    .find(|(_, p)| *p == blk.label)
                                    .map(|(v, _)| *v)
                                    .ok_or(DeserializeError {
                                        offset: blk.terminator.offset,
                                        message: format!(
                                            "OpPhi %{id} has no value for predecessor %{}",
                                            blk.label
                                        ),
                                    })?;
                                let v = self.value(v, blk.terminator.offset)?;
                                self.values.insert(*id, v);
                            }
                            label = t;
                            continue;
                        }
                    }
                    self.emit_terminator(into, &blk, false)?;
                    return Ok(());
                }
            }
        }
    }

    /// Gives IR block `b`, which begins at SPIR-V label `label`, the label's `OpName` and
    /// the position of its phis, if it has them.
    pub(super) fn name_block(&mut self, b: BlockId, label: u32) -> Result<(), DeserializeError> {
        if let Some(name) = self.d.name_of(label) {
            self.f.blocks[b].name = Some(name);
        }
        let lead = self.block(label, 0)?.lead.clone();
        self.f.blocks[b].location = self.lead_location(&lead)?;
        Ok(())
    }

    /// The position the `OpLine` / `OpNoLine`s before a block's phis leave in effect.
    pub(super) fn lead_location(
        &self,
        lead: &[RawInst],
    ) -> Result<Option<Location>, DeserializeError> {
        let mut location = None;
        for x in lead {
            location = match x.ops[..] {
                [file, line, column] if x.opcode == Op::Line => {
                    let file = self.d.strings.get(&file).cloned().ok_or(DeserializeError {
                        offset: x.offset,
                        message: format!("OpLine file %{file} is not an OpString"),
                    })?;
                    Some(Location { file, line, column })
                }
                _ if x.opcode == Op::Line => {
                    return err(x.offset, "OpLine needs a file, a line and a column")
                }
                _ => None,
            };
        }
        Ok(location)
    }

    /// Whether `label` is the merge or continue target of any construct of the function.
    pub(super) fn is_structural_target(&self, label: u32) -> bool {
        self.blocks.iter().any(|b| match b.merge {
            Some(Merge::Selection { merge, .. }) => merge == label,
            Some(Merge::Loop { merge, cont, .. }) => merge == label || cont == label,
            None => false,
        })
    }

    /// Emits a loop whose header is `blk` into `into`; returns the merge label to continue with.
    pub(super) fn emit_loop(
        &mut self,
        blk: &SpvBlock,
        into: BlockId,
        merge: u32,
        cont: u32,
        control: u32,
    ) -> Result<u32, DeserializeError> {
        let o = blk.offset;
        // A single-block loop (the header is its own continue target) gets a continue block
        // of its own that only branches back: the back edge targets it instead.
        let self_continue = cont == blk.label;
        if merge == cont || self.active.contains_key(&merge) || self.emitted.contains(&merge) {
            return err(
                o,
                format!("loop merge block %{merge} is already used by another construct"),
            );
        }
        // Values flowing in from outside: the current mapping of the header's phis.
        let phi_ids: Vec<u32> = blk.phis.iter().map(|p| p.1).collect();
        let mut init = Vec::new();
        for id in &phi_ids {
            init.push(*self.values.get(id).ok_or(DeserializeError {
                offset: o,
                message: format!("loop header phi %{id} has no value from outside the loop"),
            })?);
        }
        let header_types = self.phi_types(blk.label, o)?;
        let cont_types = self.phi_types(cont, o)?;
        let merge_types = self.phi_types(merge, o)?;
        let region = self.f.regions.append(Region {
            kind: RegionKind::Loop,
            blocks: Vec::new(),
        });
        let entry = self.new_block(region, &[], None);
        let hb = self.new_block(region, &header_types, None);
        let cb = self.new_block(region, &cont_types, None);
        let mb = self.new_block(region, &merge_types, None);
        self.name_block(hb, blk.label)?;
        self.name_block(mb, merge)?;
        let merge_args = self.f.blocks[mb].args.clone();
        self.push_op(mb, OpKind::Merge { values: merge_args }, &[]);
        let op = self.push_op(
            into,
            OpKind::Loop {
                control: spirv::LoopControl::from_bits_truncate(control),
                body: region,
            },
            &merge_types,
        );
        self.push_op(
            entry,
            OpKind::Branch {
                target: Successor {
                    block: hb,
                    args: init,
                },
            },
            &[],
        );
        let hargs = self.f.blocks[hb].args.clone();
        self.map_phis_to(blk.label, &hargs, o)?;
        let cargs = self.f.blocks[cb].args.clone();
        if self_continue {
            self.active.insert(blk.label, cb);
        } else {
            self.map_phis_to(cont, &cargs, o)?;
            self.active.insert(blk.label, hb);
            self.active.insert(cont, cb);
        }
        self.active.insert(merge, mb);
        self.enter_construct(region, o)?;
        for inst in &blk.body {
            self.emit_inst(hb, inst)?;
        }
        self.emit_terminator(hb, blk, false)?;
        self.drain(region)?;
        // The continue construct (its back edge still targets the active header).
        if self_continue {
            self.push_op(
                cb,
                OpKind::Branch {
                    target: Successor {
                        block: hb,
                        args: cargs,
                    },
                },
                &[],
            );
        } else {
            self.emit_seq(cont, cb)?;
        }
        self.drain(region)?;
        self.active.remove(&blk.label);
        // Keep [entry, header, body..., continue, merge].
        let blocks = &mut self.f.regions[region].blocks;
        blocks.retain(|&b| b != cb && b != mb);
        blocks.push(cb);
        blocks.push(mb);
        self.sort_region(region, 2, 2);
        self.active_regions.pop();
        self.active.remove(&cont);
        self.active.remove(&merge);
        let results = self.f.ops[op].results.clone();
        self.map_phis_to(merge, &results, o)?;
        Ok(merge)
    }

    /// The IR successor for a branch from SPIR-V block `from` to `target`.
    pub(super) fn successor(
        &mut self,
        from: &SpvBlock,
        target: u32,
        current_region: RegionId,
        offset: usize,
    ) -> Result<(Successor, bool), DeserializeError> {
        let tb = self.block(target, offset)?.clone();
        let (block, is_new) = if let Some(&b) = self.active.get(&target) {
            (b, false)
        } else if let Some(&b) = self.normal.get(&target) {
            let r = self.region_of[&b];
            if !self.active_regions.contains(&r) {
                return err(offset, format!("branch into %{target}, inside another construct (unstructured control flow)"));
            }
            (b, false)
        } else {
            if self.emitted.contains(&target) {
                return err(
                    offset,
                    format!(
                        "branch to %{target}, which was already placed (unstructured control flow)"
                    ),
                );
            }
            let types = self.phi_types(target, offset)?;
            let b = self.new_block(current_region, &types, None);
            self.origin.insert(b, tb.index);
            let args = self.f.blocks[b].args.clone();
            self.map_phis_to(target, &args, offset)?;
            self.normal.insert(target, b);
            self.pending
                .entry(current_region)
                .or_default()
                .push((tb.index, target, b));
            (b, true)
        };
        let mut args = Vec::new();
        for (_, id, incoming) in &tb.phis {
            let v = incoming
                .iter()
                .find(|(_, pred)| *pred == from.label)
                .map(|(v, _)| *v)
                .ok_or(DeserializeError {
                    offset,
                    message: format!("OpPhi %{id} has no value for predecessor %{}", from.label),
                })?;
            args.push(self.value(v, offset)?);
        }
        Ok((Successor { block, args }, is_new))
    }

    pub(super) fn emit_terminator(
        &mut self,
        into: BlockId,
        blk: &SpvBlock,
        is_header: bool,
    ) -> Result<(), DeserializeError> {
        let t = &blk.terminator;
        let o = t.offset;
        let region = self.region_of[&into];
        let kind = match t.opcode {
            Op::Branch => {
                if t.ops.len() != 1 {
                    return err(o, "OpBranch needs 1 operand");
                }
                let (s, _) = self.successor(blk, t.ops[0], region, o)?;
                OpKind::Branch { target: s }
            }
            Op::BranchConditional => {
                if t.ops.len() != 3 && t.ops.len() != 5 {
                    return err(o, "OpBranchConditional needs 3 or 5 operands");
                }
                let condition = self.value(t.ops[0], o)?;
                let (on_true, new_t) = self.successor(blk, t.ops[1], region, o)?;
                let (on_false, new_f) = if t.ops[2] == t.ops[1] {
                    (on_true.clone(), false)
                } else {
                    self.successor(blk, t.ops[2], region, o)?
                };
                if !is_header && new_t && new_f {
                    return err(o, "conditional branch without OpSelectionMerge to two new blocks (unstructured control flow)");
                }
                let weights = if t.ops.len() == 5 {
                    Some((t.ops[3], t.ops[4]))
                } else {
                    None
                };
                OpKind::BranchConditional {
                    condition,
                    on_true,
                    on_false,
                    weights,
                }
            }
            Op::Switch => {
                if t.ops.len() < 2 {
                    return err(o, "OpSwitch needs a selector and a default");
                }
                let selector = self.value(t.ops[0], o)?;
                let wide = matches!(
                    self.d.module.types.get(self.f.values[selector].ty),
                    Some(Type::Int { width: 64, .. })
                );
                let step = if wide { 3 } else { 2 };
                if !(t.ops.len() - 2).is_multiple_of(step) {
                    return err(o, "OpSwitch case list has a bad length");
                }
                let mut news = 0;
                let (default, n) = self.successor(blk, t.ops[1], region, o)?;
                news += usize::from(n);
                let mut cases = Vec::new();
                for c in t.ops[2..].chunks(step) {
                    let value = if wide {
                        u64::from(c[0]) | (u64::from(c[1]) << 32)
                    } else {
                        u64::from(c[0])
                    };
                    let (s, n) = self.successor(blk, c[step - 1], region, o)?;
                    news += usize::from(n);
                    cases.push((value, s));
                }
                if !is_header && news > 1 {
                    return err(
                        o,
                        "OpSwitch without OpSelectionMerge (unstructured control flow)",
                    );
                }
                OpKind::Switch {
                    selector,
                    default,
                    cases,
                }
            }
            Op::Return => OpKind::Return,
            Op::ReturnValue => {
                if t.ops.len() != 1 {
                    return err(o, "OpReturnValue needs 1 operand");
                }
                OpKind::ReturnValue(self.value(t.ops[0], o)?)
            }
            Op::Unreachable => OpKind::Unreachable,
            other => {
                let grammar = rspirv::grammar::INSTRUCTION_TABLE
                    .lookup_opcode(other as u32)
                    .ok_or(DeserializeError {
                        offset: o,
                        message: format!("unknown opcode {other:?}"),
                    })?;
                OpKind::Inst {
                    opcode: other,
                    operands: self.operands(grammar, &t.ops, o)?,
                }
            }
        };
        self.push_op(into, kind, &[]);
        Ok(())
    }
}

/// The labels a terminator branches to; `is_64_bit(selector)` tells an `OpSwitch`'s case
/// literal width (one word, or two), so that literals are never taken for labels.
pub(super) fn successors(
    t: &RawInst,
    is_64_bit: &dyn Fn(u32) -> bool,
) -> Result<Vec<u32>, DeserializeError> {
    Ok(match t.opcode {
        Op::Branch => t.ops.first().copied().into_iter().collect(),
        Op::BranchConditional => t.ops.iter().skip(1).take(2).copied().collect(),
        Op::Switch => {
            let Some(&selector) = t.ops.first() else {
                return err(t.offset, "OpSwitch needs a selector and a default");
            };
            let step = if is_64_bit(selector) { 3 } else { 2 };
            let cases = t.ops.get(2..).unwrap_or(&[]);
            if !cases.len().is_multiple_of(step) {
                return err(t.offset, "OpSwitch case list has a bad length");
            }
            let mut v: Vec<u32> = t.ops.get(1).copied().into_iter().collect();
            v.extend(cases.chunks(step).map(|c| c[step - 1]));
            v
        }
        _ => Vec::new(),
    })
}

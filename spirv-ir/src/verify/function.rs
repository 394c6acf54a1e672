//! A function: the placement of its blocks and regions, the structured-region rules,
//! branch targets and arguments, and dominance of every use by its definition.

use super::*;

impl<'m> Verifier<'m> {
    pub(super) fn function(&mut self, _fid: FunctionId, f: &'m Function) {
        let Some(body) = f.regions.get(f.body) else {
            self.error(Some(f), None, "missing body region");
            return;
        };
        if body.kind != RegionKind::Function || body.blocks.is_empty() {
            self.error(
                Some(f),
                None,
                "the body must be a non-empty Function region",
            );
            return;
        }
        if f.blocks
            .get(body.blocks[0])
            .is_some_and(|b| !b.args.is_empty())
        {
            self.error(Some(f), None, "the entry block must not have arguments");
        }
        for &op in &f.prologue {
            let allowed = match f.ops.get(op).map(|o| &o.kind) {
                Some(OpKind::ExtInst { set, .. }) => set.is_debug_or_non_semantic(),
                Some(
                    OpKind::NonSemanticRef(_)
                    | OpKind::Constant(_)
                    | OpKind::ReferenceOf(_)
                    | OpKind::AddressOf(_),
                ) => true,
                _ => false,
            };
            if !allowed {
                self.error(
                    Some(f),
                    Some(op),
                    "only non-semantic and debug extended instructions (and the values they \
                     name) may stand before the first block",
                );
            }
        }
        for (index, d) in &f.param_decorations {
            if *index as usize >= f.params.len() {
                self.error(
                    Some(f),
                    None,
                    format!(
                        "decoration {:?} on parameter {index}, which does not exist",
                        d.kind
                    ),
                );
            }
        }
        // Placement of blocks and regions.
        let mut block_info: HashMap<BlockId, BlockInfo> = HashMap::new();
        let mut region_info: HashMap<RegionId, RegionInfo> = HashMap::new();
        let mut op_place: HashMap<OpId, (BlockId, usize)> = HashMap::new();
        let mut stack = vec![(f.body, None, 0usize)];
        while let Some((r, parent, depth)) = stack.pop() {
            if depth > MAX_CONTROL_FLOW_NESTING {
                self.error(
                    Some(f),
                    parent.map(|(op, _, _)| op),
                    format!(
                        "structured control flow nested more than {MAX_CONTROL_FLOW_NESTING} \
                         regions deep (spirv-val's default limit)"
                    ),
                );
                return;
            }
            if region_info.insert(r, RegionInfo { parent }).is_some() {
                self.error(Some(f), None, format!("region {r:?} is held by two ops"));
                continue;
            }
            let Some(region) = f.regions.get(r) else {
                self.error(Some(f), None, format!("missing region {r:?}"));
                continue;
            };
            for (i, &b) in region.blocks.iter().enumerate() {
                if block_info
                    .insert(
                        b,
                        BlockInfo {
                            region: r,
                            index: i,
                        },
                    )
                    .is_some()
                {
                    self.error(Some(f), None, format!("block {b:?} is in two regions"));
                }
                let Some(block) = f.blocks.get(b) else {
                    self.error(Some(f), None, format!("missing block {b:?}"));
                    continue;
                };
                for (k, &op) in block.ops.iter().enumerate() {
                    if op_place.insert(op, (b, k)).is_some() {
                        self.error(Some(f), Some(op), "op placed twice");
                    }
                    match f.ops.get(op).map(|o| &o.kind) {
                        Some(OpKind::Selection { body, .. } | OpKind::Loop { body, .. }) => {
                            stack.push((*body, Some((op, b, k)), depth + 1))
                        }
                        None => self.error(Some(f), Some(op), "missing op"),
                        _ => {}
                    }
                }
            }
        }
        if !self.errors.is_empty() {
            return;
        }
        let cx = FnCx {
            f,
            block_info,
            region_info,
            op_place,
        };
        for (&r, info) in &cx.region_info {
            self.region_rules(&cx, r, info);
        }
        for (&op, &(b, k)) in &cx.op_place {
            self.op_rules(&cx, op, b, k);
        }
        self.dominance(&cx);
    }

    pub(super) fn region_rules(&mut self, cx: &FnCx<'m>, r: RegionId, info: &RegionInfo) {
        let f = cx.f;
        let region = &f.regions[r];
        for &b in &region.blocks {
            let block = &f.blocks[b];
            match block.ops.last() {
                Some(&last) if crate::is_terminator(&f.ops[last].kind) => {}
                _ => self.error(
                    Some(f),
                    None,
                    format!("block {b:?} does not end in a terminator"),
                ),
            }
            for &op in &block.ops[..block.ops.len().saturating_sub(1)] {
                if crate::is_terminator(&f.ops[op].kind) {
                    self.error(Some(f), Some(op), "terminator in the middle of a block");
                }
            }
        }
        let merge_ok = |v: &mut Self, merge: BlockId, holder: OpId| {
            let mb = &f.blocks[merge];
            let ok = mb.ops.len() == 1 && matches!(f.ops[mb.ops[0]].kind, OpKind::Merge { .. });
            if !ok {
                v.error(
                    Some(f),
                    Some(holder),
                    format!("merge block {merge:?} must hold only a Merge"),
                );
                return;
            }
            if let OpKind::Merge { values } = &f.ops[mb.ops[0]].kind {
                let results = &f.ops[holder].results;
                let vt: Vec<Option<TypeId>> = values
                    .iter()
                    .map(|&x| f.values.get(x).map(|y| y.ty))
                    .collect();
                let rt: Vec<Option<TypeId>> = results
                    .iter()
                    .map(|&x| f.values.get(x).map(|y| y.ty))
                    .collect();
                if vt != rt {
                    v.error(
                        Some(f),
                        Some(holder),
                        "the Merge values do not match the op's results",
                    );
                }
            }
        };
        match (region.kind, info.parent) {
            (RegionKind::Function, None) => {}
            (RegionKind::Selection, Some((holder, _, _))) => {
                if region.blocks.len() < 2 {
                    self.error(
                        Some(f),
                        Some(holder),
                        "a selection needs a header and a merge block",
                    );
                    return;
                }
                let header = &f.blocks[region.blocks[0]];
                if !header.args.is_empty()
                    || !header.ops.last().is_some_and(|&o| {
                        matches!(
                            f.ops[o].kind,
                            OpKind::BranchConditional { .. } | OpKind::Switch { .. }
                        )
                    })
                {
                    self.error(Some(f), Some(holder), "a selection header has no arguments and ends in BranchConditional or Switch");
                }
                merge_ok(self, *region.blocks.last().unwrap(), holder);
            }
            (RegionKind::Loop, Some((holder, _, _))) => {
                let n = region.blocks.len();
                if n < 4 {
                    self.error(
                        Some(f),
                        Some(holder),
                        "a loop needs entry, header, continue and merge blocks",
                    );
                    return;
                }
                let (entry, header, cont) =
                    (region.blocks[0], region.blocks[1], region.blocks[n - 2]);
                let eb = &f.blocks[entry];
                let to_header = |o: OpId| matches!(&f.ops[o].kind, OpKind::Branch { target } if target.block == header);
                if !eb.args.is_empty() || eb.ops.len() != 1 || !to_header(eb.ops[0]) {
                    self.error(
                        Some(f),
                        Some(holder),
                        "a loop entry block holds only a Branch to the header",
                    );
                }
                // The back edge: a Branch to the header, or (do-while) a BranchConditional with
                // the header as one target.
                let back_edge =
                    |o: OpId| to_header(o) || successors(&f.ops[o].kind).contains(&header);
                if !f.blocks[cont].ops.last().is_some_and(|&o| back_edge(o)) {
                    self.error(
                        Some(f),
                        Some(holder),
                        "a loop continue block ends in a branch back to the header",
                    );
                }
                merge_ok(self, region.blocks[n - 1], holder);
            }
            _ => self.error(
                Some(f),
                None,
                format!("region {r:?} of kind {:?} in the wrong place", region.kind),
            ),
        }
    }

    /// Whether a branch from a block in `from_region` may target `target`.
    pub(super) fn target_allowed(
        &self,
        cx: &FnCx<'m>,
        from_region: RegionId,
        target: BlockId,
    ) -> bool {
        let Some(ti) = cx.block_info.get(&target) else {
            return false;
        };
        let f = cx.f;
        if ti.region == from_region {
            // Not back into the function / loop entry block or a selection header.
            return ti.index != 0;
        }
        // Out of nested regions: the merge block or (loops) the continue block of an enclosing
        // construct.
        let mut r = from_region;
        loop {
            let rr = &f.regions[r];
            let n = rr.blocks.len();
            if rr.kind != RegionKind::Function
                && (target == rr.blocks[n - 1]
                    || (rr.kind == RegionKind::Loop && n >= 2 && target == rr.blocks[n - 2]))
            {
                return true;
            }
            match cx.region_info[&r].parent {
                Some((_, pb, _)) => r = cx.block_info[&pb].region,
                None => return false,
            }
        }
    }

    pub(super) fn succ(&mut self, cx: &FnCx<'m>, op: OpId, from: BlockId, s: &Successor) {
        let f = cx.f;
        let region = cx.block_info[&from].region;
        let Some(target) = f.blocks.get(s.block) else {
            self.error(
                Some(f),
                Some(op),
                format!("branch to missing block {:?}", s.block),
            );
            return;
        };
        if !self.target_allowed(cx, region, s.block) {
            self.error(Some(f), Some(op), format!("branch to {:?}, outside its region and not an enclosing merge / continue block", s.block));
        }
        let arg_types: Vec<Option<TypeId>> = target
            .args
            .iter()
            .map(|&a| f.values.get(a).map(|v| v.ty))
            .collect();
        let given: Vec<Option<TypeId>> = s
            .args
            .iter()
            .map(|&a| f.values.get(a).map(|v| v.ty))
            .collect();
        if arg_types != given {
            self.error(
                Some(f),
                Some(op),
                format!(
                    "branch to {:?} passes {} values of the wrong types for {} block arguments",
                    s.block,
                    given.len(),
                    arg_types.len()
                ),
            );
        }
    }

    /// Dominance on the control flow the serializer emits: blocks are cut into segments at
    /// structured ops; a segment ending in a structured op flows into the op's first block, the
    /// `Merge` of its merge block flows into the next segment, terminators flow into their
    /// targets. This is SPIR-V's dominance, so a value defined in a loop header may be used
    /// after the loop (as `spirv-opt` output does), which MLIR's region rules would not allow.
    pub(super) fn dominance(&mut self, cx: &FnCx<'m>) {
        let f = cx.f;
        type Seg = (BlockId, usize);
        // Segment boundaries: positions of structured ops per block.
        let mut cuts: HashMap<BlockId, Vec<usize>> = HashMap::new();
        for &b in cx.block_info.keys() {
            let ks = f.blocks[b]
                .ops
                .iter()
                .enumerate()
                .filter(|(_, &o)| {
                    matches!(
                        f.ops[o].kind,
                        OpKind::Selection { .. } | OpKind::Loop { .. }
                    )
                })
                .map(|(k, _)| k)
                .collect();
            cuts.insert(b, ks);
        }
        let seg_of = |b: BlockId, k: usize| -> Seg { (b, cuts[&b].partition_point(|&c| c < k)) };
        let mut succs: HashMap<Seg, Vec<Seg>> = HashMap::new();
        for &b in cx.block_info.keys() {
            let block = &f.blocks[b];
            for (i, &k) in cuts[&b].iter().enumerate() {
                if let OpKind::Selection { body, .. } | OpKind::Loop { body, .. } =
                    &f.ops[block.ops[k]].kind
                {
                    let blocks = &f.regions[*body].blocks;
                    if let (Some(&first), Some(&merge)) = (blocks.first(), blocks.last()) {
                        succs.entry((b, i)).or_default().push((first, 0));
                        let last = cuts[&merge].len();
                        succs.entry((merge, last)).or_default().push((b, i + 1));
                    }
                }
            }
            if let Some(&t) = block.ops.last() {
                let from = (b, cuts[&b].len());
                for s in successors(&f.ops[t].kind) {
                    succs.entry(from).or_default().push((s, 0));
                }
            }
        }
        // Every segment, numbered for the dominator tree.
        let mut number: HashMap<Seg, usize> = HashMap::new();
        for &b in cx.block_info.keys() {
            for i in 0..=cuts[&b].len() {
                let next = number.len();
                number.entry((b, i)).or_insert(next);
            }
        }
        let mut successor_lists = vec![Vec::new(); number.len()];
        for (n, ms) in &succs {
            if let Some(&from) = number.get(n) {
                successor_lists[from] = ms.iter().filter_map(|m| number.get(m).copied()).collect();
            }
        }
        let entry: Seg = (f.regions[f.body].blocks[0], 0);
        let dominators = Dominators::new(&successor_lists, number[&entry]);
        for (&op, &(b, k)) in &cx.op_place {
            let use_seg = seg_of(b, k);
            // Unreachable code is not checked (SPIR-V does not either).
            let use_number = number[&use_seg];
            if !dominators.is_reachable(use_number) {
                continue;
            }
            for v in op_uses(&f.ops[op].kind) {
                let Some(val) = f.values.get(v) else { continue };
                let (def_seg, dk): (Seg, isize) = match val.def {
                    ValueDef::Param(_) => continue,
                    // A Function-storage variable may be created anywhere: the serializer
                    // hoists it into the entry block, which dominates every use.
                    ValueDef::Result { op: d, .. } if is_function_variable(&f.ops[d].kind) => {
                        continue
                    }
                    ValueDef::BlockArg { block, .. } => ((block, 0), -1),
                    ValueDef::Result { op: d, .. } => match cx.op_place.get(&d) {
                        Some(&(db, dk)) => match f.ops[d].kind {
                            // Results of a structured op appear where its merge continues.
                            OpKind::Selection { .. } | OpKind::Loop { .. } => {
                                (seg_of(db, dk + 1), dk as isize)
                            }
                            _ => (seg_of(db, dk), dk as isize),
                        },
                        None => {
                            self.error(
                                Some(f),
                                Some(op),
                                format!("use of {v:?}, whose op is not placed in any block"),
                            );
                            continue;
                        }
                    },
                };
                let ok = if def_seg == use_seg {
                    dk < k as isize
                } else {
                    number
                        .get(&def_seg)
                        .is_some_and(|&d| dominators.dominates(d, use_number))
                };
                if !ok {
                    self.error(
                        Some(f),
                        Some(op),
                        format!("use of {v:?} is not dominated by its definition"),
                    );
                }
            }
        }
    }
}

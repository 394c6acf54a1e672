//! A function: its parameters, its split into SPIR-V blocks, and the function values that
//! SPIR-V ids (local and module-scope) become.

use super::control_flow::successors;
use super::*;

impl<'d> FunctionLifter<'d> {
    pub(super) fn lift(
        d: &'d Deserializer,
        fid: FunctionId,
        insts: &[RawInst],
    ) -> Result<Function, DeserializeError> {
        let head = &insts[0];
        let proto = &d.module.functions[fid];
        let fn_type = d.ty(head.ops[3], head.offset)?;
        let param_types = match &d.module.types[fn_type] {
            Type::Function { result, params } if *result == proto.result_type => params.clone(),
            _ => {
                return err(
                    head.offset,
                    "OpFunction's type is not a function type returning its result type",
                )
            }
        };
        let mut f = Function {
            name: proto.name.clone(),
            result_type: proto.result_type,
            control: proto.control,
            location: proto.location.clone(),
            params: Vec::new(),
            param_decorations: Vec::new(),
            decorations: proto.decorations.clone(),
            prologue: Vec::new(),
            body: crate::arena::Handle::from_index(0),
            values: Arena::new(),
            ops: Arena::new(),
            blocks: Arena::new(),
            regions: Arena::new(),
        };
        let mut values = HashMap::new();
        let mut i = lift_params(d, insts, &param_types, &mut f, &mut values)?;
        let mut prologue = Vec::new();
        while i < insts.len() && insts[i].opcode == Op::ExtInst {
            prologue.push(insts[i].clone());
            i += 1;
        }
        let blocks = split_blocks(d, insts, i)?;
        let (by_label, preds) = predecessors(d, insts, &blocks)?;
        let mut lifter = FunctionLifter {
            d,
            f,
            blocks,
            by_label,
            preds,
            values,
            prelude: Vec::new(),
            prologue,
            local_undefs: HashMap::new(),
            active: HashMap::new(),
            normal: HashMap::new(),
            region_of: HashMap::new(),
            active_regions: Vec::new(),
            pending: HashMap::new(),
            emitted: HashSet::new(),
            origin: HashMap::new(),
            location: None,
        };
        lifter.run()?;
        Ok(lifter.f)
    }

    pub(super) fn block(&self, label: u32, offset: usize) -> Result<&SpvBlock, DeserializeError> {
        self.by_label
            .get(&label)
            .map(|&i| &self.blocks[i])
            .ok_or(DeserializeError {
                offset,
                message: format!("branch to %{label}, which is not a block of this function"),
            })
    }

    pub(super) fn new_block(
        &mut self,
        region: RegionId,
        arg_types: &[TypeId],
        at: Option<usize>,
    ) -> BlockId {
        let b = self.f.blocks.append(Block::default());
        let args = arg_types
            .iter()
            .enumerate()
            .map(|(i, &ty)| {
                self.f.values.append(Value {
                    ty,
                    name: None,
                    def: ValueDef::BlockArg {
                        block: b,
                        index: i as u32,
                    },
                })
            })
            .collect();
        self.f.blocks[b].args = args;
        let r = &mut self.f.regions[region];
        match at {
            Some(i) => r.blocks.insert(i.min(r.blocks.len()), b),
            None => r.blocks.push(b),
        }
        self.region_of.insert(b, region);
        b
    }

    pub(super) fn phi_types(
        &self,
        label: u32,
        offset: usize,
    ) -> Result<Vec<TypeId>, DeserializeError> {
        let blk = self.block(label, offset)?;
        blk.phis
            .iter()
            .map(|(t, _, _)| self.d.ty(*t, offset))
            .collect()
    }

    pub(super) fn map_phis_to(
        &mut self,
        label: u32,
        args: &[ValueId],
        offset: usize,
    ) -> Result<(), DeserializeError> {
        let ids: Vec<u32> = self
            .block(label, offset)?
            .phis
            .iter()
            .map(|p| p.1)
            .collect();
        for (id, &v) in ids.iter().zip(args) {
            if let Some(n) = self.d.name_of(*id) {
                self.f.values[v].name = Some(n);
            }
            self.values.insert(*id, v);
        }
        Ok(())
    }

    pub(super) fn push_op(
        &mut self,
        block: BlockId,
        kind: OpKind,
        result_types: &[TypeId],
    ) -> OpId {
        let op = self.f.ops.append(Operation {
            kind,
            results: Vec::new(),
            decorations: Vec::new(),
            location: None,
        });
        let results = result_types
            .iter()
            .enumerate()
            .map(|(i, &ty)| {
                self.f.values.append(Value {
                    ty,
                    name: None,
                    def: ValueDef::Result {
                        op,
                        index: i as u32,
                    },
                })
            })
            .collect();
        self.f.ops[op].results = results;
        self.f.blocks[block].ops.push(op);
        op
    }

    /// An operand of a non-semantic instruction in a function: a value, or a module-scope
    /// entity (non-semantic instruction, function, string, type) as a `NonSemanticRef`.
    pub(super) fn non_semantic_value(
        &mut self,
        id: u32,
        offset: usize,
    ) -> Result<ValueId, DeserializeError> {
        let is_value = self.values.contains_key(&id)
            || self.d.values.contains_key(&id)
            || self.local_undefs.contains_key(&id);
        if is_value {
            return self.value(id, offset);
        }
        let x = self.d.non_semantic_operand(id).ok_or(DeserializeError {
            offset,
            message: format!("non-semantic operand %{id} names nothing"),
        })?;
        let void = self
            .d
            .module
            .types
            .find(&Type::Void)
            .ok_or(DeserializeError {
                offset,
                message: "a non-semantic instruction in a module without OpTypeVoid".into(),
            })?;
        let op = self.f.ops.append(Operation {
            kind: OpKind::NonSemanticRef(x),
            results: Vec::new(),
            decorations: Vec::new(),
            location: None,
        });
        let v = self.f.values.append(Value {
            ty: void,
            name: None,
            def: ValueDef::Result { op, index: 0 },
        });
        self.f.ops[op].results = vec![v];
        self.prelude.push(op);
        self.values.insert(id, v);
        Ok(v)
    }

    /// The function value of SPIR-V id `id`, materializing module-level values on first use.
    pub(super) fn value(&mut self, id: u32, offset: usize) -> Result<ValueId, DeserializeError> {
        if let Some(&v) = self.values.get(&id) {
            return Ok(v);
        }
        let local_undef = self.local_undefs.get(&id).map(|&t| ModuleValue::Undef(t));
        let (kind, ty) = match local_undef.as_ref().or(self.d.values.get(&id)) {
            Some(ModuleValue::Constant(t, c)) => (OpKind::Constant(c.clone()), *t),
            Some(ModuleValue::Spec(s)) => {
                (OpKind::ReferenceOf(*s), self.d.module.spec_constants[*s].ty)
            }
            Some(ModuleValue::Global(g)) => {
                (OpKind::AddressOf(*g), self.d.module.global_variables[*g].ty)
            }
            Some(ModuleValue::Undef(t)) => (
                OpKind::Inst {
                    opcode: Op::Undef,
                    operands: vec![],
                },
                *t,
            ),
            None => {
                return err(
                    offset,
                    format!("use of %{id}, which is not defined before this use"),
                )
            }
        };
        let op = self.f.ops.append(Operation {
            kind,
            results: Vec::new(),
            decorations: Vec::new(),
            location: None,
        });
        // A constant or undef keeps its `OpName` on each function's copy (the serializer
        // uniques them again, with the name); globals and spec constants have their own.
        let name = match self.f.ops[op].kind {
            OpKind::Constant(_) | OpKind::Inst { .. } => self.d.name_of(id),
            _ => None,
        };
        let v = self.f.values.append(Value {
            ty,
            name,
            def: ValueDef::Result { op, index: 0 },
        });
        self.f.ops[op].results = vec![v];
        self.prelude.push(op);
        self.values.insert(id, v);
        Ok(v)
    }

    pub(super) fn run(&mut self) -> Result<(), DeserializeError> {
        let body = self.f.regions.append(Region {
            kind: RegionKind::Function,
            blocks: Vec::new(),
        });
        self.f.body = body;
        let first = self.blocks[0].label;
        if self.preds.get(&first).copied().unwrap_or(0) > 0 {
            return err(
                self.blocks[0].offset,
                "the entry block is the target of a branch",
            );
        }
        let entry = self.new_block(body, &[], None);
        self.origin.insert(entry, 0);
        self.lift_prologue(entry)?;
        self.active_regions.push(body);
        self.emit_seq(first, entry)?;
        self.drain(body)?;
        self.active_regions.pop();
        self.sort_region(body, 1, 0);
        let mut ops = std::mem::take(&mut self.prelude);
        ops.extend(std::mem::take(&mut self.f.blocks[entry].ops));
        self.f.blocks[entry].ops = ops;
        Ok(())
    }

    /// Lifts the `OpExtInst`s before the first label into `Function::prologue` (through the
    /// empty entry block); the values they define or materialize stay theirs alone.
    pub(super) fn lift_prologue(&mut self, entry: BlockId) -> Result<(), DeserializeError> {
        if self.prologue.is_empty() {
            return Ok(());
        }
        let saved_prelude = std::mem::take(&mut self.prelude);
        let known: HashSet<u32> = self.values.keys().copied().collect();
        for inst in std::mem::take(&mut self.prologue) {
            let set = inst.ops.get(2).and_then(|s| self.d.ext_sets.get(s));
            if !set.is_some_and(|s| s.is_debug_or_non_semantic()) {
                return err(
                    inst.offset,
                    "an OpExtInst before the first block must be of a non-semantic or debug set",
                );
            }
            self.emit_inst(entry, &inst)?;
        }
        let mut ops = std::mem::replace(&mut self.prelude, saved_prelude);
        ops.append(&mut self.f.blocks[entry].ops);
        self.f.prologue = ops;
        self.values.retain(|id, _| known.contains(id));
        Ok(())
    }
}

/// Lifts the `OpFunctionParameter`s after `insts[0]` into `f` (their ids into `values`);
/// returns the index of the first instruction after them.
fn lift_params(
    d: &Deserializer,
    insts: &[RawInst],
    param_types: &[TypeId],
    f: &mut Function,
    values: &mut HashMap<u32, ValueId>,
) -> Result<usize, DeserializeError> {
    let mut i = 1;
    while i < insts.len() && insts[i].opcode == Op::FunctionParameter {
        let p = &insts[i];
        if p.ops.len() != 2 {
            return err(p.offset, "OpFunctionParameter needs 2 operands");
        }
        let ty = d.ty(p.ops[0], p.offset)?;
        let id = d.check_id(p.ops[1], p.offset)?;
        let index = f.params.len();
        if param_types.get(index) != Some(&ty) {
            return err(p.offset, "parameter type differs from the function type");
        }
        let v = f.values.append(Value {
            ty,
            name: d.name_of(id),
            def: ValueDef::Param(index as u32),
        });
        for decoration in d.decorations_of(id)? {
            f.param_decorations.push((index as u32, decoration));
        }
        f.params.push(v);
        values.insert(id, v);
        i += 1;
    }
    if f.params.len() != param_types.len() {
        return err(
            insts[0].offset,
            "parameter count differs from the function type",
        );
    }
    Ok(i)
}

/// Splits the function's instructions from `insts[i]` on into SPIR-V blocks.
fn split_blocks(
    d: &Deserializer,
    insts: &[RawInst],
    mut i: usize,
) -> Result<Vec<SpvBlock>, DeserializeError> {
    let mut blocks = Vec::new();
    // Debug line instructions may stand between a terminator and the next label: they
    // position the next block's first instructions.
    let mut between = Vec::new();
    while i < insts.len() {
        let l = &insts[i];
        if matches!(l.opcode, Op::Line | Op::NoLine) {
            between.push(l.clone());
            i += 1;
            continue;
        }
        if l.opcode != Op::Label || l.ops.len() != 1 {
            return err(l.offset, format!("expected OpLabel, found {:?}", l.opcode));
        }
        let label = d.check_id(l.ops[0], l.offset)?;
        i += 1;
        let index = blocks.len();
        blocks.push(read_block(
            insts,
            &mut i,
            l,
            label,
            index,
            std::mem::take(&mut between),
        )?);
    }
    // An `OpNoLine` there says nothing; an `OpLine` would position only `OpFunctionEnd`.
    if let Some(l) = between.iter().find(|l| l.opcode == Op::Line) {
        return err(
            l.offset,
            "OpLine after the function's last block: it positions nothing kiln keeps",
        );
    }
    if blocks.is_empty() {
        return err(
            insts[0].offset,
            "function declarations (no body) are not supported",
        );
    }
    Ok(blocks)
}

/// Reads the block whose `OpLabel` is `l` from `insts[*i]` up to its terminator (`*i` then
/// stands after it); `body` holds the debug line instructions before the label.
fn read_block(
    insts: &[RawInst],
    i: &mut usize,
    l: &RawInst,
    label: u32,
    index: usize,
    mut body: Vec<RawInst>,
) -> Result<SpvBlock, DeserializeError> {
    let mut phis = Vec::new();
    let mut lead = Vec::new();
    let mut merge = None;
    let mut terminator = None;
    while *i < insts.len() {
        let x = &insts[*i];
        *i += 1;
        match x.opcode {
            Op::Phi => {
                if x.ops.len() < 2 || !x.ops.len().is_multiple_of(2) {
                    return err(
                        x.offset,
                        "OpPhi needs a type, an id and (value, parent) pairs",
                    );
                }
                if phis.is_empty()
                    && body
                        .iter()
                        .all(|b: &RawInst| matches!(b.opcode, Op::Line | Op::NoLine))
                {
                    lead = std::mem::take(&mut body);
                }
                if !body.is_empty() {
                    return err(
                        x.offset,
                        "OpPhi after other instructions of its block (an OpLine \
                         before the first OpPhi is kept, one between them is not)",
                    );
                }
                let pairs = x.ops[2..].chunks(2).map(|c| (c[0], c[1])).collect();
                phis.push((x.ops[0], x.ops[1], pairs));
            }
            Op::SelectionMerge => {
                if x.ops.len() != 2 {
                    return err(x.offset, "OpSelectionMerge needs 2 operands");
                }
                merge = Some(Merge::Selection {
                    merge: x.ops[0],
                    control: x.ops[1],
                });
            }
            Op::LoopMerge => {
                if x.ops.len() < 3 {
                    return err(x.offset, "OpLoopMerge needs 3 operands");
                }
                merge = Some(Merge::Loop {
                    merge: x.ops[0],
                    cont: x.ops[1],
                    control: x.ops[2],
                });
            }
            // Kept in order: they give the following instructions their positions.
            Op::Line | Op::NoLine => body.push(x.clone()),
            Op::Branch
            | Op::BranchConditional
            | Op::Switch
            | Op::Return
            | Op::ReturnValue
            | Op::Unreachable => {
                terminator = Some(x.clone());
                break;
            }
            op if crate::is_terminator_opcode(op) => {
                terminator = Some(x.clone());
                break;
            }
            Op::Label => return err(x.offset, "block without a terminator"),
            _ => {
                if merge.is_some() {
                    return err(
                        x.offset,
                        "merge instruction not right before the terminator",
                    );
                }
                body.push(x.clone());
            }
        }
    }
    let terminator = terminator.ok_or(DeserializeError {
        offset: l.offset,
        message: "block without a terminator".into(),
    })?;
    Ok(SpvBlock {
        label,
        offset: l.offset,
        index,
        phis,
        lead,
        body,
        merge,
        terminator,
    })
}

/// SPIR-V label -> an index or a count.
type LabelMap = HashMap<u32, usize>;

/// The blocks by label and the number of branches to each label.
fn predecessors(
    d: &Deserializer,
    insts: &[RawInst],
    blocks: &[SpvBlock],
) -> Result<(LabelMap, LabelMap), DeserializeError> {
    // The result type of every id of the function, so that an `OpSwitch` knows the width
    // of its selector (and so which of its words are labels) before anything is lifted.
    let mut local_types: HashMap<u32, u32> = HashMap::new();
    for x in insts {
        let g = rspirv::grammar::INSTRUCTION_TABLE.lookup_opcode(x.opcode as u32);
        let typed = g.is_some_and(|g| {
            g.operands.first().map(|o| o.kind) == Some(OperandKind::IdResultType)
                && g.operands.get(1).map(|o| o.kind) == Some(OperandKind::IdResult)
        });
        if typed && x.ops.len() >= 2 {
            local_types.insert(x.ops[1], x.ops[0]);
        }
    }
    let selector_is_64_bit = |id: u32| {
        let ty = match d.values.get(&id) {
            Some(ModuleValue::Constant(t, _)) | Some(ModuleValue::Undef(t)) => Some(*t),
            Some(ModuleValue::Spec(s)) => Some(d.module.spec_constants[*s].ty),
            _ => local_types.get(&id).and_then(|t| d.types.get(t).copied()),
        };
        matches!(
            ty.and_then(|t| d.module.types.get(t)),
            Some(Type::Int { width: 64, .. })
        )
    };
    let mut by_label = HashMap::new();
    let mut preds: HashMap<u32, usize> = HashMap::new();
    for b in blocks {
        if by_label.insert(b.label, b.index).is_some() {
            return err(b.offset, format!("label %{} defined twice", b.label));
        }
        for t in successors(&b.terminator, &selector_is_64_bit)? {
            *preds.entry(t).or_default() += 1;
        }
    }
    Ok((by_label, preds))
}

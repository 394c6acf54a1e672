//! The module-scope walk: the header sections (capabilities, extensions, ext-inst imports,
//! memory model, entry points, execution modes), then types, constants, globals and function
//! declarations in their order, the functions lifted last.

use super::*;

/// What a first look over the module finds before anything is lifted.
struct ModuleIndex {
    /// Type declarations by result id: a struct may name a pointer declared further down
    /// through `OpTypeForwardPointer` (buffer references), which is then lifted first.
    type_insts: HashMap<u32, usize>,
    /// The ext-inst imports some `OpExtInst` uses; the others are kept as
    /// `Module::ext_inst_imports`.
    used_sets: HashSet<u32>,
}

/// An `OpEntryPoint` as read: (offset, model, function id, name, interface ids), resolved
/// once the functions are known.
type RawEntryPoint = (usize, spirv::ExecutionModel, u32, String, Vec<u32>);

/// An `OpExecutionMode(Id)` as read: (offset, whether its operands are ids, function id, mode,
/// operand words).
type RawExecutionMode = (usize, bool, u32, spirv::ExecutionMode, Vec<u32>);

/// The state of the module-scope walk.
#[derive(Default)]
struct ModuleScope {
    entry_points: Vec<RawEntryPoint>,
    modes: Vec<RawExecutionMode>,
    /// The `OpLine` in effect at module scope: it gives the next `OpFunction` its position.
    module_line: Option<Location>,
    /// Whether the last module-scope `OpLine` has positioned nothing yet: the instruction
    /// after it must be one whose position the IR keeps (a global variable, a function).
    line_pending: bool,
}

/// Fails unless `inst` has at least `n` operands.
fn need(inst: &RawInst, n: usize) -> Result<(), DeserializeError> {
    if inst.ops.len() < n {
        return err(
            inst.offset,
            format!(
                "{:?} needs at least {n} operands, has {}",
                inst.opcode,
                inst.ops.len()
            ),
        );
    }
    Ok(())
}

impl Deserializer {
    pub(super) fn run(mut self) -> Result<Module, DeserializeError> {
        let insts = std::mem::take(&mut self.insts);
        // Annotations and names first: they precede the types but are folded into them.
        self.annotations(&insts)?;
        let index = self.index_module(&insts);
        let mut scope = ModuleScope::default();
        let mut i = 0;
        while i < insts.len() {
            i = self.module_scope_inst(&insts, i, &index, &mut scope)? + 1;
        }
        let pending = std::mem::take(&mut self.pending_functions);
        for (fid, start, end) in pending {
            let body = FunctionLifter::lift(&self, fid, &insts[start..end])?;
            self.module.functions[fid] = body;
        }
        self.resolve_entry_points(scope.entry_points)?;
        self.resolve_execution_modes(scope.modes)?;
        for (g, id) in std::mem::take(&mut self.deferred_global_decorations) {
            let resolved = self.decorations_of(id)?;
            let ds = &mut self.module.global_variables[g].decorations;
            ds.extend(resolved.into_iter().filter(|d| !d.ids.is_empty()));
        }
        if let Some(id) = self.reserved_types.keys().min() {
            return err(
                0,
                format!("pointer type %{id} is forward declared but never defined"),
            );
        }
        self.check_decorations_taken()?;
        self.check_names_taken()?;
        self.module.version = self.header_version;
        Ok(self.module)
    }

    /// Indexes types by id, and gives functions and module-scope non-semantic instructions
    /// their handles before they are declared.
    fn index_module(&mut self, insts: &[RawInst]) -> ModuleIndex {
        let mut type_insts: HashMap<u32, usize> = HashMap::new();
        for (at, inst) in insts.iter().enumerate() {
            if is_type_opcode(inst.opcode) {
                if let Some(&id) = inst.ops.first() {
                    type_insts.entry(id).or_insert(at);
                }
            }
        }
        let mut functions = 0;
        let mut in_function = false;
        let mut used_sets: HashSet<u32> = HashSet::new();
        for inst in insts {
            if inst.opcode == Op::ExtInst {
                used_sets.extend(inst.ops.get(2));
            }
            match inst.opcode {
                Op::Function => {
                    in_function = true;
                    if let Some(&id) = inst.ops.get(1) {
                        self.function_handles
                            .insert(id, crate::arena::Handle::from_index(functions));
                    }
                    functions += 1;
                }
                Op::FunctionEnd => in_function = false,
                Op::ExtInst if !in_function => {
                    if let Some(&id) = inst.ops.get(1) {
                        let index = self.non_semantic_index.len() as u32;
                        self.non_semantic_index.insert(id, index);
                    }
                }
                _ => {}
            }
        }
        ModuleIndex {
            type_insts,
            used_sets,
        }
    }

    /// Reads module-scope instruction `insts[i]`; returns the index of the last instruction
    /// it consumed (a function's `OpFunctionEnd`, or `i`).
    fn module_scope_inst(
        &mut self,
        insts: &[RawInst],
        i: usize,
        index: &ModuleIndex,
        scope: &mut ModuleScope,
    ) -> Result<usize, DeserializeError> {
        let inst = &insts[i];
        if scope.line_pending && !matches!(inst.opcode, Op::Line | Op::NoLine) {
            if !matches!(inst.opcode, Op::Variable | Op::Function) {
                return err(
                    inst.offset,
                    format!(
                        "an OpLine at module scope positions this {:?}: kiln keeps source \
                         positions at module scope on global variables and functions only",
                        inst.opcode
                    ),
                );
            }
            scope.line_pending = false;
        }
        let o = inst.offset;
        let ops = &inst.ops;
        match inst.opcode {
            Op::Capability
            | Op::Extension
            | Op::ExtInstImport
            | Op::MemoryModel
            | Op::EntryPoint
            | Op::ExecutionMode
            | Op::ExecutionModeId => self.header_inst(inst, &index.used_sets, scope)?,
            Op::Name
            | Op::MemberName
            | Op::Decorate
            | Op::DecorateId
            | Op::DecorationGroup
            | Op::GroupDecorate
            | Op::GroupMemberDecorate
            | Op::MemberDecorate
            | Op::Source
            | Op::SourceContinued
            | Op::SourceExtension
            | Op::String
            | Op::ModuleProcessed
            | Op::DecorateString
            | Op::MemberDecorateString => {}
            op if is_type_opcode(op) => {
                let id = self.check_id(ops.first().copied().unwrap_or(0), o)?;
                if index.type_insts.get(&id) != Some(&i) {
                    return err(o, format!("%{id} defined twice"));
                }
                if !self.types.contains_key(&id) || self.reserved_types.contains_key(&id) {
                    self.type_with_forward_references(
                        i,
                        insts,
                        &index.type_insts,
                        &mut Vec::new(),
                    )?;
                }
            }
            Op::TypeForwardPointer => {
                need(inst, 2)?;
                let id = self.check_id(ops[0], o)?;
                let declared = index
                    .type_insts
                    .get(&id)
                    .is_some_and(|&at| insts[at].opcode == Op::TypePointer && at > i);
                if !declared {
                    return err(
                        o,
                        format!("OpTypeForwardPointer %{id} is not followed by its OpTypePointer"),
                    );
                }
            }
            Op::Constant
            | Op::ConstantTrue
            | Op::ConstantFalse
            | Op::ConstantComposite
            | Op::ConstantNull
            | Op::ConstantCompositeReplicateEXT
            | Op::SpecConstant
            | Op::SpecConstantTrue
            | Op::SpecConstantFalse => self.constant_decl(inst)?,
            Op::Variable => {
                self.global_decl(inst)?;
                if let Some((_, g)) = self.module.global_variables.iter_mut().last() {
                    g.location = scope.module_line.clone();
                }
            }
            Op::Undef => {
                need(inst, 2)?;
                let t = self.ty(ops[0], o)?;
                let id = self.check_id(ops[1], o)?;
                self.values.insert(id, ModuleValue::Undef(t));
            }
            Op::Line => {
                let [file, line, column] = ops[..] else {
                    return err(o, "OpLine needs a file, a line and a column");
                };
                let file = self.strings.get(&file).cloned().ok_or(DeserializeError {
                    offset: o,
                    message: format!("OpLine file %{file} is not an OpString"),
                })?;
                scope.module_line = Some(Location { file, line, column });
                scope.line_pending = true;
            }
            Op::NoLine => {
                scope.module_line = None;
                scope.line_pending = false;
            }
            Op::Function => return self.function_decl(insts, i, scope.module_line.take()),
            Op::SpecConstantComposite | Op::SpecConstantCompositeReplicateEXT => {
                self.spec_composite_decl(inst)?
            }
            Op::SpecConstantOp => self.spec_operation_decl(inst)?,
            Op::ExtInst => self.non_semantic_decl(inst)?,
            other => return err(o, format!("unexpected {other:?} at module scope")),
        }
        Ok(i)
    }

    /// The header sections: capabilities, extensions, ext-inst imports, the memory model,
    /// entry points and execution modes (the last two resolved once functions are known).
    fn header_inst(
        &mut self,
        inst: &RawInst,
        used_sets: &HashSet<u32>,
        scope: &mut ModuleScope,
    ) -> Result<(), DeserializeError> {
        let o = inst.offset;
        let ops = &inst.ops;
        match inst.opcode {
            Op::Capability => {
                need(inst, 1)?;
                let c = spirv::Capability::from_u32(ops[0]).ok_or(DeserializeError {
                    offset: o,
                    message: format!("unknown capability {}", ops[0]),
                })?;
                if !self.module.capabilities.contains(&c) {
                    self.module.capabilities.push(c);
                }
            }
            Op::Extension => {
                need(inst, 1)?;
                let (s, _) = decode_string(ops, o)?;
                self.module.extensions.push(s);
            }
            Op::ExtInstImport => {
                need(inst, 2)?;
                let id = self.check_id(ops[0], o)?;
                let (s, _) = decode_string(&ops[1..], o)?;
                let Some(set) = ExtInstSet::from_name(&s) else {
                    let other = s.as_str();
                    return err(
                        o,
                        format!(
                            "extended instruction set `{other}` is not supported (kiln \
                             keeps unknown sets only when they are `NonSemantic.*`)"
                        ),
                    );
                };
                if !used_sets.contains(&id) {
                    self.module.ext_inst_imports.push(set.clone());
                }
                self.ext_sets.insert(id, set);
            }
            Op::MemoryModel => {
                need(inst, 2)?;
                self.module.addressing_model =
                    spirv::AddressingModel::from_u32(ops[0]).ok_or(DeserializeError {
                        offset: o,
                        message: "unknown addressing model".into(),
                    })?;
                self.module.memory_model =
                    spirv::MemoryModel::from_u32(ops[1]).ok_or(DeserializeError {
                        offset: o,
                        message: "unknown memory model".into(),
                    })?;
            }
            Op::EntryPoint => {
                need(inst, 3)?;
                let model = spirv::ExecutionModel::from_u32(ops[0]).ok_or(DeserializeError {
                    offset: o,
                    message: "unknown execution model".into(),
                })?;
                let f = self.check_id(ops[1], o)?;
                let (name, used) = decode_string(&ops[2..], o)?;
                let interface = ops[2 + used..].to_vec();
                scope.entry_points.push((o, model, f, name, interface));
            }
            Op::ExecutionMode | Op::ExecutionModeId => {
                need(inst, 2)?;
                let f = self.check_id(ops[0], o)?;
                let mode = spirv::ExecutionMode::from_u32(ops[1]).ok_or(DeserializeError {
                    offset: o,
                    message: format!("unknown execution mode {}", ops[1]),
                })?;
                let is_id = inst.opcode == Op::ExecutionModeId;
                scope.modes.push((o, is_id, f, mode, ops[2..].to_vec()));
            }
            _ => unreachable!("header_inst only gets header opcodes"),
        }
        Ok(())
    }

    /// Declares the function that begins at `insts[start]` (lifted after module scope);
    /// returns the index of its `OpFunctionEnd`.
    fn function_decl(
        &mut self,
        insts: &[RawInst],
        start: usize,
        location: Option<Location>,
    ) -> Result<usize, DeserializeError> {
        let inst = &insts[start];
        let o = inst.offset;
        let ops = &inst.ops;
        need(inst, 4)?;
        let id = self.check_id(ops[1], o)?;
        let name = self.name_of(id).unwrap_or_else(|| format!("function_{id}"));
        let result_type = self.ty(ops[0], o)?;
        let control = spirv::FunctionControl::from_bits_truncate(ops[2]);
        // Collect the function's instructions up to OpFunctionEnd.
        let mut end = start + 1;
        while end < insts.len() && insts[end].opcode != Op::FunctionEnd {
            if insts[end].opcode == Op::Function {
                return err(insts[end].offset, "OpFunction inside a function");
            }
            end += 1;
        }
        if end == insts.len() {
            return err(o, "function without OpFunctionEnd");
        }
        let fid = self.module.functions.append(Function {
            name,
            result_type,
            control,
            // A line ends with the function's last block.
            location,
            params: Vec::new(),
            param_decorations: Vec::new(),
            decorations: Vec::new(),
            prologue: Vec::new(),
            body: crate::arena::Handle::from_index(0),
            values: Arena::new(),
            ops: Arena::new(),
            blocks: Arena::new(),
            regions: Arena::new(),
        });
        self.module.functions[fid].decorations = self.decorations_of(id)?;
        self.function_ids.insert(id, fid);
        self.pending_functions.push((fid, start, end));
        Ok(end)
    }

    fn resolve_entry_points(
        &mut self,
        entry_points: Vec<RawEntryPoint>,
    ) -> Result<(), DeserializeError> {
        for (o, model, f, name, interface) in entry_points {
            let function = *self.function_ids.get(&f).ok_or(DeserializeError {
                offset: o,
                message: format!("entry point names %{f}, which is not a function"),
            })?;
            let mut globals = Vec::new();
            for id in interface {
                match self.values.get(&id) {
                    Some(ModuleValue::Global(g)) => globals.push(*g),
                    _ => {
                        return err(
                            o,
                            format!("entry point interface %{id} is not a global variable"),
                        )
                    }
                }
            }
            self.module.entry_points.push(EntryPoint {
                execution_model: model,
                function,
                name,
                interface: globals,
            });
        }
        Ok(())
    }

    fn resolve_execution_modes(
        &mut self,
        modes: Vec<RawExecutionMode>,
    ) -> Result<(), DeserializeError> {
        for (o, is_id, f, mode, operands) in modes {
            let function = *self.function_ids.get(&f).ok_or(DeserializeError {
                offset: o,
                message: format!("execution mode names %{f}, not a function"),
            })?;
            let mut out = Vec::new();
            for w in operands {
                out.push(if is_id {
                    match self.values.get(&w) {
                        Some(ModuleValue::Spec(s)) => ModeOperand::SpecConstant(*s),
                        Some(ModuleValue::Constant(_, ConstantValue::Int(v))) => {
                            ModeOperand::ConstantU32(*v as u32)
                        }
                        _ => {
                            return err(o, format!("execution mode operand %{w} is not a constant"))
                        }
                    }
                } else {
                    ModeOperand::Literal(w)
                });
            }
            self.module.execution_modes.push(ExecutionModeDecl {
                function,
                mode,
                operands: out,
            });
        }
        Ok(())
    }
}

fn is_type_opcode(op: Op) -> bool {
    matches!(
        op,
        Op::TypeVoid
            | Op::TypeBool
            | Op::TypeInt
            | Op::TypeFloat
            | Op::TypeVector
            | Op::TypeMatrix
            | Op::TypeArray
            | Op::TypeRuntimeArray
            | Op::TypeStruct
            | Op::TypePointer
            | Op::TypeFunction
            | Op::TypeCooperativeMatrixKHR
            | Op::TypeTensorLayoutNV
            | Op::TypeImage
            | Op::TypeSampler
            | Op::TypeSampledImage
    )
}

//! The module scope: header sections, ext-inst imports, spec constants, global variables,
//! entry points and execution modes in the logical layout's order, and the final
//! concatenation of the sections behind the header.

use super::*;

impl<'a> Serializer<'a> {
    pub(super) fn ext_set(&mut self, set: &ExtInstSet) -> u32 {
        if let Some(&id) = self.ext_sets.get(set) {
            return id;
        }
        let id = self.fresh();
        let mut ops = vec![id];
        ops.extend(string_words(set.name()));
        inst(&mut self.sec.ext_imports, Op::ExtInstImport, &ops);
        self.ext_sets.insert(set.clone(), id);
        id
    }

    pub(super) fn run(&mut self) -> Result<(), SerializeError> {
        let m = self.m;
        for &cap in &m.capabilities {
            inst(&mut self.sec.capabilities, Op::Capability, &[cap as u32]);
        }
        for ext in &m.extensions {
            inst(&mut self.sec.extensions, Op::Extension, &string_words(ext));
        }
        for set in &m.ext_inst_imports {
            self.ext_set(set);
        }
        inst(
            &mut self.sec.memory_model,
            Op::MemoryModel,
            &[m.addressing_model as u32, m.memory_model as u32],
        );
        self.debug_info();

        // Ids of module-scope entities first: functions may reference any of them.
        for _ in m.functions.iter() {
            let id = self.fresh();
            self.function_ids.push(id);
        }
        for (_, sc) in m.spec_constants.iter() {
            self.spec_constant(sc)?;
        }
        for (_, gv) in m.global_variables.iter() {
            self.global_variable(gv)?;
        }
        // After every global has its id: `<id>` operands may name globals declared later.
        for (g, gv) in m.global_variables.iter() {
            for d in &gv.decorations {
                self.decorate(self.global_ids[g.index()], None, d)?;
            }
        }

        self.non_semantic()?;
        for (t, name) in &m.type_names {
            let id = self.type_id(*t)?;
            self.name(id, &Some(name.clone()));
        }
        for (fid, _) in m.functions.iter() {
            self.function(fid)?;
        }

        for ep in &m.entry_points {
            self.entry_point(ep)?;
        }
        for em in &m.execution_modes {
            self.execution_mode(em)?;
        }
        Ok(())
    }

    /// A spec constant, its `SpecId` / `BuiltIn` decorations and its name.
    pub(super) fn spec_constant(&mut self, sc: &SpecConstant) -> Result<(), SerializeError> {
        let tid = self.type_id(sc.ty)?;
        let t = &self.ty_of(sc.ty)?;
        let id = self.fresh();
        let composite_words = self.spec_composite_words(sc, t)?;
        let operation_words = self.spec_operation_words(sc)?;
        let (opcode, words) = match (&sc.default, t) {
            _ if operation_words.is_some() => {
                (Op::SpecConstantOp, operation_words.unwrap_or_default())
            }
            _ if composite_words.is_some() && sc.replicate => (
                Op::SpecConstantCompositeReplicateEXT,
                composite_words.clone().unwrap_or_default(),
            ),
            _ if composite_words.is_some() => (
                Op::SpecConstantComposite,
                composite_words.clone().unwrap_or_default(),
            ),
            (ConstantValue::Bool(true), Type::Bool) => (Op::SpecConstantTrue, vec![]),
            (ConstantValue::Bool(false), Type::Bool) => (Op::SpecConstantFalse, vec![]),
            (ConstantValue::Int(b) | ConstantValue::Float(b), _) => (
                Op::SpecConstant,
                Self::scalar_words(t, *b).ok_or_else(|| SerializeError::BadConstant {
                    ty: t.clone(),
                    value: sc.default.clone(),
                })?,
            ),
            _ => {
                return Err(SerializeError::BadConstant {
                    ty: t.clone(),
                    value: sc.default.clone(),
                })
            }
        };
        let mut all = vec![tid, id];
        all.extend(words);
        inst(&mut self.sec.globals, opcode, &all);
        if let Some(spec_id) = sc.spec_id {
            inst(
                &mut self.sec.annotations,
                Op::Decorate,
                &[id, spirv::Decoration::SpecId as u32, spec_id],
            );
        }
        if let Some(b) = sc.builtin {
            inst(
                &mut self.sec.annotations,
                Op::Decorate,
                &[id, spirv::Decoration::BuiltIn as u32, b as u32],
            );
        }
        self.name(id, &sc.name);
        self.spec_ids.push(id);
        Ok(())
    }

    /// The constituent ids of a spec constant composite (`None` for any other spec constant).
    pub(super) fn spec_composite_words(
        &mut self,
        sc: &SpecConstant,
        t: &Type,
    ) -> Result<Option<Vec<u32>>, SerializeError> {
        Ok(match &sc.composite {
            Some(parts) if sc.replicate => {
                let (Some(part_type), [part]) = (replicated_type(t), parts.as_slice()) else {
                    return Err(SerializeError::Dangling(format!(
                        "replicated spec constant composite {:?}: {} constituents for type {t:?}",
                        sc.name,
                        parts.len()
                    )));
                };
                Some(vec![match part {
                    SpecConstituent::Spec(s) => *self.spec_ids.get(s.index()).ok_or_else(|| {
                        SerializeError::Dangling(format!(
                            "spec constant {s:?} used before its declaration"
                        ))
                    })?,
                    SpecConstituent::Constant(c) => self.constant_id(part_type, c)?,
                }])
            }
            Some(parts) => {
                let part_types: Vec<TypeId> = match t {
                    Type::Vector { component, .. } => vec![*component; parts.len()],
                    Type::Matrix { column, .. } => vec![*column; parts.len()],
                    Type::Array { element, .. } => vec![*element; parts.len()],
                    Type::Struct(st) => st.members.iter().map(|mem| mem.ty).collect(),
                    _ => vec![],
                };
                if part_types.len() != parts.len() {
                    return Err(SerializeError::Dangling(format!(
                        "spec constant composite {:?}: {} constituents for type {t:?}",
                        sc.name,
                        parts.len()
                    )));
                }
                let mut w = Vec::new();
                for (p, pt) in parts.iter().zip(part_types) {
                    w.push(match p {
                        SpecConstituent::Spec(s) => {
                            *self.spec_ids.get(s.index()).ok_or_else(|| {
                                SerializeError::Dangling(format!(
                                    "spec constant {s:?} used before its declaration"
                                ))
                            })?
                        }
                        SpecConstituent::Constant(c) => self.constant_id(pt, c)?,
                    });
                }
                Some(w)
            }
            None => None,
        })
    }

    /// The opcode and operand words of a spec constant operation (`None` for any other spec
    /// constant).
    pub(super) fn spec_operation_words(
        &mut self,
        sc: &SpecConstant,
    ) -> Result<Option<Vec<u32>>, SerializeError> {
        Ok(match &sc.operation {
            Some(op) => {
                let mut w = vec![op.opcode as u32];
                for o in &op.operands {
                    w.push(match o {
                        SpecOperand::Literal(x) => *x,
                        SpecOperand::Constant(ty, c) => self.constant_id(*ty, c)?,
                        SpecOperand::Spec(s) => *self.spec_ids.get(s.index()).ok_or_else(|| {
                            SerializeError::Dangling(format!(
                                "spec constant {s:?} used before its declaration"
                            ))
                        })?,
                    });
                }
                Some(w)
            }
            None => None,
        })
    }

    /// A global variable, its position, decorations (but those with `<id>` operands) and name.
    pub(super) fn global_variable(&mut self, gv: &GlobalVariable) -> Result<(), SerializeError> {
        let tid = self.type_id(gv.ty)?;
        let init = match (&gv.initializer, &self.ty_of(gv.ty)?) {
            (Some(v), Type::Pointer { pointee, .. }) => Some(self.constant_id(*pointee, v)?),
            _ => None,
        };
        let id = self.fresh();
        let mut w = vec![tid, id, gv.storage_class as u32];
        w.extend(init);
        // A position covers its variable alone: the types and constants emitted around it
        // (on first use) must not fall under it.
        if let Some(l) = &gv.location {
            let file = self.string_id(&l.file);
            inst(&mut self.sec.globals, Op::Line, &[file, l.line, l.column]);
        }
        inst(&mut self.sec.globals, Op::Variable, &w);
        if gv.location.is_some() {
            inst(&mut self.sec.globals, Op::NoLine, &[]);
        }
        let a = &mut self.sec.annotations;
        if let Some(set) = gv.descriptor_set {
            inst(
                a,
                Op::Decorate,
                &[id, spirv::Decoration::DescriptorSet as u32, set],
            );
        }
        if let Some(b) = gv.binding {
            inst(a, Op::Decorate, &[id, spirv::Decoration::Binding as u32, b]);
        }
        if let Some(bi) = gv.builtin {
            inst(
                a,
                Op::Decorate,
                &[id, spirv::Decoration::BuiltIn as u32, bi as u32],
            );
        }
        self.name(id, &gv.name);
        self.global_ids.push(id);
        Ok(())
    }

    /// An `OpEntryPoint` with its interface.
    pub(super) fn entry_point(&mut self, ep: &EntryPoint) -> Result<(), SerializeError> {
        let m = self.m;
        let fid = *self.function_ids.get(ep.function.index()).ok_or_else(|| {
            SerializeError::Dangling(format!("entry point function {:?}", ep.function))
        })?;
        // Before SPIR-V 1.4 the interface holds only Input / Output variables; from 1.4 on
        // every global the entry point uses.
        // The listed interface keeps its order (a round trip reproduces it), the used
        // globals it misses follow.
        let mut interface: Vec<GlobalVarId> = Vec::new();
        for g in ep
            .interface
            .iter()
            .copied()
            .chain(used_globals(m, ep.function))
        {
            if !interface.contains(&g) {
                interface.push(g);
            }
        }
        interface.retain(|&g| {
            m.global_variables.get(g).is_some_and(|v| {
                m.version >= Version::V1_4
                    || matches!(
                        v.storage_class,
                        spirv::StorageClass::Input | spirv::StorageClass::Output
                    )
            })
        });
        let mut w = vec![ep.execution_model as u32, fid];
        w.extend(string_words(&ep.name));
        for g in interface {
            w.push(self.global_ids[g.index()]);
        }
        inst(&mut self.sec.entry_points, Op::EntryPoint, &w);
        Ok(())
    }

    /// An `OpExecutionMode`, or `OpExecutionModeId` when an operand is a constant.
    pub(super) fn execution_mode(&mut self, em: &ExecutionModeDecl) -> Result<(), SerializeError> {
        let fid = *self.function_ids.get(em.function.index()).ok_or_else(|| {
            SerializeError::Dangling(format!("execution mode function {:?}", em.function))
        })?;
        let uses_ids = em
            .operands
            .iter()
            .any(|o| !matches!(o, ModeOperand::Literal(_)));
        let mut w = vec![fid, em.mode as u32];
        for o in &em.operands {
            w.push(match o {
                ModeOperand::Literal(v) => *v,
                ModeOperand::ConstantU32(v) => self.constant_u32(*v)?,
                ModeOperand::SpecConstant(s) => *self
                    .spec_ids
                    .get(s.index())
                    .ok_or_else(|| SerializeError::Dangling(format!("spec constant {s:?}")))?,
            });
        }
        let opcode = if uses_ids {
            Op::ExecutionModeId
        } else {
            Op::ExecutionMode
        };
        inst(&mut self.sec.execution_modes, opcode, &w);
        Ok(())
    }

    pub(super) fn finish(self) -> Vec<u32> {
        let s = self.sec;
        let mut out = vec![
            spirv::MAGIC_NUMBER,
            self.m.version.word(),
            GENERATOR,
            self.next_id,
            0,
        ];
        for part in [
            s.capabilities,
            s.extensions,
            s.ext_imports,
            s.memory_model,
            s.entry_points,
            s.execution_modes,
            s.debug_strings,
            s.debug_sources,
            s.names,
            s.module_processed,
            s.annotations,
            s.globals,
            s.functions,
        ] {
            out.extend(part);
        }
        out
    }
}

/// Globals used by `function` and the functions it calls or names as an operand (the function
/// `OpCooperativeMatrixPerElementOpNV` applies runs on behalf of the caller too).
pub(crate) fn used_globals(m: &Module, function: FunctionId) -> BTreeSet<GlobalVarId> {
    let mut seen = BTreeSet::new();
    let mut stack = vec![function];
    let mut out = BTreeSet::new();
    while let Some(fid) = stack.pop() {
        if !seen.insert(fid) {
            continue;
        }
        let Some(f) = m.functions.get(fid) else {
            continue;
        };
        for (_, op) in f.ops.iter() {
            match &op.kind {
                OpKind::AddressOf(g) if m.global_variables.contains(*g) => {
                    out.insert(*g);
                }
                kind => stack.extend(crate::verify::referenced_functions(kind)),
            }
        }
    }
    out
}

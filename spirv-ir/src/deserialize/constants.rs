//! Constants, spec constants and global variables at module scope.

use super::*;

impl Deserializer {
    pub(super) fn scalar_bits(
        t: &Type,
        words: &[u32],
        o: usize,
    ) -> Result<ConstantValue, DeserializeError> {
        let (width, is_float) = match t {
            Type::Int { width, .. } => (*width, false),
            Type::Float { width, .. } => (*width, true),
            _ => return err(o, "numeric constant of a non-numeric type"),
        };
        let expected = if width == 64 { 2 } else { 1 };
        if words.len() != expected {
            return err(
                o,
                format!(
                    "{width}-bit constant needs {expected} literal words, has {}",
                    words.len()
                ),
            );
        }
        let bits = if width == 64 {
            u64::from(words[0]) | (u64::from(words[1]) << 32)
        } else {
            u64::from(words[0]) & ((1u64 << width) - 1)
        };
        Ok(if is_float {
            ConstantValue::Float(bits)
        } else {
            ConstantValue::Int(bits)
        })
    }

    pub(super) fn constant_decl(&mut self, inst: &RawInst) -> Result<(), DeserializeError> {
        let o = inst.offset;
        let ops = &inst.ops;
        if ops.len() < 2 {
            return err(o, format!("{:?} needs a result type and id", inst.opcode));
        }
        let ty = self.ty(ops[0], o)?;
        let id = self.check_id(ops[1], o)?;
        let t = self.module.types[ty].clone();
        let value = match inst.opcode {
            Op::ConstantTrue | Op::SpecConstantTrue => ConstantValue::Bool(true),
            Op::ConstantFalse | Op::SpecConstantFalse => ConstantValue::Bool(false),
            Op::Constant | Op::SpecConstant => Self::scalar_bits(&t, &ops[2..], o)?,
            Op::ConstantNull => ConstantValue::Null,
            Op::ConstantComposite => {
                let mut parts = Vec::new();
                for &p in &ops[2..] {
                    match self.values.get(&p) {
                        Some(ModuleValue::Constant(_, v)) => parts.push(v.clone()),
                        _ => return err(o, format!("constituent %{p} is not a constant")),
                    }
                }
                ConstantValue::Composite(parts)
            }
            Op::ConstantCompositeReplicateEXT => {
                match (ops.len(), ops.get(2).and_then(|p| self.values.get(p))) {
                    (3, Some(ModuleValue::Constant(_, v))) => {
                        ConstantValue::Replicate(Box::new(v.clone()))
                    }
                    _ => {
                        return err(
                            o,
                            "OpConstantCompositeReplicateEXT needs one constant constituent",
                        )
                    }
                }
            }
            _ => unreachable!("constant_decl only gets constant opcodes"),
        };
        if self.values.contains_key(&id) || self.types.contains_key(&id) {
            return err(o, format!("%{id} defined twice"));
        }
        let is_spec = matches!(
            inst.opcode,
            Op::SpecConstant | Op::SpecConstantTrue | Op::SpecConstantFalse
        );
        if is_spec {
            let spec_id = self.decoration_literal(id, spirv::Decoration::SpecId);
            self.take_only(id, &[spirv::Decoration::SpecId])?;
            let s = self.module.spec_constants.append(SpecConstant {
                name: self.name_of(id),
                spec_id,
                ty,
                default: value,
                composite: None,
                builtin: None,
                replicate: false,
                operation: None,
            });
            self.values.insert(id, ModuleValue::Spec(s));
        } else {
            // glslang decorates its `gl_WorkGroupSize` constant `BuiltIn WorkgroupSize`: the
            // constant says what the `LocalSize` execution mode says, and constants are uniqued
            // values in the IR, so the decoration is dropped (the only one dropped).
            let workgroup_size = self.decorations.get(&id).is_some_and(|ds| {
                ds.iter().all(|d| {
                    d.decoration.kind == spirv::Decoration::BuiltIn
                        && d.decoration.operands == [spirv::BuiltIn::WorkgroupSize as u32]
                })
            });
            if workgroup_size {
                self.decorations_taken.borrow_mut().insert(id);
            }
            self.values.insert(id, ModuleValue::Constant(ty, value));
        }
        Ok(())
    }

    pub(super) fn spec_composite_decl(&mut self, inst: &RawInst) -> Result<(), DeserializeError> {
        let o = inst.offset;
        let ops = &inst.ops;
        if ops.len() < 2 {
            return err(o, "OpSpecConstantComposite needs a result type and id");
        }
        let ty = self.ty(ops[0], o)?;
        let id = self.check_id(ops[1], o)?;
        if self.values.contains_key(&id) || self.types.contains_key(&id) {
            return err(o, format!("%{id} defined twice"));
        }
        if inst.opcode == Op::SpecConstantCompositeReplicateEXT && ops.len() != 3 {
            return err(
                o,
                "OpSpecConstantCompositeReplicateEXT needs one constituent",
            );
        }
        let mut constituents = Vec::new();
        for &c in &ops[2..] {
            constituents.push(match self.values.get(&c) {
                Some(ModuleValue::Spec(s)) => SpecConstituent::Spec(*s),
                Some(ModuleValue::Constant(_, v)) => SpecConstituent::Constant(v.clone()),
                _ => {
                    return err(
                        o,
                        format!("constituent %{c} is not a constant or spec constant"),
                    )
                }
            });
        }
        let mut builtin = None;
        self.take_only(id, &[spirv::Decoration::BuiltIn])?;
        for d in self.decorations_of(id)? {
            if let (spirv::Decoration::BuiltIn, Some(&b)) = (d.kind, d.operands.first()) {
                builtin = spirv::BuiltIn::from_u32(b);
            }
        }
        let s = self.module.spec_constants.append(SpecConstant {
            name: self.name_of(id),
            spec_id: None,
            ty,
            default: ConstantValue::Null,
            composite: Some(constituents),
            builtin,
            replicate: inst.opcode == Op::SpecConstantCompositeReplicateEXT,
            operation: None,
        });
        self.values.insert(id, ModuleValue::Spec(s));
        Ok(())
    }

    /// `OpSpecConstantOp`: the wrapped opcode's operands by its grammar, ids naming (spec)
    /// constants.
    pub(super) fn spec_operation_decl(&mut self, inst: &RawInst) -> Result<(), DeserializeError> {
        let o = inst.offset;
        let ops = &inst.ops;
        if ops.len() < 3 {
            return err(
                o,
                "OpSpecConstantOp needs a result type, an id and an opcode",
            );
        }
        let ty = self.ty(ops[0], o)?;
        let id = self.check_id(ops[1], o)?;
        if self.values.contains_key(&id) || self.types.contains_key(&id) {
            return err(o, format!("%{id} defined twice"));
        }
        let grammar = rspirv::grammar::INSTRUCTION_TABLE
            .lookup_opcode(ops[2])
            .ok_or(DeserializeError {
                offset: o,
                message: format!("OpSpecConstantOp wraps unknown opcode {}", ops[2]),
            })?;
        let kinds: Vec<OperandKind> = grammar
            .operands
            .iter()
            .filter(|x| !matches!(x.kind, OperandKind::IdResultType | OperandKind::IdResult))
            .map(|x| x.kind)
            .collect();
        let mut operands = Vec::new();
        for (i, &w) in ops[3..].iter().enumerate() {
            // Trailing words repeat the last operand kind (`OpVectorShuffle`'s components).
            let kind = kinds.get(i).or(kinds.last()).copied();
            operands.push(match kind {
                Some(OperandKind::IdRef) => match self.values.get(&w) {
                    Some(ModuleValue::Spec(s)) => SpecOperand::Spec(*s),
                    Some(ModuleValue::Constant(t, c)) => SpecOperand::Constant(*t, c.clone()),
                    _ => {
                        return err(
                            o,
                            format!(
                            "OpSpecConstantOp operand %{w} is not a constant declared before it"
                        ),
                        )
                    }
                },
                _ => SpecOperand::Literal(w),
            });
        }
        let s = self.module.spec_constants.append(SpecConstant {
            name: self.name_of(id),
            spec_id: None,
            ty,
            default: ConstantValue::Null,
            composite: None,
            builtin: None,
            replicate: false,
            operation: Some(SpecOperation {
                opcode: grammar.opcode,
                operands,
            }),
        });
        self.values.insert(id, ModuleValue::Spec(s));
        Ok(())
    }

    pub(super) fn global_decl(&mut self, inst: &RawInst) -> Result<(), DeserializeError> {
        let o = inst.offset;
        let ops = &inst.ops;
        if ops.len() < 3 || ops.len() > 4 {
            return err(o, "OpVariable needs 3 or 4 operands");
        }
        let ty = self.ty(ops[0], o)?;
        let id = self.check_id(ops[1], o)?;
        let storage_class = spirv::StorageClass::from_u32(ops[2]).ok_or(DeserializeError {
            offset: o,
            message: format!("unknown storage class {}", ops[2]),
        })?;
        if storage_class == spirv::StorageClass::Function {
            return err(o, "Function-storage OpVariable at module scope");
        }
        let initializer = match ops.get(3) {
            Some(init) => match self.values.get(init) {
                Some(ModuleValue::Constant(_, v)) => Some(v.clone()),
                _ => return err(o, format!("initializer %{init} is not a constant")),
            },
            None => None,
        };
        let mut gv = GlobalVariable {
            name: self.name_of(id),
            ty,
            storage_class,
            initializer,
            descriptor_set: None,
            binding: None,
            builtin: None,
            decorations: Vec::new(),
            location: None,
        };
        // `<id>` operands may name globals declared later (`CounterBuffer`): those decorations
        // are resolved at the end of the module scope.
        let raw = self.decorations.get(&id).cloned().unwrap_or_default();
        let has_ids = raw.iter().any(|d| !d.ids.is_empty());
        self.decorations_taken.borrow_mut().insert(id);
        for d in raw.into_iter().filter(|d| d.ids.is_empty()) {
            let d = d.decoration;
            let first = d.operands.first().copied();
            match (d.kind, first) {
                (spirv::Decoration::DescriptorSet, Some(v)) => gv.descriptor_set = Some(v),
                (spirv::Decoration::Binding, Some(v)) => gv.binding = Some(v),
                (spirv::Decoration::BuiltIn, Some(v)) => {
                    gv.builtin = Some(spirv::BuiltIn::from_u32(v).ok_or(DeserializeError {
                        offset: o,
                        message: format!("unknown builtin {v}"),
                    })?)
                }
                _ => gv.decorations.push(d),
            }
        }
        let g = self.module.global_variables.append(gv);
        if has_ids {
            self.deferred_global_decorations.push((g, id));
        }
        self.values.insert(id, ModuleValue::Global(g));
        Ok(())
    }
}

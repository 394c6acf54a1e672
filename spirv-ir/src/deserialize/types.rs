//! Type declarations, forward-declared pointers and self-containing types included.

use super::*;

impl Deserializer {
    /// Lifts the type declared by `insts[at]`, first lifting the types it names that are
    /// declared further down (reachable only through `OpTypeForwardPointer`). A type that
    /// contains itself (a linked list of buffer references) goes through a pointer: that
    /// pointer's handle is reserved first and filled once its pointee is lifted.
    pub(super) fn type_with_forward_references(
        &mut self,
        at: usize,
        insts: &[RawInst],
        type_insts: &HashMap<u32, usize>,
        in_progress: &mut Vec<u32>,
    ) -> Result<(), DeserializeError> {
        let inst = &insts[at];
        let id = inst.ops.first().copied().unwrap_or(0);
        let named: &[u32] = match inst.opcode {
            Op::TypeStruct | Op::TypeFunction => inst.ops.get(1..).unwrap_or(&[]),
            Op::TypePointer => inst.ops.get(2..3).unwrap_or(&[]),
            Op::TypeVector
            | Op::TypeMatrix
            | Op::TypeArray
            | Op::TypeRuntimeArray
            | Op::TypeImage
            | Op::TypeSampledImage => inst.ops.get(1..2).unwrap_or(&[]),
            _ => &[],
        };
        let is_pointer = |x: u32| {
            type_insts
                .get(&x)
                .is_some_and(|&a| insts[a].opcode == Op::TypePointer)
        };
        in_progress.push(id);
        for &t in named {
            if self.types.contains_key(&t) {
                continue;
            }
            if in_progress.contains(&t) {
                // A cycle: it closes through a pointer, whose handle is reserved now.
                if is_pointer(t) {
                    let h = self.module.types.reserve(Type::Void);
                    self.reserved_types.insert(t, h);
                    self.types.insert(t, h);
                    continue;
                }
                if inst.opcode == Op::TypePointer {
                    let h = self.module.types.reserve(Type::Void);
                    self.reserved_types.insert(id, h);
                    self.types.insert(id, h);
                    in_progress.pop();
                    return Ok(());
                }
                return err(
                    inst.offset,
                    format!("recursive type: %{t} contains itself but not through a pointer"),
                );
            }
            if let Some(&later) = type_insts.get(&t) {
                self.type_with_forward_references(later, insts, type_insts, in_progress)?;
            }
        }
        in_progress.pop();
        self.type_decl(inst)
    }

    pub(super) fn type_decl(&mut self, inst: &RawInst) -> Result<(), DeserializeError> {
        let o = inst.offset;
        let ops = &inst.ops;
        if ops.is_empty() {
            return err(o, format!("{:?} without a result id", inst.opcode));
        }
        let id = self.check_id(ops[0], o)?;
        let t = match inst.opcode {
            Op::TypeVoid
            | Op::TypeBool
            | Op::TypeInt
            | Op::TypeFloat
            | Op::TypeVector
            | Op::TypeMatrix => self.scalar_or_vector_type(inst)?,
            Op::TypeArray | Op::TypeRuntimeArray | Op::TypeStruct => {
                self.aggregate_type(inst, id)?
            }
            _ => self.other_type(inst, id)?,
        };
        let reserved = self.reserved_types.contains_key(&id);
        if (self.types.contains_key(&id) && !reserved) || self.values.contains_key(&id) {
            return err(o, format!("%{id} defined twice"));
        }
        match &t {
            Type::Array { .. }
            | Type::RuntimeArray { .. }
            | Type::SpecArray { .. }
            | Type::Pointer { .. } => self.take_only(id, &[spirv::Decoration::ArrayStride])?,
            Type::Struct(_) => {}
            _ => self.take_only(id, &[])?,
        }
        if let Some(h) = self.reserved_types.remove(&id) {
            // A cycle closes through this pointer: it must lead to a struct (which holds
            // the pointer), never straight back to itself.
            let to_struct = matches!(
                &t,
                Type::Pointer { pointee, .. }
                    if *pointee != h && matches!(self.module.types.get(*pointee), Some(Type::Struct(_)))
            );
            if !to_struct {
                return err(o, format!("%{id} contains itself but not through a struct"));
            }
            let named = !matches!(t, Type::Struct(_));
            self.module.types.fill(h, t);
            if named {
                self.type_name(id, h, o)?;
            }
            return Ok(());
        }
        let named = !matches!(t, Type::Struct(_));
        let handle = self.module.types.intern(t);
        self.types.insert(id, handle);
        if named {
            self.type_name(id, handle, o)?;
        }
        Ok(())
    }

    /// Void, bool, int, float, vector and matrix types.
    fn scalar_or_vector_type(&self, inst: &RawInst) -> Result<Type, DeserializeError> {
        let o = inst.offset;
        let ops = &inst.ops;
        Ok(match inst.opcode {
            Op::TypeVoid => {
                want_operands(inst, 1)?;
                Type::Void
            }
            Op::TypeBool => {
                want_operands(inst, 1)?;
                Type::Bool
            }
            Op::TypeInt => {
                want_operands(inst, 3)?;
                if !matches!(ops[1], 8 | 16 | 32 | 64) {
                    return err(o, format!("unsupported integer width {}", ops[1]));
                }
                Type::Int {
                    width: ops[1],
                    signed: ops[2] != 0,
                }
            }
            Op::TypeFloat => {
                let encoding = match ops.len() {
                    2 => None,
                    3 => match spirv::FPEncoding::from_u32(ops[2]) {
                        Some(e @ spirv::FPEncoding::BFloat16KHR) => Some(e),
                        Some(e) => {
                            return err(o, format!("OpTypeFloat encoding {e:?} is not supported"))
                        }
                        None => return err(o, format!("unknown FP encoding {}", ops[2])),
                    },
                    _ => return err(o, "OpTypeFloat needs a width and at most an encoding"),
                };
                let t = Type::Float {
                    width: ops[1],
                    encoding,
                };
                let width_ok = match encoding {
                    None => matches!(ops[1], 16 | 32 | 64),
                    Some(_) => t == Type::BF16,
                };
                if !width_ok {
                    return err(o, format!("unsupported float width {}", ops[1]));
                }
                t
            }
            Op::TypeVector => {
                want_operands(inst, 3)?;
                if !matches!(ops[2], 2 | 3 | 4 | 8 | 16) {
                    return err(
                        o,
                        format!("a vector has 2, 3, 4, 8 or 16 components, not {}", ops[2]),
                    );
                }
                Type::Vector {
                    component: self.ty(ops[1], o)?,
                    count: ops[2],
                }
            }
            Op::TypeMatrix => {
                want_operands(inst, 3)?;
                if !matches!(ops[2], 2..=4) {
                    return err(o, format!("a matrix has 2, 3 or 4 columns, not {}", ops[2]));
                }
                Type::Matrix {
                    column: self.ty(ops[1], o)?,
                    columns: ops[2],
                }
            }
            _ => unreachable!("scalar_or_vector_type only gets its own opcodes"),
        })
    }

    /// Array, runtime array and struct types, their decorations folded in.
    fn aggregate_type(&self, inst: &RawInst, id: u32) -> Result<Type, DeserializeError> {
        let o = inst.offset;
        let ops = &inst.ops;
        let stride = || self.decoration_literal(id, spirv::Decoration::ArrayStride);
        Ok(match inst.opcode {
            Op::TypeArray => {
                want_operands(inst, 3)?;
                match self.values.get(&ops[2]) {
                    Some(ModuleValue::Spec(s)) => Type::SpecArray {
                        element: self.ty(ops[1], o)?,
                        length: *s,
                        stride: stride(),
                    },
                    _ => Type::Array {
                        element: self.ty(ops[1], o)?,
                        length: self.const_u32(ops[2], o)?,
                        stride: stride(),
                    },
                }
            }
            Op::TypeRuntimeArray => {
                want_operands(inst, 2)?;
                Type::RuntimeArray {
                    element: self.ty(ops[1], o)?,
                    stride: stride(),
                }
            }
            Op::TypeStruct => {
                let mut members = Vec::new();
                for (i, &m) in ops[1..].iter().enumerate() {
                    let mut decorations = self
                        .member_decorations
                        .get(&(id, i as u32))
                        .cloned()
                        .unwrap_or_default();
                    let offset = decorations
                        .iter()
                        .position(|d| d.kind == spirv::Decoration::Offset)
                        .map(|p| decorations.remove(p))
                        .and_then(|d| d.operands.first().copied());
                    members.push(StructMember {
                        name: self.member_names.get(&(id, i as u32)).cloned(),
                        ty: self.ty(m, o)?,
                        offset,
                        decorations,
                    });
                }
                let mut decorations = self.decorations_of(id)?;
                let block = decorations
                    .iter()
                    .any(|d| d.kind == spirv::Decoration::Block);
                decorations.retain(|d| d.kind != spirv::Decoration::Block);
                Type::Struct(StructType {
                    name: self.name_of(id),
                    members,
                    block,
                    decorations,
                })
            }
            _ => unreachable!("aggregate_type only gets its own opcodes"),
        })
    }

    /// Pointer, function, cooperative matrix, image, sampler and tensor layout types.
    fn other_type(&self, inst: &RawInst, id: u32) -> Result<Type, DeserializeError> {
        let o = inst.offset;
        let ops = &inst.ops;
        let stride = || self.decoration_literal(id, spirv::Decoration::ArrayStride);
        Ok(match inst.opcode {
            Op::TypePointer => {
                want_operands(inst, 3)?;
                let storage_class =
                    spirv::StorageClass::from_u32(ops[1]).ok_or(DeserializeError {
                        offset: o,
                        message: format!("unknown storage class {}", ops[1]),
                    })?;
                Type::Pointer {
                    pointee: self.ty(ops[2], o)?,
                    storage_class,
                    stride: stride(),
                }
            }
            Op::TypeFunction => {
                if ops.len() < 2 {
                    return err(o, "OpTypeFunction without a return type");
                }
                let result = self.ty(ops[1], o)?;
                let params = ops[2..]
                    .iter()
                    .map(|&p| self.ty(p, o))
                    .collect::<Result<_, _>>()?;
                Type::Function { result, params }
            }
            Op::TypeCooperativeMatrixKHR => {
                want_operands(inst, 6)?;
                let scope =
                    spirv::Scope::from_u32(self.const_u32(ops[2], o)?).ok_or(DeserializeError {
                        offset: o,
                        message: "bad cooperative matrix scope".into(),
                    })?;
                let usage = spirv::CooperativeMatrixUse::from_u32(self.const_u32(ops[5], o)?)
                    .ok_or(DeserializeError {
                        offset: o,
                        message: "bad cooperative matrix use".into(),
                    })?;
                Type::CooperativeMatrix {
                    component: self.ty(ops[1], o)?,
                    scope,
                    rows: self.const_u32(ops[3], o)?,
                    columns: self.const_u32(ops[4], o)?,
                    usage,
                }
            }
            Op::TypeImage => {
                if ops.len() != 8 && ops.len() != 9 {
                    return err(o, "OpTypeImage needs 8 or 9 operands");
                }
                let dim = spirv::Dim::from_u32(ops[2]).ok_or(DeserializeError {
                    offset: o,
                    message: format!("unknown image dim {}", ops[2]),
                })?;
                let format = spirv::ImageFormat::from_u32(ops[7]).ok_or(DeserializeError {
                    offset: o,
                    message: format!("unknown image format {}", ops[7]),
                })?;
                let access = match ops.get(8) {
                    Some(&a) => {
                        Some(spirv::AccessQualifier::from_u32(a).ok_or(DeserializeError {
                            offset: o,
                            message: format!("unknown access qualifier {a}"),
                        })?)
                    }
                    None => None,
                };
                if ops[3] > 2 || ops[4] > 1 || ops[5] > 1 || ops[6] > 2 {
                    return err(o, "OpTypeImage depth / arrayed / MS / sampled out of range");
                }
                Type::Image {
                    sampled_type: self.ty(ops[1], o)?,
                    dim,
                    depth: ops[3],
                    arrayed: ops[4] == 1,
                    multisampled: ops[5] == 1,
                    sampled: ops[6],
                    format,
                    access,
                }
            }
            Op::TypeSampler => {
                want_operands(inst, 1)?;
                Type::Sampler
            }
            Op::TypeSampledImage => {
                want_operands(inst, 2)?;
                Type::SampledImage {
                    image: self.ty(ops[1], o)?,
                }
            }
            Op::TypeTensorLayoutNV => {
                want_operands(inst, 3)?;
                let clamp_mode = spirv::TensorClampMode::from_u32(self.const_u32(ops[2], o)?)
                    .ok_or(DeserializeError {
                        offset: o,
                        message: "bad tensor clamp mode".into(),
                    })?;
                Type::TensorLayout {
                    dim: self.const_u32(ops[1], o)?,
                    clamp_mode,
                }
            }
            _ => unreachable!("other_type only gets its own opcodes"),
        })
    }

    /// Keeps the `OpName` of non-struct type `id` (lifted as `handle`) in
    /// `Module::type_names`. Equal types are one type in the IR, so two of them named
    /// differently (aggregates may be declared twice) cannot both keep their names: an error.
    pub(super) fn type_name(
        &mut self,
        id: u32,
        handle: TypeId,
        o: usize,
    ) -> Result<(), DeserializeError> {
        let Some(name) = self.name_of(id) else {
            return Ok(());
        };
        match self.module.type_names.iter().find(|(t, _)| *t == handle) {
            Some((_, old)) if *old != name => err(
                o,
                format!(
                    "type %{id} named {name:?} equals a type named {old:?}: kiln's IR has one \
                     type for both and cannot keep both names"
                ),
            ),
            Some(_) => Ok(()),
            None => {
                self.module.type_names.push((handle, name));
                Ok(())
            }
        }
    }
}

/// Fails unless `inst` has exactly `n` operands.
fn want_operands(inst: &RawInst, n: usize) -> Result<(), DeserializeError> {
    if inst.ops.len() != n {
        return err(
            inst.offset,
            format!(
                "{:?} needs {n} operands, has {}",
                inst.opcode,
                inst.ops.len()
            ),
        );
    }
    Ok(())
}

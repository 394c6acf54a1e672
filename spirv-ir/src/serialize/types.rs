//! Types, emitted on first use after their dependencies, with their layout decorations and
//! names; decorations of any target.

use super::*;

impl<'a> Serializer<'a> {
    pub(super) fn type_id(&mut self, ty: TypeId) -> Result<u32, SerializeError> {
        if let Some(&id) = self.type_ids.get(&ty) {
            return Ok(id);
        }
        if let Some(&id) = self.forward_pointer_ids.get(&ty) {
            return Ok(id);
        }
        let t = self.ty_of(ty)?;
        if self.pointers_in_progress.contains(&ty) {
            // A type that contains itself through this pointer (a linked list of buffer
            // references): declare the pointer before its pointee.
            let Type::Pointer { storage_class, .. } = t else {
                unreachable!("only pointers are in progress")
            };
            let id = self.fresh();
            inst(
                &mut self.sec.globals,
                Op::TypeForwardPointer,
                &[id, storage_class as u32],
            );
            self.forward_pointer_ids.insert(ty, id);
            return Ok(id);
        }
        let (opcode, ops) = self.type_operands(ty, &t)?;
        let id = match self.forward_pointer_ids.get(&ty) {
            Some(&id) => id,
            None => self.fresh(),
        };
        let mut all = vec![id];
        all.extend(ops);
        inst(&mut self.sec.globals, opcode, &all);
        self.type_ids.insert(ty, id);
        // Layout decorations live in the type.
        match &t {
            Type::Array {
                stride: Some(s), ..
            }
            | Type::RuntimeArray {
                stride: Some(s), ..
            }
            | Type::SpecArray {
                stride: Some(s), ..
            }
            | Type::Pointer {
                stride: Some(s), ..
            } => {
                inst(
                    &mut self.sec.annotations,
                    Op::Decorate,
                    &[id, spirv::Decoration::ArrayStride as u32, *s],
                );
            }
            Type::Struct(s) => {
                self.name(id, &s.name);
                for (i, member) in s.members.iter().enumerate() {
                    if let (true, Some(n)) = (self.options.emit_names, &member.name) {
                        let mut w = vec![id, i as u32];
                        w.extend(string_words(n));
                        inst(&mut self.sec.names, Op::MemberName, &w);
                    }
                }
                if s.block {
                    inst(
                        &mut self.sec.annotations,
                        Op::Decorate,
                        &[id, spirv::Decoration::Block as u32],
                    );
                }
                for d in &s.decorations {
                    self.decorate(id, None, d)?;
                }
                for (i, member) in s.members.iter().enumerate() {
                    if let Some(off) = member.offset {
                        inst(
                            &mut self.sec.annotations,
                            Op::MemberDecorate,
                            &[id, i as u32, spirv::Decoration::Offset as u32, off],
                        );
                    }
                    for d in &member.decorations {
                        self.decorate(id, Some(i as u32), d)?;
                    }
                }
            }
            _ => {}
        }
        Ok(id)
    }

    /// The opcode and operands of scalar, vector, matrix, array and struct types (of the
    /// others through [`Self::other_type_operands`]).
    pub(super) fn type_operands(
        &mut self,
        ty: TypeId,
        t: &Type,
    ) -> Result<(Op, Vec<u32>), SerializeError> {
        let mut ops = Vec::new();
        let opcode = match t {
            Type::Void => Op::TypeVoid,
            Type::Bool => Op::TypeBool,
            Type::Int { width, signed } => {
                ops = vec![*width, u32::from(*signed)];
                Op::TypeInt
            }
            Type::Float { width, encoding } => {
                ops = vec![*width];
                ops.extend(encoding.map(|e| e as u32));
                Op::TypeFloat
            }
            Type::Vector { component, count } => {
                ops = vec![self.type_id(*component)?, *count];
                Op::TypeVector
            }
            Type::Matrix { column, columns } => {
                ops = vec![self.type_id(*column)?, *columns];
                Op::TypeMatrix
            }
            Type::Array {
                element, length, ..
            } => {
                let e = self.type_id(*element)?;
                let len = self.constant_u32(*length)?;
                ops = vec![e, len];
                Op::TypeArray
            }
            Type::RuntimeArray { element, .. } => {
                ops = vec![self.type_id(*element)?];
                Op::TypeRuntimeArray
            }
            Type::SpecArray {
                element, length, ..
            } => {
                let e = self.type_id(*element)?;
                let len = *self.spec_ids.get(length.index()).ok_or_else(|| {
                    SerializeError::Dangling(format!(
                        "array length spec constant {length:?} used before its declaration"
                    ))
                })?;
                ops = vec![e, len];
                Op::TypeArray
            }
            Type::Struct(s) => {
                for member in &s.members {
                    ops.push(self.type_id(member.ty)?);
                }
                Op::TypeStruct
            }
            _ => return self.other_type_operands(ty, t),
        };
        Ok((opcode, ops))
    }

    /// The opcode and operands of pointer, function, cooperative matrix, tensor layout and
    /// image types.
    pub(super) fn other_type_operands(
        &mut self,
        ty: TypeId,
        t: &Type,
    ) -> Result<(Op, Vec<u32>), SerializeError> {
        let mut ops = Vec::new();
        let opcode = match t {
            Type::Pointer {
                pointee,
                storage_class,
                ..
            } => {
                self.pointers_in_progress.push(ty);
                let pointee = self.type_id(*pointee);
                self.pointers_in_progress.pop();
                ops = vec![*storage_class as u32, pointee?];
                Op::TypePointer
            }
            Type::Function { result, params } => {
                ops.push(self.type_id(*result)?);
                for p in params {
                    ops.push(self.type_id(*p)?);
                }
                Op::TypeFunction
            }
            Type::CooperativeMatrix {
                component,
                scope,
                rows,
                columns,
                usage,
            } => {
                ops = vec![
                    self.type_id(*component)?,
                    self.constant_u32(*scope as u32)?,
                    self.constant_u32(*rows)?,
                    self.constant_u32(*columns)?,
                    self.constant_u32(*usage as u32)?,
                ];
                Op::TypeCooperativeMatrixKHR
            }
            Type::TensorLayout { dim, clamp_mode } => {
                ops = vec![
                    self.constant_u32(*dim)?,
                    self.constant_u32(*clamp_mode as u32)?,
                ];
                Op::TypeTensorLayoutNV
            }
            Type::Image {
                sampled_type,
                dim,
                depth,
                arrayed,
                multisampled,
                sampled,
                format,
                access,
            } => {
                ops = vec![
                    self.type_id(*sampled_type)?,
                    *dim as u32,
                    *depth,
                    u32::from(*arrayed),
                    u32::from(*multisampled),
                    *sampled,
                    *format as u32,
                ];
                ops.extend(access.map(|a| a as u32));
                Op::TypeImage
            }
            Type::Sampler => Op::TypeSampler,
            Type::SampledImage { image } => {
                ops = vec![self.type_id(*image)?];
                Op::TypeSampledImage
            }
            _ => unreachable!("type_operands lowers the other types"),
        };
        Ok((opcode, ops))
    }

    /// Writes decoration `d` of `target` (of its `member`): `OpDecorateId` for `<id>` operands,
    /// `OpDecorateString` for strings, else `OpDecorate`.
    pub(super) fn decorate(
        &mut self,
        target: u32,
        member: Option<u32>,
        d: &Decoration,
    ) -> Result<(), SerializeError> {
        let mut w = vec![target];
        w.extend(member);
        w.push(d.kind as u32);
        w.extend(&d.operands);
        for s in &d.strings {
            w.extend(string_words(s));
        }
        for id in &d.ids {
            w.push(match id {
                DecorationId::Constant(ty, c) => self.constant_id(*ty, c)?,
                DecorationId::GlobalVariable(g) => {
                    *self.global_ids.get(g.index()).ok_or_else(|| {
                        SerializeError::Dangling(format!("global variable {g:?} in {:?}", d.kind))
                    })?
                }
                DecorationId::SpecConstant(sc) => {
                    *self.spec_ids.get(sc.index()).ok_or_else(|| {
                        SerializeError::Dangling(format!("spec constant {sc:?} in {:?}", d.kind))
                    })?
                }
            });
        }
        let opcode = match (member.is_some(), d.ids.is_empty(), d.strings.is_empty()) {
            (false, false, _) => Op::DecorateId,
            (false, true, false) => Op::DecorateString,
            (false, true, true) => Op::Decorate,
            (true, true, false) => Op::MemberDecorateString,
            (true, true, true) => Op::MemberDecorate,
            (true, false, _) => {
                return Err(SerializeError::Dangling(format!(
                    "member decoration {:?} with <id> operands",
                    d.kind
                )))
            }
        };
        inst(&mut self.sec.annotations, opcode, &w);
        Ok(())
    }
}

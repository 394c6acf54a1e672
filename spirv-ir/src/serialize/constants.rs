//! Constants and undefs, uniqued per (type, value) at module scope.

use super::*;

impl<'a> Serializer<'a> {
    pub(super) fn undef_id(&mut self, ty: TypeId) -> Result<u32, SerializeError> {
        if let Some(&id) = self.undef_ids.get(&ty) {
            return Ok(id);
        }
        let tid = self.type_id(ty)?;
        let id = self.fresh();
        inst(&mut self.sec.globals, Op::Undef, &[tid, id]);
        self.undef_ids.insert(ty, id);
        Ok(id)
    }

    pub(super) fn constant_u32(&mut self, value: u32) -> Result<u32, SerializeError> {
        let ty = self.types.intern(Type::Int {
            width: 32,
            signed: false,
        });
        self.constant_id(ty, &ConstantValue::Int(u64::from(value)))
    }

    /// The literal words of a scalar constant of type `t`.
    pub(super) fn scalar_words(t: &Type, bits: u64) -> Option<Vec<u32>> {
        let (width, signed) = match t {
            Type::Int { width, signed } => (*width, *signed),
            Type::Float { width, .. } => (*width, false),
            _ => return None,
        };
        Some(match width {
            64 => vec![bits as u32, (bits >> 32) as u32],
            32 => vec![bits as u32],
            8 | 16 => {
                let mask = (1u64 << width) - 1;
                let v = bits & mask;
                if signed && (v >> (width - 1)) & 1 == 1 {
                    vec![(v | !mask) as u32]
                } else {
                    vec![v as u32]
                }
            }
            _ => return None,
        })
    }

    pub(super) fn constant_id(
        &mut self,
        ty: TypeId,
        value: &ConstantValue,
    ) -> Result<u32, SerializeError> {
        let key = (ty, value.clone());
        if let Some(&id) = self.constant_ids.get(&key) {
            return Ok(id);
        }
        let t = &self.ty_of(ty)?;
        let tid = self.type_id(ty)?;
        let bad = || SerializeError::BadConstant {
            ty: t.clone(),
            value: value.clone(),
        };
        let (opcode, operands) = match value {
            ConstantValue::Bool(b) if *t == Type::Bool => (
                if *b {
                    Op::ConstantTrue
                } else {
                    Op::ConstantFalse
                },
                vec![],
            ),
            ConstantValue::Int(bits) if matches!(t, Type::Int { .. }) => {
                (Op::Constant, Self::scalar_words(t, *bits).ok_or_else(bad)?)
            }
            ConstantValue::Float(bits) if matches!(t, Type::Float { .. }) => {
                (Op::Constant, Self::scalar_words(t, *bits).ok_or_else(bad)?)
            }
            ConstantValue::Null => (Op::ConstantNull, vec![]),
            ConstantValue::Composite(parts) => {
                let part_types: Vec<TypeId> = match t {
                    Type::Vector { component, count } if *count as usize == parts.len() => {
                        vec![*component; parts.len()]
                    }
                    Type::Matrix { column, columns } if *columns as usize == parts.len() => {
                        vec![*column; parts.len()]
                    }
                    Type::Array {
                        element, length, ..
                    } if *length as usize == parts.len() => {
                        vec![*element; parts.len()]
                    }
                    Type::Struct(s) if s.members.len() == parts.len() => {
                        s.members.iter().map(|m| m.ty).collect()
                    }
                    Type::CooperativeMatrix { component, .. } if parts.len() == 1 => {
                        vec![*component]
                    }
                    _ => return Err(bad()),
                };
                let mut ids = Vec::new();
                for (pt, pv) in part_types.iter().zip(parts) {
                    ids.push(self.constant_id(*pt, pv)?);
                }
                (Op::ConstantComposite, ids)
            }
            ConstantValue::Replicate(part) => {
                let part_type = replicated_type(t).ok_or_else(bad)?;
                (
                    Op::ConstantCompositeReplicateEXT,
                    vec![self.constant_id(part_type, part)?],
                )
            }
            _ => return Err(bad()),
        };
        let id = self.fresh();
        let mut all = vec![tid, id];
        all.extend(operands);
        inst(&mut self.sec.globals, opcode, &all);
        self.constant_ids.insert(key, id);
        Ok(id)
    }
}

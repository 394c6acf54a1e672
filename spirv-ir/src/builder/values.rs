//! Constants and memory: loads, stores, variables, access chains.

use super::*;

impl<'m> FunctionBuilder<'m> {
    // ---- constants ----
    pub fn constant(&mut self, ty: TypeId, value: ConstantValue) -> ValueId {
        let op = self.push_op(OpKind::Constant(value), &[ty]);
        self.function().ops[op].results[0]
    }
    pub fn constant_u32(&mut self, value: u32) -> ValueId {
        let ty = self.ty_u32();
        self.constant(ty, ConstantValue::Int(u64::from(value)))
    }
    pub fn constant_i32(&mut self, value: i32) -> ValueId {
        let ty = self.ty_i32();
        self.constant(ty, ConstantValue::Int(u64::from(value as u32)))
    }
    pub fn constant_f32(&mut self, value: f32) -> ValueId {
        let ty = self.ty_f32();
        self.constant(ty, ConstantValue::Float(u64::from(value.to_bits())))
    }
    /// An f16 constant from its IEEE bits.
    pub fn constant_f16_bits(&mut self, bits: u16) -> ValueId {
        let ty = self.ty(Type::Float {
            width: 16,
            encoding: None,
        });
        self.constant(ty, ConstantValue::Float(u64::from(bits)))
    }
    pub fn constant_bool(&mut self, value: bool) -> ValueId {
        let ty = self.ty_bool();
        self.constant(ty, ConstantValue::Bool(value))
    }
    pub fn constant_null(&mut self, ty: TypeId) -> ValueId {
        self.constant(ty, ConstantValue::Null)
    }
    /// The value of a specialization constant.
    pub fn reference_of(&mut self, spec: SpecConstId) -> ValueId {
        let ty = self.module.spec_constants[spec].ty;
        let op = self.push_op(OpKind::ReferenceOf(spec), &[ty]);
        self.function().ops[op].results[0]
    }
    /// `OpUndef`.
    pub fn undef(&mut self, ty: TypeId) -> ValueId {
        self.op(Op::Undef, ty, &[])
    }

    // ---- memory ----
    /// The pointer of a global variable.
    pub fn address_of(&mut self, var: GlobalVarId) -> ValueId {
        let ty = self.module.global_variables[var].ty;
        let op = self.push_op(OpKind::AddressOf(var), &[ty]);
        self.function().ops[op].results[0]
    }
    /// A `Function`-storage `OpVariable` of `pointee` (the serializer hoists it to the start
    /// of the entry block, where SPIR-V requires it).
    pub fn local_variable(&mut self, pointee: TypeId) -> ValueId {
        let ty = self.ty_pointer(pointee, StorageClass::Function);
        self.op_with(
            Op::Variable,
            ty,
            vec![Operand::Literal(StorageClass::Function as u32)],
        )
    }
    /// `OpLoad` of the pointee type of `pointer`.
    pub fn load(&mut self, pointer: ValueId) -> ValueId {
        let ty = self.pointee(pointer);
        self.op(Op::Load, ty, &[pointer])
    }
    /// `OpLoad` with memory operands (e.g. `MemoryAccess::ALIGNED` and the alignment).
    pub fn load_with(
        &mut self,
        pointer: ValueId,
        access: spirv::MemoryAccess,
        extra: &[u32],
    ) -> ValueId {
        let ty = self.pointee(pointer);
        let mut operands = vec![Operand::Value(pointer), Operand::Literal(access.bits())];
        operands.extend(extra.iter().map(|&w| Operand::Literal(w)));
        self.op_with(Op::Load, ty, operands)
    }
    pub fn store(&mut self, pointer: ValueId, value: ValueId) {
        self.op_void(
            Op::Store,
            vec![Operand::Value(pointer), Operand::Value(value)],
        );
    }
    pub fn copy_memory(&mut self, target: ValueId, source: ValueId) {
        self.op_void(
            Op::CopyMemory,
            vec![Operand::Value(target), Operand::Value(source)],
        );
    }
    pub(super) fn pointee(&self, pointer: ValueId) -> TypeId {
        match self.module.types[self.type_of(pointer)] {
            Type::Pointer { pointee, .. } => pointee,
            ref other => panic!("load/store through a non-pointer value of type {other:?}"),
        }
    }
    /// The integer value of a `Constant` op result, if `value` is one.
    pub fn constant_int_value(&self, value: ValueId) -> Option<u64> {
        let f = self.function();
        match f.values[value].def {
            ValueDef::Result { op, .. } => match &f.ops[op].kind {
                OpKind::Constant(ConstantValue::Int(v)) => Some(*v),
                _ => None,
            },
            _ => None,
        }
    }
    /// `OpAccessChain`; the result pointer type is derived by walking the pointee type (struct
    /// indices must be constants made with this builder).
    pub fn access_chain(&mut self, base: ValueId, indices: &[ValueId]) -> ValueId {
        let (mut ty, storage_class) = match self.module.types[self.type_of(base)] {
            Type::Pointer {
                pointee,
                storage_class,
                ..
            } => (pointee, storage_class),
            ref other => panic!("access_chain on a non-pointer of type {other:?}"),
        };
        for &index in indices {
            ty = match &self.module.types[ty] {
                Type::Struct(s) => {
                    let i = self
                        .constant_int_value(index)
                        .expect("struct index must be a constant");
                    s.members[i as usize].ty
                }
                Type::Array { element, .. }
                | Type::RuntimeArray { element, .. }
                | Type::SpecArray { element, .. } => *element,
                Type::Vector { component, .. } => *component,
                Type::Matrix { column, .. } => *column,
                other => panic!("access_chain index into non-composite type {other:?}"),
            };
        }
        let result = self.ty_pointer(ty, storage_class);
        self.access_chain_typed(result, base, indices)
    }
    /// `OpAccessChain` with an explicit result pointer type.
    pub fn access_chain_typed(
        &mut self,
        result_type: TypeId,
        base: ValueId,
        indices: &[ValueId],
    ) -> ValueId {
        let mut all = vec![base];
        all.extend_from_slice(indices);
        self.op(Op::AccessChain, result_type, &all)
    }
    /// `OpPtrAccessChain` (needs `VariablePointers` or physical addressing).
    pub fn ptr_access_chain(
        &mut self,
        result_type: TypeId,
        base: ValueId,
        element: ValueId,
        indices: &[ValueId],
    ) -> ValueId {
        let mut all = vec![base, element];
        all.extend_from_slice(indices);
        self.op(Op::PtrAccessChain, result_type, &all)
    }
    /// `OpArrayLength` of member `member` of the block struct `structure` points to.
    pub fn array_length(&mut self, structure: ValueId, member: u32) -> ValueId {
        let ty = self.ty_u32();
        self.op_with(
            Op::ArrayLength,
            ty,
            vec![Operand::Value(structure), Operand::Literal(member)],
        )
    }
}

//! Cooperative matrices (KHR), tensor layouts and per-element operations (NV).

use super::*;

impl<'m> FunctionBuilder<'m> {
    // ---- cooperative matrix (KHR) ----
    /// `OpCooperativeMatrixLoadKHR` with a constant layout and a stride value.
    pub fn cooperative_matrix_load(
        &mut self,
        result_type: TypeId,
        pointer: ValueId,
        layout: spirv::CooperativeMatrixLayout,
        stride: ValueId,
    ) -> ValueId {
        let layout = self.constant_u32(layout as u32);
        self.op(
            Op::CooperativeMatrixLoadKHR,
            result_type,
            &[pointer, layout, stride],
        )
    }
    pub fn cooperative_matrix_store(
        &mut self,
        pointer: ValueId,
        object: ValueId,
        layout: spirv::CooperativeMatrixLayout,
        stride: ValueId,
    ) {
        let layout = self.constant_u32(layout as u32);
        self.op_void(
            Op::CooperativeMatrixStoreKHR,
            vec![
                Operand::Value(pointer),
                Operand::Value(object),
                Operand::Value(layout),
                Operand::Value(stride),
            ],
        );
    }
    /// `OpCooperativeMatrixMulAddKHR` `a * b + c`.
    pub fn cooperative_matrix_mul_add(
        &mut self,
        result_type: TypeId,
        a: ValueId,
        b: ValueId,
        c: ValueId,
        operands: spirv::CooperativeMatrixOperands,
    ) -> ValueId {
        let mut ops = vec![Operand::Value(a), Operand::Value(b), Operand::Value(c)];
        if !operands.is_empty() {
            ops.push(Operand::Literal(operands.bits()));
        }
        self.op_with(Op::CooperativeMatrixMulAddKHR, result_type, ops)
    }
    /// `OpCooperativeMatrixLengthKHR` of a cooperative-matrix type (result: u32).
    pub fn cooperative_matrix_length(&mut self, matrix_type: TypeId) -> ValueId {
        let ty = self.ty_u32();
        self.op_with(
            Op::CooperativeMatrixLengthKHR,
            ty,
            vec![Operand::Type(matrix_type)],
        )
    }

    // ---- cooperative matrix tensor addressing (NV_cooperative_matrix2, NV_tensor_addressing) ----
    /// `OpCreateTensorLayoutNV`: a tensor layout of type `ty` (a [`Type::TensorLayout`]).
    pub fn create_tensor_layout(&mut self, ty: TypeId) -> ValueId {
        self.op(Op::CreateTensorLayoutNV, ty, &[])
    }
    /// `OpTensorLayoutSetDimensionNV`: `layout` with one extent (a 32-bit integer) per dimension,
    /// outermost first.
    pub fn tensor_layout_set_dimension(
        &mut self,
        ty: TypeId,
        layout: ValueId,
        dims: &[ValueId],
    ) -> ValueId {
        self.op(
            Op::TensorLayoutSetDimensionNV,
            ty,
            &[&[layout], dims].concat(),
        )
    }
    /// `OpTensorLayoutSetStrideNV`: `layout` with one stride in elements per dimension.
    pub fn tensor_layout_set_stride(
        &mut self,
        ty: TypeId,
        layout: ValueId,
        strides: &[ValueId],
    ) -> ValueId {
        self.op(
            Op::TensorLayoutSetStrideNV,
            ty,
            &[&[layout], strides].concat(),
        )
    }
    /// `OpTensorLayoutSliceNV`: the part of `layout` at an (offset, span) per dimension.
    pub fn tensor_layout_slice(
        &mut self,
        ty: TypeId,
        layout: ValueId,
        offsets_and_spans: &[(ValueId, ValueId)],
    ) -> ValueId {
        let mut operands = vec![layout];
        for &(offset, span) in offsets_and_spans {
            operands.extend([offset, span]);
        }
        self.op(Op::TensorLayoutSliceNV, ty, &operands)
    }
    /// `OpCooperativeMatrixLoadTensorNV` through a tensor layout: elements outside the tensor
    /// come from `object` (a value of `result_type`, e.g. an `undef`) or the layout's clamp
    /// mode. Memory access and tensor addressing operands `None`.
    pub fn cooperative_matrix_load_tensor(
        &mut self,
        result_type: TypeId,
        pointer: ValueId,
        object: ValueId,
        layout: ValueId,
    ) -> ValueId {
        self.op_with(
            Op::CooperativeMatrixLoadTensorNV,
            result_type,
            vec![
                Operand::Value(pointer),
                Operand::Value(object),
                Operand::Value(layout),
                Operand::Literal(spirv::MemoryAccess::NONE.bits()),
                Operand::Literal(spirv::TensorAddressingOperands::NONE.bits()),
            ],
        )
    }
    /// `OpCooperativeMatrixStoreTensorNV` of `object` through a tensor layout (memory access and
    /// tensor addressing operands `None`).
    pub fn cooperative_matrix_store_tensor(
        &mut self,
        pointer: ValueId,
        object: ValueId,
        layout: ValueId,
    ) {
        self.op_void(
            Op::CooperativeMatrixStoreTensorNV,
            vec![
                Operand::Value(pointer),
                Operand::Value(object),
                Operand::Value(layout),
                Operand::Literal(spirv::MemoryAccess::NONE.bits()),
                Operand::Literal(spirv::TensorAddressingOperands::NONE.bits()),
            ],
        );
    }

    // ---- cooperative matrix per-element operations (NV_cooperative_matrix2) ----
    /// `OpCooperativeMatrixPerElementOpNV` (`SPV_NV_cooperative_matrix2`): `matrix` (of
    /// `result_type`) with `func` applied to each element. `func` returns the component type
    /// and takes (row: u32, column: u32, element, then one parameter per value of `extra`, of
    /// its type); see [`Self::sibling`] to build it.
    pub fn cooperative_matrix_per_element(
        &mut self,
        result_type: TypeId,
        matrix: ValueId,
        func: FunctionId,
        extra: &[ValueId],
    ) -> ValueId {
        let mut operands = vec![Operand::Value(matrix), Operand::Function(func)];
        operands.extend(extra.iter().map(|&v| Operand::Value(v)));
        self.op_with(Op::CooperativeMatrixPerElementOpNV, result_type, operands)
    }
}

//! Arithmetic, bit, relational, logical and conversion instructions, composites, extended
//! instructions, barriers, atomics, group non-uniform ops and integer dot products.

use super::*;

impl<'m> FunctionBuilder<'m> {
    // ---- arithmetic, bit, relational and logical, conversion ----
    binary_ops! {
        iadd => IAdd; isub => ISub; imul => IMul; udiv => UDiv; sdiv => SDiv; umod => UMod;
        srem => SRem; smod => SMod; fadd => FAdd; fsub => FSub; fmul => FMul; fdiv => FDiv;
        frem => FRem; fmod => FMod;
        iadd_carry => IAddCarry; isub_borrow => ISubBorrow; umul_extended => UMulExtended;
        smul_extended => SMulExtended;
        vector_times_scalar => VectorTimesScalar; dot => Dot;
        bitwise_and => BitwiseAnd; bitwise_or => BitwiseOr; bitwise_xor => BitwiseXor;
        shift_left_logical => ShiftLeftLogical; shift_right_logical => ShiftRightLogical;
        shift_right_arithmetic => ShiftRightArithmetic;
        iequal => IEqual; inot_equal => INotEqual; ult => ULessThan; ule => ULessThanEqual;
        ugt => UGreaterThan; uge => UGreaterThanEqual; slt => SLessThan; sle => SLessThanEqual;
        sgt => SGreaterThan; sge => SGreaterThanEqual;
        ford_equal => FOrdEqual; ford_not_equal => FOrdNotEqual; ford_lt => FOrdLessThan;
        ford_le => FOrdLessThanEqual; ford_gt => FOrdGreaterThan; ford_ge => FOrdGreaterThanEqual;
        funord_equal => FUnordEqual; funord_not_equal => FUnordNotEqual; funord_lt => FUnordLessThan;
        funord_le => FUnordLessThanEqual; funord_gt => FUnordGreaterThan;
        funord_ge => FUnordGreaterThanEqual;
        logical_and => LogicalAnd; logical_or => LogicalOr; logical_equal => LogicalEqual;
        logical_not_equal => LogicalNotEqual;
        vector_extract_dynamic => VectorExtractDynamic;
    }
    unary_ops! {
        snegate => SNegate; fnegate => FNegate; not => Not; logical_not => LogicalNot;
        bit_count => BitCount; bit_reverse => BitReverse; is_nan => IsNan; is_inf => IsInf;
        any => Any; all => All;
        convert_f_to_u => ConvertFToU; convert_f_to_s => ConvertFToS; convert_s_to_f => ConvertSToF;
        convert_u_to_f => ConvertUToF; uconvert => UConvert; sconvert => SConvert;
        fconvert => FConvert; bitcast => Bitcast; copy_object => CopyObject; transpose => Transpose;
    }
    /// `OpSelect`.
    pub fn select(
        &mut self,
        result_type: TypeId,
        condition: ValueId,
        a: ValueId,
        b: ValueId,
    ) -> ValueId {
        self.op(Op::Select, result_type, &[condition, a, b])
    }

    // ---- composite ----
    pub fn composite_construct(&mut self, result_type: TypeId, parts: &[ValueId]) -> ValueId {
        self.op(Op::CompositeConstruct, result_type, parts)
    }
    pub fn composite_extract(
        &mut self,
        result_type: TypeId,
        composite: ValueId,
        indices: &[u32],
    ) -> ValueId {
        let mut operands = vec![Operand::Value(composite)];
        operands.extend(indices.iter().map(|&i| Operand::Literal(i)));
        self.op_with(Op::CompositeExtract, result_type, operands)
    }
    pub fn composite_insert(
        &mut self,
        result_type: TypeId,
        object: ValueId,
        composite: ValueId,
        indices: &[u32],
    ) -> ValueId {
        let mut operands = vec![Operand::Value(object), Operand::Value(composite)];
        operands.extend(indices.iter().map(|&i| Operand::Literal(i)));
        self.op_with(Op::CompositeInsert, result_type, operands)
    }
    pub fn vector_shuffle(
        &mut self,
        result_type: TypeId,
        a: ValueId,
        b: ValueId,
        components: &[u32],
    ) -> ValueId {
        let mut operands = vec![Operand::Value(a), Operand::Value(b)];
        operands.extend(components.iter().map(|&i| Operand::Literal(i)));
        self.op_with(Op::VectorShuffle, result_type, operands)
    }
    pub fn vector_insert_dynamic(
        &mut self,
        result_type: TypeId,
        vector: ValueId,
        component: ValueId,
        index: ValueId,
    ) -> ValueId {
        self.op(
            Op::VectorInsertDynamic,
            result_type,
            &[vector, component, index],
        )
    }

    // ---- extended instructions ----
    /// A GLSL.std.450 extended instruction, e.g. `glsl(GlslStd450Op::Exp, f32, &[x])`.
    pub fn glsl(
        &mut self,
        instruction: GlslStd450Op,
        result_type: TypeId,
        operands: &[ValueId],
    ) -> ValueId {
        let op = self.push_op(
            OpKind::ExtInst {
                set: ExtInstSet::GlslStd450,
                instruction: instruction as u32,
                operands: operands.iter().map(|&v| Operand::Value(v)).collect(),
            },
            &[result_type],
        );
        self.function().ops[op].results[0]
    }

    // ---- barriers ----
    /// `OpControlBarrier`; for a workgroup barrier of shared memory use
    /// `control_barrier(Scope::Workgroup, Scope::Workgroup, MemorySemantics::ACQUIRE_RELEASE |
    /// MemorySemantics::WORKGROUP_MEMORY)`.
    pub fn control_barrier(&mut self, execution: Scope, memory: Scope, semantics: MemorySemantics) {
        self.op_void(
            Op::ControlBarrier,
            vec![
                Operand::Scope(execution),
                Operand::Scope(memory),
                Operand::MemorySemantics(semantics),
            ],
        );
    }
    pub fn memory_barrier(&mut self, memory: Scope, semantics: MemorySemantics) {
        self.op_void(
            Op::MemoryBarrier,
            vec![Operand::Scope(memory), Operand::MemorySemantics(semantics)],
        );
    }

    // ---- atomics ----
    /// An atomic read-modify-write (`AtomicIAdd`, `AtomicUMax`, `AtomicExchange`,
    /// `AtomicFAddEXT`, ...): `pointer`, scope, semantics, then `values`.
    pub fn atomic(
        &mut self,
        opcode: Op,
        result_type: TypeId,
        pointer: ValueId,
        scope: Scope,
        semantics: MemorySemantics,
        values: &[ValueId],
    ) -> ValueId {
        let mut operands = vec![
            Operand::Value(pointer),
            Operand::Scope(scope),
            Operand::MemorySemantics(semantics),
        ];
        operands.extend(values.iter().map(|&v| Operand::Value(v)));
        self.op_with(opcode, result_type, operands)
    }
    pub fn atomic_iadd(
        &mut self,
        result_type: TypeId,
        pointer: ValueId,
        scope: Scope,
        semantics: MemorySemantics,
        value: ValueId,
    ) -> ValueId {
        self.atomic(
            Op::AtomicIAdd,
            result_type,
            pointer,
            scope,
            semantics,
            &[value],
        )
    }
    /// `OpAtomicFAddEXT` (needs `AtomicFloat32AddEXT` and `SPV_EXT_shader_atomic_float_add`).
    pub fn atomic_fadd(
        &mut self,
        result_type: TypeId,
        pointer: ValueId,
        scope: Scope,
        semantics: MemorySemantics,
        value: ValueId,
    ) -> ValueId {
        self.atomic(
            Op::AtomicFAddEXT,
            result_type,
            pointer,
            scope,
            semantics,
            &[value],
        )
    }
    pub fn atomic_load(
        &mut self,
        result_type: TypeId,
        pointer: ValueId,
        scope: Scope,
        semantics: MemorySemantics,
    ) -> ValueId {
        self.atomic(Op::AtomicLoad, result_type, pointer, scope, semantics, &[])
    }
    pub fn atomic_store(
        &mut self,
        pointer: ValueId,
        scope: Scope,
        semantics: MemorySemantics,
        value: ValueId,
    ) {
        self.op_void(
            Op::AtomicStore,
            vec![
                Operand::Value(pointer),
                Operand::Scope(scope),
                Operand::MemorySemantics(semantics),
                Operand::Value(value),
            ],
        );
    }
    #[allow(clippy::too_many_arguments)]
    pub fn atomic_compare_exchange(
        &mut self,
        result_type: TypeId,
        pointer: ValueId,
        scope: Scope,
        equal: MemorySemantics,
        unequal: MemorySemantics,
        value: ValueId,
        comparator: ValueId,
    ) -> ValueId {
        self.op_with(
            Op::AtomicCompareExchange,
            result_type,
            vec![
                Operand::Value(pointer),
                Operand::Scope(scope),
                Operand::MemorySemantics(equal),
                Operand::MemorySemantics(unequal),
                Operand::Value(value),
                Operand::Value(comparator),
            ],
        )
    }

    // ---- group non-uniform ----
    /// `OpGroupNonUniformElect` (result: bool).
    pub fn group_non_uniform_elect(&mut self, scope: Scope) -> ValueId {
        let ty = self.ty_bool();
        self.op_with(Op::GroupNonUniformElect, ty, vec![Operand::Scope(scope)])
    }
    /// A group non-uniform op of the form `scope, values...` (`GroupNonUniformBroadcast`
    /// `[value, id]`, `GroupNonUniformBallot` `[predicate]`, `GroupNonUniformShuffleXor`
    /// `[value, mask]`, `GroupNonUniformAll` `[predicate]`, ...).
    pub fn group_non_uniform(
        &mut self,
        opcode: Op,
        result_type: TypeId,
        scope: Scope,
        values: &[ValueId],
    ) -> ValueId {
        let mut operands = vec![Operand::Scope(scope)];
        operands.extend(values.iter().map(|&v| Operand::Value(v)));
        self.op_with(opcode, result_type, operands)
    }
    /// A group non-uniform arithmetic / bitwise / logical op (`GroupNonUniformFAdd`,
    /// `GroupNonUniformIAdd`, `GroupNonUniformFMax`, `GroupNonUniformBitwiseOr`, ...) with a
    /// group operation (`Reduce`, `InclusiveScan`, `ExclusiveScan`, `ClusteredReduce` with
    /// `cluster_size`).
    pub fn group_non_uniform_reduce(
        &mut self,
        opcode: Op,
        result_type: TypeId,
        scope: Scope,
        operation: spirv::GroupOperation,
        value: ValueId,
        cluster_size: Option<ValueId>,
    ) -> ValueId {
        let mut operands = vec![
            Operand::Scope(scope),
            Operand::Literal(operation as u32),
            Operand::Value(value),
        ];
        if let Some(c) = cluster_size {
            operands.push(Operand::Value(c));
        }
        self.op_with(opcode, result_type, operands)
    }

    // ---- integer dot product ----
    /// `OpSDot` / `OpUDot` / `OpSUDot` (and the `AccSat` forms with an accumulator in `values`).
    pub fn integer_dot(
        &mut self,
        opcode: Op,
        result_type: TypeId,
        values: &[ValueId],
        packed_format: Option<spirv::PackedVectorFormat>,
    ) -> ValueId {
        let mut operands: Vec<Operand> = values.iter().map(|&v| Operand::Value(v)).collect();
        if let Some(p) = packed_format {
            operands.push(Operand::Literal(p as u32));
        }
        self.op_with(opcode, result_type, operands)
    }
}

//! The builder: [`ModuleBuilder`] creates types, globals, spec constants, entry points and
//! functions; [`FunctionBuilder`] appends ops at an insertion point and returns their result
//! [`ValueId`]s, with helpers for structured selections and loops.
//!
//! Methods named after an instruction (`iadd`, `load`, `access_chain`, ...) take the result
//! type first when the instruction has one and the builder cannot infer it without ambiguity;
//! `op` / `op_void` create any other core instruction from its [`spirv::Op`] and grammar
//! operands. The builder does not check types: run [`crate::verify()`] on the result (tests do).
//! Misuse of the builder API itself (an insertion point in another function, a block that
//! does not exist) is a programming error and panics.

use crate::syntax::*;
use spirv::{GlslStd450Op, MemorySemantics, Op, Scope, StorageClass};

/// Builds a [`Module`].
pub struct ModuleBuilder {
    module: Module,
}

impl ModuleBuilder {
    /// A module of `version` with `Logical` addressing, the `GLSL450` memory model and the
    /// `Shader` capability.
    pub fn new(version: Version) -> ModuleBuilder {
        let mut module = Module::new(version);
        module.capabilities.push(spirv::Capability::Shader);
        ModuleBuilder { module }
    }

    /// Continues building an existing module.
    pub fn from_module(module: Module) -> ModuleBuilder {
        ModuleBuilder { module }
    }

    pub fn module(&self) -> &Module {
        &self.module
    }
    pub fn module_mut(&mut self) -> &mut Module {
        &mut self.module
    }
    pub fn finish(self) -> Module {
        self.module
    }

    /// Declares a capability (once).
    pub fn capability(&mut self, capability: spirv::Capability) {
        if !self.module.capabilities.contains(&capability) {
            self.module.capabilities.push(capability);
        }
    }
    /// Declares an extension (once).
    pub fn extension(&mut self, extension: &str) {
        if !self.module.extensions.iter().any(|e| e == extension) {
            self.module.extensions.push(extension.to_string());
        }
    }

    // ---- types ----
    pub fn ty(&mut self, ty: Type) -> TypeId {
        self.module.types.intern(ty)
    }
    pub fn ty_void(&mut self) -> TypeId {
        self.ty(Type::Void)
    }
    pub fn ty_bool(&mut self) -> TypeId {
        self.ty(Type::Bool)
    }
    pub fn ty_int(&mut self, width: u32, signed: bool) -> TypeId {
        self.ty(Type::Int { width, signed })
    }
    pub fn ty_u32(&mut self) -> TypeId {
        self.ty_int(32, false)
    }
    pub fn ty_i32(&mut self) -> TypeId {
        self.ty_int(32, true)
    }
    /// The IEEE 754 float type of `width` bits (16, 32 or 64).
    pub fn ty_float(&mut self, width: u32) -> TypeId {
        self.ty(Type::Float {
            width,
            encoding: None,
        })
    }
    pub fn ty_f32(&mut self) -> TypeId {
        self.ty_float(32)
    }
    pub fn ty_f16(&mut self) -> TypeId {
        self.ty_float(16)
    }
    /// `OpTypeFloat 16 BFloat16KHR` (`SPV_KHR_bfloat16`): storage, conversions and cooperative
    /// matrices only, no scalar arithmetic.
    pub fn ty_bf16(&mut self) -> TypeId {
        self.ty(Type::BF16)
    }
    pub fn ty_vector(&mut self, component: TypeId, count: u32) -> TypeId {
        self.ty(Type::Vector { component, count })
    }
    pub fn ty_array(&mut self, element: TypeId, length: u32, stride: Option<u32>) -> TypeId {
        self.ty(Type::Array {
            element,
            length,
            stride,
        })
    }
    pub fn ty_runtime_array(&mut self, element: TypeId, stride: Option<u32>) -> TypeId {
        self.ty(Type::RuntimeArray { element, stride })
    }
    /// A struct with explicit member offsets (`None` for no `Offset` decoration).
    pub fn ty_struct(&mut self, members: &[(TypeId, Option<u32>)], block: bool) -> TypeId {
        let members = members
            .iter()
            .map(|&(ty, offset)| StructMember {
                name: None,
                ty,
                offset,
                decorations: Vec::new(),
            })
            .collect();
        self.ty(Type::Struct(StructType {
            name: None,
            members,
            block,
            decorations: Vec::new(),
        }))
    }
    pub fn ty_pointer(&mut self, pointee: TypeId, storage_class: StorageClass) -> TypeId {
        self.ty(Type::Pointer {
            pointee,
            storage_class,
            stride: None,
        })
    }
    pub fn ty_function(&mut self, result: TypeId, params: &[TypeId]) -> TypeId {
        self.ty(Type::Function {
            result,
            params: params.to_vec(),
        })
    }
    pub fn ty_cooperative_matrix(
        &mut self,
        component: TypeId,
        scope: Scope,
        rows: u32,
        columns: u32,
        usage: spirv::CooperativeMatrixUse,
    ) -> TypeId {
        self.ty(Type::CooperativeMatrix {
            component,
            scope,
            rows,
            columns,
            usage,
        })
    }
    /// `OpTypeTensorLayoutNV` of `dim` dimensions (1 to 5) with out-of-bounds reads clamped as
    /// `clamp_mode` says.
    pub fn ty_tensor_layout(&mut self, dim: u32, clamp_mode: spirv::TensorClampMode) -> TypeId {
        self.ty(Type::TensorLayout { dim, clamp_mode })
    }
    /// `struct { T[] (ArrayStride stride) at Offset 0 }` decorated `Block`: the type of a
    /// storage-buffer binding holding a runtime array of `element`.
    pub fn ty_runtime_array_block(&mut self, element: TypeId, stride: u32) -> TypeId {
        let array = self.ty_runtime_array(element, Some(stride));
        self.ty_struct(&[(array, Some(0))], true)
    }

    // ---- module-scope values ----
    /// A global variable of `pointee` in `storage_class` (the pointer type is created here).
    pub fn global_variable(
        &mut self,
        name: &str,
        pointee: TypeId,
        storage_class: StorageClass,
    ) -> GlobalVarId {
        let ty = self.ty_pointer(pointee, storage_class);
        self.module.global_variables.append(GlobalVariable {
            name: Some(name.to_string()),
            ty,
            storage_class,
            initializer: None,
            descriptor_set: None,
            binding: None,
            builtin: None,
            decorations: Vec::new(),
            location: None,
        })
    }
    /// A `StorageBuffer` variable of a [`Self::ty_runtime_array_block`] type at (`set`,
    /// `binding`).
    pub fn storage_buffer(
        &mut self,
        name: &str,
        element: TypeId,
        stride: u32,
        set: u32,
        binding: u32,
    ) -> GlobalVarId {
        let block = self.ty_runtime_array_block(element, stride);
        let var = self.global_variable(name, block, StorageClass::StorageBuffer);
        self.set_binding(var, set, binding);
        var
    }
    /// Sets the `DescriptorSet` and `Binding` decorations of `var`.
    pub fn set_binding(&mut self, var: GlobalVarId, set: u32, binding: u32) {
        let v = &mut self.module.global_variables[var];
        v.descriptor_set = Some(set);
        v.binding = Some(binding);
    }
    /// Adds a decoration (`NonWritable`, `Restrict`, ...) to a global variable.
    pub fn decorate_global(&mut self, var: GlobalVarId, kind: spirv::Decoration, operands: &[u32]) {
        self.module.global_variables[var]
            .decorations
            .push(Decoration::new(kind, operands.to_vec()));
    }
    /// An `Input` variable decorated with `builtin` (e.g. `GlobalInvocationId` of `uvec3`).
    pub fn builtin_input(&mut self, builtin: spirv::BuiltIn, ty: TypeId) -> GlobalVarId {
        let var = self.global_variable(&format!("{builtin:?}"), ty, StorageClass::Input);
        self.module.global_variables[var].builtin = Some(builtin);
        var
    }
    /// A `Workgroup` (shared memory) variable.
    pub fn workgroup_variable(&mut self, name: &str, pointee: TypeId) -> GlobalVarId {
        self.global_variable(name, pointee, StorageClass::Workgroup)
    }
    /// A `PushConstant` variable of a block struct type.
    pub fn push_constant_block(&mut self, name: &str, block_struct: TypeId) -> GlobalVarId {
        self.global_variable(name, block_struct, StorageClass::PushConstant)
    }
    /// A scalar specialization constant with `SpecId spec_id`.
    pub fn spec_constant(
        &mut self,
        name: &str,
        spec_id: u32,
        ty: TypeId,
        default: ConstantValue,
    ) -> SpecConstId {
        self.module.spec_constants.append(SpecConstant {
            name: Some(name.to_string()),
            spec_id: Some(spec_id),
            ty,
            default,
            composite: None,
            builtin: None,
            replicate: false,
            operation: None,
        })
    }
    /// An `OpSpecConstantComposite` of `ty` (optionally decorated with a builtin, e.g.
    /// `WorkgroupSize` for a specializable workgroup size without `LocalSizeId`).
    pub fn spec_constant_composite(
        &mut self,
        name: &str,
        ty: TypeId,
        constituents: Vec<SpecConstituent>,
        builtin: Option<spirv::BuiltIn>,
    ) -> SpecConstId {
        self.module.spec_constants.append(SpecConstant {
            name: Some(name.to_string()),
            spec_id: None,
            ty,
            default: ConstantValue::Null,
            composite: Some(constituents),
            builtin,
            replicate: false,
            operation: None,
        })
    }

    // ---- functions and entry points ----
    /// Starts a function; the returned builder's insertion point is the end of the entry block.
    pub fn function(
        &mut self,
        name: &str,
        result_type: TypeId,
        params: &[TypeId],
    ) -> FunctionBuilder<'_> {
        FunctionBuilder::start(&mut self.module, name, result_type, params)
    }
    /// Reopens a function (insertion point: the end of its entry block).
    pub fn edit_function(&mut self, func: FunctionId) -> FunctionBuilder<'_> {
        let f = &self.module.functions[func];
        let entry = f.regions[f.body].blocks[0];
        FunctionBuilder {
            module: &mut self.module,
            func,
            cursor: entry,
        }
    }
    pub fn entry_point(
        &mut self,
        execution_model: spirv::ExecutionModel,
        function: FunctionId,
        name: &str,
    ) {
        self.module.entry_points.push(EntryPoint {
            execution_model,
            function,
            name: name.to_string(),
            interface: Vec::new(),
        });
    }
    pub fn execution_mode(
        &mut self,
        function: FunctionId,
        mode: spirv::ExecutionMode,
        operands: Vec<ModeOperand>,
    ) {
        self.module.execution_modes.push(ExecutionModeDecl {
            function,
            mode,
            operands,
        });
    }
    /// A `GLCompute` entry point with `LocalSize x y z`.
    pub fn compute_entry_point(&mut self, function: FunctionId, name: &str, local_size: [u32; 3]) {
        self.entry_point(spirv::ExecutionModel::GLCompute, function, name);
        self.execution_mode(
            function,
            spirv::ExecutionMode::LocalSize,
            local_size
                .iter()
                .map(|&n| ModeOperand::Literal(n))
                .collect(),
        );
    }
}

/// The blocks of a structured selection created by [`FunctionBuilder::begin_selection`].
#[derive(Copy, Clone, Debug)]
pub struct SelectionBlocks {
    pub op: OpId,
    pub region: RegionId,
    /// The selection header: end it with `branch_conditional` or `switch`.
    pub header: BlockId,
    /// The merge block (arguments = the selection's results; already holds its `Merge`).
    pub merge: BlockId,
    /// The block holding the selection op; [`FunctionBuilder::end_structured`] returns there.
    pub parent: BlockId,
}

/// The blocks of a structured loop created by [`FunctionBuilder::begin_loop`].
#[derive(Copy, Clone, Debug)]
pub struct LoopBlocks {
    pub op: OpId,
    pub region: RegionId,
    /// Already holds the `Branch` to the header with the initial values.
    pub entry: BlockId,
    /// The loop header (arguments = the loop-carried values): typically computes the
    /// condition and ends with `branch_conditional` to a body block or the merge block.
    pub header: BlockId,
    /// The continue block (arguments: the loop-carried values of the next iteration; already
    /// holds its `Branch` back to the header).
    pub continue_block: BlockId,
    /// The merge block (arguments = the loop's results; already holds its `Merge`).
    pub merge: BlockId,
    pub parent: BlockId,
}

/// Builds the body of one function of a module; see the crate docs for an example.
pub struct FunctionBuilder<'m> {
    module: &'m mut Module,
    func: FunctionId,
    cursor: BlockId,
}

macro_rules! binary_ops {
    ($($(#[$doc:meta])* $name:ident => $op:ident;)*) => {$(
        $(#[$doc])*
        #[doc = concat!("`Op", stringify!($op), "` with an explicit result type.")]
        pub fn $name(&mut self, result_type: TypeId, a: ValueId, b: ValueId) -> ValueId {
            self.op(Op::$op, result_type, &[a, b])
        }
    )*};
}

macro_rules! unary_ops {
    ($($name:ident => $op:ident;)*) => {$(
        #[doc = concat!("`Op", stringify!($op), "` with an explicit result type.")]
        pub fn $name(&mut self, result_type: TypeId, a: ValueId) -> ValueId {
            self.op(Op::$op, result_type, &[a])
        }
    )*};
}

impl<'m> FunctionBuilder<'m> {
    /// Appends a function with one parameter value per type of `params` and an empty entry
    /// block to `module`; the builder's insertion point is the end of that block.
    fn start(
        module: &'m mut Module,
        name: &str,
        result_type: TypeId,
        params: &[TypeId],
    ) -> FunctionBuilder<'m> {
        let mut values = crate::arena::Arena::new();
        let param_values = params
            .iter()
            .enumerate()
            .map(|(i, &ty)| {
                values.append(Value {
                    ty,
                    name: None,
                    def: ValueDef::Param(i as u32),
                })
            })
            .collect();
        let mut blocks = crate::arena::Arena::new();
        let entry = blocks.append(Block::default());
        let mut regions = crate::arena::Arena::new();
        let body = regions.append(Region {
            kind: RegionKind::Function,
            blocks: vec![entry],
        });
        let func = module.functions.append(Function {
            name: name.to_string(),
            result_type,
            control: spirv::FunctionControl::NONE,
            location: None,
            params: param_values,
            param_decorations: Vec::new(),
            decorations: Vec::new(),
            prologue: Vec::new(),
            body,
            values,
            ops: crate::arena::Arena::new(),
            blocks,
            regions,
        });
        FunctionBuilder {
            module,
            func,
            cursor: entry,
        }
    }
    /// Starts another function of the same module while this one is being built (e.g. the
    /// function of [`Self::cooperative_matrix_per_element`]), as [`ModuleBuilder::function`]
    /// does; the returned builder's insertion point is the end of the new function's entry
    /// block, and this builder is usable again once it is dropped.
    pub fn sibling(
        &mut self,
        name: &str,
        result_type: TypeId,
        params: &[TypeId],
    ) -> FunctionBuilder<'_> {
        FunctionBuilder::start(self.module, name, result_type, params)
    }
    /// The function being built.
    pub fn id(&self) -> FunctionId {
        self.func
    }
    fn f(&mut self) -> &mut Function {
        &mut self.module.functions[self.func]
    }
    pub fn function(&self) -> &Function {
        &self.module.functions[self.func]
    }
    pub fn module(&self) -> &Module {
        self.module
    }
    /// Interns a type in the module.
    pub fn ty(&mut self, ty: Type) -> TypeId {
        self.module.types.intern(ty)
    }
    pub fn ty_bool(&mut self) -> TypeId {
        self.ty(Type::Bool)
    }
    pub fn ty_u32(&mut self) -> TypeId {
        self.ty(Type::Int {
            width: 32,
            signed: false,
        })
    }
    pub fn ty_i32(&mut self) -> TypeId {
        self.ty(Type::Int {
            width: 32,
            signed: true,
        })
    }
    pub fn ty_f32(&mut self) -> TypeId {
        self.ty(Type::Float {
            width: 32,
            encoding: None,
        })
    }
    /// See [`ModuleBuilder::ty_bf16`].
    pub fn ty_bf16(&mut self) -> TypeId {
        self.ty(Type::BF16)
    }
    pub fn ty_vector(&mut self, component: TypeId, count: u32) -> TypeId {
        self.ty(Type::Vector { component, count })
    }
    pub fn ty_pointer(&mut self, pointee: TypeId, storage_class: StorageClass) -> TypeId {
        self.ty(Type::Pointer {
            pointee,
            storage_class,
            stride: None,
        })
    }
    /// See [`ModuleBuilder::ty_tensor_layout`].
    pub fn ty_tensor_layout(&mut self, dim: u32, clamp_mode: spirv::TensorClampMode) -> TypeId {
        self.ty(Type::TensorLayout { dim, clamp_mode })
    }
    /// The parameters of the function.
    pub fn params(&self) -> Vec<ValueId> {
        self.function().params.clone()
    }
    /// The type of `value`.
    pub fn type_of(&self, value: ValueId) -> TypeId {
        self.function().values[value].ty
    }
    /// Names a value (emitted as `OpName`).
    pub fn set_name(&mut self, value: ValueId, name: &str) {
        self.f().values[value].name = Some(name.to_string());
    }
    /// The block new ops are appended to.
    pub fn current_block(&self) -> BlockId {
        self.cursor
    }
    /// Appends subsequent ops at the end of `block`.
    pub fn set_insertion_point(&mut self, block: BlockId) {
        assert!(
            self.function().blocks.contains(block),
            "block of another function"
        );
        self.cursor = block;
    }
    /// The arguments of `block`.
    pub fn block_args(&self, block: BlockId) -> Vec<ValueId> {
        self.function().blocks[block].args.clone()
    }
    /// Whether the current block already ends in a terminator.
    pub fn is_terminated(&self) -> bool {
        let f = self.function();
        f.blocks[self.cursor]
            .ops
            .last()
            .is_some_and(|&op| crate::is_terminator(&f.ops[op].kind))
    }

    /// Creates a block with arguments of `arg_types` in `region`: for a selection before its
    /// merge block, for a loop before its continue block, for the function body at the end.
    pub fn append_block(&mut self, region: RegionId, arg_types: &[TypeId]) -> BlockId {
        let block = self.new_block(arg_types);
        let f = self.f();
        let r = &mut f.regions[region];
        let at = match r.kind {
            RegionKind::Function => r.blocks.len(),
            RegionKind::Selection => r.blocks.len().saturating_sub(1),
            RegionKind::Loop => r.blocks.len().saturating_sub(2),
        };
        r.blocks.insert(at, block);
        block
    }
    /// The region of the function body.
    pub fn body_region(&self) -> RegionId {
        self.function().body
    }

    fn new_block(&mut self, arg_types: &[TypeId]) -> BlockId {
        let f = self.f();
        let block = f.blocks.append(Block::default());
        let args = arg_types
            .iter()
            .enumerate()
            .map(|(i, &ty)| {
                f.values.append(Value {
                    ty,
                    name: None,
                    def: ValueDef::BlockArg {
                        block,
                        index: i as u32,
                    },
                })
            })
            .collect();
        f.blocks[block].args = args;
        block
    }

    /// Appends an op with one result per entry of `result_types`; returns the op.
    pub fn push_op(&mut self, kind: OpKind, result_types: &[TypeId]) -> OpId {
        let cursor = self.cursor;
        let f = self.f();
        let op = f.ops.append(Operation {
            kind,
            results: Vec::new(),
            decorations: Vec::new(),
            location: None,
        });
        let results = result_types
            .iter()
            .enumerate()
            .map(|(i, &ty)| {
                f.values.append(Value {
                    ty,
                    name: None,
                    def: ValueDef::Result {
                        op,
                        index: i as u32,
                    },
                })
            })
            .collect();
        f.ops[op].results = results;
        f.blocks[cursor].ops.push(op);
        op
    }
    /// The results of `op`.
    pub fn results(&self, op: OpId) -> Vec<ValueId> {
        self.function().ops[op].results.clone()
    }
    /// Adds a decoration to the op that defines `value` (e.g. `NoContraction`).
    pub fn decorate(&mut self, op: OpId, kind: spirv::Decoration, operands: &[u32]) {
        self.f().ops[op]
            .decorations
            .push(Decoration::new(kind, operands.to_vec()));
    }

    /// Any core instruction with a result type, from value operands.
    pub fn op(&mut self, opcode: Op, result_type: TypeId, operands: &[ValueId]) -> ValueId {
        let operands = operands.iter().map(|&v| Operand::Value(v)).collect();
        self.op_with(opcode, result_type, operands)
    }
    /// Any core instruction with a result type and operands of any kind (grammar order).
    pub fn op_with(&mut self, opcode: Op, result_type: TypeId, operands: Vec<Operand>) -> ValueId {
        let op = self.push_op(OpKind::Inst { opcode, operands }, &[result_type]);
        self.function().ops[op].results[0]
    }
    /// Any core instruction without a result.
    pub fn op_void(&mut self, opcode: Op, operands: Vec<Operand>) -> OpId {
        self.push_op(OpKind::Inst { opcode, operands }, &[])
    }

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
    fn pointee(&self, pointer: ValueId) -> TypeId {
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

    // ---- function calls and terminators ----
    /// `OpFunctionCall`; returns the result unless the callee returns void.
    pub fn call(&mut self, callee: FunctionId, args: &[ValueId]) -> Option<ValueId> {
        let result = self.module.functions[callee].result_type;
        let is_void = self.module.types[result] == Type::Void;
        let tys: &[TypeId] = if is_void {
            &[]
        } else {
            std::slice::from_ref(&result)
        };
        let tys = tys.to_vec();
        let op = self.push_op(
            OpKind::FunctionCall {
                callee,
                args: args.to_vec(),
            },
            &tys,
        );
        self.function().ops[op].results.first().copied()
    }
    pub fn ret(&mut self) {
        self.push_op(OpKind::Return, &[]);
    }
    pub fn ret_value(&mut self, value: ValueId) {
        self.push_op(OpKind::ReturnValue(value), &[]);
    }
    pub fn unreachable(&mut self) {
        self.push_op(OpKind::Unreachable, &[]);
    }
    pub fn branch(&mut self, target: BlockId, args: &[ValueId]) {
        self.push_op(
            OpKind::Branch {
                target: Successor {
                    block: target,
                    args: args.to_vec(),
                },
            },
            &[],
        );
    }
    pub fn branch_conditional(
        &mut self,
        condition: ValueId,
        on_true: BlockId,
        true_args: &[ValueId],
        on_false: BlockId,
        false_args: &[ValueId],
    ) {
        self.push_op(
            OpKind::BranchConditional {
                condition,
                on_true: Successor {
                    block: on_true,
                    args: true_args.to_vec(),
                },
                on_false: Successor {
                    block: on_false,
                    args: false_args.to_vec(),
                },
                weights: None,
            },
            &[],
        );
    }
    /// `OpSwitch` (only valid as the terminator of a selection header).
    pub fn switch(&mut self, selector: ValueId, default: BlockId, cases: &[(u64, BlockId)]) {
        self.push_op(
            OpKind::Switch {
                selector,
                default: Successor {
                    block: default,
                    args: Vec::new(),
                },
                cases: cases
                    .iter()
                    .map(|&(v, b)| {
                        (
                            v,
                            Successor {
                                block: b,
                                args: Vec::new(),
                            },
                        )
                    })
                    .collect(),
            },
            &[],
        );
    }
    fn merge(&mut self, values: &[ValueId]) {
        self.push_op(
            OpKind::Merge {
                values: values.to_vec(),
            },
            &[],
        );
    }

    // ---- structured control flow ----
    /// Appends a selection op with results of `result_types` and creates its header and merge
    /// blocks (the merge block's arguments are merged into the results). The insertion point
    /// moves to the header; add the other blocks with [`Self::append_block`], end the header
    /// with `branch_conditional` / `switch`, branch to `merge` from the arms, then call
    /// [`Self::end_structured`].
    pub fn begin_selection(
        &mut self,
        control: spirv::SelectionControl,
        result_types: &[TypeId],
    ) -> SelectionBlocks {
        let parent = self.cursor;
        let header = self.new_block(&[]);
        let merge = self.new_block(result_types);
        let region = self.f().regions.append(Region {
            kind: RegionKind::Selection,
            blocks: vec![header, merge],
        });
        let op = self.push_op(
            OpKind::Selection {
                control,
                body: region,
            },
            result_types,
        );
        self.cursor = merge;
        let merge_args = self.block_args(merge);
        self.merge(&merge_args);
        self.cursor = header;
        SelectionBlocks {
            op,
            region,
            header,
            merge,
            parent,
        }
    }
    /// Appends a loop op with loop-carried values `init` (the header's arguments) and results of
    /// `result_types` (the merge block's arguments). Creates the entry block (branching to the
    /// header with `init`), the header, the continue block (arguments like the header's,
    /// branching back to it) and the merge block. The insertion point moves to the header.
    pub fn begin_loop(
        &mut self,
        control: spirv::LoopControl,
        init: &[ValueId],
        result_types: &[TypeId],
    ) -> LoopBlocks {
        self.begin_loop_inner(control, init, result_types, true)
    }

    fn begin_loop_inner(
        &mut self,
        control: spirv::LoopControl,
        init: &[ValueId],
        result_types: &[TypeId],
        back_edge: bool,
    ) -> LoopBlocks {
        let parent = self.cursor;
        let carried: Vec<TypeId> = init.iter().map(|&v| self.type_of(v)).collect();
        let entry = self.new_block(&[]);
        let header = self.new_block(&carried);
        let continue_block = self.new_block(&carried);
        let merge = self.new_block(result_types);
        let region = self.f().regions.append(Region {
            kind: RegionKind::Loop,
            blocks: vec![entry, header, continue_block, merge],
        });
        let op = self.push_op(
            OpKind::Loop {
                control,
                body: region,
            },
            result_types,
        );
        self.cursor = entry;
        self.branch(header, init);
        if back_edge {
            self.cursor = continue_block;
            let next = self.block_args(continue_block);
            self.branch(header, &next);
        }
        self.cursor = merge;
        let merge_args = self.block_args(merge);
        self.merge(&merge_args);
        self.cursor = header;
        LoopBlocks {
            op,
            region,
            entry,
            header,
            continue_block,
            merge,
            parent,
        }
    }
    /// Moves the insertion point back after a structured op (to the end of its parent block).
    pub fn end_structured(&mut self, parent: BlockId) {
        self.cursor = parent;
    }

    /// `if cond { then }`: a selection without results. `then` may end its block itself (e.g.
    /// with a branch to an enclosing loop's merge block, a `break`).
    pub fn if_then(&mut self, condition: ValueId, then: impl FnOnce(&mut Self)) {
        let sel = self.begin_selection(spirv::SelectionControl::NONE, &[]);
        let then_block = self.append_block(sel.region, &[]);
        self.cursor = sel.header;
        self.branch_conditional(condition, then_block, &[], sel.merge, &[]);
        self.cursor = then_block;
        then(self);
        if !self.is_terminated() {
            self.branch(sel.merge, &[]);
        }
        self.end_structured(sel.parent);
    }
    /// `if cond { then } else { otherwise }` yielding values of `result_types` (each closure
    /// returns the values of its arm).
    pub fn if_then_else(
        &mut self,
        condition: ValueId,
        result_types: &[TypeId],
        then: impl FnOnce(&mut Self) -> Vec<ValueId>,
        otherwise: impl FnOnce(&mut Self) -> Vec<ValueId>,
    ) -> Vec<ValueId> {
        self.if_then_else_with(
            condition,
            result_types,
            &mut (),
            |fb, _| then(fb),
            |fb, _| otherwise(fb),
        )
    }
    /// [`Self::if_then_else`] whose arms both use `state` (given to `then`, then to `otherwise`).
    pub fn if_then_else_with<S: ?Sized>(
        &mut self,
        condition: ValueId,
        result_types: &[TypeId],
        state: &mut S,
        then: impl FnOnce(&mut Self, &mut S) -> Vec<ValueId>,
        otherwise: impl FnOnce(&mut Self, &mut S) -> Vec<ValueId>,
    ) -> Vec<ValueId> {
        let sel = self.begin_selection(spirv::SelectionControl::NONE, result_types);
        let then_block = self.append_block(sel.region, &[]);
        let else_block = self.append_block(sel.region, &[]);
        self.cursor = sel.header;
        self.branch_conditional(condition, then_block, &[], else_block, &[]);
        self.cursor = then_block;
        let values = then(self, state);
        if !self.is_terminated() {
            self.branch(sel.merge, &values);
        }
        self.cursor = else_block;
        let values = otherwise(self, state);
        if !self.is_terminated() {
            self.branch(sel.merge, &values);
        }
        self.end_structured(sel.parent);
        self.results(sel.op)
    }
    /// `while cond(args) { args = body(args) }` with loop-carried values starting at `init`;
    /// returns their values at exit. `cond` runs in the loop header, `body` in the loop body
    /// (it may create nested structured ops).
    pub fn while_loop(
        &mut self,
        init: &[ValueId],
        cond: impl FnOnce(&mut Self, &[ValueId]) -> ValueId,
        body: impl FnOnce(&mut Self, &[ValueId]) -> Vec<ValueId>,
    ) -> Vec<ValueId> {
        let carried: Vec<TypeId> = init.iter().map(|&v| self.type_of(v)).collect();
        let lp = self.begin_loop(spirv::LoopControl::NONE, init, &carried);
        let args = self.block_args(lp.header);
        let c = cond(self, &args);
        let body_block = self.append_block(lp.region, &[]);
        self.branch_conditional(c, body_block, &[], lp.merge, &args);
        self.cursor = body_block;
        let next = body(self, &args);
        if !self.is_terminated() {
            self.branch(lp.continue_block, &next);
        }
        self.end_structured(lp.parent);
        self.results(lp.op)
    }
    /// `for i in (start..end).step_by(step)` with loop-carried `iter_args`; `body` gets `i` and
    /// the current `iter_args` and returns the next ones; returns the final `iter_args`. The
    /// comparison is signed when the induction type is signed.
    pub fn for_range(
        &mut self,
        start: ValueId,
        end: ValueId,
        step: ValueId,
        iter_args: &[ValueId],
        body: impl FnOnce(&mut Self, ValueId, &[ValueId]) -> Vec<ValueId>,
    ) -> Vec<ValueId> {
        let ity = self.type_of(start);
        let signed = matches!(self.module.types[ity], Type::Int { signed: true, .. });
        let bool_ty = self.ty_bool();
        let mut init = vec![start];
        init.extend_from_slice(iter_args);
        let carried: Vec<TypeId> = iter_args.iter().map(|&v| self.type_of(v)).collect();
        let lp = self.begin_loop_inner(spirv::LoopControl::NONE, &init, &carried, false);
        // The continue block: i + step, then back to the header.
        let cont_args = self.block_args(lp.continue_block);
        self.cursor = lp.continue_block;
        let incremented = self.iadd(ity, cont_args[0], step);
        let mut back = vec![incremented];
        back.extend_from_slice(&cont_args[1..]);
        self.branch(lp.header, &back);
        self.cursor = lp.header;
        let args = self.block_args(lp.header);
        let c = if signed {
            self.slt(bool_ty, args[0], end)
        } else {
            self.ult(bool_ty, args[0], end)
        };
        let body_block = self.append_block(lp.region, &[]);
        self.branch_conditional(c, body_block, &[], lp.merge, &args[1..]);
        self.cursor = body_block;
        let next = body(self, args[0], &args[1..]);
        if !self.is_terminated() {
            let mut pass = vec![args[0]];
            pass.extend(next);
            self.branch(lp.continue_block, &pass);
        }
        self.end_structured(lp.parent);
        self.results(lp.op)
    }
}

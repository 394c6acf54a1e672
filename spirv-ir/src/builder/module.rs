//! The module builder: types, globals, spec constants, functions and entry points.

use super::*;

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

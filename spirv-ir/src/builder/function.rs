//! A function builder's function, blocks and insertion point, and ops of any kind.

use super::*;

impl<'m> FunctionBuilder<'m> {
    /// Appends a function with one parameter value per type of `params` and an empty entry
    /// block to `module`; the builder's insertion point is the end of that block.
    pub(super) fn start(
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
    pub(super) fn f(&mut self) -> &mut Function {
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

    pub(super) fn new_block(&mut self, arg_types: &[TypeId]) -> BlockId {
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
}

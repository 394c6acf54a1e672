//! `KernelBuilder`: appends statements to the innermost open block, with helpers that type
//! the results. Passes that rewrite a kernel build a new body with it.

use super::syntax::*;
use crate::arena::Arena;
use crate::size_expr::SizeExpr;

pub struct KernelBuilder {
    pub kernel: Kernel,
    /// Open blocks; the last is where statements go. `blocks[0]` is the body.
    blocks: Vec<Block>,
}

impl KernelBuilder {
    pub fn new(name: impl Into<String>) -> Self {
        KernelBuilder {
            kernel: Kernel {
                name: name.into(),
                bindings: Vec::new(),
                views: Vec::new(),
                push_constants: Vec::new(),
                allocations: Arena::new(),
                values: Arena::new(),
                body: Block::default(),
                local_size: [1, 1, 1],
                workgroup_count: [SizeExpr::Const(1), SizeExpr::Const(1), SizeExpr::Const(1)],
                required_subgroup_size: None,
                tuning_key: None,
                flops: SizeExpr::Const(0),
                bytes: SizeExpr::Const(0),
                run_when: None,
                origin: kiln_frontend::Location::Unknown,
                sources: Vec::new(),
            },
            blocks: vec![Block::default()],
        }
    }

    /// Continues building on a kernel's declarations with an empty body (the old body is
    /// returned so a pass can walk it and re-emit).
    pub fn rebuild(mut kernel: Kernel) -> (Self, Block) {
        let body = std::mem::take(&mut kernel.body);
        (
            KernelBuilder {
                kernel,
                blocks: vec![Block::default()],
            },
            body,
        )
    }

    pub fn finish(mut self) -> Kernel {
        assert_eq!(self.blocks.len(), 1, "unbalanced blocks in KernelBuilder");
        self.kernel.body = self.blocks.pop().unwrap_or_default();
        self.kernel
    }

    pub fn add_binding(&mut self, binding: BufferBinding) -> BindingId {
        self.kernel.bindings.push(binding);
        BindingId(self.kernel.bindings.len() as u32 - 1)
    }
    pub fn add_view(&mut self, view: BufferView) -> ViewId {
        if let Some(i) = self.kernel.views.iter().position(|v| *v == view) {
            return ViewId(i as u32);
        }
        self.kernel.views.push(view);
        ViewId(self.kernel.views.len() as u32 - 1)
    }
    /// The push constant carrying `value`, added on first request.
    pub fn push_constant(&mut self, name: &str, value: SizeExpr) -> PushConstantId {
        if let Some(i) = self
            .kernel
            .push_constants
            .iter()
            .position(|p| p.value == value)
        {
            return PushConstantId(i as u32);
        }
        self.kernel.push_constants.push(PushConstant {
            name: name.to_string(),
            value,
        });
        PushConstantId(self.kernel.push_constants.len() as u32 - 1)
    }
    pub fn allocate(
        &mut self,
        name: &str,
        storage: StorageClass,
        element: ScalarType,
        len: u32,
    ) -> AllocationId {
        self.kernel.allocations.append(Allocation {
            name: name.to_string(),
            storage,
            element,
            len,
            matrix: None,
        })
    }
    /// A Function-storage variable holding one cooperative matrix (an accumulator).
    pub fn allocate_matrix(&mut self, name: &str, matrix: MatrixType) -> AllocationId {
        self.kernel.allocations.append(Allocation {
            name: name.to_string(),
            storage: StorageClass::Function,
            element: matrix.element,
            len: 1,
            matrix: Some(matrix),
        })
    }
    /// Row-major cooperative-matrix store into a Workgroup allocation.
    pub fn matrix_store(&mut self, place: Place, offset: Value, stride: Value, value: Value) {
        self.push_stmt(Stmt::MatrixStore {
            place,
            offset,
            stride,
            value,
        });
    }

    pub fn new_value(&mut self, ty: Type, name: Option<&str>) -> Value {
        self.kernel.values.append(ValueInfo {
            ty,
            name: name.map(str::to_string),
        })
    }
    pub fn type_of(&self, value: Value) -> Type {
        self.kernel.values[value].ty
    }
    pub fn push_stmt(&mut self, stmt: Stmt) {
        self.blocks
            .last_mut()
            .expect("an open block")
            .stmts
            .push(stmt);
    }
    pub fn let_op(&mut self, ty: Type, op: Op) -> Value {
        let result = self.new_value(ty, None);
        self.push_stmt(Stmt::Let { result, op });
        result
    }
    pub fn let_named(&mut self, ty: Type, name: &str, op: Op) -> Value {
        let result = self.new_value(ty, Some(name));
        self.push_stmt(Stmt::Let { result, op });
        result
    }

    pub fn index(&mut self, value: i64) -> Value {
        self.let_op(
            Type::Scalar(ScalarType::Index),
            Op::Constant(Literal::Int(value)),
        )
    }
    /// A constant of scalar type `ty` holding `value` (converted to the type's kind).
    pub fn constant(&mut self, ty: ScalarType, value: f64) -> Value {
        let literal = match ty {
            ScalarType::Bool => Literal::Bool(value != 0.0),
            ScalarType::F16 | ScalarType::BF16 | ScalarType::F32 | ScalarType::F64 => {
                Literal::Float(value)
            }
            _ => Literal::Int(value as i64),
        };
        self.let_op(Type::Scalar(ty), Op::Constant(literal))
    }
    pub fn builtin(&mut self, builtin: Builtin, dim: u8) -> Value {
        self.let_op(
            Type::Scalar(ScalarType::Index),
            Op::Builtin { builtin, dim },
        )
    }
    pub fn unary(&mut self, op: UnaryOp, arg: Value) -> Value {
        let ty = self.type_of(arg);
        self.let_op(ty, Op::Unary { op, arg })
    }
    pub fn binary(&mut self, op: BinaryOp, lhs: Value, rhs: Value) -> Value {
        let ty = self.type_of(lhs);
        self.let_op(ty, Op::Binary { op, lhs, rhs })
    }
    pub fn compare(&mut self, op: CompareOp, lhs: Value, rhs: Value) -> Value {
        let ty = match self.type_of(lhs) {
            Type::Scalar(_) => Type::Scalar(ScalarType::Bool),
            Type::Vector(_, w) => Type::Vector(ScalarType::Bool, w),
            // Not comparable; the verifier reports it.
            Type::Matrix(_) => Type::Scalar(ScalarType::Bool),
        };
        self.let_op(ty, Op::Compare { op, lhs, rhs })
    }
    pub fn select(&mut self, cond: Value, on_true: Value, on_false: Value) -> Value {
        let ty = self.type_of(on_true);
        self.let_op(
            ty,
            Op::Select {
                cond,
                on_true,
                on_false,
            },
        )
    }
    /// `arg`'s bits read as the scalar type `to` of the same width (keeping its vector width).
    pub fn bitcast(&mut self, arg: Value, to: ScalarType) -> Value {
        let ty = match self.type_of(arg) {
            Type::Vector(_, w) => Type::Vector(to, w),
            _ => Type::Scalar(to),
        };
        self.let_op(ty, Op::Bitcast { arg })
    }
    /// Converts `arg` to `to` (keeping its vector width); a no-op when the type already matches.
    pub fn cast(&mut self, arg: Value, to: ScalarType) -> Value {
        let ty = match self.type_of(arg) {
            Type::Scalar(s) if s == to => return arg,
            Type::Vector(s, _) if s == to => return arg,
            Type::Scalar(_) => Type::Scalar(to),
            Type::Vector(_, w) => Type::Vector(to, w),
            Type::Matrix(m) if m.element == to => return arg,
            Type::Matrix(m) => Type::Matrix(MatrixType { element: to, ..m }),
        };
        self.let_op(ty, Op::Cast { arg })
    }
    pub fn load(&mut self, ty: Type, place: Place, indices: Vec<Value>) -> Value {
        self.let_op(ty, Op::Load { place, indices })
    }
    pub fn store(&mut self, place: Place, indices: Vec<Value>, value: Value) {
        self.push_stmt(Stmt::Store {
            place,
            indices,
            value,
        });
    }
    pub fn barrier(&mut self) {
        self.push_stmt(Stmt::Barrier);
    }

    /// Opens a parallel loop with one induction variable per upper bound.
    pub fn parallel(
        &mut self,
        marker: ParallelMarker,
        upper: Vec<Value>,
        body: impl FnOnce(&mut Self, &[Value]),
    ) {
        let ivs: Vec<Value> = (0..upper.len())
            .map(|_| self.new_value(Type::Scalar(ScalarType::Index), Some("i")))
            .collect();
        self.blocks.push(Block::default());
        body(self, &ivs);
        let body = self.blocks.pop().expect("parallel body");
        self.push_stmt(Stmt::Parallel {
            marker,
            ivs,
            upper,
            body,
        });
    }
    pub fn for_loop(
        &mut self,
        lower: Value,
        upper: Value,
        step: Value,
        body: impl FnOnce(&mut Self, Value),
    ) {
        let iv = self.new_value(Type::Scalar(ScalarType::Index), Some("k"));
        self.blocks.push(Block::default());
        body(self, iv);
        let body = self.blocks.pop().expect("for body");
        self.push_stmt(Stmt::For {
            iv,
            lower,
            upper,
            step,
            body,
        });
    }
    pub fn if_then(&mut self, cond: Value, then_body: impl FnOnce(&mut Self)) {
        self.if_then_else(cond, then_body, |_| {});
    }
    pub fn if_then_else(
        &mut self,
        cond: Value,
        then_body: impl FnOnce(&mut Self),
        else_body: impl FnOnce(&mut Self),
    ) {
        self.blocks.push(Block::default());
        then_body(self);
        let then_block = self.blocks.pop().expect("then block");
        self.blocks.push(Block::default());
        else_body(self);
        let else_block = self.blocks.pop().expect("else block");
        self.push_stmt(Stmt::If {
            cond,
            then_block,
            else_block,
        });
    }
    /// A [`MatrixMap`] of `matrix`: `body` gets the row, column and element values and returns
    /// the element's new value; returns the mapped matrix.
    pub fn matrix_map(
        &mut self,
        matrix: Value,
        body: impl FnOnce(&mut Self, [Value; 3]) -> Value,
    ) -> Value {
        let ty = self.type_of(matrix);
        let element = match ty {
            Type::Matrix(m) => Type::Scalar(m.element),
            other => other,
        };
        let index = Type::Scalar(ScalarType::Index);
        let row = self.new_value(index, Some("row"));
        let column = self.new_value(index, Some("column"));
        let element = self.new_value(element, Some("x"));
        self.blocks.push(Block::default());
        let yielded = body(self, [row, column, element]);
        let body = self.blocks.pop().expect("matrix_map body");
        let result = self.new_value(ty, None);
        self.push_stmt(Stmt::MatrixMap(MatrixMap {
            result,
            matrix,
            row,
            column,
            element,
            body,
            yielded,
        }));
        result
    }
    /// Runs `body` with a fresh open block and returns what it emitted, without appending it.
    pub fn capture(&mut self, body: impl FnOnce(&mut Self)) -> Block {
        self.blocks.push(Block::default());
        body(self);
        self.blocks.pop().expect("captured block")
    }
}

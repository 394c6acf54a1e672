//! The conversion driver: the state of one kernel's conversion ([`Converter`]: the SPIR-V value
//! of each kernel value, the module's variables, the capabilities used so far) and the dispatch
//! of each statement and op to the pattern of its family (`arith.rs`, `math.rs`, ...).

use super::conversion_target::ConversionTarget;
use super::type_converter::TypeConverter;
use crate::error::CompileError;
use crate::kernel_ir::{self as k, ScalarType, Stmt};
use crate::size_expr::SizeExpr;
use kiln_spirv_ir::spirv::{self, Scope};
use kiln_spirv_ir::{
    ConstantValue, FunctionBuilder, GlobalVarId, Type as SpvType, TypeId, ValueId,
};
use rustc_hash::FxHashMap as HashMap;
use std::collections::HashSet;

pub(super) fn internal(message: impl Into<String>) -> CompileError {
    CompileError::internal("legalize", message)
}

pub(super) fn is_float(t: ScalarType) -> bool {
    matches!(
        t,
        ScalarType::F16 | ScalarType::BF16 | ScalarType::F32 | ScalarType::F64
    )
}

/// The scalar element type of a scalar, vector or matrix.
pub(super) fn element(t: k::Type) -> ScalarType {
    match t {
        k::Type::Scalar(s) | k::Type::Vector(s, _) => s,
        k::Type::Matrix(m) => m.element,
    }
}

pub(super) struct Converter<'a> {
    pub(super) kernel: &'a k::Kernel,
    pub(super) converter: &'a TypeConverter,
    pub(super) conversion: &'a ConversionTarget<'a>,
    pub(super) bindings: &'a [BindingInfo],
    pub(super) push_block: Option<GlobalVarId>,
    pub(super) push_constants: &'a [k::PushConstant],
    pub(super) workgroup_vars: &'a HashMap<k::AllocationId, GlobalVarId>,
    /// Workgroup allocations declared as arrays of vec4 (see `vector_allocations`).
    pub(super) vec4_allocations: &'a HashSet<k::AllocationId>,
    pub(super) function_vars: HashMap<k::AllocationId, ValueId>,
    pub(super) values: HashMap<k::Value, ValueId>,
    pub(super) builtins: HashMap<k::Builtin, GlobalVarId>,
    /// Materialized size expressions (push constants, strides); entry-block values.
    pub(super) sizes: HashMap<SizeExpr, ValueId>,
    /// The block pointers of bindings reached by device address (`addresses.rs`), by binding;
    /// entry-block values.
    pub(super) addresses: HashMap<usize, ValueId>,
    /// Per binding, the push-constant byte offset of its device address (`None`: descriptor).
    pub(super) address_offsets: &'a [Option<u32>],
    /// How many ops of the function the conversion target has checked.
    pub(super) checked_ops: usize,
}

impl Converter<'_> {
    /// The SPIR-V type of a kernel value type (interned in `fb`'s module).
    pub(super) fn ty(&mut self, fb: &mut FunctionBuilder<'_>, ty: k::Type) -> TypeId {
        let scalar = fb.ty(self.converter.scalar_type(element(ty)));
        match ty {
            k::Type::Scalar(_) => scalar,
            k::Type::Vector(_, w) => fb.ty_vector(scalar, w as u32),
            k::Type::Matrix(m) => fb.ty(SpvType::CooperativeMatrix {
                component: scalar,
                scope: match m.scope {
                    k::MatrixScope::Subgroup => Scope::Subgroup,
                    k::MatrixScope::Workgroup => Scope::Workgroup,
                },
                rows: m.rows,
                columns: m.columns,
                usage: match m.usage {
                    k::MatrixUse::A => spirv::CooperativeMatrixUse::MatrixAKHR,
                    k::MatrixUse::B => spirv::CooperativeMatrixUse::MatrixBKHR,
                    k::MatrixUse::Accumulator => spirv::CooperativeMatrixUse::MatrixAccumulatorKHR,
                },
            }),
        }
    }

    pub(super) fn value(&self, v: k::Value) -> Result<ValueId, CompileError> {
        self.values
            .get(&v)
            .copied()
            .ok_or_else(|| internal(format!("kernel value %{} has no SPIR-V value", v.index())))
    }

    pub(super) fn vty(&self, v: k::Value) -> k::Type {
        self.kernel.values[v].ty
    }

    pub(super) fn index_ty(&mut self, fb: &mut FunctionBuilder<'_>) -> TypeId {
        self.ty(fb, k::Type::Scalar(ScalarType::Index))
    }

    pub(super) fn index_const(&mut self, fb: &mut FunctionBuilder<'_>, c: i64) -> ValueId {
        let t = self.index_ty(fb);
        fb.constant(
            t,
            ConstantValue::Int(if self.converter.index_bits == 64 {
                c as u64
            } else {
                c as i32 as u32 as u64
            }),
        )
    }

    /// A u32 (from a builtin or push constant) as an index.
    pub(super) fn u32_to_index(&mut self, fb: &mut FunctionBuilder<'_>, x: ValueId) -> ValueId {
        if self.converter.index_bits == 64 {
            let u64_ty = fb.ty(SpvType::Int {
                width: 64,
                signed: false,
            });
            let wide = fb.uconvert(u64_ty, x);
            let t = self.index_ty(fb);
            fb.bitcast(t, wide)
        } else {
            let t = self.index_ty(fb);
            fb.bitcast(t, x)
        }
    }

    pub(super) fn block(
        &mut self,
        fb: &mut FunctionBuilder<'_>,
        block: &k::Block,
    ) -> Result<(), CompileError> {
        for stmt in &block.stmts {
            self.stmt(fb, stmt)?;
        }
        Ok(())
    }

    /// Converts one statement by the pattern of its family, then has the conversion target
    /// check the ops the pattern produced.
    fn stmt(&mut self, fb: &mut FunctionBuilder<'_>, stmt: &Stmt) -> Result<(), CompileError> {
        self.convert_stmt(fb, stmt)?;
        self.check_new_ops(fb, &|| statement_text(self.kernel, stmt))
    }

    /// Has the conversion target check the ops of the function not checked yet (a loop's or a
    /// selection's own ops are checked with the first statement of its body), which `source`
    /// produced.
    pub(super) fn check_new_ops(
        &mut self,
        fb: &FunctionBuilder<'_>,
        source: &dyn Fn() -> String,
    ) -> Result<(), CompileError> {
        let function = fb.function();
        let from = std::mem::replace(&mut self.checked_ops, function.ops.len());
        self.conversion
            .check_ops(fb.module(), function, from, source)
    }

    fn convert_stmt(
        &mut self,
        fb: &mut FunctionBuilder<'_>,
        stmt: &Stmt,
    ) -> Result<(), CompileError> {
        match stmt {
            Stmt::Let { result, op } => {
                let v = self.op(fb, *result, op)?;
                self.values.insert(*result, v);
            }
            // ---- memory ----
            Stmt::Store {
                place,
                indices,
                value,
            } => self.store(fb, place, indices, *value)?,
            // ---- control flow ----
            Stmt::For {
                iv,
                lower,
                upper,
                step,
                body,
            } => self.for_loop(fb, *iv, [*lower, *upper, *step], body)?,
            Stmt::If {
                cond,
                then_block,
                else_block,
            } => self.if_else(fb, *cond, then_block, else_block)?,
            // ---- barriers ----
            Stmt::Barrier => self.barrier(fb),
            Stmt::Parallel { .. } => {
                return Err(internal(
                    "parallel loop reached legalization (distribution did not run)",
                ))
            }
            // ---- cooperative matrices ----
            Stmt::MatrixStore {
                place,
                offset,
                stride,
                value,
            } => self.matrix_store(fb, place, *offset, *stride, *value)?,
            Stmt::MatrixStoreTensor(store) => self.matrix_store_tensor(fb, store)?,
            Stmt::MatrixMap(map) => {
                let v = self.matrix_map(fb, map)?;
                self.values.insert(map.result, v);
            }
        }
        Ok(())
    }

    /// Converts one op by the pattern of its family; `result`'s type is converted first (its
    /// SPIR-V type is declared before the operands' constants).
    fn op(
        &mut self,
        fb: &mut FunctionBuilder<'_>,
        result: k::Value,
        op: &k::Op,
    ) -> Result<ValueId, CompileError> {
        let rt = self.vty(result);
        let t = self.ty(fb, rt);
        let s = element(rt);
        match op {
            // ---- constants ----
            k::Op::Constant(lit) => self.constant(fb, rt, *lit),
            // ---- ids -> builtins, push constants ----
            k::Op::Builtin { builtin, dim } => self.builtin(fb, *builtin, *dim),
            k::Op::PushConstant(id) => self.kernel_push_constant(fb, *id),
            // ---- arith ----
            k::Op::Binary { op, lhs, rhs } => self.binary(fb, *op, rt, t, *lhs, *rhs),
            k::Op::Compare { op, lhs, rhs } => self.compare(fb, *op, t, *lhs, *rhs),
            k::Op::Select {
                cond,
                on_true,
                on_false,
            } => self.select(fb, t, *cond, *on_true, *on_false),
            k::Op::Cast { arg } => {
                let from = element(self.vty(*arg));
                let x = self.value(*arg)?;
                self.cast(fb, x, from, s, rt, t)
            }
            // f32 <-> i32, f64 <-> i64 (the kernel verifier admits no other pair).
            k::Op::Bitcast { arg } => {
                let x = self.value(*arg)?;
                Ok(fb.bitcast(t, x))
            }
            k::Op::Splat { arg } => self.splat(fb, rt, t, *arg),
            k::Op::Extract { vector, lane } => self.extract(fb, t, *vector, *lane),
            // ---- math -> GLSL.std.450 ----
            k::Op::Unary { op, arg } => self.unary(fb, *op, s, t, *arg),
            // ---- memory ----
            k::Op::Load { place, indices } => self.load(fb, place, indices, rt, t),
            // ---- cooperative matrices ----
            k::Op::MatrixLoad {
                place,
                offset,
                stride,
            } => self.matrix_load(fb, t, place, *offset, *stride),
            k::Op::MatrixLoadTensor {
                view,
                batch,
                row0,
                col0,
                in_bounds,
            } => self.matrix_load_tensor(fb, rt, t, *view, batch, [*row0, *col0], *in_bounds),
            k::Op::MatrixMulAdd { a, b, c } => self.matrix_mul_add(fb, t, *a, *b, *c),
            // ---- subgroup ----
            k::Op::SubgroupReduce { op, arg } => self.subgroup_reduce(fb, *op, rt, t, *arg),
            k::Op::SubgroupBroadcast { arg, lane } => self.subgroup_broadcast(fb, t, *arg, *lane),
            k::Op::WorkgroupReduce { .. } => Err(internal(
                "workgroup_reduce reached legalization (distribution did not run)",
            )),
        }
    }
}

/// A statement as the kernel IR printer writes its first line, for diagnostics.
fn statement_text(kernel: &k::Kernel, stmt: &Stmt) -> String {
    match stmt {
        Stmt::Let { result, op } => format!("%{} = {}", result.index(), k::op_text(kernel, op)),
        Stmt::Store { .. } => "store".into(),
        Stmt::For { .. } => "for".into(),
        Stmt::If { .. } => "if".into(),
        Stmt::Barrier => "barrier".into(),
        Stmt::Parallel { .. } => "parallel".into(),
        Stmt::MatrixStore { .. } => "matrix_store".into(),
        Stmt::MatrixStoreTensor(_) => "matrix_store_tensor".into(),
        Stmt::MatrixMap(map) => format!("%{} = matrix_map", map.result.index()),
    }
}

/// How a kernel reaches a binding's block.
#[derive(Clone, Copy)]
pub(super) enum BindingBase {
    /// A `StorageBuffer` global with a descriptor.
    Descriptor(GlobalVarId),
    /// A `PhysicalStorageBuffer` pointer of this type to the block, from the device address
    /// pushed at the binding's [`Converter::address_offsets`] entry.
    Address(TypeId),
}

pub(super) struct BindingInfo {
    pub(super) base: BindingBase,
    /// The byte stride of the runtime array's elements (the `Aligned` operand of accesses
    /// through a device address).
    pub(super) alignment: u32,
    /// The stored scalar type.
    pub(super) element: ScalarType,
    /// Whether the runtime array holds 4-lane vectors.
    pub(super) vec4: bool,
}

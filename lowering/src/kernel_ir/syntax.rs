//! The kernel IR: the loop-level IR between tensor dispatch regions and SPIR-V. One [`Kernel`]
//! per dispatch region. Declarations only; the printer, verifier and builder live beside it.
//!
//! Values are SSA: each is defined once (by a [`Stmt::Let`] or as a loop induction variable)
//! and may be used only after its definition, in the same block or a block nested in it.
//! Mutable state (accumulators, shared tiles) lives in [`Allocation`]s accessed by load/store.

use crate::arena::{Arena, Handle};
use crate::size_expr::SizeExpr;
use std::collections::HashSet;

pub type Value = Handle<ValueInfo>;
pub type AllocationId = Handle<Allocation>;

/// Index of a binding in [`Kernel::bindings`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BindingId(pub u32);
/// Index of a view in [`Kernel::views`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ViewId(pub u32);
/// Index of a push constant in [`Kernel::push_constants`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PushConstantId(pub u32);

/// Scalar element types. `Index` is the type of loop counters, ids and addresses; legalization
/// maps it to i32 (default) or i64.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScalarType {
    Bool,
    I8,
    /// 16-bit integer words: stored, loaded and converted (from and to other integers) only;
    /// the split kernels write the bit patterns of bf16 planes with them, so that they need no
    /// bf16 type (`lower_to_kernels/split.rs`).
    I16,
    I32,
    I64,
    F16,
    /// bfloat16 (SPV_KHR_bfloat16): stored, loaded, converted and used as a cooperative-matrix
    /// element only; no arithmetic.
    BF16,
    F32,
    F64,
    Index,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    Scalar(ScalarType),
    /// `width` in 2..=4 lanes.
    Vector(ScalarType, u8),
    /// A cooperative matrix (VK_KHR_cooperative_matrix; `Workgroup` scope from
    /// VK_NV_cooperative_matrix2); only the matrix ops, `splat` (fill), `cast` to another
    /// element type, and loads / stores of a matrix allocation accept it.
    Matrix(MatrixType),
}

/// The role of a cooperative matrix in `a * b + c` (`CooperativeMatrixUse`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MatrixUse {
    /// `rows x k`, the left operand.
    A,
    /// `k x columns`, the right operand.
    B,
    /// The accumulator and result.
    Accumulator,
}

/// Which invocations own a cooperative matrix (`Scope` of `OpTypeCooperativeMatrixKHR`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MatrixScope {
    /// One subgroup; the shape must be one of the target's `cooperative_matrix` entries.
    Subgroup,
    /// The whole workgroup (VK_NV_cooperative_matrix2); the shape must be a multiple of the
    /// granularities of one of the target's `cooperative_matrix_workgroup` entries, and the
    /// kernel's workgroup size that entry's invocation count.
    Workgroup,
}

/// A cooperative matrix type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MatrixType {
    pub element: ScalarType,
    pub rows: u32,
    pub columns: u32,
    pub usage: MatrixUse,
    pub scope: MatrixScope,
}

#[derive(Clone, Debug, PartialEq)]
pub struct ValueInfo {
    pub ty: Type,
    /// A name hint for printing (`%acc`); not unique.
    pub name: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Access {
    ReadOnly,
    WriteOnly,
    ReadWrite,
}

/// A storage buffer bound to the kernel.
#[derive(Clone, Debug, PartialEq)]
pub struct BufferBinding {
    pub set: u32,
    /// Unique within `set` in one kernel.
    pub binding: u32,
    pub access: Access,
    /// The element type as stored; `Bool` is stored as 32-bit words (see the type converter).
    pub element: ScalarType,
    /// The program-level buffer bound here (`program::BufferId`).
    pub buffer: u32,
    pub name: String,
    /// Reached through the buffer's device address (a `PhysicalStorageBuffer` pointer pushed
    /// as two u32 words after the kernel's push constants) rather than a descriptor: the
    /// buffer is larger than the target's `maxStorageBufferRange` (`LoweringTarget::
    /// binding_path`). `set` / `binding` then name no descriptor.
    pub by_address: bool,
}

/// A strided window on a binding, in elements. Index `(i_0, .., i_{r-1})` addresses element
/// `offset + sum(i_k * strides[k])`. A stride of 0 broadcasts along that dimension.
#[derive(Clone, Debug, PartialEq)]
pub struct BufferView {
    pub binding: BindingId,
    pub offset: SizeExpr,
    /// Same length as `strides`.
    pub shape: Vec<SizeExpr>,
    pub strides: Vec<SizeExpr>,
}

/// A 32-bit integer pushed by the runtime: a symbolic dimension or a value derived from them.
#[derive(Clone, Debug, PartialEq)]
pub struct PushConstant {
    pub name: String,
    /// Evaluated by the runtime from the symbol values; never a constant.
    pub value: SizeExpr,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StorageClass {
    /// Private to an invocation.
    Function,
    /// Shared by a workgroup; its total size must fit `maxComputeSharedMemorySize`.
    Workgroup,
}

/// A fixed-size array (or scalar when `len == 1`) in Function or Workgroup storage. A Workgroup
/// allocation whose length is a multiple of 4 may also be loaded / stored as vec4 at element
/// indices that are multiples of 4 (128-bit shared-memory accesses).
#[derive(Clone, Debug, PartialEq)]
pub struct Allocation {
    pub name: String,
    pub storage: StorageClass,
    pub element: ScalarType,
    /// At least 1.
    pub len: u32,
    /// When set, the allocation holds one cooperative matrix of this type (`len == 1`,
    /// Function storage, `element` is the matrix element), loaded and stored without indices.
    pub matrix: Option<MatrixType>,
}

/// Where a load or store goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Place {
    /// Indexed with exactly `view.shape.len()` index values.
    View(ViewId),
    /// Indexed with one index value (none when `len == 1`).
    Allocation(AllocationId),
}

/// How a `parallel` loop will be distributed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ParallelMarker {
    /// Each iteration is one workgroup (-> WorkgroupId). Outermost only.
    Workgroup,
    /// Iterations spread over the invocations of a workgroup (-> LocalInvocationId); directly
    /// inside a `Workgroup` loop. Its bounds are the workgroup size.
    Local,
    /// Not tiled: collapsed and mapped to GlobalInvocationId with a bounds guard.
    Untiled,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Builtin {
    GlobalInvocationId,
    WorkgroupId,
    LocalInvocationId,
    NumWorkgroups,
    SubgroupLocalInvocationId,
    SubgroupId,
    NumSubgroups,
    SubgroupSize,
}

impl Builtin {
    /// Whether the builtin is a 3-component vector (indexed by `dim`) rather than a scalar.
    pub fn is_vector(self) -> bool {
        matches!(
            self,
            Builtin::GlobalInvocationId
                | Builtin::WorkgroupId
                | Builtin::LocalInvocationId
                | Builtin::NumWorkgroups
        )
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnaryOp {
    Neg,
    Abs,
    /// Logical not on Bool, bitwise not on integers.
    Not,
    Exp,
    Log,
    Sqrt,
    Rsqrt,
    Tanh,
    Floor,
    Ceil,
    Round,
    Sin,
    Cos,
    Exp2,
    Log2,
    Tan,
    Atan,
    Sinh,
    Cosh,
    Asinh,
    Acosh,
    Atanh,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinaryOp {
    Add,
    Sub,
    Mul,
    /// Floats: IEEE division; integers: truncating signed division.
    Div,
    /// Integers: signed remainder (sign of the dividend).
    Rem,
    /// Integers: division of the unsigned readings (`arith.divui`).
    DivU,
    /// Integers: remainder of the unsigned readings (`arith.remui`).
    RemU,
    Min,
    Max,
    Pow,
    /// Floats: `atan2(lhs, rhs)`, the angle of the point (rhs, lhs).
    Atan2,
    And,
    Or,
    Xor,
    /// Integers: `lhs << rhs`; an amount not below the bit width (read unsigned) gives 0.
    Shl,
    /// Integers: logical `lhs >> rhs` (zero fill); amounts not below the width give 0.
    ShrU,
    /// Integers: arithmetic `lhs >> rhs` (sign fill); amounts not below the width give the
    /// sign fill.
    ShrS,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CompareOp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

/// The combining operator of a reduction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ReduceOp {
    Add,
    Mul,
    Min,
    Max,
}

/// A literal scalar; the value type says how to read it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Literal {
    Bool(bool),
    Int(i64),
    Float(f64),
}

/// A value-producing operation. Operand types must agree as the verifier describes.
#[derive(Clone, Debug, PartialEq)]
pub enum Op {
    Constant(Literal),
    /// The `dim`-th component (0..3) of a vector builtin, or a scalar builtin (`dim` 0).
    Builtin {
        builtin: Builtin,
        dim: u8,
    },
    PushConstant(PushConstantId),
    Unary {
        op: UnaryOp,
        arg: Value,
    },
    Binary {
        op: BinaryOp,
        lhs: Value,
        rhs: Value,
    },
    /// Result is Bool (or a Bool vector).
    Compare {
        op: CompareOp,
        lhs: Value,
        rhs: Value,
    },
    Select {
        cond: Value,
        on_true: Value,
        on_false: Value,
    },
    /// Numeric conversion to the result type (float <-> int, widths, Bool <-> number).
    Cast {
        arg: Value,
    },
    /// The operand's bits read as the result type, a scalar of the same width (f32 <-> i32,
    /// f64 <-> i64).
    Bitcast {
        arg: Value,
    },
    /// Loads one element, or `width` consecutive elements along the innermost view dimension
    /// (of an allocation: from the index on) when the result is a vector.
    Load {
        place: Place,
        indices: Vec<Value>,
    },
    /// A vector with every lane set to `arg`.
    Splat {
        arg: Value,
    },
    /// Lane `lane` of a vector.
    Extract {
        vector: Value,
        lane: u8,
    },
    /// `arg` as held by the subgroup invocation whose `SubgroupLocalInvocationId` is `lane`
    /// (a constant: every invocation reads the same one). The subgroup must be full.
    SubgroupBroadcast {
        arg: Value,
        lane: u32,
    },
    /// Reduces `arg` over the active invocations of the subgroup.
    SubgroupReduce {
        op: ReduceOp,
        arg: Value,
    },
    /// Reduces `arg` over all invocations of a `Local` parallel loop; every invocation gets the
    /// result. Legal only directly in a `Local` loop body, before distribution (which expands it
    /// into subgroup arithmetic or a shared-memory tree with barriers).
    WorkgroupReduce {
        op: ReduceOp,
        arg: Value,
    },
    /// Loads a cooperative matrix (the result type) from a Workgroup allocation, row-major:
    /// element `(r, c)` at `offset + r * stride + c` (Index values, in elements). Executed by a
    /// whole subgroup in uniform control flow.
    MatrixLoad {
        place: Place,
        offset: Value,
        stride: Value,
    },
    /// Loads a `Workgroup`-scope cooperative matrix (the result type) through a tensor layout
    /// (SPV_NV_tensor_addressing): element `(r, c)` is `view[batch.., row0 + r, col0 + c]`
    /// (`batch` indexes the view's leading dimensions; its innermost stride is 1). With
    /// `in_bounds` the window lies inside the view (no clamping); otherwise elements outside
    /// the view's last two dimensions read as zero. Executed by the whole workgroup in uniform
    /// control flow.
    MatrixLoadTensor {
        view: ViewId,
        batch: Vec<Value>,
        row0: Value,
        col0: Value,
        in_bounds: bool,
    },
    /// `a * b + c` on cooperative matrices (A, B and Accumulator uses; the result has c's type).
    MatrixMulAdd {
        a: Value,
        b: Value,
        c: Value,
    },
}

impl Op {
    /// The values the op reads.
    pub fn operands(&self) -> Vec<Value> {
        match self {
            Op::Constant(_) | Op::Builtin { .. } | Op::PushConstant(_) => vec![],
            Op::Unary { arg, .. }
            | Op::Cast { arg }
            | Op::Bitcast { arg }
            | Op::Splat { arg }
            | Op::SubgroupBroadcast { arg, .. }
            | Op::SubgroupReduce { arg, .. }
            | Op::WorkgroupReduce { arg, .. } => vec![*arg],
            Op::Extract { vector, .. } => vec![*vector],
            Op::Binary { lhs, rhs, .. } | Op::Compare { lhs, rhs, .. } => vec![*lhs, *rhs],
            Op::Select {
                cond,
                on_true,
                on_false,
            } => vec![*cond, *on_true, *on_false],
            Op::Load { indices, .. } => indices.clone(),
            Op::MatrixLoad { offset, stride, .. } => vec![*offset, *stride],
            Op::MatrixLoadTensor {
                batch, row0, col0, ..
            } => batch.iter().copied().chain([*row0, *col0]).collect(),
            Op::MatrixMulAdd { a, b, c } => vec![*a, *b, *c],
        }
    }
}

impl MatrixMap {
    /// The values the body (and `yielded`) use that are defined before the statement, in
    /// order of first use: what the per-element function takes as extra parameters.
    pub fn captures(&self) -> Vec<Value> {
        fn scan(block: &Block, defined: &mut HashSet<Value>, out: &mut Vec<Value>) {
            let uses = |vs: &[Value], defined: &HashSet<Value>, out: &mut Vec<Value>| {
                for v in vs {
                    if !defined.contains(v) && !out.contains(v) {
                        out.push(*v);
                    }
                }
            };
            for stmt in &block.stmts {
                match stmt {
                    Stmt::Let { result, op } => {
                        uses(&op.operands(), defined, out);
                        defined.insert(*result);
                    }
                    Stmt::For {
                        iv,
                        lower,
                        upper,
                        step,
                        body,
                    } => {
                        uses(&[*lower, *upper, *step], defined, out);
                        defined.insert(*iv);
                        scan(body, defined, out);
                    }
                    Stmt::If {
                        cond,
                        then_block,
                        else_block,
                    } => {
                        uses(&[*cond], defined, out);
                        scan(then_block, defined, out);
                        scan(else_block, defined, out);
                    }
                    // Not allowed in a body (the verifier says so).
                    _ => {}
                }
            }
        }
        let mut defined: HashSet<Value> = [self.row, self.column, self.element].into();
        let mut out = Vec::new();
        scan(&self.body, &mut defined, &mut out);
        if !defined.contains(&self.yielded) && !out.contains(&self.yielded) {
            out.push(self.yielded);
        }
        out
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Stmt {
    /// Defines `result` (whose type is in the value arena) as the value of `op`.
    Let { result: Value, op: Op },
    /// Stores `value` (scalar, or a vector of consecutive elements along the innermost dim).
    Store {
        place: Place,
        indices: Vec<Value>,
        value: Value,
    },
    /// Iterations in any order; `ivs[k]` runs over `0..upper[k]` (Index values).
    Parallel {
        marker: ParallelMarker,
        ivs: Vec<Value>,
        upper: Vec<Value>,
        body: Block,
    },
    /// Sequential loop `iv = lower; iv < upper; iv += step` (all Index, step > 0).
    For {
        iv: Value,
        lower: Value,
        upper: Value,
        step: Value,
        body: Block,
    },
    If {
        cond: Value,
        then_block: Block,
        else_block: Block,
    },
    /// OpControlBarrier(Workgroup, Workgroup, AcquireRelease | WorkgroupMemory): every invocation
    /// of the workgroup must reach it (uniform control flow).
    Barrier,
    /// Stores cooperative matrix `value` row-major into a Workgroup allocation (the layout of
    /// [`Op::MatrixLoad`]); executed by a whole subgroup in uniform control flow.
    MatrixStore {
        place: Place,
        offset: Value,
        stride: Value,
        value: Value,
    },
    /// See [`MatrixStoreTensor`].
    MatrixStoreTensor(MatrixStoreTensor),
    /// See [`MatrixMap`].
    MatrixMap(MatrixMap),
}

/// Stores a `Workgroup`-scope cooperative matrix `value` into the window of `view` that
/// [`Op::MatrixLoadTensor`] reads; elements outside the view's last two dimensions are not
/// written, nor (with `limits`) those at or past the row / column limits. Executed by the
/// whole workgroup in uniform control flow.
#[derive(Clone, Debug, PartialEq)]
pub struct MatrixStoreTensor {
    pub view: ViewId,
    pub batch: Vec<Value>,
    pub row0: Value,
    pub col0: Value,
    pub value: Value,
    pub in_bounds: bool,
    /// Exclusive row / column ends of the elements written (Index values, at most the view's
    /// last two dimensions), so that overlapping windows can each write their own part;
    /// needs `in_bounds` false.
    pub limits: Option<[Value; 2]>,
}

/// Defines `result` (of the type of `matrix`, a `Workgroup`-scope accumulator) as `matrix` with
/// every element replaced by the value of `yielded` that `body` computes for it
/// (SPV_NV_cooperative_matrix2's per-element operation; a fused epilogue). In the body, `row`
/// and `column` (Index) are the element's position in the matrix and `element` (of the matrix
/// element type, like `yielded`) its value. The body only computes: `let`s (no builtins,
/// allocations, matrices, subgroup or workgroup operations), loads through views, `if` and
/// `for`; no stores or barriers. It may use values defined before the statement. It runs for
/// every element of the matrix, also those outside the problem: loads must stay in bounds.
/// Executed by the whole workgroup in uniform control flow.
#[derive(Clone, Debug, PartialEq)]
pub struct MatrixMap {
    pub result: Value,
    pub matrix: Value,
    pub row: Value,
    pub column: Value,
    pub element: Value,
    pub body: Block,
    pub yielded: Value,
}

#[derive(Clone, Debug, PartialEq, Default)]
pub struct Block {
    pub stmts: Vec<Stmt>,
}

/// One compute kernel: the body runs once per invocation after distribution (before it, once
/// per iteration of its parallel loops).
#[derive(Clone, Debug)]
pub struct Kernel {
    pub name: String,
    /// Every binding is used by at least one view.
    pub bindings: Vec<BufferBinding>,
    pub views: Vec<BufferView>,
    pub push_constants: Vec<PushConstant>,
    pub allocations: Arena<Allocation>,
    pub values: Arena<ValueInfo>,
    pub body: Block,
    /// Set by distribution (before it: the intended size, or [1, 1, 1]).
    pub local_size: [u32; 3],
    /// Set by distribution: number of workgroups per dimension.
    pub workgroup_count: [SizeExpr; 3],
    /// The subgroup size the kernel's layout assumes (a power of two). Set by every strategy
    /// that uses subgroup operations or builtins or subgroup-scope cooperative matrices (and by
    /// distribution for `workgroup_reduce` through subgroup arithmetic); the verifier refuses
    /// such a kernel without it (`subgroup_size.rs`). The runtime pins or refuses it.
    pub required_subgroup_size: Option<u32>,
    /// The contraction's key in `kiln tune`'s tables (`kernel_config::tuning_key`), for a
    /// tiled matmul / conv kernel.
    pub tuning_key: Option<String>,
    /// Work estimates for benchmarks (whole dispatch).
    pub flops: SizeExpr,
    pub bytes: SizeExpr,
    /// Set for one of several kernels of a region chosen at run time (the few-rows variant of
    /// a linear layer with a dynamic M): the kernel runs only when the value lies in the range.
    /// The program's workgroup count carries it (0 outside: the dispatch is skipped).
    pub run_when: Option<SizeRange>,
    /// Where the kernel's region came from (its root op's source location), for the errors of
    /// the passes after lowering. Not part of the text form (read back as unknown).
    pub origin: kiln_frontend::Location,
    /// Where the region's work came from, e.g. the ONNX nodes fused into it: its root op's
    /// location first (a `Location::Fused` where a rewrite merged several nodes into the
    /// root), then the distinct other known locations of its ops, in body order. For
    /// `kiln bench --json`'s per-layer tables; not part of the text form.
    pub sources: Vec<kiln_frontend::Location>,
}

/// `min <= value <= max` (no upper bound without `max`), over the program's symbols.
#[derive(Clone, Debug, PartialEq)]
pub struct SizeRange {
    pub value: SizeExpr,
    pub min: i64,
    pub max: Option<i64>,
}

impl SizeRange {
    /// 1 where the range holds, else 0, as a size expression (for workgroup counts).
    pub fn indicator(&self) -> SizeExpr {
        let (zero, one) = (SizeExpr::Const(0), SizeExpr::Const(1));
        // value >= min: clamp(value - min + 1, 0, 1); value <= max: clamp(max - value + 1, 0, 1).
        let at_least = self
            .value
            .clone()
            .sub(SizeExpr::Const(self.min - 1))
            .min(one.clone())
            .max(zero.clone());
        match self.max {
            None => at_least,
            Some(max) => {
                let at_most = SizeExpr::Const(max + 1)
                    .sub(self.value.clone())
                    .min(one)
                    .max(zero);
                at_least.mul(at_most)
            }
        }
    }
}

impl std::fmt::Display for SizeRange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.max {
            Some(max) if max == self.min => write!(f, "{} == {}", self.value, max),
            Some(max) => write!(f, "{} <= {} <= {}", self.min, self.value, max),
            None => write!(f, "{} >= {}", self.value, self.min),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    #[test]
    fn size_range_indicator_and_text() {
        let m = SizeExpr::sym("M");
        let ranges = [
            (
                SizeRange {
                    value: m.clone(),
                    min: 1,
                    max: Some(1),
                },
                "M == 1",
                [0, 1, 0, 0, 0],
            ),
            (
                SizeRange {
                    value: m.clone(),
                    min: 2,
                    max: Some(64),
                },
                "2 <= M <= 64",
                [0, 0, 1, 1, 0],
            ),
            (
                SizeRange {
                    value: m,
                    min: 65,
                    max: None,
                },
                "M >= 65",
                [0, 0, 0, 0, 1],
            ),
        ];
        for (range, text, expected) in ranges {
            assert_eq!(range.to_string(), text);
            for (value, want) in [0, 1, 2, 64, 65].into_iter().zip(expected) {
                let symbols = HashMap::from([("M".to_string(), value)]);
                assert_eq!(
                    range.indicator().eval(&symbols),
                    Ok(want),
                    "{text} at {value}"
                );
            }
        }
    }
}

//! The Tensor IR, declarations only: a [`Module`] of [`Function`]s whose ops (linalg-style
//! structured ops, `tensor.*` shape ops and `arith.constant`) consume and produce SSA values of
//! [`Type`] (a tensor or a scalar). Code that walks or builds the IR lives elsewhere
//! (`infer.rs` for shape inference and the verifier, `builder.rs`, `interp.rs`, `print.rs`,
//! `parse.rs`, `onnx/`).
//!
//! Conventions shared by every structured op (linalg destination-passing style): the operands are
//! the inputs ("ins") followed by the inits ("outs"); each init gives the type of the result at the
//! same position, and the op overwrites (or accumulates into) a copy of it.

use half::{bf16, f16};

use crate::arena::{Arena, Handle};

/// A handle to a value of one function (an argument or an op result).
pub type ValueId = Handle<Value>;
/// A handle to an op of one function.
pub type OpId = Handle<Op>;

/// Where an item came from, for error messages and for naming a compiled dispatch's sources
/// (`kiln bench --json`). Kept in the arenas' side tables.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Location {
    #[default]
    Unknown,
    /// A position in MLIR text, both 1-based.
    Text { line: u32, column: u32 },
    /// An ONNX graph node (`name` may be empty in the model; then `index` identifies it).
    OnnxNode {
        name: String,
        op_type: String,
        index: usize,
    },
    /// An op that stands for several (a rewrite merged them, e.g. sibling matmuls into one):
    /// their locations, none of them `Fused` or `Unknown` (MLIR's `FusedLoc`).
    Fused { locations: Vec<Location> },
}

impl Location {
    /// `locations` as one location: their distinct known ones, a single one as itself.
    pub fn fused(locations: impl IntoIterator<Item = Location>) -> Location {
        let mut parts: Vec<Location> = Vec::new();
        for location in locations {
            for part in location.parts() {
                if !parts.contains(part) {
                    parts.push(part.clone());
                }
            }
        }
        match parts.len() {
            0 => Location::Unknown,
            1 => parts.remove(0),
            _ => Location::Fused { locations: parts },
        }
    }

    /// The known locations this one stands for: itself, a fused one's parts, none for
    /// `Unknown`.
    pub fn parts(&self) -> &[Location] {
        match self {
            Location::Unknown => &[],
            Location::Fused { locations } => locations,
            _ => std::slice::from_ref(self),
        }
    }
}

/// Element types, the one enum every stage uses for a tensor's logical element type (the
/// Tensor IR, the buffer plan, the compiled program's inputs and outputs; how elements sit in a
/// buffer is `kiln_lowering::program::StorageType`, the kernel IR's arithmetic types
/// `ScalarType`). `BF16` is storage only (the interpreter computes in f64 anyway).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum DType {
    F64,
    F32,
    F16,
    BF16,
    I64,
    I32,
    I8,
    /// A boolean; stored as 0 / 1. (Written `Bool` in program manifests.)
    #[serde(rename = "Bool")]
    I1,
}

/// One dimension of a tensor type.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Dim {
    /// A size known at compile time.
    Static(u64),
    /// A size known only at run time. Two dims with the same name are equal at run time, within
    /// one function. Invariant: the name is non-empty and does not contain `,` or `"`.
    Symbol(String),
}

/// A ranked tensor type. Rank 0 is allowed (`tensor<f32>`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TensorType {
    pub shape: Vec<Dim>,
    pub dtype: DType,
}

/// The type of an SSA value.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    /// A scalar (used as the fill value of `linalg.fill`, the padding value of `tensor.pad`, or
    /// an outer value captured by a scalar body).
    Scalar(DType),
    Tensor(TensorType),
}

/// A value: a function argument or the result of an op.
#[derive(Clone, Debug, PartialEq)]
pub struct Value {
    pub ty: Type,
    /// Invariant: agrees with the function: `Argument(i)` is `function.arguments[i]`, and
    /// `OpResult { op, index }` is `function.ops[op].results[index]`.
    pub def: ValueDef,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueDef {
    Argument(u32),
    OpResult { op: OpId, index: u32 },
}

/// A whole program: `module { func.func ... }` in MLIR text.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Module {
    /// Invariant: names are unique. The entry point is the function named `main`, else the first.
    pub functions: Vec<Function>,
}

/// `func.func @name(args) -> results { body; return results }`.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Function {
    /// The symbol name, without `@`. Invariant: non-empty, `[A-Za-z_][A-Za-z0-9_$.]*`.
    pub name: String,
    /// Every value of the function. Values are never removed; dead ones are simply unused.
    pub values: Arena<Value>,
    /// Every op ever created in the function. Only the ops listed in `body` are part of the program.
    pub ops: Arena<Op>,
    /// The ops of the function body in execution order. Invariant: topologically sorted (each
    /// operand is an argument or a result of an earlier op in `body`), no duplicates.
    pub body: Vec<OpId>,
    /// The function arguments, in order. Invariant: `values[arguments[i]].def == Argument(i)`.
    pub arguments: Vec<ValueId>,
    /// The operands of the terminating `return`, in order. Invariant: each is an argument or a
    /// result of an op in `body`; the function's result types are their types.
    pub results: Vec<ValueId>,
}

/// One op. Invariant (checked by the verifier): `operands.len()` and the operand types are what
/// `kind` expects, and `results` have exactly the types shape inference derives from them.
#[derive(Clone, Debug, PartialEq)]
pub struct Op {
    pub kind: OpKind,
    pub operands: Vec<ValueId>,
    /// Invariant: `values[results[i]].def == OpResult { op: <this op>, index: i }`.
    pub results: Vec<ValueId>,
}

/// What an op does. The comment on each variant lists its operands; every variant has exactly one
/// result unless said otherwise.
#[derive(Clone, Debug, PartialEq)]
pub enum OpKind {
    /// `arith.constant`: no operands; a scalar or a static-shaped tensor result.
    Constant(ConstantValue),
    /// `tensor.empty`: no operands; a tensor of unspecified contents (the type of its result).
    Empty,
    /// `linalg.generic`: operands = `num_inputs` inputs, then the inits; one result per init.
    Generic(Generic),
    /// `linalg.fill`: operands `[scalar, init]`.
    Fill,
    /// `linalg.matmul`: `[A: MxK, B: KxN, init: MxN]`, `C += A * B`.
    Matmul,
    /// `linalg.batch_matmul`: `[A: BxMxK, B: BxKxN, init: BxMxN]`.
    BatchMatmul,
    /// `linalg.matvec`: `[A: MxN, x: N, init: M]`.
    Matvec,
    /// `linalg.conv_2d_*` / `linalg.depthwise_conv_2d_*`: `[input, filter, init]`, accumulating
    /// into the init. Padding is an explicit `tensor.pad` before.
    Conv2d(Conv2d),
    /// `linalg.pooling_*`: `[input, window, init]`; the window is a tensor whose shape is the
    /// kernel size (its contents are ignored), the init holds the start value (-inf for max).
    Pooling(Pooling),
    /// `linalg.transpose`: `[input, init]`, `init[i_0..] = input[i_perm[0]..]`, i.e. result
    /// dimension `j` is input dimension `permutation[j]`. Invariant: a permutation of 0..rank.
    Transpose { permutation: Vec<usize> },
    /// `linalg.broadcast`: `[input, init]`; `dimensions` are the (sorted, unique) init
    /// dimensions that the input does not have.
    Broadcast { dimensions: Vec<usize> },
    /// `linalg.reduce`: `[input, init]`; the init has the input shape minus `dimensions`.
    Reduce(Reduce),
    /// `linalg.softmax`: `[input, init]`, softmax along `dimension`.
    Softmax { dimension: usize },
    /// `tensor.pad`: `[input, padding scalar]`; result dim `i` = input dim `i` + `low[i]` + `high[i]`.
    Pad { low: Vec<u64>, high: Vec<u64> },
    /// `tensor.collapse_shape`: `[input]`; result dim i is the product of the input dims in
    /// `reassociation[i]`. Invariant: the groups are contiguous, in order, and cover 0..rank.
    CollapseShape { reassociation: Vec<Vec<usize>> },
    /// `tensor.expand_shape`: `[input]`; input dim i splits into the result dims in
    /// `reassociation[i]` (result shape = the result type).
    ExpandShape { reassociation: Vec<Vec<usize>> },
    /// `tensor.extract_slice` with static offsets, sizes and strides: `[input]`; the result has
    /// shape `sizes` (no rank reduction).
    ExtractSlice {
        offsets: Vec<u64>,
        sizes: Vec<u64>,
        strides: Vec<u64>,
    },
    /// `tensor.concat`: two or more inputs of equal rank, concatenated along `dimension`.
    Concat { dimension: usize },
    /// `kiln.gather`: `[data, indices]` (indices of an integer type, any rank q). Dimension
    /// `axis` of `data` is replaced by the indices' dims: `result[i.., j_0..j_{q-1}, k..] =
    /// data[i.., indices[j_0..j_{q-1}], k..]` (ONNX `Gather`). A negative index counts from the
    /// end of the dim. An index outside `[-n, n)` is an error in the interpreter; kernels clamp
    /// it into the dim, so they never read outside `data`.
    Gather { axis: usize },
    /// `kiln.gather_elements`: `[data, indices]` of equal rank; the result has the indices'
    /// shape and `result[i] = data[i with dim axis replaced by indices[i]]` (ONNX
    /// `GatherElements`). Indices as for `Gather`.
    GatherElements { axis: usize },
}

/// The data of `arith.constant`.
#[derive(Clone, Debug, PartialEq)]
pub enum ConstantValue {
    /// A scalar constant, or a tensor with every element equal.
    Splat(ScalarValue),
    /// Every element, row-major. Invariant: the variant matches the result dtype and the length
    /// is the element count of the (static) result shape.
    Dense(ElementsData),
}

/// A scalar literal. Floats of every width are held as f64 (exact for f32/f16/bf16 values),
/// integers as i64, booleans as bool. Invariant: the value is representable in the dtype it is
/// used with.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ScalarValue {
    Float(f64),
    Int(i64),
    Bool(bool),
}

/// Typed element storage for dense constants (ONNX initializers keep their width).
#[derive(Clone, Debug, PartialEq)]
pub enum ElementsData {
    F64(Vec<f64>),
    F32(Vec<f32>),
    F16(Vec<f16>),
    BF16(Vec<bf16>),
    I64(Vec<i64>),
    I32(Vec<i32>),
    I8(Vec<i8>),
    I1(Vec<bool>),
}

/// `linalg.generic`.
#[derive(Clone, Debug, PartialEq)]
pub struct Generic {
    /// One map per operand (inputs then inits), from the loop dims `d0..d{n-1}` (n =
    /// `iterator_types.len()`) to the operand's indices. Invariant: `num_dims == n`, the number
    /// of results equals the operand rank (0 for a scalar operand), and the init maps are
    /// projected permutations (dims only).
    pub indexing_maps: Vec<AffineMap>,
    pub iterator_types: Vec<IteratorType>,
    /// Invariant: `num_inputs <= operands.len()`; the rest are inits (at least one).
    pub num_inputs: usize,
    /// One argument per operand (its element type), one yield per init.
    pub body: ScalarBody,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IteratorType {
    Parallel,
    Reduction,
}

/// `affine_map<(d0, ..)[s0, ..] -> (exprs)>`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AffineMap {
    pub num_dims: usize,
    pub num_symbols: usize,
    /// Invariant: every `Dim(i)` has `i < num_dims` and every `Symbol(i)` has `i < num_symbols`.
    pub results: Vec<AffineExpr>,
}

/// An affine expression. Invariant (affinity): one side of each `Mul` and the right side of each
/// `FloorDiv` / `CeilDiv` / `Mod` is a constant (after folding); divisors are positive.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum AffineExpr {
    Dim(usize),
    Symbol(usize),
    Constant(i64),
    Add(Box<AffineExpr>, Box<AffineExpr>),
    Mul(Box<AffineExpr>, Box<AffineExpr>),
    FloorDiv(Box<AffineExpr>, Box<AffineExpr>),
    CeilDiv(Box<AffineExpr>, Box<AffineExpr>),
    Mod(Box<AffineExpr>, Box<AffineExpr>),
}

/// A scalar region: one block with typed arguments, straight-line scalar instructions, and a
/// `linalg.yield`.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct ScalarBody {
    /// The block argument types.
    pub arguments: Vec<DType>,
    /// Invariant: each instruction refers only to arguments, earlier instructions and outer
    /// scalar values (`ScalarRef::Outer` of type `Type::Scalar`).
    pub instructions: Vec<ScalarInstruction>,
    /// The `linalg.yield` operands, one per init, of the init's element type.
    pub yields: Vec<ScalarRef>,
}

/// One scalar instruction, e.g. `%2 = arith.addf %0, %1 : f32`.
#[derive(Clone, Debug, PartialEq)]
pub struct ScalarInstruction {
    pub op: ScalarOp,
    pub operands: Vec<ScalarRef>,
    /// The result type. Invariant: what the op yields for its operand types (i1 for comparisons,
    /// the operand type for arithmetic, the target type for casts).
    pub ty: DType,
}

/// A scalar operand inside a body.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScalarRef {
    /// A block argument, by position.
    Argument(u32),
    /// The result of an earlier instruction, by position.
    Instruction(u32),
    /// A scalar value of the enclosing function, defined before the op holding this body.
    Outer(ValueId),
}

/// Scalar ops of the `arith` and `math` dialects. Float ops take floats, integer ops take
/// integers (i1 included for the bitwise ops); the number of operands is fixed per op.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ScalarOp {
    /// `arith.constant`, no operands.
    Constant(ScalarValue),
    AddF,
    SubF,
    MulF,
    DivF,
    RemF,
    /// `arith.maximumf` (NaN-propagating).
    MaximumF,
    /// `arith.minimumf` (NaN-propagating).
    MinimumF,
    NegF,
    /// `math.absf`.
    AbsF,
    AddI,
    SubI,
    MulI,
    DivSI,
    RemSI,
    MaxSI,
    MinSI,
    /// `arith.divui`: the quotient of the operands' unsigned readings.
    DivUI,
    /// `arith.remui`: the remainder of the operands' unsigned readings.
    RemUI,
    /// `arith.maxui`: the larger unsigned reading.
    MaxUI,
    /// `arith.minui`: the smaller unsigned reading.
    MinUI,
    /// `math.absi`.
    AbsI,
    AndI,
    OrI,
    XOrI,
    /// `arith.shli`: the bits of the first operand shifted left by the second; a shift amount
    /// that is not below the bit width (read unsigned) gives 0 (MLIR: poison).
    ShLI,
    /// `arith.shrui`: shifted right, filled with zeros; amounts not below the width give 0.
    ShRUI,
    /// `arith.shrsi`: shifted right, filled with the sign bit; amounts not below the width
    /// give the sign fill (0 or -1).
    ShRSI,
    CmpF(CmpFPredicate),
    CmpI(CmpIPredicate),
    /// `arith.select %cond, %a, %b`.
    Select,
    ExtF,
    TruncF,
    SIToFP,
    UIToFP,
    FPToSI,
    FPToUI,
    ExtSI,
    ExtUI,
    TruncI,
    /// `arith.bitcast`: the operand's bits read as the result type, of the same width.
    Bitcast,
    Exp,
    Log,
    /// `math.exp2`, `math.log2`, the trigonometric and hyperbolic functions and their
    /// inverses (GLSL.std.450's instructions on the device).
    Exp2,
    Log2,
    Tan,
    Atan,
    Asin,
    Acos,
    Sinh,
    Cosh,
    Asinh,
    Acosh,
    Atanh,
    /// `math.atan2 %y, %x`.
    Atan2,
    /// `math.roundeven`: to the nearest integer, ties to even.
    RoundEven,
    Sqrt,
    Rsqrt,
    Tanh,
    Erf,
    PowF,
    Sin,
    Cos,
    Floor,
    Ceil,
}

/// `arith.cmpf` predicates (ordered / unordered as in LLVM).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CmpFPredicate {
    False,
    Oeq,
    Ogt,
    Oge,
    Olt,
    Ole,
    One,
    Ord,
    Ueq,
    Ugt,
    Uge,
    Ult,
    Ule,
    Une,
    Uno,
    True,
}

/// `arith.cmpi` predicates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CmpIPredicate {
    Eq,
    Ne,
    Slt,
    Sle,
    Sgt,
    Sge,
    Ult,
    Ule,
    Ugt,
    Uge,
}

/// Convolution layouts, each one linalg named op.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ConvLayout {
    /// `conv_2d_nhwc_hwcf`: input NHWC, filter HWCF, output NHWF.
    NhwcHwcf,
    /// `conv_2d_nchw_fchw`: input NCHW, filter FCHW, output NFHW.
    NchwFchw,
    /// `conv_2d_ngchw_gfchw` (grouped): input NGCHW, filter GFCHW, output NGFHW.
    NgchwGfchw,
    /// `depthwise_conv_2d_nhwc_hwc`: input NHWC, filter HWC, output NHWC.
    DepthwiseNhwcHwc,
    /// `depthwise_conv_2d_nchw_chw`: input NCHW, filter CHW, output NCHW.
    DepthwiseNchwChw,
}

/// Attributes of a 2-D convolution. Invariant: strides and dilations are >= 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Conv2d {
    pub layout: ConvLayout,
    /// `[height, width]`.
    pub strides: [u64; 2],
    /// `[height, width]`.
    pub dilations: [u64; 2],
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PoolKind {
    Max,
    Min,
    /// Sum over the window; average pooling is a sum followed by a division.
    Sum,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PoolLayout {
    Nhwc,
    Nchw,
}

/// Attributes of `linalg.pooling_{nhwc,nchw}_{max,min,sum}`. Invariant: strides, dilations >= 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pooling {
    pub kind: PoolKind,
    pub layout: PoolLayout,
    pub strides: [u64; 2],
    pub dilations: [u64; 2],
}

/// `linalg.reduce`.
#[derive(Clone, Debug, PartialEq)]
pub struct Reduce {
    /// The reduced input dimensions. Invariant: sorted, unique, `< input rank`.
    pub dimensions: Vec<usize>,
    /// Two arguments `(input element, accumulator)` and one yield (the new accumulator).
    pub body: ScalarBody,
}

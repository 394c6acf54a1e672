//! Small helpers on the Tensor IR types of `syntax.rs`: names used by the text format, element
//! type properties, affine-map evaluation, and accessors. No pass logic lives here.

use std::fmt;

use crate::syntax::*;

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Location::Unknown => write!(f, "<unknown>"),
            Location::Text { line, column } => write!(f, "{line}:{column}"),
            Location::OnnxNode {
                name,
                op_type,
                index,
            } => {
                if name.is_empty() {
                    write!(f, "ONNX node #{index} ({op_type})")
                } else {
                    write!(f, "ONNX node '{name}' ({op_type})")
                }
            }
            Location::Fused { locations } => match locations.split_first() {
                Some((first, [])) => write!(f, "{first}"),
                Some((first, rest)) => write!(f, "{first} (merged with {} more)", rest.len()),
                None => write!(f, "<unknown>"),
            },
        }
    }
}

impl DType {
    pub const ALL: [DType; 8] = [
        DType::F64,
        DType::F32,
        DType::F16,
        DType::BF16,
        DType::I64,
        DType::I32,
        DType::I8,
        DType::I1,
    ];

    /// The MLIR spelling (`f32`, `i1`, ...).
    pub fn name(self) -> &'static str {
        match self {
            DType::F64 => "f64",
            DType::F32 => "f32",
            DType::F16 => "f16",
            DType::BF16 => "bf16",
            DType::I64 => "i64",
            DType::I32 => "i32",
            DType::I8 => "i8",
            DType::I1 => "i1",
        }
    }

    pub fn from_name(name: &str) -> Option<DType> {
        DType::ALL.into_iter().find(|d| d.name() == name)
    }

    pub fn is_float(self) -> bool {
        matches!(self, DType::F64 | DType::F32 | DType::F16 | DType::BF16)
    }

    pub fn is_int(self) -> bool {
        !self.is_float()
    }

    pub fn bit_width(self) -> u32 {
        match self {
            DType::F64 | DType::I64 => 64,
            DType::F32 | DType::I32 => 32,
            DType::F16 | DType::BF16 => 16,
            DType::I8 => 8,
            DType::I1 => 1,
        }
    }

    /// Rounds an f64 to the nearest value representable in this type (floats), or wraps it to the
    /// integer width (integers; i1 is `!= 0`).
    pub fn round(self, x: f64) -> f64 {
        match self {
            DType::F64 => x,
            DType::F32 => x as f32 as f64,
            DType::F16 => half::f16::from_f64(x).to_f64(),
            DType::BF16 => half::bf16::from_f64(x).to_f64(),
            DType::I64 => x as i64 as f64,
            DType::I32 => (x as i64) as i32 as f64,
            DType::I8 => (x as i64) as i8 as f64,
            DType::I1 => {
                if x != 0.0 {
                    1.0
                } else {
                    0.0
                }
            }
        }
    }
}

impl fmt::Display for DType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Dim {
    pub fn as_static(&self) -> Option<u64> {
        match self {
            Dim::Static(n) => Some(*n),
            Dim::Symbol(_) => None,
        }
    }
}

impl fmt::Display for Dim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Dim::Static(n) => write!(f, "{n}"),
            Dim::Symbol(s) => write!(f, "{s}"),
        }
    }
}

impl TensorType {
    pub fn new(shape: Vec<Dim>, dtype: DType) -> Self {
        TensorType { shape, dtype }
    }

    /// A tensor type with static dims.
    pub fn of(shape: &[u64], dtype: DType) -> Self {
        TensorType {
            shape: shape.iter().map(|&n| Dim::Static(n)).collect(),
            dtype,
        }
    }

    pub fn rank(&self) -> usize {
        self.shape.len()
    }

    /// The static shape, or `None` when a dim is symbolic.
    pub fn static_shape(&self) -> Option<Vec<u64>> {
        self.shape.iter().map(Dim::as_static).collect()
    }

    /// The element count when static.
    pub fn num_elements(&self) -> Option<u64> {
        self.static_shape().map(|s| s.iter().product())
    }
}

impl fmt::Display for TensorType {
    /// The MLIR spelling: `tensor<4x?xf32>` (symbol names are not part of MLIR types).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("tensor<")?;
        for d in &self.shape {
            match d {
                Dim::Static(n) => write!(f, "{n}x")?,
                Dim::Symbol(_) => f.write_str("?x")?,
            }
        }
        write!(f, "{}>", self.dtype)
    }
}

impl Type {
    pub fn dtype(&self) -> DType {
        match self {
            Type::Scalar(d) => *d,
            Type::Tensor(t) => t.dtype,
        }
    }

    pub fn as_tensor(&self) -> Option<&TensorType> {
        match self {
            Type::Tensor(t) => Some(t),
            Type::Scalar(_) => None,
        }
    }

    /// Rank of a tensor; 0 for a scalar.
    pub fn rank(&self) -> usize {
        match self {
            Type::Scalar(_) => 0,
            Type::Tensor(t) => t.rank(),
        }
    }
}

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Type::Scalar(d) => write!(f, "{d}"),
            Type::Tensor(t) => write!(f, "{t}"),
        }
    }
}

impl Module {
    /// The entry function: `main` if present, else the first.
    pub fn entry(&self) -> Option<&Function> {
        self.functions
            .iter()
            .find(|f| f.name == "main")
            .or_else(|| self.functions.first())
    }

    pub fn function(&self, name: &str) -> Option<&Function> {
        self.functions.iter().find(|f| f.name == name)
    }
}

impl Function {
    /// Creates an op of `kind` on `operands` with one result value per type of `types`, both at
    /// `location`, and returns it; the caller places it in the body.
    pub fn append_op(
        &mut self,
        kind: OpKind,
        operands: Vec<ValueId>,
        types: Vec<Type>,
        location: Location,
    ) -> OpId {
        let op = self.ops.append(
            Op {
                kind,
                operands,
                results: Vec::new(),
            },
            location.clone(),
        );
        let results = types
            .into_iter()
            .enumerate()
            .map(|(index, ty)| {
                let def = ValueDef::OpResult {
                    op,
                    index: index as u32,
                };
                self.values.append(Value { ty, def }, location.clone())
            })
            .collect();
        self.ops.get_mut(op).results = results;
        op
    }

    pub fn value_type(&self, value: ValueId) -> &Type {
        &self.values[value].ty
    }

    /// The tensor type of a value, if it is a tensor.
    pub fn tensor_type(&self, value: ValueId) -> Option<&TensorType> {
        self.values[value].ty.as_tensor()
    }

    pub fn argument_types(&self) -> Vec<Type> {
        self.arguments
            .iter()
            .map(|&a| self.values[a].ty.clone())
            .collect()
    }

    pub fn result_types(&self) -> Vec<Type> {
        self.results
            .iter()
            .map(|&a| self.values[a].ty.clone())
            .collect()
    }

    /// The op defining a value, if it is not an argument.
    pub fn defining_op(&self, value: ValueId) -> Option<OpId> {
        match self.values[value].def {
            ValueDef::OpResult { op, .. } => Some(op),
            ValueDef::Argument(_) => None,
        }
    }
}

impl OpKind {
    /// The MLIR op name (`linalg.matmul`, `tensor.pad`, ...).
    pub fn name(&self) -> &'static str {
        match self {
            OpKind::Constant(_) => "arith.constant",
            OpKind::Empty => "tensor.empty",
            OpKind::Generic(_) => "linalg.generic",
            OpKind::Fill => "linalg.fill",
            OpKind::Matmul => "linalg.matmul",
            OpKind::BatchMatmul => "linalg.batch_matmul",
            OpKind::Matvec => "linalg.matvec",
            OpKind::Conv2d(c) => c.layout.op_name(),
            OpKind::Pooling(p) => p.op_name(),
            OpKind::Transpose { .. } => "linalg.transpose",
            OpKind::Broadcast { .. } => "linalg.broadcast",
            OpKind::Reduce(_) => "linalg.reduce",
            OpKind::Softmax { .. } => "linalg.softmax",
            OpKind::Pad { .. } => "tensor.pad",
            OpKind::CollapseShape { .. } => "tensor.collapse_shape",
            OpKind::ExpandShape { .. } => "tensor.expand_shape",
            OpKind::ExtractSlice { .. } => "tensor.extract_slice",
            OpKind::Concat { .. } => "tensor.concat",
            OpKind::Gather { .. } => "kiln.gather",
            OpKind::GatherElements { .. } => "kiln.gather_elements",
        }
    }

    /// True for destination-passing-style linalg ops whose last operand is the init.
    pub fn has_init(&self) -> bool {
        matches!(
            self,
            OpKind::Generic(_)
                | OpKind::Fill
                | OpKind::Matmul
                | OpKind::BatchMatmul
                | OpKind::Matvec
                | OpKind::Conv2d(_)
                | OpKind::Pooling(_)
                | OpKind::Transpose { .. }
                | OpKind::Broadcast { .. }
                | OpKind::Reduce(_)
                | OpKind::Softmax { .. }
        )
    }
}

impl ConvLayout {
    pub const ALL: [ConvLayout; 5] = [
        ConvLayout::NhwcHwcf,
        ConvLayout::NchwFchw,
        ConvLayout::NgchwGfchw,
        ConvLayout::DepthwiseNhwcHwc,
        ConvLayout::DepthwiseNchwChw,
    ];

    pub fn op_name(self) -> &'static str {
        match self {
            ConvLayout::NhwcHwcf => "linalg.conv_2d_nhwc_hwcf",
            ConvLayout::NchwFchw => "linalg.conv_2d_nchw_fchw",
            ConvLayout::NgchwGfchw => "linalg.conv_2d_ngchw_gfchw",
            ConvLayout::DepthwiseNhwcHwc => "linalg.depthwise_conv_2d_nhwc_hwc",
            ConvLayout::DepthwiseNchwChw => "linalg.depthwise_conv_2d_nchw_chw",
        }
    }
}

impl Pooling {
    pub fn op_name(&self) -> &'static str {
        match (self.layout, self.kind) {
            (PoolLayout::Nhwc, PoolKind::Max) => "linalg.pooling_nhwc_max",
            (PoolLayout::Nhwc, PoolKind::Min) => "linalg.pooling_nhwc_min",
            (PoolLayout::Nhwc, PoolKind::Sum) => "linalg.pooling_nhwc_sum",
            (PoolLayout::Nchw, PoolKind::Max) => "linalg.pooling_nchw_max",
            (PoolLayout::Nchw, PoolKind::Min) => "linalg.pooling_nchw_min",
            (PoolLayout::Nchw, PoolKind::Sum) => "linalg.pooling_nchw_sum",
        }
    }
}

/// The scalar ops, for name lookup.
pub const SCALAR_OPS: &[ScalarOp] = &[
    ScalarOp::AddF,
    ScalarOp::SubF,
    ScalarOp::MulF,
    ScalarOp::DivF,
    ScalarOp::RemF,
    ScalarOp::MaximumF,
    ScalarOp::MinimumF,
    ScalarOp::NegF,
    ScalarOp::AbsF,
    ScalarOp::AddI,
    ScalarOp::SubI,
    ScalarOp::MulI,
    ScalarOp::DivSI,
    ScalarOp::RemSI,
    ScalarOp::MaxSI,
    ScalarOp::MinSI,
    ScalarOp::DivUI,
    ScalarOp::RemUI,
    ScalarOp::MaxUI,
    ScalarOp::MinUI,
    ScalarOp::AbsI,
    ScalarOp::AndI,
    ScalarOp::OrI,
    ScalarOp::XOrI,
    ScalarOp::ShLI,
    ScalarOp::ShRUI,
    ScalarOp::ShRSI,
    ScalarOp::Select,
    ScalarOp::ExtF,
    ScalarOp::TruncF,
    ScalarOp::SIToFP,
    ScalarOp::UIToFP,
    ScalarOp::FPToSI,
    ScalarOp::FPToUI,
    ScalarOp::ExtSI,
    ScalarOp::ExtUI,
    ScalarOp::TruncI,
    ScalarOp::Bitcast,
    ScalarOp::Exp,
    ScalarOp::Log,
    ScalarOp::Sqrt,
    ScalarOp::Rsqrt,
    ScalarOp::Tanh,
    ScalarOp::Erf,
    ScalarOp::PowF,
    ScalarOp::Sin,
    ScalarOp::Cos,
    ScalarOp::Floor,
    ScalarOp::Ceil,
    ScalarOp::Exp2,
    ScalarOp::Log2,
    ScalarOp::Tan,
    ScalarOp::Atan,
    ScalarOp::Asin,
    ScalarOp::Acos,
    ScalarOp::Sinh,
    ScalarOp::Cosh,
    ScalarOp::Asinh,
    ScalarOp::Acosh,
    ScalarOp::Atanh,
    ScalarOp::Atan2,
    ScalarOp::RoundEven,
];

/// How a scalar op's operands and result are typed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScalarOpClass {
    Constant,
    /// Operands and result share one float type.
    FloatArith,
    /// Operands and result share one integer type.
    IntArith,
    /// Compare two operands of one type, result i1.
    Compare {
        float: bool,
    },
    Select,
    /// One operand, result of another type.
    Cast,
}

impl ScalarOp {
    pub fn name(self) -> &'static str {
        match self {
            ScalarOp::Constant(_) => "arith.constant",
            ScalarOp::AddF => "arith.addf",
            ScalarOp::SubF => "arith.subf",
            ScalarOp::MulF => "arith.mulf",
            ScalarOp::DivF => "arith.divf",
            ScalarOp::RemF => "arith.remf",
            ScalarOp::MaximumF => "arith.maximumf",
            ScalarOp::MinimumF => "arith.minimumf",
            ScalarOp::NegF => "arith.negf",
            ScalarOp::AbsF => "math.absf",
            ScalarOp::AddI => "arith.addi",
            ScalarOp::SubI => "arith.subi",
            ScalarOp::MulI => "arith.muli",
            ScalarOp::DivSI => "arith.divsi",
            ScalarOp::RemSI => "arith.remsi",
            ScalarOp::MaxSI => "arith.maxsi",
            ScalarOp::MinSI => "arith.minsi",
            ScalarOp::DivUI => "arith.divui",
            ScalarOp::RemUI => "arith.remui",
            ScalarOp::MaxUI => "arith.maxui",
            ScalarOp::MinUI => "arith.minui",
            ScalarOp::AbsI => "math.absi",
            ScalarOp::AndI => "arith.andi",
            ScalarOp::OrI => "arith.ori",
            ScalarOp::XOrI => "arith.xori",
            ScalarOp::ShLI => "arith.shli",
            ScalarOp::ShRUI => "arith.shrui",
            ScalarOp::ShRSI => "arith.shrsi",
            ScalarOp::CmpF(_) => "arith.cmpf",
            ScalarOp::CmpI(_) => "arith.cmpi",
            ScalarOp::Select => "arith.select",
            ScalarOp::ExtF => "arith.extf",
            ScalarOp::TruncF => "arith.truncf",
            ScalarOp::SIToFP => "arith.sitofp",
            ScalarOp::UIToFP => "arith.uitofp",
            ScalarOp::FPToSI => "arith.fptosi",
            ScalarOp::FPToUI => "arith.fptoui",
            ScalarOp::ExtSI => "arith.extsi",
            ScalarOp::ExtUI => "arith.extui",
            ScalarOp::TruncI => "arith.trunci",
            ScalarOp::Bitcast => "arith.bitcast",
            ScalarOp::Exp => "math.exp",
            ScalarOp::Log => "math.log",
            ScalarOp::Sqrt => "math.sqrt",
            ScalarOp::Rsqrt => "math.rsqrt",
            ScalarOp::Tanh => "math.tanh",
            ScalarOp::Erf => "math.erf",
            ScalarOp::PowF => "math.powf",
            ScalarOp::Sin => "math.sin",
            ScalarOp::Cos => "math.cos",
            ScalarOp::Floor => "math.floor",
            ScalarOp::Ceil => "math.ceil",
            ScalarOp::Exp2 => "math.exp2",
            ScalarOp::Log2 => "math.log2",
            ScalarOp::Tan => "math.tan",
            ScalarOp::Atan => "math.atan",
            ScalarOp::Asin => "math.asin",
            ScalarOp::Acos => "math.acos",
            ScalarOp::Sinh => "math.sinh",
            ScalarOp::Cosh => "math.cosh",
            ScalarOp::Asinh => "math.asinh",
            ScalarOp::Acosh => "math.acosh",
            ScalarOp::Atanh => "math.atanh",
            ScalarOp::Atan2 => "math.atan2",
            ScalarOp::RoundEven => "math.roundeven",
        }
    }

    /// Looks an op up by name (not `arith.constant`, `arith.cmpf`, `arith.cmpi`, which carry data).
    pub fn from_name(name: &str) -> Option<ScalarOp> {
        SCALAR_OPS.iter().copied().find(|op| op.name() == name)
    }

    pub fn num_operands(self) -> usize {
        use ScalarOp::*;
        match self {
            Constant(_) => 0,
            NegF | AbsF | AbsI | ExtF | TruncF | SIToFP | UIToFP | FPToSI | FPToUI | ExtSI
            | ExtUI | TruncI | Bitcast | Exp | Log | Sqrt | Rsqrt | Tanh | Erf | Sin | Cos
            | Floor | Ceil | RoundEven | Exp2 | Log2 | Tan | Atan | Asin | Acos | Sinh | Cosh
            | Asinh | Acosh | Atanh => 1,
            Select => 3,
            _ => 2,
        }
    }

    pub fn class(self) -> ScalarOpClass {
        use ScalarOp::*;
        match self {
            Constant(_) => ScalarOpClass::Constant,
            AddF | SubF | MulF | DivF | RemF | MaximumF | MinimumF | NegF | AbsF | Exp | Log
            | Sqrt | Rsqrt | Tanh | Erf | PowF | Sin | Cos | Floor | Ceil | RoundEven | Atan2
            | Exp2 | Log2 | Tan | Atan | Asin | Acos | Sinh | Cosh | Asinh | Acosh | Atanh => {
                ScalarOpClass::FloatArith
            }
            AddI | SubI | MulI | DivSI | RemSI | MaxSI | MinSI | DivUI | RemUI | MaxUI | MinUI
            | AbsI | AndI | OrI | XOrI | ShLI | ShRUI | ShRSI => ScalarOpClass::IntArith,
            CmpF(_) => ScalarOpClass::Compare { float: true },
            CmpI(_) => ScalarOpClass::Compare { float: false },
            Select => ScalarOpClass::Select,
            ExtF | TruncF | SIToFP | UIToFP | FPToSI | FPToUI | ExtSI | ExtUI | TruncI
            | Bitcast => ScalarOpClass::Cast,
        }
    }
}

impl CmpFPredicate {
    pub const ALL: [CmpFPredicate; 16] = [
        CmpFPredicate::False,
        CmpFPredicate::Oeq,
        CmpFPredicate::Ogt,
        CmpFPredicate::Oge,
        CmpFPredicate::Olt,
        CmpFPredicate::Ole,
        CmpFPredicate::One,
        CmpFPredicate::Ord,
        CmpFPredicate::Ueq,
        CmpFPredicate::Ugt,
        CmpFPredicate::Uge,
        CmpFPredicate::Ult,
        CmpFPredicate::Ule,
        CmpFPredicate::Une,
        CmpFPredicate::Uno,
        CmpFPredicate::True,
    ];
    pub fn name(self) -> &'static str {
        use CmpFPredicate::*;
        match self {
            False => "false",
            Oeq => "oeq",
            Ogt => "ogt",
            Oge => "oge",
            Olt => "olt",
            Ole => "ole",
            One => "one",
            Ord => "ord",
            Ueq => "ueq",
            Ugt => "ugt",
            Uge => "uge",
            Ult => "ult",
            Ule => "ule",
            Une => "une",
            Uno => "uno",
            True => "true",
        }
    }
    pub fn from_name(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|p| p.name() == s)
    }
}

impl CmpIPredicate {
    pub const ALL: [CmpIPredicate; 10] = [
        CmpIPredicate::Eq,
        CmpIPredicate::Ne,
        CmpIPredicate::Slt,
        CmpIPredicate::Sle,
        CmpIPredicate::Sgt,
        CmpIPredicate::Sge,
        CmpIPredicate::Ult,
        CmpIPredicate::Ule,
        CmpIPredicate::Ugt,
        CmpIPredicate::Uge,
    ];
    pub fn name(self) -> &'static str {
        use CmpIPredicate::*;
        match self {
            Eq => "eq",
            Ne => "ne",
            Slt => "slt",
            Sle => "sle",
            Sgt => "sgt",
            Sge => "sge",
            Ult => "ult",
            Ule => "ule",
            Ugt => "ugt",
            Uge => "uge",
        }
    }
    pub fn from_name(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|p| p.name() == s)
    }
}

impl AffineExpr {
    /// Evaluates with the given dim and symbol values (floor semantics for `floordiv` / `mod`).
    pub fn eval(&self, dims: &[i64], symbols: &[i64]) -> i64 {
        match self {
            AffineExpr::Dim(i) => dims[*i],
            AffineExpr::Symbol(i) => symbols[*i],
            AffineExpr::Constant(c) => *c,
            AffineExpr::Add(a, b) => a.eval(dims, symbols) + b.eval(dims, symbols),
            AffineExpr::Mul(a, b) => a.eval(dims, symbols) * b.eval(dims, symbols),
            AffineExpr::FloorDiv(a, b) => a
                .eval(dims, symbols)
                .div_euclid(b.eval(dims, symbols).max(1)),
            AffineExpr::CeilDiv(a, b) => {
                let (x, y) = (a.eval(dims, symbols), b.eval(dims, symbols).max(1));
                -((-x).div_euclid(y))
            }
            AffineExpr::Mod(a, b) => a
                .eval(dims, symbols)
                .rem_euclid(b.eval(dims, symbols).max(1)),
        }
    }

    pub fn dim(i: usize) -> Self {
        AffineExpr::Dim(i)
    }

    /// `self * c + other`-style helpers for building conv / pooling maps.
    pub fn mul_const(self, c: i64) -> Self {
        if c == 1 {
            self
        } else {
            AffineExpr::Mul(Box::new(self), Box::new(AffineExpr::Constant(c)))
        }
    }

    #[allow(clippy::should_implement_trait)]
    pub fn add(self, other: AffineExpr) -> Self {
        AffineExpr::Add(Box::new(self), Box::new(other))
    }

    /// True if the expression mentions no dims or symbols.
    pub fn is_constant(&self) -> bool {
        match self {
            AffineExpr::Dim(_) | AffineExpr::Symbol(_) => false,
            AffineExpr::Constant(_) => true,
            AffineExpr::Add(a, b)
            | AffineExpr::Mul(a, b)
            | AffineExpr::FloorDiv(a, b)
            | AffineExpr::CeilDiv(a, b)
            | AffineExpr::Mod(a, b) => a.is_constant() && b.is_constant(),
        }
    }

    /// Renames every `Dim(d)` to `Dim(new_of[d])` (a permutation of the loop dims).
    pub fn rename_dims(&mut self, new_of: &[usize]) {
        match self {
            AffineExpr::Dim(d) => *d = new_of[*d],
            AffineExpr::Symbol(_) | AffineExpr::Constant(_) => {}
            AffineExpr::Add(a, b)
            | AffineExpr::Mul(a, b)
            | AffineExpr::FloorDiv(a, b)
            | AffineExpr::CeilDiv(a, b)
            | AffineExpr::Mod(a, b) => {
                a.rename_dims(new_of);
                b.rename_dims(new_of);
            }
        }
    }

    /// For each dim, whether it is used.
    pub fn collect_dims(&self, used: &mut [bool]) {
        match self {
            AffineExpr::Dim(i) => {
                if let Some(u) = used.get_mut(*i) {
                    *u = true
                }
            }
            AffineExpr::Symbol(_) | AffineExpr::Constant(_) => {}
            AffineExpr::Add(a, b)
            | AffineExpr::Mul(a, b)
            | AffineExpr::FloorDiv(a, b)
            | AffineExpr::CeilDiv(a, b)
            | AffineExpr::Mod(a, b) => {
                a.collect_dims(used);
                b.collect_dims(used);
            }
        }
    }
}

impl AffineMap {
    /// `(d0, .., d{n-1}) -> (d0, .., d{n-1})`.
    pub fn identity(n: usize) -> Self {
        AffineMap {
            num_dims: n,
            num_symbols: 0,
            results: (0..n).map(AffineExpr::Dim).collect(),
        }
    }

    /// `(d0, ..) -> (d{dims[0]}, d{dims[1]}, ..)`.
    pub fn projection(num_dims: usize, dims: &[usize]) -> Self {
        AffineMap {
            num_dims,
            num_symbols: 0,
            results: dims.iter().map(|&d| AffineExpr::Dim(d)).collect(),
        }
    }

    pub fn eval(&self, dims: &[i64], symbols: &[i64]) -> Vec<i64> {
        self.results.iter().map(|e| e.eval(dims, symbols)).collect()
    }

    /// If every result is a plain dim, their positions.
    pub fn as_projection(&self) -> Option<Vec<usize>> {
        self.results
            .iter()
            .map(|e| match e {
                AffineExpr::Dim(i) => Some(*i),
                _ => None,
            })
            .collect()
    }
}

impl ScalarValue {
    pub fn as_f64(self) -> f64 {
        match self {
            ScalarValue::Float(x) => x,
            ScalarValue::Int(i) => i as f64,
            ScalarValue::Bool(b) => b as u8 as f64,
        }
    }

    /// The literal for `x` in `dtype` (floats rounded, integers truncated).
    pub fn from_f64(x: f64, dtype: DType) -> Self {
        if dtype.is_float() {
            ScalarValue::Float(dtype.round(x))
        } else if dtype == DType::I1 {
            ScalarValue::Bool(x != 0.0)
        } else {
            ScalarValue::Int(dtype.round(x) as i64)
        }
    }
}

impl ElementsData {
    pub fn len(&self) -> usize {
        match self {
            ElementsData::F64(v) => v.len(),
            ElementsData::F32(v) => v.len(),
            ElementsData::F16(v) => v.len(),
            ElementsData::BF16(v) => v.len(),
            ElementsData::I64(v) => v.len(),
            ElementsData::I32(v) => v.len(),
            ElementsData::I8(v) => v.len(),
            ElementsData::I1(v) => v.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn dtype(&self) -> DType {
        match self {
            ElementsData::F64(_) => DType::F64,
            ElementsData::F32(_) => DType::F32,
            ElementsData::F16(_) => DType::F16,
            ElementsData::BF16(_) => DType::BF16,
            ElementsData::I64(_) => DType::I64,
            ElementsData::I32(_) => DType::I32,
            ElementsData::I8(_) => DType::I8,
            ElementsData::I1(_) => DType::I1,
        }
    }

    /// Every element as f64 (i64 beyond 2^53 loses precision).
    pub fn to_f64_vec(&self) -> Vec<f64> {
        match self {
            ElementsData::F64(v) => v.clone(),
            ElementsData::F32(v) => v.iter().map(|&x| x as f64).collect(),
            ElementsData::F16(v) => v.iter().map(|x| x.to_f64()).collect(),
            ElementsData::BF16(v) => v.iter().map(|x| x.to_f64()).collect(),
            ElementsData::I64(v) => v.iter().map(|&x| x as f64).collect(),
            ElementsData::I32(v) => v.iter().map(|&x| x as f64).collect(),
            ElementsData::I8(v) => v.iter().map(|&x| x as f64).collect(),
            ElementsData::I1(v) => v.iter().map(|&x| x as u8 as f64).collect(),
        }
    }

    /// Builds storage of `dtype` from f64 values (rounded / wrapped to the type).
    pub fn from_f64(dtype: DType, values: &[f64]) -> Self {
        match dtype {
            DType::F64 => ElementsData::F64(values.to_vec()),
            DType::F32 => ElementsData::F32(values.iter().map(|&x| x as f32).collect()),
            DType::F16 => {
                ElementsData::F16(values.iter().map(|&x| half::f16::from_f64(x)).collect())
            }
            DType::BF16 => {
                ElementsData::BF16(values.iter().map(|&x| half::bf16::from_f64(x)).collect())
            }
            DType::I64 => ElementsData::I64(values.iter().map(|&x| x as i64).collect()),
            DType::I32 => ElementsData::I32(values.iter().map(|&x| x as i64 as i32).collect()),
            DType::I8 => ElementsData::I8(values.iter().map(|&x| x as i64 as i8).collect()),
            DType::I1 => ElementsData::I1(values.iter().map(|&x| x != 0.0).collect()),
        }
    }

    /// The element at `i` as a literal.
    pub fn get(&self, i: usize) -> ScalarValue {
        match self {
            ElementsData::I64(v) => ScalarValue::Int(v[i]),
            ElementsData::I32(v) => ScalarValue::Int(v[i] as i64),
            ElementsData::I8(v) => ScalarValue::Int(v[i] as i64),
            ElementsData::I1(v) => ScalarValue::Bool(v[i]),
            ElementsData::F64(v) => ScalarValue::Float(v[i]),
            ElementsData::F32(v) => ScalarValue::Float(v[i] as f64),
            ElementsData::F16(v) => ScalarValue::Float(v[i].to_f64()),
            ElementsData::BF16(v) => ScalarValue::Float(v[i].to_f64()),
        }
    }
}

impl Function {
    /// The same function with its arenas rebuilt in canonical order: arguments first, then the
    /// results of the body's ops in body order; ops not in the body are dropped. Two functions
    /// that print the same text have equal renumbered forms (the parser produces this order).
    pub fn renumbered(&self) -> Function {
        use crate::arena::Arena;
        let mut map: Vec<Option<ValueId>> = vec![None; self.values.len()];
        let mut values = Arena::new();
        let mut ops = Arena::new();
        for (i, &a) in self.arguments.iter().enumerate() {
            let v = values.append(
                Value {
                    ty: self.values[a].ty.clone(),
                    def: ValueDef::Argument(i as u32),
                },
                self.values.location(a).clone(),
            );
            map[a.index()] = Some(v);
        }
        let remap = |map: &[Option<ValueId>], v: ValueId| {
            map.get(v.index()).copied().flatten().unwrap_or(v)
        };
        let mut body = Vec::new();
        for &op_id in &self.body {
            let op = &self.ops[op_id];
            let mut kind = op.kind.clone();
            let scalar_body = match &mut kind {
                OpKind::Generic(g) => Some(&mut g.body),
                OpKind::Reduce(r) => Some(&mut r.body),
                _ => None,
            };
            if let Some(b) = scalar_body {
                for r in b
                    .instructions
                    .iter_mut()
                    .flat_map(|i| i.operands.iter_mut())
                    .chain(b.yields.iter_mut())
                {
                    if let ScalarRef::Outer(v) = r {
                        *v = remap(&map, *v);
                    }
                }
            }
            let operands = op.operands.iter().map(|&v| remap(&map, v)).collect();
            let new_id = ops.append(
                Op {
                    kind,
                    operands,
                    results: vec![],
                },
                self.ops.location(op_id).clone(),
            );
            let mut results = Vec::new();
            for (i, &r) in op.results.iter().enumerate() {
                let v = values.append(
                    Value {
                        ty: self.values[r].ty.clone(),
                        def: ValueDef::OpResult {
                            op: new_id,
                            index: i as u32,
                        },
                    },
                    self.values.location(r).clone(),
                );
                map[r.index()] = Some(v);
                results.push(v);
            }
            ops.get_mut(new_id).results = results;
            body.push(new_id);
        }
        Function {
            name: self.name.clone(),
            values,
            ops,
            body,
            arguments: (0..self.arguments.len()).map(ValueId::from_index).collect(),
            results: self.results.iter().map(|&r| remap(&map, r)).collect(),
        }
    }
}

impl Module {
    /// Every function [`Function::renumbered`].
    pub fn renumbered(&self) -> Module {
        Module {
            functions: self.functions.iter().map(Function::renumbered).collect(),
        }
    }
}

//! `FunctionBuilder`: creates Tensor IR functions from Rust. Every op goes through shape
//! inference ([`crate::infer::infer_result_types`]) when it is added, so a builder can only make
//! well-typed ops; `finish` runs the full verifier. Helpers create the usual linalg idioms
//! (an init from `tensor.empty` + `linalg.fill`, elementwise `linalg.generic` with numpy
//! broadcasting made explicit in the indexing maps, reductions, pooling windows).

use crate::infer::{
    conv_output_shape, infer_result_types, verify_function, window_output_dim, VerifyError,
};
use crate::syntax::*;

/// Builds one function. Ops are appended to the body in call order.
pub struct FunctionBuilder {
    function: Function,
    location: Location,
}

/// Builds a scalar body (of `linalg.generic` or `linalg.reduce`).
#[derive(Default)]
pub struct BodyBuilder {
    body: ScalarBody,
}

impl BodyBuilder {
    pub fn new(arguments: Vec<DType>) -> Self {
        BodyBuilder {
            body: ScalarBody {
                arguments,
                ..Default::default()
            },
        }
    }

    pub fn argument(&self, i: usize) -> ScalarRef {
        ScalarRef::Argument(i as u32)
    }

    /// Appends an instruction with result type `ty`.
    pub fn push(&mut self, op: ScalarOp, operands: &[ScalarRef], ty: DType) -> ScalarRef {
        self.body.instructions.push(ScalarInstruction {
            op,
            operands: operands.to_vec(),
            ty,
        });
        ScalarRef::Instruction(self.body.instructions.len() as u32 - 1)
    }

    pub fn constant(&mut self, value: f64, ty: DType) -> ScalarRef {
        self.push(
            ScalarOp::Constant(ScalarValue::from_f64(value, ty)),
            &[],
            ty,
        )
    }

    /// The type of a body value (for outer values, `None`).
    pub fn type_of(&self, r: ScalarRef) -> Option<DType> {
        match r {
            ScalarRef::Argument(i) => self.body.arguments.get(i as usize).copied(),
            ScalarRef::Instruction(i) => self.body.instructions.get(i as usize).map(|i| i.ty),
            ScalarRef::Outer(_) => None,
        }
    }

    /// `op` on `operands` with the natural result type (i1 for comparisons, else the first
    /// operand's type).
    pub fn apply(&mut self, op: ScalarOp, operands: &[ScalarRef]) -> ScalarRef {
        let ty = match op.class() {
            crate::ir::ScalarOpClass::Compare { .. } => DType::I1,
            crate::ir::ScalarOpClass::Select => self.type_of(operands[1]).unwrap_or(DType::F32),
            _ => operands
                .first()
                .and_then(|&r| self.type_of(r))
                .unwrap_or(DType::F32),
        };
        self.push(op, operands, ty)
    }

    /// A cast from the type of `x` to `to`, picking the arith op (identity when equal).
    pub fn cast(&mut self, x: ScalarRef, to: DType) -> ScalarRef {
        let Some(from) = self.type_of(x) else {
            return x;
        };
        match cast_op(from, to) {
            None => x,
            Some(op) => {
                if to == DType::I1 && from != DType::I1 {
                    // Casting to bool means `x != 0`.
                    let zero = self.constant(0.0, from);
                    let cmp = if from.is_float() {
                        ScalarOp::CmpF(CmpFPredicate::Une)
                    } else {
                        ScalarOp::CmpI(CmpIPredicate::Ne)
                    };
                    return self.push(cmp, &[x, zero], DType::I1);
                }
                self.push(op, &[x], to)
            }
        }
    }

    pub fn yield_values(mut self, values: &[ScalarRef]) -> ScalarBody {
        self.body.yields = values.to_vec();
        self.body
    }
}

/// The arith cast op from one element type to another (`None` when equal).
pub fn cast_op(from: DType, to: DType) -> Option<ScalarOp> {
    if from == to {
        return None;
    }
    Some(match (from.is_float(), to.is_float()) {
        (true, true) if to.bit_width() > from.bit_width() => ScalarOp::ExtF,
        (true, true) => ScalarOp::TruncF,
        // bf16 <-> f16 have equal width; go through truncf (the interpreter rounds anyway).
        (false, true) if from == DType::I1 => ScalarOp::UIToFP,
        (false, true) => ScalarOp::SIToFP,
        (true, false) => ScalarOp::FPToSI,
        (false, false) if to.bit_width() > from.bit_width() => {
            if from == DType::I1 {
                ScalarOp::ExtUI
            } else {
                ScalarOp::ExtSI
            }
        }
        (false, false) => ScalarOp::TruncI,
    })
}

/// The numpy broadcast of two shapes (right-aligned; a static 1 stretches).
pub fn broadcast_shapes(a: &[Dim], b: &[Dim]) -> Result<Vec<Dim>, String> {
    let rank = a.len().max(b.len());
    let mut out = Vec::with_capacity(rank);
    for i in 0..rank {
        let da = (i + a.len()).checked_sub(rank).map(|j| &a[j]);
        let db = (i + b.len()).checked_sub(rank).map(|j| &b[j]);
        out.push(match (da, db) {
            (Some(x), None) | (None, Some(x)) => x.clone(),
            (Some(x), Some(y)) if x == y => x.clone(),
            (Some(Dim::Static(1)), Some(y)) => y.clone(),
            (Some(x), Some(Dim::Static(1))) => x.clone(),
            (Some(x), Some(y)) => return Err(format!("cannot broadcast dim {x} with {y}")),
            (None, None) => unreachable!("i < rank"),
        });
    }
    Ok(out)
}

/// The indexing map reading an operand of shape `shape` inside a loop nest over `out` (numpy
/// broadcasting: leading dims missing, size-1 dims against a larger loop dim read index 0).
pub fn broadcast_map(shape: &[Dim], out: &[Dim]) -> AffineMap {
    let offset = out.len() - shape.len();
    AffineMap {
        num_dims: out.len(),
        num_symbols: 0,
        results: shape
            .iter()
            .enumerate()
            .map(|(i, d)| {
                if *d == Dim::Static(1) && out[i + offset] != Dim::Static(1) {
                    AffineExpr::Constant(0)
                } else {
                    AffineExpr::Dim(i + offset)
                }
            })
            .collect(),
    }
}

impl FunctionBuilder {
    pub fn new(name: &str) -> Self {
        FunctionBuilder {
            function: Function {
                name: name.to_string(),
                ..Default::default()
            },
            location: Location::Unknown,
        }
    }

    /// The location recorded on ops created from now on.
    pub fn set_location(&mut self, location: Location) {
        self.location = location;
    }

    pub fn location(&self) -> &Location {
        &self.location
    }

    /// The function built so far.
    pub fn function(&self) -> &Function {
        &self.function
    }

    pub fn value_type(&self, v: ValueId) -> &Type {
        &self.function.values[v].ty
    }

    /// The tensor type of `v` (a scalar is reported as a rank-0 tensor type).
    pub fn tensor_type(&self, v: ValueId) -> TensorType {
        match &self.function.values[v].ty {
            Type::Tensor(t) => t.clone(),
            Type::Scalar(d) => TensorType::new(vec![], *d),
        }
    }

    pub fn argument(&mut self, ty: Type) -> ValueId {
        let index = self.function.arguments.len() as u32;
        let v = self.function.values.append(
            Value {
                ty,
                def: ValueDef::Argument(index),
            },
            self.location.clone(),
        );
        self.function.arguments.push(v);
        v
    }

    fn error(&self, op: &str, message: String) -> VerifyError {
        VerifyError {
            function: self.function.name.clone(),
            op: op.to_string(),
            location: self.location.clone(),
            message,
        }
    }

    /// Adds an op after shape-inferring its results. `declared` is needed only by ops whose
    /// result type cannot be inferred (`tensor.empty`, `arith.constant`, `tensor.expand_shape`).
    pub fn add_op(
        &mut self,
        kind: OpKind,
        operands: Vec<ValueId>,
        declared: Option<Vec<Type>>,
    ) -> Result<Vec<ValueId>, VerifyError> {
        for (i, &v) in operands.iter().enumerate() {
            if self.function.values.try_get(v).is_none() {
                return Err(self.error(
                    kind.name(),
                    format!("operand #{i} is not a value of this function"),
                ));
            }
        }
        let types = infer_result_types(&self.function, &kind, &operands, declared.as_deref())
            .map_err(|m| self.error(kind.name(), m))?;
        let op_id = self
            .function
            .append_op(kind, operands, types, self.location.clone());
        let results = self.function.ops[op_id].results.clone();
        self.function.body.push(op_id);
        Ok(results)
    }

    /// [`Self::add_op`] for single-result ops.
    pub fn add_op1(
        &mut self,
        kind: OpKind,
        operands: Vec<ValueId>,
        declared: Option<Type>,
    ) -> Result<ValueId, VerifyError> {
        let name = kind.name();
        let r = self.add_op(kind, operands, declared.map(|t| vec![t]))?;
        r.first()
            .copied()
            .ok_or_else(|| self.error(name, "op has no result".into()))
    }

    /// Ends the function with `return results` and verifies it.
    pub fn finish(mut self, results: Vec<ValueId>) -> Result<Function, VerifyError> {
        self.function.results = results;
        verify_function(&self.function)?;
        Ok(self.function)
    }

    // ----- constants and inits -----

    pub fn empty(&mut self, ty: TensorType) -> Result<ValueId, VerifyError> {
        self.add_op1(OpKind::Empty, vec![], Some(Type::Tensor(ty)))
    }

    /// A scalar `arith.constant`.
    pub fn scalar_constant(&mut self, value: f64, dtype: DType) -> Result<ValueId, VerifyError> {
        self.add_op1(
            OpKind::Constant(ConstantValue::Splat(ScalarValue::from_f64(value, dtype))),
            vec![],
            Some(Type::Scalar(dtype)),
        )
    }

    /// A splat tensor constant.
    pub fn splat_constant(&mut self, ty: TensorType, value: f64) -> Result<ValueId, VerifyError> {
        let v = ScalarValue::from_f64(value, ty.dtype);
        self.add_op1(
            OpKind::Constant(ConstantValue::Splat(v)),
            vec![],
            Some(Type::Tensor(ty)),
        )
    }

    /// A dense tensor constant of static `shape`.
    pub fn dense_constant(
        &mut self,
        shape: &[u64],
        data: ElementsData,
    ) -> Result<ValueId, VerifyError> {
        let ty = TensorType::of(shape, data.dtype());
        // One element is always a splat, so that the text form reads back the same.
        let value = if data.len() == 1 {
            ConstantValue::Splat(data.get(0))
        } else {
            ConstantValue::Dense(data)
        };
        self.add_op1(OpKind::Constant(value), vec![], Some(Type::Tensor(ty)))
    }

    /// `linalg.fill ins(value) outs(init)`.
    pub fn fill(&mut self, value: ValueId, init: ValueId) -> Result<ValueId, VerifyError> {
        self.add_op1(OpKind::Fill, vec![value, init], None)
    }

    /// `tensor.empty` + `linalg.fill` with `value`.
    pub fn filled(&mut self, ty: TensorType, value: f64) -> Result<ValueId, VerifyError> {
        let c = self.scalar_constant(value, ty.dtype)?;
        let e = self.empty(ty)?;
        self.fill(c, e)
    }

    // ----- structured ops -----

    /// `A(MxK) * B(KxN)` into a zero-filled init of `out_dtype` (defaults to A's type).
    pub fn matmul(
        &mut self,
        a: ValueId,
        b: ValueId,
        out_dtype: Option<DType>,
    ) -> Result<ValueId, VerifyError> {
        let (ta, tb) = (self.tensor_type(a), self.tensor_type(b));
        if ta.rank() != 2 || tb.rank() != 2 {
            return Err(self.error(
                "linalg.matmul",
                format!("needs rank-2 operands, got {ta} and {tb}"),
            ));
        }
        let init = self.filled(
            TensorType::new(
                vec![ta.shape[0].clone(), tb.shape[1].clone()],
                out_dtype.unwrap_or(ta.dtype),
            ),
            0.0,
        )?;
        self.add_op1(OpKind::Matmul, vec![a, b, init], None)
    }

    /// `[..., M, K] x [K, N] -> [..., M, N]`: a matmul whose rows carry the leading dims of
    /// `a` (a transformer's `[B, S, H] x [H, H']`), as one `linalg.generic` over (leading..., m,
    /// n, k) instead of a reshape to 2-D and back, so that its consumers (bias, activation,
    /// residual) read it at their own indices and fuse as its epilogue.
    pub fn rows_matmul(
        &mut self,
        a: ValueId,
        b: ValueId,
        out_dtype: Option<DType>,
    ) -> Result<ValueId, VerifyError> {
        let (ta, tb) = (self.tensor_type(a), self.tensor_type(b));
        let r = ta.rank();
        if r < 3 || tb.rank() != 2 {
            return Err(self.error(
                "linalg.generic",
                format!("a rows matmul needs [..., M, K] x [K, N], got {ta} and {tb}"),
            ));
        }
        let out = out_dtype.unwrap_or(ta.dtype);
        let mut shape = ta.shape[..r - 1].to_vec();
        shape.push(tb.shape[1].clone());
        let init = self.filled(TensorType::new(shape, out), 0.0)?;
        // Dims: the r - 1 row dims of `a`, then n, then k.
        let (n, k) = (r - 1, r);
        let rows = 0..r - 1;
        let lhs: Vec<usize> = rows.clone().chain([k]).collect();
        let result: Vec<usize> = rows.chain([n]).collect();
        let maps = vec![
            AffineMap::projection(r + 1, &lhs),
            AffineMap::projection(r + 1, &[k, n]),
            AffineMap::projection(r + 1, &result),
        ];
        let mut iterators = vec![IteratorType::Parallel; r];
        iterators.push(IteratorType::Reduction);
        let body = crate::generalize::multiply_accumulate(ta.dtype, tb.dtype, out);
        let results = self.generic(&[a, b], &[init], maps, iterators, body)?;
        Ok(results[0])
    }

    pub fn batch_matmul(
        &mut self,
        a: ValueId,
        b: ValueId,
        out_dtype: Option<DType>,
    ) -> Result<ValueId, VerifyError> {
        let (ta, tb) = (self.tensor_type(a), self.tensor_type(b));
        if ta.rank() != 3 || tb.rank() != 3 {
            return Err(self.error(
                "linalg.batch_matmul",
                format!("needs rank-3 operands, got {ta} and {tb}"),
            ));
        }
        let shape = vec![
            ta.shape[0].clone(),
            ta.shape[1].clone(),
            tb.shape[2].clone(),
        ];
        let init = self.filled(TensorType::new(shape, out_dtype.unwrap_or(ta.dtype)), 0.0)?;
        self.add_op1(OpKind::BatchMatmul, vec![a, b, init], None)
    }

    pub fn matvec(&mut self, a: ValueId, x: ValueId) -> Result<ValueId, VerifyError> {
        let ta = self.tensor_type(a);
        if ta.rank() != 2 {
            return Err(self.error("linalg.matvec", format!("needs a rank-2 matrix, got {ta}")));
        }
        let init = self.filled(TensorType::new(vec![ta.shape[0].clone()], ta.dtype), 0.0)?;
        self.add_op1(OpKind::Matvec, vec![a, x, init], None)
    }

    /// A convolution into a zero-filled init (pad the input first for padding).
    pub fn conv2d(
        &mut self,
        conv: Conv2d,
        input: ValueId,
        filter: ValueId,
    ) -> Result<ValueId, VerifyError> {
        self.conv2d_into(conv, input, filter, None)
    }

    /// [`Self::conv2d`] into an init of `out_dtype` (defaults to the input's type): the type
    /// the products are summed in.
    pub fn conv2d_into(
        &mut self,
        conv: Conv2d,
        input: ValueId,
        filter: ValueId,
        out_dtype: Option<DType>,
    ) -> Result<ValueId, VerifyError> {
        let (ti, tf) = (self.tensor_type(input), self.tensor_type(filter));
        let shape =
            conv_output_shape(&conv, &ti, &tf).map_err(|m| self.error(conv.layout.op_name(), m))?;
        let init = self.filled(TensorType::new(shape, out_dtype.unwrap_or(ti.dtype)), 0.0)?;
        self.add_op1(OpKind::Conv2d(conv), vec![input, filter, init], None)
    }

    /// Pooling with a `kernel = [kh, kw]` window; the init holds -inf (max), +inf (min) or 0 (sum).
    pub fn pooling(
        &mut self,
        pooling: Pooling,
        input: ValueId,
        kernel: [u64; 2],
    ) -> Result<ValueId, VerifyError> {
        let ti = self.tensor_type(input);
        if ti.rank() != 4 {
            return Err(self.error(pooling.op_name(), format!("needs a rank-4 input, got {ti}")));
        }
        let (h, w) = match pooling.layout {
            PoolLayout::Nhwc => (1, 2),
            PoolLayout::Nchw => (2, 3),
        };
        let mut shape = ti.shape.clone();
        for (axis, k) in [(h, 0), (w, 1)] {
            shape[axis] = window_output_dim(
                &ti.shape[axis],
                &Dim::Static(kernel[k]),
                pooling.strides[k],
                pooling.dilations[k],
            )
            .map_err(|m| self.error(pooling.op_name(), m))?;
        }
        let start = match pooling.kind {
            PoolKind::Max => lowest(ti.dtype),
            PoolKind::Min => -lowest(ti.dtype),
            PoolKind::Sum => 0.0,
        };
        let window = self.empty(TensorType::of(&kernel, ti.dtype))?;
        let init = self.filled(TensorType::new(shape, ti.dtype), start)?;
        self.add_op1(OpKind::Pooling(pooling), vec![input, window, init], None)
    }

    pub fn transpose(&mut self, x: ValueId, permutation: &[usize]) -> Result<ValueId, VerifyError> {
        let t = self.tensor_type(x);
        if permutation.iter().any(|&p| p >= t.rank()) || permutation.len() != t.rank() {
            return Err(self.error(
                "linalg.transpose",
                format!("invalid permutation {permutation:?} for {t}"),
            ));
        }
        let shape = permutation.iter().map(|&p| t.shape[p].clone()).collect();
        let init = self.empty(TensorType::new(shape, t.dtype))?;
        self.add_op1(
            OpKind::Transpose {
                permutation: permutation.to_vec(),
            },
            vec![x, init],
            None,
        )
    }

    /// `linalg.broadcast` of `x` to `shape`, adding the init dims `dimensions`.
    pub fn broadcast(
        &mut self,
        x: ValueId,
        shape: Vec<Dim>,
        dimensions: &[usize],
    ) -> Result<ValueId, VerifyError> {
        let t = self.tensor_type(x);
        let init = self.empty(TensorType::new(shape, t.dtype))?;
        self.add_op1(
            OpKind::Broadcast {
                dimensions: dimensions.to_vec(),
            },
            vec![x, init],
            None,
        )
    }

    /// `linalg.reduce` over `dimensions` with `combiner(input, acc)` starting from `init_value`.
    pub fn reduce(
        &mut self,
        x: ValueId,
        dimensions: &[usize],
        combiner: ScalarOp,
        init_value: f64,
    ) -> Result<ValueId, VerifyError> {
        let t = self.tensor_type(x);
        let shape = (0..t.rank())
            .filter(|d| !dimensions.contains(d))
            .map(|d| t.shape[d].clone())
            .collect();
        let init = self.filled(TensorType::new(shape, t.dtype), init_value)?;
        let mut b = BodyBuilder::new(vec![t.dtype, t.dtype]);
        let r = b.push(combiner, &[b.argument(0), b.argument(1)], t.dtype);
        let body = b.yield_values(&[r]);
        self.add_op1(
            OpKind::Reduce(Reduce {
                dimensions: dimensions.to_vec(),
                body,
            }),
            vec![x, init],
            None,
        )
    }

    pub fn softmax(&mut self, x: ValueId, dimension: usize) -> Result<ValueId, VerifyError> {
        let t = self.tensor_type(x);
        let init = self.empty(t)?;
        self.add_op1(OpKind::Softmax { dimension }, vec![x, init], None)
    }

    /// `tensor.pad` with a constant padding value.
    pub fn pad(
        &mut self,
        x: ValueId,
        low: &[u64],
        high: &[u64],
        value: f64,
    ) -> Result<ValueId, VerifyError> {
        let t = self.tensor_type(x);
        let c = self.scalar_constant(value, t.dtype)?;
        self.add_op1(
            OpKind::Pad {
                low: low.to_vec(),
                high: high.to_vec(),
            },
            vec![x, c],
            None,
        )
    }

    pub fn collapse_shape(
        &mut self,
        x: ValueId,
        reassociation: Vec<Vec<usize>>,
    ) -> Result<ValueId, VerifyError> {
        self.add_op1(OpKind::CollapseShape { reassociation }, vec![x], None)
    }

    pub fn expand_shape(
        &mut self,
        x: ValueId,
        reassociation: Vec<Vec<usize>>,
        shape: Vec<Dim>,
    ) -> Result<ValueId, VerifyError> {
        let dtype = self.value_type(x).dtype();
        self.add_op1(
            OpKind::ExpandShape { reassociation },
            vec![x],
            Some(Type::Tensor(TensorType::new(shape, dtype))),
        )
    }

    /// A general static reshape (row-major): a collapse of the source's dims into groups, then
    /// an expand of the groups into the target's dims, the groups cut wherever the two shapes'
    /// running products meet (`[32, 136, 28, 28]` to `[32, 4, 34, 28, 28]` is one expand of dim
    /// 1, whose readers then divide one index instead of linearizing all four); each step
    /// skipped when trivial. Shapes without such cuts go through 1-D.
    pub fn reshape(&mut self, x: ValueId, shape: &[u64]) -> Result<ValueId, VerifyError> {
        let t = self.tensor_type(x);
        let target = TensorType::of(shape, t.dtype);
        if t == target {
            return Ok(x);
        }
        let n = t.num_elements().ok_or_else(|| {
            self.error(
                "tensor.collapse_shape",
                format!("reshape of {t} with symbolic dims"),
            )
        })?;
        if n != target.num_elements().unwrap_or(0) {
            return Err(self.error(
                "tensor.expand_shape",
                format!("cannot reshape {t} to {target}"),
            ));
        }
        if t.rank() == 0 {
            // One element: the target is all ones.
            return self.expand_shape(x, vec![], target.shape);
        }
        if shape.is_empty() {
            return self.collapse_shape(x, vec![]);
        }
        let source: Option<Vec<u64>> = t.shape.iter().map(Dim::as_static).collect();
        if let Some([from, to]) = source.and_then(|s| reshape_groups(&s, shape)) {
            let collapsed = if from.iter().all(|g| g.len() == 1) {
                x
            } else {
                self.collapse_shape(x, from)?
            };
            if to.iter().all(|g| g.len() == 1) {
                return Ok(collapsed);
            }
            return self.expand_shape(collapsed, to, target.shape);
        }
        let flat = if t.rank() == 1 {
            x
        } else {
            self.collapse_shape(x, vec![(0..t.rank()).collect()])?
        };
        if shape.len() == 1 {
            return Ok(flat);
        }
        self.expand_shape(flat, vec![(0..shape.len()).collect()], target.shape)
    }

    pub fn extract_slice(
        &mut self,
        x: ValueId,
        offsets: &[u64],
        sizes: &[u64],
        strides: &[u64],
    ) -> Result<ValueId, VerifyError> {
        self.add_op1(
            OpKind::ExtractSlice {
                offsets: offsets.to_vec(),
                sizes: sizes.to_vec(),
                strides: strides.to_vec(),
            },
            vec![x],
            None,
        )
    }

    pub fn concat(&mut self, xs: &[ValueId], dimension: usize) -> Result<ValueId, VerifyError> {
        self.add_op1(OpKind::Concat { dimension }, xs.to_vec(), None)
    }

    /// `kiln.gather` (ONNX `Gather`) of `data` along `axis` at `indices`.
    pub fn gather(
        &mut self,
        data: ValueId,
        indices: ValueId,
        axis: usize,
    ) -> Result<ValueId, VerifyError> {
        self.add_op1(OpKind::Gather { axis }, vec![data, indices], None)
    }

    /// `kiln.gather_elements` (ONNX `GatherElements`) of `data` along `axis` at `indices`.
    pub fn gather_elements(
        &mut self,
        data: ValueId,
        indices: ValueId,
        axis: usize,
    ) -> Result<ValueId, VerifyError> {
        self.add_op1(OpKind::GatherElements { axis }, vec![data, indices], None)
    }

    /// A `linalg.generic` with the given operands, maps, iterator types and body.
    pub fn generic(
        &mut self,
        inputs: &[ValueId],
        inits: &[ValueId],
        indexing_maps: Vec<AffineMap>,
        iterator_types: Vec<IteratorType>,
        body: ScalarBody,
    ) -> Result<Vec<ValueId>, VerifyError> {
        let mut operands = inputs.to_vec();
        operands.extend_from_slice(inits);
        self.add_op(
            OpKind::Generic(Generic {
                indexing_maps,
                iterator_types,
                num_inputs: inputs.len(),
                body,
            }),
            operands,
            None,
        )
    }

    /// An elementwise `linalg.generic` over the numpy broadcast of the inputs' shapes, producing
    /// `out_dtype`; `body(builder, args)` computes the result from the input elements.
    pub fn elementwise_with(
        &mut self,
        inputs: &[ValueId],
        out_dtype: DType,
        body: impl FnOnce(&mut BodyBuilder, &[ScalarRef]) -> ScalarRef,
    ) -> Result<ValueId, VerifyError> {
        let mut shape: Vec<Dim> = vec![];
        for &x in inputs {
            shape = broadcast_shapes(&shape, &self.tensor_type(x).shape)
                .map_err(|m| self.error("linalg.generic", m))?;
        }
        let init = self.empty(TensorType::new(shape.clone(), out_dtype))?;
        let mut maps: Vec<AffineMap> = inputs
            .iter()
            .map(|&x| broadcast_map(&self.tensor_type(x).shape, &shape))
            .collect();
        maps.push(AffineMap::identity(shape.len()));
        let mut args: Vec<DType> = inputs.iter().map(|&x| self.value_type(x).dtype()).collect();
        args.push(out_dtype);
        let mut b = BodyBuilder::new(args);
        let refs: Vec<ScalarRef> = (0..inputs.len()).map(|i| b.argument(i)).collect();
        let r = body(&mut b, &refs);
        let body = b.yield_values(&[r]);
        let r = self.generic(
            inputs,
            &[init],
            maps,
            vec![IteratorType::Parallel; shape.len()],
            body,
        )?;
        Ok(r[0])
    }

    /// `op` applied elementwise (with broadcasting); the result type is i1 for comparisons and the
    /// operands' type otherwise.
    pub fn elementwise(
        &mut self,
        op: ScalarOp,
        inputs: &[ValueId],
    ) -> Result<ValueId, VerifyError> {
        let dtype = match op.class() {
            crate::ir::ScalarOpClass::Compare { .. } => DType::I1,
            crate::ir::ScalarOpClass::Select => self.value_type(inputs[1]).dtype(),
            _ => self.value_type(inputs[0]).dtype(),
        };
        self.elementwise_with(inputs, dtype, |b, args| b.apply(op, args))
    }

    /// Elementwise cast to `to`.
    pub fn cast(&mut self, x: ValueId, to: DType) -> Result<ValueId, VerifyError> {
        if self.value_type(x).dtype() == to {
            return Ok(x);
        }
        self.elementwise_with(&[x], to, |b, args| b.cast(args[0], to))
    }
}

/// The most negative finite-or-infinite start value for a max reduction.
pub fn lowest(dtype: DType) -> f64 {
    match dtype {
        DType::I64 => i64::MIN as f64,
        DType::I32 => i32::MIN as f64,
        DType::I8 => i8::MIN as f64,
        DType::I1 => 0.0,
        _ => f64::NEG_INFINITY,
    }
}

/// Groups of consecutive dims, as `collapse_shape` / `expand_shape` take them.
type Reassociation = Vec<Vec<usize>>;

/// The groups of a reshape from `source` to `target` (row-major, the same element count): the
/// dims of each side between the points where both shapes' running products meet, unit dims
/// left at the end joining the last group. `None` for a zero-sized dim or an empty shape.
fn reshape_groups(source: &[u64], target: &[u64]) -> Option<[Reassociation; 2]> {
    if source.is_empty() || target.is_empty() || source.contains(&0) || target.contains(&0) {
        return None;
    }
    let (mut from, mut to) = (Vec::<Vec<usize>>::new(), Vec::<Vec<usize>>::new());
    let (mut i, mut j) = (0, 0);
    while i < source.len() && j < target.len() {
        let (mut a, mut pa, mut b, mut pb) = (vec![i], source[i], vec![j], target[j]);
        i += 1;
        j += 1;
        while pa != pb {
            if pa < pb {
                pa = pa.checked_mul(*source.get(i)?)?;
                a.push(i);
                i += 1;
            } else {
                pb = pb.checked_mul(*target.get(j)?)?;
                b.push(j);
                j += 1;
            }
        }
        from.push(a);
        to.push(b);
    }
    for (shape, at, groups) in [(source, i, &mut from), (target, j, &mut to)] {
        if !shape[at..].iter().all(|&d| d == 1) {
            return None;
        }
        groups.last_mut()?.extend(at..shape.len());
    }
    Some([from, to])
}

#[cfg(test)]
mod reshape_tests {
    use super::reshape_groups;

    #[test]
    fn groups_cut_where_the_running_products_meet() {
        let g = |s: &[u64], t: &[u64]| reshape_groups(s, t);
        // ShuffleNet's channel split: one expand of dim 1.
        assert_eq!(
            g(&[32, 136, 28, 28], &[32, 4, 34, 28, 28]),
            Some([
                vec![vec![0], vec![1], vec![2], vec![3]],
                vec![vec![0], vec![1, 2], vec![3], vec![4]]
            ])
        );
        // A pooled N x C x 1 x 1 flattened: the unit dims join the last group.
        assert_eq!(
            g(&[8, 512, 1, 1], &[8, 512]),
            Some([vec![vec![0], vec![1, 2, 3]], vec![vec![0], vec![1]]])
        );
        assert_eq!(g(&[6], &[1, 6]), Some([vec![vec![0]], vec![vec![0, 1]]]));
        // No cut inside: through one group (collapse, then expand).
        assert_eq!(
            g(&[2, 3], &[3, 2]),
            Some([vec![vec![0, 1]], vec![vec![0, 1]]])
        );
        assert_eq!(g(&[2, 0], &[0, 2]), None);
    }
}

//! The reference interpreter: runs a function of the Tensor IR on host arrays (ndarray). It is
//! the numerical oracle of the compiler's tests, so it favours plain, checkable semantics over
//! speed: every tensor is held as `f64` values (exact for f32/f16/bf16/i32/i8/i1; i64 beyond 2^53
//! loses precision), float arithmetic inside an op runs in f64 (so matmul, convolution and
//! reduction accumulate in f64), and each op's results are rounded to their element type when the
//! op finishes. Integer arithmetic wraps to its width after each scalar op. Named structured ops
//! run through their generic form (`generalize.rs`) except matmul-like ops (ndarray `dot`),
//! convolutions (im2col + `dot`, checked against the generic form in tests) and softmax. Generic
//! ops with linear indexing maps check bounds once and walk flat offsets incrementally; others
//! evaluate every map at every point. Symbolic dims are bound from the argument shapes.

use std::collections::HashMap;

use ndarray::{ArrayD, Axis, IxDyn, Slice};

use crate::generalize::generalize;
use crate::infer::{verify_function, VerifyError};
use crate::syntax::*;

/// A host tensor: an element type and row-major f64 values (already rounded to the type).
#[derive(Clone, Debug, PartialEq)]
pub struct Tensor {
    pub dtype: DType,
    pub data: ArrayD<f64>,
}

impl Tensor {
    /// Wraps values, rounding them to `dtype`.
    pub fn new(dtype: DType, data: ArrayD<f64>) -> Self {
        Tensor {
            dtype,
            data: data.mapv(|x| dtype.round(x)),
        }
    }

    pub fn from_vec(
        dtype: DType,
        shape: &[usize],
        values: Vec<f64>,
    ) -> Result<Self, InterpretError> {
        let data = ArrayD::from_shape_vec(IxDyn(shape), values).map_err(|e| {
            InterpretError::Arguments(format!("bad tensor data for shape {shape:?}: {e}"))
        })?;
        Ok(Tensor::new(dtype, data))
    }

    pub fn from_f32(data: ArrayD<f32>) -> Self {
        Tensor {
            dtype: DType::F32,
            data: data.mapv(|x| x as f64),
        }
    }

    pub fn to_f32(&self) -> ArrayD<f32> {
        self.data.mapv(|x| x as f32)
    }

    pub fn shape(&self) -> &[usize] {
        self.data.shape()
    }
}

/// Why a run failed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum InterpretError {
    #[error("invalid function: {0}")]
    Verify(#[from] VerifyError),
    #[error("the module has no function to run")]
    NoEntry,
    #[error("bad arguments: {0}")]
    Arguments(String),
    #[error("{location}: '{op}': {message}")]
    Op {
        op: String,
        location: Location,
        message: String,
    },
}

#[derive(Clone, Debug)]
enum RtValue {
    Scalar(f64),
    Tensor(ArrayD<f64>),
}

/// Runs the entry function (`@main`, else the first) of `module`.
pub fn interpret(module: &Module, inputs: &[Tensor]) -> Result<Vec<Tensor>, InterpretError> {
    let f = module.entry().ok_or(InterpretError::NoEntry)?;
    interpret_function(f, inputs)
}

/// Runs one function: verifies it, binds symbolic dims from the inputs, executes the body.
/// Scalar arguments take rank-0 tensors.
pub fn interpret_function(f: &Function, inputs: &[Tensor]) -> Result<Vec<Tensor>, InterpretError> {
    verify_function(f)?;
    if inputs.len() != f.arguments.len() {
        return Err(InterpretError::Arguments(format!(
            "@{} takes {} arguments, got {}",
            f.name,
            f.arguments.len(),
            inputs.len()
        )));
    }
    let mut symbols: HashMap<String, u64> = HashMap::new();
    let mut env: Vec<Option<RtValue>> = vec![None; f.values.len()];
    for (i, (&arg, input)) in f.arguments.iter().zip(inputs).enumerate() {
        let ty = &f.values[arg].ty;
        if ty.dtype() != input.dtype {
            return Err(InterpretError::Arguments(format!(
                "argument {i}: expected {}, got {}",
                ty.dtype(),
                input.dtype
            )));
        }
        let value = match ty {
            Type::Scalar(_) => {
                if input.data.len() != 1 {
                    return Err(InterpretError::Arguments(format!(
                        "argument {i}: expected a scalar, got shape {:?}",
                        input.shape()
                    )));
                }
                RtValue::Scalar(input.data.iter().next().copied().unwrap_or(0.0))
            }
            Type::Tensor(t) => {
                if t.rank() != input.data.ndim() {
                    return Err(InterpretError::Arguments(format!(
                        "argument {i}: expected {t}, got shape {:?}",
                        input.shape()
                    )));
                }
                for (d, &n) in t.shape.iter().zip(input.shape()) {
                    let ok = match d {
                        Dim::Static(s) => *s == n as u64,
                        Dim::Symbol(s) => *symbols.entry(s.clone()).or_insert(n as u64) == n as u64,
                    };
                    if !ok {
                        return Err(InterpretError::Arguments(format!(
                            "argument {i}: shape {:?} does not match {t} (symbols bound so far: {symbols:?})",
                            input.shape()
                        )));
                    }
                }
                RtValue::Tensor(input.data.mapv(|x| input.dtype.round(x)))
            }
        };
        env[arg.index()] = Some(value);
    }
    for &op_id in &f.body {
        let op = &f.ops[op_id];
        let fail = |message: String| InterpretError::Op {
            op: op.kind.name().to_string(),
            location: f.ops.location(op_id).clone(),
            message,
        };
        let operands: Vec<&RtValue> = op
            .operands
            .iter()
            .map(|v| {
                env[v.index()]
                    .as_ref()
                    .ok_or_else(|| fail("operand not computed".into()))
            })
            .collect::<Result<_, _>>()?;
        let result_types: Vec<&Type> = op.results.iter().map(|&r| &f.values[r].ty).collect();
        for ty in &result_types {
            check_host_size(ty, &symbols).map_err(fail)?;
        }
        let outer = captured_scalars(&op.kind, &env);
        let results = run_op(f, op, &operands, &result_types, &symbols, &outer).map_err(fail)?;
        for ((&r, value), ty) in op.results.iter().zip(results).zip(&result_types) {
            let dtype = ty.dtype();
            let value = match value {
                RtValue::Scalar(x) => RtValue::Scalar(dtype.round(x)),
                RtValue::Tensor(a) => RtValue::Tensor(a.mapv_into(|x| dtype.round(x))),
            };
            env[r.index()] = Some(value);
        }
    }
    f.results
        .iter()
        .map(|&r| {
            let dtype = f.values[r].ty.dtype();
            match env[r.index()].clone() {
                Some(RtValue::Tensor(a)) => Ok(Tensor { dtype, data: a }),
                Some(RtValue::Scalar(x)) => Ok(Tensor {
                    dtype,
                    data: ArrayD::from_elem(IxDyn(&[]), x),
                }),
                None => Err(InterpretError::Arguments(
                    "a returned value was never computed".into(),
                )),
            }
        })
        .collect()
}

/// Refuses a result whose elements (held as f64) would pass
/// [`crate::onnx::MAX_HOST_TENSOR_BYTES`], before the op allocates it: a dim of 2^40 is an
/// error, not an abort.
fn check_host_size(ty: &Type, symbols: &HashMap<String, u64>) -> Result<(), String> {
    let Type::Tensor(t) = ty else {
        return Ok(());
    };
    let mut count: u64 = 1;
    for d in &t.shape {
        let n = match d {
            Dim::Static(n) => *n,
            Dim::Symbol(s) => symbols.get(s).copied().unwrap_or(1),
        };
        count = count.saturating_mul(n);
    }
    if count.saturating_mul(8) > crate::onnx::MAX_HOST_TENSOR_BYTES as u64 {
        return Err(format!(
            "a result of type {t} ({count} elements) is larger than the interpreter holds ({} GiB)",
            crate::onnx::MAX_HOST_TENSOR_BYTES >> 30
        ));
    }
    Ok(())
}

/// The scalar values of the enclosing function that a body captures.
fn captured_scalars(kind: &OpKind, env: &[Option<RtValue>]) -> Vec<(ValueId, f64)> {
    let body = match kind {
        OpKind::Generic(g) => &g.body,
        OpKind::Reduce(r) => &r.body,
        _ => return vec![],
    };
    let mut out = Vec::new();
    for inst in &body.instructions {
        for r in inst.operands.iter().chain(&body.yields) {
            if let ScalarRef::Outer(v) = r {
                if let Some(RtValue::Scalar(x)) = env[v.index()] {
                    out.push((*v, x));
                }
            }
        }
    }
    out
}

fn concrete_shape(ty: &Type, symbols: &HashMap<String, u64>) -> Result<Vec<usize>, String> {
    match ty {
        Type::Scalar(_) => Ok(vec![]),
        Type::Tensor(t) => t
            .shape
            .iter()
            .map(|d| match d {
                Dim::Static(n) => Ok(*n as usize),
                Dim::Symbol(s) => symbols
                    .get(s)
                    .map(|&n| n as usize)
                    .ok_or_else(|| format!("symbolic dim {s} is not bound by the arguments")),
            })
            .collect(),
    }
}

fn tensor_of(v: &RtValue) -> Result<&ArrayD<f64>, String> {
    match v {
        RtValue::Tensor(a) => Ok(a),
        RtValue::Scalar(_) => Err("expected a tensor operand, got a scalar".into()),
    }
}

fn scalar_of(v: &RtValue) -> Result<f64, String> {
    match v {
        RtValue::Scalar(x) => Ok(*x),
        RtValue::Tensor(a) if a.ndim() == 0 => Ok(a.iter().next().copied().unwrap_or(0.0)),
        RtValue::Tensor(_) => Err("expected a scalar operand, got a tensor".into()),
    }
}

fn run_op(
    f: &Function,
    op: &Op,
    operands: &[&RtValue],
    result_types: &[&Type],
    symbols: &HashMap<String, u64>,
    outer: &[(ValueId, f64)],
) -> Result<Vec<RtValue>, String> {
    let one = |a: ArrayD<f64>| Ok(vec![RtValue::Tensor(a)]);
    match &op.kind {
        OpKind::Constant(value) => {
            let shape = concrete_shape(result_types[0], symbols)?;
            match (value, result_types[0]) {
                (ConstantValue::Splat(v), Type::Scalar(_)) => Ok(vec![RtValue::Scalar(v.as_f64())]),
                (ConstantValue::Splat(v), _) => one(ArrayD::from_elem(IxDyn(&shape), v.as_f64())),
                (ConstantValue::Dense(data), _) => {
                    one(ArrayD::from_shape_vec(IxDyn(&shape), data.to_f64_vec())
                        .map_err(|e| e.to_string())?)
                }
            }
        }
        OpKind::Empty => one(ArrayD::zeros(IxDyn(&concrete_shape(
            result_types[0],
            symbols,
        )?))),
        OpKind::Matmul | OpKind::BatchMatmul | OpKind::Matvec => {
            let a = tensor_of(operands[0])?;
            let b = tensor_of(operands[1])?;
            let c = tensor_of(operands[2])?;
            let (ta, tb, tc) = (
                f.values[op.operands[0]].ty.dtype(),
                f.values[op.operands[1]].ty.dtype(),
                result_types[0].dtype(),
            );
            // Inputs are cast to the output type first (linalg semantics).
            let a = a.mapv(|x| tc.round(ta.round(x)));
            let b = b.mapv(|x| tc.round(tb.round(x)));
            let out = match op.kind {
                OpKind::Matmul => {
                    let a2 = a
                        .into_dimensionality::<ndarray::Ix2>()
                        .map_err(|e| e.to_string())?;
                    let b2 = b
                        .into_dimensionality::<ndarray::Ix2>()
                        .map_err(|e| e.to_string())?;
                    (c + &a2.dot(&b2).into_dyn()).into_dyn()
                }
                OpKind::Matvec => {
                    let a2 = a
                        .into_dimensionality::<ndarray::Ix2>()
                        .map_err(|e| e.to_string())?;
                    let b1 = b
                        .into_dimensionality::<ndarray::Ix1>()
                        .map_err(|e| e.to_string())?;
                    (c + &a2.dot(&b1).into_dyn()).into_dyn()
                }
                _ => {
                    let a3 = a
                        .into_dimensionality::<ndarray::Ix3>()
                        .map_err(|e| e.to_string())?;
                    let b3 = b
                        .into_dimensionality::<ndarray::Ix3>()
                        .map_err(|e| e.to_string())?;
                    let mut out = c
                        .clone()
                        .into_dimensionality::<ndarray::Ix3>()
                        .map_err(|e| e.to_string())?;
                    for i in 0..a3.shape()[0] {
                        let prod = a3.index_axis(Axis(0), i).dot(&b3.index_axis(Axis(0), i));
                        let mut slot = out.index_axis_mut(Axis(0), i);
                        slot += &prod;
                    }
                    out.into_dyn()
                }
            };
            if tc.is_int() {
                // Integer matmul wraps at the end (exact below 2^53).
                return one(out.mapv(|x| tc.round(x)));
            }
            one(out)
        }
        OpKind::Softmax { dimension } => {
            let x = tensor_of(operands[0])?;
            let axis = Axis(*dimension);
            let max = x
                .fold_axis(axis, f64::NEG_INFINITY, |&m, &v| m.max(v))
                .insert_axis(axis);
            let e = (x - &max).mapv(f64::exp);
            let sum = e.sum_axis(axis).insert_axis(axis);
            one(e / &sum)
        }
        OpKind::Pad { low, high } => {
            let x = tensor_of(operands[0])?;
            let value = scalar_of(operands[1])?;
            let shape: Vec<usize> = x
                .shape()
                .iter()
                .enumerate()
                .map(|(i, &n)| n + (low[i] + high[i]) as usize)
                .collect();
            let mut out = ArrayD::from_elem(IxDyn(&shape), value);
            let mut view = out.view_mut();
            for (i, &n) in x.shape().iter().enumerate() {
                view.slice_axis_inplace(Axis(i), Slice::from(low[i] as usize..low[i] as usize + n));
            }
            view.assign(x);
            one(out)
        }
        OpKind::CollapseShape { .. } | OpKind::ExpandShape { .. } => {
            let x = tensor_of(operands[0])?;
            let mut shape = concrete_shape(result_types[0], symbols).ok();
            if shape.is_none() {
                // Collapsing symbolic dims: derive the result shape from the actual data.
                if let OpKind::CollapseShape { reassociation } = &op.kind {
                    shape = Some(
                        reassociation
                            .iter()
                            .map(|g| g.iter().map(|&i| x.shape()[i]).product())
                            .collect(),
                    );
                }
            }
            let shape = shape.ok_or("cannot resolve the result shape")?;
            let flat: Vec<f64> = x.iter().copied().collect();
            one(ArrayD::from_shape_vec(IxDyn(&shape), flat).map_err(|e| e.to_string())?)
        }
        OpKind::ExtractSlice {
            offsets,
            sizes,
            strides,
        } => {
            let x = tensor_of(operands[0])?;
            let mut view = x.view();
            for i in 0..x.ndim() {
                let start = offsets[i] as isize;
                let end = start
                    + if sizes[i] == 0 {
                        0
                    } else {
                        ((sizes[i] - 1) * strides[i] + 1) as isize
                    };
                if end as usize > x.shape()[i] {
                    return Err(format!("slice of dim {i} runs out of bounds"));
                }
                view.slice_axis_inplace(Axis(i), Slice::new(start, Some(end), strides[i] as isize));
            }
            one(view.to_owned())
        }
        OpKind::Concat { dimension } => {
            let views: Vec<_> = operands
                .iter()
                .map(|v| tensor_of(v).map(|a| a.view()))
                .collect::<Result<_, _>>()?;
            one(ndarray::concatenate(Axis(*dimension), &views).map_err(|e| e.to_string())?)
        }
        OpKind::Gather { axis } | OpKind::GatherElements { axis } => {
            let data = tensor_of(operands[0])?;
            let indices = tensor_of(operands[1])?;
            let elements = matches!(op.kind, OpKind::GatherElements { .. });
            one(gather(data, indices, *axis, elements)?)
        }
        OpKind::Conv2d(conv) => {
            let dt = |i: usize| f.values[op.operands[i]].ty.dtype();
            let out = result_types[0].dtype();
            // Inputs are cast to the output type first (linalg semantics).
            let x = tensor_of(operands[0])?.mapv(|v| out.round(dt(0).round(v)));
            let w = tensor_of(operands[1])?.mapv(|v| out.round(dt(1).round(v)));
            one(conv_im2col(conv, &x, &w, tensor_of(operands[2])?)?)
        }
        kind => {
            let types: Vec<Type> = op
                .operands
                .iter()
                .map(|&v| f.values[v].ty.clone())
                .collect();
            let g = generalize(kind, &types)
                .ok_or_else(|| format!("no interpreter for '{}'", kind.name()))?;
            run_generic(&g, operands, outer)
        }
    }
}

/// `kiln.gather` (`elements == false`) or `kiln.gather_elements` of `data` along `axis`.
fn gather(
    data: &ArrayD<f64>,
    indices: &ArrayD<f64>,
    axis: usize,
    elements: bool,
) -> Result<ArrayD<f64>, String> {
    use ndarray::Dimension;
    let n = data.shape()[axis];
    let resolve = |x: f64| -> Result<usize, String> {
        let i = x as i64;
        let j = if i < 0 { i + n as i64 } else { i };
        if j < 0 || j >= n as i64 {
            return Err(format!(
                "gather index {i} is out of range for dim {axis} of size {n}"
            ));
        }
        Ok(j as usize)
    };
    if elements {
        let mut out = ArrayD::zeros(indices.raw_dim());
        for (point, &x) in indices.indexed_iter() {
            let mut at: Vec<usize> = point.slice().to_vec();
            at[axis] = resolve(x)?;
            if at.iter().zip(data.shape()).any(|(a, d)| a >= d) {
                return Err(format!(
                    "gather_elements index {at:?} is outside data of shape {:?}",
                    data.shape()
                ));
            }
            out[point.slice()] = data[IxDyn(&at)];
        }
        return Ok(out);
    }
    let q = indices.ndim();
    let mut shape = data.shape()[..axis].to_vec();
    shape.extend_from_slice(indices.shape());
    shape.extend_from_slice(&data.shape()[axis + 1..]);
    let mut out = ArrayD::zeros(IxDyn(&shape));
    for (point, slot) in out.indexed_iter_mut() {
        let p = point.slice();
        let i = resolve(indices[IxDyn(&p[axis..axis + q])])?;
        let mut at = p[..axis].to_vec();
        at.push(i);
        at.extend_from_slice(&p[axis + q..]);
        *slot = data[IxDyn(&at)];
    }
    Ok(out)
}

/// A convolution as im2col + matrix products (ndarray `dot`), in every layout: the operands are
/// brought to `[N, G, C, H, W]` x `[G, F, C, KH, KW]`, each (batch, group) is one product, and the
/// result is put back into the init's layout and added to it. Same numbers as the generic form.
fn conv_im2col(
    conv: &Conv2d,
    x: &ArrayD<f64>,
    w: &ArrayD<f64>,
    init: &ArrayD<f64>,
) -> Result<ArrayD<f64>, String> {
    use ndarray::{Array2, Ix5};
    let shape_err = |e: ndarray::ShapeError| e.to_string();
    let std = |a: ArrayD<f64>| a.as_standard_layout().into_owned();
    let (xs, ws) = (x.shape().to_vec(), w.shape().to_vec());
    let (x5, w5) = match conv.layout {
        ConvLayout::NchwFchw => (
            x.clone()
                .into_shape_with_order(IxDyn(&[xs[0], 1, xs[1], xs[2], xs[3]]))
                .map_err(shape_err)?,
            w.clone()
                .into_shape_with_order(IxDyn(&[1, ws[0], ws[1], ws[2], ws[3]]))
                .map_err(shape_err)?,
        ),
        ConvLayout::NhwcHwcf => {
            let xc = std(x.clone().permuted_axes(IxDyn(&[0, 3, 1, 2])));
            let wc = std(w.clone().permuted_axes(IxDyn(&[3, 2, 0, 1])));
            let (a, b) = (xc.shape().to_vec(), wc.shape().to_vec());
            (
                xc.into_shape_with_order(IxDyn(&[a[0], 1, a[1], a[2], a[3]]))
                    .map_err(shape_err)?,
                wc.into_shape_with_order(IxDyn(&[1, b[0], b[1], b[2], b[3]]))
                    .map_err(shape_err)?,
            )
        }
        ConvLayout::NgchwGfchw => (x.clone(), w.clone()),
        ConvLayout::DepthwiseNchwChw => (
            x.clone()
                .into_shape_with_order(IxDyn(&[xs[0], xs[1], 1, xs[2], xs[3]]))
                .map_err(shape_err)?,
            w.clone()
                .into_shape_with_order(IxDyn(&[ws[0], 1, 1, ws[1], ws[2]]))
                .map_err(shape_err)?,
        ),
        ConvLayout::DepthwiseNhwcHwc => {
            let xc = std(x.clone().permuted_axes(IxDyn(&[0, 3, 1, 2])));
            let wc = std(w.clone().permuted_axes(IxDyn(&[2, 0, 1])));
            let (a, b) = (xc.shape().to_vec(), wc.shape().to_vec());
            (
                xc.into_shape_with_order(IxDyn(&[a[0], a[1], 1, a[2], a[3]]))
                    .map_err(shape_err)?,
                wc.into_shape_with_order(IxDyn(&[b[0], 1, 1, b[1], b[2]]))
                    .map_err(shape_err)?,
            )
        }
    };
    let x5 = std(x5).into_dimensionality::<Ix5>().map_err(shape_err)?;
    let w5 = std(w5).into_dimensionality::<Ix5>().map_err(shape_err)?;
    let (n, g, c, h, wd) = x5.dim();
    let (_, fg, _, kh, kw) = w5.dim();
    let (s0, s1, d0, d1) = (
        conv.strides[0] as usize,
        conv.strides[1] as usize,
        conv.dilations[0] as usize,
        conv.dilations[1] as usize,
    );
    let oh = (h - d0 * (kh - 1) - 1) / s0 + 1;
    let ow = (wd - d1 * (kw - 1) - 1) / s1 + 1;
    let xs = x5.as_slice().ok_or("non-contiguous input")?;
    let mut out = ndarray::Array5::<f64>::zeros((n, g, fg, oh, ow));
    let k = c * kh * kw;
    let mut cols = Array2::<f64>::zeros((k, oh * ow));
    for b in 0..n {
        for gi in 0..g {
            {
                let cs = cols.as_slice_mut().ok_or("non-contiguous columns")?;
                for ci in 0..c {
                    let plane = ((b * g + gi) * c + ci) * h * wd;
                    for i in 0..kh {
                        for j in 0..kw {
                            let row = ((ci * kh + i) * kw + j) * oh * ow;
                            for y in 0..oh {
                                let src = plane + (y * s0 + i * d0) * wd + j * d1;
                                let dst = row + y * ow;
                                for xo in 0..ow {
                                    cs[dst + xo] = xs[src + xo * s1];
                                }
                            }
                        }
                    }
                }
            }
            let wmat = w5
                .index_axis(Axis(0), gi)
                .to_owned()
                .into_shape_with_order((fg, k))
                .map_err(shape_err)?;
            let prod = wmat
                .dot(&cols)
                .into_shape_with_order((fg, oh, ow))
                .map_err(shape_err)?;
            out.index_axis_mut(Axis(0), b)
                .index_axis_mut(Axis(0), gi)
                .assign(&prod);
        }
    }
    let out = out.into_dyn();
    let back = match conv.layout {
        ConvLayout::NchwFchw | ConvLayout::DepthwiseNchwChw => {
            let s = out.shape().to_vec();
            let ch = if conv.layout == ConvLayout::NchwFchw {
                s[2]
            } else {
                s[1]
            };
            out.into_shape_with_order(IxDyn(&[s[0], ch, s[3], s[4]]))
                .map_err(shape_err)?
        }
        ConvLayout::NhwcHwcf | ConvLayout::DepthwiseNhwcHwc => {
            let s = out.shape().to_vec();
            let ch = if conv.layout == ConvLayout::NhwcHwcf {
                s[2]
            } else {
                s[1]
            };
            std(out
                .into_shape_with_order(IxDyn(&[s[0], ch, s[3], s[4]]))
                .map_err(shape_err)?
                .permuted_axes(IxDyn(&[0, 2, 3, 1])))
        }
        ConvLayout::NgchwGfchw => out,
    };
    if back.shape() != init.shape() {
        return Err(format!(
            "convolution result shape {:?} differs from the init {:?}",
            back.shape(),
            init.shape()
        ));
    }
    Ok(back + init)
}

/// An affine expression compiled to `sum(coeff[d] * d) + constant` when it is linear.
enum CompiledExpr {
    Linear { coeffs: Vec<i64>, constant: i64 },
    Tree(AffineExpr),
}

fn linearize(e: &AffineExpr, n: usize) -> Option<(Vec<i64>, i64)> {
    match e {
        AffineExpr::Dim(i) => {
            let mut c = vec![0; n];
            c[*i] = 1;
            Some((c, 0))
        }
        AffineExpr::Constant(k) => Some((vec![0; n], *k)),
        AffineExpr::Add(a, b) => {
            let (ca, ka) = linearize(a, n)?;
            let (cb, kb) = linearize(b, n)?;
            Some((ca.iter().zip(&cb).map(|(x, y)| x + y).collect(), ka + kb))
        }
        AffineExpr::Mul(a, b) => {
            let (ca, ka) = linearize(a, n)?;
            let (cb, kb) = linearize(b, n)?;
            if ca.iter().all(|&x| x == 0) {
                Some((cb.iter().map(|x| x * ka).collect(), ka * kb))
            } else if cb.iter().all(|&x| x == 0) {
                Some((ca.iter().map(|x| x * kb).collect(), ka * kb))
            } else {
                None
            }
        }
        _ => None,
    }
}

fn run_generic(
    g: &Generic,
    operands: &[&RtValue],
    outer: &[(ValueId, f64)],
) -> Result<Vec<RtValue>, String> {
    let n = g.iterator_types.len();
    // Operand data, row-major, with shapes and strides.
    let arrays: Vec<ArrayD<f64>> = operands
        .iter()
        .map(|v| match v {
            RtValue::Tensor(a) => a.as_standard_layout().into_owned(),
            RtValue::Scalar(x) => ArrayD::from_elem(IxDyn(&[]), *x),
        })
        .collect();
    let mut bounds: Vec<Option<usize>> = vec![None; n];
    for (a, m) in arrays.iter().zip(&g.indexing_maps) {
        for (e, &size) in m.results.iter().zip(a.shape()) {
            if let AffineExpr::Dim(k) = e {
                bounds[*k].get_or_insert(size);
            }
        }
    }
    let bounds: Vec<usize> = bounds
        .into_iter()
        .map(|b| b.ok_or("a loop dim has no bound"))
        .collect::<Result<_, _>>()?;
    let compiled: Vec<Vec<CompiledExpr>> = g
        .indexing_maps
        .iter()
        .map(|m| {
            m.results
                .iter()
                .map(|e| match linearize(e, n) {
                    Some((coeffs, constant)) => CompiledExpr::Linear { coeffs, constant },
                    None => CompiledExpr::Tree(e.clone()),
                })
                .collect()
        })
        .collect();
    let strides: Vec<Vec<usize>> = arrays
        .iter()
        .map(|a| {
            let mut s = vec![1usize; a.ndim()];
            for i in (0..a.ndim().saturating_sub(1)).rev() {
                s[i] = s[i + 1] * a.shape()[i + 1];
            }
            s
        })
        .collect();
    let inputs: Vec<&[f64]> = arrays[..g.num_inputs]
        .iter()
        .map(|a| a.as_slice().unwrap_or(&[]))
        .collect();
    let mut outputs: Vec<Vec<f64>> = arrays[g.num_inputs..]
        .iter()
        .map(|a| a.iter().copied().collect())
        .collect();
    let mut args = vec![0.0f64; operands.len()];
    let mut offsets = vec![0usize; operands.len()];
    let mut scratch = Vec::with_capacity(g.body.instructions.len());
    if bounds.contains(&0) {
        return Ok(outputs
            .into_iter()
            .zip(&arrays[g.num_inputs..])
            .map(|(o, a)| {
                RtValue::Tensor(ArrayD::from_shape_vec(a.raw_dim(), o).expect("same shape"))
            })
            .collect());
    }
    let finish = |outputs: Vec<Vec<f64>>| -> Vec<RtValue> {
        outputs
            .into_iter()
            .zip(&arrays[g.num_inputs..])
            .map(|(o, a)| {
                RtValue::Tensor(ArrayD::from_shape_vec(a.raw_dim(), o).expect("same shape"))
            })
            .collect()
    };
    let mut yields = Vec::with_capacity(g.body.yields.len());
    // Fast path: every map is linear, so each operand's flat offset is linear in the loop
    // indices; bounds are checked once from the extreme loop points, and the odometer updates
    // offsets incrementally.
    let all_linear = compiled
        .iter()
        .flatten()
        .all(|e| matches!(e, CompiledExpr::Linear { .. }));
    if all_linear {
        let mut step: Vec<Vec<i64>> = Vec::with_capacity(operands.len());
        let mut base: Vec<i64> = Vec::with_capacity(operands.len());
        for (k, exprs) in compiled.iter().enumerate() {
            let shape = arrays[k].shape();
            let mut st = vec![0i64; n];
            let mut b = 0i64;
            for (r, e) in exprs.iter().enumerate() {
                let CompiledExpr::Linear { coeffs, constant } = e else {
                    unreachable!("checked above")
                };
                let lo: i64 = constant
                    + coeffs
                        .iter()
                        .zip(&bounds)
                        .map(|(&c, &b)| (c * (b as i64 - 1)).min(0))
                        .sum::<i64>();
                let hi: i64 = constant
                    + coeffs
                        .iter()
                        .zip(&bounds)
                        .map(|(&c, &b)| (c * (b as i64 - 1)).max(0))
                        .sum::<i64>();
                if lo < 0 || hi as usize >= shape[r] {
                    let v = if lo < 0 { lo } else { hi };
                    return Err(format!(
                        "indexing map #{k} reads index {v} of dim {r} (size {}) within loop bounds {bounds:?}",
                        shape[r]
                    ));
                }
                let rs = strides[k][r] as i64;
                for d in 0..n {
                    st[d] += coeffs[d] * rs;
                }
                b += constant * rs;
            }
            step.push(st);
            base.push(b);
        }
        let mut off: Vec<i64> = base.clone();
        let mut idx = vec![0usize; n];
        let ni = g.num_inputs;
        loop {
            for k in 0..operands.len() {
                let o = off[k] as usize;
                args[k] = if k < ni {
                    inputs[k][o]
                } else {
                    outputs[k - ni][o]
                };
            }
            eval_body(&g.body, &args, &mut scratch, outer, &mut yields)?;
            for (j, &y) in yields.iter().enumerate() {
                outputs[j][off[ni + j] as usize] = y;
            }
            let mut d = n;
            loop {
                if d == 0 {
                    return Ok(finish(outputs));
                }
                d -= 1;
                idx[d] += 1;
                for k in 0..off.len() {
                    off[k] += step[k][d];
                }
                if idx[d] < bounds[d] {
                    break;
                }
                for k in 0..off.len() {
                    off[k] -= step[k][d] * bounds[d] as i64;
                }
                idx[d] = 0;
            }
        }
    }
    let mut idx = vec![0i64; n];
    loop {
        for (k, exprs) in compiled.iter().enumerate() {
            let shape = arrays[k].shape();
            let mut off = 0usize;
            for (r, e) in exprs.iter().enumerate() {
                let v = match e {
                    CompiledExpr::Linear { coeffs, constant } => {
                        coeffs.iter().zip(&idx).map(|(c, i)| c * i).sum::<i64>() + constant
                    }
                    CompiledExpr::Tree(t) => t.eval(&idx, &[]),
                };
                if v < 0 || v as usize >= shape[r] {
                    return Err(format!(
                        "indexing map #{k} reads index {v} of dim {r} (size {}) at loop point {idx:?}",
                        shape[r]
                    ));
                }
                off += v as usize * strides[k][r];
            }
            offsets[k] = off;
            args[k] = if k < g.num_inputs {
                inputs[k][off]
            } else {
                outputs[k - g.num_inputs][off]
            };
        }
        eval_body(&g.body, &args, &mut scratch, outer, &mut yields)?;
        for (j, &y) in yields.iter().enumerate() {
            outputs[j][offsets[g.num_inputs + j]] = y;
        }
        // Next loop point (row-major odometer).
        let mut d = n;
        loop {
            if d == 0 {
                return Ok(finish(outputs));
            }
            d -= 1;
            idx[d] += 1;
            if (idx[d] as usize) < bounds[d] {
                break;
            }
            idx[d] = 0;
        }
    }
}

/// Evaluates a scalar body. Floats compute in f64; integer results wrap to their width.
fn eval_body(
    body: &ScalarBody,
    args: &[f64],
    scratch: &mut Vec<f64>,
    outer: &[(ValueId, f64)],
    yields: &mut Vec<f64>,
) -> Result<(), String> {
    scratch.clear();
    let get = |r: &ScalarRef, scratch: &[f64]| -> Result<f64, String> {
        match *r {
            ScalarRef::Argument(i) => Ok(args[i as usize]),
            ScalarRef::Instruction(i) => Ok(scratch[i as usize]),
            ScalarRef::Outer(v) => outer
                .iter()
                .find(|(o, _)| *o == v)
                .map(|(_, x)| *x)
                .ok_or_else(|| "outer value not available".to_string()),
        }
    };
    for inst in &body.instructions {
        let mut x = [0.0f64; 3];
        for (i, r) in inst.operands.iter().enumerate() {
            x[i] = get(r, scratch)?;
        }
        let b = |v: bool| if v { 1.0 } else { 0.0 };
        let ty = inst.ty;
        let v = match inst.op {
            ScalarOp::Constant(c) => c.as_f64(),
            ScalarOp::AddF => x[0] + x[1],
            ScalarOp::SubF => x[0] - x[1],
            ScalarOp::MulF => x[0] * x[1],
            ScalarOp::DivF => x[0] / x[1],
            ScalarOp::RemF => x[0] % x[1],
            ScalarOp::MaximumF => {
                if x[0].is_nan() || x[1].is_nan() {
                    f64::NAN
                } else {
                    x[0].max(x[1])
                }
            }
            ScalarOp::MinimumF => {
                if x[0].is_nan() || x[1].is_nan() {
                    f64::NAN
                } else {
                    x[0].min(x[1])
                }
            }
            ScalarOp::NegF => -x[0],
            ScalarOp::AbsF => x[0].abs(),
            ScalarOp::AddI => ty.round(x[0] + x[1]),
            ScalarOp::SubI => ty.round(x[0] - x[1]),
            ScalarOp::MulI => ty.round(((x[0] as i64).wrapping_mul(x[1] as i64)) as f64),
            ScalarOp::DivSI => {
                if x[1] == 0.0 {
                    return Err("integer division by zero".into());
                }
                ty.round(((x[0] as i64).wrapping_div(x[1] as i64)) as f64)
            }
            ScalarOp::RemSI => {
                if x[1] == 0.0 {
                    return Err("integer remainder by zero".into());
                }
                ty.round(((x[0] as i64).wrapping_rem(x[1] as i64)) as f64)
            }
            ScalarOp::MaxSI => x[0].max(x[1]),
            ScalarOp::MinSI => x[0].min(x[1]),
            ScalarOp::AbsI => ty.round(x[0].abs()),
            ScalarOp::AndI => ty.round(((x[0] as i64) & (x[1] as i64)) as f64),
            ScalarOp::OrI => ty.round(((x[0] as i64) | (x[1] as i64)) as f64),
            ScalarOp::XOrI => ty.round(((x[0] as i64) ^ (x[1] as i64)) as f64),
            ScalarOp::CmpF(p) => {
                let (a, c) = (x[0], x[1]);
                let unordered = a.is_nan() || c.is_nan();
                use CmpFPredicate::*;
                b(match p {
                    False => false,
                    True => true,
                    Ord => !unordered,
                    Uno => unordered,
                    Oeq => !unordered && a == c,
                    Ogt => !unordered && a > c,
                    Oge => !unordered && a >= c,
                    Olt => !unordered && a < c,
                    Ole => !unordered && a <= c,
                    One => !unordered && a != c,
                    Ueq => unordered || a == c,
                    Ugt => unordered || a > c,
                    Uge => unordered || a >= c,
                    Ult => unordered || a < c,
                    Ule => unordered || a <= c,
                    Une => unordered || a != c,
                })
            }
            ScalarOp::CmpI(p) => {
                let (a, c) = (x[0] as i64, x[1] as i64);
                let w = body_operand_width(inst, body, scratch.len());
                let (ua, uc) = (to_unsigned(a, w), to_unsigned(c, w));
                use CmpIPredicate::*;
                b(match p {
                    Eq => a == c,
                    Ne => a != c,
                    Slt => a < c,
                    Sle => a <= c,
                    Sgt => a > c,
                    Sge => a >= c,
                    Ult => ua < uc,
                    Ule => ua <= uc,
                    Ugt => ua > uc,
                    Uge => ua >= uc,
                })
            }
            ScalarOp::Select => {
                if x[0] != 0.0 {
                    x[1]
                } else {
                    x[2]
                }
            }
            ScalarOp::ExtF | ScalarOp::TruncF | ScalarOp::SIToFP => ty.round(x[0]),
            ScalarOp::UIToFP => {
                let w = body_operand_width(inst, body, scratch.len());
                ty.round(to_unsigned(x[0] as i64, w) as f64)
            }
            ScalarOp::FPToSI | ScalarOp::FPToUI => {
                if !x[0].is_finite() {
                    return Err(format!("'{}' of a non-finite value", inst.op.name()));
                }
                ty.round(x[0].trunc())
            }
            ScalarOp::ExtSI | ScalarOp::TruncI => ty.round(x[0]),
            ScalarOp::Bitcast => bitcast_value(x[0], ty),
            ScalarOp::ExtUI => {
                let w = body_operand_width(inst, body, scratch.len());
                ty.round(to_unsigned(x[0] as i64, w) as f64)
            }
            ScalarOp::Exp => x[0].exp(),
            ScalarOp::Log => x[0].ln(),
            ScalarOp::Sqrt => x[0].sqrt(),
            ScalarOp::Rsqrt => 1.0 / x[0].sqrt(),
            ScalarOp::Tanh => x[0].tanh(),
            ScalarOp::Erf => erf(x[0]),
            ScalarOp::PowF => x[0].powf(x[1]),
            ScalarOp::Sin => x[0].sin(),
            ScalarOp::Cos => x[0].cos(),
            ScalarOp::Floor => x[0].floor(),
            ScalarOp::Ceil => x[0].ceil(),
        };
        scratch.push(v);
    }
    yields.clear();
    for r in &body.yields {
        yields.push(get(r, scratch)?);
    }
    Ok(())
}

/// The bit width of an instruction's first operand (for unsigned interpretations).
fn body_operand_width(inst: &ScalarInstruction, body: &ScalarBody, _defined: usize) -> u32 {
    match inst.operands.first() {
        Some(ScalarRef::Argument(i)) => body.arguments[*i as usize].bit_width(),
        Some(ScalarRef::Instruction(i)) => body.instructions[*i as usize].ty.bit_width(),
        _ => 64,
    }
}

fn to_unsigned(x: i64, width: u32) -> u64 {
    if width >= 64 {
        x as u64
    } else {
        (x as u64) & ((1u64 << width) - 1)
    }
}

/// The error function, to about 1e-16 (series for small |x|, continued fraction otherwise).
pub fn erf(x: f64) -> f64 {
    if x.is_nan() {
        return f64::NAN;
    }
    let ax = x.abs();
    if ax < 2.5 {
        // Maclaurin series: erf(x) = 2/sqrt(pi) * sum (-1)^n x^(2n+1) / (n! (2n+1)).
        let mut term = ax;
        let mut sum = ax;
        let x2 = ax * ax;
        // At most ~60 terms are needed below 2.5; the bound (and `<=`, which stops at once for
        // x = 0 where every term is 0) keeps the loop finite for any input.
        for n in 1..200 {
            let n = n as f64;
            term *= -x2 / n;
            let add = term / (2.0 * n + 1.0);
            sum += add;
            if add.abs() <= 1e-17 * sum.abs() {
                break;
            }
        }
        // copysign keeps erf(-0) = -0.
        return (sum * std::f64::consts::FRAC_2_SQRT_PI).copysign(x);
    }
    if ax >= 6.0 {
        // erfc(6) < 2.2e-17: erf rounds to +-1 (and the fraction below would give NaN at inf).
        return x.signum();
    }
    // erfc via a continued fraction (Lentz), accurate for |x| >= 2.5.
    let tiny = 1e-300;
    let mut f = ax;
    let mut c = ax;
    let mut d = 0.0;
    for k in 1..200 {
        let a = k as f64 / 2.0;
        d = ax + a * d;
        d = if d.abs() < tiny { tiny } else { d };
        c = ax + a / c;
        c = if c.abs() < tiny { tiny } else { c };
        d = 1.0 / d;
        let delta = c * d;
        f *= delta;
        if (delta - 1.0).abs() < 1e-16 {
            break;
        }
    }
    let erfc = (-ax * ax).exp() / (f * std::f64::consts::PI.sqrt());
    let r = 1.0 - erfc;
    if x < 0.0 {
        -r
    } else {
        r
    }
}

/// `arith.bitcast` of `x` to `to` (same width): float bits read as a signed integer, or a
/// signed integer's two's-complement bits read as a float.
fn bitcast_value(x: f64, to: DType) -> f64 {
    match to {
        DType::F32 => f64::from(f32::from_bits(x as i64 as u32)),
        DType::F64 => f64::from_bits(x as i64 as u64),
        DType::I32 => f64::from((x as f32).to_bits() as i32),
        DType::I64 => x.to_bits() as i64 as f64,
        // The verifier admits float <-> integer pairs of one width only (f32 / i32, f64 / i64).
        _ => x,
    }
}

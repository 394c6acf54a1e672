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

mod generic;
pub use generic::erf;
use generic::run_generic;

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

/// The most bytes one host tensor may take (its elements are held as f64): a model claiming more
/// is refused before anything is allocated (the ONNX importer reads tensor data under it, the
/// interpreter refuses results past it). 2^30 elements: as f32, 4 GiB, past what one Vulkan
/// storage buffer binding reaches on common devices.
pub const MAX_HOST_TENSOR_BYTES: usize = 8 << 30;

/// Refuses a result whose elements (held as f64) would pass [`MAX_HOST_TENSOR_BYTES`], before the op allocates it: a dim of 2^40 is an
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
    if count.saturating_mul(8) > MAX_HOST_TENSOR_BYTES as u64 {
        return Err(format!(
            "a result of type {t} ({count} elements) is larger than the interpreter holds ({} GiB)",
            MAX_HOST_TENSOR_BYTES >> 30
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

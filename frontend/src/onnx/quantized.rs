//! ONNX's dynamic-quantization operators: DynamicQuantizeLinear, ConvInteger, MatMulInteger.
//!
//! kiln has no uint8 element type: uint8 constants (weights, zero points) are read as i32 (every
//! value 0..=255 exact), and DynamicQuantizeLinear's uint8 outputs are i32 tensors holding the
//! same values. Graph inputs and outputs of uint8 are refused. ConvInteger and MatMulInteger
//! subtract the zero points, convert to f32, and run the float Conv / MatMul, then convert the
//! sums to i32: exact while a sum stays below 2^24 (K * 255^2 < 2^24, K < 258 terms), and within
//! f32 rounding (relative 6e-8) above. DynamicQuantizeLinear follows onnxruntime: the range
//! includes 0, a zero range gives scale 1, and values round half to even.

use super::ops::{conv_with, e, matmul_values, required, reshape_value, R};
use super::{Entry, Importer, NodeRef};
use crate::builder::BodyBuilder;
use crate::interp::Tensor;
use crate::syntax::*;

pub(super) fn import(im: &mut Importer, n: &NodeRef) -> R<Vec<Entry>> {
    match n.op_type {
        "DynamicQuantizeLinear" => dynamic_quantize_linear(im, n),
        "ConvInteger" => {
            let x = shifted(im, n, 0, 2)?;
            let w = shifted_const(im, n, 1, 3, true)?;
            let y = conv_with(im, n, x, w, None)?;
            Ok(vec![Entry::Value(e(im.b.cast(y, DType::I32))?)])
        }
        _ => {
            // MatMulInteger: a per-row zero point of A ([M]) applies along A's rows.
            let a = shifted(im, n, 0, 2)?;
            let b = match required(n, 1)? {
                Entry::Const(_) => {
                    let b = shifted_const(im, n, 1, 3, false)?;
                    im.value(&b)?
                }
                Entry::Value(_) => shifted(im, n, 1, 3)?,
            };
            let y = matmul_values(im, a, b)?;
            Ok(vec![Entry::Value(e(im.b.cast(y, DType::I32))?)])
        }
    }
}

fn integer_input(im: &Importer, n: &NodeRef, i: usize) -> R<()> {
    if let Some(x) = n.input(i) {
        let t = im.ty(x);
        if !matches!(t.dtype, DType::I32 | DType::I8) {
            return Err(format!(
                "input #{i} is {t}: expected a uint8 or int8 tensor"
            ));
        }
    }
    Ok(())
}

/// `f32(x - zero_point)` of input `i` with its zero point at input `zp` (scalar, or per row for
/// MatMulInteger's A).
fn shifted(im: &mut Importer, n: &NodeRef, i: usize, zp: usize) -> R<ValueId> {
    integer_input(im, n, i)?;
    integer_input(im, n, zp)?;
    let x = im.value(required(n, i)?)?;
    let tx = im.b.tensor_type(x);
    let mut inputs = vec![x];
    if let Some(z) = n.input(zp) {
        let tz = im.ty(z);
        let z = match tz.rank() {
            0 => im.value(z)?,
            1 if n.op_type == "MatMulInteger" && i == 0 && tx.rank() >= 2 => {
                let v = im.value(z)?;
                reshape_value(im, v, &[tz.shape[0].clone(), Dim::Static(1)])?
            }
            1 if n.op_type == "MatMulInteger" && i == 1 => im.value(z)?,
            _ => {
                return Err(format!(
                    "unsupported zero point (input #{zp}) of shape {tz} for input #{i}"
                ))
            }
        };
        inputs.push(z);
    }
    e(im.b.elementwise_with(&inputs, DType::F32, |b, a| {
        let d = if a.len() > 1 {
            let xi = b.cast(a[0], DType::I32);
            let zi = b.cast(a[1], DType::I32);
            b.push(ScalarOp::SubI, &[xi, zi], DType::I32)
        } else {
            b.cast(a[0], DType::I32)
        };
        b.cast(d, DType::F32)
    }))
}

/// `f32(w - zero_point)` of a constant input on the host; for ConvInteger (`per_filter`) the zero
/// point may hold one value per filter (dim 0), for MatMulInteger one per column (last dim).
fn shifted_const(
    im: &mut Importer,
    n: &NodeRef,
    i: usize,
    zp: usize,
    per_filter: bool,
) -> R<Entry> {
    integer_input(im, n, i)?;
    integer_input(im, n, zp)?;
    let w = match required(n, i)? {
        Entry::Const(w) => w.clone(),
        Entry::Value(_) => {
            n.needs_constant.set(Some(i));
            return Err(format!("the weights (input #{i}) must be a constant"));
        }
    };
    let mut data = w.data.clone();
    match n.input(zp) {
        None => {}
        Some(Entry::Const(z)) => {
            let zs: Vec<f64> = z.data.iter().copied().collect();
            if zs.len() == 1 {
                data.mapv_inplace(|v| v - zs[0]);
            } else if per_filter && zs.len() == data.shape()[0] {
                for (k, mut sub) in data.outer_iter_mut().enumerate() {
                    sub.mapv_inplace(|v| v - zs[k]);
                }
            } else if !per_filter && data.ndim() >= 1 && zs.len() == data.shape()[data.ndim() - 1] {
                let last = data.ndim() - 1;
                for mut lane in data.lanes_mut(ndarray::Axis(last)) {
                    for (v, z) in lane.iter_mut().zip(&zs) {
                        *v -= z;
                    }
                }
            } else {
                return Err(format!(
                    "unsupported zero point (input #{zp}) with {} values for weights {:?}",
                    zs.len(),
                    data.shape()
                ));
            }
        }
        Some(Entry::Value(_)) => {
            n.needs_constant.set(Some(zp));
            return Err(format!("the zero point (input #{zp}) must be a constant"));
        }
    }
    Ok(Entry::Const(std::rc::Rc::new(Tensor::new(
        DType::F32,
        data,
    ))))
}

/// `round(v)` with ties to even, in a body (`v` small enough that `v + 0.5` is exact).
pub(super) fn round_half_even(b: &mut BodyBuilder, v: ScalarRef, t: DType) -> ScalarRef {
    let half = b.constant(0.5, t);
    let up = b.push(ScalarOp::AddF, &[v, half], t);
    let r = b.push(ScalarOp::Floor, &[up], t);
    let diff = b.push(ScalarOp::SubF, &[r, v], t);
    let tie = b.push(ScalarOp::CmpF(CmpFPredicate::Oeq), &[diff, half], DType::I1);
    let hr = b.push(ScalarOp::MulF, &[r, half], t);
    let fh = b.push(ScalarOp::Floor, &[hr], t);
    let two = b.constant(2.0, t);
    let even = b.push(ScalarOp::MulF, &[fh, two], t);
    let odd = b.push(ScalarOp::CmpF(CmpFPredicate::One), &[even, r], DType::I1);
    let down = b.push(ScalarOp::AndI, &[tie, odd], DType::I1);
    let one = b.constant(1.0, t);
    let rm1 = b.push(ScalarOp::SubF, &[r, one], t);
    b.push(ScalarOp::Select, &[down, rm1, r], t)
}

/// onnxruntime's range of a dynamically quantized tensor: `(scale, zero_point)` as rank-0 f32
/// values from its min and max (rank-0 values too).
pub(super) fn quantization_parameters(
    im: &mut Importer,
    min: ValueId,
    max: ValueId,
) -> R<(ValueId, ValueId)> {
    let t = DType::F32;
    let scale = e(im.b.elementwise_with(&[min, max], t, |b, a| {
        let z = b.constant(0.0, t);
        let lo = b.push(ScalarOp::MinimumF, &[a[0], z], t);
        let hi = b.push(ScalarOp::MaximumF, &[a[1], z], t);
        let range = b.push(ScalarOp::SubF, &[hi, lo], t);
        let q = b.constant(255.0, t);
        let s = b.push(ScalarOp::DivF, &[range, q], t);
        let same = b.push(ScalarOp::CmpF(CmpFPredicate::Oeq), &[hi, lo], DType::I1);
        let one = b.constant(1.0, t);
        b.push(ScalarOp::Select, &[same, one, s], t)
    }))?;
    let zero_point = e(im.b.elementwise_with(&[min, scale], t, |b, a| {
        let z = b.constant(0.0, t);
        let lo = b.push(ScalarOp::MinimumF, &[a[0], z], t);
        let q = b.push(ScalarOp::DivF, &[lo, a[1]], t);
        let zp = b.push(ScalarOp::SubF, &[z, q], t);
        let top = b.constant(255.0, t);
        let zp = b.push(ScalarOp::MinimumF, &[zp, top], t);
        let zp = b.push(ScalarOp::MaximumF, &[zp, z], t);
        round_half_even(b, zp, t)
    }))?;
    Ok((scale, zero_point))
}

/// `clamp(round(x / scale) + zero_point, 0, 255)` as f32 (scale and zero point rank-0 f32).
pub(super) fn quantize(
    im: &mut Importer,
    x: ValueId,
    scale: ValueId,
    zero_point: ValueId,
) -> R<ValueId> {
    let t = DType::F32;
    e(im.b.elementwise_with(&[x, scale, zero_point], t, |b, a| {
        let q = b.push(ScalarOp::DivF, &[a[0], a[1]], t);
        let r = round_half_even(b, q, t);
        let y = b.push(ScalarOp::AddF, &[r, a[2]], t);
        let z = b.constant(0.0, t);
        let top = b.constant(255.0, t);
        let y = b.push(ScalarOp::MinimumF, &[y, top], t);
        b.push(ScalarOp::MaximumF, &[y, z], t)
    }))
}

/// The rank-0 min and max of a value.
pub(super) fn min_max(im: &mut Importer, x: ValueId) -> R<(ValueId, ValueId)> {
    let rank = im.b.tensor_type(x).rank();
    let all: Vec<usize> = (0..rank).collect();
    let min = super::ops::reduce_value(im, x, &all, "min", None)?;
    let max = super::ops::reduce_value(im, x, &all, "max", None)?;
    Ok((min, max))
}

fn dynamic_quantize_linear(im: &mut Importer, n: &NodeRef) -> R<Vec<Entry>> {
    let x = im.value(required(n, 0)?)?;
    let t = im.b.tensor_type(x);
    if t.dtype != DType::F32 {
        return Err(format!("the input is {t}: DynamicQuantizeLinear takes f32"));
    }
    let (min, max) = min_max(im, x)?;
    let (scale, zero_point) = quantization_parameters(im, min, max)?;
    let y = quantize(im, x, scale, zero_point)?;
    let y = e(im.b.cast(y, DType::I32))?;
    let zero_point = e(im.b.cast(zero_point, DType::I32))?;
    Ok(vec![
        Entry::Value(y),
        Entry::Value(scale),
        Entry::Value(zero_point),
    ])
}

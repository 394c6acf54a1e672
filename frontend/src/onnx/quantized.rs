//! ONNX's quantization operators: DynamicQuantizeLinear, ConvInteger, MatMulInteger (dynamic
//! int8), QuantizeLinear / DequantizeLinear (the QDQ form: per tensor or per axis, to and from
//! the 8-, 16-, 4- and 2-bit integers and float8 / float4; blocked quantization spreads each
//! block's scale and zero point over the block through a floordiv indexing map).
//!
//! kiln holds uint8, int16, uint16, int4, ... in i32 and float8 / float4 in f32
//! (`elem_types.rs`): QuantizeLinear computes in the scale's type and converts to the held type,
//! DequantizeLinear reads the held values. ConvInteger and MatMulInteger
//! subtract the zero points in i32 and run an i32 Conv / MatMul: exact at any length, as
//! onnxruntime's int32 accumulation (f32 sums, as QLinearConv / QLinearMatMul still use, lose
//! integers past 2^24). DynamicQuantizeLinear follows onnxruntime: the range
//! includes 0, a zero range gives scale 1, and values round half to even.

use super::context::{e, required, Entry, Importer, NodeRef, R};
use super::elem_types;
use super::proto::tensor_proto::DataType;
use crate::builder::BodyBuilder;
use crate::interp::Tensor;
use crate::onnx::shared::contraction::matmul_values;
use crate::onnx::shared::conv::conv_with;
use crate::onnx::shared::quantize::min_max;
use crate::onnx::shared::quantize::quantization_parameters;
use crate::onnx::shared::quantize::quantize;
use crate::onnx::shared::quantize::round_half_even;
use crate::onnx::shared::reshape::reshape_value;
use crate::syntax::*;

pub(super) fn import(im: &mut Importer, n: &NodeRef) -> R<Vec<Entry>> {
    match n.op_type {
        "DynamicQuantizeLinear" => dynamic_quantize_linear(im, n),
        "QuantizeLinear" => Ok(vec![Entry::Value(quantize_linear(im, n)?)]),
        "DequantizeLinear" => Ok(vec![Entry::Value(dequantize_linear(im, n)?)]),
        "QLinearMatMul" | "QLinearConv" => Ok(vec![Entry::Value(qlinear(im, n)?)]),
        // The integer ops sum the shifted operands in i32, as onnxruntime does: exact.
        "ConvInteger" => {
            let x = shifted(im, n, 0, 2, DType::I32)?;
            let w = shifted_const(im, n, 1, 3, true, DType::I32)?;
            Ok(vec![Entry::Value(conv_with(im, n, x, w, None)?)])
        }
        _ => {
            // MatMulInteger: a per-row zero point of A ([M]) applies along A's rows.
            let a = shifted(im, n, 0, 2, DType::I32)?;
            let b = match required(n, 1)? {
                Entry::Const(_) => {
                    let b = shifted_const(im, n, 1, 3, false, DType::I32)?;
                    im.value(&b)?
                }
                Entry::Value(_) => shifted(im, n, 1, 3, DType::I32)?,
            };
            Ok(vec![Entry::Value(matmul_values(im, a, b)?)])
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

/// `x - zero_point` as `dtype` of input `i` with its zero point at input `zp` (scalar, or per
/// row for MatMulInteger's A).
fn shifted(im: &mut Importer, n: &NodeRef, i: usize, zp: usize, dtype: DType) -> R<ValueId> {
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
    e(im.b.elementwise_with(&inputs, dtype, |b, a| {
        let d = if a.len() > 1 {
            let xi = b.cast(a[0], DType::I32);
            let zi = b.cast(a[1], DType::I32);
            b.push(ScalarOp::SubI, &[xi, zi], DType::I32)
        } else {
            b.cast(a[0], DType::I32)
        };
        b.cast(d, dtype)
    }))
}

/// `w - zero_point` as `dtype` of a constant input on the host; for ConvInteger (`per_filter`)
/// the zero point may hold one value per filter (dim 0), for MatMulInteger one per column (last
/// dim).
fn shifted_const(
    im: &mut Importer,
    n: &NodeRef,
    i: usize,
    zp: usize,
    per_filter: bool,
    dtype: DType,
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
    Ok(Entry::Const(std::rc::Rc::new(Tensor::new(dtype, data))))
}

/// `f32(x - zero_point)` of input `i` and its per-tensor zero point at input `zp` (rank 0 or one
/// element; absent is 0): QLinearMatMul's operands and QLinearConv's input.
fn shifted_per_tensor(im: &mut Importer, n: &NodeRef, i: usize, zp: usize) -> R<ValueId> {
    integer_input(im, n, i)?;
    integer_input(im, n, zp)?;
    let mut inputs = vec![im.value(required(n, i)?)?];
    if let Some(z) = n.input(zp) {
        let tz = im.ty(z);
        if tz.num_elements() != Some(1) || tz.rank() > 1 {
            return Err(format!(
                "unsupported zero point (input #{zp}) of shape {tz}: kiln takes a per-tensor one"
            ));
        }
        inputs.push(im.value(z)?);
    }
    e(im.b.elementwise_with(&inputs, DType::F32, |b, a| {
        let x = b.cast(a[0], DType::I32);
        let d = match a.get(1) {
            Some(&z) => {
                let z = b.cast(z, DType::I32);
                b.push(ScalarOp::SubI, &[x, z], DType::I32)
            }
            None => x,
        };
        b.cast(d, DType::F32)
    }))
}

/// QLinearMatMul and QLinearConv: the integer product (or convolution, plus QLinearConv's int32
/// bias) of the zero-point-shifted operands, as MatMulInteger / ConvInteger compute it (f32 sums,
/// exact below 2^24), times `a_scale * b_scale / y_scale` (computed in the scales' type, as
/// onnx's reference does; QLinearConv's weight scale may be per output channel), plus the
/// output zero point, in f64 (the device needs Float64), rounded half to even and clamped to the
/// output type: y_zero_point's, uint8 (held as i32) or int8.
fn qlinear(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    let conv = n.op_type == "QLinearConv";
    let sum = if conv {
        let x = shifted_per_tensor(im, n, 0, 2)?;
        let w = shifted_const(im, n, 3, 5, true, DType::F32)?;
        let bias = match n.input(8) {
            None => None,
            Some(Entry::Const(b)) => Some(Entry::Const(std::rc::Rc::new(Tensor::new(
                DType::F32,
                b.data.clone(),
            )))),
            Some(b) => {
                let b = im.value(b)?;
                Some(Entry::Value(e(im.b.cast(b, DType::F32))?))
            }
        };
        conv_with(im, n, x, w, bias)?
    } else {
        let a = shifted_per_tensor(im, n, 0, 2)?;
        let b = shifted_per_tensor(im, n, 3, 5)?;
        matmul_values(im, a, b)?
    };
    let rank = im.b.tensor_type(sum).rank();
    // The output type: y_zero_point's (uint8 is held as i32), else the first input's.
    let (out, lo, hi) = match n.input(7).or(n.input(0)).map(|z| im.ty(z).dtype) {
        Some(DType::I8) => (DType::I8, -128.0, 127.0),
        Some(DType::I32) => (DType::I32, 0.0, 255.0),
        t => {
            return Err(format!(
                "unsupported output type {t:?}: expected uint8 or int8"
            ))
        }
    };
    let mut scales = Vec::new();
    for i in [1, 4, 6] {
        let v = im.value(required(n, i)?)?;
        let t = im.b.tensor_type(v);
        if !t.dtype.is_float() {
            return Err(format!(
                "scale (input #{i}) is {t}: expected a float tensor"
            ));
        }
        let per_channel = conv && i == 4 && t.rank() == 1 && t.num_elements() != Some(1);
        let v = if per_channel && rank == 4 {
            // One scale per output channel: broadcast along dim 1 of [N, C, H, W].
            reshape_value(im, v, &[t.shape[0].clone(), Dim::Static(1), Dim::Static(1)])?
        } else if t.num_elements() == Some(1) {
            reshape_value(im, v, &[])?
        } else {
            return Err(format!(
                "unsupported scale (input #{i}) of shape {t}: kiln takes a per-tensor one{}",
                if conv {
                    " (or one per output channel for the weights)"
                } else {
                    ""
                }
            ));
        };
        scales.push(v);
    }
    let scale_ty = im.b.tensor_type(scales[0]).dtype;
    let mut inputs = vec![sum];
    inputs.extend(&scales);
    if let Some(z) = n.input(7) {
        let z = im.value(z)?;
        inputs.push(reshape_value(im, z, &[])?);
    }
    e(im.b.elementwise_with(&inputs, out, |b, a| {
        let (sa, sb) = (b.cast(a[1], scale_ty), b.cast(a[2], scale_ty));
        let prod = b.push(ScalarOp::MulF, &[sa, sb], scale_ty);
        let sy = b.cast(a[3], scale_ty);
        let multiplier = b.push(ScalarOp::DivF, &[prod, sy], scale_ty);
        // In f64, as onnx's reference computes `C * multiplier + zero_point` (numpy promotes
        // the int32 sums): the product of an f32 integer sum and an f32 multiplier and the
        // added integer are exact there, so the one rounding is the final one, whatever the
        // device contracts (an f32 FMA moved a tie by one step on lavapipe).
        let t = DType::F64;
        let multiplier = b.cast(multiplier, t);
        let sum = b.cast(a[0], t);
        let mut v = b.push(ScalarOp::MulF, &[sum, multiplier], t);
        if let Some(&z) = a.get(4) {
            let z = b.cast(z, DType::I32);
            let z = b.cast(z, t);
            v = b.push(ScalarOp::AddF, &[v, z], t);
        }
        let r = round_half_even(b, v, t);
        let (lo, hi) = (b.constant(lo, t), b.constant(hi, t));
        let r = b.push(ScalarOp::MaximumF, &[r, lo], t);
        let r = b.push(ScalarOp::MinimumF, &[r, hi], t);
        b.cast(r, out)
    }))
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

/// A scale or zero point of QuantizeLinear / DequantizeLinear as a value that broadcasts to
/// `x`'s shape: a scalar (rank 0 or one element), or per axis (`[C]` along `axis`).
fn per_axis(im: &mut Importer, n: &NodeRef, i: usize, x: &TensorType) -> R<ValueId> {
    let v = required(n, i)?.clone();
    let t = im.ty(&v);
    let count = t.static_shape().map(|s| s.iter().product::<u64>());
    if t.rank() == 0 || (t.rank() == 1 && count == Some(1)) {
        let v = im.value(&v)?;
        return if t.rank() == 0 {
            Ok(v)
        } else {
            reshape_value(im, v, &[])
        };
    }
    let axis = super::context::norm_axis(n.int("axis", 1), x.rank())?;
    let block = n.int("block_size", 0);
    if block > 0 {
        return blocked(im, v, x, axis, block as u64, i);
    }
    if t.rank() != 1 {
        return Err(format!(
            "input #{i} is {t}: a per-axis scale or zero point is 1-D (or give block_size)"
        ));
    }
    if t.shape[0] != x.shape[axis] {
        return Err(format!(
            "input #{i} is {t}, but axis {axis} of the input has {} entries",
            x.shape[axis]
        ));
    }
    let mut shape = vec![Dim::Static(1); x.rank()];
    shape[axis] = t.shape[0].clone();
    let v = im.value(&v)?;
    reshape_value(im, v, &shape)
}

/// Blocked quantization's scale or zero point (input #i, of x's rank with `ceil(D / block)`
/// entries along `axis`) spread to x's shape: element `d` along the axis reads entry
/// `d floordiv block` (a copy `linalg.generic` whose input map holds the floordiv).
fn blocked(
    im: &mut Importer,
    v: Entry,
    x: &TensorType,
    axis: usize,
    block: u64,
    i: usize,
) -> R<ValueId> {
    let t = im.ty(&v);
    let d = x.shape[axis].as_static();
    let fits = t.rank() == x.rank()
        && d.is_some_and(|d| t.shape[axis] == Dim::Static(d.div_ceil(block)))
        && (0..x.rank()).all(|j| j == axis || t.shape[j] == x.shape[j]);
    if !fits {
        return Err(format!(
            "input #{i} is {t}: with block_size {block} along axis {axis} of {x} it must have \
             ceil(dim / block_size) entries there and the input's dims elsewhere (static along \
             the axis)"
        ));
    }
    let v = im.value(&v)?;
    let init = e(im.b.empty(TensorType::new(x.shape.clone(), t.dtype)))?;
    let results = (0..x.rank())
        .map(|j| {
            let dim = AffineExpr::Dim(j);
            if j == axis {
                AffineExpr::FloorDiv(Box::new(dim), Box::new(AffineExpr::Constant(block as i64)))
            } else {
                dim
            }
        })
        .collect();
    let read = AffineMap {
        num_dims: x.rank(),
        num_symbols: 0,
        results,
    };
    let body = BodyBuilder::new(vec![t.dtype, t.dtype]);
    let a = body.argument(0);
    let r = e(im.b.generic(
        &[v],
        &[init],
        vec![read, AffineMap::identity(x.rank())],
        vec![IteratorType::Parallel; x.rank()],
        body.yield_values(&[a]),
    ))?;
    Ok(r[0])
}

fn no_blocks(n: &NodeRef) -> R<()> {
    if n.int("block_size", 0) < 0 {
        return Err("unsupported attribute: block_size < 0".into());
    }
    Ok(())
}

/// QuantizeLinear to an integer type: `clamp(round(x / scale) + zero_point)`, ties to even, per
/// tensor or per axis; to float8 / float4: `x / scale + zero_point` rounded onto the format's
/// grid (`saturate`).
pub(super) fn quantize_linear(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    no_blocks(n)?;
    let x = im.value(required(n, 0)?)?;
    let tx = im.b.tensor_type(x);
    if !tx.dtype.is_float() {
        return Err(format!("the input is {tx}: QuantizeLinear takes floats"));
    }
    let scale = per_axis(im, n, 1, &tx)?;
    let st = im.b.value_type(scale).dtype();
    // The output type: `output_dtype`, else the zero point's, else uint8; held as
    // `elem_types.rs` says (uint8 / int16 / int4 ... in i32, float8 in f32).
    let zp_type = n.input_types.get(2).copied().flatten();
    let target = match n.int("output_dtype", 0) {
        0 => zp_type.unwrap_or(DataType::Uint8),
        t => elem_types::elem_type(t as i32)?,
    };
    if zp_type.is_some_and(|z| z != target) {
        return Err(format!(
            "the zero point is {}, the output_dtype {}",
            elem_types::type_name(zp_type.unwrap_or(target)),
            elem_types::type_name(target)
        ));
    }
    let out = elem_types::held_dtype(target)
        .filter(|_| !matches!(target, DataType::Int32 | DataType::Int64 | DataType::Bool))
        .filter(|d| {
            !d.is_float() || matches!(elem_types::domain(target), elem_types::Domain::Float(_))
        })
        .ok_or_else(|| {
            format!(
                "unsupported attribute: output type {} (kiln quantizes to 8-, 16-, 4- and 2-bit \
                 integers and float8 / float4)",
                elem_types::type_name(target)
            )
        })?;
    let precision = n.int("precision", 0);
    if precision != 0 && super::tensor_data::dtype_from_onnx(precision as i32) != Some(st) {
        return Err(format!(
            "unsupported attribute: precision = {}",
            super::tensor_data::onnx_type_name(precision as i32)
        ));
    }
    let saturate = n.int("saturate", 1) != 0;
    // The quotient is an op of its own (see `quantization_parameters`).
    let q = e(im.b.elementwise_with(&[x, scale], st, |b, a| {
        let xv = b.cast(a[0], st);
        b.push(ScalarOp::DivF, &[xv, a[1]], st)
    }))?;
    let mut inputs = vec![q];
    if n.input(2).is_some() {
        inputs.push(per_axis(im, n, 2, &tx)?);
    }
    let has_zp = inputs.len() == 2;
    if let elem_types::Domain::Float(_) = elem_types::domain(target) {
        // float8 / float4: x / scale + zero_point rounded onto the format's grid (`saturate`).
        return e(im.b.elementwise_with(&inputs, out, |b, a| {
            let mut y = b.cast(a[0], DType::F32);
            if has_zp {
                let z = b.cast(a[1], DType::F32);
                y = b.push(ScalarOp::AddF, &[y, z], DType::F32);
            }
            elem_types::cast_body(b, y, target, saturate)
        }));
    }
    let (lo, hi) = match elem_types::domain(target) {
        elem_types::Domain::Int { .. } => elem_types::domain(target).int_range(),
        _ => Some((-128.0, 127.0)), // int8
    }
    .unwrap_or((0.0, 255.0));
    e(im.b.elementwise_with(&inputs, out, |b, a| {
        let q = a[0];
        let zp = if has_zp {
            let z = b.cast(a[1], DType::I32);
            b.cast(z, st)
        } else {
            b.constant(0.0, st)
        };
        // Clamp first (as onnxruntime's MLAS does), so that the rounding sees small values.
        let lo_c = b.constant(lo, st);
        let hi_c = b.constant(hi, st);
        let lo_q = b.push(ScalarOp::SubF, &[lo_c, zp], st);
        let hi_q = b.push(ScalarOp::SubF, &[hi_c, zp], st);
        let q = b.push(ScalarOp::MaximumF, &[q, lo_q], st);
        let q = b.push(ScalarOp::MinimumF, &[q, hi_q], st);
        let r = round_half_even(b, q, st);
        let y = b.push(ScalarOp::AddF, &[r, zp], st);
        b.cast(y, out)
    }))
}

/// DequantizeLinear: `(x - zero_point) * scale`, per tensor or per axis, in the scale's type.
pub(super) fn dequantize_linear(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    no_blocks(n)?;
    let x = im.value(required(n, 0)?)?;
    let tx = im.b.tensor_type(x);
    let x_type = n
        .input_types
        .first()
        .copied()
        .flatten()
        .unwrap_or_else(|| elem_types::native_type(tx.dtype));
    let float_input = matches!(elem_types::domain(x_type), elem_types::Domain::Float(_));
    if !(matches!(tx.dtype, DType::I8 | DType::I32) || float_input) {
        return Err(format!(
            "the input is {}: kiln dequantizes 8-, 16-, 32-, 4- and 2-bit integers and float8 / \
             float4",
            elem_types::type_name(x_type)
        ));
    }
    let scale = per_axis(im, n, 1, &tx)?;
    let st = im.b.value_type(scale).dtype();
    let output_dtype = n.int("output_dtype", 0);
    if output_dtype != 0 && super::tensor_data::dtype_from_onnx(output_dtype as i32) != Some(st) {
        return Err(format!(
            "unsupported attribute: output_dtype = {} differs from the scale's type",
            super::tensor_data::onnx_type_name(output_dtype as i32)
        ));
    }
    let mut inputs = vec![x, scale];
    if n.input(2).is_some() {
        inputs.push(per_axis(im, n, 2, &tx)?);
    }
    let has_zp = inputs.len() == 3;
    if float_input {
        // float8 / float4 (held as f32): (x - zero_point) * scale in the scale's type.
        return e(im.b.elementwise_with(&inputs, st, |b, a| {
            let mut d = b.cast(a[0], DType::F32);
            if has_zp {
                let z = b.cast(a[2], DType::F32);
                d = b.push(ScalarOp::SubF, &[d, z], DType::F32);
            }
            let f = b.cast(d, st);
            b.push(ScalarOp::MulF, &[f, a[1]], st)
        }));
    }
    e(im.b.elementwise_with(&inputs, st, |b, a| {
        // int32 differences of uint8 / int8 / int32 values (int32 ones have no zero point).
        let xi = b.cast(a[0], DType::I32);
        let d = if has_zp {
            let z = b.cast(a[2], DType::I32);
            b.push(ScalarOp::SubI, &[xi, z], DType::I32)
        } else {
            xi
        };
        let f = b.cast(d, st);
        b.push(ScalarOp::MulF, &[f, a[1]], st)
    }))
}

//! CausalConvWithState (opset 27): a depthwise 1-D convolution over the input left-padded with
//! the previous call's state (or zeros), an optional fused SiLU, and the new state.
//!
//! `padded = concat(past_state or zeros, input)` along time (`[B, C, L + k - 1]`); the output is
//! one `linalg.generic` reducing over the kernel taps, `out[b, c, t] = sum_i padded[b, c, t + i]
//! w[c, i]`, plus the bias and the activation in an elementwise generic; `present_state` is the
//! last `k - 1` time steps of `padded` (a slice). f16 / bf16 sum in f32 and round once, as the
//! SiLU of ONNX's reference runs in f32.

use super::context::{e, konst, required, Entry, Importer, NodeRef, R};
use crate::interp::Tensor;
use crate::onnx::shared::contraction::wide_accumulator;
use crate::onnx::shared::generics::sum_of_products;
use crate::syntax::*;

pub(super) fn causal_conv_with_state(im: &mut Importer, n: &NodeRef) -> R<Vec<Entry>> {
    let x = im.value(required(n, 0)?)?;
    let t = im.b.tensor_type(x);
    let dtype = t.dtype;
    if !dtype.is_float() {
        return Err(format!("CausalConvWithState of {dtype} is not supported"));
    }
    let activation = n.string("activation").unwrap_or_else(|| "none".into());
    if !["none", "silu", "swish"].contains(&activation.as_str()) {
        return Err(format!(
            "unsupported attribute: activation = '{activation}' (ONNX defines 'none', 'silu' \
             and 'swish')"
        ));
    }
    if t.rank() != 3 {
        return Err(format!("the input {t} must be [batch, channels, length]"));
    }
    let w = im.value(required(n, 1)?)?;
    let wt = im.b.tensor_type(w);
    let wd = wt
        .static_shape()
        .ok_or_else(|| format!("the weight {wt} needs static dims"))?;
    if wd.len() != 3 || wd[1] != 1 || Dim::Static(wd[0]) != t.shape[1] || wd[2] == 0 {
        return Err(format!(
            "the weight {wt} must be [channels, 1, k] with the input's {} channels",
            t.shape[1]
        ));
    }
    let (channels, k) = (wd[0], wd[2]);
    let length = t.shape[2]
        .as_static()
        .ok_or_else(|| format!("the input {t} needs a static length"))?;
    let padded = match n.input(3) {
        Some(p) => {
            let p = im.value(p)?;
            let pt = im.b.tensor_type(p);
            let want = vec![t.shape[0].clone(), t.shape[1].clone(), Dim::Static(k - 1)];
            if pt.shape != want || pt.dtype != dtype {
                return Err(format!(
                    "past_state {pt} must be [batch, channels, k - 1 = {}] of {dtype}",
                    k - 1
                ));
            }
            if k == 1 {
                x
            } else {
                e(im.b.concat(&[p, x], 2))?
            }
        }
        None if k == 1 => x,
        None => e(im.b.pad(x, &[0, 0, k - 1], &[0, 0, 0], 0.0))?,
    };
    let acc = wide_accumulator(dtype).unwrap_or(dtype);
    let xa = e(im.b.cast(padded, acc))?;
    let wa = e(im.b.cast(w, acc))?;
    let wa = e(im.b.reshape(wa, &[channels, k]))?;
    // Loop dims: b, c, t (parallel), i (the tap, reduced).
    let map = |results| AffineMap {
        num_dims: 4,
        num_symbols: 0,
        results,
    };
    let d = AffineExpr::Dim;
    let shifted = AffineExpr::Add(Box::new(d(2)), Box::new(d(3)));
    let conv = sum_of_products(
        im,
        &[xa, wa],
        vec![map(vec![d(0), d(1), shifted]), map(vec![d(1), d(3)])],
        TensorType::new(t.shape.clone(), acc),
        1,
    )?;
    let bias = match n.input(2) {
        Some(b) => {
            let b = im.value(b)?;
            let bt = im.b.tensor_type(b);
            if bt.shape != [Dim::Static(channels)] {
                return Err(format!("the bias {bt} must be [{channels}]"));
            }
            let b = e(im.b.cast(b, acc))?;
            Some(e(im.b.reshape(b, &[channels, 1]))?)
        }
        None => None,
    };
    let silu = activation != "none";
    let mut inputs = vec![conv];
    inputs.extend(bias);
    let y = e(im.b.elementwise_with(&inputs, dtype, |b, a| {
        let mut v = a[0];
        if a.len() > 1 {
            v = b.push(ScalarOp::AddF, &[v, a[1]], acc);
        }
        // The conv output is rounded to the element type before the activation, as ONNX's
        // reference does.
        v = b.cast(v, dtype);
        if silu {
            let ty = if dtype == DType::F64 {
                dtype
            } else {
                DType::F32
            };
            let f = b.cast(v, ty);
            let ng = b.push(ScalarOp::NegF, &[f], ty);
            let ex = b.push(ScalarOp::Exp, &[ng], ty);
            let one = b.constant(1.0, ty);
            let den = b.push(ScalarOp::AddF, &[one, ex], ty);
            let s = b.push(ScalarOp::DivF, &[f, den], ty);
            v = b.cast(s, dtype);
        }
        v
    }))?;
    let state = if k == 1 {
        let shape: Vec<usize> = t
            .static_shape()
            .ok_or("an empty state of a symbolic batch is not supported")?
            .iter()
            .take(2)
            .map(|&d| d as usize)
            .chain([0])
            .collect();
        konst(Tensor::from_vec(dtype, &shape, vec![]).map_err(|e| e.to_string())?)
    } else {
        let pt = im.b.tensor_type(padded);
        let pd = pt
            .static_shape()
            .ok_or_else(|| format!("present_state of {pt} needs static dims"))?;
        Entry::Value(e(im.b.extract_slice(
            padded,
            &[0, 0, length],
            &[pd[0], pd[1], k - 1],
            &[1, 1, 1],
        ))?)
    };
    Ok(vec![Entry::Value(y), state])
}

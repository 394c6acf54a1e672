//! DeformConv (opsets 19, 22), 2-D: a convolution whose every tap reads the input at its
//! position plus a learned (data) offset, bilinearly (zero outside the input, as ONNX's
//! reference samples with GridSample), scaled by the optional mask.
//!
//! The taps' coordinates per offset group (`[N, G, K, Q]`, K kernel taps, Q output positions)
//! come from elementwise generics (the tap's base position plus its offset), then the 4 bilinear
//! corners' flat indices and weights (GridSample's linear / zeros taps); one
//! `kiln.gather_elements` reads every corner of every tap for every channel from the input viewed
//! as `[N, C, H W]`, and one `linalg.generic` sums `w[oc, c, k] * value * weight` over the
//! group's channels, the taps and the corners; the bias is added after.

use super::context::{e, konst, required, Importer, NodeRef, R};
use crate::builder::BodyBuilder;
use crate::interp::Tensor;
use crate::onnx::shared::generics::sum_of_products;
use crate::onnx::shared::sampling::{tap_index_and_weight, Mode, Padding};
use crate::syntax::*;

/// The most corner reads (N C K 4 Q) DeformConv gathers.
const MAX_GATHERED: u64 = 1 << 26;

pub(super) fn deform_conv(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    let x = im.value(required(n, 0)?)?;
    let w = im.value(required(n, 1)?)?;
    let offset = im.value(required(n, 2)?)?;
    let (tx, tw, to) = (
        im.b.tensor_type(x),
        im.b.tensor_type(w),
        im.b.tensor_type(offset),
    );
    let dtype = tx.dtype;
    if !dtype.is_float() || tw.dtype != dtype || to.dtype != dtype {
        return Err(format!(
            "DeformConv of {tx} with weights {tw} and offsets {to} is not supported"
        ));
    }
    let static_of = |t: &TensorType| {
        t.static_shape()
            .ok_or_else(|| format!("DeformConv with {t} (symbolic dims) is not supported"))
    };
    let (xd, wd, od) = (static_of(&tx)?, static_of(&tw)?, static_of(&to)?);
    if xd.len() != 4 || wd.len() != 4 || od.len() != 4 {
        return Err(format!(
            "DeformConv is supported for 2-D inputs; got X {tx}, W {tw}, offset {to}"
        ));
    }
    let (batch, channels, height, width) = (xd[0], xd[1], xd[2], xd[3]);
    let (out_channels, group_channels, kh, kw) = (wd[0], wd[1], wd[2], wd[3]);
    let group = n.int("group", 1).max(1) as u64;
    let offset_group = n.int("offset_group", 1).max(1) as u64;
    if group_channels * group != channels
        || out_channels % group != 0
        || channels % offset_group != 0
    {
        return Err(format!(
            "unsupported attribute: group = {group}, offset_group = {offset_group} do not fit X \
             {tx} and W {tw}"
        ));
    }
    if let Some(k) = n.ints("kernel_shape") {
        if k != [kh as i64, kw as i64] {
            return Err(format!(
                "unsupported attribute: kernel_shape = {k:?} differs from W's {kh} x {kw}"
            ));
        }
    }
    let ints = |name: &str, default: i64, len: usize| -> R<Vec<i64>> {
        let v = n.ints(name).unwrap_or_else(|| vec![default; len]);
        if v.len() != len || v.iter().any(|&x| x < 0 || (default == 1 && x < 1)) {
            return Err(format!("unsupported attribute: {name} = {v:?}"));
        }
        Ok(v)
    };
    let strides = ints("strides", 1, 2)?;
    let dilations = ints("dilations", 1, 2)?;
    let pads = ints("pads", 0, 4)?;
    let k = kh * kw;
    let out_h =
        (height as i64 + pads[0] + pads[2] - ((kh as i64 - 1) * dilations[0] + 1)) / strides[0] + 1;
    let out_w =
        (width as i64 + pads[1] + pads[3] - ((kw as i64 - 1) * dilations[1] + 1)) / strides[1] + 1;
    if out_h < 1 || out_w < 1 || od != [batch, offset_group * k * 2, out_h as u64, out_w as u64] {
        return Err(format!(
            "the offset {to} must be [{batch}, {}, {out_h}, {out_w}]",
            offset_group * k * 2
        ));
    }
    let (out_h, out_w) = (out_h as u64, out_w as u64);
    let q = out_h * out_w;
    if batch * channels * k * 4 * q > MAX_GATHERED {
        return Err(format!("DeformConv of {tx} is larger than kiln gathers"));
    }
    let g = offset_group;
    // Offsets as [N, G, K, 2, Q].
    let offsets = e(im.b.reshape(offset, &[batch, g, k, 2, q]))?;
    let ct = if dtype == DType::F64 {
        DType::F64
    } else {
        DType::F32
    };
    // Per axis: the taps' coordinates [N, G, K, Q], then 2 (index, weight) taps.
    let mut axes = Vec::new();
    for (a, size) in [(0usize, height), (1, width)] {
        let (stride, pad, dilation) = (strides[a], pads[a], dilations[a]);
        let base: Vec<f64> = (0..k)
            .flat_map(|t| {
                let (ki, kj) = (t / kw, t % kw);
                (0..q).map(move |p| {
                    let (o, kk) = if a == 0 {
                        (p / out_w, ki)
                    } else {
                        (p % out_w, kj)
                    };
                    (o as i64 * stride - pad + kk as i64 * dilation) as f64
                })
            })
            .collect();
        let base =
            Tensor::from_vec(ct, &[k as usize, q as usize], base).map_err(|e| e.to_string())?;
        let base = im.value(&konst(base))?;
        let delta = e(im.b.extract_slice(
            offsets,
            &[0, 0, 0, a as u64, 0],
            &[batch, g, k, 1, q],
            &[1; 5],
        ))?;
        let delta = e(im.b.reshape(delta, &[batch, g, k, q]))?;
        let init = e(im.b.empty(TensorType::of(&[batch, g, k, q], ct)))?;
        let mut body = BodyBuilder::new(vec![dtype, ct, ct]);
        let dv = body.cast(body.argument(0), ct);
        let sum = body.push(ScalarOp::AddF, &[dv, body.argument(1)], ct);
        let map4 = |results| AffineMap {
            num_dims: 4,
            num_symbols: 0,
            results,
        };
        let d = AffineExpr::Dim;
        let coordinate = e(im.b.generic(
            &[delta, base],
            &[init],
            vec![
                map4(vec![d(0), d(1), d(2), d(3)]),
                map4(vec![d(2), d(3)]),
                AffineMap::identity(4),
            ],
            vec![IteratorType::Parallel; 4],
            body.yield_values(&[sum]),
        ))?[0];
        let mut taps = Vec::new();
        for tap in 0..2 {
            let index = e(im.b.elementwise_with(&[coordinate], DType::I32, |b, v| {
                tap_index_and_weight(b, v[0], tap, size, true, Mode::Linear, Padding::Zeros, ct).0
            }))?;
            let weight = e(im.b.elementwise_with(&[coordinate], ct, |b, v| {
                tap_index_and_weight(b, v[0], tap, size, true, Mode::Linear, Padding::Zeros, ct).1
            }))?;
            taps.push((index, weight));
        }
        axes.push(taps);
    }
    let mask = match n.input(4) {
        Some(m) => {
            let m = im.value(m)?;
            let tm = im.b.tensor_type(m);
            if tm.shape != TensorType::of(&[batch, g * k, out_h, out_w], dtype).shape {
                return Err(format!(
                    "the mask {tm} must be [{batch}, {}, {out_h}, {out_w}]",
                    g * k
                ));
            }
            Some(e(im.b.reshape(m, &[batch, g, k, q]))?)
        }
        None => None,
    };
    let (mut indices, mut weights) = (Vec::new(), Vec::new());
    for (th, tw_) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
        let (ih, wh) = axes[0][th];
        let (iw, ww) = axes[1][tw_];
        let flat = e(im.b.elementwise_with(&[ih, iw], DType::I32, |b, v| {
            let row = b.constant(width as f64, DType::I32);
            let r = b.push(ScalarOp::MulI, &[v[0], row], DType::I32);
            b.push(ScalarOp::AddI, &[r, v[1]], DType::I32)
        }))?;
        let mut inputs = vec![wh, ww];
        inputs.extend(mask);
        let weight = e(im.b.elementwise_with(&inputs, dtype, |b, v| {
            let mut p = b.push(ScalarOp::MulF, &[v[0], v[1]], ct);
            if v.len() > 2 {
                let m = b.cast(v[2], ct);
                p = b.push(ScalarOp::MulF, &[p, m], ct);
            }
            b.cast(p, dtype)
        }))?;
        indices.push(e(im.b.reshape(flat, &[batch, g, k, 1, q]))?);
        weights.push(e(im.b.reshape(weight, &[batch, g, k, 1, q]))?);
    }
    let indices = e(im.b.concat(&indices, 3))?;
    let weights = e(im.b.concat(&weights, 3))?;
    // The indices of every channel: [N, G, K 4 Q] spread to [N, C, K 4 Q] by offset group.
    let per_group = channels / g;
    let flat = e(im.b.reshape(indices, &[batch, g, k * 4 * q]))?;
    let init =
        e(im.b.empty(TensorType::of(&[batch, channels, k * 4 * q], DType::I32)))?;
    let body = BodyBuilder::new(vec![DType::I32, DType::I32]);
    let a0 = body.argument(0);
    let d = AffineExpr::Dim;
    let floordiv = |a: AffineExpr, by: u64| {
        AffineExpr::FloorDiv(Box::new(a), Box::new(AffineExpr::Constant(by as i64)))
    };
    let spread = e(im.b.generic(
        &[flat],
        &[init],
        vec![
            AffineMap {
                num_dims: 3,
                num_symbols: 0,
                results: vec![d(0), floordiv(d(1), per_group), d(2)],
            },
            AffineMap::identity(3),
        ],
        vec![IteratorType::Parallel; 3],
        body.yield_values(&[a0]),
    ))?[0];
    let planes = e(im.b.reshape(x, &[batch, channels, height * width]))?;
    let gathered = e(im.b.gather_elements(planes, spread, 2))?;
    let gathered = e(im.b.reshape(gathered, &[batch, channels, k, 4, q]))?;
    let filters = e(im.b.reshape(w, &[out_channels, group_channels, k]))?;
    // Loop dims: n, oc, q (parallel), c' (the group's channel), k, corner (reduced).
    let map = |results| AffineMap {
        num_dims: 6,
        num_symbols: 0,
        results,
    };
    let out_per_group = out_channels / group;
    // The input channel: (oc floordiv OCg) Cg + c'.
    let channel = AffineExpr::Add(
        Box::new(AffineExpr::Mul(
            Box::new(floordiv(d(1), out_per_group)),
            Box::new(AffineExpr::Constant(group_channels as i64)),
        )),
        Box::new(d(3)),
    );
    let y = sum_of_products(
        im,
        &[filters, gathered, weights],
        vec![
            map(vec![d(1), d(3), d(4)]),
            map(vec![d(0), channel.clone(), d(4), d(5), d(2)]),
            map(vec![d(0), floordiv(channel, per_group), d(4), d(5), d(2)]),
        ],
        TensorType::of(&[batch, out_channels, q], dtype),
        3,
    )?;
    let y = match n.input(3) {
        Some(bias) => {
            let bias = im.value(bias)?;
            let tb = im.b.tensor_type(bias);
            if tb.shape != [Dim::Static(out_channels)] {
                return Err(format!("the bias {tb} must be [{out_channels}]"));
            }
            let bias = e(im.b.reshape(bias, &[out_channels, 1]))?;
            e(im.b.elementwise(ScalarOp::AddF, &[y, bias]))?
        }
        None => y,
    };
    e(im.b.reshape(y, &[batch, out_channels, out_h, out_w]))
}

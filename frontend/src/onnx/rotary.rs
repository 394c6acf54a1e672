//! ONNX RotaryEmbedding (opset 23), following onnx's reference
//! (`onnx/reference/ops/op_rotary_embedding.py`).
//!
//! The input is viewed as `[batch, heads, seq, head]` (4-D input, as given) or `[batch, seq,
//! heads, head]` (3-D input split with `num_heads`), so neither needs a transpose; the caches
//! (`[batch, seq, rot / 2]`, or `[positions, rot / 2]` gathered with `position_ids`) get a
//! size-1 heads dim in the matching place. The first `rotary_embedding_dim` (default: all) of
//! each head are rotated: halves `x1 = x[:rot/2]`, `x2 = x[rot/2:]`, or the even / odd
//! elements when `interleaved` (strided `tensor.extract_slice`s); `real = cos x1 - sin x2`,
//! `imag = sin x1 + cos x2`, put back in the same layout (concat, or interleaved by a concat
//! on a new last dim and a reshape); the rest of the head passes through.

use super::context::{e, float_only, required, Entry, Importer, NodeRef, R};
use crate::onnx::shared::reshape::reshape_value;
use crate::syntax::*;

fn dims(shape: &[u64]) -> Vec<Dim> {
    shape.iter().map(|&d| Dim::Static(d)).collect()
}

pub(super) fn import(im: &mut Importer, n: &NodeRef) -> R<Vec<Entry>> {
    let x = im.value(required(n, 0)?)?;
    let t = im.b.tensor_type(x);
    let dtype = t.dtype;
    float_only(dtype, n)?;
    let shape = t
        .static_shape()
        .ok_or_else(|| format!("the input {t} must have a static shape"))?;
    // x4: the 4-D view; `heads_at`: where the caches need a size-1 heads dim.
    let (x4, heads_at) = match shape.len() {
        4 => (x, 1),
        3 => {
            let heads = n.int("num_heads", 0);
            if heads <= 0 || shape[2] % heads as u64 != 0 {
                return Err(format!(
                    "unsupported attribute num_heads = {heads}: a 3-D input {t} needs a \
                     num_heads dividing its last dim"
                ));
            }
            let h = heads as u64;
            let v = reshape_value(im, x, &dims(&[shape[0], shape[1], h, shape[2] / h]))?;
            (v, 2)
        }
        _ => return Err(format!("the input {t} must be 3-D or 4-D")),
    };
    let s4 = im.b.tensor_type(x4).static_shape().unwrap_or_default();
    let head = s4[3];
    let rot = match n.int("rotary_embedding_dim", 0) {
        0 => head,
        r if r > 0 && r as u64 <= head && r % 2 == 0 => r as u64,
        r => {
            return Err(format!(
                "unsupported attribute rotary_embedding_dim = {r} for a head of {head}"
            ))
        }
    };
    let half = rot / 2;
    let interleaved = n.int("interleaved", 0) != 0;
    let (batch, seq) = if heads_at == 1 {
        (s4[0], s4[2])
    } else {
        (s4[0], s4[1])
    };
    let mut cache = |i: usize, what: &str| -> R<ValueId> {
        let c = im.value(required(n, i)?)?;
        let ct = im.b.tensor_type(c);
        if ct.dtype != dtype {
            return Err(format!("the {what} {ct} and the input {t} differ in type"));
        }
        let c = match n.input(3) {
            Some(p) => {
                let p = im.value(p)?;
                e(im.b.gather(c, p, 0))?
            }
            None => c,
        };
        let ct = im.b.tensor_type(c);
        if ct.shape != dims(&[batch, seq, half]) {
            return Err(format!(
                "the {what} {ct} (after position_ids) must be [{batch}, {seq}, {half}]"
            ));
        }
        let mut target = vec![batch, seq, half];
        target.insert(heads_at, 1);
        reshape_value(im, c, &dims(&target))
    };
    let cos = cache(1, "cos_cache")?;
    let sin = cache(2, "sin_cache")?;
    let slice = |im: &mut Importer, offset: u64, size: u64, stride: u64| -> R<ValueId> {
        let mut sizes = s4.clone();
        sizes[3] = size;
        e(im.b.extract_slice(x4, &[0, 0, 0, offset], &sizes, &[1, 1, 1, stride]))
    };
    let (x1, x2) = if interleaved {
        (slice(im, 0, half, 2)?, slice(im, 1, half, 2)?)
    } else {
        (slice(im, 0, half, 1)?, slice(im, half, half, 1)?)
    };
    let real = e(im.b.elementwise_with(&[cos, sin, x1, x2], dtype, |b, a| {
        let p = b.push(ScalarOp::MulF, &[a[0], a[2]], dtype);
        let q = b.push(ScalarOp::MulF, &[a[1], a[3]], dtype);
        b.push(ScalarOp::SubF, &[p, q], dtype)
    }))?;
    let imag = e(im.b.elementwise_with(&[cos, sin, x1, x2], dtype, |b, a| {
        let p = b.push(ScalarOp::MulF, &[a[1], a[2]], dtype);
        let q = b.push(ScalarOp::MulF, &[a[0], a[3]], dtype);
        b.push(ScalarOp::AddF, &[p, q], dtype)
    }))?;
    let mut rotated_shape = s4.clone();
    rotated_shape[3] = rot;
    let rotated = if interleaved {
        let mut pair = s4.clone();
        pair[3] = half;
        pair.push(1);
        let r = reshape_value(im, real, &dims(&pair))?;
        let i = reshape_value(im, imag, &dims(&pair))?;
        let both = e(im.b.concat(&[r, i], 4))?;
        reshape_value(im, both, &dims(&rotated_shape))?
    } else {
        e(im.b.concat(&[real, imag], 3))?
    };
    let y = if rot < head {
        let rest = slice(im, rot, head - rot, 1)?;
        e(im.b.concat(&[rotated, rest], 3))?
    } else {
        rotated
    };
    Ok(vec![Entry::Value(reshape_value(im, y, &t.shape)?)])
}

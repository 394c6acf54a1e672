//! Normalizations over computed statistics: LayerNormalization (opset 17) and
//! InstanceNormalization.
//!
//! Both become `linalg.reduce` mean (sum, then a division by the count) over the normalized axes,
//! a broadcast subtraction, a second mean of the squares, and one elementwise generic
//! `(x - mean) / sqrt(var + epsilon) * scale + bias`. The statistics are computed in the input
//! type (f16 sums in f32, as every kiln reduction does). LayerNormalization's optional `Mean` and
//! `InvStdDev` outputs are provided (kept dims of size 1, as ONNX says); `stash_type` other than
//! 1 (f32 statistics) is refused for f16 / bf16 inputs, where it would change the result.

use super::ops::{e, float_only, reduce_value, required, reshape_value, shaped, R};
use super::{Entry, Importer, NodeRef};
use crate::syntax::*;

pub(super) fn import(im: &mut Importer, n: &NodeRef) -> R<Vec<Entry>> {
    match n.op_type {
        "LayerNormalization" => layer_norm(im, n),
        "InstanceNormalization" => instance_norm(im, n),
        other => Err(format!("no handler for {other}")),
    }
}

/// Mean and variance of `x` over `axes` (kept as size-1 dims), and `x - mean`.
struct Moments {
    centered: ValueId,
    mean: ValueId,
    variance: ValueId,
}

fn moments(im: &mut Importer, x: ValueId, axes: &[usize]) -> R<Moments> {
    let t = im.b.tensor_type(x);
    let count: u64 = axes
        .iter()
        .map(|&a| t.shape[a].as_static())
        .product::<Option<u64>>()
        .ok_or_else(|| format!("normalizing over symbolic dims of {t} is not supported"))?;
    let kept: Vec<Dim> = (0..t.rank())
        .map(|d| {
            if axes.contains(&d) {
                Dim::Static(1)
            } else {
                t.shape[d].clone()
            }
        })
        .collect();
    let mean = reduce_value(im, x, axes, "mean", Some(count))?;
    let mean = reshape_value(im, mean, &kept)?;
    let centered = e(im.b.elementwise(ScalarOp::SubF, &[x, mean]))?;
    let squares = e(im.b.elementwise_with(&[centered], t.dtype, |b, a| {
        b.push(ScalarOp::MulF, &[a[0], a[0]], t.dtype)
    }))?;
    let variance = reduce_value(im, squares, axes, "mean", Some(count))?;
    let variance = reshape_value(im, variance, &kept)?;
    Ok(Moments {
        centered,
        mean,
        variance,
    })
}

/// `centered / sqrt(variance + eps) * scale (+ bias)`, every operand broadcast.
fn normalize(
    im: &mut Importer,
    m: &Moments,
    scale: ValueId,
    bias: Option<ValueId>,
    eps: f64,
) -> R<ValueId> {
    let dtype = im.b.value_type(m.centered).dtype();
    let mut inputs = vec![m.centered, m.variance, scale];
    inputs.extend(bias);
    let has_bias = bias.is_some();
    e(im.b.elementwise_with(&inputs, dtype, |b, a| {
        let ep = b.constant(eps, dtype);
        let ve = b.push(ScalarOp::AddF, &[a[1], ep], dtype);
        let sd = b.push(ScalarOp::Sqrt, &[ve], dtype);
        let q = b.push(ScalarOp::DivF, &[a[0], sd], dtype);
        let scale = b.cast(a[2], dtype);
        let s = b.push(ScalarOp::MulF, &[q, scale], dtype);
        if has_bias {
            let bias = b.cast(a[3], dtype);
            b.push(ScalarOp::AddF, &[s, bias], dtype)
        } else {
            s
        }
    }))
}

fn layer_norm(im: &mut Importer, n: &NodeRef) -> R<Vec<Entry>> {
    let x = im.value(required(n, 0)?)?;
    let t = im.b.tensor_type(x);
    float_only(t.dtype, n)?;
    let r = t.rank();
    let axis = n.int("axis", -1);
    let axis = if axis < 0 { axis + r as i64 } else { axis };
    if axis < 0 || axis as usize >= r.max(1) {
        return Err(format!(
            "axis {} out of range for rank {r}",
            n.int("axis", -1)
        ));
    }
    if n.int("stash_type", 1) != 1 && matches!(t.dtype, DType::F16 | DType::BF16) {
        return Err(format!(
            "unsupported attribute: stash_type = {} (statistics in {})",
            n.int("stash_type", 1),
            t.dtype
        ));
    }
    let axes: Vec<usize> = (axis as usize..r).collect();
    let eps = n.float("epsilon", 1e-5) as f64;
    let m = moments(im, x, &axes)?;
    let scale = im.value(required(n, 1)?)?;
    let bias = match n.input(2) {
        Some(b) => Some(im.value(b)?),
        None => None,
    };
    let y = normalize(im, &m, scale, bias, eps)?;
    let mut out = vec![Entry::Value(y)];
    if n.num_outputs > 1 {
        out.push(Entry::Value(m.mean));
    }
    if n.num_outputs > 2 {
        let dtype = t.dtype;
        let inv = e(im.b.elementwise_with(&[m.variance], dtype, |b, a| {
            let ep = b.constant(eps, dtype);
            let ve = b.push(ScalarOp::AddF, &[a[0], ep], dtype);
            let sd = b.push(ScalarOp::Sqrt, &[ve], dtype);
            let one = b.constant(1.0, dtype);
            b.push(ScalarOp::DivF, &[one, sd], dtype)
        }))?;
        out.push(Entry::Value(inv));
    }
    Ok(out)
}

fn instance_norm(im: &mut Importer, n: &NodeRef) -> R<Vec<Entry>> {
    let x = im.value(required(n, 0)?)?;
    let t = im.b.tensor_type(x);
    float_only(t.dtype, n)?;
    if t.rank() < 3 {
        return Err(format!("needs an N x C x spatial input, got {t}"));
    }
    let eps = n.float("epsilon", 1e-5) as f64;
    let axes: Vec<usize> = (2..t.rank()).collect();
    let m = moments(im, x, &axes)?;
    // scale and bias are [C]: shaped [C, 1, ...] to broadcast over the spatial dims.
    let mut per_channel = vec![t.shape[1].clone()];
    per_channel.extend(std::iter::repeat_n(Dim::Static(1), t.rank() - 2));
    let scale = shaped(im, required(n, 1)?, &per_channel)?;
    let bias = shaped(im, required(n, 2)?, &per_channel)?;
    Ok(vec![Entry::Value(normalize(
        im,
        &m,
        scale,
        Some(bias),
        eps,
    )?)])
}

//! Normalizations over computed statistics: LayerNormalization (opset 17),
//! InstanceNormalization and RMSNormalization (opset 23: `x / sqrt(mean(x^2) + epsilon) * scale`
//! over the axes from `axis` on, in f32 for f16 / bf16 inputs when `stash_type` is 1),
//! GroupNormalization (the channels viewed as [groups, channels / groups]; opset 18's scale and
//! bias per group, opset 21's per channel), MeanVarianceNormalization (`(x - E[x]) /
//! (sqrt(E[x^2] - E[x]^2) + 1e-9)`, its function body) and LpNormalization (`x / (sum
//! |x|^p)^(1/p)`, 0 where the norm is 0; p = 1 or 2).
//!
//! Both become `linalg.reduce` mean (sum, then a division by the count) over the normalized axes,
//! a broadcast subtraction, a second mean of the squares, and one elementwise generic
//! `(x - mean) / sqrt(var + epsilon) * scale + bias`. The statistics are computed in the input
//! type (f16 sums in f32, as every kiln reduction does). LayerNormalization's optional `Mean` and
//! `InvStdDev` outputs are provided (kept dims of size 1, as ONNX says); `stash_type` other than
//! 1 (f32 statistics) is refused for f16 / bf16 inputs, where it would change the result.

use super::context::{e, float_only, required, Entry, Importer, NodeRef, R};
use crate::onnx::shared::reduce::reduce_value;
use crate::onnx::shared::reshape::reshape_entry;
use crate::onnx::shared::reshape::{reshape_value, shaped};
use crate::syntax::*;

pub(super) fn import(im: &mut Importer, n: &NodeRef) -> R<Vec<Entry>> {
    match n.op_type {
        "LayerNormalization" => layer_norm(im, n),
        "InstanceNormalization" => instance_norm(im, n),
        "RMSNormalization" => rms_norm(im, n),
        "GroupNormalization" => group_norm(im, n),
        "MeanVarianceNormalization" => mean_variance_norm(im, n),
        "LpNormalization" => lp_norm(im, n),
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

fn rms_norm(im: &mut Importer, n: &NodeRef) -> R<Vec<Entry>> {
    let x = im.value(required(n, 0)?)?;
    let t = im.b.tensor_type(x);
    float_only(t.dtype, n)?;
    let r = t.rank();
    let axis = super::context::norm_axis(n.int("axis", -1), r)?;
    let stash = n.int("stash_type", 1);
    let low = matches!(t.dtype, DType::F16 | DType::BF16);
    let dtype = match stash {
        1 if low => DType::F32,
        1 => t.dtype,
        _ if low => {
            return Err(format!(
                "unsupported attribute: stash_type = {stash} (statistics in {})",
                t.dtype
            ))
        }
        _ => t.dtype,
    };
    let xw = e(im.b.cast(x, dtype))?;
    let axes: Vec<usize> = (axis..r).collect();
    let count: u64 = axes
        .iter()
        .map(|&a| t.shape[a].as_static())
        .product::<Option<u64>>()
        .ok_or_else(|| format!("normalizing over symbolic dims of {t} is not supported"))?;
    let kept: Vec<Dim> = (0..r)
        .map(|d| {
            if d >= axis {
                Dim::Static(1)
            } else {
                t.shape[d].clone()
            }
        })
        .collect();
    let squares = e(im.b.elementwise_with(&[xw], dtype, |b, a| {
        b.push(ScalarOp::MulF, &[a[0], a[0]], dtype)
    }))?;
    let ms = reduce_value(im, squares, &axes, "mean", Some(count))?;
    let ms = reshape_value(im, ms, &kept)?;
    let scale = im.value(required(n, 1)?)?;
    let eps = n.float("epsilon", 1e-5) as f64;
    let out = t.dtype;
    let y = e(im.b.elementwise_with(&[xw, ms, scale], out, |b, a| {
        let ep = b.constant(eps, dtype);
        let ve = b.push(ScalarOp::AddF, &[a[1], ep], dtype);
        let sd = b.push(ScalarOp::Sqrt, &[ve], dtype);
        let q = b.push(ScalarOp::DivF, &[a[0], sd], dtype);
        let q = b.cast(q, out);
        let scale = b.cast(a[2], out);
        b.push(ScalarOp::MulF, &[q, scale], out)
    }))?;
    Ok(vec![Entry::Value(y)])
}

fn group_norm(im: &mut Importer, n: &NodeRef) -> R<Vec<Entry>> {
    let x = im.value(required(n, 0)?)?;
    let t = im.b.tensor_type(x);
    float_only(t.dtype, n)?;
    let r = t.rank();
    if r < 3 {
        return Err(format!("needs an N x C x spatial input, got {t}"));
    }
    let groups = n.int("num_groups", 0);
    let c = t.shape[1]
        .as_static()
        .ok_or_else(|| format!("the channel dim of {t} must be static"))?;
    if groups < 1 || c % groups as u64 != 0 {
        return Err(format!(
            "unsupported attribute: num_groups = {groups} (must divide the {c} channels)"
        ));
    }
    let g = groups as u64;
    if matches!(t.dtype, DType::F16 | DType::BF16) && n.int("stash_type", 1) != 1 {
        return Err("unsupported attribute: stash_type other than 1".into());
    }
    let mut grouped = vec![t.shape[0].clone(), Dim::Static(g), Dim::Static(c / g)];
    grouped.extend(t.shape[2..].iter().cloned());
    let xg = reshape_value(im, x, &grouped)?;
    let axes: Vec<usize> = (2..r + 1).collect();
    let m = moments(im, xg, &axes)?;
    // Scale and bias per group (opset 18) or per channel (21), shaped to the grouped view.
    let per_group = im.opset < 21;
    let mut shape = vec![
        Dim::Static(g),
        Dim::Static(if per_group { 1 } else { c / g }),
    ];
    shape.extend(std::iter::repeat_n(Dim::Static(1), r - 2));
    let scale = shaped(im, required(n, 1)?, &shape)?;
    let bias = shaped(im, required(n, 2)?, &shape)?;
    let y = normalize(im, &m, scale, Some(bias), n.float("epsilon", 1e-5) as f64)?;
    Ok(vec![Entry::Value(reshape_value(im, y, &t.shape)?)])
}

fn mean_variance_norm(im: &mut Importer, n: &NodeRef) -> R<Vec<Entry>> {
    let x = im.value(required(n, 0)?)?;
    let t = im.b.tensor_type(x);
    float_only(t.dtype, n)?;
    let r = t.rank();
    let axes: Vec<usize> = match n.ints("axes") {
        Some(a) => {
            let mut a: Vec<usize> = a
                .iter()
                .map(|&a| super::context::norm_axis(a, r))
                .collect::<R<_>>()?;
            a.sort();
            a.dedup();
            a
        }
        None if r == 4 => vec![0, 2, 3],
        None => {
            return Err(format!(
                "default axes [0, 2, 3] need a rank-4 input, got {t}"
            ))
        }
    };
    let count: u64 = axes
        .iter()
        .map(|&a| t.shape[a].as_static())
        .product::<Option<u64>>()
        .ok_or_else(|| format!("normalizing over symbolic dims of {t} is not supported"))?;
    let kept: Vec<Dim> = (0..r)
        .map(|d| {
            if axes.contains(&d) {
                Dim::Static(1)
            } else {
                t.shape[d].clone()
            }
        })
        .collect();
    let dtype = t.dtype;
    let mean = reduce_value(im, x, &axes, "mean", Some(count))?;
    let mean = reshape_value(im, mean, &kept)?;
    let squares = e(im.b.elementwise_with(&[x], dtype, |b, a| {
        b.push(ScalarOp::MulF, &[a[0], a[0]], dtype)
    }))?;
    let mean_sq = reduce_value(im, squares, &axes, "mean", Some(count))?;
    let mean_sq = reshape_value(im, mean_sq, &kept)?;
    let y = e(im.b.elementwise_with(&[x, mean, mean_sq], dtype, |b, a| {
        let m2 = b.push(ScalarOp::MulF, &[a[1], a[1]], dtype);
        let var = b.push(ScalarOp::SubF, &[a[2], m2], dtype);
        let sd = b.push(ScalarOp::Sqrt, &[var], dtype);
        let ep = b.constant(1e-9, dtype);
        let den = b.push(ScalarOp::AddF, &[sd, ep], dtype);
        let c = b.push(ScalarOp::SubF, &[a[0], a[1]], dtype);
        b.push(ScalarOp::DivF, &[c, den], dtype)
    }))?;
    Ok(vec![Entry::Value(y)])
}

fn lp_norm(im: &mut Importer, n: &NodeRef) -> R<Vec<Entry>> {
    let x = im.value(required(n, 0)?)?;
    let t = im.b.tensor_type(x);
    float_only(t.dtype, n)?;
    let r = t.rank();
    let axis = super::context::norm_axis(n.int("axis", -1), r)?;
    let p = n.int("p", 2);
    if p != 1 && p != 2 {
        return Err(format!("unsupported attribute: p = {p} (1 or 2)"));
    }
    let dtype = t.dtype;
    let powered = e(im.b.elementwise_with(&[x], dtype, |b, a| {
        if p == 1 {
            b.push(ScalarOp::AbsF, &[a[0]], dtype)
        } else {
            b.push(ScalarOp::MulF, &[a[0], a[0]], dtype)
        }
    }))?;
    let s = reduce_value(im, powered, &[axis], "sum", None)?;
    let mut kept = t.shape.clone();
    kept[axis] = Dim::Static(1);
    let s = reshape_value(im, s, &kept)?;
    let y = e(im.b.elementwise_with(&[x, s], dtype, |b, a| {
        let norm = if p == 1 {
            a[1]
        } else {
            b.push(ScalarOp::Sqrt, &[a[1]], dtype)
        };
        let zero = b.constant(0.0, dtype);
        let is_zero = b.push(ScalarOp::CmpF(CmpFPredicate::Oeq), &[norm, zero], DType::I1);
        let q = b.push(ScalarOp::DivF, &[a[0], norm], dtype);
        b.push(ScalarOp::Select, &[is_zero, zero, q], dtype)
    }))?;
    Ok(vec![Entry::Value(y)])
}

fn batch_norm(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    if n.num_outputs > 1 || (im.opset >= 14 && n.int("training_mode", 0) != 0) {
        return Err("training mode (extra outputs) is not supported".into());
    }
    let x = im.value(required(n, 0)?)?;
    let t = im.b.tensor_type(x);
    float_only(t.dtype, n)?;
    if t.rank() < 2 {
        return Err(format!("needs an N x C x ... input, got {t}"));
    }
    let eps = n.float("epsilon", 1e-5) as f64;
    let mut shape = vec![t.shape[1].clone()];
    shape.extend(std::iter::repeat_n(Dim::Static(1), t.rank() - 2));
    let mut params = Vec::new();
    for i in 1..5 {
        let p = reshape_entry(im, required(n, i)?, &shape)?;
        params.push(im.value(&p)?);
    }
    let mut inputs = vec![x];
    inputs.extend(params);
    let dtype = t.dtype;
    e(im.b.elementwise_with(&inputs, dtype, |b, a| {
        // y = (x - mean) / sqrt(var + eps) * scale + bias
        let (xv, scale, bias, mean, var) = (
            a[0],
            b.cast(a[1], dtype),
            b.cast(a[2], dtype),
            b.cast(a[3], dtype),
            b.cast(a[4], dtype),
        );
        let ep = b.constant(eps, dtype);
        let ve = b.push(ScalarOp::AddF, &[var, ep], dtype);
        let sd = b.push(ScalarOp::Sqrt, &[ve], dtype);
        let c = b.push(ScalarOp::SubF, &[xv, mean], dtype);
        let q = b.push(ScalarOp::DivF, &[c, sd], dtype);
        let s = b.push(ScalarOp::MulF, &[q, scale], dtype);
        b.push(ScalarOp::AddF, &[s, bias], dtype)
    }))
}

/// BatchNormalization: in training mode (opset 14 on) also the running statistics.
pub(super) fn batch_normalization(im: &mut Importer, n: &NodeRef) -> R<Vec<Entry>> {
    if im.opset >= 14 && n.int("training_mode", 0) != 0 {
        return batch_norm_training(im, n);
    }
    Ok(vec![Entry::Value(batch_norm(im, n)?)])
}

/// BatchNormalization with `training_mode = 1` (opset 14 on): normalized with the batch's own
/// statistics over every dim but the channels (population variance), and the running
/// statistics updated as `running * momentum + batch * (1 - momentum)`; outputs Y,
/// running_mean, running_var (onnx's reference computes them in that order).
pub(super) fn batch_norm_training(im: &mut Importer, n: &NodeRef) -> R<Vec<Entry>> {
    let x = im.value(required(n, 0)?)?;
    let t = im.b.tensor_type(x);
    float_only(t.dtype, n)?;
    if t.rank() < 2 {
        return Err(format!("needs an N x C x ... input, got {t}"));
    }
    let dtype = t.dtype;
    let eps = f64::from(n.float("epsilon", 1e-5));
    let momentum = f64::from(n.float("momentum", 0.9));
    let axes: Vec<usize> = (0..t.rank()).filter(|&d| d != 1).collect();
    let m = moments(im, x, &axes)?;
    let mut per_channel = vec![Dim::Static(1); t.rank()];
    per_channel[1] = t.shape[1].clone();
    let scale = shaped(im, required(n, 1)?, &per_channel)?;
    let bias = shaped(im, required(n, 2)?, &per_channel)?;
    let y = normalize(im, &m, scale, Some(bias), eps)?;
    let channels = [t.shape[1].clone()];
    let mut outputs = vec![Entry::Value(y)];
    for (i, batch) in [(3, m.mean), (4, m.variance)] {
        if outputs.len() >= n.num_outputs.max(1) {
            break;
        }
        let running = shaped(im, required(n, i)?, &channels)?;
        let batch = reshape_value(im, batch, &channels)?;
        let updated = e(im.b.elementwise_with(&[running, batch], dtype, |b, a| {
            let r = b.cast(a[0], dtype);
            let mo = b.constant(momentum, dtype);
            let rest = b.constant(1.0 - momentum, dtype);
            let p = b.push(ScalarOp::MulF, &[r, mo], dtype);
            let q = b.push(ScalarOp::MulF, &[a[1], rest], dtype);
            b.push(ScalarOp::AddF, &[p, q], dtype)
        }))?;
        outputs.push(Entry::Value(updated));
    }
    Ok(outputs)
}

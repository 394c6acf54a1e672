//! Operators whose output shape depends on input *values*: NonZero, Unique, NonMaxSuppression,
//! Compress.
//!
//! Kiln's tensors have shapes fixed at compile time, so these need the deciding input as a
//! constant. NonZero, Unique and NonMaxSuppression then run on the host at import (their results
//! are constants); when the input is computed from graph inputs the importer's
//! `InputValueNeeded` error lets `kiln run` specialize the model on those inputs' values
//! (`kiln compile --input-value` does the same ahead of time); otherwise the node is refused,
//! naming the input. Compress only needs its `condition` constant: the kept positions become
//! constant indices of a `kiln.gather`, so the data itself stays a device value.
//!
//! Bernoulli draws random numbers: kiln has no random operators, so it is imported only where
//! its output is determined (constant probabilities that are all 0 or 1) and refused otherwise.

use ndarray::{ArrayD, Axis, IxDyn};

use super::context::{e, konst, norm_axis, required, Entry, Importer, NodeRef, R};
use crate::interp::Tensor;
use crate::syntax::*;

pub(super) fn import(im: &mut Importer, n: &NodeRef) -> R<Vec<Entry>> {
    match n.op_type {
        "NonZero" => Ok(vec![konst(non_zero(host(n, 0, "the input")?)?)]),
        "Unique" => unique(n),
        "NonMaxSuppression" => non_max_suppression(n),
        "Compress" => compress(im, n),
        "Bernoulli" => bernoulli(im, n),
        other => Err(format!("no handler for {other}")),
    }
}

/// Input `i` as a host constant; a computed input is refused (and marked, so the importer can
/// ask for the graph inputs it comes from).
fn host<'n>(n: &'n NodeRef, i: usize, what: &str) -> R<&'n Tensor> {
    match n.input(i) {
        Some(Entry::Const(t)) => Ok(t),
        Some(Entry::Value(_)) => {
            n.needs_constant.set(Some(i));
            Err(format!(
                "{} outputs a shape that depends on the values of {what} (input #{i}), so \
                 kiln needs it as a constant",
                n.op_type
            ))
        }
        None => Err(format!("missing input #{i} ({what})")),
    }
}

fn i64_tensor(shape: &[usize], v: Vec<f64>) -> R<Tensor> {
    Tensor::from_vec(DType::I64, shape, v).map_err(|e| e.to_string())
}

fn non_zero(x: &Tensor) -> R<Tensor> {
    let r = x.data.ndim();
    let hits: Vec<Vec<usize>> = x
        .data
        .indexed_iter()
        .filter(|(_, &v)| v != 0.0)
        .map(|(ix, _)| ndarray::Dimension::slice(&ix).to_vec())
        .collect();
    let count = hits.len();
    let mut v = vec![0.0; r * count];
    for (j, ix) in hits.iter().enumerate() {
        for (d, &i) in ix.iter().enumerate() {
            v[d * count + j] = i as f64;
        }
    }
    i64_tensor(&[r, count], v)
}

/// Total order on f64 with NaN last (numpy's `unique` sorts that way).
fn cmp_f64(a: f64, b: f64) -> std::cmp::Ordering {
    a.partial_cmp(&b)
        .unwrap_or_else(|| a.is_nan().cmp(&b.is_nan()))
}

fn unique(n: &NodeRef) -> R<Vec<Entry>> {
    let x = host(n, 0, "the input")?;
    let sorted = n.int("sorted", 1) != 0;
    // The slices compared: elements of the flattened input, or slices along `axis`.
    let (slices, axis): (Vec<ArrayD<f64>>, Option<usize>) = match n.attr("axis") {
        None => (
            x.data
                .iter()
                .map(|&v| ArrayD::from_elem(IxDyn(&[]), v))
                .collect(),
            None,
        ),
        Some(_) => {
            let axis = norm_axis(n.int("axis", 0), x.data.ndim())?;
            (
                x.data.axis_iter(Axis(axis)).map(|s| s.to_owned()).collect(),
                Some(axis),
            )
        }
    };
    let cmp = |a: &ArrayD<f64>, b: &ArrayD<f64>| {
        a.iter()
            .zip(b.iter())
            .map(|(&p, &q)| cmp_f64(p, q))
            .find(|o| o.is_ne())
            .unwrap_or(std::cmp::Ordering::Equal)
    };
    // First occurrence of each distinct slice, in input order.
    let mut firsts: Vec<usize> = Vec::new();
    let mut inverse_first = Vec::with_capacity(slices.len());
    for (i, s) in slices.iter().enumerate() {
        match firsts.iter().position(|&f| cmp(&slices[f], s).is_eq()) {
            Some(u) => inverse_first.push(u),
            None => {
                inverse_first.push(firsts.len());
                firsts.push(i);
            }
        }
    }
    // Output order: sorted by value, or by first occurrence.
    let mut order: Vec<usize> = (0..firsts.len()).collect();
    if sorted {
        order.sort_by(|&a, &b| cmp(&slices[firsts[a]], &slices[firsts[b]]));
    }
    let mut rank = vec![0usize; order.len()];
    for (pos, &u) in order.iter().enumerate() {
        rank[u] = pos;
    }
    let mut counts = vec![0usize; firsts.len()];
    for &u in &inverse_first {
        counts[u] += 1;
    }
    let y = match axis {
        None => Tensor::new(
            x.dtype,
            ArrayD::from_shape_vec(
                IxDyn(&[order.len()]),
                order.iter().map(|&u| slices[firsts[u]][[]]).collect(),
            )
            .map_err(|e| e.to_string())?,
        ),
        Some(axis) => {
            let picked: Vec<usize> = order.iter().map(|&u| firsts[u]).collect();
            Tensor::new(x.dtype, x.data.select(Axis(axis), &picked))
        }
    };
    let k = order.len();
    let indices = i64_tensor(&[k], order.iter().map(|&u| firsts[u] as f64).collect())?;
    let inverse = i64_tensor(
        &[inverse_first.len()],
        inverse_first.iter().map(|&u| rank[u] as f64).collect(),
    )?;
    let counts = i64_tensor(&[k], order.iter().map(|&u| counts[u] as f64).collect())?;
    Ok([y, indices, inverse, counts]
        .into_iter()
        .take(n.num_outputs.max(1))
        .map(konst)
        .collect())
}

/// An optional scalar input (the first element), as f64.
fn optional_scalar(n: &NodeRef, i: usize, what: &str) -> R<Option<f64>> {
    if n.input(i).is_none() {
        return Ok(None);
    }
    let t = host(n, i, what)?;
    Ok(t.data.iter().next().copied())
}

fn non_max_suppression(n: &NodeRef) -> R<Vec<Entry>> {
    let boxes = host(n, 0, "the boxes")?;
    let scores = host(n, 1, "the scores")?;
    let max_out = optional_scalar(n, 2, "max_output_boxes_per_class")?.unwrap_or(0.0);
    let iou_threshold = optional_scalar(n, 3, "iou_threshold")?.unwrap_or(0.0);
    let score_threshold = optional_scalar(n, 4, "score_threshold")?;
    let center = match n.int("center_point_box", 0) {
        0 => false,
        1 => true,
        other => {
            return Err(format!(
                "unsupported attribute center_point_box = {other} (0 or 1)"
            ))
        }
    };
    let (bs, ss) = (boxes.shape(), scores.shape());
    if bs.len() != 3 || bs[2] != 4 || ss.len() != 3 || ss[0] != bs[0] || ss[2] != bs[1] {
        return Err(format!(
            "the boxes {bs:?} must be [batch, boxes, 4] and the scores {ss:?} [batch, classes, \
             boxes]"
        ));
    }
    let (batches, classes, count) = (bs[0], ss[1], bs[1]);
    let max_out = max_out.max(0.0) as usize;
    // A box as (x_min, x_max, y_min, y_max).
    let extent = |b: usize, i: usize| -> [f64; 4] {
        let v = |c: usize| boxes.data[[b, i, c]];
        if center {
            let (hw, hh) = (v(2) / 2.0, v(3) / 2.0);
            [v(0) - hw, v(0) + hw, v(1) - hh, v(1) + hh]
        } else {
            [
                v(1).min(v(3)),
                v(1).max(v(3)),
                v(0).min(v(2)),
                v(0).max(v(2)),
            ]
        }
    };
    let suppresses = |a: [f64; 4], c: [f64; 4]| {
        let (x0, x1) = (a[0].max(c[0]), a[1].min(c[1]));
        let (y0, y1) = (a[2].max(c[2]), a[3].min(c[3]));
        if x1 <= x0 || y1 <= y0 {
            return false;
        }
        let inter = (x1 - x0) * (y1 - y0);
        let area_a = (a[1] - a[0]) * (a[3] - a[2]);
        let area_c = (c[1] - c[0]) * (c[3] - c[2]);
        let union = area_a + area_c - inter;
        if inter <= 0.0 || area_a <= 0.0 || area_c <= 0.0 || union <= 0.0 {
            return false;
        }
        inter / union > iou_threshold
    };
    let mut selected: Vec<[usize; 3]> = Vec::new();
    for b in 0..batches {
        for c in 0..classes {
            let mut candidates: Vec<(f64, usize)> = (0..count)
                .map(|i| (scores.data[[b, c, i]], i))
                .filter(|&(s, _)| score_threshold.is_none_or(|t| s > t))
                .collect();
            // Highest score first, the lower index first among equal scores.
            candidates.sort_by(|p, q| cmp_f64(q.0, p.0).then(p.1.cmp(&q.1)));
            let mut kept: Vec<usize> = Vec::new();
            for (_, i) in candidates {
                if kept.len() >= max_out {
                    break;
                }
                if kept
                    .iter()
                    .all(|&k| !suppresses(extent(b, i), extent(b, k)))
                {
                    kept.push(i);
                }
            }
            selected.extend(kept.into_iter().map(|i| [b, c, i]));
        }
    }
    let v = selected
        .iter()
        .flat_map(|s| s.iter().map(|&x| x as f64))
        .collect();
    Ok(vec![konst(i64_tensor(&[selected.len(), 3], v)?)])
}

fn compress(im: &mut Importer, n: &NodeRef) -> R<Vec<Entry>> {
    let data = required(n, 0)?.clone();
    let condition = host(n, 1, "the condition")?;
    let t = im.ty(&data);
    let kept: Vec<f64> = condition
        .data
        .iter()
        .enumerate()
        .filter(|(_, &c)| c != 0.0)
        .map(|(i, _)| i as f64)
        .collect();
    let (data, axis) = match n.attr("axis") {
        Some(_) => (data, norm_axis(n.int("axis", 0), t.rank())?),
        None => {
            let total = t
                .static_shape()
                .ok_or_else(|| format!("flattening the input {t} needs a static shape"))?
                .iter()
                .product::<u64>();
            (
                crate::onnx::shared::reshape::reshape_entry(im, &data, &[Dim::Static(total)])?,
                0,
            )
        }
    };
    let t = im.ty(&data);
    let len = t.shape[axis]
        .as_static()
        .ok_or_else(|| format!("the axis {axis} of {t} must have a static size"))?;
    if kept.iter().any(|&i| i as u64 >= len) {
        return Err(format!(
            "the condition selects position {} but the axis has {len}",
            kept.last().copied().unwrap_or(0.0)
        ));
    }
    if kept.is_empty() {
        let mut shape = t
            .static_shape()
            .ok_or("an empty result needs static dims")?;
        shape[axis] = 0;
        let shape: Vec<usize> = shape.iter().map(|&d| d as usize).collect();
        return Ok(vec![konst(Tensor::new(
            t.dtype,
            ArrayD::zeros(IxDyn(&shape)),
        ))]);
    }
    if let Entry::Const(c) = &data {
        let picked: Vec<usize> = kept.iter().map(|&i| i as usize).collect();
        return Ok(vec![konst(Tensor::new(
            c.dtype,
            c.data.select(Axis(axis), &picked),
        ))]);
    }
    let indices = im.value(&konst(i64_tensor(&[kept.len()], kept)?))?;
    let x = im.value(&data)?;
    Ok(vec![Entry::Value(e(im.b.gather(x, indices, axis))?)])
}

fn bernoulli(im: &Importer, n: &NodeRef) -> R<Vec<Entry>> {
    let refuse = "Bernoulli draws random numbers, which is not supported (kiln imports it only \
                  for constant probabilities that are all 0 or 1)";
    let Some(Entry::Const(p)) = n.input(0) else {
        return Err(refuse.into());
    };
    if p.data.iter().any(|&x| x != 0.0 && x != 1.0) {
        return Err(refuse.into());
    }
    let dtype = match n.attr("dtype").and_then(|a| a.i) {
        Some(code) => super::tensor_data::dtype_from_onnx(code as i32)
            .ok_or_else(|| format!("unsupported attribute dtype = {code}"))?,
        None => im.ty(required(n, 0)?).dtype,
    };
    Ok(vec![konst(Tensor::new(dtype, p.data.clone()))])
}

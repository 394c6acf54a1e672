//! Shape-manipulating ops: Slice, Split, Expand, Tile, Range, Size.
//!
//! On constant data they run on the host (so shape subgraphs such as `Shape -> Slice -> Concat
//! -> Range` fold at import, empty results included); on IR values:
//! - Slice / Split -> `tensor.extract_slice` (static offsets, sizes, strides); a negative Slice
//!   step takes the strided slice in increasing order and reverses those axes with one
//!   `linalg.generic` whose map reads `count - 1 - d`. When a dim that is not sliced is symbolic,
//!   one `linalg.generic` reads `start + d * step` on the sliced axes instead;
//! - Expand -> a `linalg.generic` broadcasting the input (size-1 dims read index 0);
//! - Tile -> a `linalg.generic` whose map reads `d mod size` on the tiled axes.
//!
//! Starts, ends, axes, steps, split sizes, shapes and repeats must be constants (or fold to
//! constants); Range takes constant inputs only (it is folded); the sliced, split and tiled axes
//! need static sizes. An empty result is an (empty) constant; with symbolic dims it is refused.

use std::rc::Rc;

use ndarray::{ArrayD, Axis, IxDyn};

use super::context::{const_ints, e, konst, norm_axis, required, Entry, Importer, NodeRef, R};
use crate::builder::{broadcast_map, broadcast_shapes};
use crate::interp::Tensor;
use crate::onnx::shared::generics::gather_generic;
use crate::syntax::*;

pub(super) fn import(im: &mut Importer, n: &NodeRef) -> R<Vec<Entry>> {
    match n.op_type {
        "Slice" => Ok(vec![slice(im, n)?]),
        "Split" => split(im, n),
        "Expand" => Ok(vec![expand(im, n)?]),
        "Tile" => Ok(vec![tile(im, n)?]),
        "Range" => Ok(vec![range(n)?]),
        "Size" => Ok(vec![size(im, n)?]),
        other => Err(format!("no handler for {other}")),
    }
}

/// The static size of every dim of `t`, or an error naming `what` needs it.
fn static_dims(t: &TensorType, what: &str) -> R<Vec<u64>> {
    t.static_shape()
        .ok_or_else(|| format!("{what} of {t} with symbolic dims is not supported"))
}

/// Refuses a result of `shape` that a host constant or a device buffer could not hold (the
/// importer's host limit, and 32-bit device indices per dim).
fn check_size(shape: &[u64]) -> R<()> {
    let fits = shape.iter().all(|&d| d <= i32::MAX as u64)
        && shape
            .iter()
            .try_fold(1u64, |n, &d| n.checked_mul(d))
            .is_some_and(|n| n.saturating_mul(8) <= crate::interp::MAX_HOST_TENSOR_BYTES as u64);
    if fits {
        Ok(())
    } else {
        Err(format!(
            "a result of shape {shape:?} is larger than kiln handles"
        ))
    }
}

/// An empty tensor of `shape` (a zero dim): it holds no data, so a host constant is exact.
fn empty(dtype: DType, shape: &[u64]) -> Entry {
    let shape: Vec<usize> = shape.iter().map(|&d| d as usize).collect();
    konst(Tensor::new(dtype, ArrayD::zeros(IxDyn(&shape))))
}

/// `t` with only the given indices of `axis`, in that order (host constants).
fn select(t: &Tensor, axis: usize, indices: &[usize]) -> Tensor {
    Tensor {
        dtype: t.dtype,
        data: t.data.select(Axis(axis), indices),
    }
}

/// One sliced axis: the kept indices are `start, start + step, ...` (`count` of them).
#[derive(Clone, Copy, Debug, PartialEq)]
struct AxisSlice {
    start: i64,
    step: i64,
    count: u64,
}

/// ONNX Slice's clamping of one axis of size `n`.
fn clamp_axis(start: i64, end: i64, step: i64, n: i64) -> R<AxisSlice> {
    if step == 0 {
        return Err("a step of 0".into());
    }
    let wrap = |x: i64| if x < 0 { x.saturating_add(n) } else { x };
    let (start, end) = (wrap(start), wrap(end));
    let (start, end) = if step > 0 {
        (start.clamp(0, n), end.clamp(0, n))
    } else {
        (start.clamp(0, (n - 1).max(0)), end.clamp(-1, n - 1))
    };
    // In i128: a step of i64::MIN or a span near 2^63 must not overflow.
    let (span, step_wide) = (end as i128 - start as i128, step as i128);
    let count = if (span > 0) == (step > 0) && span != 0 {
        // ceil(span / step) for same-sign operands.
        (span.abs() + step_wide.abs() - 1) / step_wide.abs()
    } else {
        0
    };
    Ok(AxisSlice {
        start,
        step,
        count: count.max(0) as u64,
    })
}

fn slice(im: &mut Importer, n: &NodeRef) -> R<Entry> {
    let x = required(n, 0)?;
    let t = im.ty(x);
    let r = t.rank();
    let (starts, ends, axes, steps) = if im.opset >= 10 {
        (
            const_ints(n, 1, "starts")?.ok_or("missing starts")?,
            const_ints(n, 2, "ends")?.ok_or("missing ends")?,
            const_ints(n, 3, "axes")?,
            const_ints(n, 4, "steps")?,
        )
    } else {
        (
            n.ints("starts").ok_or("missing attribute starts")?,
            n.ints("ends").ok_or("missing attribute ends")?,
            n.ints("axes"),
            None,
        )
    };
    let k = starts.len();
    let axes = axes.unwrap_or_else(|| (0..k as i64).collect());
    let steps = steps.unwrap_or_else(|| vec![1; k]);
    if ends.len() != k || axes.len() != k || steps.len() != k {
        return Err(format!(
            "{k} starts, {} ends, {} axes and {} steps",
            ends.len(),
            axes.len(),
            steps.len()
        ));
    }
    let mut per_axis: Vec<Option<AxisSlice>> = vec![None; r];
    for i in 0..k {
        let a = norm_axis(axes[i], r)?;
        if per_axis[a].is_some() {
            return Err(format!("axis {} is sliced twice", axes[i]));
        }
        let size = t.shape[a].as_static().ok_or_else(|| {
            format!(
                "slicing symbolic dim {} of {t} is not supported",
                t.shape[a]
            )
        })? as i64;
        per_axis[a] = Some(clamp_axis(starts[i], ends[i], steps[i], size)?);
    }
    let indices = |s: &AxisSlice| -> Vec<usize> {
        (0..s.count as i64)
            .map(|j| (s.start + j * s.step) as usize)
            .collect()
    };
    if let Entry::Const(c) = x {
        let mut out = (**c).clone();
        for (a, s) in per_axis.iter().enumerate() {
            if let Some(s) = s {
                out = select(&out, a, &indices(s));
            }
        }
        return Ok(konst(out));
    }
    if t.static_shape().is_none() {
        // Symbolic dims elsewhere: one generic reading start + d * step on the sliced axes.
        if per_axis.iter().flatten().any(|s| s.count == 0) {
            return Err(format!(
                "an empty slice of {t} with symbolic dims is not supported"
            ));
        }
        let v = im.value(x)?;
        let mut shape = t.shape.clone();
        let mut results = Vec::new();
        for (a, s) in per_axis.iter().enumerate() {
            results.push(match s {
                Some(s) => {
                    shape[a] = Dim::Static(s.count);
                    strided(a, s.start, s.step)
                }
                None => AffineExpr::Dim(a),
            });
        }
        let map = AffineMap {
            num_dims: r,
            num_symbols: 0,
            results,
        };
        let out = TensorType::new(shape, t.dtype);
        return Ok(Entry::Value(gather_generic(im, v, out, map)?));
    }
    let dims = static_dims(&t, "Slice")?;
    if per_axis.iter().flatten().any(|s| s.count == 0) {
        let mut shape: Vec<u64> = dims.clone();
        for (a, s) in per_axis.iter().enumerate() {
            if let Some(s) = s {
                shape[a] = s.count;
            }
        }
        return Ok(empty(t.dtype, &shape));
    }
    let (mut offsets, mut sizes, mut strides) = (vec![0u64; r], dims.clone(), vec![1u64; r]);
    let mut reversed = Vec::new();
    for (a, s) in per_axis.iter().enumerate() {
        let Some(s) = s else { continue };
        let last = s.start + (s.count as i64 - 1) * s.step;
        offsets[a] = s.start.min(last) as u64;
        sizes[a] = s.count;
        strides[a] = s.step.unsigned_abs();
        if s.step < 0 && s.count > 1 {
            reversed.push(a);
        }
    }
    let v = im.value(x)?;
    let unchanged = offsets.iter().all(|&o| o == 0) && sizes == dims;
    let sliced = if unchanged {
        v
    } else {
        e(im.b.extract_slice(v, &offsets, &sizes, &strides))?
    };
    if reversed.is_empty() {
        if unchanged {
            // A fresh value, so that the output is not aliased to the input.
            return Ok(Entry::Value(e(im.b.elementwise_with(
                &[v],
                t.dtype,
                |_, a| a[0],
            ))?));
        }
        return Ok(Entry::Value(sliced));
    }
    Ok(Entry::Value(reverse_axes(im, sliced, &reversed)?))
}

/// `start + d * step` of loop dim `d` (never a bare `d`, which would make the loop cover the
/// whole input dim).
fn strided(d: usize, start: i64, step: i64) -> AffineExpr {
    let dim = Box::new(AffineExpr::Dim(d));
    let scaled = if step == 1 {
        dim
    } else {
        Box::new(AffineExpr::Mul(Box::new(AffineExpr::Constant(step)), dim))
    };
    AffineExpr::Add(Box::new(AffineExpr::Constant(start)), scaled)
}

/// `x` with the order of the elements along `axes` reversed: a generic whose input map reads
/// `size - 1 - d` on those axes.
fn reverse_axes(im: &mut Importer, x: ValueId, axes: &[usize]) -> R<ValueId> {
    let t = im.b.tensor_type(x);
    let dims = static_dims(&t, "reversing")?;
    let r = t.rank();
    let results = (0..r)
        .map(|d| {
            if axes.contains(&d) {
                AffineExpr::Add(
                    Box::new(AffineExpr::Constant(dims[d] as i64 - 1)),
                    Box::new(AffineExpr::Mul(
                        Box::new(AffineExpr::Constant(-1)),
                        Box::new(AffineExpr::Dim(d)),
                    )),
                )
            } else {
                AffineExpr::Dim(d)
            }
        })
        .collect();
    gather_generic(
        im,
        x,
        TensorType::new(t.shape.clone(), t.dtype),
        AffineMap {
            num_dims: r,
            num_symbols: 0,
            results,
        },
    )
}

fn split(im: &mut Importer, n: &NodeRef) -> R<Vec<Entry>> {
    let x = required(n, 0)?;
    let t = im.ty(x);
    let r = t.rank();
    let axis = norm_axis(n.int("axis", 0), r)?;
    let size = t.shape[axis]
        .as_static()
        .ok_or_else(|| format!("splitting symbolic dim {} of {t}", t.shape[axis]))?;
    let outputs = n.proto.output.len();
    let sizes: Vec<u64> = match if im.opset >= 13 {
        const_ints(n, 1, "split")?
    } else {
        n.ints("split")
    } {
        Some(s) => {
            if s.iter().any(|&p| p < 0) || s.iter().sum::<i64>() as u64 != size {
                return Err(format!("split {s:?} does not add up to dim {axis} of {t}"));
            }
            s.iter().map(|&p| p as u64).collect()
        }
        None => {
            let parts = if im.opset >= 18 && n.attr("num_outputs").is_some() {
                n.int("num_outputs", 0)
            } else {
                outputs as i64
            };
            if parts < 1 || parts as usize != outputs {
                return Err(format!(
                    "cannot split into {parts} parts for {outputs} outputs"
                ));
            }
            let parts = parts as u64;
            // Equal parts, the last one smaller when the dim does not divide.
            let chunk = size.div_ceil(parts);
            (0..parts)
                .map(|i| chunk.min(size.saturating_sub(i * chunk)))
                .collect()
        }
    };
    if sizes.len() != outputs {
        return Err(format!("{} parts for {outputs} outputs", sizes.len()));
    }
    let mut out = Vec::new();
    let mut offset = 0u64;
    for &s in &sizes {
        let range: Vec<usize> = (offset as usize..(offset + s) as usize).collect();
        out.push(match x {
            Entry::Const(c) => konst(select(c, axis, &range)),
            Entry::Value(v) if t.static_shape().is_none() => {
                // Symbolic dims elsewhere: a generic reading offset + d along the axis.
                if s == 0 {
                    return Err(format!("an empty part of {t} with symbolic dims"));
                }
                let mut shape = t.shape.clone();
                shape[axis] = Dim::Static(s);
                let results = (0..r)
                    .map(|a| {
                        if a == axis {
                            strided(a, offset as i64, 1)
                        } else {
                            AffineExpr::Dim(a)
                        }
                    })
                    .collect();
                let map = AffineMap {
                    num_dims: r,
                    num_symbols: 0,
                    results,
                };
                let out = TensorType::new(shape, t.dtype);
                Entry::Value(gather_generic(im, *v, out, map)?)
            }
            Entry::Value(v) => {
                let dims = static_dims(&t, "Split")?;
                let mut offsets = vec![0u64; r];
                let mut part = dims.clone();
                offsets[axis] = offset;
                part[axis] = s;
                if s == 0 {
                    empty(t.dtype, &part)
                } else {
                    Entry::Value(e(im.b.extract_slice(*v, &offsets, &part, &vec![1; r]))?)
                }
            }
        });
        offset += s;
    }
    Ok(out)
}

fn expand(im: &mut Importer, n: &NodeRef) -> R<Entry> {
    let x = required(n, 0)?;
    let t = im.ty(x);
    let shape = const_ints(n, 1, "the shape")?.ok_or("missing shape input")?;
    if shape.iter().any(|&d| d < 0) {
        return Err(format!("negative dims in shape {shape:?}"));
    }
    let shape: Vec<Dim> = shape.iter().map(|&d| Dim::Static(d as u64)).collect();
    let target = broadcast_shapes(&t.shape, &shape)?;
    check_size(&target.iter().filter_map(Dim::as_static).collect::<Vec<_>>())?;
    if let Entry::Const(c) = x {
        let dims: Vec<usize> = target
            .iter()
            .map(|d| d.as_static().map(|n| n as usize))
            .collect::<Option<_>>()
            .ok_or("symbolic expand of a constant")?;
        let data = c
            .data
            .broadcast(IxDyn(&dims))
            .ok_or_else(|| format!("cannot expand {t} to {dims:?}"))?
            .to_owned();
        return Ok(konst(Tensor {
            dtype: c.dtype,
            data,
        }));
    }
    let v = im.value(x)?;
    let map = broadcast_map(&t.shape, &target);
    Ok(Entry::Value(gather_generic(
        im,
        v,
        TensorType::new(target, t.dtype),
        map,
    )?))
}

fn tile(im: &mut Importer, n: &NodeRef) -> R<Entry> {
    let x = required(n, 0)?;
    let t = im.ty(x);
    let r = t.rank();
    let repeats = const_ints(n, 1, "repeats")?.ok_or("missing repeats input")?;
    if repeats.len() != r || repeats.iter().any(|&k| k < 0) {
        return Err(format!("repeats {repeats:?} for {t}"));
    }
    let tiled: Vec<u64> = t
        .shape
        .iter()
        .zip(&repeats)
        .map(|(d, &k)| d.as_static().unwrap_or(1).saturating_mul(k as u64))
        .collect();
    check_size(&tiled)?;
    if let Entry::Const(c) = x {
        let mut out = (**c).clone();
        for (a, &k) in repeats.iter().enumerate() {
            let size = c.shape()[a];
            let idx: Vec<usize> = (0..size * k as usize).map(|i| i % size.max(1)).collect();
            out = select(&out, a, &idx);
        }
        return Ok(konst(out));
    }
    let mut shape = Vec::new();
    let mut results = Vec::new();
    for (a, &k) in repeats.iter().enumerate() {
        if k == 1 {
            shape.push(t.shape[a].clone());
            results.push(AffineExpr::Dim(a));
            continue;
        }
        let size = t.shape[a]
            .as_static()
            .ok_or_else(|| format!("tiling symbolic dim {} of {t}", t.shape[a]))?;
        if k == 0 || size == 0 {
            return Err(format!("the tiling of {t} by {repeats:?} is empty"));
        }
        shape.push(Dim::Static(size * k as u64));
        results.push(AffineExpr::Mod(
            Box::new(AffineExpr::Dim(a)),
            Box::new(AffineExpr::Constant(size as i64)),
        ));
    }
    let v = im.value(x)?;
    let map = AffineMap {
        num_dims: r,
        num_symbols: 0,
        results,
    };
    Ok(Entry::Value(gather_generic(
        im,
        v,
        TensorType::new(shape, t.dtype),
        map,
    )?))
}

fn range(n: &NodeRef) -> R<Entry> {
    let scalar = |i: usize, what: &str| -> R<(DType, f64)> {
        match n.input(i) {
            Some(Entry::Const(c)) if c.data.len() == 1 => {
                Ok((c.dtype, c.data.iter().next().copied().unwrap_or(0.0)))
            }
            Some(Entry::Const(c)) => Err(format!("{what} has shape {:?}, not a scalar", c.shape())),
            Some(Entry::Value(_)) => {
                n.needs_constant.set(Some(i));
                Err(format!("{what} (input #{i}) must be a constant"))
            }
            None => Err(format!("missing {what}")),
        }
    };
    let (dtype, start) = scalar(0, "start")?;
    let (_, limit) = scalar(1, "limit")?;
    let (_, delta) = scalar(2, "delta")?;
    if delta == 0.0 || !delta.is_finite() || !start.is_finite() || !limit.is_finite() {
        return Err(format!("cannot range from {start} to {limit} by {delta}"));
    }
    let count = ((limit - start) / delta).ceil().max(0.0);
    if count > (crate::interp::MAX_HOST_TENSOR_BYTES / 8) as f64 {
        return Err(format!("a range of {count} elements is too large"));
    }
    let values: Vec<f64> = (0..count as usize)
        .map(|i| dtype.round(start + i as f64 * delta))
        .collect();
    Ok(konst(
        Tensor::from_vec(dtype, &[values.len()], values).map_err(|e| e.to_string())?,
    ))
}

fn size(im: &mut Importer, n: &NodeRef) -> R<Entry> {
    let t = im.ty(required(n, 0)?);
    let count = t
        .num_elements()
        .ok_or_else(|| format!("Size of {t} with symbolic dims cannot be folded to a constant"))?;
    Ok(Entry::Const(Rc::new(Tensor::new(
        DType::I64,
        ArrayD::from_elem(IxDyn(&[]), count as f64),
    ))))
}

#[cfg(test)]
mod tests {
    use super::{clamp_axis, AxisSlice};

    #[test]
    fn slice_bounds_clamp_as_onnx_says() {
        let s = |start, step, count| AxisSlice { start, step, count };
        assert_eq!(clamp_axis(1, 3, 1, 5), Ok(s(1, 1, 2)));
        assert_eq!(clamp_axis(0, i64::MAX, 2, 5), Ok(s(0, 2, 3)));
        assert_eq!(clamp_axis(-2, i64::MAX, 1, 5), Ok(s(3, 1, 2)));
        // Negative steps: start clamps to n - 1, end to -1.
        assert_eq!(clamp_axis(-1, i64::MIN, -1, 5), Ok(s(4, -1, 5)));
        assert_eq!(clamp_axis(i64::MAX, 0, -2, 5), Ok(s(4, -2, 2)));
        assert_eq!(clamp_axis(3, 3, 1, 5).unwrap().count, 0);
        assert_eq!(clamp_axis(1, 3, -1, 5).unwrap().count, 0);
        assert!(clamp_axis(0, 3, 0, 5).is_err());
    }
}

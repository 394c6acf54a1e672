//! Resize (opsets 10 to 19) and Upsample (7 and 9): `nearest` and `linear` integer up- and
//! down-sampling as one `linalg.generic` reading the input through affine maps; everything else
//! in `separable.rs` (gathers of constant indices and weighted sums per axis).
//!
//! For each resized axis the importer evaluates ONNX's formula for every output index (the
//! coordinate transformation, then `nearest_mode` and the clamp for nearest; the left neighbour
//! `floor(x)` for linear) and looks for an affine expression that gives the same input index
//! everywhere: `(a d + c) floordiv k` with a = 1 or 2 (integer upsampling: `asymmetric` + `floor`,
//! `half_pixel` / `pytorch_half_pixel` with either round mode, linear half-pixel centers, ...) or
//! `d * k + c` (integer downsampling). Linear mode pads the input by one edge element per resized
//! axis (so clamped neighbours need no `min`), reads the 2^axes corners and interpolates with
//! per-axis weight constants indexed by the output index. A resize without such a form (cubic
//! mode, `tf_crop_and_resize`, non-integer factors, antialiasing, `keep_aspect_ratio_policy`
//! other than `stretch`, more than 3 linear axes) takes the separable gather form.

mod separable;

use super::context::{e, required, Entry, Importer, NodeRef, R};
use crate::builder::BodyBuilder;
use crate::interp::Tensor;
use crate::onnx::shared::generics::gather_generic;
use crate::syntax::*;

use separable::resize_separable;

/// A constant input as floats (`None` when absent or empty, as ONNX writers leave unused ones).
fn const_floats(n: &NodeRef, i: usize, what: &str) -> R<Option<Vec<f64>>> {
    match n.input(i) {
        None => Ok(None),
        Some(Entry::Const(t)) if t.data.is_empty() => Ok(None),
        Some(Entry::Const(t)) => Ok(Some(t.data.iter().copied().collect())),
        Some(Entry::Value(_)) => {
            n.needs_constant.set(Some(i));
            Err(format!("{what} (input #{i}) must be a constant"))
        }
    }
}

/// The largest size an axis may be resized to (2^24).
const MAX_RESIZED_DIM: u64 = 1 << 24;

/// The largest integer factor (and divisor) the affine fit tries.
const MAX_FACTOR: i64 = 64;

pub(super) fn resize(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    let x = im.value(required(n, 0)?)?;
    let t = im.b.tensor_type(x);
    let r = t.rank();
    let mode = n.string("mode").unwrap_or_else(|| "nearest".into());
    if mode != "nearest" && mode != "linear" {
        return resize_separable(im, n);
    }
    let (scales, sizes) = if im.opset >= 11 {
        (const_floats(n, 2, "scales")?, const_floats(n, 3, "sizes")?)
    } else {
        (const_floats(n, 1, "scales")?, None)
    };
    let coordinate_mode = if im.opset >= 11 {
        n.string("coordinate_transformation_mode")
            .unwrap_or_else(|| "half_pixel".into())
    } else {
        "asymmetric".into()
    };
    let nearest_mode = if im.opset >= 11 {
        n.string("nearest_mode")
            .unwrap_or_else(|| "round_prefer_floor".into())
    } else {
        "floor".into()
    };
    let policy = n
        .string("keep_aspect_ratio_policy")
        .unwrap_or_else(|| "stretch".into());
    let antialias = n.int("antialias", 0) != 0;
    if (policy != "stretch" && sizes.is_some())
        || coordinate_mode == "tf_crop_and_resize"
        || (antialias && mode == "linear")
        || (n.op_type == "Upsample" && im.opset < 9)
    {
        return resize_separable(im, n);
    }
    let axes: Vec<usize> = match n.ints("axes") {
        Some(a) if im.opset >= 18 => a
            .iter()
            .map(|&a| super::context::norm_axis(a, r))
            .collect::<R<_>>()?,
        _ => (0..r).collect(),
    };
    // An axis scaled by exactly 1 is left alone, so a symbolic batch or channel dim may stay.
    let (axes, scales) = match scales {
        Some(s) if s.len() == axes.len() => {
            let kept: Vec<(usize, f64)> = axes
                .iter()
                .zip(&s)
                .filter(|&(&a, &sc)| !(sc == 1.0 && t.shape[a].as_static().is_none()))
                .map(|(&a, &sc)| (a, sc))
                .collect();
            let (a, s): (Vec<usize>, Vec<f64>) = kept.into_iter().unzip();
            (a, Some(s))
        }
        other => (axes, other),
    };
    let mut in_dims = Vec::new();
    for &a in &axes {
        in_dims.push(t.shape[a].as_static().ok_or_else(|| {
            format!(
                "resizing symbolic dim {} of {t} is not supported",
                t.shape[a]
            )
        })?);
    }
    // Per listed axis: (output size, scale used by the coordinate transformation).
    let per_axis: Vec<(u64, f64)> = match (scales, sizes) {
        (Some(s), None) => {
            if s.len() != axes.len() {
                return Err(format!("{} scales for {} axes", s.len(), axes.len()));
            }
            s.iter()
                .zip(&in_dims)
                .map(|(&s, &d)| {
                    if !(s > 0.0 && s.is_finite()) {
                        return Err(format!("scale {s}"));
                    }
                    Ok(((d as f64 * s).floor() as u64, s))
                })
                .collect::<R<_>>()?
        }
        (None, Some(z)) => {
            if z.len() != axes.len() {
                return Err(format!("{} sizes for {} axes", z.len(), axes.len()));
            }
            z.iter()
                .zip(&in_dims)
                .map(|(&z, &d)| (z.max(0.0) as u64, z / d as f64))
                .collect()
        }
        (Some(_), Some(_)) => return Err("both scales and sizes are given".into()),
        (None, None) => return Err("neither scales nor sizes is given".into()),
    };
    // A hostile scale must not make the per-index tables below (or the result) huge.
    if per_axis.iter().any(|&(out, _)| out > MAX_RESIZED_DIM) {
        return Err(format!(
            "output sizes {:?} pass the {MAX_RESIZED_DIM} kiln resizes an axis to",
            per_axis.iter().map(|p| p.0).collect::<Vec<_>>()
        ));
    }
    if mode == "linear" {
        return match linear(im, x, &axes, &in_dims, &per_axis, &coordinate_mode)? {
            Some(y) => Ok(y),
            None => resize_separable(im, n),
        };
    }
    let mut shape = t.shape.clone();
    let mut results: Vec<AffineExpr> = (0..r).map(AffineExpr::Dim).collect();
    for (k, &a) in axes.iter().enumerate() {
        let (out, scale) = per_axis[k];
        let input = in_dims[k];
        if out == 0 {
            return Err(format!("axis {a} of {t} resizes to 0"));
        }
        if out == input && scale == 1.0 {
            continue;
        }
        let table: Vec<i64> = (0..out)
            .map(|o| nearest_index(o, input, out, scale, &coordinate_mode, &nearest_mode))
            .collect::<R<_>>()?;
        // Reads that no affine map gives take the gather form.
        let Some(expr) = affine_fit(&table, a) else {
            return resize_separable(im, n);
        };
        results[a] = expr;
        shape[a] = Dim::Static(out);
    }
    if shape == t.shape {
        return e(im.b.elementwise_with(&[x], t.dtype, |_, a| a[0]));
    }
    let map = AffineMap {
        num_dims: r,
        num_symbols: 0,
        results,
    };
    gather_generic(im, x, TensorType::new(shape, t.dtype), map)
}

/// The input index ONNX's nearest Resize reads for output index `o` of one axis.
fn nearest_index(
    o: u64,
    input: u64,
    out: u64,
    scale: f64,
    coordinate_mode: &str,
    nearest_mode: &str,
) -> R<i64> {
    let x = source_coordinate(o, input, out, scale, coordinate_mode)?;
    let rounded = match nearest_mode {
        "round_prefer_floor" if x.fract().abs() == 0.5 => x.floor(),
        "round_prefer_ceil" if x.fract().abs() == 0.5 => x.ceil(),
        "round_prefer_floor" | "round_prefer_ceil" => x.round(),
        "floor" => x.floor(),
        "ceil" => x.ceil(),
        other => return Err(format!("unsupported attribute: nearest_mode = '{other}'")),
    };
    Ok((rounded as i64).clamp(0, input as i64 - 1))
}

/// The input coordinate ONNX's Resize maps output index `o` of one axis to.
fn source_coordinate(o: u64, input: u64, out: u64, scale: f64, coordinate_mode: &str) -> R<f64> {
    let o = o as f64;
    let (input_f, out_f) = (input as f64, out as f64);
    Ok(match coordinate_mode {
        "half_pixel" => (o + 0.5) / scale - 0.5,
        "pytorch_half_pixel" if out > 1 => (o + 0.5) / scale - 0.5,
        "pytorch_half_pixel" => 0.0,
        "asymmetric" => o / scale,
        // ONNX divides by the unrounded output size here (scale x input), not the integer one.
        "align_corners" if scale * input_f != 1.0 => o * (input_f - 1.0) / (scale * input_f - 1.0),
        "align_corners" => 0.0,
        "half_pixel_symmetric" => {
            let adjustment = out_f / (scale * input_f);
            let center = input_f / 2.0;
            center * (1.0 - adjustment) + (o + 0.5) / scale - 0.5
        }
        "tf_half_pixel_for_nn" => (o + 0.5) / scale,
        other => {
            return Err(format!(
                "unsupported attribute: coordinate_transformation_mode = '{other}'"
            ))
        }
    })
}

/// An affine expression of loop dim `dim` (d) equal to `table[d]` for every index: `(d + c)
/// floordiv k` or `d * k + c`, with `0 <= c` (so that every intermediate index is non-negative).
fn affine_fit(table: &[i64], dim: usize) -> Option<AffineExpr> {
    let n = table.len() as i64;
    let last = *table.last()?;
    let d = || Box::new(AffineExpr::Dim(dim));
    let constant = |c: i64| Box::new(AffineExpr::Constant(c));
    // One output element: a constant index.
    if n == 1 {
        return Some(AffineExpr::Constant(table[0]));
    }
    // Downsampling (or identity): d * k + c. `d + 0`, not `d`, when k = 1: a bare `d` would
    // tell the verifier that the loop covers the whole input dim.
    let c = table[0];
    let k = if n > 1 { table[1] - table[0] } else { 1 };
    if k >= 1 && c >= 0 && (0..n).all(|o| table[o as usize] == o * k + c) {
        let scaled = if k == 1 {
            d()
        } else {
            Box::new(AffineExpr::Mul(d(), constant(k)))
        };
        return Some(if c == 0 && k != 1 {
            *scaled
        } else {
            AffineExpr::Add(scaled, constant(c))
        });
    }
    // Upsampling: (a d + c) floordiv k for a = 1 or 2 (half-pixel centers sit at odd
    // multiples of 1 / 2k), k up to twice the ratio of the sizes plus two.
    let max_k = (2 * (n / (last + 1).max(1)) + 2).min(2 * MAX_FACTOR);
    for a in 1..=2 {
        for k in 2..=max_k {
            for c in 0..k {
                if (0..n).all(|o| table[o as usize] == (a * o + c) / k) {
                    let scaled = if a == 1 {
                        d()
                    } else {
                        Box::new(AffineExpr::Mul(d(), constant(a)))
                    };
                    let sum = if c == 0 {
                        scaled
                    } else {
                        Box::new(AffineExpr::Add(scaled, constant(c)))
                    };
                    return Some(AffineExpr::FloorDiv(sum, constant(k)));
                }
            }
        }
    }
    None
}

/// Linear resize: the input padded by one edge element on each resized axis, read at the two
/// neighbours `i0 + 1` and `i0 + 2` of each output index (`i0 = floor(x)`, x its source
/// coordinate, clamped to [-1, n - 1]; an affine map), and interpolated with the weights
/// `x - i0` (a constant per axis, indexed by the output index). Up to 3 resized axes.
fn linear(
    im: &mut Importer,
    x: ValueId,
    axes: &[usize],
    in_dims: &[u64],
    per_axis: &[(u64, f64)],
    coordinate_mode: &str,
) -> R<Option<ValueId>> {
    let t = im.b.tensor_type(x);
    let r = t.rank();
    let dtype = t.dtype;
    if !dtype.is_float() {
        return Err(format!("linear Resize of {dtype} is not supported"));
    }
    let mut padded = x;
    let mut out_shape = t.shape.clone();
    // Per resized axis: (axis, affine index of the left neighbour in the padded input, weights).
    let mut resized = Vec::new();
    let mut fitted = Vec::new();
    for (k, &a) in axes.iter().enumerate() {
        let ((out, scale), input) = (per_axis[k], in_dims[k]);
        if out == 0 {
            return Err(format!("axis {a} resizes to 0"));
        }
        if out == input && scale == 1.0 {
            continue;
        }
        let mut left = Vec::new();
        let mut weights = Vec::new();
        for o in 0..out {
            let xo = source_coordinate(o, input, out, scale, coordinate_mode)?;
            let xo = xo.clamp(-1.0, input as f64 - 1.0);
            let i0 = xo.floor();
            left.push(i0 as i64 + 1);
            weights.push(xo - i0);
        }
        let Some(expr) = affine_fit(&left, a) else {
            return Ok(None);
        };
        fitted.push((a, out, expr, weights));
    }
    // Only once every axis fits (at most 3, 8 corners): nothing is emitted for a resize that
    // takes the gather form.
    if fitted.len() > 3 {
        return Ok(None);
    }
    for (a, out, expr, weights) in fitted {
        padded = edge_pad(im, padded, a)?;
        out_shape[a] = Dim::Static(out);
        let w = Tensor::from_vec(dtype, &[out as usize], weights).map_err(|e| e.to_string())?;
        resized.push((a, expr, im.value(&super::context::konst(w))?));
    }
    if resized.is_empty() {
        return e(im.b.elementwise_with(&[x], dtype, |_, a| a[0])).map(Some);
    }
    let corners = 1usize << resized.len();
    let mut inputs = vec![padded; corners];
    let mut maps = Vec::new();
    for mask in 0..corners {
        let mut results: Vec<AffineExpr> = (0..r).map(AffineExpr::Dim).collect();
        for (j, (a, expr, _)) in resized.iter().enumerate() {
            results[*a] = if mask >> j & 1 == 1 {
                AffineExpr::Add(Box::new(expr.clone()), Box::new(AffineExpr::Constant(1)))
            } else {
                expr.clone()
            };
        }
        maps.push(AffineMap {
            num_dims: r,
            num_symbols: 0,
            results,
        });
    }
    for (a, _, w) in &resized {
        inputs.push(*w);
        maps.push(AffineMap {
            num_dims: r,
            num_symbols: 0,
            results: vec![AffineExpr::Dim(*a)],
        });
    }
    maps.push(AffineMap::identity(r));
    let init = e(im.b.empty(TensorType::new(out_shape, dtype)))?;
    let mut body = BodyBuilder::new(vec![dtype; inputs.len() + 1]);
    let mut values: Vec<ScalarRef> = (0..corners).map(|i| body.argument(i)).collect();
    // Fold the axes one by one: lerp each pair of corners that differ in axis j's bit.
    for j in 0..resized.len() {
        let w = body.argument(corners + j);
        let one = body.constant(1.0, dtype);
        let wl = body.push(ScalarOp::SubF, &[one, w], dtype);
        let step = 1usize << j;
        for mask in (0..corners).step_by(step * 2) {
            let lo = body.push(ScalarOp::MulF, &[values[mask], wl], dtype);
            let hi = body.push(ScalarOp::MulF, &[values[mask + step], w], dtype);
            values[mask] = body.push(ScalarOp::AddF, &[lo, hi], dtype);
        }
    }
    let r0 = e(im.b.generic(
        &inputs,
        &[init],
        maps,
        vec![IteratorType::Parallel; r],
        body.yield_values(&[values[0]]),
    ))?;
    Ok(Some(r0[0]))
}

/// `x` with its first and last elements along `axis` repeated once on each side.
fn edge_pad(im: &mut Importer, x: ValueId, axis: usize) -> R<ValueId> {
    let t = im.b.tensor_type(x);
    let dims = t
        .static_shape()
        .ok_or_else(|| format!("linear Resize of {t} with symbolic dims is not supported"))?;
    let r = dims.len();
    let edge = |im: &mut Importer, at: u64| {
        let mut offsets = vec![0u64; r];
        let mut sizes = dims.clone();
        offsets[axis] = at;
        sizes[axis] = 1;
        e(im.b.extract_slice(x, &offsets, &sizes, &vec![1; r]))
    };
    let first = edge(im, 0)?;
    let last = edge(im, dims[axis] - 1)?;
    e(im.b.concat(&[first, x, last], axis))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(input: u64, out: u64, coordinate: &str, nearest: &str) -> Vec<i64> {
        let scale = out as f64 / input as f64;
        (0..out)
            .map(|o| nearest_index(o, input, out, scale, coordinate, nearest).unwrap())
            .collect()
    }

    #[test]
    fn integer_upsampling_fits_a_floordiv() {
        for (coordinate, nearest) in [
            ("asymmetric", "floor"),
            ("half_pixel", "round_prefer_floor"),
            ("half_pixel", "round_prefer_ceil"),
            ("pytorch_half_pixel", "round_prefer_floor"),
        ] {
            for k in [2, 3, 4] {
                let t = table(5, 5 * k, coordinate, nearest);
                let expect = AffineExpr::FloorDiv(
                    Box::new(AffineExpr::Dim(0)),
                    Box::new(AffineExpr::Constant(k as i64)),
                );
                assert_eq!(
                    affine_fit(&t, 0),
                    Some(expect),
                    "{coordinate} {nearest} x{k}"
                );
            }
        }
        // asymmetric + round_prefer_floor at factor 2 is a floordiv; at 4 it reads past the
        // midpoint (index (d + 1) floordiv 4 clamped at the end): no affine form.
        let t = table(5, 10, "asymmetric", "round_prefer_floor");
        assert!(affine_fit(&t, 0).is_some());
        assert_eq!(
            affine_fit(&table(5, 20, "asymmetric", "round_prefer_floor"), 0),
            None
        );
    }

    #[test]
    fn integer_downsampling_fits_a_stride() {
        let t = table(8, 4, "asymmetric", "floor");
        assert_eq!(t, vec![0, 2, 4, 6]);
        assert!(matches!(affine_fit(&t, 0), Some(AffineExpr::Mul(..))));
        let t = table(8, 4, "half_pixel", "round_prefer_floor");
        assert_eq!(t, vec![0, 2, 4, 6]);
    }
}

//! Resize one axis at a time, as gathers of constant indices and weighted sums: the general form
//! of ONNX's Resize for what `resize.rs`'s affine reads cannot express (cubic mode with its
//! `cubic_coeff_a` and `exclude_outside`, antialiasing, `tf_crop_and_resize` with its roi and
//! `extrapolation_value`, `keep_aspect_ratio_policy`, non-integer factors).
//!
//! Per resized axis (in the order of `axes`, as ONNX's reference does), the importer computes
//! for every output index the input indices and coefficients of its taps exactly as
//! `_interpolate_1d_along_axis` does (edge-clamped neighbours, coefficients from the ratio and
//! the scale, zeroed and renormalized outside the input with `exclude_outside`). Then a
//! `kiln.gather` of the `out * taps` indices along the axis, and a `linalg.generic` summing
//! `gathered[.., o * taps + t, ..] * w[o, t]` over t; outputs whose tf_crop_and_resize
//! coordinate falls outside the input become `extrapolation_value` (a select on a constant
//! mask). A nearest resize whose taps are one-hot is the gather alone.

use crate::interp::Tensor;
use crate::onnx::context::{e, konst, norm_axis, required, Entry, Importer, NodeRef, R};
use crate::onnx::shared::generics::sum_of_products;
use crate::syntax::*;

/// The largest size an axis may be resized to.
const MAX_RESIZED_DIM: u64 = 1 << 24;

/// The most taps per output index (antialiased downsampling by large factors needs many).
const MAX_TAPS: usize = 1024;

/// How the taps of one output index are weighted.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Mode<'a> {
    Nearest(&'a str),
    Linear,
    Cubic(f64),
}

/// One axis's resize: the taps per output index and their input indices and coefficients
/// (row-major `[out, taps]`), and which outputs are extrapolated.
#[derive(Debug)]
struct AxisTaps {
    taps: usize,
    indices: Vec<i64>,
    weights: Vec<f64>,
    extrapolated: Option<Vec<bool>>,
}

/// A constant input as floats (`None` when absent or empty).
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

pub(super) fn resize_separable(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    let x = im.value(required(n, 0)?)?;
    let t = im.b.tensor_type(x);
    let r = t.rank();
    let mode_name = n.string("mode").unwrap_or_else(|| "nearest".into());
    let nearest_mode = if im.opset >= 11 {
        n.string("nearest_mode")
            .unwrap_or_else(|| "round_prefer_floor".into())
    } else {
        "floor".into()
    };
    let mode = match mode_name.as_str() {
        "nearest" => Mode::Nearest(&nearest_mode),
        "linear" => Mode::Linear,
        "cubic" => Mode::Cubic(n.float("cubic_coeff_a", -0.75) as f64),
        other => return Err(format!("unsupported attribute: mode = '{other}'")),
    };
    let coordinate_mode = if im.opset >= 11 {
        n.string("coordinate_transformation_mode")
            .unwrap_or_else(|| "half_pixel".into())
    } else {
        "asymmetric".into()
    };
    let antialias = n.int("antialias", 0) != 0;
    if antialias && matches!(mode, Mode::Nearest(_)) {
        return Err("unsupported attribute: antialias = 1 with mode = 'nearest'".into());
    }
    let exclude_outside = n.int("exclude_outside", 0) != 0;
    let extrapolation = n.float("extrapolation_value", 0.0) as f64;
    let policy = n
        .string("keep_aspect_ratio_policy")
        .unwrap_or_else(|| "stretch".into());
    let axes: Vec<usize> = match n.ints("axes") {
        Some(a) if im.opset >= 18 => a.iter().map(|&a| norm_axis(a, r)).collect::<R<_>>()?,
        _ => (0..r).collect(),
    };
    let (roi, scales, sizes) = if im.opset >= 11 {
        let roi = if coordinate_mode == "tf_crop_and_resize" {
            const_floats(n, 1, "roi")?
        } else {
            None
        };
        (
            roi,
            const_floats(n, 2, "scales")?,
            const_floats(n, 3, "sizes")?,
        )
    } else if n.op_type == "Upsample" && im.opset < 9 {
        (
            None,
            n.attr("scales")
                .map(|a| a.floats.iter().map(|&f| f as f64).collect()),
            None,
        )
    } else {
        (None, const_floats(n, 1, "scales")?, None)
    };
    let mut in_dims = Vec::with_capacity(r);
    for (a, d) in t.shape.iter().enumerate() {
        in_dims.push(match d.as_static() {
            Some(d) => d,
            None if axes.contains(&a) => {
                return Err(format!("resizing symbolic dim {d} of {t} is not supported"))
            }
            None => 0,
        });
    }
    let (scale_full, out_full) =
        full_scales_and_sizes(&t, &in_dims, &axes, scales, sizes, &policy)?;
    let roi_full: Option<Vec<f64>> = match roi {
        None if coordinate_mode == "tf_crop_and_resize" => {
            return Err("coordinate_transformation_mode = 'tf_crop_and_resize' needs a roi".into())
        }
        None => None,
        Some(v) if v.len() == 2 * axes.len() => {
            let mut full: Vec<f64> = [vec![0.0; r], vec![1.0; r]].concat();
            for (i, &a) in axes.iter().enumerate() {
                full[a] = v[i];
                full[r + a] = v[axes.len() + i];
            }
            Some(full)
        }
        Some(v) => return Err(format!("{} roi values for {} axes", v.len(), axes.len())),
    };
    if out_full.iter().any(|&o| o > MAX_RESIZED_DIM) {
        return Err(format!(
            "output sizes {out_full:?} pass the {MAX_RESIZED_DIM} kiln resizes an axis to"
        ));
    }
    let interpolates = !matches!(mode, Mode::Nearest(_));
    if interpolates && !t.dtype.is_float() {
        return Err(format!(
            "{mode_name} Resize of {} is not supported",
            t.dtype
        ));
    }
    let mut y = x;
    for &a in &axes {
        let (input, out, scale) = (in_dims[a], out_full[a], scale_full[a]);
        let roi = roi_full.as_ref().map(|v| (v[a], v[a + r]));
        let identity_roi = roi.is_none_or(|(lo, hi)| lo == 0.0 && hi == 1.0);
        if (scale - 1.0).abs() < 1e-9 && out == input && identity_roi {
            continue;
        }
        if out == 0 {
            return Err(format!("axis {a} of {t} resizes to 0"));
        }
        let taps = axis_taps(
            mode,
            input,
            out,
            scale,
            &coordinate_mode,
            roi,
            antialias,
            exclude_outside,
        )?;
        y = resize_axis(im, y, a, out, &taps, extrapolation)?;
    }
    if y == x {
        return e(im.b.elementwise_with(&[x], t.dtype, |_, v| v[0]));
    }
    Ok(y)
}

/// The full-rank scales and output sizes of a resize of `t` (static dims `in_dims`) along `axes`,
/// from its `scales` or its `sizes` (kept to the aspect ratio as `policy` says), as the
/// reference builds them.
fn full_scales_and_sizes(
    t: &TensorType,
    in_dims: &[u64],
    axes: &[usize],
    scales: Option<Vec<f64>>,
    sizes: Option<Vec<f64>>,
    policy: &str,
) -> R<(Vec<f64>, Vec<u64>)> {
    let mut scale_full = vec![1.0f64; in_dims.len()];
    let mut out_full = in_dims.to_vec();
    match (scales, sizes) {
        (Some(s), None) => {
            if s.len() != axes.len() {
                return Err(format!("{} scales for {} axes", s.len(), axes.len()));
            }
            for (&a, &s) in axes.iter().zip(&s) {
                if !(s > 0.0 && s.is_finite()) {
                    return Err(format!("scale {s}"));
                }
                scale_full[a] = s;
                out_full[a] = (s * in_dims[a] as f64) as u64;
            }
        }
        (None, Some(z)) => {
            if z.len() != axes.len() {
                return Err(format!("{} sizes for {} axes", z.len(), axes.len()));
            }
            for (&a, &z) in axes.iter().zip(&z) {
                if z < 0.0 || in_dims[a] == 0 {
                    return Err(format!("size {z} for axis {a} of {t}"));
                }
                out_full[a] = z as u64;
                scale_full[a] = z / in_dims[a] as f64;
            }
            if policy != "stretch" {
                let picked = axes.iter().map(|&a| scale_full[a]);
                let scale = match policy {
                    "not_larger" => picked.fold(f64::INFINITY, f64::min),
                    "not_smaller" => picked.fold(0.0, f64::max),
                    other => {
                        return Err(format!(
                            "unsupported attribute: keep_aspect_ratio_policy = '{other}'"
                        ))
                    }
                };
                for &a in axes {
                    scale_full[a] = scale;
                    out_full[a] = (scale * in_dims[a] as f64 + 0.5) as u64;
                }
            }
        }
        (Some(_), Some(_)) => return Err("both scales and sizes are given".into()),
        (None, None) => return Err("neither scales nor sizes is given".into()),
    }
    Ok((scale_full, out_full))
}

/// The source coordinate of output index `o` (ONNX's `_compute_x_ori`).
fn source_coordinate(
    o: f64,
    input: u64,
    out: u64,
    scale: f64,
    coordinate_mode: &str,
    roi: Option<(f64, f64)>,
) -> R<f64> {
    let input_f = input as f64;
    let width = scale * input_f;
    Ok(match coordinate_mode {
        "align_corners" if width == 1.0 => 0.0,
        "align_corners" => o * (input_f - 1.0) / (width - 1.0),
        "asymmetric" => o / scale,
        "tf_crop_and_resize" => {
            let (lo, hi) = roi.ok_or("tf_crop_and_resize needs a roi")?;
            let x = if width == 1.0 {
                (hi - lo) * (input_f - 1.0) / 2.0
            } else {
                o * (hi - lo) * (input_f - 1.0) / (width - 1.0)
            };
            x + lo * (input_f - 1.0)
        }
        "pytorch_half_pixel" if width == 1.0 => -0.5,
        "pytorch_half_pixel" | "half_pixel" => (o + 0.5) / scale - 0.5,
        "half_pixel_symmetric" => {
            let adjustment = out as f64 / width;
            let offset = input_f / 2.0 * (1.0 - adjustment);
            offset + (o + 0.5) / scale - 0.5
        }
        "tf_half_pixel_for_nn" => (o + 0.5) / scale,
        other => {
            return Err(format!(
                "unsupported attribute: coordinate_transformation_mode = '{other}'"
            ))
        }
    })
}

/// Keys' cubic kernel with parameter `a` at distance `x`.
fn cubic_kernel(x: f64, a: f64) -> f64 {
    let x = x.abs();
    if x <= 1.0 {
        ((a + 2.0) * x - (a + 3.0)) * x * x + 1.0
    } else if x < 2.0 {
        ((a * x - 5.0 * a) * x + 8.0 * a) * x - 4.0 * a
    } else {
        0.0
    }
}

/// The coefficients of one output index's taps, from its ratio (the fractional position,
/// in (0, 1]) and the axis scale (ONNX's `_*_coeffs` functions).
fn coefficients(mode: Mode, ratio: f64, scale: f64, antialias: bool) -> R<Vec<f64>> {
    Ok(match mode {
        Mode::Nearest(nearest) => {
            let right = if ratio.fract() == 0.0 {
                true
            } else {
                match nearest {
                    "round_prefer_floor" => ratio > 0.5,
                    "round_prefer_ceil" => ratio >= 0.5,
                    "floor" => false,
                    "ceil" => true,
                    other => {
                        return Err(format!("unsupported attribute: nearest_mode = '{other}'"))
                    }
                }
            };
            if right {
                vec![0.0, 1.0]
            } else {
                vec![1.0, 0.0]
            }
        }
        Mode::Linear if antialias => {
            let scale = scale.min(1.0);
            let start = (-1.0 / scale).floor() as i64 + 1;
            let footprint = 2 - 2 * start;
            let c: Vec<f64> = (start..start + footprint)
                .map(|i| (1.0 - ((i as f64 - ratio) * scale).abs()).clamp(0.0, 1.0))
                .collect();
            let sum: f64 = c.iter().sum();
            c.iter().map(|v| v / sum).collect()
        }
        Mode::Linear => vec![1.0 - ratio, ratio],
        Mode::Cubic(a) if antialias => {
            let scale = scale.min(1.0);
            let start = (-2.0 / scale).floor() as i64 + 1;
            let c: Vec<f64> = (start..2 - start)
                .map(|i| cubic_kernel(scale * (i as f64 - ratio), a))
                .collect();
            let sum: f64 = c.iter().sum();
            c.iter().map(|v| v / sum).collect()
        }
        Mode::Cubic(a) => [ratio + 1.0, ratio, 1.0 - ratio, 2.0 - ratio]
            .iter()
            .map(|&x| cubic_kernel(x, a))
            .collect(),
    })
}

/// The taps of every output index of one axis (ONNX's `_interpolate_1d_along_axis`).
#[allow(clippy::too_many_arguments)]
fn axis_taps(
    mode: Mode,
    input: u64,
    out: u64,
    scale: f64,
    coordinate_mode: &str,
    roi: Option<(f64, f64)>,
    antialias: bool,
    exclude_outside: bool,
) -> R<AxisTaps> {
    let mut taps = 0;
    let mut indices = Vec::new();
    let mut weights = Vec::new();
    let mut extrapolated = Vec::new();
    for o in 0..out {
        let x = source_coordinate(o as f64, input, out, scale, coordinate_mode, roi)?;
        if !x.is_finite() {
            return Err(format!("output index {o} maps to the coordinate {x}"));
        }
        let floor = x.floor();
        let ratio = if x == floor { 1.0 } else { x - floor };
        let mut c = coefficients(mode, ratio, scale, antialias)?;
        let n = c.len();
        if taps == 0 {
            taps = n;
            if taps > MAX_TAPS || (out as usize).saturating_mul(taps) > MAX_RESIZED_DIM as usize {
                return Err(format!(
                    "resizing an axis from {input} to {out} needs {taps} taps per output, more \
                     than kiln gathers"
                ));
            }
        } else if n != taps {
            return Err(format!("{n} taps at output {o}, {taps} before"));
        }
        // The n input indices nearest to x, ties to the smaller (edge padding = clamping).
        let pad = n.div_ceil(2) as f64;
        let padded = x + pad;
        let p = padded.floor();
        let frac = padded - p;
        let offset = if n % 2 == 0 {
            -((n / 2) as f64) + if frac == 0.0 { 0.0 } else { 1.0 }
        } else {
            let base = -(((n - 1) / 2) as f64);
            base + if frac <= 0.5 { 0.0 } else { 1.0 }
        };
        let start = p + offset - pad;
        let idx: Vec<i64> = (0..n).map(|i| start as i64 + i as i64).collect();
        if exclude_outside {
            for (ci, &i) in c.iter_mut().zip(&idx) {
                if i < 0 || i >= input as i64 {
                    *ci = 0.0;
                }
            }
            let sum: f64 = c.iter().sum();
            let sum = if sum == 0.0 { 1.0 } else { sum };
            c.iter_mut().for_each(|v| *v /= sum);
        }
        indices.extend(idx.iter().map(|&i| i.clamp(0, input as i64 - 1)));
        weights.extend(c);
        extrapolated
            .push(coordinate_mode == "tf_crop_and_resize" && (x < 0.0 || x > input as f64 - 1.0));
    }
    Ok(AxisTaps {
        taps,
        indices,
        weights,
        extrapolated: extrapolated.iter().any(|&b| b).then_some(extrapolated),
    })
}

/// Resizes axis `axis` of `x` to `out` with the given taps.
fn resize_axis(
    im: &mut Importer,
    x: ValueId,
    axis: usize,
    out: u64,
    taps: &AxisTaps,
    extrapolation: f64,
) -> R<ValueId> {
    let t = im.b.tensor_type(x);
    let r = t.rank();
    let dtype = t.dtype;
    // A one-hot row of weight 1 is a plain read of that tap.
    let one_hot: Option<Vec<i64>> = (0..out as usize)
        .map(|o| {
            let row = &taps.weights[o * taps.taps..(o + 1) * taps.taps];
            let hot = row.iter().position(|&w| w != 0.0)?;
            (row[hot] == 1.0 && row.iter().filter(|&&w| w != 0.0).count() == 1)
                .then(|| taps.indices[o * taps.taps + hot])
        })
        .collect();
    let index_tensor = |v: &[i64]| {
        Tensor::from_vec(
            DType::I64,
            &[v.len()],
            v.iter().map(|&i| i as f64).collect(),
        )
        .map_err(|e| e.to_string())
    };
    let mut y = if let Some(rows) = one_hot {
        let idx = im.value(&konst(index_tensor(&rows)?))?;
        e(im.b.gather(x, idx, axis))?
    } else {
        let idx = im.value(&konst(index_tensor(&taps.indices)?))?;
        let gathered = e(im.b.gather(x, idx, axis))?;
        let w = Tensor::from_vec(dtype, &[out as usize, taps.taps], taps.weights.clone())
            .map_err(|e| e.to_string())?;
        let w = im.value(&konst(w))?;
        // Loop dims: the output's r dims, then the tap (r).
        let map = |results| AffineMap {
            num_dims: r + 1,
            num_symbols: 0,
            results,
        };
        let g_map = (0..r)
            .map(|d| {
                if d == axis {
                    AffineExpr::Add(
                        Box::new(AffineExpr::Mul(
                            Box::new(AffineExpr::Dim(d)),
                            Box::new(AffineExpr::Constant(taps.taps as i64)),
                        )),
                        Box::new(AffineExpr::Dim(r)),
                    )
                } else {
                    AffineExpr::Dim(d)
                }
            })
            .collect();
        let mut shape = t.shape.clone();
        shape[axis] = Dim::Static(out);
        sum_of_products(
            im,
            &[gathered, w],
            vec![
                map(g_map),
                map(vec![AffineExpr::Dim(axis), AffineExpr::Dim(r)]),
            ],
            TensorType::new(shape, dtype),
            1,
        )?
    };
    if let Some(mask) = &taps.extrapolated {
        let mut shape = vec![1usize; r];
        shape[axis] = out as usize;
        let m = Tensor::from_vec(
            DType::I1,
            &shape,
            mask.iter().map(|&b| if b { 1.0 } else { 0.0 }).collect(),
        )
        .map_err(|e| e.to_string())?;
        let m = im.value(&konst(m))?;
        y = e(im.b.elementwise_with(&[m, y], dtype, |b, a| {
            let v = b.constant(extrapolation, dtype);
            b.push(ScalarOp::Select, &[a[0], v, a[1]], dtype)
        }))?;
    }
    Ok(y)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cubic_taps_sum_to_one_and_clamp_at_the_edges() {
        let taps = axis_taps(
            Mode::Cubic(-0.75),
            4,
            8,
            2.0,
            "half_pixel",
            None,
            false,
            false,
        )
        .unwrap();
        assert_eq!(taps.taps, 4);
        for row in taps.weights.chunks(4) {
            assert!((row.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        }
        // Output 0 reads x = -0.25: taps -2..1, clamped to 0, 0, 0, 1.
        assert_eq!(&taps.indices[..4], &[0, 0, 0, 1]);
        assert!(taps.indices.iter().all(|&i| (0..4).contains(&i)));
    }

    #[test]
    fn tf_crop_and_resize_marks_outside_outputs() {
        let taps = axis_taps(
            Mode::Linear,
            4,
            3,
            0.75,
            "tf_crop_and_resize",
            Some((0.4, 1.2)),
            false,
            false,
        )
        .unwrap();
        assert_eq!(taps.extrapolated, Some(vec![false, false, true]));
    }
}

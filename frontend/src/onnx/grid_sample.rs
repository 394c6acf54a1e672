//! GridSample (opsets 16, 20, 22) and AffineGrid (opset 20).
//!
//! GridSample reads the input at positions that the grid holds as data, so it is a gather:
//! per spatial axis, an elementwise generic turns the grid's component into an input coordinate
//! (denormalized for `align_corners`, rounded half to even for `nearest`, clamped or reflected
//! for the `border` / `reflection` padding modes), and per tap of the interpolation (1 for
//! nearest, 2 for linear, 4 for cubic) two more give the tap's input index (clamped into the
//! axis; for `zeros` padding a tap outside the axis gets weight 0) and its weight. The taps of
//! all axes combine into `K = taps^s` flat indices and weight products per output point
//! (`[N, K, Q]`); one `kiln.gather_elements` reads them from the input viewed as `[N, C, P]`,
//! and a `linalg.generic` sums `value * weight` over K. Cubic needs a 2-D input (as ONNX says).
//!
//! AffineGrid is a contraction of `theta` with the constant homogeneous base grid; RoiAlign
//! gathers its bilinear samples the same way (at the bottom of the file).

use super::context::{const_ints, e, konst, required, Entry, Importer, NodeRef, R};
use crate::builder::BodyBuilder;
use crate::interp::Tensor;
use crate::onnx::shared::generics::sum_of_products;
use crate::onnx::shared::reshape::reshape_value;
use crate::onnx::shared::sampling::bounds;
use crate::onnx::shared::sampling::reflect;
use crate::onnx::shared::sampling::round_half_even;
use crate::onnx::shared::sampling::tap_index_and_weight;
use crate::onnx::shared::sampling::Mode;
use crate::onnx::shared::sampling::Padding;
use crate::syntax::*;

/// The most output points times taps GridSample gathers (2^26 indices).
const MAX_GATHERED: u64 = 1 << 26;

pub(super) fn grid_sample(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    let x = im.value(required(n, 0)?)?;
    let grid = im.value(required(n, 1)?)?;
    let (tx, tg) = (im.b.tensor_type(x), im.b.tensor_type(grid));
    let dtype = tx.dtype;
    if !dtype.is_float() || !tg.dtype.is_float() {
        return Err(format!(
            "GridSample of {dtype} with a {} grid is not supported",
            tg.dtype
        ));
    }
    let xd = tx
        .static_shape()
        .ok_or_else(|| format!("GridSample of {tx} with symbolic dims is not supported"))?;
    let gd = tg.static_shape().ok_or_else(|| {
        format!("GridSample with a grid {tg} with symbolic dims is not supported")
    })?;
    let s = xd.len().saturating_sub(2);
    if s == 0 || gd.len() != s + 2 || gd[0] != xd[0] || gd[s + 1] != s as u64 {
        return Err(format!(
            "the grid {tg} does not fit the input {tx} (it must be [N, out dims..., {s}])"
        ));
    }
    let mode_name = n
        .string("mode")
        .unwrap_or_else(|| if im.opset >= 20 { "linear" } else { "bilinear" }.into());
    let mode = match mode_name.as_str() {
        "nearest" => Mode::Nearest,
        "linear" | "bilinear" => Mode::Linear,
        "cubic" | "bicubic" => Mode::Cubic,
        other => return Err(format!("unsupported attribute: mode = '{other}'")),
    };
    let padding = match n.string("padding_mode").as_deref().unwrap_or("zeros") {
        "zeros" => Padding::Zeros,
        "border" => Padding::Border,
        "reflection" => Padding::Reflection,
        other => return Err(format!("unsupported attribute: padding_mode = '{other}'")),
    };
    if mode == Mode::Cubic && s != 2 {
        return Err(format!(
            "unsupported attribute: mode = '{mode_name}' on a {s}-D input (ONNX defines cubic \
             sampling of 2-D inputs only)"
        ));
    }
    let align = n.int("align_corners", 0) != 0;
    let (batch, channels) = (xd[0], xd[1]);
    let spatial = &xd[2..];
    let q: u64 = gd[1..=s].iter().product();
    let taps = mode.taps();
    let k = taps.pow(s as u32) as u64;
    if q.saturating_mul(k).saturating_mul(batch) > MAX_GATHERED
        || spatial.iter().product::<u64>() > i32::MAX as u64
    {
        return Err(format!(
            "GridSample of {tx} at {q} points per image is larger than kiln gathers"
        ));
    }
    let ct = if dtype == DType::F64 {
        DType::F64
    } else {
        DType::F32
    };
    let grid = reshape_value(
        im,
        grid,
        &[Dim::Static(batch), Dim::Static(q), Dim::Static(s as u64)],
    )?;
    // Per spatial axis, per tap: (index [N, Q] i32, weight [N, Q]).
    let mut per_axis = Vec::new();
    for (axis, &size) in spatial.iter().enumerate() {
        // The grid lists coordinates innermost axis first (x, y, z).
        let component = (s - 1 - axis) as u64;
        let g =
            e(im.b.extract_slice(grid, &[0, 0, component], &[batch, q, 1], &[1, 1, 1]))?;
        let g = e(im.b.reshape(g, &[batch, q]))?;
        let coordinate = e(im.b.elementwise_with(&[g], ct, |b, a| {
            let g = b.cast(a[0], ct);
            source_coordinate(b, g, size, align, mode, padding, ct)
        }))?;
        let mut tap_values = Vec::new();
        for tap in 0..taps {
            let index = e(im.b.elementwise_with(&[coordinate], DType::I32, |b, a| {
                tap_index_and_weight(b, a[0], tap, size, align, mode, padding, ct).0
            }))?;
            let weight = e(im.b.elementwise_with(&[coordinate], dtype, |b, a| {
                let w = tap_index_and_weight(b, a[0], tap, size, align, mode, padding, ct).1;
                b.cast(w, dtype)
            }))?;
            tap_values.push((index, weight));
        }
        per_axis.push(tap_values);
    }
    let (indices, weights) = combined_taps(im, &per_axis, spatial, taps, batch, q, dtype)?;
    // The indices of every channel: [N, K Q] broadcast to [N, C, K Q].
    let flat = e(im.b.reshape(indices, &[batch, k * q]))?;
    let init =
        e(im.b.empty(TensorType::of(&[batch, channels, k * q], DType::I32)))?;
    let mut body = BodyBuilder::new(vec![DType::I32, DType::I32]);
    let a0 = body.argument(0);
    let _ = &mut body;
    let spread = e(im.b.generic(
        &[flat],
        &[init],
        vec![
            AffineMap {
                num_dims: 3,
                num_symbols: 0,
                results: vec![AffineExpr::Dim(0), AffineExpr::Dim(2)],
            },
            AffineMap::identity(3),
        ],
        vec![IteratorType::Parallel; 3],
        body.yield_values(&[a0]),
    ))?[0];
    let planes =
        e(im.b.reshape(x, &[batch, channels, spatial.iter().product()]))?;
    let gathered = e(im.b.gather_elements(planes, spread, 2))?;
    let gathered = e(im.b.reshape(gathered, &[batch, channels, k, q]))?;
    // Loop dims: n, c, q (parallel), k (reduced).
    let map = |results| AffineMap {
        num_dims: 4,
        num_symbols: 0,
        results,
    };
    let d = AffineExpr::Dim;
    let y = sum_of_products(
        im,
        &[gathered, weights],
        vec![
            map(vec![d(0), d(1), d(3), d(2)]),
            map(vec![d(0), d(3), d(2)]),
        ],
        TensorType::of(&[batch, channels, q], dtype),
        1,
    )?;
    let mut out = vec![batch, channels];
    out.extend_from_slice(&gd[1..=s]);
    e(im.b.reshape(y, &out))
}

/// The flat input index (i32) and the weight of every combination of one tap per spatial axis,
/// `[N, K, Q]` each (K = taps^s combinations, Q grid points), from each axis's taps
/// (`per_axis[axis][tap]`: index and weight, `[N, Q]`).
fn combined_taps(
    im: &mut Importer,
    per_axis: &[Vec<(ValueId, ValueId)>],
    spatial: &[u64],
    taps: usize,
    batch: u64,
    q: u64,
    dtype: DType,
) -> R<(ValueId, ValueId)> {
    let s = spatial.len();
    let k = taps.pow(s as u32) as u64;
    // Row-major strides of the spatial axes.
    let strides: Vec<u64> = (0..s).map(|i| spatial[i + 1..].iter().product()).collect();
    let (mut indices, mut weights) = (Vec::new(), Vec::new());
    for combo in 0..k as usize {
        let mut rest = combo;
        let mut picked = Vec::new();
        for axis in (0..s).rev() {
            picked.push((axis, rest % taps));
            rest /= taps;
        }
        let idx_inputs: Vec<ValueId> = picked.iter().map(|&(a, t)| per_axis[a][t].0).collect();
        let w_inputs: Vec<ValueId> = picked.iter().map(|&(a, t)| per_axis[a][t].1).collect();
        let axes: Vec<usize> = picked.iter().map(|&(a, _)| a).collect();
        let flat = e(im.b.elementwise_with(&idx_inputs, DType::I32, |b, a| {
            let mut acc = b.constant(0.0, DType::I32);
            for (v, &axis) in a.iter().zip(&axes) {
                let st = b.constant(strides[axis] as f64, DType::I32);
                let scaled = b.push(ScalarOp::MulI, &[*v, st], DType::I32);
                acc = b.push(ScalarOp::AddI, &[acc, scaled], DType::I32);
            }
            acc
        }))?;
        let weight = e(im.b.elementwise_with(&w_inputs, dtype, |b, a| {
            let mut p = a[0];
            for v in &a[1..] {
                p = b.push(ScalarOp::MulF, &[p, *v], dtype);
            }
            p
        }))?;
        indices.push(e(im.b.reshape(flat, &[batch, 1, q]))?);
        weights.push(e(im.b.reshape(weight, &[batch, 1, q]))?);
    }
    let cat = |im: &mut Importer, v: &[ValueId]| -> R<ValueId> {
        if v.len() == 1 {
            Ok(v[0])
        } else {
            e(im.b.concat(v, 1))
        }
    };
    let indices = cat(im, &indices)?;
    let weights = cat(im, &weights)?;
    Ok((indices, weights))
}

/// The input coordinate (in elements) a normalized grid value `g` samples along an axis of
/// `size` elements, after nearest rounding and the border / reflection padding.
fn source_coordinate(
    b: &mut BodyBuilder,
    g: ScalarRef,
    size: u64,
    align: bool,
    mode: Mode,
    padding: Padding,
    ct: DType,
) -> ScalarRef {
    let c = |b: &mut BodyBuilder, v: f64| b.constant(v, ct);
    let one = c(b, 1.0);
    let half = c(b, 0.5);
    let g1 = b.push(ScalarOp::AddF, &[g, one], ct);
    let mut x = if align {
        // (g + 1) / 2 (size - 1)
        let h = b.push(ScalarOp::MulF, &[g1, half], ct);
        let m = c(b, size as f64 - 1.0);
        b.push(ScalarOp::MulF, &[h, m], ct)
    } else {
        // ((g + 1) size - 1) / 2
        let m = c(b, size as f64);
        let t = b.push(ScalarOp::MulF, &[g1, m], ct);
        let t = b.push(ScalarOp::SubF, &[t, one], ct);
        b.push(ScalarOp::MulF, &[t, half], ct)
    };
    if mode == Mode::Nearest {
        x = round_half_even(b, x, ct);
    }
    let (lo, hi) = bounds(size, align);
    match padding {
        Padding::Zeros => x,
        Padding::Border => {
            // Only coordinates outside [lo, hi] are clamped, into [0, size - 1].
            let (l, h) = (c(b, lo), c(b, hi));
            let below = b.push(ScalarOp::CmpF(CmpFPredicate::Olt), &[x, l], DType::I1);
            let above = b.push(ScalarOp::CmpF(CmpFPredicate::Ogt), &[x, h], DType::I1);
            let zero = c(b, 0.0);
            let last = c(b, size as f64 - 1.0);
            let clamped = b.push(ScalarOp::MaximumF, &[x, zero], ct);
            let clamped = b.push(ScalarOp::MinimumF, &[clamped, last], ct);
            let out = b.push(ScalarOp::OrI, &[below, above], DType::I1);
            b.push(ScalarOp::Select, &[out, clamped, x], ct)
        }
        Padding::Reflection => reflect(b, x, lo, hi, ct),
    }
}

/// AffineGrid: `grid[n, spatial..., i] = sum_j theta[n, i, j] base[spatial..., j]`, with the
/// base grid `(x, y[, z], 1)` of normalized pixel centers (or corners with `align_corners`).
pub(super) fn affine_grid(im: &mut Importer, n: &NodeRef) -> R<Entry> {
    let theta = im.value(required(n, 0)?)?;
    let tt = im.b.tensor_type(theta);
    if !tt.dtype.is_float() {
        return Err(format!("AffineGrid of {} is not supported", tt.dtype));
    }
    let size = const_ints(n, 1, "size")?.ok_or("missing input #1 (size)")?;
    let s = size.len().saturating_sub(2);
    if !(s == 2 || s == 3) || size.iter().any(|&d| d < 1) {
        return Err(format!(
            "size {size:?} must be [N, C, H, W] or [N, C, D, H, W] with positive dims"
        ));
    }
    let spatial: Vec<u64> = size[2..].iter().map(|&d| d as u64).collect();
    let want = [
        Dim::Static(size[0] as u64),
        Dim::Static(s as u64),
        Dim::Static(s as u64 + 1),
    ];
    if tt.shape != want {
        return Err(format!("theta {tt} must be [{}, {s}, {}]", size[0], s + 1));
    }
    let points: u64 = spatial.iter().product();
    if points > MAX_GATHERED {
        return Err(format!(
            "a grid of {spatial:?} points is larger than kiln builds"
        ));
    }
    let align = n.int("align_corners", 0) != 0;
    let coordinate = |i: u64, d: u64| {
        if align {
            if d == 1 {
                -1.0
            } else {
                -1.0 + 2.0 * i as f64 / (d - 1) as f64
            }
        } else {
            -1.0 + (2 * i + 1) as f64 / d as f64
        }
    };
    let mut base = Vec::with_capacity((points * (s as u64 + 1)) as usize);
    for p in 0..points {
        let mut rest = p;
        let mut index = vec![0; s];
        for a in (0..s).rev() {
            index[a] = rest % spatial[a];
            rest /= spatial[a];
        }
        // x is the innermost axis.
        for a in (0..s).rev() {
            base.push(coordinate(index[a], spatial[a]));
        }
        base.push(1.0);
    }
    let mut shape: Vec<usize> = spatial.iter().map(|&d| d as usize).collect();
    shape.push(s + 1);
    let base = Tensor::from_vec(tt.dtype, &shape, base).map_err(|e| e.to_string())?;
    let base = im.value(&konst(base))?;
    // Loop dims: n, spatial..., i (parallel), j (reduced).
    let nd = s + 3;
    let d = AffineExpr::Dim;
    let map = |results| AffineMap {
        num_dims: nd,
        num_symbols: 0,
        results,
    };
    let theta_map = map(vec![d(0), d(s + 1), d(s + 2)]);
    let base_map = map((1..=s).map(d).chain([d(s + 2)]).collect());
    let mut out = vec![size[0] as u64];
    out.extend(&spatial);
    out.push(s as u64);
    Ok(Entry::Value(sum_of_products(
        im,
        &[theta, base],
        vec![theta_map, base_map],
        TensorType::of(&out, tt.dtype),
        1,
    )?))
}

/// RoiAlign (opsets 10, 16, 22): per region of interest, `sampling_ratio^2` bilinear samples per
/// output bin, averaged (`avg`) or maxed (`max`, over every sample's weighted corners, as ONNX's
/// reference does). The rois are data: elementwise generics turn them into sample coordinates
/// per axis (`[R, out * ratio]`), then into corner indices and weights (zero for a sample
/// outside `[-1, size]`); one `kiln.gather` reads the 4 corners of every sample from the input
/// viewed as `[N H W, C]` at `batch H W + y W + x`, and a generic reduces over the samples and
/// corners. An adaptive `sampling_ratio` (0) is refused: its sample count depends on the rois.
pub(super) fn roi_align(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    let x = im.value(required(n, 0)?)?;
    let rois = im.value(required(n, 1)?)?;
    let batch_indices = im.value(required(n, 2)?)?;
    let (tx, tr, tb) = (
        im.b.tensor_type(x),
        im.b.tensor_type(rois),
        im.b.tensor_type(batch_indices),
    );
    let dtype = tx.dtype;
    if !dtype.is_float() || tr.dtype != dtype || tb.dtype.is_float() {
        return Err(format!(
            "RoiAlign of {tx} with rois {tr} and batch_indices {tb} is not supported"
        ));
    }
    let xd = tx
        .static_shape()
        .ok_or_else(|| format!("RoiAlign of {tx} with symbolic dims is not supported"))?;
    let rd = tr
        .static_shape()
        .ok_or_else(|| format!("rois {tr} with symbolic dims are not supported"))?;
    if xd.len() != 4 || rd.len() != 2 || rd[1] != 4 || tb.shape != [Dim::Static(rd[0])] {
        return Err(format!(
            "RoiAlign needs X [N, C, H, W], rois [R, 4] and batch_indices [R]; got {tx}, {tr}, \
             {tb}"
        ));
    }
    let (batch, channels, height, width) = (xd[0], xd[1], xd[2], xd[3]);
    let regions = rd[0];
    let out_h = n.int("output_height", 1);
    let out_w = n.int("output_width", 1);
    let ratio = n.int("sampling_ratio", 0);
    if ratio == 0 {
        return Err(
            "unsupported attribute: sampling_ratio = 0 (adaptive: the number of samples \
                    per bin depends on the rois' values)"
                .into(),
        );
    }
    if out_h < 1 || out_w < 1 || !(1..=16).contains(&ratio) {
        return Err(format!(
            "unsupported attribute: output_height = {out_h}, output_width = {out_w}, \
             sampling_ratio = {ratio}"
        ));
    }
    let (out_h, out_w, g) = (out_h as u64, out_w as u64, ratio as u64);
    let max_mode = match n.string("mode").as_deref().unwrap_or("avg") {
        "avg" => false,
        "max" => true,
        other => return Err(format!("unsupported attribute: mode = '{other}'")),
    };
    // Opset 16 added the attribute; opset 10's behaviour is output_half_pixel.
    let half_pixel = im.opset >= 16
        && match n.string("coordinate_transformation_mode").as_deref() {
            None | Some("half_pixel") => true,
            Some("output_half_pixel") => false,
            Some(other) => {
                return Err(format!(
                    "unsupported attribute: coordinate_transformation_mode = '{other}'"
                ))
            }
        };
    let scale = n.float("spatial_scale", 1.0) as f64;
    let samples = regions * out_h * g * out_w * g * 4;
    if samples > MAX_GATHERED || batch * height * width > i32::MAX as u64 {
        return Err(format!(
            "RoiAlign of {regions} rois at {out_h} x {out_w} x {g}^2 samples is larger than kiln \
             gathers"
        ));
    }
    let ct = if dtype == DType::F64 {
        DType::F64
    } else {
        DType::F32
    };
    let column = |im: &mut Importer, c: u64| -> R<ValueId> {
        let s = e(im.b.extract_slice(rois, &[0, c], &[regions, 1], &[1, 1]))?;
        e(im.b.reshape(s, &[regions]))
    };
    let map2 = |results| AffineMap {
        num_dims: 2,
        num_symbols: 0,
        results,
    };
    let d = AffineExpr::Dim;
    // Per axis (y from columns 1 and 3, x from 0 and 2): the sample coordinates [R, out * g],
    // then the low / high corner indices and weights.
    let mut axes = Vec::new();
    for (lo_col, hi_col, out, size) in [(1, 3, out_h, height), (0, 2, out_w, width)] {
        let (start, end) = (column(im, lo_col)?, column(im, hi_col)?);
        let offsets: Vec<f64> = (0..out * g)
            .map(|i| (i / g) as f64 + ((i % g) as f64 + 0.5) / g as f64)
            .collect();
        let offsets = Tensor::from_vec(ct, &[offsets.len()], offsets).map_err(|e| e.to_string())?;
        let offsets = im.value(&konst(offsets))?;
        let init = e(im.b.empty(TensorType::of(&[regions, out * g], ct)))?;
        let mut body = BodyBuilder::new(vec![dtype, dtype, ct, ct]);
        let (a0, a1, a2) = (body.argument(0), body.argument(1), body.argument(2));
        let s = body.cast(a0, ct);
        let f = body.cast(a1, ct);
        let sc = body.constant(scale, ct);
        let off = body.constant(if half_pixel { 0.5 } else { 0.0 }, ct);
        let s = body.push(ScalarOp::MulF, &[s, sc], ct);
        let s = body.push(ScalarOp::SubF, &[s, off], ct);
        let f = body.push(ScalarOp::MulF, &[f, sc], ct);
        let f = body.push(ScalarOp::SubF, &[f, off], ct);
        let mut extent = body.push(ScalarOp::SubF, &[f, s], ct);
        if !half_pixel {
            // Malformed rois are forced to 1 x 1.
            let one = body.constant(1.0, ct);
            extent = body.push(ScalarOp::MaximumF, &[extent, one], ct);
        }
        let bins = body.constant(out as f64, ct);
        let bin = body.push(ScalarOp::DivF, &[extent, bins], ct);
        let step = body.push(ScalarOp::MulF, &[bin, a2], ct);
        let coordinate = body.push(ScalarOp::AddF, &[s, step], ct);
        let coordinates = e(im.b.generic(
            &[start, end, offsets],
            &[init],
            vec![
                map2(vec![d(0)]),
                map2(vec![d(0)]),
                map2(vec![d(1)]),
                AffineMap::identity(2),
            ],
            vec![IteratorType::Parallel; 2],
            body.yield_values(&[coordinate]),
        ))?[0];
        let mut corners = Vec::new();
        for high in [false, true] {
            let index = e(im.b.elementwise_with(&[coordinates], DType::I32, |b, a| {
                roi_corner(b, a[0], size, high, ct).0
            }))?;
            let weight = e(im.b.elementwise_with(&[coordinates], ct, |b, a| {
                roi_corner(b, a[0], size, high, ct).1
            }))?;
            corners.push((index, weight));
        }
        axes.push(corners);
    }
    // The 4 corners of every sample: flat row indices into [N H W, C] and weights.
    let batch_i32 = e(im.b.cast(batch_indices, DType::I32))?;
    let map3 = |results| AffineMap {
        num_dims: 3,
        num_symbols: 0,
        results,
    };
    let (ys, xs) = (out_h * g, out_w * g);
    let average = if max_mode { 1.0 } else { 1.0 / (g * g) as f64 };
    let (mut indices, mut weights) = (Vec::new(), Vec::new());
    for (yc, xc) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
        let (yi, wy) = axes[0][yc];
        let (xi, wx) = axes[1][xc];
        let init = e(im.b.empty(TensorType::of(&[regions, ys, xs], DType::I32)))?;
        let mut body = BodyBuilder::new(vec![DType::I32; 4]);
        let plane = body.constant((height * width) as f64, DType::I32);
        let row = body.constant(width as f64, DType::I32);
        let base = body.push(ScalarOp::MulI, &[body.argument(0), plane], DType::I32);
        let y = body.push(ScalarOp::MulI, &[body.argument(1), row], DType::I32);
        let flat = body.push(ScalarOp::AddI, &[base, y], DType::I32);
        let flat = body.push(ScalarOp::AddI, &[flat, body.argument(2)], DType::I32);
        let index = e(im.b.generic(
            &[batch_i32, yi, xi],
            &[init],
            vec![
                map3(vec![d(0)]),
                map3(vec![d(0), d(1)]),
                map3(vec![d(0), d(2)]),
                AffineMap::identity(3),
            ],
            vec![IteratorType::Parallel; 3],
            body.yield_values(&[flat]),
        ))?[0];
        let init = e(im.b.empty(TensorType::of(&[regions, ys, xs], dtype)))?;
        let mut body = BodyBuilder::new(vec![ct, ct, dtype]);
        let avg = body.constant(average, ct);
        let w = body.push(ScalarOp::MulF, &[body.argument(0), body.argument(1)], ct);
        let w = body.push(ScalarOp::MulF, &[w, avg], ct);
        let w = body.cast(w, dtype);
        let weight = e(im.b.generic(
            &[wy, wx],
            &[init],
            vec![
                map3(vec![d(0), d(1)]),
                map3(vec![d(0), d(2)]),
                AffineMap::identity(3),
            ],
            vec![IteratorType::Parallel; 3],
            body.yield_values(&[w]),
        ))?[0];
        indices.push(e(im.b.reshape(index, &[regions, ys, xs, 1]))?);
        weights.push(e(im.b.reshape(weight, &[regions, ys, xs, 1]))?);
    }
    let indices = e(im.b.concat(&indices, 3))?;
    let weights = e(im.b.concat(&weights, 3))?;
    let nhwc = e(im.b.transpose(x, &[0, 2, 3, 1]))?;
    let rows = e(im.b.reshape(nhwc, &[batch * height * width, channels]))?;
    let gathered = e(im.b.gather(rows, indices, 0))?;
    let gathered =
        e(im.b.reshape(gathered, &[regions, out_h, g, out_w, g, 4, channels]))?;
    let weights = e(im.b.reshape(weights, &[regions, out_h, g, out_w, g, 4]))?;
    // Loop dims: r, c, ph, pw (parallel), iy, ix, corner (reduced).
    let map7 = |results| AffineMap {
        num_dims: 7,
        num_symbols: 0,
        results,
    };
    let maps = vec![
        map7(vec![d(0), d(2), d(4), d(3), d(5), d(6), d(1)]),
        map7(vec![d(0), d(2), d(4), d(3), d(5), d(6)]),
    ];
    let out = TensorType::of(&[regions, channels, out_h, out_w], dtype);
    if !max_mode {
        return sum_of_products(im, &[gathered, weights], maps, out, 3);
    }
    let init = e(im.b.filled(out, crate::builder::lowest(dtype)))?;
    let mut maps = maps;
    maps.push(map7(vec![d(0), d(1), d(2), d(3)]));
    let mut body = BodyBuilder::new(vec![dtype; 3]);
    let v = body.push(ScalarOp::MulF, &[body.argument(0), body.argument(1)], dtype);
    let m = body.push(ScalarOp::MaximumF, &[body.argument(2), v], dtype);
    let mut iterators = vec![IteratorType::Parallel; 4];
    iterators.extend([IteratorType::Reduction; 3]);
    Ok(e(im.b.generic(
        &[gathered, weights],
        &[init],
        maps,
        iterators,
        body.yield_values(&[m]),
    ))?[0])
}

/// One corner of RoiAlign's bilinear sample at coordinate `c` along an axis of `size`: its index
/// (i32) and weight (0 when the sample lies outside `[-1, size]`), as ONNX's
/// `pre_calc_for_bilinear_interpolate` computes them.
fn roi_corner(
    b: &mut BodyBuilder,
    c: ScalarRef,
    size: u64,
    high: bool,
    ct: DType,
) -> (ScalarRef, ScalarRef) {
    let k = |b: &mut BodyBuilder, v: f64| b.constant(v, ct);
    let (minus_one, limit, zero, one) = (k(b, -1.0), k(b, size as f64), k(b, 0.0), k(b, 1.0));
    let last = k(b, size as f64 - 1.0);
    let below = b.push(
        ScalarOp::CmpF(CmpFPredicate::Olt),
        &[c, minus_one],
        DType::I1,
    );
    let above = b.push(ScalarOp::CmpF(CmpFPredicate::Ogt), &[c, limit], DType::I1);
    let outside = b.push(ScalarOp::OrI, &[below, above], DType::I1);
    let y = b.push(ScalarOp::MaximumF, &[c, zero], ct);
    let low = b.push(ScalarOp::Floor, &[y], ct);
    // At or past the last element both corners are the last element, at fraction 0.
    let at_end = b.push(ScalarOp::CmpF(CmpFPredicate::Oge), &[low, last], DType::I1);
    let low = b.push(ScalarOp::Select, &[at_end, last, low], ct);
    let y = b.push(ScalarOp::Select, &[at_end, low, y], ct);
    let next = b.push(ScalarOp::AddF, &[low, one], ct);
    let high_index = b.push(ScalarOp::Select, &[at_end, last, next], ct);
    let fraction = b.push(ScalarOp::SubF, &[y, low], ct);
    let (index, weight) = if high {
        (high_index, fraction)
    } else {
        (low, b.push(ScalarOp::SubF, &[one, fraction], ct))
    };
    let weight = b.push(ScalarOp::Select, &[outside, zero, weight], ct);
    // Outside samples read element 0 (with weight 0); NaN coordinates too.
    let index = b.push(ScalarOp::Select, &[outside, zero, index], ct);
    let index = b.push(ScalarOp::MaximumF, &[index, zero], ct);
    let index = b.push(ScalarOp::MinimumF, &[index, last], ct);
    (b.push(ScalarOp::FPToSI, &[index], DType::I32), weight)
}

//! ONNX signal operators: DFT (opsets 17 and 20), STFT, HannWindow / HammingWindow /
//! BlackmanWindow and MelWeightMatrix.
//!
//! A DFT of length n is a contraction with a constant matrix `W[j, c_in, k, c_out]` (the cosines
//! and sines of `2 pi j k / n`, with the 1 / n of the inverse and the doubled bins of a one-sided
//! inverse folded in): one `linalg.generic` that reduces over the signal index j and the input's
//! real / imaginary component. Zero padding (n longer than the signal) and truncation (shorter)
//! only change how many rows of W the loop reads. STFT is the same contraction with the signal
//! read through the affine frame map `frame * step + j` and the window multiplied in.
//!
//! The windows and the mel matrix depend only on their (constant) inputs: the importer computes
//! them as host constants. Sizes that come from graph inputs make `kiln run` specialize the model
//! on those inputs (`InputValueNeeded`). The W constant has `n * 2 * K * 2` elements: a DFT longer
//! than [`MAX_DFT_LENGTH`] is refused (kiln has no FFT kernel).

use std::f64::consts::PI;

use super::context::{const_ints, konst, norm_axis, required, Entry, Importer, NodeRef, R};
use super::tensor_data::dtype_from_onnx;
use crate::interp::Tensor;
use crate::onnx::shared::generics::sum_of_products;
use crate::syntax::*;

/// The longest DFT kiln runs as a dense contraction (its W constant holds 4 n^2 elements).
pub(super) const MAX_DFT_LENGTH: u64 = 2048;

pub(super) fn import(im: &mut Importer, n: &NodeRef) -> R<Vec<Entry>> {
    match n.op_type {
        "HannWindow" | "HammingWindow" | "BlackmanWindow" => Ok(vec![window(n)?]),
        "MelWeightMatrix" => Ok(vec![mel_weight_matrix(n)?]),
        "DFT" => Ok(vec![Entry::Value(dft(im, n)?)]),
        "STFT" => Ok(vec![Entry::Value(stft(im, n)?)]),
        other => Err(format!("no handler for {other}")),
    }
}

/// A scalar constant input as an integer.
fn scalar_int(n: &NodeRef, i: usize, what: &str) -> R<Option<i64>> {
    match const_ints(n, i, what)? {
        None => Ok(None),
        Some(v) if v.is_empty() => Ok(None),
        Some(v) if v.len() == 1 => Ok(Some(v[0])),
        Some(v) => Err(format!(
            "{what} (input #{i}) must be a scalar, got {} values",
            v.len()
        )),
    }
}

/// A scalar constant input as a float.
fn scalar_float(n: &NodeRef, i: usize, what: &str) -> R<f64> {
    match n.input(i) {
        Some(Entry::Const(t)) if t.data.len() == 1 => {
            Ok(t.data.iter().copied().next().unwrap_or(0.0))
        }
        Some(Entry::Const(t)) => Err(format!(
            "{what} (input #{i}) must be a scalar, got {} values",
            t.data.len()
        )),
        Some(Entry::Value(_)) => {
            n.needs_constant.set(Some(i));
            Err(format!("{what} (input #{i}) must be a constant"))
        }
        None => Err(format!("missing input #{i} ({what})")),
    }
}

/// The `output_datatype` attribute (float by default).
fn output_dtype(n: &NodeRef) -> R<DType> {
    let code = n.int("output_datatype", 1) as i32;
    dtype_from_onnx(code).ok_or_else(|| {
        format!(
            "unsupported attribute: output_datatype = {}",
            super::tensor_data::onnx_type_name(code)
        )
    })
}

/// The largest window or mel matrix kiln computes on the host (elements).
const MAX_TABLE: i64 = 1 << 24;

fn window(n: &NodeRef) -> R<Entry> {
    let size = scalar_int(n, 0, "size")?.ok_or("missing input #0 (size)")?;
    if !(0..=MAX_TABLE).contains(&size) {
        return Err(format!("window size {size} is outside [0, {MAX_TABLE}]"));
    }
    let dtype = output_dtype(n)?;
    let periodic = n.int("periodic", 1) != 0;
    // A symmetric window of N points is a periodic one of N - 1.
    let period = if periodic { size } else { size - 1 } as f64;
    let values = (0..size)
        .map(|i| {
            let x = 2.0 * PI * i as f64 / period;
            match n.op_type {
                "HannWindow" => 0.5 - 0.5 * x.cos(),
                "HammingWindow" => 25.0 / 46.0 - (21.0 / 46.0) * x.cos(),
                _ => 0.42 - 0.5 * x.cos() + 0.08 * (2.0 * x).cos(),
            }
        })
        .collect();
    let t = Tensor::from_vec(dtype, &[size as usize], values).map_err(|e| e.to_string())?;
    Ok(konst(t))
}

/// The triangular mel filter bank of ONNX's MelWeightMatrix: `[dft_length / 2 + 1,
/// num_mel_bins]`, bin edges spaced evenly on the mel scale between the two edge frequencies.
fn mel_weight_matrix(n: &NodeRef) -> R<Entry> {
    let bins = scalar_int(n, 0, "num_mel_bins")?.ok_or("missing num_mel_bins")?;
    let dft_length = scalar_int(n, 1, "dft_length")?.ok_or("missing dft_length")?;
    let sample_rate = scalar_int(n, 2, "sample_rate")?.ok_or("missing sample_rate")?;
    let lower = scalar_float(n, 3, "lower_edge_hertz")?;
    let upper = scalar_float(n, 4, "upper_edge_hertz")?;
    let dtype = output_dtype(n)?;
    if bins < 1 || dft_length < 1 || sample_rate < 1 {
        return Err(format!(
            "num_mel_bins {bins}, dft_length {dft_length} and sample_rate {sample_rate} must be \
             positive"
        ));
    }
    let spectrogram_bins = dft_length / 2 + 1;
    if bins.saturating_mul(spectrogram_bins) > MAX_TABLE {
        return Err(format!(
            "a {spectrogram_bins} x {bins} mel matrix is larger than kiln computes"
        ));
    }
    let mel = |hz: f64| 2595.0 * (hz / 700.0).ln_1p() / 10f64.ln();
    let (low, high) = (mel(lower), mel(upper));
    let step = (high - low) / (bins + 2) as f64;
    let edges: Vec<i64> = (0..bins + 2)
        .map(|i| {
            let hz = 700.0 * ((i as f64 * step + low) / 2595.0 * 10f64.ln()).exp_m1();
            (((dft_length + 1) as f64 * hz) / sample_rate as f64).floor() as i64
        })
        .collect();
    let (rows, cols) = (spectrogram_bins as usize, bins as usize);
    let mut out = vec![0.0; rows * cols];
    let mut set = |j: i64, i: usize, v: f64| -> R<()> {
        if j < 0 || j as usize >= rows {
            return Err(format!(
                "mel bin {i} reaches spectrogram bin {j}, outside [0, {rows}) (the upper edge \
                 frequency passes the Nyquist frequency)"
            ));
        }
        out[j as usize * cols + i] = v;
        Ok(())
    };
    for i in 0..cols {
        let (left, center, right) = (edges[i], edges[i + 1], edges[i + 2]);
        if center == left {
            set(center, i, 1.0)?;
        } else {
            for j in left..=center {
                set(j, i, (j - left) as f64 / (center - left) as f64)?;
            }
        }
        for j in center..right {
            set(j, i, (right - j) as f64 / (right - center) as f64)?;
        }
    }
    let t = Tensor::from_vec(dtype, &[rows, cols], out).map_err(|e| e.to_string())?;
    Ok(konst(t))
}

/// Which transform a DFT matrix computes.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Transform {
    /// `X_k = sum_j x_j e^{-2 pi i j k / n}`, complex out.
    Forward,
    /// `x_j = 1/n sum_k X_k e^{2 pi i j k / n}`, complex out.
    Inverse,
    /// The inverse of a one-sided spectrum (numpy's irfft): real out.
    InverseOneSided,
}

/// `W[j, c_in, k, c_out]` for `rows` input positions, `c_in` input components and `cols` output
/// bins of a length-`len` transform; `(c_out, values)`.
fn dft_matrix(t: Transform, len: u64, rows: u64, c_in: u64, cols: u64) -> (u64, Vec<f64>) {
    let c_out = if t == Transform::InverseOneSided {
        1
    } else {
        2
    };
    let mut w = Vec::with_capacity((rows * c_in * cols * c_out) as usize);
    let nf = len as f64;
    for j in 0..rows {
        for ci in 0..c_in {
            for k in 0..cols {
                // The angle from the exact product modulo n, so that long transforms keep
                // their precision.
                let theta = 2.0 * PI * ((j * k) % len) as f64 / nf;
                let (s, c) = theta.sin_cos();
                for co in 0..c_out {
                    // (a + ib) e^{-i theta}: real a cos + b sin, imag -a sin + b cos.
                    let v = match (t, ci, co) {
                        (Transform::Forward, 0, 0) => c,
                        (Transform::Forward, 1, 0) => s,
                        (Transform::Forward, 0, _) => -s,
                        (Transform::Forward, _, _) => c,
                        (Transform::Inverse, 0, 0) => c / nf,
                        (Transform::Inverse, 1, 0) => -s / nf,
                        (Transform::Inverse, 0, _) => s / nf,
                        (Transform::Inverse, _, _) => c / nf,
                        // Row j is bin j here and column k the output sample: bins other
                        // than 0 and n / 2 stand for their mirror images too; the imaginary
                        // parts of bins 0 and n / 2 are dropped.
                        (Transform::InverseOneSided, ci, _) => {
                            let edge = j == 0 || 2 * j == len;
                            let weight = if edge { 1.0 } else { 2.0 };
                            match (ci, edge) {
                                (0, _) => weight * c / nf,
                                (_, true) => 0.0,
                                _ => -weight * s / nf,
                            }
                        }
                    };
                    w.push(v);
                }
            }
        }
    }
    (c_out, w)
}

fn static_dims(t: &TensorType, what: &str) -> R<Vec<u64>> {
    t.static_shape()
        .ok_or_else(|| format!("{what} of {t} with symbolic dims is not supported"))
}

fn check_length(len: u64, what: &str) -> R<()> {
    if len == 0 || len > MAX_DFT_LENGTH {
        return Err(format!(
            "{what} {len} is outside [1, {MAX_DFT_LENGTH}] (kiln runs a DFT as a dense \
             contraction, not an FFT)"
        ));
    }
    Ok(())
}

fn dft(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    let x = im.value(required(n, 0)?)?;
    let t = im.b.tensor_type(x);
    float_input(&t, n)?;
    let dims = static_dims(&t, "DFT")?;
    let r = dims.len();
    let c_in = *dims.last().unwrap_or(&0);
    if r < 2 || !(c_in == 1 || c_in == 2) {
        return Err(format!(
            "the input {t} must have rank 2 or more and a last dim of 1 (real) or 2 (complex)"
        ));
    }
    let axis = if im.opset >= 20 {
        scalar_int(n, 2, "axis")?.unwrap_or(-2)
    } else {
        n.int("axis", 1)
    };
    let axis = norm_axis(axis, r)?;
    if axis == r - 1 {
        return Err(format!(
            "unsupported attribute: axis = {axis} is the real / imaginary dim of {t}"
        ));
    }
    let inverse = n.int("inverse", 0) != 0;
    let onesided = n.int("onesided", 0) != 0;
    let signal = dims[axis];
    let len = match scalar_int(n, 1, "dft_length")? {
        Some(l) if l < 1 => return Err(format!("dft_length {l} must be positive")),
        Some(l) => l as u64,
        None if inverse && onesided => 2 * signal.saturating_sub(1),
        None => signal,
    };
    check_length(len, "dft_length")?;
    let (transform, rows, cols) = match (inverse, onesided) {
        (false, false) => (Transform::Forward, signal.min(len), len),
        (false, true) => (Transform::Forward, signal.min(len), len / 2 + 1),
        (true, false) => (Transform::Inverse, signal.min(len), len),
        (true, true) => (Transform::InverseOneSided, signal.min(len / 2 + 1), len),
    };
    let (c_out, w) = dft_matrix(transform, len, rows, c_in, cols);
    let shape = [rows as usize, c_in as usize, cols as usize, c_out as usize];
    let w = Tensor::from_vec(t.dtype, &shape, w).map_err(|e| e.to_string())?;
    let w = im.value(&konst(w))?;
    // Loop dims: the output's r dims, then the signal index j (r) and the component ci (r + 1).
    let nd = r + 2;
    let x_map = (0..r)
        .map(|d| {
            AffineExpr::Dim(match d {
                _ if d == axis => r,
                _ if d == r - 1 => r + 1,
                _ => d,
            })
        })
        .collect();
    let w_map = vec![
        AffineExpr::Dim(r),
        AffineExpr::Dim(r + 1),
        AffineExpr::Dim(axis),
        AffineExpr::Dim(r - 1),
    ];
    let mut out = t.shape.clone();
    out[axis] = Dim::Static(cols);
    out[r - 1] = Dim::Static(c_out);
    let map = |results| AffineMap {
        num_dims: nd,
        num_symbols: 0,
        results,
    };
    sum_of_products(
        im,
        &[x, w],
        vec![map(x_map), map(w_map)],
        TensorType::new(out, t.dtype),
        2,
    )
}

fn float_input(t: &TensorType, n: &NodeRef) -> R<()> {
    if !t.dtype.is_float() {
        return Err(format!("{} of {} is not supported", n.op_type, t.dtype));
    }
    Ok(())
}

fn stft(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    let x = im.value(required(n, 0)?)?;
    let t = im.b.tensor_type(x);
    float_input(&t, n)?;
    let dims = static_dims(&t, "STFT")?;
    if dims.len() != 3 || !(dims[2] == 1 || dims[2] == 2) {
        return Err(format!(
            "the signal {t} must be [batch, length, 1] (real) or [batch, length, 2] (complex)"
        ));
    }
    let (signal, c_in) = (dims[1], dims[2]);
    let step = scalar_int(n, 1, "frame_step")?.ok_or("missing input #1 (frame_step)")?;
    if step < 1 {
        return Err(format!("frame_step {step} must be positive"));
    }
    let window = match n.input(2) {
        Some(w) => {
            let w = im.value(w)?;
            let wt = im.b.tensor_type(w);
            if wt.rank() != 1 || wt.dtype != t.dtype {
                return Err(format!("the window {wt} must be a 1-D {} tensor", t.dtype));
            }
            Some((w, static_dims(&wt, "STFT window")?[0]))
        }
        None => None,
    };
    let frame = match (scalar_int(n, 3, "frame_length")?, window) {
        (Some(l), Some((_, wl))) if l as u64 != wl => {
            return Err(format!("frame_length {l} differs from the window's {wl}"))
        }
        (Some(l), _) if l < 1 => return Err(format!("frame_length {l} must be positive")),
        (Some(l), _) => l as u64,
        (None, Some((_, wl))) => wl,
        (None, None) => signal,
    };
    check_length(frame, "frame_length")?;
    if frame > signal {
        return Err(format!(
            "frame_length {frame} is longer than the signal ({signal})"
        ));
    }
    let frames = 1 + (signal - frame) / step as u64;
    let onesided = n.int("onesided", 1) != 0;
    let cols = if onesided { frame / 2 + 1 } else { frame };
    let (c_out, w) = dft_matrix(Transform::Forward, frame, frame, c_in, cols);
    let shape = [frame as usize, c_in as usize, cols as usize, c_out as usize];
    let w = Tensor::from_vec(t.dtype, &shape, w).map_err(|e| e.to_string())?;
    let w = im.value(&konst(w))?;
    // Loop dims: batch, frame, bin, component (parallel), then j, ci (reduced).
    let map = |results| AffineMap {
        num_dims: 6,
        num_symbols: 0,
        results,
    };
    let d = |i| AffineExpr::Dim(i);
    let framed = AffineExpr::Add(
        Box::new(AffineExpr::Mul(
            Box::new(d(1)),
            Box::new(AffineExpr::Constant(step)),
        )),
        Box::new(d(4)),
    );
    let mut inputs = vec![x, w];
    let mut maps = vec![
        map(vec![d(0), framed, d(5)]),
        map(vec![d(4), d(5), d(2), d(3)]),
    ];
    if let Some((wv, _)) = window {
        inputs.push(wv);
        maps.push(map(vec![d(4)]));
    }
    let out = vec![
        t.shape[0].clone(),
        Dim::Static(frames),
        Dim::Static(cols),
        Dim::Static(c_out),
    ];
    sum_of_products(im, &inputs, maps, TensorType::new(out, t.dtype), 2)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The matrix against a direct evaluation of the DFT sum on a random-ish complex signal.
    #[test]
    fn forward_and_inverse_matrices_invert_each_other() {
        let len = 6u64;
        let x: Vec<(f64, f64)> = (0..len)
            .map(|j| ((j as f64 * 0.7).sin(), (j as f64 * 1.3).cos()))
            .collect();
        let apply = |t, rows: u64, cols: u64, input: &[(f64, f64)]| -> Vec<(f64, f64)> {
            let (c_out, w) = dft_matrix(t, len, rows, 2, cols);
            (0..cols)
                .map(|k| {
                    let at = |j: u64, ci: u64, co: u64| {
                        w[(((j * 2 + ci) * cols + k) * c_out + co) as usize]
                    };
                    let mut out = (0.0, 0.0);
                    for j in 0..rows {
                        let (a, b) = input[j as usize];
                        out.0 += a * at(j, 0, 0) + b * at(j, 1, 0);
                        if c_out == 2 {
                            out.1 += a * at(j, 0, 1) + b * at(j, 1, 1);
                        }
                    }
                    out
                })
                .collect()
        };
        let spectrum = apply(Transform::Forward, len, len, &x);
        let back = apply(Transform::Inverse, len, len, &spectrum);
        for (a, b) in x.iter().zip(&back) {
            assert!((a.0 - b.0).abs() < 1e-12 && (a.1 - b.1).abs() < 1e-12);
        }
        // A real signal through a one-sided spectrum and back.
        let real: Vec<(f64, f64)> = x.iter().map(|&(a, _)| (a, 0.0)).collect();
        let half = apply(Transform::Forward, len, len / 2 + 1, &real);
        let back = apply(Transform::InverseOneSided, len / 2 + 1, len, &half);
        for (a, b) in real.iter().zip(&back) {
            assert!((a.0 - b.0).abs() < 1e-12, "{a:?} {b:?}");
        }
    }
}

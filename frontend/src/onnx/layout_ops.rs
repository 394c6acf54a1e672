//! Ops that move or mask elements by position: Trilu, DepthToSpace, SpaceToDepth,
//! CenterCropPad, EyeLike, OneHot.
//!
//! - Trilu: `select(mask, x, 0)` with a constant `[rows, cols]` mask (`j - i >= k` for the
//!   upper triangle, `<= k` for the lower), broadcast over the batch dims; the last two dims
//!   need static sizes and `k` must be a constant.
//! - DepthToSpace and SpaceToDepth (DCR and CRD modes): a reshape to rank 6, a transpose and a
//!   reshape back, as the ONNX definitions spell them; N x C x H x W inputs.
//! - CenterCropPad: per axis, a centered slice (start `floor((dim - size) / 2)`) or a centered
//!   zero pad (`floor((size - dim) / 2)` before); the axes need static sizes.
//! - EyeLike: a constant (the input's shape must be static). OneHot: `select(index == iota,
//!   on, off)` over the index broadcast along the new axis (negative indices count from
//!   `depth`, out-of-range ones give `off` everywhere); `depth` must be a constant.
//! - ReverseSequence: `kiln.gather_elements` along the time axis with the index
//!   `t < len[b] ? len[b] - 1 - t : t`, computed on the device from `sequence_lens` (a
//!   `[time] x [batch]` generic broadcast over the input's shape).

use ndarray::{ArrayD, IxDyn};

use super::context::{const_ints, e, konst, norm_axis, required, Importer, NodeRef, R};
use super::tensor_data::dtype_from_onnx;
use crate::interp::Tensor;
use crate::onnx::shared::reshape::{dims_product, reshape_value};
use crate::syntax::*;

pub(super) fn import(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    match n.op_type {
        "Trilu" => trilu(im, n),
        "DepthToSpace" | "SpaceToDepth" => depth_space(im, n),
        "CenterCropPad" => center_crop_pad(im, n),
        "EyeLike" => eye_like(im, n),
        "OneHot" => one_hot(im, n),
        "ReverseSequence" => reverse_sequence(im, n),
        other => Err(format!("no handler for {other}")),
    }
}

fn trilu(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    let x = im.value(required(n, 0)?)?;
    let t = im.b.tensor_type(x);
    let r = t.rank();
    if r < 2 {
        return Err(format!("needs a rank >= 2 input, got {t}"));
    }
    let k = match const_ints(n, 1, "k")? {
        None => 0,
        Some(v) if v.len() == 1 => v[0],
        Some(v) => return Err(format!("k must be one value, got {v:?}")),
    };
    let (rows, cols) = match (t.shape[r - 2].as_static(), t.shape[r - 1].as_static()) {
        (Some(a), Some(b)) => (a as usize, b as usize),
        _ => return Err(format!("the last two dims of {t} must be static")),
    };
    let upper = n.int("upper", 1) != 0;
    let mask = ArrayD::from_shape_fn(IxDyn(&[rows, cols]), |ix| {
        let diagonal = ix[1] as i64 - ix[0] as i64;
        let keep = if upper { diagonal >= k } else { diagonal <= k };
        f64::from(u8::from(keep))
    });
    let mask = im.value(&konst(Tensor::new(DType::I1, mask)))?;
    let dtype = t.dtype;
    e(im.b.elementwise_with(&[mask, x], dtype, |b, a| {
        let zero = b.constant(0.0, dtype);
        b.push(ScalarOp::Select, &[a[0], a[1], zero], dtype)
    }))
}

fn depth_space(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    let x = im.value(required(n, 0)?)?;
    let t = im.b.tensor_type(x);
    if t.rank() != 4 {
        return Err(format!("needs an N x C x H x W input, got {t}"));
    }
    let bs = n.int("blocksize", 0);
    if bs < 1 {
        return Err(format!("attribute blocksize must be positive, got {bs}"));
    }
    let bs = bs as u64;
    let (nn, c, h, w) = (
        t.shape[0].clone(),
        t.shape[1].as_static(),
        t.shape[2].clone(),
        t.shape[3].clone(),
    );
    let c = c.ok_or_else(|| format!("the channel dim of {t} must be static"))?;
    let s = Dim::Static;
    let (spread, perm, out): (Vec<Dim>, [usize; 6], Vec<Dim>) = if n.op_type == "DepthToSpace" {
        if c % (bs * bs) != 0 {
            return Err(format!(
                "the channels ({c}) are not a multiple of blocksize^2 ({})",
                bs * bs
            ));
        }
        let (hb, wb) = (
            dims_product([&h, &s(bs)].into_iter())?,
            dims_product([&w, &s(bs)].into_iter())?,
        );
        let out = vec![nn.clone(), s(c / (bs * bs)), hb, wb];
        match n.string("mode").as_deref().unwrap_or("DCR") {
            "DCR" => (
                vec![nn, s(bs), s(bs), s(c / (bs * bs)), h, w],
                [0, 3, 4, 1, 5, 2],
                out,
            ),
            "CRD" => (
                vec![nn, s(c / (bs * bs)), s(bs), s(bs), h, w],
                [0, 1, 4, 2, 5, 3],
                out,
            ),
            other => return Err(format!("unsupported attribute: mode = '{other}'")),
        }
    } else {
        let (hs, ws) = match (h.as_static(), w.as_static()) {
            (Some(h), Some(w)) if h % bs == 0 && w % bs == 0 => (h / bs, w / bs),
            _ => {
                return Err(format!(
                    "the spatial dims of {t} must be static multiples of blocksize {bs}"
                ))
            }
        };
        let perm = match n.string("mode").as_deref().unwrap_or("DCR") {
            "DCR" => [0, 3, 5, 1, 2, 4],
            "CRD" => [0, 1, 3, 5, 2, 4],
            other => return Err(format!("unsupported attribute: mode = '{other}'")),
        };
        (
            vec![nn.clone(), s(c), s(hs), s(bs), s(ws), s(bs)],
            perm,
            vec![nn, s(c * bs * bs), s(hs), s(ws)],
        )
    };
    let v = reshape_value(im, x, &spread)?;
    let v = e(im.b.transpose(v, &perm))?;
    reshape_value(im, v, &out)
}

fn center_crop_pad(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    let x = im.value(required(n, 0)?)?;
    let t = im.b.tensor_type(x);
    let r = t.rank();
    let sizes = const_ints(n, 1, "the shape")?.ok_or("missing input #1 (shape)")?;
    let axes: Vec<usize> = match n.ints("axes") {
        Some(a) => a.iter().map(|&a| norm_axis(a, r)).collect::<R<_>>()?,
        None => (0..r).collect(),
    };
    if axes.len() != sizes.len() {
        return Err(format!("{} sizes for {} axes", sizes.len(), axes.len()));
    }
    let mut offsets = vec![0u64; r];
    let mut crop: Vec<u64> = Vec::with_capacity(r);
    let mut low = vec![0u64; r];
    let mut high = vec![0u64; r];
    for d in 0..r {
        crop.push(t.shape[d].as_static().unwrap_or(0));
    }
    for (&a, &size) in axes.iter().zip(&sizes) {
        let dim = t.shape[a]
            .as_static()
            .ok_or_else(|| format!("axis {a} of {t} must have a static size"))?;
        if size < 0 {
            return Err(format!("negative size {size}"));
        }
        let size = size as u64;
        if size < dim {
            offsets[a] = (dim - size) / 2;
            crop[a] = size;
        } else {
            low[a] = (size - dim) / 2;
            high[a] = size - dim - low[a];
        }
    }
    let mut y = x;
    if offsets.iter().any(|&o| o > 0)
        || axes
            .iter()
            .any(|&a| Some(crop[a]) != t.shape[a].as_static())
    {
        if t.static_shape().is_none() {
            return Err(format!("cropping {t} needs static dims"));
        }
        y = e(im.b.extract_slice(y, &offsets, &crop, &vec![1; r]))?;
    }
    if low.iter().chain(&high).any(|&p| p > 0) {
        y = e(im.b.pad(y, &low, &high, 0.0))?;
    }
    if y == x {
        y = e(im.b.elementwise_with(&[x], t.dtype, |_, a| a[0]))?;
    }
    Ok(y)
}

fn eye_like(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    let t = im.ty(required(n, 0)?);
    let dims = t
        .static_shape()
        .filter(|d| d.len() == 2)
        .ok_or_else(|| format!("needs a 2-D input with static dims, got {t}"))?;
    let dtype = match n.attr("dtype").and_then(|a| a.i) {
        Some(code) => dtype_from_onnx(code as i32)
            .ok_or_else(|| format!("unsupported attribute: dtype = {code}"))?,
        None => t.dtype,
    };
    let k = n.int("k", 0);
    let eye = ArrayD::from_shape_fn(IxDyn(&[dims[0] as usize, dims[1] as usize]), |ix| {
        f64::from(u8::from(ix[1] as i64 - ix[0] as i64 == k))
    });
    im.value(&konst(Tensor::new(dtype, eye)))
}

fn one_hot(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    let indices = im.value(required(n, 0)?)?;
    let ti = im.b.tensor_type(indices);
    let depth = match n.input(1) {
        Some(super::context::Entry::Const(c)) if c.data.len() == 1 => {
            c.data.iter().next().copied().unwrap_or(0.0).trunc() as i64
        }
        Some(super::context::Entry::Const(c)) => {
            return Err(format!(
                "depth must be one value, got {} values",
                c.data.len()
            ))
        }
        Some(super::context::Entry::Value(_)) => {
            n.needs_constant.set(Some(1));
            return Err("the depth (input #1) must be a constant".into());
        }
        None => return Err("missing input #1 (depth)".into()),
    };
    if depth < 1 {
        return Err(format!("depth must be positive, got {depth}"));
    }
    let values = im.value(required(n, 2)?)?;
    let tv = im.b.tensor_type(values);
    if tv.static_shape().as_deref() != Some(&[2]) {
        return Err(format!("values must be a 2-element tensor, got {tv}"));
    }
    let dtype = tv.dtype;
    let off = e(im.b.extract_slice(values, &[0], &[1], &[1]))?;
    let on = e(im.b.extract_slice(values, &[1], &[1], &[1]))?;
    let r = ti.rank() + 1;
    let axis = norm_axis(n.int("axis", -1), r)?;
    let mut spread = ti.shape.clone();
    spread.insert(axis, Dim::Static(1));
    let idx = reshape_value(im, indices, &spread)?;
    let mut iota_shape = vec![depth as usize];
    iota_shape.extend(std::iter::repeat_n(1, r - axis - 1));
    let iota = Tensor::from_vec(
        DType::I64,
        &iota_shape,
        (0..depth).map(|i| i as f64).collect(),
    )
    .map_err(|e| e.to_string())?;
    let iota = im.value(&konst(iota))?;
    e(im.b.elementwise_with(&[idx, iota, on, off], dtype, |b, a| {
        // The index as i64 (floats truncated), negative ones counted from depth.
        let i = b.cast(a[0], DType::I64);
        let zero = b.constant(0.0, DType::I64);
        let dep = b.constant(depth as f64, DType::I64);
        let neg = b.push(ScalarOp::CmpI(CmpIPredicate::Slt), &[i, zero], DType::I1);
        let shifted = b.push(ScalarOp::AddI, &[i, dep], DType::I64);
        let i = b.push(ScalarOp::Select, &[neg, shifted, i], DType::I64);
        let hit = b.push(ScalarOp::CmpI(CmpIPredicate::Eq), &[i, a[1]], DType::I1);
        b.push(ScalarOp::Select, &[hit, a[2], a[3]], dtype)
    }))
}

fn reverse_sequence(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    let x = im.value(required(n, 0)?)?;
    let lens = im.value(required(n, 1)?)?;
    let t = im.b.tensor_type(x);
    let r = t.rank();
    if r < 2 {
        return Err(format!("the input {t} must have rank >= 2"));
    }
    let time = norm_axis(n.int("time_axis", 0), r)?;
    let batch = norm_axis(n.int("batch_axis", 1), r)?;
    if time == batch || time > 1 || batch > 1 {
        return Err(format!(
            "unsupported attributes time_axis = {time}, batch_axis = {batch} (0 and 1, distinct)"
        ));
    }
    if time == 1 {
        // Time first (lavapipe gave wrong numbers for the gather along dim 1 fed by this index
        // generic; along dim 0 it is right): swap, reverse, swap back.
        let mut perm: Vec<usize> = (0..r).collect();
        perm.swap(0, 1);
        let swapped = e(im.b.transpose(x, &perm))?;
        let y = reverse_time_first(im, swapped, lens)?;
        return e(im.b.transpose(y, &perm));
    }
    reverse_time_first(im, x, lens)
}

/// ReverseSequence with time on dim 0 and batch on dim 1.
fn reverse_time_first(im: &mut Importer, x: ValueId, lens: ValueId) -> R<ValueId> {
    let t = im.b.tensor_type(x);
    let r = t.rank();
    let (time, batch) = (0, 1);
    let steps = t.shape[time]
        .as_static()
        .ok_or_else(|| format!("the time axis of {t} must have a static size"))?;
    let lt = im.b.tensor_type(lens);
    if lt.dtype.is_float() || lt.dtype == DType::I1 || lt.rank() != 1 {
        return Err(format!(
            "sequence_lens must be a 1-D integer tensor, got {lt}"
        ));
    }
    let lens = e(im.b.cast(lens, DType::I64))?;
    let mut lens_shape = vec![Dim::Static(1); r];
    lens_shape[batch] = t.shape[batch].clone();
    let lens = reshape_value(im, lens, &lens_shape)?;
    let mut iota_shape = vec![1usize; r];
    iota_shape[time] = steps as usize;
    let iota = Tensor::from_vec(
        DType::I64,
        &iota_shape,
        (0..steps).map(|i| i as f64).collect(),
    )
    .map_err(|e| e.to_string())?;
    let iota = im.value(&konst(iota))?;
    // `x` only lends its shape: the index is broadcast to it.
    let index = e(im.b.elementwise_with(&[lens, iota, x], DType::I64, |b, a| {
        let inside = b.push(ScalarOp::CmpI(CmpIPredicate::Slt), &[a[1], a[0]], DType::I1);
        let one = b.constant(1.0, DType::I64);
        let last = b.push(ScalarOp::SubI, &[a[0], one], DType::I64);
        let mirrored = b.push(ScalarOp::SubI, &[last, a[1]], DType::I64);
        b.push(ScalarOp::Select, &[inside, mirrored, a[1]], DType::I64)
    }))?;
    e(im.b.gather_elements(x, index, time))
}

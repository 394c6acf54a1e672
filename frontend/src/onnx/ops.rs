//! ONNX op by op: each handler turns one node into Tensor IR ops (or a host constant).
//!
//! Mapping: elementwise ops -> `linalg.generic` (numpy broadcasting in the maps); MatMul ->
//! `linalg.matmul` / `linalg.batch_matmul` (batch dims broadcast, then collapsed); Gemm ->
//! transposes + matmul + a generic for `alpha * AB + beta * C`; Conv -> `tensor.pad` +
//! `conv_2d_nchw_fchw` (group 1), `depthwise_conv_2d_nchw_chw` (group = channels = filters), or
//! `conv_2d_ngchw_gfchw` between reshapes (other groups), then a bias generic; 1-D Conv and pools
//! run as 2-D with height 1; MaxPool -> pad with -inf + `pooling_nchw_max`; AveragePool ->
//! `pooling_nchw_sum` divided by a constant tensor of per-window counts (so `count_include_pad`
//! and `ceil_mode` are exact); global pools and Reduce* -> `linalg.reduce` (+ reshape for
//! keepdims); Softmax -> `linalg.softmax`; shape ops -> `tensor.collapse_shape` /
//! `expand_shape` / `extract_slice` / `concat` / `pad`, `linalg.transpose`; Gather /
//! GatherElements -> `kiln.gather` / `kiln.gather_elements` (a few strided slices for constant
//! indices in arithmetic runs).
//! Pad's edge / reflect / wrap modes concatenate unit slices of the input around it.
//! Not handled (errors name the attribute): negative pads, 3-D Conv, shapes / axes / pads that
//! no constant or input value (`kiln run`'s specialization) gives. Element types without a
//! DType of their own are held in wider ones (`elem_types.rs`). The operators and their handlers
//! are listed in `registry.rs`; the reshape-like ones are in `reshape.rs`; the reshape,
//! contraction, conv-window and reduction helpers they share with other families in `shared/`.

use ndarray::{ArrayD, IxDyn};

use super::context::{
    const_ints, e, float_only, konst, norm_axis, required, Entry, Importer, NodeRef, R,
};
use super::tensor_data::tensor_from_proto;
use crate::interp::Tensor;
use crate::onnx::shared::reshape::reshape_entry;
use crate::syntax::*;

mod contraction;
mod conv_pool;
mod conv_transpose;
mod reshape;
pub(super) use contraction::*;
pub(super) use conv_pool::*;
pub(super) use conv_transpose::*;
pub(super) use reshape::{flatten, reshape_node, squeeze};

// ----- handlers of the registry (`registry.rs`) -----

pub(super) fn identity(_: &mut Importer, n: &NodeRef) -> R<Vec<Entry>> {
    Ok(vec![required(n, 0)?.clone()])
}

pub(super) fn add(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    binary(im, n, ScalarOp::AddF, ScalarOp::AddI)
}

pub(super) fn sub(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    binary(im, n, ScalarOp::SubF, ScalarOp::SubI)
}

pub(super) fn mul(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    binary(im, n, ScalarOp::MulF, ScalarOp::MulI)
}

pub(super) fn div(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    binary(im, n, ScalarOp::DivF, ScalarOp::DivSI)
}

pub(super) fn max(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    variadic(im, n, ScalarOp::MaximumF, ScalarOp::MaxSI)
}

pub(super) fn min(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    variadic(im, n, ScalarOp::MinimumF, ScalarOp::MinSI)
}

pub(super) fn sum(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    variadic(im, n, ScalarOp::AddF, ScalarOp::AddI)
}

pub(super) fn abs(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    unary(im, n, Some(ScalarOp::AbsF), Some(ScalarOp::AbsI))
}

pub(super) fn exp(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    unary(im, n, Some(ScalarOp::Exp), None)
}

pub(super) fn log(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    unary(im, n, Some(ScalarOp::Log), None)
}

pub(super) fn sqrt(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    unary(im, n, Some(ScalarOp::Sqrt), None)
}

pub(super) fn erf(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    unary(im, n, Some(ScalarOp::Erf), None)
}

// ----- constants and shapes -----

pub(super) fn constant(im: &mut Importer, n: &NodeRef) -> R<Vec<Entry>> {
    let scalar = |dtype: DType, shape: &[usize], v: Vec<f64>| {
        Tensor::from_vec(dtype, shape, v).map_err(|e| e.to_string())
    };
    let t = if let Some(a) = n.attr("value") {
        let t = a.t.as_ref().ok_or("attribute 'value' holds no tensor")?;
        tensor_from_proto(t, im.base_dir).map_err(|e| e.to_string())?
    } else if let Some(a) = n.attr("value_float") {
        scalar(DType::F32, &[], vec![a.f.unwrap_or(0.0) as f64])?
    } else if let Some(a) = n.attr("value_floats") {
        scalar(
            DType::F32,
            &[a.floats.len()],
            a.floats.iter().map(|&x| x as f64).collect(),
        )?
    } else if let Some(a) = n.attr("value_int") {
        scalar(DType::I64, &[], vec![a.i.unwrap_or(0) as f64])?
    } else if let Some(a) = n.attr("value_ints") {
        scalar(
            DType::I64,
            &[a.ints.len()],
            a.ints.iter().map(|&x| x as f64).collect(),
        )?
    } else {
        return Err(
            "unsupported attribute: Constant needs value, value_float(s) or value_int(s)".into(),
        );
    };
    Ok(vec![konst(t)])
}

pub(super) fn constant_of_shape(_: &mut Importer, n: &NodeRef) -> R<Vec<Entry>> {
    let shape = const_ints(n, 0, "the shape")?.ok_or("missing shape input")?;
    if shape.iter().any(|&d| d < 0) {
        return Err(format!("negative dims {shape:?}"));
    }
    let (dtype, value) = match n.attr("value").and_then(|a| a.t.as_ref()) {
        Some(t) => {
            let t = tensor_from_proto(t, None).map_err(|e| e.to_string())?;
            (t.dtype, t.data.iter().next().copied().unwrap_or(0.0))
        }
        None => (DType::F32, 0.0),
    };
    let shape: Vec<usize> = shape.iter().map(|&d| d as usize).collect();
    let fits = shape
        .iter()
        .try_fold(1usize, |n, &d| n.checked_mul(d))
        .and_then(|n| n.checked_mul(8))
        .is_some_and(|b| b <= crate::interp::MAX_HOST_TENSOR_BYTES);
    if !fits {
        return Err(format!(
            "shape {shape:?} is larger than a host constant may be"
        ));
    }
    Ok(vec![konst(Tensor::new(
        dtype,
        ArrayD::from_elem(IxDyn(&shape), value),
    ))])
}

pub(super) fn shape(im: &mut Importer, n: &NodeRef) -> R<Vec<Entry>> {
    let t = im.ty(required(n, 0)?);
    let dims = t.static_shape().ok_or_else(|| {
        // Name the flags that fix it: `--dim seq=SIZE` for each symbolic dim of the input.
        let mut flags: Vec<String> = Vec::new();
        for d in &t.shape {
            if let Dim::Symbol(name) = d {
                let flag = format!("--dim {name}=SIZE");
                if !flags.contains(&flag) {
                    flags.push(flag);
                }
            }
        }
        format!(
            "Shape of {t} with symbolic dims cannot be folded to a constant (give the dims sizes: `{}`)",
            flags.join(" ")
        )
    })?;
    let r = dims.len() as i64;
    let clamp = |x: i64| if x < 0 { (x + r).max(0) } else { x.min(r) } as usize;
    let (start, end) = if im.opset >= 15 {
        (clamp(n.int("start", 0)), clamp(n.int("end", r)))
    } else {
        (0, r as usize)
    };
    let v: Vec<f64> = dims[start..end.max(start)]
        .iter()
        .map(|&d| d as f64)
        .collect();
    Ok(vec![konst(
        Tensor::from_vec(DType::I64, &[v.len()], v).map_err(|e| e.to_string())?,
    )])
}

pub(super) fn dropout(im: &mut Importer, n: &NodeRef) -> R<Vec<Entry>> {
    let x = required(n, 0)?.clone();
    if im.opset >= 12 {
        if let Some(t) = const_ints(n, 2, "training_mode")? {
            if t.first().is_some_and(|&m| m != 0) {
                // Training mode drops each element with probability `ratio`: determined (the
                // identity, an all-true mask) only for ratio 0.
                let ratio = match n.input(1) {
                    None => 0.5,
                    Some(Entry::Const(r)) => r.data.iter().next().copied().unwrap_or(0.5),
                    Some(Entry::Value(_)) => {
                        n.needs_constant.set(Some(1));
                        return Err(
                            "in training mode the ratio (input #1) must be a constant".into()
                        );
                    }
                };
                if ratio != 0.0 {
                    return Err(format!(
                        "training_mode = true with ratio {ratio} is not supported: its output is \
                         random (only ratio 0 is determined)"
                    ));
                }
            }
        }
    }
    let mut out = vec![x.clone()];
    if n.num_outputs > 1 {
        let shape = im
            .ty(&x)
            .static_shape()
            .ok_or("the mask output needs a static shape")?;
        let shape: Vec<usize> = shape.iter().map(|&d| d as usize).collect();
        out.push(konst(Tensor::new(
            DType::I1,
            ArrayD::from_elem(IxDyn(&shape), 1.0),
        )));
    }
    Ok(out)
}

// ----- elementwise -----

fn binary(im: &mut Importer, n: &NodeRef, fop: ScalarOp, iop: ScalarOp) -> R<ValueId> {
    let a = im.value(required(n, 0)?)?;
    let b = im.value(required(n, 1)?)?;
    let (ta, tb) = (im.b.value_type(a).dtype(), im.b.value_type(b).dtype());
    if ta != tb {
        return Err(format!("operand types differ: {ta} and {tb}"));
    }
    if ta == DType::I1 {
        return Err("arithmetic on bool tensors is not supported".into());
    }
    e(im.b.elementwise(if ta.is_float() { fop } else { iop }, &[a, b]))
}

fn variadic(im: &mut Importer, n: &NodeRef, fop: ScalarOp, iop: ScalarOp) -> R<ValueId> {
    let inputs: Vec<Entry> = n.inputs.iter().flatten().cloned().collect();
    let mut acc = im.value(inputs.first().ok_or("needs at least one input")?)?;
    let dtype = im.b.value_type(acc).dtype();
    let op = if dtype.is_float() { fop } else { iop };
    if inputs.len() == 1 {
        // Still a fresh value, so that the output is not aliased to the input.
        return e(im.b.elementwise_with(&[acc], dtype, |_, a| a[0]));
    }
    for x in &inputs[1..] {
        let v = im.value(x)?;
        acc = e(im.b.elementwise(op, &[acc, v]))?;
    }
    Ok(acc)
}

pub(super) fn mean(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    let count = n.inputs.iter().flatten().count() as f64;
    let s = variadic(im, n, ScalarOp::AddF, ScalarOp::AddI)?;
    let dtype = im.b.value_type(s).dtype();
    if !dtype.is_float() {
        return Err("Mean of integers is not supported".into());
    }
    e(im.b.elementwise_with(&[s], dtype, |b, a| {
        let c = b.constant(count, dtype);
        b.push(ScalarOp::DivF, &[a[0], c], dtype)
    }))
}

pub(super) fn pow(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    let a = im.value(required(n, 0)?)?;
    let b = im.value(required(n, 1)?)?;
    let dtype = im.b.value_type(a).dtype();
    if dtype == DType::I1 {
        return Err("Pow of bool is not supported".into());
    }
    e(im.b.elementwise_with(&[a, b], dtype, |bb, x| {
        if dtype.is_float() {
            let y = bb.cast(x[1], dtype);
            bb.push(ScalarOp::PowF, &[x[0], y], dtype)
        } else {
            // Integer powers through f64 (exact below 2^53), truncated back.
            let base = bb.cast(x[0], DType::F64);
            let exp = bb.cast(x[1], DType::F64);
            let p = bb.push(ScalarOp::PowF, &[base, exp], DType::F64);
            bb.cast(p, dtype)
        }
    }))
}

fn unary(
    im: &mut Importer,
    n: &NodeRef,
    fop: Option<ScalarOp>,
    iop: Option<ScalarOp>,
) -> R<ValueId> {
    let x = im.value(required(n, 0)?)?;
    let dtype = im.b.value_type(x).dtype();
    let op = if dtype.is_float() { fop } else { iop };
    let op = op.ok_or_else(|| format!("{} of {dtype} is not supported", n.op_type))?;
    e(im.b.elementwise(op, &[x]))
}

pub(super) fn neg(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    let x = im.value(required(n, 0)?)?;
    let dtype = im.b.value_type(x).dtype();
    e(im.b.elementwise_with(&[x], dtype, |b, a| {
        if dtype.is_float() {
            b.push(ScalarOp::NegF, &[a[0]], dtype)
        } else {
            let z = b.constant(0.0, dtype);
            b.push(ScalarOp::SubI, &[z, a[0]], dtype)
        }
    }))
}

pub(super) fn relu(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    let x = im.value(required(n, 0)?)?;
    let dtype = im.b.value_type(x).dtype();
    e(im.b.elementwise_with(&[x], dtype, |b, a| {
        let z = b.constant(0.0, dtype);
        let op = if dtype.is_float() {
            ScalarOp::MaximumF
        } else {
            ScalarOp::MaxSI
        };
        b.push(op, &[a[0], z], dtype)
    }))
}

pub(super) fn leaky_relu(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    let x = im.value(required(n, 0)?)?;
    let dtype = im.b.value_type(x).dtype();
    let alpha = n.float("alpha", 0.01) as f64;
    float_only(dtype, n)?;
    e(im.b.elementwise_with(&[x], dtype, |b, a| {
        let z = b.constant(0.0, dtype);
        let neg = b.push(ScalarOp::CmpF(CmpFPredicate::Olt), &[a[0], z], DType::I1);
        let al = b.constant(alpha, dtype);
        let scaled = b.push(ScalarOp::MulF, &[a[0], al], dtype);
        b.push(ScalarOp::Select, &[neg, scaled, a[0]], dtype)
    }))
}

pub(super) fn sigmoid(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    let x = im.value(required(n, 0)?)?;
    let dtype = im.b.value_type(x).dtype();
    float_only(dtype, n)?;
    e(im.b.elementwise_with(&[x], dtype, |b, a| {
        let ng = b.push(ScalarOp::NegF, &[a[0]], dtype);
        let ex = b.push(ScalarOp::Exp, &[ng], dtype);
        let one = b.constant(1.0, dtype);
        let den = b.push(ScalarOp::AddF, &[one, ex], dtype);
        b.push(ScalarOp::DivF, &[one, den], dtype)
    }))
}

pub(super) fn clip(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    let x = im.value(required(n, 0)?)?;
    let dtype = im.b.value_type(x).dtype();
    let (max_op, min_op) = if dtype.is_float() {
        (ScalarOp::MaximumF, ScalarOp::MinimumF)
    } else {
        (ScalarOp::MaxSI, ScalarOp::MinSI)
    };
    if im.opset < 11 {
        let lo = n.float("min", f32::NEG_INFINITY) as f64;
        let hi = n.float("max", f32::INFINITY) as f64;
        return e(im.b.elementwise_with(&[x], dtype, |b, a| {
            let l = b.constant(lo, dtype);
            let h = b.constant(hi, dtype);
            let m = b.push(max_op, &[a[0], l], dtype);
            b.push(min_op, &[m, h], dtype)
        }));
    }
    let mut inputs = vec![x];
    let lo = n.input(1).cloned();
    let hi = n.input(2).cloned();
    if let Some(l) = &lo {
        inputs.push(im.value(l)?);
    }
    if let Some(h) = &hi {
        inputs.push(im.value(h)?);
    }
    let (has_lo, has_hi) = (lo.is_some(), hi.is_some());
    e(im.b.elementwise_with(&inputs, dtype, |b, a| {
        let mut v = a[0];
        let mut k = 1;
        if has_lo {
            v = b.push(max_op, &[v, a[k]], dtype);
            k += 1;
        }
        if has_hi {
            v = b.push(min_op, &[v, a[k]], dtype);
        }
        v
    }))
}

// ----- reshapes -----

pub(super) fn transpose(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    let x = im.value(required(n, 0)?)?;
    let r = im.b.tensor_type(x).rank();
    let perm: Vec<usize> = match n.ints("perm") {
        Some(p) => p.iter().map(|&a| norm_axis(a, r)).collect::<R<_>>()?,
        None => (0..r).rev().collect(),
    };
    e(im.b.transpose(x, &perm))
}

pub(super) fn concat(im: &mut Importer, n: &NodeRef) -> R<Entry> {
    let inputs: Vec<Entry> = n.inputs.iter().flatten().cloned().collect();
    let first = inputs.first().ok_or("needs at least one input")?;
    let r = im.ty(first).rank();
    let axis = norm_axis(n.int("axis", 0), r)?;
    // Empty inputs (a zero-size axis) contribute nothing; when all are empty (a decoder's
    // empty past concatenated with an empty past) the result is the first of them.
    let first = first.clone();
    let inputs: Vec<Entry> = inputs
        .into_iter()
        .filter(|x| im.ty(x).shape.get(axis) != Some(&Dim::Static(0)))
        .collect();
    match inputs.len() {
        0 => return Ok(first),
        1 => return Ok(inputs[0].clone()),
        _ => {}
    }
    let mut vs = Vec::new();
    for x in &inputs {
        vs.push(im.value(x)?);
    }
    Ok(Entry::Value(e(im.b.concat(&vs, axis))?))
}

pub(super) fn pad(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    let mode = n.string("mode").unwrap_or_else(|| "constant".into());
    if !["constant", "edge", "reflect", "wrap"].contains(&mode.as_str()) {
        return Err(format!("unsupported attribute: mode = '{mode}'"));
    }
    let x = required(n, 0)?;
    let t = im.ty(x);
    let r = t.rank();
    let (pads, value) = if im.opset >= 11 {
        let pads = const_ints(n, 1, "pads")?.ok_or("missing pads input")?;
        let value = match n.input(2) {
            Some(Entry::Const(c)) => c.data.iter().next().copied().unwrap_or(0.0),
            Some(Entry::Value(_)) => {
                n.needs_constant.set(Some(2));
                return Err("constant_value (input #2) must be a constant".into());
            }
            None => 0.0,
        };
        (pads, value)
    } else {
        (
            n.ints("pads").ok_or("missing pads attribute")?,
            n.float("value", 0.0) as f64,
        )
    };
    let axes: Vec<usize> = match const_ints(n, 3, "axes")? {
        Some(a) if im.opset >= 18 => a.iter().map(|&a| norm_axis(a, r)).collect::<R<_>>()?,
        _ => (0..r).collect(),
    };
    if pads.len() != 2 * axes.len() {
        return Err(format!("{} pads for {} axes", pads.len(), axes.len()));
    }
    if pads.iter().any(|&p| p < 0) {
        return Err(format!("unsupported attribute: negative pads {pads:?}"));
    }
    let (mut low, mut high) = (vec![0u64; r], vec![0u64; r]);
    for (k, &a) in axes.iter().enumerate() {
        low[a] = pads[k] as u64;
        high[a] = pads[k + axes.len()] as u64;
    }
    let v = im.value(x)?;
    if low.iter().chain(&high).all(|&p| p == 0) {
        return e(im.b.elementwise_with(&[v], t.dtype, |_, a| a[0]));
    }
    if mode == "constant" {
        return e(im.b.pad(v, &low, &high, value));
    }
    // edge / reflect / wrap: per padded axis, concatenate unit slices of the input around it.
    let mut cur = v;
    for a in 0..r {
        if low[a] == 0 && high[a] == 0 {
            continue;
        }
        let ct = im.b.tensor_type(cur);
        let shape = ct
            .static_shape()
            .ok_or("non-constant padding needs static dims")?;
        let size = shape[a];
        let (lo, hi) = (low[a], high[a]);
        if size == 0
            || (mode == "reflect" && (lo >= size || hi >= size))
            || (mode == "wrap" && (lo > size || hi > size))
        {
            return Err(format!(
                "unsupported attribute: {mode} padding of {lo}/{hi} on a dim of size {size}"
            ));
        }
        let index = |j: i64| -> u64 {
            // j < 0: the j-th position before the start; j >= size: after the end.
            let n = size as i64;
            match mode.as_str() {
                "edge" => j.clamp(0, n - 1) as u64,
                "reflect" => {
                    (if j < 0 {
                        -j
                    } else if j >= n {
                        2 * (n - 1) - j
                    } else {
                        j
                    }) as u64
                }
                _ => j.rem_euclid(n) as u64,
            }
        };
        let mut pieces = Vec::new();
        let slice = |im: &mut Importer, i: u64| -> R<ValueId> {
            let mut offsets = vec![0u64; r];
            let mut sizes = shape.clone();
            offsets[a] = i;
            sizes[a] = 1;
            e(im.b.extract_slice(cur, &offsets, &sizes, &vec![1; r]))
        };
        for j in -(lo as i64)..0 {
            pieces.push(slice(im, index(j))?);
        }
        pieces.push(cur);
        for j in size as i64..(size + hi) as i64 {
            pieces.push(slice(im, index(j))?);
        }
        cur = e(im.b.concat(&pieces, a))?;
    }
    Ok(cur)
}

pub(super) fn gather(im: &mut Importer, n: &NodeRef) -> R<Entry> {
    let data = required(n, 0)?;
    let t = im.ty(data);
    let r = t.rank();
    let axis = norm_axis(n.int("axis", 0), r)?;
    let indices_entry = required(n, 1)?;
    let idx_type = im.ty(indices_entry);
    if !idx_type.dtype.is_int() || idx_type.dtype == DType::I1 {
        return Err(format!(
            "indices must be int32 or int64, got {}",
            idx_type.dtype
        ));
    }
    // Constant indices along a static dim that form a few arithmetic runs (a range, every other
    // channel): strided slices, which later fuse as plain index remappings. Anything else (a
    // permutation, an embedding lookup, indices computed at run time) is one `kiln.gather`
    // reading its indices from a buffer, so kernel code does not grow with the index count.
    if let (Entry::Const(indices), Some(size)) = (indices_entry, t.shape[axis].as_static()) {
        let size = size as i64;
        let idx: Vec<u64> = indices
            .data
            .iter()
            .map(|&i| {
                let i = i as i64;
                let j = if i < 0 { i + size } else { i };
                if j < 0 || j >= size {
                    Err(format!("index {i} out of range for dim of size {size}"))
                } else {
                    Ok(j as u64)
                }
            })
            .collect::<R<_>>()?;
        let runs = arithmetic_runs(&idx);
        if !runs.is_empty() && runs.len() <= MAX_GATHER_SLICES && t.static_shape().is_some() {
            let v = im.value(data)?;
            let mut slices = Vec::new();
            for (start, step, len) in runs {
                let mut offsets = vec![0u64; r];
                let mut sizes: Vec<u64> =
                    t.shape.iter().map(|d| d.as_static().unwrap_or(0)).collect();
                let mut strides = vec![1u64; r];
                offsets[axis] = start;
                sizes[axis] = len;
                strides[axis] = step;
                slices.push(e(im.b.extract_slice(v, &offsets, &sizes, &strides))?);
            }
            let joined = if slices.len() == 1 {
                slices[0]
            } else {
                e(im.b.concat(&slices, axis))?
            };
            let mut out: Vec<Dim> = t.shape[..axis].to_vec();
            out.extend(indices.shape().iter().map(|&d| Dim::Static(d as u64)));
            out.extend_from_slice(&t.shape[axis + 1..]);
            return reshape_entry(im, &Entry::Value(joined), &out);
        }
    }
    let v = im.value(data)?;
    let i = im.value(indices_entry)?;
    Ok(Entry::Value(e(im.b.gather(v, i, axis))?))
}

/// The most strided slices a constant-index `Gather` becomes before it is a `kiln.gather`: each
/// is a piece of a concat that the kernel selects among, so code grows with their number.
const MAX_GATHER_SLICES: usize = 4;

pub(super) fn gather_elements(im: &mut Importer, n: &NodeRef) -> R<Entry> {
    let data = required(n, 0)?;
    let indices = required(n, 1)?;
    let (t, it) = (im.ty(data), im.ty(indices));
    if it.rank() != t.rank() {
        return Err(format!(
            "indices have rank {} but data has rank {}",
            it.rank(),
            t.rank()
        ));
    }
    let axis = norm_axis(n.int("axis", 0), t.rank())?;
    if !it.dtype.is_int() || it.dtype == DType::I1 {
        return Err(format!("indices must be int32 or int64, got {}", it.dtype));
    }
    let v = im.value(data)?;
    let i = im.value(indices)?;
    Ok(Entry::Value(e(im.b.gather_elements(v, i, axis))?))
}

/// `indices` as maximal runs `(start, step, length)` of increasing arithmetic progressions
/// (step >= 1); a repeated or decreasing index starts a new run.
fn arithmetic_runs(indices: &[u64]) -> Vec<(u64, u64, u64)> {
    let mut runs = Vec::new();
    let mut i = 0;
    while i < indices.len() {
        let start = indices[i];
        let step = match indices.get(i + 1) {
            Some(&next) if next > start => next - start,
            _ => {
                runs.push((start, 1, 1));
                i += 1;
                continue;
            }
        };
        let mut end = i + 1;
        while end + 1 < indices.len() && indices[end + 1] == indices[end] + step {
            end += 1;
        }
        runs.push((start, step, (end - i + 1) as u64));
        i = end + 1;
    }
    runs
}

#[cfg(test)]
mod tests {
    use super::arithmetic_runs;

    #[test]
    fn gather_indices_group_into_arithmetic_runs() {
        assert_eq!(
            arithmetic_runs(&(0..128).collect::<Vec<_>>()),
            vec![(0, 1, 128)]
        );
        assert_eq!(arithmetic_runs(&[1, 3, 5, 7]), vec![(1, 2, 4)]);
        assert_eq!(
            arithmetic_runs(&[4, 4, 2, 0, 1, 2, 9]),
            vec![(4, 1, 1), (4, 1, 1), (2, 1, 1), (0, 1, 3), (9, 1, 1)]
        );
        assert_eq!(arithmetic_runs(&[7]), vec![(7, 1, 1)]);
        assert_eq!(arithmetic_runs(&[]), vec![]);
    }
}

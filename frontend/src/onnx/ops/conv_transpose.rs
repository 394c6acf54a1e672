//! ONNX ConvTranspose (1-D, 2-D, 3-D and more) as an ordinary convolution: the input gets `stride - 1`
//! zeros between its elements (a reshape to `[N, C, H, 1, W, 1]`, `tensor.pad` of the unit dims,
//! a reshape back), is padded by `dilation * (kernel - 1) - pad` on each side (cropped where that
//! is negative), and is convolved at stride 1 with the filter transposed to `[M, C / group, ...]`
//! and flipped spatially (on the host: the filter must be a constant, or specialized on its
//! value). Exact: every product the definition sums is summed, plus zeros. 1-D and 2-D run as
//! `conv_2d` ops; 3 spatial dims and more as one generic (`stride_one_conv`).
//!
//! Attributes: `strides`, `pads`, `dilations`, `group`, `output_padding`, `output_shape` (with
//! `auto_pad` deciding how its total padding splits, as ONNX's reference does), `auto_pad`
//! (`NOTSET`, `VALID`, `SAME_UPPER`, `SAME_LOWER`), `kernel_shape` (checked against the filter).
//! Refused by name: symbolic spatial dims or channels. MaxUnpool is at the end.

use ndarray::{ArrayD, IxDyn};

use crate::interp::Tensor;
use crate::onnx::context::{
    const_ints, e, float_only, konst, required, Entry, Importer, NodeRef, R,
};
use crate::onnx::shared::contraction::{narrow_to, wide_accumulator};
use crate::onnx::shared::conv::{from_2d, grouped_conv, to_2d};
use crate::onnx::shared::reshape::{reshape_value, shaped};
use crate::syntax::*;

/// Begin padding and output size of one spatial axis.
struct Axis1 {
    input: u64,
    kernel: u64,
    stride: u64,
    dilation: u64,
    pad_begin: i64,
    output: u64,
}

fn axes(n: &NodeRef, input: &[u64], kernel: &[u64], one_d: bool) -> R<Vec<Axis1>> {
    let s = input.len() - usize::from(one_d);
    let list = |name: &str, default: i64, len: usize| -> R<Vec<i64>> {
        let v = n.ints(name).unwrap_or_else(|| vec![default; len]);
        if v.len() != len {
            return Err(format!(
                "unsupported attribute: {name} has {} values for {s} spatial dims",
                v.len()
            ));
        }
        Ok(v)
    };
    let strides = list("strides", 1, s)?;
    let dilations = list("dilations", 1, s)?;
    let output_padding = list("output_padding", 0, s)?;
    let pads = list("pads", 0, 2 * s)?;
    let output_shape = match n.ints("output_shape") {
        // output_shape may also list N and C.
        Some(o) if o.len() == s + 2 => Some(o[2..].to_vec()),
        Some(o) if o.len() == s => Some(o),
        Some(o) => {
            return Err(format!(
                "unsupported attribute: output_shape {o:?} does not fit {s} spatial dims"
            ))
        }
        None => None,
    };
    let auto_pad = n.string("auto_pad").unwrap_or_else(|| "NOTSET".into());
    if !matches!(
        auto_pad.as_str(),
        "NOTSET" | "VALID" | "SAME_UPPER" | "SAME_LOWER"
    ) {
        return Err(format!("unsupported attribute: auto_pad = '{auto_pad}'"));
    }
    if strides.iter().chain(&dilations).any(|&x| x < 1) {
        return Err("unsupported attribute: strides and dilations must be positive".into());
    }
    if output_padding.iter().any(|&x| x < 0) || pads.iter().any(|&x| x < 0) {
        return Err("unsupported attribute: negative pads or output_padding".into());
    }
    let limit = i32::MAX as i64;
    let offset = usize::from(one_d);
    let mut out = Vec::new();
    if one_d {
        out.push(Axis1 {
            input: 1,
            kernel: 1,
            stride: 1,
            dilation: 1,
            pad_begin: 0,
            output: 1,
        });
    }
    for i in 0..s {
        let (inp, k) = (input[i + offset] as i64, kernel[i + offset] as i64);
        let (st, d, op) = (strides[i], dilations[i], output_padding[i]);
        if [inp, k, st, d, op, pads[i], pads[i + s]]
            .iter()
            .any(|&x| x > limit)
        {
            return Err(format!("spatial axis {i}: sizes pass 2^31-1"));
        }
        let natural = st * (inp - 1) + op + (k - 1) * d + 1;
        // As ONNX's reference: the half rounds down (a negative total too).
        let split = |total: i64| -> (i64, i64) {
            let half = total.div_euclid(2);
            if auto_pad == "SAME_UPPER" {
                (half, total - half)
            } else {
                (total - half, half)
            }
        };
        let (pad_begin, output) = match (&output_shape, auto_pad.as_str()) {
            (Some(o), _) if n.ints("pads").is_none() => (split(natural - o[i]).0, o[i]),
            (Some(o), _) => (pads[i], o[i]),
            (None, "SAME_UPPER" | "SAME_LOWER") => {
                let o = inp * st;
                (split(natural - o).0, o)
            }
            (None, "VALID") => (0, natural),
            (None, _) => (pads[i], natural - pads[i] - pads[i + s]),
        };
        if output < 1 || output > limit {
            return Err(format!(
                "spatial axis {i}: the output size would be {output}"
            ));
        }
        out.push(Axis1 {
            input: inp as u64,
            kernel: k as u64,
            stride: st as u64,
            dilation: d as u64,
            pad_begin,
            output: output as u64,
        });
    }
    Ok(out)
}

pub(crate) fn conv_transpose(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    let x = im.value(required(n, 0)?)?;
    let tx = im.b.tensor_type(x);
    float_only(tx.dtype, n)?;
    if tx.rank() < 3 {
        return Err(format!(
            "rank-{} inputs are not supported (N, C and at least one spatial dim)",
            tx.rank()
        ));
    }
    // 1-D runs as 2-D with a unit height; 2-D as `conv_2d`; 3-D and more as a generic.
    let (x, one_d) = if tx.rank() == 3 {
        to_2d(im, x)?
    } else {
        (x, false)
    };
    let tx = im.b.tensor_type(x);
    let rank = tx.rank();
    let s = rank - 2;
    let w = match required(n, 1)? {
        Entry::Const(w) => w.clone(),
        Entry::Value(_) => {
            n.needs_constant.set(Some(1));
            return Err("the filter W (input #1) must be a constant".into());
        }
    };
    let mut ws: Vec<u64> = w.shape().iter().map(|&d| d as u64).collect();
    if ws.len() != rank - usize::from(one_d) {
        return Err(format!("the filter has shape {ws:?} for input {tx}"));
    }
    if one_d {
        ws.insert(2, 1);
    }
    let spatial: Vec<u64> = tx.shape[2..]
        .iter()
        .map(|d| {
            d.as_static()
                .ok_or_else(|| "symbolic spatial dims (give them sizes: `--dim`)".to_string())
        })
        .collect::<R<_>>()?;
    let kernel = ws[2..].to_vec();
    if let Some(ks) = n.ints("kernel_shape") {
        let expect: Vec<i64> = kernel[usize::from(one_d)..]
            .iter()
            .map(|&k| k as i64)
            .collect();
        if ks != expect {
            return Err(format!(
                "unsupported attribute: kernel_shape {ks:?} does not match the filter {:?}",
                w.shape()
            ));
        }
    }
    let group = n.int("group", 1);
    let c = tx.shape[1]
        .as_static()
        .ok_or("symbolic channels (give them a size: `--dim`)")?;
    if group < 1 || c % group as u64 != 0 || ws[0] != c {
        return Err(format!(
            "group {group} does not fit {c} input channels and filter {:?}",
            w.shape()
        ));
    }
    let group = group as u64;
    let (cg, mg) = (c / group, ws[1]);
    let m = mg * group;
    let ax = axes(n, &spatial, &kernel, one_d)?;
    let batch_and_channels = [tx.shape[0].clone(), tx.shape[1].clone()];

    let mut xz = zero_inserted(im, x, &ax, &batch_and_channels)?;
    // Place the zero-inserted signal at `d (k - 1) - pad_begin` in an input of length
    // `output + d (k - 1)`: crop where an end is negative, pad where positive.
    let mut crop_begin = vec![0u64; rank];
    let mut crop_size = vec![c; rank];
    let mut low = vec![0u64; rank];
    let mut high = vec![0u64; rank];
    let mut cropped = false;
    for (i, a) in ax.iter().enumerate() {
        let extent = (a.dilation * (a.kernel - 1)) as i64;
        let length = (a.input * a.stride) as i64;
        let begin = extent - a.pad_begin;
        let end = a.output as i64 + extent - begin - length;
        crop_begin[i + 2] = (-begin).max(0) as u64;
        crop_size[i + 2] = (length - (-begin).max(0) - (-end).max(0)).max(0) as u64;
        low[i + 2] = begin.max(0) as u64;
        high[i + 2] = end.max(0) as u64;
        if crop_size[i + 2] == 0 {
            return Err(format!(
                "spatial axis {i}: the pads crop the whole input (pads too large)"
            ));
        }
        cropped |= crop_size[i + 2] != length as u64;
    }
    if cropped {
        crop_size[0] = tx.shape[0]
            .as_static()
            .ok_or("a symbolic batch with cropping pads (give it a size: `--dim`)")?;
        xz =
            e(im.b.extract_slice(xz, &crop_begin, &crop_size, &vec![1; rank]))?;
    }
    if low.iter().chain(&high).any(|&p| p != 0) {
        xz = e(im.b.pad(xz, &low, &high, 0.0))?;
    }
    let filter = flipped_filter(&w, c, cg, mg, m, &kernel, s)?;
    let y = if s == 2 {
        grouped_conv(
            im,
            xz,
            &filter,
            [c, m, group],
            kernel,
            [1, 1],
            [ax[0].dilation, ax[1].dilation],
        )?
    } else {
        let dilations: Vec<u64> = ax.iter().map(|a| a.dilation).collect();
        let outputs: Vec<u64> = ax.iter().map(|a| a.output).collect();
        stride_one_conv(
            im,
            xz,
            &filter,
            [c, m, group],
            &kernel,
            &dilations,
            &outputs,
        )?
    };
    let y = match n.input(2) {
        Some(bias) => {
            let bias = bias.clone();
            let mut shape = vec![Dim::Static(m)];
            shape.extend(std::iter::repeat_n(Dim::Static(1), s));
            let bb = shaped(im, &bias, &shape)?;
            e(im.b.elementwise(ScalarOp::AddF, &[y, bb]))?
        }
        None => y,
    };
    from_2d(im, y, one_d)
}

/// Zero insertion: [N, C, H, W] -> [N, C, H, sh, W, sw] (zeros after each element) -> [N, C,
/// H sh, W sw], which is the zero-inserted input plus `s - 1` trailing zeros per axis.
fn zero_inserted(
    im: &mut Importer,
    x: ValueId,
    ax: &[Axis1],
    batch_and_channels: &[Dim; 2],
) -> R<ValueId> {
    if !ax.iter().any(|a| a.stride > 1) {
        return Ok(x);
    }
    let mut split = batch_and_channels.to_vec();
    let mut merged = batch_and_channels.to_vec();
    let mut high = vec![0, 0];
    for a in ax {
        split.extend([Dim::Static(a.input), Dim::Static(1)]);
        merged.push(Dim::Static(a.input * a.stride));
        high.extend([0, a.stride - 1]);
    }
    let split = reshape_value(im, x, &split)?;
    let padded = e(im.b.pad(split, &vec![0; high.len()], &high, 0.0))?;
    reshape_value(im, padded, &merged)
}

/// The filter `[C, M / g, k...]` as `[M, C / g, k...]`, flipped along the kernel axes (`cg`,
/// `mg`: channels and filters per group, `s`: the spatial rank).
fn flipped_filter(
    w: &Tensor,
    c: u64,
    cg: u64,
    mg: u64,
    m: u64,
    kernel: &[u64],
    s: usize,
) -> R<Entry> {
    let ks: Vec<usize> = kernel.iter().map(|&k| k as usize).collect();
    let mut from = vec![c as usize, mg as usize];
    from.extend(&ks);
    let wn = w
        .data
        .view()
        .into_shape_with_order(IxDyn(&from))
        .map_err(|e| e.to_string())?;
    let (cg, mg) = (cg as usize, mg as usize);
    let mut to = vec![m as usize, cg];
    to.extend(&ks);
    let flipped = ArrayD::from_shape_fn(IxDyn(&to), |i| {
        let (o, ci) = (i[0], i[1]);
        let mut src = vec![(o / mg) * cg + ci, o % mg];
        src.extend((0..s).map(|j| ks[j] - 1 - i[2 + j]));
        wn[IxDyn(&src)]
    });
    Ok(konst(Tensor::new(w.dtype, flipped)))
}

/// A stride-1 convolution of `xp` (`[N, C, P...]`, already padded) with `filter` (`[M, C /
/// group, k...]`) over any number of spatial dims, as one generic: loop dims n, g, m (of the
/// group), the outputs (parallel), then c (of the group) and the kernel taps (reduced), summed
/// in f32 for f16 / bf16 operands.
fn stride_one_conv(
    im: &mut Importer,
    xp: ValueId,
    filter: &Entry,
    [c, m, group]: [u64; 3],
    kernel: &[u64],
    dilations: &[u64],
    outputs: &[u64],
) -> R<ValueId> {
    let tp = im.b.tensor_type(xp);
    let dtype = tp.dtype;
    let s = kernel.len();
    let batch = tp.shape[0]
        .as_static()
        .ok_or("a symbolic batch (give it a size: `--dim`)")?;
    let (cg, mg) = (c / group, m / group);
    let mut xg_shape = vec![batch, group, cg];
    xg_shape.extend(tp.shape[2..].iter().filter_map(Dim::as_static));
    let xg = e(im.b.reshape(xp, &xg_shape))?;
    let mut wg_shape = vec![Dim::Static(group), Dim::Static(mg), Dim::Static(cg)];
    wg_shape.extend(kernel.iter().map(|&k| Dim::Static(k)));
    let wg = shaped(im, filter, &wg_shape)?;
    let acc = wide_accumulator(dtype).unwrap_or(dtype);
    let xa = e(im.b.cast(xg, acc))?;
    let wa = e(im.b.cast(wg, acc))?;
    let d = AffineExpr::Dim;
    let num_dims = 4 + 2 * s;
    let map = |results| AffineMap {
        num_dims,
        num_symbols: 0,
        results,
    };
    // Loop dims: 0 n, 1 g, 2 m, 3.. outputs, 3 + s c, 4 + s.. taps.
    let mut x_map = vec![d(0), d(1), d(3 + s)];
    let mut w_map = vec![d(1), d(2), d(3 + s)];
    for (i, &dilation) in dilations.iter().enumerate() {
        x_map.push(AffineExpr::Add(
            Box::new(d(3 + i)),
            Box::new(AffineExpr::Mul(
                Box::new(d(4 + s + i)),
                Box::new(AffineExpr::Constant(dilation as i64)),
            )),
        ));
        w_map.push(d(4 + s + i));
    }
    let mut out_shape = vec![batch, group, mg];
    out_shape.extend(outputs);
    let y = crate::onnx::shared::generics::sum_of_products(
        im,
        &[xa, wa],
        vec![map(x_map), map(w_map)],
        TensorType::of(&out_shape, acc),
        1 + s,
    )?;
    let mut merged = vec![batch, m];
    merged.extend(outputs);
    let y = e(im.b.reshape(y, &merged))?;
    narrow_to(im, y, dtype)
}

/// The most `output positions x input positions` per plane MaxUnpool compares.
const MAX_UNPOOL_PAIRS: u64 = 1 << 26;

/// MaxUnpool (opsets 9, 11, 22): every input value goes to the flat output position its index
/// names (over the inferred `[N, C, (in - 1) stride - pads + kernel ...]` shape, as ONNX's
/// reference numbers them), zeros elsewhere; an `output_shape` input pads the result at the end.
/// The indices are data: a generic compares each output position with every index of its plane
/// (`P x Q` work, refused past 2^26 pairs) and sums the matching values, divided by the match
/// count (overlapping windows that picked the same element give it once).
pub(crate) fn max_unpool(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    let x = im.value(required(n, 0)?)?;
    let indices = im.value(required(n, 1)?)?;
    let (tx, ti) = (im.b.tensor_type(x), im.b.tensor_type(indices));
    let dtype = tx.dtype;
    float_only(dtype, n)?;
    let dims = tx
        .static_shape()
        .ok_or_else(|| format!("MaxUnpool of {tx} with symbolic dims is not supported"))?;
    if ti.shape != tx.shape || ti.dtype.is_float() || dims.len() < 3 {
        return Err(format!(
            "MaxUnpool needs X [N, C, spatial...] and integer indices of its shape; got {tx} and \
             {ti}"
        ));
    }
    let s = dims.len() - 2;
    let kernel = n.ints("kernel_shape").ok_or("missing kernel_shape")?;
    let strides = n.ints("strides").unwrap_or_else(|| vec![1; s]);
    let pads = n.ints("pads").unwrap_or_else(|| vec![0; 2 * s]);
    if kernel.len() != s || strides.len() != s || pads.len() != 2 * s {
        return Err(format!(
            "kernel_shape {kernel:?}, strides {strides:?} and pads {pads:?} do not fit {tx}"
        ));
    }
    let mut inferred = dims[..2].to_vec();
    for i in 0..s {
        let d = (dims[i + 2] as i64 - 1) * strides[i] - pads[i] - pads[i + s] + kernel[i];
        if d < 1 {
            return Err(format!("the unpooled axis {i} would have size {d}"));
        }
        inferred.push(d as u64);
    }
    let out = match const_ints(n, 2, "output_shape")? {
        None => inferred.clone(),
        Some(o) => {
            let o: Vec<u64> = o.iter().map(|&d| d.max(0) as u64).collect();
            if o.len() != dims.len()
                || o.iter().zip(&inferred).any(|(a, b)| a < b)
                || o[..2] != dims[..2]
            {
                return Err(format!(
                    "output_shape {o:?} must keep N and C and be at least the inferred {inferred:?}"
                ));
            }
            o
        }
    };
    let (planes, p, q) = (
        dims[0] * dims[1],
        inferred[2..].iter().product::<u64>(),
        dims[2..].iter().product::<u64>(),
    );
    if p.saturating_mul(q) > MAX_UNPOOL_PAIRS {
        return Err(format!(
            "MaxUnpool of {q} values into {p} positions per plane is larger than kiln compares"
        ));
    }
    let (bn, bc) = (dims[0], dims[1]);
    // Indices relative to their plane, as [N, C, Q].
    let base = Tensor::from_vec(
        DType::I64,
        &[bn as usize, bc as usize, 1],
        (0..planes).map(|k| (k * p) as f64).collect(),
    )
    .map_err(|e| e.to_string())?;
    let base = im.value(&konst(base))?;
    let flat_i = e(im.b.reshape(indices, &[bn, bc, q]))?;
    let flat_i = e(im.b.cast(flat_i, DType::I64))?;
    let relative = e(im.b.elementwise(ScalarOp::SubI, &[flat_i, base]))?;
    let values = e(im.b.reshape(x, &[bn, bc, q]))?;
    let iota = Tensor::from_vec(
        DType::I64,
        &[p as usize],
        (0..p).map(|k| k as f64).collect(),
    )
    .map_err(|e| e.to_string())?;
    let iota = im.value(&konst(iota))?;
    // Loop dims: n, c, p (parallel), q (reduced).
    let map = |results| AffineMap {
        num_dims: 4,
        num_symbols: 0,
        results,
    };
    let d = AffineExpr::Dim;
    let masked_sum = |im: &mut Importer, count: bool| -> R<ValueId> {
        let init = e(im.b.filled(TensorType::of(&[bn, bc, p], dtype), 0.0))?;
        let mut body = crate::builder::BodyBuilder::new(vec![dtype, DType::I64, DType::I64, dtype]);
        let hit = body.push(
            ScalarOp::CmpI(CmpIPredicate::Eq),
            &[body.argument(1), body.argument(2)],
            DType::I1,
        );
        let zero = body.constant(0.0, dtype);
        let v = if count {
            body.constant(1.0, dtype)
        } else {
            body.argument(0)
        };
        let picked = body.push(ScalarOp::Select, &[hit, v, zero], dtype);
        let sum = body.push(ScalarOp::AddF, &[body.argument(3), picked], dtype);
        let mut iterators = vec![IteratorType::Parallel; 3];
        iterators.push(IteratorType::Reduction);
        Ok(e(im.b.generic(
            &[values, relative, iota],
            &[init],
            vec![
                map(vec![d(0), d(1), d(3)]),
                map(vec![d(0), d(1), d(3)]),
                map(vec![d(2)]),
                map(vec![d(0), d(1), d(2)]),
            ],
            iterators,
            body.yield_values(&[sum]),
        ))?[0])
    };
    let sums = masked_sum(im, false)?;
    let counts = masked_sum(im, true)?;
    let y = e(im.b.elementwise_with(&[sums, counts], dtype, |b, a| {
        let one = b.constant(1.0, dtype);
        let c = b.push(ScalarOp::MaximumF, &[a[1], one], dtype);
        b.push(ScalarOp::DivF, &[a[0], c], dtype)
    }))?;
    let y = e(im.b.reshape(y, &inferred))?;
    if out == inferred {
        return Ok(y);
    }
    let high: Vec<u64> = out.iter().zip(&inferred).map(|(o, i)| o - i).collect();
    e(im.b.pad(y, &vec![0; out.len()], &high, 0.0))
}

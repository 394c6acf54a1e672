//! ONNX convolutions and pooling: Conv, MaxPool / AveragePool, global pools, BatchNormalization, LRN.

use super::contraction::{
    conv_into, dims_product, narrow_to, reshape_value, shaped, wide_accumulator,
};
use super::reshape::reshape_entry;
use crate::builder::lowest;
use crate::interp::Tensor;
use crate::onnx::context::{
    const_ints, e, float_only, konst, norm_axis, required, Entry, Importer, NodeRef, R,
};
use crate::syntax::*;

/// Spatial padding and output sizes of one axis.
struct Window {
    input: u64,
    kernel: u64,
    stride: u64,
    dilation: u64,
    pad_begin: u64,
    pad_end: u64,
    /// Extra high padding so that the floor formula yields `output` (ceil mode).
    extra: u64,
    output: u64,
}

fn windows(n: &NodeRef, input: &[u64], kernel: &[u64], ceil_mode: bool) -> R<Vec<Window>> {
    let s = input.len();
    let strides = n.ints("strides").unwrap_or_else(|| vec![1; s]);
    let dilations = n.ints("dilations").unwrap_or_else(|| vec![1; s]);
    let auto_pad = n.string("auto_pad").unwrap_or_else(|| "NOTSET".into());
    let pads = n.ints("pads").unwrap_or_else(|| vec![0; 2 * s]);
    if strides.len() != s || dilations.len() != s || pads.len() != 2 * s {
        return Err(format!(
            "strides / dilations / pads do not match {s} spatial dims"
        ));
    }
    if strides.iter().chain(&dilations).any(|&x| x < 1) || pads.iter().any(|&p| p < 0) {
        return Err("strides and dilations must be positive and pads non-negative".into());
    }
    let mut out = Vec::new();
    for i in 0..s {
        let (inp, k, st, d) = (input[i], kernel[i], strides[i] as u64, dilations[i] as u64);
        // Device indices are 32-bit: a window beyond that (pads of 2^40 made a 384 TiB output)
        // is refused, which also keeps the arithmetic below from overflowing.
        let limit = i32::MAX as u64;
        if k == 0 || inp == 0 {
            return Err(format!(
                "spatial axis {i} is empty (input {inp}, kernel {k})"
            ));
        }
        let too_big = [inp, k, st, d, pads[i] as u64, pads[i + s] as u64]
            .iter()
            .any(|&x| x > limit)
            || inp + pads[i] as u64 + pads[i + s] as u64 > limit
            || d * (k - 1) + 1 > limit;
        if too_big {
            return Err(format!(
                "spatial axis {i}: input {inp}, kernel {k}, stride {st}, dilation {d}, pads \
                 {}+{} pass 2^31-1",
                pads[i],
                pads[i + s]
            ));
        }
        let span = d * (k - 1) + 1;
        let (pb, pe, o) = match auto_pad.as_str() {
            "NOTSET" => {
                let (pb, pe) = (pads[i] as u64, pads[i + s] as u64);
                let total = inp + pb + pe;
                if total < span {
                    return Err(format!(
                        "kernel extent {span} larger than the padded input {total}"
                    ));
                }
                let mut o = if ceil_mode {
                    (total - span).div_ceil(st) + 1
                } else {
                    (total - span) / st + 1
                };
                if ceil_mode && (o - 1) * st >= inp + pb {
                    o -= 1;
                }
                (pb, pe, o)
            }
            "VALID" => {
                if inp < span {
                    return Err(format!("kernel extent {span} larger than the input {inp}"));
                }
                let o = if ceil_mode {
                    (inp - span).div_ceil(st) + 1
                } else {
                    (inp - span) / st + 1
                };
                (0, 0, o)
            }
            "SAME_UPPER" | "SAME_LOWER" => {
                let o = inp.div_ceil(st);
                let total = ((o - 1) * st + span).saturating_sub(inp);
                let small = total / 2;
                if auto_pad == "SAME_UPPER" {
                    (small, total - small, o)
                } else {
                    (total - small, small, o)
                }
            }
            other => return Err(format!("unsupported attribute: auto_pad = '{other}'")),
        };
        let needed = (o - 1) * st + span;
        let extra = needed.saturating_sub(inp + pb + pe);
        out.push(Window {
            input: inp,
            kernel: k,
            stride: st,
            dilation: d,
            pad_begin: pb,
            pad_end: pe,
            extra,
            output: o,
        });
    }
    Ok(out)
}

/// Makes a rank-3 (1-D spatial) NCW tensor NC1W; 4-D passes through.
pub(crate) fn to_2d(im: &mut Importer, x: ValueId) -> R<(ValueId, bool)> {
    let t = im.b.tensor_type(x);
    match t.rank() {
        4 => Ok((x, false)),
        3 => {
            let mut s = t.shape.clone();
            s.insert(2, Dim::Static(1));
            Ok((reshape_value(im, x, &s)?, true))
        }
        r => Err(format!(
            "rank-{r} inputs are not supported (only 1-D and 2-D spatial dims)"
        )),
    }
}

pub(crate) fn conv(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    let x = im.value(required(n, 0)?)?;
    // The filter stays an entry so that reshapes of constant weights happen on the host.
    let w = required(n, 1)?.clone();
    let bias = n.input(2).cloned();
    conv_with(im, n, x, w, bias)
}

/// A Conv of `x` with filter `w` and an optional bias, with `n`'s attributes.
pub(crate) fn conv_with(
    im: &mut Importer,
    n: &NodeRef,
    x: ValueId,
    mut w: Entry,
    bias: Option<Entry>,
) -> R<ValueId> {
    let x_rank = im.b.tensor_type(x).rank();
    let (x, one_d) = to_2d(im, x)?;
    // The filter is (M, C/group, kernel...) with as many kernel dims as the input has spatial
    // dims: anything else would index past its shape below.
    if im.ty(&w).rank() != x_rank {
        return Err(format!(
            "the filter (input #1) has rank {}, but a rank-{x_rank} input needs a rank-{x_rank} \
             filter (M, C/group, kernel...)",
            im.ty(&w).rank()
        ));
    }
    if im.ty(&w).rank() == 3 {
        let mut s = im.ty(&w).shape;
        s.insert(2, Dim::Static(1));
        w = reshape_entry(im, &w, &s)?;
    }
    let (tx, tw) = (im.b.tensor_type(x), im.ty(&w));
    // ConvInteger convolves its zero-point-shifted operands in i32 (exact sums).
    if !(n.op_type == "ConvInteger" && tx.dtype == DType::I32) {
        float_only(tx.dtype, n)?;
    }
    let ws = tw.static_shape().ok_or("the filter needs a static shape")?;
    let spatial: Vec<u64> = tx.shape[2..]
        .iter()
        .map(|d| {
            d.as_static()
                .ok_or_else(|| "symbolic spatial dims".to_string())
        })
        .collect::<R<_>>()?;
    let kernel = if one_d {
        vec![1, ws[3]]
    } else {
        vec![ws[2], ws[3]]
    };
    if let Some(ks) = n.ints("kernel_shape") {
        let expect: Vec<i64> = if one_d {
            vec![ws[3] as i64]
        } else {
            vec![ws[2] as i64, ws[3] as i64]
        };
        if ks != expect {
            return Err(format!(
                "kernel_shape {ks:?} does not match the filter {ws:?}"
            ));
        }
    }
    let win = if one_d {
        windows_1d(n, &spatial, &kernel, false)?
    } else {
        windows(n, &spatial, &kernel, false)?
    };
    let group = n.int("group", 1) as u64;
    let (c, m) = (tx.shape[1].as_static().ok_or("symbolic channels")?, ws[0]);
    if group == 0 || c % group != 0 || m % group != 0 || ws[1] != c / group {
        return Err(format!(
            "group {group} does not fit {c} input channels and filter {ws:?}"
        ));
    }
    let xp = pad_spatial(im, x, &win, 0.0)?;
    let strides = [win[0].stride, win[1].stride];
    let dilations = [win[0].dilation, win[1].dilation];
    let y = grouped_conv(im, xp, &w, [c, m, group], kernel, strides, dilations)?;
    let y = match bias {
        Some(bias) => {
            let bb = shaped(im, &bias, &[Dim::Static(m), Dim::Static(1), Dim::Static(1)])?;
            e(im.b.elementwise(ScalarOp::AddF, &[y, bb]))?
        }
        None => y,
    };
    from_2d(im, y, one_d)
}

/// A 2-D convolution of the padded input `xp` with filter `w` (`[M, C / group, kh, kw]`), as
/// `conv_2d_nchw_fchw` (group 1), `depthwise_conv_2d_nchw_chw` (group = channels = filters) or
/// `conv_2d_ngchw_gfchw` between reshapes; `[c, m, group]` are the input channels, the filters
/// and the group count.
pub(crate) fn grouped_conv(
    im: &mut Importer,
    xp: ValueId,
    w: &Entry,
    [c, m, group]: [u64; 3],
    kernel: Vec<u64>,
    strides: [u64; 2],
    dilations: [u64; 2],
) -> R<ValueId> {
    let w = w.clone();
    let dtype = im.b.value_type(xp).dtype();
    let acc = wide_accumulator(dtype);
    let y = if group == 1 {
        let w = im.value(&w)?;
        conv_into(
            im,
            acc,
            Conv2d {
                layout: ConvLayout::NchwFchw,
                strides,
                dilations,
            },
            xp,
            w,
        )?
    } else if group == c && m == c {
        let w3 = shaped(
            im,
            &w,
            &[
                Dim::Static(c),
                Dim::Static(kernel[0]),
                Dim::Static(kernel[1]),
            ],
        )?;
        conv_into(
            im,
            acc,
            Conv2d {
                layout: ConvLayout::DepthwiseNchwChw,
                strides,
                dilations,
            },
            xp,
            w3,
        )?
    } else {
        let tp = im.b.tensor_type(xp);
        let g = Dim::Static(group);
        let xg = reshape_value(
            im,
            xp,
            &[
                tp.shape[0].clone(),
                g.clone(),
                Dim::Static(c / group),
                tp.shape[2].clone(),
                tp.shape[3].clone(),
            ],
        )?;
        let wg = shaped(
            im,
            &w,
            &[
                g,
                Dim::Static(m / group),
                Dim::Static(c / group),
                Dim::Static(kernel[0]),
                Dim::Static(kernel[1]),
            ],
        )?;
        let yg = conv_into(
            im,
            acc,
            Conv2d {
                layout: ConvLayout::NgchwGfchw,
                strides,
                dilations,
            },
            xg,
            wg,
        )?;
        let ty = im.b.tensor_type(yg);
        reshape_value(
            im,
            yg,
            &[
                ty.shape[0].clone(),
                Dim::Static(m),
                ty.shape[3].clone(),
                ty.shape[4].clone(),
            ],
        )?
    };
    Ok(y)
}

fn windows_1d(n: &NodeRef, spatial: &[u64], kernel: &[u64], ceil: bool) -> R<Vec<Window>> {
    // A 1-D op runs as 2-D with a height-1 axis that has no padding and stride 1.
    let w = windows(n, &spatial[1..], &kernel[1..], ceil)?;
    let h = Window {
        input: 1,
        kernel: 1,
        stride: 1,
        dilation: 1,
        pad_begin: 0,
        pad_end: 0,
        extra: 0,
        output: 1,
    };
    Ok(vec![h, w.into_iter().next().ok_or("no spatial dim")?])
}

pub(crate) fn from_2d(im: &mut Importer, y: ValueId, one_d: bool) -> R<ValueId> {
    if !one_d {
        return Ok(y);
    }
    let mut s = im.b.tensor_type(y).shape;
    s.remove(2);
    reshape_value(im, y, &s)
}

fn pad_spatial(im: &mut Importer, x: ValueId, win: &[Window], value: f64) -> R<ValueId> {
    let low = [0, 0, win[0].pad_begin, win[1].pad_begin];
    let high = [
        0,
        0,
        win[0].pad_end + win[0].extra,
        win[1].pad_end + win[1].extra,
    ];
    if low.iter().chain(&high).all(|&p| p == 0) {
        return Ok(x);
    }
    e(im.b.pad(x, &low, &high, value))
}

/// How many input (or, with `include_pad`, padded) positions each output window of `w` covers.
fn window_counts(w: &Window, include_pad: bool) -> Vec<f64> {
    (0..w.output)
        .map(|o| {
            (0..w.kernel)
                .filter(|j| {
                    let p = o * w.stride + j * w.dilation;
                    if include_pad {
                        p < w.input + w.pad_begin + w.pad_end
                    } else {
                        p >= w.pad_begin && p < w.pad_begin + w.input
                    }
                })
                .count() as f64
        })
        .collect()
}

/// A 3-D MaxPool / AveragePool as two 2-D pools (both are separable): the input padded in 3-D,
/// viewed as [N, C * D, H, W] and pooled over (H, W), then viewed as [N, C, D, H' W'] and
/// pooled over D with a (kd x 1) window; an average divides the sums by the per-window counts.
fn pool_3d(im: &mut Importer, n: &NodeRef, x: ValueId) -> R<ValueId> {
    let tx = im.b.tensor_type(x);
    let spatial: Vec<u64> = tx.shape[2..]
        .iter()
        .map(|d| {
            d.as_static()
                .ok_or_else(|| "symbolic spatial dims".to_string())
        })
        .collect::<R<_>>()?;
    let ks = n.ints("kernel_shape").ok_or("missing kernel_shape")?;
    if ks.len() != 3 || ks.iter().any(|&k| k < 1) {
        return Err(format!("kernel_shape {ks:?} does not fit a 3-D input"));
    }
    let k: Vec<u64> = ks.iter().map(|&k| k as u64).collect();
    let win = windows(n, &spatial, &k, n.int("ceil_mode", 0) != 0)?;
    let kind = if n.op_type == "MaxPool" {
        PoolKind::Max
    } else {
        float_only(tx.dtype, n)?;
        PoolKind::Sum
    };
    let pad_value = if kind == PoolKind::Max {
        lowest(tx.dtype)
    } else {
        0.0
    };
    let low: Vec<u64> = [0, 0]
        .into_iter()
        .chain(win.iter().map(|w| w.pad_begin))
        .collect();
    let high: Vec<u64> = [0, 0]
        .into_iter()
        .chain(win.iter().map(|w| w.pad_end + w.extra))
        .collect();
    let xp = if low.iter().chain(&high).any(|&p| p > 0) {
        e(im.b.pad(x, &low, &high, pad_value))?
    } else {
        x
    };
    let padded: Vec<u64> = win
        .iter()
        .map(|w| w.input + w.pad_begin + w.pad_end + w.extra)
        .collect();
    let s = Dim::Static;
    let (batch, channels) = (tx.shape[0].clone(), tx.shape[1].clone());
    let planes = dims_product([&channels, &s(padded[0])].into_iter())?;
    let v = reshape_value(im, xp, &[batch.clone(), planes, s(padded[1]), s(padded[2])])?;
    let hw = e(im.b.pooling(
        Pooling {
            kind,
            layout: PoolLayout::Nchw,
            strides: [win[1].stride, win[2].stride],
            dilations: [win[1].dilation, win[2].dilation],
        },
        v,
        [k[1], k[2]],
    ))?;
    let (oh, ow) = (win[1].output, win[2].output);
    let v = reshape_value(
        im,
        hw,
        &[batch.clone(), channels.clone(), s(padded[0]), s(oh * ow)],
    )?;
    let d = e(im.b.pooling(
        Pooling {
            kind,
            layout: PoolLayout::Nchw,
            strides: [win[0].stride, 1],
            dilations: [win[0].dilation, 1],
        },
        v,
        [k[0], 1],
    ))?;
    let od = win[0].output;
    let y = reshape_value(im, d, &[batch, channels, s(od), s(oh), s(ow)])?;
    if kind == PoolKind::Max || n.op_type == "LpPool" {
        return Ok(y);
    }
    let include_pad = n.int("count_include_pad", 0) != 0;
    let c: Vec<Vec<f64>> = win.iter().map(|w| window_counts(w, include_pad)).collect();
    let mut div = Vec::with_capacity(c[0].len() * c[1].len() * c[2].len());
    for a in &c[0] {
        for b in &c[1] {
            for cc in &c[2] {
                div.push(a * b * cc);
            }
        }
    }
    let dt = Tensor::from_vec(tx.dtype, &[1, 1, c[0].len(), c[1].len(), c[2].len()], div)
        .map_err(|e| e.to_string())?;
    let dv = im.value(&konst(dt))?;
    e(im.b.elementwise(ScalarOp::DivF, &[y, dv]))
}

/// LpPool: `(sum over the window of |x|^p)^(1 / p)`, a sum pool between two elementwise
/// generics (zero padding adds nothing to the sums).
pub(crate) fn lp_pool(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    let x = im.value(required(n, 0)?)?;
    let dtype = im.b.tensor_type(x).dtype;
    float_only(dtype, n)?;
    // LpPool-1 had a float `p`; later versions an int.
    let p = match n.attr("p") {
        Some(a) if a.i.is_some() => a.i.unwrap_or(2) as f64,
        Some(a) => a.f.unwrap_or(2.0) as f64,
        None => 2.0,
    };
    if !(p > 0.0 && p.is_finite()) {
        return Err(format!("unsupported attribute: p = {p} (must be positive)"));
    }
    let powered = e(im.b.elementwise_with(&[x], dtype, |b, a| {
        let abs = b.push(ScalarOp::AbsF, &[a[0]], dtype);
        let pc = b.constant(p, dtype);
        b.push(ScalarOp::PowF, &[abs, pc], dtype)
    }))?;
    let sums = pool_of(im, n, powered)?;
    e(im.b.elementwise_with(&[sums], dtype, |b, a| {
        let inv = b.constant(1.0 / p, dtype);
        b.push(ScalarOp::PowF, &[a[0], inv], dtype)
    }))
}

pub(crate) fn pool(im: &mut Importer, n: &NodeRef) -> R<Vec<Entry>> {
    let x = im.value(required(n, 0)?)?;
    let y = pool_of(im, n, x)?;
    if n.num_outputs < 2 {
        return Ok(vec![Entry::Value(y)]);
    }
    let indices = max_pool_indices(im, n, x, y)?;
    Ok(vec![Entry::Value(y), Entry::Value(indices)])
}

/// MaxPool's Indices output (2-D): per output, the flat input index (over N, C, H, W) of the
/// first element in the window's row-major scan equal to the max `y`, from a generic reducing
/// `min(position if x == y)` over the kernel offsets (positions of the padding never match);
/// `storage_order` 1 numbers the spatial position column-major.
fn max_pool_indices(im: &mut Importer, n: &NodeRef, x: ValueId, y: ValueId) -> R<ValueId> {
    let tx = im.b.tensor_type(x);
    let dims = tx
        .static_shape()
        .ok_or_else(|| format!("MaxPool's Indices output of {tx} needs static dims"))?;
    if n.op_type != "MaxPool" || dims.len() != 4 {
        return Err(format!(
            "the Indices output of MaxPool is supported for 2-D inputs, not {tx}"
        ));
    }
    let column_major = n.int("storage_order", 0) != 0;
    let ks = n.ints("kernel_shape").ok_or("missing kernel_shape")?;
    if ks.len() != 2 || ks.iter().any(|&k| k < 1) {
        return Err(format!("kernel_shape {ks:?} does not fit a 2-D input"));
    }
    let kernel = [ks[0] as u64, ks[1] as u64];
    let win = windows(n, &dims[2..], &kernel, n.int("ceil_mode", 0) != 0)?;
    let (h, w) = (dims[2], dims[3]);
    if dims.iter().product::<u64>() > i32::MAX as u64 {
        return Err(format!("MaxPool's Indices of {tx} pass 2^31"));
    }
    let xp = pad_spatial(im, x, &win, lowest(tx.dtype))?;
    let (oh, ow) = (win[0].output, win[1].output);
    // position[oh, ow, kh, kw]: the row-major input position read there, or past every position
    // in the padding.
    let never = (h * w) as f64;
    let mut table = Vec::with_capacity((oh * ow * kernel[0] * kernel[1]) as usize);
    for o in 0..oh {
        for p in 0..ow {
            for a in 0..kernel[0] {
                for b in 0..kernel[1] {
                    let r =
                        (o * win[0].stride + a * win[0].dilation) as i64 - win[0].pad_begin as i64;
                    let c =
                        (p * win[1].stride + b * win[1].dilation) as i64 - win[1].pad_begin as i64;
                    let inside = (0..h as i64).contains(&r) && (0..w as i64).contains(&c);
                    table.push(if inside {
                        (r * w as i64 + c) as f64
                    } else {
                        never
                    });
                }
            }
        }
    }
    let shape = [
        oh as usize,
        ow as usize,
        kernel[0] as usize,
        kernel[1] as usize,
    ];
    let table = Tensor::from_vec(DType::I32, &shape, table).map_err(|e| e.to_string())?;
    let table = im.value(&konst(table))?;
    let d = AffineExpr::Dim;
    let axis = |out: usize, k: usize, win: &Window| {
        AffineExpr::Add(
            Box::new(AffineExpr::Mul(
                Box::new(d(out)),
                Box::new(AffineExpr::Constant(win.stride as i64)),
            )),
            Box::new(AffineExpr::Mul(
                Box::new(d(k)),
                Box::new(AffineExpr::Constant(win.dilation as i64)),
            )),
        )
    };
    // Loop dims: n, c, oh, ow (parallel), kh, kw (reduced).
    let map = |results| AffineMap {
        num_dims: 6,
        num_symbols: 0,
        results,
    };
    let maps = vec![
        map(vec![d(0), d(1), axis(2, 4, &win[0]), axis(3, 5, &win[1])]),
        map(vec![d(0), d(1), d(2), d(3)]),
        map(vec![d(2), d(3), d(4), d(5)]),
        map(vec![d(0), d(1), d(2), d(3)]),
    ];
    let out = TensorType::of(&[dims[0], dims[1], oh, ow], DType::I32);
    let init = e(im.b.filled(out, never))?;
    let mut body =
        crate::builder::BodyBuilder::new(vec![tx.dtype, tx.dtype, DType::I32, DType::I32]);
    let hit = body.push(
        ScalarOp::CmpF(CmpFPredicate::Oeq),
        &[body.argument(0), body.argument(1)],
        DType::I1,
    );
    let far = body.constant(never, DType::I32);
    let candidate = body.push(ScalarOp::Select, &[hit, body.argument(2), far], DType::I32);
    let first = body.push(ScalarOp::MinSI, &[body.argument(3), candidate], DType::I32);
    let mut iterators = vec![IteratorType::Parallel; 4];
    iterators.extend([IteratorType::Reduction; 2]);
    let position = e(im.b.generic(
        &[xp, y, table],
        &[init],
        maps,
        iterators,
        body.yield_values(&[first]),
    ))?[0];
    // (n C + c) H W plus the spatial position (column-major for storage_order 1), as int64.
    let planes = Tensor::from_vec(
        DType::I32,
        &[dims[0] as usize, dims[1] as usize, 1, 1],
        (0..dims[0] * dims[1]).map(|p| (p * h * w) as f64).collect(),
    )
    .map_err(|e| e.to_string())?;
    let planes = im.value(&konst(planes))?;
    let flat = e(im
        .b
        .elementwise_with(&[position, planes], DType::I64, |b, a| {
            let mut p = a[0];
            if column_major {
                let wc = b.constant(w as f64, DType::I32);
                let hc = b.constant(h as f64, DType::I32);
                let row = b.push(ScalarOp::DivSI, &[p, wc], DType::I32);
                let col = b.push(ScalarOp::RemSI, &[p, wc], DType::I32);
                let scaled = b.push(ScalarOp::MulI, &[col, hc], DType::I32);
                p = b.push(ScalarOp::AddI, &[row, scaled], DType::I32);
            }
            let sum = b.push(ScalarOp::AddI, &[p, a[1]], DType::I32);
            b.cast(sum, DType::I64)
        }))?;
    Ok(flat)
}

/// MaxPool, AveragePool or (without the division) the window sums of LpPool, of `x`.
fn pool_of(im: &mut Importer, n: &NodeRef, x: ValueId) -> R<ValueId> {
    if im.b.tensor_type(x).rank() == 5 {
        return pool_3d(im, n, x);
    }
    let (x, one_d) = to_2d(im, x)?;
    let tx = im.b.tensor_type(x);
    let spatial: Vec<u64> = tx.shape[2..]
        .iter()
        .map(|d| {
            d.as_static()
                .ok_or_else(|| "symbolic spatial dims".to_string())
        })
        .collect::<R<_>>()?;
    let ks = n.ints("kernel_shape").ok_or("missing kernel_shape")?;
    if ks.iter().any(|&k| k < 1) {
        return Err(format!("invalid kernel_shape {ks:?}"));
    }
    let ceil = n.int("ceil_mode", 0) != 0;
    let (kernel, win) = if one_d {
        if ks.len() != 1 {
            return Err("kernel_shape does not match a 1-D input".into());
        }
        (
            vec![1, ks[0] as u64],
            windows_1d(n, &spatial, &[1, ks[0] as u64], ceil)?,
        )
    } else {
        if ks.len() != 2 {
            return Err("kernel_shape does not match a 2-D input".into());
        }
        let k = vec![ks[0] as u64, ks[1] as u64];
        let w = windows(n, &spatial, &k, ceil)?;
        (k, w)
    };
    let strides = [win[0].stride, win[1].stride];
    let dilations = [win[0].dilation, win[1].dilation];
    let kind = if n.op_type == "MaxPool" {
        PoolKind::Max
    } else {
        PoolKind::Sum
    };
    let pad_value = if kind == PoolKind::Max {
        lowest(tx.dtype)
    } else {
        0.0
    };
    let xp = pad_spatial(im, x, &win, pad_value)?;
    let y = e(im.b.pooling(
        Pooling {
            kind,
            layout: PoolLayout::Nchw,
            strides,
            dilations,
        },
        xp,
        [kernel[0], kernel[1]],
    ))?;
    let y = if kind == PoolKind::Sum && n.op_type == "AveragePool" {
        float_only(tx.dtype, n)?;
        let include_pad = n.int("count_include_pad", 0) != 0;
        let (ch, cw) = (
            window_counts(&win[0], include_pad),
            window_counts(&win[1], include_pad),
        );
        let mut div = Vec::new();
        for a in &ch {
            for b in &cw {
                div.push(a * b);
            }
        }
        let dt = Tensor::from_vec(tx.dtype, &[1, 1, ch.len(), cw.len()], div)
            .map_err(|e| e.to_string())?;
        let d = im.value(&konst(dt))?;
        e(im.b.elementwise(ScalarOp::DivF, &[y, d]))?
    } else {
        y
    };
    from_2d(im, y, one_d)
}

pub(crate) fn global_pool(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    let x = im.value(required(n, 0)?)?;
    let t = im.b.tensor_type(x);
    if t.rank() < 3 {
        return Err(format!("needs an N x C x spatial input, got {t}"));
    }
    let dims: Vec<usize> = (2..t.rank()).collect();
    let count: Option<u64> = t.shape[2..].iter().map(Dim::as_static).product();
    let y = reduce_value(
        im,
        x,
        &dims,
        if n.op_type == "GlobalMaxPool" {
            "max"
        } else {
            "mean"
        },
        count,
    )?;
    let mut keep = t.shape[..2].to_vec();
    keep.extend(std::iter::repeat_n(Dim::Static(1), t.rank() - 2));
    reshape_value(im, y, &keep)
}

/// A reduction of `x` over `dims` without keepdims: sum, prod, mean (divided by `count`), max,
/// min.
/// Sums of f16 / bf16 run in f32 (see [`wide_accumulator`]) and are rounded once.
pub(crate) fn reduce_value(
    im: &mut Importer,
    x: ValueId,
    dims: &[usize],
    kind: &str,
    count: Option<u64>,
) -> R<ValueId> {
    let t = im.b.tensor_type(x);
    if t.dtype == DType::I1 && matches!(kind, "max" | "min") {
        // Bools reduce as 0 / 1 words: max is any (false over an empty set), min is all.
        let wide = e(im.b.cast(x, DType::I32))?;
        let (op, init) = if kind == "max" {
            (ScalarOp::MaxSI, 0.0)
        } else {
            (ScalarOp::MinSI, 1.0)
        };
        let r = e(im.b.reduce(wide, dims, op, init))?;
        return e(im.b.cast(r, DType::I1));
    }
    let float = t.dtype.is_float();
    let wide = matches!(kind, "sum" | "mean" | "prod")
        .then(|| wide_accumulator(t.dtype))
        .flatten();
    let (x, dtype) = match wide {
        Some(w) => (e(im.b.cast(x, w))?, w),
        None => (x, t.dtype),
    };
    let (op, init) = match (kind, float) {
        ("sum" | "mean", true) => (ScalarOp::AddF, 0.0),
        ("sum" | "mean", false) => (ScalarOp::AddI, 0.0),
        ("prod", true) => (ScalarOp::MulF, 1.0),
        ("prod", false) => (ScalarOp::MulI, 1.0),
        ("max", true) => (ScalarOp::MaximumF, f64::NEG_INFINITY),
        ("max", false) => (ScalarOp::MaxSI, lowest(t.dtype)),
        ("min", true) => (ScalarOp::MinimumF, f64::INFINITY),
        (_, _) => (ScalarOp::MinSI, -lowest(t.dtype) - 1.0),
    };
    let r = e(im.b.reduce(x, dims, op, init))?;
    if kind != "mean" {
        return narrow_to(im, r, t.dtype);
    }
    if !float {
        return Err("ReduceMean of integers is not supported".into());
    }
    let count = count.ok_or("mean over symbolic dims")? as f64;
    let mean = e(im.b.elementwise_with(&[r], dtype, |b, a| {
        let c = b.constant(count, dtype);
        b.push(ScalarOp::DivF, &[a[0], c], dtype)
    }))?;
    narrow_to(im, mean, t.dtype)
}

/// The sorted axes a Reduce* node reduces over (an input from opset 18, 13 for ReduceSum; else
/// the attribute), or None when `noop_with_empty_axes` makes it an identity.
pub(crate) fn reduce_axes(im: &Importer, n: &NodeRef, r: usize) -> R<Option<Vec<usize>>> {
    let axes_as_input = if n.op_type == "ReduceSum" {
        im.opset >= 13
    } else {
        im.opset >= 18
    };
    let axes = if axes_as_input {
        const_ints(n, 1, "axes")?
    } else {
        n.ints("axes")
    };
    let noop = n.int("noop_with_empty_axes", 0) != 0;
    Ok(match axes {
        Some(a) if !a.is_empty() => {
            let mut d: Vec<usize> = a.iter().map(|&a| norm_axis(a, r)).collect::<R<_>>()?;
            d.sort();
            d.dedup();
            Some(d)
        }
        _ if noop => None,
        _ => Some((0..r).collect()),
    })
}

pub(crate) fn reduce(im: &mut Importer, n: &NodeRef) -> R<Entry> {
    let x = required(n, 0)?;
    let t = im.ty(x);
    let r = t.rank();
    let keepdims = n.int("keepdims", 1) != 0;
    let Some(dims) = reduce_axes(im, n, r)? else {
        return Ok(x.clone());
    };
    let kind = match n.op_type {
        "ReduceSum" => "sum",
        "ReduceMean" => "mean",
        "ReduceMax" => "max",
        _ => "min",
    };
    let count: Option<u64> = dims.iter().map(|&d| t.shape[d].as_static()).product();
    let xv = im.value(x)?;
    let y = reduce_value(im, xv, &dims, kind, count)?;
    if !keepdims {
        return Ok(Entry::Value(y));
    }
    let shape: Vec<Dim> = (0..r)
        .map(|d| {
            if dims.contains(&d) {
                Dim::Static(1)
            } else {
                t.shape[d].clone()
            }
        })
        .collect();
    reshape_entry(im, &Entry::Value(y), &shape)
}

pub(crate) fn softmax(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    let x = im.value(required(n, 0)?)?;
    let t = im.b.tensor_type(x);
    float_only(t.dtype, n)?;
    let r = t.rank();
    if im.opset >= 13 {
        let axis = norm_axis(n.int("axis", -1), r)?;
        return e(im.b.softmax(x, axis));
    }
    // Before opset 13 the input is coerced to 2-D at `axis` and softmax runs over the second dim.
    let axis = norm_axis(n.int("axis", 1), r)?;
    let rows = dims_product(t.shape[..axis].iter())?;
    let cols = dims_product(t.shape[axis..].iter())?;
    let x2 = reshape_value(im, x, &[rows, cols])?;
    let y = e(im.b.softmax(x2, 1))?;
    reshape_value(im, y, &t.shape)
}

pub(crate) fn batch_norm(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
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

pub(crate) fn lrn(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    let x = im.value(required(n, 0)?)?;
    let t = im.b.tensor_type(x);
    float_only(t.dtype, n)?;
    let dims = t.static_shape().ok_or("LRN needs static dims")?;
    if dims.len() < 3 {
        return Err(format!("needs an N x C x ... input, got {t}"));
    }
    let size = n.int("size", 0);
    if size < 1 {
        return Err("attribute size must be positive".into());
    }
    let size = size as u64;
    let (alpha, beta, bias) = (
        n.float("alpha", 1e-4) as f64,
        n.float("beta", 0.75) as f64,
        n.float("bias", 1.0) as f64,
    );
    let dtype = t.dtype;
    let sq = e(im.b.elementwise_with(&[x], dtype, |b, a| {
        b.push(ScalarOp::MulF, &[a[0], a[0]], dtype)
    }))?;
    // Sum of squares over a channel window: view as [N, 1, C, rest] and sum-pool a (size x 1)
    // window after padding the channel axis by floor((size-1)/2) below and ceil((size-1)/2) above.
    let rest: u64 = dims[2..].iter().product();
    let v = reshape_value(
        im,
        sq,
        &[
            Dim::Static(dims[0]),
            Dim::Static(1),
            Dim::Static(dims[1]),
            Dim::Static(rest),
        ],
    )?;
    let lo = (size - 1) / 2;
    let hi = size - 1 - lo;
    let vp = e(im.b.pad(v, &[0, 0, lo, 0], &[0, 0, hi, 0], 0.0))?;
    let s = e(im.b.pooling(
        Pooling {
            kind: PoolKind::Sum,
            layout: PoolLayout::Nchw,
            strides: [1, 1],
            dilations: [1, 1],
        },
        vp,
        [size, 1],
    ))?;
    let s = reshape_value(im, s, &t.shape)?;
    e(im.b.elementwise_with(&[x, s], dtype, |b, a| {
        let k = b.constant(alpha / size as f64, dtype);
        let bi = b.constant(bias, dtype);
        let be = b.constant(beta, dtype);
        let m = b.push(ScalarOp::MulF, &[a[1], k], dtype);
        let d = b.push(ScalarOp::AddF, &[bi, m], dtype);
        let p = b.push(ScalarOp::PowF, &[d, be], dtype);
        b.push(ScalarOp::DivF, &[a[0], p], dtype)
    }))
}

//! The convolution and pooling windows the op families share (spatial padding and output sizes
//! per axis, `auto_pad`), 1-D as 2-D with height 1, and a Conv of a value with a filter and an
//! optional bias (grouped, depthwise or plain).

use crate::onnx::context::{e, float_only, Entry, Importer, NodeRef, R};
use crate::onnx::shared::contraction::conv_into;
use crate::onnx::shared::contraction::wide_accumulator;
use crate::onnx::shared::reshape::reshape_entry;
use crate::onnx::shared::reshape::reshape_value;
use crate::onnx::shared::reshape::shaped;
use crate::syntax::*;

/// Spatial padding and output sizes of one axis.
pub(crate) struct Window {
    pub(crate) input: u64,
    pub(crate) kernel: u64,
    pub(crate) stride: u64,
    pub(crate) dilation: u64,
    pub(crate) pad_begin: u64,
    pub(crate) pad_end: u64,
    /// Extra high padding so that the floor formula yields `output` (ceil mode).
    pub(crate) extra: u64,
    pub(crate) output: u64,
}

pub(crate) fn windows(
    n: &NodeRef,
    input: &[u64],
    kernel: &[u64],
    ceil_mode: bool,
) -> R<Vec<Window>> {
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

pub(crate) fn windows_1d(
    n: &NodeRef,
    spatial: &[u64],
    kernel: &[u64],
    ceil: bool,
) -> R<Vec<Window>> {
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

pub(crate) fn pad_spatial(im: &mut Importer, x: ValueId, win: &[Window], value: f64) -> R<ValueId> {
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

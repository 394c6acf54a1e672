//! ONNX convolutions and pooling: Conv, MaxPool / AveragePool, global pools, BatchNormalization, LRN.

use crate::builder::lowest;
use crate::interp::Tensor;
use crate::onnx::context::{
    e, float_only, konst, norm_axis, required, Entry, Importer, NodeRef, R,
};
use crate::onnx::shared::conv::conv_with;
use crate::onnx::shared::conv::from_2d;
use crate::onnx::shared::conv::pad_spatial;
use crate::onnx::shared::conv::to_2d;
use crate::onnx::shared::conv::windows;
use crate::onnx::shared::conv::windows_1d;
use crate::onnx::shared::conv::Window;
use crate::onnx::shared::reduce::reduce_axes;
use crate::onnx::shared::reduce::reduce_value;
use crate::onnx::shared::reshape::reshape_entry;
use crate::onnx::shared::reshape::{dims_product, reshape_value};
use crate::syntax::*;

pub(crate) fn conv(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    let x = im.value(required(n, 0)?)?;
    // The filter stays an entry so that reshapes of constant weights happen on the host.
    let w = required(n, 1)?.clone();
    let bias = n.input(2).cloned();
    conv_with(im, n, x, w, bias)
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

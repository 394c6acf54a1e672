//! Scatters and GatherND: ScatterND, ScatterElements, Scatter (opsets 9-10), TensorScatter,
//! GatherND.
//!
//! Kiln has no scatter op: a scatter is a masked reduction. Every update `u[.., j]` is compared
//! with every output position `p` along the scattered axis (its target index, the *key*,
//! against an iota of the axis), giving a tensor of shape `data.shape + [J]` (J = the number of
//! updates landing on each output row) whose entries are the update where the key hits and the
//! reduction's neutral element elsewhere; `linalg.reduce` folds the last dim, and one
//! elementwise generic combines the result with `data` (for `reduction = none`, a hit count
//! picks the update or keeps `data`). Everything is existing front IR (generics, reduce,
//! transpose, reshape, pad, gather), so the interpreter and the device run the same ops. The
//! intermediate is `J` times the size of the output: fine for the scatters models use (KV-cache
//! writes, index updates), not for scattering millions of rows.
//!
//! - ScatterND: `data` is viewed as `[N, rest]` (N the product of the first `k` dims, k the
//!   indices' last dim), the indices become flat row numbers, and rows are scattered.
//! - ScatterElements / Scatter: the indices' dims other than `axis` may be shorter than the
//!   data's; they are padded with an index that matches no row.
//! - TensorScatter (KV-cache update): the key of update `j` of batch `b` is
//!   `write_indices[b] + j` (mod the cache length when `mode = circular`).
//! - GatherND: flat row numbers (batch dims folded in), then `kiln.gather` on axis 0.
//!
//! Duplicate indices with `reduction = none` (undefined in ONNX) sum the duplicates. Indices
//! outside the data never match a row (no error, no write). Bool data is refused.

use super::context::{e, konst, norm_axis, required, Entry, Importer, NodeRef, R};
use crate::builder::lowest;
use crate::interp::Tensor;
use crate::onnx::shared::reduce::reduce_value;
use crate::onnx::shared::reshape::reshape_value;
use crate::syntax::*;

pub(super) fn import(im: &mut Importer, n: &NodeRef) -> R<Vec<Entry>> {
    let v = match n.op_type {
        "ScatterND" => scatter_nd(im, n)?,
        "ScatterElements" | "Scatter" => scatter_elements(im, n)?,
        "TensorScatter" => tensor_scatter(im, n)?,
        "GatherND" => gather_nd(im, n)?,
        other => return Err(format!("no handler for {other}")),
    };
    Ok(vec![Entry::Value(v)])
}

/// The `reduction` attribute (opset 16 / 18 added it): none, add, mul, max or min.
fn reduction(im: &Importer, n: &NodeRef) -> R<&'static str> {
    let r = n.string("reduction").unwrap_or_else(|| "none".into());
    Ok(match r.as_str() {
        "none" => "none",
        "add" => "add",
        "mul" => "mul",
        "max" if im.opset >= 18 => "max",
        "min" if im.opset >= 18 => "min",
        other => {
            return Err(format!(
                "unsupported attribute reduction = '{other}' (none, add, mul; max and min \
                 from opset 18)"
            ))
        }
    })
}

fn static_u64(t: &TensorType, what: &str) -> R<Vec<u64>> {
    t.static_shape()
        .ok_or_else(|| format!("{what} {t} must have a static shape"))
}

fn dims_of(shape: &[u64]) -> Vec<Dim> {
    shape.iter().map(|&d| Dim::Static(d)).collect()
}

/// `x` as i64 (indices come as i32 or i64).
fn as_i64(im: &mut Importer, x: ValueId, what: &str) -> R<ValueId> {
    let dtype = im.b.value_type(x).dtype();
    if dtype.is_float() || dtype == DType::I1 {
        return Err(format!("{what} must be integers, got {dtype}"));
    }
    e(im.b.cast(x, DType::I64))
}

/// An i64 constant `0..d` shaped `[1.., d, 1..]` with `d` at position `at` of `rank` dims.
fn iota(im: &mut Importer, d: u64, at: usize, rank: usize) -> R<ValueId> {
    let mut shape = vec![1usize; rank];
    shape[at] = d as usize;
    let t = Tensor::from_vec(DType::I64, &shape, (0..d).map(|i| i as f64).collect())
        .map_err(|e| e.to_string())?;
    im.value(&konst(t))
}

/// Flat row numbers of the index tuples `indices[.., k]` into dims `dims` (k = dims.len()),
/// negative components counted from the end; the result has the indices' shape minus the last
/// dim. A component outside its dim gives a row past every real one (`-1` after the fold would
/// alias, so out-of-range tuples map to `total`).
fn flat_rows(im: &mut Importer, indices: ValueId, dims: &[u64]) -> R<ValueId> {
    let k = dims.len();
    let mut strides = vec![1u64; k];
    for i in (0..k.saturating_sub(1)).rev() {
        strides[i] = strides[i + 1] * dims[i + 1];
    }
    let total: u64 = dims.iter().product();
    let as_const = |v: &[u64]| {
        Tensor::from_vec(DType::I64, &[k], v.iter().map(|&x| x as f64).collect())
            .map_err(|e| e.to_string())
    };
    let dims_c = im.value(&konst(as_const(dims)?))?;
    let strides_c = im.value(&konst(as_const(&strides)?))?;
    let total_f = total as f64;
    // Per component: the normalized index times its stride, or `total` (past every row) when
    // out of range; the sum over components then exceeds `total - 1` for any bad tuple.
    let parts = e(im
        .b
        .elementwise_with(&[indices, dims_c, strides_c], DType::I64, |b, a| {
            let zero = b.constant(0.0, DType::I64);
            let neg = b.push(ScalarOp::CmpI(CmpIPredicate::Slt), &[a[0], zero], DType::I1);
            let wrapped = b.push(ScalarOp::AddI, &[a[0], a[1]], DType::I64);
            let i = b.push(ScalarOp::Select, &[neg, wrapped, a[0]], DType::I64);
            let low = b.push(ScalarOp::CmpI(CmpIPredicate::Slt), &[i, zero], DType::I1);
            let high = b.push(ScalarOp::CmpI(CmpIPredicate::Sge), &[i, a[1]], DType::I1);
            let bad = b.push(ScalarOp::OrI, &[low, high], DType::I1);
            let scaled = b.push(ScalarOp::MulI, &[i, a[2]], DType::I64);
            let past = b.constant(total_f, DType::I64);
            b.push(ScalarOp::Select, &[bad, past, scaled], DType::I64)
        }))?;
    if k == 0 {
        return Err("the indices' last dim is 0".into());
    }
    let rank = im.b.tensor_type(parts).rank();
    reduce_value(im, parts, &[rank - 1], "sum", None)
}

/// Scatters `updates` into `data`: `key`, `row_iota` and `updates` broadcast to
/// `data.shape + [J]`; entry `(p, j)` lands in `p` when `key == row_iota` there.
fn scatter_rows(
    im: &mut Importer,
    data: ValueId,
    key: ValueId,
    row_iota: ValueId,
    updates: ValueId,
    reduction: &str,
) -> R<ValueId> {
    let t = im.b.tensor_type(data);
    let dtype = t.dtype;
    if dtype == DType::I1 {
        return Err("bool data is not supported".into());
    }
    let float = dtype.is_float();
    let neutral = match reduction {
        "mul" => 1.0,
        "max" if float => f64::NEG_INFINITY,
        "max" => lowest(dtype),
        "min" if float => f64::INFINITY,
        "min" => -lowest(dtype) - 1.0,
        _ => 0.0,
    };
    let picked = e(im
        .b
        .elementwise_with(&[key, row_iota, updates], dtype, |b, a| {
            let hit = b.push(ScalarOp::CmpI(CmpIPredicate::Eq), &[a[0], a[1]], DType::I1);
            let n = b.constant(neutral, dtype);
            b.push(ScalarOp::Select, &[hit, a[2], n], dtype)
        }))?;
    let pt = im.b.tensor_type(picked);
    let mut want = t.shape.clone();
    want.push(pt.shape.get(t.rank()).cloned().unwrap_or(Dim::Static(0)));
    if pt.shape != want {
        return Err(format!(
            "internal: the scatter's candidates have shape {pt}, expected {want:?}"
        ));
    }
    let last = t.rank();
    let kind = match reduction {
        "mul" => "prod",
        "max" => "max",
        "min" => "min",
        _ => "sum",
    };
    let folded = reduce_value(im, picked, &[last], kind, None)?;
    if reduction == "none" {
        let hits = e(im.b.elementwise_with(&[key, row_iota], DType::I32, |b, a| {
            let hit = b.push(ScalarOp::CmpI(CmpIPredicate::Eq), &[a[0], a[1]], DType::I1);
            let one = b.constant(1.0, DType::I32);
            let zero = b.constant(0.0, DType::I32);
            b.push(ScalarOp::Select, &[hit, one, zero], DType::I32)
        }))?;
        let count = reduce_value(im, hits, &[last], "sum", None)?;
        return e(im
            .b
            .elementwise_with(&[data, folded, count], dtype, |b, a| {
                let zero = b.constant(0.0, DType::I32);
                let any = b.push(ScalarOp::CmpI(CmpIPredicate::Sgt), &[a[2], zero], DType::I1);
                b.push(ScalarOp::Select, &[any, a[1], a[0]], dtype)
            }));
    }
    let op = match (reduction, float) {
        ("add", true) => ScalarOp::AddF,
        ("add", false) => ScalarOp::AddI,
        ("mul", true) => ScalarOp::MulF,
        ("mul", false) => ScalarOp::MulI,
        ("max", true) => ScalarOp::MaximumF,
        ("max", false) => ScalarOp::MaxSI,
        ("min", true) => ScalarOp::MinimumF,
        _ => ScalarOp::MinSI,
    };
    e(im.b.elementwise(op, &[data, folded]))
}

/// `x` with dim `axis` moved last and a size-1 dim left in its place.
fn axis_to_last(im: &mut Importer, x: ValueId, axis: usize) -> R<ValueId> {
    let t = im.b.tensor_type(x);
    let r = t.rank();
    let mut perm: Vec<usize> = (0..r).filter(|&d| d != axis).collect();
    perm.push(axis);
    let moved = if axis + 1 == r {
        x
    } else {
        e(im.b.transpose(x, &perm))?
    };
    let mut shape = t.shape.clone();
    let j = shape[axis].clone();
    shape[axis] = Dim::Static(1);
    shape.push(j);
    reshape_value(im, moved, &shape)
}

fn scatter_elements(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    let data = im.value(required(n, 0)?)?;
    let indices = im.value(required(n, 1)?)?;
    let updates = im.value(required(n, 2)?)?;
    let reduction = if n.op_type == "Scatter" {
        "none"
    } else {
        reduction(im, n)?
    };
    let t = im.b.tensor_type(data);
    let dshape = static_u64(&t, "the data")?;
    let it = im.b.tensor_type(indices);
    let ishape = static_u64(&it, "the indices")?;
    let ut = im.b.tensor_type(updates);
    if ut.shape != it.shape {
        return Err(format!(
            "the updates {ut} and the indices {it} differ in shape"
        ));
    }
    if ut.dtype != t.dtype {
        return Err(format!("the updates {ut} and the data {t} differ in type"));
    }
    let r = dshape.len();
    if ishape.len() != r {
        return Err(format!("the indices {it} and the data {t} differ in rank"));
    }
    let axis = norm_axis(n.int("axis", 0), r)?;
    if (0..r).any(|d| d != axis && ishape[d] > dshape[d]) {
        return Err(format!(
            "the indices {it} are larger than the data {t} outside the axis {axis}"
        ));
    }
    let len = dshape[axis] as f64;
    let indices = as_i64(im, indices, "the indices")?;
    // Negative indices count from the end; out of range ones become `len` (no row).
    let key = e(im.b.elementwise_with(&[indices], DType::I64, |b, a| {
        let zero = b.constant(0.0, DType::I64);
        let n = b.constant(len, DType::I64);
        let neg = b.push(ScalarOp::CmpI(CmpIPredicate::Slt), &[a[0], zero], DType::I1);
        let wrapped = b.push(ScalarOp::AddI, &[a[0], n], DType::I64);
        let i = b.push(ScalarOp::Select, &[neg, wrapped, a[0]], DType::I64);
        let low = b.push(ScalarOp::CmpI(CmpIPredicate::Slt), &[i, zero], DType::I1);
        let high = b.push(ScalarOp::CmpI(CmpIPredicate::Sge), &[i, n], DType::I1);
        let bad = b.push(ScalarOp::OrI, &[low, high], DType::I1);
        b.push(ScalarOp::Select, &[bad, n, i], DType::I64)
    }))?;
    // Shorter index dims are padded with a key that hits no row.
    let high: Vec<u64> = (0..r)
        .map(|d| if d == axis { 0 } else { dshape[d] - ishape[d] })
        .collect();
    let (key, updates) = if high.iter().any(|&h| h > 0) {
        let low = vec![0; r];
        (
            e(im.b.pad(key, &low, &high, len))?,
            e(im.b.pad(updates, &low, &high, 0.0))?,
        )
    } else {
        (key, updates)
    };
    let key = axis_to_last(im, key, axis)?;
    let updates = axis_to_last(im, updates, axis)?;
    let rows = iota(im, dshape[axis], axis, r + 1)?;
    scatter_rows(im, data, key, rows, updates, reduction)
}

fn scatter_nd(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    let data = im.value(required(n, 0)?)?;
    let indices = im.value(required(n, 1)?)?;
    let updates = im.value(required(n, 2)?)?;
    let reduction = reduction(im, n)?;
    let t = im.b.tensor_type(data);
    let dshape = static_u64(&t, "the data")?;
    let it = im.b.tensor_type(indices);
    let ishape = static_u64(&it, "the indices")?;
    let Some((&k, batch)) = ishape.split_last() else {
        return Err("the indices must have rank >= 1".into());
    };
    let k = k as usize;
    if k == 0 || k > dshape.len() {
        return Err(format!(
            "the indices' last dim {k} must be between 1 and the data's rank {}",
            dshape.len()
        ));
    }
    let ut = im.b.tensor_type(updates);
    let mut want: Vec<u64> = batch.to_vec();
    want.extend_from_slice(&dshape[k..]);
    if ut.shape != dims_of(&want) {
        return Err(format!(
            "the updates {ut} must have shape {want:?} (indices.shape[:-1] + data.shape[k:])"
        ));
    }
    let rows: u64 = dshape[..k].iter().product();
    let rest = &dshape[k..];
    let count: u64 = batch.iter().product();
    let indices = as_i64(im, indices, "the indices")?;
    let flat = flat_rows(im, indices, &dshape[..k])?;
    let mut data_shape = vec![rows];
    data_shape.extend_from_slice(rest);
    let data2 = reshape_value(im, data, &dims_of(&data_shape))?;
    // key [1, 1.., J], updates [1, rest.., J], rows iota [N, 1.., 1].
    let mut key_shape = vec![1u64; rest.len() + 1];
    key_shape.push(count);
    let key = reshape_value(im, flat, &dims_of(&key_shape))?;
    let mut upd_shape = vec![count];
    upd_shape.extend_from_slice(rest);
    let upd = reshape_value(im, updates, &dims_of(&upd_shape))?;
    let upd = axis_to_last(im, upd, 0)?;
    let row_iota = iota(im, rows, 0, rest.len() + 2)?;
    let out = scatter_rows(im, data2, key, row_iota, upd, reduction)?;
    reshape_value(im, out, &t.shape)
}

/// TensorScatter (opset 24): writes `update` into `past_cache` along `axis` at
/// `write_indices[b]` per batch entry `b` (dim 0), wrapping when `mode = circular`.
fn tensor_scatter(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    let cache = im.value(required(n, 0)?)?;
    let update = im.value(required(n, 1)?)?;
    let t = im.b.tensor_type(cache);
    let cshape = static_u64(&t, "the past cache")?;
    let ut = im.b.tensor_type(update);
    let ushape = static_u64(&ut, "the update")?;
    let r = cshape.len();
    let axis = norm_axis(n.int("axis", -2), r)?;
    if axis == 0 {
        return Err("unsupported attribute axis: it must not be the batch dim 0".into());
    }
    let circular = match n.string("mode").as_deref().unwrap_or("linear") {
        "linear" => false,
        "circular" => true,
        other => return Err(format!("unsupported attribute mode = '{other}'")),
    };
    if ushape.len() != r
        || (0..r).any(|d| {
            if d == axis {
                ushape[d] > cshape[d]
            } else {
                ushape[d] != cshape[d]
            }
        })
    {
        return Err(format!(
            "the update {ut} does not fit the past cache {t} along axis {axis}"
        ));
    }
    if ut.dtype != t.dtype {
        return Err(format!(
            "the update {ut} and the past cache {t} differ in type"
        ));
    }
    let batch = cshape[0];
    let len = cshape[axis];
    let count = ushape[axis];
    let starts = match n.input(2) {
        Some(w) => {
            let w = im.value(w)?;
            as_i64(im, w, "the write indices")?
        }
        None => {
            let z = Tensor::from_vec(DType::I64, &[batch as usize], vec![0.0; batch as usize])
                .map_err(|e| e.to_string())?;
            im.value(&konst(z))?
        }
    };
    let mut start_shape = vec![1u64; r + 1];
    start_shape[0] = batch;
    let starts = reshape_value(im, starts, &dims_of(&start_shape))?;
    let steps = iota(im, count, r, r + 1)?;
    let len_f = len as f64;
    let key = e(im.b.elementwise_with(&[starts, steps], DType::I64, |b, a| {
        let s = b.push(ScalarOp::AddI, &[a[0], a[1]], DType::I64);
        if circular {
            let l = b.constant(len_f, DType::I64);
            let m = b.push(ScalarOp::RemSI, &[s, l], DType::I64);
            let zero = b.constant(0.0, DType::I64);
            let neg = b.push(ScalarOp::CmpI(CmpIPredicate::Slt), &[m, zero], DType::I1);
            let up = b.push(ScalarOp::AddI, &[m, l], DType::I64);
            b.push(ScalarOp::Select, &[neg, up, m], DType::I64)
        } else {
            s
        }
    }))?;
    let update = axis_to_last(im, update, axis)?;
    let rows = iota(im, len, axis, r + 1)?;
    scatter_rows(im, cache, key, rows, update, "none")
}

/// GatherND: `indices[.., k]` select slices of `data` after `batch_dims` leading dims shared
/// by both.
fn gather_nd(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    let data = im.value(required(n, 0)?)?;
    let indices = im.value(required(n, 1)?)?;
    let t = im.b.tensor_type(data);
    let dshape = static_u64(&t, "the data")?;
    let it = im.b.tensor_type(indices);
    let ishape = static_u64(&it, "the indices")?;
    let b = n.int("batch_dims", 0);
    if b < 0 || b as usize >= ishape.len().min(dshape.len()) {
        return Err(format!(
            "unsupported attribute batch_dims = {b} for data {t} and indices {it}"
        ));
    }
    let b = b as usize;
    let k = *ishape.last().unwrap_or(&0) as usize;
    if k == 0 || b + k > dshape.len() {
        return Err(format!(
            "the indices' last dim {k} must be between 1 and the data's rank minus batch_dims"
        ));
    }
    if ishape[..b] != dshape[..b] {
        return Err(format!(
            "the batch dims of the indices {it} and the data {t} differ"
        ));
    }
    let indices = as_i64(im, indices, "the indices")?;
    let flat = flat_rows(im, indices, &dshape[b..b + k])?;
    let rows: u64 = dshape[b..b + k].iter().product();
    let batch: u64 = dshape[..b].iter().product();
    let rest = &dshape[b + k..];
    // Batch entry `i` owns rows `i * rows ..`: add that offset (out-of-range tuples already
    // point past their batch entry; the gather clamps them).
    let inner = &ishape[b..ishape.len() - 1];
    let per_batch: u64 = inner.iter().product();
    let flat = reshape_value(im, flat, &dims_of(&[batch, per_batch]))?;
    let offsets = Tensor::from_vec(
        DType::I64,
        &[batch as usize, 1],
        (0..batch).map(|i| (i * rows) as f64).collect(),
    )
    .map_err(|e| e.to_string())?;
    let offsets = im.value(&konst(offsets))?;
    let flat = e(im.b.elementwise(ScalarOp::AddI, &[flat, offsets]))?;
    let mut data_shape = vec![batch * rows];
    data_shape.extend_from_slice(rest);
    let data2 = reshape_value(im, data, &dims_of(&data_shape))?;
    let gathered = e(im.b.gather(data2, flat, 0))?;
    let mut out: Vec<u64> = ishape[..ishape.len() - 1].to_vec();
    out.extend_from_slice(rest);
    reshape_value(im, gathered, &dims_of(&out))
}

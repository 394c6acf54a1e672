//! Reductions built from `linalg.reduce` plus elementwise generics around it.
//!
//! - ReduceL1 `sum |x|`, ReduceL2 `sqrt(sum x^2)`, ReduceSumSquare, ReduceLogSum `log(sum x)`,
//!   ReduceLogSumExp `m + log(sum exp(x - m))` with `m` the max where it is finite (0 elsewhere,
//!   so an all -inf or an empty set gives -inf), ReduceProd. With `noop_with_empty_axes` and no
//!   axes the same formula runs elementwise (ONNX's reference does that). L2, LogSum and
//!   LogSumExp take floats only.
//! - ArgMax / ArgMin: the max (min) over the axis, then per element its index where it equals
//!   that extreme (or is NaN: numpy returns the first NaN) and a sentinel elsewhere, then the
//!   min of those indices (the max with `select_last_index`). The index along the axis is a
//!   constant `[d, 1, ...]` tensor, so the axis needs a static size.
//! - Hardmax: 1 where the index equals ArgMax's, else 0. LogSoftmax: `x - m - log(sum exp(x -
//!   m))`. Both coerce the input to 2-D at `axis` before opset 13, as Softmax does.
//! - CumSum / CumProd: `select(mask, x, 0 or 1)` over a `[..., d, d, ...]` broadcast with a
//!   constant triangular mask (strict for `exclusive`, transposed for `reverse`), then a sum
//!   (product) over the source axis: O(d^2) work per line, exact for integers.
//! - TopK: each element's rank along the axis (how many elements beat it: larger, or equal at
//!   a lower index; smaller for `largest` = 0) from a `[..., d, d, ...]` pairwise comparison,
//!   then output r is the element of rank r (a one-hot select summed over the axis), values and
//!   indices alike. O(d^2) per line, exact; the output is always sorted (also for `sorted` = 0,
//!   which allows any order). `k` must be a constant and the axis static.

use ndarray::{ArrayD, IxDyn};

use super::context::{
    const_ints, e, float_only, konst, norm_axis, required, Entry, Importer, NodeRef, R,
};
use crate::interp::Tensor;
use crate::onnx::shared::reduce::finite_or_zero;
use crate::onnx::shared::reduce::kept_shape;
use crate::onnx::shared::reduce::log_softmax;
use crate::onnx::shared::reduce::{reduce_axes, reduce_value};
use crate::onnx::shared::reshape::{dims_product, reshape_value};
use crate::syntax::*;

pub(super) fn import(im: &mut Importer, n: &NodeRef) -> R<Vec<Entry>> {
    let v = match n.op_type {
        "ReduceL1" | "ReduceL2" | "ReduceSumSquare" | "ReduceLogSum" | "ReduceLogSumExp"
        | "ReduceProd" => reduce_variant(im, n)?,
        "ArgMax" | "ArgMin" => arg_extreme(im, n)?,
        "Hardmax" | "LogSoftmax" => along_axis(im, n)?,
        "CumSum" | "CumProd" => cumulative(im, n)?,
        "TopK" => return top_k(im, n),
        other => return Err(format!("no handler for {other}")),
    };
    Ok(vec![Entry::Value(v)])
}

fn reduce_variant(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    let op = n.op_type;
    let x = im.value(required(n, 0)?)?;
    let t = im.b.tensor_type(x);
    let dtype = t.dtype;
    let float = dtype.is_float();
    if dtype == DType::I1
        || (!float && matches!(op, "ReduceL2" | "ReduceLogSum" | "ReduceLogSumExp"))
    {
        return Err(format!("{op} of {dtype} is not supported"));
    }
    let keepdims = n.int("keepdims", 1) != 0;
    let dims = reduce_axes(im, n, t.rank())?;
    // ReduceLogSumExp's shift: the max over the dims, kept and dropped.
    let shift = match (&dims, op) {
        (Some(d), "ReduceLogSumExp") => {
            let m = reduce_value(im, x, d, "max", None)?;
            let m =
                e(im.b.elementwise_with(&[m], dtype, |b, a| finite_or_zero(b, a[0], dtype)))?;
            let kept = reshape_value(im, m, &kept_shape(&t, d))?;
            Some((m, kept))
        }
        _ => None,
    };
    let mul = if float {
        ScalarOp::MulF
    } else {
        ScalarOp::MulI
    };
    let pre = match op {
        "ReduceL1" => Some(e(im.b.elementwise(
            if float {
                ScalarOp::AbsF
            } else {
                ScalarOp::AbsI
            },
            &[x],
        ))?),
        "ReduceL2" | "ReduceSumSquare" => Some(e(im
            .b
            .elementwise_with(&[x], dtype, |b, a| b.push(mul, &[a[0], a[0]], dtype)))?),
        "ReduceLogSumExp" => Some(match &shift {
            Some((_, kept)) => e(im.b.elementwise_with(&[x, *kept], dtype, |b, a| {
                let s = b.push(ScalarOp::SubF, &[a[0], a[1]], dtype);
                b.push(ScalarOp::Exp, &[s], dtype)
            }))?,
            None => e(im.b.elementwise(ScalarOp::Exp, &[x]))?,
        }),
        _ => None,
    };
    let pre = pre.unwrap_or(x);
    let mut y = match &dims {
        Some(d) => {
            let kind = if op == "ReduceProd" { "prod" } else { "sum" };
            let r = reduce_value(im, pre, d, kind, None)?;
            if keepdims {
                reshape_value(im, r, &kept_shape(&t, d))?
            } else {
                r
            }
        }
        // noop_with_empty_axes: the formula elementwise; a fresh value all the same.
        None if pre == x => e(im.b.elementwise_with(&[x], dtype, |_, a| a[0]))?,
        None => pre,
    };
    match op {
        "ReduceL2" => y = e(im.b.elementwise(ScalarOp::Sqrt, &[y]))?,
        "ReduceLogSum" => y = e(im.b.elementwise(ScalarOp::Log, &[y]))?,
        "ReduceLogSumExp" => {
            y = match shift {
                Some((m, kept)) => {
                    let m = if keepdims { kept } else { m };
                    e(im.b.elementwise_with(&[y, m], dtype, |b, a| {
                        let l = b.push(ScalarOp::Log, &[a[0]], dtype);
                        b.push(ScalarOp::AddF, &[l, a[1]], dtype)
                    }))?
                }
                None => e(im.b.elementwise(ScalarOp::Log, &[y]))?,
            }
        }
        _ => {}
    }
    Ok(y)
}

/// The index of the max (`max`) or min of `x` along `axis`, first or `last`, as i64 with the
/// axis kept (size 1).
fn arg_index(im: &mut Importer, x: ValueId, axis: usize, max: bool, last: bool) -> R<ValueId> {
    let t = im.b.tensor_type(x);
    let dtype = t.dtype;
    if dtype == DType::I1 {
        return Err(format!("bool input ({t}) is not supported"));
    }
    let d = t.shape[axis]
        .as_static()
        .ok_or_else(|| format!("the reduced axis {axis} of {t} must have a static size"))?;
    if d == 0 {
        return Err(format!("the reduced axis {axis} of {t} is empty"));
    }
    let kept = kept_shape(&t, &[axis]);
    let m = reduce_value(im, x, &[axis], if max { "max" } else { "min" }, None)?;
    let m = reshape_value(im, m, &kept)?;
    let iota = index_constant(im, d, t.rank() - axis)?;
    let sentinel = if last { -1.0 } else { d as f64 };
    let float = dtype.is_float();
    let candidates = e(im.b.elementwise_with(&[x, m, iota], DType::I64, |b, a| {
        let hit = if float {
            let eq = b.push(ScalarOp::CmpF(CmpFPredicate::Oeq), &[a[0], a[1]], DType::I1);
            let nan = b.push(ScalarOp::CmpF(CmpFPredicate::Une), &[a[0], a[0]], DType::I1);
            b.push(ScalarOp::OrI, &[eq, nan], DType::I1)
        } else {
            b.push(ScalarOp::CmpI(CmpIPredicate::Eq), &[a[0], a[1]], DType::I1)
        };
        let s = b.constant(sentinel, DType::I64);
        b.push(ScalarOp::Select, &[hit, a[2], s], DType::I64)
    }))?;
    let index = reduce_value(
        im,
        candidates,
        &[axis],
        if last { "max" } else { "min" },
        None,
    )?;
    reshape_value(im, index, &kept)
}

/// The i64 constant `0..d` shaped `[d, 1, ..., 1]` (`rank` dims), which numpy-broadcasts along
/// the axis `rank` dims from the end.
fn index_constant(im: &mut Importer, d: u64, rank: usize) -> R<ValueId> {
    let mut shape = vec![d as usize];
    shape.extend(std::iter::repeat_n(1, rank - 1));
    let t = Tensor::from_vec(DType::I64, &shape, (0..d).map(|i| i as f64).collect())
        .map_err(|e| e.to_string())?;
    im.value(&konst(t))
}

fn arg_extreme(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    let x = im.value(required(n, 0)?)?;
    let t = im.b.tensor_type(x);
    let axis = norm_axis(n.int("axis", 0), t.rank())?;
    let last = n.int("select_last_index", 0) != 0;
    let y = arg_index(im, x, axis, n.op_type == "ArgMax", last)?;
    if n.int("keepdims", 1) != 0 {
        return Ok(y);
    }
    let mut shape = t.shape.clone();
    shape.remove(axis);
    reshape_value(im, y, &shape)
}

/// Hardmax and LogSoftmax: along `axis` from opset 13, before that over the input coerced to
/// 2-D at `axis` (default 1).
fn along_axis(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    let x = im.value(required(n, 0)?)?;
    let t = im.b.tensor_type(x);
    float_only(t.dtype, n)?;
    let r = t.rank();
    let apply = |im: &mut Importer, x: ValueId, axis: usize| {
        if n.op_type == "Hardmax" {
            hardmax(im, x, axis)
        } else {
            log_softmax(im, x, axis)
        }
    };
    if im.opset >= 13 {
        let axis = norm_axis(n.int("axis", -1), r)?;
        return apply(im, x, axis);
    }
    let axis = norm_axis(n.int("axis", 1), r)?;
    let rows = dims_product(t.shape[..axis].iter())?;
    let cols = dims_product(t.shape[axis..].iter())?;
    let x2 = reshape_value(im, x, &[rows, cols])?;
    let y = apply(im, x2, 1)?;
    reshape_value(im, y, &t.shape)
}

fn hardmax(im: &mut Importer, x: ValueId, axis: usize) -> R<ValueId> {
    let t = im.b.tensor_type(x);
    let index = arg_index(im, x, axis, true, false)?;
    let d = t.shape[axis].as_static().unwrap_or(0);
    let iota = index_constant(im, d, t.rank() - axis)?;
    let dtype = t.dtype;
    e(im.b.elementwise_with(&[index, iota], dtype, |b, a| {
        let eq = b.push(ScalarOp::CmpI(CmpIPredicate::Eq), &[a[0], a[1]], DType::I1);
        let one = b.constant(1.0, dtype);
        let zero = b.constant(0.0, dtype);
        b.push(ScalarOp::Select, &[eq, one, zero], dtype)
    }))
}

fn cumulative(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    let product = n.op_type == "CumProd";
    let x = im.value(required(n, 0)?)?;
    let t = im.b.tensor_type(x);
    let dtype = t.dtype;
    if dtype == DType::I1 {
        return Err(format!("{} of bool is not supported", n.op_type));
    }
    let axis = const_ints(n, 1, "the axis")?.ok_or("missing input #1 (axis)")?;
    let [axis] = axis[..] else {
        return Err(format!("the axis must be one value, got {axis:?}"));
    };
    let r = t.rank();
    let axis = norm_axis(axis, r)?;
    let d = t.shape[axis]
        .as_static()
        .ok_or_else(|| format!("the axis {axis} of {t} must have a static size"))?
        as usize;
    let (exclusive, reverse) = (n.int("exclusive", 0) != 0, n.int("reverse", 0) != 0);
    // mask[j, i]: x[j] counts in y[i].
    let mut mask_shape = vec![d, d];
    mask_shape.extend(std::iter::repeat_n(1, r - axis - 1));
    let mask = ArrayD::from_shape_fn(IxDyn(&mask_shape), |ix| {
        let (j, i) = (ix[0], ix[1]);
        let counts = match (reverse, exclusive) {
            (false, false) => j <= i,
            (false, true) => j < i,
            (true, false) => j >= i,
            (true, true) => j > i,
        };
        f64::from(u8::from(counts))
    });
    let mask = im.value(&konst(Tensor::new(DType::I1, mask)))?;
    let mut spread = t.shape.clone();
    spread.insert(axis + 1, Dim::Static(1));
    let xs = reshape_value(im, x, &spread)?;
    let selected = e(im.b.elementwise_with(&[mask, xs], dtype, |b, a| {
        let neutral = b.constant(if product { 1.0 } else { 0.0 }, dtype);
        b.push(ScalarOp::Select, &[a[0], a[1], neutral], dtype)
    }))?;
    reduce_value(
        im,
        selected,
        &[axis],
        if product { "prod" } else { "sum" },
        None,
    )
}

fn top_k(im: &mut Importer, n: &NodeRef) -> R<Vec<Entry>> {
    let x = im.value(required(n, 0)?)?;
    let t = im.b.tensor_type(x);
    let dtype = t.dtype;
    if dtype == DType::I1 {
        return Err("TopK of bool is not supported".into());
    }
    let r = t.rank();
    let axis = norm_axis(n.int("axis", -1), r)?;
    let d = t.shape[axis]
        .as_static()
        .ok_or_else(|| format!("the axis {axis} of {t} must have a static size"))?
        as usize;
    let k = if im.opset >= 10 {
        match const_ints(n, 1, "k")?.as_deref() {
            Some([k]) => *k,
            Some(v) => return Err(format!("k must be one value, got {v:?}")),
            None => return Err("missing input #1 (k)".into()),
        }
    } else {
        n.int("k", -1)
    };
    if k < 0 || k as usize > d {
        return Err(format!("k = {k} is outside 0..={d} (the axis size)"));
    }
    let k = k as usize;
    let largest = n.int("largest", 1) != 0;
    let float = dtype.is_float();
    // x as [.., d (i), 1, ..] and [.., 1, d (j), ..].
    let mut xi_shape = t.shape.clone();
    xi_shape.insert(axis + 1, Dim::Static(1));
    let mut xj_shape = t.shape.clone();
    xj_shape.insert(axis, Dim::Static(1));
    let xi = reshape_value(im, x, &xi_shape)?;
    let xj = reshape_value(im, x, &xj_shape)?;
    let trailing = r - axis - 1;
    let mut pair_shape = vec![d, d];
    pair_shape.extend(std::iter::repeat_n(1, trailing));
    // earlier[i, j]: j comes before i (wins a tie).
    let earlier =
        ArrayD::from_shape_fn(IxDyn(&pair_shape), |ix| f64::from(u8::from(ix[1] < ix[0])));
    let earlier = im.value(&konst(Tensor::new(DType::I1, earlier)))?;
    let beats = e(im
        .b
        .elementwise_with(&[xi, xj, earlier], DType::I64, |b, a| {
            let (gt, eq) = if float {
                (
                    ScalarOp::CmpF(if largest {
                        CmpFPredicate::Ogt
                    } else {
                        CmpFPredicate::Olt
                    }),
                    ScalarOp::CmpF(CmpFPredicate::Oeq),
                )
            } else {
                (
                    ScalarOp::CmpI(if largest {
                        CmpIPredicate::Sgt
                    } else {
                        CmpIPredicate::Slt
                    }),
                    ScalarOp::CmpI(CmpIPredicate::Eq),
                )
            };
            let wins = b.push(gt, &[a[1], a[0]], DType::I1);
            let ties = b.push(eq, &[a[1], a[0]], DType::I1);
            let tie_win = b.push(ScalarOp::AndI, &[ties, a[2]], DType::I1);
            let w = b.push(ScalarOp::OrI, &[wins, tie_win], DType::I1);
            let one = b.constant(1.0, DType::I64);
            let zero = b.constant(0.0, DType::I64);
            b.push(ScalarOp::Select, &[w, one, zero], DType::I64)
        }))?;
    // rank as [.., d, 1, ..].
    let rank = reduce_value(im, beats, &[axis + 1], "sum", None)?;
    let rank = reshape_value(im, rank, &xi_shape)?;
    let mut out_shape = vec![1, k];
    out_shape.extend(std::iter::repeat_n(1, trailing));
    let slots = Tensor::from_vec(DType::I64, &out_shape, (0..k).map(|i| i as f64).collect())
        .map_err(|e| e.to_string())?;
    let slots = im.value(&konst(slots))?;
    let mut index_shape = vec![d, 1];
    index_shape.extend(std::iter::repeat_n(1, trailing));
    let positions = Tensor::from_vec(DType::I64, &index_shape, (0..d).map(|i| i as f64).collect())
        .map_err(|e| e.to_string())?;
    let positions = im.value(&konst(positions))?;
    let gather = |im: &mut Importer, v: ValueId, vt: DType| -> R<ValueId> {
        let picked = e(im.b.elementwise_with(&[v, rank, slots], vt, |b, a| {
            let hit = b.push(ScalarOp::CmpI(CmpIPredicate::Eq), &[a[1], a[2]], DType::I1);
            let zero = b.constant(0.0, vt);
            b.push(ScalarOp::Select, &[hit, a[0], zero], vt)
        }))?;
        reduce_value(im, picked, &[axis], "sum", None)
    };
    let values = gather(im, xi, dtype)?;
    let indices = gather(im, positions, DType::I64)?;
    Ok(vec![Entry::Value(values), Entry::Value(indices)])
}

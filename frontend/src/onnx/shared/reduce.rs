//! Reductions the op families share: a reduction of a value over some dims (sums of narrow floats
//! in f32), the axes a Reduce* node reduces over, and log-softmax along one axis.

use crate::builder::lowest;
use crate::builder::BodyBuilder;
use crate::onnx::context::{const_ints, e, norm_axis, Importer, NodeRef, R};
use crate::onnx::shared::contraction::narrow_to;
use crate::onnx::shared::contraction::wide_accumulator;
use crate::onnx::shared::reshape::reshape_value;
use crate::syntax::*;

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

/// `x - m - log(sum exp(x - m))` along `axis`, `m` the finite max.
pub(crate) fn log_softmax(im: &mut Importer, x: ValueId, axis: usize) -> R<ValueId> {
    let t = im.b.tensor_type(x);
    let dtype = t.dtype;
    let kept = kept_shape(&t, &[axis]);
    let m = reduce_value(im, x, &[axis], "max", None)?;
    let m = reshape_value(im, m, &kept)?;
    let shifted = e(im.b.elementwise_with(&[x, m], dtype, |b, a| {
        let m = finite_or_zero(b, a[1], dtype);
        b.push(ScalarOp::SubF, &[a[0], m], dtype)
    }))?;
    let ex = e(im.b.elementwise(ScalarOp::Exp, &[shifted]))?;
    let s = reduce_value(im, ex, &[axis], "sum", None)?;
    let s = reshape_value(im, s, &kept)?;
    e(im.b.elementwise_with(&[shifted, s], dtype, |b, a| {
        let l = b.push(ScalarOp::Log, &[a[1]], dtype);
        b.push(ScalarOp::SubF, &[a[0], l], dtype)
    }))
}

/// `t`'s shape with `dims` set to 1.
pub(crate) fn kept_shape(t: &TensorType, dims: &[usize]) -> Vec<Dim> {
    (0..t.rank())
        .map(|d| {
            if dims.contains(&d) {
                Dim::Static(1)
            } else {
                t.shape[d].clone()
            }
        })
        .collect()
}

/// `m` where it is finite, else 0 (the shift of a log-sum-exp).
pub(crate) fn finite_or_zero(b: &mut BodyBuilder, m: ScalarRef, dtype: DType) -> ScalarRef {
    let a = b.push(ScalarOp::AbsF, &[m], dtype);
    let inf = b.constant(f64::INFINITY, dtype);
    let finite = b.push(ScalarOp::CmpF(CmpFPredicate::Olt), &[a, inf], DType::I1);
    let zero = b.constant(0.0, dtype);
    b.push(ScalarOp::Select, &[finite, m, zero], dtype)
}

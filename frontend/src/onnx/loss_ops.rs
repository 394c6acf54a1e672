//! The loss ops: NegativeLogLikelihoodLoss and SoftmaxCrossEntropyLoss (its log-softmax over
//! the classes, then the same loss), as onnx's reference computes them.
//!
//! The class of each element is picked with a one-hot select instead of a gather: `x[n, c, ...]`
//! where `c` equals the target (a constant `[C, 1, ...]` index compared with the target
//! broadcast over the classes), summed over the classes (one nonzero term, so exact). The
//! per-element weight is `weight[target]` picked the same way (1 without weights), 0 where the
//! target is `ignore_index`; the loss is `-x[n, target] * weight`, and `mean` divides the sum by
//! the sum of the weights. A target outside the classes picks nothing (loss 0). The class dim
//! needs a static size.

use super::context::{e, float_only, konst, required, Entry, Importer, NodeRef, R};
use crate::interp::Tensor;
use crate::onnx::shared::reduce::log_softmax;
use crate::onnx::shared::reduce::reduce_value;
use crate::onnx::shared::reshape::reshape_value;
use crate::syntax::*;

pub(super) fn import(im: &mut Importer, n: &NodeRef) -> R<Vec<Entry>> {
    let x = im.value(required(n, 0)?)?;
    let t = im.b.tensor_type(x);
    float_only(t.dtype, n)?;
    if t.rank() < 2 {
        return Err(format!("needs an N x C x ... input, got {t}"));
    }
    let (x, log_prob) = if n.op_type == "SoftmaxCrossEntropyLoss" {
        let lp = log_softmax(im, x, 1)?;
        (lp, Some(lp))
    } else {
        (x, None)
    };
    let target = im.value(required(n, 1)?)?;
    let weight = match n.input(2) {
        Some(w) => Some(im.value(w)?),
        None => None,
    };
    let ignore = n.attr("ignore_index").and_then(|a| a.i);
    let reduction = n.string("reduction").unwrap_or_else(|| "mean".into());
    if !["none", "sum", "mean"].contains(&reduction.as_str()) {
        return Err(format!("unsupported attribute: reduction = '{reduction}'"));
    }
    let loss = nll(im, x, target, weight, ignore, &reduction)?;
    let mut out = vec![Entry::Value(loss)];
    if n.num_outputs > 1 {
        out.push(Entry::Value(
            log_prob.ok_or("NegativeLogLikelihoodLoss has one output")?,
        ));
    }
    Ok(out)
}

fn nll(
    im: &mut Importer,
    x: ValueId,
    target: ValueId,
    weight: Option<ValueId>,
    ignore: Option<i64>,
    reduction: &str,
) -> R<ValueId> {
    let t = im.b.tensor_type(x);
    let tt = im.b.tensor_type(target);
    let dtype = t.dtype;
    if !matches!(tt.dtype, DType::I64 | DType::I32) {
        return Err(format!("the target must be int64 or int32, got {tt}"));
    }
    let mut expect = t.shape.clone();
    expect.remove(1);
    if tt.shape != expect {
        return Err(format!("the target {tt} does not match the input {t}"));
    }
    let r = t.rank();
    let classes = t.shape[1]
        .as_static()
        .ok_or_else(|| format!("the class dim of {t} must be static"))?;
    // target as [N, 1, d...], the class index as [C, 1, ...].
    let mut spread = tt.shape.clone();
    spread.insert(1, Dim::Static(1));
    let target_c = reshape_value(im, target, &spread)?;
    let mut class_shape = vec![classes as usize];
    class_shape.extend(std::iter::repeat_n(1, r - 2));
    let classes_t = Tensor::from_vec(
        tt.dtype,
        &class_shape,
        (0..classes).map(|c| c as f64).collect(),
    )
    .map_err(|e| e.to_string())?;
    let class_index = im.value(&konst(classes_t))?;
    let pick = |im: &mut Importer, v: ValueId| -> R<ValueId> {
        let picked = e(im
            .b
            .elementwise_with(&[v, target_c, class_index], dtype, |b, a| {
                let eq = b.push(ScalarOp::CmpI(CmpIPredicate::Eq), &[a[1], a[2]], DType::I1);
                let zero = b.constant(0.0, dtype);
                b.push(ScalarOp::Select, &[eq, a[0], zero], dtype)
            }))?;
        reduce_value(im, picked, &[1], "sum", None)
    };
    let px = pick(im, x)?;
    let w = match weight {
        Some(w) => {
            let tw = im.b.tensor_type(w);
            if tw.rank() != 1 || tw.dtype != dtype {
                return Err(format!("the weight must be a 1-D {dtype} tensor, got {tw}"));
            }
            let wc = reshape_value(im, w, &{
                let mut s = vec![t.shape[1].clone()];
                s.extend(std::iter::repeat_n(Dim::Static(1), r - 2));
                s
            })?;
            Some(pick(im, wc)?)
        }
        None => None,
    };
    // The weight of each element: weight[target] (or 1), 0 where the target is ignored.
    let mut inputs = vec![target];
    inputs.extend(w);
    let has_w = w.is_some();
    let idt = tt.dtype;
    let w = e(im.b.elementwise_with(&inputs, dtype, |b, a| {
        let one = b.constant(1.0, dtype);
        let w = if has_w { a[1] } else { one };
        match ignore {
            Some(ii) => {
                let c = b.constant(ii as f64, idt);
                let hit = b.push(ScalarOp::CmpI(CmpIPredicate::Eq), &[a[0], c], DType::I1);
                let zero = b.constant(0.0, dtype);
                b.push(ScalarOp::Select, &[hit, zero, w], dtype)
            }
            None => w,
        }
    }))?;
    let loss = e(im.b.elementwise_with(&[px, w], dtype, |b, a| {
        let m = b.push(ScalarOp::MulF, &[a[0], a[1]], dtype);
        b.push(ScalarOp::NegF, &[m], dtype)
    }))?;
    if reduction == "none" {
        return Ok(loss);
    }
    let all: Vec<usize> = (0..tt.rank()).collect();
    let total = reduce_value(im, loss, &all, "sum", None)?;
    if reduction == "sum" {
        return Ok(total);
    }
    let count = reduce_value(im, w, &all, "sum", None)?;
    e(im.b.elementwise(ScalarOp::DivF, &[total, count]))
}

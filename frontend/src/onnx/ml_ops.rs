//! Operators of the `ai.onnx.ml` domain (version 1) that are plain tensor ops.
//!
//! Binarizer: `x > threshold ? 1 : 0` in x's type (a NaN gives 0; an integer x compares with
//! `floor(threshold)`, which is the same test for integers). ArrayFeatureExtractor: the last axis
//! of x gathered at the indices, flattened (`kiln.gather`, so indices may be computed at run
//! time; negative ones count from the end); a 1-D x gives a `[1, count]` result, as onnx's
//! reference does. TreeEnsemble (domain version 5) is `tree_ensemble.rs`. The other ML
//! operators (the older tree ensembles, SVMs, encoders over strings and maps) are not imported.

use super::context::{e, required, Entry, Importer, NodeRef, R};
use crate::syntax::*;

pub(super) fn import(im: &mut Importer, n: &NodeRef) -> R<Vec<Entry>> {
    let v = match n.op_type {
        "Binarizer" => binarizer(im, n)?,
        "ArrayFeatureExtractor" => array_feature_extractor(im, n)?,
        other => return Err(format!("no handler for {other}")),
    };
    Ok(vec![Entry::Value(v)])
}

fn binarizer(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    let x = im.value(required(n, 0)?)?;
    let dtype = im.b.value_type(x).dtype();
    if dtype == DType::I1 {
        return Err(
            "Binarizer of bool is not supported (ONNX defines float, double, int32 and \
                    int64)"
                .into(),
        );
    }
    let threshold = f64::from(n.float("threshold", 0.0));
    e(im.b.elementwise_with(&[x], dtype, |b, a| {
        let above = if dtype.is_float() {
            let t = b.constant(threshold, dtype);
            b.push(ScalarOp::CmpF(CmpFPredicate::Ogt), &[a[0], t], DType::I1)
        } else {
            let t = b.constant(threshold.floor(), dtype);
            b.push(ScalarOp::CmpI(CmpIPredicate::Sgt), &[a[0], t], DType::I1)
        };
        let (one, zero) = (b.constant(1.0, dtype), b.constant(0.0, dtype));
        b.push(ScalarOp::Select, &[above, one, zero], dtype)
    }))
}

fn array_feature_extractor(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    let x = im.value(required(n, 0)?)?;
    let indices = im.value(required(n, 1)?)?;
    let (xt, it) = (im.b.tensor_type(x), im.b.tensor_type(indices));
    if !it.dtype.is_int() || it.dtype == DType::I1 {
        return Err(format!("indices must be int64, got {}", it.dtype));
    }
    if xt.rank() == 0 {
        return Err("X must have at least one dim".into());
    }
    let count = it
        .num_elements()
        .ok_or("indices with symbolic dims are not supported")?;
    let flat = e(im.b.reshape(indices, &[count]))?;
    let gathered = e(im.b.gather(x, flat, xt.rank() - 1))?;
    if xt.rank() == 1 {
        e(im.b.reshape(gathered, &[1, count]))
    } else {
        Ok(gathered)
    }
}

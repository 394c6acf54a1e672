//! `ai.onnx.preview` FlexAttention (version 1), following onnx's reference
//! (`onnx/reference/ops/aionnx_preview/op_flex_attention.py`): 4-D Q `[b, hq, L, E]`, K / V
//! `[b, hkv, S, E / Ev]`, K and V heads repeated for grouped-query attention, Q and K both scaled
//! by `sqrt(scale)` (default `1 / sqrt(E)`, rounded to the input type), `Q K^T` cast to the
//! softmax type (`softmax_precision`, else f32 for f16 / bf16 inputs, else the input type), the
//! `score_mod` graph (one input, one output) imported inline on the scores, softmax over the
//! keys, the `prob_mod` graph on the probabilities, times V in the softmax type, cast back to
//! V's type. Like `If`'s branches, the mod graphs read the enclosing graph's names.

use std::collections::HashMap;

use super::context::{e, Entry, Importer, NodeRef, Scope, SubgraphNode};
use super::error::ImportError;
use super::tensor_data::dtype_from_onnx;
use crate::onnx::shared::contraction::matmul_values;
use crate::onnx::shared::contraction::repeat_heads;
use crate::syntax::*;

pub(super) fn inline(
    im: &mut Importer,
    env: &HashMap<String, Entry>,
    scope: &Scope,
    n: &NodeRef,
) -> Result<Vec<Entry>, ImportError> {
    let cx = SubgraphNode::new(scope, n, "FlexAttention");
    let m = |r: Result<ValueId, String>| r.map_err(|s| cx.err(s));
    let input = |im: &mut Importer, i: usize| -> Result<ValueId, ImportError> {
        let x = n
            .input(i)
            .ok_or_else(|| cx.err(format!("missing input #{i}")))?;
        im.value(x).map_err(|s| cx.err(s))
    };
    let (q, k, v) = (input(im, 0)?, input(im, 1)?, input(im, 2)?);
    let (tq, tk, tv) = (
        im.b.tensor_type(q),
        im.b.tensor_type(k),
        im.b.tensor_type(v),
    );
    let dtype = tq.dtype;
    if !dtype.is_float() || tk.dtype != dtype || tv.dtype != dtype {
        return Err(cx.err(format!(
            "Q, K and V must be floats of one type, got {tq}, {tk} and {tv}"
        )));
    }
    let (sq, sk, sv) = match (tq.static_shape(), tk.static_shape(), tv.static_shape()) {
        (Some(a), Some(b), Some(c)) if a.len() == 4 && b.len() == 4 && c.len() == 4 => (a, b, c),
        _ => {
            return Err(cx.err(format!(
                "Q, K and V must be static 4-D tensors, got {tq}, {tk} and {tv}"
            )))
        }
    };
    if sk[1] != sv[1] || sk[2] != sv[2] || sk[3] != sq[3] || sk[1] == 0 || sq[1] % sk[1] != 0 {
        return Err(cx.err(format!(
            "the shapes of Q {sq:?}, K {sk:?} and V {sv:?} do not fit (heads, lengths or sizes)"
        )));
    }
    let scale = match n.attr("scale").and_then(|a| a.f) {
        Some(s) => f64::from(s),
        None => 1.0 / (sq[3] as f64).sqrt(),
    };
    let root = dtype.round(f64::from((scale as f32).sqrt()));
    let compute = match n.attr("softmax_precision").and_then(|a| a.i) {
        Some(p) => dtype_from_onnx(p as i32)
            .filter(|d| d.is_float())
            .ok_or_else(|| cx.err(format!("unsupported attribute softmax_precision = {p}")))?,
        None if matches!(dtype, DType::F16 | DType::BF16) => DType::F32,
        None => dtype,
    };
    let scaled = |im: &mut Importer, x: ValueId| {
        e(im.b.elementwise_with(&[x], dtype, |b, a| {
            let s = b.constant(root, dtype);
            b.push(ScalarOp::MulF, &[a[0], s], dtype)
        }))
    };
    let reps = sq[1] / sk[1];
    let (mut k, mut v) = (k, v);
    if reps > 1 {
        k = m(repeat_heads(im, k, reps))?;
        v = m(repeat_heads(im, v, reps))?;
    }
    let qs = m(scaled(im, q))?;
    let ks = m(scaled(im, k))?;
    let kt = m(e(im.b.transpose(ks, &[0, 1, 3, 2])))?;
    let scores = m(matmul_values(im, qs, kt))?;
    let mut scores = m(e(im.b.cast(scores, compute)))?;
    let apply_mod = |im: &mut Importer, name: &str, x: ValueId| -> Result<ValueId, ImportError> {
        let Some(g) = n.attr(name).and_then(|a| a.g.as_ref()) else {
            return Ok(x);
        };
        scope.check_subgraph(g)?;
        let out = cx.run_body(im, env, g, vec![Entry::Value(x)])?;
        let [y] = &out[..] else {
            return Err(cx.err(format!("the {name} graph must have one output")));
        };
        let y = im.value(y).map_err(|s| cx.err(s))?;
        let t = im.b.tensor_type(y);
        if t.shape != im.b.tensor_type(x).shape {
            return Err(cx.err(format!(
                "the {name} graph changes the shape of its input (to {t})"
            )));
        }
        m(e(im.b.cast(y, compute)))
    };
    scores = apply_mod(im, "score_mod", scores)?;
    let mut probs = m(e(im.b.softmax(scores, 3)))?;
    probs = apply_mod(im, "prob_mod", probs)?;
    let vf = m(e(im.b.cast(v, compute)))?;
    let y = m(matmul_values(im, probs, vf))?;
    let y = m(e(im.b.cast(y, dtype)))?;
    Ok(vec![Entry::Value(y)])
}

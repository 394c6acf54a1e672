//! ONNX LinearAttention (opset 27): the recurrence of onnx's reference
//! (`onnx/reference/ops/op_linear_attention.py`) unrolled over the (static) sequence, each step
//! a few elementwise generics and reductions on the state `S [batch, kv_heads, d_k, d_v]`, in
//! f32 whatever the input type:
//!
//! - gated / gated_delta: `S *= exp(decay_t)` (decay per kv head or per key dim);
//! - delta / gated_delta: `v_t = beta_t * (v_t - S^T k_t)`;
//! - every rule: `S += k_t (x) v_t`, then `o_t = scale * q_t S`, query heads reading kv head
//!   `h / (q_heads / kv_heads)` (grouped-query attention).
//!
//! Outputs: `[batch, T, q_heads * d_v]` in the query's type, and the final state in
//! `past_state`'s type (the query's without one). `chunk_size` is a tuning hint without effect
//! on the numbers and is ignored. The unrolled IR grows with T (decode steps and short prefills
//! are fine; a long prefill makes a long program).

use super::context::{e, float_only, required, Entry, Importer, NodeRef, R};
use crate::onnx::shared::reduce::reduce_value;
use crate::onnx::shared::reshape::reshape_value;
use crate::onnx::shared::unroll::{stack, take, MAX_UNROLL};
use crate::syntax::*;

fn dims(shape: &[u64]) -> Vec<Dim> {
    shape.iter().map(|&d| Dim::Static(d)).collect()
}

pub(super) fn import(im: &mut Importer, n: &NodeRef) -> R<Vec<Entry>> {
    let rule = n
        .string("update_rule")
        .unwrap_or_else(|| "gated_delta".into());
    let (gating, delta) = match rule.as_str() {
        "linear" => (false, false),
        "gated" => (true, false),
        "delta" => (false, true),
        "gated_delta" => (true, true),
        other => {
            return Err(format!(
                "unsupported attribute update_rule = '{other}' (linear, gated, delta, \
                 gated_delta)"
            ))
        }
    };
    let heads = |name: &str| {
        n.attr(name)
            .and_then(|a| a.i)
            .filter(|&h| h > 0)
            .map(|h| h as u64)
            .ok_or_else(|| format!("the attribute {name} is required and must be positive"))
    };
    let (qh, kvh) = (heads("q_num_heads")?, heads("kv_num_heads")?);
    if qh % kvh != 0 {
        return Err(format!(
            "unsupported attributes: q_num_heads {qh} must be a multiple of kv_num_heads {kvh}"
        ));
    }
    let group = qh / kvh;
    let q_entry = required(n, 0)?.clone();
    let tq = im.ty(&q_entry);
    float_only(tq.dtype, n)?;
    let out_dtype = tq.dtype;
    let k_entry = required(n, 1)?.clone();
    let v_entry = required(n, 2)?.clone();
    let (qs, ks, vs) = (
        shape_of(im, &q_entry, "the query")?,
        shape_of(im, &k_entry, "the key")?,
        shape_of(im, &v_entry, "the value")?,
    );
    let (b, t) = (qs[0], qs[1]);
    if ks[..2] != qs[..2] || vs[..2] != qs[..2] {
        return Err("the query, key and value differ in batch or sequence length".into());
    }
    if qs[2] % qh != 0 || vs[2] % kvh != 0 || ks[2] != qs[2] / qh * kvh {
        return Err(format!(
            "the query {qs:?}, key {ks:?} and value {vs:?} do not split into {qh} / {kvh} heads"
        ));
    }
    let (dk, dv) = (qs[2] / qh, vs[2] / kvh);
    if t as usize > MAX_UNROLL {
        return Err(format!(
            "a sequence of {t} steps is longer than kiln unrolls"
        ));
    }
    let (q, k, v) = (
        f32_of(im, &q_entry)?,
        f32_of(im, &k_entry)?,
        f32_of(im, &v_entry)?,
    );
    let (decay, beta) = decay_and_beta(im, n, &rule, gating, delta, kvh, dk)?;
    let state_shape = [b, kvh, dk, dv];
    let (mut state, state_dtype) = match n.input(3) {
        Some(p) => {
            let pt = im.ty(p);
            if pt.shape != dims(&state_shape) {
                return Err(format!(
                    "the past state {pt} must have shape {state_shape:?}"
                ));
            }
            let v = im.value(p)?;
            (e(im.b.cast(v, DType::F32))?, pt.dtype)
        }
        None => (
            e(im.b.filled(TensorType::of(&state_shape, DType::F32), 0.0))?,
            out_dtype,
        ),
    };
    let scale = match n.float("scale", 0.0) {
        0.0 => 1.0 / (dk as f64).sqrt(),
        s => f64::from(s),
    };
    let f = DType::F32;
    let mut outputs = Vec::with_capacity(t as usize);
    for step in 0..t {
        let at = |im: &mut Importer, x: &Entry, shape: &[u64]| -> R<ValueId> {
            let s = take(im, x, 1, step)?;
            let v = im.value(&s)?;
            reshape_value(im, v, &dims(shape))
        };
        let k_t = at(im, &k, &[b, kvh, dk, 1])?;
        let mut v_t = at(im, &v, &[b, kvh, 1, dv])?;
        if let Some((d, per)) = &decay {
            let g = at(im, d, &[b, kvh, *per, 1])?;
            state = e(im.b.elementwise_with(&[state, g], f, |bb, a| {
                let x = bb.push(ScalarOp::Exp, &[a[1]], f);
                bb.push(ScalarOp::MulF, &[a[0], x], f)
            }))?;
        }
        if let Some((beta, width)) = &beta {
            // retrieved[b, h, m] = sum_d S[b, h, d, m] k_t[b, h, d]
            let prod = e(im.b.elementwise(ScalarOp::MulF, &[state, k_t]))?;
            let retrieved = reduce_value(im, prod, &[2], "sum", None)?;
            let retrieved = reshape_value(im, retrieved, &dims(&[b, kvh, 1, dv]))?;
            let beta_t = at(im, beta, &[b, *width, 1, 1])?;
            v_t = e(im
                .b
                .elementwise_with(&[v_t, retrieved, beta_t], f, |bb, a| {
                    let d = bb.push(ScalarOp::SubF, &[a[0], a[1]], f);
                    bb.push(ScalarOp::MulF, &[a[2], d], f)
                }))?;
        }
        state = e(im.b.elementwise_with(&[state, k_t, v_t], f, |bb, a| {
            let kv = bb.push(ScalarOp::MulF, &[a[1], a[2]], f);
            bb.push(ScalarOp::AddF, &[a[0], kv], f)
        }))?;
        // o[b, hk, g, m] = scale * sum_d q[b, hk, g, d] S[b, hk, d, m]
        let q_t = at(im, &q, &[b, kvh, group, dk, 1])?;
        let s5 = reshape_value(im, state, &dims(&[b, kvh, 1, dk, dv]))?;
        let prod = e(im.b.elementwise(ScalarOp::MulF, &[q_t, s5]))?;
        let o = reduce_value(im, prod, &[3], "sum", None)?;
        let o = e(im.b.elementwise_with(&[o], f, |bb, a| {
            let s = bb.constant(scale, f);
            bb.push(ScalarOp::MulF, &[a[0], s], f)
        }))?;
        outputs.push(Entry::Value(reshape_value(im, o, &dims(&[b, qh * dv]))?));
    }
    let out = stack(im, &outputs, 1)?;
    let out = im.value(&out)?;
    let out = e(im.b.cast(out, out_dtype))?;
    let present = e(im.b.cast(state, state_dtype))?;
    Ok(vec![Entry::Value(out), Entry::Value(present)])
}

/// A `[batch, T, heads * dim]` input's static shape.
fn shape_of(im: &Importer, x: &Entry, what: &str) -> R<Vec<u64>> {
    let t = im.ty(x);
    match t.static_shape() {
        Some(s) if s.len() == 3 => Ok(s),
        _ => Err(format!(
            "{what} must be a static [batch, T, heads * dim] tensor, got {t}"
        )),
    }
}

/// An input cast to f32.
fn f32_of(im: &mut Importer, x: &Entry) -> R<Entry> {
    let v = im.value(x)?;
    Ok(Entry::Value(e(im.b.cast(v, DType::F32))?))
}

/// The decay input (in f32, with how many key dims share one decay) when the update rule
/// gates, and beta (in f32, with its last dim) when it is a delta rule.
#[allow(clippy::type_complexity)]
fn decay_and_beta(
    im: &mut Importer,
    n: &NodeRef,
    rule: &str,
    gating: bool,
    delta: bool,
    kvh: u64,
    dk: u64,
) -> R<(Option<(Entry, u64)>, Option<(Entry, u64)>)> {
    // Decay: per kv head (`[b, T, kvh]`) or per key dim (`[b, T, kvh * dk]`).
    let decay = match (n.input(4), gating) {
        (Some(d), true) => {
            let s = shape_of(im, d, "the decay")?;
            let per = if s[2] == kvh {
                1
            } else if s[2] == kvh * dk {
                dk
            } else {
                return Err(format!(
                    "the decay's last dim {} must be kv_num_heads or kv_num_heads * d_k",
                    s[2]
                ));
            };
            Some((f32_of(im, d)?, per))
        }
        (None, false) => None,
        (Some(_), false) => return Err(format!("update_rule '{rule}' takes no decay (input #4)")),
        (None, true) => return Err(format!("update_rule '{rule}' needs the decay (input #4)")),
    };
    let beta = match (n.input(5), delta) {
        (Some(x), true) => {
            let s = shape_of(im, x, "beta")?;
            if s[2] != kvh && s[2] != 1 {
                return Err(format!(
                    "beta's last dim {} must be kv_num_heads or 1",
                    s[2]
                ));
            }
            Some((f32_of(im, x)?, s[2]))
        }
        (None, false) => None,
        (Some(_), false) => return Err(format!("update_rule '{rule}' takes no beta (input #5)")),
        (None, true) => return Err(format!("update_rule '{rule}' needs beta (input #5)")),
    };
    Ok((decay, beta))
}

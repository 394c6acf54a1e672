//! ONNX Attention (opsets 23-25) as the ops its definition is made of, following onnx's
//! reference (`onnx/reference/ops/op_attention.py`) step by step:
//!
//! 3-D Q / K / V (`q_num_heads`, `kv_num_heads`) are reshaped to [batch, heads, seq, head] and
//! transposed; `past_key` / `past_value` are concatenated in front of K / V (the `present_*`
//! outputs); Q and K are both scaled by `sqrt(scale)` (default scale `1 / sqrt(head)`); K / V
//! heads are repeated for grouped-query attention; `Q K^T` (then `softcap`), plus an additive
//! bias made of `attn_mask` (bool masks become 0 / -inf, a mask shorter than the keys is padded
//! with -inf), the causal mask (bottom-right aligned after a past cache) and the sliding window
//! (`left_window_size` / `right_window_size`), both host constants; softmax (in
//! `softmax_precision` when given) with rows whose bias is all -inf set to 0; times V. The
//! fourth output follows `qk_matmul_output_mode` (0 and 1: `Q K^T` after softcap, 2: plus the
//! bias, 3: the softmax). `nonpad_kv_seqlen` (input #6, an external cache) masks each batch's
//! padded keys and moves its causal / window frontier to `i + nonpad[b] - q_len`.

use ndarray::{ArrayD, IxDyn};

use super::context::{e, float_only, konst, required, Entry, Importer, NodeRef, R};
use super::tensor_data::dtype_from_onnx;
use crate::interp::Tensor;
use crate::onnx::shared::contraction::matmul_values;
use crate::onnx::shared::contraction::repeat_heads;
use crate::onnx::shared::reduce::reduce_value;
use crate::onnx::shared::reshape::{dims_product, reshape_value};
use crate::syntax::*;

pub(super) fn attention(im: &mut Importer, n: &NodeRef) -> R<Vec<Entry>> {
    let q = im.value(required(n, 0)?)?;
    let k = im.value(required(n, 1)?)?;
    let v = im.value(required(n, 2)?)?;
    let tq = im.b.tensor_type(q);
    let dtype = tq.dtype;
    float_only(dtype, n)?;
    let rank = tq.rank();
    let (q, k, v) = match rank {
        4 => (q, k, v),
        3 => {
            let heads = |name: &str| {
                n.attr(name)
                    .and_then(|a| a.i)
                    .filter(|&h| h > 0)
                    .ok_or_else(|| format!("3-D inputs need the attribute {name}"))
            };
            let (qh, kvh) = (heads("q_num_heads")? as u64, heads("kv_num_heads")? as u64);
            (
                split_heads(im, q, qh)?,
                split_heads(im, k, kvh)?,
                split_heads(im, v, kvh)?,
            )
        }
        _ => return Err(format!("Q must be 3-D or 4-D, got {tq}")),
    };
    let (tq, tk) = (im.b.tensor_type(q), im.b.tensor_type(k));
    if im.b.tensor_type(v).rank() != 4 || tk.rank() != 4 {
        return Err("Q, K and V must have the same rank".into());
    }
    let head = tq.shape[3]
        .as_static()
        .ok_or_else(|| format!("the head size of {tq} must be static"))?;
    // The cache: present = concat(past, new) along the sequence.
    let (k, v, past_len) = match (n.input(4), n.input(5)) {
        (Some(pk), Some(pv)) => {
            let (pk, pv) = (im.value(pk)?, im.value(pv)?);
            let past_len = im.b.tensor_type(pk).shape[2].as_static();
            (
                e(im.b.concat(&[pk, k], 2))?,
                e(im.b.concat(&[pv, v], 2))?,
                past_len.ok_or("the past sequence length must be static")?,
            )
        }
        (None, None) => (k, v, 0),
        _ => return Err("past_key and past_value must be given together".into()),
    };
    let (present_k, present_v) = (k, v);
    let scale = match n.attr("scale").and_then(|a| a.f) {
        Some(s) => s as f64,
        None => 1.0 / (head as f64).sqrt(),
    };
    let root = scale.sqrt();
    let scaled = |im: &mut Importer, x: ValueId| {
        e(im.b.elementwise_with(&[x], dtype, |b, a| {
            let s = b.constant(root, dtype);
            b.push(ScalarOp::MulF, &[a[0], s], dtype)
        }))
    };
    let qs = scaled(im, q)?;
    let ks = scaled(im, k)?;
    // Grouped-query attention: each K / V head repeated for its group of Q heads.
    let (qh, kh) = (
        tq.shape[1].as_static(),
        im.b.tensor_type(k).shape[1].as_static(),
    );
    let (ks, v) = match (qh, kh) {
        (Some(qh), Some(kh)) if qh != kh => {
            if kh == 0 || qh % kh != 0 {
                return Err(format!(
                    "{qh} query heads are not a multiple of {kh} key / value heads"
                ));
            }
            (
                repeat_heads(im, ks, qh / kh)?,
                repeat_heads(im, v, qh / kh)?,
            )
        }
        (Some(_), Some(_)) => (ks, v),
        _ => return Err("the head counts must be static".into()),
    };
    let kt = e(im.b.transpose(ks, &[0, 1, 3, 2]))?;
    let mut qk = matmul_values(im, qs, kt)?;
    let softcap = n.float("softcap", 0.0) as f64;
    if softcap > 0.0 {
        qk = e(im.b.elementwise_with(&[qk], dtype, |b, a| {
            let c = b.constant(softcap, dtype);
            let d = b.push(ScalarOp::DivF, &[a[0], c], dtype);
            let t = b.push(ScalarOp::Tanh, &[d], dtype);
            b.push(ScalarOp::MulF, &[t, c], dtype)
        }))?;
    }
    let q_len = tq.shape[2].as_static();
    let kv_len = im.b.tensor_type(k).shape[2].as_static();
    let bias = attention_bias(im, n, dtype, q_len, kv_len, past_len)?;
    let with_bias = match bias {
        Some(bias) => e(im.b.elementwise(ScalarOp::AddF, &[qk, bias]))?,
        None => qk,
    };
    let mode = n.int("qk_matmul_output_mode", 0);
    if !(0..=3).contains(&mode) {
        return Err(format!(
            "unsupported attribute: qk_matmul_output_mode = {mode}"
        ));
    }
    let precision = match n.attr("softmax_precision").and_then(|a| a.i) {
        Some(p) => dtype_from_onnx(p as i32)
            .filter(|d| d.is_float())
            .ok_or_else(|| format!("unsupported attribute: softmax_precision = {p}"))?,
        None => dtype,
    };
    let logits = e(im.b.cast(with_bias, precision))?;
    let last = im.b.tensor_type(logits).rank() - 1;
    let mut p = e(im.b.softmax(logits, last))?;
    if let Some(bias) = bias {
        // Rows whose bias is -inf everywhere attend to nothing: 0, not softmax's NaN.
        let tb = im.b.tensor_type(bias);
        let row_max = reduce_value(im, bias, &[tb.rank() - 1], "max", None)?;
        let mut kept = tb.shape.clone();
        *kept.last_mut().unwrap_or(&mut Dim::Static(1)) = Dim::Static(1);
        let row_max = reshape_value(im, row_max, &kept)?;
        p = e(im.b.elementwise_with(&[row_max, p], precision, |b, a| {
            let ninf = b.constant(f64::NEG_INFINITY, dtype);
            let masked = b.push(ScalarOp::CmpF(CmpFPredicate::Oeq), &[a[0], ninf], DType::I1);
            let zero = b.constant(0.0, precision);
            b.push(ScalarOp::Select, &[masked, zero, a[1]], precision)
        }))?;
    }
    let p = e(im.b.cast(p, dtype))?;
    let qk_out = match mode {
        2 => with_bias,
        3 => p,
        _ => qk,
    };
    let mut y = matmul_values(im, p, v)?;
    if rank == 3 {
        let t = im.b.tensor_type(y);
        y = e(im.b.transpose(y, &[0, 2, 1, 3]))?;
        let hidden = dims_product([&t.shape[1], &t.shape[3]].into_iter())?;
        y = reshape_value(im, y, &[t.shape[0].clone(), t.shape[2].clone(), hidden])?;
    }
    let outputs = [y, present_k, present_v, qk_out];
    Ok(outputs[..n.num_outputs.clamp(1, 4)]
        .iter()
        .map(|&v| Entry::Value(v))
        .collect())
}

/// [batch, seq, heads * head] -> [batch, heads, seq, head].
fn split_heads(im: &mut Importer, x: ValueId, heads: u64) -> R<ValueId> {
    let t = im.b.tensor_type(x);
    if t.rank() != 3 {
        return Err(format!("Q, K and V must have the same rank, got {t}"));
    }
    let hidden = t.shape[2]
        .as_static()
        .ok_or_else(|| format!("the hidden size of {t} must be static"))?;
    if hidden % heads != 0 {
        return Err(format!(
            "the hidden size {hidden} is not a multiple of {heads} heads"
        ));
    }
    let x = reshape_value(
        im,
        x,
        &[
            t.shape[0].clone(),
            t.shape[1].clone(),
            Dim::Static(heads),
            Dim::Static(hidden / heads),
        ],
    )?;
    e(im.b.transpose(x, &[0, 2, 1, 3]))
}

/// The additive bias: `attn_mask` (bool -> 0 / -inf, padded with -inf up to the key length)
/// plus the causal and sliding-window masks (host constants); None when there is none.
fn attention_bias(
    im: &mut Importer,
    n: &NodeRef,
    dtype: DType,
    q_len: Option<u64>,
    kv_len: Option<u64>,
    past_len: u64,
) -> R<Option<ValueId>> {
    let causal = n.int("is_causal", 0) != 0;
    let (left, right) = (
        n.int("left_window_size", -1),
        n.int("right_window_size", -1),
    );
    let window = left >= 0 || right >= 0;
    let mask = match n.input(3) {
        None => None,
        Some(m) => {
            let m = im.value(m)?;
            let tm = im.b.tensor_type(m);
            let kv = kv_len.ok_or("the key length must be static with a mask")?;
            let m_kv = tm
                .shape
                .last()
                .and_then(Dim::as_static)
                .ok_or_else(|| format!("the last dim of the mask {tm} must be static"))?;
            let bool_mask = tm.dtype == DType::I1;
            if !bool_mask && tm.dtype != dtype {
                return Err(format!(
                    "the mask is {}, not bool or the type of Q ({dtype})",
                    tm.dtype
                ));
            }
            let m = if m_kv < kv {
                let r = tm.rank();
                let mut high = vec![0; r];
                high[r - 1] = kv - m_kv;
                let fill = if bool_mask { 0.0 } else { f64::NEG_INFINITY };
                e(im.b.pad(m, &vec![0; r], &high, fill))?
            } else {
                m
            };
            Some(if bool_mask {
                e(im.b.elementwise_with(&[m], dtype, |b, a| {
                    let zero = b.constant(0.0, dtype);
                    let ninf = b.constant(f64::NEG_INFINITY, dtype);
                    b.push(ScalarOp::Select, &[a[0], zero, ninf], dtype)
                }))?
            } else {
                m
            })
        }
    };
    let nonpad = match n.input(6) {
        Some(v) => Some(im.value(v)?),
        None => None,
    };
    if !causal && !window && nonpad.is_none() {
        return Ok(mask);
    }
    let (ql, kl) = match (q_len, kv_len) {
        (Some(a), Some(b)) => (a as usize, b as usize),
        _ => return Err("causal and windowed attention need static sequence lengths".into()),
    };
    if let Some(np) = nonpad {
        if past_len > 0 || n.input(4).is_some() {
            return Err("nonpad_kv_seqlen (input #6) with a past cache is not supported".into());
        }
        let allowed = per_batch_mask(im, np, dtype, ql, kl, causal, left, right)?;
        return Ok(Some(match mask {
            Some(m) => e(im.b.elementwise(ScalarOp::AddF, &[m, allowed]))?,
            None => allowed,
        }));
    }
    let offset = past_len as i64;
    let allowed = ArrayD::from_shape_fn(IxDyn(&[ql, kl]), |ix| {
        let (i, j) = (ix[0] as i64, ix[1] as i64);
        let diff = i + offset - j;
        let mut ok = !causal || diff >= 0;
        if left >= 0 {
            ok &= diff <= left;
        }
        if right >= 0 {
            ok &= -diff <= right;
        }
        if ok {
            0.0
        } else {
            f64::NEG_INFINITY
        }
    });
    let constant = im.value(&konst(Tensor::new(dtype, allowed)))?;
    Ok(Some(match mask {
        Some(m) => e(im.b.elementwise(ScalarOp::AddF, &[m, constant]))?,
        None => constant,
    }))
}

/// The external-cache mask: [batch, 1, q, kv] of 0 where key j is one of the batch's first
/// `nonpad[b]` keys (and, when causal or windowed, within the frontier
/// `i + nonpad[b] - q_len`), -inf elsewhere.
#[allow(clippy::too_many_arguments)]
fn per_batch_mask(
    im: &mut Importer,
    nonpad: ValueId,
    dtype: DType,
    ql: usize,
    kl: usize,
    causal: bool,
    left: i64,
    right: i64,
) -> R<ValueId> {
    let tn = im.b.tensor_type(nonpad);
    if tn.dtype != DType::I64 || tn.rank() != 1 {
        return Err(format!(
            "nonpad_kv_seqlen must be a 1-D int64 tensor, got {tn}"
        ));
    }
    let np = reshape_value(
        im,
        nonpad,
        &[
            tn.shape[0].clone(),
            Dim::Static(1),
            Dim::Static(1),
            Dim::Static(1),
        ],
    )?;
    let iota = |im: &mut Importer, shape: [usize; 4], len: usize| {
        let t = Tensor::from_vec(DType::I64, &shape, (0..len).map(|i| i as f64).collect())
            .map_err(|e| e.to_string())?;
        im.value(&konst(t))
    };
    let i = iota(im, [1, 1, ql, 1], ql)?;
    let j = iota(im, [1, 1, 1, kl], kl)?;
    e(im.b.elementwise_with(&[np, i, j], dtype, |b, a| {
        let i64c = |b: &mut crate::builder::BodyBuilder, v: i64| b.constant(v as f64, DType::I64);
        let q = i64c(b, ql as i64);
        let offset = b.push(ScalarOp::SubI, &[a[0], q], DType::I64);
        let frontier = b.push(ScalarOp::AddI, &[a[1], offset], DType::I64);
        let diff = b.push(ScalarOp::SubI, &[frontier, a[2]], DType::I64);
        // Key j is a real (not padded) key.
        let mut ok = b.push(ScalarOp::CmpI(CmpIPredicate::Slt), &[a[2], a[0]], DType::I1);
        let mut require = |b: &mut crate::builder::BodyBuilder, pred, bound: i64| {
            let c = i64c(b, bound);
            let t = b.push(ScalarOp::CmpI(pred), &[diff, c], DType::I1);
            ok = b.push(ScalarOp::AndI, &[ok, t], DType::I1);
        };
        if causal {
            require(b, CmpIPredicate::Sge, 0);
        }
        if left >= 0 {
            require(b, CmpIPredicate::Sle, left);
        }
        if right >= 0 {
            require(b, CmpIPredicate::Sge, -right);
        }
        let zero = b.constant(0.0, dtype);
        let ninf = b.constant(f64::NEG_INFINITY, dtype);
        b.push(ScalarOp::Select, &[ok, zero, ninf], dtype)
    }))
}

//! The optimizers of `ai.onnx.preview.training` (version 1): Adagrad, Adam, Momentum (standard
//! and Nesterov), each one elementwise generic per output over `[R, T, X, G, state..]` with the
//! formulas of the operator definitions (onnx's `aionnx_preview_training` reference). The
//! learning rate `R` and the step count `T` are scalar inputs, read inside the bodies (`T > 0`
//! selects the bias correction of Adam and the first-step coefficient of Momentum), so one
//! compiled model serves every step. Several tensors per node (`X1, X2, .., G1, G2, ..`) are
//! updated independently.

use super::context::{e, required, Entry, Importer, NodeRef, R};
use crate::builder::BodyBuilder;
use crate::syntax::*;

pub(super) fn import(im: &mut Importer, n: &NodeRef) -> R<Vec<Entry>> {
    let (groups, per) = match n.op_type {
        "Adagrad" | "Momentum" => (n.inputs.len().saturating_sub(2) / 3, 3),
        "Adam" => (n.inputs.len().saturating_sub(2) / 4, 4),
        other => return Err(format!("no handler for {other}")),
    };
    if groups == 0 || 2 + groups * per != n.inputs.len() {
        return Err(format!(
            "{} takes R, T and {per} groups of tensors, got {} inputs",
            n.op_type,
            n.inputs.len()
        ));
    }
    let r = im.value(required(n, 0)?)?;
    let t = im.value(required(n, 1)?)?;
    let rt = im.b.tensor_type(r);
    let tt = im.b.tensor_type(t);
    if !rt.dtype.is_float() || tt.dtype.is_float() || tt.dtype == DType::I1 {
        return Err(format!(
            "R must be a float scalar and T an integer scalar, got {rt} and {tt}"
        ));
    }
    let mut outputs: Vec<Vec<Entry>> = vec![Vec::new(); per - 1];
    for i in 0..groups {
        let mut operands = vec![r, t];
        for k in 0..per {
            operands.push(im.value(required(n, 2 + k * groups + i)?)?);
        }
        let x_type = im.b.tensor_type(operands[2]);
        if !x_type.dtype.is_float() {
            return Err(format!("the tensor X{} {x_type} must be floats", i + 1));
        }
        for (k, out) in outputs.iter_mut().enumerate() {
            let v = update(im, n, &operands, k)?;
            out.push(Entry::Value(v));
        }
    }
    Ok(outputs.into_iter().flatten().collect())
}

/// Output `which` (0: X_new, then the new states in input order) of one group.
fn update(im: &mut Importer, n: &NodeRef, operands: &[ValueId], which: usize) -> R<ValueId> {
    let dtype = im.b.tensor_type(operands[2]).dtype;
    let f = |name: &str, default: f32| f64::from(n.float(name, default));
    let norm = f("norm_coefficient", 0.0);
    let op = n.op_type;
    let (alpha, beta, epsilon, decay, post) = match op {
        "Adam" => (
            f("alpha", 0.9),
            f("beta", 0.999),
            f("epsilon", 1e-6),
            0.0,
            f("norm_coefficient_post", 0.0),
        ),
        "Adagrad" => (0.0, 0.0, f("epsilon", 1e-6), f("decay_factor", 0.0), 0.0),
        _ => {
            for a in ["alpha", "beta", "mode", "norm_coefficient"] {
                if n.attr(a).is_none() {
                    return Err(format!("the attribute {a} is required"));
                }
            }
            (f("alpha", 0.0), f("beta", 0.0), 0.0, 0.0, 0.0)
        }
    };
    let nesterov = match n.string("mode").as_deref() {
        None | Some("standard") => false,
        Some("nesterov") => true,
        Some(other) => return Err(format!("unsupported attribute mode = '{other}'")),
    };
    let body = |b: &mut BodyBuilder, a: &[ScalarRef]| -> ScalarRef {
        let c = |b: &mut BodyBuilder, v: f64| b.constant(v, dtype);
        let (r, t, x, g) = (b.cast(a[0], dtype), a[1], a[2], a[3]);
        let tf = b.cast(t, dtype);
        let zero_i = b.constant(0.0, b.type_of(t).unwrap_or(DType::I64));
        let started = b.push(ScalarOp::CmpI(CmpIPredicate::Sgt), &[t, zero_i], DType::I1);
        let nc = c(b, norm);
        let nx = b.push(ScalarOp::MulF, &[nc, x], dtype);
        let g_reg = b.push(ScalarOp::AddF, &[nx, g], dtype);
        let mul = |b: &mut BodyBuilder, p, q| b.push(ScalarOp::MulF, &[p, q], dtype);
        let add = |b: &mut BodyBuilder, p, q| b.push(ScalarOp::AddF, &[p, q], dtype);
        let sub = |b: &mut BodyBuilder, p, q| b.push(ScalarOp::SubF, &[p, q], dtype);
        let div = |b: &mut BodyBuilder, p, q| b.push(ScalarOp::DivF, &[p, q], dtype);
        match op {
            "Adagrad" => {
                let h = a[4];
                let gg = mul(b, g_reg, g_reg);
                let h_new = add(b, h, gg);
                if which == 1 {
                    return h_new;
                }
                let one = c(b, 1.0);
                let dc = c(b, decay);
                let td = mul(b, tf, dc);
                let den = add(b, one, td);
                let r_ = div(b, r, den);
                let s = b.push(ScalarOp::Sqrt, &[h_new], dtype);
                let eps = c(b, epsilon);
                let h_sqrt = add(b, s, eps);
                let step = mul(b, r_, g_reg);
                let step = div(b, step, h_sqrt);
                sub(b, x, step)
            }
            "Adam" => {
                let (v, h) = (a[4], a[5]);
                let al = c(b, alpha);
                let one_al = c(b, 1.0 - alpha);
                let av = mul(b, al, v);
                let ag = mul(b, one_al, g_reg);
                let v_new = add(b, av, ag);
                let be = c(b, beta);
                let one_be = c(b, 1.0 - beta);
                let bh = mul(b, be, h);
                let gg = mul(b, g_reg, g_reg);
                let bg = mul(b, one_be, gg);
                let h_new = add(b, bh, bg);
                match which {
                    1 => return v_new,
                    2 => return h_new,
                    _ => {}
                }
                let s = b.push(ScalarOp::Sqrt, &[h_new], dtype);
                let eps = c(b, epsilon);
                let h_sqrt = add(b, s, eps);
                let one = c(b, 1.0);
                let bt = b.push(ScalarOp::PowF, &[be, tf], dtype);
                let at = b.push(ScalarOp::PowF, &[al, tf], dtype);
                let nb = sub(b, one, bt);
                let nb = b.push(ScalarOp::Sqrt, &[nb], dtype);
                let na = sub(b, one, at);
                let rn = mul(b, r, nb);
                let corrected = div(b, rn, na);
                let r_adj = b.push(ScalarOp::Select, &[started, corrected, r], dtype);
                let q = div(b, v_new, h_sqrt);
                let step = mul(b, r_adj, q);
                let x_new = sub(b, x, step);
                let keep = c(b, 1.0 - post);
                mul(b, keep, x_new)
            }
            _ => {
                let v = a[4];
                let al = c(b, alpha);
                let be = c(b, beta);
                let one = c(b, 1.0);
                let beta_adj = b.push(ScalarOp::Select, &[started, be, one], dtype);
                let av = mul(b, al, v);
                let bg = mul(b, beta_adj, g_reg);
                let v_new = add(b, av, bg);
                if which == 1 {
                    return v_new;
                }
                let dir = if nesterov {
                    let av_new = mul(b, al, v_new);
                    add(b, g_reg, av_new)
                } else {
                    v_new
                };
                let step = mul(b, r, dir);
                sub(b, x, step)
            }
        }
    };
    e(im.b.elementwise_with(operands, dtype, body))
}

//! One time step of each recurrent cell: the gates of an LSTM or GRU step as elementwise
//! generics on the step's projections (see the parent module for the unrolling).

use super::parts::{add_opt, clipped, Activation, Inputs, Layer};
use crate::builder::BodyBuilder;
use crate::onnx::context::{e, Importer, R};
use crate::onnx::shared::contraction::{narrow_to, wide_accumulator};
use crate::syntax::*;

/// One LSTM step: `(H_t, Some(C_t))`. Gates `i o f c` (x_gates / r_gates in that order).
#[allow(clippy::too_many_arguments)]
pub(super) fn lstm_step(
    im: &mut Importer,
    layer: &Layer,
    acts: &[Activation],
    input_forget: bool,
    x_gates: &[ValueId],
    r_gates: &[Option<ValueId>],
    c: Option<ValueId>,
    peepholes: Option<&[ValueId]>,
) -> R<(ValueId, Option<ValueId>)> {
    let (t, clip) = (layer.dtype, layer.clip);
    let (f_act, g_act, h_act) = (acts[0], acts[1], acts[2]);
    let mut ins = Inputs::default();
    let xi = ins.add(x_gates[0]);
    let xf = ins.add(x_gates[2]);
    let xc = ins.add(x_gates[3]);
    let ri = ins.opt(r_gates[0]);
    let rf = ins.opt(r_gates[2]);
    let rc = ins.opt(r_gates[3]);
    let cp = ins.opt(c);
    let pi = ins.opt(peepholes.map(|p| p[0]));
    let pf = ins.opt(peepholes.map(|p| p[2]));
    // `pre + P * C_prev`
    let peep =
        |b: &mut BodyBuilder, a: &[ScalarRef], pre: ScalarRef, p: Option<usize>| match (p, cp) {
            (Some(p), Some(cp)) => {
                let m = b.push(ScalarOp::MulF, &[a[p], a[cp]], t);
                b.push(ScalarOp::AddF, &[pre, m], t)
            }
            _ => pre,
        };
    let c_new = e(im.b.elementwise_with(&ins.0, t, |b, a| {
        let pre_i = add_opt(b, a[xi], ri.map(|i| a[i]), t);
        let pre_i = peep(b, a, pre_i, pi);
        let pre_i = clipped(b, pre_i, clip, t);
        let gi = f_act.apply(b, pre_i, t);
        let gf = if input_forget {
            let one = b.constant(1.0, t);
            b.push(ScalarOp::SubF, &[one, gi], t)
        } else {
            let pre_f = add_opt(b, a[xf], rf.map(|i| a[i]), t);
            let pre_f = peep(b, a, pre_f, pf);
            let pre_f = clipped(b, pre_f, clip, t);
            f_act.apply(b, pre_f, t)
        };
        let pre_c = add_opt(b, a[xc], rc.map(|i| a[i]), t);
        let pre_c = clipped(b, pre_c, clip, t);
        let gc = g_act.apply(b, pre_c, t);
        let ic = b.push(ScalarOp::MulF, &[gi, gc], t);
        match cp {
            Some(cp) => {
                let fc = b.push(ScalarOp::MulF, &[gf, a[cp]], t);
                b.push(ScalarOp::AddF, &[fc, ic], t)
            }
            None => ic,
        }
    }))?;
    let mut ins = Inputs::default();
    let xo = ins.add(x_gates[1]);
    let ro = ins.opt(r_gates[1]);
    let cn = ins.add(c_new);
    let po = ins.opt(peepholes.map(|p| p[1]));
    let h_new = e(im.b.elementwise_with(&ins.0, t, |b, a| {
        let pre = add_opt(b, a[xo], ro.map(|i| a[i]), t);
        let pre = match po {
            Some(p) => {
                let m = b.push(ScalarOp::MulF, &[a[p], a[cn]], t);
                b.push(ScalarOp::AddF, &[pre, m], t)
            }
            None => pre,
        };
        let pre = clipped(b, pre, clip, t);
        let go = f_act.apply(b, pre, t);
        let hc = h_act.apply(b, a[cn], t);
        b.push(ScalarOp::MulF, &[go, hc], t)
    }))?;
    Ok((h_new, Some(c_new)))
}

/// One GRU step. `r_gates`: the recurrence products of `z`, `r` (and `h` when
/// `linear_before_reset`); `r_h_t`: `R_h^T` when the h gate's product is taken after the reset.
#[allow(clippy::too_many_arguments)]
pub(super) fn gru_step(
    im: &mut Importer,
    layer: &Layer,
    acts: &[Activation],
    x_gates: &[ValueId],
    r_gates: &[Option<ValueId>],
    h: Option<ValueId>,
    r_h_t: Option<ValueId>,
    recurrent_bias: Option<ValueId>,
) -> R<ValueId> {
    let (t, clip) = (layer.dtype, layer.clip);
    let (f_act, g_act) = (acts[0], acts[1]);
    let gate = |im: &mut Importer, x: ValueId, r: Option<ValueId>| -> R<ValueId> {
        let mut ins = Inputs::default();
        let xi = ins.add(x);
        let ri = ins.opt(r);
        e(im.b.elementwise_with(&ins.0, t, |b, a| {
            let pre = add_opt(b, a[xi], ri.map(|i| a[i]), t);
            let pre = clipped(b, pre, clip, t);
            f_act.apply(b, pre, t)
        }))
    };
    let z = gate(im, x_gates[0], r_gates[0])?;
    let r = gate(im, x_gates[1], r_gates[1])?;
    // The h gate's recurrence term: `(r * H) R_h^T + Rb_h` or `r * (H R_h^T + Rb_h)`.
    let mut ins = Inputs::default();
    let xh = ins.add(x_gates[2]);
    let hterm = match (h, r_h_t) {
        (None, _) => None,
        (Some(hv), Some(r_h_t)) => {
            let rh = e(im.b.elementwise(ScalarOp::MulF, &[r, hv]))?;
            let p = e(im.b.matmul(rh, r_h_t, wide_accumulator(t)))?;
            Some(ins.add(narrow_to(im, p, t)?))
        }
        (Some(_), None) => r_gates[2].map(|p| ins.add(p)),
    };
    let rb = ins.opt(recurrent_bias);
    let ri = ins.add(r);
    let zi = ins.add(z);
    let hp = ins.opt(h);
    e(im.b.elementwise_with(&ins.0, t, |b, a| {
        // The recurrence product (zero without a state) plus Rb_h.
        let term = match (hterm.map(|i| a[i]), rb.map(|i| a[i])) {
            (Some(p), Some(bias)) => Some(b.push(ScalarOp::AddF, &[p, bias], t)),
            (Some(p), None) => Some(p),
            (None, Some(bias)) => Some(bias),
            (None, None) => None,
        };
        let linear_before_reset = r_h_t.is_none();
        let term = match term {
            Some(x) if linear_before_reset => Some(b.push(ScalarOp::MulF, &[a[ri], x], t)),
            other => other,
        };
        let pre = add_opt(b, a[xh], term, t);
        let pre = clipped(b, pre, clip, t);
        let hh = g_act.apply(b, pre, t);
        // H = (1 - z) h~ + z H_prev
        let one = b.constant(1.0, t);
        let omz = b.push(ScalarOp::SubF, &[one, a[zi]], t);
        let y = b.push(ScalarOp::MulF, &[omz, hh], t);
        match hp {
            Some(hp) => {
                let zh = b.push(ScalarOp::MulF, &[a[zi], a[hp]], t);
                b.push(ScalarOp::AddF, &[y, zh], t)
            }
            None => y,
        }
    }))
}

//! Elementwise activations and rounding ops with attributes: each is one `linalg.generic` whose
//! scalar body spells out the ONNX formula (so it fuses like any elementwise op and runs on the
//! device with no lowering support of its own).
//!
//! HardSigmoid `max(0, min(1, alpha x + beta))`, HardSwish `x HardSigmoid(x; 1/6, 1/2)`,
//! Reciprocal, Floor, Ceil, Softplus `log(exp(x) + 1)` (a series below -5), Mish
//! `x tanh(softplus(x))`, Gelu (opset 20; `approximate` = none (erf) or tanh), Sign (NaN and zero map to themselves), Selu, Elu,
//! PRelu (the slope broadcasts to the input, numpy style), Tanh (a series near 0, where
//! devices' tanh is coarse). All but Sign and PRelu take floats only.

use super::context::{e, float_only, required, Importer, NodeRef, R};
use crate::builder::BodyBuilder;
use crate::syntax::*;

pub(super) fn import(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    let x = im.value(required(n, 0)?)?;
    let dtype = im.b.value_type(x).dtype();
    match n.op_type {
        "Sign" => return sign(im, x, dtype),
        "PRelu" => return prelu(im, n, x, dtype),
        _ => {}
    }
    float_only(dtype, n)?;
    let float = |b: &mut BodyBuilder, v: f64| b.constant(v, dtype);
    match n.op_type {
        "HardSigmoid" => {
            let (alpha, beta) = (n.float("alpha", 0.2) as f64, n.float("beta", 0.5) as f64);
            e(im.b.elementwise_with(&[x], dtype, |b, a| {
                hard_sigmoid(b, a[0], alpha, beta, dtype)
            }))
        }
        "HardSwish" => e(im.b.elementwise_with(&[x], dtype, |b, a| {
            let h = hard_sigmoid(b, a[0], 1.0 / 6.0, 0.5, dtype);
            b.push(ScalarOp::MulF, &[a[0], h], dtype)
        })),
        "Reciprocal" => e(im.b.elementwise_with(&[x], dtype, |b, a| {
            let one = float(b, 1.0);
            b.push(ScalarOp::DivF, &[one, a[0]], dtype)
        })),
        "Floor" => e(im.b.elementwise(ScalarOp::Floor, &[x])),
        "Ceil" => e(im.b.elementwise(ScalarOp::Ceil, &[x])),
        "Softplus" => {
            e(im.b.elementwise_with(&[x], dtype, |b, a| softplus(b, a[0], dtype)))
        }
        "Tanh" => {
            e(im.b.elementwise_with(&[x], dtype, |b, a| tanh(b, a[0], dtype)))
        }
        "Mish" => e(im.b.elementwise_with(&[x], dtype, |b, a| {
            let sp = softplus(b, a[0], dtype);
            let t = tanh(b, sp, dtype);
            b.push(ScalarOp::MulF, &[a[0], t], dtype)
        })),
        "Gelu" => {
            let approximate = n.string("approximate").unwrap_or_else(|| "none".into());
            if !["none", "tanh"].contains(&approximate.as_str()) {
                return Err(format!(
                    "unsupported attribute: approximate = '{approximate}'"
                ));
            }
            e(im.b.elementwise_with(&[x], dtype, |b, a| {
                let half = float(b, 0.5);
                let one = float(b, 1.0);
                let inner = if approximate == "tanh" {
                    // tanh(sqrt(2 / pi) * (x + 0.044715 x^3))
                    let c = float(b, (2.0 / std::f64::consts::PI).sqrt());
                    let k = float(b, 0.044715);
                    let x2 = b.push(ScalarOp::MulF, &[a[0], a[0]], dtype);
                    let x3 = b.push(ScalarOp::MulF, &[x2, a[0]], dtype);
                    let kx3 = b.push(ScalarOp::MulF, &[k, x3], dtype);
                    let s = b.push(ScalarOp::AddF, &[a[0], kx3], dtype);
                    let cs = b.push(ScalarOp::MulF, &[c, s], dtype);
                    b.push(ScalarOp::Tanh, &[cs], dtype)
                } else {
                    let r = float(b, std::f64::consts::FRAC_1_SQRT_2);
                    let xr = b.push(ScalarOp::MulF, &[a[0], r], dtype);
                    b.push(ScalarOp::Erf, &[xr], dtype)
                };
                let s = b.push(ScalarOp::AddF, &[one, inner], dtype);
                let hx = b.push(ScalarOp::MulF, &[half, a[0]], dtype);
                b.push(ScalarOp::MulF, &[hx, s], dtype)
            }))
        }
        "Selu" | "Elu" => {
            let (alpha, gamma) = if n.op_type == "Selu" {
                (
                    n.float("alpha", 1.673_263_2) as f64,
                    n.float("gamma", 1.050_701) as f64,
                )
            } else {
                (n.float("alpha", 1.0) as f64, 1.0)
            };
            e(im.b.elementwise_with(&[x], dtype, |b, a| {
                // x > 0 (Selu) / x >= 0 (Elu): x, else alpha (exp(x) - 1); times gamma.
                let zero = float(b, 0.0);
                let predicate = if n.op_type == "Selu" {
                    CmpFPredicate::Ogt
                } else {
                    CmpFPredicate::Oge
                };
                let positive = b.push(ScalarOp::CmpF(predicate), &[a[0], zero], DType::I1);
                let ex = b.push(ScalarOp::Exp, &[a[0]], dtype);
                let one = float(b, 1.0);
                let em1 = b.push(ScalarOp::SubF, &[ex, one], dtype);
                let al = float(b, alpha);
                let neg = b.push(ScalarOp::MulF, &[al, em1], dtype);
                let v = b.push(ScalarOp::Select, &[positive, a[0], neg], dtype);
                if gamma == 1.0 {
                    v
                } else {
                    let g = float(b, gamma);
                    b.push(ScalarOp::MulF, &[g, v], dtype)
                }
            }))
        }
        other => Err(format!("no handler for {other}")),
    }
}

/// `max(0, min(1, alpha x + beta))`.
fn hard_sigmoid(b: &mut BodyBuilder, x: ScalarRef, alpha: f64, beta: f64, t: DType) -> ScalarRef {
    let al = b.constant(alpha, t);
    let be = b.constant(beta, t);
    let ax = b.push(ScalarOp::MulF, &[al, x], t);
    let y = b.push(ScalarOp::AddF, &[ax, be], t);
    let one = b.constant(1.0, t);
    let zero = b.constant(0.0, t);
    let lo = b.push(ScalarOp::MinimumF, &[y, one], t);
    b.push(ScalarOp::MaximumF, &[lo, zero], t)
}

/// `log(exp(x) + 1)`, the ONNX formula, except that above 20 (where it equals x to f32 precision)
/// it is x: `exp` would overflow to +inf past 88.
/// tanh, as `y - y^3 / 3 + 2 y^5 / 15` below |y| = 0.01 (relative error under 2e-10): a
/// device's tanh near 0 may have an absolute error of 1e-7, a large part of a small result.
fn tanh(b: &mut BodyBuilder, y: ScalarRef, t: DType) -> ScalarRef {
    let th = b.push(ScalarOp::Tanh, &[y], t);
    let ay = b.push(ScalarOp::AbsF, &[y], t);
    let limit = b.constant(0.01, t);
    let small = b.push(ScalarOp::CmpF(CmpFPredicate::Olt), &[ay, limit], DType::I1);
    let y2 = b.push(ScalarOp::MulF, &[y, y], t);
    let c5 = b.constant(2.0 / 15.0, t);
    let c3 = b.constant(1.0 / 3.0, t);
    let one = b.constant(1.0, t);
    let p = b.push(ScalarOp::MulF, &[y2, c5], t);
    let p = b.push(ScalarOp::SubF, &[p, c3], t);
    let p = b.push(ScalarOp::MulF, &[p, y2], t);
    let p = b.push(ScalarOp::AddF, &[p, one], t);
    let series = b.push(ScalarOp::MulF, &[p, y], t);
    b.push(ScalarOp::Select, &[small, series, th], t)
}

fn softplus(b: &mut BodyBuilder, x: ScalarRef, t: DType) -> ScalarRef {
    let ex = b.push(ScalarOp::Exp, &[x], t);
    let one = b.constant(1.0, t);
    let s = b.push(ScalarOp::AddF, &[ex, one], t);
    let sp = b.push(ScalarOp::Log, &[s], t);
    let limit = b.constant(20.0, t);
    let large = b.push(ScalarOp::CmpF(CmpFPredicate::Ogt), &[x, limit], DType::I1);
    // Below -5, log(1 + e) for e = exp(x) < 0.0067 as e - e^2/2 + e^3/3 (relative error under
    // e^3/4 < 1e-7): a device's log near 1 has an absolute error of a few 1e-7, which is most
    // of a value this small.
    let small_limit = b.constant(-5.0, t);
    let small = b.push(
        ScalarOp::CmpF(CmpFPredicate::Olt),
        &[x, small_limit],
        DType::I1,
    );
    let half = b.constant(0.5, t);
    let third = b.constant(1.0 / 3.0, t);
    let e3 = b.push(ScalarOp::MulF, &[ex, third], t);
    let inner = b.push(ScalarOp::SubF, &[half, e3], t);
    let e_inner = b.push(ScalarOp::MulF, &[ex, inner], t);
    let factor = b.push(ScalarOp::SubF, &[one, e_inner], t);
    let series = b.push(ScalarOp::MulF, &[ex, factor], t);
    let sp = b.push(ScalarOp::Select, &[small, series, sp], t);
    b.push(ScalarOp::Select, &[large, x, sp], t)
}

/// 1 for positive, -1 for negative, the input itself for zero and NaN.
fn sign(im: &mut Importer, x: ValueId, dtype: DType) -> R<ValueId> {
    if dtype == DType::I1 {
        return Err("Sign of bool is not supported".into());
    }
    e(im.b.elementwise_with(&[x], dtype, |b, a| {
        let zero = b.constant(0.0, dtype);
        let (gt, lt) = if dtype.is_float() {
            (
                ScalarOp::CmpF(CmpFPredicate::Ogt),
                ScalarOp::CmpF(CmpFPredicate::Olt),
            )
        } else {
            (
                ScalarOp::CmpI(CmpIPredicate::Sgt),
                ScalarOp::CmpI(CmpIPredicate::Slt),
            )
        };
        let pos = b.push(gt, &[a[0], zero], DType::I1);
        let neg = b.push(lt, &[a[0], zero], DType::I1);
        let one = b.constant(1.0, dtype);
        let minus = b.constant(-1.0, dtype);
        let inner = b.push(ScalarOp::Select, &[neg, minus, a[0]], dtype);
        b.push(ScalarOp::Select, &[pos, one, inner], dtype)
    }))
}

/// `x < 0 ? slope x : x`, the slope broadcast to the input (unidirectionally).
fn prelu(im: &mut Importer, n: &NodeRef, x: ValueId, dtype: DType) -> R<ValueId> {
    let slope = im.value(required(n, 1)?)?;
    let (tx, ts) = (im.b.tensor_type(x), im.b.tensor_type(slope));
    if ts.dtype != dtype || dtype == DType::I1 {
        return Err(format!("PRelu of {dtype} with a {} slope", ts.dtype));
    }
    let out = crate::builder::broadcast_shapes(&tx.shape, &ts.shape)?;
    if out != tx.shape {
        return Err(format!(
            "the slope {ts} does not broadcast to the input {tx}"
        ));
    }
    e(im.b.elementwise_with(&[x, slope], dtype, |b, a| {
        let zero = b.constant(0.0, dtype);
        let (lt, mul) = if dtype.is_float() {
            (ScalarOp::CmpF(CmpFPredicate::Olt), ScalarOp::MulF)
        } else {
            (ScalarOp::CmpI(CmpIPredicate::Slt), ScalarOp::MulI)
        };
        let neg = b.push(lt, &[a[0], zero], DType::I1);
        let scaled = b.push(mul, &[a[0], a[1]], dtype);
        b.push(ScalarOp::Select, &[neg, scaled, a[0]], dtype)
    }))
}

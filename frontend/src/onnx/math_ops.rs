//! More elementwise ops, each one `linalg.generic` whose scalar body spells out the ONNX formula
//! (so each fuses and runs on the device with no lowering of its own).
//!
//! Mod (`fmod` = 0: the sign of the divisor, `a - floor(a / b) b`, through the truncated
//! remainder plus `b` where the signs differ; `fmod` = 1: C's fmod), CastLike (Cast to the second
//! input's type), Sin, Cos, Tan (`sin / cos`), Sinh, Cosh (through exp), IsNaN, IsInf
//! (`detect_positive` / `detect_negative`), Softsign `x / (1 + |x|)`, Celu, ThresholdedRelu,
//! Shrink, Round (half to even: `floor(x + 0.5)`, minus one where that tie landed on an odd
//! number), Swish `x sigmoid(alpha x)`, SwiGLU `Swish(a) b`, Asinh / Acosh / Atanh (through
//! log and sqrt), BitwiseAnd / Or / Xor / Not and BitShift (integers only; results of narrow
//! types held wider are wrapped back after the node, `graph.rs`), Cast / CastLike to any type
//! `elem_types.rs` holds. All but Mod, Cast, CastLike and the bitwise ops take floats only. A finite float Mod by an
//! infinite divisor is the dividend on every device.

use super::context::{e, float_only, required, Importer, NodeRef, R};
use super::elem_types;
use super::proto::tensor_proto::DataType;
use crate::builder::BodyBuilder;
use crate::syntax::*;

pub(super) fn import(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    let x = im.value(required(n, 0)?)?;
    let dtype = im.b.value_type(x).dtype();
    match n.op_type {
        "Mod" => return modulo(im, n, x, dtype),
        "BitwiseAnd" | "BitwiseOr" | "BitwiseXor" => {
            if dtype.is_float() || dtype == DType::I1 {
                return Err(format!("{} of {dtype} is not supported", n.op_type));
            }
            let b = im.value(required(n, 1)?)?;
            let op = match n.op_type {
                "BitwiseAnd" => ScalarOp::AndI,
                "BitwiseOr" => ScalarOp::OrI,
                _ => ScalarOp::XOrI,
            };
            return e(im.b.elementwise(op, &[x, b]));
        }
        "BitwiseNot" => {
            if dtype.is_float() || dtype == DType::I1 {
                return Err(format!("BitwiseNot of {dtype} is not supported"));
            }
            // ~x of a narrow unsigned type held wider (uint16 in i32) is wrapped back to its
            // width after the node (`graph.rs` `narrow_result`): 65535 - x.
            return e(im.b.elementwise_with(&[x], dtype, |b, a| {
                let ones = b.constant(-1.0, dtype);
                b.push(ScalarOp::XOrI, &[a[0], ones], dtype)
            }));
        }
        "BitShift" => return bit_shift(im, n, x, dtype),
        "SwiGLU" => {
            float_only(dtype, n)?;
            let v = im.value(required(n, 1)?)?;
            let alpha = n.float("alpha", 1.0) as f64;
            return e(im.b.elementwise_with(&[x, v], dtype, |b, a| {
                let al = b.constant(alpha, dtype);
                let one = b.constant(1.0, dtype);
                let ax = b.push(ScalarOp::MulF, &[al, a[0]], dtype);
                let ng = b.push(ScalarOp::NegF, &[ax], dtype);
                let ex = b.push(ScalarOp::Exp, &[ng], dtype);
                let den = b.push(ScalarOp::AddF, &[one, ex], dtype);
                let sw = b.push(ScalarOp::DivF, &[a[0], den], dtype);
                b.push(ScalarOp::MulF, &[sw, a[1]], dtype)
            }));
        }
        "CastLike" => {
            let like = im.ty(required(n, 1)?).dtype;
            let to = n.input_types.get(1).copied().flatten();
            let to = to.unwrap_or_else(|| super::elem_types::native_type(like));
            return cast_to(im, n, x, to as i32);
        }
        _ => {}
    }
    float_only(dtype, n)?;
    float_function(im, n, x, dtype)
}

/// The float functions: trigonometric and hyperbolic ones here, the others in
/// [`float_activation`].
fn float_function(im: &mut Importer, n: &NodeRef, x: ValueId, dtype: DType) -> R<ValueId> {
    let unary = |im: &mut Importer, f: &dyn Fn(&mut BodyBuilder, ScalarRef) -> ScalarRef| {
        e(im.b.elementwise_with(&[x], dtype, |b, a| f(b, a[0])))
    };
    match n.op_type {
        "Sin" => e(im.b.elementwise(ScalarOp::Sin, &[x])),
        "Cos" => e(im.b.elementwise(ScalarOp::Cos, &[x])),
        // Not GLSL.std.450's Asin / Acos / Atan: their precision is that of atan, 4096 ulp
        // (lavapipe's asin is off by 2e-4 relative), so atan is evaluated here (`atan_body`) and
        // the others through it.
        "Atan" => unary(im, &|b, x| atan_body(b, x, dtype)),
        "Asin" => unary(im, &|b, x| {
            // atan(x / sqrt((1 - x)(1 + x))): +-pi/2 at +-1, NaN outside [-1, 1].
            let one = b.constant(1.0, dtype);
            let m = b.push(ScalarOp::SubF, &[one, x], dtype);
            let p = b.push(ScalarOp::AddF, &[one, x], dtype);
            let q = b.push(ScalarOp::MulF, &[m, p], dtype);
            let r = b.push(ScalarOp::Sqrt, &[q], dtype);
            let t = b.push(ScalarOp::DivF, &[x, r], dtype);
            atan_body(b, t, dtype)
        }),
        "Acos" => unary(im, &|b, x| {
            // 2 atan(sqrt((1 - x) / (1 + x))): pi at -1, 0 at 1, NaN outside [-1, 1].
            let one = b.constant(1.0, dtype);
            let two = b.constant(2.0, dtype);
            let m = b.push(ScalarOp::SubF, &[one, x], dtype);
            let p = b.push(ScalarOp::AddF, &[one, x], dtype);
            let q = b.push(ScalarOp::DivF, &[m, p], dtype);
            let r = b.push(ScalarOp::Sqrt, &[q], dtype);
            let a = atan_body(b, r, dtype);
            b.push(ScalarOp::MulF, &[a, two], dtype)
        }),
        "Tan" => unary(im, &|b, x| {
            let s = b.push(ScalarOp::Sin, &[x], dtype);
            let c = b.push(ScalarOp::Cos, &[x], dtype);
            b.push(ScalarOp::DivF, &[s, c], dtype)
        }),
        "Sinh" | "Cosh" => {
            let sub = n.op_type == "Sinh";
            unary(im, &|b, x| {
                let half = b.constant(0.5, dtype);
                let ep = b.push(ScalarOp::Exp, &[x], dtype);
                let nx = b.push(ScalarOp::NegF, &[x], dtype);
                let en = b.push(ScalarOp::Exp, &[nx], dtype);
                let op = if sub { ScalarOp::SubF } else { ScalarOp::AddF };
                let s = b.push(op, &[ep, en], dtype);
                b.push(ScalarOp::MulF, &[s, half], dtype)
            })
        }
        "Asinh" => unary(im, &|b, x| {
            // log(x + sqrt(x^2 + 1))
            let one = b.constant(1.0, dtype);
            let x2 = b.push(ScalarOp::MulF, &[x, x], dtype);
            let s = b.push(ScalarOp::AddF, &[x2, one], dtype);
            let r = b.push(ScalarOp::Sqrt, &[s], dtype);
            let a = b.push(ScalarOp::AddF, &[x, r], dtype);
            b.push(ScalarOp::Log, &[a], dtype)
        }),
        "Acosh" => unary(im, &|b, x| {
            // log(x + sqrt(x^2 - 1))
            let one = b.constant(1.0, dtype);
            let x2 = b.push(ScalarOp::MulF, &[x, x], dtype);
            let s = b.push(ScalarOp::SubF, &[x2, one], dtype);
            let r = b.push(ScalarOp::Sqrt, &[s], dtype);
            let a = b.push(ScalarOp::AddF, &[x, r], dtype);
            b.push(ScalarOp::Log, &[a], dtype)
        }),
        "Atanh" => unary(im, &|b, x| {
            // log((1 + x) / (1 - x)) / 2
            let one = b.constant(1.0, dtype);
            let half = b.constant(0.5, dtype);
            let p = b.push(ScalarOp::AddF, &[one, x], dtype);
            let m = b.push(ScalarOp::SubF, &[one, x], dtype);
            let q = b.push(ScalarOp::DivF, &[p, m], dtype);
            let l = b.push(ScalarOp::Log, &[q], dtype);
            b.push(ScalarOp::MulF, &[l, half], dtype)
        }),
        _ => float_activation(im, n, x, dtype),
    }
}

/// The float activations and tests (IsNaN, IsInf, Softsign, Celu, ThresholdedRelu, Shrink,
/// Round, Swish).
fn float_activation(im: &mut Importer, n: &NodeRef, x: ValueId, dtype: DType) -> R<ValueId> {
    let unary = |im: &mut Importer, f: &dyn Fn(&mut BodyBuilder, ScalarRef) -> ScalarRef| {
        e(im.b.elementwise_with(&[x], dtype, |b, a| f(b, a[0])))
    };
    match n.op_type {
        "IsNaN" => e(im.b.elementwise_with(&[x], DType::I1, |b, a| {
            b.push(ScalarOp::CmpF(CmpFPredicate::Une), &[a[0], a[0]], DType::I1)
        })),
        "IsInf" => {
            let (pos, neg) = (
                n.int("detect_positive", 1) != 0,
                n.int("detect_negative", 1) != 0,
            );
            e(im.b.elementwise_with(&[x], DType::I1, |b, a| {
                let mut hit = b.constant(0.0, DType::I1);
                for (on, v) in [(pos, f64::INFINITY), (neg, f64::NEG_INFINITY)] {
                    if on {
                        let inf = b.constant(v, dtype);
                        let eq =
                            b.push(ScalarOp::CmpF(CmpFPredicate::Oeq), &[a[0], inf], DType::I1);
                        hit = b.push(ScalarOp::OrI, &[hit, eq], DType::I1);
                    }
                }
                hit
            }))
        }
        "Softsign" => unary(im, &|b, x| {
            let one = b.constant(1.0, dtype);
            let ax = b.push(ScalarOp::AbsF, &[x], dtype);
            let d = b.push(ScalarOp::AddF, &[one, ax], dtype);
            b.push(ScalarOp::DivF, &[x, d], dtype)
        }),
        "Celu" => {
            // max(0, x) + min(0, alpha (exp(x / alpha) - 1))
            let alpha = n.float("alpha", 1.0) as f64;
            unary(im, &|b, x| {
                let zero = b.constant(0.0, dtype);
                let one = b.constant(1.0, dtype);
                let al = b.constant(alpha, dtype);
                let q = b.push(ScalarOp::DivF, &[x, al], dtype);
                let ex = b.push(ScalarOp::Exp, &[q], dtype);
                let em = b.push(ScalarOp::SubF, &[ex, one], dtype);
                let neg = b.push(ScalarOp::MulF, &[al, em], dtype);
                let lo = b.push(ScalarOp::MinimumF, &[zero, neg], dtype);
                let hi = b.push(ScalarOp::MaximumF, &[zero, x], dtype);
                b.push(ScalarOp::AddF, &[hi, lo], dtype)
            })
        }
        "ThresholdedRelu" => {
            let alpha = n.float("alpha", 1.0) as f64;
            unary(im, &|b, x| {
                let al = b.constant(alpha, dtype);
                let zero = b.constant(0.0, dtype);
                let gt = b.push(ScalarOp::CmpF(CmpFPredicate::Ogt), &[x, al], DType::I1);
                b.push(ScalarOp::Select, &[gt, x, zero], dtype)
            })
        }
        "Shrink" => {
            let (lambd, bias) = (n.float("lambd", 0.5) as f64, n.float("bias", 0.0) as f64);
            unary(im, &|b, x| {
                let lo = b.constant(-lambd, dtype);
                let hi = b.constant(lambd, dtype);
                let bi = b.constant(bias, dtype);
                let zero = b.constant(0.0, dtype);
                let below = b.push(ScalarOp::CmpF(CmpFPredicate::Olt), &[x, lo], DType::I1);
                let above = b.push(ScalarOp::CmpF(CmpFPredicate::Ogt), &[x, hi], DType::I1);
                let plus = b.push(ScalarOp::AddF, &[x, bi], dtype);
                let minus = b.push(ScalarOp::SubF, &[x, bi], dtype);
                let inner = b.push(ScalarOp::Select, &[above, minus, zero], dtype);
                b.push(ScalarOp::Select, &[below, plus, inner], dtype)
            })
        }
        "Round" => unary(im, &|b, x| {
            let half = b.constant(0.5, dtype);
            let one = b.constant(1.0, dtype);
            let two = b.constant(2.0, dtype);
            let up = b.push(ScalarOp::AddF, &[x, half], dtype);
            let r = b.push(ScalarOp::Floor, &[up], dtype);
            // A tie (r - x == 0.5) that floor(x + 0.5) took to an odd r goes back down by one.
            let diff = b.push(ScalarOp::SubF, &[r, x], dtype);
            let tie = b.push(ScalarOp::CmpF(CmpFPredicate::Oeq), &[diff, half], DType::I1);
            let h = b.push(ScalarOp::DivF, &[r, two], dtype);
            let fh = b.push(ScalarOp::Floor, &[h], dtype);
            let even = b.push(ScalarOp::CmpF(CmpFPredicate::Oeq), &[h, fh], DType::I1);
            let r1 = b.push(ScalarOp::SubF, &[r, one], dtype);
            let odd_tie = b.push(ScalarOp::Select, &[even, r, r1], dtype);
            b.push(ScalarOp::Select, &[tie, odd_tie, r], dtype)
        }),
        "Swish" => {
            let alpha = n.float("alpha", 1.0) as f64;
            unary(im, &|b, x| {
                let al = b.constant(alpha, dtype);
                let one = b.constant(1.0, dtype);
                let ax = b.push(ScalarOp::MulF, &[al, x], dtype);
                let ng = b.push(ScalarOp::NegF, &[ax], dtype);
                let ex = b.push(ScalarOp::Exp, &[ng], dtype);
                let den = b.push(ScalarOp::AddF, &[one, ex], dtype);
                b.push(ScalarOp::DivF, &[x, den], dtype)
            })
        }
        other => Err(format!("no handler for {other}")),
    }
}

/// Cast.
pub(super) fn cast(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    let x = im.value(required(n, 0)?)?;
    let to = n.int("to", 0) as i32;
    cast_to(im, n, x, to)
}

/// Cast (and CastLike) of `x` to the ONNX element type `to`: the value of that type, held as
/// `elem_types.rs` says (integers wrap to the width, small floats round to nearest even with
/// `saturate`).
pub(super) fn cast_to(im: &mut Importer, n: &NodeRef, x: ValueId, to: i32) -> R<ValueId> {
    let unsupported = || {
        format!(
            "unsupported attribute: {} to {}",
            n.op_type,
            super::tensor_data::onnx_type_name(to)
        )
    };
    let to = elem_types::elem_type(to).map_err(|_| unsupported())?;
    let dtype = elem_types::held_dtype(to).ok_or_else(unsupported)?;
    let saturate = n.int("saturate", 1) != 0;
    let round_mode = n.string("round_mode").unwrap_or_else(|| "up".into());
    let rounding = elem_types::E8M0Rounding::from_attribute(&round_mode).ok_or_else(|| {
        format!("unsupported attribute: round_mode = '{round_mode}' (up, down or nearest)")
    })?;
    e(im.b.elementwise_with(&[x], dtype, |b, a| {
        elem_types::cast_body_rounding(b, a[0], to, saturate, rounding)
    }))
}

/// BitShift (unsigned integers; signed ones from version 28): `x * 2^y` (LEFT, wrapped to the
/// type's width after the node) or `floor(x / 2^y)` (RIGHT), with `2^y` built from the bits of
/// `y` by selects (wrapping: `2^(width - 1)` is the sign bit); a shift by the held width or
/// more, or by a negative amount, gives 0 (-1 for a negative value shifted right).
fn bit_shift(im: &mut Importer, n: &NodeRef, x: ValueId, dtype: DType) -> R<ValueId> {
    let y = im.value(required(n, 1)?)?;
    let ty = n.input_types.first().copied().flatten();
    let signed = match ty.map(elem_types::domain) {
        Some(elem_types::Domain::Int { signed, .. }) => signed,
        _ => !dtype.is_float() && dtype != DType::I1,
    };
    // Version 28 added the signed types (right shifts are arithmetic: floor(x / 2^y)).
    if dtype.is_float() || dtype == DType::I1 || (signed && im.opset < 28) {
        return Err(format!(
            "BitShift of {} is not supported (ONNX defines it for unsigned integers, and signed \
             ones from opset 28)",
            ty.map_or(dtype.to_string(), |t| elem_types::type_name(t).to_string())
        ));
    }
    let left = match n.string("direction").as_deref() {
        Some("LEFT") => true,
        Some("RIGHT") => false,
        other => {
            return Err(format!(
                "unsupported attribute: direction {other:?} (LEFT or RIGHT)"
            ))
        }
    };
    let width = dtype.bit_width();
    e(im.b.elementwise_with(&[x, y], dtype, |b, a| {
        let (zero, one) = (b.constant(0.0, dtype), b.constant(1.0, dtype));
        let mut p = one;
        let mut k = 0;
        while (1u32 << k) < width {
            let bit = b.constant((1u64 << k) as f64, dtype);
            let set = b.push(ScalarOp::AndI, &[a[1], bit], dtype);
            let on = b.push(ScalarOp::CmpI(CmpIPredicate::Ne), &[set, zero], DType::I1);
            // p = 2^y, wrapping (2^(width - 1) is the sign bit's pattern).
            let factor = b.constant(2f64.powi(1i32 << k), dtype);
            let times = b.push(ScalarOp::MulI, &[p, factor], dtype);
            p = b.push(ScalarOp::Select, &[on, times, p], dtype);
            k += 1;
        }
        let limit = b.constant(width as f64, dtype);
        let r = if left {
            b.push(ScalarOp::MulI, &[a[0], p], dtype)
        } else {
            let q = b.push(ScalarOp::DivSI, &[a[0], p], dtype);
            if signed {
                // Truncation to floor: one less where x < 0 and the division was inexact.
                let back = b.push(ScalarOp::MulI, &[q, p], dtype);
                let inexact = b.push(ScalarOp::CmpI(CmpIPredicate::Ne), &[back, a[0]], DType::I1);
                let negative = b.push(ScalarOp::CmpI(CmpIPredicate::Slt), &[a[0], zero], DType::I1);
                let down = b.push(ScalarOp::AndI, &[inexact, negative], DType::I1);
                let q1 = b.push(ScalarOp::SubI, &[q, one], dtype);
                b.push(ScalarOp::Select, &[down, q1, q], dtype)
            } else {
                q
            }
        };
        // Shifting by the width or more, or by a negative amount, leaves what the sign
        // extension gives: -1 for a negative value shifted right, else 0.
        let past = b.push(
            ScalarOp::CmpI(CmpIPredicate::Sge),
            &[a[1], limit],
            DType::I1,
        );
        let below = b.push(ScalarOp::CmpI(CmpIPredicate::Slt), &[a[1], zero], DType::I1);
        let big = b.push(ScalarOp::OrI, &[past, below], DType::I1);
        let empty = if signed && !left {
            let negative = b.push(ScalarOp::CmpI(CmpIPredicate::Slt), &[a[0], zero], DType::I1);
            let minus_one = b.constant(-1.0, dtype);
            b.push(ScalarOp::Select, &[negative, minus_one, zero], dtype)
        } else {
            zero
        };
        b.push(ScalarOp::Select, &[big, empty, r], dtype)
    }))
}

/// `a mod b`, numpy-broadcast: the truncated remainder (`fmod` = 1), or (`fmod` = 0) that
/// remainder plus `b` where it is nonzero and its sign differs from `b`'s.
fn modulo(im: &mut Importer, n: &NodeRef, a: ValueId, dtype: DType) -> R<ValueId> {
    let b = im.value(required(n, 1)?)?;
    let tb = im.b.value_type(b).dtype();
    if tb != dtype {
        return Err(format!("operand types differ: {dtype} and {tb}"));
    }
    if dtype == DType::I1 {
        return Err("Mod of bool is not supported".into());
    }
    let fmod = n.int("fmod", 0) != 0;
    let float = dtype.is_float();
    e(im.b.elementwise_with(&[a, b], dtype, |bb, x| {
        let (rem, add, lt) = if float {
            (
                ScalarOp::RemF,
                ScalarOp::AddF,
                ScalarOp::CmpF(CmpFPredicate::Olt),
            )
        } else {
            (
                ScalarOp::RemSI,
                ScalarOp::AddI,
                ScalarOp::CmpI(CmpIPredicate::Slt),
            )
        };
        let mut r = bb.push(rem, &[x[0], x[1]], dtype);
        if float {
            // A finite a by an infinite b is a (a device's frem may compute a - b trunc(a / b)).
            let inf = bb.constant(f64::INFINITY, dtype);
            let aa = bb.push(ScalarOp::AbsF, &[x[0]], dtype);
            let ab = bb.push(ScalarOp::AbsF, &[x[1]], dtype);
            let a_finite = bb.push(ScalarOp::CmpF(CmpFPredicate::Olt), &[aa, inf], DType::I1);
            let b_inf = bb.push(ScalarOp::CmpF(CmpFPredicate::Oeq), &[ab, inf], DType::I1);
            let keep = bb.push(ScalarOp::AndI, &[a_finite, b_inf], DType::I1);
            r = bb.push(ScalarOp::Select, &[keep, x[0], r], dtype);
        }
        if fmod {
            return r;
        }
        let zero = bb.constant(0.0, dtype);
        let rn = bb.push(lt, &[r, zero], DType::I1);
        let bn = bb.push(lt, &[x[1], zero], DType::I1);
        let rp = bb.push(lt, &[zero, r], DType::I1);
        let bp = bb.push(lt, &[zero, x[1]], DType::I1);
        // Signs differ: r < 0 < b or b < 0 < r.
        let d1 = bb.push(ScalarOp::AndI, &[rn, bp], DType::I1);
        let d2 = bb.push(ScalarOp::AndI, &[rp, bn], DType::I1);
        let differ = bb.push(ScalarOp::OrI, &[d1, d2], DType::I1);
        let shifted = bb.push(add, &[r, x[1]], dtype);
        bb.push(ScalarOp::Select, &[differ, shifted, r], dtype)
    }))
}

/// `atan(x)` to about 2e-7 relative error (Cephes' `atanf`): |x| reduced to at most tan(pi/8)
/// by `atan(x) = pi/2 + atan(-1/x)` above tan(3pi/8) and `pi/4 + atan((x - 1)/(x + 1))` above
/// tan(pi/8), then an odd polynomial; the sign restored last. NaN stays NaN, +-inf gives +-pi/2.
fn atan_body(b: &mut BodyBuilder, x: ScalarRef, dtype: DType) -> ScalarRef {
    use std::f64::consts::{FRAC_PI_2, FRAC_PI_4};
    let c = |b: &mut BodyBuilder, v: f64| b.constant(v, dtype);
    let gt = |b: &mut BodyBuilder, a: ScalarRef, t: ScalarRef| {
        b.push(ScalarOp::CmpF(CmpFPredicate::Ogt), &[a, t], DType::I1)
    };
    let ax = b.push(ScalarOp::AbsF, &[x], dtype);
    let (t3, t1) = (c(b, 2.414_213_562_373_095), c(b, 0.414_213_562_373_095));
    let big = gt(b, ax, t3);
    let mid = gt(b, ax, t1);
    let (one, minus_one, zero) = (c(b, 1.0), c(b, -1.0), c(b, 0.0));
    let inv = b.push(ScalarOp::DivF, &[minus_one, ax], dtype);
    let num = b.push(ScalarOp::SubF, &[ax, one], dtype);
    let den = b.push(ScalarOp::AddF, &[ax, one], dtype);
    let shifted = b.push(ScalarOp::DivF, &[num, den], dtype);
    let small_or_mid = b.push(ScalarOp::Select, &[mid, shifted, ax], dtype);
    let r = b.push(ScalarOp::Select, &[big, inv, small_or_mid], dtype);
    let (quarter_pi, half_pi) = (c(b, FRAC_PI_4), c(b, FRAC_PI_2));
    let y0_mid = b.push(ScalarOp::Select, &[mid, quarter_pi, zero], dtype);
    let y0 = b.push(ScalarOp::Select, &[big, half_pi, y0_mid], dtype);
    let z = b.push(ScalarOp::MulF, &[r, r], dtype);
    let mut poly = c(b, 8.053_744_495_38e-2);
    for k in [
        -1.387_768_560_32e-1,
        1.997_771_064_78e-1,
        -3.333_294_915_39e-1,
    ] {
        let t = b.push(ScalarOp::MulF, &[poly, z], dtype);
        let kc = c(b, k);
        poly = b.push(ScalarOp::AddF, &[t, kc], dtype);
    }
    let pz = b.push(ScalarOp::MulF, &[poly, z], dtype);
    let pzr = b.push(ScalarOp::MulF, &[pz, r], dtype);
    let y = b.push(ScalarOp::AddF, &[pzr, r], dtype);
    let y = b.push(ScalarOp::AddF, &[y0, y], dtype);
    let negative = b.push(ScalarOp::CmpF(CmpFPredicate::Olt), &[x, zero], DType::I1);
    let minus_y = b.push(ScalarOp::NegF, &[y], dtype);
    b.push(ScalarOp::Select, &[negative, minus_y, y], dtype)
}

/// The bit width and signedness of an integer (or bool) ONNX type, for BitCast; None for
/// floats and the packed sub-byte types.
fn integer_layout(t: DataType) -> Option<(u32, bool)> {
    use DataType as T;
    Some(match t {
        T::Bool => (8, false),
        T::Int8 => (8, true),
        T::Uint8 => (8, false),
        T::Int16 => (16, true),
        T::Uint16 => (16, false),
        T::Int32 => (32, true),
        T::Uint32 => (32, false),
        T::Int64 => (64, true),
        T::Uint64 => (64, false),
        _ => return None,
    })
}

/// BitCast (opset 26): the bits of each element read as `to`, a type of the same width. Between
/// integer types that is the value wrapped to `to`'s width and signedness (computed in the wider
/// of the two held types, then narrowed, so it is exact); bool reads as the integer 0 / 1.
/// float32 <-> int32 and float64 <-> int64 are `arith.bitcast` (SPIR-V `OpBitcast` on the
/// device; the interpreter's f64-held int64 is exact to 2^53 only). Other float pairs (float16,
/// bfloat16, unsigned integers held wider) are refused naming both types. So are casts to bool
/// (only the patterns 0 and 1 are bools).
pub(super) fn bit_cast(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    let x = im.value(required(n, 0)?)?;
    let held_from = im.b.value_type(x).dtype();
    let from = n
        .input_types
        .first()
        .copied()
        .flatten()
        .unwrap_or_else(|| elem_types::native_type(held_from));
    let to_code = n.int("to", 0) as i32;
    let to = elem_types::elem_type(to_code).map_err(|_| {
        format!(
            "unsupported attribute: to = {}",
            super::tensor_data::onnx_type_name(to_code)
        )
    })?;
    let name = |t| elem_types::type_name(t);
    let refused = |why: &str| {
        format!(
            "BitCast from {} to {} is not supported: {why}",
            name(from),
            name(to)
        )
    };
    // Float <-> signed integer of one width: `arith.bitcast` (the held types are the types).
    use DataType as T;
    if let (T::Float, T::Int32)
    | (T::Int32, T::Float)
    | (T::Double, T::Int64)
    | (T::Int64, T::Double) = (from, to)
    {
        let held_to = elem_types::held_dtype(to).ok_or_else(|| refused("the type is not held"))?;
        return e(im.b.elementwise_with(&[x], held_to, |b, a| {
            b.push(ScalarOp::Bitcast, &[a[0]], held_to)
        }));
    }
    let (Some((from_bits, _)), Some((to_bits, to_signed))) =
        (integer_layout(from), integer_layout(to))
    else {
        return Err(refused(
            "kiln reinterprets integers, bools, and float32 / float64 as int32 / int64 (and \
             back)",
        ));
    };
    if from_bits != to_bits {
        return Err(format!(
            "BitCast needs types of one width: {} is {from_bits} bits, {} is {to_bits}",
            name(from),
            name(to)
        ));
    }
    if to == DataType::Bool && from != to {
        return Err(refused("only the bit patterns 0 and 1 are bools"));
    }
    let held_to = elem_types::held_dtype(to).ok_or_else(|| refused("the type is not held"))?;
    let wide = if held_from.bit_width() >= held_to.bit_width() {
        held_from
    } else {
        held_to
    };
    e(im.b.elementwise_with(&[x], held_to, |b, a| {
        let v = b.cast(a[0], wide);
        let v = elem_types::wrap_body(b, v, to_bits, to_signed, wide);
        b.cast(v, held_to)
    }))
}

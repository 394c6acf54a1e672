//! Sampling at fractional coordinates (GridSample, DeformConv): the padding and interpolation
//! modes, and each tap's index and weight.

use crate::builder::BodyBuilder;
use crate::syntax::*;

/// How a coordinate outside the input is read.
#[derive(Clone, Copy, PartialEq)]
pub(crate) enum Padding {
    Zeros,
    Border,
    Reflection,
}

/// The interpolation.
#[derive(Clone, Copy, PartialEq)]
pub(crate) enum Mode {
    Nearest,
    Linear,
    Cubic,
}

impl Mode {
    pub(crate) fn taps(self) -> usize {
        match self {
            Mode::Nearest => 1,
            Mode::Linear => 2,
            Mode::Cubic => 4,
        }
    }
}

/// Tap `tap`'s input index (i32, inside the axis) and weight (zero when the tap reads outside
/// the axis with zeros padding) for coordinate `x`.
#[allow(clippy::too_many_arguments)]
pub(crate) fn tap_index_and_weight(
    b: &mut BodyBuilder,
    x: ScalarRef,
    tap: usize,
    size: u64,
    align: bool,
    mode: Mode,
    padding: Padding,
    ct: DType,
) -> (ScalarRef, ScalarRef) {
    let c = |b: &mut BodyBuilder, v: f64| b.constant(v, ct);
    let (position, weight) = match mode {
        // x is integral (rounded); truncation toward zero as ONNX's int cast.
        Mode::Nearest => {
            let t = b.push(ScalarOp::FPToSI, &[x], DType::I32);
            let back = b.push(ScalarOp::SIToFP, &[t], ct);
            (back, c(b, 1.0))
        }
        Mode::Linear | Mode::Cubic => {
            let x0 = b.push(ScalarOp::Floor, &[x], ct);
            let f = b.push(ScalarOp::SubF, &[x, x0], ct);
            let offset = if mode == Mode::Linear { 0.0 } else { -1.0 };
            let delta = c(b, tap as f64 + offset);
            let position = b.push(ScalarOp::AddF, &[x0, delta], ct);
            let weight = if mode == Mode::Linear {
                if tap == 0 {
                    let one = c(b, 1.0);
                    b.push(ScalarOp::SubF, &[one, f], ct)
                } else {
                    f
                }
            } else {
                cubic_coefficient(b, f, tap, ct)
            };
            (position, weight)
        }
    };
    let zero = c(b, 0.0);
    let last = c(b, size as f64 - 1.0);
    let (position, weight) = match padding {
        Padding::Zeros => {
            let ge = b.push(
                ScalarOp::CmpF(CmpFPredicate::Oge),
                &[position, zero],
                DType::I1,
            );
            let le = b.push(
                ScalarOp::CmpF(CmpFPredicate::Ole),
                &[position, last],
                DType::I1,
            );
            let inside = b.push(ScalarOp::AndI, &[ge, le], DType::I1);
            (
                position,
                b.push(ScalarOp::Select, &[inside, weight, zero], ct),
            )
        }
        Padding::Border => (position, weight),
        Padding::Reflection => {
            let (lo, hi) = bounds(size, align);
            let reflected = reflect(b, position, lo, hi, ct);
            // int(): toward zero.
            let t = b.push(ScalarOp::FPToSI, &[reflected], DType::I32);
            (b.push(ScalarOp::SIToFP, &[t], ct), weight)
        }
    };
    // Clamped into the axis (a NaN coordinate reads element 0 with its NaN weight).
    let p = b.push(ScalarOp::MaximumF, &[position, zero], ct);
    let p = b.push(ScalarOp::MinimumF, &[p, last], ct);
    let nan = b.push(ScalarOp::CmpF(CmpFPredicate::Une), &[p, p], DType::I1);
    let p = b.push(ScalarOp::Select, &[nan, zero, p], ct);
    (b.push(ScalarOp::FPToSI, &[p], DType::I32), weight)
}

/// The range of coordinates inside an axis.
pub(crate) fn bounds(size: u64, align: bool) -> (f64, f64) {
    if align {
        (0.0, size as f64 - 1.0)
    } else {
        (-0.5, size as f64 - 0.5)
    }
}

/// `x` rounded to the nearest integer, ties to even (numpy's `rint`).
pub(crate) fn round_half_even(b: &mut BodyBuilder, x: ScalarRef, ct: DType) -> ScalarRef {
    let half = b.constant(0.5, ct);
    let two = b.constant(2.0, ct);
    let one = b.constant(1.0, ct);
    let shifted = b.push(ScalarOp::AddF, &[x, half], ct);
    let r = b.push(ScalarOp::Floor, &[shifted], ct);
    // A tie (r - x = 0.5) rounded up to an odd number goes back down by one.
    let diff = b.push(ScalarOp::SubF, &[r, x], ct);
    let tie = b.push(ScalarOp::CmpF(CmpFPredicate::Oeq), &[diff, half], DType::I1);
    let r2 = b.push(ScalarOp::MulF, &[r, half], ct);
    let r2 = b.push(ScalarOp::Floor, &[r2], ct);
    let r2 = b.push(ScalarOp::MulF, &[r2, two], ct);
    let odd = b.push(ScalarOp::CmpF(CmpFPredicate::One), &[r2, r], DType::I1);
    let down = b.push(ScalarOp::AndI, &[tie, odd], DType::I1);
    let r_1 = b.push(ScalarOp::SubF, &[r, one], ct);
    b.push(ScalarOp::Select, &[down, r_1, r], ct)
}

/// `x` reflected at the borders `lo` and `hi` until it lies between them (ONNX's
/// `_gs_reflect`).
pub(crate) fn reflect(b: &mut BodyBuilder, x: ScalarRef, lo: f64, hi: f64, ct: DType) -> ScalarRef {
    let range = hi - lo;
    if range <= 0.0 {
        // A one-element axis with aligned corners: every coordinate reads element 0.
        return b.constant(lo, ct);
    }
    let (l, h) = (b.constant(lo, ct), b.constant(hi, ct));
    let rng = b.constant(range, ct);
    let half = b.constant(0.5, ct);
    let below = b.push(ScalarOp::CmpF(CmpFPredicate::Olt), &[x, l], DType::I1);
    let above = b.push(ScalarOp::CmpF(CmpFPredicate::Ogt), &[x, h], DType::I1);
    // The distance past the near border, in whole ranges (n) and the rest (r).
    let dx_low = b.push(ScalarOp::SubF, &[l, x], ct);
    let dx_high = b.push(ScalarOp::SubF, &[x, h], ct);
    let dx = b.push(ScalarOp::Select, &[below, dx_low, dx_high], ct);
    let ratio = b.push(ScalarOp::DivF, &[dx, rng], ct);
    let whole = b.push(ScalarOp::Floor, &[ratio], ct);
    let used = b.push(ScalarOp::MulF, &[whole, rng], ct);
    let r = b.push(ScalarOp::SubF, &[dx, used], ct);
    let halved = b.push(ScalarOp::MulF, &[whole, half], ct);
    let halved_floor = b.push(ScalarOp::Floor, &[halved], ct);
    let even = b.push(
        ScalarOp::CmpF(CmpFPredicate::Oeq),
        &[halved, halved_floor],
        DType::I1,
    );
    let lo_plus = b.push(ScalarOp::AddF, &[l, r], ct);
    let hi_minus = b.push(ScalarOp::SubF, &[h, r], ct);
    // Below: even -> lo + r, odd -> hi - r. Above: even -> hi - r, odd -> lo + r.
    let from_low = b.push(ScalarOp::Select, &[even, lo_plus, hi_minus], ct);
    let from_high = b.push(ScalarOp::Select, &[even, hi_minus, lo_plus], ct);
    let moved = b.push(ScalarOp::Select, &[below, from_low, from_high], ct);
    let outside = b.push(ScalarOp::OrI, &[below, above], DType::I1);
    b.push(ScalarOp::Select, &[outside, moved, x], ct)
}

/// Keys' cubic convolution coefficient (a = -0.75) of tap `tap` (at offsets -1, 0, 1, 2) for a
/// fractional position `f`.
pub(crate) fn cubic_coefficient(
    b: &mut BodyBuilder,
    f: ScalarRef,
    tap: usize,
    ct: DType,
) -> ScalarRef {
    let a = -0.75;
    let c = |b: &mut BodyBuilder, v: f64| b.constant(v, ct);
    // The distance from the tap: 1 + f, f, 1 - f, 2 - f.
    let (base, sign) = [(1.0, 1.0), (0.0, 1.0), (1.0, -1.0), (2.0, -1.0)][tap];
    let bc = c(b, base);
    let sc = c(b, sign);
    let sf = b.push(ScalarOp::MulF, &[f, sc], ct);
    let t = b.push(ScalarOp::AddF, &[bc, sf], ct);
    // Near taps (|t| <= 1): (a + 2) t^3 - (a + 3) t^2 + 1; far taps: a t^3 - 5a t^2 + 8a t - 4a.
    let poly = |b: &mut BodyBuilder, coeffs: [f64; 4]| {
        let mut acc = c(b, coeffs[0]);
        for &k in &coeffs[1..] {
            acc = b.push(ScalarOp::MulF, &[acc, t], ct);
            let kc = c(b, k);
            acc = b.push(ScalarOp::AddF, &[acc, kc], ct);
        }
        acc
    };
    if tap == 1 || tap == 2 {
        poly(b, [a + 2.0, -(a + 3.0), 0.0, 1.0])
    } else {
        poly(b, [a, -5.0 * a, 8.0 * a, -4.0 * a])
    }
}

//! Scalar functions that kernels compute from simpler kernel-IR ops: erf, asin / acos through
//! atan2, and the unsigned max / min.

use crate::kernel_ir::{self as k, KernelBuilder, ScalarType, Type};

/// erf(x) by Abramowitz & Stegun 7.1.26 (absolute error below 1.5e-7).
pub(super) fn erf(b: &mut KernelBuilder, x: k::Value) -> k::Value {
    use k::BinaryOp as B;
    let Type::Scalar(ty) = b.type_of(x) else {
        return x;
    };
    let c = |b: &mut KernelBuilder, v: f64| b.constant(ty, v);
    let ax = b.unary(k::UnaryOp::Abs, x);
    let p = c(b, 0.3275911);
    let one = c(b, 1.0);
    let px = b.binary(B::Mul, p, ax);
    let denom = b.binary(B::Add, one, px);
    let t = b.binary(B::Div, one, denom);
    let coefficients = [
        1.061405429,
        -1.453152027,
        1.421413741,
        -0.284496736,
        0.254829592,
    ];
    let mut poly = c(b, coefficients[0]);
    for &a in &coefficients[1..] {
        let m = b.binary(B::Mul, poly, t);
        let a = c(b, a);
        poly = b.binary(B::Add, m, a);
    }
    poly = b.binary(B::Mul, poly, t);
    let x2 = b.binary(B::Mul, ax, ax);
    let neg = b.unary(k::UnaryOp::Neg, x2);
    let e = b.unary(k::UnaryOp::Exp, neg);
    let pe = b.binary(B::Mul, poly, e);
    let y = b.binary(B::Sub, one, pe);
    let zero = c(b, 0.0);
    let negative = b.compare(k::CompareOp::Lt, x, zero);
    let ny = b.unary(k::UnaryOp::Neg, y);
    b.select(negative, ny, y)
}

/// `asin(x)` (`asin`) or `acos(x)` as `atan2(x, sqrt((1 - x)(1 + x)))` and
/// `atan2(sqrt((1 - x)(1 + x)), x)`: lavapipe's GLSL Asin / Acos are 3e-4 off, its Atan2 is not.
pub(super) fn asin_or_acos(
    b: &mut KernelBuilder,
    x: k::Value,
    ty: ScalarType,
    asin: bool,
) -> k::Value {
    use k::BinaryOp as B;
    let one = b.constant(ty, 1.0);
    let below = b.binary(B::Sub, one, x);
    let above = b.binary(B::Add, one, x);
    let square = b.binary(B::Mul, below, above);
    let root = b.unary(k::UnaryOp::Sqrt, square);
    if asin {
        b.binary(B::Atan2, x, root)
    } else {
        b.binary(B::Atan2, root, x)
    }
}

/// `arith.maxui` (`max`) or `arith.minui`: the operand with the larger (smaller) unsigned reading.
pub(super) fn unsigned_extreme(
    b: &mut KernelBuilder,
    x: k::Value,
    y: k::Value,
    max: bool,
) -> k::Value {
    let op = if max {
        k::CompareOp::Gt
    } else {
        k::CompareOp::Lt
    };
    let pick_x = super::unsigned::unsigned_compare(b, op, x, y);
    b.select(pick_x, x, y)
}

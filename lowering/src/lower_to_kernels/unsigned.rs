//! The unsigned integer ops of `arith` (`cmpi ult/ule/ugt/uge`, `extui`, `uitofp`, `fptoui`)
//! in kernel IR, whose integers are signed: the kernel used their signed forms, so `-1 ult 0`
//! was false, `extui` sign-extended and `uitofp` of `0xffffffff` gave -1 (found by
//! `tests/arith_math_coverage.rs`). Each is built from signed ops on the same bits:
//! - an unsigned comparison compares `x ^ MIN` signed (flipping the sign bit maps the unsigned
//!   order onto the signed one);
//! - `extui` sign-extends, then masks the source's bits;
//! - `uitofp` of an n-bit integer converts its high and low halves (each exact in the float)
//!   and adds them: one rounding for i8 / i32 sources, and for i64 into f64; i64 into f32 goes
//!   through f64 (two roundings, so it may differ in the last place);
//! - `fptoui` converts `x - 2^(n-1)` where `x` reaches `2^(n-1)`, then adds `MIN` back
//!   (wrapping), else `x` directly.
//!
//! Index values are taken as signed (they are never negative).

use crate::kernel_ir::{self as k, KernelBuilder, ScalarType, Type};

/// The bit width of an integer scalar type that has an unsigned reading, else None.
fn int_bits(s: ScalarType) -> Option<u32> {
    match s {
        ScalarType::I8 => Some(8),
        ScalarType::I16 => Some(16),
        ScalarType::I32 => Some(32),
        ScalarType::I64 => Some(64),
        _ => None,
    }
}

fn scalar_of(b: &KernelBuilder, v: k::Value) -> ScalarType {
    match b.type_of(v) {
        Type::Scalar(s) | Type::Vector(s, _) => s,
        Type::Matrix(m) => m.element,
    }
}

/// `lhs op rhs` on the unsigned reading of both (signed ops for index values).
pub(super) fn unsigned_compare(
    b: &mut KernelBuilder,
    op: k::CompareOp,
    lhs: k::Value,
    rhs: k::Value,
) -> k::Value {
    let s = scalar_of(b, lhs);
    let Some(bits) = int_bits(s) else {
        return b.compare(op, lhs, rhs);
    };
    let min = b.constant(s, -(2f64.powi(bits as i32 - 1)));
    let (l, r) = (
        b.binary(k::BinaryOp::Xor, lhs, min),
        b.binary(k::BinaryOp::Xor, rhs, min),
    );
    b.compare(op, l, r)
}

/// `arith.extui`: `x` zero-extended to `to`.
pub(super) fn extend_unsigned(b: &mut KernelBuilder, x: k::Value, to: ScalarType) -> k::Value {
    let from = scalar_of(b, x);
    let wide = b.cast(x, to);
    match (int_bits(from), int_bits(to)) {
        (Some(f), Some(t)) if f < t => {
            let mask = b.constant(to, 2f64.powi(f as i32) - 1.0);
            b.binary(k::BinaryOp::And, wide, mask)
        }
        _ => wide,
    }
}

/// `arith.uitofp`: the unsigned reading of `x` as the float type `to`.
pub(super) fn unsigned_to_float(b: &mut KernelBuilder, x: k::Value, to: ScalarType) -> k::Value {
    let from = scalar_of(b, x);
    let Some(bits) = int_bits(from) else {
        return b.cast(x, to);
    };
    // i64 into f32: through f64 (see the module docs).
    let via = if bits == 64 && to != ScalarType::F64 {
        ScalarType::F64
    } else {
        to
    };
    let half = bits / 2;
    let shift = b.constant(from, f64::from(half));
    let high = b.binary(k::BinaryOp::ShrU, x, shift);
    let mask = b.constant(from, 2f64.powi(half as i32) - 1.0);
    let low = b.binary(k::BinaryOp::And, x, mask);
    let (high, low) = (b.cast(high, via), b.cast(low, via));
    let scale = b.constant(via, 2f64.powi(half as i32));
    let high = b.binary(k::BinaryOp::Mul, high, scale);
    let sum = b.binary(k::BinaryOp::Add, high, low);
    b.cast(sum, to)
}

/// `arith.fptoui`: `x` truncated to the unsigned integer type `to` (its bits in `to`).
pub(super) fn float_to_unsigned(b: &mut KernelBuilder, x: k::Value, to: ScalarType) -> k::Value {
    let from = scalar_of(b, x);
    let Some(bits) = int_bits(to) else {
        return b.cast(x, to);
    };
    let top = b.constant(from, 2f64.powi(bits as i32 - 1));
    let high = b.compare(k::CompareOp::Ge, x, top);
    let lowered = b.binary(k::BinaryOp::Sub, x, top);
    let lowered = b.cast(lowered, to);
    let min = b.constant(to, -(2f64.powi(bits as i32 - 1)));
    let wrapped = b.binary(k::BinaryOp::Add, lowered, min);
    let direct = b.cast(x, to);
    b.select(high, wrapped, direct)
}

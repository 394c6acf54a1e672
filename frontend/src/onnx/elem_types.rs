//! ONNX element types and how kiln holds them: the one table every part of the importer reads
//! (graph inputs, constants, Cast / CastLike, QuantizeLinear / DequantizeLinear, graph outputs,
//! and the CLI's `.npy` input and output conversions).
//!
//! kiln's [`DType`] is the type the IR computes in. An ONNX element type without a `DType` of
//! its own is *held* in a wider one that holds each of its values exactly:
//!
//! | ONNX type | held as | values |
//! |---|---|---|
//! | uint8, int16, uint16, int4, uint4, int2, uint2 | i32 | the type's integer range |
//! | uint32, uint64 | i64 | 0 ..= 2^32 - 1; 0 ..= 2^63 - 1 (larger uint64 inputs and constants are refused) |
//! | float8 e4m3fn / e4m3fnuz / e5m2 / e5m2fnuz, float4 e2m1fn | f32 | the format's finite values, +-inf (e5m2), NaN |
//! | float8e8m0 | f32 | the powers of two 2^-127 ..= 2^127, NaN |
//! | bfloat16 | bf16 (the device holds it in f32: `emulate-bf16`) | bf16 |
//!
//! A value of a held type is always one of its type's values: every node whose result has such a
//! type is followed by [`narrow`] (integers wrap to the type's width, two's complement, unsigned
//! modulo 2^n; small floats round to nearest even onto the format's grid), except the nodes that
//! only move or select values. Casts *to* these types use the same rounding with ONNX's
//! `saturate` rules. The roundings are spelled with front-IR ops the interpreter and the device
//! lowering both support (`and` / `xor` / `sub` for integers; compares, selects, exact divisions
//! by powers of two and `floor` for floats), so they run everywhere.
//!
//! float8e8m0 is an exponent alone (no sign, no zero): a cast to it takes the f32 exponent of
//! `|x|` and rounds by the fraction bits as the attribute `round_mode` says (`up`, the default;
//! `down`; `nearest`), as onnx's `to_float8e8m0` does; [`e8m0_body`] reads the bits with
//! `arith.bitcast`.
//!
//! Not handled (refused by name): float6, complex, string; uint64 values of 2^63 and
//! more (inputs, constants; a wrapping subtraction that goes below 0 is held as its i64 bits:
//! Add / Sub / Mul / bitwise ops stay exact modulo 2^64, the output is written from those bits
//! and comparisons order them as unsigned, but a Div / Mod / Min / Max of such a value reads it
//! as negative).

use super::proto::tensor_proto::DataType;
use crate::builder::BodyBuilder;
use crate::syntax::*;

/// A small floating-point format (float8 / float4): its grid and specials.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FloatFormat {
    pub exponent_bits: i32,
    /// Explicit fraction bits.
    pub mantissa_bits: i32,
    /// The exponent of the smallest normal number (`1 - bias`).
    pub min_exponent: i32,
    /// The exponent of the largest finite number.
    pub max_exponent: i32,
    pub max_finite: f64,
    /// The format has +-inf (e5m2).
    pub infinity: bool,
    /// The format has NaN (all but float4).
    pub nan: bool,
    /// The format has -0 (not the `fnuz` ones).
    pub negative_zero: bool,
}

/// What values an ONNX element type has, as kiln holds them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Domain {
    /// The held DType's own values (f64, f32, f16, bf16, i64, i32, i8, bool).
    Native,
    /// Integers of `bits` bits (signed: two's complement) held in a wider integer DType.
    Int { bits: u32, signed: bool },
    /// A small float format held in f32.
    Float(FloatFormat),
    /// float8e8m0 held in f32: `2^(e - 127)` for the exponent byte `e` < 255; 255 is NaN.
    E8M0,
}

/// How a cast to float8e8m0 rounds a value between two powers of two (Cast's `round_mode`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum E8M0Rounding {
    /// To the larger power (any fraction bit set): the default.
    Up,
    /// To the smaller power (the fraction dropped).
    Down,
    /// To the nearer power, as onnx's reference decides it from the guard, round and sticky
    /// bits of the f32 fraction.
    Nearest,
}

impl E8M0Rounding {
    /// The mode a `round_mode` attribute names (None: not one of `up`, `down`, `nearest`).
    pub fn from_attribute(s: &str) -> Option<Self> {
        match s {
            "up" => Some(Self::Up),
            "down" => Some(Self::Down),
            "nearest" => Some(Self::Nearest),
            _ => None,
        }
    }
}

impl Domain {
    /// The integer range `(min, max)` of an integer domain.
    pub fn int_range(self) -> Option<(f64, f64)> {
        match self {
            Domain::Int { bits, signed: true } => Some((
                -(2f64.powi(bits as i32 - 1)),
                2f64.powi(bits as i32 - 1) - 1.0,
            )),
            // uint64 is held in i64: its values stop at 2^63 - 1.
            Domain::Int { bits: 64, .. } => Some((0.0, 2f64.powi(63) - 1.0)),
            Domain::Int { bits, .. } => Some((0.0, 2f64.powi(bits as i32) - 1.0)),
            _ => None,
        }
    }
}

pub const FLOAT8E4M3FN: FloatFormat = FloatFormat {
    exponent_bits: 4,
    mantissa_bits: 3,
    min_exponent: -6,
    max_exponent: 8,
    max_finite: 448.0,
    infinity: false,
    nan: true,
    negative_zero: true,
};
pub const FLOAT8E4M3FNUZ: FloatFormat = FloatFormat {
    exponent_bits: 4,
    mantissa_bits: 3,
    min_exponent: -7,
    max_exponent: 7,
    max_finite: 240.0,
    infinity: false,
    nan: true,
    negative_zero: false,
};
pub const FLOAT8E5M2: FloatFormat = FloatFormat {
    exponent_bits: 5,
    mantissa_bits: 2,
    min_exponent: -14,
    max_exponent: 15,
    max_finite: 57344.0,
    infinity: true,
    nan: true,
    negative_zero: true,
};
pub const FLOAT8E5M2FNUZ: FloatFormat = FloatFormat {
    exponent_bits: 5,
    mantissa_bits: 2,
    min_exponent: -15,
    max_exponent: 15,
    max_finite: 57344.0,
    infinity: false,
    nan: true,
    negative_zero: false,
};
pub const FLOAT4E2M1: FloatFormat = FloatFormat {
    exponent_bits: 2,
    mantissa_bits: 1,
    min_exponent: 0,
    max_exponent: 2,
    max_finite: 6.0,
    infinity: false,
    nan: false,
    negative_zero: true,
};

/// The ONNX element type of a code, or an error naming it.
pub fn elem_type(code: i32) -> Result<DataType, String> {
    DataType::try_from(code).map_err(|_| format!("unknown element type {code}"))
}

/// The DType that holds an ONNX element type's values (None: kiln cannot hold it).
pub fn held_dtype(t: DataType) -> Option<DType> {
    use DataType as T;
    Some(match t {
        T::Float => DType::F32,
        T::Double => DType::F64,
        T::Float16 => DType::F16,
        T::Bfloat16 => DType::BF16,
        T::Int64 => DType::I64,
        T::Int32 => DType::I32,
        T::Int8 => DType::I8,
        T::Bool => DType::I1,
        T::Uint8 | T::Int16 | T::Uint16 | T::Int4 | T::Uint4 | T::Int2 | T::Uint2 => DType::I32,
        T::Uint32 | T::Uint64 => DType::I64,
        T::Float8e4m3fn
        | T::Float8e4m3fnuz
        | T::Float8e5m2
        | T::Float8e5m2fnuz
        | T::Float8e8m0
        | T::Float4e2m1 => DType::F32,
        _ => return None,
    })
}

/// The values of an ONNX element type within its held DType.
pub fn domain(t: DataType) -> Domain {
    use DataType as T;
    let int = |bits, signed| Domain::Int { bits, signed };
    match t {
        T::Uint8 => int(8, false),
        T::Int16 => int(16, true),
        T::Uint16 => int(16, false),
        T::Uint32 => int(32, false),
        T::Uint64 => int(64, false),
        T::Int4 => int(4, true),
        T::Uint4 => int(4, false),
        T::Int2 => int(2, true),
        T::Uint2 => int(2, false),
        T::Float8e4m3fn => Domain::Float(FLOAT8E4M3FN),
        T::Float8e4m3fnuz => Domain::Float(FLOAT8E4M3FNUZ),
        T::Float8e5m2 => Domain::Float(FLOAT8E5M2),
        T::Float8e5m2fnuz => Domain::Float(FLOAT8E5M2FNUZ),
        T::Float4e2m1 => Domain::Float(FLOAT4E2M1),
        T::Float8e8m0 => Domain::E8M0,
        _ => Domain::Native,
    }
}

/// The ONNX type whose values a DType holds natively (the type of an IR value no declaration
/// narrows).
pub fn native_type(d: DType) -> DataType {
    match d {
        DType::F64 => DataType::Double,
        DType::F32 => DataType::Float,
        DType::F16 => DataType::Float16,
        DType::BF16 => DataType::Bfloat16,
        DType::I64 => DataType::Int64,
        DType::I32 => DataType::Int32,
        DType::I8 => DataType::Int8,
        DType::I1 => DataType::Bool,
    }
}

/// A type's name as ONNX writes it (`UINT16`).
pub fn type_name(t: DataType) -> &'static str {
    t.as_str_name()
}

/// Whether `v` is a value of `t` (as held: a uint64 below 2^63).
pub fn holds(t: DataType, v: f64) -> bool {
    match domain(t) {
        Domain::Native => match held_dtype(t) {
            Some(d) if d.is_float() => v.is_nan() || d.round(v) == v,
            Some(DType::I1) => v == 0.0 || v == 1.0,
            Some(d) => {
                let (lo, hi) = match d {
                    DType::I8 => (-128.0, 127.0),
                    DType::I32 => (i32::MIN as f64, i32::MAX as f64),
                    _ => (i64::MIN as f64, 2f64.powi(63) - 1.0),
                };
                v.fract() == 0.0 && v >= lo && v <= hi
            }
            None => false,
        },
        // uint64 is held in i64 (2^63 - 1 is not an f64: compare with 2^63).
        Domain::Int { bits: 64, .. } => v.fract() == 0.0 && v >= 0.0 && v < 2f64.powi(63),
        d @ Domain::Int { .. } => {
            let (lo, hi) = d.int_range().unwrap_or((0.0, 0.0));
            v.fract() == 0.0 && v >= lo && v <= hi
        }
        Domain::Float(f) => {
            if v.is_nan() {
                f.nan
            } else {
                round_to_format(v, f, false) == v
            }
        }
        Domain::E8M0 => {
            v.is_nan() || (v > 0.0 && v.log2().fract() == 0.0 && v.log2().abs() <= 127.0)
        }
    }
}

/// The value of a small float's bits (sign, exponent, fraction from the top down).
pub fn decode_small_float(bits: u32, f: FloatFormat) -> f64 {
    let m = f.mantissa_bits;
    let width = 1 + f.exponent_bits + m;
    let sign = if (bits >> (width - 1)) & 1 != 0 {
        -1.0
    } else {
        1.0
    };
    let exponent = ((bits >> m) & ((1 << f.exponent_bits) - 1)) as i32;
    let fraction = (bits & ((1 << m) - 1)) as i32;
    let all_ones = (1 << f.exponent_bits) - 1;
    if f.nan && !f.negative_zero && bits == 1 << (width - 1) {
        return f64::NAN; // fnuz: the -0 code is NaN
    }
    if f.infinity && exponent == all_ones {
        return if fraction == 0 {
            sign * f64::INFINITY
        } else {
            f64::NAN
        };
    }
    if f.nan && f.negative_zero && !f.infinity && exponent == all_ones && fraction == (1 << m) - 1 {
        return f64::NAN; // e4m3fn: S.1111.111
    }
    let magnitude = if exponent == 0 {
        fraction as f64 * 2f64.powi(f.min_exponent - m)
    } else {
        (1.0 + fraction as f64 / 2f64.powi(m)) * 2f64.powi(exponent + f.min_exponent - 1)
    };
    sign * magnitude
}

/// How many bits one element of `t` takes in a TensorProto's `raw_data`.
pub fn storage_bits(t: DataType) -> Option<usize> {
    use DataType as T;
    Some(match t {
        T::Int2 | T::Uint2 => 2,
        T::Int4 | T::Uint4 | T::Float4e2m1 => 4,
        T::Bool | T::Int8 | T::Uint8 => 8,
        T::Float8e4m3fn | T::Float8e4m3fnuz | T::Float8e5m2 | T::Float8e5m2fnuz | T::Float8e8m0 => {
            8
        }
        T::Int16 | T::Uint16 | T::Float16 | T::Bfloat16 => 16,
        T::Int32 | T::Uint32 | T::Float => 32,
        T::Int64 | T::Uint64 | T::Double => 64,
        _ => return None,
    })
}

/// The value of one stored element of `t` (its `storage_bits` low bits of `raw`, little-endian).
pub fn decode_element(t: DataType, raw: u64) -> f64 {
    use DataType as T;
    let bits = storage_bits(t).unwrap_or(64) as u32;
    match t {
        T::Float => f32::from_bits(raw as u32) as f64,
        T::Double => f64::from_bits(raw),
        T::Float16 => half::f16::from_bits(raw as u16).to_f64(),
        T::Bfloat16 => half::bf16::from_bits(raw as u16).to_f64(),
        T::Bool => (raw & 0xff != 0) as u8 as f64,
        T::Int64 => raw as i64 as f64,
        // Values of 2^63 and more are refused by the caller (`holds`).
        T::Uint64 => raw as f64,
        _ => match domain(t) {
            Domain::Float(f) => decode_small_float(raw as u32, f),
            Domain::E8M0 => decode_e8m0(raw as u8),
            Domain::Int { signed: false, .. } => (raw & ((1u64 << bits) - 1)) as f64,
            // Int8 / Int16 / Int32 / Int4 / Int2: sign-extend the low `bits` bits.
            _ => wrap_int((raw & ((1u64 << bits) - 1)) as f64, bits, true),
        },
    }
}

/// `v` wrapped to an integer domain (two's complement / modulo 2^bits); host version of
/// [`wrap_body`].
pub fn wrap_int(v: f64, bits: u32, signed: bool) -> f64 {
    if bits >= 64 {
        return v;
    }
    let x = v as i64;
    let mask = (1i64 << bits) - 1;
    let low = x & mask;
    if signed && low >> (bits - 1) != 0 {
        (low - (1i64 << bits)) as f64
    } else {
        low as f64
    }
}

/// `v` rounded to nearest even onto `f`'s grid; out of range: the largest finite value
/// (`saturate`), else inf (formats with inf) or NaN (others; float4, which has neither,
/// saturates always). NaN stays NaN (float4: 0). Host version of [`round_body`].
pub fn round_to_format(v: f64, f: FloatFormat, saturate: bool) -> f64 {
    if v.is_nan() {
        return if f.nan { f64::NAN } else { 0.0 };
    }
    let a = v.abs();
    let mut spacing = 2f64.powi(f.min_exponent - f.mantissa_bits);
    for k in f.min_exponent + 1..=f.max_exponent {
        if a >= 2f64.powi(k) {
            spacing = 2f64.powi(k - f.mantissa_bits);
        }
    }
    let q = a / spacing;
    let fl = q.floor();
    let d = q - fl;
    let odd = (fl / 2.0).floor() != fl / 2.0;
    let r = if d > 0.5 || (d == 0.5 && odd) {
        fl + 1.0
    } else {
        fl
    };
    let mut y = r * spacing;
    if y > f.max_finite {
        y = if saturate || !f.nan {
            f.max_finite
        } else if f.infinity {
            f64::INFINITY
        } else {
            f64::NAN
        };
    }
    if a.is_infinite() && !saturate && f.nan && !f.infinity {
        y = f64::NAN;
    }
    let negative = v < 0.0 || (v == 0.0 && v.is_sign_negative());
    if negative && (f.negative_zero || y != 0.0) {
        -y
    } else {
        y
    }
}

/// Emits `x` wrapped to `bits` bits (two's complement when signed, else modulo 2^bits) in
/// `dtype`, an integer type at least that wide.
pub fn wrap_body(
    b: &mut BodyBuilder,
    x: ScalarRef,
    bits: u32,
    signed: bool,
    dtype: DType,
) -> ScalarRef {
    if bits >= dtype.bit_width() {
        return x;
    }
    let mask = b.constant((2f64.powi(bits as i32)) - 1.0, dtype);
    let low = b.push(ScalarOp::AndI, &[x, mask], dtype);
    if !signed {
        return low;
    }
    // ((x & mask) ^ sign) - sign sign-extends the low `bits` bits.
    let sign = b.constant(2f64.powi(bits as i32 - 1), dtype);
    let flipped = b.push(ScalarOp::XOrI, &[low, sign], dtype);
    b.push(ScalarOp::SubI, &[flipped, sign], dtype)
}

/// Emits `x` (f32) rounded onto `f`'s grid, as [`round_to_format`] computes it. Every step is
/// exact in f32 (and in the interpreter's f64): a ladder of compares picks the spacing of `|x|`'s
/// binade, `|x| / spacing` is an exact division by a power of two, rounded half to even with
/// `floor`, then scaled back.
pub fn round_body(b: &mut BodyBuilder, x: ScalarRef, f: FloatFormat, saturate: bool) -> ScalarRef {
    let t = DType::F32;
    let cmp = |b: &mut BodyBuilder, p, l, r| b.push(ScalarOp::CmpF(p), &[l, r], DType::I1);
    let a = b.push(ScalarOp::AbsF, &[x], t);
    let mut spacing = b.constant(2f64.powi(f.min_exponent - f.mantissa_bits), t);
    for k in f.min_exponent + 1..=f.max_exponent {
        let bound = b.constant(2f64.powi(k), t);
        let s = b.constant(2f64.powi(k - f.mantissa_bits), t);
        let at_least = cmp(b, CmpFPredicate::Oge, a, bound);
        spacing = b.push(ScalarOp::Select, &[at_least, s, spacing], t);
    }
    let q = b.push(ScalarOp::DivF, &[a, spacing], t);
    let fl = b.push(ScalarOp::Floor, &[q], t);
    let d = b.push(ScalarOp::SubF, &[q, fl], t);
    let (half, one) = (b.constant(0.5, t), b.constant(1.0, t));
    let h = b.push(ScalarOp::MulF, &[fl, half], t);
    let hf = b.push(ScalarOp::Floor, &[h], t);
    let odd = cmp(b, CmpFPredicate::Une, h, hf);
    let above = cmp(b, CmpFPredicate::Ogt, d, half);
    let tie = cmp(b, CmpFPredicate::Oeq, d, half);
    let tie_odd = b.push(ScalarOp::AndI, &[tie, odd], DType::I1);
    let up = b.push(ScalarOp::OrI, &[above, tie_odd], DType::I1);
    let fl1 = b.push(ScalarOp::AddF, &[fl, one], t);
    let r = b.push(ScalarOp::Select, &[up, fl1, fl], t);
    let mut y = b.push(ScalarOp::MulF, &[r, spacing], t);
    // Out of range (inf included: its spacing is the largest one, and inf / s = inf).
    let max = b.constant(f.max_finite, t);
    let over = cmp(b, CmpFPredicate::Ogt, y, max);
    let overflow = if saturate || !f.nan {
        max
    } else if f.infinity {
        b.constant(f64::INFINITY, t)
    } else {
        b.constant(f64::NAN, t)
    };
    y = b.push(ScalarOp::Select, &[over, overflow, y], t);
    // The sign: -y for x < 0 (and for -0 where the format has -0; `1 / x < 0` finds -0).
    let zero = b.constant(0.0, t);
    let neg = cmp(b, CmpFPredicate::Olt, x, zero);
    let minus_y = b.push(ScalarOp::NegF, &[y], t);
    let signed = if f.negative_zero {
        let inv = b.push(ScalarOp::DivF, &[one, x], t);
        let neg_zero = cmp(b, CmpFPredicate::Olt, inv, zero);
        let neg = b.push(ScalarOp::OrI, &[neg, neg_zero], DType::I1);
        b.push(ScalarOp::Select, &[neg, minus_y, y], t)
    } else {
        // No -0: a negative number that rounds to 0 is +0.
        let nonzero = cmp(b, CmpFPredicate::One, y, zero);
        let neg = b.push(ScalarOp::AndI, &[neg, nonzero], DType::I1);
        b.push(ScalarOp::Select, &[neg, minus_y, y], t)
    };
    // x != x (`une`): NaN (the device lowering has no `uno`).
    let nan = cmp(b, CmpFPredicate::Une, x, x);
    let nan_value = b.constant(if f.nan { f64::NAN } else { 0.0 }, t);
    b.push(ScalarOp::Select, &[nan, nan_value, signed], t)
}

/// The value of a float8e8m0 byte: `2^(e - 127)`, NaN for 255.
pub fn decode_e8m0(e: u8) -> f64 {
    if e == 255 {
        f64::NAN
    } else {
        2f64.powi(i32::from(e) - 127)
    }
}

/// `v` cast to float8e8m0 as onnx's `to_float8e8m0` does (host version of [`e8m0_body`]): the
/// exponent byte of `|v|` as an f32 (inf / NaN: 255), plus one when `rounding` rounds the
/// fraction up; `saturate` keeps 254 (2^127) from rounding up into 255 (NaN).
pub fn round_to_e8m0(v: f64, rounding: E8M0Rounding, saturate: bool) -> f64 {
    let bits = (v as f32).to_bits() & 0x7fff_ffff;
    let (e, fraction) = (bits >> 23, bits & 0x7f_ffff);
    if e == 255 {
        return f64::NAN;
    }
    let up = match rounding {
        E8M0Rounding::Up => fraction != 0,
        E8M0Rounding::Down => false,
        E8M0Rounding::Nearest => fraction & 0x40_0000 != 0 && (fraction & 0x3f_ffff != 0 || e > 0),
    };
    let e = e + u32::from(up && !(saturate && e == 254));
    decode_e8m0(e.min(255) as u8)
}

/// Emits `x` (f32) cast to float8e8m0, as [`round_to_e8m0`] computes it: the exponent byte and
/// the fraction of `x`'s bits (`arith.bitcast` to i32, masks, an exact division by 2^23), the
/// rounding increment from compares, and the result's bits (`e << 23`, or 2^-127's subnormal
/// bits for `e` = 0) cast back to f32.
pub fn e8m0_body(
    b: &mut BodyBuilder,
    x: ScalarRef,
    rounding: E8M0Rounding,
    saturate: bool,
) -> ScalarRef {
    let (i, f) = (DType::I32, DType::F32);
    let cmp = |b: &mut BodyBuilder, p, l, r| b.push(ScalarOp::CmpI(p), &[l, r], DType::I1);
    let bits = b.push(ScalarOp::Bitcast, &[x], i);
    let magnitude_mask = b.constant(f64::from(0x7fff_ffff_u32), i);
    let magnitude = b.push(ScalarOp::AndI, &[bits, magnitude_mask], i);
    let fraction_mask = b.constant(f64::from(0x7f_ffff_u32), i);
    let fraction = b.push(ScalarOp::AndI, &[magnitude, fraction_mask], i);
    let two_23 = b.constant(2f64.powi(23), i);
    let e = b.push(ScalarOp::DivSI, &[magnitude, two_23], i);
    let (zero, one) = (b.constant(0.0, i), b.constant(1.0, i));
    let up = match rounding {
        E8M0Rounding::Down => None,
        E8M0Rounding::Up => Some(cmp(b, CmpIPredicate::Ne, fraction, zero)),
        E8M0Rounding::Nearest => {
            let guard_mask = b.constant(f64::from(0x40_0000_u32), i);
            let guard = b.push(ScalarOp::AndI, &[fraction, guard_mask], i);
            let guard = cmp(b, CmpIPredicate::Ne, guard, zero);
            let rest_mask = b.constant(f64::from(0x3f_ffff_u32), i);
            let rest = b.push(ScalarOp::AndI, &[fraction, rest_mask], i);
            let rest = cmp(b, CmpIPredicate::Ne, rest, zero);
            let normal = cmp(b, CmpIPredicate::Ne, e, zero);
            let sticky = b.push(ScalarOp::OrI, &[rest, normal], DType::I1);
            Some(b.push(ScalarOp::AndI, &[guard, sticky], DType::I1))
        }
    };
    let mut e1 = e;
    if let Some(mut up) = up {
        if saturate {
            let max = b.constant(254.0, i);
            let below_max = cmp(b, CmpIPredicate::Ne, e, max);
            up = b.push(ScalarOp::AndI, &[up, below_max], DType::I1);
        }
        let plus = b.push(ScalarOp::AddI, &[e, one], i);
        e1 = b.push(ScalarOp::Select, &[up, plus, e], i);
    }
    // inf / NaN keep their exponent byte 255 (and no increment reaches past it but 254 + 1).
    let shifted = b.push(ScalarOp::MulI, &[e1, two_23], i);
    let smallest = b.constant(f64::from(0x40_0000_u32), i);
    let is_zero = cmp(b, CmpIPredicate::Eq, e1, zero);
    let out_bits = b.push(ScalarOp::Select, &[is_zero, smallest, shifted], i);
    let value = b.push(ScalarOp::Bitcast, &[out_bits], f);
    let nan_byte = b.constant(255.0, i);
    let is_nan = cmp(b, CmpIPredicate::Sge, e1, nan_byte);
    let nan = b.constant(f64::NAN, f);
    b.push(ScalarOp::Select, &[is_nan, nan, value], f)
}

/// Emits `x` (any held type) converted to ONNX type `to` (held), as ONNX's Cast computes it:
/// to a small float format, rounded onto its grid (`saturate` as the attribute says); to a
/// narrow integer, converted to the held integer type (floats truncated toward zero) and
/// wrapped to the width; to other types, the plain conversion.
pub fn cast_body(b: &mut BodyBuilder, x: ScalarRef, to: DataType, saturate: bool) -> ScalarRef {
    cast_body_rounding(b, x, to, saturate, E8M0Rounding::Up)
}

/// [`cast_body`] with the rounding of a cast to float8e8m0 (Cast's `round_mode`).
pub fn cast_body_rounding(
    b: &mut BodyBuilder,
    x: ScalarRef,
    to: DataType,
    saturate: bool,
    rounding: E8M0Rounding,
) -> ScalarRef {
    let held = held_dtype(to).unwrap_or(DType::F32);
    match domain(to) {
        Domain::Native => b.cast(x, held),
        Domain::Int { bits, signed } => {
            let v = b.cast(x, held);
            wrap_body(b, v, bits, signed, held)
        }
        Domain::Float(f) => {
            let v = b.cast(x, DType::F32);
            round_body(b, v, f, saturate)
        }
        Domain::E8M0 => {
            let v = b.cast(x, DType::F32);
            e8m0_body(b, v, rounding, saturate)
        }
    }
}

/// Brings a result of ONNX type `t` back into its domain (integers wrap, small floats round
/// with saturation); None when `t` is held natively and nothing is needed.
pub fn narrow_body(b: &mut BodyBuilder, x: ScalarRef, t: DataType) -> Option<ScalarRef> {
    let held = held_dtype(t)?;
    match domain(t) {
        Domain::Native => None,
        Domain::Int { bits, signed } => {
            (bits < held.bit_width()).then(|| wrap_body(b, x, bits, signed, held))
        }
        Domain::Float(f) => Some(round_body(b, x, f, true)),
        Domain::E8M0 => Some(e8m0_body(b, x, E8M0Rounding::Up, true)),
    }
}

/// Whether results of type `t` may need [`narrow_body`] (a narrow integer held in a wider
/// type, or a small float).
pub fn needs_narrowing(t: DataType) -> bool {
    match (domain(t), held_dtype(t)) {
        (Domain::Int { bits, .. }, Some(held)) => bits < held.bit_width(),
        (Domain::Float(_) | Domain::E8M0, _) => true,
        _ => false,
    }
}

/// Host version of [`narrow_body`].
pub fn narrow_value(v: f64, t: DataType) -> f64 {
    match domain(t) {
        Domain::Native => v,
        Domain::Int { bits, signed } => wrap_int(v, bits, signed),
        Domain::Float(f) => round_to_format(v, f, true),
        Domain::E8M0 => round_to_e8m0(v, E8M0Rounding::Up, true),
    }
}

/// Ops whose results are values of their inputs (moved or selected): their results keep the
/// first input's ONNX type (Where: the second's), with nothing to narrow.
pub const PRESERVES_VALUES: &[&str] = &[
    "Identity",
    "OptionalGetElement",
    "Reshape",
    "Flatten",
    "Squeeze",
    "Unsqueeze",
    "Transpose",
    "Concat",
    "Split",
    "Slice",
    "Gather",
    "GatherElements",
    "Expand",
    "Tile",
    "Pad",
    "Where",
    "Max",
    "Min",
    "ReduceMax",
    "ReduceMin",
    "Clip",
    "DepthToSpace",
    "SpaceToDepth",
    "Dropout",
    "TopK",
    "Trilu",
];

/// Integer arithmetic whose results keep the first input's ONNX type but may leave its range
/// (uint16 65535 + 1): each one is followed by [`narrow_body`] when that type is narrow.
pub const ARITHMETIC: &[&str] = &[
    "Add",
    "Sub",
    "Mul",
    "Div",
    "Mod",
    "Neg",
    "Abs",
    "Sum",
    "Pow",
    "Sign",
    "Relu",
    "BitShift",
    "BitwiseAnd",
    "BitwiseOr",
    "BitwiseXor",
    "BitwiseNot",
    "CumSum",
    "CumProd",
    "ReduceSum",
    "ReduceProd",
    "ReduceSumSquare",
    "ReduceL1",
    "MatMul",
    "Gemm",
];

/// The ONNX element type of result `i` (held as `held`) of a node of `op_type` whose inputs have
/// `inputs` types: Cast's `to`, CastLike's second input, QuantizeLinear's zero point or
/// `output_dtype`; the first input's (Where: the second's) when the result is held like it and
/// the op keeps types; else the type `held` holds natively.
pub fn result_type(
    op_type: &str,
    i: usize,
    held: DType,
    inputs: &[Option<DataType>],
    attr_int: &dyn Fn(&str) -> Option<i64>,
) -> DataType {
    let native = native_type(held);
    let same = |t: Option<DataType>| t.filter(|&t| held_dtype(t) == Some(held)).unwrap_or(native);
    let input = |k: usize| inputs.get(k).copied().flatten();
    match op_type {
        "Cast" | "BitCast" => attr_int("to")
            .and_then(|c| DataType::try_from(c as i32).ok())
            .map_or(native, |t| same(Some(t))),
        "CastLike" => same(input(1)),
        "QuantizeLinear" => match attr_int("output_dtype").filter(|&c| c != 0) {
            Some(c) => same(DataType::try_from(c as i32).ok()),
            None => same(input(2).or(Some(DataType::Uint8))),
        },
        "DynamicQuantizeLinear" if i == 0 => same(Some(DataType::Uint8)),
        "ImageDecoder" => same(Some(DataType::Uint8)),
        "Where" => same(input(1)),
        _ if i > 0 && matches!(op_type, "TopK") => native,
        _ if PRESERVES_VALUES.contains(&op_type) || ARITHMETIC.contains(&op_type) => same(input(0)),
        // Any other op computes a type of its own (ArgMax's int64, MatMulInteger's int32).
        _ => native,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Corners of each format's rounding, against ml_dtypes 0.6 (`np.float32(x).astype(t)`,
    /// non-saturating) and onnx's `saturate_cast` (clip to the finite range, then astype).
    #[test]
    fn float_formats_round_like_ml_dtypes() {
        let nan = f64::NAN;
        let inf = f64::INFINITY;
        // Written by a script: ml_dtypes 0.6, `np.array([np.float32(x)]).astype(t)` for
        // t = float8_e4m3fn, float8_e4m3fnuz, float8_e5m2, float8_e5m2fnuz, float4_e2m1fn.
        // (ml_dtypes sends 464, the tie between e4m3fn's 448 and its NaN code, to NaN; kiln rounds
        // it to even, 448; onnx's cases do not hold it.)
        #[rustfmt::skip]
        let cases: &[(f64, [f64; 5])] = &[
            (0.4789254665374756, [0.46875, 0.46875, 0.5, 0.5, 0.5]),
            (0.48033666610717773, [0.46875, 0.46875, 0.5, 0.5, 0.5]),
            (0.4996848702430725, [0.5, 0.5, 0.5, 0.5, 0.5]),
            (1000000.0, [nan, nan, inf, nan, 6.0]),
            (1.0000000116860974e-07, [0.0, 0.0, 0.0, 0.0, 0.0]),
            (-1000000.0, [nan, nan, -inf, nan, -6.0]),
            (inf, [nan, nan, inf, nan, 6.0]),
            (449.0, [448.0, nan, 448.0, 448.0, 6.0]),
            (240.0, [240.0, 240.0, 256.0, 256.0, 6.0]),
            (248.0, [256.0, nan, 256.0, 256.0, 6.0]),
            (0.001953125, [0.001953125, 0.001953125, 0.001953125, 0.001953125, 0.0]),
            (0.00146484375, [0.001953125, 0.001953125, 0.00146484375, 0.00146484375, 0.0]),
            (0.0009765625, [0.0, 0.0009765625, 0.0009765625, 0.0009765625, 0.0]),
            (2.5, [2.5, 2.5, 2.5, 2.5, 2.0]),
            (3.5, [3.5, 3.5, 3.5, 3.5, 4.0]),
            (5.0, [5.0, 5.0, 5.0, 5.0, 4.0]),
            (0.25, [0.25, 0.25, 0.25, 0.25, 0.0]),
            (0.75, [0.75, 0.75, 0.75, 0.75, 1.0]),
            (-1.0000000116860974e-07, [-0.0, 0.0, -0.0, 0.0, -0.0]),
            (57344.0, [nan, nan, 57344.0, 57344.0, 6.0]),
            (61439.0, [nan, nan, 57344.0, 57344.0, 6.0]),
            (61440.0, [nan, nan, inf, nan, 6.0]),
            (0.0029296875, [0.00390625, 0.0029296875, 0.0029296875, 0.0029296875, 0.0]),
            (-3.5, [-3.5, -3.5, -3.5, -3.5, -4.0]),
            (9.0, [9.0, 9.0, 8.0, 8.0, 6.0]),
        ];
        let formats = [
            FLOAT8E4M3FN,
            FLOAT8E4M3FNUZ,
            FLOAT8E5M2,
            FLOAT8E5M2FNUZ,
            FLOAT4E2M1,
        ];
        for &(x, want) in cases {
            for (f, w) in formats.iter().zip(want) {
                let got = round_to_format(x, *f, false);
                assert!(
                    got == w || (got.is_nan() && w.is_nan()),
                    "{x} -> {f:?}: got {got}, want {w}"
                );
            }
        }
    }

    #[test]
    fn integers_wrap_like_numpy() {
        // np.array([...]).astype(np.int16 / np.uint16 / ml_dtypes.int4 / uint4 / int2 / uint2)
        assert_eq!(wrap_int(40000.0, 16, true), -25536.0);
        assert_eq!(wrap_int(-1.0, 16, false), 65535.0);
        assert_eq!(wrap_int(-9.0, 4, true), 7.0);
        assert_eq!(wrap_int(15.0, 4, true), -1.0);
        assert_eq!(wrap_int(-9.0, 4, false), 7.0);
        assert_eq!(wrap_int(3.0, 2, true), -1.0);
        assert_eq!(wrap_int(-3.0, 2, false), 1.0);
        assert_eq!(wrap_int(4294967296.0 + 5.0, 32, false), 5.0);
        assert!(holds(DataType::Uint16, 65535.0) && !holds(DataType::Uint16, 65536.0));
        assert!(holds(DataType::Float8e4m3fn, 448.0) && !holds(DataType::Float8e4m3fn, 449.0));
        assert!(!holds(DataType::Float8e4m3fn, f64::INFINITY));
        assert!(holds(DataType::Float8e5m2, f64::INFINITY));
    }

    /// The IR rounding ([`round_body`], run by the interpreter) agrees with the host one on
    /// every format's corners: each binade's ties and halfway points, subnormals, the overflow
    /// thresholds, +-0, +-inf, NaN; with and without saturation. Also [`cast_body`] to narrow
    /// integers against [`wrap_int`].
    #[test]
    fn ir_rounding_matches_host() {
        use crate::builder::FunctionBuilder;
        use crate::interp::{interpret_function, Tensor};
        let mut xs = vec![
            0.0,
            -0.0,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
            1e-30,
            1e30,
        ];
        for e in -20..17 {
            for k in 0..16 {
                let v = 2f64.powi(e) * (1.0 + k as f64 / 16.0);
                xs.extend([v, -v, v * (1.0 + 1.0 / 64.0)]);
            }
        }
        for f in [
            60000.0, 57344.0, 61440.0, 448.0, 464.0, 480.0, 240.0, 248.0, 6.0, 7.0,
        ] {
            xs.extend([f, -f]);
        }
        let xs: Vec<f64> = xs.iter().map(|&x| x as f32 as f64).collect();
        let run = |xs: &[f64], to: DataType, saturate: bool| -> Vec<f64> {
            let mut fb = FunctionBuilder::new("t");
            let arg = fb.argument(Type::Tensor(TensorType::of(&[xs.len() as u64], DType::F32)));
            let held = held_dtype(to).unwrap();
            let v = fb
                .elementwise_with(&[arg], held, |b, a| cast_body(b, a[0], to, saturate))
                .unwrap();
            let f = fb.finish(vec![v]).unwrap();
            let input = Tensor::from_vec(DType::F32, &[xs.len()], xs.to_vec()).unwrap();
            let out = interpret_function(&f, &[input]).unwrap();
            out[0].data.iter().copied().collect()
        };
        for (t, f) in [
            (DataType::Float8e4m3fn, FLOAT8E4M3FN),
            (DataType::Float8e4m3fnuz, FLOAT8E4M3FNUZ),
            (DataType::Float8e5m2, FLOAT8E5M2),
            (DataType::Float8e5m2fnuz, FLOAT8E5M2FNUZ),
            (DataType::Float4e2m1, FLOAT4E2M1),
        ] {
            for saturate in [false, true] {
                for (&x, got) in xs.iter().zip(run(&xs, t, saturate)) {
                    let want = round_to_format(x, f, saturate);
                    let same = (got.is_nan() && want.is_nan())
                        || (got == want && got.is_sign_negative() == want.is_sign_negative());
                    assert!(same, "{t:?} saturate={saturate}: {x} -> {got}, want {want}");
                }
            }
        }
        let ints: Vec<f64> = xs
            .iter()
            .copied()
            .filter(|x| x.is_finite() && x.abs() < 1e9)
            .collect();
        for t in [
            DataType::Int16,
            DataType::Uint16,
            DataType::Int4,
            DataType::Uint2,
        ] {
            let Domain::Int { bits, signed } = domain(t) else {
                unreachable!()
            };
            for (&x, g) in ints.iter().zip(run(&ints, t, true)) {
                assert_eq!(g, wrap_int(x.trunc(), bits, signed), "{t:?}: {x}");
            }
        }
    }

    /// float8e8m0 casts against onnx 1.23's `numpy_helper.to_float8e8m0` (written by a script:
    /// every mode, with and without saturation), host and IR (interpreter) alike.
    #[test]
    fn e8m0_rounds_like_onnx() {
        use crate::builder::FunctionBuilder;
        use crate::interp::{interpret_function, Tensor};
        let (nan, s127, s126) = (f64::NAN, 2f64.powi(-127), 2f64.powi(-126));
        let max = 2f64.powi(127);
        let xs = [
            0.0,
            0.124,
            0.25,
            1.1,
            1.5,
            1.4999,
            3.0,
            -6.0,
            1e-40,
            3e-39,
            f64::INFINITY,
            nan,
            3.4e38,
            max * 1.5,
            s127 * 1.5,
            s126 * 0.75,
        ];
        #[rustfmt::skip]
        let want: &[(E8M0Rounding, bool, [f64; 16])] = &[
            (E8M0Rounding::Up, true, [s127, 0.125, 0.25, 2.0, 2.0, 2.0, 4.0, 8.0, s126, s126, nan, nan, max, max, s126, s126]),
            (E8M0Rounding::Up, false, [s127, 0.125, 0.25, 2.0, 2.0, 2.0, 4.0, 8.0, s126, s126, nan, nan, nan, nan, s126, s126]),
            (E8M0Rounding::Down, true, [s127, 0.0625, 0.25, 1.0, 1.0, 1.0, 2.0, 4.0, s127, s127, nan, nan, max, max, s127, s127]),
            (E8M0Rounding::Down, false, [s127, 0.0625, 0.25, 1.0, 1.0, 1.0, 2.0, 4.0, s127, s127, nan, nan, max, max, s127, s127]),
            (E8M0Rounding::Nearest, true, [s127, 0.125, 0.25, 1.0, 2.0, 1.0, 4.0, 8.0, s127, s127, nan, nan, max, max, s126, s126]),
            (E8M0Rounding::Nearest, false, [s127, 0.125, 0.25, 1.0, 2.0, 1.0, 4.0, 8.0, s127, s127, nan, nan, nan, nan, s126, s126]),
        ];
        let xs: Vec<f64> = xs.iter().map(|&x| x as f32 as f64).collect();
        let same = |a: f64, b: f64| a == b || (a.is_nan() && b.is_nan());
        for &(rounding, saturate, ref want) in want {
            let mut fb = FunctionBuilder::new("t");
            let arg = fb.argument(Type::Tensor(TensorType::of(&[xs.len() as u64], DType::F32)));
            let v = fb
                .elementwise_with(&[arg], DType::F32, |b, a| {
                    cast_body_rounding(b, a[0], DataType::Float8e8m0, saturate, rounding)
                })
                .unwrap();
            let f = fb.finish(vec![v]).unwrap();
            let input = Tensor::from_vec(DType::F32, &[xs.len()], xs.clone()).unwrap();
            let ir = interpret_function(&f, &[input]).unwrap()[0].data.clone();
            for ((&x, &w), &g) in xs.iter().zip(want).zip(ir.iter()) {
                let host = round_to_e8m0(x, rounding, saturate);
                assert!(
                    same(host, w),
                    "{rounding:?} {saturate}: host {x} -> {host}, want {w}"
                );
                assert!(
                    same(g, w),
                    "{rounding:?} {saturate}: IR {x} -> {g}, want {w}"
                );
                assert!(holds(DataType::Float8e8m0, w));
            }
        }
        assert!(!holds(DataType::Float8e8m0, 0.0) && !holds(DataType::Float8e8m0, 3.0));
        assert_eq!(decode_element(DataType::Float8e8m0, 127), 1.0);
        assert!(decode_element(DataType::Float8e8m0, 255).is_nan());
    }
}

//! bf16 rounding written as Tensor IR body instructions (`reduce-precision` and
//! `emulate-bf16` both narrow f32 values to bf16 this way).

use kiln_frontend::builder::BodyBuilder;
use kiln_frontend::*;

/// Body instructions taking f32 `x` to the nearest bf16 value (ties to even), as f32: on the
/// bits, `bits + 0x7fff + ((bits >> 16) & 1)` with the low 16 bits cleared; NaN kept as it is.
pub fn round_to_bf16_in_body(bb: &mut BodyBuilder, x: ScalarRef) -> ScalarRef {
    let bits = bb.push(ScalarOp::Bitcast, &[x], DType::I32);
    let bit16 = bb.constant(f64::from(0x1_0000), DType::I32);
    let lsb_bit = bb.push(ScalarOp::AndI, &[bits, bit16], DType::I32);
    let lsb = bb.push(ScalarOp::DivSI, &[lsb_bit, bit16], DType::I32);
    let half = bb.constant(f64::from(0x7fff), DType::I32);
    let bias = bb.push(ScalarOp::AddI, &[lsb, half], DType::I32);
    let rounded = bb.push(ScalarOp::AddI, &[bits, bias], DType::I32);
    let mask = bb.constant(f64::from(0xffff_0000u32 as i32), DType::I32);
    let cleared = bb.push(ScalarOp::AndI, &[rounded, mask], DType::I32);
    let y = bb.push(ScalarOp::Bitcast, &[cleared], DType::F32);
    // NaN: exponent all ones and a non-zero mantissa (an integer test: no float compare
    // predicate sees NaN on every device).
    let magnitude_mask = bb.constant(f64::from(0x7fff_ffff), DType::I32);
    let magnitude = bb.push(ScalarOp::AndI, &[bits, magnitude_mask], DType::I32);
    let infinity = bb.constant(f64::from(0x7f80_0000), DType::I32);
    let nan = bb.push(
        ScalarOp::CmpI(CmpIPredicate::Sgt),
        &[magnitude, infinity],
        DType::I1,
    );
    bb.push(ScalarOp::Select, &[nan, x, y], DType::F32)
}

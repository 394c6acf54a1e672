//! Linear quantization the op families share: scale and zero point from a range, quantizing a
//! value, and a value's min and max.

use crate::builder::BodyBuilder;
use crate::onnx::context::{e, Importer, R};
use crate::syntax::*;

/// onnxruntime's range of a dynamically quantized tensor: `(scale, zero_point)` as rank-0 f32
/// values from its min and max (rank-0 values too).
pub(crate) fn quantization_parameters(
    im: &mut Importer,
    min: ValueId,
    max: ValueId,
) -> R<(ValueId, ValueId)> {
    let t = DType::F32;
    // The range, the quotients and the zero point are ops of their own: the interpreter rounds
    // an op's result to f32 (as the device and onnxruntime compute each step), not the inside
    // of a body, and each step must see the f32 value of the one before (`max - min` of
    // opposite signs rounds in f32).
    let range = e(im.b.elementwise_with(&[min, max], t, |b, a| {
        let z = b.constant(0.0, t);
        let lo = b.push(ScalarOp::MinimumF, &[a[0], z], t);
        let hi = b.push(ScalarOp::MaximumF, &[a[1], z], t);
        b.push(ScalarOp::SubF, &[hi, lo], t)
    }))?;
    let scale = e(im.b.elementwise_with(&[range], t, |b, a| {
        let q = b.constant(255.0, t);
        let s = b.push(ScalarOp::DivF, &[a[0], q], t);
        // `max == min`: both are 0 (the range includes 0), so the range is exactly 0.
        let z = b.constant(0.0, t);
        let same = b.push(ScalarOp::CmpF(CmpFPredicate::Oeq), &[a[0], z], DType::I1);
        let one = b.constant(1.0, t);
        b.push(ScalarOp::Select, &[same, one, s], t)
    }))?;
    let ratio = e(im.b.elementwise_with(&[min, scale], t, |b, a| {
        let z = b.constant(0.0, t);
        let lo = b.push(ScalarOp::MinimumF, &[a[0], z], t);
        b.push(ScalarOp::DivF, &[lo, a[1]], t)
    }))?;
    let zero_point = e(im.b.elementwise_with(&[ratio], t, |b, a| {
        let z = b.constant(0.0, t);
        let zp = b.push(ScalarOp::SubF, &[z, a[0]], t);
        let top = b.constant(255.0, t);
        let zp = b.push(ScalarOp::MinimumF, &[zp, top], t);
        let zp = b.push(ScalarOp::MaximumF, &[zp, z], t);
        round_half_even(b, zp, t)
    }))?;
    Ok((scale, zero_point))
}

/// `clamp(round(x / scale) + zero_point, 0, 255)` as f32 (scale and zero point rank-0 f32).
pub(crate) fn quantize(
    im: &mut Importer,
    x: ValueId,
    scale: ValueId,
    zero_point: ValueId,
) -> R<ValueId> {
    let t = DType::F32;
    let q = e(im.b.elementwise(ScalarOp::DivF, &[x, scale]))?;
    e(im.b.elementwise_with(&[q, zero_point], t, |b, a| {
        let r = round_half_even(b, a[0], t);
        let y = b.push(ScalarOp::AddF, &[r, a[1]], t);
        let z = b.constant(0.0, t);
        let top = b.constant(255.0, t);
        let y = b.push(ScalarOp::MinimumF, &[y, top], t);
        b.push(ScalarOp::MaximumF, &[y, z], t)
    }))
}

/// The rank-0 min and max of a value.
pub(crate) fn min_max(im: &mut Importer, x: ValueId) -> R<(ValueId, ValueId)> {
    let rank = im.b.tensor_type(x).rank();
    let all: Vec<usize> = (0..rank).collect();
    let min = crate::onnx::shared::reduce::reduce_value(im, x, &all, "min", None)?;
    let max = crate::onnx::shared::reduce::reduce_value(im, x, &all, "max", None)?;
    Ok((min, max))
}

/// `round(v)` with ties to even, in a body (`v` small enough that `v + 0.5` is exact).
pub(crate) fn round_half_even(b: &mut BodyBuilder, v: ScalarRef, t: DType) -> ScalarRef {
    let half = b.constant(0.5, t);
    let up = b.push(ScalarOp::AddF, &[v, half], t);
    let r = b.push(ScalarOp::Floor, &[up], t);
    let diff = b.push(ScalarOp::SubF, &[r, v], t);
    let tie = b.push(ScalarOp::CmpF(CmpFPredicate::Oeq), &[diff, half], DType::I1);
    let hr = b.push(ScalarOp::MulF, &[r, half], t);
    let fh = b.push(ScalarOp::Floor, &[hr], t);
    let two = b.constant(2.0, t);
    let even = b.push(ScalarOp::MulF, &[fh, two], t);
    let odd = b.push(ScalarOp::CmpF(CmpFPredicate::One), &[even, r], DType::I1);
    let down = b.push(ScalarOp::AndI, &[tie, odd], DType::I1);
    let one = b.constant(1.0, t);
    let rm1 = b.push(ScalarOp::SubF, &[r, one], t);
    b.push(ScalarOp::Select, &[down, rm1, r], t)
}

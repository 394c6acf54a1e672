//! Contractions the op families share: batched matmuls of values (batch dims broadcast, then
//! collapsed), the wide accumulator of narrow floats, convolutions into an accumulator, and
//! attention heads repeated for grouped-query attention.

use ndarray::ArrayD;
use ndarray::IxDyn;

use crate::interp::Tensor;
use crate::onnx::context::{e, konst, Importer, R};
use crate::onnx::shared::reshape::broadcast_batch;
use crate::onnx::shared::reshape::dims_product;
use crate::onnx::shared::reshape::reshape_value;
use crate::syntax::*;

/// numpy's matmul of two values (1-D operands promoted, batch dims broadcast).
pub(crate) fn matmul_values(im: &mut Importer, a: ValueId, b: ValueId) -> R<ValueId> {
    let (ta, tb) = (im.b.tensor_type(a), im.b.tensor_type(b));
    if ta.dtype != tb.dtype {
        return Err(format!(
            "operand types differ: {} and {}",
            ta.dtype, tb.dtype
        ));
    }
    if ta.rank() == 0 || tb.rank() == 0 {
        return Err("MatMul of a scalar".into());
    }
    // Promote 1-D operands (numpy rules), remembering which dims to drop at the end.
    let (a2, drop_m) = if ta.rank() == 1 {
        (
            reshape_value(im, a, &[Dim::Static(1), ta.shape[0].clone()])?,
            true,
        )
    } else {
        (a, false)
    };
    let (b2, drop_n) = if tb.rank() == 1 {
        (
            reshape_value(im, b, &[tb.shape[0].clone(), Dim::Static(1)])?,
            true,
        )
    } else {
        (b, false)
    };
    let (ta, tb) = (im.b.tensor_type(a2), im.b.tensor_type(b2));
    let (ra, rb) = (ta.rank(), tb.rank());
    let acc = wide_accumulator(ta.dtype);
    let m = ta.shape[ra - 2].clone();
    let k = ta.shape[ra - 1].clone();
    let nn = tb.shape[rb - 1].clone();
    let result = if ra == 2 && rb == 2 {
        let p = e(im.b.matmul(a2, b2, acc))?;
        narrow_to(im, p, ta.dtype)?
    } else if rb == 2 {
        // [..., M, K] x [K, N]: the leading dims are more rows (one generic, no reshapes).
        let p = e(im.b.rows_matmul(a2, b2, acc))?;
        narrow_to(im, p, ta.dtype)?
    } else {
        let batch = crate::builder::broadcast_shapes(&ta.shape[..ra - 2], &tb.shape[..rb - 2])?;
        let a3 = broadcast_batch(im, a2, &batch)?;
        let b3 = broadcast_batch(im, b2, &batch)?;
        let bsz = dims_product(batch.iter())?;
        let a3 = reshape_value(im, a3, &[bsz.clone(), m.clone(), k])?;
        let b3 = reshape_value(im, b3, &[bsz, tb.shape[rb - 2].clone(), nn.clone()])?;
        let p = e(im.b.batch_matmul(a3, b3, acc))?;
        let p = narrow_to(im, p, ta.dtype)?;
        let mut out = batch.clone();
        out.extend([m.clone(), nn.clone()]);
        reshape_value(im, p, &out)?
    };
    let t = im.b.tensor_type(result);
    let mut shape = t.shape.clone();
    if drop_n {
        shape.pop();
    }
    if drop_m {
        shape.remove(shape.len() - if drop_n { 1 } else { 2 });
    }
    reshape_value(im, result, &shape)
}

/// The accumulator type of a matmul of `dtype` operands when it is wider than they are: f16
/// and bf16 products are summed in f32 and rounded once at the end (as ONNX Runtime's CUDA
/// provider and PyTorch do), not rounded at every one of K additions.
pub(crate) fn wide_accumulator(dtype: DType) -> Option<DType> {
    matches!(dtype, DType::F16 | DType::BF16).then_some(DType::F32)
}

/// A convolution summed in `acc` (when wider than the operands) and converted back to the
/// operand type.
pub(crate) fn conv_into(
    im: &mut Importer,
    acc: Option<DType>,
    conv: Conv2d,
    input: ValueId,
    filter: ValueId,
) -> R<ValueId> {
    let dtype = im.b.value_type(input).dtype();
    let y = e(im.b.conv2d_into(conv, input, filter, acc))?;
    narrow_to(im, y, dtype)
}

/// `x` converted to `dtype` (nothing when it has it already).
pub(crate) fn narrow_to(im: &mut Importer, x: ValueId, dtype: DType) -> R<ValueId> {
    if im.b.value_type(x).dtype() == dtype {
        return Ok(x);
    }
    e(im.b.cast(x, dtype))
}

/// [b, h, s, d] -> [b, h * reps, s, d], each head `reps` times in a row.
pub(crate) fn repeat_heads(im: &mut Importer, x: ValueId, reps: u64) -> R<ValueId> {
    let t = im.b.tensor_type(x);
    let s = &t.shape;
    let x5 = reshape_value(
        im,
        x,
        &[
            s[0].clone(),
            s[1].clone(),
            Dim::Static(1),
            s[2].clone(),
            s[3].clone(),
        ],
    )?;
    let zeros = Tensor::new(t.dtype, ArrayD::zeros(IxDyn(&[1, 1, reps as usize, 1, 1])));
    let zeros = im.value(&konst(zeros))?;
    let spread = e(im.b.elementwise(ScalarOp::AddF, &[x5, zeros]))?;
    let heads = dims_product([&s[1], &Dim::Static(reps)].into_iter())?;
    reshape_value(
        im,
        spread,
        &[s[0].clone(), heads, s[2].clone(), s[3].clone()],
    )
}

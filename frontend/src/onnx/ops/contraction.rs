//! ONNX contractions: MatMul, Gemm (and their batched and transposed forms).

use crate::onnx::context::{e, float_only, required, Importer, NodeRef, R};
use crate::onnx::shared::contraction::matmul_values;
use crate::onnx::shared::contraction::narrow_to;
use crate::onnx::shared::contraction::wide_accumulator;
use crate::onnx::shared::reshape::transposed;
use crate::syntax::*;

pub(crate) fn matmul(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    let a = im.value(required(n, 0)?)?;
    let b = im.value(required(n, 1)?)?;
    matmul_values(im, a, b)
}

pub(crate) fn gemm(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    for (i, what) in [(0, "A"), (1, "B")] {
        let rank = im.ty(required(n, i)?).rank();
        if rank != 2 {
            return Err(format!(
                "{what} (input #{i}) has rank {rank}; Gemm multiplies two matrices (rank 2)"
            ));
        }
    }
    let a = match n.int("transA", 0) {
        0 => im.value(required(n, 0)?)?,
        _ => transposed(im, required(n, 0)?, &[1, 0])?,
    };
    let b = match n.int("transB", 0) {
        0 => im.value(required(n, 1)?)?,
        _ => transposed(im, required(n, 1)?, &[1, 0])?,
    };
    let (alpha, beta) = (n.float("alpha", 1.0) as f64, n.float("beta", 1.0) as f64);
    let dtype = im.b.value_type(a).dtype();
    float_only(dtype, n)?;
    let p = e(im.b.matmul(a, b, wide_accumulator(dtype)))?;
    let p = narrow_to(im, p, dtype)?;
    let c = match n.input(2) {
        Some(c) if beta != 0.0 => Some(im.value(c)?),
        _ => None,
    };
    if c.is_none() && alpha == 1.0 {
        return Ok(p);
    }
    let pshape = im.b.tensor_type(p).shape;
    if let Some(c) = c {
        // C broadcasts one way, to the (M, N) result.
        let cshape = im.b.tensor_type(c).shape;
        let fits = cshape.len() <= 2
            && cshape
                .iter()
                .rev()
                .zip(pshape.iter().rev())
                .all(|(d, o)| d == o || *d == Dim::Static(1));
        if !fits {
            return Err(format!(
                "C (input #2, {}) does not broadcast to the result {}",
                im.b.tensor_type(c),
                im.b.tensor_type(p)
            ));
        }
    }
    let mut inputs = vec![p];
    inputs.extend(c);
    let has_c = c.is_some();
    // The output keeps the matmul's shape (C broadcasts to it).
    let init = e(im.b.empty(TensorType::new(pshape.clone(), dtype)))?;
    let mut maps: Vec<AffineMap> = inputs
        .iter()
        .map(|&x| crate::builder::broadcast_map(&im.b.tensor_type(x).shape, &pshape))
        .collect();
    maps.push(AffineMap::identity(2));
    let mut args: Vec<DType> = inputs.iter().map(|&x| im.b.value_type(x).dtype()).collect();
    args.push(dtype);
    let mut body = crate::builder::BodyBuilder::new(args);
    let al = body.constant(alpha, dtype);
    let mut v = body.push(ScalarOp::MulF, &[body.argument(0), al], dtype);
    if has_c {
        let be = body.constant(beta, dtype);
        let cb = body.push(ScalarOp::MulF, &[body.argument(1), be], dtype);
        v = body.push(ScalarOp::AddF, &[v, cb], dtype);
    }
    let r = e(im.b.generic(
        &inputs,
        &[init],
        maps,
        vec![IteratorType::Parallel; 2],
        body.yield_values(&[v]),
    ))?;
    Ok(r[0])
}

//! ONNX contractions: MatMul, Gemm (and their batched and transposed forms).

use ndarray::IxDyn;

use super::reshape::reshape_entry;
use crate::interp::Tensor;
use crate::onnx::context::{e, float_only, konst, required, Entry, Importer, NodeRef, R};
use crate::syntax::*;

pub(crate) fn matmul(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    let a = im.value(required(n, 0)?)?;
    let b = im.value(required(n, 1)?)?;
    matmul_values(im, a, b)
}

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

pub(crate) fn dims_product<'a>(dims: impl Iterator<Item = &'a Dim>) -> R<Dim> {
    let mut p = 1u64;
    let mut sym = None;
    for d in dims {
        match d {
            Dim::Static(n) => p *= n,
            Dim::Symbol(_) if sym.is_none() => sym = Some(d.clone()),
            Dim::Symbol(_) => return Err("cannot multiply two symbolic dims".into()),
        }
    }
    match sym {
        None => Ok(Dim::Static(p)),
        Some(s) if p == 1 => Ok(s),
        Some(s) => Err(format!("cannot multiply symbolic dim {s} by {p}")),
    }
}

/// An entry reshaped (on the host when constant) and made an IR value.
pub(crate) fn shaped(im: &mut Importer, x: &Entry, target: &[Dim]) -> R<ValueId> {
    let r = reshape_entry(im, x, target)?;
    im.value(&r)
}

/// Transposes an entry (on the host when constant).
pub(crate) fn transposed(im: &mut Importer, x: &Entry, permutation: &[usize]) -> R<ValueId> {
    match x {
        Entry::Const(c) if c.data.ndim() != permutation.len() => Err(format!(
            "a permutation of {} axes for a rank-{} constant",
            permutation.len(),
            c.data.ndim()
        )),
        Entry::Const(c) => {
            let data = c
                .data
                .clone()
                .permuted_axes(IxDyn(permutation))
                .as_standard_layout()
                .into_owned();
            im.value(&konst(Tensor {
                dtype: c.dtype,
                data,
            }))
        }
        Entry::Value(v) => e(im.b.transpose(*v, permutation)),
    }
}

pub(crate) fn reshape_value(im: &mut Importer, v: ValueId, target: &[Dim]) -> R<ValueId> {
    match reshape_entry(im, &Entry::Value(v), target)? {
        Entry::Value(v) => Ok(v),
        c => im.value(&c),
    }
}

/// Broadcasts the batch dims (all but the last two) of `x` to `batch`.
pub(crate) fn broadcast_batch(im: &mut Importer, x: ValueId, batch: &[Dim]) -> R<ValueId> {
    let t = im.b.tensor_type(x);
    let r = t.rank();
    let mut target = batch.to_vec();
    target.extend_from_slice(&t.shape[r - 2..]);
    if target == t.shape {
        return Ok(x);
    }
    let init = e(im.b.empty(TensorType::new(target.clone(), t.dtype)))?;
    let map = crate::builder::broadcast_map(&t.shape, &target);
    let mut body = crate::builder::BodyBuilder::new(vec![t.dtype, t.dtype]);
    let a = body.argument(0);
    let _ = &mut body;
    let r = e(im.b.generic(
        &[x],
        &[init],
        vec![map, AffineMap::identity(target.len())],
        vec![IteratorType::Parallel; target.len()],
        body.yield_values(&[a]),
    ))?;
    Ok(r[0])
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

//! `linalg.generic`s the op families share: a sum of products over reduced dims, and a gather
//! through an affine map.

use crate::builder::BodyBuilder;
use crate::onnx::context::{e, Importer, R};
use crate::syntax::*;

/// `sum_{reduced dims} product of the inputs`: a `linalg.generic` over `parallel` output dims
/// and `reduced` reduction dims (loop dims in that order), into a zero-filled `out`.
pub(crate) fn sum_of_products(
    im: &mut Importer,
    inputs: &[ValueId],
    maps: Vec<AffineMap>,
    out: TensorType,
    reduced: usize,
) -> R<ValueId> {
    let parallel = out.rank();
    let dims = parallel + reduced;
    let dtype = out.dtype;
    let init = e(im.b.filled(out, 0.0))?;
    let mut maps = maps;
    maps.push(AffineMap {
        num_dims: dims,
        num_symbols: 0,
        results: (0..parallel).map(AffineExpr::Dim).collect(),
    });
    let mut body = BodyBuilder::new(vec![dtype; inputs.len() + 1]);
    let mut p = body.argument(0);
    for i in 1..inputs.len() {
        p = body.push(ScalarOp::MulF, &[p, body.argument(i)], dtype);
    }
    let sum = body.push(ScalarOp::AddF, &[body.argument(inputs.len()), p], dtype);
    let mut iterators = vec![IteratorType::Parallel; parallel];
    iterators.extend(vec![IteratorType::Reduction; reduced]);
    let r =
        e(im.b.generic(inputs, &[init], maps, iterators, body.yield_values(&[sum])))?;
    Ok(r[0])
}

/// A generic producing `out` whose element at `d` is `x[map(d)]`.
pub(crate) fn gather_generic(
    im: &mut Importer,
    x: ValueId,
    out: TensorType,
    map: AffineMap,
) -> R<ValueId> {
    let r = out.rank();
    let dtype = out.dtype;
    let init = e(im.b.empty(out))?;
    let body = BodyBuilder::new(vec![dtype, dtype]);
    let a = body.argument(0);
    let r = e(im.b.generic(
        &[x],
        &[init],
        vec![map, AffineMap::identity(r)],
        vec![IteratorType::Parallel; r],
        body.yield_values(&[a]),
    ))?;
    Ok(r[0])
}

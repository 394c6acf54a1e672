//! Unrolling at import (Loop, Scan, the linear-attention recurrences): the most iterations
//! kiln unrolls, one slice of an entry along an axis, and entries stacked along a new axis.

use ndarray::Axis;

use crate::interp::Tensor;
use crate::onnx::context::{e, konst, Entry, Importer};
use crate::onnx::shared::reshape::reshape_entry;
use crate::syntax::*;

/// The most iterations kiln unrolls.
pub(crate) const MAX_UNROLL: usize = 4096;

pub(crate) fn static_shape(im: &Importer, x: &Entry) -> Result<Vec<u64>, String> {
    let t = im.ty(x);
    t.static_shape()
        .ok_or_else(|| format!("{t} must have a static shape"))
}

/// `x[.., i, ..]` (index `i` of `axis`, the axis removed).
pub(crate) fn take(im: &mut Importer, x: &Entry, axis: usize, i: u64) -> Result<Entry, String> {
    if let Entry::Const(c) = x {
        let t = Tensor::new(
            c.dtype,
            c.data.index_axis(Axis(axis), i as usize).to_owned(),
        );
        return Ok(konst(t));
    }
    let shape = static_shape(im, x)?;
    let mut offsets = vec![0; shape.len()];
    offsets[axis] = i;
    let mut sizes = shape.clone();
    sizes[axis] = 1;
    let v = im.value(x)?;
    let s =
        e(im.b.extract_slice(v, &offsets, &sizes, &vec![1; shape.len()]))?;
    let mut out: Vec<Dim> = shape.iter().map(|&d| Dim::Static(d)).collect();
    out.remove(axis);
    reshape_entry(im, &Entry::Value(s), &out)
}

/// The items stacked along a new dim `axis`.
pub(crate) fn stack(im: &mut Importer, items: &[Entry], axis: usize) -> Result<Entry, String> {
    let first = items.first().ok_or("nothing to stack")?;
    let t = im.ty(first);
    if items.iter().any(|x| im.ty(x) != t) {
        return Err(format!(
            "the iterations' scan outputs differ in type (the first is {t})"
        ));
    }
    if items.iter().all(|x| matches!(x, Entry::Const(_))) {
        let views: Vec<_> = items
            .iter()
            .map(|x| match x {
                Entry::Const(c) => c.data.view(),
                Entry::Value(_) => unreachable!("all constants"),
            })
            .collect();
        let data = ndarray::stack(Axis(axis), &views).map_err(|e| e.to_string())?;
        return Ok(konst(Tensor::new(t.dtype, data)));
    }
    let mut shape = t.shape.clone();
    shape.insert(axis, Dim::Static(1));
    let mut values = Vec::new();
    for x in items {
        let r = reshape_entry(im, x, &shape)?;
        values.push(im.value(&r)?);
    }
    if values.len() == 1 {
        return Ok(Entry::Value(values[0]));
    }
    Ok(Entry::Value(e(im.b.concat(&values, axis))?))
}

//! Reshapes the op families share: an entry or value to new dims (`tensor.collapse_shape` /
//! `expand_shape` where the dims group, else `tensor.reshape`; on the host for a constant),
//! transposes, and batch broadcasts.

use ndarray::IxDyn;

use crate::interp::Tensor;
use crate::onnx::context::{e, konst, Entry, Importer, R};
use crate::syntax::*;

/// Groups the dims of `long` so that group j multiplies to `short[j]` (a symbolic dim must sit
/// alone in its group, next to static 1s).
pub(crate) fn group_dims(long: &[Dim], short: &[Dim]) -> Option<Vec<Vec<usize>>> {
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut i = 0;
    for d in short {
        let mut g = Vec::new();
        match d {
            Dim::Symbol(_) => loop {
                let x = long.get(i)?;
                g.push(i);
                i += 1;
                if x == d {
                    break;
                }
                if *x != Dim::Static(1) {
                    return None;
                }
            },
            Dim::Static(target) => {
                let mut p = 1u64;
                loop {
                    match long.get(i)? {
                        Dim::Static(m) => p *= m,
                        Dim::Symbol(_) => return None,
                    }
                    g.push(i);
                    i += 1;
                    if p == *target {
                        break;
                    }
                    if p > *target && *target != 0 {
                        return None;
                    }
                }
            }
        }
        groups.push(g);
    }
    while i < long.len() {
        if long[i] != Dim::Static(1) {
            return None;
        }
        groups.last_mut()?.push(i);
        i += 1;
    }
    Some(groups)
}

/// Reshapes an entry to `target` dims (constants on the host; values by collapse/expand).
pub(crate) fn reshape_entry(im: &mut Importer, x: &Entry, target: &[Dim]) -> R<Entry> {
    let t = im.ty(x);
    if t.shape == target {
        return Ok(x.clone());
    }
    if let Entry::Const(c) = x {
        let shape: Option<Vec<usize>> = target
            .iter()
            .map(|d| d.as_static().map(|n| n as usize))
            .collect();
        let shape = shape.ok_or("symbolic reshape of a constant")?;
        let data = c
            .data
            .as_standard_layout()
            .into_owned()
            .into_shape_with_order(IxDyn(&shape))
            .map_err(|e| e.to_string())?;
        return Ok(konst(Tensor {
            dtype: c.dtype,
            data,
        }));
    }
    let v = im.value(x)?;
    if let (Some(_), Some(s)) = (
        t.static_shape(),
        target
            .iter()
            .map(Dim::as_static)
            .collect::<Option<Vec<u64>>>(),
    ) {
        return Ok(Entry::Value(e(im.b.reshape(v, &s))?));
    }
    if target.len() < t.rank() {
        if let Some(g) = group_dims(&t.shape, target) {
            return Ok(Entry::Value(e(im.b.collapse_shape(v, g))?));
        }
    } else if target.len() > t.rank() {
        if let Some(g) = group_dims(target, &t.shape) {
            return Ok(Entry::Value(e(im.b.expand_shape(v, g, target.to_vec()))?));
        }
    }
    Err(format!(
        "reshape of {t} to [{}] with symbolic dims is not supported",
        target
            .iter()
            .map(|d| d.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    ))
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

//! Reshape-like ONNX ops: Reshape, Flatten, Squeeze / Unsqueeze, and the reshape of an entry to
//! a target shape (`tensor.collapse_shape` / `expand_shape` where the dims group, else through a
//! flat collapse and an expand).

use ndarray::IxDyn;

use crate::interp::Tensor;
use crate::onnx::context::{
    const_ints, e, konst, norm_axis, required, Entry, Importer, NodeRef, R,
};
use crate::syntax::*;

/// Groups the dims of `long` so that group j multiplies to `short[j]` (a symbolic dim must sit
/// alone in its group, next to static 1s).
pub(super) fn group_dims(long: &[Dim], short: &[Dim]) -> Option<Vec<Vec<usize>>> {
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

pub(crate) fn flatten(im: &mut Importer, n: &NodeRef) -> R<Entry> {
    let x = required(n, 0)?;
    let t = im.ty(x);
    let r = t.rank();
    let axis = n.int("axis", 1);
    let axis = if axis < 0 { axis + r as i64 } else { axis };
    if axis < 0 || axis as usize > r {
        return Err(format!("axis {axis} out of range for rank {r}"));
    }
    let axis = axis as usize;
    let product = |dims: &[Dim]| -> R<Dim> {
        let syms: Vec<&Dim> = dims
            .iter()
            .filter(|d| matches!(d, Dim::Symbol(_)))
            .collect();
        let p: u64 = dims.iter().filter_map(Dim::as_static).product();
        match syms.as_slice() {
            [] => Ok(Dim::Static(p)),
            [s] if p == 1 => Ok((*s).clone()),
            _ => Err(format!("cannot flatten symbolic dims of {t}")),
        }
    };
    let target = vec![product(&t.shape[..axis])?, product(&t.shape[axis..])?];
    reshape_entry(im, x, &target)
}

pub(crate) fn reshape_node(im: &mut Importer, n: &NodeRef) -> R<Entry> {
    let x = required(n, 0)?;
    let t = im.ty(x);
    let spec = if im.opset >= 5 {
        const_ints(n, 1, "the shape")?.ok_or("missing shape input")?
    } else {
        n.ints("shape").unwrap_or_default()
    };
    let allow_zero = im.opset >= 14 && n.int("allowzero", 0) != 0;
    let mut target: Vec<Option<Dim>> = Vec::new();
    for (i, &s) in spec.iter().enumerate() {
        target.push(match s {
            0 if !allow_zero => Some(
                t.shape
                    .get(i)
                    .cloned()
                    .ok_or("shape copies a dim past the input rank")?,
            ),
            -1 => None,
            s if s < 0 => return Err(format!("invalid shape entry {s}")),
            s => Some(Dim::Static(s as u64)),
        });
    }
    if target.iter().filter(|d| d.is_none()).count() > 1 {
        return Err("more than one -1 in the shape".into());
    }
    let resolved: Vec<Dim> = if let Some(pos) = target.iter().position(Option::is_none) {
        let total = t
            .num_elements()
            .ok_or_else(|| format!("-1 in a reshape of {t} with symbolic dims"))?;
        let known: u64 = target
            .iter()
            .flatten()
            .map(|d| d.as_static().unwrap_or(1))
            .product();
        if known == 0 || total % known != 0 {
            return Err(format!(
                "cannot infer the -1 dim: {total} elements, known product {known}"
            ));
        }
        let mut r: Vec<Dim> = target
            .iter()
            .map(|d| d.clone().unwrap_or(Dim::Static(0)))
            .collect();
        r[pos] = Dim::Static(total / known);
        r
    } else {
        target.into_iter().flatten().collect()
    };
    reshape_entry(im, x, &resolved)
}

pub(crate) fn squeeze(im: &mut Importer, n: &NodeRef) -> R<Entry> {
    let x = required(n, 0)?;
    let t = im.ty(x);
    let axes = if im.opset >= 13 {
        const_ints(n, 1, "axes")?
    } else {
        n.ints("axes")
    };
    let mut shape = t.shape.clone();
    if n.op_type == "Squeeze" {
        let r = shape.len();
        let axes: Vec<usize> = match axes {
            Some(a) => a.iter().map(|&a| norm_axis(a, r)).collect::<R<_>>()?,
            None => (0..r).filter(|&i| shape[i] == Dim::Static(1)).collect(),
        };
        for &a in &axes {
            if shape[a] != Dim::Static(1) {
                return Err(format!("cannot squeeze dim {a} of {t}: not 1"));
            }
        }
        shape = (0..r)
            .filter(|i| !axes.contains(i))
            .map(|i| shape[i].clone())
            .collect();
    } else {
        let axes = axes.ok_or("Unsqueeze needs axes")?;
        let r = shape.len() + axes.len();
        let mut axes: Vec<usize> = axes.iter().map(|&a| norm_axis(a, r)).collect::<R<_>>()?;
        axes.sort();
        if axes.windows(2).any(|w| w[0] == w[1]) {
            return Err(format!("Unsqueeze axes {axes:?} repeat an axis"));
        }
        for a in axes {
            shape.insert(a, Dim::Static(1));
        }
    }
    reshape_entry(im, x, &shape)
}

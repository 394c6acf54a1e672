//! Reshape-like ONNX ops: Reshape, Flatten, Squeeze / Unsqueeze, and the reshape of an entry to
//! a target shape (`tensor.collapse_shape` / `expand_shape` where the dims group, else through a
//! flat collapse and an expand).

use crate::onnx::context::{const_ints, norm_axis, required, Entry, Importer, NodeRef, R};
use crate::onnx::shared::reshape::reshape_entry;
use crate::syntax::*;

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

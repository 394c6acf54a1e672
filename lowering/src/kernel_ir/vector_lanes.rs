//! Four-lane code for one straight-line block ([`vectorize_lanes`]): the rewrite `vectorize`
//! applies to loops, for a single block, used by the row strategies of `lower-to-kernels`.

use super::walk::remap;
use super::{self as k, KernelBuilder, Stmt, Type};
use std::collections::HashMap;

/// Lanes of a vector access: 128 bits of 32-bit elements.
pub const LANES: u8 = 4;

/// Re-emits `block`, straight-line scalar code computing values at innermost index `inner`, as
/// 4-lane code for the consecutive indices `base .. base + 4` (`base` a multiple of 4). Used by
/// the row strategies of `lower-to-kernels` to load a row chunk with one vector load whatever
/// the fused producers compute.
///
/// A view load whose last index is `inner` becomes a vec4 load at `base` when the view's
/// innermost stride is 1 and its other strides and offset are multiples of 4 (the vec4 binding
/// rule of `legalize`), or stays one scalar load when the innermost stride is 0 (a broadcast);
/// values depending on vector loads become vectors; everything else stays scalar and is splatted
/// where a vector needs it. Returns each old value's new value and whether it is a vector, or
/// `None`, emitting nothing, when the block does not fit: a statement other than `Let`, `inner`
/// used other than as the last index of a view load, an allocation load, a misaligned view, or
/// a binding stored as booleans / bytes.
pub fn vectorize_lanes(
    b: &mut KernelBuilder,
    block: &k::Block,
    inner: k::Value,
    base: k::Value,
) -> Option<HashMap<k::Value, (k::Value, bool)>> {
    vectorize_lanes_with(b, block, inner, base, &HashMap::new())
}

/// [`vectorize_lanes`] where the block also reads values defined outside it that stand for one
/// lane of vectors the caller already has (`given`: scalar -> its 4-lane vector, e.g. a
/// register tile's accumulators). A view load may also index `inner` at a dimension followed
/// only by unit dimensions indexed by constant zeros (a `[C, 1, 1]` bias): it reads through a
/// view without them.
pub fn vectorize_lanes_with(
    b: &mut KernelBuilder,
    block: &k::Block,
    inner: k::Value,
    base: k::Value,
    given: &HashMap<k::Value, k::Value>,
) -> Option<HashMap<k::Value, (k::Value, bool)>> {
    // The view loads that read along `inner`: whether each is a vector (stride 1), and the
    // dimension `inner` indexes when unit dimensions follow it.
    let mut along: HashMap<k::Value, (bool, Option<usize>)> = HashMap::new();
    // Values computed from vector loads: an index computed from one (a gather's) would need one
    // load per lane, so such a block is not vectorized.
    let mut lanes_vary: std::collections::HashSet<k::Value> = given.keys().copied().collect();
    let mut zeros: std::collections::HashSet<k::Value> = std::collections::HashSet::new();
    for stmt in &block.stmts {
        let Stmt::Let { result, op } = stmt else {
            return None;
        };
        if matches!(op, k::Op::Constant(k::Literal::Int(0))) {
            zeros.insert(*result);
        }
        if op.operands().iter().any(|o| lanes_vary.contains(o)) {
            if matches!(op, k::Op::Load { .. }) {
                return None;
            }
            lanes_vary.insert(*result);
        }
        match op {
            k::Op::Load {
                place: k::Place::View(view),
                indices,
            } => {
                let Some(at) = indices.iter().position(|&i| i == inner) else {
                    continue;
                };
                lanes_vary.insert(*result);
                let v = &b.kernel.views[view.0 as usize];
                let trailing_units = indices[at + 1..]
                    .iter()
                    .zip(&v.shape[at + 1..])
                    .all(|(i, n)| zeros.contains(i) && n.is_const(1));
                if !trailing_units {
                    return None;
                }
                let trim = (at + 1 < indices.len()).then_some(at);
                let element = b.kernel.bindings[v.binding.0 as usize].element;
                if !matches!(
                    element,
                    k::ScalarType::F32 | k::ScalarType::F16 | k::ScalarType::I32
                ) {
                    return None;
                }
                if v.strides[at].is_const(0) {
                    along.insert(*result, (false, trim));
                    continue;
                }
                let aligned = v.strides[at].is_const(1)
                    && v.strides[..at]
                        .iter()
                        .all(|s| s.as_const().is_some_and(|c| c % 4 == 0))
                    && v.offset.as_const().is_some_and(|c| c % 4 == 0);
                if !aligned {
                    return None;
                }
                along.insert(*result, (true, trim));
            }
            k::Op::Load { .. } => return None,
            other => {
                if other.operands().contains(&inner) {
                    return None;
                }
            }
        }
    }
    let scalar = |t: Type| match t {
        Type::Scalar(s) | Type::Vector(s, _) => s,
        Type::Matrix(m) => m.element,
    };
    let mut map: HashMap<k::Value, (k::Value, bool)> = HashMap::new();
    map.insert(inner, (base, false));
    for (&scalar, &vector) in given {
        map.insert(scalar, (vector, true));
    }
    for stmt in &block.stmts {
        let Stmt::Let { result, op } = stmt else {
            unreachable!("checked above: straight-line code");
        };
        let ty = b.type_of(*result);
        if let (Some(&(vector, trim)), k::Op::Load { place, indices }) = (along.get(result), op) {
            let mut idx: Vec<k::Value> = indices
                .iter()
                .map(|i| map.get(i).map(|x| x.0).unwrap_or(*i))
                .collect();
            let mut place = *place;
            if let (Some(at), k::Place::View(view)) = (trim, place) {
                let v = b.kernel.views[view.0 as usize].clone();
                let trimmed = k::BufferView {
                    binding: v.binding,
                    offset: v.offset,
                    shape: v.shape[..=at].to_vec(),
                    strides: v.strides[..=at].to_vec(),
                };
                let existing = b.kernel.views.iter().position(|x| *x == trimmed);
                place = k::Place::View(match existing {
                    Some(i) => k::ViewId(i as u32),
                    None => b.add_view(trimmed),
                });
                idx.truncate(at + 1);
            }
            let ty = if vector {
                Type::Vector(scalar(ty), LANES)
            } else {
                ty
            };
            let x = b.load(ty, place, idx);
            map.insert(*result, (x, vector));
            continue;
        }
        let any_vector = op
            .operands()
            .iter()
            .any(|o| map.get(o).is_some_and(|x| x.1));
        let new_op = remap(op, &mut |v| match map.get(&v).copied() {
            Some((nv, true)) => nv,
            Some((_, false)) | None if any_vector => {
                let nv = map.get(&v).map(|x| x.0).unwrap_or(v);
                let s = scalar(b.type_of(nv));
                b.let_op(Type::Vector(s, LANES), k::Op::Splat { arg: nv })
            }
            Some((nv, false)) => nv,
            None => v,
        });
        let out = if any_vector {
            Type::Vector(scalar(ty), LANES)
        } else {
            ty
        };
        let x = b.let_op(out, new_op);
        map.insert(*result, (x, any_vector));
    }
    Some(map)
}

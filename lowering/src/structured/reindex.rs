//! The re-indexing between a reduction root's result and the value its fused epilogue stores.
//!
//! An epilogue usually reads the root's result `v` at its own output point (bias, batch norm,
//! activation: identity maps all the way down). A reshape between them is a pure re-indexing
//! of the same elements: a grouped conv computes `[N, G, F/G, H, W]` and the batch norm after
//! it reads the `collapse_shape` `[N, F, H, W]`; a matmul's `[B*S, N]` is expanded to
//! `[B, S, N]` before its bias. So is a generic that reads its operand through a permutation of
//! its loop dims (a transpose, such as ShuffleNet's channel shuffle after its batch norm). A
//! chain of those maps every point of `v` to exactly one point of the stored value, so the
//! kernel can finish each output point of the root where it stands: map the point forward
//! through the chain ([`Reindex`] steps, root side first) and store the epilogue's value
//! there. Anything else between (a pad, a concat, a gather, a broadcast or a window read) is
//! not a bijection and keeps the epilogue out.

use crate::partition::{DispatchRegion, RegionKind};
use kiln_frontend::*;
use std::collections::HashSet;

/// One re-indexing on the way from a root's result to its epilogue's stored value.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Reindex {
    /// A `tensor.collapse_shape`: each group of its operand's indices linearized (row-major).
    Collapse(OpId),
    /// A `tensor.expand_shape`: each operand index split over its group (row-major).
    Expand(OpId),
    /// An all-parallel generic reading `operand` through a permutation of its loop dims other
    /// than its init's (also a permutation).
    Permute { op: OpId, operand: usize },
}

/// The loop dims a map reads, when it reads each loop dim of `num_dims` exactly once.
fn permutation(map: &AffineMap) -> Option<Vec<usize>> {
    let dims = map.as_projection()?;
    let mut sorted = dims.clone();
    sorted.sort_unstable();
    (map.num_dims == dims.len() && sorted == (0..dims.len()).collect::<Vec<_>>()).then_some(dims)
}

/// The re-indexing steps (root side first) by which evaluating `epilogue_root` at its output
/// point reads `v`, when every read of `v` through the ops of `region` (the epilogue's ops;
/// `v`'s producer is not among them) takes the same bijective chain: `Some(vec![])` when all
/// reads are at the output point itself (identity maps), `None` when some read of `v` is
/// elsewhere (a broadcast, a window, a pad, a concat) or two reads disagree.
pub fn epilogue_reindexing(
    function: &Function,
    region: &HashSet<OpId>,
    epilogue_root: OpId,
    v: ValueId,
) -> Option<Vec<Reindex>> {
    // (op, the steps from the stored point down to this op's output point; None: not a
    // bijection of the stored point)
    let mut stack: Vec<(OpId, Option<Vec<Reindex>>)> = vec![(epilogue_root, Some(Vec::new()))];
    let mut seen = HashSet::new();
    let mut found: Option<Vec<Reindex>> = None;
    while let Some((op_id, steps)) = stack.pop() {
        if !seen.insert((op_id, steps.clone())) {
            continue;
        }
        let op = &function.ops[op_id];
        for (i, &operand) in op.operands.iter().enumerate() {
            let next = steps.as_ref().and_then(|steps| {
                let step = match &op.kind {
                    OpKind::Generic(g)
                        if op.results.len() == 1
                            && g.iterator_types
                                .iter()
                                .all(|t| *t == IteratorType::Parallel) =>
                    {
                        let init = permutation(g.indexing_maps.get(g.num_inputs)?)?;
                        let read = permutation(g.indexing_maps.get(i)?)?;
                        if read == init {
                            None
                        } else {
                            Some(Reindex::Permute {
                                op: op_id,
                                operand: i,
                            })
                        }
                    }
                    OpKind::CollapseShape { .. } => Some(Reindex::Collapse(op_id)),
                    OpKind::ExpandShape { .. } => Some(Reindex::Expand(op_id)),
                    _ => return None,
                };
                let mut steps = steps.clone();
                steps.extend(step);
                Some(steps)
            });
            if operand == v {
                let mut forward = next?;
                forward.reverse();
                match &found {
                    Some(earlier) if *earlier != forward => return None,
                    _ => found = Some(forward),
                }
            } else if let Some(def) = function.defining_op(operand) {
                if region.contains(&def) {
                    stack.push((def, next));
                }
            }
        }
    }
    // `v` not read at all: nothing to map (the fusion rules never ask for such a region).
    Some(found.unwrap_or_default())
}

/// [`epilogue_reindexing`] of a region's fused epilogue: from the result of a reduction
/// region's root, or of an attention region's second contraction (`P V`, the last reduction in
/// the body), to the stored value; empty for any other region, or one whose epilogue reads the
/// result in place.
pub fn region_epilogue_reindexing(function: &Function, region: &DispatchRegion) -> Vec<Reindex> {
    let Some(epilogue_root) = region.epilogue_root else {
        return Vec::new();
    };
    let root = match region.kind {
        RegionKind::Reduction => region.root,
        RegionKind::Attention => {
            let reduces = |o: &OpId| match &function.ops[*o].kind {
                OpKind::Generic(g) => g.iterator_types.contains(&IteratorType::Reduction),
                _ => false,
            };
            match region.ops.iter().rev().find(|o| reduces(o)) {
                Some(&context) => context,
                None => return Vec::new(),
            }
        }
        _ => return Vec::new(),
    };
    let &[v] = &function.ops[root].results[..] else {
        return Vec::new();
    };
    if epilogue_root == root {
        return Vec::new();
    }
    let ops: HashSet<OpId> = region.ops.iter().copied().filter(|&o| o != root).collect();
    epilogue_reindexing(function, &ops, epilogue_root, v).unwrap_or_default()
}

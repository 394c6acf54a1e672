//! Attention in one dispatch: the regions of `S = Q K^T`, of the softmax of `S` (whose
//! prologue holds the scale and the mask) and of `O = P V` (with the elementwise regions
//! between the softmax and `P V`: `--precision f16`'s cast of the probabilities) become one
//! [`RegionKind::Attention`] region, whose kernel keeps a block of score rows in shared memory
//! (`lower_to_kernels/attention.rs`).
//!
//! The pattern, checked on the ops, not on how an exporter spells it: a contraction whose maps
//! make it a batched `Q K^T` (one row, one column, one reduced dim, batch dims shared; its
//! operands' producers, slices / transposes / reshapes of a projection, stay fused), elementwise
//! generics that read the scores (and what is computed from them) only at their own point
//! while reading anything else through any map (a mask broadcast over heads and rows), a
//! `linalg.softmax` over the key dim, and a contraction reading the probabilities (or an
//! elementwise op of them at their point) as its lhs with the key dim reduced
//! (`kernel_config::attention::attention_chain`). Every value between the two contractions is
//! read only inside the chain and is no function result. The region is formed only where
//! `kernel_config::attention::choose_attention_config` configures its kernel for the target
//! (GPUs whose shared memory holds a block of score rows) and the binding budget and
//! `MAX_REGION_OPS` allow; anything else keeps its three regions.

use super::regions::{absorb, ops_by_region, Regions};
use crate::kernel_config::attention::{
    attention_chain, choose_attention_config, scores_layout, shape_sizes, static_batch,
};
use crate::partition::{body_arguments_used, RegionKind};
use crate::size_expr::SizeExpr;
use crate::target::LoweringTarget;
use kiln_frontend::*;
use std::collections::{HashMap, HashSet};

/// The scores' layout: queries, keys (static or symbolic) and static batch elements (see
/// `attention::scores_layout`).
#[derive(Clone)]
struct Layout {
    queries: SizeExpr,
    keys: SizeExpr,
    batches: i64,
}

impl Layout {
    fn of(function: &Function, v: ValueId) -> Option<Layout> {
        let shape = shape_sizes(function, v)?;
        let rank = shape.len();
        if rank < 2 {
            return None;
        }
        Some(Layout {
            queries: shape[rank - 2].clone(),
            keys: shape[rank - 1].clone(),
            batches: static_batch(&shape)?.iter().product(),
        })
    }
    fn holds(&self, function: &Function, v: ValueId) -> bool {
        shape_sizes(function, v)
            .is_some_and(|s| scores_layout(&s, &self.queries, &self.keys, self.batches))
    }
}

/// Whether `op`, which reads a value of `chain` (values computed from the scores), keeps the
/// scores' elements in place: an all-parallel generic whose result has the scores' layout,
/// reading every operand of `chain` at its own point (and anything else through any map), or
/// a reshape to the scores' layout (which keeps the row-major order).
fn keeps_elements(function: &Function, op: &Op, chain: &HashSet<ValueId>, layout: &Layout) -> bool {
    let [result] = op.results[..] else {
        return false;
    };
    if !layout.holds(function, result) {
        return false;
    }
    let g = match &op.kind {
        OpKind::ExpandShape { .. } | OpKind::CollapseShape { .. } => return true,
        OpKind::Generic(g) => g,
        _ => return false,
    };
    let rank = g.iterator_types.len();
    let identity = |m: &AffineMap| m.as_projection() == Some((0..rank).collect());
    let used = body_arguments_used(&g.body);
    g.iterator_types
        .iter()
        .all(|t| *t == IteratorType::Parallel)
        && identity(&g.indexing_maps[g.num_inputs])
        && op.operands.iter().enumerate().all(|(j, v)| {
            !chain.contains(v)
                || (j < g.num_inputs && !used.contains(&(j as u32)))
                || identity(&g.indexing_maps[j])
        })
}

/// Merges the attention chains of the partition (see the module docs); `users` and `results`
/// as in `fusion::partition`.
pub(super) fn merge_attentions(
    function: &Function,
    users: &HashMap<ValueId, Vec<OpId>>,
    results: &HashSet<ValueId>,
    budget: usize,
    target: &LoweringTarget,
    state: Regions<'_>,
) {
    let Regions {
        regions,
        region_of,
        region_sizes,
        region_reads,
        region_outputs,
        max_ops,
    } = state;
    let mut ops_of = ops_by_region(function, region_of, regions.len());
    let stored = |regions: &[(RegionKind, OpId, Option<OpId>)], r: usize| {
        let (_, root, epilogue) = regions[r];
        function.ops[epilogue.unwrap_or(root)].results.clone()
    };
    for softmax_region in 0..regions.len() {
        let (kind, softmax, epilogue) = regions[softmax_region];
        if kind != RegionKind::Softmax || epilogue.is_some() || ops_of[softmax_region].is_empty() {
            continue;
        }
        let Some(found) = find_attention(
            function,
            users,
            results,
            regions,
            region_of,
            &ops_of,
            softmax_region,
            softmax,
        ) else {
            continue;
        };
        let Attention {
            scores_region,
            members,
            context_region,
            context,
            reread,
        } = found;
        // The chain must also fit the target, the binding budget and the region size.
        let Some(chain) = attention_chain(function, regions[scores_region].1, softmax, context)
        else {
            continue;
        };
        match choose_attention_config(&chain, target) {
            Some(c) if c.matrix.is_some() || !reread => {}
            _ => continue,
        }
        let all: Vec<usize> = std::iter::once(scores_region)
            .chain(members.iter().copied())
            .collect();
        let internal: HashSet<ValueId> = all
            .iter()
            .filter(|&&r| r != context_region)
            .flat_map(|&r| stored(regions, r))
            .collect();
        let reads: HashSet<ValueId> = all
            .iter()
            .flat_map(|&r| region_reads[r].iter().copied())
            .filter(|v| !internal.contains(v))
            .collect();
        let size: usize = all.iter().map(|&r| region_sizes[r]).sum();
        if reads.len() + region_outputs[context_region] > budget || size > max_ops {
            continue;
        }
        let (_, context_root, context_epilogue) = regions[context_region];
        absorb(
            region_of,
            region_sizes,
            &mut ops_of,
            scores_region,
            &members,
        );
        region_sizes[scores_region] = size;
        region_reads[scores_region] = reads;
        region_outputs[scores_region] = region_outputs[context_region];
        regions[scores_region] = (
            RegionKind::Attention,
            regions[scores_region].1,
            Some(context_epilogue.unwrap_or(context_root)),
        );
    }
}

/// A chain found around a softmax region: the scores' region, the other regions it merges
/// (the softmax's, the casts', the context's), the context's region and its root.
struct Attention {
    scores_region: usize,
    members: Vec<usize>,
    context_region: usize,
    context: OpId,
    /// Whether an elementwise region between the softmax and the context reads a value of the
    /// chain more than once (formed only for the tensor-core kernel: the SIMT kernel against
    /// three dispatches is unmeasured on those models).
    reread: bool,
}

/// The regions of the attention chain through the softmax region `softmax_region` (root
/// `softmax`), if its structure matches (see the module docs; the shapes and maps of the two
/// contractions are checked by `attention_chain`).
#[allow(clippy::too_many_arguments)]
fn find_attention(
    function: &Function,
    users: &HashMap<ValueId, Vec<OpId>>,
    results: &HashSet<ValueId>,
    regions: &[(RegionKind, OpId, Option<OpId>)],
    region_of: &HashMap<OpId, usize>,
    ops_of: &[Vec<OpId>],
    softmax_region: usize,
    softmax: OpId,
) -> Option<Attention> {
    let stored_value = |r: usize| -> Option<ValueId> {
        let (_, root, epilogue) = regions[r];
        match function.ops[epilogue.unwrap_or(root)].results[..] {
            [v] => Some(v),
            _ => None,
        }
    };
    // Read only by ops of `region` (and no function result).
    let read_only_in = |v: ValueId, region: usize| {
        !results.contains(&v)
            && users
                .get(&v)
                .is_some_and(|us| us.iter().all(|u| region_of.get(u) == Some(&region)))
    };
    let softmax_input = function.ops[softmax].operands[0];
    // The scores' region: a contraction region whose one stored value the softmax region reads.
    let mut candidates: Vec<usize> = ops_of[softmax_region]
        .iter()
        .flat_map(|&o| function.ops[o].operands.iter())
        .filter_map(|v| function.defining_op(*v))
        .filter_map(|d| region_of.get(&d).copied())
        .filter(|&r| r != softmax_region && regions[r].0 == RegionKind::Reduction)
        .collect();
    candidates.dedup();
    for scores_region in candidates {
        let scores = regions[scores_region].1;
        let Some(stored) = stored_value(scores_region) else {
            continue;
        };
        if function.ops[scores].results.len() != 1 || !read_only_in(stored, softmax_region) {
            continue;
        }
        let Some(layout) = Layout::of(function, function.ops[scores].results[0]) else {
            continue;
        };
        // The values computed from the scores, through both regions in body order: each op
        // reading one reads it at its point (the softmax reads the last).
        let mut chain: HashSet<ValueId> = HashSet::from([function.ops[scores].results[0]]);
        let mut ok = true;
        let mut ops: Vec<OpId> = ops_of[scores_region]
            .iter()
            .chain(&ops_of[softmax_region])
            .copied()
            .collect();
        let position: HashMap<OpId, usize> = function
            .body
            .iter()
            .enumerate()
            .map(|(i, &o)| (o, i))
            .collect();
        ops.sort_by_key(|o| position[o]);
        for &o in &ops {
            let op = &function.ops[o];
            if o == scores || !op.operands.iter().any(|v| chain.contains(v)) {
                continue;
            }
            if o == softmax {
                continue;
            }
            if !keeps_elements(function, op, &chain, &layout) {
                ok = false;
                break;
            }
            chain.extend(op.results.iter().copied());
        }
        if !ok || !chain.contains(&softmax_input) {
            continue;
        }
        // From the probabilities to the context: elementwise regions of single ops at their
        // point (casts), then the contraction reading the last as its lhs.
        let mut value = function.ops[softmax].results[0];
        let mut members = vec![softmax_region];
        let mut reread = false;
        let context_region = loop {
            // (An elementwise region may read the value several times: BERT's and GPT-2's
            // `Where(IsNaN(p), 0, p)`.)
            let value_users = users.get(&value).map(Vec::as_slice).unwrap_or(&[]);
            let Some(&user) = value_users.first() else {
                break None;
            };
            if results.contains(&value) {
                break None;
            }
            let region = *region_of.get(&user)?;
            let one_user = value_users.len() == 1;
            reread |= !one_user;
            if !value_users
                .iter()
                .all(|u| region_of.get(u) == Some(&region))
            {
                break None;
            }
            match regions[region].0 {
                RegionKind::Elementwise => {
                    // Every op reading the chain keeps its elements in place (a reshape and a
                    // cast), and the region stores a value of the chain.
                    let mut inner = HashSet::from([value]);
                    for &o in &ops_of[region] {
                        let op = &function.ops[o];
                        if op.operands.iter().any(|v| inner.contains(v)) {
                            if !keeps_elements(function, op, &inner, &layout) {
                                return None;
                            }
                            inner.extend(op.results.iter().copied());
                        }
                    }
                    let stored = stored_value(region).filter(|v| inner.contains(v))?;
                    members.push(region);
                    value = stored;
                }
                // Reshapes of the probabilities fused into the context's region, then the
                // context reading the last as its lhs.
                RegionKind::Reduction
                    if one_user
                        && matches!(
                            function.ops[user].kind,
                            OpKind::ExpandShape { .. } | OpKind::CollapseShape { .. }
                        )
                        && keeps_elements(
                            function,
                            &function.ops[user],
                            &HashSet::from([value]),
                            &layout,
                        ) =>
                {
                    value = function.ops[user].results[0];
                    if !read_only_in(value, region) {
                        break None;
                    }
                }
                RegionKind::Reduction
                    if one_user
                        && regions[region].1 == user
                        && function.ops[user].operands[0] == value
                        && function.ops[user].operands[1..].iter().all(|v| *v != value) =>
                {
                    break Some(region);
                }
                _ => break None,
            }
        };
        let Some(context_region) = context_region else {
            continue;
        };
        members.push(context_region);
        return Some(Attention {
            scores_region,
            members,
            context_region,
            context: regions[context_region].1,
            reread,
        });
    }
    None
}

//! Row chains: regions merged into one [`RegionKind::RowChain`] dispatch when all their work
//! is on the same rows: reductions over the innermost dim of a `[rows.., n]` tensor and
//! elementwise ops whose values are whole rows (`[rows.., n]`) or one value per row (`[rows..]`,
//! `[rows.., 1]`), the other operands (per-column scale and bias, ...) read from buffers. A
//! LayerNorm (mean, `x - mean`, variance, normalize: four regions after the rules of
//! `fusion`) or an RMSNorm (mean of squares, normalize: two) becomes one kernel that keeps the
//! per-row values in registers (`lower_to_kernels/row_chain.rs`).
//!
//! A chain starts at a row-reduction region (in body order) and takes, one at a time, the
//! compatible regions reading a value of the chain; the largest such prefix that stores a single
//! whole-row value, reads every value of the chain at the point it is computed (rows aligned:
//! identity maps, a per-row value broadcast along the row) and reads nothing computed from the
//! chain's own outputs (no cycle) becomes the chain; then the elementwise regions whose values
//! only the chain reads join it (an f16 input's conversion to f32). It holds at most
//! [`ROW_CHAIN_MAX_REDUCTIONS`] reductions, `fusion::MAX_REGION_OPS` ops and the binding budget.
//!
//! Not handled: per-row values stored as outputs (LayerNorm's optional `Mean` output keeps
//! today's regions), reductions over other dims, a row of static length 1.

use super::regions::{absorb, ops_by_region, Regions};
use crate::partition::{body_arguments_used, classify, OpClass, RegionKind};
use crate::structured::recognize_combiner;
use kiln_frontend::*;
use std::collections::{HashMap, HashSet};

/// The most reductions one chain computes (a LayerNorm has two): a longer chain of norms is cut
/// so that the streamed kernel, which recomputes whole-row values in every pass, stays small.
pub const ROW_CHAIN_MAX_REDUCTIONS: usize = 4;

/// The rows of a chain: `[rows.., n]` whole rows.
struct Rows<'f> {
    rows: &'f [Dim],
    n: &'f Dim,
}

impl Rows<'_> {
    fn whole(&self, shape: &[Dim]) -> bool {
        shape.len() == self.rows.len() + 1
            && shape[..self.rows.len()] == *self.rows
            && shape[self.rows.len()] == *self.n
    }
    fn per_row(&self, shape: &[Dim]) -> bool {
        shape == self.rows
            || (shape.len() == self.rows.len() + 1
                && shape[..self.rows.len()] == *self.rows
                && shape[self.rows.len()] == Dim::Static(1))
    }
}

fn shape_of(function: &Function, v: ValueId) -> Option<&[Dim]> {
    function.values[v].ty.as_tensor().map(|t| &t.shape[..])
}

/// `[rows.., n]` of a reduction over the innermost dim of its single input (identity map),
/// the other dims kept in order: the chain's start.
fn row_reduction_rows<'f>(function: &'f Function, op: &Op) -> Option<Rows<'f>> {
    let OpKind::Generic(g) = &op.kind else {
        return None;
    };
    let rank = g.iterator_types.len();
    let (&[result], 1) = (&op.results[..], g.num_inputs) else {
        return None;
    };
    let reduced_last = g.iterator_types[..rank - 1]
        .iter()
        .all(|t| *t == IteratorType::Parallel)
        && g.iterator_types[rank - 1] == IteratorType::Reduction;
    let input_identity = g.indexing_maps[0].as_projection() == Some((0..rank).collect());
    let init_rows = g.indexing_maps[1].as_projection() == Some((0..rank - 1).collect());
    if !reduced_last || !input_identity || !init_rows {
        return None;
    }
    recognize_combiner(&g.body, 1)?;
    let shape = shape_of(function, op.operands[0])?;
    let (n, rows) = shape.split_last()?;
    (*n != Dim::Static(1) && shape_of(function, result)? == rows).then_some(Rows { rows, n })
}

/// Whether `op` can run in a chain over `rows` (its maps checked by [`reads_aligned`]).
fn op_fits(function: &Function, op: &Op, rows: &Rows) -> bool {
    match &op.kind {
        OpKind::Generic(g) if g.iterator_types.contains(&IteratorType::Reduction) => {
            row_reduction_rows(function, op).is_some_and(|r| r.rows == rows.rows && r.n == rows.n)
        }
        OpKind::Generic(g) => {
            let [result] = op.results[..] else {
                return false;
            };
            let Some(shape) = shape_of(function, result) else {
                return false;
            };
            let init_identity =
                g.indexing_maps[g.num_inputs].as_projection() == Some((0..shape.len()).collect());
            init_identity && (rows.whole(shape) || rows.per_row(shape))
        }
        OpKind::ExpandShape { .. } | OpKind::CollapseShape { .. } => {
            let (&[operand], &[result]) = (&op.operands[..], &op.results[..]) else {
                return false;
            };
            shape_of(function, operand).is_some_and(|s| rows.per_row(s))
                && shape_of(function, result).is_some_and(|s| rows.per_row(s))
        }
        _ => false,
    }
}

/// Whether every operand of `op` computed inside the chain is read on the current row: a whole
/// row at the point itself, a per-row value at the row (broadcast along it).
fn reads_aligned(function: &Function, op: &Op, inside: &HashSet<OpId>, rows: &Rows) -> bool {
    let OpKind::Generic(g) = &op.kind else {
        return true; // reshapes between per-row shapes keep the row
    };
    let k = rows.rows.len();
    let used = body_arguments_used(&g.body);
    let row_dims = |results: &[AffineExpr]| {
        results.len() >= k && (0..k).all(|d| results[d] == AffineExpr::Dim(d))
    };
    op.operands.iter().enumerate().all(|(j, &v)| {
        let computed_inside = function.defining_op(v).is_some_and(|d| inside.contains(&d));
        if !computed_inside || (j < g.num_inputs && !used.contains(&(j as u32))) {
            return true;
        }
        let (Some(shape), Some(map)) = (shape_of(function, v), g.indexing_maps.get(j)) else {
            return false;
        };
        if rows.whole(shape) {
            // Only an op over whole rows reads one, at its own point.
            g.iterator_types.len() == k + 1 && map.as_projection() == Some((0..=k).collect())
        } else if rows.per_row(shape) {
            row_dims(&map.results)
                && map.results[k..]
                    .iter()
                    .all(|e| matches!(e, AffineExpr::Constant(0)) || *e == AffineExpr::Dim(k))
        } else {
            false
        }
    })
}

/// Merges the row chains of the partition (see the module docs); `users` and `results` as in
/// `fusion::partition`.
pub(super) fn merge_row_chains(
    function: &Function,
    users: &HashMap<ValueId, Vec<OpId>>,
    results: &HashSet<ValueId>,
    budget: usize,
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
    let position: HashMap<OpId, usize> = function
        .body
        .iter()
        .enumerate()
        .map(|(i, &o)| (o, i))
        .collect();
    let mut ops_of = ops_by_region(function, region_of, regions.len());
    // Starts in body order, so a chain begins at its first reduction.
    let mut starts: Vec<usize> = (0..regions.len())
        .filter(|&i| regions[i].0 == RegionKind::Reduction)
        .collect();
    starts.sort_by_key(|&i| position[&regions[i].1]);
    let mut merged: HashSet<usize> = HashSet::new();
    for start in starts {
        if merged.contains(&start) || ops_of[start].is_empty() {
            continue;
        }
        let Some(rows) = row_reduction_rows(function, &function.ops[regions[start].1]) else {
            continue;
        };
        let fits = |r: usize| {
            !merged.contains(&r)
                && !ops_of[r].is_empty()
                && matches!(
                    regions[r].0,
                    RegionKind::Reduction | RegionKind::Elementwise
                )
                && ops_of[r]
                    .iter()
                    .all(|&o| op_fits(function, &function.ops[o], &rows))
        };
        if !fits(start) {
            continue;
        }
        let reductions_in = |r: usize| {
            ops_of[r]
                .iter()
                .filter(|&&o| classify(&function.ops[o].kind) == OpClass::Reduction)
                .count()
        };
        let mut chain = vec![start];
        let mut reductions = reductions_in(start);
        let mut size = region_sizes[start];
        let mut best: Option<(Vec<usize>, OpId, HashSet<ValueId>)> = None;
        loop {
            let in_chain: HashSet<usize> = chain.iter().copied().collect();
            let next = chain
                .iter()
                .flat_map(|&r| ops_of[r].iter())
                .flat_map(|&o| function.ops[o].results.iter())
                .flat_map(|v| users.get(v).map(Vec::as_slice).unwrap_or(&[]))
                .filter_map(|u| region_of.get(u).copied())
                .filter(|r| !in_chain.contains(r))
                .min_by_key(|&r| position[&regions[r].1]);
            let Some(next) = next.filter(|&r| {
                fits(r)
                    && reductions + reductions_in(r) <= ROW_CHAIN_MAX_REDUCTIONS
                    && size + region_sizes[r] <= max_ops
            }) else {
                break;
            };
            chain.push(next);
            reductions += reductions_in(next);
            size += region_sizes[next];
            if let Some(found) = chain_store(
                function, users, results, region_of, &ops_of, &chain, &rows, budget,
            ) {
                best = Some((chain.clone(), found.0, found.1));
            }
        }
        let Some((mut chain, mut store, mut reads)) = best else {
            continue;
        };
        // Then the elementwise regions all of whose values only the chain reads (an f16
        // input's conversion to f32, read by the statistics and by the normalization).
        let mut refused: HashSet<usize> = HashSet::new();
        loop {
            let inside: HashSet<OpId> = chain
                .iter()
                .flat_map(|&r| ops_of[r].iter().copied())
                .collect();
            let read_only_by_chain = |r: usize| {
                ops_of[r].iter().all(|&o| {
                    function.ops[o].results.iter().all(|v| {
                        !results.contains(v)
                            && users.get(v).is_some_and(|us| {
                                us.iter()
                                    .all(|u| inside.contains(u) || ops_of[r].contains(u))
                            })
                    })
                })
            };
            let producer = inside
                .iter()
                .flat_map(|&o| function.ops[o].operands.iter())
                .filter_map(|&v| function.defining_op(v))
                .filter_map(|p| region_of.get(&p).copied())
                .filter(|&r| {
                    !chain.contains(&r)
                        && !refused.contains(&r)
                        && regions[r].0 == RegionKind::Elementwise
                        && fits(r)
                        && size + region_sizes[r] <= max_ops
                        && read_only_by_chain(r)
                })
                .min();
            let Some(producer) = producer else {
                break;
            };
            let mut trial = chain.clone();
            trial.push(producer);
            match chain_store(
                function, users, results, region_of, &ops_of, &trial, &rows, budget,
            ) {
                Some((s, r)) => {
                    chain = trial;
                    store = s;
                    reads = r;
                    size += region_sizes[producer];
                }
                None => {
                    refused.insert(producer);
                }
            }
        }
        let total: usize = chain.iter().map(|&r| region_sizes[r]).sum();
        absorb(region_of, region_sizes, &mut ops_of, start, &chain[1..]);
        merged.extend(chain[1..].iter().copied());
        ops_of[start].sort_by_key(|o| position[o]);
        merged.insert(start);
        region_sizes[start] = total;
        region_reads[start] = reads;
        region_outputs[start] = 1;
        regions[start] = (RegionKind::RowChain, regions[start].1, Some(store));
    }
}

/// The op storing the single output of `chain` and the tensors it reads, where the chain can
/// be one region (see the module docs).
#[allow(clippy::too_many_arguments)]
fn chain_store(
    function: &Function,
    users: &HashMap<ValueId, Vec<OpId>>,
    results: &HashSet<ValueId>,
    region_of: &HashMap<OpId, usize>,
    ops_of: &[Vec<OpId>],
    chain: &[usize],
    rows: &Rows,
    budget: usize,
) -> Option<(OpId, HashSet<ValueId>)> {
    let inside: HashSet<OpId> = chain
        .iter()
        .flat_map(|&r| ops_of[r].iter().copied())
        .collect();
    let mut escaping = Vec::new();
    for &o in &inside {
        for &v in &function.ops[o].results {
            let used_outside = users
                .get(&v)
                .is_some_and(|us| us.iter().any(|u| !inside.contains(u)));
            if used_outside || results.contains(&v) {
                escaping.push((o, v));
            }
        }
    }
    let [(store, stored)] = escaping[..] else {
        return None;
    };
    if function.ops[store].results.len() != 1
        || !shape_of(function, stored).is_some_and(|s| rows.whole(s))
        || !inside
            .iter()
            .all(|&o| reads_aligned(function, &function.ops[o], &inside, rows))
    {
        return None;
    }
    // The tensors read from outside (dense constants and other regions' outputs), none of them
    // computed from the chain's output.
    let mut reads = HashSet::new();
    for &o in &inside {
        for &v in &function.ops[o].operands {
            let producer = function.defining_op(v);
            if producer.is_some_and(|p| inside.contains(&p))
                || function.values[v].ty.as_tensor().is_none()
                || producer.is_some_and(|p| classify(&function.ops[p].kind) == OpClass::Free)
            {
                continue;
            }
            reads.insert(v);
        }
    }
    if reads.len() + 1 > budget {
        return None;
    }
    let chain_regions: HashSet<usize> = chain.iter().copied().collect();
    let downstream = downstream_regions(function, users, region_of, ops_of, &chain_regions);
    let cycle = reads.iter().any(|&v| {
        function
            .defining_op(v)
            .and_then(|p| region_of.get(&p))
            .is_some_and(|r| downstream.contains(r))
    });
    (!cycle).then_some((store, reads))
}

/// The regions that (transitively) read a value computed by `chain`, outside it.
fn downstream_regions(
    function: &Function,
    users: &HashMap<ValueId, Vec<OpId>>,
    region_of: &HashMap<OpId, usize>,
    ops_of: &[Vec<OpId>],
    chain: &HashSet<usize>,
) -> HashSet<usize> {
    let mut seen: HashSet<usize> = HashSet::new();
    let mut pending: Vec<usize> = chain.iter().copied().collect();
    while let Some(r) = pending.pop() {
        for &o in &ops_of[r] {
            for v in &function.ops[o].results {
                for u in users.get(v).map(Vec::as_slice).unwrap_or(&[]) {
                    // In-place concats are in no region: their users' regions follow.
                    let next: Vec<usize> = match region_of.get(u) {
                        Some(&x) => vec![x],
                        None => function.ops[*u]
                            .results
                            .iter()
                            .flat_map(|c| users.get(c).map(Vec::as_slice).unwrap_or(&[]))
                            .filter_map(|w| region_of.get(w).copied())
                            .collect(),
                    };
                    for x in next {
                        if !chain.contains(&x) && seen.insert(x) {
                            pending.push(x);
                        }
                    }
                }
            }
        }
    }
    seen
}

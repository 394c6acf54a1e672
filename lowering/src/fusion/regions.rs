//! The fusion state that the region-merging rewrites after the first rules share (row chains,
//! attention; see `fusion::partition`), and the two steps they have in common: the ops of each
//! region, and moving regions' ops into the region that absorbs them.

use crate::partition::RegionKind;
use kiln_frontend::{Function, OpId, ValueId};
use std::collections::{HashMap, HashSet};

/// The fusion state a merging rewrite changes.
pub(super) struct Regions<'s> {
    pub regions: &'s mut Vec<(RegionKind, OpId, Option<OpId>)>,
    pub region_of: &'s mut HashMap<OpId, usize>,
    pub region_sizes: &'s mut Vec<usize>,
    pub region_reads: &'s mut Vec<HashSet<ValueId>>,
    pub region_outputs: &'s mut Vec<usize>,
    /// The most ops one region holds (`fusion::MAX_REGION_OPS`).
    pub max_ops: usize,
}

impl Regions<'_> {
    /// The same state, borrowed for one rewrite (the next one takes it after).
    pub fn reborrow(&mut self) -> Regions<'_> {
        Regions {
            regions: self.regions,
            region_of: self.region_of,
            region_sizes: self.region_sizes,
            region_reads: self.region_reads,
            region_outputs: self.region_outputs,
            max_ops: self.max_ops,
        }
    }
}

/// The ops of each of `count` regions, in body order.
pub(super) fn ops_by_region(
    function: &Function,
    region_of: &HashMap<OpId, usize>,
    count: usize,
) -> Vec<Vec<OpId>> {
    let mut ops_of: Vec<Vec<OpId>> = vec![Vec::new(); count];
    for &o in &function.body {
        if let Some(&r) = region_of.get(&o) {
            ops_of[r].push(o);
        }
    }
    ops_of
}

/// Moves the ops of regions `from` into region `into` (appended in `from`'s order), leaving
/// each of `from` empty and of size 0.
pub(super) fn absorb(
    region_of: &mut HashMap<OpId, usize>,
    region_sizes: &mut [usize],
    ops_of: &mut [Vec<OpId>],
    into: usize,
    from: &[usize],
) {
    for &r in from {
        for o in std::mem::take(&mut ops_of[r]) {
            region_of.insert(o, into);
            ops_of[into].push(o);
        }
        region_sizes[r] = 0;
    }
}

//! Where a reduction region with a re-indexed epilogue stores (`structured::reindex`): each
//! output point of the root is mapped forward through the chain of reshapes and transposes
//! between the root's result and the stored value, and the epilogue is evaluated and stored
//! at the mapped point. Every strategy finishing its output points through
//! [`Lowering::store_outputs`] takes such an epilogue; the forward map computes each reshape's
//! indices once and records them ([`Lowering::reindexed`]), so that evaluating the epilogue
//! back down the chain reaches the root's result at exactly the point the strategy
//! substituted its accumulator for, not at freshly recomputed (equal but distinct) indices.

use super::context::*;
use crate::structured::{region_epilogue_reindexing, Reindex};

impl Lowering<'_> {
    /// The point of the region's stored value that output point `indices` of its root maps to
    /// (`indices` itself unless the epilogue is re-indexed).
    pub(super) fn stored_point(
        &mut self,
        region: &DispatchRegion,
        indices: &[k::Value],
    ) -> Result<Vec<k::Value>, CompileError> {
        let mut point = indices.to_vec();
        for step in region_epilogue_reindexing(self.f, region) {
            let from = point.clone();
            match step {
                Reindex::Collapse(op) => {
                    let OpKind::CollapseShape { reassociation } = &self.f.ops[op].kind else {
                        return Err(internal("a collapse step on another op"));
                    };
                    let reassociation = reassociation.clone();
                    let in_shape = self.tensor_shape(self.f.ops[op].operands[0]);
                    point = self.linearized_groups(&reassociation, &in_shape, &from);
                    self.reindexed.insert((op, point.clone()), from);
                }
                Reindex::Expand(op) => {
                    let OpKind::ExpandShape { reassociation } = &self.f.ops[op].kind else {
                        return Err(internal("an expand step on another op"));
                    };
                    let reassociation = reassociation.clone();
                    let out_shape = self.tensor_shape(self.f.ops[op].results[0]);
                    point = vec![
                        from.first().copied().unwrap_or_else(|| self.b.index(0));
                        out_shape.len()
                    ];
                    for (i, group) in reassociation.iter().enumerate() {
                        let sizes: Vec<SizeExpr> =
                            group.iter().map(|&d| out_shape[d].clone()).collect();
                        let split = match group[..] {
                            [_] => vec![from[i]],
                            _ => self.row_major_indices(from[i], &sizes),
                        };
                        for (&d, x) in group.iter().zip(split) {
                            point[d] = x;
                        }
                    }
                    // Unit dims of the result outside any group (an expand of a rank-0 tensor).
                    for (d, x) in point.iter_mut().enumerate() {
                        if !reassociation.iter().any(|g| g.contains(&d)) {
                            *x = self.b.index(0);
                        }
                    }
                    self.reindexed.insert((op, point.clone()), from);
                }
                Reindex::Permute { op, operand } => {
                    let OpKind::Generic(g) = &self.f.ops[op].kind else {
                        return Err(internal("a permute step on a non-generic"));
                    };
                    let (Some(read), Some(init)) = (
                        g.indexing_maps[operand].as_projection(),
                        g.indexing_maps[g.num_inputs].as_projection(),
                    ) else {
                        return Err(internal("a permute step without projections"));
                    };
                    let mut loop_point = vec![None; g.iterator_types.len()];
                    for (j, &d) in read.iter().enumerate() {
                        loop_point[d] = Some(from[j]);
                    }
                    point = init
                        .iter()
                        .map(|&d| {
                            loop_point[d].ok_or_else(|| internal("a permute step misses a dim"))
                        })
                        .collect::<Result<_, _>>()?;
                }
            }
        }
        Ok(point)
    }

    /// `indices` into `shape` linearized per group of `reassociation` (row-major, the last dim
    /// fastest): the indices on the other side of a collapse / expand. A group of one dim
    /// passes its index through, which `vectorize` needs to see the innermost loop index in a
    /// load.
    pub(super) fn linearized_groups(
        &mut self,
        reassociation: &[Vec<usize>],
        shape: &[SizeExpr],
        indices: &[k::Value],
    ) -> Vec<k::Value> {
        let mut idx = Vec::with_capacity(reassociation.len());
        for group in reassociation {
            let mut linear: Option<k::Value> = None;
            for &dim in group {
                linear = Some(match linear {
                    None => indices[dim],
                    Some(outer) => {
                        let n = self.size(&shape[dim]);
                        let scaled = self.b.binary(k::BinaryOp::Mul, outer, n);
                        self.b.binary(k::BinaryOp::Add, scaled, indices[dim])
                    }
                });
            }
            idx.push(linear.unwrap_or_else(|| self.b.index(0)));
        }
        idx
    }
}

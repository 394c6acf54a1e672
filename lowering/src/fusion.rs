//! `fusion`: partitions the (canonical) op graph into dispatch regions.
//!
//! Each region has one root and is computed by one kernel without temporaries: every value
//! inside it is recomputed on the fly where it is needed (the IREE rule).
//! - Roots: reductions (`linalg.generic` with reduction iterators: reduce, matmul, conv,
//!   pooling) and `linalg.softmax`; an elementwise op that cannot join a consumer's region roots
//!   its own elementwise region.
//! - Producers (prologue): an elementwise op (all-parallel generic, `pad`, `concat`, reshapes)
//!   joins the region of its consumers when all its uses are in that one region and it is not a
//!   program result. Into contraction roots (two or more tensor inputs: matmul, conv) only
//!   index remappings (`pad`, reshapes) and producers that read no tensor (a `fill` init)
//!   fuse, since elementwise producers would be recomputed for every reduction step; into
//!   matmul-like ones (projection maps), also transposes and slices (`moves_elements`).
//! - Consumers (epilogue): the elementwise region consuming the single output of a reduction
//!   root merges into it when it reads that output only at the output point (bias + activation
//!   after a matmul, a division after a sum), or only through one chain of pure re-indexings
//!   (`collapse_shape` / `expand_shape`, transposes: a grouped conv's collapsed result before
//!   its batch norm, `structured::reindex`), which the kernel maps each output point through
//!   before it stores. After a large f16 matmul that the target's
//!   workgroup-scope cooperative-matrix kernel can take (about twice the rate of the other
//!   kernels), or a large f32 one that its split bf16 pipeline takes
//!   (`lower_to_kernels::prefers_workgroup_matrix`), the epilogue fuses only when it can run
//!   on the accumulator as a per-element operation (`lower_to_kernels::matrix_epilogue_fits`);
//!   otherwise it keeps a dispatch of its own.
//! - Narrowing epilogues: a reduction root left without an epilogue whose result's only reader is
//!   an elementwise op of another region storing it narrower (`--precision f16`: a batch norm
//!   reading a conv's f32 sums and storing f16, which the max pool's or the residual add's
//!   region had taken as a prologue) takes that op as its epilogue instead, so the tensor
//!   between the regions is the narrow one (`narrowing_consumer`).
//! - Never fused: an expensive producer (a root) into another region, so no work is duplicated
//!   beyond cheap elementwise recomputation. Constants: splats are inlined; dense constants
//!   become constant buffers.
//! - Size: a region holds at most [`MAX_REGION_OPS`] ops, and lowering evaluates each of its ops
//!   at most [`MAX_EVALUATIONS_PER_ELEMENT`] times per output element; a producer that would
//!   pass either roots a region of its own, so a long chain of elementwise ops becomes several
//!   dispatches (lowering recurses once per fused op, and the kernel grows with each), and a
//!   chain whose ops read their producer at several points does not double its code per op.
//!
//! The partition is data: regions plus a petgraph of region dependencies, printable.

use crate::error::CompileError;
use crate::partition::{
    body_arguments_used, classify, users, DispatchRegion, InPlaceConcat, OpClass, Partition,
    RegionKind,
};
use crate::pass::{CompilationUnit, Pass, Phase};
use crate::structured::epilogue_reindexing;
use crate::target::LoweringTarget;
use kiln_frontend::*;
use petgraph::graph::{DiGraph, NodeIndex};
use std::collections::{BTreeSet, HashMap, HashSet};

mod attention;
mod regions;
mod row_chain;
pub use row_chain::ROW_CHAIN_MAX_REDUCTIONS;

pub struct Fusion;

impl Pass for Fusion {
    fn name(&self) -> &'static str {
        "fusion"
    }
    fn summary(&self) -> &'static str {
        "partition the op graph into dispatch regions"
    }
    fn requires(&self) -> Phase {
        Phase::Canonical
    }
    fn produces(&self) -> Phase {
        Phase::Partitioned
    }
    fn run(&self, unit: &mut CompilationUnit) -> Result<(), CompileError> {
        unit.partition = Some(partition(&unit.function, &unit.target)?);
        Ok(())
    }
}

/// Tensor inputs (not inits) of a generic that its body actually reads.
fn used_tensor_inputs(function: &Function, op: &Op) -> usize {
    match &op.kind {
        OpKind::Generic(g) => {
            let used = body_arguments_used(&g.body);
            (0..g.num_inputs)
                .filter(|&i| {
                    used.contains(&(i as u32))
                        && function.values[op.operands[i]].ty.as_tensor().is_some()
                })
                .count()
        }
        _ => 1,
    }
}

/// Whether an op reads no tensor operand (e.g. `fill`: a scalar into an empty init).
fn reads_no_tensor(function: &Function, op: &Op) -> bool {
    match &op.kind {
        OpKind::Generic(g) => {
            let used = body_arguments_used(&g.body);
            op.operands.iter().enumerate().all(|(i, &v)| {
                !used.contains(&(i as u32)) || function.values[v].ty.as_tensor().is_none()
            })
        }
        _ => false,
    }
}

/// The most ops one region holds. Lowering evaluates a region's values on demand, recursing
/// from each value into its producers, and the kernel grows with every fused op; a longer
/// chain of elementwise ops is cut into several regions (one more buffer round trip per
/// `MAX_REGION_OPS` ops), so neither the recursion nor the kernel grows with the model.
pub const MAX_REGION_OPS: usize = 64;

/// The most times lowering evaluates one fused op per element of its region. Values inside a
/// region are recomputed where they are read: a producer read at two different points of each
/// element of its consumer is computed twice, and along a chain of such reads the count doubles
/// with each op (64 ops reading their producer at `i` and `7 - i` took forever to compile). A
/// producer that would be evaluated more often roots a region of its own and is read from its
/// buffer.
pub const MAX_EVALUATIONS_PER_ELEMENT: u64 = 16;

/// Where an op of a region is evaluated, per element of the region's output: result index
/// vectors made of the root's loop dims (reads through dims-only maps pass the same index
/// values on, so lowering computes a value once per such point), and a count of points
/// computed afresh (any other map, any read through pad / concat / reshapes), each of which
/// evaluates the op again.
#[derive(Clone, Debug, Default)]
struct Evaluations {
    shared: HashSet<Vec<usize>>,
    fresh: u64,
}

impl Evaluations {
    fn count(&self) -> u64 {
        (self.shared.len() as u64).saturating_add(self.fresh)
    }

    /// The root: evaluated once, at its own loop point.
    fn root(function: &Function, op: &Op) -> Evaluations {
        let rank = match &op.kind {
            OpKind::Generic(g) => g.iterator_types.len(),
            _ => op
                .results
                .first()
                .and_then(|&r| function.values[r].ty.as_tensor())
                .map_or(0, |t| t.shape.len()),
        };
        Evaluations {
            shared: HashSet::from([(0..rank).collect()]),
            fresh: 0,
        }
    }

    /// Adds the evaluations of `value` that `consumer`, evaluated at `at`, causes.
    fn add_reads(&mut self, consumer: &Op, at: &Evaluations, is_root: bool, value: ValueId) {
        let OpKind::Generic(g) = &consumer.kind else {
            // Pad, concat and reshapes compute new indices for their operands.
            let reads = consumer.operands.iter().filter(|&&o| o == value).count() as u64;
            self.fresh = self.fresh.saturating_add(reads.saturating_mul(at.count()));
            return;
        };
        // The consumer's loop points: the root runs its loops; a fused generic maps its result
        // indices back through its init map (a projection).
        let mut loop_points: Vec<Vec<usize>> = Vec::new();
        let mut fresh_points = at.fresh;
        if is_root {
            loop_points.push((0..g.iterator_types.len()).collect());
        } else {
            let init = g.indexing_maps.get(g.num_inputs);
            for point in &at.shared {
                let mut loop_point = vec![None; g.iterator_types.len()];
                for (j, e) in init.map_or(&[][..], |m| &m.results[..]).iter().enumerate() {
                    if let (AffineExpr::Dim(d), Some(&x)) = (e, point.get(j)) {
                        if let Some(slot) = loop_point.get_mut(*d) {
                            *slot = Some(x);
                        }
                    }
                }
                match loop_point.into_iter().collect::<Option<Vec<usize>>>() {
                    Some(l) => loop_points.push(l),
                    None => fresh_points += 1,
                }
            }
        }
        let used = body_arguments_used(&g.body);
        for (j, &operand) in consumer.operands.iter().enumerate() {
            if operand != value || !used.contains(&(j as u32)) {
                continue;
            }
            let Some(map) = g.indexing_maps.get(j) else {
                continue;
            };
            self.fresh = self.fresh.saturating_add(fresh_points);
            for l in &loop_points {
                let indices: Option<Vec<usize>> = map
                    .results
                    .iter()
                    .map(|e| match e {
                        AffineExpr::Dim(d) => l.get(*d).copied(),
                        _ => None,
                    })
                    .collect();
                match indices {
                    Some(indices) => {
                        self.shared.insert(indices);
                    }
                    None => self.fresh = self.fresh.saturating_add(1),
                }
            }
        }
    }
}

/// The tensor operands of `op` that a kernel reads from a buffer (all but inline constants).
fn buffer_operands<'f>(function: &'f Function, op: &'f Op) -> impl Iterator<Item = ValueId> + 'f {
    op.operands.iter().copied().filter(move |&v| {
        function.values[v].ty.as_tensor().is_some()
            && function
                .defining_op(v)
                .is_none_or(|d| classify(&function.ops[d].kind) != OpClass::Free)
    })
}

/// The tensors a region reads from outside once `op` (one of whose consumers is in it) joins.
fn reads_after_joining(function: &Function, reads: &HashSet<ValueId>, op: &Op) -> HashSet<ValueId> {
    let mut reads = reads.clone();
    for r in &op.results {
        reads.remove(r);
    }
    reads.extend(buffer_operands(function, op));
    reads
}

pub fn partition(function: &Function, target: &LoweringTarget) -> Result<Partition, CompileError> {
    let users = users(function);
    let results: HashSet<ValueId> = function.results.iter().copied().collect();
    let mut region_of: HashMap<OpId, usize> = HashMap::new();
    // (kind, root, epilogue root)
    let mut regions: Vec<(RegionKind, OpId, Option<OpId>)> = Vec::new();
    // Ops per region, for `MAX_REGION_OPS`.
    let mut region_sizes: Vec<usize> = Vec::new();
    // Where each op of a region is evaluated, for `MAX_EVALUATIONS_PER_ELEMENT`.
    let mut evaluations: HashMap<OpId, Evaluations> = HashMap::new();
    let mut roots: HashSet<OpId> = HashSet::new();
    // Per region, for the device's binding limit: the tensors it reads from outside (one
    // binding each) and its outputs.
    let budget = target.binding_budget();
    let mut region_reads: Vec<HashSet<ValueId>> = Vec::new();
    let mut region_outputs: Vec<usize> = Vec::new();
    let in_place_concats = in_place_concats(function, &users, &results);
    let in_place: HashMap<ValueId, &InPlaceConcat> =
        in_place_concats.iter().map(|c| (c.result, c)).collect();

    for &op_id in function.body.iter().rev() {
        let op = &function.ops[op_id];
        let class = classify(&op.kind);
        if op.results.len() == 1 && in_place.contains_key(&op.results[0]) {
            // Its operands' regions store into its buffer (their users include this op,
            // which is in no region, so each is a region output).
            continue;
        }
        let new_root = match class {
            OpClass::Free | OpClass::DenseConstant => continue,
            OpClass::Reduction => Some(RegionKind::Reduction),
            OpClass::Softmax => Some(RegionKind::Softmax),
            OpClass::Elementwise | OpClass::IndexRemap => {
                let mut consumer_regions = BTreeSet::new();
                let mut external = false;
                for r in &op.results {
                    if results.contains(r) {
                        external = true;
                    }
                    for user in users.get(r).map(Vec::as_slice).unwrap_or(&[]) {
                        match region_of.get(user) {
                            Some(&region) => {
                                consumer_regions.insert(region);
                            }
                            None => external = true,
                        }
                    }
                }
                // Where the op would be evaluated in its consumers' region.
                let at = evaluations_in(function, &users, &evaluations, &roots, op);
                let joinable = !external && consumer_regions.len() == 1 && {
                    let region = *consumer_regions.iter().next().expect("one region");
                    let (kind, root, _) = regions[region];
                    let room = region_sizes[region] < MAX_REGION_OPS
                        && at.count() <= MAX_EVALUATIONS_PER_ELEMENT
                        && reads_after_joining(function, &region_reads[region], op).len()
                            + region_outputs[region]
                            <= budget;
                    let contraction = kind == RegionKind::Reduction
                        && used_tensor_inputs(function, &function.ops[root]) >= 2;
                    // Into contractions: index remappings, and producers reading no tensor at all
                    // (a `fill` init costs nothing to recompute); into matmuls, transposes and
                    // slices.
                    room && (!contraction
                        || class == OpClass::IndexRemap
                        || reads_no_tensor(function, op)
                        || (moves_elements(op) && reads_through_projections(&function.ops[root])))
                };
                if joinable {
                    let region = *consumer_regions.iter().next().expect("one region");
                    region_of.insert(op_id, region);
                    region_sizes[region] += 1;
                    evaluations.insert(op_id, at);
                    region_reads[region] = reads_after_joining(function, &region_reads[region], op);
                    None
                } else {
                    Some(RegionKind::Elementwise)
                }
            }
        };
        if let Some(kind) = new_root {
            region_of.insert(op_id, regions.len());
            regions.push((kind, op_id, None));
            region_sizes.push(1);
            evaluations.insert(op_id, Evaluations::root(function, op));
            roots.insert(op_id);
            region_reads.push(buffer_operands(function, op).collect());
            region_outputs.push(op.results.len());
        }
    }

    // Epilogue fusion: an elementwise region reading a reduction's only output at the output point.
    for index in 0..regions.len() {
        let (kind, root, epilogue) = regions[index];
        if kind != RegionKind::Reduction
            || epilogue.is_some()
            || function.ops[root].results.len() != 1
        {
            continue;
        }
        let v = function.ops[root].results[0];
        if results.contains(&v) {
            continue;
        }
        let Some([consumer]) = users.get(&v).map(Vec::as_slice) else {
            continue;
        };
        let Some(&consumer_region) = region_of.get(consumer) else {
            continue;
        };
        let (consumer_kind, consumer_root, _) = regions[consumer_region];
        if consumer_region == index
            || consumer_kind != RegionKind::Elementwise
            || region_sizes[index] + region_sizes[consumer_region] > MAX_REGION_OPS
        {
            continue;
        }
        let region_ops: HashSet<OpId> = region_of
            .iter()
            .filter(|(_, &r)| r == consumer_region)
            .map(|(&o, _)| o)
            .collect();
        // How the epilogue reads the root's result: at its own output point (identity maps), or
        // through a chain of pure re-indexings (reshapes, transposes) that the kernel maps each
        // output point forward through before it stores (`structured::reindex`): a grouped
        // conv's `collapse_shape` (or the sum of its split reduction's partial sums) before
        // its batch norm.
        let Some(reindexing) = epilogue_reindexing(function, &region_ops, consumer_root, v) else {
            continue;
        };
        // A large matmul for the workgroup-scope cooperative-matrix kernels keeps a consumer
        // they cannot apply to the accumulator in a dispatch of its own (unless an operand is
        // computed inside the region, which rules those kernels out anyway; a reshape of a
        // buffer, read through a view, is not). Those kernels store whole accumulator tiles in
        // the root's layout, so an epilogue re-indexed by more than reshapes is never one they
        // can apply.
        let in_region = |p: OpId| region_of.get(&p) == Some(&index);
        let operands_from_buffers = function.ops[root].operands.iter().take(2).all(|&x| {
            let x =
                crate::kernel_config::region::viewed_source(function, x, in_region).unwrap_or(x);
            function.defining_op(x).is_none_or(|p| !in_region(p))
        });
        if operands_from_buffers
            && crate::kernel_config::region::prefers_workgroup_matrix(
                function,
                &function.ops[root],
                target,
            )
            && (!crate::kernel_config::region::stores_through_reshapes(
                function,
                &function.ops[root],
                &reindexing,
            ) || !crate::kernel_config::region::matrix_epilogue_fits(
                function,
                &function.ops[root],
                consumer_root,
                target,
            ))
        {
            continue;
        }
        // The same shape, or a re-indexing of the same elements; the element type may change
        // (an f32 accumulator stored as f16).
        let shape = |x: ValueId| function.values[x].ty.as_tensor().map(|t| t.shape.clone());
        let same_shape = function.ops[consumer_root]
            .results
            .iter()
            .all(|r| shape(*r).is_some() && (shape(*r) == shape(v) || !reindexing.is_empty()));
        let mut merged_reads: HashSet<ValueId> = region_reads[index]
            .union(&region_reads[consumer_region])
            .copied()
            .collect();
        merged_reads.remove(&v);
        let fits = merged_reads.len() + region_outputs[consumer_region] <= budget;
        if same_shape && fits && function.ops[consumer_root].results.len() == 1 {
            region_reads[index] = merged_reads;
            region_outputs[index] = region_outputs[consumer_region];
            for op in region_ops {
                region_of.insert(op, index);
            }
            region_sizes[index] += region_sizes[consumer_region];
            region_sizes[consumer_region] = 0;
            regions[index].2 = Some(consumer_root);
        }
    }

    // Narrowing epilogues: a reduction root stored as it is (no epilogue) whose result's only
    // reader is an elementwise op of another region that stores it narrower (`--precision
    // f16`: the f32 accumulator becomes f16 at the end of its consumer's body) takes that
    // op as its epilogue, so that the tensor between the two regions is the narrow one
    // (half the bytes, written once and read once). The consumer region keeps the rest: a
    // conv's batch norm moves out of the max pool region after the stem, and out of the
    // residual add's region after a projection shortcut. The same ops run in the same
    // order, only the region boundary moves.
    for index in 0..regions.len() {
        let Some(consumer) = narrowing_consumer(
            function, target, &users, &results, &region_of, &regions, index,
        ) else {
            continue;
        };
        let consumer_region = region_of[&consumer];
        let mut reads = region_reads[index].clone();
        reads.remove(&function.ops[regions[index].1].results[0]);
        reads.extend(buffer_operands(function, &function.ops[consumer]));
        if region_sizes[index] >= MAX_REGION_OPS || reads.len() + 1 > budget {
            continue;
        }
        region_of.insert(consumer, index);
        region_sizes[index] += 1;
        region_sizes[consumer_region] -= 1;
        region_reads[index] = reads;
        region_outputs[index] = function.ops[consumer].results.len();
        regions[index].2 = Some(consumer);
    }

    // Row chains: the regions of a LayerNorm / RMSNorm (reductions over the innermost dim and
    // the elementwise work on the same rows) become one (`row_chain.rs`). After the epilogue
    // rules, whose regions it merges whole.
    let mut state = regions::Regions {
        regions: &mut regions,
        region_of: &mut region_of,
        region_sizes: &mut region_sizes,
        region_reads: &mut region_reads,
        region_outputs: &mut region_outputs,
        max_ops: MAX_REGION_OPS,
    };
    row_chain::merge_row_chains(function, &users, &results, budget, state.reborrow());

    // Attention: the regions of `Q K^T`, its softmax and `P V` become one (`attention.rs`).
    attention::merge_attentions(function, &users, &results, budget, target, state);

    // Epilogues of a softmax: a softmax region left on its own whose result is read only by one
    // elementwise region takes that region, when the region is nothing but reshapes and one
    // float cast of it (`--precision f16`'s f32 probabilities rounded to f16 before `P V`: the
    // kernel stores the cast values through the cast's buffer seen with the softmax's shape,
    // the reshapes keeping the row-major order), or pointwise ops of it (each reading the
    // probabilities and what is computed from them at its own point, anything else through
    // any map; the same shape: transformers' `Where(IsNaN(p), 0, p)`, whose kernel computes
    // each stored element from its probability). Either way the probabilities are not written
    // twice.
    for index in 0..regions.len() {
        let (kind, root, epilogue) = regions[index];
        if kind != RegionKind::Softmax || epilogue.is_some() || region_of.get(&root) != Some(&index)
        {
            continue;
        }
        let v = function.ops[root].results[0];
        let Some(&user) = users.get(&v).and_then(|u| u.first()) else {
            continue;
        };
        let Some(&consumer_region) = region_of.get(&user) else {
            continue;
        };
        let (consumer_kind, stored_root, _) = regions[consumer_region];
        if results.contains(&v)
            || consumer_region == index
            || consumer_kind != RegionKind::Elementwise
            || function.ops[stored_root].results.len() != 1
            || !users[&v]
                .iter()
                .all(|u| region_of.get(u) == Some(&consumer_region))
        {
            continue;
        }
        let region_ops: Vec<OpId> = region_of
            .iter()
            .filter(|(_, &r)| r == consumer_region)
            .map(|(&o, _)| o)
            .collect();
        let stored = function.ops[stored_root].results[0];
        let only_the_cast = crate::structured::casts_between(function, v, stored)
            && region_ops.iter().all(|&o| {
                o == stored_root
                    || matches!(
                        function.ops[o].kind,
                        OpKind::ExpandShape { .. } | OpKind::CollapseShape { .. }
                    )
            });
        if !only_the_cast && !pointwise_of(function, v, &region_ops, stored) {
            continue;
        }
        let mut reads: HashSet<ValueId> = region_reads[index]
            .union(&region_reads[consumer_region])
            .copied()
            .collect();
        reads.remove(&v);
        if reads.len() + 1 > budget
            || region_sizes[index] + region_sizes[consumer_region] > MAX_REGION_OPS
        {
            continue;
        }
        for op in region_ops {
            region_of.insert(op, index);
        }
        region_reads[index] = reads;
        region_sizes[index] += region_sizes[consumer_region];
        region_sizes[consumer_region] = 0;
        region_outputs[index] = 1;
        regions[index].2 = Some(stored_root);
    }

    // Collect ops, inputs and outputs per region.
    let mut out: Vec<DispatchRegion> = Vec::new();
    let mut remap: HashMap<usize, usize> = HashMap::new();
    // Each region's ops in body order, in one pass (a long chain makes many regions).
    let mut ops_of: Vec<Vec<OpId>> = vec![Vec::new(); regions.len()];
    for &o in &function.body {
        if let Some(&r) = region_of.get(&o) {
            ops_of[r].push(o);
        }
    }
    for (index, &(kind, root, epilogue_root)) in regions.iter().enumerate() {
        let ops = std::mem::take(&mut ops_of[index]);
        if ops.is_empty() || region_of.get(&root) != Some(&index) {
            continue; // merged into another region
        }
        let in_region: HashSet<OpId> = ops.iter().copied().collect();
        let mut inputs = Vec::new();
        for &op in &ops {
            for &v in &function.ops[op].operands {
                let from_inside = function
                    .defining_op(v)
                    .is_some_and(|d| in_region.contains(&d));
                let free = function
                    .defining_op(v)
                    .is_some_and(|d| classify(&function.ops[d].kind) == OpClass::Free);
                let scalar = function.values[v].ty.as_tensor().is_none();
                if !from_inside && !free && !scalar && !inputs.contains(&v) {
                    inputs.push(v);
                }
                if scalar && !free && !from_inside {
                    return Err(CompileError::unsupported(
                        function.ops[op].kind.name(),
                        "operand",
                        "a scalar operand that is not a constant",
                    ));
                }
            }
        }
        let store_op = epilogue_root.unwrap_or(root);
        let outputs = function.ops[store_op].results.clone();
        remap.insert(index, out.len());
        out.push(DispatchRegion {
            name: String::new(),
            kind,
            root,
            epilogue_root,
            ops,
            inputs,
            outputs,
        });
    }

    // Dependency graph and execution order.
    let mut graph: DiGraph<usize, ValueId> = DiGraph::new();
    let nodes: Vec<NodeIndex> = (0..out.len()).map(|i| graph.add_node(i)).collect();
    let mut producer: HashMap<ValueId, usize> = HashMap::new();
    for (i, r) in out.iter().enumerate() {
        for &v in &r.outputs {
            producer.insert(v, i);
        }
    }
    for (i, r) in out.iter().enumerate() {
        for &v in &r.inputs {
            // Reading an in-place concat's result (or a slice of one) waits for the regions
            // storing its operands.
            let mut pending = vec![v];
            while let Some(x) = pending.pop() {
                match in_place.get(&x) {
                    Some(c) => pending.extend(c.operands.iter().copied()),
                    None => {
                        if let Some(&p) = producer.get(&x) {
                            graph.add_edge(nodes[p], nodes[i], x);
                        }
                    }
                }
            }
        }
    }
    let order = petgraph::algo::toposort(&graph, None)
        .map_err(|_| CompileError::internal("fusion", "the region graph has a cycle"))?;
    let mut regions_in_order = Vec::with_capacity(out.len());
    let mut position = vec![0; out.len()];
    for (new_index, node) in order.iter().enumerate() {
        let old = graph[*node];
        position[old] = new_index;
        let mut region = out[old].clone();
        let kind = match region.kind {
            RegionKind::Elementwise => "elementwise",
            RegionKind::Reduction
                if used_tensor_inputs(function, &function.ops[region.root]) >= 2 =>
            {
                "contraction"
            }
            RegionKind::Reduction => "reduction",
            RegionKind::Softmax => "softmax",
            RegionKind::RowChain => "rowchain",
            RegionKind::Attention => "attention",
        };
        region.name = format!("dispatch_{new_index}_{kind}");
        regions_in_order.push(region);
    }
    let mut graph_in_order: DiGraph<usize, ValueId> = DiGraph::new();
    let nodes: Vec<NodeIndex> = (0..regions_in_order.len())
        .map(|i| graph_in_order.add_node(i))
        .collect();
    for edge in graph.raw_edges() {
        let (a, b) = (
            position[graph[edge.source()]],
            position[graph[edge.target()]],
        );
        graph_in_order.add_edge(nodes[a], nodes[b], edge.weight);
    }
    let partition = Partition {
        regions: regions_in_order,
        graph: graph_in_order,
        in_place_concats,
    };
    // Checked here too, not only by the verifier: a release build does not verify, and an
    // operand without a region would leave its slice unwritten.
    partition
        .check_in_place_operands()
        .map_err(|m| CompileError::internal("fusion", m))?;
    Ok(partition)
}

/// The concats that no dispatch needs to copy: each operand is stored by a region that a root
/// computes anyway ([`stored_by_a_root`]), is no function result, appears once, and is claimed
/// by no other in-place concat (the last concat in the body that reads it claims it). Fusion
/// then never fuses an operand's producer into a consumer (the concat, in no region, is a user
/// outside any region), so every operand is a region's output, which bufferize stores straight
/// into the operand's slice of the concat's buffer. An operand that is itself a concat result
/// is a nested slice; a concat left out copies as before.
fn in_place_concats(
    function: &Function,
    users: &HashMap<ValueId, Vec<OpId>>,
    results: &HashSet<ValueId>,
) -> Vec<InPlaceConcat> {
    let mut claimed: HashSet<ValueId> = HashSet::new();
    let mut out = Vec::new();
    for &op_id in function.body.iter().rev() {
        let op = &function.ops[op_id];
        let OpKind::Concat { dimension } = op.kind else {
            continue;
        };
        let distinct: HashSet<ValueId> = op.operands.iter().copied().collect();
        let ok = op.results.len() == 1
            && distinct.len() == op.operands.len()
            && op.operands.iter().all(|&v| {
                stored_by_a_root(function, users, v, 0)
                    && !results.contains(&v)
                    && !claimed.contains(&v)
            });
        if ok {
            claimed.extend(op.operands.iter().copied());
            out.push(InPlaceConcat {
                op: op_id,
                result: op.results[0],
                dimension,
                operands: op.operands.clone(),
                slice_of: None,
            });
        }
    }
    out.reverse();
    let slices = slice_concats(function, results, &out);
    out.extend(slices);
    out
}

/// The concats left out of [`in_place_concats`] whose operands, in order, are two or more
/// consecutive operands of one of them along the same dimension (DenseNet: each layer reads
/// the concat of the block's features so far, a prefix of the block's in-place concat): their
/// result is a slice of that concat's buffer, read as one view instead of a selection over
/// the operands' slices.
fn slice_concats(
    function: &Function,
    results: &HashSet<ValueId>,
    in_place: &[InPlaceConcat],
) -> Vec<InPlaceConcat> {
    let chosen: HashSet<OpId> = in_place.iter().map(|c| c.op).collect();
    let mut out = Vec::new();
    for &op_id in &function.body {
        let op = &function.ops[op_id];
        let OpKind::Concat { dimension } = op.kind else {
            continue;
        };
        if chosen.contains(&op_id)
            || op.results.len() != 1
            || op.operands.len() < 2
            || results.contains(&op.results[0])
            || in_place.iter().any(|c| c.operands.contains(&op.results[0]))
        {
            // An operand of an in-place concat is stored into that concat's buffer by a
            // region: this one must stay a region's concat.
            continue;
        }
        let within = in_place.iter().find(|c| {
            c.dimension == dimension
                && c.operands
                    .windows(op.operands.len())
                    .any(|w| w == op.operands.as_slice())
        });
        if let Some(c) = within {
            out.push(InPlaceConcat {
                op: op_id,
                result: op.results[0],
                dimension,
                operands: op.operands.clone(),
                slice_of: Some(c.result),
            });
        }
    }
    out
}

/// The elementwise op that region `index` (a reduction root with no epilogue, storing its one
/// result `v`) can take as a narrowing epilogue (see `partition`): `v`'s only reader, a generic
/// in another region that it does not root, reading `v` at its output point (identity maps,
/// the same shape), storing a type of fewer bytes on `target`, and reading nothing else that
/// its region or `index` computes; the workgroup-scope cooperative-matrix kernels' epilogue
/// rule holds as for any epilogue.
fn narrowing_consumer(
    function: &Function,
    target: &LoweringTarget,
    users: &HashMap<ValueId, Vec<OpId>>,
    results: &HashSet<ValueId>,
    region_of: &HashMap<OpId, usize>,
    regions: &[(RegionKind, OpId, Option<OpId>)],
    index: usize,
) -> Option<OpId> {
    let (kind, root, epilogue) = regions[index];
    let root_op = &function.ops[root];
    let (RegionKind::Reduction, None, &[v]) = (kind, epilogue, &root_op.results[..]) else {
        return None;
    };
    if results.contains(&v) || region_of.get(&root) != Some(&index) {
        return None;
    }
    let &[consumer] = users.get(&v)?.as_slice() else {
        return None;
    };
    let consumer_region = *region_of.get(&consumer)?;
    let op = &function.ops[consumer];
    if consumer_region == index
        || regions[consumer_region].1 == consumer
        || regions[consumer_region].2 == Some(consumer)
        || !matches!(op.kind, OpKind::Generic(_))
        || classify(&op.kind) != OpClass::Elementwise
    {
        return None;
    }
    let &[r] = &op.results[..] else {
        return None;
    };
    let (Some(stored), Some(narrow)) = (
        function.values[v].ty.as_tensor(),
        function.values[r].ty.as_tensor(),
    ) else {
        return None;
    };
    let bytes = |dtype| target.storage_type(dtype).ok().map(|s| s.size_bytes());
    let narrower =
        matches!((bytes(narrow.dtype), bytes(stored.dtype)), (Some(a), Some(b)) if a < b);
    let elsewhere = op.operands.iter().all(|&x| {
        x == v
            || function
                .defining_op(x)
                .and_then(|d| region_of.get(&d))
                .is_none_or(|&r| r != consumer_region && r != index)
    });
    let matrix_epilogue =
        !crate::kernel_config::region::prefers_workgroup_matrix(function, root_op, target)
            || crate::kernel_config::region::matrix_epilogue_fits(
                function, root_op, consumer, target,
            );
    (narrower
        && narrow.shape == stored.shape
        && elsewhere
        && matrix_epilogue
        && reads_only_at_identity(function, &HashSet::from([consumer]), consumer, v))
    .then_some(consumer)
}

/// Where `producer` would be evaluated if it joined the region of its consumers (all of which
/// are in one region, with their evaluations known: they come later in the body).
fn evaluations_in(
    function: &Function,
    users: &HashMap<ValueId, Vec<OpId>>,
    evaluations: &HashMap<OpId, Evaluations>,
    roots: &HashSet<OpId>,
    producer: &Op,
) -> Evaluations {
    let mut total = Evaluations::default();
    for &r in &producer.results {
        for &user in users.get(&r).map(Vec::as_slice).unwrap_or(&[]) {
            let Some(at) = evaluations.get(&user) else {
                continue;
            };
            total.add_reads(&function.ops[user], at, roots.contains(&user), r);
        }
    }
    total
}

/// Whether evaluating `root` at its output point reads `v` only at that same point (identity
/// maps all the way down inside the region).
fn reads_only_at_identity(
    function: &Function,
    region: &HashSet<OpId>,
    root: OpId,
    v: ValueId,
) -> bool {
    // (op, evaluated at identity?)
    let mut stack = vec![(root, true)];
    let mut seen = HashSet::new();
    while let Some((op_id, identity)) = stack.pop() {
        if !seen.insert((op_id, identity)) {
            continue;
        }
        let op = &function.ops[op_id];
        let maps: Option<&[AffineMap]> = match &op.kind {
            OpKind::Generic(g) => Some(&g.indexing_maps),
            _ => None,
        };
        let init_identity = match &op.kind {
            OpKind::Generic(g) => g
                .indexing_maps
                .last()
                .is_some_and(|m| *m == AffineMap::identity(m.num_dims)),
            _ => false,
        };
        for (i, &operand) in op.operands.iter().enumerate() {
            let map_identity = maps.is_some_and(|m| {
                m.get(i)
                    .is_some_and(|m| *m == AffineMap::identity(m.num_dims))
            });
            let here = identity && init_identity && map_identity;
            if operand == v && !here {
                return false;
            }
            if let Some(def) = function.defining_op(operand) {
                if region.contains(&def) {
                    stack.push((def, here));
                }
            }
        }
    }
    true
}

/// Whether `op` only moves its one input's elements: a generic yielding its input, read
/// through a permutation of the loop dims, each maybe offset by a constant (a transpose, such
/// as the head split of attention, or a slice: `merge-matmuls`' columns of the merged query /
/// key / value projection). It costs a matmul reading it no more than the copy's own dispatch
/// would (a BERT-base layer at batch 1 keeps four dispatches of ~4 us fewer: the query / key /
/// value transposes and the attention output's).
fn moves_elements(op: &Op) -> bool {
    let OpKind::Generic(g) = &op.kind else {
        return false;
    };
    let dim_of = |e: &AffineExpr| match e {
        AffineExpr::Dim(d) => Some(*d),
        AffineExpr::Add(a, b) => match (a.as_ref(), b.as_ref()) {
            (AffineExpr::Dim(d), AffineExpr::Constant(c)) if *c >= 0 => Some(*d),
            _ => None,
        },
        _ => None,
    };
    let dims: Option<Vec<usize>> = g.indexing_maps[0].results.iter().map(dim_of).collect();
    let permutation = dims.is_some_and(|mut dims| {
        dims.sort_unstable();
        dims == (0..g.iterator_types.len()).collect::<Vec<_>>()
    });
    g.num_inputs == 1
        && op.results.len() == 1
        && g.iterator_types
            .iter()
            .all(|t| *t == IteratorType::Parallel)
        && g.body.instructions.is_empty()
        && g.body.yields == [ScalarRef::Argument(0)]
        && permutation
        && g.indexing_maps[1] == AffineMap::identity(g.iterator_types.len())
}

/// Whether every indexing map of generic `op` is a projection of its loop dims: a (batch)
/// matmul, not a convolution's window.
fn reads_through_projections(op: &Op) -> bool {
    match &op.kind {
        OpKind::Generic(g) => g.indexing_maps.iter().all(|m| m.as_projection().is_some()),
        _ => false,
    }
}

/// Whether `v` will be stored by a region that exists anyway once the concat reading it is in
/// place: a value other ops read too (computed, not a constant), the result of a root (a
/// reduction: conv, matmul, pooling; softmax), of a concat (copied or in place), or of an
/// elementwise op reached from a root's result through elementwise ops each read only by the
/// next (it becomes that root's epilogue: bias, batch norm, activation). Other elementwise
/// operands would each take a dispatch of their own, where the concat's copy computed them all
/// in one.
fn stored_by_a_root(
    function: &Function,
    users: &HashMap<ValueId, Vec<OpId>>,
    v: ValueId,
    depth: usize,
) -> bool {
    let Some(p) = function.defining_op(v) else {
        return false;
    };
    let producer = &function.ops[p];
    if producer.results.len() != 1 {
        return false;
    }
    let class = classify(&producer.kind);
    if depth == 0 && users[&v].len() > 1 {
        // Read by other ops too: computed, it has a region (and a buffer) of its own already.
        return !matches!(class, OpClass::Free | OpClass::DenseConstant);
    }
    match (class, &producer.kind) {
        (OpClass::Reduction | OpClass::Softmax, _) => depth == 0 || users[&v].len() == 1,
        (_, OpKind::Concat { .. }) => depth == 0,
        (OpClass::Elementwise, OpKind::Generic(_)) if depth < MAX_REGION_OPS => {
            (depth == 0 || users[&v].len() == 1)
                && producer.operands.iter().any(|&x| {
                    function.values[x].ty.as_tensor().is_some()
                        && stored_by_a_root(function, users, x, depth + 1)
                })
        }
        _ => false,
    }
}

/// Whether `ops` (one region) are pointwise ops of `v` storing `stored`: all-parallel generics
/// of one result with `v`'s shape, each reading `v` and the results of `ops` at its own point
/// (anything else through any map), `stored` among their results (see the softmax epilogues
/// of `partition`).
fn pointwise_of(function: &Function, v: ValueId, ops: &[OpId], stored: ValueId) -> bool {
    let shape = |x: ValueId| function.values[x].ty.as_tensor().map(|t| t.shape.clone());
    let inner: HashSet<ValueId> = ops
        .iter()
        .flat_map(|&o| function.ops[o].results.iter().copied())
        .chain([v])
        .collect();
    inner.contains(&stored)
        && ops.iter().all(|&o| {
            let op = &function.ops[o];
            let OpKind::Generic(g) = &op.kind else {
                return false;
            };
            let rank = g.iterator_types.len();
            let identity = |m: &AffineMap| m.as_projection() == Some((0..rank).collect());
            op.results.len() == 1
                && shape(op.results[0]).is_some()
                && shape(op.results[0]) == shape(v)
                && g.iterator_types
                    .iter()
                    .all(|t| *t == IteratorType::Parallel)
                && identity(&g.indexing_maps[g.num_inputs])
                && op
                    .operands
                    .iter()
                    .enumerate()
                    .all(|(j, x)| !inner.contains(x) || identity(&g.indexing_maps[j]))
        })
}

//! `channels-last`: the 4-D activations of a model given in NCHW (every ONNX CNN) are stored
//! NHWC between kernels, and the filters of its convolutions HWCF, so that a convolution's
//! implicit GEMM reads both operands contiguously along its tiles (the input along the
//! reduction's channel dim, the filter along the output channels) and stores its output
//! contiguously along the output channels: the form of `linalg.conv_2d_nhwc_hwcf`, whose
//! kernels run several times faster than the same convolution read through NCHW maps.
//!
//! Nothing is transposed at run time. A `linalg.generic` reads and writes its operands through
//! indexing maps, so storing a tensor with its dims permuted only permutes the results of the
//! maps that access it; `tensor.pad` and `tensor.concat` permute their dims along; constants
//! have their data permuted once, here. The values that must share a layout (a generic's
//! result and its init, a pad's result and its input, a concat's operands and result) form
//! one class, and a class changes layout only when every member can: a rank-4 tensor defined
//! by a generic, pad, concat, `tensor.empty` or constant, used only by those ops, and neither
//! an argument nor a result of the function (the signature keeps ONNX's layout).
//!
//! The generics that keep batch and channel in the first two places of their rank-4 operands
//! (elementwise ops, batch norm, depthwise convs, pooling windows) join their operands' classes
//! too, so that whole chains of layers change together and no elementwise op is left
//! transposing between layouts (fusion would not take it as an epilogue). Which classes: the
//! inputs and outputs of every NCHW convolution (a contraction whose input 0 is `(n, c,
//! h-window, w-window)` with `c` a reduction dim and whose init is `(n, f, oh, ow)`) take
//! NHWC, its filter `(f, c, kh, kw)` takes HWCF; a class asked for both keeps its own. Last, each generic that
//! touches a converted value gets its loop dims reordered into the named-op order (parallel
//! dims as its init is stored, then reduction dims as input 0 is read): for a convolution,
//! `(n, oh, ow, f, kh, kw, c)`, what decomposing `conv_2d_nhwc_hwcf` gives, so the kernel
//! configuration sees the channel dim as the innermost of the reduction.
//!
//! The graph input itself (a function argument, which keeps its layout) is copied at entry
//! where a conv reads it and it has few channels (`arguments.rs`,
//! `Heuristics::channels_last_input_max_channels`): the copy is one small transposing kernel,
//! after which the class it starts changes like any other (the image network's first conv
//! reads NHWC, its channels padded to 4 with zeros where the filters are constants).
//!
//! Runs after `decompose` (everything it rewrites is a generic by then) and before
//! `split-reduction` (which then splits the NHWC form).

use crate::error::CompileError;
use crate::heuristics::Heuristics;
use crate::pass::{CompilationUnit, Pass, Phase};
use kiln_frontend::*;
use std::collections::HashMap;

mod arguments;
mod classes;

use classes::{channel_split, member_permutation, wanted_layouts, Classes, NHWC};

pub struct ChannelsLast;

impl Pass for ChannelsLast {
    fn name(&self) -> &'static str {
        "channels-last"
    }
    fn summary(&self) -> &'static str {
        "NCHW convolution networks -> NHWC activations and HWCF filters (maps permuted, no copies)"
    }
    fn requires(&self) -> Phase {
        Phase::Canonical
    }
    fn produces(&self) -> Phase {
        Phase::Canonical
    }
    fn run(&self, unit: &mut CompilationUnit) -> Result<(), CompileError> {
        channels_last(&mut unit.function, &unit.target.heuristics)
    }
}

/// Rewrites `f` as the module docs say. The function's signature is unchanged.
pub fn channels_last(f: &mut Function, heuristics: &Heuristics) -> Result<(), CompileError> {
    let copies = arguments::copy_arguments(f, heuristics)?;
    let classes = Classes::of(f, &copies);
    let wanted = wanted_layouts(f, &classes);
    if wanted.is_empty() {
        return Ok(());
    }
    let mut layout: HashMap<ValueId, Vec<usize>> = HashMap::new();
    let mut regrouped: HashMap<OpId, Vec<Vec<usize>>> = HashMap::new();
    for (&root, &perm) in &wanted {
        if !classes.convertible[&root] {
            continue;
        }
        // The class's collapses, regrouped on the logical types (before they change).
        let collapses: Option<Vec<_>> = classes
            .collapsed
            .iter()
            .filter(|&&(r, _)| r == root)
            .map(|&(_, op)| {
                let rank = f.values[f.ops[op].operands[0]].ty.as_tensor()?.rank();
                let perm = member_permutation(&perm, rank)?;
                Some((op, collapse_regrouped(f, op, &perm)?))
            })
            .collect();
        let Some(collapses) = collapses else {
            continue;
        };
        // A channel split or merge stays one (of the innermost dim) only in NHWC.
        let splits_fit = classes
            .split
            .iter()
            .all(|&op| perm == NHWC || classes.root(f.ops[op].operands[0]) != Some(root));
        let perms: Option<Vec<_>> = classes.members[&root]
            .iter()
            .map(|&v| {
                let rank = f.values[v].ty.as_tensor()?.rank();
                Some((v, member_permutation(&perm, rank)?))
            })
            .collect();
        let (true, Some(perms)) = (splits_fit, perms) else {
            continue;
        };
        regrouped.extend(collapses);
        layout.extend(perms);
    }
    if layout.is_empty() {
        return Ok(());
    }
    if heuristics.channel_constants_last != 0 {
        channel_constants_last(f, &mut layout);
    }
    apply(f, &layout, regrouped)
}

/// Rank-3 constants read along the channels of converted values are stored channels innermost
/// (`layout` gains them): the `(c, kh, kw)` filters of depthwise convs whose input turns NHWC
/// become `(kh, kw, c)`, and per-channel `[C, 1, 1]` operands (a conv's bias, a batch norm's
/// parameters, broadcast as in NCHW) read at `(c, 0, 0)` become `[1, 1, C]`. The kernels' lanes
/// walk the channels, so they then read consecutive elements (and `vectorize`, which wants the
/// innermost index on the innermost dim, can take them) rather than elements a window apart or
/// a unit dim in front. Only constants every reader of which is a generic (each has its map
/// permuted along) and that are not function results.
fn channel_constants_last(f: &Function, layout: &mut HashMap<ValueId, Vec<usize>>) {
    use AffineExpr::{Constant, Dim};
    let converted = |v: &ValueId| layout.get(v).map(Vec::as_slice) == Some(&NHWC[..]);
    let dense_rank3 = |v: ValueId| {
        let dense = f
            .defining_op(v)
            .is_some_and(|d| matches!(f.ops[d].kind, OpKind::Constant(ConstantValue::Dense(_))));
        dense && f.values[v].ty.as_tensor().is_some_and(|t| t.rank() == 3)
    };
    let mut constants = Vec::new();
    for &op_id in &f.body {
        let op = &f.ops[op_id];
        let OpKind::Generic(g) = &op.kind else {
            continue;
        };
        if let Some((input, _)) = classes::depthwise_nchw_conv(op, g) {
            if converted(&input) && dense_rank3(op.operands[1]) {
                constants.push(op.operands[1]);
            }
            continue;
        }
        // The channel loop dim of a converted operand (still its logical NCHW map here).
        let Some(channel) = op.operands.iter().zip(&g.indexing_maps).find_map(|(v, m)| {
            match (converted(v), m.results.get(1)) {
                (true, Some(Dim(d))) if m.results.len() == 4 => Some(*d),
                _ => None,
            }
        }) else {
            continue;
        };
        for (&v, map) in op.operands.iter().zip(&g.indexing_maps) {
            let per_channel = matches!(
                &map.results[..],
                [Dim(d), Constant(0), Constant(0)] if *d == channel
            );
            let unit_dims = f.values[v]
                .ty
                .as_tensor()
                .and_then(TensorType::static_shape)
                .is_some_and(|s| s.len() == 3 && s[1] == 1 && s[2] == 1);
            if per_channel && unit_dims && dense_rank3(v) {
                constants.push(v);
            }
        }
    }
    for v in constants {
        let generic_readers = f.body.iter().all(|&op| {
            !f.ops[op].operands.contains(&v) || matches!(f.ops[op].kind, OpKind::Generic(_))
        });
        if generic_readers && !f.results.contains(&v) {
            layout.insert(v, vec![1, 2, 0]);
        }
    }
}

/// `results` stored with physical dim `j` = logical dim `perm[j]`.
fn permuted<T: Clone>(items: &[T], perm: &[usize]) -> Vec<T> {
    perm.iter().map(|&d| items[d].clone()).collect()
}

/// Rewrites the values of `layout` (value -> permutation) and every op touching them; the
/// collapses of converted values take their reassociations from `regrouped`.
fn apply(
    f: &mut Function,
    layout: &HashMap<ValueId, Vec<usize>>,
    mut regrouped: HashMap<OpId, Vec<Vec<usize>>>,
) -> Result<(), CompileError> {
    let internal = |m: String| CompileError::internal("channels-last", m);
    for (&v, perm) in layout {
        let Type::Tensor(t) = &f.values[v].ty else {
            return Err(internal(format!("{v:?} is not a tensor")));
        };
        let t = TensorType::new(permuted(&t.shape, perm), t.dtype);
        f.values.get_mut(v).ty = Type::Tensor(t);
    }
    let body = f.body.clone();
    for op_id in body {
        let op = f.ops[op_id].clone();
        let moved = |v: &ValueId| layout.contains_key(v);
        if !op.operands.iter().chain(&op.results).any(moved) {
            continue;
        }
        let kind = match op.kind {
            OpKind::Generic(mut g) => {
                for (i, v) in op.operands.iter().enumerate() {
                    if let Some(perm) = layout.get(v) {
                        let map = &mut g.indexing_maps[i];
                        map.results = permuted(&map.results, perm);
                    }
                }
                reorder_loops(&mut g);
                OpKind::Generic(g)
            }
            OpKind::Pad { low, high } => {
                let perm = &layout[&op.results[0]];
                OpKind::Pad {
                    low: permuted(&low, perm),
                    high: permuted(&high, perm),
                }
            }
            OpKind::Concat { dimension } => {
                let perm = &layout[&op.results[0]];
                let dimension = perm
                    .iter()
                    .position(|&d| d == dimension)
                    .ok_or_else(|| internal(format!("concat dim {dimension}")))?;
                OpKind::Concat { dimension }
            }
            OpKind::Constant(ConstantValue::Dense(data)) => {
                let perm = &layout[&op.results[0]];
                let shape = f.values[op.results[0]]
                    .ty
                    .as_tensor()
                    .and_then(TensorType::static_shape)
                    .ok_or_else(|| internal("dense constant of a dynamic shape".into()))?;
                OpKind::Constant(ConstantValue::Dense(permute_data(&data, &shape, perm)))
            }
            // NCHW's channel split is NHWC's split of the innermost dim (a view either way).
            OpKind::ExpandShape { .. } if channel_split(&op) => OpKind::ExpandShape {
                reassociation: vec![vec![0], vec![1], vec![2], vec![3, 4]],
            },
            OpKind::CollapseShape { .. } if channel_split(&op) => OpKind::CollapseShape {
                reassociation: vec![vec![0], vec![1], vec![2], vec![3, 4]],
            },
            OpKind::CollapseShape { .. } => OpKind::CollapseShape {
                reassociation: regrouped
                    .remove(&op_id)
                    .ok_or_else(|| internal("collapse_shape of a result".into()))?,
            },
            kind @ (OpKind::Constant(_) | OpKind::Empty) => kind,
            other => {
                return Err(internal(format!(
                    "{} touches a converted value",
                    other.name()
                )))
            }
        };
        f.ops.get_mut(op_id).kind = kind;
    }
    Ok(())
}

/// Dense data of physical shape `shape` (already permuted) rearranged from the logical
/// row-major order into the physical one.
fn permute_data(data: &ElementsData, shape: &[u64], perm: &[usize]) -> ElementsData {
    let rank = perm.len();
    // Logical shape: logical dim perm[j] has size shape[j].
    let mut logical = vec![0u64; rank];
    for (j, &d) in perm.iter().enumerate() {
        logical[d] = shape[j];
    }
    let mut logical_strides = vec![1u64; rank];
    for d in (0..rank.saturating_sub(1)).rev() {
        logical_strides[d] = logical_strides[d + 1] * logical[d + 1];
    }
    let total: u64 = shape.iter().product();
    let mut source = Vec::with_capacity(total as usize);
    let mut index = vec![0u64; rank];
    for _ in 0..total {
        let at: u64 = (0..rank).map(|j| index[j] * logical_strides[perm[j]]).sum();
        source.push(at as usize);
        for j in (0..rank).rev() {
            index[j] += 1;
            if index[j] < shape[j] {
                break;
            }
            index[j] = 0;
        }
    }
    fn gather<T: Copy>(v: &[T], source: &[usize]) -> Vec<T> {
        source.iter().map(|&i| v[i]).collect()
    }
    match data {
        ElementsData::F64(v) => ElementsData::F64(gather(v, &source)),
        ElementsData::F32(v) => ElementsData::F32(gather(v, &source)),
        ElementsData::F16(v) => ElementsData::F16(gather(v, &source)),
        ElementsData::BF16(v) => ElementsData::BF16(gather(v, &source)),
        ElementsData::I64(v) => ElementsData::I64(gather(v, &source)),
        ElementsData::I32(v) => ElementsData::I32(gather(v, &source)),
        ElementsData::I8(v) => ElementsData::I8(gather(v, &source)),
        ElementsData::I1(v) => ElementsData::I1(gather(v, &source)),
    }
}

/// Reorders the loop dims of `g`: its init's dims in the order the init is stored, the other
/// parallel dims, then the reduction dims in the order input 0 reads them, then the rest.
fn reorder_loops(g: &mut Generic) {
    let n = g.iterator_types.len();
    let mut order: Vec<usize> = Vec::with_capacity(n);
    let push = |order: &mut Vec<usize>, d: usize| {
        if !order.contains(&d) {
            order.push(d);
        }
    };
    let parallel = |d: usize| g.iterator_types[d] == IteratorType::Parallel;
    if let Some(init) = g.indexing_maps.get(g.num_inputs) {
        for e in &init.results {
            if let AffineExpr::Dim(d) = e {
                push(&mut order, *d);
            }
        }
    }
    for d in (0..n).filter(|&d| parallel(d)) {
        push(&mut order, d);
    }
    for map in &g.indexing_maps[..g.num_inputs.min(1)] {
        for e in &map.results {
            let mut used = vec![false; n];
            e.collect_dims(&mut used);
            for d in (0..n).filter(|&d| used[d] && !parallel(d)) {
                push(&mut order, d);
            }
        }
    }
    for d in 0..n {
        push(&mut order, d);
    }
    if order.iter().enumerate().all(|(i, &d)| i == d) {
        return;
    }
    // New loop dim i is old dim order[i].
    let mut new_of = vec![0; n];
    for (i, &d) in order.iter().enumerate() {
        new_of[d] = i;
    }
    for map in &mut g.indexing_maps {
        for e in &mut map.results {
            e.rename_dims(&new_of);
        }
    }
    g.iterator_types = order.iter().map(|&d| g.iterator_types[d]).collect();
}

/// The reassociation of `tensor.collapse_shape` op `collapse` once its input is stored with its
/// dims permuted by `perm`, where that reads the same elements in the same order: the
/// permutation moves only unit dims (the others keep their order), and the permuted dims group
/// into the collapse's result dims (products of static sizes, a symbolic dim alone with unit
/// dims). Reads the logical types (before [`apply`] changes them).
fn collapse_regrouped(f: &Function, collapse: OpId, perm: &[usize]) -> Option<Vec<Vec<usize>>> {
    let user = &f.ops[collapse];
    let shape = &f.values[*user.operands.first()?].ty.as_tensor()?.shape;
    let unit = |d: &Dim| d.as_static() == Some(1);
    let kept: Vec<usize> = perm.iter().copied().filter(|&d| !unit(&shape[d])).collect();
    if kept.windows(2).any(|w| w[0] > w[1]) {
        return None;
    }
    let physical = permuted(shape, perm);
    let result = &f.values[user.results[0]].ty.as_tensor()?.shape;
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut next = 0;
    for target in result {
        let mut group = Vec::new();
        let mut product: Option<u64> = Some(1);
        let mut symbol = false;
        while next < physical.len() {
            let done = match target {
                Dim::Static(t) => product == Some(*t) && !group.is_empty(),
                Dim::Symbol(_) => symbol,
            };
            if done && !unit(&physical[next]) {
                break;
            }
            match &physical[next] {
                Dim::Static(n) => product = product.map(|p| p * n),
                d @ Dim::Symbol(_) => {
                    if *d != *target || symbol {
                        return None;
                    }
                    symbol = true;
                }
            }
            group.push(next);
            next += 1;
        }
        let matched = match target {
            Dim::Static(t) => product == Some(*t),
            Dim::Symbol(_) => symbol && product == Some(1),
        };
        if !matched || group.is_empty() {
            return None;
        }
        groups.push(group);
    }
    (next == physical.len()).then_some(groups)
}

#[cfg(test)]
mod tests {
    use super::classes::NHWC;
    use super::*;

    #[test]
    fn permuted_data_reads_each_logical_element_at_its_physical_place() {
        // Logical NCHW [2, 3, 2, 2] holding its own row-major index.
        let values: Vec<f32> = (0..24).map(|i| i as f32).collect();
        let physical_shape = [2, 2, 2, 3];
        let ElementsData::F32(out) =
            permute_data(&ElementsData::F32(values), &physical_shape, &NHWC)
        else {
            panic!("dtype changed");
        };
        for n in 0..2 {
            for h in 0..2 {
                for w in 0..2 {
                    for c in 0..3 {
                        let physical = ((n * 2 + h) * 2 + w) * 3 + c;
                        let logical = ((n * 3 + c) * 2 + h) * 2 + w;
                        assert_eq!(out[physical], logical as f32, "n{n} h{h} w{w} c{c}");
                    }
                }
            }
        }
    }
}

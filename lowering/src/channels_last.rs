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
//! Runs after `decompose` (everything it rewrites is a generic by then) and before
//! `split-reduction` (which then splits the NHWC form).

use crate::error::CompileError;
use crate::pass::{CompilationUnit, Pass, Phase};
use kiln_frontend::*;
use std::collections::HashMap;

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
        channels_last(&mut unit.function)
    }
}

/// Physical dim `j` of a converted activation is logical dim `NHWC[j]`.
const NHWC: [usize; 4] = [0, 2, 3, 1];
/// Physical dim `j` of a converted filter `(f, c, kh, kw)` is logical dim `HWCF[j]`.
const HWCF: [usize; 4] = [2, 3, 1, 0];

/// Rewrites `f` as the module docs say. The function's signature is unchanged.
pub fn channels_last(f: &mut Function) -> Result<(), CompileError> {
    let classes = Classes::of(f);
    let wanted = wanted_layouts(f, &classes);
    if wanted.is_empty() {
        return Ok(());
    }
    let mut layout: HashMap<ValueId, [usize; 4]> = HashMap::new();
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
            .map(|&(_, op)| Some((op, collapse_regrouped(f, op, &perm)?)))
            .collect();
        let Some(collapses) = collapses else {
            continue;
        };
        regrouped.extend(collapses);
        for &v in &classes.members[&root] {
            layout.insert(v, perm);
        }
    }
    if layout.is_empty() {
        return Ok(());
    }
    apply(f, &layout, regrouped)
}

/// The layout classes of the rank-4 tensor values: union-find by value.
struct Classes {
    parent: HashMap<ValueId, ValueId>,
    /// Members of each class, by root.
    members: HashMap<ValueId, Vec<ValueId>>,
    /// Whether each class (by root) can change layout.
    convertible: HashMap<ValueId, bool>,
    /// (root, op) of each `tensor.collapse_shape` reading a member: the class changes layout
    /// only where the collapse reads the same elements in the same order
    /// ([`collapse_regrouped`]: a pooled `N x C x 1 x 1` flattened to `N x C`).
    collapsed: Vec<(ValueId, OpId)>,
}

impl Classes {
    fn of(f: &Function) -> Classes {
        let mut c = Classes {
            parent: HashMap::new(),
            members: HashMap::new(),
            convertible: HashMap::new(),
            collapsed: Vec::new(),
        };
        let rank4 = |v: ValueId| f.values[v].ty.as_tensor().is_some_and(|t| t.rank() == 4);
        let mut all = Vec::new();
        for &op_id in &f.body {
            let op = &f.ops[op_id];
            for &v in op.operands.iter().chain(&op.results) {
                if rank4(v) && !c.parent.contains_key(&v) {
                    c.parent.insert(v, v);
                    all.push(v);
                }
            }
        }
        for &v in f.arguments.iter().chain(&f.results) {
            if rank4(v) && !c.parent.contains_key(&v) {
                c.parent.insert(v, v);
                all.push(v);
            }
        }
        for &op_id in &f.body {
            let op = &f.ops[op_id];
            match &op.kind {
                OpKind::Generic(g) => {
                    for (k, &r) in op.results.iter().enumerate() {
                        if let Some(&init) = op.operands.get(g.num_inputs + k) {
                            c.union(r, init);
                        }
                    }
                    // Operands in step (elementwise ops, pooling windows) share a layout: an
                    // op reading one layout and writing another would be a transpose, which
                    // fusion does not take as an epilogue.
                    let aligned = channel_aligned_operands(g);
                    for pair in aligned.windows(2) {
                        c.union(op.operands[pair[0]], op.operands[pair[1]]);
                    }
                }
                OpKind::Pad { .. } => c.union(op.results[0], op.operands[0]),
                OpKind::Concat { .. } => {
                    for &v in &op.operands {
                        c.union(op.results[0], v);
                    }
                }
                _ => {}
            }
        }
        let mut ok: HashMap<ValueId, bool> = HashMap::new();
        for &v in &all {
            let root = c.find(v);
            c.members.entry(root).or_default().push(v);
            let fine = value_can_move(f, v);
            let entry = ok.entry(root).or_insert(true);
            *entry &= fine;
        }
        for &op_id in &f.body {
            let op = &f.ops[op_id];
            let movable_user = matches!(
                op.kind,
                OpKind::Generic(_) | OpKind::Pad { .. } | OpKind::Concat { .. }
            );
            if !movable_user {
                for &v in &op.operands {
                    if c.parent.contains_key(&v) {
                        let root = c.find(v);
                        if matches!(op.kind, OpKind::CollapseShape { .. }) {
                            c.collapsed.push((root, op_id));
                        } else {
                            ok.insert(root, false);
                        }
                    }
                }
            }
        }
        for &v in f.arguments.iter().chain(&f.results) {
            if c.parent.contains_key(&v) {
                let root = c.find(v);
                ok.insert(root, false);
            }
        }
        c.convertible = ok;
        c
    }

    fn find(&mut self, v: ValueId) -> ValueId {
        let mut root = v;
        while self.parent[&root] != root {
            root = self.parent[&root];
        }
        let mut at = v;
        while at != root {
            let next = self.parent[&at];
            self.parent.insert(at, root);
            at = next;
        }
        root
    }

    /// The root of `v`'s class without path compression (for readers holding `&self`).
    fn root(&self, v: ValueId) -> Option<ValueId> {
        let mut root = *self.parent.get(&v)?;
        while self.parent[&root] != root {
            root = self.parent[&root];
        }
        Some(root)
    }

    fn union(&mut self, a: ValueId, b: ValueId) {
        if !self.parent.contains_key(&a) || !self.parent.contains_key(&b) {
            return;
        }
        let (ra, rb) = (self.find(a), self.find(b));
        if ra != rb {
            self.parent.insert(ra, rb);
        }
    }
}

/// Whether `v`'s definition lets it change layout (its uses are checked by the caller).
fn value_can_move(f: &Function, v: ValueId) -> bool {
    match f.defining_op(v) {
        None => false,
        Some(op) => matches!(
            f.ops[op].kind,
            OpKind::Generic(_)
                | OpKind::Pad { .. }
                | OpKind::Concat { .. }
                | OpKind::Empty
                | OpKind::Constant(_)
        ),
    }
}

/// The operands of an NCHW convolution: (input, filter, init).
fn nchw_conv(op: &Op, g: &Generic) -> Option<(ValueId, ValueId, ValueId)> {
    use AffineExpr::Dim;
    if g.num_inputs != 2 || op.operands.len() != 3 {
        return None;
    }
    let [input, filter, init] = [0, 1, 2].map(|i| &g.indexing_maps[i].results);
    if input.len() != 4 || filter.len() != 4 || init.len() != 4 {
        return None;
    }
    let parallel = |d: usize| g.iterator_types[d] == IteratorType::Parallel;
    let (Dim(n), Dim(c)) = (&input[0], &input[1]) else {
        return None;
    };
    let [Dim(n2), Dim(fo), Dim(oh), Dim(ow)] = [&init[0], &init[1], &init[2], &init[3]] else {
        return None;
    };
    let uses = |e: &AffineExpr, d: usize| {
        let mut used = vec![false; g.iterator_types.len()];
        e.collect_dims(&mut used);
        used[d]
    };
    let windows = uses(&input[2], *oh) && uses(&input[3], *ow);
    let filter_ok = filter[0] == Dim(*fo) && filter[1] == Dim(*c);
    (n == n2 && parallel(*n) && !parallel(*c) && parallel(*fo) && windows && filter_ok).then_some((
        op.operands[0],
        op.operands[1],
        op.operands[2],
    ))
}

/// The layout each class (by root) is asked to take: NHWC for the inputs and outputs of NCHW
/// convolutions, HWCF for their filters. Classes asked for both are left out.
fn wanted_layouts(f: &Function, classes: &Classes) -> HashMap<ValueId, [usize; 4]> {
    let mut wanted: HashMap<ValueId, [usize; 4]> = HashMap::new();
    let mut conflicted = Vec::new();
    for &op_id in &f.body {
        let op = &f.ops[op_id];
        let OpKind::Generic(g) = &op.kind else {
            continue;
        };
        let Some((input, filter, init)) = nchw_conv(op, g) else {
            continue;
        };
        for (v, perm) in [(input, NHWC), (init, NHWC), (filter, HWCF)] {
            let Some(root) = classes.root(v) else {
                continue;
            };
            match wanted.insert(root, perm) {
                Some(p) if p != perm => conflicted.push(root),
                _ => {}
            }
        }
    }
    for root in conflicted {
        wanted.remove(&root);
    }
    wanted
}

/// The rank-4 operands of `g` (inputs and inits) that hold batch and channel in their first
/// two dims as its init does: the same parallel loop dims there, no reduction dim indexing a
/// whole operand dim (a matmul's k), so that one permutation of their dims keeps them in step.
/// Empty when `g` is not such a generic (a contraction, a transpose).
fn channel_aligned_operands(g: &Generic) -> Vec<usize> {
    use AffineExpr::Dim;
    let Some(init) = g.indexing_maps.get(g.num_inputs) else {
        return Vec::new();
    };
    let parallel =
        |e: &AffineExpr| matches!(e, Dim(d) if g.iterator_types[*d] == IteratorType::Parallel);
    if init.results.len() < 2 || !parallel(&init.results[0]) || !parallel(&init.results[1]) {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (i, map) in g.indexing_maps.iter().enumerate() {
        let r = &map.results;
        if r.len() != 4 {
            continue;
        }
        if r.iter()
            .any(|e| matches!(e, Dim(d) if g.iterator_types[*d] == IteratorType::Reduction))
        {
            return Vec::new();
        }
        if r[0] == init.results[0] && r[1] == init.results[1] {
            out.push(i);
        }
    }
    out
}

/// `results` stored with physical dim `j` = logical dim `perm[j]`.
fn permuted<T: Clone>(items: &[T], perm: &[usize; 4]) -> Vec<T> {
    perm.iter().map(|&d| items[d].clone()).collect()
}

/// Rewrites the values of `layout` (value -> permutation) and every op touching them; the
/// collapses of converted values take their reassociations from `regrouped`.
fn apply(
    f: &mut Function,
    layout: &HashMap<ValueId, [usize; 4]>,
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
                let perm = layout[&op.results[0]];
                OpKind::Pad {
                    low: permuted(&low, &perm),
                    high: permuted(&high, &perm),
                }
            }
            OpKind::Concat { dimension } => {
                let perm = layout[&op.results[0]];
                let dimension = perm
                    .iter()
                    .position(|&d| d == dimension)
                    .ok_or_else(|| internal(format!("concat dim {dimension}")))?;
                OpKind::Concat { dimension }
            }
            OpKind::Constant(ConstantValue::Dense(data)) => {
                let perm = layout[&op.results[0]];
                let shape = f.values[op.results[0]]
                    .ty
                    .as_tensor()
                    .and_then(TensorType::static_shape)
                    .ok_or_else(|| internal("dense constant of a dynamic shape".into()))?;
                OpKind::Constant(ConstantValue::Dense(permute_data(&data, &shape, &perm)))
            }
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
fn permute_data(data: &ElementsData, shape: &[u64], perm: &[usize; 4]) -> ElementsData {
    // Logical shape: logical dim perm[j] has size shape[j].
    let mut logical = [0u64; 4];
    for (j, &d) in perm.iter().enumerate() {
        logical[d] = shape[j];
    }
    let mut logical_strides = [1u64; 4];
    for d in (0..3).rev() {
        logical_strides[d] = logical_strides[d + 1] * logical[d + 1];
    }
    let total: u64 = shape.iter().product();
    let mut source = Vec::with_capacity(total as usize);
    let mut index = [0u64; 4];
    for _ in 0..total {
        let at: u64 = (0..4).map(|j| index[j] * logical_strides[perm[j]]).sum();
        source.push(at as usize);
        for j in (0..4).rev() {
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
fn collapse_regrouped(f: &Function, collapse: OpId, perm: &[usize; 4]) -> Option<Vec<Vec<usize>>> {
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

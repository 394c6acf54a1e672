//! The layout classes of `channels-last` (see its module docs): which rank-4 values must share
//! a layout (union-find), which classes can change it, and which layout the convolutions ask
//! each class for.

use kiln_frontend::*;
use std::collections::{HashMap, HashSet};

/// Physical dim `j` of a converted activation is logical dim `NHWC[j]`.
pub(super) const NHWC: [usize; 4] = [0, 2, 3, 1];
/// Physical dim `j` of a converted filter `(f, c, kh, kw)` is logical dim `HWCF[j]`.
pub(super) const HWCF: [usize; 4] = [2, 3, 1, 0];
/// A grouped convolution's operands in their rank-5 form (`conv_2d_ngchw_gfchw` between
/// reshapes): an activation `(n, g, c, h, w)` of an NHWC class is stored `(n, h, w, g, c)`, so
/// that its channel split (`tensor.expand_shape [[0], [1, 2], [3], [4]]`) splits the innermost
/// dim of the NHWC tensor; a filter `(g, f, c, kh, kw)` asked for HWCF is stored
/// `(g, kh, kw, c, f)`.
pub(super) const NHWGC: [usize; 5] = [0, 3, 4, 1, 2];
pub(super) const GHWCF: [usize; 5] = [0, 3, 4, 2, 1];

/// The permutation a member of rank `rank` takes in a class asked for `layout` (NHWC or HWCF,
/// its rank-4 form); `None` for ranks the layout has no form of.
pub(super) fn member_permutation(layout: &[usize; 4], rank: usize) -> Option<Vec<usize>> {
    match rank {
        4 => Some(layout.to_vec()),
        5 if *layout == NHWC => Some(NHWGC.to_vec()),
        5 if *layout == HWCF => Some(GHWCF.to_vec()),
        _ => None,
    }
}

/// Whether `op` splits the channel dim of a rank-4 tensor in two (`tensor.expand_shape
/// [[0], [1, 2], [3], [4]]`: NCHW into a grouped convolution's NGCHW) or merges them back
/// (`tensor.collapse_shape` of the same groups). In an NHWC class both become the split / merge
/// of the innermost dim (`[[0], [1], [2], [3, 4]]`).
pub(super) fn channel_split(op: &Op) -> bool {
    let groups = match &op.kind {
        OpKind::ExpandShape { reassociation } | OpKind::CollapseShape { reassociation } => {
            reassociation
        }
        _ => return false,
    };
    *groups == [vec![0], vec![1, 2], vec![3], vec![4]]
}

/// The layout classes of the rank-4 tensor values: union-find by value.
pub(super) struct Classes {
    pub(super) parent: HashMap<ValueId, ValueId>,
    /// Members of each class, by root.
    pub(super) members: HashMap<ValueId, Vec<ValueId>>,
    /// Whether each class (by root) can change layout.
    pub(super) convertible: HashMap<ValueId, bool>,
    /// Whether each class (by root) could change layout if its members that are function
    /// arguments were copies of them instead ([`arguments::copy_arguments`]).
    pub(super) convertible_once_copied: HashMap<ValueId, bool>,
    /// (root, op) of each `tensor.collapse_shape` reading a member: the class changes layout
    /// only where the collapse reads the same elements in the same order
    /// ([`collapse_regrouped`]: a pooled `N x C x 1 x 1` flattened to `N x C`).
    pub(super) collapsed: Vec<(ValueId, OpId)>,
    /// The channel splits and merges ([`channel_split`]) joining rank-4 and rank-5 members.
    pub(super) split: Vec<OpId>,
}

impl Classes {
    /// The classes of `f`; the generics of `copies` (the argument copies) join their result
    /// to their init only, not to their input: they are where the layout changes.
    pub(super) fn of(f: &Function, copies: &HashSet<OpId>) -> Classes {
        let mut c = Classes {
            parent: HashMap::new(),
            members: HashMap::new(),
            convertible: HashMap::new(),
            convertible_once_copied: HashMap::new(),
            collapsed: Vec::new(),
            split: Vec::new(),
        };
        // Rank 5: grouped convolutions' operands, joined to their rank-4 tensors through
        // channel splits.
        let rank4 = |v: ValueId| {
            f.values[v]
                .ty
                .as_tensor()
                .is_some_and(|t| matches!(t.rank(), 4 | 5))
        };
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
                    let aligned = if copies.contains(&op_id) {
                        Vec::new()
                    } else {
                        channel_aligned_operands(g)
                    };
                    for pair in aligned.windows(2) {
                        c.union(op.operands[pair[0]], op.operands[pair[1]]);
                    }
                }
                OpKind::Pad { .. } => c.union(op.results[0], op.operands[0]),
                OpKind::ExpandShape { .. } | OpKind::CollapseShape { .. } if channel_split(op) => {
                    c.union(op.results[0], op.operands[0]);
                    c.split.push(op_id);
                }
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
            let rank = f.values[v].ty.as_tensor().map_or(0, TensorType::rank);
            let fine = (value_can_move(f, v) || f.arguments.contains(&v))
                && (rank == 4 || f.defining_op(v).is_some());
            let entry = ok.entry(root).or_insert(true);
            *entry &= fine;
        }
        for &op_id in &f.body {
            let op = &f.ops[op_id];
            let movable_user = matches!(
                op.kind,
                OpKind::Generic(_) | OpKind::Pad { .. } | OpKind::Concat { .. }
            ) || channel_split(op);
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
        for &v in &f.results {
            if c.parent.contains_key(&v) {
                let root = c.find(v);
                ok.insert(root, false);
            }
        }
        c.convertible_once_copied = ok.clone();
        for &v in &f.arguments {
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
    pub(super) fn root(&self, v: ValueId) -> Option<ValueId> {
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
        Some(op) => {
            matches!(
                f.ops[op].kind,
                OpKind::Generic(_)
                    | OpKind::Pad { .. }
                    | OpKind::Concat { .. }
                    | OpKind::Empty
                    | OpKind::Constant(_)
            ) || channel_split(&f.ops[op])
        }
    }
}

/// The operands of an NCHW convolution: (input, filter, init).
pub(super) fn nchw_conv(op: &Op, g: &Generic) -> Option<(ValueId, ValueId, ValueId)> {
    conv_operands(op, g, false)
}

/// The operands of a grouped NCHW convolution in its rank-5 form (`conv_2d_ngchw_gfchw`):
/// input `(n, g, c, h-window, w-window)`, filter `(g, f, c, kh, kw)`, init `(n, g, f, oh, ow)`.
pub(super) fn grouped_nchw_conv(op: &Op, g: &Generic) -> Option<(ValueId, ValueId, ValueId)> {
    conv_operands(op, g, true)
}

/// (input, filter, init) of a convolution whose input is `(n, [group,] c, h-window,
/// w-window)` with `c` a reduction dim, filter `([group,] f, c, kh, kw)` and init `(n,
/// [group,] f, oh, ow)`; the group dim (a parallel dim in all three) where `grouped`.
fn conv_operands(op: &Op, g: &Generic, grouped: bool) -> Option<(ValueId, ValueId, ValueId)> {
    use AffineExpr::Dim;
    if g.num_inputs != 2 || op.operands.len() != 3 {
        return None;
    }
    let lead = usize::from(grouped);
    let [input, filter, init] = [0, 1, 2].map(|i| &g.indexing_maps[i].results);
    if input.len() != 4 + lead || filter.len() != 4 + lead || init.len() != 4 + lead {
        return None;
    }
    let dim = |e: &AffineExpr| match e {
        Dim(d) => Some(*d),
        _ => None,
    };
    let parallel = |d: usize| g.iterator_types[d] == IteratorType::Parallel;
    let (n, c) = (dim(&input[0])?, dim(&input[1 + lead])?);
    let [n2, fo, oh, ow] = [0, 1 + lead, 2 + lead, 3 + lead].map(|i| dim(&init[i]));
    let (n2, fo, oh, ow) = (n2?, fo?, oh?, ow?);
    // The group dim, where there is one, at the same place in all three and parallel.
    let same_group = !grouped
        || (matches!(dim(&input[1]), Some(d) if parallel(d))
            && input[1] == init[1]
            && input[1] == filter[0]);
    let uses = |e: &AffineExpr, d: usize| {
        let mut used = vec![false; g.iterator_types.len()];
        e.collect_dims(&mut used);
        used[d]
    };
    let windows = uses(&input[2 + lead], oh) && uses(&input[3 + lead], ow);
    let filter_ok = filter[lead] == Dim(fo) && filter[1 + lead] == Dim(c);
    (n == n2 && parallel(n) && !parallel(c) && parallel(fo) && same_group && windows && filter_ok)
        .then_some((op.operands[0], op.operands[1], op.operands[2]))
}

/// The (input, init) of a depthwise NCHW convolution: input `(n, c, h-window, w-window)` and
/// init `(n, c, oh, ow)` with the same parallel `n` and `c`, a filter of rank 3 or 4 indexed by
/// `c` and the reduced window dims only (`(c, kh, kw)` or `(c, 0, kh, kw)`), multiply-accumulate
/// in the body being the importer's business. Its operands already share a class
/// ([`channel_aligned_operands`]); asking NHWC for it lets a network whose only convolutions are
/// depthwise (ConvNeXt's blocks, between transposes to and from NHWC for their LayerNorms and
/// linear layers) store its residual stream NHWC, where the conv reads along the channels.
pub(super) fn depthwise_nchw_conv(op: &Op, g: &Generic) -> Option<(ValueId, ValueId)> {
    use AffineExpr::Dim;
    if g.num_inputs != 2 || op.operands.len() != 3 {
        return None;
    }
    let [input, filter, init] = [0, 1, 2].map(|i| &g.indexing_maps[i].results);
    if input.len() != 4 || init.len() != 4 || !matches!(filter.len(), 3 | 4) {
        return None;
    }
    let parallel =
        |e: &AffineExpr| matches!(e, Dim(d) if g.iterator_types[*d] == IteratorType::Parallel);
    let reduction = |d: usize| g.iterator_types[d] == IteratorType::Reduction;
    let uses = |e: &AffineExpr, d: usize| {
        let mut used = vec![false; g.iterator_types.len()];
        e.collect_dims(&mut used);
        used[d]
    };
    let (Dim(oh), Dim(ow)) = (&init[2], &init[3]) else {
        return None;
    };
    let reduced: Vec<usize> = (0..g.iterator_types.len())
        .filter(|&d| reduction(d))
        .collect();
    let windowed = |e: &AffineExpr, o: usize| uses(e, o) && reduced.iter().any(|&r| uses(e, r));
    let filter_ok = filter[0] == init[1]
        && filter[1..].iter().all(|e| match e {
            Dim(d) => reduction(*d),
            AffineExpr::Constant(0) => true,
            _ => false,
        });
    (parallel(&input[0])
        && input[0] == init[0]
        && parallel(&input[1])
        && input[1] == init[1]
        && windowed(&input[2], *oh)
        && windowed(&input[3], *ow)
        && !reduced.is_empty()
        && filter_ok)
        .then_some((op.operands[0], op.operands[2]))
}

/// The layout each class (by root) is asked to take: NHWC for the inputs and outputs of NCHW
/// convolutions (grouped ones too, [`grouped_nchw_conv`]: their rank-5 operands take
/// [`NHWGC`]; depthwise ones, [`depthwise_nchw_conv`]), HWCF for their filters. Classes asked
/// for both are left out.
pub(super) fn wanted_layouts(f: &Function, classes: &Classes) -> HashMap<ValueId, [usize; 4]> {
    let mut wanted: HashMap<ValueId, [usize; 4]> = HashMap::new();
    let mut conflicted = Vec::new();
    for &op_id in &f.body {
        let op = &f.ops[op_id];
        let OpKind::Generic(g) = &op.kind else {
            continue;
        };
        let asks = match nchw_conv(op, g).or_else(|| grouped_nchw_conv(op, g)) {
            Some((input, filter, init)) => vec![(input, NHWC), (init, NHWC), (filter, HWCF)],
            None => match depthwise_nchw_conv(op, g) {
                Some((input, init)) => vec![(input, NHWC), (init, NHWC)],
                None => continue,
            },
        };
        for (v, perm) in asks {
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

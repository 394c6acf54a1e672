//! `merge-matmuls`: sibling linear layers become one matmul.
//!
//! Matmuls that read the same lhs (`[.., M, K] x [K, N_i]`, plain row-major maps, no batch
//! dims; f32, or f16 operands into an f32 accumulator as `--precision f16` writes them) with
//! constant weights, each into a uniform fill, are one matmul against the
//! weights concatenated along N (`[K, sum N_i]`, built once at compile time), and each old
//! result is a slice of its columns (`tensor.extract_slice`). Where every one of them is read
//! only by the same element-wise op with a constant per-column operand (a bias add), that op
//! runs once on the merged result against the concatenated operand and the slices take its
//! result. Attention's query / key / value projections are the case: three matmuls, three
//! biases and three dispatches' worth of fixed costs (plus SIMT split-K's sums) become one
//! matmul and one epilogue, and the slices join the attention matmuls reading them as
//! producers (`fusion::moves_elements`).

use crate::error::CompileError;
use crate::pass::{CompilationUnit, Pass, Phase};
use crate::structured::{is_uniform_fill, plain_matmul_problem, remove_dead_ops};
use kiln_frontend::*;
use std::collections::HashMap;

pub struct MergeMatmuls;

impl Pass for MergeMatmuls {
    fn name(&self) -> &'static str {
        "merge-matmuls"
    }
    fn summary(&self) -> &'static str {
        "matmuls of one lhs with constant weights (and their bias adds) -> one matmul + slices"
    }
    fn requires(&self) -> Phase {
        Phase::Canonical
    }
    fn produces(&self) -> Phase {
        Phase::Canonical
    }
    fn run(&self, unit: &mut CompilationUnit) -> Result<(), CompileError> {
        merge_matmuls(&mut unit.function)
    }
}

/// One matmul of a group: the op, its weights (`K x N`), its fill, and its bias add.
struct Sibling {
    matmul: OpId,
    weights: Floats,
    n: u64,
    fill: OpId,
    bias: Option<(OpId, Floats)>,
}

/// The elements of a float constant: f32 or f16.
#[derive(Clone, Debug, PartialEq)]
enum Floats {
    F32(Vec<f32>),
    F16(Vec<half::f16>),
}

impl Floats {
    fn len(&self) -> usize {
        match self {
            Floats::F32(v) => v.len(),
            Floats::F16(v) => v.len(),
        }
    }
    fn dtype(&self) -> DType {
        match self {
            Floats::F32(_) => DType::F32,
            Floats::F16(_) => DType::F16,
        }
    }
    /// `parts` (of this one's type) one after another, `rows` rows of each part's width:
    /// the row-major concatenation along the last dim.
    fn concat_rows(parts: &[(&Floats, usize)], rows: usize) -> Option<Floats> {
        // Every part's `T` elements (`data` says none when a part is of another type).
        fn gather<'p, T: Copy + 'p>(
            parts: &[(&'p Floats, usize)],
            rows: usize,
            data: impl Fn(&'p Floats) -> Option<&'p [T]>,
        ) -> Option<Vec<T>> {
            let mut out = Vec::new();
            for row in 0..rows {
                for &(part, n) in parts {
                    out.extend_from_slice(data(part)?.get(row * n..(row + 1) * n)?);
                }
            }
            Some(out)
        }
        match parts.first()?.0 {
            Floats::F32(_) => gather(parts, rows, |d| match d {
                Floats::F32(v) => Some(&v[..]),
                Floats::F16(_) => None,
            })
            .map(Floats::F32),
            Floats::F16(_) => gather(parts, rows, |d| match d {
                Floats::F16(v) => Some(&v[..]),
                Floats::F32(_) => None,
            })
            .map(Floats::F16),
        }
    }
    fn into_constant(self) -> OpKind {
        OpKind::Constant(ConstantValue::Dense(match self {
            Floats::F32(v) => ElementsData::F32(v),
            Floats::F16(v) => ElementsData::F16(v),
        }))
    }
}

/// The data and static shape of f32 or f16 constant tensor `v` (dense or a splat).
fn dense_floats(f: &Function, v: ValueId) -> Option<(Floats, Vec<u64>)> {
    let op = &f.ops[f.defining_op(v)?];
    let t = f.values[v].ty.as_tensor()?;
    let shape = t.static_shape()?;
    let len = usize::try_from(t.num_elements()?).ok()?;
    let data = match (&op.kind, t.dtype) {
        (OpKind::Constant(ConstantValue::Dense(ElementsData::F32(data))), DType::F32) => {
            Floats::F32(data.clone())
        }
        (OpKind::Constant(ConstantValue::Dense(ElementsData::F16(data))), DType::F16) => {
            Floats::F16(data.clone())
        }
        (OpKind::Constant(ConstantValue::Splat(x)), DType::F32) => {
            Floats::F32(vec![x.as_f64() as f32; len])
        }
        (OpKind::Constant(ConstantValue::Splat(x)), DType::F16) => {
            Floats::F16(vec![half::f16::from_f64(x.as_f64()); len])
        }
        _ => return None,
    };
    Some((data, shape))
}

/// Whether `op` reads `r` and a constant `[N]` vector `b` at `(.., n)` (its last dim), storing
/// at the identity into a `tensor.empty`: an element-wise op of `r` and a per-column constant.
fn per_column_op(f: &Function, op: &Op, r: ValueId, n: u64) -> Option<Floats> {
    let OpKind::Generic(g) = &op.kind else {
        return None;
    };
    let rank = f.values[r].ty.as_tensor()?.rank();
    let [x, b, init] = op.operands[..] else {
        return None;
    };
    let identity = AffineMap::identity(rank);
    let column = AffineMap::projection(rank, &[rank - 1]);
    let empty_init = f
        .defining_op(init)
        .is_some_and(|e| matches!(f.ops[e].kind, OpKind::Empty));
    let (data, shape) = dense_floats(f, b)?;
    let fits = x == r
        && g.num_inputs == 2
        && op.results.len() == 1
        && g.iterator_types
            .iter()
            .all(|t| *t == IteratorType::Parallel)
        && g.indexing_maps == [identity.clone(), column, identity]
        && empty_init
        && shape == [n];
    fits.then_some(data)
}

/// `op` as a sibling: a plain matmul without batch dims (f32, or f16 operands into f32) of
/// constant 2-D weights into a uniform fill of a `tensor.empty`, and its result's one user if
/// that is a per-column op.
fn sibling(f: &Function, users: &HashMap<ValueId, Vec<OpId>>, id: OpId) -> Option<Sibling> {
    let op = &f.ops[id];
    let p = plain_matmul_problem(f, op)?;
    let precision = matches!(
        p.dtypes,
        [DType::F32, DType::F32, DType::F32] | [DType::F16, DType::F16, DType::F32]
    );
    if !p.dims.batch.is_empty() || !precision || op.operands.len() != 3 {
        return None;
    }
    let (weights, shape) = dense_floats(f, op.operands[1])?;
    let [_, n] = shape[..] else {
        return None;
    };
    let fill = f.defining_op(op.operands[2])?;
    let fill_op = &f.ops[fill];
    let empty_init = fill_op
        .operands
        .last()
        .and_then(|&e| f.defining_op(e))
        .is_some_and(|e| matches!(f.ops[e].kind, OpKind::Empty));
    if !is_uniform_fill(f, fill) || !empty_init || fill_op.results.len() != 1 {
        return None;
    }
    let r = op.results[0];
    // (A function result would take a copy of its slice.)
    if f.results.contains(&r) {
        return None;
    }
    let bias = match users.get(&r).map(Vec::as_slice) {
        Some(&[user]) if !f.results.contains(&f.ops[user].results[0]) => {
            per_column_op(f, &f.ops[user], r, n).map(|data| (user, data))
        }
        _ => None,
    };
    Some(Sibling {
        matmul: id,
        weights,
        n,
        fill,
        bias,
    })
}

/// Whether siblings `a` and `b` can merge: the same matmul (maps, body, K, lhs), fill and bias
/// op (maps, body), each with or without one.
fn same_kind(f: &Function, a: &Sibling, b: &Sibling) -> bool {
    let (x, y) = (&f.ops[a.matmul], &f.ops[b.matmul]);
    let k = |s: &Sibling| s.weights.len() as u64 / s.n.max(1);
    // The same fill of the same values (each read from the same value or equal constants).
    let same_value = |u: ValueId, v: ValueId| {
        u == v || {
            let kind = |x: ValueId| f.defining_op(x).map(|op| &f.ops[op].kind);
            matches!(kind(u), Some(OpKind::Constant(_))) && kind(u) == kind(v)
        }
    };
    let (p, q) = (&f.ops[a.fill], &f.ops[b.fill]);
    let fills = p.kind == q.kind
        && p.operands.len() == q.operands.len()
        && p.operands[..p.operands.len() - 1]
            .iter()
            .zip(&q.operands)
            .all(|(&u, &v)| same_value(u, v));
    let biases = match (&a.bias, &b.bias) {
        (None, None) => true,
        (Some((p, _)), Some((q, _))) => f.ops[*p].kind == f.ops[*q].kind,
        _ => false,
    };
    let bias_types = match (&a.bias, &b.bias) {
        (Some((p, x)), Some((q, y))) => {
            x.dtype() == y.dtype()
                && f.values[f.ops[*p].results[0]].ty.dtype()
                    == f.values[f.ops[*q].results[0]].ty.dtype()
        }
        _ => true,
    };
    x.kind == y.kind
        && x.operands[0] == y.operands[0]
        && k(a) == k(b)
        && a.weights.dtype() == b.weights.dtype()
        && fills
        && biases
        && bias_types
}

/// See the module docs.
pub fn merge_matmuls(f: &mut Function) -> Result<(), CompileError> {
    let users = crate::partition::users(f);
    // Siblings by lhs, in body order.
    let mut groups: Vec<Vec<Sibling>> = Vec::new();
    for &id in &f.body {
        let Some(s) = sibling(f, &users, id) else {
            continue;
        };
        match groups.iter_mut().find(|g| same_kind(f, &g[0], &s)) {
            Some(group) => group.push(s),
            None => groups.push(vec![s]),
        }
    }
    let mut merged = false;
    for group in groups.into_iter().filter(|g| g.len() >= 2) {
        merge(f, &group);
        merged = true;
    }
    if merged {
        // The merged matmuls, their fills, weights and bias adds.
        remove_dead_ops(f, |op| !op.results.is_empty());
        // The slices (named ops) as the generics every later pass expects.
        crate::decompose::decompose_function(f)?;
    }
    Ok(())
}

/// Merges `group` (see the module docs): the new ops go where the first matmul was.
fn merge(f: &mut Function, group: &[Sibling]) {
    let first = &f.ops[group[0].matmul];
    let lhs = first.operands[0];
    let result_ty = f.values[first.results[0]].ty.as_tensor().cloned();
    let Some(result_ty) = result_ty else {
        return;
    };
    // The merged ops stand for every sibling's matmul and bias (per-layer tables name them).
    let location = Location::fused(group.iter().flat_map(|s| {
        std::iter::once(s.matmul)
            .chain(s.bias.as_ref().map(|(op, _)| *op))
            .map(|op| f.ops.location(op).clone())
    }));
    let total: u64 = group.iter().map(|s| s.n).sum();
    let k = group[0].weights.len() as u64 / group[0].n;
    let parts: Vec<(&Floats, usize)> = group.iter().map(|s| (&s.weights, s.n as usize)).collect();
    let Some(weights) = Floats::concat_rows(&parts, k as usize) else {
        return;
    };
    let tensor = |shape: &[u64], dtype| Type::Tensor(TensorType::of(shape, dtype));
    let acc = result_ty.dtype;
    let mut shape = result_ty.static_shape().unwrap_or_default();
    let rank = shape.len();
    let Some(last) = shape.last_mut() else {
        return;
    };
    *last = total;
    let mut new_ops = Vec::new();
    let mut add = |f: &mut Function, kind: OpKind, operands: Vec<ValueId>, ty: Type| {
        let id = f.append_op(kind, operands, vec![ty], location.clone());
        new_ops.push(id);
        f.ops[id].results[0]
    };
    let w_type = tensor(&[k, total], weights.dtype());
    let w = add(f, weights.into_constant(), vec![], w_type);
    let empty = add(f, OpKind::Empty, vec![], tensor(&shape, acc));
    let fill_op = f.ops[group[0].fill].clone();
    let mut fill_operands = fill_op.operands.clone();
    *fill_operands.last_mut().expect("a fill's init") = empty;
    let fill = add(f, fill_op.kind, fill_operands, tensor(&shape, acc));
    let matmul_kind = f.ops[group[0].matmul].kind.clone();
    let mut out = add(f, matmul_kind, vec![lhs, w, fill], tensor(&shape, acc));
    // The type of what each slice replaces: the bias op's result, else the matmul's.
    let mut stored = acc;
    if let Some((bias_op, _)) = &group[0].bias {
        let parts: Vec<(&Floats, usize)> = group
            .iter()
            .filter_map(|s| s.bias.as_ref().map(|(_, d)| (d, d.len())))
            .collect();
        let Some(data) = Floats::concat_rows(&parts, 1) else {
            return;
        };
        let b_type = tensor(&[total], data.dtype());
        let b = add(f, data.into_constant(), vec![], b_type);
        stored = f.values[f.ops[*bias_op].results[0]].ty.dtype();
        let empty = add(f, OpKind::Empty, vec![], tensor(&shape, stored));
        let kind = f.ops[*bias_op].kind.clone();
        out = add(f, kind, vec![out, b, empty], tensor(&shape, stored));
    }
    // Each old result is a slice of the merged one.
    let mut replace: HashMap<ValueId, ValueId> = HashMap::new();
    let mut offset = 0;
    for s in group {
        let old = match &s.bias {
            Some((op, _)) => f.ops[*op].results[0],
            None => f.ops[s.matmul].results[0],
        };
        let mut sizes = shape.clone();
        sizes[rank - 1] = s.n;
        let mut offsets = vec![0; rank];
        offsets[rank - 1] = offset;
        offset += s.n;
        let kind = OpKind::ExtractSlice {
            offsets,
            sizes: sizes.clone(),
            strides: vec![1; rank],
        };
        let slice = add(f, kind, vec![out], tensor(&sizes, stored));
        replace.insert(old, slice);
    }
    // (No old result is a function result: `sibling` leaves those alone.)
    for &id in &f.body {
        let op = f.ops.get_mut(id);
        for v in op.operands.iter_mut() {
            if let Some(&new) = replace.get(v) {
                *v = new;
            }
        }
    }
    let at = f
        .body
        .iter()
        .position(|&id| id == group[0].matmul)
        .unwrap_or(0);
    let tail = f.body.split_off(at);
    f.body.extend(new_ops);
    f.body.extend(tail);
}

//! `ai.onnx.ml` TreeEnsemble (domain version 5) as tensor ops that run on the device too.
//!
//! Every root-to-leaf path of every tree is enumerated at import: its nodes and, at each, which
//! branch it takes. A sample reaches a path's leaf when each of those nodes' conditions has the
//! path's value, so the paths are padded to the deepest one (an always-true test) and laid out
//! as `[P, D]` constants: the feature each slot reads (the input's columns gathered once,
//! `kiln.gather` to `[N, P, D]`), its split, mode, missing-value rule and required outcome. One
//! generic over (sample, path, depth) counts the slots whose condition misses (depth reduced);
//! a path is taken where the count is 0. A second generic over (sample, target, path) folds the
//! taken paths' leaf weights into their targets: `aggregate_function` SUM, AVERAGE (the weights
//! divided by the tree count), MIN or MAX (untouched targets keep 0, resp. the largest / lowest
//! finite value of the type, as onnx's reference has them).
//!
//! Node modes: BRANCH_LEQ, LT, GTE, GT, EQ, NEQ and MEMBER (equal to one of the node's
//! `membership_values`, which list each MEMBER node's set in node order, NaN-delimited);
//! `nodes_missing_value_tracks_true` sends NaN features to the true branch. Refused by name:
//! `post_transform` other than NONE (onnx 1.23's reference ignores it), non-float input, trees
//! deeper than [`MAX_DEPTH`] or cyclic, indices out of range, more than [`MAX_PATH_SLOTS`]
//! path slots.

use super::context::{e, konst, required, Entry, Importer, NodeRef, R};
use super::tensor_data::tensor_from_proto;
use crate::builder::BodyBuilder;
use crate::interp::Tensor;
use crate::syntax::*;

/// The deepest tree path kiln follows (deeper ones, or a cycle, are refused).
pub const MAX_DEPTH: usize = 64;
/// The most `paths x depth` slots (each reads one feature per sample).
pub const MAX_PATH_SLOTS: usize = 1 << 20;

/// The mode code of the always-true slot that pads short paths.
const ALWAYS: f64 = 7.0;
const MEMBER: i64 = 6;

/// One path slot: node `node` must test `outcome`.
#[derive(Clone, Copy)]
struct Step {
    node: usize,
    outcome: bool,
}

pub(super) fn import(im: &mut Importer, n: &NodeRef) -> R<Vec<Entry>> {
    let x = im.value(required(n, 0)?)?;
    let tx = im.b.tensor_type(x);
    if !tx.dtype.is_float() {
        return Err(format!(
            "input of {} is not supported (float, double or float16)",
            tx.dtype
        ));
    }
    let dims = tx.static_shape().unwrap_or_default();
    let [batch, features] = dims[..] else {
        return Err(format!(
            "the input must be [N, F] with static dims, not {tx}"
        ));
    };
    let ints = |name: &str| {
        n.ints(name)
            .ok_or_else(|| format!("missing attribute {name}"))
    };
    let tensor = |name: &str| -> R<Vec<f64>> {
        let a = n
            .attr(name)
            .ok_or_else(|| format!("missing attribute {name}"))?;
        let t =
            a.t.as_ref()
                .ok_or_else(|| format!("attribute {name} holds no tensor"))?;
        let t = tensor_from_proto(t, None).map_err(|e| format!("attribute {name}: {e}"))?;
        Ok(t.data.iter().copied().collect())
    };
    let post = n.int("post_transform", 0);
    if post != 0 {
        return Err(format!(
            "unsupported attribute: post_transform = {post} (only 0, NONE)"
        ));
    }
    let aggregate = n.int("aggregate_function", 1);
    if !(0..=3).contains(&aggregate) {
        return Err(format!(
            "unsupported attribute: aggregate_function = {aggregate}"
        ));
    }
    let targets = n.int("n_targets", 0);
    if targets < 1 {
        return Err(format!("unsupported attribute: n_targets = {targets}"));
    }
    let targets = targets as usize;
    let splits = tensor("nodes_splits")?;
    let modes = tensor("nodes_modes")?;
    let feature_ids = ints("nodes_featureids")?;
    let true_ids = ints("nodes_truenodeids")?;
    let false_ids = ints("nodes_falsenodeids")?;
    let true_leafs = ints("nodes_trueleafs")?;
    let false_leafs = ints("nodes_falseleafs")?;
    let leaf_targets = ints("leaf_targetids")?;
    let leaf_weights = tensor("leaf_weights")?;
    let roots = ints("tree_roots")?;
    let k = splits.len();
    let missing = n
        .ints("nodes_missing_value_tracks_true")
        .unwrap_or_else(|| vec![0; k]);
    if [
        &feature_ids,
        &true_ids,
        &false_ids,
        &true_leafs,
        &false_leafs,
        &missing,
    ]
    .iter()
    .any(|v| v.len() != k)
        || modes.len() != k
        || leaf_targets.len() != leaf_weights.len()
        || roots.is_empty()
    {
        return Err(
            "unsupported attribute: the nodes_* lists (and leaf_targetids / leaf_weights) \
             differ in length, or tree_roots is empty"
                .into(),
        );
    }
    if let Some(bad) = feature_ids.iter().find(|&&f| f < 0 || f as u64 >= features) {
        return Err(format!(
            "unsupported attribute: nodes_featureids holds {bad} for {features} features"
        ));
    }
    if let Some(bad) = leaf_targets
        .iter()
        .find(|&&t| t < 0 || t as usize >= targets)
    {
        return Err(format!(
            "unsupported attribute: leaf_targetids holds {bad} for n_targets {targets}"
        ));
    }
    // Each MEMBER node's set, in node order.
    let mut members: Vec<Vec<f64>> = vec![Vec::new(); k];
    let mut values = n
        .attr("membership_values")
        .map(|_| tensor("membership_values"))
        .transpose()?
        .unwrap_or_default()
        .into_iter();
    for (i, &m) in modes.iter().enumerate() {
        if m as i64 == MEMBER {
            for v in values.by_ref() {
                if v.is_nan() {
                    break;
                }
                members[i].push(v);
            }
        } else if !(0.0..=5.0).contains(&m) {
            return Err(format!("unsupported attribute: nodes_modes holds {m}"));
        }
    }
    // Every root-to-leaf path: (steps, leaf).
    let mut paths: Vec<(Vec<Step>, usize)> = Vec::new();
    let in_range = |i: i64, len: usize, what: &str| -> R<usize> {
        usize::try_from(i)
            .ok()
            .filter(|&i| i < len)
            .ok_or_else(|| format!("unsupported attribute: {what} {i} is out of range"))
    };
    for &root in &roots {
        let r = in_range(root, k, "tree root")?;
        if true_leafs[r] != 0 && false_leafs[r] != 0 && true_ids[r] == false_ids[r] {
            // A tree of one leaf: onnx's reference reads the leaf at the root's index.
            paths.push((Vec::new(), in_range(root, leaf_weights.len(), "leaf")?));
            continue;
        }
        let mut stack = vec![(r, Vec::<Step>::new())];
        let mut visited = 0usize;
        while let Some((node, steps)) = stack.pop() {
            visited += 1;
            if visited > MAX_PATH_SLOTS || paths.len() > MAX_PATH_SLOTS {
                return Err("more tree paths than kiln lays out (or a cycle)".into());
            }
            if steps.len() >= MAX_DEPTH {
                return Err(format!(
                    "a tree deeper than {MAX_DEPTH} nodes (or a cycle) is not supported"
                ));
            }
            for (outcome, id, leaf) in [
                (true, true_ids[node], true_leafs[node]),
                (false, false_ids[node], false_leafs[node]),
            ] {
                let mut s = steps.clone();
                s.push(Step { node, outcome });
                if leaf != 0 {
                    paths.push((s, in_range(id, leaf_weights.len(), "leaf")?));
                } else {
                    stack.push((in_range(id, k, "node")?, s));
                }
            }
        }
    }
    let (p, depth) = (
        paths.len(),
        paths.iter().map(|(s, _)| s.len()).max().unwrap_or(0).max(1),
    );
    if p * depth > MAX_PATH_SLOTS {
        return Err(format!(
            "{p} tree paths of depth {depth} are more than kiln lays out ({MAX_PATH_SLOTS} slots)"
        ));
    }
    let widest_set = members.iter().map(Vec::len).max().unwrap_or(0);
    if widest_set > 64 {
        return Err(format!(
            "a MEMBER node of {widest_set} values is not supported (64 at most)"
        ));
    }
    // The [P, D] slot constants.
    let slots = p * depth;
    let mut feature = vec![0.0; slots];
    let mut split = vec![0.0; slots];
    let mut mode = vec![ALWAYS; slots];
    let mut nan_true = vec![0.0; slots];
    let mut outcome = vec![1.0; slots];
    let mut sets = vec![vec![f64::NAN; slots]; widest_set];
    for (q, (steps, _)) in paths.iter().enumerate() {
        for (d, step) in steps.iter().enumerate() {
            let j = q * depth + d;
            let i = step.node;
            feature[j] = feature_ids[i] as f64;
            split[j] = splits[i];
            mode[j] = modes[i];
            nan_true[j] = f64::from(u8::from(missing[i] != 0));
            outcome[j] = f64::from(u8::from(step.outcome));
            for (m, &v) in members[i].iter().enumerate() {
                sets[m][j] = v;
            }
        }
    }
    let dtype = tx.dtype;
    let constant = |im: &mut Importer, dt: DType, shape: &[usize], v: Vec<f64>| -> R<ValueId> {
        let t = Tensor::from_vec(dt, shape, v).map_err(|e| e.to_string())?;
        im.value(&konst(t))
    };
    let columns = constant(im, DType::I64, &[slots], feature)?;
    let gathered = e(im.b.gather(x, columns, 1))?;
    let gathered = e(im.b.reshape(gathered, &[batch, p as u64, depth as u64]))?;
    let mut inputs = vec![gathered];
    for v in [split, mode, nan_true, outcome] {
        inputs.push(constant(im, dtype, &[p, depth], v)?);
    }
    for set in sets {
        inputs.push(constant(im, dtype, &[p, depth], set)?);
    }
    let misses = count_misses(im, &inputs, dtype, [batch, p as u64])?;
    // Leaf weights by (path, target): the weight where the path's leaf feeds the target.
    let scale = if aggregate == 0 {
        1.0 / roots.len() as f64
    } else {
        1.0
    };
    let mut weights = vec![0.0; p * targets];
    let mut feeds = vec![0.0; p * targets];
    for (q, (_, leaf)) in paths.iter().enumerate() {
        let t = leaf_targets[*leaf] as usize;
        weights[q * targets + t] = leaf_weights[*leaf] * scale;
        feeds[q * targets + t] = 1.0;
    }
    let weights = constant(im, dtype, &[p, targets], weights)?;
    let feeds = constant(im, dtype, &[p, targets], feeds)?;
    let y = fold_leaves(
        im,
        misses,
        weights,
        feeds,
        aggregate,
        dtype,
        [batch, targets as u64],
    )?;
    Ok(vec![Entry::Value(y)])
}

/// `[N, P]` counts of the path slots whose condition misses its required outcome.
fn count_misses(
    im: &mut Importer,
    inputs: &[ValueId],
    dtype: DType,
    [batch, paths]: [u64; 2],
) -> R<ValueId> {
    let map = |results| AffineMap {
        num_dims: 3,
        num_symbols: 0,
        results,
    };
    let d = AffineExpr::Dim;
    let mut maps = vec![map(vec![d(0), d(1), d(2)])];
    maps.extend((1..inputs.len()).map(|_| map(vec![d(1), d(2)])));
    maps.push(map(vec![d(0), d(1)]));
    let init = e(im.b.filled(TensorType::of(&[batch, paths], dtype), 0.0))?;
    let mut arguments = vec![dtype; inputs.len()];
    arguments.push(dtype);
    let mut b = BodyBuilder::new(arguments);
    let (v, split, mode, nan_true, outcome) = (
        b.argument(0),
        b.argument(1),
        b.argument(2),
        b.argument(3),
        b.argument(4),
    );
    let bit = DType::I1;
    let cmp = |b: &mut BodyBuilder, p, l, r| b.push(ScalarOp::CmpF(p), &[l, r], bit);
    let tests = [
        cmp(&mut b, CmpFPredicate::Ole, v, split),
        cmp(&mut b, CmpFPredicate::Olt, v, split),
        cmp(&mut b, CmpFPredicate::Oge, v, split),
        cmp(&mut b, CmpFPredicate::Ogt, v, split),
        cmp(&mut b, CmpFPredicate::Oeq, v, split),
        cmp(&mut b, CmpFPredicate::Une, v, split),
    ];
    let mut member = b.constant(0.0, bit);
    for m in 5..inputs.len() {
        let set_value = b.argument(m);
        let hit = cmp(&mut b, CmpFPredicate::Oeq, v, set_value);
        member = b.push(ScalarOp::OrI, &[member, hit], bit);
    }
    let mut condition = b.constant(1.0, bit); // ALWAYS
    for (code, &test) in tests.iter().chain(std::iter::once(&member)).enumerate() {
        let c = b.constant(code as f64, dtype);
        let is = cmp(&mut b, CmpFPredicate::Oeq, mode, c);
        condition = b.push(ScalarOp::Select, &[is, test, condition], bit);
    }
    let zero = b.constant(0.0, dtype);
    let nan = cmp(&mut b, CmpFPredicate::Une, v, v);
    let tracks = cmp(&mut b, CmpFPredicate::One, nan_true, zero);
    let nan_true = b.push(ScalarOp::AndI, &[nan, tracks], bit);
    let condition = b.push(ScalarOp::OrI, &[condition, nan_true], bit);
    let wanted = cmp(&mut b, CmpFPredicate::One, outcome, zero);
    let miss = b.push(ScalarOp::XOrI, &[condition, wanted], bit);
    let one = b.constant(1.0, dtype);
    let add = b.push(ScalarOp::Select, &[miss, one, zero], dtype);
    let count = b.push(ScalarOp::AddF, &[b.argument(inputs.len()), add], dtype);
    let iterators = vec![
        IteratorType::Parallel,
        IteratorType::Parallel,
        IteratorType::Reduction,
    ];
    Ok(e(im
        .b
        .generic(inputs, &[init], maps, iterators, b.yield_values(&[count])))?[0])
}

/// `[N, T]`: the taken paths' (no misses) leaf weights folded into their targets.
fn fold_leaves(
    im: &mut Importer,
    misses: ValueId,
    weights: ValueId,
    feeds: ValueId,
    aggregate: i64,
    dtype: DType,
    [batch, targets]: [u64; 2],
) -> R<ValueId> {
    let map = |results| AffineMap {
        num_dims: 3,
        num_symbols: 0,
        results,
    };
    let d = AffineExpr::Dim;
    let maps = vec![
        map(vec![d(0), d(2)]),
        map(vec![d(2), d(1)]),
        map(vec![d(2), d(1)]),
        map(vec![d(0), d(1)]),
    ];
    let largest = match dtype {
        DType::F16 => f64::from(half::f16::MAX),
        DType::BF16 => f64::from(half::bf16::MAX),
        DType::F32 => f64::from(f32::MAX),
        _ => f64::MAX,
    };
    let start = match aggregate {
        2 => largest,
        3 => -largest,
        _ => 0.0,
    };
    let init = e(im.b.filled(TensorType::of(&[batch, targets], dtype), start))?;
    let mut b = BodyBuilder::new(vec![dtype; 4]);
    let (count, weight, fed, acc) = (b.argument(0), b.argument(1), b.argument(2), b.argument(3));
    let zero = b.constant(0.0, dtype);
    let taken = b.push(
        ScalarOp::CmpF(CmpFPredicate::Oeq),
        &[count, zero],
        DType::I1,
    );
    let result = if aggregate <= 1 {
        let add = b.push(ScalarOp::Select, &[taken, weight, zero], dtype);
        b.push(ScalarOp::AddF, &[acc, add], dtype)
    } else {
        let fed = b.push(ScalarOp::CmpF(CmpFPredicate::One), &[fed, zero], DType::I1);
        let counts = b.push(ScalarOp::AndI, &[taken, fed], DType::I1);
        let op = if aggregate == 2 {
            ScalarOp::MinimumF
        } else {
            ScalarOp::MaximumF
        };
        let folded = b.push(op, &[acc, weight], dtype);
        b.push(ScalarOp::Select, &[counts, folded, acc], dtype)
    };
    let iterators = vec![
        IteratorType::Parallel,
        IteratorType::Parallel,
        IteratorType::Reduction,
    ];
    Ok(e(im.b.generic(
        &[misses, weights, feeds],
        &[init],
        maps,
        iterators,
        b.yield_values(&[result]),
    ))?[0])
}

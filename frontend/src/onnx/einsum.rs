//! ONNX `Einsum` for the contractions models use: one or two operands, explicit (`->`) or
//! implicit output, each label at most once per operand. Labels only one operand has and the
//! output lacks are summed out first; a pair becomes one `linalg.batch_matmul` over
//! [batch, free-left, contracted] x [batch, contracted, free-right], with transposes and
//! reshapes around it. An ellipsis (`...`) stands for fresh labels, aligned from the right
//! (their sizes must agree; no broadcasting of size-1 dims); a label repeated in one operand
//! takes the diagonal first (a `linalg.generic` reading `x[.., i, .., i, ..]`).

use super::context::{e, required, Importer, NodeRef, R};
use crate::onnx::shared::contraction::{narrow_to, wide_accumulator};
use crate::onnx::shared::reduce::reduce_value;
use crate::onnx::shared::reshape::reshape_value;
use crate::syntax::*;

/// The labels of each operand and of the output.
fn parse(equation: &str, operands: usize) -> R<(Vec<Vec<char>>, Vec<char>)> {
    let equation: String = equation.chars().filter(|c| !c.is_whitespace()).collect();
    let (lhs, rhs) = match equation.split_once("->") {
        Some((l, r)) => (l.to_string(), Some(r.to_string())),
        None => (equation.clone(), None),
    };
    let inputs: Vec<Vec<char>> = lhs.split(',').map(|s| s.chars().collect()).collect();
    if inputs.len() != operands {
        return Err(format!(
            "equation '{equation}' names {} operands, the node has {operands}",
            inputs.len()
        ));
    }
    for labels in inputs.iter() {
        if let Some(c) = labels.iter().find(|c| !c.is_ascii_alphabetic()) {
            return Err(format!("equation '{equation}': '{c}' is not a label"));
        }
    }
    let output: Vec<char> = match rhs {
        Some(r) => r.chars().collect(),
        None => {
            // Implicit form: the labels that appear once, in alphabetical order.
            let mut once: Vec<char> = inputs
                .iter()
                .flatten()
                .copied()
                .filter(|c| inputs.iter().flatten().filter(|d| *d == c).count() == 1)
                .collect();
            once.sort();
            once
        }
    };
    for c in &output {
        if !inputs.iter().any(|l| l.contains(c)) {
            return Err(format!(
                "equation '{equation}': output label '{c}' is in no operand"
            ));
        }
    }
    Ok((inputs, output))
}

/// The equation with each `...` replaced by fresh labels: operand `i` of rank `ranks[i]` gets
/// the last `rank - explicit labels` of them; an explicit output's `...` gets all, an implicit
/// output lists them first (numpy's rule).
fn expand_ellipsis(equation: &str, ranks: &[usize]) -> R<String> {
    let equation: String = equation.chars().filter(|c| !c.is_whitespace()).collect();
    if !equation.contains("...") {
        return Ok(equation);
    }
    let (lhs, rhs) = match equation.split_once("->") {
        Some((l, r)) => (l.to_string(), Some(r.to_string())),
        None => (equation.clone(), None),
    };
    let operands: Vec<&str> = lhs.split(',').collect();
    if operands.len() != ranks.len() {
        return Err(format!(
            "equation '{equation}' names {} operands, the node has {}",
            operands.len(),
            ranks.len()
        ));
    }
    let mut spans = Vec::new();
    for (o, &rank) in operands.iter().zip(ranks) {
        let explicit = o.replace("...", "").chars().count();
        let span = if o.contains("...") {
            rank.checked_sub(explicit).ok_or_else(|| {
                format!("equation '{equation}': operand '{o}' has more labels than its rank {rank}")
            })?
        } else {
            0
        };
        spans.push(span);
    }
    let widest = spans.iter().copied().max().unwrap_or(0);
    let fresh: Vec<char> = ('a'..='z')
        .chain('A'..='Z')
        .filter(|c| !equation.contains(*c))
        .take(widest)
        .collect();
    if fresh.len() < widest {
        return Err(format!(
            "equation '{equation}': too many labels for the ellipsis"
        ));
    }
    let expanded: Vec<String> = operands
        .iter()
        .zip(&spans)
        .map(|(o, &k)| o.replace("...", &fresh[widest - k..].iter().collect::<String>()))
        .collect();
    let all: String = fresh.iter().collect();
    let output = match rhs {
        Some(r) => r.replace("...", &all),
        None => {
            let named: String = operands.concat().replace("...", "");
            let mut once: Vec<char> = named
                .chars()
                .filter(|c| named.chars().filter(|d| d == c).count() == 1)
                .collect();
            once.sort();
            all.chars().chain(once).collect()
        }
    };
    Ok(format!("{}->{output}", expanded.join(",")))
}

/// The diagonal of `x` over its repeated labels: `labels` becomes its unique labels (first
/// occurrences, in order).
fn diagonal(im: &mut Importer, x: ValueId, labels: &mut Vec<char>) -> R<ValueId> {
    let mut unique: Vec<char> = Vec::new();
    for &c in labels.iter() {
        if !unique.contains(&c) {
            unique.push(c);
        }
    }
    if unique.len() == labels.len() {
        return Ok(x);
    }
    let t = im.b.tensor_type(x);
    let mut shape = Vec::new();
    for &c in &unique {
        let sizes: Vec<&Dim> = (0..labels.len())
            .filter(|&d| labels[d] == c)
            .map(|d| &t.shape[d])
            .collect();
        if sizes.iter().any(|s| *s != sizes[0]) {
            return Err(format!("the diagonal label '{c}' has sizes {sizes:?}"));
        }
        shape.push(sizes[0].clone());
    }
    let read = AffineMap {
        num_dims: unique.len(),
        num_symbols: 0,
        results: labels
            .iter()
            .map(|c| AffineExpr::Dim(unique.iter().position(|u| u == c).unwrap_or(0)))
            .collect(),
    };
    let init = e(im.b.empty(TensorType::new(shape, t.dtype)))?;
    let b = crate::builder::BodyBuilder::new(vec![t.dtype, t.dtype]);
    let first = b.argument(0);
    let body = b.yield_values(&[first]);
    let r = e(im.b.generic(
        &[x],
        &[init],
        vec![read, AffineMap::identity(unique.len())],
        vec![IteratorType::Parallel; unique.len()],
        body,
    ))?;
    *labels = unique;
    Ok(r[0])
}

/// Sums out the dims of `x` (labelled `labels`) whose label is not in `keep`.
fn sum_out(im: &mut Importer, x: ValueId, labels: &mut Vec<char>, keep: &[char]) -> R<ValueId> {
    let dims: Vec<usize> = (0..labels.len())
        .filter(|&d| !keep.contains(&labels[d]))
        .collect();
    if dims.is_empty() {
        return Ok(x);
    }
    labels.retain(|c| keep.contains(c));
    reduce_value(im, x, &dims, "sum", None)
}

/// `x` (labelled `from`) transposed into the order `to`.
fn permute(im: &mut Importer, x: ValueId, from: &[char], to: &[char]) -> R<ValueId> {
    let permutation: Vec<usize> = to
        .iter()
        .map(|c| {
            from.iter()
                .position(|d| d == c)
                .ok_or_else(|| format!("output label '{c}' is not among {from:?}"))
        })
        .collect::<R<_>>()?;
    if permutation.len() != from.len() {
        return Err(format!(
            "output labels {to:?} do not match the result's labels {from:?}"
        ));
    }
    if permutation.iter().enumerate().all(|(i, &p)| i == p) {
        return Ok(x);
    }
    e(im.b.transpose(x, &permutation))
}

/// The product of some dims, as one dim (a lone symbolic dim stays symbolic).
fn product(dims: &[Dim]) -> R<Dim> {
    match dims {
        [] => Ok(Dim::Static(1)),
        [d] => Ok(d.clone()),
        _ => dims
            .iter()
            .map(|d| d.as_static().ok_or(()))
            .product::<Result<u64, ()>>()
            .map(Dim::Static)
            .map_err(|()| "Einsum folding several symbolic dims into one is not supported".into()),
    }
}

pub(crate) fn einsum(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    let equation = n.string("equation").ok_or("missing attribute 'equation'")?;
    let count = n.inputs.len();
    if !(1..=2).contains(&count) {
        return Err(format!(
            "Einsum of {count} operands is not supported (1 or 2)"
        ));
    }
    let mut values = Vec::new();
    for i in 0..count {
        values.push(im.value(required(n, i)?)?);
    }
    let ranks: Vec<usize> = values.iter().map(|&v| im.b.tensor_type(v).rank()).collect();
    let equation = expand_ellipsis(&equation, &ranks)?;
    let (mut labels, output) = parse(&equation, count)?;
    for (i, operand_labels) in labels.iter_mut().enumerate() {
        if ranks[i] != operand_labels.len() {
            return Err(format!(
                "operand {i} has rank {} but the equation gives it {} labels",
                ranks[i],
                operand_labels.len()
            ));
        }
        values[i] = diagonal(im, values[i], operand_labels)?;
    }
    let dtype = im.b.tensor_type(values[0]).dtype;
    if count == 1 {
        let x = sum_out(im, values[0], &mut labels[0], &output)?;
        return permute(im, x, &labels[0], &output);
    }
    // Sum out what only one operand has and the output lacks.
    for i in 0..2 {
        let other = labels[1 - i].clone();
        let keep: Vec<char> = labels[i]
            .iter()
            .copied()
            .filter(|c| output.contains(c) || other.contains(c))
            .collect();
        values[i] = sum_out(im, values[i], &mut labels[i], &keep)?;
    }
    let (la, lb) = (labels[0].clone(), labels[1].clone());
    let batch: Vec<char> = la
        .iter()
        .copied()
        .filter(|c| lb.contains(c) && output.contains(c))
        .collect();
    let contracted: Vec<char> = la
        .iter()
        .copied()
        .filter(|c| lb.contains(c) && !output.contains(c))
        .collect();
    let free_a: Vec<char> = la.iter().copied().filter(|c| !lb.contains(c)).collect();
    let free_b: Vec<char> = lb.iter().copied().filter(|c| !la.contains(c)).collect();
    let dim_of = |im: &mut Importer, c: char| -> Dim {
        let (v, l) = if la.contains(&c) {
            (values[0], &la)
        } else {
            (values[1], &lb)
        };
        let d = l
            .iter()
            .position(|x| *x == c)
            .expect("a label of the operand");
        im.b.tensor_type(v).shape[d].clone()
    };
    let group = |im: &mut Importer, cs: &[char]| -> Vec<Dim> {
        cs.iter().map(|&c| dim_of(im, c)).collect()
    };
    let (batch_dims, a_dims, b_dims, k_dims) = (
        group(im, &batch),
        group(im, &free_a),
        group(im, &free_b),
        group(im, &contracted),
    );
    for &c in &contracted {
        let (i, j) = (
            la.iter().position(|x| *x == c),
            lb.iter().position(|x| *x == c),
        );
        if let (Some(i), Some(j)) = (i, j) {
            let (da, db) = (
                im.b.tensor_type(values[0]).shape[i].clone(),
                im.b.tensor_type(values[1]).shape[j].clone(),
            );
            if da != db {
                return Err(format!(
                    "label '{c}' has size {da} in one operand and {db} in the other"
                ));
            }
        }
    }
    let order_a: Vec<char> = [&batch[..], &free_a, &contracted].concat();
    let order_b: Vec<char> = [&batch[..], &contracted, &free_b].concat();
    let a = permute(im, values[0], &la, &order_a)?;
    let b = permute(im, values[1], &lb, &order_b)?;
    let (bp, mp, kp, np) = (
        product(&batch_dims)?,
        product(&a_dims)?,
        product(&k_dims)?,
        product(&b_dims)?,
    );
    let a3 = reshape_value(im, a, &[bp.clone(), mp, kp.clone()])?;
    let b3 = reshape_value(im, b, &[bp, kp, np])?;
    let p = e(im.b.batch_matmul(a3, b3, wide_accumulator(dtype)))?;
    let p = narrow_to(im, p, dtype)?;
    let result_labels: Vec<char> = [&batch[..], &free_a, &free_b].concat();
    let result_dims: Vec<Dim> = [batch_dims, a_dims, b_dims].concat();
    let p = reshape_value(im, p, &result_dims)?;
    permute(im, p, &result_labels, &output)
}

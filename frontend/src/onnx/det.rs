//! ONNX Det (opsets 11, 22): the determinant of each trailing `[n, n]` matrix by Leibniz's
//! formula (the signed sum over permutations of products of one element per row and column),
//! one elementwise generic whose operands are the `n^2` elements sliced out of the batch. Exact
//! term by term (no pivoting, no division), `n!` products: `n` up to 5 (120 terms); larger
//! matrices are refused.

use super::context::{e, float_only, required, Entry, Importer, NodeRef, R};
use crate::builder::BodyBuilder;
use crate::onnx::shared::reshape::reshape_value;
use crate::syntax::*;

const MAX_ORDER: u64 = 5;

/// Every permutation of `0..n` with its sign (+1 even, -1 odd).
fn permutations(n: usize) -> Vec<(Vec<usize>, f64)> {
    fn walk(prefix: &mut Vec<usize>, n: usize, out: &mut Vec<(Vec<usize>, f64)>) {
        if prefix.len() == n {
            let inversions = (0..n)
                .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
                .filter(|&(i, j)| prefix[i] > prefix[j])
                .count();
            out.push((prefix.clone(), if inversions % 2 == 0 { 1.0 } else { -1.0 }));
            return;
        }
        for k in 0..n {
            if !prefix.contains(&k) {
                prefix.push(k);
                walk(prefix, n, out);
                prefix.pop();
            }
        }
    }
    let mut out = Vec::new();
    walk(&mut Vec::new(), n, &mut out);
    out
}

pub(super) fn import(im: &mut Importer, n: &NodeRef) -> R<Vec<Entry>> {
    let x = im.value(required(n, 0)?)?;
    let t = im.b.tensor_type(x);
    float_only(t.dtype, n)?;
    let shape = t
        .static_shape()
        .filter(|s| s.len() >= 2)
        .ok_or_else(|| format!("the input {t} must be static with rank >= 2"))?;
    let r = shape.len();
    let order = shape[r - 1];
    if shape[r - 2] != order {
        return Err(format!("the input {t} is not a batch of square matrices"));
    }
    if order == 0 || order > MAX_ORDER {
        return Err(format!(
            "Det of {order} x {order} matrices is not supported (Leibniz's formula, n <= \
             {MAX_ORDER})"
        ));
    }
    let dtype = t.dtype;
    let batch: Vec<Dim> = shape[..r - 2].iter().map(|&d| Dim::Static(d)).collect();
    let mut elements = Vec::new();
    for i in 0..order {
        for j in 0..order {
            let mut offsets = vec![0; r];
            offsets[r - 2] = i;
            offsets[r - 1] = j;
            let mut sizes = shape.clone();
            sizes[r - 2] = 1;
            sizes[r - 1] = 1;
            let s = e(im.b.extract_slice(x, &offsets, &sizes, &vec![1; r]))?;
            elements.push(reshape_value(im, s, &batch)?);
        }
    }
    let k = order as usize;
    let terms = permutations(k);
    let det = e(im
        .b
        .elementwise_with(&elements, dtype, |b: &mut BodyBuilder, a| {
            let mut sum = b.constant(0.0, dtype);
            for (perm, sign) in &terms {
                let mut p = a[perm[0]];
                for (row, &col) in perm.iter().enumerate().skip(1) {
                    p = b.push(ScalarOp::MulF, &[p, a[row * k + col]], dtype);
                }
                let op = if *sign > 0.0 {
                    ScalarOp::AddF
                } else {
                    ScalarOp::SubF
                };
                sum = b.push(op, &[sum, p], dtype);
            }
            sum
        }))?;
    Ok(vec![Entry::Value(det)])
}

//! TfIdfVectorizer (opset 9) on integer input, as tensor ops that run on the device too.
//!
//! The pool holds n-grams of sizes 1 ..= `ngram_counts.len()` (`ngram_counts[i]` is where the
//! (i + 1)-grams start in `pool_int64s`); each pool n-gram has an id in pool order, and
//! `ngram_indexes[id]` is its output column. An n-gram of size k in [`min_gram_length`,
//! `max_gram_length`] occurs at start `s` with skip distance `d` (1 ..= `max_skip_count + 1`;
//! unigrams only at `d` = 1, as onnx's reference counts them once) when `x[s + j d] == g[j]` for
//! every `j < k`. Its count in a row is then, for each (k, d), one generic over loop dims (row,
//! output column, pool n-gram, start): the k equality tests of shifted slices of `x` against the
//! pool's columns, and-ed, times a constant `[pool n-gram, column]` matrix (the n-gram's weight
//! at its column, else 0), summed over n-grams and starts. The (k, d) sums add up to the output:
//! TF counts (weight 1), TFIDF counts times the n-gram's weight (1 without `weights`), summed
//! per column; IDF is the column's weight (1 without `weights`) where its count is positive,
//! else 0.
//!
//! `weights` holds one weight per pool n-gram (as long as `ngram_indexes`), as ONNX's operator
//! text and onnxruntime read it (onnx 1.23's reference evaluator reads it by output column
//! instead; its node cases have no weights). IDF with weights where two n-grams share a column
//! is refused (onnxruntime keeps the last one's weight, the reference the column's).
//!
//! Refused by name: string input and `pool_strings` (kiln has no string tensors), inputs of
//! rank other than 1 and 2, symbolic dims, attribute lists that disagree with each other. A
//! pool n-gram listed twice counts under its last id, as onnx's reference has it (onnxruntime
//! refuses such a pool).

use super::context::{e, konst, required, Entry, Importer, NodeRef, R};
use crate::builder::BodyBuilder;
use crate::interp::Tensor;
use crate::syntax::*;

/// Past this many `rows x columns x pool n-grams x starts` per (size, skip) the equality tests
/// are refused (the generic is a dense search).
const MAX_WORK: u64 = 1 << 30;

pub(super) fn import(im: &mut Importer, n: &NodeRef) -> R<Vec<Entry>> {
    if n.attr("pool_strings").is_some() {
        return Err(
            "unsupported attribute: pool_strings (kiln has no string tensors; only \
                    pool_int64s with integer input)"
                .into(),
        );
    }
    let x = im.value(required(n, 0)?)?;
    let tx = im.b.tensor_type(x);
    let dims = tx
        .static_shape()
        .ok_or_else(|| format!("an input {tx} with symbolic dims is not supported"))?;
    if tx.dtype.is_float() || tx.dtype == DType::I1 {
        return Err(format!(
            "input of {} is not supported (int32 or int64)",
            tx.dtype
        ));
    }
    let (rows, c) = match dims[..] {
        [c] => (1, c),
        [b, c] => (b, c),
        _ => {
            return Err(format!(
                "a rank-{} input is not supported (1-D or 2-D)",
                dims.len()
            ))
        }
    };
    let list = |name: &str| {
        n.ints(name)
            .ok_or_else(|| format!("missing attribute {name}"))
    };
    let pool = list("pool_int64s")?;
    let counts = list("ngram_counts")?;
    let indexes = list("ngram_indexes")?;
    let min_gram = n.int("min_gram_length", 0);
    let max_gram = n.int("max_gram_length", 0);
    let max_skip = n.int("max_skip_count", 0);
    if min_gram < 1 || max_gram < min_gram || max_skip < 0 {
        return Err(format!(
            "unsupported attribute: min_gram_length {min_gram}, max_gram_length {max_gram}, \
             max_skip_count {max_skip} (1 <= min <= max, skip >= 0)"
        ));
    }
    let mode = n.string("mode").unwrap_or_default();
    if !matches!(mode.as_str(), "TF" | "IDF" | "TFIDF") {
        return Err(format!(
            "unsupported attribute: mode = '{mode}' (TF, IDF or TFIDF)"
        ));
    }
    let columns = indexes.iter().copied().max().unwrap_or(-1) + 1;
    if columns < 1 || indexes.iter().any(|&i| i < 0) {
        return Err(format!(
            "unsupported attribute: ngram_indexes {indexes:?} (non-negative, at least one)"
        ));
    }
    let columns = columns as u64;
    let weights = n.attr("weights").map(|a| a.floats.clone());
    if let Some(w) = &weights {
        if w.len() != indexes.len() {
            return Err(format!(
                "unsupported attribute: weights has {} values for {} n-grams (ngram_indexes)",
                w.len(),
                indexes.len()
            ));
        }
        let mut sorted = indexes.clone();
        sorted.sort_unstable();
        sorted.dedup();
        if mode == "IDF" && sorted.len() != indexes.len() {
            return Err(
                "unsupported attribute: mode IDF with weights where n-grams share an output \
                 column (ngram_indexes), which ONNX leaves undefined"
                    .into(),
            );
        }
    }
    let grams = pool_grams(&pool, &counts, &indexes, &weights, &mode)?;
    let x2 = e(im.b.reshape(x, &[rows, c]))?;
    let mut frequencies: Option<ValueId> = None;
    for (i, of_size) in grams.iter().enumerate() {
        let k = (i + 1) as u64;
        if (k as i64) < min_gram || (k as i64) > max_gram || of_size.is_empty() {
            continue;
        }
        let skips = if k == 1 { 1 } else { max_skip as u64 + 1 };
        for d in 1..=skips {
            let span = d * (k - 1);
            if span >= c {
                break;
            }
            let f = count_matches(im, x2, of_size, k, d, c - span, columns)?;
            frequencies = Some(match frequencies {
                None => f,
                Some(sum) => e(im.b.elementwise(ScalarOp::AddF, &[sum, f]))?,
            });
        }
    }
    let f = match frequencies {
        Some(f) => f,
        None => {
            e(im.b.filled(TensorType::of(&[rows, columns], DType::F32), 0.0))?
        }
    };
    let y = if mode == "IDF" {
        // The column's weight (1 without weights) where its count is positive.
        let mut column_weights = vec![1.0; columns as usize];
        if let Some(w) = &weights {
            for (id, &column) in indexes.iter().enumerate() {
                column_weights[column as usize] = f64::from(w[id]);
            }
        }
        let w = Tensor::from_vec(DType::F32, &[columns as usize], column_weights)
            .map_err(|e| e.to_string())?;
        let w = im.value(&konst(w))?;
        e(im.b.elementwise_with(&[f, w], DType::F32, |b, a| {
            let zero = b.constant(0.0, DType::F32);
            let seen = b.push(ScalarOp::CmpF(CmpFPredicate::Ogt), &[a[0], zero], DType::I1);
            b.push(ScalarOp::Select, &[seen, a[1], zero], DType::F32)
        }))?
    } else {
        f
    };
    let shape: Vec<u64> = if dims.len() == 1 {
        vec![columns]
    } else {
        vec![rows, columns]
    };
    Ok(vec![Entry::Value(e(im.b.reshape(y, &shape))?)])
}

/// The pool's n-grams by size (`ngram_counts` gives where each size starts), each with its
/// output column (`ngram_indexes`) and weight.
fn pool_grams(
    pool: &[i64],
    counts: &[i64],
    indexes: &[i64],
    weights: &Option<Vec<f32>>,
    mode: &str,
) -> R<Vec<Vec<Gram>>> {
    let weighted = mode == "TFIDF" && weights.is_some();
    let weight_of = |id: usize| match &weights {
        Some(w) if weighted => f64::from(w[id]),
        _ => 1.0,
    };
    // The pool's n-grams by size, each with its output column and weight (a later duplicate
    // replaces an earlier one, as in onnx's reference).
    let mut grams: Vec<Vec<Gram>> = Vec::new();
    let mut id = 0usize;
    for (i, &start) in counts.iter().enumerate() {
        let size = i + 1;
        let end = counts.get(i + 1).copied().unwrap_or(pool.len() as i64);
        if start < 0 || end < start || end as usize > pool.len() {
            return Err(format!(
                "unsupported attribute: ngram_counts {counts:?} does not fit a pool of {}",
                pool.len()
            ));
        }
        let mut of_size: Vec<Gram> = Vec::new();
        for g in pool[start as usize..end as usize].chunks_exact(size) {
            let column = *indexes.get(id).ok_or_else(|| {
                format!(
                    "unsupported attribute: ngram_indexes has {} entries for more pool n-grams",
                    indexes.len()
                )
            })? as u64;
            of_size.retain(|h| h.items != g);
            of_size.push(Gram {
                items: g.to_vec(),
                column,
                weight: weight_of(id),
            });
            id += 1;
        }
        grams.push(of_size);
    }
    Ok(grams)
}

/// A pool n-gram: its items, output column and weight (1 but for TFIDF with weights).
struct Gram {
    items: Vec<i64>,
    column: u64,
    weight: f64,
}

/// `[rows, columns]` counts of the size-`k` n-grams `grams` at skip distance `d` over `starts`
/// start positions of `x` (`[rows, c]`), each times its weight added to its column.
fn count_matches(
    im: &mut Importer,
    x: ValueId,
    grams: &[Gram],
    k: u64,
    d: u64,
    starts: u64,
    columns: u64,
) -> R<ValueId> {
    let tx = im.b.tensor_type(x);
    let rows = tx.shape[0].as_static().unwrap_or(1);
    let p = grams.len() as u64;
    if rows * columns * p * starts > MAX_WORK {
        return Err(format!(
            "{rows} rows x {columns} columns x {p} n-grams x {starts} starts is more than kiln \
             searches"
        ));
    }
    // The pool's j-th items, one constant column per j, and the weighted one-hot column matrix.
    let mut pool_columns = Vec::new();
    for j in 0..k as usize {
        let v: Vec<f64> = grams.iter().map(|g| g.items[j] as f64).collect();
        let t = Tensor::from_vec(tx.dtype, &[p as usize], v).map_err(|e| e.to_string())?;
        pool_columns.push(im.value(&konst(t))?);
    }
    let mut one_hot = vec![0.0; (p * columns) as usize];
    for (q, g) in grams.iter().enumerate() {
        one_hot[q * columns as usize + g.column as usize] = g.weight;
    }
    let one_hot = Tensor::from_vec(DType::F32, &[p as usize, columns as usize], one_hot)
        .map_err(|e| e.to_string())?;
    let one_hot = im.value(&konst(one_hot))?;
    // Loop dims: 0 row, 1 column (parallel), 2 pool n-gram, 3 start (reduced).
    let map = |results| AffineMap {
        num_dims: 4,
        num_symbols: 0,
        results,
    };
    let dim = AffineExpr::Dim;
    let mut inputs = Vec::new();
    let mut maps = Vec::new();
    // The j-th items of the n-grams that start at 0 .. starts: x[:, j d ..][..starts].
    for j in 0..k {
        inputs.push(e(im.b.extract_slice(
            x,
            &[0, j * d],
            &[rows, starts],
            &[1, 1],
        ))?);
        maps.push(map(vec![dim(0), dim(3)]));
    }
    for &col in &pool_columns {
        inputs.push(col);
        maps.push(map(vec![dim(2)]));
    }
    inputs.push(one_hot);
    maps.push(map(vec![dim(2), dim(1)]));
    maps.push(map(vec![dim(0), dim(1)]));
    let init =
        e(im.b.filled(TensorType::of(&[rows, columns], DType::F32), 0.0))?;
    let k = k as usize;
    let mut arguments = vec![tx.dtype; 2 * k];
    arguments.extend([DType::F32, DType::F32]);
    let mut body = BodyBuilder::new(arguments);
    let mut all = None;
    for j in 0..k {
        let eq = body.push(
            ScalarOp::CmpI(CmpIPredicate::Eq),
            &[body.argument(j), body.argument(k + j)],
            DType::I1,
        );
        all = Some(match all {
            None => eq,
            Some(a) => body.push(ScalarOp::AndI, &[a, eq], DType::I1),
        });
    }
    let zero = body.constant(0.0, DType::F32);
    let hit = body.push(
        ScalarOp::Select,
        &[all.unwrap_or(zero), body.argument(2 * k), zero],
        DType::F32,
    );
    let sum = body.push(ScalarOp::AddF, &[body.argument(2 * k + 1), hit], DType::F32);
    let iterators = vec![
        IteratorType::Parallel,
        IteratorType::Parallel,
        IteratorType::Reduction,
        IteratorType::Reduction,
    ];
    Ok(e(im
        .b
        .generic(&inputs, &[init], maps, iterators, body.yield_values(&[sum])))?[0])
}

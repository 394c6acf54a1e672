//! `split-reduction`: a contraction whose tiled kernel would leave most of the device idle (a
//! convolution at batch 1 with few output tiles) is split along one reduction dim into
//! slices, as MLIR's `linalg::splitReduction` does. `kernel_config::choose_reduction_split`
//! decides which contractions and how many slices; this pass rewrites
//!
//! ```text
//! %r = linalg.generic {maps [A(.., k, ..), B(.., k, ..), out]} ins(%a, %b) outs(%init)
//! ```
//!
//! with reduction dim `k` of size `S * K'` into
//!
//! ```text
//! %a2 = tensor.expand_shape %a      // dim of k -> [S, K']
//! %b2 = tensor.expand_shape %b
//! %z  = fill 0 into tensor.empty [S, out..]
//! %p  = linalg.generic {maps [A(.., s, k', ..), B(.., s, k', ..), (s, out..)], s parallel}
//! %r  = linalg.generic {maps [(s, out..), (out..)], s reduction} ins(%p) outs(%init)  // sum
//! ```
//!
//! The partial contraction has `S` times the workgroups (the slice is a batch dim to kernel
//! configuration), and the sum is a column reduction that takes the contraction's fused
//! epilogue (bias, residual add, ReLU). The sum's op keeps the contraction's op id and result,
//! so its uses and its source location stay. Runs between `decompose` and `fusion`.

use crate::error::CompileError;
use crate::kernel_config::split_reduction::{choose_reduction_split, ReductionSplit};
use crate::pass::{CompilationUnit, Pass, Phase};
use crate::target::LoweringTarget;
use kiln_frontend::*;

pub struct SplitReduction;

impl Pass for SplitReduction {
    fn name(&self) -> &'static str {
        "split-reduction"
    }
    fn summary(&self) -> &'static str {
        "contractions with too few output tiles -> partial sums over slices of the reduction + their sum"
    }
    fn requires(&self) -> Phase {
        Phase::Canonical
    }
    fn produces(&self) -> Phase {
        Phase::Canonical
    }
    fn run(&self, unit: &mut CompilationUnit) -> Result<(), CompileError> {
        split_reductions(&mut unit.function, &unit.target)
    }
}

fn internal(message: impl Into<String>) -> CompileError {
    CompileError::internal("split-reduction", message)
}

/// Splits every contraction of `f` that [`choose_reduction_split`] picks on `target`.
pub fn split_reductions(f: &mut Function, target: &LoweringTarget) -> Result<(), CompileError> {
    let body = std::mem::take(&mut f.body);
    let mut new_body = Vec::with_capacity(body.len());
    for op_id in body {
        if let Some(split) = choose_reduction_split(f, &f.ops[op_id], target) {
            split_op(f, op_id, split, &mut new_body)?;
        }
        new_body.push(op_id);
    }
    f.body = new_body;
    Ok(())
}

/// Appends an op of `kind` to `body` (before the op being split), its result of type `ty`.
fn append(
    f: &mut Function,
    body: &mut Vec<OpId>,
    location: &Location,
    kind: OpKind,
    operands: Vec<ValueId>,
    ty: Type,
) -> Result<ValueId, CompileError> {
    let name = kind.name();
    let types = infer_result_types(f, &kind, &operands, Some(std::slice::from_ref(&ty)))
        .map_err(|m| internal(format!("{name}: {m}")))?;
    if types.len() != 1 {
        return Err(internal(format!("{name}: expected one result")));
    }
    let op = f.append_op(kind, operands, types, location.clone());
    let value = f.ops[op].results[0];
    body.push(op);
    Ok(value)
}

/// Rewrites contraction `op_id` (see the module docs): the new ops go to `body`, and `op_id`
/// itself becomes the sum over the slices.
fn split_op(
    f: &mut Function,
    op_id: OpId,
    ReductionSplit { dim, slices }: ReductionSplit,
    body: &mut Vec<OpId>,
) -> Result<(), CompileError> {
    let op = f.ops[op_id].clone();
    let OpKind::Generic(g) = &op.kind else {
        return Err(internal("not a linalg.generic"));
    };
    let location = f.ops.location(op_id).clone();
    let n = g.iterator_types.len();
    let slice = n; // The new loop dim.
    let s = u64::from(slices);
    let widen = |results: Vec<AffineExpr>| AffineMap {
        num_dims: n + 1,
        num_symbols: 0,
        results,
    };

    // The inputs, with the operand dim that `dim` indexes split into [slices, rest].
    let mut operands = Vec::new();
    let mut maps = Vec::new();
    for i in 0..g.num_inputs {
        let value = op.operands[i];
        let map = &g.indexing_maps[i];
        let pos = map
            .results
            .iter()
            .position(|e| *e == AffineExpr::Dim(dim))
            .ok_or_else(|| internal(format!("input #{i} does not index d{dim}")))?;
        let t = f.values[value]
            .ty
            .as_tensor()
            .cloned()
            .ok_or_else(|| internal(format!("input #{i} is not a tensor")))?;
        let size = t.shape[pos]
            .as_static()
            .filter(|size| size % s == 0)
            .ok_or_else(|| internal(format!("input #{i}: dim {pos} is not {s} slices")))?;
        let mut shape = t.shape.clone();
        shape[pos] = Dim::Static(s);
        shape.insert(pos + 1, Dim::Static(size / s));
        let reassociation = (0..t.rank())
            .map(|p| match p.cmp(&pos) {
                std::cmp::Ordering::Less => vec![p],
                std::cmp::Ordering::Equal => vec![p, p + 1],
                std::cmp::Ordering::Greater => vec![p + 1],
            })
            .collect();
        let ty = Type::Tensor(TensorType::new(shape, t.dtype));
        operands.push(append(
            f,
            body,
            &location,
            OpKind::ExpandShape { reassociation },
            vec![value],
            ty,
        )?);
        let mut results = map.results.clone();
        results.insert(pos, AffineExpr::Dim(slice));
        maps.push(widen(results));
    }

    // The partial results, [slices, out..], zero-filled.
    let init = op.operands[g.num_inputs];
    let out = f.values[op.results[0]]
        .ty
        .as_tensor()
        .cloned()
        .ok_or_else(|| internal("the result is not a tensor"))?;
    let dtype = out.dtype;
    let mut partial_shape = vec![Dim::Static(s)];
    partial_shape.extend(out.shape.iter().cloned());
    let partial_ty = Type::Tensor(TensorType::new(partial_shape, dtype));
    let empty = append(
        f,
        body,
        &location,
        OpKind::Empty,
        vec![],
        partial_ty.clone(),
    )?;
    let zero = append(
        f,
        body,
        &location,
        OpKind::Constant(ConstantValue::Splat(ScalarValue::from_f64(0.0, dtype))),
        vec![],
        Type::Scalar(dtype),
    )?;
    let fill_types = [Type::Scalar(dtype), partial_ty.clone()];
    let fill = generalize(&OpKind::Fill, &fill_types).ok_or_else(|| internal("fill"))?;
    let zeros = append(
        f,
        body,
        &location,
        OpKind::Generic(fill),
        vec![zero, empty],
        partial_ty.clone(),
    )?;
    let out_map = &g.indexing_maps[g.num_inputs];
    let mut results = vec![AffineExpr::Dim(slice)];
    results.extend(out_map.results.iter().cloned());
    maps.push(widen(results));
    let mut iterator_types = g.iterator_types.clone();
    iterator_types.push(IteratorType::Parallel);
    operands.push(zeros);
    let partial = append(
        f,
        body,
        &location,
        OpKind::Generic(Generic {
            indexing_maps: maps,
            iterator_types,
            num_inputs: g.num_inputs,
            body: g.body.clone(),
        }),
        operands,
        partial_ty,
    )?;

    // The sum over the slices, into the contraction's init and result.
    let rank = out.rank();
    let mut bb = BodyBuilder::new(vec![dtype, dtype]);
    let add = if dtype.is_float() {
        ScalarOp::AddF
    } else {
        ScalarOp::AddI
    };
    let sum = bb.push(add, &[bb.argument(1), bb.argument(0)], dtype);
    let mut partial_map = vec![AffineExpr::Dim(rank)];
    partial_map.extend((0..rank).map(AffineExpr::Dim));
    let mut iterator_types = vec![IteratorType::Parallel; rank];
    iterator_types.push(IteratorType::Reduction);
    let sum_op = f.ops.get_mut(op_id);
    sum_op.kind = OpKind::Generic(Generic {
        indexing_maps: vec![
            AffineMap {
                num_dims: rank + 1,
                num_symbols: 0,
                results: partial_map,
            },
            AffineMap::projection(rank + 1, &(0..rank).collect::<Vec<_>>()),
        ],
        iterator_types,
        num_inputs: 1,
        body: bb.yield_values(&[sum]),
    });
    sum_op.operands = vec![partial, init];
    Ok(())
}

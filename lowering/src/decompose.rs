//! `decompose`: rewrites every named structured op into `linalg.generic` form, so fusion and
//! code generation deal with one op kind described by indexing maps and iterator types.
//!
//! Rewritten in place (same operands, same results, so value ids stay valid) with the frontend's
//! `generalize` (the definition of each named op): `fill`, `matmul`, `batch_matmul`, `matvec`,
//! every `conv_2d` layout (the input map carries `o * stride + k * dilation`), pooling, `reduce`,
//! `transpose`, `broadcast`. `extract_slice` becomes a generic reading `offset + stride * d`
//! with a new `tensor.empty` init. `softmax` is kept: it always becomes one kernel (a workgroup per
//! row, or a thread per row with serial passes), so decomposing it into max / sub / exp / sum /
//! div generics would only cost dispatches. `pad`, `concat` and the reshapes are kept: they are
//! index remappings that code generation folds into the loads of their consumers.
//! Batchnorm arrives already folded into elementwise generics by the importers; folding of
//! constant-only subgraphs is not done here (known gap).

use crate::error::CompileError;
use crate::pass::{CompilationUnit, Pass, Phase};
use kiln_frontend::*;

pub struct Decompose;

impl Pass for Decompose {
    fn name(&self) -> &'static str {
        "decompose"
    }
    fn summary(&self) -> &'static str {
        "named structured ops -> linalg.generic"
    }
    fn requires(&self) -> Phase {
        Phase::Tensor
    }
    fn produces(&self) -> Phase {
        Phase::Canonical
    }
    fn run(&self, unit: &mut CompilationUnit) -> Result<(), CompileError> {
        let fan_in = unit.target.binding_budget().saturating_sub(1).max(2);
        split_wide_concats(&mut unit.function, fan_in);
        decompose_function(&mut unit.function)
    }
}

fn dim(i: usize) -> AffineExpr {
    AffineExpr::Dim(i)
}
fn map(num_dims: usize, results: Vec<AffineExpr>) -> AffineMap {
    AffineMap {
        num_dims,
        num_symbols: 0,
        results,
    }
}
fn dtype_of(function: &Function, value: ValueId) -> DType {
    function.values[value].ty.dtype()
}

pub fn decompose_function(function: &mut Function) -> Result<(), CompileError> {
    let body = function.body.clone();
    let mut new_body = Vec::with_capacity(body.len());
    for op_id in body {
        let op = function.ops[op_id].clone();
        let generic = match &op.kind {
            OpKind::Generic(_) | OpKind::Softmax { .. } => None,
            OpKind::ExtractSlice {
                offsets,
                strides,
                sizes,
            } => {
                let rank = offsets.len();
                let input_shape = match &function.values[op.operands[0]].ty {
                    Type::Tensor(t) => t.shape.clone(),
                    _ => Vec::new(),
                };
                // A bare `d` in an input map says "the loop runs over this whole input dim"
                // (the verifier infers loop sizes from such results), which is false for a
                // slice that keeps part of the dim from offset 0: it takes `d + 0`.
                let partial = |d: usize| {
                    input_shape
                        .get(d)
                        .and_then(|dim| dim.as_static())
                        .is_some_and(|n| n != sizes[d])
                };
                let results = (0..rank)
                    .map(|d| {
                        let scaled = if strides[d] == 1 {
                            dim(d)
                        } else {
                            AffineExpr::Mul(
                                Box::new(dim(d)),
                                Box::new(AffineExpr::Constant(strides[d] as i64)),
                            )
                        };
                        if offsets[d] == 0 && !(strides[d] == 1 && partial(d)) {
                            scaled
                        } else {
                            AffineExpr::Add(
                                Box::new(scaled),
                                Box::new(AffineExpr::Constant(offsets[d] as i64)),
                            )
                        }
                    })
                    .collect();
                // A new `tensor.empty` init, placed right before the slice.
                let result_ty = function.values[op.results[0]].ty.clone();
                let empty_id =
                    function.append_op(OpKind::Empty, vec![], vec![result_ty], Location::Unknown);
                let empty_value = function.ops[empty_id].results[0];
                new_body.push(empty_id);
                function.ops.get_mut(op_id).operands.push(empty_value);
                let op = function.ops[op_id].clone();
                Some(copy_generic(function, &op, map(rank, results), rank))
            }
            kind => {
                let types: Vec<Type> = op
                    .operands
                    .iter()
                    .map(|&v| function.values[v].ty.clone())
                    .collect();
                kiln_frontend::generalize(kind, &types)
            }
        };
        if let Some(generic) = generic {
            function.ops.get_mut(op_id).kind = OpKind::Generic(generic);
        }
        new_body.push(op_id);
    }
    function.body = new_body;
    Ok(())
}

/// Rewrites each `tensor.concat` of more than `fan_in` tensors as a concat of concats of at
/// most `fan_in` each, so that no single op needs more buffers than a kernel may bind (fusion
/// then puts the inner concats in regions of their own where they would not fit together).
pub fn split_wide_concats(function: &mut Function, fan_in: usize) {
    let body = function.body.clone();
    let mut new_body = Vec::with_capacity(body.len());
    for op_id in body {
        let OpKind::Concat { dimension } = function.ops[op_id].kind else {
            new_body.push(op_id);
            continue;
        };
        let mut operands = function.ops[op_id].operands.clone();
        'split: while operands.len() > fan_in {
            let mut grouped = Vec::new();
            for chunk in operands.chunks(fan_in) {
                if chunk.len() == 1 {
                    grouped.push(chunk[0]);
                    continue;
                }
                let Some(mut ty) = function.values[chunk[0]].ty.as_tensor().cloned() else {
                    // The verifier refuses a concat of scalars; leave it to say so.
                    break 'split;
                };
                let along: Option<u64> = chunk
                    .iter()
                    .map(|&v| {
                        function.values[v]
                            .ty
                            .as_tensor()
                            .and_then(|t| t.shape.get(dimension)?.as_static())
                    })
                    .sum();
                let Some(along) = along else {
                    // The verifier refuses a concat along a symbolic dim; leave it to say so.
                    break 'split;
                };
                ty.shape[dimension] = Dim::Static(along);
                let location = function.ops.location(op_id).clone();
                let inner = function.append_op(
                    OpKind::Concat { dimension },
                    chunk.to_vec(),
                    vec![Type::Tensor(ty)],
                    location,
                );
                let value = function.ops[inner].results[0];
                new_body.push(inner);
                grouped.push(value);
            }
            if grouped.len() == operands.len() {
                break;
            }
            operands = grouped;
        }
        function.ops.get_mut(op_id).operands = operands;
        new_body.push(op_id);
    }
    function.body = new_body;
}

/// A generic copying `operands[0]` (read through `input_map`) into `operands[1]`.
fn copy_generic(function: &Function, op: &Op, input_map: AffineMap, rank: usize) -> Generic {
    let (a, o) = (
        dtype_of(function, op.operands[0]),
        dtype_of(function, op.operands[1]),
    );
    let b = BodyBuilder::new(vec![a, o]);
    let arg = b.argument(0);
    Generic {
        indexing_maps: vec![input_map, AffineMap::identity(rank)],
        iterator_types: vec![IteratorType::Parallel; rank],
        num_inputs: 1,
        body: b.yield_values(&[arg]),
    }
}

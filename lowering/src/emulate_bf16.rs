//! `emulate-bf16`: a program with bf16 tensors (an ONNX model with bfloat16 inputs, outputs or
//! activations) rewritten into one on f32 storage that keeps bf16's values. Runs on the Tensor
//! IR after `reduce-precision`, before `decompose`: no later pass sees a bf16 value, because no
//! device kiln targets stores or computes bf16 tensors (lavapipe has no bf16 type at all; the
//! H200's bf16 is a cooperative-matrix operand type only).
//!
//! The rule is the reference interpreter's: every op computes in wide arithmetic and its result
//! is rounded to its type. So:
//! - every bf16 value (tensor or scalar, function arguments included) becomes f32; its values
//!   are bf16 values held exactly in f32; bf16 dense constants widen to f32 (exact);
//! - a body's bf16 arithmetic runs in f32; a cast to bf16 inside a body (`arith.truncf`, an int
//!   to float conversion) rounds to the nearest bf16 (ties to even, NaN kept) on the f32 bits,
//!   as `reduce-precision` does; a cast from bf16 to f32 disappears;
//! - an all-parallel generic with a bf16 init rounds what it yields; a reduction (a generic with
//!   reduction loops, `linalg.reduce`), a contraction, a sum pooling or a softmax with a bf16
//!   result is followed by one rounding generic (elementwise: fusion puts it in the op's
//!   epilogue), so sums accumulate in f32 and round once, as the interpreter's do in f64;
//! - ops that only move or select values (reshapes, transposes, pads, slices, concats, gathers,
//!   fills, max / min pooling) are retyped and nothing else: their results are bf16 values.
//!
//! The pass returns which function arguments and results were bf16, so that the compiled
//! program declares them bf16 (stored f32: the host converts exactly on the way in and out).
//!
//! Not handled: `arith.bitcast` to or from bf16 (the Tensor IR has no 16-bit integer type to
//! take part in one), refused naming the op.

use std::collections::{HashMap, HashSet};

use crate::error::CompileError;
use crate::pass::{CompilationUnit, Pass, Phase};
pub use crate::program::Bf16Interface;
use crate::structured::round_to_bf16_in_body;
use kiln_frontend::builder::BodyBuilder;
use kiln_frontend::*;

pub struct EmulateBf16;

impl Pass for EmulateBf16 {
    fn name(&self) -> &'static str {
        "emulate-bf16"
    }
    fn summary(&self) -> &'static str {
        "bf16 tensors held in f32 storage, each op's bf16 result rounded to bf16"
    }
    fn requires(&self) -> Phase {
        Phase::Tensor
    }
    fn produces(&self) -> Phase {
        Phase::Tensor
    }
    fn run(&self, unit: &mut CompilationUnit) -> Result<(), CompileError> {
        unit.bf16_interface = emulate_bf16(&mut unit.function)?;
        Ok(())
    }
}

fn internal(message: impl Into<String>) -> CompileError {
    CompileError::internal("emulate-bf16", message)
}

fn is_bf16(ty: &Type) -> bool {
    ty.dtype() == DType::BF16
}

fn widened(ty: &Type) -> Type {
    match ty {
        Type::Scalar(DType::BF16) => Type::Scalar(DType::F32),
        Type::Tensor(t) if t.dtype == DType::BF16 => {
            Type::Tensor(TensorType::new(t.shape.clone(), DType::F32))
        }
        other => other.clone(),
    }
}

/// Rewrites the bf16 parts of `f` (see the module docs); a function without bf16 values is
/// left as it is.
pub fn emulate_bf16(f: &mut Function) -> Result<Bf16Interface, CompileError> {
    let interface = Bf16Interface {
        arguments: f
            .arguments
            .iter()
            .map(|&a| is_bf16(&f.values[a].ty))
            .collect(),
        results: f
            .results
            .iter()
            .map(|&r| is_bf16(&f.values[r].ty))
            .collect(),
    };
    let bf16_values: HashSet<ValueId> = live_values(f)
        .filter(|&v| is_bf16(&f.values[v].ty))
        .collect();
    if bf16_values.is_empty() {
        return Ok(interface);
    }
    let mut rewrite = Rewrite {
        bf16_values,
        replaced: HashMap::new(),
        body: Vec::with_capacity(f.body.len()),
    };
    for op_id in std::mem::take(&mut f.body) {
        let location = f.ops.location(op_id).clone();
        rewrite
            .op(f, op_id)
            .map_err(|e| e.at("emulate-bf16", &location))?;
    }
    let Rewrite { replaced, body, .. } = rewrite;
    f.body = body;
    for &a in &f.arguments.clone() {
        let ty = widened(&f.values[a].ty);
        f.values.get_mut(a).ty = ty;
    }
    for r in &mut f.results {
        if let Some(&new) = replaced.get(r) {
            *r = new;
        }
    }
    if let Some(v) = live_values(f).find(|&v| is_bf16(&f.values[v].ty)) {
        return Err(internal(format!("bf16 value #{} is left", v.index())));
    }
    Ok(interface)
}

/// The function's arguments and the results of the ops of its body.
fn live_values(f: &Function) -> impl Iterator<Item = ValueId> + '_ {
    f.arguments.iter().copied().chain(
        f.body
            .iter()
            .flat_map(|&op| f.ops[op].results.iter().copied()),
    )
}

struct Rewrite {
    /// The values that were bf16 before the rewrite.
    bf16_values: HashSet<ValueId>,
    /// Values replaced by their rounded version (a rounding generic's result).
    replaced: HashMap<ValueId, ValueId>,
    body: Vec<OpId>,
}

/// Whether an op's bf16 result holds only values of its operands or constants (nothing to
/// round).
fn moves_values(kind: &OpKind) -> bool {
    match kind {
        OpKind::Pooling(p) => p.kind != PoolKind::Sum,
        OpKind::Generic(_)
        | OpKind::Reduce(_)
        | OpKind::Matmul
        | OpKind::BatchMatmul
        | OpKind::Matvec
        | OpKind::Conv2d(_)
        | OpKind::Softmax { .. } => false,
        _ => true,
    }
}

impl Rewrite {
    fn op(&mut self, f: &mut Function, op_id: OpId) -> Result<(), CompileError> {
        let location = f.ops.location(op_id).clone();
        let mut op = f.ops[op_id].clone();
        for v in &mut op.operands {
            if let Some(&new) = self.replaced.get(v) {
                *v = new;
            }
        }
        let bf16_results: Vec<bool> = op
            .results
            .iter()
            .map(|&r| is_bf16(&f.values[r].ty))
            .collect();
        let mut rounded_in_body = false;
        if let OpKind::Constant(ConstantValue::Dense(ElementsData::BF16(v))) = &op.kind {
            let wide = v.iter().map(|x| x.to_f32()).collect();
            op.kind = OpKind::Constant(ConstantValue::Dense(ElementsData::F32(wide)));
        }
        match &mut op.kind {
            OpKind::Generic(g) => {
                let parallel = g
                    .iterator_types
                    .iter()
                    .all(|t| *t == IteratorType::Parallel);
                let round_yields: Vec<bool> = if parallel {
                    bf16_results.clone()
                } else {
                    vec![false; g.body.yields.len()]
                };
                g.body = self.body_of(f, &g.body, &round_yields)?;
                rounded_in_body = parallel;
            }
            OpKind::Reduce(r) => {
                r.body = self.body_of(f, &r.body, &[false])?;
            }
            _ => {}
        }
        for &r in &op.results {
            let ty = widened(&f.values[r].ty);
            f.values.get_mut(r).ty = ty;
        }
        let results = op.results.clone();
        let needs_rounding = !rounded_in_body && !moves_values(&op.kind);
        *f.ops.get_mut(op_id) = op;
        self.body.push(op_id);
        if needs_rounding {
            for (&r, _) in results.iter().zip(&bf16_results).filter(|(_, &b)| b) {
                let rounded = append_rounding(f, r, &location, &mut self.body)?;
                self.replaced.insert(r, rounded);
            }
        }
        Ok(())
    }

    /// The type an operand of the original body had (outer values: their original type).
    fn original_type(&self, f: &Function, body: &ScalarBody, r: ScalarRef) -> Option<DType> {
        match r {
            ScalarRef::Argument(i) => body.arguments.get(i as usize).copied(),
            ScalarRef::Instruction(i) => body.instructions.get(i as usize).map(|i| i.ty),
            ScalarRef::Outer(v) if self.bf16_values.contains(&v) => Some(DType::BF16),
            ScalarRef::Outer(v) => Some(f.values[v].ty.dtype()),
        }
    }

    /// `body` with f32 in place of bf16, casts to bf16 rounding, and the yields marked in
    /// `round_yields` rounded to bf16 (unless already rounded).
    fn body_of(
        &self,
        f: &Function,
        body: &ScalarBody,
        round_yields: &[bool],
    ) -> Result<ScalarBody, CompileError> {
        let replaced = &self.replaced;
        let arguments: Vec<DType> = body
            .arguments
            .iter()
            .map(|&d| if d == DType::BF16 { DType::F32 } else { d })
            .collect();
        let mut bb = BodyBuilder::new(arguments);
        // Values known to be bf16 values already: the bf16 arguments and rounded results.
        let mut exact: Vec<ScalarRef> = (0..body.arguments.len())
            .filter(|&i| body.arguments[i] == DType::BF16)
            .map(|i| bb.argument(i))
            .collect();
        let mut new_of: Vec<ScalarRef> = Vec::with_capacity(body.instructions.len());
        let map = |r: ScalarRef, new_of: &[ScalarRef]| match r {
            ScalarRef::Instruction(i) => new_of[i as usize],
            ScalarRef::Outer(v) => ScalarRef::Outer(replaced.get(&v).copied().unwrap_or(v)),
            argument => argument,
        };
        for inst in &body.instructions {
            let operands: Vec<ScalarRef> = inst.operands.iter().map(|&r| map(r, &new_of)).collect();
            let from = inst
                .operands
                .first()
                .and_then(|&r| self.original_type(f, body, r));
            let from_bf16 = from == Some(DType::BF16);
            let new = match (inst.op, inst.ty) {
                (ScalarOp::Bitcast, _) if inst.ty == DType::BF16 || from_bf16 => {
                    return Err(CompileError::unsupported(
                        "arith.bitcast",
                        "bf16 operand or result",
                        "kiln holds bf16 in f32 storage and has no 16-bit integer type",
                    ));
                }
                (ScalarOp::ExtF, DType::F32) if from_bf16 => operands[0],
                (
                    ScalarOp::ExtF | ScalarOp::TruncF | ScalarOp::SIToFP | ScalarOp::UIToFP,
                    DType::BF16,
                ) => {
                    let wide = match from {
                        Some(DType::F32 | DType::BF16) => operands[0],
                        Some(DType::F64) => bb.push(ScalarOp::TruncF, &operands, DType::F32),
                        Some(DType::F16) => bb.push(ScalarOp::ExtF, &operands, DType::F32),
                        _ => bb.push(inst.op, &operands, DType::F32),
                    };
                    let rounded = round_to_bf16_in_body(&mut bb, wide);
                    exact.push(rounded);
                    rounded
                }
                (op, DType::BF16) => bb.push(op, &operands, DType::F32),
                (op, ty) => bb.push(op, &operands, ty),
            };
            new_of.push(new);
        }
        let mut yields = Vec::with_capacity(body.yields.len());
        for (k, &y) in body.yields.iter().enumerate() {
            let y = map(y, &new_of);
            let round = round_yields.get(k).copied().unwrap_or(false);
            yields.push(if round && !exact.contains(&y) {
                round_to_bf16_in_body(&mut bb, y)
            } else {
                y
            });
        }
        Ok(bb.yield_values(&yields))
    }
}

/// A rounding generic after `v` (f32 now, bf16 before): its values to the nearest bf16.
fn append_rounding(
    f: &mut Function,
    v: ValueId,
    location: &Location,
    body: &mut Vec<OpId>,
) -> Result<ValueId, CompileError> {
    let Type::Tensor(t) = f.values[v].ty.clone() else {
        return Err(internal(format!(
            "value #{} is a bf16 scalar result",
            v.index()
        )));
    };
    let empty = f.append_op(
        OpKind::Empty,
        vec![],
        vec![Type::Tensor(t.clone())],
        location.clone(),
    );
    body.push(empty);
    let empty = f.ops[empty].results[0];
    let rank = t.rank();
    let mut bb = BodyBuilder::new(vec![DType::F32, DType::F32]);
    let x = bb.argument(0);
    let y = round_to_bf16_in_body(&mut bb, x);
    let generic = Generic {
        indexing_maps: vec![AffineMap::identity(rank); 2],
        iterator_types: vec![IteratorType::Parallel; rank],
        num_inputs: 1,
        body: bb.yield_values(&[y]),
    };
    let op = f.append_op(
        OpKind::Generic(generic),
        vec![v, empty],
        vec![Type::Tensor(t)],
        location.clone(),
    );
    body.push(op);
    Ok(f.ops[op].results[0])
}

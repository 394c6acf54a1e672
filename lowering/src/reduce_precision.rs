//! `reduce-precision`: an f32 program rewritten to keep its tensors in a 16-bit float format
//! (`--precision f16` or `bf16`) while its signature, its accumulations and its transcendental
//! math stay f32. Runs first, on the Tensor IR as given (before `decompose`); with
//! `--precision f32` (the default) it changes nothing.
//!
//! What converts (only f32 values; integer, bool, index, f64 and f16 values are untouched):
//! - f32 constants (weights) are converted once, at compile time, where a consumer reads them
//!   narrow; a finite value outside the format's range is refused, naming the constant's op
//!   (`±f32::MAX`, the "lowest" sentinel of max inits and paddings, maps to the format's own
//!   largest value);
//! - contractions (a generic summing products of two inputs: matmul, batch matmul, convolutions
//!   of every layout) read both inputs narrow and accumulate into their f32 init (the body casts
//!   each input up: `f16 x f16 -> f32`, the form the cooperative-matrix pipelines take);
//! - every other generic reads its inputs in the form their producer wrote, casting narrow ones
//!   up in its body, and computes in f32 as before: elementwise math (exp, erf, tanh, divisions,
//!   BN / LayerNorm arithmetic) is f32. An all-parallel generic stores its f32 results narrow
//!   (the cast down is the last instruction of its body, so it fuses) unless only softmax ops
//!   and the graph's outputs read them; a reduction (sum, mean, pooling) keeps its f32 init
//!   and result, except a max / min that selects the elements of an input read narrow (max
//!   pooling after a ReLU, ReduceMax): its result is one of those elements or its init, so it
//!   is stored narrow, exactly, and computed in the narrow type (f16 only: bf16 stores f32);
//! - `linalg.softmax` runs in f32 (its input cast up, its result f32);
//! - the index-remapping ops (reshapes, pad, concat, slices, gathers) follow their data: narrow
//!   when it is narrow (or a constant), f32 otherwise;
//! - graph inputs stay f32 (a consumer that needs them narrow gets a cast right before it) and
//!   graph outputs are cast back to f32 at exit, so the program's signature does not change.
//!
//! Named structured ops with f32 data are generalized here (as `decompose` would) so that one
//! rule covers them. A value needed in the other form gets one cast generic, shared by its
//! consumers; f32 constants, `tensor.empty` and fills are rebuilt in the other form instead.
//! Constants and fills left unused by the rewrite are removed.
//!
//! bf16 is emulated on every device: storage stays f32 and each value is rounded to the nearest
//! bf16 (ties to even) where f16 would be stored, with integer ops on the f32 bits
//! (`arith.bitcast`); constants are rounded at compile time. So bf16 gives bf16's numerics, not
//! its memory savings.
//!
//! Not handled: values that overflow f16 at run time (activations beyond 65504) become inf, as
//! in any f16 inference; ops on f32 scalars outside bodies other than constants stay f32.

use std::collections::{HashMap, HashSet};

use crate::error::CompileError;
use crate::pass::{CompilationUnit, Pass, Phase};
use crate::structured::{outer_values, remove_dead_ops, sums_products_of_two_inputs};
use kiln_frontend::*;

pub use crate::program::Precision;

/// Why a program cannot be reduced.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ReducePrecisionError {
    #[error(
        "constant `{op}` holds {value:e}, outside the range of {precision} (largest finite \
         {largest:e}); compile with --precision f32"
    )]
    ConstantOutOfRange {
        op: String,
        value: f64,
        precision: Precision,
        largest: f64,
    },
}

impl From<ReducePrecisionError> for CompileError {
    fn from(e: ReducePrecisionError) -> Self {
        match e {
            ReducePrecisionError::ConstantOutOfRange {
                op,
                value,
                precision,
                largest,
            } => CompileError::unsupported(
                op,
                format!("{precision} constant"),
                format!(
                    "it holds {value:e}, outside the range of {precision} (largest finite \
                     {largest:e}); compile with --precision f32"
                ),
            ),
        }
    }
}

pub struct ReducePrecision;

impl Pass for ReducePrecision {
    fn name(&self) -> &'static str {
        "reduce-precision"
    }
    fn summary(&self) -> &'static str {
        "--precision f16 / bf16: f32 tensors stored narrow, f32 accumulation and math (f32: no change)"
    }
    fn requires(&self) -> Phase {
        Phase::Tensor
    }
    fn produces(&self) -> Phase {
        Phase::Tensor
    }
    fn run(&self, unit: &mut CompilationUnit) -> Result<(), CompileError> {
        reduce_precision(&mut unit.function, unit.precision)
    }
}

fn internal(message: impl Into<String>) -> CompileError {
    CompileError::internal("reduce-precision", message)
}

/// Rewrites the f32 parts of `f` to `precision` (see the module docs); `F32` is a no-op.
pub fn reduce_precision(f: &mut Function, precision: Precision) -> Result<(), CompileError> {
    if precision == Precision::F32 {
        return Ok(());
    }
    let mut f32_values = HashSet::new();
    for &a in &f.arguments {
        if f.values[a].ty.dtype() == DType::F32 {
            f32_values.insert(a);
        }
    }
    for &op in &f.body {
        for &r in &f.ops[op].results {
            if f.values[r].ty.dtype() == DType::F32 {
                f32_values.insert(r);
            }
        }
    }
    // Values read only by ops that want them f32 (softmax) or returned: their producers keep
    // them f32 rather than storing f16 that is cast straight back.
    let mut wide_readers_only: HashSet<ValueId> = f32_values.clone();
    for &op in &f.body {
        if !matches!(f.ops[op].kind, OpKind::Softmax { .. }) {
            for v in &f.ops[op].operands {
                wide_readers_only.remove(v);
            }
        }
        for v in outer_values(&f.ops[op]) {
            wide_readers_only.remove(&v);
        }
    }
    let mut rewriter = Rewriter {
        precision,
        wide_readers_only,
        f32_values,
        home: HashMap::new(),
        versions: HashMap::new(),
        body: Vec::with_capacity(f.body.len()),
    };
    let old_body = std::mem::take(&mut f.body);
    for op_id in old_body {
        let location = f.ops.location(op_id).clone();
        rewriter
            .rewrite_op(f, op_id)
            .map_err(|e| e.at("reduce-precision", &location))?;
    }
    let results = f.results.clone();
    let mut new_results = Vec::with_capacity(results.len());
    for r in results {
        new_results.push(rewriter.get(f, r, Form::Wide, &Location::Unknown)?);
    }
    f.results = new_results;
    f.body = rewriter.body;
    remove_dead_sources(f);
    Ok(())
}

/// The two forms an f32 value of the original program can take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Form {
    /// f32 as written.
    Wide,
    /// f16 (or bf16-rounded f32).
    Narrow,
}

struct Rewriter {
    precision: Precision,
    /// The f32 values that only softmax ops read or the function returns (kept f32).
    wide_readers_only: HashSet<ValueId>,
    /// The f32 values of the original program (arguments and body op results).
    f32_values: HashSet<ValueId>,
    /// The form each f32 value of the original program is in after its op was rewritten.
    home: HashMap<ValueId, Form>,
    /// The value standing for an original f32 value in a form other than its home (a cast, or
    /// a rebuilt constant / fill).
    versions: HashMap<(ValueId, Form), ValueId>,
    body: Vec<OpId>,
}

/// Whether an op is a source that is rebuilt in the other form rather than cast.
fn is_source(kind: &OpKind) -> bool {
    matches!(kind, OpKind::Constant(_) | OpKind::Empty | OpKind::Fill)
}

impl Rewriter {
    /// The dtype of narrow values.
    fn narrow_dtype(&self) -> DType {
        match self.precision {
            Precision::F16 => DType::F16,
            _ => DType::F32,
        }
    }

    fn largest(&self) -> f64 {
        match self.precision {
            Precision::F16 => half::f16::MAX.to_f64(),
            _ => half::bf16::MAX.to_f64(),
        }
    }

    /// `x` in the narrow format (a value the format holds, as f64), or `None` when it is finite
    /// and out of range. `±f32::MAX` maps to the format's largest value.
    fn narrow_scalar(&self, x: f64) -> Option<f64> {
        let largest = self.largest();
        if x.is_finite() && x.abs() == f64::from(f32::MAX) {
            return Some(largest.copysign(x));
        }
        let y = match self.precision {
            Precision::F16 => half::f16::from_f64(x).to_f64(),
            _ => half::bf16::from_f64(x).to_f64(),
        };
        (y.is_finite() || !x.is_finite()).then_some(y)
    }

    /// The form `v` is in after the rewrite (values that were not f32 have none).
    fn home_of(&self, v: ValueId) -> Option<Form> {
        if !self.f32_values.contains(&v) {
            return None;
        }
        Some(self.home.get(&v).copied().unwrap_or(Form::Wide))
    }

    /// The form a consumer that can take either should read `v` in: narrow for f32 tensor
    /// constants (weights), the home form otherwise (`None`: not an f32 value, or a source that
    /// has no preference).
    fn preferred(&self, f: &Function, v: ValueId) -> Option<Form> {
        let home = self.home_of(v)?;
        match f.defining_op(v).map(|op| &f.ops[op].kind) {
            Some(OpKind::Constant(_)) if f.values[v].ty.as_tensor().is_some() => Some(Form::Narrow),
            Some(kind) if is_source(kind) => None,
            _ => Some(home),
        }
    }

    /// `v` in `form`: itself, an earlier version, a rebuilt source, or a new cast (placed at
    /// the end of the body so far). Values that were not f32 are returned as they are.
    fn get(
        &mut self,
        f: &mut Function,
        v: ValueId,
        form: Form,
        location: &Location,
    ) -> Result<ValueId, CompileError> {
        let Some(home) = self.home_of(v) else {
            return Ok(v);
        };
        if home == form {
            return Ok(v);
        }
        if let Some(&version) = self.versions.get(&(v, form)) {
            return Ok(version);
        }
        // bf16-rounded values are f32 values already.
        if form == Form::Wide && self.narrow_dtype() == DType::F32 {
            return Ok(v);
        }
        let version = match f.defining_op(v) {
            Some(op) if is_source(&f.ops[op].kind) => self.rebuild_source(f, op, form)?,
            _ => self.cast(f, v, form, location)?,
        };
        self.versions.insert((v, form), version);
        Ok(version)
    }

    /// A copy of source op `op` (constant, empty, fill) producing `form`.
    fn rebuild_source(
        &mut self,
        f: &mut Function,
        op: OpId,
        form: Form,
    ) -> Result<ValueId, CompileError> {
        let location = f.ops.location(op).clone();
        let original = f.ops[op].clone();
        let dtype = match form {
            Form::Wide => DType::F32,
            Form::Narrow => self.narrow_dtype(),
        };
        let ty = retyped(&f.values[original.results[0]].ty, dtype);
        let (kind, operands) = match &original.kind {
            OpKind::Constant(c) => {
                let name = describe(&location, op);
                let c = match form {
                    Form::Wide => return Err(internal("a constant is rebuilt wide")),
                    Form::Narrow => self.narrow_constant(c, &name)?,
                };
                (OpKind::Constant(c), vec![])
            }
            OpKind::Empty => (OpKind::Empty, vec![]),
            OpKind::Fill => {
                let value = self.get(f, original.operands[0], form, &location)?;
                let init = self.get(f, original.operands[1], form, &location)?;
                (OpKind::Fill, vec![value, init])
            }
            other => return Err(internal(format!("{} is not a source", other.name()))),
        };
        let new = f.append_op(kind, operands, vec![ty], location);
        self.body.push(new);
        Ok(f.ops[new].results[0])
    }

    /// Constant `c` (f32) in the narrow format.
    fn narrow_constant(
        &self,
        c: &ConstantValue,
        name: &str,
    ) -> Result<ConstantValue, ReducePrecisionError> {
        let out_of_range = |value: f64| ReducePrecisionError::ConstantOutOfRange {
            op: name.to_string(),
            value,
            precision: self.precision,
            largest: self.largest(),
        };
        let narrow = |x: f64| self.narrow_scalar(x).ok_or_else(|| out_of_range(x));
        Ok(match c {
            ConstantValue::Splat(ScalarValue::Float(x)) => {
                ConstantValue::Splat(ScalarValue::Float(narrow(*x)?))
            }
            ConstantValue::Splat(other) => ConstantValue::Splat(*other),
            ConstantValue::Dense(data) => {
                let values: Vec<f64> = data
                    .to_f64_vec()
                    .into_iter()
                    .map(narrow)
                    .collect::<Result<_, _>>()?;
                match self.precision {
                    Precision::F16 => ConstantValue::Dense(ElementsData::F16(
                        values.iter().map(|&x| half::f16::from_f64(x)).collect(),
                    )),
                    _ => ConstantValue::Dense(ElementsData::F32(
                        values.iter().map(|&x| x as f32).collect(),
                    )),
                }
            }
        })
    }

    /// A cast generic giving `v` (an f32 value of the original program) in `form`.
    fn cast(
        &mut self,
        f: &mut Function,
        v: ValueId,
        form: Form,
        location: &Location,
    ) -> Result<ValueId, CompileError> {
        let Type::Tensor(t) = f.values[v].ty.clone() else {
            return Err(internal(format!(
                "value #{} is an f32 scalar that is not a constant",
                v.index()
            )));
        };
        let (from, to) = match form {
            Form::Wide => (self.narrow_dtype(), DType::F32),
            Form::Narrow => (DType::F32, self.narrow_dtype()),
        };
        let out = TensorType::new(t.shape.clone(), to);
        let empty = f.append_op(
            OpKind::Empty,
            vec![],
            vec![Type::Tensor(out.clone())],
            location.clone(),
        );
        self.body.push(empty);
        let empty = f.ops[empty].results[0];
        let rank = t.rank();
        let mut bb = BodyBuilder::new(vec![from, to]);
        let x = match form {
            Form::Wide => bb.cast(bb.argument(0), to),
            Form::Narrow => {
                let x = bb.argument(0);
                self.narrow_in_body(&mut bb, x)
            }
        };
        let generic = Generic {
            indexing_maps: vec![AffineMap::identity(rank); 2],
            iterator_types: vec![IteratorType::Parallel; rank],
            num_inputs: 1,
            body: bb.yield_values(&[x]),
        };
        let op = f.append_op(
            OpKind::Generic(generic),
            vec![v, empty],
            vec![Type::Tensor(out)],
            location.clone(),
        );
        self.body.push(op);
        Ok(f.ops[op].results[0])
    }

    /// Body instructions taking f32 `x` to the narrow format: `arith.truncf` to f16, or bf16
    /// rounding on the f32 bits (`structured::round_to_bf16_in_body`).
    fn narrow_in_body(&self, bb: &mut BodyBuilder, x: ScalarRef) -> ScalarRef {
        if self.precision == Precision::F16 {
            return bb.cast(x, DType::F16);
        }
        crate::structured::round_to_bf16_in_body(bb, x)
    }

    fn rewrite_op(&mut self, f: &mut Function, op_id: OpId) -> Result<(), CompileError> {
        let location = f.ops.location(op_id).clone();
        let op = f.ops[op_id].clone();
        let touches_f32 = op
            .operands
            .iter()
            .chain(&op.results)
            .any(|v| self.f32_values.contains(v));
        if !touches_f32 || is_source(&op.kind) {
            // Sources stay as written; consumers that want them narrow get a rebuilt copy.
            self.body.push(op_id);
            return Ok(());
        }
        match &op.kind {
            OpKind::Constant(_) | OpKind::Empty | OpKind::Fill => {
                return Err(internal("a source op reached the rewrite"))
            }
            OpKind::Generic(g) => self.rewrite_generic(f, op_id, g.clone(), &location)?,
            OpKind::Matmul
            | OpKind::BatchMatmul
            | OpKind::Matvec
            | OpKind::Conv2d(_)
            | OpKind::Pooling(_)
            | OpKind::Transpose { .. }
            | OpKind::Broadcast { .. }
            | OpKind::Reduce(_) => {
                // The types as written: an operand already narrowed must not get the cast that
                // generalization gives mixed types (the body is narrowed below).
                let types: Vec<Type> = op
                    .operands
                    .iter()
                    .map(|&v| match self.f32_values.contains(&v) {
                        true => retyped(&f.values[v].ty, DType::F32),
                        false => f.values[v].ty.clone(),
                    })
                    .collect();
                let g = generalize(&op.kind, &types)
                    .ok_or_else(|| internal(format!("{} has no generic form", op.kind.name())))?;
                f.ops.get_mut(op_id).kind = OpKind::Generic(g.clone());
                self.rewrite_generic(f, op_id, g, &location)?;
            }
            OpKind::Softmax { .. } => {
                for (i, &v) in op.operands.iter().enumerate() {
                    let wide = self.get(f, v, Form::Wide, &location)?;
                    f.ops.get_mut(op_id).operands[i] = wide;
                }
                self.body.push(op_id);
            }
            OpKind::Pad { .. }
            | OpKind::CollapseShape { .. }
            | OpKind::ExpandShape { .. }
            | OpKind::ExtractSlice { .. }
            | OpKind::Concat { .. }
            | OpKind::Gather { .. }
            | OpKind::GatherElements { .. } => {
                self.rewrite_data_movement(f, op_id, &op, &location)?
            }
        }
        Ok(())
    }

    /// An index-remapping op: narrow when any of its f32 tensor operands prefers narrow (a
    /// narrow producer or a constant), f32 otherwise. Its f32 scalar operand (a pad value) must
    /// then be a constant (it is rebuilt narrow).
    fn rewrite_data_movement(
        &mut self,
        f: &mut Function,
        op_id: OpId,
        op: &Op,
        location: &Location,
    ) -> Result<(), CompileError> {
        let tensors = op
            .operands
            .iter()
            .filter(|&&v| f.values[v].ty.as_tensor().is_some());
        let mut form = Form::Wide;
        for &v in tensors {
            // A graph input is cast before the remapping (a pad folds into its consumer's
            // loads only when nothing stands between them).
            let argument = f.arguments.contains(&v) && self.f32_values.contains(&v);
            if argument || self.preferred(f, v) == Some(Form::Narrow) {
                form = Form::Narrow;
            }
        }
        let scalar_not_constant = op.operands.iter().any(|&v| {
            self.f32_values.contains(&v)
                && f.values[v].ty.as_tensor().is_none()
                && !f
                    .defining_op(v)
                    .is_some_and(|d| matches!(f.ops[d].kind, OpKind::Constant(_)))
        });
        if scalar_not_constant {
            form = Form::Wide;
        }
        for (i, &v) in op.operands.iter().enumerate() {
            let x = self.get(f, v, form, location)?;
            f.ops.get_mut(op_id).operands[i] = x;
        }
        if form == Form::Narrow {
            let narrow = self.narrow_dtype();
            for &r in &op.results {
                if self.f32_values.contains(&r) {
                    f.values.get_mut(r).ty = retyped(&f.values[r].ty, narrow);
                    self.home.insert(r, Form::Narrow);
                }
            }
        }
        self.body.push(op_id);
        Ok(())
    }

    /// A generic (see the module docs): inputs read narrow (contractions) or in their
    /// producer's form, cast up in the body; f32 results of an all-parallel generic stored
    /// narrow (unless only graph outputs and softmax inputs take them), a reduction's f32 init
    /// and result kept.
    fn rewrite_generic(
        &mut self,
        f: &mut Function,
        op_id: OpId,
        mut g: Generic,
        location: &Location,
    ) -> Result<(), CompileError> {
        let op = f.ops[op_id].clone();
        let contraction = g.iterator_types.contains(&IteratorType::Reduction)
            && sums_products_of_two_inputs(&op, &g);
        let parallel = !g.iterator_types.contains(&IteratorType::Reduction);
        let narrow = self.narrow_dtype();
        let mut operands = op.operands.clone();
        // The operand positions whose body argument becomes narrow.
        let mut narrowed_arguments = Vec::new();
        for (i, &v) in op.operands.iter().enumerate().take(g.num_inputs) {
            if !self.f32_values.contains(&v) || f.values[v].ty.as_tensor().is_none() {
                continue;
            }
            let form = if contraction {
                Form::Narrow
            } else {
                self.preferred(f, v).unwrap_or(Form::Wide)
            };
            operands[i] = self.get(f, v, form, location)?;
            if form == Form::Narrow {
                narrowed_arguments.push(i);
            }
        }
        if let Some(input) = selected_input(&g, &op) {
            let init = g.num_inputs;
            let r = op.results[0];
            let init_is_source = f
                .defining_op(op.operands[init])
                .is_some_and(|d| is_source(&f.ops[d].kind));
            if narrow == DType::F16
                && narrowed_arguments.contains(&input)
                && init_is_source
                && self.f32_values.contains(&r)
                && !self.wide_readers_only.contains(&r)
            {
                operands[init] = self.get(f, op.operands[init], Form::Narrow, location)?;
                let mut arguments = g.body.arguments.clone();
                arguments[input] = narrow;
                arguments[init] = narrow;
                let mut bb = BodyBuilder::new(arguments);
                let inst = &g.body.instructions[0];
                let selected = bb.push(inst.op, &inst.operands, narrow);
                g.body = bb.yield_values(&[selected]);
                f.values.get_mut(r).ty = retyped(&f.values[r].ty, narrow);
                self.home.insert(r, Form::Narrow);
                let op = f.ops.get_mut(op_id);
                op.operands = operands;
                op.kind = OpKind::Generic(g);
                self.body.push(op_id);
                return Ok(());
            }
        }
        let mut narrowed_results = Vec::new();
        for (j, &r) in op.results.iter().enumerate() {
            let i = g.num_inputs + j;
            let v = op.operands[i];
            let narrow_result = parallel
                && self.f32_values.contains(&r)
                && g.body.arguments.get(i) == Some(&DType::F32)
                && !self.wide_readers_only.contains(&r);
            let form = if narrow_result {
                Form::Narrow
            } else {
                Form::Wide
            };
            operands[i] = self.get(f, v, form, location)?;
            if narrow_result {
                narrowed_arguments.push(i);
                narrowed_results.push(j);
            }
        }
        if narrow != DType::F32 || !narrowed_results.is_empty() {
            g.body = self.rebody(&g.body, &narrowed_arguments, &narrowed_results);
        }
        for &j in &narrowed_results {
            let r = op.results[j];
            f.values.get_mut(r).ty = retyped(&f.values[r].ty, narrow);
            self.home.insert(r, Form::Narrow);
        }
        let op = f.ops.get_mut(op_id);
        op.operands = operands;
        op.kind = OpKind::Generic(g);
        self.body.push(op_id);
        Ok(())
    }

    /// `body` with the arguments at `arguments` narrow (cast up at the top where they are
    /// read) and the yields at `yields` cast down at the end; the original instructions are
    /// unchanged (f32).
    fn rebody(&self, body: &ScalarBody, arguments: &[usize], yields: &[usize]) -> ScalarBody {
        let narrow = self.narrow_dtype();
        let mut argument_types = body.arguments.clone();
        for &i in arguments {
            argument_types[i] = narrow;
        }
        let used = crate::partition::body_arguments_used(body);
        let mut bb = BodyBuilder::new(argument_types);
        let mut argument_refs: HashMap<u32, ScalarRef> = HashMap::new();
        for &i in arguments {
            if used.contains(&(i as u32)) && narrow != DType::F32 {
                let wide = bb.cast(bb.argument(i), DType::F32);
                argument_refs.insert(i as u32, wide);
            }
        }
        let offset = argument_refs.len() as u32;
        let remap = |r: ScalarRef| match r {
            ScalarRef::Argument(i) => argument_refs.get(&i).copied().unwrap_or(r),
            ScalarRef::Instruction(k) => ScalarRef::Instruction(k + offset),
            outer => outer,
        };
        for inst in &body.instructions {
            let operands: Vec<ScalarRef> = inst.operands.iter().map(|&r| remap(r)).collect();
            bb.push(inst.op, &operands, inst.ty);
        }
        let mut out: Vec<ScalarRef> = body.yields.iter().map(|&r| remap(r)).collect();
        for &j in yields {
            out[j] = self.narrow_in_body(&mut bb, out[j]);
        }
        bb.yield_values(&out)
    }
}

/// The input whose elements a max / min reduction selects (pooling, ReduceMax / Min): a body
/// that is exactly `yield maximumf(acc, x)` (or `minimumf`, either operand order) over input
/// `x` and the init `acc`, both f32, one result. Its result holds only values of `x` and of
/// the init: where both are narrow, so is the result, exactly, and the narrow type computes it
/// (the body stays the bare combiner that kernel configuration recognizes).
fn selected_input(g: &Generic, op: &Op) -> Option<usize> {
    let acc = g.num_inputs as u32;
    let [inst] = &g.body.instructions[..] else {
        return None;
    };
    let input = match inst.operands[..] {
        [ScalarRef::Argument(a), ScalarRef::Argument(x)]
        | [ScalarRef::Argument(x), ScalarRef::Argument(a)]
            if a == acc && x < acc =>
        {
            x as usize
        }
        _ => return None,
    };
    let selects = matches!(inst.op, ScalarOp::MaximumF | ScalarOp::MinimumF)
        && g.body.yields == [ScalarRef::Instruction(0)]
        && op.results.len() == 1
        && g.iterator_types.contains(&IteratorType::Reduction)
        && g.body.arguments[input] == DType::F32
        && g.body.arguments[acc as usize] == DType::F32;
    selects.then_some(input)
}

/// `ty` with element type `dtype`.
fn retyped(ty: &Type, dtype: DType) -> Type {
    match ty {
        Type::Scalar(_) => Type::Scalar(dtype),
        Type::Tensor(t) => Type::Tensor(TensorType::new(t.shape.clone(), dtype)),
    }
}

/// How an error names op `op`: its ONNX node or text position, else its index.
fn describe(location: &Location, op: OpId) -> String {
    match location {
        Location::OnnxNode {
            name,
            op_type,
            index,
        } if name.is_empty() => format!("{op_type} node #{index}"),
        Location::OnnxNode { name, op_type, .. } => format!("{name} ({op_type})"),
        Location::Text { line, column } => format!("arith.constant at {line}:{column}"),
        Location::Unknown => format!("arith.constant #{}", op.index()),
        Location::Fused { locations } => match locations.first() {
            Some(first) => describe(first, op),
            None => format!("arith.constant #{}", op.index()),
        },
    }
}

/// Removes the constants, `tensor.empty`s and fills of the body that nothing uses any more
/// (the f32 originals of constants rebuilt narrow).
fn remove_dead_sources(f: &mut Function) {
    remove_dead_ops(f, |op| is_source(&op.kind));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `y = x * 1` stored (so rounded) and read by `z = y * 1`, the graph output.
    fn stored_then_read(n: usize) -> Function {
        let text = format!(
            "#id = affine_map<(d0) -> (d0)>\n\
             func.func @main(%x: tensor<{n}xf32>) -> tensor<{n}xf32> {{\n\
               %e = tensor.empty() : tensor<{n}xf32>\n\
               %y = linalg.generic {{indexing_maps = [#id, #id], iterator_types = [\"parallel\"]}} ins(%x : tensor<{n}xf32>) outs(%e : tensor<{n}xf32>) {{\n\
               ^bb0(%a: f32, %o: f32):\n\
                 %one = arith.constant 1.0 : f32\n\
                 %m = arith.mulf %a, %one : f32\n\
                 linalg.yield %m : f32\n\
               }} -> tensor<{n}xf32>\n\
               %z = linalg.generic {{indexing_maps = [#id, #id], iterator_types = [\"parallel\"]}} ins(%y : tensor<{n}xf32>) outs(%e : tensor<{n}xf32>) {{\n\
               ^bb0(%a: f32, %o: f32):\n\
                 %one = arith.constant 1.0 : f32\n\
                 %s = arith.mulf %a, %one : f32\n\
                 linalg.yield %s : f32\n\
               }} -> tensor<{n}xf32>\n\
               return %z : tensor<{n}xf32>\n\
             }}\n"
        );
        parse_mlir(&text).unwrap().entry().unwrap().clone()
    }

    /// The values each format must round exactly as `half` does (round to nearest, ties to
    /// even): ties both ways, the largest finite values, overflow to inf, subnormals, signed
    /// zero, infinities and NaN.
    fn tricky_values() -> Vec<f32> {
        vec![
            1.003_906_3, // 1 + 2^-8: a bf16 tie, to even (1.0)
            1.011_718_8, // 1 + 3 * 2^-8: a bf16 tie, to even (1 + 2^-6)
            1.000_488_3, // 1 + 2^-11: an f16 tie, to even (1.0)
            -2.5e-3,
            65504.0,
            65519.0,
            f32::MAX,
            -f32::MAX,
            1.0e-40,
            -0.0,
            f32::INFINITY,
            f32::NEG_INFINITY,
            f32::NAN,
            std::f32::consts::PI,
        ]
    }

    fn run(precision: Precision, values: &[f32]) -> Vec<f64> {
        let mut f = stored_then_read(values.len());
        reduce_precision(&mut f, precision).unwrap();
        let input = Tensor::from_vec(
            DType::F32,
            &[values.len()],
            values.iter().map(|&v| f64::from(v)).collect(),
        )
        .unwrap();
        let out = interpret_function(&f, &[input]).unwrap();
        out[0].data.iter().copied().collect()
    }

    fn same(got: f64, want: f64) -> bool {
        (got.is_nan() && want.is_nan())
            || (got == want && got.is_sign_negative() == want.is_sign_negative())
    }

    #[test]
    fn bf16_rounding_in_the_body_matches_round_to_nearest_even() {
        let values = tricky_values();
        for (v, got) in values.iter().zip(run(Precision::BF16, &values)) {
            let want = half::bf16::from_f32(*v).to_f64();
            assert!(same(got, want), "bf16({v:e}): got {got:e}, want {want:e}");
        }
    }

    #[test]
    fn f16_storage_rounds_to_nearest_even() {
        let values = tricky_values();
        for (v, got) in values.iter().zip(run(Precision::F16, &values)) {
            let want = half::f16::from_f32(*v).to_f64();
            assert!(same(got, want), "f16({v:e}): got {got:e}, want {want:e}");
        }
    }

    #[test]
    fn f32_changes_nothing() {
        let mut f = stored_then_read(3);
        let before = f.clone();
        reduce_precision(&mut f, Precision::F32).unwrap();
        assert_eq!(f, before);
    }
}

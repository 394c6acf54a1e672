//! `index-checks`: every gather whose indices are computed at run time gets a check beside it,
//! so an index outside `[-n, n)` fails the run with the op's source (the ONNX node, the MLIR
//! line) instead of reading a clamped element. onnxruntime refuses such an index too; kiln's
//! kernels clamp it (`lower_to_kernels::context::gather_index`) so that they never read outside
//! a buffer, and the check makes the clamp unobservable.
//!
//! The check is ordinary Tensor IR, so fusion, bufferization and the runtime need nothing new:
//! an elementwise generic maps each index to 1 when it is out of range and 0 otherwise, a
//! `linalg.reduce` takes their maximum into a rank-0 i32 tensor, and that tensor becomes an
//! extra function result. The unit records one [`IndexCheck`] per extra result (they follow
//! the program's own results); `assemble` turns them into the program's `checks`, which
//! `Executable::run` reads after every run (four bytes each). Runs first: every later pass
//! sees the checks as ordinary ops and results.
//!
//! Constant indices are checked at compile time (an error naming the op). Not checked:
//! gathers along a symbolic dim (the size is only known at run time; the kernel's clamp still
//! keeps them inside the buffer).

use crate::error::CompileError;
use crate::pass::{CompilationUnit, IndexCheck, Pass, Phase};
use kiln_frontend::*;

pub struct IndexChecks;

impl Pass for IndexChecks {
    fn name(&self) -> &'static str {
        "index-checks"
    }
    fn summary(&self) -> &'static str {
        "a flag result per gather of run-time indices: any index outside [-n, n)"
    }
    fn requires(&self) -> Phase {
        Phase::Tensor
    }
    fn produces(&self) -> Phase {
        Phase::Tensor
    }
    fn run(&self, unit: &mut CompilationUnit) -> Result<(), CompileError> {
        let checks = add_index_checks(&mut unit.function)?;
        unit.index_checks.extend(checks);
        Ok(())
    }
}

/// Adds the checks of `function`'s gathers (ops at the end of its body, flags at the end of its
/// results) and returns them in result order.
pub fn add_index_checks(function: &mut Function) -> Result<Vec<IndexCheck>, CompileError> {
    let mut checks = Vec::new();
    for op_id in function.body.clone() {
        let op = &function.ops[op_id];
        let (axis, name) = match op.kind {
            OpKind::Gather { axis } => (axis, "gather"),
            OpKind::GatherElements { axis } => (axis, "gather_elements"),
            _ => continue,
        };
        let (data, indices) = (op.operands[0], op.operands[1]);
        let indices_are_constant = matches!(
            function.values[indices].def,
            ValueDef::OpResult { op, .. } if matches!(function.ops[op].kind, OpKind::Constant(_))
        );
        let Some(n) = function
            .tensor_type(data)
            .and_then(|t| t.shape.get(axis))
            .and_then(|d| d.as_static())
        else {
            continue;
        };
        let location = function.ops.location(op_id).clone();
        if indices_are_constant {
            check_constant_indices(function, op_id, indices, n, &location)?;
            continue;
        }
        let flag = out_of_range_flag(function, indices, n, &location)?;
        function.results.push(flag);
        let source = match &location {
            Location::Unknown => format!("kiln.{name}"),
            Location::Text { .. } => format!("kiln.{name} at {location}"),
            _ => location.to_string(),
        };
        checks.push(IndexCheck {
            flag,
            message: format!(
                "{source}: an index is out of range: axis {axis} has {n} elements, so indices \
                 must lie in [-{n}, {n})"
            ),
        });
    }
    Ok(checks)
}

/// Constant indices are checked now: one outside `[-n, n)` is an error naming the op.
fn check_constant_indices(
    function: &Function,
    op_id: OpId,
    indices: ValueId,
    n: u64,
    location: &Location,
) -> Result<(), CompileError> {
    let ValueDef::OpResult { op, .. } = function.values[indices].def else {
        return Ok(());
    };
    let OpKind::Constant(constant) = &function.ops[op].kind else {
        return Ok(());
    };
    let n = n as f64;
    let bad = match constant {
        ConstantValue::Splat(v) => Some(v.as_f64()).filter(|&i| i < -n || i >= n),
        ConstantValue::Dense(data) => (0..data.len())
            .map(|k| data.get(k).as_f64())
            .find(|&i| i < -n || i >= n),
    };
    match bad {
        None => Ok(()),
        Some(i) => Err(CompileError::InvalidInput {
            op: function.ops[op_id].kind.name().to_string(),
            reason: format!("constant index {i} is out of range [-{n}, {n})"),
        }
        .at("index-checks", location)),
    }
}

/// Appends `max(indices < -n || indices >= n ? 1 : 0)` over every element, as a rank-0 i32.
fn out_of_range_flag(
    function: &mut Function,
    indices: ValueId,
    n: u64,
    location: &Location,
) -> Result<ValueId, CompileError> {
    let t = function
        .tensor_type(indices)
        .cloned()
        .ok_or_else(|| CompileError::internal("index-checks", "gather indices are not a tensor"))?;
    let rank = t.rank();
    let n = n as f64;
    let mut body = BodyBuilder::new(vec![t.dtype, DType::I32]);
    let x = body.argument(0);
    let low = body.constant(-n, t.dtype);
    let high = body.constant(n, t.dtype);
    let below = body.push(ScalarOp::CmpI(CmpIPredicate::Slt), &[x, low], DType::I1);
    let above = body.push(ScalarOp::CmpI(CmpIPredicate::Sge), &[x, high], DType::I1);
    let outside = body.push(ScalarOp::OrI, &[below, above], DType::I1);
    let one = body.constant(1.0, DType::I32);
    let zero = body.constant(0.0, DType::I32);
    let bad = body.push(ScalarOp::Select, &[outside, one, zero], DType::I32);
    let body = body.yield_values(&[bad]);
    let bad_type = TensorType::new(t.shape.clone(), DType::I32);
    let empty = add(function, OpKind::Empty, vec![], Some(bad_type), location)?;
    let bad = add(
        function,
        OpKind::Generic(Generic {
            indexing_maps: vec![AffineMap::identity(rank), AffineMap::identity(rank)],
            iterator_types: vec![IteratorType::Parallel; rank],
            num_inputs: 1,
            body,
        }),
        vec![indices, empty],
        None,
        location,
    )?;
    if rank == 0 {
        return Ok(bad);
    }
    // The reduction's init: `tensor.empty` + `linalg.fill` of 0 (as `FunctionBuilder::reduce`).
    let zero = function.append_op(
        OpKind::Constant(ConstantValue::Splat(ScalarValue::from_f64(0.0, DType::I32))),
        vec![],
        vec![Type::Scalar(DType::I32)],
        location.clone(),
    );
    function.body.push(zero);
    let zero = function.ops[zero].results[0];
    let flag_type = TensorType::new(vec![], DType::I32);
    let empty = add(function, OpKind::Empty, vec![], Some(flag_type), location)?;
    let zero = add(function, OpKind::Fill, vec![zero, empty], None, location)?;
    let mut combiner = BodyBuilder::new(vec![DType::I32, DType::I32]);
    let r = combiner.push(
        ScalarOp::MaxSI,
        &[combiner.argument(0), combiner.argument(1)],
        DType::I32,
    );
    let combiner = combiner.yield_values(&[r]);
    add(
        function,
        OpKind::Reduce(Reduce {
            dimensions: (0..rank).collect(),
            body: combiner,
        }),
        vec![bad, zero],
        None,
        location,
    )
}

/// Appends one op with inferred result types to the end of the body; its single result.
fn add(
    function: &mut Function,
    kind: OpKind,
    operands: Vec<ValueId>,
    declared: Option<TensorType>,
    location: &Location,
) -> Result<ValueId, CompileError> {
    let declared = declared.map(|t| vec![Type::Tensor(t)]);
    let types = infer_result_types(function, &kind, &operands, declared.as_deref())
        .map_err(|m| CompileError::internal("index-checks", format!("{}: {m}", kind.name())))?;
    let op = function.append_op(kind, operands, types, location.clone());
    function.body.push(op);
    Ok(function.ops[op].results[0])
}

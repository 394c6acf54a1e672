//! `bufferize`: gives every tensor that crosses a region boundary a buffer, and every region
//! its bindings.
//!
//! - Function arguments become `Input` buffers, returned tensors `Output` buffers, dense
//!   constants `Constant` buffers (bytes in the storage type), other region outputs
//!   `Intermediate` buffers. Inside a region nothing is materialized.
//! - Region inputs bind read-only, outputs write-only, at set 0, bindings 0.. in order.
//! - Intermediates get reuse slots from a liveness plan: a buffer is live from the region that
//!   writes it to the last region that reads it; a slot is reused by a buffer whose life starts
//!   after the slot's last use (greedy interval colouring in execution order).
//! - Symbolic dimensions are bound to the first input dimension that carries them.
//! - The operands of an in-place concat (`partition::InPlaceConcat`) get no buffer of their
//!   own: each is a view (offset, the concat's strides) of the concat result's buffer, or of
//!   the slice that result is itself; the buffer lives from its first writer to its last reader.
//!   A slice concat (`slice_of`: consecutive operands of another) is the view that starts at
//!   its first operand's.
//!
//! Not handled: returning a function argument or a constant directly (needs a copy dispatch),
//! symbols that appear in no input.

use crate::buffer_plan::*;

pub mod scratch;

use crate::error::CompileError;
use crate::kernel_ir::Access;
use crate::partition::Partition;
use crate::pass::{CompilationUnit, Pass, Phase};
use crate::program::{BufferKind, SymbolInfo};
use crate::size_expr::row_major_strides;
use crate::size_expr::SizeExpr;
use crate::target::LoweringTarget;
use kiln_frontend::*;
use std::collections::HashMap;

pub struct Bufferize;

impl Pass for Bufferize {
    fn name(&self) -> &'static str {
        "bufferize"
    }
    fn summary(&self) -> &'static str {
        "region I/O -> bindings; intermediates -> buffers with a reuse plan"
    }
    fn requires(&self) -> Phase {
        Phase::Partitioned
    }
    fn produces(&self) -> Phase {
        Phase::Bufferized
    }
    fn run(&self, unit: &mut CompilationUnit) -> Result<(), CompileError> {
        let partition = unit
            .partition
            .as_ref()
            .ok_or_else(|| CompileError::internal("bufferize", "no partition"))?;
        let plans = unit.kernel_plans.as_ref().ok_or_else(|| {
            CompileError::internal("bufferize", "no kernel plans (run kernel-config first)")
        })?;
        let mut plan = plan_buffers(&unit.function, partition, &unit.target)?;
        scratch::allocate_scratch(&unit.function, partition, plans, &mut plan)?;
        unit.buffer_plan = Some(plan);
        Ok(())
    }
}

fn unsupported(what: &str, reason: String) -> CompileError {
    CompileError::unsupported("func.func", what, reason)
}

pub fn plan_buffers(
    function: &Function,
    partition: &Partition,
    target: &LoweringTarget,
) -> Result<BufferPlan, CompileError> {
    let mut plan = BufferPlan::default();

    // Symbols, from the first input dimension that carries each.
    for (input, &arg) in function.arguments.iter().enumerate() {
        if let Some(t) = function.values[arg].ty.as_tensor() {
            for (dim, d) in t.shape.iter().enumerate() {
                if let Dim::Symbol(s) = d {
                    if !plan.symbols.iter().any(|x| &x.name == s) {
                        plan.symbols.push(SymbolInfo {
                            name: s.clone(),
                            input,
                            dim,
                        });
                    }
                }
            }
        }
    }

    let add = |plan: &mut BufferPlan,
               value: ValueId,
               name: String,
               kind: BufferKind|
     -> Result<u32, CompileError> {
        if let Some(&id) = plan.value_buffer.get(&value) {
            return Ok(id);
        }
        let ty = function.values[value]
            .ty
            .as_tensor()
            .ok_or_else(|| unsupported("scalar", format!("{name} is a scalar, not a tensor")))?
            .clone();
        for d in &ty.shape {
            if let Dim::Symbol(s) = d {
                if !plan.symbols.iter().any(|x| &x.name == s) {
                    return Err(unsupported(
                        "symbolic dimension",
                        format!("`{s}` of {name} appears in no input"),
                    ));
                }
            }
        }
        let storage = target
            .storage_type(ty.dtype)
            .map_err(|m| unsupported("element type", format!("{name}: {m}")))?;
        let shape = shape_exprs(&ty);
        let elements = SizeExpr::product(&shape);
        let size_bytes = elements
            .mul(SizeExpr::Const(storage.size_bytes() as i64))
            .max(SizeExpr::Const(4));
        let constant = match function.defining_op(value).map(|op| &function.ops[op].kind) {
            Some(OpKind::Constant(ConstantValue::Dense(data))) => {
                Some(constant_bytes(data, storage))
            }
            _ => None,
        };
        let id = plan.buffers.len() as u32;
        plan.buffers.push(PlannedBuffer {
            id,
            name,
            kind,
            dtype: ty.dtype,
            storage,
            shape,
            size_bytes,
            reuse_slot: None,
            constant,
        });
        plan.value_buffer.insert(value, id);
        Ok(id)
    };

    for (i, &arg) in function.arguments.iter().enumerate() {
        let id = add(&mut plan, arg, format!("input{i}"), BufferKind::Input)?;
        plan.inputs.push(id);
    }
    let produced = partition.stored_values();
    for (i, &result) in function.results.iter().enumerate() {
        if !produced.contains(&result) {
            return Err(unsupported(
                "result",
                format!(
                    "result {i} (%{}) is an argument or a constant; no dispatch produces it",
                    result.index()
                ),
            ));
        }
        if plan.value_buffer.contains_key(&result) {
            return Err(unsupported(
                "result",
                format!("result {i} (%{}) is returned twice", result.index()),
            ));
        }
        let id = add(&mut plan, result, format!("output{i}"), BufferKind::Output)?;
        plan.outputs.push(id);
    }

    // In-place concats, outermost first: each operand is a slice of the result's buffer.
    for c in partition
        .in_place_concats
        .iter()
        .rev()
        .filter(|c| c.slice_of.is_none())
    {
        let id = add(
            &mut plan,
            c.result,
            format!("concat%{}", c.result.index()),
            BufferKind::Intermediate,
        )?;
        let base = plan
            .views
            .get(&c.result)
            .cloned()
            .unwrap_or_else(|| ValueView {
                offset: SizeExpr::Const(0),
                strides: row_major_strides(&plan.buffers[id as usize].shape),
            });
        let mut start = SizeExpr::Const(0);
        for &x in &c.operands {
            let size = value_shape(function, x)
                .get(c.dimension)
                .cloned()
                .ok_or_else(|| unsupported("scalar", "a concat of scalars".to_string()))?;
            let offset = base
                .offset
                .clone()
                .add(start.clone().mul(base.strides[c.dimension].clone()));
            plan.value_buffer.insert(x, id);
            plan.views.insert(
                x,
                ValueView {
                    offset,
                    strides: base.strides.clone(),
                },
            );
            start = start.add(size);
        }
    }

    // Slice concats: a view of the buffer their operands' views are in, from the first one's
    // offset, the same strides (the operands are consecutive there).
    for c in partition
        .in_place_concats
        .iter()
        .filter(|c| c.slice_of.is_some())
    {
        let first = c.operands[0];
        let (Some(&id), Some(view)) = (plan.value_buffer.get(&first), plan.views.get(&first))
        else {
            return Err(CompileError::internal(
                "bufferize",
                format!(
                    "slice concat %{}: operand %{} has no view",
                    c.result.index(),
                    first.index()
                ),
            ));
        };
        let view = view.clone();
        plan.value_buffer.insert(c.result, id);
        plan.views.insert(c.result, view);
    }

    // Region bindings; constants and intermediates on first sight.
    let mut live: HashMap<u32, (usize, usize)> = HashMap::new();
    for (index, region) in partition.regions.iter().enumerate() {
        let mut bindings = Vec::new();
        for &v in &region.inputs {
            let id = match function.defining_op(v).map(|op| &function.ops[op].kind) {
                Some(OpKind::Constant(ConstantValue::Dense(_))) => add(
                    &mut plan,
                    v,
                    format!("constant%{}", v.index()),
                    BufferKind::Constant,
                )?,
                _ => *plan.value_buffer.get(&v).ok_or_else(|| {
                    CompileError::internal(
                        "bufferize",
                        format!("region input %{} has no buffer", v.index()),
                    )
                })?,
            };
            if let Some(l) = live.get_mut(&id) {
                l.1 = l.1.max(index);
            }
            bindings.push(RegionBinding {
                set: 0,
                binding: bindings.len() as u32,
                value: v,
                buffer: id,
                access: Access::ReadOnly,
            });
        }
        for &v in &region.outputs {
            let id = add(
                &mut plan,
                v,
                format!("{}_out%{}", region.name, v.index()),
                BufferKind::Intermediate,
            )?;
            if plan.buffers[id as usize].kind == BufferKind::Intermediate {
                // The first writer starts its life (slices of one buffer have several).
                live.entry(id).or_insert((index, index)).1 = index;
            }
            bindings.push(RegionBinding {
                set: 0,
                binding: bindings.len() as u32,
                value: v,
                buffer: id,
                access: Access::WriteOnly,
            });
        }
        plan.region_bindings.push(bindings);
    }

    // Liveness-based reuse: greedy interval colouring in order of first definition.
    let mut intervals: Vec<(u32, usize, usize)> =
        live.into_iter().map(|(id, (a, b))| (id, a, b)).collect();
    intervals.sort_by_key(|&(id, a, _)| (a, id));
    let mut slot_last_use: Vec<usize> = Vec::new();
    for (id, first, last) in intervals {
        let slot = match slot_last_use.iter().position(|&end| end < first) {
            Some(s) => {
                slot_last_use[s] = last;
                s
            }
            None => {
                slot_last_use.push(last);
                slot_last_use.len() - 1
            }
        };
        plan.buffers[id as usize].reuse_slot = Some(slot as u32);
    }
    Ok(plan)
}

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
//!
//! Not handled: returning a function argument or a constant directly (needs a copy dispatch),
//! symbols that appear in no input.

use crate::error::CompileError;
use crate::fusion::Partition;
use crate::kernel_ir::Access;
use crate::pass::{CompilationUnit, Pass, Phase};
use crate::program::{BufferKind, StorageType, SymbolInfo};
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
        unit.buffer_plan = Some(plan_buffers(&unit.function, partition, &unit.target)?);
        Ok(())
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct PlannedBuffer {
    pub id: u32,
    pub name: String,
    pub kind: BufferKind,
    pub dtype: DType,
    pub storage: StorageType,
    pub shape: Vec<SizeExpr>,
    pub size_bytes: SizeExpr,
    pub reuse_slot: Option<u32>,
    /// Little-endian bytes in `storage` for `Constant` buffers.
    pub constant: Option<Vec<u8>>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct RegionBinding {
    pub set: u32,
    pub binding: u32,
    pub value: ValueId,
    pub buffer: u32,
    pub access: Access,
}

#[derive(Clone, Debug, Default)]
pub struct BufferPlan {
    pub buffers: Vec<PlannedBuffer>,
    pub value_buffer: HashMap<ValueId, u32>,
    /// Per region (same order as the partition): its bindings, inputs first.
    pub region_bindings: Vec<Vec<RegionBinding>>,
    pub symbols: Vec<SymbolInfo>,
    /// Buffer ids of the function arguments and results, in order.
    pub inputs: Vec<u32>,
    pub outputs: Vec<u32>,
}

pub fn dim_expr(dim: &Dim) -> SizeExpr {
    match dim {
        Dim::Static(n) => SizeExpr::Const(*n as i64),
        Dim::Symbol(s) => SizeExpr::Symbol(s.clone()),
    }
}

pub fn shape_exprs(ty: &TensorType) -> Vec<SizeExpr> {
    ty.shape.iter().map(dim_expr).collect()
}

fn unsupported(what: &str, reason: String) -> CompileError {
    CompileError::unsupported("func.func", what, reason)
}

/// Encodes constant data in a storage type.
pub fn constant_bytes(data: &ElementsData, storage: StorageType) -> Vec<u8> {
    let values = data.to_f64_vec();
    let mut out = Vec::with_capacity(values.len() * storage.size_bytes() as usize);
    for x in values {
        match storage {
            StorageType::F32 => out.extend_from_slice(&(x as f32).to_le_bytes()),
            StorageType::F16 => out.extend_from_slice(&half::f16::from_f64(x).to_le_bytes()),
            StorageType::BF16 => out.extend_from_slice(&half::bf16::from_f64(x).to_le_bytes()),
            StorageType::F64 => out.extend_from_slice(&x.to_le_bytes()),
            StorageType::I32 => out.extend_from_slice(&(x as i32).to_le_bytes()),
            StorageType::I64 => out.extend_from_slice(&(x as i64).to_le_bytes()),
            StorageType::I8 => out.push(x as i8 as u8),
            StorageType::U32 => out.extend_from_slice(&u32::from(x != 0.0).to_le_bytes()),
        }
    }
    out
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
    let produced: HashMap<ValueId, usize> = partition
        .regions
        .iter()
        .enumerate()
        .flat_map(|(i, r)| r.outputs.iter().map(move |v| (*v, i)))
        .collect();
    for (i, &result) in function.results.iter().enumerate() {
        if !produced.contains_key(&result) {
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
                live.insert(id, (index, index));
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

impl BufferPlan {
    pub fn print(&self) -> String {
        let mut out = String::new();
        for s in &self.symbols {
            out.push_str(&format!(
                "symbol {} = input{}.dim{}\n",
                s.name, s.input, s.dim
            ));
        }
        for b in &self.buffers {
            out.push_str(&format!(
                "buffer #{} \"{}\" {:?} {:?} [{}] {} bytes{}\n",
                b.id,
                b.name,
                b.kind,
                b.storage,
                b.shape
                    .iter()
                    .map(|s| s.to_string())
                    .collect::<Vec<_>>()
                    .join(", "),
                b.size_bytes,
                b.reuse_slot
                    .map(|s| format!(" slot {s}"))
                    .unwrap_or_default()
            ));
        }
        for (i, bindings) in self.region_bindings.iter().enumerate() {
            let list: Vec<String> = bindings
                .iter()
                .map(|b| {
                    format!(
                        "(set {}, binding {}) %{} -> #{} {:?}",
                        b.set,
                        b.binding,
                        b.value.index(),
                        b.buffer,
                        b.access
                    )
                })
                .collect();
            out.push_str(&format!("region {i} bindings: {}\n", list.join("; ")));
        }
        out
    }

    pub fn verify(&self) -> Result<(), String> {
        for (i, b) in self.buffers.iter().enumerate() {
            if b.id as usize != i {
                return Err(format!("buffer {i} has id {}", b.id));
            }
            if (b.kind == BufferKind::Constant) != b.constant.is_some() {
                return Err(format!(
                    "buffer #{i}: constant data does not match its kind"
                ));
            }
        }
        let mut writers: HashMap<u32, usize> = HashMap::new();
        for (r, bindings) in self.region_bindings.iter().enumerate() {
            for b in bindings {
                if b.buffer as usize >= self.buffers.len() {
                    return Err(format!("region {r} binds missing buffer #{}", b.buffer));
                }
                if b.access != Access::ReadOnly {
                    if let Some(other) = writers.insert(b.buffer, r) {
                        return Err(format!(
                            "buffer #{} written by regions {other} and {r}",
                            b.buffer
                        ));
                    }
                }
            }
        }
        Ok(())
    }
}

//! `assemble`: the output contract ([`CompiledProgram`]) from a fully lowered compilation unit:
//! dispatches from the serialized modules and the kernels' bindings, buffers from the buffer
//! plan, constants' bytes, the program's inputs, outputs and symbols.

use crate::error::CompileError;
use crate::pass::CompilationUnit;
use crate::program::*;
use std::collections::{HashMap, HashSet};

/// The logical dtype of a program input or output: its buffer's, or bf16 where `emulate-bf16`
/// held a bf16 argument or result in f32 (the host converts it exactly on the way in and out).
pub fn program_dtype(buffer_dtype: DType, declared_bf16: bool) -> Result<DType, CompileError> {
    match (buffer_dtype, declared_bf16) {
        (DType::BF16, _) => Err(CompileError::internal(
            "assemble",
            "a bf16 buffer is left after emulate-bf16",
        )),
        (DType::F32, true) => Ok(DType::BF16),
        (other, true) => Err(CompileError::internal(
            "assemble",
            format!("a bf16 input or output is held in {other}, not f32"),
        )),
        (other, false) => Ok(other),
    }
}

/// Builds the output contract from a fully lowered unit, moving the constants' bytes out of its
/// buffer plan (a weight of 1 GiB is not held twice).
pub fn assemble(unit: &mut CompilationUnit) -> Result<CompiledProgram, CompileError> {
    let constants = unit
        .buffer_plan
        .as_mut()
        .ok_or_else(|| CompileError::internal("assemble", "no buffer plan"))?
        .buffers
        .iter_mut()
        .filter_map(|b| {
            b.constant.take().map(|bytes| ConstantData {
                buffer: b.id,
                bytes,
            })
        })
        .collect();
    let unit = &*unit;
    let plan = unit
        .buffer_plan
        .as_ref()
        .ok_or_else(|| CompileError::internal("assemble", "no buffer plan"))?;
    let interface = |ids: &[u32],
                     values: &[kiln_frontend::ValueId],
                     declared_bf16: &[bool],
                     prefix: &str|
     -> Result<Vec<TensorInterface>, CompileError> {
        ids.iter()
            .zip(values)
            .enumerate()
            .map(|(i, (&id, _))| {
                let b = &plan.buffers[id as usize];
                let bf16 = declared_bf16.get(i).copied().unwrap_or(false);
                Ok(TensorInterface {
                    name: format!("{prefix}{i}"),
                    dtype: program_dtype(b.dtype, bf16)?,
                    storage: b.storage,
                    shape: b.shape.clone(),
                    buffer: id,
                })
            })
            .collect()
    };
    let bf16 = &unit.bf16_interface;
    let inputs = interface(
        &plan.inputs,
        &unit.function.arguments,
        &bf16.arguments,
        "input",
    )?;
    let mut outputs = interface(
        &plan.outputs,
        &unit.function.results,
        &bf16.results,
        "output",
    )?;
    // The last results are the flags of `index-checks`, not outputs.
    let first_flag = outputs
        .len()
        .checked_sub(unit.index_checks.len())
        .ok_or_else(|| CompileError::internal("assemble", "more checks than results"))?;
    let checks = outputs
        .split_off(first_flag)
        .into_iter()
        .zip(&unit.index_checks)
        .enumerate()
        .map(|(i, (mut flag, check))| {
            flag.name = format!("check{i}");
            RuntimeCheck {
                flag,
                message: check.message.clone(),
            }
        })
        .collect();
    let buffers = plan
        .buffers
        .iter()
        .map(|b| BufferInfo {
            id: b.id,
            name: b.name.clone(),
            kind: b.kind,
            size_bytes: b.size_bytes.clone(),
            reuse_slot: b.reuse_slot,
        })
        .collect();
    let mut dispatches = Vec::new();
    for (kernel, spirv) in unit.kernels.iter().zip(&unit.spirv) {
        let words = spirv
            .words
            .clone()
            .ok_or_else(|| CompileError::internal("assemble", "module not serialized"))?;
        let push_constants: Vec<PushConstantField> = spirv
            .push_constants
            .iter()
            .enumerate()
            .map(|(i, p)| PushConstantField {
                offset: 4 * i as u32,
                name: p.name.clone(),
                value: p.value.clone(),
            })
            .collect();
        dispatches.push(Dispatch {
            name: kernel.name.clone(),
            spirv: words,
            entry_point: kernel.name.clone(),
            bindings: kernel
                .bindings
                .iter()
                .zip(&spirv.address_offsets)
                .map(|(b, &address_offset)| DispatchBinding {
                    set: b.set,
                    binding: b.binding,
                    buffer: b.buffer,
                    read_only: b.access == crate::kernel_ir::Access::ReadOnly,
                    address_offset,
                })
                .collect(),
            // The device addresses follow the push constants, 8 bytes each.
            push_constant_size: 4 * push_constants.len() as u32
                + 8 * spirv.address_offsets.iter().flatten().count() as u32,
            push_constants,
            workgroup_count: match &kernel.run_when {
                // A kernel chosen at run time: no workgroups (skipped) outside its range.
                Some(range) => {
                    let [x, y, z] = kernel.workgroup_count.clone();
                    [x.mul(range.indicator()), y, z]
                }
                None => kernel.workgroup_count.clone(),
            },
            local_size: kernel.local_size,
            required_subgroup_size: kernel.required_subgroup_size,
            tuning_key: kernel.tuning_key.clone(),
            runs_when: kernel.run_when.as_ref().map(|r| r.to_string()),
            sources: kernel.sources.clone(),
            flops: kernel.flops.clone(),
            bytes: kernel.bytes.clone(),
        });
    }
    let mut program = CompiledProgram {
        format_version: PROGRAM_FORMAT_VERSION,
        target: unit.target.env.name.clone(),
        precision: unit.precision,
        symbols: plan.symbols.clone(),
        inputs,
        outputs,
        buffers,
        constants,
        dispatches,
        checks,
    };
    drop_unbound_constants(&mut program);
    Ok(program)
}

/// Removes the constant buffers that no dispatch binds and no output is (weights that the
/// split f32 matmul reads only as their compile-time bf16 planes), renumbering the others, so
/// they are neither stored in the artifact nor uploaded.
fn drop_unbound_constants(program: &mut CompiledProgram) {
    let mut used: HashSet<BufferId> = program
        .dispatches
        .iter()
        .flat_map(|d| d.bindings.iter().map(|b| b.buffer))
        .collect();
    used.extend(
        program
            .inputs
            .iter()
            .chain(&program.outputs)
            .chain(program.checks.iter().map(|c| &c.flag))
            .map(|t| t.buffer),
    );
    let keep = |b: &BufferInfo| b.kind != BufferKind::Constant || used.contains(&b.id);
    if program.buffers.iter().all(keep) {
        return;
    }
    let mut renumbered: HashMap<BufferId, BufferId> = HashMap::new();
    let mut buffers = Vec::with_capacity(program.buffers.len());
    for b in program.buffers.drain(..).filter(keep) {
        renumbered.insert(b.id, buffers.len() as BufferId);
        buffers.push(BufferInfo {
            id: buffers.len() as BufferId,
            ..b
        });
    }
    program.buffers = buffers;
    program
        .constants
        .retain(|c| renumbered.contains_key(&c.buffer));
    let ids = program
        .constants
        .iter_mut()
        .map(|c| &mut c.buffer)
        .chain(program.inputs.iter_mut().map(|t| &mut t.buffer))
        .chain(program.outputs.iter_mut().map(|t| &mut t.buffer))
        .chain(program.checks.iter_mut().map(|c| &mut c.flag.buffer))
        .chain(
            program
                .dispatches
                .iter_mut()
                .flat_map(|d| d.bindings.iter_mut().map(|b| &mut b.buffer)),
        );
    for id in ids {
        *id = renumbered[id];
    }
}

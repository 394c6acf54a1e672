//! The output contract of the compiler: a [`CompiledProgram`] is everything the runtime needs to
//! run a tensor program on a Vulkan device, and nothing it would have to compile: per dispatch the
//! SPIR-V words, the entry point, the descriptor bindings, the push-constant layout and the
//! workgroup count; the buffers with their sizes and reuse slots; the constants' bytes; and the
//! program's inputs and outputs.
//!
//! Sizes that depend on symbolic dimensions are [`SizeExpr`]s over the names in
//! [`CompiledProgram::symbols`]; the runtime reads each symbol's value from the shape of the input
//! named by [`SymbolInfo`], then evaluates buffer sizes, push constants and workgroup counts with
//! [`SizeExpr::eval`].
//!
//! How to run one (the runtime's side of the contract):
//! 1. Bind symbols from the input shapes (check every static dimension too).
//! 2. Allocate one device buffer per distinct `reuse_slot` (size = the max over its buffers)
//!    plus one per buffer without a slot; upload inputs and constants, converting from the
//!    logical `dtype` to the `storage` element type when they differ (see [`StorageType`]).
//! 3. Record `dispatches` in order, each after a compute->compute memory barrier on the buffers
//!    it reads; push the 32-bit push constants at their offsets; dispatch `workgroup_count`.
//! 4. Read back outputs (converting storage -> logical dtype).
//!
//! The struct is serde-serializable (`to_json` / `from_json`) so it can be written as the
//! manifest of a `.kiln` artifact.

use crate::size_expr::SizeExpr;
use serde::{Deserialize, Serialize};

/// Version of this contract; bumped on incompatible changes.
pub const PROGRAM_FORMAT_VERSION: u32 = 1;

/// Index of a buffer in [`CompiledProgram::buffers`] (equal to `BufferInfo::id`).
pub type BufferId = u32;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CompiledProgram {
    pub format_version: u32,
    /// The target environment's name the program was compiled for (e.g. `llvmpipe`).
    pub target: String,
    /// Symbolic dimensions and where their values come from.
    pub symbols: Vec<SymbolInfo>,
    pub inputs: Vec<TensorInterface>,
    pub outputs: Vec<TensorInterface>,
    /// Every buffer the dispatches bind, by id (`buffers[i].id == i`).
    pub buffers: Vec<BufferInfo>,
    /// Contents of the `Constant` buffers.
    pub constants: Vec<ConstantData>,
    /// In execution order; a dispatch may read buffers written by any earlier one.
    pub dispatches: Vec<Dispatch>,
}

/// A symbolic dimension: its value is `inputs[input].shape[dim]` at run time.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SymbolInfo {
    pub name: String,
    pub input: usize,
    pub dim: usize,
}

/// Logical element types of program inputs and outputs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DType {
    F32,
    F16,
    F64,
    I32,
    I64,
    I8,
    /// Booleans (0 / 1).
    Bool,
}

/// How elements sit in a device buffer. Differs from the logical dtype when the target cannot
/// store it natively: `Bool` is always stored as `U32` words (0 / 1); `F16` as `F32` and `I8` as
/// `I32` on targets without 16-/8-bit storage.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum StorageType {
    F32,
    F16,
    /// bfloat16: only the planes of a split f32 matmul (intermediate buffers) so far.
    BF16,
    F64,
    I32,
    I64,
    I8,
    U32,
}

impl StorageType {
    pub fn size_bytes(self) -> u32 {
        match self {
            StorageType::F16 | StorageType::BF16 => 2,
            StorageType::I8 => 1,
            StorageType::F64 | StorageType::I64 => 8,
            _ => 4,
        }
    }
}

/// A program input or output.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TensorInterface {
    pub name: String,
    pub dtype: DType,
    pub storage: StorageType,
    /// Row-major, dense. Rank 0 is a scalar (one element).
    pub shape: Vec<SizeExpr>,
    pub buffer: BufferId,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BufferKind {
    Input,
    Output,
    /// Written by one dispatch and read by later ones; never seen by the user.
    Intermediate,
    /// Uploaded once from [`CompiledProgram::constants`].
    Constant,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BufferInfo {
    pub id: BufferId,
    pub name: String,
    pub kind: BufferKind,
    /// Size in bytes; at least 4 (runtimes may round up to their alignment).
    pub size_bytes: SizeExpr,
    /// Intermediates with the same slot have disjoint lifetimes (liveness plan) and may share
    /// one allocation sized for the largest. `None`: a buffer of its own.
    pub reuse_slot: Option<u32>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ConstantData {
    pub buffer: BufferId,
    /// Little-endian element bytes in the buffer's storage type.
    pub bytes: Vec<u8>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DispatchBinding {
    pub set: u32,
    pub binding: u32,
    pub buffer: BufferId,
    pub read_only: bool,
}

/// One 32-bit push-constant word.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PushConstantField {
    /// Byte offset in the push-constant block (a multiple of 4).
    pub offset: u32,
    pub name: String,
    /// The value to push (a symbol or an expression over symbols), as a 32-bit integer.
    pub value: SizeExpr,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Dispatch {
    pub name: String,
    /// A complete SPIR-V module (validated against the target env).
    pub spirv: Vec<u32>,
    pub entry_point: String,
    pub bindings: Vec<DispatchBinding>,
    pub push_constants: Vec<PushConstantField>,
    /// Size of the push-constant range in bytes (0 when there is none).
    pub push_constant_size: u32,
    /// Workgroups per dimension; each evaluates to at most the target's
    /// `maxComputeWorkGroupCount` (a count of 0 means: skip the dispatch). Variants of one
    /// region chosen at run time (a linear layer's few-rows kernels for a small dynamic M) have
    /// a count of 0 outside their range, so exactly one of them runs.
    pub workgroup_count: [SizeExpr; 3],
    pub local_size: [u32; 3],
    /// Set when the kernel requires a subgroup size (`VK_EXT_subgroup_size_control`).
    pub required_subgroup_size: Option<u32>,
    /// The contraction's key for `kiln tune` (tiled matmul / conv dispatches).
    #[serde(default)]
    pub tuning_key: Option<String>,
    /// For a run-time variant, the range in which it runs, as text (e.g. `2 <= M <= 32`; the
    /// workgroup count carries the range: this is for people and tools).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub runs_when: Option<String>,
    /// Useful floating-point (or integer) operations of the whole dispatch.
    pub flops: SizeExpr,
    /// Bytes the dispatch must read and write at least.
    pub bytes: SizeExpr,
}

impl CompiledProgram {
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("CompiledProgram serializes")
    }
    pub fn from_json(text: &str) -> Result<CompiledProgram, serde_json::Error> {
        serde_json::from_str(text)
    }
}

use crate::error::CompileError;
use crate::pass::{CompilationUnit, PassOptions, Phase};
use crate::pipeline::{build_pipeline, run_pipeline, DEFAULT_PIPELINE};
use crate::target::LoweringTarget;
use std::collections::{HashMap, HashSet};

/// The logical dtype of a frontend element type.
pub fn program_dtype(dtype: kiln_frontend::DType) -> Result<DType, CompileError> {
    use kiln_frontend::DType as F;
    Ok(match dtype {
        F::F32 => DType::F32,
        F::F16 => DType::F16,
        F::F64 => DType::F64,
        F::I32 => DType::I32,
        F::I64 => DType::I64,
        F::I8 => DType::I8,
        F::I1 => DType::Bool,
        F::BF16 => {
            return Err(CompileError::unsupported(
                "func.func",
                "element type",
                "bf16 inputs/outputs",
            ))
        }
    })
}

/// Compiles the entry function of `module` (`main`, else the first) for `target` with the
/// default pipeline.
pub fn compile(
    module: &kiln_frontend::Module,
    target: &kiln_spirv_ir::TargetEnv,
    options: &PassOptions,
) -> Result<CompiledProgram, CompileError> {
    compile_with_pipeline(module, target, options, DEFAULT_PIPELINE)
}

/// Like [`compile`] with an explicit pipeline (it must end in `abi-vce-serialize`).
pub fn compile_with_pipeline(
    module: &kiln_frontend::Module,
    target: &kiln_spirv_ir::TargetEnv,
    options: &PassOptions,
    pipeline: &[&str],
) -> Result<CompiledProgram, CompileError> {
    let function = module.entry().ok_or_else(|| CompileError::InvalidInput {
        op: "module".into(),
        reason: "the module has no function".into(),
    })?;
    kiln_frontend::verify_function(function).map_err(|e| CompileError::InvalidInput {
        op: function.name.clone(),
        reason: e.to_string(),
    })?;
    let mut unit = CompilationUnit {
        phase: Phase::Tensor,
        function: function.clone(),
        partition: None,
        kernel_plans: None,
        buffer_plan: None,
        kernels: Vec::new(),
        spirv: Vec::new(),
        target: LoweringTarget {
            matmul_tiles: options.matmul_tiles,
            lanes_tiles: options.lanes_tiles,
            coopmat_tiles: options.coopmat_tiles,
            workgroup_matrix_tiles: options.workgroup_matrix_tiles,
            tuned: options.tuned.clone(),
            ..LoweringTarget::new(target.clone(), options.index_bits_64)
        },
    };
    let passes = build_pipeline(pipeline)?;
    run_pipeline(&mut unit, &passes, options)?;
    if unit.phase != Phase::Serialized {
        return Err(CompileError::BadOption(format!(
            "the pipeline ends in phase {:?}, not Serialized",
            unit.phase
        )));
    }
    assemble(&unit)
}

/// Runs the default pipeline up to and including the pass named `last` and returns the unit
/// (for golden tests and `--print-ir-after` style tooling).
pub fn lower_until(
    module: &kiln_frontend::Module,
    target: &kiln_spirv_ir::TargetEnv,
    options: &PassOptions,
    last: &str,
) -> Result<CompilationUnit, CompileError> {
    let end = DEFAULT_PIPELINE
        .iter()
        .position(|p| *p == last)
        .ok_or_else(|| CompileError::BadOption(format!("unknown pass `{last}`")))?;
    let function = module.entry().ok_or_else(|| CompileError::InvalidInput {
        op: "module".into(),
        reason: "the module has no function".into(),
    })?;
    let mut unit = CompilationUnit {
        phase: Phase::Tensor,
        function: function.clone(),
        partition: None,
        kernel_plans: None,
        buffer_plan: None,
        kernels: Vec::new(),
        spirv: Vec::new(),
        target: LoweringTarget {
            matmul_tiles: options.matmul_tiles,
            lanes_tiles: options.lanes_tiles,
            coopmat_tiles: options.coopmat_tiles,
            workgroup_matrix_tiles: options.workgroup_matrix_tiles,
            tuned: options.tuned.clone(),
            ..LoweringTarget::new(target.clone(), options.index_bits_64)
        },
    };
    let passes = build_pipeline(&DEFAULT_PIPELINE[..=end])?;
    run_pipeline(&mut unit, &passes, options)?;
    Ok(unit)
}

/// Builds the output contract from a fully lowered unit.
pub fn assemble(unit: &CompilationUnit) -> Result<CompiledProgram, CompileError> {
    let plan = unit
        .buffer_plan
        .as_ref()
        .ok_or_else(|| CompileError::internal("assemble", "no buffer plan"))?;
    let interface = |ids: &[u32],
                     values: &[kiln_frontend::ValueId],
                     prefix: &str|
     -> Result<Vec<TensorInterface>, CompileError> {
        ids.iter()
            .zip(values)
            .enumerate()
            .map(|(i, (&id, _))| {
                let b = &plan.buffers[id as usize];
                Ok(TensorInterface {
                    name: format!("{prefix}{i}"),
                    dtype: program_dtype(b.dtype)?,
                    storage: b.storage,
                    shape: b.shape.clone(),
                    buffer: id,
                })
            })
            .collect()
    };
    let inputs = interface(&plan.inputs, &unit.function.arguments, "input")?;
    let outputs = interface(&plan.outputs, &unit.function.results, "output")?;
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
    let constants = plan
        .buffers
        .iter()
        .filter_map(|b| {
            b.constant.as_ref().map(|bytes| ConstantData {
                buffer: b.id,
                bytes: bytes.clone(),
            })
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
                .map(|b| DispatchBinding {
                    set: b.set,
                    binding: b.binding,
                    buffer: b.buffer,
                    read_only: b.access == crate::kernel_ir::Access::ReadOnly,
                })
                .collect(),
            push_constant_size: 4 * push_constants.len() as u32,
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
            flops: kernel.flops.clone(),
            bytes: kernel.bytes.clone(),
        });
    }
    let mut program = CompiledProgram {
        format_version: PROGRAM_FORMAT_VERSION,
        target: unit.target.env.name.clone(),
        symbols: plan.symbols.clone(),
        inputs,
        outputs,
        buffers,
        constants,
        dispatches,
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

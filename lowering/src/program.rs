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

/// The float format a whole program computes in (`--precision`).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Precision {
    /// As written (no rewrite).
    #[default]
    F32,
    /// f16 storage, f32 accumulation and math.
    F16,
    /// bf16 numerics (values rounded to bf16 where they are stored), f32 storage and math.
    BF16,
}

impl Precision {
    pub fn name(self) -> &'static str {
        match self {
            Precision::F32 => "f32",
            Precision::F16 => "f16",
            Precision::BF16 => "bf16",
        }
    }
}

impl std::fmt::Display for Precision {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Precision {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "f32" => Ok(Precision::F32),
            "f16" => Ok(Precision::F16),
            "bf16" => Ok(Precision::BF16),
            _ => Err(format!(
                "unknown precision `{s}` (expected f32, f16 or bf16)"
            )),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CompiledProgram {
    pub format_version: u32,
    /// The target environment's name the program was compiled for (e.g. `llvmpipe`).
    pub target: String,
    /// The float format its f32 tensors were compiled to (`--precision`; artifacts written
    /// before the option read as f32). A program is never reused for another precision.
    #[serde(default)]
    pub precision: Precision,
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
    /// Checks the dispatches compute beside the outputs (`index-checks`), read after each run:
    /// a flag that is not 0 fails the run with the check's message.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub checks: Vec<RuntimeCheck>,
}

/// A run-time check: a rank-0 i32 `flag` tensor (an `Output` buffer, not one of the program's
/// outputs) that is 0 when the run is fine; else the run fails with `message`, e.g.
/// `ONNX node 'g' (Gather): an index is out of range: axis 0 has 7 elements, ...`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RuntimeCheck {
    pub flag: TensorInterface,
    pub message: String,
}

/// A symbolic dimension: its value is `inputs[input].shape[dim]` at run time.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SymbolInfo {
    pub name: String,
    pub input: usize,
    pub dim: usize,
}

/// Logical element types of program inputs and outputs: the frontend's (`I1` is written
/// `Bool`; `BF16` is refused for program inputs and outputs).
pub use kiln_frontend::DType;

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
    /// Set when the kernel reaches the buffer through its device address rather than a
    /// descriptor (a buffer past `maxStorageBufferRange`): the byte offset in the push-constant
    /// block where the runtime writes the 64-bit address (low word first). `set` / `binding`
    /// then name no descriptor.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub address_offset: Option<u32>,
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
    /// The subgroup size the kernel was laid out for, set for every kernel whose results
    /// depend on it: the runtime runs it where every subgroup of the device has that size,
    /// pins it (`VK_EXT_subgroup_size_control`) where the device may require it, and refuses
    /// it elsewhere; `Artifact::check_device` refuses a size outside the device's range.
    pub required_subgroup_size: Option<u32>,
    /// The contraction's key for `kiln tune` (tiled matmul / conv dispatches).
    #[serde(default)]
    pub tuning_key: Option<String>,
    /// For a run-time variant, the range in which it runs, as text (e.g. `2 <= M <= 32`; the
    /// workgroup count carries the range: this is for people and tools).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub runs_when: Option<String>,
    /// Where the dispatch's work came from, for per-layer tables (`kiln bench --json`): the
    /// location of its region's root op (`Fused` where a rewrite merged several ONNX nodes
    /// into it), then the other ONNX nodes or MLIR positions of the region's ops (fused
    /// producers, epilogues, views).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sources: Vec<kiln_frontend::Location>,
    /// Useful floating-point (or integer) operations of the whole dispatch.
    pub flops: SizeExpr,
    /// Bytes the dispatch must read and write at least.
    pub bytes: SizeExpr,
}

impl CompiledProgram {
    /// The program without its constants' bytes (and, unless `keep_spirv`, its dispatches'
    /// SPIR-V words): the manifest, cloned without the weights (an artifact writes those as
    /// blobs; a loaded executable's device buffers hold them).
    pub fn without_bytes(&self, keep_spirv: bool) -> CompiledProgram {
        CompiledProgram {
            format_version: self.format_version,
            target: self.target.clone(),
            precision: self.precision,
            symbols: self.symbols.clone(),
            inputs: self.inputs.clone(),
            outputs: self.outputs.clone(),
            buffers: self.buffers.clone(),
            constants: self
                .constants
                .iter()
                .map(|c| ConstantData {
                    buffer: c.buffer,
                    bytes: Vec::new(),
                })
                .collect(),
            dispatches: self
                .dispatches
                .iter()
                .map(|d| Dispatch {
                    spirv: if keep_spirv {
                        d.spirv.clone()
                    } else {
                        Vec::new()
                    },
                    ..d.clone()
                })
                .collect(),
            checks: self.checks.clone(),
        }
    }
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("CompiledProgram serializes")
    }
    pub fn from_json(text: &str) -> Result<CompiledProgram, serde_json::Error> {
        serde_json::from_str(text)
    }
}

/// Which entries of the program's signature were bf16 before `emulate-bf16` held them in f32
/// (the compiled program declares them bf16, with f32 storage).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Bf16Interface {
    /// One per function argument.
    pub arguments: Vec<bool>,
    /// One per function result (the flags of `index-checks` included: never bf16).
    pub results: Vec<bool>,
}

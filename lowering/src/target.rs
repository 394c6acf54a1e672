//! `LoweringTarget`: the target environment plus the lowering choices derived from it (index
//! width, element storage types, the tuned numbers of [`Heuristics`]), read by every pass that
//! makes a target-dependent decision.

use crate::heuristics::Heuristics;
use crate::kernel_ir::ScalarType;
use crate::program::StorageType;
use crate::size_expr::SizeExpr;
use kiln_frontend::DType;
use kiln_spirv_ir::spirv::Capability;
use kiln_spirv_ir::target::SubgroupFeature;
use kiln_spirv_ir::TargetEnv;

/// Buffers a kernel may bind beside its region's inputs and outputs (split-K partials and
/// other scratch the strategy adds).
const RESERVED_BINDINGS: u32 = 2;

#[derive(Clone, Debug)]
pub struct LoweringTarget {
    pub env: TargetEnv,
    /// 32 (default) or 64.
    pub index_bits: u32,
    /// Overrides the computed SIMT matmul tiling (`PassOptions::matmul_tiles`).
    pub matmul_tiles: Option<crate::kernel_config::tiles::MatmulTiles>,
    /// Overrides (or forces) the lanes matmul tiling (`PassOptions::lanes_tiles`).
    pub lanes_tiles: Option<crate::kernel_config::tiles::LanesTiles>,
    /// Overrides the cooperative-matrix tiling (`PassOptions::coopmat_tiles`).
    pub coopmat_tiles: Option<crate::kernel_config::tiles::CoopmatTiles>,
    /// Overrides the workgroup-scope cooperative-matrix tiling
    /// (`PassOptions::workgroup_matrix_tiles`).
    pub workgroup_matrix_tiles: Option<crate::kernel_config::tiles::WorkgroupMatrixConfig>,
    /// Tilings chosen by `kiln tune`, by `kernel_config::tuning_key`.
    pub tuned:
        std::sync::Arc<std::collections::HashMap<String, crate::kernel_config::tiles::TunedTiles>>,
    /// The tuned numbers of kernel configuration, derived from `env` once (rebuild it with
    /// `Heuristics::for_target` after changing `env`).
    pub heuristics: Heuristics,
}

impl LoweringTarget {
    /// The most input and output tensors fusion puts in one region: the target's per-stage
    /// storage-buffer limit less [`RESERVED_BINDINGS`].
    pub fn binding_budget(&self) -> usize {
        let limit = self.env.limits.max_per_stage_descriptor_storage_buffers;
        limit.saturating_sub(RESERVED_BINDINGS).max(2) as usize
    }
    pub fn new(env: TargetEnv, index_bits_64: bool) -> Self {
        LoweringTarget {
            heuristics: Heuristics::for_target(&env),
            env,
            index_bits: if index_bits_64 { 64 } else { 32 },
            matmul_tiles: None,
            lanes_tiles: None,
            coopmat_tiles: None,
            workgroup_matrix_tiles: None,
            tuned: Default::default(),
        }
    }
    pub fn has(&self, capability: Capability) -> bool {
        self.env.has_capability(capability)
    }
    /// Whether subgroup arithmetic (`OpGroupNonUniform*` reductions) is available.
    pub fn has_subgroup_arithmetic(&self) -> bool {
        self.env.has_subgroup_feature(SubgroupFeature::Arithmetic)
            && self.has(Capability::GroupNonUniformArithmetic)
    }
    /// f16 arithmetic (`Float16`); without it f16 values are computed in f32.
    pub fn has_f16_arithmetic(&self) -> bool {
        self.has(Capability::Float16)
    }
    pub fn has_f16_storage(&self) -> bool {
        self.has(Capability::StorageBuffer16BitAccess)
    }
    pub fn has_i8_storage(&self) -> bool {
        self.has(Capability::StorageBuffer8BitAccess)
    }
    /// Buffer device addresses (`PhysicalStorageBufferAddresses`, from SPIR-V 1.5 or with
    /// SPV_KHR_physical_storage_buffer): kernels may reach a buffer through a 64-bit pointer
    /// instead of a descriptor, past `maxStorageBufferRange`.
    pub fn has_buffer_device_address(&self) -> bool {
        self.has(Capability::PhysicalStorageBufferAddresses)
            && (self.env.has_extension("SPV_KHR_physical_storage_buffer")
                || self.env.spirv_version >= kiln_spirv_ir::Version { major: 1, minor: 5 })
    }

    /// Whether a kernel reaches the buffer `name` of `size_bytes` through its device address
    /// (see [`crate::kernel_ir::BufferBinding::by_address`]) rather than a descriptor: only a
    /// buffer of a static size past `maxStorageBufferRange`, on a target with buffer device
    /// addresses. A buffer past `maxMemoryAllocationSize`, or past the range on a target
    /// without device addresses, is an error naming the limit. A symbolic size is bound by a
    /// descriptor (the runtime refuses one past the range, naming it).
    pub fn binds_by_address(&self, name: &str, size_bytes: &SizeExpr) -> Result<bool, String> {
        let Some(size) = size_bytes.as_const() else {
            return Ok(false);
        };
        let size = u64::try_from(size).unwrap_or(0);
        let limits = &self.env.limits;
        let target = &self.env.name;
        if size > limits.max_memory_allocation_size {
            return Err(format!(
                "buffer {name} of {size} bytes is larger than {target}'s \
                 maxMemoryAllocationSize ({} bytes); splitting a tensor over several \
                 allocations is not supported",
                limits.max_memory_allocation_size
            ));
        }
        if size <= limits.max_storage_buffer_range {
            return Ok(false);
        }
        if !self.has_buffer_device_address() {
            return Err(format!(
                "buffer {name} of {size} bytes is larger than {target}'s maxStorageBufferRange \
                 ({} bytes) and the target has no buffer device addresses \
                 (PhysicalStorageBufferAddresses); splitting a tensor over several bindings is \
                 not supported",
                limits.max_storage_buffer_range
            ));
        }
        Ok(true)
    }

    /// How a tensor element type is stored in buffers, or why it cannot be.
    pub fn storage_type(&self, dtype: DType) -> Result<StorageType, String> {
        Ok(match dtype {
            DType::F32 => StorageType::F32,
            DType::F16 if self.has_f16_storage() => StorageType::F16,
            DType::F16 => StorageType::F32,
            DType::I32 => StorageType::I32,
            DType::I8 if self.has_i8_storage() && self.has(Capability::Int8) => StorageType::I8,
            DType::I8 => StorageType::I32,
            DType::I1 => StorageType::U32,
            DType::F64 if self.has(Capability::Float64) => StorageType::F64,
            DType::I64 if self.has(Capability::Int64) => StorageType::I64,
            DType::F64 => return Err("f64 needs the Float64 capability".into()),
            DType::I64 => return Err("i64 needs the Int64 capability".into()),
            DType::BF16 => {
                return Err("bf16 tensors are not supported by the SPIR-V backend".into())
            }
        })
    }

    /// The kernel IR type a tensor element is computed in: f16 stays f16 only with `Float16`;
    /// i8 is computed in i32 (8-bit arithmetic is rarely worth it).
    pub fn compute_type(&self, dtype: DType) -> Result<ScalarType, String> {
        Ok(match dtype {
            DType::F32 => ScalarType::F32,
            DType::F16 if self.has_f16_arithmetic() => ScalarType::F16,
            DType::F16 => ScalarType::F32,
            DType::I32 | DType::I8 => ScalarType::I32,
            DType::I1 => ScalarType::Bool,
            DType::F64 if self.has(Capability::Float64) => ScalarType::F64,
            DType::I64 if self.has(Capability::Int64) => ScalarType::I64,
            other => {
                return Err(format!(
                    "{other} arithmetic is not available on this target"
                ))
            }
        })
    }
}

/// The kernel IR element type of a storage type (`U32` words hold booleans).
pub fn storage_scalar(storage: StorageType) -> ScalarType {
    match storage {
        StorageType::F32 => ScalarType::F32,
        StorageType::F16 => ScalarType::F16,
        StorageType::BF16 => ScalarType::BF16,
        StorageType::F64 => ScalarType::F64,
        StorageType::I32 => ScalarType::I32,
        StorageType::I64 => ScalarType::I64,
        StorageType::I8 => ScalarType::I8,
        StorageType::U32 => ScalarType::Bool,
    }
}

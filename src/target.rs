//! Target environments: a preset name, a JSON file, or `auto` (built from the live device).
//!
//! The compiler never needs a device (`--target nvidia-h200` works anywhere); `auto` is the one
//! place where a [`DeviceInfo`] from the runtime becomes a [`TargetEnv`] for the compiler. The
//! mapping follows the Vulkan spec's "SPIR-V environment" appendix: a feature bit enables the
//! capability it gates, an enabled device extension enables the SPIR-V extension it exposes.

use std::path::Path;

use kiln_runtime::{
    ComponentType as VkComponent, DeviceInfo, DeviceType as VkDeviceType, MatrixScope,
};
use kiln_spirv_ir::syntax::Version;
use kiln_spirv_ir::target::{
    ComponentType, CooperativeMatrixProperties, DeviceType, Limits, SubgroupFeature, TargetEnv,
    TargetEnvError, Vendor, WorkgroupMatrixProperties,
};
use spirv::Capability;

/// Where a target env comes from: `auto`, a preset name, or a path to a JSON file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TargetSpec {
    /// Built from the device the runtime selects.
    Auto,
    Preset(String),
    File(std::path::PathBuf),
}

impl std::str::FromStr for TargetSpec {
    type Err = std::convert::Infallible;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        // A name that looks like a file is read as one, so that a missing file says so (not
        // "unknown target preset").
        let looks_like_a_file = Path::new(s).exists() || s.ends_with(".json") || s.contains('/');
        Ok(if s == "auto" {
            TargetSpec::Auto
        } else if TargetEnv::PRESETS.contains(&s) || !looks_like_a_file {
            TargetSpec::Preset(s.to_string())
        } else {
            TargetSpec::File(s.into())
        })
    }
}

/// Loads a preset or a JSON file. `Auto` needs a device: use [`target_env_for_device`].
pub fn load_target(spec: &TargetSpec) -> Result<Option<TargetEnv>, TargetEnvError> {
    match spec {
        TargetSpec::Auto => Ok(None),
        TargetSpec::Preset(name) => TargetEnv::preset(name).map(Some),
        TargetSpec::File(path) => {
            let env = TargetEnv::from_json_file(path)?;
            check_limits(&env).map_err(|cause| TargetEnvError::Parse {
                origin: path.display().to_string(),
                cause,
            })?;
            Ok(Some(env))
        }
    }
}

/// A target file is input: limits of zero (every workgroup size, count and buffer range is then
/// "too large") or an inconsistent subgroup range are refused rather than compiled against.
pub fn check_limits(env: &TargetEnv) -> Result<(), String> {
    let l = &env.limits;
    let positive = [
        (
            "max_compute_workgroup_invocations",
            u64::from(l.max_compute_workgroup_invocations),
        ),
        (
            "max_compute_shared_memory_size",
            u64::from(l.max_compute_shared_memory_size),
        ),
        ("subgroup_size", u64::from(l.subgroup_size)),
        ("min_subgroup_size", u64::from(l.min_subgroup_size)),
        ("max_subgroup_size", u64::from(l.max_subgroup_size)),
        ("max_storage_buffer_range", l.max_storage_buffer_range),
        (
            "max_push_constants_size",
            u64::from(l.max_push_constants_size),
        ),
        ("max_memory_allocation_size", l.max_memory_allocation_size),
        (
            "max_per_stage_descriptor_storage_buffers",
            u64::from(l.max_per_stage_descriptor_storage_buffers),
        ),
    ];
    for (name, value) in positive {
        if value == 0 {
            return Err(format!("limits.{name} is 0"));
        }
    }
    for (name, sizes) in [
        ("max_compute_workgroup_size", l.max_compute_workgroup_size),
        ("max_compute_workgroup_count", l.max_compute_workgroup_count),
    ] {
        if sizes.contains(&0) {
            return Err(format!("limits.{name} {sizes:?} has a 0"));
        }
    }
    let subgroups = [l.min_subgroup_size, l.subgroup_size, l.max_subgroup_size];
    if !subgroups.iter().all(|s| s.is_power_of_two())
        || l.min_subgroup_size > l.subgroup_size
        || l.subgroup_size > l.max_subgroup_size
    {
        return Err(format!(
            "subgroup sizes min {} <= default {} <= max {} must be powers of two in order",
            l.min_subgroup_size, l.subgroup_size, l.max_subgroup_size
        ));
    }
    Ok(())
}

/// The target env of a live device: what its driver reports, as capabilities and extensions.
pub fn target_env_for_device(info: &DeviceInfo) -> TargetEnv {
    let f = &info.features;
    let api = (info.api_version.major, info.api_version.minor);
    let spirv_version = match api {
        (1, 0) => Version { major: 1, minor: 0 },
        (1, 1) => Version { major: 1, minor: 3 },
        (1, 2) => Version { major: 1, minor: 5 },
        _ => Version { major: 1, minor: 6 },
    };
    let ops = &info.subgroup.operations;
    let mut capabilities = vec![Capability::Shader];
    let mut extensions: Vec<String> = vec!["SPV_KHR_storage_buffer_storage_class".into()];
    let mut gate = |on: bool, caps: &[Capability]| {
        if on {
            capabilities.extend_from_slice(caps);
        }
    };
    gate(f.shader_float16, &[Capability::Float16]);
    gate(f.shader_float64, &[Capability::Float64]);
    gate(f.shader_int8, &[Capability::Int8]);
    gate(f.shader_int16, &[Capability::Int16]);
    gate(f.shader_int64, &[Capability::Int64]);
    gate(
        f.storage_buffer_16bit_access,
        &[Capability::StorageBuffer16BitAccess],
    );
    gate(
        f.uniform_and_storage_buffer_16bit_access,
        &[Capability::UniformAndStorageBuffer16BitAccess],
    );
    gate(
        f.storage_push_constant16,
        &[Capability::StoragePushConstant16],
    );
    gate(
        f.storage_buffer_8bit_access,
        &[Capability::StorageBuffer8BitAccess],
    );
    gate(
        f.uniform_and_storage_buffer_8bit_access,
        &[Capability::UniformAndStorageBuffer8BitAccess],
    );
    gate(
        f.storage_push_constant8,
        &[Capability::StoragePushConstant8],
    );
    let compute_subgroups = info.subgroup.compute_stage;
    gate(
        compute_subgroups && ops.basic,
        &[Capability::GroupNonUniform],
    );
    gate(
        compute_subgroups && ops.vote,
        &[Capability::GroupNonUniformVote],
    );
    gate(
        compute_subgroups && ops.arithmetic,
        &[Capability::GroupNonUniformArithmetic],
    );
    gate(
        compute_subgroups && ops.ballot,
        &[Capability::GroupNonUniformBallot],
    );
    gate(
        compute_subgroups && ops.shuffle,
        &[Capability::GroupNonUniformShuffle],
    );
    gate(
        compute_subgroups && ops.shuffle_relative,
        &[Capability::GroupNonUniformShuffleRelative],
    );
    gate(
        compute_subgroups && ops.clustered,
        &[Capability::GroupNonUniformClustered],
    );
    gate(
        compute_subgroups && ops.quad,
        &[Capability::GroupNonUniformQuad],
    );
    gate(
        f.buffer_device_address,
        &[Capability::PhysicalStorageBufferAddresses],
    );
    gate(f.vulkan_memory_model, &[Capability::VulkanMemoryModel]);
    gate(
        f.vulkan_memory_model_device_scope,
        &[Capability::VulkanMemoryModelDeviceScope],
    );
    gate(
        f.shader_integer_dot_product,
        &[
            Capability::DotProduct,
            Capability::DotProductInputAll,
            Capability::DotProductInput4x8Bit,
            Capability::DotProductInput4x8BitPacked,
        ],
    );
    gate(
        f.shader_buffer_float32_atomic_add,
        &[Capability::AtomicFloat32AddEXT],
    );
    gate(f.cooperative_matrix, &[Capability::CooperativeMatrixKHR]);
    gate(f.shader_bfloat16_type, &[Capability::BFloat16TypeKHR]);
    gate(
        f.shader_bfloat16_cooperative_matrix,
        &[Capability::BFloat16CooperativeMatrixKHR],
    );
    gate(
        f.cooperative_matrix_tensor_addressing,
        &[
            Capability::TensorAddressingNV,
            Capability::CooperativeMatrixTensorAddressingNV,
        ],
    );
    gate(
        f.cooperative_matrix_per_element_operations,
        &[Capability::CooperativeMatrixPerElementOperationsNV],
    );

    let mut ext = |on: bool, spv: &str| {
        if on {
            extensions.push(spv.to_string());
        }
    };
    ext(f.storage_buffer_16bit_access, "SPV_KHR_16bit_storage");
    ext(f.storage_buffer_8bit_access, "SPV_KHR_8bit_storage");
    ext(f.buffer_device_address, "SPV_KHR_physical_storage_buffer");
    ext(f.vulkan_memory_model, "SPV_KHR_vulkan_memory_model");
    ext(f.shader_integer_dot_product, "SPV_KHR_integer_dot_product");
    ext(
        api >= (1, 2) || info.has_extension("VK_KHR_shader_float_controls"),
        "SPV_KHR_float_controls",
    );
    ext(
        f.shader_buffer_float32_atomic_add,
        "SPV_EXT_shader_atomic_float_add",
    );
    ext(f.cooperative_matrix, "SPV_KHR_cooperative_matrix");
    ext(f.shader_bfloat16_type, "SPV_KHR_bfloat16");
    ext(
        f.cooperative_matrix_tensor_addressing,
        "SPV_NV_cooperative_matrix2",
    );
    ext(
        f.cooperative_matrix_tensor_addressing,
        "SPV_NV_tensor_addressing",
    );
    extensions.sort();
    extensions.dedup();
    capabilities.sort_by_key(|c| *c as u32);
    capabilities.dedup();

    let subgroup_operations = [
        (ops.basic, SubgroupFeature::Basic),
        (ops.vote, SubgroupFeature::Vote),
        (ops.arithmetic, SubgroupFeature::Arithmetic),
        (ops.ballot, SubgroupFeature::Ballot),
        (ops.shuffle, SubgroupFeature::Shuffle),
        (ops.shuffle_relative, SubgroupFeature::ShuffleRelative),
        (ops.clustered, SubgroupFeature::Clustered),
        (ops.quad, SubgroupFeature::Quad),
    ]
    .into_iter()
    .filter(|(on, _)| *on && compute_subgroups)
    .map(|(_, feature)| feature)
    .collect();

    let cooperative_matrix = info
        .cooperative_matrix
        .iter()
        .filter_map(|p| {
            Some(CooperativeMatrixProperties {
                m: p.m_size,
                n: p.n_size,
                k: p.k_size,
                a_type: component(p.a_type)?,
                b_type: component(p.b_type)?,
                c_type: component(p.c_type)?,
                result_type: component(p.result_type)?,
                saturating_accumulation: p.saturating_accumulation,
                scope: match p.scope {
                    MatrixScope::Subgroup => spirv::Scope::Subgroup,
                    MatrixScope::Workgroup => spirv::Scope::Workgroup,
                    MatrixScope::Device => spirv::Scope::Device,
                    MatrixScope::QueueFamily => spirv::Scope::QueueFamily,
                    MatrixScope::Other(_) => return None,
                },
            })
        })
        .collect();

    // Workgroup-scope matmuls addressed through tensor layouts need all three features.
    let workgroup_matmuls = f.cooperative_matrix_workgroup_scope
        && f.cooperative_matrix_flexible_dimensions
        && f.cooperative_matrix_tensor_addressing;
    let cooperative_matrix_workgroup = match &info.cooperative_matrix2 {
        Some(m2) if workgroup_matmuls => m2
            .flexible_shapes
            .iter()
            .filter(|p| p.scope == MatrixScope::Workgroup && !p.saturating_accumulation)
            .filter_map(|p| {
                Some(WorkgroupMatrixProperties {
                    m_granularity: p.m_granularity,
                    n_granularity: p.n_granularity,
                    k_granularity: p.k_granularity,
                    a_type: component(p.a_type)?,
                    b_type: component(p.b_type)?,
                    c_type: component(p.c_type)?,
                    result_type: component(p.result_type)?,
                    workgroup_invocations: p.workgroup_invocations,
                    max_dimension: m2.flexible_dimensions_max_dimension,
                })
            })
            .collect(),
        _ => Vec::new(),
    };

    let l = &info.limits;
    TargetEnv {
        name: "auto".into(),
        device_name: info.name.clone(),
        vendor: vendor(info.vendor_id, &info.driver_name),
        device_type: match info.device_type {
            VkDeviceType::DiscreteGpu => DeviceType::DiscreteGpu,
            VkDeviceType::IntegratedGpu => DeviceType::IntegratedGpu,
            VkDeviceType::VirtualGpu => DeviceType::VirtualGpu,
            VkDeviceType::Cpu => DeviceType::Cpu,
            _ => DeviceType::Other,
        },
        vulkan_version: Version {
            major: info.api_version.major as u8,
            minor: info.api_version.minor as u8,
        },
        spirv_version,
        preferred_spirv_version: if spirv_version.minor >= 3 {
            Version { major: 1, minor: 3 }
        } else {
            spirv_version
        },
        capabilities,
        extensions,
        limits: Limits {
            max_compute_workgroup_invocations: l.max_compute_work_group_invocations,
            max_compute_workgroup_size: l.max_compute_work_group_size,
            max_compute_workgroup_count: l.max_compute_work_group_count,
            max_compute_shared_memory_size: l.max_compute_shared_memory_size,
            subgroup_size: info.subgroup.size,
            min_subgroup_size: info.subgroup.min_size,
            max_subgroup_size: info.subgroup.max_size,
            max_storage_buffer_range: u64::from(l.max_storage_buffer_range),
            max_push_constants_size: l.max_push_constants_size,
            max_memory_allocation_size: l.max_memory_allocation_size,
            max_per_stage_descriptor_storage_buffers: l.max_per_stage_descriptor_storage_buffers,
        },
        subgroup_operations,
        cooperative_matrix,
        cooperative_matrix_workgroup,
        compute_units: info.compute_units,
    }
}

fn component(c: VkComponent) -> Option<ComponentType> {
    Some(match c {
        VkComponent::F16 => ComponentType::F16,
        VkComponent::Bf16 => ComponentType::Bf16,
        VkComponent::F32 => ComponentType::F32,
        VkComponent::F64 => ComponentType::F64,
        VkComponent::I8 => ComponentType::I8,
        VkComponent::I16 => ComponentType::I16,
        VkComponent::I32 => ComponentType::I32,
        VkComponent::I64 => ComponentType::I64,
        VkComponent::U8 => ComponentType::U8,
        VkComponent::U16 => ComponentType::U16,
        VkComponent::U32 => ComponentType::U32,
        VkComponent::U64 => ComponentType::U64,
        VkComponent::Other(_) => return None,
    })
}

fn vendor(id: u32, driver: &str) -> Vendor {
    match id {
        0x10de => Vendor::Nvidia,
        0x1002 => Vendor::Amd,
        0x8086 => Vendor::Intel,
        0x13b5 => Vendor::Arm,
        0x5143 => Vendor::Qualcomm,
        0x106b => Vendor::Apple,
        0x10005 => Vendor::Mesa,
        _ if driver.contains("llvmpipe") || driver.contains("Mesa") => Vendor::Mesa,
        _ => Vendor::Unknown,
    }
}

/// The target env of an open device: like [`target_env_for_device`], but from the features the
/// runtime actually enabled on it (e.g. cooperative matrix stays off under an old validation
/// layer), so compiled kernels never use what the device was not opened with.
pub fn target_env_for_open_device(device: &kiln_runtime::Device) -> TargetEnv {
    let mut info = device.info().clone();
    info.features = *device.enabled_features();
    target_env_for_device(&info)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 26: a target JSON with zero limits was accepted.
    #[test]
    fn target_files_with_zero_or_inconsistent_limits_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let good = TargetEnv::preset("llvmpipe").unwrap();
        for name in TargetEnv::PRESETS {
            check_limits(&TargetEnv::preset(name).unwrap()).unwrap();
        }
        let load = |env: &TargetEnv| {
            let path = dir.path().join("t.json");
            std::fs::write(&path, env.to_json_string()).unwrap();
            load_target(&TargetSpec::File(path)).map(|_| ())
        };
        load(&good).unwrap();
        let mut zero = good.clone();
        zero.limits.max_compute_workgroup_invocations = 0;
        let e = load(&zero).unwrap_err().to_string();
        assert!(
            e.contains("limits.max_compute_workgroup_invocations is 0"),
            "{e}"
        );
        let mut zero = good.clone();
        zero.limits.max_compute_workgroup_count = [65535, 0, 65535];
        assert!(load(&zero).is_err());
        let mut subgroups = good.clone();
        subgroups.limits.subgroup_size = 3;
        assert!(load(&subgroups)
            .unwrap_err()
            .to_string()
            .contains("powers of two"));
    }
}

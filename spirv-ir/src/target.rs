//! The target environment: what a Vulkan device accepts (SPIR-V version, capabilities,
//! extensions, limits, subgroup operations, cooperative-matrix shapes). It is data: presets are
//! JSON files under `spirv-ir/targets/` (captured from real devices), loaded with
//! [`TargetEnv::preset`] or [`TargetEnv::from_json_file`]; legality queries read it.
//!
//! Provenance of the presets: `nvidia-h200.json` is the output of `kiln devices --target-env`
//! on the NVIDIA H200 (driver 580, Vulkan 1.4.312; the cooperative-matrix list is the driver's
//! `vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR`), with the preferred SPIR-V version
//! raised from 1.3 to 1.6, and the `VK_NV_cooperative_matrix2` Workgroup-scope shapes, limits,
//! capabilities and extensions added from driver 580.159.04, and its bfloat16 entries
//! (VK_KHR_shader_bfloat16: `BFloat16TypeKHR`, `BFloat16CooperativeMatrixKHR`,
//! SPV_KHR_bfloat16, the `Bf16*Bf16+F32->F32` shapes; `kiln devices` on 2026-11-24);
//! its compute-unit count is the driver's `shaderSMCount` (VK_NV_shader_sm_builtins);
//! `llvmpipe.json` follows `vulkaninfo` on Mesa 22.3.6 lavapipe with
//! 1.3 preferred (the version its SPIR-V path is best tested with); `vulkan1.1.json` is a
//! conservative baseline (SPIR-V 1.3, no f16 arithmetic, no subgroup arithmetic, 16 KiB shared
//! memory, 128 invocations); `constrained.json` has the small limits of mobile-class drivers (64
//! MiB storage-buffer range, 16 KiB shared memory, 256 invocations, 16 storage buffers per stage,
//! no 16-bit storage, no 64-bit integers, buffer device addresses) with lavapipe's subgroup size
//! and operations, so that what obeys it runs on lavapipe (`tests/constrained_target.rs`).

use crate::syntax::Version;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::path::Path;
use thiserror::Error;

#[derive(Debug, Error)]
pub enum TargetEnvError {
    #[error("unknown target preset `{0}` (known: {known})", known = TargetEnv::PRESETS.join(", "))]
    UnknownPreset(String),
    #[error("reading target env {path}: {cause}")]
    Io { path: String, cause: String },
    #[error("parsing target env {origin}: {cause}")]
    Parse { origin: String, cause: String },
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Vendor {
    Nvidia,
    Amd,
    Intel,
    Arm,
    Qualcomm,
    Apple,
    /// Mesa's software rasterizer (lavapipe / llvmpipe).
    Mesa,
    Unknown,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DeviceType {
    DiscreteGpu,
    IntegratedGpu,
    VirtualGpu,
    Cpu,
    Other,
}

/// `VkSubgroupFeatureFlagBits`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SubgroupFeature {
    Basic,
    Vote,
    Arithmetic,
    Ballot,
    Shuffle,
    ShuffleRelative,
    Clustered,
    Quad,
}

/// A component type of a cooperative matrix (`VkComponentTypeKHR`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ComponentType {
    F16,
    F32,
    F64,
    Bf16,
    I8,
    I16,
    I32,
    I64,
    U8,
    U16,
    U32,
    U64,
}

/// One entry of `vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR`: `A` is MxK, `B` KxN,
/// `C` and `Result` MxN.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CooperativeMatrixProperties {
    pub m: u32,
    pub n: u32,
    pub k: u32,
    pub a_type: ComponentType,
    pub b_type: ComponentType,
    pub c_type: ComponentType,
    pub result_type: ComponentType,
    pub saturating_accumulation: bool,
    #[serde(with = "scope_serde")]
    pub scope: spirv::Scope,
}

/// One `Workgroup`-scope entry of `vkGetPhysicalDeviceCooperativeMatrixFlexibleDimensionsPropertiesNV`
/// (`VK_NV_cooperative_matrix2`): a workgroup of `workgroup_invocations` invocations multiplies
/// an MxK `a_type` matrix by a KxN `b_type` one and adds an MxN `c_type` one into `result_type`,
/// for any M, N, K that are multiples of the granularities and at most
/// `max_dimension`. Only non-saturating entries are kept.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WorkgroupMatrixProperties {
    pub m_granularity: u32,
    pub n_granularity: u32,
    pub k_granularity: u32,
    pub a_type: ComponentType,
    pub b_type: ComponentType,
    pub c_type: ComponentType,
    pub result_type: ComponentType,
    /// The workgroup size (`LocalSize` product) a matrix of this entry needs.
    pub workgroup_invocations: u32,
    /// `cooperativeMatrixFlexibleDimensionsMaxDimension`: the largest M, N or K.
    pub max_dimension: u32,
}

/// Device limits that kernel configuration needs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Limits {
    pub max_compute_workgroup_invocations: u32,
    pub max_compute_workgroup_size: [u32; 3],
    pub max_compute_workgroup_count: [u32; 3],
    /// `maxComputeSharedMemorySize` in bytes.
    pub max_compute_shared_memory_size: u32,
    /// The default subgroup size.
    pub subgroup_size: u32,
    pub min_subgroup_size: u32,
    pub max_subgroup_size: u32,
    pub max_storage_buffer_range: u64,
    pub max_push_constants_size: u32,
    pub max_memory_allocation_size: u64,
    /// `maxPerStageDescriptorStorageBuffers`: the most storage buffers one kernel may bind.
    /// Fusion keeps every dispatch region within it. Target files written before it existed
    /// get [`DEFAULT_MAX_STORAGE_BUFFERS`].
    #[serde(default = "default_max_storage_buffers")]
    pub max_per_stage_descriptor_storage_buffers: u32,
}

/// `maxPerStageDescriptorStorageBuffers` of a target file that does not say: lavapipe's and the
/// common desktop drivers' smallest value.
pub const DEFAULT_MAX_STORAGE_BUFFERS: u32 = 32;

fn default_max_storage_buffers() -> u32 {
    DEFAULT_MAX_STORAGE_BUFFERS
}

/// A Vulkan target environment.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TargetEnv {
    pub name: String,
    pub device_name: String,
    pub vendor: Vendor,
    pub device_type: DeviceType,
    /// The Vulkan API version, `major.minor`.
    #[serde(with = "version_serde")]
    pub vulkan_version: Version,
    /// The highest SPIR-V version the device accepts.
    #[serde(with = "version_serde")]
    pub spirv_version: Version,
    /// The version to emit unless a module needs more (some drivers are better tested there).
    #[serde(with = "version_serde")]
    pub preferred_spirv_version: Version,
    #[serde(with = "capabilities_serde")]
    pub capabilities: Vec<spirv::Capability>,
    pub extensions: Vec<String>,
    pub limits: Limits,
    pub subgroup_operations: Vec<SubgroupFeature>,
    /// Empty when the device has no `VK_KHR_cooperative_matrix`.
    pub cooperative_matrix: Vec<CooperativeMatrixProperties>,
    /// The `Workgroup`-scope shapes of `VK_NV_cooperative_matrix2`, for matmuls addressed
    /// through tensor layouts (`OpCooperativeMatrixLoadTensorNV`). Empty unless the device has
    /// the `cooperativeMatrixWorkgroupScope`, `cooperativeMatrixFlexibleDimensions` and
    /// `cooperativeMatrixTensorAddressing` features.
    #[serde(default)]
    pub cooperative_matrix_workgroup: Vec<WorkgroupMatrixProperties>,
    /// The device's compute units (the cores that each run workgroups: NVIDIA's SMs, AMD's CUs),
    /// from which kernel configuration sizes its grids (`kiln_lowering::heuristics`): NVIDIA
    /// reports them as `shaderSMCount` (VK_NV_shader_sm_builtins), AMD as shader engines x
    /// arrays per engine x CUs per array (VK_AMD_shader_core_properties). `None` where the
    /// device does not say (a reference count is assumed then).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub compute_units: Option<u32>,
}

impl TargetEnv {
    /// Names accepted by [`TargetEnv::preset`].
    pub const PRESETS: &'static [&'static str] =
        &["llvmpipe", "nvidia-h200", "vulkan1.1", "constrained"];

    /// A checked-in preset (`llvmpipe`, `nvidia-h200`, `vulkan1.1`, `constrained`).
    pub fn preset(name: &str) -> Result<TargetEnv, TargetEnvError> {
        let text = match name {
            "llvmpipe" => include_str!("../targets/llvmpipe.json"),
            "nvidia-h200" => include_str!("../targets/nvidia-h200.json"),
            "vulkan1.1" => include_str!("../targets/vulkan1.1.json"),
            "constrained" => include_str!("../targets/constrained.json"),
            other => return Err(TargetEnvError::UnknownPreset(other.to_string())),
        };
        Self::from_json_str(text, &format!("preset `{name}`"))
    }

    pub fn from_json_str(text: &str, origin: &str) -> Result<TargetEnv, TargetEnvError> {
        serde_json::from_str(text).map_err(|e| TargetEnvError::Parse {
            origin: origin.to_string(),
            cause: e.to_string(),
        })
    }

    pub fn from_json_file(path: impl AsRef<Path>) -> Result<TargetEnv, TargetEnvError> {
        let path = path.as_ref();
        let text = std::fs::read_to_string(path).map_err(|e| TargetEnvError::Io {
            path: path.display().to_string(),
            cause: e.to_string(),
        })?;
        Self::from_json_str(&text, &path.display().to_string())
    }

    pub fn to_json_string(&self) -> String {
        serde_json::to_string_pretty(self).expect("a TargetEnv always serializes")
    }

    /// The `spirv-val --target-env` value for this environment (`vulkan1.1` ... `vulkan1.4`).
    pub fn spirv_val_target_env(&self) -> String {
        let v = self.vulkan_version;
        if v <= (Version { major: 1, minor: 0 }) {
            "vulkan1.0".to_string()
        } else if v.minor >= 4 {
            "vulkan1.4".to_string()
        } else {
            format!("vulkan{}.{}", v.major, v.minor)
        }
    }

    pub fn has_capability(&self, capability: spirv::Capability) -> bool {
        self.capabilities.contains(&capability)
    }
    pub fn has_extension(&self, extension: &str) -> bool {
        self.extensions.iter().any(|e| e == extension)
    }
    pub fn has_subgroup_feature(&self, feature: SubgroupFeature) -> bool {
        self.subgroup_operations.contains(&feature)
    }
}

mod version_serde {
    use super::*;
    pub fn serialize<S: Serializer>(v: &Version, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&v.to_string())
    }
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Version, D::Error> {
        let text = String::deserialize(d)?;
        parse_version(&text)
            .ok_or_else(|| serde::de::Error::custom(format!("bad version `{text}` (want `1.3`)")))
    }
    pub fn parse_version(text: &str) -> Option<Version> {
        let (a, b) = text.split_once('.')?;
        Some(Version {
            major: a.parse().ok()?,
            minor: b.parse().ok()?,
        })
    }
}

mod capabilities_serde {
    use super::*;
    pub fn serialize<S: Serializer>(v: &[spirv::Capability], s: S) -> Result<S::Ok, S::Error> {
        let names: Vec<String> = v.iter().map(|c| format!("{c:?}")).collect();
        names.serialize(s)
    }
    pub fn deserialize<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<Vec<spirv::Capability>, D::Error> {
        let names = Vec::<String>::deserialize(d)?;
        names
            .iter()
            .map(|n| {
                n.parse()
                    .map_err(|_| serde::de::Error::custom(format!("unknown capability `{n}`")))
            })
            .collect()
    }
}

mod scope_serde {
    use super::*;
    pub fn serialize<S: Serializer>(v: &spirv::Scope, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&format!("{v:?}"))
    }
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<spirv::Scope, D::Error> {
        let n = String::deserialize(d)?;
        n.parse()
            .map_err(|_| serde::de::Error::custom(format!("unknown scope `{n}`")))
    }
}

pub use version_serde::parse_version;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_load_and_round_trip_through_json() {
        for name in TargetEnv::PRESETS {
            let env = TargetEnv::preset(name).unwrap();
            assert_eq!(&env.name, name);
            let again = TargetEnv::from_json_str(&env.to_json_string(), "round trip").unwrap();
            assert_eq!(env, again);
        }
        let lvp = TargetEnv::preset("llvmpipe").unwrap();
        assert_eq!(lvp.limits.subgroup_size, 8);
        assert_eq!(lvp.spirv_val_target_env(), "vulkan1.3");
        assert!(lvp.cooperative_matrix.is_empty());
        let h200 = TargetEnv::preset("nvidia-h200").unwrap();
        assert!(h200.has_capability(spirv::Capability::CooperativeMatrixKHR));
        assert_eq!(h200.limits.max_compute_shared_memory_size, 49152);
        assert_eq!(h200.compute_units, Some(132));
        assert_eq!(lvp.compute_units, None);
        assert!(lvp.cooperative_matrix_workgroup.is_empty());
        assert!(h200.has_capability(spirv::Capability::CooperativeMatrixTensorAddressingNV));
        assert!(h200.has_extension("SPV_NV_tensor_addressing"));
        assert_eq!(h200.cooperative_matrix_workgroup.len(), 20);
        assert!(h200.has_capability(spirv::Capability::BFloat16CooperativeMatrixKHR));
        assert!(h200.has_extension("SPV_KHR_bfloat16"));
        assert!(h200.cooperative_matrix_workgroup.iter().any(|p| {
            p.a_type == ComponentType::Bf16
                && p.c_type == ComponentType::F32
                && p.workgroup_invocations == 128
        }));
        assert!(h200
            .cooperative_matrix_workgroup
            .contains(&WorkgroupMatrixProperties {
                m_granularity: 32,
                n_granularity: 32,
                k_granularity: 16,
                a_type: ComponentType::F16,
                b_type: ComponentType::F16,
                c_type: ComponentType::F32,
                result_type: ComponentType::F32,
                workgroup_invocations: 256,
                max_dimension: 1024,
            }));
        assert_eq!(
            TargetEnv::preset("vulkan1.1")
                .unwrap()
                .spirv_val_target_env(),
            "vulkan1.1"
        );
        assert!(matches!(
            TargetEnv::preset("nope"),
            Err(TargetEnvError::UnknownPreset(_))
        ));
    }

    #[test]
    fn bad_capability_is_named() {
        let mut v: serde_json::Value =
            serde_json::from_str(include_str!("../targets/vulkan1.1.json")).unwrap();
        v["capabilities"] = serde_json::json!(["Shader", "NotACapability"]);
        let err = TargetEnv::from_json_str(&v.to_string(), "test")
            .unwrap_err()
            .to_string();
        assert!(err.contains("NotACapability"), "{err}");
    }
}

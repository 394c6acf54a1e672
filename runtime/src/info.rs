//! What a physical device offers, as plain data: [`DeviceInfo`]. The compiler builds its target
//! environment (capabilities, limits, subgroup size, cooperative-matrix shapes) from this, so
//! every field says which Vulkan query it comes from.
//!
//! Queries go through `vkGetPhysicalDeviceProperties2` / `vkGetPhysicalDeviceFeatures2` with
//! the per-feature structs (not `VkPhysicalDeviceVulkan1xFeatures`), each chained only when the
//! device's API version has it in core or the device exposes the extension that adds it.
//! The same feature structs are reused to enable features at device creation.

use std::ffi::CStr;
use std::fmt;

use ash::vk;

use crate::cooperative_matrix2;
pub use crate::cooperative_matrix2::{CooperativeMatrix2, FlexibleDimensions};
use crate::shader_bfloat16;

use crate::error::{vk_error, Result};
use crate::instance::InstanceContext;

/// The kind of device, in the order kiln prefers them (discrete first).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DeviceType {
    /// A discrete GPU with its own memory.
    DiscreteGpu,
    /// A GPU sharing memory with the host.
    IntegratedGpu,
    /// A GPU exposed through virtualization.
    VirtualGpu,
    /// A CPU implementation (Mesa lavapipe, SwiftShader).
    Cpu,
    /// Anything else the driver reports.
    Other,
}

impl DeviceType {
    /// Preference rank used by automatic selection; lower is better.
    pub fn preference_rank(self) -> u32 {
        match self {
            DeviceType::DiscreteGpu => 0,
            DeviceType::IntegratedGpu => 1,
            DeviceType::VirtualGpu => 2,
            DeviceType::Cpu => 3,
            DeviceType::Other => 4,
        }
    }

    fn from_vk(device_type: vk::PhysicalDeviceType) -> Self {
        match device_type {
            vk::PhysicalDeviceType::DISCRETE_GPU => DeviceType::DiscreteGpu,
            vk::PhysicalDeviceType::INTEGRATED_GPU => DeviceType::IntegratedGpu,
            vk::PhysicalDeviceType::VIRTUAL_GPU => DeviceType::VirtualGpu,
            vk::PhysicalDeviceType::CPU => DeviceType::Cpu,
            _ => DeviceType::Other,
        }
    }
}

impl fmt::Display for DeviceType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DeviceType::DiscreteGpu => "discrete GPU",
            DeviceType::IntegratedGpu => "integrated GPU",
            DeviceType::VirtualGpu => "virtual GPU",
            DeviceType::Cpu => "CPU",
            DeviceType::Other => "other",
        })
    }
}

/// A Vulkan API version (`VK_MAKE_API_VERSION` without the variant).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ApiVersion {
    /// Major version.
    pub major: u32,
    /// Minor version.
    pub minor: u32,
    /// Patch version.
    pub patch: u32,
}

impl ApiVersion {
    /// Decodes a packed `apiVersion`.
    pub fn from_packed(version: u32) -> Self {
        ApiVersion {
            major: vk::api_version_major(version),
            minor: vk::api_version_minor(version),
            patch: vk::api_version_patch(version),
        }
    }

    /// `self >= major.minor`.
    pub fn at_least(self, major: u32, minor: u32) -> bool {
        (self.major, self.minor) >= (major, minor)
    }
}

impl fmt::Display for ApiVersion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}.{}", self.major, self.minor, self.patch)
    }
}

/// Subgroup operation classes (`VkSubgroupFeatureFlags`), i.e. which
/// `GroupNonUniform*` SPIR-V capabilities the device supports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SubgroupOperations {
    /// `GroupNonUniform` (elect, barrier).
    pub basic: bool,
    /// `GroupNonUniformVote`.
    pub vote: bool,
    /// `GroupNonUniformArithmetic` (reduce, scan).
    pub arithmetic: bool,
    /// `GroupNonUniformBallot`.
    pub ballot: bool,
    /// `GroupNonUniformShuffle`.
    pub shuffle: bool,
    /// `GroupNonUniformShuffleRelative`.
    pub shuffle_relative: bool,
    /// `GroupNonUniformClustered`.
    pub clustered: bool,
    /// `GroupNonUniformQuad`.
    pub quad: bool,
}

impl SubgroupOperations {
    fn from_vk(flags: vk::SubgroupFeatureFlags) -> Self {
        SubgroupOperations {
            basic: flags.contains(vk::SubgroupFeatureFlags::BASIC),
            vote: flags.contains(vk::SubgroupFeatureFlags::VOTE),
            arithmetic: flags.contains(vk::SubgroupFeatureFlags::ARITHMETIC),
            ballot: flags.contains(vk::SubgroupFeatureFlags::BALLOT),
            shuffle: flags.contains(vk::SubgroupFeatureFlags::SHUFFLE),
            shuffle_relative: flags.contains(vk::SubgroupFeatureFlags::SHUFFLE_RELATIVE),
            clustered: flags.contains(vk::SubgroupFeatureFlags::CLUSTERED),
            quad: flags.contains(vk::SubgroupFeatureFlags::QUAD),
        }
    }
}

/// Subgroup properties (`VkPhysicalDeviceSubgroupProperties` and, where available,
/// `VkPhysicalDeviceSubgroupSizeControlProperties`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SubgroupInfo {
    /// The default subgroup size (`subgroupSize`).
    pub size: u32,
    /// Smallest size a pipeline may require (`minSubgroupSize`); equals `size` without
    /// subgroup size control.
    pub min_size: u32,
    /// Largest size a pipeline may require (`maxSubgroupSize`); equals `size` without
    /// subgroup size control.
    pub max_size: u32,
    /// Supported operation classes (`supportedOperations`).
    pub operations: SubgroupOperations,
    /// Whether subgroup operations work in compute shaders (`supportedStages` has COMPUTE).
    pub compute_stage: bool,
    /// `quadOperationsInAllStages`.
    pub quad_operations_in_all_stages: bool,
    /// `maxComputeWorkgroupSubgroups` (0 without subgroup size control).
    pub max_compute_workgroup_subgroups: u32,
    /// Whether compute pipelines may require a subgroup size (`requiredSubgroupSizeStages`
    /// has COMPUTE).
    pub required_size_in_compute: bool,
}

/// The device limits kernels are configured against (`VkPhysicalDeviceLimits`).
#[derive(Debug, Clone, PartialEq)]
pub struct DeviceLimits {
    /// `maxComputeSharedMemorySize`: bytes of workgroup memory per workgroup.
    pub max_compute_shared_memory_size: u32,
    /// `maxComputeWorkGroupInvocations`: invocations per workgroup.
    pub max_compute_work_group_invocations: u32,
    /// `maxComputeWorkGroupSize`: per-dimension workgroup size.
    pub max_compute_work_group_size: [u32; 3],
    /// `maxComputeWorkGroupCount`: per-dimension workgroup count of one dispatch.
    pub max_compute_work_group_count: [u32; 3],
    /// `maxStorageBufferRange`: the largest storage-buffer binding, in bytes.
    pub max_storage_buffer_range: u32,
    /// `maxPushConstantsSize` in bytes.
    pub max_push_constants_size: u32,
    /// `maxMemoryAllocationSize` (`VkPhysicalDeviceMaintenance3Properties`) in bytes.
    pub max_memory_allocation_size: u64,
    /// `maxBoundDescriptorSets`.
    pub max_bound_descriptor_sets: u32,
    /// `maxPerStageDescriptorStorageBuffers`.
    pub max_per_stage_descriptor_storage_buffers: u32,
    /// `minStorageBufferOffsetAlignment` in bytes.
    pub min_storage_buffer_offset_alignment: u64,
    /// `timestampPeriod`: nanoseconds per timestamp tick.
    pub timestamp_period: f32,
    /// `timestampComputeAndGraphics`.
    pub timestamp_compute_and_graphics: bool,
}

/// Optional features, as reported supported (and enabled by [`crate::Device`] when present).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct DeviceFeatures {
    /// `shaderFloat16` (VK 1.2 / VK_KHR_shader_float16_int8): f16 arithmetic.
    pub shader_float16: bool,
    /// `shaderInt8`: i8 arithmetic.
    pub shader_int8: bool,
    /// `shaderInt16` (core).
    pub shader_int16: bool,
    /// `shaderInt64` (core).
    pub shader_int64: bool,
    /// `shaderFloat64` (core).
    pub shader_float64: bool,
    /// `storageBuffer8BitAccess` (VK 1.2 / VK_KHR_8bit_storage).
    pub storage_buffer_8bit_access: bool,
    /// `uniformAndStorageBuffer8BitAccess`.
    pub uniform_and_storage_buffer_8bit_access: bool,
    /// `storagePushConstant8`.
    pub storage_push_constant8: bool,
    /// `storageBuffer16BitAccess` (VK 1.1 / VK_KHR_16bit_storage).
    pub storage_buffer_16bit_access: bool,
    /// `uniformAndStorageBuffer16BitAccess`.
    pub uniform_and_storage_buffer_16bit_access: bool,
    /// `storagePushConstant16`.
    pub storage_push_constant16: bool,
    /// `bufferDeviceAddress` (VK 1.2 / VK_KHR_buffer_device_address).
    pub buffer_device_address: bool,
    /// `vulkanMemoryModel` (VK 1.2 / VK_KHR_vulkan_memory_model).
    pub vulkan_memory_model: bool,
    /// `vulkanMemoryModelDeviceScope`.
    pub vulkan_memory_model_device_scope: bool,
    /// `shaderIntegerDotProduct` (VK 1.3 / VK_KHR_shader_integer_dot_product).
    pub shader_integer_dot_product: bool,
    /// `subgroupSizeControl` (VK 1.3 / VK_EXT_subgroup_size_control).
    pub subgroup_size_control: bool,
    /// `computeFullSubgroups`.
    pub compute_full_subgroups: bool,
    /// `shaderSubgroupExtendedTypes` (VK 1.2): subgroup ops on f16/i8/i16/i64.
    pub shader_subgroup_extended_types: bool,
    /// `cooperativeMatrix` (VK_KHR_cooperative_matrix).
    pub cooperative_matrix: bool,
    /// `cooperativeMatrixWorkgroupScope` (VK_NV_cooperative_matrix2).
    pub cooperative_matrix_workgroup_scope: bool,
    /// `cooperativeMatrixFlexibleDimensions` (VK_NV_cooperative_matrix2).
    pub cooperative_matrix_flexible_dimensions: bool,
    /// `cooperativeMatrixTensorAddressing` (VK_NV_cooperative_matrix2).
    pub cooperative_matrix_tensor_addressing: bool,
    /// `cooperativeMatrixPerElementOperations` (VK_NV_cooperative_matrix2): the
    /// `CooperativeMatrixPerElementOperationsNV` capability (fused epilogues on workgroup
    /// matrices).
    pub cooperative_matrix_per_element_operations: bool,
    /// `shaderBFloat16Type` (VK_KHR_shader_bfloat16): the `BFloat16TypeKHR` capability (bf16
    /// values, storage and conversions; SPV_KHR_bfloat16).
    pub shader_bfloat16_type: bool,
    /// `shaderBFloat16CooperativeMatrix` (VK_KHR_shader_bfloat16): the
    /// `BFloat16CooperativeMatrixKHR` capability (cooperative matrices of bf16; the shapes are
    /// the [`ComponentType::Bf16`] entries of the cooperative-matrix lists).
    pub shader_bfloat16_cooperative_matrix: bool,
    /// `robustBufferAccess2` (VK_EXT_robustness2): accesses outside a binding's range are
    /// discarded (stores) or read 0 (loads). kiln enables it only in the bounds-checking mode.
    pub robust_buffer_access2: bool,
    /// `shaderBufferFloat32Atomics` (VK_EXT_shader_atomic_float).
    pub shader_buffer_float32_atomics: bool,
    /// `shaderBufferFloat32AtomicAdd`.
    pub shader_buffer_float32_atomic_add: bool,
    /// `shaderSharedFloat32Atomics`.
    pub shader_shared_float32_atomics: bool,
    /// `shaderSharedFloat32AtomicAdd`.
    pub shader_shared_float32_atomic_add: bool,
    /// `pipelineExecutableInfo` (VK_KHR_pipeline_executable_properties): the driver reports
    /// each pipeline's executables and their statistics (registers, spills, instruction
    /// counts), see [`crate::Pipeline::statistics`]. Enabled only on devices created with
    /// `DeviceConfig::capture_statistics` (a diagnostic mode).
    pub pipeline_executable_info: bool,
}

/// A cooperative-matrix component type (`VkComponentTypeKHR`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ComponentType {
    /// 16-bit float.
    F16,
    /// bfloat16 (`VK_COMPONENT_TYPE_BFLOAT16_KHR`, VK_KHR_shader_bfloat16).
    Bf16,
    /// 32-bit float.
    F32,
    /// 64-bit float.
    F64,
    /// Signed 8-bit.
    I8,
    /// Signed 16-bit.
    I16,
    /// Signed 32-bit.
    I32,
    /// Signed 64-bit.
    I64,
    /// Unsigned 8-bit.
    U8,
    /// Unsigned 16-bit.
    U16,
    /// Unsigned 32-bit.
    U32,
    /// Unsigned 64-bit.
    U64,
    /// A value this version of kiln does not know (raw `VkComponentTypeKHR`).
    Other(i32),
}

impl ComponentType {
    pub(crate) fn from_vk(component: vk::ComponentTypeKHR) -> Self {
        match component {
            vk::ComponentTypeKHR::FLOAT16 => ComponentType::F16,
            // ash 0.38 (headers 1.3.281) predates VK_KHR_shader_bfloat16.
            other if other.as_raw() == 1_000_141_000 => ComponentType::Bf16,
            vk::ComponentTypeKHR::FLOAT32 => ComponentType::F32,
            vk::ComponentTypeKHR::FLOAT64 => ComponentType::F64,
            vk::ComponentTypeKHR::SINT8 => ComponentType::I8,
            vk::ComponentTypeKHR::SINT16 => ComponentType::I16,
            vk::ComponentTypeKHR::SINT32 => ComponentType::I32,
            vk::ComponentTypeKHR::SINT64 => ComponentType::I64,
            vk::ComponentTypeKHR::UINT8 => ComponentType::U8,
            vk::ComponentTypeKHR::UINT16 => ComponentType::U16,
            vk::ComponentTypeKHR::UINT32 => ComponentType::U32,
            vk::ComponentTypeKHR::UINT64 => ComponentType::U64,
            other => ComponentType::Other(other.as_raw()),
        }
    }
}

/// The scope of a cooperative matrix (`VkScopeKHR`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MatrixScope {
    /// `Device`.
    Device,
    /// `Workgroup`.
    Workgroup,
    /// `Subgroup` (the usual one).
    Subgroup,
    /// `QueueFamily`.
    QueueFamily,
    /// A value this version of kiln does not know.
    Other(i32),
}

impl MatrixScope {
    pub(crate) fn from_vk(scope: vk::ScopeKHR) -> Self {
        match scope {
            vk::ScopeKHR::DEVICE => MatrixScope::Device,
            vk::ScopeKHR::WORKGROUP => MatrixScope::Workgroup,
            vk::ScopeKHR::SUBGROUP => MatrixScope::Subgroup,
            vk::ScopeKHR::QUEUE_FAMILY => MatrixScope::QueueFamily,
            other => MatrixScope::Other(other.as_raw()),
        }
    }
}

/// One entry of `vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR`: an `M x K` by `K x N`
/// multiply-accumulate shape the device runs natively.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CooperativeMatrixProperties {
    /// Rows of A, C and the result.
    pub m_size: u32,
    /// Columns of B, C and the result.
    pub n_size: u32,
    /// Columns of A, rows of B.
    pub k_size: u32,
    /// Component type of A.
    pub a_type: ComponentType,
    /// Component type of B.
    pub b_type: ComponentType,
    /// Component type of C (the accumulator input).
    pub c_type: ComponentType,
    /// Component type of the result.
    pub result_type: ComponentType,
    /// `saturatingAccumulation`.
    pub saturating_accumulation: bool,
    /// Scope of the matrices.
    pub scope: MatrixScope,
}

/// One memory heap (`VkMemoryHeap`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MemoryHeap {
    /// Size in bytes.
    pub size: u64,
    /// `VK_MEMORY_HEAP_DEVICE_LOCAL_BIT`.
    pub device_local: bool,
}

/// Everything kiln needs to know about one physical device. Plain data; build a target
/// environment from it or print it.
#[derive(Debug, Clone, PartialEq)]
pub struct DeviceInfo {
    /// Position in the loader's enumeration order: what `--device <index>` selects.
    pub index: usize,
    /// `deviceName`.
    pub name: String,
    /// PCI vendor id (`vendorID`), or a Khronos vendor id (`VK_VENDOR_ID_MESA` = 0x10005).
    pub vendor_id: u32,
    /// Vendor name derived from `vendor_id` ("NVIDIA", "AMD", "Intel", "Mesa", ...).
    pub vendor_name: String,
    /// `deviceID`.
    pub device_id: u32,
    /// Device type.
    pub device_type: DeviceType,
    /// Driver name (`VkPhysicalDeviceDriverProperties::driverName`), empty when unknown.
    pub driver_name: String,
    /// Driver details (`driverInfo`), e.g. the Mesa or NVIDIA driver version string.
    pub driver_info: String,
    /// Raw `driverVersion` (vendor-specific encoding).
    pub driver_version: u32,
    /// The device's `apiVersion`.
    pub api_version: ApiVersion,
    /// `pipelineCacheUUID`.
    pub pipeline_cache_uuid: [u8; 16],
    /// Subgroup size and operations.
    pub subgroup: SubgroupInfo,
    /// Limits.
    pub limits: DeviceLimits,
    /// Optional features the device supports.
    pub features: DeviceFeatures,
    /// Device extension names, sorted.
    pub extensions: Vec<String>,
    /// Cooperative-matrix shapes (empty without VK_KHR_cooperative_matrix).
    pub cooperative_matrix: Vec<CooperativeMatrixProperties>,
    /// What VK_NV_cooperative_matrix2 offers (`None` without the extension or its features).
    pub cooperative_matrix2: Option<CooperativeMatrix2>,
    /// Memory heaps.
    pub memory_heaps: Vec<MemoryHeap>,
    /// Whether every memory type that is device-local is also host-visible, as on CPU devices
    /// and unified-memory GPUs (then buffers are mapped instead of staged).
    pub unified_memory: bool,
    /// Whether the queue kiln computes on writes timestamps (`timestampValidBits > 0`).
    pub timestamps: bool,
    /// The compute units (cores that each run workgroups), where the driver reports them:
    /// `shaderSMCount` (VK_NV_shader_sm_builtins), or shader engines x shader arrays per engine
    /// x compute units per array (VK_AMD_shader_core_properties); `None` otherwise.
    pub compute_units: Option<u32>,
}

impl DeviceInfo {
    /// Whether the device lists extension `name` (e.g. `"VK_KHR_cooperative_matrix"`).
    pub fn has_extension(&self, name: &str) -> bool {
        self.extensions
            .binary_search_by(|e| e.as_str().cmp(name))
            .is_ok()
    }

    /// One line for `kiln devices`: index, name, type, API version, subgroup size, shared
    /// memory, driver, and `bf16` / `bf16 cooperative matrix` where VK_KHR_shader_bfloat16
    /// offers them.
    pub fn summary(&self) -> String {
        self.to_string()
    }
}

impl fmt::Display for DeviceInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let subgroup = if self.subgroup.min_size == self.subgroup.max_size {
            self.subgroup.size.to_string()
        } else {
            format!("{}-{}", self.subgroup.min_size, self.subgroup.max_size)
        };
        write!(
            f,
            "{}: {} ({}, Vulkan {}, subgroup {}, shared memory {} KiB",
            self.index,
            self.name,
            self.device_type,
            self.api_version,
            subgroup,
            self.limits.max_compute_shared_memory_size / 1024
        )?;
        if !self.driver_name.is_empty() {
            write!(f, ", driver {}", self.driver_name)?;
        }
        // VK_KHR_shader_bfloat16, shown only where present (the cooperative-matrix shapes with
        // bf16 components are in the cooperative-matrix lists).
        if self.features.shader_bfloat16_cooperative_matrix {
            f.write_str(", bf16 cooperative matrix")?;
        } else if self.features.shader_bfloat16_type {
            f.write_str(", bf16")?;
        }
        f.write_str(")")
    }
}

/// Name of a PCI / Khronos vendor id.
pub fn vendor_name(vendor_id: u32) -> &'static str {
    match vendor_id {
        0x10DE => "NVIDIA",
        0x1002 | 0x1022 => "AMD",
        0x8086 => "Intel",
        0x13B5 => "ARM",
        0x5143 => "Qualcomm",
        0x1010 => "Imagination",
        0x106B => "Apple",
        0x14E4 => "Broadcom",
        0x1AE0 => "Google",
        0x10001 => "Vivante",
        0x10002 => "VeriSilicon",
        0x10003 => "Kazan",
        0x10004 => "Codeplay",
        0x10005 => "Mesa",
        0x10006 => "PoCL",
        0x10007 => "MobileEye",
        _ => "unknown vendor",
    }
}

/// The feature structs kiln queries and enables, each present only when the device may be asked
/// about it (core in its API version, or its extension listed).
#[derive(Default)]
pub(crate) struct FeatureChain {
    pub core: vk::PhysicalDeviceFeatures,
    pub storage16: Option<vk::PhysicalDevice16BitStorageFeatures<'static>>,
    pub storage8: Option<vk::PhysicalDevice8BitStorageFeatures<'static>>,
    pub float16_int8: Option<vk::PhysicalDeviceShaderFloat16Int8Features<'static>>,
    pub buffer_device_address: Option<vk::PhysicalDeviceBufferDeviceAddressFeatures<'static>>,
    pub memory_model: Option<vk::PhysicalDeviceVulkanMemoryModelFeatures<'static>>,
    pub subgroup_extended_types:
        Option<vk::PhysicalDeviceShaderSubgroupExtendedTypesFeatures<'static>>,
    pub integer_dot_product: Option<vk::PhysicalDeviceShaderIntegerDotProductFeatures<'static>>,
    pub subgroup_size_control: Option<vk::PhysicalDeviceSubgroupSizeControlFeatures<'static>>,
    pub cooperative_matrix: Option<vk::PhysicalDeviceCooperativeMatrixFeaturesKHR<'static>>,
    pub cooperative_matrix2: Option<cooperative_matrix2::Features>,
    pub shader_bfloat16: Option<shader_bfloat16::Features>,
    pub atomic_float: Option<vk::PhysicalDeviceShaderAtomicFloatFeaturesEXT<'static>>,
    pub robustness2: Option<vk::PhysicalDeviceRobustness2FeaturesEXT<'static>>,
    pub pipeline_executable_properties:
        Option<vk::PhysicalDevicePipelineExecutablePropertiesFeaturesKHR<'static>>,
}

/// What is needed to query or enable one optional structure.
pub(crate) struct Availability<'a> {
    pub version: ApiVersion,
    pub extensions: &'a [String],
}

impl Availability<'_> {
    /// Core since `major.minor`, or added by `extension`.
    pub fn has(&self, core_since: Option<(u32, u32)>, extension: &CStr) -> bool {
        core_since.is_some_and(|(major, minor)| self.version.at_least(major, minor))
            || self
                .extensions
                .iter()
                .any(|e| e.as_bytes() == extension.to_bytes())
    }
}

impl FeatureChain {
    /// Empty structs for everything `available` allows asking about.
    pub fn for_device(available: &Availability<'_>) -> Self {
        fn make<T: Default>(present: bool) -> Option<T> {
            present.then(T::default)
        }
        FeatureChain {
            core: vk::PhysicalDeviceFeatures::default(),
            storage16: make(available.has(Some((1, 1)), ash::khr::_16bit_storage::NAME)),
            storage8: make(available.has(Some((1, 2)), ash::khr::_8bit_storage::NAME)),
            float16_int8: make(available.has(Some((1, 2)), ash::khr::shader_float16_int8::NAME)),
            buffer_device_address: make(
                available.has(Some((1, 2)), ash::khr::buffer_device_address::NAME),
            ),
            memory_model: make(available.has(Some((1, 2)), ash::khr::vulkan_memory_model::NAME)),
            subgroup_extended_types: make(
                available.has(Some((1, 2)), ash::khr::shader_subgroup_extended_types::NAME),
            ),
            integer_dot_product: make(
                available.has(Some((1, 3)), ash::khr::shader_integer_dot_product::NAME),
            ),
            subgroup_size_control: make(
                available.has(Some((1, 3)), ash::ext::subgroup_size_control::NAME),
            ),
            cooperative_matrix: make(available.has(None, ash::khr::cooperative_matrix::NAME)),
            cooperative_matrix2: make(available.has(None, cooperative_matrix2::NAME)),
            shader_bfloat16: make(available.has(None, shader_bfloat16::NAME)),
            atomic_float: make(available.has(None, ash::ext::shader_atomic_float::NAME)),
            robustness2: make(available.has(None, ash::ext::robustness2::NAME)),
            pipeline_executable_properties: make(
                available.has(None, ash::khr::pipeline_executable_properties::NAME),
            ),
        }
    }

    /// Clears every `pNext` so the structs can be chained again.
    fn unlink(&mut self) {
        use std::ptr::null_mut;
        macro_rules! clear {
            ($($field:ident),*) => { $( if let Some(s) = self.$field.as_mut() { s.p_next = null_mut(); } )* };
        }
        clear!(
            storage16,
            storage8,
            float16_int8,
            buffer_device_address,
            memory_model,
            subgroup_extended_types,
            integer_dot_product,
            subgroup_size_control,
            cooperative_matrix,
            cooperative_matrix2,
            shader_bfloat16,
            atomic_float,
            robustness2,
            pipeline_executable_properties
        );
    }

    /// Fills the structs from the device.
    pub fn query(&mut self, instance: &ash::Instance, physical_device: vk::PhysicalDevice) {
        self.unlink();
        let mut features2 = vk::PhysicalDeviceFeatures2::default();
        macro_rules! chain {
            ($($field:ident),*) => { $( if let Some(s) = self.$field.as_mut() { features2 = features2.push_next(s); } )* };
        }
        chain!(
            storage16,
            storage8,
            float16_int8,
            buffer_device_address,
            memory_model,
            subgroup_extended_types,
            integer_dot_product,
            subgroup_size_control,
            cooperative_matrix,
            cooperative_matrix2,
            shader_bfloat16,
            atomic_float,
            robustness2,
            pipeline_executable_properties
        );
        // SAFETY: every chained struct is valid for this device (core in its version or its
        // extension is listed) and lives in `self`, which outlives the call.
        unsafe { instance.get_physical_device_features2(physical_device, &mut features2) };
        self.core = features2.features;
        self.unlink();
    }

    /// Turns off the features kiln never wants enabled (they cost performance or memory).
    /// `robust_buffers` keeps `robustBufferAccess` + `robustBufferAccess2` where the device has
    /// both (the bounds-checking mode); otherwise robustness stays off.
    pub fn restrict_to_compute_needs(&mut self, robust_buffers: bool) {
        let core = self.core;
        let robust = robust_buffers
            && core.robust_buffer_access == vk::TRUE
            && self
                .robustness2
                .is_some_and(|r| r.robust_buffer_access2 == vk::TRUE);
        self.core = vk::PhysicalDeviceFeatures::default()
            .shader_int64(core.shader_int64 == vk::TRUE)
            .shader_int16(core.shader_int16 == vk::TRUE)
            .shader_float64(core.shader_float64 == vk::TRUE)
            .robust_buffer_access(robust);
        self.robustness2 = robust.then(|| {
            vk::PhysicalDeviceRobustness2FeaturesEXT::default().robust_buffer_access2(true)
        });
        if let Some(address) = self.buffer_device_address.as_mut() {
            address.buffer_device_address_capture_replay = vk::FALSE;
            address.buffer_device_address_multi_device = vk::FALSE;
        }
        // kiln emits no OpDot on bf16 vectors.
        if let Some(bfloat16) = self.shader_bfloat16.as_mut() {
            bfloat16.shader_bfloat16_dot_product = vk::FALSE;
        }
    }

    /// Chains the structs into a device-create-info. `self` must not move while the returned
    /// info is in use (the borrow checker enforces it).
    pub fn chain_into<'a>(
        &'a mut self,
        mut info: vk::DeviceCreateInfo<'a>,
        features2: &'a mut vk::PhysicalDeviceFeatures2<'a>,
    ) -> vk::DeviceCreateInfo<'a> {
        self.unlink();
        features2.features = self.core;
        features2.p_next = std::ptr::null_mut();
        macro_rules! chain {
            ($($field:ident),*) => { $( if let Some(s) = self.$field.as_mut() { info = info.push_next(s); } )* };
        }
        chain!(
            storage16,
            storage8,
            float16_int8,
            buffer_device_address,
            memory_model,
            subgroup_extended_types,
            integer_dot_product,
            subgroup_size_control,
            cooperative_matrix,
            cooperative_matrix2,
            shader_bfloat16,
            atomic_float,
            robustness2,
            pipeline_executable_properties
        );
        info.push_next(features2)
    }

    /// The plain-data view.
    pub fn summary(&self) -> DeviceFeatures {
        let on = |value: vk::Bool32| value == vk::TRUE;
        let mut features = DeviceFeatures {
            shader_int16: on(self.core.shader_int16),
            shader_int64: on(self.core.shader_int64),
            shader_float64: on(self.core.shader_float64),
            ..DeviceFeatures::default()
        };
        if let Some(s) = &self.storage16 {
            features.storage_buffer_16bit_access = on(s.storage_buffer16_bit_access);
            features.uniform_and_storage_buffer_16bit_access =
                on(s.uniform_and_storage_buffer16_bit_access);
            features.storage_push_constant16 = on(s.storage_push_constant16);
        }
        if let Some(s) = &self.storage8 {
            features.storage_buffer_8bit_access = on(s.storage_buffer8_bit_access);
            features.uniform_and_storage_buffer_8bit_access =
                on(s.uniform_and_storage_buffer8_bit_access);
            features.storage_push_constant8 = on(s.storage_push_constant8);
        }
        if let Some(s) = &self.float16_int8 {
            features.shader_float16 = on(s.shader_float16);
            features.shader_int8 = on(s.shader_int8);
        }
        if let Some(s) = &self.buffer_device_address {
            features.buffer_device_address = on(s.buffer_device_address);
        }
        if let Some(s) = &self.memory_model {
            features.vulkan_memory_model = on(s.vulkan_memory_model);
            features.vulkan_memory_model_device_scope = on(s.vulkan_memory_model_device_scope);
        }
        if let Some(s) = &self.subgroup_extended_types {
            features.shader_subgroup_extended_types = on(s.shader_subgroup_extended_types);
        }
        if let Some(s) = &self.integer_dot_product {
            features.shader_integer_dot_product = on(s.shader_integer_dot_product);
        }
        if let Some(s) = &self.subgroup_size_control {
            features.subgroup_size_control = on(s.subgroup_size_control);
            features.compute_full_subgroups = on(s.compute_full_subgroups);
        }
        if let Some(s) = &self.cooperative_matrix {
            features.cooperative_matrix = on(s.cooperative_matrix);
        }
        if let Some(s) = &self.cooperative_matrix2 {
            features.cooperative_matrix_workgroup_scope = on(s.workgroup_scope);
            features.cooperative_matrix_flexible_dimensions = on(s.flexible_dimensions);
            features.cooperative_matrix_tensor_addressing = on(s.tensor_addressing);
            features.cooperative_matrix_per_element_operations = on(s.per_element_operations);
        }
        if let Some(s) = &self.shader_bfloat16 {
            features.shader_bfloat16_type = on(s.shader_bfloat16_type);
            features.shader_bfloat16_cooperative_matrix = on(s.shader_bfloat16_cooperative_matrix);
        }
        if let Some(s) = &self.atomic_float {
            features.shader_buffer_float32_atomics = on(s.shader_buffer_float32_atomics);
            features.shader_buffer_float32_atomic_add = on(s.shader_buffer_float32_atomic_add);
            features.shader_shared_float32_atomics = on(s.shader_shared_float32_atomics);
            features.shader_shared_float32_atomic_add = on(s.shader_shared_float32_atomic_add);
        }
        if let Some(s) = &self.robustness2 {
            features.robust_buffer_access2 =
                on(self.core.robust_buffer_access) && on(s.robust_buffer_access2);
        }
        if let Some(s) = &self.pipeline_executable_properties {
            features.pipeline_executable_info = on(s.pipeline_executable_info);
        }
        features
    }
}

/// Internal query result: the public info plus what device creation needs.
pub(crate) struct QueriedDevice {
    pub info: DeviceInfo,
    pub physical_device: vk::PhysicalDevice,
    /// The queue family kiln computes on, and its `timestampValidBits`.
    pub compute_family: Option<(u32, u32)>,
    pub features: FeatureChain,
}

fn c_chars_to_string(chars: &[std::ffi::c_char]) -> String {
    let bytes: Vec<u8> = chars
        .iter()
        .take_while(|&&c| c != 0)
        .map(|&c| c as u8)
        .collect();
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Queries one physical device.
pub(crate) fn query_device(
    context: &InstanceContext,
    physical_device: vk::PhysicalDevice,
    index: usize,
) -> Result<QueriedDevice> {
    let instance = &context.instance;
    // SAFETY: `physical_device` was enumerated from this live instance.
    let properties = unsafe { instance.get_physical_device_properties(physical_device) };
    // SAFETY: as above.
    let extension_properties =
        unsafe { instance.enumerate_device_extension_properties(physical_device) }
            .map_err(vk_error("vkEnumerateDeviceExtensionProperties"))?;
    let mut extensions: Vec<String> = extension_properties
        .iter()
        .map(|e| c_chars_to_string(&e.extension_name))
        .collect();
    extensions.sort();
    extensions.dedup();

    let device_version = ApiVersion::from_packed(properties.api_version);
    let effective_version =
        ApiVersion::from_packed(properties.api_version.min(context.api_version));
    let available = Availability {
        version: effective_version,
        extensions: &extensions,
    };

    let mut subgroup = vk::PhysicalDeviceSubgroupProperties::default();
    let mut size_control = vk::PhysicalDeviceSubgroupSizeControlProperties::default();
    let mut driver = vk::PhysicalDeviceDriverProperties::default();
    let mut maintenance3 = vk::PhysicalDeviceMaintenance3Properties::default();
    let mut matrix2 = cooperative_matrix2::Properties::default();
    let has_matrix2 = available.has(None, cooperative_matrix2::NAME);
    let has_size_control = available.has(Some((1, 3)), ash::ext::subgroup_size_control::NAME);
    let has_driver = available.has(Some((1, 2)), ash::khr::driver_properties::NAME);
    let has_subgroup = effective_version.at_least(1, 1);
    let mut sm_builtins = vk::PhysicalDeviceShaderSMBuiltinsPropertiesNV::default();
    let mut amd_cores = vk::PhysicalDeviceShaderCorePropertiesAMD::default();
    let has_sm_builtins = available.has(None, ash::nv::shader_sm_builtins::NAME);
    let has_amd_cores = available.has(None, ash::amd::shader_core_properties::NAME);
    {
        let mut properties2 = vk::PhysicalDeviceProperties2::default();
        if has_subgroup {
            properties2 = properties2
                .push_next(&mut subgroup)
                .push_next(&mut maintenance3);
        }
        if has_size_control {
            properties2 = properties2.push_next(&mut size_control);
        }
        if has_driver {
            properties2 = properties2.push_next(&mut driver);
        }
        if has_matrix2 {
            properties2 = properties2.push_next(&mut matrix2);
        }
        if has_sm_builtins {
            properties2 = properties2.push_next(&mut sm_builtins);
        }
        if has_amd_cores {
            properties2 = properties2.push_next(&mut amd_cores);
        }
        // SAFETY: each chained struct is core in the effective version or its extension is
        // listed; all live until the end of this block.
        unsafe { instance.get_physical_device_properties2(physical_device, &mut properties2) };
    }

    let mut features = FeatureChain::for_device(&available);
    features.query(instance, physical_device);

    let cooperative_matrix = if features
        .cooperative_matrix
        .is_some_and(|f| f.cooperative_matrix == vk::TRUE)
    {
        let loader = ash::khr::cooperative_matrix::Instance::new(&context.entry, instance);
        // SAFETY: the extension is listed by the device and the loader resolves its entry
        // point from the live instance.
        let list =
            unsafe { loader.get_physical_device_cooperative_matrix_properties(physical_device) }
                .map_err(vk_error(
                    "vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR",
                ))?;
        list.iter()
            .map(|p| CooperativeMatrixProperties {
                m_size: p.m_size,
                n_size: p.n_size,
                k_size: p.k_size,
                a_type: ComponentType::from_vk(p.a_type),
                b_type: ComponentType::from_vk(p.b_type),
                c_type: ComponentType::from_vk(p.c_type),
                result_type: ComponentType::from_vk(p.result_type),
                saturating_accumulation: p.saturating_accumulation == vk::TRUE,
                scope: MatrixScope::from_vk(p.scope),
            })
            .collect()
    } else {
        Vec::new()
    };

    let cooperative_matrix2 = features
        .cooperative_matrix2
        .filter(|f| f.workgroup_scope == vk::TRUE || f.tensor_addressing == vk::TRUE)
        .map(|f| CooperativeMatrix2 {
            workgroup_scope_max_workgroup_size: matrix2.workgroup_scope_max_workgroup_size,
            flexible_dimensions_max_dimension: matrix2.flexible_dimensions_max_dimension,
            workgroup_scope_reserved_shared_memory: matrix2.workgroup_scope_reserved_shared_memory,
            flexible_shapes: if f.flexible_dimensions == vk::TRUE {
                cooperative_matrix2::query_flexible_dimensions(
                    &context.entry,
                    instance,
                    physical_device,
                )
                .unwrap_or_default()
            } else {
                Vec::new()
            },
        });

    // SAFETY: `physical_device` belongs to the live instance.
    let families = unsafe { instance.get_physical_device_queue_family_properties(physical_device) };
    let compute_family = choose_compute_family(&families);

    // SAFETY: as above.
    let memory = unsafe { instance.get_physical_device_memory_properties(physical_device) };
    let heaps: Vec<MemoryHeap> = memory.memory_heaps[..memory.memory_heap_count as usize]
        .iter()
        .map(|heap| MemoryHeap {
            size: heap.size,
            device_local: heap.flags.contains(vk::MemoryHeapFlags::DEVICE_LOCAL),
        })
        .collect();
    let device_local_types: Vec<vk::MemoryPropertyFlags> = memory.memory_types
        [..memory.memory_type_count as usize]
        .iter()
        .map(|t| t.property_flags)
        .filter(|flags| flags.contains(vk::MemoryPropertyFlags::DEVICE_LOCAL))
        .collect();
    let unified_memory = !device_local_types.is_empty()
        && device_local_types
            .iter()
            .all(|flags| flags.contains(vk::MemoryPropertyFlags::HOST_VISIBLE));

    let limits = &properties.limits;
    let subgroup_size = if has_subgroup {
        subgroup.subgroup_size
    } else {
        1
    };
    let (min_size, max_size) = if has_size_control && size_control.min_subgroup_size > 0 {
        (
            size_control.min_subgroup_size,
            size_control.max_subgroup_size,
        )
    } else {
        (subgroup_size, subgroup_size)
    };
    let info = DeviceInfo {
        index,
        name: c_chars_to_string(&properties.device_name),
        vendor_id: properties.vendor_id,
        vendor_name: vendor_name(properties.vendor_id).to_string(),
        device_id: properties.device_id,
        device_type: DeviceType::from_vk(properties.device_type),
        driver_name: if has_driver {
            c_chars_to_string(&driver.driver_name)
        } else {
            String::new()
        },
        driver_info: if has_driver {
            c_chars_to_string(&driver.driver_info)
        } else {
            String::new()
        },
        driver_version: properties.driver_version,
        api_version: device_version,
        pipeline_cache_uuid: properties.pipeline_cache_uuid,
        subgroup: SubgroupInfo {
            size: subgroup_size,
            min_size,
            max_size,
            operations: SubgroupOperations::from_vk(subgroup.supported_operations),
            compute_stage: subgroup
                .supported_stages
                .contains(vk::ShaderStageFlags::COMPUTE),
            quad_operations_in_all_stages: subgroup.quad_operations_in_all_stages == vk::TRUE,
            max_compute_workgroup_subgroups: if has_size_control {
                size_control.max_compute_workgroup_subgroups
            } else {
                0
            },
            required_size_in_compute: has_size_control
                && size_control
                    .required_subgroup_size_stages
                    .contains(vk::ShaderStageFlags::COMPUTE),
        },
        limits: DeviceLimits {
            max_compute_shared_memory_size: limits.max_compute_shared_memory_size,
            max_compute_work_group_invocations: limits.max_compute_work_group_invocations,
            max_compute_work_group_size: limits.max_compute_work_group_size,
            max_compute_work_group_count: limits.max_compute_work_group_count,
            max_storage_buffer_range: limits.max_storage_buffer_range,
            max_push_constants_size: limits.max_push_constants_size,
            max_memory_allocation_size: if has_subgroup {
                maintenance3.max_memory_allocation_size
            } else {
                u64::MAX
            },
            max_bound_descriptor_sets: limits.max_bound_descriptor_sets,
            max_per_stage_descriptor_storage_buffers: limits
                .max_per_stage_descriptor_storage_buffers,
            min_storage_buffer_offset_alignment: limits.min_storage_buffer_offset_alignment,
            timestamp_period: limits.timestamp_period,
            timestamp_compute_and_graphics: limits.timestamp_compute_and_graphics == vk::TRUE,
        },
        features: features.summary(),
        extensions,
        cooperative_matrix,
        cooperative_matrix2,
        memory_heaps: heaps,
        unified_memory,
        timestamps: compute_family.is_some_and(|(_, bits)| bits > 0),
        compute_units: if has_sm_builtins {
            Some(sm_builtins.shader_sm_count)
        } else if has_amd_cores {
            Some(
                amd_cores.shader_engine_count
                    * amd_cores.shader_arrays_per_engine_count
                    * amd_cores.compute_units_per_shader_array,
            )
        } else {
            None
        }
        .filter(|&units| units > 0),
    };
    Ok(QueriedDevice {
        info,
        physical_device,
        compute_family,
        features,
    })
}

/// The compute queue family: one with timestamps first, and among those a compute-only family
/// (an async-compute queue) before a graphics+compute one.
fn choose_compute_family(families: &[vk::QueueFamilyProperties]) -> Option<(u32, u32)> {
    families
        .iter()
        .enumerate()
        .filter(|(_, family)| {
            family.queue_count > 0 && family.queue_flags.contains(vk::QueueFlags::COMPUTE)
        })
        .min_by_key(|(index, family)| {
            (
                family.timestamp_valid_bits == 0,
                family.queue_flags.contains(vk::QueueFlags::GRAPHICS),
                *index,
            )
        })
        .map(|(index, family)| (index as u32, family.timestamp_valid_bits))
}

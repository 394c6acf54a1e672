//! `VK_NV_cooperative_matrix2`, declared here because ash 0.38 (Vulkan headers 1.3.281) predates
//! it: the feature and property structs, the flexible-dimensions query, and their conversion
//! to kiln's plain data. Layouts follow the Vulkan registry (`vk.xml`, extension 594).

use std::ffi::{c_void, CStr};

use ash::vk;

use crate::info::{ComponentType, MatrixScope};

/// The extension's name.
pub(crate) const NAME: &CStr = c"VK_NV_cooperative_matrix2";

/// `VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_COOPERATIVE_MATRIX_2_FEATURES_NV`.
const FEATURES_TYPE: vk::StructureType = vk::StructureType::from_raw(1_000_593_000);
/// `VK_STRUCTURE_TYPE_COOPERATIVE_MATRIX_FLEXIBLE_DIMENSIONS_PROPERTIES_NV`.
const FLEXIBLE_DIMENSIONS_TYPE: vk::StructureType = vk::StructureType::from_raw(1_000_593_001);
/// `VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_COOPERATIVE_MATRIX_2_PROPERTIES_NV`.
const PROPERTIES_TYPE: vk::StructureType = vk::StructureType::from_raw(1_000_593_002);

/// `VkPhysicalDeviceCooperativeMatrix2FeaturesNV`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub(crate) struct Features {
    pub s_type: vk::StructureType,
    pub p_next: *mut c_void,
    pub workgroup_scope: vk::Bool32,
    pub flexible_dimensions: vk::Bool32,
    pub reductions: vk::Bool32,
    pub conversions: vk::Bool32,
    pub per_element_operations: vk::Bool32,
    pub tensor_addressing: vk::Bool32,
    pub block_loads: vk::Bool32,
}

impl Default for Features {
    fn default() -> Self {
        Features {
            s_type: FEATURES_TYPE,
            p_next: std::ptr::null_mut(),
            workgroup_scope: vk::FALSE,
            flexible_dimensions: vk::FALSE,
            reductions: vk::FALSE,
            conversions: vk::FALSE,
            per_element_operations: vk::FALSE,
            tensor_addressing: vk::FALSE,
            block_loads: vk::FALSE,
        }
    }
}

// SAFETY: `Features` is `#[repr(C)]`, starts with `sType` / `pNext` like every Vulkan structure,
// and the registry lists it as extending both `VkPhysicalDeviceFeatures2` and
// `VkDeviceCreateInfo`.
unsafe impl vk::ExtendsPhysicalDeviceFeatures2 for Features {}
// SAFETY: as above.
unsafe impl vk::ExtendsDeviceCreateInfo for Features {}

/// `VkPhysicalDeviceCooperativeMatrix2PropertiesNV`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub(crate) struct Properties {
    pub s_type: vk::StructureType,
    pub p_next: *mut c_void,
    pub workgroup_scope_max_workgroup_size: u32,
    pub flexible_dimensions_max_dimension: u32,
    pub workgroup_scope_reserved_shared_memory: u32,
}

impl Default for Properties {
    fn default() -> Self {
        Properties {
            s_type: PROPERTIES_TYPE,
            p_next: std::ptr::null_mut(),
            workgroup_scope_max_workgroup_size: 0,
            flexible_dimensions_max_dimension: 0,
            workgroup_scope_reserved_shared_memory: 0,
        }
    }
}

// SAFETY: `#[repr(C)]` with the Vulkan structure header; the registry lists it as extending
// `VkPhysicalDeviceProperties2`.
unsafe impl vk::ExtendsPhysicalDeviceProperties2 for Properties {}

/// `VkCooperativeMatrixFlexibleDimensionsPropertiesNV`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
struct FlexibleDimensionsRaw {
    s_type: vk::StructureType,
    p_next: *mut c_void,
    m_granularity: u32,
    n_granularity: u32,
    k_granularity: u32,
    a_type: vk::ComponentTypeKHR,
    b_type: vk::ComponentTypeKHR,
    c_type: vk::ComponentTypeKHR,
    result_type: vk::ComponentTypeKHR,
    saturating_accumulation: vk::Bool32,
    scope: vk::ScopeKHR,
    workgroup_invocations: u32,
}

impl Default for FlexibleDimensionsRaw {
    fn default() -> Self {
        FlexibleDimensionsRaw {
            s_type: FLEXIBLE_DIMENSIONS_TYPE,
            p_next: std::ptr::null_mut(),
            m_granularity: 0,
            n_granularity: 0,
            k_granularity: 0,
            a_type: vk::ComponentTypeKHR::FLOAT16,
            b_type: vk::ComponentTypeKHR::FLOAT16,
            c_type: vk::ComponentTypeKHR::FLOAT16,
            result_type: vk::ComponentTypeKHR::FLOAT16,
            saturating_accumulation: vk::FALSE,
            scope: vk::ScopeKHR::SUBGROUP,
            workgroup_invocations: 0,
        }
    }
}

/// `vkGetPhysicalDeviceCooperativeMatrixFlexibleDimensionsPropertiesNV`.
type GetFlexibleDimensions = unsafe extern "system" fn(
    vk::PhysicalDevice,
    *mut u32,
    *mut FlexibleDimensionsRaw,
) -> vk::Result;

/// The limits and shapes a device offers through `VK_NV_cooperative_matrix2` (plain data); its
/// features are in [`crate::DeviceFeatures`] (`cooperative_matrix_workgroup_scope`, ...).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CooperativeMatrix2 {
    /// `cooperativeMatrixWorkgroupScopeMaxWorkgroupSize`.
    pub workgroup_scope_max_workgroup_size: u32,
    /// `cooperativeMatrixFlexibleDimensionsMaxDimension`.
    pub flexible_dimensions_max_dimension: u32,
    /// `cooperativeMatrixWorkgroupScopeReservedSharedMemory` (bytes).
    pub workgroup_scope_reserved_shared_memory: u32,
    /// `vkGetPhysicalDeviceCooperativeMatrixFlexibleDimensionsPropertiesNV`.
    pub flexible_shapes: Vec<FlexibleDimensions>,
}

/// One entry of the flexible-dimensions list: matrices whose M / N / K are multiples of the
/// granularities, with these component types, scope and (for `Workgroup` scope) workgroup size.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FlexibleDimensions {
    pub m_granularity: u32,
    pub n_granularity: u32,
    pub k_granularity: u32,
    pub a_type: ComponentType,
    pub b_type: ComponentType,
    pub c_type: ComponentType,
    pub result_type: ComponentType,
    pub saturating_accumulation: bool,
    pub scope: MatrixScope,
    /// The workgroup size a `Workgroup`-scope matrix of this entry needs.
    pub workgroup_invocations: u32,
}

/// Queries the flexible-dimensions list. `None` when the driver does not expose the entry point.
pub(crate) fn query_flexible_dimensions(
    entry: &ash::Entry,
    instance: &ash::Instance,
    physical_device: vk::PhysicalDevice,
) -> Option<Vec<FlexibleDimensions>> {
    let name = c"vkGetPhysicalDeviceCooperativeMatrixFlexibleDimensionsPropertiesNV";
    // SAFETY: `instance` is live and `name` is NUL-terminated.
    let pointer = unsafe { entry.get_instance_proc_addr(instance.handle(), name.as_ptr()) }?;
    // SAFETY: the loader returned the entry point of exactly this command, whose C signature
    // `GetFlexibleDimensions` mirrors.
    let get: GetFlexibleDimensions = unsafe { std::mem::transmute(pointer) };
    let mut count = 0u32;
    // SAFETY: the standard two-call idiom; a null array asks for the count only.
    let result = unsafe { get(physical_device, &mut count, std::ptr::null_mut()) };
    if result != vk::Result::SUCCESS {
        return None;
    }
    let mut raw = vec![FlexibleDimensionsRaw::default(); count as usize];
    // SAFETY: `raw` holds `count` initialised structs with their sType set.
    let result = unsafe { get(physical_device, &mut count, raw.as_mut_ptr()) };
    if result != vk::Result::SUCCESS && result != vk::Result::INCOMPLETE {
        return None;
    }
    raw.truncate(count as usize);
    Some(
        raw.iter()
            .map(|p| FlexibleDimensions {
                m_granularity: p.m_granularity,
                n_granularity: p.n_granularity,
                k_granularity: p.k_granularity,
                a_type: ComponentType::from_vk(p.a_type),
                b_type: ComponentType::from_vk(p.b_type),
                c_type: ComponentType::from_vk(p.c_type),
                result_type: ComponentType::from_vk(p.result_type),
                saturating_accumulation: p.saturating_accumulation == vk::TRUE,
                scope: MatrixScope::from_vk(p.scope),
                workgroup_invocations: p.workgroup_invocations,
            })
            .collect(),
    )
}

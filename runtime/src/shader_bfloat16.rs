//! `VK_KHR_shader_bfloat16`, declared here because ash 0.38 (Vulkan headers 1.3.281) predates
//! it (the extension came with headers 1.4.311): its name and feature struct. Layout and values
//! follow the Vulkan registry (`vk.xml`, extension 142: `VkPhysicalDeviceShaderBfloat16FeaturesKHR`,
//! `VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_BFLOAT16_FEATURES_KHR = 1000141000`).
//!
//! The features map 1:1 to the SPIR-V capabilities of `SPV_KHR_bfloat16`: `shaderBFloat16Type`
//! to `BFloat16TypeKHR`, `shaderBFloat16CooperativeMatrix` to `BFloat16CooperativeMatrixKHR`,
//! `shaderBFloat16DotProduct` to `BFloat16DotProductKHR` (kiln does not use the last one, so it
//! is never enabled).

use std::ffi::{c_void, CStr};

use ash::vk;

/// The extension's name.
pub(crate) const NAME: &CStr = c"VK_KHR_shader_bfloat16";

/// The Vulkan headers version that introduced the extension (1.4.311): validation layers older
/// than it do not know its structure.
pub(crate) const HEADER_VERSION: u32 = vk::make_api_version(0, 1, 4, 311);

/// `VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_BFLOAT16_FEATURES_KHR`.
const FEATURES_TYPE: vk::StructureType = vk::StructureType::from_raw(1_000_141_000);

/// `VkPhysicalDeviceShaderBfloat16FeaturesKHR`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub(crate) struct Features {
    pub s_type: vk::StructureType,
    pub p_next: *mut c_void,
    pub shader_bfloat16_type: vk::Bool32,
    pub shader_bfloat16_dot_product: vk::Bool32,
    pub shader_bfloat16_cooperative_matrix: vk::Bool32,
}

impl Default for Features {
    fn default() -> Self {
        Features {
            s_type: FEATURES_TYPE,
            p_next: std::ptr::null_mut(),
            shader_bfloat16_type: vk::FALSE,
            shader_bfloat16_dot_product: vk::FALSE,
            shader_bfloat16_cooperative_matrix: vk::FALSE,
        }
    }
}

// SAFETY: `Features` is `#[repr(C)]`, starts with `sType` / `pNext` like every Vulkan structure,
// and the registry lists it as extending both `VkPhysicalDeviceFeatures2` and
// `VkDeviceCreateInfo`.
unsafe impl vk::ExtendsPhysicalDeviceFeatures2 for Features {}
// SAFETY: as above.
unsafe impl vk::ExtendsDeviceCreateInfo for Features {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn features_struct_has_the_registry_layout() {
        // sType (4, padded to 8), pNext (8), three VkBool32 (12, padded to 16).
        assert_eq!(std::mem::size_of::<Features>(), 32);
        assert_eq!(std::mem::offset_of!(Features, p_next), 8);
        assert_eq!(std::mem::offset_of!(Features, shader_bfloat16_type), 16);
        assert_eq!(
            std::mem::offset_of!(Features, shader_bfloat16_dot_product),
            20
        );
        assert_eq!(
            std::mem::offset_of!(Features, shader_bfloat16_cooperative_matrix),
            24
        );
        assert_eq!(Features::default().s_type.as_raw(), 1_000_141_000);
        assert_eq!(NAME.to_str().unwrap(), "VK_KHR_shader_bfloat16");
    }
}

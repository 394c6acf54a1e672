//! Kernels (SPIR-V words + interface description) and the pipelines built from them.
//!
//! Before the driver sees a module, [`Kernel`] checks what would otherwise crash or corrupt a
//! driver: the header (magic, word count), that the entry point exists as a `GLCompute` entry,
//! that every `(set, binding)` the module decorates is declared with the kernel, and that the
//! workgroup size (`LocalSize`) fits the device. Bindings are storage buffers; a pipeline has
//! one descriptor-set layout per set index up to the highest one used.

use std::collections::BTreeMap;
use std::ffi::CString;
use std::sync::Arc;
use std::time::{Duration, Instant};

use ash::vk;

use crate::device::{Device, DeviceShared};
use crate::error::{vk_error, Result, RuntimeError};

/// How a kernel uses a binding; barrier planning reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Access {
    /// Only read (`readonly` / `NonWritable`).
    ReadOnly,
    /// Only written (`writeonly` / `NonReadable`).
    WriteOnly,
    /// Read and written.
    ReadWrite,
}

impl Access {
    /// Whether the kernel may read the binding.
    pub fn reads(self) -> bool {
        matches!(self, Access::ReadOnly | Access::ReadWrite)
    }

    /// Whether the kernel may write the binding.
    pub fn writes(self) -> bool {
        matches!(self, Access::WriteOnly | Access::ReadWrite)
    }
}

/// One storage-buffer binding of a kernel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Binding {
    /// `DescriptorSet` decoration.
    pub set: u32,
    /// `Binding` decoration.
    pub binding: u32,
    /// How the kernel uses it.
    pub access: Access,
    /// `Some(offset)`: the kernel reaches the buffer through its device address (a
    /// `PhysicalStorageBuffer` pointer; `bufferDeviceAddress`), which each dispatch writes into
    /// its push constants at this byte offset (8 bytes, little-endian), instead of a descriptor;
    /// `set` / `binding` then name no descriptor. For buffers past `maxStorageBufferRange`.
    pub address_offset: Option<u32>,
}

impl Binding {
    /// Whether the binding is a descriptor (not a device address).
    pub fn is_descriptor(&self) -> bool {
        self.address_offset.is_none()
    }
}

/// A compute kernel: a SPIR-V module and how to call it. Dispatches pass one buffer per entry
/// of [`bindings`](Self::bindings), in that order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Kernel {
    /// Name used in errors.
    pub name: String,
    /// The SPIR-V module.
    pub spirv: Vec<u32>,
    /// The `OpEntryPoint` name.
    pub entry_point: String,
    /// Storage-buffer bindings, in the order dispatches pass buffers.
    pub bindings: Vec<Binding>,
    /// Size in bytes of the push-constant block (0: none); a multiple of 4.
    pub push_constant_size: u32,
    /// A required subgroup size (`VK_EXT_subgroup_size_control`), if the kernel needs one.
    pub required_subgroup_size: Option<u32>,
}

impl Kernel {
    /// A kernel with entry point `main`, no bindings and no push constants yet.
    pub fn new(name: impl Into<String>, spirv: Vec<u32>) -> Self {
        Kernel {
            name: name.into(),
            spirv,
            entry_point: "main".to_string(),
            bindings: Vec::new(),
            push_constant_size: 0,
            required_subgroup_size: None,
        }
    }

    /// Builds a kernel from a SPIR-V binary (a `.spv` file's bytes), checking its length and
    /// magic number; byte-swapped modules are converted.
    pub fn from_bytes(name: impl Into<String>, bytes: &[u8]) -> Result<Self> {
        let name = name.into();
        let spirv = spirv_words(&name, bytes)?;
        Ok(Kernel::new(name, spirv))
    }

    /// Sets the entry point name.
    pub fn entry_point(mut self, entry_point: impl Into<String>) -> Self {
        self.entry_point = entry_point.into();
        self
    }

    /// Adds a storage-buffer binding (the next buffer of every dispatch).
    pub fn binding(mut self, set: u32, binding: u32, access: Access) -> Self {
        self.bindings.push(Binding {
            set,
            binding,
            access,
            address_offset: None,
        });
        self
    }

    /// Adds a buffer the kernel reaches through its device address, written into the push
    /// constants at byte `push_offset` (the next buffer of every dispatch; see
    /// [`Binding::address_offset`]).
    pub fn address_binding(mut self, push_offset: u32, access: Access) -> Self {
        self.bindings.push(Binding {
            set: 0,
            binding: u32::MAX,
            access,
            address_offset: Some(push_offset),
        });
        self
    }

    /// Sets the push-constant block size in bytes.
    pub fn push_constants(mut self, size: u32) -> Self {
        self.push_constant_size = size;
        self
    }

    /// Requires a subgroup size.
    pub fn subgroup_size(mut self, size: u32) -> Self {
        self.required_subgroup_size = Some(size);
        self
    }

    fn invalid(&self, reason: impl Into<String>) -> RuntimeError {
        RuntimeError::InvalidKernel {
            kernel: self.name.clone(),
            reason: reason.into(),
        }
    }
}

/// Converts SPIR-V bytes into words: the length must be a multiple of 4 and the first word the
/// SPIR-V magic number (in either byte order).
pub fn spirv_words(kernel: &str, bytes: &[u8]) -> Result<Vec<u32>> {
    let invalid = |reason: String| RuntimeError::InvalidKernel {
        kernel: kernel.to_string(),
        reason,
    };
    if bytes.len().checked_rem(4) != Some(0) {
        return Err(invalid(format!(
            "SPIR-V binary of {} bytes is not a whole number of 32-bit words",
            bytes.len()
        )));
    }
    let mut words: Vec<u32> = bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    match words.first() {
        Some(&spirv::MAGIC_NUMBER) => {}
        Some(&word) if word.swap_bytes() == spirv::MAGIC_NUMBER => {
            words.iter_mut().for_each(|w| *w = w.swap_bytes());
        }
        Some(&word) => {
            return Err(invalid(format!(
                "bad magic number {word:#010x} (SPIR-V starts with {:#010x})",
                spirv::MAGIC_NUMBER
            )))
        }
        None => return Err(invalid("empty SPIR-V binary".into())),
    }
    Ok(words)
}

/// What the checks learn from the module.
struct ModuleFacts {
    local_size: Option<[u32; 3]>,
}

/// Checks the module against the kernel description (see the module docs).
fn check_module(kernel: &Kernel) -> Result<ModuleFacts> {
    let words = &kernel.spirv;
    if words.len() < 5 {
        return Err(kernel.invalid(format!(
            "SPIR-V module of {} words is shorter than its 5-word header",
            words.len()
        )));
    }
    if words[0] != spirv::MAGIC_NUMBER {
        return Err(kernel.invalid(format!(
            "bad magic number {:#010x} (SPIR-V starts with {:#010x})",
            words[0],
            spirv::MAGIC_NUMBER
        )));
    }
    let mut entry_id = None;
    let mut compute_entries = Vec::new();
    let mut decorations: BTreeMap<u32, (Option<u32>, Option<u32>)> = BTreeMap::new();
    let mut local_sizes: Vec<(u32, [u32; 3])> = Vec::new();
    let mut position = 5;
    while position < words.len() {
        let word = words[position];
        let count = (word >> 16) as usize;
        let opcode = word & 0xffff;
        if count == 0 || position + count > words.len() {
            return Err(kernel.invalid(format!(
                "malformed instruction at word {position} (word count {count})"
            )));
        }
        let operands = &words[position + 1..position + count];
        if opcode == spirv::Op::EntryPoint as u32 && operands.len() >= 3 {
            let name = literal_string(&operands[2..]);
            if operands[0] == spirv::ExecutionModel::GLCompute as u32 {
                if name == kernel.entry_point {
                    entry_id = Some(operands[1]);
                }
                compute_entries.push(name);
            }
        } else if opcode == spirv::Op::ExecutionMode as u32
            && operands.len() >= 5
            && operands[1] == spirv::ExecutionMode::LocalSize as u32
        {
            local_sizes.push((operands[0], [operands[2], operands[3], operands[4]]));
        } else if opcode == spirv::Op::Decorate as u32 && operands.len() >= 3 {
            let entry = decorations.entry(operands[0]).or_default();
            if operands[1] == spirv::Decoration::DescriptorSet as u32 {
                entry.0 = Some(operands[2]);
            } else if operands[1] == spirv::Decoration::Binding as u32 {
                entry.1 = Some(operands[2]);
            }
        }
        position += count;
    }
    let Some(entry_id) = entry_id else {
        return Err(kernel.invalid(format!(
            "no GLCompute entry point named `{}` (the module has: {})",
            kernel.entry_point,
            if compute_entries.is_empty() {
                "none".to_string()
            } else {
                compute_entries.join(", ")
            }
        )));
    };
    for (set, binding) in decorations.values().filter_map(|d| match d {
        (Some(set), Some(binding)) => Some((*set, *binding)),
        _ => None,
    }) {
        if !kernel
            .bindings
            .iter()
            .any(|b| b.is_descriptor() && b.set == set && b.binding == binding)
        {
            return Err(kernel.invalid(format!(
                "the module uses set {set} binding {binding}, which the kernel does not declare"
            )));
        }
    }
    Ok(ModuleFacts {
        local_size: local_sizes
            .iter()
            .find(|(id, _)| *id == entry_id)
            .map(|(_, size)| *size),
    })
}

fn literal_string(words: &[u32]) -> String {
    let mut bytes = Vec::new();
    'outer: for word in words {
        for byte in word.to_le_bytes() {
            if byte == 0 {
                break 'outer;
            }
            bytes.push(byte);
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// A compute pipeline ready to dispatch. Cloning gives another handle to the same pipeline.
#[derive(Clone)]
pub struct Pipeline {
    pub(crate) inner: Arc<PipelineInner>,
    /// The kernel's name, for errors; kernels deduplicated into one pipeline
    /// ([`Device::create_pipelines`]) share `inner` and keep their own names.
    name: Arc<str>,
}

impl std::fmt::Debug for Pipeline {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pipeline")
            .field("name", &self.name)
            .field("bindings", &self.inner.bindings)
            .field("push_constant_size", &self.inner.push_constant_size)
            .finish()
    }
}

pub(crate) struct PipelineInner {
    pub device: Arc<DeviceShared>,
    pub name: String,
    /// When its creation began and how long the checks, the layouts and
    /// `vkCreateComputePipelines` took.
    pub creation_start: Instant,
    pub creation_time: Duration,
    pub bindings: Vec<Binding>,
    pub push_constant_size: u32,
    pub set_layouts: Vec<vk::DescriptorSetLayout>,
    pub layout: vk::PipelineLayout,
    pub pipeline: vk::Pipeline,
}

impl Pipeline {
    /// The kernel's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Another handle to the same Vulkan pipeline under another kernel's name (a kernel
    /// identical to the one it was built from, see [`Kernel::identity`]).
    pub fn renamed(&self, name: &str) -> Pipeline {
        Pipeline {
            inner: self.inner.clone(),
            name: name.into(),
        }
    }

    /// Whether both handles use the same Vulkan pipeline.
    pub fn shares_pipeline_with(&self, other: &Pipeline) -> bool {
        Arc::ptr_eq(&self.inner, &other.inner)
    }

    /// How long creating this pipeline took on the host (its layouts and
    /// `vkCreateComputePipelines`, the driver's compile on most drivers; lavapipe compiles
    /// at the first dispatch instead).
    pub fn creation_time(&self) -> Duration {
        self.inner.creation_time
    }

    /// When creating this pipeline began.
    pub fn creation_start(&self) -> Instant {
        self.inner.creation_start
    }

    /// The kernel's bindings, in dispatch order.
    pub fn bindings(&self) -> &[Binding] {
        &self.inner.bindings
    }

    /// Push-constant size in bytes.
    pub fn push_constant_size(&self) -> u32 {
        self.inner.push_constant_size
    }
}

/// How a kernel laid out for subgroups of `size` runs on a device with `subgroup` (and
/// `size_control`: whether `subgroupSizeControl` is enabled), `invocations` per workgroup (0:
/// unknown): `Some(size)` pinned through `VK_EXT_subgroup_size_control`, `None` as it is (every
/// subgroup of the device has that size), or refused with why.
///
/// A device whose subgroups have only the kernel's size needs no pinning. Otherwise the size
/// is pinned where the device may require it for compute: inside `minSubgroupSize..=
/// maxSubgroupSize` and, for the workgroup, at most `maxComputeWorkgroupSubgroups` subgroups
/// of it (VUID-VkPipelineShaderStageCreateInfo-pNext-02756).
pub fn subgroup_size_pinning(
    subgroup: &crate::info::SubgroupInfo,
    size_control: bool,
    size: u32,
    invocations: u64,
) -> std::result::Result<Option<u32>, String> {
    let (min, max) = (subgroup.min_size, subgroup.max_size);
    if min == size && max == size && subgroup.size == size {
        return Ok(None);
    }
    let refused = |why: String| {
        Err(format!(
            "laid out for subgroups of {size} invocations, the device's subgroups have \
             {min}-{max} invocations{why}"
        ))
    };
    if !size.is_power_of_two() || size < min || size > max {
        return refused(String::new());
    }
    if !size_control || !subgroup.required_size_in_compute {
        return refused(" and it cannot require a subgroup size for compute".into());
    }
    let most = u64::from(size) * u64::from(subgroup.max_compute_workgroup_subgroups);
    if subgroup.max_compute_workgroup_subgroups > 0 && invocations > most {
        return refused(format!(
            " and a workgroup of {invocations} invocations exceeds its \
             maxComputeWorkgroupSubgroups ({}) at that size",
            subgroup.max_compute_workgroup_subgroups
        ));
    }
    Ok(Some(size))
}

impl Device {
    /// Builds the compute pipeline of `kernel` (through the device's pipeline cache).
    pub fn create_pipeline(&self, kernel: &Kernel) -> Result<Pipeline> {
        let started = Instant::now();
        let shared = &self.shared;
        let info = &shared.info;
        let facts = check_module(kernel)?;
        let unsupported = |what: String| RuntimeError::UnsupportedFeature {
            device: info.name.clone(),
            what: format!("kernel `{}`: {what}", kernel.name),
        };
        if let Some(size) = facts.local_size {
            let limits = &info.limits;
            let invocations = size.iter().map(|&s| u64::from(s)).product::<u64>();
            if size
                .iter()
                .zip(limits.max_compute_work_group_size)
                .any(|(&s, max)| s > max)
                || invocations > u64::from(limits.max_compute_work_group_invocations)
            {
                return Err(unsupported(format!(
                    "workgroup size {size:?} exceeds maxComputeWorkGroupSize {:?} / \
                     maxComputeWorkGroupInvocations {}",
                    limits.max_compute_work_group_size, limits.max_compute_work_group_invocations
                )));
            }
        }
        if kernel.push_constant_size.checked_rem(4) != Some(0) {
            return Err(kernel.invalid(format!(
                "push-constant size {} is not a multiple of 4",
                kernel.push_constant_size
            )));
        }
        if kernel.push_constant_size > info.limits.max_push_constants_size {
            return Err(unsupported(format!(
                "{} bytes of push constants exceed maxPushConstantsSize ({})",
                kernel.push_constant_size, info.limits.max_push_constants_size
            )));
        }
        if kernel.bindings.iter().any(|b| !b.is_descriptor())
            && !shared.enabled.buffer_device_address
        {
            return Err(unsupported(
                "reaches a buffer through its device address, but bufferDeviceAddress is not \
                 enabled on the device"
                    .into(),
            ));
        }
        for binding in &kernel.bindings {
            if let Some(offset) = binding.address_offset {
                if offset % 4 != 0 || u64::from(offset) + 8 > u64::from(kernel.push_constant_size) {
                    return Err(kernel.invalid(format!(
                        "device address at push-constant offset {offset} is not 8 bytes inside \
                         the {}-byte block at a multiple of 4",
                        kernel.push_constant_size
                    )));
                }
            }
        }
        let descriptors: Vec<&Binding> = kernel
            .bindings
            .iter()
            .filter(|b| b.is_descriptor())
            .collect();
        let mut seen = std::collections::HashSet::new();
        for binding in &descriptors {
            if !seen.insert((binding.set, binding.binding)) {
                return Err(kernel.invalid(format!(
                    "set {} binding {} is declared twice",
                    binding.set, binding.binding
                )));
            }
        }
        let set_count = descriptors.iter().map(|b| b.set + 1).max().unwrap_or(0);
        if set_count > info.limits.max_bound_descriptor_sets {
            return Err(unsupported(format!(
                "{set_count} descriptor sets exceed maxBoundDescriptorSets ({})",
                info.limits.max_bound_descriptor_sets
            )));
        }
        if descriptors.len() as u32 > info.limits.max_per_stage_descriptor_storage_buffers {
            return Err(unsupported(format!(
                "{} storage buffers exceed maxPerStageDescriptorStorageBuffers ({})",
                descriptors.len(),
                info.limits.max_per_stage_descriptor_storage_buffers
            )));
        }
        let pinned_subgroup_size = match kernel.required_subgroup_size {
            Some(size) => {
                let invocations = facts
                    .local_size
                    .map_or(0, |s| s.iter().map(|&s| u64::from(s)).product::<u64>());
                subgroup_size_pinning(
                    &info.subgroup,
                    shared.enabled.subgroup_size_control,
                    size,
                    invocations,
                )
                .map_err(unsupported)?
            }
            None => None,
        };
        let entry_point = CString::new(kernel.entry_point.as_str())
            .map_err(|_| kernel.invalid("entry point name contains a NUL byte"))?;

        // Every object goes into `inner` as soon as it exists, so an error drops it cleanly.
        let mut inner = PipelineInner {
            device: shared.clone(),
            name: kernel.name.clone(),
            creation_start: started,
            creation_time: Duration::ZERO,
            bindings: kernel.bindings.clone(),
            push_constant_size: kernel.push_constant_size,
            set_layouts: Vec::new(),
            layout: vk::PipelineLayout::null(),
            pipeline: vk::Pipeline::null(),
        };
        let device = &shared.device;
        for set in 0..set_count {
            let layout_bindings: Vec<vk::DescriptorSetLayoutBinding> = descriptors
                .iter()
                .filter(|b| b.set == set)
                .map(|b| {
                    vk::DescriptorSetLayoutBinding::default()
                        .binding(b.binding)
                        .descriptor_type(vk::DescriptorType::STORAGE_BUFFER)
                        .descriptor_count(1)
                        .stage_flags(vk::ShaderStageFlags::COMPUTE)
                })
                .collect();
            // SAFETY: valid create-info with distinct binding numbers (checked above).
            let layout = unsafe {
                device.create_descriptor_set_layout(
                    &vk::DescriptorSetLayoutCreateInfo::default().bindings(&layout_bindings),
                    None,
                )
            }
            .map_err(vk_error("vkCreateDescriptorSetLayout"))?;
            inner.set_layouts.push(layout);
        }
        let push_ranges = [vk::PushConstantRange::default()
            .stage_flags(vk::ShaderStageFlags::COMPUTE)
            .offset(0)
            .size(kernel.push_constant_size)];
        let push_ranges: &[vk::PushConstantRange] = if kernel.push_constant_size > 0 {
            &push_ranges
        } else {
            &[]
        };
        // SAFETY: the set layouts are live; the push range fits maxPushConstantsSize.
        inner.layout = unsafe {
            device.create_pipeline_layout(
                &vk::PipelineLayoutCreateInfo::default()
                    .set_layouts(&inner.set_layouts)
                    .push_constant_ranges(push_ranges),
                None,
            )
        }
        .map_err(vk_error("vkCreatePipelineLayout"))?;

        // SAFETY: the code passed the header and structure checks above.
        let module = unsafe {
            device.create_shader_module(
                &vk::ShaderModuleCreateInfo::default().code(&kernel.spirv),
                None,
            )
        }
        .map_err(vk_error("vkCreateShaderModule"))?;
        let mut subgroup_size = vk::PipelineShaderStageRequiredSubgroupSizeCreateInfo::default()
            .required_subgroup_size(pinned_subgroup_size.unwrap_or(0));
        let mut stage = vk::PipelineShaderStageCreateInfo::default()
            .stage(vk::ShaderStageFlags::COMPUTE)
            .module(module)
            .name(&entry_point);
        if pinned_subgroup_size.is_some() {
            stage = stage.push_next(&mut subgroup_size);
        }
        // A pipeline the driver finds in the cache may come without statistics (RADV, for one,
        // skips its cache when they are asked for), so capturing pipelines bypass it; they
        // are a diagnostic mode, recompiling is fine.
        let (flags, cache) = if shared.executable_properties.is_some() {
            (
                vk::PipelineCreateFlags::CAPTURE_STATISTICS_KHR
                    | vk::PipelineCreateFlags::CAPTURE_INTERNAL_REPRESENTATIONS_KHR,
                vk::PipelineCache::null(),
            )
        } else {
            (vk::PipelineCreateFlags::empty(), shared.pipeline_cache)
        };
        let create_info = [vk::ComputePipelineCreateInfo::default()
            .flags(flags)
            .stage(stage)
            .layout(inner.layout)];
        crate::instance::trace(&format!("create pipeline `{}`", kernel.name));
        let created = {
            // Many threads may create pipelines at once (`create_pipelines`): the cache is
            // internally synchronized (it is not created EXTERNALLY_SYNCHRONIZED); the read
            // guard only keeps a merge into it (which needs exclusive access) out meanwhile.
            let _cache_guard = shared.pipeline_cache_readers();
            // SAFETY: module, layout and cache (or no cache) are live objects of this device;
            // the entry point exists in the module (checked), the subgroup size is supported
            // (checked) and the CAPTURE_ flags are set only with `pipelineExecutableInfo`
            // enabled. Nothing else uses this call's module and layout.
            unsafe { device.create_compute_pipelines(cache, &create_info, None) }
        };
        crate::instance::trace(&format!("pipeline `{}` created", kernel.name));
        // SAFETY: the module is only needed during pipeline creation.
        unsafe { device.destroy_shader_module(module, None) };
        inner.pipeline = created
            .map_err(|(_, result)| RuntimeError::from_vk("vkCreateComputePipelines", result))?[0];
        inner.creation_time = started.elapsed();
        Ok(Pipeline {
            inner: Arc::new(inner),
            name: kernel.name.as_str().into(),
        })
    }
}

impl Drop for PipelineInner {
    fn drop(&mut self) {
        let device = &self.device.device;
        // SAFETY: schedules hold a handle to the pipeline while their command buffers may run,
        // so nothing uses these objects any more; null handles are accepted.
        unsafe {
            device.destroy_pipeline(self.pipeline, None);
            device.destroy_pipeline_layout(self.layout, None);
            for layout in &self.set_layouts {
                device.destroy_descriptor_set_layout(*layout, None);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A kernel laid out for one subgroup size: pinned where the device may require it, run as
    /// it is where every subgroup has that size, refused (with the sizes) otherwise.
    #[test]
    fn subgroup_sizes_are_pinned_accepted_or_refused() {
        let device = |size, min, max, required_size_in_compute| crate::info::SubgroupInfo {
            size,
            min_size: min,
            max_size: max,
            operations: crate::info::SubgroupOperations::default(),
            compute_stage: true,
            quad_operations_in_all_stages: false,
            max_compute_workgroup_subgroups: 32,
            required_size_in_compute,
        };
        let lavapipe = device(8, 8, 8, true);
        assert_eq!(subgroup_size_pinning(&lavapipe, true, 8, 64), Ok(None));
        assert_eq!(subgroup_size_pinning(&lavapipe, false, 8, 64), Ok(None));
        let error = subgroup_size_pinning(&lavapipe, true, 32, 256).unwrap_err();
        assert!(
            error.contains("subgroups of 32 invocations") && error.contains("8-8 invocations"),
            "{error}"
        );
        let varying = device(32, 8, 32, true);
        assert_eq!(subgroup_size_pinning(&varying, true, 16, 256), Ok(Some(16)));
        assert_eq!(
            subgroup_size_pinning(&varying, true, 32, 1024),
            Ok(Some(32))
        );
        let error = subgroup_size_pinning(&varying, false, 16, 256).unwrap_err();
        assert!(error.contains("cannot require a subgroup size"), "{error}");
        let error = subgroup_size_pinning(&device(32, 8, 32, false), true, 16, 256).unwrap_err();
        assert!(error.contains("cannot require a subgroup size"), "{error}");
        let error = subgroup_size_pinning(&varying, true, 8, 1024).unwrap_err();
        assert!(
            error.contains("maxComputeWorkgroupSubgroups (32)"),
            "{error}"
        );
        let error = subgroup_size_pinning(&varying, true, 64, 64).unwrap_err();
        assert!(error.contains("8-32 invocations"), "{error}");
        assert!(subgroup_size_pinning(&varying, true, 12, 48).is_err());
    }

    #[test]
    fn rejects_lengths_that_are_not_whole_words() {
        let error = spirv_words("k", &[3, 2, 35, 7, 0, 0, 1]).unwrap_err();
        assert!(error.to_string().contains("not a whole number"), "{error}");
    }

    #[test]
    fn rejects_bad_magic_and_accepts_swapped_magic() {
        let error = spirv_words("k", &[0, 0, 0, 0]).unwrap_err();
        assert!(error.to_string().contains("bad magic"), "{error}");
        let swapped = spirv::MAGIC_NUMBER.to_be_bytes();
        assert_eq!(
            spirv_words("k", &swapped).unwrap(),
            vec![spirv::MAGIC_NUMBER]
        );
    }

    #[test]
    fn module_checks_name_the_problem() {
        let header = vec![spirv::MAGIC_NUMBER, 0x0001_0300, 0, 10, 0];
        let short = Kernel::new("short", header[..3].to_vec());
        assert!(check_module(&short).is_err());
        let no_entry = Kernel::new("empty", header.clone());
        let error = check_module(&no_entry).err().unwrap().to_string();
        assert!(
            error.contains("no GLCompute entry point named `main`"),
            "{error}"
        );
        let mut truncated = header;
        truncated.push(5 << 16 | spirv::Op::EntryPoint as u32);
        let error = check_module(&Kernel::new("t", truncated))
            .err()
            .unwrap()
            .to_string();
        assert!(error.contains("malformed instruction at word 5"), "{error}");
    }
}

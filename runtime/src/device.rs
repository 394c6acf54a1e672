//! The logical device: one compute queue, a gpu-allocator `Allocator`, a small transfer context
//! for staged uploads and downloads, and a pipeline cache persisted under the user's cache dir.
//!
//! [`Device`] is a cheap handle around shared state; buffers, pipelines and schedules keep that
//! state alive, so Vulkan objects are always destroyed children-first: the last handle to go
//! waits for the device to be idle, saves the pipeline cache, frees the allocator's memory,
//! destroys the device and finally the instance.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard, RwLock, RwLockReadGuard, RwLockWriteGuard};
use std::time::Duration;

use ash::vk;
use gpu_allocator::vulkan::{Allocation, Allocator, AllocatorCreateDesc};

use crate::error::{vk_error, Result, RuntimeError};
use crate::info::{query_device, DeviceFeatures, DeviceInfo, DeviceType};
use crate::instance::{lifecycle_lock, trace, InstanceContext};
use crate::selection::DeviceSelector;

/// The environment variable that turns validation on when [`DeviceConfig::validation`] is
/// `None`: `1`, `true`, `yes` or `on`.
pub const VALIDATE_ENV: &str = "KILN_VALIDATE";

/// The environment variable that turns pipeline-statistics capture on when
/// [`DeviceConfig::capture_statistics`] is `None`: `1`, `true`, `yes` or `on`.
pub const PIPELINE_STATS_ENV: &str = "KILN_PIPELINE_STATS";

/// The environment variable that overrides [`DeviceConfig::timeout`]: seconds, e.g. `600` or
/// `0.5`.
pub const TIMEOUT_ENV: &str = "KILN_GPU_TIMEOUT";

/// The environment variable that turns the bounds-checking mode on when
/// [`DeviceConfig::check_bounds`] is `None`: `1`, `true`, `yes` or `on`.
pub const CHECK_BOUNDS_ENV: &str = "KILN_CHECK_BOUNDS";

/// Where the pipeline cache lives.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum PipelineCacheLocation {
    /// `dirs::cache_dir()/kiln/pipeline-cache-<vendor>-<device>-<driver>.bin`.
    #[default]
    UserCache,
    /// The same file name in this folder.
    Directory(PathBuf),
    /// An in-memory cache only.
    Disabled,
}

/// How buffers are placed in memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum MemoryStrategy {
    /// Device-local memory with staging copies on discrete GPUs; mapped host-visible memory on
    /// CPU devices and unified-memory GPUs.
    #[default]
    Auto,
    /// Always mapped host-visible memory.
    Mapped,
    /// Always device-local memory with staging copies (useful to test that path anywhere).
    Staged,
}

/// How to create a [`Device`]. `DeviceConfig::default()` follows the environment
/// (`KILN_DEVICE`, `KILN_VALIDATE`, `KILN_PIPELINE_STATS`).
#[derive(Debug, Clone, PartialEq)]
pub struct DeviceConfig {
    /// Which device; `None` reads `KILN_DEVICE` (automatic choice when unset).
    pub selector: Option<DeviceSelector>,
    /// Khronos validation layer; `None` reads `KILN_VALIDATE`.
    pub validation: Option<bool>,
    /// Where the pipeline cache is kept.
    pub pipeline_cache: PipelineCacheLocation,
    /// Buffer placement.
    pub memory: MemoryStrategy,
    /// The longest any wait for the GPU may take before [`RuntimeError::Timeout`].
    /// `KILN_GPU_TIMEOUT` (seconds) overrides it and `first_run_allowance`: with it set, every
    /// wait has exactly that limit.
    pub timeout: Duration,
    /// How much longer than `timeout` the first run of a schedule may take per dispatch
    /// (default [`FIRST_RUN_ALLOWANCE`]): a driver may compile each pipeline at its first
    /// dispatch (lavapipe runs LLVM then), which a cold shader cache makes slow.
    pub first_run_allowance: Duration,
    /// How long [`crate::Schedule::run`] polls the fence before sleeping in
    /// `vkWaitForFences`; `None` picks 200 us on GPUs and 0 on CPU devices (where polling
    /// would take a core from the driver). Polling avoids the wake-up latency of a blocking
    /// wait, which dominates the host overhead of short runs.
    pub spin_wait: Option<Duration>,
    /// Create pipelines with `VK_PIPELINE_CREATE_CAPTURE_STATISTICS_BIT_KHR`, so that
    /// [`crate::Pipeline::statistics`] returns what the driver reports (registers, spills,
    /// ...); `None` reads `KILN_PIPELINE_STATS` (off when unset). Takes effect only where the
    /// device has `pipelineExecutableInfo` ([`Device::captures_statistics`] tells); without it
    /// the extension is not even enabled. Such pipelines bypass the pipeline cache: a cached
    /// pipeline may come back without them.
    pub capture_statistics: Option<bool>,
    /// The bounds-checking mode: every buffer is surrounded by guard regions of a known
    /// pattern, checked after each dispatch of every run, and a dispatch that wrote into one
    /// fails the run with [`RuntimeError::OutOfBounds`] naming the dispatch and the binding.
    /// `None` reads `KILN_CHECK_BOUNDS`; unset, it is on in debug builds (every test) and off
    /// in release builds.
    pub check_bounds: Option<bool>,
    /// Whether a run may also take as long as its dispatches' declared work
    /// ([`crate::Schedule::allow_for_work`]) needs at a floor throughput far below any real
    /// device's ([`WORK_FLOOR_CPU`] on CPU devices, [`WORK_FLOOR_GPU`] elsewhere), on top of
    /// `timeout`: a large batch on lavapipe is slow, not hung. `KILN_GPU_TIMEOUT` turns it off.
    pub scale_timeout_with_work: bool,
}

/// What [`Device::memory_in_use`] reports.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MemoryInUse {
    /// Live allocations.
    pub allocations: usize,
    /// Bytes those allocations use.
    pub allocated_bytes: u64,
    /// Bytes of the memory blocks they are carved from (`vkAllocateMemory`s).
    pub reserved_bytes: u64,
}

/// A throughput below which a run is taken for hung: floating-point (or integer) operations
/// and bytes per second.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WorkFloor {
    pub flops_per_second: f64,
    pub bytes_per_second: f64,
}

/// The floor on CPU devices: lavapipe on one busy core runs kiln's kernels at 1-20 GFLOP/s.
pub const WORK_FLOOR_CPU: WorkFloor = WorkFloor {
    flops_per_second: 1.0e8,
    bytes_per_second: 1.0e8,
};

/// The floor on GPUs (and every other device type): 100x below a small integrated GPU.
pub const WORK_FLOOR_GPU: WorkFloor = WorkFloor {
    flops_per_second: 1.0e9,
    bytes_per_second: 1.0e9,
};

/// The most a schedule's declared work may add to its wait (a hostile artifact may declare
/// any amount).
pub const MAX_WORK_ALLOWANCE: Duration = Duration::from_secs(3600);

impl Default for DeviceConfig {
    fn default() -> Self {
        DeviceConfig {
            selector: None,
            validation: None,
            pipeline_cache: PipelineCacheLocation::UserCache,
            memory: MemoryStrategy::Auto,
            timeout: Duration::from_secs(60),
            first_run_allowance: FIRST_RUN_ALLOWANCE,
            spin_wait: None,
            capture_statistics: None,
            check_bounds: None,
            scale_timeout_with_work: true,
        }
    }
}

/// The default [`DeviceConfig::first_run_allowance`]: the slowest kernel compile seen on
/// lavapipe was 25 s (a 90k-word kernel, since made small); kiln's kernels compile in 1-2 s.
pub const FIRST_RUN_ALLOWANCE: Duration = Duration::from_secs(20);

impl DeviceConfig {
    /// Whether this configuration turns the bounds-checking mode on: `check_bounds`, else
    /// `KILN_CHECK_BOUNDS` (`1` / `0`), else on in builds with debug assertions (so that every
    /// device test runs under it) and off in release builds.
    pub fn check_bounds_enabled(&self) -> bool {
        self.check_bounds
            .unwrap_or_else(|| match std::env::var(CHECK_BOUNDS_ENV) {
                Ok(_) => environment_flag(CHECK_BOUNDS_ENV),
                Err(_) => cfg!(debug_assertions),
            })
    }

    /// The timeout and the first-run allowance after `KILN_GPU_TIMEOUT`.
    pub fn effective_timeout(&self) -> Result<(Duration, Duration)> {
        let Some(value) = std::env::var_os(TIMEOUT_ENV) else {
            return Ok((self.timeout, self.first_run_allowance));
        };
        let value = value.to_string_lossy();
        value
            .trim()
            .parse::<f64>()
            .ok()
            .filter(|seconds| seconds.is_finite() && *seconds > 0.0 && *seconds < 1e9)
            .map(|seconds| (Duration::from_secs_f64(seconds), Duration::ZERO))
            .ok_or_else(|| RuntimeError::InvalidSetting {
                setting: TIMEOUT_ENV.into(),
                reason: format!("`{value}` is not a positive number of seconds"),
            })
    }

    /// Whether this configuration turns the validation layer on.
    pub fn validation_enabled(&self) -> bool {
        self.validation
            .unwrap_or_else(|| environment_flag(VALIDATE_ENV))
    }

    /// Whether this configuration asks for pipeline statistics (the device may still lack
    /// them).
    pub fn statistics_capture_requested(&self) -> bool {
        self.capture_statistics
            .unwrap_or_else(|| environment_flag(PIPELINE_STATS_ENV))
    }
}

/// Whether the environment variable `name` is set to `1`, `true`, `yes` or `on`.
fn environment_flag(name: &str) -> bool {
    std::env::var(name).is_ok_and(|value| {
        matches!(
            value.trim().to_ascii_lowercase().as_str(),
            "1" | "true" | "yes" | "on"
        )
    })
}

/// Lists every Vulkan device with its properties, in enumeration order (the order `--device
/// <index>` refers to).
pub fn enumerate_devices() -> Result<Vec<DeviceInfo>> {
    let context = InstanceContext::new(false)?;
    context
        .physical_devices()?
        .into_iter()
        .enumerate()
        .map(|(index, physical)| query_device(&context, physical, index).map(|q| q.info))
        .collect()
}

/// A logical device ready to run kernels. Cloning gives another handle to the same device.
#[derive(Clone)]
pub struct Device {
    pub(crate) shared: Arc<DeviceShared>,
}

impl std::fmt::Debug for Device {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Device")
            .field("name", &self.shared.info.name)
            .field("staged", &self.shared.staged)
            .field("validation", &self.validation_enabled())
            .finish()
    }
}

/// A host-visible buffer for staged copies, kept between transfers.
pub(crate) struct StagingBuffer {
    pub buffer: vk::Buffer,
    pub allocation: Allocation,
    pub size: u64,
}

/// The command buffer, fence and staging buffers of staged uploads and downloads.
pub(crate) struct TransferContext {
    pool: vk::CommandPool,
    command_buffer: vk::CommandBuffer,
    fence: vk::Fence,
    /// A submission timed out and may still run: wait for it before reusing anything here.
    in_flight: bool,
    /// Staging buffers for uploads (write-combined) and downloads (cached), grown on demand
    /// up to [`STAGING_CHUNK`] bytes.
    pub upload_staging: Option<StagingBuffer>,
    pub download_staging: Option<StagingBuffer>,
}

/// Staged copies move at most this many bytes per submission, so a staging buffer never
/// exceeds it.
pub(crate) const STAGING_CHUNK: u64 = 64 << 20;

pub(crate) struct DeviceShared {
    pub info: DeviceInfo,
    /// Features enabled on the logical device.
    pub enabled: DeviceFeatures,
    pub device: ash::Device,
    pub queue_family: u32,
    queue: Mutex<vk::Queue>,
    pub timestamp_valid_bits: u32,
    allocator: Mutex<Option<Allocator>>,
    transfer: Mutex<TransferContext>,
    pub pipeline_cache: vk::PipelineCache,
    /// How long each step of `Device::new` took.
    creation_phases: Vec<(&'static str, Duration)>,
    /// Held shared while pipelines are built through `pipeline_cache` (any number at once:
    /// the cache synchronizes itself) and exclusively while another cache is merged into it
    /// (`vkMergePipelineCaches` needs its destination externally synchronized).
    pipeline_cache_access: RwLock<()>,
    cache_path: Option<PathBuf>,
    /// Buffers live in device-local memory and go through staging copies.
    pub staged: bool,
    pub timeout: Duration,
    pub first_run_allowance: Duration,
    /// The throughput floor that turns declared work into extra wait time; `None` when
    /// waits have exactly `timeout` (see [`DeviceConfig::scale_timeout_with_work`]).
    pub work_floor: Option<WorkFloor>,
    /// The bounds-checking mode ([`DeviceConfig::check_bounds`]).
    pub check_bounds: bool,
    pub spin_wait: Duration,
    /// The VK_KHR_pipeline_executable_properties entry points, when `pipelineExecutableInfo`
    /// is enabled (only when statistics capture was asked for): then pipelines are created
    /// with `CAPTURE_STATISTICS_KHR`.
    pub executable_properties: Option<ash::khr::pipeline_executable_properties::Device>,
    /// Declared last: the instance is destroyed after everything above.
    context: InstanceContext,
}

impl Device {
    /// Creates the device `config` selects, with every kernel-relevant feature it has enabled.
    pub fn new(config: &DeviceConfig) -> Result<Device> {
        let validation = config.validation_enabled();
        let (timeout, first_run_allowance) = config.effective_timeout()?;
        let mut phases = PhaseClock::start();
        let context = InstanceContext::new(validation)?;
        phases.end("instance");
        let mut queried = context
            .physical_devices()?
            .into_iter()
            .enumerate()
            .map(|(index, physical)| query_device(&context, physical, index))
            .collect::<Result<Vec<_>>>()?;
        let infos: Vec<DeviceInfo> = queried.iter().map(|q| q.info.clone()).collect();
        let selector = config
            .selector
            .clone()
            .unwrap_or_else(DeviceSelector::from_env);
        let chosen = selector.select(&infos)?.index;
        let mut chosen = queried.swap_remove(chosen);
        phases.end("physical devices");
        let info = chosen.info.clone();
        let Some((queue_family, timestamp_valid_bits)) = chosen.compute_family else {
            return Err(RuntimeError::UnsupportedFeature {
                device: info.name.clone(),
                what: "no queue family supports compute".into(),
            });
        };

        let wanted_extensions = [
            ash::khr::_16bit_storage::NAME,
            ash::khr::_8bit_storage::NAME,
            ash::khr::storage_buffer_storage_class::NAME,
            ash::khr::shader_float16_int8::NAME,
            ash::khr::buffer_device_address::NAME,
            ash::khr::vulkan_memory_model::NAME,
            ash::khr::shader_subgroup_extended_types::NAME,
            ash::khr::shader_integer_dot_product::NAME,
            ash::khr::driver_properties::NAME,
            ash::ext::subgroup_size_control::NAME,
            ash::khr::cooperative_matrix::NAME,
            crate::cooperative_matrix2::NAME,
            crate::shader_bfloat16::NAME,
            ash::ext::shader_atomic_float::NAME,
            ash::ext::robustness2::NAME,
            ash::khr::pipeline_executable_properties::NAME,
            // Required whenever a portability (e.g. MoltenVK) driver offers it.
            ash::khr::portability_subset::NAME,
        ];
        // Validation layers older than an extension reject its structures as unknown, so under
        // such a layer the extension stays off (VK_KHR_cooperative_matrix: headers 1.3.255).
        let layer_predates_cooperative_matrix = context
            .validation_layer_version
            .is_some_and(|version| version < vk::make_api_version(0, 1, 3, 255));
        if layer_predates_cooperative_matrix && chosen.features.cooperative_matrix.is_some() {
            eprintln!(
                "kiln: the installed validation layer predates VK_KHR_cooperative_matrix; the \
                 extension stays disabled while validating"
            );
            chosen.features.cooperative_matrix = None;
            chosen.features.cooperative_matrix2 = None;
        }
        let layer_predates_bfloat16 = context
            .validation_layer_version
            .is_some_and(|version| version < crate::shader_bfloat16::HEADER_VERSION);
        if layer_predates_bfloat16 && chosen.features.shader_bfloat16.is_some() {
            eprintln!(
                "kiln: the installed validation layer predates VK_KHR_shader_bfloat16; the \
                 extension stays disabled while validating"
            );
            chosen.features.shader_bfloat16 = None;
        }
        // `shaderBFloat16CooperativeMatrix` builds on VK_KHR_cooperative_matrix, which may have
        // been turned off above.
        if chosen.features.cooperative_matrix.is_none() {
            if let Some(bfloat16) = chosen.features.shader_bfloat16.as_mut() {
                bfloat16.shader_bfloat16_cooperative_matrix = vk::FALSE;
            }
        }
        // Statistics capture is a diagnostic mode: the extension stays off unless asked for, so
        // that ordinary runs give the driver nothing extra to keep.
        let capture_requested = config.statistics_capture_requested();
        if !capture_requested {
            chosen.features.pipeline_executable_properties = None;
        }
        // In the bounds-checking mode, robustBufferAccess2 (where the device has it) turns a
        // stray access beyond a binding's range (guards included) into a dropped store or a
        // zero load, so it cannot reach other memory; the guards still catch the near ones.
        let check_bounds = config.check_bounds_enabled();
        chosen.features.restrict_to_compute_needs(check_bounds);
        let robust = chosen.features.robustness2.is_some();
        let extension_pointers: Vec<*const std::ffi::c_char> = wanted_extensions
            .iter()
            .filter(|name| info.has_extension(&name.to_string_lossy()))
            .filter(|name| {
                capture_requested || **name != ash::khr::pipeline_executable_properties::NAME
            })
            .filter(|name| {
                !(layer_predates_cooperative_matrix
                    && (**name == ash::khr::cooperative_matrix::NAME
                        || **name == crate::cooperative_matrix2::NAME))
            })
            .filter(|name| !(layer_predates_bfloat16 && **name == crate::shader_bfloat16::NAME))
            .filter(|name| robust || **name != ash::ext::robustness2::NAME)
            .map(|name| name.as_ptr())
            .collect();

        let enabled = chosen.features.summary();
        let priorities = [1.0f32];
        let queue_infos = [vk::DeviceQueueCreateInfo::default()
            .queue_family_index(queue_family)
            .queue_priorities(&priorities)];
        let mut features2 = vk::PhysicalDeviceFeatures2::default();
        let create_info = vk::DeviceCreateInfo::default()
            .queue_create_infos(&queue_infos)
            .enabled_extension_names(&extension_pointers);
        let create_info = chosen.features.chain_into(create_info, &mut features2);
        let device = {
            let _lifecycle = lifecycle_lock();
            trace("create device");
            // SAFETY: the physical device belongs to `context.instance`; every extension is
            // listed by the device and every chained feature struct is core or backed by a
            // listed extension and holds only supported features (as queried).
            unsafe {
                context
                    .instance
                    .create_device(chosen.physical_device, &create_info, None)
            }
        }
        .map_err(vk_error("vkCreateDevice"))?;
        trace("device created");
        phases.end("vkCreateDevice");
        // SAFETY: the family was requested with one queue in `create_info`.
        let queue = unsafe { device.get_device_queue(queue_family, 0) };

        let staged = match config.memory {
            MemoryStrategy::Auto => {
                info.device_type == DeviceType::DiscreteGpu && !info.unified_memory
            }
            MemoryStrategy::Mapped => false,
            MemoryStrategy::Staged => true,
        };
        let cache_path = pipeline_cache_path(&config.pipeline_cache, &info);
        let info_is_cpu = info.device_type == DeviceType::Cpu;
        let executable_properties = enabled.pipeline_executable_info.then(|| {
            ash::khr::pipeline_executable_properties::Device::new(&context.instance, &device)
        });
        // From here on, `shared`'s Drop cleans up whatever was created if a step fails.
        let mut shared = DeviceShared {
            info,
            enabled,
            device: device.clone(),
            queue_family,
            queue: Mutex::new(queue),
            timestamp_valid_bits,
            allocator: Mutex::new(None),
            transfer: Mutex::new(TransferContext {
                pool: vk::CommandPool::null(),
                command_buffer: vk::CommandBuffer::null(),
                fence: vk::Fence::null(),
                in_flight: false,
                upload_staging: None,
                download_staging: None,
            }),
            pipeline_cache: vk::PipelineCache::null(),
            pipeline_cache_access: RwLock::new(()),
            creation_phases: Vec::new(),
            cache_path,
            staged,
            timeout,
            first_run_allowance,
            work_floor: (config.scale_timeout_with_work && std::env::var_os(TIMEOUT_ENV).is_none())
                .then_some(if info_is_cpu {
                    WORK_FLOOR_CPU
                } else {
                    WORK_FLOOR_GPU
                }),
            check_bounds,
            spin_wait: config.spin_wait.unwrap_or(if info_is_cpu {
                Duration::ZERO
            } else {
                Duration::from_micros(200)
            }),
            executable_properties,
            context,
        };

        let allocator = Allocator::new(&AllocatorCreateDesc {
            instance: shared.context.instance.clone(),
            device: device.clone(),
            physical_device: chosen.physical_device,
            debug_settings: Default::default(),
            buffer_device_address: shared.enabled.buffer_device_address,
            allocation_sizes: Default::default(),
        })
        .map_err(|error| RuntimeError::OutOfMemory {
            what: format!("creating the memory allocator ({error})"),
        })?;
        *lock(&shared.allocator) = Some(allocator);

        {
            let transfer = shared
                .transfer
                .get_mut()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            // SAFETY: `device` is valid; the pool is destroyed in `DeviceShared::drop`.
            transfer.pool = unsafe {
                device.create_command_pool(
                    &vk::CommandPoolCreateInfo::default()
                        .queue_family_index(queue_family)
                        .flags(vk::CommandPoolCreateFlags::RESET_COMMAND_BUFFER),
                    None,
                )
            }
            .map_err(vk_error("vkCreateCommandPool"))?;
            // SAFETY: the pool was just created on this device.
            transfer.command_buffer = unsafe {
                device.allocate_command_buffers(
                    &vk::CommandBufferAllocateInfo::default()
                        .command_pool(transfer.pool)
                        .level(vk::CommandBufferLevel::PRIMARY)
                        .command_buffer_count(1),
                )
            }
            .map_err(vk_error("vkAllocateCommandBuffers"))?[0];
            // SAFETY: `device` is valid.
            transfer.fence = unsafe { device.create_fence(&vk::FenceCreateInfo::default(), None) }
                .map_err(vk_error("vkCreateFence"))?;
        }
        phases.end("allocator and transfer context");

        let initial_data = shared
            .cache_path
            .as_deref()
            .map(|path| read_pipeline_cache(path, &shared.info))
            .unwrap_or_default();
        // SAFETY: `initial_data` is empty or carries a header matching this device (checked in
        // `read_pipeline_cache`), which is what the driver needs to accept or ignore it.
        shared.pipeline_cache = unsafe {
            device.create_pipeline_cache(
                &vk::PipelineCacheCreateInfo::default().initial_data(&initial_data),
                None,
            )
        }
        .map_err(vk_error("vkCreatePipelineCache"))?;
        phases.end("pipeline cache read");
        shared.creation_phases = phases.phases;

        Ok(Device {
            shared: Arc::new(shared),
        })
    }

    /// How long each step of creating this device took (instance, physical device queries,
    /// `vkCreateDevice`, allocator, pipeline cache read), in order.
    pub fn creation_phases(&self) -> &[(&'static str, Duration)] {
        &self.shared.creation_phases
    }

    /// The properties of the device in use.
    pub fn info(&self) -> &DeviceInfo {
        &self.shared.info
    }

    /// The optional features enabled on this device (the supported subset kernels may use).
    pub fn enabled_features(&self) -> &DeviceFeatures {
        &self.shared.enabled
    }

    /// Whether the Khronos validation layer is on for this device.
    pub fn validation_enabled(&self) -> bool {
        self.shared.context.validation_log.is_some()
    }

    /// Whether the validation layer also checks synchronization (missing barriers).
    pub fn validation_checks_synchronization(&self) -> bool {
        self.shared.context.synchronization_validation
    }

    /// Errors the validation layer reported so far (always empty without validation). Tests
    /// assert this is empty after their work.
    pub fn validation_errors(&self) -> Vec<String> {
        self.shared.context.validation_errors()
    }

    /// Whether pipelines are created with statistics capture: [`DeviceConfig::capture_statistics`]
    /// (or `KILN_PIPELINE_STATS`) asked for it and the device has `pipelineExecutableInfo`
    /// (VK_KHR_pipeline_executable_properties).
    pub fn captures_statistics(&self) -> bool {
        self.shared.executable_properties.is_some()
    }

    /// Whether buffers are device-local with staging copies (`false`: mapped host memory).
    pub fn uses_staging(&self) -> bool {
        self.shared.staged
    }

    /// The pipeline cache file, when the cache is persisted.
    pub fn pipeline_cache_path(&self) -> Option<&Path> {
        self.shared.cache_path.as_deref()
    }

    /// The device memory kiln's allocator holds now: what the live allocations (buffers,
    /// staging, guards) use and what its memory blocks reserve. Driver-internal memory
    /// (pipelines, descriptor pools, command buffers) is not counted.
    pub fn memory_in_use(&self) -> MemoryInUse {
        let allocator = self.shared.allocator();
        let Some(allocator) = allocator.as_ref() else {
            return MemoryInUse::default();
        };
        let report = allocator.generate_report();
        MemoryInUse {
            allocations: report.allocations.len(),
            allocated_bytes: report.total_allocated_bytes,
            reserved_bytes: report.total_capacity_bytes,
        }
    }

    /// Writes the pipeline cache to its file now (it is also written when the device goes).
    pub fn save_pipeline_cache(&self) -> Result<()> {
        self.shared.save_pipeline_cache()
    }
}

impl DeviceShared {
    /// The transfer context, after any timed-out transfer has finished.
    pub fn transfer(&self, what: &str) -> Result<MutexGuard<'_, TransferContext>> {
        let mut transfer = lock(&self.transfer);
        if transfer.in_flight {
            self.wait_fence(transfer.fence, what)?;
            transfer.in_flight = false;
        }
        Ok(transfer)
    }

    /// Runs `record` in the transfer command buffer and waits for it (staged copies).
    pub fn submit_and_wait(
        &self,
        transfer: &mut TransferContext,
        what: &str,
        record: impl FnOnce(&ash::Device, vk::CommandBuffer),
    ) -> Result<()> {
        let device = &self.device;
        let command_buffer = transfer.command_buffer;
        // SAFETY: the command buffer is not pending (its last submission's fence was waited on,
        // see `transfer`) and belongs to a pool created with RESET_COMMAND_BUFFER; the mutex
        // guard the caller holds gives exclusive use of pool and buffer.
        unsafe {
            device
                .reset_command_buffer(command_buffer, vk::CommandBufferResetFlags::empty())
                .map_err(vk_error("vkResetCommandBuffer"))?;
            device
                .begin_command_buffer(
                    command_buffer,
                    &vk::CommandBufferBeginInfo::default()
                        .flags(vk::CommandBufferUsageFlags::ONE_TIME_SUBMIT),
                )
                .map_err(vk_error("vkBeginCommandBuffer"))?;
        }
        record(device, command_buffer);
        // SAFETY: recording started above; the fence is not in use by another submission.
        unsafe {
            device
                .end_command_buffer(command_buffer)
                .map_err(vk_error("vkEndCommandBuffer"))?;
            device
                .reset_fences(&[transfer.fence])
                .map_err(vk_error("vkResetFences"))?;
        }
        self.submit(command_buffer, transfer.fence)?;
        match self.spin_then_wait_fence(transfer.fence, what) {
            Err(error @ RuntimeError::Timeout { .. }) => {
                transfer.in_flight = true;
                Err(error)
            }
            other => other,
        }
    }

    /// Frees a staging buffer (its last copy has completed).
    pub fn free_staging(&self, staging: StagingBuffer) {
        // SAFETY: the staging buffer's copies completed (the transfer fence was waited on).
        unsafe { self.device.destroy_buffer(staging.buffer, None) };
        if let Some(allocator) = self.allocator().as_mut() {
            let _ = allocator.free(staging.allocation);
        }
    }

    /// Submits one command buffer to the compute queue, signalling `fence`.
    pub fn submit(&self, command_buffer: vk::CommandBuffer, fence: vk::Fence) -> Result<()> {
        let command_buffers = [command_buffer];
        let submit = [vk::SubmitInfo::default().command_buffers(&command_buffers)];
        let queue = lock(&self.queue);
        trace("submit");
        // SAFETY: the queue is externally synchronised by the mutex; the command buffer is
        // executable and the fence unsignaled (callers reset it).
        let result = unsafe { self.device.queue_submit(*queue, &submit, fence) }
            .map_err(vk_error("vkQueueSubmit"));
        trace("submitted");
        result
    }

    /// Polls `fence` for up to the configured spin time, then waits for it at most the
    /// configured timeout.
    pub fn spin_then_wait_fence(&self, fence: vk::Fence, what: &str) -> Result<()> {
        self.spin_then_wait_fence_for(fence, what, self.timeout)
    }

    /// [`Self::spin_then_wait_fence`] with the limit `timeout`.
    pub fn spin_then_wait_fence_for(
        &self,
        fence: vk::Fence,
        what: &str,
        timeout: Duration,
    ) -> Result<()> {
        if !self.spin_wait.is_zero() {
            let until = std::time::Instant::now() + self.spin_wait;
            loop {
                // SAFETY: `fence` is a live fence of this device.
                match unsafe { self.device.get_fence_status(fence) } {
                    Ok(true) => return Ok(()),
                    Ok(false) if std::time::Instant::now() < until => std::hint::spin_loop(),
                    Ok(false) => break,
                    Err(result) => return Err(RuntimeError::from_vk("vkGetFenceStatus", result)),
                }
            }
        }
        self.wait_fence_for(fence, what, timeout)
    }

    /// Waits for `fence` at most the configured timeout.
    pub fn wait_fence(&self, fence: vk::Fence, what: &str) -> Result<()> {
        self.wait_fence_for(fence, what, self.timeout)
    }

    /// Waits for `fence` at most `timeout`.
    pub fn wait_fence_for(&self, fence: vk::Fence, what: &str, timeout: Duration) -> Result<()> {
        let nanos = u64::try_from(timeout.as_nanos()).unwrap_or(u64::MAX);
        trace(what);
        // SAFETY: `fence` is a live fence of this device.
        match unsafe { self.device.wait_for_fences(&[fence], true, nanos) } {
            Ok(()) => Ok(()),
            Err(vk::Result::TIMEOUT) => Err(RuntimeError::Timeout {
                what: what.to_string(),
                timeout,
            }),
            Err(result) => Err(RuntimeError::from_vk("vkWaitForFences", result)),
        }
    }

    pub fn allocator(&self) -> MutexGuard<'_, Option<Allocator>> {
        lock(&self.allocator)
    }

    /// Shared access to the pipeline cache (building pipelines through it).
    pub fn pipeline_cache_readers(&self) -> RwLockReadGuard<'_, ()> {
        self.pipeline_cache_access
            .read()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Exclusive access to the pipeline cache (merging into it).
    pub fn pipeline_cache_writer(&self) -> RwLockWriteGuard<'_, ()> {
        self.pipeline_cache_access
            .write()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn save_pipeline_cache(&self) -> Result<()> {
        let Some(path) = &self.cache_path else {
            return Ok(());
        };
        let data = self.pipeline_cache_data()?;
        let io_error = |error: std::io::Error| RuntimeError::UnsupportedFeature {
            device: self.info.name.clone(),
            what: format!("writing the pipeline cache {}: {error}", path.display()),
        };
        if let Some(folder) = path.parent() {
            std::fs::create_dir_all(folder).map_err(io_error)?;
        }
        // Write then rename, so concurrent processes never read a torn file.
        static NEXT_TEMPORARY: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let unique = NEXT_TEMPORARY.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let temporary = path.with_extension(format!("tmp{}-{unique}", std::process::id()));
        std::fs::write(&temporary, &data).map_err(io_error)?;
        std::fs::rename(&temporary, path).map_err(io_error)
    }
}

impl Drop for DeviceShared {
    fn drop(&mut self) {
        // SAFETY: every buffer, pipeline and schedule holds an `Arc` to this struct, so none is
        // left; after the device is idle nothing it owns is in use. Handles that were never
        // created are null, which the destroy calls accept.
        unsafe {
            trace("device wait idle");
            let _ = self.device.device_wait_idle();
            trace("device idle");
            if self.pipeline_cache != vk::PipelineCache::null() {
                let _ = self.save_pipeline_cache();
            }
            self.device
                .destroy_pipeline_cache(self.pipeline_cache, None);
            let transfer = self
                .transfer
                .get_mut()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            let (fence, pool) = (transfer.fence, transfer.pool);
            let staging = [
                transfer.upload_staging.take(),
                transfer.download_staging.take(),
            ];
            self.device.destroy_fence(fence, None);
            self.device.destroy_command_pool(pool, None);
            for staging in staging.into_iter().flatten() {
                self.free_staging(staging);
            }
            // The allocator frees its memory blocks; it must go before the device.
            drop(
                self.allocator
                    .get_mut()
                    .unwrap_or_else(|poisoned| poisoned.into_inner())
                    .take(),
            );
            let _lifecycle = lifecycle_lock();
            trace("destroy device");
            self.device.destroy_device(None);
            trace("device destroyed");
        }
    }
}

/// Times consecutive steps, tracing each as it ends.
struct PhaseClock {
    last: std::time::Instant,
    phases: Vec<(&'static str, Duration)>,
}

impl PhaseClock {
    fn start() -> PhaseClock {
        PhaseClock {
            last: std::time::Instant::now(),
            phases: Vec::new(),
        }
    }

    fn end(&mut self, phase: &'static str) {
        let now = std::time::Instant::now();
        let took = now - self.last;
        self.last = now;
        trace(&format!(
            "device creation: {phase} took {:.3} ms",
            took.as_secs_f64() * 1e3
        ));
        self.phases.push((phase, took));
    }
}

/// Locks a mutex, recovering from poisoning (the data behind it stays consistent because no
/// critical section leaves it half-updated).
pub(crate) fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn pipeline_cache_path(location: &PipelineCacheLocation, info: &DeviceInfo) -> Option<PathBuf> {
    let folder = match location {
        PipelineCacheLocation::UserCache => dirs::cache_dir()?.join("kiln"),
        PipelineCacheLocation::Directory(folder) => folder.clone(),
        PipelineCacheLocation::Disabled => return None,
    };
    Some(folder.join(format!(
        "pipeline-cache-{:04x}-{:04x}-{:08x}.bin",
        info.vendor_id, info.device_id, info.driver_version
    )))
}

/// The cache file's bytes when its header (`VkPipelineCacheHeaderVersionOne`) matches this
/// device; an empty vector otherwise (missing, truncated or another driver's file).
fn read_pipeline_cache(path: &Path, info: &DeviceInfo) -> Vec<u8> {
    let Ok(data) = std::fs::read(path) else {
        return Vec::new();
    };
    let identity = crate::pipeline_cache::PipelineCacheIdentity::of(info);
    match crate::pipeline_cache::cache_header_mismatch(&data, &identity) {
        None => data,
        Some(reason) => {
            trace(&format!(
                "pipeline cache {} ignored: {reason}",
                path.display()
            ));
            Vec::new()
        }
    }
}

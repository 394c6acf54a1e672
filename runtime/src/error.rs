//! The runtime's one error type. Every Vulkan failure is mapped here with the call that failed;
//! out-of-memory and device-lost get their own variants because callers react to them
//! differently (free memory and retry / rebuild the device).

use std::fmt;
use std::path::PathBuf;
use std::time::Duration;

use ash::vk;

/// Result alias of the runtime.
pub type Result<T, E = RuntimeError> = std::result::Result<T, E>;

/// An installable client driver (ICD) manifest the Vulkan loader would look at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IcdFile {
    /// Path of the JSON manifest.
    pub path: PathBuf,
    /// The driver library the manifest names (`ICD.library_path`), when it could be read.
    pub library_path: Option<String>,
}

impl fmt::Display for IcdFile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.library_path {
            Some(library) => write!(f, "{} (driver library {library})", self.path.display()),
            None => write!(f, "{} (unreadable manifest)", self.path.display()),
        }
    }
}

/// Everything that can go wrong in the runtime. No runtime call panics or blocks forever;
/// it returns one of these instead.
#[derive(Debug, thiserror::Error)]
pub enum RuntimeError {
    /// The Vulkan loader library (`libvulkan.so.1`) could not be loaded.
    #[error(
        "no Vulkan loader: could not load libvulkan.so.1 ({reason}); install it \
         (Debian/Ubuntu: `apt-get install libvulkan1 mesa-vulkan-drivers`) or put its folder on \
         LD_LIBRARY_PATH"
    )]
    NoLoader {
        /// Why loading failed, as reported by the dynamic linker.
        reason: String,
    },

    /// The loader works but no driver offered a physical device.
    #[error("no Vulkan device found: {cause}\n{}\nhint: {hint}", searched_list(.searched, .search_locations))]
    NoDevice {
        /// What the loader said (e.g. `vkCreateInstance` returned `ERROR_INCOMPATIBLE_DRIVER`).
        cause: String,
        /// Folders or files the loader searches for ICD manifests, in its order.
        search_locations: Vec<PathBuf>,
        /// The ICD manifests found there.
        searched: Vec<IcdFile>,
        /// What to try next (`VK_DRIVER_FILES=...`, headless NVIDIA, lavapipe).
        hint: String,
    },

    /// A `--device` / `KILN_DEVICE` selector matched no device.
    #[error("device selector `{selector}` {reason}; available devices:\n{}", .available.join("\n"))]
    DeviceSelection {
        /// The selector as given.
        selector: String,
        /// Why it did not match (index out of range, no name contains it).
        reason: String,
        /// One summary line per device.
        available: Vec<String>,
    },

    /// The device (or the installed Vulkan stack) lacks something the request needs.
    #[error("unsupported on device `{device}`: {what}")]
    UnsupportedFeature {
        /// The device name, or `"(loader)"` for instance-level features.
        device: String,
        /// What is missing and what asked for it.
        what: String,
    },

    /// A setting (an environment variable or a [`crate::DeviceConfig`] field) has a bad value.
    #[error("invalid setting {setting}: {reason}")]
    InvalidSetting {
        /// The variable or field.
        setting: String,
        /// What is wrong with its value.
        reason: String,
    },

    /// In the bounds-checking mode: a dispatch wrote outside the range of a buffer it binds
    /// (the guard region after or before the buffer changed).
    #[error(
        "dispatch {dispatch} `{kernel}` wrote outside buffer `{buffer}` (binding {binding}): \
         {detail}"
    )]
    OutOfBounds {
        /// Index of the dispatch in its schedule.
        dispatch: usize,
        /// The kernel's name.
        kernel: String,
        /// The buffer's name.
        buffer: String,
        /// The binding (its index among the kernel's bindings).
        binding: usize,
        /// Where the guard changed, in bytes relative to the buffer's start.
        detail: String,
    },

    /// Host or device memory ran out.
    #[error("out of memory while {what}")]
    OutOfMemory {
        /// The operation that failed.
        what: String,
    },

    /// The driver reported `VK_ERROR_DEVICE_LOST`; the device must be recreated.
    #[error("device lost while {what}")]
    DeviceLost {
        /// The operation that observed the loss.
        what: String,
    },

    /// Waiting for the GPU took longer than the configured timeout.
    #[error("timed out after {timeout:?} waiting for {what}")]
    Timeout {
        /// What was waited for.
        what: String,
        /// The limit that passed.
        timeout: Duration,
    },

    /// A buffer larger than the device can allocate or bind.
    #[error(
        "buffer `{buffer}` of {requested} bytes is larger than the device's {limit_name} \
         ({limit} bytes)"
    )]
    OversizeBuffer {
        /// The buffer's debug name.
        buffer: String,
        /// Requested size in bytes.
        requested: u64,
        /// The limit that is exceeded: `maxStorageBufferRange` or `maxMemoryAllocationSize`.
        limit_name: &'static str,
        /// The limit's value in bytes.
        limit: u64,
    },

    /// The source of an upload ([`crate::Buffer::upload_from_reader`]) failed or ended early.
    #[error("uploading into buffer `{buffer}`: reading its data failed: {reason}")]
    UploadSource { buffer: String, reason: String },

    /// Data does not fit a buffer, or a buffer is read as a type whose size does not divide it.
    #[error("buffer `{buffer}` ({buffer_size} bytes): {what}")]
    BufferSize {
        /// The buffer's debug name.
        buffer: String,
        /// The buffer's size in bytes.
        buffer_size: u64,
        /// What did not fit.
        what: String,
    },

    /// A kernel that is not valid input (bad SPIR-V header, missing entry point, bindings that
    /// do not match the module, ...). Checked before the driver sees it.
    #[error("invalid kernel `{kernel}`: {reason}")]
    InvalidKernel {
        /// The kernel's name.
        kernel: String,
        /// What is wrong.
        reason: String,
    },

    /// A dispatch that does not fit its pipeline or the device limits.
    #[error("invalid dispatch #{index} of kernel `{kernel}`: {reason}")]
    InvalidDispatch {
        /// Position in the schedule.
        index: usize,
        /// The kernel's name.
        kernel: String,
        /// What is wrong.
        reason: String,
    },

    /// [`crate::Pipeline::statistics`] on a pipeline created without statistics capture.
    #[error(
        "pipeline `{pipeline}` was created without statistics capture; set \
         `DeviceConfig::capture_statistics` (or KILN_PIPELINE_STATS=1) before creating the device"
    )]
    StatisticsNotCaptured {
        /// The pipeline's kernel name.
        pipeline: String,
    },

    /// Any other Vulkan error, with the call that returned it.
    #[error("{call} failed: {result}")]
    Vulkan {
        /// The Vulkan entry point (or step) that failed.
        call: &'static str,
        /// Its result code.
        result: vk::Result,
    },
}

fn searched_list(searched: &[IcdFile], locations: &[PathBuf]) -> String {
    let mut text = String::from("ICD manifests searched in:");
    for location in locations {
        text.push_str(&format!("\n  {}", location.display()));
    }
    if searched.is_empty() {
        text.push_str("\nno ICD manifest (*.json) found there");
    } else {
        text.push_str("\nICD manifests found:");
        for icd in searched {
            text.push_str(&format!("\n  {icd}"));
        }
    }
    text
}

impl RuntimeError {
    /// Maps a Vulkan result of `call` to the matching variant: out-of-memory results become
    /// [`RuntimeError::OutOfMemory`], `ERROR_DEVICE_LOST` becomes [`RuntimeError::DeviceLost`].
    pub fn from_vk(call: &'static str, result: vk::Result) -> Self {
        match result {
            vk::Result::ERROR_OUT_OF_HOST_MEMORY => RuntimeError::OutOfMemory {
                what: format!("{call} (host memory)"),
            },
            vk::Result::ERROR_OUT_OF_DEVICE_MEMORY => RuntimeError::OutOfMemory {
                what: format!("{call} (device memory)"),
            },
            vk::Result::ERROR_DEVICE_LOST => RuntimeError::DeviceLost {
                what: call.to_string(),
            },
            result => RuntimeError::Vulkan { call, result },
        }
    }
}

/// `map_err` helper: `unsafe { device.create_fence(..) }.map_err(vk_error("vkCreateFence"))`.
pub(crate) fn vk_error(call: &'static str) -> impl Fn(vk::Result) -> RuntimeError {
    move |result| RuntimeError::from_vk(call, result)
}

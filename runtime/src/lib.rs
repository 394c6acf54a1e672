//! kiln-runtime: runs SPIR-V compute kernels on Vulkan devices through ash and gpu-allocator.
//!
//! The runtime knows nothing about tensors or IR; it takes SPIR-V words plus a description of
//! their interface and runs them:
//!
//! - [`enumerate_devices`] lists every device as plain data ([`DeviceInfo`]: limits, features,
//!   subgroup sizes, extensions, cooperative-matrix shapes), the input of the compiler's target
//!   environment; `DeviceInfo`'s `Display` is the one-line summary of `kiln devices`.
//! - [`Device::new`] picks a device ([`DeviceSelector`]: discrete > integrated > virtual > CPU,
//!   or `--device` / `KILN_DEVICE` by index or name) and enables what kernels may use;
//!   `KILN_VALIDATE=1` (or [`DeviceConfig::validation`]) adds the Khronos validation layer
//!   (with synchronization validation, which reports missing barriers) and
//!   [`Device::validation_errors`] returns the errors it reported. [`Device::enabled_features`]
//!   is what kernels may use on the live device (a subset of [`DeviceInfo::features`]).
//! - [`Buffer`]s move `f32`/`f16`/`i32`/`i8`/`u8`/... slices, ndarray views or bytes in and out:
//!   mapped memory on CPU devices and unified memory, device-local memory with staging copies
//!   on discrete GPUs ([`MemoryStrategy`]).
//! - A [`Kernel`] (words, entry point, bindings, push-constant size) becomes a [`Pipeline`]
//!   through an on-disk pipeline cache; the module is checked first (header, entry point,
//!   bindings, workgroup size) so that bad input is an error rather than a driver crash.
//!   With [`DeviceConfig::capture_statistics`] (or `KILN_PIPELINE_STATS=1`) on a device with
//!   VK_KHR_pipeline_executable_properties, [`Pipeline::statistics`] returns what the driver
//!   reports about the compiled code (registers, spills, ...: [`ExecutableStatistics`]).
//! - [`Device::create_pipelines`] builds a list of kernels at once: kernels that differ only in
//!   names ([`Kernel::identity`]) share one pipeline, and the distinct ones are built from
//!   several threads (`KILN_PIPELINE_THREADS`, default all cores). The device's pipeline cache
//!   can be read out ([`Device::pipeline_cache_data`]) and a cache made elsewhere merged in
//!   ([`Device::merge_pipeline_cache`]) only when it was made by the same device and driver.
//! - A [`Schedule`] records dispatches into one command buffer with exactly the barriers their
//!   data dependencies need ([`plan_barriers`]), and [`Schedule::run`] returns per-dispatch GPU
//!   times. The command buffer, descriptor sets and fence are reused until the schedule
//!   changes, and the fence is polled briefly before a blocking wait
//!   ([`DeviceConfig::spin_wait`]), so a one-dispatch run costs about 16 us of host time on an
//!   H200.
//!
//! Every failure is a [`RuntimeError`]; nothing panics on bad input and every wait has a
//! timeout.
//!
//! Handles ([`Device`], [`Buffer`], [`Pipeline`]) are cheap clones and `Send + Sync`; Vulkan
//! objects are destroyed when the last handle goes. Instance and device creation and
//! destruction are serialised process-wide and the loader is loaded once, because NVIDIA's
//! driver races when threads do those at once; even so, prefer one long-lived device per
//! process (many devices used from many threads at once were seen to deadlock NVIDIA 580).
//! `KILN_TRACE=1` prints each lifecycle step and submission to stderr, for diagnosing hangs.
//!
//! ```no_run
//! use kiln_runtime::{Access, Device, DeviceConfig, Kernel};
//!
//! # fn main() -> Result<(), kiln_runtime::RuntimeError> {
//! # let spirv_bytes: Vec<u8> = Vec::new();
//! let device = Device::new(&DeviceConfig::default())?;
//! println!("running on {}", device.info());
//! // A kernel computing c[i] = a[i] + b[i] for i < n (n in the push constants).
//! let kernel = Kernel::from_bytes("vector_add", &spirv_bytes)?
//!     .binding(0, 0, Access::ReadOnly)
//!     .binding(0, 1, Access::ReadOnly)
//!     .binding(0, 2, Access::WriteOnly)
//!     .push_constants(4);
//! let pipeline = device.create_pipeline(&kernel)?;
//! let n = 1024u32;
//! let a = device.create_buffer_with("a", &vec![1.0f32; n as usize])?;
//! let b = device.create_buffer_with("b", &vec![2.0f32; n as usize])?;
//! let c = device.create_buffer("c", 4 * u64::from(n))?;
//! let mut schedule = device.create_schedule();
//! schedule.push(&pipeline, &[&a, &b, &c], &n.to_le_bytes(), [n.div_ceil(64), 1, 1])?;
//! let timings = schedule.run()?;
//! let sums: Vec<f32> = c.download()?;
//! println!("{:?} on the GPU, {:?} wall", timings.gpu_total_ns, timings.wall);
//! # Ok(()) }
//! ```

mod buffer;
mod cooperative_matrix2;
mod device;
mod error;
mod info;
mod instance;
mod kernel;
mod pipeline_cache;
mod pipelines;
mod schedule;
mod selection;
mod shader_bfloat16;
mod statistics;

pub use buffer::{Buffer, Element, GUARD_BYTES, GUARD_WORD};
pub use device::{
    enumerate_devices, Device, DeviceConfig, MemoryInUse, MemoryStrategy, PipelineCacheLocation,
    WorkFloor, CHECK_BOUNDS_ENV, FIRST_RUN_ALLOWANCE, MAX_WORK_ALLOWANCE, PIPELINE_STATS_ENV,
    TIMEOUT_ENV, VALIDATE_ENV, WORK_FLOOR_CPU, WORK_FLOOR_GPU,
};
pub use error::{IcdFile, Result, RuntimeError};
pub use info::{
    vendor_name, ApiVersion, ComponentType, CooperativeMatrix2, CooperativeMatrixProperties,
    DeviceFeatures, DeviceInfo, DeviceLimits, DeviceType, FlexibleDimensions, MatrixScope,
    MemoryHeap, SubgroupInfo, SubgroupOperations,
};
pub use instance::{trace_enabled, trace_epoch, trace_event};
pub use kernel::{spirv_words, Access, Binding, Kernel, Pipeline};
pub use pipeline_cache::{cache_header_mismatch, CacheMerge, PipelineCacheIdentity};
pub use pipelines::{CreatedPipelines, KernelIdentity, PipelineBuild, PIPELINE_THREADS_ENV};
pub use schedule::{
    plan_barriers, BarrierPoint, BufferKey, Hazard, HazardKind, RunTimings, Schedule,
};
pub use selection::{DeviceSelector, DEVICE_ENV};
pub use statistics::{
    ExecutableStatistic, ExecutableStatistics, InternalRepresentation, StatisticValue,
};

/// Ends the process at once with exit code `code`, after flushing stdout and stderr, without
/// running destructors or `atexit` handlers: for a program whose device work timed out and may
/// still be running. Tearing down would wait for that work (a hang, lavapipe's kernels run on
/// threads of this process) or free memory it still uses; exiting frees nothing under it.
pub fn exit_without_teardown(code: i32) -> ! {
    use std::io::Write;
    let _ = std::io::stdout().flush();
    let _ = std::io::stderr().flush();
    // SAFETY: `_exit` ends the process without running any code of this process after it;
    // nothing of Rust's or the driver's needs to run for correctness (the OS reclaims memory,
    // files and the device).
    unsafe { libc::_exit(code) }
}

#[cfg(test)]
mod tests {
    fn send_and_sync<T: Send + Sync>() {}
    fn send<T: Send>() {}

    #[test]
    fn handles_can_cross_threads() {
        send_and_sync::<super::Device>();
        send_and_sync::<super::Buffer>();
        send_and_sync::<super::Pipeline>();
        send::<super::Schedule>();
        send_and_sync::<super::DeviceInfo>();
        send_and_sync::<super::RuntimeError>();
    }
}

//! Schedules: ordered dispatches recorded into one command buffer with exactly the barriers
//! their data dependencies need, timed with per-dispatch timestamp queries.
//!
//! Barrier planning ([`plan_barriers`]) is a pure function of which buffers each dispatch reads
//! and writes: a read after an unsynchronised write (RAW) or a write after one (WAW) needs a
//! buffer memory barrier; a write after a read (WAR) needs only an execution dependency.
//! Independent dispatches get no barrier and may overlap. A pipeline barrier orders *all*
//! earlier commands before later ones, so every pending read is settled by any barrier, while a
//! pending write stays pending until a barrier names its buffer.
//!
//! The command buffer, descriptor sets, query pool and fence are built on the first
//! [`Schedule::run`] and reused until the schedule changes, so a run is: reset the fence,
//! submit, wait (with the device's timeout), read the timestamps.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use ash::vk;

use crate::buffer::Buffer;
use crate::device::{Device, DeviceShared};
use crate::error::{vk_error, Result, RuntimeError};
use crate::kernel::{Access, Pipeline};

/// Why a barrier is needed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HazardKind {
    /// The dispatch reads what an earlier one wrote.
    ReadAfterWrite,
    /// The dispatch overwrites what an earlier one wrote.
    WriteAfterWrite,
    /// The dispatch overwrites what an earlier one read.
    WriteAfterRead,
}

/// One data dependency that a barrier resolves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hazard {
    /// Index of the buffer in the `accesses` given to [`plan_barriers`] (its first appearance).
    pub buffer: BufferKey,
    /// The kind of dependency.
    pub kind: HazardKind,
    /// The earlier dispatch.
    pub earlier_dispatch: usize,
}

/// Identifies a buffer in barrier planning (the schedule uses the buffer's unique id).
pub type BufferKey = u64;

/// A pipeline barrier recorded before dispatch `before_dispatch`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BarrierPoint {
    /// The dispatch that waits.
    pub before_dispatch: usize,
    /// The dependencies it resolves.
    pub hazards: Vec<Hazard>,
}

impl BarrierPoint {
    /// Buffers that need a memory barrier (RAW / WAW), without repetition.
    pub fn memory_buffers(&self) -> Vec<BufferKey> {
        let mut keys: Vec<BufferKey> = self
            .hazards
            .iter()
            .filter(|h| h.kind != HazardKind::WriteAfterRead)
            .map(|h| h.buffer)
            .collect();
        keys.sort_unstable();
        keys.dedup();
        keys
    }
}

/// Plans the barriers of a sequence of dispatches; `accesses[i]` lists the buffers dispatch `i`
/// binds and how it uses them (a buffer bound twice is used with the union of its accesses).
pub fn plan_barriers(accesses: &[Vec<(BufferKey, Access)>]) -> Vec<BarrierPoint> {
    #[derive(Default)]
    struct State {
        pending_write: Option<usize>,
        pending_read: Option<usize>,
    }
    let mut states: HashMap<BufferKey, State> = HashMap::new();
    let mut barriers = Vec::new();
    for (index, dispatch) in accesses.iter().enumerate() {
        // Merge repeated bindings of one buffer, keeping first-appearance order.
        let mut merged: Vec<(BufferKey, bool, bool)> = Vec::new();
        for &(key, access) in dispatch {
            match merged.iter_mut().find(|(k, _, _)| *k == key) {
                Some((_, reads, writes)) => {
                    *reads |= access.reads();
                    *writes |= access.writes();
                }
                None => merged.push((key, access.reads(), access.writes())),
            }
        }
        let mut hazards = Vec::new();
        for &(key, reads, writes) in &merged {
            let state = states.entry(key).or_default();
            if let Some(writer) = state.pending_write {
                let kind = if reads {
                    HazardKind::ReadAfterWrite
                } else {
                    HazardKind::WriteAfterWrite
                };
                hazards.push(Hazard {
                    buffer: key,
                    kind,
                    earlier_dispatch: writer,
                });
            }
            if writes {
                if let Some(reader) = state.pending_read {
                    hazards.push(Hazard {
                        buffer: key,
                        kind: HazardKind::WriteAfterRead,
                        earlier_dispatch: reader,
                    });
                }
            }
        }
        if !hazards.is_empty() {
            for state in states.values_mut() {
                state.pending_read = None;
            }
            for hazard in &hazards {
                if hazard.kind != HazardKind::WriteAfterRead {
                    if let Some(state) = states.get_mut(&hazard.buffer) {
                        state.pending_write = None;
                    }
                }
            }
            barriers.push(BarrierPoint {
                before_dispatch: index,
                hazards,
            });
        }
        for &(key, reads, writes) in &merged {
            let state = states.entry(key).or_default();
            if reads {
                state.pending_read = Some(index);
            }
            if writes {
                state.pending_write = Some(index);
            }
        }
    }
    barriers
}

struct Dispatch {
    pipeline: Pipeline,
    buffers: Vec<Buffer>,
    push_constants: Vec<u8>,
    workgroups: [u32; 3],
}

/// GPU and wall-clock times of one [`Schedule::run`].
#[derive(Debug, Clone, PartialEq)]
pub struct RunTimings {
    /// GPU time of each dispatch in nanoseconds (empty when the queue has no timestamps).
    pub dispatch_gpu_ns: Vec<u64>,
    /// GPU time from the first dispatch's start to the last one's end, in nanoseconds.
    pub gpu_total_ns: Option<u64>,
    /// Wall-clock time of the whole `run` call (recording on first use, submit, wait, query).
    pub wall: Duration,
}

impl RunTimings {
    /// Wall time minus GPU time: what the host adds to a run.
    pub fn host_overhead(&self) -> Option<Duration> {
        self.gpu_total_ns
            .map(|gpu| self.wall.saturating_sub(Duration::from_nanos(gpu)))
    }
}

/// Vulkan objects of a recorded schedule.
struct Recording {
    command_pool: vk::CommandPool,
    command_buffer: vk::CommandBuffer,
    descriptor_pool: vk::DescriptorPool,
    query_pool: vk::QueryPool,
    fence: vk::Fence,
    /// The last submission timed out and may still run.
    in_flight: bool,
    /// Completed runs: the first one may include the driver's pipeline compiles.
    runs: u64,
    /// The bounds-checking mode's copies of the guard regions taken after each dispatch.
    guard_log: Option<GuardLog>,
    /// On CPU devices: one word that the command buffer sets to `i + 1` once dispatch `i`
    /// has completed, which tells which dispatch a timed-out run is in (lavapipe's query
    /// results block until the queries are written, so timestamps cannot tell there).
    progress: Option<HostBuffer>,
}

/// A host-visible buffer that the command buffer writes and the host reads after the fence.
struct HostBuffer {
    buffer: vk::Buffer,
    allocation: Option<gpu_allocator::vulkan::Allocation>,
}

impl HostBuffer {
    fn new(shared: &DeviceShared, name: &str, size: u64) -> Result<HostBuffer> {
        let (buffer, allocation) = crate::buffer::create_raw_buffer(
            shared,
            name,
            size.max(4),
            vk::BufferUsageFlags::TRANSFER_DST,
            gpu_allocator::MemoryLocation::GpuToCpu,
        )?;
        Ok(HostBuffer {
            buffer,
            allocation: Some(allocation),
        })
    }

    fn bytes(&self) -> Option<&[u8]> {
        self.allocation.as_ref().and_then(|a| a.mapped_slice())
    }

    /// # Safety
    /// No pending command buffer uses the buffer.
    unsafe fn destroy(mut self, shared: &DeviceShared) {
        // SAFETY: as the caller promises.
        unsafe { shared.device.destroy_buffer(self.buffer, None) };
        if let (Some(allocation), Some(allocator)) =
            (self.allocation.take(), shared.allocator().as_mut())
        {
            let _ = allocator.free(allocation);
        }
    }
}

/// Where the bounds-checking mode copies the guards of each dispatch's buffers after it ran:
/// `entries.len()` slots of both guards.
struct GuardLog {
    host: HostBuffer,
    /// (dispatch, binding) of each slot, in recording order.
    entries: Vec<(usize, usize)>,
    /// Bytes per slot (both guards).
    slot_bytes: u64,
}

/// `push_constants` with the device address of each buffer a binding of `pipeline` reaches by
/// address written at the binding's offset; a descriptor-bound buffer past
/// `maxStorageBufferRange` is refused here, naming the limit (a descriptor cannot cover it).
fn with_device_addresses(
    pipeline: &Pipeline,
    buffers: &[&Buffer],
    push_constants: &[u8],
) -> std::result::Result<Vec<u8>, String> {
    let mut bytes = push_constants.to_vec();
    for (binding, buffer) in pipeline.bindings().iter().zip(buffers) {
        let Some(offset) = binding.address_offset else {
            let range = u64::from(buffer.inner.device.info.limits.max_storage_buffer_range);
            if buffer.size() > range {
                return Err(format!(
                    "buffer `{}` of {} bytes is larger than the device's maxStorageBufferRange \
                     ({range} bytes) and is bound by a descriptor (compile for a target whose \
                     range is this device's, so that the kernel reaches it by address)",
                    buffer.name(),
                    buffer.size()
                ));
            }
            continue;
        };
        let address = buffer.device_address().ok_or_else(|| {
            format!(
                "buffer `{}` is reached by device address, but bufferDeviceAddress is not enabled",
                buffer.name()
            )
        })?;
        let at = offset as usize;
        bytes
            .get_mut(at..at + 8)
            .ok_or_else(|| format!("device address offset {offset} is past the push constants"))?
            .copy_from_slice(&address.to_le_bytes());
    }
    Ok(bytes)
}

/// An ordered list of dispatches run as one command buffer.
pub struct Schedule {
    device: Arc<DeviceShared>,
    dispatches: Vec<Dispatch>,
    recording: Option<Recording>,
    /// What [`Schedule::allow_for_work`] added to every wait for a run.
    work_allowance: Duration,
}

impl std::fmt::Debug for Schedule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Schedule")
            .field("dispatches", &self.dispatches.len())
            .field("recorded", &self.recording.is_some())
            .finish()
    }
}

impl Device {
    /// An empty schedule on this device.
    pub fn create_schedule(&self) -> Schedule {
        Schedule {
            device: self.shared.clone(),
            dispatches: Vec::new(),
            recording: None,
            work_allowance: Duration::ZERO,
        }
    }
}

impl Schedule {
    /// Appends a dispatch of `pipeline` over `buffers` (one per kernel binding, in order) with
    /// `push_constants` (exactly the kernel's push-constant size) and `workgroups` workgroups.
    /// Returns the dispatch's index.
    pub fn push(
        &mut self,
        pipeline: &Pipeline,
        buffers: &[&Buffer],
        push_constants: &[u8],
        workgroups: [u32; 3],
    ) -> Result<usize> {
        let index = self.dispatches.len();
        let invalid = |reason: String| RuntimeError::InvalidDispatch {
            index,
            kernel: pipeline.name().to_string(),
            reason,
        };
        if !Arc::ptr_eq(&pipeline.inner.device, &self.device) {
            return Err(invalid("the pipeline belongs to another device".into()));
        }
        let bindings = pipeline.bindings();
        if buffers.len() != bindings.len() {
            return Err(invalid(format!(
                "{} buffers given for {} bindings",
                buffers.len(),
                bindings.len()
            )));
        }
        if let Some(buffer) = buffers
            .iter()
            .find(|b| !Arc::ptr_eq(&b.inner.device, &self.device))
        {
            return Err(invalid(format!(
                "buffer `{}` belongs to another device",
                buffer.name()
            )));
        }
        self.check_push_constants(pipeline, push_constants, index)?;
        let push_constants =
            with_device_addresses(pipeline, buffers, push_constants).map_err(&invalid)?;
        let max = self.device.info.limits.max_compute_work_group_count;
        if workgroups.iter().zip(max).any(|(&count, max)| count > max) {
            return Err(invalid(format!(
                "workgroup count {workgroups:?} exceeds maxComputeWorkGroupCount {max:?}; \
                 spread the work over the y and z dimensions"
            )));
        }
        self.invalidate()?;
        self.dispatches.push(Dispatch {
            pipeline: pipeline.clone(),
            buffers: buffers.iter().map(|&b| b.clone()).collect(),
            push_constants,
            workgroups,
        });
        Ok(index)
    }

    /// Replaces the push constants of dispatch `index` (the command buffer is re-recorded on
    /// the next run).
    pub fn set_push_constants(&mut self, index: usize, push_constants: &[u8]) -> Result<()> {
        let Some(dispatch) = self.dispatches.get(index) else {
            return Err(RuntimeError::InvalidDispatch {
                index,
                kernel: String::new(),
                reason: format!("the schedule has {} dispatches", self.dispatches.len()),
            });
        };
        let pipeline = dispatch.pipeline.clone();
        self.check_push_constants(&pipeline, push_constants, index)?;
        let buffers: Vec<&Buffer> = dispatch.buffers.iter().collect();
        let push_constants =
            with_device_addresses(&pipeline, &buffers, push_constants).map_err(|reason| {
                RuntimeError::InvalidDispatch {
                    index,
                    kernel: pipeline.name().to_string(),
                    reason,
                }
            })?;
        self.invalidate()?;
        self.dispatches[index].push_constants = push_constants;
        Ok(())
    }

    fn check_push_constants(&self, pipeline: &Pipeline, bytes: &[u8], index: usize) -> Result<()> {
        if bytes.len() != pipeline.push_constant_size() as usize {
            return Err(RuntimeError::InvalidDispatch {
                index,
                kernel: pipeline.name().to_string(),
                reason: format!(
                    "{} bytes of push constants given, the kernel takes {}",
                    bytes.len(),
                    pipeline.push_constant_size()
                ),
            });
        }
        Ok(())
    }

    /// Number of dispatches.
    pub fn len(&self) -> usize {
        self.dispatches.len()
    }

    /// Whether the schedule has no dispatch.
    pub fn is_empty(&self) -> bool {
        self.dispatches.is_empty()
    }

    /// The barriers the recorded command buffer contains (keys are buffer ids; see
    /// [`Schedule::buffer_name`]).
    pub fn barriers(&self) -> Vec<BarrierPoint> {
        plan_barriers(&self.accesses())
    }

    /// The name of the buffer with key `key` in this schedule.
    pub fn buffer_name(&self, key: BufferKey) -> Option<&str> {
        self.dispatches
            .iter()
            .flat_map(|d| &d.buffers)
            .find(|b| b.inner.id == key)
            .map(|b| b.name())
    }

    fn accesses(&self) -> Vec<Vec<(BufferKey, Access)>> {
        self.dispatches
            .iter()
            .map(|d| {
                d.buffers
                    .iter()
                    .zip(d.pipeline.bindings())
                    .map(|(buffer, binding)| (buffer.inner.id, binding.access))
                    .collect()
            })
            .collect()
    }

    /// Lets each run wait longer by the time `flops` operations and `bytes` of traffic (a
    /// dispatch's declared work) take at the device's throughput floor
    /// ([`crate::DeviceConfig::scale_timeout_with_work`]); in all at most
    /// [`crate::MAX_WORK_ALLOWANCE`]. Does nothing when waits have one exact limit.
    pub fn allow_for_work(&mut self, flops: u64, bytes: u64) {
        let Some(floor) = self.device.work_floor else {
            return;
        };
        let seconds = flops as f64 / floor.flops_per_second + bytes as f64 / floor.bytes_per_second;
        let extra = Duration::try_from_secs_f64(seconds).unwrap_or(crate::MAX_WORK_ALLOWANCE);
        self.work_allowance = self
            .work_allowance
            .saturating_add(extra)
            .min(crate::MAX_WORK_ALLOWANCE);
    }

    /// Runs every dispatch once and waits for completion (at most the device's timeout, plus
    /// the allowances for the first run and for declared work).
    pub fn run(&mut self) -> Result<RunTimings> {
        let start = Instant::now();
        if self.dispatches.is_empty() {
            return Ok(RunTimings {
                dispatch_gpu_ns: Vec::new(),
                gpu_total_ns: Some(0),
                wall: start.elapsed(),
            });
        }
        if self.recording.is_none() {
            self.recording = Some(self.record()?);
        }
        let device = &*self.device;
        let Some(recording) = self.recording.as_mut() else {
            unreachable!("recorded just above");
        };
        if recording.in_flight {
            device.wait_fence(recording.fence, "the previous run of the schedule")?;
            recording.in_flight = false;
        }
        // SAFETY: the fence is not in use (its last submission completed, checked above).
        unsafe { device.device.reset_fences(&[recording.fence]) }
            .map_err(vk_error("vkResetFences"))?;
        device.submit(recording.command_buffer, recording.fence)?;
        let waited = if recording.runs == 0 {
            // The first run may include each pipeline's compile (lavapipe compiles at the
            // first dispatch), which a cold shader cache makes slow.
            let allowance = device
                .first_run_allowance
                .saturating_mul(self.dispatches.len() as u32);
            device.wait_fence_for(
                recording.fence,
                "a schedule run",
                device
                    .timeout
                    .saturating_add(allowance)
                    .saturating_add(self.work_allowance),
            )
        } else {
            device.spin_then_wait_fence_for(
                recording.fence,
                "a schedule run",
                device.timeout.saturating_add(self.work_allowance),
            )
        };
        if let Err(error) = waited {
            let RuntimeError::Timeout { timeout, .. } = error else {
                return Err(error);
            };
            recording.in_flight = true;
            return Err(RuntimeError::Timeout {
                what: format!(
                    "a schedule run ({})",
                    Self::running_dispatch_of(&self.dispatches, device, recording)
                ),
                timeout,
            });
        }
        recording.runs += 1;
        if let Some(log) = &recording.guard_log {
            Self::check_guards_of(&self.dispatches, device, log)?;
        }
        let (dispatch_gpu_ns, gpu_total_ns) = if recording.query_pool != vk::QueryPool::null() {
            let mut ticks = vec![0u64; 2 * self.dispatches.len()];
            // SAFETY: every query was reset and written by the completed command buffer.
            unsafe {
                device.device.get_query_pool_results(
                    recording.query_pool,
                    0,
                    &mut ticks,
                    vk::QueryResultFlags::TYPE_64 | vk::QueryResultFlags::WAIT,
                )
            }
            .map_err(vk_error("vkGetQueryPoolResults"))?;
            let mask = if device.timestamp_valid_bits >= 64 {
                u64::MAX
            } else {
                (1u64 << device.timestamp_valid_bits) - 1
            };
            let period = f64::from(device.info.limits.timestamp_period);
            let to_ns = |start: u64, end: u64| {
                ((end.wrapping_sub(start) & mask) as f64 * period).round() as u64
            };
            let per_dispatch = ticks.chunks_exact(2).map(|t| to_ns(t[0], t[1])).collect();
            let first_start = ticks.iter().step_by(2).min().copied().unwrap_or(0);
            let last_end = ticks.iter().skip(1).step_by(2).max().copied().unwrap_or(0);
            (per_dispatch, Some(to_ns(first_start, last_end)))
        } else {
            (Vec::new(), None)
        };
        Ok(RunTimings {
            dispatch_gpu_ns,
            gpu_total_ns,
            wall: start.elapsed(),
        })
    }

    /// Which dispatch a run that timed out was in, from the timestamps written so far.
    fn running_dispatch_of(
        dispatches: &[Dispatch],
        device: &DeviceShared,
        recording: &Recording,
    ) -> String {
        let describe = |index: usize| {
            format!(
                "dispatch {index} `{}` of {} had not finished",
                dispatches[index].pipeline.name(),
                dispatches.len()
            )
        };
        if let Some(progress) = &recording.progress {
            let done = progress
                .bytes()
                .and_then(|b| b.get(..4))
                .map(|w| u32::from_ne_bytes([w[0], w[1], w[2], w[3]]) as usize);
            return match done {
                Some(done) if done < dispatches.len() => describe(done),
                Some(_) => "every dispatch had finished; the submission had not signalled".into(),
                None => "dispatch unknown: the progress word could not be read".into(),
            };
        }
        if recording.query_pool == vk::QueryPool::null() {
            return match dispatches.len() {
                1 => describe(0),
                n => format!("one of {n} dispatches; the device has no timestamps to tell which"),
            };
        }
        // [value, availability] per query, without waiting.
        let mut ticks = vec![[0u64; 2]; 2 * dispatches.len()];
        // SAFETY: the pool holds 2 queries per dispatch; without WAIT the call returns at once
        // and marks the queries not yet written as unavailable.
        let result = unsafe {
            device.device.get_query_pool_results(
                recording.query_pool,
                0,
                &mut ticks,
                vk::QueryResultFlags::TYPE_64 | vk::QueryResultFlags::WITH_AVAILABILITY,
            )
        };
        match result {
            Ok(()) | Err(vk::Result::NOT_READY) => {}
            Err(_) => return "dispatch unknown: the timestamps could not be read".into(),
        }
        match (0..dispatches.len()).find(|&i| ticks[2 * i + 1][1] == 0) {
            Some(index) => describe(index),
            None => "every dispatch had finished; the submission had not signalled".into(),
        }
    }

    /// The bounds-checking mode: the first guard region that changed, in dispatch order, fails
    /// the run (and is filled again, so that the next run checks afresh).
    fn check_guards_of(
        dispatches: &[Dispatch],
        device: &DeviceShared,
        log: &GuardLog,
    ) -> Result<()> {
        let Some(bytes) = log.host.bytes() else {
            return Err(RuntimeError::UnsupportedFeature {
                device: device.info.name.clone(),
                what: "the bounds-checking mode's guard log could not be mapped".into(),
            });
        };
        for (slot, &(dispatch, binding)) in log.entries.iter().enumerate() {
            let start = slot as u64 * log.slot_bytes;
            let guards = &bytes[start as usize..(start + log.slot_bytes) as usize];
            let Some(bad) = guards
                .chunks_exact(4)
                .position(|w| w != crate::buffer::GUARD_WORD.to_ne_bytes())
            else {
                continue;
            };
            let buffer = &dispatches[dispatch].buffers[binding];
            let guard = (log.slot_bytes / 2) as i64;
            let at = 4 * bad as i64;
            let detail = if at < guard {
                format!("{} bytes before its start", guard - at)
            } else {
                format!(
                    "at byte {} of its {}-byte range",
                    at - guard + buffer.inner.vk_size as i64,
                    buffer.inner.vk_size
                )
            };
            let error = RuntimeError::OutOfBounds {
                dispatch,
                kernel: dispatches[dispatch].pipeline.name().to_string(),
                buffer: buffer.name().to_string(),
                binding,
                detail,
            };
            buffer.fill_guards()?;
            return Err(error);
        }
        Ok(())
    }

    /// Drops the recording (waiting for a timed-out run first).
    fn invalidate(&mut self) -> Result<()> {
        if let Some(recording) = self.recording.as_mut() {
            if recording.in_flight {
                self.device
                    .wait_fence(recording.fence, "the previous run of the schedule")?;
                recording.in_flight = false;
            }
        }
        if let Some(recording) = self.recording.take() {
            destroy_recording(&self.device, recording);
        }
        Ok(())
    }

    fn record(&self) -> Result<Recording> {
        let shared = &*self.device;
        let device = &shared.device;
        let mut recording = Recording {
            command_pool: vk::CommandPool::null(),
            command_buffer: vk::CommandBuffer::null(),
            descriptor_pool: vk::DescriptorPool::null(),
            query_pool: vk::QueryPool::null(),
            fence: vk::Fence::null(),
            in_flight: false,
            runs: 0,
            guard_log: None,
            progress: None,
        };
        // On error the partial recording is destroyed (null handles are accepted).
        match self.record_into(device, shared, &mut recording) {
            Ok(()) => Ok(recording),
            Err(error) => {
                destroy_recording(shared, recording);
                Err(error)
            }
        }
    }

    fn record_into(
        &self,
        device: &ash::Device,
        shared: &DeviceShared,
        recording: &mut Recording,
    ) -> Result<()> {
        // SAFETY (whole function): all objects are created on the live `device`, used only
        // through `recording`, and the command buffer is recorded before any submission.
        unsafe {
            recording.command_pool = device
                .create_command_pool(
                    &vk::CommandPoolCreateInfo::default().queue_family_index(shared.queue_family),
                    None,
                )
                .map_err(vk_error("vkCreateCommandPool"))?;
            recording.command_buffer = device
                .allocate_command_buffers(
                    &vk::CommandBufferAllocateInfo::default()
                        .command_pool(recording.command_pool)
                        .level(vk::CommandBufferLevel::PRIMARY)
                        .command_buffer_count(1),
                )
                .map_err(vk_error("vkAllocateCommandBuffers"))?[0];
            recording.fence = device
                .create_fence(&vk::FenceCreateInfo::default(), None)
                .map_err(vk_error("vkCreateFence"))?;
            if shared.timestamp_valid_bits > 0 {
                recording.query_pool = device
                    .create_query_pool(
                        &vk::QueryPoolCreateInfo::default()
                            .query_type(vk::QueryType::TIMESTAMP)
                            .query_count(2 * self.dispatches.len() as u32),
                        None,
                    )
                    .map_err(vk_error("vkCreateQueryPool"))?;
            }

            if shared.check_bounds {
                recording.guard_log = Some(self.create_guard_log(shared)?);
            }
            if shared.info.device_type == crate::info::DeviceType::Cpu {
                recording.progress = Some(HostBuffer::new(shared, "progress", 4)?);
            }

            let set_count: usize = self
                .dispatches
                .iter()
                .map(|d| d.pipeline.inner.set_layouts.len())
                .sum();
            let binding_count: usize = self.dispatches.iter().map(|d| d.buffers.len()).sum();
            let pool_sizes = [vk::DescriptorPoolSize::default()
                .ty(vk::DescriptorType::STORAGE_BUFFER)
                .descriptor_count(binding_count.max(1) as u32)];
            recording.descriptor_pool = device
                .create_descriptor_pool(
                    &vk::DescriptorPoolCreateInfo::default()
                        .max_sets(set_count.max(1) as u32)
                        .pool_sizes(&pool_sizes),
                    None,
                )
                .map_err(vk_error("vkCreateDescriptorPool"))?;
            let mut dispatch_sets = Vec::with_capacity(self.dispatches.len());
            for dispatch in &self.dispatches {
                let layouts = &dispatch.pipeline.inner.set_layouts;
                let sets = if layouts.is_empty() {
                    Vec::new()
                } else {
                    device
                        .allocate_descriptor_sets(
                            &vk::DescriptorSetAllocateInfo::default()
                                .descriptor_pool(recording.descriptor_pool)
                                .set_layouts(layouts),
                        )
                        .map_err(vk_error("vkAllocateDescriptorSets"))?
                };
                let infos: Vec<[vk::DescriptorBufferInfo; 1]> = dispatch
                    .buffers
                    .iter()
                    .map(|b| {
                        [vk::DescriptorBufferInfo::default()
                            .buffer(b.inner.buffer)
                            .offset(b.inner.offset)
                            .range(b.inner.binding_range())]
                    })
                    .collect();
                let writes: Vec<vk::WriteDescriptorSet> = dispatch
                    .pipeline
                    .bindings()
                    .iter()
                    .zip(&infos)
                    .filter(|(binding, _)| binding.is_descriptor())
                    .map(|(binding, info)| {
                        vk::WriteDescriptorSet::default()
                            .dst_set(sets[binding.set as usize])
                            .dst_binding(binding.binding)
                            .descriptor_type(vk::DescriptorType::STORAGE_BUFFER)
                            .buffer_info(info)
                    })
                    .collect();
                device.update_descriptor_sets(&writes, &[]);
                dispatch_sets.push(sets);
            }

            let cb = recording.command_buffer;
            device
                .begin_command_buffer(cb, &vk::CommandBufferBeginInfo::default())
                .map_err(vk_error("vkBeginCommandBuffer"))?;
            if recording.query_pool != vk::QueryPool::null() {
                device.cmd_reset_query_pool(
                    cb,
                    recording.query_pool,
                    0,
                    2 * self.dispatches.len() as u32,
                );
            }
            if let Some(progress) = &recording.progress {
                device.cmd_fill_buffer(cb, progress.buffer, 0, 4, 0);
            }
            // Writes of earlier submissions (staged uploads, previous runs) before this run.
            let incoming = vk::MemoryBarrier::default()
                .src_access_mask(vk::AccessFlags::TRANSFER_WRITE | vk::AccessFlags::SHADER_WRITE)
                .dst_access_mask(vk::AccessFlags::SHADER_READ | vk::AccessFlags::SHADER_WRITE);
            device.cmd_pipeline_barrier(
                cb,
                vk::PipelineStageFlags::TRANSFER | vk::PipelineStageFlags::COMPUTE_SHADER,
                vk::PipelineStageFlags::COMPUTE_SHADER,
                vk::DependencyFlags::empty(),
                &[incoming],
                &[],
                &[],
            );
            let barriers = self.barriers();
            let mut next_barrier = barriers.iter().peekable();
            let buffer_by_key: HashMap<BufferKey, vk::Buffer> = self
                .dispatches
                .iter()
                .flat_map(|d| &d.buffers)
                .map(|b| (b.inner.id, b.inner.buffer))
                .collect();
            let mut bound_pipeline = vk::Pipeline::null();
            for (index, (dispatch, sets)) in self.dispatches.iter().zip(&dispatch_sets).enumerate()
            {
                let mut after_barrier = index == 0;
                if let Some(barrier) = next_barrier.next_if(|b| b.before_dispatch == index) {
                    let buffer_barriers: Vec<vk::BufferMemoryBarrier> = barrier
                        .memory_buffers()
                        .iter()
                        .map(|key| {
                            vk::BufferMemoryBarrier::default()
                                .src_access_mask(vk::AccessFlags::SHADER_WRITE)
                                .dst_access_mask(
                                    vk::AccessFlags::SHADER_READ | vk::AccessFlags::SHADER_WRITE,
                                )
                                .src_queue_family_index(vk::QUEUE_FAMILY_IGNORED)
                                .dst_queue_family_index(vk::QUEUE_FAMILY_IGNORED)
                                .buffer(buffer_by_key[key])
                                .offset(0)
                                .size(vk::WHOLE_SIZE)
                        })
                        .collect();
                    device.cmd_pipeline_barrier(
                        cb,
                        vk::PipelineStageFlags::COMPUTE_SHADER,
                        vk::PipelineStageFlags::COMPUTE_SHADER,
                        vk::DependencyFlags::empty(),
                        &[],
                        &buffer_barriers,
                        &[],
                    );
                    after_barrier = true;
                }
                let inner = &dispatch.pipeline.inner;
                if inner.pipeline != bound_pipeline {
                    device.cmd_bind_pipeline(cb, vk::PipelineBindPoint::COMPUTE, inner.pipeline);
                    bound_pipeline = inner.pipeline;
                }
                if !sets.is_empty() {
                    device.cmd_bind_descriptor_sets(
                        cb,
                        vk::PipelineBindPoint::COMPUTE,
                        inner.layout,
                        0,
                        sets,
                        &[],
                    );
                }
                if !dispatch.push_constants.is_empty() {
                    device.cmd_push_constants(
                        cb,
                        inner.layout,
                        vk::ShaderStageFlags::COMPUTE,
                        0,
                        &dispatch.push_constants,
                    );
                }
                if recording.query_pool != vk::QueryPool::null() {
                    // After a barrier (or at the start) the dispatch begins when earlier
                    // compute work is done; otherwise it may start as soon as it is reached.
                    let start_stage = if after_barrier {
                        vk::PipelineStageFlags::COMPUTE_SHADER
                    } else {
                        vk::PipelineStageFlags::TOP_OF_PIPE
                    };
                    device.cmd_write_timestamp(
                        cb,
                        start_stage,
                        recording.query_pool,
                        2 * index as u32,
                    );
                }
                let [x, y, z] = dispatch.workgroups;
                device.cmd_dispatch(cb, x, y, z);
                if recording.query_pool != vk::QueryPool::null() {
                    device.cmd_write_timestamp(
                        cb,
                        vk::PipelineStageFlags::BOTTOM_OF_PIPE,
                        recording.query_pool,
                        2 * index as u32 + 1,
                    );
                }
                if let Some(log) = &recording.guard_log {
                    record_guard_copies(device, cb, log, index, dispatch);
                }
                if let Some(progress) = &recording.progress {
                    // After the dispatch and the earlier fills complete; nothing waits for
                    // this fill.
                    let earlier_fills = vk::MemoryBarrier::default()
                        .src_access_mask(vk::AccessFlags::TRANSFER_WRITE)
                        .dst_access_mask(vk::AccessFlags::TRANSFER_WRITE);
                    device.cmd_pipeline_barrier(
                        cb,
                        vk::PipelineStageFlags::COMPUTE_SHADER | vk::PipelineStageFlags::TRANSFER,
                        vk::PipelineStageFlags::TRANSFER,
                        vk::DependencyFlags::empty(),
                        &[earlier_fills],
                        &[],
                        &[],
                    );
                    device.cmd_fill_buffer(cb, progress.buffer, 0, 4, index as u32 + 1);
                }
            }
            // Results become readable by the host (mapped memory) and by staged downloads.
            let outgoing = vk::MemoryBarrier::default()
                .src_access_mask(vk::AccessFlags::SHADER_WRITE)
                .dst_access_mask(vk::AccessFlags::HOST_READ | vk::AccessFlags::TRANSFER_READ);
            device.cmd_pipeline_barrier(
                cb,
                vk::PipelineStageFlags::COMPUTE_SHADER,
                vk::PipelineStageFlags::HOST | vk::PipelineStageFlags::TRANSFER,
                vk::DependencyFlags::empty(),
                &[outgoing],
                &[],
                &[],
            );
            device
                .end_command_buffer(cb)
                .map_err(vk_error("vkEndCommandBuffer"))?;
        }
        Ok(())
    }
}

impl Schedule {
    /// The bounds-checking mode's guard log: a slot per binding of every dispatch.
    fn create_guard_log(&self, shared: &DeviceShared) -> Result<GuardLog> {
        let entries: Vec<(usize, usize)> = self
            .dispatches
            .iter()
            .enumerate()
            .flat_map(|(d, dispatch)| (0..dispatch.buffers.len()).map(move |b| (d, b)))
            .collect();
        let slot_bytes = self
            .dispatches
            .iter()
            .flat_map(|d| &d.buffers)
            .map(|b| 2 * b.inner.offset)
            .max()
            .unwrap_or(0);
        Ok(GuardLog {
            host: HostBuffer::new(shared, "guard log", entries.len() as u64 * slot_bytes)?,
            entries,
            slot_bytes,
        })
    }
}

/// After dispatch `index`: copies the guards of each of its buffers into the guard log, with
/// the barriers that order the copies after the dispatch and before later dispatches.
///
/// # Safety
/// `cb` is recording; the log and the dispatch's buffers are live objects of `device`.
unsafe fn record_guard_copies(
    device: &ash::Device,
    cb: vk::CommandBuffer,
    log: &GuardLog,
    index: usize,
    dispatch: &Dispatch,
) {
    let written = vk::MemoryBarrier::default()
        .src_access_mask(vk::AccessFlags::SHADER_WRITE)
        .dst_access_mask(vk::AccessFlags::TRANSFER_READ);
    // SAFETY: (whole function) as the caller promises; every copy region lies inside its
    // buffer (the guards) and its log slot.
    unsafe {
        device.cmd_pipeline_barrier(
            cb,
            vk::PipelineStageFlags::COMPUTE_SHADER,
            vk::PipelineStageFlags::TRANSFER,
            vk::DependencyFlags::empty(),
            &[written],
            &[],
            &[],
        );
        for (slot, &(d, binding)) in log.entries.iter().enumerate() {
            if d != index {
                continue;
            }
            let buffer = &dispatch.buffers[binding];
            let base = slot as u64 * log.slot_bytes;
            let regions: Vec<vk::BufferCopy> = buffer
                .guard_ranges()
                .iter()
                .zip([0, log.slot_bytes / 2])
                .filter(|((start, end), _)| end > start)
                .map(|(&(start, end), at)| {
                    vk::BufferCopy::default()
                        .src_offset(start)
                        .dst_offset(base + at)
                        .size(end - start)
                })
                .collect();
            if !regions.is_empty() {
                device.cmd_copy_buffer(cb, buffer.inner.buffer, log.host.buffer, &regions);
            }
        }
        // The next dispatch may overwrite what was copied (an execution dependency), and the
        // host reads the log after the fence.
        let copied = vk::MemoryBarrier::default()
            .src_access_mask(vk::AccessFlags::TRANSFER_WRITE)
            .dst_access_mask(vk::AccessFlags::HOST_READ);
        device.cmd_pipeline_barrier(
            cb,
            vk::PipelineStageFlags::TRANSFER,
            vk::PipelineStageFlags::COMPUTE_SHADER | vk::PipelineStageFlags::HOST,
            vk::DependencyFlags::empty(),
            &[copied],
            &[],
            &[],
        );
    }
}

/// How much longer than the device timeout dropping a schedule waits for a timed-out run.
const TEARDOWN_GRACE: Duration = Duration::from_secs(10);

/// Destroys a recording's objects; returns `false`, destroying nothing, when a timed-out run
/// of it is still executing after a grace period: then everything that run uses must stay
/// alive (the caller leaks it), since freeing it under a running kernel is a use-after-free
/// (on lavapipe, in this process's heap).
fn destroy_recording(shared: &DeviceShared, mut recording: Recording) -> bool {
    let device = &shared.device;
    let grace = shared.timeout + TEARDOWN_GRACE;
    if recording.in_flight
        && shared
            .wait_fence_for(recording.fence, "schedule teardown", grace)
            .is_err()
    {
        return false;
    }
    // SAFETY: the command buffer is not pending (never submitted, or its fence signalled);
    // destroying the pool frees the command buffer, the descriptor pool its sets.
    unsafe {
        device.destroy_command_pool(recording.command_pool, None);
        device.destroy_descriptor_pool(recording.descriptor_pool, None);
        device.destroy_query_pool(recording.query_pool, None);
        device.destroy_fence(recording.fence, None);
    }
    // SAFETY: as above: no pending command buffer writes them.
    unsafe {
        if let Some(log) = recording.guard_log.take() {
            log.host.destroy(shared);
        }
        if let Some(progress) = recording.progress.take() {
            progress.destroy(shared);
        }
    }
    true
}

impl Drop for Schedule {
    fn drop(&mut self) {
        if let Some(recording) = self.recording.take() {
            if !destroy_recording(&self.device, recording) {
                // A run still executes: its buffers, pipelines and the device itself stay
                // alive for the rest of the process (leaked, never freed under it).
                crate::instance::trace("schedule teardown: a run still executes; leaking it");
                std::mem::forget(std::mem::take(&mut self.dispatches));
                std::mem::forget(self.device.clone());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Access::*;

    #[test]
    fn independent_dispatches_need_no_barrier() {
        let plan = plan_barriers(&[
            vec![(1, ReadOnly), (2, ReadOnly), (3, WriteOnly)],
            vec![(1, ReadOnly), (2, ReadOnly), (4, WriteOnly)],
        ]);
        assert!(plan.is_empty(), "{plan:?}");
    }

    #[test]
    fn a_chain_needs_one_memory_barrier_on_the_intermediate() {
        let plan = plan_barriers(&[
            vec![(1, ReadOnly), (2, ReadOnly), (3, WriteOnly)],
            vec![(3, ReadOnly), (4, WriteOnly)],
        ]);
        assert_eq!(plan.len(), 1);
        assert_eq!(plan[0].before_dispatch, 1);
        assert_eq!(plan[0].memory_buffers(), vec![3]);
        assert_eq!(plan[0].hazards[0].kind, HazardKind::ReadAfterWrite);
    }

    #[test]
    fn write_after_read_needs_only_an_execution_barrier() {
        let plan = plan_barriers(&[vec![(1, ReadOnly), (2, WriteOnly)], vec![(1, WriteOnly)]]);
        assert_eq!(plan.len(), 1);
        assert_eq!(plan[0].hazards[0].kind, HazardKind::WriteAfterRead);
        assert!(plan[0].memory_buffers().is_empty());
    }

    #[test]
    fn write_after_write_and_pending_writes_survive_unrelated_barriers() {
        // 0 writes A; 1 reads B written by nobody but writes C; 2 reads C (barrier on C only);
        // 3 reads A: A's write is still pending, so a second barrier names A.
        let plan = plan_barriers(&[
            vec![(10, WriteOnly)],
            vec![(11, ReadOnly), (12, WriteOnly)],
            vec![(12, ReadOnly)],
            vec![(10, ReadOnly)],
            vec![(10, WriteOnly)],
        ]);
        let points: Vec<(usize, Vec<u64>)> = plan
            .iter()
            .map(|b| (b.before_dispatch, b.memory_buffers()))
            .collect();
        // Dispatch 4 overwrites A after 3 read it (WAR) but A's write was already made visible.
        assert_eq!(points, vec![(2, vec![12]), (3, vec![10]), (4, vec![])]);
        assert_eq!(plan[2].hazards[0].kind, HazardKind::WriteAfterRead);
    }

    #[test]
    fn read_write_in_place_updates_chain() {
        let plan = plan_barriers(&[vec![(1, ReadWrite)], vec![(1, ReadWrite)]]);
        assert_eq!(plan.len(), 1);
        assert_eq!(plan[0].memory_buffers(), vec![1]);
    }
}

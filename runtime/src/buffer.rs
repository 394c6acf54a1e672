//! Storage buffers through gpu-allocator, and moving typed data in and out of them.
//!
//! Placement follows [`crate::MemoryStrategy`]: mapped host-visible memory (CPU devices,
//! unified memory) is written and read directly; device-local memory is filled and read back
//! through a temporary staging buffer and a copy on the compute queue. Sizes are checked
//! against `maxStorageBufferRange` and `maxMemoryAllocationSize` before anything is allocated.
//! A zero-size buffer is valid: it is backed by a 4-byte allocation so that it can be bound.
//!
//! In the bounds-checking mode ([`crate::DeviceConfig::check_bounds`]) the Vulkan buffer holds
//! [`GUARD_BYTES`] of [`GUARD_WORD`]s before and after the data; the data starts at
//! `BufferInner::offset`, which every binding, copy and device address adds. Schedules check the
//! guards after each dispatch (`schedule.rs`).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use ash::vk;
use gpu_allocator::vulkan::{Allocation, AllocationCreateDesc, AllocationScheme};
use gpu_allocator::MemoryLocation;
use ndarray::{ArrayD, ArrayView, ArrayViewMut, Dimension, IxDyn};

use crate::device::{lock, Device, DeviceShared, StagingBuffer, TransferContext, STAGING_CHUNK};
use crate::error::{vk_error, Result, RuntimeError};

/// Element types that can be uploaded and downloaded: plain-old-data numbers.
pub trait Element: bytemuck::Pod + private::Sealed {
    /// The type's name in messages (`"f32"`, `"f16"`, ...).
    const NAME: &'static str;
}

mod private {
    pub trait Sealed {}
}

macro_rules! elements {
    ($($t:ty => $name:literal),* $(,)?) => {
        $( impl private::Sealed for $t {} impl Element for $t { const NAME: &'static str = $name; } )*
    };
}
elements!(
    f32 => "f32", half::f16 => "f16", f64 => "f64",
    i8 => "i8", i16 => "i16", i32 => "i32", i64 => "i64",
    u8 => "u8", u16 => "u16", u32 => "u32", u64 => "u64",
);

static NEXT_BUFFER_ID: AtomicU64 = AtomicU64::new(1);

/// Bytes of guard region on each side of a buffer in the bounds-checking mode: a stray access
/// further away than this from the binding is not seen (it lands in other memory).
pub const GUARD_BYTES: u64 = 4096;

/// The guard regions' fill pattern: a NaN as f32 (a kernel that reads a guard gives visibly
/// wrong numbers), -4531283 as i32.
pub const GUARD_WORD: u32 = 0xFFBA_DBAD;

/// A storage buffer on a [`Device`]. Cloning gives another handle to the same buffer; the
/// memory is freed when the last handle (including those held by schedules) goes.
#[derive(Clone)]
pub struct Buffer {
    pub(crate) inner: Arc<BufferInner>,
}

impl std::fmt::Debug for Buffer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Buffer")
            .field("name", &self.inner.name)
            .field("size", &self.inner.size)
            .field("mapped", &self.inner.mapped)
            .finish()
    }
}

pub(crate) struct BufferInner {
    pub device: Arc<DeviceShared>,
    pub buffer: vk::Buffer,
    allocation: Mutex<Option<Allocation>>,
    /// Unique per process: the key barrier planning uses.
    pub id: u64,
    pub name: String,
    /// Requested size in bytes (may be 0).
    pub size: u64,
    /// Size of the data range (at least 4 and a multiple of 4): what a binding covers.
    pub vk_size: u64,
    /// Where the data starts in the Vulkan buffer: 0, or the guard size in the
    /// bounds-checking mode (then the buffer is `offset + vk_size + offset` bytes).
    pub offset: u64,
    mapped: bool,
}

impl Device {
    /// Creates an uninitialised storage buffer of `size` bytes named `name` (the name appears
    /// in errors).
    pub fn create_buffer(&self, name: &str, size: u64) -> Result<Buffer> {
        let shared = &self.shared;
        let limits = &shared.info.limits;
        let oversize = |limit_name, limit| RuntimeError::OversizeBuffer {
            buffer: name.to_string(),
            requested: size,
            limit_name,
            limit,
        };
        // Past the range a kernel can reach the buffer only through its device address (a
        // descriptor cannot cover it: `Schedule::push` refuses that binding).
        if size > u64::from(limits.max_storage_buffer_range)
            && !shared.enabled.buffer_device_address
        {
            return Err(oversize(
                "maxStorageBufferRange",
                u64::from(limits.max_storage_buffer_range),
            ));
        }
        if size > limits.max_memory_allocation_size {
            return Err(oversize(
                "maxMemoryAllocationSize",
                limits.max_memory_allocation_size,
            ));
        }
        // Rounded up to whole words (kernels may read byte buffers as u32), but never past the
        // binding limit.
        let vk_size = size
            .max(4)
            .next_multiple_of(4)
            .min(size.max(u64::from(limits.max_storage_buffer_range)));
        let location = if shared.staged {
            MemoryLocation::GpuOnly
        } else {
            MemoryLocation::GpuToCpu
        };
        let usage = vk::BufferUsageFlags::STORAGE_BUFFER
            | vk::BufferUsageFlags::TRANSFER_SRC
            | vk::BufferUsageFlags::TRANSFER_DST
            | if shared.enabled.buffer_device_address {
                vk::BufferUsageFlags::SHADER_DEVICE_ADDRESS
            } else {
                vk::BufferUsageFlags::empty()
            };
        let offset = if shared.check_bounds {
            GUARD_BYTES.next_multiple_of(limits.min_storage_buffer_offset_alignment.max(4))
        } else {
            0
        };
        let (buffer, allocation) =
            create_raw_buffer(shared, name, vk_size + 2 * offset, usage, location)?;
        let mapped = allocation.mapped_ptr().is_some() && !shared.staged;
        let buffer = Buffer {
            inner: Arc::new(BufferInner {
                device: shared.clone(),
                buffer,
                allocation: Mutex::new(Some(allocation)),
                id: NEXT_BUFFER_ID.fetch_add(1, Ordering::Relaxed),
                name: name.to_string(),
                size,
                vk_size,
                offset,
                mapped,
            }),
        };
        if offset > 0 {
            buffer.fill_guards()?;
        }
        Ok(buffer)
    }

    /// Creates a buffer holding a copy of `data`.
    pub fn create_buffer_with<T: Element>(&self, name: &str, data: &[T]) -> Result<Buffer> {
        let buffer = self.create_buffer(name, std::mem::size_of_val(data) as u64)?;
        buffer.upload(data)?;
        Ok(buffer)
    }
}

pub(crate) fn create_raw_buffer(
    shared: &DeviceShared,
    name: &str,
    size: u64,
    usage: vk::BufferUsageFlags,
    location: MemoryLocation,
) -> Result<(vk::Buffer, Allocation)> {
    let device = &shared.device;
    // SAFETY: a valid create-info of a non-zero size on a live device.
    let buffer = unsafe {
        device.create_buffer(
            &vk::BufferCreateInfo::default()
                .size(size)
                .usage(usage)
                .sharing_mode(vk::SharingMode::EXCLUSIVE),
            None,
        )
    }
    .map_err(vk_error("vkCreateBuffer"))?;
    // SAFETY: `buffer` was just created on `device`.
    let requirements = unsafe { device.get_buffer_memory_requirements(buffer) };
    let allocation = {
        let mut allocator = shared.allocator();
        match allocator.as_mut() {
            Some(allocator) => allocator
                .allocate(&AllocationCreateDesc {
                    name,
                    requirements,
                    location,
                    linear: true,
                    allocation_scheme: AllocationScheme::GpuAllocatorManaged,
                })
                .map_err(|error| match error {
                    gpu_allocator::AllocationError::OutOfMemory => RuntimeError::OutOfMemory {
                        what: format!("allocating {size} bytes for buffer `{name}`"),
                    },
                    other => RuntimeError::OutOfMemory {
                        what: format!("allocating {size} bytes for buffer `{name}` ({other})"),
                    },
                }),
            None => Err(RuntimeError::DeviceLost {
                what: format!("allocating buffer `{name}` (the allocator is gone)"),
            }),
        }
    };
    let allocation = match allocation {
        Ok(allocation) => allocation,
        Err(error) => {
            // SAFETY: the buffer has no memory bound and is not in use.
            unsafe { device.destroy_buffer(buffer, None) };
            return Err(error);
        }
    };
    // SAFETY: the allocation satisfies `requirements` of this buffer and is not bound elsewhere.
    if let Err(result) =
        unsafe { device.bind_buffer_memory(buffer, allocation.memory(), allocation.offset()) }
    {
        // SAFETY: as above; the allocation is returned to the allocator.
        unsafe { device.destroy_buffer(buffer, None) };
        if let Some(allocator) = shared.allocator().as_mut() {
            let _ = allocator.free(allocation);
        }
        return Err(RuntimeError::from_vk("vkBindBufferMemory", result));
    }
    Ok((buffer, allocation))
}

/// Which staging buffer of the transfer context a copy uses.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Direction {
    Upload,
    Download,
}

/// The staging buffer for `direction`, grown to at least `size` bytes (at most
/// [`STAGING_CHUNK`]).
fn staging_buffer<'t>(
    shared: &DeviceShared,
    transfer: &'t mut TransferContext,
    direction: Direction,
    size: u64,
) -> Result<&'t mut StagingBuffer> {
    let slot = match direction {
        Direction::Upload => &mut transfer.upload_staging,
        Direction::Download => &mut transfer.download_staging,
    };
    if slot.as_ref().is_some_and(|staging| staging.size < size) {
        if let Some(old) = slot.take() {
            shared.free_staging(old);
        }
    }
    if slot.is_none() {
        let (location, name) = match direction {
            Direction::Upload => (MemoryLocation::CpuToGpu, "upload staging"),
            Direction::Download => (MemoryLocation::GpuToCpu, "download staging"),
        };
        let usage = vk::BufferUsageFlags::TRANSFER_SRC | vk::BufferUsageFlags::TRANSFER_DST;
        let (buffer, allocation) = create_raw_buffer(shared, name, size, usage, location)?;
        if allocation.mapped_ptr().is_none() {
            shared.free_staging(StagingBuffer {
                buffer,
                allocation,
                size,
            });
            return Err(RuntimeError::UnsupportedFeature {
                device: shared.info.name.clone(),
                what: "host-visible memory for a staging buffer could not be mapped".into(),
            });
        }
        *slot = Some(StagingBuffer {
            buffer,
            allocation,
            size,
        });
    }
    slot.as_mut().ok_or_else(|| RuntimeError::OutOfMemory {
        what: "creating a staging buffer".into(),
    })
}

fn mapped_bytes(staging: &mut StagingBuffer) -> &mut [u8] {
    staging.allocation.mapped_slice_mut().unwrap_or_default()
}

impl BufferInner {
    /// The bytes a descriptor binds from `offset`: the data, and in the bounds-checking mode
    /// the guard after it too, so that a driver which drops stores past the binding's range
    /// (lavapipe does: robust buffer access) still lets a stray store reach the guard.
    /// Never past `maxStorageBufferRange` (a buffer larger than that is bound only by device
    /// address, or shared by tensors of which each bound one fits the range).
    pub fn binding_range(&self) -> u64 {
        let limit = u64::from(self.device.info.limits.max_storage_buffer_range);
        (self.vk_size + self.offset).min(limit)
    }
}

impl Buffer {
    /// The guard regions' byte ranges in the Vulkan buffer (before, after the data); empty
    /// outside the bounds-checking mode.
    pub(crate) fn guard_ranges(&self) -> [(u64, u64); 2] {
        let inner = &*self.inner;
        if inner.offset == 0 {
            return [(0, 0), (0, 0)];
        }
        let after = inner.offset + inner.vk_size;
        [(0, inner.offset), (after, after + inner.offset)]
    }

    /// Fills both guard regions with [`GUARD_WORD`].
    pub(crate) fn fill_guards(&self) -> Result<()> {
        let inner = &*self.inner;
        if inner.mapped {
            let mut allocation = lock(&inner.allocation);
            let bytes = allocation
                .as_mut()
                .and_then(|a| a.mapped_slice_mut())
                .ok_or_else(|| self.not_mapped())?;
            for (start, end) in self.guard_ranges() {
                for word in bytes[start as usize..end as usize].chunks_exact_mut(4) {
                    word.copy_from_slice(&GUARD_WORD.to_ne_bytes());
                }
            }
            return Ok(());
        }
        let shared = &*inner.device;
        let what = format!("filling the guards of buffer `{}`", inner.name);
        let mut transfer = shared.transfer(&what)?;
        let (buffer, ranges) = (inner.buffer, self.guard_ranges());
        shared.submit_and_wait(&mut transfer, &what, |device, cb| {
            for (start, end) in ranges {
                // SAFETY: the range lies inside the live buffer (TRANSFER_DST usage), offset
                // and size are multiples of 4; `cb` is recording.
                unsafe { device.cmd_fill_buffer(cb, buffer, start, end - start, GUARD_WORD) };
            }
        })
    }

    /// The debug name given at creation.
    pub fn name(&self) -> &str {
        &self.inner.name
    }

    /// Size in bytes as requested (0 is allowed).
    pub fn size(&self) -> u64 {
        self.inner.size
    }

    /// Whether the buffer is mapped host memory (`false`: device-local with staging copies).
    pub fn is_mapped(&self) -> bool {
        self.inner.mapped
    }

    /// The buffer's GPU address when `bufferDeviceAddress` is enabled.
    pub fn device_address(&self) -> Option<u64> {
        let shared = &self.inner.device;
        if !shared.enabled.buffer_device_address {
            return None;
        }
        // SAFETY: the buffer was created with SHADER_DEVICE_ADDRESS usage because the feature
        // is enabled.
        Some(unsafe {
            shared.device.get_buffer_device_address(
                &vk::BufferDeviceAddressInfo::default().buffer(self.inner.buffer),
            ) + self.inner.offset
        })
    }

    /// Writes `data` to the start of the buffer.
    pub fn upload<T: Element>(&self, data: &[T]) -> Result<()> {
        self.upload_bytes(bytemuck::cast_slice(data))
    }

    /// Writes an ndarray view (any layout; copied to standard order when needed).
    pub fn upload_array<T: Element, D: Dimension>(&self, view: ArrayView<'_, T, D>) -> Result<()> {
        match view.as_slice() {
            Some(slice) => self.upload(slice),
            None => self.upload(&view.iter().copied().collect::<Vec<T>>()),
        }
    }

    /// Writes raw bytes to the start of the buffer.
    pub fn upload_bytes(&self, bytes: &[u8]) -> Result<()> {
        self.upload_with(bytes.len() as u64, |at, target| {
            target.copy_from_slice(&bytes[at..at + target.len()]);
            Ok(())
        })
    }

    /// Fills the buffer's first `len` bytes from `source`, which must yield them all: read
    /// straight into the mapped memory (CPU devices, unified memory) or into the staging
    /// buffer, chunk by chunk, with no copy of the whole data in host memory (an artifact's
    /// weights, from its file).
    pub fn upload_from_reader(&self, source: &mut dyn std::io::Read, len: u64) -> Result<()> {
        let name = &self.inner.name;
        self.upload_with(len, |_, target| {
            source
                .read_exact(target)
                .map_err(|error| RuntimeError::UploadSource {
                    buffer: name.clone(),
                    reason: error.to_string(),
                })
        })
    }

    /// Uploads `len` bytes that `fill(at, target)` writes: `target` holds the bytes from
    /// `at` on, in order (the mapped memory, or each staging chunk).
    fn upload_with(
        &self,
        len: u64,
        mut fill: impl FnMut(usize, &mut [u8]) -> Result<()>,
    ) -> Result<()> {
        let inner = &*self.inner;
        if len > inner.size {
            return Err(RuntimeError::BufferSize {
                buffer: inner.name.clone(),
                buffer_size: inner.size,
                what: format!("cannot upload {len} bytes into it"),
            });
        }
        if len == 0 {
            return Ok(());
        }
        let len = len as usize;
        if inner.mapped {
            let mut allocation = lock(&inner.allocation);
            let target = allocation
                .as_mut()
                .and_then(|a| a.mapped_slice_mut())
                .ok_or_else(|| self.not_mapped())?;
            let at = inner.offset as usize;
            return fill(0, &mut target[at..at + len]);
        }
        let shared = &*inner.device;
        let what = format!("upload to buffer `{}`", inner.name);
        let mut transfer = shared.transfer(&what)?;
        let chunk_size = (len as u64).min(STAGING_CHUNK) as usize;
        let mut done = 0usize;
        while done < len {
            let chunk = chunk_size.min(len - done);
            let staging =
                staging_buffer(shared, &mut transfer, Direction::Upload, chunk_size as u64)?;
            fill(done, &mut mapped_bytes(staging)[..chunk])?;
            let (source, target) = (staging.buffer, inner.buffer);
            let region = vk::BufferCopy::default()
                .dst_offset(inner.offset + done as u64)
                .size(chunk as u64);
            shared.submit_and_wait(&mut transfer, &what, |device, cb| {
                // SAFETY: both buffers are live with TRANSFER usage and the region lies inside
                // both; `cb` is recording.
                unsafe { device.cmd_copy_buffer(cb, source, target, &[region]) };
            })?;
            done += chunk;
        }
        Ok(())
    }

    /// Reads the whole buffer as elements of `T`; the size must be a multiple of `T`'s size.
    pub fn download<T: Element>(&self) -> Result<Vec<T>> {
        let element = std::mem::size_of::<T>() as u64;
        if self.inner.size.checked_rem(element) != Some(0) {
            return Err(RuntimeError::BufferSize {
                buffer: self.inner.name.clone(),
                buffer_size: self.inner.size,
                what: format!("not a whole number of {} elements", T::NAME),
            });
        }
        let mut out = vec![T::zeroed(); (self.inner.size / element) as usize];
        self.download_into(bytemuck::cast_slice_mut(&mut out))?;
        Ok(out)
    }

    /// Reads the buffer as an array of `shape` (standard layout); the shape must cover the
    /// buffer exactly.
    pub fn download_array<T: Element>(&self, shape: &[usize]) -> Result<ArrayD<T>> {
        let count: usize = shape.iter().product();
        let wanted = (count * std::mem::size_of::<T>()) as u64;
        if wanted != self.inner.size {
            return Err(RuntimeError::BufferSize {
                buffer: self.inner.name.clone(),
                buffer_size: self.inner.size,
                what: format!("shape {shape:?} of {} needs {wanted} bytes", T::NAME),
            });
        }
        let data = self.download::<T>()?;
        ArrayD::from_shape_vec(IxDyn(shape), data).map_err(|error| RuntimeError::BufferSize {
            buffer: self.inner.name.clone(),
            buffer_size: self.inner.size,
            what: format!("shape {shape:?}: {error}"),
        })
    }

    /// Fills an ndarray view (any layout) from the start of the buffer, in the view's logical
    /// (row-major) order.
    pub fn download_to_array<T: Element, D: Dimension>(
        &self,
        mut view: ArrayViewMut<'_, T, D>,
    ) -> Result<()> {
        if let Some(slice) = view.as_slice_mut() {
            return self.download_into(bytemuck::cast_slice_mut(slice));
        }
        let mut data = vec![T::zeroed(); view.len()];
        self.download_into(bytemuck::cast_slice_mut(&mut data))?;
        view.iter_mut()
            .zip(data)
            .for_each(|(out, value)| *out = value);
        Ok(())
    }

    /// Reads the whole buffer as bytes.
    pub fn download_bytes(&self) -> Result<Vec<u8>> {
        let mut out = vec![0u8; self.inner.size as usize];
        self.download_into(&mut out)?;
        Ok(out)
    }

    /// Fills `out` from the start of the buffer.
    pub fn download_into(&self, out: &mut [u8]) -> Result<()> {
        let inner = &*self.inner;
        if out.len() as u64 > inner.size {
            return Err(RuntimeError::BufferSize {
                buffer: inner.name.clone(),
                buffer_size: inner.size,
                what: format!("cannot download {} bytes from it", out.len()),
            });
        }
        if out.is_empty() {
            return Ok(());
        }
        if inner.mapped {
            let allocation = lock(&inner.allocation);
            let source = allocation
                .as_ref()
                .and_then(|a| a.mapped_slice())
                .ok_or_else(|| self.not_mapped())?;
            let at = inner.offset as usize;
            out.copy_from_slice(&source[at..at + out.len()]);
            return Ok(());
        }
        let shared = &*inner.device;
        let what = format!("download from buffer `{}`", inner.name);
        let mut transfer = shared.transfer(&what)?;
        let chunk_size = (out.len() as u64).min(STAGING_CHUNK);
        for (index, chunk) in out.chunks_mut(chunk_size as usize).enumerate() {
            let staging = staging_buffer(shared, &mut transfer, Direction::Download, chunk_size)?;
            let (source, target) = (inner.buffer, staging.buffer);
            let region = vk::BufferCopy::default()
                .src_offset(inner.offset + index as u64 * chunk_size)
                .size(chunk.len() as u64);
            shared.submit_and_wait(&mut transfer, &what, |device, cb| {
                let before = vk::MemoryBarrier::default()
                    .src_access_mask(
                        vk::AccessFlags::SHADER_WRITE | vk::AccessFlags::TRANSFER_WRITE,
                    )
                    .dst_access_mask(vk::AccessFlags::TRANSFER_READ);
                let after = vk::MemoryBarrier::default()
                    .src_access_mask(vk::AccessFlags::TRANSFER_WRITE)
                    .dst_access_mask(vk::AccessFlags::HOST_READ);
                // SAFETY: both buffers are live with TRANSFER usage and the region lies inside
                // both; `cb` is recording. The barriers order earlier shader/transfer writes
                // before the copy and the copy before host reads.
                unsafe {
                    device.cmd_pipeline_barrier(
                        cb,
                        vk::PipelineStageFlags::COMPUTE_SHADER | vk::PipelineStageFlags::TRANSFER,
                        vk::PipelineStageFlags::TRANSFER,
                        vk::DependencyFlags::empty(),
                        &[before],
                        &[],
                        &[],
                    );
                    device.cmd_copy_buffer(cb, source, target, &[region]);
                    device.cmd_pipeline_barrier(
                        cb,
                        vk::PipelineStageFlags::TRANSFER,
                        vk::PipelineStageFlags::HOST,
                        vk::DependencyFlags::empty(),
                        &[after],
                        &[],
                        &[],
                    );
                }
            })?;
            // Re-borrow after the wait: the copy has landed in the staging buffer.
            let staging = staging_buffer(shared, &mut transfer, Direction::Download, chunk_size)?;
            chunk.copy_from_slice(&mapped_bytes(staging)[..chunk.len()]);
        }
        Ok(())
    }

    fn not_mapped(&self) -> RuntimeError {
        RuntimeError::UnsupportedFeature {
            device: self.inner.device.info.name.clone(),
            what: format!(
                "host-visible memory of buffer `{}` could not be mapped",
                self.inner.name
            ),
        }
    }
}

impl Drop for BufferInner {
    fn drop(&mut self) {
        // SAFETY: no schedule uses the buffer any more (schedules hold a handle and wait for
        // their work before dropping it), so it can be destroyed and its memory returned.
        unsafe { self.device.device.destroy_buffer(self.buffer, None) };
        let allocation = self
            .allocation
            .get_mut()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .take();
        if let (Some(allocation), Some(allocator)) = (allocation, self.device.allocator().as_mut())
        {
            let _ = allocator.free(allocation);
        }
    }
}

//! kiln-runtime: Vulkan devices, buffers, pipelines and dispatch schedules through ash and
//! gpu-allocator.

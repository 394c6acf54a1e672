//! Device tests: kernels compiled from the GLSL fixtures in `tests/shaders`, run on the real
//! Vulkan device (lavapipe in CI) and checked against host computations on random data.
//! Each workload is a function taking a `Device`, so that `all_workloads_are_clean_under_validation`
//! can rerun every one of them with the Khronos validation layer switched on explicitly.

mod common;

use std::time::Duration;

use common::{
    assert_close, assert_no_validation_errors, compile_glsl, device_with, serial, skip,
    test_device, test_devices, vector_add_kernel,
};
use half::f16;
use kiln_runtime::{
    Access, Device, DeviceConfig, DeviceSelector, HazardKind, Kernel, MemoryStrategy,
    PipelineCacheLocation, RunTimings, RuntimeError,
};
use ndarray::{Array2, ShapeBuilder};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn random_f32(rng: &mut StdRng, n: usize) -> Vec<f32> {
    (0..n).map(|_| rng.random_range(-100.0f32..100.0)).collect()
}

fn scale_shift_kernel() -> Kernel {
    Kernel::from_bytes("scale_shift", &compile_glsl("scale_shift"))
        .unwrap()
        .binding(0, 0, Access::ReadOnly)
        .binding(0, 1, Access::WriteOnly)
        .push_constants(16)
}

fn scale_shift_push(scale: f32, shift: f32, n: u32, offset: i32) -> Vec<u8> {
    [
        scale.to_le_bytes(),
        shift.to_le_bytes(),
        n.to_le_bytes(),
        offset.to_le_bytes(),
    ]
    .concat()
}

fn vector_add(device: &Device) {
    let mut rng = StdRng::seed_from_u64(1);
    let n = 10_007usize;
    let a = random_f32(&mut rng, n);
    let b = random_f32(&mut rng, n);
    let pipeline = device.create_pipeline(&vector_add_kernel()).unwrap();
    let a_buffer = device.create_buffer_with("a", &a).unwrap();
    let b_buffer = device.create_buffer_with("b", &b).unwrap();
    let c_buffer = device.create_buffer("c", 4 * n as u64).unwrap();
    let mut schedule = device.create_schedule();
    schedule
        .push(
            &pipeline,
            &[&a_buffer, &b_buffer, &c_buffer],
            &(n as u32).to_le_bytes(),
            [(n as u32).div_ceil(64), 1, 1],
        )
        .unwrap();
    assert!(schedule.barriers().is_empty());
    let timings = schedule.run().unwrap();
    let c: Vec<f32> = c_buffer.download().unwrap();
    let expected: Vec<f32> = a.iter().zip(&b).map(|(x, y)| x + y).collect();
    assert_eq!(c, expected, "vector add");
    if device.info().timestamps {
        assert_eq!(timings.dispatch_gpu_ns.len(), 1);
        assert!(timings.gpu_total_ns.is_some());
    }
    // A second run reuses the recording and sees new inputs.
    let a2 = random_f32(&mut rng, n);
    a_buffer.upload(&a2).unwrap();
    schedule.run().unwrap();
    let c2: Vec<f32> = c_buffer.download().unwrap();
    let expected2: Vec<f32> = a2.iter().zip(&b).map(|(x, y)| x + y).collect();
    assert_eq!(c2, expected2, "vector add, second run");
}

/// Dispatch 1 computes t = a + b, dispatch 2 reads t: out = t * scale + shift. Dispatch 3 is
/// independent of both (u = b * 2) and must get no barrier.
fn two_dispatch_chain(device: &Device) {
    let mut rng = StdRng::seed_from_u64(2);
    let n = 4099usize;
    let a = random_f32(&mut rng, n);
    let b = random_f32(&mut rng, n);
    let add = device.create_pipeline(&vector_add_kernel()).unwrap();
    let scale = device.create_pipeline(&scale_shift_kernel()).unwrap();
    let a_buffer = device.create_buffer_with("a", &a).unwrap();
    let b_buffer = device.create_buffer_with("b", &b).unwrap();
    let t_buffer = device.create_buffer("t", 4 * n as u64).unwrap();
    let out_buffer = device.create_buffer("out", 4 * n as u64).unwrap();
    let u_buffer = device.create_buffer("u", 4 * n as u64).unwrap();
    let groups = [(n as u32).div_ceil(64), 1, 1];
    let mut schedule = device.create_schedule();
    schedule
        .push(
            &add,
            &[&a_buffer, &b_buffer, &t_buffer],
            &(n as u32).to_le_bytes(),
            groups,
        )
        .unwrap();
    schedule
        .push(
            &scale,
            &[&t_buffer, &out_buffer],
            &scale_shift_push(0.5, 3.0, n as u32, 0),
            groups,
        )
        .unwrap();
    schedule
        .push(
            &scale,
            &[&b_buffer, &u_buffer],
            &scale_shift_push(2.0, 0.0, n as u32, 0),
            groups,
        )
        .unwrap();
    let barriers = schedule.barriers();
    assert_eq!(barriers.len(), 1, "exactly one barrier: {barriers:?}");
    assert_eq!(barriers[0].before_dispatch, 1);
    assert_eq!(barriers[0].hazards.len(), 1);
    assert_eq!(barriers[0].hazards[0].kind, HazardKind::ReadAfterWrite);
    assert_eq!(
        schedule.buffer_name(barriers[0].hazards[0].buffer),
        Some("t")
    );

    let timings = schedule.run().unwrap();
    let out: Vec<f32> = out_buffer.download().unwrap();
    let expected: Vec<f32> = a.iter().zip(&b).map(|(x, y)| (x + y) * 0.5 + 3.0).collect();
    assert_close(&out, &expected, 1e-6, "chained dispatch");
    let u: Vec<f32> = u_buffer.download().unwrap();
    let expected_u: Vec<f32> = b.iter().map(|y| y * 2.0).collect();
    assert_eq!(u, expected_u, "independent dispatch");
    if device.info().timestamps {
        assert_eq!(timings.dispatch_gpu_ns.len(), 3);
        let total = timings.gpu_total_ns.unwrap();
        assert!(timings.dispatch_gpu_ns.iter().all(|&t| t <= total));
    }
}

fn push_constants(device: &Device) {
    let mut rng = StdRng::seed_from_u64(3);
    let n = 1000usize;
    let x = random_f32(&mut rng, n);
    let pipeline = device.create_pipeline(&scale_shift_kernel()).unwrap();
    let x_buffer = device.create_buffer_with("x", &x).unwrap();
    let y_buffer = device.create_buffer("y", 4 * n as u64).unwrap();
    let (scale, shift, offset) = (rng.random_range(-4.0f32..4.0), 1.25f32, -7i32);
    // Only the first `active` elements are written: n itself comes from the push constants.
    let active = 777u32;
    let mut schedule = device.create_schedule();
    let index = schedule
        .push(
            &pipeline,
            &[&x_buffer, &y_buffer],
            &scale_shift_push(scale, shift, active, offset),
            [(n as u32).div_ceil(64), 1, 1],
        )
        .unwrap();
    y_buffer.upload(&vec![-1.0f32; n]).unwrap();
    schedule.run().unwrap();
    let y: Vec<f32> = y_buffer.download().unwrap();
    let expected: Vec<f32> = (0..n)
        .map(|i| {
            if i < active as usize {
                x[i] * scale + shift + offset as f32
            } else {
                -1.0
            }
        })
        .collect();
    assert_close(&y, &expected, 1e-6, "push constants");

    // New push constants re-record the command buffer.
    schedule
        .set_push_constants(index, &scale_shift_push(-2.0, 0.5, n as u32, 3))
        .unwrap();
    schedule.run().unwrap();
    let y: Vec<f32> = y_buffer.download().unwrap();
    let expected: Vec<f32> = x.iter().map(|v| v * -2.0 + 0.5 + 3.0).collect();
    assert_close(&y, &expected, 1e-6, "updated push constants");

    let error = schedule.set_push_constants(index, &[0; 8]).unwrap_err();
    assert!(
        matches!(error, RuntimeError::InvalidDispatch { .. }),
        "{error}"
    );
}

fn shared_memory_reduction(device: &Device) {
    let mut rng = StdRng::seed_from_u64(4);
    let n: usize = 256 * 37 + 101;
    let groups = n.div_ceil(256);
    let x = random_f32(&mut rng, n);
    let kernel = Kernel::from_bytes("reduce_sum", &compile_glsl("reduce_sum"))
        .unwrap()
        .binding(0, 0, Access::ReadOnly)
        .binding(0, 1, Access::WriteOnly)
        .push_constants(4);
    let pipeline = device.create_pipeline(&kernel).unwrap();
    let x_buffer = device.create_buffer_with("x", &x).unwrap();
    let partial_buffer = device.create_buffer("partial", 4 * groups as u64).unwrap();
    let mut schedule = device.create_schedule();
    schedule
        .push(
            &pipeline,
            &[&x_buffer, &partial_buffer],
            &(n as u32).to_le_bytes(),
            [groups as u32, 1, 1],
        )
        .unwrap();
    schedule.run().unwrap();
    let partial: Vec<f32> = partial_buffer.download().unwrap();
    let expected: Vec<f32> = x
        .chunks(256)
        .map(|chunk| chunk.iter().map(|&v| f64::from(v)).sum::<f64>() as f32)
        .collect();
    // Values up to 100 in magnitude, 256 terms: an f32 tree sum is within ~1e-4 absolute.
    for (group, (got, want)) in partial.iter().zip(&expected).enumerate() {
        assert!(
            (got - want).abs() <= 1e-2,
            "workgroup {group}: sum {got}, expected {want}"
        );
    }
}

fn many_workgroups(device: &Device) {
    let max_x = device.info().limits.max_compute_work_group_count[0];
    // Enough elements that one dimension of workgroups of 64 cannot hold them on lavapipe
    // (65535); capped so large-limit GPUs stay fast.
    let groups_needed = (max_x.min(65535) + 3) as usize;
    let n = groups_needed * 64 - 17;
    let mut rng = StdRng::seed_from_u64(5);
    let a = random_f32(&mut rng, n);
    let b = random_f32(&mut rng, n);
    let pipeline = device.create_pipeline(&vector_add_kernel()).unwrap();
    let a_buffer = device.create_buffer_with("a", &a).unwrap();
    let b_buffer = device.create_buffer_with("b", &b).unwrap();
    let c_buffer = device.create_buffer("c", 4 * n as u64).unwrap();
    let mut schedule = device.create_schedule();
    if groups_needed as u64 > u64::from(max_x) {
        let error = schedule
            .push(
                &pipeline,
                &[&a_buffer, &b_buffer, &c_buffer],
                &(n as u32).to_le_bytes(),
                [groups_needed as u32, 1, 1],
            )
            .unwrap_err();
        assert!(
            error.to_string().contains("maxComputeWorkGroupCount"),
            "{error}"
        );
    }
    let x = (groups_needed as u32).div_ceil(2);
    schedule
        .push(
            &pipeline,
            &[&a_buffer, &b_buffer, &c_buffer],
            &(n as u32).to_le_bytes(),
            [x, 2, 1],
        )
        .unwrap();
    schedule.run().unwrap();
    let c: Vec<f32> = c_buffer.download().unwrap();
    let expected: Vec<f32> = a.iter().zip(&b).map(|(x, y)| x + y).collect();
    assert_eq!(c, expected, "two-dimensional grid");
}

fn typed_round_trips(device: &Device) {
    let mut rng = StdRng::seed_from_u64(6);
    let halves: Vec<f16> = (0..333)
        .map(|_| f16::from_f32(rng.random_range(-8.0..8.0)))
        .collect();
    let buffer = device.create_buffer_with("halves", &halves).unwrap();
    assert_eq!(buffer.download::<f16>().unwrap(), halves);
    let ints: Vec<i32> = (0..100).map(|_| rng.random()).collect();
    let buffer = device.create_buffer_with("ints", &ints).unwrap();
    assert_eq!(buffer.download::<i32>().unwrap(), ints);
    let bytes: Vec<i8> = (0..77).map(|_| rng.random()).collect();
    let buffer = device.create_buffer_with("i8", &bytes).unwrap();
    assert_eq!(buffer.download::<i8>().unwrap(), bytes);
    let ubytes: Vec<u8> = (0..5).map(|_| rng.random()).collect();
    let buffer = device.create_buffer_with("u8", &ubytes).unwrap();
    assert_eq!(buffer.download_bytes().unwrap(), ubytes);
    assert!(buffer.download::<f32>().is_err(), "5 bytes are not f32s");
    // A column-major (non-standard layout) view is uploaded in logical order.
    let matrix = Array2::from_shape_vec((3, 4).f(), random_f32(&mut rng, 12)).unwrap();
    let buffer = device.create_buffer("matrix", 48).unwrap();
    buffer.upload_array(matrix.view()).unwrap();
    let back = buffer.download_array::<f32>(&[3, 4]).unwrap();
    assert_eq!(back, matrix.into_dyn());
    assert!(buffer.download_array::<f32>(&[5, 4]).is_err());
    // Downloading into a transposed (non-contiguous) view fills it in logical order.
    let mut target = Array2::<f32>::zeros((4, 3));
    buffer
        .download_to_array(target.view_mut().reversed_axes())
        .unwrap();
    assert_eq!(target.t().into_dyn(), back);
    // Too much data is a typed error, not a write past the end.
    let error = buffer.upload(&[0.0f32; 13]).unwrap_err();
    assert!(matches!(error, RuntimeError::BufferSize { .. }), "{error}");
    // Zero-size buffers work.
    let empty = device.create_buffer("empty", 0).unwrap();
    empty.upload::<f32>(&[]).unwrap();
    assert!(empty.download::<f32>().unwrap().is_empty());
}

/// f16 and i8 storage buffers read by a kernel using f16 and i8 arithmetic.
fn small_types(device: &Device) {
    let features = device.enabled_features();
    if !(features.shader_float16
        && features.shader_int8
        && features.storage_buffer_16bit_access
        && features.storage_buffer_8bit_access)
    {
        skip(
            "small_types",
            "the device lacks f16/i8 arithmetic or storage: the small-type kernel did not run",
        );
        return;
    }
    let mut rng = StdRng::seed_from_u64(7);
    let n = 3001usize;
    let h: Vec<f16> = (0..n)
        .map(|_| f16::from_f32(rng.random_range(-8.0..8.0)))
        .collect();
    let q: Vec<i8> = (0..n).map(|_| rng.random_range(-100..=100)).collect();
    let kernel = Kernel::from_bytes("widen", &compile_glsl("widen"))
        .unwrap()
        .binding(0, 0, Access::ReadOnly)
        .binding(0, 1, Access::ReadOnly)
        .binding(0, 2, Access::WriteOnly)
        .push_constants(4);
    let pipeline = device.create_pipeline(&kernel).unwrap();
    let h_buffer = device.create_buffer_with("h", &h).unwrap();
    let q_buffer = device.create_buffer_with("q", &q).unwrap();
    let out = device.create_buffer("out", 4 * n as u64).unwrap();
    let mut schedule = device.create_schedule();
    schedule
        .push(
            &pipeline,
            &[&h_buffer, &q_buffer, &out],
            &(n as u32).to_le_bytes(),
            [(n as u32).div_ceil(64), 1, 1],
        )
        .unwrap();
    schedule.run().unwrap();
    let result: Vec<f32> = out.download().unwrap();
    // h has 11 significant bits and q 7: the product is exact in f32.
    let expected: Vec<f32> = h
        .iter()
        .zip(&q)
        .map(|(h, &q)| h.to_f32() * q as f32)
        .collect();
    assert_eq!(result, expected, "f16 x i8");
}

/// A pipeline that requires the device's largest subgroup size gets it; one laid out for a
/// size the device cannot give is refused with the kernel, the size and the device's range.
/// A device whose subgroups have one size runs a kernel laid out for it without pinning.
fn required_subgroup_size(device: &Device) {
    let info = device.info().clone();
    let kernel = Kernel::from_bytes("subgroup_size", &compile_glsl("subgroup_size"))
        .unwrap()
        .binding(0, 0, Access::WriteOnly);
    let too_big = kernel.clone().subgroup_size(info.subgroup.max_size * 2);
    let error = device.create_pipeline(&too_big).unwrap_err();
    let (min, max) = (info.subgroup.min_size, info.subgroup.max_size);
    assert!(
        matches!(error, RuntimeError::UnsupportedFeature { .. })
            && error.to_string().contains(&format!(
                "kernel `subgroup_size`: laid out for subgroups of {} invocations, the device's \
                 subgroups have {min}-{max} invocations",
                max * 2
            )),
        "{error}"
    );
    let (kernel, size) = if device.enabled_features().subgroup_size_control
        && info.subgroup.required_size_in_compute
    {
        (
            kernel.subgroup_size(info.subgroup.max_size),
            info.subgroup.max_size,
        )
    } else if min == max {
        // Nothing to pin: every subgroup has the kernel's size.
        (kernel.subgroup_size(info.subgroup.size), info.subgroup.size)
    } else {
        skip(
            "required_subgroup_size",
            "no subgroup size control: only the default subgroup size was checked",
        );
        (kernel, info.subgroup.size)
    };
    let pipeline = device.create_pipeline(&kernel).unwrap();
    let out = device.create_buffer("out", 8).unwrap();
    let mut schedule = device.create_schedule();
    schedule.push(&pipeline, &[&out], &[], [1, 1, 1]).unwrap();
    schedule.run().unwrap();
    let result: Vec<u32> = out.download().unwrap();
    assert_eq!(
        result,
        vec![size, size * (size - 1) / 2],
        "subgroup size and sum"
    );
}

fn run_all_workloads(device: &Device) {
    vector_add(device);
    two_dispatch_chain(device);
    push_constants(device);
    shared_memory_reduction(device);
    many_workgroups(device);
    typed_round_trips(device);
    small_types(device);
    required_subgroup_size(device);
}

#[test]
fn vector_add_matches_host() {
    let _serial = serial();
    let device = test_device();
    vector_add(&device);
    assert_no_validation_errors(&device);
}

#[test]
fn staged_buffers_match_host() {
    let _serial = serial();
    let config = DeviceConfig {
        memory: MemoryStrategy::Staged,
        ..DeviceConfig::default()
    };
    let device = device_with(&config);
    assert!(device.uses_staging());
    // Larger than one 64 MiB staging chunk: copied in pieces through the reused staging buffer.
    let words = (80usize << 20) / 4;
    if (words * 4) as u64 <= u64::from(device.info().limits.max_storage_buffer_range) {
        let seed: u32 = StdRng::seed_from_u64(8).random();
        let data: Vec<u32> = (0..words as u32)
            .map(|i| (i ^ seed).wrapping_mul(0x9E37_79B9).rotate_left(13))
            .collect();
        let big = device.create_buffer_with("big", &data).unwrap();
        assert!(!big.is_mapped());
        assert!(
            big.download::<u32>().unwrap() == data,
            "80 MiB staged round trip"
        );
    }
    vector_add(&device);
    two_dispatch_chain(&device);
    typed_round_trips(&device);
    assert_no_validation_errors(&device);
}

#[test]
fn chained_dispatches_get_one_barrier() {
    let _serial = serial();
    let device = test_device();
    two_dispatch_chain(&device);
    assert_no_validation_errors(&device);
}

#[test]
fn push_constants_reach_the_kernel() {
    let _serial = serial();
    let device = test_device();
    push_constants(&device);
    assert_no_validation_errors(&device);
}

#[test]
fn workgroup_shared_memory_reduction() {
    let _serial = serial();
    let device = test_device();
    shared_memory_reduction(&device);
    assert_no_validation_errors(&device);
}

#[test]
fn more_workgroups_than_one_dimension_holds() {
    let _serial = serial();
    let device = test_device();
    many_workgroups(&device);
    assert_no_validation_errors(&device);
}

#[test]
fn typed_uploads_and_downloads_round_trip() {
    let _serial = serial();
    let device = test_device();
    typed_round_trips(&device);
    assert_no_validation_errors(&device);
}

#[test]
fn f16_and_i8_kernels() {
    let _serial = serial();
    let device = test_device();
    small_types(&device);
    assert_no_validation_errors(&device);
}

#[test]
fn required_subgroup_size_is_honoured() {
    let _serial = serial();
    let device = test_device();
    required_subgroup_size(&device);
    assert_no_validation_errors(&device);
}

#[test]
fn all_workloads_are_clean_under_validation() {
    let _serial = serial();
    let config = DeviceConfig {
        validation: Some(true),
        ..DeviceConfig::default()
    };
    let device = device_with(&config);
    assert!(device.validation_enabled());
    run_all_workloads(&device);
    assert_no_validation_errors(&device);
    let staged = DeviceConfig {
        validation: Some(true),
        memory: MemoryStrategy::Staged,
        ..DeviceConfig::default()
    };
    let device = device_with(&staged);
    vector_add(&device);
    two_dispatch_chain(&device);
    typed_round_trips(&device);
    assert_no_validation_errors(&device);
}

/// The validation messenger really records errors: a pipeline layout whose push-constant
/// range is smaller than the shader's block is a validation error.
#[test]
fn validation_layer_errors_are_recorded() {
    let _serial = serial();
    let config = DeviceConfig {
        validation: Some(true),
        ..DeviceConfig::default()
    };
    let device = device_with(&config);
    let kernel = vector_add_kernel().push_constants(0);
    let _ = device.create_pipeline(&kernel);
    let errors = device.validation_errors();
    assert!(
        errors
            .iter()
            .any(|e| e.to_lowercase().contains("push constant")),
        "expected a push-constant validation error, got {errors:?}"
    );
}

/// Synchronization validation is really on: a kernel whose output binding is (wrongly)
/// declared read-only gets no barrier before its consumer, and the layer reports the hazard.
#[test]
fn synchronization_validation_reports_a_missing_barrier() {
    let _serial = serial();
    let config = DeviceConfig {
        validation: Some(true),
        ..DeviceConfig::default()
    };
    let device = device_with(&config);
    if !device.validation_checks_synchronization() {
        skip(
            "synchronization_validation_reports_a_missing_barrier",
            "the validation layer has no synchronization validation",
        );
        return;
    }
    let mut lying = vector_add_kernel();
    lying.bindings[2].access = Access::ReadOnly;
    let add = device.create_pipeline(&lying).unwrap();
    let scale = device.create_pipeline(&scale_shift_kernel()).unwrap();
    let n = 256u32;
    let a = device
        .create_buffer_with("a", &vec![1.0f32; n as usize])
        .unwrap();
    let t = device.create_buffer("t", 4 * u64::from(n)).unwrap();
    let out = device.create_buffer("out", 4 * u64::from(n)).unwrap();
    let mut schedule = device.create_schedule();
    schedule
        .push(&add, &[&a, &a, &t], &n.to_le_bytes(), [n / 64, 1, 1])
        .unwrap();
    schedule
        .push(
            &scale,
            &[&t, &out],
            &scale_shift_push(1.0, 0.0, n, 0),
            [n / 64, 1, 1],
        )
        .unwrap();
    assert!(
        schedule.barriers().is_empty(),
        "the lie hides the dependency"
    );
    schedule.run().unwrap();
    let errors = device.validation_errors();
    assert!(
        errors.iter().any(|e| e.contains("SYNC-HAZARD")),
        "expected a synchronization hazard, got {errors:?}"
    );
}

#[test]
fn enumerate_devices_describes_the_device() {
    let _serial = serial();
    let devices = test_devices();
    assert!(!devices.is_empty());
    for (index, info) in devices.iter().enumerate() {
        assert_eq!(info.index, index);
        let line = info.summary();
        assert!(
            line.starts_with(&format!("{index}: {}", info.name)),
            "{line}"
        );
        assert!(line.contains("subgroup"), "{line}");
        assert!(line.contains("shared memory"), "{line}");
        assert!(info.subgroup.size >= 1);
        assert!(info.subgroup.min_size <= info.subgroup.size);
        assert!(info.subgroup.size <= info.subgroup.max_size);
        assert!(info.limits.max_compute_shared_memory_size >= 16384);
        assert!(info.limits.max_compute_work_group_invocations >= 128);
        assert!(info.limits.max_storage_buffer_range >= 1 << 27);
        assert!(info.limits.max_push_constants_size >= 128);
        assert!(info.api_version.at_least(1, 1));
        assert!(info.extensions.windows(2).all(|w| w[0] < w[1]));
        eprintln!("{line}");
    }
    let lavapipe = devices.iter().find(|d| d.name.contains("llvmpipe"));
    if let Some(lavapipe) = lavapipe {
        // Mesa 22.3 lavapipe: what STACK.md recorded.
        assert_eq!(lavapipe.device_type, kiln_runtime::DeviceType::Cpu);
        assert_eq!(lavapipe.vendor_name, "Mesa");
        assert_eq!(lavapipe.subgroup.size, 8);
        assert!(lavapipe.subgroup.operations.arithmetic);
        assert!(lavapipe.features.shader_float16 && lavapipe.features.shader_int8);
        assert!(lavapipe.features.storage_buffer_16bit_access);
        assert!(lavapipe.features.storage_buffer_8bit_access);
        assert!(lavapipe.cooperative_matrix.is_empty());
        assert!(lavapipe.unified_memory);
    }
}

/// VK_KHR_shader_bfloat16: reported (and enabled) only where the device lists it, the
/// cooperative-matrix feature only with VK_KHR_cooperative_matrix; lavapipe has neither, and
/// its device still creates and runs a kernel.
#[test]
fn bfloat16_is_reported_only_where_listed() {
    let _serial = serial();
    let devices = test_devices();
    for info in &devices {
        let listed = info.has_extension("VK_KHR_shader_bfloat16");
        let features = &info.features;
        eprintln!(
            "{}: VK_KHR_shader_bfloat16 listed {listed}, type {}, cooperative matrix {}",
            info.name, features.shader_bfloat16_type, features.shader_bfloat16_cooperative_matrix
        );
        assert!(listed || !features.shader_bfloat16_type, "{}", info.name);
        assert!(
            listed || !features.shader_bfloat16_cooperative_matrix,
            "{}",
            info.name
        );
        assert!(
            info.has_extension("VK_KHR_cooperative_matrix")
                || !features.shader_bfloat16_cooperative_matrix,
            "{}",
            info.name
        );
        assert_eq!(
            info.summary().contains("bf16"),
            features.shader_bfloat16_type,
            "{}",
            info.summary()
        );
    }
    let Some(lavapipe) = devices.iter().find(|d| d.name.contains("llvmpipe")) else {
        skip(
            "bfloat16_is_reported_only_where_listed",
            "no llvmpipe device: its bf16-less device was not created",
        );
        return;
    };
    assert!(!lavapipe.has_extension("VK_KHR_shader_bfloat16"));
    assert!(!lavapipe.features.shader_bfloat16_type);
    assert!(!lavapipe.features.shader_bfloat16_cooperative_matrix);
    assert!(
        !lavapipe.summary().contains("bf16"),
        "{}",
        lavapipe.summary()
    );
    let config = DeviceConfig {
        selector: Some(DeviceSelector::Index(lavapipe.index)),
        ..DeviceConfig::default()
    };
    let device = device_with(&config);
    assert!(!device.enabled_features().shader_bfloat16_type);
    assert!(!device.enabled_features().shader_bfloat16_cooperative_matrix);
    vector_add(&device);
}

#[test]
fn oversize_buffers_are_typed_errors() {
    let _serial = serial();
    let device = test_device();
    let limits = device.info().limits.clone();
    let huge = device.create_buffer("huge", u64::from(limits.max_storage_buffer_range) + 1);
    let error = if device.enabled_features().buffer_device_address {
        // Past the range a buffer exists for kernels that reach it by device address; bound by
        // a descriptor it is refused, naming the limit.
        let huge = huge.unwrap();
        assert!(huge.device_address().is_some());
        let pipeline = device.create_pipeline(&vector_add_kernel()).unwrap();
        let small = device.create_buffer("small", 64).unwrap();
        device
            .create_schedule()
            .push(
                &pipeline,
                &[&small, &small, &huge],
                &16u32.to_le_bytes(),
                [1, 1, 1],
            )
            .unwrap_err()
    } else {
        huge.unwrap_err()
    };
    assert!(
        error.to_string().contains("huge") && error.to_string().contains("maxStorageBufferRange"),
        "{error}"
    );
    match &error {
        RuntimeError::InvalidDispatch { .. } if device.enabled_features().buffer_device_address => {
        }
        RuntimeError::OversizeBuffer {
            buffer,
            limit_name,
            limit,
            ..
        } => {
            assert_eq!(buffer, "huge");
            assert_eq!(*limit_name, "maxStorageBufferRange");
            assert_eq!(*limit, u64::from(limits.max_storage_buffer_range));
        }
        other => panic!("expected OversizeBuffer, got {other}"),
    }
    assert!(
        error.to_string().contains("maxStorageBufferRange"),
        "{error}"
    );
    // Past maxMemoryAllocationSize (when that is the smaller limit) is refused too.
    let range = u64::from(limits.max_storage_buffer_range);
    if limits.max_memory_allocation_size < range {
        let error = device
            .create_buffer("too_big", limits.max_memory_allocation_size + 1)
            .unwrap_err();
        assert!(
            error.to_string().contains("maxMemoryAllocationSize"),
            "{error}"
        );
    }
    // The largest buffer both limits allow is fine.
    let largest_size = range.min(limits.max_memory_allocation_size);
    let largest = device.create_buffer("largest", largest_size).unwrap();
    assert_eq!(largest.size(), largest_size);
    assert_no_validation_errors(&device);
}

#[test]
fn bad_device_selectors_list_the_devices() {
    let _serial = serial();
    for selector in [
        DeviceSelector::Index(99),
        DeviceSelector::parse("no-such-gpu-anywhere"),
    ] {
        let config = DeviceConfig {
            selector: Some(selector.clone()),
            ..DeviceConfig::default()
        };
        match Device::new(&config) {
            Err(RuntimeError::DeviceSelection {
                selector: text,
                available,
                ..
            }) => {
                assert_eq!(text, selector.to_string());
                assert!(!available.is_empty());
            }
            Err(error @ (RuntimeError::NoLoader { .. } | RuntimeError::NoDevice { .. })) => {
                panic!("{}", common::no_device_message(&error))
            }
            Err(other) => panic!("expected DeviceSelection, got {other}"),
            Ok(_) => panic!("selector {selector} should match no device"),
        }
    }
    // Index 0 and a substring of its name select a device.
    let device = device_with(&DeviceConfig {
        selector: Some(DeviceSelector::Index(0)),
        ..DeviceConfig::default()
    });
    let name = device.info().name.clone();
    let fragment: String = name.chars().take(4).collect::<String>().to_uppercase();
    let by_name = Device::new(&DeviceConfig {
        selector: Some(DeviceSelector::parse(&fragment)),
        ..DeviceConfig::default()
    })
    .unwrap();
    assert!(by_name.info().name.to_uppercase().contains(&fragment));
}

#[test]
fn invalid_spirv_is_a_typed_error() {
    let _serial = serial();
    let bad_length = Kernel::from_bytes("odd", &[0x03, 0x02, 0x23, 0x07, 0x00]).unwrap_err();
    assert!(
        matches!(bad_length, RuntimeError::InvalidKernel { .. }),
        "{bad_length}"
    );
    let bad_magic = Kernel::from_bytes("magic", &[0u8; 64]).unwrap_err();
    assert!(bad_magic.to_string().contains("bad magic"), "{bad_magic}");

    let device = test_device();
    // Words with a bad magic number handed over directly are refused before the driver.
    let error = device
        .create_pipeline(&Kernel::new("garbage", vec![0xdead_beef; 32]))
        .unwrap_err();
    assert!(error.to_string().contains("bad magic"), "{error}");
    // A wrong entry point name.
    let error = device
        .create_pipeline(&vector_add_kernel().entry_point("nope"))
        .unwrap_err();
    assert!(
        error
            .to_string()
            .contains("no GLCompute entry point named `nope`"),
        "{error}"
    );
    // A binding the module uses but the kernel does not declare.
    let mut missing = vector_add_kernel();
    missing.bindings.pop();
    let error = device.create_pipeline(&missing).unwrap_err();
    assert!(error.to_string().contains("set 0 binding 2"), "{error}");
    // A truncated module.
    let mut truncated = vector_add_kernel();
    truncated.spirv.truncate(truncated.spirv.len() - 3);
    let error = device.create_pipeline(&truncated).unwrap_err();
    assert!(
        matches!(error, RuntimeError::InvalidKernel { .. }),
        "{error}"
    );
    // Wrong buffer count for a dispatch.
    let pipeline = device.create_pipeline(&vector_add_kernel()).unwrap();
    let a = device.create_buffer("a", 64).unwrap();
    let error = device
        .create_schedule()
        .push(&pipeline, &[&a], &4u32.to_le_bytes(), [1, 1, 1])
        .unwrap_err();
    assert!(
        error.to_string().contains("1 buffers given for 3 bindings"),
        "{error}"
    );
    assert_no_validation_errors(&device);
}

#[test]
fn a_run_past_the_timeout_is_a_timeout_error() {
    let _serial = serial();
    let timeout = Duration::from_millis(5);
    let config = DeviceConfig {
        timeout,
        first_run_allowance: Duration::ZERO,
        ..DeviceConfig::default()
    };
    let device = device_with(&config);
    match run_spin(&device, false) {
        Err(RuntimeError::Timeout { timeout: t, what }) => {
            assert_eq!(t, timeout);
            assert!(
                what.contains("dispatch 0 `spin`"),
                "names the dispatch: {what}"
            );
        }
        Ok(timings) if device.info().device_type != kiln_runtime::DeviceType::Cpu => {
            skip(
                "a_run_past_the_timeout_is_a_timeout_error",
                &format!("a fast GPU finished the spin kernel within {timeout:?}: {timings:?}"),
            );
        }
        other => panic!("expected a timeout, got {other:?}"),
    }
    // Dropping the schedule (in `run_spin`) and the device waits for the kernel instead of
    // freeing live objects.
}

/// Runs the `spin` kernel once: 4000 workgroups x 60000 dependent multiply-adds, a quarter of
/// a second or more on lavapipe, well under a second on a GPU. With `declare_work` the
/// schedule declares that work ([`kiln_runtime::Schedule::allow_for_work`]).
fn run_spin(device: &Device, declare_work: bool) -> kiln_runtime::Result<RunTimings> {
    let kernel = Kernel::from_bytes("spin", &compile_glsl("spin"))
        .unwrap()
        .binding(0, 0, Access::ReadWrite)
        .push_constants(4);
    let pipeline = device.create_pipeline(&kernel)?;
    let groups = 4000u32;
    let out = device.create_buffer_with("out", &vec![1.0f32; groups as usize])?;
    let mut schedule = device.create_schedule();
    schedule.push(&pipeline, &[&out], &60_000u32.to_le_bytes(), [groups, 1, 1])?;
    if declare_work {
        // Two operations per multiply-add.
        schedule.allow_for_work(2 * 60_000 * u64::from(groups), 4 * u64::from(groups));
    }
    schedule.run()
}

/// The same run as above, with the work it declares: the wait grows by that work at the
/// device's throughput floor, so a slow device finishes instead of timing out; with
/// `scale_timeout_with_work` off the declared work changes nothing.
#[test]
fn a_run_may_take_as_long_as_its_declared_work_needs() {
    let _serial = serial();
    let timeout = Duration::from_millis(5);
    let config = |scale: bool| DeviceConfig {
        timeout,
        first_run_allowance: Duration::ZERO,
        scale_timeout_with_work: scale,
        ..DeviceConfig::default()
    };
    let device = device_with(&config(true));
    run_spin(&device, true).expect("the declared work extends the wait");
    drop(device);
    {
        let device = device_with(&config(false));
        let is_cpu = device.info().device_type == kiln_runtime::DeviceType::Cpu;
        match run_spin(&device, true) {
            Err(RuntimeError::Timeout { timeout: t, .. }) => assert_eq!(t, timeout),
            Ok(_) if !is_cpu => {}
            other => panic!("expected a timeout without work scaling, got {other:?}"),
        }
    }
}

fn stray_store_kernel() -> Kernel {
    Kernel::from_bytes("stray_store", &compile_glsl("stray_store"))
        .unwrap()
        .binding(0, 0, Access::ReadOnly)
        .binding(0, 1, Access::WriteOnly)
        .push_constants(8)
}

/// Runs `stray_store` over 256 elements into a 256-element `y` with `n` and `shift`.
fn run_stray_store(device: &Device, n: u32, shift: u32) -> kiln_runtime::Result<Vec<f32>> {
    let pipeline = device.create_pipeline(&stray_store_kernel())?;
    let mut rng = StdRng::seed_from_u64(7);
    let x = device.create_buffer_with("x", &random_f32(&mut rng, 256))?;
    let y = device.create_buffer_with("y", &[0.0f32; 256])?;
    let mut schedule = device.create_schedule();
    let push = [n.to_le_bytes(), shift.to_le_bytes()].concat();
    schedule.push(&pipeline, &[&x, &x], &[0; 8], [4, 1, 1])?;
    schedule.push(&pipeline, &[&x, &y], &push, [n.div_ceil(64), 1, 1])?;
    schedule.run()?;
    y.download::<f32>()
}

/// Under the bounds-checking mode with buffers placed by `memory`: an in-bounds run gives the
/// right data (the guards do not shift what kernels see), a store 8 elements past the end of
/// `y` fails the run naming the second dispatch and its binding 1, and after it the guards are
/// filled again so that the next clean run passes.
fn assert_a_stray_store_is_named(memory: MemoryStrategy) {
    let _serial = serial();
    let config = DeviceConfig {
        check_bounds: Some(true),
        memory,
        ..DeviceConfig::default()
    };
    let device = device_with(&config);
    let mut rng = StdRng::seed_from_u64(7);
    let x = random_f32(&mut rng, 256);
    assert_eq!(run_stray_store(&device, 256, 0).unwrap(), x);
    match run_stray_store(&device, 256, 8) {
        Err(RuntimeError::OutOfBounds {
            dispatch,
            kernel,
            buffer,
            binding,
            detail,
        }) => {
            assert_eq!((dispatch, binding), (1, 1), "{detail}");
            assert_eq!((kernel.as_str(), buffer.as_str()), ("stray_store", "y"));
            assert!(
                detail.contains("at byte 1024 of its 1024-byte range"),
                "{detail}"
            );
        }
        other => panic!("expected an out-of-bounds error, got {other:?}"),
    }
    assert_eq!(run_stray_store(&device, 256, 0).unwrap(), x);
    assert_no_validation_errors(&device);
}

#[test]
fn the_bounds_checking_mode_names_a_stray_store() {
    assert_a_stray_store_is_named(MemoryStrategy::Auto);
}

#[test]
fn the_bounds_checking_mode_works_on_staged_buffers() {
    assert_a_stray_store_is_named(MemoryStrategy::Staged);
}

/// The bounds-checking mode enables robustBufferAccess2 where the device has it (and only that
/// mode does): a store megabytes past a binding, beyond its guards, is then dropped instead of
/// landing in whatever memory lies there (on lavapipe, the host heap).
#[test]
fn the_bounds_checking_mode_drops_far_stray_stores_with_robust_buffer_access2() {
    let _serial = serial();
    let checked = DeviceConfig {
        check_bounds: Some(true),
        ..DeviceConfig::default()
    };
    let device = device_with(&checked);
    let supported = device.info().features.robust_buffer_access2;
    assert_eq!(device.enabled_features().robust_buffer_access2, supported);
    if !supported {
        skip(
            "the_bounds_checking_mode_drops_far_stray_stores_with_robust_buffer_access2",
            &format!("{} has no robustBufferAccess2", device.info().name),
        );
        return;
    }
    assert_eq!(
        run_stray_store(&device, 256, 1 << 20).unwrap(),
        vec![0.0f32; 256]
    );
    let mut rng = StdRng::seed_from_u64(7);
    assert_eq!(
        run_stray_store(&device, 256, 0).unwrap(),
        random_f32(&mut rng, 256)
    );
    drop(device);
    let unchecked = DeviceConfig {
        check_bounds: Some(false),
        ..DeviceConfig::default()
    };
    let device = device_with(&unchecked);
    assert!(!device.enabled_features().robust_buffer_access2);
}

#[test]
fn every_workload_is_in_bounds() {
    let _serial = serial();
    let config = DeviceConfig {
        check_bounds: Some(true),
        ..DeviceConfig::default()
    };
    let device = device_with(&config);
    run_all_workloads(&device);
    assert_no_validation_errors(&device);
}

#[test]
fn pipeline_cache_is_saved_and_reloaded() {
    let _serial = serial();
    let folder = tempfile::tempdir().unwrap();
    let config = DeviceConfig {
        pipeline_cache: PipelineCacheLocation::Directory(folder.path().to_path_buf()),
        ..DeviceConfig::default()
    };
    let device = device_with(&config);
    let path = device.pipeline_cache_path().unwrap().to_path_buf();
    assert!(path.starts_with(folder.path()));
    device.create_pipeline(&vector_add_kernel()).unwrap();
    drop(device);
    let saved = std::fs::read(&path).expect("the pipeline cache is written when the device goes");
    assert!(
        saved.len() >= 32,
        "a cache file starts with a 32-byte header"
    );
    // A second device reads it (and a corrupt file is ignored, not handed to the driver).
    let device = device_with(&config);
    vector_add(&device);
    drop(device);
    std::fs::write(&path, b"not a pipeline cache").unwrap();
    let device = device_with(&config);
    vector_add(&device);
    assert_no_validation_errors(&device);
}

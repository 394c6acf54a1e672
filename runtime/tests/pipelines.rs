//! Start-up on the real device (issue 42): pipelines of identical kernels are built once and
//! shared, the distinct ones on several threads, errors come back in kernel order; uploads
//! stream from a reader into mapped and staged memory; a pipeline cache merges only from its
//! own device and driver.

mod common;

use common::{
    assert_no_validation_errors, compile_glsl, device_with, serial, test_device, vector_add_kernel,
};
use kiln_runtime::{
    Access, CacheMerge, Device, DeviceConfig, Kernel, MemoryStrategy, PipelineBuild,
    PipelineCacheLocation, RuntimeError,
};

/// `kernel` with its entry point renamed to `name` (in the module and the description): the
/// same code, as kiln emits for the same layer twice.
fn with_entry_name(kernel: &Kernel, name: &str) -> Kernel {
    let words = &kernel.spirv;
    let mut out = words[..5].to_vec();
    let mut at = 5;
    while at < words.len() {
        let count = (words[at] >> 16) as usize;
        let opcode = words[at] & 0xffff;
        let instruction = &words[at..at + count];
        if opcode == spirv::Op::EntryPoint as u32 {
            let name_words = instruction[3..]
                .iter()
                .position(|w| w.to_le_bytes().contains(&0))
                .unwrap()
                + 1;
            let mut bytes = name.as_bytes().to_vec();
            bytes.push(0);
            bytes.resize(bytes.len().next_multiple_of(4), 0);
            let literal: Vec<u32> = bytes
                .chunks_exact(4)
                .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect();
            let interface = &instruction[3 + name_words..];
            out.push((((3 + literal.len() + interface.len()) as u32) << 16) | opcode);
            out.extend_from_slice(&instruction[1..3]);
            out.extend(literal);
            out.extend_from_slice(interface);
        } else {
            out.extend_from_slice(instruction);
        }
        at += count;
    }
    let mut renamed = kernel.clone();
    renamed.spirv = out;
    renamed.entry_point(name)
}

fn vector_add_works(device: &Device, pipeline: &kiln_runtime::Pipeline) {
    let n = 1000usize;
    let a: Vec<f32> = (0..n).map(|i| i as f32).collect();
    let b: Vec<f32> = (0..n).map(|i| 0.5 * i as f32).collect();
    let a_buffer = device.create_buffer_with("a", &a).unwrap();
    let b_buffer = device.create_buffer_with("b", &b).unwrap();
    let c_buffer = device.create_buffer("c", 4 * n as u64).unwrap();
    let mut schedule = device.create_schedule();
    schedule
        .push(
            pipeline,
            &[&a_buffer, &b_buffer, &c_buffer],
            &(n as u32).to_le_bytes(),
            [(n as u32).div_ceil(64), 1, 1],
        )
        .unwrap();
    schedule.run().unwrap();
    let c: Vec<f32> = c_buffer.download().unwrap();
    let expected: Vec<f32> = a.iter().zip(&b).map(|(x, y)| x + y).collect();
    assert_eq!(c, expected, "vector add through `{}`", pipeline.name());
}

#[test]
fn identical_kernels_share_one_pipeline_built_on_several_threads() {
    let _serial = serial();
    let device = test_device();
    let add = vector_add_kernel();
    let mut twin = with_entry_name(&add, "dispatch_12_add");
    twin.name = "twin".into();
    assert_ne!(twin.spirv, add.spirv);
    assert_eq!(twin.identity(), add.identity());
    let scale_shift = Kernel::from_bytes("scale_shift", &compile_glsl("scale_shift"))
        .unwrap()
        .binding(0, 0, Access::ReadOnly)
        .binding(0, 1, Access::WriteOnly)
        .push_constants(16);
    // The same code with another interface is another pipeline.
    let mut read_write = Kernel::new("read_write", add.spirv.clone()).push_constants(4);
    for binding in 0..3 {
        read_write = read_write.binding(0, binding, Access::ReadWrite);
    }
    let kernels = [add.clone(), scale_shift, twin, read_write];
    let build = PipelineBuild {
        deduplicate: true,
        threads: Some(3),
    };
    let created = device.create_pipelines_with(&kernels, &build).unwrap();
    assert_eq!(created.built_from, vec![0, 1, 0, 3]);
    assert_eq!(created.distinct(), 3);
    assert_eq!(created.threads, 3);
    let names: Vec<&str> = created.pipelines.iter().map(|p| p.name()).collect();
    assert_eq!(names, ["vector_add", "scale_shift", "twin", "read_write"]);
    assert!(created.pipelines[2].shares_pipeline_with(&created.pipelines[0]));
    assert!(!created.pipelines[3].shares_pipeline_with(&created.pipelines[0]));
    vector_add_works(&device, &created.pipelines[0]);
    vector_add_works(&device, &created.pipelines[2]);

    let separate = device
        .create_pipelines_with(&kernels, &PipelineBuild::serial_without_deduplication())
        .unwrap();
    assert_eq!(separate.built_from, vec![0, 1, 2, 3]);
    assert_eq!(separate.threads, 1);
    vector_add_works(&device, &separate.pipelines[2]);
    assert_no_validation_errors(&device);
}

#[test]
fn the_first_failing_kernel_in_order_is_reported() {
    let _serial = serial();
    let device = test_device();
    let good = vector_add_kernel();
    let no_entry = vector_add_kernel().entry_point("absent");
    let mut bad_bindings = Kernel::new("bad_bindings", good.spirv.clone());
    bad_bindings.name = "bad_bindings".into();
    let mut no_entry = no_entry;
    no_entry.name = "no_entry".into();
    let kernels = [good.clone(), bad_bindings, good, no_entry];
    for threads in [1, 4] {
        let build = PipelineBuild {
            deduplicate: true,
            threads: Some(threads),
        };
        let error = device
            .create_pipelines_with(&kernels, &build)
            .err()
            .expect("a kernel is refused");
        match &error {
            RuntimeError::InvalidKernel { kernel, .. } => {
                assert_eq!(kernel, "bad_bindings", "{threads} threads: {error}")
            }
            other => panic!("{threads} threads: {other}"),
        }
    }
}

#[test]
fn uploads_stream_from_a_reader_into_mapped_and_staged_memory() {
    let _serial = serial();
    let data: Vec<u8> = (0..10_000u32).map(|i| (i * 7 % 251) as u8).collect();
    for memory in [MemoryStrategy::Mapped, MemoryStrategy::Staged] {
        let device = device_with(&DeviceConfig {
            memory,
            ..DeviceConfig::default()
        });
        let buffer = device.create_buffer("streamed", data.len() as u64).unwrap();
        buffer
            .upload_from_reader(&mut data.as_slice(), data.len() as u64)
            .unwrap();
        let back: Vec<u8> = buffer.download_bytes().unwrap();
        assert_eq!(&back[..data.len()], &data[..], "{memory:?}");
        // A source that ends early is an error naming the buffer, not a partial upload taken
        // for a whole one.
        let error = buffer
            .upload_from_reader(&mut &data[..100], data.len() as u64)
            .unwrap_err();
        assert!(
            matches!(&error, RuntimeError::UploadSource { buffer, .. } if buffer == "streamed"),
            "{memory:?}: {error}"
        );
        let too_long = buffer
            .upload_from_reader(&mut data.as_slice(), data.len() as u64 + 1)
            .unwrap_err();
        assert!(
            matches!(too_long, RuntimeError::BufferSize { .. }),
            "{too_long}"
        );
    }
}

#[test]
fn a_pipeline_cache_merges_only_from_its_own_device_and_driver() {
    let _serial = serial();
    let device = device_with(&DeviceConfig {
        pipeline_cache: PipelineCacheLocation::Disabled,
        ..DeviceConfig::default()
    });
    device.create_pipeline(&vector_add_kernel()).unwrap();
    let data = device.pipeline_cache_data().unwrap();
    assert!(data.len() >= 32, "a cache starts with its 32-byte header");
    let ours = device.pipeline_cache_identity();
    assert_eq!(
        device.merge_pipeline_cache(&data, &ours).unwrap(),
        CacheMerge::Merged { bytes: data.len() }
    );
    let ignored = |data: &[u8], made_by: &kiln_runtime::PipelineCacheIdentity| match device
        .merge_pipeline_cache(data, made_by)
        .unwrap()
    {
        CacheMerge::Ignored { reason } => reason,
        merged => panic!("merged: {merged:?}"),
    };
    let mut uuid = data.clone();
    uuid[16] ^= 0xff;
    assert!(ignored(&uuid, &ours).contains("pipelineCacheUUID"));
    assert!(ignored(&data[..31], &ours).contains("shorter"));
    let mut other_driver = ours.clone();
    other_driver.driver_version ^= 1;
    assert!(ignored(&data, &other_driver).contains("driver version"));
    let mut other_device = ours.clone();
    other_device.device_id ^= 1;
    other_device.device_name = "elsewhere".into();
    assert!(ignored(&data, &other_device).contains("made on `elsewhere`"));
    // The device still builds pipelines after all of it.
    vector_add_works(
        &device,
        &device.create_pipeline(&vector_add_kernel()).unwrap(),
    );
    assert_no_validation_errors(&device);
}

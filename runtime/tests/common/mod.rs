//! Shared helpers of the device tests: GLSL fixtures compiled by glslangValidator, the test
//! device (a test without one fails), skips for a missing device feature (counted by `.ci/run`),
//! and the validation check.

#![allow(dead_code)]

use std::path::PathBuf;
use std::process::Command;
use std::sync::{Mutex, MutexGuard};

use kiln_runtime::{
    enumerate_devices, Access, Device, DeviceConfig, DeviceInfo, Kernel, RuntimeError,
};

/// Compiles `tests/shaders/<name>.comp` to SPIR-V bytes with
/// `glslangValidator -V --target-env vulkan1.1`. Panics with a clear message when the tool is
/// missing or the shader does not compile.
pub fn compile_glsl(name: &str) -> Vec<u8> {
    let source = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/shaders")
        .join(format!("{name}.comp"));
    let tool = std::env::var("KILN_GLSLANG").unwrap_or_else(|_| "glslangValidator".into());
    let output_dir = tempfile::tempdir().expect("creating a temporary folder");
    let output = output_dir.path().join(format!("{name}.spv"));
    let result = Command::new(&tool)
        .args(["-V", "--target-env", "vulkan1.1", "-o"])
        .arg(&output)
        .arg(&source)
        .output();
    let result = match result {
        Ok(result) => result,
        Err(error) => panic!(
            "cannot run `{tool}` ({error}): the device tests compile their GLSL fixtures with \
             glslangValidator; install it (`apt-get install glslang-tools`) or set KILN_GLSLANG"
        ),
    };
    assert!(
        result.status.success(),
        "glslangValidator failed on {}:\n{}{}",
        source.display(),
        String::from_utf8_lossy(&result.stdout),
        String::from_utf8_lossy(&result.stderr)
    );
    std::fs::read(&output).expect("reading glslangValidator's output")
}

/// Runs device tests one at a time within a test binary. NVIDIA's driver (580, H200) was seen
/// to deadlock intermittently when many threads create, use and destroy devices at once and
/// test threads exit; kiln itself uses one device per process. Take it first in every device
/// test (`let _serial = serial();`) so it is released after the device is gone.
pub fn serial() -> MutexGuard<'static, ()> {
    static SERIAL: Mutex<()> = Mutex::new(());
    SERIAL
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The device for a test, following KILN_DEVICE / KILN_VALIDATE. Without a Vulkan loader or
/// device the test fails, with the ICD files the loader searched: device tests never pass by
/// returning early (issue 38).
pub fn test_device() -> Device {
    device_with(&DeviceConfig::default())
}

/// Like [`test_device`] with an explicit configuration.
pub fn device_with(config: &DeviceConfig) -> Device {
    match Device::new(config) {
        Ok(device) => device,
        Err(error @ (RuntimeError::NoLoader { .. } | RuntimeError::NoDevice { .. })) => {
            panic!("{}", no_device_message(&error))
        }
        Err(error) => panic!("creating the test device failed: {error}"),
    }
}

/// Every device, as [`enumerate_devices`] describes them; fails the test like [`test_device`]
/// when there is none.
pub fn test_devices() -> Vec<DeviceInfo> {
    match enumerate_devices() {
        Ok(devices) => devices,
        Err(error @ (RuntimeError::NoLoader { .. } | RuntimeError::NoDevice { .. })) => {
            panic!("{}", no_device_message(&error))
        }
        Err(error) => panic!("{error}"),
    }
}

/// Why a device test failed without a device, and how to get one.
pub fn no_device_message(error: &RuntimeError) -> String {
    format!(
        "no Vulkan device: {error}\nthe device tests need one (lavapipe in CI: `apt-get install \
         mesa-vulkan-drivers libvulkan1`, as .ci/setup.sh does; or point VK_DRIVER_FILES at an \
         ICD json)"
    )
}

/// Records that part of a test did not run, for a reason the device decides (it lacks a
/// feature). The line `KILN-SKIP <test>: <reason>` goes straight to the process's stderr, past
/// libtest's output capture (which swallows `eprintln!` of passing tests), so that it shows in
/// `cargo test`'s output and `.ci/run` counts it in its summary. Never for a missing device: that
/// fails ([`test_device`]).
pub fn skip(test: &str, reason: &str) {
    use std::io::Write;
    let line = format!("KILN-SKIP {test}: {reason}\n");
    let _ = std::io::stderr().write_all(line.as_bytes());
}

/// Fails the test if the validation layer (when on) reported any error.
pub fn assert_no_validation_errors(device: &Device) {
    let errors = device.validation_errors();
    assert!(
        errors.is_empty(),
        "the Vulkan validation layer reported {} error(s):\n{}",
        errors.len(),
        errors.join("\n")
    );
}

/// Maximum relative-or-absolute difference.
pub fn assert_close(actual: &[f32], expected: &[f32], tolerance: f32, what: &str) {
    assert_eq!(actual.len(), expected.len(), "{what}: length");
    for (index, (a, e)) in actual.iter().zip(expected).enumerate() {
        let error = (a - e).abs() / e.abs().max(1.0);
        assert!(
            error <= tolerance,
            "{what}: element {index} is {a}, expected {e} (error {error})"
        );
    }
}

/// `shaders/vector_add.comp`: c = a + b over a pushed element count (bindings 0, 1 read, 2
/// written).
pub fn vector_add_kernel() -> Kernel {
    Kernel::from_bytes("vector_add", &compile_glsl("vector_add"))
        .unwrap()
        .binding(0, 0, Access::ReadOnly)
        .binding(0, 1, Access::ReadOnly)
        .binding(0, 2, Access::WriteOnly)
        .push_constants(4)
}

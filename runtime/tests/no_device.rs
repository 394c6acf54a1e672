//! With the loader pointed at an ICD manifest whose driver does not exist, device creation is
//! a `NoDevice` error that lists the manifest and suggests `VK_DRIVER_FILES` (and the EGL
//! manifest for headless NVIDIA). Its own test binary, because it changes the environment.

use kiln_runtime::{enumerate_devices, Device, DeviceConfig, RuntimeError};

#[test]
fn missing_driver_is_a_no_device_error_with_hints() {
    let folder = tempfile::tempdir().unwrap();
    let manifest = folder.path().join("nvidia_icd.json");
    std::fs::write(
        &manifest,
        r#"{"file_format_version": "1.0.0",
            "ICD": {"library_path": "libGLX_nvidia_kiln_test_missing.so.0", "api_version": "1.3.0"}}"#,
    )
    .unwrap();
    std::env::set_var("VK_DRIVER_FILES", &manifest);
    std::env::remove_var("VK_ICD_FILENAMES");
    let error = match enumerate_devices() {
        Err(error) => error,
        Ok(devices) => panic!("no device expected, got {devices:?}"),
    };
    match &error {
        RuntimeError::NoDevice { searched, hint, .. } => {
            assert_eq!(searched.len(), 1, "{error}");
            assert_eq!(searched[0].path, manifest);
            assert_eq!(
                searched[0].library_path.as_deref(),
                Some("libGLX_nvidia_kiln_test_missing.so.0")
            );
            assert!(hint.contains("libEGL_nvidia.so.0"), "{hint}");
            assert!(hint.contains("VK_DRIVER_FILES"), "{hint}");
        }
        RuntimeError::NoLoader { .. } => panic!(
            "no Vulkan loader: {error}\nthis test needs the loader (libvulkan1, as .ci/setup.sh \
             installs) to check the error for a missing driver"
        ),
        other => panic!("expected NoDevice, got {other}"),
    }
    let text = error.to_string();
    assert!(text.contains(&manifest.display().to_string()), "{text}");
    assert!(text.contains("libGLX_nvidia_kiln_test_missing"), "{text}");
    assert!(matches!(
        Device::new(&DeviceConfig::default()),
        Err(RuntimeError::NoDevice { .. })
    ));
}

//! Driver statistics of compiled pipelines (VK_KHR_pipeline_executable_properties) on the real
//! device: with capture on, a compute pipeline has at least one executable with the COMPUTE
//! stage; with capture off, asking is an error; on a device without the extension, asking is an
//! error that names it; internal representations, where the driver shows any, belong to
//! the executables listed. A device that lists the extension must deliver statistics (the spec
//! requires `pipelineExecutableInfo` with it), even from a warm pipeline cache.

mod common;

use ash::vk;
use common::{assert_no_validation_errors, device_with, serial, skip, vector_add_kernel};
use kiln_runtime::{DeviceConfig, PipelineCacheLocation, RuntimeError};

const EXTENSION: &str = "VK_KHR_pipeline_executable_properties";

#[test]
fn statistics_come_back_only_when_captured() {
    let _serial = serial();
    let cache = tempfile::tempdir().unwrap();
    let config = |capture: bool| DeviceConfig {
        capture_statistics: Some(capture),
        pipeline_cache: PipelineCacheLocation::Directory(cache.path().to_path_buf()),
        ..DeviceConfig::default()
    };

    // Capture off: the pipeline goes through (and into) the pipeline cache.
    let device = device_with(&config(false));
    let listed = device.info().has_extension(EXTENSION);
    assert!(!device.captures_statistics());
    let pipeline = device.create_pipeline(&vector_add_kernel()).unwrap();
    let error = pipeline.statistics().unwrap_err();
    if listed {
        assert!(
            matches!(error, RuntimeError::StatisticsNotCaptured { .. }),
            "{error}"
        );
        assert!(error.to_string().contains("capture_statistics"), "{error}");
    } else {
        assert!(
            matches!(error, RuntimeError::UnsupportedFeature { .. }),
            "{error}"
        );
        assert!(error.to_string().contains(EXTENSION), "{error}");
    }
    assert_no_validation_errors(&device);
    drop(pipeline);
    device.save_pipeline_cache().unwrap();
    drop(device);

    // Capture on, with the cache now holding the pipeline.
    let device = device_with(&config(true));
    let name = device.info().name.clone();
    let pipeline = device.create_pipeline(&vector_add_kernel()).unwrap();
    if !listed {
        skip(
            "statistics_come_back_only_when_captured",
            &format!("`{name}` does not list {EXTENSION}: only the error without it was checked"),
        );
        assert!(!device.captures_statistics());
        assert!(!device.enabled_features().pipeline_executable_info);
        let error = pipeline.statistics().unwrap_err();
        assert!(
            matches!(error, RuntimeError::UnsupportedFeature { .. }),
            "{error}"
        );
        let error = pipeline.internal_representations().unwrap_err();
        assert!(
            matches!(error, RuntimeError::UnsupportedFeature { .. }),
            "{error}"
        );
        return;
    }
    assert!(
        device.enabled_features().pipeline_executable_info,
        "`{name}` lists {EXTENSION} but pipelineExecutableInfo is not enabled"
    );
    assert!(device.captures_statistics());
    let executables = pipeline.statistics().unwrap();
    for executable in &executables {
        eprintln!("{executable}");
        for statistic in &executable.statistics {
            eprintln!("  {statistic}  ({})", statistic.description);
        }
    }
    assert!(
        executables
            .iter()
            .any(|e| e.stages.contains(vk::ShaderStageFlags::COMPUTE)),
        "no executable of `{name}` has the COMPUTE stage: {executables:#?}"
    );
    assert!(
        executables.iter().all(|e| !e.name.is_empty()),
        "{executables:#?}"
    );
    // Internal representations: a driver may show none, but what it shows belongs to an
    // executable it listed, and text comes without its terminating NUL.
    let representations = pipeline.internal_representations().unwrap();
    for representation in &representations {
        eprintln!(
            "representation `{}` of executable {}: {} bytes{}",
            representation.name,
            representation.executable,
            representation.data.len(),
            if representation.is_text {
                " of text"
            } else {
                ""
            }
        );
        assert!((representation.executable as usize) < executables.len());
        if representation.is_text {
            assert!(!representation.data.contains(&0), "{}", representation.name);
        }
    }
    assert_no_validation_errors(&device);
}

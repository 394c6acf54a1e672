//! The start of a run (issue 42) through the `kiln` binary on the default device: `kiln run
//! --time-passes` prints every start-up phase and `KILN_TRACE=1` prints them with timestamps;
//! `kiln compile --embed-pipeline-cache` stores the device's pipeline cache in the artifact,
//! which a run merges when the same device and driver made it and ignores, saying why, when
//! its header or its maker does not match (and the outputs stay the same either way).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn kiln(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_kiln"));
    command.args(args);
    for (key, value) in env {
        command.env(key, value);
    }
    command.output().expect("kiln runs")
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

fn model() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/models/resnet_tiny.onnx")
}

/// Compiles the README's model for the live device into `dir/NAME.kiln`.
fn compile(dir: &Path, name: &str, extra: &[&str]) -> PathBuf {
    let out = dir.join(format!("{name}.kiln"));
    let model = model();
    let mut args = vec![
        "compile",
        model.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
        "--target",
        "auto",
        "--dim",
        "N=2",
    ];
    args.extend_from_slice(extra);
    let result = kiln(&args, &[]);
    assert!(result.status.success(), "{}", text(&result));
    out
}

/// `kiln run ARTIFACT --time-passes --output-dir DIR/out-TAG`: the run's text and its output.
fn run(artifact: &Path, dir: &Path, tag: &str, env: &[(&str, &str)]) -> (String, Vec<u8>) {
    let out_dir = dir.join(format!("out-{tag}"));
    let result = kiln(
        &[
            "run",
            artifact.to_str().unwrap(),
            "--time-passes",
            "--output-dir",
            out_dir.to_str().unwrap(),
        ],
        env,
    );
    assert!(result.status.success(), "{tag}: {}", text(&result));
    let output = std::fs::read(out_dir.join("output_0.npy")).expect("an output file");
    (text(&result), output)
}

#[test]
fn run_time_passes_prints_every_start_up_phase() {
    let dir = tempfile::tempdir().unwrap();
    let artifact = compile(dir.path(), "plain", &[]);
    let (printed, _) = run(&artifact, dir.path(), "plain", &[]);
    for phase in [
        "start-up phases (start, duration):",
        "device creation",
        "    instance",
        "    vkCreateDevice",
        "artifact read: header and manifest",
        "artifact manifest decode",
        "artifact read: SPIR-V and constants",
        "artifact check (manifest, SPIR-V verifier)",
        "artifact spirv-val",
        "device check",
        "input read",
        "manifest check",
        "    pipeline dispatch_0_",
        "pipelines  (11 kernels, 11 distinct,",
        "weight upload  (",
        "pipeline cache save",
        "first run  (11 dispatches)",
        "    submit and wait (first dispatches)",
        "    checks and output download",
        "output write",
    ] {
        assert!(printed.contains(phase), "no `{phase}` in:\n{printed}");
    }
    // No embedded cache, no line about one.
    assert!(!printed.contains("embedded pipeline cache"), "{printed}");

    // KILN_TRACE prints each phase as it ends, with the time since the start.
    let traced = kiln(&["run", artifact.to_str().unwrap()], &[("KILN_TRACE", "1")]);
    assert!(traced.status.success(), "{}", text(&traced));
    let traced = text(&traced);
    let line = traced
        .lines()
        .find(|l| l.contains("phase") && l.contains("weight upload"))
        .unwrap_or_else(|| panic!("no traced weight upload in:\n{traced}"));
    assert!(
        line.starts_with("kiln-trace ") && line.contains(" ms ["),
        "a trace line has a timestamp: {line}"
    );
    assert!(
        traced.contains("create pipeline `dispatch_0_"),
        "pipeline creation is traced per kernel:\n{traced}"
    );
}

/// `kiln bench --time-passes`: the load's phases, then what each dispatch's first run took
/// beyond its median (on lavapipe, the kernel's compile at its first dispatch).
#[test]
fn bench_time_passes_reports_each_kernels_first_run_cost() {
    let dir = tempfile::tempdir().unwrap();
    let artifact = compile(dir.path(), "plain", &[]);
    let out = kiln(
        &[
            "bench",
            artifact.to_str().unwrap(),
            "--iterations",
            "2",
            "--time-passes",
        ],
        &[],
    );
    assert!(out.status.success(), "{}", text(&out));
    let printed = text(&out);
    let mut needles = vec!["pipelines  (11 kernels, 11 distinct,", "weight upload  ("];
    // Per-dispatch times need timestamps (lavapipe has them).
    if !printed.contains("no per-dispatch GPU times") {
        needles.push("first run beyond the median, per dispatch (11 pipelines;");
    }
    for needle in needles {
        assert!(printed.contains(needle), "no `{needle}` in:\n{printed}");
    }
}

/// `KILN_PIPELINE_THREADS` caps the threads; a value that is not a positive count is refused
/// by name (exit 1), not ignored.
#[test]
fn pipeline_threads_are_capped_and_bad_values_refused() {
    let dir = tempfile::tempdir().unwrap();
    let artifact = compile(dir.path(), "plain", &[]);
    let (printed, _) = run(
        &artifact,
        dir.path(),
        "one",
        &[("KILN_PIPELINE_THREADS", "1")],
    );
    assert!(
        printed.contains("pipelines  (11 kernels, 11 distinct, 1 threads)"),
        "{printed}"
    );
    for bad in ["0", "many", "-2"] {
        let out = kiln(
            &["run", artifact.to_str().unwrap()],
            &[("KILN_PIPELINE_THREADS", bad)],
        );
        assert_eq!(out.status.code(), Some(1), "{bad}: {}", text(&out));
        assert!(
            text(&out).contains("KILN_PIPELINE_THREADS") && text(&out).contains(bad),
            "{bad}: {}",
            text(&out)
        );
    }
}

/// Where the embedded cache's blob lies in an artifact file: the last blob, `length` bytes.
fn cache_blob_start(bytes: &[u8]) -> usize {
    let artifact = kiln::Artifact::from_bytes(bytes, "embedded.kiln").expect("loads");
    let cache = artifact.pipeline_cache.expect("an embedded cache");
    bytes.len() - cache.data.len()
}

#[test]
fn an_embedded_pipeline_cache_is_used_only_on_its_own_device_and_driver() {
    let dir = tempfile::tempdir().unwrap();
    let plain = compile(dir.path(), "plain", &[]);
    let embedded = compile(dir.path(), "embedded", &["--embed-pipeline-cache"]);
    let bytes = std::fs::read(&embedded).unwrap();
    let artifact = kiln::Artifact::from_bytes(&bytes, "embedded.kiln").expect("loads");
    let cache = artifact.pipeline_cache.as_ref().expect("an embedded cache");
    assert!(cache.data.len() >= 32, "{} bytes", cache.data.len());
    assert_eq!(
        kiln::Artifact::from_bytes(&std::fs::read(&plain).unwrap(), "plain.kiln")
            .unwrap()
            .program,
        artifact.program,
        "embedding a cache changes nothing else"
    );

    let inspected = kiln(&["inspect", embedded.to_str().unwrap()], &[]);
    assert!(
        text(&inspected).contains(&format!(
            "pipeline cache: {} bytes made on `{}`",
            cache.data.len(),
            cache.made_by.device_name
        )),
        "{}",
        text(&inspected)
    );

    let (printed, reference) = run(&plain, dir.path(), "plain", &[]);
    assert!(!printed.contains("embedded pipeline cache"), "{printed}");
    let (printed, output) = run(&embedded, dir.path(), "embedded", &[]);
    assert!(
        printed.contains("embedded pipeline cache  (merged,"),
        "the device's own cache is merged:\n{printed}"
    );
    assert_eq!(output, reference);

    // Header bytes edited in the file: another pipelineCacheUUID, another vendor ID, a length
    // past the data. Each is ignored with its reason, and the run computes the same.
    let start = cache_blob_start(&bytes);
    let edits: [(&str, usize, u8, &str); 3] = [
        ("uuid", 16 + 5, 0x5a, "pipelineCacheUUID"),
        ("vendor", 8, 0x01, "made for vendor"),
        ("length", 3, 0x10, "header length"),
    ];
    for (tag, at, flip, reason) in edits {
        let mut edited = bytes.clone();
        edited[start + at] ^= flip;
        let path = dir.path().join(format!("{tag}.kiln"));
        std::fs::write(&path, &edited).unwrap();
        let (printed, output) = run(&path, dir.path(), tag, &[("KILN_TRACE", "1")]);
        assert!(
            printed.contains("embedded pipeline cache  (ignored: ") && printed.contains(reason),
            "{tag}: the cache must be ignored for `{reason}`:\n{printed}"
        );
        assert!(
            printed.contains("kiln-trace") && printed.contains("embedded pipeline cache ignored"),
            "{tag}: KILN_TRACE says so:\n{printed}"
        );
        assert_eq!(output, reference, "{tag}");
    }

    // A cache that another driver version made (the header cannot tell) and one cut short.
    let mut other_driver = artifact.clone();
    let made_by = &mut other_driver.pipeline_cache.as_mut().unwrap().made_by;
    made_by.driver_version = made_by.driver_version.wrapping_add(1);
    let mut short = artifact.clone();
    short.pipeline_cache.as_mut().unwrap().data.truncate(16);
    for (tag, edited, reason) in [
        ("driver", other_driver, "driver version"),
        ("short", short, "shorter than the 32-byte header"),
    ] {
        let path = dir.path().join(format!("{tag}.kiln"));
        edited.save(&path).unwrap();
        let (printed, output) = run(&path, dir.path(), tag, &[]);
        assert!(
            printed.contains("(ignored: ") && printed.contains(reason),
            "{tag}: the cache must be ignored for `{reason}`:\n{printed}"
        );
        assert_eq!(output, reference, "{tag}");
    }
}

#[test]
fn an_artifact_without_a_cache_keeps_the_manifest_as_before() {
    let dir = tempfile::tempdir().unwrap();
    let plain = std::fs::read(compile(dir.path(), "plain", &[])).unwrap();
    let length = u64::from_le_bytes(plain[12..20].try_into().unwrap()) as usize;
    let manifest: serde_json::Value = serde_json::from_slice(&plain[20..20 + length]).unwrap();
    assert!(
        manifest.get("pipeline_cache").is_none(),
        "older kiln versions read this manifest unchanged"
    );
    let artifact = kiln::Artifact::from_bytes(&plain, "plain.kiln").unwrap();
    assert_eq!(artifact.pipeline_cache, None);
    assert_eq!(
        artifact.to_bytes(),
        plain,
        "saving again writes the same bytes"
    );
}

/// Constants streamed from the artifact file into the device buffers (what `kiln run` does)
/// compute exactly what constants loaded into memory first do, in mapped memory and through
/// staging buffers.
#[test]
fn constants_streamed_from_the_file_compute_what_loaded_ones_do() {
    use kiln::runtime::{DeviceConfig, MemoryStrategy};
    let dir = tempfile::tempdir().unwrap();
    let path = compile(dir.path(), "plain", &[]);
    let loaded = kiln::Artifact::load(&path).unwrap();
    let mut timeline = kiln::StartupTimeline::new();
    let (streamed, constants) =
        kiln::Artifact::load_leaving_constants(&path, &mut timeline).unwrap();
    assert!(streamed
        .program
        .constants
        .iter()
        .all(|c| c.bytes.is_empty()));
    assert!(loaded.program.constants.iter().any(|c| !c.bytes.is_empty()));
    let input = ndarray::ArrayD::from_shape_fn(ndarray::IxDyn(&[2, 3, 32, 32]), |i| {
        ((i[1] * 31 + i[2] * 7 + i[3]) % 17) as f32 / 17.0 - 0.5
    });
    let inputs = [kiln::HostTensor::F32(input)];
    for memory in [MemoryStrategy::Mapped, MemoryStrategy::Staged] {
        let session = kiln::Session::new(&DeviceConfig {
            memory,
            ..DeviceConfig::default()
        })
        .unwrap();
        let in_memory = session.load(&loaded.program).unwrap().run(&inputs).unwrap();
        let mut timeline = kiln::StartupTimeline::new();
        let from_file = session
            .load_artifact(&streamed, Some(&constants), &mut timeline)
            .unwrap()
            .run(&inputs)
            .unwrap();
        assert_eq!(from_file, in_memory, "{memory:?}");
        let upload = timeline
            .phase("weight upload")
            .expect("a weight upload phase");
        assert!(
            upload.detail.contains("read from the artifact file"),
            "{memory:?}: {}",
            upload.detail
        );
    }
}

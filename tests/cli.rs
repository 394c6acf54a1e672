//! The `kiln` binary end to end on the default device (lavapipe in CI): `kiln tune` writes the
//! tuning cache and `--target auto` compiles read it; tiling overrides are checked against the
//! target; usage errors exit with 1; `kiln bench --stats` prints the driver's pipeline
//! statistics or says why it cannot.

use std::path::Path;
use std::process::{Command, Output};

fn kiln(args: &[&str], cache: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kiln"))
        .args(args)
        .env("KILN_TUNING_CACHE", cache)
        .output()
        .expect("kiln runs")
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// A 64x48x40 matmul plus bias in MLIR text.
fn matmul_model(dir: &Path) -> std::path::PathBuf {
    let path = dir.join("mm.mlir");
    std::fs::write(
        &path,
        r#"func.func @main(%a: tensor<64x40xf32>, %b: tensor<40x48xf32>) -> tensor<64x48xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<64x48xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<64x48xf32>) -> tensor<64x48xf32>
  %2 = linalg.matmul ins(%a, %b : tensor<64x40xf32>, tensor<40x48xf32>) outs(%1 : tensor<64x48xf32>) -> tensor<64x48xf32>
  return %2 : tensor<64x48xf32>
}
"#,
    )
    .unwrap();
    path
}

const KEY: &str = "f32xf32->f32 batch=1 m=64 n=48 k=40";

#[test]
fn tune_writes_the_cache_and_auto_compiles_read_it() {
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().join("tuning.json");
    let model = matmul_model(dir.path());
    let model = model.to_str().unwrap();
    let out = kiln(&["tune", model, "--iterations", "1"], &cache);
    assert!(out.status.success(), "{}", text(&out));
    assert!(text(&out).contains(KEY), "{}", text(&out));
    let written: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&cache).unwrap()).unwrap();
    let devices = written["devices"].as_object().expect("a devices map");
    assert_eq!(devices.len(), 1, "{written}");

    // A cache entry changes the kernel `--target auto` builds (and only for that key).
    let device = devices.keys().next().unwrap().clone();
    let entry = serde_json::json!({ "devices": { device.clone(): { KEY: "simt:32x32x8/4x4" } } });
    std::fs::write(&cache, entry.to_string()).unwrap();
    let local_size = |extra: &[&str]| {
        let mut args = vec!["run", model, "--check", "--print-ir-after", "distribute"];
        args.extend_from_slice(extra);
        let out = kiln(&args, &cache);
        assert!(out.status.success(), "{}", text(&out));
        text(&out)
            .lines()
            .find(|l| l.starts_with("kernel @"))
            .expect("a kernel")
            .to_string()
    };
    let tuned = local_size(&[]);
    assert!(
        tuned.contains("local_size [64, 1, 1]") && tuned.contains("workgroup_count [4, 1, 1]"),
        "{tuned}"
    );
    let untuned = local_size(&["--no-tuning-cache"]);
    assert_ne!(tuned, untuned);

    // A broken entry is an error naming the file and the key, not a silent fallback.
    let entry = serde_json::json!({ "devices": { device: { KEY: "simt:32x32" } } });
    std::fs::write(&cache, entry.to_string()).unwrap();
    let out = kiln(&["run", model], &cache);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(
        text(&out).contains("tuning.json") && text(&out).contains(KEY),
        "{}",
        text(&out)
    );
}

#[test]
fn tiling_overrides_are_checked_and_usage_errors_exit_1() {
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().join("tuning.json");
    let model = matmul_model(dir.path());
    let model = model.to_str().unwrap();
    let out = kiln(
        &[
            "compile",
            model,
            "-o",
            "/dev/null",
            "--matmul-tiles",
            "128x128x16/7x8",
        ],
        &cache,
    );
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(text(&out).contains("must divide"), "{}", text(&out));
    let out = kiln(
        &[
            "compile",
            model,
            "-o",
            dir.path().join("m.kiln").to_str().unwrap(),
            "--target",
            "vulkan1.1",
            "--matmul-tiles",
            "64x64x16/4x4",
        ],
        &cache,
    );
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(
        text(&out).contains("need 256 invocations per workgroup, the target allows 128"),
        "{}",
        text(&out)
    );
    // Workgroup-matrix tiles: malformed, and ones the H200 lists no shape for (an f16 matmul).
    let out = kiln(
        &[
            "compile",
            model,
            "-o",
            "/dev/null",
            "--workgroup-matrix-tiles",
            "128x128x64",
        ],
        &cache,
    );
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(
        text(&out).contains("expected TMxTNxTK/WG"),
        "{}",
        text(&out)
    );
    let f16_model = dir.path().join("mm16.mlir");
    let f16_text = std::fs::read_to_string(model)
        .unwrap()
        .replace("tensor<64x40xf32>", "tensor<64x40xf16>")
        .replace("tensor<40x48xf32>", "tensor<40x48xf16>");
    std::fs::write(&f16_model, f16_text).unwrap();
    let out = kiln(
        &[
            "compile",
            f16_model.to_str().unwrap(),
            "-o",
            "/dev/null",
            "--target",
            "nvidia-h200",
            "--workgroup-matrix-tiles",
            "128x128x64/96",
        ],
        &cache,
    );
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(
        text(&out).contains("do not fit the target"),
        "{}",
        text(&out)
    );
    let out = kiln(&["compile", "--no-such-flag"], &cache);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
}

/// `kiln bench MODEL EXTRA.. --iterations 2 --warmup-ms 0`.
fn quick_bench(model: &Path, extra: &[&str], cache: &Path) -> Output {
    let mut args = vec!["bench", model.to_str().unwrap()];
    args.extend(extra);
    args.extend(["--iterations", "2", "--warmup-ms", "0"]);
    kiln(&args, cache)
}

/// Where `line` starts in the stdout of a `kiln bench` run, checked to come after the timings.
fn after_timings(out: &Output, line: &str) -> usize {
    let stdout = String::from_utf8_lossy(&out.stdout);
    let at = stdout
        .find(line)
        .unwrap_or_else(|| panic!("no `{line}`:\n{}", text(out)));
    assert!(at > stdout.find("median over").unwrap(), "{}", text(out));
    at
}

/// `kiln bench --repeat R` records the dispatches R times back to back; the outputs of such a
/// run are those of a single one (and `--check` compares the last run's with the reference).
#[test]
fn repeated_dispatches_give_the_same_outputs() {
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().join("tuning.json");
    let model = matmul_model(dir.path());
    let out = quick_bench(&model, &["--repeat", "3", "--check"], &cache);
    assert!(out.status.success(), "{}", text(&out));
    assert!(text(&out).contains("of 3 repeats"), "{}", text(&out));
    // `--check`: the last run's outputs against the reference interpreter, after the timings.
    after_timings(&out, "check output 0: max |device - reference|");

    let module = kiln::model::load_model(&model).unwrap();
    let session = kiln::Session::default_device().unwrap();
    let target = kiln::target::target_env_for_open_device(session.device());
    let artifact = kiln::compile(&module, &target).unwrap();
    let mut executable = session.load(&artifact.program).unwrap();
    let mut rng = 7u64;
    let mut random = |n: usize| -> Vec<f32> {
        (0..n)
            .map(|_| {
                rng = rng
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                ((rng >> 40) as f32 / (1u64 << 24) as f32) * 2.0 - 1.0
            })
            .collect()
    };
    let a = ndarray::ArrayD::from_shape_vec(vec![64, 40], random(64 * 40)).unwrap();
    let b = ndarray::ArrayD::from_shape_vec(vec![40, 48], random(40 * 48)).unwrap();
    let inputs = [kiln::HostTensor::F32(a), kiln::HostTensor::F32(b)];
    let once = executable.run(&inputs).unwrap();
    executable.set_repeat(4);
    let (repeated, timings) = executable.run_timed(&inputs).unwrap();
    assert_eq!(once, repeated);
    if !timings.dispatch_gpu_ns.is_empty() {
        assert_eq!(timings.dispatch_gpu_ns.len(), 4);
    }
}

/// `kiln bench --stats` prints each dispatch's pipeline statistics after the timings where the
/// device lists VK_KHR_pipeline_executable_properties, and otherwise a note on stderr while the
/// benchmark still runs.
#[test]
fn bench_stats_prints_pipeline_statistics_or_a_note() {
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().join("tuning.json");
    let model = matmul_model(dir.path());
    let out = quick_bench(&model, &["--stats"], &cache);
    assert!(out.status.success(), "{}", text(&out));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stdout.contains("median over 2 runs"), "{}", text(&out));
    let session = kiln::Session::default_device().unwrap();
    if session
        .device()
        .info()
        .has_extension("VK_KHR_pipeline_executable_properties")
    {
        let header = after_timings(&out, "pipeline statistics (as the driver reports them):");
        assert!(stdout[header..].contains(" = "), "{}", text(&out));
    } else {
        assert!(
            stderr.contains("--stats: device") && stderr.contains("no pipeline statistics"),
            "{}",
            text(&out)
        );
        assert!(!stdout.contains("pipeline statistics"), "{}", text(&out));
    }
}

/// `kiln bench --json FILE` writes each timed dispatch's time and sources (here the MLIR
/// positions of the ops it computes: the fill and the matmul), the same sources that end the
/// dispatch's line of the text table, and the totals.
#[test]
fn bench_json_names_each_dispatch_sources() {
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().join("tuning.json");
    let model = matmul_model(dir.path());
    let json = dir.path().join("bench.json");
    let out = quick_bench(&model, &["--json", json.to_str().unwrap()], &cache);
    assert!(out.status.success(), "{}", text(&out));
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let dispatches = report["dispatches"].as_array().expect("a dispatch list");
    assert_eq!(dispatches.len(), 1, "{report}");
    let d = &dispatches[0];
    let lines: Vec<u64> = d["sources"]
        .as_array()
        .expect("a source list")
        .iter()
        .map(|s| {
            assert_eq!(s["kind"], "text", "{report}");
            s["line"].as_u64().expect("a line")
        })
        .collect();
    // The matmul is the region's root (first); its accumulator's fill is fused into it.
    assert_eq!(lines, [5, 4], "{report}");
    assert!(d["gpu_us"].as_f64().is_some_and(|t| t > 0.0), "{report}");
    // The matmul's multiply-adds, and the fill's stores.
    assert_eq!(d["flops"], 2 * 64 * 48 * 40 + 64 * 48, "{report}");
    assert!(report["gpu_total_us"].as_f64().is_some(), "{report}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let row = stdout
        .lines()
        .find(|l| l.starts_with(d["name"].as_str().unwrap()))
        .expect("the dispatch's row");
    assert!(row.ends_with("5:3 +1"), "{row}");
}

/// `--precision f16` for a target without 16-bit storage or f16 arithmetic (`vulkan1.1`) says
/// what it does instead (f32 buffers, f32 math) and still compiles; a target with both
/// (`nvidia-h200`) and `--precision f32` say nothing.
#[test]
fn precision_f16_without_16_bit_storage_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let model = matmul_model(dir.path());
    let cache = dir.path().join("cache.json");
    let out = dir.path().join("mm.kiln");
    let compile = |target: &str, precision: &str| {
        kiln(
            &[
                "compile",
                model.to_str().unwrap(),
                "--target",
                target,
                "--precision",
                precision,
                "-o",
                out.to_str().unwrap(),
            ],
            &cache,
        )
    };
    let o = compile("vulkan1.1", "f16");
    assert!(o.status.success(), "{}", text(&o));
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(
        stderr.contains("warning: --precision f16 on vulkan1.1: the device has no 16-bit storage")
            && stderr.contains("no f16 arithmetic"),
        "{stderr}"
    );
    for (target, precision) in [("nvidia-h200", "f16"), ("vulkan1.1", "f32")] {
        let o = compile(target, precision);
        assert!(o.status.success(), "{}", text(&o));
        assert!(
            !String::from_utf8_lossy(&o.stderr).contains("warning"),
            "{}",
            text(&o)
        );
    }
}

/// An artifact whose kernels were laid out for another subgroup size (nvidia-h200's fixed 32
/// lanes: a subgroup per row of a row sum) is refused on lavapipe with a message naming the
/// dispatch and both sizes, instead of running rows on the wrong lanes (it wrote past its
/// output before); the same model compiled for the device runs.
#[test]
fn artifacts_laid_out_for_another_subgroup_size_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().join("tuning.json");
    let model = dir.path().join("rows.mlir");
    std::fs::write(
        &model,
        // Rows summed by subgroups (shared with `tests/lowering_reductions.rs`).
        include_str!("lowering_common/row_sums_64x1024.mlir"),
    )
    .unwrap();
    let artifact = dir.path().join("rows.kiln");
    let out = kiln(
        &[
            "compile",
            model.to_str().unwrap(),
            "-o",
            artifact.to_str().unwrap(),
            "--target",
            "nvidia-h200",
        ],
        &cache,
    );
    assert!(out.status.success(), "{}", text(&out));
    let out = kiln(&["run", artifact.to_str().unwrap(), "-q"], &cache);
    let message = text(&out);
    // The default device is the first `kiln devices` lists; one of 32-lane subgroups only
    // runs the kernels as laid out.
    let devices = text(&kiln(&["devices"], &cache));
    let first = devices.lines().next().unwrap_or_default();
    if first.contains("subgroup 32,") {
        assert!(out.status.success(), "{message}");
        return;
    }
    assert_eq!(out.status.code(), Some(1), "{message}");
    // The device's range as `kiln devices` shows it ("subgroup 8," or "subgroup 8-32,").
    let range = first
        .split("subgroup ")
        .nth(1)
        .and_then(|s| s.split(',').next())
        .map(|r| {
            if r.contains('-') {
                r.to_string()
            } else {
                format!("{r}-{r}")
            }
        })
        .unwrap_or_default();
    assert!(
        message.contains("dispatch `dispatch_0_")
            && message.contains("laid out for subgroups of 32 (target `nvidia-h200`)")
            && message.contains(&format!("the device's subgroups have {range} invocations"))
            && message.contains("--target auto"),
        "{message}"
    );
    // Compiled for the device (`kiln run` of the model), the same reduction runs and sums right.
    let input = dir.path().join("x.npy");
    let x: Vec<f32> = (0..64 * 1024)
        .map(|i| ((i * 7) % 13) as f32 - 6.0)
        .collect();
    kiln::HostTensor::F32(ndarray::ArrayD::from_shape_vec(vec![64, 1024], x.clone()).unwrap())
        .write_npy(&input)
        .unwrap();
    let outputs = dir.path().join("out");
    let out = kiln(
        &[
            "run",
            model.to_str().unwrap(),
            "-q",
            "--input",
            input.to_str().unwrap(),
            "--output-dir",
            outputs.to_str().unwrap(),
        ],
        &cache,
    );
    assert!(out.status.success(), "{}", text(&out));
    let sums = kiln::HostTensor::read_npy(&outputs.join("output_0.npy")).unwrap();
    let kiln::HostTensor::F32(sums) = sums else {
        panic!("f32 output expected");
    };
    for (row, got) in sums.iter().enumerate() {
        let want: f64 = x[row * 1024..(row + 1) * 1024]
            .iter()
            .map(|&v| f64::from(v))
            .sum();
        assert_eq!(f64::from(*got), want, "row {row}");
    }
}

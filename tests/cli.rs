//! The `kiln` binary end to end on the default device (lavapipe in CI): `kiln tune` writes the
//! tuning cache and `--target auto` compiles read it; tiling overrides are checked against the
//! target; usage errors exit with 1.

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
    let out = kiln(&["compile", "--no-such-flag"], &cache);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
}

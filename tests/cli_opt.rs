//! `kiln opt` end to end (no device needed): named passes on Tensor IR and on kernel IR files
//! print what the whole pipeline prints after them; errors carry file:line:col and exit with 1.

use std::path::Path;
use std::process::{Command, Output};

fn kiln(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kiln"))
        .args(args)
        .output()
        .expect("kiln runs")
}

fn stdout(o: &Output) -> String {
    assert!(
        o.status.success(),
        "kiln failed: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn failure(o: &Output) -> String {
    assert_eq!(
        o.status.code(),
        Some(1),
        "expected a user error: {}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8_lossy(&o.stderr).into_owned()
}

const TENSOR_PASSES: &str = "decompose,fusion,kernel-config,bufferize,lower-to-kernels";

/// A 64x48x40 matmul plus bias in MLIR text.
fn matmul_model(dir: &Path) -> String {
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
    path.display().to_string()
}

#[test]
fn list_passes_names_every_pass_in_pipeline_order() {
    let out = stdout(&kiln(&["opt", "--list-passes"]));
    let names: Vec<&str> = out
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert_eq!(
        names,
        [
            "index-checks",
            "reduce-precision",
            "emulate-bf16",
            "decompose",
            "channels-last",
            "pointwise-convs",
            "split-reduction",
            "merge-matmuls",
            "fusion",
            "kernel-config",
            "bufferize",
            "lower-to-kernels",
            "vectorize",
            "distribute",
            "legalize",
            "abi-vce-serialize"
        ]
    );
    assert!(out.contains("Distributed -> Spirv"), "{out}");
}

#[test]
fn passes_on_kernel_ir_print_what_the_pipeline_prints() {
    let dir = tempfile::tempdir().unwrap();
    let model = matmul_model(dir.path());
    let kernels = dir.path().join("k.kir");
    let kernels = kernels.to_str().unwrap();
    for target in ["llvmpipe", "nvidia-h200"] {
        stdout(&kiln(&[
            "opt",
            &model,
            "--passes",
            TENSOR_PASSES,
            "--target",
            target,
            "-o",
            kernels,
        ]));
        let text = std::fs::read_to_string(kernels).unwrap();
        assert!(text.starts_with("kernel @dispatch_0"), "{text}");
        let whole = stdout(&kiln(&[
            "opt",
            &model,
            "--passes",
            &format!("{TENSOR_PASSES},vectorize,distribute"),
            "--target",
            target,
        ]));
        let alone = stdout(&kiln(&[
            "opt",
            kernels,
            "--pass",
            "vectorize",
            "--pass",
            "distribute",
            "--target",
            target,
        ]));
        assert_eq!(alone, whole, "on {target}");
        let distributed = dir.path().join("d.kir");
        std::fs::write(&distributed, &alone).unwrap();
        let spirv = stdout(&kiln(&[
            "opt",
            distributed.to_str().unwrap(),
            "--passes",
            "legalize,abi-vce-serialize",
            "--target",
            target,
            "--index64",
        ]));
        assert!(spirv.contains("spirv.module"), "{spirv}");
        assert!(spirv.contains("Int64"), "--index64: {spirv}");
    }
}

#[test]
fn errors_point_at_the_file_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.kir");
    std::fs::write(
        &bad,
        "kernel @k local_size [1, 1, 1] workgroup_count [1, 1, 1] {\n  %0 = constant 1 : index\n  %1 = frobnicate %0 : index\n}\n",
    )
    .unwrap();
    let bad = bad.to_str().unwrap();
    let err = failure(&kiln(&["opt", bad, "--passes", "vectorize"]));
    assert!(
        err.contains(&format!(
            "{bad}:3:8: expected an operation, found `frobnicate`"
        )),
        "{err}"
    );
    assert!(err.contains("  %1 = frobnicate %0 : index"), "{err}");

    let dir_path = dir.path();
    let model = matmul_model(dir_path);
    let err = failure(&kiln(&["opt", &model, "--passes", "decompose,fusoin"]));
    assert!(err.contains("unknown pass `fusoin`"), "{err}");
    let err = failure(&kiln(&["opt", &model, "--passes", "bufferize"]));
    assert!(
        err.contains("pass `bufferize` needs phase Partitioned") && err.contains("no parser"),
        "{err}"
    );
    let err = failure(&kiln(&[
        "opt",
        &model,
        "--passes",
        "decompose",
        "--target",
        "nope",
    ]));
    assert!(err.contains("nope"), "{err}");
    let err = failure(&kiln(&["opt", "missing.kir", "--passes", "vectorize"]));
    assert!(err.contains("missing.kir"), "{err}");
    failure(&kiln(&["opt", "--passes", "vectorize"]));
}

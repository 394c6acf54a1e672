//! The interpreter checked against the ONNX backend node tests (`onnx` pip package) for the ops
//! kiln imports. `tests/onnx/gen_node_tests.py` writes the cases into a temp dir; each is imported,
//! interpreted and compared with the expected outputs using the case's rtol / atol. Cases whose
//! import is refused (an unsupported op, attribute, type or op version: `is_refusal`) are counted
//! and listed; known precision differences must stay within a numeric bound
//! (`precision_difference`); any other wrong number or unexpected error fails the test, and so
//! does a pass count below `PASSED_FLOOR`.
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

/// The number of node-suite cases the interpreter passed when the floor was last raised
/// (onnx 1.23.2, the ops `supported_ops()` lists). A change that makes fewer pass fails the test;
/// one that makes more should raise it.
const PASSED_FLOOR: usize = 1596;

/// Whether an import error is a refusal ("kiln does not support this case": an op, opset,
/// attribute, type or data-dependent constant it declines, each a typed error of the importer)
/// rather than a failure (the importer broke an invariant, `Verify`, or could not read the case).
/// The kinds decide; only the message of a node, tensor or graph error (a free string from the
/// op's handler or the graph walk) is looked at, for the words their refusals use
/// (`unsupported`, `not supported`, a value that must be a constant): such an error without
/// them is a failure.
fn is_refusal(e: &ImportError) -> bool {
    match e {
        ImportError::UnsupportedOps { .. }
        | ImportError::Opset { .. }
        | ImportError::InputValueNeeded { .. } => true,
        ImportError::Node { message, .. }
        | ImportError::Tensor { message, .. }
        | ImportError::Graph(message) => [
            "unsupported",
            "not supported",
            "must be a constant",
            "needs constant",
            "symbolic",
        ]
        .iter()
        .any(|k| message.contains(k)),
        ImportError::Io { .. }
        | ImportError::Decode(_)
        | ImportError::NoGraph
        | ImportError::Verify(_) => false,
    }
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
        let error = match import_onnx_with(&model, &options) {
            Err(error @ ImportError::InputValueNeeded { .. }) => error,
            other => return other,
        };
        let ImportError::InputValueNeeded { inputs, .. } = &error else {
            unreachable!()
        };
        let names = kiln_frontend::onnx::onnx_graph_inputs(&model)?;
        for needed in inputs {
            let i = names.iter().position(|(n, _)| n == needed);
            // Computed from an input the case cannot give a value for: the refusal stands.
            let Some(i) = i.filter(|&i| i < num_inputs && !specialized.contains(&i)) else {
                return Err(error);
            };
            let t = read_tensor(&case.join(format!("input_{i}.pb"))).map_err(ImportError::Graph)?;
            options.input_values.insert(needed.clone(), t);
            specialized.push(i);
        }
    }
}

/// Why a case's expected outputs may differ from kiln's by rounding alone, if they may, and the
/// bound (rtol, atol) within which they must still agree: the f16 / bf16 Attention cases, whose
/// expected outputs onnx's reference computes rounding every product and sum to f16 / bf16,
/// while kiln accumulates the matmuls in f32 and rounds once (a few outputs land one or two
/// f16 / bf16 steps away: measured 1.04e-3 relative for f16, 7e-3 for bf16; bounds 4 steps,
/// 2e-3 and 1.6e-2); and the inverse DFT cases, whose expected outputs are numpy's complex64
/// FFT, with f32 rounding noise (1.9e-7) above the atol of 1e-7 where the exact answer (kiln's,
/// to 3e-15) is 0 (bound: atol 4e-7).
fn precision_difference(name: &str) -> Option<(&'static str, f64, f64)> {
    if name.starts_with("test_dft_inverse") {
        return Some((
            "the expected output carries complex64 FFT noise above the case's atol",
            1e-5,
            4e-7,
        ));
    }
    if !name.starts_with("test_attention") {
        return None;
    }
    const WHY: &str = "the reference rounds each f16 / bf16 product and sum; kiln sums in f32";
    if name.contains("fp16") {
        Some((WHY, 2e-3, 1e-3))
    } else if name.contains("bf16") {
        Some((WHY, 1.6e-2, 8e-3))
    } else {
        None
    }
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
    let mut precision = Vec::new();
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
            Err(e) if is_refusal(&e) => {
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
        let compare_all = |rtol: f64, atol: f64| -> Result<(), String> {
            if outputs.len() != no {
                return Err(format!("{} outputs, expected {no}", outputs.len()));
            }
            for (i, got) in outputs.iter().enumerate() {
                let want = read_tensor(&case.join(format!("output_{i}.pb")))?;
                compare(got, &want, rtol, atol).map_err(|e| format!("output {i}: {e}"))?;
            }
            Ok(())
        };
        match compare_all(rtol, atol) {
            Ok(()) => passed.push(name.to_string()),
            Err(why) => match precision_difference(name) {
                Some((reason, rtol, atol)) => match compare_all(rtol, atol) {
                    Ok(()) => precision.push(format!(
                        "{name}: {why} (precision: {reason}; within rtol {rtol:e}, atol {atol:e})"
                    )),
                    Err(beyond) => failed.push(format!(
                        "{name}: {beyond}: beyond the bound of its known precision difference \
                         ({reason})"
                    )),
                },
                None => failed.push(format!("{name}: {why}")),
            },
        }
    }
    let excluded = std::fs::read_to_string(dir.path().join("excluded.txt")).unwrap_or_default();
    println!(
        "ONNX node tests: {} passed, {} within a known precision bound, {} refused, {} failed \
         ({} cases excluded: they use other ops)",
        passed.len(),
        precision.len(),
        skipped.len(),
        failed.len(),
        excluded.lines().count()
    );
    for s in &precision {
        println!("  precision {s}");
    }
    for s in &skipped {
        println!("  refused {s}");
    }
    for s in &failed {
        println!("  FAILED {s}");
    }
    assert!(
        failed.is_empty(),
        "{} ONNX node tests failed:\n{}",
        failed.len(),
        failed.join("\n")
    );
    assert!(
        passed.len() >= PASSED_FLOOR,
        "{} node tests passed, fewer than the {PASSED_FLOOR} that passed before: a case that \
         passed is now refused or skipped (see the list above)",
        passed.len()
    );
}

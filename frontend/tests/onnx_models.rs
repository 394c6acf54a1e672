//! Multi-op ONNX models built with `onnx.helper` (tests/onnx/gen_models.py), run by onnxruntime
//! and by kiln's importer + interpreter; the outputs must agree (rtol 1e-4, atol 1e-5). Each
//! imported module also goes through the MLIR text format and is run again from the reparsed text.
//! Needs a python with onnx and onnxruntime (see `onnx_node_tests.rs` for how it is found).

use std::path::Path;
use std::process::Command;

use kiln_frontend::onnx::decode_tensor_bytes;
use kiln_frontend::{import_onnx, interpret, Dim, Tensor, Type};

mod common;

fn read(path: &Path) -> Tensor {
    decode_tensor_bytes(&std::fs::read(path).unwrap()).unwrap()
}

#[test]
fn onnx_models_match_onnxruntime() {
    let dir = tempfile::tempdir().unwrap();
    let py = common::python();
    let status = Command::new(&py)
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/onnx/gen_models.py"))
        .arg(dir.path())
        .status()
        .unwrap_or_else(|e| {
            panic!(
                "cannot run python '{py}' ({e}); set KILN_PYTHON or put a python with onnx on PATH"
            )
        });
    assert!(
        status.success(),
        "'{py} gen_models.py' failed: a python with numpy, onnx and onnxruntime is required"
    );
    let manifest = std::fs::read_to_string(dir.path().join("manifest.txt")).unwrap();
    let mut count = 0;
    for line in manifest.lines() {
        let f: Vec<&str> = line.split(' ').collect();
        let (name, ni, no) = (
            f[0],
            f[1].parse::<usize>().unwrap(),
            f[2].parse::<usize>().unwrap(),
        );
        let case = dir.path().join(name);
        let module =
            import_onnx(&case.join("model.onnx")).unwrap_or_else(|e| panic!("{name}: {e}"));
        let reparsed = common::assert_round_trip(name, &module);
        let inputs: Vec<Tensor> = (0..ni)
            .map(|i| read(&case.join(format!("input_{i}.pb"))))
            .collect();
        for m in [&module, &reparsed] {
            let outputs = interpret(m, &inputs).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(outputs.len(), no, "{name}");
            for (i, got) in outputs.iter().enumerate() {
                let want = read(&case.join(format!("output_{i}.pb")));
                common::compare(got, &want, 1e-4, 1e-5)
                    .unwrap_or_else(|e| panic!("{name} output {i}: {e}"));
            }
        }
        if name.starts_with("dynamic") {
            let arg = &module.functions[0].values[module.functions[0].arguments[0]].ty;
            assert!(
                matches!(arg, Type::Tensor(t) if t.shape[0] == Dim::Symbol("N".into())),
                "dim_param N must stay symbolic: {arg}"
            );
        }
        count += 1;
    }
    assert_eq!(count, 7, "expected 7 model runs");
}

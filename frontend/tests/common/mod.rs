//! Helpers shared by the python-backed ONNX tests.

use std::path::Path;

use kiln_frontend::{Module, Tensor};

/// The python to run: `KILN_PYTHON`, else `<repo>/.venv/bin/python`, else `python3` on PATH.
#[allow(dead_code)]
pub fn python() -> String {
    if let Ok(p) = std::env::var("KILN_PYTHON") {
        return p;
    }
    let venv = Path::new(env!("CARGO_MANIFEST_DIR")).join("../.venv/bin/python");
    if venv.exists() {
        return venv.to_string_lossy().into_owned();
    }
    "python3".into()
}

/// Compares with the case tolerances: |a - b| <= atol + rtol * |b|, NaN equal to NaN.
pub fn compare(got: &Tensor, want: &Tensor, rtol: f64, atol: f64) -> Result<(), String> {
    if got.shape() != want.shape() {
        return Err(format!(
            "shape {:?}, expected {:?}",
            got.shape(),
            want.shape()
        ));
    }
    if got.dtype != want.dtype {
        return Err(format!("type {}, expected {}", got.dtype, want.dtype));
    }
    for (i, (a, b)) in got.data.iter().zip(want.data.iter()).enumerate() {
        let ok = (a.is_nan() && b.is_nan()) || a == b || (a - b).abs() <= atol + rtol * b.abs();
        if !ok {
            return Err(format!(
                "element {i}: {a}, expected {b} (rtol {rtol}, atol {atol})"
            ));
        }
    }
    Ok(())
}

/// Asserts `parse(print(m)) == m` (renumbered), naming the first op that differs.
#[allow(dead_code)]
pub fn assert_round_trip(name: &str, module: &Module) -> Module {
    let text = kiln_frontend::print_mlir(module);
    let reparsed = kiln_frontend::parse_mlir(&text)
        .unwrap_or_else(|e| panic!("{name}: printed text does not parse: {e}\n{text}"));
    let want = module.renumbered();
    for (f, g) in want.functions.iter().zip(&reparsed.functions) {
        for (k, (&a, &b)) in f.body.iter().zip(&g.body).enumerate() {
            assert_eq!(
                f.ops[a], g.ops[b],
                "{name}: op #{k} differs after the round trip"
            );
            for (&x, &y) in f.ops[a].results.iter().zip(&g.ops[b].results) {
                assert_eq!(
                    f.values[x], g.values[y],
                    "{name}: result of op #{k} differs after the round trip"
                );
            }
        }
    }
    assert_eq!(reparsed, want, "{name}: parse(print(m)) != m");
    reparsed
}

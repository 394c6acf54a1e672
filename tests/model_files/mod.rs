//! What the ONNX device tests share: running a model generator of `tests/models/` into a temp
//! dir, a session on the default device, and loading a generated case (import, compile with
//! verification and spirv-val, its inputs and onnxruntime's outputs).

use std::path::{Path, PathBuf};
use std::process::Command;

/// Runs `tests/models/SCRIPT DIR [ARGS]` with `KILN_PYTHON` (else `python3`) into
/// `<temp>/kiln-PREFIX-<pid>` and returns that dir.
pub fn generate(script: &str, prefix: &str, args: &[&str]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kiln-{prefix}-{}", std::process::id()));
    let script = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/models")
        .join(script);
    let python = std::env::var("KILN_PYTHON").unwrap_or_else(|_| "python3".into());
    let status = Command::new(&python)
        .arg(&script)
        .arg(&dir)
        .args(args)
        .status()
        .unwrap_or_else(|e| {
            panic!("{python} not found ({e}); run the tests with the README's test command")
        });
    assert!(
        status.success(),
        "{} {args:?} failed: the tests need python3 with onnx, onnxruntime and numpy (the README's test command puts .venv/bin first on PATH)",
        script.display()
    );
    dir
}

/// The default device, with a generous GPU timeout: the tests run in parallel on CI's two
/// cores, where lavapipe shares them with the other tests' kernels.
pub fn session() -> kiln::Session {
    let config = kiln::runtime::DeviceConfig {
        timeout: std::time::Duration::from_secs(600),
        ..Default::default()
    };
    kiln::Session::new(&config).unwrap_or_else(|e| panic!("no Vulkan device: {e}"))
}

/// One generated case (`dir/MODEL.onnx` with `dir/CASE.*`): the module imported with the dims of
/// `CASE.dims` fixed (`N=2 H=5`), compiled for the session's device with verification after every
/// pass and spirv-val on every dispatch, and its seeded inputs and onnxruntime's outputs
/// (`CASE.input_K.npy`, `CASE.expected_K.npy`).
#[allow(dead_code)] // Not every test crate that includes this module loads cases.
pub struct Case {
    pub module: kiln::frontend::Module,
    pub artifact: kiln::Artifact,
    pub inputs: Vec<kiln::HostTensor>,
    pub expected: Vec<kiln::HostTensor>,
}

#[allow(dead_code)] // Not every test crate that includes this module loads cases.
pub fn load_case(session: &kiln::Session, dir: &Path, model: &str, case: &str) -> Case {
    let mut options = kiln::frontend::ImportOptions::default();
    if let Ok(dims) = std::fs::read_to_string(dir.join(format!("{case}.dims"))) {
        for d in dims.split_whitespace() {
            let (k, v) = d.split_once('=').expect("NAME=SIZE");
            options
                .dims
                .insert(k.to_string(), v.parse().expect("a size"));
        }
    }
    let module = kiln::model::load_model_with(&dir.join(format!("{model}.onnx")), &options)
        .unwrap_or_else(|e| panic!("import {case}: {e}"));
    let target = kiln::target::target_env_for_open_device(session.device());
    let pass_options = kiln::lowering::PassOptions {
        verify_each: true,
        ..Default::default()
    };
    let artifact = kiln::compile_with(&module, &target, &pass_options)
        .unwrap_or_else(|e| panic!("compile {case}: {e}"));
    for d in &artifact.program.dispatches {
        kiln::spirv_ir::validate_with_spirv_val(&d.spirv, &target.spirv_val_target_env())
            .unwrap_or_else(|e| panic!("{case}: dispatch {}: {e}", d.name));
    }
    let read = |what: &str, k: usize| {
        let path = dir.join(format!("{case}.{what}_{k}.npy"));
        path.exists()
            .then(|| kiln::HostTensor::read_npy(&path).unwrap_or_else(|e| panic!("{e}")))
    };
    Case {
        module,
        artifact,
        inputs: (0..).map_while(|k| read("input", k)).collect(),
        expected: (0..).map_while(|k| read("expected", k)).collect(),
    }
}

/// Runs `executable` on `dir/CASE.input_K.npy` and compares each output with onnxruntime's
/// `dir/CASE.expected_K.npy`: within `1e-4` of the output's largest magnitude plus `rtol` of
/// each element. Returns the number of outputs.
#[allow(dead_code)] // Not every test crate that includes this module runs cases.
pub fn run_against_onnxruntime(
    executable: &kiln::Executable<'_>,
    dir: &Path,
    case: &str,
    rtol: f64,
) -> usize {
    let read_all = |what: &str| -> Vec<kiln::HostTensor> {
        (0..)
            .map(|k| dir.join(format!("{case}.{what}_{k}.npy")))
            .take_while(|p| p.exists())
            .map(|p| kiln::HostTensor::read_npy(&p).unwrap_or_else(|e| panic!("{e}")))
            .collect()
    };
    let outputs = executable
        .run(&read_all("input"))
        .unwrap_or_else(|e| panic!("{case}: run: {e}"));
    let expected = read_all("expected");
    assert_eq!(outputs.len(), expected.len(), "{case}: outputs");
    for (k, (got, want)) in outputs.iter().zip(&expected).enumerate() {
        let (got, want) = (got.to_reference(), want.to_reference());
        assert_eq!(got.data.shape(), want.data.shape(), "{case}: output {k}");
        let scale = want.data.iter().fold(1.0f64, |m, w| m.max(w.abs()));
        for (g, w) in got.data.iter().zip(want.data.iter()) {
            assert!(
                (g - w).abs() <= 1e-4 * scale + rtol * w.abs(),
                "{case}: output {k}: got {g}, onnxruntime {w} (max |output| {scale})"
            );
        }
    }
    outputs.len()
}

//! Real CNN architectures exported to ONNX, end to end on the Vulkan device: each model is built
//! by `tests/models/make_models.py` (onnx.helper, random weights) with seeded random inputs and
//! onnxruntime's outputs, then imported, compiled for the live device (`--target auto`), run and
//! compared. The ResNet has a symbolic batch and runs at N=1 and N=8 from one compile.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use kiln::{Artifact, HostTensor, Session};

/// Generates the models once per test binary into a temp dir.
fn models_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("kiln-models-{}", std::process::id()));
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/models/make_models.py");
        let python = std::env::var("KILN_PYTHON").unwrap_or_else(|_| "python3".into());
        let status = Command::new(&python)
            .arg(&script)
            .arg(&dir)
            .status()
            .unwrap_or_else(|e| {
                panic!("{python} not found ({e}); run the tests with the README's test command")
            });
        assert!(
            status.success(),
            "{} failed: the tests need python3 with onnx, onnxruntime and numpy (the README's test command puts .venv/bin first on PATH)",
            script.display()
        );
        dir
    })
}

fn compile_for(session: &Session, name: &str) -> Artifact {
    let path = models_dir().join(format!("{name}.onnx"));
    let module = kiln::model::load_model(&path).unwrap_or_else(|e| panic!("import {name}: {e}"));
    let target = kiln::target::target_env_for_open_device(session.device());
    let options = kiln::lowering::PassOptions {
        verify_each: true,
        ..Default::default()
    };
    let artifact = kiln::compile_with(&module, &target, &options)
        .unwrap_or_else(|e| panic!("compile {name}: {e}"));
    for d in &artifact.program.dispatches {
        kiln::spirv_ir::validate_with_spirv_val(&d.spirv, &target.spirv_val_target_env())
            .unwrap_or_else(|e| panic!("{name}: dispatch {}: {e}", d.name));
    }
    artifact
}

fn check_case(session: &Session, artifact: &Artifact, name: &str, case: &str) {
    let dir = models_dir();
    let read = |what: &str| {
        HostTensor::read_npy(&dir.join(format!("{case}.{what}_0.npy")))
            .unwrap_or_else(|e| panic!("{e}"))
    };
    let input = read("input");
    let expected = read("expected").to_reference();
    let executable = session.load(&artifact.program).expect("load");
    let outputs = executable
        .run(&[input])
        .unwrap_or_else(|e| panic!("{case}: run: {e}"));
    let got = outputs[0].to_reference();
    assert_eq!(
        got.data.shape(),
        expected.data.shape(),
        "{case}: output shape"
    );
    for (g, w) in got.data.iter().zip(expected.data.iter()) {
        assert!(
            (g - w).abs() <= 1e-4 + 1e-3 * w.abs(),
            "{name} ({case}): got {g}, onnxruntime {w}"
        );
    }
    eprintln!("{case}: {} outputs match onnxruntime", got.data.len());
}

/// The default device, with a generous GPU timeout: the tests run in parallel on CI's two
/// cores, where lavapipe shares them with the other tests' kernels.
fn session() -> Session {
    let config = kiln::runtime::DeviceConfig {
        timeout: std::time::Duration::from_secs(600),
        ..Default::default()
    };
    Session::new(&config).unwrap_or_else(|e| panic!("no Vulkan device: {e}"))
}

macro_rules! model_tests {
    ($($test:ident => $name:literal),* $(,)?) => {$(
        #[test]
        fn $test() {
            let session = session();
            let artifact = compile_for(&session, $name);
            check_case(&session, &artifact, $name, $name);
        }
    )*};
}

model_tests! {
    inception_concat_branches => "inception",
    densenet_dense_block => "densenet",
    shufflenet_channel_shuffle => "shufflenet",
    squeezenet_fire_modules => "squeezenet",
    alexnet_lrn => "alexnet_lrn",
}

#[test]
fn resnet_symbolic_batch_one_compile_two_sizes() {
    let session = session();
    let artifact = compile_for(&session, "resnet");
    assert!(
        !artifact.program.symbols.is_empty(),
        "the batch dim should stay symbolic"
    );
    check_case(&session, &artifact, "resnet", "resnet.n1");
    check_case(&session, &artifact, "resnet", "resnet.n8");
}

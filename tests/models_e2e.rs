//! Real CNN architectures exported to ONNX, end to end on the Vulkan device: each model is built
//! by `tests/models/make_models.py` (onnx.helper, random weights) with seeded random inputs and
//! onnxruntime's outputs, then imported, compiled for the live device (`--target auto`), run and
//! compared. The ResNet has a symbolic batch and runs at N=1 and N=8 from one compile.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use kiln::{Artifact, HostTensor, Session};

mod model_files;
use model_files::session;

/// Generates the models once per test binary into a temp dir.
fn models_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| model_files::generate("make_models.py", "models", &[]))
}

/// The onnx package's backend-test `light` architecture `name` (e.g. `resnet50`) with seeded
/// random weights, input and onnxruntime output (`tests/models/light_models.py`), generated on
/// first use into its own temp dir; returns the dir.
fn light_model_dir(name: &str) -> PathBuf {
    model_files::generate("light_models.py", &format!("light-{name}"), &[name])
}

/// Compiles, runs and checks light architecture `name` (see [`light_model_dir`]).
fn check_light_model(name: &str) {
    let dir = light_model_dir(name);
    let session = session();
    let artifact = compile_path(&session, &dir.join(format!("{name}.onnx")), name);
    check_files(&session, &artifact, name, &dir, name);
    let _ = std::fs::remove_dir_all(&dir);
}

fn compile_for(session: &Session, name: &str) -> Artifact {
    compile_path(session, &models_dir().join(format!("{name}.onnx")), name)
}

fn compile_path(session: &Session, path: &Path, name: &str) -> Artifact {
    let module = kiln::model::load_model(path).unwrap_or_else(|e| panic!("import {name}: {e}"));
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
    check_files(session, artifact, name, models_dir(), case)
}

fn check_files(session: &Session, artifact: &Artifact, name: &str, dir: &Path, case: &str) {
    // NAME.input_0.npy, NAME.input_1.npy, ... in the model's input order; the same for
    // NAME.expected_K.npy, onnxruntime's outputs.
    let read_all = |what: &str| -> Vec<HostTensor> {
        (0..)
            .map(|k| dir.join(format!("{case}.{what}_{k}.npy")))
            .take_while(|p| p.exists())
            .map(|p| HostTensor::read_npy(&p).unwrap_or_else(|e| panic!("{e}")))
            .collect()
    };
    let inputs = read_all("input");
    let expected = read_all("expected");
    assert!(!expected.is_empty(), "{case}: no {case}.expected_0.npy");
    let executable = session.load(&artifact.program).expect("load");
    let outputs = executable
        .run(&inputs)
        .unwrap_or_else(|e| panic!("{case}: run: {e}"));
    assert_eq!(
        outputs.len(),
        expected.len(),
        "{case}: kiln gives {} outputs, onnxruntime {}",
        outputs.len(),
        expected.len()
    );
    for (k, (got, want)) in outputs.iter().zip(&expected).enumerate() {
        let (got, expected) = (got.to_reference(), want.to_reference());
        assert_eq!(
            got.data.shape(),
            expected.data.shape(),
            "{case}: output {k} shape"
        );
        // Absolute error in units of the output's magnitude (random-weight networks without
        // trained normalization reach logits of 1e5-1e7, where f32 sums differ by more than
        // 1e-4 near zero), plus a relative part.
        let scale = expected.data.iter().fold(1.0f64, |m, w| m.max(w.abs()));
        for (g, w) in got.data.iter().zip(expected.data.iter()) {
            assert!(
                (g - w).abs() <= 1e-4 * scale + 1e-3 * w.abs(),
                "{name} ({case}): output {k}: got {g}, onnxruntime {w} (max |output| {scale})"
            );
        }
    }
    eprintln!("{case}: {} outputs match onnxruntime", outputs.len());
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
    mobilenet_depthwise_inverted_residuals => "mobilenet",
    gather_constant_index_runs => "gather_runs",
    gather_permutations_run_time_indices_and_elements => "gather_ops",
    fusion_respects_the_binding_limit => "wide_concat",
}

/// Fusion keeps every kernel within the target's per-stage storage-buffer limit: the 40-way
/// concat of `wide_concat` would bind 81 buffers as one kernel; for lavapipe (32) it becomes
/// several, each within the limit.
#[test]
fn kernels_stay_within_the_binding_limit() {
    let env = kiln::spirv_ir::target::TargetEnv::preset("llvmpipe").expect("llvmpipe preset");
    let limit = env.limits.max_per_stage_descriptor_storage_buffers as usize;
    let path = models_dir().join("wide_concat.onnx");
    let module = kiln::model::load_model(&path).unwrap_or_else(|e| panic!("{e}"));
    let artifact = kiln::compile(&module, &env).unwrap_or_else(|e| panic!("{e}"));
    assert!(artifact.program.dispatches.len() > 1);
    for d in &artifact.program.dispatches {
        assert!(
            d.bindings.len() <= limit,
            "dispatch {} binds {} buffers, over the limit of {limit}",
            d.name,
            d.bindings.len()
        );
    }
}

/// Real architectures at full size (224 x 224 inputs): the onnx package's light models with
/// seeded random weights, against onnxruntime. SqueezeNet runs in the default tier; the rest
/// are the slow tier (`cargo test --release --test models_e2e -- --ignored`, docs/testing.md):
/// minutes each on lavapipe with a cold shader cache.
#[test]
fn light_squeezenet() {
    check_light_model("squeezenet");
}

macro_rules! slow_light_model_tests {
    ($($test:ident => $name:literal),* $(,)?) => {$(
        #[test]
        #[ignore = "slow tier: cargo test --release --test models_e2e -- --ignored"]
        fn $test() {
            check_light_model($name);
        }
    )*};
}

slow_light_model_tests! {
    light_resnet50 => "resnet50",
    light_densenet121 => "densenet121",
    light_inception_v1 => "inception_v1",
    light_inception_v2 => "inception_v2",
    light_shufflenet => "shufflenet",
}

/// The most SPIR-V words a kernel compiled for a CPU device may have. lavapipe compiles each
/// kernel with LLVM at its first dispatch, in time that grows faster than the code: kernels of
/// 47-89k words took 1-25 s each (the README's model took 59 s on a cold cache); kiln's CPU
/// kernels are 19-22k words and compile in about a second.
const CPU_KERNEL_WORD_BUDGET: usize = 32 * 1024;

#[test]
fn cpu_kernels_stay_within_the_code_size_budget() {
    let env = kiln::spirv_ir::target::TargetEnv::preset("llvmpipe").expect("llvmpipe preset");
    let mut models: Vec<PathBuf> = ["inception", "densenet", "shufflenet", "squeezenet"]
        .iter()
        .chain(&[
            "alexnet_lrn",
            "mobilenet",
            "resnet",
            "gather_runs",
            "gather_ops",
        ])
        .map(|name| models_dir().join(format!("{name}.onnx")))
        .collect();
    models.push(Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/models/resnet_tiny.onnx"));
    for path in models {
        let module = kiln::model::load_model(&path).unwrap_or_else(|e| panic!("{e}"));
        let artifact = kiln::compile(&module, &env).unwrap_or_else(|e| panic!("{e}"));
        for d in &artifact.program.dispatches {
            assert!(
                d.spirv.len() <= CPU_KERNEL_WORD_BUDGET,
                "{}: dispatch {} has {} SPIR-V words, over the CPU budget of {CPU_KERNEL_WORD_BUDGET}",
                path.display(),
                d.name,
                d.spirv.len()
            );
        }
    }
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

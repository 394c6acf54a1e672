//! What the load tests share (`tests/load_and_faults.rs`, `tests/soak.rs`): a session on the
//! default device, the README model compiled for it, seeded image batches, and runs checked
//! against the reference interpreter and against a lone run's outputs.

use std::path::Path;

use kiln::{Executable, HostTensor, Session, Tolerance};
use ndarray::{ArrayD, IxDyn};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

pub fn session() -> Session {
    let config = kiln::runtime::DeviceConfig {
        timeout: std::time::Duration::from_secs(600),
        ..Default::default()
    };
    Session::new(&config).unwrap_or_else(|e| panic!("no Vulkan device: {e}"))
}

/// The README model (symbolic batch `N`), imported and compiled for the session's device.
pub fn resnet_tiny(session: &Session) -> (kiln::frontend::Module, kiln::Artifact) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/models/resnet_tiny.onnx");
    let module = kiln::model::load_model(&path).expect("import resnet_tiny");
    let target = kiln::target::target_env_for_open_device(session.device());
    let artifact = kiln::compile(&module, &target).expect("compile resnet_tiny");
    (module, artifact)
}

/// A seeded random `[n, 3, 32, 32]` image batch.
pub fn image(n: usize, seed: u64) -> HostTensor {
    let mut rng = StdRng::seed_from_u64(seed);
    let data = (0..n * 3 * 32 * 32)
        .map(|_| rng.random_range(-1.0f32..1.0))
        .collect();
    HostTensor::F32(ArrayD::from_shape_vec(IxDyn(&[n, 3, 32, 32]), data).unwrap())
}

/// Fails unless `got` is within `--check`'s tolerance of the interpreter's `want`.
pub fn assert_close(got: &HostTensor, want: &kiln::frontend::Tensor, what: &str) {
    let got = got.to_reference();
    assert_eq!(got.data.shape(), want.data.shape(), "{what}: shape");
    let tolerance = Tolerance::F32;
    let finite: Vec<f64> = want
        .data
        .iter()
        .copied()
        .filter(|v| v.is_finite())
        .collect();
    let rms = (finite.iter().map(|v| v * v).sum::<f64>() / finite.len().max(1) as f64).sqrt();
    for (i, (g, w)) in got.data.iter().zip(want.data.iter()).enumerate() {
        let allowance = tolerance.atol_rms * rms + tolerance.rtol * w.abs();
        assert!(
            (g - w).abs() <= allowance,
            "{what}: element {i}: kiln {g}, interpreter {w} (allowed {allowance:e})"
        );
    }
}

/// An input set: the batch, its outputs from a lone run and the interpreter's.
pub struct Case {
    pub input: HostTensor,
    pub alone: Vec<HostTensor>,
}

/// One case per (batch size, seed), checked against the interpreter from a lone run.
pub fn cases(
    executable: &Executable<'_>,
    module: &kiln::frontend::Module,
    batches: &[usize],
) -> Vec<Case> {
    batches
        .iter()
        .enumerate()
        .map(|(k, &n)| {
            let input = image(n, 100 + k as u64);
            let alone = executable.run(std::slice::from_ref(&input)).unwrap();
            let reference = kiln::frontend::interpret(module, &[input.to_reference()]).unwrap();
            assert_close(&alone[0], &reference[0], &format!("case {k} (N={n}) alone"));
            Case { input, alone }
        })
        .collect()
}

/// `runs` runs of `executable` from one thread, case `(thread + run) % cases`, each output equal
/// to the case's lone output bit for bit.
pub fn hammer(executable: &Executable<'_>, cases: &[Case], thread: usize, runs: usize) {
    for run in 0..runs {
        let case = &cases[(thread + run) % cases.len()];
        let outputs = executable
            .run(std::slice::from_ref(&case.input))
            .unwrap_or_else(|e| panic!("thread {thread} run {run}: {e}"));
        assert!(
            outputs == case.alone,
            "thread {thread} run {run} (N={}): the output differs from the lone run's",
            case.input.shape()[0]
        );
    }
}

//! Issue 41: dynamically quantized models as onnxruntime's `quantize_dynamic` writes them
//! (`tests/models/make_quantized_models.py`: DynamicQuantizeLinear, ConvInteger, MatMulInteger,
//! Cast, Mul), on the default device (lavapipe in CI) and on the reference interpreter, against
//! onnxruntime. Every integer tensor (the quantized activations, their zero points, the int32
//! sums, exposed as graph outputs by the script) must equal onnxruntime's exactly, including
//! the MLP's sums past 2^24 (K = 6144 positive terms) that f32 arithmetic cannot hold; float
//! outputs agree to f32 rounding (onnxruntime's Tanh / Sigmoid and pooling sums are its own).

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use kiln::HostTensor;

mod model_files;

fn models_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| model_files::generate("make_quantized_models.py", "quantized", &[]))
}

/// Integers exactly; floats within `rel_l2` of onnxruntime's (relative L2 over the tensor).
fn assert_agrees(name: &str, who: &str, got: &[HostTensor], want: &[HostTensor], rel_l2: f64) {
    assert_eq!(got.len(), want.len(), "{name} ({who}): output count");
    for (k, (g, w)) in got.iter().zip(want).enumerate() {
        let (g, w) = (g.to_reference(), w.to_reference());
        assert_eq!(
            g.data.shape(),
            w.data.shape(),
            "{name} ({who}): output {k} shape"
        );
        if w.dtype.is_float() {
            let diff: f64 = g
                .data
                .iter()
                .zip(w.data.iter())
                .map(|(a, b)| (a - b).powi(2))
                .sum();
            let norm: f64 = w.data.iter().map(|b| b * b).sum();
            let rel = (diff / norm.max(1e-300)).sqrt();
            assert!(rel <= rel_l2, "{name} ({who}): output {k}: rel L2 {rel:e}");
        } else {
            let wrong = g
                .data
                .iter()
                .zip(w.data.iter())
                .filter(|(a, b)| a != b)
                .count();
            let first = g.data.iter().zip(w.data.iter()).position(|(a, b)| a != b);
            assert_eq!(
                wrong,
                0,
                "{name} ({who}): integer output {k}: {wrong} of {} elements differ, the first at \
                 {first:?}: kiln {:?}, onnxruntime {:?}",
                w.data.len(),
                first.map(|i| g.data.iter().nth(i)),
                first.map(|i| w.data.iter().nth(i))
            );
        }
    }
}

fn check(name: &str) {
    let session = model_files::session();
    let case = model_files::load_case(&session, models_dir(), name, name);
    let executable = session.load(&case.artifact.program).unwrap();
    let device = executable.run(&case.inputs).unwrap();
    assert_agrees(name, "device", &device, &case.expected, 1e-6);
    let reference: Vec<_> = case.inputs.iter().map(HostTensor::to_reference).collect();
    let interpreted: Vec<_> = kiln::frontend::interpret(&case.module, &reference)
        .unwrap()
        .iter()
        .map(HostTensor::from_reference)
        .collect();
    assert_agrees(name, "interpreter", &interpreted, &case.expected, 1e-6);
}

#[test]
fn quantized_cnn_conv_integer_and_matmul_integer_match_onnxruntime() {
    check("quantized_cnn");
}

#[test]
fn quantized_mlp_sums_past_two_to_the_24_match_onnxruntime_exactly() {
    check("quantized_mlp");
}

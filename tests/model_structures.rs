//! Real model structures against onnxruntime on the Vulkan device (issue 23): small graphs in
//! the shape of the models people ship — a MobileNetV3 / PP-LCNet classifier, a DBNet-style
//! detector (FPN with Resize, ConvTranspose head), a YOLOv8-style detector (C2f with Split /
//! Concat, SPPF, PAN neck with Resize, DFL decoding), a CNN + BiLSTM + CTC recognizer with a
//! dynamic batch and width, run at two widths, and a BERT-style encoder with a dynamic sequence
//! length, run at two lengths. The models, seeded random weights and inputs and onnxruntime's
//! outputs come from `tests/models/make_structures.py`; each model is imported (symbolic dims
//! fixed from `CASE.dims`, as `--dim` does), compiled for the live device (every module through
//! spirv-val), run, and every output compared with onnxruntime's, the device's and kiln's
//! reference interpreter's: float outputs by relative L2 error `||got - want|| / ||want|| <=
//! 1e-4`, integer outputs (ArgMax) exactly.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use kiln::frontend::Tensor;
use kiln::{HostTensor, Session};

mod model_files;
use model_files::session;

fn models_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| model_files::generate("make_structures.py", "structures", &[]))
}

/// Largest relative L2 error accepted for an f32 output.
const MAX_REL_L2: f64 = 1e-4;

/// Imports `model` with the dims of run `case`, compiles, runs `case`'s inputs and compares
/// every output with onnxruntime's.
fn check(session: &Session, model: &str, case: &str) {
    let model_files::Case {
        module,
        artifact,
        inputs,
        expected,
    } = model_files::load_case(session, models_dir(), model, case);
    let executable = session.load(&artifact.program).expect("load");
    let outputs = executable
        .run(&inputs)
        .unwrap_or_else(|e| panic!("{case}: run: {e}"));
    let reference_inputs: Vec<_> = inputs.iter().map(HostTensor::to_reference).collect();
    let reference = kiln::frontend::interpret(&module, &reference_inputs)
        .unwrap_or_else(|e| panic!("{case}: interpreter: {e}"));
    assert_eq!(outputs.len(), expected.len(), "{case}: output count");
    assert_eq!(
        reference.len(),
        expected.len(),
        "{case}: interpreter output count"
    );
    for (k, (got, want)) in outputs.iter().zip(&expected).enumerate() {
        assert_eq!(got.dtype(), want.dtype(), "{case}: output {k} dtype");
        let is_float = want.dtype().is_float();
        let want = want.to_reference();
        compare(case, k, "device", &got.to_reference(), &want, is_float);
        compare(case, k, "interpreter", &reference[k], &want, is_float);
    }
    eprintln!(
        "{case}: {} outputs of the device and the interpreter match onnxruntime ({} dispatches)",
        outputs.len(),
        artifact.program.dispatches.len()
    );
}

/// Compares output `k` of `column` (the device or the interpreter) with onnxruntime's.
fn compare(case: &str, k: usize, column: &str, got: &Tensor, want: &Tensor, is_float: bool) {
    assert_eq!(
        got.data.shape(),
        want.data.shape(),
        "{case} ({column}): output {k} shape"
    );
    if is_float {
        let (mut error, mut norm) = (0.0f64, 0.0f64);
        for (g, w) in got.data.iter().zip(want.data.iter()) {
            error += (g - w) * (g - w);
            norm += w * w;
        }
        let rel_l2 = (error / norm).sqrt();
        assert!(
            rel_l2 <= MAX_REL_L2,
            "{case} ({column}): output {k}: relative L2 error {rel_l2:e} against onnxruntime (limit {MAX_REL_L2:e})"
        );
        eprintln!("{case} ({column}): output {k}: relative L2 error {rel_l2:.2e}");
    } else {
        for (i, (g, w)) in got.data.iter().zip(want.data.iter()).enumerate() {
            assert_eq!(g, w, "{case} ({column}): output {k} element {i}");
        }
        eprintln!(
            "{case} ({column}): output {k}: {} elements equal",
            got.data.len()
        );
    }
}

#[test]
fn mobilenet_v3_pp_lcnet_classifier() {
    check(&session(), "mobilenet_v3", "mobilenet_v3");
}

#[test]
fn dbnet_fpn_detector() {
    check(&session(), "dbnet", "dbnet");
}

#[test]
fn yolov8_detector_with_dfl_decoding() {
    check(&session(), "yolov8", "yolov8");
}

/// Dynamic batch and width, as PP-OCR's recognizer ships: 2 x 64 (16 steps) and 1 x 32 (8).
#[test]
fn crnn_bilstm_ctc_recognizer_at_two_widths() {
    let session = session();
    check(&session, "crnn", "crnn_w64");
    check(&session, "crnn", "crnn_w32");
}

/// One model, two runs: batch 2 x seq 7 and batch 1 x seq 12, the symbolic dims fixed at import
/// to each run's sizes.
#[test]
fn bert_encoder_at_two_sequence_lengths() {
    let session = session();
    check(&session, "bert", "bert_seq7");
    check(&session, "bert", "bert_seq12");
}

/// The encoder's two layers are the same kernels under other names: they share pipelines
/// (issue 42), built on several threads, and compute bit for bit what one pipeline per
/// dispatch, built one after another, computes; both match onnxruntime.
#[test]
fn bert_layers_share_pipelines_and_compute_the_same() {
    use kiln::runtime::PipelineBuild;
    let session = session();
    let case = "bert_seq12";
    let model_files::Case {
        artifact,
        inputs,
        expected,
        ..
    } = model_files::load_case(&session, models_dir(), "bert", case);
    let program = &artifact.program;
    let load = |pipelines: PipelineBuild| {
        let options = kiln::LoadOptions {
            pipelines,
            ..Default::default()
        };
        session
            .load_timed(program, &options, &mut kiln::StartupTimeline::new())
            .expect("load")
    };
    let distinct = |executable: &kiln::Executable| {
        let pipelines = executable.pipelines();
        (0..pipelines.len())
            .filter(|&i| {
                !pipelines[..i]
                    .iter()
                    .any(|p| p.shares_pipeline_with(&pipelines[i]))
            })
            .count()
    };
    let shared = load(PipelineBuild {
        deduplicate: true,
        threads: Some(4),
    });
    let separate = load(PipelineBuild::serial_without_deduplication());
    let dispatches = program.dispatches.len();
    assert_eq!(distinct(&separate), dispatches);
    let built = distinct(&shared);
    assert!(
        built < dispatches,
        "{built} pipelines for {dispatches} dispatches: the second layer shares none"
    );
    for (pipeline, dispatch) in shared.pipelines().iter().zip(&program.dispatches) {
        assert_eq!(
            pipeline.name(),
            dispatch.name,
            "a shared pipeline keeps its dispatch's name"
        );
    }
    let got = shared.run(&inputs).expect("run with shared pipelines");
    assert_eq!(
        got,
        separate
            .run(&inputs)
            .expect("run with a pipeline per dispatch"),
        "shared pipelines must compute exactly what separate ones do"
    );
    for (k, (got, want)) in got.iter().zip(&expected).enumerate() {
        let is_float = want.dtype().is_float();
        compare(
            case,
            k,
            "device",
            &got.to_reference(),
            &want.to_reference(),
            is_float,
        );
    }
    eprintln!("{case}: {dispatches} dispatches, {built} pipelines");
}

/// Without its dims, the encoder's first Shape cannot fold: the error names the node, the op and
/// the flags that fix it.
#[test]
fn bert_without_its_dims_names_the_shape_node_and_the_flags() {
    let path = models_dir().join("bert.onnx");
    let error = kiln::model::load_model_with(&path, &kiln::frontend::ImportOptions::default())
        .expect_err("Shape over symbolic dims must not import without --dim")
        .to_string();
    for part in [
        "node '/shape_",
        "(Shape, opset 17)",
        "--dim batch=SIZE --dim seq=SIZE",
    ] {
        assert!(error.contains(part), "{part:?} missing from: {error}");
    }
}

/// `kiln run` fixes the encoder's symbolic dims from its input files' shapes (no `--dim`); its
/// `--output-dir` files match onnxruntime's.
#[test]
fn kiln_run_fixes_the_bert_dims_from_its_input_files() {
    let dir = models_dir();
    let case = "bert_seq12";
    let out = dir.join("kiln-run-bert_seq12");
    let arg = |p: PathBuf| p.to_str().expect("a UTF-8 temp path").to_string();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_kiln"))
        .arg("run")
        .arg(arg(dir.join("bert.onnx")))
        .args(["--input", &arg(dir.join(format!("{case}.input_0.npy")))])
        .args(["--input", &arg(dir.join(format!("{case}.input_1.npy")))])
        .args(["--output-dir", &arg(out.clone())])
        .output()
        .expect("run the kiln binary");
    assert!(
        output.status.success(),
        "kiln run {case}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    for k in 0..2 {
        let read = |path: PathBuf| {
            HostTensor::read_npy(&path)
                .unwrap_or_else(|e| panic!("{e}"))
                .to_reference()
        };
        let got = read(out.join(format!("output_{k}.npy")));
        let want = read(dir.join(format!("{case}.expected_{k}.npy")));
        compare(case, k, "kiln run", &got, &want, true);
    }
}

//! `--precision f16` (and `bf16`) for whole models, end to end on the Vulkan device: a small CNN
//! (conv + BN + ReLU + max pool + residual + global average pool + gemm + softmax) and a BERT-style
//! encoder (embedding gathers on int64 ids, LayerNorm, multi-head attention with a mask and
//! softmax, erf GELU) are compiled with the `reduce-precision` pass, checked with spirv-val, run
//! on seeded random inputs and compared with onnxruntime's f32 outputs for the f32 model.
//!
//! Tolerance: relative L2 error (`|device - reference|_2 / |reference|_2`) at most 1e-2 for f16
//! (the `kiln run --check` tolerance, `cli::run::precision_tolerance`). f16 rounds each stored
//! value to 11 significant bits (unit roundoff 4.9e-4); weights and activations are rounded at
//! every layer and the accumulations are f32, so the error grows with depth roughly like the
//! square root of the number of roundings. Measured here (lavapipe): see the `eprintln!` lines
//! (CNN about 5e-4, attention about 1e-3); the tolerance leaves a margin of 5-20x while an f16
//! accumulation or a dropped conversion would miss it by orders of magnitude.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use kiln::{Artifact, HostTensor, Precision, Session};

mod model_files;
use model_files::session;

const F16_TOLERANCE: f64 = 1e-2;
const BF16_TOLERANCE: f64 = 4e-2;

fn cnn_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| model_files::generate("make_models.py", "precision-cnn", &["resnet"]))
}

fn bert_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| model_files::generate("make_structures.py", "precision-structures", &[]))
}

/// The SIMT tiling the f16 contractions take on a CPU device: lanes (the CPU default) takes
/// f32 / i32 operands only, and the SIMT default there (16 x 16 register tiles) needs minutes
/// for a 3x3 conv on lavapipe. Only the speed depends on it.
fn tiles_for(session: &Session) -> Option<kiln::lowering::kernel_config::MatmulTiles> {
    let cpu = session.device().info().device_type == kiln::runtime::DeviceType::Cpu;
    cpu.then(|| "64x32x16/4x4".parse().expect("valid tiles"))
}

/// `module` compiled for the session's device at `precision`, with verification after every
/// pass and spirv-val on every dispatch.
fn compile(
    session: &Session,
    module: &kiln::frontend::Module,
    precision: Precision,
    name: &str,
) -> Artifact {
    let target = kiln::target::target_env_for_open_device(session.device());
    let options = kiln::lowering::PassOptions {
        verify_each: true,
        precision,
        matmul_tiles: if precision == Precision::F16 {
            tiles_for(session)
        } else {
            None
        },
        ..Default::default()
    };
    let artifact = kiln::compile_with(module, &target, &options)
        .unwrap_or_else(|e| panic!("compile {name} at {precision}: {e}"));
    assert_eq!(artifact.program.precision, precision);
    for d in &artifact.program.dispatches {
        kiln::spirv_ir::validate_with_spirv_val(&d.spirv, &target.spirv_val_target_env())
            .unwrap_or_else(|e| panic!("{name} at {precision}: dispatch {}: {e}", d.name));
    }
    artifact
}

fn read(dir: &Path, case: &str, what: &str) -> Vec<HostTensor> {
    (0..)
        .map(|k| dir.join(format!("{case}.{what}_{k}.npy")))
        .take_while(|p| p.exists())
        .map(|p| HostTensor::read_npy(&p).unwrap_or_else(|e| panic!("{e}")))
        .collect()
}

fn relative_l2(got: &HostTensor, want: &HostTensor) -> f64 {
    let (got, want) = (got.to_reference(), want.to_reference());
    assert_eq!(got.data.shape(), want.data.shape());
    let (mut error, mut norm) = (0.0, 0.0);
    for (g, w) in got.data.iter().zip(want.data.iter()) {
        assert!(
            g.is_finite(),
            "a non-finite output ({g}) where onnxruntime has {w}"
        );
        error += (g - w) * (g - w);
        norm += w * w;
    }
    (error / norm).sqrt()
}

/// Runs `case` of `dir` and returns each output's relative L2 error against onnxruntime.
fn errors(session: &Session, artifact: &Artifact, dir: &Path, case: &str) -> Vec<f64> {
    let inputs = read(dir, case, "input");
    let expected = read(dir, case, "expected");
    let executable = session.load(&artifact.program).expect("load");
    let outputs = executable
        .run(&inputs)
        .unwrap_or_else(|e| panic!("{case}: run: {e}"));
    assert_eq!(outputs.len(), expected.len(), "{case}: outputs");
    outputs
        .iter()
        .zip(&expected)
        .map(|(g, w)| {
            assert_eq!(g.dtype(), w.dtype(), "{case}: the signature stays f32");
            relative_l2(g, w)
        })
        .collect()
}

fn show(errors: &[f64]) -> String {
    let shown: Vec<String> = errors.iter().map(|e| format!("{e:.3e}")).collect();
    shown.join(", ")
}

/// The bytes of the program's constants (weights).
fn constant_bytes(artifact: &Artifact) -> usize {
    artifact
        .program
        .constants
        .iter()
        .map(|c| c.bytes.len())
        .sum()
}

/// Whether the session's device stores f16 in buffers: it has `storageBuffer16BitAccess`, and
/// the target env kiln builds from it says so (the capability the lowering reads).
fn device_stores_f16(session: &Session) -> bool {
    let feature = session
        .device()
        .enabled_features()
        .storage_buffer_16bit_access;
    let target = kiln::target::target_env_for_open_device(session.device());
    let capability = target.has_capability(spirv::Capability::StorageBuffer16BitAccess);
    assert_eq!(
        feature, capability,
        "the device's storageBuffer16BitAccess and its target env's StorageBuffer16BitAccess disagree"
    );
    feature
}

/// The buffer plan's intermediate buffers (`buffer #K ... Intermediate TYPE [shape] ...`) of
/// `module` lowered for the session's device up to bufferization.
fn stored_intermediates(
    session: &Session,
    module: &kiln::frontend::Module,
    options: &kiln::lowering::PassOptions,
) -> Vec<String> {
    let target = kiln::target::target_env_for_open_device(session.device());
    let unit = kiln::lowering::lower_until(module, &target, options, "bufferize").expect("lower");
    let text = unit.print();
    text.lines()
        .filter(|l| l.starts_with("buffer #") && l.contains(" Intermediate "))
        .map(str::to_string)
        .collect()
}

/// A part of a test not run for a reason the device decides: `KILN-SKIP <test>: <reason>`
/// straight to stderr, past libtest's capture, counted in `.ci/run`'s summary.
fn kiln_skip(test: &str, reason: &str) {
    use std::io::Write;
    let line = format!("KILN-SKIP {test}: {reason}\n");
    let _ = std::io::stderr().write_all(line.as_bytes());
}

#[test]
fn small_cnn_in_f16_matches_onnxruntime_f32() {
    let session = session();
    let dir = cnn_dir();
    let module = kiln::model::load_model(&dir.join("resnet.onnx")).expect("import");
    let f16 = compile(&session, &module, Precision::F16, "resnet");
    let f32 = compile(&session, &module, Precision::F32, "resnet");
    // The weights are stored once, as f16 (the f32 originals are gone).
    let (narrow, wide) = (constant_bytes(&f16), constant_bytes(&f32));
    assert!(
        narrow * 10 <= wide * 6,
        "f16 constants take {narrow} bytes, f32 {wide}"
    );
    // One compile, two batch sizes (the batch dim is symbolic).
    for case in ["resnet.n1", "resnet.n8"] {
        let e = errors(&session, &f16, dir, case);
        eprintln!("{case}: f16 rel L2 vs onnxruntime f32: {}", show(&e));
        assert!(e[0] <= F16_TOLERANCE, "{case}: rel L2 {:.3e}", e[0]);
    }
}

/// With `--precision f16` the small CNN's conv results cross dispatches as f16: the stem conv
/// (whose batch norm and ReLU fusion used to put in the max pool's region) and the projection
/// shortcut (whose batch norm went with the residual add) take the batch norm that reads their
/// f32 sums and stores f16 as a narrowing epilogue (`fusion::narrowing_consumer`), and the max
/// pool, selecting f16 elements, stores f16 (`reduce-precision`). The one intermediate left f32
/// is the logits (softmax reads f32). The numbers, on the session's device, against
/// onnxruntime's f32 outputs.
#[test]
fn f16_cnn_stores_its_conv_results_as_f16() {
    let session = session();
    let dir = cnn_dir();
    let module = kiln::model::load_model(&dir.join("resnet.onnx")).expect("import");
    let options = kiln::lowering::PassOptions {
        verify_each: true,
        precision: Precision::F16,
        matmul_tiles: tiles_for(&session),
        ..Default::default()
    };
    let intermediates = stored_intermediates(&session, &module, &options);
    let wide: Vec<&str> = intermediates
        .iter()
        .map(String::as_str)
        .filter(|l| l.contains(" Intermediate F32 "))
        .collect();
    // The device decides, not the plan: with 16-bit storage (lavapipe has it) the conv results
    // must be stored as f16; without it every intermediate must be f32.
    if !device_stores_f16(&session) {
        assert!(
            intermediates
                .iter()
                .all(|l| !l.contains(" Intermediate F16 ")),
            "f16 buffers on a device without 16-bit storage: {intermediates:#?}"
        );
        kiln_skip(
            "f16_cnn_stores_its_conv_results_as_f16",
            "the device has no 16-bit storage: the f16 stores were not checked",
        );
    } else {
        let convs = intermediates
            .iter()
            .filter(|l| l.contains("_contraction_out"))
            .count();
        let wide_convs: Vec<&&str> = wide
            .iter()
            .filter(|l| l.contains("_contraction_out") && !l.contains(" [N, 10] "))
            .collect();
        assert!(convs >= 6, "{intermediates:#?}");
        assert!(
            wide_convs.is_empty(),
            "conv results stored f32: {wide_convs:#?}"
        );
        assert!(wide.len() <= 1, "{wide:#?}");
    }
    let artifact = compile(&session, &module, Precision::F16, "resnet");
    for case in ["resnet.n1", "resnet.n8"] {
        let e = errors(&session, &artifact, dir, case);
        eprintln!(
            "{case}: f16 (f16 conv results) rel L2 vs onnxruntime f32: {}",
            show(&e)
        );
        assert!(e[0] <= F16_TOLERANCE, "{case}: rel L2 {:.3e}", e[0]);
    }
}

#[test]
fn attention_block_in_f16_matches_onnxruntime_f32() {
    let session = session();
    let dir = bert_dir();
    for case in ["bert_seq7", "bert_seq12"] {
        let mut options = kiln::frontend::ImportOptions::default();
        let dims = std::fs::read_to_string(dir.join(format!("{case}.dims"))).expect("dims");
        for d in dims.split_whitespace() {
            let (k, v) = d.split_once('=').expect("NAME=SIZE");
            options.dims.insert(k.into(), v.parse().expect("a size"));
        }
        let module =
            kiln::model::load_model_with(&dir.join("bert.onnx"), &options).expect("import");
        let artifact = compile(&session, &module, Precision::F16, case);
        // f16 was used: the weights are stored as f16, and on a device with 16-bit storage the
        // activations between the kernels too.
        let f32 = compile(&session, &module, Precision::F32, case);
        let (narrow, wide) = (constant_bytes(&artifact), constant_bytes(&f32));
        assert!(
            narrow * 10 <= wide * 6,
            "{case}: f16 constants take {narrow} bytes, f32 {wide}"
        );
        let plan_options = kiln::lowering::PassOptions {
            precision: Precision::F16,
            ..Default::default()
        };
        let intermediates = stored_intermediates(&session, &module, &plan_options);
        let narrow_buffers = intermediates
            .iter()
            .filter(|l| l.contains(" Intermediate F16 "))
            .count();
        if device_stores_f16(&session) {
            assert!(
                narrow_buffers * 2 >= intermediates.len(),
                "{case}: {narrow_buffers} of {} intermediates are f16: {intermediates:#?}",
                intermediates.len()
            );
        } else {
            assert_eq!(narrow_buffers, 0, "{intermediates:#?}");
        }
        let e = errors(&session, &artifact, dir, case);
        eprintln!(
            "{case}: f16 rel L2 vs onnxruntime f32 (last_hidden_state, pooler_output): {}",
            show(&e)
        );
        for (k, e) in e.iter().enumerate() {
            assert!(*e <= F16_TOLERANCE, "{case}: output {k}: rel L2 {e:.3e}");
        }
    }
}

#[test]
fn small_cnn_in_bf16_matches_onnxruntime_f32() {
    let session = session();
    let dir = cnn_dir();
    let module = kiln::model::load_model(&dir.join("resnet.onnx")).expect("import");
    let artifact = compile(&session, &module, Precision::BF16, "resnet");
    let e = errors(&session, &artifact, dir, "resnet.n1");
    eprintln!("resnet.n1: bf16 rel L2 vs onnxruntime f32: {}", show(&e));
    assert!(e[0] <= BF16_TOLERANCE, "rel L2 {:.3e}", e[0]);
    // bf16 really rounds: the result is not the f32 one.
    let f32 = compile(&session, &module, Precision::F32, "resnet");
    let exact = errors(&session, &f32, dir, "resnet.n1");
    assert!(e[0] > 10.0 * exact[0], "bf16 {e:?} vs f32 {exact:?}");
}

#[test]
fn a_constant_beyond_f16_is_refused_by_name() {
    let text = "func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {\n  \
        %w = arith.constant dense<[1.0, 7.0e4]> : tensor<2xf32>\n  \
        %e = tensor.empty() : tensor<2xf32>\n  \
        %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = [\"parallel\"]} ins(%x, %w : tensor<2xf32>, tensor<2xf32>) outs(%e : tensor<2xf32>) {\n  \
        ^bb0(%a: f32, %b: f32, %o: f32):\n    \
          %s = arith.addf %a, %b : f32\n    \
          linalg.yield %s : f32\n  \
        } -> tensor<2xf32>\n  \
        return %r : tensor<2xf32>\n}\n";
    let module = kiln::frontend::parse_mlir(text).expect("parse");
    let env = kiln::spirv_ir::TargetEnv::preset("llvmpipe").expect("preset");
    let err = kiln::compile_with_precision(&module, &env, Precision::F16).expect_err("an error");
    assert!(err.is_user_error(), "{err}");
    let message = err.to_string();
    assert!(
        message.contains("unsupported f16 constant (op `arith.constant at 2:")
            && message.contains("it holds 7e4, outside the range of f16"),
        "{message}"
    );
    // bf16 holds 7e4.
    kiln::compile_with_precision(&module, &env, Precision::BF16).expect("bf16 compiles");
}

fn kiln_cli(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_kiln"))
        .args(args)
        .output()
        .expect("run kiln")
}

#[test]
fn run_check_compares_f16_against_the_f32_reference() {
    let dir = cnn_dir();
    let model = dir.join("resnet.onnx");
    let input = dir.join("resnet.n1.input_0.npy");
    let model = model.to_str().expect("utf-8 path");
    let input = input.to_str().expect("utf-8 path");
    let session = session();
    let cpu_tiles = tiles_for(&session).map(|t| t.to_string());
    drop(session);
    let mut args = vec![
        "run",
        model,
        "--input",
        input,
        "--check",
        "--precision",
        "f16",
    ];
    if let Some(t) = &cpu_tiles {
        args.extend(["--matmul-tiles", t.as_str()]);
    }
    let out = kiln_cli(&args);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.contains("(--precision f16 against the f32 reference interpreter): rel L2 = ")
            && stdout.contains("(tolerance 1e-2)"),
        "{stdout}"
    );

    // An artifact compiled at f32 is not reused for f16.
    let artifact = std::env::temp_dir().join(format!("kiln-precision-{}.kiln", std::process::id()));
    let artifact = artifact.to_str().expect("utf-8 path");
    let out = kiln_cli(&["compile", model, "-o", artifact, "--dim", "N=1"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = kiln_cli(&["inspect", artifact]);
    let listing = String::from_utf8_lossy(&out.stdout);
    assert!(listing.contains("precision: f32"), "{listing}");
    let out = kiln_cli(&["run", artifact, "--precision", "f16"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        stderr.contains("compiled with --precision f32, not f16"),
        "{stderr}"
    );
    let _ = std::fs::remove_file(artifact);
}

/// An activation beyond 65504 cannot be found at compile time: at f16 it becomes inf, and
/// `kiln run` says so (a warning) and `--check` fails, naming the mismatch.
#[test]
fn an_activation_beyond_f16_is_reported_at_run_time() {
    let text = "#id = affine_map<(d0) -> (d0)>\n\
        func.func @main(%x: tensor<64xf32>) -> tensor<64xf32> {\n  \
        %e = tensor.empty() : tensor<64xf32>\n  \
        %big = linalg.generic {indexing_maps = [#id, #id], iterator_types = [\"parallel\"]} ins(%x : tensor<64xf32>) outs(%e : tensor<64xf32>) {\n  \
        ^bb0(%a: f32, %o: f32):\n    \
          %c = arith.constant 9.0e4 : f32\n    \
          %m = arith.mulf %a, %c : f32\n    \
          linalg.yield %m : f32\n  \
        } -> tensor<64xf32>\n  \
        %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = [\"parallel\"]} ins(%big : tensor<64xf32>) outs(%e : tensor<64xf32>) {\n  \
        ^bb0(%a: f32, %o: f32):\n    \
          %c = arith.constant 1.0e-3 : f32\n    \
          %m = arith.mulf %a, %c : f32\n    \
          linalg.yield %m : f32\n  \
        } -> tensor<64xf32>\n  \
        return %r : tensor<64xf32>\n}\n";
    let path = std::env::temp_dir().join(format!("kiln-overflow-{}.mlir", std::process::id()));
    std::fs::write(&path, text).expect("write");
    let model = path.to_str().expect("utf-8 path");
    // At f32 the values (up to 9e4 on the way, 90 at the end) are fine.
    let out = kiln_cli(&["run", model, "--check"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = kiln_cli(&["run", model, "--check", "--precision", "f16"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        stderr.contains("inf / NaN values: with --precision f16 an activation beyond its range"),
        "{stderr}"
    );
    assert!(
        stderr.contains("differs from the f32 reference interpreter in")
            && stderr.contains("NaN/Inf positions"),
        "{stderr}"
    );
    let _ = std::fs::remove_file(&path);
}

/// A max reduction of f16 elements (a row max after a ReLU, lowered as a row reduction) is
/// f16, computed in f16 from its init on (its result is one of its elements; fused here with
/// the ReLU before and the scaling after, so only the row reduction's accumulator is f16):
/// against the f32 reference interpreter on the device (`kiln run --check`).
#[test]
fn an_f16_max_reduction_is_computed_in_f16() {
    let text = "#id = affine_map<(d0, d1) -> (d0, d1)>\n\
        #row = affine_map<(d0, d1) -> (d0)>\n\
        #id1 = affine_map<(d0) -> (d0)>\n\
        func.func @main(%x: tensor<64x1024xf32>) -> tensor<64xf32> {\n  \
        %zero = arith.constant 0.0 : f32\n  \
        %e = tensor.empty() : tensor<64x1024xf32>\n  \
        %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = [\"parallel\", \"parallel\"]} ins(%x : tensor<64x1024xf32>) outs(%e : tensor<64x1024xf32>) {\n  \
        ^bb0(%a: f32, %o: f32):\n    \
          %m = arith.maximumf %a, %zero : f32\n    \
          linalg.yield %m : f32\n  \
        } -> tensor<64x1024xf32>\n  \
        %ninf = arith.constant 0xFF800000 : f32\n  \
        %me = tensor.empty() : tensor<64xf32>\n  \
        %mf = linalg.fill ins(%ninf : f32) outs(%me : tensor<64xf32>) -> tensor<64xf32>\n  \
        %mx = linalg.generic {indexing_maps = [#id, #row], iterator_types = [\"parallel\", \"reduction\"]} ins(%r : tensor<64x1024xf32>) outs(%mf : tensor<64xf32>) {\n  \
        ^bb0(%a: f32, %acc: f32):\n    \
          %m = arith.maximumf %acc, %a : f32\n    \
          linalg.yield %m : f32\n  \
        } -> tensor<64xf32>\n  \
        %t = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = [\"parallel\"]} ins(%mx : tensor<64xf32>) outs(%me : tensor<64xf32>) {\n  \
        ^bb0(%a: f32, %o: f32):\n    \
          %h = arith.constant 0.5 : f32\n    \
          %s = arith.mulf %a, %h : f32\n    \
          linalg.yield %s : f32\n  \
        } -> tensor<64xf32>\n  \
        return %t : tensor<64xf32>\n}\n";
    let module = kiln::frontend::parse_mlir(text).expect("parse");
    let env = kiln::spirv_ir::TargetEnv::preset("llvmpipe").expect("preset");
    let options = kiln::lowering::PassOptions {
        verify_each: true,
        precision: Precision::F16,
        ..Default::default()
    };
    let unit =
        kiln::lowering::lower_until(&module, &env, &options, "reduce-precision").expect("lower");
    let ir = unit.print();
    let f16_max = ir
        .lines()
        .any(|l| l.contains("arith.maximumf %") && l.ends_with(": f16"));
    let f16_result = ir.lines().any(|l| {
        l.contains("\"reduction\"]") && l.contains("outs(%") && l.ends_with("tensor<64xf16>) {")
    });
    assert!(f16_max && f16_result, "{ir}");
    let path = std::env::temp_dir().join(format!("kiln-f16-max-{}.mlir", std::process::id()));
    std::fs::write(&path, text).expect("write");
    let model = path.to_str().expect("utf-8 path");
    let out = kiln_cli(&["run", model, "--check", "--precision", "f16"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("rel L2 = "), "{stdout}");
    let _ = std::fs::remove_file(&path);
}

/// On a target with cooperative matrices (`nvidia-h200`), the f16 x f16 -> f32 contractions of
/// an f16 model take the cooperative-matrix pipeline (f32 takes SIMT there), except convs with
/// fewer output channels than `cooperative_matrix_conv_min_n` (all of this small CNN's, the
/// NCHW-read stem too, which take SIMT unless the threshold is lowered: ResNet-50's stem at
/// batch 32 on the H200 1303 us on cooperative matrices, 547 on SIMT), and every module passes
/// spirv-val for that target.
#[test]
fn f16_convs_take_cooperative_matrices_on_nvidia() {
    let dir = cnn_dir();
    let mut import = kiln::frontend::ImportOptions::default();
    import.dims.insert("N".into(), 8);
    let module = kiln::model::load_model_with(&dir.join("resnet.onnx"), &import).expect("import");
    let env = kiln::spirv_ir::TargetEnv::preset("nvidia-h200").expect("preset");
    let options = |precision, min_n: Option<&str>| kiln::lowering::PassOptions {
        verify_each: true,
        precision,
        heuristic_overrides: min_n
            .map(|n| {
                vec![format!("cooperative_matrix_conv_min_n={n}")
                    .parse()
                    .unwrap()]
            })
            .unwrap_or_default(),
        ..Default::default()
    };
    let plans = |options: kiln::lowering::PassOptions| {
        let unit =
            kiln::lowering::lower_until(&module, &env, &options, "kernel-config").expect("lower");
        let text = unit.print();
        let contractions: Vec<String> = text
            .lines()
            .filter(|l| l.starts_with("plan @") && l.contains("_contraction "))
            .map(str::to_string)
            .collect();
        contractions
    };
    let coopmat = |plans: &[String]| {
        plans
            .iter()
            .filter(|l| l.contains("cooperative-matrix"))
            .count()
    };
    let f16 = plans(options(Precision::F16, Some("1")));
    assert!(coopmat(&f16) >= 6, "{f16:#?}");
    let narrow = plans(options(Precision::F16, None));
    assert_eq!(coopmat(&narrow), 0, "{narrow:#?}");
    let f32 = plans(options(Precision::F32, None));
    assert!(
        f32.iter().all(|l| !l.contains("cooperative-matrix")),
        "{f32:#?}"
    );
    let artifact =
        kiln::compile_with(&module, &env, &options(Precision::F16, Some("1"))).expect("compile");
    for d in &artifact.program.dispatches {
        kiln::spirv_ir::validate_with_spirv_val(&d.spirv, &env.spirv_val_target_env())
            .unwrap_or_else(|e| panic!("dispatch {}: {e}", d.name));
    }
}

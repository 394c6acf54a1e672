//! A `.kiln` artifact is untrusted input (issue 26, findings 4 and 7): a real artifact, corrupted
//! in many ways (a module without `OpReturn`, a decoration removed, a binding to a buffer that
//! does not exist, truncations at every length of the header and many more, flipped bytes), is
//! refused by `Artifact::from_bytes` with an error, never a panic, and `kiln run` on it exits 1
//! with a message naming the problem; nothing of it reaches the driver.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use kiln::Artifact;

/// A 16x24 @ 24x8 matmul plus a bias and a ReLU in MLIR text.
const MODEL: &str = r#"func.func @main(%a: tensor<16x24xf32>, %b: tensor<24x8xf32>, %c: tensor<8xf32>) -> tensor<16x8xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<16x8xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<16x8xf32>) -> tensor<16x8xf32>
  %2 = linalg.matmul ins(%a, %b : tensor<16x24xf32>, tensor<24x8xf32>) outs(%1 : tensor<16x8xf32>) -> tensor<16x8xf32>
  %3 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%2, %c : tensor<16x8xf32>, tensor<8xf32>) outs(%0 : tensor<16x8xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %s = arith.addf %x, %y : f32
    %r = arith.maximumf %s, %cst : f32
    linalg.yield %r : f32
  } -> tensor<16x8xf32>
  return %3 : tensor<16x8xf32>
}
"#;

fn compile(model: &Path) -> Artifact {
    let module = kiln::model::load_model(model).unwrap();
    let env = kiln::spirv_ir::TargetEnv::preset("llvmpipe").unwrap();
    kiln::compile(&module, &env).unwrap()
}

/// The MLIR model's artifact, as bytes, checked to load back.
fn good_bytes(dir: &Path) -> Vec<u8> {
    let model = dir.join("model.mlir");
    std::fs::write(&model, MODEL).unwrap();
    let bytes = compile(&model).to_bytes();
    Artifact::from_bytes(&bytes, "good.kiln").expect("the compiler's own artifact loads");
    bytes
}

fn decode(bytes: &[u8]) -> Artifact {
    Artifact::from_bytes(bytes, "good.kiln").unwrap()
}

/// The error of loading `bytes`, which must not load.
fn refused(bytes: &[u8], case: &str) -> String {
    match Artifact::from_bytes(bytes, "bad.kiln") {
        Ok(_) => panic!("{case}: the corrupt artifact loads"),
        Err(e) => e.to_string(),
    }
}

fn kiln_run(path: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kiln"))
        .arg("run")
        .arg(path)
        .output()
        .expect("kiln runs")
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// Writes `bytes` as `name` and checks that `kiln run` on it exits 1 with every one of `needles`
/// in its message.
fn cli_refuses(dir: &Path, name: &str, bytes: &[u8], needles: &[&str]) {
    let path: PathBuf = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    let out = kiln_run(&path);
    let message = text(&out);
    assert_eq!(out.status.code(), Some(1), "{name}: {message}");
    for needle in needles {
        assert!(
            message.contains(needle),
            "{name}: no `{needle}` in: {message}"
        );
    }
    assert!(!message.contains("panicked"), "{name}: {message}");
}

/// The instructions of a SPIR-V module: (start word, word count, opcode).
fn instructions(words: &[u32]) -> Vec<(usize, usize, u32)> {
    let mut out = Vec::new();
    let mut at = 5;
    while at < words.len() {
        let count = (words[at] >> 16) as usize;
        assert!(count > 0 && at + count <= words.len());
        out.push((at, count, words[at] & 0xffff));
        at += count;
    }
    out
}

/// `words` without the first instruction that `pick` selects (None when there is none).
fn without(words: &[u32], pick: impl Fn(u32, &[u32]) -> bool) -> Option<Vec<u32>> {
    let (at, count, _) = instructions(words)
        .into_iter()
        .find(|&(at, count, op)| pick(op, &words[at + 1..at + count]))?;
    let mut out = words.to_vec();
    out.drain(at..at + count);
    Some(out)
}

const OP_RETURN: u32 = 253;
const OP_DECORATE: u32 = 71;
const OP_MEMBER_DECORATE: u32 = 72;
const OP_ENTRY_POINT: u32 = 15;
const BLOCK: u32 = 2;
const ARRAY_STRIDE: u32 = 6;
const BUILTIN: u32 = 11;
const BINDING: u32 = 33;
const DESCRIPTOR_SET: u32 = 34;
const OFFSET: u32 = 35;

/// Every dispatch's module is changed by `edit`; the artifact must be refused, by the library
/// and by `kiln run` (exit 1, the message naming the dispatch and `needles`).
fn module_case(
    dir: &Path,
    good: &[u8],
    name: &str,
    edit: impl Fn(&[u32]) -> Option<Vec<u32>>,
    needles: &[&str],
) {
    let mut artifact = decode(good);
    let mut edited = None;
    for d in &mut artifact.program.dispatches {
        if let Some(words) = edit(&d.spirv) {
            d.spirv = words;
            edited.get_or_insert(d.name.clone());
        }
    }
    let first = edited.unwrap_or_else(|| panic!("{name}: no module to edit"));
    let bytes = artifact.to_bytes();
    let message = refused(&bytes, name);
    let named = format!("dispatch `{first}`");
    assert!(
        message.contains(&named),
        "{name}: no `{named}` in: {message}"
    );
    for needle in needles {
        assert!(
            message.contains(needle),
            "{name}: no `{needle}` in: {message}"
        );
    }
    cli_refuses(dir, &format!("{name}.kiln"), &bytes, needles);
}

#[test]
fn the_good_artifact_runs() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("good.kiln");
    std::fs::write(&path, good_bytes(dir.path())).unwrap();
    let out = kiln_run(&path);
    assert!(out.status.success(), "{}", text(&out));
}

/// The repository's example model and the test's MLIR model compile, for each preset, to
/// artifacts that pass every check: the checks refuse nothing the compiler writes.
#[test]
fn resnet_tiny_artifact_passes_the_checks() {
    let dir = tempfile::tempdir().unwrap();
    let mlir = dir.path().join("model.mlir");
    std::fs::write(&mlir, MODEL).unwrap();
    let resnet = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/models/resnet_tiny.onnx");
    for model in [&resnet, &mlir] {
        let module = kiln::model::load_model(model).unwrap();
        for preset in ["llvmpipe", "nvidia-h200", "vulkan1.1"] {
            let env = kiln::spirv_ir::TargetEnv::preset(preset).unwrap();
            let bytes = kiln::compile(&module, &env).unwrap().to_bytes();
            if let Err(e) = Artifact::from_bytes(&bytes, "model.kiln") {
                panic!("{} for {preset}: {e}", model.display());
            }
        }
    }
}

#[test]
fn corrupt_modules_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let good = good_bytes(dir.path());
    module_case(
        dir.path(),
        &good,
        "no_return",
        |w| without(w, |op, _| op == OP_RETURN),
        &["without a terminator"],
    );
    for (name, decoration, needle) in [
        ("no_binding", BINDING, "needs DescriptorSet and Binding"),
        (
            "no_descriptor_set",
            DESCRIPTOR_SET,
            "needs DescriptorSet and Binding",
        ),
        ("no_block", BLOCK, "decorated Block"),
        ("no_array_stride", ARRAY_STRIDE, "has no ArrayStride"),
        ("no_builtin", BUILTIN, "is not a builtin"),
    ] {
        module_case(
            dir.path(),
            &good,
            name,
            |w| {
                without(w, |op, operands| {
                    op == OP_DECORATE && operands.get(1) == Some(&decoration)
                })
            },
            &[needle],
        );
    }
    module_case(
        dir.path(),
        &good,
        "no_offset",
        |w| {
            without(w, |op, operands| {
                op == OP_MEMBER_DECORATE && operands.get(2) == Some(&OFFSET)
            })
        },
        &["has no Offset"],
    );
    module_case(
        dir.path(),
        &good,
        "no_entry_point",
        |w| without(w, |op, _| op == OP_ENTRY_POINT),
        &["not an entry point"],
    );
    // Not SPIR-V at all, and an empty module.
    module_case(
        dir.path(),
        &good,
        "garbage_module",
        |w| Some(vec![0xdead_beef; w.len().min(16)]),
        &["does not decode"],
    );
    module_case(
        dir.path(),
        &good,
        "empty_module",
        |_| Some(Vec::new()),
        &["empty"],
    );
}

#[test]
fn inconsistent_manifests_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let good = good_bytes(dir.path());
    type Edit = fn(&mut Artifact);
    let cases: [(&str, Edit, &[&str]); 11] = [
        (
            "output_buffer_too_small",
            |a| {
                let b = a.program.outputs[0].buffer as usize;
                a.program.buffers[b].size_bytes = kiln::lowering::SizeExpr::Const(4);
            },
            &["output 0", "needs 512 bytes"],
        ),
        (
            "binding_to_buffer_99",
            |a| a.program.dispatches[0].bindings[0].buffer = 99,
            &["buffer 99"],
        ),
        (
            "output_of_buffer_99",
            |a| a.program.outputs[0].buffer = 99,
            &["output 0", "buffer 99"],
        ),
        (
            "input_of_buffer_99",
            |a| a.program.inputs[0].buffer = 99,
            &["input 0", "buffer 99"],
        ),
        (
            "unbound_module_binding",
            |a| {
                let d = &mut a.program.dispatches[0];
                d.bindings.remove(0);
            },
            &["does not bind"],
        ),
        (
            "entry_point_renamed",
            |a| a.program.dispatches[0].entry_point = "nope".into(),
            &["no entry point `nope`"],
        ),
        (
            "push_constant_out_of_range",
            |a| {
                let d = &mut a.program.dispatches[0];
                d.push_constants
                    .push(kiln::lowering::program::PushConstantField {
                        offset: d.push_constant_size,
                        name: "extra".into(),
                        value: kiln::lowering::SizeExpr::Const(1),
                    });
            },
            &["push constant `extra`"],
        ),
        (
            "workgroup_count_overflows",
            |a| {
                use kiln::lowering::SizeExpr;
                a.program.dispatches[0].workgroup_count[0] = SizeExpr::Mul(
                    Box::new(SizeExpr::Const(i64::MAX)),
                    Box::new(SizeExpr::Const(3)),
                );
            },
            &["workgroup count", "overflows"],
        ),
        (
            "undeclared_symbol",
            |a| {
                a.program.dispatches[0].workgroup_count[1] = kiln::lowering::SizeExpr::sym("ghost");
            },
            &["`ghost`"],
        ),
        (
            "local_size_mismatch",
            |a| a.program.dispatches[0].local_size[0] += 1,
            &["local size"],
        ),
        (
            "buffer_size_overflows",
            |a| {
                use kiln::lowering::SizeExpr;
                a.program.buffers[0].size_bytes = SizeExpr::Add(
                    Box::new(SizeExpr::Const(i64::MAX)),
                    Box::new(SizeExpr::Const(1)),
                );
            },
            &["overflows"],
        ),
    ];
    for (name, edit, needles) in cases {
        let mut artifact = decode(&good);
        edit(&mut artifact);
        let bytes = artifact.to_bytes();
        let message = refused(&bytes, name);
        for needle in needles {
            assert!(
                message.contains(needle),
                "{name}: no `{needle}` in: {message}"
            );
        }
        cli_refuses(dir.path(), &format!("{name}.kiln"), &bytes, needles);
    }
}

/// More workgroups than the device allows: the artifact is consistent in itself (its buffers
/// are large enough for the grid), and the device check of `kiln run` refuses it with exit 1
/// before anything is allocated or dispatched.
#[test]
fn a_dispatch_past_the_device_limits_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let mut artifact = decode(&good_bytes(dir.path()));
    artifact.program.dispatches[0].workgroup_count[0] = kiln::lowering::SizeExpr::Const(1 << 40);
    for b in artifact.program.dispatches[0].bindings.clone() {
        artifact.program.buffers[b.buffer as usize].size_bytes =
            kiln::lowering::SizeExpr::Const(1 << 41);
    }
    let bytes = artifact.to_bytes();
    cli_refuses(dir.path(), "huge.kiln", &bytes, &["workgroups on axis 0"]);
}

/// A legal grid far past the work its buffers hold (65535 x 65535 x 1 workgroups over a few
/// KiB) ran into the fence timeout on lavapipe for minutes; it is refused when the artifact is
/// loaded, naming the dispatch.
#[test]
fn a_grid_past_its_buffers_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let mut artifact = decode(&good_bytes(dir.path()));
    let name = artifact.program.dispatches[0].name.clone();
    artifact.program.dispatches[0].workgroup_count =
        [65535, 65535, 1].map(kiln::lowering::SizeExpr::Const);
    let bytes = artifact.to_bytes();
    assert!(refused(&bytes, "huge grid").contains("more workgroups than bytes"));
    let start = std::time::Instant::now();
    cli_refuses(
        dir.path(),
        "huge_grid.kiln",
        &bytes,
        &[
            &format!("dispatch `{name}`"),
            "65535 x 65535 x 1",
            "more workgroups than bytes",
        ],
    );
    assert!(start.elapsed() < std::time::Duration::from_secs(30));
}

/// Every `.onnx` / `.mlir` file under `folder`, recursively.
fn models_under(folder: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(folder).into_iter().flatten() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            models_under(&path, out);
        } else if matches!(
            path.extension().and_then(|e| e.to_str()),
            Some("onnx" | "mlir")
        ) {
            out.push(path);
        }
    }
}

/// A grid that depends on a dim is checked for each run, before anything is submitted: `N x
/// 65535 x 65535` workgroups over two buffers of `4 N` bytes exit 1 naming the dispatch.
#[test]
fn a_dynamic_grid_past_its_buffers_is_refused_at_run_time() {
    use kiln::lowering::SizeExpr;
    let dir = tempfile::tempdir().unwrap();
    let model = dir.path().join("relu.mlir");
    std::fs::write(
        &model,
        r#"#id = affine_map<(d0) -> (d0)>
func.func @main(%x: tensor<?xf32> {kiln.symbols = ["N"]}) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?xf32>
  %e = tensor.empty(%n) : tensor<?xf32>
  %z = arith.constant 0.000000e+00 : f32
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.maximumf %a, %z : f32
    linalg.yield %m : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}
"#,
    )
    .unwrap();
    let mut artifact = compile(&model);
    let dispatch = &mut artifact.program.dispatches[0];
    let name = dispatch.name.clone();
    dispatch.workgroup_count = [
        SizeExpr::Symbol("N".into()),
        SizeExpr::Const(65535),
        SizeExpr::Const(65535),
    ];
    let path = dir.path().join("dynamic_grid.kiln");
    std::fs::write(&path, artifact.to_bytes()).unwrap();
    let start = std::time::Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_kiln"))
        .arg("run")
        .arg(&path)
        .args(["--dim", "N=8"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    for needle in [
        format!("dispatch `{name}`"),
        "8 x 65535 x 65535".into(),
        "more workgroups than bytes".into(),
    ] {
        assert!(
            text(&out).contains(&needle),
            "no `{needle}` in {}",
            text(&out)
        );
    }
    assert!(start.elapsed() < std::time::Duration::from_secs(30));
}

/// The compiler's grids are within the rule for every dispatch of the repository's example,
/// bench and filetest models, for every preset, with dynamic dims at 1 and 4096 (every
/// `kiln run` of the device tests checks it too, at run time).
#[test]
fn the_compilers_grids_pass_the_grid_rule() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut models = Vec::new();
    for folder in [
        "examples/models",
        "benches/kernels",
        "lowering/benches/models",
        "frontend/tests/filetests",
    ] {
        models_under(&root.join(folder), &mut models);
    }
    let mut checked = 0;
    for path in models {
        let Ok(module) = kiln::model::load_model(&path) else {
            continue; // external data or a model another test refuses on purpose
        };
        for preset in ["llvmpipe", "nvidia-h200", "vulkan1.1"] {
            let Ok(env) = kiln::spirv_ir::TargetEnv::preset(preset) else {
                continue;
            };
            let Ok(artifact) = kiln::compile(&module, &env) else {
                continue;
            };
            let p = &artifact.program;
            // Dynamic dims at 1 and at 4096.
            for size in [1, 4096] {
                let symbols: std::collections::HashMap<String, i64> =
                    p.symbols.iter().map(|s| (s.name.clone(), size)).collect();
                let eval = |e: &kiln::lowering::SizeExpr| {
                    kiln::program_check::checked_eval(e, &symbols)
                        .unwrap()
                        .max(0) as u64
                };
                let bytes: Vec<u64> = p.buffers.iter().map(|b| eval(&b.size_bytes)).collect();
                for d in &p.dispatches {
                    let counts = [0, 1, 2].map(|axis| eval(&d.workgroup_count[axis]));
                    kiln::program_check::check_grid(d, counts, &bytes)
                        .unwrap_or_else(|e| panic!("{} for {preset}: {e}", path.display()));
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 0);
}

/// A module that kiln's checks accept but spirv-val refuses (a GLSL.std.450 `Determinant` of a
/// vector): where spirv-val is installed, loading refuses the artifact with spirv-val's
/// message, naming the dispatch; `KILN_SPIRV_VAL=0` turns the check off.
#[test]
fn spirv_val_runs_when_an_artifact_is_loaded() {
    const OP_EXT_INST: u32 = 12;
    const DETERMINANT: u32 = 33;
    let dir = tempfile::tempdir().unwrap();
    let model = dir.path().join("tanh.mlir");
    std::fs::write(
        &model,
        "#id = affine_map<(d0) -> (d0)>\nfunc.func @main(%x: tensor<64xf32>) -> tensor<64xf32> {\n  %e = tensor.empty() : tensor<64xf32>\n  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = [\"parallel\"]} ins(%x : tensor<64xf32>) outs(%e : tensor<64xf32>) {\n  ^bb0(%a: f32, %o: f32):\n    %t = math.tanh %a : f32\n    linalg.yield %t : f32\n  } -> tensor<64xf32>\n  return %y : tensor<64xf32>\n}\n",
    )
    .unwrap();
    let mut artifact = compile(&model);
    let dispatch = &mut artifact.program.dispatches[0];
    let name = dispatch.name.clone();
    let (at, _, _) = instructions(&dispatch.spirv)
        .into_iter()
        .find(|&(_, _, op)| op == OP_EXT_INST)
        .expect("tanh is an extended instruction");
    dispatch.spirv[at + 4] = DETERMINANT;
    let path = dir.path().join("determinant.kiln");
    std::fs::write(&path, artifact.to_bytes()).unwrap();
    let cache = dir.path().join("cache");
    let inspect = |spirv_val: Option<&str>| {
        let mut command = Command::new(env!("CARGO_BIN_EXE_kiln"));
        command
            .arg("inspect")
            .arg(&path)
            .env("KILN_SPIRV_VAL_CACHE", &cache);
        if let Some(v) = spirv_val {
            command.env("KILN_SPIRV_VAL", v);
        }
        command.output().unwrap()
    };
    let Ok(tool) = kiln::spirv_ir::tools::find_tool("spirv-val", "KILN_SPIRV_VAL") else {
        panic!("spirv-val is needed for this test (put .venv/bin on PATH)");
    };
    let out = inspect(Some(tool.to_str().unwrap()));
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    for needle in [
        format!("dispatch `{name}`"),
        "spirv-val".into(),
        "Determinant".into(),
    ] {
        assert!(
            text(&out).contains(&needle),
            "no `{needle}` in {}",
            text(&out)
        );
    }
    let out = inspect(Some("0"));
    assert!(out.status.success(), "{}", text(&out));
    // The good artifact is validated once, then found in the cache.
    let good = dir.path().join("good.kiln");
    std::fs::write(&good, compile(&model).to_bytes()).unwrap();
    let load = || {
        Command::new(env!("CARGO_BIN_EXE_kiln"))
            .arg("inspect")
            .arg(&good)
            .env("KILN_SPIRV_VAL", &tool)
            .env("KILN_SPIRV_VAL_CACHE", &cache)
            .output()
            .unwrap()
    };
    assert!(load().status.success());
    let entries = std::fs::read_dir(&cache).unwrap().count();
    assert_eq!(entries, 1, "one module validated and remembered");
    assert!(load().status.success());
    assert_eq!(std::fs::read_dir(&cache).unwrap().count(), 1);
}

/// `Session::load` on a program with a binding to a missing buffer is an error, not a panic.
#[test]
fn session_load_refuses_a_missing_buffer() {
    let dir = tempfile::tempdir().unwrap();
    let mut artifact = decode(&good_bytes(dir.path()));
    artifact.program.dispatches[0].bindings[0].buffer = 99;
    let session = kiln::Session::default_device().unwrap();
    let e = session.load(&artifact.program).err().expect("refused");
    assert!(e.to_string().contains("buffer 99"), "{e}");
}

#[test]
fn truncations_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let good = good_bytes(dir.path());
    let mut lengths: Vec<usize> = (0..64).collect();
    lengths.extend((64..good.len()).step_by(37));
    lengths.push(good.len() - 1);
    for n in lengths {
        let message = refused(&good[..n], &format!("cut to {n} bytes"));
        if (8..20).contains(&n) {
            assert!(
                message.contains("truncated") && !message.contains("magic"),
                "cut to {n} bytes: {message}"
            );
        }
    }
    for n in [0, 5, 8, 12, 19, 200, good.len() / 2, good.len() - 3] {
        cli_refuses(dir.path(), &format!("cut_{n}.kiln"), &good[..n], &[]);
    }
    cli_refuses(dir.path(), "cut_12b.kiln", &good[..12], &["truncated"]);
}

/// Flipping any byte gives an error or (a flip in a number or a name) an artifact that passes
/// every check; never a panic. Flips in the header are always refused.
#[test]
fn flipped_bytes_never_panic() {
    let dir = tempfile::tempdir().unwrap();
    let good = good_bytes(dir.path());
    let positions: Vec<usize> = (0..24).chain((24..good.len()).step_by(13)).collect();
    for at in positions {
        for mask in [0x01u8, 0x80, 0xff] {
            let mut bad = good.clone();
            bad[at] ^= mask;
            let result = Artifact::from_bytes(&bad, "bad.kiln");
            if at < 20 {
                assert!(result.is_err(), "flip {mask:#x} at {at} loads");
            }
        }
    }
    // A flip at the SPIR-V magic of the first module is refused by the CLI with exit 1.
    let artifact = decode(&good);
    let words = artifact.program.dispatches[0].spirv.len() * 4;
    let total: usize = artifact
        .program
        .dispatches
        .iter()
        .map(|d| d.spirv.len() * 4)
        .sum::<usize>()
        + artifact
            .program
            .constants
            .iter()
            .map(|c| c.bytes.len())
            .sum::<usize>();
    let blobs = good.len() - total;
    let mut bad = good.clone();
    bad[blobs] ^= 0xff;
    assert!(words > 0);
    cli_refuses(
        dir.path(),
        "flipped_spirv_magic.kiln",
        &bad,
        &["dispatch `"],
    );
}

/// The artifact's manifest (JSON) with one number replaced.
fn with_number(good: &[u8], which: usize, value: serde_json::Value) -> Vec<u8> {
    let len = u64::from_le_bytes(good[12..20].try_into().unwrap()) as usize;
    let mut manifest: serde_json::Value = serde_json::from_slice(&good[20..20 + len]).unwrap();
    /// How many numbers `v` holds (depth first, in document order).
    fn count(v: &serde_json::Value) -> usize {
        match v {
            serde_json::Value::Number(_) => 1,
            serde_json::Value::Array(a) => a.iter().map(count).sum(),
            serde_json::Value::Object(o) => o.values().map(count).sum(),
            _ => 0,
        }
    }
    /// Replaces the number at position `*at` of that order; `*at` counts down as numbers pass.
    fn replace(v: &mut serde_json::Value, at: &mut usize, value: &serde_json::Value) -> bool {
        match v {
            serde_json::Value::Number(_) if *at == 0 => {
                *v = value.clone();
                true
            }
            serde_json::Value::Number(_) => {
                *at -= 1;
                false
            }
            serde_json::Value::Array(a) => a.iter_mut().any(|x| replace(x, at, value)),
            serde_json::Value::Object(o) => o.values_mut().any(|x| replace(x, at, value)),
            _ => false,
        }
    }
    let mut at = which % count(&manifest);
    assert!(replace(&mut manifest, &mut at, &value));
    let text = serde_json::to_vec(&manifest).unwrap();
    let mut out = good[..12].to_vec();
    out.extend_from_slice(&(text.len() as u64).to_le_bytes());
    out.extend_from_slice(&text);
    out.extend_from_slice(&good[20 + len..]);
    out
}

/// Generated corruptions of the manifest's numbers (buffer ids, offsets, sizes, counts, local
/// sizes, blob offsets, limits of the target): each either fails to load with an error, or
/// loads and then `kiln run` on it exits 0 or 1; never a panic, a signal or exit 2.
#[test]
fn generated_manifest_corruptions() {
    let dir = tempfile::tempdir().unwrap();
    let good = good_bytes(dir.path());
    let values = [
        serde_json::json!(0),
        serde_json::json!(99),
        serde_json::json!(-1),
        serde_json::json!(4294967295u64),
        serde_json::json!(i64::MAX),
    ];
    let mut rng = std::env::var("KILN_ARTIFACT_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0x2545_f491_4f6c_dd1du64);
    let cases = std::env::var("KILN_ARTIFACT_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200usize);
    let mut loaded = 0;
    for case in 0..cases {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let value = values[case % values.len()].clone();
        let bad = with_number(&good, rng as usize, value.clone());
        if Artifact::from_bytes(&bad, "bad.kiln").is_err() {
            continue;
        }
        loaded += 1;
        let path = dir.path().join(format!("gen_{case}.kiln"));
        std::fs::write(&path, &bad).unwrap();
        let out = kiln_run(&path);
        assert!(
            matches!(out.status.code(), Some(0 | 1)),
            "case {case} (number {} -> {value}): {:?}: {}",
            rng as usize,
            out.status,
            text(&out)
        );
    }
    assert!(loaded < cases, "no corruption was refused at load");
}

/// Generated corruptions of the SPIR-V words (one word of one module set to 0, to a small
/// number or to random bits): each is refused at load, or loads and `kiln run` on it exits 0 or
/// 1; never a panic, a signal or exit 2 (kiln's verifier stands before the driver).
#[test]
fn generated_spirv_corruptions() {
    let dir = tempfile::tempdir().unwrap();
    let good = decode(&good_bytes(dir.path()));
    let mut rng = std::env::var("KILN_ARTIFACT_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0x9e37_79b9_7f4a_7c15u64);
    let mut next = move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    let cases = std::env::var("KILN_ARTIFACT_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200usize);
    let mut failures = Vec::new();
    for case in 0..cases {
        let mut bad = good.clone();
        let d = next() as usize % bad.program.dispatches.len();
        let words = &mut bad.program.dispatches[d].spirv;
        let at = 5 + next() as usize % (words.len() - 5);
        let old = words[at];
        match case % 5 {
            0 => words[at] = 0,
            1 => words[at] = next() as u32 % 64,
            2 => words[at] ^= 1 << (next() % 32),
            3 => words[at] = next() as u32,
            // Drop a whole instruction.
            _ => {
                let all = instructions(words);
                let (start, count, _) = all[next() as usize % all.len()];
                words.drain(start..start + count);
            }
        }
        let new = words.get(at).copied().unwrap_or(0);
        let bytes = bad.to_bytes();
        if Artifact::from_bytes(&bytes, "bad.kiln").is_err() {
            continue;
        }
        let path = dir.path().join(format!("spv_{case}.kiln"));
        std::fs::write(&path, &bytes).unwrap();
        let out = kiln_run(&path);
        if !matches!(out.status.code(), Some(0 | 1)) {
            failures.push(format!(
                "case {case} (word {at} of dispatch {d}: {old:#x} -> {new:#x}): {:?}: {}",
                out.status,
                text(&out)
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

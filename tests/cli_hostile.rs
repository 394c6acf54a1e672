//! Issue 26 through the `kiln` binary: hostile flags and input files give exit code 1 and a
//! message that says what is wrong, before anything large is allocated; `--check` sees NaN and
//! Inf differences; the reference interpreter returns on erf(0).

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use kiln::HostTensor;
use ndarray::{ArrayD, IxDyn};

fn kiln(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kiln"))
        .args(args)
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

/// Asserts exit code 1 and a message containing `message`.
fn user_error<S: AsRef<std::ffi::OsStr> + std::fmt::Debug>(args: &[S], message: &str) {
    let out = Command::new(env!("CARGO_BIN_EXE_kiln"))
        .args(args)
        .output()
        .expect("kiln runs");
    assert_eq!(out.status.code(), Some(1), "{args:?}: {}", text(&out));
    assert!(text(&out).contains(message), "{args:?}: {}", text(&out));
}

/// `y = relu(x)` over a symbolic dim N.
fn symbolic_model(dir: &Path) -> PathBuf {
    let path = dir.join("relu.mlir");
    std::fs::write(
        &path,
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
    path
}

#[test]
fn bad_dim_flags_exit_1() {
    let dir = tempfile::tempdir().unwrap();
    let model = symbolic_model(dir.path());
    let model = model.to_str().unwrap();
    let run = |extra: &[&'static str]| -> Vec<String> {
        let mut args = vec!["run".to_string(), "--reference".into(), model.into()];
        args.extend(extra.iter().map(|s| s.to_string()));
        args
    };
    user_error(&run(&["--dim", "=4"]), "expected NAME=SIZE");
    user_error(&run(&["--dim", "N=-4"]), "expected NAME=SIZE");
    user_error(
        &run(&["--dim", "M=4"]),
        "no input has a dim named 'M' (the model's symbolic dims: N)",
    );
    // 2^40 elements would abort on allocation: refused first.
    user_error(
        &run(&["--dim", "N=1099511627776"]),
        "larger than kiln generates on the host",
    );
    user_error(
        &run(&["--dim", "N=18446744073709551615"]),
        "larger than kiln generates on the host",
    );
    let out = Command::new(env!("CARGO_BIN_EXE_kiln"))
        .args(run(&["--dim", "N=3"]))
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out));
}

#[test]
fn bad_npy_files_exit_1() {
    let dir = tempfile::tempdir().unwrap();
    let model = symbolic_model(dir.path());
    let model = model.to_str().unwrap();
    let empty = dir.path().join("empty.npy");
    std::fs::write(&empty, b"").unwrap();
    user_error(
        &[
            "run",
            "--reference",
            model,
            "--input",
            empty.to_str().unwrap(),
        ],
        "the file is empty",
    );
    // A header claiming (2^40,) over no data.
    let header = "{'descr': '<f4', 'fortran_order': False, 'shape': (1099511627776,), }";
    let mut bytes = b"\x93NUMPY\x01\x00".to_vec();
    let padded = format!("{header:<117}\n");
    bytes.extend((padded.len() as u16).to_le_bytes());
    bytes.extend(padded.as_bytes());
    let huge = dir.path().join("huge.npy");
    std::fs::write(&huge, &bytes).unwrap();
    user_error(
        &[
            "run",
            "--reference",
            model,
            "--input",
            huge.to_str().unwrap(),
        ],
        "the header says shape (1099511627776,) of <f4, but the file holds 0 bytes of data",
    );
    let garbage = dir.path().join("garbage.npy");
    std::fs::write(&garbage, b"hello").unwrap();
    user_error(
        &[
            "run",
            "--reference",
            model,
            "--input",
            garbage.to_str().unwrap(),
        ],
        "not a .npy file",
    );
    // A good file still reads.
    let good = dir.path().join("good.npy");
    HostTensor::F32(ArrayD::from_shape_vec(IxDyn(&[3]), vec![1.0, -2.0, 3.0]).unwrap())
        .write_npy(&good)
        .unwrap();
    let out = kiln(&[
        "run",
        "--reference",
        model,
        "--input",
        good.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out));
}

#[test]
fn missing_target_files_and_absurd_iterations_exit_1() {
    let dir = tempfile::tempdir().unwrap();
    let model = symbolic_model(dir.path());
    let model = model.to_str().unwrap();
    let missing = dir.path().join("x.json");
    let out_path = dir.path().join("m.kiln");
    user_error(
        &[
            "compile",
            model,
            "--target",
            missing.to_str().unwrap(),
            "-o",
            out_path.to_str().unwrap(),
        ],
        "No such file",
    );
    user_error(
        &[
            "compile",
            model,
            "--target",
            "x.json",
            "-o",
            out_path.to_str().unwrap(),
        ],
        "reading target env x.json",
    );
    user_error(
        &["bench", model, "--iterations", "18446744073709551615"],
        "--iterations must be between 1 and 1000000",
    );
}

/// Runs `kiln args` and kills it after `limit` (the erf(0) hang never returned).
fn kiln_within(args: &[&str], limit: Duration) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_kiln"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > limit {
            child.kill().unwrap();
            panic!("kiln {args:?} still running after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    child.wait_with_output().unwrap()
}

fn write_npy(path: &Path, values: Vec<f32>) {
    HostTensor::F32(ArrayD::from_shape_vec(IxDyn(&[values.len()]), values).unwrap())
        .write_npy(path)
        .unwrap();
}

/// erf(0) in the reference interpreter, through `run --reference` and `run --check`; NaN and
/// negative bases through `--check` (the device now agrees with the reference, so it passes).
#[test]
fn check_runs_erf_of_zero_and_agrees_on_special_values() {
    let dir = tempfile::tempdir().unwrap();
    let model = dir.path().join("special.mlir");
    std::fs::write(
        &model,
        r#"#id = affine_map<(d0) -> (d0)>
func.func @main(%x: tensor<8xf32>, %y: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
  %e = tensor.empty() : tensor<8xf32>
  %r:3 = linalg.generic {indexing_maps = [#id, #id, #id, #id, #id], iterator_types = ["parallel"]} ins(%x, %y : tensor<8xf32>, tensor<8xf32>) outs(%e, %e, %e : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
  ^bb0(%a: f32, %b: f32, %o0: f32, %o1: f32, %o2: f32):
    %0 = math.erf %a : f32
    %1 = math.powf %a, %b : f32
    %2 = arith.maximumf %a, %b : f32
    linalg.yield %0, %1, %2 : f32, f32, f32
  } -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>)
  return %r#0, %r#1, %r#2 : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
}
"#,
    )
    .unwrap();
    let x = dir.path().join("x.npy");
    let y = dir.path().join("y.npy");
    write_npy(
        &x,
        vec![0.0, -2.0, -2.0, -0.5, f32::NAN, 0.0, f32::NEG_INFINITY, 1.5],
    );
    write_npy(&y, vec![1.0, 2.0, 3.0, 2.0, 0.0, -1.0, 2.0, f32::NAN]);
    let (model, x, y) = (
        model.to_str().unwrap(),
        x.to_str().unwrap(),
        y.to_str().unwrap(),
    );
    let limit = Duration::from_secs(120);
    let out = kiln_within(
        &["run", "--reference", model, "--input", x, "--input", y],
        limit,
    );
    assert!(out.status.success(), "{}", text(&out));
    let out = kiln_within(
        &["run", model, "--check", "--input", x, "--input", y],
        limit,
    );
    assert!(out.status.success(), "{}", text(&out));
    assert_eq!(
        text(&out).matches(", 0 NaN/Inf mismatches").count(),
        3,
        "{}",
        text(&out)
    );
}

/// A chain of 10k fused elementwise ops: lowering walked it recursively, which overflowed the
/// main thread's 8 MiB stack from about 1000 ops; fusion now cuts long chains into regions of
/// bounded size (`tests/long_chains.rs` goes to 100k ops and 2 MiB stacks).
#[test]
fn long_elementwise_chains_compile() {
    let dir = tempfile::tempdir().unwrap();
    let mut source = String::from(
        "#id = affine_map<(d0) -> (d0)>\nfunc.func @main(%x: tensor<8xf32>) -> tensor<8xf32> {\n  %e = tensor.empty() : tensor<8xf32>\n",
    );
    let mut previous = "%x".to_string();
    for i in 0..10_000 {
        source.push_str(&format!(
            "  %v{i} = linalg.generic {{indexing_maps = [#id, #id], iterator_types = [\"parallel\"]}} ins({previous} : tensor<8xf32>) outs(%e : tensor<8xf32>) {{\n  ^bb0(%a: f32, %o: f32):\n    %s = arith.addf %a, %a : f32\n    linalg.yield %s : f32\n  }} -> tensor<8xf32>\n"
        ));
        previous = format!("%v{i}");
    }
    source.push_str(&format!("  return {previous} : tensor<8xf32>\n}}\n"));
    let model = dir.path().join("chain.mlir");
    std::fs::write(&model, source).unwrap();
    let out_path = dir.path().join("chain.kiln");
    let out = kiln(&[
        "compile",
        model.to_str().unwrap(),
        "-o",
        out_path.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out));
}

/// `kiln spirv as` verifies before it writes: an `FAdd` of an `f32` vector and an `i32`, and a
/// `vector<4294967295 x f32>`, are refused with exit 1, naming the op or type and its
/// `line:column`; the unmodified module assembles.
#[test]
fn spirv_as_refuses_ill_typed_modules() {
    let dir = tempfile::tempdir().unwrap();
    let module = kiln::frontend::parse_mlir(
        "#id = affine_map<(d0) -> (d0)>\nfunc.func @main(%x: tensor<64xf32>) -> tensor<64xf32> {\n  %e = tensor.empty() : tensor<64xf32>\n  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = [\"parallel\"]} ins(%x : tensor<64xf32>) outs(%e : tensor<64xf32>) {\n  ^bb0(%a: f32, %o: f32):\n    %t = math.tanh %a : f32\n    %s = arith.addf %t, %a : f32\n    linalg.yield %s : f32\n  } -> tensor<64xf32>\n  return %y : tensor<64xf32>\n}\n",
    )
    .unwrap();
    let env = kiln::spirv_ir::TargetEnv::preset("llvmpipe").unwrap();
    let artifact = kiln::compile(&module, &env).unwrap();
    let good = kiln::spirv_ir::disassemble_to_text(&artifact.program.dispatches[0].spirv).unwrap();
    let assemble = |name: &str, text: &str| {
        let input = dir.path().join(format!("{name}.txt"));
        std::fs::write(&input, text).unwrap();
        let output = dir.path().join(format!("{name}.spv"));
        kiln(&[
            "spirv",
            "as",
            input.to_str().unwrap(),
            "-o",
            output.to_str().unwrap(),
        ])
    };
    let out = assemble("good", &good);
    assert!(out.status.success(), "{}", text(&out));

    // The FAdd's first operand becomes an i32 constant of the entry block.
    let lines: Vec<&str> = good.lines().collect();
    let constant = lines
        .iter()
        .find(|l| l.contains("= spirv.Constant") && l.trim_end().ends_with(": i32"))
        .and_then(|l| l.split_whitespace().next())
        .expect("an i32 constant");
    let fadd = lines
        .iter()
        .position(|l| l.contains("= spirv.FAdd "))
        .expect("an FAdd");
    let (head, operands) = lines[fadd].split_once("spirv.FAdd ").unwrap();
    let (_, rest) = operands.split_once(',').unwrap();
    let mut bad: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    bad[fadd] = format!("{head}spirv.FAdd {constant},{rest}");
    let out = assemble("fadd", &(bad.join("\n") + "\n"));
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    let column = head.len() + 1;
    for needle in [
        "FAdd",
        "float operands of the result type",
        &format!("{}:{column}:", fadd + 1),
    ] {
        assert!(
            text(&out).contains(needle),
            "no `{needle}` in {}",
            text(&out)
        );
    }
    assert!(!dir.path().join("fadd.spv").exists());

    let huge = good.replacen("vector<4 x f32>", "vector<4294967295 x f32>", 1);
    let out = assemble("vector", &huge);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    for needle in ["vector component count of 2, 3, 4, 8 or 16", "4294967295"] {
        assert!(
            text(&out).contains(needle),
            "no `{needle}` in {}",
            text(&out)
        );
    }
}

/// Issue 41: 20,000 nested selection regions took 23 s and 7.1 GB, then aborted. Now they are
/// refused at the 1024th level (spirv-val's default nesting limit) with its `line:column`, in
/// well under a second (the deserializer's limit: `spirv-ir/tests/deep_nesting.rs`).
#[test]
fn spirv_as_refuses_nesting_past_the_limit_quickly() {
    let dir = tempfile::tempdir().unwrap();
    let depth = 20_000;
    let mut module = String::from(
        "spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {\n  spirv.func @main() -> void {\n  ^bb0:\n    %c = spirv.Constant true : bool\n",
    );
    for i in 0..depth {
        let (h, t, m) = (3 * i + 1, 3 * i + 2, 3 * i + 3);
        module += &format!(
            "    spirv.mlir.selection {{\n      ^bb{h}:\n        spirv.BranchConditional %c, ^bb{t}, ^bb{m}\n      ^bb{t}:\n"
        );
    }
    for i in (0..depth).rev() {
        let m = 3 * i + 3;
        module += &format!(
            "        spirv.Branch ^bb{m}\n      ^bb{m}:\n        spirv.mlir.merge\n    }}\n"
        );
    }
    module += "    spirv.Return\n  }\n  spirv.EntryPoint GLCompute @main \"main\" interface()\n  spirv.ExecutionMode @main LocalSize 1 1 1\n}\n";
    let input = dir.path().join("deep.txt");
    std::fs::write(&input, module).unwrap();
    let output = dir.path().join("deep.spv");
    let start = Instant::now();
    let out = kiln(&[
        "spirv",
        "as",
        input.to_str().unwrap(),
        "-o",
        output.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(
        text(&out).contains(
            "4097:5: `spirv.mlir.selection` nested more than 1023 structured regions deep"
        ),
        "{}",
        text(&out)
    );
    assert!(
        start.elapsed() < Duration::from_secs(20),
        "{:?}",
        start.elapsed()
    );
    assert!(!output.exists());
}

/// Issue 41: `--matmul-tiles 4294967295x4294967295x4294967295/4294967295x4294967295` was
/// accepted for a matmul program (too small to be tiled, so the override was never looked at;
/// the tile arithmetic would also have overflowed). Tile numbers above 8192, zeros, and tilings
/// the target cannot run are refused up front, naming the flag.
#[test]
fn tile_flags_beyond_any_device_are_refused_naming_the_flag() {
    let dir = tempfile::tempdir().unwrap();
    let model = dir.path().join("mm.mlir");
    std::fs::write(
        &model,
        "func.func @main(%a: tensor<4x3xf32>, %b: tensor<3x2xf32>) -> tensor<4x2xf32> {\n  %cst = arith.constant 0.000000e+00 : f32\n  %0 = tensor.empty() : tensor<4x2xf32>\n  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<4x2xf32>) -> tensor<4x2xf32>\n  %2 = linalg.matmul ins(%a, %b : tensor<4x3xf32>, tensor<3x2xf32>) outs(%1 : tensor<4x2xf32>) -> tensor<4x2xf32>\n  return %2 : tensor<4x2xf32>\n}\n",
    )
    .unwrap();
    let model = model.to_str().unwrap();
    let compile = |flag: &str, value: &str| {
        vec![
            "compile".to_string(),
            model.into(),
            "-o".into(),
            "/dev/null".into(),
            flag.into(),
            value.into(),
        ]
    };
    let huge = "4294967295x4294967295x4294967295/4294967295x4294967295";
    user_error(&compile("--matmul-tiles", huge), "--matmul-tiles");
    user_error(
        &compile("--matmul-tiles", huge),
        "4294967295 is larger than 8192",
    );
    user_error(&compile("--matmul-tiles", "0x64x8/4x4"), "--matmul-tiles");
    user_error(
        &compile("--matmul-tiles", "18446744073709551616x64x8/4x4"),
        "--matmul-tiles",
    );
    // Parses, but no device has the shared memory for one stage of it.
    user_error(
        &compile("--matmul-tiles", "8192x8192x8192/8192x8192"),
        "--matmul-tiles: matmul tiles 8192x8192x8192 need",
    );
    user_error(
        &compile("--matmul-tiles", "8192x8192x8192/8192x8192"),
        "maxComputeSharedMemorySize",
    );
    user_error(
        &compile("--lanes-tiles", "4294967295x4294967295"),
        "--lanes-tiles",
    );
    user_error(
        &compile("--coopmat-tiles", "4294967295x2/2x2x2"),
        "4294967295 is larger than 8192",
    );
    user_error(
        &compile("--workgroup-matrix-tiles", "128x128x64/4294967295"),
        "4294967295 is larger than 8192",
    );
    // A tiling the target can run still compiles the small program.
    let out = kiln(&[
        "compile",
        model,
        "-o",
        "/dev/null",
        "--matmul-tiles",
        "32x32x8/4x4",
    ]);
    assert!(out.status.success(), "{}", text(&out));
}

/// Issue 41: without `--input` files, each input gets random values of its declared ONNX type:
/// a uint16 input no negative values (and the uint16 output is written as uint16), a
/// float8e4m3fn input only float8 values (held, read and written as float32: numpy has no
/// float8), an int4 input values in [-8, 7].
#[test]
fn random_inputs_take_the_declared_onnx_types() {
    use kiln::frontend::onnx::elem_types::holds;
    use kiln::frontend::onnx::proto::{
        tensor_proto::DataType, tensor_shape_proto, type_proto, GraphProto, ModelProto, NodeProto,
        OperatorSetIdProto, TensorShapeProto, TypeProto, ValueInfoProto,
    };
    use prost::Message;
    let types = [DataType::Uint16, DataType::Float8e4m3fn, DataType::Int4];
    let vi = |name: String, elem: DataType| ValueInfoProto {
        name: Some(name),
        r#type: Some(TypeProto {
            value: Some(type_proto::Value::TensorType(type_proto::Tensor {
                elem_type: Some(elem as i32),
                shape: Some(TensorShapeProto {
                    dim: vec![tensor_shape_proto::Dimension {
                        value: Some(tensor_shape_proto::dimension::Value::DimValue(64)),
                        ..Default::default()
                    }],
                }),
            })),
            ..Default::default()
        }),
        ..Default::default()
    };
    let model = ModelProto {
        ir_version: Some(10),
        opset_import: vec![OperatorSetIdProto {
            domain: Some(String::new()),
            version: Some(21),
        }],
        graph: Some(GraphProto {
            name: Some("g".into()),
            node: (0..types.len())
                .map(|i| NodeProto {
                    op_type: Some("Identity".into()),
                    input: vec![format!("x{i}")],
                    output: vec![format!("y{i}")],
                    ..Default::default()
                })
                .collect(),
            input: (0..types.len())
                .map(|i| vi(format!("x{i}"), types[i]))
                .collect(),
            output: (0..types.len())
                .map(|i| vi(format!("y{i}"), types[i]))
                .collect(),
            ..Default::default()
        }),
        ..Default::default()
    };
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("types.onnx");
    std::fs::write(&path, model.encode_to_vec()).unwrap();
    let out_dir = dir.path().join("out");
    for reference in [false, true] {
        let mut args = vec![
            "run".to_string(),
            path.to_str().unwrap().into(),
            "--output-dir".into(),
            out_dir.to_str().unwrap().into(),
        ];
        if reference {
            args.push("--reference".into());
        }
        let out = Command::new(env!("CARGO_BIN_EXE_kiln"))
            .args(&args)
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", text(&out));
        assert!(
            text(&out).contains("seeded random UINT16 (held as I32)"),
            "{}",
            text(&out)
        );
        let header = std::fs::read(out_dir.join("output_0.npy")).unwrap();
        assert!(
            String::from_utf8_lossy(&header[..64]).contains("'<u2'"),
            "{:?}",
            String::from_utf8_lossy(&header[..64])
        );
        for (k, ty) in types.iter().enumerate() {
            let t = HostTensor::read_npy(&out_dir.join(format!("output_{k}.npy"))).unwrap();
            let values = t.to_reference();
            // Negative values written as uint16 would come back from 64536 up.
            assert!(
                values.data.iter().all(|&v| v.abs() < 1000.0),
                "{:?}",
                values.data
            );
            assert!(
                values.data.iter().all(|&v| holds(*ty, v)),
                "output {k} ({ty:?}): {:?}",
                values.data
            );
            // Not all one value: the generator covers the type's range.
            assert!(values.data.iter().any(|&v| v != values.data[0]));
        }
    }
}

/// Every file below `dir`, recursively.
fn files_below(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else {
                out.push(p);
            }
        }
    }
    out
}

/// Issue 41: a corrupt cache (a truncated tuning JSON, as a crash mid-write leaves; torn or
/// garbage pipeline-cache and spirv-val-cache files) made every later `kiln run` fail until
/// someone deleted it. Caches are now written through a temporary file and a rename, and an
/// unreadable one is ignored (the tuning cache with a warning): the run succeeds with the same
/// outputs.
#[test]
fn corrupt_caches_are_ignored_and_rewritten() {
    let dir = tempfile::tempdir().unwrap();
    let model = symbolic_model(dir.path());
    let cache_home = dir.path().join("cache");
    let tuning = dir.path().join("tuning.json");
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_kiln"))
            .args(args)
            .env("XDG_CACHE_HOME", &cache_home)
            .env("KILN_TUNING_CACHE", &tuning)
            .output()
            .expect("kiln runs")
    };
    let args = ["run", model.to_str().unwrap(), "--dim", "N=40"];
    let first = run(&args);
    assert!(first.status.success(), "{}", text(&first));
    // kiln's caches (the driver's own shader cache is the driver's business).
    let cached = files_below(&cache_home.join("kiln"));
    assert!(!cached.is_empty(), "no cache written below {cache_home:?}");

    std::fs::write(&tuning, "{\"devices\": {\"llvmpipe (LLVM").unwrap();
    for (k, file) in cached.iter().enumerate() {
        let bytes = std::fs::read(file).unwrap();
        let corrupt = match k % 2 {
            0 => bytes[..bytes.len() / 2].to_vec(),
            _ => bytes.iter().map(|b| b ^ 0x5a).collect(),
        };
        std::fs::write(file, corrupt).unwrap();
    }
    for _ in 0..2 {
        let again = run(&args);
        assert!(again.status.success(), "{}", text(&again));
        assert!(
            text(&again).contains("ignoring the tuning cache"),
            "{}",
            text(&again)
        );
        assert_eq!(again.stdout, first.stdout);
    }
    // No temporary file is left beside the caches.
    for f in files_below(&cache_home.join("kiln")) {
        let name = f.file_name().unwrap().to_string_lossy().into_owned();
        assert!(!name.contains(".tmp"), "{f:?}");
    }
}

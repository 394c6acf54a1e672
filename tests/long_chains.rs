//! Issue 26: very long chains of fused elementwise ops. Lowering evaluates a region's values on
//! demand, recursing from each value into its producers; fusion cuts a chain into regions of at
//! most `MAX_REGION_OPS` ops, and scalar bodies are walked with explicit stacks, so neither the
//! recursion nor a kernel grows with the chain. The library compiles 10k-op chains (MLIR and
//! ONNX) on a 2 MiB stack; the binary compiles a 100k-op chain in bounded time; a chain cut into
//! several regions still gives the reference interpreter's numbers on the device.

mod lowering_common;

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use kiln::frontend::onnx::proto::{
    tensor_proto::DataType, GraphProto, ModelProto, NodeProto, OperatorSetIdProto, TensorProto,
};
use kiln::lowering::fusion::MAX_REGION_OPS;
use kiln::spirv_ir::TargetEnv;
use kiln::Artifact;
use lowering_common::tensor_value;
use prost::Message;

/// `%v_i = tanh(%v_{i-1}) + %x`, `n` linalg.generic ops over `tensor<8xf32>`: bounded values, a
/// contraction, so the device and the interpreter stay close however long the chain.
fn mlir_chain(n: usize) -> String {
    let mut source = String::from(
        "#id = affine_map<(d0) -> (d0)>\nfunc.func @main(%x: tensor<8xf32>) -> tensor<8xf32> {\n  %e = tensor.empty() : tensor<8xf32>\n",
    );
    let mut previous = "%x".to_string();
    for i in 0..n {
        source.push_str(&format!(
            "  %v{i} = linalg.generic {{indexing_maps = [#id, #id, #id], iterator_types = [\"parallel\"]}} ins({previous}, %x : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) {{\n  ^bb0(%a: f32, %b: f32, %o: f32):\n    %t = math.tanh %a : f32\n    %s = arith.addf %t, %b : f32\n    linalg.yield %s : f32\n  }} -> tensor<8xf32>\n"
        ));
        previous = format!("%v{i}");
    }
    source.push_str(&format!("  return {previous} : tensor<8xf32>\n}}\n"));
    source
}

/// Runs `f` on a thread with a 2 MiB stack (the default of spawned threads and of test threads).
fn on_a_2_mib_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap()
}

/// An ONNX chain of `n` nodes over a float[8] input: Tanh, Add x, Reshape to [2, 4], Relu,
/// Reshape back to [8], repeated (elementwise ops and index remappings, all fused).
fn onnx_chain(n: usize) -> Vec<u8> {
    let shape = |name: &str, dims: &[i64]| TensorProto {
        name: Some(name.into()),
        dims: vec![dims.len() as i64],
        data_type: Some(DataType::Int64 as i32),
        int64_data: dims.to_vec(),
        ..Default::default()
    };
    let mut nodes = Vec::new();
    let mut previous = "x".to_string();
    for i in 0..n {
        let out = format!("v{i}");
        let (op, inputs) = match i % 5 {
            0 => ("Tanh", vec![previous.clone()]),
            1 => ("Add", vec![previous.clone(), "x".into()]),
            2 => ("Reshape", vec![previous.clone(), "to_2x4".into()]),
            3 => ("Relu", vec![previous.clone()]),
            _ => ("Reshape", vec![previous.clone(), "to_8".into()]),
        };
        nodes.push(NodeProto {
            op_type: Some(op.into()),
            name: Some(format!("n{i}")),
            input: inputs,
            output: vec![out.clone()],
            ..Default::default()
        });
        previous = out;
    }
    let output_dims: &[i64] = if n % 5 == 3 || n % 5 == 4 {
        &[2, 4]
    } else {
        &[8]
    };
    ModelProto {
        ir_version: Some(8),
        opset_import: vec![OperatorSetIdProto {
            domain: Some(String::new()),
            version: Some(17),
        }],
        graph: Some(GraphProto {
            name: Some("chain".into()),
            node: nodes,
            input: vec![tensor_value("x", &[8], DataType::Float)],
            output: vec![tensor_value(&previous, output_dims, DataType::Float)],
            initializer: vec![shape("to_2x4", &[2, 4]), shape("to_8", &[8])],
            ..Default::default()
        }),
        ..Default::default()
    }
    .encode_to_vec()
}

/// The compiled artifact goes through the loader's checks too (what `kiln run` would read).
fn assert_loads(artifact: &Artifact) {
    Artifact::from_bytes(&artifact.to_bytes(), "chain.kiln").unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn a_10k_op_mlir_chain_compiles_on_a_2_mib_stack() {
    let dispatches = on_a_2_mib_stack(|| {
        let module = kiln::frontend::parse_mlir(&mlir_chain(10_000)).unwrap();
        let target = TargetEnv::preset("llvmpipe").unwrap();
        let artifact = kiln::compile(&module, &target).unwrap_or_else(|e| panic!("{e}"));
        assert_loads(&artifact);
        artifact.program.dispatches.len()
    });
    assert_eq!(dispatches, 10_000usize.div_ceil(MAX_REGION_OPS));
}

#[test]
fn a_10k_node_onnx_chain_compiles_on_a_2_mib_stack() {
    let dispatches = on_a_2_mib_stack(|| {
        let module = kiln::frontend::import_onnx_bytes(&onnx_chain(10_000), None)
            .unwrap_or_else(|e| panic!("{e}"));
        let target = TargetEnv::preset("llvmpipe").unwrap();
        let artifact = kiln::compile(&module, &target).unwrap_or_else(|e| panic!("{e}"));
        assert_loads(&artifact);
        artifact.program.dispatches.len()
    });
    assert!(
        dispatches >= 10_000 / MAX_REGION_OPS,
        "{dispatches} dispatches"
    );
}

/// One `linalg.generic` whose body chains `n` scalar instructions (`%s_i = tanh(%s_{i-1}) + %a`).
fn long_body(n: usize) -> String {
    let mut source = String::from(
        "#id = affine_map<(d0) -> (d0)>\nfunc.func @main(%x: tensor<8xf32>) -> tensor<8xf32> {\n  %e = tensor.empty() : tensor<8xf32>\n  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = [\"parallel\"]} ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) {\n  ^bb0(%a: f32, %o: f32):\n",
    );
    let mut previous = "%a".to_string();
    for i in 0..n {
        source.push_str(&format!(
            "    %t{i} = math.tanh {previous} : f32\n    %s{i} = arith.addf %t{i}, %a : f32\n"
        ));
        previous = format!("%s{i}");
    }
    source.push_str(&format!(
        "    linalg.yield {previous} : f32\n  }} -> tensor<8xf32>\n  return %y : tensor<8xf32>\n}}\n"
    ));
    source
}

/// A scalar body of 20k instructions (one op, so fusion cannot cut it) compiles on a 2 MiB
/// stack: lowering walks bodies with an explicit stack.
#[test]
fn a_20k_instruction_body_compiles_on_a_2_mib_stack() {
    on_a_2_mib_stack(|| {
        let module = kiln::frontend::parse_mlir(&long_body(10_000)).unwrap();
        let target = TargetEnv::preset("llvmpipe").unwrap();
        let artifact = kiln::compile(&module, &target).unwrap_or_else(|e| panic!("{e}"));
        assert_loads(&artifact);
    });
}

/// A chain cut into several regions (intermediate buffers between them) computes what the
/// interpreter computes.
#[test]
fn a_chain_cut_into_regions_matches_the_interpreter() {
    let n = 3 * MAX_REGION_OPS + 5;
    let module = kiln::frontend::parse_mlir(&mlir_chain(n)).unwrap();
    let function = module.functions.into_iter().next().unwrap();
    let input = lowering_common::random_input(&[8], kiln::frontend::DType::F32, 26);
    lowering_common::check(function, &[input], 1e-5, 1e-5);
}

/// `%v_i = tanh(%v_{i-1}[i] + %v_{i-1}[7 - i])`: each op reads its producer at two points, so
/// fusing the whole chain would evaluate the first op 2^64 times per element (compiling 16 such
/// ops took 6 s, 64 never ended). Fusion stops where an op would be evaluated more than
/// `MAX_EVALUATIONS_PER_ELEMENT` times; the chain compiles at once and matches the interpreter.
#[test]
fn a_chain_reading_each_producer_twice_compiles_in_linear_time() {
    let mut source = String::from(
        "#id = affine_map<(d0) -> (d0)>\n#rev = affine_map<(d0) -> (7 - d0)>\nfunc.func @main(%x: tensor<8xf32>) -> tensor<8xf32> {\n  %e = tensor.empty() : tensor<8xf32>\n",
    );
    let mut previous = "%x".to_string();
    for i in 0..64 {
        source.push_str(&format!(
            "  %v{i} = linalg.generic {{indexing_maps = [#id, #rev, #id], iterator_types = [\"parallel\"]}} ins({previous}, {previous} : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) {{\n  ^bb0(%a: f32, %b: f32, %o: f32):\n    %s = arith.addf %a, %b : f32\n    %t = math.tanh %s : f32\n    linalg.yield %t : f32\n  }} -> tensor<8xf32>\n"
        ));
        previous = format!("%v{i}");
    }
    source.push_str(&format!("  return {previous} : tensor<8xf32>\n}}\n"));
    let start = Instant::now();
    let module = kiln::frontend::parse_mlir(&source).unwrap();
    let function = module.functions.into_iter().next().unwrap();
    let input = lowering_common::random_input(&[8], kiln::frontend::DType::F32, 27);
    lowering_common::check(function, &[input], 1e-5, 1e-5);
    assert!(
        start.elapsed() < Duration::from_secs(60),
        "{:?}",
        start.elapsed()
    );
}

/// 100k ops through `kiln compile`: split into regions, compiled in bounded time and memory
/// (about 5 s in a debug build), never a signal.
#[test]
fn a_100k_op_chain_compiles_through_the_binary() {
    let dir = tempfile::tempdir().unwrap();
    let model = dir.path().join("chain.mlir");
    std::fs::write(&model, mlir_chain(100_000)).unwrap();
    let out_path = dir.path().join("chain.kiln");
    let start = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_kiln"))
        .args(["compile", model.to_str().unwrap(), "-o"])
        .arg(&out_path)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let limit = Duration::from_secs(120);
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > limit {
            child.kill().unwrap();
            panic!("kiln compile of a 100k-op chain ran past {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let artifact = Artifact::load(&out_path).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        artifact.program.dispatches.len(),
        100_000usize.div_ceil(MAX_REGION_OPS)
    );
}

//! Issue 41: run-time index checks (`index-checks`). A gather whose indices are computed at run
//! time used to clamp an out-of-range index silently (onnxruntime refuses it); now the run fails
//! naming the op (the ONNX node, the MLIR line:column) and returns no outputs. Indices in
//! `[-n, n)` keep working, negative ones counting from the end, and a failed run leaves the
//! executable usable.

use std::process::Command;

use kiln::{HostTensor, RunError};
use ndarray::{ArrayD, IxDyn};

const GATHERS: &str = r#"func.func @main(%x: tensor<2x8x3xf32>, %i: tensor<2x4xi64>, %e: tensor<2x8x2xi32>, %s: tensor<i32>) -> (tensor<2x2x4x3xf32>, tensor<2x8x2xf32>, tensor<2x3xf32>) {
  %g = kiln.gather axis(1) %x, %i : (tensor<2x8x3xf32>, tensor<2x4xi64>) -> tensor<2x2x4x3xf32>
  %h = kiln.gather_elements axis(2) %x, %e : (tensor<2x8x3xf32>, tensor<2x8x2xi32>) -> tensor<2x8x2xf32>
  %k = kiln.gather axis(1) %x, %s : (tensor<2x8x3xf32>, tensor<i32>) -> tensor<2x3xf32>
  return %g, %h, %k : tensor<2x2x4x3xf32>, tensor<2x8x2xf32>, tensor<2x3xf32>
}
"#;

fn inputs(gather: &[i64], elements: &[i32], scalar: i32) -> Vec<HostTensor> {
    let x = ArrayD::from_shape_vec(
        IxDyn(&[2, 8, 3]),
        (0..48).map(|v| v as f32 * 0.5 - 3.0).collect(),
    )
    .unwrap();
    let e: Vec<i32> = (0..32).map(|k| elements[k % elements.len()]).collect();
    vec![
        HostTensor::F32(x),
        HostTensor::I64(ArrayD::from_shape_vec(IxDyn(&[2, 4]), gather.to_vec()).unwrap()),
        HostTensor::I32(ArrayD::from_shape_vec(IxDyn(&[2, 8, 2]), e).unwrap()),
        HostTensor::I32(ArrayD::from_shape_vec(IxDyn(&[]), vec![scalar]).unwrap()),
    ]
}

#[test]
fn gathers_of_run_time_indices_fail_the_run_naming_the_op() {
    let module = kiln::frontend::parse_mlir(GATHERS).unwrap();
    let session = kiln::Session::default_device().unwrap();
    let target = kiln::target::target_env_for_open_device(session.device());
    let artifact = kiln::compile(&module, &target).unwrap();
    assert_eq!(artifact.program.outputs.len(), 3);
    assert_eq!(artifact.program.checks.len(), 3);
    let executable = session.load(&artifact.program).unwrap();

    // In range, negatives included: the interpreter's values.
    let good = inputs(&[0, 7, -1, -8, 3, -3, 4, 1], &[0, 2, -1, -3], -8);
    let outputs = executable.run(&good).unwrap();
    let reference: Vec<_> = good.iter().map(HostTensor::to_reference).collect();
    let expected = kiln::frontend::interpret(&module, &reference).unwrap();
    for (got, want) in outputs.iter().zip(&expected) {
        assert_eq!(got.to_reference().data, want.data);
    }

    let failure = |inputs: &[HostTensor]| match executable.run(inputs) {
        Err(RunError::CheckFailed(message)) => message,
        other => panic!("not refused: {other:?}"),
    };
    let m = failure(&inputs(&[0, 8, 1, 2, 3, 4, 5, 6], &[0, 1], 0));
    assert_eq!(
        m,
        "kiln.gather at 2:3: an index is out of range: axis 1 has 8 elements, so indices must \
         lie in [-8, 8)"
    );
    let m = failure(&inputs(&[0; 8], &[0, -4], 0));
    assert!(m.starts_with("kiln.gather_elements at 3:3:"), "{m}");
    assert!(m.contains("axis 2 has 3 elements"), "{m}");
    let m = failure(&inputs(&[0; 8], &[0], 8));
    assert!(m.starts_with("kiln.gather at 4:3:"), "{m}");
    // The flags are recomputed by every run: a good run after a failed one succeeds.
    assert_eq!(executable.run(&good).unwrap(), outputs);
}

/// The ONNX model of the report through `kiln run`: exit 1 naming the node.
#[test]
fn kiln_run_names_the_onnx_node_of_an_out_of_range_index() {
    use kiln::frontend::onnx::proto::{
        tensor_proto::DataType, tensor_shape_proto, type_proto, GraphProto, ModelProto, NodeProto,
        OperatorSetIdProto, TensorProto, TensorShapeProto, TypeProto, ValueInfoProto,
    };
    use prost::Message;
    let vi = |name: &str, elem: DataType, dims: &[i64]| ValueInfoProto {
        name: Some(name.into()),
        r#type: Some(TypeProto {
            value: Some(type_proto::Value::TensorType(type_proto::Tensor {
                elem_type: Some(elem as i32),
                shape: Some(TensorShapeProto {
                    dim: dims
                        .iter()
                        .map(|&d| tensor_shape_proto::Dimension {
                            value: Some(tensor_shape_proto::dimension::Value::DimValue(d)),
                            ..Default::default()
                        })
                        .collect(),
                }),
            })),
            ..Default::default()
        }),
        ..Default::default()
    };
    let model = ModelProto {
        ir_version: Some(8),
        opset_import: vec![OperatorSetIdProto {
            domain: Some(String::new()),
            version: Some(13),
        }],
        graph: Some(GraphProto {
            name: Some("g".into()),
            node: vec![NodeProto {
                op_type: Some("Gather".into()),
                name: Some("embedding_lookup".into()),
                input: vec!["table".into(), "ids".into()],
                output: vec!["y".into()],
                ..Default::default()
            }],
            input: vec![vi("ids", DataType::Int64, &[4])],
            output: vec![vi("y", DataType::Float, &[4, 3])],
            initializer: vec![TensorProto {
                name: Some("table".into()),
                dims: vec![7, 3],
                data_type: Some(DataType::Float as i32),
                float_data: (0..21).map(|v| v as f32).collect(),
                ..Default::default()
            }],
            ..Default::default()
        }),
        ..Default::default()
    };
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("gather.onnx");
    std::fs::write(&path, model.encode_to_vec()).unwrap();
    let run = |ids: &[i64]| {
        let file = dir.path().join("ids.npy");
        HostTensor::I64(ArrayD::from_shape_vec(IxDyn(&[4]), ids.to_vec()).unwrap())
            .write_npy(&file)
            .unwrap();
        Command::new(env!("CARGO_BIN_EXE_kiln"))
            .args(["run", "--quiet"])
            .arg(&path)
            .arg("--input")
            .arg(&file)
            .output()
            .unwrap()
    };
    let out = run(&[0, -1, 6, -7]);
    assert!(out.status.success(), "{out:?}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("[0.000000, 1.000000, 2.000000, 18.000000"),
        "{stdout}"
    );
    for ids in [[0, 7, 1, 2], [0, -8, 1, 2]] {
        let out = run(&ids);
        assert_eq!(out.status.code(), Some(1), "{out:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains(
                "ONNX node 'embedding_lookup' (Gather): an index is out of range: axis 0 has 7 \
                 elements, so indices must lie in [-7, 7)"
            ),
            "{stderr}"
        );
    }
}

/// Constant indices are checked when compiling: one out of range is an error naming the op.
#[test]
fn constant_indices_out_of_range_are_compile_errors() {
    let text = r#"func.func @main(%x: tensor<8x3xf32>) -> tensor<2x3xf32> {
  %i = arith.constant dense<[0, 9]> : tensor<2xi64>
  %g = kiln.gather axis(0) %x, %i : (tensor<8x3xf32>, tensor<2xi64>) -> tensor<2x3xf32>
  return %g : tensor<2x3xf32>
}
"#;
    let module = kiln::frontend::parse_mlir(text).unwrap();
    let env = kiln::spirv_ir::TargetEnv::preset("llvmpipe").unwrap();
    let e = kiln::compile(&module, &env).unwrap_err();
    assert!(e.is_user_error(), "{e}");
    let e = e.to_string();
    assert!(
        e.contains("3:3") && e.contains("constant index 9 is out of range [-8, 8)"),
        "{e}"
    );
    let fine = text.replace("[0, 9]", "[0, -8]");
    kiln::compile(&kiln::frontend::parse_mlir(&fine).unwrap(), &env).unwrap();
}

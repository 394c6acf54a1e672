//! The ONNX names of an artifact's inputs and outputs (`src/interface_names.rs`): `kiln
//! compile` keeps the graph's names and declared types in the manifest's optional
//! `onnx_interface` section; an artifact without it (the format before the section) still
//! loads, with positional names; a section that does not fit the program is a corrupt artifact
//! with a message naming it. No device needed (the llvmpipe preset).

mod lowering_common;

use kiln::frontend::onnx::proto as onnx;
use kiln::interface_names::OnnxInterface;
use kiln::Artifact;
use lowering_common::tensor_value;
use onnx::tensor_proto::DataType;
use onnx::{GraphProto, ModelProto, NodeProto, OperatorSetIdProto};
use prost::Message;

/// `neg = -(Cast(zeta) - input0)`, `diff = Cast(zeta) - input0`: inputs in an order their names
/// do not sort in, one named like another's positional name, a uint8 one held as int32.
fn model_bytes() -> Vec<u8> {
    let node = |op: &str, inputs: &[&str], output: &str| NodeProto {
        op_type: Some(op.into()),
        input: inputs.iter().map(|s| s.to_string()).collect(),
        output: vec![output.into()],
        ..Default::default()
    };
    let mut cast = node("Cast", &["zeta"], "zf");
    cast.attribute.push(onnx::AttributeProto {
        name: Some("to".into()),
        r#type: Some(onnx::attribute_proto::AttributeType::Int as i32),
        i: Some(DataType::Float as i64),
        ..Default::default()
    });
    let graph = GraphProto {
        name: Some("named".into()),
        node: vec![
            cast,
            node("Sub", &["zf", "input0"], "diff"),
            node("Neg", &["diff"], "neg"),
        ],
        input: vec![
            tensor_value("zeta", &[2, 3], DataType::Uint8),
            tensor_value("input0", &[2, 3], DataType::Float),
        ],
        output: vec![
            tensor_value("neg", &[2, 3], DataType::Float),
            tensor_value("diff", &[2, 3], DataType::Float),
        ],
        ..Default::default()
    };
    ModelProto {
        ir_version: Some(8),
        opset_import: vec![OperatorSetIdProto {
            domain: Some(String::new()),
            version: Some(17),
        }],
        graph: Some(graph),
        ..Default::default()
    }
    .encode_to_vec()
}

fn compiled(bytes: &[u8]) -> Artifact {
    let module = kiln::frontend::import_onnx_bytes(bytes, None).unwrap();
    let target = kiln::spirv_ir::TargetEnv::preset("llvmpipe").unwrap();
    kiln::compile(&module, &target).unwrap()
}

#[test]
fn the_onnx_names_and_types_survive_the_artifact_file() {
    let bytes = model_bytes();
    let mut artifact = compiled(&bytes);
    assert_eq!(artifact.input_name(0), Some("input0"), "positional before");
    artifact.onnx_interface = OnnxInterface::of_model(&bytes, &[], &artifact.program);
    let names = artifact.onnx_interface.clone().expect("the graph lines up");
    let input_names: Vec<&str> = names.inputs.iter().map(|v| v.name.as_str()).collect();
    let output_names: Vec<&str> = names.outputs.iter().map(|v| v.name.as_str()).collect();
    assert_eq!(input_names, ["zeta", "input0"]);
    assert_eq!(output_names, ["neg", "diff"]);
    assert_eq!(names.inputs[0].declared(), DataType::Uint8);
    let read = Artifact::from_bytes(&artifact.to_bytes(), "named.kiln").unwrap();
    assert_eq!(read, artifact);
    assert_eq!(
        (read.input_name(0), read.input_name(1)),
        (Some("zeta"), Some("input0"))
    );
    assert_eq!(read.output_name(1), Some("diff"));
}

#[test]
fn an_artifact_without_the_section_loads_with_positional_names() {
    let artifact = compiled(&model_bytes());
    assert_eq!(artifact.onnx_interface, None);
    let bytes = artifact.to_bytes();
    let manifest = String::from_utf8_lossy(&bytes[20..]);
    assert!(
        !manifest.contains("onnx_interface"),
        "no section is written"
    );
    let read = Artifact::from_bytes(&bytes, "old.kiln").unwrap();
    assert_eq!(read.onnx_interface, None);
    assert_eq!(read.input_name(1), Some("input1"));
    assert_eq!(read.output_name(0), Some("output0"));
}

#[test]
fn a_section_that_does_not_fit_the_program_is_refused_by_name() {
    let bytes = model_bytes();
    let mut artifact = compiled(&bytes);
    // An input fixed at compile time is no input of the program: with it left out, the graph
    // no longer lines up and no names are kept.
    assert_eq!(
        OnnxInterface::of_model(&bytes, &["zeta"], &artifact.program),
        None
    );
    let mut names = OnnxInterface::of_model(&bytes, &[], &artifact.program).unwrap();
    names.inputs.pop();
    artifact.onnx_interface = Some(names.clone());
    let error = Artifact::from_bytes(&artifact.to_bytes(), "bad.kiln").unwrap_err();
    assert!(
        error.to_string().contains(
            "bad.kiln: corrupt artifact: onnx_interface lists 1 inputs, the program has 2"
        ),
        "{error}"
    );
    let mut names = OnnxInterface::of_model(&bytes, &[], &artifact.program).unwrap();
    names.outputs[1].name = "neg".into();
    artifact.onnx_interface = Some(names);
    let error = Artifact::from_bytes(&artifact.to_bytes(), "bad.kiln").unwrap_err();
    assert!(error.to_string().contains("repeated"), "{error}");
}

#[test]
fn kiln_compile_keeps_the_graph_names() {
    let dir = tempfile::tempdir().unwrap();
    let model = dir.path().join("named.onnx");
    std::fs::write(&model, model_bytes()).unwrap();
    let out = dir.path().join("named.kiln");
    let status = std::process::Command::new(env!("CARGO_BIN_EXE_kiln"))
        .args(["--quiet", "compile"])
        .arg(&model)
        .arg("-o")
        .arg(&out)
        .args(["--target", "llvmpipe"])
        .status()
        .unwrap();
    assert!(status.success());
    let artifact = Artifact::load(&out).unwrap();
    assert_eq!(
        (artifact.input_name(0), artifact.output_name(0)),
        (Some("zeta"), Some("neg"))
    );
}

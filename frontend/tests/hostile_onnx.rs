//! Issue 26: hostile ONNX models. External data must stay inside the model's folder and never
//! leak anything about a file outside it; sizes, attributes and graph structure that make no
//! sense are refused with an error naming the node or tensor, never a panic, hang or default.

use std::path::Path;

use kiln_frontend::onnx::proto::{
    tensor_proto::{DataLocation, DataType},
    tensor_shape_proto, type_proto, AttributeProto, GraphProto, ModelProto, NodeProto,
    OperatorSetIdProto, StringStringEntryProto, TensorProto, TensorShapeProto, TypeProto,
    ValueInfoProto,
};
use kiln_frontend::{import_onnx, import_onnx_bytes, interpret, DType, Tensor};
use prost::Message;

fn input(name: &str, dims: &[i64]) -> ValueInfoProto {
    let dim = dims
        .iter()
        .map(|&d| tensor_shape_proto::Dimension {
            value: Some(tensor_shape_proto::dimension::Value::DimValue(d)),
            ..Default::default()
        })
        .collect();
    ValueInfoProto {
        name: Some(name.into()),
        r#type: Some(TypeProto {
            value: Some(type_proto::Value::TensorType(type_proto::Tensor {
                elem_type: Some(DataType::Float as i32),
                shape: Some(TensorShapeProto { dim }),
            })),
            ..Default::default()
        }),
        ..Default::default()
    }
}

fn node(op: &str, name: &str, inputs: &[&str], outputs: &[&str]) -> NodeProto {
    NodeProto {
        op_type: Some(op.into()),
        name: Some(name.into()),
        input: inputs.iter().map(|s| s.to_string()).collect(),
        output: outputs.iter().map(|s| s.to_string()).collect(),
        ..Default::default()
    }
}

fn model(
    nodes: Vec<NodeProto>,
    inputs: Vec<ValueInfoProto>,
    outputs: &[&str],
    inits: Vec<TensorProto>,
) -> Vec<u8> {
    ModelProto {
        ir_version: Some(8),
        opset_import: vec![OperatorSetIdProto {
            domain: Some(String::new()),
            version: Some(17),
        }],
        graph: Some(GraphProto {
            name: Some("g".into()),
            node: nodes,
            input: inputs,
            output: outputs
                .iter()
                .map(|o| ValueInfoProto {
                    name: Some(o.to_string()),
                    ..Default::default()
                })
                .collect(),
            initializer: inits,
            ..Default::default()
        }),
        ..Default::default()
    }
    .encode_to_vec()
}

/// A 4-float initializer `w` stored externally with the given key/value pairs.
fn external_weights(entries: &[(&str, &str)]) -> TensorProto {
    TensorProto {
        name: Some("w".into()),
        dims: vec![4],
        data_type: Some(DataType::Float as i32),
        data_location: Some(DataLocation::External as i32),
        external_data: entries
            .iter()
            .map(|(k, v)| StringStringEntryProto {
                key: Some(k.to_string()),
                value: Some(v.to_string()),
            })
            .collect(),
        ..Default::default()
    }
}

/// y = x + w, w external: writes the model into `dir` and imports it from there.
fn import_with_external(dir: &Path, entries: &[(&str, &str)]) -> Result<Vec<f64>, String> {
    let bytes = model(
        vec![node("Add", "add", &["x", "w"], &["y"])],
        vec![input("x", &[4])],
        &["y"],
        vec![external_weights(entries)],
    );
    let path = dir.join("model.onnx");
    std::fs::write(&path, bytes).unwrap();
    let m = import_onnx(&path).map_err(|e| e.to_string())?;
    let x = Tensor::from_vec(DType::F32, &[4], vec![0.0; 4]).unwrap();
    let y = interpret(&m, &[x]).map_err(|e| e.to_string())?;
    Ok(y[0].data.iter().copied().collect())
}

fn floats(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

/// A folder holding `model/` (where the model goes) and, beside it, a secret file of an
/// unmistakable size that no model may read or measure.
struct Layout {
    _root: tempfile::TempDir,
    model_dir: std::path::PathBuf,
    secret: std::path::PathBuf,
}

const SECRET_LEN: usize = 12_345;

fn layout() -> Layout {
    let root = tempfile::tempdir().unwrap();
    let model_dir = root.path().join("model");
    std::fs::create_dir(&model_dir).unwrap();
    let secret = root.path().join("secret.bin");
    std::fs::write(&secret, vec![0x41; SECRET_LEN]).unwrap();
    Layout {
        model_dir,
        secret,
        _root: root,
    }
}

fn assert_refused(result: Result<Vec<f64>, String>, why: &str) {
    let e = result.expect_err(why);
    assert!(e.contains("tensor 'w'"), "{why}: {e}");
    assert!(
        !e.contains(&SECRET_LEN.to_string()),
        "{why} leaks the size: {e}"
    );
    assert!(!e.contains("AAAA"), "{why} leaks the contents: {e}");
}

#[test]
fn external_data_inside_the_folder_is_read_with_offset_and_length() {
    let l = layout();
    std::fs::create_dir(l.model_dir.join("sub")).unwrap();
    let mut data = vec![0xEE; 8];
    data.extend(floats(&[1.0, 2.0, 3.0, 4.0]));
    std::fs::write(l.model_dir.join("sub/w.bin"), &data).unwrap();
    let y = import_with_external(
        &l.model_dir,
        &[("location", "sub/w.bin"), ("offset", "8"), ("length", "16")],
    )
    .unwrap();
    assert_eq!(y, vec![1.0, 2.0, 3.0, 4.0]);
    // Without a length, the rest of the file must hold exactly the tensor.
    std::fs::write(l.model_dir.join("w.bin"), floats(&[5.0, 6.0, 7.0, 8.0])).unwrap();
    let y = import_with_external(&l.model_dir, &[("location", "./w.bin")]).unwrap();
    assert_eq!(y, vec![5.0, 6.0, 7.0, 8.0]);
}

#[test]
fn external_data_outside_the_folder_is_refused_without_leaking_it() {
    let l = layout();
    let secret = l.secret.to_str().unwrap();
    for location in [
        "../secret.bin",
        "sub/../../secret.bin",
        secret,
        "/etc/passwd",
    ] {
        assert_refused(
            import_with_external(&l.model_dir, &[("location", location)]),
            location,
        );
    }
    // A symlink inside the folder that points out of it.
    std::os::unix::fs::symlink(&l.secret, l.model_dir.join("link.bin")).unwrap();
    assert_refused(
        import_with_external(&l.model_dir, &[("location", "link.bin")]),
        "symlink out of the folder",
    );
    // A file outside that does not exist reads the same as one that does.
    let a = import_with_external(&l.model_dir, &[("location", "../secret.bin")]).unwrap_err();
    let b = import_with_external(&l.model_dir, &[("location", "../missing.bin")]).unwrap_err();
    assert_eq!(a.replace("secret", "missing"), b);
}

#[test]
fn external_data_must_be_a_regular_file() {
    let l = layout();
    // /dev/zero through a link is outside; a folder or a FIFO inside is not a regular file.
    std::os::unix::fs::symlink("/dev/zero", l.model_dir.join("zero")).unwrap();
    std::fs::create_dir(l.model_dir.join("dir")).unwrap();
    let fifo = l.model_dir.join("fifo");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success());
    let mut locations = vec!["zero", "dir", "/dev/zero"];
    if made {
        locations.push("fifo");
    }
    for location in locations {
        assert_refused(
            import_with_external(&l.model_dir, &[("location", location)]),
            location,
        );
    }
}

#[test]
fn external_data_offsets_and_lengths_are_checked() {
    let l = layout();
    std::fs::write(l.model_dir.join("w.bin"), floats(&[1.0, 2.0, 3.0, 4.0])).unwrap();
    let max = u64::MAX.to_string();
    let cases: &[&[(&str, &str)]] = &[
        &[("location", "w.bin"), ("offset", &max)],
        &[("location", "w.bin"), ("offset", "-8")],
        &[("location", "w.bin"), ("offset", "8abc")],
        &[("location", "w.bin"), ("offset", "4")],
        &[("location", "w.bin"), ("length", "-16")],
        &[("location", "w.bin"), ("offset", "8"), ("length", &max)],
        &[("location", "w.bin"), ("offset", &max), ("length", "16")],
        &[("location", "w.bin"), ("length", "12")],
        &[("location", "")],
        &[("offset", "0")],
    ];
    for entries in cases {
        let e = import_with_external(&l.model_dir, entries).expect_err(&format!("{entries:?}"));
        assert!(e.starts_with("tensor 'w': "), "{entries:?}: {e}");
    }
    // A model read from memory has no folder to look in.
    let bytes = model(
        vec![node("Add", "add", &["x", "w"], &["y"])],
        vec![input("x", &[4])],
        &["y"],
        vec![external_weights(&[("location", "w.bin")])],
    );
    let e = import_onnx_bytes(&bytes, None).unwrap_err().to_string();
    assert!(e.contains("not read from a file"), "{e}");
}

#[test]
fn huge_initializer_dims_are_refused_before_allocating() {
    for dims in [vec![1i64 << 40], vec![i64::MAX], vec![1 << 32, 1 << 32]] {
        let w = TensorProto {
            name: Some("w".into()),
            dims: dims.clone(),
            data_type: Some(DataType::Float as i32),
            ..Default::default()
        };
        let bytes = model(
            vec![node("Add", "add", &["x", "w"], &["y"])],
            vec![input("x", &[4])],
            &["y"],
            vec![w],
        );
        let e = import_onnx_bytes(&bytes, None).unwrap_err().to_string();
        assert!(e.starts_with("tensor 'w': dims"), "{dims:?}: {e}");
    }
}

fn attribute(name: &str, build: impl FnOnce(&mut AttributeProto)) -> AttributeProto {
    let mut a = AttributeProto {
        name: Some(name.into()),
        ..Default::default()
    };
    build(&mut a);
    a
}

fn import_error(bytes: &[u8]) -> String {
    import_onnx_bytes(bytes, None).unwrap_err().to_string()
}

#[test]
fn graphs_that_break_ssa_or_shapes_are_refused() {
    // Two nodes writing one output (the last used to win).
    let bytes = model(
        vec![
            node("Relu", "first", &["x"], &["y"]),
            node("Neg", "second", &["x"], &["y"]),
        ],
        vec![input("x", &[4])],
        &["y"],
        vec![],
    );
    assert_eq!(
        import_error(&bytes),
        "node 'second' (Neg, opset 17): output 'y' is already defined (by a graph input, an \
         initializer or an earlier node)"
    );
    // A node overwriting a graph input.
    let bytes = model(
        vec![node("Relu", "r", &["x"], &["x"])],
        vec![input("x", &[4])],
        &["x"],
        vec![],
    );
    assert!(import_error(&bytes).contains("output 'x' is already defined"));
    // The same input listed twice.
    let bytes = model(
        vec![node("Add", "a", &["x", "x"], &["y"])],
        vec![input("x", &[4]), input("x", &[4])],
        &["y"],
        vec![],
    );
    assert_eq!(import_error(&bytes), "graph: input 'x' is listed twice");
    // A negative dim (was taken as a symbolic dim).
    let bytes = model(
        vec![node("Relu", "r", &["x"], &["y"])],
        vec![input("x", &[2, -3])],
        &["y"],
        vec![],
    );
    assert_eq!(
        import_error(&bytes),
        "graph: input 'x': dim 1 is negative (-3)"
    );
}

#[test]
fn attributes_of_the_wrong_type_are_refused() {
    use kiln_frontend::onnx::proto::attribute_proto::AttributeType as T;
    let axis = attribute("axis", |a| {
        a.r#type = Some(T::Float as i32);
        a.f = Some(1.5);
    });
    let mut softmax = node("Softmax", "sm", &["x"], &["y"]);
    softmax.attribute.push(axis);
    let bytes = model(vec![softmax], vec![input("x", &[2, 4])], &["y"], vec![]);
    assert_eq!(
        import_error(&bytes),
        "node 'sm' (Softmax, opset 17): attribute 'axis' must be INT, found FLOAT"
    );
    let trans_b = attribute("transB", |a| {
        a.r#type = Some(T::String as i32);
        a.s = Some(b"yes".to_vec());
    });
    let mut gemm = node("Gemm", "g", &["a", "b"], &["y"]);
    gemm.attribute.push(trans_b);
    let bytes = model(
        vec![gemm],
        vec![input("a", &[2, 3]), input("b", &[4, 3])],
        &["y"],
        vec![],
    );
    assert_eq!(
        import_error(&bytes),
        "node 'g' (Gemm, opset 17): attribute 'transB' must be INT, found STRING"
    );
    // The right type still imports (an untyped payload counts as its own type).
    let mut softmax = node("Softmax", "sm", &["x"], &["y"]);
    softmax.attribute.push(attribute("axis", |a| a.i = Some(1)));
    let bytes = model(vec![softmax], vec![input("x", &[2, 4])], &["y"], vec![]);
    import_onnx_bytes(&bytes, None).unwrap();
}

fn conv_model(kernel: &[i64], pads: Option<i64>) -> Vec<u8> {
    let count: i64 = kernel.iter().product();
    let w = TensorProto {
        name: Some("w".into()),
        dims: kernel.to_vec(),
        data_type: Some(DataType::Float as i32),
        float_data: vec![1.0; count as usize],
        ..Default::default()
    };
    let mut conv = node("Conv", "c", &["x", "w"], &["y"]);
    if let Some(p) = pads {
        conv.attribute
            .push(attribute("pads", |a| a.ints = vec![p; 4]));
    }
    model(vec![conv], vec![input("x", &[1, 1, 4, 4])], &["y"], vec![w])
}

#[test]
fn empty_kernels_and_absurd_pads_are_refused() {
    let e = import_error(&conv_model(&[2, 1, 0, 0], None));
    assert_eq!(
        e,
        "node 'c' (Conv, opset 17): spatial axis 0 is empty (input 4, kernel 0)"
    );
    let e = import_error(&conv_model(&[2, 1, 3, 3], Some(1 << 40)));
    assert!(e.contains("pass 2^31-1"), "{e}");
    // Ordinary pads still import.
    import_onnx_bytes(&conv_model(&[2, 1, 3, 3], Some(1)), None).unwrap();
}

#[test]
fn empty_files_and_pass_through_outputs() {
    assert_eq!(
        import_error(b""),
        "invalid ONNX protobuf: the file is empty (not an ONNX model)"
    );
    // An Identity-only model returns a copy of its input (a dispatch writes the output buffer),
    // and an output listed twice gets two buffers.
    let bytes = model(
        vec![node("Identity", "i", &["x"], &["y"])],
        vec![input("x", &[4])],
        &["y", "y"],
        vec![],
    );
    let m = import_onnx_bytes(&bytes, None).unwrap();
    let f = m.entry().unwrap();
    assert_eq!(f.results.len(), 2);
    assert!(f.results.iter().all(|r| !f.arguments.contains(r)));
    assert_ne!(f.results[0], f.results[1]);
    let x = Tensor::from_vec(DType::F32, &[4], vec![1.0, -2.0, 3.0, f64::NAN]).unwrap();
    let y = interpret(&m, &[x]).unwrap();
    assert_eq!(
        y[0].data.iter().take(3).copied().collect::<Vec<_>>(),
        [1.0, -2.0, 3.0]
    );
    assert!(y[1].data[[3]].is_nan());
}

#[test]
fn huge_constant_of_shape_is_refused() {
    let shape = TensorProto {
        name: Some("s".into()),
        dims: vec![1],
        data_type: Some(DataType::Int64 as i32),
        int64_data: vec![1 << 40],
        ..Default::default()
    };
    let bytes = model(
        vec![
            node("ConstantOfShape", "cos", &["s"], &["c"]),
            node("Add", "a", &["x", "c"], &["y"]),
        ],
        vec![input("x", &[4])],
        &["y"],
        vec![shape],
    );
    assert!(import_error(&bytes).contains("larger than a host constant may be"));
}

/// Issue 26, finding 3: constant folding of Erf(0) never returned (the reference erf looped).
#[test]
fn constant_folding_erf_of_zero_returns() {
    let zero = TensorProto {
        name: Some("z".into()),
        dims: vec![4],
        data_type: Some(DataType::Float as i32),
        float_data: vec![0.0, -0.0, 0.5, 0.0],
        ..Default::default()
    };
    let bytes = model(
        vec![
            node("Erf", "erf", &["z"], &["e"]),
            node("Add", "add", &["x", "e"], &["y"]),
        ],
        vec![input("x", &[4])],
        &["y"],
        vec![zero],
    );
    let m = import_onnx_bytes(&bytes, None).unwrap();
    let x = Tensor::from_vec(DType::F32, &[4], vec![1.0; 4]).unwrap();
    let y = interpret(&m, &[x]).unwrap();
    let got: Vec<f64> = y[0].data.iter().copied().collect();
    assert_eq!(got[0], 1.0);
    assert_eq!(got[1], 1.0);
    assert!((got[2] - 1.520_499_877_813_046_5).abs() < 1e-6, "{got:?}");
}

//! ONNX import on models built here with the prost types (no python needed): errors, and how
//! f16 products are summed.

use kiln_frontend::onnx::proto::{
    tensor_proto::DataType, tensor_shape_proto, type_proto, AttributeProto, GraphProto, ModelProto,
    NodeProto, OperatorSetIdProto, TensorProto, TensorShapeProto, TypeProto, ValueInfoProto,
};
use kiln_frontend::{import_onnx_bytes, interpret, ImportError, Tensor};
use prost::Message;

fn input(name: &str, dims: &[i64]) -> ValueInfoProto {
    typed_input(name, dims, DataType::Float)
}

fn typed_input(name: &str, dims: &[i64], dtype: DataType) -> ValueInfoProto {
    let dim = dims
        .iter()
        .map(|&d| tensor_shape_proto::Dimension {
            value: Some(if d >= 0 {
                tensor_shape_proto::dimension::Value::DimValue(d)
            } else {
                tensor_shape_proto::dimension::Value::DimParam("batch".into())
            }),
            ..Default::default()
        })
        .collect();
    ValueInfoProto {
        name: Some(name.into()),
        r#type: Some(TypeProto {
            value: Some(type_proto::Value::TensorType(type_proto::Tensor {
                elem_type: Some(dtype as i32),
                shape: Some(TensorShapeProto { dim }),
            })),
            ..Default::default()
        }),
        ..Default::default()
    }
}

fn node(
    op: &str,
    name: &str,
    inputs: &[&str],
    outputs: &[&str],
    attrs: Vec<AttributeProto>,
) -> NodeProto {
    NodeProto {
        op_type: Some(op.into()),
        name: Some(name.into()),
        input: inputs.iter().map(|s| s.to_string()).collect(),
        output: outputs.iter().map(|s| s.to_string()).collect(),
        attribute: attrs,
        ..Default::default()
    }
}

fn int_attribute(name: &str, value: i64) -> AttributeProto {
    AttributeProto {
        name: Some(name.into()),
        i: Some(value),
        r#type: Some(kiln_frontend::onnx::proto::attribute_proto::AttributeType::Int as i32),
        ..Default::default()
    }
}

fn model(
    opset: i64,
    nodes: Vec<NodeProto>,
    inputs: Vec<ValueInfoProto>,
    outputs: &[&str],
    inits: Vec<TensorProto>,
) -> Vec<u8> {
    ModelProto {
        ir_version: Some(8),
        opset_import: vec![OperatorSetIdProto {
            domain: Some(String::new()),
            version: Some(opset),
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

#[test]
fn unsupported_op_names_node_op_and_opset() {
    let bytes = model(
        17,
        vec![node("StringNormalizer", "mix", &["x", "x"], &["y"], vec![])],
        vec![input("x", &[2, 2])],
        &["y"],
        vec![],
    );
    let e = import_onnx_bytes(&bytes, None).unwrap_err();
    assert!(
        matches!(&e, ImportError::UnsupportedOps { ops } if ops.len() == 1 && ops[0].node == "mix" && ops[0].op_type == "StringNormalizer" && ops[0].opset == 17),
        "{e:?}"
    );
    assert_eq!(
        e.to_string(),
        "unsupported op StringNormalizer (opset 17) in node 'mix'"
    );
}

/// Every unsupported operator is named in the one error (each once, with its first node, the
/// number of nodes, its domain and opset), not only the first.
#[test]
fn every_unsupported_op_is_named_at_once() {
    let mut custom = node("QAttention", "q", &["c"], &["d"], vec![]);
    custom.domain = Some("com.microsoft".into());
    let bytes = model(
        17,
        vec![
            node("StringNormalizer", "mix", &["x", "x"], &["a"], vec![]),
            node("Relu", "ok", &["a"], &["b"], vec![]),
            node("RandomUniformLike", "l1", &["b"], &["c"], vec![]),
            node("StringNormalizer", "mix2", &["c", "c"], &["c2"], vec![]),
            node("StringNormalizer", "mix3", &["c2", "c2"], &["c3"], vec![]),
            custom,
            node("Gelu", "g", &["d"], &["y"], vec![]),
        ],
        vec![input("x", &[2, 2])],
        &["y"],
        vec![],
    );
    let e = import_onnx_bytes(&bytes, None).unwrap_err();
    let ImportError::UnsupportedOps { ops } = &e else {
        panic!("{e:?}")
    };
    assert_eq!(ops.len(), 4, "{e}");
    assert_eq!(
        e.to_string(),
        "4 unsupported ops: StringNormalizer (opset 17) in node 'mix' and 2 more; RandomUniformLike (opset 17) in \
         node 'l1'; com.microsoft.QAttention (domain com.microsoft, opset 0) in node 'q'; \
         Gelu (opset 17) in node 'g': Gelu does not exist in opset 17 (it was added in opset 20)"
    );
}

/// Opsets 26 to 28 (onnx 1.23 writes 28) are accepted per operator: Relu's and Conv's semantics
/// did not change after 14 / 22.
#[test]
fn newest_opsets_are_accepted_per_operator() {
    for opset in [21, 25, 26, 27, 28] {
        let bytes = model(
            opset,
            vec![node("Relu", "r", &["x"], &["y"], vec![])],
            vec![input("x", &[2])],
            &["y"],
            vec![],
        );
        import_onnx_bytes(&bytes, None).unwrap_or_else(|e| panic!("opset {opset}: {e}"));
    }
    let bytes = model(
        29,
        vec![node("Relu", "r", &["x"], &["y"], vec![])],
        vec![input("x", &[2])],
        &["y"],
        vec![],
    );
    assert!(matches!(
        import_onnx_bytes(&bytes, None),
        Err(ImportError::Opset { version: 29, .. })
    ));
}

#[test]
fn unsupported_attribute_and_opset_are_errors() {
    let mode = AttributeProto {
        name: Some("mode".into()),
        s: Some(b"symmetric".to_vec()),
        ..Default::default()
    };
    let pads = TensorProto {
        name: Some("p".into()),
        dims: vec![4],
        data_type: Some(DataType::Int64 as i32),
        int64_data: vec![1, 1, 1, 1],
        ..Default::default()
    };
    let bytes = model(
        13,
        vec![node("Pad", "pad0", &["x", "p"], &["y"], vec![mode])],
        vec![input("x", &[2, 2])],
        &["y"],
        vec![pads],
    );
    let e = import_onnx_bytes(&bytes, None).unwrap_err().to_string();
    assert_eq!(
        e,
        "node 'pad0' (Pad, opset 13): unsupported attribute: mode = 'symmetric'"
    );

    // Opsets before 7: accepted per operator where the selected version is opset 7's (Relu-6),
    // refused by name where the operator changed before 7 (Add-6's legacy broadcast); opset 0
    // is no opset.
    let relu6 = |opset, op: &str, inputs: &[&str]| {
        model(
            opset,
            vec![node(op, "r", inputs, &["y"], vec![])],
            vec![input("x", &[2])],
            &["y"],
            vec![],
        )
    };
    assert!(import_onnx_bytes(&relu6(6, "Relu", &["x"]), None).is_ok());
    let e = import_onnx_bytes(&relu6(6, "Add", &["x", "x"]), None)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("Add") && e.contains("opset 6 selects Add version 6"),
        "{e}"
    );
    assert!(matches!(
        import_onnx_bytes(&relu6(0, "Relu", &["x"]), None),
        Err(ImportError::Opset { version: 0, .. })
    ));
    assert!(matches!(
        import_onnx_bytes(b"not a protobuf \xff\xff", None),
        Err(ImportError::Decode(_))
    ));
}

#[test]
fn dim_param_stays_symbolic_and_runs_for_any_batch() {
    // y = Relu(x) with x: [batch, 3]
    let bytes = model(
        14,
        vec![node("Relu", "r", &["x"], &["y"], vec![])],
        vec![input("x", &[-1, 3])],
        &["y"],
        vec![],
    );
    let m = import_onnx_bytes(&bytes, None).unwrap();
    let text = kiln_frontend::print_mlir(&m);
    assert!(
        text.contains("tensor<?x3xf32> {kiln.symbols = [\"batch\"]}"),
        "{text}"
    );
    for n in [1usize, 4] {
        let v: Vec<f64> = (0..n * 3).map(|i| i as f64 - 5.0).collect();
        let x = Tensor::from_vec(kiln_frontend::DType::F32, &[n, 3], v.clone()).unwrap();
        let y = interpret(&m, &[x]).unwrap();
        let want: Vec<f64> = v.iter().map(|&a| a.max(0.0)).collect();
        assert_eq!(y[0].data.iter().copied().collect::<Vec<_>>(), want);
    }
}

#[test]
fn bad_data_is_an_error_not_a_panic() {
    // An initializer whose raw data is too short.
    let w = TensorProto {
        name: Some("w".into()),
        dims: vec![4],
        data_type: Some(DataType::Float as i32),
        raw_data: Some(vec![0; 7]),
        ..Default::default()
    };
    let bytes = model(
        13,
        vec![node("Add", "a", &["x", "w"], &["y"], vec![])],
        vec![input("x", &[4])],
        &["y"],
        vec![w],
    );
    let e = import_onnx_bytes(&bytes, None).unwrap_err().to_string();
    assert_eq!(e, "tensor 'w': 7 bytes of data for 4 elements of f32");
    // A node reading a name nobody defines.
    let bytes = model(
        13,
        vec![node("Add", "a", &["x", "nope"], &["y"], vec![])],
        vec![input("x", &[4])],
        &["y"],
        vec![],
    );
    let e = import_onnx_bytes(&bytes, None).unwrap_err().to_string();
    assert_eq!(
        e,
        "node 'a' (Add, opset 13): input 'nope' is not defined before this node"
    );
    // Shapes that do not broadcast.
    let bytes = model(
        13,
        vec![node("Add", "a", &["x", "z"], &["y"], vec![])],
        vec![input("x", &[4]), input("z", &[3])],
        &["y"],
        vec![],
    );
    let e = import_onnx_bytes(&bytes, None).unwrap_err().to_string();
    assert_eq!(e, "node 'a' (Add, opset 13): cannot broadcast dim 4 with 3");
}

/// An f16 MatMul is imported as a matmul into an f32 accumulator, rounded to f16 once: 600
/// products of 1.0 * 1.25 give exactly 750 (f16 accumulators on a device would lose quarters
/// once the partial sums pass 512, where f16 values are 0.5 apart).
#[test]
fn f16_matmul_sums_in_f32() {
    const ONE: u16 = 0x3C00;
    const ONE_AND_A_QUARTER: u16 = 0x3D00;
    let (k, n) = (600usize, 3usize);
    let weights = TensorProto {
        name: Some("w".into()),
        dims: vec![k as i64, n as i64],
        data_type: Some(DataType::Float16 as i32),
        raw_data: Some(
            std::iter::repeat_n(ONE_AND_A_QUARTER, k * n)
                .flat_map(u16::to_le_bytes)
                .collect(),
        ),
        ..Default::default()
    };
    let bytes = model(
        13,
        vec![node("MatMul", "mm", &["x", "w"], &["y"], vec![])],
        vec![typed_input("x", &[2, k as i64], DataType::Float16)],
        &["y"],
        vec![weights],
    );
    let m = import_onnx_bytes(&bytes, None).unwrap();
    let text = kiln_frontend::print_mlir(&m);
    assert!(
        text.contains("tensor<2x3xf32>"),
        "an f32 accumulator:\n{text}"
    );
    assert!(
        text.contains("arith.truncf"),
        "rounded to f16 once:\n{text}"
    );
    let x = Tensor::from_vec(
        kiln_frontend::DType::F16,
        &[2, k],
        vec![f64::from(half::f16::from_bits(ONE)); 2 * k],
    )
    .unwrap();
    let y = interpret(&m, &[x]).unwrap();
    assert_eq!(y[0].dtype, kiln_frontend::DType::F16);
    assert!(y[0].data.iter().all(|&v| v == 750.0), "{:?}", y[0].data);
}

/// An f16 Conv (plain, grouped, depthwise) sums in f32 as well.
#[test]
fn f16_conv_sums_in_f32() {
    for (group, filter_channels) in [(1, 4), (2, 2), (4, 1)] {
        let weights = TensorProto {
            name: Some("w".into()),
            dims: vec![4, filter_channels, 3, 3],
            data_type: Some(DataType::Float16 as i32),
            raw_data: Some(vec![0; 2 * 4 * filter_channels as usize * 9]),
            ..Default::default()
        };
        let group_attr = int_attribute("group", group);
        let bytes = model(
            13,
            vec![node("Conv", "c", &["x", "w"], &["y"], vec![group_attr])],
            vec![typed_input("x", &[1, 4, 6, 6], DataType::Float16)],
            &["y"],
            vec![weights],
        );
        let m = import_onnx_bytes(&bytes, None).unwrap();
        let text = kiln_frontend::print_mlir(&m);
        assert!(
            text.contains("x4x4xf32>"),
            "group {group}: an f32 accumulator:\n{text}"
        );
        assert!(
            text.contains("arith.truncf"),
            "group {group}: rounded once:\n{text}"
        );
    }
}

/// f16 sums and means (ReduceSum, ReduceMean, GlobalAveragePool) run in f32 and round once;
/// max stays in f16 (it rounds nothing).
#[test]
fn f16_sums_run_in_f32() {
    let keep = int_attribute("keepdims", 0);
    for (op, wide) in [
        ("ReduceSum", true),
        ("ReduceMean", true),
        ("GlobalAveragePool", true),
        ("ReduceMax", false),
    ] {
        let attrs = if op == "GlobalAveragePool" {
            vec![]
        } else {
            vec![keep.clone()]
        };
        let bytes = model(
            13,
            vec![node(op, "r", &["x"], &["y"], attrs)],
            vec![typed_input("x", &[2, 3, 5, 7], DataType::Float16)],
            &["y"],
            vec![],
        );
        let m = import_onnx_bytes(&bytes, None).unwrap_or_else(|e| panic!("{op}: {e}"));
        let text = kiln_frontend::print_mlir(&m);
        assert_eq!(text.contains("xf32>"), wide, "{op}:\n{text}");
        assert_eq!(text.contains("arith.truncf"), wide, "{op}:\n{text}");
    }
}

fn int64s(name: &str, values: &[i64]) -> TensorProto {
    TensorProto {
        name: Some(name.into()),
        dims: vec![values.len() as i64],
        data_type: Some(DataType::Int64 as i32),
        int64_data: values.to_vec(),
        ..Default::default()
    }
}

fn floats(name: &str, values: &[f32]) -> TensorProto {
    TensorProto {
        name: Some(name.into()),
        dims: vec![values.len() as i64],
        data_type: Some(DataType::Float as i32),
        float_data: values.to_vec(),
        ..Default::default()
    }
}

/// Hostile constant operands of the shape ops and Resize are errors, not panics, overflows or
/// huge allocations: a step of i64::MIN, repeats of 2^40, a scale of 1e12, a shape of 2^40,
/// 2^40 split parts.
#[test]
fn hostile_shape_operands_are_errors_not_panics() {
    let one = |op: &str, inputs: &[&str], outputs: &[&str], attrs, inits| {
        let bytes = model(
            18,
            vec![node(op, "n", inputs, outputs, attrs)],
            vec![input("x", &[4, 6])],
            outputs,
            inits,
        );
        import_onnx_bytes(&bytes, None).map_err(|e| e.to_string())
    };
    // A step of i64::MIN is a valid (empty-or-one-element) slice, not an overflow.
    let m = one(
        "Slice",
        &["x", "s", "e", "a", "st"],
        &["y"],
        vec![],
        vec![
            int64s("s", &[-1]),
            int64s("e", &[i64::MIN]),
            int64s("a", &[1]),
            int64s("st", &[i64::MIN]),
        ],
    )
    .unwrap();
    let x = Tensor::from_vec(
        kiln_frontend::DType::F32,
        &[4, 6],
        (0..24).map(f64::from).collect(),
    )
    .unwrap();
    let y = interpret(&m, &[x]).unwrap();
    assert_eq!(y[0].shape(), &[4, 1]);
    assert_eq!(
        y[0].data.iter().copied().collect::<Vec<_>>(),
        [5.0, 11.0, 17.0, 23.0]
    );

    let e = one(
        "Tile",
        &["x", "r"],
        &["y"],
        vec![],
        vec![int64s("r", &[1 << 40, 1])],
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("larger than kiln handles"), "{e}");
    let e = one(
        "Expand",
        &["x", "s"],
        &["y"],
        vec![],
        vec![int64s("s", &[1 << 40, 4, 6])],
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("larger than kiln handles"), "{e}");
    let e = one(
        "Resize",
        &["x", "", "sc"],
        &["y"],
        vec![],
        vec![floats("sc", &[1.0, 1e12])],
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("kiln resizes an axis to"), "{e}");
    let e = one(
        "Split",
        &["x"],
        &["a", "b"],
        vec![int_attribute("num_outputs", 1 << 40)],
        vec![],
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("cannot split into"), "{e}");
}

/// `If` on a constant condition is replaced by its chosen branch; an unsupported op in the other
/// branch does not matter, one in the chosen branch is named.
#[test]
fn if_on_a_constant_condition_inlines_the_chosen_branch() {
    let branch = |name: &str, op: &str, out: &str| AttributeProto {
        name: Some(name.into()),
        r#type: Some(kiln_frontend::onnx::proto::attribute_proto::AttributeType::Graph as i32),
        g: Some(GraphProto {
            name: Some(name.into()),
            node: vec![node(op, &format!("{name}_op"), &["x"], &[out], vec![])],
            output: vec![ValueInfoProto {
                name: Some(out.into()),
                ..Default::default()
            }],
            ..Default::default()
        }),
        ..Default::default()
    };
    let cond = |value: bool| TensorProto {
        name: Some("c".into()),
        dims: vec![],
        data_type: Some(DataType::Bool as i32),
        int32_data: vec![value as i32],
        ..Default::default()
    };
    let build = |value: bool| {
        model(
            17,
            vec![node(
                "If",
                "if",
                &["c"],
                &["y"],
                vec![
                    branch("then_branch", "Neg", "t"),
                    branch("else_branch", "StringNormalizer", "u"),
                ],
            )],
            vec![input("x", &[3])],
            &["y"],
            vec![cond(value)],
        )
    };
    let m = import_onnx_bytes(&build(true), None).unwrap();
    let x = Tensor::from_vec(kiln_frontend::DType::F32, &[3], vec![1.0, -2.0, 3.0]).unwrap();
    let y = interpret(&m, &[x]).unwrap();
    assert_eq!(
        y[0].data.iter().copied().collect::<Vec<_>>(),
        [-1.0, 2.0, -3.0]
    );
    let e = import_onnx_bytes(&build(false), None).unwrap_err();
    assert_eq!(
        e.to_string(),
        "unsupported op StringNormalizer (opset 17) in node 'else_branch_op'"
    );
}

/// paddle2onnx writes unknown dims as `-1` and as the dim_param `?`: each is its own unknown
/// dim (two `?` dims need not be equal), not a refusal or one shared name.
#[test]
fn minus_one_and_question_mark_dims_are_separate_unknown_dims() {
    let dim = |v: tensor_shape_proto::dimension::Value| tensor_shape_proto::Dimension {
        value: Some(v),
        ..Default::default()
    };
    use tensor_shape_proto::dimension::Value;
    let mut x = input("x", &[]);
    if let Some(type_proto::Value::TensorType(t)) = x.r#type.as_mut().and_then(|t| t.value.as_mut())
    {
        t.shape = Some(TensorShapeProto {
            dim: vec![
                dim(Value::DimValue(-1)),
                dim(Value::DimParam("?".into())),
                dim(Value::DimParam("?".into())),
            ],
        });
    }
    let bytes = model(
        17,
        vec![node("Relu", "r", &["x"], &["y"], vec![])],
        vec![x],
        &["y"],
        vec![],
    );
    let module = import_onnx_bytes(&bytes, None).unwrap();
    let data: Vec<f64> = (0..24).map(|i| i as f64 - 12.0).collect();
    let x = Tensor::from_vec(kiln_frontend::DType::F32, &[2, 3, 4], data).unwrap();
    let y = interpret(&module, &[x]).unwrap();
    assert_eq!(y[0].data.shape(), &[2, 3, 4]);
    assert_eq!(y[0].data.iter().filter(|&&v| v == 0.0).count(), 13);
}

/// An `If` whose condition comes from a graph input (silero VAD's `sr == 16000`) runs both
/// branches and selects, so the import needs no value; when the branches' outputs differ in
/// shape it asks for that input's value, as a shape operand does; given it, the chosen branch is
/// inlined.
#[test]
fn if_on_a_graph_input_selects_or_asks_for_its_value() {
    let branch = |name: &str, op: &str, out: &str| AttributeProto {
        name: Some(name.into()),
        r#type: Some(kiln_frontend::onnx::proto::attribute_proto::AttributeType::Graph as i32),
        g: Some(GraphProto {
            name: Some(name.into()),
            node: vec![node(op, &format!("{name}_op"), &["x"], &[out], vec![])],
            output: vec![ValueInfoProto {
                name: Some(out.into()),
                ..Default::default()
            }],
            ..Default::default()
        }),
        ..Default::default()
    };
    let if_model = |else_op: &str| {
        model(
            17,
            vec![
                node("Not", "not", &["flag"], &["c"], vec![]),
                node(
                    "If",
                    "if",
                    &["c"],
                    &["y"],
                    vec![
                        branch("then_branch", "Neg", "t"),
                        branch("else_branch", else_op, "u"),
                    ],
                ),
            ],
            vec![input("x", &[3]), typed_input("flag", &[], DataType::Bool)],
            &["y"],
            vec![],
        )
    };
    let x = Tensor::from_vec(kiln_frontend::DType::F32, &[3], vec![1.0, -2.0, 3.0]).unwrap();
    let flag = |v: f64| Tensor::from_vec(kiln_frontend::DType::I1, &[], vec![v]).unwrap();
    // Outputs of one shape: both branches, a select.
    let m = import_onnx_bytes(&if_model("Relu"), None).unwrap();
    for (f, want) in [(0.0, [-1.0, 2.0, -3.0]), (1.0, [1.0, 0.0, 3.0])] {
        let y = interpret(&m, &[x.clone(), flag(f)]).unwrap();
        assert_eq!(y[0].data.iter().copied().collect::<Vec<_>>(), want);
    }
    // ReduceSum's output is a scalar: no select; the value is asked for.
    let bytes = if_model("ReduceSum");
    let e = import_onnx_bytes(&bytes, None).unwrap_err();
    let ImportError::InputValueNeeded { inputs, .. } = &e else {
        panic!("{e:?}")
    };
    assert_eq!(inputs, &["flag".to_string()], "{e}");
    let mut options = kiln_frontend::ImportOptions::default();
    options.input_values.insert(
        "flag".into(),
        Tensor::from_vec(kiln_frontend::DType::I1, &[], vec![0.0]).unwrap(),
    );
    let m = kiln_frontend::onnx::import_onnx_bytes_with(&bytes, None, &options).unwrap();
    let y = interpret(&m, &[x]).unwrap();
    assert_eq!(
        y[0].data.iter().copied().collect::<Vec<_>>(),
        [-1.0, 2.0, -3.0]
    );
}

/// BitCast: a float <-> unsigned integer bit cast and a cast to bool are
/// refused naming both types; a graph input of optional type is refused by its kind.
#[test]
fn bitcast_and_optional_refusals_name_the_cause() {
    let to = |t: DataType| int_attribute("to", t as i32 as i64);
    let cases = [
        (
            DataType::Float,
            DataType::Uint32,
            "node 'bc' (BitCast, opset 26): BitCast from FLOAT to UINT32 is not supported: kiln \
             reinterprets integers, bools, and float32 / float64 as int32 / int64 (and back)",
        ),
        (
            DataType::Uint8,
            DataType::Bool,
            "node 'bc' (BitCast, opset 26): BitCast from UINT8 to BOOL is not supported: only the \
             bit patterns 0 and 1 are bools",
        ),
        (
            DataType::Int16,
            DataType::Int32,
            "node 'bc' (BitCast, opset 26): BitCast needs types of one width: INT16 is 16 bits, \
             INT32 is 32",
        ),
    ];
    for (from, target, want) in cases {
        let bytes = model(
            26,
            vec![node("BitCast", "bc", &["x"], &["y"], vec![to(target)])],
            vec![typed_input("x", &[3], from)],
            &["y"],
            vec![],
        );
        let e = import_onnx_bytes(&bytes, None).unwrap_err().to_string();
        assert_eq!(e, want);
    }

    // An optional(tensor) graph input is that tensor; optional(sequence) is refused by name.
    let optional = |elem: TypeProto| ValueInfoProto {
        name: Some("o".into()),
        r#type: Some(TypeProto {
            value: Some(type_proto::Value::OptionalType(Box::new(
                type_proto::Optional {
                    elem_type: Some(Box::new(elem)),
                },
            ))),
            ..Default::default()
        }),
        ..Default::default()
    };
    let tensor = typed_input("t", &[3], DataType::Float).r#type.unwrap();
    let bytes = model(
        18,
        vec![node("OptionalHasElement", "has", &["o"], &["y"], vec![])],
        vec![optional(tensor.clone())],
        &["y"],
        vec![],
    );
    let m = import_onnx_bytes(&bytes, None).unwrap();
    let x = Tensor::from_vec(kiln_frontend::DType::F32, &[3], vec![1.0, 2.0, 3.0]).unwrap();
    assert_eq!(
        interpret(&m, &[x]).unwrap()[0]
            .data
            .iter()
            .copied()
            .collect::<Vec<_>>(),
        [1.0]
    );
    let sequence = TypeProto {
        value: Some(type_proto::Value::SequenceType(Box::new(
            type_proto::Sequence {
                elem_type: Some(Box::new(tensor)),
            },
        ))),
        ..Default::default()
    };
    let bytes = model(
        18,
        vec![node("OptionalHasElement", "has", &["o"], &["y"], vec![])],
        vec![optional(sequence)],
        &["y"],
        vec![],
    );
    let e = import_onnx_bytes(&bytes, None).unwrap_err().to_string();
    assert!(
        e.contains(
            "input 'o': optional-typed graph inputs of non-tensor elements are not supported"
        ),
        "{e}"
    );
}

/// ai.onnx.ml TreeEnsemble: a two-node tree whose true branch leads back to its root is refused
/// as cyclic, an out-of-range feature and a post_transform by name; the tree without the cycle
/// imports and picks its leaves by the split.
#[test]
fn tree_ensemble_cycles_and_bad_attributes_are_errors() {
    use kiln_frontend::onnx::proto::attribute_proto::AttributeType;
    let ints = |name: &str, v: &[i64]| AttributeProto {
        name: Some(name.into()),
        ints: v.to_vec(),
        r#type: Some(AttributeType::Ints as i32),
        ..Default::default()
    };
    // A float tensor attribute, or uint8 (nodes_modes) through int32_data.
    let floats = |name: &str, dtype: DataType, v: &[f32]| {
        let mut t = TensorProto {
            dims: vec![v.len() as i64],
            data_type: Some(dtype as i32),
            ..Default::default()
        };
        if dtype == DataType::Float {
            t.float_data = v.to_vec();
        } else {
            t.int32_data = v.iter().map(|&x| x as i32).collect();
        }
        AttributeProto {
            name: Some(name.into()),
            t: Some(t),
            r#type: Some(AttributeType::Tensor as i32),
            ..Default::default()
        }
    };
    // Node 0: x[0] <= 0.5 ? node 1 : leaf 0; node 1: x[1] <= 0 ? `second_true` : leaf 1.
    let tree = |second_true: (i64, i64), feature: i64, extra: Vec<AttributeProto>| {
        let mut attrs = vec![
            ints("nodes_featureids", &[0, feature]),
            ints("nodes_truenodeids", &[1, second_true.0]),
            ints("nodes_trueleafs", &[0, second_true.1]),
            ints("nodes_falsenodeids", &[0, 1]),
            ints("nodes_falseleafs", &[1, 1]),
            ints("leaf_targetids", &[0, 0, 0]),
            ints("tree_roots", &[0]),
            int_attribute("n_targets", 1),
            floats("nodes_splits", DataType::Float, &[0.5, 0.0]),
            floats("nodes_modes", DataType::Uint8, &[0.0, 0.0]),
            floats("leaf_weights", DataType::Float, &[10.0, 20.0, 30.0]),
        ];
        attrs.extend(extra);
        let mut n = node("TreeEnsemble", "trees", &["x"], &["y"], attrs);
        n.domain = Some("ai.onnx.ml".into());
        ModelProto {
            ir_version: Some(10),
            opset_import: vec![
                OperatorSetIdProto {
                    domain: Some(String::new()),
                    version: Some(21),
                },
                OperatorSetIdProto {
                    domain: Some("ai.onnx.ml".into()),
                    version: Some(5),
                },
            ],
            graph: Some(GraphProto {
                name: Some("g".into()),
                node: vec![n],
                input: vec![input("x", &[3, 2])],
                output: vec![ValueInfoProto {
                    name: Some("y".into()),
                    ..Default::default()
                }],
                ..Default::default()
            }),
            ..Default::default()
        }
        .encode_to_vec()
    };
    let e = import_onnx_bytes(&tree((0, 0), 1, vec![]), None)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("(TreeEnsemble, opset 21): a tree deeper than 64"),
        "{e}"
    );
    let e = import_onnx_bytes(&tree((2, 1), 5, vec![]), None)
        .unwrap_err()
        .to_string();
    assert!(e.contains("nodes_featureids holds 5 for 2 features"), "{e}");
    let post = int_attribute("post_transform", 2);
    let e = import_onnx_bytes(&tree((2, 1), 1, vec![post]), None)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("unsupported attribute: post_transform = 2"),
        "{e}"
    );
    let m = import_onnx_bytes(&tree((2, 1), 1, vec![]), None).unwrap();
    let x = Tensor::from_vec(
        kiln_frontend::DType::F32,
        &[3, 2],
        vec![1.0, 0.0, 0.0, -1.0, 0.0, 1.0],
    )
    .unwrap();
    let y = interpret(&m, &[x]).unwrap();
    assert_eq!(
        y[0].data.iter().copied().collect::<Vec<_>>(),
        [10.0, 30.0, 20.0]
    );
}

/// A Concat whose operands are all empty along the axis (a decoder's empty past joined to an
/// empty past) is an empty tensor, and an empty operand beside others contributes nothing.
#[test]
fn concat_of_empty_operands_is_empty() {
    let bytes = model(
        17,
        vec![
            node(
                "Concat",
                "empty",
                &["a", "b"],
                &["e"],
                vec![int_attribute("axis", 1)],
            ),
            node(
                "Concat",
                "joined",
                &["e", "c", "a"],
                &["y"],
                vec![int_attribute("axis", 1)],
            ),
        ],
        vec![
            input("a", &[2, 0]),
            input("b", &[2, 0]),
            input("c", &[2, 3]),
        ],
        &["e", "y"],
        vec![],
    );
    let m = import_onnx_bytes(&bytes, None).unwrap_or_else(|e| panic!("{e}"));
    let empty = Tensor::from_vec(kiln_frontend::DType::F32, &[2, 0], vec![]).unwrap();
    let c: Vec<f64> = (0..6).map(f64::from).collect();
    let c = Tensor::from_vec(kiln_frontend::DType::F32, &[2, 3], c).unwrap();
    let out = interpret(&m, &[empty.clone(), empty, c.clone()]).unwrap();
    assert_eq!(out[0].data.shape(), &[2, 0]);
    assert_eq!(out[1], c);
}

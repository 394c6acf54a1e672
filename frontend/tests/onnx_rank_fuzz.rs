//! Issue 41: every operator the importer lists, fed inputs of every rank (0 to 5, graph inputs
//! and constants) and attributes of odd lengths and values, imports or fails with an error
//! naming the node; it never panics. A panic here once was Conv indexing `ws[3]` of a filter of
//! rank 2 (`conv_pool.rs`); the test keeps that whole class closed. Seeded: a failure
//! reproduces, and the message names the op, the input ranks and the attributes.

use std::panic::{catch_unwind, AssertUnwindSafe};

use kiln_frontend::onnx::proto::{
    attribute_proto::AttributeType, tensor_proto::DataType, tensor_shape_proto, type_proto,
    AttributeProto, GraphProto, ModelProto, NodeProto, OperatorSetIdProto, TensorProto,
    TensorShapeProto, TypeProto, ValueInfoProto,
};
use kiln_frontend::onnx::supported_ops;
use kiln_frontend::{import_onnx_bytes, ImportError};
use prost::Message;
use rand::{rngs::StdRng, Rng, SeedableRng};

fn value_info(name: &str, elem: DataType, dims: &[i64]) -> ValueInfoProto {
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
                elem_type: Some(elem as i32),
                shape: Some(TensorShapeProto { dim }),
            })),
            ..Default::default()
        }),
        ..Default::default()
    }
}

/// One input of the node under test: a graph input or an initializer.
#[derive(Debug, Clone)]
struct Operand {
    dims: Vec<i64>,
    int: bool,
    constant: bool,
}

/// Attributes that many operators read, with values of odd lengths, zeros and negatives.
fn random_attribute(rng: &mut StdRng) -> AttributeProto {
    const INTS: &[&str] = &[
        "kernel_shape",
        "strides",
        "pads",
        "dilations",
        "perm",
        "axes",
        "output_padding",
        "output_shape",
        "shape",
        "starts",
        "ends",
        "split",
        "blocksize",
    ];
    const INT: &[&str] = &[
        "axis",
        "group",
        "keepdims",
        "transA",
        "transB",
        "ceil_mode",
        "count_include_pad",
        "storage_order",
        "batch_dims",
        "k",
        "p",
        "select_last_index",
        "exclusive",
        "reverse",
        "blocksize",
        "size",
        "noop_with_empty_axes",
        "num_outputs",
    ];
    let name;
    let attr = if rng.random_bool(0.5) {
        name = INTS[rng.random_range(0..INTS.len())];
        let n = rng.random_range(0..7);
        AttributeProto {
            r#type: Some(AttributeType::Ints as i32),
            ints: (0..n).map(|_| rng.random_range(-3..5)).collect(),
            ..Default::default()
        }
    } else {
        name = INT[rng.random_range(0..INT.len())];
        AttributeProto {
            r#type: Some(AttributeType::Int as i32),
            i: Some(rng.random_range(-6..7)),
            ..Default::default()
        }
    };
    AttributeProto {
        name: Some(name.into()),
        ..attr
    }
}

fn model(
    op: &str,
    opset: i64,
    operands: &[Operand],
    attributes: Vec<AttributeProto>,
    outputs: usize,
) -> Vec<u8> {
    let mut inputs = Vec::new();
    let mut initializer = Vec::new();
    for (i, o) in operands.iter().enumerate() {
        let name = format!("in{i}");
        let elem = if o.int {
            DataType::Int64
        } else {
            DataType::Float
        };
        if o.constant {
            let n: i64 = o.dims.iter().product();
            let mut t = TensorProto {
                name: Some(name),
                dims: o.dims.clone(),
                data_type: Some(elem as i32),
                ..Default::default()
            };
            if o.int {
                t.int64_data = (0..n).map(|k| k % 3).collect();
            } else {
                t.float_data = (0..n).map(|k| (k % 5) as f32 - 1.5).collect();
            }
            initializer.push(t);
        } else {
            inputs.push(value_info(&name, elem, &o.dims));
        }
    }
    let output: Vec<String> = (0..outputs).map(|k| format!("out{k}")).collect();
    ModelProto {
        ir_version: Some(8),
        opset_import: vec![OperatorSetIdProto {
            domain: Some(String::new()),
            version: Some(opset),
        }],
        graph: Some(GraphProto {
            name: Some("g".into()),
            node: vec![NodeProto {
                op_type: Some(op.into()),
                name: Some("the_node".into()),
                input: (0..operands.len()).map(|i| format!("in{i}")).collect(),
                output: output.clone(),
                attribute: attributes,
                ..Default::default()
            }],
            input: inputs,
            output: output
                .iter()
                .map(|o| ValueInfoProto {
                    name: Some(o.clone()),
                    ..Default::default()
                })
                .collect(),
            initializer,
            ..Default::default()
        }),
        ..Default::default()
    }
    .encode_to_vec()
}

thread_local! {
    /// Where the last panic happened (the hook's report).
    static PANIC_AT: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
}

/// Ops whose handlers build large host tables from attribute values alone, or read subgraphs:
/// random values there say nothing about rank checks.
const SKIPPED: &[&str] = &["If", "Loop", "Scan"];

#[test]
fn every_operator_with_inputs_of_any_rank_imports_or_names_the_node() {
    let mut rng = StdRng::seed_from_u64(41);
    let previous_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|info| {
        let at = info
            .location()
            .map(|l| format!("{}:{}", l.file(), l.line()))
            .unwrap_or_default();
        PANIC_AT.with(|p| *p.borrow_mut() = at);
    }));
    let mut panics = Vec::new();
    let mut imported = 0;
    for &op in supported_ops() {
        if SKIPPED.contains(&op) {
            continue;
        }
        for case in 0..400 {
            let count = rng.random_range(1..=5);
            let operands: Vec<Operand> = (0..count)
                .map(|i| {
                    // The first cases keep ranks small and data float: the likely shapes.
                    let rank = if case < 12 {
                        rng.random_range(0..3)
                    } else {
                        rng.random_range(0..6)
                    };
                    Operand {
                        dims: (0..rank).map(|_| rng.random_range(1..4)).collect(),
                        int: i > 0 && rng.random_bool(0.3),
                        constant: i > 0 && rng.random_bool(0.5),
                    }
                })
                .collect();
            let attributes: Vec<AttributeProto> = (0..rng.random_range(0..3))
                .map(|_| random_attribute(&mut rng))
                .collect();
            let outputs = rng.random_range(1..=2);
            let opset = [9, 11, 13, 17, 18, 21][rng.random_range(0..6)];
            let bytes = model(op, opset, &operands, attributes.clone(), outputs);
            // The error as (is it a node's, its text).
            let import = || {
                import_onnx_bytes(&bytes, None)
                    .map(|_| ())
                    .map_err(|e| (matches!(e, ImportError::Node { .. }), e.to_string()))
            };
            match catch_unwind(AssertUnwindSafe(import)) {
                Ok(Ok(())) => imported += 1,
                Ok(Err((node, e))) => {
                    assert!(
                        !node || e.contains("the_node"),
                        "{op}: the error does not name the node: {e}"
                    );
                }
                Err(payload) => {
                    let message = payload
                        .downcast_ref::<String>()
                        .cloned()
                        .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
                        .unwrap_or_default();
                    let attrs: Vec<String> = attributes
                        .iter()
                        .map(|a| format!("{}={:?}{:?}", a.name(), a.i, a.ints))
                        .collect();
                    let at = PANIC_AT.with(|p| p.borrow().clone());
                    panics.push(format!(
                        "{op} case {case} (opset {opset}): inputs {operands:?} attributes {attrs:?}: {message} \
                         (at {at})"
                    ));
                }
            }
        }
    }
    std::panic::set_hook(previous_hook);
    assert!(
        panics.is_empty(),
        "{} panics:\n{}",
        panics.len(),
        panics.join("\n")
    );
    assert!(imported > 100, "only {imported} cases imported");
}

/// The report's case and its neighbours: a filter whose rank is not the input's.
#[test]
fn conv_and_gemm_with_operands_of_the_wrong_rank_name_the_node() {
    let float = |dims: &[i64], constant: bool| Operand {
        dims: dims.to_vec(),
        int: false,
        constant,
    };
    for w in [&[2][..], &[2, 1], &[2, 1, 3], &[2, 1, 3, 3, 3]] {
        for constant in [true, false] {
            let bytes = model(
                "Conv",
                17,
                &[float(&[1, 1, 5, 5], false), float(w, constant)],
                vec![],
                1,
            );
            let e = import_onnx_bytes(&bytes, None).unwrap_err().to_string();
            assert!(
                e.starts_with("node 'the_node' (Conv, opset 17): the filter (input #1) has rank"),
                "{w:?}: {e}"
            );
        }
    }
    let bytes = model(
        "Gemm",
        17,
        &[float(&[3, 2], false), float(&[], true)],
        vec![],
        1,
    );
    let e = import_onnx_bytes(&bytes, None).unwrap_err().to_string();
    assert!(e.contains("B (input #1) has rank 0"), "{e}");
}

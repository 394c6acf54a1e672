//! No panics on bad input: every prefix and many single-byte mutations of the golden MLIR files
//! must parse or fail with an error; so must mutated ONNX protobufs.

use std::path::Path;

use kiln_frontend::{import_onnx_bytes, interpret, parse_mlir, print_mlir};
use rand::{rngs::StdRng, Rng, SeedableRng};

fn golden_inputs() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/filetests");
    let mut out = Vec::new();
    for dir in ["roundtrip", "errors"] {
        for e in std::fs::read_dir(root.join(dir)).unwrap() {
            let text = std::fs::read_to_string(e.unwrap().path()).unwrap();
            out.push(
                text.lines()
                    .take_while(|l| !l.starts_with("// OUT:"))
                    .map(|l| format!("{l}\n"))
                    .collect(),
            );
        }
    }
    out
}

/// Interprets a module on random inputs when all its tensors are small.
fn run_small(module: &kiln_frontend::Module) {
    use kiln_frontend::{DType, Dim, Tensor, Type};
    let Some(f) = module.entry() else { return };
    let small = |t: &Type| match t {
        Type::Scalar(_) => true,
        Type::Tensor(t) => {
            t.shape
                .iter()
                .map(|d| d.as_static().unwrap_or(2))
                .product::<u64>()
                <= 4096
        }
    };
    if !f.values.iter().all(|(_, v)| small(&v.ty)) {
        return;
    }
    let inputs: Vec<Tensor> = f
        .argument_types()
        .iter()
        .map(|t| {
            let shape: Vec<usize> = match t {
                Type::Scalar(_) => vec![],
                Type::Tensor(t) => t
                    .shape
                    .iter()
                    .map(|d| match d {
                        Dim::Static(n) => *n as usize,
                        Dim::Symbol(_) => 2,
                    })
                    .collect(),
            };
            let n = shape.iter().product();
            let dtype: DType = t.dtype();
            Tensor::from_vec(
                dtype,
                &shape,
                (0..n).map(|i| (i % 5) as f64 - 2.0).collect(),
            )
            .unwrap()
        })
        .collect();
    let _ = interpret(module, &inputs);
}

#[test]
fn truncated_and_mutated_mlir_never_panics() {
    let mut rng = StdRng::seed_from_u64(1);
    let alphabet = b"%#@^(){}[]<>,:=-?x0123456789.\" \nabcdefgiklmnoprstuxyz_";
    let mut parsed = 0;
    for text in golden_inputs() {
        let bytes = text.as_bytes();
        for cut in (0..bytes.len()).step_by(3) {
            if let Ok(s) = std::str::from_utf8(&bytes[..cut]) {
                let _ = parse_mlir(s);
            }
        }
        for _ in 0..300 {
            let mut m = bytes.to_vec();
            for _ in 0..rng.random_range(1..4) {
                let i = rng.random_range(0..m.len());
                match rng.random_range(0..3) {
                    0 => m[i] = alphabet[rng.random_range(0..alphabet.len())],
                    1 => {
                        m.remove(i);
                    }
                    _ => m.insert(i, alphabet[rng.random_range(0..alphabet.len())]),
                }
            }
            if let Ok(s) = String::from_utf8(m) {
                if let Ok(module) = parse_mlir(&s) {
                    // Whatever parses must print and parse again, and run (or fail) cleanly.
                    parse_mlir(&print_mlir(&module)).unwrap_or_else(|e| panic!("{e}\n{s}"));
                    run_small(&module);
                    parsed += 1;
                }
            }
        }
    }
    assert!(parsed > 0);
}

#[test]
fn mutated_onnx_never_panics() {
    // A tiny model built by hand: y = Relu(x + w), with a Reshape fed by a constant.
    use kiln_frontend::onnx::proto::*;
    use prost::Message;
    let vi = |name: &str, dims: &[i64]| ValueInfoProto {
        name: Some(name.into()),
        r#type: Some(TypeProto {
            value: Some(type_proto::Value::TensorType(type_proto::Tensor {
                elem_type: Some(1),
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
    let node = |op: &str, i: &[&str], o: &str| NodeProto {
        op_type: Some(op.into()),
        input: i.iter().map(|s| s.to_string()).collect(),
        output: vec![o.into()],
        ..Default::default()
    };
    let model = ModelProto {
        ir_version: Some(8),
        opset_import: vec![OperatorSetIdProto {
            domain: Some(String::new()),
            version: Some(13),
        }],
        graph: Some(GraphProto {
            node: vec![
                node("Add", &["x", "w"], "a"),
                node("Relu", &["a"], "r"),
                node("Reshape", &["r", "s"], "y"),
            ],
            input: vec![vi("x", &[2, 3])],
            output: vec![vi("y", &[3, 2])],
            initializer: vec![
                TensorProto {
                    name: Some("w".into()),
                    dims: vec![3],
                    data_type: Some(1),
                    float_data: vec![1.0, -2.0, 0.5],
                    ..Default::default()
                },
                TensorProto {
                    name: Some("s".into()),
                    dims: vec![2],
                    data_type: Some(7),
                    int64_data: vec![3, 2],
                    ..Default::default()
                },
            ],
            ..Default::default()
        }),
        ..Default::default()
    }
    .encode_to_vec();
    let module = import_onnx_bytes(&model, None).unwrap();
    let x = kiln_frontend::Tensor::from_vec(
        kiln_frontend::DType::F32,
        &[2, 3],
        vec![1.0, 2.0, 3.0, -4.0, 5.0, -6.0],
    )
    .unwrap();
    let y = interpret(&module, &[x]).unwrap();
    assert_eq!(y[0].shape(), &[3, 2]);
    assert_eq!(
        y[0].data.iter().copied().collect::<Vec<_>>(),
        vec![2.0, 0.0, 3.5, 0.0, 3.0, 0.0]
    );
    let mut rng = StdRng::seed_from_u64(2);
    let mut imported = 0;
    for _ in 0..3000 {
        let mut m = model.clone();
        for _ in 0..rng.random_range(1..3) {
            let i = rng.random_range(0..m.len());
            m[i] = rng.random();
        }
        if let Ok(module) = import_onnx_bytes(&m, None) {
            imported += 1;
            let _ = print_mlir(&module);
        }
    }
    assert!(imported > 0);
}

//! bfloat16 program inputs and outputs end to end on the Vulkan device (`emulate-bf16`): an
//! ONNX graph with bf16 inputs and outputs (MatMul summed in f32 and rounded once, a bias Add,
//! Tanh, ReduceMean, a Cast from f32 to bf16 and one from bf16 to f32) is imported, compiled
//! with verification after every pass and spirv-val on each kernel, run on seeded random bf16
//! data through `HostTensor::BF16`, and compared with a float64 reference computed here
//! (ndarray, each op's result rounded to bf16) and with the reference interpreter. The
//! facade refuses a bf16 output that is not on the bf16 grid, so a kernel that skipped its
//! rounding fails here rather than being rounded away on the host.

mod lowering_common;

use half::bf16;
use kiln::frontend::onnx::proto as onnx;
use kiln::frontend::Tensor;
use kiln::lowering::{compile, PassOptions};
use kiln::{HostTensor, Session};
use lowering_common::{import_graph, tensor_value};
use ndarray::{ArrayD, Axis, Ix2, IxDyn};
use onnx::tensor_proto::DataType;
use onnx::{AttributeProto, GraphProto, NodeProto};
use rand::{Rng, SeedableRng};

const M: usize = 6;
const K: usize = 40;
const N: usize = 9;

fn node(op: &str, inputs: &[&str], outputs: &[&str], attributes: Vec<AttributeProto>) -> NodeProto {
    NodeProto {
        op_type: Some(op.into()),
        input: inputs.iter().map(|s| s.to_string()).collect(),
        output: outputs.iter().map(|s| s.to_string()).collect(),
        attribute: attributes,
        ..Default::default()
    }
}

fn int_attribute(name: &str, value: i64) -> AttributeProto {
    AttributeProto {
        name: Some(name.into()),
        r#type: Some(onnx::attribute_proto::AttributeType::Int as i32),
        i: Some(value),
        ..Default::default()
    }
}

/// `y = tanh(x @ w + b)` (bf16), `m = ReduceMean(y, axis 1)` (bf16), `c = Cast(s, bf16)` of
/// an f32 input and `wide = Cast(y, float)`.
fn graph() -> GraphProto {
    GraphProto {
        name: Some("bf16_io".into()),
        node: vec![
            node("MatMul", &["x", "w"], &["xw"], vec![]),
            node("Add", &["xw", "b"], &["z"], vec![]),
            node("Tanh", &["z"], &["y"], vec![]),
            node(
                "ReduceMean",
                &["y"],
                &["m"],
                vec![int_attribute("keepdims", 0), {
                    let mut a = int_attribute("axes", 0);
                    a.r#type = Some(onnx::attribute_proto::AttributeType::Ints as i32);
                    a.i = None;
                    a.ints = vec![1];
                    a
                }],
            ),
            node(
                "Cast",
                &["s"],
                &["c"],
                vec![int_attribute("to", DataType::Bfloat16 as i64)],
            ),
            node(
                "Cast",
                &["y"],
                &["wide"],
                vec![int_attribute("to", DataType::Float as i64)],
            ),
        ],
        input: vec![
            tensor_value("x", &[M as i64, K as i64], DataType::Bfloat16),
            tensor_value("w", &[K as i64, N as i64], DataType::Bfloat16),
            tensor_value("b", &[N as i64], DataType::Bfloat16),
            tensor_value("s", &[M as i64, N as i64], DataType::Float),
        ],
        output: vec![
            tensor_value("y", &[M as i64, N as i64], DataType::Bfloat16),
            tensor_value("m", &[M as i64], DataType::Bfloat16),
            tensor_value("c", &[M as i64, N as i64], DataType::Bfloat16),
            tensor_value("wide", &[M as i64, N as i64], DataType::Float),
        ],
        ..Default::default()
    }
}

fn random(shape: &[usize], seed: u64) -> ArrayD<f64> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let n = shape.iter().product();
    let values = (0..n).map(|_| rng.random_range(-1.5..1.5)).collect();
    ArrayD::from_shape_vec(IxDyn(shape), values).unwrap()
}

fn to_bf16(a: &ArrayD<f64>) -> ArrayD<f64> {
    a.mapv(|x| bf16::from_f64(x).to_f64())
}

/// The graph in float64 with each op's result rounded to bf16 (the MatMul sums in wide
/// arithmetic and rounds once, as ONNX Runtime's CUDA provider does).
fn reference(
    x: &ArrayD<f64>,
    w: &ArrayD<f64>,
    b: &ArrayD<f64>,
    s: &ArrayD<f64>,
) -> Vec<ArrayD<f64>> {
    let x2 = x.clone().into_dimensionality::<Ix2>().unwrap();
    let w2 = w.clone().into_dimensionality::<Ix2>().unwrap();
    let xw = to_bf16(&x2.dot(&w2).into_dyn());
    let z = to_bf16(&(&xw + b));
    let y = to_bf16(&z.mapv(f64::tanh));
    let m = to_bf16(&y.mean_axis(Axis(1)).unwrap());
    let c = to_bf16(&s.mapv(|v| v as f32 as f64));
    vec![y.clone(), m, c, y]
}

#[test]
fn bf16_inputs_and_outputs_run_on_the_device() {
    let x = to_bf16(&random(&[M, K], 1));
    let w = to_bf16(&random(&[K, N], 2));
    let b = to_bf16(&random(&[N], 3));
    let s = random(&[M, N], 4).mapv(|v| v as f32 as f64);
    let bf16_host = |a: &ArrayD<f64>| HostTensor::BF16(a.mapv(bf16::from_f64));
    let inputs = vec![
        bf16_host(&x),
        bf16_host(&w),
        bf16_host(&b),
        HostTensor::F32(s.mapv(|v| v as f32)),
    ];
    let function = import_graph(graph(), 17);
    let module = kiln::frontend::Module {
        functions: vec![function],
    };
    let interpreted = kiln::frontend::interpret(
        &module,
        &inputs
            .iter()
            .map(HostTensor::to_reference)
            .collect::<Vec<Tensor>>(),
    )
    .expect("reference interpreter");
    let env = kiln::spirv_ir::TargetEnv::preset("llvmpipe").unwrap();
    let options = PassOptions {
        verify_each: true,
        ..Default::default()
    };
    let program = compile(&module, &env, &options).unwrap_or_else(|e| panic!("compile: {e}"));
    let declared: Vec<_> = program.outputs.iter().map(|o| o.dtype).collect();
    use kiln::frontend::DType;
    assert_eq!(
        declared,
        [DType::BF16, DType::BF16, DType::BF16, DType::F32]
    );
    assert!(program.inputs[..3].iter().all(|i| i.dtype == DType::BF16));
    for d in &program.dispatches {
        kiln::spirv_ir::validate_with_spirv_val(&d.spirv, &env.spirv_val_target_env())
            .unwrap_or_else(|e| panic!("{}: {e}", d.name));
    }
    let session = Session::default_device()
        .unwrap_or_else(|e| panic!("no Vulkan device for the device tests: {e}"));
    let executable = session
        .load(&program)
        .unwrap_or_else(|e| panic!("load: {e}"));
    let outputs = executable
        .run(&inputs)
        .unwrap_or_else(|e| panic!("run: {e}"));
    let want = reference(&x, &w, &b, &s);
    let names = ["y", "m", "c", "wide"];
    for (k, got) in outputs.iter().enumerate() {
        let expected_type = if k == 3 { DType::F32 } else { DType::BF16 };
        assert_eq!(got.dtype(), expected_type, "output {}", names[k]);
        let got = got.to_reference().data;
        assert_eq!(got.shape(), want[k].shape(), "output {}", names[k]);
        // One bf16 step (2^-8 relative) for a device f32 sum that lands on the other side of a
        // rounding boundary than the float64 one; everything else is exact.
        for (i, ((&g, &r), &interp)) in got
            .iter()
            .zip(want[k].iter())
            .zip(interpreted[k].data.iter())
            .enumerate()
        {
            let step = r.abs().max(1e-3) * 2f64.powi(-7);
            assert!(
                (g - r).abs() <= step,
                "output {} element {i}: device {g}, float64 reference {r}",
                names[k]
            );
            assert!(
                (g - interp).abs() <= step,
                "output {} element {i}: device {g}, interpreter {interp}",
                names[k]
            );
        }
    }
    // The Cast of an f32 input rounds on the device exactly as half's bf16 does.
    assert_eq!(
        outputs[2],
        HostTensor::BF16(s.mapv(bf16::from_f64)),
        "Cast(float -> bfloat16) rounds to nearest even"
    );
}

/// A bf16 `.npy` as numpy writes an `ml_dtypes.bfloat16` array (descr `<V2`: the raw bits) reads
/// as `HostTensor::BF16`; bf16 is written as float32 (exact), which reads back as f32 and
/// widens to bf16 for a bf16 input because every value is a bf16 value.
#[test]
fn bf16_npy_reads_ml_dtypes_files_and_writes_float32() {
    let dir = tempfile::tempdir().unwrap();
    let values = [1.5f32, -2.25, 3.0, 0.1];
    let bits: Vec<u16> = values
        .iter()
        .map(|&v| bf16::from_f32(v).to_bits())
        .collect();
    let mut header = "{'descr': '<V2', 'fortran_order': False, 'shape': (2, 2), }".to_string();
    let unpadded = 10 + header.len() + 1;
    header.push_str(&" ".repeat((64 - unpadded % 64) % 64));
    header.push('\n');
    let mut bytes = b"\x93NUMPY\x01\x00".to_vec();
    bytes.extend_from_slice(&(header.len() as u16).to_le_bytes());
    bytes.extend_from_slice(header.as_bytes());
    for b in &bits {
        bytes.extend_from_slice(&b.to_le_bytes());
    }
    let path = dir.path().join("x.npy");
    std::fs::write(&path, bytes).unwrap();
    let read = HostTensor::read_npy(&path).unwrap();
    let expected = ArrayD::from_shape_vec(
        IxDyn(&[2, 2]),
        values.iter().map(|&v| bf16::from_f32(v)).collect(),
    )
    .unwrap();
    assert_eq!(read, HostTensor::BF16(expected.clone()));
    let out = dir.path().join("y.npy");
    read.write_npy(&out).unwrap();
    let back = HostTensor::read_npy(&out).unwrap();
    assert_eq!(back, HostTensor::F32(expected.mapv(f32::from)));
    assert_eq!(
        back.widened_to(kiln::frontend::DType::BF16),
        Some(HostTensor::BF16(expected))
    );
    // 0.1 in f32 is not a bf16 value: no silent rounding of a float32 file.
    let not_bf16 = HostTensor::F32(ArrayD::from_elem(IxDyn(&[1]), 0.1f32));
    assert_eq!(not_bf16.widened_to(kiln::frontend::DType::BF16), None);
}

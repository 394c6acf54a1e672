//! Shared helpers of the lowering device tests: compile a frontend function for the llvmpipe
//! preset, run it on the default Vulkan device (lavapipe in CI) and compare with the frontend's
//! reference interpreter on seeded random inputs.

#![allow(dead_code)]

use kiln::frontend::{DType, Function, Module, Tensor, Type};
use kiln::lowering::{compile, PassOptions};
use kiln::{HostTensor, Session};
use ndarray::{ArrayD, IxDyn};
use rand::{Rng, SeedableRng};

use kiln::frontend::onnx::proto as onnx;
use onnx::tensor_proto::DataType;
use onnx::{
    GraphProto, ModelProto, OperatorSetIdProto, TensorShapeProto, TypeProto, ValueInfoProto,
};

pub fn tensor_type(shape: &[u64], dtype: DType) -> Type {
    Type::Tensor(kiln::frontend::TensorType::of(shape, dtype))
}

/// The first function of MLIR `text` (panics with the text on a parse error).
pub fn parse_function(text: &str) -> Function {
    kiln::frontend::parse_mlir(text)
        .unwrap_or_else(|e| panic!("{e}\n{text}"))
        .functions
        .into_iter()
        .next()
        .unwrap()
}

/// Random values for `dtype`: floats in [-2, 2), integers in [-20, 20], never all zero.
pub fn random_input(shape: &[usize], dtype: DType, seed: u64) -> HostTensor {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let n: usize = shape.iter().product();
    let values: Vec<f64> = (0..n)
        .map(|_| match dtype {
            DType::F32 | DType::F16 | DType::F64 => rng.random_range(-2.0..2.0),
            DType::I1 => f64::from(rng.random_range(0..2)),
            _ => f64::from(rng.random_range(-20..=20)),
        })
        .collect();
    let data = ArrayD::from_shape_vec(IxDyn(shape), values).unwrap();
    HostTensor::from_reference(&Tensor::new(dtype, data.mapv(|x| dtype.round(x))))
}

/// Compiles and runs `function` on `inputs`, compares every output with the interpreter within
/// `rtol` / `atol` (relative to the largest reference magnitude of that output).
pub fn check(function: Function, inputs: &[HostTensor], rtol: f64, atol: f64) {
    let env = kiln::spirv_ir::TargetEnv::preset("llvmpipe").unwrap();
    check_with(function, inputs, rtol, atol, &env, PassOptions::default());
}

/// Like [`check`] for a given target env and pass options (verification after every pass is
/// forced on); returns each dispatch's SPIR-V as text, for assertions on the kernels.
pub fn check_with(
    function: Function,
    inputs: &[HostTensor],
    rtol: f64,
    atol: f64,
    env: &kiln::spirv_ir::TargetEnv,
    options: PassOptions,
) -> Vec<String> {
    let reference_inputs: Vec<Tensor> = inputs.iter().map(HostTensor::to_reference).collect();
    let expected = kiln::frontend::interpret_function(&function, &reference_inputs)
        .expect("reference interpreter");
    let module = Module {
        functions: vec![function],
    };
    let options = PassOptions {
        verify_each: true,
        ..options
    };
    let program = compile(&module, env, &options).unwrap_or_else(|e| panic!("compile: {e}"));
    let mut texts = Vec::new();
    for d in &program.dispatches {
        kiln::spirv_ir::validate_with_spirv_val(&d.spirv, &env.spirv_val_target_env())
            .unwrap_or_else(|e| panic!("{}: {e}", d.name));
        texts.push(kiln::spirv_ir::disassemble_to_text(&d.spirv).unwrap());
    }
    let session = Session::default_device()
        .unwrap_or_else(|e| panic!("no Vulkan device for the device tests: {e}"));
    let executable = session
        .load(&program)
        .unwrap_or_else(|e| panic!("load: {e}"));
    let outputs = executable
        .run(inputs)
        .unwrap_or_else(|e| panic!("run: {e}"));
    assert_eq!(outputs.len(), expected.len());
    for (i, (got, want)) in outputs.iter().zip(&expected).enumerate() {
        let got = got.to_reference();
        assert_eq!(got.data.shape(), want.data.shape(), "output {i} shape");
        let scale = want
            .data
            .iter()
            .fold(0.0f64, |m, x| m.max(x.abs()))
            .max(1.0);
        for (j, (g, w)) in got.data.iter().zip(want.data.iter()).enumerate() {
            let ok = (g - w).abs() <= atol + rtol * scale || (g.is_nan() && w.is_nan()) || g == w;
            assert!(ok, "output {i} element {j}: got {g}, want {w} (rtol {rtol}, atol {atol}, scale {scale})");
        }
    }
    texts
}

/// The llvmpipe preset with its device type set to a discrete GPU, so that lavapipe runs the
/// kernel configurations chosen for GPUs.
pub fn llvmpipe_as_gpu() -> kiln::spirv_ir::TargetEnv {
    let mut env = kiln::spirv_ir::TargetEnv::preset("llvmpipe").unwrap();
    env.device_type = kiln::spirv_ir::target::DeviceType::DiscreteGpu;
    env
}

pub fn tolerance(dtype: DType) -> (f64, f64) {
    match dtype {
        DType::F16 => (4e-3, 2e-3),
        DType::F32 => (2e-5, 1e-6),
        _ => (0.0, 0.0),
    }
}

/// An ONNX graph input / output of `elem_type` and `dims`: a size each, or the symbol `N` for a
/// negative one.
pub fn tensor_value(name: &str, dims: &[i64], elem_type: DataType) -> ValueInfoProto {
    let dim = dims
        .iter()
        .map(|&d| onnx::tensor_shape_proto::Dimension {
            value: Some(if d < 0 {
                onnx::tensor_shape_proto::dimension::Value::DimParam("N".into())
            } else {
                onnx::tensor_shape_proto::dimension::Value::DimValue(d)
            }),
            ..Default::default()
        })
        .collect();
    ValueInfoProto {
        name: Some(name.into()),
        r#type: Some(TypeProto {
            value: Some(onnx::type_proto::Value::TensorType(
                onnx::type_proto::Tensor {
                    elem_type: Some(elem_type as i32),
                    shape: Some(TensorShapeProto { dim }),
                },
            )),
            ..Default::default()
        }),
        ..Default::default()
    }
}

/// The dispatch names of `f` compiled for `env` (default pass options).
pub fn dispatch_names(f: &Function, env: &kiln::spirv_ir::TargetEnv) -> Vec<String> {
    let module = Module {
        functions: vec![f.clone()],
    };
    let program = compile(&module, env, &PassOptions::default()).unwrap();
    program.dispatches.iter().map(|d| d.name.clone()).collect()
}

/// `graph` as an ONNX model of the default domain at `opset`, imported: its one function.
pub fn import_graph(graph: GraphProto, opset: i64) -> Function {
    use prost::Message;
    let bytes = ModelProto {
        ir_version: Some(10),
        opset_import: vec![OperatorSetIdProto {
            domain: Some(String::new()),
            version: Some(opset),
        }],
        graph: Some(graph),
        ..Default::default()
    }
    .encode_to_vec();
    kiln::frontend::import_onnx_bytes(&bytes, None)
        .unwrap_or_else(|e| panic!("{e}"))
        .functions
        .into_iter()
        .next()
        .unwrap()
}

/// The dispatch names of `f` compiled for `env` with `options`, every kernel through spirv-val
/// for `env`'s target env.
pub fn validated_dispatches(
    f: &Function,
    env: &kiln::spirv_ir::TargetEnv,
    options: &PassOptions,
) -> Vec<String> {
    let module = Module {
        functions: vec![f.clone()],
    };
    let program = compile(&module, env, options).unwrap_or_else(|e| panic!("{}: {e}", env.name));
    for d in &program.dispatches {
        kiln::spirv_ir::validate_with_spirv_val(&d.spirv, &env.spirv_val_target_env())
            .unwrap_or_else(|e| panic!("{} on {}: {e}", d.name, env.name));
    }
    program.dispatches.iter().map(|d| d.name.clone()).collect()
}

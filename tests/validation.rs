//! Compiled kernels under the Khronos validation layer (with synchronization validation): a CNN
//! (convolutions, pooling, concat, softmax) and a matmul + reduction program are compiled for the
//! live device, run with validation forced on, checked against the reference interpreter, and the
//! test fails on any message the layer reports.

use kiln::frontend::{DType, FunctionBuilder, Module, Type};
use kiln::runtime::DeviceConfig;
use kiln::{HostTensor, Session};
use ndarray::ArrayD;
use rand::{Rng, SeedableRng};

fn validated_session() -> Session {
    let config = DeviceConfig {
        validation: Some(true),
        ..DeviceConfig::default()
    };
    Session::new(&config).unwrap_or_else(|e| {
        panic!("no Vulkan device with the validation layer (apt: vulkan-validationlayers): {e}")
    })
}

fn random(shape: &[usize], seed: u64) -> HostTensor {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    HostTensor::F32(ArrayD::from_shape_fn(shape.to_vec(), |_| {
        rng.random_range(-1.0f32..1.0)
    }))
}

fn run_and_check(session: &Session, module: &Module, inputs: &[HostTensor]) {
    let target = kiln::target::target_env_for_open_device(session.device());
    let artifact = kiln::compile(module, &target).unwrap_or_else(|e| panic!("compile: {e}"));
    let executable = session.load(&artifact.program).expect("load");
    let outputs = executable.run(inputs).expect("run");
    let reference: Vec<_> = inputs.iter().map(HostTensor::to_reference).collect();
    let expected = kiln::frontend::interpret(module, &reference).expect("interpreter");
    assert_eq!(
        outputs.len(),
        expected.len(),
        "the device gave {} outputs, the interpreter {}",
        outputs.len(),
        expected.len()
    );
    for (k, (got, want)) in outputs.iter().zip(&expected).enumerate() {
        let got = got.to_reference();
        assert_eq!(got.dtype, want.dtype, "output {k}: element type");
        assert_eq!(
            got.data.shape(),
            want.data.shape(),
            "output {k}: the device's shape against the interpreter's"
        );
        let scale = want.data.iter().fold(1e-6f64, |m, x| m.max(x.abs()));
        for (g, w) in got.data.iter().zip(want.data.iter()) {
            assert!(
                (g - w).abs() <= 1e-4 * scale + 1e-6,
                "output {k}: got {g}, want {w}"
            );
        }
    }
}

#[test]
fn compiled_kernels_are_clean_under_validation() {
    let session = validated_session();
    assert!(session.device().validation_enabled());

    // A matmul feeding a row reduction: tiled contraction, promotion barriers, a second
    // dispatch reading the first's output.
    let mut b = FunctionBuilder::new("main");
    let t = |shape: &[u64]| Type::Tensor(kiln::frontend::TensorType::of(shape, DType::F32));
    let a = b.argument(t(&[33, 70]));
    let w = b.argument(t(&[70, 45]));
    let c = b.matmul(a, w, None).unwrap();
    let s = b.softmax(c, 1).unwrap();
    let module = Module {
        functions: vec![b.finish(vec![c, s]).unwrap()],
    };
    run_and_check(
        &session,
        &module,
        &[random(&[33, 70], 1), random(&[70, 45], 2)],
    );

    // A small ONNX CNN: convolutions, pooling, concat, Gemm, softmax.
    let model =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/models/resnet_tiny.onnx");
    let module = kiln::model::load_model(&model).expect("import");
    run_and_check(&session, &module, &[random(&[2, 3, 32, 32], 3)]);

    let errors = session.device().validation_errors();
    assert!(
        errors.is_empty(),
        "the validation layer reported {} message(s):\n{}",
        errors.len(),
        errors.join("\n")
    );
}

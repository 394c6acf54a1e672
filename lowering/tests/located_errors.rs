//! Errors met after the Tensor IR carry the source location of the op they concern, from the
//! frontend to legalization: a line:col of the MLIR text, or the ONNX node (through the kernels'
//! `origin`, the region root's location).

use kiln_frontend::{DType, FunctionBuilder, Location, ScalarOp, TensorType, Type};
use kiln_lowering::{compile, CompileError, PassOptions};
use kiln_spirv_ir::TargetEnv;

#[test]
fn a_legalization_error_names_the_onnx_node() {
    let mut b = FunctionBuilder::new("main");
    let x = b.argument(Type::Tensor(TensorType::of(&[8], DType::F32)));
    b.set_location(Location::OnnxNode {
        name: "exp_node".into(),
        op_type: "Exp".into(),
        index: 3,
    });
    let y = b.elementwise(ScalarOp::Exp, &[x]).unwrap();
    let function = b.finish(vec![y]).unwrap();
    let module = kiln_frontend::Module {
        functions: vec![function],
    };
    let env = TargetEnv::preset("vulkan1.1").unwrap();
    // 64-bit indices need Int64, which the Vulkan 1.1 baseline lacks.
    let options = PassOptions {
        verify_each: true,
        index_bits_64: true,
        ..Default::default()
    };
    let err = compile(&module, &env, &options).unwrap_err();
    let text = err.to_string();
    assert!(
        text.starts_with("ONNX node 'exp_node' (Exp): failed to legalize"),
        "{text}"
    );
    assert!(text.contains("Int64"), "{text}");
    assert!(err.is_user_error());
    match &err {
        CompileError::At { pass, location, .. } => {
            assert_eq!(pass, "legalize");
            assert!(matches!(location, Location::OnnxNode { index: 3, .. }));
        }
        other => panic!("not located: {other:?}"),
    }
    assert!(matches!(err.unlocated(), CompileError::TargetLacks { .. }));
}

#[test]
fn a_legalization_error_names_the_mlir_line() {
    let text = "#id = affine_map<(d0) -> (d0)>
func.func @main(%x: tensor<8xf32>) -> tensor<8xf32> {
  %e = tensor.empty() : tensor<8xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = [\"parallel\"]} ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%a: f32, %out: f32):
    %s = arith.addf %a, %a : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  return %r : tensor<8xf32>
}
";
    let module = kiln_frontend::parse::parse_mlir(text).unwrap();
    let env = TargetEnv::preset("vulkan1.1").unwrap();
    let options = PassOptions {
        verify_each: true,
        index_bits_64: true,
        ..Default::default()
    };
    let err = compile(&module, &env, &options).unwrap_err().to_string();
    // The generic is at line 4, column 3; 64-bit indices need Int64, which the target lacks.
    assert!(err.starts_with("4:3: failed to legalize"), "{err}");
    assert!(err.ends_with("(pass `legalize`)"), "{err}");
}

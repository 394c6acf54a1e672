//! Every emitted module through spirv-val, for all three target presets.

use kiln_frontend::*;
use kiln_lowering::{compile, PassOptions};
use kiln_spirv_ir::TargetEnv;

const PRESETS: [&str; 3] = ["llvmpipe", "nvidia-h200", "vulkan1.1"];

fn options() -> PassOptions {
    PassOptions {
        verify_each: true,
        ..Default::default()
    }
}

fn tensor(shape: &[u64], dtype: DType) -> Type {
    Type::Tensor(TensorType::of(shape, dtype))
}

fn validate_all(name: &str, f: Function) {
    let module = Module { functions: vec![f] };
    for preset in PRESETS {
        let env = TargetEnv::preset(preset).unwrap();
        let program = compile(&module, &env, &options())
            .unwrap_or_else(|e| panic!("{name} on {preset}: {e}"));
        assert!(!program.dispatches.is_empty());
        for d in &program.dispatches {
            kiln_spirv_ir::validate_with_spirv_val(&d.spirv, &env.spirv_val_target_env())
                .unwrap_or_else(|e| panic!("{name} / {} on {preset}:\n{e}", d.name));
        }
    }
}

#[test]
fn elementwise_add_with_broadcast() {
    let mut b = FunctionBuilder::new("main");
    let x = b.argument(tensor(&[4, 8], DType::F32));
    let y = b.argument(tensor(&[8], DType::F32));
    let z = b.elementwise(ScalarOp::AddF, &[x, y]).unwrap();
    validate_all("add", b.finish(vec![z]).unwrap());
}

#[test]
fn fused_chain_and_odd_sizes() {
    for dtype in [DType::F32, DType::F16, DType::I32] {
        let mut b = FunctionBuilder::new("main");
        let x = b.argument(tensor(&[3, 5, 7], dtype));
        let y = b.argument(tensor(&[5, 1], dtype));
        let (add, mul, max) = if dtype.is_float() {
            (ScalarOp::AddF, ScalarOp::MulF, ScalarOp::MaximumF)
        } else {
            (ScalarOp::AddI, ScalarOp::MulI, ScalarOp::MaxSI)
        };
        let s = b.elementwise(add, &[x, y]).unwrap();
        let m = b.elementwise(mul, &[s, x]).unwrap();
        let r = b.elementwise(max, &[m, y]).unwrap();
        validate_all("chain", b.finish(vec![r]).unwrap());
    }
}

#[test]
fn reductions_and_softmax() {
    for dims in [vec![1usize], vec![0], vec![0, 1]] {
        let mut b = FunctionBuilder::new("main");
        let x = b.argument(tensor(&[37, 300], DType::F32));
        let r = b.reduce(x, &dims, ScalarOp::AddF, 0.0).unwrap();
        validate_all("sum", b.finish(vec![r]).unwrap());
    }
    let mut b = FunctionBuilder::new("main");
    let x = b.argument(tensor(&[16, 1000], DType::F32));
    let r = b.softmax(x, 1).unwrap();
    validate_all("softmax", b.finish(vec![r]).unwrap());
}

#[test]
#[ignore]
fn debug_print() {
    let mut b = FunctionBuilder::new("main");
    let x = b.argument(tensor(&[4, 8], DType::F32));
    let y = b.argument(tensor(&[8], DType::F32));
    let z = b.elementwise(ScalarOp::AddF, &[x, y]).unwrap();
    let r = b.reduce(z, &[1], ScalarOp::AddF, 0.0).unwrap();
    let module = Module {
        functions: vec![b.finish(vec![r]).unwrap()],
    };
    let env = TargetEnv::preset(&std::env::var("PRESET").unwrap_or("llvmpipe".into())).unwrap();
    let options = PassOptions {
        verify_each: true,
        print_ir_after_all: true,
        time_passes: true,
        ..Default::default()
    };
    compile(&module, &env, &options).unwrap();
}

//! Device tests of elementwise lowering (fusion, broadcasting, vectorization, distribution) on
//! the default Vulkan device against the reference interpreter: op x dtype x shape matrices.

mod lowering_common;
use kiln::frontend::{DType, FunctionBuilder, ScalarOp};
use lowering_common::*;

/// `out = max((x + y) * x, y)` (a fused chain of three elementwise ops with broadcasting).
fn chain(x_shape: &[u64], y_shape: &[u64], dtype: DType) {
    let mut b = FunctionBuilder::new("main");
    let x = b.argument(tensor_type(x_shape, dtype));
    let y = b.argument(tensor_type(y_shape, dtype));
    let (add, mul, max) = if dtype.is_float() {
        (ScalarOp::AddF, ScalarOp::MulF, ScalarOp::MaximumF)
    } else {
        (ScalarOp::AddI, ScalarOp::MulI, ScalarOp::MaxSI)
    };
    let s = b.elementwise(add, &[x, y]).unwrap();
    let m = b.elementwise(mul, &[s, x]).unwrap();
    let r = b.elementwise(max, &[m, y]).unwrap();
    let f = b.finish(vec![r]).unwrap();
    let xs: Vec<usize> = x_shape.iter().map(|&d| d as usize).collect();
    let ys: Vec<usize> = y_shape.iter().map(|&d| d as usize).collect();
    let (rtol, atol) = tolerance(dtype);
    check(
        f,
        &[random_input(&xs, dtype, 1), random_input(&ys, dtype, 2)],
        rtol,
        atol,
    );
}

macro_rules! chain_tests {
    ($($name:ident: $x:expr, $y:expr;)*) => {
        mod chain_f32 { use super::*; $(#[test] fn $name() { chain(&$x, &$y, DType::F32) })* }
        mod chain_f16 { use super::*; $(#[test] fn $name() { chain(&$x, &$y, DType::F16) })* }
        mod chain_i32 { use super::*; $(#[test] fn $name() { chain(&$x, &$y, DType::I32) })* }
    };
}

chain_tests! {
    rank0: [], [];
    rank1_same: [1000], [1000];
    rank1_scalar_broadcast: [37], [];
    rank2_row_broadcast: [7, 12], [12];
    rank2_size1_dims: [5, 1], [1, 6];
    rank3_not_divisible_by_4: [3, 5, 7], [5, 1];
    rank4_vectorizable: [2, 3, 4, 8], [4, 8];
    rank5: [2, 1, 3, 2, 5], [3, 1, 5];
    rank6: [2, 2, 1, 3, 2, 3], [1, 3, 1, 3];
}

/// Unary math through GLSL.std.450 and an erf expansion.
fn unary(op: ScalarOp, dtype: DType) {
    let mut b = FunctionBuilder::new("main");
    let x = b.argument(tensor_type(&[257], dtype));
    let r = b.elementwise(op, &[x]).unwrap();
    let f = b.finish(vec![r]).unwrap();
    let (rtol, atol) = tolerance(dtype);
    check(
        f,
        &[random_input(&[257], dtype, 3)],
        rtol.max(1e-5),
        atol.max(1e-5),
    );
}

#[test]
fn unary_math_f32() {
    for op in [
        ScalarOp::Exp,
        ScalarOp::Tanh,
        ScalarOp::AbsF,
        ScalarOp::NegF,
        ScalarOp::Erf,
        ScalarOp::Floor,
    ] {
        unary(op, DType::F32);
    }
}

/// More than 65535 workgroups x 256 invocations (a broadcast operand keeps one invocation per
/// element): a 2-D grid.
#[test]
fn large_size_uses_a_2d_grid() {
    let rows = 65535 * 256 / 3 + 100;
    let mut b = FunctionBuilder::new("main");
    let x = b.argument(tensor_type(&[rows as u64, 3], DType::F32));
    let y = b.argument(tensor_type(&[3], DType::F32));
    let r = b.elementwise(ScalarOp::MulF, &[x, y]).unwrap();
    let f = b.finish(vec![r]).unwrap();
    check(
        f,
        &[
            random_input(&[rows, 3], DType::F32, 4),
            random_input(&[3], DType::F32, 5),
        ],
        1e-6,
        1e-7,
    );
}

/// A symbolic batch dimension reaches the kernels as a push constant; one compiled program runs
/// for several sizes.
#[test]
fn symbolic_batch_dimension() {
    use kiln::frontend::{Dim, TensorType, Type};
    let mut b = FunctionBuilder::new("main");
    let x = b.argument(Type::Tensor(TensorType::new(
        vec![Dim::Symbol("N".into()), Dim::Static(12)],
        DType::F32,
    )));
    let y = b.argument(tensor_type(&[12], DType::F32));
    let s = b.elementwise(ScalarOp::AddF, &[x, y]).unwrap();
    let r = b.reduce(s, &[1], ScalarOp::AddF, 0.0).unwrap();
    let f = b.finish(vec![s, r]).unwrap();
    for n in [1usize, 7, 300] {
        check(
            f.clone(),
            &[
                random_input(&[n, 12], DType::F32, 30 + n as u64),
                random_input(&[12], DType::F32, 6),
            ],
            1e-5,
            1e-6,
        );
    }
}

/// Dense operands of sizes not divisible by 4: collapsed to 1-D, 4-lane groups plus a scalar
/// tail.
#[test]
fn dense_odd_sizes_vector_body_and_scalar_tail() {
    for dtype in [DType::F32, DType::F16, DType::I32] {
        for shape in [vec![3u64, 5, 7], vec![1001], vec![2, 2]] {
            chain(&shape, &shape, dtype);
        }
    }
}

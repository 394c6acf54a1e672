//! Device tests of reductions (sum / max / min / mean over every axis set) and softmax on the
//! default Vulkan device against the reference interpreter.

mod lowering_common;
use kiln::frontend::{builder::lowest, DType, FunctionBuilder, ScalarOp};
use lowering_common::*;

#[derive(Clone, Copy)]
enum Kind {
    Sum,
    Max,
    Min,
    Mean,
}

fn reduce(shape: &[u64], dims: &[usize], kind: Kind, dtype: DType) {
    let float = dtype.is_float();
    let mut b = FunctionBuilder::new("main");
    let x = b.argument(tensor_type(shape, dtype));
    let r = match kind {
        Kind::Sum | Kind::Mean => b.reduce(
            x,
            dims,
            if float {
                ScalarOp::AddF
            } else {
                ScalarOp::AddI
            },
            0.0,
        ),
        Kind::Max => b.reduce(
            x,
            dims,
            if float {
                ScalarOp::MaximumF
            } else {
                ScalarOp::MaxSI
            },
            lowest(dtype),
        ),
        Kind::Min => b.reduce(
            x,
            dims,
            if float {
                ScalarOp::MinimumF
            } else {
                ScalarOp::MinSI
            },
            -lowest(dtype),
        ),
    }
    .unwrap();
    let r = if let Kind::Mean = kind {
        let count: u64 = dims.iter().map(|&d| shape[d]).product();
        let t = b.tensor_type(r);
        let c = b
            .splat_constant(
                kiln::frontend::TensorType::new(vec![], t.dtype),
                count as f64,
            )
            .unwrap();
        b.elementwise(ScalarOp::DivF, &[r, c]).unwrap()
    } else {
        r
    };
    let f = b.finish(vec![r]).unwrap();
    let s: Vec<usize> = shape.iter().map(|&d| d as usize).collect();
    let (rtol, atol) = match dtype {
        DType::F16 => (1e-2, 1e-2),
        DType::F32 => (1e-5, 1e-5),
        _ => (0.0, 0.0),
    };
    check(f, &[random_input(&s, dtype, 11)], rtol, atol);
}

macro_rules! reduction_tests {
    ($($name:ident: $shape:expr, $dims:expr;)*) => {
        mod sum_f32 { use super::*; $(#[test] fn $name() { reduce(&$shape, &$dims, Kind::Sum, DType::F32) })* }
        mod max_f32 { use super::*; $(#[test] fn $name() { reduce(&$shape, &$dims, Kind::Max, DType::F32) })* }
        mod min_i32 { use super::*; $(#[test] fn $name() { reduce(&$shape, &$dims, Kind::Min, DType::I32) })* }
        mod mean_f32 { use super::*; $(#[test] fn $name() { reduce(&$shape, &$dims, Kind::Mean, DType::F32) })* }
        mod sum_f16 { use super::*; $(#[test] fn $name() { reduce(&$shape, &$dims, Kind::Sum, DType::F16) })* }
    };
}

reduction_tests! {
    rows: [37, 300], [1];
    columns: [37, 300], [0];
    all_2d: [37, 300], [0, 1];
    middle_axis: [4, 33, 5], [1];
    outer_and_inner: [4, 33, 5], [0, 2];
    innermost_of_4d: [2, 3, 4, 129], [3];
    long_row: [3, 5000], [1];
    row_multiple_of_workgroup: [5, 4096], [1];
}

fn softmax(shape: &[u64], dimension: usize, dtype: DType) {
    let mut b = FunctionBuilder::new("main");
    let x = b.argument(tensor_type(shape, dtype));
    let r = b.softmax(x, dimension).unwrap();
    let f = b.finish(vec![r]).unwrap();
    let s: Vec<usize> = shape.iter().map(|&d| d as usize).collect();
    let (rtol, atol) = if dtype == DType::F16 {
        (5e-3, 1e-3)
    } else {
        (1e-5, 1e-6)
    };
    check(f, &[random_input(&s, dtype, 12)], rtol, atol);
}

#[test]
fn softmax_rows_fit_a_workgroup() {
    softmax(&[16, 100], 1, DType::F32);
}
#[test]
fn softmax_long_rows() {
    softmax(&[4, 3000], 1, DType::F32);
}
#[test]
fn softmax_inner_axis_of_3d_f16() {
    softmax(&[3, 5, 77], 2, DType::F16);
}
#[test]
fn softmax_outer_axis() {
    softmax(&[50, 6], 0, DType::F32);
}

#[test]
fn softmax_rows_multiple_of_the_workgroup() {
    softmax(&[3, 2048], 1, DType::F32);
}

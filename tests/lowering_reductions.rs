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

// ---- The row strategies: a subgroup per row (short rows), a workgroup per row sized from the
// row length, vec4 chunks where the row is a multiple of 4 and aligned, scalar otherwise, and
// softmax with the row held in registers. lavapipe has subgroups of 8, so a subgroup takes
// rows of up to 256 elements (32 per lane), a workgroup up to 256 invocations.

fn sum_rows(shape: &[u64], dims: &[usize], dtype: DType) -> kiln::frontend::Function {
    let mut b = FunctionBuilder::new("main");
    let x = b.argument(tensor_type(shape, dtype));
    let op = if dtype.is_float() {
        ScalarOp::AddF
    } else {
        ScalarOp::AddI
    };
    let r = b.reduce(x, dims, op, 0.0).unwrap();
    b.finish(vec![r]).unwrap()
}

fn check_sum(shape: &[u64], dims: &[usize], dtype: DType) {
    let s: Vec<usize> = shape.iter().map(|&d| d as usize).collect();
    let (rtol, atol) = match dtype {
        DType::F16 => (1e-2, 1e-2),
        DType::F32 => (1e-5, 1e-5),
        _ => (0.0, 0.0),
    };
    check(
        sum_rows(shape, dims, dtype),
        &[random_input(&s, dtype, 21)],
        rtol,
        atol,
    );
}

/// The SPIR-V text of every dispatch of `f` compiled for `preset`, each module through
/// spirv-val.
fn dispatch_texts(f: &kiln::frontend::Function, preset: &str) -> Vec<String> {
    let module = kiln::frontend::Module {
        functions: vec![f.clone()],
    };
    let env = kiln::spirv_ir::TargetEnv::preset(preset).unwrap();
    let options = kiln::lowering::PassOptions {
        verify_each: true,
        ..Default::default()
    };
    let program = kiln::lowering::compile(&module, &env, &options)
        .unwrap_or_else(|e| panic!("compile for {preset}: {e}"));
    program
        .dispatches
        .iter()
        .map(|d| {
            kiln::spirv_ir::validate_with_spirv_val(&d.spirv, &env.spirv_val_target_env())
                .unwrap_or_else(|e| panic!("{} on {preset}: {e}", d.name));
            kiln::spirv_ir::disassemble_to_text(&d.spirv).unwrap()
        })
        .collect()
}

/// Like `check`, compiled for the llvmpipe preset with its device type set to a discrete GPU,
/// so that lavapipe runs the strategies chosen for GPUs (on CPUs every long row reduction goes
/// one per subgroup and column reductions stay serial; GPUs with few long rows use a workgroup
/// per row, and long columns a workgroup per column tile).
fn check_as_gpu(
    function: kiln::frontend::Function,
    inputs: &[kiln::HostTensor],
    rtol: f64,
    atol: f64,
) {
    let texts = check_with(
        function,
        inputs,
        rtol,
        atol,
        &llvmpipe_as_gpu(),
        kiln::lowering::PassOptions::default(),
    );
    let barriers = texts
        .iter()
        .filter(|t| t.contains("ControlBarrier"))
        .count();
    assert!(
        barriers > 0,
        "expected a workgroup per row or per column tile (a barrier)"
    );
}

/// Row sums (and softmax) with a workgroup per row, as a GPU with few long rows gets them.
mod workgroup_rows_as_gpu {
    use super::*;

    fn sum(shape: &[u64], dtype: DType) {
        let s: Vec<usize> = shape.iter().map(|&d| d as usize).collect();
        let (rtol, atol) = match dtype {
            DType::F16 => (1e-2, 1e-2),
            DType::F32 => (1e-5, 1e-5),
            _ => (0.0, 0.0),
        };
        check_as_gpu(
            sum_rows(shape, &[1], dtype),
            &[random_input(&s, dtype, 22)],
            rtol,
            atol,
        );
    }
    #[test]
    fn remainder_only() {
        // 257 vec4 chunks: a workgroup of 128, no full unrolled trip, a remainder loop.
        sum(&[9, 1028], DType::F32);
    }
    #[test]
    fn full_trips_and_remainder() {
        sum(&[2, 8200], DType::F32);
        sum(&[2, 8201], DType::F32);
        sum(&[3, 4096], DType::I32);
        sum(&[3, 2000], DType::F16);
    }
    #[test]
    fn softmax_in_registers() {
        // 250 vec4 chunks over 128 invocations (2 each, the last partial), and 1001 scalars
        // over 128 (8 each).
        for n in [1000u64, 1001] {
            let mut b = FunctionBuilder::new("main");
            let x = b.argument(tensor_type(&[3, n], DType::F32));
            let r = b.softmax(x, 1).unwrap();
            let f = b.finish(vec![r]).unwrap();
            check_as_gpu(
                f,
                &[random_input(&[3, n as usize], DType::F32, 26)],
                1e-5,
                1e-6,
            );
        }
    }
    #[test]
    fn softmax_streamed() {
        for n in [10000u64, 9999] {
            let mut b = FunctionBuilder::new("main");
            let x = b.argument(tensor_type(&[2, n], DType::F32));
            let r = b.softmax(x, 1).unwrap();
            let f = b.finish(vec![r]).unwrap();
            check_as_gpu(
                f,
                &[random_input(&[2, n as usize], DType::F32, 23)],
                1e-5,
                1e-6,
            );
        }
    }
}

mod row_strategies {
    use super::*;

    #[test]
    fn one_row_vec4() {
        check_sum(&[1, 4096], &[1], DType::F32);
    }
    #[test]
    fn one_short_odd_row() {
        check_sum(&[1, 7], &[1], DType::F32);
    }
    #[test]
    fn short_odd_rows_subgroup() {
        // 7 is neither a multiple of 4 nor of the subgroup size; 33 rows leave a partial group.
        check_sum(&[33, 7], &[1], DType::F32);
    }
    #[test]
    fn short_rows_vec4_subgroup() {
        check_sum(&[100, 64], &[1], DType::F32);
    }
    #[test]
    fn rows_past_a_subgroup_only_remainder() {
        // 257 vec4 chunks: a workgroup of 128, no full unrolled trip, a remainder loop.
        check_sum(&[9, 1028], &[1], DType::F32);
    }
    #[test]
    fn long_rows_full_trips_and_remainder_vec4() {
        check_sum(&[2, 8200], &[1], DType::F32);
    }
    #[test]
    fn long_rows_full_trips_and_remainder_scalar() {
        check_sum(&[2, 8201], &[1], DType::F32);
    }
    #[test]
    fn many_rows_of_a_3d_tensor() {
        // Rows delinearized over a 2-D output.
        check_sum(&[4, 6, 40], &[2], DType::F32);
    }
    #[test]
    fn two_innermost_dims_vec4() {
        check_sum(&[3, 8, 12], &[1, 2], DType::F32);
    }
    #[test]
    fn two_innermost_dims_scalar() {
        check_sum(&[3, 5, 7], &[1, 2], DType::F32);
    }
    #[test]
    fn f16_rows() {
        check_sum(&[5, 1000], &[1], DType::F16);
        check_sum(&[6, 30], &[1], DType::F16);
    }
    #[test]
    fn i32_rows() {
        check_sum(&[17, 300], &[1], DType::I32);
        check_sum(&[3, 301], &[1], DType::I32);
    }
    #[test]
    fn max_of_rows() {
        reduce(&[13, 999], &[1], Kind::Max, DType::F32);
        reduce(&[13, 1000], &[1], Kind::Min, DType::I32);
    }

    /// A fused producer with a broadcast operand: sum_j (x[i, j]^2 + b[j]).
    fn sum_of_squares_plus_bias(m: u64, n: u64) {
        let mut b = FunctionBuilder::new("main");
        let x = b.argument(tensor_type(&[m, n], DType::F32));
        let bias = b.argument(tensor_type(&[n], DType::F32));
        let sq = b.elementwise(ScalarOp::MulF, &[x, x]).unwrap();
        let y = b.elementwise(ScalarOp::AddF, &[sq, bias]).unwrap();
        let r = b.reduce(y, &[1], ScalarOp::AddF, 0.0).unwrap();
        let f = b.finish(vec![r]).unwrap();
        let inputs = [
            random_input(&[m as usize, n as usize], DType::F32, 31),
            random_input(&[n as usize], DType::F32, 32),
        ];
        check(f, &inputs, 1e-5, 1e-5);
    }
    #[test]
    fn fused_producer_vec4() {
        sum_of_squares_plus_bias(10, 1024);
    }
    #[test]
    fn fused_producer_scalar() {
        sum_of_squares_plus_bias(10, 1023);
    }

    #[test]
    fn softmax_one_row() {
        softmax(&[1, 64], 1, DType::F32);
    }
    #[test]
    fn softmax_short_rows_subgroup_vec4() {
        // 25 vec4 chunks over 8 lanes: the last chunk of most lanes lies past the row.
        softmax(&[19, 100], 1, DType::F32);
    }
    #[test]
    fn softmax_many_rows_vec4() {
        softmax(&[37, 256], 1, DType::F32);
    }
    #[test]
    fn softmax_odd_rows_scalar() {
        softmax(&[5, 77], 1, DType::F32);
        softmax(&[7, 3], 1, DType::F32);
    }
    #[test]
    fn softmax_workgroup_rows_in_registers() {
        softmax(&[3, 1000], 1, DType::F32);
        softmax(&[3, 1001], 1, DType::F32);
    }
    #[test]
    fn softmax_rows_too_long_for_registers() {
        softmax(&[2, 10000], 1, DType::F32);
    }
    #[test]
    fn softmax_f16_rows() {
        softmax(&[6, 200], 1, DType::F16);
        softmax(&[4, 33], 1, DType::F16);
        softmax(&[2, 3, 64], 2, DType::F16);
    }
    #[test]
    fn softmax_of_a_fused_producer() {
        for n in [128u64, 30] {
            let mut b = FunctionBuilder::new("main");
            let x = b.argument(tensor_type(&[9, n], DType::F32));
            let bias = b.argument(tensor_type(&[n], DType::F32));
            let y = b.elementwise(ScalarOp::AddF, &[x, bias]).unwrap();
            let r = b.softmax(y, 1).unwrap();
            let f = b.finish(vec![r]).unwrap();
            let inputs = [
                random_input(&[9, n as usize], DType::F32, 41),
                random_input(&[n as usize], DType::F32, 42),
            ];
            check(f, &inputs, 1e-5, 1e-6);
        }
    }

    /// The strategies themselves, in the emitted SPIR-V of every preset (each module through
    /// spirv-val): subgroup rows use subgroup arithmetic and no barrier; vec4 rows load vec4.
    #[test]
    fn strategies_in_the_spirv_of_every_preset() {
        let softmax_fn = |shape: &[u64]| {
            let mut b = FunctionBuilder::new("main");
            let x = b.argument(tensor_type(shape, DType::F32));
            let r = b.softmax(x, shape.len() - 1).unwrap();
            b.finish(vec![r]).unwrap()
        };
        let cases = [
            ("row sum 64x1024", sum_rows(&[64, 1024], &[1], DType::F32)),
            ("row sum 33x7", sum_rows(&[33, 7], &[1], DType::F32)),
            ("row sum 2x8201", sum_rows(&[2, 8201], &[1], DType::F32)),
            ("row sum f16 5x1000", sum_rows(&[5, 1000], &[1], DType::F16)),
            ("softmax 64x1024", softmax_fn(&[64, 1024])),
            ("softmax 64x512", softmax_fn(&[64, 512])),
            ("softmax 5x77", softmax_fn(&[5, 77])),
            ("softmax 3x3000", softmax_fn(&[3, 3000])),
        ];
        for preset in ["llvmpipe", "nvidia-h200", "vulkan1.1"] {
            for (name, f) in &cases {
                let texts = dispatch_texts(f, preset);
                assert_eq!(texts.len(), 1, "{name} on {preset}");
                let text = &texts[0];
                let vec4 = text.contains("vector<4 x f32>");
                let barrier = text.contains("ControlBarrier");
                let subgroup = text.contains("GroupNonUniformFAdd");
                match (preset, *name) {
                    // A subgroup (32 lanes) per row: 8 vec4 per lane summed, 4 held, no barrier.
                    ("nvidia-h200", "row sum 64x1024" | "softmax 64x512") => {
                        assert!(vec4 && subgroup && !barrier, "{name} on {preset}:\n{text}")
                    }
                    // Held rows of 1024: a workgroup (128 lanes, 2 vec4 each) per row.
                    ("nvidia-h200", "softmax 64x1024") => {
                        assert!(vec4 && subgroup && barrier, "{name} on {preset}:\n{text}")
                    }
                    ("nvidia-h200", "row sum 33x7" | "softmax 5x77") => {
                        assert!(!vec4 && subgroup && !barrier, "{name} on {preset}:\n{text}")
                    }
                    // No subgroup arithmetic: workgroup trees with barriers.
                    ("vulkan1.1", _) => assert!(barrier && !subgroup, "{name} on {preset}"),
                    _ => {}
                }
            }
        }
    }
}

/// A symbolic number of rows (a push constant) with a static row length: the row strategies
/// guard the rows past the end of the last workgroup.
#[test]
fn symbolic_rows_sum_and_softmax() {
    use kiln::frontend::{Dim, TensorType, Type};
    for n in [40u64, 1030] {
        let mut b = FunctionBuilder::new("main");
        let x = b.argument(Type::Tensor(TensorType::new(
            vec![Dim::Symbol("B".into()), Dim::Static(n)],
            DType::F32,
        )));
        let r = b.reduce(x, &[1], ScalarOp::AddF, 0.0).unwrap();
        let s = b.softmax(x, 1).unwrap();
        let f = b.finish(vec![r, s]).unwrap();
        for rows in [1usize, 19] {
            check(
                f.clone(),
                &[random_input(
                    &[rows, n as usize],
                    DType::F32,
                    50 + rows as u64,
                )],
                1e-5,
                1e-6,
            );
        }
    }
}

/// Softmax rows too long for registers are read twice (online max and rescaled sum, then the
/// write); rows with -inf entries (a mask) at the start of a lane's chunks stay finite.
mod softmax_streaming {
    use super::*;
    use kiln::frontend::Tensor;
    use kiln::HostTensor;

    #[test]
    fn long_rows_vec4_and_scalar() {
        softmax(&[2, 10000], 1, DType::F32);
        softmax(&[3, 9999], 1, DType::F32);
    }
    #[test]
    fn long_rows_f16() {
        softmax(&[2, 8200], 1, DType::F16);
    }

    fn masked(rows: usize, n: usize) {
        let mut b = FunctionBuilder::new("main");
        let x = b.argument(tensor_type(&[rows as u64, n as u64], DType::F32));
        let r = b.softmax(x, 1).unwrap();
        let f = b.finish(vec![r]).unwrap();
        let mut data = random_input(&[rows, n], DType::F32, 61).to_reference().data;
        for (i, v) in data.iter_mut().enumerate() {
            // Masks the first elements of each row (the first chunks of the first lanes) and
            // every 7th element.
            if i % n < 40 || i % 7 == 0 {
                *v = f64::NEG_INFINITY;
            }
        }
        let input = HostTensor::from_reference(&Tensor::new(DType::F32, data));
        check(f, &[input], 1e-5, 1e-6);
    }
    #[test]
    fn masked_rows_in_registers() {
        masked(5, 256);
        masked(3, 1000);
    }
    #[test]
    fn masked_rows_streamed() {
        masked(2, 10000);
    }
}

/// f16 softmax computes in f32 and rounds once at the store, so over rows of 4096 (outputs
/// around 1e-3) it stays within one f16 ulp of the rounded f64 reference. Computed in f16 the
/// sums round at every addition: on lavapipe (seed 12) the row strategies were 1.9e-6 to 3.8e-6
/// off (2 to 4 times the tolerance) and the serial outer-axis one 1.1e-4 (10% relative).
mod softmax_f16_sums_in_f32 {
    use super::*;

    /// About one f16 ulp (2^-20) of outputs in [2^-10, 2^-9): the rows' largest here are ~1.01e-3.
    const ONE_ULP: f64 = 1e-6;

    fn f16_softmax(
        shape: &[u64],
        dimension: usize,
    ) -> (kiln::frontend::Function, kiln::HostTensor) {
        let mut b = FunctionBuilder::new("main");
        let x = b.argument(tensor_type(shape, DType::F16));
        let r = b.softmax(x, dimension).unwrap();
        let s: Vec<usize> = shape.iter().map(|&d| d as usize).collect();
        (b.finish(vec![r]).unwrap(), random_input(&s, DType::F16, 12))
    }
    #[test]
    fn streamed_rows() {
        // lavapipe (a CPU device): a subgroup per row, streamed, vec4 and scalar chunks.
        for n in [4096, 4095] {
            let (f, x) = f16_softmax(&[8, n], 1);
            check(f, &[x], 0.0, ONE_ULP);
        }
    }
    #[test]
    fn rows_in_registers() {
        // As a GPU: a workgroup per row, the row in registers.
        for n in [4096, 4095] {
            let (f, x) = f16_softmax(&[8, n], 1);
            check_as_gpu(f, &[x], 0.0, ONE_ULP);
        }
    }
    #[test]
    fn outer_axis() {
        // A thread per row, one serial sum of 4096 exponentials.
        let (f, x) = f16_softmax(&[4096, 3], 0);
        check(f, &[x], 0.0, ONE_ULP);
    }
}

/// A symbolic row length (a push constant): scalar chunks, 4 accumulators and a remainder loop
/// with runtime trip counts; softmax streamed twice.
#[test]
fn symbolic_row_length_sum_max_and_softmax() {
    use kiln::frontend::{Dim, TensorType, Type};
    let mut b = FunctionBuilder::new("main");
    let x = b.argument(Type::Tensor(TensorType::new(
        vec![Dim::Static(5), Dim::Symbol("N".into())],
        DType::F32,
    )));
    let sum = b.reduce(x, &[1], ScalarOp::AddF, 0.0).unwrap();
    let max = b
        .reduce(x, &[1], ScalarOp::MaximumF, lowest(DType::F32))
        .unwrap();
    let s = b.softmax(x, 1).unwrap();
    let f = b.finish(vec![sum, max, s]).unwrap();
    for n in [1usize, 7, 1000, 5003] {
        check(
            f.clone(),
            &[random_input(&[5, n], DType::F32, 70 + n as u64)],
            1e-5,
            1e-6,
        );
        check_as_gpu(
            f.clone(),
            &[random_input(&[5, n], DType::F32, 80 + n as u64)],
            1e-5,
            1e-6,
        );
    }
}

/// More shapes and dtypes of the row strategies through spirv-val on every preset (no device):
/// f16 rows, rows of 2-D outputs, two reduced dims, i32 max, fused producers, long and dynamic
/// rows.
#[test]
fn row_strategies_validate_on_every_preset() {
    use kiln::frontend::{Dim, TensorType, Type};
    let softmax_of = |ty: Type, dim: usize| {
        let mut b = FunctionBuilder::new("main");
        let x = b.argument(ty);
        let r = b.softmax(x, dim).unwrap();
        b.finish(vec![r]).unwrap()
    };
    let dynamic = |rows: Dim, n: Dim| Type::Tensor(TensorType::new(vec![rows, n], DType::F32));
    let mut cases = vec![
        sum_rows(&[64, 1024], &[1], DType::F16),
        sum_rows(&[4, 6, 40], &[2], DType::F32),
        sum_rows(&[3, 8, 12], &[1, 2], DType::F32),
        sum_rows(&[3, 5, 7], &[1, 2], DType::I32),
        sum_rows(&[4096, 4096], &[1], DType::F32),
        sum_rows(&[8, 100000], &[1], DType::F32),
        softmax_of(tensor_type(&[64, 1024], DType::F16), 1),
        softmax_of(tensor_type(&[2, 3, 64], DType::F32), 2),
        softmax_of(tensor_type(&[4, 20000], DType::F16), 1),
        softmax_of(dynamic(Dim::Static(4), Dim::Symbol("N".into())), 1),
        softmax_of(dynamic(Dim::Symbol("B".into()), Dim::Static(1000)), 1),
    ];
    let mut b = FunctionBuilder::new("main");
    let x = b.argument(dynamic(Dim::Static(4), Dim::Symbol("N".into())));
    let r = b
        .reduce(x, &[1], ScalarOp::MaximumF, lowest(DType::F32))
        .unwrap();
    cases.push(b.finish(vec![r]).unwrap());
    let mut b = FunctionBuilder::new("main");
    let x = b.argument(tensor_type(&[9, 128], DType::F32));
    let bias = b.argument(tensor_type(&[128], DType::F32));
    let y = b.elementwise(ScalarOp::AddF, &[x, bias]).unwrap();
    let r = b.softmax(y, 1).unwrap();
    cases.push(b.finish(vec![r]).unwrap());
    for preset in ["llvmpipe", "nvidia-h200", "vulkan1.1"] {
        for f in &cases {
            assert!(!dispatch_texts(f, preset).is_empty());
        }
    }
}

/// Column reductions (the innermost dim is kept, outer dims reduced): a workgroup per tile of
/// columns, slices of the reduced range added in Workgroup memory after one barrier.
mod column_strategy {
    use super::*;

    fn check_sum_as_gpu(shape: &[u64], dims: &[usize], dtype: DType) {
        let s: Vec<usize> = shape.iter().map(|&d| d as usize).collect();
        let (rtol, atol) = match dtype {
            DType::F16 => (1e-2, 1e-2),
            DType::F32 => (1e-5, 1e-5),
            _ => (0.0, 0.0),
        };
        check_as_gpu(
            sum_rows(shape, dims, dtype),
            &[random_input(&s, dtype, 24)],
            rtol,
            atol,
        );
    }
    fn max_as_gpu(shape: &[u64]) {
        let mut b = FunctionBuilder::new("main");
        let x = b.argument(tensor_type(shape, DType::F32));
        let r = b
            .reduce(x, &[0], ScalarOp::MaximumF, lowest(DType::F32))
            .unwrap();
        let f = b.finish(vec![r]).unwrap();
        let s: Vec<usize> = shape.iter().map(|&d| d as usize).collect();
        check_as_gpu(f, &[random_input(&s, DType::F32, 25)], 0.0, 0.0);
    }

    #[test]
    fn columns_vec4_and_scalar() {
        check_sum_as_gpu(&[1000, 300], &[0], DType::F32);
        check_sum_as_gpu(&[999, 301], &[0], DType::F32);
        check_sum_as_gpu(&[600, 1], &[0], DType::F32);
    }
    #[test]
    fn slices_divide_the_reduced_range() {
        // A constant trip count per slice: 1024 rows over 32 slices, 512 over 8.
        check_sum_as_gpu(&[1024, 64], &[0], DType::F32);
        check_sum_as_gpu(&[512, 33], &[0], DType::F32);
    }
    #[test]
    fn middle_axis_with_outer_output_dims() {
        check_sum_as_gpu(&[3, 500, 7], &[1], DType::F32);
        check_sum_as_gpu(&[200, 4, 64], &[0], DType::F32);
    }
    #[test]
    fn two_outer_reduced_dims() {
        check_sum_as_gpu(&[50, 30, 12], &[0, 1], DType::F32);
    }
    #[test]
    fn other_dtypes_and_combiners() {
        check_sum_as_gpu(&[300, 40], &[0], DType::F16);
        check_sum_as_gpu(&[300, 41], &[0], DType::I32);
        max_as_gpu(&[500, 33]);
    }
    #[test]
    fn fused_producer() {
        let mut b = FunctionBuilder::new("main");
        let x = b.argument(tensor_type(&[400, 64], DType::F32));
        let sq = b.elementwise(ScalarOp::MulF, &[x, x]).unwrap();
        let r = b.reduce(sq, &[0], ScalarOp::AddF, 0.0).unwrap();
        let f = b.finish(vec![r]).unwrap();
        check_as_gpu(f, &[random_input(&[400, 64], DType::F32, 91)], 1e-5, 1e-5);
    }
    #[test]
    fn symbolic_batch_reduced() {
        use kiln::frontend::{Dim, TensorType, Type};
        let mut b = FunctionBuilder::new("main");
        let x = b.argument(Type::Tensor(TensorType::new(
            vec![Dim::Symbol("B".into()), Dim::Static(24)],
            DType::F32,
        )));
        let r = b.reduce(x, &[0], ScalarOp::AddF, 0.0).unwrap();
        let f = b.finish(vec![r]).unwrap();
        for rows in [1usize, 130] {
            check_as_gpu(
                f.clone(),
                &[random_input(&[rows, 24], DType::F32, 92 + rows as u64)],
                1e-5,
                1e-5,
            );
        }
    }
    #[test]
    fn validates_on_every_preset() {
        for f in [
            sum_rows(&[1000, 300], &[0], DType::F32),
            sum_rows(&[3, 500, 7], &[1], DType::F16),
            sum_rows(&[4096, 4096], &[0], DType::F32),
        ] {
            for preset in ["llvmpipe", "nvidia-h200", "vulkan1.1"] {
                let texts = dispatch_texts(&f, preset);
                // Serial on the CPU preset, column tiles with a barrier on the others.
                let barrier = texts.iter().all(|t| t.contains("ControlBarrier"));
                assert_eq!(barrier, preset != "llvmpipe", "{preset}");
            }
        }
    }
}

/// `--precision f16`: an NHWC max pool of a ReLU's f16 output is computed in f16 from its init
/// on (`reduce-precision`: its result is one of its elements), here as a column reduction
/// (lavapipe posing as a GPU: slices of each 3x3 window meet in workgroup memory, f16 partials;
/// 62 channels, so that no vec4 variant takes the serial strategy instead),
/// against the interpreter on the f32 function (the ReLU's output rounded to f16 is the only
/// error: half an f16 ulp of the largest output).
#[test]
fn f16_max_pool_column_reduction_as_gpu() {
    let text = "#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>\n\
        func.func @main(%x: tensor<2x17x17x62xf32>) -> tensor<2x8x8x62xf32> {\n\
          %zero = arith.constant 0.0 : f32\n\
          %half = arith.constant 0.5 : f32\n\
          %e = tensor.empty() : tensor<2x17x17x62xf32>\n\
          %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = [\"parallel\", \"parallel\", \"parallel\", \"parallel\"]} ins(%x : tensor<2x17x17x62xf32>) outs(%e : tensor<2x17x17x62xf32>) {\n\
          ^bb0(%a: f32, %o: f32):\n\
            %m = arith.maximumf %a, %zero : f32\n\
            linalg.yield %m : f32\n\
          } -> tensor<2x17x17x62xf32>\n\
          %ninf = arith.constant 0xFF800000 : f32\n\
          %pe = tensor.empty() : tensor<2x8x8x62xf32>\n\
          %pf = linalg.fill ins(%ninf : f32) outs(%pe : tensor<2x8x8x62xf32>) -> tensor<2x8x8x62xf32>\n\
          %win = tensor.empty() : tensor<3x3xf32>\n\
          %pool = linalg.pooling_nhwc_max {strides = dense<2> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%r, %win : tensor<2x17x17x62xf32>, tensor<3x3xf32>) outs(%pf : tensor<2x8x8x62xf32>) -> tensor<2x8x8x62xf32>\n\
          %s = linalg.generic {indexing_maps = [#id, #id], iterator_types = [\"parallel\", \"parallel\", \"parallel\", \"parallel\"]} ins(%pool : tensor<2x8x8x62xf32>) outs(%pe : tensor<2x8x8x62xf32>) {\n\
          ^bb0(%a: f32, %o: f32):\n\
            %m = arith.mulf %a, %half : f32\n\
            linalg.yield %m : f32\n\
          } -> tensor<2x8x8x62xf32>\n\
          return %s : tensor<2x8x8x62xf32>\n\
        }\n";
    let f = kiln::frontend::parse_mlir(text)
        .unwrap()
        .functions
        .into_iter()
        .next()
        .unwrap();
    let inputs = [random_input(&[2, 17, 17, 62], DType::F32, 71)];
    let options = kiln::lowering::PassOptions {
        precision: kiln::Precision::F16,
        ..Default::default()
    };
    let texts = check_with(f, &inputs, 1e-3, 0.0, &llvmpipe_as_gpu(), options);
    assert!(
        texts.iter().any(|t| t.contains("ControlBarrier")),
        "a column reduction (slices meeting in workgroup memory)"
    );
}

/// Issue 41: a row reduction through subgroups records the subgroup size it was laid out for
/// (the target's); `Session::load` of the program (no artifact check on this path) refuses it
/// on a device whose subgroups have another size, naming the dispatch, the size and the
/// device's range, while the same reduction compiled for llvmpipe runs and sums right.
mod subgroup_size_at_load {
    use super::*;
    use kiln::lowering::{compile, PassOptions};

    // Shared with `tests/cli.rs artifacts_laid_out_for_another_subgroup_size_are_refused`.
    const ROWS: &str = include_str!("lowering_common/row_sums_64x1024.mlir");

    fn program_for(preset: &str) -> kiln::lowering::CompiledProgram {
        let module = kiln::frontend::Module {
            functions: vec![parse_function(ROWS)],
        };
        let env = kiln::spirv_ir::TargetEnv::preset(preset).unwrap();
        compile(&module, &env, &PassOptions::default()).unwrap()
    }

    #[test]
    fn programs_for_another_subgroup_size_are_refused_at_load() {
        let program = program_for("nvidia-h200");
        let dispatch = &program.dispatches[0];
        assert_eq!(
            dispatch.required_subgroup_size,
            Some(32),
            "{}",
            dispatch.name
        );
        let session = kiln::Session::default_device().expect("a Vulkan device");
        let subgroup = session.device().info().subgroup.clone();
        let (min, max) = (subgroup.min_size, subgroup.max_size);
        match session.load(&program) {
            Ok(executable) => {
                // Only a device that has (or may pin) subgroups of 32 runs it, and then right.
                assert!(
                    (min..=max).contains(&32),
                    "loaded on subgroups of {min}-{max}"
                );
                let x = random_input(&[64, 1024], DType::F32, 41);
                let got = executable.run(std::slice::from_ref(&x)).unwrap();
                let want =
                    kiln::frontend::interpret_function(&parse_function(ROWS), &[x.to_reference()])
                        .unwrap();
                let (got, want) = (got[0].to_reference(), &want[0]);
                for (g, w) in got.data.iter().zip(want.data.iter()) {
                    assert!((g - w).abs() <= 1e-4 * w.abs().max(1.0), "{g} vs {w}");
                }
            }
            Err(error) => {
                let message = error.to_string();
                assert!(
                    message.contains(&format!(
                        "kernel `{}`: laid out for subgroups of 32 invocations, the device's \
                         subgroups have {min}-{max} invocations",
                        dispatch.name
                    )),
                    "{message}"
                );
            }
        }
    }

    #[test]
    fn programs_for_the_device_record_its_size_and_run() {
        let program = program_for("llvmpipe");
        assert_eq!(program.dispatches[0].required_subgroup_size, Some(8));
        let x = random_input(&[64, 1024], DType::F32, 42);
        check(parse_function(ROWS), &[x], 2e-5, 1e-6);
    }
}

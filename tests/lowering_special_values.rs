//! Device tests (issue 26, finding 2): NaN, infinities, zeros and negative bases through the
//! elementwise ops whose GLSL.std.450 instructions are undefined there (Pow for x < 0 or x = 0,
//! FMax / FMin with a NaN). The device must agree with the reference interpreter (C's `pow`, a
//! NaN-propagating maximumf / minimumf, as numpy and onnxruntime) element by element: a NaN
//! where the reference has a NaN, the same infinity, and finite values within a relative bound.

mod lowering_common;
use kiln::frontend::{DType, Function, FunctionBuilder, Module, ScalarOp, Tensor};
use kiln::lowering::{compile, PassOptions};
use kiln::{HostTensor, Session};
use lowering_common::tensor_type;
use ndarray::{ArrayD, IxDyn};
use rand::{Rng, SeedableRng};

const NAN: f64 = f64::NAN;
const INF: f64 = f64::INFINITY;

fn host(shape: &[usize], dtype: DType, values: Vec<f64>) -> HostTensor {
    let data = ArrayD::from_shape_vec(IxDyn(shape), values).unwrap();
    HostTensor::from_reference(&Tensor::new(dtype, data.mapv(|x| dtype.round(x))))
}

/// Runs `function` on the device and on the interpreter; NaN / Inf positions must match exactly,
/// finite values within `rtol` of each value (plus `atol`).
fn check_exact_specials(function: Function, inputs: &[HostTensor], rtol: f64, atol: f64) {
    check_specials(function, inputs, rtol, atol, false)
}

/// [`check_exact_specials`]; with `signed_zeros`, a zero must also have the reference's sign.
fn check_specials(
    function: Function,
    inputs: &[HostTensor],
    rtol: f64,
    atol: f64,
    signed_zeros: bool,
) {
    let reference: Vec<Tensor> = inputs.iter().map(HostTensor::to_reference).collect();
    let expected =
        kiln::frontend::interpret_function(&function, &reference).expect("reference interpreter");
    let module = Module {
        functions: vec![function],
    };
    let env = kiln::spirv_ir::TargetEnv::preset("llvmpipe").unwrap();
    let options = PassOptions {
        verify_each: true,
        ..PassOptions::default()
    };
    let program = compile(&module, &env, &options).unwrap_or_else(|e| panic!("compile: {e}"));
    for d in &program.dispatches {
        kiln::spirv_ir::validate_with_spirv_val(&d.spirv, &env.spirv_val_target_env())
            .unwrap_or_else(|e| panic!("{}: {e}", d.name));
    }
    let session = Session::default_device()
        .unwrap_or_else(|e| panic!("no Vulkan device for the device tests: {e}"));
    let outputs = session.load(&program).unwrap().run(inputs).unwrap();
    let flat_inputs: Vec<Vec<f64>> = reference
        .iter()
        .map(|t| t.data.iter().copied().collect())
        .collect();
    for (got, want) in outputs.iter().zip(&expected) {
        let got = got.to_reference();
        assert_eq!(got.data.shape(), want.data.shape());
        let mut bad = Vec::new();
        for (j, (&g, &w)) in got.data.iter().zip(want.data.iter()).enumerate() {
            let ok = if signed_zeros && w == 0.0 {
                g == 0.0 && g.is_sign_negative() == w.is_sign_negative()
            } else if w.is_finite() && g.is_finite() {
                (g - w).abs() <= rtol * w.abs() + atol
            } else {
                (g.is_nan() && w.is_nan()) || g == w
            };
            if !ok {
                bad.push(format!("element {j}: device {g}, reference {w}"));
            }
        }
        assert!(
            bad.is_empty(),
            "{} mismatches, inputs {flat_inputs:?}:\n{}",
            bad.len(),
            bad.join("\n")
        );
    }
}

/// out[i, j] = op(x[i], y[j]) over every pair of the given values (x as a column, y as a row).
fn outer(op: ScalarOp, xs: &[f64], ys: &[f64], dtype: DType, rtol: f64) {
    let mut b = FunctionBuilder::new("main");
    let x = b.argument(tensor_type(&[xs.len() as u64, 1], dtype));
    let y = b.argument(tensor_type(&[ys.len() as u64], dtype));
    let r = b.elementwise(op, &[x, y]).unwrap();
    let f = b.finish(vec![r]).unwrap();
    check_exact_specials(
        f,
        &[
            host(&[xs.len(), 1], dtype, xs.to_vec()),
            host(&[ys.len()], dtype, ys.to_vec()),
        ],
        rtol,
        1e-30,
    );
}

const BASES: &[f64] = &[
    -2.0, -0.5, -1.0, -3.0, 0.0, 1.0, 2.0, 0.5, INF, -INF, NAN, -1.5, -0.0,
];
const EXPONENTS: &[f64] = &[
    2.0, 3.0, -1.0, -2.0, -3.0, 0.0, 0.5, -0.5, 1.0, 2.5, NAN, INF, -INF, 7.0,
];

#[test]
fn powf_special_values_f32() {
    // (-2)^2 = 4, (-2)^3 = -8, (-0.5)^2 = 0.25, 0^-1 = inf, (-inf)^2 = inf, NaN^0 = 1, ...
    outer(ScalarOp::PowF, BASES, EXPONENTS, DType::F32, 1e-5);
}

#[test]
fn powf_special_values_f16() {
    outer(ScalarOp::PowF, BASES, EXPONENTS, DType::F16, 2e-3);
}

/// Random negative and positive bases by random integral exponents (and a few non-integral).
#[test]
fn powf_negative_bases_random_f32() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(26);
    let n = 1024;
    let xs: Vec<f64> = (0..n).map(|_| rng.random_range(-4.0..4.0)).collect();
    let ys: Vec<f64> = (0..n)
        .map(|i| {
            let k = f64::from(rng.random_range(-6..=6));
            if i % 8 == 7 {
                k + 0.25
            } else {
                k
            }
        })
        .collect();
    let mut b = FunctionBuilder::new("main");
    let x = b.argument(tensor_type(&[n as u64], DType::F32));
    let y = b.argument(tensor_type(&[n as u64], DType::F32));
    let r = b.elementwise(ScalarOp::PowF, &[x, y]).unwrap();
    let f = b.finish(vec![r]).unwrap();
    check_exact_specials(
        f,
        &[host(&[n], DType::F32, xs), host(&[n], DType::F32, ys)],
        1e-5,
        1e-30,
    );
}

/// C's pow of a signed zero (issue 26): (-0)^odd keeps the sign, (-0)^-odd is -inf, an even
/// or non-integral exponent gives +0 / +inf; with -inf and a negative base beside them. Eight
/// exponents, so the kernel is vectorized (4-lane sign tests) as well as scalar.
#[test]
fn powf_of_signed_zeros_keeps_the_sign() {
    let bases = [-0.0, 0.0, -INF, -2.0];
    let exponents = [3.0, -1.0, 1.0, -3.0, 2.0, -2.0, 0.5, -0.5];
    for (dtype, rtol) in [(DType::F32, 1e-5), (DType::F16, 2e-3)] {
        let mut b = FunctionBuilder::new("main");
        let x = b.argument(tensor_type(&[bases.len() as u64, 1], dtype));
        let y = b.argument(tensor_type(&[exponents.len() as u64], dtype));
        let r = b.elementwise(ScalarOp::PowF, &[x, y]).unwrap();
        let f = b.finish(vec![r]).unwrap();
        check_specials(
            f,
            &[
                host(&[bases.len(), 1], dtype, bases.to_vec()),
                host(&[exponents.len()], dtype, exponents.to_vec()),
            ],
            rtol,
            1e-30,
            true,
        );
    }
}

const WITH_NAN: &[f64] = &[NAN, -1.0, 0.0, 2.0, -INF, INF, 0.5, -2.5];

#[test]
fn maximumf_and_minimumf_propagate_nan() {
    for dtype in [DType::F32, DType::F16] {
        outer(ScalarOp::MaximumF, WITH_NAN, WITH_NAN, dtype, 0.0);
        outer(ScalarOp::MinimumF, WITH_NAN, WITH_NAN, dtype, 0.0);
    }
}

/// Relu and Clip bodies (maximumf with 0; maximumf then minimumf with bounds) on a vectorizable
/// shape holding NaN at every lane position.
#[test]
fn relu_and_clip_keep_nan_on_vectorized_kernels() {
    let n = 4 * 64;
    let values: Vec<f64> = (0..n)
        .map(|i| match i % 7 {
            0 => NAN,
            1 => -INF,
            2 => INF,
            k => k as f64 - 4.5,
        })
        .collect();
    let dtype = DType::F32;
    let mut b = FunctionBuilder::new("main");
    let x = b.argument(tensor_type(&[4, 64], dtype));
    let relu = b
        .elementwise_with(&[x], dtype, |b, a| {
            let z = b.constant(0.0, dtype);
            b.push(ScalarOp::MaximumF, &[a[0], z], dtype)
        })
        .unwrap();
    let clip = b
        .elementwise_with(&[x], dtype, |b, a| {
            let lo = b.constant(-1.0, dtype);
            let hi = b.constant(1.5, dtype);
            let m = b.push(ScalarOp::MaximumF, &[a[0], lo], dtype);
            b.push(ScalarOp::MinimumF, &[m, hi], dtype)
        })
        .unwrap();
    let f = b.finish(vec![relu, clip]).unwrap();
    check_exact_specials(f, &[host(&[4, 64], dtype, values)], 0.0, 0.0);
}

/// Max / min reductions keep a NaN of any lane: rows (subgroup reductions, then a workgroup
/// combine), a long row, and columns. Every third row holds one NaN, at varying positions.
#[test]
fn max_and_min_reductions_propagate_nan() {
    for (shape, dims) in [
        (vec![64usize, 256usize], vec![1usize]),
        (vec![4, 4096], vec![1]),
        (vec![33, 7], vec![1]),
        (vec![256, 16], vec![0]),
    ] {
        let (rows, columns) = (shape[0], shape[1]);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let mut values: Vec<f64> = (0..rows * columns)
            .map(|_| rng.random_range(-3.0..3.0))
            .collect();
        for r in (0..rows).step_by(3) {
            values[r * columns + (r * 7) % columns] = NAN;
        }
        for (op, init) in [
            (ScalarOp::MaximumF, f64::NEG_INFINITY),
            (ScalarOp::MinimumF, f64::INFINITY),
        ] {
            let mut b = FunctionBuilder::new("main");
            let x = b.argument(tensor_type(&[rows as u64, columns as u64], DType::F32));
            let r = b.reduce(x, &dims, op, init).unwrap();
            let f = b.finish(vec![r]).unwrap();
            check_exact_specials(f, &[host(&shape, DType::F32, values.clone())], 0.0, 0.0);
        }
    }
}

/// Softmax of a row holding a NaN is NaN across the row (its max reduction keeps the NaN).
#[test]
fn softmax_of_a_row_with_nan_is_nan() {
    let (rows, columns) = (8usize, 128usize);
    let mut values: Vec<f64> = (0..rows * columns)
        .map(|i| ((i * 37) % 17) as f64 / 4.0 - 2.0)
        .collect();
    values[3 * columns + 5] = NAN;
    let mut b = FunctionBuilder::new("main");
    let x = b.argument(tensor_type(&[rows as u64, columns as u64], DType::F32));
    let r = b.softmax(x, 1).unwrap();
    let f = b.finish(vec![r]).unwrap();
    check_exact_specials(f, &[host(&[rows, columns], DType::F32, values)], 1e-5, 1e-7);
}

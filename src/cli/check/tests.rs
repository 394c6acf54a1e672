//! Each failure `--check` exists to catch, caught; and what real kernels do, passed.

use super::*;
use ndarray::IxDyn;
use rand::{Rng, SeedableRng};

fn array(v: &[f64]) -> ArrayD<f64> {
    ArrayD::from_shape_vec(IxDyn(&[v.len()]), v.to_vec()).unwrap()
}

fn check(device: &[f64], reference: &[f64]) -> bool {
    compare(&array(device), &array(reference), Tolerance::F32).passes()
}

/// The criterion before issue 38: `1e-3 * max |r| + 1e-6`, for every output type.
fn old_check(device: &ArrayD<f64>, reference: &ArrayD<f64>) -> bool {
    let scale = reference.iter().fold(0.0f64, |m, r| m.max(r.abs()));
    device
        .iter()
        .zip(reference.iter())
        .all(|(d, r)| (d - r).abs() <= 1e-3 * scale + 1e-6)
}

#[test]
fn close_finite_values_pass() {
    assert!(check(&[1.0, 2.00001, -3.0], &[1.0, 2.0, -3.0]));
    assert!(!check(&[1.0, 2.001, -3.0], &[1.0, 2.0, -3.0]));
}

#[test]
fn nan_positions_must_agree() {
    let nan = f64::NAN;
    assert!(check(&[nan, 1.0], &[nan, 1.0]));
    // Issue 26: the device dropped the NaN (Relu / Max) or made one (Pow of a negative base).
    assert!(!check(&[0.0, 1.0], &[nan, 1.0]));
    assert!(!check(&[nan, 1.0], &[4.0, 1.0]));
    let c = compare(
        &array(&[nan, 1.0, 0.0]),
        &array(&[4.0, 1.0, nan]),
        Tolerance::F32,
    );
    assert_eq!(c.special_mismatches, 2);
    assert_eq!(c.first_special_mismatch.map(|m| m.0), Some(0));
}

#[test]
fn infinities_must_agree_and_do_not_widen_the_tolerance() {
    let inf = f64::INFINITY;
    assert!(check(&[inf, -inf, 1.0], &[inf, -inf, 1.0]));
    assert!(!check(&[-inf, 1.0], &[inf, 1.0]));
    assert!(!check(&[0.0, 1.0], &[inf, 1.0]));
    assert!(!check(&[inf, 1.0], &[1e30, 1.0]));
    // An infinite reference value elsewhere leaves the scale at the finite values' 2.0.
    let c = compare(
        &array(&[inf, 2.0, 5.0]),
        &array(&[inf, 2.0, 1.0]),
        Tolerance::F32,
    );
    assert_eq!(c.scale, 2.0);
    assert!(!c.passes());
}

#[test]
fn shapes_must_agree() {
    let a = ArrayD::from_shape_vec(IxDyn(&[2, 1]), vec![1.0, 2.0]).unwrap();
    assert!(!compare(&a, &array(&[1.0, 2.0]), Tolerance::F32).passes());
}

/// An ArgMax / TopK / Gather index off by one, above 1000: `1e-3 * max |r|` let it pass;
/// integer outputs are exact, and the verdict names the element.
#[test]
fn an_integer_index_off_by_one_above_1000_fails() {
    let reference: Vec<f64> = (0..12).map(|i| f64::from(1000 + 97 * i)).collect();
    let mut device = reference.clone();
    device[7] += 1.0;
    let (device, reference) = (array(&device), array(&reference));
    let reference = reference.into_shape_with_order(IxDyn(&[3, 4])).unwrap();
    let device = device.into_shape_with_order(IxDyn(&[3, 4])).unwrap();
    let tolerance = Tolerance::for_dtype(kiln_frontend::DType::I64);
    assert!(tolerance.is_exact());
    let c = compare(&device, &reference, tolerance);
    assert!(!c.passes());
    assert_eq!(c.outside, 1);
    let worst = c.worst.as_ref().unwrap();
    assert_eq!((worst.flat_index, worst.index.clone()), (7, vec![1, 3]));
    assert_eq!((worst.device, worst.reference), (1680.0, 1679.0));
    let text = c.describe();
    assert!(
        text.contains("exact: 1 of 12 elements differ") && text.contains("worst at [1, 3]"),
        "{text}"
    );
    assert!(
        old_check(&device, &reference),
        "the old criterion passed it"
    );
    // Equal integers pass, bools too.
    assert!(compare(&reference, &reference, tolerance).passes());
    let bools = array(&[1.0, 0.0, 1.0]);
    let flipped = array(&[1.0, 1.0, 1.0]);
    let exact = Tolerance::for_dtype(kiln_frontend::DType::I1);
    assert!(compare(&bools, &bools, exact).passes());
    assert!(!compare(&flipped, &bools, exact).passes());
}

/// A small element wrong by 2x beside a large one (a softmax tail): `1e-3 * max |r|` accepted
/// any error below 1e-3 there; the per-element check does not.
#[test]
fn a_wrong_small_element_fails() {
    let mut reference = vec![2e-4; 64];
    reference[5] = 0.9;
    let mut device = reference.clone();
    device[40] = 4e-4;
    let c = compare(&array(&device), &array(&reference), Tolerance::F32);
    assert!(!c.passes(), "{}", c.describe());
    assert_eq!(c.worst.as_ref().unwrap().flat_index, 40);
    assert!(
        old_check(&array(&device), &array(&reference)),
        "the old criterion passed it"
    );
    // The same output with f32 rounding noise passes.
    let noisy: Vec<f64> = reference
        .iter()
        .map(|&r| f64::from(r as f32) * (1.0 + 3e-7))
        .collect();
    assert!(check(&noisy, &reference));
}

/// `x` rounded to `bits` explicit mantissa bits (round to nearest).
fn round_mantissa(x: f32, bits: i32) -> f32 {
    if x == 0.0 || !x.is_finite() {
        return x;
    }
    let exponent = x.abs().log2().floor() as i32;
    let step = 2f64.powi(exponent - bits);
    ((f64::from(x) / step).round() * step) as f32
}

/// `a [m, k] x b [k, n]` with the products and sums in `f32` (sequential along K, as each SIMT
/// invocation sums), after `round` on every operand.
fn matmul_f32(
    a: &[f32],
    b: &[f32],
    (m, k, n): (usize, usize, usize),
    round: impl Fn(f32) -> f32,
) -> Vec<f64> {
    let mut c = vec![0.0; m * n];
    for i in 0..m {
        for j in 0..n {
            let mut sum = 0.0f32;
            for p in 0..k {
                sum += round(a[i * k + p]) * round(b[p * n + j]);
            }
            c[i * n + j] = f64::from(sum);
        }
    }
    c
}

/// The split bf16 matmul's sum of plane products (in f64, so that only the planes matter):
/// each operand is hi + mid + lo bf16 planes; `planes` of them are kept.
fn matmul_bf16_planes(
    a: &[f32],
    b: &[f32],
    (m, k, n): (usize, usize, usize),
    planes: usize,
) -> Vec<f64> {
    let split = |x: f32| {
        let hi = round_mantissa(x, 7);
        let mid = round_mantissa(x - hi, 7);
        let lo = round_mantissa(x - hi - mid, 7);
        [hi, mid, lo].map(f64::from)
    };
    let (sa, sb): (Vec<_>, Vec<_>) = (
        a.iter().map(|&x| split(x)).collect(),
        b.iter().map(|&x| split(x)).collect(),
    );
    let mut c = vec![0.0; m * n];
    for i in 0..m {
        for j in 0..n {
            let mut sum = 0.0;
            for p in 0..k {
                let (x, y) = (sa[i * k + p], sb[p * n + j]);
                // The products whose planes sum to at most planes - 1 (hi = 0, mid = 1, lo = 2).
                for (u, xu) in x.iter().enumerate() {
                    for (v, yv) in y.iter().enumerate() {
                        if u + v < planes {
                            sum += xu * yv;
                        }
                    }
                }
            }
            c[i * n + j] = sum;
        }
    }
    c
}

/// The f32 tolerance against matmuls at K = 4608 (a 3x3 conv over 512 channels): a plain f32
/// dot product in sequential order passes; operands rounded to TF32 (10 mantissa bits) fail, and
/// so does a split bf16 matmul with its third plane dropped; with all three it passes.
#[test]
fn a_tf32_grade_or_dropped_plane_matmul_fails_the_f32_check() {
    let shape @ (m, k, n) = (12, 4608, 10);
    let mut rng = rand::rngs::StdRng::seed_from_u64(38);
    let a: Vec<f32> = (0..m * k).map(|_| rng.random_range(-1.0f32..1.0)).collect();
    let b: Vec<f32> = (0..k * n).map(|_| rng.random_range(-1.0f32..1.0)).collect();
    let mut exact = vec![0.0; m * n];
    for i in 0..m {
        for j in 0..n {
            exact[i * n + j] = (0..k)
                .map(|p| f64::from(a[i * k + p]) * f64::from(b[p * n + j]))
                .sum();
        }
    }
    let reference = ArrayD::from_shape_vec(IxDyn(&[m, n]), exact).unwrap();
    let verdict = |values: Vec<f64>| {
        let device = ArrayD::from_shape_vec(IxDyn(&[m, n]), values).unwrap();
        compare(&device, &reference, Tolerance::F32)
    };
    let plain = verdict(matmul_f32(&a, &b, shape, |x| x));
    assert!(plain.passes(), "f32: {}", plain.describe());
    let tf32 = verdict(matmul_f32(&a, &b, shape, |x| round_mantissa(x, 10)));
    assert!(!tf32.passes(), "TF32: {}", tf32.describe());
    assert!(
        tf32.worst.as_ref().unwrap().ratio > 20.0,
        "{}",
        tf32.describe()
    );
    let three = verdict(matmul_bf16_planes(&a, &b, shape, 3));
    assert!(three.passes(), "bf16x3: {}", three.describe());
    let two = verdict(matmul_bf16_planes(&a, &b, shape, 2));
    assert!(
        !two.passes(),
        "bf16x3 without its third plane: {}",
        two.describe()
    );
}

/// f16 outputs: f16 rounding of each value (0.5 units of 2^-11) passes the f16 tolerance, an
/// element off by 5% does not.
#[test]
fn f16_outputs_get_the_f16_tolerance() {
    let reference: Vec<f64> = (0..100).map(|i| (f64::from(i) * 0.37).sin()).collect();
    let rounded: Vec<f64> = reference
        .iter()
        .map(|&r| f64::from(half::f16::from_f64(r)))
        .collect();
    let tolerance = Tolerance::for_dtype(kiln_frontend::DType::F16);
    assert!(compare(&array(&rounded), &array(&reference), tolerance).passes());
    assert!(!compare(&array(&rounded), &array(&reference), Tolerance::F32).passes());
    let mut wrong = rounded.clone();
    wrong[4] *= 1.05; // sin(1.48) = 0.996
    let c = compare(&array(&wrong), &array(&reference), tolerance);
    assert!(!c.passes());
    assert_eq!(c.worst.unwrap().flat_index, 4);
}

//! How `kiln run --check` and `kiln bench --check` judge a device output against the reference
//! interpreter's.
//!
//! Special values are compared exactly: a NaN must meet a NaN, an infinity the same infinity, and
//! a finite reference value a finite device value (issue 26: a device NaN where the reference had
//! a number, or the reverse, vanished in `max |device - reference|`, and one infinite reference
//! value made the tolerance infinite). Finite values are compared against a tolerance relative to
//! the largest finite reference magnitude.

use ndarray::ArrayD;

/// The verdict on one output.
#[derive(Debug, Clone, PartialEq)]
pub struct Comparison {
    /// The largest |device - reference| over positions where both are finite.
    pub worst: f64,
    /// The largest finite |reference| (at least 1e-30): what `worst` is relative to.
    pub scale: f64,
    /// Positions where one side is NaN or infinite and the other is not the same special value.
    pub special_mismatches: usize,
    /// The first such position (row-major index), the device value and the reference value.
    pub first_special_mismatch: Option<(usize, f64, f64)>,
    /// Whether the shapes agree (nothing else is compared when they do not).
    pub same_shape: bool,
}

impl Comparison {
    /// Whether the output passes with relative `tolerance` (plus 1e-6 absolute).
    pub fn passes(&self, tolerance: f64) -> bool {
        self.same_shape
            && self.special_mismatches == 0
            && self.worst <= tolerance * self.scale + 1e-6
    }
}

/// Compares a device output with the reference output, element by element.
pub fn compare(device: &ArrayD<f64>, reference: &ArrayD<f64>) -> Comparison {
    let mut c = Comparison {
        worst: 0.0,
        scale: 1e-30,
        special_mismatches: 0,
        first_special_mismatch: None,
        same_shape: device.shape() == reference.shape(),
    };
    if !c.same_shape {
        return c;
    }
    for (i, (&got, &want)) in device.iter().zip(reference.iter()).enumerate() {
        if want.is_finite() && got.is_finite() {
            c.worst = c.worst.max((got - want).abs());
            c.scale = c.scale.max(want.abs());
            continue;
        }
        if want.is_finite() {
            c.scale = c.scale.max(want.abs());
        }
        let same = (got.is_nan() && want.is_nan()) || got == want;
        if !same {
            c.special_mismatches += 1;
            c.first_special_mismatch.get_or_insert((i, got, want));
        }
    }
    c
}

#[cfg(test)]
mod tests {
    use super::*;
    use ndarray::IxDyn;

    fn array(v: &[f64]) -> ArrayD<f64> {
        ArrayD::from_shape_vec(IxDyn(&[v.len()]), v.to_vec()).unwrap()
    }

    fn check(device: &[f64], reference: &[f64]) -> bool {
        compare(&array(device), &array(reference)).passes(1e-3)
    }

    #[test]
    fn close_finite_values_pass() {
        assert!(check(&[1.0, 2.0005, -3.0], &[1.0, 2.0, -3.0]));
        assert!(!check(&[1.0, 2.1, -3.0], &[1.0, 2.0, -3.0]));
    }

    #[test]
    fn nan_positions_must_agree() {
        let nan = f64::NAN;
        assert!(check(&[nan, 1.0], &[nan, 1.0]));
        // Issue 26: the device dropped the NaN (Relu / Max) or made one (Pow of a negative base).
        assert!(!check(&[0.0, 1.0], &[nan, 1.0]));
        assert!(!check(&[nan, 1.0], &[4.0, 1.0]));
        let c = compare(&array(&[nan, 1.0, 0.0]), &array(&[4.0, 1.0, nan]));
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
        let c = compare(&array(&[inf, 2.0, 5.0]), &array(&[inf, 2.0, 1.0]));
        assert_eq!(c.scale, 2.0);
        assert!(!c.passes(1e-3));
    }

    #[test]
    fn shapes_must_agree() {
        let a = ArrayD::from_shape_vec(IxDyn(&[2, 1]), vec![1.0, 2.0]).unwrap();
        assert!(!compare(&a, &array(&[1.0, 2.0])).passes(1e-3));
    }
}

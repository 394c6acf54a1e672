//! How `kiln run --check`, `kiln bench --check` and `kiln tune` judge a device output against
//! the reference interpreter's (or another run's).
//!
//! Element by element, with a [`Tolerance`]: `|d - r| <= atol + rtol * |r|` where `atol` is a
//! fraction of the output's root-mean-square reference magnitude (`Tolerance` says why). Integer
//! and bool outputs are exact (issue 38: under the old float tolerance of `1e-3 * max |r|` an
//! ArgMax / TopK / Gather index off by one passed once indices exceeded 1000). The verdict names
//! the worst element (the largest `|d - r|` against its allowance) and its index.
//!
//! Special values are compared exactly: a NaN must meet a NaN, an infinity the same infinity, and
//! a finite reference value a finite device value (issue 26: a device NaN where the reference had
//! a number, or the reverse, vanished in `max |device - reference|`, and one infinite reference
//! value made the tolerance infinite). Infinite reference values do not enter the rms.

use ndarray::ArrayD;

use crate::Tolerance;

/// The element whose error is the largest against its allowance.
#[derive(Debug, Clone, PartialEq)]
pub struct WorstElement {
    /// Row-major index into the output.
    pub flat_index: usize,
    /// The same position, one index per dimension.
    pub index: Vec<usize>,
    pub device: f64,
    pub reference: f64,
    /// `|device - reference| / (atol + rtol * |reference|)`: above 1 fails; infinite where
    /// the allowance is 0 (exact outputs) and the values differ.
    pub ratio: f64,
}

/// The verdict on one output.
#[derive(Debug, Clone, PartialEq)]
pub struct Comparison {
    /// The tolerance applied.
    pub tolerance: Tolerance,
    /// The largest |device - reference| over positions where both are finite.
    pub max_abs_error: f64,
    /// The largest finite |reference| (reported beside `max_abs_error`).
    pub scale: f64,
    /// The root-mean-square of the finite reference values (what `atol` is relative to).
    pub rms: f64,
    /// `tolerance.atol_rms * rms`.
    pub atol: f64,
    /// The finite element with the largest error against its allowance (`None` when there are
    /// no finite pairs; its ratio is 0 when every pair is equal).
    pub worst: Option<WorstElement>,
    /// How many finite elements are outside the tolerance.
    pub outside: usize,
    /// How many elements were compared.
    pub elements: usize,
    /// Positions where one side is NaN or infinite and the other is not the same special value.
    pub special_mismatches: usize,
    /// The first such position (row-major index), the device value and the reference value.
    pub first_special_mismatch: Option<(usize, f64, f64)>,
    /// Whether the shapes agree (nothing else is compared when they do not).
    pub same_shape: bool,
}

impl Comparison {
    /// Whether the output passes: same shape, the same special values, every finite element
    /// within the tolerance.
    pub fn passes(&self) -> bool {
        self.same_shape && self.special_mismatches == 0 && self.outside == 0
    }

    /// One line for the report: the tolerance, the worst element and the counts.
    pub fn describe(&self) -> String {
        let mut line = format!(
            "max |device - reference| = {:.3e} ({:.3e} of max finite |reference|)",
            self.max_abs_error,
            self.max_abs_error / self.scale.max(1e-300)
        );
        if self.tolerance.is_exact() {
            line += &format!(
                "; exact: {} of {} elements differ",
                self.outside, self.elements
            );
        } else {
            line += &format!(
                "; tolerance {} (rms(r) = {:.3e}): {} of {} elements outside",
                self.tolerance, self.rms, self.outside, self.elements
            );
        }
        if let Some(w) = &self.worst {
            line += &format!(
                ", worst at {:?} (flat {}): device {}, reference {} ({:.3} of its allowance)",
                w.index, w.flat_index, w.device, w.reference, w.ratio
            );
        }
        line += &format!(", {} NaN/Inf mismatches", self.special_mismatches);
        line
    }
}

/// The position of row-major `flat` in `shape`.
fn unravel(mut flat: usize, shape: &[usize]) -> Vec<usize> {
    let mut index = vec![0; shape.len()];
    for (i, &n) in shape.iter().enumerate().rev() {
        if n > 0 {
            index[i] = flat % n;
            flat /= n;
        }
    }
    index
}

/// Compares a device output with the reference output, element by element, under `tolerance`.
pub fn compare(device: &ArrayD<f64>, reference: &ArrayD<f64>, tolerance: Tolerance) -> Comparison {
    let mut c = Comparison {
        tolerance,
        max_abs_error: 0.0,
        scale: 0.0,
        rms: 0.0,
        atol: 0.0,
        worst: None,
        outside: 0,
        elements: reference.len(),
        special_mismatches: 0,
        first_special_mismatch: None,
        same_shape: device.shape() == reference.shape(),
    };
    if !c.same_shape {
        return c;
    }
    let (mut squares, mut finite) = (0.0, 0usize);
    for &want in reference.iter().filter(|v| v.is_finite()) {
        squares += want * want;
        finite += 1;
        c.scale = c.scale.max(want.abs());
    }
    c.rms = (squares / finite.max(1) as f64).sqrt();
    c.atol = tolerance.atol_rms * c.rms;
    let mut worst: Option<(f64, f64, usize, f64, f64)> = None; // (ratio, error, i, d, r)
    for (i, (&got, &want)) in device.iter().zip(reference.iter()).enumerate() {
        if want.is_finite() && got.is_finite() {
            let error = (got - want).abs();
            c.max_abs_error = c.max_abs_error.max(error);
            let allowance = c.atol + tolerance.rtol * want.abs();
            let ratio = if error == 0.0 {
                0.0
            } else if allowance == 0.0 {
                f64::INFINITY
            } else {
                error / allowance
            };
            if ratio > 1.0 {
                c.outside += 1;
            }
            // Ties (every exact mismatch is infinite) go to the larger error.
            let better = worst.is_none_or(|(r, e, ..)| ratio > r || (ratio == r && error > e));
            if better {
                worst = Some((ratio, error, i, got, want));
            }
            continue;
        }
        let same = (got.is_nan() && want.is_nan()) || got == want;
        if !same {
            c.special_mismatches += 1;
            c.first_special_mismatch.get_or_insert((i, got, want));
        }
    }
    c.worst = worst.map(|(ratio, _, flat_index, got, want)| WorstElement {
        flat_index,
        index: unravel(flat_index, reference.shape()),
        device: got,
        reference: want,
        ratio,
    });
    c
}

#[cfg(test)]
mod tests;

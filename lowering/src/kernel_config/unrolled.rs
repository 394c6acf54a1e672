//! The unrolled-window reduction of CPU devices ([`choose_unrolled_outputs`]): a reduction over
//! a small static window (a depthwise or few-channels-per-group conv, a pooling window) that no
//! other strategy takes, computed `outputs` consecutive outputs along the output's innermost dim
//! per invocation with the window fully unrolled (`lower_to_kernels/unrolled.rs`).
//!
//! Why: llvmpipe runs the invocations of a subgroup as SIMD lanes and loads from storage
//! buffers one lane and one element at a time (`kernel_config/lanes.rs`), so a kernel costs
//! about its loaded elements. The serial reduction loads, per output, every window element of
//! every input (a 3x3 depthwise conv: 9 inputs and 9 weights) and the epilogue's per-channel
//! operands, inside a loop; an invocation of this strategy loads each distinct element its
//! outputs read once (stride 1, 4 outputs: 18 inputs instead of 36, 9 weights instead of 36, the
//! batch norm's parameters once), with straight-line index arithmetic. The outputs are summed
//! in the serial order, so the results are the serial strategy's bit for bit.

use crate::size_expr::SizeExpr;
use crate::target::LoweringTarget;
use kiln_frontend::{AffineExpr, Generic};

/// An affine expression as `sum(coefficient * dim) + constant` (terms sorted by dim, no zero
/// coefficient), or `None` where it is not linear in the loop dims (a product of dims, a
/// division, a modulo, a symbol).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LinearForm {
    pub terms: Vec<(usize, i64)>,
    pub constant: i64,
}

impl LinearForm {
    pub fn of(e: &AffineExpr) -> Option<LinearForm> {
        let constant = |c| LinearForm {
            terms: Vec::new(),
            constant: c,
        };
        Some(match e {
            AffineExpr::Dim(d) => LinearForm {
                terms: vec![(*d, 1)],
                constant: 0,
            },
            AffineExpr::Constant(c) => constant(*c),
            AffineExpr::Add(x, y) => {
                let (x, y) = (LinearForm::of(x)?, LinearForm::of(y)?);
                let mut terms = x.terms;
                for (d, c) in y.terms {
                    match terms.iter_mut().find(|(e, _)| *e == d) {
                        Some(t) => t.1 += c,
                        None => terms.push((d, c)),
                    }
                }
                terms.retain(|&(_, c)| c != 0);
                terms.sort_unstable();
                LinearForm {
                    terms,
                    constant: x.constant.checked_add(y.constant)?,
                }
            }
            AffineExpr::Mul(x, y) => {
                let (x, y) = (LinearForm::of(x)?, LinearForm::of(y)?);
                let (form, factor) = match (x.terms.is_empty(), y.terms.is_empty()) {
                    (_, true) => (x, y.constant),
                    (true, false) => (y, x.constant),
                    (false, false) => return None,
                };
                let mut terms = Vec::new();
                for (d, c) in form.terms {
                    let c = c.checked_mul(factor)?;
                    if c != 0 {
                        terms.push((d, c));
                    }
                }
                LinearForm {
                    terms,
                    constant: form.constant.checked_mul(factor)?,
                }
            }
            AffineExpr::Symbol(_)
            | AffineExpr::FloorDiv(..)
            | AffineExpr::CeilDiv(..)
            | AffineExpr::Mod(..) => return None,
        })
    }
}

/// The outputs per invocation of the unrolled-window reduction of generic `g` (loop `sizes`,
/// the init's projection `init_map`), or `None` where it does not apply: a CPU device, every
/// reduced dim static with at most `Heuristics::unrolled_reduction_max_points` points in all,
/// every input map linear in the loop dims, and a static innermost output dim with a divisor
/// from 2 to `unrolled_reduction_max_outputs` (the largest is taken: no partial tile).
pub fn choose_unrolled_outputs(
    g: &Generic,
    sizes: &[SizeExpr],
    init_map: &[usize],
    target: &LoweringTarget,
) -> Option<u32> {
    if target.env.device_type != kiln_spirv_ir::target::DeviceType::Cpu {
        return None;
    }
    let heuristics = &target.heuristics;
    let mut points = 1i64;
    let mut reduced = 0;
    for (d, it) in g.iterator_types.iter().enumerate() {
        if *it == kiln_frontend::IteratorType::Reduction {
            points = points.checked_mul(sizes[d].as_const()?)?;
            reduced += 1;
        }
    }
    if reduced == 0 || !(1..=heuristics.unrolled_reduction_max_points).contains(&points) {
        return None;
    }
    let linear = g.indexing_maps[..g.num_inputs]
        .iter()
        .all(|m| m.results.iter().all(|e| LinearForm::of(e).is_some()));
    if !linear {
        return None;
    }
    let n = sizes[*init_map.last()?].as_const()?;
    (2..=heuristics.unrolled_reduction_max_outputs)
        .rev()
        .find(|&t| n % t == 0)
        .and_then(|t| u32::try_from(t).ok())
}

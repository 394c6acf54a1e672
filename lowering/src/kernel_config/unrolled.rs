//! The unrolled-window reduction ([`choose_unrolled_outputs`]; on GPUs only for stride-1
//! windows over a large grid): a reduction over a small static window (a depthwise or
//! few-channels-per-group conv, a pooling window) that no other strategy takes, computed
//! `outputs` consecutive outputs along an output dim read in a window (the width) per
//! invocation, the window fully unrolled (`lower_to_kernels/unrolled.rs`).
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

/// The unrolled-window reduction's tiling: `outputs` consecutive outputs along output dim
/// `dim` an invocation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnrolledOutputs {
    pub dim: u32,
    pub outputs: u32,
}

/// The tiling of the unrolled-window reduction of generic `g` (loop `sizes`, the init's
/// projection `init_map`), or `None` where it does not apply: a CPU device (a GPU: see
/// `Heuristics::unrolled_reduction_gpu_min_invocations` and `unrolled_reduction_gpu_max_points`),
/// every reduced dim static with at most `Heuristics::unrolled_reduction_max_points` points in
/// all (GPUs: `unrolled_reduction_gpu_max_points`), every input
/// map linear in the loop dims, and an output dim that some input reads in a window (a map
/// result summing it with a reduced dim: consecutive outputs share input elements; the
/// innermost such dim) of a static size with a divisor from 2 to
/// `unrolled_reduction_max_outputs` (GPUs: `unrolled_reduction_gpu_max_outputs`; the largest is
/// taken: no partial tile). NCHW convs and
/// pools tile their width, NHWC ones their width too (not the channels, which share no input
/// element), so the filter's elements are shared as well.
pub fn choose_unrolled_outputs(
    g: &Generic,
    sizes: &[SizeExpr],
    init_map: &[usize],
    target: &LoweringTarget,
) -> Option<UnrolledOutputs> {
    let heuristics = &target.heuristics;
    let gpu = target.env.device_type != kiln_spirv_ir::target::DeviceType::Cpu;
    if gpu && heuristics.unrolled_reduction_gpu_min_invocations == 0 {
        return None;
    }
    let reduced: Vec<usize> = (0..g.iterator_types.len())
        .filter(|&d| g.iterator_types[d] == kiln_frontend::IteratorType::Reduction)
        .collect();
    let mut points = 1i64;
    for &d in &reduced {
        points = points.checked_mul(sizes[d].as_const()?)?;
    }
    let max_points = if gpu {
        heuristics.unrolled_reduction_gpu_max_points
    } else {
        heuristics.unrolled_reduction_max_points
    };
    if reduced.is_empty() || !(1..=max_points).contains(&points) {
        return None;
    }
    let forms = g.indexing_maps[..g.num_inputs]
        .iter()
        .flat_map(|m| m.results.iter().map(LinearForm::of))
        .collect::<Option<Vec<LinearForm>>>()?;
    let windowed = |d: usize| {
        forms.iter().any(|f| {
            f.terms.iter().any(|&(e, _)| e == d) && f.terms.iter().any(|(e, _)| reduced.contains(e))
        })
    };
    let (position, &dim) = init_map
        .iter()
        .enumerate()
        .rev()
        .find(|&(_, &d)| windowed(d))?;
    let n = sizes[dim].as_const()?;
    let max_outputs = if gpu {
        heuristics.unrolled_reduction_gpu_max_outputs
    } else {
        heuristics.unrolled_reduction_max_outputs
    };
    let outputs = (2..=max_outputs).rev().find(|&t| n % t == 0)?;
    if gpu {
        // Stride 1 along the tiled dim in every window, and enough invocations
        // (`Heuristics::unrolled_reduction_gpu_min_invocations`).
        let unit_stride = forms
            .iter()
            .all(|f| f.terms.iter().all(|&(e, c)| e != dim || c == 1));
        let mut invocations = 1i64;
        for (size, ty) in sizes.iter().zip(&g.iterator_types) {
            if *ty == kiln_frontend::IteratorType::Parallel {
                invocations = invocations.saturating_mul(size.as_const()?);
            }
        }
        // The invocation floor holds for short windows only (see
        // `Heuristics::unrolled_reduction_gpu_max_points`).
        let short = points <= heuristics.unrolled_reduction_max_points;
        if !unit_stride
            || (short && invocations / outputs < heuristics.unrolled_reduction_gpu_min_invocations)
        {
            return None;
        }
    }
    Some(UnrolledOutputs {
        dim: u32::try_from(position).ok()?,
        outputs: u32::try_from(outputs).ok()?,
    })
}

//! The unrolled-window reduction (`KernelStrategy::UnrolledReduction`; the decision and why it
//! pays on CPU devices: `kernel_config/unrolled.rs`): `parallel untiled` over the output with
//! the plan's dim divided by `outputs`; each invocation computes `outputs` consecutive outputs
//! along that dim, each reduced over every point of the static window in the serial
//! strategy's order (the same sums, bit for bit), in straight-line code.
//!
//! Every index the inputs are read at is `base + constant`, `base` a sum of the invocation's
//! parallel indices times their coefficients (the map is linear, checked by the plan) and the
//! constant the window offset: equal indices are one kernel value, so the element cache
//! (`Lowering::element`) loads each distinct element, and evaluates each fused producer
//! element (a pad's bounds test, a channel shuffle's reshape), once for all the outputs. Affine
//! constants are shared the same way (`Lowering::affine_constants`), so the epilogue's
//! per-channel operands are loaded once per invocation.

use super::context::*;
use crate::kernel_config::LinearForm;

/// The region and root of an unrolled-window reduction.
pub(super) struct Unrolled<'r> {
    pub region: &'r DispatchRegion,
    pub op: &'r Op,
    pub g: &'r Generic,
    pub sizes: &'r [SizeExpr],
    pub init_map: &'r [usize],
    pub reduction_dims: &'r [usize],
}

/// The index values of one invocation: `base + constant` per linear form, each emitted once.
#[derive(Default)]
struct IndexValues {
    bases: HashMap<Vec<(usize, i64)>, k::Value>,
    indices: HashMap<(Vec<(usize, i64)>, i64), k::Value>,
}

impl Lowering<'_> {
    pub(super) fn unrolled_reduction(
        &mut self,
        r: &Unrolled<'_>,
        tiling: crate::kernel_config::UnrolledOutputs,
    ) -> Result<(), CompileError> {
        let (op, g) = (r.op, r.g);
        let result = op.results[0];
        let acc_ty = self.compute_type(self.f.values[result].ty.dtype())?;
        let t = i64::from(tiling.outputs);
        let planned = |what: &str| {
            internal(format!(
                "{}: the unrolled-reduction strategy planned for {what}",
                r.region.name
            ))
        };
        let mut shape = self.tensor_shape(result);
        let tiled = tiling.dim as usize;
        let inner = *r
            .init_map
            .get(tiled)
            .ok_or_else(|| planned("an output dim it does not have"))?;
        let n = shape
            .get(tiled)
            .and_then(SizeExpr::as_const)
            .filter(|n| t > 0 && n % t == 0)
            .ok_or_else(|| planned("an output dim it does not divide"))?;
        shape[tiled] = SizeExpr::Const(n / t);
        let window = r
            .reduction_dims
            .iter()
            .map(|&d| r.sizes[d].as_const())
            .collect::<Option<Vec<i64>>>()
            .ok_or_else(|| planned("a dynamic window"))?;
        let forms = g.indexing_maps[..g.num_inputs]
            .iter()
            .map(|m| m.results.iter().map(LinearForm::of).collect())
            .collect::<Option<Vec<Vec<LinearForm>>>>()
            .ok_or_else(|| planned("an input map that is not linear"))?;
        // The window's points in the serial loops' order (the last reduced dim fastest).
        let mut points: Vec<Vec<i64>> = vec![Vec::new()];
        for &size in &window {
            points = points
                .into_iter()
                .flat_map(|p| {
                    (0..size).map(move |i| {
                        let mut q = p.clone();
                        q.push(i);
                        q
                    })
                })
                .collect();
        }
        let loops = g.iterator_types.len();
        let acc_arg = g.num_inputs as u32;
        self.parallel_over(ParallelMarker::Untiled, &shape, |this, ivs| {
            this.affine_constants = Some(HashMap::new());
            let done = (|| {
                let width = this.b.index(t);
                let first = this.b.binary(k::BinaryOp::Mul, ivs[tiled], width);
                // The value of each parallel loop dim (the tiled output dim's at the
                // invocation's first output).
                let mut dims: Vec<Option<k::Value>> = vec![None; loops];
                for (j, &d) in r.init_map.iter().enumerate() {
                    dims[d] = Some(if j == tiled { first } else { ivs[j] });
                }
                let mut values = IndexValues::default();
                for u in 0..t {
                    // Output index `u`: the tiled dim at `first + u`.
                    let mut out_idx = ivs.to_vec();
                    out_idx[tiled] = this.index_value(&mut values, &dims, vec![(inner, 1)], u)?;
                    let init = this.element(op.operands[g.num_inputs], &out_idx)?;
                    let mut acc = this.b.cast(init, acc_ty);
                    for point in &points {
                        let mut inputs: Vec<Option<k::Value>> = vec![None; g.num_inputs];
                        let y = this.eval_body(&g.body, g.body.yields[0], &mut |this, arg| {
                            if arg == acc_arg {
                                return Ok(acc);
                            }
                            let i = arg as usize;
                            if let Some(x) = inputs.get(i).copied().flatten() {
                                return Ok(x);
                            }
                            let form = forms
                                .get(i)
                                .ok_or_else(|| internal("body argument out of range"))?;
                            let mut idx = Vec::with_capacity(form.len());
                            for e in form {
                                let (terms, constant) =
                                    split_form(e, r.reduction_dims, point, inner, u);
                                idx.push(this.index_value(&mut values, &dims, terms, constant)?);
                            }
                            let x = this.element(op.operands[i], &idx)?;
                            inputs[i] = Some(x);
                            Ok(x)
                        })?;
                        acc = this.b.cast(y, acc_ty);
                    }
                    this.substitutions.insert((result, out_idx.clone()), acc);
                    this.store_outputs(r.region, &out_idx)?;
                }
                Ok(())
            })();
            this.affine_constants = None;
            done
        })
    }

    /// `sum(coefficient * dim) + constant` over the invocation's dim values, emitted once per
    /// form (a base without its constant once too).
    fn index_value(
        &mut self,
        values: &mut IndexValues,
        dims: &[Option<k::Value>],
        terms: Vec<(usize, i64)>,
        constant: i64,
    ) -> Result<k::Value, CompileError> {
        let key = (terms, constant);
        if let Some(&v) = values.indices.get(&key) {
            return Ok(v);
        }
        let (terms, constant) = key;
        let base = if terms.is_empty() {
            None
        } else if let Some(&v) = values.bases.get(&terms) {
            Some(v)
        } else {
            let mut sum: Option<k::Value> = None;
            for &(d, c) in &terms {
                let x = dims.get(d).copied().flatten().ok_or_else(|| {
                    internal(format!("loop dim d{d} neither parallel nor reduced"))
                })?;
                let x = if c == 1 {
                    x
                } else {
                    let c = self.b.index(c);
                    self.b.binary(k::BinaryOp::Mul, x, c)
                };
                sum = Some(match sum {
                    Some(s) => self.b.binary(k::BinaryOp::Add, s, x),
                    None => x,
                });
            }
            let sum = sum.ok_or_else(|| internal("an index sum of no terms"))?;
            values.bases.insert(terms.clone(), sum);
            Some(sum)
        };
        let v = match base {
            None => self.b.index(constant),
            Some(b) if constant == 0 => b,
            Some(b) if constant > 0 => {
                let c = self.b.index(constant);
                self.b.binary(k::BinaryOp::Add, b, c)
            }
            Some(b) => {
                let c = self.b.index(-constant);
                self.b.binary(k::BinaryOp::Sub, b, c)
            }
        };
        values.indices.insert((terms, constant), v);
        Ok(v)
    }
}

/// The terms of `form` over the invocation's parallel dims (the tiled dim's at its first
/// output) and its constant at window `point` (per reduced dim) and output `u`.
fn split_form(
    form: &LinearForm,
    reduction_dims: &[usize],
    point: &[i64],
    inner: usize,
    u: i64,
) -> (Vec<(usize, i64)>, i64) {
    let mut constant = form.constant;
    let mut terms = Vec::new();
    for &(d, c) in &form.terms {
        if let Some(j) = reduction_dims.iter().position(|&r| r == d) {
            constant += c * point[j];
        } else {
            if d == inner {
                constant += c * u;
            }
            terms.push((d, c));
        }
    }
    (terms, constant)
}

//! Softmax over the innermost dimension on the row strategies: the row in registers, or
//! streamed twice (a running max with a rescaled sum, then the normalized write).

use super::context::*;
use super::row::*;

/// Where a softmax kernel's probabilities go.
#[derive(Clone, Copy)]
pub(super) enum Sink<'r> {
    /// Through this view, converted to its storage type (also a cast epilogue's buffer).
    View(k::ViewId),
    /// Into `region`'s pointwise epilogue of softmax result `output` (fusion's "pointwise
    /// epilogues of a softmax"): per element, the epilogue's value at the element's point,
    /// stored by `store_outputs`; scalar chunks only.
    Epilogue {
        region: &'r DispatchRegion,
        output: ValueId,
    },
}

impl<'a> Lowering<'a> {
    /// Stores probability `y` (in the arithmetic type) of element `idx` into `sink`.
    pub(super) fn sink_store(
        &mut self,
        sink: Sink<'_>,
        types: SoftmaxTypes,
        idx: Vec<k::Value>,
        y: k::Value,
    ) -> Result<(), CompileError> {
        match sink {
            Sink::View(view) => {
                let y = types.to_storage(&mut self.b, y);
                self.b.store(Place::View(view), idx, y);
                Ok(())
            }
            Sink::Epilogue { region, output } => {
                let y = self.b.cast(y, types.element);
                self.substitutions.insert((output, idx.clone()), y);
                self.store_outputs(region, &idx)
            }
        }
    }
}

impl<'a> Lowering<'a> {
    /// Softmax over the innermost dimension: the row held in registers, or streamed twice when
    /// it is too long for them or of dynamic length, as the plan says for the chunk width the
    /// element code takes (see the module docs).
    pub(super) fn softmax_rows(
        &mut self,
        input: ValueId,
        sink: Sink<'_>,
        types: SoftmaxTypes,
        shape: &[SizeExpr],
        plans: ChunkWidths<SoftmaxRows>,
    ) -> Result<(), CompileError> {
        let ty = types.arithmetic;
        let (n_expr, rows) = shape
            .split_last()
            .ok_or_else(|| internal("softmax rows of a scalar"))?;
        let full_index = |row: &[k::Value], t: k::Value| -> Vec<k::Value> {
            let mut idx = row.to_vec();
            idx.push(t);
            idx
        };
        // (The plan has a vec4 choice for a static row length of a multiple of 4.)
        let (width, plan) = plans.pick(|| {
            let Sink::View(view) = sink else {
                return Ok(false);
            };
            Ok(view_aligned(&self.b.kernel.views[view.0 as usize], 4)
                && self.discarded(|this| {
                    let zero = this.b.index(0);
                    let row = vec![zero; rows.len()];
                    Ok(this
                        .row_chunk(4, zero, &mut |this, t| {
                            this.element(input, &full_index(&row, t))
                        })?
                        .is_some())
                })?)
        })?;
        let Some(n) = n_expr.as_const() else {
            // A dynamic row length: streamed, scalar chunks.
            let SoftmaxRows::Streamed(group) = plan else {
                return Err(internal(
                    "softmax rows of a dynamic length held in registers",
                ));
            };
            return self.softmax_streaming(input, sink, types, rows, group, 1, n_expr);
        };
        let chunks = n / width;
        let group = match plan {
            SoftmaxRows::Registers(group) => group,
            SoftmaxRows::Streamed(group) => {
                let chunks = SizeExpr::Const(chunks);
                return self.softmax_streaming(input, sink, types, rows, group, width, &chunks);
            }
        };
        let lanes = group.lanes();
        let per_lane = (chunks + lanes - 1) / lanes;
        self.over_rows(rows, group, |this, row, lane| {
            let count = this.b.index(chunks);
            let last = this.b.index(chunks - 1);
            let w = this.b.index(width);
            // (chunk values, chunk index, first element index, whether lanes may run past).
            let mut loaded = Vec::new();
            for c in 0..per_lane {
                let offset = this.b.index(c * lanes);
                let q = this.b.binary(k::BinaryOp::Add, lane, offset);
                // The last chunk of a lane may lie past the row: read a clamped (duplicate)
                // chunk, which max ignores; the sum masks it and the store skips it.
                let partial = (c + 1) * lanes > chunks;
                let clamped = if partial {
                    this.b.binary(k::BinaryOp::Min, q, last)
                } else {
                    q
                };
                let t = if width == 1 {
                    clamped
                } else {
                    this.b.binary(k::BinaryOp::Mul, clamped, w)
                };
                let x = this
                    .row_chunk(width, t, &mut |this, inner| {
                        this.element(input, &full_index(row, inner))
                    })?
                    .ok_or_else(|| internal("softmax chunk stopped vectorizing"))?;
                let x = types.widen_input(&mut this.b, x);
                loaded.push((x, q, t, partial));
            }
            let xs: Vec<k::Value> = loaded.iter().map(|l| l.0).collect();
            let m = this.combine_tree(k::ReduceOp::Max, &xs);
            let m = this.combine_lanes(k::ReduceOp::Max, m);
            let max = this.row_reduce(group, k::ReduceOp::Max, m);
            let max_wide = this.widen(max, width);
            let mut exps = Vec::new();
            let mut terms = Vec::new();
            for &(x, q, _, partial) in &loaded {
                let shifted = this.b.binary(k::BinaryOp::Sub, x, max_wide);
                let e = this.b.unary(k::UnaryOp::Exp, shifted);
                exps.push(e);
                terms.push(if partial {
                    let inside = this.b.compare(k::CompareOp::Lt, q, count);
                    let one = this.b.constant(ty, 1.0);
                    let zero = this.b.constant(ty, 0.0);
                    let mask = this.b.select(inside, one, zero);
                    let mask = this.widen(mask, width);
                    this.b.binary(k::BinaryOp::Mul, e, mask)
                } else {
                    e
                });
            }
            let s = this.combine_tree(k::ReduceOp::Add, &terms);
            let s = this.combine_lanes(k::ReduceOp::Add, s);
            let sum = this.row_reduce(group, k::ReduceOp::Add, s);
            let one = this.b.constant(ty, 1.0);
            let inverse = this.b.binary(k::BinaryOp::Div, one, sum);
            let inverse = this.widen(inverse, width);
            for (&e, &(_, q, t, partial)) in exps.iter().zip(&loaded) {
                let y = this.b.binary(k::BinaryOp::Mul, e, inverse);
                let idx = full_index(row, t);
                if partial {
                    let inside = this.b.compare(k::CompareOp::Lt, q, count);
                    this.if_then(inside, |this| this.sink_store(sink, types, idx, y))?;
                } else {
                    this.sink_store(sink, types, idx, y)?;
                }
            }
            Ok(())
        })
    }

    /// Softmax over rows too long for registers, in two reads: one pass keeps a running max and
    /// a sum of exponentials rescaled whenever the max grows (online softmax), the lanes'
    /// sums are rescaled to the row max before they are added; a second pass writes.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn softmax_streaming(
        &mut self,
        input: ValueId,
        sink: Sink<'_>,
        types: SoftmaxTypes,
        rows: &[SizeExpr],
        group: RowGroup,
        width: i64,
        chunks: &SizeExpr,
    ) -> Result<(), CompileError> {
        let ty = types.arithmetic;
        let lanes = group.lanes();
        // Whether the loop and the guarded last chunk can run (both when dynamic).
        let (has_full, has_remainder) = match chunks.as_const() {
            Some(c) => (c >= lanes, c % lanes != 0),
            None => (true, true),
        };
        // The lowest finite value of the arithmetic type (never a 16-bit float): unlike -inf,
        // exp(lowest - lowest) stays 1, not NaN, when a lane has only seen -inf.
        let lowest = match ty {
            ScalarType::F64 => f64::MIN,
            _ => f32::MIN as f64,
        };
        self.over_rows(rows, group, |this, row, lane| {
            let chunk_at = |this: &mut Self, q: k::Value| -> Result<_, CompileError> {
                let t = if width == 1 {
                    q
                } else {
                    let w = this.b.index(width);
                    this.b.binary(k::BinaryOp::Mul, q, w)
                };
                let mut idx = row.to_vec();
                let x = this
                    .row_chunk(width, t, &mut |this, inner| {
                        let mut idx = row.to_vec();
                        idx.push(inner);
                        this.element(input, &idx)
                    })?
                    .ok_or_else(|| internal("softmax chunk stopped vectorizing"))?;
                let x = types.widen_input(&mut this.b, x);
                idx.push(t);
                Ok((x, idx))
            };
            // Runs `body` for every chunk of this lane: a loop with a constant trip count, then
            // the last, guarded chunk when the lanes do not divide the row.
            let for_chunks =
                |this: &mut Self,
                 body: &mut dyn FnMut(&mut Self, k::Value) -> Result<(), CompileError>|
                 -> Result<(), CompileError> {
                    let l = this.b.index(lanes);
                    // Full trips: a constant when the row length is static (an unrollable loop).
                    let trips = |this: &mut Self| match chunks.as_const() {
                        Some(c) => this.b.index(c / lanes),
                        None => {
                            let count = this.size(chunks);
                            this.b.binary(k::BinaryOp::Div, count, l)
                        }
                    };
                    if has_full {
                        let trips = trips(this);
                        let zero = this.b.index(0);
                        let one = this.b.index(1);
                        this.for_loop(zero, trips, one, |this, j| {
                            let offset = this.b.binary(k::BinaryOp::Mul, j, l);
                            let q = this.b.binary(k::BinaryOp::Add, lane, offset);
                            body(this, q)
                        })?;
                    }
                    if has_remainder {
                        let offset = match chunks.as_const() {
                            Some(c) => this.b.index(c / lanes * lanes),
                            None => {
                                let trips = trips(this);
                                this.b.binary(k::BinaryOp::Mul, trips, l)
                            }
                        };
                        let q = this.b.binary(k::BinaryOp::Add, lane, offset);
                        let count = this.size(chunks);
                        let inside = this.b.compare(k::CompareOp::Lt, q, count);
                        this.if_then(inside, |this| body(this, q))?;
                    }
                    Ok(())
                };
            let max_acc = this.b.allocate("row_max", k::StorageClass::Function, ty, 1);
            let sum_acc = this.b.allocate("row_sum", k::StorageClass::Function, ty, 1);
            let low = this.b.constant(ty, lowest);
            this.b.store(Place::Allocation(max_acc), vec![], low);
            let zero = this.b.constant(ty, 0.0);
            this.b.store(Place::Allocation(sum_acc), vec![], zero);
            for_chunks(this, &mut |this, q| {
                let (x, _) = chunk_at(this, q)?;
                let chunk_max = this.combine_lanes(k::ReduceOp::Max, x);
                let m = this
                    .b
                    .load(Type::Scalar(ty), Place::Allocation(max_acc), vec![]);
                let m2 = this.b.binary(k::BinaryOp::Max, m, chunk_max);
                let m2_wide = this.widen(m2, width);
                let shifted = this.b.binary(k::BinaryOp::Sub, x, m2_wide);
                let e = this.b.unary(k::UnaryOp::Exp, shifted);
                let chunk_sum = this.combine_lanes(k::ReduceOp::Add, e);
                let s = this
                    .b
                    .load(Type::Scalar(ty), Place::Allocation(sum_acc), vec![]);
                let drop = this.b.binary(k::BinaryOp::Sub, m, m2);
                let scale = this.b.unary(k::UnaryOp::Exp, drop);
                let rescaled = this.b.binary(k::BinaryOp::Mul, s, scale);
                let s2 = this.b.binary(k::BinaryOp::Add, rescaled, chunk_sum);
                this.b.store(Place::Allocation(max_acc), vec![], m2);
                this.b.store(Place::Allocation(sum_acc), vec![], s2);
                Ok(())
            })?;
            let m = this
                .b
                .load(Type::Scalar(ty), Place::Allocation(max_acc), vec![]);
            let max = this.row_reduce(group, k::ReduceOp::Max, m);
            let s = this
                .b
                .load(Type::Scalar(ty), Place::Allocation(sum_acc), vec![]);
            let drop = this.b.binary(k::BinaryOp::Sub, m, max);
            let scale = this.b.unary(k::UnaryOp::Exp, drop);
            let rescaled = this.b.binary(k::BinaryOp::Mul, s, scale);
            let sum = this.row_reduce(group, k::ReduceOp::Add, rescaled);
            let one = this.b.constant(ty, 1.0);
            let inverse = this.b.binary(k::BinaryOp::Div, one, sum);
            for_chunks(this, &mut |this, q| {
                let (x, idx) = chunk_at(this, q)?;
                let max_wide = this.widen(max, width);
                let inverse_wide = this.widen(inverse, width);
                let shifted = this.b.binary(k::BinaryOp::Sub, x, max_wide);
                let e = this.b.unary(k::UnaryOp::Exp, shifted);
                let y = this.b.binary(k::BinaryOp::Mul, e, inverse_wide);
                this.sink_store(sink, types, idx, y)
            })
        })
    }
}

//! The column strategy of reductions: a workgroup per tile of columns, slices of the reduced
//! range added in Workgroup memory after one barrier.

use super::context::*;
use super::row::*;

impl<'a> Lowering<'a> {
    /// A column reduction: the input's innermost dimension is the output's innermost (a
    /// parallel dim), the reduced dims are outer. A workgroup covers a tile of columns: `X`
    /// invocations across the columns (each a chunk of `width` columns, vec4 where the plan has
    /// a vec4 layout and the element code vectorizes; one 128-byte segment of a row per `X`),
    /// `Y` slices of the reduced range (every `Y`-th reduced row), then the slices' partials
    /// are added in Workgroup memory after one barrier. `Ok(false)`, emitting nothing, where
    /// the plan has the serial strategy for the chunk width taken (a reduced range too short
    /// to share).
    pub(super) fn column_reduction(
        &mut self,
        r: &RowReduction<'_>,
        layouts: ChunkWidths<Option<ColumnLayout>>,
    ) -> Result<bool, CompileError> {
        let g = r.g;
        let result = r.op.results[0];
        let acc_ty = self.compute_type(self.f.values[result].ty.dtype())?;
        let out_shape = self.tensor_shape(result);
        let (columns_expr, outer) = out_shape
            .split_last()
            .ok_or_else(|| internal("a column reduction without columns"))?;
        // Reduced dims outermost first, as the input reads them.
        let order = r.reduced_order();
        let partial_at = |this: &mut Self, out_idx: &[k::Value], red: &[k::Value]| {
            this.row_partial(r, &order, acc_ty, out_idx, red)
        };
        let (width, layout) = layouts.pick(|| {
            self.discarded(|this| {
                let zero = this.b.index(0);
                let red = vec![zero; order.len()];
                let outer_idx = vec![zero; outer.len()];
                Ok(this
                    .row_chunk(4, zero, &mut |this, inner| {
                        let mut out_idx = outer_idx.clone();
                        out_idx.push(inner);
                        partial_at(this, &out_idx, &red)
                    })?
                    .is_some())
            })
        })?;
        let Some(ColumnLayout { across, slices }) = layout else {
            return Ok(false);
        };
        let tile = across * width;
        let mut grid = outer.to_vec();
        grid.push(columns_expr.clone().ceil_div(SizeExpr::Const(tile)));
        let invocations = (across * slices) as u32;
        self.b.kernel.local_size = [invocations, 1, 1];
        let shared = self.b.allocate(
            "column_partials",
            k::StorageClass::Workgroup,
            acc_ty,
            invocations * width as u32,
        );
        let combine = r.combine;
        let length = r.length.clone();
        self.parallel_over(ParallelMarker::Workgroup, &grid, |this, group| {
            let invocations_expr = [SizeExpr::Const(invocations as i64)];
            this.parallel_over(ParallelMarker::Local, &invocations_expr, |this, lane| {
                let lane = lane[0];
                let across_v = this.b.index(across);
                let x = this.b.binary(k::BinaryOp::Rem, lane, across_v);
                let y = this.b.binary(k::BinaryOp::Div, lane, across_v);
                let tile_v = this.b.index(tile);
                let (tile_index, outer_idx) = group.split_last().expect("a column tile dim");
                let first = this.b.binary(k::BinaryOp::Mul, *tile_index, tile_v);
                let w = this.b.index(width);
                let offset = this.b.binary(k::BinaryOp::Mul, x, w);
                let column = this.b.binary(k::BinaryOp::Add, first, offset);
                let columns = this.size(columns_expr);
                let inside = this.b.compare(k::CompareOp::Lt, column, columns);
                let accs: Vec<k::AllocationId> =
                    this.identity_partials(width as usize, combine, acc_ty);
                let outer_idx = outer_idx.to_vec();
                this.if_then(inside, |this| {
                    let step = this.b.index(slices);
                    // A constant trip count (unrollable) when the slices divide the range.
                    let (lower, upper, stride) = match length.as_const() {
                        Some(n) if n % slices == 0 => {
                            let zero = this.b.index(0);
                            let one = this.b.index(1);
                            (zero, this.b.index(n / slices), one)
                        }
                        _ => (y, this.size(&length), step),
                    };
                    let uniform = lower != y;
                    this.for_loop(lower, upper, stride, |this, j| {
                        let t = if uniform {
                            let offset = this.b.binary(k::BinaryOp::Mul, j, step);
                            this.b.binary(k::BinaryOp::Add, y, offset)
                        } else {
                            j
                        };
                        let sizes: Vec<SizeExpr> =
                            order.iter().map(|&d| r.sizes[d].clone()).collect();
                        let red = this.row_major_indices(t, &sizes);
                        let value = this
                            .row_chunk(width, column, &mut |this, inner| {
                                let mut out_idx = outer_idx.clone();
                                out_idx.push(inner);
                                partial_at(this, &out_idx, &red)
                            })?
                            .ok_or_else(|| internal("column chunk stopped vectorizing"))?;
                        for (i, &acc) in accs.iter().enumerate() {
                            let x = if width == 1 {
                                value
                            } else {
                                this.b.let_op(
                                    Type::Scalar(acc_ty),
                                    k::Op::Extract {
                                        vector: value,
                                        lane: i as u8,
                                    },
                                )
                            };
                            let current =
                                this.b
                                    .load(Type::Scalar(acc_ty), Place::Allocation(acc), vec![]);
                            let next = this.b.binary(reduce_binary(combine), current, x);
                            this.b.store(Place::Allocation(acc), vec![], next);
                        }
                        Ok(())
                    })
                })?;
                // Slice partials to Workgroup memory: [y][x][i].
                let base = this.b.binary(k::BinaryOp::Mul, lane, w);
                for (i, &acc) in accs.iter().enumerate() {
                    let v = this
                        .b
                        .load(Type::Scalar(acc_ty), Place::Allocation(acc), vec![]);
                    let di = this.b.index(i as i64);
                    let at = this.b.binary(k::BinaryOp::Add, base, di);
                    this.b.store(Place::Allocation(shared), vec![at], v);
                }
                this.b.barrier();
                let zero = this.b.index(0);
                let first_slice = this.b.compare(k::CompareOp::Eq, y, zero);
                let store = this.b.binary(k::BinaryOp::And, first_slice, inside);
                this.if_then(store, |this| {
                    let row_stride = this.b.index(across * width);
                    for i in 0..width {
                        let di = this.b.index(i);
                        let at = this.b.binary(k::BinaryOp::Add, base, di);
                        let mut partials = Vec::new();
                        let mut at = at;
                        for s in 0..slices {
                            if s > 0 {
                                at = this.b.binary(k::BinaryOp::Add, at, row_stride);
                            }
                            partials.push(this.b.load(
                                Type::Scalar(acc_ty),
                                Place::Allocation(shared),
                                vec![at],
                            ));
                        }
                        let sum = this.combine_tree(combine, &partials);
                        let c = this.b.binary(k::BinaryOp::Add, column, di);
                        let mut out_idx = outer_idx.clone();
                        out_idx.push(c);
                        let init = this.element(r.op.operands[g.num_inputs], &out_idx)?;
                        let init = this.b.cast(init, acc_ty);
                        let value = this.b.binary(reduce_binary(combine), init, sum);
                        this.substitutions.insert((result, out_idx.clone()), value);
                        this.store_outputs(r.region, &out_idx)?;
                    }
                    Ok(())
                })
            })
        })?;
        Ok(true)
    }
}

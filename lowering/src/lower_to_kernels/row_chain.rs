//! Row chains (`RegionKind::RowChain`, `fusion/row_chain.rs`): one row per subgroup (or
//! workgroup), the region's ops in body order. A reduction sums (maxes, ...) its partials over
//! the row's columns, each invocation a strided share of them, and combines the invocations'
//! values (a subgroup or workgroup reduce); a per-row op (`mean = sum / n`, `rsqrt(var + eps)`)
//! is computed once per row; the stored whole-row value is computed at each column last. Both
//! become `row_values`, which every later read of the value at this row takes.
//!
//! In registers (a static row of at most the plan's elements per invocation) the columns of an
//! invocation are fixed index values shared by every pass, so the element cache keeps each
//! loaded element and each whole-row value (`x - mean`) across the passes: the row is read
//! once. Streamed, each pass is a loop over the columns that reads the row again (a dynamic row
//! length, or one too long).

use super::context::*;
use super::row::*;

impl<'a> Lowering<'a> {
    pub(super) fn row_chain(&mut self, region: &DispatchRegion) -> Result<(), CompileError> {
        let Strategy::Kernel(KernelStrategy::RowChain(plan)) = self.strategy else {
            return Err(internal("a row chain without its row-chain plan"));
        };
        let first = &self.f.ops[region.root];
        let input = *first
            .operands
            .first()
            .ok_or_else(|| internal("row chain root without an input"))?;
        let shape = self.tensor_shape(input);
        let (n, rows) = shape
            .split_last()
            .ok_or_else(|| internal("row chain over a scalar"))?;
        let (n, rows) = (n.clone(), rows.to_vec());
        let (group, registers) = match plan {
            SoftmaxRows::Registers(group) => (group, n.as_const()),
            SoftmaxRows::Streamed(group) => (group, None),
        };
        let region_ops = region.ops.clone();
        self.over_rows(&rows, group, |this, row, lane| {
            let lanes = group.lanes();
            // Registers: this invocation's columns (clamped index, column, whether it may lie
            // past the row).
            let mut columns: Vec<(k::Value, k::Value, bool)> = Vec::new();
            if let Some(n) = registers {
                let last = this.b.index(n - 1);
                for c in 0..(n + lanes - 1) / lanes {
                    let offset = this.b.index(c * lanes);
                    let q = this.b.binary(k::BinaryOp::Add, lane, offset);
                    let partial = (c + 1) * lanes > n;
                    let clamped = if partial {
                        this.b.binary(k::BinaryOp::Min, q, last)
                    } else {
                        q
                    };
                    columns.push((clamped, q, partial));
                }
            }
            let width = this.size(&n);
            for &op_id in &region_ops {
                let op = &this.f.ops[op_id];
                let is_reduction = matches!(&op.kind, OpKind::Generic(g)
                    if g.iterator_types.contains(&IteratorType::Reduction));
                let [result] = op.results[..] else {
                    return Err(internal("a row chain op with several results"));
                };
                if is_reduction {
                    let value =
                        this.row_chain_reduction(op_id, row, lane, group, &columns, width)?;
                    this.row_values.insert(result, value);
                } else if this.per_row(result, &rows, &n) {
                    let mut idx = row.to_vec();
                    if this.tensor_shape(result).len() > rows.len() {
                        idx.push(this.b.index(0));
                    }
                    let value = this.element(result, &idx)?;
                    this.row_values.insert(result, value);
                }
            }
            let store = |this: &mut Self, column: k::Value| {
                let mut idx = row.to_vec();
                idx.push(column);
                this.store_outputs(region, &idx)
            };
            if registers.is_some() {
                for &(clamped, q, partial) in &columns {
                    if partial {
                        let inside = this.b.compare(k::CompareOp::Lt, q, width);
                        this.if_then(inside, |this| store(this, clamped))?;
                    } else {
                        store(this, clamped)?;
                    }
                }
                Ok(())
            } else {
                let step = this.b.index(lanes);
                this.for_loop(lane, width, step, store)
            }
        })
    }

    /// Whether `v` holds one value per row: `[rows..]` or `[rows.., 1]` (fusion's rule; a row
    /// of static length 1 never forms a chain, so `[rows.., 1]` is not a whole row).
    fn per_row(&self, v: ValueId, rows: &[SizeExpr], n: &SizeExpr) -> bool {
        let shape = self.tensor_shape(v);
        let (k, one) = (rows.len(), SizeExpr::Const(1));
        shape[..k.min(shape.len())] == *rows
            && (shape.len() == k || (shape.len() == k + 1 && shape[k] == one && *n != one))
    }

    /// Reduction `op_id` of a row chain at row `row`: its partials at this invocation's columns
    /// (registers: `columns`; streamed: a loop over the row), combined over the row's
    /// invocations and with the init.
    fn row_chain_reduction(
        &mut self,
        op_id: OpId,
        row: &[k::Value],
        lane: k::Value,
        group: RowGroup,
        columns: &[(k::Value, k::Value, bool)],
        width: k::Value,
    ) -> Result<k::Value, CompileError> {
        let op = &self.f.ops[op_id];
        let OpKind::Generic(g) = &op.kind else {
            return Err(internal("a row chain reduction that is not a generic"));
        };
        let result = op.results[0];
        let acc_ty = self.compute_type(self.f.values[result].ty.dtype())?;
        let combiner = recognize_combiner(&g.body, g.num_inputs as u32)
            .ok_or_else(|| internal("a row chain reduction without a combiner"))?;
        let sizes = loop_sizes(self.f, op, g)
            .ok_or_else(|| internal("a row chain reduction without loop sizes"))?;
        let rank = g.iterator_types.len();
        let init_map: Vec<usize> = (0..rank - 1).collect();
        let reduction_dims = [rank - 1];
        // (`row_partial` reads the op, its maps and its combiner; the region is not stored from.)
        let r = RowReduction {
            region: &DispatchRegion {
                name: String::new(),
                kind: RegionKind::RowChain,
                root: op_id,
                epilogue_root: None,
                ops: Vec::new(),
                inputs: Vec::new(),
                outputs: Vec::new(),
            },
            op,
            g,
            sizes: &sizes,
            reduction_dims: &reduction_dims,
            init_map: &init_map,
            input: 0,
            combine: combiner.op,
            partial: combiner.partial,
            length: sizes[rank - 1].clone(),
            walk: init_map.clone(),
        };
        let order = [rank - 1];
        let combine = combiner.op;
        let mine = if columns.is_empty() {
            let acc = self.identity_partials(1, combine, acc_ty)[0];
            let step = self.b.index(group.lanes());
            self.for_loop(lane, width, step, |this, q| {
                let x = this.row_partial(&r, &order, acc_ty, row, &[q])?;
                let current = this
                    .b
                    .load(Type::Scalar(acc_ty), Place::Allocation(acc), vec![]);
                let next = this.b.binary(reduce_binary(combine), current, x);
                this.b.store(Place::Allocation(acc), vec![], next);
                Ok(())
            })?;
            self.b
                .load(Type::Scalar(acc_ty), Place::Allocation(acc), vec![])
        } else {
            let identity = self.b.constant(acc_ty, reduce_identity(combine, acc_ty));
            let mut terms = Vec::with_capacity(columns.len());
            for &(clamped, q, partial) in columns {
                let x = self.row_partial(&r, &order, acc_ty, row, &[clamped])?;
                terms.push(if partial {
                    let inside = self.b.compare(k::CompareOp::Lt, q, width);
                    self.b.select(inside, x, identity)
                } else {
                    x
                });
            }
            self.combine_tree(combine, &terms)
        };
        let total = self.row_reduce(group, combine, mine);
        let init = self.element(op.operands[g.num_inputs], row)?;
        let init = self.b.cast(init, acc_ty);
        Ok(self.b.binary(reduce_binary(combine), init, total))
    }
}

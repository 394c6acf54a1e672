//! The few-rows pipeline of matmul-like contractions (a linear layer on a row or a few:
//! batch-1 inference, decoding): the tiled pipelines take 64-128 rows a workgroup and `N / 128`
//! workgroups walking K in dependent steps, so a row or a few ran 20-30x slower than reading
//! the weights (132 compute units, `x * W`, W 4096 x 4096 f16, M = 1: 194-264 us on every pipeline).
//!
//! - A workgroup owns `Heuristics::gemv_columns` output columns for all M rows; its invocations are column
//!   groups times K slices: invocation `(c, s)` sums its columns over the `s`-th contiguous
//!   slice of K for every row (Function-storage accumulators), reading the rhs straight from
//!   the operand: a vec4 of 4 adjacent columns where the rhs is a plain row-major `[K, N]`
//!   buffer with rows of a multiple of 4, else one column.
//! - An invocation loads `unroll` K steps of the rhs before it uses them (independent loads in
//!   flight), and the lhs rows as vec4s along K where the lhs is a plain row-major buffer.
//! - The slices' sums meet in Workgroup memory; then every invocation adds up the slices of
//!   its outputs (one per invocation while rows x columns <= invocations) and runs their
//!   epilogue (init + sum, fused consumers, stores guarded against the problem edge).
//! - Columns past N read the last columns (clamped loads), feeding only unstored outputs.
//!
//! A workgroup takes up to `Heuristics::gemv_rows_per_workgroup` rows; an M up to [`gemv_max_m`] takes several
//! workgroup rows (the rows past M read the last row and store nothing). A dynamic M gets
//! run-time variants ([`region_rows`]): this kernel for one row, for up to 4 (132 compute units, M = 2-4:
//! 21.5 us against 30.4 on the 8-row variant) and for up to `gemv_max_m` rows, the other
//! pipelines for more.
//!
//! A transposed rhs (`[N, K]` row-major, K innermost on both operands: ONNX `Gemm` with
//! `transB` on a run-time weight; N and K of at least 256 as for the rest of this pipeline)
//! takes the row-reduction strategy instead (`dot_rows`: each output the dot product of two
//! contiguous rows, a subgroup per output reading both along K in vec4s, the outputs of one rhs
//! row together), where this kernel would read the rhs a column at a time. 132 compute units, f16 4096 x
//! 4096 (f32 acc), GPU us, this kernel / dot rows: M = 1 74.3 / 13.1, 2 75.3 / 16.4, 4 77.5 /
//! 27.6, 8 82.9 / 47.6, 16 159.9 / 89.1; f32 M = 4 82.8 / 30.9, 64 684.5 / 344.1 (each output
//! still reads its rhs row, from L2 after the first: above one row the plain `[K, N]` layout on
//! this kernel stays faster, M = 8 28.0 us).
//!
//! 132 compute units, `relu(x * W + b)`, W 4096 x 4096 f16: M = 1 14.9 us (the weights' read takes 8 us at
//! 4 TB/s, plus the ~4 us dispatch floor), against 264.6 us on the tiled pipelines.

use super::context::*;
use super::staging::*;

impl<'a> Lowering<'a> {
    /// See the module docs; `rows` is the (static) M, `shape` the workgroup's.
    pub(super) fn gemv_matmul(
        &mut self,
        region: &DispatchRegion,
        gemm: &Gemm<'_>,
        rows: u32,
        shape: GemvShape,
        combiner: Combiner,
    ) -> Result<(), CompileError> {
        use k::BinaryOp as B;
        let (op, g, sizes, dims) = (gemm.op, gemm.g, gemm.sizes, gemm.dims);
        let acc_ty = self.compute_type(self.f.values[op.results[0]].ty.dtype())?;
        let (Some(k), Some(_)) = (
            SizeExpr::product(dims.k.iter().map(|&d| &sizes[d])).as_const(),
            SizeExpr::product(dims.n.iter().map(|&d| &sizes[d])).as_const(),
        ) else {
            return Err(internal("few-rows matmul with a dynamic N or K"));
        };
        // Adjacent columns an invocation (the shape's width): vec4s of the rhs read straight
        // from its buffer.
        let width = shape.width;
        let rhs_view = match (width, self.tensor_view(op.operands[1], dims, false)) {
            (1, _) => None,
            (_, Some(Ok(view))) => Some(view),
            _ => {
                return Err(internal(
                    "few-rows matmul: vec4 columns of an rhs without a buffer",
                ))
            }
        };
        let columns = self.target.heuristics.gemv_columns;
        let (invocations, unroll) = (shape.invocations, shape.unroll);
        let (m_expr, n_expr, k_expr, grid) = gemm_grid(sizes, dims, rows, columns);
        let groups = columns / width;
        let slices = invocations / groups;
        let unroll_i = i64::from(unroll);
        let slice = (k + i64::from(slices) - 1) / i64::from(slices);
        let slice = (slice + unroll_i - 1) / unroll_i * unroll_i;
        let nbatch = dims.batch.len();
        self.b.kernel.local_size = [invocations, 1, 1];
        let partials = self.b.allocate(
            "slice_sums",
            k::StorageClass::Workgroup,
            acc_ty,
            slices * rows * columns,
        );
        let rhs_ty = self.compute_type(self.f.values[op.operands[1]].ty.dtype())?;
        // The lhs rows as vec4s along K where the lhs is a plain row-major `[M, K]` buffer
        // with rows of a multiple of 4, and the unrolled steps come in fours.
        let lhs_ty = self.compute_type(self.f.values[op.operands[0]].ty.dtype())?;
        let lhs_row_major = reads_row_major(g, 0, &dims.m, &dims.k);
        let lhs_view = match self.tensor_view(op.operands[0], dims, false) {
            Some(Ok(view))
                if k % 4 == 0 && unroll % 4 == 0 && lhs_row_major && dims.batch.is_empty() =>
            {
                Some(view)
            }
            _ => None,
        };
        self.parallel_over(ParallelMarker::Workgroup, &grid, |this, group| {
            this.parallel_over(
                ParallelMarker::Local,
                &[SizeExpr::Const(i64::from(invocations))],
                |this, local| {
                    let lane = local[0];
                    // (At least two slots: a one-element allocation is a scalar, not indexed.)
                    let acc = this.zeroed_accumulators(acc_ty, (rows * width).max(2));
                    let edges = this.gemm_edges(&m_expr, &n_expr, &k_expr);
                    let columns_v = this.b.index(i64::from(columns));
                    let groups_v = this.b.index(i64::from(groups));
                    let width_v = this.b.index(i64::from(width));
                    let n0 = this.b.binary(B::Mul, group[nbatch + 1], columns_v);
                    let c = this.b.binary(B::Rem, lane, groups_v);
                    let s = this.b.binary(B::Div, lane, groups_v);
                    let offset = this.b.binary(B::Mul, c, width_v);
                    let col = this.b.binary(B::Add, n0, offset);
                    // The first column read: at most N - 4 (vec4s; a multiple of 4), else
                    // N - 1.
                    let step_cols = this.b.index(if rhs_view.is_some() { 4 } else { 1 });
                    let last = this.b.binary(B::Sub, edges.n, step_cols);
                    let col_in = this.b.binary(B::Min, col, last);
                    let zero = this.b.index(0);
                    let one = this.b.index(1);
                    let slice_v = this.b.index(slice);
                    let rows_v = this.b.index(i64::from(rows));
                    let m0 = this.b.binary(B::Mul, group[nbatch], rows_v);
                    let last_row = this.b.binary(B::Sub, edges.m, one);
                    let start = this.b.binary(B::Mul, s, slice_v);
                    let end = this.b.binary(B::Add, start, slice_v);
                    let end = this.b.binary(B::Min, end, edges.k);
                    // Slices past K are empty (start > K).
                    let end = this.b.binary(B::Max, end, start);
                    // One K step `kk .. kk + count`: the rhs loads first, then the math.
                    let step = |this: &mut Self, kk: k::Value, count: u32| {
                        let mut ys: Vec<Vec<k::Value>> = Vec::new();
                        for u in 0..count {
                            let du = this.b.index(i64::from(u));
                            let ku = this.b.binary(B::Add, kk, du);
                            ys.push(match rhs_view {
                                Some(view) => {
                                    this.load_lanes(view, rhs_ty, vec![ku, col_in], acc_ty)
                                }
                                None => {
                                    let idx = this
                                        .gemm_operand_indices(gemm, group, 1, col_in, zero, ku)?;
                                    vec![this.element(op.operands[1], &idx)?]
                                }
                            });
                        }
                        for r in 0..rows {
                            // Rows past M (a dynamic M) read the last row.
                            let r_v = this.b.index(i64::from(r));
                            let row = this.b.binary(B::Add, m0, r_v);
                            let row = this.b.binary(B::Min, row, last_row);
                            let mut xs = Vec::new();
                            if let (Some(view), true) = (lhs_view, count == unroll) {
                                for q in 0..count / 4 {
                                    let dq = this.b.index(i64::from(4 * q));
                                    let kq = this.b.binary(B::Add, kk, dq);
                                    xs.extend(this.load_lanes(view, lhs_ty, vec![row, kq], acc_ty));
                                }
                            }
                            for (u, y) in ys.iter().enumerate() {
                                let x = match xs.get(u) {
                                    Some(&x) => x,
                                    None => {
                                        let du = this.b.index(u as i64);
                                        let ku = this.b.binary(B::Add, kk, du);
                                        let idx = this
                                            .gemm_operand_indices(gemm, group, 0, row, zero, ku)?;
                                        this.element(op.operands[0], &idx)?
                                    }
                                };
                                for (j, &y) in y.iter().enumerate() {
                                    let slot = r * width + j as u32;
                                    this.accumulate(g, &combiner, acc, acc_ty, slot, x, y)?;
                                }
                            }
                        }
                        Ok(())
                    };
                    if unroll > 1 {
                        let unroll_v = this.b.index(unroll_i);
                        let len = this.b.binary(B::Sub, end, start);
                        let steps = this.b.binary(B::Div, len, unroll_v);
                        let len = this.b.binary(B::Mul, steps, unroll_v);
                        let full = this.b.binary(B::Add, start, len);
                        this.for_loop(start, full, unroll_v, |this, kk| step(this, kk, unroll))?;
                        this.for_loop(full, end, one, |this, kk| step(this, kk, 1))?;
                    } else {
                        this.for_loop(start, end, one, |this, kk| step(this, kk, 1))?;
                    }
                    // partials[(s * rows + r) * columns + c * width + j] = acc[r * width + j]
                    let base = this.b.binary(B::Mul, s, rows_v);
                    for r in 0..rows {
                        let r_v = this.b.index(i64::from(r));
                        let at = this.b.binary(B::Add, base, r_v);
                        let at = this.b.binary(B::Mul, at, columns_v);
                        let at = this.b.binary(B::Add, at, offset);
                        for j in 0..width {
                            let slot = this.b.index(i64::from(r * width + j));
                            let v = this.b.load(
                                Type::Scalar(acc_ty),
                                Place::Allocation(acc),
                                vec![slot],
                            );
                            let j = this.b.index(i64::from(j));
                            let at = this.b.binary(B::Add, at, j);
                            this.b.store(Place::Allocation(partials), vec![at], v);
                        }
                    }
                    this.b.barrier();
                    // Every invocation sums the slices of outputs `lane`, `lane + invocations`,
                    // ... and runs their epilogue.
                    let outputs = rows * columns;
                    for t in 0..outputs.div_ceil(invocations) {
                        let t_v = this.b.index(i64::from(t * invocations));
                        let o = this.b.binary(B::Add, lane, t_v);
                        let outputs_v = this.b.index(i64::from(outputs));
                        let inside = this.b.compare(k::CompareOp::Lt, o, outputs_v);
                        this.if_then(inside, |this| {
                            let r = this.b.binary(B::Div, o, columns_v);
                            let cw = this.b.binary(B::Rem, o, columns_v);
                            let mut total = None;
                            for other in 0..slices {
                                let other = this.b.index(i64::from(other * rows));
                                let at = this.b.binary(B::Add, other, r);
                                let at = this.b.binary(B::Mul, at, columns_v);
                                let at = this.b.binary(B::Add, at, cw);
                                let v = this.b.load(
                                    Type::Scalar(acc_ty),
                                    Place::Allocation(partials),
                                    vec![at],
                                );
                                total = Some(match total {
                                    None => v,
                                    Some(t) => this.b.binary(reduce_binary(combiner.op), t, v),
                                });
                            }
                            let total = total.expect("slices > 0");
                            let gm = this.b.binary(B::Add, m0, r);
                            let gn = this.b.binary(B::Add, n0, cw);
                            this.finish_gemm_output(
                                region,
                                gemm,
                                group,
                                edges,
                                gm,
                                gn,
                                acc_ty,
                                |_| total,
                            )
                        })?;
                    }
                    Ok(())
                },
            )
        })
    }
}

impl Lowering<'_> {
    /// The 4 lanes of a vec4 of `element`s loaded from `view` at `indices`. 16-bit lanes are
    /// extracted after a conversion to an f32 accumulator type (16-bit storage alone allows no
    /// extracts; the contraction body's own conversion is then a no-op).
    fn load_lanes(
        &mut self,
        view: k::ViewId,
        element: ScalarType,
        indices: Vec<k::Value>,
        acc_ty: ScalarType,
    ) -> Vec<k::Value> {
        let v = self
            .b
            .load(Type::Vector(element, 4), Place::View(view), indices);
        let wide =
            matches!(element, ScalarType::F16 | ScalarType::BF16) && acc_ty == ScalarType::F32;
        let v = if wide {
            self.b.cast(v, ScalarType::F32)
        } else {
            v
        };
        (0..4).map(|lane| extract(&mut self.b, v, lane)).collect()
    }
}

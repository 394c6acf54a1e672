//! The few-rows pipeline of matmul-like contractions (a linear layer on a row or a few:
//! batch-1 inference, decoding): the tiled pipelines take 64-128 rows a workgroup and `N / 128`
//! workgroups walking K in dependent steps, so a row or a few ran 20-30x slower than reading
//! the weights (H200, `x * W`, W 4096 x 4096 f16, M = 1: 194-264 us on every pipeline).
//!
//! - A workgroup owns `COLUMNS` output columns for all M rows; its invocations are column
//!   groups times K slices: invocation `(c, s)` sums its columns over the `s`-th contiguous
//!   slice of K for every row (Function-storage accumulators), reading the rhs straight from
//!   the operand (a vec4 of 4 adjacent columns where the rhs is a plain row-major buffer with
//!   rows of a multiple of 4, 8 groups x 32 slices; else one column, 32 x 8) and the lhs rows
//!   (the same for the whole workgroup).
//! - The slices' sums meet in Workgroup memory; the first slice's invocations add them up and
//!   run the epilogue (init + sum, fused consumers, stores guarded against the problem edge).
//! - Columns past N read the last columns (clamped loads), feeding only unstored outputs.
//!
//! A first version: 9x faster than the tiled pipelines for one row, still 3.5x the weights'
//! read time (one vec4 of the rhs per invocation and step).

use super::staging::*;
use super::*;

/// Output columns per workgroup.
const COLUMNS: u32 = 32;
/// Invocations per workgroup: COLUMNS / width column groups times K slices (width 1: 8 slices;
/// width 4, a vec4 of the rhs an invocation: 32 slices).
const INVOCATIONS: u32 = 256;
/// The most rows (M) the pipeline takes: each invocation keeps its accumulators per row and
/// reads every row's lhs value per step. H200, `x * W + b`, W 4096 x 4096 f16, GPU us against
/// the tiled pipelines: M = 1 28.7 against 264.6, M = 4 76.1 against 256.6, M = 8 88.4 against
/// 251.1 (f32, M = 1: 46.4 against 221.3; one column an invocation instead of a vec4: 67.1,
/// 117.9, 202.5, 73.2).
pub(super) const GEMV_MAX_ROWS: i64 = 8;

impl<'a> Lowering<'a> {
    /// See the module docs; `rows` is the (static) M.
    pub(super) fn gemv_matmul(
        &mut self,
        region: &DispatchRegion,
        gemm: &Gemm<'_>,
        rows: u32,
        combiner: Combiner,
    ) -> Result<(), CompileError> {
        use k::BinaryOp as B;
        let (op, g, sizes, dims) = (gemm.op, gemm.g, gemm.sizes, gemm.dims);
        let acc_ty = self.compute_type(self.f.values[op.results[0]].ty.dtype())?;
        let (m_expr, n_expr, k_expr, grid) = gemm_grid(sizes, dims, rows, COLUMNS);
        let (Some(k), Some(n)) = (k_expr.as_const(), n_expr.as_const()) else {
            return Err(internal("few-rows matmul with a dynamic N or K"));
        };
        // Four adjacent columns an invocation, read as one vec4, where the rhs is a plain
        // row-major `[K, N]` buffer of its compute type, read as such (not transposed), with
        // rows of a multiple of 4 (no batch).
        let rhs_row_major = matches!((&dims.k[..], &dims.n[..]), ([kd], [nd])
            if g.indexing_maps[1].results == [AffineExpr::Dim(*kd), AffineExpr::Dim(*nd)]);
        let rhs_view = match self.tensor_view(op.operands[1], dims, false) {
            Some(Ok(view)) if n % 4 == 0 && rhs_row_major && dims.batch.is_empty() => Some(view),
            _ => None,
        };
        let width: u32 = if rhs_view.is_some() { 4 } else { 1 };
        let groups = COLUMNS / width;
        let slices = INVOCATIONS / groups;
        let slice = (k + i64::from(slices) - 1) / i64::from(slices);
        let nbatch = dims.batch.len();
        self.b.kernel.local_size = [INVOCATIONS, 1, 1];
        let partials = self.b.allocate(
            "slice_sums",
            k::StorageClass::Workgroup,
            acc_ty,
            slices * rows * COLUMNS,
        );
        let rhs_ty = self.compute_type(self.f.values[op.operands[1]].ty.dtype())?;
        self.parallel_over(ParallelMarker::Workgroup, &grid, |this, group| {
            this.parallel_over(
                ParallelMarker::Local,
                &[SizeExpr::Const(i64::from(INVOCATIONS))],
                |this, local| {
                    let lane = local[0];
                    // (At least two slots: a one-element allocation is a scalar, not indexed.)
                    let acc = this.zeroed_accumulators(acc_ty, (rows * width).max(2));
                    let edges = this.gemm_edges(&m_expr, &n_expr, &k_expr);
                    let columns = this.b.index(i64::from(COLUMNS));
                    let groups_v = this.b.index(i64::from(groups));
                    let width_v = this.b.index(i64::from(width));
                    let n0 = this.b.binary(B::Mul, group[nbatch + 1], columns);
                    let c = this.b.binary(B::Rem, lane, groups_v);
                    let s = this.b.binary(B::Div, lane, groups_v);
                    let offset = this.b.binary(B::Mul, c, width_v);
                    let col = this.b.binary(B::Add, n0, offset);
                    // The first column read: at most N - width (a multiple of the width).
                    let last = this.b.binary(B::Sub, edges.n, width_v);
                    let col_in = this.b.binary(B::Min, col, last);
                    let one = this.b.index(1);
                    let slice_v = this.b.index(slice);
                    let start = this.b.binary(B::Mul, s, slice_v);
                    let end = this.b.binary(B::Add, start, slice_v);
                    let end = this.b.binary(B::Min, end, edges.k);
                    let zero = this.b.index(0);
                    this.for_loop(start, end, one, |this, kk| {
                        let y: Vec<k::Value> = match rhs_view {
                            Some(view) => {
                                let ty = Type::Vector(rhs_ty, 4);
                                let v = this.b.load(ty, Place::View(view), vec![kk, col_in]);
                                // 16-bit lanes are extracted after a conversion to the f32
                                // accumulator type (16-bit storage alone allows no extracts;
                                // the body's own conversion is then a no-op).
                                let wide = matches!(rhs_ty, ScalarType::F16 | ScalarType::BF16)
                                    && acc_ty == ScalarType::F32;
                                let (v, lane_ty) = if wide {
                                    (this.b.cast(v, ScalarType::F32), ScalarType::F32)
                                } else {
                                    (v, rhs_ty)
                                };
                                (0..4)
                                    .map(|lane| {
                                        this.b.let_op(
                                            Type::Scalar(lane_ty),
                                            k::Op::Extract { vector: v, lane },
                                        )
                                    })
                                    .collect()
                            }
                            None => {
                                let idx =
                                    this.gemm_operand_indices(gemm, group, 1, col_in, zero, kk)?;
                                vec![this.element(op.operands[1], &idx)?]
                            }
                        };
                        for r in 0..rows {
                            let row = this.b.index(i64::from(r));
                            let idx = this.gemm_operand_indices(gemm, group, 0, row, zero, kk)?;
                            let x = this.element(op.operands[0], &idx)?;
                            for (j, &y) in y.iter().enumerate() {
                                let slot = r * width + j as u32;
                                this.accumulate(g, &combiner, acc, acc_ty, slot, x, y)?;
                            }
                        }
                        Ok(())
                    })?;
                    // partials[((s * rows + r) * groups + c) * width + j] = acc[r * width + j]
                    let rows_v = this.b.index(i64::from(rows));
                    let slot = |this: &mut Self, s: k::Value, r: u32, j: u32| {
                        let base = this.b.binary(B::Mul, s, rows_v);
                        let r = this.b.index(i64::from(r));
                        let at = this.b.binary(B::Add, base, r);
                        let at = this.b.binary(B::Mul, at, groups_v);
                        let at = this.b.binary(B::Add, at, c);
                        let at = this.b.binary(B::Mul, at, width_v);
                        let j = this.b.index(i64::from(j));
                        this.b.binary(B::Add, at, j)
                    };
                    for r in 0..rows {
                        for j in 0..width {
                            let at = this.b.index(i64::from(r * width + j));
                            let v =
                                this.b
                                    .load(Type::Scalar(acc_ty), Place::Allocation(acc), vec![at]);
                            let at = slot(this, s, r, j);
                            this.b.store(Place::Allocation(partials), vec![at], v);
                        }
                    }
                    this.b.barrier();
                    let first = this.b.compare(k::CompareOp::Eq, s, zero);
                    this.if_then(first, |this| {
                        let m0 = {
                            let rows_v = this.b.index(i64::from(rows));
                            this.b.binary(B::Mul, group[nbatch], rows_v)
                        };
                        for r in 0..rows {
                            for j in 0..width {
                                let mut total = None;
                                for other in 0..slices {
                                    let other = this.b.index(i64::from(other));
                                    let at = slot(this, other, r, j);
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
                                let off = this.b.index(i64::from(r));
                                let gm = this.b.binary(B::Add, m0, off);
                                let j = this.b.index(i64::from(j));
                                let gn = this.b.binary(B::Add, col, j);
                                this.finish_gemm_output(
                                    region,
                                    gemm,
                                    group,
                                    edges,
                                    gm,
                                    gn,
                                    acc_ty,
                                    |_| total,
                                )?;
                            }
                        }
                        Ok(())
                    })
                },
            )
        })
    }
}

/// The row count with which the few-rows pipeline takes an `m x n x k` matmul on `target`: a
/// static M of at most GEMV_MAX_ROWS, static N and K of at least 256 (below, the tiled
/// pipelines' few steps cost little), a GPU (CPU devices have the lanes pipeline), and no tile
/// override or `kiln tune` entry for the contraction.
pub(super) fn gemv_rows(
    [m, n, k]: [&SizeExpr; 3],
    tuning_key: &str,
    target: &LoweringTarget,
) -> Option<u32> {
    let (m, n, k) = (m.as_const()?, n.as_const()?, k.as_const()?);
    let overridden = crate::kernel_config::tiling_chosen_elsewhere(tuning_key, target);
    let gpu = target.env.device_type != kiln_spirv_ir::target::DeviceType::Cpu;
    (gpu && !overridden && (1..=GEMV_MAX_ROWS).contains(&m) && n >= 256 && k >= 256)
        .then_some(m as u32)
}

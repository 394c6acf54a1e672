//! The few-rows pipeline of matmul-like contractions (a linear layer on a row or a few:
//! batch-1 inference, decoding): the tiled pipelines take 64-128 rows a workgroup and `N / 128`
//! workgroups walking K in dependent steps, so a row or a few ran 20-30x slower than reading
//! the weights (H200, `x * W`, W 4096 x 4096 f16, M = 1: 194-264 us on every pipeline).
//!
//! - A workgroup owns `COLUMNS` output columns for all M rows; its `COLUMNS x SLICES`
//!   invocations split K into `SLICES` contiguous slices, invocation `(c, s)` summing column
//!   `c` over slice `s` for every row (its Function-storage accumulators), reading the rhs
//!   straight from the operand (adjacent invocations, adjacent columns) and the lhs rows
//!   (the same for the whole workgroup).
//! - The slices' sums meet in Workgroup memory; the first slice's invocations add them up and
//!   run the epilogue (init + sum, fused consumers, stores guarded against the problem edge).
//! - Columns past N read the last column (clamped loads), feeding only unstored outputs.
//!
//! A first version: 4x faster than the tiled pipelines for one row, still ~8x the weights'
//! read time (scalar loads, one rhs element per invocation and step).

use super::staging::*;
use super::*;
use crate::kernel_config::MatmulDims;

/// Output columns per workgroup (one subgroup of 32 reads 32 adjacent columns of a row).
const COLUMNS: u32 = 32;
/// K slices per workgroup.
const SLICES: u32 = 8;
/// The most rows (M) the pipeline takes: each invocation keeps one accumulator per row and
/// reads every row's lhs value per step. H200, `x * W + b`, W 4096 x 4096 f16, GPU us against
/// the tiled pipelines: M = 1 67.1 against 264.6, M = 4 117.9 against 256.6, M = 8 202.5
/// against 251.1 (f32, M = 1: 73.2 against 221.3); the cost grows by ~23 us a row.
pub(super) const GEMV_MAX_ROWS: i64 = 8;

impl<'a> Lowering<'a> {
    /// See the module docs; `rows` is the (static) M.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn gemv_matmul(
        &mut self,
        region: &DispatchRegion,
        op: &Op,
        g: &Generic,
        sizes: &[SizeExpr],
        dims: &MatmulDims,
        rows: u32,
        combiner: Combiner,
    ) -> Result<(), CompileError> {
        use k::BinaryOp as B;
        let gemm = Gemm { op, g, sizes, dims };
        let acc_ty = self.compute_type(self.f.values[op.results[0]].ty.dtype())?;
        let (m_expr, n_expr, k_expr, grid) = gemm_grid(sizes, dims, rows, COLUMNS);
        let Some(k) = k_expr.as_const() else {
            return Err(internal("few-rows matmul with a dynamic K"));
        };
        let slice = (k + i64::from(SLICES) - 1) / i64::from(SLICES);
        let nbatch = dims.batch.len();
        self.b.kernel.local_size = [COLUMNS * SLICES, 1, 1];
        let partials = self.b.allocate(
            "slice_sums",
            k::StorageClass::Workgroup,
            acc_ty,
            SLICES * rows * COLUMNS,
        );
        self.parallel_over(ParallelMarker::Workgroup, &grid, |this, group| {
            this.parallel_over(
                ParallelMarker::Local,
                &[SizeExpr::Const(i64::from(COLUMNS * SLICES))],
                |this, local| {
                    let lane = local[0];
                    // (At least two slots: a one-element allocation is a scalar, not indexed.)
                    let acc = this.zeroed_accumulators(acc_ty, rows.max(2));
                    let edges = this.gemm_edges(&m_expr, &n_expr, &k_expr);
                    let columns = this.b.index(i64::from(COLUMNS));
                    let n0 = this.b.binary(B::Mul, group[nbatch + 1], columns);
                    let c = this.b.binary(B::Rem, lane, columns);
                    let s = this.b.binary(B::Div, lane, columns);
                    let col = this.b.binary(B::Add, n0, c);
                    let one = this.b.index(1);
                    let n_last = this.b.binary(B::Sub, edges.n, one);
                    let col_in = this.b.binary(B::Min, col, n_last);
                    let slice_v = this.b.index(slice);
                    let start = this.b.binary(B::Mul, s, slice_v);
                    let end = this.b.binary(B::Add, start, slice_v);
                    let end = this.b.binary(B::Min, end, edges.k);
                    let zero = this.b.index(0);
                    this.for_loop(start, end, one, |this, kk| {
                        let y = {
                            let idx =
                                this.gemm_operand_indices(&gemm, group, 1, col_in, zero, kk)?;
                            this.element(op.operands[1], &idx)?
                        };
                        for r in 0..rows {
                            let row = this.b.index(i64::from(r));
                            let idx = this.gemm_operand_indices(&gemm, group, 0, row, zero, kk)?;
                            let x = this.element(op.operands[0], &idx)?;
                            this.accumulate(g, &combiner, acc, acc_ty, r, x, y)?;
                        }
                        Ok(())
                    })?;
                    // partials[(s * rows + r) * COLUMNS + c] = acc[r]
                    let rows_v = this.b.index(i64::from(rows));
                    let slot = |this: &mut Self, s: k::Value, r: u32| {
                        let base = this.b.binary(B::Mul, s, rows_v);
                        let r = this.b.index(i64::from(r));
                        let at = this.b.binary(B::Add, base, r);
                        let at = this.b.binary(B::Mul, at, columns);
                        this.b.binary(B::Add, at, c)
                    };
                    for r in 0..rows {
                        let at = this.b.index(i64::from(r));
                        let v = this
                            .b
                            .load(Type::Scalar(acc_ty), Place::Allocation(acc), vec![at]);
                        let at = slot(this, s, r);
                        this.b.store(Place::Allocation(partials), vec![at], v);
                    }
                    this.b.barrier();
                    let first = this.b.compare(k::CompareOp::Eq, s, zero);
                    this.if_then(first, |this| {
                        let m0 = {
                            let rows_v = this.b.index(i64::from(rows));
                            this.b.binary(B::Mul, group[nbatch], rows_v)
                        };
                        for r in 0..rows {
                            let mut total = None;
                            for other in 0..SLICES {
                                let other = this.b.index(i64::from(other));
                                let at = slot(this, other, r);
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
                            let total = total.expect("SLICES > 0");
                            let off = this.b.index(i64::from(r));
                            let gm = this.b.binary(B::Add, m0, off);
                            this.finish_gemm_output(
                                region,
                                &gemm,
                                group,
                                edges,
                                gm,
                                col,
                                acc_ty,
                                |_| total,
                            )?;
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
    let overridden = target.matmul_tiles.is_some()
        || target.coopmat_tiles.is_some()
        || target.lanes_tiles.is_some()
        || target.workgroup_matrix_tiles.is_some()
        || target.tuned.contains_key(tuning_key);
    let gpu = target.env.device_type != kiln_spirv_ir::target::DeviceType::Cpu;
    (gpu && !overridden && (1..=GEMV_MAX_ROWS).contains(&m) && n >= 256 && k >= 256)
        .then_some(m as u32)
}

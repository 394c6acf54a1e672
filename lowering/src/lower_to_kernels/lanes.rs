//! The lanes pipeline of matmul-like contractions for CPU devices (see
//! `kernel_config::LanesConfig` for why):
//!
//! - A workgroup is one subgroup of `S` invocations and owns a `rows x (S * cols_per_lane)`
//!   output tile; invocation `l` (its `SubgroupLocalInvocationId`) owns rows `0..rows` of
//!   columns `l, l + S, ..` of it, as a Function-storage register tile.
//! - No promotion: per reduction step, invocation `l` reads lhs rows `l, l + S, ..` and its own
//!   rhs columns straight from the operands (fused producers, padding and window maps evaluated
//!   on the fly), and takes row `r` of the lhs from lane `r % S` (`subgroup_broadcast`).
//! - Out-of-range rows and columns read the last row / column (clamped loads): they only feed
//!   outputs that the guarded epilogue does not store.
//! - Epilogue: the accumulators go to a lane-interleaved Workgroup tile (constant indices, so
//!   they stay registers in the main loop), then one loop over the tile applies init +
//!   accumulator, the fused consumers and the stores guarded against the problem edge: one
//!   copy of the epilogue instead of `rows * cols`, which keeps the kernel small for the CPU
//!   driver's compiler.

use super::context::*;
use super::staging::*;
use crate::kernel_config::{LanesConfig, MatmulDims};

impl<'a> Lowering<'a> {
    /// See the module docs.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn lanes_matmul(
        &mut self,
        region: &DispatchRegion,
        op: &Op,
        g: &Generic,
        sizes: &[SizeExpr],
        dims: &MatmulDims,
        c: LanesConfig,
        combiner: Combiner,
    ) -> Result<(), CompileError> {
        use k::BinaryOp as B;
        let (s, rows, cols) = (c.subgroup_size, c.rows, c.cols_per_lane);
        if s == 0 || rows % s != 0 {
            return Err(internal(format!(
                "lanes matmul: {rows} rows do not divide over subgroups of {s}"
            )));
        }
        let gemm = Gemm { op, g, sizes, dims };
        let acc_ty = self.compute_type(self.f.values[op.results[0]].ty.dtype())?;
        let lhs_ty = self.compute_type(self.f.values[op.operands[0]].ty.dtype())?;
        if !matches!(lhs_ty, ScalarType::F32 | ScalarType::I32) {
            return Err(internal(format!(
                "lanes matmul: {lhs_ty:?} lhs values (subgroup broadcasts take 32-bit values)"
            )));
        }
        let acc_bytes = match acc_ty {
            ScalarType::F64 | ScalarType::I64 => 8,
            _ => 4,
        };
        let tile_bytes = u64::from(rows * cols * s) * acc_bytes;
        let shared = u64::from(self.target.env.limits.max_compute_shared_memory_size);
        if tile_bytes > shared {
            return Err(self.limit_exceeded(format!(
                "the lanes tiling {rows}x{cols} stages its {tile_bytes}-byte output tile in \
                 workgroup memory, more than maxComputeSharedMemorySize ({shared} bytes)"
            )));
        }
        self.b.kernel.local_size = [s, 1, 1];
        let (m_expr, n_expr, k_expr, grid) = gemm_grid(sizes, dims, rows, c.tile_n());
        let nbatch = dims.batch.len();
        self.parallel_over(ParallelMarker::Workgroup, &grid, |this, group| {
            this.parallel_over(
                ParallelMarker::Local,
                &[SizeExpr::Const(s as i64)],
                |this, _| {
                    let lane = this.b.builtin(k::Builtin::SubgroupLocalInvocationId, 0);
                    let acc = this.zeroed_accumulators(acc_ty, rows * cols);
                    let edges = this.gemm_edges(&m_expr, &n_expr, &k_expr);
                    let rows_v = this.b.index(rows as i64);
                    let tile_n = this.b.index(c.tile_n() as i64);
                    let m0 = this.b.binary(B::Mul, group[nbatch], rows_v);
                    let n0 = this.b.binary(B::Mul, group[nbatch + 1], tile_n);
                    let one = this.b.index(1);
                    let m_last = this.b.binary(B::Sub, edges.m, one);
                    let n_last = this.b.binary(B::Sub, edges.n, one);
                    // This lane's lhs rows and output columns, clamped into the problem.
                    let mut lane_rows = Vec::new();
                    for i in 0..rows / s {
                        let off = this.b.index((i * s) as i64);
                        let r = this.b.binary(B::Add, m0, off);
                        let r = this.b.binary(B::Add, r, lane);
                        lane_rows.push(this.b.binary(B::Min, r, m_last));
                    }
                    let mut lane_cols = Vec::new();
                    for j in 0..cols {
                        let off = this.b.index((j * s) as i64);
                        let col = this.b.binary(B::Add, n0, off);
                        let col = this.b.binary(B::Add, col, lane);
                        lane_cols.push((col, this.b.binary(B::Min, col, n_last)));
                    }
                    let zero = this.b.index(0);
                    this.for_loop(zero, edges.k, one, |this, kk| {
                        let load = |this: &mut Self, arg: usize, outer| {
                            let idx =
                                this.gemm_operand_indices(&gemm, group, arg, outer, zero, kk)?;
                            this.element(op.operands[arg], &idx)
                        };
                        let a_loaded = lane_rows
                            .iter()
                            .map(|&r| load(this, 0, r))
                            .collect::<Result<Vec<_>, _>>()?;
                        let b_values = lane_cols
                            .iter()
                            .map(|&(_, col)| load(this, 1, col))
                            .collect::<Result<Vec<_>, _>>()?;
                        for r in 0..rows {
                            let mine = a_loaded[(r / s) as usize];
                            let ty = this.b.type_of(mine);
                            let x = this.b.let_op(
                                ty,
                                k::Op::SubgroupBroadcast {
                                    arg: mine,
                                    lane: r % s,
                                },
                            );
                            for (j, &y) in b_values.iter().enumerate() {
                                let slot = r * cols + j as u32;
                                this.accumulate(g, &combiner, acc, acc_ty, slot, x, y)?;
                            }
                        }
                        Ok(())
                    })?;
                    // The epilogue is one loop over the tile, not `rows * cols` unrolled
                    // copies: the fused consumers' loads and guarded stores, repeated per
                    // output, are what made llvmpipe's LLVM compile of a conv with a
                    // batch-norm epilogue take 10-25 s (quadratic in the unrolled memory
                    // operations). The loop reads a copy of the accumulators (`tile`) with a
                    // run-time index, so the accumulators themselves keep constant indices
                    // (registers) in the main loop.
                    let tile = this.b.allocate(
                        "tile",
                        k::StorageClass::Workgroup,
                        acc_ty,
                        rows * cols * s,
                    );
                    let s_v = this.b.index(i64::from(s));
                    for slot in 0..rows * cols {
                        let at = this.b.index(i64::from(slot));
                        let v = this
                            .b
                            .load(Type::Scalar(acc_ty), Place::Allocation(acc), vec![at]);
                        let at = this.b.index(i64::from(slot * s));
                        let at = this.b.binary(B::Add, at, lane);
                        this.b.store(Place::Allocation(tile), vec![at], v);
                    }
                    let slots = this.b.index(i64::from(rows * cols));
                    this.for_loop(zero, slots, one, |this, slot| {
                        let cols_v = this.b.index(i64::from(cols));
                        let r = this.b.binary(B::Div, slot, cols_v);
                        let j = this.b.binary(B::Rem, slot, cols_v);
                        let gm = this.b.binary(B::Add, m0, r);
                        let col = this.b.binary(B::Mul, j, s_v);
                        let gn = this.b.binary(B::Add, n0, col);
                        let gn = this.b.binary(B::Add, gn, lane);
                        this.finish_gemm_output(
                            region,
                            &gemm,
                            group,
                            edges,
                            gm,
                            gn,
                            acc_ty,
                            |this| {
                                let at = this.b.binary(B::Mul, slot, s_v);
                                let at = this.b.binary(B::Add, at, lane);
                                this.b
                                    .load(Type::Scalar(acc_ty), Place::Allocation(tile), vec![at])
                            },
                        )
                    })?;
                    Ok(())
                },
            )
        })
    }
}

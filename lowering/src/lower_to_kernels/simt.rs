//! The SIMT pipeline of matmul-like contractions (see `kernel_config::MatmulConfig`):
//!
//! - Workgroup tiles (`parallel workgroup`), `parallel local` over the invocations.
//! - Promotion: each stage copies a `tile_m x tile_k` lhs tile and a `tile_k x tile_n` rhs tile
//!   into Workgroup memory, spread evenly over the invocations. An operand read straight from
//!   a buffer whose innermost dim is the tile's contiguous dim (k for the lhs, n for the rhs)
//!   is copied with vec4 (128-bit) global loads; others (fused producers, padding, window
//!   maps) element by element. The lhs is stored k-major and the rhs row-major, both with rows
//!   padded by 4 elements, so the compute stage reads vec4s.
//! - Double buffering (two stages): the next stage's global loads are issued before this
//!   stage's multiply-adds and stored into the other buffer after them; one barrier a stage.
//! - Compute: each invocation owns `thread_m x thread_n` outputs as 4 x 4 blocks spaced
//!   `threads * 4` apart, so a subgroup's vec4 reads of the rhs are contiguous and its reads of
//!   the lhs broadcast.
//! - Epilogue: init + accumulator, fused consumers, stores guarded against the problem edge.
//! - Split-K (`split_k.rs`, [`SimtSlices`]): the grid has a leading slice dim, slice `s` walks
//!   its `K / slices` part of K, and the register tile goes unfinished (no init, no epilogue)
//!   to `[s, rows, n]` of the partial results.
//!
//! Out-of-range rows / columns / k are read as zero (clamped loads plus a select).

use super::context::*;
use super::staging::*;
use super::workgroup_matrix::{slice_grid, slice_of};
use crate::kernel_config::MatmulConfig;

/// The slices' kernel of a SIMT split-K matmul: `slices` slices of K, the partial results
/// stored to `out` (`[slices, rows, n]`).
#[derive(Clone, Copy)]
pub(super) struct SimtSlices {
    pub slices: u32,
    pub out: k::ViewId,
}

impl<'a> Lowering<'a> {
    /// See the module docs.
    pub(super) fn simt_matmul(
        &mut self,
        region: &DispatchRegion,
        gemm: &Gemm<'_>,
        c: MatmulConfig,
        combiner: Combiner,
        split: Option<SimtSlices>,
    ) -> Result<(), CompileError> {
        use k::BinaryOp as B;
        c.check()
            .map_err(|e| internal(format!("SIMT matmul config: {e}")))?;
        let (op, g, sizes, dims) = (gemm.op, gemm.g, gemm.sizes, gemm.dims);
        let result = op.results[0];
        let acc_ty = self.compute_type(self.f.values[result].ty.dtype())?;
        let a_ty = self.compute_type(self.f.values[op.operands[0]].ty.dtype())?;
        let b_ty = self.compute_type(self.f.values[op.operands[1]].ty.dtype())?;
        let (tm, tn, tk, rm, rn) = (c.tile_m, c.tile_n, c.tile_k, c.thread_m, c.thread_n);
        let workgroup_size = c.workgroup_size();
        let threads_n = c.threads().1;
        self.b.kernel.local_size = [workgroup_size, 1, 1];
        let (m_expr, n_expr, k_expr, mut grid) = gemm_grid(sizes, dims, tm, tn);
        let nbatch = dims.batch.len();
        let slices = split.map_or(1, |s| s.slices);
        let slice_k = match k_expr.as_const() {
            Some(kk) => slice_grid(slices, kk, i64::from(tk), nbatch, &mut grid)?,
            None if slices == 1 => 0,
            None => return Err(internal("SIMT split-K of a dynamic K")),
        };
        // Vec4 copies need the tile's contiguous dim to be the operand's innermost dim, of a
        // size that is a multiple of 4, and whole vec4s per invocation.
        let last = |group: &[usize]| group.last().copied();
        let copies = [
            StageCopy {
                arg: 0,
                vector: last(&dims.k)
                    .filter(|_| tk % 4 == 0 && (tm * tk) % (4 * workgroup_size) == 0)
                    .and_then(|d| self.vector_operand(gemm, 0, d)),
                per_invocation: tm * tk / workgroup_size,
            },
            StageCopy {
                arg: 1,
                vector: last(&dims.n)
                    .filter(|_| (tk * tn) % (4 * workgroup_size) == 0)
                    .and_then(|d| self.vector_operand(gemm, 1, d)),
                per_invocation: tk * tn / workgroup_size,
            },
        ];
        self.parallel_over(ParallelMarker::Workgroup, &grid, |this, group| {
            this.parallel_over(
                ParallelMarker::Local,
                &[SizeExpr::Const(workgroup_size as i64)],
                |this, lane| {
                    let lane = lane[0];
                    let (slice, group) = slice_of(group, slices);
                    // A slice's part of K: [s * slice_k, (s + 1) * slice_k).
                    let k_range = slice.map(|s| {
                        let size = this.b.index(slice_k);
                        let start = this.b.binary(B::Mul, s, size);
                        (start, this.b.binary(B::Add, start, size))
                    });
                    let stages = c.stages;
                    let a_tile = this.b.allocate(
                        "lhs_tile",
                        k::StorageClass::Workgroup,
                        a_ty,
                        stages * c.lhs_stage(),
                    );
                    let b_tile = this.b.allocate(
                        "rhs_tile",
                        k::StorageClass::Workgroup,
                        b_ty,
                        stages * c.rhs_stage(),
                    );
                    let acc = this.zeroed_accumulators(acc_ty, rm * rn);
                    let edges = this.gemm_edges(&m_expr, &n_expr, &k_expr);
                    let tm_v = this.b.index(tm as i64);
                    let tn_v = this.b.index(tn as i64);
                    let m0 = this.b.binary(B::Mul, group[nbatch], tm_v);
                    let n0 = this.b.binary(B::Mul, group[nbatch + 1], tn_v);
                    let threads_n_v = this.b.index(threads_n as i64);
                    let ty = this.b.binary(B::Div, lane, threads_n_v);
                    let tx = this.b.binary(B::Rem, lane, threads_n_v);
                    let four = this.b.index(4);
                    let ty4 = this.b.binary(B::Mul, ty, four);
                    let tx4 = this.b.binary(B::Mul, tx, four);
                    let a_stride = this.b.index(c.lhs_stride() as i64);
                    let b_stride = this.b.index(c.rhs_stride() as i64);
                    let tiles = StageTiles {
                        a: a_tile,
                        b: b_tile,
                        a_stride,
                        b_stride,
                    };
                    let ctx = CopyContext {
                        gemm,
                        group,
                        lane,
                        workgroup_size,
                        m0,
                        n0,
                        edges,
                        tiles,
                        layout: StageLayout {
                            tile_n: tn,
                            tile_k: tk,
                            lhs_k_major: true,
                            lhs_stage: c.lhs_stage(),
                            rhs_stage: c.rhs_stage(),
                            planes: None,
                        },
                        elem: [a_ty, b_ty],
                    };
                    let math = &mut |this: &mut Self, offsets: (k::Value, k::Value)| {
                        // Unrolled: constant shared-memory offsets per step.
                        for kk in 0..tk {
                            let kk = this.b.index(kk as i64);
                            let row = this.b.binary(B::Mul, kk, a_stride);
                            let row = this.b.binary(B::Add, row, offsets.0);
                            let row = this.b.binary(B::Add, row, ty4);
                            let mut a_values = Vec::new();
                            for block in 0..rm / 4 {
                                let off = this.b.index((block * c.block_stride_m()) as i64);
                                let at = this.b.binary(B::Add, row, off);
                                a_values.push(this.b.load(
                                    Type::Vector(a_ty, 4),
                                    Place::Allocation(a_tile),
                                    vec![at],
                                ));
                            }
                            let row = this.b.binary(B::Mul, kk, b_stride);
                            let row = this.b.binary(B::Add, row, offsets.1);
                            let row = this.b.binary(B::Add, row, tx4);
                            let mut b_values = Vec::new();
                            for block in 0..rn / 4 {
                                let off = this.b.index((block * c.block_stride_n()) as i64);
                                let at = this.b.binary(B::Add, row, off);
                                b_values.push(this.b.load(
                                    Type::Vector(b_ty, 4),
                                    Place::Allocation(b_tile),
                                    vec![at],
                                ));
                            }
                            let a_lanes: Vec<k::Value> = (0..rm)
                                .map(|i| {
                                    extract(&mut this.b, a_values[(i / 4) as usize], (i % 4) as u8)
                                })
                                .collect();
                            let b_lanes: Vec<k::Value> = (0..rn)
                                .map(|j| {
                                    extract(&mut this.b, b_values[(j / 4) as usize], (j % 4) as u8)
                                })
                                .collect();
                            for (i, &x) in a_lanes.iter().enumerate() {
                                for (j, &y) in b_lanes.iter().enumerate() {
                                    let slot = i as u32 * rn + j as u32;
                                    this.accumulate(g, &combiner, acc, acc_ty, slot, x, y)?;
                                }
                            }
                        }
                        Ok(())
                    };
                    this.staged_k_loop(&ctx, &copies, stages, false, k_range, math)?;
                    // Epilogue: init + acc, fused consumers, guarded stores; four columns
                    // at a time as vectors where the output and the consumers allow.
                    // The output point of register (i, j): 4 x 4 blocks spaced by the strides.
                    let point = |this: &mut Self, i: u32, j: u32| {
                        let off_m = (i / 4) * c.block_stride_m() + i % 4;
                        let off_n = (j / 4) * c.block_stride_n() + j % 4;
                        let off_m = this.b.index(off_m as i64);
                        let off_n = this.b.index(off_n as i64);
                        let r = this.b.binary(B::Add, ty4, off_m);
                        let gm = this.b.binary(B::Add, m0, r);
                        let col = this.b.binary(B::Add, tx4, off_n);
                        (gm, this.b.binary(B::Add, n0, col))
                    };
                    if let (Some(slice), Some(split)) = (slice, split) {
                        // Split-K: the partial sums, four columns a store.
                        let binding = this.b.kernel.views[split.out.0 as usize].binding;
                        let storage = this.b.kernel.bindings[binding.0 as usize].element;
                        for i in 0..rm {
                            for block in 0..rn / 4 {
                                let (gm, gn) = point(this, i, block * 4);
                                let ok_m = this.b.compare(k::CompareOp::Lt, gm, edges.m);
                                let ok_n = this.b.compare(k::CompareOp::Lt, gn, edges.n);
                                let ok = this.b.binary(B::And, ok_m, ok_n);
                                let slot = this.b.index(i64::from(i * rn + block * 4));
                                this.if_then(ok, |this| {
                                    let x = this.b.load(
                                        Type::Vector(acc_ty, 4),
                                        Place::Allocation(acc),
                                        vec![slot],
                                    );
                                    let x = this.b.cast(x, storage);
                                    this.b.store(Place::View(split.out), vec![slice, gm, gn], x);
                                    Ok(())
                                })?;
                            }
                        }
                        return Ok(());
                    }
                    let lanes = rn % 4 == 0 && this.lanes_epilogue_output(region, gemm).is_some();
                    for i in 0..rm {
                        let mut scalar_columns = Vec::new();
                        if !lanes {
                            scalar_columns.extend(0..rn);
                        }
                        for block in (0..rn / 4).filter(|_| lanes) {
                            let (gm, gn) = point(this, i, block * 4);
                            let stored = this.finish_gemm_lanes(
                                region,
                                gemm,
                                group,
                                edges,
                                (gm, gn),
                                |this| {
                                    let slot = this.b.index(i64::from(i * rn + block * 4));
                                    this.b.load(
                                        Type::Vector(acc_ty, 4),
                                        Place::Allocation(acc),
                                        vec![slot],
                                    )
                                },
                                acc_ty,
                            )?;
                            if !stored {
                                scalar_columns.extend(block * 4..block * 4 + 4);
                            }
                        }
                        for j in scalar_columns {
                            let (gm, gn) = point(this, i, j);
                            this.finish_accumulated(
                                region,
                                gemm,
                                group,
                                edges,
                                (gm, gn),
                                acc,
                                acc_ty,
                                i * rn + j,
                            )?;
                        }
                    }
                    Ok(())
                },
            )
        })
    }
}

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
//!
//! Out-of-range rows / columns / k are read as zero (clamped loads plus a select).

use super::*;
use crate::kernel_config::{MatmulConfig, MatmulDims};

/// The implicit GEMM of a matmul-like generic: its roles, sizes and operands.
struct Gemm<'g> {
    op: &'g Op,
    g: &'g Generic,
    sizes: &'g [SizeExpr],
    dims: &'g MatmulDims,
}

/// How one operand tile is staged.
#[derive(Clone, Copy)]
struct StageCopy {
    /// The operand (0 = lhs, 1 = rhs).
    arg: usize,
    /// Vec4 global loads straight from this view, of this storage type.
    vector: Option<(k::ViewId, ScalarType)>,
    /// Elements per invocation per stage.
    per_invocation: u32,
}

impl<'a> Lowering<'a> {
    /// See the module docs.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn simt_matmul(
        &mut self,
        region: &DispatchRegion,
        op: &Op,
        g: &Generic,
        sizes: &[SizeExpr],
        dims: &MatmulDims,
        c: MatmulConfig,
        combiner: Combiner,
    ) -> Result<(), CompileError> {
        use k::BinaryOp as B;
        c.check()
            .map_err(|e| internal(format!("SIMT matmul config: {e}")))?;
        let gemm = Gemm { op, g, sizes, dims };
        let result = op.results[0];
        let acc_ty = self.compute_type(self.f.values[result].ty.dtype())?;
        let a_ty = self.compute_type(self.f.values[op.operands[0]].ty.dtype())?;
        let b_ty = self.compute_type(self.f.values[op.operands[1]].ty.dtype())?;
        let init_map = g.indexing_maps[g.num_inputs]
            .as_projection()
            .ok_or_else(|| internal("init map"))?;
        let (tm, tn, tk, rm, rn) = (c.tile_m, c.tile_n, c.tile_k, c.thread_m, c.thread_n);
        let workgroup_size = c.workgroup_size();
        let threads_n = c.threads().1;
        self.b.kernel.local_size = [workgroup_size, 1, 1];
        let group_size = |group: &[usize]| SizeExpr::product(group.iter().map(|&d| &sizes[d]));
        let (m_expr, n_expr, k_expr) = (
            group_size(&dims.m),
            group_size(&dims.n),
            group_size(&dims.k),
        );
        let mut grid: Vec<SizeExpr> = dims.batch.iter().map(|&d| sizes[d].clone()).collect();
        grid.push(m_expr.clone().ceil_div(SizeExpr::Const(tm as i64)));
        grid.push(n_expr.clone().ceil_div(SizeExpr::Const(tn as i64)));
        let nbatch = dims.batch.len();
        // Vec4 copies need the tile's contiguous dim to be the operand's innermost dim, of a
        // size that is a multiple of 4, and whole vec4s per invocation.
        let last = |group: &[usize]| group.last().copied();
        let copies = [
            StageCopy {
                arg: 0,
                vector: last(&dims.k)
                    .filter(|_| tk % 4 == 0 && (tm * tk) % (4 * workgroup_size) == 0)
                    .and_then(|d| self.vector_operand(&gemm, 0, d)),
                per_invocation: tm * tk / workgroup_size,
            },
            StageCopy {
                arg: 1,
                vector: last(&dims.n)
                    .filter(|_| (tk * tn) % (4 * workgroup_size) == 0)
                    .and_then(|d| self.vector_operand(&gemm, 1, d)),
                per_invocation: tk * tn / workgroup_size,
            },
        ];
        self.parallel_over(ParallelMarker::Workgroup, &grid, |this, group| {
            this.parallel_over(
                ParallelMarker::Local,
                &[SizeExpr::Const(workgroup_size as i64)],
                |this, lane| {
                    let lane = lane[0];
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
                    let acc = this
                        .b
                        .allocate("acc", k::StorageClass::Function, acc_ty, rm * rn);
                    let zero_acc = this.b.constant(acc_ty, 0.0);
                    for i in 0..rm * rn {
                        let at = this.b.index(i as i64);
                        this.b.store(Place::Allocation(acc), vec![at], zero_acc);
                    }
                    let edges = GemmEdges {
                        m: this.size(&m_expr),
                        n: this.size(&n_expr),
                        k: this.size(&k_expr),
                    };
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
                    let zero = this.b.index(0);
                    let tk_v = this.b.index(tk as i64);
                    let a_stride = this.b.index(c.lhs_stride() as i64);
                    let b_stride = this.b.index(c.rhs_stride() as i64);
                    let tiles = StageTiles {
                        a: a_tile,
                        b: b_tile,
                        a_stride,
                        b_stride,
                    };
                    let ctx = CopyContext {
                        gemm: &gemm,
                        group,
                        lane,
                        workgroup_size,
                        m0,
                        n0,
                        edges,
                        tiles,
                        config: c,
                        elem: [a_ty, b_ty],
                    };
                    // Loads of a stage (registers), then stores into a buffer.
                    let stage_offsets = |this: &mut Self, buffer: k::Value| {
                        let a = this.b.index(c.lhs_stage() as i64);
                        let b = this.b.index(c.rhs_stage() as i64);
                        (
                            this.b.binary(B::Mul, buffer, a),
                            this.b.binary(B::Mul, buffer, b),
                        )
                    };
                    if stages == 2 {
                        let loaded = this.load_stage(&ctx, &copies, zero)?;
                        let offsets = stage_offsets(this, zero);
                        this.store_stage(&ctx, &copies, &loaded, offsets);
                        this.b.barrier();
                    }
                    let two = this.b.index(2);
                    this.for_loop(zero, edges.k, tk_v, |this, k0| {
                        let (buffer, offsets) = if stages == 2 {
                            let stage = this.b.binary(B::Div, k0, tk_v);
                            let buffer = this.b.binary(B::Rem, stage, two);
                            (buffer, stage_offsets(this, buffer))
                        } else {
                            let loaded = this.load_stage(&ctx, &copies, k0)?;
                            let offsets = stage_offsets(this, zero);
                            this.store_stage(&ctx, &copies, &loaded, offsets);
                            this.b.barrier();
                            (zero, offsets)
                        };
                        // Prefetch: the next stage's global loads before this stage's math.
                        let next = if stages == 2 {
                            let k1 = this.b.binary(B::Add, k0, tk_v);
                            Some(this.load_stage(&ctx, &copies, k1)?)
                        } else {
                            None
                        };
                        let one = this.b.index(1);
                        this.for_loop(zero, tk_v, one, |this, kk| {
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
                                    let p = this.eval_body(
                                        &g.body,
                                        combiner.partial,
                                        &mut |_, arg| Ok(if arg == 0 { x } else { y }),
                                    )?;
                                    let p = this.b.cast(p, acc_ty);
                                    let at = this.b.index((i * rn as usize + j) as i64);
                                    let cur = this.b.load(
                                        Type::Scalar(acc_ty),
                                        Place::Allocation(acc),
                                        vec![at],
                                    );
                                    let next = this.b.binary(B::Add, cur, p);
                                    this.b.store(Place::Allocation(acc), vec![at], next);
                                }
                            }
                            Ok(())
                        })?;
                        if let Some(loaded) = next {
                            let other = this.b.binary(B::Sub, one, buffer);
                            let offsets = stage_offsets(this, other);
                            this.store_stage(&ctx, &copies, &loaded, offsets);
                        }
                        this.b.barrier();
                        Ok(())
                    })?;
                    // Epilogue: init + acc, fused consumers, guarded stores.
                    for i in 0..rm {
                        for j in 0..rn {
                            let off_m = (i / 4) * c.block_stride_m() + i % 4;
                            let off_n = (j / 4) * c.block_stride_n() + j % 4;
                            let off_m = this.b.index(off_m as i64);
                            let off_n = this.b.index(off_n as i64);
                            let r = this.b.binary(B::Add, ty4, off_m);
                            let gm = this.b.binary(B::Add, m0, r);
                            let col = this.b.binary(B::Add, tx4, off_n);
                            let gn = this.b.binary(B::Add, n0, col);
                            let ok_m = this.b.compare(k::CompareOp::Lt, gm, edges.m);
                            let ok_n = this.b.compare(k::CompareOp::Lt, gn, edges.n);
                            let ok = this.b.binary(B::And, ok_m, ok_n);
                            let at = this.b.index((i * rn + j) as i64);
                            this.if_then(ok, |this| {
                                let p = this.gemm_point(&gemm, group, gm, gn, zero);
                                let out_idx: Vec<k::Value> =
                                    init_map.iter().map(|&d| p[d]).collect();
                                let total = this.b.load(
                                    Type::Scalar(acc_ty),
                                    Place::Allocation(acc),
                                    vec![at],
                                );
                                let init = this.element(op.operands[g.num_inputs], &out_idx)?;
                                let init = this.b.cast(init, acc_ty);
                                let value = this.b.binary(B::Add, init, total);
                                this.substitutions.insert((result, out_idx.clone()), value);
                                this.store_outputs(region, &out_idx)
                            })?;
                        }
                    }
                    Ok(())
                },
            )
        })
    }

    /// The loop point of (row, column, reduction) indices of the implicit GEMM: each is
    /// delinearized over its group of loop dims (last fastest); batch dims from the workgroup.
    fn gemm_point(
        &mut self,
        gemm: &Gemm<'_>,
        group: &[k::Value],
        m: k::Value,
        n: k::Value,
        kk: k::Value,
    ) -> Vec<k::Value> {
        let zero = self.b.index(0);
        let mut p = vec![zero; gemm.g.iterator_types.len()];
        for (j, &d) in gemm.dims.batch.iter().enumerate() {
            p[d] = group[j];
        }
        for (linear, dims_of) in [(m, &gemm.dims.m), (n, &gemm.dims.n), (kk, &gemm.dims.k)] {
            let mut rest = linear;
            for (position, &d) in dims_of.iter().enumerate().rev() {
                if position == 0 {
                    p[d] = rest;
                } else {
                    let size = self.size(&gemm.sizes[d]);
                    p[d] = self.b.binary(k::BinaryOp::Rem, rest, size);
                    rest = self.b.binary(k::BinaryOp::Div, rest, size);
                }
            }
        }
        p
    }

    /// The indices of operand `arg` at a loop point.
    fn gemm_indices(
        &mut self,
        gemm: &Gemm<'_>,
        arg: usize,
        point: &[k::Value],
    ) -> Result<Vec<k::Value>, CompileError> {
        gemm.g.indexing_maps[arg]
            .results
            .iter()
            .map(|e| self.affine(e, point))
            .collect()
    }

    /// The view and storage type of operand `arg` when it can be loaded as vec4 along loop dim
    /// `inner`: read from a buffer (not computed in the region), `inner` indexes its innermost
    /// dim alone, that dim has a static size that is a multiple of 4 and stride 1, and the
    /// other strides and the offset are multiples of 4.
    fn vector_operand(
        &self,
        gemm: &Gemm<'_>,
        arg: usize,
        inner: usize,
    ) -> Option<(k::ViewId, ScalarType)> {
        let v = gemm.op.operands[arg];
        if self
            .f
            .defining_op(v)
            .is_some_and(|op| self.in_region.contains(&op))
        {
            return None;
        }
        let view_id = *self.views.get(&v)?;
        let map = &gemm.g.indexing_maps[arg];
        let (last, rest) = map.results.split_last()?;
        if *last != AffineExpr::Dim(inner) {
            return None;
        }
        let mut used = vec![false; gemm.g.iterator_types.len()];
        for e in rest {
            e.collect_dims(&mut used);
        }
        if used[inner] || gemm.sizes[inner].as_const().is_none_or(|s| s % 4 != 0) {
            return None;
        }
        let view = &self.b.kernel.views[view_id.0 as usize];
        let aligned = |s: &SizeExpr| s.as_const().is_some_and(|c| c % 4 == 0);
        let (inner_stride, outer) = view.strides.split_last()?;
        if !inner_stride.is_const(1) || !outer.iter().all(aligned) || !aligned(&view.offset) {
            return None;
        }
        let storage = self.b.kernel.bindings[view.binding.0 as usize].element;
        Some((view_id, storage))
    }

    /// Issues the global loads of one stage (k from `k0`) for both operands: per operand, its
    /// `per_invocation` elements as vec4s or scalars, out-of-range ones zero.
    fn load_stage(
        &mut self,
        cx: &CopyContext<'_, '_>,
        copies: &[StageCopy; 2],
        k0: k::Value,
    ) -> Result<Vec<Vec<Staged>>, CompileError> {
        use k::BinaryOp as B;
        let mut out = Vec::new();
        for copy in copies {
            let c = &cx.config;
            // The tile is rows x cols with the contiguous dim last: lhs tm x tk, rhs tk x tn.
            let cols = if copy.arg == 0 { c.tile_k } else { c.tile_n };
            let width = if copy.vector.is_some() { 4 } else { 1 };
            let mut values = Vec::new();
            for j in 0..copy.per_invocation / width {
                // Slot `lane + j * workgroup_size` of the tile in units of `width` elements.
                let base = self.b.index((j * cx.workgroup_size) as i64);
                let slot = self.b.binary(B::Add, cx.lane, base);
                let per_row = self.b.index((cols / width) as i64);
                let r = self.b.binary(B::Div, slot, per_row);
                let col = self.b.binary(B::Rem, slot, per_row);
                let w = self.b.index(width as i64);
                let col = self.b.binary(B::Mul, col, w);
                // The non-k coordinate (lhs row, rhs column), its size, and k.
                let (outer, outer_size, gk) = if copy.arg == 0 {
                    let gm = self.b.binary(B::Add, cx.m0, r);
                    (gm, cx.edges.m, self.b.binary(B::Add, k0, col))
                } else {
                    let gn = self.b.binary(B::Add, cx.n0, col);
                    (gn, cx.edges.n, self.b.binary(B::Add, k0, r))
                };
                let ok_o = self.b.compare(k::CompareOp::Lt, outer, outer_size);
                let ok_k = self.b.compare(k::CompareOp::Lt, gk, cx.edges.k);
                let ok = self.b.binary(B::And, ok_o, ok_k);
                let one = self.b.index(1);
                let outer_last = self.b.binary(B::Sub, outer_size, one);
                let k_last = self.b.binary(B::Sub, cx.edges.k, one);
                let outer = self.b.binary(B::Min, outer, outer_last);
                let gk = self.b.binary(B::Min, gk, k_last);
                let zero = self.b.index(0);
                let point = if copy.arg == 0 {
                    self.gemm_point(cx.gemm, cx.group, outer, zero, gk)
                } else {
                    self.gemm_point(cx.gemm, cx.group, zero, outer, gk)
                };
                let elem = cx.elem[copy.arg];
                let x = match copy.vector {
                    Some((view, storage)) => {
                        let idx = self.gemm_indices(cx.gemm, copy.arg, &point)?;
                        let x = self
                            .b
                            .load(Type::Vector(storage, 4), Place::View(view), idx);
                        let x = self.b.cast(x, elem);
                        let ok4 = self
                            .b
                            .let_op(Type::Vector(ScalarType::Bool, 4), k::Op::Splat { arg: ok });
                        let z = self.b.constant(elem, 0.0);
                        let z4 = self
                            .b
                            .let_op(Type::Vector(elem, 4), k::Op::Splat { arg: z });
                        self.b.select(ok4, x, z4)
                    }
                    None => {
                        let idx = self.gemm_indices(cx.gemm, copy.arg, &point)?;
                        let x = self.element(cx.gemm.op.operands[copy.arg], &idx)?;
                        let z = self.b.constant(elem, 0.0);
                        self.b.select(ok, x, z)
                    }
                };
                values.push(Staged {
                    value: x,
                    row: r,
                    col,
                });
            }
            out.push(values);
        }
        Ok(out)
    }

    /// Stores a stage loaded by [`Self::load_stage`] into the buffers at `offsets` (elements):
    /// the lhs k-major (transposed), the rhs row-major (vec4 stores when loaded as vec4).
    fn store_stage(
        &mut self,
        cx: &CopyContext<'_, '_>,
        copies: &[StageCopy; 2],
        loaded: &[Vec<Staged>],
        offsets: (k::Value, k::Value),
    ) {
        use k::BinaryOp as B;
        for (copy, values) in copies.iter().zip(loaded) {
            for &Staged {
                value: x,
                row: r,
                col,
            } in values
            {
                if copy.arg == 0 {
                    // lhs element (m = r, k = col + lane) at (col + lane) * stride + r.
                    let lanes = if copy.vector.is_some() { 4 } else { 1 };
                    for lane in 0..lanes {
                        let v = if lanes == 4 {
                            extract(&mut self.b, x, lane as u8)
                        } else {
                            x
                        };
                        let kk = self.b.index(lane);
                        let kk = self.b.binary(B::Add, col, kk);
                        let at = self.b.binary(B::Mul, kk, cx.tiles.a_stride);
                        let at = self.b.binary(B::Add, at, r);
                        let at = self.b.binary(B::Add, at, offsets.0);
                        self.b.store(Place::Allocation(cx.tiles.a), vec![at], v);
                    }
                } else {
                    let at = self.b.binary(B::Mul, r, cx.tiles.b_stride);
                    let at = self.b.binary(B::Add, at, col);
                    let at = self.b.binary(B::Add, at, offsets.1);
                    self.b.store(Place::Allocation(cx.tiles.b), vec![at], x);
                }
            }
        }
    }
}

/// Problem sizes of the implicit GEMM (Index values).
#[derive(Clone, Copy)]
struct GemmEdges {
    m: k::Value,
    n: k::Value,
    k: k::Value,
}

/// The staged tiles and their row strides.
#[derive(Clone, Copy)]
struct StageTiles {
    a: k::AllocationId,
    b: k::AllocationId,
    a_stride: k::Value,
    b_stride: k::Value,
}

/// What the stage copies of one workgroup need.
struct CopyContext<'c, 'g> {
    gemm: &'c Gemm<'g>,
    group: &'c [k::Value],
    lane: k::Value,
    workgroup_size: u32,
    m0: k::Value,
    n0: k::Value,
    edges: GemmEdges,
    tiles: StageTiles,
    config: MatmulConfig,
    /// Compute types of the lhs and rhs.
    elem: [ScalarType; 2],
}

/// One element (or vec4) of a stage held in registers, with its place in the tile.
#[derive(Clone, Copy)]
struct Staged {
    value: k::Value,
    /// Row of the tile (lhs: m, rhs: k) and first column (lhs: k, rhs: n).
    row: k::Value,
    col: k::Value,
}

/// Lane `lane` of a vector.
fn extract(b: &mut KernelBuilder, vector: k::Value, lane: u8) -> k::Value {
    let Type::Vector(s, _) = b.type_of(vector) else {
        return vector;
    };
    b.let_op(Type::Scalar(s), k::Op::Extract { vector, lane })
}

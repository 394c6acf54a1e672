//! The workgroup-scope kernel (VK_NV_cooperative_matrix2, [`WorkgroupMatrixConfig`]): for a
//! plain (batch) matmul whose operands and result are buffers (row-major, no fused producers,
//! a fill as init; several contiguous row dims, as in `[B, S, K] x [K, N]`, collapse into one),
//! the workgroup loads `tile_m x tile_k` and `tile_k x tile_n`
//! matrices straight from the operand buffers through tensor layouts, accumulates into one
//! `tile_m x tile_n` workgroup matrix and stores it through a tensor layout; the driver does the
//! staging. Workgroups take the tiles band by band (8 tile rows, column-major inside a band)
//! for L2 reuse, two K steps per loop iteration. Operand tiles load without clamping (clamped
//! loads are 1.6-3x slower at 132 compute units): a partial last tile row / column is shifted back to
//! end at M / N (the tile before it stores only up to where it starts), and only a K
//! remainder (both operands) or a problem smaller than one tile clamps (zeros outside); the
//! store is clipped to the result. M may be dynamic; N and K are static. A fused element-wise
//! epilogue (bias, activation, residual) runs on the accumulator before the store, as a
//! per-element function (`k::MatrixMap`, where the target has the per-element operations:
//! [`matrix_epilogue_fits`]).

use super::context::*;
use super::staging::*;
use crate::kernel_config::{MatmulDims, Stagger, WorkgroupMatrixConfig};

/// The buffers of a matmul the workgroup-scope pipeline reads and writes directly.
pub(super) struct TensorOperands {
    pub lhs: k::ViewId,
    pub rhs: k::ViewId,
    pub out: k::ViewId,
}

/// The views [`TensorOperands`] will use: an existing view, or a collapsed one to add to the
/// kernel once the pipeline is chosen (`Lowering::add_tensor_views`).
pub(super) struct TensorOperandPlan([Result<k::ViewId, k::BufferView>; 3]);

/// Where a workgroup's operand tiles lie along one problem dim (see `Lowering::edge_tile`).
#[derive(Clone, Copy)]
pub(super) struct EdgeTile {
    /// The origin of the result tile.
    pub origin: k::Value,
    /// The origins the operand loads use, and whether they are unclamped.
    pub placement: Placement,
    /// The exclusive end of the result elements this tile stores, where it is not the extent.
    pub limit: Option<k::Value>,
}

/// One operand-tile origin (and whether its loads are unclamped), or two chosen by a
/// workgroup-uniform condition (true: the first).
#[derive(Clone, Copy)]
pub(super) enum Placement {
    One(k::Value, bool),
    Two(k::Value, (k::Value, bool), (k::Value, bool)),
}

/// The K loop of a workgroup-scope matmul: whether the lhs / rhs tiles load unclamped, and
/// their row / column origins (`Lowering::over_placements`).
type KLoop<'f, 'a> =
    dyn Fn(&mut Lowering<'a>, [bool; 2], [k::Value; 2]) -> Result<(), CompileError> + 'f;

/// A workgroup's tile of a workgroup-scope matmul (`Lowering::place_tile`): its placement
/// along M and N, the extents M and N, and whether each has a partial last tile.
pub(super) struct TilePlace {
    pub tiles: [EdgeTile; 2],
    pub extents: [k::Value; 2],
    pub edges: [bool; 2],
    /// The tile's rows and columns.
    pub size: [u32; 2],
}

/// Where a workgroup-scope matmul stores its result tile (`Lowering::finish_tile`).
pub(super) struct ResultTile<'p> {
    pub place: &'p TilePlace,
    /// The view stored: `[batch.., rows, n]` (several m dims collapsed into the rows).
    pub out: k::ViewId,
    pub batch: &'p [k::Value],
}

/// The grid of a workgroup-scope matmul (`batch` sizes, then the `tm x tn` tiles of an
/// `m x n` result) and its tile counts along M and N.
pub(super) fn workgroup_grid(
    batch: &[SizeExpr],
    m: &SizeExpr,
    n: i64,
    [tm, tn]: [u32; 2],
) -> (SizeExpr, i64, Vec<SizeExpr>) {
    let tiles_m = m.clone().ceil_div(SizeExpr::Const(i64::from(tm)));
    let tiles_n = (n + i64::from(tn) - 1) / i64::from(tn);
    let mut grid = batch.to_vec();
    grid.push(tiles_m.clone().mul(SizeExpr::Const(tiles_n)));
    (tiles_m, tiles_n, grid)
}

/// The A, B and accumulator types of a workgroup-scope `tm x tn x tk` matmul step.
pub(super) fn workgroup_matrix_types(
    element: ScalarType,
    accumulator: ScalarType,
    [tm, tn, tk]: [u32; 3],
) -> [k::MatrixType; 3] {
    let matrix = |element, rows, columns, usage| k::MatrixType {
        element,
        rows,
        columns,
        usage,
        scope: k::MatrixScope::Workgroup,
    };
    [
        matrix(element, tm, tk, k::MatrixUse::A),
        matrix(element, tk, tn, k::MatrixUse::B),
        matrix(accumulator, tm, tn, k::MatrixUse::Accumulator),
    ]
}

impl<'a> Lowering<'a> {
    /// The views [`Self::tensor_matmul`] reads and writes (nothing is added to the kernel
    /// yet): the lhs as `[batch.., m.., k]`, the rhs as `[batch.., k, n]` and the result (or
    /// the fused epilogue's) as `[batch.., m.., n]`, several m dims (a batch of rows times a
    /// shared rhs) seen through views with one row dim. Kernel-config planned the
    /// workgroup-scope kernel where these are buffers it can read (`tensor_buffer`); `None`
    /// where one is not.
    pub(super) fn tensor_operands(
        &self,
        region: &DispatchRegion,
        op: &Op,
        dims: &MatmulDims,
    ) -> Option<TensorOperandPlan> {
        Some(TensorOperandPlan([
            self.tensor_view(op.operands[0], dims, true)?,
            self.tensor_view(op.operands[1], dims, false)?,
            self.result_view(region, op, dims)?,
        ]))
    }

    /// The view of `value` (a row-major buffer of its compute type) for tensor-addressed
    /// access, or (with `collapse`) the view to add that collapses several contiguous row dims
    /// into one (a batch of rows times a shared 2-D rhs, `[B, S, K] x [K, N]`).
    pub(super) fn tensor_view(
        &self,
        value: ValueId,
        dims: &MatmulDims,
        collapse: bool,
    ) -> Option<Result<k::ViewId, k::BufferView>> {
        let nbatch = dims.batch.len();
        let rows = dims.m.len();
        let (existing, v) = match self.views.get(&value) {
            Some(&id) => (Some(id), self.b.kernel.views[id.0 as usize].clone()),
            None => (None, self.collapsed_buffer_view(value)?),
        };
        let element = self.b.kernel.bindings[v.binding.0 as usize].element;
        let compute = self.compute_type(self.f.values[value].ty.dtype()).ok()?;
        if !v.strides.last()?.is_const(1) || element != compute {
            return None;
        }
        if !collapse || rows == 1 {
            return Some(existing.ok_or(v));
        }
        // Dims nbatch .. nbatch + rows are the row dims; each stride must be the next one's
        // times its size.
        let (shape, strides) = (&v.shape, &v.strides);
        for i in nbatch..nbatch + rows - 1 {
            let (Some(outer), Some(inner), Some(size)) = (
                strides[i].as_const(),
                strides[i + 1].as_const(),
                shape[i + 1].as_const(),
            ) else {
                return None;
            };
            if outer != inner * size {
                return None;
            }
        }
        let collapsed = SizeExpr::product(&shape[nbatch..nbatch + rows]);
        let mut new_shape = shape[..nbatch].to_vec();
        new_shape.extend([collapsed, shape.last()?.clone()]);
        let mut new_strides = strides[..nbatch].to_vec();
        new_strides.extend([strides[nbatch + rows - 1].clone(), SizeExpr::Const(1)]);
        Some(Err(k::BufferView {
            binding: v.binding,
            offset: v.offset.clone(),
            shape: new_shape,
            strides: new_strides,
        }))
    }

    /// The view of `value`, a `tensor.collapse_shape` in the region of a region input read
    /// through a contiguous row-major view (`kernel_config::collapses_region_input`): the same
    /// binding and offset with the collapsed shape's row-major strides. `None` otherwise, or
    /// where the input's view is not contiguous with static strides.
    fn collapsed_buffer_view(&self, value: ValueId) -> Option<k::BufferView> {
        let source =
            crate::structured::collapsed_source(self.f, value, |op| self.in_region.contains(&op))?;
        self.reshaped_view(*self.views.get(&source)?, self.tensor_shape(value))
    }

    /// View `source` (contiguous, row-major, static strides) seen with `shape` (as many
    /// elements): the same binding and offset, `shape`'s row-major strides.
    pub(super) fn reshaped_view(
        &self,
        source: k::ViewId,
        shape: Vec<SizeExpr>,
    ) -> Option<k::BufferView> {
        let source = self.b.kernel.views[source.0 as usize].clone();
        let (old, strides) = (&source.shape, &source.strides);
        let contiguous = strides.last()?.is_const(1)
            && (0..old.len() - 1).all(|i| {
                matches!(
                    (strides[i].as_const(), strides[i + 1].as_const(), old[i + 1].as_const()),
                    (Some(outer), Some(inner), Some(size)) if outer == inner * size
                )
            });
        if !contiguous {
            return None;
        }
        let strides = (0..shape.len())
            .map(|i| SizeExpr::product(&shape[i + 1..]))
            .collect();
        Some(k::BufferView {
            binding: source.binding,
            offset: source.offset,
            shape,
            strides,
        })
    }

    /// The view the workgroup-scope kernel stores `region`'s result tiles through: the stored
    /// value's own, or, where the fused epilogue reaches it through reshapes alone
    /// (`kernel_config::reshapes_only`: a Gemm's result expanded back to `[B, S, N]`), the
    /// stored buffer seen with the matmul result's shape (the same elements in the same order).
    fn result_view(
        &self,
        region: &DispatchRegion,
        op: &Op,
        dims: &MatmulDims,
    ) -> Option<Result<k::ViewId, k::BufferView>> {
        let stored = region.outputs[0];
        if crate::structured::region_epilogue_reindexing(self.f, region).is_empty() {
            return self.tensor_view(stored, dims, true);
        }
        let shape = self.tensor_shape(op.results[0]);
        let view = self.reshaped_view(*self.views.get(&stored)?, shape)?;
        if dims.m.len() == 1 {
            return Some(Err(view));
        }
        // Several row dims: collapse them as `tensor_view` does (contiguous by construction).
        let nbatch = dims.batch.len();
        let rows = SizeExpr::product(&view.shape[nbatch..nbatch + dims.m.len()]);
        let mut shape = view.shape[..nbatch].to_vec();
        shape.extend([rows, view.shape.last()?.clone()]);
        let strides = (0..shape.len())
            .map(|i| SizeExpr::product(&shape[i + 1..]))
            .collect();
        Some(Err(k::BufferView {
            shape,
            strides,
            ..view
        }))
    }

    /// Adds the collapsed views of `plan` to the kernel.
    pub(super) fn add_tensor_views(&mut self, plan: TensorOperandPlan) -> TensorOperands {
        let [lhs, rhs, out] = plan.0.map(|v| v.unwrap_or_else(|new| self.b.add_view(new)));
        TensorOperands { lhs, rhs, out }
    }

    /// The workgroup-scope cooperative-matrix kernel (see the module docs). With `slices` > 1
    /// (split-K, `split_k.rs`; no batch dims) the grid has a leading slice dim, slice `s` sums
    /// K from `s * K / slices` (a whole number of K steps) from zero, and the tile goes
    /// unfinished to `[s, rows, n]` of `views.out`.
    pub(super) fn tensor_matmul(
        &mut self,
        region: &DispatchRegion,
        gemm: &Gemm<'_>,
        c: WorkgroupMatrixConfig,
        stagger: Option<Stagger>,
        views: TensorOperands,
        slices: u32,
    ) -> Result<(), CompileError> {
        use k::BinaryOp as B;
        let (op, sizes, dims) = (gemm.op, gemm.sizes, gemm.dims);
        let acc_ty = self.compute_type(self.f.values[op.results[0]].ty.dtype())?;
        let (tm, tn, tk) = (c.tile_m, c.tile_n, c.tile_k);
        let (m_expr, n_expr, k_expr, _) = gemm_grid(sizes, dims, tm, tn);
        let (Some(n), Some(kk)) = (n_expr.as_const(), k_expr.as_const()) else {
            return Err(internal(
                "workgroup-matrix pipeline chosen for a dynamic N or K",
            ));
        };
        let nbatch = dims.batch.len();
        let batch_sizes: Vec<SizeExpr> = dims.batch.iter().map(|&d| sizes[d].clone()).collect();
        let (tiles_m, tiles_n, mut grid) = workgroup_grid(&batch_sizes, &m_expr, n, [tm, tn]);
        let [a_type, b_type, acc_type] =
            workgroup_matrix_types(ScalarType::F16, acc_ty, [tm, tn, tk]);
        let split = slices > 1;
        if let Some(s) = stagger {
            grid = vec![SizeExpr::Const(s.full_tiles + 2 * s.half_tiles)];
        }
        let slice_k = slice_grid(slices, kk, i64::from(tk), nbatch, &mut grid)?;
        // The whole K steps of a slice (all of K unsplit, and then a remainder).
        let full_k = slice_k / i64::from(tk) * i64::from(tk);
        self.b.kernel.local_size = [c.workgroup_size, 1, 1];
        self.parallel_over(ParallelMarker::Workgroup, &grid, |this, group| {
            this.parallel_over(
                ParallelMarker::Local,
                &[SizeExpr::Const(c.workgroup_size as i64)],
                |this, _| {
                    let (slice, group) = slice_of(group, slices);
                    let (batch, tile) = (&group[..nbatch], group[nbatch]);
                    // One tile of `tm x tn` (or a stagger's half tile) at `place`.
                    let run_tile =
                        |this: &mut Self,
                         place: &dyn Fn(&mut Self) -> TilePlace,
                         [a_type, b_type, acc_type]: [k::MatrixType; 3]| {
                            let (acc, base) =
                                this.slice_accumulator(gemm, acc_type, slice, slice_k)?;
                            let place = place(this);
                            // acc += lhs[m0.., k0..] * rhs[k0.., n0..]
                            let step =
                                |this: &mut Self,
                                 k0: k::Value,
                                 [a_in, b_in]: [bool; 2],
                                 [m0, n0]: [k::Value; 2]| {
                                    let mut load = |ty, view, row0, col0, in_bounds| {
                                        let batch = batch.to_vec();
                                        let op = k::Op::MatrixLoadTensor {
                                            view,
                                            batch,
                                            row0,
                                            col0,
                                            in_bounds,
                                        };
                                        this.b.let_op(k::Type::Matrix(ty), op)
                                    };
                                    let a = load(a_type, views.lhs, m0, k0, a_in);
                                    let b = load(b_type, views.rhs, k0, n0, b_in);
                                    let ty = k::Type::Matrix(acc_type);
                                    let c = this.b.load(ty, Place::Allocation(acc), vec![]);
                                    let next = this.b.let_op(ty, k::Op::MatrixMulAdd { a, b, c });
                                    this.b.store(Place::Allocation(acc), vec![], next);
                                };
                            // Two steps per iteration (132 compute units, f32 accumulators: 335 / 345 -> 341 / 355
                            // TFLOP/s at 4096^3 / 8192^3; four steps: 306 / 327), an odd last full
                            // step, then the remainder.
                            let pairs = full_k / (2 * i64::from(tk)) * 2 * i64::from(tk);
                            // `in_bounds`: whether the lhs / rhs tiles lie inside M / N (unclamped).
                            let k_loop =
                                |this: &mut Self, in_bounds: [bool; 2], origin: [k::Value; 2]| {
                                    let at = |this: &mut Self, offset: i64| this.k_at(base, offset);
                                    if pairs > 0 {
                                        let (lower, upper) = (at(this, 0), at(this, pairs));
                                        let stride = this.b.index(2 * tk as i64);
                                        let tk_v = this.b.index(tk as i64);
                                        this.for_loop(lower, upper, stride, |this, k0| {
                                            step(this, k0, in_bounds, origin);
                                            let k1 = this.b.binary(B::Add, k0, tk_v);
                                            step(this, k1, in_bounds, origin);
                                            Ok(())
                                        })?;
                                    }
                                    if pairs < full_k {
                                        let k0 = at(this, pairs);
                                        step(this, k0, in_bounds, origin);
                                    }
                                    if !split && full_k < kk {
                                        // The K remainder: zeros past K in both operands.
                                        let k0 = this.b.index(full_k);
                                        step(this, k0, [false, false], origin);
                                    }
                                    Ok(())
                                };
                            this.over_placements(&place, &k_loop)?;
                            let value = this.b.load(
                                k::Type::Matrix(acc_type),
                                Place::Allocation(acc),
                                vec![],
                            );
                            if let Some(slice) = slice {
                                return this.store_tile(&place, views.out, &[slice], value);
                            }
                            let tile = ResultTile {
                                place: &place,
                                out: views.out,
                                batch,
                            };
                            this.finish_tile(region, gemm, &tile, value)
                        };
                    let types = [a_type, b_type, acc_type];
                    let Some(s) = stagger else {
                        let place = |this: &mut Self| {
                            this.place_tile(tile, &tiles_m, tiles_n, &m_expr, n, [tm, tn])
                        };
                        return run_tile(this, &place, types);
                    };
                    let half_types =
                        workgroup_matrix_types(ScalarType::F16, acc_ty, [tm / 2, tn, tk]);
                    // The first and the last `half_tiles` workgroups take half tiles.
                    let half_tiles = this.b.index(s.half_tiles);
                    let after_whole = this.b.index(s.half_tiles + s.full_tiles);
                    let first = this.b.compare(k::CompareOp::Lt, tile, half_tiles);
                    let last = this.b.compare(k::CompareOp::Ge, tile, after_whole);
                    let is_half = this.b.binary(B::Or, first, last);
                    this.if_then_else(
                        is_half,
                        |this| {
                            let place =
                                |this: &mut Self| this.half_tile_place(tile, first, s, n, [tm, tn]);
                            run_tile(this, &place, half_types)
                        },
                        |this| {
                            let full_m = SizeExpr::Const(s.full_rows);
                            let rows = SizeExpr::Const(s.full_rows / i64::from(tm));
                            let place = |this: &mut Self| {
                                let whole = this.b.binary(B::Sub, tile, half_tiles);
                                this.place_tile(whole, &rows, tiles_n, &full_m, n, [tm, tn])
                            };
                            run_tile(this, &place, types)
                        },
                    )
                },
            )
        })
    }

    /// Where workgroup `tile` of stagger `s`'s grid lies as a half tile (one of the first
    /// `half_tiles` when `first`, else of the last): `tm / 2 x tn` tiles row by row over the
    /// rows below `full_rows` of an `m x n` result the tiles divide.
    pub(super) fn half_tile_place(
        &mut self,
        tile: k::Value,
        first: k::Value,
        s: Stagger,
        n: i64,
        [tm, tn]: [u32; 2],
    ) -> TilePlace {
        use k::BinaryOp as B;
        let full_tiles = self.b.index(s.full_tiles);
        let from_end = self.b.binary(B::Sub, tile, full_tiles);
        let half = self.b.select(first, tile, from_end);
        let tiles_n = n / i64::from(tn);
        let half_m = tm / 2;
        let tiles_n_v = self.b.index(tiles_n);
        let first_row = self.b.index(s.full_rows / i64::from(half_m));
        let row_in = self.b.binary(B::Div, half, tiles_n_v);
        let row = self.b.binary(B::Add, first_row, row_in);
        let column = self.b.binary(B::Rem, half, tiles_n_v);
        let extents = [self.b.index(s.rows), self.b.index(n)];
        let rows = self.b.index(s.rows / i64::from(half_m));
        let m = self.edge_tile(row, rows, half_m, extents[0], Some(s.rows), false);
        let n_tile = self.edge_tile(column, tiles_n_v, tn, extents[1], Some(n), false);
        TilePlace {
            tiles: [m, n_tile],
            extents,
            edges: [false, false],
            size: [half_m, tn],
        }
    }

    /// A workgroup-scope accumulator allocation holding zeros.
    pub(super) fn zeroed_accumulator(&mut self, acc_type: k::MatrixType) -> k::AllocationId {
        let zero = self.b.constant(acc_type.element, 0.0);
        let ty = k::Type::Matrix(acc_type);
        let zeros = self.b.let_op(ty, k::Op::Splat { arg: zero });
        let acc = self.b.allocate_matrix("acc", acc_type);
        self.b.store(Place::Allocation(acc), vec![], zeros);
        acc
    }

    /// A workgroup-scope accumulator allocation holding the matmul's (uniform) init.
    pub(super) fn filled_accumulator(
        &mut self,
        op: &Op,
        g: &Generic,
        acc_type: k::MatrixType,
    ) -> Result<k::AllocationId, CompileError> {
        let zero = self.b.index(0);
        let out_rank = g.indexing_maps[g.num_inputs].results.len();
        let init = self.element(op.operands[g.num_inputs], &vec![zero; out_rank])?;
        let init = self.b.cast(init, acc_type.element);
        let fill = self
            .b
            .let_op(k::Type::Matrix(acc_type), k::Op::Splat { arg: init });
        let acc = self.b.allocate_matrix("acc", acc_type);
        self.b.store(Place::Allocation(acc), vec![], fill);
        Ok(acc)
    }

    /// Where workgroup tile `tile` (of `tiles_m` x `tiles_n` `tm x tn` tiles, taken in bands
    /// of `Heuristics::raster_band` tile rows) of an `m_expr x n` result lies: see
    /// [`TilePlace`].
    pub(super) fn place_tile(
        &mut self,
        tile: k::Value,
        tiles_m: &SizeExpr,
        tiles_n: i64,
        m_expr: &SizeExpr,
        n: i64,
        [tm, tn]: [u32; 2],
    ) -> TilePlace {
        let tiles_m = self.size(tiles_m);
        let band = self.target.heuristics.raster_band;
        let (tile_row, tile_column) = self.banded_tile(tile, tiles_m, tiles_n, band);
        // Partial tiles on the M edge (a dynamic M may leave one) / the N edge.
        let edges = [
            m_expr.as_const().is_none_or(|m| m % i64::from(tm) != 0),
            n % i64::from(tn) != 0,
        ];
        let extents = [self.size(m_expr), self.b.index(n)];
        let tiles_n = self.b.index(tiles_n);
        let m = self.edge_tile(
            tile_row,
            tiles_m,
            tm,
            extents[0],
            m_expr.as_const(),
            edges[0],
        );
        let n = self.edge_tile(tile_column, tiles_n, tn, extents[1], Some(n), edges[1]);
        TilePlace {
            tiles: [m, n],
            extents,
            edges,
            size: [tm, tn],
        }
    }

    /// Runs `k_loop` (with whether the lhs / rhs tiles load unclamped, and their row / column
    /// origins) under the workgroup-uniform branches of `place`'s operand placements.
    pub(super) fn over_placements(
        &mut self,
        place: &TilePlace,
        k_loop: &KLoop<'_, 'a>,
    ) -> Result<(), CompileError> {
        let [m_tile, n_tile] = place.tiles;
        let by_n = |this: &mut Self, (m0, a_in): (k::Value, bool)| match n_tile.placement {
            Placement::One(n0, b_in) => k_loop(this, [a_in, b_in], [m0, n0]),
            Placement::Two(c, (n_t, in_t), (n_f, in_f)) => this.if_then_else(
                c,
                |this| k_loop(this, [a_in, in_t], [m0, n_t]),
                |this| k_loop(this, [a_in, in_f], [m0, n_f]),
            ),
        };
        match m_tile.placement {
            Placement::One(m0, a_in) => by_n(self, (m0, a_in)),
            Placement::Two(c, t, f) => {
                self.if_then_else(c, |this| by_n(this, t), |this| by_n(this, f))
            }
        }
    }

    /// Stores the accumulated tile `value` of matmul `op`: through the region's fused epilogue
    /// when it has one (a [`k::MatrixMap`] computing it per element), converted to the stored
    /// element type.
    pub(super) fn finish_tile(
        &mut self,
        region: &DispatchRegion,
        gemm: &Gemm<'_>,
        tile: &ResultTile<'_>,
        value: k::Value,
    ) -> Result<(), CompileError> {
        let mut value = value;
        if region.epilogue_root.is_some() {
            value = self.matrix_epilogue(region, gemm, tile, value)?;
        }
        let view = &self.b.kernel.views[tile.out.0 as usize];
        let stored = self.b.kernel.bindings[view.binding.0 as usize].element;
        let value = self.b.cast(value, stored);
        self.store_tile(tile.place, tile.out, tile.batch, value)
    }

    /// `value` (the accumulated tile) through the region's fused epilogue, element by element:
    /// each element is the matmul's result at its point, the epilogue is evaluated there and
    /// converted back to the accumulator's element type. Points past the result's edge (a
    /// tile larger than the problem) are clamped onto it, so that the epilogue's loads stay in
    /// bounds; the store drops those elements.
    pub(super) fn matrix_epilogue(
        &mut self,
        region: &DispatchRegion,
        gemm: &Gemm<'_>,
        tile: &ResultTile<'_>,
        value: k::Value,
    ) -> Result<k::Value, CompileError> {
        use k::BinaryOp as B;
        let stored = region.outputs[0];
        let [m_tile, n_tile] = tile.place.tiles;
        let extents = tile.place.extents;
        let edges = tile.place.edges;
        let k::Type::Matrix(acc) = self.b.type_of(value) else {
            return Err(internal("matrix epilogue of a non-matrix"));
        };
        let (g, result) = (gemm.g, gemm.op.results[0]);
        let out_map = g.indexing_maps[g.num_inputs]
            .as_projection()
            .ok_or_else(|| internal("init map"))?;
        // The last valid row / column, for clamping.
        let one = self.b.index(1);
        let last = [0, 1].map(|d| edges[d].then(|| self.b.binary(B::Sub, extents[d], one)));
        self.matrix_map(value, |this, [row, column, element]| {
            let mut gm = this.b.binary(B::Add, m_tile.origin, row);
            let mut gn = this.b.binary(B::Add, n_tile.origin, column);
            if let Some(last) = last[0] {
                gm = this.b.binary(B::Min, gm, last);
            }
            if let Some(last) = last[1] {
                gn = this.b.binary(B::Min, gn, last);
            }
            // The result's indices there (a collapsed row split back into the m dims).
            let p = this.gemm_point(gemm, tile.batch, gm, gn, None);
            let point: Vec<k::Value> = out_map.iter().map(|&d| p[d]).collect();
            this.substitutions.insert((result, point.clone()), element);
            // Through the epilogue's reshapes, if any (the tile itself is stored in the
            // matmul's layout: `result_view`).
            let at = this.stored_point(region, &point)?;
            let x = this.element(stored, &at)?;
            this.substitutions.remove(&(result, point));
            Ok(this.b.cast(x, acc.element))
        })
    }

    /// Stores the result tile `value` at `place` into `out` (clipped to the result, and to the
    /// limits of a tile overlapped by a shifted last one). On a dim with an edge, a tile that
    /// ends inside its limits stores unclipped: clipped stores are slower (132 compute units, split-K partial
    /// results of 256 rows of 4096 from a dynamic M: 57.3 against 41.4 us for a static M).
    pub(super) fn store_tile(
        &mut self,
        place: &TilePlace,
        out: k::ViewId,
        batch: &[k::Value],
        value: k::Value,
    ) -> Result<(), CompileError> {
        use k::BinaryOp as B;
        let [m_tile, n_tile] = place.tiles;
        let store = |this: &mut Self, in_bounds: bool| {
            let limits =
                (!in_bounds && (m_tile.limit.is_some() || n_tile.limit.is_some())).then(|| {
                    [
                        m_tile.limit.unwrap_or(place.extents[0]),
                        n_tile.limit.unwrap_or(place.extents[1]),
                    ]
                });
            this.b
                .push_stmt(k::Stmt::MatrixStoreTensor(k::MatrixStoreTensor {
                    view: out,
                    batch: batch.to_vec(),
                    row0: m_tile.origin,
                    col0: n_tile.origin,
                    value,
                    in_bounds,
                    limits,
                }));
            Ok(())
        };
        let mut whole = None;
        for d in 0..2 {
            if !place.edges[d] {
                continue;
            }
            let tile = place.tiles[d];
            let size = self.b.index(i64::from(place.size[d]));
            let end = self.b.binary(B::Add, tile.origin, size);
            let limit = tile.limit.unwrap_or(place.extents[d]);
            let inside = self.b.compare(k::CompareOp::Le, end, limit);
            whole = Some(match whole {
                Some(other) => self.b.binary(B::And, other, inside),
                None => inside,
            });
        }
        match whole {
            None => store(self, true),
            Some(whole) => {
                self.if_then_else(whole, |this| store(this, true), |this| store(this, false))
            }
        }
    }

    /// Where tile `tile` of `tiles` (of `size` each) lies along a problem dim of `extent`
    /// (`extent_const` when static): see [`EdgeTile`]. With a partial last tile (`edge`) and
    /// `extent >= size`, the last tile is shifted back to end at `extent`, so that it loads
    /// unclamped like the others (clamped tensor loads are about 3x slower at 132 compute units, and
    /// the few slow edge workgroups were the tail of the whole dispatch: 4000 x 4000 x 4096
    /// f16 took 741 us against 412 for 4096^3, now 431); the tile before it then stores only
    /// up to where the shifted one starts, so every element is written once. A problem smaller
    /// than one tile (decided at run time for a dynamic extent) keeps its clamped loads.
    pub(super) fn edge_tile(
        &mut self,
        tile: k::Value,
        tiles: k::Value,
        size: u32,
        extent: k::Value,
        extent_const: Option<i64>,
        edge: bool,
    ) -> EdgeTile {
        use k::BinaryOp as B;
        let size_v = self.b.index(i64::from(size));
        let nominal = self.b.binary(B::Mul, tile, size_v);
        let plain = |placement| EdgeTile {
            origin: nominal,
            placement,
            limit: None,
        };
        if !edge {
            return plain(Placement::One(nominal, true));
        }
        if extent_const.is_some_and(|e| e < i64::from(size)) {
            return plain(Placement::One(nominal, false));
        }
        // The last origin that keeps a whole tile inside (0 when the extent is under a tile).
        let mut last = self.b.binary(B::Sub, extent, size_v);
        if extent_const.is_none() {
            let zero = self.b.index(0);
            last = self.b.binary(B::Max, last, zero);
        }
        let origin = self.b.binary(B::Min, nominal, last);
        let two = self.b.index(2);
        let next = self.b.binary(B::Add, tile, two);
        let before_last = self.b.compare(k::CompareOp::Eq, next, tiles);
        let limit = Some(self.b.select(before_last, last, extent));
        let placement = match extent_const {
            // The last tile at its constant origin, the others at multiples of the tile size:
            // with the `min` origin for all (whose alignment the driver cannot see), an N edge
            // made every tile slower (4096 x 4000 x 4096: 1143 us; this way 434).
            Some(_) => {
                let one = self.b.index(1);
                let after = self.b.binary(B::Add, tile, one);
                let is_last = self.b.compare(k::CompareOp::Eq, after, tiles);
                Placement::Two(is_last, (last, true), (nominal, true))
            }
            None => {
                let end = self.b.binary(B::Add, origin, size_v);
                let inside = self.b.compare(k::CompareOp::Le, end, extent);
                Placement::Two(inside, (origin, true), (origin, false))
            }
        };
        EdgeTile {
            origin,
            placement,
            limit,
        }
    }
}

/// Split-K in a workgroup-scope kernel (f16 or split bf16) of `slices` slices of K = `kk`, each
/// a whole number of `step`s: puts the slice dim first in `grid` (nothing for one slice) and
/// returns a slice's K. A batched matmul is not split.
pub(super) fn slice_grid(
    slices: u32,
    kk: i64,
    step: i64,
    nbatch: usize,
    grid: &mut Vec<SizeExpr>,
) -> Result<i64, CompileError> {
    let slice_k = kk / i64::from(slices);
    if slices > 1 {
        if nbatch > 0 || slice_k * i64::from(slices) != kk || slice_k % step != 0 {
            return Err(internal(format!(
                "split-K into {slices} slices of a batched matmul or of K = {kk}"
            )));
        }
        grid.insert(0, SizeExpr::Const(i64::from(slices)));
    }
    Ok(slice_k)
}

/// A workgroup's slice index (split-K) and its other grid indices.
pub(super) fn slice_of(group: &[k::Value], slices: u32) -> (Option<k::Value>, &[k::Value]) {
    match slices > 1 {
        true => (Some(group[0]), &group[1..]),
        false => (None, group),
    }
}

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
//! A workgroup takes up to GEMV_MAX_ROWS rows; an M up to [`gemv_max_m`] takes several
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

use super::staging::*;
use super::*;

/// The most rows a workgroup takes: each invocation keeps its accumulators per row. (A larger
/// M takes several workgroup rows, up to [`gemv_max_m`].)
pub(super) const GEMV_MAX_ROWS: i64 = 8;

/// The shape of a few-rows workgroup.
#[derive(Clone, Copy, Debug)]
struct GemvShape {
    invocations: u32,
    /// K steps an invocation loads before it uses them (independent loads in flight).
    unroll: u32,
    /// Adjacent columns an invocation sums: 4 (one vec4 of the rhs) or 1.
    width: u32,
}

impl GemvShape {
    /// Bytes of Workgroup memory the slice sums take (`acc_bytes` per accumulator) with
    /// `columns` columns a workgroup.
    fn shared_bytes(self, rows: u32, columns: u32, acc_bytes: u32) -> u64 {
        let slices = self.invocations / (columns / self.width);
        u64::from(slices * rows * columns * acc_bytes)
    }
    /// The first of `Heuristics::gemv_shapes` (more invocations and more loads in flight per
    /// invocation hide the latency of the weights' reads) that `target` can hold for `rows`
    /// rows.
    fn choose(rows: u32, width: u32, acc_bytes: u32, target: &LoweringTarget) -> Option<Self> {
        let limits = &target.env.limits;
        let columns = target.heuristics.gemv_columns;
        target
            .heuristics
            .gemv_shapes
            .iter()
            .map(|&(invocations, unroll)| GemvShape {
                invocations,
                unroll,
                width,
            })
            .find(|shape| {
                shape.invocations <= limits.max_compute_workgroup_invocations
                    && shape.shared_bytes(rows, columns, acc_bytes)
                        <= u64::from(limits.max_compute_shared_memory_size)
            })
    }
}

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
        // A transposed rhs (`[N, K]`, K innermost): every output is the dot product of two
        // contiguous rows, which the row-reduction strategy reads along K with vec4 loads on
        // both operands (this kernel would read the rhs a column at a time).
        if super::reduction::dot_rows_operands(g, dims) {
            return self.dot_rows(region, gemm, &combiner);
        }
        let acc_ty = self.compute_type(self.f.values[op.results[0]].ty.dtype())?;
        let (Some(k), Some(n)) = (
            SizeExpr::product(dims.k.iter().map(|&d| &sizes[d])).as_const(),
            SizeExpr::product(dims.n.iter().map(|&d| &sizes[d])).as_const(),
        ) else {
            return Err(internal("few-rows matmul with a dynamic N or K"));
        };
        // Adjacent columns an invocation, read as vec4s, where the rhs is a plain
        // row-major `[K, N]` buffer of its compute type, read as such (not transposed), with
        // rows of a multiple of 4 (no batch).
        let rhs_row_major = reads_row_major(g, 1, &dims.k, &dims.n);
        let rhs_view = match self.tensor_view(op.operands[1], dims, false) {
            Some(Ok(view)) if n % 4 == 0 && rhs_row_major && dims.batch.is_empty() => Some(view),
            _ => None,
        };
        let width = if rhs_view.is_some() { 4 } else { 1 };
        let acc_bytes = if acc_ty == ScalarType::F16 { 2 } else { 4 };
        let shape = GemvShape::choose(rows, width, acc_bytes, self.target)
            .ok_or_else(|| internal("few-rows matmul that no workgroup shape fits"))?;
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

/// Whether operand `arg` of `g` is read as `[rows, columns]`: one loop dim each, in this order.
fn reads_row_major(g: &Generic, arg: usize, rows: &[usize], columns: &[usize]) -> bool {
    matches!((rows, columns), ([r], [c])
        if g.indexing_maps[arg].results == [AffineExpr::Dim(*r), AffineExpr::Dim(*c)])
}

/// The most rows (M) the few-rows pipeline takes for `n` columns. Above GEMV_MAX_ROWS a
/// workgroup row takes 8 rows and each reads all of the rhs, which pays while the tiled
/// pipelines have few workgroups: with N <= 4096 they have at most 32 of 128 columns per 128
/// rows. 132 compute units, `relu(x * W + b)` f16, GPU us, tiled / few-rows: M x N x K = 16 x 4096 x 4096
/// 85.9 / 35.4; 32 x 4096 x 4096 88.1 / 62.9; 64 x 4096 x 4096 188.2 / 117.3; 64 x 1024 x 1024
/// 22.4 / 12.2; 64 x 4096 x 16384 670.0 / 453.3; 16 x 16384 x 4096 228.0 / 127.0; but 64 x 16384
/// x 4096 229.0 / 457.9 (f32, 16 x 4096 x 4096: 633.7 on the split pipeline / 54.2).
///
/// f16 operands on targets with workgroup-scope matrices stop at 32 rows: that kernel with
/// small tiles takes 64 rows of 4096 x 4096 in 53.3 us (`Heuristics::
/// workgroup_matrix_min_groups`), but 32 rows in 85.5 against 62.9 here; and at 16 rows where
/// it splits K (`kernel_config::choose_split_k_config`; K >= `split_k_min_k`): 8 / 16 / 32
/// rows take 33.8 / 34.0 / 35.7 us split against 28.8 / 35.3 / 63.4 here. (The numbers are
/// `Heuristics::gemv_max_m`, `gemv_max_m_beside_workgroup_matrix`, `gemv_max_m_few`.)
pub(super) fn gemv_max_m(n: i64, k: i64, operands: DType, target: &LoweringTarget) -> i64 {
    let h = &target.heuristics;
    let workgroup_matrix = !target.env.cooperative_matrix_workgroup.is_empty();
    match (
        n <= h.gemv_wide_n,
        operands == DType::F16 && workgroup_matrix,
    ) {
        (true, false) => h.gemv_max_m,
        (true, true) if k >= h.split_k_min_k => h.gemv_max_m_few,
        (true, true) => h.gemv_max_m_beside_workgroup_matrix,
        (false, _) => h.gemv_max_m_few,
    }
}

/// The rows a workgroup takes when the few-rows pipeline takes an `m x n x k` matmul on
/// `target`: a static M of at most [`gemv_max_m`], static N and K of at least
/// `Heuristics::gemv_min_nk` (below, the tiled pipelines' few steps cost little), a GPU (CPU devices have the lanes pipeline), and no
/// tile override or `kiln tune` entry for the contraction.
pub(super) fn gemv_rows(
    [m, n, k]: [&SizeExpr; 3],
    operands: DType,
    tuning_key: &str,
    target: &LoweringTarget,
) -> Option<u32> {
    let (m, n, k) = (m.as_const()?, n.as_const()?, k.as_const()?);
    let overridden = crate::kernel_config::tiling_chosen_elsewhere(tuning_key, target);
    let gpu = target.env.device_type != kiln_spirv_ir::target::DeviceType::Cpu;
    let rows = m.min(GEMV_MAX_ROWS);
    // (Width 1 takes the most shared memory a row; f32 accumulators the most a value.)
    let fits = GemvShape::choose(rows as u32, 1, 4, target).is_some();
    let m_ok = (1..=gemv_max_m(n, k, operands, target)).contains(&m);
    let min_nk = target.heuristics.gemv_min_nk;
    (gpu && !overridden && m_ok && n >= min_nk && k >= min_nk && fits).then_some(rows as u32)
}

/// A region whose root is a plain row-major matmul without batch dims that the few-rows
/// pipeline takes for some M (its static N and K qualify, see [`gemv_rows`]).
pub(super) struct RegionRows {
    /// The matmul's M: static, or dynamic (then the region gets run-time variants).
    pub m: SizeExpr,
    /// The largest M the few-rows pipeline takes for it ([`gemv_max_m`]).
    pub max_m: i64,
    /// For a dynamic M: the ranges of M above `max_m` with one tiling each
    /// (`kernel_config::matmul_m_ranges`).
    pub tile_ranges: Vec<(i64, Option<i64>)>,
}

/// See [`RegionRows`]. A dynamic M took 193 us for `relu(x * W + b)`, W 4096 x 4096 f16, at 132
/// compute units at M = 1 (the tiled pipelines), and a static M of 16 in f32 took the split pipeline
/// (633.7 us against 54.2 for the few-rows kernel).
pub(super) fn region_rows(
    f: &Function,
    region: &DispatchRegion,
    target: &LoweringTarget,
) -> Option<RegionRows> {
    if region.kind != RegionKind::Reduction {
        return None;
    }
    let p = matmul::plain_matmul_problem(f, &f.ops[region.root])?;
    if !p.dims.batch.is_empty() {
        return None;
    }
    let key = crate::kernel_config::tuning_key(p.dtypes, &p.batch, &p.m, &p.n, &p.k);
    // (A workgroup of GEMV_MAX_ROWS rows takes the most shared memory.)
    gemv_rows(
        [&SizeExpr::Const(GEMV_MAX_ROWS), &p.n, &p.k],
        p.dtypes[0],
        &key,
        target,
    )?;
    let max_m = gemv_max_m(p.n.as_const()?, p.k.as_const()?, p.dtypes[0], target);
    // Variants by tiling.
    let tile_ranges = match p.m.as_const() {
        Some(_) => Vec::new(),
        None => {
            let bytes = match target.compute_type(p.dtypes[0]) {
                Ok(ScalarType::F16) => 2,
                _ => 4,
            };
            crate::kernel_config::matmul_m_ranges(
                [&p.n, &p.k],
                p.dtypes,
                bytes,
                matmul::workgroup_matrix_region(f, region, target),
                &key,
                target,
                max_m + 1,
            )
        }
    };
    Some(RegionRows {
        max_m,
        m: p.m,
        tile_ranges,
    })
}

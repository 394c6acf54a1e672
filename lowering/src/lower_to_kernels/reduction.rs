//! The reduction and softmax strategies of `lower-to-kernels`; matmul-like contractions are
//! handed to `matmul.rs`.
//!
//! Row strategies (the innermost input dimension is reduced, or softmax over the innermost
//! dimension):
//! - a subgroup per row, several rows per workgroup (subgroup reductions, no barriers, no
//!   shared memory) when the target has subgroup arithmetic and the row is short (at most 32
//!   chunks per lane; for softmax held in registers on a GPU, at most 16 elements per lane),
//!   or, for reductions and streamed softmax, when there are enough rows to keep memory busy
//!   (rows x subgroup size >= 64 Ki) or the device is a CPU;
//! - else a workgroup per row whose power-of-two size follows the row length (about 4 chunks
//!   per lane; 8 elements for softmax in registers on a GPU; between the subgroup size and
//!   min(256, maxComputeWorkGroupInvocations); the largest for dynamic rows), combined by a
//!   `workgroup_reduce` (subgroup ops or a shared-memory tree after distribution).
//!
//! A chunk is 4 consecutive elements read with one vec4 load when the row length is a static
//! multiple of 4 and every view the element code reads along the row is aligned
//! (`vectorize_lanes` turns the scalar element code of fused producers into vector code), else
//! one element. Reductions keep 4 independent accumulators per invocation (4 chunks loaded per
//! iteration of a loop, with a constant trip count for static rows, then a remainder loop).
//! Softmax holds a static row in registers (at most 32 elements per invocation; on CPU devices
//! only with a subgroup per row): one global read and one write per element (max, then exp and sum, then the normalized write from the
//! registers); longer or dynamic rows are read twice (a running max with a rescaled sum of
//! exponentials, then the normalized write). Softmax of f16 / bf16 computes in f32 and rounds
//! once at the store.
//!
//! Contractions whose every output is the dot product of two rows contiguous along the single
//! reduced dim also take the row strategy (`dot_rows`): a transposed rhs on the few-rows
//! pipeline's rows, and batched ones no matmul pipeline takes (attention's `q * k^T` while
//! decoding: 132 compute units, 32 x 8192 x 128 f16, 144.6 us serial, 45.6 as rows).
//!
//! Column strategy (not on CPU devices; the input's innermost dimension is the output's, the
//! reduced dims are outer, and the reduced range is at least twice the slices): a workgroup per tile of columns, `X`
//! invocations across it (a vec4 or one element each, 128 bytes of a row together) times `Y`
//! slices of the reduced range, the slices' partials added in Workgroup memory after one
//! barrier.
//!
//! Otherwise reductions run serially per output (coalesced across invocations), and softmax over
//! another dimension runs a thread per row with three passes.

use super::*;
use crate::heuristics::Heuristics;

impl<'a> Lowering<'a> {
    pub(super) fn reduction(&mut self, region: &DispatchRegion) -> Result<(), CompileError> {
        let op = self.f.ops[region.root].clone();
        let OpKind::Generic(g) = &op.kind else {
            return Err(CompileError::unsupported(
                op.kind.name(),
                "op",
                "not a generic reduction",
            ));
        };
        if op.results.len() != 1 {
            return Err(CompileError::unsupported(
                op.kind.name(),
                "reduction",
                "more than one result",
            ));
        }
        let result = op.results[0];
        let sizes = loop_sizes(self.f, &op, g).ok_or_else(|| {
            CompileError::unsupported(
                op.kind.name(),
                "indexing maps",
                "a loop dim no operand indexes directly",
            )
        })?;
        let init_map = g.indexing_maps[g.num_inputs]
            .as_projection()
            .ok_or_else(|| internal("init map not a projection"))?;
        let reduction_dims: Vec<usize> = (0..g.iterator_types.len())
            .filter(|&d| g.iterator_types[d] == IteratorType::Reduction)
            .collect();
        let out_shape = self.tensor_shape(result);
        let acc_arg = g.num_inputs as u32;
        let combiner = recognize_combiner(&g.body, acc_arg);
        let used = body_arguments_used(&g.body);
        let tensor_inputs: Vec<usize> = (0..g.num_inputs)
            .filter(|&i| {
                used.contains(&(i as u32)) && self.f.values[op.operands[i]].ty.as_tensor().is_some()
            })
            .collect();
        // Coalescing: the innermost index of the (single) input walks a reduction dim.
        let innermost_reduced = tensor_inputs.len() == 1
            && g.indexing_maps[tensor_inputs[0]]
                .results
                .last()
                .is_some_and(|e| matches!(e, AffineExpr::Dim(d) if reduction_dims.contains(d)));
        let row = SizeExpr::product(reduction_dims.iter().map(|&d| &sizes[d]));
        if let (Some(c), Some(dims)) = (
            &combiner,
            crate::kernel_config::matmul_dims(g, &tensor_inputs),
        ) {
            if c.op == k::ReduceOp::Add {
                let a_ty = self.compute_type(self.f.values[op.operands[0]].ty.dtype())?;
                let bytes = if a_ty == ScalarType::F16 { 2 } else { 4 };
                let dtypes =
                    [op.operands[0], op.operands[1], result].map(|v| self.f.values[v].ty.dtype());
                let group = |g: &[usize]| SizeExpr::product(g.iter().map(|&d| &sizes[d]));
                let (m, n) = (group(&dims.m), group(&dims.n));
                let key = crate::kernel_config::tuning_key(
                    dtypes,
                    &group(&dims.batch),
                    &m,
                    &n,
                    &group(&dims.k),
                );
                let gemm = staging::Gemm {
                    op: &op,
                    g,
                    sizes: &sizes,
                    dims: &dims,
                };
                if let Strategy::SplitK(split_k) = self.strategy {
                    self.b.kernel.tuning_key = Some(key);
                    return self.split_k_matmul(region, &gemm, split_k);
                }
                if let Strategy::Planes(planes) = self.strategy {
                    // The operands come as planes: only the result (or the partial results of
                    // split-K's slices) is bound from the region.
                    let out = match planes.split_k {
                        Some(slices) => self.partials_view(result, slices)?,
                        None => self
                            .is_plain_tensor_matmul(region, &op, g, &dims)
                            .then(|| self.tensor_view(region.outputs[0], &dims, true))
                            .flatten()
                            .ok_or_else(|| internal("split matmul region without a result buffer"))?
                            .unwrap_or_else(|new| self.b.add_view(new)),
                    };
                    self.b.kernel.tuning_key = Some(key);
                    return self.split_tensor_matmul(region, &gemm, out, planes);
                }
                let few_rows = match self.strategy {
                    Strategy::Rows(few_rows) => few_rows,
                    _ => FewRows::Never(None),
                };
                // A dynamic M's variant for a range of rows: the tiling of its first.
                let m_tiles = few_rows.variant_rows().0.map_or(m.clone(), SizeExpr::Const);
                let few_rows = match few_rows {
                    FewRows::Auto => {
                        let mnk = [&m, &n, &group(&dims.k)];
                        gemv::gemv_rows(mnk, dtypes[0], &key, self.target)
                    }
                    FewRows::Rows(rows) => Some(rows),
                    FewRows::Never(_) => None,
                };
                if let Some(rows) = few_rows {
                    self.b.kernel.tuning_key = Some(key);
                    let combiner = recognize_combiner(&g.body, acc_arg).expect("checked above");
                    return self.gemv_matmul(region, &gemm, rows, combiner);
                }
                if let Some(plan) = self.tensor_operands(region, &op, g, &dims) {
                    let config = crate::kernel_config::choose_workgroup_matrix_config(
                        [&m_tiles, &n, &group(&dims.k)],
                        dtypes[0],
                        dtypes[2],
                        &key,
                        self.target,
                    )
                    .map_err(|detail| self.limit_exceeded(detail))?;
                    if let (Some(config), true) = (config, dtypes[0] == dtypes[1]) {
                        let views = self.add_tensor_views(plan);
                        self.b.kernel.tuning_key = Some(key);
                        return self.tensor_matmul(region, &gemm, config, views, 1);
                    }
                }
                // (A dynamic M's variant for a range of rows: the tiling of its first. 132 compute units,
                // f32 128 x 1024 x 4096: 870.4 us with the tiling of a dynamic M, 186.3 with
                // that of 128 rows.)
                let config = crate::kernel_config::choose_matmul_pipeline(
                    &m_tiles,
                    &n,
                    dtypes,
                    bytes,
                    &key,
                    self.target,
                )
                .map_err(|detail| self.limit_exceeded(detail))?;
                if let Some(config) = config {
                    self.b.kernel.tuning_key = Some(key);
                    let combiner = recognize_combiner(&g.body, acc_arg).expect("checked above");
                    return self.tiled_matmul(region, &op, g, &sizes, &dims, config, combiner);
                }
            }
        }
        // Row and column reductions take a single tensor input.
        if let (Some(c), &[input]) = (&combiner, &tensor_inputs[..]) {
            let reduction = RowReduction {
                region,
                op: &op,
                g,
                sizes: &sizes,
                reduction_dims: &reduction_dims,
                init_map: &init_map,
                input,
                combine: c.op,
                partial: c.partial,
                length: row.clone(),
                walk: (0..init_map.len()).collect(),
            };
            if innermost_reduced {
                return self.row_reduction(&reduction);
            }
            // The input's innermost index is the result's.
            let column = matches!(g.indexing_maps[input].results.last(),
                Some(AffineExpr::Dim(d)) if init_map.last() == Some(d));
            if column && self.column_reduction(&reduction)? {
                return Ok(());
            }
        }
        // Contractions no matmul pipeline took whose outputs are dot products of rows
        // contiguous along the reduced dim (batched rows times a transposed rhs: attention's
        // `q * k^T` on one row) take the row strategy rather than a serial loop per output.
        if let (Some(c), Some(dims)) = (
            &combiner,
            crate::kernel_config::matmul_dims(g, &tensor_inputs),
        ) {
            if dot_rows_operands(g, &dims) {
                let gemm = staging::Gemm {
                    op: &op,
                    g,
                    sizes: &sizes,
                    dims: &dims,
                };
                return self.dot_rows(region, &gemm, c);
            }
        }
        let acc_ty = self.compute_type(self.f.values[result].ty.dtype())?;
        let g = g.clone();
        let point_of = |out_idx: &[k::Value], red: &[k::Value]| -> Vec<k::Value> {
            let mut point = vec![None; g.iterator_types.len()];
            for (j, &d) in init_map.iter().enumerate() {
                point[d] = Some(out_idx[j]);
            }
            for (j, &d) in reduction_dims.iter().enumerate() {
                point[d] = Some(red[j]);
            }
            point
                .into_iter()
                .map(|p| p.expect("every loop dim is parallel-mapped or reduced"))
                .collect()
        };
        let input_at =
            |this: &mut Self, arg: u32, point: &[k::Value]| -> Result<k::Value, CompileError> {
                let operand = op.operands[arg as usize];
                let map = g.indexing_maps[arg as usize].clone();
                let mut idx = Vec::new();
                for e in &map.results {
                    idx.push(this.affine(e, point)?);
                }
                this.element(operand, &idx)
            };
        self.parallel_over(ParallelMarker::Untiled, &out_shape, |this, out_idx| {
            let acc = this.b.allocate("acc", k::StorageClass::Function, acc_ty, 1);
            let init = this.element(op.operands[g.num_inputs], out_idx)?;
            this.b.store(Place::Allocation(acc), vec![], init);
            this.nested_reduction_loops(
                &reduction_dims,
                &sizes,
                0,
                &mut Vec::new(),
                &mut |this, red| {
                    let point = point_of(out_idx, red);
                    let current = this
                        .b
                        .load(Type::Scalar(acc_ty), Place::Allocation(acc), vec![]);
                    let y = this.eval_body(&g.body, g.body.yields[0], &mut |this, arg| {
                        if arg == acc_arg {
                            Ok(current)
                        } else {
                            input_at(this, arg, &point)
                        }
                    })?;
                    let y = this.b.cast(y, acc_ty);
                    this.b.store(Place::Allocation(acc), vec![], y);
                    Ok(())
                },
            )?;
            let total = this
                .b
                .load(Type::Scalar(acc_ty), Place::Allocation(acc), vec![]);
            this.substitutions.insert((result, out_idx.to_vec()), total);
            this.store_outputs(region, out_idx)
        })
    }

    fn nested_reduction_loops(
        &mut self,
        dims: &[usize],
        sizes: &[SizeExpr],
        depth: usize,
        ivs: &mut Vec<k::Value>,
        body: &mut ReductionBody<'_, 'a>,
    ) -> Result<(), CompileError> {
        if depth == dims.len() {
            return body(self, ivs);
        }
        let zero = self.b.index(0);
        let upper = self.size(&sizes[dims[depth]]);
        let one = self.b.index(1);
        let mut result = Ok(());
        let mut builder = std::mem::replace(&mut self.b, KernelBuilder::new(""));
        builder.for_loop(zero, upper, one, |b, iv| {
            std::mem::swap(&mut self.b, b);
            self.push_scope();
            ivs.push(iv);
            result = self.nested_reduction_loops(dims, sizes, depth + 1, ivs, body);
            ivs.pop();
            self.pop_scope();
            std::mem::swap(&mut self.b, b);
        });
        self.b = builder;
        result
    }

    pub(super) fn softmax(&mut self, region: &DispatchRegion) -> Result<(), CompileError> {
        let op = self.f.ops[region.root].clone();
        let OpKind::Softmax { dimension } = op.kind else {
            return Err(internal("softmax root expected"));
        };
        if region.epilogue_root.is_some() {
            return Err(CompileError::unsupported(
                "linalg.softmax",
                "fusion",
                "softmax epilogues",
            ));
        }
        let input = op.operands[0];
        let output = op.results[0];
        let shape = self.tensor_shape(output);
        let element = self.compute_type(self.f.values[output].ty.dtype())?;
        let view = *self
            .views
            .get(&output)
            .ok_or_else(|| internal("softmax output without a view"))?;
        let storage =
            self.b.kernel.bindings[self.b.kernel.views[view.0 as usize].binding.0 as usize].element;
        let types = SoftmaxTypes::new(element, storage);
        let ty = types.arithmetic;
        let rows: Vec<SizeExpr> = shape
            .iter()
            .enumerate()
            .filter(|(d, _)| *d != dimension)
            .map(|(_, s)| s.clone())
            .collect();
        let n = shape[dimension].clone();
        let full_index = |row: &[k::Value], t: k::Value| -> Vec<k::Value> {
            let mut idx = row.to_vec();
            idx.insert(dimension, t);
            idx
        };
        // Three passes over the row: max, sum of exp(x - max), normalized write.
        let passes = |this: &mut Self,
                      row: &[k::Value],
                      start: k::Value,
                      step: k::Value,
                      reduce: &dyn Fn(&mut Self, k::ReduceOp, k::Value) -> k::Value|
         -> Result<(), CompileError> {
            let acc = this.b.allocate("acc", k::StorageClass::Function, ty, 1);
            let size = this.size(&n);
            let lowest = this.b.constant(ty, f64::NEG_INFINITY);
            this.b.store(Place::Allocation(acc), vec![], lowest);
            this.for_loop(start, size, step, |this, t| {
                let x = this.element(input, &full_index(row, t))?;
                let x = types.widen_input(&mut this.b, x);
                let cur = this
                    .b
                    .load(Type::Scalar(ty), Place::Allocation(acc), vec![]);
                let m = this.b.binary(k::BinaryOp::Max, cur, x);
                this.b.store(Place::Allocation(acc), vec![], m);
                Ok(())
            })?;
            let mine = this
                .b
                .load(Type::Scalar(ty), Place::Allocation(acc), vec![]);
            let max = reduce(this, k::ReduceOp::Max, mine);
            let zero = this.b.constant(ty, 0.0);
            this.b.store(Place::Allocation(acc), vec![], zero);
            this.for_loop(start, size, step, |this, t| {
                let x = this.element(input, &full_index(row, t))?;
                let x = types.widen_input(&mut this.b, x);
                let shifted = this.b.binary(k::BinaryOp::Sub, x, max);
                let e = this.b.unary(k::UnaryOp::Exp, shifted);
                let cur = this
                    .b
                    .load(Type::Scalar(ty), Place::Allocation(acc), vec![]);
                let s = this.b.binary(k::BinaryOp::Add, cur, e);
                this.b.store(Place::Allocation(acc), vec![], s);
                Ok(())
            })?;
            let mine = this
                .b
                .load(Type::Scalar(ty), Place::Allocation(acc), vec![]);
            let sum = reduce(this, k::ReduceOp::Add, mine);
            let one = this.b.constant(ty, 1.0);
            let inverse = this.b.binary(k::BinaryOp::Div, one, sum);
            this.for_loop(start, size, step, |this, t| {
                let idx = full_index(row, t);
                let x = this.element(input, &idx)?;
                let x = types.widen_input(&mut this.b, x);
                let shifted = this.b.binary(k::BinaryOp::Sub, x, max);
                let e = this.b.unary(k::UnaryOp::Exp, shifted);
                let y = this.b.binary(k::BinaryOp::Mul, e, inverse);
                let y = types.to_storage(&mut this.b, y);
                this.b.store(Place::View(view), idx, y);
                Ok(())
            })
        };
        if dimension + 1 == shape.len() && self.softmax_rows(input, view, types, &shape)? {
            return Ok(());
        }
        if dimension + 1 == shape.len() {
            let workgroup_size = row_workgroup_size(n.as_const(), self.target);
            self.b.kernel.local_size = [workgroup_size, 1, 1];
            self.parallel_over(ParallelMarker::Workgroup, &rows, |this, row| {
                this.parallel_over(
                    ParallelMarker::Local,
                    &[SizeExpr::Const(workgroup_size as i64)],
                    |this, lane| {
                        let step = this.b.index(workgroup_size as i64);
                        passes(this, row, lane[0], step, &|this, op, x| {
                            this.b
                                .let_op(Type::Scalar(ty), k::Op::WorkgroupReduce { op, arg: x })
                        })
                    },
                )
            })
        } else {
            self.parallel_over(ParallelMarker::Untiled, &rows, |this, row| {
                let zero = this.b.index(0);
                let one = this.b.index(1);
                passes(this, row, zero, one, &|_, _, x| x)
            })
        }
    }
}

/// A reduction whose combiner is recognized and whose single tensor input reads the reduced
/// dimensions innermost (the candidates of the row strategies).
struct RowReduction<'r> {
    region: &'r DispatchRegion,
    op: &'r Op,
    g: &'r Generic,
    sizes: &'r [SizeExpr],
    reduction_dims: &'r [usize],
    init_map: &'r [usize],
    /// The operand index of the tensor input.
    input: usize,
    combine: k::ReduceOp,
    partial: ScalarRef,
    /// The number of reduced elements per output.
    length: SizeExpr,
    /// The output dims in the order the rows are walked, outermost first (consecutive rows go
    /// to the subgroups of one workgroup): the output's own order, or for several rows times
    /// a transposed rhs the rows innermost, so that the outputs sharing an rhs row run
    /// together and read it once from memory.
    walk: Vec<usize>,
}

impl RowReduction<'_> {
    /// The reduced dims in the order the input reads them (its innermost last; dims it does not
    /// read first), so consecutive flat row indices are consecutive elements.
    fn reduced_order(&self) -> Vec<usize> {
        let mut order: Vec<usize> = Vec::new();
        for e in &self.g.indexing_maps[self.input].results {
            if let AffineExpr::Dim(d) = e {
                if self.reduction_dims.contains(d) && !order.contains(d) {
                    order.push(*d);
                }
            }
        }
        let missing: Vec<usize> = self
            .reduction_dims
            .iter()
            .copied()
            .filter(|d| !order.contains(d))
            .collect();
        order.splice(0..0, missing);
        order
    }
}

/// How the invocations of a workgroup are assigned to rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum RowGroup {
    /// One subgroup of `size` invocations per row, `rows` rows per workgroup.
    Subgroup { size: u32, rows: u32 },
    /// One workgroup of `size` invocations per row.
    Workgroup { size: u32 },
}

/// How many chunks (vec4 or single elements) each invocation takes in a row grouping.
#[derive(Clone, Copy, Debug)]
struct LaneChunks {
    /// The most per invocation for a row to go to one subgroup.
    subgroup: i64,
    /// What a workgroup-per-row size aims at per invocation.
    workgroup: i64,
    /// The most per invocation of any grouping (`i64::MAX`: the row is streamed, not held).
    max: i64,
}

impl LaneChunks {
    /// Rows streamed through the invocations (reductions, softmax read twice).
    fn streamed(heuristics: &Heuristics) -> LaneChunks {
        LaneChunks {
            subgroup: heuristics.subgroup_row_chunks,
            workgroup: 4,
            max: i64::MAX,
        }
    }

    /// Softmax rows held in registers, in chunks of `width` elements: a subgroup per row up to
    /// `subgroup_elements` per lane.
    fn registers(subgroup_elements: i64, width: i64, heuristics: &Heuristics) -> LaneChunks {
        LaneChunks {
            subgroup: (subgroup_elements / width).max(1),
            workgroup: (heuristics.softmax_workgroup_elements / width).max(1),
            max: (heuristics.softmax_register_elements / width).max(1),
        }
    }
}

impl RowGroup {
    fn lanes(self) -> i64 {
        match self {
            RowGroup::Subgroup { size, .. } | RowGroup::Workgroup { size } => size as i64,
        }
    }
}

/// The scalar types of a softmax kernel. 16-bit floats are computed in f32: a sum of f16
/// exponentials rounds at every addition (on lavapipe a serial sum over 4096 was 10% off, the
/// lane-split row sums a few f16 ulps), so the kernel converts each loaded element once, runs
/// max / exp / sum / divide in f32 and rounds once at the store.
#[derive(Clone, Copy, Debug)]
struct SoftmaxTypes {
    /// The type of max, exp, sum and division: f32 for f16 / bf16 elements, else `element`.
    arithmetic: ScalarType,
    /// The compute type of the tensor's element type (what the result is rounded to).
    element: ScalarType,
    /// The element type of the output binding.
    storage: ScalarType,
}

impl SoftmaxTypes {
    fn new(element: ScalarType, storage: ScalarType) -> Self {
        let arithmetic = match element {
            ScalarType::F16 | ScalarType::BF16 => ScalarType::F32,
            other => other,
        };
        SoftmaxTypes {
            arithmetic,
            element,
            storage,
        }
    }
    /// An input value (scalar or vector) converted to the arithmetic type.
    fn widen_input(self, b: &mut KernelBuilder, x: k::Value) -> k::Value {
        b.cast(x, self.arithmetic)
    }
    /// A result value rounded to the element type, then converted to the storage type.
    fn to_storage(self, b: &mut KernelBuilder, y: k::Value) -> k::Value {
        let y = b.cast(y, self.element);
        b.cast(y, self.storage)
    }
}

/// Independent accumulators (and loads in flight) per invocation in a row reduction.
const ROW_UNROLL: i64 = 4;

/// Whether a `width`-lane access at a multiple of `width` along the innermost dimension of
/// `view` is exact (the vec4 binding rule of `legalize`).
fn view_aligned(view: &k::BufferView, width: i64) -> bool {
    let Some((last, outer)) = view.strides.split_last() else {
        return false;
    };
    last.is_const(1)
        && outer
            .iter()
            .all(|s| s.as_const().is_some_and(|c| c % width == 0))
        && view.offset.as_const().is_some_and(|c| c % width == 0)
}

impl<'a> Lowering<'a> {
    /// The row grouping for rows of `chunks` chunks, or `None` when a row needs more than
    /// `lane.max` chunks per invocation of the largest workgroup.
    fn row_group(&self, chunks: i64, rows: Option<i64>, lane: LaneChunks) -> Option<RowGroup> {
        let limits = &self.target.env.limits;
        let cap = limits.max_compute_workgroup_invocations.clamp(1, 256);
        let cap = 1u32 << (31 - cap.leading_zeros());
        let subgroup = limits.subgroup_size.max(1);
        let short = chunks <= subgroup as i64 * lane.subgroup.min(lane.max);
        // Long rows still go one per subgroup when a row need not stay in registers and either
        // the rows alone give enough invocations to keep memory busy, or the device is a CPU
        // (where every barrier switches between all the subgroups of a workgroup).
        let streamed = lane.max == i64::MAX
            && (self.target.env.device_type == kiln_spirv_ir::target::DeviceType::Cpu
                || rows.is_some_and(|r| {
                    r.saturating_mul(subgroup as i64) >= self.target.heuristics.rows_invocations
                }));
        if self.target.has_subgroup_arithmetic() && subgroup <= cap && (short || streamed) {
            let per_row = self.target.heuristics.subgroup_rows_invocations;
            let mut per_group = (per_row.min(cap) / subgroup).max(1);
            if let Some(r) = rows {
                per_group = per_group.min((r.max(1) as u64).next_power_of_two() as u32);
            }
            return Some(RowGroup::Subgroup {
                size: subgroup,
                rows: per_group,
            });
        }
        let floor = subgroup.min(cap);
        let size = ((chunks.max(1) as u64)
            .div_ceil(lane.workgroup as u64)
            .next_power_of_two())
        .clamp(floor as u64, cap as u64) as u32;
        if chunks > (size as i64).saturating_mul(lane.max) {
            return None;
        }
        Some(RowGroup::Workgroup { size })
    }

    /// Emits the row loops of `group` over the rows `rows` (row-major); `body` gets the row's
    /// indices and the invocation's lane within the row.
    fn over_rows(
        &mut self,
        rows: &[SizeExpr],
        group: RowGroup,
        body: impl FnOnce(&mut Self, &[k::Value], k::Value) -> Result<(), CompileError>,
    ) -> Result<(), CompileError> {
        match group {
            RowGroup::Workgroup { size } => {
                self.b.kernel.local_size = [size, 1, 1];
                self.parallel_over(ParallelMarker::Workgroup, rows, |this, row| {
                    this.parallel_over(
                        ParallelMarker::Local,
                        &[SizeExpr::Const(size as i64)],
                        |this, lane| body(this, row, lane[0]),
                    )
                })
            }
            RowGroup::Subgroup {
                size,
                rows: per_group,
            } => {
                self.b.kernel.local_size = [size * per_group, 1, 1];
                let limits = &self.target.env.limits;
                // Rows are subgroups: pin the subgroup size where the device may pick another.
                if limits.min_subgroup_size != limits.max_subgroup_size {
                    self.b.kernel.required_subgroup_size = Some(size);
                }
                let total = SizeExpr::product(rows);
                let groups = total.clone().ceil_div(SizeExpr::Const(per_group as i64));
                let invocations = SizeExpr::Const((size * per_group) as i64);
                let rows = rows.to_vec();
                self.parallel_over(ParallelMarker::Workgroup, &[groups], |this, group| {
                    this.parallel_over(ParallelMarker::Local, &[invocations], |this, _| {
                        let subgroup = this.b.builtin(k::Builtin::SubgroupId, 0);
                        let lane = this.b.builtin(k::Builtin::SubgroupLocalInvocationId, 0);
                        let per = this.b.index(per_group as i64);
                        let first = this.b.binary(k::BinaryOp::Mul, group[0], per);
                        let row = this.b.binary(k::BinaryOp::Add, first, subgroup);
                        let emit = |this: &mut Self| {
                            let mut idx = vec![row; rows.len()];
                            let mut rest = row;
                            for d in (0..rows.len()).rev() {
                                if d == 0 {
                                    idx[d] = rest;
                                } else {
                                    let n = this.size(&rows[d]);
                                    idx[d] = this.b.binary(k::BinaryOp::Rem, rest, n);
                                    rest = this.b.binary(k::BinaryOp::Div, rest, n);
                                }
                            }
                            body(this, &idx, lane)
                        };
                        if total.as_const().is_some_and(|t| t % per_group as i64 == 0) {
                            emit(this)
                        } else {
                            let n = this.size(&total);
                            let inside = this.b.compare(k::CompareOp::Lt, row, n);
                            this.if_then(inside, emit)
                        }
                    })
                })
            }
        }
    }

    /// `x` reduced over the invocations of a row.
    fn row_reduce(&mut self, group: RowGroup, op: k::ReduceOp, x: k::Value) -> k::Value {
        let ty = self.b.type_of(x);
        let op = match group {
            RowGroup::Subgroup { .. } => k::Op::SubgroupReduce { op, arg: x },
            RowGroup::Workgroup { .. } => k::Op::WorkgroupReduce { op, arg: x },
        };
        self.b.let_op(ty, op)
    }

    /// `values` combined pairwise (a balanced tree, for instruction-level parallelism).
    fn combine_tree(&mut self, op: k::ReduceOp, values: &[k::Value]) -> k::Value {
        let mut level = values.to_vec();
        while level.len() > 1 {
            let mut next = Vec::with_capacity(level.len().div_ceil(2));
            for pair in level.chunks(2) {
                next.push(match pair {
                    [a, b] => self.b.binary(reduce_binary(op), *a, *b),
                    [a] => *a,
                    _ => unreachable!("chunks of at most 2"),
                });
            }
            level = next;
        }
        level[0]
    }

    /// The lanes of a vector combined into a scalar (a scalar is returned as is).
    fn combine_lanes(&mut self, op: k::ReduceOp, x: k::Value) -> k::Value {
        let Type::Vector(s, width) = self.b.type_of(x) else {
            return x;
        };
        let lanes: Vec<k::Value> = (0..width)
            .map(|lane| {
                self.b
                    .let_op(Type::Scalar(s), k::Op::Extract { vector: x, lane })
            })
            .collect();
        self.combine_tree(op, &lanes)
    }

    /// `x` broadcast to `width` lanes (itself for width 1).
    fn widen(&mut self, x: k::Value, width: i64) -> k::Value {
        match self.b.type_of(x) {
            Type::Scalar(s) if width > 1 => self
                .b
                .let_op(Type::Vector(s, width as u8), k::Op::Splat { arg: x }),
            _ => x,
        }
    }

    /// A chunk of `width` consecutive values along the innermost index starting at `start`:
    /// `eval(inner)` emits the scalar code of one element at innermost index `inner`; for width
    /// 4 that code is turned into vector code by `vectorize_lanes`. `None` (nothing emitted)
    /// when it does not vectorize.
    fn row_chunk(
        &mut self,
        width: i64,
        start: k::Value,
        eval: &mut dyn FnMut(&mut Self, k::Value) -> Result<k::Value, CompileError>,
    ) -> Result<Option<k::Value>, CompileError> {
        if width == 1 {
            return eval(self, start).map(Some);
        }
        let inner = self.b.new_value(Type::Scalar(ScalarType::Index), Some("t"));
        let mut result = Err(internal("row chunk not evaluated"));
        self.push_scope();
        let mut builder = std::mem::replace(&mut self.b, KernelBuilder::new(""));
        let block = builder.capture(|b| {
            std::mem::swap(&mut self.b, b);
            result = eval(self, inner);
            std::mem::swap(&mut self.b, b);
        });
        self.b = builder;
        self.pop_scope();
        let scalar = result?;
        let Some(map) = crate::vectorize::vectorize_lanes(&mut self.b, &block, inner, start) else {
            return Ok(None);
        };
        let (x, vector) = map.get(&scalar).copied().unwrap_or((scalar, false));
        Ok(Some(if vector { x } else { self.widen(x, width) }))
    }

    /// Runs `f` and throws away what it emitted (a trial of a strategy).
    fn discarded<T>(
        &mut self,
        f: impl FnOnce(&mut Self) -> Result<T, CompileError>,
    ) -> Result<T, CompileError> {
        let mut result = Err(internal("trial not run"));
        self.push_scope();
        let mut builder = std::mem::replace(&mut self.b, KernelBuilder::new(""));
        builder.capture(|b| {
            std::mem::swap(&mut self.b, b);
            result = f(self);
            std::mem::swap(&mut self.b, b);
        });
        self.b = builder;
        self.pop_scope();
        result
    }

    /// Softmax over the innermost dimension: the row held in registers, or streamed twice when
    /// it is too long for them or of dynamic length (see the module docs). `Ok(false)`, emitting
    /// nothing, for empty rows.
    fn softmax_rows(
        &mut self,
        input: ValueId,
        view: k::ViewId,
        types: SoftmaxTypes,
        shape: &[SizeExpr],
    ) -> Result<bool, CompileError> {
        let ty = types.arithmetic;
        let Some((n_expr, rows)) = shape.split_last() else {
            return Ok(false);
        };
        let rows_count = SizeExpr::product(rows).as_const();
        let Some(n) = n_expr.as_const() else {
            // A dynamic row length: streamed, scalar chunks.
            let group = self
                .row_group(
                    i64::MAX,
                    rows_count,
                    LaneChunks::streamed(&self.target.heuristics),
                )
                .ok_or_else(|| internal("no row grouping without a register limit"))?;
            self.softmax_streaming(input, view, types, rows, group, 1, n_expr)?;
            return Ok(true);
        };
        if n <= 0 {
            return Ok(false);
        }
        let full_index = |row: &[k::Value], t: k::Value| -> Vec<k::Value> {
            let mut idx = row.to_vec();
            idx.push(t);
            idx
        };
        let vector = n % 4 == 0
            && view_aligned(&self.b.kernel.views[view.0 as usize], 4)
            && self.discarded(|this| {
                let zero = this.b.index(0);
                let row = vec![zero; rows.len()];
                Ok(this
                    .row_chunk(4, zero, &mut |this, t| {
                        this.element(input, &full_index(&row, t))
                    })?
                    .is_some())
            })?;
        let width = if vector { 4 } else { 1 };
        let chunks = n / width;
        // On a CPU device a workgroup's barriers cost more than a second read of the row
        // (lavapipe, 1024^2: 4.2 ms in registers, 2.6 ms streamed by subgroups).
        let cpu = self.target.env.device_type == kiln_spirv_ir::target::DeviceType::Cpu;
        // (A CPU keeps only a subgroup per row in registers: any row that fits its lanes.)
        let heuristics = &self.target.heuristics;
        let subgroup_elements = if cpu {
            heuristics.softmax_register_elements
        } else {
            heuristics.softmax_subgroup_elements
        };
        let lane = LaneChunks::registers(subgroup_elements, width, heuristics);
        let registers = self
            .row_group(chunks, rows_count, lane)
            .filter(|g| !cpu || matches!(g, RowGroup::Subgroup { .. }));
        let Some(group) = registers else {
            let group = self
                .row_group(
                    chunks,
                    rows_count,
                    LaneChunks::streamed(&self.target.heuristics),
                )
                .ok_or_else(|| internal("no row grouping without a register limit"))?;
            let chunks = SizeExpr::Const(chunks);
            self.softmax_streaming(input, view, types, rows, group, width, &chunks)?;
            return Ok(true);
        };
        let lanes = group.lanes();
        let per_lane = (chunks + lanes - 1) / lanes;
        self.over_rows(rows, group, |this, row, lane| {
            let count = this.b.index(chunks);
            let last = this.b.index(chunks - 1);
            let w = this.b.index(width);
            // (chunk values, chunk index, first element index, whether lanes may run past).
            let mut loaded = Vec::new();
            for c in 0..per_lane {
                let offset = this.b.index(c * lanes);
                let q = this.b.binary(k::BinaryOp::Add, lane, offset);
                // The last chunk of a lane may lie past the row: read a clamped (duplicate)
                // chunk, which max ignores; the sum masks it and the store skips it.
                let partial = (c + 1) * lanes > chunks;
                let clamped = if partial {
                    this.b.binary(k::BinaryOp::Min, q, last)
                } else {
                    q
                };
                let t = if width == 1 {
                    clamped
                } else {
                    this.b.binary(k::BinaryOp::Mul, clamped, w)
                };
                let x = this
                    .row_chunk(width, t, &mut |this, inner| {
                        this.element(input, &full_index(row, inner))
                    })?
                    .ok_or_else(|| internal("softmax chunk stopped vectorizing"))?;
                let x = types.widen_input(&mut this.b, x);
                loaded.push((x, q, t, partial));
            }
            let xs: Vec<k::Value> = loaded.iter().map(|l| l.0).collect();
            let m = this.combine_tree(k::ReduceOp::Max, &xs);
            let m = this.combine_lanes(k::ReduceOp::Max, m);
            let max = this.row_reduce(group, k::ReduceOp::Max, m);
            let max_wide = this.widen(max, width);
            let mut exps = Vec::new();
            let mut terms = Vec::new();
            for &(x, q, _, partial) in &loaded {
                let shifted = this.b.binary(k::BinaryOp::Sub, x, max_wide);
                let e = this.b.unary(k::UnaryOp::Exp, shifted);
                exps.push(e);
                terms.push(if partial {
                    let inside = this.b.compare(k::CompareOp::Lt, q, count);
                    let one = this.b.constant(ty, 1.0);
                    let zero = this.b.constant(ty, 0.0);
                    let mask = this.b.select(inside, one, zero);
                    let mask = this.widen(mask, width);
                    this.b.binary(k::BinaryOp::Mul, e, mask)
                } else {
                    e
                });
            }
            let s = this.combine_tree(k::ReduceOp::Add, &terms);
            let s = this.combine_lanes(k::ReduceOp::Add, s);
            let sum = this.row_reduce(group, k::ReduceOp::Add, s);
            let one = this.b.constant(ty, 1.0);
            let inverse = this.b.binary(k::BinaryOp::Div, one, sum);
            let inverse = this.widen(inverse, width);
            for (&e, &(_, q, t, partial)) in exps.iter().zip(&loaded) {
                let y = this.b.binary(k::BinaryOp::Mul, e, inverse);
                let y = types.to_storage(&mut this.b, y);
                let idx = full_index(row, t);
                if partial {
                    let inside = this.b.compare(k::CompareOp::Lt, q, count);
                    this.b
                        .if_then(inside, |b| b.store(Place::View(view), idx, y));
                } else {
                    this.b.store(Place::View(view), idx, y);
                }
            }
            Ok(())
        })?;
        Ok(true)
    }

    /// Softmax over rows too long for registers, in two reads: one pass keeps a running max and
    /// a sum of exponentials rescaled whenever the max grows (online softmax), the lanes'
    /// sums are rescaled to the row max before they are added; a second pass writes.
    #[allow(clippy::too_many_arguments)]
    fn softmax_streaming(
        &mut self,
        input: ValueId,
        view: k::ViewId,
        types: SoftmaxTypes,
        rows: &[SizeExpr],
        group: RowGroup,
        width: i64,
        chunks: &SizeExpr,
    ) -> Result<(), CompileError> {
        let ty = types.arithmetic;
        let lanes = group.lanes();
        // Whether the loop and the guarded last chunk can run (both when dynamic).
        let (has_full, has_remainder) = match chunks.as_const() {
            Some(c) => (c >= lanes, c % lanes != 0),
            None => (true, true),
        };
        // The lowest finite value of the arithmetic type (never a 16-bit float): unlike -inf,
        // exp(lowest - lowest) stays 1, not NaN, when a lane has only seen -inf.
        let lowest = match ty {
            ScalarType::F64 => f64::MIN,
            _ => f32::MIN as f64,
        };
        self.over_rows(rows, group, |this, row, lane| {
            let chunk_at = |this: &mut Self, q: k::Value| -> Result<_, CompileError> {
                let t = if width == 1 {
                    q
                } else {
                    let w = this.b.index(width);
                    this.b.binary(k::BinaryOp::Mul, q, w)
                };
                let mut idx = row.to_vec();
                let x = this
                    .row_chunk(width, t, &mut |this, inner| {
                        let mut idx = row.to_vec();
                        idx.push(inner);
                        this.element(input, &idx)
                    })?
                    .ok_or_else(|| internal("softmax chunk stopped vectorizing"))?;
                let x = types.widen_input(&mut this.b, x);
                idx.push(t);
                Ok((x, idx))
            };
            // Runs `body` for every chunk of this lane: a loop with a constant trip count, then
            // the last, guarded chunk when the lanes do not divide the row.
            let for_chunks =
                |this: &mut Self,
                 body: &mut dyn FnMut(&mut Self, k::Value) -> Result<(), CompileError>|
                 -> Result<(), CompileError> {
                    let l = this.b.index(lanes);
                    // Full trips: a constant when the row length is static (an unrollable loop).
                    let trips = |this: &mut Self| match chunks.as_const() {
                        Some(c) => this.b.index(c / lanes),
                        None => {
                            let count = this.size(chunks);
                            this.b.binary(k::BinaryOp::Div, count, l)
                        }
                    };
                    if has_full {
                        let trips = trips(this);
                        let zero = this.b.index(0);
                        let one = this.b.index(1);
                        this.for_loop(zero, trips, one, |this, j| {
                            let offset = this.b.binary(k::BinaryOp::Mul, j, l);
                            let q = this.b.binary(k::BinaryOp::Add, lane, offset);
                            body(this, q)
                        })?;
                    }
                    if has_remainder {
                        let offset = match chunks.as_const() {
                            Some(c) => this.b.index(c / lanes * lanes),
                            None => {
                                let trips = trips(this);
                                this.b.binary(k::BinaryOp::Mul, trips, l)
                            }
                        };
                        let q = this.b.binary(k::BinaryOp::Add, lane, offset);
                        let count = this.size(chunks);
                        let inside = this.b.compare(k::CompareOp::Lt, q, count);
                        this.if_then(inside, |this| body(this, q))?;
                    }
                    Ok(())
                };
            let max_acc = this.b.allocate("row_max", k::StorageClass::Function, ty, 1);
            let sum_acc = this.b.allocate("row_sum", k::StorageClass::Function, ty, 1);
            let low = this.b.constant(ty, lowest);
            this.b.store(Place::Allocation(max_acc), vec![], low);
            let zero = this.b.constant(ty, 0.0);
            this.b.store(Place::Allocation(sum_acc), vec![], zero);
            for_chunks(this, &mut |this, q| {
                let (x, _) = chunk_at(this, q)?;
                let chunk_max = this.combine_lanes(k::ReduceOp::Max, x);
                let m = this
                    .b
                    .load(Type::Scalar(ty), Place::Allocation(max_acc), vec![]);
                let m2 = this.b.binary(k::BinaryOp::Max, m, chunk_max);
                let m2_wide = this.widen(m2, width);
                let shifted = this.b.binary(k::BinaryOp::Sub, x, m2_wide);
                let e = this.b.unary(k::UnaryOp::Exp, shifted);
                let chunk_sum = this.combine_lanes(k::ReduceOp::Add, e);
                let s = this
                    .b
                    .load(Type::Scalar(ty), Place::Allocation(sum_acc), vec![]);
                let drop = this.b.binary(k::BinaryOp::Sub, m, m2);
                let scale = this.b.unary(k::UnaryOp::Exp, drop);
                let rescaled = this.b.binary(k::BinaryOp::Mul, s, scale);
                let s2 = this.b.binary(k::BinaryOp::Add, rescaled, chunk_sum);
                this.b.store(Place::Allocation(max_acc), vec![], m2);
                this.b.store(Place::Allocation(sum_acc), vec![], s2);
                Ok(())
            })?;
            let m = this
                .b
                .load(Type::Scalar(ty), Place::Allocation(max_acc), vec![]);
            let max = this.row_reduce(group, k::ReduceOp::Max, m);
            let s = this
                .b
                .load(Type::Scalar(ty), Place::Allocation(sum_acc), vec![]);
            let drop = this.b.binary(k::BinaryOp::Sub, m, max);
            let scale = this.b.unary(k::UnaryOp::Exp, drop);
            let rescaled = this.b.binary(k::BinaryOp::Mul, s, scale);
            let sum = this.row_reduce(group, k::ReduceOp::Add, rescaled);
            let one = this.b.constant(ty, 1.0);
            let inverse = this.b.binary(k::BinaryOp::Div, one, sum);
            for_chunks(this, &mut |this, q| {
                let (x, idx) = chunk_at(this, q)?;
                let max_wide = this.widen(max, width);
                let inverse_wide = this.widen(inverse, width);
                let shifted = this.b.binary(k::BinaryOp::Sub, x, max_wide);
                let e = this.b.unary(k::UnaryOp::Exp, shifted);
                let y = this.b.binary(k::BinaryOp::Mul, e, inverse_wide);
                let y = types.to_storage(&mut this.b, y);
                this.b.store(Place::View(view), idx, y);
                Ok(())
            })
        })
    }

    /// A contraction whose outputs are each the dot product of two rows contiguous along the
    /// single reduced dim (rows times a transposed rhs), as a row reduction of the body's
    /// product: a subgroup (or workgroup) per output, chunks along K from both operands.
    pub(super) fn dot_rows(
        &mut self,
        region: &DispatchRegion,
        gemm: &staging::Gemm<'_>,
        combiner: &Combiner,
    ) -> Result<(), CompileError> {
        let g = gemm.g;
        let init_map = g.indexing_maps[g.num_inputs]
            .as_projection()
            .ok_or_else(|| internal("init map not a projection"))?;
        // The rhs's rows (N) outermost, the lhs's rows (M) innermost.
        let mut walk: Vec<usize> = (0..init_map.len()).collect();
        walk.sort_by_key(|&j| gemm.dims.m.contains(&init_map[j]));
        let reduction = RowReduction {
            region,
            op: gemm.op,
            g,
            sizes: gemm.sizes,
            reduction_dims: &gemm.dims.k,
            init_map: &init_map,
            input: 1,
            combine: combiner.op,
            partial: combiner.partial,
            length: SizeExpr::product(gemm.dims.k.iter().map(|&d| &gemm.sizes[d])),
            walk,
        };
        self.row_reduction(&reduction)
    }

    /// A row reduction (see the module docs).
    fn row_reduction(&mut self, r: &RowReduction<'_>) -> Result<(), CompileError> {
        let g = r.g;
        let result = r.op.results[0];
        let acc_ty = self.compute_type(self.f.values[result].ty.dtype())?;
        let out_shape = self.tensor_shape(result);
        let input_map = &g.indexing_maps[r.input];
        // Reduced dims in the order the input reads them (its innermost last), so consecutive
        // flat row indices are consecutive elements.
        let order = r.reduced_order();
        let innermost = *order.last().ok_or_else(|| internal("no reduced dim"))?;
        let inner_size = r.sizes[innermost].as_const();
        // The partial `f(inputs)` at a point: the parallel dims from the output index, the
        // reduced ones from `red` (in `order`).
        let partial_at = |this: &mut Self, out_idx: &[k::Value], red: &[k::Value]| {
            this.row_partial(r, &order, acc_ty, out_idx, red)
        };
        // The reduced indices of flat row index `t` (innermost last), without the innermost.
        let outer_indices = |this: &mut Self, t: k::Value| -> (Vec<k::Value>, k::Value) {
            let mut red = vec![t; order.len()];
            let mut rest = t;
            for j in (0..order.len()).rev() {
                if j == 0 {
                    red[j] = rest;
                } else {
                    let n = this.size(&r.sizes[order[j]]);
                    red[j] = this.b.binary(k::BinaryOp::Rem, rest, n);
                    rest = this.b.binary(k::BinaryOp::Div, rest, n);
                }
            }
            let last = red.pop().expect("at least one reduced dim");
            (red, last)
        };
        let input_is_innermost =
            matches!(input_map.results.last(), Some(AffineExpr::Dim(d)) if *d == innermost);
        let vector = inner_size.is_some_and(|n| n % 4 == 0)
            && input_is_innermost
            && self.discarded(|this| {
                let zero = this.b.index(0);
                let out_idx = vec![zero; out_shape.len()];
                let red = vec![zero; order.len() - 1];
                Ok(this
                    .row_chunk(4, zero, &mut |this, inner| {
                        let mut red = red.clone();
                        red.push(inner);
                        partial_at(this, &out_idx, &red)
                    })?
                    .is_some())
            })?;
        let width = if vector { 4 } else { 1 };
        // A dynamic row length (scalar chunks) counts as a long row.
        let static_chunks = r.length.as_const().map(|n| n / width);
        let chunks_expr = r.length.clone().div(SizeExpr::Const(width));
        let rows_count = SizeExpr::product(&out_shape).as_const();
        let group = self
            .row_group(
                static_chunks.unwrap_or(i64::MAX),
                rows_count,
                LaneChunks::streamed(&self.target.heuristics),
            )
            .ok_or_else(|| internal("no row grouping without a register limit"))?;
        let lanes = group.lanes();
        let span = ROW_UNROLL * lanes;
        // Whether the unrolled loop and the remainder loop can run (both when dynamic).
        let (has_full, has_remainder) = match static_chunks {
            Some(c) => (c >= span, c % span != 0),
            None => (true, true),
        };
        let combine = r.combine;
        let walked_shape: Vec<SizeExpr> = r.walk.iter().map(|&d| out_shape[d].clone()).collect();
        self.over_rows(&walked_shape, group, |this, walked, lane| {
            let mut out_idx = walked.to_vec();
            for (j, &d) in r.walk.iter().enumerate() {
                out_idx[d] = walked[j];
            }
            let out_idx = &out_idx[..];
            let accumulators = if has_full { ROW_UNROLL } else { 1 };
            let accs: Vec<k::AllocationId> =
                this.identity_partials(accumulators as usize, combine, acc_ty);
            let w = this.b.index(width);
            // Adds the chunk of chunk index `q` into accumulator `acc`; returns the chunk value
            // (lanes combined) so the caller can issue several loads before accumulating.
            let chunk = |this: &mut Self, q: k::Value| -> Result<k::Value, CompileError> {
                let t = if width == 1 {
                    q
                } else {
                    this.b.binary(k::BinaryOp::Mul, q, w)
                };
                let (red, inner) = outer_indices(this, t);
                let x = this
                    .row_chunk(width, inner, &mut |this, inner| {
                        let mut red = red.clone();
                        red.push(inner);
                        partial_at(this, out_idx, &red)
                    })?
                    .ok_or_else(|| internal("reduction chunk stopped vectorizing"))?;
                Ok(this.combine_lanes(combine, x))
            };
            let accumulate = |this: &mut Self, acc: k::AllocationId, x: k::Value| {
                let current = this
                    .b
                    .load(Type::Scalar(acc_ty), Place::Allocation(acc), vec![]);
                let next = this.b.binary(reduce_binary(combine), current, x);
                this.b.store(Place::Allocation(acc), vec![], next);
            };
            // Full trips of the unrolled loop: a constant when the row length is static (an
            // unrollable loop).
            let trips = |this: &mut Self| match static_chunks {
                Some(c) => this.b.index(c / span),
                None => {
                    let chunks = this.size(&chunks_expr);
                    let span_v = this.b.index(span);
                    this.b.binary(k::BinaryOp::Div, chunks, span_v)
                }
            };
            if has_full {
                let span_v = this.b.index(span);
                let trips = trips(this);
                let zero = this.b.index(0);
                let one = this.b.index(1);
                this.for_loop(zero, trips, one, |this, j| {
                    let offset = this.b.binary(k::BinaryOp::Mul, j, span_v);
                    let first = this.b.binary(k::BinaryOp::Add, lane, offset);
                    let mut xs = Vec::new();
                    for u in 0..ROW_UNROLL {
                        let du = this.b.index(u * lanes);
                        let q = this.b.binary(k::BinaryOp::Add, first, du);
                        xs.push(chunk(this, q)?);
                    }
                    for (u, x) in xs.into_iter().enumerate() {
                        accumulate(this, accs[u], x);
                    }
                    Ok(())
                })?;
            }
            if has_remainder {
                let start = match static_chunks {
                    Some(c) => this.b.index(c / span * span),
                    None => {
                        let trips = trips(this);
                        let span_v = this.b.index(span);
                        this.b.binary(k::BinaryOp::Mul, trips, span_v)
                    }
                };
                let start = this.b.binary(k::BinaryOp::Add, start, lane);
                let end = this.size(&chunks_expr);
                let step = this.b.index(lanes);
                this.for_loop(start, end, step, |this, q| {
                    let x = chunk(this, q)?;
                    accumulate(this, accs[0], x);
                    Ok(())
                })?;
            }
            let partials: Vec<k::Value> = accs
                .iter()
                .map(|&a| {
                    this.b
                        .load(Type::Scalar(acc_ty), Place::Allocation(a), vec![])
                })
                .collect();
            let mine = this.combine_tree(combine, &partials);
            let total = this.row_reduce(group, combine, mine);
            let init = this.element(r.op.operands[g.num_inputs], out_idx)?;
            let init = this.b.cast(init, acc_ty);
            let value = this.b.binary(reduce_binary(combine), init, total);
            this.substitutions.insert((result, out_idx.to_vec()), value);
            let zero = this.b.index(0);
            let first = this.b.compare(k::CompareOp::Eq, lane, zero);
            this.if_then(first, |this| this.store_outputs(r.region, out_idx))
        })
    }
}

/// Whether both operands of a contraction read its single reduced dim innermost (each output
/// the dot product of two rows contiguous along it).
pub(super) fn dot_rows_operands(g: &Generic, dims: &crate::kernel_config::MatmulDims) -> bool {
    let &[k] = &dims.k[..] else {
        return false;
    };
    (0..2).all(|i| g.indexing_maps[i].results.last() == Some(&AffineExpr::Dim(k)))
}

impl<'a> Lowering<'a> {
    /// A column reduction: the input's innermost dimension is the output's innermost (a
    /// parallel dim), the reduced dims are outer. A workgroup covers a tile of columns: `X`
    /// invocations across the columns (each a chunk of `width` columns, vec4 where the element
    /// code vectorizes; one 128-byte segment of a row per `X`), `Y` slices of the reduced range
    /// (every `Y`-th reduced row), then the slices' partials are added in Workgroup memory after
    /// one barrier. `Ok(false)`, emitting nothing, when the reduced range is too short to share
    /// (the serial strategy is as good).
    fn column_reduction(&mut self, r: &RowReduction<'_>) -> Result<bool, CompileError> {
        // A CPU device runs the serial strategy's invocations as SIMD lanes over consecutive
        // columns already, and pays a context switch per subgroup at every barrier (lavapipe:
        // 1024^2 column sum 2.4 ms serial, 7.8 ms in slices).
        if self.target.env.device_type == kiln_spirv_ir::target::DeviceType::Cpu {
            return Ok(false);
        }
        let g = r.g;
        let result = r.op.results[0];
        let acc_ty = self.compute_type(self.f.values[result].ty.dtype())?;
        let out_shape = self.tensor_shape(result);
        let Some((columns_expr, outer)) = out_shape.split_last() else {
            return Ok(false);
        };
        let limits = &self.target.env.limits;
        // A row segment per invocation row covers a cache line.
        let segment_bytes = self.target.heuristics.column_segment_bytes;
        let cap = limits.max_compute_workgroup_invocations.clamp(1, 256);
        let cap = 1i64 << (63 - (cap as i64).leading_zeros());
        // Reduced dims outermost first, as the input reads them.
        let order = r.reduced_order();
        let partial_at = |this: &mut Self, out_idx: &[k::Value], red: &[k::Value]| {
            this.row_partial(r, &order, acc_ty, out_idx, red)
        };
        let element_bytes = match acc_ty {
            ScalarType::F16 => 2,
            ScalarType::F64 | ScalarType::I64 => 8,
            _ => 4,
        };
        // (invocations across the columns, slices of the reduced range) for a chunk width.
        let layout = |width: i64| {
            let chunk_columns = columns_expr.as_const().map(|c| (c + width - 1) / width);
            let across = (segment_bytes / (element_bytes * width))
                .min(
                    chunk_columns
                        .map_or(i64::MAX, |c| (c.max(1) as u64).next_power_of_two() as i64),
                )
                .clamp(1, cap);
            (across, (cap / across).max(1))
        };
        let too_short = |width: i64| r.length.as_const().is_some_and(|n| n < 2 * layout(width).1);
        if too_short(1) && too_short(4) {
            return Ok(false);
        }
        let vector = columns_expr.as_const().is_some_and(|c| c % 4 == 0)
            && self.discarded(|this| {
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
            })?;
        let width = if vector { 4 } else { 1 };
        if too_short(width) {
            return Ok(false);
        }
        let (across, slices) = layout(width);
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
                        let mut red = vec![t; order.len()];
                        let mut rest = t;
                        for j in (0..order.len()).rev() {
                            if j == 0 {
                                red[j] = rest;
                            } else {
                                let n = this.size(&r.sizes[order[j]]);
                                red[j] = this.b.binary(k::BinaryOp::Rem, rest, n);
                                rest = this.b.binary(k::BinaryOp::Div, rest, n);
                            }
                        }
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

impl<'a> Lowering<'a> {
    /// The partial `f(inputs)` of a row reduction at a point: the parallel dims from the output
    /// index `out_idx`, the reduced ones from `red` (in `order`), cast to `acc_ty`.
    fn row_partial(
        &mut self,
        r: &RowReduction<'_>,
        order: &[usize],
        acc_ty: ScalarType,
        out_idx: &[k::Value],
        red: &[k::Value],
    ) -> Result<k::Value, CompileError> {
        let g = r.g;
        let mut point: Vec<Option<k::Value>> = vec![None; g.iterator_types.len()];
        for (j, &d) in r.init_map.iter().enumerate() {
            point[d] = Some(out_idx[j]);
        }
        for (j, &d) in order.iter().enumerate() {
            point[d] = Some(red[j]);
        }
        let point: Vec<k::Value> = point
            .into_iter()
            .collect::<Option<_>>()
            .ok_or_else(|| internal("a loop dim neither parallel-mapped nor reduced"))?;
        let x = self.eval_body(&g.body, r.partial, &mut |this, arg| {
            let operand = r.op.operands[arg as usize];
            let map = g.indexing_maps[arg as usize].clone();
            let mut idx = Vec::new();
            for e in &map.results {
                idx.push(this.affine(e, &point)?);
            }
            this.element(operand, &idx)
        })?;
        Ok(self.b.cast(x, acc_ty))
    }
}

impl Lowering<'_> {
    /// `count` Function-storage accumulators `partial0..` set to `combine`'s identity.
    fn identity_partials(
        &mut self,
        count: usize,
        combine: k::ReduceOp,
        acc_ty: ScalarType,
    ) -> Vec<k::AllocationId> {
        (0..count)
            .map(|u| {
                let a =
                    self.b
                        .allocate(&format!("partial{u}"), k::StorageClass::Function, acc_ty, 1);
                let identity = self.b.constant(acc_ty, reduce_identity(combine, acc_ty));
                self.b.store(Place::Allocation(a), vec![], identity);
                a
            })
            .collect()
    }
}

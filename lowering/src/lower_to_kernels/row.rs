//! The row strategies of reductions (see `reduction.rs`): a subgroup or a workgroup per row,
//! chunks of 4 consecutive elements, 4 accumulators per invocation; and contractions whose
//! outputs are dot products of two contiguous rows (`dot_rows`).

use super::context::*;

/// A reduction whose combiner is recognized and whose single tensor input reads the reduced
/// dimensions innermost (the candidates of the row strategies).
pub(super) struct RowReduction<'r> {
    pub(super) region: &'r DispatchRegion,
    pub(super) op: &'r Op,
    pub(super) g: &'r Generic,
    pub(super) sizes: &'r [SizeExpr],
    pub(super) reduction_dims: &'r [usize],
    pub(super) init_map: &'r [usize],
    /// The operand index of the tensor input.
    pub(super) input: usize,
    pub(super) combine: k::ReduceOp,
    pub(super) partial: ScalarRef,
    /// The number of reduced elements per output.
    pub(super) length: SizeExpr,
    /// The output dims in the order the rows are walked, outermost first (consecutive rows go
    /// to the subgroups of one workgroup): the output's own order, or for several rows times
    /// a transposed rhs the rows innermost, so that the outputs sharing an rhs row run
    /// together and read it once from memory.
    pub(super) walk: Vec<usize>,
}

impl RowReduction<'_> {
    /// The reduced dims in the order the input reads them (its innermost last; dims it does not
    /// read first), so consecutive flat row indices are consecutive elements.
    pub(super) fn reduced_order(&self) -> Vec<usize> {
        reduced_order(self.g, self.input, self.reduction_dims)
    }
}

/// The scalar types of a softmax kernel. 16-bit floats are computed in f32: a sum of f16
/// exponentials rounds at every addition (on lavapipe a serial sum over 4096 was 10% off, the
/// lane-split row sums a few f16 ulps), so the kernel converts each loaded element once, runs
/// max / exp / sum / divide in f32 and rounds once at the store.
#[derive(Clone, Copy, Debug)]
pub(super) struct SoftmaxTypes {
    /// The type of max, exp, sum and division: f32 for f16 / bf16 elements, else `element`.
    pub(super) arithmetic: ScalarType,
    /// The compute type of the tensor's element type (what the result is rounded to).
    pub(super) element: ScalarType,
    /// The element type of the output binding.
    pub(super) storage: ScalarType,
}

impl SoftmaxTypes {
    pub(super) fn new(element: ScalarType, storage: ScalarType) -> Self {
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
    pub(super) fn widen_input(self, b: &mut KernelBuilder, x: k::Value) -> k::Value {
        b.cast(x, self.arithmetic)
    }
    /// A result value rounded to the element type, then converted to the storage type.
    pub(super) fn to_storage(self, b: &mut KernelBuilder, y: k::Value) -> k::Value {
        let y = b.cast(y, self.element);
        b.cast(y, self.storage)
    }
}

/// Whether a `width`-lane access at a multiple of `width` along the innermost dimension of
/// `view` is exact (the vec4 binding rule of `legalize`).
pub(super) fn view_aligned(view: &k::BufferView, width: i64) -> bool {
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
    /// Emits the row loops of `group` over the rows `rows` (row-major); `body` gets the row's
    /// indices and the invocation's lane within the row.
    pub(super) fn over_rows(
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
                // Rows are subgroups: the size is recorded, so the runtime pins it or refuses
                // a device without it.
                self.b.kernel.required_subgroup_size = Some(size);
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
                            let idx = this.row_major_indices(row, &rows);
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
    pub(super) fn row_reduce(&mut self, group: RowGroup, op: k::ReduceOp, x: k::Value) -> k::Value {
        let ty = self.b.type_of(x);
        let op = match group {
            RowGroup::Subgroup { .. } => k::Op::SubgroupReduce { op, arg: x },
            RowGroup::Workgroup { .. } => k::Op::WorkgroupReduce { op, arg: x },
        };
        self.b.let_op(ty, op)
    }

    /// `values` combined pairwise (a balanced tree, for instruction-level parallelism).
    pub(super) fn combine_tree(&mut self, op: k::ReduceOp, values: &[k::Value]) -> k::Value {
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
    pub(super) fn combine_lanes(&mut self, op: k::ReduceOp, x: k::Value) -> k::Value {
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
    pub(super) fn widen(&mut self, x: k::Value, width: i64) -> k::Value {
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
    pub(super) fn row_chunk(
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
        let block = self.capture_block(|this| {
            result = eval(this, inner);
            Ok(())
        })?;
        let scalar = result?;
        let Some(map) = k::vector_lanes::vectorize_lanes(&mut self.b, &block, inner, start) else {
            return Ok(None);
        };
        let (x, vector) = map.get(&scalar).copied().unwrap_or((scalar, false));
        Ok(Some(if vector { x } else { self.widen(x, width) }))
    }

    /// Runs `f` and throws away what it emitted (a trial of a strategy).
    pub(super) fn discarded<T>(
        &mut self,
        f: impl FnOnce(&mut Self) -> Result<T, CompileError>,
    ) -> Result<T, CompileError> {
        let mut result = Err(internal("trial not run"));
        self.capture_block(|this| {
            result = f(this);
            Ok(())
        })?;
        result
    }
}

impl<'a> Lowering<'a> {
    /// A contraction whose outputs are each the dot product of two rows contiguous along the
    /// single reduced dim (rows times a transposed rhs), as a row reduction of the body's
    /// product: a subgroup (or workgroup) per output, chunks along K from both operands.
    pub(super) fn dot_rows(
        &mut self,
        region: &DispatchRegion,
        gemm: &super::staging::Gemm<'_>,
        combiner: &Combiner,
        groups: ChunkWidths<RowGroup>,
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
        self.row_reduction(&reduction, groups)
    }

    /// A row reduction (see the module docs), its rows grouped as planned for the chunk width
    /// the element code takes.
    pub(super) fn row_reduction(
        &mut self,
        r: &RowReduction<'_>,
        groups: ChunkWidths<RowGroup>,
    ) -> Result<(), CompileError> {
        let g = r.g;
        let result = r.op.results[0];
        let acc_ty = self.compute_type(self.f.values[result].ty.dtype())?;
        let out_shape = self.tensor_shape(result);
        // Reduced dims in the order the input reads them (its innermost last), so consecutive
        // flat row indices are consecutive elements.
        let order = r.reduced_order();
        if order.is_empty() {
            return Err(internal("no reduced dim"));
        }
        // The partial `f(inputs)` at a point: the parallel dims from the output index, the
        // reduced ones from `red` (in `order`).
        let partial_at = |this: &mut Self, out_idx: &[k::Value], red: &[k::Value]| {
            this.row_partial(r, &order, acc_ty, out_idx, red)
        };
        // The reduced indices of flat row index `t` (innermost last), without the innermost.
        let outer_indices = |this: &mut Self, t: k::Value| -> (Vec<k::Value>, k::Value) {
            let sizes: Vec<SizeExpr> = order.iter().map(|&d| r.sizes[d].clone()).collect();
            let mut red = this.row_major_indices(t, &sizes);
            let last = red.pop().expect("at least one reduced dim");
            (red, last)
        };
        // (The plan has a vec4 grouping where the innermost reduced dim is a static multiple of
        // 4 that the input reads innermost.)
        let (width, group) = groups.pick(|| {
            self.discarded(|this| {
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
            })
        })?;
        // A dynamic row length (scalar chunks) counts as a long row.
        let static_chunks = r.length.as_const().map(|n| n / width);
        let chunks_expr = r.length.clone().div(SizeExpr::Const(width));
        let lanes = group.lanes();
        let unroll = self.target.heuristics.row_accumulators;
        let span = unroll * lanes;
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
            let accumulators = if has_full { unroll } else { 1 };
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
                    for u in 0..unroll {
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

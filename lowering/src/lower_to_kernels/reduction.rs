//! The reduction and softmax strategies of `lower-to-kernels`; matmul-like contractions are
//! handed to `matmul.rs`. Which one a region takes, and its configuration, is the plan's
//! (`kernel_config/kernel.rs` decides it by the rules below); this file lowers it.
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

use super::context::*;
use super::row::*;
use super::softmax_rows::Sink;

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
        let strategy = match self.strategy {
            Strategy::Kernel(strategy) => Some(strategy),
            Strategy::SplitK(_) | Strategy::Planes(_) => None,
        };
        let planned = |what: &str| {
            internal(format!(
                "{}: the {} strategy planned for {what}",
                region.name,
                strategy.map_or("split".to_string(), |s| s.to_string())
            ))
        };
        use KernelStrategy as S;
        if let None
        | Some(
            S::Gemv { .. }
            | S::WorkgroupMatrix { .. }
            | S::Simt(_)
            | S::CooperativeMatrix(_)
            | S::Lanes(_)
            | S::DotRows { .. },
        ) = strategy
        {
            let (Some(c), Some(dims)) = (
                &combiner,
                crate::kernel_config::matmul_dims(g, &tensor_inputs),
            ) else {
                return Err(planned("a region that is not a matmul-like contraction"));
            };
            let group = |g: &[usize]| SizeExpr::product(g.iter().map(|&d| &sizes[d]));
            let dtypes =
                [op.operands[0], op.operands[1], result].map(|v| self.f.values[v].ty.dtype());
            let key = crate::kernel_config::tuning_key(
                dtypes,
                &group(&dims.batch),
                &group(&dims.m),
                &group(&dims.n),
                &group(&dims.k),
            );
            let gemm = super::staging::Gemm {
                op: &op,
                g,
                sizes: &sizes,
                dims: &dims,
            };
            if let Some(S::DotRows { rows, few_rows }) = strategy {
                // (The few-rows choice keys the kernel for `kiln tune`.)
                if few_rows {
                    self.b.kernel.tuning_key = Some(key);
                }
                return self.dot_rows(region, &gemm, c, rows);
            }
            if c.op != k::ReduceOp::Add {
                return Err(planned("a contraction that does not sum products"));
            }
            self.b.kernel.tuning_key = Some(key);
            let pipeline = match self.strategy {
                Strategy::SplitK(split_k) => return self.split_k_matmul(region, &gemm, split_k),
                Strategy::Planes(planes) => {
                    // The operands come as planes: only the result (or the partial results of
                    // split-K's slices) is bound from the region.
                    let out = match planes.split_k {
                        Some(slices) => self.partials_view(result, slices)?,
                        // (The plan checked that the region stores the matmul's result, or
                        // an epilogue on its accumulator, from a plain matmul.)
                        None => self
                            .tensor_view(region.outputs[0], &dims, true)
                            .ok_or_else(|| internal("split matmul region without a result buffer"))?
                            .unwrap_or_else(|new| self.b.add_view(new)),
                    };
                    return self.split_tensor_matmul(region, &gemm, out, planes);
                }
                Strategy::Kernel(S::Gemv { rows, shape }) => {
                    let combiner = recognize_combiner(&g.body, acc_arg).expect("checked above");
                    return self.gemv_matmul(region, &gemm, rows, shape, combiner);
                }
                Strategy::Kernel(S::WorkgroupMatrix { config, stagger }) => {
                    let plan = self
                        .tensor_operands(region, &op, &dims)
                        .ok_or_else(|| planned("operands it cannot read from their buffers"))?;
                    let views = self.add_tensor_views(plan);
                    return self.tensor_matmul(region, &gemm, config, stagger, views, 1);
                }
                Strategy::Kernel(S::Simt(c)) => MatmulPipeline::Simt(c),
                Strategy::Kernel(S::CooperativeMatrix(c)) => MatmulPipeline::CooperativeMatrix(c),
                Strategy::Kernel(S::Lanes(c)) => MatmulPipeline::Lanes(c),
                Strategy::Kernel(_) => return Err(planned("a matmul")),
            };
            let combiner = recognize_combiner(&g.body, acc_arg).expect("checked above");
            return self.tiled_matmul(region, &op, g, &sizes, &dims, pipeline, combiner);
        }
        if let Some(S::RowReduction(_) | S::ColumnReduction(_)) = strategy {
            // Row and column reductions take a single tensor input.
            let (Some(c), &[input]) = (&combiner, &tensor_inputs[..]) else {
                return Err(planned("a reduction of several inputs"));
            };
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
                length: SizeExpr::product(reduction_dims.iter().map(|&d| &sizes[d])),
                walk: (0..init_map.len()).collect(),
            };
            if let Some(S::RowReduction(groups)) = strategy {
                return self.row_reduction(&reduction, groups);
            }
            if let Some(S::ColumnReduction(layouts)) = strategy {
                if self.column_reduction(&reduction, layouts)? {
                    return Ok(());
                }
                // A range too short to share for the chunk width the code takes: the plan's
                // serial strategy for that width.
            }
        } else if let Some(S::UnrolledReduction(tiling)) = strategy {
            let reduction = super::unrolled::Unrolled {
                region,
                op: &op,
                g,
                sizes: &sizes,
                init_map: &init_map,
                reduction_dims: &reduction_dims,
            };
            return self.unrolled_reduction(&reduction, tiling);
        } else if strategy != Some(S::SerialReduction) {
            return Err(planned("a reduction"));
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

    pub(super) fn nested_reduction_loops(
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
        let input = op.operands[0];
        let output = op.results[0];
        let shape = self.tensor_shape(output);
        let element = self.compute_type(self.f.values[output].ty.dtype())?;
        // Fusion's softmax epilogues: a cast (reshapes and one float cast) stores through the
        // cast's buffer seen with the softmax's shape, converted to its element type by the
        // store; a pointwise epilogue (elementwise ops of the probabilities at their point)
        // computes each stored element from the probability (`Sink::Epilogue`).
        let stored = region
            .epilogue_root
            .map_or(output, |e| self.f.ops[e].results[0]);
        let view = *self
            .views
            .get(&stored)
            .ok_or_else(|| internal("softmax output without a view"))?;
        let cast = crate::structured::casts_between(self.f, output, stored);
        let (view, sink) = match region.epilogue_root {
            None => (view, Sink::View(view)),
            Some(_) if cast => {
                let reshaped = self
                    .reshaped_view(view, shape.clone())
                    .ok_or_else(|| internal("a softmax cast epilogue into a strided buffer"))?;
                let view = self.b.add_view(reshaped);
                (view, Sink::View(view))
            }
            Some(_) => (view, Sink::Epilogue { region, output }),
        };
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
                this.sink_store(sink, types, idx, y)
            })
        };
        match self.strategy {
            Strategy::Kernel(KernelStrategy::SoftmaxRows(plans))
                if dimension + 1 == shape.len() =>
            {
                self.softmax_rows(input, sink, types, &shape, plans)
            }
            Strategy::Kernel(KernelStrategy::SoftmaxWorkgroup { size }) => {
                self.b.kernel.local_size = [size, 1, 1];
                self.parallel_over(ParallelMarker::Workgroup, &rows, |this, row| {
                    this.parallel_over(
                        ParallelMarker::Local,
                        &[SizeExpr::Const(size as i64)],
                        |this, lane| {
                            let step = this.b.index(size as i64);
                            passes(this, row, lane[0], step, &|this, op, x| {
                                this.b
                                    .let_op(Type::Scalar(ty), k::Op::WorkgroupReduce { op, arg: x })
                            })
                        },
                    )
                })
            }
            Strategy::Kernel(KernelStrategy::SoftmaxSerial) => {
                self.parallel_over(ParallelMarker::Untiled, &rows, |this, row| {
                    let zero = this.b.index(0);
                    let one = this.b.index(1);
                    passes(this, row, zero, one, &|_, _, x| x)
                })
            }
            _ => Err(internal(format!(
                "{}: a softmax lowered by another strategy than softmax's",
                region.name
            ))),
        }
    }
}

impl<'a> Lowering<'a> {
    /// The partial `f(inputs)` of a row reduction at a point: the parallel dims from the output
    /// index `out_idx`, the reduced ones from `red` (in `order`), cast to `acc_ty`.
    pub(super) fn row_partial(
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
    pub(super) fn identity_partials(
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

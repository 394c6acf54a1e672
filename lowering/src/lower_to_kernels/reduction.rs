//! The reduction and softmax strategies of `lower-to-kernels` (serial per output, or a
//! workgroup per row with a `workgroup_reduce`); matmul-like contractions are handed to
//! `matmul.rs`.

use super::*;

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
                let config = crate::kernel_config::choose_matmul_pipeline(
                    &SizeExpr::product(dims.m.iter().map(|&d| &sizes[d])),
                    &SizeExpr::product(dims.n.iter().map(|&d| &sizes[d])),
                    dtypes,
                    bytes,
                    self.target,
                )
                .map_err(|detail| CompileError::LimitExceeded {
                    kernel: self.b.kernel.name.clone(),
                    target: self.target.env.name.clone(),
                    detail,
                })?;
                if let Some(config) = config {
                    let combiner = recognize_combiner(&g.body, acc_arg).expect("checked above");
                    return self.tiled_matmul(
                        region,
                        &op,
                        &g.clone(),
                        &sizes,
                        &dims,
                        config,
                        combiner,
                    );
                }
            }
        }
        let strategy = match &combiner {
            Some(_) if innermost_reduced => ReductionStrategy::WorkgroupPerRow {
                workgroup_size: row_workgroup_size(row.as_const(), self.target),
            },
            _ => ReductionStrategy::Serial,
        };
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
        match strategy {
            ReductionStrategy::Serial => {
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
                            let current =
                                this.b
                                    .load(Type::Scalar(acc_ty), Place::Allocation(acc), vec![]);
                            let y =
                                this.eval_body(&g.body, g.body.yields[0], &mut |this, arg| {
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
            ReductionStrategy::WorkgroupPerRow { workgroup_size } => {
                let combiner = combiner.expect("row strategy needs a combiner");
                self.b.kernel.local_size = [workgroup_size, 1, 1];
                self.parallel_over(ParallelMarker::Workgroup, &out_shape, |this, out_idx| {
                    let wg = [SizeExpr::Const(workgroup_size as i64)];
                    this.parallel_over(ParallelMarker::Local, &wg, |this, lane| {
                        let lane = lane[0];
                        let partial =
                            this.b
                                .allocate("partial", k::StorageClass::Function, acc_ty, 1);
                        let identity = this
                            .b
                            .constant(acc_ty, reduce_identity(combiner.op, acc_ty));
                        this.b.store(Place::Allocation(partial), vec![], identity);
                        let row_size = this.size(&row);
                        let step = this.b.index(workgroup_size as i64);
                        let red_sizes: Vec<SizeExpr> =
                            reduction_dims.iter().map(|&d| sizes[d].clone()).collect();
                        this.for_loop(lane, row_size, step, |this, t| {
                            // Delinearize t over the reduction dims (last fastest).
                            let mut red = vec![t; red_sizes.len()];
                            let mut rest = t;
                            for j in (0..red_sizes.len()).rev() {
                                if j == 0 {
                                    red[j] = rest;
                                } else {
                                    let n = this.size(&red_sizes[j]);
                                    red[j] = this.b.binary(k::BinaryOp::Rem, rest, n);
                                    rest = this.b.binary(k::BinaryOp::Div, rest, n);
                                }
                            }
                            let point = point_of(out_idx, &red);
                            let x =
                                this.eval_body(&g.body, combiner.partial, &mut |this, arg| {
                                    input_at(this, arg, &point)
                                })?;
                            let x = this.b.cast(x, acc_ty);
                            let current = this.b.load(
                                Type::Scalar(acc_ty),
                                Place::Allocation(partial),
                                vec![],
                            );
                            let next = this.b.binary(reduce_binary(combiner.op), current, x);
                            this.b.store(Place::Allocation(partial), vec![], next);
                            Ok(())
                        })?;
                        let mine =
                            this.b
                                .load(Type::Scalar(acc_ty), Place::Allocation(partial), vec![]);
                        let total = this.b.let_op(
                            Type::Scalar(acc_ty),
                            k::Op::WorkgroupReduce {
                                op: combiner.op,
                                arg: mine,
                            },
                        );
                        let init = this.element(op.operands[g.num_inputs], out_idx)?;
                        let init = this.b.cast(init, acc_ty);
                        let value = this.b.binary(reduce_binary(combiner.op), init, total);
                        this.substitutions.insert((result, out_idx.to_vec()), value);
                        let zero = this.b.index(0);
                        let first = this.b.compare(k::CompareOp::Eq, lane, zero);
                        this.if_then(first, |this| this.store_outputs(region, out_idx))
                    })
                })
            }
        }
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
        let ty = self.compute_type(self.f.values[output].ty.dtype())?;
        let view = *self
            .views
            .get(&output)
            .ok_or_else(|| internal("softmax output without a view"))?;
        let storage =
            self.b.kernel.bindings[self.b.kernel.views[view.0 as usize].binding.0 as usize].element;
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
                let shifted = this.b.binary(k::BinaryOp::Sub, x, max);
                let e = this.b.unary(k::UnaryOp::Exp, shifted);
                let y = this.b.binary(k::BinaryOp::Mul, e, inverse);
                let y = this.b.cast(y, storage);
                this.b.store(Place::View(view), idx, y);
                Ok(())
            })
        };
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

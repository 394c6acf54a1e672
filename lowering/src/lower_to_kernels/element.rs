//! Element evaluation, the emitter's core: `element(value, indices)` at any point of a region
//! (region inputs loaded through their buffer views; fused elementwise generics, `pad`,
//! `concat`, reshapes and gathers evaluated on the fly), the scalar ops of a generic's body,
//! and the stores of a region's outputs. Every strategy computes its values through these.

use super::context::*;

impl<'a> Lowering<'a> {
    pub(super) fn constant_of(&mut self, value: ScalarValue, ty: ScalarType) -> k::Value {
        self.b.constant(ty, value.as_f64())
    }

    /// The element of tensor (or scalar) `v` at `indices`, in its compute type.
    pub(super) fn element(
        &mut self,
        v: ValueId,
        indices: &[k::Value],
    ) -> Result<k::Value, CompileError> {
        if let Some(&x) = self.row_values.get(&v) {
            return Ok(x);
        }
        let key = (v, indices.to_vec());
        if let Some(&x) = self.substitutions.get(&key) {
            return Ok(x);
        }
        for scope in self.scopes.iter().rev() {
            if let Some(&x) = scope.get(&key) {
                return Ok(x);
            }
        }
        let ty = self.compute_type(self.f.values[v].ty.dtype())?;
        let def = self.f.defining_op(v);
        let result = match def.map(|op| (op, &self.f.ops[op].kind)) {
            Some((_, OpKind::Constant(ConstantValue::Splat(s)))) => self.constant_of(*s, ty),
            Some((_, OpKind::Empty)) => self.b.constant(ty, 0.0),
            Some((op, _)) if self.in_region.contains(&op) => {
                self.in_region_element(op, v, indices, ty)?
            }
            _ => {
                let view = *self.views.get(&v).ok_or_else(|| {
                    internal(format!(
                        "value %{} is neither in the region nor bound",
                        v.index()
                    ))
                })?;
                let storage = self.b.kernel.bindings
                    [self.b.kernel.views[view.0 as usize].binding.0 as usize]
                    .element;
                let loaded =
                    self.b
                        .load(Type::Scalar(storage), Place::View(view), indices.to_vec());
                self.b.cast(loaded, ty)
            }
        };
        self.scopes.last_mut().expect("scope").insert(key, result);
        Ok(result)
    }

    /// The row-major indices over `sizes` of flat index `linear` (last fastest; the first
    /// index is what is left, unbounded): a `rem` and a `div` by each size but the first.
    pub(super) fn row_major_indices(
        &mut self,
        linear: k::Value,
        sizes: &[SizeExpr],
    ) -> Vec<k::Value> {
        let mut indices = vec![linear; sizes.len()];
        let mut rest = linear;
        for (d, n) in sizes.iter().enumerate().rev() {
            if d == 0 {
                indices[d] = rest;
            } else {
                let n = self.size(n);
                indices[d] = self.b.binary(k::BinaryOp::Rem, rest, n);
                rest = self.b.binary(k::BinaryOp::Div, rest, n);
            }
        }
        indices
    }

    /// Maps indices of a pad's result to indices of its source, clamped into bounds (dims the
    /// pad leaves alone unchanged); returns whether the point lies inside the source, or `None`
    /// when no dim is padded.
    /// The indices into the source of `expand_shape` op `expand` of its result's `indices`:
    /// each group of result dims linearized (last fastest).
    pub(super) fn expanded_source_indices(
        &mut self,
        expand: OpId,
        indices: &[k::Value],
    ) -> Vec<k::Value> {
        let op = &self.f.ops[expand];
        let OpKind::ExpandShape { reassociation } = &op.kind else {
            return indices.to_vec();
        };
        let reassociation = reassociation.clone();
        let out_shape = self.tensor_shape(op.results[0]);
        self.linearized_groups(&reassociation, &out_shape, indices)
    }

    pub(super) fn unpad_indices(
        &mut self,
        pad: OpId,
        indices: &mut [k::Value],
    ) -> Result<Option<k::Value>, CompileError> {
        use k::BinaryOp as B;
        let op = &self.f.ops[pad];
        let OpKind::Pad { low, high } = &op.kind else {
            return Err(internal("unpad_indices on a non-pad op"));
        };
        let (low, high) = (low.clone(), high.clone());
        let in_shape = self.tensor_shape(op.operands[0]);
        let mut inside: Option<k::Value> = None;
        for (d, i) in indices.iter_mut().enumerate() {
            if low[d] == 0 && high[d] == 0 {
                continue;
            }
            let lo = self.b.index(low[d] as i64);
            let n = self.size(&in_shape[d]);
            let shifted = self.b.binary(B::Sub, *i, lo);
            let zero = self.b.index(0);
            let ge = self.b.compare(k::CompareOp::Ge, shifted, zero);
            let lt = self.b.compare(k::CompareOp::Lt, shifted, n);
            let ok = self.b.binary(B::And, ge, lt);
            inside = Some(match inside {
                Some(prev) => self.b.binary(B::And, prev, ok),
                None => ok,
            });
            let one = self.b.index(1);
            let last = self.b.binary(B::Sub, n, one);
            let c = self.b.binary(B::Max, shifted, zero);
            *i = self.b.binary(B::Min, c, last);
        }
        Ok(inside)
    }

    /// A gather index read from a tensor (any integer type) as an index into a dim of size `n`:
    /// negative counts from the end, and anything still outside `[0, n)` is clamped into it, so
    /// the kernel never reads outside the gathered buffer (the interpreter reports such an
    /// index as an error).
    pub(super) fn gather_index(&mut self, raw: k::Value, n: &SizeExpr) -> k::Value {
        use k::BinaryOp as B;
        let i = self.b.cast(raw, ScalarType::Index);
        let n = self.size(n);
        let zero = self.b.index(0);
        let negative = self.b.compare(k::CompareOp::Lt, i, zero);
        let wrapped = self.b.binary(B::Add, i, n);
        let i = self.b.select(negative, wrapped, i);
        let one = self.b.index(1);
        let last = self.b.binary(B::Sub, n, one);
        let i = self.b.binary(B::Max, i, zero);
        self.b.binary(B::Min, i, last)
    }

    pub(super) fn in_region_element(
        &mut self,
        op_id: OpId,
        v: ValueId,
        indices: &[k::Value],
        ty: ScalarType,
    ) -> Result<k::Value, CompileError> {
        let op = &self.f.ops[op_id];
        let result_index = op
            .results
            .iter()
            .position(|r| *r == v)
            .ok_or_else(|| internal("result not found"))?;
        match &op.kind {
            OpKind::Generic(g) => {
                if g.iterator_types.contains(&IteratorType::Reduction) {
                    return Err(internal(format!(
                        "reduction %{} read outside its root loop",
                        v.index()
                    )));
                }
                let init_map = &g.indexing_maps[g.num_inputs + result_index];
                let projection = init_map
                    .as_projection()
                    .ok_or_else(|| internal("init map is not a projection"))?;
                let mut point: Vec<Option<k::Value>> = vec![None; g.iterator_types.len()];
                for (j, d) in projection.iter().enumerate() {
                    point[*d] = Some(indices[j]);
                }
                let point: Vec<k::Value> = point
                    .into_iter()
                    .collect::<Option<Vec<_>>>()
                    .ok_or_else(|| {
                        internal("an all-parallel generic whose init map misses a loop dim")
                    })?;
                let g = g.clone();
                let op = op.clone();
                let mut args = HashMap::new();
                let out =
                    self.eval_body(&g.body, g.body.yields[result_index], &mut |this, arg| {
                        if let Some(&x) = args.get(&arg) {
                            return Ok(x);
                        }
                        let operand = op.operands[arg as usize];
                        let map = &g.indexing_maps[arg as usize];
                        let mut idx = Vec::with_capacity(map.results.len());
                        for e in &map.results {
                            idx.push(this.affine(e, &point)?);
                        }
                        let x = this.element(operand, &idx)?;
                        args.insert(arg, x);
                        Ok(x)
                    })?;
                Ok(self.b.cast(out, ty))
            }
            OpKind::Pad { .. } => {
                let (input, pad_value) = (op.operands[0], op.operands[1]);
                let mut clamped = indices.to_vec();
                let inside = self.unpad_indices(op_id, &mut clamped)?;
                let x = self.element(input, &clamped)?;
                match inside {
                    None => Ok(x),
                    Some(ok) => {
                        let p = self.element(pad_value, &[])?;
                        Ok(self.b.select(ok, x, p))
                    }
                }
            }
            OpKind::Concat { dimension } => {
                let d = *dimension;
                let mut offset = SizeExpr::Const(0);
                let mut result: Option<k::Value> = None;
                for &input in &op.operands.clone() {
                    let n = self.tensor_shape(input)[d].clone();
                    let off = self.size(&offset);
                    let size = self.size(&n);
                    let local = self.b.binary(k::BinaryOp::Sub, indices[d], off);
                    let zero = self.b.index(0);
                    let one = self.b.index(1);
                    let last = self.b.binary(k::BinaryOp::Sub, size, one);
                    let c = self.b.binary(k::BinaryOp::Max, local, zero);
                    let c = self.b.binary(k::BinaryOp::Min, c, last);
                    let mut idx = indices.to_vec();
                    idx[d] = c;
                    let x = self.element(input, &idx)?;
                    result = Some(match result {
                        None => x,
                        Some(prev) => {
                            let here = self.b.compare(k::CompareOp::Ge, indices[d], off);
                            self.b.select(here, x, prev)
                        }
                    });
                    offset = offset.add(n);
                }
                result.ok_or_else(|| internal("concat without inputs"))
            }
            OpKind::CollapseShape { .. } | OpKind::ExpandShape { .. }
                if self.reindexed.contains_key(&(op_id, indices.to_vec())) =>
            {
                let from = self.reindexed[&(op_id, indices.to_vec())].clone();
                self.element(op.operands[0], &from)
            }
            OpKind::CollapseShape { reassociation } => {
                let input = op.operands[0];
                let in_shape = self.tensor_shape(input);
                let mut idx = vec![None; in_shape.len()];
                for (i, group) in reassociation.clone().iter().enumerate() {
                    let sizes: Vec<SizeExpr> = group.iter().map(|&d| in_shape[d].clone()).collect();
                    let split = self.row_major_indices(indices[i], &sizes);
                    for (&dim, x) in group.iter().zip(split) {
                        idx[dim] = Some(x);
                    }
                }
                // Unit dims of the input outside any group (rank-0 collapse) read index 0.
                let idx: Vec<k::Value> = idx
                    .into_iter()
                    .map(|x| x.unwrap_or_else(|| self.b.index(0)))
                    .collect();
                self.element(input, &idx)
            }
            OpKind::ExpandShape { .. } => {
                let input = op.operands[0];
                let idx = self.expanded_source_indices(op_id, indices);
                self.element(input, &idx)
            }
            OpKind::Gather { axis } => {
                let (data, index_source, axis) = (op.operands[0], op.operands[1], *axis);
                let q = self.tensor_shape(index_source).len();
                let raw = self.element(index_source, &indices[axis..axis + q])?;
                let n = self.tensor_shape(data)[axis].clone();
                let at = self.gather_index(raw, &n);
                let mut idx = indices[..axis].to_vec();
                idx.push(at);
                idx.extend_from_slice(&indices[axis + q..]);
                self.element(data, &idx)
            }
            OpKind::GatherElements { axis } => {
                let (data, index_source, axis) = (op.operands[0], op.operands[1], *axis);
                let raw = self.element(index_source, indices)?;
                let data_shape = self.tensor_shape(data);
                let at = self.gather_index(raw, &data_shape[axis]);
                let mut idx = indices.to_vec();
                idx[axis] = at;
                // The indices' other dims may be smaller than the data's, never larger (the
                // verifier does not know symbolic sizes): clamp them too.
                for (d, size) in data_shape.iter().enumerate() {
                    if d != axis {
                        let n = self.size(size);
                        let one = self.b.index(1);
                        let last = self.b.binary(k::BinaryOp::Sub, n, one);
                        idx[d] = self.b.binary(k::BinaryOp::Min, idx[d], last);
                    }
                }
                self.element(data, &idx)
            }
            other => Err(CompileError::unsupported(
                other.name(),
                "op",
                "cannot be evaluated per element",
            )),
        }
    }

    /// Evaluates a scalar body reference; `argument` supplies block arguments on demand.
    pub(super) fn eval_body(
        &mut self,
        body: &ScalarBody,
        r: ScalarRef,
        argument: &mut dyn FnMut(&mut Self, u32) -> Result<k::Value, CompileError>,
    ) -> Result<k::Value, CompileError> {
        let mut memo: HashMap<u32, k::Value> = HashMap::new();
        self.eval_ref(body, r, argument, &mut memo)
    }

    /// Evaluates `r` depth-first, operands left to right, with an explicit stack of
    /// instructions in progress: a body may chain any number of instructions.
    pub(super) fn eval_ref(
        &mut self,
        body: &ScalarBody,
        r: ScalarRef,
        argument: &mut dyn FnMut(&mut Self, u32) -> Result<k::Value, CompileError>,
        memo: &mut HashMap<u32, k::Value>,
    ) -> Result<k::Value, CompileError> {
        let root = match r {
            ScalarRef::Argument(a) => return argument(self, a),
            ScalarRef::Outer(v) => return self.element(v, &[]),
            ScalarRef::Instruction(i) => i,
        };
        if let Some(&x) = memo.get(&root) {
            return Ok(x);
        }
        // (instruction, operands evaluated so far)
        let mut in_progress: Vec<(u32, Vec<k::Value>)> = vec![(root, Vec::new())];
        loop {
            let (i, done) = in_progress.last().expect("an instruction in progress");
            let (i, next) = (*i, done.len());
            let inst = body
                .instructions
                .get(i as usize)
                .ok_or_else(|| internal(format!("scalar instruction {i} out of range")))?;
            if let Some(&o) = inst.operands.get(next) {
                let x = match o {
                    ScalarRef::Argument(a) => argument(self, a)?,
                    ScalarRef::Outer(v) => self.element(v, &[])?,
                    ScalarRef::Instruction(j) => match memo.get(&j) {
                        Some(&x) => x,
                        None => {
                            // Bodies are in SSA order, so a chain is never longer than the body.
                            if in_progress.len() > body.instructions.len() {
                                return Err(internal("a scalar body refers to itself"));
                            }
                            in_progress.push((j, Vec::new()));
                            continue;
                        }
                    },
                };
                in_progress.last_mut().expect("in progress").1.push(x);
                continue;
            }
            let inst = inst.clone();
            let (_, operands) = in_progress.pop().expect("in progress");
            let ty = self.compute_type(inst.ty)?;
            let x = self.scalar_op(&inst, &operands, ty)?;
            memo.insert(i, x);
            match in_progress.last_mut() {
                Some((_, parent)) => parent.push(x),
                None => return Ok(x),
            }
        }
    }

    pub(super) fn scalar_op(
        &mut self,
        inst: &ScalarInstruction,
        x: &[k::Value],
        ty: ScalarType,
    ) -> Result<k::Value, CompileError> {
        use k::BinaryOp as B;
        use k::UnaryOp as U;
        let b = &mut self.b;
        Ok(match inst.op {
            ScalarOp::Constant(v) => b.constant(ty, v.as_f64()),
            ScalarOp::AddF | ScalarOp::AddI => b.binary(B::Add, x[0], x[1]),
            ScalarOp::SubF | ScalarOp::SubI => b.binary(B::Sub, x[0], x[1]),
            ScalarOp::MulF | ScalarOp::MulI => b.binary(B::Mul, x[0], x[1]),
            ScalarOp::DivF | ScalarOp::DivSI => b.binary(B::Div, x[0], x[1]),
            ScalarOp::RemF | ScalarOp::RemSI => b.binary(B::Rem, x[0], x[1]),
            ScalarOp::MaximumF | ScalarOp::MaxSI => b.binary(B::Max, x[0], x[1]),
            ScalarOp::MinimumF | ScalarOp::MinSI => b.binary(B::Min, x[0], x[1]),
            ScalarOp::AndI => b.binary(B::And, x[0], x[1]),
            ScalarOp::OrI => b.binary(B::Or, x[0], x[1]),
            ScalarOp::XOrI => b.binary(B::Xor, x[0], x[1]),
            ScalarOp::ShLI => b.binary(B::Shl, x[0], x[1]),
            ScalarOp::ShRUI => b.binary(B::ShrU, x[0], x[1]),
            ScalarOp::DivUI => b.binary(B::DivU, x[0], x[1]),
            ScalarOp::RemUI => b.binary(B::RemU, x[0], x[1]),
            ScalarOp::MaxUI => unsigned_extreme(b, x[0], x[1], true),
            ScalarOp::MinUI => unsigned_extreme(b, x[0], x[1], false),
            ScalarOp::ShRSI => b.binary(B::ShrS, x[0], x[1]),
            ScalarOp::NegF => b.unary(U::Neg, x[0]),
            ScalarOp::AbsF | ScalarOp::AbsI => b.unary(U::Abs, x[0]),
            ScalarOp::Exp => b.unary(U::Exp, x[0]),
            ScalarOp::Log => b.unary(U::Log, x[0]),
            ScalarOp::Sqrt => b.unary(U::Sqrt, x[0]),
            ScalarOp::Rsqrt => b.unary(U::Rsqrt, x[0]),
            ScalarOp::Tanh => b.unary(U::Tanh, x[0]),
            ScalarOp::Sin => b.unary(U::Sin, x[0]),
            ScalarOp::Cos => b.unary(U::Cos, x[0]),
            ScalarOp::Floor => b.unary(U::Floor, x[0]),
            ScalarOp::Ceil => b.unary(U::Ceil, x[0]),
            ScalarOp::RoundEven => b.unary(U::Round, x[0]),
            ScalarOp::Atan2 => b.binary(B::Atan2, x[0], x[1]),
            ScalarOp::Exp2 => b.unary(U::Exp2, x[0]),
            ScalarOp::Log2 => b.unary(U::Log2, x[0]),
            ScalarOp::Tan => b.unary(U::Tan, x[0]),
            ScalarOp::Atan => b.unary(U::Atan, x[0]),
            ScalarOp::Asin => asin_or_acos(b, x[0], ty, true),
            ScalarOp::Acos => asin_or_acos(b, x[0], ty, false),
            ScalarOp::Sinh => b.unary(U::Sinh, x[0]),
            ScalarOp::Cosh => b.unary(U::Cosh, x[0]),
            ScalarOp::Asinh => b.unary(U::Asinh, x[0]),
            ScalarOp::Acosh => b.unary(U::Acosh, x[0]),
            ScalarOp::Atanh => b.unary(U::Atanh, x[0]),
            ScalarOp::PowF => b.binary(B::Pow, x[0], x[1]),
            ScalarOp::Erf => erf(b, x[0]),
            ScalarOp::Select => b.select(x[0], x[1], x[2]),
            ScalarOp::CmpF(p) => {
                use CmpFPredicate as P;
                let op = match p {
                    P::Oeq | P::Ueq => k::CompareOp::Eq,
                    P::One | P::Une => k::CompareOp::Ne,
                    P::Olt | P::Ult => k::CompareOp::Lt,
                    P::Ole | P::Ule => k::CompareOp::Le,
                    P::Ogt | P::Ugt => k::CompareOp::Gt,
                    P::Oge | P::Uge => k::CompareOp::Ge,
                    P::True | P::False | P::Ord | P::Uno => {
                        return Err(CompileError::unsupported(
                            "arith.cmpf",
                            "predicate",
                            p.name().to_string(),
                        ))
                    }
                };
                b.compare(op, x[0], x[1])
            }
            ScalarOp::CmpI(p) => {
                use CmpIPredicate as P;
                let op = match p {
                    P::Eq => k::CompareOp::Eq,
                    P::Ne => k::CompareOp::Ne,
                    P::Slt | P::Ult => k::CompareOp::Lt,
                    P::Sle | P::Ule => k::CompareOp::Le,
                    P::Sgt | P::Ugt => k::CompareOp::Gt,
                    P::Sge | P::Uge => k::CompareOp::Ge,
                };
                match p {
                    P::Ult | P::Ule | P::Ugt | P::Uge => {
                        super::unsigned::unsigned_compare(b, op, x[0], x[1])
                    }
                    _ => b.compare(op, x[0], x[1]),
                }
            }
            ScalarOp::UIToFP => super::unsigned::unsigned_to_float(b, x[0], ty),
            ScalarOp::FPToUI => super::unsigned::float_to_unsigned(b, x[0], ty),
            ScalarOp::ExtUI => super::unsigned::extend_unsigned(b, x[0], ty),
            ScalarOp::ExtF
            | ScalarOp::TruncF
            | ScalarOp::SIToFP
            | ScalarOp::FPToSI
            | ScalarOp::ExtSI
            | ScalarOp::TruncI => b.cast(x[0], ty),
            ScalarOp::Bitcast => b.bitcast(x[0], ty),
        })
    }

    /// Stores every output of the region at the stored point of root output point `indices`.
    pub(super) fn store_outputs(
        &mut self,
        region: &DispatchRegion,
        indices: &[k::Value],
    ) -> Result<(), CompileError> {
        let indices = &self.stored_point(region, indices)?;
        for &out in &region.outputs {
            let x = self.element(out, indices)?;
            let view = *self
                .views
                .get(&out)
                .ok_or_else(|| internal("output without a view"))?;
            let storage = self.b.kernel.bindings
                [self.b.kernel.views[view.0 as usize].binding.0 as usize]
                .element;
            let x = self.b.cast(x, storage);
            self.b.store(Place::View(view), indices.to_vec(), x);
        }
        Ok(())
    }
}

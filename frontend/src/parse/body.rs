//! Scalar values, dense constants and the scalar bodies of `linalg.generic` / `linalg.reduce`.

use super::*;

impl<'a> Parser<'a> {
    pub(super) fn scalar_value(
        &mut self,
        lit: &Literal,
        dtype: DType,
        loc: &Location,
    ) -> PResult<ScalarValue> {
        Ok(match (lit, dtype) {
            (Literal::Bool(b), DType::I1) => ScalarValue::Bool(*b),
            (Literal::Int(i), DType::I1) if *i == 0 || *i == 1 => ScalarValue::Bool(*i == 1),
            (Literal::Int(i), d) if d.is_float() => ScalarValue::Float(d.round(*i as f64)),
            (Literal::Float(x), d) if d.is_float() => ScalarValue::Float(d.round(*x)),
            (Literal::Hex(bits), d) if d.is_float() => ScalarValue::Float(match d {
                DType::F64 => f64::from_bits(*bits),
                DType::F16 => half::f16::from_bits(*bits as u16).to_f64(),
                DType::BF16 => half::bf16::from_bits(*bits as u16).to_f64(),
                _ => f32::from_bits(*bits as u32) as f64,
            }),
            (Literal::Int(i), d) if d != DType::I1 => {
                if d.round(*i as f64) != *i as f64 {
                    return self.error_at(loc, format!("integer {i} does not fit in {d}"));
                }
                ScalarValue::Int(*i)
            }
            (Literal::Hex(bits), d) if d != DType::I1 => ScalarValue::Int(*bits as i64),
            (lit, d) => return self.error_at(loc, format!("literal {lit:?} is not a valid {d}")),
        })
    }

    pub(super) fn dense_value(
        &mut self,
        d: DenseLit,
        ty: &Type,
        loc: &Location,
    ) -> PResult<ConstantValue> {
        let dtype = ty.dtype();
        match d {
            DenseLit::Splat(l) => Ok(ConstantValue::Splat(self.scalar_value(&l, dtype, loc)?)),
            DenseLit::List(ls) => {
                let mut vals = Vec::with_capacity(ls.len());
                let mut ints = Vec::new();
                for l in &ls {
                    let v = self.scalar_value(l, dtype, loc)?;
                    if let ScalarValue::Int(i) = v {
                        // i64 beyond 2^53 must not go through f64.
                        ints.push(i);
                    }
                    vals.push(v.as_f64());
                }
                let n = ty.as_tensor().and_then(TensorType::num_elements);
                if n != Some(vals.len() as u64) {
                    return self.error_at(
                        loc,
                        format!(
                            "dense literal has {} elements, but {ty} needs {}",
                            vals.len(),
                            n.map(|n| n.to_string()).unwrap_or("a static count".into())
                        ),
                    );
                }
                if dtype == DType::I64 {
                    return Ok(ConstantValue::Dense(ElementsData::I64(ints)));
                }
                Ok(ConstantValue::Dense(ElementsData::from_f64(dtype, &vals)))
            }
            DenseLit::Hex(bytes) => {
                let width = (dtype.bit_width() as usize).div_ceil(8);
                if dtype == DType::I1 || bytes.len() % width != 0 {
                    return self.error_at(
                        loc,
                        format!("hex data of {} bytes does not fit {ty}", bytes.len()),
                    );
                }
                let c = bytes.chunks(width);
                let data = match dtype {
                    DType::F64 => ElementsData::F64(
                        c.map(|b| f64::from_le_bytes(b.try_into().unwrap_or([0; 8])))
                            .collect(),
                    ),
                    DType::F32 => ElementsData::F32(
                        c.map(|b| f32::from_le_bytes(b.try_into().unwrap_or([0; 4])))
                            .collect(),
                    ),
                    DType::F16 => ElementsData::F16(
                        c.map(|b| half::f16::from_le_bytes(b.try_into().unwrap_or([0; 2])))
                            .collect(),
                    ),
                    DType::BF16 => ElementsData::BF16(
                        c.map(|b| half::bf16::from_le_bytes(b.try_into().unwrap_or([0; 2])))
                            .collect(),
                    ),
                    DType::I64 => ElementsData::I64(
                        c.map(|b| i64::from_le_bytes(b.try_into().unwrap_or([0; 8])))
                            .collect(),
                    ),
                    DType::I32 => ElementsData::I32(
                        c.map(|b| i32::from_le_bytes(b.try_into().unwrap_or([0; 4])))
                            .collect(),
                    ),
                    _ => ElementsData::I8(c.map(|b| b[0] as i8).collect()),
                };
                if data.len() == 1 {
                    return Ok(ConstantValue::Splat(data.get(0)));
                }
                let n = ty.as_tensor().and_then(TensorType::num_elements);
                if n != Some(data.len() as u64) {
                    return self.error_at(
                        loc,
                        format!(
                            "hex data has {} elements, but {ty} needs a static {}",
                            data.len(),
                            n.unwrap_or(0)
                        ),
                    );
                }
                Ok(ConstantValue::Dense(data))
            }
        }
    }

    /// A scalar region. Generic: `{ ^bb0(args): ops linalg.yield .. }`; reduce: `(args) { ops .. }`.
    pub(super) fn scalar_body(
        &mut self,
        scope: &FunctionScope,
        block_label: bool,
    ) -> PResult<ScalarBody> {
        if block_label {
            self.expect("{")?;
            self.expect("^")?;
            self.ident("a block label")?;
        }
        self.expect("(")?;
        let mut names: HashMap<String, ScalarName> = HashMap::new();
        let mut body = ScalarBody::default();
        if !self.eat(")") {
            loop {
                let n = self.value_name()?;
                self.expect(":")?;
                let d = self.dtype()?;
                names.insert(
                    n,
                    ScalarName::Local(ScalarRef::Argument(body.arguments.len() as u32), d),
                );
                body.arguments.push(d);
                if self.eat(")") {
                    break;
                }
                self.expect(",")?;
            }
        }
        if block_label {
            self.expect(":")?;
        } else {
            self.expect("{")?;
        }
        loop {
            let loc = self.location();
            if self.eat_keyword("linalg.yield") {
                let mut ys = Vec::new();
                let mut yt = Vec::new();
                if self.at("%") {
                    loop {
                        ys.push(self.scalar_use(scope, &names)?);
                        if !self.eat(",") {
                            break;
                        }
                    }
                    self.expect(":")?;
                    for t in self.type_list()? {
                        yt.push(t);
                    }
                }
                for (i, ((_, have), want)) in ys.iter().zip(&yt).enumerate() {
                    if Type::Scalar(*have) != *want {
                        return self.error_at(
                            &loc,
                            format!("yield operand #{i} has type {have}, written {want}"),
                        );
                    }
                }
                body.yields = ys.into_iter().map(|(r, _)| r).collect();
                self.expect("}")?;
                return Ok(body);
            }
            if self.peek().is_none() || self.at("}") {
                let found = self.found();
                return self.error(format!(
                    "expected a scalar op or 'linalg.yield', found {found}"
                ));
            }
            let result = self.value_name()?;
            self.expect("=")?;
            let name_loc = self.location();
            let op_name = self.ident("a scalar op name")?;
            let (op, operands, ty) = match op_name.as_str() {
                "arith.constant" => {
                    if self.at_keyword("true") || self.at_keyword("false") {
                        let b = self.eat_keyword("true");
                        if !b {
                            self.eat_keyword("false");
                        }
                        (ScalarOp::Constant(ScalarValue::Bool(b)), vec![], DType::I1)
                    } else {
                        let lit = self.literal()?;
                        self.expect(":")?;
                        let tloc = self.location();
                        let d = self.dtype()?;
                        (
                            ScalarOp::Constant(self.scalar_value(&lit, d, &tloc)?),
                            vec![],
                            d,
                        )
                    }
                }
                "arith.cmpf" | "arith.cmpi" => {
                    let ploc = self.location();
                    let p = self.ident("a comparison predicate")?;
                    let op = if op_name == "arith.cmpf" {
                        CmpFPredicate::from_name(&p).map(ScalarOp::CmpF)
                    } else {
                        CmpIPredicate::from_name(&p).map(ScalarOp::CmpI)
                    };
                    let Some(op) = op else {
                        return self
                            .error_at(&ploc, format!("unknown predicate '{p}' for {op_name}"));
                    };
                    self.expect(",")?;
                    let a = self.scalar_use(scope, &names)?;
                    self.expect(",")?;
                    let b = self.scalar_use(scope, &names)?;
                    self.skip_fastmath()?;
                    self.expect(":")?;
                    let d = self.dtype()?;
                    if a.1 != d || b.1 != d {
                        return self.error_at(
                            &name_loc,
                            format!("operands of {op_name} are {} and {}, written {d}", a.1, b.1),
                        );
                    }
                    (op, vec![a.0, b.0], DType::I1)
                }
                other => {
                    let Some(op) = ScalarOp::from_name(other) else {
                        return self
                            .error_at(&name_loc, format!("unsupported scalar op '{other}'"));
                    };
                    let mut ops = Vec::new();
                    for i in 0..op.num_operands() {
                        if i > 0 {
                            self.expect(",")?;
                        }
                        ops.push(self.scalar_use(scope, &names)?);
                    }
                    self.skip_fastmath()?;
                    self.expect(":")?;
                    let first = self.dtype()?;
                    let ty = if op.class() == ScalarOpClass::Cast {
                        self.expect_keyword("to")?;
                        if ops[0].1 != first {
                            return self.error_at(
                                &name_loc,
                                format!("operand of {other} is {}, written {first}", ops[0].1),
                            );
                        }
                        self.dtype()?
                    } else {
                        if op.class() == ScalarOpClass::Select && self.eat(",") {
                            // `arith.select %c, %a, %b : i1, f32`
                            self.dtype()?
                        } else {
                            first
                        }
                    };
                    (op, ops.into_iter().map(|(r, _)| r).collect(), ty)
                }
            };
            let r = ScalarRef::Instruction(body.instructions.len() as u32);
            let instruction = ScalarInstruction { op, operands, ty };
            // Type-check this instruction now, so errors point at it (only this one: checking
            // the whole body again each time made parsing quadratic in the body's length).
            let operand_types: Vec<DType> = instruction
                .operands
                .iter()
                .map(|o| match *o {
                    ScalarRef::Argument(i) => body.arguments[i as usize],
                    ScalarRef::Instruction(i) => body.instructions[i as usize].ty,
                    ScalarRef::Outer(v) => scope.builder.value_type(v).dtype(),
                })
                .collect();
            if let Err(m) = crate::infer::verify_body_instruction(
                body.instructions.len(),
                &instruction,
                &operand_types,
            ) {
                return self.error_at(&name_loc, m);
            }
            body.instructions.push(instruction);
            names.insert(result, ScalarName::Local(r, ty));
        }
    }

    /// Skips a trailing `loc(...)` (kiln keeps text positions, not MLIR locations).
    pub(super) fn skip_location(&mut self) -> PResult<()> {
        if !self.eat_keyword("loc") {
            return Ok(());
        }
        self.expect("(")?;
        let mut depth = 1;
        while depth > 0 {
            match self.src.get(self.pos) {
                None => return self.error("unterminated 'loc('".into()),
                Some(b'"') => {
                    self.string()?;
                    continue;
                }
                Some(b'(') => depth += 1,
                Some(b')') => depth -= 1,
                _ => {}
            }
            self.advance(1);
        }
        Ok(())
    }

    pub(super) fn skip_fastmath(&mut self) -> PResult<()> {
        if self.eat_keyword("fastmath") {
            self.expect("<")?;
            self.skip_until_close()?;
        }
        Ok(())
    }

    pub(super) fn scalar_use(
        &mut self,
        scope: &FunctionScope,
        names: &HashMap<String, ScalarName>,
    ) -> PResult<(ScalarRef, DType)> {
        let loc = self.location();
        let n = self.value_name()?;
        if let Some(ScalarName::Local(r, d)) = names.get(&n) {
            return Ok((*r, *d));
        }
        match scope.values.get(&n) {
            Some(&v) => match scope.builder.value_type(v) {
                Type::Scalar(d) => Ok((ScalarRef::Outer(v), *d)),
                t => self.error_at(
                    &loc,
                    format!("%{n} is a {t}; a scalar body can only capture scalars"),
                ),
            },
            None => self.error_at(&loc, format!("use of undefined value %{n}")),
        }
    }
}

//! `linalg.generic`: its result types, its affine maps, and its scalar body (the verifier of
//! body instructions the parser and the interpreter share).

use super::*;

pub(super) fn infer_generic(
    f: &Function,
    g: &Generic,
    operands: &[ValueId],
) -> Result<Vec<Type>, String> {
    if g.num_inputs >= operands.len() {
        return Err(format!(
            "needs at least one init ({} operands, {} inputs)",
            operands.len(),
            g.num_inputs
        ));
    }
    if g.indexing_maps.len() != operands.len() {
        return Err(format!(
            "{} indexing maps for {} operands",
            g.indexing_maps.len(),
            operands.len()
        ));
    }
    let n = g.iterator_types.len();
    let mut loop_dims: Vec<Option<Dim>> = vec![None; n];
    let mut arg_types = Vec::new();
    for (i, (&v, map)) in operands.iter().zip(&g.indexing_maps).enumerate() {
        let ty = &f
            .values
            .try_get(v)
            .ok_or("operand not in this function")?
            .ty;
        arg_types.push(ty.dtype());
        if map.num_dims != n {
            return Err(format!(
                "indexing map #{i} has {} dims, expected {n}",
                map.num_dims
            ));
        }
        if map.num_symbols != 0 {
            return Err(format!(
                "indexing map #{i} has symbols, which are not supported"
            ));
        }
        if map.results.len() != ty.rank() {
            return Err(format!(
                "indexing map #{i} has {} results for an operand of rank {}",
                map.results.len(),
                ty.rank()
            ));
        }
        for e in &map.results {
            check_affine(e, n)?;
        }
        if let Type::Tensor(t) = ty {
            for (e, d) in map.results.iter().zip(&t.shape) {
                if let AffineExpr::Dim(k) = e {
                    match &loop_dims[*k] {
                        None => loop_dims[*k] = Some(d.clone()),
                        Some(prev) => {
                            same(prev, d, &format!("loop dim d{k} has inconsistent sizes"))?
                        }
                    }
                }
            }
        }
        if i >= g.num_inputs {
            if !matches!(ty, Type::Tensor(_)) {
                return Err(format!("init #{} must be a tensor", i - g.num_inputs));
            }
            if map.as_projection().is_none() {
                return Err(format!("indexing map #{i} of an init must be a projection"));
            }
        }
    }
    if let Some(k) = loop_dims.iter().position(Option::is_none) {
        return Err(format!(
            "loop dim d{k} is not the plain index of any operand dim"
        ));
    }
    let inits: Vec<DType> = arg_types[g.num_inputs..].to_vec();
    verify_body(f, &g.body, &arg_types, &inits)?;
    Ok(operands[g.num_inputs..]
        .iter()
        .map(|&v| f.values[v].ty.clone())
        .collect())
}

pub(super) fn check_affine(e: &AffineExpr, n: usize) -> Result<(), String> {
    match e {
        AffineExpr::Dim(i) if *i >= n => Err(format!("d{i} out of range (loop has {n} dims)")),
        AffineExpr::Dim(_) | AffineExpr::Constant(_) => Ok(()),
        AffineExpr::Symbol(_) => Err("symbols are not supported in indexing maps".into()),
        AffineExpr::Add(a, b) => {
            check_affine(a, n)?;
            check_affine(b, n)
        }
        AffineExpr::Mul(a, b) => {
            if !a.is_constant() && !b.is_constant() {
                return Err("product of two non-constant affine expressions".into());
            }
            check_affine(a, n)?;
            check_affine(b, n)
        }
        AffineExpr::FloorDiv(a, b) | AffineExpr::CeilDiv(a, b) | AffineExpr::Mod(a, b) => match **b
        {
            AffineExpr::Constant(c) if c > 0 => check_affine(a, n),
            _ => Err("divisor in an affine expression must be a positive constant".into()),
        },
    }
}

/// Type-checks a scalar body against the expected block argument and yield types.
pub fn verify_body(
    f: &Function,
    body: &ScalarBody,
    args: &[DType],
    yields: &[DType],
) -> Result<(), String> {
    if body.arguments != args {
        return Err(format!(
            "body arguments ({}) do not match the operand element types ({})",
            names(&body.arguments),
            names(args)
        ));
    }
    let mut types: Vec<DType> = Vec::new();
    let ty_of = |r: &ScalarRef, types: &[DType]| -> Result<DType, String> {
        match *r {
            ScalarRef::Argument(i) => args
                .get(i as usize)
                .copied()
                .ok_or_else(|| format!("block argument #{i} out of range")),
            ScalarRef::Instruction(i) => types
                .get(i as usize)
                .copied()
                .ok_or_else(|| format!("body value #{i} used before definition")),
            ScalarRef::Outer(v) => match f.values.try_get(v).map(|v| &v.ty) {
                Some(Type::Scalar(d)) => Ok(*d),
                _ => Err("the body captures a value that is not a scalar of this function".into()),
            },
        }
    };
    for (k, inst) in body.instructions.iter().enumerate() {
        let ops: Vec<DType> = inst
            .operands
            .iter()
            .map(|r| ty_of(r, &types))
            .collect::<Result<_, _>>()?;
        verify_body_instruction(k, inst, &ops)?;
        types.push(inst.ty);
    }
    if body.yields.len() != yields.len() {
        return Err(format!(
            "body yields {} values, expected {}",
            body.yields.len(),
            yields.len()
        ));
    }
    for (i, (r, &want)) in body.yields.iter().zip(yields).enumerate() {
        let got = ty_of(r, &types)?;
        if got != want {
            return Err(format!("yield #{i} has type {got}, expected {want}"));
        }
    }
    Ok(())
}

/// Checks body instruction #`k` given its operands' types (`ops`): operand count, and the types
/// its op class needs. (The parser checks each instruction as it reads it with this, in time
/// linear in the body's size.)
pub(crate) fn verify_body_instruction(
    k: usize,
    inst: &ScalarInstruction,
    ops: &[DType],
) -> Result<(), String> {
    let name = inst.op.name();
    if ops.len() != inst.op.num_operands() {
        return Err(format!(
            "body op #{k} '{name}' expects {} operands, got {}",
            inst.op.num_operands(),
            ops.len()
        ));
    }
    let bad = |why: &str| {
        Err(format!(
            "body op #{k} '{name}': {why} (operands {}, result {})",
            names(ops),
            inst.ty
        ))
    };
    let all_eq = ops.iter().all(|&t| t == inst.ty);
    match inst.op.class() {
        ScalarOpClass::Constant => {
            if let ScalarOp::Constant(v) = inst.op {
                let fits = match v {
                    ScalarValue::Float(_) => inst.ty.is_float(),
                    ScalarValue::Int(_) => inst.ty.is_int() && inst.ty != DType::I1,
                    ScalarValue::Bool(_) => inst.ty == DType::I1,
                };
                if !fits {
                    return bad("literal does not fit the type");
                }
            }
        }
        ScalarOpClass::FloatArith => {
            if !inst.ty.is_float() || !all_eq {
                return bad("needs operands and result of one float type");
            }
        }
        ScalarOpClass::IntArith => {
            if !inst.ty.is_int() || !all_eq {
                return bad("needs operands and result of one integer type");
            }
        }
        ScalarOpClass::Compare { float } => {
            if inst.ty != DType::I1 || ops[0] != ops[1] || ops[0].is_float() != float {
                return bad("needs two operands of one type and an i1 result");
            }
        }
        ScalarOpClass::Select => {
            if ops[0] != DType::I1 || ops[1] != inst.ty || ops[2] != inst.ty {
                return bad("needs an i1 condition and two operands of the result type");
            }
        }
        ScalarOpClass::Cast => {
            let (from, to) = (ops[0], inst.ty);
            let ok = match inst.op {
                ScalarOp::ExtF => {
                    from.is_float() && to.is_float() && to.bit_width() > from.bit_width()
                }
                ScalarOp::TruncF => {
                    from.is_float() && to.is_float() && to.bit_width() < from.bit_width()
                }
                ScalarOp::SIToFP | ScalarOp::UIToFP => from.is_int() && to.is_float(),
                ScalarOp::FPToSI | ScalarOp::FPToUI => from.is_float() && to.is_int(),
                ScalarOp::ExtSI | ScalarOp::ExtUI => {
                    from.is_int() && to.is_int() && to.bit_width() > from.bit_width()
                }
                ScalarOp::TruncI => {
                    from.is_int() && to.is_int() && to.bit_width() < from.bit_width()
                }
                ScalarOp::Bitcast => {
                    from.bit_width() == to.bit_width() && from.is_float() != to.is_float()
                }
                _ => false,
            };
            if !ok {
                return bad("invalid cast");
            }
        }
    }
    Ok(())
}

pub(super) fn names(ts: &[DType]) -> String {
    ts.iter().map(|t| t.name()).collect::<Vec<_>>().join(", ")
}

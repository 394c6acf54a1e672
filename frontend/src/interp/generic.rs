//! `linalg.generic` on host arrays: affine maps compiled to linear offsets where they are
//! linear, the scalar body evaluated per point (integer ops wrapped to their width), and the
//! scalar functions it needs (erf, bit casts).

use super::*;

/// An affine expression compiled to `sum(coeff[d] * d) + constant` when it is linear.
enum CompiledExpr {
    Linear { coeffs: Vec<i64>, constant: i64 },
    Tree(AffineExpr),
}

pub(super) fn linearize(e: &AffineExpr, n: usize) -> Option<(Vec<i64>, i64)> {
    match e {
        AffineExpr::Dim(i) => {
            let mut c = vec![0; n];
            c[*i] = 1;
            Some((c, 0))
        }
        AffineExpr::Constant(k) => Some((vec![0; n], *k)),
        AffineExpr::Add(a, b) => {
            let (ca, ka) = linearize(a, n)?;
            let (cb, kb) = linearize(b, n)?;
            Some((ca.iter().zip(&cb).map(|(x, y)| x + y).collect(), ka + kb))
        }
        AffineExpr::Mul(a, b) => {
            let (ca, ka) = linearize(a, n)?;
            let (cb, kb) = linearize(b, n)?;
            if ca.iter().all(|&x| x == 0) {
                Some((cb.iter().map(|x| x * ka).collect(), ka * kb))
            } else if cb.iter().all(|&x| x == 0) {
                Some((ca.iter().map(|x| x * kb).collect(), ka * kb))
            } else {
                None
            }
        }
        _ => None,
    }
}

pub(super) fn run_generic(
    g: &Generic,
    operands: &[&RtValue],
    outer: &[(ValueId, f64)],
) -> Result<Vec<RtValue>, String> {
    let n = g.iterator_types.len();
    // Operand data, row-major, with shapes and strides.
    let arrays: Vec<ArrayD<f64>> = operands
        .iter()
        .map(|v| match v {
            RtValue::Tensor(a) => a.as_standard_layout().into_owned(),
            RtValue::Scalar(x) => ArrayD::from_elem(IxDyn(&[]), *x),
        })
        .collect();
    let mut bounds: Vec<Option<usize>> = vec![None; n];
    for (a, m) in arrays.iter().zip(&g.indexing_maps) {
        for (e, &size) in m.results.iter().zip(a.shape()) {
            if let AffineExpr::Dim(k) = e {
                bounds[*k].get_or_insert(size);
            }
        }
    }
    let bounds: Vec<usize> = bounds
        .into_iter()
        .map(|b| b.ok_or("a loop dim has no bound"))
        .collect::<Result<_, _>>()?;
    let compiled: Vec<Vec<CompiledExpr>> = g
        .indexing_maps
        .iter()
        .map(|m| {
            m.results
                .iter()
                .map(|e| match linearize(e, n) {
                    Some((coeffs, constant)) => CompiledExpr::Linear { coeffs, constant },
                    None => CompiledExpr::Tree(e.clone()),
                })
                .collect()
        })
        .collect();
    let strides: Vec<Vec<usize>> = arrays
        .iter()
        .map(|a| {
            let mut s = vec![1usize; a.ndim()];
            for i in (0..a.ndim().saturating_sub(1)).rev() {
                s[i] = s[i + 1] * a.shape()[i + 1];
            }
            s
        })
        .collect();
    let inputs: Vec<&[f64]> = arrays[..g.num_inputs]
        .iter()
        .map(|a| a.as_slice().unwrap_or(&[]))
        .collect();
    let mut outputs: Vec<Vec<f64>> = arrays[g.num_inputs..]
        .iter()
        .map(|a| a.iter().copied().collect())
        .collect();
    let mut args = vec![0.0f64; operands.len()];
    let mut offsets = vec![0usize; operands.len()];
    let mut scratch = Vec::with_capacity(g.body.instructions.len());
    if bounds.contains(&0) {
        return Ok(outputs
            .into_iter()
            .zip(&arrays[g.num_inputs..])
            .map(|(o, a)| {
                RtValue::Tensor(ArrayD::from_shape_vec(a.raw_dim(), o).expect("same shape"))
            })
            .collect());
    }
    let finish = |outputs: Vec<Vec<f64>>| -> Vec<RtValue> {
        outputs
            .into_iter()
            .zip(&arrays[g.num_inputs..])
            .map(|(o, a)| {
                RtValue::Tensor(ArrayD::from_shape_vec(a.raw_dim(), o).expect("same shape"))
            })
            .collect()
    };
    let mut yields = Vec::with_capacity(g.body.yields.len());
    // Fast path: every map is linear, so each operand's flat offset is linear in the loop
    // indices; bounds are checked once from the extreme loop points, and the odometer updates
    // offsets incrementally.
    let all_linear = compiled
        .iter()
        .flatten()
        .all(|e| matches!(e, CompiledExpr::Linear { .. }));
    if all_linear {
        let mut step: Vec<Vec<i64>> = Vec::with_capacity(operands.len());
        let mut base: Vec<i64> = Vec::with_capacity(operands.len());
        for (k, exprs) in compiled.iter().enumerate() {
            let shape = arrays[k].shape();
            let mut st = vec![0i64; n];
            let mut b = 0i64;
            for (r, e) in exprs.iter().enumerate() {
                let CompiledExpr::Linear { coeffs, constant } = e else {
                    unreachable!("checked above")
                };
                let lo: i64 = constant
                    + coeffs
                        .iter()
                        .zip(&bounds)
                        .map(|(&c, &b)| (c * (b as i64 - 1)).min(0))
                        .sum::<i64>();
                let hi: i64 = constant
                    + coeffs
                        .iter()
                        .zip(&bounds)
                        .map(|(&c, &b)| (c * (b as i64 - 1)).max(0))
                        .sum::<i64>();
                if lo < 0 || hi as usize >= shape[r] {
                    let v = if lo < 0 { lo } else { hi };
                    return Err(format!(
                        "indexing map #{k} reads index {v} of dim {r} (size {}) within loop bounds {bounds:?}",
                        shape[r]
                    ));
                }
                let rs = strides[k][r] as i64;
                for d in 0..n {
                    st[d] += coeffs[d] * rs;
                }
                b += constant * rs;
            }
            step.push(st);
            base.push(b);
        }
        let mut off: Vec<i64> = base.clone();
        let mut idx = vec![0usize; n];
        let ni = g.num_inputs;
        loop {
            for k in 0..operands.len() {
                let o = off[k] as usize;
                args[k] = if k < ni {
                    inputs[k][o]
                } else {
                    outputs[k - ni][o]
                };
            }
            eval_body(&g.body, &args, &mut scratch, outer, &mut yields)?;
            for (j, &y) in yields.iter().enumerate() {
                outputs[j][off[ni + j] as usize] = y;
            }
            let mut d = n;
            loop {
                if d == 0 {
                    return Ok(finish(outputs));
                }
                d -= 1;
                idx[d] += 1;
                for k in 0..off.len() {
                    off[k] += step[k][d];
                }
                if idx[d] < bounds[d] {
                    break;
                }
                for k in 0..off.len() {
                    off[k] -= step[k][d] * bounds[d] as i64;
                }
                idx[d] = 0;
            }
        }
    }
    let mut idx = vec![0i64; n];
    loop {
        for (k, exprs) in compiled.iter().enumerate() {
            let shape = arrays[k].shape();
            let mut off = 0usize;
            for (r, e) in exprs.iter().enumerate() {
                let v = match e {
                    CompiledExpr::Linear { coeffs, constant } => {
                        coeffs.iter().zip(&idx).map(|(c, i)| c * i).sum::<i64>() + constant
                    }
                    CompiledExpr::Tree(t) => t.eval(&idx, &[]),
                };
                if v < 0 || v as usize >= shape[r] {
                    return Err(format!(
                        "indexing map #{k} reads index {v} of dim {r} (size {}) at loop point {idx:?}",
                        shape[r]
                    ));
                }
                off += v as usize * strides[k][r];
            }
            offsets[k] = off;
            args[k] = if k < g.num_inputs {
                inputs[k][off]
            } else {
                outputs[k - g.num_inputs][off]
            };
        }
        eval_body(&g.body, &args, &mut scratch, outer, &mut yields)?;
        for (j, &y) in yields.iter().enumerate() {
            outputs[j][offsets[g.num_inputs + j]] = y;
        }
        // Next loop point (row-major odometer).
        let mut d = n;
        loop {
            if d == 0 {
                return Ok(finish(outputs));
            }
            d -= 1;
            idx[d] += 1;
            if (idx[d] as usize) < bounds[d] {
                break;
            }
            idx[d] = 0;
        }
    }
}

/// Evaluates a scalar body. Floats compute in f64; integer results wrap to their width.
pub(super) fn eval_body(
    body: &ScalarBody,
    args: &[f64],
    scratch: &mut Vec<f64>,
    outer: &[(ValueId, f64)],
    yields: &mut Vec<f64>,
) -> Result<(), String> {
    scratch.clear();
    let get = |r: &ScalarRef, scratch: &[f64]| -> Result<f64, String> {
        match *r {
            ScalarRef::Argument(i) => Ok(args[i as usize]),
            ScalarRef::Instruction(i) => Ok(scratch[i as usize]),
            ScalarRef::Outer(v) => outer
                .iter()
                .find(|(o, _)| *o == v)
                .map(|(_, x)| *x)
                .ok_or_else(|| "outer value not available".to_string()),
        }
    };
    for inst in &body.instructions {
        let mut x = [0.0f64; 3];
        for (i, r) in inst.operands.iter().enumerate() {
            x[i] = get(r, scratch)?;
        }
        let b = |v: bool| if v { 1.0 } else { 0.0 };
        let ty = inst.ty;
        let v = match inst.op {
            ScalarOp::Constant(c) => c.as_f64(),
            ScalarOp::AddF => x[0] + x[1],
            ScalarOp::SubF => x[0] - x[1],
            ScalarOp::MulF => x[0] * x[1],
            ScalarOp::DivF => x[0] / x[1],
            ScalarOp::RemF => x[0] % x[1],
            ScalarOp::MaximumF => {
                if x[0].is_nan() || x[1].is_nan() {
                    f64::NAN
                } else {
                    x[0].max(x[1])
                }
            }
            ScalarOp::MinimumF => {
                if x[0].is_nan() || x[1].is_nan() {
                    f64::NAN
                } else {
                    x[0].min(x[1])
                }
            }
            ScalarOp::NegF => -x[0],
            ScalarOp::AbsF => x[0].abs(),
            ScalarOp::AddI => ty.round(x[0] + x[1]),
            ScalarOp::SubI => ty.round(x[0] - x[1]),
            ScalarOp::MulI => ty.round(((x[0] as i64).wrapping_mul(x[1] as i64)) as f64),
            ScalarOp::DivSI => {
                if x[1] == 0.0 {
                    return Err("integer division by zero".into());
                }
                ty.round(((x[0] as i64).wrapping_div(x[1] as i64)) as f64)
            }
            ScalarOp::RemSI => {
                if x[1] == 0.0 {
                    return Err("integer remainder by zero".into());
                }
                ty.round(((x[0] as i64).wrapping_rem(x[1] as i64)) as f64)
            }
            ScalarOp::MaxSI => x[0].max(x[1]),
            ScalarOp::MinSI => x[0].min(x[1]),
            ScalarOp::AbsI => ty.round(x[0].abs()),
            ScalarOp::AndI => ty.round(((x[0] as i64) & (x[1] as i64)) as f64),
            ScalarOp::OrI => ty.round(((x[0] as i64) | (x[1] as i64)) as f64),
            ScalarOp::XOrI => ty.round(((x[0] as i64) ^ (x[1] as i64)) as f64),
            ScalarOp::ShLI | ScalarOp::ShRUI | ScalarOp::ShRSI => shift(inst.op, ty, x[0], x[1]),
            ScalarOp::DivUI | ScalarOp::RemUI | ScalarOp::MaxUI | ScalarOp::MinUI => {
                unsigned(inst.op, ty, x[0], x[1])?
            }
            ScalarOp::CmpF(p) => {
                let (a, c) = (x[0], x[1]);
                let unordered = a.is_nan() || c.is_nan();
                use CmpFPredicate::*;
                b(match p {
                    False => false,
                    True => true,
                    Ord => !unordered,
                    Uno => unordered,
                    Oeq => !unordered && a == c,
                    Ogt => !unordered && a > c,
                    Oge => !unordered && a >= c,
                    Olt => !unordered && a < c,
                    Ole => !unordered && a <= c,
                    One => !unordered && a != c,
                    Ueq => unordered || a == c,
                    Ugt => unordered || a > c,
                    Uge => unordered || a >= c,
                    Ult => unordered || a < c,
                    Ule => unordered || a <= c,
                    Une => unordered || a != c,
                })
            }
            ScalarOp::CmpI(p) => {
                let (a, c) = (x[0] as i64, x[1] as i64);
                let w = body_operand_width(inst, body, scratch.len());
                let (ua, uc) = (to_unsigned(a, w), to_unsigned(c, w));
                use CmpIPredicate::*;
                b(match p {
                    Eq => a == c,
                    Ne => a != c,
                    Slt => a < c,
                    Sle => a <= c,
                    Sgt => a > c,
                    Sge => a >= c,
                    Ult => ua < uc,
                    Ule => ua <= uc,
                    Ugt => ua > uc,
                    Uge => ua >= uc,
                })
            }
            ScalarOp::Select => {
                if x[0] != 0.0 {
                    x[1]
                } else {
                    x[2]
                }
            }
            ScalarOp::ExtF | ScalarOp::TruncF | ScalarOp::SIToFP => ty.round(x[0]),
            ScalarOp::UIToFP => {
                let w = body_operand_width(inst, body, scratch.len());
                ty.round(to_unsigned(x[0] as i64, w) as f64)
            }
            ScalarOp::FPToSI | ScalarOp::FPToUI => {
                if !x[0].is_finite() {
                    return Err(format!("'{}' of a non-finite value", inst.op.name()));
                }
                ty.round(x[0].trunc())
            }
            ScalarOp::ExtSI | ScalarOp::TruncI => ty.round(x[0]),
            ScalarOp::Bitcast => bitcast_value(x[0], ty),
            ScalarOp::ExtUI => {
                let w = body_operand_width(inst, body, scratch.len());
                ty.round(to_unsigned(x[0] as i64, w) as f64)
            }
            ScalarOp::Exp => x[0].exp(),
            ScalarOp::Log => x[0].ln(),
            ScalarOp::Sqrt => x[0].sqrt(),
            ScalarOp::Rsqrt => 1.0 / x[0].sqrt(),
            ScalarOp::Tanh => x[0].tanh(),
            ScalarOp::Erf => erf(x[0]),
            ScalarOp::PowF => x[0].powf(x[1]),
            ScalarOp::Sin => x[0].sin(),
            ScalarOp::Cos => x[0].cos(),
            ScalarOp::Floor => x[0].floor(),
            ScalarOp::Ceil => x[0].ceil(),
            ScalarOp::Exp2 => x[0].exp2(),
            ScalarOp::Log2 => x[0].log2(),
            ScalarOp::Tan => x[0].tan(),
            ScalarOp::Atan => x[0].atan(),
            ScalarOp::Asin => x[0].asin(),
            ScalarOp::Acos => x[0].acos(),
            ScalarOp::Sinh => x[0].sinh(),
            ScalarOp::Cosh => x[0].cosh(),
            ScalarOp::Asinh => x[0].asinh(),
            ScalarOp::Acosh => x[0].acosh(),
            ScalarOp::Atanh => x[0].atanh(),
            ScalarOp::Atan2 => x[0].atan2(x[1]),
            ScalarOp::RoundEven => x[0].round_ties_even(),
        };
        scratch.push(v);
    }
    yields.clear();
    for r in &body.yields {
        yields.push(get(r, scratch)?);
    }
    Ok(())
}

/// The bit width of an instruction's first operand (for unsigned interpretations).
pub(super) fn body_operand_width(
    inst: &ScalarInstruction,
    body: &ScalarBody,
    _defined: usize,
) -> u32 {
    match inst.operands.first() {
        Some(ScalarRef::Argument(i)) => body.arguments[*i as usize].bit_width(),
        Some(ScalarRef::Instruction(i)) => body.instructions[*i as usize].ty.bit_width(),
        _ => 64,
    }
}

pub(super) fn to_unsigned(x: i64, width: u32) -> u64 {
    if width >= 64 {
        x as u64
    } else {
        (x as u64) & ((1u64 << width) - 1)
    }
}

/// The error function, to about 1e-16 (series for small |x|, continued fraction otherwise).
pub fn erf(x: f64) -> f64 {
    if x.is_nan() {
        return f64::NAN;
    }
    let ax = x.abs();
    if ax < 2.5 {
        // Maclaurin series: erf(x) = 2/sqrt(pi) * sum (-1)^n x^(2n+1) / (n! (2n+1)).
        let mut term = ax;
        let mut sum = ax;
        let x2 = ax * ax;
        // At most ~60 terms are needed below 2.5; the bound (and `<=`, which stops at once for
        // x = 0 where every term is 0) keeps the loop finite for any input.
        for n in 1..200 {
            let n = n as f64;
            term *= -x2 / n;
            let add = term / (2.0 * n + 1.0);
            sum += add;
            if add.abs() <= 1e-17 * sum.abs() {
                break;
            }
        }
        // copysign keeps erf(-0) = -0.
        return (sum * std::f64::consts::FRAC_2_SQRT_PI).copysign(x);
    }
    if ax >= 6.0 {
        // erfc(6) < 2.2e-17: erf rounds to +-1 (and the fraction below would give NaN at inf).
        return x.signum();
    }
    // erfc via a continued fraction (Lentz), accurate for |x| >= 2.5.
    let tiny = 1e-300;
    let mut f = ax;
    let mut c = ax;
    let mut d = 0.0;
    for k in 1..200 {
        let a = k as f64 / 2.0;
        d = ax + a * d;
        d = if d.abs() < tiny { tiny } else { d };
        c = ax + a / c;
        c = if c.abs() < tiny { tiny } else { c };
        d = 1.0 / d;
        let delta = c * d;
        f *= delta;
        if (delta - 1.0).abs() < 1e-16 {
            break;
        }
    }
    let erfc = (-ax * ax).exp() / (f * std::f64::consts::PI.sqrt());
    let r = 1.0 - erfc;
    if x < 0.0 {
        -r
    } else {
        r
    }
}

/// `arith.bitcast` of `x` to `to` (same width): float bits read as a signed integer, or a
/// signed integer's two's-complement bits read as a float.
pub(super) fn bitcast_value(x: f64, to: DType) -> f64 {
    match to {
        DType::F32 => f64::from(f32::from_bits(x as i64 as u32)),
        DType::F64 => f64::from_bits(x as i64 as u64),
        DType::I32 => f64::from((x as f32).to_bits() as i32),
        DType::I64 => x.to_bits() as i64 as f64,
        // The verifier admits float <-> integer pairs of one width only (f32 / i32, f64 / i64).
        _ => x,
    }
}

/// `arith.divui` / `remui` / `maxui` / `minui` on the unsigned readings of `ty`'s bits, the
/// result read back as `ty` (signed); division by zero is an error (MLIR: undefined).
fn unsigned(op: ScalarOp, ty: DType, a: f64, b: f64) -> Result<f64, String> {
    let width = ty.bit_width();
    let mask = if width == 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    };
    let (a, b) = ((a as i64 as u64) & mask, (b as i64 as u64) & mask);
    let out = match op {
        ScalarOp::DivUI | ScalarOp::RemUI if b == 0 => {
            return Err(format!("unsigned integer {} by zero", op.name()));
        }
        ScalarOp::DivUI => a / b,
        ScalarOp::RemUI => a % b,
        ScalarOp::MaxUI => a.max(b),
        _ => a.min(b),
    };
    let shift = 64 - width;
    Ok(ty.round((((out << shift) as i64) >> shift) as f64))
}

/// `arith.shli` / `shrui` / `shrsi` on `ty`'s bits, with the amount read unsigned: amounts
/// not below the bit width give 0 (left, unsigned right) or the sign fill (signed right),
/// where MLIR says poison and SPIR-V undefined (the legalization selects the same values).
fn shift(op: ScalarOp, ty: DType, value: f64, amount: f64) -> f64 {
    let width = ty.bit_width();
    let mask = if width == 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    };
    let bits = (value as i64 as u64) & mask;
    let amount = (amount as i64 as u64) & mask;
    let signed = |bits: u64| {
        let shift = 64 - width;
        (((bits << shift) as i64) >> shift) as f64
    };
    let out = match op {
        ScalarOp::ShLI if amount < u64::from(width) => (bits << amount) & mask,
        ScalarOp::ShRUI if amount < u64::from(width) => bits >> amount,
        ScalarOp::ShRSI => {
            let v = signed(bits) as i64;
            return ty.round((v >> amount.min(u64::from(width) - 1)) as f64);
        }
        _ => 0,
    };
    ty.round(signed(out))
}

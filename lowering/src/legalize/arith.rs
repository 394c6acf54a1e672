//! Arith patterns: constants, binary / comparison / select ops, casts, and the vector ops
//! (splat, extract). Float min / max propagate NaN; booleans use the logical ops; integer pow
//! has no instruction and is refused.

use super::converter::{element, internal, is_float, Converter};
use crate::error::CompileError;
use crate::kernel_ir::{self as k, ScalarType};
use kiln_spirv_ir::spirv::{GlslStd450Op, Op as SpvOp};
use kiln_spirv_ir::{ConstantValue, FunctionBuilder, Operand, TypeId, ValueId};

impl Converter<'_> {
    pub(super) fn constant(
        &mut self,
        fb: &mut FunctionBuilder<'_>,
        ty: k::Type,
        lit: k::Literal,
    ) -> Result<ValueId, CompileError> {
        let t = self.ty(fb, ty);
        let s = element(ty);
        let value = match (lit, s) {
            (k::Literal::Bool(b), _) => ConstantValue::Bool(b),
            (k::Literal::Int(i), ScalarType::I8) => ConstantValue::Int(i as i8 as u8 as u64),
            (k::Literal::Int(i), ScalarType::I16) => ConstantValue::Int(i as i16 as u16 as u64),
            (k::Literal::Int(i), ScalarType::I64) => ConstantValue::Int(i as u64),
            (k::Literal::Int(i), ScalarType::Index) if self.converter.index_bits == 64 => {
                ConstantValue::Int(i as u64)
            }
            (k::Literal::Int(i), _) => ConstantValue::Int(i as i32 as u32 as u64),
            (k::Literal::Float(f), ScalarType::F16) => {
                ConstantValue::Float(half::f16::from_f64(f).to_bits() as u64)
            }
            (k::Literal::Float(f), ScalarType::F64) => ConstantValue::Float(f.to_bits()),
            (k::Literal::Float(f), _) => ConstantValue::Float((f as f32).to_bits() as u64),
        };
        Ok(fb.constant(t, value))
    }

    /// The boolean type of the same shape as `ty` (None for a cooperative matrix).
    pub(super) fn bool_like(
        &mut self,
        fb: &mut FunctionBuilder<'_>,
        ty: k::Type,
    ) -> Option<TypeId> {
        let b = match ty {
            k::Type::Scalar(_) => k::Type::Scalar(ScalarType::Bool),
            k::Type::Vector(_, w) => k::Type::Vector(ScalarType::Bool, w),
            k::Type::Matrix(_) => return None,
        };
        Some(self.ty(fb, b))
    }

    /// A float constant of type `ty` (scalar or vector; every lane the same).
    pub(super) fn float_splat(
        &mut self,
        fb: &mut FunctionBuilder<'_>,
        ty: k::Type,
        t: TypeId,
        value: f64,
    ) -> Result<ValueId, CompileError> {
        let scalar = self.constant(fb, k::Type::Scalar(element(ty)), k::Literal::Float(value))?;
        Ok(match ty {
            k::Type::Vector(_, w) => fb.composite_construct(t, &vec![scalar; w as usize]),
            _ => scalar,
        })
    }

    /// `arith.maximumf` / `arith.minimumf`: a NaN operand gives NaN (as ONNX Max / Min / Relu /
    /// Clip in onnxruntime and the reference interpreter); GLSL's FMax / FMin are undefined
    /// there, and in practice return the other operand. A NaN operand is passed through.
    pub(super) fn nan_propagating(
        &mut self,
        fb: &mut FunctionBuilder<'_>,
        op: GlslStd450Op,
        ty: k::Type,
        t: TypeId,
        a: ValueId,
        b: ValueId,
    ) -> ValueId {
        let m = fb.glsl(op, t, &[a, b]);
        let Some(bt) = self.bool_like(fb, ty) else {
            return m;
        };
        let a_nan = fb.is_nan(bt, a);
        let b_nan = fb.is_nan(bt, b);
        let m = fb.select(t, b_nan, b, m);
        fb.select(t, a_nan, a, m)
    }

    /// `k::Op::Binary`.
    pub(super) fn binary(
        &mut self,
        fb: &mut FunctionBuilder<'_>,
        op: k::BinaryOp,
        rt: k::Type,
        t: TypeId,
        lhs: k::Value,
        rhs: k::Value,
    ) -> Result<ValueId, CompileError> {
        let s = element(rt);
        let (a, b) = (self.value(lhs)?, self.value(rhs)?);
        use k::BinaryOp as B;
        let float = is_float(s);
        let boolean = s == ScalarType::Bool;
        Ok(match op {
            B::Add if float => fb.fadd(t, a, b),
            B::Add => fb.iadd(t, a, b),
            B::Sub if float => fb.fsub(t, a, b),
            B::Sub => fb.isub(t, a, b),
            B::Mul if float => fb.fmul(t, a, b),
            B::Mul => fb.imul(t, a, b),
            B::Div if float => fb.fdiv(t, a, b),
            B::Div => fb.sdiv(t, a, b),
            B::Rem if float => fb.frem(t, a, b),
            B::Rem => fb.srem(t, a, b),
            B::DivU => fb.udiv(t, a, b),
            B::RemU => fb.umod(t, a, b),
            B::Min if float => self.nan_propagating(fb, GlslStd450Op::FMin, rt, t, a, b),
            B::Min if boolean => fb.logical_and(t, a, b),
            B::Min => fb.glsl(GlslStd450Op::SMin, t, &[a, b]),
            B::Max if float => self.nan_propagating(fb, GlslStd450Op::FMax, rt, t, a, b),
            B::Max if boolean => fb.logical_or(t, a, b),
            B::Max => fb.glsl(GlslStd450Op::SMax, t, &[a, b]),
            B::Pow if float => self.powf(fb, rt, t, a, b)?,
            B::Atan2 if float && s != ScalarType::F64 => fb.glsl(GlslStd450Op::Atan2, t, &[a, b]),
            B::Atan2 => {
                return Err(CompileError::TargetLacks {
                    op: "math.atan2".into(),
                    target: self.conversion.target.env.name.clone(),
                    missing: "GLSL.std.450 Atan2 takes 16- and 32-bit floats".into(),
                })
            }
            B::And if boolean => fb.logical_and(t, a, b),
            B::And => fb.bitwise_and(t, a, b),
            B::Or if boolean => fb.logical_or(t, a, b),
            B::Or => fb.bitwise_or(t, a, b),
            B::Xor if boolean => fb.logical_not_equal(t, a, b),
            B::Xor => fb.bitwise_xor(t, a, b),
            B::Shl | B::ShrU | B::ShrS => self.shift(fb, op, rt, t, a, b)?,
            B::Pow => {
                return Err(CompileError::TargetLacks {
                    op: "math.powi".into(),
                    target: self.conversion.target.env.name.clone(),
                    missing: "integer pow has no SPIR-V / GLSL.std.450 instruction".into(),
                })
            }
        })
    }

    /// `arith.shli` / `shrui` / `shrsi`: SPIR-V leaves a shift by the bit width or more
    /// undefined, and MLIR calls it poison; kiln defines it (as the interpreter does): 0 for
    /// the left and logical right shifts, the sign fill for the arithmetic one (its amount is
    /// clamped to `width - 1` with an unsigned min).
    fn shift(
        &mut self,
        fb: &mut FunctionBuilder<'_>,
        op: k::BinaryOp,
        rt: k::Type,
        t: TypeId,
        a: ValueId,
        amount: ValueId,
    ) -> Result<ValueId, CompileError> {
        let s = element(rt);
        let width = match s {
            ScalarType::I8 => 8,
            ScalarType::I32 => 32,
            ScalarType::I64 => 64,
            ScalarType::Index => self.converter.index_bits,
            other => return Err(internal(format!("{op:?} of {other:?}"))),
        };
        let scalar = self.constant(fb, k::Type::Scalar(s), k::Literal::Int(width as i64 - 1))?;
        let last = match rt {
            k::Type::Vector(_, w) => fb.composite_construct(t, &vec![scalar; w as usize]),
            _ => scalar,
        };
        if op == k::BinaryOp::ShrS {
            let clamped = fb.glsl(GlslStd450Op::UMin, t, &[amount, last]);
            return Ok(fb.op(SpvOp::ShiftRightArithmetic, t, &[a, clamped]));
        }
        let opcode = if op == k::BinaryOp::Shl {
            SpvOp::ShiftLeftLogical
        } else {
            SpvOp::ShiftRightLogical
        };
        let shifted = fb.op(opcode, t, &[a, amount]);
        let bt = self
            .bool_like(fb, rt)
            .ok_or_else(|| internal("a shift of matrices"))?;
        let inside = fb.op(SpvOp::ULessThanEqual, bt, &[amount, last]);
        let zero = self.constant(fb, k::Type::Scalar(s), k::Literal::Int(0))?;
        let zero = match rt {
            k::Type::Vector(_, w) => fb.composite_construct(t, &vec![zero; w as usize]),
            _ => zero,
        };
        Ok(fb.select(t, inside, shifted, zero))
    }

    /// `k::Op::Compare`: ordered float comparisons (`!=` unordered), logical for booleans,
    /// signed for integers.
    pub(super) fn compare(
        &mut self,
        fb: &mut FunctionBuilder<'_>,
        op: k::CompareOp,
        t: TypeId,
        lhs: k::Value,
        rhs: k::Value,
    ) -> Result<ValueId, CompileError> {
        let (a, b) = (self.value(lhs)?, self.value(rhs)?);
        let operand = element(self.vty(lhs));
        use k::CompareOp as C;
        Ok(if is_float(operand) {
            match op {
                C::Eq => fb.ford_equal(t, a, b),
                C::Ne => fb.funord_not_equal(t, a, b),
                C::Lt => fb.ford_lt(t, a, b),
                C::Le => fb.ford_le(t, a, b),
                C::Gt => fb.ford_gt(t, a, b),
                C::Ge => fb.ford_ge(t, a, b),
            }
        } else if operand == ScalarType::Bool {
            match op {
                C::Eq => fb.logical_equal(t, a, b),
                C::Ne => fb.logical_not_equal(t, a, b),
                _ => return Err(internal("ordered comparison of booleans")),
            }
        } else {
            match op {
                C::Eq => fb.iequal(t, a, b),
                C::Ne => fb.inot_equal(t, a, b),
                C::Lt => fb.slt(t, a, b),
                C::Le => fb.sle(t, a, b),
                C::Gt => fb.sgt(t, a, b),
                C::Ge => fb.sge(t, a, b),
            }
        })
    }

    /// `k::Op::Select`.
    pub(super) fn select(
        &mut self,
        fb: &mut FunctionBuilder<'_>,
        t: TypeId,
        cond: k::Value,
        on_true: k::Value,
        on_false: k::Value,
    ) -> Result<ValueId, CompileError> {
        let (c, a, b) = (
            self.value(cond)?,
            self.value(on_true)?,
            self.value(on_false)?,
        );
        Ok(fb.select(t, c, a, b))
    }

    /// `k::Op::Splat`: a vector of one value, or a cooperative matrix filled with it.
    pub(super) fn splat(
        &mut self,
        fb: &mut FunctionBuilder<'_>,
        rt: k::Type,
        t: TypeId,
        arg: k::Value,
    ) -> Result<ValueId, CompileError> {
        let x = self.value(arg)?;
        Ok(match rt {
            k::Type::Vector(_, w) => fb.composite_construct(t, &vec![x; w as usize]),
            // A cooperative matrix is constructed from exactly one scalar (a fill).
            k::Type::Matrix(_) => fb.composite_construct(t, &[x]),
            k::Type::Scalar(_) => return Err(internal("splat to a scalar")),
        })
    }

    /// `k::Op::Extract`: one lane of a vector.
    pub(super) fn extract(
        &mut self,
        fb: &mut FunctionBuilder<'_>,
        t: TypeId,
        vector: k::Value,
        lane: u8,
    ) -> Result<ValueId, CompileError> {
        let x = self.value(vector)?;
        Ok(fb.op_with(
            SpvOp::CompositeExtract,
            t,
            vec![Operand::Value(x), Operand::Literal(lane as u32)],
        ))
    }

    pub(super) fn cast(
        &mut self,
        fb: &mut FunctionBuilder<'_>,
        x: ValueId,
        from: ScalarType,
        to: ScalarType,
        rt: k::Type,
        t: TypeId,
    ) -> Result<ValueId, CompileError> {
        let int_like = |s: ScalarType| {
            matches!(
                s,
                ScalarType::I8
                    | ScalarType::I16
                    | ScalarType::I32
                    | ScalarType::I64
                    | ScalarType::Index
            )
        };
        let width = |s: ScalarType| match s {
            ScalarType::I8 => 8,
            ScalarType::I64 | ScalarType::F64 => 64,
            ScalarType::I16 | ScalarType::F16 | ScalarType::BF16 => 16,
            ScalarType::Index => self.converter.index_bits,
            _ => 32,
        };
        Ok(match (from, to) {
            _ if from == to => x,
            (ScalarType::Bool, _) => {
                let one = self.constant(
                    fb,
                    rt_with(rt, to),
                    if is_float(to) {
                        k::Literal::Float(1.0)
                    } else {
                        k::Literal::Int(1)
                    },
                )?;
                let zero = self.constant(
                    fb,
                    rt_with(rt, to),
                    if is_float(to) {
                        k::Literal::Float(0.0)
                    } else {
                        k::Literal::Int(0)
                    },
                )?;
                let (one, zero) = match rt {
                    k::Type::Vector(_, w) => (
                        fb.composite_construct(t, &vec![one; w as usize]),
                        fb.composite_construct(t, &vec![zero; w as usize]),
                    ),
                    _ => (one, zero),
                };
                fb.select(t, x, one, zero)
            }
            (_, ScalarType::Bool) => {
                let zero = self.constant(
                    fb,
                    k::Type::Scalar(from),
                    if is_float(from) {
                        k::Literal::Float(0.0)
                    } else {
                        k::Literal::Int(0)
                    },
                )?;
                let zero = match rt {
                    k::Type::Vector(_, w) => {
                        let vt = self.ty(fb, k::Type::Vector(from, w));
                        fb.composite_construct(vt, &vec![zero; w as usize])
                    }
                    _ => zero,
                };
                if is_float(from) {
                    fb.funord_not_equal(t, x, zero)
                } else {
                    fb.inot_equal(t, x, zero)
                }
            }
            (f, g) if is_float(f) && is_float(g) => fb.fconvert(t, x),
            (f, g) if int_like(f) && is_float(g) => fb.convert_s_to_f(t, x),
            (f, g) if is_float(f) && int_like(g) => fb.convert_f_to_s(t, x),
            (f, g) if int_like(f) && int_like(g) => {
                if width(f) == width(g) {
                    fb.op(SpvOp::CopyObject, t, &[x])
                } else {
                    fb.sconvert(t, x)
                }
            }
            _ => return Err(internal(format!("cast {from:?} -> {to:?}"))),
        })
    }
}

fn rt_with(rt: k::Type, s: ScalarType) -> k::Type {
    let _ = rt;
    k::Type::Scalar(s)
}

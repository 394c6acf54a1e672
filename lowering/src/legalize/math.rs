//! Math patterns: unary math ops -> GLSL.std.450 (or the core negate / not), and `math.powf`
//! with C's `pow` semantics on top of GLSL's `Pow`.

use super::converter::{element, is_float, Converter};
use crate::error::CompileError;
use crate::kernel_ir::{self as k, ScalarType};
use kiln_spirv_ir::spirv::GlslStd450Op;
use kiln_spirv_ir::{FunctionBuilder, Type as SpvType, TypeId, ValueId};

impl Converter<'_> {
    /// `k::Op::Unary`.
    pub(super) fn unary(
        &mut self,
        fb: &mut FunctionBuilder<'_>,
        op: k::UnaryOp,
        s: ScalarType,
        t: TypeId,
        arg: k::Value,
    ) -> Result<ValueId, CompileError> {
        let x = self.value(arg)?;
        use k::UnaryOp as U;
        let float = is_float(s);
        let transcendental = !matches!(
            op,
            U::Neg | U::Abs | U::Not | U::Sqrt | U::Rsqrt | U::Floor | U::Ceil | U::Round
        );
        if s == ScalarType::F64 && transcendental {
            return Err(self.no_f64(&format!("math.{op:?}").to_lowercase()));
        }
        let glsl = |fb: &mut FunctionBuilder<'_>, g: GlslStd450Op| fb.glsl(g, t, &[x]);
        Ok(match op {
            U::Neg if float => fb.fnegate(t, x),
            U::Neg => fb.snegate(t, x),
            U::Abs if float => glsl(fb, GlslStd450Op::FAbs),
            U::Abs => glsl(fb, GlslStd450Op::SAbs),
            U::Not if s == ScalarType::Bool => fb.logical_not(t, x),
            U::Not => fb.not(t, x),
            U::Exp => glsl(fb, GlslStd450Op::Exp),
            U::Log => glsl(fb, GlslStd450Op::Log),
            U::Sqrt => glsl(fb, GlslStd450Op::Sqrt),
            U::Rsqrt => glsl(fb, GlslStd450Op::InverseSqrt),
            U::Tanh => glsl(fb, GlslStd450Op::Tanh),
            U::Floor => glsl(fb, GlslStd450Op::Floor),
            U::Ceil => glsl(fb, GlslStd450Op::Ceil),
            U::Round => glsl(fb, GlslStd450Op::RoundEven),
            U::Sin => glsl(fb, GlslStd450Op::Sin),
            U::Cos => glsl(fb, GlslStd450Op::Cos),
            U::Exp2 => glsl(fb, GlslStd450Op::Exp2),
            U::Log2 => glsl(fb, GlslStd450Op::Log2),
            U::Tan => glsl(fb, GlslStd450Op::Tan),
            U::Atan => glsl(fb, GlslStd450Op::Atan),
            U::Sinh => glsl(fb, GlslStd450Op::Sinh),
            U::Cosh => glsl(fb, GlslStd450Op::Cosh),
            U::Asinh => glsl(fb, GlslStd450Op::Asinh),
            U::Acosh => glsl(fb, GlslStd450Op::Acosh),
            U::Atanh => glsl(fb, GlslStd450Op::Atanh),
        })
    }

    /// `math.powf` with C's `pow` semantics (those of the reference interpreter, numpy and
    /// onnxruntime). GLSL's Pow is undefined for x < 0 and for x = 0, y <= 0, so the device
    /// computes |x|^y and fixes up the rest: the sign of a negative base by an odd integral
    /// exponent, NaN for a finite negative base by a non-integral exponent, 0^y (0 or inf), 1 for
    /// |x| = 1 (then signed), NaN for a NaN operand, and x^0 = 1^y = 1 for any x / y, NaN included.
    /// The sign flip reads the sign bit, so -0 by an odd exponent keeps it: (-0)^3 = -0 and
    /// (-0)^-1 = -inf, as in C.
    pub(super) fn powf(
        &mut self,
        fb: &mut FunctionBuilder<'_>,
        ty: k::Type,
        t: TypeId,
        x: ValueId,
        y: ValueId,
    ) -> Result<ValueId, CompileError> {
        if element(ty) == ScalarType::F64 {
            return Err(self.no_f64("math.powf"));
        }
        let Some(bt) = self.bool_like(fb, ty) else {
            return Ok(fb.glsl(GlslStd450Op::Pow, t, &[x, y]));
        };
        let zero = self.float_splat(fb, ty, t, 0.0)?;
        let one = self.float_splat(fb, ty, t, 1.0)?;
        let half = self.float_splat(fb, ty, t, 0.5)?;
        let inf = self.float_splat(fb, ty, t, f64::INFINITY)?;
        let nan = self.float_splat(fb, ty, t, f64::NAN)?;
        let ax = fb.glsl(GlslStd450Op::FAbs, t, &[x]);
        let p = fb.glsl(GlslStd450Op::Pow, t, &[ax, y]);
        // |x| = 1: 1 (GLSL's exp2(y * log2 1) is NaN for an infinite y).
        let ax_one = fb.ford_equal(bt, ax, one);
        let p = fb.select(t, ax_one, one, p);
        // x = 0: inf for y < 0, 0 for y > 0, y itself (NaN) otherwise; y = 0 is fixed below.
        let x_zero = fb.ford_equal(bt, x, zero);
        let y_neg = fb.ford_lt(bt, y, zero);
        let y_pos = fb.ford_gt(bt, y, zero);
        let zero_or_y = fb.select(t, y_pos, zero, y);
        let at_zero = fb.select(t, y_neg, inf, zero_or_y);
        let p = fb.select(t, x_zero, at_zero, p);
        // A negative base: odd integral y flips the sign, a non-integral one is NaN unless the
        // base is -inf (C: (-inf)^0.5 = inf). Infinite y counts as even.
        let x_neg = fb.ford_lt(bt, x, zero);
        let floor_y = fb.glsl(GlslStd450Op::Floor, t, &[y]);
        let integral = fb.ford_equal(bt, floor_y, y);
        let half_y = fb.fmul(t, y, half);
        let floor_half_y = fb.glsl(GlslStd450Op::Floor, t, &[half_y]);
        let half_fraction = fb.ford_not_equal(bt, floor_half_y, half_y);
        let odd = fb.logical_and(bt, integral, half_fraction);
        let sign = self.sign_bit(fb, ty, bt, x);
        let flip = fb.logical_and(bt, sign, odd);
        let negated = fb.fnegate(t, p);
        let p = fb.select(t, flip, negated, p);
        let not_integral = fb.logical_not(bt, integral);
        let x_finite_neg = {
            let x_inf = fb.is_inf(bt, x);
            let x_not_inf = fb.logical_not(bt, x_inf);
            fb.logical_and(bt, x_neg, x_not_inf)
        };
        let nan_case = fb.logical_and(bt, x_finite_neg, not_integral);
        let p = fb.select(t, nan_case, nan, p);
        // A NaN operand gives NaN (lavapipe's Pow gives 0 for a NaN base).
        let x_nan = fb.is_nan(bt, x);
        let y_nan = fb.is_nan(bt, y);
        let any_nan = fb.logical_or(bt, x_nan, y_nan);
        let sum = fb.fadd(t, x, y);
        let p = fb.select(t, any_nan, sum, p);
        // x^0 = 1 and 1^y = 1, even for a NaN x or y.
        let y_zero = fb.ford_equal(bt, y, zero);
        let x_one = fb.ford_equal(bt, x, one);
        let unit = fb.logical_or(bt, y_zero, x_one);
        Ok(fb.select(t, unit, one, p))
    }

    /// GLSL.std.450's Exp, Log, Pow, Tanh, Sin and Cos take 16- and 32-bit floats only: an f64
    /// one would be invalid SPIR-V (drivers compute garbage from it), so it is refused.
    fn no_f64(&self, op: &str) -> CompileError {
        CompileError::TargetLacks {
            op: op.into(),
            target: self.conversion.target.env.name.clone(),
            missing: "GLSL.std.450 has this function for 16- and 32-bit floats only, not f64"
                .into(),
        }
    }

    /// Whether the sign bit of float `x` (a scalar or vector of type `ty`) is set: also for
    /// -0, which compares equal to +0. Read from the bits of `x` converted to f32 (the conversion
    /// keeps every sign, zeros included), so no 16- or 64-bit integer type is needed.
    fn sign_bit(
        &mut self,
        fb: &mut FunctionBuilder<'_>,
        ty: k::Type,
        bt: TypeId,
        x: ValueId,
    ) -> ValueId {
        let f32_ty = fb.ty(SpvType::Float {
            width: 32,
            encoding: None,
        });
        let i32_ty = fb.ty_i32();
        let lanes = match ty {
            k::Type::Vector(_, w) => Some(w as u32),
            _ => None,
        };
        let (float_ty, int_ty) = match lanes {
            Some(w) => (fb.ty_vector(f32_ty, w), fb.ty_vector(i32_ty, w)),
            None => (f32_ty, i32_ty),
        };
        let x32 = if element(ty) == ScalarType::F32 {
            x
        } else {
            fb.fconvert(float_ty, x)
        };
        let bits = fb.bitcast(int_ty, x32);
        let zero = fb.constant_i32(0);
        let zero = match lanes {
            Some(w) => fb.composite_construct(int_ty, &vec![zero; w as usize]),
            None => zero,
        };
        fb.slt(bt, bits, zero)
    }
}

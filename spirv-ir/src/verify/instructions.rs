//! The type rules of instructions (`OpKind::Inst`) as spirv-val checks them, one function per
//! family: integer and float arithmetic, shifts, `Dot`; comparisons and logical ops;
//! conversions and bitcasts. Composites and memory are in `composites.rs`, cooperative
//! matrices and tensor layouts in `cooperative.rs`.

use super::*;

/// An instruction's operand and result types, for its type rules.
pub(super) struct InstTypes<'a, 'm> {
    pub(super) f: &'a Function,
    pub(super) op: OpId,
    pub(super) opcode: Op,
    pub(super) operands: &'a [Operand],
    /// The type of each operand that is a value.
    pub(super) vals: Vec<Option<&'m Type>>,
    /// The result type.
    pub(super) rt: Option<&'m Type>,
}

/// The component count of a vector type, 1 for anything else.
pub(super) fn count(t: Option<&Type>) -> u32 {
    match t {
        Some(Type::Vector { count, .. }) => *count,
        _ => 1,
    }
}

/// The bit width of a numeric scalar type.
pub(super) fn width(t: Option<&Type>) -> Option<u32> {
    match t {
        Some(Type::Int { width, .. } | Type::Float { width, .. }) => Some(*width),
        _ => None,
    }
}

impl<'m> Verifier<'m> {
    /// The component type of a vector type, the type itself otherwise.
    pub(super) fn scalar(&self, t: Option<&'m Type>) -> Option<&'m Type> {
        match t? {
            Type::Vector { component, .. } => self.ty(*component),
            other => Some(other),
        }
    }

    /// An error on the instruction `i`, naming its opcode.
    pub(super) fn bad(&mut self, i: &InstTypes<'_, 'm>, what: &str) {
        self.error(Some(i.f), Some(i.op), format!("{:?}: {what}", i.opcode));
    }

    pub(super) fn inst_types(
        &mut self,
        f: &Function,
        op: OpId,
        opcode: Op,
        operands: &[Operand],
        rt: Option<&'m Type>,
    ) {
        let vals: Vec<Option<&'m Type>> = operands
            .iter()
            .map(|o| match o {
                Operand::Value(v) => self.vty(f, *v),
                _ => None,
            })
            .collect();
        let i = InstTypes {
            f,
            op,
            opcode,
            operands,
            vals,
            rt,
        };
        // SPV_KHR_bfloat16 allows no arithmetic on bf16 scalars and vectors (only conversions,
        // memory, composite and cooperative-matrix instructions); spirv-val agrees.
        if is_float_arithmetic(opcode)
            && i.vals
                .iter()
                .chain(std::iter::once(&i.rt))
                .any(|t| self.scalar(*t) == Some(&Type::BF16))
        {
            self.bad(
                &i,
                "arithmetic on bf16 scalars or vectors is invalid (SPV_KHR_bfloat16); convert \
                 to f32 with FConvert first",
            );
            return;
        }
        let _ = self.arithmetic_types(&i)
            || self.logical_types(&i)
            || self.conversion_types(&i)
            || self.composite_types(&i)
            || self.memory_types(&i)
            || self.cooperative_types(&i);
    }

    /// Integer and float arithmetic, shifts, `Dot`, `VectorTimesScalar`.
    pub(super) fn arithmetic_types(&mut self, i: &InstTypes<'_, 'm>) -> bool {
        use Op::*;
        let (vals, rt) = (&i.vals, i.rt);
        match i.opcode {
            IAdd | ISub | IMul | UDiv | SDiv | UMod | SRem | SMod | BitwiseAnd | BitwiseOr
            | BitwiseXor => {
                if !matches!(self.scalar(rt), Some(Type::Int { .. }))
                    || vals.len() != 2
                    || vals.iter().any(|t| {
                        t.map(|t| count(Some(t))) != Some(count(rt))
                            || !matches!(self.scalar(*t), Some(Type::Int { .. }))
                            || width(self.scalar(*t)) != width(self.scalar(rt))
                    })
                {
                    self.bad(
                        i,
                        "needs integer operands and result with the same component count and width",
                    );
                }
            }
            FAdd | FSub | FMul | FDiv | FRem | FMod => {
                let coop = matches!(rt, Some(Type::CooperativeMatrix { .. }));
                if !coop
                    && (!matches!(self.scalar(rt), Some(Type::Float { .. }))
                        || vals.len() != 2
                        || vals.iter().any(|t| *t != rt))
                {
                    self.bad(i, "needs two float operands of the result type");
                }
            }
            FNegate => {
                if vals.len() != 1
                    || (vals[0] != rt && !matches!(rt, Some(Type::CooperativeMatrix { .. })))
                {
                    self.bad(i, "needs one operand of the result type");
                }
            }
            SNegate | Not => {
                let coop = matches!(rt, Some(Type::CooperativeMatrix { .. }));
                if vals.len() != 1
                    || (!coop
                        && (!matches!(self.scalar(rt), Some(Type::Int { .. }))
                            || !matches!(self.scalar(vals[0]), Some(Type::Int { .. }))
                            || count(vals[0]) != count(rt)
                            || width(self.scalar(vals[0])) != width(self.scalar(rt))))
                {
                    self.bad(
                        i,
                        "needs one integer operand with the result's component count and width",
                    );
                }
            }
            ShiftLeftLogical | ShiftRightLogical | ShiftRightArithmetic => {
                if !matches!(self.scalar(rt), Some(Type::Int { .. }))
                    || vals.len() != 2
                    || width(self.scalar(vals[0])) != width(self.scalar(rt))
                    || vals.iter().any(|t| {
                        count(*t) != count(rt) || !matches!(self.scalar(*t), Some(Type::Int { .. }))
                    })
                {
                    self.bad(i, "needs an integer base of the result's width and an integer shift, both                          with the result's component count",
                    );
                }
            }
            Dot => {
                let ok = vals.len() == 2
                    && vals[0] == vals[1]
                    && matches!(vals[0], Some(Type::Vector { .. }))
                    && self.scalar(vals[0]) == rt
                    && matches!(rt, Some(Type::Float { .. }));
                if !ok {
                    self.bad(
                        i,
                        "needs two float vectors of one type whose component type is the result",
                    );
                }
            }
            VectorTimesScalar => {
                let ok = vals.len() == 2
                    && matches!(rt, Some(Type::Vector { .. }))
                    && matches!(self.scalar(rt), Some(Type::Float { .. }))
                    && vals[0] == rt
                    && vals[1] == self.scalar(rt);
                if !ok {
                    self.bad(i, "needs a float vector of the result type and a scalar of its component type",
                    );
                }
            }
            _ => return false,
        }
        true
    }

    /// Comparisons, logical ops, `Select`, `IsNan` / `IsInf`, `Any` / `All`.
    pub(super) fn logical_types(&mut self, i: &InstTypes<'_, 'm>) -> bool {
        use Op::*;
        let (vals, rt) = (&i.vals, i.rt);
        match i.opcode {
            IEqual
            | INotEqual
            | ULessThan
            | ULessThanEqual
            | UGreaterThan
            | UGreaterThanEqual
            | SLessThan
            | SLessThanEqual
            | SGreaterThan
            | SGreaterThanEqual
            | FOrdEqual
            | FOrdNotEqual
            | FOrdLessThan
            | FOrdLessThanEqual
            | FOrdGreaterThan
            | FOrdGreaterThanEqual
            | FUnordEqual
            | FUnordNotEqual
            | FUnordLessThan
            | FUnordLessThanEqual
            | FUnordGreaterThan
            | FUnordGreaterThanEqual => {
                if self.scalar(rt) != Some(&Type::Bool)
                    || vals.len() != 2
                    || vals[0] != vals[1]
                    || count(vals[0]) != count(rt)
                {
                    self.bad(
                        i,
                        "compares two operands of one type into bools of the same component count",
                    );
                }
            }
            LogicalAnd | LogicalOr | LogicalEqual | LogicalNotEqual => {
                if self.scalar(rt) != Some(&Type::Bool) || vals.iter().any(|t| *t != rt) {
                    self.bad(i, "needs bool operands of the result type");
                }
            }
            Select => {
                if vals.len() != 3
                    || self.scalar(vals[0]) != Some(&Type::Bool)
                    || vals[1] != rt
                    || vals[2] != rt
                {
                    self.bad(
                        i,
                        "needs a bool condition and two operands of the result type",
                    );
                }
            }
            IsNan | IsInf => {
                if self.scalar(rt) != Some(&Type::Bool)
                    || vals.len() != 1
                    || !matches!(self.scalar(vals[0]), Some(Type::Float { .. }))
                    || count(vals[0]) != count(rt)
                {
                    self.bad(
                        i,
                        "tests a float operand into bools of the same component count",
                    );
                }
            }
            Any | All => {
                if rt != Some(&Type::Bool)
                    || vals.len() != 1
                    || !matches!(vals[0], Some(Type::Vector { .. }))
                    || self.scalar(vals[0]) != Some(&Type::Bool)
                {
                    self.bad(i, "reduces a bool vector to a bool");
                }
            }
            LogicalNot => {
                if self.scalar(rt) != Some(&Type::Bool) || vals.len() != 1 || vals[0] != rt {
                    self.bad(i, "needs one bool operand of the result type");
                }
            }
            _ => return false,
        }
        true
    }

    /// Conversions and `Bitcast`.
    pub(super) fn conversion_types(&mut self, i: &InstTypes<'_, 'm>) -> bool {
        use Op::*;
        let (opcode, vals, rt) = (i.opcode, &i.vals, i.rt);
        match i.opcode {
            ConvertFToU | ConvertFToS | ConvertSToF | ConvertUToF | UConvert | SConvert
            | FConvert
                if !matches!(rt, Some(Type::CooperativeMatrix { .. })) =>
            {
                let (from_float, to_float) = match opcode {
                    ConvertFToU | ConvertFToS => (true, false),
                    ConvertSToF | ConvertUToF => (false, true),
                    UConvert | SConvert => (false, false),
                    _ => (true, true),
                };
                let is = |t: Option<&'m Type>, float: bool| {
                    if float {
                        matches!(t, Some(Type::Float { .. }))
                    } else {
                        matches!(t, Some(Type::Int { .. }))
                    }
                };
                if vals.len() != 1
                    || !is(self.scalar(rt), to_float)
                    || !is(self.scalar(vals[0]), from_float)
                    || count(vals[0]) != count(rt)
                {
                    let kind = |float: bool| if float { "float" } else { "integer" };
                    let article = |float: bool| if float { "a" } else { "an" };
                    self.bad(
                        i,
                        &format!(
                            "converts one {} operand into {} {} result with the same component \
                             count",
                            kind(from_float),
                            article(to_float),
                            kind(to_float)
                        ),
                    );
                }
            }
            Bitcast => {
                let bits = |t: Option<&'m Type>| match (self.scalar(t), t) {
                    (Some(Type::Int { width, .. } | Type::Float { width, .. }), _) => {
                        Some(width * count(t))
                    }
                    _ => None,
                };
                // Pointers and cooperative matrices have rules of their own; numeric values keep
                // their total bit count.
                if let (Some(a), Some(b)) = (bits(rt), vals.first().and_then(|t| bits(*t))) {
                    if a != b || vals.len() != 1 {
                        self.bad(i, "keeps the total bit count of its operand");
                    }
                }
            }
            _ => return false,
        }
        true
    }
}

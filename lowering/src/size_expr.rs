//! `SizeExpr`: sizes, strides, offsets and workgroup counts as expressions over the program's
//! symbolic dimensions. Shared by the kernel IR (view shapes, push constants) and the output
//! contract (`program.rs`: buffer sizes, workgroup counts), so the runtime can evaluate them once
//! the symbol values are known from the input shapes.

use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::fmt;

/// An integer expression over named symbolic dimensions. Constructors fold constants, so a
/// fully static expression is always a single `Const`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SizeExpr {
    Const(i64),
    /// A symbolic dimension, by its name in `CompiledProgram::symbols`.
    Symbol(String),
    Add(Box<SizeExpr>, Box<SizeExpr>),
    Sub(Box<SizeExpr>, Box<SizeExpr>),
    Mul(Box<SizeExpr>, Box<SizeExpr>),
    /// Floor division; the divisor is positive.
    Div(Box<SizeExpr>, Box<SizeExpr>),
    /// Ceiling division; the divisor is positive.
    CeilDiv(Box<SizeExpr>, Box<SizeExpr>),
    Min(Box<SizeExpr>, Box<SizeExpr>),
    Max(Box<SizeExpr>, Box<SizeExpr>),
}

/// A symbol had no value when an expression was evaluated.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("symbolic dimension `{0}` has no value")]
pub struct UnboundSymbol(pub String);

// Named like the std::ops traits on purpose: they fold constants as they build.
#[allow(clippy::should_implement_trait)]
impl SizeExpr {
    pub fn sym(name: impl Into<String>) -> Self {
        SizeExpr::Symbol(name.into())
    }
    pub fn as_const(&self) -> Option<i64> {
        match self {
            SizeExpr::Const(c) => Some(*c),
            _ => None,
        }
    }
    pub fn is_const(&self, value: i64) -> bool {
        self.as_const() == Some(value)
    }
    /// Whether the value is a multiple of `d` (> 0) for every value of its symbols: a constant
    /// multiple, a product with such a factor, a sum or difference of such terms (`false`
    /// where that is not evident).
    pub fn is_multiple_of(&self, d: i64) -> bool {
        match self {
            SizeExpr::Const(c) => c % d == 0,
            SizeExpr::Mul(a, b) => a.is_multiple_of(d) || b.is_multiple_of(d),
            SizeExpr::Add(a, b) | SizeExpr::Sub(a, b) => a.is_multiple_of(d) && b.is_multiple_of(d),
            _ => false,
        }
    }
    pub fn add(self, rhs: SizeExpr) -> SizeExpr {
        match (self.as_const(), rhs.as_const()) {
            (Some(a), Some(b)) => SizeExpr::Const(a + b),
            (Some(0), _) => rhs,
            (_, Some(0)) => self,
            _ => SizeExpr::Add(Box::new(self), Box::new(rhs)),
        }
    }
    pub fn sub(self, rhs: SizeExpr) -> SizeExpr {
        match (self.as_const(), rhs.as_const()) {
            (Some(a), Some(b)) => SizeExpr::Const(a - b),
            (_, Some(0)) => self,
            _ => SizeExpr::Sub(Box::new(self), Box::new(rhs)),
        }
    }
    pub fn mul(self, rhs: SizeExpr) -> SizeExpr {
        match (self.as_const(), rhs.as_const()) {
            (Some(a), Some(b)) => SizeExpr::Const(a * b),
            (Some(0), _) | (_, Some(0)) => SizeExpr::Const(0),
            (Some(1), _) => rhs,
            (_, Some(1)) => self,
            _ => SizeExpr::Mul(Box::new(self), Box::new(rhs)),
        }
    }
    pub fn div(self, rhs: SizeExpr) -> SizeExpr {
        match (self.as_const(), rhs.as_const()) {
            (Some(a), Some(b)) if b > 0 => SizeExpr::Const(a.div_euclid(b)),
            (_, Some(1)) => self,
            _ => SizeExpr::Div(Box::new(self), Box::new(rhs)),
        }
    }
    pub fn ceil_div(self, rhs: SizeExpr) -> SizeExpr {
        match (self.as_const(), rhs.as_const()) {
            (Some(a), Some(b)) if b > 0 => SizeExpr::Const((a + b - 1).div_euclid(b)),
            (_, Some(1)) => self,
            _ => SizeExpr::CeilDiv(Box::new(self), Box::new(rhs)),
        }
    }
    pub fn min(self, rhs: SizeExpr) -> SizeExpr {
        match (self.as_const(), rhs.as_const()) {
            (Some(a), Some(b)) => SizeExpr::Const(a.min(b)),
            _ if self == rhs => self,
            _ => SizeExpr::Min(Box::new(self), Box::new(rhs)),
        }
    }
    pub fn max(self, rhs: SizeExpr) -> SizeExpr {
        match (self.as_const(), rhs.as_const()) {
            (Some(a), Some(b)) => SizeExpr::Const(a.max(b)),
            _ if self == rhs => self,
            _ => SizeExpr::Max(Box::new(self), Box::new(rhs)),
        }
    }
    /// The product of `factors` (1 when empty).
    pub fn product<'a>(factors: impl IntoIterator<Item = &'a SizeExpr>) -> SizeExpr {
        factors
            .into_iter()
            .fold(SizeExpr::Const(1), |acc, f| acc.mul(f.clone()))
    }

    /// Evaluates with the given symbol values.
    pub fn eval(&self, symbols: &HashMap<String, i64>) -> Result<i64, UnboundSymbol> {
        Ok(match self {
            SizeExpr::Const(c) => *c,
            SizeExpr::Symbol(s) => *symbols.get(s).ok_or_else(|| UnboundSymbol(s.clone()))?,
            SizeExpr::Add(a, b) => a.eval(symbols)? + b.eval(symbols)?,
            SizeExpr::Sub(a, b) => a.eval(symbols)? - b.eval(symbols)?,
            SizeExpr::Mul(a, b) => a.eval(symbols)? * b.eval(symbols)?,
            SizeExpr::Div(a, b) => a.eval(symbols)?.div_euclid(b.eval(symbols)?.max(1)),
            SizeExpr::CeilDiv(a, b) => {
                let d = b.eval(symbols)?.max(1);
                (a.eval(symbols)? + d - 1).div_euclid(d)
            }
            SizeExpr::Min(a, b) => a.eval(symbols)?.min(b.eval(symbols)?),
            SizeExpr::Max(a, b) => a.eval(symbols)?.max(b.eval(symbols)?),
        })
    }

    /// The symbols this expression mentions, in first-use order, without repeats.
    pub fn symbols(&self) -> Vec<String> {
        let mut out = Vec::new();
        self.collect_symbols(&mut out);
        out
    }
    fn collect_symbols(&self, out: &mut Vec<String>) {
        match self {
            SizeExpr::Const(_) => {}
            SizeExpr::Symbol(s) => {
                if !out.contains(s) {
                    out.push(s.clone())
                }
            }
            SizeExpr::Add(a, b)
            | SizeExpr::Sub(a, b)
            | SizeExpr::Mul(a, b)
            | SizeExpr::Div(a, b)
            | SizeExpr::CeilDiv(a, b)
            | SizeExpr::Min(a, b)
            | SizeExpr::Max(a, b) => {
                a.collect_symbols(out);
                b.collect_symbols(out);
            }
        }
    }
}

impl From<i64> for SizeExpr {
    fn from(value: i64) -> Self {
        SizeExpr::Const(value)
    }
}

impl fmt::Display for SizeExpr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SizeExpr::Const(c) => write!(f, "{c}"),
            SizeExpr::Symbol(s) => write!(f, "{s}"),
            SizeExpr::Add(a, b) => write!(f, "({a} + {b})"),
            SizeExpr::Sub(a, b) => write!(f, "({a} - {b})"),
            SizeExpr::Mul(a, b) => write!(f, "({a} * {b})"),
            SizeExpr::Div(a, b) => write!(f, "({a} floordiv {b})"),
            SizeExpr::CeilDiv(a, b) => write!(f, "({a} ceildiv {b})"),
            SizeExpr::Min(a, b) => write!(f, "min({a}, {b})"),
            SizeExpr::Max(a, b) => write!(f, "max({a}, {b})"),
        }
    }
}

/// The strides of a row-major buffer of `shape` (in elements).
pub fn row_major_strides(shape: &[SizeExpr]) -> Vec<SizeExpr> {
    let mut strides = vec![SizeExpr::Const(1); shape.len()];
    for d in (0..shape.len().saturating_sub(1)).rev() {
        strides[d] = strides[d + 1].clone().mul(shape[d + 1].clone());
    }
    strides
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constants_fold_and_symbols_evaluate() {
        let n = SizeExpr::sym("N");
        assert_eq!(
            SizeExpr::Const(6).mul(SizeExpr::Const(7)),
            SizeExpr::Const(42)
        );
        assert_eq!(n.clone().mul(SizeExpr::Const(1)), n);
        let e = n
            .clone()
            .mul(SizeExpr::Const(3))
            .ceil_div(SizeExpr::Const(64));
        let values = HashMap::from([("N".to_string(), 100)]);
        assert_eq!(e.eval(&values), Ok(5));
        assert_eq!(e.to_string(), "((N * 3) ceildiv 64)");
        assert_eq!(e.eval(&HashMap::new()), Err(UnboundSymbol("N".into())));
    }
}

//! The pieces the recurrent ops' layers and cells share: the activation functions, the clip,
//! the inputs of one elementwise generic, and the shape of one layer.

use crate::builder::BodyBuilder;
use crate::onnx::context::R;
use crate::syntax::*;

/// An activation function of the recurrent ops' `activations` list, with its alpha and beta.
#[derive(Clone, Copy, Debug)]
pub(super) enum Activation {
    Sigmoid,
    Tanh,
    Relu,
    Affine(f64, f64),
    LeakyRelu(f64),
    ThresholdedRelu(f64),
    ScaledTanh(f64, f64),
    HardSigmoid(f64, f64),
    Elu(f64),
    Softsign,
    Softplus,
}

impl Activation {
    /// Parses one name, taking its alpha / beta from the front of the attribute lists (the
    /// lists are consumed in order by the activations that take them).
    pub(super) fn parse(
        name: &str,
        alphas: &mut impl Iterator<Item = f64>,
        betas: &mut impl Iterator<Item = f64>,
    ) -> R<Self> {
        let mut alpha = |default: f64| alphas.next().unwrap_or(default);
        Ok(match name.to_ascii_lowercase().as_str() {
            "sigmoid" => Activation::Sigmoid,
            "tanh" => Activation::Tanh,
            "relu" => Activation::Relu,
            "affine" => Activation::Affine(alpha(1.0), betas.next().unwrap_or(0.0)),
            "leakyrelu" => Activation::LeakyRelu(alpha(0.01)),
            "thresholdedrelu" => Activation::ThresholdedRelu(alpha(1.0)),
            "scaledtanh" => Activation::ScaledTanh(alpha(1.0), betas.next().unwrap_or(1.0)),
            "hardsigmoid" => Activation::HardSigmoid(alpha(0.2), betas.next().unwrap_or(0.5)),
            "elu" => Activation::Elu(alpha(1.0)),
            "softsign" => Activation::Softsign,
            "softplus" => Activation::Softplus,
            _ => return Err(format!("unsupported attribute: activations = '{name}'")),
        })
    }

    pub(super) fn apply(self, b: &mut BodyBuilder, x: ScalarRef, t: DType) -> ScalarRef {
        let mul = |b: &mut BodyBuilder, x: ScalarRef, k: f64| {
            let k = b.constant(k, t);
            b.push(ScalarOp::MulF, &[x, k], t)
        };
        match self {
            Activation::Sigmoid => sigmoid(b, x, t),
            Activation::Tanh => b.push(ScalarOp::Tanh, &[x], t),
            Activation::Relu => {
                let z = b.constant(0.0, t);
                b.push(ScalarOp::MaximumF, &[x, z], t)
            }
            Activation::Affine(alpha, beta) => {
                let ax = mul(b, x, alpha);
                let be = b.constant(beta, t);
                b.push(ScalarOp::AddF, &[ax, be], t)
            }
            Activation::LeakyRelu(alpha) => {
                let z = b.constant(0.0, t);
                let neg = b.push(ScalarOp::CmpF(CmpFPredicate::Olt), &[x, z], DType::I1);
                let ax = mul(b, x, alpha);
                b.push(ScalarOp::Select, &[neg, ax, x], t)
            }
            Activation::ThresholdedRelu(alpha) => {
                let a = b.constant(alpha, t);
                let above = b.push(ScalarOp::CmpF(CmpFPredicate::Ogt), &[x, a], DType::I1);
                let z = b.constant(0.0, t);
                b.push(ScalarOp::Select, &[above, x, z], t)
            }
            Activation::ScaledTanh(alpha, beta) => {
                let bx = mul(b, x, beta);
                let th = b.push(ScalarOp::Tanh, &[bx], t);
                mul(b, th, alpha)
            }
            Activation::HardSigmoid(alpha, beta) => {
                let ax = mul(b, x, alpha);
                let be = b.constant(beta, t);
                let y = b.push(ScalarOp::AddF, &[ax, be], t);
                let one = b.constant(1.0, t);
                let z = b.constant(0.0, t);
                let y = b.push(ScalarOp::MinimumF, &[y, one], t);
                b.push(ScalarOp::MaximumF, &[y, z], t)
            }
            Activation::Elu(alpha) => {
                let z = b.constant(0.0, t);
                let neg = b.push(ScalarOp::CmpF(CmpFPredicate::Olt), &[x, z], DType::I1);
                let ex = b.push(ScalarOp::Exp, &[x], t);
                let one = b.constant(1.0, t);
                let em1 = b.push(ScalarOp::SubF, &[ex, one], t);
                let y = mul(b, em1, alpha);
                b.push(ScalarOp::Select, &[neg, y, x], t)
            }
            Activation::Softsign => {
                let ab = b.push(ScalarOp::AbsF, &[x], t);
                let one = b.constant(1.0, t);
                let den = b.push(ScalarOp::AddF, &[one, ab], t);
                b.push(ScalarOp::DivF, &[x, den], t)
            }
            Activation::Softplus => {
                let ex = b.push(ScalarOp::Exp, &[x], t);
                let one = b.constant(1.0, t);
                let s = b.push(ScalarOp::AddF, &[ex, one], t);
                b.push(ScalarOp::Log, &[s], t)
            }
        }
    }
}

pub(super) fn sigmoid(b: &mut BodyBuilder, x: ScalarRef, t: DType) -> ScalarRef {
    let ng = b.push(ScalarOp::NegF, &[x], t);
    let ex = b.push(ScalarOp::Exp, &[ng], t);
    let one = b.constant(1.0, t);
    let den = b.push(ScalarOp::AddF, &[one, ex], t);
    b.push(ScalarOp::DivF, &[one, den], t)
}

/// `min(max(x, -clip), clip)` when a clip is set.
pub(super) fn clipped(b: &mut BodyBuilder, x: ScalarRef, clip: Option<f64>, t: DType) -> ScalarRef {
    match clip {
        None => x,
        Some(c) => {
            let lo = b.constant(-c, t);
            let hi = b.constant(c, t);
            let y = b.push(ScalarOp::MaximumF, &[x, lo], t);
            b.push(ScalarOp::MinimumF, &[y, hi], t)
        }
    }
}

/// The inputs of one elementwise generic, collected with their positions.
#[derive(Default)]
pub(super) struct Inputs(pub(super) Vec<ValueId>);

impl Inputs {
    pub(super) fn add(&mut self, v: ValueId) -> usize {
        self.0.push(v);
        self.0.len() - 1
    }

    pub(super) fn opt(&mut self, v: Option<ValueId>) -> Option<usize> {
        v.map(|v| self.add(v))
    }
}

/// `a + b` in a body, `b` optional.
pub(super) fn add_opt(
    b: &mut BodyBuilder,
    a: ScalarRef,
    x: Option<ScalarRef>,
    t: DType,
) -> ScalarRef {
    match x {
        Some(x) => b.push(ScalarOp::AddF, &[a, x], t),
        None => a,
    }
}

/// The shape of one recurrent node and the attributes shared by the three ops.
pub(super) struct Layer {
    pub(super) dtype: DType,
    pub(super) batch: u64,
    pub(super) hidden: u64,
    pub(super) clip: Option<f64>,
    /// `sequence_lens`, when some entry is shorter than `steps`.
    pub(super) lens: Option<Vec<u64>>,
}

impl Layer {
    /// `[B, 1]` bools: which batch entries are still running at processing step `s`; `None`
    /// when all are.
    pub(super) fn running(&self, s: u64) -> Option<Vec<bool>> {
        let lens = self.lens.as_ref()?;
        let running: Vec<bool> = lens.iter().map(|&l| s < l).collect();
        (!running.iter().all(|&r| r)).then_some(running)
    }

    pub(super) fn bh(&self) -> TensorType {
        TensorType::of(&[self.batch, self.hidden], self.dtype)
    }
}

//! Comparisons, boolean logic and `Where`: elementwise `linalg.generic`s with numpy broadcasting
//! whose results (or, for `Where`, condition) are i1 tensors. Booleans are stored on the device
//! as 32-bit words (`TargetEnv::storage_type`), so these run there like any elementwise op.
//!
//! Equal / Less / Greater / LessOrEqual / GreaterOrEqual compare floats with ordered predicates
//! (NaN compares false) and integers signed (uint64, held in i64, as unsigned); Equal also takes
//! bools. And / Or / Xor / Not take
//! bools only, as ONNX says.

use super::context::{e, required, Importer, NodeRef, R};
use crate::syntax::*;

pub(super) fn import(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    match n.op_type {
        "Not" => {
            let x = bool_operand(im, n, 0)?;
            e(im.b.elementwise_with(&[x], DType::I1, |b, a| {
                let t = b.constant(1.0, DType::I1);
                b.push(ScalarOp::XOrI, &[a[0], t], DType::I1)
            }))
        }
        "And" | "Or" | "Xor" => {
            let a = bool_operand(im, n, 0)?;
            let b = bool_operand(im, n, 1)?;
            let op = match n.op_type {
                "And" => ScalarOp::AndI,
                "Or" => ScalarOp::OrI,
                _ => ScalarOp::XOrI,
            };
            e(im.b.elementwise(op, &[a, b]))
        }
        "Where" => {
            let c = bool_operand(im, n, 0)?;
            let x = im.value(required(n, 1)?)?;
            let y = im.value(required(n, 2)?)?;
            let (tx, ty) = (im.b.value_type(x).dtype(), im.b.value_type(y).dtype());
            if tx != ty {
                return Err(format!("operand types differ: {tx} and {ty}"));
            }
            e(im.b.elementwise(ScalarOp::Select, &[c, x, y]))
        }
        _ => compare(im, n),
    }
}

fn bool_operand(im: &mut Importer, n: &NodeRef, i: usize) -> R<ValueId> {
    let v = im.value(required(n, i)?)?;
    let dtype = im.b.value_type(v).dtype();
    if dtype != DType::I1 {
        return Err(format!("input #{i} is {dtype}, not bool"));
    }
    Ok(v)
}

fn compare(im: &mut Importer, n: &NodeRef) -> R<ValueId> {
    let a = im.value(required(n, 0)?)?;
    let b = im.value(required(n, 1)?)?;
    let (ta, tb) = (im.b.value_type(a).dtype(), im.b.value_type(b).dtype());
    if ta != tb {
        return Err(format!("operand types differ: {ta} and {tb}"));
    }
    let (f, i) = match n.op_type {
        "Equal" => (CmpFPredicate::Oeq, CmpIPredicate::Eq),
        "Less" => (CmpFPredicate::Olt, CmpIPredicate::Slt),
        "Greater" => (CmpFPredicate::Ogt, CmpIPredicate::Sgt),
        "LessOrEqual" => (CmpFPredicate::Ole, CmpIPredicate::Sle),
        "GreaterOrEqual" => (CmpFPredicate::Oge, CmpIPredicate::Sge),
        other => return Err(format!("no handler for {other}")),
    };
    if ta == DType::I1 {
        if n.op_type != "Equal" {
            return Err(format!("{} of bool is not supported", n.op_type));
        }
        // a == b is not (a xor b): the integer comparisons take no i1.
        return e(im.b.elementwise_with(&[a, b], DType::I1, |b, x| {
            let d = b.push(ScalarOp::XOrI, &[x[0], x[1]], DType::I1);
            let t = b.constant(1.0, DType::I1);
            b.push(ScalarOp::XOrI, &[d, t], DType::I1)
        }));
    }
    if ta.is_float() {
        return e(im.b.elementwise(ScalarOp::CmpF(f), &[a, b]));
    }
    // uint64 is held in i64, where a wrapped value of 2^63 or more reads as negative: where the
    // signs differ, the negative one is the larger (selects and signed compares, exact in the
    // interpreter's f64 too, and on the device, whose compares follow the operand type).
    let unsigned64 = n.input_types.first().copied().flatten()
        == Some(super::proto::tensor_proto::DataType::Uint64)
        && !matches!(i, CmpIPredicate::Eq | CmpIPredicate::Ne);
    e(im.b.elementwise_with(&[a, b], DType::I1, |b, x| {
        let signed = b.push(ScalarOp::CmpI(i), &[x[0], x[1]], DType::I1);
        if !unsigned64 {
            return signed;
        }
        let zero = b.constant(0.0, ta);
        let lt = CmpIPredicate::Slt;
        let big_a = b.push(ScalarOp::CmpI(lt), &[x[0], zero], DType::I1);
        let big_b = b.push(ScalarOp::CmpI(lt), &[x[1], zero], DType::I1);
        let differ = b.push(ScalarOp::XOrI, &[big_a, big_b], DType::I1);
        let mixed = match i {
            CmpIPredicate::Slt | CmpIPredicate::Sle => big_b,
            _ => big_a,
        };
        b.push(ScalarOp::Select, &[differ, mixed, signed], DType::I1)
    }))
}

//! OptionalHasElement and OptionalGetElement on plain tensors.
//!
//! kiln has no optional-typed values: a graph input of type optional(tensor) is read as the
//! tensor when it has a value, and as an omitted input when `ImportOptions::absent_inputs` (`kiln
//! run --absent NAME`) says it is empty (`graph.rs`); optional(sequence) and sequence inputs are
//! refused there. What remains are the forms ONNX allows on tensors: a tensor input is always
//! present, so OptionalHasElement is a `true` bool scalar constant and OptionalGetElement passes
//! its input through; an omitted input (an empty name, no input at all, or an absent optional
//! graph input) is absent, so OptionalHasElement is `false` and OptionalGetElement has nothing
//! to return (an error naming the node).

use super::context::{konst, required, Entry, Importer, NodeRef, R};
use crate::interp::Tensor;
use crate::syntax::DType;

pub(super) fn import(_: &mut Importer, n: &NodeRef) -> R<Vec<Entry>> {
    match n.op_type {
        "OptionalHasElement" => {
            let present = n.input(0).is_some();
            let t = Tensor::from_vec(DType::I1, &[], vec![f64::from(u8::from(present))])
                .map_err(|e| e.to_string())?;
            Ok(vec![konst(t)])
        }
        "OptionalGetElement" => Ok(vec![required(n, 0)
            .map_err(|_| "OptionalGetElement of an absent (omitted) input has no element")?
            .clone()]),
        other => Err(format!("no handler for {other}")),
    }
}

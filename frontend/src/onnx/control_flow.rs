//! `Loop` and `Scan` by unrolling at import (`If` is inlined by `graph::inline_if`).
//!
//! Kiln's IR has no loops over tensors: the body graph is imported once per iteration, reading
//! the enclosing graph's names (as `If`'s branches do), with the loop-carried values of the
//! previous iteration bound to the body's inputs. Scan outputs are the per-iteration values
//! stacked along their axis (unsqueeze + `tensor.concat`; host stacking for constants).
//!
//! - Loop: the trip count `M` must be a constant (or fold to one; computed from graph inputs,
//!   `kiln run` specializes on their values) and so must every iteration's condition. A loop
//!   with neither `M` nor a condition, a condition computed from data, or more than
//!   [`MAX_UNROLL`] iterations is refused, naming the input. A scan output of a loop that runs
//!   zero times has no known shape: refused.
//! - Scan (opsets 8 and 9+): the sequence length is the static size of the scan inputs' axis;
//!   `scan_input_axes` / `scan_output_axes` / directions (reverse = iterate from the end, or
//!   stack in reverse) are honoured. Opset 8's batch dim is unrolled too (the body sees one
//!   batch entry); its `sequence_lens` input must be omitted or equal to the full length.
//!
//! The unrolled IR is as large as the loop: fine for the short recurrences of the node suite
//! and of decode steps, not for thousands of iterations.

use std::collections::HashMap;

use ndarray::Axis;

use super::context::{add_initializers, e, konst, norm_axis, Entry, Importer, NodeRef, Scope};
use super::error::ImportError;
use super::graph::{check_ops, import_nodes};
use super::ops::reshape_entry;
use super::proto::GraphProto;
use crate::interp::Tensor;
use crate::syntax::*;

/// The most iterations kiln unrolls.
pub(super) const MAX_UNROLL: usize = 4096;

/// The node being inlined, for errors and for importing its subgraphs.
pub(super) struct Ctx<'a, 'g, 'p> {
    pub(super) scope: &'a Scope<'g, 'p>,
    pub(super) node_name: String,
    pub(super) op_type: &'static str,
}

impl<'a, 'g, 'p> Ctx<'a, 'g, 'p> {
    /// The context of node `n` (operator `op_type`) in `scope`.
    pub(super) fn new(scope: &'a Scope<'g, 'p>, n: &NodeRef, op_type: &'static str) -> Self {
        Ctx {
            scope,
            node_name: n.proto.name.clone().unwrap_or_default(),
            op_type,
        }
    }

    pub(super) fn err(&self, message: impl Into<String>) -> ImportError {
        ImportError::Node {
            node: self.node_name.clone(),
            op_type: self.op_type.into(),
            opset: self.scope.opset,
            message: message.into(),
        }
    }

    /// A refusal because input `i` is computed: `InputValueNeeded` when it comes from graph
    /// inputs (so `kiln run` can specialize on them).
    fn needs_constant(&self, n: &NodeRef, i: usize, message: String) -> ImportError {
        let inputs = n
            .proto
            .input
            .get(i)
            .map(|c| self.scope.graph_inputs_feeding(c))
            .unwrap_or_default();
        if inputs.is_empty() {
            return self.err(message);
        }
        ImportError::InputValueNeeded {
            node: self.node_name.clone(),
            op_type: self.op_type.into(),
            opset: self.scope.opset,
            message,
            inputs,
        }
    }

    fn body<'n>(&self, n: &'n NodeRef) -> Result<&'n GraphProto, ImportError> {
        let body = n
            .attr("body")
            .and_then(|a| a.g.as_ref())
            .ok_or_else(|| self.err("missing attribute 'body'"))?;
        check_ops(body, self.scope.opset, self.scope.domains)?;
        Ok(body)
    }

    /// Imports `body` once with its inputs bound to `inputs`, returning its outputs.
    pub(super) fn run_body(
        &self,
        im: &mut Importer,
        env: &HashMap<String, Entry>,
        body: &GraphProto,
        inputs: Vec<Entry>,
    ) -> Result<Vec<Entry>, ImportError> {
        if body.input.len() != inputs.len() {
            return Err(self.err(format!(
                "the body takes {} inputs, the node gives it {}",
                body.input.len(),
                inputs.len()
            )));
        }
        let mut inner = env.clone();
        for (input, value) in body.input.iter().zip(inputs) {
            inner.insert(input.name.clone().unwrap_or_default(), value);
        }
        add_initializers(body, self.scope.base_dir, &mut inner, &mut im.elem_types)?;
        let child = Scope {
            graph: body,
            opset: self.scope.opset,
            domains: self.scope.domains,
            base_dir: self.scope.base_dir,
            parent: Some(self.scope),
        };
        import_nodes(im, &mut inner, &child)?;
        body.output
            .iter()
            .map(|o| {
                let name = o.name.clone().unwrap_or_default();
                inner
                    .get(&name)
                    .cloned()
                    .ok_or_else(|| self.err(format!("body output '{name}' is never computed")))
            })
            .collect()
    }
}

fn static_shape(im: &Importer, x: &Entry) -> Result<Vec<u64>, String> {
    let t = im.ty(x);
    t.static_shape()
        .ok_or_else(|| format!("{t} must have a static shape"))
}

/// `x[.., i, ..]` (index `i` of `axis`, the axis removed).
pub(super) fn take(im: &mut Importer, x: &Entry, axis: usize, i: u64) -> Result<Entry, String> {
    if let Entry::Const(c) = x {
        let t = Tensor::new(
            c.dtype,
            c.data.index_axis(Axis(axis), i as usize).to_owned(),
        );
        return Ok(konst(t));
    }
    let shape = static_shape(im, x)?;
    let mut offsets = vec![0; shape.len()];
    offsets[axis] = i;
    let mut sizes = shape.clone();
    sizes[axis] = 1;
    let v = im.value(x)?;
    let s =
        e(im.b.extract_slice(v, &offsets, &sizes, &vec![1; shape.len()]))?;
    let mut out: Vec<Dim> = shape.iter().map(|&d| Dim::Static(d)).collect();
    out.remove(axis);
    reshape_entry(im, &Entry::Value(s), &out)
}

/// The items stacked along a new dim `axis`.
pub(super) fn stack(im: &mut Importer, items: &[Entry], axis: usize) -> Result<Entry, String> {
    let first = items.first().ok_or("nothing to stack")?;
    let t = im.ty(first);
    if items.iter().any(|x| im.ty(x) != t) {
        return Err(format!(
            "the iterations' scan outputs differ in type (the first is {t})"
        ));
    }
    if items.iter().all(|x| matches!(x, Entry::Const(_))) {
        let views: Vec<_> = items
            .iter()
            .map(|x| match x {
                Entry::Const(c) => c.data.view(),
                Entry::Value(_) => unreachable!("all constants"),
            })
            .collect();
        let data = ndarray::stack(Axis(axis), &views).map_err(|e| e.to_string())?;
        return Ok(konst(Tensor::new(t.dtype, data)));
    }
    let mut shape = t.shape.clone();
    shape.insert(axis, Dim::Static(1));
    let mut values = Vec::new();
    for x in items {
        let r = reshape_entry(im, x, &shape)?;
        values.push(im.value(&r)?);
    }
    if values.len() == 1 {
        return Ok(Entry::Value(values[0]));
    }
    Ok(Entry::Value(e(im.b.concat(&values, axis))?))
}

fn scalar_const(x: &Entry) -> Option<f64> {
    match x {
        Entry::Const(c) => c.data.iter().next().copied(),
        Entry::Value(_) => None,
    }
}

pub(super) fn inline_loop(
    im: &mut Importer,
    env: &HashMap<String, Entry>,
    scope: &Scope,
    n: &NodeRef,
) -> Result<Vec<Entry>, ImportError> {
    let cx = Ctx::new(scope, n, "Loop");
    let body = cx.body(n)?;
    let trip_count = match n.input(0) {
        None => None,
        Some(x) => match scalar_const(x) {
            Some(m) => Some(m.max(0.0) as u64),
            None => {
                return Err(cx.needs_constant(
                    n,
                    0,
                    "the trip count M (input #0) must be a constant: kiln unrolls loops".into(),
                ))
            }
        },
    };
    let mut cond = match n.input(1) {
        None => true,
        Some(x) => match scalar_const(x) {
            Some(c) => c != 0.0,
            None => {
                return Err(cx.needs_constant(
                    n,
                    1,
                    "the condition (input #1) must be a constant: kiln unrolls loops".into(),
                ))
            }
        },
    };
    if trip_count.is_none() && n.input(1).is_none() {
        return Err(cx.err("a loop with neither a trip count nor a condition never ends"));
    }
    let carried_count = n.inputs.len().saturating_sub(2);
    let mut carried: Vec<Entry> = Vec::with_capacity(carried_count);
    for i in 2..n.inputs.len() {
        carried.push(
            n.input(i)
                .cloned()
                .ok_or_else(|| cx.err(format!("input #{i} (a loop-carried value) is missing")))?,
        );
    }
    let scan_count = body
        .output
        .len()
        .checked_sub(1 + carried_count)
        .ok_or_else(|| cx.err("the body has fewer outputs than loop-carried values"))?;
    let mut scans: Vec<Vec<Entry>> = vec![Vec::new(); scan_count];
    let mut i = 0u64;
    while cond && trip_count.is_none_or(|m| i < m) {
        if i as usize >= MAX_UNROLL {
            return Err(cx.err(format!(
                "the loop runs more than {MAX_UNROLL} iterations, more than kiln unrolls"
            )));
        }
        let iteration =
            Tensor::from_vec(DType::I64, &[], vec![i as f64]).map_err(|m| cx.err(m.to_string()))?;
        let cond_in =
            Tensor::from_vec(DType::I1, &[], vec![1.0]).map_err(|m| cx.err(m.to_string()))?;
        let mut inputs = vec![konst(iteration), konst(cond_in)];
        inputs.extend(carried.iter().cloned());
        let outputs = cx.run_body(im, env, body, inputs)?;
        cond =
            match scalar_const(&outputs[0]) {
                Some(c) => c != 0.0,
                None if n.input(1).is_none() => true,
                None => return Err(cx.err(
                    "the body's condition output is computed from data: kiln unrolls loops and \
                     needs it to fold to a constant",
                )),
            };
        carried = outputs[1..1 + carried_count].to_vec();
        for (k, s) in outputs[1 + carried_count..].iter().enumerate() {
            scans[k].push(s.clone());
        }
        i += 1;
    }
    let mut results = carried;
    for s in scans {
        if s.is_empty() {
            return Err(cx.err("the loop runs zero times, so its scan outputs have no known shape"));
        }
        results.push(stack(im, &s, 0).map_err(|m| cx.err(m))?);
    }
    Ok(results)
}

pub(super) fn inline_scan(
    im: &mut Importer,
    env: &HashMap<String, Entry>,
    scope: &Scope,
    n: &NodeRef,
) -> Result<Vec<Entry>, ImportError> {
    let cx = Ctx::new(scope, n, "Scan");
    let body = cx.body(n)?;
    let scan_inputs = n.int("num_scan_inputs", 0);
    if scan_inputs < 1 {
        return Err(cx.err("unsupported attribute num_scan_inputs: it must be >= 1"));
    }
    let scan_inputs = scan_inputs as usize;
    let batched = scope.opset < 9;
    // Opset 8: input #0 is the optional sequence_lens.
    let first = usize::from(batched);
    let all: Vec<Entry> = (first..n.inputs.len())
        .map(|i| {
            n.input(i)
                .cloned()
                .ok_or_else(|| cx.err(format!("input #{i} is missing")))
        })
        .collect::<Result<_, _>>()?;
    let state_count = all
        .len()
        .checked_sub(scan_inputs)
        .ok_or_else(|| cx.err("fewer inputs than num_scan_inputs"))?;
    let output_count = body.output.len();
    let scan_outputs = output_count
        .checked_sub(state_count)
        .ok_or_else(|| cx.err("the body has fewer outputs than state values"))?;
    let list = |name: &str, count: usize, default: i64| -> Vec<i64> {
        let v = n.ints(name).unwrap_or_default();
        if v.is_empty() {
            vec![default; count]
        } else {
            v
        }
    };
    let (in_axes, in_dirs, out_axes, out_dirs) = if batched {
        (
            vec![0; scan_inputs],
            list("directions", scan_inputs, 0),
            vec![0; scan_outputs],
            vec![0; scan_outputs],
        )
    } else {
        (
            list("scan_input_axes", scan_inputs, 0),
            list("scan_input_directions", scan_inputs, 0),
            list("scan_output_axes", scan_outputs, 0),
            list("scan_output_directions", scan_outputs, 0),
        )
    };
    if in_axes.len() != scan_inputs
        || in_dirs.len() != scan_inputs
        || out_axes.len() != scan_outputs
        || out_dirs.len() != scan_outputs
    {
        return Err(cx.err(
            "unsupported attribute scan_input_axes / scan_input_directions / scan_output_axes \
             / scan_output_directions: one entry per scan input / output",
        ));
    }
    let run = |im: &mut Importer,
               states: Vec<Entry>,
               inputs: Vec<Entry>|
     -> Result<Vec<Entry>, ImportError> {
        let mut axes = Vec::new();
        let mut len = None;
        for (x, &a) in inputs.iter().zip(&in_axes) {
            let shape = static_shape(im, x).map_err(|m| cx.err(format!("a scan input: {m}")))?;
            let axis = norm_axis(a, shape.len()).map_err(|m| cx.err(m))?;
            if len.is_some_and(|l| l != shape[axis]) {
                return Err(cx.err("the scan inputs differ in sequence length"));
            }
            len = Some(shape[axis]);
            axes.push(axis);
        }
        let len = len.unwrap_or(0);
        if len as usize > MAX_UNROLL {
            return Err(cx.err(format!(
                "a sequence of {len} steps is longer than kiln unrolls ({MAX_UNROLL})"
            )));
        }
        let mut states = states;
        let mut outs: Vec<Vec<Entry>> = vec![Vec::new(); scan_outputs];
        for t in 0..len {
            let mut body_inputs = states.clone();
            for ((x, &axis), &dir) in inputs.iter().zip(&axes).zip(&in_dirs) {
                let i = if dir != 0 { len - 1 - t } else { t };
                body_inputs.push(take(im, x, axis, i).map_err(|m| cx.err(m))?);
            }
            let outputs = cx.run_body(im, env, body, body_inputs)?;
            states = outputs[..state_count].to_vec();
            for (k, s) in outputs[state_count..].iter().enumerate() {
                outs[k].push(s.clone());
            }
        }
        let mut results = states;
        for ((mut s, &a), &dir) in outs.into_iter().zip(&out_axes).zip(&out_dirs) {
            if s.is_empty() {
                return Err(cx.err("a scan over zero steps has scan outputs of no known shape"));
            }
            if dir != 0 {
                s.reverse();
            }
            let rank = im.ty(&s[0]).rank() + 1;
            let axis = norm_axis(a, rank).map_err(|m| cx.err(m))?;
            results.push(stack(im, &s, axis).map_err(|m| cx.err(m))?);
        }
        Ok(results)
    };
    if !batched {
        let (states, inputs) = all.split_at(state_count);
        return run(im, states.to_vec(), inputs.to_vec());
    }
    // Opset 8: dim 0 of every input is the batch; the body sees one entry at a time.
    if let Some(lens) = n.input(0) {
        let Entry::Const(lens) = lens else {
            return Err(cx.needs_constant(
                n,
                0,
                "sequence_lens (input #0) must be a constant".into(),
            ));
        };
        let full = all
            .get(state_count)
            .map(|x| static_shape(im, x).map(|s| s.get(1).copied().unwrap_or(0)))
            .transpose()
            .map_err(|m| cx.err(m))?;
        if lens.data.iter().any(|&l| Some(l as u64) != full) {
            return Err(
                cx.err("sequence_lens shorter than the scan inputs' sequence is not supported")
            );
        }
    }
    let batch = all
        .first()
        .map(|x| static_shape(im, x).map(|s| s.first().copied().unwrap_or(0)))
        .transpose()
        .map_err(|m| cx.err(m))?
        .unwrap_or(0);
    let mut per_batch: Vec<Vec<Entry>> = vec![Vec::new(); output_count];
    for b in 0..batch {
        let items: Vec<Entry> = all
            .iter()
            .map(|x| take(im, x, 0, b))
            .collect::<Result<_, _>>()
            .map_err(|m| cx.err(m))?;
        let (states, inputs) = items.split_at(state_count);
        let outputs = run(im, states.to_vec(), inputs.to_vec())?;
        for (k, o) in outputs.into_iter().enumerate() {
            per_batch[k].push(o);
        }
    }
    per_batch
        .iter()
        .map(|items| stack(im, items, 0).map_err(|m| cx.err(m)))
        .collect()
}

//! `If` inlined, `Loop` and `Scan` unrolled at import.
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
use std::rc::Rc;

use super::context::{konst, norm_axis, Entry, Importer, NodeRef, Scope, SubgraphNode};
use super::error::ImportError;
use super::proto::GraphProto;
use crate::interp::Tensor;
use crate::onnx::shared::unroll::stack;
use crate::onnx::shared::unroll::static_shape;
use crate::onnx::shared::unroll::take;
use crate::onnx::shared::unroll::MAX_UNROLL;
use crate::syntax::*;

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
    let cx = SubgraphNode::new(scope, n, "Loop");
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
    let cx = SubgraphNode::new(scope, n, "Scan");
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
    let axes = ScanAxes {
        in_axes,
        in_dirs,
        out_axes,
        out_dirs,
    };
    let run = |im: &mut Importer, states: Vec<Entry>, inputs: Vec<Entry>| {
        scan_steps(im, &cx, env, body, &axes, states, inputs)
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

/// The axes and directions of a Scan's scan inputs and scan outputs.
struct ScanAxes {
    in_axes: Vec<i64>,
    in_dirs: Vec<i64>,
    out_axes: Vec<i64>,
    out_dirs: Vec<i64>,
}

/// Runs the body of the Scan `cx` once per step of the scan `inputs`' sequence, from `states`:
/// returns the final states, then each scan output stacked along its axis.
fn scan_steps(
    im: &mut Importer,
    cx: &SubgraphNode,
    env: &HashMap<String, Entry>,
    body: &GraphProto,
    axes: &ScanAxes,
    states: Vec<Entry>,
    inputs: Vec<Entry>,
) -> Result<Vec<Entry>, ImportError> {
    let state_count = states.len();
    let mut input_axes = Vec::new();
    let mut len = None;
    for (x, &a) in inputs.iter().zip(&axes.in_axes) {
        let shape = static_shape(im, x).map_err(|m| cx.err(format!("a scan input: {m}")))?;
        let axis = norm_axis(a, shape.len()).map_err(|m| cx.err(m))?;
        if len.is_some_and(|l| l != shape[axis]) {
            return Err(cx.err("the scan inputs differ in sequence length"));
        }
        len = Some(shape[axis]);
        input_axes.push(axis);
    }
    let len = len.unwrap_or(0);
    if len as usize > MAX_UNROLL {
        return Err(cx.err(format!(
            "a sequence of {len} steps is longer than kiln unrolls ({MAX_UNROLL})"
        )));
    }
    let mut states = states;
    let mut outs: Vec<Vec<Entry>> = vec![Vec::new(); axes.out_axes.len()];
    for t in 0..len {
        let mut body_inputs = states.clone();
        for ((x, &axis), &dir) in inputs.iter().zip(&input_axes).zip(&axes.in_dirs) {
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
    for ((mut s, &a), &dir) in outs.into_iter().zip(&axes.out_axes).zip(&axes.out_dirs) {
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
}

/// An error of the `If` node `n`.
fn if_error(n: &NodeRef, scope: &Scope, message: String) -> ImportError {
    ImportError::Node {
        node: n.proto.name.clone().unwrap_or_default(),
        op_type: "If".into(),
        opset: scope.opset,
        message,
    }
}

/// `If`. A condition that is a constant (after folding) imports the chosen branch in place,
/// reading the enclosing graph's names; its outputs become the node's. A condition computed at
/// run time (from data or from a graph input) imports both branches and selects between their
/// outputs element by element (`Where(cond, then, else)`): ONNX branches have no side effects,
/// so one compiled program serves every condition. That needs outputs of one shape and type in
/// both branches; otherwise the condition must fold (`InputValueNeeded` for one that graph
/// inputs feed: `kiln run` specializes on their values).
pub(super) fn inline_if(
    im: &mut Importer,
    env: &HashMap<String, Entry>,
    scope: &Scope,
    n: &NodeRef,
) -> Result<Vec<Entry>, ImportError> {
    let node_name = n.proto.name.clone().unwrap_or_default();
    let err = |message: String| if_error(n, scope, message);
    match n.input(0) {
        Some(Entry::Const(c)) => {
            let cond = c.data.iter().next().copied().unwrap_or(0.0) != 0.0;
            let branch_name = if cond { "then_branch" } else { "else_branch" };
            Ok(import_branch(im, env, scope, n, branch_name)?.0)
        }
        Some(Entry::Value(c)) => {
            let c = *c;
            let why = match select_branches(im, env, scope, n, c) {
                Ok(outputs) => return Ok(outputs),
                Err(why) => why,
            };
            let inputs = n
                .proto
                .input
                .first()
                .map(|c| scope.graph_inputs_feeding(c))
                .unwrap_or_default();
            match why {
                // A branch needs an input's value: specializing on it may let both import.
                e @ ImportError::InputValueNeeded { .. } if inputs.is_empty() => Err(e),
                why if inputs.is_empty() => Err(err(format!(
                    "the condition is computed at run time and the branches cannot both run \
                     with a select between their outputs: {why}"
                ))),
                why => Err(ImportError::InputValueNeeded {
                    node: node_name.clone(),
                    op_type: "If".into(),
                    opset: scope.opset,
                    message: format!(
                        "the condition (input #0) must be a constant: the branches cannot both \
                         run with a select between their outputs ({why})"
                    ),
                    inputs,
                }),
            }
        }
        None => Err(err("missing input #0 (the condition)".into())),
    }
}

/// Both branches of an `If` whose condition `c` is known only at run time, and a select
/// between their outputs; an error says why that cannot be (a branch that does not import,
/// outputs that differ in shape or type, a condition that is not one boolean).
fn select_branches(
    im: &mut Importer,
    env: &HashMap<String, Entry>,
    scope: &Scope,
    n: &NodeRef,
    c: ValueId,
) -> Result<Vec<Entry>, ImportError> {
    let reason = |message: String| if_error(n, scope, message);
    let ct = im.b.tensor_type(c);
    if ct.dtype != DType::I1 || ct.shape.iter().any(|d| *d != Dim::Static(1)) {
        return Err(reason(format!(
            "the condition is {}, not one bool",
            Type::Tensor(ct)
        )));
    }
    // A rank-0 condition broadcasts to every output's shape.
    let cond = im.b.reshape(c, &[]).map_err(|e| reason(e.to_string()))?;
    let (then_out, then_names) = import_branch(im, env, scope, n, "then_branch")?;
    let (else_out, else_names) = import_branch(im, env, scope, n, "else_branch")?;
    if then_out.len() != else_out.len() {
        return Err(reason(format!(
            "then_branch has {} outputs, else_branch {}",
            then_out.len(),
            else_out.len()
        )));
    }
    let mut outputs = Vec::with_capacity(then_out.len());
    for (i, (t, e)) in then_out.iter().zip(&else_out).enumerate() {
        if let (Entry::Const(a), Entry::Const(b)) = (t, e) {
            if Rc::ptr_eq(a, b) || (a.shape() == b.shape() && a.data == b.data) {
                outputs.push(t.clone());
                continue;
            }
        }
        let tv = im.value(t).map_err(&reason)?;
        let ev = im.value(e).map_err(&reason)?;
        let (ta, tb) = (im.b.tensor_type(tv), im.b.tensor_type(ev));
        let (ka, kb) = (
            im.elem_types.get(&then_names[i]).copied(),
            im.elem_types.get(&else_names[i]).copied(),
        );
        if ta != tb || (ka.is_some() && kb.is_some() && ka != kb) {
            return Err(reason(format!(
                "output #{i} is {} in then_branch and {} in else_branch",
                Type::Tensor(ta),
                Type::Tensor(tb)
            )));
        }
        let selected =
            im.b.elementwise(ScalarOp::Select, &[cond, tv, ev])
                .map_err(|e| reason(e.to_string()))?;
        outputs.push(Entry::Value(selected));
    }
    Ok(outputs)
}

/// Imports one branch of an `If` (`then_branch` / `else_branch`) in place: it sees the outer
/// names; what it defines stays inside it. Returns its outputs and their names.
fn import_branch(
    im: &mut Importer,
    env: &HashMap<String, Entry>,
    scope: &Scope,
    n: &NodeRef,
    branch_name: &str,
) -> Result<(Vec<Entry>, Vec<String>), ImportError> {
    let err = |message: String| if_error(n, scope, message);
    let branch = n
        .attr(branch_name)
        .and_then(|a| a.g.as_ref())
        .ok_or_else(|| err(format!("missing attribute '{branch_name}'")))?;
    scope.check_subgraph(branch)?;
    let inner = scope.import_subgraph(im, env.clone(), branch)?;
    let names: Vec<String> = branch
        .output
        .iter()
        .map(|o| o.name.clone().unwrap_or_default())
        .collect();
    let outputs = names
        .iter()
        .map(|name| {
            inner
                .get(name)
                .cloned()
                .ok_or_else(|| err(format!("{branch_name} output '{name}' is never computed")))
        })
        .collect::<Result<_, _>>()?;
    Ok((outputs, names))
}

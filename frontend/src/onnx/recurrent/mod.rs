//! ONNX recurrent layers: LSTM, GRU and RNN, unrolled over their (static) sequence length into
//! ops kiln has, so that they run in the interpreter and on the device without ops of their own.
//!
//! Per direction: one `linalg.matmul` projects every time step's input at once (`X W^T` plus the
//! input and recurrence biases); then each step is a `linalg.matmul` of the previous hidden
//! state with `R^T` (skipped while the state is the implicit zero) and elementwise generics for
//! the gates (ONNX's gate orders: LSTM `i o f c`, GRU `z r h`). `Y` is the steps' hidden states
//! concatenated (a tree of concats with at most 8 operands each, so no kernel binds more
//! buffers than devices allow), `Y_h` / `Y_c` the last states.
//!
//! Handled: directions forward, reverse and bidirectional; `layout` 0 and 1; `initial_h`,
//! `initial_c`, peepholes `P`; `sequence_lens` (a constant, or specialized on its value): a batch
//! entry past its length keeps its state and writes zeros to `Y`, and the reverse direction of
//! a shorter entry starts at its own last step (the steps are permuted per batch entry with a
//! constant `kiln.gather`); every activation ONNX lists, with `activation_alpha` / `_beta`;
//! `clip` (applied to the gates' pre-activations, as onnxruntime does); LSTM `input_forget`; GRU
//! `linear_before_reset` 0 and 1. Refused by name: a symbolic sequence length or batch (give
//! `--dim`), non-float types, an unknown activation.

use ndarray::{Axis, Slice};

use super::context::{const_ints, e, float_only, konst, required, Entry, Importer, NodeRef, R};
use crate::interp::Tensor;
use crate::onnx::shared::contraction::{narrow_to, wide_accumulator};
use crate::onnx::shared::reshape::{reshape_value, transposed};
use crate::syntax::*;

mod cells;
mod parts;
use cells::{gru_step, lstm_step};
use parts::{add_opt, clipped, Activation, Inputs, Layer};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Cell {
    Lstm,
    Gru,
    Rnn,
}

impl Cell {
    fn gates(self) -> u64 {
        match self {
            Cell::Lstm => 4,
            Cell::Gru => 3,
            Cell::Rnn => 1,
        }
    }

    /// The activations of one direction, by default.
    fn default_activations(self) -> &'static [&'static str] {
        match self {
            Cell::Lstm => &["Sigmoid", "Tanh", "Tanh"],
            Cell::Gru => &["Sigmoid", "Tanh"],
            Cell::Rnn => &["Tanh"],
        }
    }
}

/// Rows `from..to` of axis 0 of an entry (on the host for a constant).
fn rows(im: &mut Importer, x: &Entry, from: u64, to: u64) -> R<Entry> {
    let t = im.ty(x);
    if from == 0 && t.shape.first() == Some(&Dim::Static(to)) {
        return Ok(x.clone());
    }
    match x {
        Entry::Const(c) => Ok(konst(Tensor {
            dtype: c.dtype,
            data: c
                .data
                .slice_axis(Axis(0), Slice::from(from as usize..to as usize))
                .to_owned(),
        })),
        Entry::Value(v) => {
            let s = t.static_shape().ok_or("needs static dims")?;
            let mut offsets = vec![0; s.len()];
            offsets[0] = from;
            let mut sizes = s.clone();
            sizes[0] = to - from;
            Ok(Entry::Value(e(im.b.extract_slice(
                *v,
                &offsets,
                &sizes,
                &vec![1; s.len()],
            ))?))
        }
    }
}

/// Direction `d` of a per-direction tensor `[D, ...]`, without its leading dim.
fn direction(im: &mut Importer, x: &Entry, d: u64) -> R<Entry> {
    let one = rows(im, x, d, d + 1)?;
    let shape = im.ty(&one).shape[1..].to_vec();
    crate::onnx::shared::reshape::reshape_entry(im, &one, &shape)
}

/// Sum of two entries of the same shape (on the host for constants).
fn add_entries(im: &mut Importer, a: &Entry, b: &Entry) -> R<Entry> {
    if let (Entry::Const(x), Entry::Const(y)) = (a, b) {
        return Ok(konst(Tensor::new(x.dtype, &x.data + &y.data)));
    }
    let (a, b) = (im.value(a)?, im.value(b)?);
    Ok(Entry::Value(e(im.b.elementwise(ScalarOp::AddF, &[a, b]))?))
}

/// Concatenates along `dim` as a tree of concats of at most 8 operands.
fn concat_tree(im: &mut Importer, mut xs: Vec<ValueId>, dim: usize) -> R<ValueId> {
    while xs.len() > 1 {
        xs = xs
            .chunks(8)
            .map(|c| {
                if c.len() == 1 {
                    Ok(c[0])
                } else {
                    e(im.b.concat(c, dim))
                }
            })
            .collect::<R<_>>()?;
    }
    xs.pop().ok_or_else(|| "nothing to concatenate".into())
}

pub(super) fn import(im: &mut Importer, n: &NodeRef) -> R<Vec<Entry>> {
    let cell = match n.op_type {
        "LSTM" | "DynamicQuantizeLSTM" => Cell::Lstm,
        "GRU" => Cell::Gru,
        _ => Cell::Rnn,
    };
    let hidden = match n.int("hidden_size", 0) {
        h if h > 0 => h as u64,
        _ => return Err("the attribute hidden_size must be set (and positive)".into()),
    };
    let direction_name = n.string("direction").unwrap_or_else(|| "forward".into());
    let reverse: &[bool] = match direction_name.as_str() {
        "forward" => &[false],
        "reverse" => &[true],
        "bidirectional" => &[false, true],
        other => return Err(format!("unsupported attribute: direction = '{other}'")),
    };
    let num_directions = reverse.len() as u64;
    let layout = if im.opset >= 14 {
        n.int("layout", 0)
    } else {
        0
    };
    if layout != 0 && layout != 1 {
        return Err(format!("unsupported attribute: layout = {layout}"));
    }
    let x = required(n, 0)?.clone();
    let tx = im.ty(&x);
    float_only(tx.dtype, n)?;
    if tx.rank() != 3 {
        return Err(format!("X must have rank 3, got {tx}"));
    }
    let xs = tx.static_shape().ok_or_else(|| {
        format!(
            "X is {tx}: the sequence length and batch must be static to unroll the steps (give \
             the dims sizes: `--dim NAME=SIZE`)"
        )
    })?;
    let (steps, batch, input_size) = if layout == 0 {
        (xs[0], xs[1], xs[2])
    } else {
        (xs[1], xs[0], xs[2])
    };
    if steps == 0 || batch == 0 {
        return Err(format!("X is {tx}: an empty sequence or batch"));
    }
    let gh = cell.gates() * hidden;
    let check = |im: &Importer, i: usize, what: &str, want: &[u64]| -> R<()> {
        if let Some(v) = n.input(i) {
            let t = im.ty(v);
            if t.static_shape().as_deref() != Some(want) || t.dtype != tx.dtype {
                return Err(format!(
                    "{what} (input #{i}) is {t}, expected {}",
                    TensorType::of(want, tx.dtype)
                ));
            }
        }
        Ok(())
    };
    required(n, 1)?;
    required(n, 2)?;
    let quantized = n.op_type == "DynamicQuantizeLSTM";
    if quantized {
        // com.microsoft's layout: W [D, I, 4H] and R [D, H, 4H], integers (uint8 / int8).
        for (i, what, want) in [
            (1, "W", [num_directions, input_size, gh]),
            (2, "R", [num_directions, hidden, gh]),
        ] {
            let t = im.ty(required(n, i)?);
            if t.static_shape().as_deref() != Some(&want[..]) || t.dtype.is_float() {
                return Err(format!(
                    "{what} (input #{i}) is {t}, expected integers of shape {want:?}"
                ));
            }
        }
    } else {
        check(im, 1, "W", &[num_directions, gh, input_size])?;
        check(im, 2, "R", &[num_directions, gh, hidden])?;
    }
    check(im, 3, "B", &[num_directions, 2 * gh])?;
    let state_shape = if layout == 0 {
        [num_directions, batch, hidden]
    } else {
        [batch, num_directions, hidden]
    };
    check(im, 5, "initial_h", &state_shape)?;
    if cell == Cell::Lstm {
        check(im, 6, "initial_c", &state_shape)?;
        check(im, 7, "P", &[num_directions, 3 * hidden])?;
    }
    let lens = match const_ints(n, 4, "sequence_lens")? {
        None => None,
        Some(lens) => {
            if lens.len() as u64 != batch {
                return Err(format!(
                    "sequence_lens has {} entries for a batch of {batch}",
                    lens.len()
                ));
            }
            if let Some(l) = lens.iter().find(|&&l| l < 0 || l as u64 > steps) {
                return Err(format!(
                    "sequence_lens holds {l}, outside 0..={steps} (the sequence length)"
                ));
            }
            let lens: Vec<u64> = lens.iter().map(|&l| l as u64).collect();
            (!lens.iter().all(|&l| l == steps)).then_some(lens)
        }
    };
    let clip = n.attr("clip").and_then(|a| a.f).map(f64::from);
    if clip.is_some_and(|c| c.is_nan() || c <= 0.0) {
        return Err("unsupported attribute: clip must be positive".into());
    }
    let per_direction = cell.default_activations().len();
    let activations: Vec<Activation> = match n.attr("activations") {
        Some(a) if !a.strings.is_empty() => {
            if a.strings.len() != per_direction * reverse.len() {
                return Err(format!(
                    "activations lists {} functions, expected {} ({} per direction)",
                    a.strings.len(),
                    per_direction * reverse.len(),
                    per_direction
                ));
            }
            let alphas = n.attr("activation_alpha").map(|a| a.floats.clone());
            let betas = n.attr("activation_beta").map(|a| a.floats.clone());
            let mut alphas = alphas.unwrap_or_default().into_iter().map(f64::from);
            let mut betas = betas.unwrap_or_default().into_iter().map(f64::from);
            a.strings
                .iter()
                .map(|s| Activation::parse(&String::from_utf8_lossy(s), &mut alphas, &mut betas))
                .collect::<R<_>>()?
        }
        _ => {
            let mut none = std::iter::empty();
            let mut none2 = std::iter::empty();
            (0..reverse.len())
                .flat_map(|_| cell.default_activations())
                .map(|s| Activation::parse(s, &mut none, &mut none2))
                .collect::<R<_>>()?
        }
    };
    let layer = Layer {
        dtype: tx.dtype,
        batch,
        hidden,
        clip,
        lens,
    };
    // Time-major input, flattened to [T * B, I] for the input projection.
    let x_tbi = if layout == 0 {
        im.value(&x)?
    } else {
        transposed(im, &x, &[1, 0, 2])?
    };
    let x_flat = reshape_value(
        im,
        x_tbi,
        &[Dim::Static(steps * batch), Dim::Static(input_size)],
    )?;
    // initial_h / initial_c in [D, B, H].
    let state = |im: &mut Importer, i: usize| -> R<Option<Entry>> {
        match n.input(i) {
            None => Ok(None),
            Some(s) if layout == 1 => Ok(Some(Entry::Value(transposed(im, s, &[1, 0, 2])?))),
            Some(s) => Ok(Some(s.clone())),
        }
    };
    let initial_h = state(im, 5)?;
    let initial_c = if cell == Cell::Lstm {
        state(im, 6)?
    } else {
        None
    };
    let input_forget = cell == Cell::Lstm && n.int("input_forget", 0) != 0;
    let linear_before_reset = cell == Cell::Gru && n.int("linear_before_reset", 0) != 0;

    let mut ys = Vec::new();
    let mut hs = Vec::new();
    let mut cs = Vec::new();
    for (d, &rev) in reverse.iter().enumerate() {
        let d64 = d as u64;
        let acts = &activations[d * per_direction..(d + 1) * per_direction];
        let (w_t, r, w_scale, r_scale) = if quantized {
            let (w_t, w_scale) = dequantized_weights(im, n, 1, 8, 9, d64, gh)?;
            let (r_t, r_scale) = dequantized_weights(im, n, 2, 10, 11, d64, gh)?;
            (w_t, Entry::Value(r_t), Some(w_scale), Some(r_scale))
        } else {
            let w = direction(im, required(n, 1)?, d64)?;
            let r = direction(im, required(n, 2)?, d64)?;
            (transposed(im, &w, &[1, 0])?, r, None, None)
        };
        // Input projection of every step, with the biases that add to it.
        let acc = wide_accumulator(layer.dtype);
        let xw = match w_scale {
            Some(scale) => quantized_matmul(im, x_flat, w_t, scale, false)?,
            None => {
                let xw = e(im.b.matmul(x_flat, w_t, acc))?;
                narrow_to(im, xw, layer.dtype)?
            }
        };
        let mut recurrent_bias = None;
        let xw = match n.input(3) {
            None => xw,
            Some(b) => {
                let b = direction(im, b, d64)?;
                let wb = rows(im, &b, 0, gh)?;
                let rb = rows(im, &b, gh, 2 * gh)?;
                let bias = if cell == Cell::Gru {
                    // The h gate's recurrence bias sits inside the reset (linear_before_reset)
                    // or next to the recurrence product: it is added per step.
                    let rb_zr = rows(im, &rb, 0, 2 * hidden)?;
                    let wb_zr = rows(im, &wb, 0, 2 * hidden)?;
                    let wb_h = rows(im, &wb, 2 * hidden, gh)?;
                    recurrent_bias = Some(rows(im, &rb, 2 * hidden, gh)?);
                    let zr = add_entries(im, &wb_zr, &rb_zr)?;
                    let (zr, wb_h) = (im.value(&zr)?, im.value(&wb_h)?);
                    Entry::Value(e(im.b.concat(&[zr, wb_h], 0))?)
                } else {
                    add_entries(im, &wb, &rb)?
                };
                let bias = im.value(&bias)?;
                e(im.b.elementwise(ScalarOp::AddF, &[xw, bias]))?
            }
        };
        let mut xw = reshape_value(
            im,
            xw,
            &[Dim::Static(steps), Dim::Static(batch), Dim::Static(gh)],
        )?;
        // A reverse direction with uneven lengths runs each batch entry from its own last step:
        // its steps are permuted per entry (an involution), processed forward, and permuted back.
        let permutation = match (&layer.lens, rev) {
            (Some(lens), true) => Some(step_permutation(lens, steps)),
            _ => None,
        };
        if let Some(p) = &permutation {
            xw = permute_steps(im, xw, p, steps, batch)?;
        }
        let mut h = match &initial_h {
            Some(s) => Some(direction_value(im, s, d64)?),
            None => None,
        };
        let mut c = match &initial_c {
            Some(s) => Some(direction_value(im, s, d64)?),
            None => None,
        };
        let peepholes = match n.input(7).filter(|_| cell == Cell::Lstm) {
            Some(p) => {
                let p = direction(im, p, d64)?;
                let mut v = Vec::new();
                for k in 0..3 {
                    let g = rows(im, &p, k * hidden, (k + 1) * hidden)?;
                    v.push(im.value(&g)?);
                }
                Some(v)
            }
            None => None,
        };
        let recurrent_bias = match recurrent_bias {
            Some(b) => Some(im.value(&b)?),
            None => None,
        };
        // R^T, split where GRU needs the h gate's part apart.
        let (r_t, r_h_t) = if cell == Cell::Gru && !linear_before_reset {
            let zr = rows(im, &r, 0, 2 * hidden)?;
            let hh = rows(im, &r, 2 * hidden, gh)?;
            (
                transposed(im, &zr, &[1, 0])?,
                Some(transposed(im, &hh, &[1, 0])?),
            )
        } else if quantized {
            // Already [H, 4H].
            (im.value(&r)?, None)
        } else {
            (transposed(im, &r, &[1, 0])?, None)
        };
        let mut step_outputs = Vec::new();
        let last_running = layer
            .lens
            .as_ref()
            .map_or(steps, |l| l.iter().copied().max().unwrap_or(0));
        for s in 0..steps {
            if s >= last_running {
                // Every entry has ended: the state stays, Y holds zeros.
                step_outputs.push(e(im.b.filled(layer.bh(), 0.0))?);
                continue;
            }
            let t = if rev && permutation.is_none() {
                steps - 1 - s
            } else {
                s
            };
            let gate = |im: &mut Importer, k: u64| -> R<ValueId> {
                let g = e(im.b.extract_slice(
                    xw,
                    &[t, 0, k * hidden],
                    &[1, batch, hidden],
                    &[1, 1, 1],
                ))?;
                reshape_value(im, g, &[Dim::Static(batch), Dim::Static(hidden)])
            };
            let x_gates: Vec<ValueId> = (0..cell.gates()).map(|k| gate(im, k)).collect::<R<_>>()?;
            let h_r = match h {
                Some(hv) => {
                    if let Some(scale) = r_scale {
                        // onnxruntime quantizes the state per batch entry (per
                        // thread's rows: one each while there are as many threads).
                        Some(quantized_matmul(im, hv, r_t, scale, true)?)
                    } else {
                        let p = e(im.b.matmul(hv, r_t, acc))?;
                        Some(narrow_to(im, p, layer.dtype)?)
                    }
                }
                None => None,
            };
            let r_gate = |im: &mut Importer, k: u64| -> R<Option<ValueId>> {
                match h_r {
                    None => Ok(None),
                    Some(p) => Ok(Some(e(im.b.extract_slice(
                        p,
                        &[0, k * hidden],
                        &[batch, hidden],
                        &[1, 1],
                    ))?)),
                }
            };
            let (h_new, c_new) = match cell {
                Cell::Lstm => {
                    let rg: Vec<Option<ValueId>> =
                        (0..4).map(|k| r_gate(im, k)).collect::<R<_>>()?;
                    lstm_step(
                        im,
                        &layer,
                        acts,
                        input_forget,
                        &x_gates,
                        &rg,
                        c,
                        peepholes.as_deref(),
                    )?
                }
                Cell::Gru => {
                    let rg: Vec<Option<ValueId>> = (0..if r_h_t.is_some() { 2 } else { 3 })
                        .map(|k| r_gate(im, k))
                        .collect::<R<_>>()?;
                    (
                        gru_step(im, &layer, acts, &x_gates, &rg, h, r_h_t, recurrent_bias)?,
                        None,
                    )
                }
                Cell::Rnn => {
                    let rg = r_gate(im, 0)?;
                    let mut ins = Inputs::default();
                    let xi = ins.add(x_gates[0]);
                    let ri = ins.opt(rg);
                    let (dtype, clip, act) = (layer.dtype, layer.clip, acts[0]);
                    let hv = e(im.b.elementwise_with(&ins.0, dtype, |b, a| {
                        let pre = add_opt(b, a[xi], ri.map(|i| a[i]), dtype);
                        let pre = clipped(b, pre, clip, dtype);
                        act.apply(b, pre, dtype)
                    }))?;
                    (hv, None)
                }
            };
            // Entries past their length keep their state and write zeros.
            let (y, h_kept, c_kept) = match layer.running(s) {
                None => (h_new, h_new, c_new),
                Some(running) => {
                    let mask = running_mask(im, &running)?;
                    let zero = e(im.b.filled(layer.bh(), 0.0))?;
                    let h_prev = match h {
                        Some(v) => v,
                        None => zero,
                    };
                    let y = e(im.b.elementwise(ScalarOp::Select, &[mask, h_new, zero]))?;
                    let hk = e(im.b.elementwise(ScalarOp::Select, &[mask, h_new, h_prev]))?;
                    let ck = match c_new {
                        Some(cv) => {
                            let c_prev = match c {
                                Some(v) => v,
                                None => zero,
                            };
                            Some(e(im.b.elementwise(ScalarOp::Select, &[mask, cv, c_prev]))?)
                        }
                        None => None,
                    };
                    (y, hk, ck)
                }
            };
            step_outputs.push(y);
            h = Some(h_kept);
            c = c_kept;
        }
        let h_last = match h {
            Some(v) => v,
            None => e(im.b.filled(layer.bh(), 0.0))?,
        };
        let c_last = match c {
            Some(v) => v,
            None => e(im.b.filled(layer.bh(), 0.0))?,
        };
        hs.push(h_last);
        cs.push(c_last);
        if n.proto.output.first().is_some_and(|o| !o.is_empty()) {
            if rev && permutation.is_none() {
                step_outputs.reverse();
            }
            let one_step = [
                Dim::Static(1),
                Dim::Static(1),
                Dim::Static(batch),
                Dim::Static(hidden),
            ];
            let parts: Vec<ValueId> = step_outputs
                .into_iter()
                .map(|y| reshape_value(im, y, &one_step))
                .collect::<R<_>>()?;
            let mut y = concat_tree(im, parts, 0)?;
            if let Some(p) = &permutation {
                let y3 = reshape_value(
                    im,
                    y,
                    &[Dim::Static(steps), Dim::Static(batch), Dim::Static(hidden)],
                )?;
                let y3 = permute_steps(im, y3, p, steps, batch)?;
                y = reshape_value(im, y3, &one_step_all(steps, batch, hidden))?;
            }
            ys.push(y);
        }
    }
    let stack_states = |im: &mut Importer, states: Vec<ValueId>| -> R<Entry> {
        let parts: Vec<ValueId> = states
            .into_iter()
            .map(|v| {
                reshape_value(
                    im,
                    v,
                    &[Dim::Static(1), Dim::Static(batch), Dim::Static(hidden)],
                )
            })
            .collect::<R<_>>()?;
        let s = concat_tree(im, parts, 0)?;
        let s = if layout == 1 {
            e(im.b.transpose(s, &[1, 0, 2]))?
        } else {
            s
        };
        Ok(Entry::Value(s))
    };
    let y_h = stack_states(im, hs)?;
    let y = if ys.is_empty() {
        // Y is not used: any entry holds its place.
        y_h.clone()
    } else {
        let y = concat_tree(im, ys, 1)?;
        Entry::Value(if layout == 1 {
            e(im.b.transpose(y, &[2, 0, 1, 3]))?
        } else {
            y
        })
    };
    let mut out = vec![y, y_h];
    if cell == Cell::Lstm {
        out.push(stack_states(im, cs)?);
    }
    Ok(out)
}

/// `[T, 1, B, H]`.
fn one_step_all(steps: u64, batch: u64, hidden: u64) -> [Dim; 4] {
    [
        Dim::Static(steps),
        Dim::Static(1),
        Dim::Static(batch),
        Dim::Static(hidden),
    ]
}

/// Direction `d` of a `[D, B, H]` state as a `[B, H]` value.
fn direction_value(im: &mut Importer, s: &Entry, d: u64) -> R<ValueId> {
    let v = direction(im, s, d)?;
    im.value(&v)
}

/// For each flattened `[T * B]` position `t * B + b`, the position it is read from: step `t`
/// of entry `b` becomes step `len_b - 1 - t` while `t < len_b` (the rest stay).
fn step_permutation(lens: &[u64], steps: u64) -> Vec<f64> {
    let batch = lens.len() as u64;
    let mut p = Vec::new();
    for t in 0..steps {
        for (b, &l) in lens.iter().enumerate() {
            let src = if t < l { l - 1 - t } else { t };
            p.push((src * batch + b as u64) as f64);
        }
    }
    p
}

/// `x[T, B, K]` with its `(t, b)` rows permuted by `p` (a constant `kiln.gather`).
fn permute_steps(im: &mut Importer, x: ValueId, p: &[f64], steps: u64, batch: u64) -> R<ValueId> {
    let k = im.b.tensor_type(x).shape[2].clone();
    let flat = reshape_value(im, x, &[Dim::Static(steps * batch), k.clone()])?;
    let indices =
        Tensor::from_vec(DType::I64, &[p.len()], p.to_vec()).map_err(|e| e.to_string())?;
    let indices = im.value(&konst(indices))?;
    let g = e(im.b.gather(flat, indices, 0))?;
    reshape_value(im, g, &[Dim::Static(steps), Dim::Static(batch), k])
}

/// A `[B, 1]` bool constant.
fn running_mask(im: &mut Importer, running: &[bool]) -> R<ValueId> {
    let t = Tensor::from_vec(
        DType::I1,
        &[running.len(), 1],
        running.iter().map(|&r| f64::from(u8::from(r))).collect(),
    )
    .map_err(|e| e.to_string())?;
    im.value(&konst(t))
}

/// com.microsoft.DynamicQuantizeLSTM's weights of direction `d`: input `w` (`[D, K, N]`
/// integers) minus its zero point (input `zp`), as i32 on the host, and its scale (input
/// `scale`: one per direction, or one per column) as an f32 `[N]` value.
fn dequantized_weights(
    im: &mut Importer,
    n: &NodeRef,
    w: usize,
    scale: usize,
    zp: usize,
    d: u64,
    columns: u64,
) -> R<(ValueId, ValueId)> {
    let constant = |i: usize, what: &str| -> R<std::rc::Rc<Tensor>> {
        match n.input(i) {
            Some(Entry::Const(t)) => Ok(t.clone()),
            Some(Entry::Value(_)) => {
                n.needs_constant.set(Some(i));
                Err(format!("{what} (input #{i}) must be a constant"))
            }
            None => Err(format!("missing {what} (input #{i})")),
        }
    };
    let weights = constant(w, "the quantized weights")?;
    let scales = constant(scale, "the weight scale")?;
    let zero_points = match n.input(zp) {
        None => None,
        Some(_) => Some(constant(zp, "the weight zero point")?),
    };
    let d = d as usize;
    let cols = columns as usize;
    // One value per direction ([D]) or per column ([D, N]), as N values.
    let per_column = |t: &Tensor, what: &str| -> R<Vec<f64>> {
        let v: Vec<f64> = t.data.iter().copied().collect();
        let dirs = weights.shape()[0];
        if v.len() == dirs {
            Ok(vec![v[d]; cols])
        } else if v.len() == dirs * cols {
            Ok(v[d * cols..(d + 1) * cols].to_vec())
        } else {
            Err(format!(
                "the {what} has shape {:?}: expected [{dirs}] or [{dirs}, {cols}]",
                t.shape()
            ))
        }
    };
    let scale_values = per_column(&scales, "weight scale")?;
    let zp_values = match &zero_points {
        Some(z) => per_column(z, "weight zero point")?,
        None => vec![0.0; cols],
    };
    let mut data = weights.data.index_axis(Axis(0), d).to_owned();
    for mut lane in data.lanes_mut(Axis(1)) {
        for (v, z) in lane.iter_mut().zip(&zp_values) {
            *v -= z;
        }
    }
    let shifted = im.value(&konst(Tensor::new(DType::I32, data.into_dyn())))?;
    let scale = Tensor::from_vec(DType::F32, &[cols], scale_values).map_err(|e| e.to_string())?;
    let scale = im.value(&konst(scale))?;
    Ok((shifted, scale))
}

/// onnxruntime's dynamically quantized GEMM: `a` (`[M, K]`) quantized to uint8 (range including
/// 0, ties to even) over all its elements, or per row (`per_row`), times the shifted integer
/// weights (summed in i32, exact, as onnxruntime's integer GEMM), scaled by
/// `a_scale * w_scale`.
fn quantized_matmul(
    im: &mut Importer,
    a: ValueId,
    shifted: ValueId,
    w_scale: ValueId,
    per_row: bool,
) -> R<ValueId> {
    use crate::onnx::shared::quantize::{min_max, quantization_parameters, quantize};
    let (min, max) = if per_row {
        let rows = im.b.tensor_type(a).shape[0].clone();
        let mut range = Vec::new();
        for kind in ["min", "max"] {
            let r = crate::onnx::shared::reduce::reduce_value(im, a, &[1], kind, None)?;
            range.push(reshape_value(im, r, &[rows.clone(), Dim::Static(1)])?);
        }
        (range[0], range[1])
    } else {
        min_max(im, a)?
    };
    let (scale, zero_point) = quantization_parameters(im, min, max)?;
    let q = quantize(im, a, scale, zero_point)?;
    let centered = e(im.b.elementwise_with(&[q, zero_point], DType::I32, |b, x| {
        let (q, z) = (b.cast(x[0], DType::I32), b.cast(x[1], DType::I32));
        b.push(ScalarOp::SubI, &[q, z], DType::I32)
    }))?;
    let p = e(im.b.matmul(centered, shifted, None))?;
    let t = DType::F32;
    e(im.b.elementwise_with(&[p, scale, w_scale], t, |b, x| {
        let m = b.push(ScalarOp::MulF, &[x[1], x[2]], t);
        let sum = b.cast(x[0], t);
        b.push(ScalarOp::MulF, &[sum, m], t)
    }))
}

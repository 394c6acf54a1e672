//! Graph inputs read by convolutions: the function's arguments keep ONNX's NCHW layout (the
//! signature does not change), so the first conv of an image network would read its input
//! NCHW, strided along its reduction, with scalar loads (ResNet-50's 7x7 stem over 3 channels
//! took 626 us at batch 32 on a 132-compute-unit GPU, 12 TFLOP/s, where the NHWC convs run at
//! 20+). Here a rank-4 argument of few channels whose class would take NHWC if it were not an
//! argument is copied at entry by an identity `linalg.generic`, which replaces the argument in
//! every op; the copy is where the layout changes (its input stays in the argument's class,
//! its result joins the class the convs ask NHWC for), so after the pass it is one small
//! transposing kernel (fusion does not fuse an elementwise op reading a tensor into a
//! contraction, so it keeps a dispatch of its own).
//!
//! Where the copied value only reaches convs (directly or through `tensor.pad`s of the
//! spatial dims) whose filters are dense constants, its channels are also padded with zeros up
//! to a multiple of `Heuristics::channels_last_input_channel_multiple` (4: NHWC4, read with
//! vec4 loads along the conv's innermost reduction dim) where that adds at most a third (3
//! channels, not 2), by a `tensor.pad` before the copy
//! (fused into its kernel), and the filters get as many zero input channels, at compile time:
//! the padded channels add `0 * 0` to every sum.
//!
//! Which arguments: rank 4, a static channel count (dim 1) above 1 (one channel is the same
//! bytes in both layouts) and at most `Heuristics::channels_last_input_max_channels` (0: none),
//! every argument of the class a candidate, the class asked for NHWC by a conv and movable but
//! for its arguments, and the channels the convs then read (padded or not) a multiple of
//! `channels_last_input_channel_multiple` (with 1, every such argument is copied).

use super::classes::{nchw_conv, wanted_layouts, Classes, NHWC};
use crate::error::CompileError;
use crate::heuristics::Heuristics;
use kiln_frontend::*;
use std::collections::{HashMap, HashSet};

/// Copies the arguments the module docs describe; returns the copy generics (for
/// [`Classes::of`]).
pub(super) fn copy_arguments(
    f: &mut Function,
    heuristics: &Heuristics,
) -> Result<HashSet<OpId>, CompileError> {
    let mut copies = HashSet::new();
    let max_channels = heuristics.channels_last_input_max_channels;
    if max_channels <= 0 {
        return Ok(copies);
    }
    let classes = Classes::of(f, &copies);
    let wanted = wanted_layouts(f, &classes);
    let channels = |v: ValueId| {
        let t = f.values[v].ty.as_tensor()?;
        (t.rank() == 4).then_some(())?;
        let c = t.shape[1].as_static()?;
        (c > 1 && c <= max_channels as u64).then_some(c)
    };
    // The arguments of each class asked for NHWC, by root, in argument order.
    let mut by_class: HashMap<ValueId, Vec<ValueId>> = HashMap::new();
    let mut order = Vec::new();
    for &a in &f.arguments {
        let Some(root) = classes.root(a) else {
            continue;
        };
        if wanted.get(&root) != Some(&NHWC) || !classes.convertible_once_copied[&root] {
            continue;
        }
        if !by_class.contains_key(&root) {
            order.push(root);
        }
        by_class.entry(root).or_default().push(a);
    }
    // (arguments, members, padded channels) of each class to copy.
    let mut chosen = Vec::new();
    for root in order {
        let arguments = by_class.remove(&root).unwrap_or_default();
        if arguments.iter().any(|&a| channels(a).is_none()) {
            continue;
        }
        let members = &classes.members[&root];
        let padded = padded_channels(f, members, heuristics);
        // Copied only where the convs then read a multiple of the channels (vec4 loads): an
        // NHWC copy of 3 channels that cannot be padded (a filter that is not a constant, an op
        // other than a float cast between) would trade the NCHW kernel for scalar loads of
        // another layout.
        let read = padded.or_else(|| channels(arguments[0])).unwrap_or(0);
        let multiple = u64::try_from(heuristics.channels_last_input_channel_multiple).unwrap_or(1);
        if multiple > 1 && !read.is_multiple_of(multiple) {
            continue;
        }
        chosen.push((arguments, members, padded));
    }
    let mut new_ops = Vec::new();
    for (arguments, members, padded) in chosen {
        let mut read = members.clone();
        for a in arguments {
            let copy = copy_argument(f, a, padded, &mut new_ops)?;
            copies.insert(copy);
            read.push(f.ops[copy].results[0]);
        }
        if let Some(p) = padded {
            pad_class(f, &read, p)?;
        }
    }
    let mut body = new_ops;
    body.append(&mut f.body);
    f.body = body;
    Ok(copies)
}

/// The channel count the class of `members` (arguments, pads of them, read by convs) is padded
/// to, where it can be: every member an argument or a spatial pad of a member, every reader of
/// a member a spatial pad or a conv reading it as its input with a dense constant filter, a
/// float type, and a count that is not yet a multiple.
fn padded_channels(f: &Function, members: &[ValueId], heuristics: &Heuristics) -> Option<u64> {
    let multiple = u64::try_from(heuristics.channels_last_input_channel_multiple).ok()?;
    let t = f.values[*members.first()?].ty.as_tensor()?;
    let c = t.shape[1].as_static()?;
    let padded = c.div_ceil(multiple) * multiple;
    // At most a third more work (3 -> 4 channels, not 2 -> 4).
    if multiple <= 1 || padded == c || (padded - c) * 3 > c || !t.dtype.is_float() {
        return None;
    }
    let member = |v: &ValueId| members.contains(v);
    let spatial_pad = |op: &Op| match &op.kind {
        OpKind::Pad { low, high } => {
            low.get(..2) == Some(&[0, 0])
                && high.get(..2) == Some(&[0, 0])
                && member(&op.operands[0])
        }
        _ => false,
    };
    let casts = heuristics.channels_last_input_through_casts != 0;
    for &v in members {
        let defined_well = match f.defining_op(v) {
            None => f.arguments.contains(&v),
            Some(op) => {
                let op = &f.ops[op];
                spatial_pad(op)
                    || (casts && float_cast(op) && member(&op.operands[0]))
                    || (casts && matches!(op.kind, OpKind::Empty))
            }
        };
        if !defined_well {
            return None;
        }
    }
    for &op_id in &f.body {
        let op = &f.ops[op_id];
        let Some(position) = op.operands.iter().position(member) else {
            continue;
        };
        let read_well = match &op.kind {
            OpKind::Pad { .. } => position == 0 && spatial_pad(op),
            // `--precision f16`'s cast of the input (input and init both members: a member
            // `tensor.empty` is read only as such an init).
            OpKind::Generic(_) if float_cast(op) => {
                member(&op.operands[0]) && member(&op.operands[1])
            }
            OpKind::Generic(g) => nchw_conv(op, g).is_some_and(|(input, filter, init)| {
                member(&input)
                    && !member(&filter)
                    && !member(&init)
                    && filter_constant(f, filter).is_some()
            }),
            _ => false,
        };
        if !read_well {
            return None;
        }
    }
    Some(padded)
}

/// Whether `op` is an elementwise float cast (`extf` / `truncf`) of its one rank-4 input into
/// its init: identity maps, every loop parallel, the body one cast of the input element. Zero
/// channels stay zero through it, so it may stand between a padded copy and the convs (the
/// cast `--precision f16` puts after a graph input).
fn float_cast(op: &Op) -> bool {
    let OpKind::Generic(g) = &op.kind else {
        return false;
    };
    let cast = |i: &ScalarInstruction| {
        matches!(i.op, ScalarOp::ExtF | ScalarOp::TruncF) && i.operands == [ScalarRef::Argument(0)]
    };
    g.num_inputs == 1
        && op.operands.len() == 2
        && g.indexing_maps.iter().all(|m| *m == AffineMap::identity(4))
        && g.iterator_types
            .iter()
            .all(|t| *t == IteratorType::Parallel)
        && matches!(&g.body.instructions[..], [i] if cast(i))
        && g.body.yields == [ScalarRef::Instruction(0)]
}

/// The dense data and static shape of `filter`, a constant.
fn filter_constant(f: &Function, filter: ValueId) -> Option<(&ElementsData, Vec<u64>)> {
    let op = f.defining_op(filter)?;
    let OpKind::Constant(ConstantValue::Dense(data)) = &f.ops[op].kind else {
        return None;
    };
    let shape = f.values[filter].ty.as_tensor()?.static_shape()?;
    (shape.len() == 4).then_some((data, shape))
}

/// Creates the copy of argument `a` (after a pad of its channels to `padded` when given), its
/// ops appended to `new_ops`, and makes every other op read the copy; returns the copy op.
fn copy_argument(
    f: &mut Function,
    a: ValueId,
    padded: Option<u64>,
    new_ops: &mut Vec<OpId>,
) -> Result<OpId, CompileError> {
    let Type::Tensor(t) = f.values[a].ty.clone() else {
        return Err(CompileError::internal(
            "channels-last",
            format!("argument {a:?} is not a tensor"),
        ));
    };
    let location = f.values.location(a).clone();
    let mut source = a;
    let mut copied = t.clone();
    if let Some(p) = padded {
        let c = t.shape[1].as_static().unwrap_or(p);
        let zero = f.append_op(
            OpKind::Constant(ConstantValue::Splat(ScalarValue::Float(0.0))),
            vec![],
            vec![Type::Scalar(t.dtype)],
            location.clone(),
        );
        copied.shape[1] = Dim::Static(p);
        let pad = f.append_op(
            OpKind::Pad {
                low: vec![0; 4],
                high: vec![0, p - c, 0, 0],
            },
            vec![a, f.ops[zero].results[0]],
            vec![Type::Tensor(copied.clone())],
            location.clone(),
        );
        new_ops.extend([zero, pad]);
        source = f.ops[pad].results[0];
    }
    let empty = f.append_op(
        OpKind::Empty,
        vec![],
        vec![Type::Tensor(copied.clone())],
        location.clone(),
    );
    let generic = Generic {
        indexing_maps: vec![AffineMap::identity(4); 2],
        iterator_types: vec![IteratorType::Parallel; 4],
        num_inputs: 1,
        body: ScalarBody {
            arguments: vec![t.dtype, t.dtype],
            instructions: Vec::new(),
            yields: vec![ScalarRef::Argument(0)],
        },
    };
    let copy = f.append_op(
        OpKind::Generic(generic),
        vec![source, f.ops[empty].results[0]],
        vec![Type::Tensor(copied)],
        location,
    );
    new_ops.extend([empty, copy]);
    let copied_value = f.ops[copy].results[0];
    for &op_id in &f.body {
        for operand in &mut f.ops.get_mut(op_id).operands {
            if *operand == a {
                *operand = copied_value;
            }
        }
    }
    Ok(copy)
}

/// Widens the pads of the class to `padded` channels, and gives each conv reading a member a
/// filter with as many input channels, the new ones zero. `members`: the class's (the
/// arguments, no longer read, left as they are) and the copies' results (already wide).
fn pad_class(f: &mut Function, members: &[ValueId], padded: u64) -> Result<(), CompileError> {
    let internal = |m: String| CompileError::internal("channels-last", m);
    for &v in members {
        // Pads, casts and their inits (`padded_channels` admits no other defined member).
        let widened = f.defining_op(v).is_some_and(|op| {
            let op = &f.ops[op];
            matches!(op.kind, OpKind::Pad { .. } | OpKind::Empty) || float_cast(op)
        });
        if !widened {
            continue;
        }
        let value = f.values.get_mut(v);
        let Type::Tensor(t) = &mut value.ty else {
            return Err(internal(format!("{v:?} is not a tensor")));
        };
        t.shape[1] = Dim::Static(padded);
    }
    let mut body = Vec::with_capacity(f.body.len());
    let mut replaced = Vec::new();
    for op_id in f.body.clone() {
        let op = &f.ops[op_id];
        let conv = match &op.kind {
            OpKind::Generic(g) => nchw_conv(op, g),
            _ => None,
        };
        if let Some((_, filter, _)) = conv.filter(|(input, _, _)| members.contains(input)) {
            let (data, shape) = filter_constant(f, filter)
                .ok_or_else(|| internal(format!("conv filter {filter:?} is not a constant")))?;
            let data = pad_filter_channels(data, &shape, padded);
            let dtype = f.values[filter].ty.dtype();
            let location = f.ops.location(op_id).clone();
            let mut wide = shape.clone();
            wide[1] = padded;
            let constant = f.append_op(
                OpKind::Constant(ConstantValue::Dense(data)),
                vec![],
                vec![Type::Tensor(TensorType::of(&wide, dtype))],
                location,
            );
            body.push(constant);
            f.ops.get_mut(op_id).operands[1] = f.ops[constant].results[0];
            replaced.push(filter);
        }
        body.push(op_id);
    }
    // The narrow filters no op reads any more: dropped (constants become buffers).
    let read: HashSet<ValueId> = body
        .iter()
        .flat_map(|&op| f.ops[op].operands.iter().copied())
        .chain(f.results.iter().copied())
        .collect();
    let dead: HashSet<OpId> = replaced
        .into_iter()
        .filter(|v| !read.contains(v))
        .filter_map(|v| f.defining_op(v))
        .collect();
    body.retain(|op| !dead.contains(op));
    f.body = body;
    Ok(())
}

/// Filter data `(f, c, kh, kw)` of `shape`, row-major, with its input channels widened to
/// `padded`, the new ones zero.
fn pad_filter_channels(data: &ElementsData, shape: &[u64], padded: u64) -> ElementsData {
    let [filters, channels, height, width] = [shape[0], shape[1], shape[2], shape[3]];
    let window = (height * width) as usize;
    fn widen<T: Copy + Default>(
        v: &[T],
        filters: u64,
        channels: u64,
        padded: u64,
        window: usize,
    ) -> Vec<T> {
        let mut out = vec![T::default(); (filters * padded) as usize * window];
        for o in 0..filters {
            for c in 0..channels {
                let from = ((o * channels + c) as usize) * window;
                let to = ((o * padded + c) as usize) * window;
                out[to..to + window].copy_from_slice(&v[from..from + window]);
            }
        }
        out
    }
    match data {
        ElementsData::F64(v) => ElementsData::F64(widen(v, filters, channels, padded, window)),
        ElementsData::F32(v) => ElementsData::F32(widen(v, filters, channels, padded, window)),
        ElementsData::F16(v) => ElementsData::F16(widen(v, filters, channels, padded, window)),
        ElementsData::BF16(v) => ElementsData::BF16(widen(v, filters, channels, padded, window)),
        ElementsData::I64(v) => ElementsData::I64(widen(v, filters, channels, padded, window)),
        ElementsData::I32(v) => ElementsData::I32(widen(v, filters, channels, padded, window)),
        ElementsData::I8(v) => ElementsData::I8(widen(v, filters, channels, padded, window)),
        ElementsData::I1(v) => ElementsData::I1(widen(v, filters, channels, padded, window)),
    }
}

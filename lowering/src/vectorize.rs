//! `vectorize`: 128-bit (4-lane) loads and stores along the contiguous innermost dimension of
//! `parallel untiled` loops.
//!
//! Applies when the innermost bound is a constant multiple of 4, every view access in the loop
//! body indexes its innermost dimension with exactly the innermost induction variable (stride
//! 1, or stride 0 for a broadcast, read as one scalar and splatted) or, for a load, with that
//! variable plus a multiple of 4 (a reshape that merged the dim with outer ones reads at
//! `outer * n + i`; a `rem` / `div` of the variable by a constant of at least its bound counts
//! as the variable / 0), the other strides and offsets are multiples of 4, the induction
//! variable has no other use, and the body is straight-line code. The loop then runs over
//! `n / 4` and every value depending on the innermost index becomes a 4-lane vector.
//!
//! Otherwise, when every access reads or writes a dense row-major tensor of the loop's own
//! static shape at exactly the loop indices (no broadcasting), the loop nest is collapsed to
//! one dimension of `N` elements: each iteration handles 4 consecutive elements with vector
//! loads / stores when they are all in range, and the last partial group with a scalar tail
//! loop. Anything else stays scalar.
//!
//! `kernel_ir::vector_lanes::vectorize_lanes` is the same rewrite for one straight-line block, called by the row
//! strategies of `lower-to-kernels` to turn the scalar code of one row element into a vec4 chunk.

use crate::error::CompileError;
use crate::kernel_ir::vector_lanes::LANES;
use crate::kernel_ir::walk::remap;
use crate::kernel_ir::{self as k, KernelBuilder, ParallelMarker, Stmt, Type};
use crate::pass::{CompilationUnit, Pass, Phase};
use std::collections::HashMap;

pub struct Vectorize;

impl Pass for Vectorize {
    fn name(&self) -> &'static str {
        "vectorize"
    }
    fn summary(&self) -> &'static str {
        "4-lane loads/stores along the contiguous innermost dimension"
    }
    fn requires(&self) -> Phase {
        Phase::Kernels
    }
    fn produces(&self) -> Phase {
        Phase::Vectorized
    }
    fn run(&self, unit: &mut CompilationUnit) -> Result<(), CompileError> {
        let kernels = std::mem::take(&mut unit.kernels);
        for kernel in kernels {
            unit.kernels.push(vectorize_kernel(kernel));
        }
        Ok(())
    }
}

pub fn vectorize_kernel(kernel: k::Kernel) -> k::Kernel {
    let (mut b, body) = KernelBuilder::rebuild(kernel);
    let mut constants: HashMap<k::Value, i64> = HashMap::new();
    crate::kernel_ir::walk(&body, &mut |s| {
        if let Stmt::Let {
            result,
            op: k::Op::Constant(k::Literal::Int(c)),
        } = s
        {
            constants.insert(*result, *c);
        }
    });
    for stmt in body.stmts {
        match stmt {
            Stmt::Let {
                result,
                op: k::Op::Constant(k::Literal::Int(c)),
            } => {
                constants.insert(result, c);
                b.push_stmt(Stmt::Let {
                    result,
                    op: k::Op::Constant(k::Literal::Int(c)),
                });
            }
            Stmt::Parallel {
                marker: ParallelMarker::Untiled,
                ivs,
                upper,
                body,
            } => {
                let n = upper.last().and_then(|u| constants.get(u)).copied();
                let mut rewritten = match n {
                    Some(n) if n % LANES as i64 == 0 && n > 0 => {
                        try_vectorize(&mut b, &ivs, &upper, n, &body, &constants)
                    }
                    _ => None,
                };
                if rewritten.is_none() {
                    rewritten = try_collapse_with_tail(&mut b, &ivs, &upper, &constants, &body);
                }
                if rewritten.is_none() {
                    b.push_stmt(Stmt::Parallel {
                        marker: ParallelMarker::Untiled,
                        ivs,
                        upper,
                        body,
                    });
                }
            }
            Stmt::Parallel {
                marker: ParallelMarker::Workgroup,
                ivs,
                upper,
                body,
            } => {
                let body = b.capture(|b| rewrite_strided_loops(b, body, &constants, &[]));
                b.push_stmt(Stmt::Parallel {
                    marker: ParallelMarker::Workgroup,
                    ivs,
                    upper,
                    body,
                });
            }
            other => b.push_stmt(other),
        }
    }
    b.finish()
}

/// Inside workgroup loops: re-emits `block`, vectorizing the strided row loops of row
/// reductions and softmax (`for t = lane to R step WG`, R a multiple of 4): each invocation then
/// reads 4 consecutive elements per step with one vector load, and accumulator updates combine
/// the 4 lanes first (float reassociation, as the workgroup reduction already does). Only loops
/// starting at a lane (an induction variable of an enclosing `parallel local`, in `lanes`) have
/// that form; the unrolled row loops of `lower-to-kernels` start elsewhere and are left alone.
fn rewrite_strided_loops(
    b: &mut KernelBuilder,
    block: k::Block,
    constants: &HashMap<k::Value, i64>,
    lanes: &[k::Value],
) {
    for stmt in block.stmts {
        match stmt {
            Stmt::Parallel {
                marker,
                ivs,
                upper,
                body,
            } => {
                let mut inner_lanes = lanes.to_vec();
                if marker == ParallelMarker::Local {
                    inner_lanes.extend(&ivs);
                }
                let body = b.capture(|b| rewrite_strided_loops(b, body, constants, &inner_lanes));
                b.push_stmt(Stmt::Parallel {
                    marker,
                    ivs,
                    upper,
                    body,
                });
            }
            Stmt::For {
                iv,
                lower,
                upper,
                step,
                body,
            } => {
                let rewritten = lanes.contains(&lower)
                    && try_vectorize_strided_loop(b, iv, lower, upper, step, &body, constants)
                        .is_some();
                if !rewritten {
                    b.push_stmt(Stmt::For {
                        iv,
                        lower,
                        upper,
                        step,
                        body,
                    });
                }
            }
            other => b.push_stmt(other),
        }
    }
}

fn try_vectorize_strided_loop(
    b: &mut KernelBuilder,
    iv: k::Value,
    lower: k::Value,
    upper: k::Value,
    step: k::Value,
    body: &k::Block,
    constants: &HashMap<k::Value, i64>,
) -> Option<()> {
    let n = *constants.get(&upper)?;
    let step_size = *constants.get(&step)?;
    if n <= 0 || n % LANES as i64 != 0 {
        return None;
    }
    // Accumulator loads (scalar allocations) and the view accesses indexed by iv.
    let mut acc_values: Vec<k::Value> = Vec::new();
    for stmt in &body.stmts {
        match stmt {
            Stmt::Let {
                result,
                op:
                    k::Op::Load {
                        place: k::Place::Allocation(_),
                        indices,
                    },
            } if indices.is_empty() => acc_values.push(*result),
            Stmt::Let {
                op:
                    k::Op::Load {
                        place: k::Place::View(view),
                        indices,
                    },
                ..
            }
            | Stmt::Store {
                place: k::Place::View(view),
                indices,
                ..
            } => {
                let v = &b.kernel.views[view.0 as usize];
                let last = indices.len().checked_sub(1)?;
                let aligned = v.strides[..last]
                    .iter()
                    .all(|s| s.as_const().is_some_and(|c| c % 4 == 0))
                    && v.offset.as_const().is_some_and(|c| c % 4 == 0)
                    && v.strides[last].is_const(1);
                if indices[last] != iv || indices[..last].contains(&iv) || !aligned {
                    return None;
                }
            }
            Stmt::Store {
                place: k::Place::Allocation(_),
                indices,
                ..
            } if indices.is_empty() => {}
            Stmt::Let { op, .. } => {
                if op.operands().contains(&iv) || matches!(op, k::Op::Load { .. }) {
                    return None;
                }
            }
            _ => return None,
        }
    }
    // Accumulator values may only feed `op(acc, x)` as the left operand (the lane-combining
    // rewrite below); anything else would need a vector in a scalar allocation.
    for stmt in &body.stmts {
        if let Stmt::Let { op, .. } = stmt {
            let uses_acc = op.operands().iter().any(|v| acc_values.contains(v));
            let accumulate = matches!(op, k::Op::Binary { op: k::BinaryOp::Add | k::BinaryOp::Mul | k::BinaryOp::Min | k::BinaryOp::Max, lhs, rhs }
                if acc_values.contains(lhs) && !acc_values.contains(rhs));
            if uses_acc && !accumulate {
                return None;
            }
        }
    }
    let types: Vec<Type> = b.kernel.values.iter().map(|(_, v)| v.ty).collect();
    let scalar = |t: Type| match t {
        Type::Scalar(s) | Type::Vector(s, _) => s,
        Type::Matrix(m) => m.element,
    };
    let groups = n / LANES as i64;
    let stmts = body.stmts.clone();
    // With a trip count that does not depend on the invocation (groups divisible by the step),
    // iterate over a constant count so the driver can unroll and keep all loads in flight.
    let uniform_trips = step_size > 0 && groups % step_size == 0;
    let (loop_lower, loop_upper, loop_step) = if uniform_trips {
        (b.index(0), b.index(groups / step_size), b.index(1))
    } else {
        (lower, b.index(groups), step)
    };
    b.for_loop(loop_lower, loop_upper, loop_step, |b, j| {
        let t4 = if uniform_trips {
            let offset = b.binary(k::BinaryOp::Mul, j, step);
            b.binary(k::BinaryOp::Add, lower, offset)
        } else {
            j
        };
        let four = b.index(LANES as i64);
        let base = b.binary(k::BinaryOp::Mul, t4, four);
        let mut map: HashMap<k::Value, (k::Value, bool)> = HashMap::new();
        let splat = |b: &mut KernelBuilder, v: k::Value| {
            let s = scalar(b.type_of(v));
            b.let_op(Type::Vector(s, LANES), k::Op::Splat { arg: v })
        };
        for stmt in stmts {
            match stmt {
                Stmt::Let {
                    result,
                    op:
                        k::Op::Load {
                            place: place @ k::Place::View(_),
                            mut indices,
                        },
                } => {
                    *indices.last_mut().expect("rank >= 1") = base;
                    let indices = indices
                        .iter()
                        .map(|i| map.get(i).map(|x| x.0).unwrap_or(*i))
                        .collect();
                    let x = b.load(
                        Type::Vector(scalar(types[result.index()]), LANES),
                        place,
                        indices,
                    );
                    map.insert(result, (x, true));
                }
                Stmt::Let {
                    result,
                    op: k::Op::Binary { op, lhs, rhs },
                } if acc_values.contains(&lhs) => {
                    let (v, is_vec) = map.get(&rhs).copied().unwrap_or((rhs, false));
                    let cur = map.get(&lhs).map(|x| x.0).unwrap_or(lhs);
                    if !is_vec {
                        let x = b.binary(op, cur, v);
                        map.insert(result, (x, false));
                        continue;
                    }
                    // acc = op(acc, vector): combine the lanes, then the accumulator.
                    let lanes: Vec<k::Value> = (0..LANES)
                        .map(|lane| {
                            let s = scalar(b.type_of(v));
                            b.let_op(Type::Scalar(s), k::Op::Extract { vector: v, lane })
                        })
                        .collect();
                    let low = b.binary(op, lanes[0], lanes[1]);
                    let high = b.binary(op, lanes[2], lanes[3]);
                    let h = b.binary(op, low, high);
                    let x = b.binary(op, cur, h);
                    map.insert(result, (x, false));
                }
                Stmt::Let { result, op } => {
                    let any_vector = op
                        .operands()
                        .iter()
                        .any(|o| map.get(o).is_some_and(|x| x.1));
                    let new_op = remap(&op, &mut |v| match map.get(&v).copied() {
                        Some((nv, true)) => nv,
                        Some((nv, false)) if any_vector => splat(b, nv),
                        Some((nv, false)) => nv,
                        None if any_vector => splat(b, v),
                        None => v,
                    });
                    let ty = types[result.index()];
                    let out = if any_vector {
                        Type::Vector(scalar(ty), LANES)
                    } else {
                        ty
                    };
                    let x = b.let_op(out, new_op);
                    map.insert(result, (x, any_vector));
                }
                Stmt::Store {
                    place,
                    mut indices,
                    value,
                } => {
                    let (x, is_vec) = map.get(&value).copied().unwrap_or((value, false));
                    if let k::Place::View(_) = place {
                        *indices.last_mut().expect("rank >= 1") = base;
                        let indices = indices
                            .iter()
                            .map(|i| map.get(i).map(|x| x.0).unwrap_or(*i))
                            .collect();
                        let x = if is_vec { x } else { splat(b, x) };
                        b.store(place, indices, x);
                    } else {
                        b.store(place, indices, x);
                    }
                }
                _ => unreachable!("checked above"),
            }
        }
    });
    Some(())
}

/// Emits the vectorized loop, or returns `None` (emitting nothing) when the body does not fit.
fn try_vectorize(
    b: &mut KernelBuilder,
    ivs: &[k::Value],
    upper: &[k::Value],
    n: i64,
    body: &k::Block,
    constants: &HashMap<k::Value, i64>,
) -> Option<()> {
    let inner = *ivs.last()?;
    let inner_indices = InnerIndices::of(inner, n, body, constants);
    // A load's innermost index that moves with `inner` lane by lane ([`InnerIndices`]).
    let along = |i: &k::Value| inner_indices.along.contains(i);
    let depends = |i: &k::Value| inner_indices.dependent.contains(i);
    // Values that become vectors (depend on a load along `inner`): an index computed from one
    // (a gather's) would need one load per lane, so such a loop stays scalar.
    let mut lanes_vary: std::collections::HashSet<k::Value> = std::collections::HashSet::new();
    // Check every use of `inner` and every view access first.
    for stmt in &body.stmts {
        match stmt {
            Stmt::Let {
                result,
                op: k::Op::Load { indices, .. },
            } => {
                if indices.iter().any(|i| lanes_vary.contains(i)) {
                    return None;
                }
                if indices.last().is_some_and(along) {
                    lanes_vary.insert(*result);
                }
            }
            Stmt::Let { result, op } if op.operands().iter().any(|o| lanes_vary.contains(o)) => {
                lanes_vary.insert(*result);
            }
            Stmt::Store { indices, .. } if indices.iter().any(|i| lanes_vary.contains(i)) => {
                return None;
            }
            _ => {}
        }
        let (place, indices) = match stmt {
            Stmt::Let {
                op: k::Op::Load { place, indices },
                ..
            } => (place, indices),
            Stmt::Store { place, indices, .. } => (place, indices),
            Stmt::Let { result, op } => {
                // Only the index computations along `inner` may use it (directly or not).
                if op.operands().iter().any(depends) && !inner_indices.index_ops.contains(result) {
                    return None;
                }
                continue;
            }
            _ => return None,
        };
        let k::Place::View(view) = place else {
            return None;
        };
        let v = &b.kernel.views[view.0 as usize];
        let last = indices.len().checked_sub(1)?;
        if indices[..last].iter().any(depends) {
            return None;
        }
        let aligned = v.strides[..last]
            .iter()
            .all(|s| s.as_const().is_some_and(|c| c % 4 == 0))
            && v.offset.as_const().is_some_and(|c| c % 4 == 0);
        if indices[last] != inner && along(&indices[last]) {
            // Offset along `inner`: loads only, contiguous.
            if matches!(stmt, Stmt::Store { .. }) || !v.strides[last].is_const(1) || !aligned {
                return None;
            }
        } else if indices[last] == inner {
            if !(v.strides[last].is_const(1) || v.strides[last].is_const(0)) || !aligned {
                return None;
            }
        } else if matches!(stmt, Stmt::Store { .. }) {
            return None;
        }
    }
    let quarter = b.index(n / LANES as i64);
    let mut new_upper = upper.to_vec();
    *new_upper.last_mut()? = quarter;
    let types: Vec<Type> = b.kernel.values.iter().map(|(_, v)| v.ty).collect();
    let stmts = body.stmts.clone();
    b.parallel(ParallelMarker::Untiled, new_upper, |b, new_ivs| {
        let four = b.index(LANES as i64);
        let base = b.binary(k::BinaryOp::Mul, *new_ivs.last().expect("iv"), four);
        // old value -> (new value, is vector)
        let mut map: HashMap<k::Value, (k::Value, bool)> = HashMap::new();
        for (old, new) in ivs.iter().zip(new_ivs) {
            map.insert(*old, (*new, false));
        }
        map.insert(inner, (base, false));
        let vector_of = |s: k::ScalarType| Type::Vector(s, LANES);
        let scalar = |t: Type| match t {
            Type::Scalar(s) | Type::Vector(s, _) => s,
            Type::Matrix(m) => m.element,
        };
        let get = |map: &HashMap<k::Value, (k::Value, bool)>, v: k::Value| map.get(&v).copied().unwrap_or((v, false));
        for stmt in stmts {
            match stmt {
                Stmt::Let { result, op: k::Op::Load { place, indices } } => {
                    let idx: Vec<k::Value> = indices.iter().map(|i| get(&map, *i).0).collect();
                    let contiguous = indices.last().is_some_and(along)
                        && matches!(place, k::Place::View(v) if b.kernel.views[v.0 as usize].strides.last().is_some_and(|s| s.is_const(1)));
                    let ty = types[result.index()];
                    if contiguous {
                        let x = b.load(vector_of(scalar(ty)), place, idx);
                        map.insert(result, (x, true));
                    } else {
                        let x = b.load(ty, place, idx);
                        map.insert(result, (x, false));
                    }
                }
                Stmt::Let { result, op } => {
                    let ops = op.operands();
                    let any_vector = ops.iter().any(|o| get(&map, *o).1);
                    let ty = types[result.index()];
                    let new_op = remap(&op, &mut |v| {
                        let (nv, is_vec) = get(&map, v);
                        if any_vector && !is_vec {
                            let s = scalar(b_type(&types, &map, v, b));
                            b.let_op(vector_of(s), k::Op::Splat { arg: nv })
                        } else {
                            nv
                        }
                    });
                    let out_ty = if any_vector { vector_of(scalar(ty)) } else { ty };
                    let x = b.let_op(out_ty, new_op);
                    map.insert(result, (x, any_vector));
                }
                Stmt::Store { place, indices, value } => {
                    let idx: Vec<k::Value> = indices.iter().map(|i| get(&map, *i).0).collect();
                    let (v, is_vec) = get(&map, value);
                    let v = if is_vec {
                        v
                    } else {
                        let s = scalar(b.type_of(v));
                        b.let_op(vector_of(s), k::Op::Splat { arg: v })
                    };
                    b.store(place, idx, v);
                }
                _ => unreachable!("checked above: straight-line body"),
            }
        }
    });
    Some(())
}

/// How a body indexes along its innermost loop index `inner` (of constant bound `n`) besides
/// using it directly ([`InnerIndices::of`]).
struct InnerIndices {
    /// Values equal to `inner` plus a multiple of 4 over the loop's range (`inner` itself, a
    /// `rem` of one by a constant of at least `n`, or one plus a multiple of 4 that does not
    /// depend on `inner`): a contiguous innermost dim indexed by one still moves 4 elements a
    /// vector, aligned. A reshape that merged `inner`'s dim with outer ones reads at
    /// `outer * n + inner`, a squeeze at `inner rem n`.
    along: std::collections::HashSet<k::Value>,
    /// The index computations that may use values depending on `inner`: those of `along` and
    /// `div`s of one by a constant of at least `n` (zero over the range).
    index_ops: std::collections::HashSet<k::Value>,
    /// Values that depend on `inner` (zero `div`s excluded).
    dependent: std::collections::HashSet<k::Value>,
}

impl InnerIndices {
    fn of(inner: k::Value, n: i64, body: &k::Block, constants: &HashMap<k::Value, i64>) -> Self {
        use std::collections::HashSet;
        let multiple = |c: i64| c % LANES as i64 == 0;
        let mut multiples: HashSet<k::Value> = constants
            .iter()
            .filter(|(_, c)| multiple(**c))
            .map(|(v, _)| *v)
            .collect();
        let mut along = HashSet::from([inner]);
        // `inner` itself and its `rem`s by constants of at least `n` (equal to it).
        let mut aliases = HashSet::from([inner]);
        let mut index_ops = HashSet::new();
        let mut dependent = HashSet::from([inner]);
        let at_least_n = |v: &k::Value| constants.get(v).is_some_and(|c| *c >= n);
        for stmt in &body.stmts {
            let Stmt::Let { result, op } = stmt else {
                continue;
            };
            let k::Op::Binary {
                op: binary,
                lhs,
                rhs,
            } = op
            else {
                if let k::Op::Constant(k::Literal::Int(c)) = op {
                    if multiple(*c) {
                        multiples.insert(*result);
                    }
                }
                // Loaded values vary by lane as vectors do (the rewrite's business), not as
                // index arithmetic.
                let load = matches!(op, k::Op::Load { .. });
                if !load && op.operands().iter().any(|o| dependent.contains(o)) {
                    dependent.insert(*result);
                }
                continue;
            };
            match binary {
                k::BinaryOp::Div if aliases.contains(lhs) && at_least_n(rhs) => {
                    index_ops.insert(*result);
                    multiples.insert(*result);
                    continue;
                }
                k::BinaryOp::Rem if aliases.contains(lhs) && at_least_n(rhs) => {
                    aliases.insert(*result);
                    along.insert(*result);
                }
                k::BinaryOp::Add
                    if (along.contains(lhs) && multiples.contains(rhs))
                        || (along.contains(rhs) && multiples.contains(lhs)) =>
                {
                    along.insert(*result);
                }
                k::BinaryOp::Mul
                    if !dependent.contains(lhs)
                        && !dependent.contains(rhs)
                        && (multiples.contains(lhs) || multiples.contains(rhs)) =>
                {
                    multiples.insert(*result);
                }
                k::BinaryOp::Add if multiples.contains(lhs) && multiples.contains(rhs) => {
                    multiples.insert(*result);
                }
                _ => {}
            }
            if along.contains(result) {
                index_ops.insert(*result);
            }
            if dependent.contains(lhs) || dependent.contains(rhs) {
                dependent.insert(*result);
            }
        }
        InnerIndices {
            along,
            index_ops,
            dependent,
        }
    }
}

/// The collapse + scalar tail form (see the module docs), or `None` when the body does not fit.
fn try_collapse_with_tail(
    b: &mut KernelBuilder,
    ivs: &[k::Value],
    upper: &[k::Value],
    constants: &HashMap<k::Value, i64>,
    body: &k::Block,
) -> Option<()> {
    let sizes: Vec<i64> = upper
        .iter()
        .map(|u| constants.get(u).copied())
        .collect::<Option<_>>()?;
    let total: i64 = sizes.iter().product();
    if total < LANES as i64 {
        return None;
    }
    let mut contiguous = vec![1i64; sizes.len()];
    for d in (0..sizes.len().saturating_sub(1)).rev() {
        contiguous[d] = contiguous[d + 1] * sizes[d + 1];
    }
    for stmt in &body.stmts {
        let (place, indices) = match stmt {
            Stmt::Let {
                op: k::Op::Load { place, indices },
                ..
            }
            | Stmt::Store { place, indices, .. } => (place, indices),
            Stmt::Let { op, .. } => {
                if op.operands().iter().any(|v| ivs.contains(v)) {
                    return None;
                }
                continue;
            }
            _ => return None,
        };
        let k::Place::View(view) = place else {
            return None;
        };
        let v = &b.kernel.views[view.0 as usize];
        let dense = indices.as_slice() == ivs
            && v.offset.is_const(0)
            && v.shape.iter().zip(&sizes).all(|(s, n)| s.is_const(*n))
            && v.strides
                .iter()
                .zip(&contiguous)
                .all(|(s, c)| s.is_const(*c) || sizes.len() == 1);
        if !dense {
            return None;
        }
    }
    // One 1-D view per binding.
    let mut flat: HashMap<k::ViewId, k::ViewId> = HashMap::new();
    for stmt in &body.stmts {
        if let Stmt::Let {
            op:
                k::Op::Load {
                    place: k::Place::View(v),
                    ..
                },
            ..
        }
        | Stmt::Store {
            place: k::Place::View(v),
            ..
        } = stmt
        {
            let binding = b.kernel.views[v.0 as usize].binding;
            let view = b.add_view(k::BufferView {
                binding,
                offset: crate::size_expr::SizeExpr::Const(0),
                shape: vec![crate::size_expr::SizeExpr::Const(total)],
                strides: vec![crate::size_expr::SizeExpr::Const(1)],
            });
            flat.insert(*v, view);
        }
    }
    let types: Vec<Type> = b.kernel.values.iter().map(|(_, v)| v.ty).collect();
    let groups = b.index((total + LANES as i64 - 1) / LANES as i64);
    let stmts = body.stmts.clone();
    b.parallel(ParallelMarker::Untiled, vec![groups], |b, q| {
        let four = b.index(LANES as i64);
        let base = b.binary(k::BinaryOp::Mul, q[0], four);
        let emit = |b: &mut KernelBuilder, index: k::Value, vector: bool| {
            let mut map: HashMap<k::Value, (k::Value, bool)> = HashMap::new();
            let scalar = |t: Type| match t {
                Type::Scalar(s) | Type::Vector(s, _) => s,
                Type::Matrix(m) => m.element,
            };
            for stmt in &stmts {
                match stmt {
                    Stmt::Let {
                        result,
                        op:
                            k::Op::Load {
                                place: k::Place::View(v),
                                ..
                            },
                    } => {
                        let ty = types[result.index()];
                        let ty = if vector {
                            Type::Vector(scalar(ty), LANES)
                        } else {
                            ty
                        };
                        let x = b.load(ty, k::Place::View(flat[v]), vec![index]);
                        map.insert(*result, (x, vector));
                    }
                    Stmt::Let { result, op } => {
                        let any_vector = op
                            .operands()
                            .iter()
                            .any(|o| map.get(o).is_some_and(|x| x.1));
                        let new_op = remap(op, &mut |v| match map.get(&v).copied() {
                            Some((nv, true)) => nv,
                            Some((nv, false)) if any_vector => {
                                let s = scalar(b.type_of(nv));
                                b.let_op(Type::Vector(s, LANES), k::Op::Splat { arg: nv })
                            }
                            Some((nv, false)) => nv,
                            None if any_vector => {
                                let s = scalar(b.type_of(v));
                                b.let_op(Type::Vector(s, LANES), k::Op::Splat { arg: v })
                            }
                            None => v,
                        });
                        let ty = types[result.index()];
                        let out = if any_vector {
                            Type::Vector(scalar(ty), LANES)
                        } else {
                            ty
                        };
                        let x = b.let_op(out, new_op);
                        map.insert(*result, (x, any_vector));
                    }
                    Stmt::Store {
                        place: k::Place::View(v),
                        value,
                        ..
                    } => {
                        let (x, is_vec) = map.get(value).copied().unwrap_or((*value, false));
                        let x = if vector && !is_vec {
                            let s = scalar(b.type_of(x));
                            b.let_op(Type::Vector(s, LANES), k::Op::Splat { arg: x })
                        } else {
                            x
                        };
                        b.store(k::Place::View(flat[v]), vec![index], x);
                    }
                    _ => unreachable!("checked above: straight-line view accesses"),
                }
            }
        };
        if total % LANES as i64 == 0 {
            emit(b, base, true);
        } else {
            let end = b.binary(k::BinaryOp::Add, base, four);
            let n = b.index(total);
            let full = b.compare(k::CompareOp::Le, end, n);
            b.if_then_else(
                full,
                |b| emit(b, base, true),
                |b| {
                    let one = b.index(1);
                    b.for_loop(base, n, one, |b, t| emit(b, t, false));
                },
            );
        }
    });
    Some(())
}

fn b_type(
    _types: &[Type],
    map: &HashMap<k::Value, (k::Value, bool)>,
    v: k::Value,
    b: &KernelBuilder,
) -> Type {
    b.type_of(map.get(&v).map(|x| x.0).unwrap_or(v))
}

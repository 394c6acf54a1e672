//! Shape inference and the verifier for the Tensor IR.
//!
//! [`infer_result_types`] derives the result types of one op from its operand types (and, for the
//! ops whose result cannot be derived — `tensor.empty`, `arith.constant`, `tensor.expand_shape` —
//! checks the declared type), rejecting ill-typed ops with a message that says what is wrong.
//! The builder, the parser and the ONNX importer call it for every op they create; [`verify_function`]
//! re-checks a whole function: the structural invariants documented in `syntax.rs` (defs, topological
//! order, handles in range) and that every op's stored result types are the inferred ones.
//! Symbolic dims are compared by name; a static and a symbolic dim never match.

use crate::ir::ScalarOpClass;
use crate::syntax::*;

mod generic;
use generic::infer_generic;
pub use generic::verify_body;
pub(crate) use generic::verify_body_instruction;

/// A verifier or shape-inference failure, naming the function, the op and where it came from.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{location}: in @{function}: '{op}': {message}")]
pub struct VerifyError {
    pub function: String,
    /// The MLIR name of the op (or `func.func` / `return` for function-level problems).
    pub op: String,
    pub location: Location,
    pub message: String,
}

/// Checks a whole module: unique function names, then every function.
pub fn verify_module(module: &Module) -> Result<(), VerifyError> {
    for (i, f) in module.functions.iter().enumerate() {
        if module.functions[..i].iter().any(|g| g.name == f.name) {
            return Err(VerifyError {
                function: f.name.clone(),
                op: "func.func".into(),
                location: Location::Unknown,
                message: format!("redefinition of function @{}", f.name),
            });
        }
        verify_function(f)?;
    }
    Ok(())
}

/// Checks the invariants of `syntax.rs` on one function and re-infers every op's result types.
pub fn verify_function(f: &Function) -> Result<(), VerifyError> {
    let fail = |op: &str, location: &Location, message: String| VerifyError {
        function: f.name.clone(),
        op: op.to_string(),
        location: location.clone(),
        message,
    };
    for (v, value) in f.values.iter() {
        if let Type::Tensor(t) = &value.ty {
            if let Some(Dim::Symbol(s)) = t
                .shape
                .iter()
                .find(|d| matches!(d, Dim::Symbol(s) if s.is_empty() || s.contains([',', '"'])))
            {
                return Err(fail(
                    "func.func",
                    &Location::Unknown,
                    format!("value {v:?} has an invalid symbolic dim name '{s}'"),
                ));
            }
            // Sizes are int64 in MLIR and byte offsets are computed from them: an element
            // count past 2^63-1 would wrap (a 2^64 dim ran as a 0-element tensor).
            let count = t
                .shape
                .iter()
                .try_fold(1u64, |n, d| n.checked_mul(d.as_static().unwrap_or(1)))
                .filter(|&n| n <= i64::MAX as u64);
            if count.is_none() {
                return Err(fail(
                    "func.func",
                    &Location::Unknown,
                    format!("value {v:?} of type {t} has more than 2^63-1 elements"),
                ));
            }
        }
    }
    let mut defined = vec![false; f.values.len()];
    for (i, &a) in f.arguments.iter().enumerate() {
        match f.values.try_get(a) {
            Some(v) if v.def == ValueDef::Argument(i as u32) => defined[a.index()] = true,
            _ => {
                return Err(fail(
                    "func.func",
                    &Location::Unknown,
                    format!("argument {i} is not recorded as argument {i}"),
                ))
            }
        }
    }
    let mut seen_ops = vec![false; f.ops.len()];
    for &op_id in &f.body {
        let Some(op) = f.ops.try_get(op_id) else {
            return Err(fail(
                "func.func",
                &Location::Unknown,
                format!("body lists op {op_id:?} outside the op arena"),
            ));
        };
        let loc = f.ops.location(op_id);
        let name = op.kind.name();
        if std::mem::replace(&mut seen_ops[op_id.index()], true) {
            return Err(fail(name, loc, "op listed twice in the body".into()));
        }
        for (i, &v) in op.operands.iter().enumerate() {
            if v.index() >= defined.len() || !defined[v.index()] {
                return Err(fail(
                    name,
                    loc,
                    format!("operand #{i} is used before its definition"),
                ));
            }
        }
        check_scalar_body_captures(f, &op.kind, &defined).map_err(|m| fail(name, loc, m))?;
        for (i, &r) in op.results.iter().enumerate() {
            match f.values.try_get(r) {
                Some(v)
                    if v.def
                        == (ValueDef::OpResult {
                            op: op_id,
                            index: i as u32,
                        }) => {}
                _ => {
                    return Err(fail(
                        name,
                        loc,
                        format!("result #{i} is not recorded as a result of this op"),
                    ))
                }
            }
            if std::mem::replace(&mut defined[r.index()], true) {
                return Err(fail(name, loc, format!("result #{i} defined twice")));
            }
        }
        let declared: Vec<Type> = op.results.iter().map(|&r| f.values[r].ty.clone()).collect();
        let inferred = infer_result_types(f, &op.kind, &op.operands, Some(&declared))
            .map_err(|m| fail(name, loc, m))?;
        if inferred != declared {
            return Err(fail(
                name,
                loc,
                format!(
                    "result types {} differ from the inferred {}",
                    list(&declared),
                    list(&inferred)
                ),
            ));
        }
    }
    for (i, &r) in f.results.iter().enumerate() {
        if r.index() >= defined.len() || !defined[r.index()] {
            return Err(fail(
                "func.return",
                &Location::Unknown,
                format!("returned value #{i} is not defined in the body"),
            ));
        }
    }
    Ok(())
}

fn list(types: &[Type]) -> String {
    let v: Vec<String> = types.iter().map(|t| t.to_string()).collect();
    format!("({})", v.join(", "))
}

fn check_scalar_body_captures(f: &Function, kind: &OpKind, defined: &[bool]) -> Result<(), String> {
    let body = match kind {
        OpKind::Generic(g) => &g.body,
        OpKind::Reduce(r) => &r.body,
        _ => return Ok(()),
    };
    for inst in &body.instructions {
        for r in inst.operands.iter().chain(&body.yields) {
            if let ScalarRef::Outer(v) = r {
                if v.index() >= defined.len() || !defined[v.index()] {
                    return Err("the body uses an outer value before its definition".into());
                }
                if !matches!(f.values[*v].ty, Type::Scalar(_)) {
                    return Err("the body captures a non-scalar outer value".into());
                }
            }
        }
    }
    Ok(())
}

fn dims_str(shape: &[Dim]) -> String {
    let v: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
    format!("[{}]", v.join(", "))
}

fn tensor<'a>(f: &'a Function, v: ValueId, what: &str) -> Result<&'a TensorType, String> {
    match f.values.try_get(v).map(|v| &v.ty) {
        Some(Type::Tensor(t)) => Ok(t),
        Some(Type::Scalar(d)) => Err(format!("{what} must be a tensor, got {d}")),
        None => Err(format!("{what} is not a value of this function")),
    }
}

fn scalar(f: &Function, v: ValueId, what: &str) -> Result<DType, String> {
    match f.values.try_get(v).map(|v| &v.ty) {
        Some(Type::Scalar(d)) => Ok(*d),
        Some(t) => Err(format!("{what} must be a scalar, got {t}")),
        None => Err(format!("{what} is not a value of this function")),
    }
}

fn expect_rank(t: &TensorType, rank: usize, what: &str) -> Result<(), String> {
    if t.rank() != rank {
        return Err(format!("{what} must have rank {rank}, got {t}"));
    }
    Ok(())
}

fn same(a: &Dim, b: &Dim, what: &str) -> Result<(), String> {
    if a != b {
        return Err(format!("{what}: {a} vs {b}"));
    }
    Ok(())
}

fn count(operands: &[ValueId], n: usize) -> Result<(), String> {
    if operands.len() != n {
        return Err(format!("expects {n} operands, got {}", operands.len()));
    }
    Ok(())
}

/// Output size of a sliding window: `(in - dilation * (k - 1) - 1) / stride + 1`.
pub fn window_output_dim(
    input: &Dim,
    kernel: &Dim,
    stride: u64,
    dilation: u64,
) -> Result<Dim, String> {
    match (input, kernel) {
        (Dim::Static(i), Dim::Static(k)) => {
            let span = dilation * (k.saturating_sub(1)) + 1;
            if *i < span {
                return Err(format!(
                    "window of extent {span} does not fit in input dim {i}"
                ));
            }
            Ok(Dim::Static((i - span) / stride + 1))
        }
        (Dim::Symbol(s), Dim::Static(1)) if stride == 1 => Ok(Dim::Symbol(s.clone())),
        _ => Err(format!(
            "sliding window over symbolic dim {input} (kernel {kernel}) is not supported"
        )),
    }
}

/// The result types of an op, from its operand types. `declared` are the result types written in
/// the source (required for `tensor.empty`, `arith.constant` and `tensor.expand_shape`).
pub fn infer_result_types(
    f: &Function,
    kind: &OpKind,
    operands: &[ValueId],
    declared: Option<&[Type]>,
) -> Result<Vec<Type>, String> {
    let declared_one = || -> Result<Type, String> {
        match declared {
            Some([t]) => Ok(t.clone()),
            Some(ts) => Err(format!("expects 1 result, got {}", ts.len())),
            None => Err("needs a declared result type".into()),
        }
    };
    match kind {
        OpKind::Constant(value) => {
            count(operands, 0)?;
            let ty = declared_one()?;
            check_constant(value, &ty)?;
            Ok(vec![ty])
        }
        OpKind::Empty => {
            count(operands, 0)?;
            let ty = declared_one()?;
            if ty.as_tensor().is_none() {
                return Err(format!("result must be a tensor, got {ty}"));
            }
            Ok(vec![ty])
        }
        OpKind::Generic(g) => infer_generic(f, g, operands),
        OpKind::Fill => {
            count(operands, 2)?;
            let value = scalar(f, operands[0], "the fill value")?;
            let init = tensor(f, operands[1], "the init")?;
            if value != init.dtype {
                return Err(format!(
                    "fill value type {value} differs from the init element type {}",
                    init.dtype
                ));
            }
            Ok(vec![Type::Tensor(init.clone())])
        }
        OpKind::Matmul | OpKind::BatchMatmul | OpKind::Matvec => {
            count(operands, 3)?;
            let a = tensor(f, operands[0], "the lhs")?;
            let b = tensor(f, operands[1], "the rhs")?;
            let c = tensor(f, operands[2], "the init")?;
            match kind {
                OpKind::Matmul => {
                    expect_rank(a, 2, "the lhs")?;
                    expect_rank(b, 2, "the rhs")?;
                    expect_rank(c, 2, "the init")?;
                    same(&a.shape[1], &b.shape[0], "contraction dims differ")?;
                    same(&a.shape[0], &c.shape[0], "M differs between lhs and init")?;
                    same(&b.shape[1], &c.shape[1], "N differs between rhs and init")?;
                }
                OpKind::BatchMatmul => {
                    expect_rank(a, 3, "the lhs")?;
                    expect_rank(b, 3, "the rhs")?;
                    expect_rank(c, 3, "the init")?;
                    same(&a.shape[0], &b.shape[0], "batch dims differ")?;
                    same(&a.shape[0], &c.shape[0], "batch dims differ")?;
                    same(&a.shape[2], &b.shape[1], "contraction dims differ")?;
                    same(&a.shape[1], &c.shape[1], "M differs between lhs and init")?;
                    same(&b.shape[2], &c.shape[2], "N differs between rhs and init")?;
                }
                _ => {
                    expect_rank(a, 2, "the matrix")?;
                    expect_rank(b, 1, "the vector")?;
                    expect_rank(c, 1, "the init")?;
                    same(&a.shape[1], &b.shape[0], "contraction dims differ")?;
                    same(
                        &a.shape[0],
                        &c.shape[0],
                        "M differs between matrix and init",
                    )?;
                }
            }
            check_float_or_same(a, b, c)?;
            Ok(vec![Type::Tensor(c.clone())])
        }
        OpKind::Conv2d(conv) => {
            count(operands, 3)?;
            let input = tensor(f, operands[0], "the input")?;
            let filter = tensor(f, operands[1], "the filter")?;
            let init = tensor(f, operands[2], "the init")?;
            check_float_or_same(input, filter, init)?;
            let expected = conv_output_shape(conv, input, filter)?;
            if expected != init.shape {
                return Err(format!(
                    "init shape {} differs from the convolution output shape {}",
                    dims_str(&init.shape),
                    dims_str(&expected)
                ));
            }
            Ok(vec![Type::Tensor(init.clone())])
        }
        OpKind::Pooling(p) => {
            count(operands, 3)?;
            let input = tensor(f, operands[0], "the input")?;
            let window = tensor(f, operands[1], "the window")?;
            let init = tensor(f, operands[2], "the init")?;
            if p.kind == PoolKind::Min && p.layout == PoolLayout::Nchw {
                return Err(
                    "linalg has no pooling_nchw_min; use pooling_nhwc_min or linalg.generic".into(),
                );
            }
            expect_rank(input, 4, "the input")?;
            expect_rank(window, 2, "the window")?;
            expect_rank(init, 4, "the init")?;
            if input.dtype != init.dtype {
                return Err("input and init element types differ".into());
            }
            let (h, w, n, c) = match p.layout {
                PoolLayout::Nhwc => (1, 2, 0, 3),
                PoolLayout::Nchw => (2, 3, 0, 1),
            };
            let mut expected = input.shape.clone();
            expected[h] = window_output_dim(
                &input.shape[h],
                &window.shape[0],
                p.strides[0],
                p.dilations[0],
            )?;
            expected[w] = window_output_dim(
                &input.shape[w],
                &window.shape[1],
                p.strides[1],
                p.dilations[1],
            )?;
            let _ = (n, c);
            if expected != init.shape {
                return Err(format!(
                    "init shape {} differs from the pooling output shape {}",
                    dims_str(&init.shape),
                    dims_str(&expected)
                ));
            }
            check_strides(&p.strides, &p.dilations)?;
            Ok(vec![Type::Tensor(init.clone())])
        }
        OpKind::Transpose { permutation } => {
            count(operands, 2)?;
            let input = tensor(f, operands[0], "the input")?;
            let init = tensor(f, operands[1], "the init")?;
            check_permutation(permutation, input.rank())?;
            expect_rank(init, input.rank(), "the init")?;
            for (j, &p) in permutation.iter().enumerate() {
                same(
                    &init.shape[j],
                    &input.shape[p],
                    &format!("init dim {j} differs from input dim {p}"),
                )?;
            }
            if input.dtype != init.dtype {
                return Err("input and init element types differ".into());
            }
            Ok(vec![Type::Tensor(init.clone())])
        }
        OpKind::Broadcast { dimensions } => {
            count(operands, 2)?;
            let input = tensor(f, operands[0], "the input")?;
            let init = tensor(f, operands[1], "the init")?;
            check_sorted_unique(dimensions, init.rank(), "dimensions")?;
            expect_rank(init, input.rank() + dimensions.len(), "the init")?;
            let kept: Vec<usize> = (0..init.rank())
                .filter(|d| !dimensions.contains(d))
                .collect();
            for (i, &d) in kept.iter().enumerate() {
                same(
                    &input.shape[i],
                    &init.shape[d],
                    &format!("input dim {i} differs from init dim {d}"),
                )?;
            }
            if input.dtype != init.dtype {
                return Err("input and init element types differ".into());
            }
            Ok(vec![Type::Tensor(init.clone())])
        }
        OpKind::Reduce(r) => {
            count(operands, 2)?;
            let input = tensor(f, operands[0], "the input")?;
            let init = tensor(f, operands[1], "the init")?;
            check_sorted_unique(&r.dimensions, input.rank(), "dimensions")?;
            let kept: Vec<&Dim> = (0..input.rank())
                .filter(|d| !r.dimensions.contains(d))
                .map(|d| &input.shape[d])
                .collect();
            if kept.len() != init.rank() || kept.iter().zip(&init.shape).any(|(a, b)| *a != b) {
                return Err(format!(
                    "init shape {} is not the input shape {} without dims {:?}",
                    dims_str(&init.shape),
                    dims_str(&input.shape),
                    r.dimensions
                ));
            }
            verify_body(f, &r.body, &[input.dtype, init.dtype], &[init.dtype])?;
            Ok(vec![Type::Tensor(init.clone())])
        }
        OpKind::Softmax { dimension } => {
            count(operands, 2)?;
            let input = tensor(f, operands[0], "the input")?;
            let init = tensor(f, operands[1], "the init")?;
            if *dimension >= input.rank() {
                return Err(format!("dimension {dimension} out of range for {input}"));
            }
            if input != init {
                return Err(format!("input {input} and init {init} differ"));
            }
            if !input.dtype.is_float() {
                return Err("softmax needs a float element type".into());
            }
            Ok(vec![Type::Tensor(init.clone())])
        }
        OpKind::Pad { low, high } => {
            count(operands, 2)?;
            let input = tensor(f, operands[0], "the input")?;
            let value = scalar(f, operands[1], "the padding value")?;
            if value != input.dtype {
                return Err(format!(
                    "padding value type {value} differs from the input element type {}",
                    input.dtype
                ));
            }
            if low.len() != input.rank() || high.len() != input.rank() {
                return Err(format!("low/high need {} entries", input.rank()));
            }
            let mut shape = Vec::new();
            for (i, d) in input.shape.iter().enumerate() {
                shape.push(match d {
                    Dim::Static(n) => Dim::Static(n + low[i] + high[i]),
                    Dim::Symbol(_) if low[i] == 0 && high[i] == 0 => d.clone(),
                    Dim::Symbol(_) => return Err(format!("cannot pad symbolic dim {d}")),
                });
            }
            Ok(vec![Type::Tensor(TensorType::new(shape, input.dtype))])
        }
        OpKind::CollapseShape { reassociation } => {
            count(operands, 1)?;
            let input = tensor(f, operands[0], "the input")?;
            if reassociation.is_empty() {
                if input.shape.iter().any(|d| *d != Dim::Static(1)) {
                    return Err(format!("cannot collapse {input} to rank 0"));
                }
                return Ok(vec![Type::Tensor(TensorType::new(vec![], input.dtype))]);
            }
            check_reassociation(reassociation, input.rank())?;
            let mut shape = Vec::new();
            for group in reassociation {
                shape.push(collapse_group(group.iter().map(|&i| &input.shape[i]))?);
            }
            Ok(vec![Type::Tensor(TensorType::new(shape, input.dtype))])
        }
        OpKind::ExpandShape { reassociation } => {
            count(operands, 1)?;
            let input = tensor(f, operands[0], "the input")?;
            let ty = declared_one()?;
            let out = ty.as_tensor().ok_or("result must be a tensor")?;
            if reassociation.is_empty() {
                if input.rank() != 0 || out.shape.iter().any(|d| *d != Dim::Static(1)) {
                    return Err(format!("cannot expand {input} into {out} without groups"));
                }
                if out.dtype != input.dtype {
                    return Err("element types differ".into());
                }
                return Ok(vec![ty]);
            }
            check_reassociation(reassociation, out.rank())?;
            if reassociation.len() != input.rank() {
                return Err(format!(
                    "{} groups for an input of rank {}",
                    reassociation.len(),
                    input.rank()
                ));
            }
            for (i, group) in reassociation.iter().enumerate() {
                let d = collapse_group(group.iter().map(|&j| &out.shape[j]))?;
                same(
                    &d,
                    &input.shape[i],
                    &format!("group {i} does not multiply to input dim {i}"),
                )?;
            }
            if out.dtype != input.dtype {
                return Err("element types differ".into());
            }
            Ok(vec![ty])
        }
        OpKind::ExtractSlice {
            offsets,
            sizes,
            strides,
        } => {
            count(operands, 1)?;
            let input = tensor(f, operands[0], "the input")?;
            let r = input.rank();
            if offsets.len() != r || sizes.len() != r || strides.len() != r {
                return Err(format!("offsets, sizes and strides need {r} entries"));
            }
            for i in 0..r {
                if strides[i] == 0 {
                    return Err("strides must be positive".into());
                }
                if let Dim::Static(n) = input.shape[i] {
                    let last = if sizes[i] == 0 {
                        0
                    } else {
                        offsets[i] + (sizes[i] - 1) * strides[i] + 1
                    };
                    if last > n {
                        return Err(format!(
                            "slice of dim {i} runs out of bounds ({last} > {n})"
                        ));
                    }
                } else if !(offsets[i] == 0 && strides[i] == 1) {
                    return Err(format!("cannot slice symbolic dim {i}"));
                }
            }
            let shape = sizes.iter().map(|&s| Dim::Static(s)).collect();
            Ok(vec![Type::Tensor(TensorType::new(shape, input.dtype))])
        }
        OpKind::Concat { dimension } => {
            if operands.is_empty() {
                return Err("expects at least one operand".into());
            }
            let first = tensor(f, operands[0], "operand #0")?;
            if *dimension >= first.rank() {
                return Err(format!("dimension {dimension} out of range for {first}"));
            }
            let mut total = 0u64;
            for (i, &v) in operands.iter().enumerate() {
                let t = tensor(f, v, &format!("operand #{i}"))?;
                if t.rank() != first.rank() || t.dtype != first.dtype {
                    return Err(format!(
                        "operand #{i} ({t}) does not match operand #0 ({first})"
                    ));
                }
                for d in 0..t.rank() {
                    if d == *dimension {
                        match t.shape[d] {
                            Dim::Static(n) => total += n,
                            _ => return Err("cannot concatenate along a symbolic dim".into()),
                        }
                    } else {
                        same(
                            &t.shape[d],
                            &first.shape[d],
                            &format!("operand #{i} dim {d} differs"),
                        )?;
                    }
                }
            }
            let mut shape = first.shape.clone();
            shape[*dimension] = Dim::Static(total);
            Ok(vec![Type::Tensor(TensorType::new(shape, first.dtype))])
        }
        OpKind::Gather { axis } | OpKind::GatherElements { axis } => {
            if operands.len() != 2 {
                return Err(format!("expects 2 operands, got {}", operands.len()));
            }
            let data = tensor(f, operands[0], "data")?;
            let indices = tensor(f, operands[1], "indices")?;
            if !indices.dtype.is_int() || indices.dtype == DType::I1 {
                return Err(format!("indices must be integers, got {indices}"));
            }
            if *axis >= data.rank() {
                return Err(format!("axis {axis} out of range for {data}"));
            }
            let shape = if matches!(kind, OpKind::Gather { .. }) {
                let mut shape = data.shape[..*axis].to_vec();
                shape.extend(indices.shape.iter().cloned());
                shape.extend(data.shape[axis + 1..].iter().cloned());
                shape
            } else {
                if indices.rank() != data.rank() {
                    return Err(format!(
                        "indices ({indices}) and data ({data}) differ in rank"
                    ));
                }
                // Off the axis, each index position reads the data at the same position.
                for (d, (i, n)) in indices.shape.iter().zip(&data.shape).enumerate() {
                    if let (Some(i), Some(n)) = (i.as_static(), n.as_static()) {
                        if d != *axis && i > n {
                            return Err(format!(
                                "indices dim {d} ({i}) is larger than data dim {d} ({n})"
                            ));
                        }
                    }
                }
                indices.shape.clone()
            };
            Ok(vec![Type::Tensor(TensorType::new(shape, data.dtype))])
        }
    }
}

fn check_float_or_same(a: &TensorType, b: &TensorType, c: &TensorType) -> Result<(), String> {
    if a.dtype.is_float() != c.dtype.is_float() || b.dtype.is_float() != c.dtype.is_float() {
        return Err(format!(
            "mixed float/integer element types {}, {} -> {}",
            a.dtype, b.dtype, c.dtype
        ));
    }
    Ok(())
}

fn check_strides(strides: &[u64; 2], dilations: &[u64; 2]) -> Result<(), String> {
    if strides.contains(&0) || dilations.contains(&0) {
        return Err("strides and dilations must be positive".into());
    }
    Ok(())
}

/// The output shape of a convolution from its input and filter types.
pub fn conv_output_shape(
    conv: &Conv2d,
    input: &TensorType,
    filter: &TensorType,
) -> Result<Vec<Dim>, String> {
    check_strides(&conv.strides, &conv.dilations)?;
    let (s, d) = (conv.strides, conv.dilations);
    let out = |i: &Dim, k: &Dim, a: usize| window_output_dim(i, k, s[a], d[a]);
    match conv.layout {
        ConvLayout::NhwcHwcf => {
            expect_rank(input, 4, "the input")?;
            expect_rank(filter, 4, "the filter")?;
            same(
                &input.shape[3],
                &filter.shape[2],
                "input channels differ from filter channels",
            )?;
            Ok(vec![
                input.shape[0].clone(),
                out(&input.shape[1], &filter.shape[0], 0)?,
                out(&input.shape[2], &filter.shape[1], 1)?,
                filter.shape[3].clone(),
            ])
        }
        ConvLayout::NchwFchw => {
            expect_rank(input, 4, "the input")?;
            expect_rank(filter, 4, "the filter")?;
            same(
                &input.shape[1],
                &filter.shape[1],
                "input channels differ from filter channels",
            )?;
            Ok(vec![
                input.shape[0].clone(),
                filter.shape[0].clone(),
                out(&input.shape[2], &filter.shape[2], 0)?,
                out(&input.shape[3], &filter.shape[3], 1)?,
            ])
        }
        ConvLayout::NgchwGfchw => {
            expect_rank(input, 5, "the input")?;
            expect_rank(filter, 5, "the filter")?;
            same(&input.shape[1], &filter.shape[0], "groups differ")?;
            same(
                &input.shape[2],
                &filter.shape[2],
                "input channels per group differ",
            )?;
            Ok(vec![
                input.shape[0].clone(),
                input.shape[1].clone(),
                filter.shape[1].clone(),
                out(&input.shape[3], &filter.shape[3], 0)?,
                out(&input.shape[4], &filter.shape[4], 1)?,
            ])
        }
        ConvLayout::DepthwiseNhwcHwc => {
            expect_rank(input, 4, "the input")?;
            expect_rank(filter, 3, "the filter")?;
            same(&input.shape[3], &filter.shape[2], "channels differ")?;
            Ok(vec![
                input.shape[0].clone(),
                out(&input.shape[1], &filter.shape[0], 0)?,
                out(&input.shape[2], &filter.shape[1], 1)?,
                input.shape[3].clone(),
            ])
        }
        ConvLayout::DepthwiseNchwChw => {
            expect_rank(input, 4, "the input")?;
            expect_rank(filter, 3, "the filter")?;
            same(&input.shape[1], &filter.shape[0], "channels differ")?;
            Ok(vec![
                input.shape[0].clone(),
                input.shape[1].clone(),
                out(&input.shape[2], &filter.shape[1], 0)?,
                out(&input.shape[3], &filter.shape[2], 1)?,
            ])
        }
    }
}

fn check_permutation(p: &[usize], rank: usize) -> Result<(), String> {
    let mut seen = vec![false; rank];
    if p.len() != rank {
        return Err(format!(
            "permutation {p:?} has length {} for rank {rank}",
            p.len()
        ));
    }
    for &i in p {
        if i >= rank || std::mem::replace(&mut seen[i], true) {
            return Err(format!("{p:?} is not a permutation of 0..{rank}"));
        }
    }
    Ok(())
}

fn check_sorted_unique(dims: &[usize], rank: usize, what: &str) -> Result<(), String> {
    for (i, &d) in dims.iter().enumerate() {
        if d >= rank || (i > 0 && dims[i - 1] >= d) {
            return Err(format!(
                "{what} {dims:?} must be sorted, unique and below {rank}"
            ));
        }
    }
    Ok(())
}

fn check_reassociation(groups: &[Vec<usize>], rank: usize) -> Result<(), String> {
    let mut next = 0;
    for g in groups {
        if g.is_empty() && rank != 0 {
            return Err("empty reassociation group".into());
        }
        for &i in g {
            if i != next {
                return Err(format!(
                    "reassociation {groups:?} is not contiguous over 0..{rank}"
                ));
            }
            next += 1;
        }
    }
    if next != rank {
        return Err(format!("reassociation {groups:?} does not cover 0..{rank}"));
    }
    Ok(())
}

/// The product of a group of dims: static when all are static; a symbol when exactly one is
/// symbolic and the others are 1.
fn collapse_group<'a>(dims: impl Iterator<Item = &'a Dim>) -> Result<Dim, String> {
    let mut product = 1u64;
    let mut symbol: Option<&Dim> = None;
    for d in dims {
        match d {
            Dim::Static(n) => product *= n,
            Dim::Symbol(_) => {
                if symbol.is_some() {
                    return Err("cannot combine two symbolic dims".into());
                }
                symbol = Some(d)
            }
        }
    }
    match symbol {
        None => Ok(Dim::Static(product)),
        Some(s) if product == 1 => Ok(s.clone()),
        Some(s) => Err(format!("cannot multiply symbolic dim {s} by {product}")),
    }
}

fn check_constant(value: &ConstantValue, ty: &Type) -> Result<(), String> {
    let dtype = ty.dtype();
    let ok_literal = |v: &ScalarValue| match v {
        ScalarValue::Float(_) => dtype.is_float(),
        ScalarValue::Int(_) => dtype.is_int() && dtype != DType::I1,
        ScalarValue::Bool(_) => dtype == DType::I1,
    };
    match value {
        ConstantValue::Splat(v) => {
            if !ok_literal(v) {
                return Err(format!("literal {v:?} does not fit type {ty}"));
            }
        }
        ConstantValue::Dense(data) => {
            let t = ty.as_tensor().ok_or("dense data needs a tensor type")?;
            let n = t.num_elements().ok_or("dense data needs a static shape")?;
            if data.dtype() != t.dtype {
                return Err(format!(
                    "dense data of {} for a tensor of {}",
                    data.dtype(),
                    t.dtype
                ));
            }
            if data.len() as u64 != n {
                return Err(format!("{} elements for a tensor of {n}", data.len()));
            }
        }
    }
    Ok(())
}

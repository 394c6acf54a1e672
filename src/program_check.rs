//! Consistency checks on a [`CompiledProgram`] that came from outside the compiler (a `.kiln`
//! artifact is untrusted input): every buffer index exists, the size expressions evaluate without
//! overflow and name only declared symbols, push-constant fields fit their range, and each
//! dispatch's SPIR-V module decodes, passes kiln's verifier, has the named compute entry point,
//! and declares only descriptor bindings the dispatch binds. Nothing that fails here reaches the
//! driver.

use std::collections::{HashMap, HashSet};

use kiln_lowering::program::{BufferKind, CompiledProgram, Dispatch, StorageType};
use kiln_lowering::SizeExpr;
use kiln_spirv_ir::{ModeOperand, Module};

/// At most this many verifier errors are quoted in a message.
const QUOTED_ERRORS: usize = 3;

/// Evaluates `e` with checked arithmetic: an unbound symbol or an overflow is an error.
pub fn checked_eval(e: &SizeExpr, symbols: &HashMap<String, i64>) -> Result<i64, String> {
    let overflow = || format!("`{e}` overflows");
    let two = |a: &SizeExpr, b: &SizeExpr| -> Result<(i64, i64), String> {
        Ok((checked_eval(a, symbols)?, checked_eval(b, symbols)?))
    };
    Ok(match e {
        SizeExpr::Const(c) => *c,
        SizeExpr::Symbol(s) => *symbols
            .get(s)
            .ok_or_else(|| format!("symbolic dimension `{s}` is not declared"))?,
        SizeExpr::Add(a, b) => {
            let (a, b) = two(a, b)?;
            a.checked_add(b).ok_or_else(overflow)?
        }
        SizeExpr::Sub(a, b) => {
            let (a, b) = two(a, b)?;
            a.checked_sub(b).ok_or_else(overflow)?
        }
        SizeExpr::Mul(a, b) => {
            let (a, b) = two(a, b)?;
            a.checked_mul(b).ok_or_else(overflow)?
        }
        SizeExpr::Div(a, b) => {
            let (a, b) = two(a, b)?;
            a.checked_div_euclid(b.max(1)).ok_or_else(overflow)?
        }
        SizeExpr::CeilDiv(a, b) => {
            let (a, b) = two(a, b)?;
            let d = b.max(1);
            a.checked_add(d - 1)
                .and_then(|n| n.checked_div_euclid(d))
                .ok_or_else(overflow)?
        }
        SizeExpr::Min(a, b) => {
            let (a, b) = two(a, b)?;
            a.min(b)
        }
        SizeExpr::Max(a, b) => {
            let (a, b) = two(a, b)?;
            a.max(b)
        }
    })
}

/// Checks the manifest side of `program` (no SPIR-V decoding): buffer indices, symbols, size
/// expressions (evaluated with every symbol at 1), constants and push constants.
pub fn check_manifest(program: &CompiledProgram) -> Result<(), String> {
    let buffers = program.buffers.len();
    for (i, b) in program.buffers.iter().enumerate() {
        if b.id as usize != i {
            return Err(format!("buffer {i} (`{}`) has id {}", b.name, b.id));
        }
    }
    let buffer = |what: &str, id: u32| -> Result<(), String> {
        if (id as usize) < buffers {
            Ok(())
        } else {
            Err(format!(
                "{what} refers to buffer {id}, but the program has {buffers} buffers"
            ))
        }
    };
    for (i, s) in program.symbols.iter().enumerate() {
        let rank = program
            .inputs
            .get(s.input)
            .map(|t| t.shape.len())
            .ok_or_else(|| {
                format!(
                    "symbol {i} (`{}`) reads input {}, but the program has {} inputs",
                    s.name,
                    s.input,
                    program.inputs.len()
                )
            })?;
        if s.dim >= rank {
            return Err(format!(
                "symbol {i} (`{}`) reads dim {} of input {}, which has rank {rank}",
                s.name, s.dim, s.input
            ));
        }
    }
    // Every expression must evaluate (declared symbols, no overflow) at the smallest sizes.
    let ones: HashMap<String, i64> = program
        .symbols
        .iter()
        .map(|s| (s.name.clone(), 1))
        .collect();
    let eval = |what: &str, e: &SizeExpr| -> Result<i64, String> {
        checked_eval(e, &ones).map_err(|m| format!("{what}: {m}"))
    };
    let flags: Vec<_> = program.checks.iter().map(|c| c.flag.clone()).collect();
    for (kind, list) in [
        ("input", &program.inputs),
        ("output", &program.outputs),
        ("check", &flags),
    ] {
        for (i, t) in list.iter().enumerate() {
            let what = format!("{kind} {i} (`{}`)", t.name);
            buffer(&what, t.buffer)?;
            for d in &t.shape {
                eval(&format!("{what} shape"), d)?;
            }
            // A static tensor must fit its static buffer (a kernel would write past it).
            let dims: Option<Vec<i64>> = t.shape.iter().map(SizeExpr::as_const).collect();
            let info = &program.buffers[t.buffer as usize];
            if let (Some(dims), Some(size)) = (dims, info.size_bytes.as_const()) {
                let needed = dims
                    .iter()
                    .try_fold(i64::from(t.storage.size_bytes()), |n, &d| {
                        n.checked_mul(d.max(0))
                    })
                    .ok_or_else(|| format!("{what}: the size of shape {dims:?} overflows"))?;
                if size < needed {
                    return Err(format!(
                        "{what} of shape {dims:?} needs {needed} bytes, its buffer `{}` has {size}",
                        info.name
                    ));
                }
            }
        }
    }
    for (i, c) in program.checks.iter().enumerate() {
        // The run reads one i32 flag from each (`Executable::run`).
        if c.flag.storage != StorageType::I32 || !c.flag.shape.is_empty() {
            return Err(format!(
                "check {i} (`{}`): the flag must be a rank-0 i32 tensor",
                c.flag.name
            ));
        }
    }
    for b in &program.buffers {
        eval(&format!("buffer `{}` size", b.name), &b.size_bytes)?;
    }
    let mut with_data = HashSet::new();
    for (i, c) in program.constants.iter().enumerate() {
        let what = format!("constant {i}");
        buffer(&what, c.buffer)?;
        let info = &program.buffers[c.buffer as usize];
        if info.kind != BufferKind::Constant {
            return Err(format!(
                "{what} fills buffer {} (`{}`), which is not a constant buffer",
                c.buffer, info.name
            ));
        }
        if !with_data.insert(c.buffer) {
            return Err(format!("{what}: buffer {} is filled twice", c.buffer));
        }
    }
    for b in &program.buffers {
        if b.kind == BufferKind::Constant && !with_data.contains(&b.id) {
            return Err(format!("constant buffer `{}` has no data", b.name));
        }
    }
    let buffer_bytes: Vec<u64> = program
        .buffers
        .iter()
        .map(|b| b.size_bytes.as_const().unwrap_or(0).max(0) as u64)
        .collect();
    for (i, d) in program.dispatches.iter().enumerate() {
        let what = format!("dispatch {i} (`{}`)", d.name);
        let mut seen = HashSet::new();
        for b in &d.bindings {
            buffer(
                &format!("{what}: binding {}.{}", b.set, b.binding),
                b.buffer,
            )?;
            if !seen.insert((b.set, b.binding)) {
                return Err(format!(
                    "{what}: binding {}.{} is listed twice",
                    b.set, b.binding
                ));
            }
            if let Some(offset) = b.address_offset {
                if offset % 4 != 0 || u64::from(offset) + 8 > u64::from(d.push_constant_size) {
                    return Err(format!(
                        "{what}: binding {}.{} has its device address at push-constant offset \
                         {offset}, not 8 bytes inside the {}-byte block at a multiple of 4",
                        b.set, b.binding, d.push_constant_size
                    ));
                }
            }
        }
        for (axis, e) in d.workgroup_count.iter().enumerate() {
            eval(&format!("{what}: workgroup count {axis}"), e)?;
        }
        // A static grid over static buffers is checked here; one that depends on dims, at run
        // time (`Executable::run`).
        let counts: Option<Vec<i64>> = d.workgroup_count.iter().map(SizeExpr::as_const).collect();
        let sizes: Option<Vec<i64>> = d
            .bindings
            .iter()
            .map(|b| program.buffers[b.buffer as usize].size_bytes.as_const())
            .collect();
        if let (Some(counts), Some(_)) = (counts, sizes) {
            let counts = [0, 1, 2].map(|axis| counts[axis].max(0) as u64);
            check_grid(d, counts, &buffer_bytes)?;
        }
        if d.local_size.contains(&0) {
            return Err(format!("{what}: local size {:?} has a 0", d.local_size));
        }
        if d.push_constant_size % 4 != 0 || d.push_constant_size > 4096 {
            return Err(format!(
                "{what}: push-constant size {} is not a multiple of 4 up to 4096",
                d.push_constant_size
            ));
        }
        for f in &d.push_constants {
            if f.offset % 4 != 0
                || f.offset
                    .checked_add(4)
                    .is_none_or(|end| end > d.push_constant_size)
            {
                return Err(format!(
                    "{what}: push constant `{}` at offset {} does not fit the {}-byte range",
                    f.name, f.offset, d.push_constant_size
                ));
            }
            eval(&format!("{what}: push constant `{}`", f.name), &f.value)?;
        }
        eval(&format!("{what}: flops"), &d.flops)?;
        eval(&format!("{what}: bytes"), &d.bytes)?;
    }
    Ok(())
}

/// Refuses a grid that no kernel of kiln's launches: more workgroups than the buffers the
/// dispatch binds hold bytes. Every kiln kernel gives each workgroup at least one element of
/// some bound buffer to read or write (elementwise: a tile of the output; reductions: a row, a
/// column tile or an output element; contractions: an output tile; split-K: a partial tile),
/// so its workgroup count is at most the bound bytes; a grid past that has workgroups with
/// nothing to do, and only makes the device busy (65535 x 65535 x 1 workgroups run for minutes on
/// a CPU device). `counts` and `buffer_bytes` (the size of each buffer of the program) are
/// evaluated for the run's dims.
pub fn check_grid(
    dispatch: &Dispatch,
    counts: [u64; 3],
    buffer_bytes: &[u64],
) -> Result<(), String> {
    if counts.contains(&0) {
        return Ok(()); // skipped
    }
    let workgroups = counts.iter().fold(1u128, |n, &c| n * u128::from(c));
    let mut bound: Vec<u32> = dispatch.bindings.iter().map(|b| b.buffer).collect();
    bound.sort_unstable();
    bound.dedup();
    let bytes: u128 = bound
        .iter()
        .map(|&b| u128::from(buffer_bytes.get(b as usize).copied().unwrap_or(0)))
        .sum();
    if workgroups > bytes.max(1) {
        return Err(format!(
            "dispatch `{}`: a grid of {} x {} x {} = {workgroups} workgroups over {} bound \
             buffer(s) of {bytes} bytes in all: more workgroups than bytes to work on (kiln's \
             kernels give each workgroup at least one element)",
            dispatch.name,
            counts[0],
            counts[1],
            counts[2],
            bound.len()
        ));
    }
    Ok(())
}

/// Decodes and verifies the SPIR-V module of `dispatch` and checks it against the dispatch: the
/// entry point exists and is a compute shader, its `LocalSize` is the dispatch's, every
/// descriptor binding the module declares is bound, and a push-constant block has a range.
pub fn check_module(dispatch: &Dispatch) -> Result<(), String> {
    let what = format!("dispatch `{}`", dispatch.name);
    if dispatch.spirv.is_empty() {
        return Err(format!("{what}: the SPIR-V module is empty"));
    }
    let module: Module = kiln_spirv_ir::deserialize(&dispatch.spirv)
        .map_err(|e| format!("{what}: the SPIR-V module does not decode: {e}"))?;
    if let Err(errors) = kiln_spirv_ir::verify(&module) {
        let mut quoted: Vec<String> = errors
            .0
            .iter()
            .take(QUOTED_ERRORS)
            .map(|e| e.to_string())
            .collect();
        if errors.0.len() > QUOTED_ERRORS {
            quoted.push(format!("and {} more", errors.0.len() - QUOTED_ERRORS));
        }
        return Err(format!(
            "{what}: invalid SPIR-V module: {}",
            quoted.join("; ")
        ));
    }
    let entry = module
        .entry_points
        .iter()
        .find(|e| e.name == dispatch.entry_point)
        .ok_or_else(|| {
            format!(
                "{what}: the SPIR-V module has no entry point `{}`",
                dispatch.entry_point
            )
        })?;
    if entry.execution_model != spirv::ExecutionModel::GLCompute {
        return Err(format!(
            "{what}: entry point `{}` is not a compute shader",
            dispatch.entry_point
        ));
    }
    for mode in &module.execution_modes {
        if mode.function != entry.function || mode.mode != spirv::ExecutionMode::LocalSize {
            continue;
        }
        let size: Vec<u32> = mode
            .operands
            .iter()
            .filter_map(|o| match o {
                ModeOperand::Literal(v) | ModeOperand::ConstantU32(v) => Some(*v),
                ModeOperand::SpecConstant(_) => None,
            })
            .collect();
        if size.len() == 3 && size[..] != dispatch.local_size[..] {
            return Err(format!(
                "{what}: the module's local size {size:?} is not the manifest's {:?}",
                dispatch.local_size
            ));
        }
    }
    check_access_chains(&module).map_err(|m| format!("{what}: {m}"))?;
    check_value_operands(&module).map_err(|m| format!("{what}: {m}"))?;
    let bound: HashSet<(u32, u32)> = dispatch
        .bindings
        .iter()
        .filter(|b| b.address_offset.is_none())
        .map(|b| (b.set, b.binding))
        .collect();
    for (_, gv) in module.global_variables.iter() {
        match gv.builtin {
            Some(builtin) => {
                check_compute_builtin(&module, gv, builtin).map_err(|m| format!("{what}: {m}"))?
            }
            // A compute shader has no user inputs or outputs.
            None if matches!(
                gv.storage_class,
                spirv::StorageClass::Input | spirv::StorageClass::Output
            ) =>
            {
                return Err(format!(
                    "{what}: global `{}` in {:?} storage is not a builtin",
                    gv.name.as_deref().unwrap_or("?"),
                    gv.storage_class
                ))
            }
            None => {}
        }
        if let (Some(set), Some(binding)) = (gv.descriptor_set, gv.binding) {
            if !bound.contains(&(set, binding)) {
                return Err(format!(
                    "{what}: the module declares descriptor binding {set}.{binding} (`{}`), which \
                     the manifest does not bind",
                    gv.name.as_deref().unwrap_or("?")
                ));
            }
        }
        if gv.storage_class == spirv::StorageClass::PushConstant && dispatch.push_constant_size == 0
        {
            return Err(format!(
                "{what}: the module declares push constants, the manifest gives no range"
            ));
        }
    }
    Ok(())
}

/// Every access chain walks its base's type: integer indices, a constant in-range member index
/// into a struct, and the result a pointer to the type reached (kiln's verifier checks only the
/// storage classes; a driver may crash on a member index past the struct's end).
fn check_access_chains(module: &Module) -> Result<(), String> {
    use kiln_spirv_ir::{ConstantValue, OpKind, Operand, Type, ValueDef};
    use spirv::Op;
    for (_, f) in module.functions.iter() {
        for (_, op) in f.ops.iter() {
            let OpKind::Inst { opcode, operands } = &op.kind else {
                continue;
            };
            let skip = match opcode {
                Op::AccessChain | Op::InBoundsAccessChain => 0,
                Op::PtrAccessChain | Op::InBoundsPtrAccessChain => 1,
                _ => continue,
            };
            let bad = |m: &str| format!("function `{}`: {opcode:?} {m}", f.name);
            let value_of = |o: &Operand| match o {
                Operand::Value(v) => f.values.get(*v),
                _ => None,
            };
            let base = operands
                .first()
                .and_then(value_of)
                .ok_or_else(|| bad("has no base value"))?;
            let mut current = match module.types.get(base.ty) {
                Some(Type::Pointer { pointee, .. }) => *pointee,
                _ => return Err(bad("has a base that is not a pointer")),
            };
            for (k, index) in operands[1..].iter().enumerate() {
                let value = value_of(index).ok_or_else(|| bad("has an index that is no value"))?;
                if !matches!(module.types.get(value.ty), Some(Type::Int { .. })) {
                    return Err(bad("has an index that is not an integer"));
                }
                if k < skip {
                    continue;
                }
                current = match module.types.get(current) {
                    Some(Type::Struct(st)) => {
                        let member = match value.def {
                            ValueDef::Result { op, .. } => match f.ops.get(op).map(|o| &o.kind) {
                                Some(OpKind::Constant(ConstantValue::Int(m))) => Some(*m),
                                _ => None,
                            },
                            _ => None,
                        };
                        let member =
                            member.ok_or_else(|| bad("indexes a struct with a non-constant"))?;
                        st.members
                            .get(usize::try_from(member).unwrap_or(usize::MAX))
                            .ok_or_else(|| {
                                bad(&format!(
                                    "indexes member {member} of a struct of {}",
                                    st.members.len()
                                ))
                            })?
                            .ty
                    }
                    Some(
                        Type::Array { element, .. }
                        | Type::RuntimeArray { element, .. }
                        | Type::SpecArray { element, .. },
                    ) => *element,
                    Some(Type::Vector { component, .. }) => *component,
                    Some(Type::Matrix { column, .. }) => *column,
                    _ => return Err(bad("indexes into a type that is not a composite")),
                };
            }
            let result = op.results.first().and_then(|&r| f.values.get(r));
            match result.and_then(|r| module.types.get(r.ty)) {
                Some(Type::Pointer { pointee, .. }) if *pointee == current => {}
                _ => {
                    return Err(bad(
                        "has a result that is not a pointer to the indexed type",
                    ))
                }
            }
        }
    }
    Ok(())
}

/// Operand and result types kiln's verifier leaves to spirv-val and that a driver may crash on:
/// no pointer operand of a composite, conversion, arithmetic, relational, bit or GLSL.std.450
/// instruction (a `Bitcast` of a pointer only from `PhysicalStorageBuffer`), and a boolean
/// result of every relational and logical instruction.
fn check_value_operands(module: &Module) -> Result<(), String> {
    use kiln_spirv_ir::{ExtInstSet, OpKind, Operand, Type};
    use spirv::Op;
    let is_pointer = |t| matches!(module.types.get(t), Some(Type::Pointer { .. }));
    let is_bool = |t| match module.types.get(t) {
        Some(Type::Bool) => true,
        Some(Type::Vector { component, .. }) => {
            matches!(module.types.get(*component), Some(Type::Bool))
        }
        _ => false,
    };
    for (_, f) in module.functions.iter() {
        let bad = |what: String| format!("function `{}`: {what}", f.name);
        let ty = |v| f.values.get(v).map(|v| v.ty);
        for (_, op) in f.ops.iter() {
            match &op.kind {
                OpKind::Inst { opcode, operands } => {
                    let code = *opcode as u32;
                    let no_pointers = matches!(code, 77..=82 | 109..=116 | 118 | 119 | 126..=168 | 170..=191 | 194..=205);
                    let values = operands.iter().filter_map(|o| match o {
                        Operand::Value(v) => ty(*v),
                        _ => None,
                    });
                    for t in values {
                        let pointer = matches!(module.types.get(t), Some(Type::Pointer { storage_class, .. })
                            if !(*opcode == Op::Bitcast
                                && *storage_class == spirv::StorageClass::PhysicalStorageBuffer));
                        if pointer && (no_pointers || *opcode == Op::Bitcast) {
                            return Err(bad(format!("{opcode:?} has a pointer operand")));
                        }
                    }
                    if matches!(code, 154..=168 | 170..=191) {
                        let result = op.results.first().and_then(|&r| ty(r));
                        if !result.is_some_and(is_bool) {
                            return Err(bad(format!(
                                "{opcode:?} has a result that is not boolean"
                            )));
                        }
                    }
                }
                OpKind::ExtInst {
                    set: ExtInstSet::GlslStd450,
                    instruction,
                    operands,
                } if !matches!(instruction, 35 | 51 | 76..=78)
                    && operands.iter().any(|o| match o {
                        Operand::Value(v) => ty(*v).is_some_and(is_pointer),
                        _ => false,
                    }) =>
                {
                    return Err(bad(format!(
                        "GLSL.std.450 instruction {instruction} has a pointer operand"
                    )));
                }
                _ => {}
            }
        }
    }
    Ok(())
}

/// A builtin variable of a compute shader: one of the compute stage's inputs, of its type
/// (kiln's verifier does not check this, and a driver may crash on, say, a `Position` input).
fn check_compute_builtin(
    module: &Module,
    gv: &kiln_spirv_ir::GlobalVariable,
    builtin: spirv::BuiltIn,
) -> Result<(), String> {
    use kiln_spirv_ir::Type;
    use spirv::BuiltIn as B;
    let name = gv.name.as_deref().unwrap_or("?");
    let int32 = |t| matches!(module.types.get(t), Some(Type::Int { width: 32, .. }));
    let vector = |t, n| match module.types.get(t) {
        Some(Type::Vector { component, count }) => *count == n && int32(*component),
        _ => false,
    };
    let pointee = match module.types.get(gv.ty) {
        Some(Type::Pointer { pointee, .. }) => *pointee,
        _ => return Err(format!("builtin global `{name}` is not a pointer")),
    };
    let typed = match builtin {
        B::GlobalInvocationId | B::LocalInvocationId | B::WorkgroupId | B::NumWorkgroups => {
            vector(pointee, 3)
        }
        B::LocalInvocationIndex
        | B::SubgroupSize
        | B::SubgroupLocalInvocationId
        | B::NumSubgroups
        | B::SubgroupId => int32(pointee),
        B::SubgroupEqMask
        | B::SubgroupGeMask
        | B::SubgroupGtMask
        | B::SubgroupLeMask
        | B::SubgroupLtMask => vector(pointee, 4),
        other => {
            return Err(format!(
                "builtin global `{name}` is {other:?}, not an input of a compute shader"
            ))
        }
    };
    if gv.storage_class != spirv::StorageClass::Input {
        return Err(format!(
            "builtin global `{name}` ({builtin:?}) is not an Input"
        ));
    }
    if !typed {
        return Err(format!(
            "builtin global `{name}` ({builtin:?}) has the wrong type"
        ));
    }
    Ok(())
}

/// [`check_manifest`], then [`check_module`] on every dispatch, on all cores (the modules are
/// independent); the error is the first failing dispatch's, in program order.
pub fn check_program(program: &CompiledProgram) -> Result<(), String> {
    check_manifest(program)?;
    let dispatches = &program.dispatches;
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(dispatches.len())
        .max(1);
    if threads == 1 {
        return dispatches.iter().try_for_each(check_module);
    }
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results: Vec<std::sync::Mutex<Option<Result<(), String>>>> = dispatches
        .iter()
        .map(|_| std::sync::Mutex::new(None))
        .collect();
    let work = || loop {
        let index = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let Some(dispatch) = dispatches.get(index) else {
            break;
        };
        *results[index].lock().unwrap_or_else(|e| e.into_inner()) = Some(check_module(dispatch));
    };
    std::thread::scope(|scope| {
        for _ in 1..threads {
            // A thread that cannot start leaves its share to the others.
            let _ = std::thread::Builder::new().spawn_scoped(scope, work);
        }
        work();
    });
    for (dispatch, result) in dispatches.iter().zip(results) {
        result
            .into_inner()
            .unwrap_or_else(|e| e.into_inner())
            .unwrap_or_else(|| {
                Err(format!(
                    "dispatch `{}`: its check did not run",
                    dispatch.name
                ))
            })?;
    }
    Ok(())
}

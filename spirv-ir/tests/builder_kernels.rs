//! Kernels built with the builder, serialized and checked by spirv-val for vulkan1.1/1.2/1.3.

use kiln_spirv_ir::spirv::{self, BuiltIn, GlslStd450Op, MemorySemantics, Op, Scope, StorageClass};
use kiln_spirv_ir::*;

const ENVS: [&str; 3] = ["vulkan1.1", "vulkan1.2", "vulkan1.3"];

fn validate_all(m: &Module) -> Vec<u32> {
    verify(m).unwrap_or_else(|e| panic!("verifier: {e}"));
    let words = serialize(m).expect("serializes");
    for env in ENVS {
        if let Err(e) = validate_with_spirv_val(&words, env) {
            panic!("{e}");
        }
    }
    // Lift the binary back, re-serialize, validate; a second round trip is a fixpoint.
    let lifted = deserialize(&words).expect("deserializes");
    verify(&lifted).unwrap_or_else(|e| panic!("verifier on the lifted module: {e}"));
    let again = serialize(&lifted).expect("re-serializes");
    validate_with_spirv_val(&again, "vulkan1.3").unwrap_or_else(|e| panic!("{e}"));
    let third = serialize(&deserialize(&again).unwrap()).unwrap();
    assert_eq!(again, third, "round trip is not a fixpoint");
    words
}

/// `c[i] = a[i] + b[i]` for `i < n` (n a push constant), a bounds-guarded selection.
fn vector_add(version: Version) -> Module {
    let mut m = ModuleBuilder::new(version);
    let f32t = m.ty_f32();
    let u32t = m.ty_u32();
    let v3 = m.ty_vector(u32t, 3);
    let void = m.ty_void();
    let a = m.storage_buffer("a", f32t, 4, 0, 0);
    let b = m.storage_buffer("b", f32t, 4, 0, 1);
    let c = m.storage_buffer("c", f32t, 4, 0, 2);
    let pc_ty = m.ty_struct(&[(u32t, Some(0))], true);
    let pc = m.push_constant_block("params", pc_ty);
    let gid = m.builtin_input(BuiltIn::GlobalInvocationId, v3);
    let mut f = m.function("main", void, &[]);
    let bool_t = f.ty_bool();
    let gid_ptr = f.address_of(gid);
    let gid_v = f.load(gid_ptr);
    let i = f.composite_extract(u32t, gid_v, &[0]);
    f.set_name(i, "i");
    let pc_ptr = f.address_of(pc);
    let zero = f.constant_u32(0);
    let n_ptr = f.access_chain(pc_ptr, &[zero]);
    let n = f.load(n_ptr);
    let in_bounds = f.ult(bool_t, i, n);
    f.if_then(in_bounds, |f| {
        let zero = f.constant_u32(0);
        let pa = f.address_of(a);
        let pb = f.address_of(b);
        let pcv = f.address_of(c);
        let ea = f.access_chain(pa, &[zero, i]);
        let eb = f.access_chain(pb, &[zero, i]);
        let ec = f.access_chain(pcv, &[zero, i]);
        let x = f.load(ea);
        let y = f.load(eb);
        let s = f.fadd(f32t, x, y);
        f.store(ec, s);
    });
    f.ret();
    let main = f.id();
    m.compute_entry_point(main, "main", [64, 1, 1]);
    m.finish()
}

#[test]
fn vector_add_validates() {
    let words = validate_all(&vector_add(Version::V1_3));
    assert_eq!(words[0], spirv::MAGIC_NUMBER);
    assert_eq!(words[1], 0x0001_0300);
    // The 1.4+ interface rule: every used global listed.
    let w = serialize(&vector_add(Version::V1_5)).unwrap();
    validate_with_spirv_val(&w, "vulkan1.2").unwrap();
}

/// `sum = Σ_{k < n} a[k]` with the induction variable and the sum as loop block arguments.
#[test]
fn loop_with_block_arguments_validates() {
    let mut m = ModuleBuilder::new(Version::V1_3);
    let f32t = m.ty_f32();
    let void = m.ty_void();
    let a = m.storage_buffer("a", f32t, 4, 0, 0);
    let out = m.storage_buffer("out", f32t, 4, 0, 1);
    let mut f = m.function("main", void, &[]);
    let zero = f.constant_u32(0);
    let one = f.constant_u32(1);
    let n = f.constant_u32(100);
    let fzero = f.constant_f32(0.0);
    let pa = f.address_of(a);
    let sums = f.for_range(zero, n, one, &[fzero], |f, k, args| {
        let zero = f.constant_u32(0);
        let p = f.access_chain(pa, &[zero, k]);
        let x = f.load(p);
        let f32t = f.ty_f32();
        vec![f.fadd(f32t, args[0], x)]
    });
    // A while loop with two carried values and an early exit through a nested selection.
    let bool_t = f.ty_bool();
    let res = f.while_loop(
        &[zero, sums[0]],
        |f, args| {
            let ten = f.constant_u32(10);
            let bool_t = f.ty_bool();
            f.ult(bool_t, args[0], ten)
        },
        |f, args| {
            let u32t = f.ty_u32();
            let f32t = f.ty_f32();
            let one = f.constant_u32(1);
            let next = f.iadd(u32t, args[0], one);
            let odd_bit = f.bitwise_and(u32t, args[0], one);
            let is_odd = f.iequal(bool_t, odd_bit, one);
            let half = f.constant_f32(0.5);
            let scaled = f.fmul(f32t, args[1], half);
            let v = f.if_then_else(is_odd, &[f32t], |_| vec![scaled], |_| vec![args[1]]);
            vec![next, v[0]]
        },
    );
    let po = f.address_of(out);
    let zero2 = f.constant_u32(0);
    let p = f.access_chain(po, &[zero2, zero2]);
    f.store(p, res[1]);
    f.ret();
    let main = f.id();
    m.compute_entry_point(main, "main", [1, 1, 1]);
    validate_all(&m.finish());
}

/// Workgroup tree reduction in shared memory with `ControlBarrier`s, `break` out of a loop.
#[test]
fn shared_memory_reduction_validates() {
    let mut m = ModuleBuilder::new(Version::V1_3);
    let f32t = m.ty_f32();
    let u32t = m.ty_u32();
    let v3 = m.ty_vector(u32t, 3);
    let void = m.ty_void();
    let arr = m.ty_array(f32t, 64, None);
    let shared = m.workgroup_variable("partial", arr);
    let input = m.storage_buffer("input", f32t, 4, 0, 0);
    let output = m.storage_buffer("output", f32t, 4, 0, 1);
    let lid = m.builtin_input(BuiltIn::LocalInvocationId, v3);
    let wid = m.builtin_input(BuiltIn::WorkgroupId, v3);
    let mut f = m.function("main", void, &[]);
    let bool_t = f.ty_bool();
    let lidp = f.address_of(lid);
    let lidv = f.load(lidp);
    let t = f.composite_extract(u32t, lidv, &[0]);
    let widp = f.address_of(wid);
    let widv = f.load(widp);
    let g = f.composite_extract(u32t, widv, &[0]);
    let c64 = f.constant_u32(64);
    let base = f.imul(u32t, g, c64);
    let idx = f.iadd(u32t, base, t);
    let zero = f.constant_u32(0);
    let pin = f.address_of(input);
    let src = f.access_chain(pin, &[zero, idx]);
    let x = f.load(src);
    let psh = f.address_of(shared);
    let slot = f.access_chain(psh, &[t]);
    f.store(slot, x);
    let sem = MemorySemantics::ACQUIRE_RELEASE | MemorySemantics::WORKGROUP_MEMORY;
    f.control_barrier(Scope::Workgroup, Scope::Workgroup, sem);
    let c32 = f.constant_u32(32);
    let one = f.constant_u32(1);
    let lp = f.begin_loop(spirv::LoopControl::NONE, &[c32], &[]);
    let stride = f.block_args(lp.header)[0];
    let zero_h = f.constant_u32(0);
    let go_on = f.ugt(bool_t, stride, zero_h);
    let body = f.append_block(lp.region, &[]);
    f.branch_conditional(go_on, body, &[], lp.merge, &[]);
    f.set_insertion_point(body);
    let active = f.ult(bool_t, t, stride);
    f.if_then(active, |f| {
        let other_i = f.iadd(u32t, t, stride);
        let po = f.access_chain(psh, &[other_i]);
        let mine = f.access_chain(psh, &[t]);
        let a = f.load(mine);
        let b = f.load(po);
        let s = f.fadd(f32t, a, b);
        f.store(mine, s);
    });
    f.control_barrier(Scope::Workgroup, Scope::Workgroup, sem);
    let next = f.shift_right_logical(u32t, stride, one);
    f.branch(lp.continue_block, &[next]);
    f.end_structured(lp.parent);
    let is_first = f.iequal(bool_t, t, zero);
    f.if_then(is_first, |f| {
        let zero = f.constant_u32(0);
        let first = f.access_chain(psh, &[zero]);
        let total = f.load(first);
        let pout = f.address_of(output);
        let dst = f.access_chain(pout, &[zero, g]);
        f.store(dst, total);
    });
    f.ret();
    let main = f.id();
    m.compute_entry_point(main, "main", [64, 1, 1]);
    validate_all(&m.finish());
}

/// GLSL.std.450 `Exp`, `FMax`, `Fma`, a helper function call, and a function-local variable.
#[test]
fn glsl_std_450_and_calls_validate() {
    let mut m = ModuleBuilder::new(Version::V1_3);
    let f32t = m.ty_f32();
    let u32t = m.ty_u32();
    let v3 = m.ty_vector(u32t, 3);
    let void = m.ty_void();
    let buf = m.storage_buffer("data", f32t, 4, 0, 0);
    let gid = m.builtin_input(BuiltIn::GlobalInvocationId, v3);
    let mut h = m.function("softplus_ish", f32t, &[f32t]);
    let x = h.params()[0];
    let e = h.glsl(GlslStd450Op::Exp, f32t, &[x]);
    let zero = h.constant_f32(0.0);
    let mx = h.glsl(GlslStd450Op::FMax, f32t, &[e, zero]);
    let one = h.constant_f32(1.0);
    let r = h.glsl(GlslStd450Op::Fma, f32t, &[mx, one, one]);
    h.ret_value(r);
    let helper = h.id();
    let mut f = m.function("main", void, &[]);
    let gp = f.address_of(gid);
    let gv = f.load(gp);
    let i = f.composite_extract(u32t, gv, &[0]);
    let zero = f.constant_u32(0);
    let pb = f.address_of(buf);
    let p = f.access_chain(pb, &[zero, i]);
    let tmp = f.local_variable(f32t);
    let x = f.load(p);
    f.store(tmp, x);
    let y = f.load(tmp);
    let r = f.call(helper, &[y]).unwrap();
    let neg = f.fnegate(f32t, r);
    let op = f.function().values[neg].def;
    if let ValueDef::Result { op, .. } = op {
        f.decorate(op, spirv::Decoration::NoContraction, &[]);
    }
    f.store(p, neg);
    f.ret();
    let main = f.id();
    m.compute_entry_point(main, "main", [64, 1, 1]);
    validate_all(&m.finish());
}

/// Subgroup reduce + elect, atomics, composite ops and conversions, switch.
#[test]
fn subgroup_atomics_switch_validate() {
    let mut m = ModuleBuilder::new(Version::V1_3);
    for cap in [
        spirv::Capability::GroupNonUniform,
        spirv::Capability::GroupNonUniformArithmetic,
        spirv::Capability::GroupNonUniformBallot,
    ] {
        m.capability(cap);
    }
    let f32t = m.ty_f32();
    let u32t = m.ty_u32();
    let i32t = m.ty_i32();
    let v3 = m.ty_vector(u32t, 3);
    let v4 = m.ty_vector(u32t, 4);
    let vf2 = m.ty_vector(f32t, 2);
    let void = m.ty_void();
    let buf = m.storage_buffer("data", f32t, 4, 0, 0);
    let counter = m.storage_buffer("counter", u32t, 4, 0, 1);
    let gid = m.builtin_input(BuiltIn::GlobalInvocationId, v3);
    let mut f = m.function("main", void, &[]);
    let bool_t = f.ty_bool();
    let gp = f.address_of(gid);
    let gv = f.load(gp);
    let i = f.composite_extract(u32t, gv, &[0]);
    let zero = f.constant_u32(0);
    let pb = f.address_of(buf);
    let p = f.access_chain(pb, &[zero, i]);
    let x = f.load(p);
    let sum = f.group_non_uniform_reduce(
        Op::GroupNonUniformFAdd,
        f32t,
        Scope::Subgroup,
        spirv::GroupOperation::Reduce,
        x,
        None,
    );
    let yes = f.constant_bool(true);
    let ballot = f.group_non_uniform(Op::GroupNonUniformBallot, v4, Scope::Subgroup, &[yes]);
    let lanes = f.composite_extract(u32t, ballot, &[0]);
    let elected = f.group_non_uniform_elect(Scope::Subgroup);
    let pc = f.address_of(counter);
    let cp = f.access_chain(pc, &[zero, zero]);
    f.if_then(elected, |f| {
        f.atomic_iadd(u32t, cp, Scope::Device, MemorySemantics::RELAXED, lanes);
    });
    let v = f.composite_construct(vf2, &[sum, x]);
    let sw = f.vector_shuffle(vf2, v, v, &[1, 0]);
    let d = f.dot(f32t, v, sw);
    let di = f.convert_f_to_s(i32t, d);
    let du = f.bitcast(u32t, di);
    let three = f.constant_u32(3);
    let sel = f.bitwise_and(u32t, du, three);
    let s = f.begin_selection(spirv::SelectionControl::NONE, &[f32t]);
    let c0 = f.append_block(s.region, &[]);
    let c1 = f.append_block(s.region, &[]);
    let dflt = f.append_block(s.region, &[]);
    f.switch(sel, dflt, &[(0, c0), (1, c1)]);
    f.set_insertion_point(c0);
    f.branch(s.merge, &[d]);
    f.set_insertion_point(c1);
    let two = f.constant_f32(2.0);
    let t = f.fmul(f32t, d, two);
    f.branch(s.merge, &[t]);
    f.set_insertion_point(dflt);
    f.branch(s.merge, &[x]);
    f.end_structured(s.parent);
    let r = f.results(s.op)[0];
    let small = f.ford_lt(bool_t, r, x);
    let out = f.select(f32t, small, r, x);
    f.store(p, out);
    f.ret();
    let main = f.id();
    m.compute_entry_point(main, "main", [64, 1, 1]);
    validate_all(&m.finish());
}

#[test]
fn spec_constants_validate_and_local_size_id_needs_maintenance4() {
    let mut m = ModuleBuilder::new(Version::V1_3);
    let u32t = m.ty_u32();
    let f32t = m.ty_f32();
    let void = m.ty_void();
    let scale = m.spec_constant(
        "scale",
        0,
        f32t,
        ConstantValue::Float(u64::from(2.0f32.to_bits())),
    );
    let wg = m.spec_constant("wg_x", 1, u32t, ConstantValue::Int(64));
    let buf = m.storage_buffer("data", f32t, 4, 0, 0);
    let mut f = m.function("main", void, &[]);
    let zero = f.constant_u32(0);
    let pb = f.address_of(buf);
    let p = f.access_chain(pb, &[zero, zero]);
    let x = f.load(p);
    let s = f.reference_of(scale);
    let y = f.fmul(f32t, x, s);
    f.store(p, y);
    f.ret();
    let main = f.id();
    m.entry_point(spirv::ExecutionModel::GLCompute, main, "main");
    m.execution_mode(
        main,
        spirv::ExecutionMode::LocalSizeId,
        vec![
            ModeOperand::SpecConstant(wg),
            ModeOperand::ConstantU32(1),
            ModeOperand::ConstantU32(1),
        ],
    );
    let words = serialize(&m.finish()).unwrap();
    // LocalSizeId needs maintenance4 (core in Vulkan 1.3): rejected for 1.1, accepted for 1.3.
    let err = validate_with_spirv_val(&words, "vulkan1.1").unwrap_err();
    assert!(err.contains("LocalSizeId"), "{err}");
    validate_with_spirv_val(&words, "vulkan1.3").unwrap();
}

#[test]
fn vulkan1_1_rejects_spirv_1_5_header() {
    // spirv-val really looks at what we emit: a 1.5 module is not valid Vulkan 1.1.
    let w = serialize(&vector_add(Version::V1_5)).unwrap();
    assert!(validate_with_spirv_val(&w, "vulkan1.1").is_err());
    let _ = StorageClass::StorageBuffer;
}

/// A structured op inside a loop header (the condition computed by an if/else): the serializer
/// splits the header so that `OpLoopMerge` stays in the block the back edge targets.
#[test]
fn selection_inside_loop_header_validates() {
    let mut m = ModuleBuilder::new(Version::V1_3);
    let f32t = m.ty_f32();
    let u32t = m.ty_u32();
    let void = m.ty_void();
    let buf = m.storage_buffer("data", u32t, 4, 0, 0);
    let mut f = m.function("main", void, &[]);
    let zero = f.constant_u32(0);
    let pb = f.address_of(buf);
    let p = f.access_chain(pb, &[zero, zero]);
    let limit = f.load(p);
    let out = f.while_loop(
        &[zero],
        |f, args| {
            let bool_t = f.ty_bool();
            let u32t = f.ty_u32();
            let two = f.constant_u32(2);
            let odd = f.umod(u32t, limit, two);
            let is_odd = f.iequal(bool_t, odd, zero);
            let bound = f.if_then_else(
                is_odd,
                &[u32t],
                |f| vec![f.constant_u32(10)],
                |_| vec![limit],
            );
            f.ult(bool_t, args[0], bound[0])
        },
        |f, args| {
            let u32t = f.ty_u32();
            let one = f.constant_u32(1);
            vec![f.iadd(u32t, args[0], one)]
        },
    );
    f.store(p, out[0]);
    f.ret();
    let _ = f32t;
    let main = f.id();
    m.compute_entry_point(main, "main", [1, 1, 1]);
    validate_all(&m.finish());
}

//! The verifier rejects broken modules with errors that name the function, the op and the rule.

use kiln_spirv_ir::spirv::{self, StorageClass};
use kiln_spirv_ir::*;

/// A module with one compute entry point whose body `body` fills; returns the verifier's text.
fn check(
    body: impl FnOnce(&mut ModuleBuilder, FunctionId),
    build: impl FnOnce(&mut FunctionBuilder),
) -> Result<(), String> {
    let mut m = ModuleBuilder::new(Version::V1_3);
    let void = m.ty_void();
    let mut f = m.function("main", void, &[]);
    build(&mut f);
    let main = f.id();
    m.compute_entry_point(main, "main", [1, 1, 1]);
    body(&mut m, main);
    verify(&m.finish()).map_err(|e| e.to_string())
}

fn expect_err(r: Result<(), String>, needle: &str) {
    match r {
        Ok(()) => panic!("expected an error containing `{needle}`"),
        Err(e) => assert!(
            e.contains(needle),
            "error `{e}` does not contain `{needle}`"
        ),
    }
}

#[test]
fn a_good_module_passes() {
    check(
        |_, _| (),
        |f| {
            let c = f.constant_u32(1);
            let u32t = f.ty_u32();
            f.iadd(u32t, c, c);
            f.ret();
        },
    )
    .unwrap();
}

#[test]
fn missing_terminator() {
    expect_err(
        check(
            |_, _| (),
            |f| {
                f.constant_u32(1);
            },
        ),
        "does not end in a terminator",
    );
}

#[test]
fn operand_types() {
    expect_err(
        check(
            |_, _| (),
            |f| {
                let x = f.constant_f32(1.0);
                let u32t = f.ty_u32();
                f.iadd(u32t, x, x);
                f.ret();
            },
        ),
        "IAdd: needs integer operands",
    );
    expect_err(
        check(
            |_, _| (),
            |f| {
                let x = f.constant_f32(1.0);
                let c = f.constant_u32(0);
                let f32t = f.ty_f32();
                f.select(f32t, c, x, x);
                f.ret();
            },
        ),
        "Select: needs a bool condition",
    );
}

#[test]
fn use_not_dominated_by_its_definition() {
    expect_err(
        check(
            |_, _| (),
            |f| {
                let t = f.constant_bool(true);
                let f32t = f.ty_f32();
                let leaked = std::cell::Cell::new(None);
                f.if_then_else(
                    t,
                    &[f32t],
                    |f| {
                        let v = f.constant_f32(1.0);
                        leaked.set(Some(v));
                        vec![v]
                    },
                    |_| vec![leaked.get().unwrap()],
                );
                f.ret();
            },
        ),
        "not dominated",
    );
}

#[test]
fn branch_arguments_must_match() {
    expect_err(
        check(
            |_, _| (),
            |f| {
                let body = f.body_region();
                let u32t = f.ty_u32();
                let next = f.append_block(body, &[u32t]);
                f.branch(next, &[]);
                f.set_insertion_point(next);
                f.ret();
            },
        ),
        "wrong types",
    );
}

#[test]
fn branch_into_another_construct() {
    expect_err(
        check(
            |_, _| (),
            |f| {
                let t = f.constant_bool(true);
                let sel = f.begin_selection(spirv::SelectionControl::NONE, &[]);
                let inner = f.append_block(sel.region, &[]);
                f.branch_conditional(t, inner, &[], sel.merge, &[]);
                f.set_insertion_point(inner);
                f.branch(sel.merge, &[]);
                f.end_structured(sel.parent);
                // From the function body straight into the selection's arm.
                f.branch(inner, &[]);
            },
        ),
        "outside its region",
    );
}

#[test]
fn merge_block_holds_only_merge() {
    expect_err(
        check(
            |_, _| (),
            |f| {
                let t = f.constant_bool(true);
                let sel = f.begin_selection(spirv::SelectionControl::NONE, &[]);
                f.branch_conditional(t, sel.merge, &[], sel.merge, &[]);
                // An extra op in the merge block, before its Merge.
                let m = f.function().blocks[sel.merge].ops[0];
                f.set_insertion_point(sel.merge);
                f.constant_u32(3);
                let ops = &f.function().blocks[sel.merge].ops;
                assert_eq!(ops[0], m);
                f.end_structured(sel.parent);
                f.ret();
            },
        ),
        "Merge",
    );
}

#[test]
fn interface_layout_rules() {
    let f32t_buf = |m: &mut ModuleBuilder, _| {
        let f32t = m.ty_f32();
        let arr = m.ty_runtime_array(f32t, None);
        let s = m.ty_struct(&[(arr, Some(0))], true);
        let g = m.global_variable("nostride", s, StorageClass::StorageBuffer);
        m.set_binding(g, 0, 0);
    };
    expect_err(check(f32t_buf, |f| f.ret()), "no ArrayStride");
    let no_block = |m: &mut ModuleBuilder, _| {
        let f32t = m.ty_f32();
        let arr = m.ty_runtime_array(f32t, Some(4));
        let s = m.ty_struct(&[(arr, Some(0))], false);
        let g = m.global_variable("noblock", s, StorageClass::StorageBuffer);
        m.set_binding(g, 0, 0);
    };
    expect_err(check(no_block, |f| f.ret()), "decorated Block");
    let unbound = |m: &mut ModuleBuilder, _| {
        let f32t = m.ty_f32();
        let s = m.ty_runtime_array_block(f32t, 4);
        m.global_variable("unbound", s, StorageClass::StorageBuffer);
    };
    expect_err(
        check(unbound, |f| f.ret()),
        "needs DescriptorSet and Binding",
    );
    let misaligned = |m: &mut ModuleBuilder, _| {
        let f32t = m.ty_f32();
        let s = m.ty_struct(&[(f32t, Some(0)), (f32t, Some(2))], true);
        m.push_constant_block("pc", s);
    };
    expect_err(check(misaligned, |f| f.ret()), "not aligned");
    let strided_shared = |m: &mut ModuleBuilder, _| {
        let f32t = m.ty_f32();
        let arr = m.ty_array(f32t, 4, Some(4));
        m.workgroup_variable("tile", arr);
    };
    expect_err(check(strided_shared, |f| f.ret()), "ArrayStride outside");
}

#[test]
fn one_local_size_per_entry_point() {
    let twice = |m: &mut ModuleBuilder, main| {
        m.execution_mode(
            main,
            spirv::ExecutionMode::LocalSize,
            vec![
                ModeOperand::Literal(2),
                ModeOperand::Literal(1),
                ModeOperand::Literal(1),
            ],
        );
    };
    expect_err(check(twice, |f| f.ret()), "has 2 LocalSize");
}

#[test]
fn return_types() {
    let mut m = ModuleBuilder::new(Version::V1_3);
    let f32t = m.ty_f32();
    let mut f = m.function("helper", f32t, &[]);
    f.ret();
    let e = verify(&m.finish()).unwrap_err().to_string();
    assert!(
        e.contains("function `helper`") && e.contains("Return in a function that returns a value"),
        "{e}"
    );
}

/// Issue 26: the type rules of conversions, shifts, composites and integer arithmetic widths
/// (spirv-val's), and vector sizes: each broken rule is named with its op.
#[test]
fn conversion_composite_and_shift_types() {
    use kiln_spirv_ir::spirv::Op;
    type Build = Box<dyn FnOnce(&mut FunctionBuilder)>;
    let cases: Vec<(&str, Build)> = vec![
        (
            "ConvertFToS: converts one float operand into an integer result",
            Box::new(|f| {
                let i = f.constant_i32(1);
                let i32t = f.ty_i32();
                f.op(Op::ConvertFToS, i32t, &[i]);
            }),
        ),
        (
            "ConvertSToF: converts one integer operand into a float result",
            Box::new(|f| {
                let x = f.constant_f32(1.0);
                let f32t = f.ty_f32();
                f.op(Op::ConvertSToF, f32t, &[x]);
            }),
        ),
        (
            "ShiftLeftLogical: needs an integer base of the result's width",
            Box::new(|f| {
                let x = f.constant_f32(1.0);
                let c = f.constant_u32(1);
                let u32t = f.ty_u32();
                f.op(Op::ShiftLeftLogical, u32t, &[x, c]);
            }),
        ),
        (
            "CompositeExtract: needs a composite and in-range literal indices",
            Box::new(|f| {
                let x = f.constant_f32(1.0);
                let f32t = f.ty_f32();
                let v4 = f.ty_vector(f32t, 4);
                let v = f.composite_construct(v4, &[x, x, x, x]);
                f.composite_extract(f32t, v, &[4]);
            }),
        ),
        (
            "CompositeExtract: needs a composite and in-range literal indices",
            Box::new(|f| {
                let x = f.constant_f32(1.0);
                let f32t = f.ty_f32();
                let u32t = f.ty_u32();
                let v4 = f.ty_vector(f32t, 4);
                let v = f.composite_construct(v4, &[x, x, x, x]);
                f.composite_extract(u32t, v, &[1]);
            }),
        ),
        (
            "CompositeConstruct: needs one constituent per member",
            Box::new(|f| {
                let x = f.constant_f32(1.0);
                let f32t = f.ty_f32();
                let v4 = f.ty_vector(f32t, 4);
                f.composite_construct(v4, &[x, x, x]);
            }),
        ),
        (
            "IAdd: needs integer operands and result with the same component count and width",
            Box::new(|f| {
                let c = f.constant_u32(1);
                let i64t = f.ty(Type::Int {
                    width: 64,
                    signed: true,
                });
                f.op(Op::IAdd, i64t, &[c, c]);
            }),
        ),
    ];
    for (needle, build) in cases {
        expect_err(
            check(
                |_, _| (),
                |f| {
                    build(f);
                    f.ret();
                },
            ),
            needle,
        );
    }
}

/// A vector of 4294967295 components is refused by the text parser (with its position), by the
/// deserializer and by the verifier; 8 and 16 need the Vector16 capability.
#[test]
fn vector_sizes() {
    let e = parse_module("spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {\n  spirv.GlobalVariable @v : ptr<vector<4294967295 x f32>, Private>\n}\n")
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("2:40: expected a vector component count of 2, 3, 4, 8 or 16"),
        "{e}"
    );
    expect_err(
        check(
            |_, _| (),
            |f| {
                let f32t = f.ty_f32();
                f.ty_vector(f32t, 8);
                f.ret();
            },
        ),
        "malformed type",
    );
}

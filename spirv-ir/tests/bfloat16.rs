//! bfloat16 (`SPV_KHR_bfloat16`): the builder kernel of the f32 matmul on bf16 tensor cores
//! (`benches/gpu/split_bf16_spirv.py`: each f32 operand split into three bf16 planes, six
//! Workgroup-scope bf16 x bf16 -> f32 products per K step), its UpdateVCE, spirv-val, the binary
//! and text round trips; the capabilities of bf16 conversions and storage; and the verifier's
//! refusal of arithmetic on bf16 scalars and vectors.

mod common;

use common::{h200_with, WorkgroupMatmul};
use kiln_spirv_ir::spirv::{self, BuiltIn, Capability, CooperativeMatrixUse, GlslStd450Op, Scope};
use kiln_spirv_ir::*;

/// One workgroup of 128 invocations computes a 128 x 128 f32 tile of the 256 x 256 x 256 `C`;
/// `a` holds three bf16 planes of `M x K` (hi, mid, lo), `b` three of `K x N`. Per 16-deep K
/// step the six products hi*hi, hi*mid, mid*hi, hi*lo, mid*mid, lo*hi are summed (smallest
/// first) into a partial that is added to the accumulator.
fn split_bf16_matmul_kernel() -> Module {
    let shape = WorkgroupMatmul {
        operand: Type::BF16,
        accumulator: Type::Float {
            width: 32,
            encoding: None,
        },
        problem: [256, 256, 256],
        tile: [128, 128, 16],
        planes: 3,
        clamp_mode: spirv::TensorClampMode::Undefined,
        invocations: 128,
    };
    shape.kernel(|f, step| {
        let mut partial = step.zero;
        for (i, j) in [(2, 0), (1, 1), (0, 2), (1, 0), (0, 1), (0, 0)] {
            partial = f.cooperative_matrix_mul_add(
                step.ty,
                step.a[i],
                step.b[j],
                partial,
                spirv::CooperativeMatrixOperands::NONE_KHR,
            );
        }
        f.fadd(step.ty, step.accumulator, partial)
    })
}

/// `y[i] = bf16(x[i])`, `z[i] = f32(y[i])`: bf16 only converted, loaded and stored.
fn bf16_conversion_kernel() -> Module {
    let mut m = ModuleBuilder::new(Version::V1_3);
    m.module_mut().capabilities.clear();
    let bf16 = m.ty_bf16();
    let f32t = m.ty_f32();
    let u32t = m.ty_u32();
    let v3 = m.ty_vector(u32t, 3);
    let void = m.ty_void();
    let x = m.storage_buffer("x", f32t, 4, 0, 0);
    let y = m.storage_buffer("y", bf16, 2, 0, 1);
    let z = m.storage_buffer("z", f32t, 4, 0, 2);
    let gid = m.builtin_input(BuiltIn::GlobalInvocationId, v3);
    let mut f = m.function("main", void, &[]);
    let gid_ptr = f.address_of(gid);
    let gid = f.load(gid_ptr);
    let i = f.composite_extract(u32t, gid, &[0]);
    let zero = f.constant_u32(0);
    let (px, py, pz) = (f.address_of(x), f.address_of(y), f.address_of(z));
    let xi = f.access_chain(px, &[zero, i]);
    let yi = f.access_chain(py, &[zero, i]);
    let zi = f.access_chain(pz, &[zero, i]);
    let value = f.load(xi);
    let narrow = f.fconvert(bf16, value);
    f.store(yi, narrow);
    let reloaded = f.load(yi);
    let wide = f.fconvert(f32t, reloaded);
    f.store(zi, wide);
    f.ret();
    let main = f.id();
    m.compute_entry_point(main, "main", [64, 1, 1]);
    m.finish()
}

#[test]
fn split_bf16_matmul_validates_and_round_trips() {
    // The preset lists what the H200 driver's VK_KHR_shader_bfloat16 offers.
    let h200 = TargetEnv::preset("nvidia-h200").unwrap();
    assert!(h200.has_capability(Capability::BFloat16CooperativeMatrixKHR));
    let mut m = split_bf16_matmul_kernel();
    verify(&m).unwrap_or_else(|e| panic!("verifier: {e}"));
    let vce = update_vce(&mut m, &h200).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(vce.version, Version::V1_6);
    for c in [
        Capability::BFloat16TypeKHR,
        Capability::BFloat16CooperativeMatrixKHR,
        Capability::CooperativeMatrixKHR,
        Capability::TensorAddressingNV,
        Capability::CooperativeMatrixTensorAddressingNV,
        Capability::VulkanMemoryModel,
        Capability::StorageBuffer16BitAccess,
    ] {
        assert!(vce.capabilities.contains(&c), "{c:?} missing: {vce:?}");
    }
    // bf16 is not IEEE half: no f16 value appears, so no Float16.
    assert!(!vce.capabilities.contains(&Capability::Float16), "{vce:?}");
    assert!(
        !vce.capabilities
            .contains(&Capability::BFloat16DotProductKHR),
        "{vce:?}"
    );
    for e in [
        "SPV_KHR_bfloat16",
        "SPV_KHR_cooperative_matrix",
        "SPV_NV_cooperative_matrix2",
        "SPV_NV_tensor_addressing",
    ] {
        assert!(
            vce.extensions.iter().any(|x| x == e),
            "{e} missing: {vce:?}"
        );
    }
    let words = serialize(&m).unwrap();
    validate_with_spirv_val(&words, "vulkan1.3").unwrap_or_else(|e| panic!("{e}"));

    // Binary: lifted, re-serialized, validated; a second round trip is a fixpoint.
    let lifted = deserialize(&words).unwrap_or_else(|e| panic!("{e}"));
    verify(&lifted).unwrap_or_else(|e| panic!("verifier on the lifted module: {e}"));
    assert!(lifted.types.iter().any(|(_, t)| *t == Type::BF16));
    let again = serialize(&lifted).unwrap();
    validate_with_spirv_val(&again, "vulkan1.3").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        again,
        serialize(&deserialize(&again).unwrap()).unwrap(),
        "round trip is not a fixpoint"
    );

    // Text: print -> parse -> print is the identity and assembles to the same words.
    let text = print_module(&lifted);
    assert!(
        text.contains("coopmatrix<128 x 16 x bf16, Workgroup, MatrixAKHR>"),
        "{text}"
    );
    assert!(
        text.contains("coopmatrix<16 x 128 x bf16, Workgroup, MatrixBKHR>"),
        "{text}"
    );
    assert!(text.contains("rtarray<bf16, stride=2>"), "{text}");
    assert!(text.contains("spirv.CooperativeMatrixMulAddKHR"), "{text}");
    let parsed = parse_module(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(print_module(&parsed), text);
    assert_eq!(assemble_text(&text).unwrap(), again);
    assert_eq!(disassemble_to_text(&words).unwrap(), text);
}

#[test]
fn targets_without_bfloat16_refuse_it() {
    // The H200 preset without its bfloat16 capabilities and extension (as first captured).
    let h200 = h200_with(
        &[],
        &[
            Capability::BFloat16TypeKHR,
            Capability::BFloat16CooperativeMatrixKHR,
            Capability::BFloat16DotProductKHR,
        ],
        &["SPV_KHR_bfloat16"],
    );
    let text = update_vce(&mut split_bf16_matmul_kernel(), &h200)
        .unwrap_err()
        .to_string();
    assert!(text.contains("BFloat16"), "{text}");

    // The type but not its cooperative-matrix use.
    let target = h200_with(&[], &[Capability::BFloat16CooperativeMatrixKHR], &[]);
    let text = update_vce(&mut split_bf16_matmul_kernel(), &target)
        .unwrap_err()
        .to_string();
    assert!(text.contains("BFloat16CooperativeMatrixKHR"), "{text}");
    assert!(update_vce(&mut bf16_conversion_kernel(), &target).is_ok());

    let lvp = TargetEnv::preset("llvmpipe").unwrap();
    assert!(update_vce(&mut bf16_conversion_kernel(), &lvp).is_err());
}

#[test]
fn bf16_conversions_need_the_type_and_16_bit_storage_only() {
    let mut m = bf16_conversion_kernel();
    verify(&m).unwrap_or_else(|e| panic!("verifier: {e}"));
    let vce = update_vce(&mut m, &TargetEnv::preset("nvidia-h200").unwrap())
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(vce.capabilities.contains(&Capability::BFloat16TypeKHR));
    assert!(vce
        .capabilities
        .contains(&Capability::StorageBuffer16BitAccess));
    for c in [
        Capability::Float16,
        Capability::BFloat16CooperativeMatrixKHR,
        Capability::CooperativeMatrixKHR,
    ] {
        assert!(!vce.capabilities.contains(&c), "{c:?} not needed: {vce:?}");
    }
    assert!(vce.extensions.iter().any(|e| e == "SPV_KHR_bfloat16"));
    let words = serialize(&m).unwrap();
    validate_with_spirv_val(&words, "vulkan1.3").unwrap_or_else(|e| panic!("{e}"));
    let text = print_module(&deserialize(&words).unwrap());
    assert!(text.contains("spirv.FConvert"), "{text}");
    assert_eq!(print_module(&parse_module(&text).unwrap()), text);
}

#[test]
fn bf16_dot_product_needs_its_capability() {
    let mut m = ModuleBuilder::new(Version::V1_3);
    m.module_mut().capabilities.clear();
    let void = m.ty_void();
    let bf16 = m.ty_bf16();
    let v2 = m.ty_vector(bf16, 2);
    let mut f = m.function("main", void, &[]);
    let one = f.constant_f32(1.0);
    let x = f.fconvert(bf16, one);
    let v = f.composite_construct(v2, &[x, x]);
    f.dot(bf16, v, v);
    f.ret();
    let main = f.id();
    m.compute_entry_point(main, "main", [1, 1, 1]);
    let module = m.finish();
    verify(&module).unwrap_or_else(|e| panic!("verifier: {e}"));
    let text = deduce_vce(&module, &TargetEnv::preset("nvidia-h200").unwrap())
        .unwrap_err()
        .to_string();
    assert!(text.contains("BFloat16DotProductKHR"), "{text}");
    let target = h200_with(&[Capability::BFloat16DotProductKHR], &[], &[]);
    let vce = deduce_vce(&module, &target).unwrap_or_else(|e| panic!("{e}"));
    assert!(vce
        .capabilities
        .contains(&Capability::BFloat16DotProductKHR));
}

#[test]
fn verifier_rejects_arithmetic_on_bf16() {
    let mut m = ModuleBuilder::new(Version::V1_6);
    let void = m.ty_void();
    let bf16 = m.ty_bf16();
    let f32t = m.ty_f32();
    let v2 = m.ty_vector(bf16, 2);
    let wg = Scope::Workgroup;
    let ma = m.ty_cooperative_matrix(bf16, wg, 16, 16, CooperativeMatrixUse::MatrixAKHR);
    let mut f = m.function("main", void, &[]);
    let one = f.constant_f32(1.0);
    let x = f.fconvert(bf16, one);
    let v = f.composite_construct(v2, &[x, x]);
    f.fadd(bf16, x, x);
    f.fmul(v2, v, v);
    f.fnegate(bf16, x);
    f.glsl(GlslStd450Op::Exp, bf16, &[x]);
    // Allowed: conversions, composites, and arithmetic on a bf16 cooperative matrix.
    let back = f.fconvert(f32t, x);
    f.fadd(f32t, back, back);
    let tile = f.composite_construct(ma, &[x]);
    f.fadd(ma, tile, tile);
    f.ret();
    let errors = verify(&m.finish()).unwrap_err();
    let text = errors.to_string();
    assert_eq!(errors.0.len(), 4, "{text}");
    for op in ["FAdd", "FMul", "FNegate", "extended instruction"] {
        assert!(
            text.lines()
                .any(|l| l.contains(op) && l.contains("bf16") && l.contains("SPV_KHR_bfloat16")),
            "{op}: {text}"
        );
    }
}

#[test]
fn bf16_is_width_16_only() {
    let mut m = ModuleBuilder::new(Version::V1_6);
    m.ty(Type::Float {
        width: 32,
        encoding: Some(spirv::FPEncoding::BFloat16KHR),
    });
    let text = verify(&m.finish()).unwrap_err().to_string();
    assert!(text.contains("malformed type"), "{text}");

    // The same in a binary: `OpTypeFloat 32 BFloat16KHR` is refused when lifted.
    let mut words = serialize(&bf16_conversion_kernel()).unwrap();
    let at = words
        .windows(4)
        .position(|w| w[0] == (4 << 16) | spirv::Op::TypeFloat as u32 && w[2] == 16)
        .expect("OpTypeFloat 16 BFloat16KHR");
    assert_eq!(words[at + 3], spirv::FPEncoding::BFloat16KHR as u32);
    words[at + 2] = 32;
    let error = deserialize(&words).unwrap_err().to_string();
    assert!(error.contains("float width 32"), "{error}");
}

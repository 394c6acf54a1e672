//! UpdateVCE on builder kernels written without any capability: the deduced triple validates,
//! and targets that lack something fail with an error naming it.

use kiln_spirv_ir::spirv::{
    self, BuiltIn, CooperativeMatrixLayout, CooperativeMatrixUse, Op, Scope,
};
use kiln_spirv_ir::*;

fn bare(version: Version) -> ModuleBuilder {
    let mut m = ModuleBuilder::new(version);
    m.module_mut().capabilities.clear();
    m
}

/// f16 storage + arithmetic, a subgroup reduction, integer dot product.
fn mixed_kernel() -> Module {
    let mut m = bare(Version::V1_3);
    let f16 = m.ty_f16();
    let f32t = m.ty_f32();
    let u32t = m.ty_u32();
    let v3 = m.ty_vector(u32t, 3);
    let void = m.ty_void();
    let h = m.storage_buffer("h", f16, 2, 0, 0);
    let out = m.storage_buffer("out", f32t, 4, 0, 1);
    let gid = m.builtin_input(BuiltIn::GlobalInvocationId, v3);
    let mut f = m.function("main", void, &[]);
    let gp = f.address_of(gid);
    let g = f.load(gp);
    let i = f.composite_extract(u32t, g, &[0]);
    let zero = f.constant_u32(0);
    let hp = f.address_of(h);
    let e = f.access_chain(hp, &[zero, i]);
    let x = f.load(e);
    let two = f.constant_f16_bits(0x4000);
    let y = f.fmul(f16, x, two);
    let wide = f.fconvert(f32t, y);
    let s = f.group_non_uniform_reduce(
        Op::GroupNonUniformFAdd,
        f32t,
        Scope::Subgroup,
        spirv::GroupOperation::Reduce,
        wide,
        None,
    );
    let packed_a = f.constant_u32(0x0102_0304);
    let d = f.integer_dot(
        Op::UDot,
        u32t,
        &[packed_a, i],
        Some(spirv::PackedVectorFormat::PackedVectorFormat4x8Bit),
    );
    let df = f.convert_u_to_f(f32t, d);
    let r = f.fadd(f32t, s, df);
    let op_ = f.address_of(out);
    let o = f.access_chain(op_, &[zero, i]);
    f.store(o, r);
    f.ret();
    let main = f.id();
    m.compute_entry_point(main, "main", [64, 1, 1]);
    m.finish()
}

/// `C = 2 (A * B + C)` on 16x16 tiles with KHR cooperative matrices, element 0 clamped at 0.
fn coopmat_kernel() -> Module {
    let mut m = bare(Version::V1_6);
    // Vulkan: Shader + CooperativeMatrixKHR requires the Vulkan memory model.
    m.module_mut().memory_model = spirv::MemoryModel::Vulkan;
    let f16 = m.ty_f16();
    let f32t = m.ty_f32();
    let u32t = m.ty_u32();
    let void = m.ty_void();
    let a = m.storage_buffer("a", f16, 2, 0, 0);
    let b = m.storage_buffer("b", f16, 2, 0, 1);
    let c = m.storage_buffer("c", f32t, 4, 0, 2);
    let ma = m.ty_cooperative_matrix(
        f16,
        Scope::Subgroup,
        16,
        16,
        CooperativeMatrixUse::MatrixAKHR,
    );
    let mb = m.ty_cooperative_matrix(
        f16,
        Scope::Subgroup,
        16,
        16,
        CooperativeMatrixUse::MatrixBKHR,
    );
    let mc = m.ty_cooperative_matrix(
        f32t,
        Scope::Subgroup,
        16,
        16,
        CooperativeMatrixUse::MatrixAccumulatorKHR,
    );
    let mut f = m.function("main", void, &[]);
    let zero = f.constant_u32(0);
    let stride = f.constant_u32(16);
    let (pa, pb, pc) = (f.address_of(a), f.address_of(b), f.address_of(c));
    let ea = f.access_chain(pa, &[zero, zero]);
    let eb = f.access_chain(pb, &[zero, zero]);
    let ec = f.access_chain(pc, &[zero, zero]);
    let row = CooperativeMatrixLayout::RowMajorKHR;
    let xa = f.cooperative_matrix_load(ma, ea, row, stride);
    let xb = f.cooperative_matrix_load(mb, eb, row, stride);
    let xc = f.cooperative_matrix_load(mc, ec, row, stride);
    let r =
        f.cooperative_matrix_mul_add(mc, xa, xb, xc, spirv::CooperativeMatrixOperands::NONE_KHR);
    let _n = f.cooperative_matrix_length(mc);
    // Element-wise arithmetic on a matrix and a literal-index element update.
    let doubled = f.fadd(mc, r, r);
    let first = f.composite_extract(f32t, doubled, &[0]);
    let z = f.constant_f32(0.0);
    let clamped = f.glsl(spirv::GlslStd450Op::FMax, f32t, &[first, z]);
    let relu = f.composite_insert(mc, clamped, doubled, &[0]);
    let _ = u32t;
    f.cooperative_matrix_store(ec, relu, row, stride);
    f.ret();
    let main = f.id();
    m.compute_entry_point(main, "main", [32, 1, 1]);
    m.finish()
}

#[test]
fn mixed_kernel_vce_per_target() {
    let lvp = TargetEnv::preset("llvmpipe").unwrap();
    let mut m = mixed_kernel();
    verify(&m).unwrap_or_else(|e| panic!("{e}"));
    let vce = update_vce(&mut m, &lvp).unwrap();
    assert!(
        vce.capabilities.contains(&spirv::Capability::Float16),
        "{vce:?}"
    );
    assert!(
        vce.capabilities
            .contains(&spirv::Capability::StorageBuffer16BitAccess),
        "{vce:?}"
    );
    assert!(
        vce.capabilities
            .contains(&spirv::Capability::GroupNonUniformArithmetic),
        "{vce:?}"
    );
    assert!(
        vce.extensions
            .iter()
            .any(|e| e == "SPV_KHR_integer_dot_product"),
        "{vce:?}"
    );
    assert_eq!(vce.version, Version::V1_3);
    let words = serialize(&m).unwrap();
    validate_with_spirv_val(&words, &lvp.spirv_val_target_env()).unwrap_or_else(|e| panic!("{e}"));

    let h200 = TargetEnv::preset("nvidia-h200").unwrap();
    let mut m = mixed_kernel();
    let vce = update_vce(&mut m, &h200).unwrap();
    assert_eq!(
        vce.version,
        Version::V1_6,
        "dot product is core in 1.6, the H200's preferred version"
    );
    assert!(
        vce.extensions
            .iter()
            .all(|e| e != "SPV_KHR_integer_dot_product"),
        "{vce:?}"
    );
    validate_with_spirv_val(&serialize(&m).unwrap(), &h200.spirv_val_target_env())
        .unwrap_or_else(|e| panic!("{e}"));

    let v11 = TargetEnv::preset("vulkan1.1").unwrap();
    let err = update_vce(&mut mixed_kernel(), &v11)
        .unwrap_err()
        .to_string();
    assert!(err.contains("vulkan1.1"), "{err}");
    assert!(
        err.contains("Float16")
            || err.contains("StorageBuffer16BitAccess")
            || err.contains("GroupNonUniformArithmetic"),
        "{err}"
    );
}

#[test]
fn coopmat_kernel_only_on_h200() {
    let h200 = TargetEnv::preset("nvidia-h200").unwrap();
    let mut m = coopmat_kernel();
    let vce = update_vce(&mut m, &h200).unwrap();
    assert!(
        vce.capabilities
            .contains(&spirv::Capability::CooperativeMatrixKHR),
        "{vce:?}"
    );
    assert!(
        vce.extensions
            .iter()
            .any(|e| e == "SPV_KHR_cooperative_matrix"),
        "{vce:?}"
    );
    assert!(
        vce.capabilities
            .contains(&spirv::Capability::VulkanMemoryModel),
        "{vce:?}"
    );
    let words = serialize(&m).unwrap();
    validate_with_spirv_val(&words, "vulkan1.3").unwrap_or_else(|e| panic!("{e}"));
    // Round trip through the binary keeps the cooperative matrices.
    let again = serialize(&deserialize(&words).unwrap()).unwrap();
    validate_with_spirv_val(&again, "vulkan1.3").unwrap_or_else(|e| panic!("{e}"));

    let lvp = TargetEnv::preset("llvmpipe").unwrap();
    let err = update_vce(&mut coopmat_kernel(), &lvp)
        .unwrap_err()
        .to_string();
    assert!(err.contains("CooperativeMatrixKHR"), "{err}");
}

#[test]
fn builder_default_kernel_needs_only_shader() {
    let mut m = bare(Version::V1_0);
    let void = m.ty_void();
    let f32t = m.ty_f32();
    let buf = m.storage_buffer("b", f32t, 4, 0, 0);
    let mut f = m.function("main", void, &[]);
    let zero = f.constant_u32(0);
    let p = f.address_of(buf);
    let e = f.access_chain(p, &[zero, zero]);
    let one = f.constant_f32(1.0);
    f.store(e, one);
    f.ret();
    let main = f.id();
    m.compute_entry_point(main, "main", [1, 1, 1]);
    let mut module = m.finish();
    let v11 = TargetEnv::preset("vulkan1.1").unwrap();
    let vce = update_vce(&mut module, &v11).unwrap();
    assert_eq!(vce.capabilities, vec![spirv::Capability::Shader]);
    assert_eq!(vce.version, Version::V1_3, "StorageBuffer is core from 1.3");
    validate_with_spirv_val(&serialize(&module).unwrap(), "vulkan1.1")
        .unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn type_legality_per_target() {
    let mut m = bare(Version::V1_3);
    let f16 = m.ty_f16();
    let i8t = m.ty_int(8, true);
    let v4h = m.ty_vector(f16, 4);
    let f64t = m.ty_float(64);
    let block = m.ty_runtime_array_block(f16, 2);
    let module = m.finish();
    let lvp = TargetEnv::preset("llvmpipe").unwrap();
    let v11 = TargetEnv::preset("vulkan1.1").unwrap();
    assert!(check_type(&module, v4h, None, &lvp).is_ok());
    assert!(check_type(
        &module,
        block,
        Some(spirv::StorageClass::StorageBuffer),
        &lvp
    )
    .is_ok());
    let e = check_type(&module, v4h, None, &v11)
        .unwrap_err()
        .to_string();
    assert!(e.contains("Float16"), "{e}");
    let e = check_type(
        &module,
        block,
        Some(spirv::StorageClass::StorageBuffer),
        &v11,
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("StorageBuffer16BitAccess"), "{e}");
    assert!(check_type(&module, i8t, None, &v11)
        .unwrap_err()
        .to_string()
        .contains("Int8"));
    assert!(check_type(&module, f64t, None, &lvp).is_ok());
    assert!(check_type(&module, f64t, None, &v11)
        .unwrap_err()
        .to_string()
        .contains("Float64"));
}

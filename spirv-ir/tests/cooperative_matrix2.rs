//! `VK_NV_cooperative_matrix2` Workgroup-scope matmuls addressed through tensor layouts
//! (`SPV_NV_cooperative_matrix2` + `SPV_NV_tensor_addressing`): the builder kernel of the
//! measured hand-written one (`C = A * B`, 128x256x32 f16 x f16 -> f32 tiles, 256 invocations),
//! its UpdateVCE on the H200 preset, spirv-val, the binary and text round trips, and the
//! refusals on targets that cannot run it; the same kernel with a per-element epilogue
//! (`OpCooperativeMatrixPerElementOpNV`) and the verifier's checks of its function.

mod common;

use common::{h200_with, KStep, WorkgroupMatmul};
use kiln_spirv_ir::spirv::{
    self, Capability, CooperativeMatrixUse, GlslStd450Op, Scope, TensorClampMode,
};
use kiln_spirv_ir::*;

/// 128 x 256 f16 x f16 -> f32 tiles of the 4096 x 4096 x 4096 `C` (32-deep K steps), one per
/// workgroup of 256 invocations; reads outside the tensors are zeros.
const WORKGROUP_MATMUL: WorkgroupMatmul = WorkgroupMatmul {
    operand: Type::Float {
        width: 16,
        encoding: None,
    },
    accumulator: Type::Float {
        width: 32,
        encoding: None,
    },
    problem: [4096, 4096, 4096],
    tile: [128, 256, 32],
    planes: 1,
    clamp_mode: TensorClampMode::Constant,
    invocations: 256,
};

/// One K step: the accumulator plus A's tile times B's.
fn multiply_add(f: &mut FunctionBuilder, step: &KStep) -> ValueId {
    f.cooperative_matrix_mul_add(
        step.ty,
        step.a[0],
        step.b[0],
        step.accumulator,
        spirv::CooperativeMatrixOperands::NONE_KHR,
    )
}

/// `C = A * B`, the accumulated tiles stored as they are.
fn workgroup_matmul_kernel() -> Module {
    WORKGROUP_MATMUL.kernel(multiply_add)
}

#[test]
fn workgroup_matmul_validates_on_h200_and_round_trips() {
    let h200 = TargetEnv::preset("nvidia-h200").unwrap();
    let mut m = workgroup_matmul_kernel();
    verify(&m).unwrap_or_else(|e| panic!("verifier: {e}"));
    let vce = update_vce(&mut m, &h200).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(vce.version, Version::V1_6);
    for c in [
        Capability::TensorAddressingNV,
        Capability::CooperativeMatrixTensorAddressingNV,
        Capability::CooperativeMatrixKHR,
        Capability::VulkanMemoryModel,
        Capability::Float16,
        Capability::StorageBuffer16BitAccess,
    ] {
        assert!(vce.capabilities.contains(&c), "{c:?} missing: {vce:?}");
    }
    for e in [
        "SPV_NV_tensor_addressing",
        "SPV_NV_cooperative_matrix2",
        "SPV_KHR_cooperative_matrix",
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
    let again = serialize(&lifted).unwrap();
    validate_with_spirv_val(&again, "vulkan1.3").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        again,
        serialize(&deserialize(&again).unwrap()).unwrap(),
        "round trip is not a fixpoint"
    );

    // Text: print -> parse -> print is the identity and assembles to the same words.
    let text = print_module(&lifted);
    assert!(text.contains("tensorlayout<2, Constant>"), "{text}");
    assert!(text.contains("coopmatrix<128 x 256 x f32, Workgroup, MatrixAccumulatorKHR>"));
    assert!(
        text.contains("spirv.CooperativeMatrixLoadTensorNV"),
        "{text}"
    );
    assert!(text.contains("spirv.TensorLayoutSliceNV"), "{text}");
    let parsed = parse_module(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(print_module(&parsed), text);
    assert_eq!(assemble_text(&text).unwrap(), again);
    assert_eq!(disassemble_to_text(&words).unwrap(), text);
}

#[test]
fn tensor_addressing_raises_the_version_to_1_6() {
    // A target that prefers SPIR-V 1.3: the extensions' specifications require 1.6.
    let mut h200 = TargetEnv::preset("nvidia-h200").unwrap();
    h200.preferred_spirv_version = Version::V1_3;
    let mut m = workgroup_matmul_kernel();
    let vce = update_vce(&mut m, &h200).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(vce.version, Version::V1_6);
    assert_eq!(m.version, Version::V1_6);
    validate_with_spirv_val(&serialize(&m).unwrap(), "vulkan1.3").unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn targets_without_tensor_addressing_refuse_it() {
    // The capabilities but not the extensions.
    let target = h200_with(
        &[],
        &[],
        &["SPV_NV_tensor_addressing", "SPV_NV_cooperative_matrix2"],
    );
    let err = update_vce(&mut workgroup_matmul_kernel(), &target).unwrap_err();
    assert!(matches!(err, VceError::Missing { .. }), "{err:?}");
    let text = err.to_string();
    assert!(
        text.contains("needs one of the extensions [SPV_NV_tensor_addressing]")
            || text.contains("needs one of the extensions [SPV_NV_cooperative_matrix2]"),
        "{text}"
    );

    // Neither the capabilities nor the extensions.
    let target = h200_with(
        &[],
        &[
            Capability::TensorAddressingNV,
            Capability::CooperativeMatrixTensorAddressingNV,
        ],
        &["SPV_NV_tensor_addressing", "SPV_NV_cooperative_matrix2"],
    );
    let text = update_vce(&mut workgroup_matmul_kernel(), &target)
        .unwrap_err()
        .to_string();
    assert!(text.contains("TensorAddressingNV"), "{text}");
    assert!(
        target
            .check_op(spirv::Op::CooperativeMatrixLoadTensorNV)
            .is_err(),
        "legality query"
    );

    // The extensions, but a SPIR-V version below the 1.6 they require.
    let mut target = TargetEnv::preset("nvidia-h200").unwrap();
    target.spirv_version = Version::V1_5;
    target.preferred_spirv_version = Version::V1_5;
    let err = update_vce(&mut workgroup_matmul_kernel(), &target).unwrap_err();
    assert!(
        matches!(&err, VceError::ExtensionNeedsVersion { needs, .. } if *needs == Version::V1_6),
        "{err:?}"
    );
    let text = err.to_string();
    assert!(
        text.contains("extension SPV_NV_tensor_addressing requires SPIR-V 1.6")
            || text.contains("extension SPV_NV_cooperative_matrix2 requires SPIR-V 1.6"),
        "{text}"
    );
    assert!(text.contains("allows only 1.5"), "{text}");
    let legality = target
        .check_op(spirv::Op::TypeTensorLayoutNV)
        .unwrap_err()
        .to_string();
    assert!(legality.contains("requires SPIR-V 1.6"), "{legality}");

    let lvp = TargetEnv::preset("llvmpipe").unwrap();
    assert!(update_vce(&mut workgroup_matmul_kernel(), &lvp).is_err());
}

#[test]
fn verifier_checks_tensor_layout_operands() {
    let mut m = ModuleBuilder::new(Version::V1_6);
    let void = m.ty_void();
    let layout_ty = m.ty_tensor_layout(2, TensorClampMode::Undefined);
    let mut f = m.function("main", void, &[]);
    let l = f.create_tensor_layout(layout_ty);
    let one = f.constant_u32(1);
    // Two dimensions: two extents, two (offset, span) pairs.
    f.tensor_layout_set_dimension(layout_ty, l, &[one]);
    f.tensor_layout_slice(layout_ty, l, &[(one, one)]);
    f.tensor_layout_slice(layout_ty, l, &[(one, one), (one, one)]);
    f.ret();
    let errors = verify(&m.finish()).unwrap_err().to_string();
    assert!(errors.contains("TensorLayoutSetDimensionNV"), "{errors}");
    assert_eq!(errors.matches("TensorLayoutSliceNV").count(), 1, "{errors}");

    // At most 5 dimensions.
    let mut m = ModuleBuilder::new(Version::V1_6);
    m.ty_tensor_layout(6, TensorClampMode::Undefined);
    let errors = verify(&m.finish()).unwrap_err().to_string();
    assert!(errors.contains("malformed type"), "{errors}");
}

/// The matmul kernel whose epilogue applies `relu(element + bias[n0 + column])` to every
/// element of the accumulator through `OpCooperativeMatrixPerElementOpNV`; `bias` is a
/// storage buffer (set 0, binding 3), `n0` the extra operand.
fn bias_relu_matmul_kernel() -> Module {
    WORKGROUP_MATMUL.kernel_with(
        multiply_add,
        |m| {
            let f32t = m.ty_f32();
            let bias = m.storage_buffer("bias", f32t, 4, 0, 3);
            m.decorate_global(bias, spirv::Decoration::NonWritable, &[]);
            bias
        },
        |f, bias, tile| {
            let (u32t, f32t) = (f.ty_u32(), f.ty_f32());
            let mut g = f.sibling("bias_relu", f32t, &[u32t, u32t, f32t, u32t]);
            let [_row, column, element, n0] = g.params()[..] else {
                unreachable!("four parameters")
            };
            let zero = g.constant_u32(0);
            let index = g.iadd(u32t, n0, column);
            let bias_ptr = g.address_of(bias);
            let bias_element = g.access_chain(bias_ptr, &[zero, index]);
            let bias_value = g.load(bias_element);
            let sum = g.fadd(f32t, element, bias_value);
            let zero_f32 = g.constant_f32(0.0);
            let relu = g.glsl(GlslStd450Op::FMax, f32t, &[sum, zero_f32]);
            g.ret_value(relu);
            let bias_relu = g.id();
            f.cooperative_matrix_per_element(tile.ty, tile.value, bias_relu, &[tile.n0])
        },
    )
}

#[test]
fn per_element_epilogue_validates_and_round_trips() {
    let h200 = TargetEnv::preset("nvidia-h200").unwrap();
    let mut m = bias_relu_matmul_kernel();
    verify(&m).unwrap_or_else(|e| panic!("verifier: {e}"));
    let vce = update_vce(&mut m, &h200).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        vce.capabilities
            .contains(&Capability::CooperativeMatrixPerElementOperationsNV),
        "{vce:?}"
    );
    assert!(
        vce.extensions
            .iter()
            .any(|e| e == "SPV_NV_cooperative_matrix2"),
        "{vce:?}"
    );
    // Without the capability on the target the op is refused.
    let target = h200_with(
        &[],
        &[Capability::CooperativeMatrixPerElementOperationsNV],
        &[],
    );
    let err = update_vce(&mut bias_relu_matmul_kernel(), &target).unwrap_err();
    assert!(
        err.to_string()
            .contains("CooperativeMatrixPerElementOperationsNV"),
        "{err}"
    );

    let words = serialize(&m).unwrap();
    validate_with_spirv_val(&words, "vulkan1.3").unwrap_or_else(|e| panic!("{e}"));

    // Text: print -> parse -> print is the identity and assembles to the same words.
    let text = print_module(&m);
    assert!(
        text.contains("spirv.CooperativeMatrixPerElementOpNV %")
            && text.contains(", func<@bias_relu>, "),
        "{text}"
    );
    let parsed = parse_module(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(print_module(&parsed), text);
    assert_eq!(serialize(&parsed).unwrap(), words);

    // Binary: the function operand is lifted back to the function (not a value), `bias` is in
    // the entry point's interface through it, and serialize -> deserialize -> print prints
    // the lifted module again (the builder's op order is normalized by the first lift).
    let lifted = deserialize(&words).unwrap_or_else(|e| panic!("{e}"));
    verify(&lifted).unwrap_or_else(|e| panic!("verifier on the lifted module: {e}"));
    let lifted_text = print_module(&lifted);
    assert!(
        lifted_text.contains(", func<@bias_relu>, "),
        "{lifted_text}"
    );
    assert!(
        lifted_text.contains("interface(@a, @b, @c, @WorkgroupId, @bias)"),
        "{lifted_text}"
    );
    let again = serialize(&lifted).unwrap();
    validate_with_spirv_val(&again, "vulkan1.3").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(print_module(&deserialize(&again).unwrap()), lifted_text);
    assert_eq!(disassemble_to_text(&words).unwrap(), lifted_text);
    assert_eq!(assemble_text(&lifted_text).unwrap(), again);
}

/// `main` applies a function of signature `params -> result` to an f32 accumulator.
fn per_element_module(result: fn(&mut FunctionBuilder) -> TypeId, params: &[Type]) -> Module {
    let mut m = ModuleBuilder::new(Version::V1_6);
    let void = m.ty_void();
    let f32t = m.ty_f32();
    let mc = m.ty_cooperative_matrix(
        f32t,
        Scope::Workgroup,
        16,
        16,
        CooperativeMatrixUse::MatrixAccumulatorKHR,
    );
    let params: Vec<TypeId> = params.iter().map(|t| m.ty(t.clone())).collect();
    let mut f = m.function("main", void, &[]);
    let matrix = f.undef(mc);
    let result_type = result(&mut f);
    let mut g = f.sibling("scale", result_type, &params);
    let r = g.undef(result_type);
    g.ret_value(r);
    let scale = g.id();
    f.cooperative_matrix_per_element(mc, matrix, scale, &[]);
    f.ret();
    m.finish()
}

#[test]
fn verifier_checks_the_per_element_function() {
    let u32t = Type::Int {
        width: 32,
        signed: false,
    };
    let f32t = Type::Float {
        width: 32,
        encoding: None,
    };
    let good = [u32t.clone(), u32t.clone(), f32t.clone()];
    verify(&per_element_module(|f| f.ty_f32(), &good)).unwrap_or_else(|e| panic!("{e}"));

    // Missing the element parameter.
    let errors = verify(&per_element_module(|f| f.ty_f32(), &good[..2]))
        .unwrap_err()
        .to_string();
    assert!(
        errors.contains(
            "CooperativeMatrixPerElementOpNV: function `scale` must take (32-bit integer row, \
             32-bit integer column, element of the component type), it takes 2 parameter(s)"
        ),
        "{errors}"
    );

    // Returning the wrong type.
    let errors = verify(&per_element_module(|f| f.ty_u32(), &good))
        .unwrap_err()
        .to_string();
    assert!(
        errors.contains(
            "CooperativeMatrixPerElementOpNV: function `scale` must return the matrix component type"
        ),
        "{errors}"
    );

    // An element parameter of another type than the component.
    let errors = verify(&per_element_module(
        |f| f.ty_f32(),
        &[u32t.clone(), u32t.clone(), u32t],
    ))
    .unwrap_err()
    .to_string();
    assert!(
        errors.contains("CooperativeMatrixPerElementOpNV: function `scale` must take"),
        "{errors}"
    );
}

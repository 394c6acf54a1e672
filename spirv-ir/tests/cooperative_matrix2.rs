//! `VK_NV_cooperative_matrix2` Workgroup-scope matmuls addressed through tensor layouts
//! (`SPV_NV_cooperative_matrix2` + `SPV_NV_tensor_addressing`): the builder kernel of the
//! measured hand-written one (`C = A * B`, 128x256x32 f16 x f16 -> f32 tiles, 256 invocations),
//! its UpdateVCE on the H200 preset, spirv-val, the binary and text round trips, and the
//! refusals on targets that cannot run it; the same kernel with a per-element epilogue
//! (`OpCooperativeMatrixPerElementOpNV`) and the verifier's checks of its function.

use kiln_spirv_ir::spirv::{
    self, BuiltIn, Capability, CooperativeMatrixUse, GlslStd450Op, MemoryModel, Scope,
    TensorClampMode,
};
use kiln_spirv_ir::*;

const M: u32 = 4096;
const N: u32 = 4096;
const K: u32 = 4096;
const TILE_M: u32 = 128;
const TILE_N: u32 = 256;
const TILE_K: u32 = 32;

/// One workgroup computes the `TILE_M x TILE_N` tile of `C` at (WorkgroupId.y, WorkgroupId.x),
/// looping over K in `TILE_K` slices; built without capabilities (UpdateVCE deduces them).
fn workgroup_matmul_kernel() -> Module {
    workgroup_matmul_kernel_with(|_| (), |_, (), tile| tile.value)
}

/// The accumulated tile of `C` before it is stored.
struct AccumulatorTile {
    /// The f32 Workgroup-scope accumulator matrix.
    value: ValueId,
    ty: TypeId,
    /// The first column of the tile in `C`.
    n0: ValueId,
}

/// [`workgroup_matmul_kernel`] with an epilogue: `declare` adds module-level entities before
/// `main` is started, `epilogue` maps the accumulated tile to the matrix stored into `C`.
fn workgroup_matmul_kernel_with<D>(
    declare: impl FnOnce(&mut ModuleBuilder) -> D,
    epilogue: impl FnOnce(&mut FunctionBuilder, D, &AccumulatorTile) -> ValueId,
) -> Module {
    let mut m = ModuleBuilder::new(Version::V1_3);
    m.module_mut().capabilities.clear();
    // Vulkan: Shader + CooperativeMatrixKHR requires the Vulkan memory model.
    m.module_mut().memory_model = MemoryModel::Vulkan;
    let f16 = m.ty_f16();
    let f32t = m.ty_f32();
    let u32t = m.ty_u32();
    let v3 = m.ty_vector(u32t, 3);
    let void = m.ty_void();
    let a = m.storage_buffer("a", f16, 2, 0, 0);
    let b = m.storage_buffer("b", f16, 2, 0, 1);
    let c = m.storage_buffer("c", f32t, 4, 0, 2);
    m.decorate_global(a, spirv::Decoration::NonWritable, &[]);
    m.decorate_global(b, spirv::Decoration::NonWritable, &[]);
    let workgroup_id = m.builtin_input(BuiltIn::WorkgroupId, v3);
    let layout_ty = m.ty_tensor_layout(2, TensorClampMode::Constant);
    let wg = Scope::Workgroup;
    let ma = m.ty_cooperative_matrix(f16, wg, TILE_M, TILE_K, CooperativeMatrixUse::MatrixAKHR);
    let mb = m.ty_cooperative_matrix(f16, wg, TILE_K, TILE_N, CooperativeMatrixUse::MatrixBKHR);
    let mc = m.ty_cooperative_matrix(
        f32t,
        wg,
        TILE_M,
        TILE_N,
        CooperativeMatrixUse::MatrixAccumulatorKHR,
    );
    let declared = declare(&mut m);

    let mut f = m.function("main", void, &[]);
    let id_ptr = f.address_of(workgroup_id);
    let id = f.load(id_ptr);
    let wx = f.composite_extract(u32t, id, &[0]);
    let wy = f.composite_extract(u32t, id, &[1]);
    let (tile_m, tile_n, tile_k) = (
        f.constant_u32(TILE_M),
        f.constant_u32(TILE_N),
        f.constant_u32(TILE_K),
    );
    let (rows, columns, depth) = (f.constant_u32(M), f.constant_u32(N), f.constant_u32(K));
    let n0 = f.imul(u32t, wx, tile_n);
    let m0 = f.imul(u32t, wy, tile_m);
    let layout = f.create_tensor_layout(layout_ty);
    let layout_a = f.tensor_layout_set_dimension(layout_ty, layout, &[rows, depth]);
    let layout_b = f.tensor_layout_set_dimension(layout_ty, layout, &[depth, columns]);
    let layout_c = f.tensor_layout_set_dimension(layout_ty, layout, &[rows, columns]);
    // Row-major, densely packed: the strides are the inner extents (the default, set
    // explicitly to exercise the op).
    let one = f.constant_u32(1);
    let layout_c = f.tensor_layout_set_stride(layout_ty, layout_c, &[columns, one]);
    let zero = f.constant_u32(0);
    let (pa, pb, pc) = (f.address_of(a), f.address_of(b), f.address_of(c));
    let a0 = f.access_chain(pa, &[zero, zero]);
    let b0 = f.access_chain(pb, &[zero, zero]);
    let c0 = f.access_chain(pc, &[zero, zero]);
    let zero_f32 = ConstantValue::Float(u64::from(0f32.to_bits()));
    let accumulator = f.constant(mc, ConstantValue::Composite(vec![zero_f32]));
    let (undef_a, undef_b) = (f.undef(ma), f.undef(mb));
    let result = f.for_range(zero, depth, tile_k, &[accumulator], |f, k, acc| {
        let slice_a = f.tensor_layout_slice(layout_ty, layout_a, &[(m0, tile_m), (k, tile_k)]);
        let x = f.cooperative_matrix_load_tensor(ma, a0, undef_a, slice_a);
        let slice_b = f.tensor_layout_slice(layout_ty, layout_b, &[(k, tile_k), (n0, tile_n)]);
        let y = f.cooperative_matrix_load_tensor(mb, b0, undef_b, slice_b);
        vec![f.cooperative_matrix_mul_add(
            mc,
            x,
            y,
            acc[0],
            spirv::CooperativeMatrixOperands::NONE_KHR,
        )]
    });
    let tile = AccumulatorTile {
        value: result[0],
        ty: mc,
        n0,
    };
    let stored = epilogue(&mut f, declared, &tile);
    let slice_c = f.tensor_layout_slice(layout_ty, layout_c, &[(m0, tile_m), (n0, tile_n)]);
    f.cooperative_matrix_store_tensor(c0, stored, slice_c);
    f.ret();
    let main = f.id();
    m.compute_entry_point(main, "main", [256, 1, 1]);
    m.finish()
}

/// The H200 preset with some capabilities / extensions removed.
fn h200_without(capabilities: &[Capability], extensions: &[&str]) -> TargetEnv {
    let mut t = TargetEnv::preset("nvidia-h200").unwrap();
    t.capabilities.retain(|c| !capabilities.contains(c));
    t.extensions.retain(|e| !extensions.contains(&e.as_str()));
    t
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
    let target = h200_without(
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
    let target = h200_without(
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
    workgroup_matmul_kernel_with(
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

/// The H200 preset with `CooperativeMatrixPerElementOperationsNV` (`VK_NV_cooperative_matrix2`'s
/// `cooperativeMatrixPerElementOperations` feature), whether or not the checked-in preset lists it.
fn h200_with_per_element_operations() -> TargetEnv {
    let mut t = TargetEnv::preset("nvidia-h200").unwrap();
    let c = Capability::CooperativeMatrixPerElementOperationsNV;
    if !t.capabilities.contains(&c) {
        t.capabilities.push(c);
    }
    t
}

#[test]
fn per_element_epilogue_validates_and_round_trips() {
    let h200 = h200_with_per_element_operations();
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
    let target = h200_without(&[Capability::CooperativeMatrixPerElementOperationsNV], &[]);
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

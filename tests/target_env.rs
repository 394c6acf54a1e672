//! `--target auto` target envs built from a device's info: VK_NV_cooperative_matrix2's
//! workgroup-scope shapes and the tensor-addressing capabilities / extensions are listed only
//! when the device has all three features (workgroup scope, flexible dimensions, tensor
//! addressing). The info starts from the real default device (lavapipe in CI) and is given the
//! H200's VK_NV_cooperative_matrix2 report.

use kiln::runtime::{
    ComponentType, CooperativeMatrix2, DeviceInfo, FlexibleDimensions, MatrixScope,
};
use kiln::spirv_ir::spirv::Capability;
use kiln::spirv_ir::target::ComponentType as Component;
use kiln::target::target_env_for_device;

fn shape(m: u32, scope: MatrixScope, invocations: u32, saturating: bool) -> FlexibleDimensions {
    FlexibleDimensions {
        m_granularity: m,
        n_granularity: m,
        k_granularity: 16,
        a_type: ComponentType::F16,
        b_type: ComponentType::F16,
        c_type: ComponentType::F32,
        result_type: ComponentType::F32,
        saturating_accumulation: saturating,
        scope,
        workgroup_invocations: invocations,
    }
}

fn with_matrix2(mut info: DeviceInfo, features: [bool; 3]) -> DeviceInfo {
    let [workgroup_scope, flexible_dimensions, tensor_addressing] = features;
    info.features.cooperative_matrix_workgroup_scope = workgroup_scope;
    info.features.cooperative_matrix_flexible_dimensions = flexible_dimensions;
    info.features.cooperative_matrix_tensor_addressing = tensor_addressing;
    info.cooperative_matrix2 = Some(CooperativeMatrix2 {
        workgroup_scope_max_workgroup_size: 256,
        flexible_dimensions_max_dimension: 1024,
        workgroup_scope_reserved_shared_memory: 8192,
        flexible_shapes: vec![
            shape(32, MatrixScope::Workgroup, 256, false),
            shape(16, MatrixScope::Subgroup, 0, false),
            shape(16, MatrixScope::Workgroup, 64, true),
        ],
    });
    info
}

#[test]
fn workgroup_matrix_shapes_reach_the_target_env_only_with_all_three_features() {
    let devices = kiln::runtime::enumerate_devices().expect("a Vulkan device (lavapipe in CI)");
    let info = devices[0].clone();
    if info.cooperative_matrix2.is_some() {
        eprintln!("{} reports VK_NV_cooperative_matrix2 itself", info.name);
    }
    let env = target_env_for_device(&with_matrix2(info.clone(), [true; 3]));
    // The workgroup-scope, non-saturating entry only, with the device's maximum dimension.
    assert_eq!(env.cooperative_matrix_workgroup.len(), 1, "{env:?}");
    let entry = &env.cooperative_matrix_workgroup[0];
    assert_eq!(
        (
            entry.m_granularity,
            entry.n_granularity,
            entry.k_granularity
        ),
        (32, 32, 16)
    );
    assert_eq!(
        (entry.a_type, entry.c_type),
        (Component::F16, Component::F32)
    );
    assert_eq!(
        (entry.workgroup_invocations, entry.max_dimension),
        (256, 1024)
    );
    if env.spirv_version >= kiln::spirv_ir::Version::V1_6 {
        for capability in [
            Capability::TensorAddressingNV,
            Capability::CooperativeMatrixTensorAddressingNV,
        ] {
            assert!(env.capabilities.contains(&capability), "{capability:?}");
        }
        for extension in ["SPV_NV_cooperative_matrix2", "SPV_NV_tensor_addressing"] {
            assert!(env.extensions.iter().any(|e| e == extension), "{extension}");
        }
    }
    // Any feature missing: no shapes (and no tensor addressing without its feature).
    for features in [
        [false, true, true],
        [true, false, true],
        [true, true, false],
    ] {
        let env = target_env_for_device(&with_matrix2(info.clone(), features));
        assert!(env.cooperative_matrix_workgroup.is_empty(), "{features:?}");
        assert_eq!(
            env.capabilities.contains(&Capability::TensorAddressingNV),
            features[2] && env.spirv_version >= kiln::spirv_ir::Version::V1_6,
            "{features:?}"
        );
    }
}

/// The device's compute units (`shaderSMCount` on NVIDIA, AMD's shader core properties) reach
/// the target env, and the wave-counting heuristics scale with them; a device that does not
/// report them gets the reference count, flagged as assumed.
#[test]
fn compute_units_reach_the_target_env_and_scale_the_heuristics() {
    use kiln::lowering::heuristics::{Heuristics, REFERENCE_COMPUTE_UNITS};
    let devices = kiln::runtime::enumerate_devices().expect("a Vulkan device (lavapipe in CI)");
    let mut info = devices[0].clone();
    info.compute_units = Some(66);
    let env = target_env_for_device(&info);
    assert_eq!(env.compute_units, Some(66));
    let half = Heuristics::for_target(&env);
    assert!(!half.compute_units_assumed);
    assert_eq!(half.workgroup_matrix_min_groups, 96);
    info.compute_units = None;
    let unknown = Heuristics::for_target(&target_env_for_device(&info));
    assert!(unknown.compute_units_assumed);
    assert_eq!(unknown.compute_units, REFERENCE_COMPUTE_UNITS);
    assert_eq!(unknown.workgroup_matrix_min_groups, 192);
}

//! The `constrained` target preset (spirv-ir/targets/constrained.json: the small limits of
//! mobile-class drivers, 64 MiB storage-buffer range, 16 KiB shared memory, 256 invocations per
//! workgroup, 65535 workgroups per dimension, 16 storage buffers per stage, 128 bytes of push
//! constants, no 16-bit storage, no 64-bit integers) is honoured: the repo's CNN models
//! (`tests/models/make_models.py`) compile for it with every dispatch inside each limit and every
//! module through spirv-val, and run on lavapipe (whose limits are larger, so what obeys the
//! preset runs there) against onnxruntime. A model the preset cannot hold is an error naming the
//! limit.

mod model_files;

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use kiln::lowering::program::Dispatch;
use kiln::spirv_ir::spirv::StorageClass;
use kiln::spirv_ir::{TargetEnv, Type};

fn models_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| model_files::generate("make_models.py", "constrained-models", &[]))
}

fn constrained() -> TargetEnv {
    TargetEnv::preset("constrained").expect("the constrained preset")
}

/// Bytes of a `Workgroup` variable's type.
fn type_bytes(module: &kiln::spirv_ir::Module, ty: kiln::spirv_ir::TypeId) -> u64 {
    match &module.types[ty] {
        Type::Bool => 4,
        Type::Int { width, .. } | Type::Float { width, .. } => u64::from(*width / 8),
        Type::Vector { component, count } => type_bytes(module, *component) * u64::from(*count),
        Type::Array {
            element, length, ..
        } => type_bytes(module, *element) * u64::from(*length),
        Type::Struct(s) => s.members.iter().map(|m| type_bytes(module, m.ty)).sum(),
        other => panic!("a workgroup variable of type {other:?}"),
    }
}

/// Every limit of `env` that a dispatch can break, checked on `d`.
fn assert_within_limits(d: &Dispatch, env: &TargetEnv) {
    let l = &env.limits;
    let invocations: u32 = d.local_size.iter().product();
    assert!(
        invocations <= l.max_compute_workgroup_invocations
            && d.local_size
                .iter()
                .zip(l.max_compute_workgroup_size)
                .all(|(&s, max)| s <= max),
        "{}: local size {:?}",
        d.name,
        d.local_size
    );
    let descriptors = d
        .bindings
        .iter()
        .filter(|b| b.address_offset.is_none())
        .count();
    assert!(
        descriptors as u32 <= l.max_per_stage_descriptor_storage_buffers,
        "{}: {descriptors} storage buffers",
        d.name
    );
    assert!(
        d.push_constant_size <= l.max_push_constants_size,
        "{}",
        d.name
    );
    for (axis, count) in d.workgroup_count.iter().enumerate() {
        if let Some(count) = count.as_const() {
            assert!(
                count <= i64::from(l.max_compute_workgroup_count[axis]),
                "{}: {count} workgroups on axis {axis}",
                d.name
            );
        }
    }
    let module = kiln::spirv_ir::deserialize(&d.spirv).expect("a module kiln wrote");
    let shared: u64 = module
        .global_variables
        .iter()
        .filter(|(_, g)| g.storage_class == StorageClass::Workgroup)
        .map(|(_, g)| match module.types[g.ty] {
            Type::Pointer { pointee, .. } => type_bytes(&module, pointee),
            _ => 0,
        })
        .sum();
    assert!(
        shared <= u64::from(l.max_compute_shared_memory_size),
        "{}: {shared} bytes of shared memory",
        d.name
    );
    for capability in module.capabilities.iter() {
        assert!(
            env.has_capability(*capability),
            "{}: declares {capability:?}",
            d.name
        );
    }
}

/// Compiles `name` for the preset (verifying after every pass), checks every dispatch against
/// its limits and spirv-val, runs each case on lavapipe and compares with onnxruntime.
fn check_model(name: &str, cases: &[&str]) {
    let env = constrained();
    let path = models_dir().join(format!("{name}.onnx"));
    let module = kiln::model::load_model(&path).unwrap_or_else(|e| panic!("import {name}: {e}"));
    let options = kiln::lowering::PassOptions {
        verify_each: true,
        ..Default::default()
    };
    let artifact = kiln::compile_with(&module, &env, &options)
        .unwrap_or_else(|e| panic!("compile {name} for constrained: {e}"));
    for d in &artifact.program.dispatches {
        kiln::spirv_ir::validate_with_spirv_val(&d.spirv, &env.spirv_val_target_env())
            .unwrap_or_else(|e| panic!("{name}: dispatch {}: {e}", d.name));
        assert_within_limits(d, &env);
    }
    let session = model_files::session();
    let executable = session.load(&artifact.program).expect("load");
    for case in cases {
        model_files::run_against_onnxruntime(&executable, models_dir(), case, 1e-3);
    }
}

macro_rules! constrained_model_tests {
    ($($test:ident => $name:literal [$($case:literal),*]),* $(,)?) => {$(
        #[test]
        fn $test() {
            check_model($name, &[$($case),*]);
        }
    )*};
}

constrained_model_tests! {
    resnet_on_the_constrained_preset => "resnet" ["resnet.n1", "resnet.n8"],
    inception_on_the_constrained_preset => "inception" ["inception"],
    mobilenet_on_the_constrained_preset => "mobilenet" ["mobilenet"],
    shufflenet_on_the_constrained_preset => "shufflenet" ["shufflenet"],
    wide_concat_on_the_constrained_preset => "wide_concat" ["wide_concat"],
}

/// Without 64-bit integers a model with i64 tensors (`gather_runs`' ONNX int64 indices) is
/// refused, naming the tensor and the capability.
#[test]
fn i64_tensors_are_refused_naming_int64() {
    let path = models_dir().join("gather_runs.onnx");
    let module = kiln::model::load_model(&path).unwrap_or_else(|e| panic!("{e}"));
    let error = kiln::compile(&module, &constrained())
        .expect_err("the constrained preset has no Int64")
        .to_string();
    assert!(
        error.contains("i64") && error.contains("Int64") && error.contains("constant"),
        "{error}"
    );
}

/// A limit the preset cannot meet is an error naming it and the op: push constants past 128
/// bytes for the device addresses of many buffers past a tiny range.
#[test]
fn a_limit_that_cannot_be_met_is_named() {
    let mut env = constrained();
    env.limits.max_storage_buffer_range = 64;
    env.limits.max_push_constants_size = 16;
    let path = models_dir().join("wide_concat.onnx");
    let module = kiln::model::load_model(&path).unwrap_or_else(|e| panic!("{e}"));
    let error = kiln::compile(&module, &env)
        .expect_err("16 bytes cannot hold the addresses")
        .to_string();
    assert!(
        error.contains("maxPushConstantsSize") && error.contains("dispatch_"),
        "{error}"
    );
}

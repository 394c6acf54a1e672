//! The ABI attributes of the SPIR-V IR text form (MLIR's `spirv.interface_var_abi` on function
//! parameters, `spirv.entry_point_abi` on functions): parsed, printed back identically, and
//! lowered by ABI lowering (`kiln_lowering::abi::lower_abi_attributes`) to global variables with
//! `DescriptorSet` / `Binding`, an entry point and `LocalSize`; the result passes kiln's
//! verifier and spirv-val.

use kiln_lowering::abi::lower_abi_attributes;
use kiln_spirv_ir::{parse_module, print_module, TargetEnv};

/// out[i] = in[i] + in[i], with its two buffers as parameters of the entry function.
const DOUBLE: &str = "\
spirv.module Logical GLSL450 requires #spirv.vce<v1.3, [Shader], []> {
  spirv.GlobalVariable @GlobalInvocationId : ptr<vector<3 x u32>, Input> builtin(GlobalInvocationId)
  spirv.func @main(%0 \"input\": ptr<struct<(rtarray<f32, stride=4> offset(0)), Block>, StorageBuffer> {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 0)>}, %1: ptr<struct<(rtarray<f32, stride=4> offset(0)), Block>, StorageBuffer> {spirv.interface_var_abi = #spirv.interface_var_abi<(1, 3)>}) -> void attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [64, 1, 1]>} {
  ^bb0:
    %2 = spirv.mlir.addressof @GlobalInvocationId : ptr<vector<3 x u32>, Input>
    %3 = spirv.Load %2 : vector<3 x u32>
    %4 = spirv.CompositeExtract %3, 0 : u32
    %5 = spirv.Constant 0 : i32
    %6 = spirv.AccessChain %0, %5, %4 : ptr<f32, StorageBuffer>
    %7 = spirv.Load %6 : f32
    %8 = spirv.FAdd %7, %7 : f32
    %9 = spirv.AccessChain %1, %5, %4 : ptr<f32, StorageBuffer>
    spirv.Store %9, %8
    spirv.Return
  }
}
";

#[test]
fn abi_attributes_round_trip_and_lower_to_a_valid_module() {
    let mut module = parse_module(DOUBLE).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(module.abi.interface_vars.len(), 2);
    assert_eq!(
        module.abi.entry_points[0].1.workgroup_size,
        [64, 1, 1],
        "entry-point ABI parsed"
    );
    let printed = print_module(&module);
    let again = parse_module(&printed).unwrap_or_else(|e| panic!("{e}\n{printed}"));
    assert_eq!(print_module(&again), printed, "print -> parse -> print");
    assert!(
        printed.contains("#spirv.interface_var_abi<(1, 3)>"),
        "{printed}"
    );

    let err = kiln_spirv_ir::serialize(&module).unwrap_err();
    assert!(err.to_string().contains("ABI attributes"), "{err}");
    lower_abi_attributes(&mut module).unwrap();
    assert!(module.abi.is_empty());
    kiln_spirv_ir::verify(&module).unwrap_or_else(|e| panic!("{e}"));
    let lowered = print_module(&module);
    for expected in [
        "spirv.GlobalVariable @input : ptr<struct<(rtarray<f32, stride=4> offset(0)), Block>, StorageBuffer> binding(0, 0)",
        "spirv.GlobalVariable @binding_1_3 : ptr<struct<(rtarray<f32, stride=4> offset(0)), Block>, StorageBuffer> binding(1, 3)",
        "spirv.func @main() -> void {",
        "spirv.EntryPoint GLCompute @main \"main\"",
        "spirv.ExecutionMode @main LocalSize 64 1 1",
    ] {
        assert!(lowered.contains(expected), "{expected}\n{lowered}");
    }
    let env = TargetEnv::preset("llvmpipe").unwrap();
    kiln_spirv_ir::update_vce(&mut module, &env).unwrap();
    let words = kiln_spirv_ir::serialize(&module).unwrap();
    kiln_spirv_ir::validate_with_spirv_val(&words, &env.spirv_val_target_env())
        .unwrap_or_else(|e| panic!("spirv-val: {e}\n{lowered}"));
}

#[test]
fn interface_abi_needs_an_entry_point_and_a_pointer() {
    let no_entry = DOUBLE.replace(
        " attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [64, 1, 1]>}",
        "",
    );
    let mut module = parse_module(&no_entry).unwrap();
    let err = lower_abi_attributes(&mut module).unwrap_err();
    assert!(err.contains("has no entry-point ABI"), "{err}");

    let twice = DOUBLE.replace("<(1, 3)>", "<(0, 0)>");
    let mut module = parse_module(&twice).unwrap();
    let err = lower_abi_attributes(&mut module).unwrap_err();
    assert!(err.contains("given to two parameters"), "{err}");

    let bad = "\
spirv.module Logical GLSL450 requires #spirv.vce<v1.3, [Shader], []> {
  spirv.func @main(%0: u32 {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 0)>}) -> void attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [1, 1, 1]>} {
  ^bb0:
    spirv.Return
  }
}
";
    let mut module = parse_module(bad).unwrap();
    let err = lower_abi_attributes(&mut module).unwrap_err();
    assert!(err.contains("is not a pointer"), "{err}");

    let malformed = DOUBLE.replace("workgroup_size = [64, 1, 1]", "workgroup_size = [64, 1]");
    let err = parse_module(&malformed).unwrap_err();
    assert!(err.to_string().contains("expected"), "{err}");
}

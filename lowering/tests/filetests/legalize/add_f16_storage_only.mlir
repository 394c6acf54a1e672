// RUN: abi-vce-serialize target=vulkan1.1
// The Vulkan 1.1 baseline has neither f16 storage nor f16 arithmetic: f16 tensors live in f32
// buffers and compute in f32 (the runtime converts at the boundary).
#id = affine_map<(d0) -> (d0)>
func.func @main(%x: tensor<6xf16>, %y: tensor<6xf16>) -> tensor<6xf16> {
  %e = tensor.empty() : tensor<6xf16>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%x, %y : tensor<6xf16>, tensor<6xf16>) outs(%e : tensor<6xf16>) {
  ^bb0(%a: f16, %b: f16, %out: f16):
    %s = arith.addf %a, %b : f16
    linalg.yield %s : f16
  } -> tensor<6xf16>
  return %r : tensor<6xf16>
}
// OUT: ; SPIR-V
// OUT: ; Version: 1.3
// OUT: ; Generator: Khronos; 1
// OUT: ; Bound: 46
// OUT: ; Schema: 0
// OUT:                OpCapability Shader
// OUT:                OpMemoryModel Logical GLSL450
// OUT:                OpEntryPoint GLCompute %1 "dispatch_0_elementwise" %12 %13
// OUT:                OpExecutionMode %1 LocalSize 128 1 1
// OUT:                OpName %6 "input0"
// OUT:                OpName %7 "input1"
// OUT:                OpName %8 "output0"
// OUT:                OpName %12 "GlobalInvocationId"
// OUT:                OpName %13 "NumWorkgroups"
// OUT:                OpName %1 "dispatch_0_elementwise"
// OUT:                OpDecorate %3 ArrayStride 4
// OUT:                OpDecorate %4 Block
// OUT:                OpMemberDecorate %4 0 Offset 0
// OUT:                OpDecorate %6 DescriptorSet 0
// OUT:                OpDecorate %6 Binding 0
// OUT:                OpDecorate %6 NonWritable
// OUT:                OpDecorate %7 DescriptorSet 0
// OUT:                OpDecorate %7 Binding 1
// OUT:                OpDecorate %7 NonWritable
// OUT:                OpDecorate %8 DescriptorSet 0
// OUT:                OpDecorate %8 Binding 2
// OUT:                OpDecorate %8 NonReadable
// OUT:                OpDecorate %12 BuiltIn GlobalInvocationId
// OUT:                OpDecorate %13 BuiltIn NumWorkgroups
// OUT:           %2 = OpTypeFloat 32
// OUT:           %3 = OpTypeRuntimeArray %2
// OUT:           %4 = OpTypeStruct %3
// OUT:           %5 = OpTypePointer StorageBuffer %4
// OUT:           %6 = OpVariable %5 StorageBuffer
// OUT:           %7 = OpVariable %5 StorageBuffer
// OUT:           %8 = OpVariable %5 StorageBuffer
// OUT:           %9 = OpTypeInt 32 0
// OUT:          %10 = OpTypeVector %9 3
// OUT:          %11 = OpTypePointer Input %10
// OUT:          %12 = OpVariable %11 Input
// OUT:          %13 = OpVariable %11 Input
// OUT:          %14 = OpTypeVoid
// OUT:          %15 = OpTypeFunction %14
// OUT:          %17 = OpTypeInt 32 1
// OUT:          %18 = OpConstant %17 6
// OUT:          %28 = OpConstant %17 128
// OUT:          %32 = OpTypeBool
// OUT:          %37 = OpConstant %17 0
// OUT:          %39 = OpTypePointer StorageBuffer %2
// OUT:           %1 = OpFunction %14 None %15
// OUT:          %16 = OpLabel
// OUT:          %19 = OpLoad %10 %12
// OUT:          %20 = OpCompositeExtract %9 %19 0
// OUT:          %21 = OpBitcast %17 %20
// OUT:          %22 = OpLoad %10 %12
// OUT:          %23 = OpCompositeExtract %9 %22 1
// OUT:          %24 = OpBitcast %17 %23
// OUT:          %25 = OpLoad %10 %13
// OUT:          %26 = OpCompositeExtract %9 %25 0
// OUT:          %27 = OpBitcast %17 %26
// OUT:          %29 = OpIMul %17 %27 %28
// OUT:          %30 = OpIMul %17 %24 %29
// OUT:          %31 = OpIAdd %17 %21 %30
// OUT:          %33 = OpSLessThan %32 %31 %18
// OUT:                OpBranch %34
// OUT:          %34 = OpLabel
// OUT:                OpSelectionMerge %35 None
// OUT:                OpBranchConditional %33 %36 %35
// OUT:          %36 = OpLabel
// OUT:          %38 = OpIAdd %17 %31 %37
// OUT:          %40 = OpAccessChain %39 %6 %37 %38
// OUT:          %41 = OpLoad %2 %40
// OUT:          %42 = OpAccessChain %39 %7 %37 %38
// OUT:          %43 = OpLoad %2 %42
// OUT:          %44 = OpFAdd %2 %41 %43
// OUT:          %45 = OpAccessChain %39 %8 %37 %38
// OUT:                OpStore %45 %44
// OUT:                OpBranch %35
// OUT:          %35 = OpLabel
// OUT:                OpReturn
// OUT:                OpFunctionEnd

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
// OUT: spirv.module Logical GLSL450 requires #spirv.vce<v1.3, [Shader], []> {
// OUT:   spirv.GlobalVariable @input0 : ptr<struct<(rtarray<f32, stride=4> offset(0)), Block>, StorageBuffer> binding(0, 0) decorations[NonWritable]
// OUT:   spirv.GlobalVariable @input1 : ptr<struct<(rtarray<f32, stride=4> offset(0)), Block>, StorageBuffer> binding(0, 1) decorations[NonWritable]
// OUT:   spirv.GlobalVariable @output0 : ptr<struct<(rtarray<f32, stride=4> offset(0)), Block>, StorageBuffer> binding(0, 2) decorations[NonReadable]
// OUT:   spirv.GlobalVariable @GlobalInvocationId : ptr<vector<3 x u32>, Input> builtin(GlobalInvocationId)
// OUT:   spirv.GlobalVariable @NumWorkgroups : ptr<vector<3 x u32>, Input> builtin(NumWorkgroups)
// OUT:   spirv.func @dispatch_0_elementwise() -> void {
// OUT:   ^bb0:
// OUT:     %0 = spirv.Constant 6 : i32
// OUT:     %1 = spirv.mlir.addressof @GlobalInvocationId : ptr<vector<3 x u32>, Input>
// OUT:     %2 = spirv.Load %1 : vector<3 x u32>
// OUT:     %3 = spirv.CompositeExtract %2, 0 : u32
// OUT:     %4 = spirv.Bitcast %3 : i32
// OUT:     %5 = spirv.mlir.addressof @GlobalInvocationId : ptr<vector<3 x u32>, Input>
// OUT:     %6 = spirv.Load %5 : vector<3 x u32>
// OUT:     %7 = spirv.CompositeExtract %6, 1 : u32
// OUT:     %8 = spirv.Bitcast %7 : i32
// OUT:     %9 = spirv.mlir.addressof @NumWorkgroups : ptr<vector<3 x u32>, Input>
// OUT:     %10 = spirv.Load %9 : vector<3 x u32>
// OUT:     %11 = spirv.CompositeExtract %10, 0 : u32
// OUT:     %12 = spirv.Bitcast %11 : i32
// OUT:     %13 = spirv.Constant 128 : i32
// OUT:     %14 = spirv.IMul %12, %13 : i32
// OUT:     %15 = spirv.IMul %8, %14 : i32
// OUT:     %16 = spirv.IAdd %4, %15 : i32
// OUT:     %17 = spirv.SLessThan %16, %0 : bool
// OUT:     spirv.mlir.selection {
// OUT:       ^bb1:
// OUT:         spirv.BranchConditional %17, ^bb2, ^bb3
// OUT:       ^bb2:
// OUT:         %18 = spirv.Constant 0 : i32
// OUT:         %19 = spirv.IAdd %16, %18 : i32
// OUT:         %20 = spirv.Constant 0 : i32
// OUT:         %21 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f32, stride=4> offset(0)), Block>, StorageBuffer>
// OUT:         %22 = spirv.Constant 0 : i32
// OUT:         %23 = spirv.AccessChain %21, %22, %19 : ptr<f32, StorageBuffer>
// OUT:         %24 = spirv.Load %23 : f32
// OUT:         %25 = spirv.Constant 0 : i32
// OUT:         %26 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f32, stride=4> offset(0)), Block>, StorageBuffer>
// OUT:         %27 = spirv.Constant 0 : i32
// OUT:         %28 = spirv.AccessChain %26, %27, %19 : ptr<f32, StorageBuffer>
// OUT:         %29 = spirv.Load %28 : f32
// OUT:         %30 = spirv.FAdd %24, %29 : f32
// OUT:         %31 = spirv.Constant 0 : i32
// OUT:         %32 = spirv.mlir.addressof @output0 : ptr<struct<(rtarray<f32, stride=4> offset(0)), Block>, StorageBuffer>
// OUT:         %33 = spirv.Constant 0 : i32
// OUT:         %34 = spirv.AccessChain %32, %33, %19 : ptr<f32, StorageBuffer>
// OUT:         spirv.Store %34, %30
// OUT:         spirv.Branch ^bb3
// OUT:       ^bb3:
// OUT:         spirv.mlir.merge
// OUT:     }
// OUT:     spirv.Return
// OUT:   }
// OUT:   spirv.EntryPoint GLCompute @dispatch_0_elementwise "dispatch_0_elementwise" interface()
// OUT:   spirv.ExecutionMode @dispatch_0_elementwise LocalSize 128 1 1
// OUT: }

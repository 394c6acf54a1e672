// RUN: abi-vce-serialize target=vulkan1.1
// ONNX BitCast float32 -> int32: `arith.bitcast` becomes the kernel IR's `bitcast`, vectorized
// with the row's vec4 loads, and SPIR-V `OpBitcast` on the four lanes.
#id = affine_map<(d0) -> (d0)>
func.func @main(%x: tensor<8xf32>) -> tensor<8xi32> {
  %e = tensor.empty() : tensor<8xi32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%e : tensor<8xi32>) {
  ^bb0(%a: f32, %out: i32):
    %b = arith.bitcast %a : f32 to i32
    linalg.yield %b : i32
  } -> tensor<8xi32>
  return %r : tensor<8xi32>
}
// OUT: spirv.module Logical GLSL450 requires #spirv.vce<v1.3, [Shader], []> {
// OUT:   spirv.GlobalVariable @input0 : ptr<struct<(rtarray<vector<4 x f32>, stride=16> offset(0)), Block>, StorageBuffer> binding(0, 0) decorations[NonWritable]
// OUT:   spirv.GlobalVariable @output0 : ptr<struct<(rtarray<vector<4 x i32>, stride=16> offset(0)), Block>, StorageBuffer> binding(0, 1) decorations[NonReadable]
// OUT:   spirv.GlobalVariable @GlobalInvocationId : ptr<vector<3 x u32>, Input> builtin(GlobalInvocationId)
// OUT:   spirv.GlobalVariable @NumWorkgroups : ptr<vector<3 x u32>, Input> builtin(NumWorkgroups)
// OUT:   spirv.func @dispatch_0_elementwise() -> void {
// OUT:   ^bb0:
// OUT:     %0 = spirv.Constant 8 : i32
// OUT:     %1 = spirv.Constant 2 : i32
// OUT:     %2 = spirv.mlir.addressof @GlobalInvocationId : ptr<vector<3 x u32>, Input>
// OUT:     %3 = spirv.Load %2 : vector<3 x u32>
// OUT:     %4 = spirv.CompositeExtract %3, 0 : u32
// OUT:     %5 = spirv.Bitcast %4 : i32
// OUT:     %6 = spirv.mlir.addressof @GlobalInvocationId : ptr<vector<3 x u32>, Input>
// OUT:     %7 = spirv.Load %6 : vector<3 x u32>
// OUT:     %8 = spirv.CompositeExtract %7, 1 : u32
// OUT:     %9 = spirv.Bitcast %8 : i32
// OUT:     %10 = spirv.mlir.addressof @NumWorkgroups : ptr<vector<3 x u32>, Input>
// OUT:     %11 = spirv.Load %10 : vector<3 x u32>
// OUT:     %12 = spirv.CompositeExtract %11, 0 : u32
// OUT:     %13 = spirv.Bitcast %12 : i32
// OUT:     %14 = spirv.Constant 128 : i32
// OUT:     %15 = spirv.IMul %13, %14 : i32
// OUT:     %16 = spirv.IMul %9, %15 : i32
// OUT:     %17 = spirv.IAdd %5, %16 : i32
// OUT:     %18 = spirv.SLessThan %17, %1 : bool
// OUT:     spirv.mlir.selection {
// OUT:       ^bb1:
// OUT:         spirv.BranchConditional %18, ^bb2, ^bb3
// OUT:       ^bb2:
// OUT:         %19 = spirv.Constant 0 : i32
// OUT:         %20 = spirv.IAdd %17, %19 : i32
// OUT:         %21 = spirv.Constant 4 : i32
// OUT:         %22 = spirv.IMul %20, %21 : i32
// OUT:         %23 = spirv.Constant 0 : i32
// OUT:         %24 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<vector<4 x f32>, stride=16> offset(0)), Block>, StorageBuffer>
// OUT:         %25 = spirv.Constant 0 : i32
// OUT:         %26 = spirv.Constant 4 : i32
// OUT:         %27 = spirv.SDiv %22, %26 : i32
// OUT:         %28 = spirv.AccessChain %24, %25, %27 : ptr<vector<4 x f32>, StorageBuffer>
// OUT:         %29 = spirv.Load %28 : vector<4 x f32>
// OUT:         %30 = spirv.Bitcast %29 : vector<4 x i32>
// OUT:         %31 = spirv.Constant 0 : i32
// OUT:         %32 = spirv.mlir.addressof @output0 : ptr<struct<(rtarray<vector<4 x i32>, stride=16> offset(0)), Block>, StorageBuffer>
// OUT:         %33 = spirv.Constant 0 : i32
// OUT:         %34 = spirv.Constant 4 : i32
// OUT:         %35 = spirv.SDiv %22, %34 : i32
// OUT:         %36 = spirv.AccessChain %32, %33, %35 : ptr<vector<4 x i32>, StorageBuffer>
// OUT:         spirv.Store %36, %30
// OUT:         spirv.Branch ^bb3
// OUT:       ^bb3:
// OUT:         spirv.mlir.merge
// OUT:     }
// OUT:     spirv.Return
// OUT:   }
// OUT:   spirv.EntryPoint GLCompute @dispatch_0_elementwise "dispatch_0_elementwise" interface()
// OUT:   spirv.ExecutionMode @dispatch_0_elementwise LocalSize 128 1 1
// OUT: }

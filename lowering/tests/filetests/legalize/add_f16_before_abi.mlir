// RUN: legalize target=llvmpipe
// The module legalization hands to ABI lowering: f16 storage and arithmetic, but only the
// builder's Shader capability declared (abi-vce-serialize deduces Float16 and the 16-bit
// storage capability), and no entry point: the kernel function carries #spirv.entry_point_abi
// with its workgroup size instead.
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
// OUT:   spirv.GlobalVariable @input0 : ptr<struct<(rtarray<vector<4 x f16>, stride=8> offset(0)), Block>, StorageBuffer> binding(0, 0) decorations[NonWritable]
// OUT:   spirv.GlobalVariable @input1 : ptr<struct<(rtarray<vector<4 x f16>, stride=8> offset(0)), Block>, StorageBuffer> binding(0, 1) decorations[NonWritable]
// OUT:   spirv.GlobalVariable @output0 : ptr<struct<(rtarray<vector<4 x f16>, stride=8> offset(0)), Block>, StorageBuffer> binding(0, 2) decorations[NonReadable]
// OUT:   spirv.GlobalVariable @GlobalInvocationId : ptr<vector<3 x u32>, Input> builtin(GlobalInvocationId)
// OUT:   spirv.GlobalVariable @NumWorkgroups : ptr<vector<3 x u32>, Input> builtin(NumWorkgroups)
// OUT:   spirv.func @dispatch_0_elementwise() -> void attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [256, 1, 1]>} {
// OUT:   ^bb0:
// OUT:     %0 = spirv.Constant 6 : i32
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
// OUT:     %14 = spirv.Constant 256 : i32
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
// OUT:         %23 = spirv.IAdd %22, %21 : i32
// OUT:         %24 = spirv.Constant 6 : i32
// OUT:         %25 = spirv.SLessThanEqual %23, %24 : bool
// OUT:         spirv.mlir.selection {
// OUT:           ^bb4:
// OUT:             spirv.BranchConditional %25, ^bb5, ^bb6
// OUT:           ^bb5:
// OUT:             %26 = spirv.Constant 0 : i32
// OUT:             %27 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<vector<4 x f16>, stride=8> offset(0)), Block>, StorageBuffer>
// OUT:             %28 = spirv.Constant 0 : i32
// OUT:             %29 = spirv.Constant 4 : i32
// OUT:             %30 = spirv.SDiv %22, %29 : i32
// OUT:             %31 = spirv.AccessChain %27, %28, %30 : ptr<vector<4 x f16>, StorageBuffer>
// OUT:             %32 = spirv.Load %31 : vector<4 x f16>
// OUT:             %33 = spirv.Constant 0 : i32
// OUT:             %34 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<vector<4 x f16>, stride=8> offset(0)), Block>, StorageBuffer>
// OUT:             %35 = spirv.Constant 0 : i32
// OUT:             %36 = spirv.Constant 4 : i32
// OUT:             %37 = spirv.SDiv %22, %36 : i32
// OUT:             %38 = spirv.AccessChain %34, %35, %37 : ptr<vector<4 x f16>, StorageBuffer>
// OUT:             %39 = spirv.Load %38 : vector<4 x f16>
// OUT:             %40 = spirv.FAdd %32, %39 : vector<4 x f16>
// OUT:             %41 = spirv.Constant 0 : i32
// OUT:             %42 = spirv.mlir.addressof @output0 : ptr<struct<(rtarray<vector<4 x f16>, stride=8> offset(0)), Block>, StorageBuffer>
// OUT:             %43 = spirv.Constant 0 : i32
// OUT:             %44 = spirv.Constant 4 : i32
// OUT:             %45 = spirv.SDiv %22, %44 : i32
// OUT:             %46 = spirv.AccessChain %42, %43, %45 : ptr<vector<4 x f16>, StorageBuffer>
// OUT:             spirv.Store %46, %40
// OUT:             spirv.Branch ^bb7
// OUT:           ^bb6:
// OUT:             %47 = spirv.Constant 1 : i32
// OUT:             spirv.mlir.loop {
// OUT:               ^bb8:
// OUT:                 spirv.Branch ^bb9(%22)
// OUT:               ^bb9(%48: i32):
// OUT:                 %49 = spirv.SLessThan %48, %24 : bool
// OUT:                 spirv.BranchConditional %49, ^bb10, ^bb12
// OUT:               ^bb10:
// OUT:                 %50 = spirv.Constant 0 : i32
// OUT:                 %51 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<vector<4 x f16>, stride=8> offset(0)), Block>, StorageBuffer>
// OUT:                 %52 = spirv.Constant 0 : i32
// OUT:                 %53 = spirv.Constant 4 : i32
// OUT:                 %54 = spirv.SDiv %48, %53 : i32
// OUT:                 %55 = spirv.SRem %48, %53 : i32
// OUT:                 %56 = spirv.AccessChain %51, %52, %54, %55 : ptr<f16, StorageBuffer>
// OUT:                 %57 = spirv.Load %56 : f16
// OUT:                 %58 = spirv.Constant 0 : i32
// OUT:                 %59 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<vector<4 x f16>, stride=8> offset(0)), Block>, StorageBuffer>
// OUT:                 %60 = spirv.Constant 0 : i32
// OUT:                 %61 = spirv.Constant 4 : i32
// OUT:                 %62 = spirv.SDiv %48, %61 : i32
// OUT:                 %63 = spirv.SRem %48, %61 : i32
// OUT:                 %64 = spirv.AccessChain %59, %60, %62, %63 : ptr<f16, StorageBuffer>
// OUT:                 %65 = spirv.Load %64 : f16
// OUT:                 %66 = spirv.FAdd %57, %65 : f16
// OUT:                 %67 = spirv.Constant 0 : i32
// OUT:                 %68 = spirv.mlir.addressof @output0 : ptr<struct<(rtarray<vector<4 x f16>, stride=8> offset(0)), Block>, StorageBuffer>
// OUT:                 %69 = spirv.Constant 0 : i32
// OUT:                 %70 = spirv.Constant 4 : i32
// OUT:                 %71 = spirv.SDiv %48, %70 : i32
// OUT:                 %72 = spirv.SRem %48, %70 : i32
// OUT:                 %73 = spirv.AccessChain %68, %69, %71, %72 : ptr<f16, StorageBuffer>
// OUT:                 spirv.Store %73, %66
// OUT:                 spirv.Branch ^bb11(%48)
// OUT:               ^bb11(%74: i32):
// OUT:                 %75 = spirv.IAdd %74, %47 : i32
// OUT:                 spirv.Branch ^bb9(%75)
// OUT:               ^bb12:
// OUT:                 spirv.mlir.merge
// OUT:             }
// OUT:             spirv.Branch ^bb7
// OUT:           ^bb7:
// OUT:             spirv.mlir.merge
// OUT:         }
// OUT:         spirv.Branch ^bb3
// OUT:       ^bb3:
// OUT:         spirv.mlir.merge
// OUT:     }
// OUT:     spirv.Return
// OUT:   }
// OUT: }

// RUN: abi-vce-serialize target=nvidia-h200
// The kernel of lower-to-kernels/matmul_f16_matrix_epilogue.mlir in SPIR-V: the epilogue is a
// function of its own (row, column, element, then the values it uses from the kernel),
// applied by OpCooperativeMatrixPerElementOpNV; the capability CooperativeMatrixPerElementOperationsNV.
#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2)>
func.func @main(%a: tensor<2x100x64xf16>, %b: tensor<64x96xf16>, %bias: tensor<96xf32>) -> tensor<2x100x96xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x100x96xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x100x96xf32>) -> tensor<2x100x96xf32>
  %c = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%a, %b : tensor<2x100x64xf16>, tensor<64x96xf16>) outs(%f : tensor<2x100x96xf32>) {
  ^bb0(%x: f16, %y: f16, %acc: f32):
    %xf = arith.extf %x : f16 to f32
    %yf = arith.extf %y : f16 to f32
    %p = arith.mulf %xf, %yf : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<2x100x96xf32>
  %r = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%c, %bias : tensor<2x100x96xf32>, tensor<96xf32>) outs(%e : tensor<2x100x96xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %s = arith.addf %x, %y : f32
    %m = arith.maximumf %s, %zero : f32
    linalg.yield %m : f32
  } -> tensor<2x100x96xf32>
  return %r : tensor<2x100x96xf32>
}
// OUT: spirv.module Logical Vulkan requires #spirv.vce<v1.6, [VulkanMemoryModel, Shader, TensorAddressingNV, CooperativeMatrixTensorAddressingNV, CooperativeMatrixKHR, CooperativeMatrixPerElementOperationsNV, StorageBuffer16BitAccess, Float16], ["SPV_NV_tensor_addressing", "SPV_NV_cooperative_matrix2", "SPV_KHR_cooperative_matrix"]> {
// OUT:   spirv.GlobalVariable @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer> binding(0, 0) decorations[NonWritable]
// OUT:   spirv.GlobalVariable @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer> binding(0, 1) decorations[NonWritable]
// OUT:   spirv.GlobalVariable @input2 : ptr<struct<(rtarray<f32, stride=4> offset(0)), Block>, StorageBuffer> binding(0, 2) decorations[NonWritable]
// OUT:   spirv.GlobalVariable @output0 : ptr<struct<(rtarray<f32, stride=4> offset(0)), Block>, StorageBuffer> binding(0, 3) decorations[NonReadable]
// OUT:   spirv.GlobalVariable @WorkgroupId : ptr<vector<3 x u32>, Input> builtin(WorkgroupId)
// OUT:   spirv.GlobalVariable @NumWorkgroups : ptr<vector<3 x u32>, Input> builtin(NumWorkgroups)
// OUT:   spirv.GlobalVariable @LocalInvocationId : ptr<vector<3 x u32>, Input> builtin(LocalInvocationId)
// OUT:   spirv.func @dispatch_0_contraction() -> void {
// OUT:   ^bb0:
// OUT:     %0 = spirv.Constant 2 : i32
// OUT:     %1 = spirv.mlir.addressof @WorkgroupId : ptr<vector<3 x u32>, Input>
// OUT:     %2 = spirv.Load %1 : vector<3 x u32>
// OUT:     %3 = spirv.CompositeExtract %2, 0 : u32
// OUT:     %4 = spirv.Bitcast %3 : i32
// OUT:     %5 = spirv.mlir.addressof @WorkgroupId : ptr<vector<3 x u32>, Input>
// OUT:     %6 = spirv.Load %5 : vector<3 x u32>
// OUT:     %7 = spirv.CompositeExtract %6, 1 : u32
// OUT:     %8 = spirv.Bitcast %7 : i32
// OUT:     %9 = spirv.mlir.addressof @NumWorkgroups : ptr<vector<3 x u32>, Input>
// OUT:     %10 = spirv.Load %9 : vector<3 x u32>
// OUT:     %11 = spirv.CompositeExtract %10, 0 : u32
// OUT:     %12 = spirv.Bitcast %11 : i32
// OUT:     %13 = spirv.IMul %8, %12 : i32
// OUT:     %14 = spirv.IAdd %4, %13 : i32
// OUT:     %15 = spirv.SLessThan %14, %0 : bool
// OUT:     spirv.mlir.selection {
// OUT:       ^bb1:
// OUT:         spirv.BranchConditional %15, ^bb2, ^bb3
// OUT:       ^bb2:
// OUT:         %16 = spirv.Constant 0 : i32
// OUT:         %17 = spirv.IAdd %14, %16 : i32
// OUT:         %18 = spirv.Constant 128 : i32
// OUT:         %19 = spirv.mlir.addressof @LocalInvocationId : ptr<vector<3 x u32>, Input>
// OUT:         %20 = spirv.Load %19 : vector<3 x u32>
// OUT:         %21 = spirv.CompositeExtract %20, 0 : u32
// OUT:         %22 = spirv.Bitcast %21 : i32
// OUT:         %23 = spirv.Constant 0 : i32
// OUT:         %24 = spirv.Constant 0.0 : f32
// OUT:         %25 = spirv.CompositeConstruct %24 : coopmatrix<128 x 128 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:         %26 = spirv.Variable Function : ptr<coopmatrix<128 x 128 x f32, Workgroup, MatrixAccumulatorKHR>, Function>
// OUT:         spirv.Store %26, %25
// OUT:         %27 = spirv.Constant 8 : i32
// OUT:         %28 = spirv.SDiv %17, %27 : i32
// OUT:         %29 = spirv.Constant 8 : i32
// OUT:         %30 = spirv.IMul %28, %29 : i32
// OUT:         %31 = spirv.ISub %0, %30 : i32
// OUT:         %32 = spirv.GL.SMin %31, %29 : i32
// OUT:         %33 = spirv.SRem %17, %27 : i32
// OUT:         %34 = spirv.SRem %33, %32 : i32
// OUT:         %35 = spirv.IAdd %30, %34 : i32
// OUT:         %36 = spirv.SDiv %33, %32 : i32
// OUT:         %37 = spirv.Constant 200 : i32
// OUT:         %38 = spirv.Constant 96 : i32
// OUT:         %39 = spirv.Constant 1 : i32
// OUT:         %40 = spirv.Constant 128 : i32
// OUT:         %41 = spirv.IMul %35, %40 : i32
// OUT:         %42 = spirv.ISub %37, %40 : i32
// OUT:         %43 = spirv.GL.SMin %41, %42 : i32
// OUT:         %44 = spirv.Constant 2 : i32
// OUT:         %45 = spirv.IAdd %35, %44 : i32
// OUT:         %46 = spirv.IEqual %45, %0 : bool
// OUT:         %47 = spirv.Select %46, %42, %37 : i32
// OUT:         %48 = spirv.Constant 1 : i32
// OUT:         %49 = spirv.IAdd %35, %48 : i32
// OUT:         %50 = spirv.IEqual %49, %0 : bool
// OUT:         %51 = spirv.Constant 128 : i32
// OUT:         %52 = spirv.IMul %36, %51 : i32
// OUT:         spirv.mlir.selection {
// OUT:           ^bb4:
// OUT:             spirv.BranchConditional %50, ^bb5, ^bb6
// OUT:           ^bb5:
// OUT:             %53 = spirv.Constant 0 : i32
// OUT:             %54 = spirv.Constant 0 : i32
// OUT:             %55 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %56 = spirv.Constant 0 : i32
// OUT:             %57 = spirv.AccessChain %55, %56, %54 : ptr<f16, StorageBuffer>
// OUT:             %58 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:             %59 = spirv.Constant 200 : i32
// OUT:             %60 = spirv.Constant 64 : i32
// OUT:             %61 = spirv.TensorLayoutSetDimensionNV %58, %59, %60 : tensorlayout<2, Undefined>
// OUT:             %62 = spirv.Constant 128 : i32
// OUT:             %63 = spirv.Constant 64 : i32
// OUT:             %64 = spirv.TensorLayoutSliceNV %61, %42, %62, %53, %63 : tensorlayout<2, Undefined>
// OUT:             %65 = spirv.Undef : coopmatrix<128 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:             %66 = spirv.CooperativeMatrixLoadTensorNV %57, %65, %64, access<>, 0 : coopmatrix<128 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:             %67 = spirv.Constant 0 : i32
// OUT:             %68 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %69 = spirv.Constant 0 : i32
// OUT:             %70 = spirv.AccessChain %68, %69, %67 : ptr<f16, StorageBuffer>
// OUT:             %71 = spirv.CreateTensorLayoutNV : tensorlayout<2, Constant>
// OUT:             %72 = spirv.Constant 64 : i32
// OUT:             %73 = spirv.Constant 96 : i32
// OUT:             %74 = spirv.TensorLayoutSetDimensionNV %71, %72, %73 : tensorlayout<2, Constant>
// OUT:             %75 = spirv.Constant 64 : i32
// OUT:             %76 = spirv.Constant 128 : i32
// OUT:             %77 = spirv.TensorLayoutSliceNV %74, %53, %75, %52, %76 : tensorlayout<2, Constant>
// OUT:             %78 = spirv.Constant 0x0 : f16
// OUT:             %79 = spirv.CompositeConstruct %78 : coopmatrix<64 x 128 x f16, Workgroup, MatrixBKHR>
// OUT:             %80 = spirv.CooperativeMatrixLoadTensorNV %70, %79, %77, access<>, 0 : coopmatrix<64 x 128 x f16, Workgroup, MatrixBKHR>
// OUT:             %81 = spirv.Load %26 : coopmatrix<128 x 128 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:             %82 = spirv.CooperativeMatrixMulAddKHR %66, %80, %81 : coopmatrix<128 x 128 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:             spirv.Store %26, %82
// OUT:             spirv.Branch ^bb6
// OUT:           ^bb6:
// OUT:             spirv.mlir.merge
// OUT:         }
// OUT:         %83 = spirv.LogicalNot %50 : bool
// OUT:         spirv.mlir.selection {
// OUT:           ^bb7:
// OUT:             spirv.BranchConditional %83, ^bb8, ^bb9
// OUT:           ^bb8:
// OUT:             %84 = spirv.Constant 0 : i32
// OUT:             %85 = spirv.Constant 0 : i32
// OUT:             %86 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %87 = spirv.Constant 0 : i32
// OUT:             %88 = spirv.AccessChain %86, %87, %85 : ptr<f16, StorageBuffer>
// OUT:             %89 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:             %90 = spirv.Constant 200 : i32
// OUT:             %91 = spirv.Constant 64 : i32
// OUT:             %92 = spirv.TensorLayoutSetDimensionNV %89, %90, %91 : tensorlayout<2, Undefined>
// OUT:             %93 = spirv.Constant 128 : i32
// OUT:             %94 = spirv.Constant 64 : i32
// OUT:             %95 = spirv.TensorLayoutSliceNV %92, %41, %93, %84, %94 : tensorlayout<2, Undefined>
// OUT:             %96 = spirv.Undef : coopmatrix<128 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:             %97 = spirv.CooperativeMatrixLoadTensorNV %88, %96, %95, access<>, 0 : coopmatrix<128 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:             %98 = spirv.Constant 0 : i32
// OUT:             %99 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %100 = spirv.Constant 0 : i32
// OUT:             %101 = spirv.AccessChain %99, %100, %98 : ptr<f16, StorageBuffer>
// OUT:             %102 = spirv.CreateTensorLayoutNV : tensorlayout<2, Constant>
// OUT:             %103 = spirv.Constant 64 : i32
// OUT:             %104 = spirv.Constant 96 : i32
// OUT:             %105 = spirv.TensorLayoutSetDimensionNV %102, %103, %104 : tensorlayout<2, Constant>
// OUT:             %106 = spirv.Constant 64 : i32
// OUT:             %107 = spirv.Constant 128 : i32
// OUT:             %108 = spirv.TensorLayoutSliceNV %105, %84, %106, %52, %107 : tensorlayout<2, Constant>
// OUT:             %109 = spirv.Constant 0x0 : f16
// OUT:             %110 = spirv.CompositeConstruct %109 : coopmatrix<64 x 128 x f16, Workgroup, MatrixBKHR>
// OUT:             %111 = spirv.CooperativeMatrixLoadTensorNV %101, %110, %108, access<>, 0 : coopmatrix<64 x 128 x f16, Workgroup, MatrixBKHR>
// OUT:             %112 = spirv.Load %26 : coopmatrix<128 x 128 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:             %113 = spirv.CooperativeMatrixMulAddKHR %97, %111, %112 : coopmatrix<128 x 128 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:             spirv.Store %26, %113
// OUT:             spirv.Branch ^bb9
// OUT:           ^bb9:
// OUT:             spirv.mlir.merge
// OUT:         }
// OUT:         %114 = spirv.Load %26 : coopmatrix<128 x 128 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:         %115 = spirv.Constant 1 : i32
// OUT:         %116 = spirv.ISub %37, %115 : i32
// OUT:         %117 = spirv.ISub %38, %115 : i32
// OUT:         %118 = spirv.Constant 100 : i32
// OUT:         %119 = spirv.CooperativeMatrixPerElementOpNV %114, func<@dispatch_0_contraction_epilogue60>, %43, %52, %116, %117, %118, %24 : coopmatrix<128 x 128 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:         %120 = spirv.Constant 0 : i32
// OUT:         %121 = spirv.mlir.addressof @output0 : ptr<struct<(rtarray<f32, stride=4> offset(0)), Block>, StorageBuffer>
// OUT:         %122 = spirv.Constant 0 : i32
// OUT:         %123 = spirv.AccessChain %121, %122, %120 : ptr<f32, StorageBuffer>
// OUT:         %124 = spirv.CreateTensorLayoutNV : tensorlayout<2, Constant>
// OUT:         %125 = spirv.TensorLayoutSetDimensionNV %124, %47, %38 : tensorlayout<2, Constant>
// OUT:         %126 = spirv.Constant 96 : i32
// OUT:         %127 = spirv.Constant 1 : i32
// OUT:         %128 = spirv.TensorLayoutSetStrideNV %125, %126, %127 : tensorlayout<2, Constant>
// OUT:         %129 = spirv.Constant 128 : i32
// OUT:         %130 = spirv.Constant 128 : i32
// OUT:         %131 = spirv.TensorLayoutSliceNV %128, %43, %129, %52, %130 : tensorlayout<2, Constant>
// OUT:         spirv.CooperativeMatrixStoreTensorNV %123, %119, %131, access<>, 0
// OUT:         spirv.Branch ^bb3
// OUT:       ^bb3:
// OUT:         spirv.mlir.merge
// OUT:     }
// OUT:     spirv.Return
// OUT:   }
// OUT:   spirv.func @dispatch_0_contraction_epilogue60(%0: u32, %1: u32, %2: f32, %3: i32, %4: i32, %5: i32, %6: i32, %7: i32, %8: f32) -> f32 {
// OUT:   ^bb0:
// OUT:     %9 = spirv.Bitcast %0 : i32
// OUT:     %10 = spirv.Bitcast %1 : i32
// OUT:     %11 = spirv.IAdd %3, %9 : i32
// OUT:     %12 = spirv.IAdd %4, %10 : i32
// OUT:     %13 = spirv.GL.SMin %11, %5 : i32
// OUT:     %14 = spirv.GL.SMin %12, %6 : i32
// OUT:     %15 = spirv.SRem %13, %7 : i32
// OUT:     %16 = spirv.SDiv %13, %7 : i32
// OUT:     %17 = spirv.Constant 0 : i32
// OUT:     %18 = spirv.mlir.addressof @input2 : ptr<struct<(rtarray<f32, stride=4> offset(0)), Block>, StorageBuffer>
// OUT:     %19 = spirv.Constant 0 : i32
// OUT:     %20 = spirv.AccessChain %18, %19, %14 : ptr<f32, StorageBuffer>
// OUT:     %21 = spirv.Load %20 : f32
// OUT:     %22 = spirv.FAdd %2, %21 : f32
// OUT:     %23 = spirv.GL.FMax %22, %8 : f32
// OUT:     spirv.ReturnValue %23
// OUT:   }
// OUT:   spirv.EntryPoint GLCompute @dispatch_0_contraction "dispatch_0_contraction" interface()
// OUT:   spirv.ExecutionMode @dispatch_0_contraction LocalSize 128 1 1
// OUT: }

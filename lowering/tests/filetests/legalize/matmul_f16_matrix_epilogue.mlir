// RUN: abi-vce-serialize target=nvidia-h200
// The kernel of lower-to-kernels/matmul_f16_matrix_epilogue.mlir in SPIR-V: the epilogue is a
// function of its own (row, column, element, then the values it uses from the kernel),
// applied by OpCooperativeMatrixPerElementOpNV; the capability CooperativeMatrixPerElementOperationsNV.
#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2)>
func.func @main(%a: tensor<2x600x1024xf16>, %b: tensor<1024x1000xf16>, %bias: tensor<1000xf32>) -> tensor<2x600x1000xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x600x1000xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x600x1000xf32>) -> tensor<2x600x1000xf32>
  %c = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%a, %b : tensor<2x600x1024xf16>, tensor<1024x1000xf16>) outs(%f : tensor<2x600x1000xf32>) {
  ^bb0(%x: f16, %y: f16, %acc: f32):
    %xf = arith.extf %x : f16 to f32
    %yf = arith.extf %y : f16 to f32
    %p = arith.mulf %xf, %yf : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<2x600x1000xf32>
  %r = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%c, %bias : tensor<2x600x1000xf32>, tensor<1000xf32>) outs(%e : tensor<2x600x1000xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %s = arith.addf %x, %y : f32
    %m = arith.maximumf %s, %zero : f32
    linalg.yield %m : f32
  } -> tensor<2x600x1000xf32>
  return %r : tensor<2x600x1000xf32>
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
// OUT:     %0 = spirv.Constant 304 : i32
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
// OUT:         %25 = spirv.CompositeConstruct %24 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:         %26 = spirv.Variable Function : ptr<coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>, Function>
// OUT:         spirv.Store %26, %25
// OUT:         %27 = spirv.Constant 19 : i32
// OUT:         %28 = spirv.Constant 128 : i32
// OUT:         %29 = spirv.SDiv %17, %28 : i32
// OUT:         %30 = spirv.Constant 8 : i32
// OUT:         %31 = spirv.IMul %29, %30 : i32
// OUT:         %32 = spirv.ISub %27, %31 : i32
// OUT:         %33 = spirv.GL.SMin %32, %30 : i32
// OUT:         %34 = spirv.SRem %17, %28 : i32
// OUT:         %35 = spirv.SRem %34, %33 : i32
// OUT:         %36 = spirv.IAdd %31, %35 : i32
// OUT:         %37 = spirv.SDiv %34, %33 : i32
// OUT:         %38 = spirv.Constant 1200 : i32
// OUT:         %39 = spirv.Constant 1000 : i32
// OUT:         %40 = spirv.Constant 16 : i32
// OUT:         %41 = spirv.Constant 64 : i32
// OUT:         %42 = spirv.IMul %36, %41 : i32
// OUT:         %43 = spirv.ISub %38, %41 : i32
// OUT:         %44 = spirv.GL.SMin %42, %43 : i32
// OUT:         %45 = spirv.Constant 2 : i32
// OUT:         %46 = spirv.IAdd %36, %45 : i32
// OUT:         %47 = spirv.IEqual %46, %27 : bool
// OUT:         %48 = spirv.Select %47, %43, %38 : i32
// OUT:         %49 = spirv.Constant 1 : i32
// OUT:         %50 = spirv.IAdd %36, %49 : i32
// OUT:         %51 = spirv.IEqual %50, %27 : bool
// OUT:         %52 = spirv.Constant 64 : i32
// OUT:         %53 = spirv.IMul %37, %52 : i32
// OUT:         %54 = spirv.ISub %39, %52 : i32
// OUT:         %55 = spirv.GL.SMin %53, %54 : i32
// OUT:         %56 = spirv.Constant 2 : i32
// OUT:         %57 = spirv.IAdd %37, %56 : i32
// OUT:         %58 = spirv.IEqual %57, %40 : bool
// OUT:         %59 = spirv.Select %58, %54, %39 : i32
// OUT:         %60 = spirv.Constant 1 : i32
// OUT:         %61 = spirv.IAdd %37, %60 : i32
// OUT:         %62 = spirv.IEqual %61, %40 : bool
// OUT:         spirv.mlir.selection {
// OUT:           ^bb4:
// OUT:             spirv.BranchConditional %51, ^bb5, ^bb6
// OUT:           ^bb5:
// OUT:             spirv.mlir.selection {
// OUT:               ^bb7:
// OUT:                 spirv.BranchConditional %62, ^bb8, ^bb9
// OUT:               ^bb8:
// OUT:                 %63 = spirv.Constant 0 : i32
// OUT:                 %64 = spirv.Constant 1024 : i32
// OUT:                 %65 = spirv.Constant 128 : i32
// OUT:                 %66 = spirv.Constant 64 : i32
// OUT:                 spirv.mlir.loop {
// OUT:                   ^bb10:
// OUT:                     spirv.Branch ^bb11(%63)
// OUT:                   ^bb11(%67: i32):
// OUT:                     %68 = spirv.SLessThan %67, %64 : bool
// OUT:                     spirv.BranchConditional %68, ^bb12, ^bb14
// OUT:                   ^bb12:
// OUT:                     %69 = spirv.Constant 0 : i32
// OUT:                     %70 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %71 = spirv.Constant 0 : i32
// OUT:                     %72 = spirv.AccessChain %70, %71, %69 : ptr<f16, StorageBuffer>
// OUT:                     %73 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                     %74 = spirv.Constant 1200 : i32
// OUT:                     %75 = spirv.Constant 1024 : i32
// OUT:                     %76 = spirv.TensorLayoutSetDimensionNV %73, %74, %75 : tensorlayout<2, Undefined>
// OUT:                     %77 = spirv.Constant 64 : i32
// OUT:                     %78 = spirv.Constant 64 : i32
// OUT:                     %79 = spirv.TensorLayoutSliceNV %76, %43, %77, %67, %78 : tensorlayout<2, Undefined>
// OUT:                     %80 = spirv.Undef : coopmatrix<64 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %81 = spirv.CooperativeMatrixLoadTensorNV %72, %80, %79, access<>, 0 : coopmatrix<64 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %82 = spirv.Constant 0 : i32
// OUT:                     %83 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %84 = spirv.Constant 0 : i32
// OUT:                     %85 = spirv.AccessChain %83, %84, %82 : ptr<f16, StorageBuffer>
// OUT:                     %86 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                     %87 = spirv.Constant 1024 : i32
// OUT:                     %88 = spirv.Constant 1000 : i32
// OUT:                     %89 = spirv.TensorLayoutSetDimensionNV %86, %87, %88 : tensorlayout<2, Undefined>
// OUT:                     %90 = spirv.Constant 64 : i32
// OUT:                     %91 = spirv.Constant 64 : i32
// OUT:                     %92 = spirv.TensorLayoutSliceNV %89, %67, %90, %54, %91 : tensorlayout<2, Undefined>
// OUT:                     %93 = spirv.Undef : coopmatrix<64 x 64 x f16, Workgroup, MatrixBKHR>
// OUT:                     %94 = spirv.CooperativeMatrixLoadTensorNV %85, %93, %92, access<>, 0 : coopmatrix<64 x 64 x f16, Workgroup, MatrixBKHR>
// OUT:                     %95 = spirv.Load %26 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     %96 = spirv.CooperativeMatrixMulAddKHR %81, %94, %95 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     spirv.Store %26, %96
// OUT:                     %97 = spirv.IAdd %67, %66 : i32
// OUT:                     %98 = spirv.Constant 0 : i32
// OUT:                     %99 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %100 = spirv.Constant 0 : i32
// OUT:                     %101 = spirv.AccessChain %99, %100, %98 : ptr<f16, StorageBuffer>
// OUT:                     %102 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                     %103 = spirv.Constant 1200 : i32
// OUT:                     %104 = spirv.Constant 1024 : i32
// OUT:                     %105 = spirv.TensorLayoutSetDimensionNV %102, %103, %104 : tensorlayout<2, Undefined>
// OUT:                     %106 = spirv.Constant 64 : i32
// OUT:                     %107 = spirv.Constant 64 : i32
// OUT:                     %108 = spirv.TensorLayoutSliceNV %105, %43, %106, %97, %107 : tensorlayout<2, Undefined>
// OUT:                     %109 = spirv.Undef : coopmatrix<64 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %110 = spirv.CooperativeMatrixLoadTensorNV %101, %109, %108, access<>, 0 : coopmatrix<64 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %111 = spirv.Constant 0 : i32
// OUT:                     %112 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %113 = spirv.Constant 0 : i32
// OUT:                     %114 = spirv.AccessChain %112, %113, %111 : ptr<f16, StorageBuffer>
// OUT:                     %115 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                     %116 = spirv.Constant 1024 : i32
// OUT:                     %117 = spirv.Constant 1000 : i32
// OUT:                     %118 = spirv.TensorLayoutSetDimensionNV %115, %116, %117 : tensorlayout<2, Undefined>
// OUT:                     %119 = spirv.Constant 64 : i32
// OUT:                     %120 = spirv.Constant 64 : i32
// OUT:                     %121 = spirv.TensorLayoutSliceNV %118, %97, %119, %54, %120 : tensorlayout<2, Undefined>
// OUT:                     %122 = spirv.Undef : coopmatrix<64 x 64 x f16, Workgroup, MatrixBKHR>
// OUT:                     %123 = spirv.CooperativeMatrixLoadTensorNV %114, %122, %121, access<>, 0 : coopmatrix<64 x 64 x f16, Workgroup, MatrixBKHR>
// OUT:                     %124 = spirv.Load %26 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     %125 = spirv.CooperativeMatrixMulAddKHR %110, %123, %124 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     spirv.Store %26, %125
// OUT:                     spirv.Branch ^bb13(%67)
// OUT:                   ^bb13(%126: i32):
// OUT:                     %127 = spirv.IAdd %126, %65 : i32
// OUT:                     spirv.Branch ^bb11(%127)
// OUT:                   ^bb14:
// OUT:                     spirv.mlir.merge
// OUT:                 }
// OUT:                 spirv.Branch ^bb9
// OUT:               ^bb9:
// OUT:                 spirv.mlir.merge
// OUT:             }
// OUT:             %128 = spirv.LogicalNot %62 : bool
// OUT:             spirv.mlir.selection {
// OUT:               ^bb15:
// OUT:                 spirv.BranchConditional %128, ^bb16, ^bb17
// OUT:               ^bb16:
// OUT:                 %129 = spirv.Constant 0 : i32
// OUT:                 %130 = spirv.Constant 1024 : i32
// OUT:                 %131 = spirv.Constant 128 : i32
// OUT:                 %132 = spirv.Constant 64 : i32
// OUT:                 spirv.mlir.loop {
// OUT:                   ^bb18:
// OUT:                     spirv.Branch ^bb19(%129)
// OUT:                   ^bb19(%133: i32):
// OUT:                     %134 = spirv.SLessThan %133, %130 : bool
// OUT:                     spirv.BranchConditional %134, ^bb20, ^bb22
// OUT:                   ^bb20:
// OUT:                     %135 = spirv.Constant 0 : i32
// OUT:                     %136 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %137 = spirv.Constant 0 : i32
// OUT:                     %138 = spirv.AccessChain %136, %137, %135 : ptr<f16, StorageBuffer>
// OUT:                     %139 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                     %140 = spirv.Constant 1200 : i32
// OUT:                     %141 = spirv.Constant 1024 : i32
// OUT:                     %142 = spirv.TensorLayoutSetDimensionNV %139, %140, %141 : tensorlayout<2, Undefined>
// OUT:                     %143 = spirv.Constant 64 : i32
// OUT:                     %144 = spirv.Constant 64 : i32
// OUT:                     %145 = spirv.TensorLayoutSliceNV %142, %43, %143, %133, %144 : tensorlayout<2, Undefined>
// OUT:                     %146 = spirv.Undef : coopmatrix<64 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %147 = spirv.CooperativeMatrixLoadTensorNV %138, %146, %145, access<>, 0 : coopmatrix<64 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %148 = spirv.Constant 0 : i32
// OUT:                     %149 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %150 = spirv.Constant 0 : i32
// OUT:                     %151 = spirv.AccessChain %149, %150, %148 : ptr<f16, StorageBuffer>
// OUT:                     %152 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                     %153 = spirv.Constant 1024 : i32
// OUT:                     %154 = spirv.Constant 1000 : i32
// OUT:                     %155 = spirv.TensorLayoutSetDimensionNV %152, %153, %154 : tensorlayout<2, Undefined>
// OUT:                     %156 = spirv.Constant 64 : i32
// OUT:                     %157 = spirv.Constant 64 : i32
// OUT:                     %158 = spirv.TensorLayoutSliceNV %155, %133, %156, %53, %157 : tensorlayout<2, Undefined>
// OUT:                     %159 = spirv.Undef : coopmatrix<64 x 64 x f16, Workgroup, MatrixBKHR>
// OUT:                     %160 = spirv.CooperativeMatrixLoadTensorNV %151, %159, %158, access<>, 0 : coopmatrix<64 x 64 x f16, Workgroup, MatrixBKHR>
// OUT:                     %161 = spirv.Load %26 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     %162 = spirv.CooperativeMatrixMulAddKHR %147, %160, %161 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     spirv.Store %26, %162
// OUT:                     %163 = spirv.IAdd %133, %132 : i32
// OUT:                     %164 = spirv.Constant 0 : i32
// OUT:                     %165 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %166 = spirv.Constant 0 : i32
// OUT:                     %167 = spirv.AccessChain %165, %166, %164 : ptr<f16, StorageBuffer>
// OUT:                     %168 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                     %169 = spirv.Constant 1200 : i32
// OUT:                     %170 = spirv.Constant 1024 : i32
// OUT:                     %171 = spirv.TensorLayoutSetDimensionNV %168, %169, %170 : tensorlayout<2, Undefined>
// OUT:                     %172 = spirv.Constant 64 : i32
// OUT:                     %173 = spirv.Constant 64 : i32
// OUT:                     %174 = spirv.TensorLayoutSliceNV %171, %43, %172, %163, %173 : tensorlayout<2, Undefined>
// OUT:                     %175 = spirv.Undef : coopmatrix<64 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %176 = spirv.CooperativeMatrixLoadTensorNV %167, %175, %174, access<>, 0 : coopmatrix<64 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %177 = spirv.Constant 0 : i32
// OUT:                     %178 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %179 = spirv.Constant 0 : i32
// OUT:                     %180 = spirv.AccessChain %178, %179, %177 : ptr<f16, StorageBuffer>
// OUT:                     %181 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                     %182 = spirv.Constant 1024 : i32
// OUT:                     %183 = spirv.Constant 1000 : i32
// OUT:                     %184 = spirv.TensorLayoutSetDimensionNV %181, %182, %183 : tensorlayout<2, Undefined>
// OUT:                     %185 = spirv.Constant 64 : i32
// OUT:                     %186 = spirv.Constant 64 : i32
// OUT:                     %187 = spirv.TensorLayoutSliceNV %184, %163, %185, %53, %186 : tensorlayout<2, Undefined>
// OUT:                     %188 = spirv.Undef : coopmatrix<64 x 64 x f16, Workgroup, MatrixBKHR>
// OUT:                     %189 = spirv.CooperativeMatrixLoadTensorNV %180, %188, %187, access<>, 0 : coopmatrix<64 x 64 x f16, Workgroup, MatrixBKHR>
// OUT:                     %190 = spirv.Load %26 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     %191 = spirv.CooperativeMatrixMulAddKHR %176, %189, %190 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     spirv.Store %26, %191
// OUT:                     spirv.Branch ^bb21(%133)
// OUT:                   ^bb21(%192: i32):
// OUT:                     %193 = spirv.IAdd %192, %131 : i32
// OUT:                     spirv.Branch ^bb19(%193)
// OUT:                   ^bb22:
// OUT:                     spirv.mlir.merge
// OUT:                 }
// OUT:                 spirv.Branch ^bb17
// OUT:               ^bb17:
// OUT:                 spirv.mlir.merge
// OUT:             }
// OUT:             spirv.Branch ^bb6
// OUT:           ^bb6:
// OUT:             spirv.mlir.merge
// OUT:         }
// OUT:         %194 = spirv.LogicalNot %51 : bool
// OUT:         spirv.mlir.selection {
// OUT:           ^bb23:
// OUT:             spirv.BranchConditional %194, ^bb24, ^bb25
// OUT:           ^bb24:
// OUT:             spirv.mlir.selection {
// OUT:               ^bb26:
// OUT:                 spirv.BranchConditional %62, ^bb27, ^bb28
// OUT:               ^bb27:
// OUT:                 %195 = spirv.Constant 0 : i32
// OUT:                 %196 = spirv.Constant 1024 : i32
// OUT:                 %197 = spirv.Constant 128 : i32
// OUT:                 %198 = spirv.Constant 64 : i32
// OUT:                 spirv.mlir.loop {
// OUT:                   ^bb29:
// OUT:                     spirv.Branch ^bb30(%195)
// OUT:                   ^bb30(%199: i32):
// OUT:                     %200 = spirv.SLessThan %199, %196 : bool
// OUT:                     spirv.BranchConditional %200, ^bb31, ^bb33
// OUT:                   ^bb31:
// OUT:                     %201 = spirv.Constant 0 : i32
// OUT:                     %202 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %203 = spirv.Constant 0 : i32
// OUT:                     %204 = spirv.AccessChain %202, %203, %201 : ptr<f16, StorageBuffer>
// OUT:                     %205 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                     %206 = spirv.Constant 1200 : i32
// OUT:                     %207 = spirv.Constant 1024 : i32
// OUT:                     %208 = spirv.TensorLayoutSetDimensionNV %205, %206, %207 : tensorlayout<2, Undefined>
// OUT:                     %209 = spirv.Constant 64 : i32
// OUT:                     %210 = spirv.Constant 64 : i32
// OUT:                     %211 = spirv.TensorLayoutSliceNV %208, %42, %209, %199, %210 : tensorlayout<2, Undefined>
// OUT:                     %212 = spirv.Undef : coopmatrix<64 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %213 = spirv.CooperativeMatrixLoadTensorNV %204, %212, %211, access<>, 0 : coopmatrix<64 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %214 = spirv.Constant 0 : i32
// OUT:                     %215 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %216 = spirv.Constant 0 : i32
// OUT:                     %217 = spirv.AccessChain %215, %216, %214 : ptr<f16, StorageBuffer>
// OUT:                     %218 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                     %219 = spirv.Constant 1024 : i32
// OUT:                     %220 = spirv.Constant 1000 : i32
// OUT:                     %221 = spirv.TensorLayoutSetDimensionNV %218, %219, %220 : tensorlayout<2, Undefined>
// OUT:                     %222 = spirv.Constant 64 : i32
// OUT:                     %223 = spirv.Constant 64 : i32
// OUT:                     %224 = spirv.TensorLayoutSliceNV %221, %199, %222, %54, %223 : tensorlayout<2, Undefined>
// OUT:                     %225 = spirv.Undef : coopmatrix<64 x 64 x f16, Workgroup, MatrixBKHR>
// OUT:                     %226 = spirv.CooperativeMatrixLoadTensorNV %217, %225, %224, access<>, 0 : coopmatrix<64 x 64 x f16, Workgroup, MatrixBKHR>
// OUT:                     %227 = spirv.Load %26 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     %228 = spirv.CooperativeMatrixMulAddKHR %213, %226, %227 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     spirv.Store %26, %228
// OUT:                     %229 = spirv.IAdd %199, %198 : i32
// OUT:                     %230 = spirv.Constant 0 : i32
// OUT:                     %231 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %232 = spirv.Constant 0 : i32
// OUT:                     %233 = spirv.AccessChain %231, %232, %230 : ptr<f16, StorageBuffer>
// OUT:                     %234 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                     %235 = spirv.Constant 1200 : i32
// OUT:                     %236 = spirv.Constant 1024 : i32
// OUT:                     %237 = spirv.TensorLayoutSetDimensionNV %234, %235, %236 : tensorlayout<2, Undefined>
// OUT:                     %238 = spirv.Constant 64 : i32
// OUT:                     %239 = spirv.Constant 64 : i32
// OUT:                     %240 = spirv.TensorLayoutSliceNV %237, %42, %238, %229, %239 : tensorlayout<2, Undefined>
// OUT:                     %241 = spirv.Undef : coopmatrix<64 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %242 = spirv.CooperativeMatrixLoadTensorNV %233, %241, %240, access<>, 0 : coopmatrix<64 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %243 = spirv.Constant 0 : i32
// OUT:                     %244 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %245 = spirv.Constant 0 : i32
// OUT:                     %246 = spirv.AccessChain %244, %245, %243 : ptr<f16, StorageBuffer>
// OUT:                     %247 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                     %248 = spirv.Constant 1024 : i32
// OUT:                     %249 = spirv.Constant 1000 : i32
// OUT:                     %250 = spirv.TensorLayoutSetDimensionNV %247, %248, %249 : tensorlayout<2, Undefined>
// OUT:                     %251 = spirv.Constant 64 : i32
// OUT:                     %252 = spirv.Constant 64 : i32
// OUT:                     %253 = spirv.TensorLayoutSliceNV %250, %229, %251, %54, %252 : tensorlayout<2, Undefined>
// OUT:                     %254 = spirv.Undef : coopmatrix<64 x 64 x f16, Workgroup, MatrixBKHR>
// OUT:                     %255 = spirv.CooperativeMatrixLoadTensorNV %246, %254, %253, access<>, 0 : coopmatrix<64 x 64 x f16, Workgroup, MatrixBKHR>
// OUT:                     %256 = spirv.Load %26 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     %257 = spirv.CooperativeMatrixMulAddKHR %242, %255, %256 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     spirv.Store %26, %257
// OUT:                     spirv.Branch ^bb32(%199)
// OUT:                   ^bb32(%258: i32):
// OUT:                     %259 = spirv.IAdd %258, %197 : i32
// OUT:                     spirv.Branch ^bb30(%259)
// OUT:                   ^bb33:
// OUT:                     spirv.mlir.merge
// OUT:                 }
// OUT:                 spirv.Branch ^bb28
// OUT:               ^bb28:
// OUT:                 spirv.mlir.merge
// OUT:             }
// OUT:             %260 = spirv.LogicalNot %62 : bool
// OUT:             spirv.mlir.selection {
// OUT:               ^bb34:
// OUT:                 spirv.BranchConditional %260, ^bb35, ^bb36
// OUT:               ^bb35:
// OUT:                 %261 = spirv.Constant 0 : i32
// OUT:                 %262 = spirv.Constant 1024 : i32
// OUT:                 %263 = spirv.Constant 128 : i32
// OUT:                 %264 = spirv.Constant 64 : i32
// OUT:                 spirv.mlir.loop {
// OUT:                   ^bb37:
// OUT:                     spirv.Branch ^bb38(%261)
// OUT:                   ^bb38(%265: i32):
// OUT:                     %266 = spirv.SLessThan %265, %262 : bool
// OUT:                     spirv.BranchConditional %266, ^bb39, ^bb41
// OUT:                   ^bb39:
// OUT:                     %267 = spirv.Constant 0 : i32
// OUT:                     %268 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %269 = spirv.Constant 0 : i32
// OUT:                     %270 = spirv.AccessChain %268, %269, %267 : ptr<f16, StorageBuffer>
// OUT:                     %271 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                     %272 = spirv.Constant 1200 : i32
// OUT:                     %273 = spirv.Constant 1024 : i32
// OUT:                     %274 = spirv.TensorLayoutSetDimensionNV %271, %272, %273 : tensorlayout<2, Undefined>
// OUT:                     %275 = spirv.Constant 64 : i32
// OUT:                     %276 = spirv.Constant 64 : i32
// OUT:                     %277 = spirv.TensorLayoutSliceNV %274, %42, %275, %265, %276 : tensorlayout<2, Undefined>
// OUT:                     %278 = spirv.Undef : coopmatrix<64 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %279 = spirv.CooperativeMatrixLoadTensorNV %270, %278, %277, access<>, 0 : coopmatrix<64 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %280 = spirv.Constant 0 : i32
// OUT:                     %281 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %282 = spirv.Constant 0 : i32
// OUT:                     %283 = spirv.AccessChain %281, %282, %280 : ptr<f16, StorageBuffer>
// OUT:                     %284 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                     %285 = spirv.Constant 1024 : i32
// OUT:                     %286 = spirv.Constant 1000 : i32
// OUT:                     %287 = spirv.TensorLayoutSetDimensionNV %284, %285, %286 : tensorlayout<2, Undefined>
// OUT:                     %288 = spirv.Constant 64 : i32
// OUT:                     %289 = spirv.Constant 64 : i32
// OUT:                     %290 = spirv.TensorLayoutSliceNV %287, %265, %288, %53, %289 : tensorlayout<2, Undefined>
// OUT:                     %291 = spirv.Undef : coopmatrix<64 x 64 x f16, Workgroup, MatrixBKHR>
// OUT:                     %292 = spirv.CooperativeMatrixLoadTensorNV %283, %291, %290, access<>, 0 : coopmatrix<64 x 64 x f16, Workgroup, MatrixBKHR>
// OUT:                     %293 = spirv.Load %26 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     %294 = spirv.CooperativeMatrixMulAddKHR %279, %292, %293 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     spirv.Store %26, %294
// OUT:                     %295 = spirv.IAdd %265, %264 : i32
// OUT:                     %296 = spirv.Constant 0 : i32
// OUT:                     %297 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %298 = spirv.Constant 0 : i32
// OUT:                     %299 = spirv.AccessChain %297, %298, %296 : ptr<f16, StorageBuffer>
// OUT:                     %300 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                     %301 = spirv.Constant 1200 : i32
// OUT:                     %302 = spirv.Constant 1024 : i32
// OUT:                     %303 = spirv.TensorLayoutSetDimensionNV %300, %301, %302 : tensorlayout<2, Undefined>
// OUT:                     %304 = spirv.Constant 64 : i32
// OUT:                     %305 = spirv.Constant 64 : i32
// OUT:                     %306 = spirv.TensorLayoutSliceNV %303, %42, %304, %295, %305 : tensorlayout<2, Undefined>
// OUT:                     %307 = spirv.Undef : coopmatrix<64 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %308 = spirv.CooperativeMatrixLoadTensorNV %299, %307, %306, access<>, 0 : coopmatrix<64 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %309 = spirv.Constant 0 : i32
// OUT:                     %310 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %311 = spirv.Constant 0 : i32
// OUT:                     %312 = spirv.AccessChain %310, %311, %309 : ptr<f16, StorageBuffer>
// OUT:                     %313 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                     %314 = spirv.Constant 1024 : i32
// OUT:                     %315 = spirv.Constant 1000 : i32
// OUT:                     %316 = spirv.TensorLayoutSetDimensionNV %313, %314, %315 : tensorlayout<2, Undefined>
// OUT:                     %317 = spirv.Constant 64 : i32
// OUT:                     %318 = spirv.Constant 64 : i32
// OUT:                     %319 = spirv.TensorLayoutSliceNV %316, %295, %317, %53, %318 : tensorlayout<2, Undefined>
// OUT:                     %320 = spirv.Undef : coopmatrix<64 x 64 x f16, Workgroup, MatrixBKHR>
// OUT:                     %321 = spirv.CooperativeMatrixLoadTensorNV %312, %320, %319, access<>, 0 : coopmatrix<64 x 64 x f16, Workgroup, MatrixBKHR>
// OUT:                     %322 = spirv.Load %26 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     %323 = spirv.CooperativeMatrixMulAddKHR %308, %321, %322 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     spirv.Store %26, %323
// OUT:                     spirv.Branch ^bb40(%265)
// OUT:                   ^bb40(%324: i32):
// OUT:                     %325 = spirv.IAdd %324, %263 : i32
// OUT:                     spirv.Branch ^bb38(%325)
// OUT:                   ^bb41:
// OUT:                     spirv.mlir.merge
// OUT:                 }
// OUT:                 spirv.Branch ^bb36
// OUT:               ^bb36:
// OUT:                 spirv.mlir.merge
// OUT:             }
// OUT:             spirv.Branch ^bb25
// OUT:           ^bb25:
// OUT:             spirv.mlir.merge
// OUT:         }
// OUT:         %326 = spirv.Load %26 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:         %327 = spirv.Constant 1 : i32
// OUT:         %328 = spirv.ISub %38, %327 : i32
// OUT:         %329 = spirv.ISub %39, %327 : i32
// OUT:         %330 = spirv.CooperativeMatrixPerElementOpNV %326, func<@dispatch_0_contraction_epilogue117>, %44, %55, %328, %329, %24 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:         %331 = spirv.Constant 64 : i32
// OUT:         %332 = spirv.IAdd %44, %331 : i32
// OUT:         %333 = spirv.SLessThanEqual %332, %48 : bool
// OUT:         %334 = spirv.Constant 64 : i32
// OUT:         %335 = spirv.IAdd %55, %334 : i32
// OUT:         %336 = spirv.SLessThanEqual %335, %59 : bool
// OUT:         %337 = spirv.LogicalAnd %333, %336 : bool
// OUT:         spirv.mlir.selection {
// OUT:           ^bb42:
// OUT:             spirv.BranchConditional %337, ^bb43, ^bb44
// OUT:           ^bb43:
// OUT:             %338 = spirv.Constant 0 : i32
// OUT:             %339 = spirv.mlir.addressof @output0 : ptr<struct<(rtarray<f32, stride=4> offset(0)), Block>, StorageBuffer>
// OUT:             %340 = spirv.Constant 0 : i32
// OUT:             %341 = spirv.AccessChain %339, %340, %338 : ptr<f32, StorageBuffer>
// OUT:             %342 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:             %343 = spirv.Constant 1200 : i32
// OUT:             %344 = spirv.Constant 1000 : i32
// OUT:             %345 = spirv.TensorLayoutSetDimensionNV %342, %343, %344 : tensorlayout<2, Undefined>
// OUT:             %346 = spirv.Constant 64 : i32
// OUT:             %347 = spirv.Constant 64 : i32
// OUT:             %348 = spirv.TensorLayoutSliceNV %345, %44, %346, %55, %347 : tensorlayout<2, Undefined>
// OUT:             spirv.CooperativeMatrixStoreTensorNV %341, %330, %348, access<>, 0
// OUT:             spirv.Branch ^bb44
// OUT:           ^bb44:
// OUT:             spirv.mlir.merge
// OUT:         }
// OUT:         %349 = spirv.LogicalNot %337 : bool
// OUT:         spirv.mlir.selection {
// OUT:           ^bb45:
// OUT:             spirv.BranchConditional %349, ^bb46, ^bb47
// OUT:           ^bb46:
// OUT:             %350 = spirv.Constant 0 : i32
// OUT:             %351 = spirv.mlir.addressof @output0 : ptr<struct<(rtarray<f32, stride=4> offset(0)), Block>, StorageBuffer>
// OUT:             %352 = spirv.Constant 0 : i32
// OUT:             %353 = spirv.AccessChain %351, %352, %350 : ptr<f32, StorageBuffer>
// OUT:             %354 = spirv.CreateTensorLayoutNV : tensorlayout<2, Constant>
// OUT:             %355 = spirv.TensorLayoutSetDimensionNV %354, %48, %59 : tensorlayout<2, Constant>
// OUT:             %356 = spirv.Constant 1000 : i32
// OUT:             %357 = spirv.Constant 1 : i32
// OUT:             %358 = spirv.TensorLayoutSetStrideNV %355, %356, %357 : tensorlayout<2, Constant>
// OUT:             %359 = spirv.Constant 64 : i32
// OUT:             %360 = spirv.Constant 64 : i32
// OUT:             %361 = spirv.TensorLayoutSliceNV %358, %44, %359, %55, %360 : tensorlayout<2, Constant>
// OUT:             spirv.CooperativeMatrixStoreTensorNV %353, %330, %361, access<>, 0
// OUT:             spirv.Branch ^bb47
// OUT:           ^bb47:
// OUT:             spirv.mlir.merge
// OUT:         }
// OUT:         spirv.Branch ^bb3
// OUT:       ^bb3:
// OUT:         spirv.mlir.merge
// OUT:     }
// OUT:     spirv.Return
// OUT:   }
// OUT:   spirv.func @dispatch_0_contraction_epilogue117(%0: u32, %1: u32, %2: f32, %3: i32, %4: i32, %5: i32, %6: i32, %7: f32) -> f32 {
// OUT:   ^bb0:
// OUT:     %8 = spirv.Bitcast %0 : i32
// OUT:     %9 = spirv.Bitcast %1 : i32
// OUT:     %10 = spirv.IAdd %3, %8 : i32
// OUT:     %11 = spirv.IAdd %4, %9 : i32
// OUT:     %12 = spirv.GL.SMin %10, %5 : i32
// OUT:     %13 = spirv.GL.SMin %11, %6 : i32
// OUT:     %14 = spirv.Constant 0 : i32
// OUT:     %15 = spirv.Constant 600 : i32
// OUT:     %16 = spirv.SRem %12, %15 : i32
// OUT:     %17 = spirv.SDiv %12, %15 : i32
// OUT:     %18 = spirv.Constant 0 : i32
// OUT:     %19 = spirv.mlir.addressof @input2 : ptr<struct<(rtarray<f32, stride=4> offset(0)), Block>, StorageBuffer>
// OUT:     %20 = spirv.Constant 0 : i32
// OUT:     %21 = spirv.AccessChain %19, %20, %13 : ptr<f32, StorageBuffer>
// OUT:     %22 = spirv.Load %21 : f32
// OUT:     %23 = spirv.FAdd %2, %22 : f32
// OUT:     %24 = spirv.GL.FMax %23, %7 : f32
// OUT:     spirv.ReturnValue %24
// OUT:   }
// OUT:   spirv.EntryPoint GLCompute @dispatch_0_contraction "dispatch_0_contraction" interface()
// OUT:   spirv.ExecutionMode @dispatch_0_contraction LocalSize 128 1 1
// OUT: }

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
// OUT:               ^bb8:
// OUT:                 spirv.BranchConditional %62, ^bb9, ^bb10
// OUT:               ^bb9:
// OUT:                 %63 = spirv.Constant 0 : i32
// OUT:                 %64 = spirv.Constant 1024 : i32
// OUT:                 %65 = spirv.Constant 128 : i32
// OUT:                 %66 = spirv.Constant 64 : i32
// OUT:                 spirv.mlir.loop {
// OUT:                   ^bb12:
// OUT:                     spirv.Branch ^bb13(%63)
// OUT:                   ^bb13(%67: i32):
// OUT:                     %68 = spirv.SLessThan %67, %64 : bool
// OUT:                     spirv.BranchConditional %68, ^bb14, ^bb16
// OUT:                   ^bb14:
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
// OUT:                     spirv.Branch ^bb15(%67)
// OUT:                   ^bb15(%126: i32):
// OUT:                     %127 = spirv.IAdd %126, %65 : i32
// OUT:                     spirv.Branch ^bb13(%127)
// OUT:                   ^bb16:
// OUT:                     spirv.mlir.merge
// OUT:                 }
// OUT:                 spirv.Branch ^bb11
// OUT:               ^bb10:
// OUT:                 %128 = spirv.Constant 0 : i32
// OUT:                 %129 = spirv.Constant 1024 : i32
// OUT:                 %130 = spirv.Constant 128 : i32
// OUT:                 %131 = spirv.Constant 64 : i32
// OUT:                 spirv.mlir.loop {
// OUT:                   ^bb17:
// OUT:                     spirv.Branch ^bb18(%128)
// OUT:                   ^bb18(%132: i32):
// OUT:                     %133 = spirv.SLessThan %132, %129 : bool
// OUT:                     spirv.BranchConditional %133, ^bb19, ^bb21
// OUT:                   ^bb19:
// OUT:                     %134 = spirv.Constant 0 : i32
// OUT:                     %135 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %136 = spirv.Constant 0 : i32
// OUT:                     %137 = spirv.AccessChain %135, %136, %134 : ptr<f16, StorageBuffer>
// OUT:                     %138 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                     %139 = spirv.Constant 1200 : i32
// OUT:                     %140 = spirv.Constant 1024 : i32
// OUT:                     %141 = spirv.TensorLayoutSetDimensionNV %138, %139, %140 : tensorlayout<2, Undefined>
// OUT:                     %142 = spirv.Constant 64 : i32
// OUT:                     %143 = spirv.Constant 64 : i32
// OUT:                     %144 = spirv.TensorLayoutSliceNV %141, %43, %142, %132, %143 : tensorlayout<2, Undefined>
// OUT:                     %145 = spirv.Undef : coopmatrix<64 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %146 = spirv.CooperativeMatrixLoadTensorNV %137, %145, %144, access<>, 0 : coopmatrix<64 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %147 = spirv.Constant 0 : i32
// OUT:                     %148 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %149 = spirv.Constant 0 : i32
// OUT:                     %150 = spirv.AccessChain %148, %149, %147 : ptr<f16, StorageBuffer>
// OUT:                     %151 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                     %152 = spirv.Constant 1024 : i32
// OUT:                     %153 = spirv.Constant 1000 : i32
// OUT:                     %154 = spirv.TensorLayoutSetDimensionNV %151, %152, %153 : tensorlayout<2, Undefined>
// OUT:                     %155 = spirv.Constant 64 : i32
// OUT:                     %156 = spirv.Constant 64 : i32
// OUT:                     %157 = spirv.TensorLayoutSliceNV %154, %132, %155, %53, %156 : tensorlayout<2, Undefined>
// OUT:                     %158 = spirv.Undef : coopmatrix<64 x 64 x f16, Workgroup, MatrixBKHR>
// OUT:                     %159 = spirv.CooperativeMatrixLoadTensorNV %150, %158, %157, access<>, 0 : coopmatrix<64 x 64 x f16, Workgroup, MatrixBKHR>
// OUT:                     %160 = spirv.Load %26 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     %161 = spirv.CooperativeMatrixMulAddKHR %146, %159, %160 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     spirv.Store %26, %161
// OUT:                     %162 = spirv.IAdd %132, %131 : i32
// OUT:                     %163 = spirv.Constant 0 : i32
// OUT:                     %164 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %165 = spirv.Constant 0 : i32
// OUT:                     %166 = spirv.AccessChain %164, %165, %163 : ptr<f16, StorageBuffer>
// OUT:                     %167 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                     %168 = spirv.Constant 1200 : i32
// OUT:                     %169 = spirv.Constant 1024 : i32
// OUT:                     %170 = spirv.TensorLayoutSetDimensionNV %167, %168, %169 : tensorlayout<2, Undefined>
// OUT:                     %171 = spirv.Constant 64 : i32
// OUT:                     %172 = spirv.Constant 64 : i32
// OUT:                     %173 = spirv.TensorLayoutSliceNV %170, %43, %171, %162, %172 : tensorlayout<2, Undefined>
// OUT:                     %174 = spirv.Undef : coopmatrix<64 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %175 = spirv.CooperativeMatrixLoadTensorNV %166, %174, %173, access<>, 0 : coopmatrix<64 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %176 = spirv.Constant 0 : i32
// OUT:                     %177 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %178 = spirv.Constant 0 : i32
// OUT:                     %179 = spirv.AccessChain %177, %178, %176 : ptr<f16, StorageBuffer>
// OUT:                     %180 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                     %181 = spirv.Constant 1024 : i32
// OUT:                     %182 = spirv.Constant 1000 : i32
// OUT:                     %183 = spirv.TensorLayoutSetDimensionNV %180, %181, %182 : tensorlayout<2, Undefined>
// OUT:                     %184 = spirv.Constant 64 : i32
// OUT:                     %185 = spirv.Constant 64 : i32
// OUT:                     %186 = spirv.TensorLayoutSliceNV %183, %162, %184, %53, %185 : tensorlayout<2, Undefined>
// OUT:                     %187 = spirv.Undef : coopmatrix<64 x 64 x f16, Workgroup, MatrixBKHR>
// OUT:                     %188 = spirv.CooperativeMatrixLoadTensorNV %179, %187, %186, access<>, 0 : coopmatrix<64 x 64 x f16, Workgroup, MatrixBKHR>
// OUT:                     %189 = spirv.Load %26 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     %190 = spirv.CooperativeMatrixMulAddKHR %175, %188, %189 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     spirv.Store %26, %190
// OUT:                     spirv.Branch ^bb20(%132)
// OUT:                   ^bb20(%191: i32):
// OUT:                     %192 = spirv.IAdd %191, %130 : i32
// OUT:                     spirv.Branch ^bb18(%192)
// OUT:                   ^bb21:
// OUT:                     spirv.mlir.merge
// OUT:                 }
// OUT:                 spirv.Branch ^bb11
// OUT:               ^bb11:
// OUT:                 spirv.mlir.merge
// OUT:             }
// OUT:             spirv.Branch ^bb7
// OUT:           ^bb6:
// OUT:             spirv.mlir.selection {
// OUT:               ^bb22:
// OUT:                 spirv.BranchConditional %62, ^bb23, ^bb24
// OUT:               ^bb23:
// OUT:                 %193 = spirv.Constant 0 : i32
// OUT:                 %194 = spirv.Constant 1024 : i32
// OUT:                 %195 = spirv.Constant 128 : i32
// OUT:                 %196 = spirv.Constant 64 : i32
// OUT:                 spirv.mlir.loop {
// OUT:                   ^bb26:
// OUT:                     spirv.Branch ^bb27(%193)
// OUT:                   ^bb27(%197: i32):
// OUT:                     %198 = spirv.SLessThan %197, %194 : bool
// OUT:                     spirv.BranchConditional %198, ^bb28, ^bb30
// OUT:                   ^bb28:
// OUT:                     %199 = spirv.Constant 0 : i32
// OUT:                     %200 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %201 = spirv.Constant 0 : i32
// OUT:                     %202 = spirv.AccessChain %200, %201, %199 : ptr<f16, StorageBuffer>
// OUT:                     %203 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                     %204 = spirv.Constant 1200 : i32
// OUT:                     %205 = spirv.Constant 1024 : i32
// OUT:                     %206 = spirv.TensorLayoutSetDimensionNV %203, %204, %205 : tensorlayout<2, Undefined>
// OUT:                     %207 = spirv.Constant 64 : i32
// OUT:                     %208 = spirv.Constant 64 : i32
// OUT:                     %209 = spirv.TensorLayoutSliceNV %206, %42, %207, %197, %208 : tensorlayout<2, Undefined>
// OUT:                     %210 = spirv.Undef : coopmatrix<64 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %211 = spirv.CooperativeMatrixLoadTensorNV %202, %210, %209, access<>, 0 : coopmatrix<64 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %212 = spirv.Constant 0 : i32
// OUT:                     %213 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %214 = spirv.Constant 0 : i32
// OUT:                     %215 = spirv.AccessChain %213, %214, %212 : ptr<f16, StorageBuffer>
// OUT:                     %216 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                     %217 = spirv.Constant 1024 : i32
// OUT:                     %218 = spirv.Constant 1000 : i32
// OUT:                     %219 = spirv.TensorLayoutSetDimensionNV %216, %217, %218 : tensorlayout<2, Undefined>
// OUT:                     %220 = spirv.Constant 64 : i32
// OUT:                     %221 = spirv.Constant 64 : i32
// OUT:                     %222 = spirv.TensorLayoutSliceNV %219, %197, %220, %54, %221 : tensorlayout<2, Undefined>
// OUT:                     %223 = spirv.Undef : coopmatrix<64 x 64 x f16, Workgroup, MatrixBKHR>
// OUT:                     %224 = spirv.CooperativeMatrixLoadTensorNV %215, %223, %222, access<>, 0 : coopmatrix<64 x 64 x f16, Workgroup, MatrixBKHR>
// OUT:                     %225 = spirv.Load %26 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     %226 = spirv.CooperativeMatrixMulAddKHR %211, %224, %225 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     spirv.Store %26, %226
// OUT:                     %227 = spirv.IAdd %197, %196 : i32
// OUT:                     %228 = spirv.Constant 0 : i32
// OUT:                     %229 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %230 = spirv.Constant 0 : i32
// OUT:                     %231 = spirv.AccessChain %229, %230, %228 : ptr<f16, StorageBuffer>
// OUT:                     %232 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                     %233 = spirv.Constant 1200 : i32
// OUT:                     %234 = spirv.Constant 1024 : i32
// OUT:                     %235 = spirv.TensorLayoutSetDimensionNV %232, %233, %234 : tensorlayout<2, Undefined>
// OUT:                     %236 = spirv.Constant 64 : i32
// OUT:                     %237 = spirv.Constant 64 : i32
// OUT:                     %238 = spirv.TensorLayoutSliceNV %235, %42, %236, %227, %237 : tensorlayout<2, Undefined>
// OUT:                     %239 = spirv.Undef : coopmatrix<64 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %240 = spirv.CooperativeMatrixLoadTensorNV %231, %239, %238, access<>, 0 : coopmatrix<64 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %241 = spirv.Constant 0 : i32
// OUT:                     %242 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %243 = spirv.Constant 0 : i32
// OUT:                     %244 = spirv.AccessChain %242, %243, %241 : ptr<f16, StorageBuffer>
// OUT:                     %245 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                     %246 = spirv.Constant 1024 : i32
// OUT:                     %247 = spirv.Constant 1000 : i32
// OUT:                     %248 = spirv.TensorLayoutSetDimensionNV %245, %246, %247 : tensorlayout<2, Undefined>
// OUT:                     %249 = spirv.Constant 64 : i32
// OUT:                     %250 = spirv.Constant 64 : i32
// OUT:                     %251 = spirv.TensorLayoutSliceNV %248, %227, %249, %54, %250 : tensorlayout<2, Undefined>
// OUT:                     %252 = spirv.Undef : coopmatrix<64 x 64 x f16, Workgroup, MatrixBKHR>
// OUT:                     %253 = spirv.CooperativeMatrixLoadTensorNV %244, %252, %251, access<>, 0 : coopmatrix<64 x 64 x f16, Workgroup, MatrixBKHR>
// OUT:                     %254 = spirv.Load %26 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     %255 = spirv.CooperativeMatrixMulAddKHR %240, %253, %254 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     spirv.Store %26, %255
// OUT:                     spirv.Branch ^bb29(%197)
// OUT:                   ^bb29(%256: i32):
// OUT:                     %257 = spirv.IAdd %256, %195 : i32
// OUT:                     spirv.Branch ^bb27(%257)
// OUT:                   ^bb30:
// OUT:                     spirv.mlir.merge
// OUT:                 }
// OUT:                 spirv.Branch ^bb25
// OUT:               ^bb24:
// OUT:                 %258 = spirv.Constant 0 : i32
// OUT:                 %259 = spirv.Constant 1024 : i32
// OUT:                 %260 = spirv.Constant 128 : i32
// OUT:                 %261 = spirv.Constant 64 : i32
// OUT:                 spirv.mlir.loop {
// OUT:                   ^bb31:
// OUT:                     spirv.Branch ^bb32(%258)
// OUT:                   ^bb32(%262: i32):
// OUT:                     %263 = spirv.SLessThan %262, %259 : bool
// OUT:                     spirv.BranchConditional %263, ^bb33, ^bb35
// OUT:                   ^bb33:
// OUT:                     %264 = spirv.Constant 0 : i32
// OUT:                     %265 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %266 = spirv.Constant 0 : i32
// OUT:                     %267 = spirv.AccessChain %265, %266, %264 : ptr<f16, StorageBuffer>
// OUT:                     %268 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                     %269 = spirv.Constant 1200 : i32
// OUT:                     %270 = spirv.Constant 1024 : i32
// OUT:                     %271 = spirv.TensorLayoutSetDimensionNV %268, %269, %270 : tensorlayout<2, Undefined>
// OUT:                     %272 = spirv.Constant 64 : i32
// OUT:                     %273 = spirv.Constant 64 : i32
// OUT:                     %274 = spirv.TensorLayoutSliceNV %271, %42, %272, %262, %273 : tensorlayout<2, Undefined>
// OUT:                     %275 = spirv.Undef : coopmatrix<64 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %276 = spirv.CooperativeMatrixLoadTensorNV %267, %275, %274, access<>, 0 : coopmatrix<64 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %277 = spirv.Constant 0 : i32
// OUT:                     %278 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %279 = spirv.Constant 0 : i32
// OUT:                     %280 = spirv.AccessChain %278, %279, %277 : ptr<f16, StorageBuffer>
// OUT:                     %281 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                     %282 = spirv.Constant 1024 : i32
// OUT:                     %283 = spirv.Constant 1000 : i32
// OUT:                     %284 = spirv.TensorLayoutSetDimensionNV %281, %282, %283 : tensorlayout<2, Undefined>
// OUT:                     %285 = spirv.Constant 64 : i32
// OUT:                     %286 = spirv.Constant 64 : i32
// OUT:                     %287 = spirv.TensorLayoutSliceNV %284, %262, %285, %53, %286 : tensorlayout<2, Undefined>
// OUT:                     %288 = spirv.Undef : coopmatrix<64 x 64 x f16, Workgroup, MatrixBKHR>
// OUT:                     %289 = spirv.CooperativeMatrixLoadTensorNV %280, %288, %287, access<>, 0 : coopmatrix<64 x 64 x f16, Workgroup, MatrixBKHR>
// OUT:                     %290 = spirv.Load %26 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     %291 = spirv.CooperativeMatrixMulAddKHR %276, %289, %290 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     spirv.Store %26, %291
// OUT:                     %292 = spirv.IAdd %262, %261 : i32
// OUT:                     %293 = spirv.Constant 0 : i32
// OUT:                     %294 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %295 = spirv.Constant 0 : i32
// OUT:                     %296 = spirv.AccessChain %294, %295, %293 : ptr<f16, StorageBuffer>
// OUT:                     %297 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                     %298 = spirv.Constant 1200 : i32
// OUT:                     %299 = spirv.Constant 1024 : i32
// OUT:                     %300 = spirv.TensorLayoutSetDimensionNV %297, %298, %299 : tensorlayout<2, Undefined>
// OUT:                     %301 = spirv.Constant 64 : i32
// OUT:                     %302 = spirv.Constant 64 : i32
// OUT:                     %303 = spirv.TensorLayoutSliceNV %300, %42, %301, %292, %302 : tensorlayout<2, Undefined>
// OUT:                     %304 = spirv.Undef : coopmatrix<64 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %305 = spirv.CooperativeMatrixLoadTensorNV %296, %304, %303, access<>, 0 : coopmatrix<64 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %306 = spirv.Constant 0 : i32
// OUT:                     %307 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %308 = spirv.Constant 0 : i32
// OUT:                     %309 = spirv.AccessChain %307, %308, %306 : ptr<f16, StorageBuffer>
// OUT:                     %310 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                     %311 = spirv.Constant 1024 : i32
// OUT:                     %312 = spirv.Constant 1000 : i32
// OUT:                     %313 = spirv.TensorLayoutSetDimensionNV %310, %311, %312 : tensorlayout<2, Undefined>
// OUT:                     %314 = spirv.Constant 64 : i32
// OUT:                     %315 = spirv.Constant 64 : i32
// OUT:                     %316 = spirv.TensorLayoutSliceNV %313, %292, %314, %53, %315 : tensorlayout<2, Undefined>
// OUT:                     %317 = spirv.Undef : coopmatrix<64 x 64 x f16, Workgroup, MatrixBKHR>
// OUT:                     %318 = spirv.CooperativeMatrixLoadTensorNV %309, %317, %316, access<>, 0 : coopmatrix<64 x 64 x f16, Workgroup, MatrixBKHR>
// OUT:                     %319 = spirv.Load %26 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     %320 = spirv.CooperativeMatrixMulAddKHR %305, %318, %319 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     spirv.Store %26, %320
// OUT:                     spirv.Branch ^bb34(%262)
// OUT:                   ^bb34(%321: i32):
// OUT:                     %322 = spirv.IAdd %321, %260 : i32
// OUT:                     spirv.Branch ^bb32(%322)
// OUT:                   ^bb35:
// OUT:                     spirv.mlir.merge
// OUT:                 }
// OUT:                 spirv.Branch ^bb25
// OUT:               ^bb25:
// OUT:                 spirv.mlir.merge
// OUT:             }
// OUT:             spirv.Branch ^bb7
// OUT:           ^bb7:
// OUT:             spirv.mlir.merge
// OUT:         }
// OUT:         %323 = spirv.Load %26 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:         %324 = spirv.Constant 1 : i32
// OUT:         %325 = spirv.ISub %38, %324 : i32
// OUT:         %326 = spirv.ISub %39, %324 : i32
// OUT:         %327 = spirv.CooperativeMatrixPerElementOpNV %323, func<@dispatch_0_contraction_epilogue117>, %44, %55, %325, %326, %24 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:         %328 = spirv.Constant 64 : i32
// OUT:         %329 = spirv.IAdd %44, %328 : i32
// OUT:         %330 = spirv.SLessThanEqual %329, %48 : bool
// OUT:         %331 = spirv.Constant 64 : i32
// OUT:         %332 = spirv.IAdd %55, %331 : i32
// OUT:         %333 = spirv.SLessThanEqual %332, %59 : bool
// OUT:         %334 = spirv.LogicalAnd %330, %333 : bool
// OUT:         spirv.mlir.selection {
// OUT:           ^bb36:
// OUT:             spirv.BranchConditional %334, ^bb37, ^bb38
// OUT:           ^bb37:
// OUT:             %335 = spirv.Constant 0 : i32
// OUT:             %336 = spirv.mlir.addressof @output0 : ptr<struct<(rtarray<f32, stride=4> offset(0)), Block>, StorageBuffer>
// OUT:             %337 = spirv.Constant 0 : i32
// OUT:             %338 = spirv.AccessChain %336, %337, %335 : ptr<f32, StorageBuffer>
// OUT:             %339 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:             %340 = spirv.Constant 1200 : i32
// OUT:             %341 = spirv.Constant 1000 : i32
// OUT:             %342 = spirv.TensorLayoutSetDimensionNV %339, %340, %341 : tensorlayout<2, Undefined>
// OUT:             %343 = spirv.Constant 64 : i32
// OUT:             %344 = spirv.Constant 64 : i32
// OUT:             %345 = spirv.TensorLayoutSliceNV %342, %44, %343, %55, %344 : tensorlayout<2, Undefined>
// OUT:             spirv.CooperativeMatrixStoreTensorNV %338, %327, %345, access<>, 0
// OUT:             spirv.Branch ^bb39
// OUT:           ^bb38:
// OUT:             %346 = spirv.Constant 0 : i32
// OUT:             %347 = spirv.mlir.addressof @output0 : ptr<struct<(rtarray<f32, stride=4> offset(0)), Block>, StorageBuffer>
// OUT:             %348 = spirv.Constant 0 : i32
// OUT:             %349 = spirv.AccessChain %347, %348, %346 : ptr<f32, StorageBuffer>
// OUT:             %350 = spirv.CreateTensorLayoutNV : tensorlayout<2, Constant>
// OUT:             %351 = spirv.TensorLayoutSetDimensionNV %350, %48, %59 : tensorlayout<2, Constant>
// OUT:             %352 = spirv.Constant 1000 : i32
// OUT:             %353 = spirv.Constant 1 : i32
// OUT:             %354 = spirv.TensorLayoutSetStrideNV %351, %352, %353 : tensorlayout<2, Constant>
// OUT:             %355 = spirv.Constant 64 : i32
// OUT:             %356 = spirv.Constant 64 : i32
// OUT:             %357 = spirv.TensorLayoutSliceNV %354, %44, %355, %55, %356 : tensorlayout<2, Constant>
// OUT:             spirv.CooperativeMatrixStoreTensorNV %349, %327, %357, access<>, 0
// OUT:             spirv.Branch ^bb39
// OUT:           ^bb39:
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
// OUT:     %25 = spirv.IsNan %23 : bool
// OUT:     %26 = spirv.IsNan %7 : bool
// OUT:     %27 = spirv.Select %26, %7, %24 : f32
// OUT:     %28 = spirv.Select %25, %23, %27 : f32
// OUT:     spirv.ReturnValue %28
// OUT:   }
// OUT:   spirv.EntryPoint GLCompute @dispatch_0_contraction "dispatch_0_contraction" interface()
// OUT:   spirv.ExecutionMode @dispatch_0_contraction LocalSize 128 1 1
// OUT: }

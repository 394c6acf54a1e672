// RUN: abi-vce-serialize target=nvidia-h200
// The workgroup-matrix matmul of lower-to-kernels/matmul_tensor_layout.mlir in SPIR-V 1.6:
// SPV_NV_cooperative_matrix2 + SPV_NV_tensor_addressing, Workgroup-scope cooperative-matrix
// types, tensor layouts (Undefined clamp inside the problem, Constant for the K remainder and
// the store, whose dimensions are the store limits) sliced per step,
// CooperativeMatrixLoadTensorNV / StoreTensorNV, no barrier and no Workgroup memory.
func.func @main(%a: tensor<300x264xf16>, %b: tensor<264x328xf16>) -> tensor<300x328xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<300x328xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<300x328xf32>) -> tensor<300x328xf32>
  %2 = linalg.matmul ins(%a, %b : tensor<300x264xf16>, tensor<264x328xf16>) outs(%1 : tensor<300x328xf32>) -> tensor<300x328xf32>
  return %2 : tensor<300x328xf32>
}
// OUT: spirv.module Logical Vulkan requires #spirv.vce<v1.6, [VulkanMemoryModel, Shader, TensorAddressingNV, CooperativeMatrixTensorAddressingNV, CooperativeMatrixKHR, StorageBuffer16BitAccess, Float16], ["SPV_NV_tensor_addressing", "SPV_NV_cooperative_matrix2", "SPV_KHR_cooperative_matrix"]> {
// OUT:   spirv.GlobalVariable @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer> binding(0, 0) decorations[NonWritable]
// OUT:   spirv.GlobalVariable @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer> binding(0, 1) decorations[NonWritable]
// OUT:   spirv.GlobalVariable @output0 : ptr<struct<(rtarray<f32, stride=4> offset(0)), Block>, StorageBuffer> binding(0, 2) decorations[NonReadable]
// OUT:   spirv.GlobalVariable @WorkgroupId : ptr<vector<3 x u32>, Input> builtin(WorkgroupId)
// OUT:   spirv.GlobalVariable @NumWorkgroups : ptr<vector<3 x u32>, Input> builtin(NumWorkgroups)
// OUT:   spirv.GlobalVariable @LocalInvocationId : ptr<vector<3 x u32>, Input> builtin(LocalInvocationId)
// OUT:   spirv.func @dispatch_0_contraction() -> void {
// OUT:   ^bb0:
// OUT:     %0 = spirv.Constant 30 : i32
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
// OUT:         %27 = spirv.Constant 5 : i32
// OUT:         %28 = spirv.Constant 48 : i32
// OUT:         %29 = spirv.SDiv %17, %28 : i32
// OUT:         %30 = spirv.Constant 8 : i32
// OUT:         %31 = spirv.IMul %29, %30 : i32
// OUT:         %32 = spirv.ISub %27, %31 : i32
// OUT:         %33 = spirv.GL.SMin %32, %30 : i32
// OUT:         %34 = spirv.SRem %17, %28 : i32
// OUT:         %35 = spirv.SRem %34, %33 : i32
// OUT:         %36 = spirv.IAdd %31, %35 : i32
// OUT:         %37 = spirv.SDiv %34, %33 : i32
// OUT:         %38 = spirv.Constant 300 : i32
// OUT:         %39 = spirv.Constant 328 : i32
// OUT:         %40 = spirv.Constant 6 : i32
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
// OUT:                 %64 = spirv.Constant 256 : i32
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
// OUT:                     %74 = spirv.Constant 300 : i32
// OUT:                     %75 = spirv.Constant 264 : i32
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
// OUT:                     %87 = spirv.Constant 264 : i32
// OUT:                     %88 = spirv.Constant 328 : i32
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
// OUT:                     %103 = spirv.Constant 300 : i32
// OUT:                     %104 = spirv.Constant 264 : i32
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
// OUT:                     %116 = spirv.Constant 264 : i32
// OUT:                     %117 = spirv.Constant 328 : i32
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
// OUT:                 %128 = spirv.Constant 256 : i32
// OUT:                 %129 = spirv.Constant 0 : i32
// OUT:                 %130 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                 %131 = spirv.Constant 0 : i32
// OUT:                 %132 = spirv.AccessChain %130, %131, %129 : ptr<f16, StorageBuffer>
// OUT:                 %133 = spirv.CreateTensorLayoutNV : tensorlayout<2, Constant>
// OUT:                 %134 = spirv.Constant 300 : i32
// OUT:                 %135 = spirv.Constant 264 : i32
// OUT:                 %136 = spirv.TensorLayoutSetDimensionNV %133, %134, %135 : tensorlayout<2, Constant>
// OUT:                 %137 = spirv.Constant 64 : i32
// OUT:                 %138 = spirv.Constant 64 : i32
// OUT:                 %139 = spirv.TensorLayoutSliceNV %136, %43, %137, %128, %138 : tensorlayout<2, Constant>
// OUT:                 %140 = spirv.Constant 0x0 : f16
// OUT:                 %141 = spirv.CompositeConstruct %140 : coopmatrix<64 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                 %142 = spirv.CooperativeMatrixLoadTensorNV %132, %141, %139, access<>, 0 : coopmatrix<64 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                 %143 = spirv.Constant 0 : i32
// OUT:                 %144 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                 %145 = spirv.Constant 0 : i32
// OUT:                 %146 = spirv.AccessChain %144, %145, %143 : ptr<f16, StorageBuffer>
// OUT:                 %147 = spirv.CreateTensorLayoutNV : tensorlayout<2, Constant>
// OUT:                 %148 = spirv.Constant 264 : i32
// OUT:                 %149 = spirv.Constant 328 : i32
// OUT:                 %150 = spirv.TensorLayoutSetDimensionNV %147, %148, %149 : tensorlayout<2, Constant>
// OUT:                 %151 = spirv.Constant 64 : i32
// OUT:                 %152 = spirv.Constant 64 : i32
// OUT:                 %153 = spirv.TensorLayoutSliceNV %150, %128, %151, %54, %152 : tensorlayout<2, Constant>
// OUT:                 %154 = spirv.Constant 0x0 : f16
// OUT:                 %155 = spirv.CompositeConstruct %154 : coopmatrix<64 x 64 x f16, Workgroup, MatrixBKHR>
// OUT:                 %156 = spirv.CooperativeMatrixLoadTensorNV %146, %155, %153, access<>, 0 : coopmatrix<64 x 64 x f16, Workgroup, MatrixBKHR>
// OUT:                 %157 = spirv.Load %26 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                 %158 = spirv.CooperativeMatrixMulAddKHR %142, %156, %157 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                 spirv.Store %26, %158
// OUT:                 spirv.Branch ^bb9
// OUT:               ^bb9:
// OUT:                 spirv.mlir.merge
// OUT:             }
// OUT:             %159 = spirv.LogicalNot %62 : bool
// OUT:             spirv.mlir.selection {
// OUT:               ^bb15:
// OUT:                 spirv.BranchConditional %159, ^bb16, ^bb17
// OUT:               ^bb16:
// OUT:                 %160 = spirv.Constant 0 : i32
// OUT:                 %161 = spirv.Constant 256 : i32
// OUT:                 %162 = spirv.Constant 128 : i32
// OUT:                 %163 = spirv.Constant 64 : i32
// OUT:                 spirv.mlir.loop {
// OUT:                   ^bb18:
// OUT:                     spirv.Branch ^bb19(%160)
// OUT:                   ^bb19(%164: i32):
// OUT:                     %165 = spirv.SLessThan %164, %161 : bool
// OUT:                     spirv.BranchConditional %165, ^bb20, ^bb22
// OUT:                   ^bb20:
// OUT:                     %166 = spirv.Constant 0 : i32
// OUT:                     %167 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %168 = spirv.Constant 0 : i32
// OUT:                     %169 = spirv.AccessChain %167, %168, %166 : ptr<f16, StorageBuffer>
// OUT:                     %170 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                     %171 = spirv.Constant 300 : i32
// OUT:                     %172 = spirv.Constant 264 : i32
// OUT:                     %173 = spirv.TensorLayoutSetDimensionNV %170, %171, %172 : tensorlayout<2, Undefined>
// OUT:                     %174 = spirv.Constant 64 : i32
// OUT:                     %175 = spirv.Constant 64 : i32
// OUT:                     %176 = spirv.TensorLayoutSliceNV %173, %43, %174, %164, %175 : tensorlayout<2, Undefined>
// OUT:                     %177 = spirv.Undef : coopmatrix<64 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %178 = spirv.CooperativeMatrixLoadTensorNV %169, %177, %176, access<>, 0 : coopmatrix<64 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %179 = spirv.Constant 0 : i32
// OUT:                     %180 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %181 = spirv.Constant 0 : i32
// OUT:                     %182 = spirv.AccessChain %180, %181, %179 : ptr<f16, StorageBuffer>
// OUT:                     %183 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                     %184 = spirv.Constant 264 : i32
// OUT:                     %185 = spirv.Constant 328 : i32
// OUT:                     %186 = spirv.TensorLayoutSetDimensionNV %183, %184, %185 : tensorlayout<2, Undefined>
// OUT:                     %187 = spirv.Constant 64 : i32
// OUT:                     %188 = spirv.Constant 64 : i32
// OUT:                     %189 = spirv.TensorLayoutSliceNV %186, %164, %187, %53, %188 : tensorlayout<2, Undefined>
// OUT:                     %190 = spirv.Undef : coopmatrix<64 x 64 x f16, Workgroup, MatrixBKHR>
// OUT:                     %191 = spirv.CooperativeMatrixLoadTensorNV %182, %190, %189, access<>, 0 : coopmatrix<64 x 64 x f16, Workgroup, MatrixBKHR>
// OUT:                     %192 = spirv.Load %26 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     %193 = spirv.CooperativeMatrixMulAddKHR %178, %191, %192 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     spirv.Store %26, %193
// OUT:                     %194 = spirv.IAdd %164, %163 : i32
// OUT:                     %195 = spirv.Constant 0 : i32
// OUT:                     %196 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %197 = spirv.Constant 0 : i32
// OUT:                     %198 = spirv.AccessChain %196, %197, %195 : ptr<f16, StorageBuffer>
// OUT:                     %199 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                     %200 = spirv.Constant 300 : i32
// OUT:                     %201 = spirv.Constant 264 : i32
// OUT:                     %202 = spirv.TensorLayoutSetDimensionNV %199, %200, %201 : tensorlayout<2, Undefined>
// OUT:                     %203 = spirv.Constant 64 : i32
// OUT:                     %204 = spirv.Constant 64 : i32
// OUT:                     %205 = spirv.TensorLayoutSliceNV %202, %43, %203, %194, %204 : tensorlayout<2, Undefined>
// OUT:                     %206 = spirv.Undef : coopmatrix<64 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %207 = spirv.CooperativeMatrixLoadTensorNV %198, %206, %205, access<>, 0 : coopmatrix<64 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %208 = spirv.Constant 0 : i32
// OUT:                     %209 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %210 = spirv.Constant 0 : i32
// OUT:                     %211 = spirv.AccessChain %209, %210, %208 : ptr<f16, StorageBuffer>
// OUT:                     %212 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                     %213 = spirv.Constant 264 : i32
// OUT:                     %214 = spirv.Constant 328 : i32
// OUT:                     %215 = spirv.TensorLayoutSetDimensionNV %212, %213, %214 : tensorlayout<2, Undefined>
// OUT:                     %216 = spirv.Constant 64 : i32
// OUT:                     %217 = spirv.Constant 64 : i32
// OUT:                     %218 = spirv.TensorLayoutSliceNV %215, %194, %216, %53, %217 : tensorlayout<2, Undefined>
// OUT:                     %219 = spirv.Undef : coopmatrix<64 x 64 x f16, Workgroup, MatrixBKHR>
// OUT:                     %220 = spirv.CooperativeMatrixLoadTensorNV %211, %219, %218, access<>, 0 : coopmatrix<64 x 64 x f16, Workgroup, MatrixBKHR>
// OUT:                     %221 = spirv.Load %26 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     %222 = spirv.CooperativeMatrixMulAddKHR %207, %220, %221 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     spirv.Store %26, %222
// OUT:                     spirv.Branch ^bb21(%164)
// OUT:                   ^bb21(%223: i32):
// OUT:                     %224 = spirv.IAdd %223, %162 : i32
// OUT:                     spirv.Branch ^bb19(%224)
// OUT:                   ^bb22:
// OUT:                     spirv.mlir.merge
// OUT:                 }
// OUT:                 %225 = spirv.Constant 256 : i32
// OUT:                 %226 = spirv.Constant 0 : i32
// OUT:                 %227 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                 %228 = spirv.Constant 0 : i32
// OUT:                 %229 = spirv.AccessChain %227, %228, %226 : ptr<f16, StorageBuffer>
// OUT:                 %230 = spirv.CreateTensorLayoutNV : tensorlayout<2, Constant>
// OUT:                 %231 = spirv.Constant 300 : i32
// OUT:                 %232 = spirv.Constant 264 : i32
// OUT:                 %233 = spirv.TensorLayoutSetDimensionNV %230, %231, %232 : tensorlayout<2, Constant>
// OUT:                 %234 = spirv.Constant 64 : i32
// OUT:                 %235 = spirv.Constant 64 : i32
// OUT:                 %236 = spirv.TensorLayoutSliceNV %233, %43, %234, %225, %235 : tensorlayout<2, Constant>
// OUT:                 %237 = spirv.Constant 0x0 : f16
// OUT:                 %238 = spirv.CompositeConstruct %237 : coopmatrix<64 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                 %239 = spirv.CooperativeMatrixLoadTensorNV %229, %238, %236, access<>, 0 : coopmatrix<64 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                 %240 = spirv.Constant 0 : i32
// OUT:                 %241 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                 %242 = spirv.Constant 0 : i32
// OUT:                 %243 = spirv.AccessChain %241, %242, %240 : ptr<f16, StorageBuffer>
// OUT:                 %244 = spirv.CreateTensorLayoutNV : tensorlayout<2, Constant>
// OUT:                 %245 = spirv.Constant 264 : i32
// OUT:                 %246 = spirv.Constant 328 : i32
// OUT:                 %247 = spirv.TensorLayoutSetDimensionNV %244, %245, %246 : tensorlayout<2, Constant>
// OUT:                 %248 = spirv.Constant 64 : i32
// OUT:                 %249 = spirv.Constant 64 : i32
// OUT:                 %250 = spirv.TensorLayoutSliceNV %247, %225, %248, %53, %249 : tensorlayout<2, Constant>
// OUT:                 %251 = spirv.Constant 0x0 : f16
// OUT:                 %252 = spirv.CompositeConstruct %251 : coopmatrix<64 x 64 x f16, Workgroup, MatrixBKHR>
// OUT:                 %253 = spirv.CooperativeMatrixLoadTensorNV %243, %252, %250, access<>, 0 : coopmatrix<64 x 64 x f16, Workgroup, MatrixBKHR>
// OUT:                 %254 = spirv.Load %26 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                 %255 = spirv.CooperativeMatrixMulAddKHR %239, %253, %254 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                 spirv.Store %26, %255
// OUT:                 spirv.Branch ^bb17
// OUT:               ^bb17:
// OUT:                 spirv.mlir.merge
// OUT:             }
// OUT:             spirv.Branch ^bb6
// OUT:           ^bb6:
// OUT:             spirv.mlir.merge
// OUT:         }
// OUT:         %256 = spirv.LogicalNot %51 : bool
// OUT:         spirv.mlir.selection {
// OUT:           ^bb23:
// OUT:             spirv.BranchConditional %256, ^bb24, ^bb25
// OUT:           ^bb24:
// OUT:             spirv.mlir.selection {
// OUT:               ^bb26:
// OUT:                 spirv.BranchConditional %62, ^bb27, ^bb28
// OUT:               ^bb27:
// OUT:                 %257 = spirv.Constant 0 : i32
// OUT:                 %258 = spirv.Constant 256 : i32
// OUT:                 %259 = spirv.Constant 128 : i32
// OUT:                 %260 = spirv.Constant 64 : i32
// OUT:                 spirv.mlir.loop {
// OUT:                   ^bb29:
// OUT:                     spirv.Branch ^bb30(%257)
// OUT:                   ^bb30(%261: i32):
// OUT:                     %262 = spirv.SLessThan %261, %258 : bool
// OUT:                     spirv.BranchConditional %262, ^bb31, ^bb33
// OUT:                   ^bb31:
// OUT:                     %263 = spirv.Constant 0 : i32
// OUT:                     %264 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %265 = spirv.Constant 0 : i32
// OUT:                     %266 = spirv.AccessChain %264, %265, %263 : ptr<f16, StorageBuffer>
// OUT:                     %267 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                     %268 = spirv.Constant 300 : i32
// OUT:                     %269 = spirv.Constant 264 : i32
// OUT:                     %270 = spirv.TensorLayoutSetDimensionNV %267, %268, %269 : tensorlayout<2, Undefined>
// OUT:                     %271 = spirv.Constant 64 : i32
// OUT:                     %272 = spirv.Constant 64 : i32
// OUT:                     %273 = spirv.TensorLayoutSliceNV %270, %42, %271, %261, %272 : tensorlayout<2, Undefined>
// OUT:                     %274 = spirv.Undef : coopmatrix<64 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %275 = spirv.CooperativeMatrixLoadTensorNV %266, %274, %273, access<>, 0 : coopmatrix<64 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %276 = spirv.Constant 0 : i32
// OUT:                     %277 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %278 = spirv.Constant 0 : i32
// OUT:                     %279 = spirv.AccessChain %277, %278, %276 : ptr<f16, StorageBuffer>
// OUT:                     %280 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                     %281 = spirv.Constant 264 : i32
// OUT:                     %282 = spirv.Constant 328 : i32
// OUT:                     %283 = spirv.TensorLayoutSetDimensionNV %280, %281, %282 : tensorlayout<2, Undefined>
// OUT:                     %284 = spirv.Constant 64 : i32
// OUT:                     %285 = spirv.Constant 64 : i32
// OUT:                     %286 = spirv.TensorLayoutSliceNV %283, %261, %284, %54, %285 : tensorlayout<2, Undefined>
// OUT:                     %287 = spirv.Undef : coopmatrix<64 x 64 x f16, Workgroup, MatrixBKHR>
// OUT:                     %288 = spirv.CooperativeMatrixLoadTensorNV %279, %287, %286, access<>, 0 : coopmatrix<64 x 64 x f16, Workgroup, MatrixBKHR>
// OUT:                     %289 = spirv.Load %26 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     %290 = spirv.CooperativeMatrixMulAddKHR %275, %288, %289 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     spirv.Store %26, %290
// OUT:                     %291 = spirv.IAdd %261, %260 : i32
// OUT:                     %292 = spirv.Constant 0 : i32
// OUT:                     %293 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %294 = spirv.Constant 0 : i32
// OUT:                     %295 = spirv.AccessChain %293, %294, %292 : ptr<f16, StorageBuffer>
// OUT:                     %296 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                     %297 = spirv.Constant 300 : i32
// OUT:                     %298 = spirv.Constant 264 : i32
// OUT:                     %299 = spirv.TensorLayoutSetDimensionNV %296, %297, %298 : tensorlayout<2, Undefined>
// OUT:                     %300 = spirv.Constant 64 : i32
// OUT:                     %301 = spirv.Constant 64 : i32
// OUT:                     %302 = spirv.TensorLayoutSliceNV %299, %42, %300, %291, %301 : tensorlayout<2, Undefined>
// OUT:                     %303 = spirv.Undef : coopmatrix<64 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %304 = spirv.CooperativeMatrixLoadTensorNV %295, %303, %302, access<>, 0 : coopmatrix<64 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %305 = spirv.Constant 0 : i32
// OUT:                     %306 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %307 = spirv.Constant 0 : i32
// OUT:                     %308 = spirv.AccessChain %306, %307, %305 : ptr<f16, StorageBuffer>
// OUT:                     %309 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                     %310 = spirv.Constant 264 : i32
// OUT:                     %311 = spirv.Constant 328 : i32
// OUT:                     %312 = spirv.TensorLayoutSetDimensionNV %309, %310, %311 : tensorlayout<2, Undefined>
// OUT:                     %313 = spirv.Constant 64 : i32
// OUT:                     %314 = spirv.Constant 64 : i32
// OUT:                     %315 = spirv.TensorLayoutSliceNV %312, %291, %313, %54, %314 : tensorlayout<2, Undefined>
// OUT:                     %316 = spirv.Undef : coopmatrix<64 x 64 x f16, Workgroup, MatrixBKHR>
// OUT:                     %317 = spirv.CooperativeMatrixLoadTensorNV %308, %316, %315, access<>, 0 : coopmatrix<64 x 64 x f16, Workgroup, MatrixBKHR>
// OUT:                     %318 = spirv.Load %26 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     %319 = spirv.CooperativeMatrixMulAddKHR %304, %317, %318 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     spirv.Store %26, %319
// OUT:                     spirv.Branch ^bb32(%261)
// OUT:                   ^bb32(%320: i32):
// OUT:                     %321 = spirv.IAdd %320, %259 : i32
// OUT:                     spirv.Branch ^bb30(%321)
// OUT:                   ^bb33:
// OUT:                     spirv.mlir.merge
// OUT:                 }
// OUT:                 %322 = spirv.Constant 256 : i32
// OUT:                 %323 = spirv.Constant 0 : i32
// OUT:                 %324 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                 %325 = spirv.Constant 0 : i32
// OUT:                 %326 = spirv.AccessChain %324, %325, %323 : ptr<f16, StorageBuffer>
// OUT:                 %327 = spirv.CreateTensorLayoutNV : tensorlayout<2, Constant>
// OUT:                 %328 = spirv.Constant 300 : i32
// OUT:                 %329 = spirv.Constant 264 : i32
// OUT:                 %330 = spirv.TensorLayoutSetDimensionNV %327, %328, %329 : tensorlayout<2, Constant>
// OUT:                 %331 = spirv.Constant 64 : i32
// OUT:                 %332 = spirv.Constant 64 : i32
// OUT:                 %333 = spirv.TensorLayoutSliceNV %330, %42, %331, %322, %332 : tensorlayout<2, Constant>
// OUT:                 %334 = spirv.Constant 0x0 : f16
// OUT:                 %335 = spirv.CompositeConstruct %334 : coopmatrix<64 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                 %336 = spirv.CooperativeMatrixLoadTensorNV %326, %335, %333, access<>, 0 : coopmatrix<64 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                 %337 = spirv.Constant 0 : i32
// OUT:                 %338 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                 %339 = spirv.Constant 0 : i32
// OUT:                 %340 = spirv.AccessChain %338, %339, %337 : ptr<f16, StorageBuffer>
// OUT:                 %341 = spirv.CreateTensorLayoutNV : tensorlayout<2, Constant>
// OUT:                 %342 = spirv.Constant 264 : i32
// OUT:                 %343 = spirv.Constant 328 : i32
// OUT:                 %344 = spirv.TensorLayoutSetDimensionNV %341, %342, %343 : tensorlayout<2, Constant>
// OUT:                 %345 = spirv.Constant 64 : i32
// OUT:                 %346 = spirv.Constant 64 : i32
// OUT:                 %347 = spirv.TensorLayoutSliceNV %344, %322, %345, %54, %346 : tensorlayout<2, Constant>
// OUT:                 %348 = spirv.Constant 0x0 : f16
// OUT:                 %349 = spirv.CompositeConstruct %348 : coopmatrix<64 x 64 x f16, Workgroup, MatrixBKHR>
// OUT:                 %350 = spirv.CooperativeMatrixLoadTensorNV %340, %349, %347, access<>, 0 : coopmatrix<64 x 64 x f16, Workgroup, MatrixBKHR>
// OUT:                 %351 = spirv.Load %26 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                 %352 = spirv.CooperativeMatrixMulAddKHR %336, %350, %351 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                 spirv.Store %26, %352
// OUT:                 spirv.Branch ^bb28
// OUT:               ^bb28:
// OUT:                 spirv.mlir.merge
// OUT:             }
// OUT:             %353 = spirv.LogicalNot %62 : bool
// OUT:             spirv.mlir.selection {
// OUT:               ^bb34:
// OUT:                 spirv.BranchConditional %353, ^bb35, ^bb36
// OUT:               ^bb35:
// OUT:                 %354 = spirv.Constant 0 : i32
// OUT:                 %355 = spirv.Constant 256 : i32
// OUT:                 %356 = spirv.Constant 128 : i32
// OUT:                 %357 = spirv.Constant 64 : i32
// OUT:                 spirv.mlir.loop {
// OUT:                   ^bb37:
// OUT:                     spirv.Branch ^bb38(%354)
// OUT:                   ^bb38(%358: i32):
// OUT:                     %359 = spirv.SLessThan %358, %355 : bool
// OUT:                     spirv.BranchConditional %359, ^bb39, ^bb41
// OUT:                   ^bb39:
// OUT:                     %360 = spirv.Constant 0 : i32
// OUT:                     %361 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %362 = spirv.Constant 0 : i32
// OUT:                     %363 = spirv.AccessChain %361, %362, %360 : ptr<f16, StorageBuffer>
// OUT:                     %364 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                     %365 = spirv.Constant 300 : i32
// OUT:                     %366 = spirv.Constant 264 : i32
// OUT:                     %367 = spirv.TensorLayoutSetDimensionNV %364, %365, %366 : tensorlayout<2, Undefined>
// OUT:                     %368 = spirv.Constant 64 : i32
// OUT:                     %369 = spirv.Constant 64 : i32
// OUT:                     %370 = spirv.TensorLayoutSliceNV %367, %42, %368, %358, %369 : tensorlayout<2, Undefined>
// OUT:                     %371 = spirv.Undef : coopmatrix<64 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %372 = spirv.CooperativeMatrixLoadTensorNV %363, %371, %370, access<>, 0 : coopmatrix<64 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %373 = spirv.Constant 0 : i32
// OUT:                     %374 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %375 = spirv.Constant 0 : i32
// OUT:                     %376 = spirv.AccessChain %374, %375, %373 : ptr<f16, StorageBuffer>
// OUT:                     %377 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                     %378 = spirv.Constant 264 : i32
// OUT:                     %379 = spirv.Constant 328 : i32
// OUT:                     %380 = spirv.TensorLayoutSetDimensionNV %377, %378, %379 : tensorlayout<2, Undefined>
// OUT:                     %381 = spirv.Constant 64 : i32
// OUT:                     %382 = spirv.Constant 64 : i32
// OUT:                     %383 = spirv.TensorLayoutSliceNV %380, %358, %381, %53, %382 : tensorlayout<2, Undefined>
// OUT:                     %384 = spirv.Undef : coopmatrix<64 x 64 x f16, Workgroup, MatrixBKHR>
// OUT:                     %385 = spirv.CooperativeMatrixLoadTensorNV %376, %384, %383, access<>, 0 : coopmatrix<64 x 64 x f16, Workgroup, MatrixBKHR>
// OUT:                     %386 = spirv.Load %26 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     %387 = spirv.CooperativeMatrixMulAddKHR %372, %385, %386 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     spirv.Store %26, %387
// OUT:                     %388 = spirv.IAdd %358, %357 : i32
// OUT:                     %389 = spirv.Constant 0 : i32
// OUT:                     %390 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %391 = spirv.Constant 0 : i32
// OUT:                     %392 = spirv.AccessChain %390, %391, %389 : ptr<f16, StorageBuffer>
// OUT:                     %393 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                     %394 = spirv.Constant 300 : i32
// OUT:                     %395 = spirv.Constant 264 : i32
// OUT:                     %396 = spirv.TensorLayoutSetDimensionNV %393, %394, %395 : tensorlayout<2, Undefined>
// OUT:                     %397 = spirv.Constant 64 : i32
// OUT:                     %398 = spirv.Constant 64 : i32
// OUT:                     %399 = spirv.TensorLayoutSliceNV %396, %42, %397, %388, %398 : tensorlayout<2, Undefined>
// OUT:                     %400 = spirv.Undef : coopmatrix<64 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %401 = spirv.CooperativeMatrixLoadTensorNV %392, %400, %399, access<>, 0 : coopmatrix<64 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %402 = spirv.Constant 0 : i32
// OUT:                     %403 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %404 = spirv.Constant 0 : i32
// OUT:                     %405 = spirv.AccessChain %403, %404, %402 : ptr<f16, StorageBuffer>
// OUT:                     %406 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                     %407 = spirv.Constant 264 : i32
// OUT:                     %408 = spirv.Constant 328 : i32
// OUT:                     %409 = spirv.TensorLayoutSetDimensionNV %406, %407, %408 : tensorlayout<2, Undefined>
// OUT:                     %410 = spirv.Constant 64 : i32
// OUT:                     %411 = spirv.Constant 64 : i32
// OUT:                     %412 = spirv.TensorLayoutSliceNV %409, %388, %410, %53, %411 : tensorlayout<2, Undefined>
// OUT:                     %413 = spirv.Undef : coopmatrix<64 x 64 x f16, Workgroup, MatrixBKHR>
// OUT:                     %414 = spirv.CooperativeMatrixLoadTensorNV %405, %413, %412, access<>, 0 : coopmatrix<64 x 64 x f16, Workgroup, MatrixBKHR>
// OUT:                     %415 = spirv.Load %26 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     %416 = spirv.CooperativeMatrixMulAddKHR %401, %414, %415 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     spirv.Store %26, %416
// OUT:                     spirv.Branch ^bb40(%358)
// OUT:                   ^bb40(%417: i32):
// OUT:                     %418 = spirv.IAdd %417, %356 : i32
// OUT:                     spirv.Branch ^bb38(%418)
// OUT:                   ^bb41:
// OUT:                     spirv.mlir.merge
// OUT:                 }
// OUT:                 %419 = spirv.Constant 256 : i32
// OUT:                 %420 = spirv.Constant 0 : i32
// OUT:                 %421 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                 %422 = spirv.Constant 0 : i32
// OUT:                 %423 = spirv.AccessChain %421, %422, %420 : ptr<f16, StorageBuffer>
// OUT:                 %424 = spirv.CreateTensorLayoutNV : tensorlayout<2, Constant>
// OUT:                 %425 = spirv.Constant 300 : i32
// OUT:                 %426 = spirv.Constant 264 : i32
// OUT:                 %427 = spirv.TensorLayoutSetDimensionNV %424, %425, %426 : tensorlayout<2, Constant>
// OUT:                 %428 = spirv.Constant 64 : i32
// OUT:                 %429 = spirv.Constant 64 : i32
// OUT:                 %430 = spirv.TensorLayoutSliceNV %427, %42, %428, %419, %429 : tensorlayout<2, Constant>
// OUT:                 %431 = spirv.Constant 0x0 : f16
// OUT:                 %432 = spirv.CompositeConstruct %431 : coopmatrix<64 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                 %433 = spirv.CooperativeMatrixLoadTensorNV %423, %432, %430, access<>, 0 : coopmatrix<64 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                 %434 = spirv.Constant 0 : i32
// OUT:                 %435 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                 %436 = spirv.Constant 0 : i32
// OUT:                 %437 = spirv.AccessChain %435, %436, %434 : ptr<f16, StorageBuffer>
// OUT:                 %438 = spirv.CreateTensorLayoutNV : tensorlayout<2, Constant>
// OUT:                 %439 = spirv.Constant 264 : i32
// OUT:                 %440 = spirv.Constant 328 : i32
// OUT:                 %441 = spirv.TensorLayoutSetDimensionNV %438, %439, %440 : tensorlayout<2, Constant>
// OUT:                 %442 = spirv.Constant 64 : i32
// OUT:                 %443 = spirv.Constant 64 : i32
// OUT:                 %444 = spirv.TensorLayoutSliceNV %441, %419, %442, %53, %443 : tensorlayout<2, Constant>
// OUT:                 %445 = spirv.Constant 0x0 : f16
// OUT:                 %446 = spirv.CompositeConstruct %445 : coopmatrix<64 x 64 x f16, Workgroup, MatrixBKHR>
// OUT:                 %447 = spirv.CooperativeMatrixLoadTensorNV %437, %446, %444, access<>, 0 : coopmatrix<64 x 64 x f16, Workgroup, MatrixBKHR>
// OUT:                 %448 = spirv.Load %26 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                 %449 = spirv.CooperativeMatrixMulAddKHR %433, %447, %448 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                 spirv.Store %26, %449
// OUT:                 spirv.Branch ^bb36
// OUT:               ^bb36:
// OUT:                 spirv.mlir.merge
// OUT:             }
// OUT:             spirv.Branch ^bb25
// OUT:           ^bb25:
// OUT:             spirv.mlir.merge
// OUT:         }
// OUT:         %450 = spirv.Load %26 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:         %451 = spirv.Constant 64 : i32
// OUT:         %452 = spirv.IAdd %44, %451 : i32
// OUT:         %453 = spirv.SLessThanEqual %452, %48 : bool
// OUT:         %454 = spirv.Constant 64 : i32
// OUT:         %455 = spirv.IAdd %55, %454 : i32
// OUT:         %456 = spirv.SLessThanEqual %455, %59 : bool
// OUT:         %457 = spirv.LogicalAnd %453, %456 : bool
// OUT:         spirv.mlir.selection {
// OUT:           ^bb42:
// OUT:             spirv.BranchConditional %457, ^bb43, ^bb44
// OUT:           ^bb43:
// OUT:             %458 = spirv.Constant 0 : i32
// OUT:             %459 = spirv.mlir.addressof @output0 : ptr<struct<(rtarray<f32, stride=4> offset(0)), Block>, StorageBuffer>
// OUT:             %460 = spirv.Constant 0 : i32
// OUT:             %461 = spirv.AccessChain %459, %460, %458 : ptr<f32, StorageBuffer>
// OUT:             %462 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:             %463 = spirv.Constant 300 : i32
// OUT:             %464 = spirv.Constant 328 : i32
// OUT:             %465 = spirv.TensorLayoutSetDimensionNV %462, %463, %464 : tensorlayout<2, Undefined>
// OUT:             %466 = spirv.Constant 64 : i32
// OUT:             %467 = spirv.Constant 64 : i32
// OUT:             %468 = spirv.TensorLayoutSliceNV %465, %44, %466, %55, %467 : tensorlayout<2, Undefined>
// OUT:             spirv.CooperativeMatrixStoreTensorNV %461, %450, %468, access<>, 0
// OUT:             spirv.Branch ^bb44
// OUT:           ^bb44:
// OUT:             spirv.mlir.merge
// OUT:         }
// OUT:         %469 = spirv.LogicalNot %457 : bool
// OUT:         spirv.mlir.selection {
// OUT:           ^bb45:
// OUT:             spirv.BranchConditional %469, ^bb46, ^bb47
// OUT:           ^bb46:
// OUT:             %470 = spirv.Constant 0 : i32
// OUT:             %471 = spirv.mlir.addressof @output0 : ptr<struct<(rtarray<f32, stride=4> offset(0)), Block>, StorageBuffer>
// OUT:             %472 = spirv.Constant 0 : i32
// OUT:             %473 = spirv.AccessChain %471, %472, %470 : ptr<f32, StorageBuffer>
// OUT:             %474 = spirv.CreateTensorLayoutNV : tensorlayout<2, Constant>
// OUT:             %475 = spirv.TensorLayoutSetDimensionNV %474, %48, %59 : tensorlayout<2, Constant>
// OUT:             %476 = spirv.Constant 328 : i32
// OUT:             %477 = spirv.Constant 1 : i32
// OUT:             %478 = spirv.TensorLayoutSetStrideNV %475, %476, %477 : tensorlayout<2, Constant>
// OUT:             %479 = spirv.Constant 64 : i32
// OUT:             %480 = spirv.Constant 64 : i32
// OUT:             %481 = spirv.TensorLayoutSliceNV %478, %44, %479, %55, %480 : tensorlayout<2, Constant>
// OUT:             spirv.CooperativeMatrixStoreTensorNV %473, %450, %481, access<>, 0
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
// OUT:   spirv.EntryPoint GLCompute @dispatch_0_contraction "dispatch_0_contraction" interface()
// OUT:   spirv.ExecutionMode @dispatch_0_contraction LocalSize 128 1 1
// OUT: }

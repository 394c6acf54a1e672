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
// OUT:               ^bb8:
// OUT:                 spirv.BranchConditional %62, ^bb9, ^bb10
// OUT:               ^bb9:
// OUT:                 %63 = spirv.Constant 0 : i32
// OUT:                 %64 = spirv.Constant 256 : i32
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
// OUT:                     spirv.Branch ^bb15(%67)
// OUT:                   ^bb15(%126: i32):
// OUT:                     %127 = spirv.IAdd %126, %65 : i32
// OUT:                     spirv.Branch ^bb13(%127)
// OUT:                   ^bb16:
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
// OUT:                 spirv.Branch ^bb11
// OUT:               ^bb10:
// OUT:                 %159 = spirv.Constant 0 : i32
// OUT:                 %160 = spirv.Constant 256 : i32
// OUT:                 %161 = spirv.Constant 128 : i32
// OUT:                 %162 = spirv.Constant 64 : i32
// OUT:                 spirv.mlir.loop {
// OUT:                   ^bb17:
// OUT:                     spirv.Branch ^bb18(%159)
// OUT:                   ^bb18(%163: i32):
// OUT:                     %164 = spirv.SLessThan %163, %160 : bool
// OUT:                     spirv.BranchConditional %164, ^bb19, ^bb21
// OUT:                   ^bb19:
// OUT:                     %165 = spirv.Constant 0 : i32
// OUT:                     %166 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %167 = spirv.Constant 0 : i32
// OUT:                     %168 = spirv.AccessChain %166, %167, %165 : ptr<f16, StorageBuffer>
// OUT:                     %169 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                     %170 = spirv.Constant 300 : i32
// OUT:                     %171 = spirv.Constant 264 : i32
// OUT:                     %172 = spirv.TensorLayoutSetDimensionNV %169, %170, %171 : tensorlayout<2, Undefined>
// OUT:                     %173 = spirv.Constant 64 : i32
// OUT:                     %174 = spirv.Constant 64 : i32
// OUT:                     %175 = spirv.TensorLayoutSliceNV %172, %43, %173, %163, %174 : tensorlayout<2, Undefined>
// OUT:                     %176 = spirv.Undef : coopmatrix<64 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %177 = spirv.CooperativeMatrixLoadTensorNV %168, %176, %175, access<>, 0 : coopmatrix<64 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %178 = spirv.Constant 0 : i32
// OUT:                     %179 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %180 = spirv.Constant 0 : i32
// OUT:                     %181 = spirv.AccessChain %179, %180, %178 : ptr<f16, StorageBuffer>
// OUT:                     %182 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                     %183 = spirv.Constant 264 : i32
// OUT:                     %184 = spirv.Constant 328 : i32
// OUT:                     %185 = spirv.TensorLayoutSetDimensionNV %182, %183, %184 : tensorlayout<2, Undefined>
// OUT:                     %186 = spirv.Constant 64 : i32
// OUT:                     %187 = spirv.Constant 64 : i32
// OUT:                     %188 = spirv.TensorLayoutSliceNV %185, %163, %186, %53, %187 : tensorlayout<2, Undefined>
// OUT:                     %189 = spirv.Undef : coopmatrix<64 x 64 x f16, Workgroup, MatrixBKHR>
// OUT:                     %190 = spirv.CooperativeMatrixLoadTensorNV %181, %189, %188, access<>, 0 : coopmatrix<64 x 64 x f16, Workgroup, MatrixBKHR>
// OUT:                     %191 = spirv.Load %26 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     %192 = spirv.CooperativeMatrixMulAddKHR %177, %190, %191 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     spirv.Store %26, %192
// OUT:                     %193 = spirv.IAdd %163, %162 : i32
// OUT:                     %194 = spirv.Constant 0 : i32
// OUT:                     %195 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %196 = spirv.Constant 0 : i32
// OUT:                     %197 = spirv.AccessChain %195, %196, %194 : ptr<f16, StorageBuffer>
// OUT:                     %198 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                     %199 = spirv.Constant 300 : i32
// OUT:                     %200 = spirv.Constant 264 : i32
// OUT:                     %201 = spirv.TensorLayoutSetDimensionNV %198, %199, %200 : tensorlayout<2, Undefined>
// OUT:                     %202 = spirv.Constant 64 : i32
// OUT:                     %203 = spirv.Constant 64 : i32
// OUT:                     %204 = spirv.TensorLayoutSliceNV %201, %43, %202, %193, %203 : tensorlayout<2, Undefined>
// OUT:                     %205 = spirv.Undef : coopmatrix<64 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %206 = spirv.CooperativeMatrixLoadTensorNV %197, %205, %204, access<>, 0 : coopmatrix<64 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %207 = spirv.Constant 0 : i32
// OUT:                     %208 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %209 = spirv.Constant 0 : i32
// OUT:                     %210 = spirv.AccessChain %208, %209, %207 : ptr<f16, StorageBuffer>
// OUT:                     %211 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                     %212 = spirv.Constant 264 : i32
// OUT:                     %213 = spirv.Constant 328 : i32
// OUT:                     %214 = spirv.TensorLayoutSetDimensionNV %211, %212, %213 : tensorlayout<2, Undefined>
// OUT:                     %215 = spirv.Constant 64 : i32
// OUT:                     %216 = spirv.Constant 64 : i32
// OUT:                     %217 = spirv.TensorLayoutSliceNV %214, %193, %215, %53, %216 : tensorlayout<2, Undefined>
// OUT:                     %218 = spirv.Undef : coopmatrix<64 x 64 x f16, Workgroup, MatrixBKHR>
// OUT:                     %219 = spirv.CooperativeMatrixLoadTensorNV %210, %218, %217, access<>, 0 : coopmatrix<64 x 64 x f16, Workgroup, MatrixBKHR>
// OUT:                     %220 = spirv.Load %26 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     %221 = spirv.CooperativeMatrixMulAddKHR %206, %219, %220 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     spirv.Store %26, %221
// OUT:                     spirv.Branch ^bb20(%163)
// OUT:                   ^bb20(%222: i32):
// OUT:                     %223 = spirv.IAdd %222, %161 : i32
// OUT:                     spirv.Branch ^bb18(%223)
// OUT:                   ^bb21:
// OUT:                     spirv.mlir.merge
// OUT:                 }
// OUT:                 %224 = spirv.Constant 256 : i32
// OUT:                 %225 = spirv.Constant 0 : i32
// OUT:                 %226 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                 %227 = spirv.Constant 0 : i32
// OUT:                 %228 = spirv.AccessChain %226, %227, %225 : ptr<f16, StorageBuffer>
// OUT:                 %229 = spirv.CreateTensorLayoutNV : tensorlayout<2, Constant>
// OUT:                 %230 = spirv.Constant 300 : i32
// OUT:                 %231 = spirv.Constant 264 : i32
// OUT:                 %232 = spirv.TensorLayoutSetDimensionNV %229, %230, %231 : tensorlayout<2, Constant>
// OUT:                 %233 = spirv.Constant 64 : i32
// OUT:                 %234 = spirv.Constant 64 : i32
// OUT:                 %235 = spirv.TensorLayoutSliceNV %232, %43, %233, %224, %234 : tensorlayout<2, Constant>
// OUT:                 %236 = spirv.Constant 0x0 : f16
// OUT:                 %237 = spirv.CompositeConstruct %236 : coopmatrix<64 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                 %238 = spirv.CooperativeMatrixLoadTensorNV %228, %237, %235, access<>, 0 : coopmatrix<64 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                 %239 = spirv.Constant 0 : i32
// OUT:                 %240 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                 %241 = spirv.Constant 0 : i32
// OUT:                 %242 = spirv.AccessChain %240, %241, %239 : ptr<f16, StorageBuffer>
// OUT:                 %243 = spirv.CreateTensorLayoutNV : tensorlayout<2, Constant>
// OUT:                 %244 = spirv.Constant 264 : i32
// OUT:                 %245 = spirv.Constant 328 : i32
// OUT:                 %246 = spirv.TensorLayoutSetDimensionNV %243, %244, %245 : tensorlayout<2, Constant>
// OUT:                 %247 = spirv.Constant 64 : i32
// OUT:                 %248 = spirv.Constant 64 : i32
// OUT:                 %249 = spirv.TensorLayoutSliceNV %246, %224, %247, %53, %248 : tensorlayout<2, Constant>
// OUT:                 %250 = spirv.Constant 0x0 : f16
// OUT:                 %251 = spirv.CompositeConstruct %250 : coopmatrix<64 x 64 x f16, Workgroup, MatrixBKHR>
// OUT:                 %252 = spirv.CooperativeMatrixLoadTensorNV %242, %251, %249, access<>, 0 : coopmatrix<64 x 64 x f16, Workgroup, MatrixBKHR>
// OUT:                 %253 = spirv.Load %26 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                 %254 = spirv.CooperativeMatrixMulAddKHR %238, %252, %253 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                 spirv.Store %26, %254
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
// OUT:                 %255 = spirv.Constant 0 : i32
// OUT:                 %256 = spirv.Constant 256 : i32
// OUT:                 %257 = spirv.Constant 128 : i32
// OUT:                 %258 = spirv.Constant 64 : i32
// OUT:                 spirv.mlir.loop {
// OUT:                   ^bb26:
// OUT:                     spirv.Branch ^bb27(%255)
// OUT:                   ^bb27(%259: i32):
// OUT:                     %260 = spirv.SLessThan %259, %256 : bool
// OUT:                     spirv.BranchConditional %260, ^bb28, ^bb30
// OUT:                   ^bb28:
// OUT:                     %261 = spirv.Constant 0 : i32
// OUT:                     %262 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %263 = spirv.Constant 0 : i32
// OUT:                     %264 = spirv.AccessChain %262, %263, %261 : ptr<f16, StorageBuffer>
// OUT:                     %265 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                     %266 = spirv.Constant 300 : i32
// OUT:                     %267 = spirv.Constant 264 : i32
// OUT:                     %268 = spirv.TensorLayoutSetDimensionNV %265, %266, %267 : tensorlayout<2, Undefined>
// OUT:                     %269 = spirv.Constant 64 : i32
// OUT:                     %270 = spirv.Constant 64 : i32
// OUT:                     %271 = spirv.TensorLayoutSliceNV %268, %42, %269, %259, %270 : tensorlayout<2, Undefined>
// OUT:                     %272 = spirv.Undef : coopmatrix<64 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %273 = spirv.CooperativeMatrixLoadTensorNV %264, %272, %271, access<>, 0 : coopmatrix<64 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %274 = spirv.Constant 0 : i32
// OUT:                     %275 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %276 = spirv.Constant 0 : i32
// OUT:                     %277 = spirv.AccessChain %275, %276, %274 : ptr<f16, StorageBuffer>
// OUT:                     %278 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                     %279 = spirv.Constant 264 : i32
// OUT:                     %280 = spirv.Constant 328 : i32
// OUT:                     %281 = spirv.TensorLayoutSetDimensionNV %278, %279, %280 : tensorlayout<2, Undefined>
// OUT:                     %282 = spirv.Constant 64 : i32
// OUT:                     %283 = spirv.Constant 64 : i32
// OUT:                     %284 = spirv.TensorLayoutSliceNV %281, %259, %282, %54, %283 : tensorlayout<2, Undefined>
// OUT:                     %285 = spirv.Undef : coopmatrix<64 x 64 x f16, Workgroup, MatrixBKHR>
// OUT:                     %286 = spirv.CooperativeMatrixLoadTensorNV %277, %285, %284, access<>, 0 : coopmatrix<64 x 64 x f16, Workgroup, MatrixBKHR>
// OUT:                     %287 = spirv.Load %26 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     %288 = spirv.CooperativeMatrixMulAddKHR %273, %286, %287 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     spirv.Store %26, %288
// OUT:                     %289 = spirv.IAdd %259, %258 : i32
// OUT:                     %290 = spirv.Constant 0 : i32
// OUT:                     %291 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %292 = spirv.Constant 0 : i32
// OUT:                     %293 = spirv.AccessChain %291, %292, %290 : ptr<f16, StorageBuffer>
// OUT:                     %294 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                     %295 = spirv.Constant 300 : i32
// OUT:                     %296 = spirv.Constant 264 : i32
// OUT:                     %297 = spirv.TensorLayoutSetDimensionNV %294, %295, %296 : tensorlayout<2, Undefined>
// OUT:                     %298 = spirv.Constant 64 : i32
// OUT:                     %299 = spirv.Constant 64 : i32
// OUT:                     %300 = spirv.TensorLayoutSliceNV %297, %42, %298, %289, %299 : tensorlayout<2, Undefined>
// OUT:                     %301 = spirv.Undef : coopmatrix<64 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %302 = spirv.CooperativeMatrixLoadTensorNV %293, %301, %300, access<>, 0 : coopmatrix<64 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %303 = spirv.Constant 0 : i32
// OUT:                     %304 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %305 = spirv.Constant 0 : i32
// OUT:                     %306 = spirv.AccessChain %304, %305, %303 : ptr<f16, StorageBuffer>
// OUT:                     %307 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                     %308 = spirv.Constant 264 : i32
// OUT:                     %309 = spirv.Constant 328 : i32
// OUT:                     %310 = spirv.TensorLayoutSetDimensionNV %307, %308, %309 : tensorlayout<2, Undefined>
// OUT:                     %311 = spirv.Constant 64 : i32
// OUT:                     %312 = spirv.Constant 64 : i32
// OUT:                     %313 = spirv.TensorLayoutSliceNV %310, %289, %311, %54, %312 : tensorlayout<2, Undefined>
// OUT:                     %314 = spirv.Undef : coopmatrix<64 x 64 x f16, Workgroup, MatrixBKHR>
// OUT:                     %315 = spirv.CooperativeMatrixLoadTensorNV %306, %314, %313, access<>, 0 : coopmatrix<64 x 64 x f16, Workgroup, MatrixBKHR>
// OUT:                     %316 = spirv.Load %26 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     %317 = spirv.CooperativeMatrixMulAddKHR %302, %315, %316 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     spirv.Store %26, %317
// OUT:                     spirv.Branch ^bb29(%259)
// OUT:                   ^bb29(%318: i32):
// OUT:                     %319 = spirv.IAdd %318, %257 : i32
// OUT:                     spirv.Branch ^bb27(%319)
// OUT:                   ^bb30:
// OUT:                     spirv.mlir.merge
// OUT:                 }
// OUT:                 %320 = spirv.Constant 256 : i32
// OUT:                 %321 = spirv.Constant 0 : i32
// OUT:                 %322 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                 %323 = spirv.Constant 0 : i32
// OUT:                 %324 = spirv.AccessChain %322, %323, %321 : ptr<f16, StorageBuffer>
// OUT:                 %325 = spirv.CreateTensorLayoutNV : tensorlayout<2, Constant>
// OUT:                 %326 = spirv.Constant 300 : i32
// OUT:                 %327 = spirv.Constant 264 : i32
// OUT:                 %328 = spirv.TensorLayoutSetDimensionNV %325, %326, %327 : tensorlayout<2, Constant>
// OUT:                 %329 = spirv.Constant 64 : i32
// OUT:                 %330 = spirv.Constant 64 : i32
// OUT:                 %331 = spirv.TensorLayoutSliceNV %328, %42, %329, %320, %330 : tensorlayout<2, Constant>
// OUT:                 %332 = spirv.Constant 0x0 : f16
// OUT:                 %333 = spirv.CompositeConstruct %332 : coopmatrix<64 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                 %334 = spirv.CooperativeMatrixLoadTensorNV %324, %333, %331, access<>, 0 : coopmatrix<64 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                 %335 = spirv.Constant 0 : i32
// OUT:                 %336 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                 %337 = spirv.Constant 0 : i32
// OUT:                 %338 = spirv.AccessChain %336, %337, %335 : ptr<f16, StorageBuffer>
// OUT:                 %339 = spirv.CreateTensorLayoutNV : tensorlayout<2, Constant>
// OUT:                 %340 = spirv.Constant 264 : i32
// OUT:                 %341 = spirv.Constant 328 : i32
// OUT:                 %342 = spirv.TensorLayoutSetDimensionNV %339, %340, %341 : tensorlayout<2, Constant>
// OUT:                 %343 = spirv.Constant 64 : i32
// OUT:                 %344 = spirv.Constant 64 : i32
// OUT:                 %345 = spirv.TensorLayoutSliceNV %342, %320, %343, %54, %344 : tensorlayout<2, Constant>
// OUT:                 %346 = spirv.Constant 0x0 : f16
// OUT:                 %347 = spirv.CompositeConstruct %346 : coopmatrix<64 x 64 x f16, Workgroup, MatrixBKHR>
// OUT:                 %348 = spirv.CooperativeMatrixLoadTensorNV %338, %347, %345, access<>, 0 : coopmatrix<64 x 64 x f16, Workgroup, MatrixBKHR>
// OUT:                 %349 = spirv.Load %26 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                 %350 = spirv.CooperativeMatrixMulAddKHR %334, %348, %349 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                 spirv.Store %26, %350
// OUT:                 spirv.Branch ^bb25
// OUT:               ^bb24:
// OUT:                 %351 = spirv.Constant 0 : i32
// OUT:                 %352 = spirv.Constant 256 : i32
// OUT:                 %353 = spirv.Constant 128 : i32
// OUT:                 %354 = spirv.Constant 64 : i32
// OUT:                 spirv.mlir.loop {
// OUT:                   ^bb31:
// OUT:                     spirv.Branch ^bb32(%351)
// OUT:                   ^bb32(%355: i32):
// OUT:                     %356 = spirv.SLessThan %355, %352 : bool
// OUT:                     spirv.BranchConditional %356, ^bb33, ^bb35
// OUT:                   ^bb33:
// OUT:                     %357 = spirv.Constant 0 : i32
// OUT:                     %358 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %359 = spirv.Constant 0 : i32
// OUT:                     %360 = spirv.AccessChain %358, %359, %357 : ptr<f16, StorageBuffer>
// OUT:                     %361 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                     %362 = spirv.Constant 300 : i32
// OUT:                     %363 = spirv.Constant 264 : i32
// OUT:                     %364 = spirv.TensorLayoutSetDimensionNV %361, %362, %363 : tensorlayout<2, Undefined>
// OUT:                     %365 = spirv.Constant 64 : i32
// OUT:                     %366 = spirv.Constant 64 : i32
// OUT:                     %367 = spirv.TensorLayoutSliceNV %364, %42, %365, %355, %366 : tensorlayout<2, Undefined>
// OUT:                     %368 = spirv.Undef : coopmatrix<64 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %369 = spirv.CooperativeMatrixLoadTensorNV %360, %368, %367, access<>, 0 : coopmatrix<64 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %370 = spirv.Constant 0 : i32
// OUT:                     %371 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %372 = spirv.Constant 0 : i32
// OUT:                     %373 = spirv.AccessChain %371, %372, %370 : ptr<f16, StorageBuffer>
// OUT:                     %374 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                     %375 = spirv.Constant 264 : i32
// OUT:                     %376 = spirv.Constant 328 : i32
// OUT:                     %377 = spirv.TensorLayoutSetDimensionNV %374, %375, %376 : tensorlayout<2, Undefined>
// OUT:                     %378 = spirv.Constant 64 : i32
// OUT:                     %379 = spirv.Constant 64 : i32
// OUT:                     %380 = spirv.TensorLayoutSliceNV %377, %355, %378, %53, %379 : tensorlayout<2, Undefined>
// OUT:                     %381 = spirv.Undef : coopmatrix<64 x 64 x f16, Workgroup, MatrixBKHR>
// OUT:                     %382 = spirv.CooperativeMatrixLoadTensorNV %373, %381, %380, access<>, 0 : coopmatrix<64 x 64 x f16, Workgroup, MatrixBKHR>
// OUT:                     %383 = spirv.Load %26 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     %384 = spirv.CooperativeMatrixMulAddKHR %369, %382, %383 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     spirv.Store %26, %384
// OUT:                     %385 = spirv.IAdd %355, %354 : i32
// OUT:                     %386 = spirv.Constant 0 : i32
// OUT:                     %387 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %388 = spirv.Constant 0 : i32
// OUT:                     %389 = spirv.AccessChain %387, %388, %386 : ptr<f16, StorageBuffer>
// OUT:                     %390 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                     %391 = spirv.Constant 300 : i32
// OUT:                     %392 = spirv.Constant 264 : i32
// OUT:                     %393 = spirv.TensorLayoutSetDimensionNV %390, %391, %392 : tensorlayout<2, Undefined>
// OUT:                     %394 = spirv.Constant 64 : i32
// OUT:                     %395 = spirv.Constant 64 : i32
// OUT:                     %396 = spirv.TensorLayoutSliceNV %393, %42, %394, %385, %395 : tensorlayout<2, Undefined>
// OUT:                     %397 = spirv.Undef : coopmatrix<64 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %398 = spirv.CooperativeMatrixLoadTensorNV %389, %397, %396, access<>, 0 : coopmatrix<64 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %399 = spirv.Constant 0 : i32
// OUT:                     %400 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %401 = spirv.Constant 0 : i32
// OUT:                     %402 = spirv.AccessChain %400, %401, %399 : ptr<f16, StorageBuffer>
// OUT:                     %403 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                     %404 = spirv.Constant 264 : i32
// OUT:                     %405 = spirv.Constant 328 : i32
// OUT:                     %406 = spirv.TensorLayoutSetDimensionNV %403, %404, %405 : tensorlayout<2, Undefined>
// OUT:                     %407 = spirv.Constant 64 : i32
// OUT:                     %408 = spirv.Constant 64 : i32
// OUT:                     %409 = spirv.TensorLayoutSliceNV %406, %385, %407, %53, %408 : tensorlayout<2, Undefined>
// OUT:                     %410 = spirv.Undef : coopmatrix<64 x 64 x f16, Workgroup, MatrixBKHR>
// OUT:                     %411 = spirv.CooperativeMatrixLoadTensorNV %402, %410, %409, access<>, 0 : coopmatrix<64 x 64 x f16, Workgroup, MatrixBKHR>
// OUT:                     %412 = spirv.Load %26 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     %413 = spirv.CooperativeMatrixMulAddKHR %398, %411, %412 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     spirv.Store %26, %413
// OUT:                     spirv.Branch ^bb34(%355)
// OUT:                   ^bb34(%414: i32):
// OUT:                     %415 = spirv.IAdd %414, %353 : i32
// OUT:                     spirv.Branch ^bb32(%415)
// OUT:                   ^bb35:
// OUT:                     spirv.mlir.merge
// OUT:                 }
// OUT:                 %416 = spirv.Constant 256 : i32
// OUT:                 %417 = spirv.Constant 0 : i32
// OUT:                 %418 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                 %419 = spirv.Constant 0 : i32
// OUT:                 %420 = spirv.AccessChain %418, %419, %417 : ptr<f16, StorageBuffer>
// OUT:                 %421 = spirv.CreateTensorLayoutNV : tensorlayout<2, Constant>
// OUT:                 %422 = spirv.Constant 300 : i32
// OUT:                 %423 = spirv.Constant 264 : i32
// OUT:                 %424 = spirv.TensorLayoutSetDimensionNV %421, %422, %423 : tensorlayout<2, Constant>
// OUT:                 %425 = spirv.Constant 64 : i32
// OUT:                 %426 = spirv.Constant 64 : i32
// OUT:                 %427 = spirv.TensorLayoutSliceNV %424, %42, %425, %416, %426 : tensorlayout<2, Constant>
// OUT:                 %428 = spirv.Constant 0x0 : f16
// OUT:                 %429 = spirv.CompositeConstruct %428 : coopmatrix<64 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                 %430 = spirv.CooperativeMatrixLoadTensorNV %420, %429, %427, access<>, 0 : coopmatrix<64 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                 %431 = spirv.Constant 0 : i32
// OUT:                 %432 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                 %433 = spirv.Constant 0 : i32
// OUT:                 %434 = spirv.AccessChain %432, %433, %431 : ptr<f16, StorageBuffer>
// OUT:                 %435 = spirv.CreateTensorLayoutNV : tensorlayout<2, Constant>
// OUT:                 %436 = spirv.Constant 264 : i32
// OUT:                 %437 = spirv.Constant 328 : i32
// OUT:                 %438 = spirv.TensorLayoutSetDimensionNV %435, %436, %437 : tensorlayout<2, Constant>
// OUT:                 %439 = spirv.Constant 64 : i32
// OUT:                 %440 = spirv.Constant 64 : i32
// OUT:                 %441 = spirv.TensorLayoutSliceNV %438, %416, %439, %53, %440 : tensorlayout<2, Constant>
// OUT:                 %442 = spirv.Constant 0x0 : f16
// OUT:                 %443 = spirv.CompositeConstruct %442 : coopmatrix<64 x 64 x f16, Workgroup, MatrixBKHR>
// OUT:                 %444 = spirv.CooperativeMatrixLoadTensorNV %434, %443, %441, access<>, 0 : coopmatrix<64 x 64 x f16, Workgroup, MatrixBKHR>
// OUT:                 %445 = spirv.Load %26 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                 %446 = spirv.CooperativeMatrixMulAddKHR %430, %444, %445 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                 spirv.Store %26, %446
// OUT:                 spirv.Branch ^bb25
// OUT:               ^bb25:
// OUT:                 spirv.mlir.merge
// OUT:             }
// OUT:             spirv.Branch ^bb7
// OUT:           ^bb7:
// OUT:             spirv.mlir.merge
// OUT:         }
// OUT:         %447 = spirv.Load %26 : coopmatrix<64 x 64 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:         %448 = spirv.Constant 64 : i32
// OUT:         %449 = spirv.IAdd %44, %448 : i32
// OUT:         %450 = spirv.SLessThanEqual %449, %48 : bool
// OUT:         %451 = spirv.Constant 64 : i32
// OUT:         %452 = spirv.IAdd %55, %451 : i32
// OUT:         %453 = spirv.SLessThanEqual %452, %59 : bool
// OUT:         %454 = spirv.LogicalAnd %450, %453 : bool
// OUT:         spirv.mlir.selection {
// OUT:           ^bb36:
// OUT:             spirv.BranchConditional %454, ^bb37, ^bb38
// OUT:           ^bb37:
// OUT:             %455 = spirv.Constant 0 : i32
// OUT:             %456 = spirv.mlir.addressof @output0 : ptr<struct<(rtarray<f32, stride=4> offset(0)), Block>, StorageBuffer>
// OUT:             %457 = spirv.Constant 0 : i32
// OUT:             %458 = spirv.AccessChain %456, %457, %455 : ptr<f32, StorageBuffer>
// OUT:             %459 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:             %460 = spirv.Constant 300 : i32
// OUT:             %461 = spirv.Constant 328 : i32
// OUT:             %462 = spirv.TensorLayoutSetDimensionNV %459, %460, %461 : tensorlayout<2, Undefined>
// OUT:             %463 = spirv.Constant 64 : i32
// OUT:             %464 = spirv.Constant 64 : i32
// OUT:             %465 = spirv.TensorLayoutSliceNV %462, %44, %463, %55, %464 : tensorlayout<2, Undefined>
// OUT:             spirv.CooperativeMatrixStoreTensorNV %458, %447, %465, access<>, 0
// OUT:             spirv.Branch ^bb39
// OUT:           ^bb38:
// OUT:             %466 = spirv.Constant 0 : i32
// OUT:             %467 = spirv.mlir.addressof @output0 : ptr<struct<(rtarray<f32, stride=4> offset(0)), Block>, StorageBuffer>
// OUT:             %468 = spirv.Constant 0 : i32
// OUT:             %469 = spirv.AccessChain %467, %468, %466 : ptr<f32, StorageBuffer>
// OUT:             %470 = spirv.CreateTensorLayoutNV : tensorlayout<2, Constant>
// OUT:             %471 = spirv.TensorLayoutSetDimensionNV %470, %48, %59 : tensorlayout<2, Constant>
// OUT:             %472 = spirv.Constant 328 : i32
// OUT:             %473 = spirv.Constant 1 : i32
// OUT:             %474 = spirv.TensorLayoutSetStrideNV %471, %472, %473 : tensorlayout<2, Constant>
// OUT:             %475 = spirv.Constant 64 : i32
// OUT:             %476 = spirv.Constant 64 : i32
// OUT:             %477 = spirv.TensorLayoutSliceNV %474, %44, %475, %55, %476 : tensorlayout<2, Constant>
// OUT:             spirv.CooperativeMatrixStoreTensorNV %469, %447, %477, access<>, 0
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
// OUT:   spirv.EntryPoint GLCompute @dispatch_0_contraction "dispatch_0_contraction" interface()
// OUT:   spirv.ExecutionMode @dispatch_0_contraction LocalSize 128 1 1
// OUT: }

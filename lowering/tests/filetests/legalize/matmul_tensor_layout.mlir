// RUN: abi-vce-serialize target=nvidia-h200
// The workgroup-matrix matmul of lower-to-kernels/matmul_tensor_layout.mlir in SPIR-V 1.6:
// SPV_NV_cooperative_matrix2 + SPV_NV_tensor_addressing, Workgroup-scope cooperative-matrix
// types, tensor layouts (Undefined clamp inside the problem, Constant at the edges) sliced per
// step, CooperativeMatrixLoadTensorNV / StoreTensorNV, no barrier and no Workgroup memory.
func.func @main(%a: tensor<300x260xf16>, %b: tensor<260x330xf16>) -> tensor<300x330xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<300x330xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<300x330xf32>) -> tensor<300x330xf32>
  %2 = linalg.matmul ins(%a, %b : tensor<300x260xf16>, tensor<260x330xf16>) outs(%1 : tensor<300x330xf32>) -> tensor<300x330xf32>
  return %2 : tensor<300x330xf32>
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
// OUT:     %0 = spirv.Constant 9 : i32
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
// OUT:         %27 = spirv.Constant 3 : i32
// OUT:         %28 = spirv.Constant 24 : i32
// OUT:         %29 = spirv.SDiv %17, %28 : i32
// OUT:         %30 = spirv.Constant 8 : i32
// OUT:         %31 = spirv.IMul %29, %30 : i32
// OUT:         %32 = spirv.ISub %27, %31 : i32
// OUT:         %33 = spirv.GL.SMin %32, %30 : i32
// OUT:         %34 = spirv.SRem %17, %28 : i32
// OUT:         %35 = spirv.SRem %34, %33 : i32
// OUT:         %36 = spirv.IAdd %31, %35 : i32
// OUT:         %37 = spirv.SDiv %34, %33 : i32
// OUT:         %38 = spirv.Constant 128 : i32
// OUT:         %39 = spirv.Constant 128 : i32
// OUT:         %40 = spirv.IMul %36, %38 : i32
// OUT:         %41 = spirv.IMul %37, %39 : i32
// OUT:         %42 = spirv.IAdd %40, %38 : i32
// OUT:         %43 = spirv.Constant 300 : i32
// OUT:         %44 = spirv.SLessThanEqual %42, %43 : bool
// OUT:         %45 = spirv.IAdd %41, %39 : i32
// OUT:         %46 = spirv.Constant 330 : i32
// OUT:         %47 = spirv.SLessThanEqual %45, %46 : bool
// OUT:         spirv.mlir.selection {
// OUT:           ^bb4:
// OUT:             spirv.BranchConditional %44, ^bb5, ^bb6
// OUT:           ^bb5:
// OUT:             spirv.mlir.selection {
// OUT:               ^bb7:
// OUT:                 spirv.BranchConditional %47, ^bb8, ^bb9
// OUT:               ^bb8:
// OUT:                 %48 = spirv.Constant 0 : i32
// OUT:                 %49 = spirv.Constant 256 : i32
// OUT:                 %50 = spirv.Constant 128 : i32
// OUT:                 %51 = spirv.Constant 64 : i32
// OUT:                 spirv.mlir.loop {
// OUT:                   ^bb10:
// OUT:                     spirv.Branch ^bb11(%48)
// OUT:                   ^bb11(%52: i32):
// OUT:                     %53 = spirv.SLessThan %52, %49 : bool
// OUT:                     spirv.BranchConditional %53, ^bb12, ^bb14
// OUT:                   ^bb12:
// OUT:                     %54 = spirv.Constant 0 : i32
// OUT:                     %55 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %56 = spirv.Constant 0 : i32
// OUT:                     %57 = spirv.AccessChain %55, %56, %54 : ptr<f16, StorageBuffer>
// OUT:                     %58 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                     %59 = spirv.Constant 300 : i32
// OUT:                     %60 = spirv.Constant 260 : i32
// OUT:                     %61 = spirv.TensorLayoutSetDimensionNV %58, %59, %60 : tensorlayout<2, Undefined>
// OUT:                     %62 = spirv.Constant 128 : i32
// OUT:                     %63 = spirv.Constant 64 : i32
// OUT:                     %64 = spirv.TensorLayoutSliceNV %61, %40, %62, %52, %63 : tensorlayout<2, Undefined>
// OUT:                     %65 = spirv.Undef : coopmatrix<128 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %66 = spirv.CooperativeMatrixLoadTensorNV %57, %65, %64, access<>, 0 : coopmatrix<128 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %67 = spirv.Constant 0 : i32
// OUT:                     %68 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %69 = spirv.Constant 0 : i32
// OUT:                     %70 = spirv.AccessChain %68, %69, %67 : ptr<f16, StorageBuffer>
// OUT:                     %71 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                     %72 = spirv.Constant 260 : i32
// OUT:                     %73 = spirv.Constant 330 : i32
// OUT:                     %74 = spirv.TensorLayoutSetDimensionNV %71, %72, %73 : tensorlayout<2, Undefined>
// OUT:                     %75 = spirv.Constant 64 : i32
// OUT:                     %76 = spirv.Constant 128 : i32
// OUT:                     %77 = spirv.TensorLayoutSliceNV %74, %52, %75, %41, %76 : tensorlayout<2, Undefined>
// OUT:                     %78 = spirv.Undef : coopmatrix<64 x 128 x f16, Workgroup, MatrixBKHR>
// OUT:                     %79 = spirv.CooperativeMatrixLoadTensorNV %70, %78, %77, access<>, 0 : coopmatrix<64 x 128 x f16, Workgroup, MatrixBKHR>
// OUT:                     %80 = spirv.Load %26 : coopmatrix<128 x 128 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     %81 = spirv.CooperativeMatrixMulAddKHR %66, %79, %80 : coopmatrix<128 x 128 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     spirv.Store %26, %81
// OUT:                     %82 = spirv.IAdd %52, %51 : i32
// OUT:                     %83 = spirv.Constant 0 : i32
// OUT:                     %84 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %85 = spirv.Constant 0 : i32
// OUT:                     %86 = spirv.AccessChain %84, %85, %83 : ptr<f16, StorageBuffer>
// OUT:                     %87 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                     %88 = spirv.Constant 300 : i32
// OUT:                     %89 = spirv.Constant 260 : i32
// OUT:                     %90 = spirv.TensorLayoutSetDimensionNV %87, %88, %89 : tensorlayout<2, Undefined>
// OUT:                     %91 = spirv.Constant 128 : i32
// OUT:                     %92 = spirv.Constant 64 : i32
// OUT:                     %93 = spirv.TensorLayoutSliceNV %90, %40, %91, %82, %92 : tensorlayout<2, Undefined>
// OUT:                     %94 = spirv.Undef : coopmatrix<128 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %95 = spirv.CooperativeMatrixLoadTensorNV %86, %94, %93, access<>, 0 : coopmatrix<128 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %96 = spirv.Constant 0 : i32
// OUT:                     %97 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %98 = spirv.Constant 0 : i32
// OUT:                     %99 = spirv.AccessChain %97, %98, %96 : ptr<f16, StorageBuffer>
// OUT:                     %100 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                     %101 = spirv.Constant 260 : i32
// OUT:                     %102 = spirv.Constant 330 : i32
// OUT:                     %103 = spirv.TensorLayoutSetDimensionNV %100, %101, %102 : tensorlayout<2, Undefined>
// OUT:                     %104 = spirv.Constant 64 : i32
// OUT:                     %105 = spirv.Constant 128 : i32
// OUT:                     %106 = spirv.TensorLayoutSliceNV %103, %82, %104, %41, %105 : tensorlayout<2, Undefined>
// OUT:                     %107 = spirv.Undef : coopmatrix<64 x 128 x f16, Workgroup, MatrixBKHR>
// OUT:                     %108 = spirv.CooperativeMatrixLoadTensorNV %99, %107, %106, access<>, 0 : coopmatrix<64 x 128 x f16, Workgroup, MatrixBKHR>
// OUT:                     %109 = spirv.Load %26 : coopmatrix<128 x 128 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     %110 = spirv.CooperativeMatrixMulAddKHR %95, %108, %109 : coopmatrix<128 x 128 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     spirv.Store %26, %110
// OUT:                     spirv.Branch ^bb13(%52)
// OUT:                   ^bb13(%111: i32):
// OUT:                     %112 = spirv.IAdd %111, %50 : i32
// OUT:                     spirv.Branch ^bb11(%112)
// OUT:                   ^bb14:
// OUT:                     spirv.mlir.merge
// OUT:                 }
// OUT:                 %113 = spirv.Constant 256 : i32
// OUT:                 %114 = spirv.Constant 0 : i32
// OUT:                 %115 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                 %116 = spirv.Constant 0 : i32
// OUT:                 %117 = spirv.AccessChain %115, %116, %114 : ptr<f16, StorageBuffer>
// OUT:                 %118 = spirv.CreateTensorLayoutNV : tensorlayout<2, Constant>
// OUT:                 %119 = spirv.Constant 300 : i32
// OUT:                 %120 = spirv.Constant 260 : i32
// OUT:                 %121 = spirv.TensorLayoutSetDimensionNV %118, %119, %120 : tensorlayout<2, Constant>
// OUT:                 %122 = spirv.Constant 128 : i32
// OUT:                 %123 = spirv.Constant 64 : i32
// OUT:                 %124 = spirv.TensorLayoutSliceNV %121, %40, %122, %113, %123 : tensorlayout<2, Constant>
// OUT:                 %125 = spirv.Constant 0x0 : f16
// OUT:                 %126 = spirv.CompositeConstruct %125 : coopmatrix<128 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                 %127 = spirv.CooperativeMatrixLoadTensorNV %117, %126, %124, access<>, 0 : coopmatrix<128 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                 %128 = spirv.Constant 0 : i32
// OUT:                 %129 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                 %130 = spirv.Constant 0 : i32
// OUT:                 %131 = spirv.AccessChain %129, %130, %128 : ptr<f16, StorageBuffer>
// OUT:                 %132 = spirv.CreateTensorLayoutNV : tensorlayout<2, Constant>
// OUT:                 %133 = spirv.Constant 260 : i32
// OUT:                 %134 = spirv.Constant 330 : i32
// OUT:                 %135 = spirv.TensorLayoutSetDimensionNV %132, %133, %134 : tensorlayout<2, Constant>
// OUT:                 %136 = spirv.Constant 64 : i32
// OUT:                 %137 = spirv.Constant 128 : i32
// OUT:                 %138 = spirv.TensorLayoutSliceNV %135, %113, %136, %41, %137 : tensorlayout<2, Constant>
// OUT:                 %139 = spirv.Constant 0x0 : f16
// OUT:                 %140 = spirv.CompositeConstruct %139 : coopmatrix<64 x 128 x f16, Workgroup, MatrixBKHR>
// OUT:                 %141 = spirv.CooperativeMatrixLoadTensorNV %131, %140, %138, access<>, 0 : coopmatrix<64 x 128 x f16, Workgroup, MatrixBKHR>
// OUT:                 %142 = spirv.Load %26 : coopmatrix<128 x 128 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                 %143 = spirv.CooperativeMatrixMulAddKHR %127, %141, %142 : coopmatrix<128 x 128 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                 spirv.Store %26, %143
// OUT:                 spirv.Branch ^bb9
// OUT:               ^bb9:
// OUT:                 spirv.mlir.merge
// OUT:             }
// OUT:             %144 = spirv.LogicalNot %47 : bool
// OUT:             spirv.mlir.selection {
// OUT:               ^bb15:
// OUT:                 spirv.BranchConditional %144, ^bb16, ^bb17
// OUT:               ^bb16:
// OUT:                 %145 = spirv.Constant 0 : i32
// OUT:                 %146 = spirv.Constant 256 : i32
// OUT:                 %147 = spirv.Constant 128 : i32
// OUT:                 %148 = spirv.Constant 64 : i32
// OUT:                 spirv.mlir.loop {
// OUT:                   ^bb18:
// OUT:                     spirv.Branch ^bb19(%145)
// OUT:                   ^bb19(%149: i32):
// OUT:                     %150 = spirv.SLessThan %149, %146 : bool
// OUT:                     spirv.BranchConditional %150, ^bb20, ^bb22
// OUT:                   ^bb20:
// OUT:                     %151 = spirv.Constant 0 : i32
// OUT:                     %152 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %153 = spirv.Constant 0 : i32
// OUT:                     %154 = spirv.AccessChain %152, %153, %151 : ptr<f16, StorageBuffer>
// OUT:                     %155 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                     %156 = spirv.Constant 300 : i32
// OUT:                     %157 = spirv.Constant 260 : i32
// OUT:                     %158 = spirv.TensorLayoutSetDimensionNV %155, %156, %157 : tensorlayout<2, Undefined>
// OUT:                     %159 = spirv.Constant 128 : i32
// OUT:                     %160 = spirv.Constant 64 : i32
// OUT:                     %161 = spirv.TensorLayoutSliceNV %158, %40, %159, %149, %160 : tensorlayout<2, Undefined>
// OUT:                     %162 = spirv.Undef : coopmatrix<128 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %163 = spirv.CooperativeMatrixLoadTensorNV %154, %162, %161, access<>, 0 : coopmatrix<128 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %164 = spirv.Constant 0 : i32
// OUT:                     %165 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %166 = spirv.Constant 0 : i32
// OUT:                     %167 = spirv.AccessChain %165, %166, %164 : ptr<f16, StorageBuffer>
// OUT:                     %168 = spirv.CreateTensorLayoutNV : tensorlayout<2, Constant>
// OUT:                     %169 = spirv.Constant 260 : i32
// OUT:                     %170 = spirv.Constant 330 : i32
// OUT:                     %171 = spirv.TensorLayoutSetDimensionNV %168, %169, %170 : tensorlayout<2, Constant>
// OUT:                     %172 = spirv.Constant 64 : i32
// OUT:                     %173 = spirv.Constant 128 : i32
// OUT:                     %174 = spirv.TensorLayoutSliceNV %171, %149, %172, %41, %173 : tensorlayout<2, Constant>
// OUT:                     %175 = spirv.Constant 0x0 : f16
// OUT:                     %176 = spirv.CompositeConstruct %175 : coopmatrix<64 x 128 x f16, Workgroup, MatrixBKHR>
// OUT:                     %177 = spirv.CooperativeMatrixLoadTensorNV %167, %176, %174, access<>, 0 : coopmatrix<64 x 128 x f16, Workgroup, MatrixBKHR>
// OUT:                     %178 = spirv.Load %26 : coopmatrix<128 x 128 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     %179 = spirv.CooperativeMatrixMulAddKHR %163, %177, %178 : coopmatrix<128 x 128 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     spirv.Store %26, %179
// OUT:                     %180 = spirv.IAdd %149, %148 : i32
// OUT:                     %181 = spirv.Constant 0 : i32
// OUT:                     %182 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %183 = spirv.Constant 0 : i32
// OUT:                     %184 = spirv.AccessChain %182, %183, %181 : ptr<f16, StorageBuffer>
// OUT:                     %185 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                     %186 = spirv.Constant 300 : i32
// OUT:                     %187 = spirv.Constant 260 : i32
// OUT:                     %188 = spirv.TensorLayoutSetDimensionNV %185, %186, %187 : tensorlayout<2, Undefined>
// OUT:                     %189 = spirv.Constant 128 : i32
// OUT:                     %190 = spirv.Constant 64 : i32
// OUT:                     %191 = spirv.TensorLayoutSliceNV %188, %40, %189, %180, %190 : tensorlayout<2, Undefined>
// OUT:                     %192 = spirv.Undef : coopmatrix<128 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %193 = spirv.CooperativeMatrixLoadTensorNV %184, %192, %191, access<>, 0 : coopmatrix<128 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %194 = spirv.Constant 0 : i32
// OUT:                     %195 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %196 = spirv.Constant 0 : i32
// OUT:                     %197 = spirv.AccessChain %195, %196, %194 : ptr<f16, StorageBuffer>
// OUT:                     %198 = spirv.CreateTensorLayoutNV : tensorlayout<2, Constant>
// OUT:                     %199 = spirv.Constant 260 : i32
// OUT:                     %200 = spirv.Constant 330 : i32
// OUT:                     %201 = spirv.TensorLayoutSetDimensionNV %198, %199, %200 : tensorlayout<2, Constant>
// OUT:                     %202 = spirv.Constant 64 : i32
// OUT:                     %203 = spirv.Constant 128 : i32
// OUT:                     %204 = spirv.TensorLayoutSliceNV %201, %180, %202, %41, %203 : tensorlayout<2, Constant>
// OUT:                     %205 = spirv.Constant 0x0 : f16
// OUT:                     %206 = spirv.CompositeConstruct %205 : coopmatrix<64 x 128 x f16, Workgroup, MatrixBKHR>
// OUT:                     %207 = spirv.CooperativeMatrixLoadTensorNV %197, %206, %204, access<>, 0 : coopmatrix<64 x 128 x f16, Workgroup, MatrixBKHR>
// OUT:                     %208 = spirv.Load %26 : coopmatrix<128 x 128 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     %209 = spirv.CooperativeMatrixMulAddKHR %193, %207, %208 : coopmatrix<128 x 128 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     spirv.Store %26, %209
// OUT:                     spirv.Branch ^bb21(%149)
// OUT:                   ^bb21(%210: i32):
// OUT:                     %211 = spirv.IAdd %210, %147 : i32
// OUT:                     spirv.Branch ^bb19(%211)
// OUT:                   ^bb22:
// OUT:                     spirv.mlir.merge
// OUT:                 }
// OUT:                 %212 = spirv.Constant 256 : i32
// OUT:                 %213 = spirv.Constant 0 : i32
// OUT:                 %214 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                 %215 = spirv.Constant 0 : i32
// OUT:                 %216 = spirv.AccessChain %214, %215, %213 : ptr<f16, StorageBuffer>
// OUT:                 %217 = spirv.CreateTensorLayoutNV : tensorlayout<2, Constant>
// OUT:                 %218 = spirv.Constant 300 : i32
// OUT:                 %219 = spirv.Constant 260 : i32
// OUT:                 %220 = spirv.TensorLayoutSetDimensionNV %217, %218, %219 : tensorlayout<2, Constant>
// OUT:                 %221 = spirv.Constant 128 : i32
// OUT:                 %222 = spirv.Constant 64 : i32
// OUT:                 %223 = spirv.TensorLayoutSliceNV %220, %40, %221, %212, %222 : tensorlayout<2, Constant>
// OUT:                 %224 = spirv.Constant 0x0 : f16
// OUT:                 %225 = spirv.CompositeConstruct %224 : coopmatrix<128 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                 %226 = spirv.CooperativeMatrixLoadTensorNV %216, %225, %223, access<>, 0 : coopmatrix<128 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                 %227 = spirv.Constant 0 : i32
// OUT:                 %228 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                 %229 = spirv.Constant 0 : i32
// OUT:                 %230 = spirv.AccessChain %228, %229, %227 : ptr<f16, StorageBuffer>
// OUT:                 %231 = spirv.CreateTensorLayoutNV : tensorlayout<2, Constant>
// OUT:                 %232 = spirv.Constant 260 : i32
// OUT:                 %233 = spirv.Constant 330 : i32
// OUT:                 %234 = spirv.TensorLayoutSetDimensionNV %231, %232, %233 : tensorlayout<2, Constant>
// OUT:                 %235 = spirv.Constant 64 : i32
// OUT:                 %236 = spirv.Constant 128 : i32
// OUT:                 %237 = spirv.TensorLayoutSliceNV %234, %212, %235, %41, %236 : tensorlayout<2, Constant>
// OUT:                 %238 = spirv.Constant 0x0 : f16
// OUT:                 %239 = spirv.CompositeConstruct %238 : coopmatrix<64 x 128 x f16, Workgroup, MatrixBKHR>
// OUT:                 %240 = spirv.CooperativeMatrixLoadTensorNV %230, %239, %237, access<>, 0 : coopmatrix<64 x 128 x f16, Workgroup, MatrixBKHR>
// OUT:                 %241 = spirv.Load %26 : coopmatrix<128 x 128 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                 %242 = spirv.CooperativeMatrixMulAddKHR %226, %240, %241 : coopmatrix<128 x 128 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                 spirv.Store %26, %242
// OUT:                 spirv.Branch ^bb17
// OUT:               ^bb17:
// OUT:                 spirv.mlir.merge
// OUT:             }
// OUT:             spirv.Branch ^bb6
// OUT:           ^bb6:
// OUT:             spirv.mlir.merge
// OUT:         }
// OUT:         %243 = spirv.LogicalNot %44 : bool
// OUT:         spirv.mlir.selection {
// OUT:           ^bb23:
// OUT:             spirv.BranchConditional %243, ^bb24, ^bb25
// OUT:           ^bb24:
// OUT:             spirv.mlir.selection {
// OUT:               ^bb26:
// OUT:                 spirv.BranchConditional %47, ^bb27, ^bb28
// OUT:               ^bb27:
// OUT:                 %244 = spirv.Constant 0 : i32
// OUT:                 %245 = spirv.Constant 256 : i32
// OUT:                 %246 = spirv.Constant 128 : i32
// OUT:                 %247 = spirv.Constant 64 : i32
// OUT:                 spirv.mlir.loop {
// OUT:                   ^bb29:
// OUT:                     spirv.Branch ^bb30(%244)
// OUT:                   ^bb30(%248: i32):
// OUT:                     %249 = spirv.SLessThan %248, %245 : bool
// OUT:                     spirv.BranchConditional %249, ^bb31, ^bb33
// OUT:                   ^bb31:
// OUT:                     %250 = spirv.Constant 0 : i32
// OUT:                     %251 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %252 = spirv.Constant 0 : i32
// OUT:                     %253 = spirv.AccessChain %251, %252, %250 : ptr<f16, StorageBuffer>
// OUT:                     %254 = spirv.CreateTensorLayoutNV : tensorlayout<2, Constant>
// OUT:                     %255 = spirv.Constant 300 : i32
// OUT:                     %256 = spirv.Constant 260 : i32
// OUT:                     %257 = spirv.TensorLayoutSetDimensionNV %254, %255, %256 : tensorlayout<2, Constant>
// OUT:                     %258 = spirv.Constant 128 : i32
// OUT:                     %259 = spirv.Constant 64 : i32
// OUT:                     %260 = spirv.TensorLayoutSliceNV %257, %40, %258, %248, %259 : tensorlayout<2, Constant>
// OUT:                     %261 = spirv.Constant 0x0 : f16
// OUT:                     %262 = spirv.CompositeConstruct %261 : coopmatrix<128 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %263 = spirv.CooperativeMatrixLoadTensorNV %253, %262, %260, access<>, 0 : coopmatrix<128 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %264 = spirv.Constant 0 : i32
// OUT:                     %265 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %266 = spirv.Constant 0 : i32
// OUT:                     %267 = spirv.AccessChain %265, %266, %264 : ptr<f16, StorageBuffer>
// OUT:                     %268 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                     %269 = spirv.Constant 260 : i32
// OUT:                     %270 = spirv.Constant 330 : i32
// OUT:                     %271 = spirv.TensorLayoutSetDimensionNV %268, %269, %270 : tensorlayout<2, Undefined>
// OUT:                     %272 = spirv.Constant 64 : i32
// OUT:                     %273 = spirv.Constant 128 : i32
// OUT:                     %274 = spirv.TensorLayoutSliceNV %271, %248, %272, %41, %273 : tensorlayout<2, Undefined>
// OUT:                     %275 = spirv.Undef : coopmatrix<64 x 128 x f16, Workgroup, MatrixBKHR>
// OUT:                     %276 = spirv.CooperativeMatrixLoadTensorNV %267, %275, %274, access<>, 0 : coopmatrix<64 x 128 x f16, Workgroup, MatrixBKHR>
// OUT:                     %277 = spirv.Load %26 : coopmatrix<128 x 128 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     %278 = spirv.CooperativeMatrixMulAddKHR %263, %276, %277 : coopmatrix<128 x 128 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     spirv.Store %26, %278
// OUT:                     %279 = spirv.IAdd %248, %247 : i32
// OUT:                     %280 = spirv.Constant 0 : i32
// OUT:                     %281 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %282 = spirv.Constant 0 : i32
// OUT:                     %283 = spirv.AccessChain %281, %282, %280 : ptr<f16, StorageBuffer>
// OUT:                     %284 = spirv.CreateTensorLayoutNV : tensorlayout<2, Constant>
// OUT:                     %285 = spirv.Constant 300 : i32
// OUT:                     %286 = spirv.Constant 260 : i32
// OUT:                     %287 = spirv.TensorLayoutSetDimensionNV %284, %285, %286 : tensorlayout<2, Constant>
// OUT:                     %288 = spirv.Constant 128 : i32
// OUT:                     %289 = spirv.Constant 64 : i32
// OUT:                     %290 = spirv.TensorLayoutSliceNV %287, %40, %288, %279, %289 : tensorlayout<2, Constant>
// OUT:                     %291 = spirv.Constant 0x0 : f16
// OUT:                     %292 = spirv.CompositeConstruct %291 : coopmatrix<128 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %293 = spirv.CooperativeMatrixLoadTensorNV %283, %292, %290, access<>, 0 : coopmatrix<128 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %294 = spirv.Constant 0 : i32
// OUT:                     %295 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %296 = spirv.Constant 0 : i32
// OUT:                     %297 = spirv.AccessChain %295, %296, %294 : ptr<f16, StorageBuffer>
// OUT:                     %298 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                     %299 = spirv.Constant 260 : i32
// OUT:                     %300 = spirv.Constant 330 : i32
// OUT:                     %301 = spirv.TensorLayoutSetDimensionNV %298, %299, %300 : tensorlayout<2, Undefined>
// OUT:                     %302 = spirv.Constant 64 : i32
// OUT:                     %303 = spirv.Constant 128 : i32
// OUT:                     %304 = spirv.TensorLayoutSliceNV %301, %279, %302, %41, %303 : tensorlayout<2, Undefined>
// OUT:                     %305 = spirv.Undef : coopmatrix<64 x 128 x f16, Workgroup, MatrixBKHR>
// OUT:                     %306 = spirv.CooperativeMatrixLoadTensorNV %297, %305, %304, access<>, 0 : coopmatrix<64 x 128 x f16, Workgroup, MatrixBKHR>
// OUT:                     %307 = spirv.Load %26 : coopmatrix<128 x 128 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     %308 = spirv.CooperativeMatrixMulAddKHR %293, %306, %307 : coopmatrix<128 x 128 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     spirv.Store %26, %308
// OUT:                     spirv.Branch ^bb32(%248)
// OUT:                   ^bb32(%309: i32):
// OUT:                     %310 = spirv.IAdd %309, %246 : i32
// OUT:                     spirv.Branch ^bb30(%310)
// OUT:                   ^bb33:
// OUT:                     spirv.mlir.merge
// OUT:                 }
// OUT:                 %311 = spirv.Constant 256 : i32
// OUT:                 %312 = spirv.Constant 0 : i32
// OUT:                 %313 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                 %314 = spirv.Constant 0 : i32
// OUT:                 %315 = spirv.AccessChain %313, %314, %312 : ptr<f16, StorageBuffer>
// OUT:                 %316 = spirv.CreateTensorLayoutNV : tensorlayout<2, Constant>
// OUT:                 %317 = spirv.Constant 300 : i32
// OUT:                 %318 = spirv.Constant 260 : i32
// OUT:                 %319 = spirv.TensorLayoutSetDimensionNV %316, %317, %318 : tensorlayout<2, Constant>
// OUT:                 %320 = spirv.Constant 128 : i32
// OUT:                 %321 = spirv.Constant 64 : i32
// OUT:                 %322 = spirv.TensorLayoutSliceNV %319, %40, %320, %311, %321 : tensorlayout<2, Constant>
// OUT:                 %323 = spirv.Constant 0x0 : f16
// OUT:                 %324 = spirv.CompositeConstruct %323 : coopmatrix<128 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                 %325 = spirv.CooperativeMatrixLoadTensorNV %315, %324, %322, access<>, 0 : coopmatrix<128 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                 %326 = spirv.Constant 0 : i32
// OUT:                 %327 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                 %328 = spirv.Constant 0 : i32
// OUT:                 %329 = spirv.AccessChain %327, %328, %326 : ptr<f16, StorageBuffer>
// OUT:                 %330 = spirv.CreateTensorLayoutNV : tensorlayout<2, Constant>
// OUT:                 %331 = spirv.Constant 260 : i32
// OUT:                 %332 = spirv.Constant 330 : i32
// OUT:                 %333 = spirv.TensorLayoutSetDimensionNV %330, %331, %332 : tensorlayout<2, Constant>
// OUT:                 %334 = spirv.Constant 64 : i32
// OUT:                 %335 = spirv.Constant 128 : i32
// OUT:                 %336 = spirv.TensorLayoutSliceNV %333, %311, %334, %41, %335 : tensorlayout<2, Constant>
// OUT:                 %337 = spirv.Constant 0x0 : f16
// OUT:                 %338 = spirv.CompositeConstruct %337 : coopmatrix<64 x 128 x f16, Workgroup, MatrixBKHR>
// OUT:                 %339 = spirv.CooperativeMatrixLoadTensorNV %329, %338, %336, access<>, 0 : coopmatrix<64 x 128 x f16, Workgroup, MatrixBKHR>
// OUT:                 %340 = spirv.Load %26 : coopmatrix<128 x 128 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                 %341 = spirv.CooperativeMatrixMulAddKHR %325, %339, %340 : coopmatrix<128 x 128 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                 spirv.Store %26, %341
// OUT:                 spirv.Branch ^bb28
// OUT:               ^bb28:
// OUT:                 spirv.mlir.merge
// OUT:             }
// OUT:             %342 = spirv.LogicalNot %47 : bool
// OUT:             spirv.mlir.selection {
// OUT:               ^bb34:
// OUT:                 spirv.BranchConditional %342, ^bb35, ^bb36
// OUT:               ^bb35:
// OUT:                 %343 = spirv.Constant 0 : i32
// OUT:                 %344 = spirv.Constant 256 : i32
// OUT:                 %345 = spirv.Constant 128 : i32
// OUT:                 %346 = spirv.Constant 64 : i32
// OUT:                 spirv.mlir.loop {
// OUT:                   ^bb37:
// OUT:                     spirv.Branch ^bb38(%343)
// OUT:                   ^bb38(%347: i32):
// OUT:                     %348 = spirv.SLessThan %347, %344 : bool
// OUT:                     spirv.BranchConditional %348, ^bb39, ^bb41
// OUT:                   ^bb39:
// OUT:                     %349 = spirv.Constant 0 : i32
// OUT:                     %350 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %351 = spirv.Constant 0 : i32
// OUT:                     %352 = spirv.AccessChain %350, %351, %349 : ptr<f16, StorageBuffer>
// OUT:                     %353 = spirv.CreateTensorLayoutNV : tensorlayout<2, Constant>
// OUT:                     %354 = spirv.Constant 300 : i32
// OUT:                     %355 = spirv.Constant 260 : i32
// OUT:                     %356 = spirv.TensorLayoutSetDimensionNV %353, %354, %355 : tensorlayout<2, Constant>
// OUT:                     %357 = spirv.Constant 128 : i32
// OUT:                     %358 = spirv.Constant 64 : i32
// OUT:                     %359 = spirv.TensorLayoutSliceNV %356, %40, %357, %347, %358 : tensorlayout<2, Constant>
// OUT:                     %360 = spirv.Constant 0x0 : f16
// OUT:                     %361 = spirv.CompositeConstruct %360 : coopmatrix<128 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %362 = spirv.CooperativeMatrixLoadTensorNV %352, %361, %359, access<>, 0 : coopmatrix<128 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %363 = spirv.Constant 0 : i32
// OUT:                     %364 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %365 = spirv.Constant 0 : i32
// OUT:                     %366 = spirv.AccessChain %364, %365, %363 : ptr<f16, StorageBuffer>
// OUT:                     %367 = spirv.CreateTensorLayoutNV : tensorlayout<2, Constant>
// OUT:                     %368 = spirv.Constant 260 : i32
// OUT:                     %369 = spirv.Constant 330 : i32
// OUT:                     %370 = spirv.TensorLayoutSetDimensionNV %367, %368, %369 : tensorlayout<2, Constant>
// OUT:                     %371 = spirv.Constant 64 : i32
// OUT:                     %372 = spirv.Constant 128 : i32
// OUT:                     %373 = spirv.TensorLayoutSliceNV %370, %347, %371, %41, %372 : tensorlayout<2, Constant>
// OUT:                     %374 = spirv.Constant 0x0 : f16
// OUT:                     %375 = spirv.CompositeConstruct %374 : coopmatrix<64 x 128 x f16, Workgroup, MatrixBKHR>
// OUT:                     %376 = spirv.CooperativeMatrixLoadTensorNV %366, %375, %373, access<>, 0 : coopmatrix<64 x 128 x f16, Workgroup, MatrixBKHR>
// OUT:                     %377 = spirv.Load %26 : coopmatrix<128 x 128 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     %378 = spirv.CooperativeMatrixMulAddKHR %362, %376, %377 : coopmatrix<128 x 128 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     spirv.Store %26, %378
// OUT:                     %379 = spirv.IAdd %347, %346 : i32
// OUT:                     %380 = spirv.Constant 0 : i32
// OUT:                     %381 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %382 = spirv.Constant 0 : i32
// OUT:                     %383 = spirv.AccessChain %381, %382, %380 : ptr<f16, StorageBuffer>
// OUT:                     %384 = spirv.CreateTensorLayoutNV : tensorlayout<2, Constant>
// OUT:                     %385 = spirv.Constant 300 : i32
// OUT:                     %386 = spirv.Constant 260 : i32
// OUT:                     %387 = spirv.TensorLayoutSetDimensionNV %384, %385, %386 : tensorlayout<2, Constant>
// OUT:                     %388 = spirv.Constant 128 : i32
// OUT:                     %389 = spirv.Constant 64 : i32
// OUT:                     %390 = spirv.TensorLayoutSliceNV %387, %40, %388, %379, %389 : tensorlayout<2, Constant>
// OUT:                     %391 = spirv.Constant 0x0 : f16
// OUT:                     %392 = spirv.CompositeConstruct %391 : coopmatrix<128 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %393 = spirv.CooperativeMatrixLoadTensorNV %383, %392, %390, access<>, 0 : coopmatrix<128 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                     %394 = spirv.Constant 0 : i32
// OUT:                     %395 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                     %396 = spirv.Constant 0 : i32
// OUT:                     %397 = spirv.AccessChain %395, %396, %394 : ptr<f16, StorageBuffer>
// OUT:                     %398 = spirv.CreateTensorLayoutNV : tensorlayout<2, Constant>
// OUT:                     %399 = spirv.Constant 260 : i32
// OUT:                     %400 = spirv.Constant 330 : i32
// OUT:                     %401 = spirv.TensorLayoutSetDimensionNV %398, %399, %400 : tensorlayout<2, Constant>
// OUT:                     %402 = spirv.Constant 64 : i32
// OUT:                     %403 = spirv.Constant 128 : i32
// OUT:                     %404 = spirv.TensorLayoutSliceNV %401, %379, %402, %41, %403 : tensorlayout<2, Constant>
// OUT:                     %405 = spirv.Constant 0x0 : f16
// OUT:                     %406 = spirv.CompositeConstruct %405 : coopmatrix<64 x 128 x f16, Workgroup, MatrixBKHR>
// OUT:                     %407 = spirv.CooperativeMatrixLoadTensorNV %397, %406, %404, access<>, 0 : coopmatrix<64 x 128 x f16, Workgroup, MatrixBKHR>
// OUT:                     %408 = spirv.Load %26 : coopmatrix<128 x 128 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     %409 = spirv.CooperativeMatrixMulAddKHR %393, %407, %408 : coopmatrix<128 x 128 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                     spirv.Store %26, %409
// OUT:                     spirv.Branch ^bb40(%347)
// OUT:                   ^bb40(%410: i32):
// OUT:                     %411 = spirv.IAdd %410, %345 : i32
// OUT:                     spirv.Branch ^bb38(%411)
// OUT:                   ^bb41:
// OUT:                     spirv.mlir.merge
// OUT:                 }
// OUT:                 %412 = spirv.Constant 256 : i32
// OUT:                 %413 = spirv.Constant 0 : i32
// OUT:                 %414 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                 %415 = spirv.Constant 0 : i32
// OUT:                 %416 = spirv.AccessChain %414, %415, %413 : ptr<f16, StorageBuffer>
// OUT:                 %417 = spirv.CreateTensorLayoutNV : tensorlayout<2, Constant>
// OUT:                 %418 = spirv.Constant 300 : i32
// OUT:                 %419 = spirv.Constant 260 : i32
// OUT:                 %420 = spirv.TensorLayoutSetDimensionNV %417, %418, %419 : tensorlayout<2, Constant>
// OUT:                 %421 = spirv.Constant 128 : i32
// OUT:                 %422 = spirv.Constant 64 : i32
// OUT:                 %423 = spirv.TensorLayoutSliceNV %420, %40, %421, %412, %422 : tensorlayout<2, Constant>
// OUT:                 %424 = spirv.Constant 0x0 : f16
// OUT:                 %425 = spirv.CompositeConstruct %424 : coopmatrix<128 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                 %426 = spirv.CooperativeMatrixLoadTensorNV %416, %425, %423, access<>, 0 : coopmatrix<128 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                 %427 = spirv.Constant 0 : i32
// OUT:                 %428 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                 %429 = spirv.Constant 0 : i32
// OUT:                 %430 = spirv.AccessChain %428, %429, %427 : ptr<f16, StorageBuffer>
// OUT:                 %431 = spirv.CreateTensorLayoutNV : tensorlayout<2, Constant>
// OUT:                 %432 = spirv.Constant 260 : i32
// OUT:                 %433 = spirv.Constant 330 : i32
// OUT:                 %434 = spirv.TensorLayoutSetDimensionNV %431, %432, %433 : tensorlayout<2, Constant>
// OUT:                 %435 = spirv.Constant 64 : i32
// OUT:                 %436 = spirv.Constant 128 : i32
// OUT:                 %437 = spirv.TensorLayoutSliceNV %434, %412, %435, %41, %436 : tensorlayout<2, Constant>
// OUT:                 %438 = spirv.Constant 0x0 : f16
// OUT:                 %439 = spirv.CompositeConstruct %438 : coopmatrix<64 x 128 x f16, Workgroup, MatrixBKHR>
// OUT:                 %440 = spirv.CooperativeMatrixLoadTensorNV %430, %439, %437, access<>, 0 : coopmatrix<64 x 128 x f16, Workgroup, MatrixBKHR>
// OUT:                 %441 = spirv.Load %26 : coopmatrix<128 x 128 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                 %442 = spirv.CooperativeMatrixMulAddKHR %426, %440, %441 : coopmatrix<128 x 128 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                 spirv.Store %26, %442
// OUT:                 spirv.Branch ^bb36
// OUT:               ^bb36:
// OUT:                 spirv.mlir.merge
// OUT:             }
// OUT:             spirv.Branch ^bb25
// OUT:           ^bb25:
// OUT:             spirv.mlir.merge
// OUT:         }
// OUT:         %443 = spirv.Load %26 : coopmatrix<128 x 128 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:         %444 = spirv.Constant 0 : i32
// OUT:         %445 = spirv.mlir.addressof @output0 : ptr<struct<(rtarray<f32, stride=4> offset(0)), Block>, StorageBuffer>
// OUT:         %446 = spirv.Constant 0 : i32
// OUT:         %447 = spirv.AccessChain %445, %446, %444 : ptr<f32, StorageBuffer>
// OUT:         %448 = spirv.CreateTensorLayoutNV : tensorlayout<2, Constant>
// OUT:         %449 = spirv.Constant 300 : i32
// OUT:         %450 = spirv.Constant 330 : i32
// OUT:         %451 = spirv.TensorLayoutSetDimensionNV %448, %449, %450 : tensorlayout<2, Constant>
// OUT:         %452 = spirv.Constant 128 : i32
// OUT:         %453 = spirv.Constant 128 : i32
// OUT:         %454 = spirv.TensorLayoutSliceNV %451, %40, %452, %41, %453 : tensorlayout<2, Constant>
// OUT:         spirv.CooperativeMatrixStoreTensorNV %447, %443, %454, access<>, 0
// OUT:         spirv.Branch ^bb3
// OUT:       ^bb3:
// OUT:         spirv.mlir.merge
// OUT:     }
// OUT:     spirv.Return
// OUT:   }
// OUT:   spirv.EntryPoint GLCompute @dispatch_0_contraction "dispatch_0_contraction" interface()
// OUT:   spirv.ExecutionMode @dispatch_0_contraction LocalSize 128 1 1
// OUT: }

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
// OUT:         %43 = spirv.IAdd %41, %39 : i32
// OUT:         %44 = spirv.Constant 300 : i32
// OUT:         %45 = spirv.Constant 330 : i32
// OUT:         %46 = spirv.SLessThanEqual %42, %44 : bool
// OUT:         %47 = spirv.SLessThanEqual %43, %45 : bool
// OUT:         %48 = spirv.LogicalAnd %46, %47 : bool
// OUT:         spirv.mlir.selection {
// OUT:           ^bb4:
// OUT:             spirv.BranchConditional %48, ^bb5, ^bb6
// OUT:           ^bb5:
// OUT:             %49 = spirv.Constant 0 : i32
// OUT:             %50 = spirv.Constant 256 : i32
// OUT:             %51 = spirv.Constant 128 : i32
// OUT:             %52 = spirv.Constant 64 : i32
// OUT:             spirv.mlir.loop {
// OUT:               ^bb7:
// OUT:                 spirv.Branch ^bb8(%49)
// OUT:               ^bb8(%53: i32):
// OUT:                 %54 = spirv.SLessThan %53, %50 : bool
// OUT:                 spirv.BranchConditional %54, ^bb9, ^bb11
// OUT:               ^bb9:
// OUT:                 %55 = spirv.Constant 0 : i32
// OUT:                 %56 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                 %57 = spirv.Constant 0 : i32
// OUT:                 %58 = spirv.AccessChain %56, %57, %55 : ptr<f16, StorageBuffer>
// OUT:                 %59 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                 %60 = spirv.Constant 300 : i32
// OUT:                 %61 = spirv.Constant 260 : i32
// OUT:                 %62 = spirv.TensorLayoutSetDimensionNV %59, %60, %61 : tensorlayout<2, Undefined>
// OUT:                 %63 = spirv.Constant 128 : i32
// OUT:                 %64 = spirv.Constant 64 : i32
// OUT:                 %65 = spirv.TensorLayoutSliceNV %62, %40, %63, %53, %64 : tensorlayout<2, Undefined>
// OUT:                 %66 = spirv.Undef : coopmatrix<128 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                 %67 = spirv.CooperativeMatrixLoadTensorNV %58, %66, %65, access<>, 0 : coopmatrix<128 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                 %68 = spirv.Constant 0 : i32
// OUT:                 %69 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                 %70 = spirv.Constant 0 : i32
// OUT:                 %71 = spirv.AccessChain %69, %70, %68 : ptr<f16, StorageBuffer>
// OUT:                 %72 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                 %73 = spirv.Constant 260 : i32
// OUT:                 %74 = spirv.Constant 330 : i32
// OUT:                 %75 = spirv.TensorLayoutSetDimensionNV %72, %73, %74 : tensorlayout<2, Undefined>
// OUT:                 %76 = spirv.Constant 64 : i32
// OUT:                 %77 = spirv.Constant 128 : i32
// OUT:                 %78 = spirv.TensorLayoutSliceNV %75, %53, %76, %41, %77 : tensorlayout<2, Undefined>
// OUT:                 %79 = spirv.Undef : coopmatrix<64 x 128 x f16, Workgroup, MatrixBKHR>
// OUT:                 %80 = spirv.CooperativeMatrixLoadTensorNV %71, %79, %78, access<>, 0 : coopmatrix<64 x 128 x f16, Workgroup, MatrixBKHR>
// OUT:                 %81 = spirv.Load %26 : coopmatrix<128 x 128 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                 %82 = spirv.CooperativeMatrixMulAddKHR %67, %80, %81 : coopmatrix<128 x 128 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                 spirv.Store %26, %82
// OUT:                 %83 = spirv.IAdd %53, %52 : i32
// OUT:                 %84 = spirv.Constant 0 : i32
// OUT:                 %85 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                 %86 = spirv.Constant 0 : i32
// OUT:                 %87 = spirv.AccessChain %85, %86, %84 : ptr<f16, StorageBuffer>
// OUT:                 %88 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                 %89 = spirv.Constant 300 : i32
// OUT:                 %90 = spirv.Constant 260 : i32
// OUT:                 %91 = spirv.TensorLayoutSetDimensionNV %88, %89, %90 : tensorlayout<2, Undefined>
// OUT:                 %92 = spirv.Constant 128 : i32
// OUT:                 %93 = spirv.Constant 64 : i32
// OUT:                 %94 = spirv.TensorLayoutSliceNV %91, %40, %92, %83, %93 : tensorlayout<2, Undefined>
// OUT:                 %95 = spirv.Undef : coopmatrix<128 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                 %96 = spirv.CooperativeMatrixLoadTensorNV %87, %95, %94, access<>, 0 : coopmatrix<128 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                 %97 = spirv.Constant 0 : i32
// OUT:                 %98 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                 %99 = spirv.Constant 0 : i32
// OUT:                 %100 = spirv.AccessChain %98, %99, %97 : ptr<f16, StorageBuffer>
// OUT:                 %101 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                 %102 = spirv.Constant 260 : i32
// OUT:                 %103 = spirv.Constant 330 : i32
// OUT:                 %104 = spirv.TensorLayoutSetDimensionNV %101, %102, %103 : tensorlayout<2, Undefined>
// OUT:                 %105 = spirv.Constant 64 : i32
// OUT:                 %106 = spirv.Constant 128 : i32
// OUT:                 %107 = spirv.TensorLayoutSliceNV %104, %83, %105, %41, %106 : tensorlayout<2, Undefined>
// OUT:                 %108 = spirv.Undef : coopmatrix<64 x 128 x f16, Workgroup, MatrixBKHR>
// OUT:                 %109 = spirv.CooperativeMatrixLoadTensorNV %100, %108, %107, access<>, 0 : coopmatrix<64 x 128 x f16, Workgroup, MatrixBKHR>
// OUT:                 %110 = spirv.Load %26 : coopmatrix<128 x 128 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                 %111 = spirv.CooperativeMatrixMulAddKHR %96, %109, %110 : coopmatrix<128 x 128 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                 spirv.Store %26, %111
// OUT:                 spirv.Branch ^bb10(%53)
// OUT:               ^bb10(%112: i32):
// OUT:                 %113 = spirv.IAdd %112, %51 : i32
// OUT:                 spirv.Branch ^bb8(%113)
// OUT:               ^bb11:
// OUT:                 spirv.mlir.merge
// OUT:             }
// OUT:             %114 = spirv.Constant 256 : i32
// OUT:             %115 = spirv.Constant 0 : i32
// OUT:             %116 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %117 = spirv.Constant 0 : i32
// OUT:             %118 = spirv.AccessChain %116, %117, %115 : ptr<f16, StorageBuffer>
// OUT:             %119 = spirv.CreateTensorLayoutNV : tensorlayout<2, Constant>
// OUT:             %120 = spirv.Constant 300 : i32
// OUT:             %121 = spirv.Constant 260 : i32
// OUT:             %122 = spirv.TensorLayoutSetDimensionNV %119, %120, %121 : tensorlayout<2, Constant>
// OUT:             %123 = spirv.Constant 128 : i32
// OUT:             %124 = spirv.Constant 64 : i32
// OUT:             %125 = spirv.TensorLayoutSliceNV %122, %40, %123, %114, %124 : tensorlayout<2, Constant>
// OUT:             %126 = spirv.Constant 0x0 : f16
// OUT:             %127 = spirv.CompositeConstruct %126 : coopmatrix<128 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:             %128 = spirv.CooperativeMatrixLoadTensorNV %118, %127, %125, access<>, 0 : coopmatrix<128 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:             %129 = spirv.Constant 0 : i32
// OUT:             %130 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %131 = spirv.Constant 0 : i32
// OUT:             %132 = spirv.AccessChain %130, %131, %129 : ptr<f16, StorageBuffer>
// OUT:             %133 = spirv.CreateTensorLayoutNV : tensorlayout<2, Constant>
// OUT:             %134 = spirv.Constant 260 : i32
// OUT:             %135 = spirv.Constant 330 : i32
// OUT:             %136 = spirv.TensorLayoutSetDimensionNV %133, %134, %135 : tensorlayout<2, Constant>
// OUT:             %137 = spirv.Constant 64 : i32
// OUT:             %138 = spirv.Constant 128 : i32
// OUT:             %139 = spirv.TensorLayoutSliceNV %136, %114, %137, %41, %138 : tensorlayout<2, Constant>
// OUT:             %140 = spirv.Constant 0x0 : f16
// OUT:             %141 = spirv.CompositeConstruct %140 : coopmatrix<64 x 128 x f16, Workgroup, MatrixBKHR>
// OUT:             %142 = spirv.CooperativeMatrixLoadTensorNV %132, %141, %139, access<>, 0 : coopmatrix<64 x 128 x f16, Workgroup, MatrixBKHR>
// OUT:             %143 = spirv.Load %26 : coopmatrix<128 x 128 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:             %144 = spirv.CooperativeMatrixMulAddKHR %128, %142, %143 : coopmatrix<128 x 128 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:             spirv.Store %26, %144
// OUT:             spirv.Branch ^bb6
// OUT:           ^bb6:
// OUT:             spirv.mlir.merge
// OUT:         }
// OUT:         %145 = spirv.LogicalNot %48 : bool
// OUT:         spirv.mlir.selection {
// OUT:           ^bb12:
// OUT:             spirv.BranchConditional %145, ^bb13, ^bb14
// OUT:           ^bb13:
// OUT:             %146 = spirv.Constant 0 : i32
// OUT:             %147 = spirv.Constant 256 : i32
// OUT:             %148 = spirv.Constant 128 : i32
// OUT:             %149 = spirv.Constant 64 : i32
// OUT:             spirv.mlir.loop {
// OUT:               ^bb15:
// OUT:                 spirv.Branch ^bb16(%146)
// OUT:               ^bb16(%150: i32):
// OUT:                 %151 = spirv.SLessThan %150, %147 : bool
// OUT:                 spirv.BranchConditional %151, ^bb17, ^bb19
// OUT:               ^bb17:
// OUT:                 %152 = spirv.Constant 0 : i32
// OUT:                 %153 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                 %154 = spirv.Constant 0 : i32
// OUT:                 %155 = spirv.AccessChain %153, %154, %152 : ptr<f16, StorageBuffer>
// OUT:                 %156 = spirv.CreateTensorLayoutNV : tensorlayout<2, Constant>
// OUT:                 %157 = spirv.Constant 300 : i32
// OUT:                 %158 = spirv.Constant 260 : i32
// OUT:                 %159 = spirv.TensorLayoutSetDimensionNV %156, %157, %158 : tensorlayout<2, Constant>
// OUT:                 %160 = spirv.Constant 128 : i32
// OUT:                 %161 = spirv.Constant 64 : i32
// OUT:                 %162 = spirv.TensorLayoutSliceNV %159, %40, %160, %150, %161 : tensorlayout<2, Constant>
// OUT:                 %163 = spirv.Constant 0x0 : f16
// OUT:                 %164 = spirv.CompositeConstruct %163 : coopmatrix<128 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                 %165 = spirv.CooperativeMatrixLoadTensorNV %155, %164, %162, access<>, 0 : coopmatrix<128 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                 %166 = spirv.Constant 0 : i32
// OUT:                 %167 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                 %168 = spirv.Constant 0 : i32
// OUT:                 %169 = spirv.AccessChain %167, %168, %166 : ptr<f16, StorageBuffer>
// OUT:                 %170 = spirv.CreateTensorLayoutNV : tensorlayout<2, Constant>
// OUT:                 %171 = spirv.Constant 260 : i32
// OUT:                 %172 = spirv.Constant 330 : i32
// OUT:                 %173 = spirv.TensorLayoutSetDimensionNV %170, %171, %172 : tensorlayout<2, Constant>
// OUT:                 %174 = spirv.Constant 64 : i32
// OUT:                 %175 = spirv.Constant 128 : i32
// OUT:                 %176 = spirv.TensorLayoutSliceNV %173, %150, %174, %41, %175 : tensorlayout<2, Constant>
// OUT:                 %177 = spirv.Constant 0x0 : f16
// OUT:                 %178 = spirv.CompositeConstruct %177 : coopmatrix<64 x 128 x f16, Workgroup, MatrixBKHR>
// OUT:                 %179 = spirv.CooperativeMatrixLoadTensorNV %169, %178, %176, access<>, 0 : coopmatrix<64 x 128 x f16, Workgroup, MatrixBKHR>
// OUT:                 %180 = spirv.Load %26 : coopmatrix<128 x 128 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                 %181 = spirv.CooperativeMatrixMulAddKHR %165, %179, %180 : coopmatrix<128 x 128 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                 spirv.Store %26, %181
// OUT:                 %182 = spirv.IAdd %150, %149 : i32
// OUT:                 %183 = spirv.Constant 0 : i32
// OUT:                 %184 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                 %185 = spirv.Constant 0 : i32
// OUT:                 %186 = spirv.AccessChain %184, %185, %183 : ptr<f16, StorageBuffer>
// OUT:                 %187 = spirv.CreateTensorLayoutNV : tensorlayout<2, Constant>
// OUT:                 %188 = spirv.Constant 300 : i32
// OUT:                 %189 = spirv.Constant 260 : i32
// OUT:                 %190 = spirv.TensorLayoutSetDimensionNV %187, %188, %189 : tensorlayout<2, Constant>
// OUT:                 %191 = spirv.Constant 128 : i32
// OUT:                 %192 = spirv.Constant 64 : i32
// OUT:                 %193 = spirv.TensorLayoutSliceNV %190, %40, %191, %182, %192 : tensorlayout<2, Constant>
// OUT:                 %194 = spirv.Constant 0x0 : f16
// OUT:                 %195 = spirv.CompositeConstruct %194 : coopmatrix<128 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                 %196 = spirv.CooperativeMatrixLoadTensorNV %186, %195, %193, access<>, 0 : coopmatrix<128 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                 %197 = spirv.Constant 0 : i32
// OUT:                 %198 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                 %199 = spirv.Constant 0 : i32
// OUT:                 %200 = spirv.AccessChain %198, %199, %197 : ptr<f16, StorageBuffer>
// OUT:                 %201 = spirv.CreateTensorLayoutNV : tensorlayout<2, Constant>
// OUT:                 %202 = spirv.Constant 260 : i32
// OUT:                 %203 = spirv.Constant 330 : i32
// OUT:                 %204 = spirv.TensorLayoutSetDimensionNV %201, %202, %203 : tensorlayout<2, Constant>
// OUT:                 %205 = spirv.Constant 64 : i32
// OUT:                 %206 = spirv.Constant 128 : i32
// OUT:                 %207 = spirv.TensorLayoutSliceNV %204, %182, %205, %41, %206 : tensorlayout<2, Constant>
// OUT:                 %208 = spirv.Constant 0x0 : f16
// OUT:                 %209 = spirv.CompositeConstruct %208 : coopmatrix<64 x 128 x f16, Workgroup, MatrixBKHR>
// OUT:                 %210 = spirv.CooperativeMatrixLoadTensorNV %200, %209, %207, access<>, 0 : coopmatrix<64 x 128 x f16, Workgroup, MatrixBKHR>
// OUT:                 %211 = spirv.Load %26 : coopmatrix<128 x 128 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                 %212 = spirv.CooperativeMatrixMulAddKHR %196, %210, %211 : coopmatrix<128 x 128 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                 spirv.Store %26, %212
// OUT:                 spirv.Branch ^bb18(%150)
// OUT:               ^bb18(%213: i32):
// OUT:                 %214 = spirv.IAdd %213, %148 : i32
// OUT:                 spirv.Branch ^bb16(%214)
// OUT:               ^bb19:
// OUT:                 spirv.mlir.merge
// OUT:             }
// OUT:             %215 = spirv.Constant 256 : i32
// OUT:             %216 = spirv.Constant 0 : i32
// OUT:             %217 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %218 = spirv.Constant 0 : i32
// OUT:             %219 = spirv.AccessChain %217, %218, %216 : ptr<f16, StorageBuffer>
// OUT:             %220 = spirv.CreateTensorLayoutNV : tensorlayout<2, Constant>
// OUT:             %221 = spirv.Constant 300 : i32
// OUT:             %222 = spirv.Constant 260 : i32
// OUT:             %223 = spirv.TensorLayoutSetDimensionNV %220, %221, %222 : tensorlayout<2, Constant>
// OUT:             %224 = spirv.Constant 128 : i32
// OUT:             %225 = spirv.Constant 64 : i32
// OUT:             %226 = spirv.TensorLayoutSliceNV %223, %40, %224, %215, %225 : tensorlayout<2, Constant>
// OUT:             %227 = spirv.Constant 0x0 : f16
// OUT:             %228 = spirv.CompositeConstruct %227 : coopmatrix<128 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:             %229 = spirv.CooperativeMatrixLoadTensorNV %219, %228, %226, access<>, 0 : coopmatrix<128 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:             %230 = spirv.Constant 0 : i32
// OUT:             %231 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %232 = spirv.Constant 0 : i32
// OUT:             %233 = spirv.AccessChain %231, %232, %230 : ptr<f16, StorageBuffer>
// OUT:             %234 = spirv.CreateTensorLayoutNV : tensorlayout<2, Constant>
// OUT:             %235 = spirv.Constant 260 : i32
// OUT:             %236 = spirv.Constant 330 : i32
// OUT:             %237 = spirv.TensorLayoutSetDimensionNV %234, %235, %236 : tensorlayout<2, Constant>
// OUT:             %238 = spirv.Constant 64 : i32
// OUT:             %239 = spirv.Constant 128 : i32
// OUT:             %240 = spirv.TensorLayoutSliceNV %237, %215, %238, %41, %239 : tensorlayout<2, Constant>
// OUT:             %241 = spirv.Constant 0x0 : f16
// OUT:             %242 = spirv.CompositeConstruct %241 : coopmatrix<64 x 128 x f16, Workgroup, MatrixBKHR>
// OUT:             %243 = spirv.CooperativeMatrixLoadTensorNV %233, %242, %240, access<>, 0 : coopmatrix<64 x 128 x f16, Workgroup, MatrixBKHR>
// OUT:             %244 = spirv.Load %26 : coopmatrix<128 x 128 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:             %245 = spirv.CooperativeMatrixMulAddKHR %229, %243, %244 : coopmatrix<128 x 128 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:             spirv.Store %26, %245
// OUT:             spirv.Branch ^bb14
// OUT:           ^bb14:
// OUT:             spirv.mlir.merge
// OUT:         }
// OUT:         %246 = spirv.Load %26 : coopmatrix<128 x 128 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:         %247 = spirv.Constant 0 : i32
// OUT:         %248 = spirv.mlir.addressof @output0 : ptr<struct<(rtarray<f32, stride=4> offset(0)), Block>, StorageBuffer>
// OUT:         %249 = spirv.Constant 0 : i32
// OUT:         %250 = spirv.AccessChain %248, %249, %247 : ptr<f32, StorageBuffer>
// OUT:         %251 = spirv.CreateTensorLayoutNV : tensorlayout<2, Constant>
// OUT:         %252 = spirv.Constant 300 : i32
// OUT:         %253 = spirv.Constant 330 : i32
// OUT:         %254 = spirv.TensorLayoutSetDimensionNV %251, %252, %253 : tensorlayout<2, Constant>
// OUT:         %255 = spirv.Constant 128 : i32
// OUT:         %256 = spirv.Constant 128 : i32
// OUT:         %257 = spirv.TensorLayoutSliceNV %254, %40, %255, %41, %256 : tensorlayout<2, Constant>
// OUT:         spirv.CooperativeMatrixStoreTensorNV %250, %246, %257, access<>, 0
// OUT:         spirv.Branch ^bb3
// OUT:       ^bb3:
// OUT:         spirv.mlir.merge
// OUT:     }
// OUT:     spirv.Return
// OUT:   }
// OUT:   spirv.EntryPoint GLCompute @dispatch_0_contraction "dispatch_0_contraction" interface()
// OUT:   spirv.ExecutionMode @dispatch_0_contraction LocalSize 128 1 1
// OUT: }

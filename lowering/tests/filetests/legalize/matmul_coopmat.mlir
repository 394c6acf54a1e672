// RUN: abi-vce-serialize target=nvidia-h200
// The cooperative-matrix matmul of lower-to-kernels/matmul_coopmat.mlir in SPIR-V: Vulkan memory
// model, CooperativeMatrixKHR types, CooperativeMatrixLoadKHR / MulAddKHR / StoreKHR on
// Workgroup arrays (row-major, padded strides), SubgroupId for the fragment block,
// ControlBarriers around each stage and before the epilogue.
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
func.func @main(%a: tensor<100x70xf16>, %b: tensor<70x33xf16>, %bias: tensor<33xf32>) -> tensor<100x33xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<100x33xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<100x33xf32>) -> tensor<100x33xf32>
  %2 = linalg.matmul ins(%a, %b : tensor<100x70xf16>, tensor<70x33xf16>) outs(%1 : tensor<100x33xf32>) -> tensor<100x33xf32>
  %3 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%2, %bias : tensor<100x33xf32>, tensor<33xf32>) outs(%0 : tensor<100x33xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %4 = arith.addf %in, %in_0 : f32
    %5 = arith.maximumf %4, %cst : f32
    linalg.yield %5 : f32
  } -> tensor<100x33xf32>
  return %3 : tensor<100x33xf32>
}
// OUT: spirv.module Logical Vulkan requires #spirv.vce<v1.5, [VulkanMemoryModel, Shader, GroupNonUniform, CooperativeMatrixKHR, Float16, StorageBuffer16BitAccess], ["SPV_KHR_cooperative_matrix"]> {
// OUT:   spirv.GlobalVariable @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer> binding(0, 0) decorations[NonWritable]
// OUT:   spirv.GlobalVariable @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer> binding(0, 1) decorations[NonWritable]
// OUT:   spirv.GlobalVariable @input2 : ptr<struct<(rtarray<f32, stride=4> offset(0)), Block>, StorageBuffer> binding(0, 2) decorations[NonWritable]
// OUT:   spirv.GlobalVariable @output0 : ptr<struct<(rtarray<f32, stride=4> offset(0)), Block>, StorageBuffer> binding(0, 3) decorations[NonReadable]
// OUT:   spirv.GlobalVariable @lhs_tile : ptr<array<2560 x f16>, Workgroup>
// OUT:   spirv.GlobalVariable @rhs_tile : ptr<array<2304 x f16>, Workgroup>
// OUT:   spirv.GlobalVariable @result_tile : ptr<array<4352 x f32>, Workgroup>
// OUT:   spirv.GlobalVariable @WorkgroupId : ptr<vector<3 x u32>, Input> builtin(WorkgroupId)
// OUT:   spirv.GlobalVariable @NumWorkgroups : ptr<vector<3 x u32>, Input> builtin(NumWorkgroups)
// OUT:   spirv.GlobalVariable @LocalInvocationId : ptr<vector<3 x u32>, Input> builtin(LocalInvocationId)
// OUT:   spirv.GlobalVariable @SubgroupId : ptr<u32, Input> builtin(SubgroupId)
// OUT:   spirv.func @dispatch_0_contraction() -> void {
// OUT:   ^bb0:
// OUT:     %0 = spirv.Constant 2 : i32
// OUT:     %1 = spirv.Constant 1 : i32
// OUT:     %2 = spirv.IMul %0, %1 : i32
// OUT:     %3 = spirv.mlir.addressof @WorkgroupId : ptr<vector<3 x u32>, Input>
// OUT:     %4 = spirv.Load %3 : vector<3 x u32>
// OUT:     %5 = spirv.CompositeExtract %4, 0 : u32
// OUT:     %6 = spirv.Bitcast %5 : i32
// OUT:     %7 = spirv.mlir.addressof @WorkgroupId : ptr<vector<3 x u32>, Input>
// OUT:     %8 = spirv.Load %7 : vector<3 x u32>
// OUT:     %9 = spirv.CompositeExtract %8, 1 : u32
// OUT:     %10 = spirv.Bitcast %9 : i32
// OUT:     %11 = spirv.mlir.addressof @NumWorkgroups : ptr<vector<3 x u32>, Input>
// OUT:     %12 = spirv.Load %11 : vector<3 x u32>
// OUT:     %13 = spirv.CompositeExtract %12, 0 : u32
// OUT:     %14 = spirv.Bitcast %13 : i32
// OUT:     %15 = spirv.IMul %10, %14 : i32
// OUT:     %16 = spirv.IAdd %6, %15 : i32
// OUT:     %17 = spirv.SLessThan %16, %2 : bool
// OUT:     spirv.mlir.selection {
// OUT:       ^bb1:
// OUT:         spirv.BranchConditional %17, ^bb2, ^bb3
// OUT:       ^bb2:
// OUT:         %18 = spirv.SRem %16, %1 : i32
// OUT:         %19 = spirv.SDiv %16, %1 : i32
// OUT:         %20 = spirv.Constant 0 : i32
// OUT:         %21 = spirv.IAdd %19, %20 : i32
// OUT:         %22 = spirv.Constant 128 : i32
// OUT:         %23 = spirv.mlir.addressof @LocalInvocationId : ptr<vector<3 x u32>, Input>
// OUT:         %24 = spirv.Load %23 : vector<3 x u32>
// OUT:         %25 = spirv.CompositeExtract %24, 0 : u32
// OUT:         %26 = spirv.Bitcast %25 : i32
// OUT:         %27 = spirv.Constant 0.0 : f32
// OUT:         %28 = spirv.CompositeConstruct %27 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:         %29 = spirv.Variable Function : ptr<coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>, Function>
// OUT:         spirv.Store %29, %28
// OUT:         %30 = spirv.Variable Function : ptr<coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>, Function>
// OUT:         spirv.Store %30, %28
// OUT:         %31 = spirv.Variable Function : ptr<coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>, Function>
// OUT:         spirv.Store %31, %28
// OUT:         %32 = spirv.Variable Function : ptr<coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>, Function>
// OUT:         spirv.Store %32, %28
// OUT:         %33 = spirv.mlir.addressof @SubgroupId : ptr<u32, Input>
// OUT:         %34 = spirv.Load %33 : u32
// OUT:         %35 = spirv.Bitcast %34 : i32
// OUT:         %36 = spirv.Constant 2 : i32
// OUT:         %37 = spirv.SDiv %35, %36 : i32
// OUT:         %38 = spirv.SRem %35, %36 : i32
// OUT:         %39 = spirv.Constant 32 : i32
// OUT:         %40 = spirv.Constant 32 : i32
// OUT:         %41 = spirv.IMul %37, %39 : i32
// OUT:         %42 = spirv.IMul %38, %40 : i32
// OUT:         %43 = spirv.Constant 100 : i32
// OUT:         %44 = spirv.Constant 33 : i32
// OUT:         %45 = spirv.Constant 70 : i32
// OUT:         %46 = spirv.Constant 1 : i32
// OUT:         %47 = spirv.ISub %43, %46 : i32
// OUT:         %48 = spirv.ISub %44, %46 : i32
// OUT:         %49 = spirv.ISub %45, %46 : i32
// OUT:         %50 = spirv.Constant 64 : i32
// OUT:         %51 = spirv.Constant 64 : i32
// OUT:         %52 = spirv.IMul %21, %50 : i32
// OUT:         %53 = spirv.IMul %18, %51 : i32
// OUT:         %54 = spirv.Constant 0 : i32
// OUT:         %55 = spirv.Constant 32 : i32
// OUT:         %56 = spirv.Constant 40 : i32
// OUT:         %57 = spirv.Constant 72 : i32
// OUT:         %58 = spirv.Constant 128 : i32
// OUT:         spirv.mlir.loop {
// OUT:           ^bb4:
// OUT:             spirv.Branch ^bb5(%54)
// OUT:           ^bb5(%59: i32):
// OUT:             %60 = spirv.SLessThan %59, %45 : bool
// OUT:             spirv.BranchConditional %60, ^bb6, ^bb8
// OUT:           ^bb6:
// OUT:             %61 = spirv.Constant 2048 : i32
// OUT:             spirv.mlir.loop {
// OUT:               ^bb9:
// OUT:                 spirv.Branch ^bb10(%26)
// OUT:               ^bb10(%62: i32):
// OUT:                 %63 = spirv.SLessThan %62, %61 : bool
// OUT:                 spirv.BranchConditional %63, ^bb11, ^bb13
// OUT:               ^bb11:
// OUT:                 %64 = spirv.SDiv %62, %55 : i32
// OUT:                 %65 = spirv.SRem %62, %55 : i32
// OUT:                 %66 = spirv.IAdd %52, %64 : i32
// OUT:                 %67 = spirv.IAdd %59, %65 : i32
// OUT:                 %68 = spirv.SLessThan %66, %43 : bool
// OUT:                 %69 = spirv.SLessThan %67, %45 : bool
// OUT:                 %70 = spirv.LogicalAnd %68, %69 : bool
// OUT:                 %71 = spirv.GL.SMin %66, %47 : i32
// OUT:                 %72 = spirv.GL.SMin %67, %49 : i32
// OUT:                 %73 = spirv.Constant 0 : i32
// OUT:                 %74 = spirv.Constant 70 : i32
// OUT:                 %75 = spirv.IMul %71, %74 : i32
// OUT:                 %76 = spirv.IAdd %75, %72 : i32
// OUT:                 %77 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                 %78 = spirv.Constant 0 : i32
// OUT:                 %79 = spirv.AccessChain %77, %78, %76 : ptr<f16, StorageBuffer>
// OUT:                 %80 = spirv.Load %79 : f16
// OUT:                 %81 = spirv.Constant 0x0 : f16
// OUT:                 %82 = spirv.Select %70, %80, %81 : f16
// OUT:                 %83 = spirv.IMul %64, %56 : i32
// OUT:                 %84 = spirv.IAdd %83, %65 : i32
// OUT:                 %85 = spirv.mlir.addressof @lhs_tile : ptr<array<2560 x f16>, Workgroup>
// OUT:                 %86 = spirv.AccessChain %85, %84 : ptr<f16, Workgroup>
// OUT:                 spirv.Store %86, %82
// OUT:                 spirv.Branch ^bb12(%62)
// OUT:               ^bb12(%87: i32):
// OUT:                 %88 = spirv.IAdd %87, %58 : i32
// OUT:                 spirv.Branch ^bb10(%88)
// OUT:               ^bb13:
// OUT:                 spirv.mlir.merge
// OUT:             }
// OUT:             %89 = spirv.Constant 2048 : i32
// OUT:             spirv.mlir.loop {
// OUT:               ^bb14:
// OUT:                 spirv.Branch ^bb15(%26)
// OUT:               ^bb15(%90: i32):
// OUT:                 %91 = spirv.SLessThan %90, %89 : bool
// OUT:                 spirv.BranchConditional %91, ^bb16, ^bb18
// OUT:               ^bb16:
// OUT:                 %92 = spirv.SDiv %90, %51 : i32
// OUT:                 %93 = spirv.SRem %90, %51 : i32
// OUT:                 %94 = spirv.IAdd %59, %92 : i32
// OUT:                 %95 = spirv.IAdd %53, %93 : i32
// OUT:                 %96 = spirv.SLessThan %94, %45 : bool
// OUT:                 %97 = spirv.SLessThan %95, %44 : bool
// OUT:                 %98 = spirv.LogicalAnd %96, %97 : bool
// OUT:                 %99 = spirv.GL.SMin %94, %49 : i32
// OUT:                 %100 = spirv.GL.SMin %95, %48 : i32
// OUT:                 %101 = spirv.Constant 0 : i32
// OUT:                 %102 = spirv.Constant 33 : i32
// OUT:                 %103 = spirv.IMul %99, %102 : i32
// OUT:                 %104 = spirv.IAdd %103, %100 : i32
// OUT:                 %105 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                 %106 = spirv.Constant 0 : i32
// OUT:                 %107 = spirv.AccessChain %105, %106, %104 : ptr<f16, StorageBuffer>
// OUT:                 %108 = spirv.Load %107 : f16
// OUT:                 %109 = spirv.Constant 0x0 : f16
// OUT:                 %110 = spirv.Select %98, %108, %109 : f16
// OUT:                 %111 = spirv.IMul %92, %57 : i32
// OUT:                 %112 = spirv.IAdd %111, %93 : i32
// OUT:                 %113 = spirv.mlir.addressof @rhs_tile : ptr<array<2304 x f16>, Workgroup>
// OUT:                 %114 = spirv.AccessChain %113, %112 : ptr<f16, Workgroup>
// OUT:                 spirv.Store %114, %110
// OUT:                 spirv.Branch ^bb17(%90)
// OUT:               ^bb17(%115: i32):
// OUT:                 %116 = spirv.IAdd %115, %58 : i32
// OUT:                 spirv.Branch ^bb15(%116)
// OUT:               ^bb18:
// OUT:                 spirv.mlir.merge
// OUT:             }
// OUT:             spirv.ControlBarrier scope<Workgroup>, scope<Workgroup>, semantics<ACQUIRE_RELEASE|WORKGROUP_MEMORY>
// OUT:             %117 = spirv.Constant 0 : i32
// OUT:             %118 = spirv.Constant 0 : i32
// OUT:             %119 = spirv.IAdd %41, %118 : i32
// OUT:             %120 = spirv.IMul %119, %56 : i32
// OUT:             %121 = spirv.IAdd %120, %117 : i32
// OUT:             %122 = spirv.mlir.addressof @lhs_tile : ptr<array<2560 x f16>, Workgroup>
// OUT:             %123 = spirv.AccessChain %122, %121 : ptr<f16, Workgroup>
// OUT:             %124 = spirv.Constant 0 : u32
// OUT:             %125 = spirv.CooperativeMatrixLoadKHR %123, %124, %56 : coopmatrix<16 x 16 x f16, Subgroup, MatrixAKHR>
// OUT:             %126 = spirv.Constant 16 : i32
// OUT:             %127 = spirv.IAdd %41, %126 : i32
// OUT:             %128 = spirv.IMul %127, %56 : i32
// OUT:             %129 = spirv.IAdd %128, %117 : i32
// OUT:             %130 = spirv.mlir.addressof @lhs_tile : ptr<array<2560 x f16>, Workgroup>
// OUT:             %131 = spirv.AccessChain %130, %129 : ptr<f16, Workgroup>
// OUT:             %132 = spirv.Constant 0 : u32
// OUT:             %133 = spirv.CooperativeMatrixLoadKHR %131, %132, %56 : coopmatrix<16 x 16 x f16, Subgroup, MatrixAKHR>
// OUT:             %134 = spirv.Constant 0 : i32
// OUT:             %135 = spirv.IAdd %42, %134 : i32
// OUT:             %136 = spirv.IMul %117, %57 : i32
// OUT:             %137 = spirv.IAdd %136, %135 : i32
// OUT:             %138 = spirv.mlir.addressof @rhs_tile : ptr<array<2304 x f16>, Workgroup>
// OUT:             %139 = spirv.AccessChain %138, %137 : ptr<f16, Workgroup>
// OUT:             %140 = spirv.Constant 0 : u32
// OUT:             %141 = spirv.CooperativeMatrixLoadKHR %139, %140, %57 : coopmatrix<16 x 16 x f16, Subgroup, MatrixBKHR>
// OUT:             %142 = spirv.Constant 16 : i32
// OUT:             %143 = spirv.IAdd %42, %142 : i32
// OUT:             %144 = spirv.IMul %117, %57 : i32
// OUT:             %145 = spirv.IAdd %144, %143 : i32
// OUT:             %146 = spirv.mlir.addressof @rhs_tile : ptr<array<2304 x f16>, Workgroup>
// OUT:             %147 = spirv.AccessChain %146, %145 : ptr<f16, Workgroup>
// OUT:             %148 = spirv.Constant 0 : u32
// OUT:             %149 = spirv.CooperativeMatrixLoadKHR %147, %148, %57 : coopmatrix<16 x 16 x f16, Subgroup, MatrixBKHR>
// OUT:             %150 = spirv.Load %29 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             %151 = spirv.CooperativeMatrixMulAddKHR %125, %141, %150 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             spirv.Store %29, %151
// OUT:             %152 = spirv.Load %30 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             %153 = spirv.CooperativeMatrixMulAddKHR %125, %149, %152 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             spirv.Store %30, %153
// OUT:             %154 = spirv.Load %31 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             %155 = spirv.CooperativeMatrixMulAddKHR %133, %141, %154 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             spirv.Store %31, %155
// OUT:             %156 = spirv.Load %32 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             %157 = spirv.CooperativeMatrixMulAddKHR %133, %149, %156 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             spirv.Store %32, %157
// OUT:             %158 = spirv.Constant 16 : i32
// OUT:             %159 = spirv.Constant 0 : i32
// OUT:             %160 = spirv.IAdd %41, %159 : i32
// OUT:             %161 = spirv.IMul %160, %56 : i32
// OUT:             %162 = spirv.IAdd %161, %158 : i32
// OUT:             %163 = spirv.mlir.addressof @lhs_tile : ptr<array<2560 x f16>, Workgroup>
// OUT:             %164 = spirv.AccessChain %163, %162 : ptr<f16, Workgroup>
// OUT:             %165 = spirv.Constant 0 : u32
// OUT:             %166 = spirv.CooperativeMatrixLoadKHR %164, %165, %56 : coopmatrix<16 x 16 x f16, Subgroup, MatrixAKHR>
// OUT:             %167 = spirv.Constant 16 : i32
// OUT:             %168 = spirv.IAdd %41, %167 : i32
// OUT:             %169 = spirv.IMul %168, %56 : i32
// OUT:             %170 = spirv.IAdd %169, %158 : i32
// OUT:             %171 = spirv.mlir.addressof @lhs_tile : ptr<array<2560 x f16>, Workgroup>
// OUT:             %172 = spirv.AccessChain %171, %170 : ptr<f16, Workgroup>
// OUT:             %173 = spirv.Constant 0 : u32
// OUT:             %174 = spirv.CooperativeMatrixLoadKHR %172, %173, %56 : coopmatrix<16 x 16 x f16, Subgroup, MatrixAKHR>
// OUT:             %175 = spirv.Constant 0 : i32
// OUT:             %176 = spirv.IAdd %42, %175 : i32
// OUT:             %177 = spirv.IMul %158, %57 : i32
// OUT:             %178 = spirv.IAdd %177, %176 : i32
// OUT:             %179 = spirv.mlir.addressof @rhs_tile : ptr<array<2304 x f16>, Workgroup>
// OUT:             %180 = spirv.AccessChain %179, %178 : ptr<f16, Workgroup>
// OUT:             %181 = spirv.Constant 0 : u32
// OUT:             %182 = spirv.CooperativeMatrixLoadKHR %180, %181, %57 : coopmatrix<16 x 16 x f16, Subgroup, MatrixBKHR>
// OUT:             %183 = spirv.Constant 16 : i32
// OUT:             %184 = spirv.IAdd %42, %183 : i32
// OUT:             %185 = spirv.IMul %158, %57 : i32
// OUT:             %186 = spirv.IAdd %185, %184 : i32
// OUT:             %187 = spirv.mlir.addressof @rhs_tile : ptr<array<2304 x f16>, Workgroup>
// OUT:             %188 = spirv.AccessChain %187, %186 : ptr<f16, Workgroup>
// OUT:             %189 = spirv.Constant 0 : u32
// OUT:             %190 = spirv.CooperativeMatrixLoadKHR %188, %189, %57 : coopmatrix<16 x 16 x f16, Subgroup, MatrixBKHR>
// OUT:             %191 = spirv.Load %29 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             %192 = spirv.CooperativeMatrixMulAddKHR %166, %182, %191 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             spirv.Store %29, %192
// OUT:             %193 = spirv.Load %30 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             %194 = spirv.CooperativeMatrixMulAddKHR %166, %190, %193 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             spirv.Store %30, %194
// OUT:             %195 = spirv.Load %31 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             %196 = spirv.CooperativeMatrixMulAddKHR %174, %182, %195 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             spirv.Store %31, %196
// OUT:             %197 = spirv.Load %32 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             %198 = spirv.CooperativeMatrixMulAddKHR %174, %190, %197 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             spirv.Store %32, %198
// OUT:             spirv.ControlBarrier scope<Workgroup>, scope<Workgroup>, semantics<ACQUIRE_RELEASE|WORKGROUP_MEMORY>
// OUT:             spirv.Branch ^bb7(%59)
// OUT:           ^bb7(%199: i32):
// OUT:             %200 = spirv.IAdd %199, %55 : i32
// OUT:             spirv.Branch ^bb5(%200)
// OUT:           ^bb8:
// OUT:             spirv.mlir.merge
// OUT:         }
// OUT:         %201 = spirv.Constant 68 : i32
// OUT:         %202 = spirv.Load %29 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:         %203 = spirv.Constant 0 : i32
// OUT:         %204 = spirv.Constant 0 : i32
// OUT:         %205 = spirv.IAdd %41, %203 : i32
// OUT:         %206 = spirv.IAdd %42, %204 : i32
// OUT:         %207 = spirv.IMul %205, %201 : i32
// OUT:         %208 = spirv.IAdd %207, %206 : i32
// OUT:         %209 = spirv.mlir.addressof @result_tile : ptr<array<4352 x f32>, Workgroup>
// OUT:         %210 = spirv.AccessChain %209, %208 : ptr<f32, Workgroup>
// OUT:         %211 = spirv.Constant 0 : u32
// OUT:         spirv.CooperativeMatrixStoreKHR %210, %202, %211, %201
// OUT:         %212 = spirv.Load %30 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:         %213 = spirv.Constant 0 : i32
// OUT:         %214 = spirv.Constant 16 : i32
// OUT:         %215 = spirv.IAdd %41, %213 : i32
// OUT:         %216 = spirv.IAdd %42, %214 : i32
// OUT:         %217 = spirv.IMul %215, %201 : i32
// OUT:         %218 = spirv.IAdd %217, %216 : i32
// OUT:         %219 = spirv.mlir.addressof @result_tile : ptr<array<4352 x f32>, Workgroup>
// OUT:         %220 = spirv.AccessChain %219, %218 : ptr<f32, Workgroup>
// OUT:         %221 = spirv.Constant 0 : u32
// OUT:         spirv.CooperativeMatrixStoreKHR %220, %212, %221, %201
// OUT:         %222 = spirv.Load %31 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:         %223 = spirv.Constant 16 : i32
// OUT:         %224 = spirv.Constant 0 : i32
// OUT:         %225 = spirv.IAdd %41, %223 : i32
// OUT:         %226 = spirv.IAdd %42, %224 : i32
// OUT:         %227 = spirv.IMul %225, %201 : i32
// OUT:         %228 = spirv.IAdd %227, %226 : i32
// OUT:         %229 = spirv.mlir.addressof @result_tile : ptr<array<4352 x f32>, Workgroup>
// OUT:         %230 = spirv.AccessChain %229, %228 : ptr<f32, Workgroup>
// OUT:         %231 = spirv.Constant 0 : u32
// OUT:         spirv.CooperativeMatrixStoreKHR %230, %222, %231, %201
// OUT:         %232 = spirv.Load %32 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:         %233 = spirv.Constant 16 : i32
// OUT:         %234 = spirv.Constant 16 : i32
// OUT:         %235 = spirv.IAdd %41, %233 : i32
// OUT:         %236 = spirv.IAdd %42, %234 : i32
// OUT:         %237 = spirv.IMul %235, %201 : i32
// OUT:         %238 = spirv.IAdd %237, %236 : i32
// OUT:         %239 = spirv.mlir.addressof @result_tile : ptr<array<4352 x f32>, Workgroup>
// OUT:         %240 = spirv.AccessChain %239, %238 : ptr<f32, Workgroup>
// OUT:         %241 = spirv.Constant 0 : u32
// OUT:         spirv.CooperativeMatrixStoreKHR %240, %232, %241, %201
// OUT:         spirv.ControlBarrier scope<Workgroup>, scope<Workgroup>, semantics<ACQUIRE_RELEASE|WORKGROUP_MEMORY>
// OUT:         %242 = spirv.Constant 4096 : i32
// OUT:         spirv.mlir.loop {
// OUT:           ^bb19:
// OUT:             spirv.Branch ^bb20(%26)
// OUT:           ^bb20(%243: i32):
// OUT:             %244 = spirv.SLessThan %243, %242 : bool
// OUT:             spirv.BranchConditional %244, ^bb21, ^bb23
// OUT:           ^bb21:
// OUT:             %245 = spirv.SDiv %243, %51 : i32
// OUT:             %246 = spirv.SRem %243, %51 : i32
// OUT:             %247 = spirv.IAdd %52, %245 : i32
// OUT:             %248 = spirv.IAdd %53, %246 : i32
// OUT:             %249 = spirv.SLessThan %247, %43 : bool
// OUT:             %250 = spirv.SLessThan %248, %44 : bool
// OUT:             %251 = spirv.LogicalAnd %249, %250 : bool
// OUT:             spirv.mlir.selection {
// OUT:               ^bb24:
// OUT:                 spirv.BranchConditional %251, ^bb25, ^bb26
// OUT:               ^bb25:
// OUT:                 %252 = spirv.IMul %245, %201 : i32
// OUT:                 %253 = spirv.IAdd %252, %246 : i32
// OUT:                 %254 = spirv.mlir.addressof @result_tile : ptr<array<4352 x f32>, Workgroup>
// OUT:                 %255 = spirv.AccessChain %254, %253 : ptr<f32, Workgroup>
// OUT:                 %256 = spirv.Load %255 : f32
// OUT:                 %257 = spirv.Constant 0.0 : f32
// OUT:                 %258 = spirv.FAdd %257, %256 : f32
// OUT:                 %259 = spirv.Constant 0 : i32
// OUT:                 %260 = spirv.mlir.addressof @input2 : ptr<struct<(rtarray<f32, stride=4> offset(0)), Block>, StorageBuffer>
// OUT:                 %261 = spirv.Constant 0 : i32
// OUT:                 %262 = spirv.AccessChain %260, %261, %248 : ptr<f32, StorageBuffer>
// OUT:                 %263 = spirv.Load %262 : f32
// OUT:                 %264 = spirv.FAdd %258, %263 : f32
// OUT:                 %265 = spirv.GL.FMax %264, %257 : f32
// OUT:                 %266 = spirv.Constant 0 : i32
// OUT:                 %267 = spirv.Constant 33 : i32
// OUT:                 %268 = spirv.IMul %247, %267 : i32
// OUT:                 %269 = spirv.IAdd %268, %248 : i32
// OUT:                 %270 = spirv.mlir.addressof @output0 : ptr<struct<(rtarray<f32, stride=4> offset(0)), Block>, StorageBuffer>
// OUT:                 %271 = spirv.Constant 0 : i32
// OUT:                 %272 = spirv.AccessChain %270, %271, %269 : ptr<f32, StorageBuffer>
// OUT:                 spirv.Store %272, %265
// OUT:                 spirv.Branch ^bb26
// OUT:               ^bb26:
// OUT:                 spirv.mlir.merge
// OUT:             }
// OUT:             spirv.Branch ^bb22(%243)
// OUT:           ^bb22(%273: i32):
// OUT:             %274 = spirv.IAdd %273, %58 : i32
// OUT:             spirv.Branch ^bb20(%274)
// OUT:           ^bb23:
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

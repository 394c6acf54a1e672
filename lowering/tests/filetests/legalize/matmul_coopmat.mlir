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
// OUT:         %54 = spirv.Constant 64 : i32
// OUT:         %55 = spirv.SDiv %26, %54 : i32
// OUT:         %56 = spirv.SRem %26, %54 : i32
// OUT:         %57 = spirv.Constant 0 : i32
// OUT:         %58 = spirv.Constant 32 : i32
// OUT:         %59 = spirv.Constant 40 : i32
// OUT:         %60 = spirv.Constant 72 : i32
// OUT:         %61 = spirv.Constant 128 : i32
// OUT:         spirv.mlir.loop {
// OUT:           ^bb4:
// OUT:             spirv.Branch ^bb5(%57)
// OUT:           ^bb5(%62: i32):
// OUT:             %63 = spirv.SLessThan %62, %45 : bool
// OUT:             spirv.BranchConditional %63, ^bb6, ^bb8
// OUT:           ^bb6:
// OUT:             %64 = spirv.Constant 2048 : i32
// OUT:             spirv.mlir.loop {
// OUT:               ^bb9:
// OUT:                 spirv.Branch ^bb10(%26)
// OUT:               ^bb10(%65: i32):
// OUT:                 %66 = spirv.SLessThan %65, %64 : bool
// OUT:                 spirv.BranchConditional %66, ^bb11, ^bb13
// OUT:               ^bb11:
// OUT:                 %67 = spirv.SDiv %65, %58 : i32
// OUT:                 %68 = spirv.SRem %65, %58 : i32
// OUT:                 %69 = spirv.IAdd %52, %67 : i32
// OUT:                 %70 = spirv.IAdd %62, %68 : i32
// OUT:                 %71 = spirv.SLessThan %69, %43 : bool
// OUT:                 %72 = spirv.SLessThan %70, %45 : bool
// OUT:                 %73 = spirv.LogicalAnd %71, %72 : bool
// OUT:                 %74 = spirv.GL.SMin %69, %47 : i32
// OUT:                 %75 = spirv.GL.SMin %70, %49 : i32
// OUT:                 %76 = spirv.Constant 0 : i32
// OUT:                 %77 = spirv.Constant 70 : i32
// OUT:                 %78 = spirv.IMul %74, %77 : i32
// OUT:                 %79 = spirv.IAdd %78, %75 : i32
// OUT:                 %80 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                 %81 = spirv.Constant 0 : i32
// OUT:                 %82 = spirv.AccessChain %80, %81, %79 : ptr<f16, StorageBuffer>
// OUT:                 %83 = spirv.Load %82 : f16
// OUT:                 %84 = spirv.Constant 0x0 : f16
// OUT:                 %85 = spirv.Select %73, %83, %84 : f16
// OUT:                 %86 = spirv.IMul %67, %59 : i32
// OUT:                 %87 = spirv.IAdd %86, %68 : i32
// OUT:                 %88 = spirv.mlir.addressof @lhs_tile : ptr<array<2560 x f16>, Workgroup>
// OUT:                 %89 = spirv.AccessChain %88, %87 : ptr<f16, Workgroup>
// OUT:                 spirv.Store %89, %85
// OUT:                 spirv.Branch ^bb12(%65)
// OUT:               ^bb12(%90: i32):
// OUT:                 %91 = spirv.IAdd %90, %61 : i32
// OUT:                 spirv.Branch ^bb10(%91)
// OUT:               ^bb13:
// OUT:                 spirv.mlir.merge
// OUT:             }
// OUT:             %92 = spirv.Constant 2048 : i32
// OUT:             spirv.mlir.loop {
// OUT:               ^bb14:
// OUT:                 spirv.Branch ^bb15(%26)
// OUT:               ^bb15(%93: i32):
// OUT:                 %94 = spirv.SLessThan %93, %92 : bool
// OUT:                 spirv.BranchConditional %94, ^bb16, ^bb18
// OUT:               ^bb16:
// OUT:                 %95 = spirv.SDiv %93, %51 : i32
// OUT:                 %96 = spirv.SRem %93, %51 : i32
// OUT:                 %97 = spirv.IAdd %62, %95 : i32
// OUT:                 %98 = spirv.IAdd %53, %96 : i32
// OUT:                 %99 = spirv.SLessThan %97, %45 : bool
// OUT:                 %100 = spirv.SLessThan %98, %44 : bool
// OUT:                 %101 = spirv.LogicalAnd %99, %100 : bool
// OUT:                 %102 = spirv.GL.SMin %97, %49 : i32
// OUT:                 %103 = spirv.GL.SMin %98, %48 : i32
// OUT:                 %104 = spirv.Constant 0 : i32
// OUT:                 %105 = spirv.Constant 33 : i32
// OUT:                 %106 = spirv.IMul %102, %105 : i32
// OUT:                 %107 = spirv.IAdd %106, %103 : i32
// OUT:                 %108 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                 %109 = spirv.Constant 0 : i32
// OUT:                 %110 = spirv.AccessChain %108, %109, %107 : ptr<f16, StorageBuffer>
// OUT:                 %111 = spirv.Load %110 : f16
// OUT:                 %112 = spirv.Constant 0x0 : f16
// OUT:                 %113 = spirv.Select %101, %111, %112 : f16
// OUT:                 %114 = spirv.IMul %95, %60 : i32
// OUT:                 %115 = spirv.IAdd %114, %96 : i32
// OUT:                 %116 = spirv.mlir.addressof @rhs_tile : ptr<array<2304 x f16>, Workgroup>
// OUT:                 %117 = spirv.AccessChain %116, %115 : ptr<f16, Workgroup>
// OUT:                 spirv.Store %117, %113
// OUT:                 spirv.Branch ^bb17(%93)
// OUT:               ^bb17(%118: i32):
// OUT:                 %119 = spirv.IAdd %118, %61 : i32
// OUT:                 spirv.Branch ^bb15(%119)
// OUT:               ^bb18:
// OUT:                 spirv.mlir.merge
// OUT:             }
// OUT:             spirv.ControlBarrier scope<Workgroup>, scope<Workgroup>, semantics<ACQUIRE_RELEASE|WORKGROUP_MEMORY>
// OUT:             %120 = spirv.Constant 0 : i32
// OUT:             %121 = spirv.Constant 0 : i32
// OUT:             %122 = spirv.IAdd %41, %121 : i32
// OUT:             %123 = spirv.IMul %122, %59 : i32
// OUT:             %124 = spirv.IAdd %123, %120 : i32
// OUT:             %125 = spirv.mlir.addressof @lhs_tile : ptr<array<2560 x f16>, Workgroup>
// OUT:             %126 = spirv.AccessChain %125, %124 : ptr<f16, Workgroup>
// OUT:             %127 = spirv.Constant 0 : u32
// OUT:             %128 = spirv.CooperativeMatrixLoadKHR %126, %127, %59 : coopmatrix<16 x 16 x f16, Subgroup, MatrixAKHR>
// OUT:             %129 = spirv.Constant 16 : i32
// OUT:             %130 = spirv.IAdd %41, %129 : i32
// OUT:             %131 = spirv.IMul %130, %59 : i32
// OUT:             %132 = spirv.IAdd %131, %120 : i32
// OUT:             %133 = spirv.mlir.addressof @lhs_tile : ptr<array<2560 x f16>, Workgroup>
// OUT:             %134 = spirv.AccessChain %133, %132 : ptr<f16, Workgroup>
// OUT:             %135 = spirv.Constant 0 : u32
// OUT:             %136 = spirv.CooperativeMatrixLoadKHR %134, %135, %59 : coopmatrix<16 x 16 x f16, Subgroup, MatrixAKHR>
// OUT:             %137 = spirv.Constant 0 : i32
// OUT:             %138 = spirv.IAdd %42, %137 : i32
// OUT:             %139 = spirv.IMul %120, %60 : i32
// OUT:             %140 = spirv.IAdd %139, %138 : i32
// OUT:             %141 = spirv.mlir.addressof @rhs_tile : ptr<array<2304 x f16>, Workgroup>
// OUT:             %142 = spirv.AccessChain %141, %140 : ptr<f16, Workgroup>
// OUT:             %143 = spirv.Constant 0 : u32
// OUT:             %144 = spirv.CooperativeMatrixLoadKHR %142, %143, %60 : coopmatrix<16 x 16 x f16, Subgroup, MatrixBKHR>
// OUT:             %145 = spirv.Constant 16 : i32
// OUT:             %146 = spirv.IAdd %42, %145 : i32
// OUT:             %147 = spirv.IMul %120, %60 : i32
// OUT:             %148 = spirv.IAdd %147, %146 : i32
// OUT:             %149 = spirv.mlir.addressof @rhs_tile : ptr<array<2304 x f16>, Workgroup>
// OUT:             %150 = spirv.AccessChain %149, %148 : ptr<f16, Workgroup>
// OUT:             %151 = spirv.Constant 0 : u32
// OUT:             %152 = spirv.CooperativeMatrixLoadKHR %150, %151, %60 : coopmatrix<16 x 16 x f16, Subgroup, MatrixBKHR>
// OUT:             %153 = spirv.Load %29 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             %154 = spirv.CooperativeMatrixMulAddKHR %128, %144, %153 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             spirv.Store %29, %154
// OUT:             %155 = spirv.Load %30 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             %156 = spirv.CooperativeMatrixMulAddKHR %128, %152, %155 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             spirv.Store %30, %156
// OUT:             %157 = spirv.Load %31 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             %158 = spirv.CooperativeMatrixMulAddKHR %136, %144, %157 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             spirv.Store %31, %158
// OUT:             %159 = spirv.Load %32 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             %160 = spirv.CooperativeMatrixMulAddKHR %136, %152, %159 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             spirv.Store %32, %160
// OUT:             %161 = spirv.Constant 16 : i32
// OUT:             %162 = spirv.Constant 0 : i32
// OUT:             %163 = spirv.IAdd %41, %162 : i32
// OUT:             %164 = spirv.IMul %163, %59 : i32
// OUT:             %165 = spirv.IAdd %164, %161 : i32
// OUT:             %166 = spirv.mlir.addressof @lhs_tile : ptr<array<2560 x f16>, Workgroup>
// OUT:             %167 = spirv.AccessChain %166, %165 : ptr<f16, Workgroup>
// OUT:             %168 = spirv.Constant 0 : u32
// OUT:             %169 = spirv.CooperativeMatrixLoadKHR %167, %168, %59 : coopmatrix<16 x 16 x f16, Subgroup, MatrixAKHR>
// OUT:             %170 = spirv.Constant 16 : i32
// OUT:             %171 = spirv.IAdd %41, %170 : i32
// OUT:             %172 = spirv.IMul %171, %59 : i32
// OUT:             %173 = spirv.IAdd %172, %161 : i32
// OUT:             %174 = spirv.mlir.addressof @lhs_tile : ptr<array<2560 x f16>, Workgroup>
// OUT:             %175 = spirv.AccessChain %174, %173 : ptr<f16, Workgroup>
// OUT:             %176 = spirv.Constant 0 : u32
// OUT:             %177 = spirv.CooperativeMatrixLoadKHR %175, %176, %59 : coopmatrix<16 x 16 x f16, Subgroup, MatrixAKHR>
// OUT:             %178 = spirv.Constant 0 : i32
// OUT:             %179 = spirv.IAdd %42, %178 : i32
// OUT:             %180 = spirv.IMul %161, %60 : i32
// OUT:             %181 = spirv.IAdd %180, %179 : i32
// OUT:             %182 = spirv.mlir.addressof @rhs_tile : ptr<array<2304 x f16>, Workgroup>
// OUT:             %183 = spirv.AccessChain %182, %181 : ptr<f16, Workgroup>
// OUT:             %184 = spirv.Constant 0 : u32
// OUT:             %185 = spirv.CooperativeMatrixLoadKHR %183, %184, %60 : coopmatrix<16 x 16 x f16, Subgroup, MatrixBKHR>
// OUT:             %186 = spirv.Constant 16 : i32
// OUT:             %187 = spirv.IAdd %42, %186 : i32
// OUT:             %188 = spirv.IMul %161, %60 : i32
// OUT:             %189 = spirv.IAdd %188, %187 : i32
// OUT:             %190 = spirv.mlir.addressof @rhs_tile : ptr<array<2304 x f16>, Workgroup>
// OUT:             %191 = spirv.AccessChain %190, %189 : ptr<f16, Workgroup>
// OUT:             %192 = spirv.Constant 0 : u32
// OUT:             %193 = spirv.CooperativeMatrixLoadKHR %191, %192, %60 : coopmatrix<16 x 16 x f16, Subgroup, MatrixBKHR>
// OUT:             %194 = spirv.Load %29 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             %195 = spirv.CooperativeMatrixMulAddKHR %169, %185, %194 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             spirv.Store %29, %195
// OUT:             %196 = spirv.Load %30 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             %197 = spirv.CooperativeMatrixMulAddKHR %169, %193, %196 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             spirv.Store %30, %197
// OUT:             %198 = spirv.Load %31 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             %199 = spirv.CooperativeMatrixMulAddKHR %177, %185, %198 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             spirv.Store %31, %199
// OUT:             %200 = spirv.Load %32 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             %201 = spirv.CooperativeMatrixMulAddKHR %177, %193, %200 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             spirv.Store %32, %201
// OUT:             spirv.ControlBarrier scope<Workgroup>, scope<Workgroup>, semantics<ACQUIRE_RELEASE|WORKGROUP_MEMORY>
// OUT:             spirv.Branch ^bb7(%62)
// OUT:           ^bb7(%202: i32):
// OUT:             %203 = spirv.IAdd %202, %58 : i32
// OUT:             spirv.Branch ^bb5(%203)
// OUT:           ^bb8:
// OUT:             spirv.mlir.merge
// OUT:         }
// OUT:         %204 = spirv.Constant 68 : i32
// OUT:         %205 = spirv.Load %29 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:         %206 = spirv.Constant 0 : i32
// OUT:         %207 = spirv.Constant 0 : i32
// OUT:         %208 = spirv.IAdd %41, %206 : i32
// OUT:         %209 = spirv.IAdd %42, %207 : i32
// OUT:         %210 = spirv.IMul %208, %204 : i32
// OUT:         %211 = spirv.IAdd %210, %209 : i32
// OUT:         %212 = spirv.mlir.addressof @result_tile : ptr<array<4352 x f32>, Workgroup>
// OUT:         %213 = spirv.AccessChain %212, %211 : ptr<f32, Workgroup>
// OUT:         %214 = spirv.Constant 0 : u32
// OUT:         spirv.CooperativeMatrixStoreKHR %213, %205, %214, %204
// OUT:         %215 = spirv.Load %30 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:         %216 = spirv.Constant 0 : i32
// OUT:         %217 = spirv.Constant 16 : i32
// OUT:         %218 = spirv.IAdd %41, %216 : i32
// OUT:         %219 = spirv.IAdd %42, %217 : i32
// OUT:         %220 = spirv.IMul %218, %204 : i32
// OUT:         %221 = spirv.IAdd %220, %219 : i32
// OUT:         %222 = spirv.mlir.addressof @result_tile : ptr<array<4352 x f32>, Workgroup>
// OUT:         %223 = spirv.AccessChain %222, %221 : ptr<f32, Workgroup>
// OUT:         %224 = spirv.Constant 0 : u32
// OUT:         spirv.CooperativeMatrixStoreKHR %223, %215, %224, %204
// OUT:         %225 = spirv.Load %31 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:         %226 = spirv.Constant 16 : i32
// OUT:         %227 = spirv.Constant 0 : i32
// OUT:         %228 = spirv.IAdd %41, %226 : i32
// OUT:         %229 = spirv.IAdd %42, %227 : i32
// OUT:         %230 = spirv.IMul %228, %204 : i32
// OUT:         %231 = spirv.IAdd %230, %229 : i32
// OUT:         %232 = spirv.mlir.addressof @result_tile : ptr<array<4352 x f32>, Workgroup>
// OUT:         %233 = spirv.AccessChain %232, %231 : ptr<f32, Workgroup>
// OUT:         %234 = spirv.Constant 0 : u32
// OUT:         spirv.CooperativeMatrixStoreKHR %233, %225, %234, %204
// OUT:         %235 = spirv.Load %32 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:         %236 = spirv.Constant 16 : i32
// OUT:         %237 = spirv.Constant 16 : i32
// OUT:         %238 = spirv.IAdd %41, %236 : i32
// OUT:         %239 = spirv.IAdd %42, %237 : i32
// OUT:         %240 = spirv.IMul %238, %204 : i32
// OUT:         %241 = spirv.IAdd %240, %239 : i32
// OUT:         %242 = spirv.mlir.addressof @result_tile : ptr<array<4352 x f32>, Workgroup>
// OUT:         %243 = spirv.AccessChain %242, %241 : ptr<f32, Workgroup>
// OUT:         %244 = spirv.Constant 0 : u32
// OUT:         spirv.CooperativeMatrixStoreKHR %243, %235, %244, %204
// OUT:         spirv.ControlBarrier scope<Workgroup>, scope<Workgroup>, semantics<ACQUIRE_RELEASE|WORKGROUP_MEMORY>
// OUT:         %245 = spirv.Constant 4096 : i32
// OUT:         spirv.mlir.loop {
// OUT:           ^bb19:
// OUT:             spirv.Branch ^bb20(%26)
// OUT:           ^bb20(%246: i32):
// OUT:             %247 = spirv.SLessThan %246, %245 : bool
// OUT:             spirv.BranchConditional %247, ^bb21, ^bb23
// OUT:           ^bb21:
// OUT:             %248 = spirv.SDiv %246, %51 : i32
// OUT:             %249 = spirv.SRem %246, %51 : i32
// OUT:             %250 = spirv.IAdd %52, %248 : i32
// OUT:             %251 = spirv.IAdd %53, %249 : i32
// OUT:             %252 = spirv.SLessThan %250, %43 : bool
// OUT:             %253 = spirv.SLessThan %251, %44 : bool
// OUT:             %254 = spirv.LogicalAnd %252, %253 : bool
// OUT:             spirv.mlir.selection {
// OUT:               ^bb24:
// OUT:                 spirv.BranchConditional %254, ^bb25, ^bb26
// OUT:               ^bb25:
// OUT:                 %255 = spirv.IMul %248, %204 : i32
// OUT:                 %256 = spirv.IAdd %255, %249 : i32
// OUT:                 %257 = spirv.mlir.addressof @result_tile : ptr<array<4352 x f32>, Workgroup>
// OUT:                 %258 = spirv.AccessChain %257, %256 : ptr<f32, Workgroup>
// OUT:                 %259 = spirv.Load %258 : f32
// OUT:                 %260 = spirv.Constant 0.0 : f32
// OUT:                 %261 = spirv.FAdd %260, %259 : f32
// OUT:                 %262 = spirv.Constant 0 : i32
// OUT:                 %263 = spirv.mlir.addressof @input2 : ptr<struct<(rtarray<f32, stride=4> offset(0)), Block>, StorageBuffer>
// OUT:                 %264 = spirv.Constant 0 : i32
// OUT:                 %265 = spirv.AccessChain %263, %264, %251 : ptr<f32, StorageBuffer>
// OUT:                 %266 = spirv.Load %265 : f32
// OUT:                 %267 = spirv.FAdd %261, %266 : f32
// OUT:                 %268 = spirv.GL.FMax %267, %260 : f32
// OUT:                 %269 = spirv.Constant 0 : i32
// OUT:                 %270 = spirv.Constant 33 : i32
// OUT:                 %271 = spirv.IMul %250, %270 : i32
// OUT:                 %272 = spirv.IAdd %271, %251 : i32
// OUT:                 %273 = spirv.mlir.addressof @output0 : ptr<struct<(rtarray<f32, stride=4> offset(0)), Block>, StorageBuffer>
// OUT:                 %274 = spirv.Constant 0 : i32
// OUT:                 %275 = spirv.AccessChain %273, %274, %272 : ptr<f32, StorageBuffer>
// OUT:                 spirv.Store %275, %268
// OUT:                 spirv.Branch ^bb26
// OUT:               ^bb26:
// OUT:                 spirv.mlir.merge
// OUT:             }
// OUT:             spirv.Branch ^bb22(%246)
// OUT:           ^bb22(%276: i32):
// OUT:             %277 = spirv.IAdd %276, %61 : i32
// OUT:             spirv.Branch ^bb20(%277)
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

// RUN: abi-vce-serialize target=nvidia-h200 without=CooperativeMatrixPerElementOperationsNV
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
// OUT:   spirv.GlobalVariable @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:   spirv.GlobalVariable @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:   spirv.GlobalVariable @result_scratch : ptr<array<1280 x f32>, Workgroup>
// OUT:   spirv.GlobalVariable @WorkgroupId : ptr<vector<3 x u32>, Input> builtin(WorkgroupId)
// OUT:   spirv.GlobalVariable @NumWorkgroups : ptr<vector<3 x u32>, Input> builtin(NumWorkgroups)
// OUT:   spirv.GlobalVariable @LocalInvocationId : ptr<vector<3 x u32>, Input> builtin(LocalInvocationId)
// OUT:   spirv.GlobalVariable @SubgroupId : ptr<u32, Input> builtin(SubgroupId)
// OUT:   spirv.GlobalVariable @SubgroupLocalInvocationId : ptr<u32, Input> builtin(SubgroupLocalInvocationId)
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
// OUT:         %36 = spirv.mlir.addressof @SubgroupLocalInvocationId : ptr<u32, Input>
// OUT:         %37 = spirv.Load %36 : u32
// OUT:         %38 = spirv.Bitcast %37 : i32
// OUT:         %39 = spirv.Constant 2 : i32
// OUT:         %40 = spirv.SDiv %35, %39 : i32
// OUT:         %41 = spirv.SRem %35, %39 : i32
// OUT:         %42 = spirv.Constant 32 : i32
// OUT:         %43 = spirv.Constant 32 : i32
// OUT:         %44 = spirv.Constant 320 : i32
// OUT:         %45 = spirv.IMul %35, %44 : i32
// OUT:         %46 = spirv.IMul %40, %42 : i32
// OUT:         %47 = spirv.IMul %41, %43 : i32
// OUT:         %48 = spirv.Constant 100 : i32
// OUT:         %49 = spirv.Constant 33 : i32
// OUT:         %50 = spirv.Constant 70 : i32
// OUT:         %51 = spirv.Constant 64 : i32
// OUT:         %52 = spirv.Constant 64 : i32
// OUT:         %53 = spirv.IMul %21, %51 : i32
// OUT:         %54 = spirv.IMul %18, %52 : i32
// OUT:         %55 = spirv.Constant 40 : i32
// OUT:         %56 = spirv.Constant 72 : i32
// OUT:         %57 = spirv.Constant 0 : i32
// OUT:         %58 = spirv.Constant 1 : i32
// OUT:         %59 = spirv.Constant 2 : i32
// OUT:         %60 = spirv.Constant 32 : i32
// OUT:         %61 = spirv.Constant 0 : i32
// OUT:         %62 = spirv.Constant 1 : i32
// OUT:         %63 = spirv.ISub %50, %62 : i32
// OUT:         %64 = spirv.Constant 32 : i32
// OUT:         %65 = spirv.Constant 1 : i32
// OUT:         %66 = spirv.ISub %48, %62 : i32
// OUT:         %67 = spirv.Constant 0 : i32
// OUT:         %68 = spirv.IAdd %26, %67 : i32
// OUT:         %69 = spirv.SDiv %68, %64 : i32
// OUT:         %70 = spirv.SRem %68, %64 : i32
// OUT:         %71 = spirv.IMul %70, %65 : i32
// OUT:         %72 = spirv.IAdd %53, %69 : i32
// OUT:         %73 = spirv.IAdd %57, %71 : i32
// OUT:         %74 = spirv.SLessThan %72, %48 : bool
// OUT:         %75 = spirv.SLessThan %73, %50 : bool
// OUT:         %76 = spirv.LogicalAnd %74, %75 : bool
// OUT:         %77 = spirv.GL.SMin %72, %66 : i32
// OUT:         %78 = spirv.GL.SMin %73, %63 : i32
// OUT:         %79 = spirv.Constant 0 : i32
// OUT:         %80 = spirv.Constant 0 : i32
// OUT:         %81 = spirv.Constant 70 : i32
// OUT:         %82 = spirv.IMul %77, %81 : i32
// OUT:         %83 = spirv.IAdd %82, %78 : i32
// OUT:         %84 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %85 = spirv.Constant 0 : i32
// OUT:         %86 = spirv.AccessChain %84, %85, %83 : ptr<f16, StorageBuffer>
// OUT:         %87 = spirv.Load %86 : f16
// OUT:         %88 = spirv.Constant 0x0 : f16
// OUT:         %89 = spirv.Select %76, %87, %88 : f16
// OUT:         %90 = spirv.Constant 128 : i32
// OUT:         %91 = spirv.IAdd %26, %90 : i32
// OUT:         %92 = spirv.SDiv %91, %64 : i32
// OUT:         %93 = spirv.SRem %91, %64 : i32
// OUT:         %94 = spirv.IMul %93, %65 : i32
// OUT:         %95 = spirv.IAdd %53, %92 : i32
// OUT:         %96 = spirv.IAdd %57, %94 : i32
// OUT:         %97 = spirv.SLessThan %95, %48 : bool
// OUT:         %98 = spirv.SLessThan %96, %50 : bool
// OUT:         %99 = spirv.LogicalAnd %97, %98 : bool
// OUT:         %100 = spirv.GL.SMin %95, %66 : i32
// OUT:         %101 = spirv.GL.SMin %96, %63 : i32
// OUT:         %102 = spirv.Constant 0 : i32
// OUT:         %103 = spirv.Constant 0 : i32
// OUT:         %104 = spirv.Constant 70 : i32
// OUT:         %105 = spirv.IMul %100, %104 : i32
// OUT:         %106 = spirv.IAdd %105, %101 : i32
// OUT:         %107 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %108 = spirv.Constant 0 : i32
// OUT:         %109 = spirv.AccessChain %107, %108, %106 : ptr<f16, StorageBuffer>
// OUT:         %110 = spirv.Load %109 : f16
// OUT:         %111 = spirv.Constant 0x0 : f16
// OUT:         %112 = spirv.Select %99, %110, %111 : f16
// OUT:         %113 = spirv.Constant 256 : i32
// OUT:         %114 = spirv.IAdd %26, %113 : i32
// OUT:         %115 = spirv.SDiv %114, %64 : i32
// OUT:         %116 = spirv.SRem %114, %64 : i32
// OUT:         %117 = spirv.IMul %116, %65 : i32
// OUT:         %118 = spirv.IAdd %53, %115 : i32
// OUT:         %119 = spirv.IAdd %57, %117 : i32
// OUT:         %120 = spirv.SLessThan %118, %48 : bool
// OUT:         %121 = spirv.SLessThan %119, %50 : bool
// OUT:         %122 = spirv.LogicalAnd %120, %121 : bool
// OUT:         %123 = spirv.GL.SMin %118, %66 : i32
// OUT:         %124 = spirv.GL.SMin %119, %63 : i32
// OUT:         %125 = spirv.Constant 0 : i32
// OUT:         %126 = spirv.Constant 0 : i32
// OUT:         %127 = spirv.Constant 70 : i32
// OUT:         %128 = spirv.IMul %123, %127 : i32
// OUT:         %129 = spirv.IAdd %128, %124 : i32
// OUT:         %130 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %131 = spirv.Constant 0 : i32
// OUT:         %132 = spirv.AccessChain %130, %131, %129 : ptr<f16, StorageBuffer>
// OUT:         %133 = spirv.Load %132 : f16
// OUT:         %134 = spirv.Constant 0x0 : f16
// OUT:         %135 = spirv.Select %122, %133, %134 : f16
// OUT:         %136 = spirv.Constant 384 : i32
// OUT:         %137 = spirv.IAdd %26, %136 : i32
// OUT:         %138 = spirv.SDiv %137, %64 : i32
// OUT:         %139 = spirv.SRem %137, %64 : i32
// OUT:         %140 = spirv.IMul %139, %65 : i32
// OUT:         %141 = spirv.IAdd %53, %138 : i32
// OUT:         %142 = spirv.IAdd %57, %140 : i32
// OUT:         %143 = spirv.SLessThan %141, %48 : bool
// OUT:         %144 = spirv.SLessThan %142, %50 : bool
// OUT:         %145 = spirv.LogicalAnd %143, %144 : bool
// OUT:         %146 = spirv.GL.SMin %141, %66 : i32
// OUT:         %147 = spirv.GL.SMin %142, %63 : i32
// OUT:         %148 = spirv.Constant 0 : i32
// OUT:         %149 = spirv.Constant 0 : i32
// OUT:         %150 = spirv.Constant 70 : i32
// OUT:         %151 = spirv.IMul %146, %150 : i32
// OUT:         %152 = spirv.IAdd %151, %147 : i32
// OUT:         %153 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %154 = spirv.Constant 0 : i32
// OUT:         %155 = spirv.AccessChain %153, %154, %152 : ptr<f16, StorageBuffer>
// OUT:         %156 = spirv.Load %155 : f16
// OUT:         %157 = spirv.Constant 0x0 : f16
// OUT:         %158 = spirv.Select %145, %156, %157 : f16
// OUT:         %159 = spirv.Constant 512 : i32
// OUT:         %160 = spirv.IAdd %26, %159 : i32
// OUT:         %161 = spirv.SDiv %160, %64 : i32
// OUT:         %162 = spirv.SRem %160, %64 : i32
// OUT:         %163 = spirv.IMul %162, %65 : i32
// OUT:         %164 = spirv.IAdd %53, %161 : i32
// OUT:         %165 = spirv.IAdd %57, %163 : i32
// OUT:         %166 = spirv.SLessThan %164, %48 : bool
// OUT:         %167 = spirv.SLessThan %165, %50 : bool
// OUT:         %168 = spirv.LogicalAnd %166, %167 : bool
// OUT:         %169 = spirv.GL.SMin %164, %66 : i32
// OUT:         %170 = spirv.GL.SMin %165, %63 : i32
// OUT:         %171 = spirv.Constant 0 : i32
// OUT:         %172 = spirv.Constant 0 : i32
// OUT:         %173 = spirv.Constant 70 : i32
// OUT:         %174 = spirv.IMul %169, %173 : i32
// OUT:         %175 = spirv.IAdd %174, %170 : i32
// OUT:         %176 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %177 = spirv.Constant 0 : i32
// OUT:         %178 = spirv.AccessChain %176, %177, %175 : ptr<f16, StorageBuffer>
// OUT:         %179 = spirv.Load %178 : f16
// OUT:         %180 = spirv.Constant 0x0 : f16
// OUT:         %181 = spirv.Select %168, %179, %180 : f16
// OUT:         %182 = spirv.Constant 640 : i32
// OUT:         %183 = spirv.IAdd %26, %182 : i32
// OUT:         %184 = spirv.SDiv %183, %64 : i32
// OUT:         %185 = spirv.SRem %183, %64 : i32
// OUT:         %186 = spirv.IMul %185, %65 : i32
// OUT:         %187 = spirv.IAdd %53, %184 : i32
// OUT:         %188 = spirv.IAdd %57, %186 : i32
// OUT:         %189 = spirv.SLessThan %187, %48 : bool
// OUT:         %190 = spirv.SLessThan %188, %50 : bool
// OUT:         %191 = spirv.LogicalAnd %189, %190 : bool
// OUT:         %192 = spirv.GL.SMin %187, %66 : i32
// OUT:         %193 = spirv.GL.SMin %188, %63 : i32
// OUT:         %194 = spirv.Constant 0 : i32
// OUT:         %195 = spirv.Constant 0 : i32
// OUT:         %196 = spirv.Constant 70 : i32
// OUT:         %197 = spirv.IMul %192, %196 : i32
// OUT:         %198 = spirv.IAdd %197, %193 : i32
// OUT:         %199 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %200 = spirv.Constant 0 : i32
// OUT:         %201 = spirv.AccessChain %199, %200, %198 : ptr<f16, StorageBuffer>
// OUT:         %202 = spirv.Load %201 : f16
// OUT:         %203 = spirv.Constant 0x0 : f16
// OUT:         %204 = spirv.Select %191, %202, %203 : f16
// OUT:         %205 = spirv.Constant 768 : i32
// OUT:         %206 = spirv.IAdd %26, %205 : i32
// OUT:         %207 = spirv.SDiv %206, %64 : i32
// OUT:         %208 = spirv.SRem %206, %64 : i32
// OUT:         %209 = spirv.IMul %208, %65 : i32
// OUT:         %210 = spirv.IAdd %53, %207 : i32
// OUT:         %211 = spirv.IAdd %57, %209 : i32
// OUT:         %212 = spirv.SLessThan %210, %48 : bool
// OUT:         %213 = spirv.SLessThan %211, %50 : bool
// OUT:         %214 = spirv.LogicalAnd %212, %213 : bool
// OUT:         %215 = spirv.GL.SMin %210, %66 : i32
// OUT:         %216 = spirv.GL.SMin %211, %63 : i32
// OUT:         %217 = spirv.Constant 0 : i32
// OUT:         %218 = spirv.Constant 0 : i32
// OUT:         %219 = spirv.Constant 70 : i32
// OUT:         %220 = spirv.IMul %215, %219 : i32
// OUT:         %221 = spirv.IAdd %220, %216 : i32
// OUT:         %222 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %223 = spirv.Constant 0 : i32
// OUT:         %224 = spirv.AccessChain %222, %223, %221 : ptr<f16, StorageBuffer>
// OUT:         %225 = spirv.Load %224 : f16
// OUT:         %226 = spirv.Constant 0x0 : f16
// OUT:         %227 = spirv.Select %214, %225, %226 : f16
// OUT:         %228 = spirv.Constant 896 : i32
// OUT:         %229 = spirv.IAdd %26, %228 : i32
// OUT:         %230 = spirv.SDiv %229, %64 : i32
// OUT:         %231 = spirv.SRem %229, %64 : i32
// OUT:         %232 = spirv.IMul %231, %65 : i32
// OUT:         %233 = spirv.IAdd %53, %230 : i32
// OUT:         %234 = spirv.IAdd %57, %232 : i32
// OUT:         %235 = spirv.SLessThan %233, %48 : bool
// OUT:         %236 = spirv.SLessThan %234, %50 : bool
// OUT:         %237 = spirv.LogicalAnd %235, %236 : bool
// OUT:         %238 = spirv.GL.SMin %233, %66 : i32
// OUT:         %239 = spirv.GL.SMin %234, %63 : i32
// OUT:         %240 = spirv.Constant 0 : i32
// OUT:         %241 = spirv.Constant 0 : i32
// OUT:         %242 = spirv.Constant 70 : i32
// OUT:         %243 = spirv.IMul %238, %242 : i32
// OUT:         %244 = spirv.IAdd %243, %239 : i32
// OUT:         %245 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %246 = spirv.Constant 0 : i32
// OUT:         %247 = spirv.AccessChain %245, %246, %244 : ptr<f16, StorageBuffer>
// OUT:         %248 = spirv.Load %247 : f16
// OUT:         %249 = spirv.Constant 0x0 : f16
// OUT:         %250 = spirv.Select %237, %248, %249 : f16
// OUT:         %251 = spirv.Constant 1024 : i32
// OUT:         %252 = spirv.IAdd %26, %251 : i32
// OUT:         %253 = spirv.SDiv %252, %64 : i32
// OUT:         %254 = spirv.SRem %252, %64 : i32
// OUT:         %255 = spirv.IMul %254, %65 : i32
// OUT:         %256 = spirv.IAdd %53, %253 : i32
// OUT:         %257 = spirv.IAdd %57, %255 : i32
// OUT:         %258 = spirv.SLessThan %256, %48 : bool
// OUT:         %259 = spirv.SLessThan %257, %50 : bool
// OUT:         %260 = spirv.LogicalAnd %258, %259 : bool
// OUT:         %261 = spirv.GL.SMin %256, %66 : i32
// OUT:         %262 = spirv.GL.SMin %257, %63 : i32
// OUT:         %263 = spirv.Constant 0 : i32
// OUT:         %264 = spirv.Constant 0 : i32
// OUT:         %265 = spirv.Constant 70 : i32
// OUT:         %266 = spirv.IMul %261, %265 : i32
// OUT:         %267 = spirv.IAdd %266, %262 : i32
// OUT:         %268 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %269 = spirv.Constant 0 : i32
// OUT:         %270 = spirv.AccessChain %268, %269, %267 : ptr<f16, StorageBuffer>
// OUT:         %271 = spirv.Load %270 : f16
// OUT:         %272 = spirv.Constant 0x0 : f16
// OUT:         %273 = spirv.Select %260, %271, %272 : f16
// OUT:         %274 = spirv.Constant 1152 : i32
// OUT:         %275 = spirv.IAdd %26, %274 : i32
// OUT:         %276 = spirv.SDiv %275, %64 : i32
// OUT:         %277 = spirv.SRem %275, %64 : i32
// OUT:         %278 = spirv.IMul %277, %65 : i32
// OUT:         %279 = spirv.IAdd %53, %276 : i32
// OUT:         %280 = spirv.IAdd %57, %278 : i32
// OUT:         %281 = spirv.SLessThan %279, %48 : bool
// OUT:         %282 = spirv.SLessThan %280, %50 : bool
// OUT:         %283 = spirv.LogicalAnd %281, %282 : bool
// OUT:         %284 = spirv.GL.SMin %279, %66 : i32
// OUT:         %285 = spirv.GL.SMin %280, %63 : i32
// OUT:         %286 = spirv.Constant 0 : i32
// OUT:         %287 = spirv.Constant 0 : i32
// OUT:         %288 = spirv.Constant 70 : i32
// OUT:         %289 = spirv.IMul %284, %288 : i32
// OUT:         %290 = spirv.IAdd %289, %285 : i32
// OUT:         %291 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %292 = spirv.Constant 0 : i32
// OUT:         %293 = spirv.AccessChain %291, %292, %290 : ptr<f16, StorageBuffer>
// OUT:         %294 = spirv.Load %293 : f16
// OUT:         %295 = spirv.Constant 0x0 : f16
// OUT:         %296 = spirv.Select %283, %294, %295 : f16
// OUT:         %297 = spirv.Constant 1280 : i32
// OUT:         %298 = spirv.IAdd %26, %297 : i32
// OUT:         %299 = spirv.SDiv %298, %64 : i32
// OUT:         %300 = spirv.SRem %298, %64 : i32
// OUT:         %301 = spirv.IMul %300, %65 : i32
// OUT:         %302 = spirv.IAdd %53, %299 : i32
// OUT:         %303 = spirv.IAdd %57, %301 : i32
// OUT:         %304 = spirv.SLessThan %302, %48 : bool
// OUT:         %305 = spirv.SLessThan %303, %50 : bool
// OUT:         %306 = spirv.LogicalAnd %304, %305 : bool
// OUT:         %307 = spirv.GL.SMin %302, %66 : i32
// OUT:         %308 = spirv.GL.SMin %303, %63 : i32
// OUT:         %309 = spirv.Constant 0 : i32
// OUT:         %310 = spirv.Constant 0 : i32
// OUT:         %311 = spirv.Constant 70 : i32
// OUT:         %312 = spirv.IMul %307, %311 : i32
// OUT:         %313 = spirv.IAdd %312, %308 : i32
// OUT:         %314 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %315 = spirv.Constant 0 : i32
// OUT:         %316 = spirv.AccessChain %314, %315, %313 : ptr<f16, StorageBuffer>
// OUT:         %317 = spirv.Load %316 : f16
// OUT:         %318 = spirv.Constant 0x0 : f16
// OUT:         %319 = spirv.Select %306, %317, %318 : f16
// OUT:         %320 = spirv.Constant 1408 : i32
// OUT:         %321 = spirv.IAdd %26, %320 : i32
// OUT:         %322 = spirv.SDiv %321, %64 : i32
// OUT:         %323 = spirv.SRem %321, %64 : i32
// OUT:         %324 = spirv.IMul %323, %65 : i32
// OUT:         %325 = spirv.IAdd %53, %322 : i32
// OUT:         %326 = spirv.IAdd %57, %324 : i32
// OUT:         %327 = spirv.SLessThan %325, %48 : bool
// OUT:         %328 = spirv.SLessThan %326, %50 : bool
// OUT:         %329 = spirv.LogicalAnd %327, %328 : bool
// OUT:         %330 = spirv.GL.SMin %325, %66 : i32
// OUT:         %331 = spirv.GL.SMin %326, %63 : i32
// OUT:         %332 = spirv.Constant 0 : i32
// OUT:         %333 = spirv.Constant 0 : i32
// OUT:         %334 = spirv.Constant 70 : i32
// OUT:         %335 = spirv.IMul %330, %334 : i32
// OUT:         %336 = spirv.IAdd %335, %331 : i32
// OUT:         %337 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %338 = spirv.Constant 0 : i32
// OUT:         %339 = spirv.AccessChain %337, %338, %336 : ptr<f16, StorageBuffer>
// OUT:         %340 = spirv.Load %339 : f16
// OUT:         %341 = spirv.Constant 0x0 : f16
// OUT:         %342 = spirv.Select %329, %340, %341 : f16
// OUT:         %343 = spirv.Constant 1536 : i32
// OUT:         %344 = spirv.IAdd %26, %343 : i32
// OUT:         %345 = spirv.SDiv %344, %64 : i32
// OUT:         %346 = spirv.SRem %344, %64 : i32
// OUT:         %347 = spirv.IMul %346, %65 : i32
// OUT:         %348 = spirv.IAdd %53, %345 : i32
// OUT:         %349 = spirv.IAdd %57, %347 : i32
// OUT:         %350 = spirv.SLessThan %348, %48 : bool
// OUT:         %351 = spirv.SLessThan %349, %50 : bool
// OUT:         %352 = spirv.LogicalAnd %350, %351 : bool
// OUT:         %353 = spirv.GL.SMin %348, %66 : i32
// OUT:         %354 = spirv.GL.SMin %349, %63 : i32
// OUT:         %355 = spirv.Constant 0 : i32
// OUT:         %356 = spirv.Constant 0 : i32
// OUT:         %357 = spirv.Constant 70 : i32
// OUT:         %358 = spirv.IMul %353, %357 : i32
// OUT:         %359 = spirv.IAdd %358, %354 : i32
// OUT:         %360 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %361 = spirv.Constant 0 : i32
// OUT:         %362 = spirv.AccessChain %360, %361, %359 : ptr<f16, StorageBuffer>
// OUT:         %363 = spirv.Load %362 : f16
// OUT:         %364 = spirv.Constant 0x0 : f16
// OUT:         %365 = spirv.Select %352, %363, %364 : f16
// OUT:         %366 = spirv.Constant 1664 : i32
// OUT:         %367 = spirv.IAdd %26, %366 : i32
// OUT:         %368 = spirv.SDiv %367, %64 : i32
// OUT:         %369 = spirv.SRem %367, %64 : i32
// OUT:         %370 = spirv.IMul %369, %65 : i32
// OUT:         %371 = spirv.IAdd %53, %368 : i32
// OUT:         %372 = spirv.IAdd %57, %370 : i32
// OUT:         %373 = spirv.SLessThan %371, %48 : bool
// OUT:         %374 = spirv.SLessThan %372, %50 : bool
// OUT:         %375 = spirv.LogicalAnd %373, %374 : bool
// OUT:         %376 = spirv.GL.SMin %371, %66 : i32
// OUT:         %377 = spirv.GL.SMin %372, %63 : i32
// OUT:         %378 = spirv.Constant 0 : i32
// OUT:         %379 = spirv.Constant 0 : i32
// OUT:         %380 = spirv.Constant 70 : i32
// OUT:         %381 = spirv.IMul %376, %380 : i32
// OUT:         %382 = spirv.IAdd %381, %377 : i32
// OUT:         %383 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %384 = spirv.Constant 0 : i32
// OUT:         %385 = spirv.AccessChain %383, %384, %382 : ptr<f16, StorageBuffer>
// OUT:         %386 = spirv.Load %385 : f16
// OUT:         %387 = spirv.Constant 0x0 : f16
// OUT:         %388 = spirv.Select %375, %386, %387 : f16
// OUT:         %389 = spirv.Constant 1792 : i32
// OUT:         %390 = spirv.IAdd %26, %389 : i32
// OUT:         %391 = spirv.SDiv %390, %64 : i32
// OUT:         %392 = spirv.SRem %390, %64 : i32
// OUT:         %393 = spirv.IMul %392, %65 : i32
// OUT:         %394 = spirv.IAdd %53, %391 : i32
// OUT:         %395 = spirv.IAdd %57, %393 : i32
// OUT:         %396 = spirv.SLessThan %394, %48 : bool
// OUT:         %397 = spirv.SLessThan %395, %50 : bool
// OUT:         %398 = spirv.LogicalAnd %396, %397 : bool
// OUT:         %399 = spirv.GL.SMin %394, %66 : i32
// OUT:         %400 = spirv.GL.SMin %395, %63 : i32
// OUT:         %401 = spirv.Constant 0 : i32
// OUT:         %402 = spirv.Constant 0 : i32
// OUT:         %403 = spirv.Constant 70 : i32
// OUT:         %404 = spirv.IMul %399, %403 : i32
// OUT:         %405 = spirv.IAdd %404, %400 : i32
// OUT:         %406 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %407 = spirv.Constant 0 : i32
// OUT:         %408 = spirv.AccessChain %406, %407, %405 : ptr<f16, StorageBuffer>
// OUT:         %409 = spirv.Load %408 : f16
// OUT:         %410 = spirv.Constant 0x0 : f16
// OUT:         %411 = spirv.Select %398, %409, %410 : f16
// OUT:         %412 = spirv.Constant 1920 : i32
// OUT:         %413 = spirv.IAdd %26, %412 : i32
// OUT:         %414 = spirv.SDiv %413, %64 : i32
// OUT:         %415 = spirv.SRem %413, %64 : i32
// OUT:         %416 = spirv.IMul %415, %65 : i32
// OUT:         %417 = spirv.IAdd %53, %414 : i32
// OUT:         %418 = spirv.IAdd %57, %416 : i32
// OUT:         %419 = spirv.SLessThan %417, %48 : bool
// OUT:         %420 = spirv.SLessThan %418, %50 : bool
// OUT:         %421 = spirv.LogicalAnd %419, %420 : bool
// OUT:         %422 = spirv.GL.SMin %417, %66 : i32
// OUT:         %423 = spirv.GL.SMin %418, %63 : i32
// OUT:         %424 = spirv.Constant 0 : i32
// OUT:         %425 = spirv.Constant 0 : i32
// OUT:         %426 = spirv.Constant 70 : i32
// OUT:         %427 = spirv.IMul %422, %426 : i32
// OUT:         %428 = spirv.IAdd %427, %423 : i32
// OUT:         %429 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %430 = spirv.Constant 0 : i32
// OUT:         %431 = spirv.AccessChain %429, %430, %428 : ptr<f16, StorageBuffer>
// OUT:         %432 = spirv.Load %431 : f16
// OUT:         %433 = spirv.Constant 0x0 : f16
// OUT:         %434 = spirv.Select %421, %432, %433 : f16
// OUT:         %435 = spirv.Constant 64 : i32
// OUT:         %436 = spirv.Constant 1 : i32
// OUT:         %437 = spirv.ISub %49, %62 : i32
// OUT:         %438 = spirv.Constant 0 : i32
// OUT:         %439 = spirv.IAdd %26, %438 : i32
// OUT:         %440 = spirv.SDiv %439, %435 : i32
// OUT:         %441 = spirv.SRem %439, %435 : i32
// OUT:         %442 = spirv.IMul %441, %436 : i32
// OUT:         %443 = spirv.IAdd %54, %442 : i32
// OUT:         %444 = spirv.IAdd %57, %440 : i32
// OUT:         %445 = spirv.SLessThan %443, %49 : bool
// OUT:         %446 = spirv.SLessThan %444, %50 : bool
// OUT:         %447 = spirv.LogicalAnd %445, %446 : bool
// OUT:         %448 = spirv.GL.SMin %443, %437 : i32
// OUT:         %449 = spirv.GL.SMin %444, %63 : i32
// OUT:         %450 = spirv.Constant 0 : i32
// OUT:         %451 = spirv.Constant 0 : i32
// OUT:         %452 = spirv.Constant 33 : i32
// OUT:         %453 = spirv.IMul %449, %452 : i32
// OUT:         %454 = spirv.IAdd %453, %448 : i32
// OUT:         %455 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %456 = spirv.Constant 0 : i32
// OUT:         %457 = spirv.AccessChain %455, %456, %454 : ptr<f16, StorageBuffer>
// OUT:         %458 = spirv.Load %457 : f16
// OUT:         %459 = spirv.Constant 0x0 : f16
// OUT:         %460 = spirv.Select %447, %458, %459 : f16
// OUT:         %461 = spirv.Constant 128 : i32
// OUT:         %462 = spirv.IAdd %26, %461 : i32
// OUT:         %463 = spirv.SDiv %462, %435 : i32
// OUT:         %464 = spirv.SRem %462, %435 : i32
// OUT:         %465 = spirv.IMul %464, %436 : i32
// OUT:         %466 = spirv.IAdd %54, %465 : i32
// OUT:         %467 = spirv.IAdd %57, %463 : i32
// OUT:         %468 = spirv.SLessThan %466, %49 : bool
// OUT:         %469 = spirv.SLessThan %467, %50 : bool
// OUT:         %470 = spirv.LogicalAnd %468, %469 : bool
// OUT:         %471 = spirv.GL.SMin %466, %437 : i32
// OUT:         %472 = spirv.GL.SMin %467, %63 : i32
// OUT:         %473 = spirv.Constant 0 : i32
// OUT:         %474 = spirv.Constant 0 : i32
// OUT:         %475 = spirv.Constant 33 : i32
// OUT:         %476 = spirv.IMul %472, %475 : i32
// OUT:         %477 = spirv.IAdd %476, %471 : i32
// OUT:         %478 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %479 = spirv.Constant 0 : i32
// OUT:         %480 = spirv.AccessChain %478, %479, %477 : ptr<f16, StorageBuffer>
// OUT:         %481 = spirv.Load %480 : f16
// OUT:         %482 = spirv.Constant 0x0 : f16
// OUT:         %483 = spirv.Select %470, %481, %482 : f16
// OUT:         %484 = spirv.Constant 256 : i32
// OUT:         %485 = spirv.IAdd %26, %484 : i32
// OUT:         %486 = spirv.SDiv %485, %435 : i32
// OUT:         %487 = spirv.SRem %485, %435 : i32
// OUT:         %488 = spirv.IMul %487, %436 : i32
// OUT:         %489 = spirv.IAdd %54, %488 : i32
// OUT:         %490 = spirv.IAdd %57, %486 : i32
// OUT:         %491 = spirv.SLessThan %489, %49 : bool
// OUT:         %492 = spirv.SLessThan %490, %50 : bool
// OUT:         %493 = spirv.LogicalAnd %491, %492 : bool
// OUT:         %494 = spirv.GL.SMin %489, %437 : i32
// OUT:         %495 = spirv.GL.SMin %490, %63 : i32
// OUT:         %496 = spirv.Constant 0 : i32
// OUT:         %497 = spirv.Constant 0 : i32
// OUT:         %498 = spirv.Constant 33 : i32
// OUT:         %499 = spirv.IMul %495, %498 : i32
// OUT:         %500 = spirv.IAdd %499, %494 : i32
// OUT:         %501 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %502 = spirv.Constant 0 : i32
// OUT:         %503 = spirv.AccessChain %501, %502, %500 : ptr<f16, StorageBuffer>
// OUT:         %504 = spirv.Load %503 : f16
// OUT:         %505 = spirv.Constant 0x0 : f16
// OUT:         %506 = spirv.Select %493, %504, %505 : f16
// OUT:         %507 = spirv.Constant 384 : i32
// OUT:         %508 = spirv.IAdd %26, %507 : i32
// OUT:         %509 = spirv.SDiv %508, %435 : i32
// OUT:         %510 = spirv.SRem %508, %435 : i32
// OUT:         %511 = spirv.IMul %510, %436 : i32
// OUT:         %512 = spirv.IAdd %54, %511 : i32
// OUT:         %513 = spirv.IAdd %57, %509 : i32
// OUT:         %514 = spirv.SLessThan %512, %49 : bool
// OUT:         %515 = spirv.SLessThan %513, %50 : bool
// OUT:         %516 = spirv.LogicalAnd %514, %515 : bool
// OUT:         %517 = spirv.GL.SMin %512, %437 : i32
// OUT:         %518 = spirv.GL.SMin %513, %63 : i32
// OUT:         %519 = spirv.Constant 0 : i32
// OUT:         %520 = spirv.Constant 0 : i32
// OUT:         %521 = spirv.Constant 33 : i32
// OUT:         %522 = spirv.IMul %518, %521 : i32
// OUT:         %523 = spirv.IAdd %522, %517 : i32
// OUT:         %524 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %525 = spirv.Constant 0 : i32
// OUT:         %526 = spirv.AccessChain %524, %525, %523 : ptr<f16, StorageBuffer>
// OUT:         %527 = spirv.Load %526 : f16
// OUT:         %528 = spirv.Constant 0x0 : f16
// OUT:         %529 = spirv.Select %516, %527, %528 : f16
// OUT:         %530 = spirv.Constant 512 : i32
// OUT:         %531 = spirv.IAdd %26, %530 : i32
// OUT:         %532 = spirv.SDiv %531, %435 : i32
// OUT:         %533 = spirv.SRem %531, %435 : i32
// OUT:         %534 = spirv.IMul %533, %436 : i32
// OUT:         %535 = spirv.IAdd %54, %534 : i32
// OUT:         %536 = spirv.IAdd %57, %532 : i32
// OUT:         %537 = spirv.SLessThan %535, %49 : bool
// OUT:         %538 = spirv.SLessThan %536, %50 : bool
// OUT:         %539 = spirv.LogicalAnd %537, %538 : bool
// OUT:         %540 = spirv.GL.SMin %535, %437 : i32
// OUT:         %541 = spirv.GL.SMin %536, %63 : i32
// OUT:         %542 = spirv.Constant 0 : i32
// OUT:         %543 = spirv.Constant 0 : i32
// OUT:         %544 = spirv.Constant 33 : i32
// OUT:         %545 = spirv.IMul %541, %544 : i32
// OUT:         %546 = spirv.IAdd %545, %540 : i32
// OUT:         %547 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %548 = spirv.Constant 0 : i32
// OUT:         %549 = spirv.AccessChain %547, %548, %546 : ptr<f16, StorageBuffer>
// OUT:         %550 = spirv.Load %549 : f16
// OUT:         %551 = spirv.Constant 0x0 : f16
// OUT:         %552 = spirv.Select %539, %550, %551 : f16
// OUT:         %553 = spirv.Constant 640 : i32
// OUT:         %554 = spirv.IAdd %26, %553 : i32
// OUT:         %555 = spirv.SDiv %554, %435 : i32
// OUT:         %556 = spirv.SRem %554, %435 : i32
// OUT:         %557 = spirv.IMul %556, %436 : i32
// OUT:         %558 = spirv.IAdd %54, %557 : i32
// OUT:         %559 = spirv.IAdd %57, %555 : i32
// OUT:         %560 = spirv.SLessThan %558, %49 : bool
// OUT:         %561 = spirv.SLessThan %559, %50 : bool
// OUT:         %562 = spirv.LogicalAnd %560, %561 : bool
// OUT:         %563 = spirv.GL.SMin %558, %437 : i32
// OUT:         %564 = spirv.GL.SMin %559, %63 : i32
// OUT:         %565 = spirv.Constant 0 : i32
// OUT:         %566 = spirv.Constant 0 : i32
// OUT:         %567 = spirv.Constant 33 : i32
// OUT:         %568 = spirv.IMul %564, %567 : i32
// OUT:         %569 = spirv.IAdd %568, %563 : i32
// OUT:         %570 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %571 = spirv.Constant 0 : i32
// OUT:         %572 = spirv.AccessChain %570, %571, %569 : ptr<f16, StorageBuffer>
// OUT:         %573 = spirv.Load %572 : f16
// OUT:         %574 = spirv.Constant 0x0 : f16
// OUT:         %575 = spirv.Select %562, %573, %574 : f16
// OUT:         %576 = spirv.Constant 768 : i32
// OUT:         %577 = spirv.IAdd %26, %576 : i32
// OUT:         %578 = spirv.SDiv %577, %435 : i32
// OUT:         %579 = spirv.SRem %577, %435 : i32
// OUT:         %580 = spirv.IMul %579, %436 : i32
// OUT:         %581 = spirv.IAdd %54, %580 : i32
// OUT:         %582 = spirv.IAdd %57, %578 : i32
// OUT:         %583 = spirv.SLessThan %581, %49 : bool
// OUT:         %584 = spirv.SLessThan %582, %50 : bool
// OUT:         %585 = spirv.LogicalAnd %583, %584 : bool
// OUT:         %586 = spirv.GL.SMin %581, %437 : i32
// OUT:         %587 = spirv.GL.SMin %582, %63 : i32
// OUT:         %588 = spirv.Constant 0 : i32
// OUT:         %589 = spirv.Constant 0 : i32
// OUT:         %590 = spirv.Constant 33 : i32
// OUT:         %591 = spirv.IMul %587, %590 : i32
// OUT:         %592 = spirv.IAdd %591, %586 : i32
// OUT:         %593 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %594 = spirv.Constant 0 : i32
// OUT:         %595 = spirv.AccessChain %593, %594, %592 : ptr<f16, StorageBuffer>
// OUT:         %596 = spirv.Load %595 : f16
// OUT:         %597 = spirv.Constant 0x0 : f16
// OUT:         %598 = spirv.Select %585, %596, %597 : f16
// OUT:         %599 = spirv.Constant 896 : i32
// OUT:         %600 = spirv.IAdd %26, %599 : i32
// OUT:         %601 = spirv.SDiv %600, %435 : i32
// OUT:         %602 = spirv.SRem %600, %435 : i32
// OUT:         %603 = spirv.IMul %602, %436 : i32
// OUT:         %604 = spirv.IAdd %54, %603 : i32
// OUT:         %605 = spirv.IAdd %57, %601 : i32
// OUT:         %606 = spirv.SLessThan %604, %49 : bool
// OUT:         %607 = spirv.SLessThan %605, %50 : bool
// OUT:         %608 = spirv.LogicalAnd %606, %607 : bool
// OUT:         %609 = spirv.GL.SMin %604, %437 : i32
// OUT:         %610 = spirv.GL.SMin %605, %63 : i32
// OUT:         %611 = spirv.Constant 0 : i32
// OUT:         %612 = spirv.Constant 0 : i32
// OUT:         %613 = spirv.Constant 33 : i32
// OUT:         %614 = spirv.IMul %610, %613 : i32
// OUT:         %615 = spirv.IAdd %614, %609 : i32
// OUT:         %616 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %617 = spirv.Constant 0 : i32
// OUT:         %618 = spirv.AccessChain %616, %617, %615 : ptr<f16, StorageBuffer>
// OUT:         %619 = spirv.Load %618 : f16
// OUT:         %620 = spirv.Constant 0x0 : f16
// OUT:         %621 = spirv.Select %608, %619, %620 : f16
// OUT:         %622 = spirv.Constant 1024 : i32
// OUT:         %623 = spirv.IAdd %26, %622 : i32
// OUT:         %624 = spirv.SDiv %623, %435 : i32
// OUT:         %625 = spirv.SRem %623, %435 : i32
// OUT:         %626 = spirv.IMul %625, %436 : i32
// OUT:         %627 = spirv.IAdd %54, %626 : i32
// OUT:         %628 = spirv.IAdd %57, %624 : i32
// OUT:         %629 = spirv.SLessThan %627, %49 : bool
// OUT:         %630 = spirv.SLessThan %628, %50 : bool
// OUT:         %631 = spirv.LogicalAnd %629, %630 : bool
// OUT:         %632 = spirv.GL.SMin %627, %437 : i32
// OUT:         %633 = spirv.GL.SMin %628, %63 : i32
// OUT:         %634 = spirv.Constant 0 : i32
// OUT:         %635 = spirv.Constant 0 : i32
// OUT:         %636 = spirv.Constant 33 : i32
// OUT:         %637 = spirv.IMul %633, %636 : i32
// OUT:         %638 = spirv.IAdd %637, %632 : i32
// OUT:         %639 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %640 = spirv.Constant 0 : i32
// OUT:         %641 = spirv.AccessChain %639, %640, %638 : ptr<f16, StorageBuffer>
// OUT:         %642 = spirv.Load %641 : f16
// OUT:         %643 = spirv.Constant 0x0 : f16
// OUT:         %644 = spirv.Select %631, %642, %643 : f16
// OUT:         %645 = spirv.Constant 1152 : i32
// OUT:         %646 = spirv.IAdd %26, %645 : i32
// OUT:         %647 = spirv.SDiv %646, %435 : i32
// OUT:         %648 = spirv.SRem %646, %435 : i32
// OUT:         %649 = spirv.IMul %648, %436 : i32
// OUT:         %650 = spirv.IAdd %54, %649 : i32
// OUT:         %651 = spirv.IAdd %57, %647 : i32
// OUT:         %652 = spirv.SLessThan %650, %49 : bool
// OUT:         %653 = spirv.SLessThan %651, %50 : bool
// OUT:         %654 = spirv.LogicalAnd %652, %653 : bool
// OUT:         %655 = spirv.GL.SMin %650, %437 : i32
// OUT:         %656 = spirv.GL.SMin %651, %63 : i32
// OUT:         %657 = spirv.Constant 0 : i32
// OUT:         %658 = spirv.Constant 0 : i32
// OUT:         %659 = spirv.Constant 33 : i32
// OUT:         %660 = spirv.IMul %656, %659 : i32
// OUT:         %661 = spirv.IAdd %660, %655 : i32
// OUT:         %662 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %663 = spirv.Constant 0 : i32
// OUT:         %664 = spirv.AccessChain %662, %663, %661 : ptr<f16, StorageBuffer>
// OUT:         %665 = spirv.Load %664 : f16
// OUT:         %666 = spirv.Constant 0x0 : f16
// OUT:         %667 = spirv.Select %654, %665, %666 : f16
// OUT:         %668 = spirv.Constant 1280 : i32
// OUT:         %669 = spirv.IAdd %26, %668 : i32
// OUT:         %670 = spirv.SDiv %669, %435 : i32
// OUT:         %671 = spirv.SRem %669, %435 : i32
// OUT:         %672 = spirv.IMul %671, %436 : i32
// OUT:         %673 = spirv.IAdd %54, %672 : i32
// OUT:         %674 = spirv.IAdd %57, %670 : i32
// OUT:         %675 = spirv.SLessThan %673, %49 : bool
// OUT:         %676 = spirv.SLessThan %674, %50 : bool
// OUT:         %677 = spirv.LogicalAnd %675, %676 : bool
// OUT:         %678 = spirv.GL.SMin %673, %437 : i32
// OUT:         %679 = spirv.GL.SMin %674, %63 : i32
// OUT:         %680 = spirv.Constant 0 : i32
// OUT:         %681 = spirv.Constant 0 : i32
// OUT:         %682 = spirv.Constant 33 : i32
// OUT:         %683 = spirv.IMul %679, %682 : i32
// OUT:         %684 = spirv.IAdd %683, %678 : i32
// OUT:         %685 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %686 = spirv.Constant 0 : i32
// OUT:         %687 = spirv.AccessChain %685, %686, %684 : ptr<f16, StorageBuffer>
// OUT:         %688 = spirv.Load %687 : f16
// OUT:         %689 = spirv.Constant 0x0 : f16
// OUT:         %690 = spirv.Select %677, %688, %689 : f16
// OUT:         %691 = spirv.Constant 1408 : i32
// OUT:         %692 = spirv.IAdd %26, %691 : i32
// OUT:         %693 = spirv.SDiv %692, %435 : i32
// OUT:         %694 = spirv.SRem %692, %435 : i32
// OUT:         %695 = spirv.IMul %694, %436 : i32
// OUT:         %696 = spirv.IAdd %54, %695 : i32
// OUT:         %697 = spirv.IAdd %57, %693 : i32
// OUT:         %698 = spirv.SLessThan %696, %49 : bool
// OUT:         %699 = spirv.SLessThan %697, %50 : bool
// OUT:         %700 = spirv.LogicalAnd %698, %699 : bool
// OUT:         %701 = spirv.GL.SMin %696, %437 : i32
// OUT:         %702 = spirv.GL.SMin %697, %63 : i32
// OUT:         %703 = spirv.Constant 0 : i32
// OUT:         %704 = spirv.Constant 0 : i32
// OUT:         %705 = spirv.Constant 33 : i32
// OUT:         %706 = spirv.IMul %702, %705 : i32
// OUT:         %707 = spirv.IAdd %706, %701 : i32
// OUT:         %708 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %709 = spirv.Constant 0 : i32
// OUT:         %710 = spirv.AccessChain %708, %709, %707 : ptr<f16, StorageBuffer>
// OUT:         %711 = spirv.Load %710 : f16
// OUT:         %712 = spirv.Constant 0x0 : f16
// OUT:         %713 = spirv.Select %700, %711, %712 : f16
// OUT:         %714 = spirv.Constant 1536 : i32
// OUT:         %715 = spirv.IAdd %26, %714 : i32
// OUT:         %716 = spirv.SDiv %715, %435 : i32
// OUT:         %717 = spirv.SRem %715, %435 : i32
// OUT:         %718 = spirv.IMul %717, %436 : i32
// OUT:         %719 = spirv.IAdd %54, %718 : i32
// OUT:         %720 = spirv.IAdd %57, %716 : i32
// OUT:         %721 = spirv.SLessThan %719, %49 : bool
// OUT:         %722 = spirv.SLessThan %720, %50 : bool
// OUT:         %723 = spirv.LogicalAnd %721, %722 : bool
// OUT:         %724 = spirv.GL.SMin %719, %437 : i32
// OUT:         %725 = spirv.GL.SMin %720, %63 : i32
// OUT:         %726 = spirv.Constant 0 : i32
// OUT:         %727 = spirv.Constant 0 : i32
// OUT:         %728 = spirv.Constant 33 : i32
// OUT:         %729 = spirv.IMul %725, %728 : i32
// OUT:         %730 = spirv.IAdd %729, %724 : i32
// OUT:         %731 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %732 = spirv.Constant 0 : i32
// OUT:         %733 = spirv.AccessChain %731, %732, %730 : ptr<f16, StorageBuffer>
// OUT:         %734 = spirv.Load %733 : f16
// OUT:         %735 = spirv.Constant 0x0 : f16
// OUT:         %736 = spirv.Select %723, %734, %735 : f16
// OUT:         %737 = spirv.Constant 1664 : i32
// OUT:         %738 = spirv.IAdd %26, %737 : i32
// OUT:         %739 = spirv.SDiv %738, %435 : i32
// OUT:         %740 = spirv.SRem %738, %435 : i32
// OUT:         %741 = spirv.IMul %740, %436 : i32
// OUT:         %742 = spirv.IAdd %54, %741 : i32
// OUT:         %743 = spirv.IAdd %57, %739 : i32
// OUT:         %744 = spirv.SLessThan %742, %49 : bool
// OUT:         %745 = spirv.SLessThan %743, %50 : bool
// OUT:         %746 = spirv.LogicalAnd %744, %745 : bool
// OUT:         %747 = spirv.GL.SMin %742, %437 : i32
// OUT:         %748 = spirv.GL.SMin %743, %63 : i32
// OUT:         %749 = spirv.Constant 0 : i32
// OUT:         %750 = spirv.Constant 0 : i32
// OUT:         %751 = spirv.Constant 33 : i32
// OUT:         %752 = spirv.IMul %748, %751 : i32
// OUT:         %753 = spirv.IAdd %752, %747 : i32
// OUT:         %754 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %755 = spirv.Constant 0 : i32
// OUT:         %756 = spirv.AccessChain %754, %755, %753 : ptr<f16, StorageBuffer>
// OUT:         %757 = spirv.Load %756 : f16
// OUT:         %758 = spirv.Constant 0x0 : f16
// OUT:         %759 = spirv.Select %746, %757, %758 : f16
// OUT:         %760 = spirv.Constant 1792 : i32
// OUT:         %761 = spirv.IAdd %26, %760 : i32
// OUT:         %762 = spirv.SDiv %761, %435 : i32
// OUT:         %763 = spirv.SRem %761, %435 : i32
// OUT:         %764 = spirv.IMul %763, %436 : i32
// OUT:         %765 = spirv.IAdd %54, %764 : i32
// OUT:         %766 = spirv.IAdd %57, %762 : i32
// OUT:         %767 = spirv.SLessThan %765, %49 : bool
// OUT:         %768 = spirv.SLessThan %766, %50 : bool
// OUT:         %769 = spirv.LogicalAnd %767, %768 : bool
// OUT:         %770 = spirv.GL.SMin %765, %437 : i32
// OUT:         %771 = spirv.GL.SMin %766, %63 : i32
// OUT:         %772 = spirv.Constant 0 : i32
// OUT:         %773 = spirv.Constant 0 : i32
// OUT:         %774 = spirv.Constant 33 : i32
// OUT:         %775 = spirv.IMul %771, %774 : i32
// OUT:         %776 = spirv.IAdd %775, %770 : i32
// OUT:         %777 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %778 = spirv.Constant 0 : i32
// OUT:         %779 = spirv.AccessChain %777, %778, %776 : ptr<f16, StorageBuffer>
// OUT:         %780 = spirv.Load %779 : f16
// OUT:         %781 = spirv.Constant 0x0 : f16
// OUT:         %782 = spirv.Select %769, %780, %781 : f16
// OUT:         %783 = spirv.Constant 1920 : i32
// OUT:         %784 = spirv.IAdd %26, %783 : i32
// OUT:         %785 = spirv.SDiv %784, %435 : i32
// OUT:         %786 = spirv.SRem %784, %435 : i32
// OUT:         %787 = spirv.IMul %786, %436 : i32
// OUT:         %788 = spirv.IAdd %54, %787 : i32
// OUT:         %789 = spirv.IAdd %57, %785 : i32
// OUT:         %790 = spirv.SLessThan %788, %49 : bool
// OUT:         %791 = spirv.SLessThan %789, %50 : bool
// OUT:         %792 = spirv.LogicalAnd %790, %791 : bool
// OUT:         %793 = spirv.GL.SMin %788, %437 : i32
// OUT:         %794 = spirv.GL.SMin %789, %63 : i32
// OUT:         %795 = spirv.Constant 0 : i32
// OUT:         %796 = spirv.Constant 0 : i32
// OUT:         %797 = spirv.Constant 33 : i32
// OUT:         %798 = spirv.IMul %794, %797 : i32
// OUT:         %799 = spirv.IAdd %798, %793 : i32
// OUT:         %800 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %801 = spirv.Constant 0 : i32
// OUT:         %802 = spirv.AccessChain %800, %801, %799 : ptr<f16, StorageBuffer>
// OUT:         %803 = spirv.Load %802 : f16
// OUT:         %804 = spirv.Constant 0x0 : f16
// OUT:         %805 = spirv.Select %792, %803, %804 : f16
// OUT:         %806 = spirv.Constant 2560 : i32
// OUT:         %807 = spirv.Constant 2304 : i32
// OUT:         %808 = spirv.IMul %57, %806 : i32
// OUT:         %809 = spirv.IMul %57, %807 : i32
// OUT:         %810 = spirv.IMul %69, %55 : i32
// OUT:         %811 = spirv.IAdd %810, %71 : i32
// OUT:         %812 = spirv.IAdd %811, %808 : i32
// OUT:         %813 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:         %814 = spirv.AccessChain %813, %812 : ptr<f16, Workgroup>
// OUT:         spirv.Store %814, %89
// OUT:         %815 = spirv.IMul %92, %55 : i32
// OUT:         %816 = spirv.IAdd %815, %94 : i32
// OUT:         %817 = spirv.IAdd %816, %808 : i32
// OUT:         %818 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:         %819 = spirv.AccessChain %818, %817 : ptr<f16, Workgroup>
// OUT:         spirv.Store %819, %112
// OUT:         %820 = spirv.IMul %115, %55 : i32
// OUT:         %821 = spirv.IAdd %820, %117 : i32
// OUT:         %822 = spirv.IAdd %821, %808 : i32
// OUT:         %823 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:         %824 = spirv.AccessChain %823, %822 : ptr<f16, Workgroup>
// OUT:         spirv.Store %824, %135
// OUT:         %825 = spirv.IMul %138, %55 : i32
// OUT:         %826 = spirv.IAdd %825, %140 : i32
// OUT:         %827 = spirv.IAdd %826, %808 : i32
// OUT:         %828 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:         %829 = spirv.AccessChain %828, %827 : ptr<f16, Workgroup>
// OUT:         spirv.Store %829, %158
// OUT:         %830 = spirv.IMul %161, %55 : i32
// OUT:         %831 = spirv.IAdd %830, %163 : i32
// OUT:         %832 = spirv.IAdd %831, %808 : i32
// OUT:         %833 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:         %834 = spirv.AccessChain %833, %832 : ptr<f16, Workgroup>
// OUT:         spirv.Store %834, %181
// OUT:         %835 = spirv.IMul %184, %55 : i32
// OUT:         %836 = spirv.IAdd %835, %186 : i32
// OUT:         %837 = spirv.IAdd %836, %808 : i32
// OUT:         %838 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:         %839 = spirv.AccessChain %838, %837 : ptr<f16, Workgroup>
// OUT:         spirv.Store %839, %204
// OUT:         %840 = spirv.IMul %207, %55 : i32
// OUT:         %841 = spirv.IAdd %840, %209 : i32
// OUT:         %842 = spirv.IAdd %841, %808 : i32
// OUT:         %843 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:         %844 = spirv.AccessChain %843, %842 : ptr<f16, Workgroup>
// OUT:         spirv.Store %844, %227
// OUT:         %845 = spirv.IMul %230, %55 : i32
// OUT:         %846 = spirv.IAdd %845, %232 : i32
// OUT:         %847 = spirv.IAdd %846, %808 : i32
// OUT:         %848 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:         %849 = spirv.AccessChain %848, %847 : ptr<f16, Workgroup>
// OUT:         spirv.Store %849, %250
// OUT:         %850 = spirv.IMul %253, %55 : i32
// OUT:         %851 = spirv.IAdd %850, %255 : i32
// OUT:         %852 = spirv.IAdd %851, %808 : i32
// OUT:         %853 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:         %854 = spirv.AccessChain %853, %852 : ptr<f16, Workgroup>
// OUT:         spirv.Store %854, %273
// OUT:         %855 = spirv.IMul %276, %55 : i32
// OUT:         %856 = spirv.IAdd %855, %278 : i32
// OUT:         %857 = spirv.IAdd %856, %808 : i32
// OUT:         %858 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:         %859 = spirv.AccessChain %858, %857 : ptr<f16, Workgroup>
// OUT:         spirv.Store %859, %296
// OUT:         %860 = spirv.IMul %299, %55 : i32
// OUT:         %861 = spirv.IAdd %860, %301 : i32
// OUT:         %862 = spirv.IAdd %861, %808 : i32
// OUT:         %863 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:         %864 = spirv.AccessChain %863, %862 : ptr<f16, Workgroup>
// OUT:         spirv.Store %864, %319
// OUT:         %865 = spirv.IMul %322, %55 : i32
// OUT:         %866 = spirv.IAdd %865, %324 : i32
// OUT:         %867 = spirv.IAdd %866, %808 : i32
// OUT:         %868 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:         %869 = spirv.AccessChain %868, %867 : ptr<f16, Workgroup>
// OUT:         spirv.Store %869, %342
// OUT:         %870 = spirv.IMul %345, %55 : i32
// OUT:         %871 = spirv.IAdd %870, %347 : i32
// OUT:         %872 = spirv.IAdd %871, %808 : i32
// OUT:         %873 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:         %874 = spirv.AccessChain %873, %872 : ptr<f16, Workgroup>
// OUT:         spirv.Store %874, %365
// OUT:         %875 = spirv.IMul %368, %55 : i32
// OUT:         %876 = spirv.IAdd %875, %370 : i32
// OUT:         %877 = spirv.IAdd %876, %808 : i32
// OUT:         %878 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:         %879 = spirv.AccessChain %878, %877 : ptr<f16, Workgroup>
// OUT:         spirv.Store %879, %388
// OUT:         %880 = spirv.IMul %391, %55 : i32
// OUT:         %881 = spirv.IAdd %880, %393 : i32
// OUT:         %882 = spirv.IAdd %881, %808 : i32
// OUT:         %883 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:         %884 = spirv.AccessChain %883, %882 : ptr<f16, Workgroup>
// OUT:         spirv.Store %884, %411
// OUT:         %885 = spirv.IMul %414, %55 : i32
// OUT:         %886 = spirv.IAdd %885, %416 : i32
// OUT:         %887 = spirv.IAdd %886, %808 : i32
// OUT:         %888 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:         %889 = spirv.AccessChain %888, %887 : ptr<f16, Workgroup>
// OUT:         spirv.Store %889, %434
// OUT:         %890 = spirv.IMul %440, %56 : i32
// OUT:         %891 = spirv.IAdd %890, %442 : i32
// OUT:         %892 = spirv.IAdd %891, %809 : i32
// OUT:         %893 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:         %894 = spirv.AccessChain %893, %892 : ptr<f16, Workgroup>
// OUT:         spirv.Store %894, %460
// OUT:         %895 = spirv.IMul %463, %56 : i32
// OUT:         %896 = spirv.IAdd %895, %465 : i32
// OUT:         %897 = spirv.IAdd %896, %809 : i32
// OUT:         %898 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:         %899 = spirv.AccessChain %898, %897 : ptr<f16, Workgroup>
// OUT:         spirv.Store %899, %483
// OUT:         %900 = spirv.IMul %486, %56 : i32
// OUT:         %901 = spirv.IAdd %900, %488 : i32
// OUT:         %902 = spirv.IAdd %901, %809 : i32
// OUT:         %903 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:         %904 = spirv.AccessChain %903, %902 : ptr<f16, Workgroup>
// OUT:         spirv.Store %904, %506
// OUT:         %905 = spirv.IMul %509, %56 : i32
// OUT:         %906 = spirv.IAdd %905, %511 : i32
// OUT:         %907 = spirv.IAdd %906, %809 : i32
// OUT:         %908 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:         %909 = spirv.AccessChain %908, %907 : ptr<f16, Workgroup>
// OUT:         spirv.Store %909, %529
// OUT:         %910 = spirv.IMul %532, %56 : i32
// OUT:         %911 = spirv.IAdd %910, %534 : i32
// OUT:         %912 = spirv.IAdd %911, %809 : i32
// OUT:         %913 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:         %914 = spirv.AccessChain %913, %912 : ptr<f16, Workgroup>
// OUT:         spirv.Store %914, %552
// OUT:         %915 = spirv.IMul %555, %56 : i32
// OUT:         %916 = spirv.IAdd %915, %557 : i32
// OUT:         %917 = spirv.IAdd %916, %809 : i32
// OUT:         %918 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:         %919 = spirv.AccessChain %918, %917 : ptr<f16, Workgroup>
// OUT:         spirv.Store %919, %575
// OUT:         %920 = spirv.IMul %578, %56 : i32
// OUT:         %921 = spirv.IAdd %920, %580 : i32
// OUT:         %922 = spirv.IAdd %921, %809 : i32
// OUT:         %923 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:         %924 = spirv.AccessChain %923, %922 : ptr<f16, Workgroup>
// OUT:         spirv.Store %924, %598
// OUT:         %925 = spirv.IMul %601, %56 : i32
// OUT:         %926 = spirv.IAdd %925, %603 : i32
// OUT:         %927 = spirv.IAdd %926, %809 : i32
// OUT:         %928 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:         %929 = spirv.AccessChain %928, %927 : ptr<f16, Workgroup>
// OUT:         spirv.Store %929, %621
// OUT:         %930 = spirv.IMul %624, %56 : i32
// OUT:         %931 = spirv.IAdd %930, %626 : i32
// OUT:         %932 = spirv.IAdd %931, %809 : i32
// OUT:         %933 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:         %934 = spirv.AccessChain %933, %932 : ptr<f16, Workgroup>
// OUT:         spirv.Store %934, %644
// OUT:         %935 = spirv.IMul %647, %56 : i32
// OUT:         %936 = spirv.IAdd %935, %649 : i32
// OUT:         %937 = spirv.IAdd %936, %809 : i32
// OUT:         %938 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:         %939 = spirv.AccessChain %938, %937 : ptr<f16, Workgroup>
// OUT:         spirv.Store %939, %667
// OUT:         %940 = spirv.IMul %670, %56 : i32
// OUT:         %941 = spirv.IAdd %940, %672 : i32
// OUT:         %942 = spirv.IAdd %941, %809 : i32
// OUT:         %943 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:         %944 = spirv.AccessChain %943, %942 : ptr<f16, Workgroup>
// OUT:         spirv.Store %944, %690
// OUT:         %945 = spirv.IMul %693, %56 : i32
// OUT:         %946 = spirv.IAdd %945, %695 : i32
// OUT:         %947 = spirv.IAdd %946, %809 : i32
// OUT:         %948 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:         %949 = spirv.AccessChain %948, %947 : ptr<f16, Workgroup>
// OUT:         spirv.Store %949, %713
// OUT:         %950 = spirv.IMul %716, %56 : i32
// OUT:         %951 = spirv.IAdd %950, %718 : i32
// OUT:         %952 = spirv.IAdd %951, %809 : i32
// OUT:         %953 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:         %954 = spirv.AccessChain %953, %952 : ptr<f16, Workgroup>
// OUT:         spirv.Store %954, %736
// OUT:         %955 = spirv.IMul %739, %56 : i32
// OUT:         %956 = spirv.IAdd %955, %741 : i32
// OUT:         %957 = spirv.IAdd %956, %809 : i32
// OUT:         %958 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:         %959 = spirv.AccessChain %958, %957 : ptr<f16, Workgroup>
// OUT:         spirv.Store %959, %759
// OUT:         %960 = spirv.IMul %762, %56 : i32
// OUT:         %961 = spirv.IAdd %960, %764 : i32
// OUT:         %962 = spirv.IAdd %961, %809 : i32
// OUT:         %963 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:         %964 = spirv.AccessChain %963, %962 : ptr<f16, Workgroup>
// OUT:         spirv.Store %964, %782
// OUT:         %965 = spirv.IMul %785, %56 : i32
// OUT:         %966 = spirv.IAdd %965, %787 : i32
// OUT:         %967 = spirv.IAdd %966, %809 : i32
// OUT:         %968 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:         %969 = spirv.AccessChain %968, %967 : ptr<f16, Workgroup>
// OUT:         spirv.Store %969, %805
// OUT:         spirv.ControlBarrier scope<Workgroup>, scope<Workgroup>, semantics<ACQUIRE_RELEASE|WORKGROUP_MEMORY>
// OUT:         spirv.mlir.loop {
// OUT:           ^bb4:
// OUT:             spirv.Branch ^bb5(%57)
// OUT:           ^bb5(%970: i32):
// OUT:             %971 = spirv.SLessThan %970, %50 : bool
// OUT:             spirv.BranchConditional %971, ^bb6, ^bb8
// OUT:           ^bb6:
// OUT:             %972 = spirv.SDiv %970, %60 : i32
// OUT:             %973 = spirv.SRem %972, %59 : i32
// OUT:             %974 = spirv.Constant 2560 : i32
// OUT:             %975 = spirv.Constant 2304 : i32
// OUT:             %976 = spirv.IMul %973, %974 : i32
// OUT:             %977 = spirv.IMul %973, %975 : i32
// OUT:             %978 = spirv.IAdd %970, %60 : i32
// OUT:             %979 = spirv.Constant 0 : i32
// OUT:             %980 = spirv.Constant 1 : i32
// OUT:             %981 = spirv.ISub %50, %980 : i32
// OUT:             %982 = spirv.Constant 32 : i32
// OUT:             %983 = spirv.Constant 1 : i32
// OUT:             %984 = spirv.ISub %48, %980 : i32
// OUT:             %985 = spirv.Constant 0 : i32
// OUT:             %986 = spirv.IAdd %26, %985 : i32
// OUT:             %987 = spirv.SDiv %986, %982 : i32
// OUT:             %988 = spirv.SRem %986, %982 : i32
// OUT:             %989 = spirv.IMul %988, %983 : i32
// OUT:             %990 = spirv.IAdd %53, %987 : i32
// OUT:             %991 = spirv.IAdd %978, %989 : i32
// OUT:             %992 = spirv.SLessThan %990, %48 : bool
// OUT:             %993 = spirv.SLessThan %991, %50 : bool
// OUT:             %994 = spirv.LogicalAnd %992, %993 : bool
// OUT:             %995 = spirv.GL.SMin %990, %984 : i32
// OUT:             %996 = spirv.GL.SMin %991, %981 : i32
// OUT:             %997 = spirv.Constant 0 : i32
// OUT:             %998 = spirv.Constant 0 : i32
// OUT:             %999 = spirv.Constant 70 : i32
// OUT:             %1000 = spirv.IMul %995, %999 : i32
// OUT:             %1001 = spirv.IAdd %1000, %996 : i32
// OUT:             %1002 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1003 = spirv.Constant 0 : i32
// OUT:             %1004 = spirv.AccessChain %1002, %1003, %1001 : ptr<f16, StorageBuffer>
// OUT:             %1005 = spirv.Load %1004 : f16
// OUT:             %1006 = spirv.Constant 0x0 : f16
// OUT:             %1007 = spirv.Select %994, %1005, %1006 : f16
// OUT:             %1008 = spirv.Constant 128 : i32
// OUT:             %1009 = spirv.IAdd %26, %1008 : i32
// OUT:             %1010 = spirv.SDiv %1009, %982 : i32
// OUT:             %1011 = spirv.SRem %1009, %982 : i32
// OUT:             %1012 = spirv.IMul %1011, %983 : i32
// OUT:             %1013 = spirv.IAdd %53, %1010 : i32
// OUT:             %1014 = spirv.IAdd %978, %1012 : i32
// OUT:             %1015 = spirv.SLessThan %1013, %48 : bool
// OUT:             %1016 = spirv.SLessThan %1014, %50 : bool
// OUT:             %1017 = spirv.LogicalAnd %1015, %1016 : bool
// OUT:             %1018 = spirv.GL.SMin %1013, %984 : i32
// OUT:             %1019 = spirv.GL.SMin %1014, %981 : i32
// OUT:             %1020 = spirv.Constant 0 : i32
// OUT:             %1021 = spirv.Constant 0 : i32
// OUT:             %1022 = spirv.Constant 70 : i32
// OUT:             %1023 = spirv.IMul %1018, %1022 : i32
// OUT:             %1024 = spirv.IAdd %1023, %1019 : i32
// OUT:             %1025 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1026 = spirv.Constant 0 : i32
// OUT:             %1027 = spirv.AccessChain %1025, %1026, %1024 : ptr<f16, StorageBuffer>
// OUT:             %1028 = spirv.Load %1027 : f16
// OUT:             %1029 = spirv.Constant 0x0 : f16
// OUT:             %1030 = spirv.Select %1017, %1028, %1029 : f16
// OUT:             %1031 = spirv.Constant 256 : i32
// OUT:             %1032 = spirv.IAdd %26, %1031 : i32
// OUT:             %1033 = spirv.SDiv %1032, %982 : i32
// OUT:             %1034 = spirv.SRem %1032, %982 : i32
// OUT:             %1035 = spirv.IMul %1034, %983 : i32
// OUT:             %1036 = spirv.IAdd %53, %1033 : i32
// OUT:             %1037 = spirv.IAdd %978, %1035 : i32
// OUT:             %1038 = spirv.SLessThan %1036, %48 : bool
// OUT:             %1039 = spirv.SLessThan %1037, %50 : bool
// OUT:             %1040 = spirv.LogicalAnd %1038, %1039 : bool
// OUT:             %1041 = spirv.GL.SMin %1036, %984 : i32
// OUT:             %1042 = spirv.GL.SMin %1037, %981 : i32
// OUT:             %1043 = spirv.Constant 0 : i32
// OUT:             %1044 = spirv.Constant 0 : i32
// OUT:             %1045 = spirv.Constant 70 : i32
// OUT:             %1046 = spirv.IMul %1041, %1045 : i32
// OUT:             %1047 = spirv.IAdd %1046, %1042 : i32
// OUT:             %1048 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1049 = spirv.Constant 0 : i32
// OUT:             %1050 = spirv.AccessChain %1048, %1049, %1047 : ptr<f16, StorageBuffer>
// OUT:             %1051 = spirv.Load %1050 : f16
// OUT:             %1052 = spirv.Constant 0x0 : f16
// OUT:             %1053 = spirv.Select %1040, %1051, %1052 : f16
// OUT:             %1054 = spirv.Constant 384 : i32
// OUT:             %1055 = spirv.IAdd %26, %1054 : i32
// OUT:             %1056 = spirv.SDiv %1055, %982 : i32
// OUT:             %1057 = spirv.SRem %1055, %982 : i32
// OUT:             %1058 = spirv.IMul %1057, %983 : i32
// OUT:             %1059 = spirv.IAdd %53, %1056 : i32
// OUT:             %1060 = spirv.IAdd %978, %1058 : i32
// OUT:             %1061 = spirv.SLessThan %1059, %48 : bool
// OUT:             %1062 = spirv.SLessThan %1060, %50 : bool
// OUT:             %1063 = spirv.LogicalAnd %1061, %1062 : bool
// OUT:             %1064 = spirv.GL.SMin %1059, %984 : i32
// OUT:             %1065 = spirv.GL.SMin %1060, %981 : i32
// OUT:             %1066 = spirv.Constant 0 : i32
// OUT:             %1067 = spirv.Constant 0 : i32
// OUT:             %1068 = spirv.Constant 70 : i32
// OUT:             %1069 = spirv.IMul %1064, %1068 : i32
// OUT:             %1070 = spirv.IAdd %1069, %1065 : i32
// OUT:             %1071 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1072 = spirv.Constant 0 : i32
// OUT:             %1073 = spirv.AccessChain %1071, %1072, %1070 : ptr<f16, StorageBuffer>
// OUT:             %1074 = spirv.Load %1073 : f16
// OUT:             %1075 = spirv.Constant 0x0 : f16
// OUT:             %1076 = spirv.Select %1063, %1074, %1075 : f16
// OUT:             %1077 = spirv.Constant 512 : i32
// OUT:             %1078 = spirv.IAdd %26, %1077 : i32
// OUT:             %1079 = spirv.SDiv %1078, %982 : i32
// OUT:             %1080 = spirv.SRem %1078, %982 : i32
// OUT:             %1081 = spirv.IMul %1080, %983 : i32
// OUT:             %1082 = spirv.IAdd %53, %1079 : i32
// OUT:             %1083 = spirv.IAdd %978, %1081 : i32
// OUT:             %1084 = spirv.SLessThan %1082, %48 : bool
// OUT:             %1085 = spirv.SLessThan %1083, %50 : bool
// OUT:             %1086 = spirv.LogicalAnd %1084, %1085 : bool
// OUT:             %1087 = spirv.GL.SMin %1082, %984 : i32
// OUT:             %1088 = spirv.GL.SMin %1083, %981 : i32
// OUT:             %1089 = spirv.Constant 0 : i32
// OUT:             %1090 = spirv.Constant 0 : i32
// OUT:             %1091 = spirv.Constant 70 : i32
// OUT:             %1092 = spirv.IMul %1087, %1091 : i32
// OUT:             %1093 = spirv.IAdd %1092, %1088 : i32
// OUT:             %1094 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1095 = spirv.Constant 0 : i32
// OUT:             %1096 = spirv.AccessChain %1094, %1095, %1093 : ptr<f16, StorageBuffer>
// OUT:             %1097 = spirv.Load %1096 : f16
// OUT:             %1098 = spirv.Constant 0x0 : f16
// OUT:             %1099 = spirv.Select %1086, %1097, %1098 : f16
// OUT:             %1100 = spirv.Constant 640 : i32
// OUT:             %1101 = spirv.IAdd %26, %1100 : i32
// OUT:             %1102 = spirv.SDiv %1101, %982 : i32
// OUT:             %1103 = spirv.SRem %1101, %982 : i32
// OUT:             %1104 = spirv.IMul %1103, %983 : i32
// OUT:             %1105 = spirv.IAdd %53, %1102 : i32
// OUT:             %1106 = spirv.IAdd %978, %1104 : i32
// OUT:             %1107 = spirv.SLessThan %1105, %48 : bool
// OUT:             %1108 = spirv.SLessThan %1106, %50 : bool
// OUT:             %1109 = spirv.LogicalAnd %1107, %1108 : bool
// OUT:             %1110 = spirv.GL.SMin %1105, %984 : i32
// OUT:             %1111 = spirv.GL.SMin %1106, %981 : i32
// OUT:             %1112 = spirv.Constant 0 : i32
// OUT:             %1113 = spirv.Constant 0 : i32
// OUT:             %1114 = spirv.Constant 70 : i32
// OUT:             %1115 = spirv.IMul %1110, %1114 : i32
// OUT:             %1116 = spirv.IAdd %1115, %1111 : i32
// OUT:             %1117 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1118 = spirv.Constant 0 : i32
// OUT:             %1119 = spirv.AccessChain %1117, %1118, %1116 : ptr<f16, StorageBuffer>
// OUT:             %1120 = spirv.Load %1119 : f16
// OUT:             %1121 = spirv.Constant 0x0 : f16
// OUT:             %1122 = spirv.Select %1109, %1120, %1121 : f16
// OUT:             %1123 = spirv.Constant 768 : i32
// OUT:             %1124 = spirv.IAdd %26, %1123 : i32
// OUT:             %1125 = spirv.SDiv %1124, %982 : i32
// OUT:             %1126 = spirv.SRem %1124, %982 : i32
// OUT:             %1127 = spirv.IMul %1126, %983 : i32
// OUT:             %1128 = spirv.IAdd %53, %1125 : i32
// OUT:             %1129 = spirv.IAdd %978, %1127 : i32
// OUT:             %1130 = spirv.SLessThan %1128, %48 : bool
// OUT:             %1131 = spirv.SLessThan %1129, %50 : bool
// OUT:             %1132 = spirv.LogicalAnd %1130, %1131 : bool
// OUT:             %1133 = spirv.GL.SMin %1128, %984 : i32
// OUT:             %1134 = spirv.GL.SMin %1129, %981 : i32
// OUT:             %1135 = spirv.Constant 0 : i32
// OUT:             %1136 = spirv.Constant 0 : i32
// OUT:             %1137 = spirv.Constant 70 : i32
// OUT:             %1138 = spirv.IMul %1133, %1137 : i32
// OUT:             %1139 = spirv.IAdd %1138, %1134 : i32
// OUT:             %1140 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1141 = spirv.Constant 0 : i32
// OUT:             %1142 = spirv.AccessChain %1140, %1141, %1139 : ptr<f16, StorageBuffer>
// OUT:             %1143 = spirv.Load %1142 : f16
// OUT:             %1144 = spirv.Constant 0x0 : f16
// OUT:             %1145 = spirv.Select %1132, %1143, %1144 : f16
// OUT:             %1146 = spirv.Constant 896 : i32
// OUT:             %1147 = spirv.IAdd %26, %1146 : i32
// OUT:             %1148 = spirv.SDiv %1147, %982 : i32
// OUT:             %1149 = spirv.SRem %1147, %982 : i32
// OUT:             %1150 = spirv.IMul %1149, %983 : i32
// OUT:             %1151 = spirv.IAdd %53, %1148 : i32
// OUT:             %1152 = spirv.IAdd %978, %1150 : i32
// OUT:             %1153 = spirv.SLessThan %1151, %48 : bool
// OUT:             %1154 = spirv.SLessThan %1152, %50 : bool
// OUT:             %1155 = spirv.LogicalAnd %1153, %1154 : bool
// OUT:             %1156 = spirv.GL.SMin %1151, %984 : i32
// OUT:             %1157 = spirv.GL.SMin %1152, %981 : i32
// OUT:             %1158 = spirv.Constant 0 : i32
// OUT:             %1159 = spirv.Constant 0 : i32
// OUT:             %1160 = spirv.Constant 70 : i32
// OUT:             %1161 = spirv.IMul %1156, %1160 : i32
// OUT:             %1162 = spirv.IAdd %1161, %1157 : i32
// OUT:             %1163 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1164 = spirv.Constant 0 : i32
// OUT:             %1165 = spirv.AccessChain %1163, %1164, %1162 : ptr<f16, StorageBuffer>
// OUT:             %1166 = spirv.Load %1165 : f16
// OUT:             %1167 = spirv.Constant 0x0 : f16
// OUT:             %1168 = spirv.Select %1155, %1166, %1167 : f16
// OUT:             %1169 = spirv.Constant 1024 : i32
// OUT:             %1170 = spirv.IAdd %26, %1169 : i32
// OUT:             %1171 = spirv.SDiv %1170, %982 : i32
// OUT:             %1172 = spirv.SRem %1170, %982 : i32
// OUT:             %1173 = spirv.IMul %1172, %983 : i32
// OUT:             %1174 = spirv.IAdd %53, %1171 : i32
// OUT:             %1175 = spirv.IAdd %978, %1173 : i32
// OUT:             %1176 = spirv.SLessThan %1174, %48 : bool
// OUT:             %1177 = spirv.SLessThan %1175, %50 : bool
// OUT:             %1178 = spirv.LogicalAnd %1176, %1177 : bool
// OUT:             %1179 = spirv.GL.SMin %1174, %984 : i32
// OUT:             %1180 = spirv.GL.SMin %1175, %981 : i32
// OUT:             %1181 = spirv.Constant 0 : i32
// OUT:             %1182 = spirv.Constant 0 : i32
// OUT:             %1183 = spirv.Constant 70 : i32
// OUT:             %1184 = spirv.IMul %1179, %1183 : i32
// OUT:             %1185 = spirv.IAdd %1184, %1180 : i32
// OUT:             %1186 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1187 = spirv.Constant 0 : i32
// OUT:             %1188 = spirv.AccessChain %1186, %1187, %1185 : ptr<f16, StorageBuffer>
// OUT:             %1189 = spirv.Load %1188 : f16
// OUT:             %1190 = spirv.Constant 0x0 : f16
// OUT:             %1191 = spirv.Select %1178, %1189, %1190 : f16
// OUT:             %1192 = spirv.Constant 1152 : i32
// OUT:             %1193 = spirv.IAdd %26, %1192 : i32
// OUT:             %1194 = spirv.SDiv %1193, %982 : i32
// OUT:             %1195 = spirv.SRem %1193, %982 : i32
// OUT:             %1196 = spirv.IMul %1195, %983 : i32
// OUT:             %1197 = spirv.IAdd %53, %1194 : i32
// OUT:             %1198 = spirv.IAdd %978, %1196 : i32
// OUT:             %1199 = spirv.SLessThan %1197, %48 : bool
// OUT:             %1200 = spirv.SLessThan %1198, %50 : bool
// OUT:             %1201 = spirv.LogicalAnd %1199, %1200 : bool
// OUT:             %1202 = spirv.GL.SMin %1197, %984 : i32
// OUT:             %1203 = spirv.GL.SMin %1198, %981 : i32
// OUT:             %1204 = spirv.Constant 0 : i32
// OUT:             %1205 = spirv.Constant 0 : i32
// OUT:             %1206 = spirv.Constant 70 : i32
// OUT:             %1207 = spirv.IMul %1202, %1206 : i32
// OUT:             %1208 = spirv.IAdd %1207, %1203 : i32
// OUT:             %1209 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1210 = spirv.Constant 0 : i32
// OUT:             %1211 = spirv.AccessChain %1209, %1210, %1208 : ptr<f16, StorageBuffer>
// OUT:             %1212 = spirv.Load %1211 : f16
// OUT:             %1213 = spirv.Constant 0x0 : f16
// OUT:             %1214 = spirv.Select %1201, %1212, %1213 : f16
// OUT:             %1215 = spirv.Constant 1280 : i32
// OUT:             %1216 = spirv.IAdd %26, %1215 : i32
// OUT:             %1217 = spirv.SDiv %1216, %982 : i32
// OUT:             %1218 = spirv.SRem %1216, %982 : i32
// OUT:             %1219 = spirv.IMul %1218, %983 : i32
// OUT:             %1220 = spirv.IAdd %53, %1217 : i32
// OUT:             %1221 = spirv.IAdd %978, %1219 : i32
// OUT:             %1222 = spirv.SLessThan %1220, %48 : bool
// OUT:             %1223 = spirv.SLessThan %1221, %50 : bool
// OUT:             %1224 = spirv.LogicalAnd %1222, %1223 : bool
// OUT:             %1225 = spirv.GL.SMin %1220, %984 : i32
// OUT:             %1226 = spirv.GL.SMin %1221, %981 : i32
// OUT:             %1227 = spirv.Constant 0 : i32
// OUT:             %1228 = spirv.Constant 0 : i32
// OUT:             %1229 = spirv.Constant 70 : i32
// OUT:             %1230 = spirv.IMul %1225, %1229 : i32
// OUT:             %1231 = spirv.IAdd %1230, %1226 : i32
// OUT:             %1232 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1233 = spirv.Constant 0 : i32
// OUT:             %1234 = spirv.AccessChain %1232, %1233, %1231 : ptr<f16, StorageBuffer>
// OUT:             %1235 = spirv.Load %1234 : f16
// OUT:             %1236 = spirv.Constant 0x0 : f16
// OUT:             %1237 = spirv.Select %1224, %1235, %1236 : f16
// OUT:             %1238 = spirv.Constant 1408 : i32
// OUT:             %1239 = spirv.IAdd %26, %1238 : i32
// OUT:             %1240 = spirv.SDiv %1239, %982 : i32
// OUT:             %1241 = spirv.SRem %1239, %982 : i32
// OUT:             %1242 = spirv.IMul %1241, %983 : i32
// OUT:             %1243 = spirv.IAdd %53, %1240 : i32
// OUT:             %1244 = spirv.IAdd %978, %1242 : i32
// OUT:             %1245 = spirv.SLessThan %1243, %48 : bool
// OUT:             %1246 = spirv.SLessThan %1244, %50 : bool
// OUT:             %1247 = spirv.LogicalAnd %1245, %1246 : bool
// OUT:             %1248 = spirv.GL.SMin %1243, %984 : i32
// OUT:             %1249 = spirv.GL.SMin %1244, %981 : i32
// OUT:             %1250 = spirv.Constant 0 : i32
// OUT:             %1251 = spirv.Constant 0 : i32
// OUT:             %1252 = spirv.Constant 70 : i32
// OUT:             %1253 = spirv.IMul %1248, %1252 : i32
// OUT:             %1254 = spirv.IAdd %1253, %1249 : i32
// OUT:             %1255 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1256 = spirv.Constant 0 : i32
// OUT:             %1257 = spirv.AccessChain %1255, %1256, %1254 : ptr<f16, StorageBuffer>
// OUT:             %1258 = spirv.Load %1257 : f16
// OUT:             %1259 = spirv.Constant 0x0 : f16
// OUT:             %1260 = spirv.Select %1247, %1258, %1259 : f16
// OUT:             %1261 = spirv.Constant 1536 : i32
// OUT:             %1262 = spirv.IAdd %26, %1261 : i32
// OUT:             %1263 = spirv.SDiv %1262, %982 : i32
// OUT:             %1264 = spirv.SRem %1262, %982 : i32
// OUT:             %1265 = spirv.IMul %1264, %983 : i32
// OUT:             %1266 = spirv.IAdd %53, %1263 : i32
// OUT:             %1267 = spirv.IAdd %978, %1265 : i32
// OUT:             %1268 = spirv.SLessThan %1266, %48 : bool
// OUT:             %1269 = spirv.SLessThan %1267, %50 : bool
// OUT:             %1270 = spirv.LogicalAnd %1268, %1269 : bool
// OUT:             %1271 = spirv.GL.SMin %1266, %984 : i32
// OUT:             %1272 = spirv.GL.SMin %1267, %981 : i32
// OUT:             %1273 = spirv.Constant 0 : i32
// OUT:             %1274 = spirv.Constant 0 : i32
// OUT:             %1275 = spirv.Constant 70 : i32
// OUT:             %1276 = spirv.IMul %1271, %1275 : i32
// OUT:             %1277 = spirv.IAdd %1276, %1272 : i32
// OUT:             %1278 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1279 = spirv.Constant 0 : i32
// OUT:             %1280 = spirv.AccessChain %1278, %1279, %1277 : ptr<f16, StorageBuffer>
// OUT:             %1281 = spirv.Load %1280 : f16
// OUT:             %1282 = spirv.Constant 0x0 : f16
// OUT:             %1283 = spirv.Select %1270, %1281, %1282 : f16
// OUT:             %1284 = spirv.Constant 1664 : i32
// OUT:             %1285 = spirv.IAdd %26, %1284 : i32
// OUT:             %1286 = spirv.SDiv %1285, %982 : i32
// OUT:             %1287 = spirv.SRem %1285, %982 : i32
// OUT:             %1288 = spirv.IMul %1287, %983 : i32
// OUT:             %1289 = spirv.IAdd %53, %1286 : i32
// OUT:             %1290 = spirv.IAdd %978, %1288 : i32
// OUT:             %1291 = spirv.SLessThan %1289, %48 : bool
// OUT:             %1292 = spirv.SLessThan %1290, %50 : bool
// OUT:             %1293 = spirv.LogicalAnd %1291, %1292 : bool
// OUT:             %1294 = spirv.GL.SMin %1289, %984 : i32
// OUT:             %1295 = spirv.GL.SMin %1290, %981 : i32
// OUT:             %1296 = spirv.Constant 0 : i32
// OUT:             %1297 = spirv.Constant 0 : i32
// OUT:             %1298 = spirv.Constant 70 : i32
// OUT:             %1299 = spirv.IMul %1294, %1298 : i32
// OUT:             %1300 = spirv.IAdd %1299, %1295 : i32
// OUT:             %1301 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1302 = spirv.Constant 0 : i32
// OUT:             %1303 = spirv.AccessChain %1301, %1302, %1300 : ptr<f16, StorageBuffer>
// OUT:             %1304 = spirv.Load %1303 : f16
// OUT:             %1305 = spirv.Constant 0x0 : f16
// OUT:             %1306 = spirv.Select %1293, %1304, %1305 : f16
// OUT:             %1307 = spirv.Constant 1792 : i32
// OUT:             %1308 = spirv.IAdd %26, %1307 : i32
// OUT:             %1309 = spirv.SDiv %1308, %982 : i32
// OUT:             %1310 = spirv.SRem %1308, %982 : i32
// OUT:             %1311 = spirv.IMul %1310, %983 : i32
// OUT:             %1312 = spirv.IAdd %53, %1309 : i32
// OUT:             %1313 = spirv.IAdd %978, %1311 : i32
// OUT:             %1314 = spirv.SLessThan %1312, %48 : bool
// OUT:             %1315 = spirv.SLessThan %1313, %50 : bool
// OUT:             %1316 = spirv.LogicalAnd %1314, %1315 : bool
// OUT:             %1317 = spirv.GL.SMin %1312, %984 : i32
// OUT:             %1318 = spirv.GL.SMin %1313, %981 : i32
// OUT:             %1319 = spirv.Constant 0 : i32
// OUT:             %1320 = spirv.Constant 0 : i32
// OUT:             %1321 = spirv.Constant 70 : i32
// OUT:             %1322 = spirv.IMul %1317, %1321 : i32
// OUT:             %1323 = spirv.IAdd %1322, %1318 : i32
// OUT:             %1324 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1325 = spirv.Constant 0 : i32
// OUT:             %1326 = spirv.AccessChain %1324, %1325, %1323 : ptr<f16, StorageBuffer>
// OUT:             %1327 = spirv.Load %1326 : f16
// OUT:             %1328 = spirv.Constant 0x0 : f16
// OUT:             %1329 = spirv.Select %1316, %1327, %1328 : f16
// OUT:             %1330 = spirv.Constant 1920 : i32
// OUT:             %1331 = spirv.IAdd %26, %1330 : i32
// OUT:             %1332 = spirv.SDiv %1331, %982 : i32
// OUT:             %1333 = spirv.SRem %1331, %982 : i32
// OUT:             %1334 = spirv.IMul %1333, %983 : i32
// OUT:             %1335 = spirv.IAdd %53, %1332 : i32
// OUT:             %1336 = spirv.IAdd %978, %1334 : i32
// OUT:             %1337 = spirv.SLessThan %1335, %48 : bool
// OUT:             %1338 = spirv.SLessThan %1336, %50 : bool
// OUT:             %1339 = spirv.LogicalAnd %1337, %1338 : bool
// OUT:             %1340 = spirv.GL.SMin %1335, %984 : i32
// OUT:             %1341 = spirv.GL.SMin %1336, %981 : i32
// OUT:             %1342 = spirv.Constant 0 : i32
// OUT:             %1343 = spirv.Constant 0 : i32
// OUT:             %1344 = spirv.Constant 70 : i32
// OUT:             %1345 = spirv.IMul %1340, %1344 : i32
// OUT:             %1346 = spirv.IAdd %1345, %1341 : i32
// OUT:             %1347 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1348 = spirv.Constant 0 : i32
// OUT:             %1349 = spirv.AccessChain %1347, %1348, %1346 : ptr<f16, StorageBuffer>
// OUT:             %1350 = spirv.Load %1349 : f16
// OUT:             %1351 = spirv.Constant 0x0 : f16
// OUT:             %1352 = spirv.Select %1339, %1350, %1351 : f16
// OUT:             %1353 = spirv.Constant 64 : i32
// OUT:             %1354 = spirv.Constant 1 : i32
// OUT:             %1355 = spirv.ISub %49, %980 : i32
// OUT:             %1356 = spirv.Constant 0 : i32
// OUT:             %1357 = spirv.IAdd %26, %1356 : i32
// OUT:             %1358 = spirv.SDiv %1357, %1353 : i32
// OUT:             %1359 = spirv.SRem %1357, %1353 : i32
// OUT:             %1360 = spirv.IMul %1359, %1354 : i32
// OUT:             %1361 = spirv.IAdd %54, %1360 : i32
// OUT:             %1362 = spirv.IAdd %978, %1358 : i32
// OUT:             %1363 = spirv.SLessThan %1361, %49 : bool
// OUT:             %1364 = spirv.SLessThan %1362, %50 : bool
// OUT:             %1365 = spirv.LogicalAnd %1363, %1364 : bool
// OUT:             %1366 = spirv.GL.SMin %1361, %1355 : i32
// OUT:             %1367 = spirv.GL.SMin %1362, %981 : i32
// OUT:             %1368 = spirv.Constant 0 : i32
// OUT:             %1369 = spirv.Constant 0 : i32
// OUT:             %1370 = spirv.Constant 33 : i32
// OUT:             %1371 = spirv.IMul %1367, %1370 : i32
// OUT:             %1372 = spirv.IAdd %1371, %1366 : i32
// OUT:             %1373 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1374 = spirv.Constant 0 : i32
// OUT:             %1375 = spirv.AccessChain %1373, %1374, %1372 : ptr<f16, StorageBuffer>
// OUT:             %1376 = spirv.Load %1375 : f16
// OUT:             %1377 = spirv.Constant 0x0 : f16
// OUT:             %1378 = spirv.Select %1365, %1376, %1377 : f16
// OUT:             %1379 = spirv.Constant 128 : i32
// OUT:             %1380 = spirv.IAdd %26, %1379 : i32
// OUT:             %1381 = spirv.SDiv %1380, %1353 : i32
// OUT:             %1382 = spirv.SRem %1380, %1353 : i32
// OUT:             %1383 = spirv.IMul %1382, %1354 : i32
// OUT:             %1384 = spirv.IAdd %54, %1383 : i32
// OUT:             %1385 = spirv.IAdd %978, %1381 : i32
// OUT:             %1386 = spirv.SLessThan %1384, %49 : bool
// OUT:             %1387 = spirv.SLessThan %1385, %50 : bool
// OUT:             %1388 = spirv.LogicalAnd %1386, %1387 : bool
// OUT:             %1389 = spirv.GL.SMin %1384, %1355 : i32
// OUT:             %1390 = spirv.GL.SMin %1385, %981 : i32
// OUT:             %1391 = spirv.Constant 0 : i32
// OUT:             %1392 = spirv.Constant 0 : i32
// OUT:             %1393 = spirv.Constant 33 : i32
// OUT:             %1394 = spirv.IMul %1390, %1393 : i32
// OUT:             %1395 = spirv.IAdd %1394, %1389 : i32
// OUT:             %1396 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1397 = spirv.Constant 0 : i32
// OUT:             %1398 = spirv.AccessChain %1396, %1397, %1395 : ptr<f16, StorageBuffer>
// OUT:             %1399 = spirv.Load %1398 : f16
// OUT:             %1400 = spirv.Constant 0x0 : f16
// OUT:             %1401 = spirv.Select %1388, %1399, %1400 : f16
// OUT:             %1402 = spirv.Constant 256 : i32
// OUT:             %1403 = spirv.IAdd %26, %1402 : i32
// OUT:             %1404 = spirv.SDiv %1403, %1353 : i32
// OUT:             %1405 = spirv.SRem %1403, %1353 : i32
// OUT:             %1406 = spirv.IMul %1405, %1354 : i32
// OUT:             %1407 = spirv.IAdd %54, %1406 : i32
// OUT:             %1408 = spirv.IAdd %978, %1404 : i32
// OUT:             %1409 = spirv.SLessThan %1407, %49 : bool
// OUT:             %1410 = spirv.SLessThan %1408, %50 : bool
// OUT:             %1411 = spirv.LogicalAnd %1409, %1410 : bool
// OUT:             %1412 = spirv.GL.SMin %1407, %1355 : i32
// OUT:             %1413 = spirv.GL.SMin %1408, %981 : i32
// OUT:             %1414 = spirv.Constant 0 : i32
// OUT:             %1415 = spirv.Constant 0 : i32
// OUT:             %1416 = spirv.Constant 33 : i32
// OUT:             %1417 = spirv.IMul %1413, %1416 : i32
// OUT:             %1418 = spirv.IAdd %1417, %1412 : i32
// OUT:             %1419 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1420 = spirv.Constant 0 : i32
// OUT:             %1421 = spirv.AccessChain %1419, %1420, %1418 : ptr<f16, StorageBuffer>
// OUT:             %1422 = spirv.Load %1421 : f16
// OUT:             %1423 = spirv.Constant 0x0 : f16
// OUT:             %1424 = spirv.Select %1411, %1422, %1423 : f16
// OUT:             %1425 = spirv.Constant 384 : i32
// OUT:             %1426 = spirv.IAdd %26, %1425 : i32
// OUT:             %1427 = spirv.SDiv %1426, %1353 : i32
// OUT:             %1428 = spirv.SRem %1426, %1353 : i32
// OUT:             %1429 = spirv.IMul %1428, %1354 : i32
// OUT:             %1430 = spirv.IAdd %54, %1429 : i32
// OUT:             %1431 = spirv.IAdd %978, %1427 : i32
// OUT:             %1432 = spirv.SLessThan %1430, %49 : bool
// OUT:             %1433 = spirv.SLessThan %1431, %50 : bool
// OUT:             %1434 = spirv.LogicalAnd %1432, %1433 : bool
// OUT:             %1435 = spirv.GL.SMin %1430, %1355 : i32
// OUT:             %1436 = spirv.GL.SMin %1431, %981 : i32
// OUT:             %1437 = spirv.Constant 0 : i32
// OUT:             %1438 = spirv.Constant 0 : i32
// OUT:             %1439 = spirv.Constant 33 : i32
// OUT:             %1440 = spirv.IMul %1436, %1439 : i32
// OUT:             %1441 = spirv.IAdd %1440, %1435 : i32
// OUT:             %1442 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1443 = spirv.Constant 0 : i32
// OUT:             %1444 = spirv.AccessChain %1442, %1443, %1441 : ptr<f16, StorageBuffer>
// OUT:             %1445 = spirv.Load %1444 : f16
// OUT:             %1446 = spirv.Constant 0x0 : f16
// OUT:             %1447 = spirv.Select %1434, %1445, %1446 : f16
// OUT:             %1448 = spirv.Constant 512 : i32
// OUT:             %1449 = spirv.IAdd %26, %1448 : i32
// OUT:             %1450 = spirv.SDiv %1449, %1353 : i32
// OUT:             %1451 = spirv.SRem %1449, %1353 : i32
// OUT:             %1452 = spirv.IMul %1451, %1354 : i32
// OUT:             %1453 = spirv.IAdd %54, %1452 : i32
// OUT:             %1454 = spirv.IAdd %978, %1450 : i32
// OUT:             %1455 = spirv.SLessThan %1453, %49 : bool
// OUT:             %1456 = spirv.SLessThan %1454, %50 : bool
// OUT:             %1457 = spirv.LogicalAnd %1455, %1456 : bool
// OUT:             %1458 = spirv.GL.SMin %1453, %1355 : i32
// OUT:             %1459 = spirv.GL.SMin %1454, %981 : i32
// OUT:             %1460 = spirv.Constant 0 : i32
// OUT:             %1461 = spirv.Constant 0 : i32
// OUT:             %1462 = spirv.Constant 33 : i32
// OUT:             %1463 = spirv.IMul %1459, %1462 : i32
// OUT:             %1464 = spirv.IAdd %1463, %1458 : i32
// OUT:             %1465 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1466 = spirv.Constant 0 : i32
// OUT:             %1467 = spirv.AccessChain %1465, %1466, %1464 : ptr<f16, StorageBuffer>
// OUT:             %1468 = spirv.Load %1467 : f16
// OUT:             %1469 = spirv.Constant 0x0 : f16
// OUT:             %1470 = spirv.Select %1457, %1468, %1469 : f16
// OUT:             %1471 = spirv.Constant 640 : i32
// OUT:             %1472 = spirv.IAdd %26, %1471 : i32
// OUT:             %1473 = spirv.SDiv %1472, %1353 : i32
// OUT:             %1474 = spirv.SRem %1472, %1353 : i32
// OUT:             %1475 = spirv.IMul %1474, %1354 : i32
// OUT:             %1476 = spirv.IAdd %54, %1475 : i32
// OUT:             %1477 = spirv.IAdd %978, %1473 : i32
// OUT:             %1478 = spirv.SLessThan %1476, %49 : bool
// OUT:             %1479 = spirv.SLessThan %1477, %50 : bool
// OUT:             %1480 = spirv.LogicalAnd %1478, %1479 : bool
// OUT:             %1481 = spirv.GL.SMin %1476, %1355 : i32
// OUT:             %1482 = spirv.GL.SMin %1477, %981 : i32
// OUT:             %1483 = spirv.Constant 0 : i32
// OUT:             %1484 = spirv.Constant 0 : i32
// OUT:             %1485 = spirv.Constant 33 : i32
// OUT:             %1486 = spirv.IMul %1482, %1485 : i32
// OUT:             %1487 = spirv.IAdd %1486, %1481 : i32
// OUT:             %1488 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1489 = spirv.Constant 0 : i32
// OUT:             %1490 = spirv.AccessChain %1488, %1489, %1487 : ptr<f16, StorageBuffer>
// OUT:             %1491 = spirv.Load %1490 : f16
// OUT:             %1492 = spirv.Constant 0x0 : f16
// OUT:             %1493 = spirv.Select %1480, %1491, %1492 : f16
// OUT:             %1494 = spirv.Constant 768 : i32
// OUT:             %1495 = spirv.IAdd %26, %1494 : i32
// OUT:             %1496 = spirv.SDiv %1495, %1353 : i32
// OUT:             %1497 = spirv.SRem %1495, %1353 : i32
// OUT:             %1498 = spirv.IMul %1497, %1354 : i32
// OUT:             %1499 = spirv.IAdd %54, %1498 : i32
// OUT:             %1500 = spirv.IAdd %978, %1496 : i32
// OUT:             %1501 = spirv.SLessThan %1499, %49 : bool
// OUT:             %1502 = spirv.SLessThan %1500, %50 : bool
// OUT:             %1503 = spirv.LogicalAnd %1501, %1502 : bool
// OUT:             %1504 = spirv.GL.SMin %1499, %1355 : i32
// OUT:             %1505 = spirv.GL.SMin %1500, %981 : i32
// OUT:             %1506 = spirv.Constant 0 : i32
// OUT:             %1507 = spirv.Constant 0 : i32
// OUT:             %1508 = spirv.Constant 33 : i32
// OUT:             %1509 = spirv.IMul %1505, %1508 : i32
// OUT:             %1510 = spirv.IAdd %1509, %1504 : i32
// OUT:             %1511 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1512 = spirv.Constant 0 : i32
// OUT:             %1513 = spirv.AccessChain %1511, %1512, %1510 : ptr<f16, StorageBuffer>
// OUT:             %1514 = spirv.Load %1513 : f16
// OUT:             %1515 = spirv.Constant 0x0 : f16
// OUT:             %1516 = spirv.Select %1503, %1514, %1515 : f16
// OUT:             %1517 = spirv.Constant 896 : i32
// OUT:             %1518 = spirv.IAdd %26, %1517 : i32
// OUT:             %1519 = spirv.SDiv %1518, %1353 : i32
// OUT:             %1520 = spirv.SRem %1518, %1353 : i32
// OUT:             %1521 = spirv.IMul %1520, %1354 : i32
// OUT:             %1522 = spirv.IAdd %54, %1521 : i32
// OUT:             %1523 = spirv.IAdd %978, %1519 : i32
// OUT:             %1524 = spirv.SLessThan %1522, %49 : bool
// OUT:             %1525 = spirv.SLessThan %1523, %50 : bool
// OUT:             %1526 = spirv.LogicalAnd %1524, %1525 : bool
// OUT:             %1527 = spirv.GL.SMin %1522, %1355 : i32
// OUT:             %1528 = spirv.GL.SMin %1523, %981 : i32
// OUT:             %1529 = spirv.Constant 0 : i32
// OUT:             %1530 = spirv.Constant 0 : i32
// OUT:             %1531 = spirv.Constant 33 : i32
// OUT:             %1532 = spirv.IMul %1528, %1531 : i32
// OUT:             %1533 = spirv.IAdd %1532, %1527 : i32
// OUT:             %1534 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1535 = spirv.Constant 0 : i32
// OUT:             %1536 = spirv.AccessChain %1534, %1535, %1533 : ptr<f16, StorageBuffer>
// OUT:             %1537 = spirv.Load %1536 : f16
// OUT:             %1538 = spirv.Constant 0x0 : f16
// OUT:             %1539 = spirv.Select %1526, %1537, %1538 : f16
// OUT:             %1540 = spirv.Constant 1024 : i32
// OUT:             %1541 = spirv.IAdd %26, %1540 : i32
// OUT:             %1542 = spirv.SDiv %1541, %1353 : i32
// OUT:             %1543 = spirv.SRem %1541, %1353 : i32
// OUT:             %1544 = spirv.IMul %1543, %1354 : i32
// OUT:             %1545 = spirv.IAdd %54, %1544 : i32
// OUT:             %1546 = spirv.IAdd %978, %1542 : i32
// OUT:             %1547 = spirv.SLessThan %1545, %49 : bool
// OUT:             %1548 = spirv.SLessThan %1546, %50 : bool
// OUT:             %1549 = spirv.LogicalAnd %1547, %1548 : bool
// OUT:             %1550 = spirv.GL.SMin %1545, %1355 : i32
// OUT:             %1551 = spirv.GL.SMin %1546, %981 : i32
// OUT:             %1552 = spirv.Constant 0 : i32
// OUT:             %1553 = spirv.Constant 0 : i32
// OUT:             %1554 = spirv.Constant 33 : i32
// OUT:             %1555 = spirv.IMul %1551, %1554 : i32
// OUT:             %1556 = spirv.IAdd %1555, %1550 : i32
// OUT:             %1557 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1558 = spirv.Constant 0 : i32
// OUT:             %1559 = spirv.AccessChain %1557, %1558, %1556 : ptr<f16, StorageBuffer>
// OUT:             %1560 = spirv.Load %1559 : f16
// OUT:             %1561 = spirv.Constant 0x0 : f16
// OUT:             %1562 = spirv.Select %1549, %1560, %1561 : f16
// OUT:             %1563 = spirv.Constant 1152 : i32
// OUT:             %1564 = spirv.IAdd %26, %1563 : i32
// OUT:             %1565 = spirv.SDiv %1564, %1353 : i32
// OUT:             %1566 = spirv.SRem %1564, %1353 : i32
// OUT:             %1567 = spirv.IMul %1566, %1354 : i32
// OUT:             %1568 = spirv.IAdd %54, %1567 : i32
// OUT:             %1569 = spirv.IAdd %978, %1565 : i32
// OUT:             %1570 = spirv.SLessThan %1568, %49 : bool
// OUT:             %1571 = spirv.SLessThan %1569, %50 : bool
// OUT:             %1572 = spirv.LogicalAnd %1570, %1571 : bool
// OUT:             %1573 = spirv.GL.SMin %1568, %1355 : i32
// OUT:             %1574 = spirv.GL.SMin %1569, %981 : i32
// OUT:             %1575 = spirv.Constant 0 : i32
// OUT:             %1576 = spirv.Constant 0 : i32
// OUT:             %1577 = spirv.Constant 33 : i32
// OUT:             %1578 = spirv.IMul %1574, %1577 : i32
// OUT:             %1579 = spirv.IAdd %1578, %1573 : i32
// OUT:             %1580 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1581 = spirv.Constant 0 : i32
// OUT:             %1582 = spirv.AccessChain %1580, %1581, %1579 : ptr<f16, StorageBuffer>
// OUT:             %1583 = spirv.Load %1582 : f16
// OUT:             %1584 = spirv.Constant 0x0 : f16
// OUT:             %1585 = spirv.Select %1572, %1583, %1584 : f16
// OUT:             %1586 = spirv.Constant 1280 : i32
// OUT:             %1587 = spirv.IAdd %26, %1586 : i32
// OUT:             %1588 = spirv.SDiv %1587, %1353 : i32
// OUT:             %1589 = spirv.SRem %1587, %1353 : i32
// OUT:             %1590 = spirv.IMul %1589, %1354 : i32
// OUT:             %1591 = spirv.IAdd %54, %1590 : i32
// OUT:             %1592 = spirv.IAdd %978, %1588 : i32
// OUT:             %1593 = spirv.SLessThan %1591, %49 : bool
// OUT:             %1594 = spirv.SLessThan %1592, %50 : bool
// OUT:             %1595 = spirv.LogicalAnd %1593, %1594 : bool
// OUT:             %1596 = spirv.GL.SMin %1591, %1355 : i32
// OUT:             %1597 = spirv.GL.SMin %1592, %981 : i32
// OUT:             %1598 = spirv.Constant 0 : i32
// OUT:             %1599 = spirv.Constant 0 : i32
// OUT:             %1600 = spirv.Constant 33 : i32
// OUT:             %1601 = spirv.IMul %1597, %1600 : i32
// OUT:             %1602 = spirv.IAdd %1601, %1596 : i32
// OUT:             %1603 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1604 = spirv.Constant 0 : i32
// OUT:             %1605 = spirv.AccessChain %1603, %1604, %1602 : ptr<f16, StorageBuffer>
// OUT:             %1606 = spirv.Load %1605 : f16
// OUT:             %1607 = spirv.Constant 0x0 : f16
// OUT:             %1608 = spirv.Select %1595, %1606, %1607 : f16
// OUT:             %1609 = spirv.Constant 1408 : i32
// OUT:             %1610 = spirv.IAdd %26, %1609 : i32
// OUT:             %1611 = spirv.SDiv %1610, %1353 : i32
// OUT:             %1612 = spirv.SRem %1610, %1353 : i32
// OUT:             %1613 = spirv.IMul %1612, %1354 : i32
// OUT:             %1614 = spirv.IAdd %54, %1613 : i32
// OUT:             %1615 = spirv.IAdd %978, %1611 : i32
// OUT:             %1616 = spirv.SLessThan %1614, %49 : bool
// OUT:             %1617 = spirv.SLessThan %1615, %50 : bool
// OUT:             %1618 = spirv.LogicalAnd %1616, %1617 : bool
// OUT:             %1619 = spirv.GL.SMin %1614, %1355 : i32
// OUT:             %1620 = spirv.GL.SMin %1615, %981 : i32
// OUT:             %1621 = spirv.Constant 0 : i32
// OUT:             %1622 = spirv.Constant 0 : i32
// OUT:             %1623 = spirv.Constant 33 : i32
// OUT:             %1624 = spirv.IMul %1620, %1623 : i32
// OUT:             %1625 = spirv.IAdd %1624, %1619 : i32
// OUT:             %1626 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1627 = spirv.Constant 0 : i32
// OUT:             %1628 = spirv.AccessChain %1626, %1627, %1625 : ptr<f16, StorageBuffer>
// OUT:             %1629 = spirv.Load %1628 : f16
// OUT:             %1630 = spirv.Constant 0x0 : f16
// OUT:             %1631 = spirv.Select %1618, %1629, %1630 : f16
// OUT:             %1632 = spirv.Constant 1536 : i32
// OUT:             %1633 = spirv.IAdd %26, %1632 : i32
// OUT:             %1634 = spirv.SDiv %1633, %1353 : i32
// OUT:             %1635 = spirv.SRem %1633, %1353 : i32
// OUT:             %1636 = spirv.IMul %1635, %1354 : i32
// OUT:             %1637 = spirv.IAdd %54, %1636 : i32
// OUT:             %1638 = spirv.IAdd %978, %1634 : i32
// OUT:             %1639 = spirv.SLessThan %1637, %49 : bool
// OUT:             %1640 = spirv.SLessThan %1638, %50 : bool
// OUT:             %1641 = spirv.LogicalAnd %1639, %1640 : bool
// OUT:             %1642 = spirv.GL.SMin %1637, %1355 : i32
// OUT:             %1643 = spirv.GL.SMin %1638, %981 : i32
// OUT:             %1644 = spirv.Constant 0 : i32
// OUT:             %1645 = spirv.Constant 0 : i32
// OUT:             %1646 = spirv.Constant 33 : i32
// OUT:             %1647 = spirv.IMul %1643, %1646 : i32
// OUT:             %1648 = spirv.IAdd %1647, %1642 : i32
// OUT:             %1649 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1650 = spirv.Constant 0 : i32
// OUT:             %1651 = spirv.AccessChain %1649, %1650, %1648 : ptr<f16, StorageBuffer>
// OUT:             %1652 = spirv.Load %1651 : f16
// OUT:             %1653 = spirv.Constant 0x0 : f16
// OUT:             %1654 = spirv.Select %1641, %1652, %1653 : f16
// OUT:             %1655 = spirv.Constant 1664 : i32
// OUT:             %1656 = spirv.IAdd %26, %1655 : i32
// OUT:             %1657 = spirv.SDiv %1656, %1353 : i32
// OUT:             %1658 = spirv.SRem %1656, %1353 : i32
// OUT:             %1659 = spirv.IMul %1658, %1354 : i32
// OUT:             %1660 = spirv.IAdd %54, %1659 : i32
// OUT:             %1661 = spirv.IAdd %978, %1657 : i32
// OUT:             %1662 = spirv.SLessThan %1660, %49 : bool
// OUT:             %1663 = spirv.SLessThan %1661, %50 : bool
// OUT:             %1664 = spirv.LogicalAnd %1662, %1663 : bool
// OUT:             %1665 = spirv.GL.SMin %1660, %1355 : i32
// OUT:             %1666 = spirv.GL.SMin %1661, %981 : i32
// OUT:             %1667 = spirv.Constant 0 : i32
// OUT:             %1668 = spirv.Constant 0 : i32
// OUT:             %1669 = spirv.Constant 33 : i32
// OUT:             %1670 = spirv.IMul %1666, %1669 : i32
// OUT:             %1671 = spirv.IAdd %1670, %1665 : i32
// OUT:             %1672 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1673 = spirv.Constant 0 : i32
// OUT:             %1674 = spirv.AccessChain %1672, %1673, %1671 : ptr<f16, StorageBuffer>
// OUT:             %1675 = spirv.Load %1674 : f16
// OUT:             %1676 = spirv.Constant 0x0 : f16
// OUT:             %1677 = spirv.Select %1664, %1675, %1676 : f16
// OUT:             %1678 = spirv.Constant 1792 : i32
// OUT:             %1679 = spirv.IAdd %26, %1678 : i32
// OUT:             %1680 = spirv.SDiv %1679, %1353 : i32
// OUT:             %1681 = spirv.SRem %1679, %1353 : i32
// OUT:             %1682 = spirv.IMul %1681, %1354 : i32
// OUT:             %1683 = spirv.IAdd %54, %1682 : i32
// OUT:             %1684 = spirv.IAdd %978, %1680 : i32
// OUT:             %1685 = spirv.SLessThan %1683, %49 : bool
// OUT:             %1686 = spirv.SLessThan %1684, %50 : bool
// OUT:             %1687 = spirv.LogicalAnd %1685, %1686 : bool
// OUT:             %1688 = spirv.GL.SMin %1683, %1355 : i32
// OUT:             %1689 = spirv.GL.SMin %1684, %981 : i32
// OUT:             %1690 = spirv.Constant 0 : i32
// OUT:             %1691 = spirv.Constant 0 : i32
// OUT:             %1692 = spirv.Constant 33 : i32
// OUT:             %1693 = spirv.IMul %1689, %1692 : i32
// OUT:             %1694 = spirv.IAdd %1693, %1688 : i32
// OUT:             %1695 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1696 = spirv.Constant 0 : i32
// OUT:             %1697 = spirv.AccessChain %1695, %1696, %1694 : ptr<f16, StorageBuffer>
// OUT:             %1698 = spirv.Load %1697 : f16
// OUT:             %1699 = spirv.Constant 0x0 : f16
// OUT:             %1700 = spirv.Select %1687, %1698, %1699 : f16
// OUT:             %1701 = spirv.Constant 1920 : i32
// OUT:             %1702 = spirv.IAdd %26, %1701 : i32
// OUT:             %1703 = spirv.SDiv %1702, %1353 : i32
// OUT:             %1704 = spirv.SRem %1702, %1353 : i32
// OUT:             %1705 = spirv.IMul %1704, %1354 : i32
// OUT:             %1706 = spirv.IAdd %54, %1705 : i32
// OUT:             %1707 = spirv.IAdd %978, %1703 : i32
// OUT:             %1708 = spirv.SLessThan %1706, %49 : bool
// OUT:             %1709 = spirv.SLessThan %1707, %50 : bool
// OUT:             %1710 = spirv.LogicalAnd %1708, %1709 : bool
// OUT:             %1711 = spirv.GL.SMin %1706, %1355 : i32
// OUT:             %1712 = spirv.GL.SMin %1707, %981 : i32
// OUT:             %1713 = spirv.Constant 0 : i32
// OUT:             %1714 = spirv.Constant 0 : i32
// OUT:             %1715 = spirv.Constant 33 : i32
// OUT:             %1716 = spirv.IMul %1712, %1715 : i32
// OUT:             %1717 = spirv.IAdd %1716, %1711 : i32
// OUT:             %1718 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1719 = spirv.Constant 0 : i32
// OUT:             %1720 = spirv.AccessChain %1718, %1719, %1717 : ptr<f16, StorageBuffer>
// OUT:             %1721 = spirv.Load %1720 : f16
// OUT:             %1722 = spirv.Constant 0x0 : f16
// OUT:             %1723 = spirv.Select %1710, %1721, %1722 : f16
// OUT:             %1724 = spirv.Constant 0 : i32
// OUT:             %1725 = spirv.Constant 0 : i32
// OUT:             %1726 = spirv.IAdd %46, %1725 : i32
// OUT:             %1727 = spirv.IMul %1726, %55 : i32
// OUT:             %1728 = spirv.IAdd %1727, %1724 : i32
// OUT:             %1729 = spirv.IAdd %1728, %976 : i32
// OUT:             %1730 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:             %1731 = spirv.AccessChain %1730, %1729 : ptr<f16, Workgroup>
// OUT:             %1732 = spirv.Constant 0 : u32
// OUT:             %1733 = spirv.CooperativeMatrixLoadKHR %1731, %1732, %55 : coopmatrix<16 x 16 x f16, Subgroup, MatrixAKHR>
// OUT:             %1734 = spirv.Constant 16 : i32
// OUT:             %1735 = spirv.IAdd %46, %1734 : i32
// OUT:             %1736 = spirv.IMul %1735, %55 : i32
// OUT:             %1737 = spirv.IAdd %1736, %1724 : i32
// OUT:             %1738 = spirv.IAdd %1737, %976 : i32
// OUT:             %1739 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:             %1740 = spirv.AccessChain %1739, %1738 : ptr<f16, Workgroup>
// OUT:             %1741 = spirv.Constant 0 : u32
// OUT:             %1742 = spirv.CooperativeMatrixLoadKHR %1740, %1741, %55 : coopmatrix<16 x 16 x f16, Subgroup, MatrixAKHR>
// OUT:             %1743 = spirv.Constant 0 : i32
// OUT:             %1744 = spirv.IAdd %47, %1743 : i32
// OUT:             %1745 = spirv.IMul %1724, %56 : i32
// OUT:             %1746 = spirv.IAdd %1745, %1744 : i32
// OUT:             %1747 = spirv.IAdd %1746, %977 : i32
// OUT:             %1748 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:             %1749 = spirv.AccessChain %1748, %1747 : ptr<f16, Workgroup>
// OUT:             %1750 = spirv.Constant 0 : u32
// OUT:             %1751 = spirv.CooperativeMatrixLoadKHR %1749, %1750, %56 : coopmatrix<16 x 16 x f16, Subgroup, MatrixBKHR>
// OUT:             %1752 = spirv.Constant 16 : i32
// OUT:             %1753 = spirv.IAdd %47, %1752 : i32
// OUT:             %1754 = spirv.IMul %1724, %56 : i32
// OUT:             %1755 = spirv.IAdd %1754, %1753 : i32
// OUT:             %1756 = spirv.IAdd %1755, %977 : i32
// OUT:             %1757 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:             %1758 = spirv.AccessChain %1757, %1756 : ptr<f16, Workgroup>
// OUT:             %1759 = spirv.Constant 0 : u32
// OUT:             %1760 = spirv.CooperativeMatrixLoadKHR %1758, %1759, %56 : coopmatrix<16 x 16 x f16, Subgroup, MatrixBKHR>
// OUT:             %1761 = spirv.Load %29 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             %1762 = spirv.CooperativeMatrixMulAddKHR %1733, %1751, %1761 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             spirv.Store %29, %1762
// OUT:             %1763 = spirv.Load %30 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             %1764 = spirv.CooperativeMatrixMulAddKHR %1733, %1760, %1763 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             spirv.Store %30, %1764
// OUT:             %1765 = spirv.Load %31 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             %1766 = spirv.CooperativeMatrixMulAddKHR %1742, %1751, %1765 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             spirv.Store %31, %1766
// OUT:             %1767 = spirv.Load %32 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             %1768 = spirv.CooperativeMatrixMulAddKHR %1742, %1760, %1767 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             spirv.Store %32, %1768
// OUT:             %1769 = spirv.Constant 16 : i32
// OUT:             %1770 = spirv.Constant 0 : i32
// OUT:             %1771 = spirv.IAdd %46, %1770 : i32
// OUT:             %1772 = spirv.IMul %1771, %55 : i32
// OUT:             %1773 = spirv.IAdd %1772, %1769 : i32
// OUT:             %1774 = spirv.IAdd %1773, %976 : i32
// OUT:             %1775 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:             %1776 = spirv.AccessChain %1775, %1774 : ptr<f16, Workgroup>
// OUT:             %1777 = spirv.Constant 0 : u32
// OUT:             %1778 = spirv.CooperativeMatrixLoadKHR %1776, %1777, %55 : coopmatrix<16 x 16 x f16, Subgroup, MatrixAKHR>
// OUT:             %1779 = spirv.Constant 16 : i32
// OUT:             %1780 = spirv.IAdd %46, %1779 : i32
// OUT:             %1781 = spirv.IMul %1780, %55 : i32
// OUT:             %1782 = spirv.IAdd %1781, %1769 : i32
// OUT:             %1783 = spirv.IAdd %1782, %976 : i32
// OUT:             %1784 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:             %1785 = spirv.AccessChain %1784, %1783 : ptr<f16, Workgroup>
// OUT:             %1786 = spirv.Constant 0 : u32
// OUT:             %1787 = spirv.CooperativeMatrixLoadKHR %1785, %1786, %55 : coopmatrix<16 x 16 x f16, Subgroup, MatrixAKHR>
// OUT:             %1788 = spirv.Constant 0 : i32
// OUT:             %1789 = spirv.IAdd %47, %1788 : i32
// OUT:             %1790 = spirv.IMul %1769, %56 : i32
// OUT:             %1791 = spirv.IAdd %1790, %1789 : i32
// OUT:             %1792 = spirv.IAdd %1791, %977 : i32
// OUT:             %1793 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:             %1794 = spirv.AccessChain %1793, %1792 : ptr<f16, Workgroup>
// OUT:             %1795 = spirv.Constant 0 : u32
// OUT:             %1796 = spirv.CooperativeMatrixLoadKHR %1794, %1795, %56 : coopmatrix<16 x 16 x f16, Subgroup, MatrixBKHR>
// OUT:             %1797 = spirv.Constant 16 : i32
// OUT:             %1798 = spirv.IAdd %47, %1797 : i32
// OUT:             %1799 = spirv.IMul %1769, %56 : i32
// OUT:             %1800 = spirv.IAdd %1799, %1798 : i32
// OUT:             %1801 = spirv.IAdd %1800, %977 : i32
// OUT:             %1802 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:             %1803 = spirv.AccessChain %1802, %1801 : ptr<f16, Workgroup>
// OUT:             %1804 = spirv.Constant 0 : u32
// OUT:             %1805 = spirv.CooperativeMatrixLoadKHR %1803, %1804, %56 : coopmatrix<16 x 16 x f16, Subgroup, MatrixBKHR>
// OUT:             %1806 = spirv.Load %29 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             %1807 = spirv.CooperativeMatrixMulAddKHR %1778, %1796, %1806 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             spirv.Store %29, %1807
// OUT:             %1808 = spirv.Load %30 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             %1809 = spirv.CooperativeMatrixMulAddKHR %1778, %1805, %1808 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             spirv.Store %30, %1809
// OUT:             %1810 = spirv.Load %31 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             %1811 = spirv.CooperativeMatrixMulAddKHR %1787, %1796, %1810 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             spirv.Store %31, %1811
// OUT:             %1812 = spirv.Load %32 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             %1813 = spirv.CooperativeMatrixMulAddKHR %1787, %1805, %1812 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             spirv.Store %32, %1813
// OUT:             %1814 = spirv.ISub %58, %973 : i32
// OUT:             %1815 = spirv.Constant 2560 : i32
// OUT:             %1816 = spirv.Constant 2304 : i32
// OUT:             %1817 = spirv.IMul %1814, %1815 : i32
// OUT:             %1818 = spirv.IMul %1814, %1816 : i32
// OUT:             %1819 = spirv.IMul %987, %55 : i32
// OUT:             %1820 = spirv.IAdd %1819, %989 : i32
// OUT:             %1821 = spirv.IAdd %1820, %1817 : i32
// OUT:             %1822 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:             %1823 = spirv.AccessChain %1822, %1821 : ptr<f16, Workgroup>
// OUT:             spirv.Store %1823, %1007
// OUT:             %1824 = spirv.IMul %1010, %55 : i32
// OUT:             %1825 = spirv.IAdd %1824, %1012 : i32
// OUT:             %1826 = spirv.IAdd %1825, %1817 : i32
// OUT:             %1827 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:             %1828 = spirv.AccessChain %1827, %1826 : ptr<f16, Workgroup>
// OUT:             spirv.Store %1828, %1030
// OUT:             %1829 = spirv.IMul %1033, %55 : i32
// OUT:             %1830 = spirv.IAdd %1829, %1035 : i32
// OUT:             %1831 = spirv.IAdd %1830, %1817 : i32
// OUT:             %1832 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:             %1833 = spirv.AccessChain %1832, %1831 : ptr<f16, Workgroup>
// OUT:             spirv.Store %1833, %1053
// OUT:             %1834 = spirv.IMul %1056, %55 : i32
// OUT:             %1835 = spirv.IAdd %1834, %1058 : i32
// OUT:             %1836 = spirv.IAdd %1835, %1817 : i32
// OUT:             %1837 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:             %1838 = spirv.AccessChain %1837, %1836 : ptr<f16, Workgroup>
// OUT:             spirv.Store %1838, %1076
// OUT:             %1839 = spirv.IMul %1079, %55 : i32
// OUT:             %1840 = spirv.IAdd %1839, %1081 : i32
// OUT:             %1841 = spirv.IAdd %1840, %1817 : i32
// OUT:             %1842 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:             %1843 = spirv.AccessChain %1842, %1841 : ptr<f16, Workgroup>
// OUT:             spirv.Store %1843, %1099
// OUT:             %1844 = spirv.IMul %1102, %55 : i32
// OUT:             %1845 = spirv.IAdd %1844, %1104 : i32
// OUT:             %1846 = spirv.IAdd %1845, %1817 : i32
// OUT:             %1847 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:             %1848 = spirv.AccessChain %1847, %1846 : ptr<f16, Workgroup>
// OUT:             spirv.Store %1848, %1122
// OUT:             %1849 = spirv.IMul %1125, %55 : i32
// OUT:             %1850 = spirv.IAdd %1849, %1127 : i32
// OUT:             %1851 = spirv.IAdd %1850, %1817 : i32
// OUT:             %1852 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:             %1853 = spirv.AccessChain %1852, %1851 : ptr<f16, Workgroup>
// OUT:             spirv.Store %1853, %1145
// OUT:             %1854 = spirv.IMul %1148, %55 : i32
// OUT:             %1855 = spirv.IAdd %1854, %1150 : i32
// OUT:             %1856 = spirv.IAdd %1855, %1817 : i32
// OUT:             %1857 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:             %1858 = spirv.AccessChain %1857, %1856 : ptr<f16, Workgroup>
// OUT:             spirv.Store %1858, %1168
// OUT:             %1859 = spirv.IMul %1171, %55 : i32
// OUT:             %1860 = spirv.IAdd %1859, %1173 : i32
// OUT:             %1861 = spirv.IAdd %1860, %1817 : i32
// OUT:             %1862 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:             %1863 = spirv.AccessChain %1862, %1861 : ptr<f16, Workgroup>
// OUT:             spirv.Store %1863, %1191
// OUT:             %1864 = spirv.IMul %1194, %55 : i32
// OUT:             %1865 = spirv.IAdd %1864, %1196 : i32
// OUT:             %1866 = spirv.IAdd %1865, %1817 : i32
// OUT:             %1867 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:             %1868 = spirv.AccessChain %1867, %1866 : ptr<f16, Workgroup>
// OUT:             spirv.Store %1868, %1214
// OUT:             %1869 = spirv.IMul %1217, %55 : i32
// OUT:             %1870 = spirv.IAdd %1869, %1219 : i32
// OUT:             %1871 = spirv.IAdd %1870, %1817 : i32
// OUT:             %1872 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:             %1873 = spirv.AccessChain %1872, %1871 : ptr<f16, Workgroup>
// OUT:             spirv.Store %1873, %1237
// OUT:             %1874 = spirv.IMul %1240, %55 : i32
// OUT:             %1875 = spirv.IAdd %1874, %1242 : i32
// OUT:             %1876 = spirv.IAdd %1875, %1817 : i32
// OUT:             %1877 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:             %1878 = spirv.AccessChain %1877, %1876 : ptr<f16, Workgroup>
// OUT:             spirv.Store %1878, %1260
// OUT:             %1879 = spirv.IMul %1263, %55 : i32
// OUT:             %1880 = spirv.IAdd %1879, %1265 : i32
// OUT:             %1881 = spirv.IAdd %1880, %1817 : i32
// OUT:             %1882 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:             %1883 = spirv.AccessChain %1882, %1881 : ptr<f16, Workgroup>
// OUT:             spirv.Store %1883, %1283
// OUT:             %1884 = spirv.IMul %1286, %55 : i32
// OUT:             %1885 = spirv.IAdd %1884, %1288 : i32
// OUT:             %1886 = spirv.IAdd %1885, %1817 : i32
// OUT:             %1887 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:             %1888 = spirv.AccessChain %1887, %1886 : ptr<f16, Workgroup>
// OUT:             spirv.Store %1888, %1306
// OUT:             %1889 = spirv.IMul %1309, %55 : i32
// OUT:             %1890 = spirv.IAdd %1889, %1311 : i32
// OUT:             %1891 = spirv.IAdd %1890, %1817 : i32
// OUT:             %1892 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:             %1893 = spirv.AccessChain %1892, %1891 : ptr<f16, Workgroup>
// OUT:             spirv.Store %1893, %1329
// OUT:             %1894 = spirv.IMul %1332, %55 : i32
// OUT:             %1895 = spirv.IAdd %1894, %1334 : i32
// OUT:             %1896 = spirv.IAdd %1895, %1817 : i32
// OUT:             %1897 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:             %1898 = spirv.AccessChain %1897, %1896 : ptr<f16, Workgroup>
// OUT:             spirv.Store %1898, %1352
// OUT:             %1899 = spirv.IMul %1358, %56 : i32
// OUT:             %1900 = spirv.IAdd %1899, %1360 : i32
// OUT:             %1901 = spirv.IAdd %1900, %1818 : i32
// OUT:             %1902 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:             %1903 = spirv.AccessChain %1902, %1901 : ptr<f16, Workgroup>
// OUT:             spirv.Store %1903, %1378
// OUT:             %1904 = spirv.IMul %1381, %56 : i32
// OUT:             %1905 = spirv.IAdd %1904, %1383 : i32
// OUT:             %1906 = spirv.IAdd %1905, %1818 : i32
// OUT:             %1907 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:             %1908 = spirv.AccessChain %1907, %1906 : ptr<f16, Workgroup>
// OUT:             spirv.Store %1908, %1401
// OUT:             %1909 = spirv.IMul %1404, %56 : i32
// OUT:             %1910 = spirv.IAdd %1909, %1406 : i32
// OUT:             %1911 = spirv.IAdd %1910, %1818 : i32
// OUT:             %1912 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:             %1913 = spirv.AccessChain %1912, %1911 : ptr<f16, Workgroup>
// OUT:             spirv.Store %1913, %1424
// OUT:             %1914 = spirv.IMul %1427, %56 : i32
// OUT:             %1915 = spirv.IAdd %1914, %1429 : i32
// OUT:             %1916 = spirv.IAdd %1915, %1818 : i32
// OUT:             %1917 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:             %1918 = spirv.AccessChain %1917, %1916 : ptr<f16, Workgroup>
// OUT:             spirv.Store %1918, %1447
// OUT:             %1919 = spirv.IMul %1450, %56 : i32
// OUT:             %1920 = spirv.IAdd %1919, %1452 : i32
// OUT:             %1921 = spirv.IAdd %1920, %1818 : i32
// OUT:             %1922 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:             %1923 = spirv.AccessChain %1922, %1921 : ptr<f16, Workgroup>
// OUT:             spirv.Store %1923, %1470
// OUT:             %1924 = spirv.IMul %1473, %56 : i32
// OUT:             %1925 = spirv.IAdd %1924, %1475 : i32
// OUT:             %1926 = spirv.IAdd %1925, %1818 : i32
// OUT:             %1927 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:             %1928 = spirv.AccessChain %1927, %1926 : ptr<f16, Workgroup>
// OUT:             spirv.Store %1928, %1493
// OUT:             %1929 = spirv.IMul %1496, %56 : i32
// OUT:             %1930 = spirv.IAdd %1929, %1498 : i32
// OUT:             %1931 = spirv.IAdd %1930, %1818 : i32
// OUT:             %1932 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:             %1933 = spirv.AccessChain %1932, %1931 : ptr<f16, Workgroup>
// OUT:             spirv.Store %1933, %1516
// OUT:             %1934 = spirv.IMul %1519, %56 : i32
// OUT:             %1935 = spirv.IAdd %1934, %1521 : i32
// OUT:             %1936 = spirv.IAdd %1935, %1818 : i32
// OUT:             %1937 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:             %1938 = spirv.AccessChain %1937, %1936 : ptr<f16, Workgroup>
// OUT:             spirv.Store %1938, %1539
// OUT:             %1939 = spirv.IMul %1542, %56 : i32
// OUT:             %1940 = spirv.IAdd %1939, %1544 : i32
// OUT:             %1941 = spirv.IAdd %1940, %1818 : i32
// OUT:             %1942 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:             %1943 = spirv.AccessChain %1942, %1941 : ptr<f16, Workgroup>
// OUT:             spirv.Store %1943, %1562
// OUT:             %1944 = spirv.IMul %1565, %56 : i32
// OUT:             %1945 = spirv.IAdd %1944, %1567 : i32
// OUT:             %1946 = spirv.IAdd %1945, %1818 : i32
// OUT:             %1947 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:             %1948 = spirv.AccessChain %1947, %1946 : ptr<f16, Workgroup>
// OUT:             spirv.Store %1948, %1585
// OUT:             %1949 = spirv.IMul %1588, %56 : i32
// OUT:             %1950 = spirv.IAdd %1949, %1590 : i32
// OUT:             %1951 = spirv.IAdd %1950, %1818 : i32
// OUT:             %1952 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:             %1953 = spirv.AccessChain %1952, %1951 : ptr<f16, Workgroup>
// OUT:             spirv.Store %1953, %1608
// OUT:             %1954 = spirv.IMul %1611, %56 : i32
// OUT:             %1955 = spirv.IAdd %1954, %1613 : i32
// OUT:             %1956 = spirv.IAdd %1955, %1818 : i32
// OUT:             %1957 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:             %1958 = spirv.AccessChain %1957, %1956 : ptr<f16, Workgroup>
// OUT:             spirv.Store %1958, %1631
// OUT:             %1959 = spirv.IMul %1634, %56 : i32
// OUT:             %1960 = spirv.IAdd %1959, %1636 : i32
// OUT:             %1961 = spirv.IAdd %1960, %1818 : i32
// OUT:             %1962 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:             %1963 = spirv.AccessChain %1962, %1961 : ptr<f16, Workgroup>
// OUT:             spirv.Store %1963, %1654
// OUT:             %1964 = spirv.IMul %1657, %56 : i32
// OUT:             %1965 = spirv.IAdd %1964, %1659 : i32
// OUT:             %1966 = spirv.IAdd %1965, %1818 : i32
// OUT:             %1967 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:             %1968 = spirv.AccessChain %1967, %1966 : ptr<f16, Workgroup>
// OUT:             spirv.Store %1968, %1677
// OUT:             %1969 = spirv.IMul %1680, %56 : i32
// OUT:             %1970 = spirv.IAdd %1969, %1682 : i32
// OUT:             %1971 = spirv.IAdd %1970, %1818 : i32
// OUT:             %1972 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:             %1973 = spirv.AccessChain %1972, %1971 : ptr<f16, Workgroup>
// OUT:             spirv.Store %1973, %1700
// OUT:             %1974 = spirv.IMul %1703, %56 : i32
// OUT:             %1975 = spirv.IAdd %1974, %1705 : i32
// OUT:             %1976 = spirv.IAdd %1975, %1818 : i32
// OUT:             %1977 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:             %1978 = spirv.AccessChain %1977, %1976 : ptr<f16, Workgroup>
// OUT:             spirv.Store %1978, %1723
// OUT:             spirv.ControlBarrier scope<Workgroup>, scope<Workgroup>, semantics<ACQUIRE_RELEASE|WORKGROUP_MEMORY>
// OUT:             spirv.Branch ^bb7(%970)
// OUT:           ^bb7(%1979: i32):
// OUT:             %1980 = spirv.IAdd %1979, %60 : i32
// OUT:             spirv.Branch ^bb5(%1980)
// OUT:           ^bb8:
// OUT:             spirv.mlir.merge
// OUT:         }
// OUT:         %1981 = spirv.Constant 20 : i32
// OUT:         %1982 = spirv.Constant 16 : i32
// OUT:         %1983 = spirv.Load %29 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:         %1984 = spirv.mlir.addressof @result_scratch : ptr<array<1280 x f32>, Workgroup>
// OUT:         %1985 = spirv.AccessChain %1984, %45 : ptr<f32, Workgroup>
// OUT:         %1986 = spirv.Constant 0 : u32
// OUT:         spirv.CooperativeMatrixStoreKHR %1985, %1983, %1986, %1981
// OUT:         spirv.ControlBarrier scope<Workgroup>, scope<Workgroup>, semantics<ACQUIRE_RELEASE|WORKGROUP_MEMORY>
// OUT:         %1987 = spirv.Constant 0 : i32
// OUT:         %1988 = spirv.Constant 0 : i32
// OUT:         %1989 = spirv.IAdd %46, %1987 : i32
// OUT:         %1990 = spirv.IAdd %53, %1989 : i32
// OUT:         %1991 = spirv.IAdd %47, %1988 : i32
// OUT:         %1992 = spirv.IAdd %54, %1991 : i32
// OUT:         %1993 = spirv.Constant 256 : i32
// OUT:         %1994 = spirv.Constant 32 : i32
// OUT:         spirv.mlir.loop {
// OUT:           ^bb9:
// OUT:             spirv.Branch ^bb10(%38)
// OUT:           ^bb10(%1995: i32):
// OUT:             %1996 = spirv.SLessThan %1995, %1993 : bool
// OUT:             spirv.BranchConditional %1996, ^bb11, ^bb13
// OUT:           ^bb11:
// OUT:             %1997 = spirv.SDiv %1995, %1982 : i32
// OUT:             %1998 = spirv.SRem %1995, %1982 : i32
// OUT:             %1999 = spirv.IAdd %1990, %1997 : i32
// OUT:             %2000 = spirv.IAdd %1992, %1998 : i32
// OUT:             %2001 = spirv.SLessThan %1999, %48 : bool
// OUT:             %2002 = spirv.SLessThan %2000, %49 : bool
// OUT:             %2003 = spirv.LogicalAnd %2001, %2002 : bool
// OUT:             spirv.mlir.selection {
// OUT:               ^bb14:
// OUT:                 spirv.BranchConditional %2003, ^bb15, ^bb16
// OUT:               ^bb15:
// OUT:                 %2004 = spirv.Constant 0 : i32
// OUT:                 %2005 = spirv.IMul %1997, %1981 : i32
// OUT:                 %2006 = spirv.IAdd %2005, %1998 : i32
// OUT:                 %2007 = spirv.IAdd %2006, %45 : i32
// OUT:                 %2008 = spirv.mlir.addressof @result_scratch : ptr<array<1280 x f32>, Workgroup>
// OUT:                 %2009 = spirv.AccessChain %2008, %2007 : ptr<f32, Workgroup>
// OUT:                 %2010 = spirv.Load %2009 : f32
// OUT:                 %2011 = spirv.Constant 0.0 : f32
// OUT:                 %2012 = spirv.FAdd %2011, %2010 : f32
// OUT:                 %2013 = spirv.Constant 0 : i32
// OUT:                 %2014 = spirv.mlir.addressof @input2 : ptr<struct<(rtarray<f32, stride=4> offset(0)), Block>, StorageBuffer>
// OUT:                 %2015 = spirv.Constant 0 : i32
// OUT:                 %2016 = spirv.AccessChain %2014, %2015, %2000 : ptr<f32, StorageBuffer>
// OUT:                 %2017 = spirv.Load %2016 : f32
// OUT:                 %2018 = spirv.FAdd %2012, %2017 : f32
// OUT:                 %2019 = spirv.GL.FMax %2018, %2011 : f32
// OUT:                 %2020 = spirv.IsNan %2018 : bool
// OUT:                 %2021 = spirv.IsNan %2011 : bool
// OUT:                 %2022 = spirv.Select %2021, %2011, %2019 : f32
// OUT:                 %2023 = spirv.Select %2020, %2018, %2022 : f32
// OUT:                 %2024 = spirv.Constant 0 : i32
// OUT:                 %2025 = spirv.Constant 33 : i32
// OUT:                 %2026 = spirv.IMul %1999, %2025 : i32
// OUT:                 %2027 = spirv.IAdd %2026, %2000 : i32
// OUT:                 %2028 = spirv.mlir.addressof @output0 : ptr<struct<(rtarray<f32, stride=4> offset(0)), Block>, StorageBuffer>
// OUT:                 %2029 = spirv.Constant 0 : i32
// OUT:                 %2030 = spirv.AccessChain %2028, %2029, %2027 : ptr<f32, StorageBuffer>
// OUT:                 spirv.Store %2030, %2023
// OUT:                 spirv.Branch ^bb16
// OUT:               ^bb16:
// OUT:                 spirv.mlir.merge
// OUT:             }
// OUT:             spirv.Branch ^bb12(%1995)
// OUT:           ^bb12(%2031: i32):
// OUT:             %2032 = spirv.IAdd %2031, %1994 : i32
// OUT:             spirv.Branch ^bb10(%2032)
// OUT:           ^bb13:
// OUT:             spirv.mlir.merge
// OUT:         }
// OUT:         spirv.ControlBarrier scope<Workgroup>, scope<Workgroup>, semantics<ACQUIRE_RELEASE|WORKGROUP_MEMORY>
// OUT:         %2033 = spirv.Load %30 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:         %2034 = spirv.mlir.addressof @result_scratch : ptr<array<1280 x f32>, Workgroup>
// OUT:         %2035 = spirv.AccessChain %2034, %45 : ptr<f32, Workgroup>
// OUT:         %2036 = spirv.Constant 0 : u32
// OUT:         spirv.CooperativeMatrixStoreKHR %2035, %2033, %2036, %1981
// OUT:         spirv.ControlBarrier scope<Workgroup>, scope<Workgroup>, semantics<ACQUIRE_RELEASE|WORKGROUP_MEMORY>
// OUT:         %2037 = spirv.Constant 0 : i32
// OUT:         %2038 = spirv.Constant 16 : i32
// OUT:         %2039 = spirv.IAdd %46, %2037 : i32
// OUT:         %2040 = spirv.IAdd %53, %2039 : i32
// OUT:         %2041 = spirv.IAdd %47, %2038 : i32
// OUT:         %2042 = spirv.IAdd %54, %2041 : i32
// OUT:         %2043 = spirv.Constant 256 : i32
// OUT:         %2044 = spirv.Constant 32 : i32
// OUT:         spirv.mlir.loop {
// OUT:           ^bb17:
// OUT:             spirv.Branch ^bb18(%38)
// OUT:           ^bb18(%2045: i32):
// OUT:             %2046 = spirv.SLessThan %2045, %2043 : bool
// OUT:             spirv.BranchConditional %2046, ^bb19, ^bb21
// OUT:           ^bb19:
// OUT:             %2047 = spirv.SDiv %2045, %1982 : i32
// OUT:             %2048 = spirv.SRem %2045, %1982 : i32
// OUT:             %2049 = spirv.IAdd %2040, %2047 : i32
// OUT:             %2050 = spirv.IAdd %2042, %2048 : i32
// OUT:             %2051 = spirv.SLessThan %2049, %48 : bool
// OUT:             %2052 = spirv.SLessThan %2050, %49 : bool
// OUT:             %2053 = spirv.LogicalAnd %2051, %2052 : bool
// OUT:             spirv.mlir.selection {
// OUT:               ^bb22:
// OUT:                 spirv.BranchConditional %2053, ^bb23, ^bb24
// OUT:               ^bb23:
// OUT:                 %2054 = spirv.Constant 0 : i32
// OUT:                 %2055 = spirv.IMul %2047, %1981 : i32
// OUT:                 %2056 = spirv.IAdd %2055, %2048 : i32
// OUT:                 %2057 = spirv.IAdd %2056, %45 : i32
// OUT:                 %2058 = spirv.mlir.addressof @result_scratch : ptr<array<1280 x f32>, Workgroup>
// OUT:                 %2059 = spirv.AccessChain %2058, %2057 : ptr<f32, Workgroup>
// OUT:                 %2060 = spirv.Load %2059 : f32
// OUT:                 %2061 = spirv.Constant 0.0 : f32
// OUT:                 %2062 = spirv.FAdd %2061, %2060 : f32
// OUT:                 %2063 = spirv.Constant 0 : i32
// OUT:                 %2064 = spirv.mlir.addressof @input2 : ptr<struct<(rtarray<f32, stride=4> offset(0)), Block>, StorageBuffer>
// OUT:                 %2065 = spirv.Constant 0 : i32
// OUT:                 %2066 = spirv.AccessChain %2064, %2065, %2050 : ptr<f32, StorageBuffer>
// OUT:                 %2067 = spirv.Load %2066 : f32
// OUT:                 %2068 = spirv.FAdd %2062, %2067 : f32
// OUT:                 %2069 = spirv.GL.FMax %2068, %2061 : f32
// OUT:                 %2070 = spirv.IsNan %2068 : bool
// OUT:                 %2071 = spirv.IsNan %2061 : bool
// OUT:                 %2072 = spirv.Select %2071, %2061, %2069 : f32
// OUT:                 %2073 = spirv.Select %2070, %2068, %2072 : f32
// OUT:                 %2074 = spirv.Constant 0 : i32
// OUT:                 %2075 = spirv.Constant 33 : i32
// OUT:                 %2076 = spirv.IMul %2049, %2075 : i32
// OUT:                 %2077 = spirv.IAdd %2076, %2050 : i32
// OUT:                 %2078 = spirv.mlir.addressof @output0 : ptr<struct<(rtarray<f32, stride=4> offset(0)), Block>, StorageBuffer>
// OUT:                 %2079 = spirv.Constant 0 : i32
// OUT:                 %2080 = spirv.AccessChain %2078, %2079, %2077 : ptr<f32, StorageBuffer>
// OUT:                 spirv.Store %2080, %2073
// OUT:                 spirv.Branch ^bb24
// OUT:               ^bb24:
// OUT:                 spirv.mlir.merge
// OUT:             }
// OUT:             spirv.Branch ^bb20(%2045)
// OUT:           ^bb20(%2081: i32):
// OUT:             %2082 = spirv.IAdd %2081, %2044 : i32
// OUT:             spirv.Branch ^bb18(%2082)
// OUT:           ^bb21:
// OUT:             spirv.mlir.merge
// OUT:         }
// OUT:         spirv.ControlBarrier scope<Workgroup>, scope<Workgroup>, semantics<ACQUIRE_RELEASE|WORKGROUP_MEMORY>
// OUT:         %2083 = spirv.Load %31 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:         %2084 = spirv.mlir.addressof @result_scratch : ptr<array<1280 x f32>, Workgroup>
// OUT:         %2085 = spirv.AccessChain %2084, %45 : ptr<f32, Workgroup>
// OUT:         %2086 = spirv.Constant 0 : u32
// OUT:         spirv.CooperativeMatrixStoreKHR %2085, %2083, %2086, %1981
// OUT:         spirv.ControlBarrier scope<Workgroup>, scope<Workgroup>, semantics<ACQUIRE_RELEASE|WORKGROUP_MEMORY>
// OUT:         %2087 = spirv.Constant 16 : i32
// OUT:         %2088 = spirv.Constant 0 : i32
// OUT:         %2089 = spirv.IAdd %46, %2087 : i32
// OUT:         %2090 = spirv.IAdd %53, %2089 : i32
// OUT:         %2091 = spirv.IAdd %47, %2088 : i32
// OUT:         %2092 = spirv.IAdd %54, %2091 : i32
// OUT:         %2093 = spirv.Constant 256 : i32
// OUT:         %2094 = spirv.Constant 32 : i32
// OUT:         spirv.mlir.loop {
// OUT:           ^bb25:
// OUT:             spirv.Branch ^bb26(%38)
// OUT:           ^bb26(%2095: i32):
// OUT:             %2096 = spirv.SLessThan %2095, %2093 : bool
// OUT:             spirv.BranchConditional %2096, ^bb27, ^bb29
// OUT:           ^bb27:
// OUT:             %2097 = spirv.SDiv %2095, %1982 : i32
// OUT:             %2098 = spirv.SRem %2095, %1982 : i32
// OUT:             %2099 = spirv.IAdd %2090, %2097 : i32
// OUT:             %2100 = spirv.IAdd %2092, %2098 : i32
// OUT:             %2101 = spirv.SLessThan %2099, %48 : bool
// OUT:             %2102 = spirv.SLessThan %2100, %49 : bool
// OUT:             %2103 = spirv.LogicalAnd %2101, %2102 : bool
// OUT:             spirv.mlir.selection {
// OUT:               ^bb30:
// OUT:                 spirv.BranchConditional %2103, ^bb31, ^bb32
// OUT:               ^bb31:
// OUT:                 %2104 = spirv.Constant 0 : i32
// OUT:                 %2105 = spirv.IMul %2097, %1981 : i32
// OUT:                 %2106 = spirv.IAdd %2105, %2098 : i32
// OUT:                 %2107 = spirv.IAdd %2106, %45 : i32
// OUT:                 %2108 = spirv.mlir.addressof @result_scratch : ptr<array<1280 x f32>, Workgroup>
// OUT:                 %2109 = spirv.AccessChain %2108, %2107 : ptr<f32, Workgroup>
// OUT:                 %2110 = spirv.Load %2109 : f32
// OUT:                 %2111 = spirv.Constant 0.0 : f32
// OUT:                 %2112 = spirv.FAdd %2111, %2110 : f32
// OUT:                 %2113 = spirv.Constant 0 : i32
// OUT:                 %2114 = spirv.mlir.addressof @input2 : ptr<struct<(rtarray<f32, stride=4> offset(0)), Block>, StorageBuffer>
// OUT:                 %2115 = spirv.Constant 0 : i32
// OUT:                 %2116 = spirv.AccessChain %2114, %2115, %2100 : ptr<f32, StorageBuffer>
// OUT:                 %2117 = spirv.Load %2116 : f32
// OUT:                 %2118 = spirv.FAdd %2112, %2117 : f32
// OUT:                 %2119 = spirv.GL.FMax %2118, %2111 : f32
// OUT:                 %2120 = spirv.IsNan %2118 : bool
// OUT:                 %2121 = spirv.IsNan %2111 : bool
// OUT:                 %2122 = spirv.Select %2121, %2111, %2119 : f32
// OUT:                 %2123 = spirv.Select %2120, %2118, %2122 : f32
// OUT:                 %2124 = spirv.Constant 0 : i32
// OUT:                 %2125 = spirv.Constant 33 : i32
// OUT:                 %2126 = spirv.IMul %2099, %2125 : i32
// OUT:                 %2127 = spirv.IAdd %2126, %2100 : i32
// OUT:                 %2128 = spirv.mlir.addressof @output0 : ptr<struct<(rtarray<f32, stride=4> offset(0)), Block>, StorageBuffer>
// OUT:                 %2129 = spirv.Constant 0 : i32
// OUT:                 %2130 = spirv.AccessChain %2128, %2129, %2127 : ptr<f32, StorageBuffer>
// OUT:                 spirv.Store %2130, %2123
// OUT:                 spirv.Branch ^bb32
// OUT:               ^bb32:
// OUT:                 spirv.mlir.merge
// OUT:             }
// OUT:             spirv.Branch ^bb28(%2095)
// OUT:           ^bb28(%2131: i32):
// OUT:             %2132 = spirv.IAdd %2131, %2094 : i32
// OUT:             spirv.Branch ^bb26(%2132)
// OUT:           ^bb29:
// OUT:             spirv.mlir.merge
// OUT:         }
// OUT:         spirv.ControlBarrier scope<Workgroup>, scope<Workgroup>, semantics<ACQUIRE_RELEASE|WORKGROUP_MEMORY>
// OUT:         %2133 = spirv.Load %32 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:         %2134 = spirv.mlir.addressof @result_scratch : ptr<array<1280 x f32>, Workgroup>
// OUT:         %2135 = spirv.AccessChain %2134, %45 : ptr<f32, Workgroup>
// OUT:         %2136 = spirv.Constant 0 : u32
// OUT:         spirv.CooperativeMatrixStoreKHR %2135, %2133, %2136, %1981
// OUT:         spirv.ControlBarrier scope<Workgroup>, scope<Workgroup>, semantics<ACQUIRE_RELEASE|WORKGROUP_MEMORY>
// OUT:         %2137 = spirv.Constant 16 : i32
// OUT:         %2138 = spirv.Constant 16 : i32
// OUT:         %2139 = spirv.IAdd %46, %2137 : i32
// OUT:         %2140 = spirv.IAdd %53, %2139 : i32
// OUT:         %2141 = spirv.IAdd %47, %2138 : i32
// OUT:         %2142 = spirv.IAdd %54, %2141 : i32
// OUT:         %2143 = spirv.Constant 256 : i32
// OUT:         %2144 = spirv.Constant 32 : i32
// OUT:         spirv.mlir.loop {
// OUT:           ^bb33:
// OUT:             spirv.Branch ^bb34(%38)
// OUT:           ^bb34(%2145: i32):
// OUT:             %2146 = spirv.SLessThan %2145, %2143 : bool
// OUT:             spirv.BranchConditional %2146, ^bb35, ^bb37
// OUT:           ^bb35:
// OUT:             %2147 = spirv.SDiv %2145, %1982 : i32
// OUT:             %2148 = spirv.SRem %2145, %1982 : i32
// OUT:             %2149 = spirv.IAdd %2140, %2147 : i32
// OUT:             %2150 = spirv.IAdd %2142, %2148 : i32
// OUT:             %2151 = spirv.SLessThan %2149, %48 : bool
// OUT:             %2152 = spirv.SLessThan %2150, %49 : bool
// OUT:             %2153 = spirv.LogicalAnd %2151, %2152 : bool
// OUT:             spirv.mlir.selection {
// OUT:               ^bb38:
// OUT:                 spirv.BranchConditional %2153, ^bb39, ^bb40
// OUT:               ^bb39:
// OUT:                 %2154 = spirv.Constant 0 : i32
// OUT:                 %2155 = spirv.IMul %2147, %1981 : i32
// OUT:                 %2156 = spirv.IAdd %2155, %2148 : i32
// OUT:                 %2157 = spirv.IAdd %2156, %45 : i32
// OUT:                 %2158 = spirv.mlir.addressof @result_scratch : ptr<array<1280 x f32>, Workgroup>
// OUT:                 %2159 = spirv.AccessChain %2158, %2157 : ptr<f32, Workgroup>
// OUT:                 %2160 = spirv.Load %2159 : f32
// OUT:                 %2161 = spirv.Constant 0.0 : f32
// OUT:                 %2162 = spirv.FAdd %2161, %2160 : f32
// OUT:                 %2163 = spirv.Constant 0 : i32
// OUT:                 %2164 = spirv.mlir.addressof @input2 : ptr<struct<(rtarray<f32, stride=4> offset(0)), Block>, StorageBuffer>
// OUT:                 %2165 = spirv.Constant 0 : i32
// OUT:                 %2166 = spirv.AccessChain %2164, %2165, %2150 : ptr<f32, StorageBuffer>
// OUT:                 %2167 = spirv.Load %2166 : f32
// OUT:                 %2168 = spirv.FAdd %2162, %2167 : f32
// OUT:                 %2169 = spirv.GL.FMax %2168, %2161 : f32
// OUT:                 %2170 = spirv.IsNan %2168 : bool
// OUT:                 %2171 = spirv.IsNan %2161 : bool
// OUT:                 %2172 = spirv.Select %2171, %2161, %2169 : f32
// OUT:                 %2173 = spirv.Select %2170, %2168, %2172 : f32
// OUT:                 %2174 = spirv.Constant 0 : i32
// OUT:                 %2175 = spirv.Constant 33 : i32
// OUT:                 %2176 = spirv.IMul %2149, %2175 : i32
// OUT:                 %2177 = spirv.IAdd %2176, %2150 : i32
// OUT:                 %2178 = spirv.mlir.addressof @output0 : ptr<struct<(rtarray<f32, stride=4> offset(0)), Block>, StorageBuffer>
// OUT:                 %2179 = spirv.Constant 0 : i32
// OUT:                 %2180 = spirv.AccessChain %2178, %2179, %2177 : ptr<f32, StorageBuffer>
// OUT:                 spirv.Store %2180, %2173
// OUT:                 spirv.Branch ^bb40
// OUT:               ^bb40:
// OUT:                 spirv.mlir.merge
// OUT:             }
// OUT:             spirv.Branch ^bb36(%2145)
// OUT:           ^bb36(%2181: i32):
// OUT:             %2182 = spirv.IAdd %2181, %2144 : i32
// OUT:             spirv.Branch ^bb34(%2182)
// OUT:           ^bb37:
// OUT:             spirv.mlir.merge
// OUT:         }
// OUT:         spirv.ControlBarrier scope<Workgroup>, scope<Workgroup>, semantics<ACQUIRE_RELEASE|WORKGROUP_MEMORY>
// OUT:         spirv.Branch ^bb3
// OUT:       ^bb3:
// OUT:         spirv.mlir.merge
// OUT:     }
// OUT:     spirv.Return
// OUT:   }
// OUT:   spirv.EntryPoint GLCompute @dispatch_0_contraction "dispatch_0_contraction" interface()
// OUT:   spirv.ExecutionMode @dispatch_0_contraction LocalSize 128 1 1
// OUT: }

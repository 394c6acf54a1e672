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
// OUT:         %62 = spirv.IAdd %26, %61 : i32
// OUT:         %63 = spirv.Constant 32 : i32
// OUT:         %64 = spirv.SDiv %62, %63 : i32
// OUT:         %65 = spirv.SRem %62, %63 : i32
// OUT:         %66 = spirv.Constant 1 : i32
// OUT:         %67 = spirv.IMul %65, %66 : i32
// OUT:         %68 = spirv.IAdd %53, %64 : i32
// OUT:         %69 = spirv.IAdd %57, %67 : i32
// OUT:         %70 = spirv.SLessThan %68, %48 : bool
// OUT:         %71 = spirv.SLessThan %69, %50 : bool
// OUT:         %72 = spirv.LogicalAnd %70, %71 : bool
// OUT:         %73 = spirv.Constant 1 : i32
// OUT:         %74 = spirv.ISub %48, %73 : i32
// OUT:         %75 = spirv.ISub %50, %73 : i32
// OUT:         %76 = spirv.GL.SMin %68, %74 : i32
// OUT:         %77 = spirv.GL.SMin %69, %75 : i32
// OUT:         %78 = spirv.Constant 0 : i32
// OUT:         %79 = spirv.Constant 0 : i32
// OUT:         %80 = spirv.Constant 0 : i32
// OUT:         %81 = spirv.Constant 70 : i32
// OUT:         %82 = spirv.IMul %76, %81 : i32
// OUT:         %83 = spirv.IAdd %82, %77 : i32
// OUT:         %84 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %85 = spirv.Constant 0 : i32
// OUT:         %86 = spirv.AccessChain %84, %85, %83 : ptr<f16, StorageBuffer>
// OUT:         %87 = spirv.Load %86 : f16
// OUT:         %88 = spirv.Constant 0x0 : f16
// OUT:         %89 = spirv.Select %72, %87, %88 : f16
// OUT:         %90 = spirv.Constant 128 : i32
// OUT:         %91 = spirv.IAdd %26, %90 : i32
// OUT:         %92 = spirv.Constant 32 : i32
// OUT:         %93 = spirv.SDiv %91, %92 : i32
// OUT:         %94 = spirv.SRem %91, %92 : i32
// OUT:         %95 = spirv.Constant 1 : i32
// OUT:         %96 = spirv.IMul %94, %95 : i32
// OUT:         %97 = spirv.IAdd %53, %93 : i32
// OUT:         %98 = spirv.IAdd %57, %96 : i32
// OUT:         %99 = spirv.SLessThan %97, %48 : bool
// OUT:         %100 = spirv.SLessThan %98, %50 : bool
// OUT:         %101 = spirv.LogicalAnd %99, %100 : bool
// OUT:         %102 = spirv.Constant 1 : i32
// OUT:         %103 = spirv.ISub %48, %102 : i32
// OUT:         %104 = spirv.ISub %50, %102 : i32
// OUT:         %105 = spirv.GL.SMin %97, %103 : i32
// OUT:         %106 = spirv.GL.SMin %98, %104 : i32
// OUT:         %107 = spirv.Constant 0 : i32
// OUT:         %108 = spirv.Constant 0 : i32
// OUT:         %109 = spirv.Constant 0 : i32
// OUT:         %110 = spirv.Constant 70 : i32
// OUT:         %111 = spirv.IMul %105, %110 : i32
// OUT:         %112 = spirv.IAdd %111, %106 : i32
// OUT:         %113 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %114 = spirv.Constant 0 : i32
// OUT:         %115 = spirv.AccessChain %113, %114, %112 : ptr<f16, StorageBuffer>
// OUT:         %116 = spirv.Load %115 : f16
// OUT:         %117 = spirv.Constant 0x0 : f16
// OUT:         %118 = spirv.Select %101, %116, %117 : f16
// OUT:         %119 = spirv.Constant 256 : i32
// OUT:         %120 = spirv.IAdd %26, %119 : i32
// OUT:         %121 = spirv.Constant 32 : i32
// OUT:         %122 = spirv.SDiv %120, %121 : i32
// OUT:         %123 = spirv.SRem %120, %121 : i32
// OUT:         %124 = spirv.Constant 1 : i32
// OUT:         %125 = spirv.IMul %123, %124 : i32
// OUT:         %126 = spirv.IAdd %53, %122 : i32
// OUT:         %127 = spirv.IAdd %57, %125 : i32
// OUT:         %128 = spirv.SLessThan %126, %48 : bool
// OUT:         %129 = spirv.SLessThan %127, %50 : bool
// OUT:         %130 = spirv.LogicalAnd %128, %129 : bool
// OUT:         %131 = spirv.Constant 1 : i32
// OUT:         %132 = spirv.ISub %48, %131 : i32
// OUT:         %133 = spirv.ISub %50, %131 : i32
// OUT:         %134 = spirv.GL.SMin %126, %132 : i32
// OUT:         %135 = spirv.GL.SMin %127, %133 : i32
// OUT:         %136 = spirv.Constant 0 : i32
// OUT:         %137 = spirv.Constant 0 : i32
// OUT:         %138 = spirv.Constant 0 : i32
// OUT:         %139 = spirv.Constant 70 : i32
// OUT:         %140 = spirv.IMul %134, %139 : i32
// OUT:         %141 = spirv.IAdd %140, %135 : i32
// OUT:         %142 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %143 = spirv.Constant 0 : i32
// OUT:         %144 = spirv.AccessChain %142, %143, %141 : ptr<f16, StorageBuffer>
// OUT:         %145 = spirv.Load %144 : f16
// OUT:         %146 = spirv.Constant 0x0 : f16
// OUT:         %147 = spirv.Select %130, %145, %146 : f16
// OUT:         %148 = spirv.Constant 384 : i32
// OUT:         %149 = spirv.IAdd %26, %148 : i32
// OUT:         %150 = spirv.Constant 32 : i32
// OUT:         %151 = spirv.SDiv %149, %150 : i32
// OUT:         %152 = spirv.SRem %149, %150 : i32
// OUT:         %153 = spirv.Constant 1 : i32
// OUT:         %154 = spirv.IMul %152, %153 : i32
// OUT:         %155 = spirv.IAdd %53, %151 : i32
// OUT:         %156 = spirv.IAdd %57, %154 : i32
// OUT:         %157 = spirv.SLessThan %155, %48 : bool
// OUT:         %158 = spirv.SLessThan %156, %50 : bool
// OUT:         %159 = spirv.LogicalAnd %157, %158 : bool
// OUT:         %160 = spirv.Constant 1 : i32
// OUT:         %161 = spirv.ISub %48, %160 : i32
// OUT:         %162 = spirv.ISub %50, %160 : i32
// OUT:         %163 = spirv.GL.SMin %155, %161 : i32
// OUT:         %164 = spirv.GL.SMin %156, %162 : i32
// OUT:         %165 = spirv.Constant 0 : i32
// OUT:         %166 = spirv.Constant 0 : i32
// OUT:         %167 = spirv.Constant 0 : i32
// OUT:         %168 = spirv.Constant 70 : i32
// OUT:         %169 = spirv.IMul %163, %168 : i32
// OUT:         %170 = spirv.IAdd %169, %164 : i32
// OUT:         %171 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %172 = spirv.Constant 0 : i32
// OUT:         %173 = spirv.AccessChain %171, %172, %170 : ptr<f16, StorageBuffer>
// OUT:         %174 = spirv.Load %173 : f16
// OUT:         %175 = spirv.Constant 0x0 : f16
// OUT:         %176 = spirv.Select %159, %174, %175 : f16
// OUT:         %177 = spirv.Constant 512 : i32
// OUT:         %178 = spirv.IAdd %26, %177 : i32
// OUT:         %179 = spirv.Constant 32 : i32
// OUT:         %180 = spirv.SDiv %178, %179 : i32
// OUT:         %181 = spirv.SRem %178, %179 : i32
// OUT:         %182 = spirv.Constant 1 : i32
// OUT:         %183 = spirv.IMul %181, %182 : i32
// OUT:         %184 = spirv.IAdd %53, %180 : i32
// OUT:         %185 = spirv.IAdd %57, %183 : i32
// OUT:         %186 = spirv.SLessThan %184, %48 : bool
// OUT:         %187 = spirv.SLessThan %185, %50 : bool
// OUT:         %188 = spirv.LogicalAnd %186, %187 : bool
// OUT:         %189 = spirv.Constant 1 : i32
// OUT:         %190 = spirv.ISub %48, %189 : i32
// OUT:         %191 = spirv.ISub %50, %189 : i32
// OUT:         %192 = spirv.GL.SMin %184, %190 : i32
// OUT:         %193 = spirv.GL.SMin %185, %191 : i32
// OUT:         %194 = spirv.Constant 0 : i32
// OUT:         %195 = spirv.Constant 0 : i32
// OUT:         %196 = spirv.Constant 0 : i32
// OUT:         %197 = spirv.Constant 70 : i32
// OUT:         %198 = spirv.IMul %192, %197 : i32
// OUT:         %199 = spirv.IAdd %198, %193 : i32
// OUT:         %200 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %201 = spirv.Constant 0 : i32
// OUT:         %202 = spirv.AccessChain %200, %201, %199 : ptr<f16, StorageBuffer>
// OUT:         %203 = spirv.Load %202 : f16
// OUT:         %204 = spirv.Constant 0x0 : f16
// OUT:         %205 = spirv.Select %188, %203, %204 : f16
// OUT:         %206 = spirv.Constant 640 : i32
// OUT:         %207 = spirv.IAdd %26, %206 : i32
// OUT:         %208 = spirv.Constant 32 : i32
// OUT:         %209 = spirv.SDiv %207, %208 : i32
// OUT:         %210 = spirv.SRem %207, %208 : i32
// OUT:         %211 = spirv.Constant 1 : i32
// OUT:         %212 = spirv.IMul %210, %211 : i32
// OUT:         %213 = spirv.IAdd %53, %209 : i32
// OUT:         %214 = spirv.IAdd %57, %212 : i32
// OUT:         %215 = spirv.SLessThan %213, %48 : bool
// OUT:         %216 = spirv.SLessThan %214, %50 : bool
// OUT:         %217 = spirv.LogicalAnd %215, %216 : bool
// OUT:         %218 = spirv.Constant 1 : i32
// OUT:         %219 = spirv.ISub %48, %218 : i32
// OUT:         %220 = spirv.ISub %50, %218 : i32
// OUT:         %221 = spirv.GL.SMin %213, %219 : i32
// OUT:         %222 = spirv.GL.SMin %214, %220 : i32
// OUT:         %223 = spirv.Constant 0 : i32
// OUT:         %224 = spirv.Constant 0 : i32
// OUT:         %225 = spirv.Constant 0 : i32
// OUT:         %226 = spirv.Constant 70 : i32
// OUT:         %227 = spirv.IMul %221, %226 : i32
// OUT:         %228 = spirv.IAdd %227, %222 : i32
// OUT:         %229 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %230 = spirv.Constant 0 : i32
// OUT:         %231 = spirv.AccessChain %229, %230, %228 : ptr<f16, StorageBuffer>
// OUT:         %232 = spirv.Load %231 : f16
// OUT:         %233 = spirv.Constant 0x0 : f16
// OUT:         %234 = spirv.Select %217, %232, %233 : f16
// OUT:         %235 = spirv.Constant 768 : i32
// OUT:         %236 = spirv.IAdd %26, %235 : i32
// OUT:         %237 = spirv.Constant 32 : i32
// OUT:         %238 = spirv.SDiv %236, %237 : i32
// OUT:         %239 = spirv.SRem %236, %237 : i32
// OUT:         %240 = spirv.Constant 1 : i32
// OUT:         %241 = spirv.IMul %239, %240 : i32
// OUT:         %242 = spirv.IAdd %53, %238 : i32
// OUT:         %243 = spirv.IAdd %57, %241 : i32
// OUT:         %244 = spirv.SLessThan %242, %48 : bool
// OUT:         %245 = spirv.SLessThan %243, %50 : bool
// OUT:         %246 = spirv.LogicalAnd %244, %245 : bool
// OUT:         %247 = spirv.Constant 1 : i32
// OUT:         %248 = spirv.ISub %48, %247 : i32
// OUT:         %249 = spirv.ISub %50, %247 : i32
// OUT:         %250 = spirv.GL.SMin %242, %248 : i32
// OUT:         %251 = spirv.GL.SMin %243, %249 : i32
// OUT:         %252 = spirv.Constant 0 : i32
// OUT:         %253 = spirv.Constant 0 : i32
// OUT:         %254 = spirv.Constant 0 : i32
// OUT:         %255 = spirv.Constant 70 : i32
// OUT:         %256 = spirv.IMul %250, %255 : i32
// OUT:         %257 = spirv.IAdd %256, %251 : i32
// OUT:         %258 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %259 = spirv.Constant 0 : i32
// OUT:         %260 = spirv.AccessChain %258, %259, %257 : ptr<f16, StorageBuffer>
// OUT:         %261 = spirv.Load %260 : f16
// OUT:         %262 = spirv.Constant 0x0 : f16
// OUT:         %263 = spirv.Select %246, %261, %262 : f16
// OUT:         %264 = spirv.Constant 896 : i32
// OUT:         %265 = spirv.IAdd %26, %264 : i32
// OUT:         %266 = spirv.Constant 32 : i32
// OUT:         %267 = spirv.SDiv %265, %266 : i32
// OUT:         %268 = spirv.SRem %265, %266 : i32
// OUT:         %269 = spirv.Constant 1 : i32
// OUT:         %270 = spirv.IMul %268, %269 : i32
// OUT:         %271 = spirv.IAdd %53, %267 : i32
// OUT:         %272 = spirv.IAdd %57, %270 : i32
// OUT:         %273 = spirv.SLessThan %271, %48 : bool
// OUT:         %274 = spirv.SLessThan %272, %50 : bool
// OUT:         %275 = spirv.LogicalAnd %273, %274 : bool
// OUT:         %276 = spirv.Constant 1 : i32
// OUT:         %277 = spirv.ISub %48, %276 : i32
// OUT:         %278 = spirv.ISub %50, %276 : i32
// OUT:         %279 = spirv.GL.SMin %271, %277 : i32
// OUT:         %280 = spirv.GL.SMin %272, %278 : i32
// OUT:         %281 = spirv.Constant 0 : i32
// OUT:         %282 = spirv.Constant 0 : i32
// OUT:         %283 = spirv.Constant 0 : i32
// OUT:         %284 = spirv.Constant 70 : i32
// OUT:         %285 = spirv.IMul %279, %284 : i32
// OUT:         %286 = spirv.IAdd %285, %280 : i32
// OUT:         %287 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %288 = spirv.Constant 0 : i32
// OUT:         %289 = spirv.AccessChain %287, %288, %286 : ptr<f16, StorageBuffer>
// OUT:         %290 = spirv.Load %289 : f16
// OUT:         %291 = spirv.Constant 0x0 : f16
// OUT:         %292 = spirv.Select %275, %290, %291 : f16
// OUT:         %293 = spirv.Constant 1024 : i32
// OUT:         %294 = spirv.IAdd %26, %293 : i32
// OUT:         %295 = spirv.Constant 32 : i32
// OUT:         %296 = spirv.SDiv %294, %295 : i32
// OUT:         %297 = spirv.SRem %294, %295 : i32
// OUT:         %298 = spirv.Constant 1 : i32
// OUT:         %299 = spirv.IMul %297, %298 : i32
// OUT:         %300 = spirv.IAdd %53, %296 : i32
// OUT:         %301 = spirv.IAdd %57, %299 : i32
// OUT:         %302 = spirv.SLessThan %300, %48 : bool
// OUT:         %303 = spirv.SLessThan %301, %50 : bool
// OUT:         %304 = spirv.LogicalAnd %302, %303 : bool
// OUT:         %305 = spirv.Constant 1 : i32
// OUT:         %306 = spirv.ISub %48, %305 : i32
// OUT:         %307 = spirv.ISub %50, %305 : i32
// OUT:         %308 = spirv.GL.SMin %300, %306 : i32
// OUT:         %309 = spirv.GL.SMin %301, %307 : i32
// OUT:         %310 = spirv.Constant 0 : i32
// OUT:         %311 = spirv.Constant 0 : i32
// OUT:         %312 = spirv.Constant 0 : i32
// OUT:         %313 = spirv.Constant 70 : i32
// OUT:         %314 = spirv.IMul %308, %313 : i32
// OUT:         %315 = spirv.IAdd %314, %309 : i32
// OUT:         %316 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %317 = spirv.Constant 0 : i32
// OUT:         %318 = spirv.AccessChain %316, %317, %315 : ptr<f16, StorageBuffer>
// OUT:         %319 = spirv.Load %318 : f16
// OUT:         %320 = spirv.Constant 0x0 : f16
// OUT:         %321 = spirv.Select %304, %319, %320 : f16
// OUT:         %322 = spirv.Constant 1152 : i32
// OUT:         %323 = spirv.IAdd %26, %322 : i32
// OUT:         %324 = spirv.Constant 32 : i32
// OUT:         %325 = spirv.SDiv %323, %324 : i32
// OUT:         %326 = spirv.SRem %323, %324 : i32
// OUT:         %327 = spirv.Constant 1 : i32
// OUT:         %328 = spirv.IMul %326, %327 : i32
// OUT:         %329 = spirv.IAdd %53, %325 : i32
// OUT:         %330 = spirv.IAdd %57, %328 : i32
// OUT:         %331 = spirv.SLessThan %329, %48 : bool
// OUT:         %332 = spirv.SLessThan %330, %50 : bool
// OUT:         %333 = spirv.LogicalAnd %331, %332 : bool
// OUT:         %334 = spirv.Constant 1 : i32
// OUT:         %335 = spirv.ISub %48, %334 : i32
// OUT:         %336 = spirv.ISub %50, %334 : i32
// OUT:         %337 = spirv.GL.SMin %329, %335 : i32
// OUT:         %338 = spirv.GL.SMin %330, %336 : i32
// OUT:         %339 = spirv.Constant 0 : i32
// OUT:         %340 = spirv.Constant 0 : i32
// OUT:         %341 = spirv.Constant 0 : i32
// OUT:         %342 = spirv.Constant 70 : i32
// OUT:         %343 = spirv.IMul %337, %342 : i32
// OUT:         %344 = spirv.IAdd %343, %338 : i32
// OUT:         %345 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %346 = spirv.Constant 0 : i32
// OUT:         %347 = spirv.AccessChain %345, %346, %344 : ptr<f16, StorageBuffer>
// OUT:         %348 = spirv.Load %347 : f16
// OUT:         %349 = spirv.Constant 0x0 : f16
// OUT:         %350 = spirv.Select %333, %348, %349 : f16
// OUT:         %351 = spirv.Constant 1280 : i32
// OUT:         %352 = spirv.IAdd %26, %351 : i32
// OUT:         %353 = spirv.Constant 32 : i32
// OUT:         %354 = spirv.SDiv %352, %353 : i32
// OUT:         %355 = spirv.SRem %352, %353 : i32
// OUT:         %356 = spirv.Constant 1 : i32
// OUT:         %357 = spirv.IMul %355, %356 : i32
// OUT:         %358 = spirv.IAdd %53, %354 : i32
// OUT:         %359 = spirv.IAdd %57, %357 : i32
// OUT:         %360 = spirv.SLessThan %358, %48 : bool
// OUT:         %361 = spirv.SLessThan %359, %50 : bool
// OUT:         %362 = spirv.LogicalAnd %360, %361 : bool
// OUT:         %363 = spirv.Constant 1 : i32
// OUT:         %364 = spirv.ISub %48, %363 : i32
// OUT:         %365 = spirv.ISub %50, %363 : i32
// OUT:         %366 = spirv.GL.SMin %358, %364 : i32
// OUT:         %367 = spirv.GL.SMin %359, %365 : i32
// OUT:         %368 = spirv.Constant 0 : i32
// OUT:         %369 = spirv.Constant 0 : i32
// OUT:         %370 = spirv.Constant 0 : i32
// OUT:         %371 = spirv.Constant 70 : i32
// OUT:         %372 = spirv.IMul %366, %371 : i32
// OUT:         %373 = spirv.IAdd %372, %367 : i32
// OUT:         %374 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %375 = spirv.Constant 0 : i32
// OUT:         %376 = spirv.AccessChain %374, %375, %373 : ptr<f16, StorageBuffer>
// OUT:         %377 = spirv.Load %376 : f16
// OUT:         %378 = spirv.Constant 0x0 : f16
// OUT:         %379 = spirv.Select %362, %377, %378 : f16
// OUT:         %380 = spirv.Constant 1408 : i32
// OUT:         %381 = spirv.IAdd %26, %380 : i32
// OUT:         %382 = spirv.Constant 32 : i32
// OUT:         %383 = spirv.SDiv %381, %382 : i32
// OUT:         %384 = spirv.SRem %381, %382 : i32
// OUT:         %385 = spirv.Constant 1 : i32
// OUT:         %386 = spirv.IMul %384, %385 : i32
// OUT:         %387 = spirv.IAdd %53, %383 : i32
// OUT:         %388 = spirv.IAdd %57, %386 : i32
// OUT:         %389 = spirv.SLessThan %387, %48 : bool
// OUT:         %390 = spirv.SLessThan %388, %50 : bool
// OUT:         %391 = spirv.LogicalAnd %389, %390 : bool
// OUT:         %392 = spirv.Constant 1 : i32
// OUT:         %393 = spirv.ISub %48, %392 : i32
// OUT:         %394 = spirv.ISub %50, %392 : i32
// OUT:         %395 = spirv.GL.SMin %387, %393 : i32
// OUT:         %396 = spirv.GL.SMin %388, %394 : i32
// OUT:         %397 = spirv.Constant 0 : i32
// OUT:         %398 = spirv.Constant 0 : i32
// OUT:         %399 = spirv.Constant 0 : i32
// OUT:         %400 = spirv.Constant 70 : i32
// OUT:         %401 = spirv.IMul %395, %400 : i32
// OUT:         %402 = spirv.IAdd %401, %396 : i32
// OUT:         %403 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %404 = spirv.Constant 0 : i32
// OUT:         %405 = spirv.AccessChain %403, %404, %402 : ptr<f16, StorageBuffer>
// OUT:         %406 = spirv.Load %405 : f16
// OUT:         %407 = spirv.Constant 0x0 : f16
// OUT:         %408 = spirv.Select %391, %406, %407 : f16
// OUT:         %409 = spirv.Constant 1536 : i32
// OUT:         %410 = spirv.IAdd %26, %409 : i32
// OUT:         %411 = spirv.Constant 32 : i32
// OUT:         %412 = spirv.SDiv %410, %411 : i32
// OUT:         %413 = spirv.SRem %410, %411 : i32
// OUT:         %414 = spirv.Constant 1 : i32
// OUT:         %415 = spirv.IMul %413, %414 : i32
// OUT:         %416 = spirv.IAdd %53, %412 : i32
// OUT:         %417 = spirv.IAdd %57, %415 : i32
// OUT:         %418 = spirv.SLessThan %416, %48 : bool
// OUT:         %419 = spirv.SLessThan %417, %50 : bool
// OUT:         %420 = spirv.LogicalAnd %418, %419 : bool
// OUT:         %421 = spirv.Constant 1 : i32
// OUT:         %422 = spirv.ISub %48, %421 : i32
// OUT:         %423 = spirv.ISub %50, %421 : i32
// OUT:         %424 = spirv.GL.SMin %416, %422 : i32
// OUT:         %425 = spirv.GL.SMin %417, %423 : i32
// OUT:         %426 = spirv.Constant 0 : i32
// OUT:         %427 = spirv.Constant 0 : i32
// OUT:         %428 = spirv.Constant 0 : i32
// OUT:         %429 = spirv.Constant 70 : i32
// OUT:         %430 = spirv.IMul %424, %429 : i32
// OUT:         %431 = spirv.IAdd %430, %425 : i32
// OUT:         %432 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %433 = spirv.Constant 0 : i32
// OUT:         %434 = spirv.AccessChain %432, %433, %431 : ptr<f16, StorageBuffer>
// OUT:         %435 = spirv.Load %434 : f16
// OUT:         %436 = spirv.Constant 0x0 : f16
// OUT:         %437 = spirv.Select %420, %435, %436 : f16
// OUT:         %438 = spirv.Constant 1664 : i32
// OUT:         %439 = spirv.IAdd %26, %438 : i32
// OUT:         %440 = spirv.Constant 32 : i32
// OUT:         %441 = spirv.SDiv %439, %440 : i32
// OUT:         %442 = spirv.SRem %439, %440 : i32
// OUT:         %443 = spirv.Constant 1 : i32
// OUT:         %444 = spirv.IMul %442, %443 : i32
// OUT:         %445 = spirv.IAdd %53, %441 : i32
// OUT:         %446 = spirv.IAdd %57, %444 : i32
// OUT:         %447 = spirv.SLessThan %445, %48 : bool
// OUT:         %448 = spirv.SLessThan %446, %50 : bool
// OUT:         %449 = spirv.LogicalAnd %447, %448 : bool
// OUT:         %450 = spirv.Constant 1 : i32
// OUT:         %451 = spirv.ISub %48, %450 : i32
// OUT:         %452 = spirv.ISub %50, %450 : i32
// OUT:         %453 = spirv.GL.SMin %445, %451 : i32
// OUT:         %454 = spirv.GL.SMin %446, %452 : i32
// OUT:         %455 = spirv.Constant 0 : i32
// OUT:         %456 = spirv.Constant 0 : i32
// OUT:         %457 = spirv.Constant 0 : i32
// OUT:         %458 = spirv.Constant 70 : i32
// OUT:         %459 = spirv.IMul %453, %458 : i32
// OUT:         %460 = spirv.IAdd %459, %454 : i32
// OUT:         %461 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %462 = spirv.Constant 0 : i32
// OUT:         %463 = spirv.AccessChain %461, %462, %460 : ptr<f16, StorageBuffer>
// OUT:         %464 = spirv.Load %463 : f16
// OUT:         %465 = spirv.Constant 0x0 : f16
// OUT:         %466 = spirv.Select %449, %464, %465 : f16
// OUT:         %467 = spirv.Constant 1792 : i32
// OUT:         %468 = spirv.IAdd %26, %467 : i32
// OUT:         %469 = spirv.Constant 32 : i32
// OUT:         %470 = spirv.SDiv %468, %469 : i32
// OUT:         %471 = spirv.SRem %468, %469 : i32
// OUT:         %472 = spirv.Constant 1 : i32
// OUT:         %473 = spirv.IMul %471, %472 : i32
// OUT:         %474 = spirv.IAdd %53, %470 : i32
// OUT:         %475 = spirv.IAdd %57, %473 : i32
// OUT:         %476 = spirv.SLessThan %474, %48 : bool
// OUT:         %477 = spirv.SLessThan %475, %50 : bool
// OUT:         %478 = spirv.LogicalAnd %476, %477 : bool
// OUT:         %479 = spirv.Constant 1 : i32
// OUT:         %480 = spirv.ISub %48, %479 : i32
// OUT:         %481 = spirv.ISub %50, %479 : i32
// OUT:         %482 = spirv.GL.SMin %474, %480 : i32
// OUT:         %483 = spirv.GL.SMin %475, %481 : i32
// OUT:         %484 = spirv.Constant 0 : i32
// OUT:         %485 = spirv.Constant 0 : i32
// OUT:         %486 = spirv.Constant 0 : i32
// OUT:         %487 = spirv.Constant 70 : i32
// OUT:         %488 = spirv.IMul %482, %487 : i32
// OUT:         %489 = spirv.IAdd %488, %483 : i32
// OUT:         %490 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %491 = spirv.Constant 0 : i32
// OUT:         %492 = spirv.AccessChain %490, %491, %489 : ptr<f16, StorageBuffer>
// OUT:         %493 = spirv.Load %492 : f16
// OUT:         %494 = spirv.Constant 0x0 : f16
// OUT:         %495 = spirv.Select %478, %493, %494 : f16
// OUT:         %496 = spirv.Constant 1920 : i32
// OUT:         %497 = spirv.IAdd %26, %496 : i32
// OUT:         %498 = spirv.Constant 32 : i32
// OUT:         %499 = spirv.SDiv %497, %498 : i32
// OUT:         %500 = spirv.SRem %497, %498 : i32
// OUT:         %501 = spirv.Constant 1 : i32
// OUT:         %502 = spirv.IMul %500, %501 : i32
// OUT:         %503 = spirv.IAdd %53, %499 : i32
// OUT:         %504 = spirv.IAdd %57, %502 : i32
// OUT:         %505 = spirv.SLessThan %503, %48 : bool
// OUT:         %506 = spirv.SLessThan %504, %50 : bool
// OUT:         %507 = spirv.LogicalAnd %505, %506 : bool
// OUT:         %508 = spirv.Constant 1 : i32
// OUT:         %509 = spirv.ISub %48, %508 : i32
// OUT:         %510 = spirv.ISub %50, %508 : i32
// OUT:         %511 = spirv.GL.SMin %503, %509 : i32
// OUT:         %512 = spirv.GL.SMin %504, %510 : i32
// OUT:         %513 = spirv.Constant 0 : i32
// OUT:         %514 = spirv.Constant 0 : i32
// OUT:         %515 = spirv.Constant 0 : i32
// OUT:         %516 = spirv.Constant 70 : i32
// OUT:         %517 = spirv.IMul %511, %516 : i32
// OUT:         %518 = spirv.IAdd %517, %512 : i32
// OUT:         %519 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %520 = spirv.Constant 0 : i32
// OUT:         %521 = spirv.AccessChain %519, %520, %518 : ptr<f16, StorageBuffer>
// OUT:         %522 = spirv.Load %521 : f16
// OUT:         %523 = spirv.Constant 0x0 : f16
// OUT:         %524 = spirv.Select %507, %522, %523 : f16
// OUT:         %525 = spirv.Constant 0 : i32
// OUT:         %526 = spirv.IAdd %26, %525 : i32
// OUT:         %527 = spirv.Constant 64 : i32
// OUT:         %528 = spirv.SDiv %526, %527 : i32
// OUT:         %529 = spirv.SRem %526, %527 : i32
// OUT:         %530 = spirv.Constant 1 : i32
// OUT:         %531 = spirv.IMul %529, %530 : i32
// OUT:         %532 = spirv.IAdd %54, %531 : i32
// OUT:         %533 = spirv.IAdd %57, %528 : i32
// OUT:         %534 = spirv.SLessThan %532, %49 : bool
// OUT:         %535 = spirv.SLessThan %533, %50 : bool
// OUT:         %536 = spirv.LogicalAnd %534, %535 : bool
// OUT:         %537 = spirv.Constant 1 : i32
// OUT:         %538 = spirv.ISub %49, %537 : i32
// OUT:         %539 = spirv.ISub %50, %537 : i32
// OUT:         %540 = spirv.GL.SMin %532, %538 : i32
// OUT:         %541 = spirv.GL.SMin %533, %539 : i32
// OUT:         %542 = spirv.Constant 0 : i32
// OUT:         %543 = spirv.Constant 0 : i32
// OUT:         %544 = spirv.Constant 0 : i32
// OUT:         %545 = spirv.Constant 33 : i32
// OUT:         %546 = spirv.IMul %541, %545 : i32
// OUT:         %547 = spirv.IAdd %546, %540 : i32
// OUT:         %548 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %549 = spirv.Constant 0 : i32
// OUT:         %550 = spirv.AccessChain %548, %549, %547 : ptr<f16, StorageBuffer>
// OUT:         %551 = spirv.Load %550 : f16
// OUT:         %552 = spirv.Constant 0x0 : f16
// OUT:         %553 = spirv.Select %536, %551, %552 : f16
// OUT:         %554 = spirv.Constant 128 : i32
// OUT:         %555 = spirv.IAdd %26, %554 : i32
// OUT:         %556 = spirv.Constant 64 : i32
// OUT:         %557 = spirv.SDiv %555, %556 : i32
// OUT:         %558 = spirv.SRem %555, %556 : i32
// OUT:         %559 = spirv.Constant 1 : i32
// OUT:         %560 = spirv.IMul %558, %559 : i32
// OUT:         %561 = spirv.IAdd %54, %560 : i32
// OUT:         %562 = spirv.IAdd %57, %557 : i32
// OUT:         %563 = spirv.SLessThan %561, %49 : bool
// OUT:         %564 = spirv.SLessThan %562, %50 : bool
// OUT:         %565 = spirv.LogicalAnd %563, %564 : bool
// OUT:         %566 = spirv.Constant 1 : i32
// OUT:         %567 = spirv.ISub %49, %566 : i32
// OUT:         %568 = spirv.ISub %50, %566 : i32
// OUT:         %569 = spirv.GL.SMin %561, %567 : i32
// OUT:         %570 = spirv.GL.SMin %562, %568 : i32
// OUT:         %571 = spirv.Constant 0 : i32
// OUT:         %572 = spirv.Constant 0 : i32
// OUT:         %573 = spirv.Constant 0 : i32
// OUT:         %574 = spirv.Constant 33 : i32
// OUT:         %575 = spirv.IMul %570, %574 : i32
// OUT:         %576 = spirv.IAdd %575, %569 : i32
// OUT:         %577 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %578 = spirv.Constant 0 : i32
// OUT:         %579 = spirv.AccessChain %577, %578, %576 : ptr<f16, StorageBuffer>
// OUT:         %580 = spirv.Load %579 : f16
// OUT:         %581 = spirv.Constant 0x0 : f16
// OUT:         %582 = spirv.Select %565, %580, %581 : f16
// OUT:         %583 = spirv.Constant 256 : i32
// OUT:         %584 = spirv.IAdd %26, %583 : i32
// OUT:         %585 = spirv.Constant 64 : i32
// OUT:         %586 = spirv.SDiv %584, %585 : i32
// OUT:         %587 = spirv.SRem %584, %585 : i32
// OUT:         %588 = spirv.Constant 1 : i32
// OUT:         %589 = spirv.IMul %587, %588 : i32
// OUT:         %590 = spirv.IAdd %54, %589 : i32
// OUT:         %591 = spirv.IAdd %57, %586 : i32
// OUT:         %592 = spirv.SLessThan %590, %49 : bool
// OUT:         %593 = spirv.SLessThan %591, %50 : bool
// OUT:         %594 = spirv.LogicalAnd %592, %593 : bool
// OUT:         %595 = spirv.Constant 1 : i32
// OUT:         %596 = spirv.ISub %49, %595 : i32
// OUT:         %597 = spirv.ISub %50, %595 : i32
// OUT:         %598 = spirv.GL.SMin %590, %596 : i32
// OUT:         %599 = spirv.GL.SMin %591, %597 : i32
// OUT:         %600 = spirv.Constant 0 : i32
// OUT:         %601 = spirv.Constant 0 : i32
// OUT:         %602 = spirv.Constant 0 : i32
// OUT:         %603 = spirv.Constant 33 : i32
// OUT:         %604 = spirv.IMul %599, %603 : i32
// OUT:         %605 = spirv.IAdd %604, %598 : i32
// OUT:         %606 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %607 = spirv.Constant 0 : i32
// OUT:         %608 = spirv.AccessChain %606, %607, %605 : ptr<f16, StorageBuffer>
// OUT:         %609 = spirv.Load %608 : f16
// OUT:         %610 = spirv.Constant 0x0 : f16
// OUT:         %611 = spirv.Select %594, %609, %610 : f16
// OUT:         %612 = spirv.Constant 384 : i32
// OUT:         %613 = spirv.IAdd %26, %612 : i32
// OUT:         %614 = spirv.Constant 64 : i32
// OUT:         %615 = spirv.SDiv %613, %614 : i32
// OUT:         %616 = spirv.SRem %613, %614 : i32
// OUT:         %617 = spirv.Constant 1 : i32
// OUT:         %618 = spirv.IMul %616, %617 : i32
// OUT:         %619 = spirv.IAdd %54, %618 : i32
// OUT:         %620 = spirv.IAdd %57, %615 : i32
// OUT:         %621 = spirv.SLessThan %619, %49 : bool
// OUT:         %622 = spirv.SLessThan %620, %50 : bool
// OUT:         %623 = spirv.LogicalAnd %621, %622 : bool
// OUT:         %624 = spirv.Constant 1 : i32
// OUT:         %625 = spirv.ISub %49, %624 : i32
// OUT:         %626 = spirv.ISub %50, %624 : i32
// OUT:         %627 = spirv.GL.SMin %619, %625 : i32
// OUT:         %628 = spirv.GL.SMin %620, %626 : i32
// OUT:         %629 = spirv.Constant 0 : i32
// OUT:         %630 = spirv.Constant 0 : i32
// OUT:         %631 = spirv.Constant 0 : i32
// OUT:         %632 = spirv.Constant 33 : i32
// OUT:         %633 = spirv.IMul %628, %632 : i32
// OUT:         %634 = spirv.IAdd %633, %627 : i32
// OUT:         %635 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %636 = spirv.Constant 0 : i32
// OUT:         %637 = spirv.AccessChain %635, %636, %634 : ptr<f16, StorageBuffer>
// OUT:         %638 = spirv.Load %637 : f16
// OUT:         %639 = spirv.Constant 0x0 : f16
// OUT:         %640 = spirv.Select %623, %638, %639 : f16
// OUT:         %641 = spirv.Constant 512 : i32
// OUT:         %642 = spirv.IAdd %26, %641 : i32
// OUT:         %643 = spirv.Constant 64 : i32
// OUT:         %644 = spirv.SDiv %642, %643 : i32
// OUT:         %645 = spirv.SRem %642, %643 : i32
// OUT:         %646 = spirv.Constant 1 : i32
// OUT:         %647 = spirv.IMul %645, %646 : i32
// OUT:         %648 = spirv.IAdd %54, %647 : i32
// OUT:         %649 = spirv.IAdd %57, %644 : i32
// OUT:         %650 = spirv.SLessThan %648, %49 : bool
// OUT:         %651 = spirv.SLessThan %649, %50 : bool
// OUT:         %652 = spirv.LogicalAnd %650, %651 : bool
// OUT:         %653 = spirv.Constant 1 : i32
// OUT:         %654 = spirv.ISub %49, %653 : i32
// OUT:         %655 = spirv.ISub %50, %653 : i32
// OUT:         %656 = spirv.GL.SMin %648, %654 : i32
// OUT:         %657 = spirv.GL.SMin %649, %655 : i32
// OUT:         %658 = spirv.Constant 0 : i32
// OUT:         %659 = spirv.Constant 0 : i32
// OUT:         %660 = spirv.Constant 0 : i32
// OUT:         %661 = spirv.Constant 33 : i32
// OUT:         %662 = spirv.IMul %657, %661 : i32
// OUT:         %663 = spirv.IAdd %662, %656 : i32
// OUT:         %664 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %665 = spirv.Constant 0 : i32
// OUT:         %666 = spirv.AccessChain %664, %665, %663 : ptr<f16, StorageBuffer>
// OUT:         %667 = spirv.Load %666 : f16
// OUT:         %668 = spirv.Constant 0x0 : f16
// OUT:         %669 = spirv.Select %652, %667, %668 : f16
// OUT:         %670 = spirv.Constant 640 : i32
// OUT:         %671 = spirv.IAdd %26, %670 : i32
// OUT:         %672 = spirv.Constant 64 : i32
// OUT:         %673 = spirv.SDiv %671, %672 : i32
// OUT:         %674 = spirv.SRem %671, %672 : i32
// OUT:         %675 = spirv.Constant 1 : i32
// OUT:         %676 = spirv.IMul %674, %675 : i32
// OUT:         %677 = spirv.IAdd %54, %676 : i32
// OUT:         %678 = spirv.IAdd %57, %673 : i32
// OUT:         %679 = spirv.SLessThan %677, %49 : bool
// OUT:         %680 = spirv.SLessThan %678, %50 : bool
// OUT:         %681 = spirv.LogicalAnd %679, %680 : bool
// OUT:         %682 = spirv.Constant 1 : i32
// OUT:         %683 = spirv.ISub %49, %682 : i32
// OUT:         %684 = spirv.ISub %50, %682 : i32
// OUT:         %685 = spirv.GL.SMin %677, %683 : i32
// OUT:         %686 = spirv.GL.SMin %678, %684 : i32
// OUT:         %687 = spirv.Constant 0 : i32
// OUT:         %688 = spirv.Constant 0 : i32
// OUT:         %689 = spirv.Constant 0 : i32
// OUT:         %690 = spirv.Constant 33 : i32
// OUT:         %691 = spirv.IMul %686, %690 : i32
// OUT:         %692 = spirv.IAdd %691, %685 : i32
// OUT:         %693 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %694 = spirv.Constant 0 : i32
// OUT:         %695 = spirv.AccessChain %693, %694, %692 : ptr<f16, StorageBuffer>
// OUT:         %696 = spirv.Load %695 : f16
// OUT:         %697 = spirv.Constant 0x0 : f16
// OUT:         %698 = spirv.Select %681, %696, %697 : f16
// OUT:         %699 = spirv.Constant 768 : i32
// OUT:         %700 = spirv.IAdd %26, %699 : i32
// OUT:         %701 = spirv.Constant 64 : i32
// OUT:         %702 = spirv.SDiv %700, %701 : i32
// OUT:         %703 = spirv.SRem %700, %701 : i32
// OUT:         %704 = spirv.Constant 1 : i32
// OUT:         %705 = spirv.IMul %703, %704 : i32
// OUT:         %706 = spirv.IAdd %54, %705 : i32
// OUT:         %707 = spirv.IAdd %57, %702 : i32
// OUT:         %708 = spirv.SLessThan %706, %49 : bool
// OUT:         %709 = spirv.SLessThan %707, %50 : bool
// OUT:         %710 = spirv.LogicalAnd %708, %709 : bool
// OUT:         %711 = spirv.Constant 1 : i32
// OUT:         %712 = spirv.ISub %49, %711 : i32
// OUT:         %713 = spirv.ISub %50, %711 : i32
// OUT:         %714 = spirv.GL.SMin %706, %712 : i32
// OUT:         %715 = spirv.GL.SMin %707, %713 : i32
// OUT:         %716 = spirv.Constant 0 : i32
// OUT:         %717 = spirv.Constant 0 : i32
// OUT:         %718 = spirv.Constant 0 : i32
// OUT:         %719 = spirv.Constant 33 : i32
// OUT:         %720 = spirv.IMul %715, %719 : i32
// OUT:         %721 = spirv.IAdd %720, %714 : i32
// OUT:         %722 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %723 = spirv.Constant 0 : i32
// OUT:         %724 = spirv.AccessChain %722, %723, %721 : ptr<f16, StorageBuffer>
// OUT:         %725 = spirv.Load %724 : f16
// OUT:         %726 = spirv.Constant 0x0 : f16
// OUT:         %727 = spirv.Select %710, %725, %726 : f16
// OUT:         %728 = spirv.Constant 896 : i32
// OUT:         %729 = spirv.IAdd %26, %728 : i32
// OUT:         %730 = spirv.Constant 64 : i32
// OUT:         %731 = spirv.SDiv %729, %730 : i32
// OUT:         %732 = spirv.SRem %729, %730 : i32
// OUT:         %733 = spirv.Constant 1 : i32
// OUT:         %734 = spirv.IMul %732, %733 : i32
// OUT:         %735 = spirv.IAdd %54, %734 : i32
// OUT:         %736 = spirv.IAdd %57, %731 : i32
// OUT:         %737 = spirv.SLessThan %735, %49 : bool
// OUT:         %738 = spirv.SLessThan %736, %50 : bool
// OUT:         %739 = spirv.LogicalAnd %737, %738 : bool
// OUT:         %740 = spirv.Constant 1 : i32
// OUT:         %741 = spirv.ISub %49, %740 : i32
// OUT:         %742 = spirv.ISub %50, %740 : i32
// OUT:         %743 = spirv.GL.SMin %735, %741 : i32
// OUT:         %744 = spirv.GL.SMin %736, %742 : i32
// OUT:         %745 = spirv.Constant 0 : i32
// OUT:         %746 = spirv.Constant 0 : i32
// OUT:         %747 = spirv.Constant 0 : i32
// OUT:         %748 = spirv.Constant 33 : i32
// OUT:         %749 = spirv.IMul %744, %748 : i32
// OUT:         %750 = spirv.IAdd %749, %743 : i32
// OUT:         %751 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %752 = spirv.Constant 0 : i32
// OUT:         %753 = spirv.AccessChain %751, %752, %750 : ptr<f16, StorageBuffer>
// OUT:         %754 = spirv.Load %753 : f16
// OUT:         %755 = spirv.Constant 0x0 : f16
// OUT:         %756 = spirv.Select %739, %754, %755 : f16
// OUT:         %757 = spirv.Constant 1024 : i32
// OUT:         %758 = spirv.IAdd %26, %757 : i32
// OUT:         %759 = spirv.Constant 64 : i32
// OUT:         %760 = spirv.SDiv %758, %759 : i32
// OUT:         %761 = spirv.SRem %758, %759 : i32
// OUT:         %762 = spirv.Constant 1 : i32
// OUT:         %763 = spirv.IMul %761, %762 : i32
// OUT:         %764 = spirv.IAdd %54, %763 : i32
// OUT:         %765 = spirv.IAdd %57, %760 : i32
// OUT:         %766 = spirv.SLessThan %764, %49 : bool
// OUT:         %767 = spirv.SLessThan %765, %50 : bool
// OUT:         %768 = spirv.LogicalAnd %766, %767 : bool
// OUT:         %769 = spirv.Constant 1 : i32
// OUT:         %770 = spirv.ISub %49, %769 : i32
// OUT:         %771 = spirv.ISub %50, %769 : i32
// OUT:         %772 = spirv.GL.SMin %764, %770 : i32
// OUT:         %773 = spirv.GL.SMin %765, %771 : i32
// OUT:         %774 = spirv.Constant 0 : i32
// OUT:         %775 = spirv.Constant 0 : i32
// OUT:         %776 = spirv.Constant 0 : i32
// OUT:         %777 = spirv.Constant 33 : i32
// OUT:         %778 = spirv.IMul %773, %777 : i32
// OUT:         %779 = spirv.IAdd %778, %772 : i32
// OUT:         %780 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %781 = spirv.Constant 0 : i32
// OUT:         %782 = spirv.AccessChain %780, %781, %779 : ptr<f16, StorageBuffer>
// OUT:         %783 = spirv.Load %782 : f16
// OUT:         %784 = spirv.Constant 0x0 : f16
// OUT:         %785 = spirv.Select %768, %783, %784 : f16
// OUT:         %786 = spirv.Constant 1152 : i32
// OUT:         %787 = spirv.IAdd %26, %786 : i32
// OUT:         %788 = spirv.Constant 64 : i32
// OUT:         %789 = spirv.SDiv %787, %788 : i32
// OUT:         %790 = spirv.SRem %787, %788 : i32
// OUT:         %791 = spirv.Constant 1 : i32
// OUT:         %792 = spirv.IMul %790, %791 : i32
// OUT:         %793 = spirv.IAdd %54, %792 : i32
// OUT:         %794 = spirv.IAdd %57, %789 : i32
// OUT:         %795 = spirv.SLessThan %793, %49 : bool
// OUT:         %796 = spirv.SLessThan %794, %50 : bool
// OUT:         %797 = spirv.LogicalAnd %795, %796 : bool
// OUT:         %798 = spirv.Constant 1 : i32
// OUT:         %799 = spirv.ISub %49, %798 : i32
// OUT:         %800 = spirv.ISub %50, %798 : i32
// OUT:         %801 = spirv.GL.SMin %793, %799 : i32
// OUT:         %802 = spirv.GL.SMin %794, %800 : i32
// OUT:         %803 = spirv.Constant 0 : i32
// OUT:         %804 = spirv.Constant 0 : i32
// OUT:         %805 = spirv.Constant 0 : i32
// OUT:         %806 = spirv.Constant 33 : i32
// OUT:         %807 = spirv.IMul %802, %806 : i32
// OUT:         %808 = spirv.IAdd %807, %801 : i32
// OUT:         %809 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %810 = spirv.Constant 0 : i32
// OUT:         %811 = spirv.AccessChain %809, %810, %808 : ptr<f16, StorageBuffer>
// OUT:         %812 = spirv.Load %811 : f16
// OUT:         %813 = spirv.Constant 0x0 : f16
// OUT:         %814 = spirv.Select %797, %812, %813 : f16
// OUT:         %815 = spirv.Constant 1280 : i32
// OUT:         %816 = spirv.IAdd %26, %815 : i32
// OUT:         %817 = spirv.Constant 64 : i32
// OUT:         %818 = spirv.SDiv %816, %817 : i32
// OUT:         %819 = spirv.SRem %816, %817 : i32
// OUT:         %820 = spirv.Constant 1 : i32
// OUT:         %821 = spirv.IMul %819, %820 : i32
// OUT:         %822 = spirv.IAdd %54, %821 : i32
// OUT:         %823 = spirv.IAdd %57, %818 : i32
// OUT:         %824 = spirv.SLessThan %822, %49 : bool
// OUT:         %825 = spirv.SLessThan %823, %50 : bool
// OUT:         %826 = spirv.LogicalAnd %824, %825 : bool
// OUT:         %827 = spirv.Constant 1 : i32
// OUT:         %828 = spirv.ISub %49, %827 : i32
// OUT:         %829 = spirv.ISub %50, %827 : i32
// OUT:         %830 = spirv.GL.SMin %822, %828 : i32
// OUT:         %831 = spirv.GL.SMin %823, %829 : i32
// OUT:         %832 = spirv.Constant 0 : i32
// OUT:         %833 = spirv.Constant 0 : i32
// OUT:         %834 = spirv.Constant 0 : i32
// OUT:         %835 = spirv.Constant 33 : i32
// OUT:         %836 = spirv.IMul %831, %835 : i32
// OUT:         %837 = spirv.IAdd %836, %830 : i32
// OUT:         %838 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %839 = spirv.Constant 0 : i32
// OUT:         %840 = spirv.AccessChain %838, %839, %837 : ptr<f16, StorageBuffer>
// OUT:         %841 = spirv.Load %840 : f16
// OUT:         %842 = spirv.Constant 0x0 : f16
// OUT:         %843 = spirv.Select %826, %841, %842 : f16
// OUT:         %844 = spirv.Constant 1408 : i32
// OUT:         %845 = spirv.IAdd %26, %844 : i32
// OUT:         %846 = spirv.Constant 64 : i32
// OUT:         %847 = spirv.SDiv %845, %846 : i32
// OUT:         %848 = spirv.SRem %845, %846 : i32
// OUT:         %849 = spirv.Constant 1 : i32
// OUT:         %850 = spirv.IMul %848, %849 : i32
// OUT:         %851 = spirv.IAdd %54, %850 : i32
// OUT:         %852 = spirv.IAdd %57, %847 : i32
// OUT:         %853 = spirv.SLessThan %851, %49 : bool
// OUT:         %854 = spirv.SLessThan %852, %50 : bool
// OUT:         %855 = spirv.LogicalAnd %853, %854 : bool
// OUT:         %856 = spirv.Constant 1 : i32
// OUT:         %857 = spirv.ISub %49, %856 : i32
// OUT:         %858 = spirv.ISub %50, %856 : i32
// OUT:         %859 = spirv.GL.SMin %851, %857 : i32
// OUT:         %860 = spirv.GL.SMin %852, %858 : i32
// OUT:         %861 = spirv.Constant 0 : i32
// OUT:         %862 = spirv.Constant 0 : i32
// OUT:         %863 = spirv.Constant 0 : i32
// OUT:         %864 = spirv.Constant 33 : i32
// OUT:         %865 = spirv.IMul %860, %864 : i32
// OUT:         %866 = spirv.IAdd %865, %859 : i32
// OUT:         %867 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %868 = spirv.Constant 0 : i32
// OUT:         %869 = spirv.AccessChain %867, %868, %866 : ptr<f16, StorageBuffer>
// OUT:         %870 = spirv.Load %869 : f16
// OUT:         %871 = spirv.Constant 0x0 : f16
// OUT:         %872 = spirv.Select %855, %870, %871 : f16
// OUT:         %873 = spirv.Constant 1536 : i32
// OUT:         %874 = spirv.IAdd %26, %873 : i32
// OUT:         %875 = spirv.Constant 64 : i32
// OUT:         %876 = spirv.SDiv %874, %875 : i32
// OUT:         %877 = spirv.SRem %874, %875 : i32
// OUT:         %878 = spirv.Constant 1 : i32
// OUT:         %879 = spirv.IMul %877, %878 : i32
// OUT:         %880 = spirv.IAdd %54, %879 : i32
// OUT:         %881 = spirv.IAdd %57, %876 : i32
// OUT:         %882 = spirv.SLessThan %880, %49 : bool
// OUT:         %883 = spirv.SLessThan %881, %50 : bool
// OUT:         %884 = spirv.LogicalAnd %882, %883 : bool
// OUT:         %885 = spirv.Constant 1 : i32
// OUT:         %886 = spirv.ISub %49, %885 : i32
// OUT:         %887 = spirv.ISub %50, %885 : i32
// OUT:         %888 = spirv.GL.SMin %880, %886 : i32
// OUT:         %889 = spirv.GL.SMin %881, %887 : i32
// OUT:         %890 = spirv.Constant 0 : i32
// OUT:         %891 = spirv.Constant 0 : i32
// OUT:         %892 = spirv.Constant 0 : i32
// OUT:         %893 = spirv.Constant 33 : i32
// OUT:         %894 = spirv.IMul %889, %893 : i32
// OUT:         %895 = spirv.IAdd %894, %888 : i32
// OUT:         %896 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %897 = spirv.Constant 0 : i32
// OUT:         %898 = spirv.AccessChain %896, %897, %895 : ptr<f16, StorageBuffer>
// OUT:         %899 = spirv.Load %898 : f16
// OUT:         %900 = spirv.Constant 0x0 : f16
// OUT:         %901 = spirv.Select %884, %899, %900 : f16
// OUT:         %902 = spirv.Constant 1664 : i32
// OUT:         %903 = spirv.IAdd %26, %902 : i32
// OUT:         %904 = spirv.Constant 64 : i32
// OUT:         %905 = spirv.SDiv %903, %904 : i32
// OUT:         %906 = spirv.SRem %903, %904 : i32
// OUT:         %907 = spirv.Constant 1 : i32
// OUT:         %908 = spirv.IMul %906, %907 : i32
// OUT:         %909 = spirv.IAdd %54, %908 : i32
// OUT:         %910 = spirv.IAdd %57, %905 : i32
// OUT:         %911 = spirv.SLessThan %909, %49 : bool
// OUT:         %912 = spirv.SLessThan %910, %50 : bool
// OUT:         %913 = spirv.LogicalAnd %911, %912 : bool
// OUT:         %914 = spirv.Constant 1 : i32
// OUT:         %915 = spirv.ISub %49, %914 : i32
// OUT:         %916 = spirv.ISub %50, %914 : i32
// OUT:         %917 = spirv.GL.SMin %909, %915 : i32
// OUT:         %918 = spirv.GL.SMin %910, %916 : i32
// OUT:         %919 = spirv.Constant 0 : i32
// OUT:         %920 = spirv.Constant 0 : i32
// OUT:         %921 = spirv.Constant 0 : i32
// OUT:         %922 = spirv.Constant 33 : i32
// OUT:         %923 = spirv.IMul %918, %922 : i32
// OUT:         %924 = spirv.IAdd %923, %917 : i32
// OUT:         %925 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %926 = spirv.Constant 0 : i32
// OUT:         %927 = spirv.AccessChain %925, %926, %924 : ptr<f16, StorageBuffer>
// OUT:         %928 = spirv.Load %927 : f16
// OUT:         %929 = spirv.Constant 0x0 : f16
// OUT:         %930 = spirv.Select %913, %928, %929 : f16
// OUT:         %931 = spirv.Constant 1792 : i32
// OUT:         %932 = spirv.IAdd %26, %931 : i32
// OUT:         %933 = spirv.Constant 64 : i32
// OUT:         %934 = spirv.SDiv %932, %933 : i32
// OUT:         %935 = spirv.SRem %932, %933 : i32
// OUT:         %936 = spirv.Constant 1 : i32
// OUT:         %937 = spirv.IMul %935, %936 : i32
// OUT:         %938 = spirv.IAdd %54, %937 : i32
// OUT:         %939 = spirv.IAdd %57, %934 : i32
// OUT:         %940 = spirv.SLessThan %938, %49 : bool
// OUT:         %941 = spirv.SLessThan %939, %50 : bool
// OUT:         %942 = spirv.LogicalAnd %940, %941 : bool
// OUT:         %943 = spirv.Constant 1 : i32
// OUT:         %944 = spirv.ISub %49, %943 : i32
// OUT:         %945 = spirv.ISub %50, %943 : i32
// OUT:         %946 = spirv.GL.SMin %938, %944 : i32
// OUT:         %947 = spirv.GL.SMin %939, %945 : i32
// OUT:         %948 = spirv.Constant 0 : i32
// OUT:         %949 = spirv.Constant 0 : i32
// OUT:         %950 = spirv.Constant 0 : i32
// OUT:         %951 = spirv.Constant 33 : i32
// OUT:         %952 = spirv.IMul %947, %951 : i32
// OUT:         %953 = spirv.IAdd %952, %946 : i32
// OUT:         %954 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %955 = spirv.Constant 0 : i32
// OUT:         %956 = spirv.AccessChain %954, %955, %953 : ptr<f16, StorageBuffer>
// OUT:         %957 = spirv.Load %956 : f16
// OUT:         %958 = spirv.Constant 0x0 : f16
// OUT:         %959 = spirv.Select %942, %957, %958 : f16
// OUT:         %960 = spirv.Constant 1920 : i32
// OUT:         %961 = spirv.IAdd %26, %960 : i32
// OUT:         %962 = spirv.Constant 64 : i32
// OUT:         %963 = spirv.SDiv %961, %962 : i32
// OUT:         %964 = spirv.SRem %961, %962 : i32
// OUT:         %965 = spirv.Constant 1 : i32
// OUT:         %966 = spirv.IMul %964, %965 : i32
// OUT:         %967 = spirv.IAdd %54, %966 : i32
// OUT:         %968 = spirv.IAdd %57, %963 : i32
// OUT:         %969 = spirv.SLessThan %967, %49 : bool
// OUT:         %970 = spirv.SLessThan %968, %50 : bool
// OUT:         %971 = spirv.LogicalAnd %969, %970 : bool
// OUT:         %972 = spirv.Constant 1 : i32
// OUT:         %973 = spirv.ISub %49, %972 : i32
// OUT:         %974 = spirv.ISub %50, %972 : i32
// OUT:         %975 = spirv.GL.SMin %967, %973 : i32
// OUT:         %976 = spirv.GL.SMin %968, %974 : i32
// OUT:         %977 = spirv.Constant 0 : i32
// OUT:         %978 = spirv.Constant 0 : i32
// OUT:         %979 = spirv.Constant 0 : i32
// OUT:         %980 = spirv.Constant 33 : i32
// OUT:         %981 = spirv.IMul %976, %980 : i32
// OUT:         %982 = spirv.IAdd %981, %975 : i32
// OUT:         %983 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %984 = spirv.Constant 0 : i32
// OUT:         %985 = spirv.AccessChain %983, %984, %982 : ptr<f16, StorageBuffer>
// OUT:         %986 = spirv.Load %985 : f16
// OUT:         %987 = spirv.Constant 0x0 : f16
// OUT:         %988 = spirv.Select %971, %986, %987 : f16
// OUT:         %989 = spirv.Constant 2560 : i32
// OUT:         %990 = spirv.Constant 2304 : i32
// OUT:         %991 = spirv.IMul %57, %989 : i32
// OUT:         %992 = spirv.IMul %57, %990 : i32
// OUT:         %993 = spirv.IMul %64, %55 : i32
// OUT:         %994 = spirv.IAdd %993, %67 : i32
// OUT:         %995 = spirv.IAdd %994, %991 : i32
// OUT:         %996 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:         %997 = spirv.AccessChain %996, %995 : ptr<f16, Workgroup>
// OUT:         spirv.Store %997, %89
// OUT:         %998 = spirv.IMul %93, %55 : i32
// OUT:         %999 = spirv.IAdd %998, %96 : i32
// OUT:         %1000 = spirv.IAdd %999, %991 : i32
// OUT:         %1001 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:         %1002 = spirv.AccessChain %1001, %1000 : ptr<f16, Workgroup>
// OUT:         spirv.Store %1002, %118
// OUT:         %1003 = spirv.IMul %122, %55 : i32
// OUT:         %1004 = spirv.IAdd %1003, %125 : i32
// OUT:         %1005 = spirv.IAdd %1004, %991 : i32
// OUT:         %1006 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:         %1007 = spirv.AccessChain %1006, %1005 : ptr<f16, Workgroup>
// OUT:         spirv.Store %1007, %147
// OUT:         %1008 = spirv.IMul %151, %55 : i32
// OUT:         %1009 = spirv.IAdd %1008, %154 : i32
// OUT:         %1010 = spirv.IAdd %1009, %991 : i32
// OUT:         %1011 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:         %1012 = spirv.AccessChain %1011, %1010 : ptr<f16, Workgroup>
// OUT:         spirv.Store %1012, %176
// OUT:         %1013 = spirv.IMul %180, %55 : i32
// OUT:         %1014 = spirv.IAdd %1013, %183 : i32
// OUT:         %1015 = spirv.IAdd %1014, %991 : i32
// OUT:         %1016 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:         %1017 = spirv.AccessChain %1016, %1015 : ptr<f16, Workgroup>
// OUT:         spirv.Store %1017, %205
// OUT:         %1018 = spirv.IMul %209, %55 : i32
// OUT:         %1019 = spirv.IAdd %1018, %212 : i32
// OUT:         %1020 = spirv.IAdd %1019, %991 : i32
// OUT:         %1021 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:         %1022 = spirv.AccessChain %1021, %1020 : ptr<f16, Workgroup>
// OUT:         spirv.Store %1022, %234
// OUT:         %1023 = spirv.IMul %238, %55 : i32
// OUT:         %1024 = spirv.IAdd %1023, %241 : i32
// OUT:         %1025 = spirv.IAdd %1024, %991 : i32
// OUT:         %1026 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:         %1027 = spirv.AccessChain %1026, %1025 : ptr<f16, Workgroup>
// OUT:         spirv.Store %1027, %263
// OUT:         %1028 = spirv.IMul %267, %55 : i32
// OUT:         %1029 = spirv.IAdd %1028, %270 : i32
// OUT:         %1030 = spirv.IAdd %1029, %991 : i32
// OUT:         %1031 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:         %1032 = spirv.AccessChain %1031, %1030 : ptr<f16, Workgroup>
// OUT:         spirv.Store %1032, %292
// OUT:         %1033 = spirv.IMul %296, %55 : i32
// OUT:         %1034 = spirv.IAdd %1033, %299 : i32
// OUT:         %1035 = spirv.IAdd %1034, %991 : i32
// OUT:         %1036 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:         %1037 = spirv.AccessChain %1036, %1035 : ptr<f16, Workgroup>
// OUT:         spirv.Store %1037, %321
// OUT:         %1038 = spirv.IMul %325, %55 : i32
// OUT:         %1039 = spirv.IAdd %1038, %328 : i32
// OUT:         %1040 = spirv.IAdd %1039, %991 : i32
// OUT:         %1041 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:         %1042 = spirv.AccessChain %1041, %1040 : ptr<f16, Workgroup>
// OUT:         spirv.Store %1042, %350
// OUT:         %1043 = spirv.IMul %354, %55 : i32
// OUT:         %1044 = spirv.IAdd %1043, %357 : i32
// OUT:         %1045 = spirv.IAdd %1044, %991 : i32
// OUT:         %1046 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:         %1047 = spirv.AccessChain %1046, %1045 : ptr<f16, Workgroup>
// OUT:         spirv.Store %1047, %379
// OUT:         %1048 = spirv.IMul %383, %55 : i32
// OUT:         %1049 = spirv.IAdd %1048, %386 : i32
// OUT:         %1050 = spirv.IAdd %1049, %991 : i32
// OUT:         %1051 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:         %1052 = spirv.AccessChain %1051, %1050 : ptr<f16, Workgroup>
// OUT:         spirv.Store %1052, %408
// OUT:         %1053 = spirv.IMul %412, %55 : i32
// OUT:         %1054 = spirv.IAdd %1053, %415 : i32
// OUT:         %1055 = spirv.IAdd %1054, %991 : i32
// OUT:         %1056 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:         %1057 = spirv.AccessChain %1056, %1055 : ptr<f16, Workgroup>
// OUT:         spirv.Store %1057, %437
// OUT:         %1058 = spirv.IMul %441, %55 : i32
// OUT:         %1059 = spirv.IAdd %1058, %444 : i32
// OUT:         %1060 = spirv.IAdd %1059, %991 : i32
// OUT:         %1061 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:         %1062 = spirv.AccessChain %1061, %1060 : ptr<f16, Workgroup>
// OUT:         spirv.Store %1062, %466
// OUT:         %1063 = spirv.IMul %470, %55 : i32
// OUT:         %1064 = spirv.IAdd %1063, %473 : i32
// OUT:         %1065 = spirv.IAdd %1064, %991 : i32
// OUT:         %1066 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:         %1067 = spirv.AccessChain %1066, %1065 : ptr<f16, Workgroup>
// OUT:         spirv.Store %1067, %495
// OUT:         %1068 = spirv.IMul %499, %55 : i32
// OUT:         %1069 = spirv.IAdd %1068, %502 : i32
// OUT:         %1070 = spirv.IAdd %1069, %991 : i32
// OUT:         %1071 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:         %1072 = spirv.AccessChain %1071, %1070 : ptr<f16, Workgroup>
// OUT:         spirv.Store %1072, %524
// OUT:         %1073 = spirv.IMul %528, %56 : i32
// OUT:         %1074 = spirv.IAdd %1073, %531 : i32
// OUT:         %1075 = spirv.IAdd %1074, %992 : i32
// OUT:         %1076 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:         %1077 = spirv.AccessChain %1076, %1075 : ptr<f16, Workgroup>
// OUT:         spirv.Store %1077, %553
// OUT:         %1078 = spirv.IMul %557, %56 : i32
// OUT:         %1079 = spirv.IAdd %1078, %560 : i32
// OUT:         %1080 = spirv.IAdd %1079, %992 : i32
// OUT:         %1081 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:         %1082 = spirv.AccessChain %1081, %1080 : ptr<f16, Workgroup>
// OUT:         spirv.Store %1082, %582
// OUT:         %1083 = spirv.IMul %586, %56 : i32
// OUT:         %1084 = spirv.IAdd %1083, %589 : i32
// OUT:         %1085 = spirv.IAdd %1084, %992 : i32
// OUT:         %1086 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:         %1087 = spirv.AccessChain %1086, %1085 : ptr<f16, Workgroup>
// OUT:         spirv.Store %1087, %611
// OUT:         %1088 = spirv.IMul %615, %56 : i32
// OUT:         %1089 = spirv.IAdd %1088, %618 : i32
// OUT:         %1090 = spirv.IAdd %1089, %992 : i32
// OUT:         %1091 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:         %1092 = spirv.AccessChain %1091, %1090 : ptr<f16, Workgroup>
// OUT:         spirv.Store %1092, %640
// OUT:         %1093 = spirv.IMul %644, %56 : i32
// OUT:         %1094 = spirv.IAdd %1093, %647 : i32
// OUT:         %1095 = spirv.IAdd %1094, %992 : i32
// OUT:         %1096 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:         %1097 = spirv.AccessChain %1096, %1095 : ptr<f16, Workgroup>
// OUT:         spirv.Store %1097, %669
// OUT:         %1098 = spirv.IMul %673, %56 : i32
// OUT:         %1099 = spirv.IAdd %1098, %676 : i32
// OUT:         %1100 = spirv.IAdd %1099, %992 : i32
// OUT:         %1101 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:         %1102 = spirv.AccessChain %1101, %1100 : ptr<f16, Workgroup>
// OUT:         spirv.Store %1102, %698
// OUT:         %1103 = spirv.IMul %702, %56 : i32
// OUT:         %1104 = spirv.IAdd %1103, %705 : i32
// OUT:         %1105 = spirv.IAdd %1104, %992 : i32
// OUT:         %1106 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:         %1107 = spirv.AccessChain %1106, %1105 : ptr<f16, Workgroup>
// OUT:         spirv.Store %1107, %727
// OUT:         %1108 = spirv.IMul %731, %56 : i32
// OUT:         %1109 = spirv.IAdd %1108, %734 : i32
// OUT:         %1110 = spirv.IAdd %1109, %992 : i32
// OUT:         %1111 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:         %1112 = spirv.AccessChain %1111, %1110 : ptr<f16, Workgroup>
// OUT:         spirv.Store %1112, %756
// OUT:         %1113 = spirv.IMul %760, %56 : i32
// OUT:         %1114 = spirv.IAdd %1113, %763 : i32
// OUT:         %1115 = spirv.IAdd %1114, %992 : i32
// OUT:         %1116 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:         %1117 = spirv.AccessChain %1116, %1115 : ptr<f16, Workgroup>
// OUT:         spirv.Store %1117, %785
// OUT:         %1118 = spirv.IMul %789, %56 : i32
// OUT:         %1119 = spirv.IAdd %1118, %792 : i32
// OUT:         %1120 = spirv.IAdd %1119, %992 : i32
// OUT:         %1121 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:         %1122 = spirv.AccessChain %1121, %1120 : ptr<f16, Workgroup>
// OUT:         spirv.Store %1122, %814
// OUT:         %1123 = spirv.IMul %818, %56 : i32
// OUT:         %1124 = spirv.IAdd %1123, %821 : i32
// OUT:         %1125 = spirv.IAdd %1124, %992 : i32
// OUT:         %1126 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:         %1127 = spirv.AccessChain %1126, %1125 : ptr<f16, Workgroup>
// OUT:         spirv.Store %1127, %843
// OUT:         %1128 = spirv.IMul %847, %56 : i32
// OUT:         %1129 = spirv.IAdd %1128, %850 : i32
// OUT:         %1130 = spirv.IAdd %1129, %992 : i32
// OUT:         %1131 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:         %1132 = spirv.AccessChain %1131, %1130 : ptr<f16, Workgroup>
// OUT:         spirv.Store %1132, %872
// OUT:         %1133 = spirv.IMul %876, %56 : i32
// OUT:         %1134 = spirv.IAdd %1133, %879 : i32
// OUT:         %1135 = spirv.IAdd %1134, %992 : i32
// OUT:         %1136 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:         %1137 = spirv.AccessChain %1136, %1135 : ptr<f16, Workgroup>
// OUT:         spirv.Store %1137, %901
// OUT:         %1138 = spirv.IMul %905, %56 : i32
// OUT:         %1139 = spirv.IAdd %1138, %908 : i32
// OUT:         %1140 = spirv.IAdd %1139, %992 : i32
// OUT:         %1141 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:         %1142 = spirv.AccessChain %1141, %1140 : ptr<f16, Workgroup>
// OUT:         spirv.Store %1142, %930
// OUT:         %1143 = spirv.IMul %934, %56 : i32
// OUT:         %1144 = spirv.IAdd %1143, %937 : i32
// OUT:         %1145 = spirv.IAdd %1144, %992 : i32
// OUT:         %1146 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:         %1147 = spirv.AccessChain %1146, %1145 : ptr<f16, Workgroup>
// OUT:         spirv.Store %1147, %959
// OUT:         %1148 = spirv.IMul %963, %56 : i32
// OUT:         %1149 = spirv.IAdd %1148, %966 : i32
// OUT:         %1150 = spirv.IAdd %1149, %992 : i32
// OUT:         %1151 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:         %1152 = spirv.AccessChain %1151, %1150 : ptr<f16, Workgroup>
// OUT:         spirv.Store %1152, %988
// OUT:         spirv.ControlBarrier scope<Workgroup>, scope<Workgroup>, semantics<ACQUIRE_RELEASE|WORKGROUP_MEMORY>
// OUT:         spirv.mlir.loop {
// OUT:           ^bb4:
// OUT:             spirv.Branch ^bb5(%57)
// OUT:           ^bb5(%1153: i32):
// OUT:             %1154 = spirv.SLessThan %1153, %50 : bool
// OUT:             spirv.BranchConditional %1154, ^bb6, ^bb8
// OUT:           ^bb6:
// OUT:             %1155 = spirv.SDiv %1153, %60 : i32
// OUT:             %1156 = spirv.SRem %1155, %59 : i32
// OUT:             %1157 = spirv.Constant 2560 : i32
// OUT:             %1158 = spirv.Constant 2304 : i32
// OUT:             %1159 = spirv.IMul %1156, %1157 : i32
// OUT:             %1160 = spirv.IMul %1156, %1158 : i32
// OUT:             %1161 = spirv.IAdd %1153, %60 : i32
// OUT:             %1162 = spirv.Constant 0 : i32
// OUT:             %1163 = spirv.IAdd %26, %1162 : i32
// OUT:             %1164 = spirv.Constant 32 : i32
// OUT:             %1165 = spirv.SDiv %1163, %1164 : i32
// OUT:             %1166 = spirv.SRem %1163, %1164 : i32
// OUT:             %1167 = spirv.Constant 1 : i32
// OUT:             %1168 = spirv.IMul %1166, %1167 : i32
// OUT:             %1169 = spirv.IAdd %53, %1165 : i32
// OUT:             %1170 = spirv.IAdd %1161, %1168 : i32
// OUT:             %1171 = spirv.SLessThan %1169, %48 : bool
// OUT:             %1172 = spirv.SLessThan %1170, %50 : bool
// OUT:             %1173 = spirv.LogicalAnd %1171, %1172 : bool
// OUT:             %1174 = spirv.Constant 1 : i32
// OUT:             %1175 = spirv.ISub %48, %1174 : i32
// OUT:             %1176 = spirv.ISub %50, %1174 : i32
// OUT:             %1177 = spirv.GL.SMin %1169, %1175 : i32
// OUT:             %1178 = spirv.GL.SMin %1170, %1176 : i32
// OUT:             %1179 = spirv.Constant 0 : i32
// OUT:             %1180 = spirv.Constant 0 : i32
// OUT:             %1181 = spirv.Constant 0 : i32
// OUT:             %1182 = spirv.Constant 70 : i32
// OUT:             %1183 = spirv.IMul %1177, %1182 : i32
// OUT:             %1184 = spirv.IAdd %1183, %1178 : i32
// OUT:             %1185 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1186 = spirv.Constant 0 : i32
// OUT:             %1187 = spirv.AccessChain %1185, %1186, %1184 : ptr<f16, StorageBuffer>
// OUT:             %1188 = spirv.Load %1187 : f16
// OUT:             %1189 = spirv.Constant 0x0 : f16
// OUT:             %1190 = spirv.Select %1173, %1188, %1189 : f16
// OUT:             %1191 = spirv.Constant 128 : i32
// OUT:             %1192 = spirv.IAdd %26, %1191 : i32
// OUT:             %1193 = spirv.Constant 32 : i32
// OUT:             %1194 = spirv.SDiv %1192, %1193 : i32
// OUT:             %1195 = spirv.SRem %1192, %1193 : i32
// OUT:             %1196 = spirv.Constant 1 : i32
// OUT:             %1197 = spirv.IMul %1195, %1196 : i32
// OUT:             %1198 = spirv.IAdd %53, %1194 : i32
// OUT:             %1199 = spirv.IAdd %1161, %1197 : i32
// OUT:             %1200 = spirv.SLessThan %1198, %48 : bool
// OUT:             %1201 = spirv.SLessThan %1199, %50 : bool
// OUT:             %1202 = spirv.LogicalAnd %1200, %1201 : bool
// OUT:             %1203 = spirv.Constant 1 : i32
// OUT:             %1204 = spirv.ISub %48, %1203 : i32
// OUT:             %1205 = spirv.ISub %50, %1203 : i32
// OUT:             %1206 = spirv.GL.SMin %1198, %1204 : i32
// OUT:             %1207 = spirv.GL.SMin %1199, %1205 : i32
// OUT:             %1208 = spirv.Constant 0 : i32
// OUT:             %1209 = spirv.Constant 0 : i32
// OUT:             %1210 = spirv.Constant 0 : i32
// OUT:             %1211 = spirv.Constant 70 : i32
// OUT:             %1212 = spirv.IMul %1206, %1211 : i32
// OUT:             %1213 = spirv.IAdd %1212, %1207 : i32
// OUT:             %1214 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1215 = spirv.Constant 0 : i32
// OUT:             %1216 = spirv.AccessChain %1214, %1215, %1213 : ptr<f16, StorageBuffer>
// OUT:             %1217 = spirv.Load %1216 : f16
// OUT:             %1218 = spirv.Constant 0x0 : f16
// OUT:             %1219 = spirv.Select %1202, %1217, %1218 : f16
// OUT:             %1220 = spirv.Constant 256 : i32
// OUT:             %1221 = spirv.IAdd %26, %1220 : i32
// OUT:             %1222 = spirv.Constant 32 : i32
// OUT:             %1223 = spirv.SDiv %1221, %1222 : i32
// OUT:             %1224 = spirv.SRem %1221, %1222 : i32
// OUT:             %1225 = spirv.Constant 1 : i32
// OUT:             %1226 = spirv.IMul %1224, %1225 : i32
// OUT:             %1227 = spirv.IAdd %53, %1223 : i32
// OUT:             %1228 = spirv.IAdd %1161, %1226 : i32
// OUT:             %1229 = spirv.SLessThan %1227, %48 : bool
// OUT:             %1230 = spirv.SLessThan %1228, %50 : bool
// OUT:             %1231 = spirv.LogicalAnd %1229, %1230 : bool
// OUT:             %1232 = spirv.Constant 1 : i32
// OUT:             %1233 = spirv.ISub %48, %1232 : i32
// OUT:             %1234 = spirv.ISub %50, %1232 : i32
// OUT:             %1235 = spirv.GL.SMin %1227, %1233 : i32
// OUT:             %1236 = spirv.GL.SMin %1228, %1234 : i32
// OUT:             %1237 = spirv.Constant 0 : i32
// OUT:             %1238 = spirv.Constant 0 : i32
// OUT:             %1239 = spirv.Constant 0 : i32
// OUT:             %1240 = spirv.Constant 70 : i32
// OUT:             %1241 = spirv.IMul %1235, %1240 : i32
// OUT:             %1242 = spirv.IAdd %1241, %1236 : i32
// OUT:             %1243 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1244 = spirv.Constant 0 : i32
// OUT:             %1245 = spirv.AccessChain %1243, %1244, %1242 : ptr<f16, StorageBuffer>
// OUT:             %1246 = spirv.Load %1245 : f16
// OUT:             %1247 = spirv.Constant 0x0 : f16
// OUT:             %1248 = spirv.Select %1231, %1246, %1247 : f16
// OUT:             %1249 = spirv.Constant 384 : i32
// OUT:             %1250 = spirv.IAdd %26, %1249 : i32
// OUT:             %1251 = spirv.Constant 32 : i32
// OUT:             %1252 = spirv.SDiv %1250, %1251 : i32
// OUT:             %1253 = spirv.SRem %1250, %1251 : i32
// OUT:             %1254 = spirv.Constant 1 : i32
// OUT:             %1255 = spirv.IMul %1253, %1254 : i32
// OUT:             %1256 = spirv.IAdd %53, %1252 : i32
// OUT:             %1257 = spirv.IAdd %1161, %1255 : i32
// OUT:             %1258 = spirv.SLessThan %1256, %48 : bool
// OUT:             %1259 = spirv.SLessThan %1257, %50 : bool
// OUT:             %1260 = spirv.LogicalAnd %1258, %1259 : bool
// OUT:             %1261 = spirv.Constant 1 : i32
// OUT:             %1262 = spirv.ISub %48, %1261 : i32
// OUT:             %1263 = spirv.ISub %50, %1261 : i32
// OUT:             %1264 = spirv.GL.SMin %1256, %1262 : i32
// OUT:             %1265 = spirv.GL.SMin %1257, %1263 : i32
// OUT:             %1266 = spirv.Constant 0 : i32
// OUT:             %1267 = spirv.Constant 0 : i32
// OUT:             %1268 = spirv.Constant 0 : i32
// OUT:             %1269 = spirv.Constant 70 : i32
// OUT:             %1270 = spirv.IMul %1264, %1269 : i32
// OUT:             %1271 = spirv.IAdd %1270, %1265 : i32
// OUT:             %1272 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1273 = spirv.Constant 0 : i32
// OUT:             %1274 = spirv.AccessChain %1272, %1273, %1271 : ptr<f16, StorageBuffer>
// OUT:             %1275 = spirv.Load %1274 : f16
// OUT:             %1276 = spirv.Constant 0x0 : f16
// OUT:             %1277 = spirv.Select %1260, %1275, %1276 : f16
// OUT:             %1278 = spirv.Constant 512 : i32
// OUT:             %1279 = spirv.IAdd %26, %1278 : i32
// OUT:             %1280 = spirv.Constant 32 : i32
// OUT:             %1281 = spirv.SDiv %1279, %1280 : i32
// OUT:             %1282 = spirv.SRem %1279, %1280 : i32
// OUT:             %1283 = spirv.Constant 1 : i32
// OUT:             %1284 = spirv.IMul %1282, %1283 : i32
// OUT:             %1285 = spirv.IAdd %53, %1281 : i32
// OUT:             %1286 = spirv.IAdd %1161, %1284 : i32
// OUT:             %1287 = spirv.SLessThan %1285, %48 : bool
// OUT:             %1288 = spirv.SLessThan %1286, %50 : bool
// OUT:             %1289 = spirv.LogicalAnd %1287, %1288 : bool
// OUT:             %1290 = spirv.Constant 1 : i32
// OUT:             %1291 = spirv.ISub %48, %1290 : i32
// OUT:             %1292 = spirv.ISub %50, %1290 : i32
// OUT:             %1293 = spirv.GL.SMin %1285, %1291 : i32
// OUT:             %1294 = spirv.GL.SMin %1286, %1292 : i32
// OUT:             %1295 = spirv.Constant 0 : i32
// OUT:             %1296 = spirv.Constant 0 : i32
// OUT:             %1297 = spirv.Constant 0 : i32
// OUT:             %1298 = spirv.Constant 70 : i32
// OUT:             %1299 = spirv.IMul %1293, %1298 : i32
// OUT:             %1300 = spirv.IAdd %1299, %1294 : i32
// OUT:             %1301 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1302 = spirv.Constant 0 : i32
// OUT:             %1303 = spirv.AccessChain %1301, %1302, %1300 : ptr<f16, StorageBuffer>
// OUT:             %1304 = spirv.Load %1303 : f16
// OUT:             %1305 = spirv.Constant 0x0 : f16
// OUT:             %1306 = spirv.Select %1289, %1304, %1305 : f16
// OUT:             %1307 = spirv.Constant 640 : i32
// OUT:             %1308 = spirv.IAdd %26, %1307 : i32
// OUT:             %1309 = spirv.Constant 32 : i32
// OUT:             %1310 = spirv.SDiv %1308, %1309 : i32
// OUT:             %1311 = spirv.SRem %1308, %1309 : i32
// OUT:             %1312 = spirv.Constant 1 : i32
// OUT:             %1313 = spirv.IMul %1311, %1312 : i32
// OUT:             %1314 = spirv.IAdd %53, %1310 : i32
// OUT:             %1315 = spirv.IAdd %1161, %1313 : i32
// OUT:             %1316 = spirv.SLessThan %1314, %48 : bool
// OUT:             %1317 = spirv.SLessThan %1315, %50 : bool
// OUT:             %1318 = spirv.LogicalAnd %1316, %1317 : bool
// OUT:             %1319 = spirv.Constant 1 : i32
// OUT:             %1320 = spirv.ISub %48, %1319 : i32
// OUT:             %1321 = spirv.ISub %50, %1319 : i32
// OUT:             %1322 = spirv.GL.SMin %1314, %1320 : i32
// OUT:             %1323 = spirv.GL.SMin %1315, %1321 : i32
// OUT:             %1324 = spirv.Constant 0 : i32
// OUT:             %1325 = spirv.Constant 0 : i32
// OUT:             %1326 = spirv.Constant 0 : i32
// OUT:             %1327 = spirv.Constant 70 : i32
// OUT:             %1328 = spirv.IMul %1322, %1327 : i32
// OUT:             %1329 = spirv.IAdd %1328, %1323 : i32
// OUT:             %1330 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1331 = spirv.Constant 0 : i32
// OUT:             %1332 = spirv.AccessChain %1330, %1331, %1329 : ptr<f16, StorageBuffer>
// OUT:             %1333 = spirv.Load %1332 : f16
// OUT:             %1334 = spirv.Constant 0x0 : f16
// OUT:             %1335 = spirv.Select %1318, %1333, %1334 : f16
// OUT:             %1336 = spirv.Constant 768 : i32
// OUT:             %1337 = spirv.IAdd %26, %1336 : i32
// OUT:             %1338 = spirv.Constant 32 : i32
// OUT:             %1339 = spirv.SDiv %1337, %1338 : i32
// OUT:             %1340 = spirv.SRem %1337, %1338 : i32
// OUT:             %1341 = spirv.Constant 1 : i32
// OUT:             %1342 = spirv.IMul %1340, %1341 : i32
// OUT:             %1343 = spirv.IAdd %53, %1339 : i32
// OUT:             %1344 = spirv.IAdd %1161, %1342 : i32
// OUT:             %1345 = spirv.SLessThan %1343, %48 : bool
// OUT:             %1346 = spirv.SLessThan %1344, %50 : bool
// OUT:             %1347 = spirv.LogicalAnd %1345, %1346 : bool
// OUT:             %1348 = spirv.Constant 1 : i32
// OUT:             %1349 = spirv.ISub %48, %1348 : i32
// OUT:             %1350 = spirv.ISub %50, %1348 : i32
// OUT:             %1351 = spirv.GL.SMin %1343, %1349 : i32
// OUT:             %1352 = spirv.GL.SMin %1344, %1350 : i32
// OUT:             %1353 = spirv.Constant 0 : i32
// OUT:             %1354 = spirv.Constant 0 : i32
// OUT:             %1355 = spirv.Constant 0 : i32
// OUT:             %1356 = spirv.Constant 70 : i32
// OUT:             %1357 = spirv.IMul %1351, %1356 : i32
// OUT:             %1358 = spirv.IAdd %1357, %1352 : i32
// OUT:             %1359 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1360 = spirv.Constant 0 : i32
// OUT:             %1361 = spirv.AccessChain %1359, %1360, %1358 : ptr<f16, StorageBuffer>
// OUT:             %1362 = spirv.Load %1361 : f16
// OUT:             %1363 = spirv.Constant 0x0 : f16
// OUT:             %1364 = spirv.Select %1347, %1362, %1363 : f16
// OUT:             %1365 = spirv.Constant 896 : i32
// OUT:             %1366 = spirv.IAdd %26, %1365 : i32
// OUT:             %1367 = spirv.Constant 32 : i32
// OUT:             %1368 = spirv.SDiv %1366, %1367 : i32
// OUT:             %1369 = spirv.SRem %1366, %1367 : i32
// OUT:             %1370 = spirv.Constant 1 : i32
// OUT:             %1371 = spirv.IMul %1369, %1370 : i32
// OUT:             %1372 = spirv.IAdd %53, %1368 : i32
// OUT:             %1373 = spirv.IAdd %1161, %1371 : i32
// OUT:             %1374 = spirv.SLessThan %1372, %48 : bool
// OUT:             %1375 = spirv.SLessThan %1373, %50 : bool
// OUT:             %1376 = spirv.LogicalAnd %1374, %1375 : bool
// OUT:             %1377 = spirv.Constant 1 : i32
// OUT:             %1378 = spirv.ISub %48, %1377 : i32
// OUT:             %1379 = spirv.ISub %50, %1377 : i32
// OUT:             %1380 = spirv.GL.SMin %1372, %1378 : i32
// OUT:             %1381 = spirv.GL.SMin %1373, %1379 : i32
// OUT:             %1382 = spirv.Constant 0 : i32
// OUT:             %1383 = spirv.Constant 0 : i32
// OUT:             %1384 = spirv.Constant 0 : i32
// OUT:             %1385 = spirv.Constant 70 : i32
// OUT:             %1386 = spirv.IMul %1380, %1385 : i32
// OUT:             %1387 = spirv.IAdd %1386, %1381 : i32
// OUT:             %1388 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1389 = spirv.Constant 0 : i32
// OUT:             %1390 = spirv.AccessChain %1388, %1389, %1387 : ptr<f16, StorageBuffer>
// OUT:             %1391 = spirv.Load %1390 : f16
// OUT:             %1392 = spirv.Constant 0x0 : f16
// OUT:             %1393 = spirv.Select %1376, %1391, %1392 : f16
// OUT:             %1394 = spirv.Constant 1024 : i32
// OUT:             %1395 = spirv.IAdd %26, %1394 : i32
// OUT:             %1396 = spirv.Constant 32 : i32
// OUT:             %1397 = spirv.SDiv %1395, %1396 : i32
// OUT:             %1398 = spirv.SRem %1395, %1396 : i32
// OUT:             %1399 = spirv.Constant 1 : i32
// OUT:             %1400 = spirv.IMul %1398, %1399 : i32
// OUT:             %1401 = spirv.IAdd %53, %1397 : i32
// OUT:             %1402 = spirv.IAdd %1161, %1400 : i32
// OUT:             %1403 = spirv.SLessThan %1401, %48 : bool
// OUT:             %1404 = spirv.SLessThan %1402, %50 : bool
// OUT:             %1405 = spirv.LogicalAnd %1403, %1404 : bool
// OUT:             %1406 = spirv.Constant 1 : i32
// OUT:             %1407 = spirv.ISub %48, %1406 : i32
// OUT:             %1408 = spirv.ISub %50, %1406 : i32
// OUT:             %1409 = spirv.GL.SMin %1401, %1407 : i32
// OUT:             %1410 = spirv.GL.SMin %1402, %1408 : i32
// OUT:             %1411 = spirv.Constant 0 : i32
// OUT:             %1412 = spirv.Constant 0 : i32
// OUT:             %1413 = spirv.Constant 0 : i32
// OUT:             %1414 = spirv.Constant 70 : i32
// OUT:             %1415 = spirv.IMul %1409, %1414 : i32
// OUT:             %1416 = spirv.IAdd %1415, %1410 : i32
// OUT:             %1417 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1418 = spirv.Constant 0 : i32
// OUT:             %1419 = spirv.AccessChain %1417, %1418, %1416 : ptr<f16, StorageBuffer>
// OUT:             %1420 = spirv.Load %1419 : f16
// OUT:             %1421 = spirv.Constant 0x0 : f16
// OUT:             %1422 = spirv.Select %1405, %1420, %1421 : f16
// OUT:             %1423 = spirv.Constant 1152 : i32
// OUT:             %1424 = spirv.IAdd %26, %1423 : i32
// OUT:             %1425 = spirv.Constant 32 : i32
// OUT:             %1426 = spirv.SDiv %1424, %1425 : i32
// OUT:             %1427 = spirv.SRem %1424, %1425 : i32
// OUT:             %1428 = spirv.Constant 1 : i32
// OUT:             %1429 = spirv.IMul %1427, %1428 : i32
// OUT:             %1430 = spirv.IAdd %53, %1426 : i32
// OUT:             %1431 = spirv.IAdd %1161, %1429 : i32
// OUT:             %1432 = spirv.SLessThan %1430, %48 : bool
// OUT:             %1433 = spirv.SLessThan %1431, %50 : bool
// OUT:             %1434 = spirv.LogicalAnd %1432, %1433 : bool
// OUT:             %1435 = spirv.Constant 1 : i32
// OUT:             %1436 = spirv.ISub %48, %1435 : i32
// OUT:             %1437 = spirv.ISub %50, %1435 : i32
// OUT:             %1438 = spirv.GL.SMin %1430, %1436 : i32
// OUT:             %1439 = spirv.GL.SMin %1431, %1437 : i32
// OUT:             %1440 = spirv.Constant 0 : i32
// OUT:             %1441 = spirv.Constant 0 : i32
// OUT:             %1442 = spirv.Constant 0 : i32
// OUT:             %1443 = spirv.Constant 70 : i32
// OUT:             %1444 = spirv.IMul %1438, %1443 : i32
// OUT:             %1445 = spirv.IAdd %1444, %1439 : i32
// OUT:             %1446 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1447 = spirv.Constant 0 : i32
// OUT:             %1448 = spirv.AccessChain %1446, %1447, %1445 : ptr<f16, StorageBuffer>
// OUT:             %1449 = spirv.Load %1448 : f16
// OUT:             %1450 = spirv.Constant 0x0 : f16
// OUT:             %1451 = spirv.Select %1434, %1449, %1450 : f16
// OUT:             %1452 = spirv.Constant 1280 : i32
// OUT:             %1453 = spirv.IAdd %26, %1452 : i32
// OUT:             %1454 = spirv.Constant 32 : i32
// OUT:             %1455 = spirv.SDiv %1453, %1454 : i32
// OUT:             %1456 = spirv.SRem %1453, %1454 : i32
// OUT:             %1457 = spirv.Constant 1 : i32
// OUT:             %1458 = spirv.IMul %1456, %1457 : i32
// OUT:             %1459 = spirv.IAdd %53, %1455 : i32
// OUT:             %1460 = spirv.IAdd %1161, %1458 : i32
// OUT:             %1461 = spirv.SLessThan %1459, %48 : bool
// OUT:             %1462 = spirv.SLessThan %1460, %50 : bool
// OUT:             %1463 = spirv.LogicalAnd %1461, %1462 : bool
// OUT:             %1464 = spirv.Constant 1 : i32
// OUT:             %1465 = spirv.ISub %48, %1464 : i32
// OUT:             %1466 = spirv.ISub %50, %1464 : i32
// OUT:             %1467 = spirv.GL.SMin %1459, %1465 : i32
// OUT:             %1468 = spirv.GL.SMin %1460, %1466 : i32
// OUT:             %1469 = spirv.Constant 0 : i32
// OUT:             %1470 = spirv.Constant 0 : i32
// OUT:             %1471 = spirv.Constant 0 : i32
// OUT:             %1472 = spirv.Constant 70 : i32
// OUT:             %1473 = spirv.IMul %1467, %1472 : i32
// OUT:             %1474 = spirv.IAdd %1473, %1468 : i32
// OUT:             %1475 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1476 = spirv.Constant 0 : i32
// OUT:             %1477 = spirv.AccessChain %1475, %1476, %1474 : ptr<f16, StorageBuffer>
// OUT:             %1478 = spirv.Load %1477 : f16
// OUT:             %1479 = spirv.Constant 0x0 : f16
// OUT:             %1480 = spirv.Select %1463, %1478, %1479 : f16
// OUT:             %1481 = spirv.Constant 1408 : i32
// OUT:             %1482 = spirv.IAdd %26, %1481 : i32
// OUT:             %1483 = spirv.Constant 32 : i32
// OUT:             %1484 = spirv.SDiv %1482, %1483 : i32
// OUT:             %1485 = spirv.SRem %1482, %1483 : i32
// OUT:             %1486 = spirv.Constant 1 : i32
// OUT:             %1487 = spirv.IMul %1485, %1486 : i32
// OUT:             %1488 = spirv.IAdd %53, %1484 : i32
// OUT:             %1489 = spirv.IAdd %1161, %1487 : i32
// OUT:             %1490 = spirv.SLessThan %1488, %48 : bool
// OUT:             %1491 = spirv.SLessThan %1489, %50 : bool
// OUT:             %1492 = spirv.LogicalAnd %1490, %1491 : bool
// OUT:             %1493 = spirv.Constant 1 : i32
// OUT:             %1494 = spirv.ISub %48, %1493 : i32
// OUT:             %1495 = spirv.ISub %50, %1493 : i32
// OUT:             %1496 = spirv.GL.SMin %1488, %1494 : i32
// OUT:             %1497 = spirv.GL.SMin %1489, %1495 : i32
// OUT:             %1498 = spirv.Constant 0 : i32
// OUT:             %1499 = spirv.Constant 0 : i32
// OUT:             %1500 = spirv.Constant 0 : i32
// OUT:             %1501 = spirv.Constant 70 : i32
// OUT:             %1502 = spirv.IMul %1496, %1501 : i32
// OUT:             %1503 = spirv.IAdd %1502, %1497 : i32
// OUT:             %1504 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1505 = spirv.Constant 0 : i32
// OUT:             %1506 = spirv.AccessChain %1504, %1505, %1503 : ptr<f16, StorageBuffer>
// OUT:             %1507 = spirv.Load %1506 : f16
// OUT:             %1508 = spirv.Constant 0x0 : f16
// OUT:             %1509 = spirv.Select %1492, %1507, %1508 : f16
// OUT:             %1510 = spirv.Constant 1536 : i32
// OUT:             %1511 = spirv.IAdd %26, %1510 : i32
// OUT:             %1512 = spirv.Constant 32 : i32
// OUT:             %1513 = spirv.SDiv %1511, %1512 : i32
// OUT:             %1514 = spirv.SRem %1511, %1512 : i32
// OUT:             %1515 = spirv.Constant 1 : i32
// OUT:             %1516 = spirv.IMul %1514, %1515 : i32
// OUT:             %1517 = spirv.IAdd %53, %1513 : i32
// OUT:             %1518 = spirv.IAdd %1161, %1516 : i32
// OUT:             %1519 = spirv.SLessThan %1517, %48 : bool
// OUT:             %1520 = spirv.SLessThan %1518, %50 : bool
// OUT:             %1521 = spirv.LogicalAnd %1519, %1520 : bool
// OUT:             %1522 = spirv.Constant 1 : i32
// OUT:             %1523 = spirv.ISub %48, %1522 : i32
// OUT:             %1524 = spirv.ISub %50, %1522 : i32
// OUT:             %1525 = spirv.GL.SMin %1517, %1523 : i32
// OUT:             %1526 = spirv.GL.SMin %1518, %1524 : i32
// OUT:             %1527 = spirv.Constant 0 : i32
// OUT:             %1528 = spirv.Constant 0 : i32
// OUT:             %1529 = spirv.Constant 0 : i32
// OUT:             %1530 = spirv.Constant 70 : i32
// OUT:             %1531 = spirv.IMul %1525, %1530 : i32
// OUT:             %1532 = spirv.IAdd %1531, %1526 : i32
// OUT:             %1533 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1534 = spirv.Constant 0 : i32
// OUT:             %1535 = spirv.AccessChain %1533, %1534, %1532 : ptr<f16, StorageBuffer>
// OUT:             %1536 = spirv.Load %1535 : f16
// OUT:             %1537 = spirv.Constant 0x0 : f16
// OUT:             %1538 = spirv.Select %1521, %1536, %1537 : f16
// OUT:             %1539 = spirv.Constant 1664 : i32
// OUT:             %1540 = spirv.IAdd %26, %1539 : i32
// OUT:             %1541 = spirv.Constant 32 : i32
// OUT:             %1542 = spirv.SDiv %1540, %1541 : i32
// OUT:             %1543 = spirv.SRem %1540, %1541 : i32
// OUT:             %1544 = spirv.Constant 1 : i32
// OUT:             %1545 = spirv.IMul %1543, %1544 : i32
// OUT:             %1546 = spirv.IAdd %53, %1542 : i32
// OUT:             %1547 = spirv.IAdd %1161, %1545 : i32
// OUT:             %1548 = spirv.SLessThan %1546, %48 : bool
// OUT:             %1549 = spirv.SLessThan %1547, %50 : bool
// OUT:             %1550 = spirv.LogicalAnd %1548, %1549 : bool
// OUT:             %1551 = spirv.Constant 1 : i32
// OUT:             %1552 = spirv.ISub %48, %1551 : i32
// OUT:             %1553 = spirv.ISub %50, %1551 : i32
// OUT:             %1554 = spirv.GL.SMin %1546, %1552 : i32
// OUT:             %1555 = spirv.GL.SMin %1547, %1553 : i32
// OUT:             %1556 = spirv.Constant 0 : i32
// OUT:             %1557 = spirv.Constant 0 : i32
// OUT:             %1558 = spirv.Constant 0 : i32
// OUT:             %1559 = spirv.Constant 70 : i32
// OUT:             %1560 = spirv.IMul %1554, %1559 : i32
// OUT:             %1561 = spirv.IAdd %1560, %1555 : i32
// OUT:             %1562 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1563 = spirv.Constant 0 : i32
// OUT:             %1564 = spirv.AccessChain %1562, %1563, %1561 : ptr<f16, StorageBuffer>
// OUT:             %1565 = spirv.Load %1564 : f16
// OUT:             %1566 = spirv.Constant 0x0 : f16
// OUT:             %1567 = spirv.Select %1550, %1565, %1566 : f16
// OUT:             %1568 = spirv.Constant 1792 : i32
// OUT:             %1569 = spirv.IAdd %26, %1568 : i32
// OUT:             %1570 = spirv.Constant 32 : i32
// OUT:             %1571 = spirv.SDiv %1569, %1570 : i32
// OUT:             %1572 = spirv.SRem %1569, %1570 : i32
// OUT:             %1573 = spirv.Constant 1 : i32
// OUT:             %1574 = spirv.IMul %1572, %1573 : i32
// OUT:             %1575 = spirv.IAdd %53, %1571 : i32
// OUT:             %1576 = spirv.IAdd %1161, %1574 : i32
// OUT:             %1577 = spirv.SLessThan %1575, %48 : bool
// OUT:             %1578 = spirv.SLessThan %1576, %50 : bool
// OUT:             %1579 = spirv.LogicalAnd %1577, %1578 : bool
// OUT:             %1580 = spirv.Constant 1 : i32
// OUT:             %1581 = spirv.ISub %48, %1580 : i32
// OUT:             %1582 = spirv.ISub %50, %1580 : i32
// OUT:             %1583 = spirv.GL.SMin %1575, %1581 : i32
// OUT:             %1584 = spirv.GL.SMin %1576, %1582 : i32
// OUT:             %1585 = spirv.Constant 0 : i32
// OUT:             %1586 = spirv.Constant 0 : i32
// OUT:             %1587 = spirv.Constant 0 : i32
// OUT:             %1588 = spirv.Constant 70 : i32
// OUT:             %1589 = spirv.IMul %1583, %1588 : i32
// OUT:             %1590 = spirv.IAdd %1589, %1584 : i32
// OUT:             %1591 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1592 = spirv.Constant 0 : i32
// OUT:             %1593 = spirv.AccessChain %1591, %1592, %1590 : ptr<f16, StorageBuffer>
// OUT:             %1594 = spirv.Load %1593 : f16
// OUT:             %1595 = spirv.Constant 0x0 : f16
// OUT:             %1596 = spirv.Select %1579, %1594, %1595 : f16
// OUT:             %1597 = spirv.Constant 1920 : i32
// OUT:             %1598 = spirv.IAdd %26, %1597 : i32
// OUT:             %1599 = spirv.Constant 32 : i32
// OUT:             %1600 = spirv.SDiv %1598, %1599 : i32
// OUT:             %1601 = spirv.SRem %1598, %1599 : i32
// OUT:             %1602 = spirv.Constant 1 : i32
// OUT:             %1603 = spirv.IMul %1601, %1602 : i32
// OUT:             %1604 = spirv.IAdd %53, %1600 : i32
// OUT:             %1605 = spirv.IAdd %1161, %1603 : i32
// OUT:             %1606 = spirv.SLessThan %1604, %48 : bool
// OUT:             %1607 = spirv.SLessThan %1605, %50 : bool
// OUT:             %1608 = spirv.LogicalAnd %1606, %1607 : bool
// OUT:             %1609 = spirv.Constant 1 : i32
// OUT:             %1610 = spirv.ISub %48, %1609 : i32
// OUT:             %1611 = spirv.ISub %50, %1609 : i32
// OUT:             %1612 = spirv.GL.SMin %1604, %1610 : i32
// OUT:             %1613 = spirv.GL.SMin %1605, %1611 : i32
// OUT:             %1614 = spirv.Constant 0 : i32
// OUT:             %1615 = spirv.Constant 0 : i32
// OUT:             %1616 = spirv.Constant 0 : i32
// OUT:             %1617 = spirv.Constant 70 : i32
// OUT:             %1618 = spirv.IMul %1612, %1617 : i32
// OUT:             %1619 = spirv.IAdd %1618, %1613 : i32
// OUT:             %1620 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1621 = spirv.Constant 0 : i32
// OUT:             %1622 = spirv.AccessChain %1620, %1621, %1619 : ptr<f16, StorageBuffer>
// OUT:             %1623 = spirv.Load %1622 : f16
// OUT:             %1624 = spirv.Constant 0x0 : f16
// OUT:             %1625 = spirv.Select %1608, %1623, %1624 : f16
// OUT:             %1626 = spirv.Constant 0 : i32
// OUT:             %1627 = spirv.IAdd %26, %1626 : i32
// OUT:             %1628 = spirv.Constant 64 : i32
// OUT:             %1629 = spirv.SDiv %1627, %1628 : i32
// OUT:             %1630 = spirv.SRem %1627, %1628 : i32
// OUT:             %1631 = spirv.Constant 1 : i32
// OUT:             %1632 = spirv.IMul %1630, %1631 : i32
// OUT:             %1633 = spirv.IAdd %54, %1632 : i32
// OUT:             %1634 = spirv.IAdd %1161, %1629 : i32
// OUT:             %1635 = spirv.SLessThan %1633, %49 : bool
// OUT:             %1636 = spirv.SLessThan %1634, %50 : bool
// OUT:             %1637 = spirv.LogicalAnd %1635, %1636 : bool
// OUT:             %1638 = spirv.Constant 1 : i32
// OUT:             %1639 = spirv.ISub %49, %1638 : i32
// OUT:             %1640 = spirv.ISub %50, %1638 : i32
// OUT:             %1641 = spirv.GL.SMin %1633, %1639 : i32
// OUT:             %1642 = spirv.GL.SMin %1634, %1640 : i32
// OUT:             %1643 = spirv.Constant 0 : i32
// OUT:             %1644 = spirv.Constant 0 : i32
// OUT:             %1645 = spirv.Constant 0 : i32
// OUT:             %1646 = spirv.Constant 33 : i32
// OUT:             %1647 = spirv.IMul %1642, %1646 : i32
// OUT:             %1648 = spirv.IAdd %1647, %1641 : i32
// OUT:             %1649 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1650 = spirv.Constant 0 : i32
// OUT:             %1651 = spirv.AccessChain %1649, %1650, %1648 : ptr<f16, StorageBuffer>
// OUT:             %1652 = spirv.Load %1651 : f16
// OUT:             %1653 = spirv.Constant 0x0 : f16
// OUT:             %1654 = spirv.Select %1637, %1652, %1653 : f16
// OUT:             %1655 = spirv.Constant 128 : i32
// OUT:             %1656 = spirv.IAdd %26, %1655 : i32
// OUT:             %1657 = spirv.Constant 64 : i32
// OUT:             %1658 = spirv.SDiv %1656, %1657 : i32
// OUT:             %1659 = spirv.SRem %1656, %1657 : i32
// OUT:             %1660 = spirv.Constant 1 : i32
// OUT:             %1661 = spirv.IMul %1659, %1660 : i32
// OUT:             %1662 = spirv.IAdd %54, %1661 : i32
// OUT:             %1663 = spirv.IAdd %1161, %1658 : i32
// OUT:             %1664 = spirv.SLessThan %1662, %49 : bool
// OUT:             %1665 = spirv.SLessThan %1663, %50 : bool
// OUT:             %1666 = spirv.LogicalAnd %1664, %1665 : bool
// OUT:             %1667 = spirv.Constant 1 : i32
// OUT:             %1668 = spirv.ISub %49, %1667 : i32
// OUT:             %1669 = spirv.ISub %50, %1667 : i32
// OUT:             %1670 = spirv.GL.SMin %1662, %1668 : i32
// OUT:             %1671 = spirv.GL.SMin %1663, %1669 : i32
// OUT:             %1672 = spirv.Constant 0 : i32
// OUT:             %1673 = spirv.Constant 0 : i32
// OUT:             %1674 = spirv.Constant 0 : i32
// OUT:             %1675 = spirv.Constant 33 : i32
// OUT:             %1676 = spirv.IMul %1671, %1675 : i32
// OUT:             %1677 = spirv.IAdd %1676, %1670 : i32
// OUT:             %1678 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1679 = spirv.Constant 0 : i32
// OUT:             %1680 = spirv.AccessChain %1678, %1679, %1677 : ptr<f16, StorageBuffer>
// OUT:             %1681 = spirv.Load %1680 : f16
// OUT:             %1682 = spirv.Constant 0x0 : f16
// OUT:             %1683 = spirv.Select %1666, %1681, %1682 : f16
// OUT:             %1684 = spirv.Constant 256 : i32
// OUT:             %1685 = spirv.IAdd %26, %1684 : i32
// OUT:             %1686 = spirv.Constant 64 : i32
// OUT:             %1687 = spirv.SDiv %1685, %1686 : i32
// OUT:             %1688 = spirv.SRem %1685, %1686 : i32
// OUT:             %1689 = spirv.Constant 1 : i32
// OUT:             %1690 = spirv.IMul %1688, %1689 : i32
// OUT:             %1691 = spirv.IAdd %54, %1690 : i32
// OUT:             %1692 = spirv.IAdd %1161, %1687 : i32
// OUT:             %1693 = spirv.SLessThan %1691, %49 : bool
// OUT:             %1694 = spirv.SLessThan %1692, %50 : bool
// OUT:             %1695 = spirv.LogicalAnd %1693, %1694 : bool
// OUT:             %1696 = spirv.Constant 1 : i32
// OUT:             %1697 = spirv.ISub %49, %1696 : i32
// OUT:             %1698 = spirv.ISub %50, %1696 : i32
// OUT:             %1699 = spirv.GL.SMin %1691, %1697 : i32
// OUT:             %1700 = spirv.GL.SMin %1692, %1698 : i32
// OUT:             %1701 = spirv.Constant 0 : i32
// OUT:             %1702 = spirv.Constant 0 : i32
// OUT:             %1703 = spirv.Constant 0 : i32
// OUT:             %1704 = spirv.Constant 33 : i32
// OUT:             %1705 = spirv.IMul %1700, %1704 : i32
// OUT:             %1706 = spirv.IAdd %1705, %1699 : i32
// OUT:             %1707 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1708 = spirv.Constant 0 : i32
// OUT:             %1709 = spirv.AccessChain %1707, %1708, %1706 : ptr<f16, StorageBuffer>
// OUT:             %1710 = spirv.Load %1709 : f16
// OUT:             %1711 = spirv.Constant 0x0 : f16
// OUT:             %1712 = spirv.Select %1695, %1710, %1711 : f16
// OUT:             %1713 = spirv.Constant 384 : i32
// OUT:             %1714 = spirv.IAdd %26, %1713 : i32
// OUT:             %1715 = spirv.Constant 64 : i32
// OUT:             %1716 = spirv.SDiv %1714, %1715 : i32
// OUT:             %1717 = spirv.SRem %1714, %1715 : i32
// OUT:             %1718 = spirv.Constant 1 : i32
// OUT:             %1719 = spirv.IMul %1717, %1718 : i32
// OUT:             %1720 = spirv.IAdd %54, %1719 : i32
// OUT:             %1721 = spirv.IAdd %1161, %1716 : i32
// OUT:             %1722 = spirv.SLessThan %1720, %49 : bool
// OUT:             %1723 = spirv.SLessThan %1721, %50 : bool
// OUT:             %1724 = spirv.LogicalAnd %1722, %1723 : bool
// OUT:             %1725 = spirv.Constant 1 : i32
// OUT:             %1726 = spirv.ISub %49, %1725 : i32
// OUT:             %1727 = spirv.ISub %50, %1725 : i32
// OUT:             %1728 = spirv.GL.SMin %1720, %1726 : i32
// OUT:             %1729 = spirv.GL.SMin %1721, %1727 : i32
// OUT:             %1730 = spirv.Constant 0 : i32
// OUT:             %1731 = spirv.Constant 0 : i32
// OUT:             %1732 = spirv.Constant 0 : i32
// OUT:             %1733 = spirv.Constant 33 : i32
// OUT:             %1734 = spirv.IMul %1729, %1733 : i32
// OUT:             %1735 = spirv.IAdd %1734, %1728 : i32
// OUT:             %1736 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1737 = spirv.Constant 0 : i32
// OUT:             %1738 = spirv.AccessChain %1736, %1737, %1735 : ptr<f16, StorageBuffer>
// OUT:             %1739 = spirv.Load %1738 : f16
// OUT:             %1740 = spirv.Constant 0x0 : f16
// OUT:             %1741 = spirv.Select %1724, %1739, %1740 : f16
// OUT:             %1742 = spirv.Constant 512 : i32
// OUT:             %1743 = spirv.IAdd %26, %1742 : i32
// OUT:             %1744 = spirv.Constant 64 : i32
// OUT:             %1745 = spirv.SDiv %1743, %1744 : i32
// OUT:             %1746 = spirv.SRem %1743, %1744 : i32
// OUT:             %1747 = spirv.Constant 1 : i32
// OUT:             %1748 = spirv.IMul %1746, %1747 : i32
// OUT:             %1749 = spirv.IAdd %54, %1748 : i32
// OUT:             %1750 = spirv.IAdd %1161, %1745 : i32
// OUT:             %1751 = spirv.SLessThan %1749, %49 : bool
// OUT:             %1752 = spirv.SLessThan %1750, %50 : bool
// OUT:             %1753 = spirv.LogicalAnd %1751, %1752 : bool
// OUT:             %1754 = spirv.Constant 1 : i32
// OUT:             %1755 = spirv.ISub %49, %1754 : i32
// OUT:             %1756 = spirv.ISub %50, %1754 : i32
// OUT:             %1757 = spirv.GL.SMin %1749, %1755 : i32
// OUT:             %1758 = spirv.GL.SMin %1750, %1756 : i32
// OUT:             %1759 = spirv.Constant 0 : i32
// OUT:             %1760 = spirv.Constant 0 : i32
// OUT:             %1761 = spirv.Constant 0 : i32
// OUT:             %1762 = spirv.Constant 33 : i32
// OUT:             %1763 = spirv.IMul %1758, %1762 : i32
// OUT:             %1764 = spirv.IAdd %1763, %1757 : i32
// OUT:             %1765 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1766 = spirv.Constant 0 : i32
// OUT:             %1767 = spirv.AccessChain %1765, %1766, %1764 : ptr<f16, StorageBuffer>
// OUT:             %1768 = spirv.Load %1767 : f16
// OUT:             %1769 = spirv.Constant 0x0 : f16
// OUT:             %1770 = spirv.Select %1753, %1768, %1769 : f16
// OUT:             %1771 = spirv.Constant 640 : i32
// OUT:             %1772 = spirv.IAdd %26, %1771 : i32
// OUT:             %1773 = spirv.Constant 64 : i32
// OUT:             %1774 = spirv.SDiv %1772, %1773 : i32
// OUT:             %1775 = spirv.SRem %1772, %1773 : i32
// OUT:             %1776 = spirv.Constant 1 : i32
// OUT:             %1777 = spirv.IMul %1775, %1776 : i32
// OUT:             %1778 = spirv.IAdd %54, %1777 : i32
// OUT:             %1779 = spirv.IAdd %1161, %1774 : i32
// OUT:             %1780 = spirv.SLessThan %1778, %49 : bool
// OUT:             %1781 = spirv.SLessThan %1779, %50 : bool
// OUT:             %1782 = spirv.LogicalAnd %1780, %1781 : bool
// OUT:             %1783 = spirv.Constant 1 : i32
// OUT:             %1784 = spirv.ISub %49, %1783 : i32
// OUT:             %1785 = spirv.ISub %50, %1783 : i32
// OUT:             %1786 = spirv.GL.SMin %1778, %1784 : i32
// OUT:             %1787 = spirv.GL.SMin %1779, %1785 : i32
// OUT:             %1788 = spirv.Constant 0 : i32
// OUT:             %1789 = spirv.Constant 0 : i32
// OUT:             %1790 = spirv.Constant 0 : i32
// OUT:             %1791 = spirv.Constant 33 : i32
// OUT:             %1792 = spirv.IMul %1787, %1791 : i32
// OUT:             %1793 = spirv.IAdd %1792, %1786 : i32
// OUT:             %1794 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1795 = spirv.Constant 0 : i32
// OUT:             %1796 = spirv.AccessChain %1794, %1795, %1793 : ptr<f16, StorageBuffer>
// OUT:             %1797 = spirv.Load %1796 : f16
// OUT:             %1798 = spirv.Constant 0x0 : f16
// OUT:             %1799 = spirv.Select %1782, %1797, %1798 : f16
// OUT:             %1800 = spirv.Constant 768 : i32
// OUT:             %1801 = spirv.IAdd %26, %1800 : i32
// OUT:             %1802 = spirv.Constant 64 : i32
// OUT:             %1803 = spirv.SDiv %1801, %1802 : i32
// OUT:             %1804 = spirv.SRem %1801, %1802 : i32
// OUT:             %1805 = spirv.Constant 1 : i32
// OUT:             %1806 = spirv.IMul %1804, %1805 : i32
// OUT:             %1807 = spirv.IAdd %54, %1806 : i32
// OUT:             %1808 = spirv.IAdd %1161, %1803 : i32
// OUT:             %1809 = spirv.SLessThan %1807, %49 : bool
// OUT:             %1810 = spirv.SLessThan %1808, %50 : bool
// OUT:             %1811 = spirv.LogicalAnd %1809, %1810 : bool
// OUT:             %1812 = spirv.Constant 1 : i32
// OUT:             %1813 = spirv.ISub %49, %1812 : i32
// OUT:             %1814 = spirv.ISub %50, %1812 : i32
// OUT:             %1815 = spirv.GL.SMin %1807, %1813 : i32
// OUT:             %1816 = spirv.GL.SMin %1808, %1814 : i32
// OUT:             %1817 = spirv.Constant 0 : i32
// OUT:             %1818 = spirv.Constant 0 : i32
// OUT:             %1819 = spirv.Constant 0 : i32
// OUT:             %1820 = spirv.Constant 33 : i32
// OUT:             %1821 = spirv.IMul %1816, %1820 : i32
// OUT:             %1822 = spirv.IAdd %1821, %1815 : i32
// OUT:             %1823 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1824 = spirv.Constant 0 : i32
// OUT:             %1825 = spirv.AccessChain %1823, %1824, %1822 : ptr<f16, StorageBuffer>
// OUT:             %1826 = spirv.Load %1825 : f16
// OUT:             %1827 = spirv.Constant 0x0 : f16
// OUT:             %1828 = spirv.Select %1811, %1826, %1827 : f16
// OUT:             %1829 = spirv.Constant 896 : i32
// OUT:             %1830 = spirv.IAdd %26, %1829 : i32
// OUT:             %1831 = spirv.Constant 64 : i32
// OUT:             %1832 = spirv.SDiv %1830, %1831 : i32
// OUT:             %1833 = spirv.SRem %1830, %1831 : i32
// OUT:             %1834 = spirv.Constant 1 : i32
// OUT:             %1835 = spirv.IMul %1833, %1834 : i32
// OUT:             %1836 = spirv.IAdd %54, %1835 : i32
// OUT:             %1837 = spirv.IAdd %1161, %1832 : i32
// OUT:             %1838 = spirv.SLessThan %1836, %49 : bool
// OUT:             %1839 = spirv.SLessThan %1837, %50 : bool
// OUT:             %1840 = spirv.LogicalAnd %1838, %1839 : bool
// OUT:             %1841 = spirv.Constant 1 : i32
// OUT:             %1842 = spirv.ISub %49, %1841 : i32
// OUT:             %1843 = spirv.ISub %50, %1841 : i32
// OUT:             %1844 = spirv.GL.SMin %1836, %1842 : i32
// OUT:             %1845 = spirv.GL.SMin %1837, %1843 : i32
// OUT:             %1846 = spirv.Constant 0 : i32
// OUT:             %1847 = spirv.Constant 0 : i32
// OUT:             %1848 = spirv.Constant 0 : i32
// OUT:             %1849 = spirv.Constant 33 : i32
// OUT:             %1850 = spirv.IMul %1845, %1849 : i32
// OUT:             %1851 = spirv.IAdd %1850, %1844 : i32
// OUT:             %1852 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1853 = spirv.Constant 0 : i32
// OUT:             %1854 = spirv.AccessChain %1852, %1853, %1851 : ptr<f16, StorageBuffer>
// OUT:             %1855 = spirv.Load %1854 : f16
// OUT:             %1856 = spirv.Constant 0x0 : f16
// OUT:             %1857 = spirv.Select %1840, %1855, %1856 : f16
// OUT:             %1858 = spirv.Constant 1024 : i32
// OUT:             %1859 = spirv.IAdd %26, %1858 : i32
// OUT:             %1860 = spirv.Constant 64 : i32
// OUT:             %1861 = spirv.SDiv %1859, %1860 : i32
// OUT:             %1862 = spirv.SRem %1859, %1860 : i32
// OUT:             %1863 = spirv.Constant 1 : i32
// OUT:             %1864 = spirv.IMul %1862, %1863 : i32
// OUT:             %1865 = spirv.IAdd %54, %1864 : i32
// OUT:             %1866 = spirv.IAdd %1161, %1861 : i32
// OUT:             %1867 = spirv.SLessThan %1865, %49 : bool
// OUT:             %1868 = spirv.SLessThan %1866, %50 : bool
// OUT:             %1869 = spirv.LogicalAnd %1867, %1868 : bool
// OUT:             %1870 = spirv.Constant 1 : i32
// OUT:             %1871 = spirv.ISub %49, %1870 : i32
// OUT:             %1872 = spirv.ISub %50, %1870 : i32
// OUT:             %1873 = spirv.GL.SMin %1865, %1871 : i32
// OUT:             %1874 = spirv.GL.SMin %1866, %1872 : i32
// OUT:             %1875 = spirv.Constant 0 : i32
// OUT:             %1876 = spirv.Constant 0 : i32
// OUT:             %1877 = spirv.Constant 0 : i32
// OUT:             %1878 = spirv.Constant 33 : i32
// OUT:             %1879 = spirv.IMul %1874, %1878 : i32
// OUT:             %1880 = spirv.IAdd %1879, %1873 : i32
// OUT:             %1881 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1882 = spirv.Constant 0 : i32
// OUT:             %1883 = spirv.AccessChain %1881, %1882, %1880 : ptr<f16, StorageBuffer>
// OUT:             %1884 = spirv.Load %1883 : f16
// OUT:             %1885 = spirv.Constant 0x0 : f16
// OUT:             %1886 = spirv.Select %1869, %1884, %1885 : f16
// OUT:             %1887 = spirv.Constant 1152 : i32
// OUT:             %1888 = spirv.IAdd %26, %1887 : i32
// OUT:             %1889 = spirv.Constant 64 : i32
// OUT:             %1890 = spirv.SDiv %1888, %1889 : i32
// OUT:             %1891 = spirv.SRem %1888, %1889 : i32
// OUT:             %1892 = spirv.Constant 1 : i32
// OUT:             %1893 = spirv.IMul %1891, %1892 : i32
// OUT:             %1894 = spirv.IAdd %54, %1893 : i32
// OUT:             %1895 = spirv.IAdd %1161, %1890 : i32
// OUT:             %1896 = spirv.SLessThan %1894, %49 : bool
// OUT:             %1897 = spirv.SLessThan %1895, %50 : bool
// OUT:             %1898 = spirv.LogicalAnd %1896, %1897 : bool
// OUT:             %1899 = spirv.Constant 1 : i32
// OUT:             %1900 = spirv.ISub %49, %1899 : i32
// OUT:             %1901 = spirv.ISub %50, %1899 : i32
// OUT:             %1902 = spirv.GL.SMin %1894, %1900 : i32
// OUT:             %1903 = spirv.GL.SMin %1895, %1901 : i32
// OUT:             %1904 = spirv.Constant 0 : i32
// OUT:             %1905 = spirv.Constant 0 : i32
// OUT:             %1906 = spirv.Constant 0 : i32
// OUT:             %1907 = spirv.Constant 33 : i32
// OUT:             %1908 = spirv.IMul %1903, %1907 : i32
// OUT:             %1909 = spirv.IAdd %1908, %1902 : i32
// OUT:             %1910 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1911 = spirv.Constant 0 : i32
// OUT:             %1912 = spirv.AccessChain %1910, %1911, %1909 : ptr<f16, StorageBuffer>
// OUT:             %1913 = spirv.Load %1912 : f16
// OUT:             %1914 = spirv.Constant 0x0 : f16
// OUT:             %1915 = spirv.Select %1898, %1913, %1914 : f16
// OUT:             %1916 = spirv.Constant 1280 : i32
// OUT:             %1917 = spirv.IAdd %26, %1916 : i32
// OUT:             %1918 = spirv.Constant 64 : i32
// OUT:             %1919 = spirv.SDiv %1917, %1918 : i32
// OUT:             %1920 = spirv.SRem %1917, %1918 : i32
// OUT:             %1921 = spirv.Constant 1 : i32
// OUT:             %1922 = spirv.IMul %1920, %1921 : i32
// OUT:             %1923 = spirv.IAdd %54, %1922 : i32
// OUT:             %1924 = spirv.IAdd %1161, %1919 : i32
// OUT:             %1925 = spirv.SLessThan %1923, %49 : bool
// OUT:             %1926 = spirv.SLessThan %1924, %50 : bool
// OUT:             %1927 = spirv.LogicalAnd %1925, %1926 : bool
// OUT:             %1928 = spirv.Constant 1 : i32
// OUT:             %1929 = spirv.ISub %49, %1928 : i32
// OUT:             %1930 = spirv.ISub %50, %1928 : i32
// OUT:             %1931 = spirv.GL.SMin %1923, %1929 : i32
// OUT:             %1932 = spirv.GL.SMin %1924, %1930 : i32
// OUT:             %1933 = spirv.Constant 0 : i32
// OUT:             %1934 = spirv.Constant 0 : i32
// OUT:             %1935 = spirv.Constant 0 : i32
// OUT:             %1936 = spirv.Constant 33 : i32
// OUT:             %1937 = spirv.IMul %1932, %1936 : i32
// OUT:             %1938 = spirv.IAdd %1937, %1931 : i32
// OUT:             %1939 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1940 = spirv.Constant 0 : i32
// OUT:             %1941 = spirv.AccessChain %1939, %1940, %1938 : ptr<f16, StorageBuffer>
// OUT:             %1942 = spirv.Load %1941 : f16
// OUT:             %1943 = spirv.Constant 0x0 : f16
// OUT:             %1944 = spirv.Select %1927, %1942, %1943 : f16
// OUT:             %1945 = spirv.Constant 1408 : i32
// OUT:             %1946 = spirv.IAdd %26, %1945 : i32
// OUT:             %1947 = spirv.Constant 64 : i32
// OUT:             %1948 = spirv.SDiv %1946, %1947 : i32
// OUT:             %1949 = spirv.SRem %1946, %1947 : i32
// OUT:             %1950 = spirv.Constant 1 : i32
// OUT:             %1951 = spirv.IMul %1949, %1950 : i32
// OUT:             %1952 = spirv.IAdd %54, %1951 : i32
// OUT:             %1953 = spirv.IAdd %1161, %1948 : i32
// OUT:             %1954 = spirv.SLessThan %1952, %49 : bool
// OUT:             %1955 = spirv.SLessThan %1953, %50 : bool
// OUT:             %1956 = spirv.LogicalAnd %1954, %1955 : bool
// OUT:             %1957 = spirv.Constant 1 : i32
// OUT:             %1958 = spirv.ISub %49, %1957 : i32
// OUT:             %1959 = spirv.ISub %50, %1957 : i32
// OUT:             %1960 = spirv.GL.SMin %1952, %1958 : i32
// OUT:             %1961 = spirv.GL.SMin %1953, %1959 : i32
// OUT:             %1962 = spirv.Constant 0 : i32
// OUT:             %1963 = spirv.Constant 0 : i32
// OUT:             %1964 = spirv.Constant 0 : i32
// OUT:             %1965 = spirv.Constant 33 : i32
// OUT:             %1966 = spirv.IMul %1961, %1965 : i32
// OUT:             %1967 = spirv.IAdd %1966, %1960 : i32
// OUT:             %1968 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1969 = spirv.Constant 0 : i32
// OUT:             %1970 = spirv.AccessChain %1968, %1969, %1967 : ptr<f16, StorageBuffer>
// OUT:             %1971 = spirv.Load %1970 : f16
// OUT:             %1972 = spirv.Constant 0x0 : f16
// OUT:             %1973 = spirv.Select %1956, %1971, %1972 : f16
// OUT:             %1974 = spirv.Constant 1536 : i32
// OUT:             %1975 = spirv.IAdd %26, %1974 : i32
// OUT:             %1976 = spirv.Constant 64 : i32
// OUT:             %1977 = spirv.SDiv %1975, %1976 : i32
// OUT:             %1978 = spirv.SRem %1975, %1976 : i32
// OUT:             %1979 = spirv.Constant 1 : i32
// OUT:             %1980 = spirv.IMul %1978, %1979 : i32
// OUT:             %1981 = spirv.IAdd %54, %1980 : i32
// OUT:             %1982 = spirv.IAdd %1161, %1977 : i32
// OUT:             %1983 = spirv.SLessThan %1981, %49 : bool
// OUT:             %1984 = spirv.SLessThan %1982, %50 : bool
// OUT:             %1985 = spirv.LogicalAnd %1983, %1984 : bool
// OUT:             %1986 = spirv.Constant 1 : i32
// OUT:             %1987 = spirv.ISub %49, %1986 : i32
// OUT:             %1988 = spirv.ISub %50, %1986 : i32
// OUT:             %1989 = spirv.GL.SMin %1981, %1987 : i32
// OUT:             %1990 = spirv.GL.SMin %1982, %1988 : i32
// OUT:             %1991 = spirv.Constant 0 : i32
// OUT:             %1992 = spirv.Constant 0 : i32
// OUT:             %1993 = spirv.Constant 0 : i32
// OUT:             %1994 = spirv.Constant 33 : i32
// OUT:             %1995 = spirv.IMul %1990, %1994 : i32
// OUT:             %1996 = spirv.IAdd %1995, %1989 : i32
// OUT:             %1997 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1998 = spirv.Constant 0 : i32
// OUT:             %1999 = spirv.AccessChain %1997, %1998, %1996 : ptr<f16, StorageBuffer>
// OUT:             %2000 = spirv.Load %1999 : f16
// OUT:             %2001 = spirv.Constant 0x0 : f16
// OUT:             %2002 = spirv.Select %1985, %2000, %2001 : f16
// OUT:             %2003 = spirv.Constant 1664 : i32
// OUT:             %2004 = spirv.IAdd %26, %2003 : i32
// OUT:             %2005 = spirv.Constant 64 : i32
// OUT:             %2006 = spirv.SDiv %2004, %2005 : i32
// OUT:             %2007 = spirv.SRem %2004, %2005 : i32
// OUT:             %2008 = spirv.Constant 1 : i32
// OUT:             %2009 = spirv.IMul %2007, %2008 : i32
// OUT:             %2010 = spirv.IAdd %54, %2009 : i32
// OUT:             %2011 = spirv.IAdd %1161, %2006 : i32
// OUT:             %2012 = spirv.SLessThan %2010, %49 : bool
// OUT:             %2013 = spirv.SLessThan %2011, %50 : bool
// OUT:             %2014 = spirv.LogicalAnd %2012, %2013 : bool
// OUT:             %2015 = spirv.Constant 1 : i32
// OUT:             %2016 = spirv.ISub %49, %2015 : i32
// OUT:             %2017 = spirv.ISub %50, %2015 : i32
// OUT:             %2018 = spirv.GL.SMin %2010, %2016 : i32
// OUT:             %2019 = spirv.GL.SMin %2011, %2017 : i32
// OUT:             %2020 = spirv.Constant 0 : i32
// OUT:             %2021 = spirv.Constant 0 : i32
// OUT:             %2022 = spirv.Constant 0 : i32
// OUT:             %2023 = spirv.Constant 33 : i32
// OUT:             %2024 = spirv.IMul %2019, %2023 : i32
// OUT:             %2025 = spirv.IAdd %2024, %2018 : i32
// OUT:             %2026 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %2027 = spirv.Constant 0 : i32
// OUT:             %2028 = spirv.AccessChain %2026, %2027, %2025 : ptr<f16, StorageBuffer>
// OUT:             %2029 = spirv.Load %2028 : f16
// OUT:             %2030 = spirv.Constant 0x0 : f16
// OUT:             %2031 = spirv.Select %2014, %2029, %2030 : f16
// OUT:             %2032 = spirv.Constant 1792 : i32
// OUT:             %2033 = spirv.IAdd %26, %2032 : i32
// OUT:             %2034 = spirv.Constant 64 : i32
// OUT:             %2035 = spirv.SDiv %2033, %2034 : i32
// OUT:             %2036 = spirv.SRem %2033, %2034 : i32
// OUT:             %2037 = spirv.Constant 1 : i32
// OUT:             %2038 = spirv.IMul %2036, %2037 : i32
// OUT:             %2039 = spirv.IAdd %54, %2038 : i32
// OUT:             %2040 = spirv.IAdd %1161, %2035 : i32
// OUT:             %2041 = spirv.SLessThan %2039, %49 : bool
// OUT:             %2042 = spirv.SLessThan %2040, %50 : bool
// OUT:             %2043 = spirv.LogicalAnd %2041, %2042 : bool
// OUT:             %2044 = spirv.Constant 1 : i32
// OUT:             %2045 = spirv.ISub %49, %2044 : i32
// OUT:             %2046 = spirv.ISub %50, %2044 : i32
// OUT:             %2047 = spirv.GL.SMin %2039, %2045 : i32
// OUT:             %2048 = spirv.GL.SMin %2040, %2046 : i32
// OUT:             %2049 = spirv.Constant 0 : i32
// OUT:             %2050 = spirv.Constant 0 : i32
// OUT:             %2051 = spirv.Constant 0 : i32
// OUT:             %2052 = spirv.Constant 33 : i32
// OUT:             %2053 = spirv.IMul %2048, %2052 : i32
// OUT:             %2054 = spirv.IAdd %2053, %2047 : i32
// OUT:             %2055 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %2056 = spirv.Constant 0 : i32
// OUT:             %2057 = spirv.AccessChain %2055, %2056, %2054 : ptr<f16, StorageBuffer>
// OUT:             %2058 = spirv.Load %2057 : f16
// OUT:             %2059 = spirv.Constant 0x0 : f16
// OUT:             %2060 = spirv.Select %2043, %2058, %2059 : f16
// OUT:             %2061 = spirv.Constant 1920 : i32
// OUT:             %2062 = spirv.IAdd %26, %2061 : i32
// OUT:             %2063 = spirv.Constant 64 : i32
// OUT:             %2064 = spirv.SDiv %2062, %2063 : i32
// OUT:             %2065 = spirv.SRem %2062, %2063 : i32
// OUT:             %2066 = spirv.Constant 1 : i32
// OUT:             %2067 = spirv.IMul %2065, %2066 : i32
// OUT:             %2068 = spirv.IAdd %54, %2067 : i32
// OUT:             %2069 = spirv.IAdd %1161, %2064 : i32
// OUT:             %2070 = spirv.SLessThan %2068, %49 : bool
// OUT:             %2071 = spirv.SLessThan %2069, %50 : bool
// OUT:             %2072 = spirv.LogicalAnd %2070, %2071 : bool
// OUT:             %2073 = spirv.Constant 1 : i32
// OUT:             %2074 = spirv.ISub %49, %2073 : i32
// OUT:             %2075 = spirv.ISub %50, %2073 : i32
// OUT:             %2076 = spirv.GL.SMin %2068, %2074 : i32
// OUT:             %2077 = spirv.GL.SMin %2069, %2075 : i32
// OUT:             %2078 = spirv.Constant 0 : i32
// OUT:             %2079 = spirv.Constant 0 : i32
// OUT:             %2080 = spirv.Constant 0 : i32
// OUT:             %2081 = spirv.Constant 33 : i32
// OUT:             %2082 = spirv.IMul %2077, %2081 : i32
// OUT:             %2083 = spirv.IAdd %2082, %2076 : i32
// OUT:             %2084 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %2085 = spirv.Constant 0 : i32
// OUT:             %2086 = spirv.AccessChain %2084, %2085, %2083 : ptr<f16, StorageBuffer>
// OUT:             %2087 = spirv.Load %2086 : f16
// OUT:             %2088 = spirv.Constant 0x0 : f16
// OUT:             %2089 = spirv.Select %2072, %2087, %2088 : f16
// OUT:             %2090 = spirv.Constant 0 : i32
// OUT:             %2091 = spirv.Constant 0 : i32
// OUT:             %2092 = spirv.IAdd %46, %2091 : i32
// OUT:             %2093 = spirv.IMul %2092, %55 : i32
// OUT:             %2094 = spirv.IAdd %2093, %2090 : i32
// OUT:             %2095 = spirv.IAdd %2094, %1159 : i32
// OUT:             %2096 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:             %2097 = spirv.AccessChain %2096, %2095 : ptr<f16, Workgroup>
// OUT:             %2098 = spirv.Constant 0 : u32
// OUT:             %2099 = spirv.CooperativeMatrixLoadKHR %2097, %2098, %55 : coopmatrix<16 x 16 x f16, Subgroup, MatrixAKHR>
// OUT:             %2100 = spirv.Constant 16 : i32
// OUT:             %2101 = spirv.IAdd %46, %2100 : i32
// OUT:             %2102 = spirv.IMul %2101, %55 : i32
// OUT:             %2103 = spirv.IAdd %2102, %2090 : i32
// OUT:             %2104 = spirv.IAdd %2103, %1159 : i32
// OUT:             %2105 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:             %2106 = spirv.AccessChain %2105, %2104 : ptr<f16, Workgroup>
// OUT:             %2107 = spirv.Constant 0 : u32
// OUT:             %2108 = spirv.CooperativeMatrixLoadKHR %2106, %2107, %55 : coopmatrix<16 x 16 x f16, Subgroup, MatrixAKHR>
// OUT:             %2109 = spirv.Constant 0 : i32
// OUT:             %2110 = spirv.IAdd %47, %2109 : i32
// OUT:             %2111 = spirv.IMul %2090, %56 : i32
// OUT:             %2112 = spirv.IAdd %2111, %2110 : i32
// OUT:             %2113 = spirv.IAdd %2112, %1160 : i32
// OUT:             %2114 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:             %2115 = spirv.AccessChain %2114, %2113 : ptr<f16, Workgroup>
// OUT:             %2116 = spirv.Constant 0 : u32
// OUT:             %2117 = spirv.CooperativeMatrixLoadKHR %2115, %2116, %56 : coopmatrix<16 x 16 x f16, Subgroup, MatrixBKHR>
// OUT:             %2118 = spirv.Constant 16 : i32
// OUT:             %2119 = spirv.IAdd %47, %2118 : i32
// OUT:             %2120 = spirv.IMul %2090, %56 : i32
// OUT:             %2121 = spirv.IAdd %2120, %2119 : i32
// OUT:             %2122 = spirv.IAdd %2121, %1160 : i32
// OUT:             %2123 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:             %2124 = spirv.AccessChain %2123, %2122 : ptr<f16, Workgroup>
// OUT:             %2125 = spirv.Constant 0 : u32
// OUT:             %2126 = spirv.CooperativeMatrixLoadKHR %2124, %2125, %56 : coopmatrix<16 x 16 x f16, Subgroup, MatrixBKHR>
// OUT:             %2127 = spirv.Load %29 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             %2128 = spirv.CooperativeMatrixMulAddKHR %2099, %2117, %2127 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             spirv.Store %29, %2128
// OUT:             %2129 = spirv.Load %30 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             %2130 = spirv.CooperativeMatrixMulAddKHR %2099, %2126, %2129 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             spirv.Store %30, %2130
// OUT:             %2131 = spirv.Load %31 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             %2132 = spirv.CooperativeMatrixMulAddKHR %2108, %2117, %2131 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             spirv.Store %31, %2132
// OUT:             %2133 = spirv.Load %32 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             %2134 = spirv.CooperativeMatrixMulAddKHR %2108, %2126, %2133 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             spirv.Store %32, %2134
// OUT:             %2135 = spirv.Constant 16 : i32
// OUT:             %2136 = spirv.Constant 0 : i32
// OUT:             %2137 = spirv.IAdd %46, %2136 : i32
// OUT:             %2138 = spirv.IMul %2137, %55 : i32
// OUT:             %2139 = spirv.IAdd %2138, %2135 : i32
// OUT:             %2140 = spirv.IAdd %2139, %1159 : i32
// OUT:             %2141 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:             %2142 = spirv.AccessChain %2141, %2140 : ptr<f16, Workgroup>
// OUT:             %2143 = spirv.Constant 0 : u32
// OUT:             %2144 = spirv.CooperativeMatrixLoadKHR %2142, %2143, %55 : coopmatrix<16 x 16 x f16, Subgroup, MatrixAKHR>
// OUT:             %2145 = spirv.Constant 16 : i32
// OUT:             %2146 = spirv.IAdd %46, %2145 : i32
// OUT:             %2147 = spirv.IMul %2146, %55 : i32
// OUT:             %2148 = spirv.IAdd %2147, %2135 : i32
// OUT:             %2149 = spirv.IAdd %2148, %1159 : i32
// OUT:             %2150 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:             %2151 = spirv.AccessChain %2150, %2149 : ptr<f16, Workgroup>
// OUT:             %2152 = spirv.Constant 0 : u32
// OUT:             %2153 = spirv.CooperativeMatrixLoadKHR %2151, %2152, %55 : coopmatrix<16 x 16 x f16, Subgroup, MatrixAKHR>
// OUT:             %2154 = spirv.Constant 0 : i32
// OUT:             %2155 = spirv.IAdd %47, %2154 : i32
// OUT:             %2156 = spirv.IMul %2135, %56 : i32
// OUT:             %2157 = spirv.IAdd %2156, %2155 : i32
// OUT:             %2158 = spirv.IAdd %2157, %1160 : i32
// OUT:             %2159 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:             %2160 = spirv.AccessChain %2159, %2158 : ptr<f16, Workgroup>
// OUT:             %2161 = spirv.Constant 0 : u32
// OUT:             %2162 = spirv.CooperativeMatrixLoadKHR %2160, %2161, %56 : coopmatrix<16 x 16 x f16, Subgroup, MatrixBKHR>
// OUT:             %2163 = spirv.Constant 16 : i32
// OUT:             %2164 = spirv.IAdd %47, %2163 : i32
// OUT:             %2165 = spirv.IMul %2135, %56 : i32
// OUT:             %2166 = spirv.IAdd %2165, %2164 : i32
// OUT:             %2167 = spirv.IAdd %2166, %1160 : i32
// OUT:             %2168 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:             %2169 = spirv.AccessChain %2168, %2167 : ptr<f16, Workgroup>
// OUT:             %2170 = spirv.Constant 0 : u32
// OUT:             %2171 = spirv.CooperativeMatrixLoadKHR %2169, %2170, %56 : coopmatrix<16 x 16 x f16, Subgroup, MatrixBKHR>
// OUT:             %2172 = spirv.Load %29 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             %2173 = spirv.CooperativeMatrixMulAddKHR %2144, %2162, %2172 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             spirv.Store %29, %2173
// OUT:             %2174 = spirv.Load %30 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             %2175 = spirv.CooperativeMatrixMulAddKHR %2144, %2171, %2174 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             spirv.Store %30, %2175
// OUT:             %2176 = spirv.Load %31 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             %2177 = spirv.CooperativeMatrixMulAddKHR %2153, %2162, %2176 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             spirv.Store %31, %2177
// OUT:             %2178 = spirv.Load %32 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             %2179 = spirv.CooperativeMatrixMulAddKHR %2153, %2171, %2178 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             spirv.Store %32, %2179
// OUT:             %2180 = spirv.ISub %58, %1156 : i32
// OUT:             %2181 = spirv.Constant 2560 : i32
// OUT:             %2182 = spirv.Constant 2304 : i32
// OUT:             %2183 = spirv.IMul %2180, %2181 : i32
// OUT:             %2184 = spirv.IMul %2180, %2182 : i32
// OUT:             %2185 = spirv.IMul %1165, %55 : i32
// OUT:             %2186 = spirv.IAdd %2185, %1168 : i32
// OUT:             %2187 = spirv.IAdd %2186, %2183 : i32
// OUT:             %2188 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:             %2189 = spirv.AccessChain %2188, %2187 : ptr<f16, Workgroup>
// OUT:             spirv.Store %2189, %1190
// OUT:             %2190 = spirv.IMul %1194, %55 : i32
// OUT:             %2191 = spirv.IAdd %2190, %1197 : i32
// OUT:             %2192 = spirv.IAdd %2191, %2183 : i32
// OUT:             %2193 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:             %2194 = spirv.AccessChain %2193, %2192 : ptr<f16, Workgroup>
// OUT:             spirv.Store %2194, %1219
// OUT:             %2195 = spirv.IMul %1223, %55 : i32
// OUT:             %2196 = spirv.IAdd %2195, %1226 : i32
// OUT:             %2197 = spirv.IAdd %2196, %2183 : i32
// OUT:             %2198 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:             %2199 = spirv.AccessChain %2198, %2197 : ptr<f16, Workgroup>
// OUT:             spirv.Store %2199, %1248
// OUT:             %2200 = spirv.IMul %1252, %55 : i32
// OUT:             %2201 = spirv.IAdd %2200, %1255 : i32
// OUT:             %2202 = spirv.IAdd %2201, %2183 : i32
// OUT:             %2203 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:             %2204 = spirv.AccessChain %2203, %2202 : ptr<f16, Workgroup>
// OUT:             spirv.Store %2204, %1277
// OUT:             %2205 = spirv.IMul %1281, %55 : i32
// OUT:             %2206 = spirv.IAdd %2205, %1284 : i32
// OUT:             %2207 = spirv.IAdd %2206, %2183 : i32
// OUT:             %2208 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:             %2209 = spirv.AccessChain %2208, %2207 : ptr<f16, Workgroup>
// OUT:             spirv.Store %2209, %1306
// OUT:             %2210 = spirv.IMul %1310, %55 : i32
// OUT:             %2211 = spirv.IAdd %2210, %1313 : i32
// OUT:             %2212 = spirv.IAdd %2211, %2183 : i32
// OUT:             %2213 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:             %2214 = spirv.AccessChain %2213, %2212 : ptr<f16, Workgroup>
// OUT:             spirv.Store %2214, %1335
// OUT:             %2215 = spirv.IMul %1339, %55 : i32
// OUT:             %2216 = spirv.IAdd %2215, %1342 : i32
// OUT:             %2217 = spirv.IAdd %2216, %2183 : i32
// OUT:             %2218 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:             %2219 = spirv.AccessChain %2218, %2217 : ptr<f16, Workgroup>
// OUT:             spirv.Store %2219, %1364
// OUT:             %2220 = spirv.IMul %1368, %55 : i32
// OUT:             %2221 = spirv.IAdd %2220, %1371 : i32
// OUT:             %2222 = spirv.IAdd %2221, %2183 : i32
// OUT:             %2223 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:             %2224 = spirv.AccessChain %2223, %2222 : ptr<f16, Workgroup>
// OUT:             spirv.Store %2224, %1393
// OUT:             %2225 = spirv.IMul %1397, %55 : i32
// OUT:             %2226 = spirv.IAdd %2225, %1400 : i32
// OUT:             %2227 = spirv.IAdd %2226, %2183 : i32
// OUT:             %2228 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:             %2229 = spirv.AccessChain %2228, %2227 : ptr<f16, Workgroup>
// OUT:             spirv.Store %2229, %1422
// OUT:             %2230 = spirv.IMul %1426, %55 : i32
// OUT:             %2231 = spirv.IAdd %2230, %1429 : i32
// OUT:             %2232 = spirv.IAdd %2231, %2183 : i32
// OUT:             %2233 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:             %2234 = spirv.AccessChain %2233, %2232 : ptr<f16, Workgroup>
// OUT:             spirv.Store %2234, %1451
// OUT:             %2235 = spirv.IMul %1455, %55 : i32
// OUT:             %2236 = spirv.IAdd %2235, %1458 : i32
// OUT:             %2237 = spirv.IAdd %2236, %2183 : i32
// OUT:             %2238 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:             %2239 = spirv.AccessChain %2238, %2237 : ptr<f16, Workgroup>
// OUT:             spirv.Store %2239, %1480
// OUT:             %2240 = spirv.IMul %1484, %55 : i32
// OUT:             %2241 = spirv.IAdd %2240, %1487 : i32
// OUT:             %2242 = spirv.IAdd %2241, %2183 : i32
// OUT:             %2243 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:             %2244 = spirv.AccessChain %2243, %2242 : ptr<f16, Workgroup>
// OUT:             spirv.Store %2244, %1509
// OUT:             %2245 = spirv.IMul %1513, %55 : i32
// OUT:             %2246 = spirv.IAdd %2245, %1516 : i32
// OUT:             %2247 = spirv.IAdd %2246, %2183 : i32
// OUT:             %2248 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:             %2249 = spirv.AccessChain %2248, %2247 : ptr<f16, Workgroup>
// OUT:             spirv.Store %2249, %1538
// OUT:             %2250 = spirv.IMul %1542, %55 : i32
// OUT:             %2251 = spirv.IAdd %2250, %1545 : i32
// OUT:             %2252 = spirv.IAdd %2251, %2183 : i32
// OUT:             %2253 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:             %2254 = spirv.AccessChain %2253, %2252 : ptr<f16, Workgroup>
// OUT:             spirv.Store %2254, %1567
// OUT:             %2255 = spirv.IMul %1571, %55 : i32
// OUT:             %2256 = spirv.IAdd %2255, %1574 : i32
// OUT:             %2257 = spirv.IAdd %2256, %2183 : i32
// OUT:             %2258 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:             %2259 = spirv.AccessChain %2258, %2257 : ptr<f16, Workgroup>
// OUT:             spirv.Store %2259, %1596
// OUT:             %2260 = spirv.IMul %1600, %55 : i32
// OUT:             %2261 = spirv.IAdd %2260, %1603 : i32
// OUT:             %2262 = spirv.IAdd %2261, %2183 : i32
// OUT:             %2263 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:             %2264 = spirv.AccessChain %2263, %2262 : ptr<f16, Workgroup>
// OUT:             spirv.Store %2264, %1625
// OUT:             %2265 = spirv.IMul %1629, %56 : i32
// OUT:             %2266 = spirv.IAdd %2265, %1632 : i32
// OUT:             %2267 = spirv.IAdd %2266, %2184 : i32
// OUT:             %2268 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:             %2269 = spirv.AccessChain %2268, %2267 : ptr<f16, Workgroup>
// OUT:             spirv.Store %2269, %1654
// OUT:             %2270 = spirv.IMul %1658, %56 : i32
// OUT:             %2271 = spirv.IAdd %2270, %1661 : i32
// OUT:             %2272 = spirv.IAdd %2271, %2184 : i32
// OUT:             %2273 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:             %2274 = spirv.AccessChain %2273, %2272 : ptr<f16, Workgroup>
// OUT:             spirv.Store %2274, %1683
// OUT:             %2275 = spirv.IMul %1687, %56 : i32
// OUT:             %2276 = spirv.IAdd %2275, %1690 : i32
// OUT:             %2277 = spirv.IAdd %2276, %2184 : i32
// OUT:             %2278 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:             %2279 = spirv.AccessChain %2278, %2277 : ptr<f16, Workgroup>
// OUT:             spirv.Store %2279, %1712
// OUT:             %2280 = spirv.IMul %1716, %56 : i32
// OUT:             %2281 = spirv.IAdd %2280, %1719 : i32
// OUT:             %2282 = spirv.IAdd %2281, %2184 : i32
// OUT:             %2283 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:             %2284 = spirv.AccessChain %2283, %2282 : ptr<f16, Workgroup>
// OUT:             spirv.Store %2284, %1741
// OUT:             %2285 = spirv.IMul %1745, %56 : i32
// OUT:             %2286 = spirv.IAdd %2285, %1748 : i32
// OUT:             %2287 = spirv.IAdd %2286, %2184 : i32
// OUT:             %2288 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:             %2289 = spirv.AccessChain %2288, %2287 : ptr<f16, Workgroup>
// OUT:             spirv.Store %2289, %1770
// OUT:             %2290 = spirv.IMul %1774, %56 : i32
// OUT:             %2291 = spirv.IAdd %2290, %1777 : i32
// OUT:             %2292 = spirv.IAdd %2291, %2184 : i32
// OUT:             %2293 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:             %2294 = spirv.AccessChain %2293, %2292 : ptr<f16, Workgroup>
// OUT:             spirv.Store %2294, %1799
// OUT:             %2295 = spirv.IMul %1803, %56 : i32
// OUT:             %2296 = spirv.IAdd %2295, %1806 : i32
// OUT:             %2297 = spirv.IAdd %2296, %2184 : i32
// OUT:             %2298 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:             %2299 = spirv.AccessChain %2298, %2297 : ptr<f16, Workgroup>
// OUT:             spirv.Store %2299, %1828
// OUT:             %2300 = spirv.IMul %1832, %56 : i32
// OUT:             %2301 = spirv.IAdd %2300, %1835 : i32
// OUT:             %2302 = spirv.IAdd %2301, %2184 : i32
// OUT:             %2303 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:             %2304 = spirv.AccessChain %2303, %2302 : ptr<f16, Workgroup>
// OUT:             spirv.Store %2304, %1857
// OUT:             %2305 = spirv.IMul %1861, %56 : i32
// OUT:             %2306 = spirv.IAdd %2305, %1864 : i32
// OUT:             %2307 = spirv.IAdd %2306, %2184 : i32
// OUT:             %2308 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:             %2309 = spirv.AccessChain %2308, %2307 : ptr<f16, Workgroup>
// OUT:             spirv.Store %2309, %1886
// OUT:             %2310 = spirv.IMul %1890, %56 : i32
// OUT:             %2311 = spirv.IAdd %2310, %1893 : i32
// OUT:             %2312 = spirv.IAdd %2311, %2184 : i32
// OUT:             %2313 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:             %2314 = spirv.AccessChain %2313, %2312 : ptr<f16, Workgroup>
// OUT:             spirv.Store %2314, %1915
// OUT:             %2315 = spirv.IMul %1919, %56 : i32
// OUT:             %2316 = spirv.IAdd %2315, %1922 : i32
// OUT:             %2317 = spirv.IAdd %2316, %2184 : i32
// OUT:             %2318 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:             %2319 = spirv.AccessChain %2318, %2317 : ptr<f16, Workgroup>
// OUT:             spirv.Store %2319, %1944
// OUT:             %2320 = spirv.IMul %1948, %56 : i32
// OUT:             %2321 = spirv.IAdd %2320, %1951 : i32
// OUT:             %2322 = spirv.IAdd %2321, %2184 : i32
// OUT:             %2323 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:             %2324 = spirv.AccessChain %2323, %2322 : ptr<f16, Workgroup>
// OUT:             spirv.Store %2324, %1973
// OUT:             %2325 = spirv.IMul %1977, %56 : i32
// OUT:             %2326 = spirv.IAdd %2325, %1980 : i32
// OUT:             %2327 = spirv.IAdd %2326, %2184 : i32
// OUT:             %2328 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:             %2329 = spirv.AccessChain %2328, %2327 : ptr<f16, Workgroup>
// OUT:             spirv.Store %2329, %2002
// OUT:             %2330 = spirv.IMul %2006, %56 : i32
// OUT:             %2331 = spirv.IAdd %2330, %2009 : i32
// OUT:             %2332 = spirv.IAdd %2331, %2184 : i32
// OUT:             %2333 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:             %2334 = spirv.AccessChain %2333, %2332 : ptr<f16, Workgroup>
// OUT:             spirv.Store %2334, %2031
// OUT:             %2335 = spirv.IMul %2035, %56 : i32
// OUT:             %2336 = spirv.IAdd %2335, %2038 : i32
// OUT:             %2337 = spirv.IAdd %2336, %2184 : i32
// OUT:             %2338 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:             %2339 = spirv.AccessChain %2338, %2337 : ptr<f16, Workgroup>
// OUT:             spirv.Store %2339, %2060
// OUT:             %2340 = spirv.IMul %2064, %56 : i32
// OUT:             %2341 = spirv.IAdd %2340, %2067 : i32
// OUT:             %2342 = spirv.IAdd %2341, %2184 : i32
// OUT:             %2343 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:             %2344 = spirv.AccessChain %2343, %2342 : ptr<f16, Workgroup>
// OUT:             spirv.Store %2344, %2089
// OUT:             spirv.ControlBarrier scope<Workgroup>, scope<Workgroup>, semantics<ACQUIRE_RELEASE|WORKGROUP_MEMORY>
// OUT:             spirv.Branch ^bb7(%1153)
// OUT:           ^bb7(%2345: i32):
// OUT:             %2346 = spirv.IAdd %2345, %60 : i32
// OUT:             spirv.Branch ^bb5(%2346)
// OUT:           ^bb8:
// OUT:             spirv.mlir.merge
// OUT:         }
// OUT:         %2347 = spirv.Constant 20 : i32
// OUT:         %2348 = spirv.Constant 16 : i32
// OUT:         %2349 = spirv.Load %29 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:         %2350 = spirv.mlir.addressof @result_scratch : ptr<array<1280 x f32>, Workgroup>
// OUT:         %2351 = spirv.AccessChain %2350, %45 : ptr<f32, Workgroup>
// OUT:         %2352 = spirv.Constant 0 : u32
// OUT:         spirv.CooperativeMatrixStoreKHR %2351, %2349, %2352, %2347
// OUT:         spirv.ControlBarrier scope<Workgroup>, scope<Workgroup>, semantics<ACQUIRE_RELEASE|WORKGROUP_MEMORY>
// OUT:         %2353 = spirv.Constant 0 : i32
// OUT:         %2354 = spirv.Constant 0 : i32
// OUT:         %2355 = spirv.IAdd %46, %2353 : i32
// OUT:         %2356 = spirv.IAdd %53, %2355 : i32
// OUT:         %2357 = spirv.IAdd %47, %2354 : i32
// OUT:         %2358 = spirv.IAdd %54, %2357 : i32
// OUT:         %2359 = spirv.Constant 256 : i32
// OUT:         %2360 = spirv.Constant 32 : i32
// OUT:         spirv.mlir.loop {
// OUT:           ^bb9:
// OUT:             spirv.Branch ^bb10(%38)
// OUT:           ^bb10(%2361: i32):
// OUT:             %2362 = spirv.SLessThan %2361, %2359 : bool
// OUT:             spirv.BranchConditional %2362, ^bb11, ^bb13
// OUT:           ^bb11:
// OUT:             %2363 = spirv.SDiv %2361, %2348 : i32
// OUT:             %2364 = spirv.SRem %2361, %2348 : i32
// OUT:             %2365 = spirv.IAdd %2356, %2363 : i32
// OUT:             %2366 = spirv.IAdd %2358, %2364 : i32
// OUT:             %2367 = spirv.SLessThan %2365, %48 : bool
// OUT:             %2368 = spirv.SLessThan %2366, %49 : bool
// OUT:             %2369 = spirv.LogicalAnd %2367, %2368 : bool
// OUT:             spirv.mlir.selection {
// OUT:               ^bb14:
// OUT:                 spirv.BranchConditional %2369, ^bb15, ^bb16
// OUT:               ^bb15:
// OUT:                 %2370 = spirv.Constant 0 : i32
// OUT:                 %2371 = spirv.IMul %2363, %2347 : i32
// OUT:                 %2372 = spirv.IAdd %2371, %2364 : i32
// OUT:                 %2373 = spirv.IAdd %2372, %45 : i32
// OUT:                 %2374 = spirv.mlir.addressof @result_scratch : ptr<array<1280 x f32>, Workgroup>
// OUT:                 %2375 = spirv.AccessChain %2374, %2373 : ptr<f32, Workgroup>
// OUT:                 %2376 = spirv.Load %2375 : f32
// OUT:                 %2377 = spirv.Constant 0.0 : f32
// OUT:                 %2378 = spirv.FAdd %2377, %2376 : f32
// OUT:                 %2379 = spirv.Constant 0 : i32
// OUT:                 %2380 = spirv.mlir.addressof @input2 : ptr<struct<(rtarray<f32, stride=4> offset(0)), Block>, StorageBuffer>
// OUT:                 %2381 = spirv.Constant 0 : i32
// OUT:                 %2382 = spirv.AccessChain %2380, %2381, %2366 : ptr<f32, StorageBuffer>
// OUT:                 %2383 = spirv.Load %2382 : f32
// OUT:                 %2384 = spirv.FAdd %2378, %2383 : f32
// OUT:                 %2385 = spirv.GL.FMax %2384, %2377 : f32
// OUT:                 %2386 = spirv.Constant 0 : i32
// OUT:                 %2387 = spirv.Constant 33 : i32
// OUT:                 %2388 = spirv.IMul %2365, %2387 : i32
// OUT:                 %2389 = spirv.IAdd %2388, %2366 : i32
// OUT:                 %2390 = spirv.mlir.addressof @output0 : ptr<struct<(rtarray<f32, stride=4> offset(0)), Block>, StorageBuffer>
// OUT:                 %2391 = spirv.Constant 0 : i32
// OUT:                 %2392 = spirv.AccessChain %2390, %2391, %2389 : ptr<f32, StorageBuffer>
// OUT:                 spirv.Store %2392, %2385
// OUT:                 spirv.Branch ^bb16
// OUT:               ^bb16:
// OUT:                 spirv.mlir.merge
// OUT:             }
// OUT:             spirv.Branch ^bb12(%2361)
// OUT:           ^bb12(%2393: i32):
// OUT:             %2394 = spirv.IAdd %2393, %2360 : i32
// OUT:             spirv.Branch ^bb10(%2394)
// OUT:           ^bb13:
// OUT:             spirv.mlir.merge
// OUT:         }
// OUT:         spirv.ControlBarrier scope<Workgroup>, scope<Workgroup>, semantics<ACQUIRE_RELEASE|WORKGROUP_MEMORY>
// OUT:         %2395 = spirv.Load %30 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:         %2396 = spirv.mlir.addressof @result_scratch : ptr<array<1280 x f32>, Workgroup>
// OUT:         %2397 = spirv.AccessChain %2396, %45 : ptr<f32, Workgroup>
// OUT:         %2398 = spirv.Constant 0 : u32
// OUT:         spirv.CooperativeMatrixStoreKHR %2397, %2395, %2398, %2347
// OUT:         spirv.ControlBarrier scope<Workgroup>, scope<Workgroup>, semantics<ACQUIRE_RELEASE|WORKGROUP_MEMORY>
// OUT:         %2399 = spirv.Constant 0 : i32
// OUT:         %2400 = spirv.Constant 16 : i32
// OUT:         %2401 = spirv.IAdd %46, %2399 : i32
// OUT:         %2402 = spirv.IAdd %53, %2401 : i32
// OUT:         %2403 = spirv.IAdd %47, %2400 : i32
// OUT:         %2404 = spirv.IAdd %54, %2403 : i32
// OUT:         %2405 = spirv.Constant 256 : i32
// OUT:         %2406 = spirv.Constant 32 : i32
// OUT:         spirv.mlir.loop {
// OUT:           ^bb17:
// OUT:             spirv.Branch ^bb18(%38)
// OUT:           ^bb18(%2407: i32):
// OUT:             %2408 = spirv.SLessThan %2407, %2405 : bool
// OUT:             spirv.BranchConditional %2408, ^bb19, ^bb21
// OUT:           ^bb19:
// OUT:             %2409 = spirv.SDiv %2407, %2348 : i32
// OUT:             %2410 = spirv.SRem %2407, %2348 : i32
// OUT:             %2411 = spirv.IAdd %2402, %2409 : i32
// OUT:             %2412 = spirv.IAdd %2404, %2410 : i32
// OUT:             %2413 = spirv.SLessThan %2411, %48 : bool
// OUT:             %2414 = spirv.SLessThan %2412, %49 : bool
// OUT:             %2415 = spirv.LogicalAnd %2413, %2414 : bool
// OUT:             spirv.mlir.selection {
// OUT:               ^bb22:
// OUT:                 spirv.BranchConditional %2415, ^bb23, ^bb24
// OUT:               ^bb23:
// OUT:                 %2416 = spirv.Constant 0 : i32
// OUT:                 %2417 = spirv.IMul %2409, %2347 : i32
// OUT:                 %2418 = spirv.IAdd %2417, %2410 : i32
// OUT:                 %2419 = spirv.IAdd %2418, %45 : i32
// OUT:                 %2420 = spirv.mlir.addressof @result_scratch : ptr<array<1280 x f32>, Workgroup>
// OUT:                 %2421 = spirv.AccessChain %2420, %2419 : ptr<f32, Workgroup>
// OUT:                 %2422 = spirv.Load %2421 : f32
// OUT:                 %2423 = spirv.Constant 0.0 : f32
// OUT:                 %2424 = spirv.FAdd %2423, %2422 : f32
// OUT:                 %2425 = spirv.Constant 0 : i32
// OUT:                 %2426 = spirv.mlir.addressof @input2 : ptr<struct<(rtarray<f32, stride=4> offset(0)), Block>, StorageBuffer>
// OUT:                 %2427 = spirv.Constant 0 : i32
// OUT:                 %2428 = spirv.AccessChain %2426, %2427, %2412 : ptr<f32, StorageBuffer>
// OUT:                 %2429 = spirv.Load %2428 : f32
// OUT:                 %2430 = spirv.FAdd %2424, %2429 : f32
// OUT:                 %2431 = spirv.GL.FMax %2430, %2423 : f32
// OUT:                 %2432 = spirv.Constant 0 : i32
// OUT:                 %2433 = spirv.Constant 33 : i32
// OUT:                 %2434 = spirv.IMul %2411, %2433 : i32
// OUT:                 %2435 = spirv.IAdd %2434, %2412 : i32
// OUT:                 %2436 = spirv.mlir.addressof @output0 : ptr<struct<(rtarray<f32, stride=4> offset(0)), Block>, StorageBuffer>
// OUT:                 %2437 = spirv.Constant 0 : i32
// OUT:                 %2438 = spirv.AccessChain %2436, %2437, %2435 : ptr<f32, StorageBuffer>
// OUT:                 spirv.Store %2438, %2431
// OUT:                 spirv.Branch ^bb24
// OUT:               ^bb24:
// OUT:                 spirv.mlir.merge
// OUT:             }
// OUT:             spirv.Branch ^bb20(%2407)
// OUT:           ^bb20(%2439: i32):
// OUT:             %2440 = spirv.IAdd %2439, %2406 : i32
// OUT:             spirv.Branch ^bb18(%2440)
// OUT:           ^bb21:
// OUT:             spirv.mlir.merge
// OUT:         }
// OUT:         spirv.ControlBarrier scope<Workgroup>, scope<Workgroup>, semantics<ACQUIRE_RELEASE|WORKGROUP_MEMORY>
// OUT:         %2441 = spirv.Load %31 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:         %2442 = spirv.mlir.addressof @result_scratch : ptr<array<1280 x f32>, Workgroup>
// OUT:         %2443 = spirv.AccessChain %2442, %45 : ptr<f32, Workgroup>
// OUT:         %2444 = spirv.Constant 0 : u32
// OUT:         spirv.CooperativeMatrixStoreKHR %2443, %2441, %2444, %2347
// OUT:         spirv.ControlBarrier scope<Workgroup>, scope<Workgroup>, semantics<ACQUIRE_RELEASE|WORKGROUP_MEMORY>
// OUT:         %2445 = spirv.Constant 16 : i32
// OUT:         %2446 = spirv.Constant 0 : i32
// OUT:         %2447 = spirv.IAdd %46, %2445 : i32
// OUT:         %2448 = spirv.IAdd %53, %2447 : i32
// OUT:         %2449 = spirv.IAdd %47, %2446 : i32
// OUT:         %2450 = spirv.IAdd %54, %2449 : i32
// OUT:         %2451 = spirv.Constant 256 : i32
// OUT:         %2452 = spirv.Constant 32 : i32
// OUT:         spirv.mlir.loop {
// OUT:           ^bb25:
// OUT:             spirv.Branch ^bb26(%38)
// OUT:           ^bb26(%2453: i32):
// OUT:             %2454 = spirv.SLessThan %2453, %2451 : bool
// OUT:             spirv.BranchConditional %2454, ^bb27, ^bb29
// OUT:           ^bb27:
// OUT:             %2455 = spirv.SDiv %2453, %2348 : i32
// OUT:             %2456 = spirv.SRem %2453, %2348 : i32
// OUT:             %2457 = spirv.IAdd %2448, %2455 : i32
// OUT:             %2458 = spirv.IAdd %2450, %2456 : i32
// OUT:             %2459 = spirv.SLessThan %2457, %48 : bool
// OUT:             %2460 = spirv.SLessThan %2458, %49 : bool
// OUT:             %2461 = spirv.LogicalAnd %2459, %2460 : bool
// OUT:             spirv.mlir.selection {
// OUT:               ^bb30:
// OUT:                 spirv.BranchConditional %2461, ^bb31, ^bb32
// OUT:               ^bb31:
// OUT:                 %2462 = spirv.Constant 0 : i32
// OUT:                 %2463 = spirv.IMul %2455, %2347 : i32
// OUT:                 %2464 = spirv.IAdd %2463, %2456 : i32
// OUT:                 %2465 = spirv.IAdd %2464, %45 : i32
// OUT:                 %2466 = spirv.mlir.addressof @result_scratch : ptr<array<1280 x f32>, Workgroup>
// OUT:                 %2467 = spirv.AccessChain %2466, %2465 : ptr<f32, Workgroup>
// OUT:                 %2468 = spirv.Load %2467 : f32
// OUT:                 %2469 = spirv.Constant 0.0 : f32
// OUT:                 %2470 = spirv.FAdd %2469, %2468 : f32
// OUT:                 %2471 = spirv.Constant 0 : i32
// OUT:                 %2472 = spirv.mlir.addressof @input2 : ptr<struct<(rtarray<f32, stride=4> offset(0)), Block>, StorageBuffer>
// OUT:                 %2473 = spirv.Constant 0 : i32
// OUT:                 %2474 = spirv.AccessChain %2472, %2473, %2458 : ptr<f32, StorageBuffer>
// OUT:                 %2475 = spirv.Load %2474 : f32
// OUT:                 %2476 = spirv.FAdd %2470, %2475 : f32
// OUT:                 %2477 = spirv.GL.FMax %2476, %2469 : f32
// OUT:                 %2478 = spirv.Constant 0 : i32
// OUT:                 %2479 = spirv.Constant 33 : i32
// OUT:                 %2480 = spirv.IMul %2457, %2479 : i32
// OUT:                 %2481 = spirv.IAdd %2480, %2458 : i32
// OUT:                 %2482 = spirv.mlir.addressof @output0 : ptr<struct<(rtarray<f32, stride=4> offset(0)), Block>, StorageBuffer>
// OUT:                 %2483 = spirv.Constant 0 : i32
// OUT:                 %2484 = spirv.AccessChain %2482, %2483, %2481 : ptr<f32, StorageBuffer>
// OUT:                 spirv.Store %2484, %2477
// OUT:                 spirv.Branch ^bb32
// OUT:               ^bb32:
// OUT:                 spirv.mlir.merge
// OUT:             }
// OUT:             spirv.Branch ^bb28(%2453)
// OUT:           ^bb28(%2485: i32):
// OUT:             %2486 = spirv.IAdd %2485, %2452 : i32
// OUT:             spirv.Branch ^bb26(%2486)
// OUT:           ^bb29:
// OUT:             spirv.mlir.merge
// OUT:         }
// OUT:         spirv.ControlBarrier scope<Workgroup>, scope<Workgroup>, semantics<ACQUIRE_RELEASE|WORKGROUP_MEMORY>
// OUT:         %2487 = spirv.Load %32 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:         %2488 = spirv.mlir.addressof @result_scratch : ptr<array<1280 x f32>, Workgroup>
// OUT:         %2489 = spirv.AccessChain %2488, %45 : ptr<f32, Workgroup>
// OUT:         %2490 = spirv.Constant 0 : u32
// OUT:         spirv.CooperativeMatrixStoreKHR %2489, %2487, %2490, %2347
// OUT:         spirv.ControlBarrier scope<Workgroup>, scope<Workgroup>, semantics<ACQUIRE_RELEASE|WORKGROUP_MEMORY>
// OUT:         %2491 = spirv.Constant 16 : i32
// OUT:         %2492 = spirv.Constant 16 : i32
// OUT:         %2493 = spirv.IAdd %46, %2491 : i32
// OUT:         %2494 = spirv.IAdd %53, %2493 : i32
// OUT:         %2495 = spirv.IAdd %47, %2492 : i32
// OUT:         %2496 = spirv.IAdd %54, %2495 : i32
// OUT:         %2497 = spirv.Constant 256 : i32
// OUT:         %2498 = spirv.Constant 32 : i32
// OUT:         spirv.mlir.loop {
// OUT:           ^bb33:
// OUT:             spirv.Branch ^bb34(%38)
// OUT:           ^bb34(%2499: i32):
// OUT:             %2500 = spirv.SLessThan %2499, %2497 : bool
// OUT:             spirv.BranchConditional %2500, ^bb35, ^bb37
// OUT:           ^bb35:
// OUT:             %2501 = spirv.SDiv %2499, %2348 : i32
// OUT:             %2502 = spirv.SRem %2499, %2348 : i32
// OUT:             %2503 = spirv.IAdd %2494, %2501 : i32
// OUT:             %2504 = spirv.IAdd %2496, %2502 : i32
// OUT:             %2505 = spirv.SLessThan %2503, %48 : bool
// OUT:             %2506 = spirv.SLessThan %2504, %49 : bool
// OUT:             %2507 = spirv.LogicalAnd %2505, %2506 : bool
// OUT:             spirv.mlir.selection {
// OUT:               ^bb38:
// OUT:                 spirv.BranchConditional %2507, ^bb39, ^bb40
// OUT:               ^bb39:
// OUT:                 %2508 = spirv.Constant 0 : i32
// OUT:                 %2509 = spirv.IMul %2501, %2347 : i32
// OUT:                 %2510 = spirv.IAdd %2509, %2502 : i32
// OUT:                 %2511 = spirv.IAdd %2510, %45 : i32
// OUT:                 %2512 = spirv.mlir.addressof @result_scratch : ptr<array<1280 x f32>, Workgroup>
// OUT:                 %2513 = spirv.AccessChain %2512, %2511 : ptr<f32, Workgroup>
// OUT:                 %2514 = spirv.Load %2513 : f32
// OUT:                 %2515 = spirv.Constant 0.0 : f32
// OUT:                 %2516 = spirv.FAdd %2515, %2514 : f32
// OUT:                 %2517 = spirv.Constant 0 : i32
// OUT:                 %2518 = spirv.mlir.addressof @input2 : ptr<struct<(rtarray<f32, stride=4> offset(0)), Block>, StorageBuffer>
// OUT:                 %2519 = spirv.Constant 0 : i32
// OUT:                 %2520 = spirv.AccessChain %2518, %2519, %2504 : ptr<f32, StorageBuffer>
// OUT:                 %2521 = spirv.Load %2520 : f32
// OUT:                 %2522 = spirv.FAdd %2516, %2521 : f32
// OUT:                 %2523 = spirv.GL.FMax %2522, %2515 : f32
// OUT:                 %2524 = spirv.Constant 0 : i32
// OUT:                 %2525 = spirv.Constant 33 : i32
// OUT:                 %2526 = spirv.IMul %2503, %2525 : i32
// OUT:                 %2527 = spirv.IAdd %2526, %2504 : i32
// OUT:                 %2528 = spirv.mlir.addressof @output0 : ptr<struct<(rtarray<f32, stride=4> offset(0)), Block>, StorageBuffer>
// OUT:                 %2529 = spirv.Constant 0 : i32
// OUT:                 %2530 = spirv.AccessChain %2528, %2529, %2527 : ptr<f32, StorageBuffer>
// OUT:                 spirv.Store %2530, %2523
// OUT:                 spirv.Branch ^bb40
// OUT:               ^bb40:
// OUT:                 spirv.mlir.merge
// OUT:             }
// OUT:             spirv.Branch ^bb36(%2499)
// OUT:           ^bb36(%2531: i32):
// OUT:             %2532 = spirv.IAdd %2531, %2498 : i32
// OUT:             spirv.Branch ^bb34(%2532)
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

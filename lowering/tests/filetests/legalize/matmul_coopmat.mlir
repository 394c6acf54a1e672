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
// OUT:         %55 = spirv.Constant 0 : i32
// OUT:         %56 = spirv.Constant 40 : i32
// OUT:         %57 = spirv.Constant 72 : i32
// OUT:         %58 = spirv.Constant 0 : i32
// OUT:         %59 = spirv.Constant 1 : i32
// OUT:         %60 = spirv.Constant 2 : i32
// OUT:         %61 = spirv.Constant 32 : i32
// OUT:         %62 = spirv.Constant 0 : i32
// OUT:         %63 = spirv.IAdd %26, %62 : i32
// OUT:         %64 = spirv.Constant 32 : i32
// OUT:         %65 = spirv.SDiv %63, %64 : i32
// OUT:         %66 = spirv.SRem %63, %64 : i32
// OUT:         %67 = spirv.Constant 1 : i32
// OUT:         %68 = spirv.IMul %66, %67 : i32
// OUT:         %69 = spirv.IAdd %53, %65 : i32
// OUT:         %70 = spirv.IAdd %58, %68 : i32
// OUT:         %71 = spirv.SLessThan %69, %48 : bool
// OUT:         %72 = spirv.SLessThan %70, %50 : bool
// OUT:         %73 = spirv.LogicalAnd %71, %72 : bool
// OUT:         %74 = spirv.Constant 1 : i32
// OUT:         %75 = spirv.ISub %48, %74 : i32
// OUT:         %76 = spirv.ISub %50, %74 : i32
// OUT:         %77 = spirv.GL.SMin %69, %75 : i32
// OUT:         %78 = spirv.GL.SMin %70, %76 : i32
// OUT:         %79 = spirv.Constant 0 : i32
// OUT:         %80 = spirv.Constant 0 : i32
// OUT:         %81 = spirv.Constant 0 : i32
// OUT:         %82 = spirv.Constant 70 : i32
// OUT:         %83 = spirv.IMul %77, %82 : i32
// OUT:         %84 = spirv.IAdd %83, %78 : i32
// OUT:         %85 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %86 = spirv.Constant 0 : i32
// OUT:         %87 = spirv.AccessChain %85, %86, %84 : ptr<f16, StorageBuffer>
// OUT:         %88 = spirv.Load %87 : f16
// OUT:         %89 = spirv.Constant 0x0 : f16
// OUT:         %90 = spirv.Select %73, %88, %89 : f16
// OUT:         %91 = spirv.Constant 128 : i32
// OUT:         %92 = spirv.IAdd %26, %91 : i32
// OUT:         %93 = spirv.Constant 32 : i32
// OUT:         %94 = spirv.SDiv %92, %93 : i32
// OUT:         %95 = spirv.SRem %92, %93 : i32
// OUT:         %96 = spirv.Constant 1 : i32
// OUT:         %97 = spirv.IMul %95, %96 : i32
// OUT:         %98 = spirv.IAdd %53, %94 : i32
// OUT:         %99 = spirv.IAdd %58, %97 : i32
// OUT:         %100 = spirv.SLessThan %98, %48 : bool
// OUT:         %101 = spirv.SLessThan %99, %50 : bool
// OUT:         %102 = spirv.LogicalAnd %100, %101 : bool
// OUT:         %103 = spirv.Constant 1 : i32
// OUT:         %104 = spirv.ISub %48, %103 : i32
// OUT:         %105 = spirv.ISub %50, %103 : i32
// OUT:         %106 = spirv.GL.SMin %98, %104 : i32
// OUT:         %107 = spirv.GL.SMin %99, %105 : i32
// OUT:         %108 = spirv.Constant 0 : i32
// OUT:         %109 = spirv.Constant 0 : i32
// OUT:         %110 = spirv.Constant 0 : i32
// OUT:         %111 = spirv.Constant 70 : i32
// OUT:         %112 = spirv.IMul %106, %111 : i32
// OUT:         %113 = spirv.IAdd %112, %107 : i32
// OUT:         %114 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %115 = spirv.Constant 0 : i32
// OUT:         %116 = spirv.AccessChain %114, %115, %113 : ptr<f16, StorageBuffer>
// OUT:         %117 = spirv.Load %116 : f16
// OUT:         %118 = spirv.Constant 0x0 : f16
// OUT:         %119 = spirv.Select %102, %117, %118 : f16
// OUT:         %120 = spirv.Constant 256 : i32
// OUT:         %121 = spirv.IAdd %26, %120 : i32
// OUT:         %122 = spirv.Constant 32 : i32
// OUT:         %123 = spirv.SDiv %121, %122 : i32
// OUT:         %124 = spirv.SRem %121, %122 : i32
// OUT:         %125 = spirv.Constant 1 : i32
// OUT:         %126 = spirv.IMul %124, %125 : i32
// OUT:         %127 = spirv.IAdd %53, %123 : i32
// OUT:         %128 = spirv.IAdd %58, %126 : i32
// OUT:         %129 = spirv.SLessThan %127, %48 : bool
// OUT:         %130 = spirv.SLessThan %128, %50 : bool
// OUT:         %131 = spirv.LogicalAnd %129, %130 : bool
// OUT:         %132 = spirv.Constant 1 : i32
// OUT:         %133 = spirv.ISub %48, %132 : i32
// OUT:         %134 = spirv.ISub %50, %132 : i32
// OUT:         %135 = spirv.GL.SMin %127, %133 : i32
// OUT:         %136 = spirv.GL.SMin %128, %134 : i32
// OUT:         %137 = spirv.Constant 0 : i32
// OUT:         %138 = spirv.Constant 0 : i32
// OUT:         %139 = spirv.Constant 0 : i32
// OUT:         %140 = spirv.Constant 70 : i32
// OUT:         %141 = spirv.IMul %135, %140 : i32
// OUT:         %142 = spirv.IAdd %141, %136 : i32
// OUT:         %143 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %144 = spirv.Constant 0 : i32
// OUT:         %145 = spirv.AccessChain %143, %144, %142 : ptr<f16, StorageBuffer>
// OUT:         %146 = spirv.Load %145 : f16
// OUT:         %147 = spirv.Constant 0x0 : f16
// OUT:         %148 = spirv.Select %131, %146, %147 : f16
// OUT:         %149 = spirv.Constant 384 : i32
// OUT:         %150 = spirv.IAdd %26, %149 : i32
// OUT:         %151 = spirv.Constant 32 : i32
// OUT:         %152 = spirv.SDiv %150, %151 : i32
// OUT:         %153 = spirv.SRem %150, %151 : i32
// OUT:         %154 = spirv.Constant 1 : i32
// OUT:         %155 = spirv.IMul %153, %154 : i32
// OUT:         %156 = spirv.IAdd %53, %152 : i32
// OUT:         %157 = spirv.IAdd %58, %155 : i32
// OUT:         %158 = spirv.SLessThan %156, %48 : bool
// OUT:         %159 = spirv.SLessThan %157, %50 : bool
// OUT:         %160 = spirv.LogicalAnd %158, %159 : bool
// OUT:         %161 = spirv.Constant 1 : i32
// OUT:         %162 = spirv.ISub %48, %161 : i32
// OUT:         %163 = spirv.ISub %50, %161 : i32
// OUT:         %164 = spirv.GL.SMin %156, %162 : i32
// OUT:         %165 = spirv.GL.SMin %157, %163 : i32
// OUT:         %166 = spirv.Constant 0 : i32
// OUT:         %167 = spirv.Constant 0 : i32
// OUT:         %168 = spirv.Constant 0 : i32
// OUT:         %169 = spirv.Constant 70 : i32
// OUT:         %170 = spirv.IMul %164, %169 : i32
// OUT:         %171 = spirv.IAdd %170, %165 : i32
// OUT:         %172 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %173 = spirv.Constant 0 : i32
// OUT:         %174 = spirv.AccessChain %172, %173, %171 : ptr<f16, StorageBuffer>
// OUT:         %175 = spirv.Load %174 : f16
// OUT:         %176 = spirv.Constant 0x0 : f16
// OUT:         %177 = spirv.Select %160, %175, %176 : f16
// OUT:         %178 = spirv.Constant 512 : i32
// OUT:         %179 = spirv.IAdd %26, %178 : i32
// OUT:         %180 = spirv.Constant 32 : i32
// OUT:         %181 = spirv.SDiv %179, %180 : i32
// OUT:         %182 = spirv.SRem %179, %180 : i32
// OUT:         %183 = spirv.Constant 1 : i32
// OUT:         %184 = spirv.IMul %182, %183 : i32
// OUT:         %185 = spirv.IAdd %53, %181 : i32
// OUT:         %186 = spirv.IAdd %58, %184 : i32
// OUT:         %187 = spirv.SLessThan %185, %48 : bool
// OUT:         %188 = spirv.SLessThan %186, %50 : bool
// OUT:         %189 = spirv.LogicalAnd %187, %188 : bool
// OUT:         %190 = spirv.Constant 1 : i32
// OUT:         %191 = spirv.ISub %48, %190 : i32
// OUT:         %192 = spirv.ISub %50, %190 : i32
// OUT:         %193 = spirv.GL.SMin %185, %191 : i32
// OUT:         %194 = spirv.GL.SMin %186, %192 : i32
// OUT:         %195 = spirv.Constant 0 : i32
// OUT:         %196 = spirv.Constant 0 : i32
// OUT:         %197 = spirv.Constant 0 : i32
// OUT:         %198 = spirv.Constant 70 : i32
// OUT:         %199 = spirv.IMul %193, %198 : i32
// OUT:         %200 = spirv.IAdd %199, %194 : i32
// OUT:         %201 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %202 = spirv.Constant 0 : i32
// OUT:         %203 = spirv.AccessChain %201, %202, %200 : ptr<f16, StorageBuffer>
// OUT:         %204 = spirv.Load %203 : f16
// OUT:         %205 = spirv.Constant 0x0 : f16
// OUT:         %206 = spirv.Select %189, %204, %205 : f16
// OUT:         %207 = spirv.Constant 640 : i32
// OUT:         %208 = spirv.IAdd %26, %207 : i32
// OUT:         %209 = spirv.Constant 32 : i32
// OUT:         %210 = spirv.SDiv %208, %209 : i32
// OUT:         %211 = spirv.SRem %208, %209 : i32
// OUT:         %212 = spirv.Constant 1 : i32
// OUT:         %213 = spirv.IMul %211, %212 : i32
// OUT:         %214 = spirv.IAdd %53, %210 : i32
// OUT:         %215 = spirv.IAdd %58, %213 : i32
// OUT:         %216 = spirv.SLessThan %214, %48 : bool
// OUT:         %217 = spirv.SLessThan %215, %50 : bool
// OUT:         %218 = spirv.LogicalAnd %216, %217 : bool
// OUT:         %219 = spirv.Constant 1 : i32
// OUT:         %220 = spirv.ISub %48, %219 : i32
// OUT:         %221 = spirv.ISub %50, %219 : i32
// OUT:         %222 = spirv.GL.SMin %214, %220 : i32
// OUT:         %223 = spirv.GL.SMin %215, %221 : i32
// OUT:         %224 = spirv.Constant 0 : i32
// OUT:         %225 = spirv.Constant 0 : i32
// OUT:         %226 = spirv.Constant 0 : i32
// OUT:         %227 = spirv.Constant 70 : i32
// OUT:         %228 = spirv.IMul %222, %227 : i32
// OUT:         %229 = spirv.IAdd %228, %223 : i32
// OUT:         %230 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %231 = spirv.Constant 0 : i32
// OUT:         %232 = spirv.AccessChain %230, %231, %229 : ptr<f16, StorageBuffer>
// OUT:         %233 = spirv.Load %232 : f16
// OUT:         %234 = spirv.Constant 0x0 : f16
// OUT:         %235 = spirv.Select %218, %233, %234 : f16
// OUT:         %236 = spirv.Constant 768 : i32
// OUT:         %237 = spirv.IAdd %26, %236 : i32
// OUT:         %238 = spirv.Constant 32 : i32
// OUT:         %239 = spirv.SDiv %237, %238 : i32
// OUT:         %240 = spirv.SRem %237, %238 : i32
// OUT:         %241 = spirv.Constant 1 : i32
// OUT:         %242 = spirv.IMul %240, %241 : i32
// OUT:         %243 = spirv.IAdd %53, %239 : i32
// OUT:         %244 = spirv.IAdd %58, %242 : i32
// OUT:         %245 = spirv.SLessThan %243, %48 : bool
// OUT:         %246 = spirv.SLessThan %244, %50 : bool
// OUT:         %247 = spirv.LogicalAnd %245, %246 : bool
// OUT:         %248 = spirv.Constant 1 : i32
// OUT:         %249 = spirv.ISub %48, %248 : i32
// OUT:         %250 = spirv.ISub %50, %248 : i32
// OUT:         %251 = spirv.GL.SMin %243, %249 : i32
// OUT:         %252 = spirv.GL.SMin %244, %250 : i32
// OUT:         %253 = spirv.Constant 0 : i32
// OUT:         %254 = spirv.Constant 0 : i32
// OUT:         %255 = spirv.Constant 0 : i32
// OUT:         %256 = spirv.Constant 70 : i32
// OUT:         %257 = spirv.IMul %251, %256 : i32
// OUT:         %258 = spirv.IAdd %257, %252 : i32
// OUT:         %259 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %260 = spirv.Constant 0 : i32
// OUT:         %261 = spirv.AccessChain %259, %260, %258 : ptr<f16, StorageBuffer>
// OUT:         %262 = spirv.Load %261 : f16
// OUT:         %263 = spirv.Constant 0x0 : f16
// OUT:         %264 = spirv.Select %247, %262, %263 : f16
// OUT:         %265 = spirv.Constant 896 : i32
// OUT:         %266 = spirv.IAdd %26, %265 : i32
// OUT:         %267 = spirv.Constant 32 : i32
// OUT:         %268 = spirv.SDiv %266, %267 : i32
// OUT:         %269 = spirv.SRem %266, %267 : i32
// OUT:         %270 = spirv.Constant 1 : i32
// OUT:         %271 = spirv.IMul %269, %270 : i32
// OUT:         %272 = spirv.IAdd %53, %268 : i32
// OUT:         %273 = spirv.IAdd %58, %271 : i32
// OUT:         %274 = spirv.SLessThan %272, %48 : bool
// OUT:         %275 = spirv.SLessThan %273, %50 : bool
// OUT:         %276 = spirv.LogicalAnd %274, %275 : bool
// OUT:         %277 = spirv.Constant 1 : i32
// OUT:         %278 = spirv.ISub %48, %277 : i32
// OUT:         %279 = spirv.ISub %50, %277 : i32
// OUT:         %280 = spirv.GL.SMin %272, %278 : i32
// OUT:         %281 = spirv.GL.SMin %273, %279 : i32
// OUT:         %282 = spirv.Constant 0 : i32
// OUT:         %283 = spirv.Constant 0 : i32
// OUT:         %284 = spirv.Constant 0 : i32
// OUT:         %285 = spirv.Constant 70 : i32
// OUT:         %286 = spirv.IMul %280, %285 : i32
// OUT:         %287 = spirv.IAdd %286, %281 : i32
// OUT:         %288 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %289 = spirv.Constant 0 : i32
// OUT:         %290 = spirv.AccessChain %288, %289, %287 : ptr<f16, StorageBuffer>
// OUT:         %291 = spirv.Load %290 : f16
// OUT:         %292 = spirv.Constant 0x0 : f16
// OUT:         %293 = spirv.Select %276, %291, %292 : f16
// OUT:         %294 = spirv.Constant 1024 : i32
// OUT:         %295 = spirv.IAdd %26, %294 : i32
// OUT:         %296 = spirv.Constant 32 : i32
// OUT:         %297 = spirv.SDiv %295, %296 : i32
// OUT:         %298 = spirv.SRem %295, %296 : i32
// OUT:         %299 = spirv.Constant 1 : i32
// OUT:         %300 = spirv.IMul %298, %299 : i32
// OUT:         %301 = spirv.IAdd %53, %297 : i32
// OUT:         %302 = spirv.IAdd %58, %300 : i32
// OUT:         %303 = spirv.SLessThan %301, %48 : bool
// OUT:         %304 = spirv.SLessThan %302, %50 : bool
// OUT:         %305 = spirv.LogicalAnd %303, %304 : bool
// OUT:         %306 = spirv.Constant 1 : i32
// OUT:         %307 = spirv.ISub %48, %306 : i32
// OUT:         %308 = spirv.ISub %50, %306 : i32
// OUT:         %309 = spirv.GL.SMin %301, %307 : i32
// OUT:         %310 = spirv.GL.SMin %302, %308 : i32
// OUT:         %311 = spirv.Constant 0 : i32
// OUT:         %312 = spirv.Constant 0 : i32
// OUT:         %313 = spirv.Constant 0 : i32
// OUT:         %314 = spirv.Constant 70 : i32
// OUT:         %315 = spirv.IMul %309, %314 : i32
// OUT:         %316 = spirv.IAdd %315, %310 : i32
// OUT:         %317 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %318 = spirv.Constant 0 : i32
// OUT:         %319 = spirv.AccessChain %317, %318, %316 : ptr<f16, StorageBuffer>
// OUT:         %320 = spirv.Load %319 : f16
// OUT:         %321 = spirv.Constant 0x0 : f16
// OUT:         %322 = spirv.Select %305, %320, %321 : f16
// OUT:         %323 = spirv.Constant 1152 : i32
// OUT:         %324 = spirv.IAdd %26, %323 : i32
// OUT:         %325 = spirv.Constant 32 : i32
// OUT:         %326 = spirv.SDiv %324, %325 : i32
// OUT:         %327 = spirv.SRem %324, %325 : i32
// OUT:         %328 = spirv.Constant 1 : i32
// OUT:         %329 = spirv.IMul %327, %328 : i32
// OUT:         %330 = spirv.IAdd %53, %326 : i32
// OUT:         %331 = spirv.IAdd %58, %329 : i32
// OUT:         %332 = spirv.SLessThan %330, %48 : bool
// OUT:         %333 = spirv.SLessThan %331, %50 : bool
// OUT:         %334 = spirv.LogicalAnd %332, %333 : bool
// OUT:         %335 = spirv.Constant 1 : i32
// OUT:         %336 = spirv.ISub %48, %335 : i32
// OUT:         %337 = spirv.ISub %50, %335 : i32
// OUT:         %338 = spirv.GL.SMin %330, %336 : i32
// OUT:         %339 = spirv.GL.SMin %331, %337 : i32
// OUT:         %340 = spirv.Constant 0 : i32
// OUT:         %341 = spirv.Constant 0 : i32
// OUT:         %342 = spirv.Constant 0 : i32
// OUT:         %343 = spirv.Constant 70 : i32
// OUT:         %344 = spirv.IMul %338, %343 : i32
// OUT:         %345 = spirv.IAdd %344, %339 : i32
// OUT:         %346 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %347 = spirv.Constant 0 : i32
// OUT:         %348 = spirv.AccessChain %346, %347, %345 : ptr<f16, StorageBuffer>
// OUT:         %349 = spirv.Load %348 : f16
// OUT:         %350 = spirv.Constant 0x0 : f16
// OUT:         %351 = spirv.Select %334, %349, %350 : f16
// OUT:         %352 = spirv.Constant 1280 : i32
// OUT:         %353 = spirv.IAdd %26, %352 : i32
// OUT:         %354 = spirv.Constant 32 : i32
// OUT:         %355 = spirv.SDiv %353, %354 : i32
// OUT:         %356 = spirv.SRem %353, %354 : i32
// OUT:         %357 = spirv.Constant 1 : i32
// OUT:         %358 = spirv.IMul %356, %357 : i32
// OUT:         %359 = spirv.IAdd %53, %355 : i32
// OUT:         %360 = spirv.IAdd %58, %358 : i32
// OUT:         %361 = spirv.SLessThan %359, %48 : bool
// OUT:         %362 = spirv.SLessThan %360, %50 : bool
// OUT:         %363 = spirv.LogicalAnd %361, %362 : bool
// OUT:         %364 = spirv.Constant 1 : i32
// OUT:         %365 = spirv.ISub %48, %364 : i32
// OUT:         %366 = spirv.ISub %50, %364 : i32
// OUT:         %367 = spirv.GL.SMin %359, %365 : i32
// OUT:         %368 = spirv.GL.SMin %360, %366 : i32
// OUT:         %369 = spirv.Constant 0 : i32
// OUT:         %370 = spirv.Constant 0 : i32
// OUT:         %371 = spirv.Constant 0 : i32
// OUT:         %372 = spirv.Constant 70 : i32
// OUT:         %373 = spirv.IMul %367, %372 : i32
// OUT:         %374 = spirv.IAdd %373, %368 : i32
// OUT:         %375 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %376 = spirv.Constant 0 : i32
// OUT:         %377 = spirv.AccessChain %375, %376, %374 : ptr<f16, StorageBuffer>
// OUT:         %378 = spirv.Load %377 : f16
// OUT:         %379 = spirv.Constant 0x0 : f16
// OUT:         %380 = spirv.Select %363, %378, %379 : f16
// OUT:         %381 = spirv.Constant 1408 : i32
// OUT:         %382 = spirv.IAdd %26, %381 : i32
// OUT:         %383 = spirv.Constant 32 : i32
// OUT:         %384 = spirv.SDiv %382, %383 : i32
// OUT:         %385 = spirv.SRem %382, %383 : i32
// OUT:         %386 = spirv.Constant 1 : i32
// OUT:         %387 = spirv.IMul %385, %386 : i32
// OUT:         %388 = spirv.IAdd %53, %384 : i32
// OUT:         %389 = spirv.IAdd %58, %387 : i32
// OUT:         %390 = spirv.SLessThan %388, %48 : bool
// OUT:         %391 = spirv.SLessThan %389, %50 : bool
// OUT:         %392 = spirv.LogicalAnd %390, %391 : bool
// OUT:         %393 = spirv.Constant 1 : i32
// OUT:         %394 = spirv.ISub %48, %393 : i32
// OUT:         %395 = spirv.ISub %50, %393 : i32
// OUT:         %396 = spirv.GL.SMin %388, %394 : i32
// OUT:         %397 = spirv.GL.SMin %389, %395 : i32
// OUT:         %398 = spirv.Constant 0 : i32
// OUT:         %399 = spirv.Constant 0 : i32
// OUT:         %400 = spirv.Constant 0 : i32
// OUT:         %401 = spirv.Constant 70 : i32
// OUT:         %402 = spirv.IMul %396, %401 : i32
// OUT:         %403 = spirv.IAdd %402, %397 : i32
// OUT:         %404 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %405 = spirv.Constant 0 : i32
// OUT:         %406 = spirv.AccessChain %404, %405, %403 : ptr<f16, StorageBuffer>
// OUT:         %407 = spirv.Load %406 : f16
// OUT:         %408 = spirv.Constant 0x0 : f16
// OUT:         %409 = spirv.Select %392, %407, %408 : f16
// OUT:         %410 = spirv.Constant 1536 : i32
// OUT:         %411 = spirv.IAdd %26, %410 : i32
// OUT:         %412 = spirv.Constant 32 : i32
// OUT:         %413 = spirv.SDiv %411, %412 : i32
// OUT:         %414 = spirv.SRem %411, %412 : i32
// OUT:         %415 = spirv.Constant 1 : i32
// OUT:         %416 = spirv.IMul %414, %415 : i32
// OUT:         %417 = spirv.IAdd %53, %413 : i32
// OUT:         %418 = spirv.IAdd %58, %416 : i32
// OUT:         %419 = spirv.SLessThan %417, %48 : bool
// OUT:         %420 = spirv.SLessThan %418, %50 : bool
// OUT:         %421 = spirv.LogicalAnd %419, %420 : bool
// OUT:         %422 = spirv.Constant 1 : i32
// OUT:         %423 = spirv.ISub %48, %422 : i32
// OUT:         %424 = spirv.ISub %50, %422 : i32
// OUT:         %425 = spirv.GL.SMin %417, %423 : i32
// OUT:         %426 = spirv.GL.SMin %418, %424 : i32
// OUT:         %427 = spirv.Constant 0 : i32
// OUT:         %428 = spirv.Constant 0 : i32
// OUT:         %429 = spirv.Constant 0 : i32
// OUT:         %430 = spirv.Constant 70 : i32
// OUT:         %431 = spirv.IMul %425, %430 : i32
// OUT:         %432 = spirv.IAdd %431, %426 : i32
// OUT:         %433 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %434 = spirv.Constant 0 : i32
// OUT:         %435 = spirv.AccessChain %433, %434, %432 : ptr<f16, StorageBuffer>
// OUT:         %436 = spirv.Load %435 : f16
// OUT:         %437 = spirv.Constant 0x0 : f16
// OUT:         %438 = spirv.Select %421, %436, %437 : f16
// OUT:         %439 = spirv.Constant 1664 : i32
// OUT:         %440 = spirv.IAdd %26, %439 : i32
// OUT:         %441 = spirv.Constant 32 : i32
// OUT:         %442 = spirv.SDiv %440, %441 : i32
// OUT:         %443 = spirv.SRem %440, %441 : i32
// OUT:         %444 = spirv.Constant 1 : i32
// OUT:         %445 = spirv.IMul %443, %444 : i32
// OUT:         %446 = spirv.IAdd %53, %442 : i32
// OUT:         %447 = spirv.IAdd %58, %445 : i32
// OUT:         %448 = spirv.SLessThan %446, %48 : bool
// OUT:         %449 = spirv.SLessThan %447, %50 : bool
// OUT:         %450 = spirv.LogicalAnd %448, %449 : bool
// OUT:         %451 = spirv.Constant 1 : i32
// OUT:         %452 = spirv.ISub %48, %451 : i32
// OUT:         %453 = spirv.ISub %50, %451 : i32
// OUT:         %454 = spirv.GL.SMin %446, %452 : i32
// OUT:         %455 = spirv.GL.SMin %447, %453 : i32
// OUT:         %456 = spirv.Constant 0 : i32
// OUT:         %457 = spirv.Constant 0 : i32
// OUT:         %458 = spirv.Constant 0 : i32
// OUT:         %459 = spirv.Constant 70 : i32
// OUT:         %460 = spirv.IMul %454, %459 : i32
// OUT:         %461 = spirv.IAdd %460, %455 : i32
// OUT:         %462 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %463 = spirv.Constant 0 : i32
// OUT:         %464 = spirv.AccessChain %462, %463, %461 : ptr<f16, StorageBuffer>
// OUT:         %465 = spirv.Load %464 : f16
// OUT:         %466 = spirv.Constant 0x0 : f16
// OUT:         %467 = spirv.Select %450, %465, %466 : f16
// OUT:         %468 = spirv.Constant 1792 : i32
// OUT:         %469 = spirv.IAdd %26, %468 : i32
// OUT:         %470 = spirv.Constant 32 : i32
// OUT:         %471 = spirv.SDiv %469, %470 : i32
// OUT:         %472 = spirv.SRem %469, %470 : i32
// OUT:         %473 = spirv.Constant 1 : i32
// OUT:         %474 = spirv.IMul %472, %473 : i32
// OUT:         %475 = spirv.IAdd %53, %471 : i32
// OUT:         %476 = spirv.IAdd %58, %474 : i32
// OUT:         %477 = spirv.SLessThan %475, %48 : bool
// OUT:         %478 = spirv.SLessThan %476, %50 : bool
// OUT:         %479 = spirv.LogicalAnd %477, %478 : bool
// OUT:         %480 = spirv.Constant 1 : i32
// OUT:         %481 = spirv.ISub %48, %480 : i32
// OUT:         %482 = spirv.ISub %50, %480 : i32
// OUT:         %483 = spirv.GL.SMin %475, %481 : i32
// OUT:         %484 = spirv.GL.SMin %476, %482 : i32
// OUT:         %485 = spirv.Constant 0 : i32
// OUT:         %486 = spirv.Constant 0 : i32
// OUT:         %487 = spirv.Constant 0 : i32
// OUT:         %488 = spirv.Constant 70 : i32
// OUT:         %489 = spirv.IMul %483, %488 : i32
// OUT:         %490 = spirv.IAdd %489, %484 : i32
// OUT:         %491 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %492 = spirv.Constant 0 : i32
// OUT:         %493 = spirv.AccessChain %491, %492, %490 : ptr<f16, StorageBuffer>
// OUT:         %494 = spirv.Load %493 : f16
// OUT:         %495 = spirv.Constant 0x0 : f16
// OUT:         %496 = spirv.Select %479, %494, %495 : f16
// OUT:         %497 = spirv.Constant 1920 : i32
// OUT:         %498 = spirv.IAdd %26, %497 : i32
// OUT:         %499 = spirv.Constant 32 : i32
// OUT:         %500 = spirv.SDiv %498, %499 : i32
// OUT:         %501 = spirv.SRem %498, %499 : i32
// OUT:         %502 = spirv.Constant 1 : i32
// OUT:         %503 = spirv.IMul %501, %502 : i32
// OUT:         %504 = spirv.IAdd %53, %500 : i32
// OUT:         %505 = spirv.IAdd %58, %503 : i32
// OUT:         %506 = spirv.SLessThan %504, %48 : bool
// OUT:         %507 = spirv.SLessThan %505, %50 : bool
// OUT:         %508 = spirv.LogicalAnd %506, %507 : bool
// OUT:         %509 = spirv.Constant 1 : i32
// OUT:         %510 = spirv.ISub %48, %509 : i32
// OUT:         %511 = spirv.ISub %50, %509 : i32
// OUT:         %512 = spirv.GL.SMin %504, %510 : i32
// OUT:         %513 = spirv.GL.SMin %505, %511 : i32
// OUT:         %514 = spirv.Constant 0 : i32
// OUT:         %515 = spirv.Constant 0 : i32
// OUT:         %516 = spirv.Constant 0 : i32
// OUT:         %517 = spirv.Constant 70 : i32
// OUT:         %518 = spirv.IMul %512, %517 : i32
// OUT:         %519 = spirv.IAdd %518, %513 : i32
// OUT:         %520 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %521 = spirv.Constant 0 : i32
// OUT:         %522 = spirv.AccessChain %520, %521, %519 : ptr<f16, StorageBuffer>
// OUT:         %523 = spirv.Load %522 : f16
// OUT:         %524 = spirv.Constant 0x0 : f16
// OUT:         %525 = spirv.Select %508, %523, %524 : f16
// OUT:         %526 = spirv.Constant 0 : i32
// OUT:         %527 = spirv.IAdd %26, %526 : i32
// OUT:         %528 = spirv.Constant 64 : i32
// OUT:         %529 = spirv.SDiv %527, %528 : i32
// OUT:         %530 = spirv.SRem %527, %528 : i32
// OUT:         %531 = spirv.Constant 1 : i32
// OUT:         %532 = spirv.IMul %530, %531 : i32
// OUT:         %533 = spirv.IAdd %54, %532 : i32
// OUT:         %534 = spirv.IAdd %58, %529 : i32
// OUT:         %535 = spirv.SLessThan %533, %49 : bool
// OUT:         %536 = spirv.SLessThan %534, %50 : bool
// OUT:         %537 = spirv.LogicalAnd %535, %536 : bool
// OUT:         %538 = spirv.Constant 1 : i32
// OUT:         %539 = spirv.ISub %49, %538 : i32
// OUT:         %540 = spirv.ISub %50, %538 : i32
// OUT:         %541 = spirv.GL.SMin %533, %539 : i32
// OUT:         %542 = spirv.GL.SMin %534, %540 : i32
// OUT:         %543 = spirv.Constant 0 : i32
// OUT:         %544 = spirv.Constant 0 : i32
// OUT:         %545 = spirv.Constant 0 : i32
// OUT:         %546 = spirv.Constant 33 : i32
// OUT:         %547 = spirv.IMul %542, %546 : i32
// OUT:         %548 = spirv.IAdd %547, %541 : i32
// OUT:         %549 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %550 = spirv.Constant 0 : i32
// OUT:         %551 = spirv.AccessChain %549, %550, %548 : ptr<f16, StorageBuffer>
// OUT:         %552 = spirv.Load %551 : f16
// OUT:         %553 = spirv.Constant 0x0 : f16
// OUT:         %554 = spirv.Select %537, %552, %553 : f16
// OUT:         %555 = spirv.Constant 128 : i32
// OUT:         %556 = spirv.IAdd %26, %555 : i32
// OUT:         %557 = spirv.Constant 64 : i32
// OUT:         %558 = spirv.SDiv %556, %557 : i32
// OUT:         %559 = spirv.SRem %556, %557 : i32
// OUT:         %560 = spirv.Constant 1 : i32
// OUT:         %561 = spirv.IMul %559, %560 : i32
// OUT:         %562 = spirv.IAdd %54, %561 : i32
// OUT:         %563 = spirv.IAdd %58, %558 : i32
// OUT:         %564 = spirv.SLessThan %562, %49 : bool
// OUT:         %565 = spirv.SLessThan %563, %50 : bool
// OUT:         %566 = spirv.LogicalAnd %564, %565 : bool
// OUT:         %567 = spirv.Constant 1 : i32
// OUT:         %568 = spirv.ISub %49, %567 : i32
// OUT:         %569 = spirv.ISub %50, %567 : i32
// OUT:         %570 = spirv.GL.SMin %562, %568 : i32
// OUT:         %571 = spirv.GL.SMin %563, %569 : i32
// OUT:         %572 = spirv.Constant 0 : i32
// OUT:         %573 = spirv.Constant 0 : i32
// OUT:         %574 = spirv.Constant 0 : i32
// OUT:         %575 = spirv.Constant 33 : i32
// OUT:         %576 = spirv.IMul %571, %575 : i32
// OUT:         %577 = spirv.IAdd %576, %570 : i32
// OUT:         %578 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %579 = spirv.Constant 0 : i32
// OUT:         %580 = spirv.AccessChain %578, %579, %577 : ptr<f16, StorageBuffer>
// OUT:         %581 = spirv.Load %580 : f16
// OUT:         %582 = spirv.Constant 0x0 : f16
// OUT:         %583 = spirv.Select %566, %581, %582 : f16
// OUT:         %584 = spirv.Constant 256 : i32
// OUT:         %585 = spirv.IAdd %26, %584 : i32
// OUT:         %586 = spirv.Constant 64 : i32
// OUT:         %587 = spirv.SDiv %585, %586 : i32
// OUT:         %588 = spirv.SRem %585, %586 : i32
// OUT:         %589 = spirv.Constant 1 : i32
// OUT:         %590 = spirv.IMul %588, %589 : i32
// OUT:         %591 = spirv.IAdd %54, %590 : i32
// OUT:         %592 = spirv.IAdd %58, %587 : i32
// OUT:         %593 = spirv.SLessThan %591, %49 : bool
// OUT:         %594 = spirv.SLessThan %592, %50 : bool
// OUT:         %595 = spirv.LogicalAnd %593, %594 : bool
// OUT:         %596 = spirv.Constant 1 : i32
// OUT:         %597 = spirv.ISub %49, %596 : i32
// OUT:         %598 = spirv.ISub %50, %596 : i32
// OUT:         %599 = spirv.GL.SMin %591, %597 : i32
// OUT:         %600 = spirv.GL.SMin %592, %598 : i32
// OUT:         %601 = spirv.Constant 0 : i32
// OUT:         %602 = spirv.Constant 0 : i32
// OUT:         %603 = spirv.Constant 0 : i32
// OUT:         %604 = spirv.Constant 33 : i32
// OUT:         %605 = spirv.IMul %600, %604 : i32
// OUT:         %606 = spirv.IAdd %605, %599 : i32
// OUT:         %607 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %608 = spirv.Constant 0 : i32
// OUT:         %609 = spirv.AccessChain %607, %608, %606 : ptr<f16, StorageBuffer>
// OUT:         %610 = spirv.Load %609 : f16
// OUT:         %611 = spirv.Constant 0x0 : f16
// OUT:         %612 = spirv.Select %595, %610, %611 : f16
// OUT:         %613 = spirv.Constant 384 : i32
// OUT:         %614 = spirv.IAdd %26, %613 : i32
// OUT:         %615 = spirv.Constant 64 : i32
// OUT:         %616 = spirv.SDiv %614, %615 : i32
// OUT:         %617 = spirv.SRem %614, %615 : i32
// OUT:         %618 = spirv.Constant 1 : i32
// OUT:         %619 = spirv.IMul %617, %618 : i32
// OUT:         %620 = spirv.IAdd %54, %619 : i32
// OUT:         %621 = spirv.IAdd %58, %616 : i32
// OUT:         %622 = spirv.SLessThan %620, %49 : bool
// OUT:         %623 = spirv.SLessThan %621, %50 : bool
// OUT:         %624 = spirv.LogicalAnd %622, %623 : bool
// OUT:         %625 = spirv.Constant 1 : i32
// OUT:         %626 = spirv.ISub %49, %625 : i32
// OUT:         %627 = spirv.ISub %50, %625 : i32
// OUT:         %628 = spirv.GL.SMin %620, %626 : i32
// OUT:         %629 = spirv.GL.SMin %621, %627 : i32
// OUT:         %630 = spirv.Constant 0 : i32
// OUT:         %631 = spirv.Constant 0 : i32
// OUT:         %632 = spirv.Constant 0 : i32
// OUT:         %633 = spirv.Constant 33 : i32
// OUT:         %634 = spirv.IMul %629, %633 : i32
// OUT:         %635 = spirv.IAdd %634, %628 : i32
// OUT:         %636 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %637 = spirv.Constant 0 : i32
// OUT:         %638 = spirv.AccessChain %636, %637, %635 : ptr<f16, StorageBuffer>
// OUT:         %639 = spirv.Load %638 : f16
// OUT:         %640 = spirv.Constant 0x0 : f16
// OUT:         %641 = spirv.Select %624, %639, %640 : f16
// OUT:         %642 = spirv.Constant 512 : i32
// OUT:         %643 = spirv.IAdd %26, %642 : i32
// OUT:         %644 = spirv.Constant 64 : i32
// OUT:         %645 = spirv.SDiv %643, %644 : i32
// OUT:         %646 = spirv.SRem %643, %644 : i32
// OUT:         %647 = spirv.Constant 1 : i32
// OUT:         %648 = spirv.IMul %646, %647 : i32
// OUT:         %649 = spirv.IAdd %54, %648 : i32
// OUT:         %650 = spirv.IAdd %58, %645 : i32
// OUT:         %651 = spirv.SLessThan %649, %49 : bool
// OUT:         %652 = spirv.SLessThan %650, %50 : bool
// OUT:         %653 = spirv.LogicalAnd %651, %652 : bool
// OUT:         %654 = spirv.Constant 1 : i32
// OUT:         %655 = spirv.ISub %49, %654 : i32
// OUT:         %656 = spirv.ISub %50, %654 : i32
// OUT:         %657 = spirv.GL.SMin %649, %655 : i32
// OUT:         %658 = spirv.GL.SMin %650, %656 : i32
// OUT:         %659 = spirv.Constant 0 : i32
// OUT:         %660 = spirv.Constant 0 : i32
// OUT:         %661 = spirv.Constant 0 : i32
// OUT:         %662 = spirv.Constant 33 : i32
// OUT:         %663 = spirv.IMul %658, %662 : i32
// OUT:         %664 = spirv.IAdd %663, %657 : i32
// OUT:         %665 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %666 = spirv.Constant 0 : i32
// OUT:         %667 = spirv.AccessChain %665, %666, %664 : ptr<f16, StorageBuffer>
// OUT:         %668 = spirv.Load %667 : f16
// OUT:         %669 = spirv.Constant 0x0 : f16
// OUT:         %670 = spirv.Select %653, %668, %669 : f16
// OUT:         %671 = spirv.Constant 640 : i32
// OUT:         %672 = spirv.IAdd %26, %671 : i32
// OUT:         %673 = spirv.Constant 64 : i32
// OUT:         %674 = spirv.SDiv %672, %673 : i32
// OUT:         %675 = spirv.SRem %672, %673 : i32
// OUT:         %676 = spirv.Constant 1 : i32
// OUT:         %677 = spirv.IMul %675, %676 : i32
// OUT:         %678 = spirv.IAdd %54, %677 : i32
// OUT:         %679 = spirv.IAdd %58, %674 : i32
// OUT:         %680 = spirv.SLessThan %678, %49 : bool
// OUT:         %681 = spirv.SLessThan %679, %50 : bool
// OUT:         %682 = spirv.LogicalAnd %680, %681 : bool
// OUT:         %683 = spirv.Constant 1 : i32
// OUT:         %684 = spirv.ISub %49, %683 : i32
// OUT:         %685 = spirv.ISub %50, %683 : i32
// OUT:         %686 = spirv.GL.SMin %678, %684 : i32
// OUT:         %687 = spirv.GL.SMin %679, %685 : i32
// OUT:         %688 = spirv.Constant 0 : i32
// OUT:         %689 = spirv.Constant 0 : i32
// OUT:         %690 = spirv.Constant 0 : i32
// OUT:         %691 = spirv.Constant 33 : i32
// OUT:         %692 = spirv.IMul %687, %691 : i32
// OUT:         %693 = spirv.IAdd %692, %686 : i32
// OUT:         %694 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %695 = spirv.Constant 0 : i32
// OUT:         %696 = spirv.AccessChain %694, %695, %693 : ptr<f16, StorageBuffer>
// OUT:         %697 = spirv.Load %696 : f16
// OUT:         %698 = spirv.Constant 0x0 : f16
// OUT:         %699 = spirv.Select %682, %697, %698 : f16
// OUT:         %700 = spirv.Constant 768 : i32
// OUT:         %701 = spirv.IAdd %26, %700 : i32
// OUT:         %702 = spirv.Constant 64 : i32
// OUT:         %703 = spirv.SDiv %701, %702 : i32
// OUT:         %704 = spirv.SRem %701, %702 : i32
// OUT:         %705 = spirv.Constant 1 : i32
// OUT:         %706 = spirv.IMul %704, %705 : i32
// OUT:         %707 = spirv.IAdd %54, %706 : i32
// OUT:         %708 = spirv.IAdd %58, %703 : i32
// OUT:         %709 = spirv.SLessThan %707, %49 : bool
// OUT:         %710 = spirv.SLessThan %708, %50 : bool
// OUT:         %711 = spirv.LogicalAnd %709, %710 : bool
// OUT:         %712 = spirv.Constant 1 : i32
// OUT:         %713 = spirv.ISub %49, %712 : i32
// OUT:         %714 = spirv.ISub %50, %712 : i32
// OUT:         %715 = spirv.GL.SMin %707, %713 : i32
// OUT:         %716 = spirv.GL.SMin %708, %714 : i32
// OUT:         %717 = spirv.Constant 0 : i32
// OUT:         %718 = spirv.Constant 0 : i32
// OUT:         %719 = spirv.Constant 0 : i32
// OUT:         %720 = spirv.Constant 33 : i32
// OUT:         %721 = spirv.IMul %716, %720 : i32
// OUT:         %722 = spirv.IAdd %721, %715 : i32
// OUT:         %723 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %724 = spirv.Constant 0 : i32
// OUT:         %725 = spirv.AccessChain %723, %724, %722 : ptr<f16, StorageBuffer>
// OUT:         %726 = spirv.Load %725 : f16
// OUT:         %727 = spirv.Constant 0x0 : f16
// OUT:         %728 = spirv.Select %711, %726, %727 : f16
// OUT:         %729 = spirv.Constant 896 : i32
// OUT:         %730 = spirv.IAdd %26, %729 : i32
// OUT:         %731 = spirv.Constant 64 : i32
// OUT:         %732 = spirv.SDiv %730, %731 : i32
// OUT:         %733 = spirv.SRem %730, %731 : i32
// OUT:         %734 = spirv.Constant 1 : i32
// OUT:         %735 = spirv.IMul %733, %734 : i32
// OUT:         %736 = spirv.IAdd %54, %735 : i32
// OUT:         %737 = spirv.IAdd %58, %732 : i32
// OUT:         %738 = spirv.SLessThan %736, %49 : bool
// OUT:         %739 = spirv.SLessThan %737, %50 : bool
// OUT:         %740 = spirv.LogicalAnd %738, %739 : bool
// OUT:         %741 = spirv.Constant 1 : i32
// OUT:         %742 = spirv.ISub %49, %741 : i32
// OUT:         %743 = spirv.ISub %50, %741 : i32
// OUT:         %744 = spirv.GL.SMin %736, %742 : i32
// OUT:         %745 = spirv.GL.SMin %737, %743 : i32
// OUT:         %746 = spirv.Constant 0 : i32
// OUT:         %747 = spirv.Constant 0 : i32
// OUT:         %748 = spirv.Constant 0 : i32
// OUT:         %749 = spirv.Constant 33 : i32
// OUT:         %750 = spirv.IMul %745, %749 : i32
// OUT:         %751 = spirv.IAdd %750, %744 : i32
// OUT:         %752 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %753 = spirv.Constant 0 : i32
// OUT:         %754 = spirv.AccessChain %752, %753, %751 : ptr<f16, StorageBuffer>
// OUT:         %755 = spirv.Load %754 : f16
// OUT:         %756 = spirv.Constant 0x0 : f16
// OUT:         %757 = spirv.Select %740, %755, %756 : f16
// OUT:         %758 = spirv.Constant 1024 : i32
// OUT:         %759 = spirv.IAdd %26, %758 : i32
// OUT:         %760 = spirv.Constant 64 : i32
// OUT:         %761 = spirv.SDiv %759, %760 : i32
// OUT:         %762 = spirv.SRem %759, %760 : i32
// OUT:         %763 = spirv.Constant 1 : i32
// OUT:         %764 = spirv.IMul %762, %763 : i32
// OUT:         %765 = spirv.IAdd %54, %764 : i32
// OUT:         %766 = spirv.IAdd %58, %761 : i32
// OUT:         %767 = spirv.SLessThan %765, %49 : bool
// OUT:         %768 = spirv.SLessThan %766, %50 : bool
// OUT:         %769 = spirv.LogicalAnd %767, %768 : bool
// OUT:         %770 = spirv.Constant 1 : i32
// OUT:         %771 = spirv.ISub %49, %770 : i32
// OUT:         %772 = spirv.ISub %50, %770 : i32
// OUT:         %773 = spirv.GL.SMin %765, %771 : i32
// OUT:         %774 = spirv.GL.SMin %766, %772 : i32
// OUT:         %775 = spirv.Constant 0 : i32
// OUT:         %776 = spirv.Constant 0 : i32
// OUT:         %777 = spirv.Constant 0 : i32
// OUT:         %778 = spirv.Constant 33 : i32
// OUT:         %779 = spirv.IMul %774, %778 : i32
// OUT:         %780 = spirv.IAdd %779, %773 : i32
// OUT:         %781 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %782 = spirv.Constant 0 : i32
// OUT:         %783 = spirv.AccessChain %781, %782, %780 : ptr<f16, StorageBuffer>
// OUT:         %784 = spirv.Load %783 : f16
// OUT:         %785 = spirv.Constant 0x0 : f16
// OUT:         %786 = spirv.Select %769, %784, %785 : f16
// OUT:         %787 = spirv.Constant 1152 : i32
// OUT:         %788 = spirv.IAdd %26, %787 : i32
// OUT:         %789 = spirv.Constant 64 : i32
// OUT:         %790 = spirv.SDiv %788, %789 : i32
// OUT:         %791 = spirv.SRem %788, %789 : i32
// OUT:         %792 = spirv.Constant 1 : i32
// OUT:         %793 = spirv.IMul %791, %792 : i32
// OUT:         %794 = spirv.IAdd %54, %793 : i32
// OUT:         %795 = spirv.IAdd %58, %790 : i32
// OUT:         %796 = spirv.SLessThan %794, %49 : bool
// OUT:         %797 = spirv.SLessThan %795, %50 : bool
// OUT:         %798 = spirv.LogicalAnd %796, %797 : bool
// OUT:         %799 = spirv.Constant 1 : i32
// OUT:         %800 = spirv.ISub %49, %799 : i32
// OUT:         %801 = spirv.ISub %50, %799 : i32
// OUT:         %802 = spirv.GL.SMin %794, %800 : i32
// OUT:         %803 = spirv.GL.SMin %795, %801 : i32
// OUT:         %804 = spirv.Constant 0 : i32
// OUT:         %805 = spirv.Constant 0 : i32
// OUT:         %806 = spirv.Constant 0 : i32
// OUT:         %807 = spirv.Constant 33 : i32
// OUT:         %808 = spirv.IMul %803, %807 : i32
// OUT:         %809 = spirv.IAdd %808, %802 : i32
// OUT:         %810 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %811 = spirv.Constant 0 : i32
// OUT:         %812 = spirv.AccessChain %810, %811, %809 : ptr<f16, StorageBuffer>
// OUT:         %813 = spirv.Load %812 : f16
// OUT:         %814 = spirv.Constant 0x0 : f16
// OUT:         %815 = spirv.Select %798, %813, %814 : f16
// OUT:         %816 = spirv.Constant 1280 : i32
// OUT:         %817 = spirv.IAdd %26, %816 : i32
// OUT:         %818 = spirv.Constant 64 : i32
// OUT:         %819 = spirv.SDiv %817, %818 : i32
// OUT:         %820 = spirv.SRem %817, %818 : i32
// OUT:         %821 = spirv.Constant 1 : i32
// OUT:         %822 = spirv.IMul %820, %821 : i32
// OUT:         %823 = spirv.IAdd %54, %822 : i32
// OUT:         %824 = spirv.IAdd %58, %819 : i32
// OUT:         %825 = spirv.SLessThan %823, %49 : bool
// OUT:         %826 = spirv.SLessThan %824, %50 : bool
// OUT:         %827 = spirv.LogicalAnd %825, %826 : bool
// OUT:         %828 = spirv.Constant 1 : i32
// OUT:         %829 = spirv.ISub %49, %828 : i32
// OUT:         %830 = spirv.ISub %50, %828 : i32
// OUT:         %831 = spirv.GL.SMin %823, %829 : i32
// OUT:         %832 = spirv.GL.SMin %824, %830 : i32
// OUT:         %833 = spirv.Constant 0 : i32
// OUT:         %834 = spirv.Constant 0 : i32
// OUT:         %835 = spirv.Constant 0 : i32
// OUT:         %836 = spirv.Constant 33 : i32
// OUT:         %837 = spirv.IMul %832, %836 : i32
// OUT:         %838 = spirv.IAdd %837, %831 : i32
// OUT:         %839 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %840 = spirv.Constant 0 : i32
// OUT:         %841 = spirv.AccessChain %839, %840, %838 : ptr<f16, StorageBuffer>
// OUT:         %842 = spirv.Load %841 : f16
// OUT:         %843 = spirv.Constant 0x0 : f16
// OUT:         %844 = spirv.Select %827, %842, %843 : f16
// OUT:         %845 = spirv.Constant 1408 : i32
// OUT:         %846 = spirv.IAdd %26, %845 : i32
// OUT:         %847 = spirv.Constant 64 : i32
// OUT:         %848 = spirv.SDiv %846, %847 : i32
// OUT:         %849 = spirv.SRem %846, %847 : i32
// OUT:         %850 = spirv.Constant 1 : i32
// OUT:         %851 = spirv.IMul %849, %850 : i32
// OUT:         %852 = spirv.IAdd %54, %851 : i32
// OUT:         %853 = spirv.IAdd %58, %848 : i32
// OUT:         %854 = spirv.SLessThan %852, %49 : bool
// OUT:         %855 = spirv.SLessThan %853, %50 : bool
// OUT:         %856 = spirv.LogicalAnd %854, %855 : bool
// OUT:         %857 = spirv.Constant 1 : i32
// OUT:         %858 = spirv.ISub %49, %857 : i32
// OUT:         %859 = spirv.ISub %50, %857 : i32
// OUT:         %860 = spirv.GL.SMin %852, %858 : i32
// OUT:         %861 = spirv.GL.SMin %853, %859 : i32
// OUT:         %862 = spirv.Constant 0 : i32
// OUT:         %863 = spirv.Constant 0 : i32
// OUT:         %864 = spirv.Constant 0 : i32
// OUT:         %865 = spirv.Constant 33 : i32
// OUT:         %866 = spirv.IMul %861, %865 : i32
// OUT:         %867 = spirv.IAdd %866, %860 : i32
// OUT:         %868 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %869 = spirv.Constant 0 : i32
// OUT:         %870 = spirv.AccessChain %868, %869, %867 : ptr<f16, StorageBuffer>
// OUT:         %871 = spirv.Load %870 : f16
// OUT:         %872 = spirv.Constant 0x0 : f16
// OUT:         %873 = spirv.Select %856, %871, %872 : f16
// OUT:         %874 = spirv.Constant 1536 : i32
// OUT:         %875 = spirv.IAdd %26, %874 : i32
// OUT:         %876 = spirv.Constant 64 : i32
// OUT:         %877 = spirv.SDiv %875, %876 : i32
// OUT:         %878 = spirv.SRem %875, %876 : i32
// OUT:         %879 = spirv.Constant 1 : i32
// OUT:         %880 = spirv.IMul %878, %879 : i32
// OUT:         %881 = spirv.IAdd %54, %880 : i32
// OUT:         %882 = spirv.IAdd %58, %877 : i32
// OUT:         %883 = spirv.SLessThan %881, %49 : bool
// OUT:         %884 = spirv.SLessThan %882, %50 : bool
// OUT:         %885 = spirv.LogicalAnd %883, %884 : bool
// OUT:         %886 = spirv.Constant 1 : i32
// OUT:         %887 = spirv.ISub %49, %886 : i32
// OUT:         %888 = spirv.ISub %50, %886 : i32
// OUT:         %889 = spirv.GL.SMin %881, %887 : i32
// OUT:         %890 = spirv.GL.SMin %882, %888 : i32
// OUT:         %891 = spirv.Constant 0 : i32
// OUT:         %892 = spirv.Constant 0 : i32
// OUT:         %893 = spirv.Constant 0 : i32
// OUT:         %894 = spirv.Constant 33 : i32
// OUT:         %895 = spirv.IMul %890, %894 : i32
// OUT:         %896 = spirv.IAdd %895, %889 : i32
// OUT:         %897 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %898 = spirv.Constant 0 : i32
// OUT:         %899 = spirv.AccessChain %897, %898, %896 : ptr<f16, StorageBuffer>
// OUT:         %900 = spirv.Load %899 : f16
// OUT:         %901 = spirv.Constant 0x0 : f16
// OUT:         %902 = spirv.Select %885, %900, %901 : f16
// OUT:         %903 = spirv.Constant 1664 : i32
// OUT:         %904 = spirv.IAdd %26, %903 : i32
// OUT:         %905 = spirv.Constant 64 : i32
// OUT:         %906 = spirv.SDiv %904, %905 : i32
// OUT:         %907 = spirv.SRem %904, %905 : i32
// OUT:         %908 = spirv.Constant 1 : i32
// OUT:         %909 = spirv.IMul %907, %908 : i32
// OUT:         %910 = spirv.IAdd %54, %909 : i32
// OUT:         %911 = spirv.IAdd %58, %906 : i32
// OUT:         %912 = spirv.SLessThan %910, %49 : bool
// OUT:         %913 = spirv.SLessThan %911, %50 : bool
// OUT:         %914 = spirv.LogicalAnd %912, %913 : bool
// OUT:         %915 = spirv.Constant 1 : i32
// OUT:         %916 = spirv.ISub %49, %915 : i32
// OUT:         %917 = spirv.ISub %50, %915 : i32
// OUT:         %918 = spirv.GL.SMin %910, %916 : i32
// OUT:         %919 = spirv.GL.SMin %911, %917 : i32
// OUT:         %920 = spirv.Constant 0 : i32
// OUT:         %921 = spirv.Constant 0 : i32
// OUT:         %922 = spirv.Constant 0 : i32
// OUT:         %923 = spirv.Constant 33 : i32
// OUT:         %924 = spirv.IMul %919, %923 : i32
// OUT:         %925 = spirv.IAdd %924, %918 : i32
// OUT:         %926 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %927 = spirv.Constant 0 : i32
// OUT:         %928 = spirv.AccessChain %926, %927, %925 : ptr<f16, StorageBuffer>
// OUT:         %929 = spirv.Load %928 : f16
// OUT:         %930 = spirv.Constant 0x0 : f16
// OUT:         %931 = spirv.Select %914, %929, %930 : f16
// OUT:         %932 = spirv.Constant 1792 : i32
// OUT:         %933 = spirv.IAdd %26, %932 : i32
// OUT:         %934 = spirv.Constant 64 : i32
// OUT:         %935 = spirv.SDiv %933, %934 : i32
// OUT:         %936 = spirv.SRem %933, %934 : i32
// OUT:         %937 = spirv.Constant 1 : i32
// OUT:         %938 = spirv.IMul %936, %937 : i32
// OUT:         %939 = spirv.IAdd %54, %938 : i32
// OUT:         %940 = spirv.IAdd %58, %935 : i32
// OUT:         %941 = spirv.SLessThan %939, %49 : bool
// OUT:         %942 = spirv.SLessThan %940, %50 : bool
// OUT:         %943 = spirv.LogicalAnd %941, %942 : bool
// OUT:         %944 = spirv.Constant 1 : i32
// OUT:         %945 = spirv.ISub %49, %944 : i32
// OUT:         %946 = spirv.ISub %50, %944 : i32
// OUT:         %947 = spirv.GL.SMin %939, %945 : i32
// OUT:         %948 = spirv.GL.SMin %940, %946 : i32
// OUT:         %949 = spirv.Constant 0 : i32
// OUT:         %950 = spirv.Constant 0 : i32
// OUT:         %951 = spirv.Constant 0 : i32
// OUT:         %952 = spirv.Constant 33 : i32
// OUT:         %953 = spirv.IMul %948, %952 : i32
// OUT:         %954 = spirv.IAdd %953, %947 : i32
// OUT:         %955 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %956 = spirv.Constant 0 : i32
// OUT:         %957 = spirv.AccessChain %955, %956, %954 : ptr<f16, StorageBuffer>
// OUT:         %958 = spirv.Load %957 : f16
// OUT:         %959 = spirv.Constant 0x0 : f16
// OUT:         %960 = spirv.Select %943, %958, %959 : f16
// OUT:         %961 = spirv.Constant 1920 : i32
// OUT:         %962 = spirv.IAdd %26, %961 : i32
// OUT:         %963 = spirv.Constant 64 : i32
// OUT:         %964 = spirv.SDiv %962, %963 : i32
// OUT:         %965 = spirv.SRem %962, %963 : i32
// OUT:         %966 = spirv.Constant 1 : i32
// OUT:         %967 = spirv.IMul %965, %966 : i32
// OUT:         %968 = spirv.IAdd %54, %967 : i32
// OUT:         %969 = spirv.IAdd %58, %964 : i32
// OUT:         %970 = spirv.SLessThan %968, %49 : bool
// OUT:         %971 = spirv.SLessThan %969, %50 : bool
// OUT:         %972 = spirv.LogicalAnd %970, %971 : bool
// OUT:         %973 = spirv.Constant 1 : i32
// OUT:         %974 = spirv.ISub %49, %973 : i32
// OUT:         %975 = spirv.ISub %50, %973 : i32
// OUT:         %976 = spirv.GL.SMin %968, %974 : i32
// OUT:         %977 = spirv.GL.SMin %969, %975 : i32
// OUT:         %978 = spirv.Constant 0 : i32
// OUT:         %979 = spirv.Constant 0 : i32
// OUT:         %980 = spirv.Constant 0 : i32
// OUT:         %981 = spirv.Constant 33 : i32
// OUT:         %982 = spirv.IMul %977, %981 : i32
// OUT:         %983 = spirv.IAdd %982, %976 : i32
// OUT:         %984 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:         %985 = spirv.Constant 0 : i32
// OUT:         %986 = spirv.AccessChain %984, %985, %983 : ptr<f16, StorageBuffer>
// OUT:         %987 = spirv.Load %986 : f16
// OUT:         %988 = spirv.Constant 0x0 : f16
// OUT:         %989 = spirv.Select %972, %987, %988 : f16
// OUT:         %990 = spirv.Constant 2560 : i32
// OUT:         %991 = spirv.Constant 2304 : i32
// OUT:         %992 = spirv.IMul %58, %990 : i32
// OUT:         %993 = spirv.IMul %58, %991 : i32
// OUT:         %994 = spirv.IMul %65, %56 : i32
// OUT:         %995 = spirv.IAdd %994, %68 : i32
// OUT:         %996 = spirv.IAdd %995, %992 : i32
// OUT:         %997 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:         %998 = spirv.AccessChain %997, %996 : ptr<f16, Workgroup>
// OUT:         spirv.Store %998, %90
// OUT:         %999 = spirv.IMul %94, %56 : i32
// OUT:         %1000 = spirv.IAdd %999, %97 : i32
// OUT:         %1001 = spirv.IAdd %1000, %992 : i32
// OUT:         %1002 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:         %1003 = spirv.AccessChain %1002, %1001 : ptr<f16, Workgroup>
// OUT:         spirv.Store %1003, %119
// OUT:         %1004 = spirv.IMul %123, %56 : i32
// OUT:         %1005 = spirv.IAdd %1004, %126 : i32
// OUT:         %1006 = spirv.IAdd %1005, %992 : i32
// OUT:         %1007 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:         %1008 = spirv.AccessChain %1007, %1006 : ptr<f16, Workgroup>
// OUT:         spirv.Store %1008, %148
// OUT:         %1009 = spirv.IMul %152, %56 : i32
// OUT:         %1010 = spirv.IAdd %1009, %155 : i32
// OUT:         %1011 = spirv.IAdd %1010, %992 : i32
// OUT:         %1012 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:         %1013 = spirv.AccessChain %1012, %1011 : ptr<f16, Workgroup>
// OUT:         spirv.Store %1013, %177
// OUT:         %1014 = spirv.IMul %181, %56 : i32
// OUT:         %1015 = spirv.IAdd %1014, %184 : i32
// OUT:         %1016 = spirv.IAdd %1015, %992 : i32
// OUT:         %1017 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:         %1018 = spirv.AccessChain %1017, %1016 : ptr<f16, Workgroup>
// OUT:         spirv.Store %1018, %206
// OUT:         %1019 = spirv.IMul %210, %56 : i32
// OUT:         %1020 = spirv.IAdd %1019, %213 : i32
// OUT:         %1021 = spirv.IAdd %1020, %992 : i32
// OUT:         %1022 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:         %1023 = spirv.AccessChain %1022, %1021 : ptr<f16, Workgroup>
// OUT:         spirv.Store %1023, %235
// OUT:         %1024 = spirv.IMul %239, %56 : i32
// OUT:         %1025 = spirv.IAdd %1024, %242 : i32
// OUT:         %1026 = spirv.IAdd %1025, %992 : i32
// OUT:         %1027 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:         %1028 = spirv.AccessChain %1027, %1026 : ptr<f16, Workgroup>
// OUT:         spirv.Store %1028, %264
// OUT:         %1029 = spirv.IMul %268, %56 : i32
// OUT:         %1030 = spirv.IAdd %1029, %271 : i32
// OUT:         %1031 = spirv.IAdd %1030, %992 : i32
// OUT:         %1032 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:         %1033 = spirv.AccessChain %1032, %1031 : ptr<f16, Workgroup>
// OUT:         spirv.Store %1033, %293
// OUT:         %1034 = spirv.IMul %297, %56 : i32
// OUT:         %1035 = spirv.IAdd %1034, %300 : i32
// OUT:         %1036 = spirv.IAdd %1035, %992 : i32
// OUT:         %1037 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:         %1038 = spirv.AccessChain %1037, %1036 : ptr<f16, Workgroup>
// OUT:         spirv.Store %1038, %322
// OUT:         %1039 = spirv.IMul %326, %56 : i32
// OUT:         %1040 = spirv.IAdd %1039, %329 : i32
// OUT:         %1041 = spirv.IAdd %1040, %992 : i32
// OUT:         %1042 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:         %1043 = spirv.AccessChain %1042, %1041 : ptr<f16, Workgroup>
// OUT:         spirv.Store %1043, %351
// OUT:         %1044 = spirv.IMul %355, %56 : i32
// OUT:         %1045 = spirv.IAdd %1044, %358 : i32
// OUT:         %1046 = spirv.IAdd %1045, %992 : i32
// OUT:         %1047 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:         %1048 = spirv.AccessChain %1047, %1046 : ptr<f16, Workgroup>
// OUT:         spirv.Store %1048, %380
// OUT:         %1049 = spirv.IMul %384, %56 : i32
// OUT:         %1050 = spirv.IAdd %1049, %387 : i32
// OUT:         %1051 = spirv.IAdd %1050, %992 : i32
// OUT:         %1052 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:         %1053 = spirv.AccessChain %1052, %1051 : ptr<f16, Workgroup>
// OUT:         spirv.Store %1053, %409
// OUT:         %1054 = spirv.IMul %413, %56 : i32
// OUT:         %1055 = spirv.IAdd %1054, %416 : i32
// OUT:         %1056 = spirv.IAdd %1055, %992 : i32
// OUT:         %1057 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:         %1058 = spirv.AccessChain %1057, %1056 : ptr<f16, Workgroup>
// OUT:         spirv.Store %1058, %438
// OUT:         %1059 = spirv.IMul %442, %56 : i32
// OUT:         %1060 = spirv.IAdd %1059, %445 : i32
// OUT:         %1061 = spirv.IAdd %1060, %992 : i32
// OUT:         %1062 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:         %1063 = spirv.AccessChain %1062, %1061 : ptr<f16, Workgroup>
// OUT:         spirv.Store %1063, %467
// OUT:         %1064 = spirv.IMul %471, %56 : i32
// OUT:         %1065 = spirv.IAdd %1064, %474 : i32
// OUT:         %1066 = spirv.IAdd %1065, %992 : i32
// OUT:         %1067 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:         %1068 = spirv.AccessChain %1067, %1066 : ptr<f16, Workgroup>
// OUT:         spirv.Store %1068, %496
// OUT:         %1069 = spirv.IMul %500, %56 : i32
// OUT:         %1070 = spirv.IAdd %1069, %503 : i32
// OUT:         %1071 = spirv.IAdd %1070, %992 : i32
// OUT:         %1072 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:         %1073 = spirv.AccessChain %1072, %1071 : ptr<f16, Workgroup>
// OUT:         spirv.Store %1073, %525
// OUT:         %1074 = spirv.IMul %529, %57 : i32
// OUT:         %1075 = spirv.IAdd %1074, %532 : i32
// OUT:         %1076 = spirv.IAdd %1075, %993 : i32
// OUT:         %1077 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:         %1078 = spirv.AccessChain %1077, %1076 : ptr<f16, Workgroup>
// OUT:         spirv.Store %1078, %554
// OUT:         %1079 = spirv.IMul %558, %57 : i32
// OUT:         %1080 = spirv.IAdd %1079, %561 : i32
// OUT:         %1081 = spirv.IAdd %1080, %993 : i32
// OUT:         %1082 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:         %1083 = spirv.AccessChain %1082, %1081 : ptr<f16, Workgroup>
// OUT:         spirv.Store %1083, %583
// OUT:         %1084 = spirv.IMul %587, %57 : i32
// OUT:         %1085 = spirv.IAdd %1084, %590 : i32
// OUT:         %1086 = spirv.IAdd %1085, %993 : i32
// OUT:         %1087 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:         %1088 = spirv.AccessChain %1087, %1086 : ptr<f16, Workgroup>
// OUT:         spirv.Store %1088, %612
// OUT:         %1089 = spirv.IMul %616, %57 : i32
// OUT:         %1090 = spirv.IAdd %1089, %619 : i32
// OUT:         %1091 = spirv.IAdd %1090, %993 : i32
// OUT:         %1092 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:         %1093 = spirv.AccessChain %1092, %1091 : ptr<f16, Workgroup>
// OUT:         spirv.Store %1093, %641
// OUT:         %1094 = spirv.IMul %645, %57 : i32
// OUT:         %1095 = spirv.IAdd %1094, %648 : i32
// OUT:         %1096 = spirv.IAdd %1095, %993 : i32
// OUT:         %1097 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:         %1098 = spirv.AccessChain %1097, %1096 : ptr<f16, Workgroup>
// OUT:         spirv.Store %1098, %670
// OUT:         %1099 = spirv.IMul %674, %57 : i32
// OUT:         %1100 = spirv.IAdd %1099, %677 : i32
// OUT:         %1101 = spirv.IAdd %1100, %993 : i32
// OUT:         %1102 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:         %1103 = spirv.AccessChain %1102, %1101 : ptr<f16, Workgroup>
// OUT:         spirv.Store %1103, %699
// OUT:         %1104 = spirv.IMul %703, %57 : i32
// OUT:         %1105 = spirv.IAdd %1104, %706 : i32
// OUT:         %1106 = spirv.IAdd %1105, %993 : i32
// OUT:         %1107 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:         %1108 = spirv.AccessChain %1107, %1106 : ptr<f16, Workgroup>
// OUT:         spirv.Store %1108, %728
// OUT:         %1109 = spirv.IMul %732, %57 : i32
// OUT:         %1110 = spirv.IAdd %1109, %735 : i32
// OUT:         %1111 = spirv.IAdd %1110, %993 : i32
// OUT:         %1112 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:         %1113 = spirv.AccessChain %1112, %1111 : ptr<f16, Workgroup>
// OUT:         spirv.Store %1113, %757
// OUT:         %1114 = spirv.IMul %761, %57 : i32
// OUT:         %1115 = spirv.IAdd %1114, %764 : i32
// OUT:         %1116 = spirv.IAdd %1115, %993 : i32
// OUT:         %1117 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:         %1118 = spirv.AccessChain %1117, %1116 : ptr<f16, Workgroup>
// OUT:         spirv.Store %1118, %786
// OUT:         %1119 = spirv.IMul %790, %57 : i32
// OUT:         %1120 = spirv.IAdd %1119, %793 : i32
// OUT:         %1121 = spirv.IAdd %1120, %993 : i32
// OUT:         %1122 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:         %1123 = spirv.AccessChain %1122, %1121 : ptr<f16, Workgroup>
// OUT:         spirv.Store %1123, %815
// OUT:         %1124 = spirv.IMul %819, %57 : i32
// OUT:         %1125 = spirv.IAdd %1124, %822 : i32
// OUT:         %1126 = spirv.IAdd %1125, %993 : i32
// OUT:         %1127 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:         %1128 = spirv.AccessChain %1127, %1126 : ptr<f16, Workgroup>
// OUT:         spirv.Store %1128, %844
// OUT:         %1129 = spirv.IMul %848, %57 : i32
// OUT:         %1130 = spirv.IAdd %1129, %851 : i32
// OUT:         %1131 = spirv.IAdd %1130, %993 : i32
// OUT:         %1132 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:         %1133 = spirv.AccessChain %1132, %1131 : ptr<f16, Workgroup>
// OUT:         spirv.Store %1133, %873
// OUT:         %1134 = spirv.IMul %877, %57 : i32
// OUT:         %1135 = spirv.IAdd %1134, %880 : i32
// OUT:         %1136 = spirv.IAdd %1135, %993 : i32
// OUT:         %1137 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:         %1138 = spirv.AccessChain %1137, %1136 : ptr<f16, Workgroup>
// OUT:         spirv.Store %1138, %902
// OUT:         %1139 = spirv.IMul %906, %57 : i32
// OUT:         %1140 = spirv.IAdd %1139, %909 : i32
// OUT:         %1141 = spirv.IAdd %1140, %993 : i32
// OUT:         %1142 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:         %1143 = spirv.AccessChain %1142, %1141 : ptr<f16, Workgroup>
// OUT:         spirv.Store %1143, %931
// OUT:         %1144 = spirv.IMul %935, %57 : i32
// OUT:         %1145 = spirv.IAdd %1144, %938 : i32
// OUT:         %1146 = spirv.IAdd %1145, %993 : i32
// OUT:         %1147 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:         %1148 = spirv.AccessChain %1147, %1146 : ptr<f16, Workgroup>
// OUT:         spirv.Store %1148, %960
// OUT:         %1149 = spirv.IMul %964, %57 : i32
// OUT:         %1150 = spirv.IAdd %1149, %967 : i32
// OUT:         %1151 = spirv.IAdd %1150, %993 : i32
// OUT:         %1152 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:         %1153 = spirv.AccessChain %1152, %1151 : ptr<f16, Workgroup>
// OUT:         spirv.Store %1153, %989
// OUT:         spirv.ControlBarrier scope<Workgroup>, scope<Workgroup>, semantics<ACQUIRE_RELEASE|WORKGROUP_MEMORY>
// OUT:         spirv.mlir.loop {
// OUT:           ^bb4:
// OUT:             spirv.Branch ^bb5(%58)
// OUT:           ^bb5(%1154: i32):
// OUT:             %1155 = spirv.SLessThan %1154, %50 : bool
// OUT:             spirv.BranchConditional %1155, ^bb6, ^bb8
// OUT:           ^bb6:
// OUT:             %1156 = spirv.SDiv %1154, %61 : i32
// OUT:             %1157 = spirv.SRem %1156, %60 : i32
// OUT:             %1158 = spirv.Constant 2560 : i32
// OUT:             %1159 = spirv.Constant 2304 : i32
// OUT:             %1160 = spirv.IMul %1157, %1158 : i32
// OUT:             %1161 = spirv.IMul %1157, %1159 : i32
// OUT:             %1162 = spirv.IAdd %1154, %61 : i32
// OUT:             %1163 = spirv.Constant 0 : i32
// OUT:             %1164 = spirv.IAdd %26, %1163 : i32
// OUT:             %1165 = spirv.Constant 32 : i32
// OUT:             %1166 = spirv.SDiv %1164, %1165 : i32
// OUT:             %1167 = spirv.SRem %1164, %1165 : i32
// OUT:             %1168 = spirv.Constant 1 : i32
// OUT:             %1169 = spirv.IMul %1167, %1168 : i32
// OUT:             %1170 = spirv.IAdd %53, %1166 : i32
// OUT:             %1171 = spirv.IAdd %1162, %1169 : i32
// OUT:             %1172 = spirv.SLessThan %1170, %48 : bool
// OUT:             %1173 = spirv.SLessThan %1171, %50 : bool
// OUT:             %1174 = spirv.LogicalAnd %1172, %1173 : bool
// OUT:             %1175 = spirv.Constant 1 : i32
// OUT:             %1176 = spirv.ISub %48, %1175 : i32
// OUT:             %1177 = spirv.ISub %50, %1175 : i32
// OUT:             %1178 = spirv.GL.SMin %1170, %1176 : i32
// OUT:             %1179 = spirv.GL.SMin %1171, %1177 : i32
// OUT:             %1180 = spirv.Constant 0 : i32
// OUT:             %1181 = spirv.Constant 0 : i32
// OUT:             %1182 = spirv.Constant 0 : i32
// OUT:             %1183 = spirv.Constant 70 : i32
// OUT:             %1184 = spirv.IMul %1178, %1183 : i32
// OUT:             %1185 = spirv.IAdd %1184, %1179 : i32
// OUT:             %1186 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1187 = spirv.Constant 0 : i32
// OUT:             %1188 = spirv.AccessChain %1186, %1187, %1185 : ptr<f16, StorageBuffer>
// OUT:             %1189 = spirv.Load %1188 : f16
// OUT:             %1190 = spirv.Constant 0x0 : f16
// OUT:             %1191 = spirv.Select %1174, %1189, %1190 : f16
// OUT:             %1192 = spirv.Constant 128 : i32
// OUT:             %1193 = spirv.IAdd %26, %1192 : i32
// OUT:             %1194 = spirv.Constant 32 : i32
// OUT:             %1195 = spirv.SDiv %1193, %1194 : i32
// OUT:             %1196 = spirv.SRem %1193, %1194 : i32
// OUT:             %1197 = spirv.Constant 1 : i32
// OUT:             %1198 = spirv.IMul %1196, %1197 : i32
// OUT:             %1199 = spirv.IAdd %53, %1195 : i32
// OUT:             %1200 = spirv.IAdd %1162, %1198 : i32
// OUT:             %1201 = spirv.SLessThan %1199, %48 : bool
// OUT:             %1202 = spirv.SLessThan %1200, %50 : bool
// OUT:             %1203 = spirv.LogicalAnd %1201, %1202 : bool
// OUT:             %1204 = spirv.Constant 1 : i32
// OUT:             %1205 = spirv.ISub %48, %1204 : i32
// OUT:             %1206 = spirv.ISub %50, %1204 : i32
// OUT:             %1207 = spirv.GL.SMin %1199, %1205 : i32
// OUT:             %1208 = spirv.GL.SMin %1200, %1206 : i32
// OUT:             %1209 = spirv.Constant 0 : i32
// OUT:             %1210 = spirv.Constant 0 : i32
// OUT:             %1211 = spirv.Constant 0 : i32
// OUT:             %1212 = spirv.Constant 70 : i32
// OUT:             %1213 = spirv.IMul %1207, %1212 : i32
// OUT:             %1214 = spirv.IAdd %1213, %1208 : i32
// OUT:             %1215 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1216 = spirv.Constant 0 : i32
// OUT:             %1217 = spirv.AccessChain %1215, %1216, %1214 : ptr<f16, StorageBuffer>
// OUT:             %1218 = spirv.Load %1217 : f16
// OUT:             %1219 = spirv.Constant 0x0 : f16
// OUT:             %1220 = spirv.Select %1203, %1218, %1219 : f16
// OUT:             %1221 = spirv.Constant 256 : i32
// OUT:             %1222 = spirv.IAdd %26, %1221 : i32
// OUT:             %1223 = spirv.Constant 32 : i32
// OUT:             %1224 = spirv.SDiv %1222, %1223 : i32
// OUT:             %1225 = spirv.SRem %1222, %1223 : i32
// OUT:             %1226 = spirv.Constant 1 : i32
// OUT:             %1227 = spirv.IMul %1225, %1226 : i32
// OUT:             %1228 = spirv.IAdd %53, %1224 : i32
// OUT:             %1229 = spirv.IAdd %1162, %1227 : i32
// OUT:             %1230 = spirv.SLessThan %1228, %48 : bool
// OUT:             %1231 = spirv.SLessThan %1229, %50 : bool
// OUT:             %1232 = spirv.LogicalAnd %1230, %1231 : bool
// OUT:             %1233 = spirv.Constant 1 : i32
// OUT:             %1234 = spirv.ISub %48, %1233 : i32
// OUT:             %1235 = spirv.ISub %50, %1233 : i32
// OUT:             %1236 = spirv.GL.SMin %1228, %1234 : i32
// OUT:             %1237 = spirv.GL.SMin %1229, %1235 : i32
// OUT:             %1238 = spirv.Constant 0 : i32
// OUT:             %1239 = spirv.Constant 0 : i32
// OUT:             %1240 = spirv.Constant 0 : i32
// OUT:             %1241 = spirv.Constant 70 : i32
// OUT:             %1242 = spirv.IMul %1236, %1241 : i32
// OUT:             %1243 = spirv.IAdd %1242, %1237 : i32
// OUT:             %1244 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1245 = spirv.Constant 0 : i32
// OUT:             %1246 = spirv.AccessChain %1244, %1245, %1243 : ptr<f16, StorageBuffer>
// OUT:             %1247 = spirv.Load %1246 : f16
// OUT:             %1248 = spirv.Constant 0x0 : f16
// OUT:             %1249 = spirv.Select %1232, %1247, %1248 : f16
// OUT:             %1250 = spirv.Constant 384 : i32
// OUT:             %1251 = spirv.IAdd %26, %1250 : i32
// OUT:             %1252 = spirv.Constant 32 : i32
// OUT:             %1253 = spirv.SDiv %1251, %1252 : i32
// OUT:             %1254 = spirv.SRem %1251, %1252 : i32
// OUT:             %1255 = spirv.Constant 1 : i32
// OUT:             %1256 = spirv.IMul %1254, %1255 : i32
// OUT:             %1257 = spirv.IAdd %53, %1253 : i32
// OUT:             %1258 = spirv.IAdd %1162, %1256 : i32
// OUT:             %1259 = spirv.SLessThan %1257, %48 : bool
// OUT:             %1260 = spirv.SLessThan %1258, %50 : bool
// OUT:             %1261 = spirv.LogicalAnd %1259, %1260 : bool
// OUT:             %1262 = spirv.Constant 1 : i32
// OUT:             %1263 = spirv.ISub %48, %1262 : i32
// OUT:             %1264 = spirv.ISub %50, %1262 : i32
// OUT:             %1265 = spirv.GL.SMin %1257, %1263 : i32
// OUT:             %1266 = spirv.GL.SMin %1258, %1264 : i32
// OUT:             %1267 = spirv.Constant 0 : i32
// OUT:             %1268 = spirv.Constant 0 : i32
// OUT:             %1269 = spirv.Constant 0 : i32
// OUT:             %1270 = spirv.Constant 70 : i32
// OUT:             %1271 = spirv.IMul %1265, %1270 : i32
// OUT:             %1272 = spirv.IAdd %1271, %1266 : i32
// OUT:             %1273 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1274 = spirv.Constant 0 : i32
// OUT:             %1275 = spirv.AccessChain %1273, %1274, %1272 : ptr<f16, StorageBuffer>
// OUT:             %1276 = spirv.Load %1275 : f16
// OUT:             %1277 = spirv.Constant 0x0 : f16
// OUT:             %1278 = spirv.Select %1261, %1276, %1277 : f16
// OUT:             %1279 = spirv.Constant 512 : i32
// OUT:             %1280 = spirv.IAdd %26, %1279 : i32
// OUT:             %1281 = spirv.Constant 32 : i32
// OUT:             %1282 = spirv.SDiv %1280, %1281 : i32
// OUT:             %1283 = spirv.SRem %1280, %1281 : i32
// OUT:             %1284 = spirv.Constant 1 : i32
// OUT:             %1285 = spirv.IMul %1283, %1284 : i32
// OUT:             %1286 = spirv.IAdd %53, %1282 : i32
// OUT:             %1287 = spirv.IAdd %1162, %1285 : i32
// OUT:             %1288 = spirv.SLessThan %1286, %48 : bool
// OUT:             %1289 = spirv.SLessThan %1287, %50 : bool
// OUT:             %1290 = spirv.LogicalAnd %1288, %1289 : bool
// OUT:             %1291 = spirv.Constant 1 : i32
// OUT:             %1292 = spirv.ISub %48, %1291 : i32
// OUT:             %1293 = spirv.ISub %50, %1291 : i32
// OUT:             %1294 = spirv.GL.SMin %1286, %1292 : i32
// OUT:             %1295 = spirv.GL.SMin %1287, %1293 : i32
// OUT:             %1296 = spirv.Constant 0 : i32
// OUT:             %1297 = spirv.Constant 0 : i32
// OUT:             %1298 = spirv.Constant 0 : i32
// OUT:             %1299 = spirv.Constant 70 : i32
// OUT:             %1300 = spirv.IMul %1294, %1299 : i32
// OUT:             %1301 = spirv.IAdd %1300, %1295 : i32
// OUT:             %1302 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1303 = spirv.Constant 0 : i32
// OUT:             %1304 = spirv.AccessChain %1302, %1303, %1301 : ptr<f16, StorageBuffer>
// OUT:             %1305 = spirv.Load %1304 : f16
// OUT:             %1306 = spirv.Constant 0x0 : f16
// OUT:             %1307 = spirv.Select %1290, %1305, %1306 : f16
// OUT:             %1308 = spirv.Constant 640 : i32
// OUT:             %1309 = spirv.IAdd %26, %1308 : i32
// OUT:             %1310 = spirv.Constant 32 : i32
// OUT:             %1311 = spirv.SDiv %1309, %1310 : i32
// OUT:             %1312 = spirv.SRem %1309, %1310 : i32
// OUT:             %1313 = spirv.Constant 1 : i32
// OUT:             %1314 = spirv.IMul %1312, %1313 : i32
// OUT:             %1315 = spirv.IAdd %53, %1311 : i32
// OUT:             %1316 = spirv.IAdd %1162, %1314 : i32
// OUT:             %1317 = spirv.SLessThan %1315, %48 : bool
// OUT:             %1318 = spirv.SLessThan %1316, %50 : bool
// OUT:             %1319 = spirv.LogicalAnd %1317, %1318 : bool
// OUT:             %1320 = spirv.Constant 1 : i32
// OUT:             %1321 = spirv.ISub %48, %1320 : i32
// OUT:             %1322 = spirv.ISub %50, %1320 : i32
// OUT:             %1323 = spirv.GL.SMin %1315, %1321 : i32
// OUT:             %1324 = spirv.GL.SMin %1316, %1322 : i32
// OUT:             %1325 = spirv.Constant 0 : i32
// OUT:             %1326 = spirv.Constant 0 : i32
// OUT:             %1327 = spirv.Constant 0 : i32
// OUT:             %1328 = spirv.Constant 70 : i32
// OUT:             %1329 = spirv.IMul %1323, %1328 : i32
// OUT:             %1330 = spirv.IAdd %1329, %1324 : i32
// OUT:             %1331 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1332 = spirv.Constant 0 : i32
// OUT:             %1333 = spirv.AccessChain %1331, %1332, %1330 : ptr<f16, StorageBuffer>
// OUT:             %1334 = spirv.Load %1333 : f16
// OUT:             %1335 = spirv.Constant 0x0 : f16
// OUT:             %1336 = spirv.Select %1319, %1334, %1335 : f16
// OUT:             %1337 = spirv.Constant 768 : i32
// OUT:             %1338 = spirv.IAdd %26, %1337 : i32
// OUT:             %1339 = spirv.Constant 32 : i32
// OUT:             %1340 = spirv.SDiv %1338, %1339 : i32
// OUT:             %1341 = spirv.SRem %1338, %1339 : i32
// OUT:             %1342 = spirv.Constant 1 : i32
// OUT:             %1343 = spirv.IMul %1341, %1342 : i32
// OUT:             %1344 = spirv.IAdd %53, %1340 : i32
// OUT:             %1345 = spirv.IAdd %1162, %1343 : i32
// OUT:             %1346 = spirv.SLessThan %1344, %48 : bool
// OUT:             %1347 = spirv.SLessThan %1345, %50 : bool
// OUT:             %1348 = spirv.LogicalAnd %1346, %1347 : bool
// OUT:             %1349 = spirv.Constant 1 : i32
// OUT:             %1350 = spirv.ISub %48, %1349 : i32
// OUT:             %1351 = spirv.ISub %50, %1349 : i32
// OUT:             %1352 = spirv.GL.SMin %1344, %1350 : i32
// OUT:             %1353 = spirv.GL.SMin %1345, %1351 : i32
// OUT:             %1354 = spirv.Constant 0 : i32
// OUT:             %1355 = spirv.Constant 0 : i32
// OUT:             %1356 = spirv.Constant 0 : i32
// OUT:             %1357 = spirv.Constant 70 : i32
// OUT:             %1358 = spirv.IMul %1352, %1357 : i32
// OUT:             %1359 = spirv.IAdd %1358, %1353 : i32
// OUT:             %1360 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1361 = spirv.Constant 0 : i32
// OUT:             %1362 = spirv.AccessChain %1360, %1361, %1359 : ptr<f16, StorageBuffer>
// OUT:             %1363 = spirv.Load %1362 : f16
// OUT:             %1364 = spirv.Constant 0x0 : f16
// OUT:             %1365 = spirv.Select %1348, %1363, %1364 : f16
// OUT:             %1366 = spirv.Constant 896 : i32
// OUT:             %1367 = spirv.IAdd %26, %1366 : i32
// OUT:             %1368 = spirv.Constant 32 : i32
// OUT:             %1369 = spirv.SDiv %1367, %1368 : i32
// OUT:             %1370 = spirv.SRem %1367, %1368 : i32
// OUT:             %1371 = spirv.Constant 1 : i32
// OUT:             %1372 = spirv.IMul %1370, %1371 : i32
// OUT:             %1373 = spirv.IAdd %53, %1369 : i32
// OUT:             %1374 = spirv.IAdd %1162, %1372 : i32
// OUT:             %1375 = spirv.SLessThan %1373, %48 : bool
// OUT:             %1376 = spirv.SLessThan %1374, %50 : bool
// OUT:             %1377 = spirv.LogicalAnd %1375, %1376 : bool
// OUT:             %1378 = spirv.Constant 1 : i32
// OUT:             %1379 = spirv.ISub %48, %1378 : i32
// OUT:             %1380 = spirv.ISub %50, %1378 : i32
// OUT:             %1381 = spirv.GL.SMin %1373, %1379 : i32
// OUT:             %1382 = spirv.GL.SMin %1374, %1380 : i32
// OUT:             %1383 = spirv.Constant 0 : i32
// OUT:             %1384 = spirv.Constant 0 : i32
// OUT:             %1385 = spirv.Constant 0 : i32
// OUT:             %1386 = spirv.Constant 70 : i32
// OUT:             %1387 = spirv.IMul %1381, %1386 : i32
// OUT:             %1388 = spirv.IAdd %1387, %1382 : i32
// OUT:             %1389 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1390 = spirv.Constant 0 : i32
// OUT:             %1391 = spirv.AccessChain %1389, %1390, %1388 : ptr<f16, StorageBuffer>
// OUT:             %1392 = spirv.Load %1391 : f16
// OUT:             %1393 = spirv.Constant 0x0 : f16
// OUT:             %1394 = spirv.Select %1377, %1392, %1393 : f16
// OUT:             %1395 = spirv.Constant 1024 : i32
// OUT:             %1396 = spirv.IAdd %26, %1395 : i32
// OUT:             %1397 = spirv.Constant 32 : i32
// OUT:             %1398 = spirv.SDiv %1396, %1397 : i32
// OUT:             %1399 = spirv.SRem %1396, %1397 : i32
// OUT:             %1400 = spirv.Constant 1 : i32
// OUT:             %1401 = spirv.IMul %1399, %1400 : i32
// OUT:             %1402 = spirv.IAdd %53, %1398 : i32
// OUT:             %1403 = spirv.IAdd %1162, %1401 : i32
// OUT:             %1404 = spirv.SLessThan %1402, %48 : bool
// OUT:             %1405 = spirv.SLessThan %1403, %50 : bool
// OUT:             %1406 = spirv.LogicalAnd %1404, %1405 : bool
// OUT:             %1407 = spirv.Constant 1 : i32
// OUT:             %1408 = spirv.ISub %48, %1407 : i32
// OUT:             %1409 = spirv.ISub %50, %1407 : i32
// OUT:             %1410 = spirv.GL.SMin %1402, %1408 : i32
// OUT:             %1411 = spirv.GL.SMin %1403, %1409 : i32
// OUT:             %1412 = spirv.Constant 0 : i32
// OUT:             %1413 = spirv.Constant 0 : i32
// OUT:             %1414 = spirv.Constant 0 : i32
// OUT:             %1415 = spirv.Constant 70 : i32
// OUT:             %1416 = spirv.IMul %1410, %1415 : i32
// OUT:             %1417 = spirv.IAdd %1416, %1411 : i32
// OUT:             %1418 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1419 = spirv.Constant 0 : i32
// OUT:             %1420 = spirv.AccessChain %1418, %1419, %1417 : ptr<f16, StorageBuffer>
// OUT:             %1421 = spirv.Load %1420 : f16
// OUT:             %1422 = spirv.Constant 0x0 : f16
// OUT:             %1423 = spirv.Select %1406, %1421, %1422 : f16
// OUT:             %1424 = spirv.Constant 1152 : i32
// OUT:             %1425 = spirv.IAdd %26, %1424 : i32
// OUT:             %1426 = spirv.Constant 32 : i32
// OUT:             %1427 = spirv.SDiv %1425, %1426 : i32
// OUT:             %1428 = spirv.SRem %1425, %1426 : i32
// OUT:             %1429 = spirv.Constant 1 : i32
// OUT:             %1430 = spirv.IMul %1428, %1429 : i32
// OUT:             %1431 = spirv.IAdd %53, %1427 : i32
// OUT:             %1432 = spirv.IAdd %1162, %1430 : i32
// OUT:             %1433 = spirv.SLessThan %1431, %48 : bool
// OUT:             %1434 = spirv.SLessThan %1432, %50 : bool
// OUT:             %1435 = spirv.LogicalAnd %1433, %1434 : bool
// OUT:             %1436 = spirv.Constant 1 : i32
// OUT:             %1437 = spirv.ISub %48, %1436 : i32
// OUT:             %1438 = spirv.ISub %50, %1436 : i32
// OUT:             %1439 = spirv.GL.SMin %1431, %1437 : i32
// OUT:             %1440 = spirv.GL.SMin %1432, %1438 : i32
// OUT:             %1441 = spirv.Constant 0 : i32
// OUT:             %1442 = spirv.Constant 0 : i32
// OUT:             %1443 = spirv.Constant 0 : i32
// OUT:             %1444 = spirv.Constant 70 : i32
// OUT:             %1445 = spirv.IMul %1439, %1444 : i32
// OUT:             %1446 = spirv.IAdd %1445, %1440 : i32
// OUT:             %1447 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1448 = spirv.Constant 0 : i32
// OUT:             %1449 = spirv.AccessChain %1447, %1448, %1446 : ptr<f16, StorageBuffer>
// OUT:             %1450 = spirv.Load %1449 : f16
// OUT:             %1451 = spirv.Constant 0x0 : f16
// OUT:             %1452 = spirv.Select %1435, %1450, %1451 : f16
// OUT:             %1453 = spirv.Constant 1280 : i32
// OUT:             %1454 = spirv.IAdd %26, %1453 : i32
// OUT:             %1455 = spirv.Constant 32 : i32
// OUT:             %1456 = spirv.SDiv %1454, %1455 : i32
// OUT:             %1457 = spirv.SRem %1454, %1455 : i32
// OUT:             %1458 = spirv.Constant 1 : i32
// OUT:             %1459 = spirv.IMul %1457, %1458 : i32
// OUT:             %1460 = spirv.IAdd %53, %1456 : i32
// OUT:             %1461 = spirv.IAdd %1162, %1459 : i32
// OUT:             %1462 = spirv.SLessThan %1460, %48 : bool
// OUT:             %1463 = spirv.SLessThan %1461, %50 : bool
// OUT:             %1464 = spirv.LogicalAnd %1462, %1463 : bool
// OUT:             %1465 = spirv.Constant 1 : i32
// OUT:             %1466 = spirv.ISub %48, %1465 : i32
// OUT:             %1467 = spirv.ISub %50, %1465 : i32
// OUT:             %1468 = spirv.GL.SMin %1460, %1466 : i32
// OUT:             %1469 = spirv.GL.SMin %1461, %1467 : i32
// OUT:             %1470 = spirv.Constant 0 : i32
// OUT:             %1471 = spirv.Constant 0 : i32
// OUT:             %1472 = spirv.Constant 0 : i32
// OUT:             %1473 = spirv.Constant 70 : i32
// OUT:             %1474 = spirv.IMul %1468, %1473 : i32
// OUT:             %1475 = spirv.IAdd %1474, %1469 : i32
// OUT:             %1476 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1477 = spirv.Constant 0 : i32
// OUT:             %1478 = spirv.AccessChain %1476, %1477, %1475 : ptr<f16, StorageBuffer>
// OUT:             %1479 = spirv.Load %1478 : f16
// OUT:             %1480 = spirv.Constant 0x0 : f16
// OUT:             %1481 = spirv.Select %1464, %1479, %1480 : f16
// OUT:             %1482 = spirv.Constant 1408 : i32
// OUT:             %1483 = spirv.IAdd %26, %1482 : i32
// OUT:             %1484 = spirv.Constant 32 : i32
// OUT:             %1485 = spirv.SDiv %1483, %1484 : i32
// OUT:             %1486 = spirv.SRem %1483, %1484 : i32
// OUT:             %1487 = spirv.Constant 1 : i32
// OUT:             %1488 = spirv.IMul %1486, %1487 : i32
// OUT:             %1489 = spirv.IAdd %53, %1485 : i32
// OUT:             %1490 = spirv.IAdd %1162, %1488 : i32
// OUT:             %1491 = spirv.SLessThan %1489, %48 : bool
// OUT:             %1492 = spirv.SLessThan %1490, %50 : bool
// OUT:             %1493 = spirv.LogicalAnd %1491, %1492 : bool
// OUT:             %1494 = spirv.Constant 1 : i32
// OUT:             %1495 = spirv.ISub %48, %1494 : i32
// OUT:             %1496 = spirv.ISub %50, %1494 : i32
// OUT:             %1497 = spirv.GL.SMin %1489, %1495 : i32
// OUT:             %1498 = spirv.GL.SMin %1490, %1496 : i32
// OUT:             %1499 = spirv.Constant 0 : i32
// OUT:             %1500 = spirv.Constant 0 : i32
// OUT:             %1501 = spirv.Constant 0 : i32
// OUT:             %1502 = spirv.Constant 70 : i32
// OUT:             %1503 = spirv.IMul %1497, %1502 : i32
// OUT:             %1504 = spirv.IAdd %1503, %1498 : i32
// OUT:             %1505 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1506 = spirv.Constant 0 : i32
// OUT:             %1507 = spirv.AccessChain %1505, %1506, %1504 : ptr<f16, StorageBuffer>
// OUT:             %1508 = spirv.Load %1507 : f16
// OUT:             %1509 = spirv.Constant 0x0 : f16
// OUT:             %1510 = spirv.Select %1493, %1508, %1509 : f16
// OUT:             %1511 = spirv.Constant 1536 : i32
// OUT:             %1512 = spirv.IAdd %26, %1511 : i32
// OUT:             %1513 = spirv.Constant 32 : i32
// OUT:             %1514 = spirv.SDiv %1512, %1513 : i32
// OUT:             %1515 = spirv.SRem %1512, %1513 : i32
// OUT:             %1516 = spirv.Constant 1 : i32
// OUT:             %1517 = spirv.IMul %1515, %1516 : i32
// OUT:             %1518 = spirv.IAdd %53, %1514 : i32
// OUT:             %1519 = spirv.IAdd %1162, %1517 : i32
// OUT:             %1520 = spirv.SLessThan %1518, %48 : bool
// OUT:             %1521 = spirv.SLessThan %1519, %50 : bool
// OUT:             %1522 = spirv.LogicalAnd %1520, %1521 : bool
// OUT:             %1523 = spirv.Constant 1 : i32
// OUT:             %1524 = spirv.ISub %48, %1523 : i32
// OUT:             %1525 = spirv.ISub %50, %1523 : i32
// OUT:             %1526 = spirv.GL.SMin %1518, %1524 : i32
// OUT:             %1527 = spirv.GL.SMin %1519, %1525 : i32
// OUT:             %1528 = spirv.Constant 0 : i32
// OUT:             %1529 = spirv.Constant 0 : i32
// OUT:             %1530 = spirv.Constant 0 : i32
// OUT:             %1531 = spirv.Constant 70 : i32
// OUT:             %1532 = spirv.IMul %1526, %1531 : i32
// OUT:             %1533 = spirv.IAdd %1532, %1527 : i32
// OUT:             %1534 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1535 = spirv.Constant 0 : i32
// OUT:             %1536 = spirv.AccessChain %1534, %1535, %1533 : ptr<f16, StorageBuffer>
// OUT:             %1537 = spirv.Load %1536 : f16
// OUT:             %1538 = spirv.Constant 0x0 : f16
// OUT:             %1539 = spirv.Select %1522, %1537, %1538 : f16
// OUT:             %1540 = spirv.Constant 1664 : i32
// OUT:             %1541 = spirv.IAdd %26, %1540 : i32
// OUT:             %1542 = spirv.Constant 32 : i32
// OUT:             %1543 = spirv.SDiv %1541, %1542 : i32
// OUT:             %1544 = spirv.SRem %1541, %1542 : i32
// OUT:             %1545 = spirv.Constant 1 : i32
// OUT:             %1546 = spirv.IMul %1544, %1545 : i32
// OUT:             %1547 = spirv.IAdd %53, %1543 : i32
// OUT:             %1548 = spirv.IAdd %1162, %1546 : i32
// OUT:             %1549 = spirv.SLessThan %1547, %48 : bool
// OUT:             %1550 = spirv.SLessThan %1548, %50 : bool
// OUT:             %1551 = spirv.LogicalAnd %1549, %1550 : bool
// OUT:             %1552 = spirv.Constant 1 : i32
// OUT:             %1553 = spirv.ISub %48, %1552 : i32
// OUT:             %1554 = spirv.ISub %50, %1552 : i32
// OUT:             %1555 = spirv.GL.SMin %1547, %1553 : i32
// OUT:             %1556 = spirv.GL.SMin %1548, %1554 : i32
// OUT:             %1557 = spirv.Constant 0 : i32
// OUT:             %1558 = spirv.Constant 0 : i32
// OUT:             %1559 = spirv.Constant 0 : i32
// OUT:             %1560 = spirv.Constant 70 : i32
// OUT:             %1561 = spirv.IMul %1555, %1560 : i32
// OUT:             %1562 = spirv.IAdd %1561, %1556 : i32
// OUT:             %1563 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1564 = spirv.Constant 0 : i32
// OUT:             %1565 = spirv.AccessChain %1563, %1564, %1562 : ptr<f16, StorageBuffer>
// OUT:             %1566 = spirv.Load %1565 : f16
// OUT:             %1567 = spirv.Constant 0x0 : f16
// OUT:             %1568 = spirv.Select %1551, %1566, %1567 : f16
// OUT:             %1569 = spirv.Constant 1792 : i32
// OUT:             %1570 = spirv.IAdd %26, %1569 : i32
// OUT:             %1571 = spirv.Constant 32 : i32
// OUT:             %1572 = spirv.SDiv %1570, %1571 : i32
// OUT:             %1573 = spirv.SRem %1570, %1571 : i32
// OUT:             %1574 = spirv.Constant 1 : i32
// OUT:             %1575 = spirv.IMul %1573, %1574 : i32
// OUT:             %1576 = spirv.IAdd %53, %1572 : i32
// OUT:             %1577 = spirv.IAdd %1162, %1575 : i32
// OUT:             %1578 = spirv.SLessThan %1576, %48 : bool
// OUT:             %1579 = spirv.SLessThan %1577, %50 : bool
// OUT:             %1580 = spirv.LogicalAnd %1578, %1579 : bool
// OUT:             %1581 = spirv.Constant 1 : i32
// OUT:             %1582 = spirv.ISub %48, %1581 : i32
// OUT:             %1583 = spirv.ISub %50, %1581 : i32
// OUT:             %1584 = spirv.GL.SMin %1576, %1582 : i32
// OUT:             %1585 = spirv.GL.SMin %1577, %1583 : i32
// OUT:             %1586 = spirv.Constant 0 : i32
// OUT:             %1587 = spirv.Constant 0 : i32
// OUT:             %1588 = spirv.Constant 0 : i32
// OUT:             %1589 = spirv.Constant 70 : i32
// OUT:             %1590 = spirv.IMul %1584, %1589 : i32
// OUT:             %1591 = spirv.IAdd %1590, %1585 : i32
// OUT:             %1592 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1593 = spirv.Constant 0 : i32
// OUT:             %1594 = spirv.AccessChain %1592, %1593, %1591 : ptr<f16, StorageBuffer>
// OUT:             %1595 = spirv.Load %1594 : f16
// OUT:             %1596 = spirv.Constant 0x0 : f16
// OUT:             %1597 = spirv.Select %1580, %1595, %1596 : f16
// OUT:             %1598 = spirv.Constant 1920 : i32
// OUT:             %1599 = spirv.IAdd %26, %1598 : i32
// OUT:             %1600 = spirv.Constant 32 : i32
// OUT:             %1601 = spirv.SDiv %1599, %1600 : i32
// OUT:             %1602 = spirv.SRem %1599, %1600 : i32
// OUT:             %1603 = spirv.Constant 1 : i32
// OUT:             %1604 = spirv.IMul %1602, %1603 : i32
// OUT:             %1605 = spirv.IAdd %53, %1601 : i32
// OUT:             %1606 = spirv.IAdd %1162, %1604 : i32
// OUT:             %1607 = spirv.SLessThan %1605, %48 : bool
// OUT:             %1608 = spirv.SLessThan %1606, %50 : bool
// OUT:             %1609 = spirv.LogicalAnd %1607, %1608 : bool
// OUT:             %1610 = spirv.Constant 1 : i32
// OUT:             %1611 = spirv.ISub %48, %1610 : i32
// OUT:             %1612 = spirv.ISub %50, %1610 : i32
// OUT:             %1613 = spirv.GL.SMin %1605, %1611 : i32
// OUT:             %1614 = spirv.GL.SMin %1606, %1612 : i32
// OUT:             %1615 = spirv.Constant 0 : i32
// OUT:             %1616 = spirv.Constant 0 : i32
// OUT:             %1617 = spirv.Constant 0 : i32
// OUT:             %1618 = spirv.Constant 70 : i32
// OUT:             %1619 = spirv.IMul %1613, %1618 : i32
// OUT:             %1620 = spirv.IAdd %1619, %1614 : i32
// OUT:             %1621 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1622 = spirv.Constant 0 : i32
// OUT:             %1623 = spirv.AccessChain %1621, %1622, %1620 : ptr<f16, StorageBuffer>
// OUT:             %1624 = spirv.Load %1623 : f16
// OUT:             %1625 = spirv.Constant 0x0 : f16
// OUT:             %1626 = spirv.Select %1609, %1624, %1625 : f16
// OUT:             %1627 = spirv.Constant 0 : i32
// OUT:             %1628 = spirv.IAdd %26, %1627 : i32
// OUT:             %1629 = spirv.Constant 64 : i32
// OUT:             %1630 = spirv.SDiv %1628, %1629 : i32
// OUT:             %1631 = spirv.SRem %1628, %1629 : i32
// OUT:             %1632 = spirv.Constant 1 : i32
// OUT:             %1633 = spirv.IMul %1631, %1632 : i32
// OUT:             %1634 = spirv.IAdd %54, %1633 : i32
// OUT:             %1635 = spirv.IAdd %1162, %1630 : i32
// OUT:             %1636 = spirv.SLessThan %1634, %49 : bool
// OUT:             %1637 = spirv.SLessThan %1635, %50 : bool
// OUT:             %1638 = spirv.LogicalAnd %1636, %1637 : bool
// OUT:             %1639 = spirv.Constant 1 : i32
// OUT:             %1640 = spirv.ISub %49, %1639 : i32
// OUT:             %1641 = spirv.ISub %50, %1639 : i32
// OUT:             %1642 = spirv.GL.SMin %1634, %1640 : i32
// OUT:             %1643 = spirv.GL.SMin %1635, %1641 : i32
// OUT:             %1644 = spirv.Constant 0 : i32
// OUT:             %1645 = spirv.Constant 0 : i32
// OUT:             %1646 = spirv.Constant 0 : i32
// OUT:             %1647 = spirv.Constant 33 : i32
// OUT:             %1648 = spirv.IMul %1643, %1647 : i32
// OUT:             %1649 = spirv.IAdd %1648, %1642 : i32
// OUT:             %1650 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1651 = spirv.Constant 0 : i32
// OUT:             %1652 = spirv.AccessChain %1650, %1651, %1649 : ptr<f16, StorageBuffer>
// OUT:             %1653 = spirv.Load %1652 : f16
// OUT:             %1654 = spirv.Constant 0x0 : f16
// OUT:             %1655 = spirv.Select %1638, %1653, %1654 : f16
// OUT:             %1656 = spirv.Constant 128 : i32
// OUT:             %1657 = spirv.IAdd %26, %1656 : i32
// OUT:             %1658 = spirv.Constant 64 : i32
// OUT:             %1659 = spirv.SDiv %1657, %1658 : i32
// OUT:             %1660 = spirv.SRem %1657, %1658 : i32
// OUT:             %1661 = spirv.Constant 1 : i32
// OUT:             %1662 = spirv.IMul %1660, %1661 : i32
// OUT:             %1663 = spirv.IAdd %54, %1662 : i32
// OUT:             %1664 = spirv.IAdd %1162, %1659 : i32
// OUT:             %1665 = spirv.SLessThan %1663, %49 : bool
// OUT:             %1666 = spirv.SLessThan %1664, %50 : bool
// OUT:             %1667 = spirv.LogicalAnd %1665, %1666 : bool
// OUT:             %1668 = spirv.Constant 1 : i32
// OUT:             %1669 = spirv.ISub %49, %1668 : i32
// OUT:             %1670 = spirv.ISub %50, %1668 : i32
// OUT:             %1671 = spirv.GL.SMin %1663, %1669 : i32
// OUT:             %1672 = spirv.GL.SMin %1664, %1670 : i32
// OUT:             %1673 = spirv.Constant 0 : i32
// OUT:             %1674 = spirv.Constant 0 : i32
// OUT:             %1675 = spirv.Constant 0 : i32
// OUT:             %1676 = spirv.Constant 33 : i32
// OUT:             %1677 = spirv.IMul %1672, %1676 : i32
// OUT:             %1678 = spirv.IAdd %1677, %1671 : i32
// OUT:             %1679 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1680 = spirv.Constant 0 : i32
// OUT:             %1681 = spirv.AccessChain %1679, %1680, %1678 : ptr<f16, StorageBuffer>
// OUT:             %1682 = spirv.Load %1681 : f16
// OUT:             %1683 = spirv.Constant 0x0 : f16
// OUT:             %1684 = spirv.Select %1667, %1682, %1683 : f16
// OUT:             %1685 = spirv.Constant 256 : i32
// OUT:             %1686 = spirv.IAdd %26, %1685 : i32
// OUT:             %1687 = spirv.Constant 64 : i32
// OUT:             %1688 = spirv.SDiv %1686, %1687 : i32
// OUT:             %1689 = spirv.SRem %1686, %1687 : i32
// OUT:             %1690 = spirv.Constant 1 : i32
// OUT:             %1691 = spirv.IMul %1689, %1690 : i32
// OUT:             %1692 = spirv.IAdd %54, %1691 : i32
// OUT:             %1693 = spirv.IAdd %1162, %1688 : i32
// OUT:             %1694 = spirv.SLessThan %1692, %49 : bool
// OUT:             %1695 = spirv.SLessThan %1693, %50 : bool
// OUT:             %1696 = spirv.LogicalAnd %1694, %1695 : bool
// OUT:             %1697 = spirv.Constant 1 : i32
// OUT:             %1698 = spirv.ISub %49, %1697 : i32
// OUT:             %1699 = spirv.ISub %50, %1697 : i32
// OUT:             %1700 = spirv.GL.SMin %1692, %1698 : i32
// OUT:             %1701 = spirv.GL.SMin %1693, %1699 : i32
// OUT:             %1702 = spirv.Constant 0 : i32
// OUT:             %1703 = spirv.Constant 0 : i32
// OUT:             %1704 = spirv.Constant 0 : i32
// OUT:             %1705 = spirv.Constant 33 : i32
// OUT:             %1706 = spirv.IMul %1701, %1705 : i32
// OUT:             %1707 = spirv.IAdd %1706, %1700 : i32
// OUT:             %1708 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1709 = spirv.Constant 0 : i32
// OUT:             %1710 = spirv.AccessChain %1708, %1709, %1707 : ptr<f16, StorageBuffer>
// OUT:             %1711 = spirv.Load %1710 : f16
// OUT:             %1712 = spirv.Constant 0x0 : f16
// OUT:             %1713 = spirv.Select %1696, %1711, %1712 : f16
// OUT:             %1714 = spirv.Constant 384 : i32
// OUT:             %1715 = spirv.IAdd %26, %1714 : i32
// OUT:             %1716 = spirv.Constant 64 : i32
// OUT:             %1717 = spirv.SDiv %1715, %1716 : i32
// OUT:             %1718 = spirv.SRem %1715, %1716 : i32
// OUT:             %1719 = spirv.Constant 1 : i32
// OUT:             %1720 = spirv.IMul %1718, %1719 : i32
// OUT:             %1721 = spirv.IAdd %54, %1720 : i32
// OUT:             %1722 = spirv.IAdd %1162, %1717 : i32
// OUT:             %1723 = spirv.SLessThan %1721, %49 : bool
// OUT:             %1724 = spirv.SLessThan %1722, %50 : bool
// OUT:             %1725 = spirv.LogicalAnd %1723, %1724 : bool
// OUT:             %1726 = spirv.Constant 1 : i32
// OUT:             %1727 = spirv.ISub %49, %1726 : i32
// OUT:             %1728 = spirv.ISub %50, %1726 : i32
// OUT:             %1729 = spirv.GL.SMin %1721, %1727 : i32
// OUT:             %1730 = spirv.GL.SMin %1722, %1728 : i32
// OUT:             %1731 = spirv.Constant 0 : i32
// OUT:             %1732 = spirv.Constant 0 : i32
// OUT:             %1733 = spirv.Constant 0 : i32
// OUT:             %1734 = spirv.Constant 33 : i32
// OUT:             %1735 = spirv.IMul %1730, %1734 : i32
// OUT:             %1736 = spirv.IAdd %1735, %1729 : i32
// OUT:             %1737 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1738 = spirv.Constant 0 : i32
// OUT:             %1739 = spirv.AccessChain %1737, %1738, %1736 : ptr<f16, StorageBuffer>
// OUT:             %1740 = spirv.Load %1739 : f16
// OUT:             %1741 = spirv.Constant 0x0 : f16
// OUT:             %1742 = spirv.Select %1725, %1740, %1741 : f16
// OUT:             %1743 = spirv.Constant 512 : i32
// OUT:             %1744 = spirv.IAdd %26, %1743 : i32
// OUT:             %1745 = spirv.Constant 64 : i32
// OUT:             %1746 = spirv.SDiv %1744, %1745 : i32
// OUT:             %1747 = spirv.SRem %1744, %1745 : i32
// OUT:             %1748 = spirv.Constant 1 : i32
// OUT:             %1749 = spirv.IMul %1747, %1748 : i32
// OUT:             %1750 = spirv.IAdd %54, %1749 : i32
// OUT:             %1751 = spirv.IAdd %1162, %1746 : i32
// OUT:             %1752 = spirv.SLessThan %1750, %49 : bool
// OUT:             %1753 = spirv.SLessThan %1751, %50 : bool
// OUT:             %1754 = spirv.LogicalAnd %1752, %1753 : bool
// OUT:             %1755 = spirv.Constant 1 : i32
// OUT:             %1756 = spirv.ISub %49, %1755 : i32
// OUT:             %1757 = spirv.ISub %50, %1755 : i32
// OUT:             %1758 = spirv.GL.SMin %1750, %1756 : i32
// OUT:             %1759 = spirv.GL.SMin %1751, %1757 : i32
// OUT:             %1760 = spirv.Constant 0 : i32
// OUT:             %1761 = spirv.Constant 0 : i32
// OUT:             %1762 = spirv.Constant 0 : i32
// OUT:             %1763 = spirv.Constant 33 : i32
// OUT:             %1764 = spirv.IMul %1759, %1763 : i32
// OUT:             %1765 = spirv.IAdd %1764, %1758 : i32
// OUT:             %1766 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1767 = spirv.Constant 0 : i32
// OUT:             %1768 = spirv.AccessChain %1766, %1767, %1765 : ptr<f16, StorageBuffer>
// OUT:             %1769 = spirv.Load %1768 : f16
// OUT:             %1770 = spirv.Constant 0x0 : f16
// OUT:             %1771 = spirv.Select %1754, %1769, %1770 : f16
// OUT:             %1772 = spirv.Constant 640 : i32
// OUT:             %1773 = spirv.IAdd %26, %1772 : i32
// OUT:             %1774 = spirv.Constant 64 : i32
// OUT:             %1775 = spirv.SDiv %1773, %1774 : i32
// OUT:             %1776 = spirv.SRem %1773, %1774 : i32
// OUT:             %1777 = spirv.Constant 1 : i32
// OUT:             %1778 = spirv.IMul %1776, %1777 : i32
// OUT:             %1779 = spirv.IAdd %54, %1778 : i32
// OUT:             %1780 = spirv.IAdd %1162, %1775 : i32
// OUT:             %1781 = spirv.SLessThan %1779, %49 : bool
// OUT:             %1782 = spirv.SLessThan %1780, %50 : bool
// OUT:             %1783 = spirv.LogicalAnd %1781, %1782 : bool
// OUT:             %1784 = spirv.Constant 1 : i32
// OUT:             %1785 = spirv.ISub %49, %1784 : i32
// OUT:             %1786 = spirv.ISub %50, %1784 : i32
// OUT:             %1787 = spirv.GL.SMin %1779, %1785 : i32
// OUT:             %1788 = spirv.GL.SMin %1780, %1786 : i32
// OUT:             %1789 = spirv.Constant 0 : i32
// OUT:             %1790 = spirv.Constant 0 : i32
// OUT:             %1791 = spirv.Constant 0 : i32
// OUT:             %1792 = spirv.Constant 33 : i32
// OUT:             %1793 = spirv.IMul %1788, %1792 : i32
// OUT:             %1794 = spirv.IAdd %1793, %1787 : i32
// OUT:             %1795 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1796 = spirv.Constant 0 : i32
// OUT:             %1797 = spirv.AccessChain %1795, %1796, %1794 : ptr<f16, StorageBuffer>
// OUT:             %1798 = spirv.Load %1797 : f16
// OUT:             %1799 = spirv.Constant 0x0 : f16
// OUT:             %1800 = spirv.Select %1783, %1798, %1799 : f16
// OUT:             %1801 = spirv.Constant 768 : i32
// OUT:             %1802 = spirv.IAdd %26, %1801 : i32
// OUT:             %1803 = spirv.Constant 64 : i32
// OUT:             %1804 = spirv.SDiv %1802, %1803 : i32
// OUT:             %1805 = spirv.SRem %1802, %1803 : i32
// OUT:             %1806 = spirv.Constant 1 : i32
// OUT:             %1807 = spirv.IMul %1805, %1806 : i32
// OUT:             %1808 = spirv.IAdd %54, %1807 : i32
// OUT:             %1809 = spirv.IAdd %1162, %1804 : i32
// OUT:             %1810 = spirv.SLessThan %1808, %49 : bool
// OUT:             %1811 = spirv.SLessThan %1809, %50 : bool
// OUT:             %1812 = spirv.LogicalAnd %1810, %1811 : bool
// OUT:             %1813 = spirv.Constant 1 : i32
// OUT:             %1814 = spirv.ISub %49, %1813 : i32
// OUT:             %1815 = spirv.ISub %50, %1813 : i32
// OUT:             %1816 = spirv.GL.SMin %1808, %1814 : i32
// OUT:             %1817 = spirv.GL.SMin %1809, %1815 : i32
// OUT:             %1818 = spirv.Constant 0 : i32
// OUT:             %1819 = spirv.Constant 0 : i32
// OUT:             %1820 = spirv.Constant 0 : i32
// OUT:             %1821 = spirv.Constant 33 : i32
// OUT:             %1822 = spirv.IMul %1817, %1821 : i32
// OUT:             %1823 = spirv.IAdd %1822, %1816 : i32
// OUT:             %1824 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1825 = spirv.Constant 0 : i32
// OUT:             %1826 = spirv.AccessChain %1824, %1825, %1823 : ptr<f16, StorageBuffer>
// OUT:             %1827 = spirv.Load %1826 : f16
// OUT:             %1828 = spirv.Constant 0x0 : f16
// OUT:             %1829 = spirv.Select %1812, %1827, %1828 : f16
// OUT:             %1830 = spirv.Constant 896 : i32
// OUT:             %1831 = spirv.IAdd %26, %1830 : i32
// OUT:             %1832 = spirv.Constant 64 : i32
// OUT:             %1833 = spirv.SDiv %1831, %1832 : i32
// OUT:             %1834 = spirv.SRem %1831, %1832 : i32
// OUT:             %1835 = spirv.Constant 1 : i32
// OUT:             %1836 = spirv.IMul %1834, %1835 : i32
// OUT:             %1837 = spirv.IAdd %54, %1836 : i32
// OUT:             %1838 = spirv.IAdd %1162, %1833 : i32
// OUT:             %1839 = spirv.SLessThan %1837, %49 : bool
// OUT:             %1840 = spirv.SLessThan %1838, %50 : bool
// OUT:             %1841 = spirv.LogicalAnd %1839, %1840 : bool
// OUT:             %1842 = spirv.Constant 1 : i32
// OUT:             %1843 = spirv.ISub %49, %1842 : i32
// OUT:             %1844 = spirv.ISub %50, %1842 : i32
// OUT:             %1845 = spirv.GL.SMin %1837, %1843 : i32
// OUT:             %1846 = spirv.GL.SMin %1838, %1844 : i32
// OUT:             %1847 = spirv.Constant 0 : i32
// OUT:             %1848 = spirv.Constant 0 : i32
// OUT:             %1849 = spirv.Constant 0 : i32
// OUT:             %1850 = spirv.Constant 33 : i32
// OUT:             %1851 = spirv.IMul %1846, %1850 : i32
// OUT:             %1852 = spirv.IAdd %1851, %1845 : i32
// OUT:             %1853 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1854 = spirv.Constant 0 : i32
// OUT:             %1855 = spirv.AccessChain %1853, %1854, %1852 : ptr<f16, StorageBuffer>
// OUT:             %1856 = spirv.Load %1855 : f16
// OUT:             %1857 = spirv.Constant 0x0 : f16
// OUT:             %1858 = spirv.Select %1841, %1856, %1857 : f16
// OUT:             %1859 = spirv.Constant 1024 : i32
// OUT:             %1860 = spirv.IAdd %26, %1859 : i32
// OUT:             %1861 = spirv.Constant 64 : i32
// OUT:             %1862 = spirv.SDiv %1860, %1861 : i32
// OUT:             %1863 = spirv.SRem %1860, %1861 : i32
// OUT:             %1864 = spirv.Constant 1 : i32
// OUT:             %1865 = spirv.IMul %1863, %1864 : i32
// OUT:             %1866 = spirv.IAdd %54, %1865 : i32
// OUT:             %1867 = spirv.IAdd %1162, %1862 : i32
// OUT:             %1868 = spirv.SLessThan %1866, %49 : bool
// OUT:             %1869 = spirv.SLessThan %1867, %50 : bool
// OUT:             %1870 = spirv.LogicalAnd %1868, %1869 : bool
// OUT:             %1871 = spirv.Constant 1 : i32
// OUT:             %1872 = spirv.ISub %49, %1871 : i32
// OUT:             %1873 = spirv.ISub %50, %1871 : i32
// OUT:             %1874 = spirv.GL.SMin %1866, %1872 : i32
// OUT:             %1875 = spirv.GL.SMin %1867, %1873 : i32
// OUT:             %1876 = spirv.Constant 0 : i32
// OUT:             %1877 = spirv.Constant 0 : i32
// OUT:             %1878 = spirv.Constant 0 : i32
// OUT:             %1879 = spirv.Constant 33 : i32
// OUT:             %1880 = spirv.IMul %1875, %1879 : i32
// OUT:             %1881 = spirv.IAdd %1880, %1874 : i32
// OUT:             %1882 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1883 = spirv.Constant 0 : i32
// OUT:             %1884 = spirv.AccessChain %1882, %1883, %1881 : ptr<f16, StorageBuffer>
// OUT:             %1885 = spirv.Load %1884 : f16
// OUT:             %1886 = spirv.Constant 0x0 : f16
// OUT:             %1887 = spirv.Select %1870, %1885, %1886 : f16
// OUT:             %1888 = spirv.Constant 1152 : i32
// OUT:             %1889 = spirv.IAdd %26, %1888 : i32
// OUT:             %1890 = spirv.Constant 64 : i32
// OUT:             %1891 = spirv.SDiv %1889, %1890 : i32
// OUT:             %1892 = spirv.SRem %1889, %1890 : i32
// OUT:             %1893 = spirv.Constant 1 : i32
// OUT:             %1894 = spirv.IMul %1892, %1893 : i32
// OUT:             %1895 = spirv.IAdd %54, %1894 : i32
// OUT:             %1896 = spirv.IAdd %1162, %1891 : i32
// OUT:             %1897 = spirv.SLessThan %1895, %49 : bool
// OUT:             %1898 = spirv.SLessThan %1896, %50 : bool
// OUT:             %1899 = spirv.LogicalAnd %1897, %1898 : bool
// OUT:             %1900 = spirv.Constant 1 : i32
// OUT:             %1901 = spirv.ISub %49, %1900 : i32
// OUT:             %1902 = spirv.ISub %50, %1900 : i32
// OUT:             %1903 = spirv.GL.SMin %1895, %1901 : i32
// OUT:             %1904 = spirv.GL.SMin %1896, %1902 : i32
// OUT:             %1905 = spirv.Constant 0 : i32
// OUT:             %1906 = spirv.Constant 0 : i32
// OUT:             %1907 = spirv.Constant 0 : i32
// OUT:             %1908 = spirv.Constant 33 : i32
// OUT:             %1909 = spirv.IMul %1904, %1908 : i32
// OUT:             %1910 = spirv.IAdd %1909, %1903 : i32
// OUT:             %1911 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1912 = spirv.Constant 0 : i32
// OUT:             %1913 = spirv.AccessChain %1911, %1912, %1910 : ptr<f16, StorageBuffer>
// OUT:             %1914 = spirv.Load %1913 : f16
// OUT:             %1915 = spirv.Constant 0x0 : f16
// OUT:             %1916 = spirv.Select %1899, %1914, %1915 : f16
// OUT:             %1917 = spirv.Constant 1280 : i32
// OUT:             %1918 = spirv.IAdd %26, %1917 : i32
// OUT:             %1919 = spirv.Constant 64 : i32
// OUT:             %1920 = spirv.SDiv %1918, %1919 : i32
// OUT:             %1921 = spirv.SRem %1918, %1919 : i32
// OUT:             %1922 = spirv.Constant 1 : i32
// OUT:             %1923 = spirv.IMul %1921, %1922 : i32
// OUT:             %1924 = spirv.IAdd %54, %1923 : i32
// OUT:             %1925 = spirv.IAdd %1162, %1920 : i32
// OUT:             %1926 = spirv.SLessThan %1924, %49 : bool
// OUT:             %1927 = spirv.SLessThan %1925, %50 : bool
// OUT:             %1928 = spirv.LogicalAnd %1926, %1927 : bool
// OUT:             %1929 = spirv.Constant 1 : i32
// OUT:             %1930 = spirv.ISub %49, %1929 : i32
// OUT:             %1931 = spirv.ISub %50, %1929 : i32
// OUT:             %1932 = spirv.GL.SMin %1924, %1930 : i32
// OUT:             %1933 = spirv.GL.SMin %1925, %1931 : i32
// OUT:             %1934 = spirv.Constant 0 : i32
// OUT:             %1935 = spirv.Constant 0 : i32
// OUT:             %1936 = spirv.Constant 0 : i32
// OUT:             %1937 = spirv.Constant 33 : i32
// OUT:             %1938 = spirv.IMul %1933, %1937 : i32
// OUT:             %1939 = spirv.IAdd %1938, %1932 : i32
// OUT:             %1940 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1941 = spirv.Constant 0 : i32
// OUT:             %1942 = spirv.AccessChain %1940, %1941, %1939 : ptr<f16, StorageBuffer>
// OUT:             %1943 = spirv.Load %1942 : f16
// OUT:             %1944 = spirv.Constant 0x0 : f16
// OUT:             %1945 = spirv.Select %1928, %1943, %1944 : f16
// OUT:             %1946 = spirv.Constant 1408 : i32
// OUT:             %1947 = spirv.IAdd %26, %1946 : i32
// OUT:             %1948 = spirv.Constant 64 : i32
// OUT:             %1949 = spirv.SDiv %1947, %1948 : i32
// OUT:             %1950 = spirv.SRem %1947, %1948 : i32
// OUT:             %1951 = spirv.Constant 1 : i32
// OUT:             %1952 = spirv.IMul %1950, %1951 : i32
// OUT:             %1953 = spirv.IAdd %54, %1952 : i32
// OUT:             %1954 = spirv.IAdd %1162, %1949 : i32
// OUT:             %1955 = spirv.SLessThan %1953, %49 : bool
// OUT:             %1956 = spirv.SLessThan %1954, %50 : bool
// OUT:             %1957 = spirv.LogicalAnd %1955, %1956 : bool
// OUT:             %1958 = spirv.Constant 1 : i32
// OUT:             %1959 = spirv.ISub %49, %1958 : i32
// OUT:             %1960 = spirv.ISub %50, %1958 : i32
// OUT:             %1961 = spirv.GL.SMin %1953, %1959 : i32
// OUT:             %1962 = spirv.GL.SMin %1954, %1960 : i32
// OUT:             %1963 = spirv.Constant 0 : i32
// OUT:             %1964 = spirv.Constant 0 : i32
// OUT:             %1965 = spirv.Constant 0 : i32
// OUT:             %1966 = spirv.Constant 33 : i32
// OUT:             %1967 = spirv.IMul %1962, %1966 : i32
// OUT:             %1968 = spirv.IAdd %1967, %1961 : i32
// OUT:             %1969 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1970 = spirv.Constant 0 : i32
// OUT:             %1971 = spirv.AccessChain %1969, %1970, %1968 : ptr<f16, StorageBuffer>
// OUT:             %1972 = spirv.Load %1971 : f16
// OUT:             %1973 = spirv.Constant 0x0 : f16
// OUT:             %1974 = spirv.Select %1957, %1972, %1973 : f16
// OUT:             %1975 = spirv.Constant 1536 : i32
// OUT:             %1976 = spirv.IAdd %26, %1975 : i32
// OUT:             %1977 = spirv.Constant 64 : i32
// OUT:             %1978 = spirv.SDiv %1976, %1977 : i32
// OUT:             %1979 = spirv.SRem %1976, %1977 : i32
// OUT:             %1980 = spirv.Constant 1 : i32
// OUT:             %1981 = spirv.IMul %1979, %1980 : i32
// OUT:             %1982 = spirv.IAdd %54, %1981 : i32
// OUT:             %1983 = spirv.IAdd %1162, %1978 : i32
// OUT:             %1984 = spirv.SLessThan %1982, %49 : bool
// OUT:             %1985 = spirv.SLessThan %1983, %50 : bool
// OUT:             %1986 = spirv.LogicalAnd %1984, %1985 : bool
// OUT:             %1987 = spirv.Constant 1 : i32
// OUT:             %1988 = spirv.ISub %49, %1987 : i32
// OUT:             %1989 = spirv.ISub %50, %1987 : i32
// OUT:             %1990 = spirv.GL.SMin %1982, %1988 : i32
// OUT:             %1991 = spirv.GL.SMin %1983, %1989 : i32
// OUT:             %1992 = spirv.Constant 0 : i32
// OUT:             %1993 = spirv.Constant 0 : i32
// OUT:             %1994 = spirv.Constant 0 : i32
// OUT:             %1995 = spirv.Constant 33 : i32
// OUT:             %1996 = spirv.IMul %1991, %1995 : i32
// OUT:             %1997 = spirv.IAdd %1996, %1990 : i32
// OUT:             %1998 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %1999 = spirv.Constant 0 : i32
// OUT:             %2000 = spirv.AccessChain %1998, %1999, %1997 : ptr<f16, StorageBuffer>
// OUT:             %2001 = spirv.Load %2000 : f16
// OUT:             %2002 = spirv.Constant 0x0 : f16
// OUT:             %2003 = spirv.Select %1986, %2001, %2002 : f16
// OUT:             %2004 = spirv.Constant 1664 : i32
// OUT:             %2005 = spirv.IAdd %26, %2004 : i32
// OUT:             %2006 = spirv.Constant 64 : i32
// OUT:             %2007 = spirv.SDiv %2005, %2006 : i32
// OUT:             %2008 = spirv.SRem %2005, %2006 : i32
// OUT:             %2009 = spirv.Constant 1 : i32
// OUT:             %2010 = spirv.IMul %2008, %2009 : i32
// OUT:             %2011 = spirv.IAdd %54, %2010 : i32
// OUT:             %2012 = spirv.IAdd %1162, %2007 : i32
// OUT:             %2013 = spirv.SLessThan %2011, %49 : bool
// OUT:             %2014 = spirv.SLessThan %2012, %50 : bool
// OUT:             %2015 = spirv.LogicalAnd %2013, %2014 : bool
// OUT:             %2016 = spirv.Constant 1 : i32
// OUT:             %2017 = spirv.ISub %49, %2016 : i32
// OUT:             %2018 = spirv.ISub %50, %2016 : i32
// OUT:             %2019 = spirv.GL.SMin %2011, %2017 : i32
// OUT:             %2020 = spirv.GL.SMin %2012, %2018 : i32
// OUT:             %2021 = spirv.Constant 0 : i32
// OUT:             %2022 = spirv.Constant 0 : i32
// OUT:             %2023 = spirv.Constant 0 : i32
// OUT:             %2024 = spirv.Constant 33 : i32
// OUT:             %2025 = spirv.IMul %2020, %2024 : i32
// OUT:             %2026 = spirv.IAdd %2025, %2019 : i32
// OUT:             %2027 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %2028 = spirv.Constant 0 : i32
// OUT:             %2029 = spirv.AccessChain %2027, %2028, %2026 : ptr<f16, StorageBuffer>
// OUT:             %2030 = spirv.Load %2029 : f16
// OUT:             %2031 = spirv.Constant 0x0 : f16
// OUT:             %2032 = spirv.Select %2015, %2030, %2031 : f16
// OUT:             %2033 = spirv.Constant 1792 : i32
// OUT:             %2034 = spirv.IAdd %26, %2033 : i32
// OUT:             %2035 = spirv.Constant 64 : i32
// OUT:             %2036 = spirv.SDiv %2034, %2035 : i32
// OUT:             %2037 = spirv.SRem %2034, %2035 : i32
// OUT:             %2038 = spirv.Constant 1 : i32
// OUT:             %2039 = spirv.IMul %2037, %2038 : i32
// OUT:             %2040 = spirv.IAdd %54, %2039 : i32
// OUT:             %2041 = spirv.IAdd %1162, %2036 : i32
// OUT:             %2042 = spirv.SLessThan %2040, %49 : bool
// OUT:             %2043 = spirv.SLessThan %2041, %50 : bool
// OUT:             %2044 = spirv.LogicalAnd %2042, %2043 : bool
// OUT:             %2045 = spirv.Constant 1 : i32
// OUT:             %2046 = spirv.ISub %49, %2045 : i32
// OUT:             %2047 = spirv.ISub %50, %2045 : i32
// OUT:             %2048 = spirv.GL.SMin %2040, %2046 : i32
// OUT:             %2049 = spirv.GL.SMin %2041, %2047 : i32
// OUT:             %2050 = spirv.Constant 0 : i32
// OUT:             %2051 = spirv.Constant 0 : i32
// OUT:             %2052 = spirv.Constant 0 : i32
// OUT:             %2053 = spirv.Constant 33 : i32
// OUT:             %2054 = spirv.IMul %2049, %2053 : i32
// OUT:             %2055 = spirv.IAdd %2054, %2048 : i32
// OUT:             %2056 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %2057 = spirv.Constant 0 : i32
// OUT:             %2058 = spirv.AccessChain %2056, %2057, %2055 : ptr<f16, StorageBuffer>
// OUT:             %2059 = spirv.Load %2058 : f16
// OUT:             %2060 = spirv.Constant 0x0 : f16
// OUT:             %2061 = spirv.Select %2044, %2059, %2060 : f16
// OUT:             %2062 = spirv.Constant 1920 : i32
// OUT:             %2063 = spirv.IAdd %26, %2062 : i32
// OUT:             %2064 = spirv.Constant 64 : i32
// OUT:             %2065 = spirv.SDiv %2063, %2064 : i32
// OUT:             %2066 = spirv.SRem %2063, %2064 : i32
// OUT:             %2067 = spirv.Constant 1 : i32
// OUT:             %2068 = spirv.IMul %2066, %2067 : i32
// OUT:             %2069 = spirv.IAdd %54, %2068 : i32
// OUT:             %2070 = spirv.IAdd %1162, %2065 : i32
// OUT:             %2071 = spirv.SLessThan %2069, %49 : bool
// OUT:             %2072 = spirv.SLessThan %2070, %50 : bool
// OUT:             %2073 = spirv.LogicalAnd %2071, %2072 : bool
// OUT:             %2074 = spirv.Constant 1 : i32
// OUT:             %2075 = spirv.ISub %49, %2074 : i32
// OUT:             %2076 = spirv.ISub %50, %2074 : i32
// OUT:             %2077 = spirv.GL.SMin %2069, %2075 : i32
// OUT:             %2078 = spirv.GL.SMin %2070, %2076 : i32
// OUT:             %2079 = spirv.Constant 0 : i32
// OUT:             %2080 = spirv.Constant 0 : i32
// OUT:             %2081 = spirv.Constant 0 : i32
// OUT:             %2082 = spirv.Constant 33 : i32
// OUT:             %2083 = spirv.IMul %2078, %2082 : i32
// OUT:             %2084 = spirv.IAdd %2083, %2077 : i32
// OUT:             %2085 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %2086 = spirv.Constant 0 : i32
// OUT:             %2087 = spirv.AccessChain %2085, %2086, %2084 : ptr<f16, StorageBuffer>
// OUT:             %2088 = spirv.Load %2087 : f16
// OUT:             %2089 = spirv.Constant 0x0 : f16
// OUT:             %2090 = spirv.Select %2073, %2088, %2089 : f16
// OUT:             %2091 = spirv.Constant 0 : i32
// OUT:             %2092 = spirv.Constant 0 : i32
// OUT:             %2093 = spirv.IAdd %46, %2092 : i32
// OUT:             %2094 = spirv.IMul %2093, %56 : i32
// OUT:             %2095 = spirv.IAdd %2094, %2091 : i32
// OUT:             %2096 = spirv.IAdd %2095, %1160 : i32
// OUT:             %2097 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:             %2098 = spirv.AccessChain %2097, %2096 : ptr<f16, Workgroup>
// OUT:             %2099 = spirv.Constant 0 : u32
// OUT:             %2100 = spirv.CooperativeMatrixLoadKHR %2098, %2099, %56 : coopmatrix<16 x 16 x f16, Subgroup, MatrixAKHR>
// OUT:             %2101 = spirv.Constant 16 : i32
// OUT:             %2102 = spirv.IAdd %46, %2101 : i32
// OUT:             %2103 = spirv.IMul %2102, %56 : i32
// OUT:             %2104 = spirv.IAdd %2103, %2091 : i32
// OUT:             %2105 = spirv.IAdd %2104, %1160 : i32
// OUT:             %2106 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:             %2107 = spirv.AccessChain %2106, %2105 : ptr<f16, Workgroup>
// OUT:             %2108 = spirv.Constant 0 : u32
// OUT:             %2109 = spirv.CooperativeMatrixLoadKHR %2107, %2108, %56 : coopmatrix<16 x 16 x f16, Subgroup, MatrixAKHR>
// OUT:             %2110 = spirv.Constant 0 : i32
// OUT:             %2111 = spirv.IAdd %47, %2110 : i32
// OUT:             %2112 = spirv.IMul %2091, %57 : i32
// OUT:             %2113 = spirv.IAdd %2112, %2111 : i32
// OUT:             %2114 = spirv.IAdd %2113, %1161 : i32
// OUT:             %2115 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:             %2116 = spirv.AccessChain %2115, %2114 : ptr<f16, Workgroup>
// OUT:             %2117 = spirv.Constant 0 : u32
// OUT:             %2118 = spirv.CooperativeMatrixLoadKHR %2116, %2117, %57 : coopmatrix<16 x 16 x f16, Subgroup, MatrixBKHR>
// OUT:             %2119 = spirv.Constant 16 : i32
// OUT:             %2120 = spirv.IAdd %47, %2119 : i32
// OUT:             %2121 = spirv.IMul %2091, %57 : i32
// OUT:             %2122 = spirv.IAdd %2121, %2120 : i32
// OUT:             %2123 = spirv.IAdd %2122, %1161 : i32
// OUT:             %2124 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:             %2125 = spirv.AccessChain %2124, %2123 : ptr<f16, Workgroup>
// OUT:             %2126 = spirv.Constant 0 : u32
// OUT:             %2127 = spirv.CooperativeMatrixLoadKHR %2125, %2126, %57 : coopmatrix<16 x 16 x f16, Subgroup, MatrixBKHR>
// OUT:             %2128 = spirv.Load %29 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             %2129 = spirv.CooperativeMatrixMulAddKHR %2100, %2118, %2128 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             spirv.Store %29, %2129
// OUT:             %2130 = spirv.Load %30 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             %2131 = spirv.CooperativeMatrixMulAddKHR %2100, %2127, %2130 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             spirv.Store %30, %2131
// OUT:             %2132 = spirv.Load %31 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             %2133 = spirv.CooperativeMatrixMulAddKHR %2109, %2118, %2132 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             spirv.Store %31, %2133
// OUT:             %2134 = spirv.Load %32 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             %2135 = spirv.CooperativeMatrixMulAddKHR %2109, %2127, %2134 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             spirv.Store %32, %2135
// OUT:             %2136 = spirv.Constant 16 : i32
// OUT:             %2137 = spirv.Constant 0 : i32
// OUT:             %2138 = spirv.IAdd %46, %2137 : i32
// OUT:             %2139 = spirv.IMul %2138, %56 : i32
// OUT:             %2140 = spirv.IAdd %2139, %2136 : i32
// OUT:             %2141 = spirv.IAdd %2140, %1160 : i32
// OUT:             %2142 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:             %2143 = spirv.AccessChain %2142, %2141 : ptr<f16, Workgroup>
// OUT:             %2144 = spirv.Constant 0 : u32
// OUT:             %2145 = spirv.CooperativeMatrixLoadKHR %2143, %2144, %56 : coopmatrix<16 x 16 x f16, Subgroup, MatrixAKHR>
// OUT:             %2146 = spirv.Constant 16 : i32
// OUT:             %2147 = spirv.IAdd %46, %2146 : i32
// OUT:             %2148 = spirv.IMul %2147, %56 : i32
// OUT:             %2149 = spirv.IAdd %2148, %2136 : i32
// OUT:             %2150 = spirv.IAdd %2149, %1160 : i32
// OUT:             %2151 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:             %2152 = spirv.AccessChain %2151, %2150 : ptr<f16, Workgroup>
// OUT:             %2153 = spirv.Constant 0 : u32
// OUT:             %2154 = spirv.CooperativeMatrixLoadKHR %2152, %2153, %56 : coopmatrix<16 x 16 x f16, Subgroup, MatrixAKHR>
// OUT:             %2155 = spirv.Constant 0 : i32
// OUT:             %2156 = spirv.IAdd %47, %2155 : i32
// OUT:             %2157 = spirv.IMul %2136, %57 : i32
// OUT:             %2158 = spirv.IAdd %2157, %2156 : i32
// OUT:             %2159 = spirv.IAdd %2158, %1161 : i32
// OUT:             %2160 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:             %2161 = spirv.AccessChain %2160, %2159 : ptr<f16, Workgroup>
// OUT:             %2162 = spirv.Constant 0 : u32
// OUT:             %2163 = spirv.CooperativeMatrixLoadKHR %2161, %2162, %57 : coopmatrix<16 x 16 x f16, Subgroup, MatrixBKHR>
// OUT:             %2164 = spirv.Constant 16 : i32
// OUT:             %2165 = spirv.IAdd %47, %2164 : i32
// OUT:             %2166 = spirv.IMul %2136, %57 : i32
// OUT:             %2167 = spirv.IAdd %2166, %2165 : i32
// OUT:             %2168 = spirv.IAdd %2167, %1161 : i32
// OUT:             %2169 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:             %2170 = spirv.AccessChain %2169, %2168 : ptr<f16, Workgroup>
// OUT:             %2171 = spirv.Constant 0 : u32
// OUT:             %2172 = spirv.CooperativeMatrixLoadKHR %2170, %2171, %57 : coopmatrix<16 x 16 x f16, Subgroup, MatrixBKHR>
// OUT:             %2173 = spirv.Load %29 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             %2174 = spirv.CooperativeMatrixMulAddKHR %2145, %2163, %2173 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             spirv.Store %29, %2174
// OUT:             %2175 = spirv.Load %30 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             %2176 = spirv.CooperativeMatrixMulAddKHR %2145, %2172, %2175 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             spirv.Store %30, %2176
// OUT:             %2177 = spirv.Load %31 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             %2178 = spirv.CooperativeMatrixMulAddKHR %2154, %2163, %2177 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             spirv.Store %31, %2178
// OUT:             %2179 = spirv.Load %32 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             %2180 = spirv.CooperativeMatrixMulAddKHR %2154, %2172, %2179 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:             spirv.Store %32, %2180
// OUT:             %2181 = spirv.ISub %59, %1157 : i32
// OUT:             %2182 = spirv.Constant 2560 : i32
// OUT:             %2183 = spirv.Constant 2304 : i32
// OUT:             %2184 = spirv.IMul %2181, %2182 : i32
// OUT:             %2185 = spirv.IMul %2181, %2183 : i32
// OUT:             %2186 = spirv.IMul %1166, %56 : i32
// OUT:             %2187 = spirv.IAdd %2186, %1169 : i32
// OUT:             %2188 = spirv.IAdd %2187, %2184 : i32
// OUT:             %2189 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:             %2190 = spirv.AccessChain %2189, %2188 : ptr<f16, Workgroup>
// OUT:             spirv.Store %2190, %1191
// OUT:             %2191 = spirv.IMul %1195, %56 : i32
// OUT:             %2192 = spirv.IAdd %2191, %1198 : i32
// OUT:             %2193 = spirv.IAdd %2192, %2184 : i32
// OUT:             %2194 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:             %2195 = spirv.AccessChain %2194, %2193 : ptr<f16, Workgroup>
// OUT:             spirv.Store %2195, %1220
// OUT:             %2196 = spirv.IMul %1224, %56 : i32
// OUT:             %2197 = spirv.IAdd %2196, %1227 : i32
// OUT:             %2198 = spirv.IAdd %2197, %2184 : i32
// OUT:             %2199 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:             %2200 = spirv.AccessChain %2199, %2198 : ptr<f16, Workgroup>
// OUT:             spirv.Store %2200, %1249
// OUT:             %2201 = spirv.IMul %1253, %56 : i32
// OUT:             %2202 = spirv.IAdd %2201, %1256 : i32
// OUT:             %2203 = spirv.IAdd %2202, %2184 : i32
// OUT:             %2204 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:             %2205 = spirv.AccessChain %2204, %2203 : ptr<f16, Workgroup>
// OUT:             spirv.Store %2205, %1278
// OUT:             %2206 = spirv.IMul %1282, %56 : i32
// OUT:             %2207 = spirv.IAdd %2206, %1285 : i32
// OUT:             %2208 = spirv.IAdd %2207, %2184 : i32
// OUT:             %2209 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:             %2210 = spirv.AccessChain %2209, %2208 : ptr<f16, Workgroup>
// OUT:             spirv.Store %2210, %1307
// OUT:             %2211 = spirv.IMul %1311, %56 : i32
// OUT:             %2212 = spirv.IAdd %2211, %1314 : i32
// OUT:             %2213 = spirv.IAdd %2212, %2184 : i32
// OUT:             %2214 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:             %2215 = spirv.AccessChain %2214, %2213 : ptr<f16, Workgroup>
// OUT:             spirv.Store %2215, %1336
// OUT:             %2216 = spirv.IMul %1340, %56 : i32
// OUT:             %2217 = spirv.IAdd %2216, %1343 : i32
// OUT:             %2218 = spirv.IAdd %2217, %2184 : i32
// OUT:             %2219 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:             %2220 = spirv.AccessChain %2219, %2218 : ptr<f16, Workgroup>
// OUT:             spirv.Store %2220, %1365
// OUT:             %2221 = spirv.IMul %1369, %56 : i32
// OUT:             %2222 = spirv.IAdd %2221, %1372 : i32
// OUT:             %2223 = spirv.IAdd %2222, %2184 : i32
// OUT:             %2224 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:             %2225 = spirv.AccessChain %2224, %2223 : ptr<f16, Workgroup>
// OUT:             spirv.Store %2225, %1394
// OUT:             %2226 = spirv.IMul %1398, %56 : i32
// OUT:             %2227 = spirv.IAdd %2226, %1401 : i32
// OUT:             %2228 = spirv.IAdd %2227, %2184 : i32
// OUT:             %2229 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:             %2230 = spirv.AccessChain %2229, %2228 : ptr<f16, Workgroup>
// OUT:             spirv.Store %2230, %1423
// OUT:             %2231 = spirv.IMul %1427, %56 : i32
// OUT:             %2232 = spirv.IAdd %2231, %1430 : i32
// OUT:             %2233 = spirv.IAdd %2232, %2184 : i32
// OUT:             %2234 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:             %2235 = spirv.AccessChain %2234, %2233 : ptr<f16, Workgroup>
// OUT:             spirv.Store %2235, %1452
// OUT:             %2236 = spirv.IMul %1456, %56 : i32
// OUT:             %2237 = spirv.IAdd %2236, %1459 : i32
// OUT:             %2238 = spirv.IAdd %2237, %2184 : i32
// OUT:             %2239 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:             %2240 = spirv.AccessChain %2239, %2238 : ptr<f16, Workgroup>
// OUT:             spirv.Store %2240, %1481
// OUT:             %2241 = spirv.IMul %1485, %56 : i32
// OUT:             %2242 = spirv.IAdd %2241, %1488 : i32
// OUT:             %2243 = spirv.IAdd %2242, %2184 : i32
// OUT:             %2244 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:             %2245 = spirv.AccessChain %2244, %2243 : ptr<f16, Workgroup>
// OUT:             spirv.Store %2245, %1510
// OUT:             %2246 = spirv.IMul %1514, %56 : i32
// OUT:             %2247 = spirv.IAdd %2246, %1517 : i32
// OUT:             %2248 = spirv.IAdd %2247, %2184 : i32
// OUT:             %2249 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:             %2250 = spirv.AccessChain %2249, %2248 : ptr<f16, Workgroup>
// OUT:             spirv.Store %2250, %1539
// OUT:             %2251 = spirv.IMul %1543, %56 : i32
// OUT:             %2252 = spirv.IAdd %2251, %1546 : i32
// OUT:             %2253 = spirv.IAdd %2252, %2184 : i32
// OUT:             %2254 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:             %2255 = spirv.AccessChain %2254, %2253 : ptr<f16, Workgroup>
// OUT:             spirv.Store %2255, %1568
// OUT:             %2256 = spirv.IMul %1572, %56 : i32
// OUT:             %2257 = spirv.IAdd %2256, %1575 : i32
// OUT:             %2258 = spirv.IAdd %2257, %2184 : i32
// OUT:             %2259 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:             %2260 = spirv.AccessChain %2259, %2258 : ptr<f16, Workgroup>
// OUT:             spirv.Store %2260, %1597
// OUT:             %2261 = spirv.IMul %1601, %56 : i32
// OUT:             %2262 = spirv.IAdd %2261, %1604 : i32
// OUT:             %2263 = spirv.IAdd %2262, %2184 : i32
// OUT:             %2264 = spirv.mlir.addressof @lhs_tile : ptr<array<5120 x f16>, Workgroup>
// OUT:             %2265 = spirv.AccessChain %2264, %2263 : ptr<f16, Workgroup>
// OUT:             spirv.Store %2265, %1626
// OUT:             %2266 = spirv.IMul %1630, %57 : i32
// OUT:             %2267 = spirv.IAdd %2266, %1633 : i32
// OUT:             %2268 = spirv.IAdd %2267, %2185 : i32
// OUT:             %2269 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:             %2270 = spirv.AccessChain %2269, %2268 : ptr<f16, Workgroup>
// OUT:             spirv.Store %2270, %1655
// OUT:             %2271 = spirv.IMul %1659, %57 : i32
// OUT:             %2272 = spirv.IAdd %2271, %1662 : i32
// OUT:             %2273 = spirv.IAdd %2272, %2185 : i32
// OUT:             %2274 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:             %2275 = spirv.AccessChain %2274, %2273 : ptr<f16, Workgroup>
// OUT:             spirv.Store %2275, %1684
// OUT:             %2276 = spirv.IMul %1688, %57 : i32
// OUT:             %2277 = spirv.IAdd %2276, %1691 : i32
// OUT:             %2278 = spirv.IAdd %2277, %2185 : i32
// OUT:             %2279 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:             %2280 = spirv.AccessChain %2279, %2278 : ptr<f16, Workgroup>
// OUT:             spirv.Store %2280, %1713
// OUT:             %2281 = spirv.IMul %1717, %57 : i32
// OUT:             %2282 = spirv.IAdd %2281, %1720 : i32
// OUT:             %2283 = spirv.IAdd %2282, %2185 : i32
// OUT:             %2284 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:             %2285 = spirv.AccessChain %2284, %2283 : ptr<f16, Workgroup>
// OUT:             spirv.Store %2285, %1742
// OUT:             %2286 = spirv.IMul %1746, %57 : i32
// OUT:             %2287 = spirv.IAdd %2286, %1749 : i32
// OUT:             %2288 = spirv.IAdd %2287, %2185 : i32
// OUT:             %2289 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:             %2290 = spirv.AccessChain %2289, %2288 : ptr<f16, Workgroup>
// OUT:             spirv.Store %2290, %1771
// OUT:             %2291 = spirv.IMul %1775, %57 : i32
// OUT:             %2292 = spirv.IAdd %2291, %1778 : i32
// OUT:             %2293 = spirv.IAdd %2292, %2185 : i32
// OUT:             %2294 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:             %2295 = spirv.AccessChain %2294, %2293 : ptr<f16, Workgroup>
// OUT:             spirv.Store %2295, %1800
// OUT:             %2296 = spirv.IMul %1804, %57 : i32
// OUT:             %2297 = spirv.IAdd %2296, %1807 : i32
// OUT:             %2298 = spirv.IAdd %2297, %2185 : i32
// OUT:             %2299 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:             %2300 = spirv.AccessChain %2299, %2298 : ptr<f16, Workgroup>
// OUT:             spirv.Store %2300, %1829
// OUT:             %2301 = spirv.IMul %1833, %57 : i32
// OUT:             %2302 = spirv.IAdd %2301, %1836 : i32
// OUT:             %2303 = spirv.IAdd %2302, %2185 : i32
// OUT:             %2304 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:             %2305 = spirv.AccessChain %2304, %2303 : ptr<f16, Workgroup>
// OUT:             spirv.Store %2305, %1858
// OUT:             %2306 = spirv.IMul %1862, %57 : i32
// OUT:             %2307 = spirv.IAdd %2306, %1865 : i32
// OUT:             %2308 = spirv.IAdd %2307, %2185 : i32
// OUT:             %2309 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:             %2310 = spirv.AccessChain %2309, %2308 : ptr<f16, Workgroup>
// OUT:             spirv.Store %2310, %1887
// OUT:             %2311 = spirv.IMul %1891, %57 : i32
// OUT:             %2312 = spirv.IAdd %2311, %1894 : i32
// OUT:             %2313 = spirv.IAdd %2312, %2185 : i32
// OUT:             %2314 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:             %2315 = spirv.AccessChain %2314, %2313 : ptr<f16, Workgroup>
// OUT:             spirv.Store %2315, %1916
// OUT:             %2316 = spirv.IMul %1920, %57 : i32
// OUT:             %2317 = spirv.IAdd %2316, %1923 : i32
// OUT:             %2318 = spirv.IAdd %2317, %2185 : i32
// OUT:             %2319 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:             %2320 = spirv.AccessChain %2319, %2318 : ptr<f16, Workgroup>
// OUT:             spirv.Store %2320, %1945
// OUT:             %2321 = spirv.IMul %1949, %57 : i32
// OUT:             %2322 = spirv.IAdd %2321, %1952 : i32
// OUT:             %2323 = spirv.IAdd %2322, %2185 : i32
// OUT:             %2324 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:             %2325 = spirv.AccessChain %2324, %2323 : ptr<f16, Workgroup>
// OUT:             spirv.Store %2325, %1974
// OUT:             %2326 = spirv.IMul %1978, %57 : i32
// OUT:             %2327 = spirv.IAdd %2326, %1981 : i32
// OUT:             %2328 = spirv.IAdd %2327, %2185 : i32
// OUT:             %2329 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:             %2330 = spirv.AccessChain %2329, %2328 : ptr<f16, Workgroup>
// OUT:             spirv.Store %2330, %2003
// OUT:             %2331 = spirv.IMul %2007, %57 : i32
// OUT:             %2332 = spirv.IAdd %2331, %2010 : i32
// OUT:             %2333 = spirv.IAdd %2332, %2185 : i32
// OUT:             %2334 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:             %2335 = spirv.AccessChain %2334, %2333 : ptr<f16, Workgroup>
// OUT:             spirv.Store %2335, %2032
// OUT:             %2336 = spirv.IMul %2036, %57 : i32
// OUT:             %2337 = spirv.IAdd %2336, %2039 : i32
// OUT:             %2338 = spirv.IAdd %2337, %2185 : i32
// OUT:             %2339 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:             %2340 = spirv.AccessChain %2339, %2338 : ptr<f16, Workgroup>
// OUT:             spirv.Store %2340, %2061
// OUT:             %2341 = spirv.IMul %2065, %57 : i32
// OUT:             %2342 = spirv.IAdd %2341, %2068 : i32
// OUT:             %2343 = spirv.IAdd %2342, %2185 : i32
// OUT:             %2344 = spirv.mlir.addressof @rhs_tile : ptr<array<4608 x f16>, Workgroup>
// OUT:             %2345 = spirv.AccessChain %2344, %2343 : ptr<f16, Workgroup>
// OUT:             spirv.Store %2345, %2090
// OUT:             spirv.ControlBarrier scope<Workgroup>, scope<Workgroup>, semantics<ACQUIRE_RELEASE|WORKGROUP_MEMORY>
// OUT:             spirv.Branch ^bb7(%1154)
// OUT:           ^bb7(%2346: i32):
// OUT:             %2347 = spirv.IAdd %2346, %61 : i32
// OUT:             spirv.Branch ^bb5(%2347)
// OUT:           ^bb8:
// OUT:             spirv.mlir.merge
// OUT:         }
// OUT:         %2348 = spirv.Constant 20 : i32
// OUT:         %2349 = spirv.Constant 16 : i32
// OUT:         %2350 = spirv.Load %29 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:         %2351 = spirv.mlir.addressof @result_scratch : ptr<array<1280 x f32>, Workgroup>
// OUT:         %2352 = spirv.AccessChain %2351, %45 : ptr<f32, Workgroup>
// OUT:         %2353 = spirv.Constant 0 : u32
// OUT:         spirv.CooperativeMatrixStoreKHR %2352, %2350, %2353, %2348
// OUT:         spirv.ControlBarrier scope<Workgroup>, scope<Workgroup>, semantics<ACQUIRE_RELEASE|WORKGROUP_MEMORY>
// OUT:         %2354 = spirv.Constant 0 : i32
// OUT:         %2355 = spirv.Constant 0 : i32
// OUT:         %2356 = spirv.IAdd %46, %2354 : i32
// OUT:         %2357 = spirv.IAdd %53, %2356 : i32
// OUT:         %2358 = spirv.IAdd %47, %2355 : i32
// OUT:         %2359 = spirv.IAdd %54, %2358 : i32
// OUT:         %2360 = spirv.Constant 256 : i32
// OUT:         %2361 = spirv.Constant 32 : i32
// OUT:         spirv.mlir.loop {
// OUT:           ^bb9:
// OUT:             spirv.Branch ^bb10(%38)
// OUT:           ^bb10(%2362: i32):
// OUT:             %2363 = spirv.SLessThan %2362, %2360 : bool
// OUT:             spirv.BranchConditional %2363, ^bb11, ^bb13
// OUT:           ^bb11:
// OUT:             %2364 = spirv.SDiv %2362, %2349 : i32
// OUT:             %2365 = spirv.SRem %2362, %2349 : i32
// OUT:             %2366 = spirv.IAdd %2357, %2364 : i32
// OUT:             %2367 = spirv.IAdd %2359, %2365 : i32
// OUT:             %2368 = spirv.SLessThan %2366, %48 : bool
// OUT:             %2369 = spirv.SLessThan %2367, %49 : bool
// OUT:             %2370 = spirv.LogicalAnd %2368, %2369 : bool
// OUT:             spirv.mlir.selection {
// OUT:               ^bb14:
// OUT:                 spirv.BranchConditional %2370, ^bb15, ^bb16
// OUT:               ^bb15:
// OUT:                 %2371 = spirv.Constant 0 : i32
// OUT:                 %2372 = spirv.IMul %2364, %2348 : i32
// OUT:                 %2373 = spirv.IAdd %2372, %2365 : i32
// OUT:                 %2374 = spirv.IAdd %2373, %45 : i32
// OUT:                 %2375 = spirv.mlir.addressof @result_scratch : ptr<array<1280 x f32>, Workgroup>
// OUT:                 %2376 = spirv.AccessChain %2375, %2374 : ptr<f32, Workgroup>
// OUT:                 %2377 = spirv.Load %2376 : f32
// OUT:                 %2378 = spirv.Constant 0.0 : f32
// OUT:                 %2379 = spirv.FAdd %2378, %2377 : f32
// OUT:                 %2380 = spirv.Constant 0 : i32
// OUT:                 %2381 = spirv.mlir.addressof @input2 : ptr<struct<(rtarray<f32, stride=4> offset(0)), Block>, StorageBuffer>
// OUT:                 %2382 = spirv.Constant 0 : i32
// OUT:                 %2383 = spirv.AccessChain %2381, %2382, %2367 : ptr<f32, StorageBuffer>
// OUT:                 %2384 = spirv.Load %2383 : f32
// OUT:                 %2385 = spirv.FAdd %2379, %2384 : f32
// OUT:                 %2386 = spirv.GL.FMax %2385, %2378 : f32
// OUT:                 %2387 = spirv.Constant 0 : i32
// OUT:                 %2388 = spirv.Constant 33 : i32
// OUT:                 %2389 = spirv.IMul %2366, %2388 : i32
// OUT:                 %2390 = spirv.IAdd %2389, %2367 : i32
// OUT:                 %2391 = spirv.mlir.addressof @output0 : ptr<struct<(rtarray<f32, stride=4> offset(0)), Block>, StorageBuffer>
// OUT:                 %2392 = spirv.Constant 0 : i32
// OUT:                 %2393 = spirv.AccessChain %2391, %2392, %2390 : ptr<f32, StorageBuffer>
// OUT:                 spirv.Store %2393, %2386
// OUT:                 spirv.Branch ^bb16
// OUT:               ^bb16:
// OUT:                 spirv.mlir.merge
// OUT:             }
// OUT:             spirv.Branch ^bb12(%2362)
// OUT:           ^bb12(%2394: i32):
// OUT:             %2395 = spirv.IAdd %2394, %2361 : i32
// OUT:             spirv.Branch ^bb10(%2395)
// OUT:           ^bb13:
// OUT:             spirv.mlir.merge
// OUT:         }
// OUT:         spirv.ControlBarrier scope<Workgroup>, scope<Workgroup>, semantics<ACQUIRE_RELEASE|WORKGROUP_MEMORY>
// OUT:         %2396 = spirv.Load %30 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:         %2397 = spirv.mlir.addressof @result_scratch : ptr<array<1280 x f32>, Workgroup>
// OUT:         %2398 = spirv.AccessChain %2397, %45 : ptr<f32, Workgroup>
// OUT:         %2399 = spirv.Constant 0 : u32
// OUT:         spirv.CooperativeMatrixStoreKHR %2398, %2396, %2399, %2348
// OUT:         spirv.ControlBarrier scope<Workgroup>, scope<Workgroup>, semantics<ACQUIRE_RELEASE|WORKGROUP_MEMORY>
// OUT:         %2400 = spirv.Constant 0 : i32
// OUT:         %2401 = spirv.Constant 16 : i32
// OUT:         %2402 = spirv.IAdd %46, %2400 : i32
// OUT:         %2403 = spirv.IAdd %53, %2402 : i32
// OUT:         %2404 = spirv.IAdd %47, %2401 : i32
// OUT:         %2405 = spirv.IAdd %54, %2404 : i32
// OUT:         %2406 = spirv.Constant 256 : i32
// OUT:         %2407 = spirv.Constant 32 : i32
// OUT:         spirv.mlir.loop {
// OUT:           ^bb17:
// OUT:             spirv.Branch ^bb18(%38)
// OUT:           ^bb18(%2408: i32):
// OUT:             %2409 = spirv.SLessThan %2408, %2406 : bool
// OUT:             spirv.BranchConditional %2409, ^bb19, ^bb21
// OUT:           ^bb19:
// OUT:             %2410 = spirv.SDiv %2408, %2349 : i32
// OUT:             %2411 = spirv.SRem %2408, %2349 : i32
// OUT:             %2412 = spirv.IAdd %2403, %2410 : i32
// OUT:             %2413 = spirv.IAdd %2405, %2411 : i32
// OUT:             %2414 = spirv.SLessThan %2412, %48 : bool
// OUT:             %2415 = spirv.SLessThan %2413, %49 : bool
// OUT:             %2416 = spirv.LogicalAnd %2414, %2415 : bool
// OUT:             spirv.mlir.selection {
// OUT:               ^bb22:
// OUT:                 spirv.BranchConditional %2416, ^bb23, ^bb24
// OUT:               ^bb23:
// OUT:                 %2417 = spirv.Constant 0 : i32
// OUT:                 %2418 = spirv.IMul %2410, %2348 : i32
// OUT:                 %2419 = spirv.IAdd %2418, %2411 : i32
// OUT:                 %2420 = spirv.IAdd %2419, %45 : i32
// OUT:                 %2421 = spirv.mlir.addressof @result_scratch : ptr<array<1280 x f32>, Workgroup>
// OUT:                 %2422 = spirv.AccessChain %2421, %2420 : ptr<f32, Workgroup>
// OUT:                 %2423 = spirv.Load %2422 : f32
// OUT:                 %2424 = spirv.Constant 0.0 : f32
// OUT:                 %2425 = spirv.FAdd %2424, %2423 : f32
// OUT:                 %2426 = spirv.Constant 0 : i32
// OUT:                 %2427 = spirv.mlir.addressof @input2 : ptr<struct<(rtarray<f32, stride=4> offset(0)), Block>, StorageBuffer>
// OUT:                 %2428 = spirv.Constant 0 : i32
// OUT:                 %2429 = spirv.AccessChain %2427, %2428, %2413 : ptr<f32, StorageBuffer>
// OUT:                 %2430 = spirv.Load %2429 : f32
// OUT:                 %2431 = spirv.FAdd %2425, %2430 : f32
// OUT:                 %2432 = spirv.GL.FMax %2431, %2424 : f32
// OUT:                 %2433 = spirv.Constant 0 : i32
// OUT:                 %2434 = spirv.Constant 33 : i32
// OUT:                 %2435 = spirv.IMul %2412, %2434 : i32
// OUT:                 %2436 = spirv.IAdd %2435, %2413 : i32
// OUT:                 %2437 = spirv.mlir.addressof @output0 : ptr<struct<(rtarray<f32, stride=4> offset(0)), Block>, StorageBuffer>
// OUT:                 %2438 = spirv.Constant 0 : i32
// OUT:                 %2439 = spirv.AccessChain %2437, %2438, %2436 : ptr<f32, StorageBuffer>
// OUT:                 spirv.Store %2439, %2432
// OUT:                 spirv.Branch ^bb24
// OUT:               ^bb24:
// OUT:                 spirv.mlir.merge
// OUT:             }
// OUT:             spirv.Branch ^bb20(%2408)
// OUT:           ^bb20(%2440: i32):
// OUT:             %2441 = spirv.IAdd %2440, %2407 : i32
// OUT:             spirv.Branch ^bb18(%2441)
// OUT:           ^bb21:
// OUT:             spirv.mlir.merge
// OUT:         }
// OUT:         spirv.ControlBarrier scope<Workgroup>, scope<Workgroup>, semantics<ACQUIRE_RELEASE|WORKGROUP_MEMORY>
// OUT:         %2442 = spirv.Load %31 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:         %2443 = spirv.mlir.addressof @result_scratch : ptr<array<1280 x f32>, Workgroup>
// OUT:         %2444 = spirv.AccessChain %2443, %45 : ptr<f32, Workgroup>
// OUT:         %2445 = spirv.Constant 0 : u32
// OUT:         spirv.CooperativeMatrixStoreKHR %2444, %2442, %2445, %2348
// OUT:         spirv.ControlBarrier scope<Workgroup>, scope<Workgroup>, semantics<ACQUIRE_RELEASE|WORKGROUP_MEMORY>
// OUT:         %2446 = spirv.Constant 16 : i32
// OUT:         %2447 = spirv.Constant 0 : i32
// OUT:         %2448 = spirv.IAdd %46, %2446 : i32
// OUT:         %2449 = spirv.IAdd %53, %2448 : i32
// OUT:         %2450 = spirv.IAdd %47, %2447 : i32
// OUT:         %2451 = spirv.IAdd %54, %2450 : i32
// OUT:         %2452 = spirv.Constant 256 : i32
// OUT:         %2453 = spirv.Constant 32 : i32
// OUT:         spirv.mlir.loop {
// OUT:           ^bb25:
// OUT:             spirv.Branch ^bb26(%38)
// OUT:           ^bb26(%2454: i32):
// OUT:             %2455 = spirv.SLessThan %2454, %2452 : bool
// OUT:             spirv.BranchConditional %2455, ^bb27, ^bb29
// OUT:           ^bb27:
// OUT:             %2456 = spirv.SDiv %2454, %2349 : i32
// OUT:             %2457 = spirv.SRem %2454, %2349 : i32
// OUT:             %2458 = spirv.IAdd %2449, %2456 : i32
// OUT:             %2459 = spirv.IAdd %2451, %2457 : i32
// OUT:             %2460 = spirv.SLessThan %2458, %48 : bool
// OUT:             %2461 = spirv.SLessThan %2459, %49 : bool
// OUT:             %2462 = spirv.LogicalAnd %2460, %2461 : bool
// OUT:             spirv.mlir.selection {
// OUT:               ^bb30:
// OUT:                 spirv.BranchConditional %2462, ^bb31, ^bb32
// OUT:               ^bb31:
// OUT:                 %2463 = spirv.Constant 0 : i32
// OUT:                 %2464 = spirv.IMul %2456, %2348 : i32
// OUT:                 %2465 = spirv.IAdd %2464, %2457 : i32
// OUT:                 %2466 = spirv.IAdd %2465, %45 : i32
// OUT:                 %2467 = spirv.mlir.addressof @result_scratch : ptr<array<1280 x f32>, Workgroup>
// OUT:                 %2468 = spirv.AccessChain %2467, %2466 : ptr<f32, Workgroup>
// OUT:                 %2469 = spirv.Load %2468 : f32
// OUT:                 %2470 = spirv.Constant 0.0 : f32
// OUT:                 %2471 = spirv.FAdd %2470, %2469 : f32
// OUT:                 %2472 = spirv.Constant 0 : i32
// OUT:                 %2473 = spirv.mlir.addressof @input2 : ptr<struct<(rtarray<f32, stride=4> offset(0)), Block>, StorageBuffer>
// OUT:                 %2474 = spirv.Constant 0 : i32
// OUT:                 %2475 = spirv.AccessChain %2473, %2474, %2459 : ptr<f32, StorageBuffer>
// OUT:                 %2476 = spirv.Load %2475 : f32
// OUT:                 %2477 = spirv.FAdd %2471, %2476 : f32
// OUT:                 %2478 = spirv.GL.FMax %2477, %2470 : f32
// OUT:                 %2479 = spirv.Constant 0 : i32
// OUT:                 %2480 = spirv.Constant 33 : i32
// OUT:                 %2481 = spirv.IMul %2458, %2480 : i32
// OUT:                 %2482 = spirv.IAdd %2481, %2459 : i32
// OUT:                 %2483 = spirv.mlir.addressof @output0 : ptr<struct<(rtarray<f32, stride=4> offset(0)), Block>, StorageBuffer>
// OUT:                 %2484 = spirv.Constant 0 : i32
// OUT:                 %2485 = spirv.AccessChain %2483, %2484, %2482 : ptr<f32, StorageBuffer>
// OUT:                 spirv.Store %2485, %2478
// OUT:                 spirv.Branch ^bb32
// OUT:               ^bb32:
// OUT:                 spirv.mlir.merge
// OUT:             }
// OUT:             spirv.Branch ^bb28(%2454)
// OUT:           ^bb28(%2486: i32):
// OUT:             %2487 = spirv.IAdd %2486, %2453 : i32
// OUT:             spirv.Branch ^bb26(%2487)
// OUT:           ^bb29:
// OUT:             spirv.mlir.merge
// OUT:         }
// OUT:         spirv.ControlBarrier scope<Workgroup>, scope<Workgroup>, semantics<ACQUIRE_RELEASE|WORKGROUP_MEMORY>
// OUT:         %2488 = spirv.Load %32 : coopmatrix<16 x 16 x f32, Subgroup, MatrixAccumulatorKHR>
// OUT:         %2489 = spirv.mlir.addressof @result_scratch : ptr<array<1280 x f32>, Workgroup>
// OUT:         %2490 = spirv.AccessChain %2489, %45 : ptr<f32, Workgroup>
// OUT:         %2491 = spirv.Constant 0 : u32
// OUT:         spirv.CooperativeMatrixStoreKHR %2490, %2488, %2491, %2348
// OUT:         spirv.ControlBarrier scope<Workgroup>, scope<Workgroup>, semantics<ACQUIRE_RELEASE|WORKGROUP_MEMORY>
// OUT:         %2492 = spirv.Constant 16 : i32
// OUT:         %2493 = spirv.Constant 16 : i32
// OUT:         %2494 = spirv.IAdd %46, %2492 : i32
// OUT:         %2495 = spirv.IAdd %53, %2494 : i32
// OUT:         %2496 = spirv.IAdd %47, %2493 : i32
// OUT:         %2497 = spirv.IAdd %54, %2496 : i32
// OUT:         %2498 = spirv.Constant 256 : i32
// OUT:         %2499 = spirv.Constant 32 : i32
// OUT:         spirv.mlir.loop {
// OUT:           ^bb33:
// OUT:             spirv.Branch ^bb34(%38)
// OUT:           ^bb34(%2500: i32):
// OUT:             %2501 = spirv.SLessThan %2500, %2498 : bool
// OUT:             spirv.BranchConditional %2501, ^bb35, ^bb37
// OUT:           ^bb35:
// OUT:             %2502 = spirv.SDiv %2500, %2349 : i32
// OUT:             %2503 = spirv.SRem %2500, %2349 : i32
// OUT:             %2504 = spirv.IAdd %2495, %2502 : i32
// OUT:             %2505 = spirv.IAdd %2497, %2503 : i32
// OUT:             %2506 = spirv.SLessThan %2504, %48 : bool
// OUT:             %2507 = spirv.SLessThan %2505, %49 : bool
// OUT:             %2508 = spirv.LogicalAnd %2506, %2507 : bool
// OUT:             spirv.mlir.selection {
// OUT:               ^bb38:
// OUT:                 spirv.BranchConditional %2508, ^bb39, ^bb40
// OUT:               ^bb39:
// OUT:                 %2509 = spirv.Constant 0 : i32
// OUT:                 %2510 = spirv.IMul %2502, %2348 : i32
// OUT:                 %2511 = spirv.IAdd %2510, %2503 : i32
// OUT:                 %2512 = spirv.IAdd %2511, %45 : i32
// OUT:                 %2513 = spirv.mlir.addressof @result_scratch : ptr<array<1280 x f32>, Workgroup>
// OUT:                 %2514 = spirv.AccessChain %2513, %2512 : ptr<f32, Workgroup>
// OUT:                 %2515 = spirv.Load %2514 : f32
// OUT:                 %2516 = spirv.Constant 0.0 : f32
// OUT:                 %2517 = spirv.FAdd %2516, %2515 : f32
// OUT:                 %2518 = spirv.Constant 0 : i32
// OUT:                 %2519 = spirv.mlir.addressof @input2 : ptr<struct<(rtarray<f32, stride=4> offset(0)), Block>, StorageBuffer>
// OUT:                 %2520 = spirv.Constant 0 : i32
// OUT:                 %2521 = spirv.AccessChain %2519, %2520, %2505 : ptr<f32, StorageBuffer>
// OUT:                 %2522 = spirv.Load %2521 : f32
// OUT:                 %2523 = spirv.FAdd %2517, %2522 : f32
// OUT:                 %2524 = spirv.GL.FMax %2523, %2516 : f32
// OUT:                 %2525 = spirv.Constant 0 : i32
// OUT:                 %2526 = spirv.Constant 33 : i32
// OUT:                 %2527 = spirv.IMul %2504, %2526 : i32
// OUT:                 %2528 = spirv.IAdd %2527, %2505 : i32
// OUT:                 %2529 = spirv.mlir.addressof @output0 : ptr<struct<(rtarray<f32, stride=4> offset(0)), Block>, StorageBuffer>
// OUT:                 %2530 = spirv.Constant 0 : i32
// OUT:                 %2531 = spirv.AccessChain %2529, %2530, %2528 : ptr<f32, StorageBuffer>
// OUT:                 spirv.Store %2531, %2524
// OUT:                 spirv.Branch ^bb40
// OUT:               ^bb40:
// OUT:                 spirv.mlir.merge
// OUT:             }
// OUT:             spirv.Branch ^bb36(%2500)
// OUT:           ^bb36(%2532: i32):
// OUT:             %2533 = spirv.IAdd %2532, %2499 : i32
// OUT:             spirv.Branch ^bb34(%2533)
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

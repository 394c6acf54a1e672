// RUN: lower-to-kernels target=llvmpipe lanes-tiles=16x1
// A 20x10x3 matmul with a bias epilogue on a CPU device: the lanes pipeline (here 16 rows x 1
// column per lane; the default is 32x8). One subgroup of 8 per workgroup (16 x 8 outputs), no
// Workgroup memory and no barriers: per k, each invocation reads lhs rows lane and lane + 8 and
// rhs column lane (clamped to the last row / column) straight from the buffers, and takes each
// of the 16 lhs rows from the lane that read it (subgroup_broadcast); 16 accumulators per
// invocation; guarded stores with the bias added.
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
func.func @main(%a: tensor<20x3xf32>, %b: tensor<3x10xf32>, %bias: tensor<10xf32>) -> tensor<20x10xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<20x10xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<20x10xf32>) -> tensor<20x10xf32>
  %2 = linalg.matmul ins(%a, %b : tensor<20x3xf32>, tensor<3x10xf32>) outs(%1 : tensor<20x10xf32>) -> tensor<20x10xf32>
  %3 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%2, %bias : tensor<20x10xf32>, tensor<10xf32>) outs(%0 : tensor<20x10xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %4 = arith.addf %in, %in_0 : f32
    linalg.yield %4 : f32
  } -> tensor<20x10xf32>
  return %3 : tensor<20x10xf32>
}
// OUT: kernel @dispatch_0_contraction local_size [8, 1, 1] workgroup_count [1, 1, 1] {
// OUT:   binding #0 = set 0 binding 0 readonly f32 buffer 0 "input0"
// OUT:   binding #1 = set 0 binding 1 readonly f32 buffer 1 "input1"
// OUT:   binding #2 = set 0 binding 2 readonly f32 buffer 2 "input2"
// OUT:   binding #3 = set 0 binding 3 writeonly f32 buffer 3 "output0"
// OUT:   view @v0 = #0 offset 0 shape [20, 3] strides [3, 1]
// OUT:   view @v1 = #1 offset 0 shape [3, 10] strides [10, 1]
// OUT:   view @v2 = #2 offset 0 shape [10] strides [1]
// OUT:   view @v3 = #3 offset 0 shape [20, 10] strides [10, 1]
// OUT:   alloc @a0 = function f32[16] "acc"
// OUT:   %0 = constant 2 : index
// OUT:   parallel workgroup (%i1, %i2) < (%0, %0) {
// OUT:     %3 = constant 8 : index
// OUT:     parallel local (%i4) < (%3) {
// OUT:       %5 = subgroup_local_invocation_id : index
// OUT:       %6 = constant 0.0 : f32
// OUT:       %7 = constant 0 : index
// OUT:       store @a0[%7], %6
// OUT:       %8 = constant 1 : index
// OUT:       store @a0[%8], %6
// OUT:       %9 = constant 2 : index
// OUT:       store @a0[%9], %6
// OUT:       %10 = constant 3 : index
// OUT:       store @a0[%10], %6
// OUT:       %11 = constant 4 : index
// OUT:       store @a0[%11], %6
// OUT:       %12 = constant 5 : index
// OUT:       store @a0[%12], %6
// OUT:       %13 = constant 6 : index
// OUT:       store @a0[%13], %6
// OUT:       %14 = constant 7 : index
// OUT:       store @a0[%14], %6
// OUT:       %15 = constant 8 : index
// OUT:       store @a0[%15], %6
// OUT:       %16 = constant 9 : index
// OUT:       store @a0[%16], %6
// OUT:       %17 = constant 10 : index
// OUT:       store @a0[%17], %6
// OUT:       %18 = constant 11 : index
// OUT:       store @a0[%18], %6
// OUT:       %19 = constant 12 : index
// OUT:       store @a0[%19], %6
// OUT:       %20 = constant 13 : index
// OUT:       store @a0[%20], %6
// OUT:       %21 = constant 14 : index
// OUT:       store @a0[%21], %6
// OUT:       %22 = constant 15 : index
// OUT:       store @a0[%22], %6
// OUT:       %23 = constant 20 : index
// OUT:       %24 = constant 10 : index
// OUT:       %25 = constant 3 : index
// OUT:       %26 = constant 16 : index
// OUT:       %27 = constant 8 : index
// OUT:       %28 = mul %i1, %26 : index
// OUT:       %29 = mul %i2, %27 : index
// OUT:       %30 = constant 1 : index
// OUT:       %31 = sub %23, %30 : index
// OUT:       %32 = sub %24, %30 : index
// OUT:       %33 = constant 0 : index
// OUT:       %34 = add %28, %33 : index
// OUT:       %35 = add %34, %5 : index
// OUT:       %36 = min %35, %31 : index
// OUT:       %37 = constant 8 : index
// OUT:       %38 = add %28, %37 : index
// OUT:       %39 = add %38, %5 : index
// OUT:       %40 = min %39, %31 : index
// OUT:       %41 = constant 0 : index
// OUT:       %42 = add %29, %41 : index
// OUT:       %43 = add %42, %5 : index
// OUT:       %44 = min %43, %32 : index
// OUT:       %45 = constant 0 : index
// OUT:       for %k46 = %45 to %25 step %30 {
// OUT:         %47 = constant 0 : index
// OUT:         %48 = load @v0[%36, %k46] : f32
// OUT:         %49 = constant 0 : index
// OUT:         %50 = load @v0[%40, %k46] : f32
// OUT:         %51 = constant 0 : index
// OUT:         %52 = load @v1[%k46, %44] : f32
// OUT:         %53 = subgroup_broadcast %48 from 0 : f32
// OUT:         %54 = mul %53, %52 : f32
// OUT:         %55 = constant 0 : index
// OUT:         %56 = load @a0[%55] : f32
// OUT:         %57 = add %56, %54 : f32
// OUT:         store @a0[%55], %57
// OUT:         %58 = subgroup_broadcast %48 from 1 : f32
// OUT:         %59 = mul %58, %52 : f32
// OUT:         %60 = constant 1 : index
// OUT:         %61 = load @a0[%60] : f32
// OUT:         %62 = add %61, %59 : f32
// OUT:         store @a0[%60], %62
// OUT:         %63 = subgroup_broadcast %48 from 2 : f32
// OUT:         %64 = mul %63, %52 : f32
// OUT:         %65 = constant 2 : index
// OUT:         %66 = load @a0[%65] : f32
// OUT:         %67 = add %66, %64 : f32
// OUT:         store @a0[%65], %67
// OUT:         %68 = subgroup_broadcast %48 from 3 : f32
// OUT:         %69 = mul %68, %52 : f32
// OUT:         %70 = constant 3 : index
// OUT:         %71 = load @a0[%70] : f32
// OUT:         %72 = add %71, %69 : f32
// OUT:         store @a0[%70], %72
// OUT:         %73 = subgroup_broadcast %48 from 4 : f32
// OUT:         %74 = mul %73, %52 : f32
// OUT:         %75 = constant 4 : index
// OUT:         %76 = load @a0[%75] : f32
// OUT:         %77 = add %76, %74 : f32
// OUT:         store @a0[%75], %77
// OUT:         %78 = subgroup_broadcast %48 from 5 : f32
// OUT:         %79 = mul %78, %52 : f32
// OUT:         %80 = constant 5 : index
// OUT:         %81 = load @a0[%80] : f32
// OUT:         %82 = add %81, %79 : f32
// OUT:         store @a0[%80], %82
// OUT:         %83 = subgroup_broadcast %48 from 6 : f32
// OUT:         %84 = mul %83, %52 : f32
// OUT:         %85 = constant 6 : index
// OUT:         %86 = load @a0[%85] : f32
// OUT:         %87 = add %86, %84 : f32
// OUT:         store @a0[%85], %87
// OUT:         %88 = subgroup_broadcast %48 from 7 : f32
// OUT:         %89 = mul %88, %52 : f32
// OUT:         %90 = constant 7 : index
// OUT:         %91 = load @a0[%90] : f32
// OUT:         %92 = add %91, %89 : f32
// OUT:         store @a0[%90], %92
// OUT:         %93 = subgroup_broadcast %50 from 0 : f32
// OUT:         %94 = mul %93, %52 : f32
// OUT:         %95 = constant 8 : index
// OUT:         %96 = load @a0[%95] : f32
// OUT:         %97 = add %96, %94 : f32
// OUT:         store @a0[%95], %97
// OUT:         %98 = subgroup_broadcast %50 from 1 : f32
// OUT:         %99 = mul %98, %52 : f32
// OUT:         %100 = constant 9 : index
// OUT:         %101 = load @a0[%100] : f32
// OUT:         %102 = add %101, %99 : f32
// OUT:         store @a0[%100], %102
// OUT:         %103 = subgroup_broadcast %50 from 2 : f32
// OUT:         %104 = mul %103, %52 : f32
// OUT:         %105 = constant 10 : index
// OUT:         %106 = load @a0[%105] : f32
// OUT:         %107 = add %106, %104 : f32
// OUT:         store @a0[%105], %107
// OUT:         %108 = subgroup_broadcast %50 from 3 : f32
// OUT:         %109 = mul %108, %52 : f32
// OUT:         %110 = constant 11 : index
// OUT:         %111 = load @a0[%110] : f32
// OUT:         %112 = add %111, %109 : f32
// OUT:         store @a0[%110], %112
// OUT:         %113 = subgroup_broadcast %50 from 4 : f32
// OUT:         %114 = mul %113, %52 : f32
// OUT:         %115 = constant 12 : index
// OUT:         %116 = load @a0[%115] : f32
// OUT:         %117 = add %116, %114 : f32
// OUT:         store @a0[%115], %117
// OUT:         %118 = subgroup_broadcast %50 from 5 : f32
// OUT:         %119 = mul %118, %52 : f32
// OUT:         %120 = constant 13 : index
// OUT:         %121 = load @a0[%120] : f32
// OUT:         %122 = add %121, %119 : f32
// OUT:         store @a0[%120], %122
// OUT:         %123 = subgroup_broadcast %50 from 6 : f32
// OUT:         %124 = mul %123, %52 : f32
// OUT:         %125 = constant 14 : index
// OUT:         %126 = load @a0[%125] : f32
// OUT:         %127 = add %126, %124 : f32
// OUT:         store @a0[%125], %127
// OUT:         %128 = subgroup_broadcast %50 from 7 : f32
// OUT:         %129 = mul %128, %52 : f32
// OUT:         %130 = constant 15 : index
// OUT:         %131 = load @a0[%130] : f32
// OUT:         %132 = add %131, %129 : f32
// OUT:         store @a0[%130], %132
// OUT:       }
// OUT:       %133 = constant 0 : index
// OUT:       %134 = add %28, %133 : index
// OUT:       %135 = cmp lt %134, %23 : i1
// OUT:       %136 = cmp lt %43, %24 : i1
// OUT:       %137 = and %135, %136 : i1
// OUT:       if %137 {
// OUT:         %138 = constant 0 : index
// OUT:         %139 = constant 0 : index
// OUT:         %140 = load @a0[%139] : f32
// OUT:         %141 = constant 0.0 : f32
// OUT:         %142 = add %141, %140 : f32
// OUT:         %143 = load @v2[%43] : f32
// OUT:         %144 = add %142, %143 : f32
// OUT:         store @v3[%134, %43], %144
// OUT:       }
// OUT:       %145 = constant 1 : index
// OUT:       %146 = add %28, %145 : index
// OUT:       %147 = cmp lt %146, %23 : i1
// OUT:       %148 = cmp lt %43, %24 : i1
// OUT:       %149 = and %147, %148 : i1
// OUT:       if %149 {
// OUT:         %150 = constant 0 : index
// OUT:         %151 = constant 1 : index
// OUT:         %152 = load @a0[%151] : f32
// OUT:         %153 = constant 0.0 : f32
// OUT:         %154 = add %153, %152 : f32
// OUT:         %155 = load @v2[%43] : f32
// OUT:         %156 = add %154, %155 : f32
// OUT:         store @v3[%146, %43], %156
// OUT:       }
// OUT:       %157 = constant 2 : index
// OUT:       %158 = add %28, %157 : index
// OUT:       %159 = cmp lt %158, %23 : i1
// OUT:       %160 = cmp lt %43, %24 : i1
// OUT:       %161 = and %159, %160 : i1
// OUT:       if %161 {
// OUT:         %162 = constant 0 : index
// OUT:         %163 = constant 2 : index
// OUT:         %164 = load @a0[%163] : f32
// OUT:         %165 = constant 0.0 : f32
// OUT:         %166 = add %165, %164 : f32
// OUT:         %167 = load @v2[%43] : f32
// OUT:         %168 = add %166, %167 : f32
// OUT:         store @v3[%158, %43], %168
// OUT:       }
// OUT:       %169 = constant 3 : index
// OUT:       %170 = add %28, %169 : index
// OUT:       %171 = cmp lt %170, %23 : i1
// OUT:       %172 = cmp lt %43, %24 : i1
// OUT:       %173 = and %171, %172 : i1
// OUT:       if %173 {
// OUT:         %174 = constant 0 : index
// OUT:         %175 = constant 3 : index
// OUT:         %176 = load @a0[%175] : f32
// OUT:         %177 = constant 0.0 : f32
// OUT:         %178 = add %177, %176 : f32
// OUT:         %179 = load @v2[%43] : f32
// OUT:         %180 = add %178, %179 : f32
// OUT:         store @v3[%170, %43], %180
// OUT:       }
// OUT:       %181 = constant 4 : index
// OUT:       %182 = add %28, %181 : index
// OUT:       %183 = cmp lt %182, %23 : i1
// OUT:       %184 = cmp lt %43, %24 : i1
// OUT:       %185 = and %183, %184 : i1
// OUT:       if %185 {
// OUT:         %186 = constant 0 : index
// OUT:         %187 = constant 4 : index
// OUT:         %188 = load @a0[%187] : f32
// OUT:         %189 = constant 0.0 : f32
// OUT:         %190 = add %189, %188 : f32
// OUT:         %191 = load @v2[%43] : f32
// OUT:         %192 = add %190, %191 : f32
// OUT:         store @v3[%182, %43], %192
// OUT:       }
// OUT:       %193 = constant 5 : index
// OUT:       %194 = add %28, %193 : index
// OUT:       %195 = cmp lt %194, %23 : i1
// OUT:       %196 = cmp lt %43, %24 : i1
// OUT:       %197 = and %195, %196 : i1
// OUT:       if %197 {
// OUT:         %198 = constant 0 : index
// OUT:         %199 = constant 5 : index
// OUT:         %200 = load @a0[%199] : f32
// OUT:         %201 = constant 0.0 : f32
// OUT:         %202 = add %201, %200 : f32
// OUT:         %203 = load @v2[%43] : f32
// OUT:         %204 = add %202, %203 : f32
// OUT:         store @v3[%194, %43], %204
// OUT:       }
// OUT:       %205 = constant 6 : index
// OUT:       %206 = add %28, %205 : index
// OUT:       %207 = cmp lt %206, %23 : i1
// OUT:       %208 = cmp lt %43, %24 : i1
// OUT:       %209 = and %207, %208 : i1
// OUT:       if %209 {
// OUT:         %210 = constant 0 : index
// OUT:         %211 = constant 6 : index
// OUT:         %212 = load @a0[%211] : f32
// OUT:         %213 = constant 0.0 : f32
// OUT:         %214 = add %213, %212 : f32
// OUT:         %215 = load @v2[%43] : f32
// OUT:         %216 = add %214, %215 : f32
// OUT:         store @v3[%206, %43], %216
// OUT:       }
// OUT:       %217 = constant 7 : index
// OUT:       %218 = add %28, %217 : index
// OUT:       %219 = cmp lt %218, %23 : i1
// OUT:       %220 = cmp lt %43, %24 : i1
// OUT:       %221 = and %219, %220 : i1
// OUT:       if %221 {
// OUT:         %222 = constant 0 : index
// OUT:         %223 = constant 7 : index
// OUT:         %224 = load @a0[%223] : f32
// OUT:         %225 = constant 0.0 : f32
// OUT:         %226 = add %225, %224 : f32
// OUT:         %227 = load @v2[%43] : f32
// OUT:         %228 = add %226, %227 : f32
// OUT:         store @v3[%218, %43], %228
// OUT:       }
// OUT:       %229 = constant 8 : index
// OUT:       %230 = add %28, %229 : index
// OUT:       %231 = cmp lt %230, %23 : i1
// OUT:       %232 = cmp lt %43, %24 : i1
// OUT:       %233 = and %231, %232 : i1
// OUT:       if %233 {
// OUT:         %234 = constant 0 : index
// OUT:         %235 = constant 8 : index
// OUT:         %236 = load @a0[%235] : f32
// OUT:         %237 = constant 0.0 : f32
// OUT:         %238 = add %237, %236 : f32
// OUT:         %239 = load @v2[%43] : f32
// OUT:         %240 = add %238, %239 : f32
// OUT:         store @v3[%230, %43], %240
// OUT:       }
// OUT:       %241 = constant 9 : index
// OUT:       %242 = add %28, %241 : index
// OUT:       %243 = cmp lt %242, %23 : i1
// OUT:       %244 = cmp lt %43, %24 : i1
// OUT:       %245 = and %243, %244 : i1
// OUT:       if %245 {
// OUT:         %246 = constant 0 : index
// OUT:         %247 = constant 9 : index
// OUT:         %248 = load @a0[%247] : f32
// OUT:         %249 = constant 0.0 : f32
// OUT:         %250 = add %249, %248 : f32
// OUT:         %251 = load @v2[%43] : f32
// OUT:         %252 = add %250, %251 : f32
// OUT:         store @v3[%242, %43], %252
// OUT:       }
// OUT:       %253 = constant 10 : index
// OUT:       %254 = add %28, %253 : index
// OUT:       %255 = cmp lt %254, %23 : i1
// OUT:       %256 = cmp lt %43, %24 : i1
// OUT:       %257 = and %255, %256 : i1
// OUT:       if %257 {
// OUT:         %258 = constant 0 : index
// OUT:         %259 = constant 10 : index
// OUT:         %260 = load @a0[%259] : f32
// OUT:         %261 = constant 0.0 : f32
// OUT:         %262 = add %261, %260 : f32
// OUT:         %263 = load @v2[%43] : f32
// OUT:         %264 = add %262, %263 : f32
// OUT:         store @v3[%254, %43], %264
// OUT:       }
// OUT:       %265 = constant 11 : index
// OUT:       %266 = add %28, %265 : index
// OUT:       %267 = cmp lt %266, %23 : i1
// OUT:       %268 = cmp lt %43, %24 : i1
// OUT:       %269 = and %267, %268 : i1
// OUT:       if %269 {
// OUT:         %270 = constant 0 : index
// OUT:         %271 = constant 11 : index
// OUT:         %272 = load @a0[%271] : f32
// OUT:         %273 = constant 0.0 : f32
// OUT:         %274 = add %273, %272 : f32
// OUT:         %275 = load @v2[%43] : f32
// OUT:         %276 = add %274, %275 : f32
// OUT:         store @v3[%266, %43], %276
// OUT:       }
// OUT:       %277 = constant 12 : index
// OUT:       %278 = add %28, %277 : index
// OUT:       %279 = cmp lt %278, %23 : i1
// OUT:       %280 = cmp lt %43, %24 : i1
// OUT:       %281 = and %279, %280 : i1
// OUT:       if %281 {
// OUT:         %282 = constant 0 : index
// OUT:         %283 = constant 12 : index
// OUT:         %284 = load @a0[%283] : f32
// OUT:         %285 = constant 0.0 : f32
// OUT:         %286 = add %285, %284 : f32
// OUT:         %287 = load @v2[%43] : f32
// OUT:         %288 = add %286, %287 : f32
// OUT:         store @v3[%278, %43], %288
// OUT:       }
// OUT:       %289 = constant 13 : index
// OUT:       %290 = add %28, %289 : index
// OUT:       %291 = cmp lt %290, %23 : i1
// OUT:       %292 = cmp lt %43, %24 : i1
// OUT:       %293 = and %291, %292 : i1
// OUT:       if %293 {
// OUT:         %294 = constant 0 : index
// OUT:         %295 = constant 13 : index
// OUT:         %296 = load @a0[%295] : f32
// OUT:         %297 = constant 0.0 : f32
// OUT:         %298 = add %297, %296 : f32
// OUT:         %299 = load @v2[%43] : f32
// OUT:         %300 = add %298, %299 : f32
// OUT:         store @v3[%290, %43], %300
// OUT:       }
// OUT:       %301 = constant 14 : index
// OUT:       %302 = add %28, %301 : index
// OUT:       %303 = cmp lt %302, %23 : i1
// OUT:       %304 = cmp lt %43, %24 : i1
// OUT:       %305 = and %303, %304 : i1
// OUT:       if %305 {
// OUT:         %306 = constant 0 : index
// OUT:         %307 = constant 14 : index
// OUT:         %308 = load @a0[%307] : f32
// OUT:         %309 = constant 0.0 : f32
// OUT:         %310 = add %309, %308 : f32
// OUT:         %311 = load @v2[%43] : f32
// OUT:         %312 = add %310, %311 : f32
// OUT:         store @v3[%302, %43], %312
// OUT:       }
// OUT:       %313 = constant 15 : index
// OUT:       %314 = add %28, %313 : index
// OUT:       %315 = cmp lt %314, %23 : i1
// OUT:       %316 = cmp lt %43, %24 : i1
// OUT:       %317 = and %315, %316 : i1
// OUT:       if %317 {
// OUT:         %318 = constant 0 : index
// OUT:         %319 = constant 15 : index
// OUT:         %320 = load @a0[%319] : f32
// OUT:         %321 = constant 0.0 : f32
// OUT:         %322 = add %321, %320 : f32
// OUT:         %323 = load @v2[%43] : f32
// OUT:         %324 = add %322, %323 : f32
// OUT:         store @v3[%314, %43], %324
// OUT:       }
// OUT:     }
// OUT:   }
// OUT: }

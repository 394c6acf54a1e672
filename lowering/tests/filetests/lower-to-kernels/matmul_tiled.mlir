// RUN: lower-to-kernels target=vulkan1.1
// A 40x50x30 matmul with a bias epilogue: workgroup-marked tiles, both operands promoted to
// Workgroup memory with barriers around the compute stage, a 4x4 register tile per invocation,
// zero-filled out-of-range loads and guarded stores.
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
func.func @main(%a: tensor<40x30xf32>, %b: tensor<30x50xf32>, %bias: tensor<50xf32>) -> tensor<40x50xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<40x50xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<40x50xf32>) -> tensor<40x50xf32>
  %2 = linalg.matmul ins(%a, %b : tensor<40x30xf32>, tensor<30x50xf32>) outs(%1 : tensor<40x50xf32>) -> tensor<40x50xf32>
  %3 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%2, %bias : tensor<40x50xf32>, tensor<50xf32>) outs(%0 : tensor<40x50xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %4 = arith.addf %in, %in_0 : f32
    linalg.yield %4 : f32
  } -> tensor<40x50xf32>
  return %3 : tensor<40x50xf32>
}
// OUT: kernel @dispatch_0_contraction local_size [128, 1, 1] workgroup_count [1, 1, 1] {
// OUT:   binding #0 = set 0 binding 0 readonly f32 buffer 0 "input0"
// OUT:   binding #1 = set 0 binding 1 readonly f32 buffer 1 "input1"
// OUT:   binding #2 = set 0 binding 2 readonly f32 buffer 2 "input2"
// OUT:   binding #3 = set 0 binding 3 writeonly f32 buffer 3 "output0"
// OUT:   view @v0 = #0 offset 0 shape [40, 30] strides [30, 1]
// OUT:   view @v1 = #1 offset 0 shape [30, 50] strides [50, 1]
// OUT:   view @v2 = #2 offset 0 shape [50] strides [1]
// OUT:   view @v3 = #3 offset 0 shape [40, 50] strides [50, 1]
// OUT:   alloc @a0 = workgroup f32[1024] "lhs_tile"
// OUT:   alloc @a1 = workgroup f32[512] "rhs_tile"
// OUT:   alloc @a2 = function f32[16] "acc"
// OUT:   %0 = constant 1 : index
// OUT:   %1 = constant 2 : index
// OUT:   parallel workgroup (%i2, %i3) < (%0, %1) {
// OUT:     %4 = constant 128 : index
// OUT:     parallel local (%i5) < (%4) {
// OUT:       %6 = constant 0.0 : f32
// OUT:       %7 = constant 0 : index
// OUT:       store @a2[%7], %6
// OUT:       %8 = constant 1 : index
// OUT:       store @a2[%8], %6
// OUT:       %9 = constant 2 : index
// OUT:       store @a2[%9], %6
// OUT:       %10 = constant 3 : index
// OUT:       store @a2[%10], %6
// OUT:       %11 = constant 4 : index
// OUT:       store @a2[%11], %6
// OUT:       %12 = constant 5 : index
// OUT:       store @a2[%12], %6
// OUT:       %13 = constant 6 : index
// OUT:       store @a2[%13], %6
// OUT:       %14 = constant 7 : index
// OUT:       store @a2[%14], %6
// OUT:       %15 = constant 8 : index
// OUT:       store @a2[%15], %6
// OUT:       %16 = constant 9 : index
// OUT:       store @a2[%16], %6
// OUT:       %17 = constant 10 : index
// OUT:       store @a2[%17], %6
// OUT:       %18 = constant 11 : index
// OUT:       store @a2[%18], %6
// OUT:       %19 = constant 12 : index
// OUT:       store @a2[%19], %6
// OUT:       %20 = constant 13 : index
// OUT:       store @a2[%20], %6
// OUT:       %21 = constant 14 : index
// OUT:       store @a2[%21], %6
// OUT:       %22 = constant 15 : index
// OUT:       store @a2[%22], %6
// OUT:       %23 = constant 40 : index
// OUT:       %24 = constant 50 : index
// OUT:       %25 = constant 30 : index
// OUT:       %26 = constant 1 : index
// OUT:       %27 = sub %23, %26 : index
// OUT:       %28 = sub %24, %26 : index
// OUT:       %29 = sub %25, %26 : index
// OUT:       %30 = constant 64 : index
// OUT:       %31 = constant 32 : index
// OUT:       %32 = mul %i2, %30 : index
// OUT:       %33 = mul %i3, %31 : index
// OUT:       %34 = constant 8 : index
// OUT:       %35 = div %i5, %34 : index
// OUT:       %36 = rem %i5, %34 : index
// OUT:       %37 = constant 0 : index
// OUT:       %38 = constant 16 : index
// OUT:       %39 = constant 128 : index
// OUT:       for %k40 = %37 to %25 step %38 {
// OUT:         %41 = constant 1024 : index
// OUT:         for %k42 = %i5 to %41 step %39 {
// OUT:           %43 = div %k42, %38 : index
// OUT:           %44 = rem %k42, %38 : index
// OUT:           %45 = add %32, %43 : index
// OUT:           %46 = add %k40, %44 : index
// OUT:           %47 = cmp lt %45, %23 : i1
// OUT:           %48 = cmp lt %46, %25 : i1
// OUT:           %49 = and %47, %48 : i1
// OUT:           %50 = min %45, %27 : index
// OUT:           %51 = min %46, %29 : index
// OUT:           %52 = load @v0[%50, %51] : f32
// OUT:           %53 = constant 0.0 : f32
// OUT:           %54 = select %49, %52, %53 : f32
// OUT:           store @a0[%k42], %54
// OUT:         }
// OUT:         %55 = constant 512 : index
// OUT:         for %k56 = %i5 to %55 step %39 {
// OUT:           %57 = div %k56, %31 : index
// OUT:           %58 = rem %k56, %31 : index
// OUT:           %59 = add %k40, %57 : index
// OUT:           %60 = add %33, %58 : index
// OUT:           %61 = cmp lt %59, %25 : i1
// OUT:           %62 = cmp lt %60, %24 : i1
// OUT:           %63 = and %61, %62 : i1
// OUT:           %64 = min %59, %29 : index
// OUT:           %65 = min %60, %28 : index
// OUT:           %66 = load @v1[%64, %65] : f32
// OUT:           %67 = constant 0.0 : f32
// OUT:           %68 = select %63, %66, %67 : f32
// OUT:           store @a1[%k56], %68
// OUT:         }
// OUT:         control_barrier workgroup
// OUT:         %69 = constant 1 : index
// OUT:         for %k70 = %37 to %38 step %69 {
// OUT:           %71 = constant 0 : index
// OUT:           %72 = add %35, %71 : index
// OUT:           %73 = mul %72, %38 : index
// OUT:           %74 = add %73, %k70 : index
// OUT:           %75 = load @a0[%74] : f32
// OUT:           %76 = constant 16 : index
// OUT:           %77 = add %35, %76 : index
// OUT:           %78 = mul %77, %38 : index
// OUT:           %79 = add %78, %k70 : index
// OUT:           %80 = load @a0[%79] : f32
// OUT:           %81 = constant 32 : index
// OUT:           %82 = add %35, %81 : index
// OUT:           %83 = mul %82, %38 : index
// OUT:           %84 = add %83, %k70 : index
// OUT:           %85 = load @a0[%84] : f32
// OUT:           %86 = constant 48 : index
// OUT:           %87 = add %35, %86 : index
// OUT:           %88 = mul %87, %38 : index
// OUT:           %89 = add %88, %k70 : index
// OUT:           %90 = load @a0[%89] : f32
// OUT:           %91 = constant 0 : index
// OUT:           %92 = add %36, %91 : index
// OUT:           %93 = mul %k70, %31 : index
// OUT:           %94 = add %93, %92 : index
// OUT:           %95 = load @a1[%94] : f32
// OUT:           %96 = constant 8 : index
// OUT:           %97 = add %36, %96 : index
// OUT:           %98 = mul %k70, %31 : index
// OUT:           %99 = add %98, %97 : index
// OUT:           %100 = load @a1[%99] : f32
// OUT:           %101 = constant 16 : index
// OUT:           %102 = add %36, %101 : index
// OUT:           %103 = mul %k70, %31 : index
// OUT:           %104 = add %103, %102 : index
// OUT:           %105 = load @a1[%104] : f32
// OUT:           %106 = constant 24 : index
// OUT:           %107 = add %36, %106 : index
// OUT:           %108 = mul %k70, %31 : index
// OUT:           %109 = add %108, %107 : index
// OUT:           %110 = load @a1[%109] : f32
// OUT:           %111 = mul %75, %95 : f32
// OUT:           %112 = constant 0 : index
// OUT:           %113 = load @a2[%112] : f32
// OUT:           %114 = add %113, %111 : f32
// OUT:           store @a2[%112], %114
// OUT:           %115 = mul %75, %100 : f32
// OUT:           %116 = constant 1 : index
// OUT:           %117 = load @a2[%116] : f32
// OUT:           %118 = add %117, %115 : f32
// OUT:           store @a2[%116], %118
// OUT:           %119 = mul %75, %105 : f32
// OUT:           %120 = constant 2 : index
// OUT:           %121 = load @a2[%120] : f32
// OUT:           %122 = add %121, %119 : f32
// OUT:           store @a2[%120], %122
// OUT:           %123 = mul %75, %110 : f32
// OUT:           %124 = constant 3 : index
// OUT:           %125 = load @a2[%124] : f32
// OUT:           %126 = add %125, %123 : f32
// OUT:           store @a2[%124], %126
// OUT:           %127 = mul %80, %95 : f32
// OUT:           %128 = constant 4 : index
// OUT:           %129 = load @a2[%128] : f32
// OUT:           %130 = add %129, %127 : f32
// OUT:           store @a2[%128], %130
// OUT:           %131 = mul %80, %100 : f32
// OUT:           %132 = constant 5 : index
// OUT:           %133 = load @a2[%132] : f32
// OUT:           %134 = add %133, %131 : f32
// OUT:           store @a2[%132], %134
// OUT:           %135 = mul %80, %105 : f32
// OUT:           %136 = constant 6 : index
// OUT:           %137 = load @a2[%136] : f32
// OUT:           %138 = add %137, %135 : f32
// OUT:           store @a2[%136], %138
// OUT:           %139 = mul %80, %110 : f32
// OUT:           %140 = constant 7 : index
// OUT:           %141 = load @a2[%140] : f32
// OUT:           %142 = add %141, %139 : f32
// OUT:           store @a2[%140], %142
// OUT:           %143 = mul %85, %95 : f32
// OUT:           %144 = constant 8 : index
// OUT:           %145 = load @a2[%144] : f32
// OUT:           %146 = add %145, %143 : f32
// OUT:           store @a2[%144], %146
// OUT:           %147 = mul %85, %100 : f32
// OUT:           %148 = constant 9 : index
// OUT:           %149 = load @a2[%148] : f32
// OUT:           %150 = add %149, %147 : f32
// OUT:           store @a2[%148], %150
// OUT:           %151 = mul %85, %105 : f32
// OUT:           %152 = constant 10 : index
// OUT:           %153 = load @a2[%152] : f32
// OUT:           %154 = add %153, %151 : f32
// OUT:           store @a2[%152], %154
// OUT:           %155 = mul %85, %110 : f32
// OUT:           %156 = constant 11 : index
// OUT:           %157 = load @a2[%156] : f32
// OUT:           %158 = add %157, %155 : f32
// OUT:           store @a2[%156], %158
// OUT:           %159 = mul %90, %95 : f32
// OUT:           %160 = constant 12 : index
// OUT:           %161 = load @a2[%160] : f32
// OUT:           %162 = add %161, %159 : f32
// OUT:           store @a2[%160], %162
// OUT:           %163 = mul %90, %100 : f32
// OUT:           %164 = constant 13 : index
// OUT:           %165 = load @a2[%164] : f32
// OUT:           %166 = add %165, %163 : f32
// OUT:           store @a2[%164], %166
// OUT:           %167 = mul %90, %105 : f32
// OUT:           %168 = constant 14 : index
// OUT:           %169 = load @a2[%168] : f32
// OUT:           %170 = add %169, %167 : f32
// OUT:           store @a2[%168], %170
// OUT:           %171 = mul %90, %110 : f32
// OUT:           %172 = constant 15 : index
// OUT:           %173 = load @a2[%172] : f32
// OUT:           %174 = add %173, %171 : f32
// OUT:           store @a2[%172], %174
// OUT:         }
// OUT:         control_barrier workgroup
// OUT:       }
// OUT:       %175 = constant 0 : index
// OUT:       %176 = constant 0 : index
// OUT:       %177 = add %35, %175 : index
// OUT:       %178 = add %32, %177 : index
// OUT:       %179 = add %36, %176 : index
// OUT:       %180 = add %33, %179 : index
// OUT:       %181 = cmp lt %178, %23 : i1
// OUT:       %182 = cmp lt %180, %24 : i1
// OUT:       %183 = and %181, %182 : i1
// OUT:       %184 = constant 0 : index
// OUT:       if %183 {
// OUT:         %185 = load @a2[%184] : f32
// OUT:         %186 = constant 0.0 : f32
// OUT:         %187 = add %186, %185 : f32
// OUT:         %188 = load @v2[%180] : f32
// OUT:         %189 = add %187, %188 : f32
// OUT:         store @v3[%178, %180], %189
// OUT:       }
// OUT:       %190 = constant 0 : index
// OUT:       %191 = constant 8 : index
// OUT:       %192 = add %35, %190 : index
// OUT:       %193 = add %32, %192 : index
// OUT:       %194 = add %36, %191 : index
// OUT:       %195 = add %33, %194 : index
// OUT:       %196 = cmp lt %193, %23 : i1
// OUT:       %197 = cmp lt %195, %24 : i1
// OUT:       %198 = and %196, %197 : i1
// OUT:       %199 = constant 1 : index
// OUT:       if %198 {
// OUT:         %200 = load @a2[%199] : f32
// OUT:         %201 = constant 0.0 : f32
// OUT:         %202 = add %201, %200 : f32
// OUT:         %203 = load @v2[%195] : f32
// OUT:         %204 = add %202, %203 : f32
// OUT:         store @v3[%193, %195], %204
// OUT:       }
// OUT:       %205 = constant 0 : index
// OUT:       %206 = constant 16 : index
// OUT:       %207 = add %35, %205 : index
// OUT:       %208 = add %32, %207 : index
// OUT:       %209 = add %36, %206 : index
// OUT:       %210 = add %33, %209 : index
// OUT:       %211 = cmp lt %208, %23 : i1
// OUT:       %212 = cmp lt %210, %24 : i1
// OUT:       %213 = and %211, %212 : i1
// OUT:       %214 = constant 2 : index
// OUT:       if %213 {
// OUT:         %215 = load @a2[%214] : f32
// OUT:         %216 = constant 0.0 : f32
// OUT:         %217 = add %216, %215 : f32
// OUT:         %218 = load @v2[%210] : f32
// OUT:         %219 = add %217, %218 : f32
// OUT:         store @v3[%208, %210], %219
// OUT:       }
// OUT:       %220 = constant 0 : index
// OUT:       %221 = constant 24 : index
// OUT:       %222 = add %35, %220 : index
// OUT:       %223 = add %32, %222 : index
// OUT:       %224 = add %36, %221 : index
// OUT:       %225 = add %33, %224 : index
// OUT:       %226 = cmp lt %223, %23 : i1
// OUT:       %227 = cmp lt %225, %24 : i1
// OUT:       %228 = and %226, %227 : i1
// OUT:       %229 = constant 3 : index
// OUT:       if %228 {
// OUT:         %230 = load @a2[%229] : f32
// OUT:         %231 = constant 0.0 : f32
// OUT:         %232 = add %231, %230 : f32
// OUT:         %233 = load @v2[%225] : f32
// OUT:         %234 = add %232, %233 : f32
// OUT:         store @v3[%223, %225], %234
// OUT:       }
// OUT:       %235 = constant 16 : index
// OUT:       %236 = constant 0 : index
// OUT:       %237 = add %35, %235 : index
// OUT:       %238 = add %32, %237 : index
// OUT:       %239 = add %36, %236 : index
// OUT:       %240 = add %33, %239 : index
// OUT:       %241 = cmp lt %238, %23 : i1
// OUT:       %242 = cmp lt %240, %24 : i1
// OUT:       %243 = and %241, %242 : i1
// OUT:       %244 = constant 4 : index
// OUT:       if %243 {
// OUT:         %245 = load @a2[%244] : f32
// OUT:         %246 = constant 0.0 : f32
// OUT:         %247 = add %246, %245 : f32
// OUT:         %248 = load @v2[%240] : f32
// OUT:         %249 = add %247, %248 : f32
// OUT:         store @v3[%238, %240], %249
// OUT:       }
// OUT:       %250 = constant 16 : index
// OUT:       %251 = constant 8 : index
// OUT:       %252 = add %35, %250 : index
// OUT:       %253 = add %32, %252 : index
// OUT:       %254 = add %36, %251 : index
// OUT:       %255 = add %33, %254 : index
// OUT:       %256 = cmp lt %253, %23 : i1
// OUT:       %257 = cmp lt %255, %24 : i1
// OUT:       %258 = and %256, %257 : i1
// OUT:       %259 = constant 5 : index
// OUT:       if %258 {
// OUT:         %260 = load @a2[%259] : f32
// OUT:         %261 = constant 0.0 : f32
// OUT:         %262 = add %261, %260 : f32
// OUT:         %263 = load @v2[%255] : f32
// OUT:         %264 = add %262, %263 : f32
// OUT:         store @v3[%253, %255], %264
// OUT:       }
// OUT:       %265 = constant 16 : index
// OUT:       %266 = constant 16 : index
// OUT:       %267 = add %35, %265 : index
// OUT:       %268 = add %32, %267 : index
// OUT:       %269 = add %36, %266 : index
// OUT:       %270 = add %33, %269 : index
// OUT:       %271 = cmp lt %268, %23 : i1
// OUT:       %272 = cmp lt %270, %24 : i1
// OUT:       %273 = and %271, %272 : i1
// OUT:       %274 = constant 6 : index
// OUT:       if %273 {
// OUT:         %275 = load @a2[%274] : f32
// OUT:         %276 = constant 0.0 : f32
// OUT:         %277 = add %276, %275 : f32
// OUT:         %278 = load @v2[%270] : f32
// OUT:         %279 = add %277, %278 : f32
// OUT:         store @v3[%268, %270], %279
// OUT:       }
// OUT:       %280 = constant 16 : index
// OUT:       %281 = constant 24 : index
// OUT:       %282 = add %35, %280 : index
// OUT:       %283 = add %32, %282 : index
// OUT:       %284 = add %36, %281 : index
// OUT:       %285 = add %33, %284 : index
// OUT:       %286 = cmp lt %283, %23 : i1
// OUT:       %287 = cmp lt %285, %24 : i1
// OUT:       %288 = and %286, %287 : i1
// OUT:       %289 = constant 7 : index
// OUT:       if %288 {
// OUT:         %290 = load @a2[%289] : f32
// OUT:         %291 = constant 0.0 : f32
// OUT:         %292 = add %291, %290 : f32
// OUT:         %293 = load @v2[%285] : f32
// OUT:         %294 = add %292, %293 : f32
// OUT:         store @v3[%283, %285], %294
// OUT:       }
// OUT:       %295 = constant 32 : index
// OUT:       %296 = constant 0 : index
// OUT:       %297 = add %35, %295 : index
// OUT:       %298 = add %32, %297 : index
// OUT:       %299 = add %36, %296 : index
// OUT:       %300 = add %33, %299 : index
// OUT:       %301 = cmp lt %298, %23 : i1
// OUT:       %302 = cmp lt %300, %24 : i1
// OUT:       %303 = and %301, %302 : i1
// OUT:       %304 = constant 8 : index
// OUT:       if %303 {
// OUT:         %305 = load @a2[%304] : f32
// OUT:         %306 = constant 0.0 : f32
// OUT:         %307 = add %306, %305 : f32
// OUT:         %308 = load @v2[%300] : f32
// OUT:         %309 = add %307, %308 : f32
// OUT:         store @v3[%298, %300], %309
// OUT:       }
// OUT:       %310 = constant 32 : index
// OUT:       %311 = constant 8 : index
// OUT:       %312 = add %35, %310 : index
// OUT:       %313 = add %32, %312 : index
// OUT:       %314 = add %36, %311 : index
// OUT:       %315 = add %33, %314 : index
// OUT:       %316 = cmp lt %313, %23 : i1
// OUT:       %317 = cmp lt %315, %24 : i1
// OUT:       %318 = and %316, %317 : i1
// OUT:       %319 = constant 9 : index
// OUT:       if %318 {
// OUT:         %320 = load @a2[%319] : f32
// OUT:         %321 = constant 0.0 : f32
// OUT:         %322 = add %321, %320 : f32
// OUT:         %323 = load @v2[%315] : f32
// OUT:         %324 = add %322, %323 : f32
// OUT:         store @v3[%313, %315], %324
// OUT:       }
// OUT:       %325 = constant 32 : index
// OUT:       %326 = constant 16 : index
// OUT:       %327 = add %35, %325 : index
// OUT:       %328 = add %32, %327 : index
// OUT:       %329 = add %36, %326 : index
// OUT:       %330 = add %33, %329 : index
// OUT:       %331 = cmp lt %328, %23 : i1
// OUT:       %332 = cmp lt %330, %24 : i1
// OUT:       %333 = and %331, %332 : i1
// OUT:       %334 = constant 10 : index
// OUT:       if %333 {
// OUT:         %335 = load @a2[%334] : f32
// OUT:         %336 = constant 0.0 : f32
// OUT:         %337 = add %336, %335 : f32
// OUT:         %338 = load @v2[%330] : f32
// OUT:         %339 = add %337, %338 : f32
// OUT:         store @v3[%328, %330], %339
// OUT:       }
// OUT:       %340 = constant 32 : index
// OUT:       %341 = constant 24 : index
// OUT:       %342 = add %35, %340 : index
// OUT:       %343 = add %32, %342 : index
// OUT:       %344 = add %36, %341 : index
// OUT:       %345 = add %33, %344 : index
// OUT:       %346 = cmp lt %343, %23 : i1
// OUT:       %347 = cmp lt %345, %24 : i1
// OUT:       %348 = and %346, %347 : i1
// OUT:       %349 = constant 11 : index
// OUT:       if %348 {
// OUT:         %350 = load @a2[%349] : f32
// OUT:         %351 = constant 0.0 : f32
// OUT:         %352 = add %351, %350 : f32
// OUT:         %353 = load @v2[%345] : f32
// OUT:         %354 = add %352, %353 : f32
// OUT:         store @v3[%343, %345], %354
// OUT:       }
// OUT:       %355 = constant 48 : index
// OUT:       %356 = constant 0 : index
// OUT:       %357 = add %35, %355 : index
// OUT:       %358 = add %32, %357 : index
// OUT:       %359 = add %36, %356 : index
// OUT:       %360 = add %33, %359 : index
// OUT:       %361 = cmp lt %358, %23 : i1
// OUT:       %362 = cmp lt %360, %24 : i1
// OUT:       %363 = and %361, %362 : i1
// OUT:       %364 = constant 12 : index
// OUT:       if %363 {
// OUT:         %365 = load @a2[%364] : f32
// OUT:         %366 = constant 0.0 : f32
// OUT:         %367 = add %366, %365 : f32
// OUT:         %368 = load @v2[%360] : f32
// OUT:         %369 = add %367, %368 : f32
// OUT:         store @v3[%358, %360], %369
// OUT:       }
// OUT:       %370 = constant 48 : index
// OUT:       %371 = constant 8 : index
// OUT:       %372 = add %35, %370 : index
// OUT:       %373 = add %32, %372 : index
// OUT:       %374 = add %36, %371 : index
// OUT:       %375 = add %33, %374 : index
// OUT:       %376 = cmp lt %373, %23 : i1
// OUT:       %377 = cmp lt %375, %24 : i1
// OUT:       %378 = and %376, %377 : i1
// OUT:       %379 = constant 13 : index
// OUT:       if %378 {
// OUT:         %380 = load @a2[%379] : f32
// OUT:         %381 = constant 0.0 : f32
// OUT:         %382 = add %381, %380 : f32
// OUT:         %383 = load @v2[%375] : f32
// OUT:         %384 = add %382, %383 : f32
// OUT:         store @v3[%373, %375], %384
// OUT:       }
// OUT:       %385 = constant 48 : index
// OUT:       %386 = constant 16 : index
// OUT:       %387 = add %35, %385 : index
// OUT:       %388 = add %32, %387 : index
// OUT:       %389 = add %36, %386 : index
// OUT:       %390 = add %33, %389 : index
// OUT:       %391 = cmp lt %388, %23 : i1
// OUT:       %392 = cmp lt %390, %24 : i1
// OUT:       %393 = and %391, %392 : i1
// OUT:       %394 = constant 14 : index
// OUT:       if %393 {
// OUT:         %395 = load @a2[%394] : f32
// OUT:         %396 = constant 0.0 : f32
// OUT:         %397 = add %396, %395 : f32
// OUT:         %398 = load @v2[%390] : f32
// OUT:         %399 = add %397, %398 : f32
// OUT:         store @v3[%388, %390], %399
// OUT:       }
// OUT:       %400 = constant 48 : index
// OUT:       %401 = constant 24 : index
// OUT:       %402 = add %35, %400 : index
// OUT:       %403 = add %32, %402 : index
// OUT:       %404 = add %36, %401 : index
// OUT:       %405 = add %33, %404 : index
// OUT:       %406 = cmp lt %403, %23 : i1
// OUT:       %407 = cmp lt %405, %24 : i1
// OUT:       %408 = and %406, %407 : i1
// OUT:       %409 = constant 15 : index
// OUT:       if %408 {
// OUT:         %410 = load @a2[%409] : f32
// OUT:         %411 = constant 0.0 : f32
// OUT:         %412 = add %411, %410 : f32
// OUT:         %413 = load @v2[%405] : f32
// OUT:         %414 = add %412, %413 : f32
// OUT:         store @v3[%403, %405], %414
// OUT:       }
// OUT:     }
// OUT:   }
// OUT: }

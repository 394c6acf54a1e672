// RUN: lower-to-kernels target=vulkan1.1 matmul-tiles=32x32x8/4x4
// A 40x50x28 matmul with a bias epilogue: workgroup-marked tiles; both operands promoted to
// two stages of Workgroup memory (double buffering: the prologue fills stage 0, each step
// loads the next stage into registers before its multiply-adds, stores it into the other
// buffer after them, then one barrier); the lhs (K = 28, a multiple of 4) copied with vec4
// loads and stored k-major, the rhs (N = 50) element by element; vec4 reads of both tiles into
// a 4x4 register tile per invocation; zero-filled out-of-range loads and guarded stores.
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
func.func @main(%a: tensor<40x28xf32>, %b: tensor<28x50xf32>, %bias: tensor<50xf32>) -> tensor<40x50xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<40x50xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<40x50xf32>) -> tensor<40x50xf32>
  %2 = linalg.matmul ins(%a, %b : tensor<40x28xf32>, tensor<28x50xf32>) outs(%1 : tensor<40x50xf32>) -> tensor<40x50xf32>
  %3 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%2, %bias : tensor<40x50xf32>, tensor<50xf32>) outs(%0 : tensor<40x50xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %4 = arith.addf %in, %in_0 : f32
    linalg.yield %4 : f32
  } -> tensor<40x50xf32>
  return %3 : tensor<40x50xf32>
}
// OUT: kernel @dispatch_0_contraction local_size [64, 1, 1] workgroup_count [1, 1, 1] {
// OUT:   binding #0 = set 0 binding 0 readonly f32 buffer 0 "input0"
// OUT:   binding #1 = set 0 binding 1 readonly f32 buffer 1 "input1"
// OUT:   binding #2 = set 0 binding 2 readonly f32 buffer 2 "input2"
// OUT:   binding #3 = set 0 binding 3 writeonly f32 buffer 3 "output0"
// OUT:   view @v0 = #0 offset 0 shape [40, 28] strides [28, 1]
// OUT:   view @v1 = #1 offset 0 shape [28, 50] strides [50, 1]
// OUT:   view @v2 = #2 offset 0 shape [50] strides [1]
// OUT:   view @v3 = #3 offset 0 shape [40, 50] strides [50, 1]
// OUT:   alloc @a0 = workgroup f32[576] "lhs_tile"
// OUT:   alloc @a1 = workgroup f32[576] "rhs_tile"
// OUT:   alloc @a2 = function f32[16] "acc"
// OUT:   %0 = constant 2 : index
// OUT:   parallel workgroup (%i1, %i2) < (%0, %0) {
// OUT:     %3 = constant 64 : index
// OUT:     parallel local (%i4) < (%3) {
// OUT:       %5 = constant 0.0 : f32
// OUT:       %6 = constant 0 : index
// OUT:       store @a2[%6], %5
// OUT:       %7 = constant 1 : index
// OUT:       store @a2[%7], %5
// OUT:       %8 = constant 2 : index
// OUT:       store @a2[%8], %5
// OUT:       %9 = constant 3 : index
// OUT:       store @a2[%9], %5
// OUT:       %10 = constant 4 : index
// OUT:       store @a2[%10], %5
// OUT:       %11 = constant 5 : index
// OUT:       store @a2[%11], %5
// OUT:       %12 = constant 6 : index
// OUT:       store @a2[%12], %5
// OUT:       %13 = constant 7 : index
// OUT:       store @a2[%13], %5
// OUT:       %14 = constant 8 : index
// OUT:       store @a2[%14], %5
// OUT:       %15 = constant 9 : index
// OUT:       store @a2[%15], %5
// OUT:       %16 = constant 10 : index
// OUT:       store @a2[%16], %5
// OUT:       %17 = constant 11 : index
// OUT:       store @a2[%17], %5
// OUT:       %18 = constant 12 : index
// OUT:       store @a2[%18], %5
// OUT:       %19 = constant 13 : index
// OUT:       store @a2[%19], %5
// OUT:       %20 = constant 14 : index
// OUT:       store @a2[%20], %5
// OUT:       %21 = constant 15 : index
// OUT:       store @a2[%21], %5
// OUT:       %22 = constant 40 : index
// OUT:       %23 = constant 50 : index
// OUT:       %24 = constant 28 : index
// OUT:       %25 = constant 32 : index
// OUT:       %26 = constant 32 : index
// OUT:       %27 = mul %i1, %25 : index
// OUT:       %28 = mul %i2, %26 : index
// OUT:       %29 = constant 8 : index
// OUT:       %30 = div %i4, %29 : index
// OUT:       %31 = rem %i4, %29 : index
// OUT:       %32 = constant 4 : index
// OUT:       %33 = mul %30, %32 : index
// OUT:       %34 = mul %31, %32 : index
// OUT:       %35 = constant 36 : index
// OUT:       %36 = constant 36 : index
// OUT:       %37 = constant 0 : index
// OUT:       %38 = constant 1 : index
// OUT:       %39 = constant 2 : index
// OUT:       %40 = constant 8 : index
// OUT:       %41 = constant 0 : index
// OUT:       %42 = add %i4, %41 : index
// OUT:       %43 = constant 2 : index
// OUT:       %44 = div %42, %43 : index
// OUT:       %45 = rem %42, %43 : index
// OUT:       %46 = constant 4 : index
// OUT:       %47 = mul %45, %46 : index
// OUT:       %48 = add %27, %44 : index
// OUT:       %49 = add %37, %47 : index
// OUT:       %50 = cmp lt %48, %22 : i1
// OUT:       %51 = cmp lt %49, %24 : i1
// OUT:       %52 = and %50, %51 : i1
// OUT:       %53 = constant 1 : index
// OUT:       %54 = sub %22, %53 : index
// OUT:       %55 = sub %24, %53 : index
// OUT:       %56 = min %48, %54 : index
// OUT:       %57 = min %49, %55 : index
// OUT:       %58 = constant 0 : index
// OUT:       %59 = constant 0 : index
// OUT:       %60 = load @v0[%56, %57] : vector<4xf32>
// OUT:       %61 = splat %52 : vector<4xi1>
// OUT:       %62 = constant 0.0 : f32
// OUT:       %63 = splat %62 : vector<4xf32>
// OUT:       %64 = select %61, %60, %63 : vector<4xf32>
// OUT:       %65 = constant 0 : index
// OUT:       %66 = add %i4, %65 : index
// OUT:       %67 = constant 32 : index
// OUT:       %68 = div %66, %67 : index
// OUT:       %69 = rem %66, %67 : index
// OUT:       %70 = constant 1 : index
// OUT:       %71 = mul %69, %70 : index
// OUT:       %72 = add %28, %71 : index
// OUT:       %73 = add %37, %68 : index
// OUT:       %74 = cmp lt %72, %23 : i1
// OUT:       %75 = cmp lt %73, %24 : i1
// OUT:       %76 = and %74, %75 : i1
// OUT:       %77 = constant 1 : index
// OUT:       %78 = sub %23, %77 : index
// OUT:       %79 = sub %24, %77 : index
// OUT:       %80 = min %72, %78 : index
// OUT:       %81 = min %73, %79 : index
// OUT:       %82 = constant 0 : index
// OUT:       %83 = constant 0 : index
// OUT:       %84 = load @v1[%81, %80] : f32
// OUT:       %85 = constant 0.0 : f32
// OUT:       %86 = select %76, %84, %85 : f32
// OUT:       %87 = constant 64 : index
// OUT:       %88 = add %i4, %87 : index
// OUT:       %89 = constant 32 : index
// OUT:       %90 = div %88, %89 : index
// OUT:       %91 = rem %88, %89 : index
// OUT:       %92 = constant 1 : index
// OUT:       %93 = mul %91, %92 : index
// OUT:       %94 = add %28, %93 : index
// OUT:       %95 = add %37, %90 : index
// OUT:       %96 = cmp lt %94, %23 : i1
// OUT:       %97 = cmp lt %95, %24 : i1
// OUT:       %98 = and %96, %97 : i1
// OUT:       %99 = constant 1 : index
// OUT:       %100 = sub %23, %99 : index
// OUT:       %101 = sub %24, %99 : index
// OUT:       %102 = min %94, %100 : index
// OUT:       %103 = min %95, %101 : index
// OUT:       %104 = constant 0 : index
// OUT:       %105 = constant 0 : index
// OUT:       %106 = load @v1[%103, %102] : f32
// OUT:       %107 = constant 0.0 : f32
// OUT:       %108 = select %98, %106, %107 : f32
// OUT:       %109 = constant 128 : index
// OUT:       %110 = add %i4, %109 : index
// OUT:       %111 = constant 32 : index
// OUT:       %112 = div %110, %111 : index
// OUT:       %113 = rem %110, %111 : index
// OUT:       %114 = constant 1 : index
// OUT:       %115 = mul %113, %114 : index
// OUT:       %116 = add %28, %115 : index
// OUT:       %117 = add %37, %112 : index
// OUT:       %118 = cmp lt %116, %23 : i1
// OUT:       %119 = cmp lt %117, %24 : i1
// OUT:       %120 = and %118, %119 : i1
// OUT:       %121 = constant 1 : index
// OUT:       %122 = sub %23, %121 : index
// OUT:       %123 = sub %24, %121 : index
// OUT:       %124 = min %116, %122 : index
// OUT:       %125 = min %117, %123 : index
// OUT:       %126 = constant 0 : index
// OUT:       %127 = constant 0 : index
// OUT:       %128 = load @v1[%125, %124] : f32
// OUT:       %129 = constant 0.0 : f32
// OUT:       %130 = select %120, %128, %129 : f32
// OUT:       %131 = constant 192 : index
// OUT:       %132 = add %i4, %131 : index
// OUT:       %133 = constant 32 : index
// OUT:       %134 = div %132, %133 : index
// OUT:       %135 = rem %132, %133 : index
// OUT:       %136 = constant 1 : index
// OUT:       %137 = mul %135, %136 : index
// OUT:       %138 = add %28, %137 : index
// OUT:       %139 = add %37, %134 : index
// OUT:       %140 = cmp lt %138, %23 : i1
// OUT:       %141 = cmp lt %139, %24 : i1
// OUT:       %142 = and %140, %141 : i1
// OUT:       %143 = constant 1 : index
// OUT:       %144 = sub %23, %143 : index
// OUT:       %145 = sub %24, %143 : index
// OUT:       %146 = min %138, %144 : index
// OUT:       %147 = min %139, %145 : index
// OUT:       %148 = constant 0 : index
// OUT:       %149 = constant 0 : index
// OUT:       %150 = load @v1[%147, %146] : f32
// OUT:       %151 = constant 0.0 : f32
// OUT:       %152 = select %142, %150, %151 : f32
// OUT:       %153 = constant 288 : index
// OUT:       %154 = constant 288 : index
// OUT:       %155 = mul %37, %153 : index
// OUT:       %156 = mul %37, %154 : index
// OUT:       %157 = extract %64[0] : f32
// OUT:       %158 = constant 0 : index
// OUT:       %159 = add %47, %158 : index
// OUT:       %160 = mul %159, %35 : index
// OUT:       %161 = add %160, %44 : index
// OUT:       %162 = add %161, %155 : index
// OUT:       store @a0[%162], %157
// OUT:       %163 = extract %64[1] : f32
// OUT:       %164 = constant 1 : index
// OUT:       %165 = add %47, %164 : index
// OUT:       %166 = mul %165, %35 : index
// OUT:       %167 = add %166, %44 : index
// OUT:       %168 = add %167, %155 : index
// OUT:       store @a0[%168], %163
// OUT:       %169 = extract %64[2] : f32
// OUT:       %170 = constant 2 : index
// OUT:       %171 = add %47, %170 : index
// OUT:       %172 = mul %171, %35 : index
// OUT:       %173 = add %172, %44 : index
// OUT:       %174 = add %173, %155 : index
// OUT:       store @a0[%174], %169
// OUT:       %175 = extract %64[3] : f32
// OUT:       %176 = constant 3 : index
// OUT:       %177 = add %47, %176 : index
// OUT:       %178 = mul %177, %35 : index
// OUT:       %179 = add %178, %44 : index
// OUT:       %180 = add %179, %155 : index
// OUT:       store @a0[%180], %175
// OUT:       %181 = mul %68, %36 : index
// OUT:       %182 = add %181, %71 : index
// OUT:       %183 = add %182, %156 : index
// OUT:       store @a1[%183], %86
// OUT:       %184 = mul %90, %36 : index
// OUT:       %185 = add %184, %93 : index
// OUT:       %186 = add %185, %156 : index
// OUT:       store @a1[%186], %108
// OUT:       %187 = mul %112, %36 : index
// OUT:       %188 = add %187, %115 : index
// OUT:       %189 = add %188, %156 : index
// OUT:       store @a1[%189], %130
// OUT:       %190 = mul %134, %36 : index
// OUT:       %191 = add %190, %137 : index
// OUT:       %192 = add %191, %156 : index
// OUT:       store @a1[%192], %152
// OUT:       control_barrier workgroup
// OUT:       for %k193 = %37 to %24 step %40 {
// OUT:         %194 = div %k193, %40 : index
// OUT:         %195 = rem %194, %39 : index
// OUT:         %196 = constant 288 : index
// OUT:         %197 = constant 288 : index
// OUT:         %198 = mul %195, %196 : index
// OUT:         %199 = mul %195, %197 : index
// OUT:         %200 = add %k193, %40 : index
// OUT:         %201 = constant 0 : index
// OUT:         %202 = add %i4, %201 : index
// OUT:         %203 = constant 2 : index
// OUT:         %204 = div %202, %203 : index
// OUT:         %205 = rem %202, %203 : index
// OUT:         %206 = constant 4 : index
// OUT:         %207 = mul %205, %206 : index
// OUT:         %208 = add %27, %204 : index
// OUT:         %209 = add %200, %207 : index
// OUT:         %210 = cmp lt %208, %22 : i1
// OUT:         %211 = cmp lt %209, %24 : i1
// OUT:         %212 = and %210, %211 : i1
// OUT:         %213 = constant 1 : index
// OUT:         %214 = sub %22, %213 : index
// OUT:         %215 = sub %24, %213 : index
// OUT:         %216 = min %208, %214 : index
// OUT:         %217 = min %209, %215 : index
// OUT:         %218 = constant 0 : index
// OUT:         %219 = constant 0 : index
// OUT:         %220 = load @v0[%216, %217] : vector<4xf32>
// OUT:         %221 = splat %212 : vector<4xi1>
// OUT:         %222 = constant 0.0 : f32
// OUT:         %223 = splat %222 : vector<4xf32>
// OUT:         %224 = select %221, %220, %223 : vector<4xf32>
// OUT:         %225 = constant 0 : index
// OUT:         %226 = add %i4, %225 : index
// OUT:         %227 = constant 32 : index
// OUT:         %228 = div %226, %227 : index
// OUT:         %229 = rem %226, %227 : index
// OUT:         %230 = constant 1 : index
// OUT:         %231 = mul %229, %230 : index
// OUT:         %232 = add %28, %231 : index
// OUT:         %233 = add %200, %228 : index
// OUT:         %234 = cmp lt %232, %23 : i1
// OUT:         %235 = cmp lt %233, %24 : i1
// OUT:         %236 = and %234, %235 : i1
// OUT:         %237 = constant 1 : index
// OUT:         %238 = sub %23, %237 : index
// OUT:         %239 = sub %24, %237 : index
// OUT:         %240 = min %232, %238 : index
// OUT:         %241 = min %233, %239 : index
// OUT:         %242 = constant 0 : index
// OUT:         %243 = constant 0 : index
// OUT:         %244 = load @v1[%241, %240] : f32
// OUT:         %245 = constant 0.0 : f32
// OUT:         %246 = select %236, %244, %245 : f32
// OUT:         %247 = constant 64 : index
// OUT:         %248 = add %i4, %247 : index
// OUT:         %249 = constant 32 : index
// OUT:         %250 = div %248, %249 : index
// OUT:         %251 = rem %248, %249 : index
// OUT:         %252 = constant 1 : index
// OUT:         %253 = mul %251, %252 : index
// OUT:         %254 = add %28, %253 : index
// OUT:         %255 = add %200, %250 : index
// OUT:         %256 = cmp lt %254, %23 : i1
// OUT:         %257 = cmp lt %255, %24 : i1
// OUT:         %258 = and %256, %257 : i1
// OUT:         %259 = constant 1 : index
// OUT:         %260 = sub %23, %259 : index
// OUT:         %261 = sub %24, %259 : index
// OUT:         %262 = min %254, %260 : index
// OUT:         %263 = min %255, %261 : index
// OUT:         %264 = constant 0 : index
// OUT:         %265 = constant 0 : index
// OUT:         %266 = load @v1[%263, %262] : f32
// OUT:         %267 = constant 0.0 : f32
// OUT:         %268 = select %258, %266, %267 : f32
// OUT:         %269 = constant 128 : index
// OUT:         %270 = add %i4, %269 : index
// OUT:         %271 = constant 32 : index
// OUT:         %272 = div %270, %271 : index
// OUT:         %273 = rem %270, %271 : index
// OUT:         %274 = constant 1 : index
// OUT:         %275 = mul %273, %274 : index
// OUT:         %276 = add %28, %275 : index
// OUT:         %277 = add %200, %272 : index
// OUT:         %278 = cmp lt %276, %23 : i1
// OUT:         %279 = cmp lt %277, %24 : i1
// OUT:         %280 = and %278, %279 : i1
// OUT:         %281 = constant 1 : index
// OUT:         %282 = sub %23, %281 : index
// OUT:         %283 = sub %24, %281 : index
// OUT:         %284 = min %276, %282 : index
// OUT:         %285 = min %277, %283 : index
// OUT:         %286 = constant 0 : index
// OUT:         %287 = constant 0 : index
// OUT:         %288 = load @v1[%285, %284] : f32
// OUT:         %289 = constant 0.0 : f32
// OUT:         %290 = select %280, %288, %289 : f32
// OUT:         %291 = constant 192 : index
// OUT:         %292 = add %i4, %291 : index
// OUT:         %293 = constant 32 : index
// OUT:         %294 = div %292, %293 : index
// OUT:         %295 = rem %292, %293 : index
// OUT:         %296 = constant 1 : index
// OUT:         %297 = mul %295, %296 : index
// OUT:         %298 = add %28, %297 : index
// OUT:         %299 = add %200, %294 : index
// OUT:         %300 = cmp lt %298, %23 : i1
// OUT:         %301 = cmp lt %299, %24 : i1
// OUT:         %302 = and %300, %301 : i1
// OUT:         %303 = constant 1 : index
// OUT:         %304 = sub %23, %303 : index
// OUT:         %305 = sub %24, %303 : index
// OUT:         %306 = min %298, %304 : index
// OUT:         %307 = min %299, %305 : index
// OUT:         %308 = constant 0 : index
// OUT:         %309 = constant 0 : index
// OUT:         %310 = load @v1[%307, %306] : f32
// OUT:         %311 = constant 0.0 : f32
// OUT:         %312 = select %302, %310, %311 : f32
// OUT:         %313 = constant 0 : index
// OUT:         %314 = mul %313, %35 : index
// OUT:         %315 = add %314, %198 : index
// OUT:         %316 = add %315, %33 : index
// OUT:         %317 = constant 0 : index
// OUT:         %318 = add %316, %317 : index
// OUT:         %319 = load @a0[%318] : vector<4xf32>
// OUT:         %320 = mul %313, %36 : index
// OUT:         %321 = add %320, %199 : index
// OUT:         %322 = add %321, %34 : index
// OUT:         %323 = constant 0 : index
// OUT:         %324 = add %322, %323 : index
// OUT:         %325 = load @a1[%324] : vector<4xf32>
// OUT:         %326 = extract %319[0] : f32
// OUT:         %327 = extract %319[1] : f32
// OUT:         %328 = extract %319[2] : f32
// OUT:         %329 = extract %319[3] : f32
// OUT:         %330 = extract %325[0] : f32
// OUT:         %331 = extract %325[1] : f32
// OUT:         %332 = extract %325[2] : f32
// OUT:         %333 = extract %325[3] : f32
// OUT:         %334 = mul %326, %330 : f32
// OUT:         %335 = constant 0 : index
// OUT:         %336 = load @a2[%335] : f32
// OUT:         %337 = add %336, %334 : f32
// OUT:         store @a2[%335], %337
// OUT:         %338 = mul %326, %331 : f32
// OUT:         %339 = constant 1 : index
// OUT:         %340 = load @a2[%339] : f32
// OUT:         %341 = add %340, %338 : f32
// OUT:         store @a2[%339], %341
// OUT:         %342 = mul %326, %332 : f32
// OUT:         %343 = constant 2 : index
// OUT:         %344 = load @a2[%343] : f32
// OUT:         %345 = add %344, %342 : f32
// OUT:         store @a2[%343], %345
// OUT:         %346 = mul %326, %333 : f32
// OUT:         %347 = constant 3 : index
// OUT:         %348 = load @a2[%347] : f32
// OUT:         %349 = add %348, %346 : f32
// OUT:         store @a2[%347], %349
// OUT:         %350 = mul %327, %330 : f32
// OUT:         %351 = constant 4 : index
// OUT:         %352 = load @a2[%351] : f32
// OUT:         %353 = add %352, %350 : f32
// OUT:         store @a2[%351], %353
// OUT:         %354 = mul %327, %331 : f32
// OUT:         %355 = constant 5 : index
// OUT:         %356 = load @a2[%355] : f32
// OUT:         %357 = add %356, %354 : f32
// OUT:         store @a2[%355], %357
// OUT:         %358 = mul %327, %332 : f32
// OUT:         %359 = constant 6 : index
// OUT:         %360 = load @a2[%359] : f32
// OUT:         %361 = add %360, %358 : f32
// OUT:         store @a2[%359], %361
// OUT:         %362 = mul %327, %333 : f32
// OUT:         %363 = constant 7 : index
// OUT:         %364 = load @a2[%363] : f32
// OUT:         %365 = add %364, %362 : f32
// OUT:         store @a2[%363], %365
// OUT:         %366 = mul %328, %330 : f32
// OUT:         %367 = constant 8 : index
// OUT:         %368 = load @a2[%367] : f32
// OUT:         %369 = add %368, %366 : f32
// OUT:         store @a2[%367], %369
// OUT:         %370 = mul %328, %331 : f32
// OUT:         %371 = constant 9 : index
// OUT:         %372 = load @a2[%371] : f32
// OUT:         %373 = add %372, %370 : f32
// OUT:         store @a2[%371], %373
// OUT:         %374 = mul %328, %332 : f32
// OUT:         %375 = constant 10 : index
// OUT:         %376 = load @a2[%375] : f32
// OUT:         %377 = add %376, %374 : f32
// OUT:         store @a2[%375], %377
// OUT:         %378 = mul %328, %333 : f32
// OUT:         %379 = constant 11 : index
// OUT:         %380 = load @a2[%379] : f32
// OUT:         %381 = add %380, %378 : f32
// OUT:         store @a2[%379], %381
// OUT:         %382 = mul %329, %330 : f32
// OUT:         %383 = constant 12 : index
// OUT:         %384 = load @a2[%383] : f32
// OUT:         %385 = add %384, %382 : f32
// OUT:         store @a2[%383], %385
// OUT:         %386 = mul %329, %331 : f32
// OUT:         %387 = constant 13 : index
// OUT:         %388 = load @a2[%387] : f32
// OUT:         %389 = add %388, %386 : f32
// OUT:         store @a2[%387], %389
// OUT:         %390 = mul %329, %332 : f32
// OUT:         %391 = constant 14 : index
// OUT:         %392 = load @a2[%391] : f32
// OUT:         %393 = add %392, %390 : f32
// OUT:         store @a2[%391], %393
// OUT:         %394 = mul %329, %333 : f32
// OUT:         %395 = constant 15 : index
// OUT:         %396 = load @a2[%395] : f32
// OUT:         %397 = add %396, %394 : f32
// OUT:         store @a2[%395], %397
// OUT:         %398 = constant 1 : index
// OUT:         %399 = mul %398, %35 : index
// OUT:         %400 = add %399, %198 : index
// OUT:         %401 = add %400, %33 : index
// OUT:         %402 = constant 0 : index
// OUT:         %403 = add %401, %402 : index
// OUT:         %404 = load @a0[%403] : vector<4xf32>
// OUT:         %405 = mul %398, %36 : index
// OUT:         %406 = add %405, %199 : index
// OUT:         %407 = add %406, %34 : index
// OUT:         %408 = constant 0 : index
// OUT:         %409 = add %407, %408 : index
// OUT:         %410 = load @a1[%409] : vector<4xf32>
// OUT:         %411 = extract %404[0] : f32
// OUT:         %412 = extract %404[1] : f32
// OUT:         %413 = extract %404[2] : f32
// OUT:         %414 = extract %404[3] : f32
// OUT:         %415 = extract %410[0] : f32
// OUT:         %416 = extract %410[1] : f32
// OUT:         %417 = extract %410[2] : f32
// OUT:         %418 = extract %410[3] : f32
// OUT:         %419 = mul %411, %415 : f32
// OUT:         %420 = constant 0 : index
// OUT:         %421 = load @a2[%420] : f32
// OUT:         %422 = add %421, %419 : f32
// OUT:         store @a2[%420], %422
// OUT:         %423 = mul %411, %416 : f32
// OUT:         %424 = constant 1 : index
// OUT:         %425 = load @a2[%424] : f32
// OUT:         %426 = add %425, %423 : f32
// OUT:         store @a2[%424], %426
// OUT:         %427 = mul %411, %417 : f32
// OUT:         %428 = constant 2 : index
// OUT:         %429 = load @a2[%428] : f32
// OUT:         %430 = add %429, %427 : f32
// OUT:         store @a2[%428], %430
// OUT:         %431 = mul %411, %418 : f32
// OUT:         %432 = constant 3 : index
// OUT:         %433 = load @a2[%432] : f32
// OUT:         %434 = add %433, %431 : f32
// OUT:         store @a2[%432], %434
// OUT:         %435 = mul %412, %415 : f32
// OUT:         %436 = constant 4 : index
// OUT:         %437 = load @a2[%436] : f32
// OUT:         %438 = add %437, %435 : f32
// OUT:         store @a2[%436], %438
// OUT:         %439 = mul %412, %416 : f32
// OUT:         %440 = constant 5 : index
// OUT:         %441 = load @a2[%440] : f32
// OUT:         %442 = add %441, %439 : f32
// OUT:         store @a2[%440], %442
// OUT:         %443 = mul %412, %417 : f32
// OUT:         %444 = constant 6 : index
// OUT:         %445 = load @a2[%444] : f32
// OUT:         %446 = add %445, %443 : f32
// OUT:         store @a2[%444], %446
// OUT:         %447 = mul %412, %418 : f32
// OUT:         %448 = constant 7 : index
// OUT:         %449 = load @a2[%448] : f32
// OUT:         %450 = add %449, %447 : f32
// OUT:         store @a2[%448], %450
// OUT:         %451 = mul %413, %415 : f32
// OUT:         %452 = constant 8 : index
// OUT:         %453 = load @a2[%452] : f32
// OUT:         %454 = add %453, %451 : f32
// OUT:         store @a2[%452], %454
// OUT:         %455 = mul %413, %416 : f32
// OUT:         %456 = constant 9 : index
// OUT:         %457 = load @a2[%456] : f32
// OUT:         %458 = add %457, %455 : f32
// OUT:         store @a2[%456], %458
// OUT:         %459 = mul %413, %417 : f32
// OUT:         %460 = constant 10 : index
// OUT:         %461 = load @a2[%460] : f32
// OUT:         %462 = add %461, %459 : f32
// OUT:         store @a2[%460], %462
// OUT:         %463 = mul %413, %418 : f32
// OUT:         %464 = constant 11 : index
// OUT:         %465 = load @a2[%464] : f32
// OUT:         %466 = add %465, %463 : f32
// OUT:         store @a2[%464], %466
// OUT:         %467 = mul %414, %415 : f32
// OUT:         %468 = constant 12 : index
// OUT:         %469 = load @a2[%468] : f32
// OUT:         %470 = add %469, %467 : f32
// OUT:         store @a2[%468], %470
// OUT:         %471 = mul %414, %416 : f32
// OUT:         %472 = constant 13 : index
// OUT:         %473 = load @a2[%472] : f32
// OUT:         %474 = add %473, %471 : f32
// OUT:         store @a2[%472], %474
// OUT:         %475 = mul %414, %417 : f32
// OUT:         %476 = constant 14 : index
// OUT:         %477 = load @a2[%476] : f32
// OUT:         %478 = add %477, %475 : f32
// OUT:         store @a2[%476], %478
// OUT:         %479 = mul %414, %418 : f32
// OUT:         %480 = constant 15 : index
// OUT:         %481 = load @a2[%480] : f32
// OUT:         %482 = add %481, %479 : f32
// OUT:         store @a2[%480], %482
// OUT:         %483 = constant 2 : index
// OUT:         %484 = mul %483, %35 : index
// OUT:         %485 = add %484, %198 : index
// OUT:         %486 = add %485, %33 : index
// OUT:         %487 = constant 0 : index
// OUT:         %488 = add %486, %487 : index
// OUT:         %489 = load @a0[%488] : vector<4xf32>
// OUT:         %490 = mul %483, %36 : index
// OUT:         %491 = add %490, %199 : index
// OUT:         %492 = add %491, %34 : index
// OUT:         %493 = constant 0 : index
// OUT:         %494 = add %492, %493 : index
// OUT:         %495 = load @a1[%494] : vector<4xf32>
// OUT:         %496 = extract %489[0] : f32
// OUT:         %497 = extract %489[1] : f32
// OUT:         %498 = extract %489[2] : f32
// OUT:         %499 = extract %489[3] : f32
// OUT:         %500 = extract %495[0] : f32
// OUT:         %501 = extract %495[1] : f32
// OUT:         %502 = extract %495[2] : f32
// OUT:         %503 = extract %495[3] : f32
// OUT:         %504 = mul %496, %500 : f32
// OUT:         %505 = constant 0 : index
// OUT:         %506 = load @a2[%505] : f32
// OUT:         %507 = add %506, %504 : f32
// OUT:         store @a2[%505], %507
// OUT:         %508 = mul %496, %501 : f32
// OUT:         %509 = constant 1 : index
// OUT:         %510 = load @a2[%509] : f32
// OUT:         %511 = add %510, %508 : f32
// OUT:         store @a2[%509], %511
// OUT:         %512 = mul %496, %502 : f32
// OUT:         %513 = constant 2 : index
// OUT:         %514 = load @a2[%513] : f32
// OUT:         %515 = add %514, %512 : f32
// OUT:         store @a2[%513], %515
// OUT:         %516 = mul %496, %503 : f32
// OUT:         %517 = constant 3 : index
// OUT:         %518 = load @a2[%517] : f32
// OUT:         %519 = add %518, %516 : f32
// OUT:         store @a2[%517], %519
// OUT:         %520 = mul %497, %500 : f32
// OUT:         %521 = constant 4 : index
// OUT:         %522 = load @a2[%521] : f32
// OUT:         %523 = add %522, %520 : f32
// OUT:         store @a2[%521], %523
// OUT:         %524 = mul %497, %501 : f32
// OUT:         %525 = constant 5 : index
// OUT:         %526 = load @a2[%525] : f32
// OUT:         %527 = add %526, %524 : f32
// OUT:         store @a2[%525], %527
// OUT:         %528 = mul %497, %502 : f32
// OUT:         %529 = constant 6 : index
// OUT:         %530 = load @a2[%529] : f32
// OUT:         %531 = add %530, %528 : f32
// OUT:         store @a2[%529], %531
// OUT:         %532 = mul %497, %503 : f32
// OUT:         %533 = constant 7 : index
// OUT:         %534 = load @a2[%533] : f32
// OUT:         %535 = add %534, %532 : f32
// OUT:         store @a2[%533], %535
// OUT:         %536 = mul %498, %500 : f32
// OUT:         %537 = constant 8 : index
// OUT:         %538 = load @a2[%537] : f32
// OUT:         %539 = add %538, %536 : f32
// OUT:         store @a2[%537], %539
// OUT:         %540 = mul %498, %501 : f32
// OUT:         %541 = constant 9 : index
// OUT:         %542 = load @a2[%541] : f32
// OUT:         %543 = add %542, %540 : f32
// OUT:         store @a2[%541], %543
// OUT:         %544 = mul %498, %502 : f32
// OUT:         %545 = constant 10 : index
// OUT:         %546 = load @a2[%545] : f32
// OUT:         %547 = add %546, %544 : f32
// OUT:         store @a2[%545], %547
// OUT:         %548 = mul %498, %503 : f32
// OUT:         %549 = constant 11 : index
// OUT:         %550 = load @a2[%549] : f32
// OUT:         %551 = add %550, %548 : f32
// OUT:         store @a2[%549], %551
// OUT:         %552 = mul %499, %500 : f32
// OUT:         %553 = constant 12 : index
// OUT:         %554 = load @a2[%553] : f32
// OUT:         %555 = add %554, %552 : f32
// OUT:         store @a2[%553], %555
// OUT:         %556 = mul %499, %501 : f32
// OUT:         %557 = constant 13 : index
// OUT:         %558 = load @a2[%557] : f32
// OUT:         %559 = add %558, %556 : f32
// OUT:         store @a2[%557], %559
// OUT:         %560 = mul %499, %502 : f32
// OUT:         %561 = constant 14 : index
// OUT:         %562 = load @a2[%561] : f32
// OUT:         %563 = add %562, %560 : f32
// OUT:         store @a2[%561], %563
// OUT:         %564 = mul %499, %503 : f32
// OUT:         %565 = constant 15 : index
// OUT:         %566 = load @a2[%565] : f32
// OUT:         %567 = add %566, %564 : f32
// OUT:         store @a2[%565], %567
// OUT:         %568 = constant 3 : index
// OUT:         %569 = mul %568, %35 : index
// OUT:         %570 = add %569, %198 : index
// OUT:         %571 = add %570, %33 : index
// OUT:         %572 = constant 0 : index
// OUT:         %573 = add %571, %572 : index
// OUT:         %574 = load @a0[%573] : vector<4xf32>
// OUT:         %575 = mul %568, %36 : index
// OUT:         %576 = add %575, %199 : index
// OUT:         %577 = add %576, %34 : index
// OUT:         %578 = constant 0 : index
// OUT:         %579 = add %577, %578 : index
// OUT:         %580 = load @a1[%579] : vector<4xf32>
// OUT:         %581 = extract %574[0] : f32
// OUT:         %582 = extract %574[1] : f32
// OUT:         %583 = extract %574[2] : f32
// OUT:         %584 = extract %574[3] : f32
// OUT:         %585 = extract %580[0] : f32
// OUT:         %586 = extract %580[1] : f32
// OUT:         %587 = extract %580[2] : f32
// OUT:         %588 = extract %580[3] : f32
// OUT:         %589 = mul %581, %585 : f32
// OUT:         %590 = constant 0 : index
// OUT:         %591 = load @a2[%590] : f32
// OUT:         %592 = add %591, %589 : f32
// OUT:         store @a2[%590], %592
// OUT:         %593 = mul %581, %586 : f32
// OUT:         %594 = constant 1 : index
// OUT:         %595 = load @a2[%594] : f32
// OUT:         %596 = add %595, %593 : f32
// OUT:         store @a2[%594], %596
// OUT:         %597 = mul %581, %587 : f32
// OUT:         %598 = constant 2 : index
// OUT:         %599 = load @a2[%598] : f32
// OUT:         %600 = add %599, %597 : f32
// OUT:         store @a2[%598], %600
// OUT:         %601 = mul %581, %588 : f32
// OUT:         %602 = constant 3 : index
// OUT:         %603 = load @a2[%602] : f32
// OUT:         %604 = add %603, %601 : f32
// OUT:         store @a2[%602], %604
// OUT:         %605 = mul %582, %585 : f32
// OUT:         %606 = constant 4 : index
// OUT:         %607 = load @a2[%606] : f32
// OUT:         %608 = add %607, %605 : f32
// OUT:         store @a2[%606], %608
// OUT:         %609 = mul %582, %586 : f32
// OUT:         %610 = constant 5 : index
// OUT:         %611 = load @a2[%610] : f32
// OUT:         %612 = add %611, %609 : f32
// OUT:         store @a2[%610], %612
// OUT:         %613 = mul %582, %587 : f32
// OUT:         %614 = constant 6 : index
// OUT:         %615 = load @a2[%614] : f32
// OUT:         %616 = add %615, %613 : f32
// OUT:         store @a2[%614], %616
// OUT:         %617 = mul %582, %588 : f32
// OUT:         %618 = constant 7 : index
// OUT:         %619 = load @a2[%618] : f32
// OUT:         %620 = add %619, %617 : f32
// OUT:         store @a2[%618], %620
// OUT:         %621 = mul %583, %585 : f32
// OUT:         %622 = constant 8 : index
// OUT:         %623 = load @a2[%622] : f32
// OUT:         %624 = add %623, %621 : f32
// OUT:         store @a2[%622], %624
// OUT:         %625 = mul %583, %586 : f32
// OUT:         %626 = constant 9 : index
// OUT:         %627 = load @a2[%626] : f32
// OUT:         %628 = add %627, %625 : f32
// OUT:         store @a2[%626], %628
// OUT:         %629 = mul %583, %587 : f32
// OUT:         %630 = constant 10 : index
// OUT:         %631 = load @a2[%630] : f32
// OUT:         %632 = add %631, %629 : f32
// OUT:         store @a2[%630], %632
// OUT:         %633 = mul %583, %588 : f32
// OUT:         %634 = constant 11 : index
// OUT:         %635 = load @a2[%634] : f32
// OUT:         %636 = add %635, %633 : f32
// OUT:         store @a2[%634], %636
// OUT:         %637 = mul %584, %585 : f32
// OUT:         %638 = constant 12 : index
// OUT:         %639 = load @a2[%638] : f32
// OUT:         %640 = add %639, %637 : f32
// OUT:         store @a2[%638], %640
// OUT:         %641 = mul %584, %586 : f32
// OUT:         %642 = constant 13 : index
// OUT:         %643 = load @a2[%642] : f32
// OUT:         %644 = add %643, %641 : f32
// OUT:         store @a2[%642], %644
// OUT:         %645 = mul %584, %587 : f32
// OUT:         %646 = constant 14 : index
// OUT:         %647 = load @a2[%646] : f32
// OUT:         %648 = add %647, %645 : f32
// OUT:         store @a2[%646], %648
// OUT:         %649 = mul %584, %588 : f32
// OUT:         %650 = constant 15 : index
// OUT:         %651 = load @a2[%650] : f32
// OUT:         %652 = add %651, %649 : f32
// OUT:         store @a2[%650], %652
// OUT:         %653 = constant 4 : index
// OUT:         %654 = mul %653, %35 : index
// OUT:         %655 = add %654, %198 : index
// OUT:         %656 = add %655, %33 : index
// OUT:         %657 = constant 0 : index
// OUT:         %658 = add %656, %657 : index
// OUT:         %659 = load @a0[%658] : vector<4xf32>
// OUT:         %660 = mul %653, %36 : index
// OUT:         %661 = add %660, %199 : index
// OUT:         %662 = add %661, %34 : index
// OUT:         %663 = constant 0 : index
// OUT:         %664 = add %662, %663 : index
// OUT:         %665 = load @a1[%664] : vector<4xf32>
// OUT:         %666 = extract %659[0] : f32
// OUT:         %667 = extract %659[1] : f32
// OUT:         %668 = extract %659[2] : f32
// OUT:         %669 = extract %659[3] : f32
// OUT:         %670 = extract %665[0] : f32
// OUT:         %671 = extract %665[1] : f32
// OUT:         %672 = extract %665[2] : f32
// OUT:         %673 = extract %665[3] : f32
// OUT:         %674 = mul %666, %670 : f32
// OUT:         %675 = constant 0 : index
// OUT:         %676 = load @a2[%675] : f32
// OUT:         %677 = add %676, %674 : f32
// OUT:         store @a2[%675], %677
// OUT:         %678 = mul %666, %671 : f32
// OUT:         %679 = constant 1 : index
// OUT:         %680 = load @a2[%679] : f32
// OUT:         %681 = add %680, %678 : f32
// OUT:         store @a2[%679], %681
// OUT:         %682 = mul %666, %672 : f32
// OUT:         %683 = constant 2 : index
// OUT:         %684 = load @a2[%683] : f32
// OUT:         %685 = add %684, %682 : f32
// OUT:         store @a2[%683], %685
// OUT:         %686 = mul %666, %673 : f32
// OUT:         %687 = constant 3 : index
// OUT:         %688 = load @a2[%687] : f32
// OUT:         %689 = add %688, %686 : f32
// OUT:         store @a2[%687], %689
// OUT:         %690 = mul %667, %670 : f32
// OUT:         %691 = constant 4 : index
// OUT:         %692 = load @a2[%691] : f32
// OUT:         %693 = add %692, %690 : f32
// OUT:         store @a2[%691], %693
// OUT:         %694 = mul %667, %671 : f32
// OUT:         %695 = constant 5 : index
// OUT:         %696 = load @a2[%695] : f32
// OUT:         %697 = add %696, %694 : f32
// OUT:         store @a2[%695], %697
// OUT:         %698 = mul %667, %672 : f32
// OUT:         %699 = constant 6 : index
// OUT:         %700 = load @a2[%699] : f32
// OUT:         %701 = add %700, %698 : f32
// OUT:         store @a2[%699], %701
// OUT:         %702 = mul %667, %673 : f32
// OUT:         %703 = constant 7 : index
// OUT:         %704 = load @a2[%703] : f32
// OUT:         %705 = add %704, %702 : f32
// OUT:         store @a2[%703], %705
// OUT:         %706 = mul %668, %670 : f32
// OUT:         %707 = constant 8 : index
// OUT:         %708 = load @a2[%707] : f32
// OUT:         %709 = add %708, %706 : f32
// OUT:         store @a2[%707], %709
// OUT:         %710 = mul %668, %671 : f32
// OUT:         %711 = constant 9 : index
// OUT:         %712 = load @a2[%711] : f32
// OUT:         %713 = add %712, %710 : f32
// OUT:         store @a2[%711], %713
// OUT:         %714 = mul %668, %672 : f32
// OUT:         %715 = constant 10 : index
// OUT:         %716 = load @a2[%715] : f32
// OUT:         %717 = add %716, %714 : f32
// OUT:         store @a2[%715], %717
// OUT:         %718 = mul %668, %673 : f32
// OUT:         %719 = constant 11 : index
// OUT:         %720 = load @a2[%719] : f32
// OUT:         %721 = add %720, %718 : f32
// OUT:         store @a2[%719], %721
// OUT:         %722 = mul %669, %670 : f32
// OUT:         %723 = constant 12 : index
// OUT:         %724 = load @a2[%723] : f32
// OUT:         %725 = add %724, %722 : f32
// OUT:         store @a2[%723], %725
// OUT:         %726 = mul %669, %671 : f32
// OUT:         %727 = constant 13 : index
// OUT:         %728 = load @a2[%727] : f32
// OUT:         %729 = add %728, %726 : f32
// OUT:         store @a2[%727], %729
// OUT:         %730 = mul %669, %672 : f32
// OUT:         %731 = constant 14 : index
// OUT:         %732 = load @a2[%731] : f32
// OUT:         %733 = add %732, %730 : f32
// OUT:         store @a2[%731], %733
// OUT:         %734 = mul %669, %673 : f32
// OUT:         %735 = constant 15 : index
// OUT:         %736 = load @a2[%735] : f32
// OUT:         %737 = add %736, %734 : f32
// OUT:         store @a2[%735], %737
// OUT:         %738 = constant 5 : index
// OUT:         %739 = mul %738, %35 : index
// OUT:         %740 = add %739, %198 : index
// OUT:         %741 = add %740, %33 : index
// OUT:         %742 = constant 0 : index
// OUT:         %743 = add %741, %742 : index
// OUT:         %744 = load @a0[%743] : vector<4xf32>
// OUT:         %745 = mul %738, %36 : index
// OUT:         %746 = add %745, %199 : index
// OUT:         %747 = add %746, %34 : index
// OUT:         %748 = constant 0 : index
// OUT:         %749 = add %747, %748 : index
// OUT:         %750 = load @a1[%749] : vector<4xf32>
// OUT:         %751 = extract %744[0] : f32
// OUT:         %752 = extract %744[1] : f32
// OUT:         %753 = extract %744[2] : f32
// OUT:         %754 = extract %744[3] : f32
// OUT:         %755 = extract %750[0] : f32
// OUT:         %756 = extract %750[1] : f32
// OUT:         %757 = extract %750[2] : f32
// OUT:         %758 = extract %750[3] : f32
// OUT:         %759 = mul %751, %755 : f32
// OUT:         %760 = constant 0 : index
// OUT:         %761 = load @a2[%760] : f32
// OUT:         %762 = add %761, %759 : f32
// OUT:         store @a2[%760], %762
// OUT:         %763 = mul %751, %756 : f32
// OUT:         %764 = constant 1 : index
// OUT:         %765 = load @a2[%764] : f32
// OUT:         %766 = add %765, %763 : f32
// OUT:         store @a2[%764], %766
// OUT:         %767 = mul %751, %757 : f32
// OUT:         %768 = constant 2 : index
// OUT:         %769 = load @a2[%768] : f32
// OUT:         %770 = add %769, %767 : f32
// OUT:         store @a2[%768], %770
// OUT:         %771 = mul %751, %758 : f32
// OUT:         %772 = constant 3 : index
// OUT:         %773 = load @a2[%772] : f32
// OUT:         %774 = add %773, %771 : f32
// OUT:         store @a2[%772], %774
// OUT:         %775 = mul %752, %755 : f32
// OUT:         %776 = constant 4 : index
// OUT:         %777 = load @a2[%776] : f32
// OUT:         %778 = add %777, %775 : f32
// OUT:         store @a2[%776], %778
// OUT:         %779 = mul %752, %756 : f32
// OUT:         %780 = constant 5 : index
// OUT:         %781 = load @a2[%780] : f32
// OUT:         %782 = add %781, %779 : f32
// OUT:         store @a2[%780], %782
// OUT:         %783 = mul %752, %757 : f32
// OUT:         %784 = constant 6 : index
// OUT:         %785 = load @a2[%784] : f32
// OUT:         %786 = add %785, %783 : f32
// OUT:         store @a2[%784], %786
// OUT:         %787 = mul %752, %758 : f32
// OUT:         %788 = constant 7 : index
// OUT:         %789 = load @a2[%788] : f32
// OUT:         %790 = add %789, %787 : f32
// OUT:         store @a2[%788], %790
// OUT:         %791 = mul %753, %755 : f32
// OUT:         %792 = constant 8 : index
// OUT:         %793 = load @a2[%792] : f32
// OUT:         %794 = add %793, %791 : f32
// OUT:         store @a2[%792], %794
// OUT:         %795 = mul %753, %756 : f32
// OUT:         %796 = constant 9 : index
// OUT:         %797 = load @a2[%796] : f32
// OUT:         %798 = add %797, %795 : f32
// OUT:         store @a2[%796], %798
// OUT:         %799 = mul %753, %757 : f32
// OUT:         %800 = constant 10 : index
// OUT:         %801 = load @a2[%800] : f32
// OUT:         %802 = add %801, %799 : f32
// OUT:         store @a2[%800], %802
// OUT:         %803 = mul %753, %758 : f32
// OUT:         %804 = constant 11 : index
// OUT:         %805 = load @a2[%804] : f32
// OUT:         %806 = add %805, %803 : f32
// OUT:         store @a2[%804], %806
// OUT:         %807 = mul %754, %755 : f32
// OUT:         %808 = constant 12 : index
// OUT:         %809 = load @a2[%808] : f32
// OUT:         %810 = add %809, %807 : f32
// OUT:         store @a2[%808], %810
// OUT:         %811 = mul %754, %756 : f32
// OUT:         %812 = constant 13 : index
// OUT:         %813 = load @a2[%812] : f32
// OUT:         %814 = add %813, %811 : f32
// OUT:         store @a2[%812], %814
// OUT:         %815 = mul %754, %757 : f32
// OUT:         %816 = constant 14 : index
// OUT:         %817 = load @a2[%816] : f32
// OUT:         %818 = add %817, %815 : f32
// OUT:         store @a2[%816], %818
// OUT:         %819 = mul %754, %758 : f32
// OUT:         %820 = constant 15 : index
// OUT:         %821 = load @a2[%820] : f32
// OUT:         %822 = add %821, %819 : f32
// OUT:         store @a2[%820], %822
// OUT:         %823 = constant 6 : index
// OUT:         %824 = mul %823, %35 : index
// OUT:         %825 = add %824, %198 : index
// OUT:         %826 = add %825, %33 : index
// OUT:         %827 = constant 0 : index
// OUT:         %828 = add %826, %827 : index
// OUT:         %829 = load @a0[%828] : vector<4xf32>
// OUT:         %830 = mul %823, %36 : index
// OUT:         %831 = add %830, %199 : index
// OUT:         %832 = add %831, %34 : index
// OUT:         %833 = constant 0 : index
// OUT:         %834 = add %832, %833 : index
// OUT:         %835 = load @a1[%834] : vector<4xf32>
// OUT:         %836 = extract %829[0] : f32
// OUT:         %837 = extract %829[1] : f32
// OUT:         %838 = extract %829[2] : f32
// OUT:         %839 = extract %829[3] : f32
// OUT:         %840 = extract %835[0] : f32
// OUT:         %841 = extract %835[1] : f32
// OUT:         %842 = extract %835[2] : f32
// OUT:         %843 = extract %835[3] : f32
// OUT:         %844 = mul %836, %840 : f32
// OUT:         %845 = constant 0 : index
// OUT:         %846 = load @a2[%845] : f32
// OUT:         %847 = add %846, %844 : f32
// OUT:         store @a2[%845], %847
// OUT:         %848 = mul %836, %841 : f32
// OUT:         %849 = constant 1 : index
// OUT:         %850 = load @a2[%849] : f32
// OUT:         %851 = add %850, %848 : f32
// OUT:         store @a2[%849], %851
// OUT:         %852 = mul %836, %842 : f32
// OUT:         %853 = constant 2 : index
// OUT:         %854 = load @a2[%853] : f32
// OUT:         %855 = add %854, %852 : f32
// OUT:         store @a2[%853], %855
// OUT:         %856 = mul %836, %843 : f32
// OUT:         %857 = constant 3 : index
// OUT:         %858 = load @a2[%857] : f32
// OUT:         %859 = add %858, %856 : f32
// OUT:         store @a2[%857], %859
// OUT:         %860 = mul %837, %840 : f32
// OUT:         %861 = constant 4 : index
// OUT:         %862 = load @a2[%861] : f32
// OUT:         %863 = add %862, %860 : f32
// OUT:         store @a2[%861], %863
// OUT:         %864 = mul %837, %841 : f32
// OUT:         %865 = constant 5 : index
// OUT:         %866 = load @a2[%865] : f32
// OUT:         %867 = add %866, %864 : f32
// OUT:         store @a2[%865], %867
// OUT:         %868 = mul %837, %842 : f32
// OUT:         %869 = constant 6 : index
// OUT:         %870 = load @a2[%869] : f32
// OUT:         %871 = add %870, %868 : f32
// OUT:         store @a2[%869], %871
// OUT:         %872 = mul %837, %843 : f32
// OUT:         %873 = constant 7 : index
// OUT:         %874 = load @a2[%873] : f32
// OUT:         %875 = add %874, %872 : f32
// OUT:         store @a2[%873], %875
// OUT:         %876 = mul %838, %840 : f32
// OUT:         %877 = constant 8 : index
// OUT:         %878 = load @a2[%877] : f32
// OUT:         %879 = add %878, %876 : f32
// OUT:         store @a2[%877], %879
// OUT:         %880 = mul %838, %841 : f32
// OUT:         %881 = constant 9 : index
// OUT:         %882 = load @a2[%881] : f32
// OUT:         %883 = add %882, %880 : f32
// OUT:         store @a2[%881], %883
// OUT:         %884 = mul %838, %842 : f32
// OUT:         %885 = constant 10 : index
// OUT:         %886 = load @a2[%885] : f32
// OUT:         %887 = add %886, %884 : f32
// OUT:         store @a2[%885], %887
// OUT:         %888 = mul %838, %843 : f32
// OUT:         %889 = constant 11 : index
// OUT:         %890 = load @a2[%889] : f32
// OUT:         %891 = add %890, %888 : f32
// OUT:         store @a2[%889], %891
// OUT:         %892 = mul %839, %840 : f32
// OUT:         %893 = constant 12 : index
// OUT:         %894 = load @a2[%893] : f32
// OUT:         %895 = add %894, %892 : f32
// OUT:         store @a2[%893], %895
// OUT:         %896 = mul %839, %841 : f32
// OUT:         %897 = constant 13 : index
// OUT:         %898 = load @a2[%897] : f32
// OUT:         %899 = add %898, %896 : f32
// OUT:         store @a2[%897], %899
// OUT:         %900 = mul %839, %842 : f32
// OUT:         %901 = constant 14 : index
// OUT:         %902 = load @a2[%901] : f32
// OUT:         %903 = add %902, %900 : f32
// OUT:         store @a2[%901], %903
// OUT:         %904 = mul %839, %843 : f32
// OUT:         %905 = constant 15 : index
// OUT:         %906 = load @a2[%905] : f32
// OUT:         %907 = add %906, %904 : f32
// OUT:         store @a2[%905], %907
// OUT:         %908 = constant 7 : index
// OUT:         %909 = mul %908, %35 : index
// OUT:         %910 = add %909, %198 : index
// OUT:         %911 = add %910, %33 : index
// OUT:         %912 = constant 0 : index
// OUT:         %913 = add %911, %912 : index
// OUT:         %914 = load @a0[%913] : vector<4xf32>
// OUT:         %915 = mul %908, %36 : index
// OUT:         %916 = add %915, %199 : index
// OUT:         %917 = add %916, %34 : index
// OUT:         %918 = constant 0 : index
// OUT:         %919 = add %917, %918 : index
// OUT:         %920 = load @a1[%919] : vector<4xf32>
// OUT:         %921 = extract %914[0] : f32
// OUT:         %922 = extract %914[1] : f32
// OUT:         %923 = extract %914[2] : f32
// OUT:         %924 = extract %914[3] : f32
// OUT:         %925 = extract %920[0] : f32
// OUT:         %926 = extract %920[1] : f32
// OUT:         %927 = extract %920[2] : f32
// OUT:         %928 = extract %920[3] : f32
// OUT:         %929 = mul %921, %925 : f32
// OUT:         %930 = constant 0 : index
// OUT:         %931 = load @a2[%930] : f32
// OUT:         %932 = add %931, %929 : f32
// OUT:         store @a2[%930], %932
// OUT:         %933 = mul %921, %926 : f32
// OUT:         %934 = constant 1 : index
// OUT:         %935 = load @a2[%934] : f32
// OUT:         %936 = add %935, %933 : f32
// OUT:         store @a2[%934], %936
// OUT:         %937 = mul %921, %927 : f32
// OUT:         %938 = constant 2 : index
// OUT:         %939 = load @a2[%938] : f32
// OUT:         %940 = add %939, %937 : f32
// OUT:         store @a2[%938], %940
// OUT:         %941 = mul %921, %928 : f32
// OUT:         %942 = constant 3 : index
// OUT:         %943 = load @a2[%942] : f32
// OUT:         %944 = add %943, %941 : f32
// OUT:         store @a2[%942], %944
// OUT:         %945 = mul %922, %925 : f32
// OUT:         %946 = constant 4 : index
// OUT:         %947 = load @a2[%946] : f32
// OUT:         %948 = add %947, %945 : f32
// OUT:         store @a2[%946], %948
// OUT:         %949 = mul %922, %926 : f32
// OUT:         %950 = constant 5 : index
// OUT:         %951 = load @a2[%950] : f32
// OUT:         %952 = add %951, %949 : f32
// OUT:         store @a2[%950], %952
// OUT:         %953 = mul %922, %927 : f32
// OUT:         %954 = constant 6 : index
// OUT:         %955 = load @a2[%954] : f32
// OUT:         %956 = add %955, %953 : f32
// OUT:         store @a2[%954], %956
// OUT:         %957 = mul %922, %928 : f32
// OUT:         %958 = constant 7 : index
// OUT:         %959 = load @a2[%958] : f32
// OUT:         %960 = add %959, %957 : f32
// OUT:         store @a2[%958], %960
// OUT:         %961 = mul %923, %925 : f32
// OUT:         %962 = constant 8 : index
// OUT:         %963 = load @a2[%962] : f32
// OUT:         %964 = add %963, %961 : f32
// OUT:         store @a2[%962], %964
// OUT:         %965 = mul %923, %926 : f32
// OUT:         %966 = constant 9 : index
// OUT:         %967 = load @a2[%966] : f32
// OUT:         %968 = add %967, %965 : f32
// OUT:         store @a2[%966], %968
// OUT:         %969 = mul %923, %927 : f32
// OUT:         %970 = constant 10 : index
// OUT:         %971 = load @a2[%970] : f32
// OUT:         %972 = add %971, %969 : f32
// OUT:         store @a2[%970], %972
// OUT:         %973 = mul %923, %928 : f32
// OUT:         %974 = constant 11 : index
// OUT:         %975 = load @a2[%974] : f32
// OUT:         %976 = add %975, %973 : f32
// OUT:         store @a2[%974], %976
// OUT:         %977 = mul %924, %925 : f32
// OUT:         %978 = constant 12 : index
// OUT:         %979 = load @a2[%978] : f32
// OUT:         %980 = add %979, %977 : f32
// OUT:         store @a2[%978], %980
// OUT:         %981 = mul %924, %926 : f32
// OUT:         %982 = constant 13 : index
// OUT:         %983 = load @a2[%982] : f32
// OUT:         %984 = add %983, %981 : f32
// OUT:         store @a2[%982], %984
// OUT:         %985 = mul %924, %927 : f32
// OUT:         %986 = constant 14 : index
// OUT:         %987 = load @a2[%986] : f32
// OUT:         %988 = add %987, %985 : f32
// OUT:         store @a2[%986], %988
// OUT:         %989 = mul %924, %928 : f32
// OUT:         %990 = constant 15 : index
// OUT:         %991 = load @a2[%990] : f32
// OUT:         %992 = add %991, %989 : f32
// OUT:         store @a2[%990], %992
// OUT:         %993 = sub %38, %195 : index
// OUT:         %994 = constant 288 : index
// OUT:         %995 = constant 288 : index
// OUT:         %996 = mul %993, %994 : index
// OUT:         %997 = mul %993, %995 : index
// OUT:         %998 = extract %224[0] : f32
// OUT:         %999 = constant 0 : index
// OUT:         %1000 = add %207, %999 : index
// OUT:         %1001 = mul %1000, %35 : index
// OUT:         %1002 = add %1001, %204 : index
// OUT:         %1003 = add %1002, %996 : index
// OUT:         store @a0[%1003], %998
// OUT:         %1004 = extract %224[1] : f32
// OUT:         %1005 = constant 1 : index
// OUT:         %1006 = add %207, %1005 : index
// OUT:         %1007 = mul %1006, %35 : index
// OUT:         %1008 = add %1007, %204 : index
// OUT:         %1009 = add %1008, %996 : index
// OUT:         store @a0[%1009], %1004
// OUT:         %1010 = extract %224[2] : f32
// OUT:         %1011 = constant 2 : index
// OUT:         %1012 = add %207, %1011 : index
// OUT:         %1013 = mul %1012, %35 : index
// OUT:         %1014 = add %1013, %204 : index
// OUT:         %1015 = add %1014, %996 : index
// OUT:         store @a0[%1015], %1010
// OUT:         %1016 = extract %224[3] : f32
// OUT:         %1017 = constant 3 : index
// OUT:         %1018 = add %207, %1017 : index
// OUT:         %1019 = mul %1018, %35 : index
// OUT:         %1020 = add %1019, %204 : index
// OUT:         %1021 = add %1020, %996 : index
// OUT:         store @a0[%1021], %1016
// OUT:         %1022 = mul %228, %36 : index
// OUT:         %1023 = add %1022, %231 : index
// OUT:         %1024 = add %1023, %997 : index
// OUT:         store @a1[%1024], %246
// OUT:         %1025 = mul %250, %36 : index
// OUT:         %1026 = add %1025, %253 : index
// OUT:         %1027 = add %1026, %997 : index
// OUT:         store @a1[%1027], %268
// OUT:         %1028 = mul %272, %36 : index
// OUT:         %1029 = add %1028, %275 : index
// OUT:         %1030 = add %1029, %997 : index
// OUT:         store @a1[%1030], %290
// OUT:         %1031 = mul %294, %36 : index
// OUT:         %1032 = add %1031, %297 : index
// OUT:         %1033 = add %1032, %997 : index
// OUT:         store @a1[%1033], %312
// OUT:         control_barrier workgroup
// OUT:       }
// OUT:       %1034 = constant 0 : index
// OUT:       %1035 = constant 0 : index
// OUT:       %1036 = add %33, %1034 : index
// OUT:       %1037 = add %27, %1036 : index
// OUT:       %1038 = add %34, %1035 : index
// OUT:       %1039 = add %28, %1038 : index
// OUT:       %1040 = cmp lt %1037, %22 : i1
// OUT:       %1041 = cmp lt %1039, %23 : i1
// OUT:       %1042 = and %1040, %1041 : i1
// OUT:       if %1042 {
// OUT:         %1043 = constant 0 : index
// OUT:         %1044 = constant 0 : index
// OUT:         %1045 = load @a2[%1044] : f32
// OUT:         %1046 = constant 0.0 : f32
// OUT:         %1047 = add %1046, %1045 : f32
// OUT:         %1048 = load @v2[%1039] : f32
// OUT:         %1049 = add %1047, %1048 : f32
// OUT:         store @v3[%1037, %1039], %1049
// OUT:       }
// OUT:       %1050 = constant 0 : index
// OUT:       %1051 = constant 1 : index
// OUT:       %1052 = add %33, %1050 : index
// OUT:       %1053 = add %27, %1052 : index
// OUT:       %1054 = add %34, %1051 : index
// OUT:       %1055 = add %28, %1054 : index
// OUT:       %1056 = cmp lt %1053, %22 : i1
// OUT:       %1057 = cmp lt %1055, %23 : i1
// OUT:       %1058 = and %1056, %1057 : i1
// OUT:       if %1058 {
// OUT:         %1059 = constant 0 : index
// OUT:         %1060 = constant 1 : index
// OUT:         %1061 = load @a2[%1060] : f32
// OUT:         %1062 = constant 0.0 : f32
// OUT:         %1063 = add %1062, %1061 : f32
// OUT:         %1064 = load @v2[%1055] : f32
// OUT:         %1065 = add %1063, %1064 : f32
// OUT:         store @v3[%1053, %1055], %1065
// OUT:       }
// OUT:       %1066 = constant 0 : index
// OUT:       %1067 = constant 2 : index
// OUT:       %1068 = add %33, %1066 : index
// OUT:       %1069 = add %27, %1068 : index
// OUT:       %1070 = add %34, %1067 : index
// OUT:       %1071 = add %28, %1070 : index
// OUT:       %1072 = cmp lt %1069, %22 : i1
// OUT:       %1073 = cmp lt %1071, %23 : i1
// OUT:       %1074 = and %1072, %1073 : i1
// OUT:       if %1074 {
// OUT:         %1075 = constant 0 : index
// OUT:         %1076 = constant 2 : index
// OUT:         %1077 = load @a2[%1076] : f32
// OUT:         %1078 = constant 0.0 : f32
// OUT:         %1079 = add %1078, %1077 : f32
// OUT:         %1080 = load @v2[%1071] : f32
// OUT:         %1081 = add %1079, %1080 : f32
// OUT:         store @v3[%1069, %1071], %1081
// OUT:       }
// OUT:       %1082 = constant 0 : index
// OUT:       %1083 = constant 3 : index
// OUT:       %1084 = add %33, %1082 : index
// OUT:       %1085 = add %27, %1084 : index
// OUT:       %1086 = add %34, %1083 : index
// OUT:       %1087 = add %28, %1086 : index
// OUT:       %1088 = cmp lt %1085, %22 : i1
// OUT:       %1089 = cmp lt %1087, %23 : i1
// OUT:       %1090 = and %1088, %1089 : i1
// OUT:       if %1090 {
// OUT:         %1091 = constant 0 : index
// OUT:         %1092 = constant 3 : index
// OUT:         %1093 = load @a2[%1092] : f32
// OUT:         %1094 = constant 0.0 : f32
// OUT:         %1095 = add %1094, %1093 : f32
// OUT:         %1096 = load @v2[%1087] : f32
// OUT:         %1097 = add %1095, %1096 : f32
// OUT:         store @v3[%1085, %1087], %1097
// OUT:       }
// OUT:       %1098 = constant 1 : index
// OUT:       %1099 = constant 0 : index
// OUT:       %1100 = add %33, %1098 : index
// OUT:       %1101 = add %27, %1100 : index
// OUT:       %1102 = add %34, %1099 : index
// OUT:       %1103 = add %28, %1102 : index
// OUT:       %1104 = cmp lt %1101, %22 : i1
// OUT:       %1105 = cmp lt %1103, %23 : i1
// OUT:       %1106 = and %1104, %1105 : i1
// OUT:       if %1106 {
// OUT:         %1107 = constant 0 : index
// OUT:         %1108 = constant 4 : index
// OUT:         %1109 = load @a2[%1108] : f32
// OUT:         %1110 = constant 0.0 : f32
// OUT:         %1111 = add %1110, %1109 : f32
// OUT:         %1112 = load @v2[%1103] : f32
// OUT:         %1113 = add %1111, %1112 : f32
// OUT:         store @v3[%1101, %1103], %1113
// OUT:       }
// OUT:       %1114 = constant 1 : index
// OUT:       %1115 = constant 1 : index
// OUT:       %1116 = add %33, %1114 : index
// OUT:       %1117 = add %27, %1116 : index
// OUT:       %1118 = add %34, %1115 : index
// OUT:       %1119 = add %28, %1118 : index
// OUT:       %1120 = cmp lt %1117, %22 : i1
// OUT:       %1121 = cmp lt %1119, %23 : i1
// OUT:       %1122 = and %1120, %1121 : i1
// OUT:       if %1122 {
// OUT:         %1123 = constant 0 : index
// OUT:         %1124 = constant 5 : index
// OUT:         %1125 = load @a2[%1124] : f32
// OUT:         %1126 = constant 0.0 : f32
// OUT:         %1127 = add %1126, %1125 : f32
// OUT:         %1128 = load @v2[%1119] : f32
// OUT:         %1129 = add %1127, %1128 : f32
// OUT:         store @v3[%1117, %1119], %1129
// OUT:       }
// OUT:       %1130 = constant 1 : index
// OUT:       %1131 = constant 2 : index
// OUT:       %1132 = add %33, %1130 : index
// OUT:       %1133 = add %27, %1132 : index
// OUT:       %1134 = add %34, %1131 : index
// OUT:       %1135 = add %28, %1134 : index
// OUT:       %1136 = cmp lt %1133, %22 : i1
// OUT:       %1137 = cmp lt %1135, %23 : i1
// OUT:       %1138 = and %1136, %1137 : i1
// OUT:       if %1138 {
// OUT:         %1139 = constant 0 : index
// OUT:         %1140 = constant 6 : index
// OUT:         %1141 = load @a2[%1140] : f32
// OUT:         %1142 = constant 0.0 : f32
// OUT:         %1143 = add %1142, %1141 : f32
// OUT:         %1144 = load @v2[%1135] : f32
// OUT:         %1145 = add %1143, %1144 : f32
// OUT:         store @v3[%1133, %1135], %1145
// OUT:       }
// OUT:       %1146 = constant 1 : index
// OUT:       %1147 = constant 3 : index
// OUT:       %1148 = add %33, %1146 : index
// OUT:       %1149 = add %27, %1148 : index
// OUT:       %1150 = add %34, %1147 : index
// OUT:       %1151 = add %28, %1150 : index
// OUT:       %1152 = cmp lt %1149, %22 : i1
// OUT:       %1153 = cmp lt %1151, %23 : i1
// OUT:       %1154 = and %1152, %1153 : i1
// OUT:       if %1154 {
// OUT:         %1155 = constant 0 : index
// OUT:         %1156 = constant 7 : index
// OUT:         %1157 = load @a2[%1156] : f32
// OUT:         %1158 = constant 0.0 : f32
// OUT:         %1159 = add %1158, %1157 : f32
// OUT:         %1160 = load @v2[%1151] : f32
// OUT:         %1161 = add %1159, %1160 : f32
// OUT:         store @v3[%1149, %1151], %1161
// OUT:       }
// OUT:       %1162 = constant 2 : index
// OUT:       %1163 = constant 0 : index
// OUT:       %1164 = add %33, %1162 : index
// OUT:       %1165 = add %27, %1164 : index
// OUT:       %1166 = add %34, %1163 : index
// OUT:       %1167 = add %28, %1166 : index
// OUT:       %1168 = cmp lt %1165, %22 : i1
// OUT:       %1169 = cmp lt %1167, %23 : i1
// OUT:       %1170 = and %1168, %1169 : i1
// OUT:       if %1170 {
// OUT:         %1171 = constant 0 : index
// OUT:         %1172 = constant 8 : index
// OUT:         %1173 = load @a2[%1172] : f32
// OUT:         %1174 = constant 0.0 : f32
// OUT:         %1175 = add %1174, %1173 : f32
// OUT:         %1176 = load @v2[%1167] : f32
// OUT:         %1177 = add %1175, %1176 : f32
// OUT:         store @v3[%1165, %1167], %1177
// OUT:       }
// OUT:       %1178 = constant 2 : index
// OUT:       %1179 = constant 1 : index
// OUT:       %1180 = add %33, %1178 : index
// OUT:       %1181 = add %27, %1180 : index
// OUT:       %1182 = add %34, %1179 : index
// OUT:       %1183 = add %28, %1182 : index
// OUT:       %1184 = cmp lt %1181, %22 : i1
// OUT:       %1185 = cmp lt %1183, %23 : i1
// OUT:       %1186 = and %1184, %1185 : i1
// OUT:       if %1186 {
// OUT:         %1187 = constant 0 : index
// OUT:         %1188 = constant 9 : index
// OUT:         %1189 = load @a2[%1188] : f32
// OUT:         %1190 = constant 0.0 : f32
// OUT:         %1191 = add %1190, %1189 : f32
// OUT:         %1192 = load @v2[%1183] : f32
// OUT:         %1193 = add %1191, %1192 : f32
// OUT:         store @v3[%1181, %1183], %1193
// OUT:       }
// OUT:       %1194 = constant 2 : index
// OUT:       %1195 = constant 2 : index
// OUT:       %1196 = add %33, %1194 : index
// OUT:       %1197 = add %27, %1196 : index
// OUT:       %1198 = add %34, %1195 : index
// OUT:       %1199 = add %28, %1198 : index
// OUT:       %1200 = cmp lt %1197, %22 : i1
// OUT:       %1201 = cmp lt %1199, %23 : i1
// OUT:       %1202 = and %1200, %1201 : i1
// OUT:       if %1202 {
// OUT:         %1203 = constant 0 : index
// OUT:         %1204 = constant 10 : index
// OUT:         %1205 = load @a2[%1204] : f32
// OUT:         %1206 = constant 0.0 : f32
// OUT:         %1207 = add %1206, %1205 : f32
// OUT:         %1208 = load @v2[%1199] : f32
// OUT:         %1209 = add %1207, %1208 : f32
// OUT:         store @v3[%1197, %1199], %1209
// OUT:       }
// OUT:       %1210 = constant 2 : index
// OUT:       %1211 = constant 3 : index
// OUT:       %1212 = add %33, %1210 : index
// OUT:       %1213 = add %27, %1212 : index
// OUT:       %1214 = add %34, %1211 : index
// OUT:       %1215 = add %28, %1214 : index
// OUT:       %1216 = cmp lt %1213, %22 : i1
// OUT:       %1217 = cmp lt %1215, %23 : i1
// OUT:       %1218 = and %1216, %1217 : i1
// OUT:       if %1218 {
// OUT:         %1219 = constant 0 : index
// OUT:         %1220 = constant 11 : index
// OUT:         %1221 = load @a2[%1220] : f32
// OUT:         %1222 = constant 0.0 : f32
// OUT:         %1223 = add %1222, %1221 : f32
// OUT:         %1224 = load @v2[%1215] : f32
// OUT:         %1225 = add %1223, %1224 : f32
// OUT:         store @v3[%1213, %1215], %1225
// OUT:       }
// OUT:       %1226 = constant 3 : index
// OUT:       %1227 = constant 0 : index
// OUT:       %1228 = add %33, %1226 : index
// OUT:       %1229 = add %27, %1228 : index
// OUT:       %1230 = add %34, %1227 : index
// OUT:       %1231 = add %28, %1230 : index
// OUT:       %1232 = cmp lt %1229, %22 : i1
// OUT:       %1233 = cmp lt %1231, %23 : i1
// OUT:       %1234 = and %1232, %1233 : i1
// OUT:       if %1234 {
// OUT:         %1235 = constant 0 : index
// OUT:         %1236 = constant 12 : index
// OUT:         %1237 = load @a2[%1236] : f32
// OUT:         %1238 = constant 0.0 : f32
// OUT:         %1239 = add %1238, %1237 : f32
// OUT:         %1240 = load @v2[%1231] : f32
// OUT:         %1241 = add %1239, %1240 : f32
// OUT:         store @v3[%1229, %1231], %1241
// OUT:       }
// OUT:       %1242 = constant 3 : index
// OUT:       %1243 = constant 1 : index
// OUT:       %1244 = add %33, %1242 : index
// OUT:       %1245 = add %27, %1244 : index
// OUT:       %1246 = add %34, %1243 : index
// OUT:       %1247 = add %28, %1246 : index
// OUT:       %1248 = cmp lt %1245, %22 : i1
// OUT:       %1249 = cmp lt %1247, %23 : i1
// OUT:       %1250 = and %1248, %1249 : i1
// OUT:       if %1250 {
// OUT:         %1251 = constant 0 : index
// OUT:         %1252 = constant 13 : index
// OUT:         %1253 = load @a2[%1252] : f32
// OUT:         %1254 = constant 0.0 : f32
// OUT:         %1255 = add %1254, %1253 : f32
// OUT:         %1256 = load @v2[%1247] : f32
// OUT:         %1257 = add %1255, %1256 : f32
// OUT:         store @v3[%1245, %1247], %1257
// OUT:       }
// OUT:       %1258 = constant 3 : index
// OUT:       %1259 = constant 2 : index
// OUT:       %1260 = add %33, %1258 : index
// OUT:       %1261 = add %27, %1260 : index
// OUT:       %1262 = add %34, %1259 : index
// OUT:       %1263 = add %28, %1262 : index
// OUT:       %1264 = cmp lt %1261, %22 : i1
// OUT:       %1265 = cmp lt %1263, %23 : i1
// OUT:       %1266 = and %1264, %1265 : i1
// OUT:       if %1266 {
// OUT:         %1267 = constant 0 : index
// OUT:         %1268 = constant 14 : index
// OUT:         %1269 = load @a2[%1268] : f32
// OUT:         %1270 = constant 0.0 : f32
// OUT:         %1271 = add %1270, %1269 : f32
// OUT:         %1272 = load @v2[%1263] : f32
// OUT:         %1273 = add %1271, %1272 : f32
// OUT:         store @v3[%1261, %1263], %1273
// OUT:       }
// OUT:       %1274 = constant 3 : index
// OUT:       %1275 = constant 3 : index
// OUT:       %1276 = add %33, %1274 : index
// OUT:       %1277 = add %27, %1276 : index
// OUT:       %1278 = add %34, %1275 : index
// OUT:       %1279 = add %28, %1278 : index
// OUT:       %1280 = cmp lt %1277, %22 : i1
// OUT:       %1281 = cmp lt %1279, %23 : i1
// OUT:       %1282 = and %1280, %1281 : i1
// OUT:       if %1282 {
// OUT:         %1283 = constant 0 : index
// OUT:         %1284 = constant 15 : index
// OUT:         %1285 = load @a2[%1284] : f32
// OUT:         %1286 = constant 0.0 : f32
// OUT:         %1287 = add %1286, %1285 : f32
// OUT:         %1288 = load @v2[%1279] : f32
// OUT:         %1289 = add %1287, %1288 : f32
// OUT:         store @v3[%1277, %1279], %1289
// OUT:       }
// OUT:     }
// OUT:   }
// OUT: }

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
// OUT:       %42 = constant 1 : index
// OUT:       %43 = sub %24, %42 : index
// OUT:       %44 = constant 2 : index
// OUT:       %45 = constant 4 : index
// OUT:       %46 = sub %22, %42 : index
// OUT:       %47 = constant 0 : index
// OUT:       %48 = add %i4, %47 : index
// OUT:       %49 = div %48, %44 : index
// OUT:       %50 = rem %48, %44 : index
// OUT:       %51 = mul %50, %45 : index
// OUT:       %52 = add %27, %49 : index
// OUT:       %53 = add %37, %51 : index
// OUT:       %54 = cmp lt %52, %22 : i1
// OUT:       %55 = cmp lt %53, %24 : i1
// OUT:       %56 = and %54, %55 : i1
// OUT:       %57 = min %52, %46 : index
// OUT:       %58 = min %53, %43 : index
// OUT:       %59 = constant 0 : index
// OUT:       %60 = load @v0[%57, %58] : vector<4xf32>
// OUT:       %61 = splat %56 : vector<4xi1>
// OUT:       %62 = constant 0.0 : f32
// OUT:       %63 = splat %62 : vector<4xf32>
// OUT:       %64 = select %61, %60, %63 : vector<4xf32>
// OUT:       %65 = constant 32 : index
// OUT:       %66 = constant 1 : index
// OUT:       %67 = sub %23, %42 : index
// OUT:       %68 = constant 0 : index
// OUT:       %69 = add %i4, %68 : index
// OUT:       %70 = div %69, %65 : index
// OUT:       %71 = rem %69, %65 : index
// OUT:       %72 = mul %71, %66 : index
// OUT:       %73 = add %28, %72 : index
// OUT:       %74 = add %37, %70 : index
// OUT:       %75 = cmp lt %73, %23 : i1
// OUT:       %76 = cmp lt %74, %24 : i1
// OUT:       %77 = and %75, %76 : i1
// OUT:       %78 = min %73, %67 : index
// OUT:       %79 = min %74, %43 : index
// OUT:       %80 = constant 0 : index
// OUT:       %81 = load @v1[%79, %78] : f32
// OUT:       %82 = constant 0.0 : f32
// OUT:       %83 = select %77, %81, %82 : f32
// OUT:       %84 = constant 64 : index
// OUT:       %85 = add %i4, %84 : index
// OUT:       %86 = div %85, %65 : index
// OUT:       %87 = rem %85, %65 : index
// OUT:       %88 = mul %87, %66 : index
// OUT:       %89 = add %28, %88 : index
// OUT:       %90 = add %37, %86 : index
// OUT:       %91 = cmp lt %89, %23 : i1
// OUT:       %92 = cmp lt %90, %24 : i1
// OUT:       %93 = and %91, %92 : i1
// OUT:       %94 = min %89, %67 : index
// OUT:       %95 = min %90, %43 : index
// OUT:       %96 = constant 0 : index
// OUT:       %97 = load @v1[%95, %94] : f32
// OUT:       %98 = constant 0.0 : f32
// OUT:       %99 = select %93, %97, %98 : f32
// OUT:       %100 = constant 128 : index
// OUT:       %101 = add %i4, %100 : index
// OUT:       %102 = div %101, %65 : index
// OUT:       %103 = rem %101, %65 : index
// OUT:       %104 = mul %103, %66 : index
// OUT:       %105 = add %28, %104 : index
// OUT:       %106 = add %37, %102 : index
// OUT:       %107 = cmp lt %105, %23 : i1
// OUT:       %108 = cmp lt %106, %24 : i1
// OUT:       %109 = and %107, %108 : i1
// OUT:       %110 = min %105, %67 : index
// OUT:       %111 = min %106, %43 : index
// OUT:       %112 = constant 0 : index
// OUT:       %113 = load @v1[%111, %110] : f32
// OUT:       %114 = constant 0.0 : f32
// OUT:       %115 = select %109, %113, %114 : f32
// OUT:       %116 = constant 192 : index
// OUT:       %117 = add %i4, %116 : index
// OUT:       %118 = div %117, %65 : index
// OUT:       %119 = rem %117, %65 : index
// OUT:       %120 = mul %119, %66 : index
// OUT:       %121 = add %28, %120 : index
// OUT:       %122 = add %37, %118 : index
// OUT:       %123 = cmp lt %121, %23 : i1
// OUT:       %124 = cmp lt %122, %24 : i1
// OUT:       %125 = and %123, %124 : i1
// OUT:       %126 = min %121, %67 : index
// OUT:       %127 = min %122, %43 : index
// OUT:       %128 = constant 0 : index
// OUT:       %129 = load @v1[%127, %126] : f32
// OUT:       %130 = constant 0.0 : f32
// OUT:       %131 = select %125, %129, %130 : f32
// OUT:       %132 = constant 288 : index
// OUT:       %133 = constant 288 : index
// OUT:       %134 = mul %37, %132 : index
// OUT:       %135 = mul %37, %133 : index
// OUT:       %136 = extract %64[0] : f32
// OUT:       %137 = constant 0 : index
// OUT:       %138 = add %51, %137 : index
// OUT:       %139 = mul %138, %35 : index
// OUT:       %140 = add %139, %49 : index
// OUT:       %141 = add %140, %134 : index
// OUT:       store @a0[%141], %136
// OUT:       %142 = extract %64[1] : f32
// OUT:       %143 = constant 1 : index
// OUT:       %144 = add %51, %143 : index
// OUT:       %145 = mul %144, %35 : index
// OUT:       %146 = add %145, %49 : index
// OUT:       %147 = add %146, %134 : index
// OUT:       store @a0[%147], %142
// OUT:       %148 = extract %64[2] : f32
// OUT:       %149 = constant 2 : index
// OUT:       %150 = add %51, %149 : index
// OUT:       %151 = mul %150, %35 : index
// OUT:       %152 = add %151, %49 : index
// OUT:       %153 = add %152, %134 : index
// OUT:       store @a0[%153], %148
// OUT:       %154 = extract %64[3] : f32
// OUT:       %155 = constant 3 : index
// OUT:       %156 = add %51, %155 : index
// OUT:       %157 = mul %156, %35 : index
// OUT:       %158 = add %157, %49 : index
// OUT:       %159 = add %158, %134 : index
// OUT:       store @a0[%159], %154
// OUT:       %160 = mul %70, %36 : index
// OUT:       %161 = add %160, %72 : index
// OUT:       %162 = add %161, %135 : index
// OUT:       store @a1[%162], %83
// OUT:       %163 = mul %86, %36 : index
// OUT:       %164 = add %163, %88 : index
// OUT:       %165 = add %164, %135 : index
// OUT:       store @a1[%165], %99
// OUT:       %166 = mul %102, %36 : index
// OUT:       %167 = add %166, %104 : index
// OUT:       %168 = add %167, %135 : index
// OUT:       store @a1[%168], %115
// OUT:       %169 = mul %118, %36 : index
// OUT:       %170 = add %169, %120 : index
// OUT:       %171 = add %170, %135 : index
// OUT:       store @a1[%171], %131
// OUT:       control_barrier workgroup
// OUT:       for %k172 = %37 to %24 step %40 {
// OUT:         %173 = div %k172, %40 : index
// OUT:         %174 = rem %173, %39 : index
// OUT:         %175 = constant 288 : index
// OUT:         %176 = constant 288 : index
// OUT:         %177 = mul %174, %175 : index
// OUT:         %178 = mul %174, %176 : index
// OUT:         %179 = add %k172, %40 : index
// OUT:         %180 = constant 0 : index
// OUT:         %181 = constant 1 : index
// OUT:         %182 = sub %24, %181 : index
// OUT:         %183 = constant 2 : index
// OUT:         %184 = constant 4 : index
// OUT:         %185 = sub %22, %181 : index
// OUT:         %186 = constant 0 : index
// OUT:         %187 = add %i4, %186 : index
// OUT:         %188 = div %187, %183 : index
// OUT:         %189 = rem %187, %183 : index
// OUT:         %190 = mul %189, %184 : index
// OUT:         %191 = add %27, %188 : index
// OUT:         %192 = add %179, %190 : index
// OUT:         %193 = cmp lt %191, %22 : i1
// OUT:         %194 = cmp lt %192, %24 : i1
// OUT:         %195 = and %193, %194 : i1
// OUT:         %196 = min %191, %185 : index
// OUT:         %197 = min %192, %182 : index
// OUT:         %198 = constant 0 : index
// OUT:         %199 = load @v0[%196, %197] : vector<4xf32>
// OUT:         %200 = splat %195 : vector<4xi1>
// OUT:         %201 = constant 0.0 : f32
// OUT:         %202 = splat %201 : vector<4xf32>
// OUT:         %203 = select %200, %199, %202 : vector<4xf32>
// OUT:         %204 = constant 32 : index
// OUT:         %205 = constant 1 : index
// OUT:         %206 = sub %23, %181 : index
// OUT:         %207 = constant 0 : index
// OUT:         %208 = add %i4, %207 : index
// OUT:         %209 = div %208, %204 : index
// OUT:         %210 = rem %208, %204 : index
// OUT:         %211 = mul %210, %205 : index
// OUT:         %212 = add %28, %211 : index
// OUT:         %213 = add %179, %209 : index
// OUT:         %214 = cmp lt %212, %23 : i1
// OUT:         %215 = cmp lt %213, %24 : i1
// OUT:         %216 = and %214, %215 : i1
// OUT:         %217 = min %212, %206 : index
// OUT:         %218 = min %213, %182 : index
// OUT:         %219 = constant 0 : index
// OUT:         %220 = load @v1[%218, %217] : f32
// OUT:         %221 = constant 0.0 : f32
// OUT:         %222 = select %216, %220, %221 : f32
// OUT:         %223 = constant 64 : index
// OUT:         %224 = add %i4, %223 : index
// OUT:         %225 = div %224, %204 : index
// OUT:         %226 = rem %224, %204 : index
// OUT:         %227 = mul %226, %205 : index
// OUT:         %228 = add %28, %227 : index
// OUT:         %229 = add %179, %225 : index
// OUT:         %230 = cmp lt %228, %23 : i1
// OUT:         %231 = cmp lt %229, %24 : i1
// OUT:         %232 = and %230, %231 : i1
// OUT:         %233 = min %228, %206 : index
// OUT:         %234 = min %229, %182 : index
// OUT:         %235 = constant 0 : index
// OUT:         %236 = load @v1[%234, %233] : f32
// OUT:         %237 = constant 0.0 : f32
// OUT:         %238 = select %232, %236, %237 : f32
// OUT:         %239 = constant 128 : index
// OUT:         %240 = add %i4, %239 : index
// OUT:         %241 = div %240, %204 : index
// OUT:         %242 = rem %240, %204 : index
// OUT:         %243 = mul %242, %205 : index
// OUT:         %244 = add %28, %243 : index
// OUT:         %245 = add %179, %241 : index
// OUT:         %246 = cmp lt %244, %23 : i1
// OUT:         %247 = cmp lt %245, %24 : i1
// OUT:         %248 = and %246, %247 : i1
// OUT:         %249 = min %244, %206 : index
// OUT:         %250 = min %245, %182 : index
// OUT:         %251 = constant 0 : index
// OUT:         %252 = load @v1[%250, %249] : f32
// OUT:         %253 = constant 0.0 : f32
// OUT:         %254 = select %248, %252, %253 : f32
// OUT:         %255 = constant 192 : index
// OUT:         %256 = add %i4, %255 : index
// OUT:         %257 = div %256, %204 : index
// OUT:         %258 = rem %256, %204 : index
// OUT:         %259 = mul %258, %205 : index
// OUT:         %260 = add %28, %259 : index
// OUT:         %261 = add %179, %257 : index
// OUT:         %262 = cmp lt %260, %23 : i1
// OUT:         %263 = cmp lt %261, %24 : i1
// OUT:         %264 = and %262, %263 : i1
// OUT:         %265 = min %260, %206 : index
// OUT:         %266 = min %261, %182 : index
// OUT:         %267 = constant 0 : index
// OUT:         %268 = load @v1[%266, %265] : f32
// OUT:         %269 = constant 0.0 : f32
// OUT:         %270 = select %264, %268, %269 : f32
// OUT:         %271 = constant 0 : index
// OUT:         %272 = mul %271, %35 : index
// OUT:         %273 = add %272, %177 : index
// OUT:         %274 = add %273, %33 : index
// OUT:         %275 = constant 0 : index
// OUT:         %276 = add %274, %275 : index
// OUT:         %277 = load @a0[%276] : vector<4xf32>
// OUT:         %278 = mul %271, %36 : index
// OUT:         %279 = add %278, %178 : index
// OUT:         %280 = add %279, %34 : index
// OUT:         %281 = constant 0 : index
// OUT:         %282 = add %280, %281 : index
// OUT:         %283 = load @a1[%282] : vector<4xf32>
// OUT:         %284 = extract %277[0] : f32
// OUT:         %285 = extract %277[1] : f32
// OUT:         %286 = extract %277[2] : f32
// OUT:         %287 = extract %277[3] : f32
// OUT:         %288 = extract %283[0] : f32
// OUT:         %289 = extract %283[1] : f32
// OUT:         %290 = extract %283[2] : f32
// OUT:         %291 = extract %283[3] : f32
// OUT:         %292 = mul %284, %288 : f32
// OUT:         %293 = constant 0 : index
// OUT:         %294 = load @a2[%293] : f32
// OUT:         %295 = add %294, %292 : f32
// OUT:         store @a2[%293], %295
// OUT:         %296 = mul %284, %289 : f32
// OUT:         %297 = constant 1 : index
// OUT:         %298 = load @a2[%297] : f32
// OUT:         %299 = add %298, %296 : f32
// OUT:         store @a2[%297], %299
// OUT:         %300 = mul %284, %290 : f32
// OUT:         %301 = constant 2 : index
// OUT:         %302 = load @a2[%301] : f32
// OUT:         %303 = add %302, %300 : f32
// OUT:         store @a2[%301], %303
// OUT:         %304 = mul %284, %291 : f32
// OUT:         %305 = constant 3 : index
// OUT:         %306 = load @a2[%305] : f32
// OUT:         %307 = add %306, %304 : f32
// OUT:         store @a2[%305], %307
// OUT:         %308 = mul %285, %288 : f32
// OUT:         %309 = constant 4 : index
// OUT:         %310 = load @a2[%309] : f32
// OUT:         %311 = add %310, %308 : f32
// OUT:         store @a2[%309], %311
// OUT:         %312 = mul %285, %289 : f32
// OUT:         %313 = constant 5 : index
// OUT:         %314 = load @a2[%313] : f32
// OUT:         %315 = add %314, %312 : f32
// OUT:         store @a2[%313], %315
// OUT:         %316 = mul %285, %290 : f32
// OUT:         %317 = constant 6 : index
// OUT:         %318 = load @a2[%317] : f32
// OUT:         %319 = add %318, %316 : f32
// OUT:         store @a2[%317], %319
// OUT:         %320 = mul %285, %291 : f32
// OUT:         %321 = constant 7 : index
// OUT:         %322 = load @a2[%321] : f32
// OUT:         %323 = add %322, %320 : f32
// OUT:         store @a2[%321], %323
// OUT:         %324 = mul %286, %288 : f32
// OUT:         %325 = constant 8 : index
// OUT:         %326 = load @a2[%325] : f32
// OUT:         %327 = add %326, %324 : f32
// OUT:         store @a2[%325], %327
// OUT:         %328 = mul %286, %289 : f32
// OUT:         %329 = constant 9 : index
// OUT:         %330 = load @a2[%329] : f32
// OUT:         %331 = add %330, %328 : f32
// OUT:         store @a2[%329], %331
// OUT:         %332 = mul %286, %290 : f32
// OUT:         %333 = constant 10 : index
// OUT:         %334 = load @a2[%333] : f32
// OUT:         %335 = add %334, %332 : f32
// OUT:         store @a2[%333], %335
// OUT:         %336 = mul %286, %291 : f32
// OUT:         %337 = constant 11 : index
// OUT:         %338 = load @a2[%337] : f32
// OUT:         %339 = add %338, %336 : f32
// OUT:         store @a2[%337], %339
// OUT:         %340 = mul %287, %288 : f32
// OUT:         %341 = constant 12 : index
// OUT:         %342 = load @a2[%341] : f32
// OUT:         %343 = add %342, %340 : f32
// OUT:         store @a2[%341], %343
// OUT:         %344 = mul %287, %289 : f32
// OUT:         %345 = constant 13 : index
// OUT:         %346 = load @a2[%345] : f32
// OUT:         %347 = add %346, %344 : f32
// OUT:         store @a2[%345], %347
// OUT:         %348 = mul %287, %290 : f32
// OUT:         %349 = constant 14 : index
// OUT:         %350 = load @a2[%349] : f32
// OUT:         %351 = add %350, %348 : f32
// OUT:         store @a2[%349], %351
// OUT:         %352 = mul %287, %291 : f32
// OUT:         %353 = constant 15 : index
// OUT:         %354 = load @a2[%353] : f32
// OUT:         %355 = add %354, %352 : f32
// OUT:         store @a2[%353], %355
// OUT:         %356 = constant 1 : index
// OUT:         %357 = mul %356, %35 : index
// OUT:         %358 = add %357, %177 : index
// OUT:         %359 = add %358, %33 : index
// OUT:         %360 = constant 0 : index
// OUT:         %361 = add %359, %360 : index
// OUT:         %362 = load @a0[%361] : vector<4xf32>
// OUT:         %363 = mul %356, %36 : index
// OUT:         %364 = add %363, %178 : index
// OUT:         %365 = add %364, %34 : index
// OUT:         %366 = constant 0 : index
// OUT:         %367 = add %365, %366 : index
// OUT:         %368 = load @a1[%367] : vector<4xf32>
// OUT:         %369 = extract %362[0] : f32
// OUT:         %370 = extract %362[1] : f32
// OUT:         %371 = extract %362[2] : f32
// OUT:         %372 = extract %362[3] : f32
// OUT:         %373 = extract %368[0] : f32
// OUT:         %374 = extract %368[1] : f32
// OUT:         %375 = extract %368[2] : f32
// OUT:         %376 = extract %368[3] : f32
// OUT:         %377 = mul %369, %373 : f32
// OUT:         %378 = constant 0 : index
// OUT:         %379 = load @a2[%378] : f32
// OUT:         %380 = add %379, %377 : f32
// OUT:         store @a2[%378], %380
// OUT:         %381 = mul %369, %374 : f32
// OUT:         %382 = constant 1 : index
// OUT:         %383 = load @a2[%382] : f32
// OUT:         %384 = add %383, %381 : f32
// OUT:         store @a2[%382], %384
// OUT:         %385 = mul %369, %375 : f32
// OUT:         %386 = constant 2 : index
// OUT:         %387 = load @a2[%386] : f32
// OUT:         %388 = add %387, %385 : f32
// OUT:         store @a2[%386], %388
// OUT:         %389 = mul %369, %376 : f32
// OUT:         %390 = constant 3 : index
// OUT:         %391 = load @a2[%390] : f32
// OUT:         %392 = add %391, %389 : f32
// OUT:         store @a2[%390], %392
// OUT:         %393 = mul %370, %373 : f32
// OUT:         %394 = constant 4 : index
// OUT:         %395 = load @a2[%394] : f32
// OUT:         %396 = add %395, %393 : f32
// OUT:         store @a2[%394], %396
// OUT:         %397 = mul %370, %374 : f32
// OUT:         %398 = constant 5 : index
// OUT:         %399 = load @a2[%398] : f32
// OUT:         %400 = add %399, %397 : f32
// OUT:         store @a2[%398], %400
// OUT:         %401 = mul %370, %375 : f32
// OUT:         %402 = constant 6 : index
// OUT:         %403 = load @a2[%402] : f32
// OUT:         %404 = add %403, %401 : f32
// OUT:         store @a2[%402], %404
// OUT:         %405 = mul %370, %376 : f32
// OUT:         %406 = constant 7 : index
// OUT:         %407 = load @a2[%406] : f32
// OUT:         %408 = add %407, %405 : f32
// OUT:         store @a2[%406], %408
// OUT:         %409 = mul %371, %373 : f32
// OUT:         %410 = constant 8 : index
// OUT:         %411 = load @a2[%410] : f32
// OUT:         %412 = add %411, %409 : f32
// OUT:         store @a2[%410], %412
// OUT:         %413 = mul %371, %374 : f32
// OUT:         %414 = constant 9 : index
// OUT:         %415 = load @a2[%414] : f32
// OUT:         %416 = add %415, %413 : f32
// OUT:         store @a2[%414], %416
// OUT:         %417 = mul %371, %375 : f32
// OUT:         %418 = constant 10 : index
// OUT:         %419 = load @a2[%418] : f32
// OUT:         %420 = add %419, %417 : f32
// OUT:         store @a2[%418], %420
// OUT:         %421 = mul %371, %376 : f32
// OUT:         %422 = constant 11 : index
// OUT:         %423 = load @a2[%422] : f32
// OUT:         %424 = add %423, %421 : f32
// OUT:         store @a2[%422], %424
// OUT:         %425 = mul %372, %373 : f32
// OUT:         %426 = constant 12 : index
// OUT:         %427 = load @a2[%426] : f32
// OUT:         %428 = add %427, %425 : f32
// OUT:         store @a2[%426], %428
// OUT:         %429 = mul %372, %374 : f32
// OUT:         %430 = constant 13 : index
// OUT:         %431 = load @a2[%430] : f32
// OUT:         %432 = add %431, %429 : f32
// OUT:         store @a2[%430], %432
// OUT:         %433 = mul %372, %375 : f32
// OUT:         %434 = constant 14 : index
// OUT:         %435 = load @a2[%434] : f32
// OUT:         %436 = add %435, %433 : f32
// OUT:         store @a2[%434], %436
// OUT:         %437 = mul %372, %376 : f32
// OUT:         %438 = constant 15 : index
// OUT:         %439 = load @a2[%438] : f32
// OUT:         %440 = add %439, %437 : f32
// OUT:         store @a2[%438], %440
// OUT:         %441 = constant 2 : index
// OUT:         %442 = mul %441, %35 : index
// OUT:         %443 = add %442, %177 : index
// OUT:         %444 = add %443, %33 : index
// OUT:         %445 = constant 0 : index
// OUT:         %446 = add %444, %445 : index
// OUT:         %447 = load @a0[%446] : vector<4xf32>
// OUT:         %448 = mul %441, %36 : index
// OUT:         %449 = add %448, %178 : index
// OUT:         %450 = add %449, %34 : index
// OUT:         %451 = constant 0 : index
// OUT:         %452 = add %450, %451 : index
// OUT:         %453 = load @a1[%452] : vector<4xf32>
// OUT:         %454 = extract %447[0] : f32
// OUT:         %455 = extract %447[1] : f32
// OUT:         %456 = extract %447[2] : f32
// OUT:         %457 = extract %447[3] : f32
// OUT:         %458 = extract %453[0] : f32
// OUT:         %459 = extract %453[1] : f32
// OUT:         %460 = extract %453[2] : f32
// OUT:         %461 = extract %453[3] : f32
// OUT:         %462 = mul %454, %458 : f32
// OUT:         %463 = constant 0 : index
// OUT:         %464 = load @a2[%463] : f32
// OUT:         %465 = add %464, %462 : f32
// OUT:         store @a2[%463], %465
// OUT:         %466 = mul %454, %459 : f32
// OUT:         %467 = constant 1 : index
// OUT:         %468 = load @a2[%467] : f32
// OUT:         %469 = add %468, %466 : f32
// OUT:         store @a2[%467], %469
// OUT:         %470 = mul %454, %460 : f32
// OUT:         %471 = constant 2 : index
// OUT:         %472 = load @a2[%471] : f32
// OUT:         %473 = add %472, %470 : f32
// OUT:         store @a2[%471], %473
// OUT:         %474 = mul %454, %461 : f32
// OUT:         %475 = constant 3 : index
// OUT:         %476 = load @a2[%475] : f32
// OUT:         %477 = add %476, %474 : f32
// OUT:         store @a2[%475], %477
// OUT:         %478 = mul %455, %458 : f32
// OUT:         %479 = constant 4 : index
// OUT:         %480 = load @a2[%479] : f32
// OUT:         %481 = add %480, %478 : f32
// OUT:         store @a2[%479], %481
// OUT:         %482 = mul %455, %459 : f32
// OUT:         %483 = constant 5 : index
// OUT:         %484 = load @a2[%483] : f32
// OUT:         %485 = add %484, %482 : f32
// OUT:         store @a2[%483], %485
// OUT:         %486 = mul %455, %460 : f32
// OUT:         %487 = constant 6 : index
// OUT:         %488 = load @a2[%487] : f32
// OUT:         %489 = add %488, %486 : f32
// OUT:         store @a2[%487], %489
// OUT:         %490 = mul %455, %461 : f32
// OUT:         %491 = constant 7 : index
// OUT:         %492 = load @a2[%491] : f32
// OUT:         %493 = add %492, %490 : f32
// OUT:         store @a2[%491], %493
// OUT:         %494 = mul %456, %458 : f32
// OUT:         %495 = constant 8 : index
// OUT:         %496 = load @a2[%495] : f32
// OUT:         %497 = add %496, %494 : f32
// OUT:         store @a2[%495], %497
// OUT:         %498 = mul %456, %459 : f32
// OUT:         %499 = constant 9 : index
// OUT:         %500 = load @a2[%499] : f32
// OUT:         %501 = add %500, %498 : f32
// OUT:         store @a2[%499], %501
// OUT:         %502 = mul %456, %460 : f32
// OUT:         %503 = constant 10 : index
// OUT:         %504 = load @a2[%503] : f32
// OUT:         %505 = add %504, %502 : f32
// OUT:         store @a2[%503], %505
// OUT:         %506 = mul %456, %461 : f32
// OUT:         %507 = constant 11 : index
// OUT:         %508 = load @a2[%507] : f32
// OUT:         %509 = add %508, %506 : f32
// OUT:         store @a2[%507], %509
// OUT:         %510 = mul %457, %458 : f32
// OUT:         %511 = constant 12 : index
// OUT:         %512 = load @a2[%511] : f32
// OUT:         %513 = add %512, %510 : f32
// OUT:         store @a2[%511], %513
// OUT:         %514 = mul %457, %459 : f32
// OUT:         %515 = constant 13 : index
// OUT:         %516 = load @a2[%515] : f32
// OUT:         %517 = add %516, %514 : f32
// OUT:         store @a2[%515], %517
// OUT:         %518 = mul %457, %460 : f32
// OUT:         %519 = constant 14 : index
// OUT:         %520 = load @a2[%519] : f32
// OUT:         %521 = add %520, %518 : f32
// OUT:         store @a2[%519], %521
// OUT:         %522 = mul %457, %461 : f32
// OUT:         %523 = constant 15 : index
// OUT:         %524 = load @a2[%523] : f32
// OUT:         %525 = add %524, %522 : f32
// OUT:         store @a2[%523], %525
// OUT:         %526 = constant 3 : index
// OUT:         %527 = mul %526, %35 : index
// OUT:         %528 = add %527, %177 : index
// OUT:         %529 = add %528, %33 : index
// OUT:         %530 = constant 0 : index
// OUT:         %531 = add %529, %530 : index
// OUT:         %532 = load @a0[%531] : vector<4xf32>
// OUT:         %533 = mul %526, %36 : index
// OUT:         %534 = add %533, %178 : index
// OUT:         %535 = add %534, %34 : index
// OUT:         %536 = constant 0 : index
// OUT:         %537 = add %535, %536 : index
// OUT:         %538 = load @a1[%537] : vector<4xf32>
// OUT:         %539 = extract %532[0] : f32
// OUT:         %540 = extract %532[1] : f32
// OUT:         %541 = extract %532[2] : f32
// OUT:         %542 = extract %532[3] : f32
// OUT:         %543 = extract %538[0] : f32
// OUT:         %544 = extract %538[1] : f32
// OUT:         %545 = extract %538[2] : f32
// OUT:         %546 = extract %538[3] : f32
// OUT:         %547 = mul %539, %543 : f32
// OUT:         %548 = constant 0 : index
// OUT:         %549 = load @a2[%548] : f32
// OUT:         %550 = add %549, %547 : f32
// OUT:         store @a2[%548], %550
// OUT:         %551 = mul %539, %544 : f32
// OUT:         %552 = constant 1 : index
// OUT:         %553 = load @a2[%552] : f32
// OUT:         %554 = add %553, %551 : f32
// OUT:         store @a2[%552], %554
// OUT:         %555 = mul %539, %545 : f32
// OUT:         %556 = constant 2 : index
// OUT:         %557 = load @a2[%556] : f32
// OUT:         %558 = add %557, %555 : f32
// OUT:         store @a2[%556], %558
// OUT:         %559 = mul %539, %546 : f32
// OUT:         %560 = constant 3 : index
// OUT:         %561 = load @a2[%560] : f32
// OUT:         %562 = add %561, %559 : f32
// OUT:         store @a2[%560], %562
// OUT:         %563 = mul %540, %543 : f32
// OUT:         %564 = constant 4 : index
// OUT:         %565 = load @a2[%564] : f32
// OUT:         %566 = add %565, %563 : f32
// OUT:         store @a2[%564], %566
// OUT:         %567 = mul %540, %544 : f32
// OUT:         %568 = constant 5 : index
// OUT:         %569 = load @a2[%568] : f32
// OUT:         %570 = add %569, %567 : f32
// OUT:         store @a2[%568], %570
// OUT:         %571 = mul %540, %545 : f32
// OUT:         %572 = constant 6 : index
// OUT:         %573 = load @a2[%572] : f32
// OUT:         %574 = add %573, %571 : f32
// OUT:         store @a2[%572], %574
// OUT:         %575 = mul %540, %546 : f32
// OUT:         %576 = constant 7 : index
// OUT:         %577 = load @a2[%576] : f32
// OUT:         %578 = add %577, %575 : f32
// OUT:         store @a2[%576], %578
// OUT:         %579 = mul %541, %543 : f32
// OUT:         %580 = constant 8 : index
// OUT:         %581 = load @a2[%580] : f32
// OUT:         %582 = add %581, %579 : f32
// OUT:         store @a2[%580], %582
// OUT:         %583 = mul %541, %544 : f32
// OUT:         %584 = constant 9 : index
// OUT:         %585 = load @a2[%584] : f32
// OUT:         %586 = add %585, %583 : f32
// OUT:         store @a2[%584], %586
// OUT:         %587 = mul %541, %545 : f32
// OUT:         %588 = constant 10 : index
// OUT:         %589 = load @a2[%588] : f32
// OUT:         %590 = add %589, %587 : f32
// OUT:         store @a2[%588], %590
// OUT:         %591 = mul %541, %546 : f32
// OUT:         %592 = constant 11 : index
// OUT:         %593 = load @a2[%592] : f32
// OUT:         %594 = add %593, %591 : f32
// OUT:         store @a2[%592], %594
// OUT:         %595 = mul %542, %543 : f32
// OUT:         %596 = constant 12 : index
// OUT:         %597 = load @a2[%596] : f32
// OUT:         %598 = add %597, %595 : f32
// OUT:         store @a2[%596], %598
// OUT:         %599 = mul %542, %544 : f32
// OUT:         %600 = constant 13 : index
// OUT:         %601 = load @a2[%600] : f32
// OUT:         %602 = add %601, %599 : f32
// OUT:         store @a2[%600], %602
// OUT:         %603 = mul %542, %545 : f32
// OUT:         %604 = constant 14 : index
// OUT:         %605 = load @a2[%604] : f32
// OUT:         %606 = add %605, %603 : f32
// OUT:         store @a2[%604], %606
// OUT:         %607 = mul %542, %546 : f32
// OUT:         %608 = constant 15 : index
// OUT:         %609 = load @a2[%608] : f32
// OUT:         %610 = add %609, %607 : f32
// OUT:         store @a2[%608], %610
// OUT:         %611 = constant 4 : index
// OUT:         %612 = mul %611, %35 : index
// OUT:         %613 = add %612, %177 : index
// OUT:         %614 = add %613, %33 : index
// OUT:         %615 = constant 0 : index
// OUT:         %616 = add %614, %615 : index
// OUT:         %617 = load @a0[%616] : vector<4xf32>
// OUT:         %618 = mul %611, %36 : index
// OUT:         %619 = add %618, %178 : index
// OUT:         %620 = add %619, %34 : index
// OUT:         %621 = constant 0 : index
// OUT:         %622 = add %620, %621 : index
// OUT:         %623 = load @a1[%622] : vector<4xf32>
// OUT:         %624 = extract %617[0] : f32
// OUT:         %625 = extract %617[1] : f32
// OUT:         %626 = extract %617[2] : f32
// OUT:         %627 = extract %617[3] : f32
// OUT:         %628 = extract %623[0] : f32
// OUT:         %629 = extract %623[1] : f32
// OUT:         %630 = extract %623[2] : f32
// OUT:         %631 = extract %623[3] : f32
// OUT:         %632 = mul %624, %628 : f32
// OUT:         %633 = constant 0 : index
// OUT:         %634 = load @a2[%633] : f32
// OUT:         %635 = add %634, %632 : f32
// OUT:         store @a2[%633], %635
// OUT:         %636 = mul %624, %629 : f32
// OUT:         %637 = constant 1 : index
// OUT:         %638 = load @a2[%637] : f32
// OUT:         %639 = add %638, %636 : f32
// OUT:         store @a2[%637], %639
// OUT:         %640 = mul %624, %630 : f32
// OUT:         %641 = constant 2 : index
// OUT:         %642 = load @a2[%641] : f32
// OUT:         %643 = add %642, %640 : f32
// OUT:         store @a2[%641], %643
// OUT:         %644 = mul %624, %631 : f32
// OUT:         %645 = constant 3 : index
// OUT:         %646 = load @a2[%645] : f32
// OUT:         %647 = add %646, %644 : f32
// OUT:         store @a2[%645], %647
// OUT:         %648 = mul %625, %628 : f32
// OUT:         %649 = constant 4 : index
// OUT:         %650 = load @a2[%649] : f32
// OUT:         %651 = add %650, %648 : f32
// OUT:         store @a2[%649], %651
// OUT:         %652 = mul %625, %629 : f32
// OUT:         %653 = constant 5 : index
// OUT:         %654 = load @a2[%653] : f32
// OUT:         %655 = add %654, %652 : f32
// OUT:         store @a2[%653], %655
// OUT:         %656 = mul %625, %630 : f32
// OUT:         %657 = constant 6 : index
// OUT:         %658 = load @a2[%657] : f32
// OUT:         %659 = add %658, %656 : f32
// OUT:         store @a2[%657], %659
// OUT:         %660 = mul %625, %631 : f32
// OUT:         %661 = constant 7 : index
// OUT:         %662 = load @a2[%661] : f32
// OUT:         %663 = add %662, %660 : f32
// OUT:         store @a2[%661], %663
// OUT:         %664 = mul %626, %628 : f32
// OUT:         %665 = constant 8 : index
// OUT:         %666 = load @a2[%665] : f32
// OUT:         %667 = add %666, %664 : f32
// OUT:         store @a2[%665], %667
// OUT:         %668 = mul %626, %629 : f32
// OUT:         %669 = constant 9 : index
// OUT:         %670 = load @a2[%669] : f32
// OUT:         %671 = add %670, %668 : f32
// OUT:         store @a2[%669], %671
// OUT:         %672 = mul %626, %630 : f32
// OUT:         %673 = constant 10 : index
// OUT:         %674 = load @a2[%673] : f32
// OUT:         %675 = add %674, %672 : f32
// OUT:         store @a2[%673], %675
// OUT:         %676 = mul %626, %631 : f32
// OUT:         %677 = constant 11 : index
// OUT:         %678 = load @a2[%677] : f32
// OUT:         %679 = add %678, %676 : f32
// OUT:         store @a2[%677], %679
// OUT:         %680 = mul %627, %628 : f32
// OUT:         %681 = constant 12 : index
// OUT:         %682 = load @a2[%681] : f32
// OUT:         %683 = add %682, %680 : f32
// OUT:         store @a2[%681], %683
// OUT:         %684 = mul %627, %629 : f32
// OUT:         %685 = constant 13 : index
// OUT:         %686 = load @a2[%685] : f32
// OUT:         %687 = add %686, %684 : f32
// OUT:         store @a2[%685], %687
// OUT:         %688 = mul %627, %630 : f32
// OUT:         %689 = constant 14 : index
// OUT:         %690 = load @a2[%689] : f32
// OUT:         %691 = add %690, %688 : f32
// OUT:         store @a2[%689], %691
// OUT:         %692 = mul %627, %631 : f32
// OUT:         %693 = constant 15 : index
// OUT:         %694 = load @a2[%693] : f32
// OUT:         %695 = add %694, %692 : f32
// OUT:         store @a2[%693], %695
// OUT:         %696 = constant 5 : index
// OUT:         %697 = mul %696, %35 : index
// OUT:         %698 = add %697, %177 : index
// OUT:         %699 = add %698, %33 : index
// OUT:         %700 = constant 0 : index
// OUT:         %701 = add %699, %700 : index
// OUT:         %702 = load @a0[%701] : vector<4xf32>
// OUT:         %703 = mul %696, %36 : index
// OUT:         %704 = add %703, %178 : index
// OUT:         %705 = add %704, %34 : index
// OUT:         %706 = constant 0 : index
// OUT:         %707 = add %705, %706 : index
// OUT:         %708 = load @a1[%707] : vector<4xf32>
// OUT:         %709 = extract %702[0] : f32
// OUT:         %710 = extract %702[1] : f32
// OUT:         %711 = extract %702[2] : f32
// OUT:         %712 = extract %702[3] : f32
// OUT:         %713 = extract %708[0] : f32
// OUT:         %714 = extract %708[1] : f32
// OUT:         %715 = extract %708[2] : f32
// OUT:         %716 = extract %708[3] : f32
// OUT:         %717 = mul %709, %713 : f32
// OUT:         %718 = constant 0 : index
// OUT:         %719 = load @a2[%718] : f32
// OUT:         %720 = add %719, %717 : f32
// OUT:         store @a2[%718], %720
// OUT:         %721 = mul %709, %714 : f32
// OUT:         %722 = constant 1 : index
// OUT:         %723 = load @a2[%722] : f32
// OUT:         %724 = add %723, %721 : f32
// OUT:         store @a2[%722], %724
// OUT:         %725 = mul %709, %715 : f32
// OUT:         %726 = constant 2 : index
// OUT:         %727 = load @a2[%726] : f32
// OUT:         %728 = add %727, %725 : f32
// OUT:         store @a2[%726], %728
// OUT:         %729 = mul %709, %716 : f32
// OUT:         %730 = constant 3 : index
// OUT:         %731 = load @a2[%730] : f32
// OUT:         %732 = add %731, %729 : f32
// OUT:         store @a2[%730], %732
// OUT:         %733 = mul %710, %713 : f32
// OUT:         %734 = constant 4 : index
// OUT:         %735 = load @a2[%734] : f32
// OUT:         %736 = add %735, %733 : f32
// OUT:         store @a2[%734], %736
// OUT:         %737 = mul %710, %714 : f32
// OUT:         %738 = constant 5 : index
// OUT:         %739 = load @a2[%738] : f32
// OUT:         %740 = add %739, %737 : f32
// OUT:         store @a2[%738], %740
// OUT:         %741 = mul %710, %715 : f32
// OUT:         %742 = constant 6 : index
// OUT:         %743 = load @a2[%742] : f32
// OUT:         %744 = add %743, %741 : f32
// OUT:         store @a2[%742], %744
// OUT:         %745 = mul %710, %716 : f32
// OUT:         %746 = constant 7 : index
// OUT:         %747 = load @a2[%746] : f32
// OUT:         %748 = add %747, %745 : f32
// OUT:         store @a2[%746], %748
// OUT:         %749 = mul %711, %713 : f32
// OUT:         %750 = constant 8 : index
// OUT:         %751 = load @a2[%750] : f32
// OUT:         %752 = add %751, %749 : f32
// OUT:         store @a2[%750], %752
// OUT:         %753 = mul %711, %714 : f32
// OUT:         %754 = constant 9 : index
// OUT:         %755 = load @a2[%754] : f32
// OUT:         %756 = add %755, %753 : f32
// OUT:         store @a2[%754], %756
// OUT:         %757 = mul %711, %715 : f32
// OUT:         %758 = constant 10 : index
// OUT:         %759 = load @a2[%758] : f32
// OUT:         %760 = add %759, %757 : f32
// OUT:         store @a2[%758], %760
// OUT:         %761 = mul %711, %716 : f32
// OUT:         %762 = constant 11 : index
// OUT:         %763 = load @a2[%762] : f32
// OUT:         %764 = add %763, %761 : f32
// OUT:         store @a2[%762], %764
// OUT:         %765 = mul %712, %713 : f32
// OUT:         %766 = constant 12 : index
// OUT:         %767 = load @a2[%766] : f32
// OUT:         %768 = add %767, %765 : f32
// OUT:         store @a2[%766], %768
// OUT:         %769 = mul %712, %714 : f32
// OUT:         %770 = constant 13 : index
// OUT:         %771 = load @a2[%770] : f32
// OUT:         %772 = add %771, %769 : f32
// OUT:         store @a2[%770], %772
// OUT:         %773 = mul %712, %715 : f32
// OUT:         %774 = constant 14 : index
// OUT:         %775 = load @a2[%774] : f32
// OUT:         %776 = add %775, %773 : f32
// OUT:         store @a2[%774], %776
// OUT:         %777 = mul %712, %716 : f32
// OUT:         %778 = constant 15 : index
// OUT:         %779 = load @a2[%778] : f32
// OUT:         %780 = add %779, %777 : f32
// OUT:         store @a2[%778], %780
// OUT:         %781 = constant 6 : index
// OUT:         %782 = mul %781, %35 : index
// OUT:         %783 = add %782, %177 : index
// OUT:         %784 = add %783, %33 : index
// OUT:         %785 = constant 0 : index
// OUT:         %786 = add %784, %785 : index
// OUT:         %787 = load @a0[%786] : vector<4xf32>
// OUT:         %788 = mul %781, %36 : index
// OUT:         %789 = add %788, %178 : index
// OUT:         %790 = add %789, %34 : index
// OUT:         %791 = constant 0 : index
// OUT:         %792 = add %790, %791 : index
// OUT:         %793 = load @a1[%792] : vector<4xf32>
// OUT:         %794 = extract %787[0] : f32
// OUT:         %795 = extract %787[1] : f32
// OUT:         %796 = extract %787[2] : f32
// OUT:         %797 = extract %787[3] : f32
// OUT:         %798 = extract %793[0] : f32
// OUT:         %799 = extract %793[1] : f32
// OUT:         %800 = extract %793[2] : f32
// OUT:         %801 = extract %793[3] : f32
// OUT:         %802 = mul %794, %798 : f32
// OUT:         %803 = constant 0 : index
// OUT:         %804 = load @a2[%803] : f32
// OUT:         %805 = add %804, %802 : f32
// OUT:         store @a2[%803], %805
// OUT:         %806 = mul %794, %799 : f32
// OUT:         %807 = constant 1 : index
// OUT:         %808 = load @a2[%807] : f32
// OUT:         %809 = add %808, %806 : f32
// OUT:         store @a2[%807], %809
// OUT:         %810 = mul %794, %800 : f32
// OUT:         %811 = constant 2 : index
// OUT:         %812 = load @a2[%811] : f32
// OUT:         %813 = add %812, %810 : f32
// OUT:         store @a2[%811], %813
// OUT:         %814 = mul %794, %801 : f32
// OUT:         %815 = constant 3 : index
// OUT:         %816 = load @a2[%815] : f32
// OUT:         %817 = add %816, %814 : f32
// OUT:         store @a2[%815], %817
// OUT:         %818 = mul %795, %798 : f32
// OUT:         %819 = constant 4 : index
// OUT:         %820 = load @a2[%819] : f32
// OUT:         %821 = add %820, %818 : f32
// OUT:         store @a2[%819], %821
// OUT:         %822 = mul %795, %799 : f32
// OUT:         %823 = constant 5 : index
// OUT:         %824 = load @a2[%823] : f32
// OUT:         %825 = add %824, %822 : f32
// OUT:         store @a2[%823], %825
// OUT:         %826 = mul %795, %800 : f32
// OUT:         %827 = constant 6 : index
// OUT:         %828 = load @a2[%827] : f32
// OUT:         %829 = add %828, %826 : f32
// OUT:         store @a2[%827], %829
// OUT:         %830 = mul %795, %801 : f32
// OUT:         %831 = constant 7 : index
// OUT:         %832 = load @a2[%831] : f32
// OUT:         %833 = add %832, %830 : f32
// OUT:         store @a2[%831], %833
// OUT:         %834 = mul %796, %798 : f32
// OUT:         %835 = constant 8 : index
// OUT:         %836 = load @a2[%835] : f32
// OUT:         %837 = add %836, %834 : f32
// OUT:         store @a2[%835], %837
// OUT:         %838 = mul %796, %799 : f32
// OUT:         %839 = constant 9 : index
// OUT:         %840 = load @a2[%839] : f32
// OUT:         %841 = add %840, %838 : f32
// OUT:         store @a2[%839], %841
// OUT:         %842 = mul %796, %800 : f32
// OUT:         %843 = constant 10 : index
// OUT:         %844 = load @a2[%843] : f32
// OUT:         %845 = add %844, %842 : f32
// OUT:         store @a2[%843], %845
// OUT:         %846 = mul %796, %801 : f32
// OUT:         %847 = constant 11 : index
// OUT:         %848 = load @a2[%847] : f32
// OUT:         %849 = add %848, %846 : f32
// OUT:         store @a2[%847], %849
// OUT:         %850 = mul %797, %798 : f32
// OUT:         %851 = constant 12 : index
// OUT:         %852 = load @a2[%851] : f32
// OUT:         %853 = add %852, %850 : f32
// OUT:         store @a2[%851], %853
// OUT:         %854 = mul %797, %799 : f32
// OUT:         %855 = constant 13 : index
// OUT:         %856 = load @a2[%855] : f32
// OUT:         %857 = add %856, %854 : f32
// OUT:         store @a2[%855], %857
// OUT:         %858 = mul %797, %800 : f32
// OUT:         %859 = constant 14 : index
// OUT:         %860 = load @a2[%859] : f32
// OUT:         %861 = add %860, %858 : f32
// OUT:         store @a2[%859], %861
// OUT:         %862 = mul %797, %801 : f32
// OUT:         %863 = constant 15 : index
// OUT:         %864 = load @a2[%863] : f32
// OUT:         %865 = add %864, %862 : f32
// OUT:         store @a2[%863], %865
// OUT:         %866 = constant 7 : index
// OUT:         %867 = mul %866, %35 : index
// OUT:         %868 = add %867, %177 : index
// OUT:         %869 = add %868, %33 : index
// OUT:         %870 = constant 0 : index
// OUT:         %871 = add %869, %870 : index
// OUT:         %872 = load @a0[%871] : vector<4xf32>
// OUT:         %873 = mul %866, %36 : index
// OUT:         %874 = add %873, %178 : index
// OUT:         %875 = add %874, %34 : index
// OUT:         %876 = constant 0 : index
// OUT:         %877 = add %875, %876 : index
// OUT:         %878 = load @a1[%877] : vector<4xf32>
// OUT:         %879 = extract %872[0] : f32
// OUT:         %880 = extract %872[1] : f32
// OUT:         %881 = extract %872[2] : f32
// OUT:         %882 = extract %872[3] : f32
// OUT:         %883 = extract %878[0] : f32
// OUT:         %884 = extract %878[1] : f32
// OUT:         %885 = extract %878[2] : f32
// OUT:         %886 = extract %878[3] : f32
// OUT:         %887 = mul %879, %883 : f32
// OUT:         %888 = constant 0 : index
// OUT:         %889 = load @a2[%888] : f32
// OUT:         %890 = add %889, %887 : f32
// OUT:         store @a2[%888], %890
// OUT:         %891 = mul %879, %884 : f32
// OUT:         %892 = constant 1 : index
// OUT:         %893 = load @a2[%892] : f32
// OUT:         %894 = add %893, %891 : f32
// OUT:         store @a2[%892], %894
// OUT:         %895 = mul %879, %885 : f32
// OUT:         %896 = constant 2 : index
// OUT:         %897 = load @a2[%896] : f32
// OUT:         %898 = add %897, %895 : f32
// OUT:         store @a2[%896], %898
// OUT:         %899 = mul %879, %886 : f32
// OUT:         %900 = constant 3 : index
// OUT:         %901 = load @a2[%900] : f32
// OUT:         %902 = add %901, %899 : f32
// OUT:         store @a2[%900], %902
// OUT:         %903 = mul %880, %883 : f32
// OUT:         %904 = constant 4 : index
// OUT:         %905 = load @a2[%904] : f32
// OUT:         %906 = add %905, %903 : f32
// OUT:         store @a2[%904], %906
// OUT:         %907 = mul %880, %884 : f32
// OUT:         %908 = constant 5 : index
// OUT:         %909 = load @a2[%908] : f32
// OUT:         %910 = add %909, %907 : f32
// OUT:         store @a2[%908], %910
// OUT:         %911 = mul %880, %885 : f32
// OUT:         %912 = constant 6 : index
// OUT:         %913 = load @a2[%912] : f32
// OUT:         %914 = add %913, %911 : f32
// OUT:         store @a2[%912], %914
// OUT:         %915 = mul %880, %886 : f32
// OUT:         %916 = constant 7 : index
// OUT:         %917 = load @a2[%916] : f32
// OUT:         %918 = add %917, %915 : f32
// OUT:         store @a2[%916], %918
// OUT:         %919 = mul %881, %883 : f32
// OUT:         %920 = constant 8 : index
// OUT:         %921 = load @a2[%920] : f32
// OUT:         %922 = add %921, %919 : f32
// OUT:         store @a2[%920], %922
// OUT:         %923 = mul %881, %884 : f32
// OUT:         %924 = constant 9 : index
// OUT:         %925 = load @a2[%924] : f32
// OUT:         %926 = add %925, %923 : f32
// OUT:         store @a2[%924], %926
// OUT:         %927 = mul %881, %885 : f32
// OUT:         %928 = constant 10 : index
// OUT:         %929 = load @a2[%928] : f32
// OUT:         %930 = add %929, %927 : f32
// OUT:         store @a2[%928], %930
// OUT:         %931 = mul %881, %886 : f32
// OUT:         %932 = constant 11 : index
// OUT:         %933 = load @a2[%932] : f32
// OUT:         %934 = add %933, %931 : f32
// OUT:         store @a2[%932], %934
// OUT:         %935 = mul %882, %883 : f32
// OUT:         %936 = constant 12 : index
// OUT:         %937 = load @a2[%936] : f32
// OUT:         %938 = add %937, %935 : f32
// OUT:         store @a2[%936], %938
// OUT:         %939 = mul %882, %884 : f32
// OUT:         %940 = constant 13 : index
// OUT:         %941 = load @a2[%940] : f32
// OUT:         %942 = add %941, %939 : f32
// OUT:         store @a2[%940], %942
// OUT:         %943 = mul %882, %885 : f32
// OUT:         %944 = constant 14 : index
// OUT:         %945 = load @a2[%944] : f32
// OUT:         %946 = add %945, %943 : f32
// OUT:         store @a2[%944], %946
// OUT:         %947 = mul %882, %886 : f32
// OUT:         %948 = constant 15 : index
// OUT:         %949 = load @a2[%948] : f32
// OUT:         %950 = add %949, %947 : f32
// OUT:         store @a2[%948], %950
// OUT:         %951 = sub %38, %174 : index
// OUT:         %952 = constant 288 : index
// OUT:         %953 = constant 288 : index
// OUT:         %954 = mul %951, %952 : index
// OUT:         %955 = mul %951, %953 : index
// OUT:         %956 = extract %203[0] : f32
// OUT:         %957 = constant 0 : index
// OUT:         %958 = add %190, %957 : index
// OUT:         %959 = mul %958, %35 : index
// OUT:         %960 = add %959, %188 : index
// OUT:         %961 = add %960, %954 : index
// OUT:         store @a0[%961], %956
// OUT:         %962 = extract %203[1] : f32
// OUT:         %963 = constant 1 : index
// OUT:         %964 = add %190, %963 : index
// OUT:         %965 = mul %964, %35 : index
// OUT:         %966 = add %965, %188 : index
// OUT:         %967 = add %966, %954 : index
// OUT:         store @a0[%967], %962
// OUT:         %968 = extract %203[2] : f32
// OUT:         %969 = constant 2 : index
// OUT:         %970 = add %190, %969 : index
// OUT:         %971 = mul %970, %35 : index
// OUT:         %972 = add %971, %188 : index
// OUT:         %973 = add %972, %954 : index
// OUT:         store @a0[%973], %968
// OUT:         %974 = extract %203[3] : f32
// OUT:         %975 = constant 3 : index
// OUT:         %976 = add %190, %975 : index
// OUT:         %977 = mul %976, %35 : index
// OUT:         %978 = add %977, %188 : index
// OUT:         %979 = add %978, %954 : index
// OUT:         store @a0[%979], %974
// OUT:         %980 = mul %209, %36 : index
// OUT:         %981 = add %980, %211 : index
// OUT:         %982 = add %981, %955 : index
// OUT:         store @a1[%982], %222
// OUT:         %983 = mul %225, %36 : index
// OUT:         %984 = add %983, %227 : index
// OUT:         %985 = add %984, %955 : index
// OUT:         store @a1[%985], %238
// OUT:         %986 = mul %241, %36 : index
// OUT:         %987 = add %986, %243 : index
// OUT:         %988 = add %987, %955 : index
// OUT:         store @a1[%988], %254
// OUT:         %989 = mul %257, %36 : index
// OUT:         %990 = add %989, %259 : index
// OUT:         %991 = add %990, %955 : index
// OUT:         store @a1[%991], %270
// OUT:         control_barrier workgroup
// OUT:       }
// OUT:       %992 = constant 0 : index
// OUT:       %993 = constant 0 : index
// OUT:       %994 = add %33, %992 : index
// OUT:       %995 = add %27, %994 : index
// OUT:       %996 = add %34, %993 : index
// OUT:       %997 = add %28, %996 : index
// OUT:       %998 = cmp lt %995, %22 : i1
// OUT:       %999 = cmp lt %997, %23 : i1
// OUT:       %1000 = and %998, %999 : i1
// OUT:       if %1000 {
// OUT:         %1001 = constant 0 : index
// OUT:         %1002 = constant 0 : index
// OUT:         %1003 = load @a2[%1002] : f32
// OUT:         %1004 = constant 0.0 : f32
// OUT:         %1005 = add %1004, %1003 : f32
// OUT:         %1006 = load @v2[%997] : f32
// OUT:         %1007 = add %1005, %1006 : f32
// OUT:         store @v3[%995, %997], %1007
// OUT:       }
// OUT:       %1008 = constant 0 : index
// OUT:       %1009 = constant 1 : index
// OUT:       %1010 = add %33, %1008 : index
// OUT:       %1011 = add %27, %1010 : index
// OUT:       %1012 = add %34, %1009 : index
// OUT:       %1013 = add %28, %1012 : index
// OUT:       %1014 = cmp lt %1011, %22 : i1
// OUT:       %1015 = cmp lt %1013, %23 : i1
// OUT:       %1016 = and %1014, %1015 : i1
// OUT:       if %1016 {
// OUT:         %1017 = constant 0 : index
// OUT:         %1018 = constant 1 : index
// OUT:         %1019 = load @a2[%1018] : f32
// OUT:         %1020 = constant 0.0 : f32
// OUT:         %1021 = add %1020, %1019 : f32
// OUT:         %1022 = load @v2[%1013] : f32
// OUT:         %1023 = add %1021, %1022 : f32
// OUT:         store @v3[%1011, %1013], %1023
// OUT:       }
// OUT:       %1024 = constant 0 : index
// OUT:       %1025 = constant 2 : index
// OUT:       %1026 = add %33, %1024 : index
// OUT:       %1027 = add %27, %1026 : index
// OUT:       %1028 = add %34, %1025 : index
// OUT:       %1029 = add %28, %1028 : index
// OUT:       %1030 = cmp lt %1027, %22 : i1
// OUT:       %1031 = cmp lt %1029, %23 : i1
// OUT:       %1032 = and %1030, %1031 : i1
// OUT:       if %1032 {
// OUT:         %1033 = constant 0 : index
// OUT:         %1034 = constant 2 : index
// OUT:         %1035 = load @a2[%1034] : f32
// OUT:         %1036 = constant 0.0 : f32
// OUT:         %1037 = add %1036, %1035 : f32
// OUT:         %1038 = load @v2[%1029] : f32
// OUT:         %1039 = add %1037, %1038 : f32
// OUT:         store @v3[%1027, %1029], %1039
// OUT:       }
// OUT:       %1040 = constant 0 : index
// OUT:       %1041 = constant 3 : index
// OUT:       %1042 = add %33, %1040 : index
// OUT:       %1043 = add %27, %1042 : index
// OUT:       %1044 = add %34, %1041 : index
// OUT:       %1045 = add %28, %1044 : index
// OUT:       %1046 = cmp lt %1043, %22 : i1
// OUT:       %1047 = cmp lt %1045, %23 : i1
// OUT:       %1048 = and %1046, %1047 : i1
// OUT:       if %1048 {
// OUT:         %1049 = constant 0 : index
// OUT:         %1050 = constant 3 : index
// OUT:         %1051 = load @a2[%1050] : f32
// OUT:         %1052 = constant 0.0 : f32
// OUT:         %1053 = add %1052, %1051 : f32
// OUT:         %1054 = load @v2[%1045] : f32
// OUT:         %1055 = add %1053, %1054 : f32
// OUT:         store @v3[%1043, %1045], %1055
// OUT:       }
// OUT:       %1056 = constant 1 : index
// OUT:       %1057 = constant 0 : index
// OUT:       %1058 = add %33, %1056 : index
// OUT:       %1059 = add %27, %1058 : index
// OUT:       %1060 = add %34, %1057 : index
// OUT:       %1061 = add %28, %1060 : index
// OUT:       %1062 = cmp lt %1059, %22 : i1
// OUT:       %1063 = cmp lt %1061, %23 : i1
// OUT:       %1064 = and %1062, %1063 : i1
// OUT:       if %1064 {
// OUT:         %1065 = constant 0 : index
// OUT:         %1066 = constant 4 : index
// OUT:         %1067 = load @a2[%1066] : f32
// OUT:         %1068 = constant 0.0 : f32
// OUT:         %1069 = add %1068, %1067 : f32
// OUT:         %1070 = load @v2[%1061] : f32
// OUT:         %1071 = add %1069, %1070 : f32
// OUT:         store @v3[%1059, %1061], %1071
// OUT:       }
// OUT:       %1072 = constant 1 : index
// OUT:       %1073 = constant 1 : index
// OUT:       %1074 = add %33, %1072 : index
// OUT:       %1075 = add %27, %1074 : index
// OUT:       %1076 = add %34, %1073 : index
// OUT:       %1077 = add %28, %1076 : index
// OUT:       %1078 = cmp lt %1075, %22 : i1
// OUT:       %1079 = cmp lt %1077, %23 : i1
// OUT:       %1080 = and %1078, %1079 : i1
// OUT:       if %1080 {
// OUT:         %1081 = constant 0 : index
// OUT:         %1082 = constant 5 : index
// OUT:         %1083 = load @a2[%1082] : f32
// OUT:         %1084 = constant 0.0 : f32
// OUT:         %1085 = add %1084, %1083 : f32
// OUT:         %1086 = load @v2[%1077] : f32
// OUT:         %1087 = add %1085, %1086 : f32
// OUT:         store @v3[%1075, %1077], %1087
// OUT:       }
// OUT:       %1088 = constant 1 : index
// OUT:       %1089 = constant 2 : index
// OUT:       %1090 = add %33, %1088 : index
// OUT:       %1091 = add %27, %1090 : index
// OUT:       %1092 = add %34, %1089 : index
// OUT:       %1093 = add %28, %1092 : index
// OUT:       %1094 = cmp lt %1091, %22 : i1
// OUT:       %1095 = cmp lt %1093, %23 : i1
// OUT:       %1096 = and %1094, %1095 : i1
// OUT:       if %1096 {
// OUT:         %1097 = constant 0 : index
// OUT:         %1098 = constant 6 : index
// OUT:         %1099 = load @a2[%1098] : f32
// OUT:         %1100 = constant 0.0 : f32
// OUT:         %1101 = add %1100, %1099 : f32
// OUT:         %1102 = load @v2[%1093] : f32
// OUT:         %1103 = add %1101, %1102 : f32
// OUT:         store @v3[%1091, %1093], %1103
// OUT:       }
// OUT:       %1104 = constant 1 : index
// OUT:       %1105 = constant 3 : index
// OUT:       %1106 = add %33, %1104 : index
// OUT:       %1107 = add %27, %1106 : index
// OUT:       %1108 = add %34, %1105 : index
// OUT:       %1109 = add %28, %1108 : index
// OUT:       %1110 = cmp lt %1107, %22 : i1
// OUT:       %1111 = cmp lt %1109, %23 : i1
// OUT:       %1112 = and %1110, %1111 : i1
// OUT:       if %1112 {
// OUT:         %1113 = constant 0 : index
// OUT:         %1114 = constant 7 : index
// OUT:         %1115 = load @a2[%1114] : f32
// OUT:         %1116 = constant 0.0 : f32
// OUT:         %1117 = add %1116, %1115 : f32
// OUT:         %1118 = load @v2[%1109] : f32
// OUT:         %1119 = add %1117, %1118 : f32
// OUT:         store @v3[%1107, %1109], %1119
// OUT:       }
// OUT:       %1120 = constant 2 : index
// OUT:       %1121 = constant 0 : index
// OUT:       %1122 = add %33, %1120 : index
// OUT:       %1123 = add %27, %1122 : index
// OUT:       %1124 = add %34, %1121 : index
// OUT:       %1125 = add %28, %1124 : index
// OUT:       %1126 = cmp lt %1123, %22 : i1
// OUT:       %1127 = cmp lt %1125, %23 : i1
// OUT:       %1128 = and %1126, %1127 : i1
// OUT:       if %1128 {
// OUT:         %1129 = constant 0 : index
// OUT:         %1130 = constant 8 : index
// OUT:         %1131 = load @a2[%1130] : f32
// OUT:         %1132 = constant 0.0 : f32
// OUT:         %1133 = add %1132, %1131 : f32
// OUT:         %1134 = load @v2[%1125] : f32
// OUT:         %1135 = add %1133, %1134 : f32
// OUT:         store @v3[%1123, %1125], %1135
// OUT:       }
// OUT:       %1136 = constant 2 : index
// OUT:       %1137 = constant 1 : index
// OUT:       %1138 = add %33, %1136 : index
// OUT:       %1139 = add %27, %1138 : index
// OUT:       %1140 = add %34, %1137 : index
// OUT:       %1141 = add %28, %1140 : index
// OUT:       %1142 = cmp lt %1139, %22 : i1
// OUT:       %1143 = cmp lt %1141, %23 : i1
// OUT:       %1144 = and %1142, %1143 : i1
// OUT:       if %1144 {
// OUT:         %1145 = constant 0 : index
// OUT:         %1146 = constant 9 : index
// OUT:         %1147 = load @a2[%1146] : f32
// OUT:         %1148 = constant 0.0 : f32
// OUT:         %1149 = add %1148, %1147 : f32
// OUT:         %1150 = load @v2[%1141] : f32
// OUT:         %1151 = add %1149, %1150 : f32
// OUT:         store @v3[%1139, %1141], %1151
// OUT:       }
// OUT:       %1152 = constant 2 : index
// OUT:       %1153 = constant 2 : index
// OUT:       %1154 = add %33, %1152 : index
// OUT:       %1155 = add %27, %1154 : index
// OUT:       %1156 = add %34, %1153 : index
// OUT:       %1157 = add %28, %1156 : index
// OUT:       %1158 = cmp lt %1155, %22 : i1
// OUT:       %1159 = cmp lt %1157, %23 : i1
// OUT:       %1160 = and %1158, %1159 : i1
// OUT:       if %1160 {
// OUT:         %1161 = constant 0 : index
// OUT:         %1162 = constant 10 : index
// OUT:         %1163 = load @a2[%1162] : f32
// OUT:         %1164 = constant 0.0 : f32
// OUT:         %1165 = add %1164, %1163 : f32
// OUT:         %1166 = load @v2[%1157] : f32
// OUT:         %1167 = add %1165, %1166 : f32
// OUT:         store @v3[%1155, %1157], %1167
// OUT:       }
// OUT:       %1168 = constant 2 : index
// OUT:       %1169 = constant 3 : index
// OUT:       %1170 = add %33, %1168 : index
// OUT:       %1171 = add %27, %1170 : index
// OUT:       %1172 = add %34, %1169 : index
// OUT:       %1173 = add %28, %1172 : index
// OUT:       %1174 = cmp lt %1171, %22 : i1
// OUT:       %1175 = cmp lt %1173, %23 : i1
// OUT:       %1176 = and %1174, %1175 : i1
// OUT:       if %1176 {
// OUT:         %1177 = constant 0 : index
// OUT:         %1178 = constant 11 : index
// OUT:         %1179 = load @a2[%1178] : f32
// OUT:         %1180 = constant 0.0 : f32
// OUT:         %1181 = add %1180, %1179 : f32
// OUT:         %1182 = load @v2[%1173] : f32
// OUT:         %1183 = add %1181, %1182 : f32
// OUT:         store @v3[%1171, %1173], %1183
// OUT:       }
// OUT:       %1184 = constant 3 : index
// OUT:       %1185 = constant 0 : index
// OUT:       %1186 = add %33, %1184 : index
// OUT:       %1187 = add %27, %1186 : index
// OUT:       %1188 = add %34, %1185 : index
// OUT:       %1189 = add %28, %1188 : index
// OUT:       %1190 = cmp lt %1187, %22 : i1
// OUT:       %1191 = cmp lt %1189, %23 : i1
// OUT:       %1192 = and %1190, %1191 : i1
// OUT:       if %1192 {
// OUT:         %1193 = constant 0 : index
// OUT:         %1194 = constant 12 : index
// OUT:         %1195 = load @a2[%1194] : f32
// OUT:         %1196 = constant 0.0 : f32
// OUT:         %1197 = add %1196, %1195 : f32
// OUT:         %1198 = load @v2[%1189] : f32
// OUT:         %1199 = add %1197, %1198 : f32
// OUT:         store @v3[%1187, %1189], %1199
// OUT:       }
// OUT:       %1200 = constant 3 : index
// OUT:       %1201 = constant 1 : index
// OUT:       %1202 = add %33, %1200 : index
// OUT:       %1203 = add %27, %1202 : index
// OUT:       %1204 = add %34, %1201 : index
// OUT:       %1205 = add %28, %1204 : index
// OUT:       %1206 = cmp lt %1203, %22 : i1
// OUT:       %1207 = cmp lt %1205, %23 : i1
// OUT:       %1208 = and %1206, %1207 : i1
// OUT:       if %1208 {
// OUT:         %1209 = constant 0 : index
// OUT:         %1210 = constant 13 : index
// OUT:         %1211 = load @a2[%1210] : f32
// OUT:         %1212 = constant 0.0 : f32
// OUT:         %1213 = add %1212, %1211 : f32
// OUT:         %1214 = load @v2[%1205] : f32
// OUT:         %1215 = add %1213, %1214 : f32
// OUT:         store @v3[%1203, %1205], %1215
// OUT:       }
// OUT:       %1216 = constant 3 : index
// OUT:       %1217 = constant 2 : index
// OUT:       %1218 = add %33, %1216 : index
// OUT:       %1219 = add %27, %1218 : index
// OUT:       %1220 = add %34, %1217 : index
// OUT:       %1221 = add %28, %1220 : index
// OUT:       %1222 = cmp lt %1219, %22 : i1
// OUT:       %1223 = cmp lt %1221, %23 : i1
// OUT:       %1224 = and %1222, %1223 : i1
// OUT:       if %1224 {
// OUT:         %1225 = constant 0 : index
// OUT:         %1226 = constant 14 : index
// OUT:         %1227 = load @a2[%1226] : f32
// OUT:         %1228 = constant 0.0 : f32
// OUT:         %1229 = add %1228, %1227 : f32
// OUT:         %1230 = load @v2[%1221] : f32
// OUT:         %1231 = add %1229, %1230 : f32
// OUT:         store @v3[%1219, %1221], %1231
// OUT:       }
// OUT:       %1232 = constant 3 : index
// OUT:       %1233 = constant 3 : index
// OUT:       %1234 = add %33, %1232 : index
// OUT:       %1235 = add %27, %1234 : index
// OUT:       %1236 = add %34, %1233 : index
// OUT:       %1237 = add %28, %1236 : index
// OUT:       %1238 = cmp lt %1235, %22 : i1
// OUT:       %1239 = cmp lt %1237, %23 : i1
// OUT:       %1240 = and %1238, %1239 : i1
// OUT:       if %1240 {
// OUT:         %1241 = constant 0 : index
// OUT:         %1242 = constant 15 : index
// OUT:         %1243 = load @a2[%1242] : f32
// OUT:         %1244 = constant 0.0 : f32
// OUT:         %1245 = add %1244, %1243 : f32
// OUT:         %1246 = load @v2[%1237] : f32
// OUT:         %1247 = add %1245, %1246 : f32
// OUT:         store @v3[%1235, %1237], %1247
// OUT:       }
// OUT:     }
// OUT:   }
// OUT: }

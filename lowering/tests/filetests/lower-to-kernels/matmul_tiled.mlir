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
// OUT:       %35 = constant 0 : index
// OUT:       %36 = constant 36 : index
// OUT:       %37 = constant 36 : index
// OUT:       %38 = constant 0 : index
// OUT:       %39 = constant 1 : index
// OUT:       %40 = constant 2 : index
// OUT:       %41 = constant 8 : index
// OUT:       %42 = constant 0 : index
// OUT:       %43 = add %i4, %42 : index
// OUT:       %44 = constant 2 : index
// OUT:       %45 = div %43, %44 : index
// OUT:       %46 = rem %43, %44 : index
// OUT:       %47 = constant 4 : index
// OUT:       %48 = mul %46, %47 : index
// OUT:       %49 = add %27, %45 : index
// OUT:       %50 = add %38, %48 : index
// OUT:       %51 = cmp lt %49, %22 : i1
// OUT:       %52 = cmp lt %50, %24 : i1
// OUT:       %53 = and %51, %52 : i1
// OUT:       %54 = constant 1 : index
// OUT:       %55 = sub %22, %54 : index
// OUT:       %56 = sub %24, %54 : index
// OUT:       %57 = min %49, %55 : index
// OUT:       %58 = min %50, %56 : index
// OUT:       %59 = constant 0 : index
// OUT:       %60 = constant 0 : index
// OUT:       %61 = load @v0[%57, %58] : vector<4xf32>
// OUT:       %62 = splat %53 : vector<4xi1>
// OUT:       %63 = constant 0.0 : f32
// OUT:       %64 = splat %63 : vector<4xf32>
// OUT:       %65 = select %62, %61, %64 : vector<4xf32>
// OUT:       %66 = constant 0 : index
// OUT:       %67 = add %i4, %66 : index
// OUT:       %68 = constant 32 : index
// OUT:       %69 = div %67, %68 : index
// OUT:       %70 = rem %67, %68 : index
// OUT:       %71 = constant 1 : index
// OUT:       %72 = mul %70, %71 : index
// OUT:       %73 = add %28, %72 : index
// OUT:       %74 = add %38, %69 : index
// OUT:       %75 = cmp lt %73, %23 : i1
// OUT:       %76 = cmp lt %74, %24 : i1
// OUT:       %77 = and %75, %76 : i1
// OUT:       %78 = constant 1 : index
// OUT:       %79 = sub %23, %78 : index
// OUT:       %80 = sub %24, %78 : index
// OUT:       %81 = min %73, %79 : index
// OUT:       %82 = min %74, %80 : index
// OUT:       %83 = constant 0 : index
// OUT:       %84 = constant 0 : index
// OUT:       %85 = load @v1[%82, %81] : f32
// OUT:       %86 = constant 0.0 : f32
// OUT:       %87 = select %77, %85, %86 : f32
// OUT:       %88 = constant 64 : index
// OUT:       %89 = add %i4, %88 : index
// OUT:       %90 = constant 32 : index
// OUT:       %91 = div %89, %90 : index
// OUT:       %92 = rem %89, %90 : index
// OUT:       %93 = constant 1 : index
// OUT:       %94 = mul %92, %93 : index
// OUT:       %95 = add %28, %94 : index
// OUT:       %96 = add %38, %91 : index
// OUT:       %97 = cmp lt %95, %23 : i1
// OUT:       %98 = cmp lt %96, %24 : i1
// OUT:       %99 = and %97, %98 : i1
// OUT:       %100 = constant 1 : index
// OUT:       %101 = sub %23, %100 : index
// OUT:       %102 = sub %24, %100 : index
// OUT:       %103 = min %95, %101 : index
// OUT:       %104 = min %96, %102 : index
// OUT:       %105 = constant 0 : index
// OUT:       %106 = constant 0 : index
// OUT:       %107 = load @v1[%104, %103] : f32
// OUT:       %108 = constant 0.0 : f32
// OUT:       %109 = select %99, %107, %108 : f32
// OUT:       %110 = constant 128 : index
// OUT:       %111 = add %i4, %110 : index
// OUT:       %112 = constant 32 : index
// OUT:       %113 = div %111, %112 : index
// OUT:       %114 = rem %111, %112 : index
// OUT:       %115 = constant 1 : index
// OUT:       %116 = mul %114, %115 : index
// OUT:       %117 = add %28, %116 : index
// OUT:       %118 = add %38, %113 : index
// OUT:       %119 = cmp lt %117, %23 : i1
// OUT:       %120 = cmp lt %118, %24 : i1
// OUT:       %121 = and %119, %120 : i1
// OUT:       %122 = constant 1 : index
// OUT:       %123 = sub %23, %122 : index
// OUT:       %124 = sub %24, %122 : index
// OUT:       %125 = min %117, %123 : index
// OUT:       %126 = min %118, %124 : index
// OUT:       %127 = constant 0 : index
// OUT:       %128 = constant 0 : index
// OUT:       %129 = load @v1[%126, %125] : f32
// OUT:       %130 = constant 0.0 : f32
// OUT:       %131 = select %121, %129, %130 : f32
// OUT:       %132 = constant 192 : index
// OUT:       %133 = add %i4, %132 : index
// OUT:       %134 = constant 32 : index
// OUT:       %135 = div %133, %134 : index
// OUT:       %136 = rem %133, %134 : index
// OUT:       %137 = constant 1 : index
// OUT:       %138 = mul %136, %137 : index
// OUT:       %139 = add %28, %138 : index
// OUT:       %140 = add %38, %135 : index
// OUT:       %141 = cmp lt %139, %23 : i1
// OUT:       %142 = cmp lt %140, %24 : i1
// OUT:       %143 = and %141, %142 : i1
// OUT:       %144 = constant 1 : index
// OUT:       %145 = sub %23, %144 : index
// OUT:       %146 = sub %24, %144 : index
// OUT:       %147 = min %139, %145 : index
// OUT:       %148 = min %140, %146 : index
// OUT:       %149 = constant 0 : index
// OUT:       %150 = constant 0 : index
// OUT:       %151 = load @v1[%148, %147] : f32
// OUT:       %152 = constant 0.0 : f32
// OUT:       %153 = select %143, %151, %152 : f32
// OUT:       %154 = constant 288 : index
// OUT:       %155 = constant 288 : index
// OUT:       %156 = mul %38, %154 : index
// OUT:       %157 = mul %38, %155 : index
// OUT:       %158 = extract %65[0] : f32
// OUT:       %159 = constant 0 : index
// OUT:       %160 = add %48, %159 : index
// OUT:       %161 = mul %160, %36 : index
// OUT:       %162 = add %161, %45 : index
// OUT:       %163 = add %162, %156 : index
// OUT:       store @a0[%163], %158
// OUT:       %164 = extract %65[1] : f32
// OUT:       %165 = constant 1 : index
// OUT:       %166 = add %48, %165 : index
// OUT:       %167 = mul %166, %36 : index
// OUT:       %168 = add %167, %45 : index
// OUT:       %169 = add %168, %156 : index
// OUT:       store @a0[%169], %164
// OUT:       %170 = extract %65[2] : f32
// OUT:       %171 = constant 2 : index
// OUT:       %172 = add %48, %171 : index
// OUT:       %173 = mul %172, %36 : index
// OUT:       %174 = add %173, %45 : index
// OUT:       %175 = add %174, %156 : index
// OUT:       store @a0[%175], %170
// OUT:       %176 = extract %65[3] : f32
// OUT:       %177 = constant 3 : index
// OUT:       %178 = add %48, %177 : index
// OUT:       %179 = mul %178, %36 : index
// OUT:       %180 = add %179, %45 : index
// OUT:       %181 = add %180, %156 : index
// OUT:       store @a0[%181], %176
// OUT:       %182 = mul %69, %37 : index
// OUT:       %183 = add %182, %72 : index
// OUT:       %184 = add %183, %157 : index
// OUT:       store @a1[%184], %87
// OUT:       %185 = mul %91, %37 : index
// OUT:       %186 = add %185, %94 : index
// OUT:       %187 = add %186, %157 : index
// OUT:       store @a1[%187], %109
// OUT:       %188 = mul %113, %37 : index
// OUT:       %189 = add %188, %116 : index
// OUT:       %190 = add %189, %157 : index
// OUT:       store @a1[%190], %131
// OUT:       %191 = mul %135, %37 : index
// OUT:       %192 = add %191, %138 : index
// OUT:       %193 = add %192, %157 : index
// OUT:       store @a1[%193], %153
// OUT:       control_barrier workgroup
// OUT:       for %k194 = %38 to %24 step %41 {
// OUT:         %195 = div %k194, %41 : index
// OUT:         %196 = rem %195, %40 : index
// OUT:         %197 = constant 288 : index
// OUT:         %198 = constant 288 : index
// OUT:         %199 = mul %196, %197 : index
// OUT:         %200 = mul %196, %198 : index
// OUT:         %201 = add %k194, %41 : index
// OUT:         %202 = constant 0 : index
// OUT:         %203 = add %i4, %202 : index
// OUT:         %204 = constant 2 : index
// OUT:         %205 = div %203, %204 : index
// OUT:         %206 = rem %203, %204 : index
// OUT:         %207 = constant 4 : index
// OUT:         %208 = mul %206, %207 : index
// OUT:         %209 = add %27, %205 : index
// OUT:         %210 = add %201, %208 : index
// OUT:         %211 = cmp lt %209, %22 : i1
// OUT:         %212 = cmp lt %210, %24 : i1
// OUT:         %213 = and %211, %212 : i1
// OUT:         %214 = constant 1 : index
// OUT:         %215 = sub %22, %214 : index
// OUT:         %216 = sub %24, %214 : index
// OUT:         %217 = min %209, %215 : index
// OUT:         %218 = min %210, %216 : index
// OUT:         %219 = constant 0 : index
// OUT:         %220 = constant 0 : index
// OUT:         %221 = load @v0[%217, %218] : vector<4xf32>
// OUT:         %222 = splat %213 : vector<4xi1>
// OUT:         %223 = constant 0.0 : f32
// OUT:         %224 = splat %223 : vector<4xf32>
// OUT:         %225 = select %222, %221, %224 : vector<4xf32>
// OUT:         %226 = constant 0 : index
// OUT:         %227 = add %i4, %226 : index
// OUT:         %228 = constant 32 : index
// OUT:         %229 = div %227, %228 : index
// OUT:         %230 = rem %227, %228 : index
// OUT:         %231 = constant 1 : index
// OUT:         %232 = mul %230, %231 : index
// OUT:         %233 = add %28, %232 : index
// OUT:         %234 = add %201, %229 : index
// OUT:         %235 = cmp lt %233, %23 : i1
// OUT:         %236 = cmp lt %234, %24 : i1
// OUT:         %237 = and %235, %236 : i1
// OUT:         %238 = constant 1 : index
// OUT:         %239 = sub %23, %238 : index
// OUT:         %240 = sub %24, %238 : index
// OUT:         %241 = min %233, %239 : index
// OUT:         %242 = min %234, %240 : index
// OUT:         %243 = constant 0 : index
// OUT:         %244 = constant 0 : index
// OUT:         %245 = load @v1[%242, %241] : f32
// OUT:         %246 = constant 0.0 : f32
// OUT:         %247 = select %237, %245, %246 : f32
// OUT:         %248 = constant 64 : index
// OUT:         %249 = add %i4, %248 : index
// OUT:         %250 = constant 32 : index
// OUT:         %251 = div %249, %250 : index
// OUT:         %252 = rem %249, %250 : index
// OUT:         %253 = constant 1 : index
// OUT:         %254 = mul %252, %253 : index
// OUT:         %255 = add %28, %254 : index
// OUT:         %256 = add %201, %251 : index
// OUT:         %257 = cmp lt %255, %23 : i1
// OUT:         %258 = cmp lt %256, %24 : i1
// OUT:         %259 = and %257, %258 : i1
// OUT:         %260 = constant 1 : index
// OUT:         %261 = sub %23, %260 : index
// OUT:         %262 = sub %24, %260 : index
// OUT:         %263 = min %255, %261 : index
// OUT:         %264 = min %256, %262 : index
// OUT:         %265 = constant 0 : index
// OUT:         %266 = constant 0 : index
// OUT:         %267 = load @v1[%264, %263] : f32
// OUT:         %268 = constant 0.0 : f32
// OUT:         %269 = select %259, %267, %268 : f32
// OUT:         %270 = constant 128 : index
// OUT:         %271 = add %i4, %270 : index
// OUT:         %272 = constant 32 : index
// OUT:         %273 = div %271, %272 : index
// OUT:         %274 = rem %271, %272 : index
// OUT:         %275 = constant 1 : index
// OUT:         %276 = mul %274, %275 : index
// OUT:         %277 = add %28, %276 : index
// OUT:         %278 = add %201, %273 : index
// OUT:         %279 = cmp lt %277, %23 : i1
// OUT:         %280 = cmp lt %278, %24 : i1
// OUT:         %281 = and %279, %280 : i1
// OUT:         %282 = constant 1 : index
// OUT:         %283 = sub %23, %282 : index
// OUT:         %284 = sub %24, %282 : index
// OUT:         %285 = min %277, %283 : index
// OUT:         %286 = min %278, %284 : index
// OUT:         %287 = constant 0 : index
// OUT:         %288 = constant 0 : index
// OUT:         %289 = load @v1[%286, %285] : f32
// OUT:         %290 = constant 0.0 : f32
// OUT:         %291 = select %281, %289, %290 : f32
// OUT:         %292 = constant 192 : index
// OUT:         %293 = add %i4, %292 : index
// OUT:         %294 = constant 32 : index
// OUT:         %295 = div %293, %294 : index
// OUT:         %296 = rem %293, %294 : index
// OUT:         %297 = constant 1 : index
// OUT:         %298 = mul %296, %297 : index
// OUT:         %299 = add %28, %298 : index
// OUT:         %300 = add %201, %295 : index
// OUT:         %301 = cmp lt %299, %23 : i1
// OUT:         %302 = cmp lt %300, %24 : i1
// OUT:         %303 = and %301, %302 : i1
// OUT:         %304 = constant 1 : index
// OUT:         %305 = sub %23, %304 : index
// OUT:         %306 = sub %24, %304 : index
// OUT:         %307 = min %299, %305 : index
// OUT:         %308 = min %300, %306 : index
// OUT:         %309 = constant 0 : index
// OUT:         %310 = constant 0 : index
// OUT:         %311 = load @v1[%308, %307] : f32
// OUT:         %312 = constant 0.0 : f32
// OUT:         %313 = select %303, %311, %312 : f32
// OUT:         %314 = constant 0 : index
// OUT:         %315 = mul %314, %36 : index
// OUT:         %316 = add %315, %199 : index
// OUT:         %317 = add %316, %33 : index
// OUT:         %318 = constant 0 : index
// OUT:         %319 = add %317, %318 : index
// OUT:         %320 = load @a0[%319] : vector<4xf32>
// OUT:         %321 = mul %314, %37 : index
// OUT:         %322 = add %321, %200 : index
// OUT:         %323 = add %322, %34 : index
// OUT:         %324 = constant 0 : index
// OUT:         %325 = add %323, %324 : index
// OUT:         %326 = load @a1[%325] : vector<4xf32>
// OUT:         %327 = extract %320[0] : f32
// OUT:         %328 = extract %320[1] : f32
// OUT:         %329 = extract %320[2] : f32
// OUT:         %330 = extract %320[3] : f32
// OUT:         %331 = extract %326[0] : f32
// OUT:         %332 = extract %326[1] : f32
// OUT:         %333 = extract %326[2] : f32
// OUT:         %334 = extract %326[3] : f32
// OUT:         %335 = mul %327, %331 : f32
// OUT:         %336 = constant 0 : index
// OUT:         %337 = load @a2[%336] : f32
// OUT:         %338 = add %337, %335 : f32
// OUT:         store @a2[%336], %338
// OUT:         %339 = mul %327, %332 : f32
// OUT:         %340 = constant 1 : index
// OUT:         %341 = load @a2[%340] : f32
// OUT:         %342 = add %341, %339 : f32
// OUT:         store @a2[%340], %342
// OUT:         %343 = mul %327, %333 : f32
// OUT:         %344 = constant 2 : index
// OUT:         %345 = load @a2[%344] : f32
// OUT:         %346 = add %345, %343 : f32
// OUT:         store @a2[%344], %346
// OUT:         %347 = mul %327, %334 : f32
// OUT:         %348 = constant 3 : index
// OUT:         %349 = load @a2[%348] : f32
// OUT:         %350 = add %349, %347 : f32
// OUT:         store @a2[%348], %350
// OUT:         %351 = mul %328, %331 : f32
// OUT:         %352 = constant 4 : index
// OUT:         %353 = load @a2[%352] : f32
// OUT:         %354 = add %353, %351 : f32
// OUT:         store @a2[%352], %354
// OUT:         %355 = mul %328, %332 : f32
// OUT:         %356 = constant 5 : index
// OUT:         %357 = load @a2[%356] : f32
// OUT:         %358 = add %357, %355 : f32
// OUT:         store @a2[%356], %358
// OUT:         %359 = mul %328, %333 : f32
// OUT:         %360 = constant 6 : index
// OUT:         %361 = load @a2[%360] : f32
// OUT:         %362 = add %361, %359 : f32
// OUT:         store @a2[%360], %362
// OUT:         %363 = mul %328, %334 : f32
// OUT:         %364 = constant 7 : index
// OUT:         %365 = load @a2[%364] : f32
// OUT:         %366 = add %365, %363 : f32
// OUT:         store @a2[%364], %366
// OUT:         %367 = mul %329, %331 : f32
// OUT:         %368 = constant 8 : index
// OUT:         %369 = load @a2[%368] : f32
// OUT:         %370 = add %369, %367 : f32
// OUT:         store @a2[%368], %370
// OUT:         %371 = mul %329, %332 : f32
// OUT:         %372 = constant 9 : index
// OUT:         %373 = load @a2[%372] : f32
// OUT:         %374 = add %373, %371 : f32
// OUT:         store @a2[%372], %374
// OUT:         %375 = mul %329, %333 : f32
// OUT:         %376 = constant 10 : index
// OUT:         %377 = load @a2[%376] : f32
// OUT:         %378 = add %377, %375 : f32
// OUT:         store @a2[%376], %378
// OUT:         %379 = mul %329, %334 : f32
// OUT:         %380 = constant 11 : index
// OUT:         %381 = load @a2[%380] : f32
// OUT:         %382 = add %381, %379 : f32
// OUT:         store @a2[%380], %382
// OUT:         %383 = mul %330, %331 : f32
// OUT:         %384 = constant 12 : index
// OUT:         %385 = load @a2[%384] : f32
// OUT:         %386 = add %385, %383 : f32
// OUT:         store @a2[%384], %386
// OUT:         %387 = mul %330, %332 : f32
// OUT:         %388 = constant 13 : index
// OUT:         %389 = load @a2[%388] : f32
// OUT:         %390 = add %389, %387 : f32
// OUT:         store @a2[%388], %390
// OUT:         %391 = mul %330, %333 : f32
// OUT:         %392 = constant 14 : index
// OUT:         %393 = load @a2[%392] : f32
// OUT:         %394 = add %393, %391 : f32
// OUT:         store @a2[%392], %394
// OUT:         %395 = mul %330, %334 : f32
// OUT:         %396 = constant 15 : index
// OUT:         %397 = load @a2[%396] : f32
// OUT:         %398 = add %397, %395 : f32
// OUT:         store @a2[%396], %398
// OUT:         %399 = constant 1 : index
// OUT:         %400 = mul %399, %36 : index
// OUT:         %401 = add %400, %199 : index
// OUT:         %402 = add %401, %33 : index
// OUT:         %403 = constant 0 : index
// OUT:         %404 = add %402, %403 : index
// OUT:         %405 = load @a0[%404] : vector<4xf32>
// OUT:         %406 = mul %399, %37 : index
// OUT:         %407 = add %406, %200 : index
// OUT:         %408 = add %407, %34 : index
// OUT:         %409 = constant 0 : index
// OUT:         %410 = add %408, %409 : index
// OUT:         %411 = load @a1[%410] : vector<4xf32>
// OUT:         %412 = extract %405[0] : f32
// OUT:         %413 = extract %405[1] : f32
// OUT:         %414 = extract %405[2] : f32
// OUT:         %415 = extract %405[3] : f32
// OUT:         %416 = extract %411[0] : f32
// OUT:         %417 = extract %411[1] : f32
// OUT:         %418 = extract %411[2] : f32
// OUT:         %419 = extract %411[3] : f32
// OUT:         %420 = mul %412, %416 : f32
// OUT:         %421 = constant 0 : index
// OUT:         %422 = load @a2[%421] : f32
// OUT:         %423 = add %422, %420 : f32
// OUT:         store @a2[%421], %423
// OUT:         %424 = mul %412, %417 : f32
// OUT:         %425 = constant 1 : index
// OUT:         %426 = load @a2[%425] : f32
// OUT:         %427 = add %426, %424 : f32
// OUT:         store @a2[%425], %427
// OUT:         %428 = mul %412, %418 : f32
// OUT:         %429 = constant 2 : index
// OUT:         %430 = load @a2[%429] : f32
// OUT:         %431 = add %430, %428 : f32
// OUT:         store @a2[%429], %431
// OUT:         %432 = mul %412, %419 : f32
// OUT:         %433 = constant 3 : index
// OUT:         %434 = load @a2[%433] : f32
// OUT:         %435 = add %434, %432 : f32
// OUT:         store @a2[%433], %435
// OUT:         %436 = mul %413, %416 : f32
// OUT:         %437 = constant 4 : index
// OUT:         %438 = load @a2[%437] : f32
// OUT:         %439 = add %438, %436 : f32
// OUT:         store @a2[%437], %439
// OUT:         %440 = mul %413, %417 : f32
// OUT:         %441 = constant 5 : index
// OUT:         %442 = load @a2[%441] : f32
// OUT:         %443 = add %442, %440 : f32
// OUT:         store @a2[%441], %443
// OUT:         %444 = mul %413, %418 : f32
// OUT:         %445 = constant 6 : index
// OUT:         %446 = load @a2[%445] : f32
// OUT:         %447 = add %446, %444 : f32
// OUT:         store @a2[%445], %447
// OUT:         %448 = mul %413, %419 : f32
// OUT:         %449 = constant 7 : index
// OUT:         %450 = load @a2[%449] : f32
// OUT:         %451 = add %450, %448 : f32
// OUT:         store @a2[%449], %451
// OUT:         %452 = mul %414, %416 : f32
// OUT:         %453 = constant 8 : index
// OUT:         %454 = load @a2[%453] : f32
// OUT:         %455 = add %454, %452 : f32
// OUT:         store @a2[%453], %455
// OUT:         %456 = mul %414, %417 : f32
// OUT:         %457 = constant 9 : index
// OUT:         %458 = load @a2[%457] : f32
// OUT:         %459 = add %458, %456 : f32
// OUT:         store @a2[%457], %459
// OUT:         %460 = mul %414, %418 : f32
// OUT:         %461 = constant 10 : index
// OUT:         %462 = load @a2[%461] : f32
// OUT:         %463 = add %462, %460 : f32
// OUT:         store @a2[%461], %463
// OUT:         %464 = mul %414, %419 : f32
// OUT:         %465 = constant 11 : index
// OUT:         %466 = load @a2[%465] : f32
// OUT:         %467 = add %466, %464 : f32
// OUT:         store @a2[%465], %467
// OUT:         %468 = mul %415, %416 : f32
// OUT:         %469 = constant 12 : index
// OUT:         %470 = load @a2[%469] : f32
// OUT:         %471 = add %470, %468 : f32
// OUT:         store @a2[%469], %471
// OUT:         %472 = mul %415, %417 : f32
// OUT:         %473 = constant 13 : index
// OUT:         %474 = load @a2[%473] : f32
// OUT:         %475 = add %474, %472 : f32
// OUT:         store @a2[%473], %475
// OUT:         %476 = mul %415, %418 : f32
// OUT:         %477 = constant 14 : index
// OUT:         %478 = load @a2[%477] : f32
// OUT:         %479 = add %478, %476 : f32
// OUT:         store @a2[%477], %479
// OUT:         %480 = mul %415, %419 : f32
// OUT:         %481 = constant 15 : index
// OUT:         %482 = load @a2[%481] : f32
// OUT:         %483 = add %482, %480 : f32
// OUT:         store @a2[%481], %483
// OUT:         %484 = constant 2 : index
// OUT:         %485 = mul %484, %36 : index
// OUT:         %486 = add %485, %199 : index
// OUT:         %487 = add %486, %33 : index
// OUT:         %488 = constant 0 : index
// OUT:         %489 = add %487, %488 : index
// OUT:         %490 = load @a0[%489] : vector<4xf32>
// OUT:         %491 = mul %484, %37 : index
// OUT:         %492 = add %491, %200 : index
// OUT:         %493 = add %492, %34 : index
// OUT:         %494 = constant 0 : index
// OUT:         %495 = add %493, %494 : index
// OUT:         %496 = load @a1[%495] : vector<4xf32>
// OUT:         %497 = extract %490[0] : f32
// OUT:         %498 = extract %490[1] : f32
// OUT:         %499 = extract %490[2] : f32
// OUT:         %500 = extract %490[3] : f32
// OUT:         %501 = extract %496[0] : f32
// OUT:         %502 = extract %496[1] : f32
// OUT:         %503 = extract %496[2] : f32
// OUT:         %504 = extract %496[3] : f32
// OUT:         %505 = mul %497, %501 : f32
// OUT:         %506 = constant 0 : index
// OUT:         %507 = load @a2[%506] : f32
// OUT:         %508 = add %507, %505 : f32
// OUT:         store @a2[%506], %508
// OUT:         %509 = mul %497, %502 : f32
// OUT:         %510 = constant 1 : index
// OUT:         %511 = load @a2[%510] : f32
// OUT:         %512 = add %511, %509 : f32
// OUT:         store @a2[%510], %512
// OUT:         %513 = mul %497, %503 : f32
// OUT:         %514 = constant 2 : index
// OUT:         %515 = load @a2[%514] : f32
// OUT:         %516 = add %515, %513 : f32
// OUT:         store @a2[%514], %516
// OUT:         %517 = mul %497, %504 : f32
// OUT:         %518 = constant 3 : index
// OUT:         %519 = load @a2[%518] : f32
// OUT:         %520 = add %519, %517 : f32
// OUT:         store @a2[%518], %520
// OUT:         %521 = mul %498, %501 : f32
// OUT:         %522 = constant 4 : index
// OUT:         %523 = load @a2[%522] : f32
// OUT:         %524 = add %523, %521 : f32
// OUT:         store @a2[%522], %524
// OUT:         %525 = mul %498, %502 : f32
// OUT:         %526 = constant 5 : index
// OUT:         %527 = load @a2[%526] : f32
// OUT:         %528 = add %527, %525 : f32
// OUT:         store @a2[%526], %528
// OUT:         %529 = mul %498, %503 : f32
// OUT:         %530 = constant 6 : index
// OUT:         %531 = load @a2[%530] : f32
// OUT:         %532 = add %531, %529 : f32
// OUT:         store @a2[%530], %532
// OUT:         %533 = mul %498, %504 : f32
// OUT:         %534 = constant 7 : index
// OUT:         %535 = load @a2[%534] : f32
// OUT:         %536 = add %535, %533 : f32
// OUT:         store @a2[%534], %536
// OUT:         %537 = mul %499, %501 : f32
// OUT:         %538 = constant 8 : index
// OUT:         %539 = load @a2[%538] : f32
// OUT:         %540 = add %539, %537 : f32
// OUT:         store @a2[%538], %540
// OUT:         %541 = mul %499, %502 : f32
// OUT:         %542 = constant 9 : index
// OUT:         %543 = load @a2[%542] : f32
// OUT:         %544 = add %543, %541 : f32
// OUT:         store @a2[%542], %544
// OUT:         %545 = mul %499, %503 : f32
// OUT:         %546 = constant 10 : index
// OUT:         %547 = load @a2[%546] : f32
// OUT:         %548 = add %547, %545 : f32
// OUT:         store @a2[%546], %548
// OUT:         %549 = mul %499, %504 : f32
// OUT:         %550 = constant 11 : index
// OUT:         %551 = load @a2[%550] : f32
// OUT:         %552 = add %551, %549 : f32
// OUT:         store @a2[%550], %552
// OUT:         %553 = mul %500, %501 : f32
// OUT:         %554 = constant 12 : index
// OUT:         %555 = load @a2[%554] : f32
// OUT:         %556 = add %555, %553 : f32
// OUT:         store @a2[%554], %556
// OUT:         %557 = mul %500, %502 : f32
// OUT:         %558 = constant 13 : index
// OUT:         %559 = load @a2[%558] : f32
// OUT:         %560 = add %559, %557 : f32
// OUT:         store @a2[%558], %560
// OUT:         %561 = mul %500, %503 : f32
// OUT:         %562 = constant 14 : index
// OUT:         %563 = load @a2[%562] : f32
// OUT:         %564 = add %563, %561 : f32
// OUT:         store @a2[%562], %564
// OUT:         %565 = mul %500, %504 : f32
// OUT:         %566 = constant 15 : index
// OUT:         %567 = load @a2[%566] : f32
// OUT:         %568 = add %567, %565 : f32
// OUT:         store @a2[%566], %568
// OUT:         %569 = constant 3 : index
// OUT:         %570 = mul %569, %36 : index
// OUT:         %571 = add %570, %199 : index
// OUT:         %572 = add %571, %33 : index
// OUT:         %573 = constant 0 : index
// OUT:         %574 = add %572, %573 : index
// OUT:         %575 = load @a0[%574] : vector<4xf32>
// OUT:         %576 = mul %569, %37 : index
// OUT:         %577 = add %576, %200 : index
// OUT:         %578 = add %577, %34 : index
// OUT:         %579 = constant 0 : index
// OUT:         %580 = add %578, %579 : index
// OUT:         %581 = load @a1[%580] : vector<4xf32>
// OUT:         %582 = extract %575[0] : f32
// OUT:         %583 = extract %575[1] : f32
// OUT:         %584 = extract %575[2] : f32
// OUT:         %585 = extract %575[3] : f32
// OUT:         %586 = extract %581[0] : f32
// OUT:         %587 = extract %581[1] : f32
// OUT:         %588 = extract %581[2] : f32
// OUT:         %589 = extract %581[3] : f32
// OUT:         %590 = mul %582, %586 : f32
// OUT:         %591 = constant 0 : index
// OUT:         %592 = load @a2[%591] : f32
// OUT:         %593 = add %592, %590 : f32
// OUT:         store @a2[%591], %593
// OUT:         %594 = mul %582, %587 : f32
// OUT:         %595 = constant 1 : index
// OUT:         %596 = load @a2[%595] : f32
// OUT:         %597 = add %596, %594 : f32
// OUT:         store @a2[%595], %597
// OUT:         %598 = mul %582, %588 : f32
// OUT:         %599 = constant 2 : index
// OUT:         %600 = load @a2[%599] : f32
// OUT:         %601 = add %600, %598 : f32
// OUT:         store @a2[%599], %601
// OUT:         %602 = mul %582, %589 : f32
// OUT:         %603 = constant 3 : index
// OUT:         %604 = load @a2[%603] : f32
// OUT:         %605 = add %604, %602 : f32
// OUT:         store @a2[%603], %605
// OUT:         %606 = mul %583, %586 : f32
// OUT:         %607 = constant 4 : index
// OUT:         %608 = load @a2[%607] : f32
// OUT:         %609 = add %608, %606 : f32
// OUT:         store @a2[%607], %609
// OUT:         %610 = mul %583, %587 : f32
// OUT:         %611 = constant 5 : index
// OUT:         %612 = load @a2[%611] : f32
// OUT:         %613 = add %612, %610 : f32
// OUT:         store @a2[%611], %613
// OUT:         %614 = mul %583, %588 : f32
// OUT:         %615 = constant 6 : index
// OUT:         %616 = load @a2[%615] : f32
// OUT:         %617 = add %616, %614 : f32
// OUT:         store @a2[%615], %617
// OUT:         %618 = mul %583, %589 : f32
// OUT:         %619 = constant 7 : index
// OUT:         %620 = load @a2[%619] : f32
// OUT:         %621 = add %620, %618 : f32
// OUT:         store @a2[%619], %621
// OUT:         %622 = mul %584, %586 : f32
// OUT:         %623 = constant 8 : index
// OUT:         %624 = load @a2[%623] : f32
// OUT:         %625 = add %624, %622 : f32
// OUT:         store @a2[%623], %625
// OUT:         %626 = mul %584, %587 : f32
// OUT:         %627 = constant 9 : index
// OUT:         %628 = load @a2[%627] : f32
// OUT:         %629 = add %628, %626 : f32
// OUT:         store @a2[%627], %629
// OUT:         %630 = mul %584, %588 : f32
// OUT:         %631 = constant 10 : index
// OUT:         %632 = load @a2[%631] : f32
// OUT:         %633 = add %632, %630 : f32
// OUT:         store @a2[%631], %633
// OUT:         %634 = mul %584, %589 : f32
// OUT:         %635 = constant 11 : index
// OUT:         %636 = load @a2[%635] : f32
// OUT:         %637 = add %636, %634 : f32
// OUT:         store @a2[%635], %637
// OUT:         %638 = mul %585, %586 : f32
// OUT:         %639 = constant 12 : index
// OUT:         %640 = load @a2[%639] : f32
// OUT:         %641 = add %640, %638 : f32
// OUT:         store @a2[%639], %641
// OUT:         %642 = mul %585, %587 : f32
// OUT:         %643 = constant 13 : index
// OUT:         %644 = load @a2[%643] : f32
// OUT:         %645 = add %644, %642 : f32
// OUT:         store @a2[%643], %645
// OUT:         %646 = mul %585, %588 : f32
// OUT:         %647 = constant 14 : index
// OUT:         %648 = load @a2[%647] : f32
// OUT:         %649 = add %648, %646 : f32
// OUT:         store @a2[%647], %649
// OUT:         %650 = mul %585, %589 : f32
// OUT:         %651 = constant 15 : index
// OUT:         %652 = load @a2[%651] : f32
// OUT:         %653 = add %652, %650 : f32
// OUT:         store @a2[%651], %653
// OUT:         %654 = constant 4 : index
// OUT:         %655 = mul %654, %36 : index
// OUT:         %656 = add %655, %199 : index
// OUT:         %657 = add %656, %33 : index
// OUT:         %658 = constant 0 : index
// OUT:         %659 = add %657, %658 : index
// OUT:         %660 = load @a0[%659] : vector<4xf32>
// OUT:         %661 = mul %654, %37 : index
// OUT:         %662 = add %661, %200 : index
// OUT:         %663 = add %662, %34 : index
// OUT:         %664 = constant 0 : index
// OUT:         %665 = add %663, %664 : index
// OUT:         %666 = load @a1[%665] : vector<4xf32>
// OUT:         %667 = extract %660[0] : f32
// OUT:         %668 = extract %660[1] : f32
// OUT:         %669 = extract %660[2] : f32
// OUT:         %670 = extract %660[3] : f32
// OUT:         %671 = extract %666[0] : f32
// OUT:         %672 = extract %666[1] : f32
// OUT:         %673 = extract %666[2] : f32
// OUT:         %674 = extract %666[3] : f32
// OUT:         %675 = mul %667, %671 : f32
// OUT:         %676 = constant 0 : index
// OUT:         %677 = load @a2[%676] : f32
// OUT:         %678 = add %677, %675 : f32
// OUT:         store @a2[%676], %678
// OUT:         %679 = mul %667, %672 : f32
// OUT:         %680 = constant 1 : index
// OUT:         %681 = load @a2[%680] : f32
// OUT:         %682 = add %681, %679 : f32
// OUT:         store @a2[%680], %682
// OUT:         %683 = mul %667, %673 : f32
// OUT:         %684 = constant 2 : index
// OUT:         %685 = load @a2[%684] : f32
// OUT:         %686 = add %685, %683 : f32
// OUT:         store @a2[%684], %686
// OUT:         %687 = mul %667, %674 : f32
// OUT:         %688 = constant 3 : index
// OUT:         %689 = load @a2[%688] : f32
// OUT:         %690 = add %689, %687 : f32
// OUT:         store @a2[%688], %690
// OUT:         %691 = mul %668, %671 : f32
// OUT:         %692 = constant 4 : index
// OUT:         %693 = load @a2[%692] : f32
// OUT:         %694 = add %693, %691 : f32
// OUT:         store @a2[%692], %694
// OUT:         %695 = mul %668, %672 : f32
// OUT:         %696 = constant 5 : index
// OUT:         %697 = load @a2[%696] : f32
// OUT:         %698 = add %697, %695 : f32
// OUT:         store @a2[%696], %698
// OUT:         %699 = mul %668, %673 : f32
// OUT:         %700 = constant 6 : index
// OUT:         %701 = load @a2[%700] : f32
// OUT:         %702 = add %701, %699 : f32
// OUT:         store @a2[%700], %702
// OUT:         %703 = mul %668, %674 : f32
// OUT:         %704 = constant 7 : index
// OUT:         %705 = load @a2[%704] : f32
// OUT:         %706 = add %705, %703 : f32
// OUT:         store @a2[%704], %706
// OUT:         %707 = mul %669, %671 : f32
// OUT:         %708 = constant 8 : index
// OUT:         %709 = load @a2[%708] : f32
// OUT:         %710 = add %709, %707 : f32
// OUT:         store @a2[%708], %710
// OUT:         %711 = mul %669, %672 : f32
// OUT:         %712 = constant 9 : index
// OUT:         %713 = load @a2[%712] : f32
// OUT:         %714 = add %713, %711 : f32
// OUT:         store @a2[%712], %714
// OUT:         %715 = mul %669, %673 : f32
// OUT:         %716 = constant 10 : index
// OUT:         %717 = load @a2[%716] : f32
// OUT:         %718 = add %717, %715 : f32
// OUT:         store @a2[%716], %718
// OUT:         %719 = mul %669, %674 : f32
// OUT:         %720 = constant 11 : index
// OUT:         %721 = load @a2[%720] : f32
// OUT:         %722 = add %721, %719 : f32
// OUT:         store @a2[%720], %722
// OUT:         %723 = mul %670, %671 : f32
// OUT:         %724 = constant 12 : index
// OUT:         %725 = load @a2[%724] : f32
// OUT:         %726 = add %725, %723 : f32
// OUT:         store @a2[%724], %726
// OUT:         %727 = mul %670, %672 : f32
// OUT:         %728 = constant 13 : index
// OUT:         %729 = load @a2[%728] : f32
// OUT:         %730 = add %729, %727 : f32
// OUT:         store @a2[%728], %730
// OUT:         %731 = mul %670, %673 : f32
// OUT:         %732 = constant 14 : index
// OUT:         %733 = load @a2[%732] : f32
// OUT:         %734 = add %733, %731 : f32
// OUT:         store @a2[%732], %734
// OUT:         %735 = mul %670, %674 : f32
// OUT:         %736 = constant 15 : index
// OUT:         %737 = load @a2[%736] : f32
// OUT:         %738 = add %737, %735 : f32
// OUT:         store @a2[%736], %738
// OUT:         %739 = constant 5 : index
// OUT:         %740 = mul %739, %36 : index
// OUT:         %741 = add %740, %199 : index
// OUT:         %742 = add %741, %33 : index
// OUT:         %743 = constant 0 : index
// OUT:         %744 = add %742, %743 : index
// OUT:         %745 = load @a0[%744] : vector<4xf32>
// OUT:         %746 = mul %739, %37 : index
// OUT:         %747 = add %746, %200 : index
// OUT:         %748 = add %747, %34 : index
// OUT:         %749 = constant 0 : index
// OUT:         %750 = add %748, %749 : index
// OUT:         %751 = load @a1[%750] : vector<4xf32>
// OUT:         %752 = extract %745[0] : f32
// OUT:         %753 = extract %745[1] : f32
// OUT:         %754 = extract %745[2] : f32
// OUT:         %755 = extract %745[3] : f32
// OUT:         %756 = extract %751[0] : f32
// OUT:         %757 = extract %751[1] : f32
// OUT:         %758 = extract %751[2] : f32
// OUT:         %759 = extract %751[3] : f32
// OUT:         %760 = mul %752, %756 : f32
// OUT:         %761 = constant 0 : index
// OUT:         %762 = load @a2[%761] : f32
// OUT:         %763 = add %762, %760 : f32
// OUT:         store @a2[%761], %763
// OUT:         %764 = mul %752, %757 : f32
// OUT:         %765 = constant 1 : index
// OUT:         %766 = load @a2[%765] : f32
// OUT:         %767 = add %766, %764 : f32
// OUT:         store @a2[%765], %767
// OUT:         %768 = mul %752, %758 : f32
// OUT:         %769 = constant 2 : index
// OUT:         %770 = load @a2[%769] : f32
// OUT:         %771 = add %770, %768 : f32
// OUT:         store @a2[%769], %771
// OUT:         %772 = mul %752, %759 : f32
// OUT:         %773 = constant 3 : index
// OUT:         %774 = load @a2[%773] : f32
// OUT:         %775 = add %774, %772 : f32
// OUT:         store @a2[%773], %775
// OUT:         %776 = mul %753, %756 : f32
// OUT:         %777 = constant 4 : index
// OUT:         %778 = load @a2[%777] : f32
// OUT:         %779 = add %778, %776 : f32
// OUT:         store @a2[%777], %779
// OUT:         %780 = mul %753, %757 : f32
// OUT:         %781 = constant 5 : index
// OUT:         %782 = load @a2[%781] : f32
// OUT:         %783 = add %782, %780 : f32
// OUT:         store @a2[%781], %783
// OUT:         %784 = mul %753, %758 : f32
// OUT:         %785 = constant 6 : index
// OUT:         %786 = load @a2[%785] : f32
// OUT:         %787 = add %786, %784 : f32
// OUT:         store @a2[%785], %787
// OUT:         %788 = mul %753, %759 : f32
// OUT:         %789 = constant 7 : index
// OUT:         %790 = load @a2[%789] : f32
// OUT:         %791 = add %790, %788 : f32
// OUT:         store @a2[%789], %791
// OUT:         %792 = mul %754, %756 : f32
// OUT:         %793 = constant 8 : index
// OUT:         %794 = load @a2[%793] : f32
// OUT:         %795 = add %794, %792 : f32
// OUT:         store @a2[%793], %795
// OUT:         %796 = mul %754, %757 : f32
// OUT:         %797 = constant 9 : index
// OUT:         %798 = load @a2[%797] : f32
// OUT:         %799 = add %798, %796 : f32
// OUT:         store @a2[%797], %799
// OUT:         %800 = mul %754, %758 : f32
// OUT:         %801 = constant 10 : index
// OUT:         %802 = load @a2[%801] : f32
// OUT:         %803 = add %802, %800 : f32
// OUT:         store @a2[%801], %803
// OUT:         %804 = mul %754, %759 : f32
// OUT:         %805 = constant 11 : index
// OUT:         %806 = load @a2[%805] : f32
// OUT:         %807 = add %806, %804 : f32
// OUT:         store @a2[%805], %807
// OUT:         %808 = mul %755, %756 : f32
// OUT:         %809 = constant 12 : index
// OUT:         %810 = load @a2[%809] : f32
// OUT:         %811 = add %810, %808 : f32
// OUT:         store @a2[%809], %811
// OUT:         %812 = mul %755, %757 : f32
// OUT:         %813 = constant 13 : index
// OUT:         %814 = load @a2[%813] : f32
// OUT:         %815 = add %814, %812 : f32
// OUT:         store @a2[%813], %815
// OUT:         %816 = mul %755, %758 : f32
// OUT:         %817 = constant 14 : index
// OUT:         %818 = load @a2[%817] : f32
// OUT:         %819 = add %818, %816 : f32
// OUT:         store @a2[%817], %819
// OUT:         %820 = mul %755, %759 : f32
// OUT:         %821 = constant 15 : index
// OUT:         %822 = load @a2[%821] : f32
// OUT:         %823 = add %822, %820 : f32
// OUT:         store @a2[%821], %823
// OUT:         %824 = constant 6 : index
// OUT:         %825 = mul %824, %36 : index
// OUT:         %826 = add %825, %199 : index
// OUT:         %827 = add %826, %33 : index
// OUT:         %828 = constant 0 : index
// OUT:         %829 = add %827, %828 : index
// OUT:         %830 = load @a0[%829] : vector<4xf32>
// OUT:         %831 = mul %824, %37 : index
// OUT:         %832 = add %831, %200 : index
// OUT:         %833 = add %832, %34 : index
// OUT:         %834 = constant 0 : index
// OUT:         %835 = add %833, %834 : index
// OUT:         %836 = load @a1[%835] : vector<4xf32>
// OUT:         %837 = extract %830[0] : f32
// OUT:         %838 = extract %830[1] : f32
// OUT:         %839 = extract %830[2] : f32
// OUT:         %840 = extract %830[3] : f32
// OUT:         %841 = extract %836[0] : f32
// OUT:         %842 = extract %836[1] : f32
// OUT:         %843 = extract %836[2] : f32
// OUT:         %844 = extract %836[3] : f32
// OUT:         %845 = mul %837, %841 : f32
// OUT:         %846 = constant 0 : index
// OUT:         %847 = load @a2[%846] : f32
// OUT:         %848 = add %847, %845 : f32
// OUT:         store @a2[%846], %848
// OUT:         %849 = mul %837, %842 : f32
// OUT:         %850 = constant 1 : index
// OUT:         %851 = load @a2[%850] : f32
// OUT:         %852 = add %851, %849 : f32
// OUT:         store @a2[%850], %852
// OUT:         %853 = mul %837, %843 : f32
// OUT:         %854 = constant 2 : index
// OUT:         %855 = load @a2[%854] : f32
// OUT:         %856 = add %855, %853 : f32
// OUT:         store @a2[%854], %856
// OUT:         %857 = mul %837, %844 : f32
// OUT:         %858 = constant 3 : index
// OUT:         %859 = load @a2[%858] : f32
// OUT:         %860 = add %859, %857 : f32
// OUT:         store @a2[%858], %860
// OUT:         %861 = mul %838, %841 : f32
// OUT:         %862 = constant 4 : index
// OUT:         %863 = load @a2[%862] : f32
// OUT:         %864 = add %863, %861 : f32
// OUT:         store @a2[%862], %864
// OUT:         %865 = mul %838, %842 : f32
// OUT:         %866 = constant 5 : index
// OUT:         %867 = load @a2[%866] : f32
// OUT:         %868 = add %867, %865 : f32
// OUT:         store @a2[%866], %868
// OUT:         %869 = mul %838, %843 : f32
// OUT:         %870 = constant 6 : index
// OUT:         %871 = load @a2[%870] : f32
// OUT:         %872 = add %871, %869 : f32
// OUT:         store @a2[%870], %872
// OUT:         %873 = mul %838, %844 : f32
// OUT:         %874 = constant 7 : index
// OUT:         %875 = load @a2[%874] : f32
// OUT:         %876 = add %875, %873 : f32
// OUT:         store @a2[%874], %876
// OUT:         %877 = mul %839, %841 : f32
// OUT:         %878 = constant 8 : index
// OUT:         %879 = load @a2[%878] : f32
// OUT:         %880 = add %879, %877 : f32
// OUT:         store @a2[%878], %880
// OUT:         %881 = mul %839, %842 : f32
// OUT:         %882 = constant 9 : index
// OUT:         %883 = load @a2[%882] : f32
// OUT:         %884 = add %883, %881 : f32
// OUT:         store @a2[%882], %884
// OUT:         %885 = mul %839, %843 : f32
// OUT:         %886 = constant 10 : index
// OUT:         %887 = load @a2[%886] : f32
// OUT:         %888 = add %887, %885 : f32
// OUT:         store @a2[%886], %888
// OUT:         %889 = mul %839, %844 : f32
// OUT:         %890 = constant 11 : index
// OUT:         %891 = load @a2[%890] : f32
// OUT:         %892 = add %891, %889 : f32
// OUT:         store @a2[%890], %892
// OUT:         %893 = mul %840, %841 : f32
// OUT:         %894 = constant 12 : index
// OUT:         %895 = load @a2[%894] : f32
// OUT:         %896 = add %895, %893 : f32
// OUT:         store @a2[%894], %896
// OUT:         %897 = mul %840, %842 : f32
// OUT:         %898 = constant 13 : index
// OUT:         %899 = load @a2[%898] : f32
// OUT:         %900 = add %899, %897 : f32
// OUT:         store @a2[%898], %900
// OUT:         %901 = mul %840, %843 : f32
// OUT:         %902 = constant 14 : index
// OUT:         %903 = load @a2[%902] : f32
// OUT:         %904 = add %903, %901 : f32
// OUT:         store @a2[%902], %904
// OUT:         %905 = mul %840, %844 : f32
// OUT:         %906 = constant 15 : index
// OUT:         %907 = load @a2[%906] : f32
// OUT:         %908 = add %907, %905 : f32
// OUT:         store @a2[%906], %908
// OUT:         %909 = constant 7 : index
// OUT:         %910 = mul %909, %36 : index
// OUT:         %911 = add %910, %199 : index
// OUT:         %912 = add %911, %33 : index
// OUT:         %913 = constant 0 : index
// OUT:         %914 = add %912, %913 : index
// OUT:         %915 = load @a0[%914] : vector<4xf32>
// OUT:         %916 = mul %909, %37 : index
// OUT:         %917 = add %916, %200 : index
// OUT:         %918 = add %917, %34 : index
// OUT:         %919 = constant 0 : index
// OUT:         %920 = add %918, %919 : index
// OUT:         %921 = load @a1[%920] : vector<4xf32>
// OUT:         %922 = extract %915[0] : f32
// OUT:         %923 = extract %915[1] : f32
// OUT:         %924 = extract %915[2] : f32
// OUT:         %925 = extract %915[3] : f32
// OUT:         %926 = extract %921[0] : f32
// OUT:         %927 = extract %921[1] : f32
// OUT:         %928 = extract %921[2] : f32
// OUT:         %929 = extract %921[3] : f32
// OUT:         %930 = mul %922, %926 : f32
// OUT:         %931 = constant 0 : index
// OUT:         %932 = load @a2[%931] : f32
// OUT:         %933 = add %932, %930 : f32
// OUT:         store @a2[%931], %933
// OUT:         %934 = mul %922, %927 : f32
// OUT:         %935 = constant 1 : index
// OUT:         %936 = load @a2[%935] : f32
// OUT:         %937 = add %936, %934 : f32
// OUT:         store @a2[%935], %937
// OUT:         %938 = mul %922, %928 : f32
// OUT:         %939 = constant 2 : index
// OUT:         %940 = load @a2[%939] : f32
// OUT:         %941 = add %940, %938 : f32
// OUT:         store @a2[%939], %941
// OUT:         %942 = mul %922, %929 : f32
// OUT:         %943 = constant 3 : index
// OUT:         %944 = load @a2[%943] : f32
// OUT:         %945 = add %944, %942 : f32
// OUT:         store @a2[%943], %945
// OUT:         %946 = mul %923, %926 : f32
// OUT:         %947 = constant 4 : index
// OUT:         %948 = load @a2[%947] : f32
// OUT:         %949 = add %948, %946 : f32
// OUT:         store @a2[%947], %949
// OUT:         %950 = mul %923, %927 : f32
// OUT:         %951 = constant 5 : index
// OUT:         %952 = load @a2[%951] : f32
// OUT:         %953 = add %952, %950 : f32
// OUT:         store @a2[%951], %953
// OUT:         %954 = mul %923, %928 : f32
// OUT:         %955 = constant 6 : index
// OUT:         %956 = load @a2[%955] : f32
// OUT:         %957 = add %956, %954 : f32
// OUT:         store @a2[%955], %957
// OUT:         %958 = mul %923, %929 : f32
// OUT:         %959 = constant 7 : index
// OUT:         %960 = load @a2[%959] : f32
// OUT:         %961 = add %960, %958 : f32
// OUT:         store @a2[%959], %961
// OUT:         %962 = mul %924, %926 : f32
// OUT:         %963 = constant 8 : index
// OUT:         %964 = load @a2[%963] : f32
// OUT:         %965 = add %964, %962 : f32
// OUT:         store @a2[%963], %965
// OUT:         %966 = mul %924, %927 : f32
// OUT:         %967 = constant 9 : index
// OUT:         %968 = load @a2[%967] : f32
// OUT:         %969 = add %968, %966 : f32
// OUT:         store @a2[%967], %969
// OUT:         %970 = mul %924, %928 : f32
// OUT:         %971 = constant 10 : index
// OUT:         %972 = load @a2[%971] : f32
// OUT:         %973 = add %972, %970 : f32
// OUT:         store @a2[%971], %973
// OUT:         %974 = mul %924, %929 : f32
// OUT:         %975 = constant 11 : index
// OUT:         %976 = load @a2[%975] : f32
// OUT:         %977 = add %976, %974 : f32
// OUT:         store @a2[%975], %977
// OUT:         %978 = mul %925, %926 : f32
// OUT:         %979 = constant 12 : index
// OUT:         %980 = load @a2[%979] : f32
// OUT:         %981 = add %980, %978 : f32
// OUT:         store @a2[%979], %981
// OUT:         %982 = mul %925, %927 : f32
// OUT:         %983 = constant 13 : index
// OUT:         %984 = load @a2[%983] : f32
// OUT:         %985 = add %984, %982 : f32
// OUT:         store @a2[%983], %985
// OUT:         %986 = mul %925, %928 : f32
// OUT:         %987 = constant 14 : index
// OUT:         %988 = load @a2[%987] : f32
// OUT:         %989 = add %988, %986 : f32
// OUT:         store @a2[%987], %989
// OUT:         %990 = mul %925, %929 : f32
// OUT:         %991 = constant 15 : index
// OUT:         %992 = load @a2[%991] : f32
// OUT:         %993 = add %992, %990 : f32
// OUT:         store @a2[%991], %993
// OUT:         %994 = sub %39, %196 : index
// OUT:         %995 = constant 288 : index
// OUT:         %996 = constant 288 : index
// OUT:         %997 = mul %994, %995 : index
// OUT:         %998 = mul %994, %996 : index
// OUT:         %999 = extract %225[0] : f32
// OUT:         %1000 = constant 0 : index
// OUT:         %1001 = add %208, %1000 : index
// OUT:         %1002 = mul %1001, %36 : index
// OUT:         %1003 = add %1002, %205 : index
// OUT:         %1004 = add %1003, %997 : index
// OUT:         store @a0[%1004], %999
// OUT:         %1005 = extract %225[1] : f32
// OUT:         %1006 = constant 1 : index
// OUT:         %1007 = add %208, %1006 : index
// OUT:         %1008 = mul %1007, %36 : index
// OUT:         %1009 = add %1008, %205 : index
// OUT:         %1010 = add %1009, %997 : index
// OUT:         store @a0[%1010], %1005
// OUT:         %1011 = extract %225[2] : f32
// OUT:         %1012 = constant 2 : index
// OUT:         %1013 = add %208, %1012 : index
// OUT:         %1014 = mul %1013, %36 : index
// OUT:         %1015 = add %1014, %205 : index
// OUT:         %1016 = add %1015, %997 : index
// OUT:         store @a0[%1016], %1011
// OUT:         %1017 = extract %225[3] : f32
// OUT:         %1018 = constant 3 : index
// OUT:         %1019 = add %208, %1018 : index
// OUT:         %1020 = mul %1019, %36 : index
// OUT:         %1021 = add %1020, %205 : index
// OUT:         %1022 = add %1021, %997 : index
// OUT:         store @a0[%1022], %1017
// OUT:         %1023 = mul %229, %37 : index
// OUT:         %1024 = add %1023, %232 : index
// OUT:         %1025 = add %1024, %998 : index
// OUT:         store @a1[%1025], %247
// OUT:         %1026 = mul %251, %37 : index
// OUT:         %1027 = add %1026, %254 : index
// OUT:         %1028 = add %1027, %998 : index
// OUT:         store @a1[%1028], %269
// OUT:         %1029 = mul %273, %37 : index
// OUT:         %1030 = add %1029, %276 : index
// OUT:         %1031 = add %1030, %998 : index
// OUT:         store @a1[%1031], %291
// OUT:         %1032 = mul %295, %37 : index
// OUT:         %1033 = add %1032, %298 : index
// OUT:         %1034 = add %1033, %998 : index
// OUT:         store @a1[%1034], %313
// OUT:         control_barrier workgroup
// OUT:       }
// OUT:       %1035 = constant 0 : index
// OUT:       %1036 = constant 0 : index
// OUT:       %1037 = add %33, %1035 : index
// OUT:       %1038 = add %27, %1037 : index
// OUT:       %1039 = add %34, %1036 : index
// OUT:       %1040 = add %28, %1039 : index
// OUT:       %1041 = cmp lt %1038, %22 : i1
// OUT:       %1042 = cmp lt %1040, %23 : i1
// OUT:       %1043 = and %1041, %1042 : i1
// OUT:       %1044 = constant 0 : index
// OUT:       if %1043 {
// OUT:         %1045 = constant 0 : index
// OUT:         %1046 = load @a2[%1044] : f32
// OUT:         %1047 = constant 0.0 : f32
// OUT:         %1048 = add %1047, %1046 : f32
// OUT:         %1049 = load @v2[%1040] : f32
// OUT:         %1050 = add %1048, %1049 : f32
// OUT:         store @v3[%1038, %1040], %1050
// OUT:       }
// OUT:       %1051 = constant 0 : index
// OUT:       %1052 = constant 1 : index
// OUT:       %1053 = add %33, %1051 : index
// OUT:       %1054 = add %27, %1053 : index
// OUT:       %1055 = add %34, %1052 : index
// OUT:       %1056 = add %28, %1055 : index
// OUT:       %1057 = cmp lt %1054, %22 : i1
// OUT:       %1058 = cmp lt %1056, %23 : i1
// OUT:       %1059 = and %1057, %1058 : i1
// OUT:       %1060 = constant 1 : index
// OUT:       if %1059 {
// OUT:         %1061 = constant 0 : index
// OUT:         %1062 = load @a2[%1060] : f32
// OUT:         %1063 = constant 0.0 : f32
// OUT:         %1064 = add %1063, %1062 : f32
// OUT:         %1065 = load @v2[%1056] : f32
// OUT:         %1066 = add %1064, %1065 : f32
// OUT:         store @v3[%1054, %1056], %1066
// OUT:       }
// OUT:       %1067 = constant 0 : index
// OUT:       %1068 = constant 2 : index
// OUT:       %1069 = add %33, %1067 : index
// OUT:       %1070 = add %27, %1069 : index
// OUT:       %1071 = add %34, %1068 : index
// OUT:       %1072 = add %28, %1071 : index
// OUT:       %1073 = cmp lt %1070, %22 : i1
// OUT:       %1074 = cmp lt %1072, %23 : i1
// OUT:       %1075 = and %1073, %1074 : i1
// OUT:       %1076 = constant 2 : index
// OUT:       if %1075 {
// OUT:         %1077 = constant 0 : index
// OUT:         %1078 = load @a2[%1076] : f32
// OUT:         %1079 = constant 0.0 : f32
// OUT:         %1080 = add %1079, %1078 : f32
// OUT:         %1081 = load @v2[%1072] : f32
// OUT:         %1082 = add %1080, %1081 : f32
// OUT:         store @v3[%1070, %1072], %1082
// OUT:       }
// OUT:       %1083 = constant 0 : index
// OUT:       %1084 = constant 3 : index
// OUT:       %1085 = add %33, %1083 : index
// OUT:       %1086 = add %27, %1085 : index
// OUT:       %1087 = add %34, %1084 : index
// OUT:       %1088 = add %28, %1087 : index
// OUT:       %1089 = cmp lt %1086, %22 : i1
// OUT:       %1090 = cmp lt %1088, %23 : i1
// OUT:       %1091 = and %1089, %1090 : i1
// OUT:       %1092 = constant 3 : index
// OUT:       if %1091 {
// OUT:         %1093 = constant 0 : index
// OUT:         %1094 = load @a2[%1092] : f32
// OUT:         %1095 = constant 0.0 : f32
// OUT:         %1096 = add %1095, %1094 : f32
// OUT:         %1097 = load @v2[%1088] : f32
// OUT:         %1098 = add %1096, %1097 : f32
// OUT:         store @v3[%1086, %1088], %1098
// OUT:       }
// OUT:       %1099 = constant 1 : index
// OUT:       %1100 = constant 0 : index
// OUT:       %1101 = add %33, %1099 : index
// OUT:       %1102 = add %27, %1101 : index
// OUT:       %1103 = add %34, %1100 : index
// OUT:       %1104 = add %28, %1103 : index
// OUT:       %1105 = cmp lt %1102, %22 : i1
// OUT:       %1106 = cmp lt %1104, %23 : i1
// OUT:       %1107 = and %1105, %1106 : i1
// OUT:       %1108 = constant 4 : index
// OUT:       if %1107 {
// OUT:         %1109 = constant 0 : index
// OUT:         %1110 = load @a2[%1108] : f32
// OUT:         %1111 = constant 0.0 : f32
// OUT:         %1112 = add %1111, %1110 : f32
// OUT:         %1113 = load @v2[%1104] : f32
// OUT:         %1114 = add %1112, %1113 : f32
// OUT:         store @v3[%1102, %1104], %1114
// OUT:       }
// OUT:       %1115 = constant 1 : index
// OUT:       %1116 = constant 1 : index
// OUT:       %1117 = add %33, %1115 : index
// OUT:       %1118 = add %27, %1117 : index
// OUT:       %1119 = add %34, %1116 : index
// OUT:       %1120 = add %28, %1119 : index
// OUT:       %1121 = cmp lt %1118, %22 : i1
// OUT:       %1122 = cmp lt %1120, %23 : i1
// OUT:       %1123 = and %1121, %1122 : i1
// OUT:       %1124 = constant 5 : index
// OUT:       if %1123 {
// OUT:         %1125 = constant 0 : index
// OUT:         %1126 = load @a2[%1124] : f32
// OUT:         %1127 = constant 0.0 : f32
// OUT:         %1128 = add %1127, %1126 : f32
// OUT:         %1129 = load @v2[%1120] : f32
// OUT:         %1130 = add %1128, %1129 : f32
// OUT:         store @v3[%1118, %1120], %1130
// OUT:       }
// OUT:       %1131 = constant 1 : index
// OUT:       %1132 = constant 2 : index
// OUT:       %1133 = add %33, %1131 : index
// OUT:       %1134 = add %27, %1133 : index
// OUT:       %1135 = add %34, %1132 : index
// OUT:       %1136 = add %28, %1135 : index
// OUT:       %1137 = cmp lt %1134, %22 : i1
// OUT:       %1138 = cmp lt %1136, %23 : i1
// OUT:       %1139 = and %1137, %1138 : i1
// OUT:       %1140 = constant 6 : index
// OUT:       if %1139 {
// OUT:         %1141 = constant 0 : index
// OUT:         %1142 = load @a2[%1140] : f32
// OUT:         %1143 = constant 0.0 : f32
// OUT:         %1144 = add %1143, %1142 : f32
// OUT:         %1145 = load @v2[%1136] : f32
// OUT:         %1146 = add %1144, %1145 : f32
// OUT:         store @v3[%1134, %1136], %1146
// OUT:       }
// OUT:       %1147 = constant 1 : index
// OUT:       %1148 = constant 3 : index
// OUT:       %1149 = add %33, %1147 : index
// OUT:       %1150 = add %27, %1149 : index
// OUT:       %1151 = add %34, %1148 : index
// OUT:       %1152 = add %28, %1151 : index
// OUT:       %1153 = cmp lt %1150, %22 : i1
// OUT:       %1154 = cmp lt %1152, %23 : i1
// OUT:       %1155 = and %1153, %1154 : i1
// OUT:       %1156 = constant 7 : index
// OUT:       if %1155 {
// OUT:         %1157 = constant 0 : index
// OUT:         %1158 = load @a2[%1156] : f32
// OUT:         %1159 = constant 0.0 : f32
// OUT:         %1160 = add %1159, %1158 : f32
// OUT:         %1161 = load @v2[%1152] : f32
// OUT:         %1162 = add %1160, %1161 : f32
// OUT:         store @v3[%1150, %1152], %1162
// OUT:       }
// OUT:       %1163 = constant 2 : index
// OUT:       %1164 = constant 0 : index
// OUT:       %1165 = add %33, %1163 : index
// OUT:       %1166 = add %27, %1165 : index
// OUT:       %1167 = add %34, %1164 : index
// OUT:       %1168 = add %28, %1167 : index
// OUT:       %1169 = cmp lt %1166, %22 : i1
// OUT:       %1170 = cmp lt %1168, %23 : i1
// OUT:       %1171 = and %1169, %1170 : i1
// OUT:       %1172 = constant 8 : index
// OUT:       if %1171 {
// OUT:         %1173 = constant 0 : index
// OUT:         %1174 = load @a2[%1172] : f32
// OUT:         %1175 = constant 0.0 : f32
// OUT:         %1176 = add %1175, %1174 : f32
// OUT:         %1177 = load @v2[%1168] : f32
// OUT:         %1178 = add %1176, %1177 : f32
// OUT:         store @v3[%1166, %1168], %1178
// OUT:       }
// OUT:       %1179 = constant 2 : index
// OUT:       %1180 = constant 1 : index
// OUT:       %1181 = add %33, %1179 : index
// OUT:       %1182 = add %27, %1181 : index
// OUT:       %1183 = add %34, %1180 : index
// OUT:       %1184 = add %28, %1183 : index
// OUT:       %1185 = cmp lt %1182, %22 : i1
// OUT:       %1186 = cmp lt %1184, %23 : i1
// OUT:       %1187 = and %1185, %1186 : i1
// OUT:       %1188 = constant 9 : index
// OUT:       if %1187 {
// OUT:         %1189 = constant 0 : index
// OUT:         %1190 = load @a2[%1188] : f32
// OUT:         %1191 = constant 0.0 : f32
// OUT:         %1192 = add %1191, %1190 : f32
// OUT:         %1193 = load @v2[%1184] : f32
// OUT:         %1194 = add %1192, %1193 : f32
// OUT:         store @v3[%1182, %1184], %1194
// OUT:       }
// OUT:       %1195 = constant 2 : index
// OUT:       %1196 = constant 2 : index
// OUT:       %1197 = add %33, %1195 : index
// OUT:       %1198 = add %27, %1197 : index
// OUT:       %1199 = add %34, %1196 : index
// OUT:       %1200 = add %28, %1199 : index
// OUT:       %1201 = cmp lt %1198, %22 : i1
// OUT:       %1202 = cmp lt %1200, %23 : i1
// OUT:       %1203 = and %1201, %1202 : i1
// OUT:       %1204 = constant 10 : index
// OUT:       if %1203 {
// OUT:         %1205 = constant 0 : index
// OUT:         %1206 = load @a2[%1204] : f32
// OUT:         %1207 = constant 0.0 : f32
// OUT:         %1208 = add %1207, %1206 : f32
// OUT:         %1209 = load @v2[%1200] : f32
// OUT:         %1210 = add %1208, %1209 : f32
// OUT:         store @v3[%1198, %1200], %1210
// OUT:       }
// OUT:       %1211 = constant 2 : index
// OUT:       %1212 = constant 3 : index
// OUT:       %1213 = add %33, %1211 : index
// OUT:       %1214 = add %27, %1213 : index
// OUT:       %1215 = add %34, %1212 : index
// OUT:       %1216 = add %28, %1215 : index
// OUT:       %1217 = cmp lt %1214, %22 : i1
// OUT:       %1218 = cmp lt %1216, %23 : i1
// OUT:       %1219 = and %1217, %1218 : i1
// OUT:       %1220 = constant 11 : index
// OUT:       if %1219 {
// OUT:         %1221 = constant 0 : index
// OUT:         %1222 = load @a2[%1220] : f32
// OUT:         %1223 = constant 0.0 : f32
// OUT:         %1224 = add %1223, %1222 : f32
// OUT:         %1225 = load @v2[%1216] : f32
// OUT:         %1226 = add %1224, %1225 : f32
// OUT:         store @v3[%1214, %1216], %1226
// OUT:       }
// OUT:       %1227 = constant 3 : index
// OUT:       %1228 = constant 0 : index
// OUT:       %1229 = add %33, %1227 : index
// OUT:       %1230 = add %27, %1229 : index
// OUT:       %1231 = add %34, %1228 : index
// OUT:       %1232 = add %28, %1231 : index
// OUT:       %1233 = cmp lt %1230, %22 : i1
// OUT:       %1234 = cmp lt %1232, %23 : i1
// OUT:       %1235 = and %1233, %1234 : i1
// OUT:       %1236 = constant 12 : index
// OUT:       if %1235 {
// OUT:         %1237 = constant 0 : index
// OUT:         %1238 = load @a2[%1236] : f32
// OUT:         %1239 = constant 0.0 : f32
// OUT:         %1240 = add %1239, %1238 : f32
// OUT:         %1241 = load @v2[%1232] : f32
// OUT:         %1242 = add %1240, %1241 : f32
// OUT:         store @v3[%1230, %1232], %1242
// OUT:       }
// OUT:       %1243 = constant 3 : index
// OUT:       %1244 = constant 1 : index
// OUT:       %1245 = add %33, %1243 : index
// OUT:       %1246 = add %27, %1245 : index
// OUT:       %1247 = add %34, %1244 : index
// OUT:       %1248 = add %28, %1247 : index
// OUT:       %1249 = cmp lt %1246, %22 : i1
// OUT:       %1250 = cmp lt %1248, %23 : i1
// OUT:       %1251 = and %1249, %1250 : i1
// OUT:       %1252 = constant 13 : index
// OUT:       if %1251 {
// OUT:         %1253 = constant 0 : index
// OUT:         %1254 = load @a2[%1252] : f32
// OUT:         %1255 = constant 0.0 : f32
// OUT:         %1256 = add %1255, %1254 : f32
// OUT:         %1257 = load @v2[%1248] : f32
// OUT:         %1258 = add %1256, %1257 : f32
// OUT:         store @v3[%1246, %1248], %1258
// OUT:       }
// OUT:       %1259 = constant 3 : index
// OUT:       %1260 = constant 2 : index
// OUT:       %1261 = add %33, %1259 : index
// OUT:       %1262 = add %27, %1261 : index
// OUT:       %1263 = add %34, %1260 : index
// OUT:       %1264 = add %28, %1263 : index
// OUT:       %1265 = cmp lt %1262, %22 : i1
// OUT:       %1266 = cmp lt %1264, %23 : i1
// OUT:       %1267 = and %1265, %1266 : i1
// OUT:       %1268 = constant 14 : index
// OUT:       if %1267 {
// OUT:         %1269 = constant 0 : index
// OUT:         %1270 = load @a2[%1268] : f32
// OUT:         %1271 = constant 0.0 : f32
// OUT:         %1272 = add %1271, %1270 : f32
// OUT:         %1273 = load @v2[%1264] : f32
// OUT:         %1274 = add %1272, %1273 : f32
// OUT:         store @v3[%1262, %1264], %1274
// OUT:       }
// OUT:       %1275 = constant 3 : index
// OUT:       %1276 = constant 3 : index
// OUT:       %1277 = add %33, %1275 : index
// OUT:       %1278 = add %27, %1277 : index
// OUT:       %1279 = add %34, %1276 : index
// OUT:       %1280 = add %28, %1279 : index
// OUT:       %1281 = cmp lt %1278, %22 : i1
// OUT:       %1282 = cmp lt %1280, %23 : i1
// OUT:       %1283 = and %1281, %1282 : i1
// OUT:       %1284 = constant 15 : index
// OUT:       if %1283 {
// OUT:         %1285 = constant 0 : index
// OUT:         %1286 = load @a2[%1284] : f32
// OUT:         %1287 = constant 0.0 : f32
// OUT:         %1288 = add %1287, %1286 : f32
// OUT:         %1289 = load @v2[%1280] : f32
// OUT:         %1290 = add %1288, %1289 : f32
// OUT:         store @v3[%1278, %1280], %1290
// OUT:       }
// OUT:     }
// OUT:   }
// OUT: }

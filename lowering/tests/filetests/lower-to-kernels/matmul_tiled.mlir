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
// OUT:       %36 = constant 8 : index
// OUT:       %37 = constant 36 : index
// OUT:       %38 = constant 36 : index
// OUT:       %39 = constant 0 : index
// OUT:       %40 = add %i4, %39 : index
// OUT:       %41 = constant 2 : index
// OUT:       %42 = div %40, %41 : index
// OUT:       %43 = rem %40, %41 : index
// OUT:       %44 = constant 4 : index
// OUT:       %45 = mul %43, %44 : index
// OUT:       %46 = add %27, %42 : index
// OUT:       %47 = add %35, %45 : index
// OUT:       %48 = cmp lt %46, %22 : i1
// OUT:       %49 = cmp lt %47, %24 : i1
// OUT:       %50 = and %48, %49 : i1
// OUT:       %51 = constant 1 : index
// OUT:       %52 = sub %22, %51 : index
// OUT:       %53 = sub %24, %51 : index
// OUT:       %54 = min %46, %52 : index
// OUT:       %55 = min %47, %53 : index
// OUT:       %56 = constant 0 : index
// OUT:       %57 = constant 0 : index
// OUT:       %58 = load @v0[%54, %55] : vector<4xf32>
// OUT:       %59 = splat %50 : vector<4xi1>
// OUT:       %60 = constant 0.0 : f32
// OUT:       %61 = splat %60 : vector<4xf32>
// OUT:       %62 = select %59, %58, %61 : vector<4xf32>
// OUT:       %63 = constant 0 : index
// OUT:       %64 = add %i4, %63 : index
// OUT:       %65 = constant 32 : index
// OUT:       %66 = div %64, %65 : index
// OUT:       %67 = rem %64, %65 : index
// OUT:       %68 = constant 1 : index
// OUT:       %69 = mul %67, %68 : index
// OUT:       %70 = add %28, %69 : index
// OUT:       %71 = add %35, %66 : index
// OUT:       %72 = cmp lt %70, %23 : i1
// OUT:       %73 = cmp lt %71, %24 : i1
// OUT:       %74 = and %72, %73 : i1
// OUT:       %75 = constant 1 : index
// OUT:       %76 = sub %23, %75 : index
// OUT:       %77 = sub %24, %75 : index
// OUT:       %78 = min %70, %76 : index
// OUT:       %79 = min %71, %77 : index
// OUT:       %80 = constant 0 : index
// OUT:       %81 = constant 0 : index
// OUT:       %82 = load @v1[%79, %78] : f32
// OUT:       %83 = constant 0.0 : f32
// OUT:       %84 = select %74, %82, %83 : f32
// OUT:       %85 = constant 64 : index
// OUT:       %86 = add %i4, %85 : index
// OUT:       %87 = constant 32 : index
// OUT:       %88 = div %86, %87 : index
// OUT:       %89 = rem %86, %87 : index
// OUT:       %90 = constant 1 : index
// OUT:       %91 = mul %89, %90 : index
// OUT:       %92 = add %28, %91 : index
// OUT:       %93 = add %35, %88 : index
// OUT:       %94 = cmp lt %92, %23 : i1
// OUT:       %95 = cmp lt %93, %24 : i1
// OUT:       %96 = and %94, %95 : i1
// OUT:       %97 = constant 1 : index
// OUT:       %98 = sub %23, %97 : index
// OUT:       %99 = sub %24, %97 : index
// OUT:       %100 = min %92, %98 : index
// OUT:       %101 = min %93, %99 : index
// OUT:       %102 = constant 0 : index
// OUT:       %103 = constant 0 : index
// OUT:       %104 = load @v1[%101, %100] : f32
// OUT:       %105 = constant 0.0 : f32
// OUT:       %106 = select %96, %104, %105 : f32
// OUT:       %107 = constant 128 : index
// OUT:       %108 = add %i4, %107 : index
// OUT:       %109 = constant 32 : index
// OUT:       %110 = div %108, %109 : index
// OUT:       %111 = rem %108, %109 : index
// OUT:       %112 = constant 1 : index
// OUT:       %113 = mul %111, %112 : index
// OUT:       %114 = add %28, %113 : index
// OUT:       %115 = add %35, %110 : index
// OUT:       %116 = cmp lt %114, %23 : i1
// OUT:       %117 = cmp lt %115, %24 : i1
// OUT:       %118 = and %116, %117 : i1
// OUT:       %119 = constant 1 : index
// OUT:       %120 = sub %23, %119 : index
// OUT:       %121 = sub %24, %119 : index
// OUT:       %122 = min %114, %120 : index
// OUT:       %123 = min %115, %121 : index
// OUT:       %124 = constant 0 : index
// OUT:       %125 = constant 0 : index
// OUT:       %126 = load @v1[%123, %122] : f32
// OUT:       %127 = constant 0.0 : f32
// OUT:       %128 = select %118, %126, %127 : f32
// OUT:       %129 = constant 192 : index
// OUT:       %130 = add %i4, %129 : index
// OUT:       %131 = constant 32 : index
// OUT:       %132 = div %130, %131 : index
// OUT:       %133 = rem %130, %131 : index
// OUT:       %134 = constant 1 : index
// OUT:       %135 = mul %133, %134 : index
// OUT:       %136 = add %28, %135 : index
// OUT:       %137 = add %35, %132 : index
// OUT:       %138 = cmp lt %136, %23 : i1
// OUT:       %139 = cmp lt %137, %24 : i1
// OUT:       %140 = and %138, %139 : i1
// OUT:       %141 = constant 1 : index
// OUT:       %142 = sub %23, %141 : index
// OUT:       %143 = sub %24, %141 : index
// OUT:       %144 = min %136, %142 : index
// OUT:       %145 = min %137, %143 : index
// OUT:       %146 = constant 0 : index
// OUT:       %147 = constant 0 : index
// OUT:       %148 = load @v1[%145, %144] : f32
// OUT:       %149 = constant 0.0 : f32
// OUT:       %150 = select %140, %148, %149 : f32
// OUT:       %151 = constant 288 : index
// OUT:       %152 = constant 288 : index
// OUT:       %153 = mul %35, %151 : index
// OUT:       %154 = mul %35, %152 : index
// OUT:       %155 = extract %62[0] : f32
// OUT:       %156 = constant 0 : index
// OUT:       %157 = add %45, %156 : index
// OUT:       %158 = mul %157, %37 : index
// OUT:       %159 = add %158, %42 : index
// OUT:       %160 = add %159, %153 : index
// OUT:       store @a0[%160], %155
// OUT:       %161 = extract %62[1] : f32
// OUT:       %162 = constant 1 : index
// OUT:       %163 = add %45, %162 : index
// OUT:       %164 = mul %163, %37 : index
// OUT:       %165 = add %164, %42 : index
// OUT:       %166 = add %165, %153 : index
// OUT:       store @a0[%166], %161
// OUT:       %167 = extract %62[2] : f32
// OUT:       %168 = constant 2 : index
// OUT:       %169 = add %45, %168 : index
// OUT:       %170 = mul %169, %37 : index
// OUT:       %171 = add %170, %42 : index
// OUT:       %172 = add %171, %153 : index
// OUT:       store @a0[%172], %167
// OUT:       %173 = extract %62[3] : f32
// OUT:       %174 = constant 3 : index
// OUT:       %175 = add %45, %174 : index
// OUT:       %176 = mul %175, %37 : index
// OUT:       %177 = add %176, %42 : index
// OUT:       %178 = add %177, %153 : index
// OUT:       store @a0[%178], %173
// OUT:       %179 = mul %66, %38 : index
// OUT:       %180 = add %179, %69 : index
// OUT:       %181 = add %180, %154 : index
// OUT:       store @a1[%181], %84
// OUT:       %182 = mul %88, %38 : index
// OUT:       %183 = add %182, %91 : index
// OUT:       %184 = add %183, %154 : index
// OUT:       store @a1[%184], %106
// OUT:       %185 = mul %110, %38 : index
// OUT:       %186 = add %185, %113 : index
// OUT:       %187 = add %186, %154 : index
// OUT:       store @a1[%187], %128
// OUT:       %188 = mul %132, %38 : index
// OUT:       %189 = add %188, %135 : index
// OUT:       %190 = add %189, %154 : index
// OUT:       store @a1[%190], %150
// OUT:       control_barrier workgroup
// OUT:       %191 = constant 2 : index
// OUT:       for %k192 = %35 to %24 step %36 {
// OUT:         %193 = div %k192, %36 : index
// OUT:         %194 = rem %193, %191 : index
// OUT:         %195 = constant 288 : index
// OUT:         %196 = constant 288 : index
// OUT:         %197 = mul %194, %195 : index
// OUT:         %198 = mul %194, %196 : index
// OUT:         %199 = add %k192, %36 : index
// OUT:         %200 = constant 0 : index
// OUT:         %201 = add %i4, %200 : index
// OUT:         %202 = constant 2 : index
// OUT:         %203 = div %201, %202 : index
// OUT:         %204 = rem %201, %202 : index
// OUT:         %205 = constant 4 : index
// OUT:         %206 = mul %204, %205 : index
// OUT:         %207 = add %27, %203 : index
// OUT:         %208 = add %199, %206 : index
// OUT:         %209 = cmp lt %207, %22 : i1
// OUT:         %210 = cmp lt %208, %24 : i1
// OUT:         %211 = and %209, %210 : i1
// OUT:         %212 = constant 1 : index
// OUT:         %213 = sub %22, %212 : index
// OUT:         %214 = sub %24, %212 : index
// OUT:         %215 = min %207, %213 : index
// OUT:         %216 = min %208, %214 : index
// OUT:         %217 = constant 0 : index
// OUT:         %218 = constant 0 : index
// OUT:         %219 = load @v0[%215, %216] : vector<4xf32>
// OUT:         %220 = splat %211 : vector<4xi1>
// OUT:         %221 = constant 0.0 : f32
// OUT:         %222 = splat %221 : vector<4xf32>
// OUT:         %223 = select %220, %219, %222 : vector<4xf32>
// OUT:         %224 = constant 0 : index
// OUT:         %225 = add %i4, %224 : index
// OUT:         %226 = constant 32 : index
// OUT:         %227 = div %225, %226 : index
// OUT:         %228 = rem %225, %226 : index
// OUT:         %229 = constant 1 : index
// OUT:         %230 = mul %228, %229 : index
// OUT:         %231 = add %28, %230 : index
// OUT:         %232 = add %199, %227 : index
// OUT:         %233 = cmp lt %231, %23 : i1
// OUT:         %234 = cmp lt %232, %24 : i1
// OUT:         %235 = and %233, %234 : i1
// OUT:         %236 = constant 1 : index
// OUT:         %237 = sub %23, %236 : index
// OUT:         %238 = sub %24, %236 : index
// OUT:         %239 = min %231, %237 : index
// OUT:         %240 = min %232, %238 : index
// OUT:         %241 = constant 0 : index
// OUT:         %242 = constant 0 : index
// OUT:         %243 = load @v1[%240, %239] : f32
// OUT:         %244 = constant 0.0 : f32
// OUT:         %245 = select %235, %243, %244 : f32
// OUT:         %246 = constant 64 : index
// OUT:         %247 = add %i4, %246 : index
// OUT:         %248 = constant 32 : index
// OUT:         %249 = div %247, %248 : index
// OUT:         %250 = rem %247, %248 : index
// OUT:         %251 = constant 1 : index
// OUT:         %252 = mul %250, %251 : index
// OUT:         %253 = add %28, %252 : index
// OUT:         %254 = add %199, %249 : index
// OUT:         %255 = cmp lt %253, %23 : i1
// OUT:         %256 = cmp lt %254, %24 : i1
// OUT:         %257 = and %255, %256 : i1
// OUT:         %258 = constant 1 : index
// OUT:         %259 = sub %23, %258 : index
// OUT:         %260 = sub %24, %258 : index
// OUT:         %261 = min %253, %259 : index
// OUT:         %262 = min %254, %260 : index
// OUT:         %263 = constant 0 : index
// OUT:         %264 = constant 0 : index
// OUT:         %265 = load @v1[%262, %261] : f32
// OUT:         %266 = constant 0.0 : f32
// OUT:         %267 = select %257, %265, %266 : f32
// OUT:         %268 = constant 128 : index
// OUT:         %269 = add %i4, %268 : index
// OUT:         %270 = constant 32 : index
// OUT:         %271 = div %269, %270 : index
// OUT:         %272 = rem %269, %270 : index
// OUT:         %273 = constant 1 : index
// OUT:         %274 = mul %272, %273 : index
// OUT:         %275 = add %28, %274 : index
// OUT:         %276 = add %199, %271 : index
// OUT:         %277 = cmp lt %275, %23 : i1
// OUT:         %278 = cmp lt %276, %24 : i1
// OUT:         %279 = and %277, %278 : i1
// OUT:         %280 = constant 1 : index
// OUT:         %281 = sub %23, %280 : index
// OUT:         %282 = sub %24, %280 : index
// OUT:         %283 = min %275, %281 : index
// OUT:         %284 = min %276, %282 : index
// OUT:         %285 = constant 0 : index
// OUT:         %286 = constant 0 : index
// OUT:         %287 = load @v1[%284, %283] : f32
// OUT:         %288 = constant 0.0 : f32
// OUT:         %289 = select %279, %287, %288 : f32
// OUT:         %290 = constant 192 : index
// OUT:         %291 = add %i4, %290 : index
// OUT:         %292 = constant 32 : index
// OUT:         %293 = div %291, %292 : index
// OUT:         %294 = rem %291, %292 : index
// OUT:         %295 = constant 1 : index
// OUT:         %296 = mul %294, %295 : index
// OUT:         %297 = add %28, %296 : index
// OUT:         %298 = add %199, %293 : index
// OUT:         %299 = cmp lt %297, %23 : i1
// OUT:         %300 = cmp lt %298, %24 : i1
// OUT:         %301 = and %299, %300 : i1
// OUT:         %302 = constant 1 : index
// OUT:         %303 = sub %23, %302 : index
// OUT:         %304 = sub %24, %302 : index
// OUT:         %305 = min %297, %303 : index
// OUT:         %306 = min %298, %304 : index
// OUT:         %307 = constant 0 : index
// OUT:         %308 = constant 0 : index
// OUT:         %309 = load @v1[%306, %305] : f32
// OUT:         %310 = constant 0.0 : f32
// OUT:         %311 = select %301, %309, %310 : f32
// OUT:         %312 = constant 1 : index
// OUT:         for %k313 = %35 to %36 step %312 {
// OUT:           %314 = mul %k313, %37 : index
// OUT:           %315 = add %314, %197 : index
// OUT:           %316 = add %315, %33 : index
// OUT:           %317 = constant 0 : index
// OUT:           %318 = add %316, %317 : index
// OUT:           %319 = load @a0[%318] : vector<4xf32>
// OUT:           %320 = mul %k313, %38 : index
// OUT:           %321 = add %320, %198 : index
// OUT:           %322 = add %321, %34 : index
// OUT:           %323 = constant 0 : index
// OUT:           %324 = add %322, %323 : index
// OUT:           %325 = load @a1[%324] : vector<4xf32>
// OUT:           %326 = extract %319[0] : f32
// OUT:           %327 = extract %319[1] : f32
// OUT:           %328 = extract %319[2] : f32
// OUT:           %329 = extract %319[3] : f32
// OUT:           %330 = extract %325[0] : f32
// OUT:           %331 = extract %325[1] : f32
// OUT:           %332 = extract %325[2] : f32
// OUT:           %333 = extract %325[3] : f32
// OUT:           %334 = mul %326, %330 : f32
// OUT:           %335 = constant 0 : index
// OUT:           %336 = load @a2[%335] : f32
// OUT:           %337 = add %336, %334 : f32
// OUT:           store @a2[%335], %337
// OUT:           %338 = mul %326, %331 : f32
// OUT:           %339 = constant 1 : index
// OUT:           %340 = load @a2[%339] : f32
// OUT:           %341 = add %340, %338 : f32
// OUT:           store @a2[%339], %341
// OUT:           %342 = mul %326, %332 : f32
// OUT:           %343 = constant 2 : index
// OUT:           %344 = load @a2[%343] : f32
// OUT:           %345 = add %344, %342 : f32
// OUT:           store @a2[%343], %345
// OUT:           %346 = mul %326, %333 : f32
// OUT:           %347 = constant 3 : index
// OUT:           %348 = load @a2[%347] : f32
// OUT:           %349 = add %348, %346 : f32
// OUT:           store @a2[%347], %349
// OUT:           %350 = mul %327, %330 : f32
// OUT:           %351 = constant 4 : index
// OUT:           %352 = load @a2[%351] : f32
// OUT:           %353 = add %352, %350 : f32
// OUT:           store @a2[%351], %353
// OUT:           %354 = mul %327, %331 : f32
// OUT:           %355 = constant 5 : index
// OUT:           %356 = load @a2[%355] : f32
// OUT:           %357 = add %356, %354 : f32
// OUT:           store @a2[%355], %357
// OUT:           %358 = mul %327, %332 : f32
// OUT:           %359 = constant 6 : index
// OUT:           %360 = load @a2[%359] : f32
// OUT:           %361 = add %360, %358 : f32
// OUT:           store @a2[%359], %361
// OUT:           %362 = mul %327, %333 : f32
// OUT:           %363 = constant 7 : index
// OUT:           %364 = load @a2[%363] : f32
// OUT:           %365 = add %364, %362 : f32
// OUT:           store @a2[%363], %365
// OUT:           %366 = mul %328, %330 : f32
// OUT:           %367 = constant 8 : index
// OUT:           %368 = load @a2[%367] : f32
// OUT:           %369 = add %368, %366 : f32
// OUT:           store @a2[%367], %369
// OUT:           %370 = mul %328, %331 : f32
// OUT:           %371 = constant 9 : index
// OUT:           %372 = load @a2[%371] : f32
// OUT:           %373 = add %372, %370 : f32
// OUT:           store @a2[%371], %373
// OUT:           %374 = mul %328, %332 : f32
// OUT:           %375 = constant 10 : index
// OUT:           %376 = load @a2[%375] : f32
// OUT:           %377 = add %376, %374 : f32
// OUT:           store @a2[%375], %377
// OUT:           %378 = mul %328, %333 : f32
// OUT:           %379 = constant 11 : index
// OUT:           %380 = load @a2[%379] : f32
// OUT:           %381 = add %380, %378 : f32
// OUT:           store @a2[%379], %381
// OUT:           %382 = mul %329, %330 : f32
// OUT:           %383 = constant 12 : index
// OUT:           %384 = load @a2[%383] : f32
// OUT:           %385 = add %384, %382 : f32
// OUT:           store @a2[%383], %385
// OUT:           %386 = mul %329, %331 : f32
// OUT:           %387 = constant 13 : index
// OUT:           %388 = load @a2[%387] : f32
// OUT:           %389 = add %388, %386 : f32
// OUT:           store @a2[%387], %389
// OUT:           %390 = mul %329, %332 : f32
// OUT:           %391 = constant 14 : index
// OUT:           %392 = load @a2[%391] : f32
// OUT:           %393 = add %392, %390 : f32
// OUT:           store @a2[%391], %393
// OUT:           %394 = mul %329, %333 : f32
// OUT:           %395 = constant 15 : index
// OUT:           %396 = load @a2[%395] : f32
// OUT:           %397 = add %396, %394 : f32
// OUT:           store @a2[%395], %397
// OUT:         }
// OUT:         %398 = sub %312, %194 : index
// OUT:         %399 = constant 288 : index
// OUT:         %400 = constant 288 : index
// OUT:         %401 = mul %398, %399 : index
// OUT:         %402 = mul %398, %400 : index
// OUT:         %403 = extract %223[0] : f32
// OUT:         %404 = constant 0 : index
// OUT:         %405 = add %206, %404 : index
// OUT:         %406 = mul %405, %37 : index
// OUT:         %407 = add %406, %203 : index
// OUT:         %408 = add %407, %401 : index
// OUT:         store @a0[%408], %403
// OUT:         %409 = extract %223[1] : f32
// OUT:         %410 = constant 1 : index
// OUT:         %411 = add %206, %410 : index
// OUT:         %412 = mul %411, %37 : index
// OUT:         %413 = add %412, %203 : index
// OUT:         %414 = add %413, %401 : index
// OUT:         store @a0[%414], %409
// OUT:         %415 = extract %223[2] : f32
// OUT:         %416 = constant 2 : index
// OUT:         %417 = add %206, %416 : index
// OUT:         %418 = mul %417, %37 : index
// OUT:         %419 = add %418, %203 : index
// OUT:         %420 = add %419, %401 : index
// OUT:         store @a0[%420], %415
// OUT:         %421 = extract %223[3] : f32
// OUT:         %422 = constant 3 : index
// OUT:         %423 = add %206, %422 : index
// OUT:         %424 = mul %423, %37 : index
// OUT:         %425 = add %424, %203 : index
// OUT:         %426 = add %425, %401 : index
// OUT:         store @a0[%426], %421
// OUT:         %427 = mul %227, %38 : index
// OUT:         %428 = add %427, %230 : index
// OUT:         %429 = add %428, %402 : index
// OUT:         store @a1[%429], %245
// OUT:         %430 = mul %249, %38 : index
// OUT:         %431 = add %430, %252 : index
// OUT:         %432 = add %431, %402 : index
// OUT:         store @a1[%432], %267
// OUT:         %433 = mul %271, %38 : index
// OUT:         %434 = add %433, %274 : index
// OUT:         %435 = add %434, %402 : index
// OUT:         store @a1[%435], %289
// OUT:         %436 = mul %293, %38 : index
// OUT:         %437 = add %436, %296 : index
// OUT:         %438 = add %437, %402 : index
// OUT:         store @a1[%438], %311
// OUT:         control_barrier workgroup
// OUT:       }
// OUT:       %439 = constant 0 : index
// OUT:       %440 = constant 0 : index
// OUT:       %441 = add %33, %439 : index
// OUT:       %442 = add %27, %441 : index
// OUT:       %443 = add %34, %440 : index
// OUT:       %444 = add %28, %443 : index
// OUT:       %445 = cmp lt %442, %22 : i1
// OUT:       %446 = cmp lt %444, %23 : i1
// OUT:       %447 = and %445, %446 : i1
// OUT:       %448 = constant 0 : index
// OUT:       if %447 {
// OUT:         %449 = constant 0 : index
// OUT:         %450 = load @a2[%448] : f32
// OUT:         %451 = constant 0.0 : f32
// OUT:         %452 = add %451, %450 : f32
// OUT:         %453 = load @v2[%444] : f32
// OUT:         %454 = add %452, %453 : f32
// OUT:         store @v3[%442, %444], %454
// OUT:       }
// OUT:       %455 = constant 0 : index
// OUT:       %456 = constant 1 : index
// OUT:       %457 = add %33, %455 : index
// OUT:       %458 = add %27, %457 : index
// OUT:       %459 = add %34, %456 : index
// OUT:       %460 = add %28, %459 : index
// OUT:       %461 = cmp lt %458, %22 : i1
// OUT:       %462 = cmp lt %460, %23 : i1
// OUT:       %463 = and %461, %462 : i1
// OUT:       %464 = constant 1 : index
// OUT:       if %463 {
// OUT:         %465 = constant 0 : index
// OUT:         %466 = load @a2[%464] : f32
// OUT:         %467 = constant 0.0 : f32
// OUT:         %468 = add %467, %466 : f32
// OUT:         %469 = load @v2[%460] : f32
// OUT:         %470 = add %468, %469 : f32
// OUT:         store @v3[%458, %460], %470
// OUT:       }
// OUT:       %471 = constant 0 : index
// OUT:       %472 = constant 2 : index
// OUT:       %473 = add %33, %471 : index
// OUT:       %474 = add %27, %473 : index
// OUT:       %475 = add %34, %472 : index
// OUT:       %476 = add %28, %475 : index
// OUT:       %477 = cmp lt %474, %22 : i1
// OUT:       %478 = cmp lt %476, %23 : i1
// OUT:       %479 = and %477, %478 : i1
// OUT:       %480 = constant 2 : index
// OUT:       if %479 {
// OUT:         %481 = constant 0 : index
// OUT:         %482 = load @a2[%480] : f32
// OUT:         %483 = constant 0.0 : f32
// OUT:         %484 = add %483, %482 : f32
// OUT:         %485 = load @v2[%476] : f32
// OUT:         %486 = add %484, %485 : f32
// OUT:         store @v3[%474, %476], %486
// OUT:       }
// OUT:       %487 = constant 0 : index
// OUT:       %488 = constant 3 : index
// OUT:       %489 = add %33, %487 : index
// OUT:       %490 = add %27, %489 : index
// OUT:       %491 = add %34, %488 : index
// OUT:       %492 = add %28, %491 : index
// OUT:       %493 = cmp lt %490, %22 : i1
// OUT:       %494 = cmp lt %492, %23 : i1
// OUT:       %495 = and %493, %494 : i1
// OUT:       %496 = constant 3 : index
// OUT:       if %495 {
// OUT:         %497 = constant 0 : index
// OUT:         %498 = load @a2[%496] : f32
// OUT:         %499 = constant 0.0 : f32
// OUT:         %500 = add %499, %498 : f32
// OUT:         %501 = load @v2[%492] : f32
// OUT:         %502 = add %500, %501 : f32
// OUT:         store @v3[%490, %492], %502
// OUT:       }
// OUT:       %503 = constant 1 : index
// OUT:       %504 = constant 0 : index
// OUT:       %505 = add %33, %503 : index
// OUT:       %506 = add %27, %505 : index
// OUT:       %507 = add %34, %504 : index
// OUT:       %508 = add %28, %507 : index
// OUT:       %509 = cmp lt %506, %22 : i1
// OUT:       %510 = cmp lt %508, %23 : i1
// OUT:       %511 = and %509, %510 : i1
// OUT:       %512 = constant 4 : index
// OUT:       if %511 {
// OUT:         %513 = constant 0 : index
// OUT:         %514 = load @a2[%512] : f32
// OUT:         %515 = constant 0.0 : f32
// OUT:         %516 = add %515, %514 : f32
// OUT:         %517 = load @v2[%508] : f32
// OUT:         %518 = add %516, %517 : f32
// OUT:         store @v3[%506, %508], %518
// OUT:       }
// OUT:       %519 = constant 1 : index
// OUT:       %520 = constant 1 : index
// OUT:       %521 = add %33, %519 : index
// OUT:       %522 = add %27, %521 : index
// OUT:       %523 = add %34, %520 : index
// OUT:       %524 = add %28, %523 : index
// OUT:       %525 = cmp lt %522, %22 : i1
// OUT:       %526 = cmp lt %524, %23 : i1
// OUT:       %527 = and %525, %526 : i1
// OUT:       %528 = constant 5 : index
// OUT:       if %527 {
// OUT:         %529 = constant 0 : index
// OUT:         %530 = load @a2[%528] : f32
// OUT:         %531 = constant 0.0 : f32
// OUT:         %532 = add %531, %530 : f32
// OUT:         %533 = load @v2[%524] : f32
// OUT:         %534 = add %532, %533 : f32
// OUT:         store @v3[%522, %524], %534
// OUT:       }
// OUT:       %535 = constant 1 : index
// OUT:       %536 = constant 2 : index
// OUT:       %537 = add %33, %535 : index
// OUT:       %538 = add %27, %537 : index
// OUT:       %539 = add %34, %536 : index
// OUT:       %540 = add %28, %539 : index
// OUT:       %541 = cmp lt %538, %22 : i1
// OUT:       %542 = cmp lt %540, %23 : i1
// OUT:       %543 = and %541, %542 : i1
// OUT:       %544 = constant 6 : index
// OUT:       if %543 {
// OUT:         %545 = constant 0 : index
// OUT:         %546 = load @a2[%544] : f32
// OUT:         %547 = constant 0.0 : f32
// OUT:         %548 = add %547, %546 : f32
// OUT:         %549 = load @v2[%540] : f32
// OUT:         %550 = add %548, %549 : f32
// OUT:         store @v3[%538, %540], %550
// OUT:       }
// OUT:       %551 = constant 1 : index
// OUT:       %552 = constant 3 : index
// OUT:       %553 = add %33, %551 : index
// OUT:       %554 = add %27, %553 : index
// OUT:       %555 = add %34, %552 : index
// OUT:       %556 = add %28, %555 : index
// OUT:       %557 = cmp lt %554, %22 : i1
// OUT:       %558 = cmp lt %556, %23 : i1
// OUT:       %559 = and %557, %558 : i1
// OUT:       %560 = constant 7 : index
// OUT:       if %559 {
// OUT:         %561 = constant 0 : index
// OUT:         %562 = load @a2[%560] : f32
// OUT:         %563 = constant 0.0 : f32
// OUT:         %564 = add %563, %562 : f32
// OUT:         %565 = load @v2[%556] : f32
// OUT:         %566 = add %564, %565 : f32
// OUT:         store @v3[%554, %556], %566
// OUT:       }
// OUT:       %567 = constant 2 : index
// OUT:       %568 = constant 0 : index
// OUT:       %569 = add %33, %567 : index
// OUT:       %570 = add %27, %569 : index
// OUT:       %571 = add %34, %568 : index
// OUT:       %572 = add %28, %571 : index
// OUT:       %573 = cmp lt %570, %22 : i1
// OUT:       %574 = cmp lt %572, %23 : i1
// OUT:       %575 = and %573, %574 : i1
// OUT:       %576 = constant 8 : index
// OUT:       if %575 {
// OUT:         %577 = constant 0 : index
// OUT:         %578 = load @a2[%576] : f32
// OUT:         %579 = constant 0.0 : f32
// OUT:         %580 = add %579, %578 : f32
// OUT:         %581 = load @v2[%572] : f32
// OUT:         %582 = add %580, %581 : f32
// OUT:         store @v3[%570, %572], %582
// OUT:       }
// OUT:       %583 = constant 2 : index
// OUT:       %584 = constant 1 : index
// OUT:       %585 = add %33, %583 : index
// OUT:       %586 = add %27, %585 : index
// OUT:       %587 = add %34, %584 : index
// OUT:       %588 = add %28, %587 : index
// OUT:       %589 = cmp lt %586, %22 : i1
// OUT:       %590 = cmp lt %588, %23 : i1
// OUT:       %591 = and %589, %590 : i1
// OUT:       %592 = constant 9 : index
// OUT:       if %591 {
// OUT:         %593 = constant 0 : index
// OUT:         %594 = load @a2[%592] : f32
// OUT:         %595 = constant 0.0 : f32
// OUT:         %596 = add %595, %594 : f32
// OUT:         %597 = load @v2[%588] : f32
// OUT:         %598 = add %596, %597 : f32
// OUT:         store @v3[%586, %588], %598
// OUT:       }
// OUT:       %599 = constant 2 : index
// OUT:       %600 = constant 2 : index
// OUT:       %601 = add %33, %599 : index
// OUT:       %602 = add %27, %601 : index
// OUT:       %603 = add %34, %600 : index
// OUT:       %604 = add %28, %603 : index
// OUT:       %605 = cmp lt %602, %22 : i1
// OUT:       %606 = cmp lt %604, %23 : i1
// OUT:       %607 = and %605, %606 : i1
// OUT:       %608 = constant 10 : index
// OUT:       if %607 {
// OUT:         %609 = constant 0 : index
// OUT:         %610 = load @a2[%608] : f32
// OUT:         %611 = constant 0.0 : f32
// OUT:         %612 = add %611, %610 : f32
// OUT:         %613 = load @v2[%604] : f32
// OUT:         %614 = add %612, %613 : f32
// OUT:         store @v3[%602, %604], %614
// OUT:       }
// OUT:       %615 = constant 2 : index
// OUT:       %616 = constant 3 : index
// OUT:       %617 = add %33, %615 : index
// OUT:       %618 = add %27, %617 : index
// OUT:       %619 = add %34, %616 : index
// OUT:       %620 = add %28, %619 : index
// OUT:       %621 = cmp lt %618, %22 : i1
// OUT:       %622 = cmp lt %620, %23 : i1
// OUT:       %623 = and %621, %622 : i1
// OUT:       %624 = constant 11 : index
// OUT:       if %623 {
// OUT:         %625 = constant 0 : index
// OUT:         %626 = load @a2[%624] : f32
// OUT:         %627 = constant 0.0 : f32
// OUT:         %628 = add %627, %626 : f32
// OUT:         %629 = load @v2[%620] : f32
// OUT:         %630 = add %628, %629 : f32
// OUT:         store @v3[%618, %620], %630
// OUT:       }
// OUT:       %631 = constant 3 : index
// OUT:       %632 = constant 0 : index
// OUT:       %633 = add %33, %631 : index
// OUT:       %634 = add %27, %633 : index
// OUT:       %635 = add %34, %632 : index
// OUT:       %636 = add %28, %635 : index
// OUT:       %637 = cmp lt %634, %22 : i1
// OUT:       %638 = cmp lt %636, %23 : i1
// OUT:       %639 = and %637, %638 : i1
// OUT:       %640 = constant 12 : index
// OUT:       if %639 {
// OUT:         %641 = constant 0 : index
// OUT:         %642 = load @a2[%640] : f32
// OUT:         %643 = constant 0.0 : f32
// OUT:         %644 = add %643, %642 : f32
// OUT:         %645 = load @v2[%636] : f32
// OUT:         %646 = add %644, %645 : f32
// OUT:         store @v3[%634, %636], %646
// OUT:       }
// OUT:       %647 = constant 3 : index
// OUT:       %648 = constant 1 : index
// OUT:       %649 = add %33, %647 : index
// OUT:       %650 = add %27, %649 : index
// OUT:       %651 = add %34, %648 : index
// OUT:       %652 = add %28, %651 : index
// OUT:       %653 = cmp lt %650, %22 : i1
// OUT:       %654 = cmp lt %652, %23 : i1
// OUT:       %655 = and %653, %654 : i1
// OUT:       %656 = constant 13 : index
// OUT:       if %655 {
// OUT:         %657 = constant 0 : index
// OUT:         %658 = load @a2[%656] : f32
// OUT:         %659 = constant 0.0 : f32
// OUT:         %660 = add %659, %658 : f32
// OUT:         %661 = load @v2[%652] : f32
// OUT:         %662 = add %660, %661 : f32
// OUT:         store @v3[%650, %652], %662
// OUT:       }
// OUT:       %663 = constant 3 : index
// OUT:       %664 = constant 2 : index
// OUT:       %665 = add %33, %663 : index
// OUT:       %666 = add %27, %665 : index
// OUT:       %667 = add %34, %664 : index
// OUT:       %668 = add %28, %667 : index
// OUT:       %669 = cmp lt %666, %22 : i1
// OUT:       %670 = cmp lt %668, %23 : i1
// OUT:       %671 = and %669, %670 : i1
// OUT:       %672 = constant 14 : index
// OUT:       if %671 {
// OUT:         %673 = constant 0 : index
// OUT:         %674 = load @a2[%672] : f32
// OUT:         %675 = constant 0.0 : f32
// OUT:         %676 = add %675, %674 : f32
// OUT:         %677 = load @v2[%668] : f32
// OUT:         %678 = add %676, %677 : f32
// OUT:         store @v3[%666, %668], %678
// OUT:       }
// OUT:       %679 = constant 3 : index
// OUT:       %680 = constant 3 : index
// OUT:       %681 = add %33, %679 : index
// OUT:       %682 = add %27, %681 : index
// OUT:       %683 = add %34, %680 : index
// OUT:       %684 = add %28, %683 : index
// OUT:       %685 = cmp lt %682, %22 : i1
// OUT:       %686 = cmp lt %684, %23 : i1
// OUT:       %687 = and %685, %686 : i1
// OUT:       %688 = constant 15 : index
// OUT:       if %687 {
// OUT:         %689 = constant 0 : index
// OUT:         %690 = load @a2[%688] : f32
// OUT:         %691 = constant 0.0 : f32
// OUT:         %692 = add %691, %690 : f32
// OUT:         %693 = load @v2[%684] : f32
// OUT:         %694 = add %692, %693 : f32
// OUT:         store @v3[%682, %684], %694
// OUT:       }
// OUT:     }
// OUT:   }
// OUT: }

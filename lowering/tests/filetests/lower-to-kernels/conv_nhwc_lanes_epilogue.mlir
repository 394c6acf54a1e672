// RUN: lower-to-kernels target=vulkan1.1 matmul-tiles=32x32x8/4x4
// An NHWC 1x1 conv (40 output channels, a multiple of 4) with a [C, 1, 1] bias and a relu: the
// epilogue runs on four columns at a time, as vectors (the register tile's accumulators loaded
// as a vec4, the bias read with one vec4 load through a view without its unit dims, one vec4
// store per row and column block), guarded once per four columns.
func.func @main(%x: tensor<1x5x5x12xf32>, %w: tensor<1x1x12x40xf32>, %bias: tensor<40x1x1xf32>) -> tensor<1x5x5x40xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x5x5x40xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x5x5x40xf32>) -> tensor<1x5x5x40xf32>
  %c = linalg.conv_2d_nhwc_hwcf {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x5x5x12xf32>, tensor<1x1x12x40xf32>) outs(%f : tensor<1x5x5x40xf32>) -> tensor<1x5x5x40xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d3, 0, 0)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %bias : tensor<1x5x5x40xf32>, tensor<40x1x1xf32>) outs(%e : tensor<1x5x5x40xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %sum = arith.addf %a, %s : f32
    %m = arith.maximumf %sum, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x5x5x40xf32>
  return %r : tensor<1x5x5x40xf32>
}
// OUT: kernel @dispatch_0_contraction local_size [64, 1, 1] workgroup_count [1, 1, 1] {
// OUT:   binding #0 = set 0 binding 0 readonly f32 buffer 0 "input0"
// OUT:   binding #1 = set 0 binding 1 readonly f32 buffer 1 "input1"
// OUT:   binding #2 = set 0 binding 2 readonly f32 buffer 2 "input2"
// OUT:   binding #3 = set 0 binding 3 writeonly f32 buffer 3 "output0"
// OUT:   view @v0 = #0 offset 0 shape [1, 5, 5, 12] strides [300, 60, 12, 1]
// OUT:   view @v1 = #1 offset 0 shape [1, 1, 12, 40] strides [480, 480, 40, 1]
// OUT:   view @v2 = #2 offset 0 shape [40, 1, 1] strides [1, 1, 1]
// OUT:   view @v3 = #3 offset 0 shape [1, 5, 5, 40] strides [1000, 200, 40, 1]
// OUT:   view @v4 = #2 offset 0 shape [40] strides [1]
// OUT:   alloc @a0 = workgroup f32[576] "lhs_tile"
// OUT:   alloc @a1 = workgroup f32[576] "rhs_tile"
// OUT:   alloc @a2 = function f32[16] "acc"
// OUT:   %0 = constant 1 : index
// OUT:   %1 = constant 2 : index
// OUT:   parallel workgroup (%i2, %i3) < (%0, %1) {
// OUT:     %4 = constant 64 : index
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
// OUT:       %23 = constant 25 : index
// OUT:       %24 = constant 40 : index
// OUT:       %25 = constant 12 : index
// OUT:       %26 = constant 32 : index
// OUT:       %27 = constant 32 : index
// OUT:       %28 = mul %i2, %26 : index
// OUT:       %29 = mul %i3, %27 : index
// OUT:       %30 = constant 8 : index
// OUT:       %31 = div %i5, %30 : index
// OUT:       %32 = rem %i5, %30 : index
// OUT:       %33 = constant 4 : index
// OUT:       %34 = mul %31, %33 : index
// OUT:       %35 = mul %32, %33 : index
// OUT:       %36 = constant 36 : index
// OUT:       %37 = constant 36 : index
// OUT:       %38 = constant 0 : index
// OUT:       %39 = constant 1 : index
// OUT:       %40 = constant 2 : index
// OUT:       %41 = constant 8 : index
// OUT:       %42 = constant 0 : index
// OUT:       %43 = constant 1 : index
// OUT:       %44 = sub %25, %43 : index
// OUT:       %45 = constant 2 : index
// OUT:       %46 = constant 4 : index
// OUT:       %47 = sub %23, %43 : index
// OUT:       %48 = constant 0 : index
// OUT:       %49 = add %i5, %48 : index
// OUT:       %50 = div %49, %45 : index
// OUT:       %51 = rem %49, %45 : index
// OUT:       %52 = mul %51, %46 : index
// OUT:       %53 = add %28, %50 : index
// OUT:       %54 = add %38, %52 : index
// OUT:       %55 = cmp lt %53, %23 : i1
// OUT:       %56 = cmp lt %54, %25 : i1
// OUT:       %57 = and %55, %56 : i1
// OUT:       %58 = min %53, %47 : index
// OUT:       %59 = min %54, %44 : index
// OUT:       %60 = constant 0 : index
// OUT:       %61 = constant 5 : index
// OUT:       %62 = rem %58, %61 : index
// OUT:       %63 = div %58, %61 : index
// OUT:       %64 = rem %63, %61 : index
// OUT:       %65 = div %63, %61 : index
// OUT:       %66 = rem %59, %25 : index
// OUT:       %67 = div %59, %25 : index
// OUT:       %68 = rem %67, %0 : index
// OUT:       %69 = div %67, %0 : index
// OUT:       %70 = add %64, %69 : index
// OUT:       %71 = add %62, %68 : index
// OUT:       %72 = load @v0[%65, %70, %71, %66] : vector<4xf32>
// OUT:       %73 = splat %57 : vector<4xi1>
// OUT:       %74 = constant 0.0 : f32
// OUT:       %75 = splat %74 : vector<4xf32>
// OUT:       %76 = select %73, %72, %75 : vector<4xf32>
// OUT:       %77 = constant 8 : index
// OUT:       %78 = constant 4 : index
// OUT:       %79 = sub %24, %43 : index
// OUT:       %80 = constant 0 : index
// OUT:       %81 = add %i5, %80 : index
// OUT:       %82 = div %81, %77 : index
// OUT:       %83 = rem %81, %77 : index
// OUT:       %84 = mul %83, %78 : index
// OUT:       %85 = add %29, %84 : index
// OUT:       %86 = add %38, %82 : index
// OUT:       %87 = cmp lt %85, %24 : i1
// OUT:       %88 = cmp lt %86, %25 : i1
// OUT:       %89 = and %87, %88 : i1
// OUT:       %90 = min %85, %79 : index
// OUT:       %91 = min %86, %44 : index
// OUT:       %92 = constant 0 : index
// OUT:       %93 = rem %42, %61 : index
// OUT:       %94 = div %42, %61 : index
// OUT:       %95 = rem %94, %61 : index
// OUT:       %96 = div %94, %61 : index
// OUT:       %97 = rem %91, %25 : index
// OUT:       %98 = div %91, %25 : index
// OUT:       %99 = rem %98, %0 : index
// OUT:       %100 = div %98, %0 : index
// OUT:       %101 = load @v1[%100, %99, %97, %90] : vector<4xf32>
// OUT:       %102 = splat %89 : vector<4xi1>
// OUT:       %103 = constant 0.0 : f32
// OUT:       %104 = splat %103 : vector<4xf32>
// OUT:       %105 = select %102, %101, %104 : vector<4xf32>
// OUT:       %106 = constant 288 : index
// OUT:       %107 = constant 288 : index
// OUT:       %108 = mul %38, %106 : index
// OUT:       %109 = mul %38, %107 : index
// OUT:       %110 = extract %76[0] : f32
// OUT:       %111 = constant 0 : index
// OUT:       %112 = add %52, %111 : index
// OUT:       %113 = mul %112, %36 : index
// OUT:       %114 = add %113, %50 : index
// OUT:       %115 = add %114, %108 : index
// OUT:       store @a0[%115], %110
// OUT:       %116 = extract %76[1] : f32
// OUT:       %117 = constant 1 : index
// OUT:       %118 = add %52, %117 : index
// OUT:       %119 = mul %118, %36 : index
// OUT:       %120 = add %119, %50 : index
// OUT:       %121 = add %120, %108 : index
// OUT:       store @a0[%121], %116
// OUT:       %122 = extract %76[2] : f32
// OUT:       %123 = constant 2 : index
// OUT:       %124 = add %52, %123 : index
// OUT:       %125 = mul %124, %36 : index
// OUT:       %126 = add %125, %50 : index
// OUT:       %127 = add %126, %108 : index
// OUT:       store @a0[%127], %122
// OUT:       %128 = extract %76[3] : f32
// OUT:       %129 = constant 3 : index
// OUT:       %130 = add %52, %129 : index
// OUT:       %131 = mul %130, %36 : index
// OUT:       %132 = add %131, %50 : index
// OUT:       %133 = add %132, %108 : index
// OUT:       store @a0[%133], %128
// OUT:       %134 = mul %82, %37 : index
// OUT:       %135 = add %134, %84 : index
// OUT:       %136 = add %135, %109 : index
// OUT:       store @a1[%136], %105
// OUT:       control_barrier workgroup
// OUT:       for %k137 = %38 to %25 step %41 {
// OUT:         %138 = div %k137, %41 : index
// OUT:         %139 = rem %138, %40 : index
// OUT:         %140 = constant 288 : index
// OUT:         %141 = constant 288 : index
// OUT:         %142 = mul %139, %140 : index
// OUT:         %143 = mul %139, %141 : index
// OUT:         %144 = add %k137, %41 : index
// OUT:         %145 = constant 0 : index
// OUT:         %146 = constant 1 : index
// OUT:         %147 = sub %25, %146 : index
// OUT:         %148 = constant 2 : index
// OUT:         %149 = constant 4 : index
// OUT:         %150 = sub %23, %146 : index
// OUT:         %151 = constant 0 : index
// OUT:         %152 = add %i5, %151 : index
// OUT:         %153 = div %152, %148 : index
// OUT:         %154 = rem %152, %148 : index
// OUT:         %155 = mul %154, %149 : index
// OUT:         %156 = add %28, %153 : index
// OUT:         %157 = add %144, %155 : index
// OUT:         %158 = cmp lt %156, %23 : i1
// OUT:         %159 = cmp lt %157, %25 : i1
// OUT:         %160 = and %158, %159 : i1
// OUT:         %161 = min %156, %150 : index
// OUT:         %162 = min %157, %147 : index
// OUT:         %163 = constant 0 : index
// OUT:         %164 = rem %161, %61 : index
// OUT:         %165 = div %161, %61 : index
// OUT:         %166 = rem %165, %61 : index
// OUT:         %167 = div %165, %61 : index
// OUT:         %168 = rem %162, %25 : index
// OUT:         %169 = div %162, %25 : index
// OUT:         %170 = rem %169, %0 : index
// OUT:         %171 = div %169, %0 : index
// OUT:         %172 = add %166, %171 : index
// OUT:         %173 = add %164, %170 : index
// OUT:         %174 = load @v0[%167, %172, %173, %168] : vector<4xf32>
// OUT:         %175 = splat %160 : vector<4xi1>
// OUT:         %176 = constant 0.0 : f32
// OUT:         %177 = splat %176 : vector<4xf32>
// OUT:         %178 = select %175, %174, %177 : vector<4xf32>
// OUT:         %179 = constant 8 : index
// OUT:         %180 = constant 4 : index
// OUT:         %181 = sub %24, %146 : index
// OUT:         %182 = constant 0 : index
// OUT:         %183 = add %i5, %182 : index
// OUT:         %184 = div %183, %179 : index
// OUT:         %185 = rem %183, %179 : index
// OUT:         %186 = mul %185, %180 : index
// OUT:         %187 = add %29, %186 : index
// OUT:         %188 = add %144, %184 : index
// OUT:         %189 = cmp lt %187, %24 : i1
// OUT:         %190 = cmp lt %188, %25 : i1
// OUT:         %191 = and %189, %190 : i1
// OUT:         %192 = min %187, %181 : index
// OUT:         %193 = min %188, %147 : index
// OUT:         %194 = constant 0 : index
// OUT:         %195 = rem %145, %61 : index
// OUT:         %196 = div %145, %61 : index
// OUT:         %197 = rem %196, %61 : index
// OUT:         %198 = div %196, %61 : index
// OUT:         %199 = rem %193, %25 : index
// OUT:         %200 = div %193, %25 : index
// OUT:         %201 = rem %200, %0 : index
// OUT:         %202 = div %200, %0 : index
// OUT:         %203 = load @v1[%202, %201, %199, %192] : vector<4xf32>
// OUT:         %204 = splat %191 : vector<4xi1>
// OUT:         %205 = constant 0.0 : f32
// OUT:         %206 = splat %205 : vector<4xf32>
// OUT:         %207 = select %204, %203, %206 : vector<4xf32>
// OUT:         %208 = constant 0 : index
// OUT:         %209 = mul %208, %36 : index
// OUT:         %210 = add %209, %142 : index
// OUT:         %211 = add %210, %34 : index
// OUT:         %212 = constant 0 : index
// OUT:         %213 = add %211, %212 : index
// OUT:         %214 = load @a0[%213] : vector<4xf32>
// OUT:         %215 = mul %208, %37 : index
// OUT:         %216 = add %215, %143 : index
// OUT:         %217 = add %216, %35 : index
// OUT:         %218 = constant 0 : index
// OUT:         %219 = add %217, %218 : index
// OUT:         %220 = load @a1[%219] : vector<4xf32>
// OUT:         %221 = extract %214[0] : f32
// OUT:         %222 = extract %214[1] : f32
// OUT:         %223 = extract %214[2] : f32
// OUT:         %224 = extract %214[3] : f32
// OUT:         %225 = extract %220[0] : f32
// OUT:         %226 = extract %220[1] : f32
// OUT:         %227 = extract %220[2] : f32
// OUT:         %228 = extract %220[3] : f32
// OUT:         %229 = mul %221, %225 : f32
// OUT:         %230 = constant 0 : index
// OUT:         %231 = load @a2[%230] : f32
// OUT:         %232 = add %231, %229 : f32
// OUT:         store @a2[%230], %232
// OUT:         %233 = mul %221, %226 : f32
// OUT:         %234 = constant 1 : index
// OUT:         %235 = load @a2[%234] : f32
// OUT:         %236 = add %235, %233 : f32
// OUT:         store @a2[%234], %236
// OUT:         %237 = mul %221, %227 : f32
// OUT:         %238 = constant 2 : index
// OUT:         %239 = load @a2[%238] : f32
// OUT:         %240 = add %239, %237 : f32
// OUT:         store @a2[%238], %240
// OUT:         %241 = mul %221, %228 : f32
// OUT:         %242 = constant 3 : index
// OUT:         %243 = load @a2[%242] : f32
// OUT:         %244 = add %243, %241 : f32
// OUT:         store @a2[%242], %244
// OUT:         %245 = mul %222, %225 : f32
// OUT:         %246 = constant 4 : index
// OUT:         %247 = load @a2[%246] : f32
// OUT:         %248 = add %247, %245 : f32
// OUT:         store @a2[%246], %248
// OUT:         %249 = mul %222, %226 : f32
// OUT:         %250 = constant 5 : index
// OUT:         %251 = load @a2[%250] : f32
// OUT:         %252 = add %251, %249 : f32
// OUT:         store @a2[%250], %252
// OUT:         %253 = mul %222, %227 : f32
// OUT:         %254 = constant 6 : index
// OUT:         %255 = load @a2[%254] : f32
// OUT:         %256 = add %255, %253 : f32
// OUT:         store @a2[%254], %256
// OUT:         %257 = mul %222, %228 : f32
// OUT:         %258 = constant 7 : index
// OUT:         %259 = load @a2[%258] : f32
// OUT:         %260 = add %259, %257 : f32
// OUT:         store @a2[%258], %260
// OUT:         %261 = mul %223, %225 : f32
// OUT:         %262 = constant 8 : index
// OUT:         %263 = load @a2[%262] : f32
// OUT:         %264 = add %263, %261 : f32
// OUT:         store @a2[%262], %264
// OUT:         %265 = mul %223, %226 : f32
// OUT:         %266 = constant 9 : index
// OUT:         %267 = load @a2[%266] : f32
// OUT:         %268 = add %267, %265 : f32
// OUT:         store @a2[%266], %268
// OUT:         %269 = mul %223, %227 : f32
// OUT:         %270 = constant 10 : index
// OUT:         %271 = load @a2[%270] : f32
// OUT:         %272 = add %271, %269 : f32
// OUT:         store @a2[%270], %272
// OUT:         %273 = mul %223, %228 : f32
// OUT:         %274 = constant 11 : index
// OUT:         %275 = load @a2[%274] : f32
// OUT:         %276 = add %275, %273 : f32
// OUT:         store @a2[%274], %276
// OUT:         %277 = mul %224, %225 : f32
// OUT:         %278 = constant 12 : index
// OUT:         %279 = load @a2[%278] : f32
// OUT:         %280 = add %279, %277 : f32
// OUT:         store @a2[%278], %280
// OUT:         %281 = mul %224, %226 : f32
// OUT:         %282 = constant 13 : index
// OUT:         %283 = load @a2[%282] : f32
// OUT:         %284 = add %283, %281 : f32
// OUT:         store @a2[%282], %284
// OUT:         %285 = mul %224, %227 : f32
// OUT:         %286 = constant 14 : index
// OUT:         %287 = load @a2[%286] : f32
// OUT:         %288 = add %287, %285 : f32
// OUT:         store @a2[%286], %288
// OUT:         %289 = mul %224, %228 : f32
// OUT:         %290 = constant 15 : index
// OUT:         %291 = load @a2[%290] : f32
// OUT:         %292 = add %291, %289 : f32
// OUT:         store @a2[%290], %292
// OUT:         %293 = constant 1 : index
// OUT:         %294 = mul %293, %36 : index
// OUT:         %295 = add %294, %142 : index
// OUT:         %296 = add %295, %34 : index
// OUT:         %297 = constant 0 : index
// OUT:         %298 = add %296, %297 : index
// OUT:         %299 = load @a0[%298] : vector<4xf32>
// OUT:         %300 = mul %293, %37 : index
// OUT:         %301 = add %300, %143 : index
// OUT:         %302 = add %301, %35 : index
// OUT:         %303 = constant 0 : index
// OUT:         %304 = add %302, %303 : index
// OUT:         %305 = load @a1[%304] : vector<4xf32>
// OUT:         %306 = extract %299[0] : f32
// OUT:         %307 = extract %299[1] : f32
// OUT:         %308 = extract %299[2] : f32
// OUT:         %309 = extract %299[3] : f32
// OUT:         %310 = extract %305[0] : f32
// OUT:         %311 = extract %305[1] : f32
// OUT:         %312 = extract %305[2] : f32
// OUT:         %313 = extract %305[3] : f32
// OUT:         %314 = mul %306, %310 : f32
// OUT:         %315 = constant 0 : index
// OUT:         %316 = load @a2[%315] : f32
// OUT:         %317 = add %316, %314 : f32
// OUT:         store @a2[%315], %317
// OUT:         %318 = mul %306, %311 : f32
// OUT:         %319 = constant 1 : index
// OUT:         %320 = load @a2[%319] : f32
// OUT:         %321 = add %320, %318 : f32
// OUT:         store @a2[%319], %321
// OUT:         %322 = mul %306, %312 : f32
// OUT:         %323 = constant 2 : index
// OUT:         %324 = load @a2[%323] : f32
// OUT:         %325 = add %324, %322 : f32
// OUT:         store @a2[%323], %325
// OUT:         %326 = mul %306, %313 : f32
// OUT:         %327 = constant 3 : index
// OUT:         %328 = load @a2[%327] : f32
// OUT:         %329 = add %328, %326 : f32
// OUT:         store @a2[%327], %329
// OUT:         %330 = mul %307, %310 : f32
// OUT:         %331 = constant 4 : index
// OUT:         %332 = load @a2[%331] : f32
// OUT:         %333 = add %332, %330 : f32
// OUT:         store @a2[%331], %333
// OUT:         %334 = mul %307, %311 : f32
// OUT:         %335 = constant 5 : index
// OUT:         %336 = load @a2[%335] : f32
// OUT:         %337 = add %336, %334 : f32
// OUT:         store @a2[%335], %337
// OUT:         %338 = mul %307, %312 : f32
// OUT:         %339 = constant 6 : index
// OUT:         %340 = load @a2[%339] : f32
// OUT:         %341 = add %340, %338 : f32
// OUT:         store @a2[%339], %341
// OUT:         %342 = mul %307, %313 : f32
// OUT:         %343 = constant 7 : index
// OUT:         %344 = load @a2[%343] : f32
// OUT:         %345 = add %344, %342 : f32
// OUT:         store @a2[%343], %345
// OUT:         %346 = mul %308, %310 : f32
// OUT:         %347 = constant 8 : index
// OUT:         %348 = load @a2[%347] : f32
// OUT:         %349 = add %348, %346 : f32
// OUT:         store @a2[%347], %349
// OUT:         %350 = mul %308, %311 : f32
// OUT:         %351 = constant 9 : index
// OUT:         %352 = load @a2[%351] : f32
// OUT:         %353 = add %352, %350 : f32
// OUT:         store @a2[%351], %353
// OUT:         %354 = mul %308, %312 : f32
// OUT:         %355 = constant 10 : index
// OUT:         %356 = load @a2[%355] : f32
// OUT:         %357 = add %356, %354 : f32
// OUT:         store @a2[%355], %357
// OUT:         %358 = mul %308, %313 : f32
// OUT:         %359 = constant 11 : index
// OUT:         %360 = load @a2[%359] : f32
// OUT:         %361 = add %360, %358 : f32
// OUT:         store @a2[%359], %361
// OUT:         %362 = mul %309, %310 : f32
// OUT:         %363 = constant 12 : index
// OUT:         %364 = load @a2[%363] : f32
// OUT:         %365 = add %364, %362 : f32
// OUT:         store @a2[%363], %365
// OUT:         %366 = mul %309, %311 : f32
// OUT:         %367 = constant 13 : index
// OUT:         %368 = load @a2[%367] : f32
// OUT:         %369 = add %368, %366 : f32
// OUT:         store @a2[%367], %369
// OUT:         %370 = mul %309, %312 : f32
// OUT:         %371 = constant 14 : index
// OUT:         %372 = load @a2[%371] : f32
// OUT:         %373 = add %372, %370 : f32
// OUT:         store @a2[%371], %373
// OUT:         %374 = mul %309, %313 : f32
// OUT:         %375 = constant 15 : index
// OUT:         %376 = load @a2[%375] : f32
// OUT:         %377 = add %376, %374 : f32
// OUT:         store @a2[%375], %377
// OUT:         %378 = constant 2 : index
// OUT:         %379 = mul %378, %36 : index
// OUT:         %380 = add %379, %142 : index
// OUT:         %381 = add %380, %34 : index
// OUT:         %382 = constant 0 : index
// OUT:         %383 = add %381, %382 : index
// OUT:         %384 = load @a0[%383] : vector<4xf32>
// OUT:         %385 = mul %378, %37 : index
// OUT:         %386 = add %385, %143 : index
// OUT:         %387 = add %386, %35 : index
// OUT:         %388 = constant 0 : index
// OUT:         %389 = add %387, %388 : index
// OUT:         %390 = load @a1[%389] : vector<4xf32>
// OUT:         %391 = extract %384[0] : f32
// OUT:         %392 = extract %384[1] : f32
// OUT:         %393 = extract %384[2] : f32
// OUT:         %394 = extract %384[3] : f32
// OUT:         %395 = extract %390[0] : f32
// OUT:         %396 = extract %390[1] : f32
// OUT:         %397 = extract %390[2] : f32
// OUT:         %398 = extract %390[3] : f32
// OUT:         %399 = mul %391, %395 : f32
// OUT:         %400 = constant 0 : index
// OUT:         %401 = load @a2[%400] : f32
// OUT:         %402 = add %401, %399 : f32
// OUT:         store @a2[%400], %402
// OUT:         %403 = mul %391, %396 : f32
// OUT:         %404 = constant 1 : index
// OUT:         %405 = load @a2[%404] : f32
// OUT:         %406 = add %405, %403 : f32
// OUT:         store @a2[%404], %406
// OUT:         %407 = mul %391, %397 : f32
// OUT:         %408 = constant 2 : index
// OUT:         %409 = load @a2[%408] : f32
// OUT:         %410 = add %409, %407 : f32
// OUT:         store @a2[%408], %410
// OUT:         %411 = mul %391, %398 : f32
// OUT:         %412 = constant 3 : index
// OUT:         %413 = load @a2[%412] : f32
// OUT:         %414 = add %413, %411 : f32
// OUT:         store @a2[%412], %414
// OUT:         %415 = mul %392, %395 : f32
// OUT:         %416 = constant 4 : index
// OUT:         %417 = load @a2[%416] : f32
// OUT:         %418 = add %417, %415 : f32
// OUT:         store @a2[%416], %418
// OUT:         %419 = mul %392, %396 : f32
// OUT:         %420 = constant 5 : index
// OUT:         %421 = load @a2[%420] : f32
// OUT:         %422 = add %421, %419 : f32
// OUT:         store @a2[%420], %422
// OUT:         %423 = mul %392, %397 : f32
// OUT:         %424 = constant 6 : index
// OUT:         %425 = load @a2[%424] : f32
// OUT:         %426 = add %425, %423 : f32
// OUT:         store @a2[%424], %426
// OUT:         %427 = mul %392, %398 : f32
// OUT:         %428 = constant 7 : index
// OUT:         %429 = load @a2[%428] : f32
// OUT:         %430 = add %429, %427 : f32
// OUT:         store @a2[%428], %430
// OUT:         %431 = mul %393, %395 : f32
// OUT:         %432 = constant 8 : index
// OUT:         %433 = load @a2[%432] : f32
// OUT:         %434 = add %433, %431 : f32
// OUT:         store @a2[%432], %434
// OUT:         %435 = mul %393, %396 : f32
// OUT:         %436 = constant 9 : index
// OUT:         %437 = load @a2[%436] : f32
// OUT:         %438 = add %437, %435 : f32
// OUT:         store @a2[%436], %438
// OUT:         %439 = mul %393, %397 : f32
// OUT:         %440 = constant 10 : index
// OUT:         %441 = load @a2[%440] : f32
// OUT:         %442 = add %441, %439 : f32
// OUT:         store @a2[%440], %442
// OUT:         %443 = mul %393, %398 : f32
// OUT:         %444 = constant 11 : index
// OUT:         %445 = load @a2[%444] : f32
// OUT:         %446 = add %445, %443 : f32
// OUT:         store @a2[%444], %446
// OUT:         %447 = mul %394, %395 : f32
// OUT:         %448 = constant 12 : index
// OUT:         %449 = load @a2[%448] : f32
// OUT:         %450 = add %449, %447 : f32
// OUT:         store @a2[%448], %450
// OUT:         %451 = mul %394, %396 : f32
// OUT:         %452 = constant 13 : index
// OUT:         %453 = load @a2[%452] : f32
// OUT:         %454 = add %453, %451 : f32
// OUT:         store @a2[%452], %454
// OUT:         %455 = mul %394, %397 : f32
// OUT:         %456 = constant 14 : index
// OUT:         %457 = load @a2[%456] : f32
// OUT:         %458 = add %457, %455 : f32
// OUT:         store @a2[%456], %458
// OUT:         %459 = mul %394, %398 : f32
// OUT:         %460 = constant 15 : index
// OUT:         %461 = load @a2[%460] : f32
// OUT:         %462 = add %461, %459 : f32
// OUT:         store @a2[%460], %462
// OUT:         %463 = constant 3 : index
// OUT:         %464 = mul %463, %36 : index
// OUT:         %465 = add %464, %142 : index
// OUT:         %466 = add %465, %34 : index
// OUT:         %467 = constant 0 : index
// OUT:         %468 = add %466, %467 : index
// OUT:         %469 = load @a0[%468] : vector<4xf32>
// OUT:         %470 = mul %463, %37 : index
// OUT:         %471 = add %470, %143 : index
// OUT:         %472 = add %471, %35 : index
// OUT:         %473 = constant 0 : index
// OUT:         %474 = add %472, %473 : index
// OUT:         %475 = load @a1[%474] : vector<4xf32>
// OUT:         %476 = extract %469[0] : f32
// OUT:         %477 = extract %469[1] : f32
// OUT:         %478 = extract %469[2] : f32
// OUT:         %479 = extract %469[3] : f32
// OUT:         %480 = extract %475[0] : f32
// OUT:         %481 = extract %475[1] : f32
// OUT:         %482 = extract %475[2] : f32
// OUT:         %483 = extract %475[3] : f32
// OUT:         %484 = mul %476, %480 : f32
// OUT:         %485 = constant 0 : index
// OUT:         %486 = load @a2[%485] : f32
// OUT:         %487 = add %486, %484 : f32
// OUT:         store @a2[%485], %487
// OUT:         %488 = mul %476, %481 : f32
// OUT:         %489 = constant 1 : index
// OUT:         %490 = load @a2[%489] : f32
// OUT:         %491 = add %490, %488 : f32
// OUT:         store @a2[%489], %491
// OUT:         %492 = mul %476, %482 : f32
// OUT:         %493 = constant 2 : index
// OUT:         %494 = load @a2[%493] : f32
// OUT:         %495 = add %494, %492 : f32
// OUT:         store @a2[%493], %495
// OUT:         %496 = mul %476, %483 : f32
// OUT:         %497 = constant 3 : index
// OUT:         %498 = load @a2[%497] : f32
// OUT:         %499 = add %498, %496 : f32
// OUT:         store @a2[%497], %499
// OUT:         %500 = mul %477, %480 : f32
// OUT:         %501 = constant 4 : index
// OUT:         %502 = load @a2[%501] : f32
// OUT:         %503 = add %502, %500 : f32
// OUT:         store @a2[%501], %503
// OUT:         %504 = mul %477, %481 : f32
// OUT:         %505 = constant 5 : index
// OUT:         %506 = load @a2[%505] : f32
// OUT:         %507 = add %506, %504 : f32
// OUT:         store @a2[%505], %507
// OUT:         %508 = mul %477, %482 : f32
// OUT:         %509 = constant 6 : index
// OUT:         %510 = load @a2[%509] : f32
// OUT:         %511 = add %510, %508 : f32
// OUT:         store @a2[%509], %511
// OUT:         %512 = mul %477, %483 : f32
// OUT:         %513 = constant 7 : index
// OUT:         %514 = load @a2[%513] : f32
// OUT:         %515 = add %514, %512 : f32
// OUT:         store @a2[%513], %515
// OUT:         %516 = mul %478, %480 : f32
// OUT:         %517 = constant 8 : index
// OUT:         %518 = load @a2[%517] : f32
// OUT:         %519 = add %518, %516 : f32
// OUT:         store @a2[%517], %519
// OUT:         %520 = mul %478, %481 : f32
// OUT:         %521 = constant 9 : index
// OUT:         %522 = load @a2[%521] : f32
// OUT:         %523 = add %522, %520 : f32
// OUT:         store @a2[%521], %523
// OUT:         %524 = mul %478, %482 : f32
// OUT:         %525 = constant 10 : index
// OUT:         %526 = load @a2[%525] : f32
// OUT:         %527 = add %526, %524 : f32
// OUT:         store @a2[%525], %527
// OUT:         %528 = mul %478, %483 : f32
// OUT:         %529 = constant 11 : index
// OUT:         %530 = load @a2[%529] : f32
// OUT:         %531 = add %530, %528 : f32
// OUT:         store @a2[%529], %531
// OUT:         %532 = mul %479, %480 : f32
// OUT:         %533 = constant 12 : index
// OUT:         %534 = load @a2[%533] : f32
// OUT:         %535 = add %534, %532 : f32
// OUT:         store @a2[%533], %535
// OUT:         %536 = mul %479, %481 : f32
// OUT:         %537 = constant 13 : index
// OUT:         %538 = load @a2[%537] : f32
// OUT:         %539 = add %538, %536 : f32
// OUT:         store @a2[%537], %539
// OUT:         %540 = mul %479, %482 : f32
// OUT:         %541 = constant 14 : index
// OUT:         %542 = load @a2[%541] : f32
// OUT:         %543 = add %542, %540 : f32
// OUT:         store @a2[%541], %543
// OUT:         %544 = mul %479, %483 : f32
// OUT:         %545 = constant 15 : index
// OUT:         %546 = load @a2[%545] : f32
// OUT:         %547 = add %546, %544 : f32
// OUT:         store @a2[%545], %547
// OUT:         %548 = constant 4 : index
// OUT:         %549 = mul %548, %36 : index
// OUT:         %550 = add %549, %142 : index
// OUT:         %551 = add %550, %34 : index
// OUT:         %552 = constant 0 : index
// OUT:         %553 = add %551, %552 : index
// OUT:         %554 = load @a0[%553] : vector<4xf32>
// OUT:         %555 = mul %548, %37 : index
// OUT:         %556 = add %555, %143 : index
// OUT:         %557 = add %556, %35 : index
// OUT:         %558 = constant 0 : index
// OUT:         %559 = add %557, %558 : index
// OUT:         %560 = load @a1[%559] : vector<4xf32>
// OUT:         %561 = extract %554[0] : f32
// OUT:         %562 = extract %554[1] : f32
// OUT:         %563 = extract %554[2] : f32
// OUT:         %564 = extract %554[3] : f32
// OUT:         %565 = extract %560[0] : f32
// OUT:         %566 = extract %560[1] : f32
// OUT:         %567 = extract %560[2] : f32
// OUT:         %568 = extract %560[3] : f32
// OUT:         %569 = mul %561, %565 : f32
// OUT:         %570 = constant 0 : index
// OUT:         %571 = load @a2[%570] : f32
// OUT:         %572 = add %571, %569 : f32
// OUT:         store @a2[%570], %572
// OUT:         %573 = mul %561, %566 : f32
// OUT:         %574 = constant 1 : index
// OUT:         %575 = load @a2[%574] : f32
// OUT:         %576 = add %575, %573 : f32
// OUT:         store @a2[%574], %576
// OUT:         %577 = mul %561, %567 : f32
// OUT:         %578 = constant 2 : index
// OUT:         %579 = load @a2[%578] : f32
// OUT:         %580 = add %579, %577 : f32
// OUT:         store @a2[%578], %580
// OUT:         %581 = mul %561, %568 : f32
// OUT:         %582 = constant 3 : index
// OUT:         %583 = load @a2[%582] : f32
// OUT:         %584 = add %583, %581 : f32
// OUT:         store @a2[%582], %584
// OUT:         %585 = mul %562, %565 : f32
// OUT:         %586 = constant 4 : index
// OUT:         %587 = load @a2[%586] : f32
// OUT:         %588 = add %587, %585 : f32
// OUT:         store @a2[%586], %588
// OUT:         %589 = mul %562, %566 : f32
// OUT:         %590 = constant 5 : index
// OUT:         %591 = load @a2[%590] : f32
// OUT:         %592 = add %591, %589 : f32
// OUT:         store @a2[%590], %592
// OUT:         %593 = mul %562, %567 : f32
// OUT:         %594 = constant 6 : index
// OUT:         %595 = load @a2[%594] : f32
// OUT:         %596 = add %595, %593 : f32
// OUT:         store @a2[%594], %596
// OUT:         %597 = mul %562, %568 : f32
// OUT:         %598 = constant 7 : index
// OUT:         %599 = load @a2[%598] : f32
// OUT:         %600 = add %599, %597 : f32
// OUT:         store @a2[%598], %600
// OUT:         %601 = mul %563, %565 : f32
// OUT:         %602 = constant 8 : index
// OUT:         %603 = load @a2[%602] : f32
// OUT:         %604 = add %603, %601 : f32
// OUT:         store @a2[%602], %604
// OUT:         %605 = mul %563, %566 : f32
// OUT:         %606 = constant 9 : index
// OUT:         %607 = load @a2[%606] : f32
// OUT:         %608 = add %607, %605 : f32
// OUT:         store @a2[%606], %608
// OUT:         %609 = mul %563, %567 : f32
// OUT:         %610 = constant 10 : index
// OUT:         %611 = load @a2[%610] : f32
// OUT:         %612 = add %611, %609 : f32
// OUT:         store @a2[%610], %612
// OUT:         %613 = mul %563, %568 : f32
// OUT:         %614 = constant 11 : index
// OUT:         %615 = load @a2[%614] : f32
// OUT:         %616 = add %615, %613 : f32
// OUT:         store @a2[%614], %616
// OUT:         %617 = mul %564, %565 : f32
// OUT:         %618 = constant 12 : index
// OUT:         %619 = load @a2[%618] : f32
// OUT:         %620 = add %619, %617 : f32
// OUT:         store @a2[%618], %620
// OUT:         %621 = mul %564, %566 : f32
// OUT:         %622 = constant 13 : index
// OUT:         %623 = load @a2[%622] : f32
// OUT:         %624 = add %623, %621 : f32
// OUT:         store @a2[%622], %624
// OUT:         %625 = mul %564, %567 : f32
// OUT:         %626 = constant 14 : index
// OUT:         %627 = load @a2[%626] : f32
// OUT:         %628 = add %627, %625 : f32
// OUT:         store @a2[%626], %628
// OUT:         %629 = mul %564, %568 : f32
// OUT:         %630 = constant 15 : index
// OUT:         %631 = load @a2[%630] : f32
// OUT:         %632 = add %631, %629 : f32
// OUT:         store @a2[%630], %632
// OUT:         %633 = constant 5 : index
// OUT:         %634 = mul %633, %36 : index
// OUT:         %635 = add %634, %142 : index
// OUT:         %636 = add %635, %34 : index
// OUT:         %637 = constant 0 : index
// OUT:         %638 = add %636, %637 : index
// OUT:         %639 = load @a0[%638] : vector<4xf32>
// OUT:         %640 = mul %633, %37 : index
// OUT:         %641 = add %640, %143 : index
// OUT:         %642 = add %641, %35 : index
// OUT:         %643 = constant 0 : index
// OUT:         %644 = add %642, %643 : index
// OUT:         %645 = load @a1[%644] : vector<4xf32>
// OUT:         %646 = extract %639[0] : f32
// OUT:         %647 = extract %639[1] : f32
// OUT:         %648 = extract %639[2] : f32
// OUT:         %649 = extract %639[3] : f32
// OUT:         %650 = extract %645[0] : f32
// OUT:         %651 = extract %645[1] : f32
// OUT:         %652 = extract %645[2] : f32
// OUT:         %653 = extract %645[3] : f32
// OUT:         %654 = mul %646, %650 : f32
// OUT:         %655 = constant 0 : index
// OUT:         %656 = load @a2[%655] : f32
// OUT:         %657 = add %656, %654 : f32
// OUT:         store @a2[%655], %657
// OUT:         %658 = mul %646, %651 : f32
// OUT:         %659 = constant 1 : index
// OUT:         %660 = load @a2[%659] : f32
// OUT:         %661 = add %660, %658 : f32
// OUT:         store @a2[%659], %661
// OUT:         %662 = mul %646, %652 : f32
// OUT:         %663 = constant 2 : index
// OUT:         %664 = load @a2[%663] : f32
// OUT:         %665 = add %664, %662 : f32
// OUT:         store @a2[%663], %665
// OUT:         %666 = mul %646, %653 : f32
// OUT:         %667 = constant 3 : index
// OUT:         %668 = load @a2[%667] : f32
// OUT:         %669 = add %668, %666 : f32
// OUT:         store @a2[%667], %669
// OUT:         %670 = mul %647, %650 : f32
// OUT:         %671 = constant 4 : index
// OUT:         %672 = load @a2[%671] : f32
// OUT:         %673 = add %672, %670 : f32
// OUT:         store @a2[%671], %673
// OUT:         %674 = mul %647, %651 : f32
// OUT:         %675 = constant 5 : index
// OUT:         %676 = load @a2[%675] : f32
// OUT:         %677 = add %676, %674 : f32
// OUT:         store @a2[%675], %677
// OUT:         %678 = mul %647, %652 : f32
// OUT:         %679 = constant 6 : index
// OUT:         %680 = load @a2[%679] : f32
// OUT:         %681 = add %680, %678 : f32
// OUT:         store @a2[%679], %681
// OUT:         %682 = mul %647, %653 : f32
// OUT:         %683 = constant 7 : index
// OUT:         %684 = load @a2[%683] : f32
// OUT:         %685 = add %684, %682 : f32
// OUT:         store @a2[%683], %685
// OUT:         %686 = mul %648, %650 : f32
// OUT:         %687 = constant 8 : index
// OUT:         %688 = load @a2[%687] : f32
// OUT:         %689 = add %688, %686 : f32
// OUT:         store @a2[%687], %689
// OUT:         %690 = mul %648, %651 : f32
// OUT:         %691 = constant 9 : index
// OUT:         %692 = load @a2[%691] : f32
// OUT:         %693 = add %692, %690 : f32
// OUT:         store @a2[%691], %693
// OUT:         %694 = mul %648, %652 : f32
// OUT:         %695 = constant 10 : index
// OUT:         %696 = load @a2[%695] : f32
// OUT:         %697 = add %696, %694 : f32
// OUT:         store @a2[%695], %697
// OUT:         %698 = mul %648, %653 : f32
// OUT:         %699 = constant 11 : index
// OUT:         %700 = load @a2[%699] : f32
// OUT:         %701 = add %700, %698 : f32
// OUT:         store @a2[%699], %701
// OUT:         %702 = mul %649, %650 : f32
// OUT:         %703 = constant 12 : index
// OUT:         %704 = load @a2[%703] : f32
// OUT:         %705 = add %704, %702 : f32
// OUT:         store @a2[%703], %705
// OUT:         %706 = mul %649, %651 : f32
// OUT:         %707 = constant 13 : index
// OUT:         %708 = load @a2[%707] : f32
// OUT:         %709 = add %708, %706 : f32
// OUT:         store @a2[%707], %709
// OUT:         %710 = mul %649, %652 : f32
// OUT:         %711 = constant 14 : index
// OUT:         %712 = load @a2[%711] : f32
// OUT:         %713 = add %712, %710 : f32
// OUT:         store @a2[%711], %713
// OUT:         %714 = mul %649, %653 : f32
// OUT:         %715 = constant 15 : index
// OUT:         %716 = load @a2[%715] : f32
// OUT:         %717 = add %716, %714 : f32
// OUT:         store @a2[%715], %717
// OUT:         %718 = constant 6 : index
// OUT:         %719 = mul %718, %36 : index
// OUT:         %720 = add %719, %142 : index
// OUT:         %721 = add %720, %34 : index
// OUT:         %722 = constant 0 : index
// OUT:         %723 = add %721, %722 : index
// OUT:         %724 = load @a0[%723] : vector<4xf32>
// OUT:         %725 = mul %718, %37 : index
// OUT:         %726 = add %725, %143 : index
// OUT:         %727 = add %726, %35 : index
// OUT:         %728 = constant 0 : index
// OUT:         %729 = add %727, %728 : index
// OUT:         %730 = load @a1[%729] : vector<4xf32>
// OUT:         %731 = extract %724[0] : f32
// OUT:         %732 = extract %724[1] : f32
// OUT:         %733 = extract %724[2] : f32
// OUT:         %734 = extract %724[3] : f32
// OUT:         %735 = extract %730[0] : f32
// OUT:         %736 = extract %730[1] : f32
// OUT:         %737 = extract %730[2] : f32
// OUT:         %738 = extract %730[3] : f32
// OUT:         %739 = mul %731, %735 : f32
// OUT:         %740 = constant 0 : index
// OUT:         %741 = load @a2[%740] : f32
// OUT:         %742 = add %741, %739 : f32
// OUT:         store @a2[%740], %742
// OUT:         %743 = mul %731, %736 : f32
// OUT:         %744 = constant 1 : index
// OUT:         %745 = load @a2[%744] : f32
// OUT:         %746 = add %745, %743 : f32
// OUT:         store @a2[%744], %746
// OUT:         %747 = mul %731, %737 : f32
// OUT:         %748 = constant 2 : index
// OUT:         %749 = load @a2[%748] : f32
// OUT:         %750 = add %749, %747 : f32
// OUT:         store @a2[%748], %750
// OUT:         %751 = mul %731, %738 : f32
// OUT:         %752 = constant 3 : index
// OUT:         %753 = load @a2[%752] : f32
// OUT:         %754 = add %753, %751 : f32
// OUT:         store @a2[%752], %754
// OUT:         %755 = mul %732, %735 : f32
// OUT:         %756 = constant 4 : index
// OUT:         %757 = load @a2[%756] : f32
// OUT:         %758 = add %757, %755 : f32
// OUT:         store @a2[%756], %758
// OUT:         %759 = mul %732, %736 : f32
// OUT:         %760 = constant 5 : index
// OUT:         %761 = load @a2[%760] : f32
// OUT:         %762 = add %761, %759 : f32
// OUT:         store @a2[%760], %762
// OUT:         %763 = mul %732, %737 : f32
// OUT:         %764 = constant 6 : index
// OUT:         %765 = load @a2[%764] : f32
// OUT:         %766 = add %765, %763 : f32
// OUT:         store @a2[%764], %766
// OUT:         %767 = mul %732, %738 : f32
// OUT:         %768 = constant 7 : index
// OUT:         %769 = load @a2[%768] : f32
// OUT:         %770 = add %769, %767 : f32
// OUT:         store @a2[%768], %770
// OUT:         %771 = mul %733, %735 : f32
// OUT:         %772 = constant 8 : index
// OUT:         %773 = load @a2[%772] : f32
// OUT:         %774 = add %773, %771 : f32
// OUT:         store @a2[%772], %774
// OUT:         %775 = mul %733, %736 : f32
// OUT:         %776 = constant 9 : index
// OUT:         %777 = load @a2[%776] : f32
// OUT:         %778 = add %777, %775 : f32
// OUT:         store @a2[%776], %778
// OUT:         %779 = mul %733, %737 : f32
// OUT:         %780 = constant 10 : index
// OUT:         %781 = load @a2[%780] : f32
// OUT:         %782 = add %781, %779 : f32
// OUT:         store @a2[%780], %782
// OUT:         %783 = mul %733, %738 : f32
// OUT:         %784 = constant 11 : index
// OUT:         %785 = load @a2[%784] : f32
// OUT:         %786 = add %785, %783 : f32
// OUT:         store @a2[%784], %786
// OUT:         %787 = mul %734, %735 : f32
// OUT:         %788 = constant 12 : index
// OUT:         %789 = load @a2[%788] : f32
// OUT:         %790 = add %789, %787 : f32
// OUT:         store @a2[%788], %790
// OUT:         %791 = mul %734, %736 : f32
// OUT:         %792 = constant 13 : index
// OUT:         %793 = load @a2[%792] : f32
// OUT:         %794 = add %793, %791 : f32
// OUT:         store @a2[%792], %794
// OUT:         %795 = mul %734, %737 : f32
// OUT:         %796 = constant 14 : index
// OUT:         %797 = load @a2[%796] : f32
// OUT:         %798 = add %797, %795 : f32
// OUT:         store @a2[%796], %798
// OUT:         %799 = mul %734, %738 : f32
// OUT:         %800 = constant 15 : index
// OUT:         %801 = load @a2[%800] : f32
// OUT:         %802 = add %801, %799 : f32
// OUT:         store @a2[%800], %802
// OUT:         %803 = constant 7 : index
// OUT:         %804 = mul %803, %36 : index
// OUT:         %805 = add %804, %142 : index
// OUT:         %806 = add %805, %34 : index
// OUT:         %807 = constant 0 : index
// OUT:         %808 = add %806, %807 : index
// OUT:         %809 = load @a0[%808] : vector<4xf32>
// OUT:         %810 = mul %803, %37 : index
// OUT:         %811 = add %810, %143 : index
// OUT:         %812 = add %811, %35 : index
// OUT:         %813 = constant 0 : index
// OUT:         %814 = add %812, %813 : index
// OUT:         %815 = load @a1[%814] : vector<4xf32>
// OUT:         %816 = extract %809[0] : f32
// OUT:         %817 = extract %809[1] : f32
// OUT:         %818 = extract %809[2] : f32
// OUT:         %819 = extract %809[3] : f32
// OUT:         %820 = extract %815[0] : f32
// OUT:         %821 = extract %815[1] : f32
// OUT:         %822 = extract %815[2] : f32
// OUT:         %823 = extract %815[3] : f32
// OUT:         %824 = mul %816, %820 : f32
// OUT:         %825 = constant 0 : index
// OUT:         %826 = load @a2[%825] : f32
// OUT:         %827 = add %826, %824 : f32
// OUT:         store @a2[%825], %827
// OUT:         %828 = mul %816, %821 : f32
// OUT:         %829 = constant 1 : index
// OUT:         %830 = load @a2[%829] : f32
// OUT:         %831 = add %830, %828 : f32
// OUT:         store @a2[%829], %831
// OUT:         %832 = mul %816, %822 : f32
// OUT:         %833 = constant 2 : index
// OUT:         %834 = load @a2[%833] : f32
// OUT:         %835 = add %834, %832 : f32
// OUT:         store @a2[%833], %835
// OUT:         %836 = mul %816, %823 : f32
// OUT:         %837 = constant 3 : index
// OUT:         %838 = load @a2[%837] : f32
// OUT:         %839 = add %838, %836 : f32
// OUT:         store @a2[%837], %839
// OUT:         %840 = mul %817, %820 : f32
// OUT:         %841 = constant 4 : index
// OUT:         %842 = load @a2[%841] : f32
// OUT:         %843 = add %842, %840 : f32
// OUT:         store @a2[%841], %843
// OUT:         %844 = mul %817, %821 : f32
// OUT:         %845 = constant 5 : index
// OUT:         %846 = load @a2[%845] : f32
// OUT:         %847 = add %846, %844 : f32
// OUT:         store @a2[%845], %847
// OUT:         %848 = mul %817, %822 : f32
// OUT:         %849 = constant 6 : index
// OUT:         %850 = load @a2[%849] : f32
// OUT:         %851 = add %850, %848 : f32
// OUT:         store @a2[%849], %851
// OUT:         %852 = mul %817, %823 : f32
// OUT:         %853 = constant 7 : index
// OUT:         %854 = load @a2[%853] : f32
// OUT:         %855 = add %854, %852 : f32
// OUT:         store @a2[%853], %855
// OUT:         %856 = mul %818, %820 : f32
// OUT:         %857 = constant 8 : index
// OUT:         %858 = load @a2[%857] : f32
// OUT:         %859 = add %858, %856 : f32
// OUT:         store @a2[%857], %859
// OUT:         %860 = mul %818, %821 : f32
// OUT:         %861 = constant 9 : index
// OUT:         %862 = load @a2[%861] : f32
// OUT:         %863 = add %862, %860 : f32
// OUT:         store @a2[%861], %863
// OUT:         %864 = mul %818, %822 : f32
// OUT:         %865 = constant 10 : index
// OUT:         %866 = load @a2[%865] : f32
// OUT:         %867 = add %866, %864 : f32
// OUT:         store @a2[%865], %867
// OUT:         %868 = mul %818, %823 : f32
// OUT:         %869 = constant 11 : index
// OUT:         %870 = load @a2[%869] : f32
// OUT:         %871 = add %870, %868 : f32
// OUT:         store @a2[%869], %871
// OUT:         %872 = mul %819, %820 : f32
// OUT:         %873 = constant 12 : index
// OUT:         %874 = load @a2[%873] : f32
// OUT:         %875 = add %874, %872 : f32
// OUT:         store @a2[%873], %875
// OUT:         %876 = mul %819, %821 : f32
// OUT:         %877 = constant 13 : index
// OUT:         %878 = load @a2[%877] : f32
// OUT:         %879 = add %878, %876 : f32
// OUT:         store @a2[%877], %879
// OUT:         %880 = mul %819, %822 : f32
// OUT:         %881 = constant 14 : index
// OUT:         %882 = load @a2[%881] : f32
// OUT:         %883 = add %882, %880 : f32
// OUT:         store @a2[%881], %883
// OUT:         %884 = mul %819, %823 : f32
// OUT:         %885 = constant 15 : index
// OUT:         %886 = load @a2[%885] : f32
// OUT:         %887 = add %886, %884 : f32
// OUT:         store @a2[%885], %887
// OUT:         %888 = sub %39, %139 : index
// OUT:         %889 = constant 288 : index
// OUT:         %890 = constant 288 : index
// OUT:         %891 = mul %888, %889 : index
// OUT:         %892 = mul %888, %890 : index
// OUT:         %893 = extract %178[0] : f32
// OUT:         %894 = constant 0 : index
// OUT:         %895 = add %155, %894 : index
// OUT:         %896 = mul %895, %36 : index
// OUT:         %897 = add %896, %153 : index
// OUT:         %898 = add %897, %891 : index
// OUT:         store @a0[%898], %893
// OUT:         %899 = extract %178[1] : f32
// OUT:         %900 = constant 1 : index
// OUT:         %901 = add %155, %900 : index
// OUT:         %902 = mul %901, %36 : index
// OUT:         %903 = add %902, %153 : index
// OUT:         %904 = add %903, %891 : index
// OUT:         store @a0[%904], %899
// OUT:         %905 = extract %178[2] : f32
// OUT:         %906 = constant 2 : index
// OUT:         %907 = add %155, %906 : index
// OUT:         %908 = mul %907, %36 : index
// OUT:         %909 = add %908, %153 : index
// OUT:         %910 = add %909, %891 : index
// OUT:         store @a0[%910], %905
// OUT:         %911 = extract %178[3] : f32
// OUT:         %912 = constant 3 : index
// OUT:         %913 = add %155, %912 : index
// OUT:         %914 = mul %913, %36 : index
// OUT:         %915 = add %914, %153 : index
// OUT:         %916 = add %915, %891 : index
// OUT:         store @a0[%916], %911
// OUT:         %917 = mul %184, %37 : index
// OUT:         %918 = add %917, %186 : index
// OUT:         %919 = add %918, %892 : index
// OUT:         store @a1[%919], %207
// OUT:         control_barrier workgroup
// OUT:       }
// OUT:       %920 = constant 0 : index
// OUT:       %921 = constant 0 : index
// OUT:       %922 = add %34, %920 : index
// OUT:       %923 = add %28, %922 : index
// OUT:       %924 = add %35, %921 : index
// OUT:       %925 = add %29, %924 : index
// OUT:       %963 = cmp lt %923, %23 : i1
// OUT:       %964 = cmp lt %925, %24 : i1
// OUT:       %965 = and %963, %964 : i1
// OUT:       if %965 {
// OUT:         %966 = constant 0 : index
// OUT:         %967 = load @a2[%966] : vector<4xf32>
// OUT:         %968 = constant 0 : index
// OUT:         %969 = rem %923, %61 : index
// OUT:         %970 = div %923, %61 : index
// OUT:         %971 = rem %970, %61 : index
// OUT:         %972 = div %970, %61 : index
// OUT:         %973 = rem %968, %25 : index
// OUT:         %974 = div %968, %25 : index
// OUT:         %975 = rem %974, %0 : index
// OUT:         %976 = div %974, %0 : index
// OUT:         %977 = constant 0.0 : f32
// OUT:         %978 = splat %977 : vector<4xf32>
// OUT:         %979 = add %978, %967 : vector<4xf32>
// OUT:         %980 = constant 0 : index
// OUT:         %981 = constant 0 : index
// OUT:         %982 = load @v4[%925] : vector<4xf32>
// OUT:         %983 = add %979, %982 : vector<4xf32>
// OUT:         %984 = splat %977 : vector<4xf32>
// OUT:         %985 = max %983, %984 : vector<4xf32>
// OUT:         store @v3[%972, %971, %969, %925], %985
// OUT:       }
// OUT:       %986 = constant 1 : index
// OUT:       %987 = constant 0 : index
// OUT:       %988 = add %34, %986 : index
// OUT:       %989 = add %28, %988 : index
// OUT:       %990 = add %35, %987 : index
// OUT:       %991 = add %29, %990 : index
// OUT:       %1029 = cmp lt %989, %23 : i1
// OUT:       %1030 = cmp lt %991, %24 : i1
// OUT:       %1031 = and %1029, %1030 : i1
// OUT:       if %1031 {
// OUT:         %1032 = constant 4 : index
// OUT:         %1033 = load @a2[%1032] : vector<4xf32>
// OUT:         %1034 = constant 0 : index
// OUT:         %1035 = rem %989, %61 : index
// OUT:         %1036 = div %989, %61 : index
// OUT:         %1037 = rem %1036, %61 : index
// OUT:         %1038 = div %1036, %61 : index
// OUT:         %1039 = rem %1034, %25 : index
// OUT:         %1040 = div %1034, %25 : index
// OUT:         %1041 = rem %1040, %0 : index
// OUT:         %1042 = div %1040, %0 : index
// OUT:         %1043 = constant 0.0 : f32
// OUT:         %1044 = splat %1043 : vector<4xf32>
// OUT:         %1045 = add %1044, %1033 : vector<4xf32>
// OUT:         %1046 = constant 0 : index
// OUT:         %1047 = constant 0 : index
// OUT:         %1048 = load @v4[%991] : vector<4xf32>
// OUT:         %1049 = add %1045, %1048 : vector<4xf32>
// OUT:         %1050 = splat %1043 : vector<4xf32>
// OUT:         %1051 = max %1049, %1050 : vector<4xf32>
// OUT:         store @v3[%1038, %1037, %1035, %991], %1051
// OUT:       }
// OUT:       %1052 = constant 2 : index
// OUT:       %1053 = constant 0 : index
// OUT:       %1054 = add %34, %1052 : index
// OUT:       %1055 = add %28, %1054 : index
// OUT:       %1056 = add %35, %1053 : index
// OUT:       %1057 = add %29, %1056 : index
// OUT:       %1095 = cmp lt %1055, %23 : i1
// OUT:       %1096 = cmp lt %1057, %24 : i1
// OUT:       %1097 = and %1095, %1096 : i1
// OUT:       if %1097 {
// OUT:         %1098 = constant 8 : index
// OUT:         %1099 = load @a2[%1098] : vector<4xf32>
// OUT:         %1100 = constant 0 : index
// OUT:         %1101 = rem %1055, %61 : index
// OUT:         %1102 = div %1055, %61 : index
// OUT:         %1103 = rem %1102, %61 : index
// OUT:         %1104 = div %1102, %61 : index
// OUT:         %1105 = rem %1100, %25 : index
// OUT:         %1106 = div %1100, %25 : index
// OUT:         %1107 = rem %1106, %0 : index
// OUT:         %1108 = div %1106, %0 : index
// OUT:         %1109 = constant 0.0 : f32
// OUT:         %1110 = splat %1109 : vector<4xf32>
// OUT:         %1111 = add %1110, %1099 : vector<4xf32>
// OUT:         %1112 = constant 0 : index
// OUT:         %1113 = constant 0 : index
// OUT:         %1114 = load @v4[%1057] : vector<4xf32>
// OUT:         %1115 = add %1111, %1114 : vector<4xf32>
// OUT:         %1116 = splat %1109 : vector<4xf32>
// OUT:         %1117 = max %1115, %1116 : vector<4xf32>
// OUT:         store @v3[%1104, %1103, %1101, %1057], %1117
// OUT:       }
// OUT:       %1118 = constant 3 : index
// OUT:       %1119 = constant 0 : index
// OUT:       %1120 = add %34, %1118 : index
// OUT:       %1121 = add %28, %1120 : index
// OUT:       %1122 = add %35, %1119 : index
// OUT:       %1123 = add %29, %1122 : index
// OUT:       %1161 = cmp lt %1121, %23 : i1
// OUT:       %1162 = cmp lt %1123, %24 : i1
// OUT:       %1163 = and %1161, %1162 : i1
// OUT:       if %1163 {
// OUT:         %1164 = constant 12 : index
// OUT:         %1165 = load @a2[%1164] : vector<4xf32>
// OUT:         %1166 = constant 0 : index
// OUT:         %1167 = rem %1121, %61 : index
// OUT:         %1168 = div %1121, %61 : index
// OUT:         %1169 = rem %1168, %61 : index
// OUT:         %1170 = div %1168, %61 : index
// OUT:         %1171 = rem %1166, %25 : index
// OUT:         %1172 = div %1166, %25 : index
// OUT:         %1173 = rem %1172, %0 : index
// OUT:         %1174 = div %1172, %0 : index
// OUT:         %1175 = constant 0.0 : f32
// OUT:         %1176 = splat %1175 : vector<4xf32>
// OUT:         %1177 = add %1176, %1165 : vector<4xf32>
// OUT:         %1178 = constant 0 : index
// OUT:         %1179 = constant 0 : index
// OUT:         %1180 = load @v4[%1123] : vector<4xf32>
// OUT:         %1181 = add %1177, %1180 : vector<4xf32>
// OUT:         %1182 = splat %1175 : vector<4xf32>
// OUT:         %1183 = max %1181, %1182 : vector<4xf32>
// OUT:         store @v3[%1170, %1169, %1167, %1123], %1183
// OUT:       }
// OUT:     }
// OUT:   }
// OUT: }

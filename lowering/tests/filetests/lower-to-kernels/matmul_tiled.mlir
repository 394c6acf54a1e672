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
// OUT:   alloc @a0 = workgroup f32[1088] "lhs_tile"
// OUT:   alloc @a1 = workgroup f32[528] "rhs_tile"
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
// OUT:       %39 = constant 17 : index
// OUT:       %40 = constant 33 : index
// OUT:       %41 = constant 128 : index
// OUT:       for %k42 = %37 to %25 step %38 {
// OUT:         %43 = constant 1024 : index
// OUT:         for %k44 = %i5 to %43 step %41 {
// OUT:           %45 = div %k44, %38 : index
// OUT:           %46 = rem %k44, %38 : index
// OUT:           %47 = add %32, %45 : index
// OUT:           %48 = add %k42, %46 : index
// OUT:           %49 = cmp lt %47, %23 : i1
// OUT:           %50 = cmp lt %48, %25 : i1
// OUT:           %51 = and %49, %50 : i1
// OUT:           %52 = min %47, %27 : index
// OUT:           %53 = min %48, %29 : index
// OUT:           %54 = load @v0[%52, %53] : f32
// OUT:           %55 = constant 0.0 : f32
// OUT:           %56 = select %51, %54, %55 : f32
// OUT:           %57 = mul %45, %39 : index
// OUT:           %58 = add %57, %46 : index
// OUT:           store @a0[%58], %56
// OUT:         }
// OUT:         %59 = constant 512 : index
// OUT:         for %k60 = %i5 to %59 step %41 {
// OUT:           %61 = div %k60, %31 : index
// OUT:           %62 = rem %k60, %31 : index
// OUT:           %63 = add %k42, %61 : index
// OUT:           %64 = add %33, %62 : index
// OUT:           %65 = cmp lt %63, %25 : i1
// OUT:           %66 = cmp lt %64, %24 : i1
// OUT:           %67 = and %65, %66 : i1
// OUT:           %68 = min %63, %29 : index
// OUT:           %69 = min %64, %28 : index
// OUT:           %70 = load @v1[%68, %69] : f32
// OUT:           %71 = constant 0.0 : f32
// OUT:           %72 = select %67, %70, %71 : f32
// OUT:           %73 = mul %61, %40 : index
// OUT:           %74 = add %73, %62 : index
// OUT:           store @a1[%74], %72
// OUT:         }
// OUT:         control_barrier workgroup
// OUT:         %75 = constant 1 : index
// OUT:         for %k76 = %37 to %38 step %75 {
// OUT:           %77 = constant 0 : index
// OUT:           %78 = add %35, %77 : index
// OUT:           %79 = mul %78, %39 : index
// OUT:           %80 = add %79, %k76 : index
// OUT:           %81 = load @a0[%80] : f32
// OUT:           %82 = constant 16 : index
// OUT:           %83 = add %35, %82 : index
// OUT:           %84 = mul %83, %39 : index
// OUT:           %85 = add %84, %k76 : index
// OUT:           %86 = load @a0[%85] : f32
// OUT:           %87 = constant 32 : index
// OUT:           %88 = add %35, %87 : index
// OUT:           %89 = mul %88, %39 : index
// OUT:           %90 = add %89, %k76 : index
// OUT:           %91 = load @a0[%90] : f32
// OUT:           %92 = constant 48 : index
// OUT:           %93 = add %35, %92 : index
// OUT:           %94 = mul %93, %39 : index
// OUT:           %95 = add %94, %k76 : index
// OUT:           %96 = load @a0[%95] : f32
// OUT:           %97 = constant 0 : index
// OUT:           %98 = add %36, %97 : index
// OUT:           %99 = mul %k76, %40 : index
// OUT:           %100 = add %99, %98 : index
// OUT:           %101 = load @a1[%100] : f32
// OUT:           %102 = constant 8 : index
// OUT:           %103 = add %36, %102 : index
// OUT:           %104 = mul %k76, %40 : index
// OUT:           %105 = add %104, %103 : index
// OUT:           %106 = load @a1[%105] : f32
// OUT:           %107 = constant 16 : index
// OUT:           %108 = add %36, %107 : index
// OUT:           %109 = mul %k76, %40 : index
// OUT:           %110 = add %109, %108 : index
// OUT:           %111 = load @a1[%110] : f32
// OUT:           %112 = constant 24 : index
// OUT:           %113 = add %36, %112 : index
// OUT:           %114 = mul %k76, %40 : index
// OUT:           %115 = add %114, %113 : index
// OUT:           %116 = load @a1[%115] : f32
// OUT:           %117 = mul %81, %101 : f32
// OUT:           %118 = constant 0 : index
// OUT:           %119 = load @a2[%118] : f32
// OUT:           %120 = add %119, %117 : f32
// OUT:           store @a2[%118], %120
// OUT:           %121 = mul %81, %106 : f32
// OUT:           %122 = constant 1 : index
// OUT:           %123 = load @a2[%122] : f32
// OUT:           %124 = add %123, %121 : f32
// OUT:           store @a2[%122], %124
// OUT:           %125 = mul %81, %111 : f32
// OUT:           %126 = constant 2 : index
// OUT:           %127 = load @a2[%126] : f32
// OUT:           %128 = add %127, %125 : f32
// OUT:           store @a2[%126], %128
// OUT:           %129 = mul %81, %116 : f32
// OUT:           %130 = constant 3 : index
// OUT:           %131 = load @a2[%130] : f32
// OUT:           %132 = add %131, %129 : f32
// OUT:           store @a2[%130], %132
// OUT:           %133 = mul %86, %101 : f32
// OUT:           %134 = constant 4 : index
// OUT:           %135 = load @a2[%134] : f32
// OUT:           %136 = add %135, %133 : f32
// OUT:           store @a2[%134], %136
// OUT:           %137 = mul %86, %106 : f32
// OUT:           %138 = constant 5 : index
// OUT:           %139 = load @a2[%138] : f32
// OUT:           %140 = add %139, %137 : f32
// OUT:           store @a2[%138], %140
// OUT:           %141 = mul %86, %111 : f32
// OUT:           %142 = constant 6 : index
// OUT:           %143 = load @a2[%142] : f32
// OUT:           %144 = add %143, %141 : f32
// OUT:           store @a2[%142], %144
// OUT:           %145 = mul %86, %116 : f32
// OUT:           %146 = constant 7 : index
// OUT:           %147 = load @a2[%146] : f32
// OUT:           %148 = add %147, %145 : f32
// OUT:           store @a2[%146], %148
// OUT:           %149 = mul %91, %101 : f32
// OUT:           %150 = constant 8 : index
// OUT:           %151 = load @a2[%150] : f32
// OUT:           %152 = add %151, %149 : f32
// OUT:           store @a2[%150], %152
// OUT:           %153 = mul %91, %106 : f32
// OUT:           %154 = constant 9 : index
// OUT:           %155 = load @a2[%154] : f32
// OUT:           %156 = add %155, %153 : f32
// OUT:           store @a2[%154], %156
// OUT:           %157 = mul %91, %111 : f32
// OUT:           %158 = constant 10 : index
// OUT:           %159 = load @a2[%158] : f32
// OUT:           %160 = add %159, %157 : f32
// OUT:           store @a2[%158], %160
// OUT:           %161 = mul %91, %116 : f32
// OUT:           %162 = constant 11 : index
// OUT:           %163 = load @a2[%162] : f32
// OUT:           %164 = add %163, %161 : f32
// OUT:           store @a2[%162], %164
// OUT:           %165 = mul %96, %101 : f32
// OUT:           %166 = constant 12 : index
// OUT:           %167 = load @a2[%166] : f32
// OUT:           %168 = add %167, %165 : f32
// OUT:           store @a2[%166], %168
// OUT:           %169 = mul %96, %106 : f32
// OUT:           %170 = constant 13 : index
// OUT:           %171 = load @a2[%170] : f32
// OUT:           %172 = add %171, %169 : f32
// OUT:           store @a2[%170], %172
// OUT:           %173 = mul %96, %111 : f32
// OUT:           %174 = constant 14 : index
// OUT:           %175 = load @a2[%174] : f32
// OUT:           %176 = add %175, %173 : f32
// OUT:           store @a2[%174], %176
// OUT:           %177 = mul %96, %116 : f32
// OUT:           %178 = constant 15 : index
// OUT:           %179 = load @a2[%178] : f32
// OUT:           %180 = add %179, %177 : f32
// OUT:           store @a2[%178], %180
// OUT:         }
// OUT:         control_barrier workgroup
// OUT:       }
// OUT:       %181 = constant 0 : index
// OUT:       %182 = constant 0 : index
// OUT:       %183 = add %35, %181 : index
// OUT:       %184 = add %32, %183 : index
// OUT:       %185 = add %36, %182 : index
// OUT:       %186 = add %33, %185 : index
// OUT:       %187 = cmp lt %184, %23 : i1
// OUT:       %188 = cmp lt %186, %24 : i1
// OUT:       %189 = and %187, %188 : i1
// OUT:       %190 = constant 0 : index
// OUT:       if %189 {
// OUT:         %191 = load @a2[%190] : f32
// OUT:         %192 = constant 0.0 : f32
// OUT:         %193 = add %192, %191 : f32
// OUT:         %194 = load @v2[%186] : f32
// OUT:         %195 = add %193, %194 : f32
// OUT:         store @v3[%184, %186], %195
// OUT:       }
// OUT:       %196 = constant 0 : index
// OUT:       %197 = constant 8 : index
// OUT:       %198 = add %35, %196 : index
// OUT:       %199 = add %32, %198 : index
// OUT:       %200 = add %36, %197 : index
// OUT:       %201 = add %33, %200 : index
// OUT:       %202 = cmp lt %199, %23 : i1
// OUT:       %203 = cmp lt %201, %24 : i1
// OUT:       %204 = and %202, %203 : i1
// OUT:       %205 = constant 1 : index
// OUT:       if %204 {
// OUT:         %206 = load @a2[%205] : f32
// OUT:         %207 = constant 0.0 : f32
// OUT:         %208 = add %207, %206 : f32
// OUT:         %209 = load @v2[%201] : f32
// OUT:         %210 = add %208, %209 : f32
// OUT:         store @v3[%199, %201], %210
// OUT:       }
// OUT:       %211 = constant 0 : index
// OUT:       %212 = constant 16 : index
// OUT:       %213 = add %35, %211 : index
// OUT:       %214 = add %32, %213 : index
// OUT:       %215 = add %36, %212 : index
// OUT:       %216 = add %33, %215 : index
// OUT:       %217 = cmp lt %214, %23 : i1
// OUT:       %218 = cmp lt %216, %24 : i1
// OUT:       %219 = and %217, %218 : i1
// OUT:       %220 = constant 2 : index
// OUT:       if %219 {
// OUT:         %221 = load @a2[%220] : f32
// OUT:         %222 = constant 0.0 : f32
// OUT:         %223 = add %222, %221 : f32
// OUT:         %224 = load @v2[%216] : f32
// OUT:         %225 = add %223, %224 : f32
// OUT:         store @v3[%214, %216], %225
// OUT:       }
// OUT:       %226 = constant 0 : index
// OUT:       %227 = constant 24 : index
// OUT:       %228 = add %35, %226 : index
// OUT:       %229 = add %32, %228 : index
// OUT:       %230 = add %36, %227 : index
// OUT:       %231 = add %33, %230 : index
// OUT:       %232 = cmp lt %229, %23 : i1
// OUT:       %233 = cmp lt %231, %24 : i1
// OUT:       %234 = and %232, %233 : i1
// OUT:       %235 = constant 3 : index
// OUT:       if %234 {
// OUT:         %236 = load @a2[%235] : f32
// OUT:         %237 = constant 0.0 : f32
// OUT:         %238 = add %237, %236 : f32
// OUT:         %239 = load @v2[%231] : f32
// OUT:         %240 = add %238, %239 : f32
// OUT:         store @v3[%229, %231], %240
// OUT:       }
// OUT:       %241 = constant 16 : index
// OUT:       %242 = constant 0 : index
// OUT:       %243 = add %35, %241 : index
// OUT:       %244 = add %32, %243 : index
// OUT:       %245 = add %36, %242 : index
// OUT:       %246 = add %33, %245 : index
// OUT:       %247 = cmp lt %244, %23 : i1
// OUT:       %248 = cmp lt %246, %24 : i1
// OUT:       %249 = and %247, %248 : i1
// OUT:       %250 = constant 4 : index
// OUT:       if %249 {
// OUT:         %251 = load @a2[%250] : f32
// OUT:         %252 = constant 0.0 : f32
// OUT:         %253 = add %252, %251 : f32
// OUT:         %254 = load @v2[%246] : f32
// OUT:         %255 = add %253, %254 : f32
// OUT:         store @v3[%244, %246], %255
// OUT:       }
// OUT:       %256 = constant 16 : index
// OUT:       %257 = constant 8 : index
// OUT:       %258 = add %35, %256 : index
// OUT:       %259 = add %32, %258 : index
// OUT:       %260 = add %36, %257 : index
// OUT:       %261 = add %33, %260 : index
// OUT:       %262 = cmp lt %259, %23 : i1
// OUT:       %263 = cmp lt %261, %24 : i1
// OUT:       %264 = and %262, %263 : i1
// OUT:       %265 = constant 5 : index
// OUT:       if %264 {
// OUT:         %266 = load @a2[%265] : f32
// OUT:         %267 = constant 0.0 : f32
// OUT:         %268 = add %267, %266 : f32
// OUT:         %269 = load @v2[%261] : f32
// OUT:         %270 = add %268, %269 : f32
// OUT:         store @v3[%259, %261], %270
// OUT:       }
// OUT:       %271 = constant 16 : index
// OUT:       %272 = constant 16 : index
// OUT:       %273 = add %35, %271 : index
// OUT:       %274 = add %32, %273 : index
// OUT:       %275 = add %36, %272 : index
// OUT:       %276 = add %33, %275 : index
// OUT:       %277 = cmp lt %274, %23 : i1
// OUT:       %278 = cmp lt %276, %24 : i1
// OUT:       %279 = and %277, %278 : i1
// OUT:       %280 = constant 6 : index
// OUT:       if %279 {
// OUT:         %281 = load @a2[%280] : f32
// OUT:         %282 = constant 0.0 : f32
// OUT:         %283 = add %282, %281 : f32
// OUT:         %284 = load @v2[%276] : f32
// OUT:         %285 = add %283, %284 : f32
// OUT:         store @v3[%274, %276], %285
// OUT:       }
// OUT:       %286 = constant 16 : index
// OUT:       %287 = constant 24 : index
// OUT:       %288 = add %35, %286 : index
// OUT:       %289 = add %32, %288 : index
// OUT:       %290 = add %36, %287 : index
// OUT:       %291 = add %33, %290 : index
// OUT:       %292 = cmp lt %289, %23 : i1
// OUT:       %293 = cmp lt %291, %24 : i1
// OUT:       %294 = and %292, %293 : i1
// OUT:       %295 = constant 7 : index
// OUT:       if %294 {
// OUT:         %296 = load @a2[%295] : f32
// OUT:         %297 = constant 0.0 : f32
// OUT:         %298 = add %297, %296 : f32
// OUT:         %299 = load @v2[%291] : f32
// OUT:         %300 = add %298, %299 : f32
// OUT:         store @v3[%289, %291], %300
// OUT:       }
// OUT:       %301 = constant 32 : index
// OUT:       %302 = constant 0 : index
// OUT:       %303 = add %35, %301 : index
// OUT:       %304 = add %32, %303 : index
// OUT:       %305 = add %36, %302 : index
// OUT:       %306 = add %33, %305 : index
// OUT:       %307 = cmp lt %304, %23 : i1
// OUT:       %308 = cmp lt %306, %24 : i1
// OUT:       %309 = and %307, %308 : i1
// OUT:       %310 = constant 8 : index
// OUT:       if %309 {
// OUT:         %311 = load @a2[%310] : f32
// OUT:         %312 = constant 0.0 : f32
// OUT:         %313 = add %312, %311 : f32
// OUT:         %314 = load @v2[%306] : f32
// OUT:         %315 = add %313, %314 : f32
// OUT:         store @v3[%304, %306], %315
// OUT:       }
// OUT:       %316 = constant 32 : index
// OUT:       %317 = constant 8 : index
// OUT:       %318 = add %35, %316 : index
// OUT:       %319 = add %32, %318 : index
// OUT:       %320 = add %36, %317 : index
// OUT:       %321 = add %33, %320 : index
// OUT:       %322 = cmp lt %319, %23 : i1
// OUT:       %323 = cmp lt %321, %24 : i1
// OUT:       %324 = and %322, %323 : i1
// OUT:       %325 = constant 9 : index
// OUT:       if %324 {
// OUT:         %326 = load @a2[%325] : f32
// OUT:         %327 = constant 0.0 : f32
// OUT:         %328 = add %327, %326 : f32
// OUT:         %329 = load @v2[%321] : f32
// OUT:         %330 = add %328, %329 : f32
// OUT:         store @v3[%319, %321], %330
// OUT:       }
// OUT:       %331 = constant 32 : index
// OUT:       %332 = constant 16 : index
// OUT:       %333 = add %35, %331 : index
// OUT:       %334 = add %32, %333 : index
// OUT:       %335 = add %36, %332 : index
// OUT:       %336 = add %33, %335 : index
// OUT:       %337 = cmp lt %334, %23 : i1
// OUT:       %338 = cmp lt %336, %24 : i1
// OUT:       %339 = and %337, %338 : i1
// OUT:       %340 = constant 10 : index
// OUT:       if %339 {
// OUT:         %341 = load @a2[%340] : f32
// OUT:         %342 = constant 0.0 : f32
// OUT:         %343 = add %342, %341 : f32
// OUT:         %344 = load @v2[%336] : f32
// OUT:         %345 = add %343, %344 : f32
// OUT:         store @v3[%334, %336], %345
// OUT:       }
// OUT:       %346 = constant 32 : index
// OUT:       %347 = constant 24 : index
// OUT:       %348 = add %35, %346 : index
// OUT:       %349 = add %32, %348 : index
// OUT:       %350 = add %36, %347 : index
// OUT:       %351 = add %33, %350 : index
// OUT:       %352 = cmp lt %349, %23 : i1
// OUT:       %353 = cmp lt %351, %24 : i1
// OUT:       %354 = and %352, %353 : i1
// OUT:       %355 = constant 11 : index
// OUT:       if %354 {
// OUT:         %356 = load @a2[%355] : f32
// OUT:         %357 = constant 0.0 : f32
// OUT:         %358 = add %357, %356 : f32
// OUT:         %359 = load @v2[%351] : f32
// OUT:         %360 = add %358, %359 : f32
// OUT:         store @v3[%349, %351], %360
// OUT:       }
// OUT:       %361 = constant 48 : index
// OUT:       %362 = constant 0 : index
// OUT:       %363 = add %35, %361 : index
// OUT:       %364 = add %32, %363 : index
// OUT:       %365 = add %36, %362 : index
// OUT:       %366 = add %33, %365 : index
// OUT:       %367 = cmp lt %364, %23 : i1
// OUT:       %368 = cmp lt %366, %24 : i1
// OUT:       %369 = and %367, %368 : i1
// OUT:       %370 = constant 12 : index
// OUT:       if %369 {
// OUT:         %371 = load @a2[%370] : f32
// OUT:         %372 = constant 0.0 : f32
// OUT:         %373 = add %372, %371 : f32
// OUT:         %374 = load @v2[%366] : f32
// OUT:         %375 = add %373, %374 : f32
// OUT:         store @v3[%364, %366], %375
// OUT:       }
// OUT:       %376 = constant 48 : index
// OUT:       %377 = constant 8 : index
// OUT:       %378 = add %35, %376 : index
// OUT:       %379 = add %32, %378 : index
// OUT:       %380 = add %36, %377 : index
// OUT:       %381 = add %33, %380 : index
// OUT:       %382 = cmp lt %379, %23 : i1
// OUT:       %383 = cmp lt %381, %24 : i1
// OUT:       %384 = and %382, %383 : i1
// OUT:       %385 = constant 13 : index
// OUT:       if %384 {
// OUT:         %386 = load @a2[%385] : f32
// OUT:         %387 = constant 0.0 : f32
// OUT:         %388 = add %387, %386 : f32
// OUT:         %389 = load @v2[%381] : f32
// OUT:         %390 = add %388, %389 : f32
// OUT:         store @v3[%379, %381], %390
// OUT:       }
// OUT:       %391 = constant 48 : index
// OUT:       %392 = constant 16 : index
// OUT:       %393 = add %35, %391 : index
// OUT:       %394 = add %32, %393 : index
// OUT:       %395 = add %36, %392 : index
// OUT:       %396 = add %33, %395 : index
// OUT:       %397 = cmp lt %394, %23 : i1
// OUT:       %398 = cmp lt %396, %24 : i1
// OUT:       %399 = and %397, %398 : i1
// OUT:       %400 = constant 14 : index
// OUT:       if %399 {
// OUT:         %401 = load @a2[%400] : f32
// OUT:         %402 = constant 0.0 : f32
// OUT:         %403 = add %402, %401 : f32
// OUT:         %404 = load @v2[%396] : f32
// OUT:         %405 = add %403, %404 : f32
// OUT:         store @v3[%394, %396], %405
// OUT:       }
// OUT:       %406 = constant 48 : index
// OUT:       %407 = constant 24 : index
// OUT:       %408 = add %35, %406 : index
// OUT:       %409 = add %32, %408 : index
// OUT:       %410 = add %36, %407 : index
// OUT:       %411 = add %33, %410 : index
// OUT:       %412 = cmp lt %409, %23 : i1
// OUT:       %413 = cmp lt %411, %24 : i1
// OUT:       %414 = and %412, %413 : i1
// OUT:       %415 = constant 15 : index
// OUT:       if %414 {
// OUT:         %416 = load @a2[%415] : f32
// OUT:         %417 = constant 0.0 : f32
// OUT:         %418 = add %417, %416 : f32
// OUT:         %419 = load @v2[%411] : f32
// OUT:         %420 = add %418, %419 : f32
// OUT:         store @v3[%409, %411], %420
// OUT:       }
// OUT:     }
// OUT:   }
// OUT: }

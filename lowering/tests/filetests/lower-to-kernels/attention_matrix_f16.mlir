// RUN: lower-to-kernels target=nvidia-h200 heuristic=attention_matrix_key_chunk=64
// The tensor-core attention kernel (lower_to_kernels/attention_matrix.rs) of
// kernel-config/attention_matrix_f16.mlir: queries staged row-major, keys staged as K^T per
// chunk of 64 (a whole one and a partial 16), 16x16x16 score fragments into the f32 score block,
// scale and bias per score, the softmax into f16 probabilities (zero from key 77 to 80), P V
// fragments per subgroup, then the outputs through the score block.
#q = affine_map<(b, m, n, d) -> (b, m, d)>
#k = affine_map<(b, m, n, d) -> (b, n, d)>
#s = affine_map<(b, m, n, d) -> (b, m, n)>
#id = affine_map<(b, m, n) -> (b, m, n)>
#bias = affine_map<(b, m, n) -> (m, n)>
#p = affine_map<(b, m, c, n) -> (b, m, n)>
#v = affine_map<(b, m, c, n) -> (b, n, c)>
#o = affine_map<(b, m, c, n) -> (b, m, c)>
func.func @main(%q: tensor<2x33x16xf16>, %k: tensor<2x77x16xf16>, %v: tensor<2x77x16xf16>, %bias: tensor<33x77xf16>) -> tensor<2x33x16xf16> {
  %zero = arith.constant 0.0 : f16
  %se = tensor.empty() : tensor<2x33x77xf16>
  %sf = linalg.fill ins(%zero : f16) outs(%se : tensor<2x33x77xf16>) -> tensor<2x33x77xf16>
  %s = linalg.generic {indexing_maps = [#q, #k, #s], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%q, %k : tensor<2x33x16xf16>, tensor<2x77x16xf16>) outs(%sf : tensor<2x33x77xf16>) {
  ^bb0(%a: f16, %b: f16, %acc: f16):
    %p = arith.mulf %a, %b : f16
    %r = arith.addf %acc, %p : f16
    linalg.yield %r : f16
  } -> tensor<2x33x77xf16>
  %x = linalg.generic {indexing_maps = [#id, #bias, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%s, %bias : tensor<2x33x77xf16>, tensor<33x77xf16>) outs(%se : tensor<2x33x77xf16>) {
  ^bb0(%a: f16, %c: f16, %o: f16):
    %eighth = arith.constant 0.125 : f16
    %y = arith.mulf %a, %eighth : f16
    %z = arith.addf %y, %c : f16
    linalg.yield %z : f16
  } -> tensor<2x33x77xf16>
  %pe = tensor.empty() : tensor<2x33x77xf16>
  %pr = linalg.softmax dimension(2) ins(%x : tensor<2x33x77xf16>) outs(%pe : tensor<2x33x77xf16>) -> tensor<2x33x77xf16>
  %oe = tensor.empty() : tensor<2x33x16xf16>
  %of = linalg.fill ins(%zero : f16) outs(%oe : tensor<2x33x16xf16>) -> tensor<2x33x16xf16>
  %out = linalg.generic {indexing_maps = [#p, #v, #o], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%pr, %v : tensor<2x33x77xf16>, tensor<2x77x16xf16>) outs(%of : tensor<2x33x16xf16>) {
  ^bb0(%a: f16, %b: f16, %acc: f16):
    %p = arith.mulf %a, %b : f16
    %r = arith.addf %acc, %p : f16
    linalg.yield %r : f16
  } -> tensor<2x33x16xf16>
  return %out : tensor<2x33x16xf16>
}
// OUT: kernel @dispatch_0_attention local_size [128, 1, 1] workgroup_count [1, 1, 1] subgroup_size 32 {
// OUT:   binding #0 = set 0 binding 0 readonly f16 buffer 0 "input0"
// OUT:   binding #1 = set 0 binding 1 readonly f16 buffer 1 "input1"
// OUT:   binding #2 = set 0 binding 2 readonly f16 buffer 3 "input3"
// OUT:   binding #3 = set 0 binding 3 readonly f16 buffer 2 "input2"
// OUT:   binding #4 = set 0 binding 4 writeonly f16 buffer 4 "output0"
// OUT:   view @v0 = #0 offset 0 shape [2, 33, 16] strides [528, 16, 1]
// OUT:   view @v1 = #1 offset 0 shape [2, 77, 16] strides [1232, 16, 1]
// OUT:   view @v2 = #2 offset 0 shape [33, 77] strides [77, 1]
// OUT:   view @v3 = #3 offset 0 shape [2, 77, 16] strides [1232, 16, 1]
// OUT:   view @v4 = #4 offset 0 shape [2, 33, 16] strides [528, 16, 1]
// OUT:   alloc @a0 = workgroup f16[384] "query_tile"
// OUT:   alloc @a1 = workgroup f32[1344] "score_block"
// OUT:   alloc @a2 = workgroup f16[1408] "probabilities"
// OUT:   alloc @a3 = workgroup f16[1536] "key_value_stage"
// OUT:   alloc @a4 = function f32[1] "row_stat"
// OUT:   alloc @a5 = function coopmat<16x16xf32, acc>[1] "acc"
// OUT:   %0 = constant 2 : index
// OUT:   %1 = constant 3 : index
// OUT:   parallel workgroup (%i2, %i3) < (%0, %1) {
// OUT:     %4 = constant 128 : index
// OUT:     parallel local (%i5) < (%4) {
// OUT:       %6 = constant 0 : index
// OUT:       %7 = constant 2 : index
// OUT:       %8 = mul %6, %7 : index
// OUT:       %9 = add %8, %i2 : index
// OUT:       %10 = constant 16 : index
// OUT:       %11 = mul %i3, %10 : index
// OUT:       %12 = constant 32 : index
// OUT:       %13 = constant 0 : index
// OUT:       %14 = constant 128 : index
// OUT:       %15 = constant 77 : index
// OUT:       %16 = constant 76 : index
// OUT:       %17 = constant 0.0 : f16
// OUT:       %18 = subgroup_id : index
// OUT:       %19 = constant 4 : index
// OUT:       %20 = add %11, %13 : index
// OUT:       %21 = min %20, %12 : index
// OUT:       %22 = constant 256 : index
// OUT:       %23 = constant 256 : index
// OUT:       for %k24 = %i5 to %22 step %23 {
// OUT:         %25 = constant 0 : index
// OUT:         %26 = add %k24, %25 : index
// OUT:         %27 = constant 16 : index
// OUT:         %28 = div %26, %27 : index
// OUT:         %29 = rem %26, %27 : index
// OUT:         %30 = add %11, %28 : index
// OUT:         %31 = min %30, %12 : index
// OUT:         %32 = load @v0[%9, %31, %29] : f16
// OUT:         %33 = constant 0 : index
// OUT:         %34 = constant 24 : index
// OUT:         %35 = mul %28, %34 : index
// OUT:         %36 = add %33, %35 : index
// OUT:         %37 = constant 1 : index
// OUT:         %38 = mul %29, %37 : index
// OUT:         %39 = add %36, %38 : index
// OUT:         %40 = constant 128 : index
// OUT:         %41 = add %k24, %40 : index
// OUT:         %42 = constant 16 : index
// OUT:         %43 = div %41, %42 : index
// OUT:         %44 = rem %41, %42 : index
// OUT:         %45 = add %11, %43 : index
// OUT:         %46 = min %45, %12 : index
// OUT:         %47 = load @v0[%9, %46, %44] : f16
// OUT:         %48 = constant 0 : index
// OUT:         %49 = constant 24 : index
// OUT:         %50 = mul %43, %49 : index
// OUT:         %51 = add %48, %50 : index
// OUT:         %52 = constant 1 : index
// OUT:         %53 = mul %44, %52 : index
// OUT:         %54 = add %51, %53 : index
// OUT:         store @a0[%39], %32
// OUT:         store @a0[%54], %47
// OUT:       }
// OUT:       %55 = constant 0.0 : f32
// OUT:       %56 = splat %55 : coopmat<16x16xf32, acc>
// OUT:       %57 = constant 64 : index
// OUT:       %58 = constant 64 : index
// OUT:       for %k59 = %13 to %57 step %58 {
// OUT:         %60 = constant 1024 : index
// OUT:         %61 = constant 1024 : index
// OUT:         for %k62 = %i5 to %60 step %61 {
// OUT:           %63 = constant 0 : index
// OUT:           %64 = add %k62, %63 : index
// OUT:           %65 = constant 16 : index
// OUT:           %66 = div %64, %65 : index
// OUT:           %67 = rem %64, %65 : index
// OUT:           %68 = add %k59, %66 : index
// OUT:           %69 = cmp lt %68, %15 : i1
// OUT:           %70 = min %68, %16 : index
// OUT:           %71 = load @v1[%9, %70, %67] : f16
// OUT:           %72 = select %69, %71, %17 : f16
// OUT:           %73 = constant 0 : index
// OUT:           %74 = constant 1 : index
// OUT:           %75 = mul %66, %74 : index
// OUT:           %76 = add %73, %75 : index
// OUT:           %77 = constant 72 : index
// OUT:           %78 = mul %67, %77 : index
// OUT:           %79 = add %76, %78 : index
// OUT:           %80 = constant 128 : index
// OUT:           %81 = add %k62, %80 : index
// OUT:           %82 = constant 16 : index
// OUT:           %83 = div %81, %82 : index
// OUT:           %84 = rem %81, %82 : index
// OUT:           %85 = add %k59, %83 : index
// OUT:           %86 = cmp lt %85, %15 : i1
// OUT:           %87 = min %85, %16 : index
// OUT:           %88 = load @v1[%9, %87, %84] : f16
// OUT:           %89 = select %86, %88, %17 : f16
// OUT:           %90 = constant 0 : index
// OUT:           %91 = constant 1 : index
// OUT:           %92 = mul %83, %91 : index
// OUT:           %93 = add %90, %92 : index
// OUT:           %94 = constant 72 : index
// OUT:           %95 = mul %84, %94 : index
// OUT:           %96 = add %93, %95 : index
// OUT:           %97 = constant 256 : index
// OUT:           %98 = add %k62, %97 : index
// OUT:           %99 = constant 16 : index
// OUT:           %100 = div %98, %99 : index
// OUT:           %101 = rem %98, %99 : index
// OUT:           %102 = add %k59, %100 : index
// OUT:           %103 = cmp lt %102, %15 : i1
// OUT:           %104 = min %102, %16 : index
// OUT:           %105 = load @v1[%9, %104, %101] : f16
// OUT:           %106 = select %103, %105, %17 : f16
// OUT:           %107 = constant 0 : index
// OUT:           %108 = constant 1 : index
// OUT:           %109 = mul %100, %108 : index
// OUT:           %110 = add %107, %109 : index
// OUT:           %111 = constant 72 : index
// OUT:           %112 = mul %101, %111 : index
// OUT:           %113 = add %110, %112 : index
// OUT:           %114 = constant 384 : index
// OUT:           %115 = add %k62, %114 : index
// OUT:           %116 = constant 16 : index
// OUT:           %117 = div %115, %116 : index
// OUT:           %118 = rem %115, %116 : index
// OUT:           %119 = add %k59, %117 : index
// OUT:           %120 = cmp lt %119, %15 : i1
// OUT:           %121 = min %119, %16 : index
// OUT:           %122 = load @v1[%9, %121, %118] : f16
// OUT:           %123 = select %120, %122, %17 : f16
// OUT:           %124 = constant 0 : index
// OUT:           %125 = constant 1 : index
// OUT:           %126 = mul %117, %125 : index
// OUT:           %127 = add %124, %126 : index
// OUT:           %128 = constant 72 : index
// OUT:           %129 = mul %118, %128 : index
// OUT:           %130 = add %127, %129 : index
// OUT:           %131 = constant 512 : index
// OUT:           %132 = add %k62, %131 : index
// OUT:           %133 = constant 16 : index
// OUT:           %134 = div %132, %133 : index
// OUT:           %135 = rem %132, %133 : index
// OUT:           %136 = add %k59, %134 : index
// OUT:           %137 = cmp lt %136, %15 : i1
// OUT:           %138 = min %136, %16 : index
// OUT:           %139 = load @v1[%9, %138, %135] : f16
// OUT:           %140 = select %137, %139, %17 : f16
// OUT:           %141 = constant 0 : index
// OUT:           %142 = constant 1 : index
// OUT:           %143 = mul %134, %142 : index
// OUT:           %144 = add %141, %143 : index
// OUT:           %145 = constant 72 : index
// OUT:           %146 = mul %135, %145 : index
// OUT:           %147 = add %144, %146 : index
// OUT:           %148 = constant 640 : index
// OUT:           %149 = add %k62, %148 : index
// OUT:           %150 = constant 16 : index
// OUT:           %151 = div %149, %150 : index
// OUT:           %152 = rem %149, %150 : index
// OUT:           %153 = add %k59, %151 : index
// OUT:           %154 = cmp lt %153, %15 : i1
// OUT:           %155 = min %153, %16 : index
// OUT:           %156 = load @v1[%9, %155, %152] : f16
// OUT:           %157 = select %154, %156, %17 : f16
// OUT:           %158 = constant 0 : index
// OUT:           %159 = constant 1 : index
// OUT:           %160 = mul %151, %159 : index
// OUT:           %161 = add %158, %160 : index
// OUT:           %162 = constant 72 : index
// OUT:           %163 = mul %152, %162 : index
// OUT:           %164 = add %161, %163 : index
// OUT:           %165 = constant 768 : index
// OUT:           %166 = add %k62, %165 : index
// OUT:           %167 = constant 16 : index
// OUT:           %168 = div %166, %167 : index
// OUT:           %169 = rem %166, %167 : index
// OUT:           %170 = add %k59, %168 : index
// OUT:           %171 = cmp lt %170, %15 : i1
// OUT:           %172 = min %170, %16 : index
// OUT:           %173 = load @v1[%9, %172, %169] : f16
// OUT:           %174 = select %171, %173, %17 : f16
// OUT:           %175 = constant 0 : index
// OUT:           %176 = constant 1 : index
// OUT:           %177 = mul %168, %176 : index
// OUT:           %178 = add %175, %177 : index
// OUT:           %179 = constant 72 : index
// OUT:           %180 = mul %169, %179 : index
// OUT:           %181 = add %178, %180 : index
// OUT:           %182 = constant 896 : index
// OUT:           %183 = add %k62, %182 : index
// OUT:           %184 = constant 16 : index
// OUT:           %185 = div %183, %184 : index
// OUT:           %186 = rem %183, %184 : index
// OUT:           %187 = add %k59, %185 : index
// OUT:           %188 = cmp lt %187, %15 : i1
// OUT:           %189 = min %187, %16 : index
// OUT:           %190 = load @v1[%9, %189, %186] : f16
// OUT:           %191 = select %188, %190, %17 : f16
// OUT:           %192 = constant 0 : index
// OUT:           %193 = constant 1 : index
// OUT:           %194 = mul %185, %193 : index
// OUT:           %195 = add %192, %194 : index
// OUT:           %196 = constant 72 : index
// OUT:           %197 = mul %186, %196 : index
// OUT:           %198 = add %195, %197 : index
// OUT:           store @a3[%79], %72
// OUT:           store @a3[%96], %89
// OUT:           store @a3[%113], %106
// OUT:           store @a3[%130], %123
// OUT:           store @a3[%147], %140
// OUT:           store @a3[%164], %157
// OUT:           store @a3[%181], %174
// OUT:           store @a3[%198], %191
// OUT:         }
// OUT:         control_barrier workgroup
// OUT:         %199 = constant 4 : index
// OUT:         for %k200 = %18 to %199 step %19 {
// OUT:           %201 = constant 4 : index
// OUT:           %202 = div %k200, %201 : index
// OUT:           %203 = rem %k200, %201 : index
// OUT:           %204 = constant 0 : index
// OUT:           %205 = constant 384 : index
// OUT:           %206 = mul %202, %205 : index
// OUT:           %207 = add %204, %206 : index
// OUT:           %208 = constant 24 : index
// OUT:           %209 = matrix_load @a0[%207 + row * %208] : coopmat<16x16xf16, a>
// OUT:           %210 = constant 0 : index
// OUT:           %211 = constant 16 : index
// OUT:           %212 = mul %203, %211 : index
// OUT:           %213 = add %210, %212 : index
// OUT:           %214 = constant 72 : index
// OUT:           %215 = matrix_load @a3[%213 + row * %214] : coopmat<16x16xf16, b>
// OUT:           %216 = matrix_mul_add %209, %215, %56 : coopmat<16x16xf32, acc>
// OUT:           %217 = constant 0 : index
// OUT:           %218 = constant 1344 : index
// OUT:           %219 = mul %202, %218 : index
// OUT:           %220 = add %217, %219 : index
// OUT:           %221 = constant 16 : index
// OUT:           %222 = mul %203, %221 : index
// OUT:           %223 = add %220, %222 : index
// OUT:           %224 = add %223, %k59 : index
// OUT:           %225 = constant 84 : index
// OUT:           matrix_store %216, @a1[%224 + row * %225]
// OUT:         }
// OUT:         control_barrier workgroup
// OUT:       }
// OUT:       %226 = constant 64 : index
// OUT:       %227 = constant 256 : index
// OUT:       %228 = constant 256 : index
// OUT:       for %k229 = %i5 to %227 step %228 {
// OUT:         %230 = constant 0 : index
// OUT:         %231 = add %k229, %230 : index
// OUT:         %232 = constant 16 : index
// OUT:         %233 = div %231, %232 : index
// OUT:         %234 = rem %231, %232 : index
// OUT:         %235 = add %226, %233 : index
// OUT:         %236 = cmp lt %235, %15 : i1
// OUT:         %237 = min %235, %16 : index
// OUT:         %238 = load @v1[%9, %237, %234] : f16
// OUT:         %239 = select %236, %238, %17 : f16
// OUT:         %240 = constant 0 : index
// OUT:         %241 = constant 1 : index
// OUT:         %242 = mul %233, %241 : index
// OUT:         %243 = add %240, %242 : index
// OUT:         %244 = constant 72 : index
// OUT:         %245 = mul %234, %244 : index
// OUT:         %246 = add %243, %245 : index
// OUT:         %247 = constant 128 : index
// OUT:         %248 = add %k229, %247 : index
// OUT:         %249 = constant 16 : index
// OUT:         %250 = div %248, %249 : index
// OUT:         %251 = rem %248, %249 : index
// OUT:         %252 = add %226, %250 : index
// OUT:         %253 = cmp lt %252, %15 : i1
// OUT:         %254 = min %252, %16 : index
// OUT:         %255 = load @v1[%9, %254, %251] : f16
// OUT:         %256 = select %253, %255, %17 : f16
// OUT:         %257 = constant 0 : index
// OUT:         %258 = constant 1 : index
// OUT:         %259 = mul %250, %258 : index
// OUT:         %260 = add %257, %259 : index
// OUT:         %261 = constant 72 : index
// OUT:         %262 = mul %251, %261 : index
// OUT:         %263 = add %260, %262 : index
// OUT:         store @a3[%246], %239
// OUT:         store @a3[%263], %256
// OUT:       }
// OUT:       control_barrier workgroup
// OUT:       %264 = constant 1 : index
// OUT:       for %k265 = %18 to %264 step %19 {
// OUT:         %266 = constant 1 : index
// OUT:         %267 = div %k265, %266 : index
// OUT:         %268 = rem %k265, %266 : index
// OUT:         %269 = constant 0 : index
// OUT:         %270 = constant 384 : index
// OUT:         %271 = mul %267, %270 : index
// OUT:         %272 = add %269, %271 : index
// OUT:         %273 = constant 24 : index
// OUT:         %274 = matrix_load @a0[%272 + row * %273] : coopmat<16x16xf16, a>
// OUT:         %275 = constant 0 : index
// OUT:         %276 = constant 16 : index
// OUT:         %277 = mul %268, %276 : index
// OUT:         %278 = add %275, %277 : index
// OUT:         %279 = constant 72 : index
// OUT:         %280 = matrix_load @a3[%278 + row * %279] : coopmat<16x16xf16, b>
// OUT:         %281 = matrix_mul_add %274, %280, %56 : coopmat<16x16xf32, acc>
// OUT:         %282 = constant 0 : index
// OUT:         %283 = constant 1344 : index
// OUT:         %284 = mul %267, %283 : index
// OUT:         %285 = add %282, %284 : index
// OUT:         %286 = constant 16 : index
// OUT:         %287 = mul %268, %286 : index
// OUT:         %288 = add %285, %287 : index
// OUT:         %289 = add %288, %226 : index
// OUT:         %290 = constant 84 : index
// OUT:         matrix_store %281, @a1[%289 + row * %290]
// OUT:       }
// OUT:       control_barrier workgroup
// OUT:       %291 = constant 1024 : index
// OUT:       %292 = constant 1024 : index
// OUT:       for %k293 = %i5 to %291 step %292 {
// OUT:         %294 = constant 0 : index
// OUT:         %295 = add %k293, %294 : index
// OUT:         %296 = constant 77 : index
// OUT:         %297 = div %295, %296 : index
// OUT:         %298 = rem %295, %296 : index
// OUT:         %299 = add %11, %297 : index
// OUT:         %300 = min %299, %12 : index
// OUT:         %301 = constant 0 : index
// OUT:         %302 = constant 84 : index
// OUT:         %303 = mul %297, %302 : index
// OUT:         %304 = add %301, %303 : index
// OUT:         %305 = constant 1 : index
// OUT:         %306 = mul %298, %305 : index
// OUT:         %307 = add %304, %306 : index
// OUT:         %308 = load @a1[%307] : f32
// OUT:         %309 = constant 0.0 : f16
// OUT:         %310 = cast %309 : f16 : f32
// OUT:         %311 = add %310, %308 : f32
// OUT:         %312 = cast %311 : f32 : f16
// OUT:         %313 = constant 0.125 : f16
// OUT:         %314 = mul %312, %313 : f16
// OUT:         %315 = load @v2[%300, %298] : f16
// OUT:         %316 = add %314, %315 : f16
// OUT:         %317 = cast %316 : f16 : f32
// OUT:         %318 = constant 128 : index
// OUT:         %319 = add %k293, %318 : index
// OUT:         %320 = constant 77 : index
// OUT:         %321 = div %319, %320 : index
// OUT:         %322 = rem %319, %320 : index
// OUT:         %323 = add %11, %321 : index
// OUT:         %324 = min %323, %12 : index
// OUT:         %325 = constant 0 : index
// OUT:         %326 = constant 84 : index
// OUT:         %327 = mul %321, %326 : index
// OUT:         %328 = add %325, %327 : index
// OUT:         %329 = constant 1 : index
// OUT:         %330 = mul %322, %329 : index
// OUT:         %331 = add %328, %330 : index
// OUT:         %332 = load @a1[%331] : f32
// OUT:         %333 = cast %309 : f16 : f32
// OUT:         %334 = add %333, %332 : f32
// OUT:         %335 = cast %334 : f32 : f16
// OUT:         %336 = constant 0.125 : f16
// OUT:         %337 = mul %335, %336 : f16
// OUT:         %338 = load @v2[%324, %322] : f16
// OUT:         %339 = add %337, %338 : f16
// OUT:         %340 = cast %339 : f16 : f32
// OUT:         %341 = constant 256 : index
// OUT:         %342 = add %k293, %341 : index
// OUT:         %343 = constant 77 : index
// OUT:         %344 = div %342, %343 : index
// OUT:         %345 = rem %342, %343 : index
// OUT:         %346 = add %11, %344 : index
// OUT:         %347 = min %346, %12 : index
// OUT:         %348 = constant 0 : index
// OUT:         %349 = constant 84 : index
// OUT:         %350 = mul %344, %349 : index
// OUT:         %351 = add %348, %350 : index
// OUT:         %352 = constant 1 : index
// OUT:         %353 = mul %345, %352 : index
// OUT:         %354 = add %351, %353 : index
// OUT:         %355 = load @a1[%354] : f32
// OUT:         %356 = cast %309 : f16 : f32
// OUT:         %357 = add %356, %355 : f32
// OUT:         %358 = cast %357 : f32 : f16
// OUT:         %359 = constant 0.125 : f16
// OUT:         %360 = mul %358, %359 : f16
// OUT:         %361 = load @v2[%347, %345] : f16
// OUT:         %362 = add %360, %361 : f16
// OUT:         %363 = cast %362 : f16 : f32
// OUT:         %364 = constant 384 : index
// OUT:         %365 = add %k293, %364 : index
// OUT:         %366 = constant 77 : index
// OUT:         %367 = div %365, %366 : index
// OUT:         %368 = rem %365, %366 : index
// OUT:         %369 = add %11, %367 : index
// OUT:         %370 = min %369, %12 : index
// OUT:         %371 = constant 0 : index
// OUT:         %372 = constant 84 : index
// OUT:         %373 = mul %367, %372 : index
// OUT:         %374 = add %371, %373 : index
// OUT:         %375 = constant 1 : index
// OUT:         %376 = mul %368, %375 : index
// OUT:         %377 = add %374, %376 : index
// OUT:         %378 = load @a1[%377] : f32
// OUT:         %379 = cast %309 : f16 : f32
// OUT:         %380 = add %379, %378 : f32
// OUT:         %381 = cast %380 : f32 : f16
// OUT:         %382 = constant 0.125 : f16
// OUT:         %383 = mul %381, %382 : f16
// OUT:         %384 = load @v2[%370, %368] : f16
// OUT:         %385 = add %383, %384 : f16
// OUT:         %386 = cast %385 : f16 : f32
// OUT:         %387 = constant 512 : index
// OUT:         %388 = add %k293, %387 : index
// OUT:         %389 = constant 77 : index
// OUT:         %390 = div %388, %389 : index
// OUT:         %391 = rem %388, %389 : index
// OUT:         %392 = add %11, %390 : index
// OUT:         %393 = min %392, %12 : index
// OUT:         %394 = constant 0 : index
// OUT:         %395 = constant 84 : index
// OUT:         %396 = mul %390, %395 : index
// OUT:         %397 = add %394, %396 : index
// OUT:         %398 = constant 1 : index
// OUT:         %399 = mul %391, %398 : index
// OUT:         %400 = add %397, %399 : index
// OUT:         %401 = load @a1[%400] : f32
// OUT:         %402 = cast %309 : f16 : f32
// OUT:         %403 = add %402, %401 : f32
// OUT:         %404 = cast %403 : f32 : f16
// OUT:         %405 = constant 0.125 : f16
// OUT:         %406 = mul %404, %405 : f16
// OUT:         %407 = load @v2[%393, %391] : f16
// OUT:         %408 = add %406, %407 : f16
// OUT:         %409 = cast %408 : f16 : f32
// OUT:         %410 = constant 640 : index
// OUT:         %411 = add %k293, %410 : index
// OUT:         %412 = constant 77 : index
// OUT:         %413 = div %411, %412 : index
// OUT:         %414 = rem %411, %412 : index
// OUT:         %415 = add %11, %413 : index
// OUT:         %416 = min %415, %12 : index
// OUT:         %417 = constant 0 : index
// OUT:         %418 = constant 84 : index
// OUT:         %419 = mul %413, %418 : index
// OUT:         %420 = add %417, %419 : index
// OUT:         %421 = constant 1 : index
// OUT:         %422 = mul %414, %421 : index
// OUT:         %423 = add %420, %422 : index
// OUT:         %424 = load @a1[%423] : f32
// OUT:         %425 = cast %309 : f16 : f32
// OUT:         %426 = add %425, %424 : f32
// OUT:         %427 = cast %426 : f32 : f16
// OUT:         %428 = constant 0.125 : f16
// OUT:         %429 = mul %427, %428 : f16
// OUT:         %430 = load @v2[%416, %414] : f16
// OUT:         %431 = add %429, %430 : f16
// OUT:         %432 = cast %431 : f16 : f32
// OUT:         %433 = constant 768 : index
// OUT:         %434 = add %k293, %433 : index
// OUT:         %435 = constant 77 : index
// OUT:         %436 = div %434, %435 : index
// OUT:         %437 = rem %434, %435 : index
// OUT:         %438 = add %11, %436 : index
// OUT:         %439 = min %438, %12 : index
// OUT:         %440 = constant 0 : index
// OUT:         %441 = constant 84 : index
// OUT:         %442 = mul %436, %441 : index
// OUT:         %443 = add %440, %442 : index
// OUT:         %444 = constant 1 : index
// OUT:         %445 = mul %437, %444 : index
// OUT:         %446 = add %443, %445 : index
// OUT:         %447 = load @a1[%446] : f32
// OUT:         %448 = cast %309 : f16 : f32
// OUT:         %449 = add %448, %447 : f32
// OUT:         %450 = cast %449 : f32 : f16
// OUT:         %451 = constant 0.125 : f16
// OUT:         %452 = mul %450, %451 : f16
// OUT:         %453 = load @v2[%439, %437] : f16
// OUT:         %454 = add %452, %453 : f16
// OUT:         %455 = cast %454 : f16 : f32
// OUT:         %456 = constant 896 : index
// OUT:         %457 = add %k293, %456 : index
// OUT:         %458 = constant 77 : index
// OUT:         %459 = div %457, %458 : index
// OUT:         %460 = rem %457, %458 : index
// OUT:         %461 = add %11, %459 : index
// OUT:         %462 = min %461, %12 : index
// OUT:         %463 = constant 0 : index
// OUT:         %464 = constant 84 : index
// OUT:         %465 = mul %459, %464 : index
// OUT:         %466 = add %463, %465 : index
// OUT:         %467 = constant 1 : index
// OUT:         %468 = mul %460, %467 : index
// OUT:         %469 = add %466, %468 : index
// OUT:         %470 = load @a1[%469] : f32
// OUT:         %471 = cast %309 : f16 : f32
// OUT:         %472 = add %471, %470 : f32
// OUT:         %473 = cast %472 : f32 : f16
// OUT:         %474 = constant 0.125 : f16
// OUT:         %475 = mul %473, %474 : f16
// OUT:         %476 = load @v2[%462, %460] : f16
// OUT:         %477 = add %475, %476 : f16
// OUT:         %478 = cast %477 : f16 : f32
// OUT:         store @a1[%307], %317
// OUT:         store @a1[%331], %340
// OUT:         store @a1[%354], %363
// OUT:         store @a1[%377], %386
// OUT:         store @a1[%400], %409
// OUT:         store @a1[%423], %432
// OUT:         store @a1[%446], %455
// OUT:         store @a1[%469], %478
// OUT:       }
// OUT:       %479 = constant 1024 : index
// OUT:       %480 = add %i5, %479 : index
// OUT:       %481 = constant 1232 : index
// OUT:       for %k482 = %480 to %481 step %14 {
// OUT:         %483 = constant 77 : index
// OUT:         %484 = div %k482, %483 : index
// OUT:         %485 = rem %k482, %483 : index
// OUT:         %486 = add %11, %484 : index
// OUT:         %487 = min %486, %12 : index
// OUT:         %488 = constant 0 : index
// OUT:         %489 = constant 84 : index
// OUT:         %490 = mul %484, %489 : index
// OUT:         %491 = add %488, %490 : index
// OUT:         %492 = constant 1 : index
// OUT:         %493 = mul %485, %492 : index
// OUT:         %494 = add %491, %493 : index
// OUT:         %495 = load @a1[%494] : f32
// OUT:         %496 = constant 0.0 : f16
// OUT:         %497 = cast %496 : f16 : f32
// OUT:         %498 = add %497, %495 : f32
// OUT:         %499 = cast %498 : f32 : f16
// OUT:         %500 = constant 0.125 : f16
// OUT:         %501 = mul %499, %500 : f16
// OUT:         %502 = load @v2[%487, %485] : f16
// OUT:         %503 = add %501, %502 : f16
// OUT:         %504 = cast %503 : f16 : f32
// OUT:         store @a1[%494], %504
// OUT:       }
// OUT:       control_barrier workgroup
// OUT:       %505 = subgroup_local_invocation_id : index
// OUT:       %506 = constant 32 : index
// OUT:       for %k507 = %18 to %10 step %19 {
// OUT:         %508 = constant 0 : index
// OUT:         %509 = constant 84 : index
// OUT:         %510 = mul %k507, %509 : index
// OUT:         %511 = add %508, %510 : index
// OUT:         %512 = constant -inf : f32
// OUT:         store @a4[], %512
// OUT:         for %k513 = %505 to %15 step %506 {
// OUT:           %514 = add %511, %k513 : index
// OUT:           %515 = load @a1[%514] : f32
// OUT:           %516 = load @a4[] : f32
// OUT:           %517 = max %516, %515 : f32
// OUT:           store @a4[], %517
// OUT:         }
// OUT:         %518 = load @a4[] : f32
// OUT:         %519 = subgroup_reduce max %518 : f32
// OUT:         %520 = constant 0.0 : f32
// OUT:         store @a4[], %520
// OUT:         for %k521 = %505 to %15 step %506 {
// OUT:           %522 = add %511, %k521 : index
// OUT:           %523 = load @a1[%522] : f32
// OUT:           %524 = load @a4[] : f32
// OUT:           %525 = sub %523, %519 : f32
// OUT:           %526 = exp %525 : f32
// OUT:           store @a1[%522], %526
// OUT:           %527 = add %524, %526 : f32
// OUT:           store @a4[], %527
// OUT:         }
// OUT:         %528 = load @a4[] : f32
// OUT:         %529 = subgroup_reduce add %528 : f32
// OUT:         %530 = constant 1.0 : f32
// OUT:         %531 = div %530, %529 : f32
// OUT:         %532 = add %11, %k507 : index
// OUT:         %533 = min %532, %12 : index
// OUT:         %534 = constant 0 : index
// OUT:         %535 = constant 88 : index
// OUT:         %536 = mul %k507, %535 : index
// OUT:         %537 = add %534, %536 : index
// OUT:         for %k538 = %505 to %15 step %506 {
// OUT:           %539 = add %511, %k538 : index
// OUT:           %540 = load @a1[%539] : f32
// OUT:           %541 = mul %540, %531 : f32
// OUT:           %542 = cast %541 : f32 : f16
// OUT:           %543 = add %537, %k538 : index
// OUT:           store @a2[%543], %542
// OUT:         }
// OUT:         %544 = add %15, %505 : index
// OUT:         %545 = constant 80 : index
// OUT:         for %k546 = %544 to %545 step %506 {
// OUT:           %547 = add %537, %k546 : index
// OUT:           store @a2[%547], %17
// OUT:         }
// OUT:       }
// OUT:       store @a5[], %56
// OUT:       %548 = constant 64 : index
// OUT:       %549 = constant 64 : index
// OUT:       for %k550 = %13 to %548 step %549 {
// OUT:         %551 = constant 1024 : index
// OUT:         %552 = constant 1024 : index
// OUT:         for %k553 = %i5 to %551 step %552 {
// OUT:           %554 = constant 0 : index
// OUT:           %555 = add %k553, %554 : index
// OUT:           %556 = constant 16 : index
// OUT:           %557 = div %555, %556 : index
// OUT:           %558 = rem %555, %556 : index
// OUT:           %559 = add %k550, %557 : index
// OUT:           %560 = cmp lt %559, %15 : i1
// OUT:           %561 = min %559, %16 : index
// OUT:           %562 = load @v3[%9, %561, %558] : f16
// OUT:           %563 = select %560, %562, %17 : f16
// OUT:           %564 = constant 0 : index
// OUT:           %565 = constant 24 : index
// OUT:           %566 = mul %557, %565 : index
// OUT:           %567 = add %564, %566 : index
// OUT:           %568 = constant 1 : index
// OUT:           %569 = mul %558, %568 : index
// OUT:           %570 = add %567, %569 : index
// OUT:           %571 = constant 128 : index
// OUT:           %572 = add %k553, %571 : index
// OUT:           %573 = constant 16 : index
// OUT:           %574 = div %572, %573 : index
// OUT:           %575 = rem %572, %573 : index
// OUT:           %576 = add %k550, %574 : index
// OUT:           %577 = cmp lt %576, %15 : i1
// OUT:           %578 = min %576, %16 : index
// OUT:           %579 = load @v3[%9, %578, %575] : f16
// OUT:           %580 = select %577, %579, %17 : f16
// OUT:           %581 = constant 0 : index
// OUT:           %582 = constant 24 : index
// OUT:           %583 = mul %574, %582 : index
// OUT:           %584 = add %581, %583 : index
// OUT:           %585 = constant 1 : index
// OUT:           %586 = mul %575, %585 : index
// OUT:           %587 = add %584, %586 : index
// OUT:           %588 = constant 256 : index
// OUT:           %589 = add %k553, %588 : index
// OUT:           %590 = constant 16 : index
// OUT:           %591 = div %589, %590 : index
// OUT:           %592 = rem %589, %590 : index
// OUT:           %593 = add %k550, %591 : index
// OUT:           %594 = cmp lt %593, %15 : i1
// OUT:           %595 = min %593, %16 : index
// OUT:           %596 = load @v3[%9, %595, %592] : f16
// OUT:           %597 = select %594, %596, %17 : f16
// OUT:           %598 = constant 0 : index
// OUT:           %599 = constant 24 : index
// OUT:           %600 = mul %591, %599 : index
// OUT:           %601 = add %598, %600 : index
// OUT:           %602 = constant 1 : index
// OUT:           %603 = mul %592, %602 : index
// OUT:           %604 = add %601, %603 : index
// OUT:           %605 = constant 384 : index
// OUT:           %606 = add %k553, %605 : index
// OUT:           %607 = constant 16 : index
// OUT:           %608 = div %606, %607 : index
// OUT:           %609 = rem %606, %607 : index
// OUT:           %610 = add %k550, %608 : index
// OUT:           %611 = cmp lt %610, %15 : i1
// OUT:           %612 = min %610, %16 : index
// OUT:           %613 = load @v3[%9, %612, %609] : f16
// OUT:           %614 = select %611, %613, %17 : f16
// OUT:           %615 = constant 0 : index
// OUT:           %616 = constant 24 : index
// OUT:           %617 = mul %608, %616 : index
// OUT:           %618 = add %615, %617 : index
// OUT:           %619 = constant 1 : index
// OUT:           %620 = mul %609, %619 : index
// OUT:           %621 = add %618, %620 : index
// OUT:           %622 = constant 512 : index
// OUT:           %623 = add %k553, %622 : index
// OUT:           %624 = constant 16 : index
// OUT:           %625 = div %623, %624 : index
// OUT:           %626 = rem %623, %624 : index
// OUT:           %627 = add %k550, %625 : index
// OUT:           %628 = cmp lt %627, %15 : i1
// OUT:           %629 = min %627, %16 : index
// OUT:           %630 = load @v3[%9, %629, %626] : f16
// OUT:           %631 = select %628, %630, %17 : f16
// OUT:           %632 = constant 0 : index
// OUT:           %633 = constant 24 : index
// OUT:           %634 = mul %625, %633 : index
// OUT:           %635 = add %632, %634 : index
// OUT:           %636 = constant 1 : index
// OUT:           %637 = mul %626, %636 : index
// OUT:           %638 = add %635, %637 : index
// OUT:           %639 = constant 640 : index
// OUT:           %640 = add %k553, %639 : index
// OUT:           %641 = constant 16 : index
// OUT:           %642 = div %640, %641 : index
// OUT:           %643 = rem %640, %641 : index
// OUT:           %644 = add %k550, %642 : index
// OUT:           %645 = cmp lt %644, %15 : i1
// OUT:           %646 = min %644, %16 : index
// OUT:           %647 = load @v3[%9, %646, %643] : f16
// OUT:           %648 = select %645, %647, %17 : f16
// OUT:           %649 = constant 0 : index
// OUT:           %650 = constant 24 : index
// OUT:           %651 = mul %642, %650 : index
// OUT:           %652 = add %649, %651 : index
// OUT:           %653 = constant 1 : index
// OUT:           %654 = mul %643, %653 : index
// OUT:           %655 = add %652, %654 : index
// OUT:           %656 = constant 768 : index
// OUT:           %657 = add %k553, %656 : index
// OUT:           %658 = constant 16 : index
// OUT:           %659 = div %657, %658 : index
// OUT:           %660 = rem %657, %658 : index
// OUT:           %661 = add %k550, %659 : index
// OUT:           %662 = cmp lt %661, %15 : i1
// OUT:           %663 = min %661, %16 : index
// OUT:           %664 = load @v3[%9, %663, %660] : f16
// OUT:           %665 = select %662, %664, %17 : f16
// OUT:           %666 = constant 0 : index
// OUT:           %667 = constant 24 : index
// OUT:           %668 = mul %659, %667 : index
// OUT:           %669 = add %666, %668 : index
// OUT:           %670 = constant 1 : index
// OUT:           %671 = mul %660, %670 : index
// OUT:           %672 = add %669, %671 : index
// OUT:           %673 = constant 896 : index
// OUT:           %674 = add %k553, %673 : index
// OUT:           %675 = constant 16 : index
// OUT:           %676 = div %674, %675 : index
// OUT:           %677 = rem %674, %675 : index
// OUT:           %678 = add %k550, %676 : index
// OUT:           %679 = cmp lt %678, %15 : i1
// OUT:           %680 = min %678, %16 : index
// OUT:           %681 = load @v3[%9, %680, %677] : f16
// OUT:           %682 = select %679, %681, %17 : f16
// OUT:           %683 = constant 0 : index
// OUT:           %684 = constant 24 : index
// OUT:           %685 = mul %676, %684 : index
// OUT:           %686 = add %683, %685 : index
// OUT:           %687 = constant 1 : index
// OUT:           %688 = mul %677, %687 : index
// OUT:           %689 = add %686, %688 : index
// OUT:           store @a3[%570], %563
// OUT:           store @a3[%587], %580
// OUT:           store @a3[%604], %597
// OUT:           store @a3[%621], %614
// OUT:           store @a3[%638], %631
// OUT:           store @a3[%655], %648
// OUT:           store @a3[%672], %665
// OUT:           store @a3[%689], %682
// OUT:         }
// OUT:         control_barrier workgroup
// OUT:         %690 = constant 0 : index
// OUT:         %691 = constant 1 : index
// OUT:         %692 = mul %18, %691 : index
// OUT:         %693 = add %690, %692 : index
// OUT:         %694 = constant 1 : index
// OUT:         %695 = div %693, %694 : index
// OUT:         %696 = rem %693, %694 : index
// OUT:         %697 = constant 1 : index
// OUT:         %698 = cmp lt %693, %697 : i1
// OUT:         if %698 {
// OUT:           %699 = load @a5[] : coopmat<16x16xf32, acc>
// OUT:           %700 = constant 0 : index
// OUT:           %701 = constant 1408 : index
// OUT:           %702 = mul %695, %701 : index
// OUT:           %703 = add %700, %702 : index
// OUT:           %704 = add %703, %k550 : index
// OUT:           %705 = constant 88 : index
// OUT:           %706 = matrix_load @a2[%704 + row * %705] : coopmat<16x16xf16, a>
// OUT:           %707 = constant 0 : index
// OUT:           %708 = constant 16 : index
// OUT:           %709 = mul %696, %708 : index
// OUT:           %710 = add %707, %709 : index
// OUT:           %711 = constant 24 : index
// OUT:           %712 = matrix_load @a3[%710 + row * %711] : coopmat<16x16xf16, b>
// OUT:           %713 = matrix_mul_add %706, %712, %699 : coopmat<16x16xf32, acc>
// OUT:           %714 = constant 16 : index
// OUT:           %715 = constant 1408 : index
// OUT:           %716 = mul %695, %715 : index
// OUT:           %717 = add %714, %716 : index
// OUT:           %718 = add %717, %k550 : index
// OUT:           %719 = constant 88 : index
// OUT:           %720 = matrix_load @a2[%718 + row * %719] : coopmat<16x16xf16, a>
// OUT:           %721 = constant 384 : index
// OUT:           %722 = constant 16 : index
// OUT:           %723 = mul %696, %722 : index
// OUT:           %724 = add %721, %723 : index
// OUT:           %725 = constant 24 : index
// OUT:           %726 = matrix_load @a3[%724 + row * %725] : coopmat<16x16xf16, b>
// OUT:           %727 = matrix_mul_add %720, %726, %713 : coopmat<16x16xf32, acc>
// OUT:           %728 = constant 32 : index
// OUT:           %729 = constant 1408 : index
// OUT:           %730 = mul %695, %729 : index
// OUT:           %731 = add %728, %730 : index
// OUT:           %732 = add %731, %k550 : index
// OUT:           %733 = constant 88 : index
// OUT:           %734 = matrix_load @a2[%732 + row * %733] : coopmat<16x16xf16, a>
// OUT:           %735 = constant 768 : index
// OUT:           %736 = constant 16 : index
// OUT:           %737 = mul %696, %736 : index
// OUT:           %738 = add %735, %737 : index
// OUT:           %739 = constant 24 : index
// OUT:           %740 = matrix_load @a3[%738 + row * %739] : coopmat<16x16xf16, b>
// OUT:           %741 = matrix_mul_add %734, %740, %727 : coopmat<16x16xf32, acc>
// OUT:           %742 = constant 48 : index
// OUT:           %743 = constant 1408 : index
// OUT:           %744 = mul %695, %743 : index
// OUT:           %745 = add %742, %744 : index
// OUT:           %746 = add %745, %k550 : index
// OUT:           %747 = constant 88 : index
// OUT:           %748 = matrix_load @a2[%746 + row * %747] : coopmat<16x16xf16, a>
// OUT:           %749 = constant 1152 : index
// OUT:           %750 = constant 16 : index
// OUT:           %751 = mul %696, %750 : index
// OUT:           %752 = add %749, %751 : index
// OUT:           %753 = constant 24 : index
// OUT:           %754 = matrix_load @a3[%752 + row * %753] : coopmat<16x16xf16, b>
// OUT:           %755 = matrix_mul_add %748, %754, %741 : coopmat<16x16xf32, acc>
// OUT:           store @a5[], %755
// OUT:         }
// OUT:         control_barrier workgroup
// OUT:       }
// OUT:       %756 = constant 64 : index
// OUT:       %757 = constant 256 : index
// OUT:       %758 = constant 256 : index
// OUT:       for %k759 = %i5 to %757 step %758 {
// OUT:         %760 = constant 0 : index
// OUT:         %761 = add %k759, %760 : index
// OUT:         %762 = constant 16 : index
// OUT:         %763 = div %761, %762 : index
// OUT:         %764 = rem %761, %762 : index
// OUT:         %765 = add %756, %763 : index
// OUT:         %766 = cmp lt %765, %15 : i1
// OUT:         %767 = min %765, %16 : index
// OUT:         %768 = load @v3[%9, %767, %764] : f16
// OUT:         %769 = select %766, %768, %17 : f16
// OUT:         %770 = constant 0 : index
// OUT:         %771 = constant 24 : index
// OUT:         %772 = mul %763, %771 : index
// OUT:         %773 = add %770, %772 : index
// OUT:         %774 = constant 1 : index
// OUT:         %775 = mul %764, %774 : index
// OUT:         %776 = add %773, %775 : index
// OUT:         %777 = constant 128 : index
// OUT:         %778 = add %k759, %777 : index
// OUT:         %779 = constant 16 : index
// OUT:         %780 = div %778, %779 : index
// OUT:         %781 = rem %778, %779 : index
// OUT:         %782 = add %756, %780 : index
// OUT:         %783 = cmp lt %782, %15 : i1
// OUT:         %784 = min %782, %16 : index
// OUT:         %785 = load @v3[%9, %784, %781] : f16
// OUT:         %786 = select %783, %785, %17 : f16
// OUT:         %787 = constant 0 : index
// OUT:         %788 = constant 24 : index
// OUT:         %789 = mul %780, %788 : index
// OUT:         %790 = add %787, %789 : index
// OUT:         %791 = constant 1 : index
// OUT:         %792 = mul %781, %791 : index
// OUT:         %793 = add %790, %792 : index
// OUT:         store @a3[%776], %769
// OUT:         store @a3[%793], %786
// OUT:       }
// OUT:       control_barrier workgroup
// OUT:       %794 = constant 0 : index
// OUT:       %795 = constant 1 : index
// OUT:       %796 = mul %18, %795 : index
// OUT:       %797 = add %794, %796 : index
// OUT:       %798 = constant 1 : index
// OUT:       %799 = div %797, %798 : index
// OUT:       %800 = rem %797, %798 : index
// OUT:       %801 = constant 1 : index
// OUT:       %802 = cmp lt %797, %801 : i1
// OUT:       if %802 {
// OUT:         %803 = load @a5[] : coopmat<16x16xf32, acc>
// OUT:         %804 = constant 0 : index
// OUT:         %805 = constant 1408 : index
// OUT:         %806 = mul %799, %805 : index
// OUT:         %807 = add %804, %806 : index
// OUT:         %808 = add %807, %756 : index
// OUT:         %809 = constant 88 : index
// OUT:         %810 = matrix_load @a2[%808 + row * %809] : coopmat<16x16xf16, a>
// OUT:         %811 = constant 0 : index
// OUT:         %812 = constant 16 : index
// OUT:         %813 = mul %800, %812 : index
// OUT:         %814 = add %811, %813 : index
// OUT:         %815 = constant 24 : index
// OUT:         %816 = matrix_load @a3[%814 + row * %815] : coopmat<16x16xf16, b>
// OUT:         %817 = matrix_mul_add %810, %816, %803 : coopmat<16x16xf32, acc>
// OUT:         store @a5[], %817
// OUT:       }
// OUT:       control_barrier workgroup
// OUT:       %818 = constant 0 : index
// OUT:       %819 = constant 1 : index
// OUT:       %820 = mul %18, %819 : index
// OUT:       %821 = add %818, %820 : index
// OUT:       %822 = constant 1 : index
// OUT:       %823 = div %821, %822 : index
// OUT:       %824 = rem %821, %822 : index
// OUT:       %825 = constant 1 : index
// OUT:       %826 = cmp lt %821, %825 : i1
// OUT:       if %826 {
// OUT:         %827 = load @a5[] : coopmat<16x16xf32, acc>
// OUT:         %828 = constant 0 : index
// OUT:         %829 = constant 1344 : index
// OUT:         %830 = mul %823, %829 : index
// OUT:         %831 = add %828, %830 : index
// OUT:         %832 = constant 16 : index
// OUT:         %833 = mul %824, %832 : index
// OUT:         %834 = add %831, %833 : index
// OUT:         %835 = constant 84 : index
// OUT:         matrix_store %827, @a1[%834 + row * %835]
// OUT:       }
// OUT:       control_barrier workgroup
// OUT:       %836 = constant 33 : index
// OUT:       %837 = constant 256 : index
// OUT:       for %k838 = %i5 to %837 step %14 {
// OUT:         %839 = constant 16 : index
// OUT:         %840 = div %k838, %839 : index
// OUT:         %841 = rem %k838, %839 : index
// OUT:         %842 = add %11, %840 : index
// OUT:         %843 = cmp lt %842, %836 : i1
// OUT:         if %843 {
// OUT:           %844 = constant 0 : index
// OUT:           %845 = constant 84 : index
// OUT:           %846 = mul %840, %845 : index
// OUT:           %847 = add %844, %846 : index
// OUT:           %848 = constant 1 : index
// OUT:           %849 = mul %841, %848 : index
// OUT:           %850 = add %847, %849 : index
// OUT:           %851 = load @a1[%850] : f32
// OUT:           %852 = constant 0.0 : f16
// OUT:           %853 = cast %852 : f16 : f32
// OUT:           %854 = add %853, %851 : f32
// OUT:           %855 = cast %854 : f32 : f16
// OUT:           store @v4[%9, %842, %841], %855
// OUT:         }
// OUT:       }
// OUT:     }
// OUT:   }
// OUT: }

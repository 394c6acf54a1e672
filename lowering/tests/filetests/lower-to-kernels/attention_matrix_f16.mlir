// RUN: lower-to-kernels target=nvidia-h200
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
// OUT: kernel @dispatch_0_attention local_size [128, 1, 1] workgroup_count [1, 1, 1] {
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
// OUT:       for %k23 = %i5 to %22 step %14 {
// OUT:         %24 = constant 16 : index
// OUT:         %25 = div %k23, %24 : index
// OUT:         %26 = rem %k23, %24 : index
// OUT:         %27 = add %11, %25 : index
// OUT:         %28 = min %27, %12 : index
// OUT:         %29 = load @v0[%9, %28, %26] : f16
// OUT:         %30 = constant 0 : index
// OUT:         %31 = constant 24 : index
// OUT:         %32 = mul %25, %31 : index
// OUT:         %33 = add %30, %32 : index
// OUT:         %34 = constant 1 : index
// OUT:         %35 = mul %26, %34 : index
// OUT:         %36 = add %33, %35 : index
// OUT:         store @a0[%36], %29
// OUT:       }
// OUT:       %37 = constant 0.0 : f32
// OUT:       %38 = splat %37 : coopmat<16x16xf32, acc>
// OUT:       %39 = constant 64 : index
// OUT:       %40 = constant 64 : index
// OUT:       for %k41 = %13 to %39 step %40 {
// OUT:         %42 = constant 1024 : index
// OUT:         for %k43 = %i5 to %42 step %14 {
// OUT:           %44 = constant 16 : index
// OUT:           %45 = div %k43, %44 : index
// OUT:           %46 = rem %k43, %44 : index
// OUT:           %47 = add %k41, %45 : index
// OUT:           %48 = cmp lt %47, %15 : i1
// OUT:           %49 = min %47, %16 : index
// OUT:           %50 = load @v1[%9, %49, %46] : f16
// OUT:           %51 = select %48, %50, %17 : f16
// OUT:           %52 = constant 0 : index
// OUT:           %53 = constant 72 : index
// OUT:           %54 = mul %46, %53 : index
// OUT:           %55 = add %52, %54 : index
// OUT:           %56 = constant 1 : index
// OUT:           %57 = mul %45, %56 : index
// OUT:           %58 = add %55, %57 : index
// OUT:           store @a3[%58], %51
// OUT:         }
// OUT:         control_barrier workgroup
// OUT:         %59 = constant 4 : index
// OUT:         for %k60 = %18 to %59 step %19 {
// OUT:           %61 = constant 4 : index
// OUT:           %62 = div %k60, %61 : index
// OUT:           %63 = rem %k60, %61 : index
// OUT:           %64 = constant 0 : index
// OUT:           %65 = constant 384 : index
// OUT:           %66 = mul %62, %65 : index
// OUT:           %67 = add %64, %66 : index
// OUT:           %68 = constant 24 : index
// OUT:           %69 = matrix_load @a0[%67 + row * %68] : coopmat<16x16xf16, a>
// OUT:           %70 = constant 0 : index
// OUT:           %71 = constant 16 : index
// OUT:           %72 = mul %63, %71 : index
// OUT:           %73 = add %70, %72 : index
// OUT:           %74 = constant 72 : index
// OUT:           %75 = matrix_load @a3[%73 + row * %74] : coopmat<16x16xf16, b>
// OUT:           %76 = matrix_mul_add %69, %75, %38 : coopmat<16x16xf32, acc>
// OUT:           %77 = constant 0 : index
// OUT:           %78 = constant 1344 : index
// OUT:           %79 = mul %62, %78 : index
// OUT:           %80 = add %77, %79 : index
// OUT:           %81 = constant 16 : index
// OUT:           %82 = mul %63, %81 : index
// OUT:           %83 = add %80, %82 : index
// OUT:           %84 = add %83, %k41 : index
// OUT:           %85 = constant 84 : index
// OUT:           matrix_store %76, @a1[%84 + row * %85]
// OUT:         }
// OUT:         control_barrier workgroup
// OUT:       }
// OUT:       %86 = constant 64 : index
// OUT:       %87 = constant 256 : index
// OUT:       for %k88 = %i5 to %87 step %14 {
// OUT:         %89 = constant 16 : index
// OUT:         %90 = div %k88, %89 : index
// OUT:         %91 = rem %k88, %89 : index
// OUT:         %92 = add %86, %90 : index
// OUT:         %93 = cmp lt %92, %15 : i1
// OUT:         %94 = min %92, %16 : index
// OUT:         %95 = load @v1[%9, %94, %91] : f16
// OUT:         %96 = select %93, %95, %17 : f16
// OUT:         %97 = constant 0 : index
// OUT:         %98 = constant 72 : index
// OUT:         %99 = mul %91, %98 : index
// OUT:         %100 = add %97, %99 : index
// OUT:         %101 = constant 1 : index
// OUT:         %102 = mul %90, %101 : index
// OUT:         %103 = add %100, %102 : index
// OUT:         store @a3[%103], %96
// OUT:       }
// OUT:       control_barrier workgroup
// OUT:       %104 = constant 1 : index
// OUT:       for %k105 = %18 to %104 step %19 {
// OUT:         %106 = constant 1 : index
// OUT:         %107 = div %k105, %106 : index
// OUT:         %108 = rem %k105, %106 : index
// OUT:         %109 = constant 0 : index
// OUT:         %110 = constant 384 : index
// OUT:         %111 = mul %107, %110 : index
// OUT:         %112 = add %109, %111 : index
// OUT:         %113 = constant 24 : index
// OUT:         %114 = matrix_load @a0[%112 + row * %113] : coopmat<16x16xf16, a>
// OUT:         %115 = constant 0 : index
// OUT:         %116 = constant 16 : index
// OUT:         %117 = mul %108, %116 : index
// OUT:         %118 = add %115, %117 : index
// OUT:         %119 = constant 72 : index
// OUT:         %120 = matrix_load @a3[%118 + row * %119] : coopmat<16x16xf16, b>
// OUT:         %121 = matrix_mul_add %114, %120, %38 : coopmat<16x16xf32, acc>
// OUT:         %122 = constant 0 : index
// OUT:         %123 = constant 1344 : index
// OUT:         %124 = mul %107, %123 : index
// OUT:         %125 = add %122, %124 : index
// OUT:         %126 = constant 16 : index
// OUT:         %127 = mul %108, %126 : index
// OUT:         %128 = add %125, %127 : index
// OUT:         %129 = add %128, %86 : index
// OUT:         %130 = constant 84 : index
// OUT:         matrix_store %121, @a1[%129 + row * %130]
// OUT:       }
// OUT:       control_barrier workgroup
// OUT:       %131 = constant 1232 : index
// OUT:       for %k132 = %i5 to %131 step %14 {
// OUT:         %133 = constant 77 : index
// OUT:         %134 = div %k132, %133 : index
// OUT:         %135 = rem %k132, %133 : index
// OUT:         %136 = add %11, %134 : index
// OUT:         %137 = min %136, %12 : index
// OUT:         %138 = constant 0 : index
// OUT:         %139 = constant 84 : index
// OUT:         %140 = mul %134, %139 : index
// OUT:         %141 = add %138, %140 : index
// OUT:         %142 = constant 1 : index
// OUT:         %143 = mul %135, %142 : index
// OUT:         %144 = add %141, %143 : index
// OUT:         %145 = load @a1[%144] : f32
// OUT:         %146 = constant 0.0 : f16
// OUT:         %147 = cast %146 : f16 : f32
// OUT:         %148 = add %147, %145 : f32
// OUT:         %149 = cast %148 : f32 : f16
// OUT:         %150 = constant 0.125 : f16
// OUT:         %151 = mul %149, %150 : f16
// OUT:         %152 = load @v2[%137, %135] : f16
// OUT:         %153 = add %151, %152 : f16
// OUT:         %154 = cast %153 : f16 : f32
// OUT:         store @a1[%144], %154
// OUT:       }
// OUT:       control_barrier workgroup
// OUT:       %155 = subgroup_local_invocation_id : index
// OUT:       %156 = constant 32 : index
// OUT:       for %k157 = %18 to %10 step %19 {
// OUT:         %158 = constant 0 : index
// OUT:         %159 = constant 84 : index
// OUT:         %160 = mul %k157, %159 : index
// OUT:         %161 = add %158, %160 : index
// OUT:         %162 = constant -inf : f32
// OUT:         store @a4[], %162
// OUT:         for %k163 = %155 to %15 step %156 {
// OUT:           %164 = add %161, %k163 : index
// OUT:           %165 = load @a1[%164] : f32
// OUT:           %166 = load @a4[] : f32
// OUT:           %167 = max %166, %165 : f32
// OUT:           store @a4[], %167
// OUT:         }
// OUT:         %168 = load @a4[] : f32
// OUT:         %169 = subgroup_reduce max %168 : f32
// OUT:         %170 = constant 0.0 : f32
// OUT:         store @a4[], %170
// OUT:         for %k171 = %155 to %15 step %156 {
// OUT:           %172 = add %161, %k171 : index
// OUT:           %173 = load @a1[%172] : f32
// OUT:           %174 = load @a4[] : f32
// OUT:           %175 = sub %173, %169 : f32
// OUT:           %176 = exp %175 : f32
// OUT:           store @a1[%172], %176
// OUT:           %177 = add %174, %176 : f32
// OUT:           store @a4[], %177
// OUT:         }
// OUT:         %178 = load @a4[] : f32
// OUT:         %179 = subgroup_reduce add %178 : f32
// OUT:         %180 = constant 1.0 : f32
// OUT:         %181 = div %180, %179 : f32
// OUT:         %182 = add %11, %k157 : index
// OUT:         %183 = min %182, %12 : index
// OUT:         %184 = constant 0 : index
// OUT:         %185 = constant 88 : index
// OUT:         %186 = mul %k157, %185 : index
// OUT:         %187 = add %184, %186 : index
// OUT:         for %k188 = %155 to %15 step %156 {
// OUT:           %189 = add %161, %k188 : index
// OUT:           %190 = load @a1[%189] : f32
// OUT:           %191 = mul %190, %181 : f32
// OUT:           %192 = cast %191 : f32 : f16
// OUT:           %193 = add %187, %k188 : index
// OUT:           store @a2[%193], %192
// OUT:         }
// OUT:         %194 = add %15, %155 : index
// OUT:         %195 = constant 80 : index
// OUT:         for %k196 = %194 to %195 step %156 {
// OUT:           %197 = add %187, %k196 : index
// OUT:           store @a2[%197], %17
// OUT:         }
// OUT:       }
// OUT:       store @a5[], %38
// OUT:       %198 = constant 64 : index
// OUT:       %199 = constant 64 : index
// OUT:       for %k200 = %13 to %198 step %199 {
// OUT:         %201 = constant 1024 : index
// OUT:         for %k202 = %i5 to %201 step %14 {
// OUT:           %203 = constant 16 : index
// OUT:           %204 = div %k202, %203 : index
// OUT:           %205 = rem %k202, %203 : index
// OUT:           %206 = add %k200, %204 : index
// OUT:           %207 = cmp lt %206, %15 : i1
// OUT:           %208 = min %206, %16 : index
// OUT:           %209 = load @v3[%9, %208, %205] : f16
// OUT:           %210 = select %207, %209, %17 : f16
// OUT:           %211 = constant 0 : index
// OUT:           %212 = constant 24 : index
// OUT:           %213 = mul %204, %212 : index
// OUT:           %214 = add %211, %213 : index
// OUT:           %215 = constant 1 : index
// OUT:           %216 = mul %205, %215 : index
// OUT:           %217 = add %214, %216 : index
// OUT:           store @a3[%217], %210
// OUT:         }
// OUT:         control_barrier workgroup
// OUT:         %218 = constant 0 : index
// OUT:         %219 = constant 1 : index
// OUT:         %220 = mul %18, %219 : index
// OUT:         %221 = add %218, %220 : index
// OUT:         %222 = constant 1 : index
// OUT:         %223 = div %221, %222 : index
// OUT:         %224 = rem %221, %222 : index
// OUT:         %225 = constant 1 : index
// OUT:         %226 = cmp lt %221, %225 : i1
// OUT:         if %226 {
// OUT:           %227 = load @a5[] : coopmat<16x16xf32, acc>
// OUT:           %228 = constant 0 : index
// OUT:           %229 = constant 1408 : index
// OUT:           %230 = mul %223, %229 : index
// OUT:           %231 = add %228, %230 : index
// OUT:           %232 = add %231, %k200 : index
// OUT:           %233 = constant 88 : index
// OUT:           %234 = matrix_load @a2[%232 + row * %233] : coopmat<16x16xf16, a>
// OUT:           %235 = constant 0 : index
// OUT:           %236 = constant 16 : index
// OUT:           %237 = mul %224, %236 : index
// OUT:           %238 = add %235, %237 : index
// OUT:           %239 = constant 24 : index
// OUT:           %240 = matrix_load @a3[%238 + row * %239] : coopmat<16x16xf16, b>
// OUT:           %241 = matrix_mul_add %234, %240, %227 : coopmat<16x16xf32, acc>
// OUT:           %242 = constant 16 : index
// OUT:           %243 = constant 1408 : index
// OUT:           %244 = mul %223, %243 : index
// OUT:           %245 = add %242, %244 : index
// OUT:           %246 = add %245, %k200 : index
// OUT:           %247 = constant 88 : index
// OUT:           %248 = matrix_load @a2[%246 + row * %247] : coopmat<16x16xf16, a>
// OUT:           %249 = constant 384 : index
// OUT:           %250 = constant 16 : index
// OUT:           %251 = mul %224, %250 : index
// OUT:           %252 = add %249, %251 : index
// OUT:           %253 = constant 24 : index
// OUT:           %254 = matrix_load @a3[%252 + row * %253] : coopmat<16x16xf16, b>
// OUT:           %255 = matrix_mul_add %248, %254, %241 : coopmat<16x16xf32, acc>
// OUT:           %256 = constant 32 : index
// OUT:           %257 = constant 1408 : index
// OUT:           %258 = mul %223, %257 : index
// OUT:           %259 = add %256, %258 : index
// OUT:           %260 = add %259, %k200 : index
// OUT:           %261 = constant 88 : index
// OUT:           %262 = matrix_load @a2[%260 + row * %261] : coopmat<16x16xf16, a>
// OUT:           %263 = constant 768 : index
// OUT:           %264 = constant 16 : index
// OUT:           %265 = mul %224, %264 : index
// OUT:           %266 = add %263, %265 : index
// OUT:           %267 = constant 24 : index
// OUT:           %268 = matrix_load @a3[%266 + row * %267] : coopmat<16x16xf16, b>
// OUT:           %269 = matrix_mul_add %262, %268, %255 : coopmat<16x16xf32, acc>
// OUT:           %270 = constant 48 : index
// OUT:           %271 = constant 1408 : index
// OUT:           %272 = mul %223, %271 : index
// OUT:           %273 = add %270, %272 : index
// OUT:           %274 = add %273, %k200 : index
// OUT:           %275 = constant 88 : index
// OUT:           %276 = matrix_load @a2[%274 + row * %275] : coopmat<16x16xf16, a>
// OUT:           %277 = constant 1152 : index
// OUT:           %278 = constant 16 : index
// OUT:           %279 = mul %224, %278 : index
// OUT:           %280 = add %277, %279 : index
// OUT:           %281 = constant 24 : index
// OUT:           %282 = matrix_load @a3[%280 + row * %281] : coopmat<16x16xf16, b>
// OUT:           %283 = matrix_mul_add %276, %282, %269 : coopmat<16x16xf32, acc>
// OUT:           store @a5[], %283
// OUT:         }
// OUT:         control_barrier workgroup
// OUT:       }
// OUT:       %284 = constant 64 : index
// OUT:       %285 = constant 256 : index
// OUT:       for %k286 = %i5 to %285 step %14 {
// OUT:         %287 = constant 16 : index
// OUT:         %288 = div %k286, %287 : index
// OUT:         %289 = rem %k286, %287 : index
// OUT:         %290 = add %284, %288 : index
// OUT:         %291 = cmp lt %290, %15 : i1
// OUT:         %292 = min %290, %16 : index
// OUT:         %293 = load @v3[%9, %292, %289] : f16
// OUT:         %294 = select %291, %293, %17 : f16
// OUT:         %295 = constant 0 : index
// OUT:         %296 = constant 24 : index
// OUT:         %297 = mul %288, %296 : index
// OUT:         %298 = add %295, %297 : index
// OUT:         %299 = constant 1 : index
// OUT:         %300 = mul %289, %299 : index
// OUT:         %301 = add %298, %300 : index
// OUT:         store @a3[%301], %294
// OUT:       }
// OUT:       control_barrier workgroup
// OUT:       %302 = constant 0 : index
// OUT:       %303 = constant 1 : index
// OUT:       %304 = mul %18, %303 : index
// OUT:       %305 = add %302, %304 : index
// OUT:       %306 = constant 1 : index
// OUT:       %307 = div %305, %306 : index
// OUT:       %308 = rem %305, %306 : index
// OUT:       %309 = constant 1 : index
// OUT:       %310 = cmp lt %305, %309 : i1
// OUT:       if %310 {
// OUT:         %311 = load @a5[] : coopmat<16x16xf32, acc>
// OUT:         %312 = constant 0 : index
// OUT:         %313 = constant 1408 : index
// OUT:         %314 = mul %307, %313 : index
// OUT:         %315 = add %312, %314 : index
// OUT:         %316 = add %315, %284 : index
// OUT:         %317 = constant 88 : index
// OUT:         %318 = matrix_load @a2[%316 + row * %317] : coopmat<16x16xf16, a>
// OUT:         %319 = constant 0 : index
// OUT:         %320 = constant 16 : index
// OUT:         %321 = mul %308, %320 : index
// OUT:         %322 = add %319, %321 : index
// OUT:         %323 = constant 24 : index
// OUT:         %324 = matrix_load @a3[%322 + row * %323] : coopmat<16x16xf16, b>
// OUT:         %325 = matrix_mul_add %318, %324, %311 : coopmat<16x16xf32, acc>
// OUT:         store @a5[], %325
// OUT:       }
// OUT:       control_barrier workgroup
// OUT:       %326 = constant 0 : index
// OUT:       %327 = constant 1 : index
// OUT:       %328 = mul %18, %327 : index
// OUT:       %329 = add %326, %328 : index
// OUT:       %330 = constant 1 : index
// OUT:       %331 = div %329, %330 : index
// OUT:       %332 = rem %329, %330 : index
// OUT:       %333 = constant 1 : index
// OUT:       %334 = cmp lt %329, %333 : i1
// OUT:       if %334 {
// OUT:         %335 = load @a5[] : coopmat<16x16xf32, acc>
// OUT:         %336 = constant 0 : index
// OUT:         %337 = constant 1344 : index
// OUT:         %338 = mul %331, %337 : index
// OUT:         %339 = add %336, %338 : index
// OUT:         %340 = constant 16 : index
// OUT:         %341 = mul %332, %340 : index
// OUT:         %342 = add %339, %341 : index
// OUT:         %343 = constant 84 : index
// OUT:         matrix_store %335, @a1[%342 + row * %343]
// OUT:       }
// OUT:       control_barrier workgroup
// OUT:       %344 = constant 33 : index
// OUT:       %345 = constant 256 : index
// OUT:       for %k346 = %i5 to %345 step %14 {
// OUT:         %347 = constant 16 : index
// OUT:         %348 = div %k346, %347 : index
// OUT:         %349 = rem %k346, %347 : index
// OUT:         %350 = add %11, %348 : index
// OUT:         %351 = cmp lt %350, %344 : i1
// OUT:         if %351 {
// OUT:           %352 = constant 0 : index
// OUT:           %353 = constant 84 : index
// OUT:           %354 = mul %348, %353 : index
// OUT:           %355 = add %352, %354 : index
// OUT:           %356 = constant 1 : index
// OUT:           %357 = mul %349, %356 : index
// OUT:           %358 = add %355, %357 : index
// OUT:           %359 = load @a1[%358] : f32
// OUT:           %360 = constant 0.0 : f16
// OUT:           %361 = cast %360 : f16 : f32
// OUT:           %362 = add %361, %359 : f32
// OUT:           %363 = cast %362 : f32 : f16
// OUT:           store @v4[%9, %350, %349], %363
// OUT:         }
// OUT:       }
// OUT:     }
// OUT:   }
// OUT: }

// RUN: lower-to-kernels target=nvidia-h200 heuristic=attention_max_keys=1 heuristic=attention_key_block=4 heuristic=attention_blocked_min_score_bytes=0
// The blocked attention kernel (online softmax), forced on 11 keys in blocks of 4: the running
// max / sum / factor per row in shared memory set to -inf / 0, a loop over the two whole blocks
// (scores, then per row the block max, the new running max, the shift (0 while it is -inf),
// the factor exp(m - m'), the exps and their sum, the statistics stored by the subgroup's
// first invocation, then the tile rescaled and the block's P V, a barrier after each), the
// partial block of 3 keys unrolled as its own copy, and the outputs divided by the final sum.
#s = affine_map<(h, m, n, k) -> (h, m, k)>
#kt = affine_map<(h, m, n, k) -> (h, k, n)>
#o = affine_map<(h, m, n, k) -> (h, m, n)>
#id = affine_map<(h, m, n) -> (h, m, n)>
#mask = affine_map<(h, m, n) -> (0, n)>
func.func @main(%q: tensor<2x3x4xf32>, %kt: tensor<2x4x11xf32>, %v: tensor<2x11x4xf32>, %mask: tensor<1x11xf32>) -> tensor<2x3x4xf32> {
  %zero = arith.constant 0.0 : f32
  %se = tensor.empty() : tensor<2x3x11xf32>
  %sf = linalg.fill ins(%zero : f32) outs(%se : tensor<2x3x11xf32>) -> tensor<2x3x11xf32>
  %s = linalg.generic {indexing_maps = [#s, #kt, #o], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%q, %kt : tensor<2x3x4xf32>, tensor<2x4x11xf32>) outs(%sf : tensor<2x3x11xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %t = arith.addf %acc, %p : f32
    linalg.yield %t : f32
  } -> tensor<2x3x11xf32>
  %scaled = linalg.generic {indexing_maps = [#id, #mask, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%s, %mask : tensor<2x3x11xf32>, tensor<1x11xf32>) outs(%se : tensor<2x3x11xf32>) {
  ^bb0(%x: f32, %m: f32, %out: f32):
    %c = arith.constant 0.25 : f32
    %y = arith.mulf %x, %c : f32
    %z = arith.addf %y, %m : f32
    linalg.yield %z : f32
  } -> tensor<2x3x11xf32>
  %pe = tensor.empty() : tensor<2x3x11xf32>
  %p = linalg.softmax dimension(2) ins(%scaled : tensor<2x3x11xf32>) outs(%pe : tensor<2x3x11xf32>) -> tensor<2x3x11xf32>
  %oe = tensor.empty() : tensor<2x3x4xf32>
  %of = linalg.fill ins(%zero : f32) outs(%oe : tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %o = linalg.batch_matmul ins(%p, %v : tensor<2x3x11xf32>, tensor<2x11x4xf32>) outs(%of : tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  return %o : tensor<2x3x4xf32>
}
// OUT: kernel @dispatch_0_attention local_size [128, 1, 1] workgroup_count [1, 1, 1] subgroup_size 32 {
// OUT:   binding #0 = set 0 binding 0 readonly f32 buffer 0 "input0"
// OUT:   binding #1 = set 0 binding 1 readonly f32 buffer 1 "input1"
// OUT:   binding #2 = set 0 binding 2 readonly f32 buffer 3 "input3"
// OUT:   binding #3 = set 0 binding 3 readonly f32 buffer 2 "input2"
// OUT:   binding #4 = set 0 binding 4 writeonly f32 buffer 4 "output0"
// OUT:   view @v0 = #0 offset 0 shape [2, 3, 4] strides [12, 4, 1]
// OUT:   view @v1 = #1 offset 0 shape [2, 4, 11] strides [44, 11, 1]
// OUT:   view @v2 = #2 offset 0 shape [1, 11] strides [11, 1]
// OUT:   view @v3 = #3 offset 0 shape [2, 11, 4] strides [44, 4, 1]
// OUT:   view @v4 = #4 offset 0 shape [2, 3, 4] strides [12, 4, 1]
// OUT:   alloc @a0 = workgroup f32[16] "query_tile"
// OUT:   alloc @a1 = workgroup f32[16] "score_block"
// OUT:   alloc @a2 = workgroup f32[12] "row_stats"
// OUT:   alloc @a3 = function f32[4] "scores"
// OUT:   alloc @a4 = function f32[2] "acc"
// OUT:   alloc @a5 = function f32[1] "row_stat"
// OUT:   alloc @a6 = function f32[1] "row_stat"
// OUT:   %0 = constant 2 : index
// OUT:   %1 = constant 1 : index
// OUT:   parallel workgroup (%i2, %i3) < (%0, %1) {
// OUT:     %4 = constant 128 : index
// OUT:     parallel local (%i5) < (%4) {
// OUT:       %6 = constant 0 : index
// OUT:       %7 = constant 2 : index
// OUT:       %8 = mul %6, %7 : index
// OUT:       %9 = add %8, %i2 : index
// OUT:       %10 = constant 4 : index
// OUT:       %11 = mul %i3, %10 : index
// OUT:       %12 = constant 2 : index
// OUT:       %13 = constant 0 : index
// OUT:       %14 = constant 1 : index
// OUT:       %15 = constant 128 : index
// OUT:       %16 = constant 4 : index
// OUT:       %17 = constant 11 : index
// OUT:       %18 = constant 4 : index
// OUT:       %19 = constant -inf : f32
// OUT:       %20 = constant 0.0 : f32
// OUT:       for %k21 = %i5 to %10 step %15 {
// OUT:         %22 = constant 0 : index
// OUT:         %23 = add %22, %k21 : index
// OUT:         store @a2[%23], %19
// OUT:         %24 = constant 4 : index
// OUT:         %25 = add %24, %k21 : index
// OUT:         store @a2[%25], %20
// OUT:       }
// OUT:       %26 = constant 16 : index
// OUT:       for %k27 = %i5 to %26 step %15 {
// OUT:         %28 = div %k27, %16 : index
// OUT:         %29 = rem %k27, %16 : index
// OUT:         %30 = add %11, %28 : index
// OUT:         %31 = min %30, %12 : index
// OUT:         %32 = load @v0[%9, %31, %29] : f32
// OUT:         %33 = mul %29, %10 : index
// OUT:         %34 = add %33, %28 : index
// OUT:         store @a0[%34], %32
// OUT:       }
// OUT:       control_barrier workgroup
// OUT:       %35 = constant 0.0 : f32
// OUT:       %36 = constant 0 : index
// OUT:       %37 = add %11, %36 : index
// OUT:       %38 = min %37, %12 : index
// OUT:       %39 = constant 1 : index
// OUT:       %40 = add %11, %39 : index
// OUT:       %41 = min %40, %12 : index
// OUT:       %42 = constant 2 : index
// OUT:       %43 = add %11, %42 : index
// OUT:       %44 = min %43, %12 : index
// OUT:       %45 = constant 3 : index
// OUT:       %46 = add %11, %45 : index
// OUT:       %47 = min %46, %12 : index
// OUT:       %48 = constant 4 : index
// OUT:       %49 = div %i5, %48 : index
// OUT:       %50 = rem %i5, %48 : index
// OUT:       %51 = constant 0.0 : f32
// OUT:       %52 = constant 0 : index
// OUT:       store @a4[%52], %51
// OUT:       %53 = constant 1 : index
// OUT:       store @a4[%53], %51
// OUT:       %54 = constant 3 : index
// OUT:       %55 = constant 3 : index
// OUT:       %56 = constant 0 : index
// OUT:       %57 = add %49, %56 : index
// OUT:       %58 = min %57, %54 : index
// OUT:       %59 = constant 0 : index
// OUT:       %60 = add %50, %59 : index
// OUT:       %61 = min %60, %55 : index
// OUT:       %62 = constant 8 : index
// OUT:       %63 = constant 4 : index
// OUT:       for %k64 = %13 to %62 step %63 {
// OUT:         %65 = constant 4 : index
// OUT:         for %k66 = %i5 to %65 step %15 {
// OUT:           %67 = add %k64, %k66 : index
// OUT:           %68 = constant 0 : index
// OUT:           store @a3[%68], %35
// OUT:           %69 = constant 1 : index
// OUT:           store @a3[%69], %35
// OUT:           %70 = constant 2 : index
// OUT:           store @a3[%70], %35
// OUT:           %71 = constant 3 : index
// OUT:           store @a3[%71], %35
// OUT:           %72 = constant 4 : index
// OUT:           for %k73 = %13 to %16 step %72 {
// OUT:             %74 = constant 0 : index
// OUT:             %75 = add %k73, %74 : index
// OUT:             %76 = load @v1[%9, %75, %67] : f32
// OUT:             %77 = constant 1 : index
// OUT:             %78 = add %k73, %77 : index
// OUT:             %79 = load @v1[%9, %78, %67] : f32
// OUT:             %80 = constant 2 : index
// OUT:             %81 = add %k73, %80 : index
// OUT:             %82 = load @v1[%9, %81, %67] : f32
// OUT:             %83 = constant 3 : index
// OUT:             %84 = add %k73, %83 : index
// OUT:             %85 = load @v1[%9, %84, %67] : f32
// OUT:             %86 = constant 4 : index
// OUT:             %87 = mul %75, %86 : index
// OUT:             %88 = constant 0 : index
// OUT:             %89 = add %87, %88 : index
// OUT:             %90 = load @a0[%89] : vector<4xf32>
// OUT:             %91 = extract %90[0] : f32
// OUT:             %92 = mul %91, %76 : f32
// OUT:             %93 = constant 0 : index
// OUT:             %94 = load @a3[%93] : f32
// OUT:             %95 = add %94, %92 : f32
// OUT:             store @a3[%93], %95
// OUT:             %96 = extract %90[1] : f32
// OUT:             %97 = mul %96, %76 : f32
// OUT:             %98 = constant 1 : index
// OUT:             %99 = load @a3[%98] : f32
// OUT:             %100 = add %99, %97 : f32
// OUT:             store @a3[%98], %100
// OUT:             %101 = extract %90[2] : f32
// OUT:             %102 = mul %101, %76 : f32
// OUT:             %103 = constant 2 : index
// OUT:             %104 = load @a3[%103] : f32
// OUT:             %105 = add %104, %102 : f32
// OUT:             store @a3[%103], %105
// OUT:             %106 = extract %90[3] : f32
// OUT:             %107 = mul %106, %76 : f32
// OUT:             %108 = constant 3 : index
// OUT:             %109 = load @a3[%108] : f32
// OUT:             %110 = add %109, %107 : f32
// OUT:             store @a3[%108], %110
// OUT:             %111 = constant 4 : index
// OUT:             %112 = mul %78, %111 : index
// OUT:             %113 = constant 0 : index
// OUT:             %114 = add %112, %113 : index
// OUT:             %115 = load @a0[%114] : vector<4xf32>
// OUT:             %116 = extract %115[0] : f32
// OUT:             %117 = mul %116, %79 : f32
// OUT:             %118 = constant 0 : index
// OUT:             %119 = load @a3[%118] : f32
// OUT:             %120 = add %119, %117 : f32
// OUT:             store @a3[%118], %120
// OUT:             %121 = extract %115[1] : f32
// OUT:             %122 = mul %121, %79 : f32
// OUT:             %123 = constant 1 : index
// OUT:             %124 = load @a3[%123] : f32
// OUT:             %125 = add %124, %122 : f32
// OUT:             store @a3[%123], %125
// OUT:             %126 = extract %115[2] : f32
// OUT:             %127 = mul %126, %79 : f32
// OUT:             %128 = constant 2 : index
// OUT:             %129 = load @a3[%128] : f32
// OUT:             %130 = add %129, %127 : f32
// OUT:             store @a3[%128], %130
// OUT:             %131 = extract %115[3] : f32
// OUT:             %132 = mul %131, %79 : f32
// OUT:             %133 = constant 3 : index
// OUT:             %134 = load @a3[%133] : f32
// OUT:             %135 = add %134, %132 : f32
// OUT:             store @a3[%133], %135
// OUT:             %136 = constant 4 : index
// OUT:             %137 = mul %81, %136 : index
// OUT:             %138 = constant 0 : index
// OUT:             %139 = add %137, %138 : index
// OUT:             %140 = load @a0[%139] : vector<4xf32>
// OUT:             %141 = extract %140[0] : f32
// OUT:             %142 = mul %141, %82 : f32
// OUT:             %143 = constant 0 : index
// OUT:             %144 = load @a3[%143] : f32
// OUT:             %145 = add %144, %142 : f32
// OUT:             store @a3[%143], %145
// OUT:             %146 = extract %140[1] : f32
// OUT:             %147 = mul %146, %82 : f32
// OUT:             %148 = constant 1 : index
// OUT:             %149 = load @a3[%148] : f32
// OUT:             %150 = add %149, %147 : f32
// OUT:             store @a3[%148], %150
// OUT:             %151 = extract %140[2] : f32
// OUT:             %152 = mul %151, %82 : f32
// OUT:             %153 = constant 2 : index
// OUT:             %154 = load @a3[%153] : f32
// OUT:             %155 = add %154, %152 : f32
// OUT:             store @a3[%153], %155
// OUT:             %156 = extract %140[3] : f32
// OUT:             %157 = mul %156, %82 : f32
// OUT:             %158 = constant 3 : index
// OUT:             %159 = load @a3[%158] : f32
// OUT:             %160 = add %159, %157 : f32
// OUT:             store @a3[%158], %160
// OUT:             %161 = constant 4 : index
// OUT:             %162 = mul %84, %161 : index
// OUT:             %163 = constant 0 : index
// OUT:             %164 = add %162, %163 : index
// OUT:             %165 = load @a0[%164] : vector<4xf32>
// OUT:             %166 = extract %165[0] : f32
// OUT:             %167 = mul %166, %85 : f32
// OUT:             %168 = constant 0 : index
// OUT:             %169 = load @a3[%168] : f32
// OUT:             %170 = add %169, %167 : f32
// OUT:             store @a3[%168], %170
// OUT:             %171 = extract %165[1] : f32
// OUT:             %172 = mul %171, %85 : f32
// OUT:             %173 = constant 1 : index
// OUT:             %174 = load @a3[%173] : f32
// OUT:             %175 = add %174, %172 : f32
// OUT:             store @a3[%173], %175
// OUT:             %176 = extract %165[2] : f32
// OUT:             %177 = mul %176, %85 : f32
// OUT:             %178 = constant 2 : index
// OUT:             %179 = load @a3[%178] : f32
// OUT:             %180 = add %179, %177 : f32
// OUT:             store @a3[%178], %180
// OUT:             %181 = extract %165[3] : f32
// OUT:             %182 = mul %181, %85 : f32
// OUT:             %183 = constant 3 : index
// OUT:             %184 = load @a3[%183] : f32
// OUT:             %185 = add %184, %182 : f32
// OUT:             store @a3[%183], %185
// OUT:           }
// OUT:           %186 = constant 0 : index
// OUT:           %187 = load @a3[%186] : f32
// OUT:           %188 = constant 0.0 : f32
// OUT:           %189 = add %188, %187 : f32
// OUT:           %190 = constant 0.25 : f32
// OUT:           %191 = mul %189, %190 : f32
// OUT:           %192 = constant 0 : index
// OUT:           %193 = load @v2[%192, %67] : f32
// OUT:           %194 = add %191, %193 : f32
// OUT:           %195 = constant 0 : index
// OUT:           %196 = add %195, %k66 : index
// OUT:           store @a1[%196], %194
// OUT:           %197 = constant 1 : index
// OUT:           %198 = load @a3[%197] : f32
// OUT:           %199 = add %188, %198 : f32
// OUT:           %200 = constant 0.25 : f32
// OUT:           %201 = mul %199, %200 : f32
// OUT:           %202 = constant 0 : index
// OUT:           %203 = load @v2[%202, %67] : f32
// OUT:           %204 = add %201, %203 : f32
// OUT:           %205 = constant 4 : index
// OUT:           %206 = add %205, %k66 : index
// OUT:           store @a1[%206], %204
// OUT:           %207 = constant 2 : index
// OUT:           %208 = load @a3[%207] : f32
// OUT:           %209 = add %188, %208 : f32
// OUT:           %210 = constant 0.25 : f32
// OUT:           %211 = mul %209, %210 : f32
// OUT:           %212 = constant 0 : index
// OUT:           %213 = load @v2[%212, %67] : f32
// OUT:           %214 = add %211, %213 : f32
// OUT:           %215 = constant 8 : index
// OUT:           %216 = add %215, %k66 : index
// OUT:           store @a1[%216], %214
// OUT:           %217 = constant 3 : index
// OUT:           %218 = load @a3[%217] : f32
// OUT:           %219 = add %188, %218 : f32
// OUT:           %220 = constant 0.25 : f32
// OUT:           %221 = mul %219, %220 : f32
// OUT:           %222 = constant 0 : index
// OUT:           %223 = load @v2[%222, %67] : f32
// OUT:           %224 = add %221, %223 : f32
// OUT:           %225 = constant 12 : index
// OUT:           %226 = add %225, %k66 : index
// OUT:           store @a1[%226], %224
// OUT:         }
// OUT:         control_barrier workgroup
// OUT:         %227 = subgroup_id : index
// OUT:         %228 = subgroup_local_invocation_id : index
// OUT:         %229 = constant 32 : index
// OUT:         %230 = constant 4 : index
// OUT:         for %k231 = %227 to %10 step %230 {
// OUT:           %232 = mul %k231, %18 : index
// OUT:           %233 = constant -inf : f32
// OUT:           store @a5[], %233
// OUT:           for %k234 = %228 to %65 step %229 {
// OUT:             %235 = add %232, %k234 : index
// OUT:             %236 = load @a1[%235] : f32
// OUT:             %237 = load @a5[] : f32
// OUT:             %238 = max %237, %236 : f32
// OUT:             store @a5[], %238
// OUT:           }
// OUT:           %239 = load @a5[] : f32
// OUT:           %240 = subgroup_reduce max %239 : f32
// OUT:           %241 = constant 0 : index
// OUT:           %242 = add %241, %k231 : index
// OUT:           %243 = load @a2[%242] : f32
// OUT:           %244 = max %243, %240 : f32
// OUT:           %245 = constant -inf : f32
// OUT:           %246 = cmp eq %244, %245 : i1
// OUT:           %247 = constant 0.0 : f32
// OUT:           %248 = select %246, %247, %244 : f32
// OUT:           %249 = sub %243, %248 : f32
// OUT:           %250 = exp %249 : f32
// OUT:           %251 = constant 0.0 : f32
// OUT:           store @a5[], %251
// OUT:           for %k252 = %228 to %65 step %229 {
// OUT:             %253 = add %232, %k252 : index
// OUT:             %254 = load @a1[%253] : f32
// OUT:             %255 = sub %254, %248 : f32
// OUT:             %256 = exp %255 : f32
// OUT:             store @a1[%253], %256
// OUT:             %257 = load @a5[] : f32
// OUT:             %258 = add %257, %256 : f32
// OUT:             store @a5[], %258
// OUT:           }
// OUT:           %259 = load @a5[] : f32
// OUT:           %260 = subgroup_reduce add %259 : f32
// OUT:           %261 = constant 4 : index
// OUT:           %262 = add %261, %k231 : index
// OUT:           %263 = load @a2[%262] : f32
// OUT:           %264 = mul %263, %250 : f32
// OUT:           %265 = add %264, %260 : f32
// OUT:           %266 = cmp eq %228, %13 : i1
// OUT:           if %266 {
// OUT:             %267 = constant 0 : index
// OUT:             %268 = add %267, %k231 : index
// OUT:             store @a2[%268], %244
// OUT:             %269 = constant 4 : index
// OUT:             %270 = add %269, %k231 : index
// OUT:             store @a2[%270], %265
// OUT:             %271 = constant 8 : index
// OUT:             %272 = add %271, %k231 : index
// OUT:             store @a2[%272], %250
// OUT:           }
// OUT:           %273 = add %11, %k231 : index
// OUT:           %274 = min %273, %12 : index
// OUT:           for %k275 = %228 to %65 step %229 {
// OUT:             %276 = add %232, %k275 : index
// OUT:             %277 = load @a1[%276] : f32
// OUT:             store @a1[%276], %277
// OUT:           }
// OUT:         }
// OUT:         control_barrier workgroup
// OUT:         %278 = constant 8 : index
// OUT:         %279 = add %278, %58 : index
// OUT:         %280 = load @a2[%279] : f32
// OUT:         %281 = constant 0 : index
// OUT:         %282 = load @a4[%281] : f32
// OUT:         %283 = mul %282, %280 : f32
// OUT:         store @a4[%281], %283
// OUT:         %284 = constant 4 : index
// OUT:         %285 = constant 4 : index
// OUT:         for %k286 = %13 to %284 step %285 {
// OUT:           %287 = constant 0 : index
// OUT:           %288 = add %k286, %287 : index
// OUT:           %289 = add %k64, %288 : index
// OUT:           %290 = load @v3[%9, %289, %61] : f32
// OUT:           %291 = constant 1 : index
// OUT:           %292 = add %k286, %291 : index
// OUT:           %293 = add %k64, %292 : index
// OUT:           %294 = load @v3[%9, %293, %61] : f32
// OUT:           %295 = constant 2 : index
// OUT:           %296 = add %k286, %295 : index
// OUT:           %297 = add %k64, %296 : index
// OUT:           %298 = load @v3[%9, %297, %61] : f32
// OUT:           %299 = constant 3 : index
// OUT:           %300 = add %k286, %299 : index
// OUT:           %301 = add %k64, %300 : index
// OUT:           %302 = load @v3[%9, %301, %61] : f32
// OUT:           %303 = mul %58, %18 : index
// OUT:           %304 = add %303, %288 : index
// OUT:           %305 = load @a1[%304] : f32
// OUT:           %306 = mul %305, %290 : f32
// OUT:           %307 = constant 0 : index
// OUT:           %308 = load @a4[%307] : f32
// OUT:           %309 = add %308, %306 : f32
// OUT:           store @a4[%307], %309
// OUT:           %310 = mul %58, %18 : index
// OUT:           %311 = add %310, %292 : index
// OUT:           %312 = load @a1[%311] : f32
// OUT:           %313 = mul %312, %294 : f32
// OUT:           %314 = constant 0 : index
// OUT:           %315 = load @a4[%314] : f32
// OUT:           %316 = add %315, %313 : f32
// OUT:           store @a4[%314], %316
// OUT:           %317 = mul %58, %18 : index
// OUT:           %318 = add %317, %296 : index
// OUT:           %319 = load @a1[%318] : f32
// OUT:           %320 = mul %319, %298 : f32
// OUT:           %321 = constant 0 : index
// OUT:           %322 = load @a4[%321] : f32
// OUT:           %323 = add %322, %320 : f32
// OUT:           store @a4[%321], %323
// OUT:           %324 = mul %58, %18 : index
// OUT:           %325 = add %324, %300 : index
// OUT:           %326 = load @a1[%325] : f32
// OUT:           %327 = mul %326, %302 : f32
// OUT:           %328 = constant 0 : index
// OUT:           %329 = load @a4[%328] : f32
// OUT:           %330 = add %329, %327 : f32
// OUT:           store @a4[%328], %330
// OUT:         }
// OUT:         control_barrier workgroup
// OUT:       }
// OUT:       %331 = constant 8 : index
// OUT:       %332 = constant 3 : index
// OUT:       for %k333 = %i5 to %332 step %15 {
// OUT:         %334 = add %331, %k333 : index
// OUT:         %335 = constant 0 : index
// OUT:         store @a3[%335], %35
// OUT:         %336 = constant 1 : index
// OUT:         store @a3[%336], %35
// OUT:         %337 = constant 2 : index
// OUT:         store @a3[%337], %35
// OUT:         %338 = constant 3 : index
// OUT:         store @a3[%338], %35
// OUT:         %339 = constant 4 : index
// OUT:         for %k340 = %13 to %16 step %339 {
// OUT:           %341 = constant 0 : index
// OUT:           %342 = add %k340, %341 : index
// OUT:           %343 = load @v1[%9, %342, %334] : f32
// OUT:           %344 = constant 1 : index
// OUT:           %345 = add %k340, %344 : index
// OUT:           %346 = load @v1[%9, %345, %334] : f32
// OUT:           %347 = constant 2 : index
// OUT:           %348 = add %k340, %347 : index
// OUT:           %349 = load @v1[%9, %348, %334] : f32
// OUT:           %350 = constant 3 : index
// OUT:           %351 = add %k340, %350 : index
// OUT:           %352 = load @v1[%9, %351, %334] : f32
// OUT:           %353 = constant 4 : index
// OUT:           %354 = mul %342, %353 : index
// OUT:           %355 = constant 0 : index
// OUT:           %356 = add %354, %355 : index
// OUT:           %357 = load @a0[%356] : vector<4xf32>
// OUT:           %358 = extract %357[0] : f32
// OUT:           %359 = mul %358, %343 : f32
// OUT:           %360 = constant 0 : index
// OUT:           %361 = load @a3[%360] : f32
// OUT:           %362 = add %361, %359 : f32
// OUT:           store @a3[%360], %362
// OUT:           %363 = extract %357[1] : f32
// OUT:           %364 = mul %363, %343 : f32
// OUT:           %365 = constant 1 : index
// OUT:           %366 = load @a3[%365] : f32
// OUT:           %367 = add %366, %364 : f32
// OUT:           store @a3[%365], %367
// OUT:           %368 = extract %357[2] : f32
// OUT:           %369 = mul %368, %343 : f32
// OUT:           %370 = constant 2 : index
// OUT:           %371 = load @a3[%370] : f32
// OUT:           %372 = add %371, %369 : f32
// OUT:           store @a3[%370], %372
// OUT:           %373 = extract %357[3] : f32
// OUT:           %374 = mul %373, %343 : f32
// OUT:           %375 = constant 3 : index
// OUT:           %376 = load @a3[%375] : f32
// OUT:           %377 = add %376, %374 : f32
// OUT:           store @a3[%375], %377
// OUT:           %378 = constant 4 : index
// OUT:           %379 = mul %345, %378 : index
// OUT:           %380 = constant 0 : index
// OUT:           %381 = add %379, %380 : index
// OUT:           %382 = load @a0[%381] : vector<4xf32>
// OUT:           %383 = extract %382[0] : f32
// OUT:           %384 = mul %383, %346 : f32
// OUT:           %385 = constant 0 : index
// OUT:           %386 = load @a3[%385] : f32
// OUT:           %387 = add %386, %384 : f32
// OUT:           store @a3[%385], %387
// OUT:           %388 = extract %382[1] : f32
// OUT:           %389 = mul %388, %346 : f32
// OUT:           %390 = constant 1 : index
// OUT:           %391 = load @a3[%390] : f32
// OUT:           %392 = add %391, %389 : f32
// OUT:           store @a3[%390], %392
// OUT:           %393 = extract %382[2] : f32
// OUT:           %394 = mul %393, %346 : f32
// OUT:           %395 = constant 2 : index
// OUT:           %396 = load @a3[%395] : f32
// OUT:           %397 = add %396, %394 : f32
// OUT:           store @a3[%395], %397
// OUT:           %398 = extract %382[3] : f32
// OUT:           %399 = mul %398, %346 : f32
// OUT:           %400 = constant 3 : index
// OUT:           %401 = load @a3[%400] : f32
// OUT:           %402 = add %401, %399 : f32
// OUT:           store @a3[%400], %402
// OUT:           %403 = constant 4 : index
// OUT:           %404 = mul %348, %403 : index
// OUT:           %405 = constant 0 : index
// OUT:           %406 = add %404, %405 : index
// OUT:           %407 = load @a0[%406] : vector<4xf32>
// OUT:           %408 = extract %407[0] : f32
// OUT:           %409 = mul %408, %349 : f32
// OUT:           %410 = constant 0 : index
// OUT:           %411 = load @a3[%410] : f32
// OUT:           %412 = add %411, %409 : f32
// OUT:           store @a3[%410], %412
// OUT:           %413 = extract %407[1] : f32
// OUT:           %414 = mul %413, %349 : f32
// OUT:           %415 = constant 1 : index
// OUT:           %416 = load @a3[%415] : f32
// OUT:           %417 = add %416, %414 : f32
// OUT:           store @a3[%415], %417
// OUT:           %418 = extract %407[2] : f32
// OUT:           %419 = mul %418, %349 : f32
// OUT:           %420 = constant 2 : index
// OUT:           %421 = load @a3[%420] : f32
// OUT:           %422 = add %421, %419 : f32
// OUT:           store @a3[%420], %422
// OUT:           %423 = extract %407[3] : f32
// OUT:           %424 = mul %423, %349 : f32
// OUT:           %425 = constant 3 : index
// OUT:           %426 = load @a3[%425] : f32
// OUT:           %427 = add %426, %424 : f32
// OUT:           store @a3[%425], %427
// OUT:           %428 = constant 4 : index
// OUT:           %429 = mul %351, %428 : index
// OUT:           %430 = constant 0 : index
// OUT:           %431 = add %429, %430 : index
// OUT:           %432 = load @a0[%431] : vector<4xf32>
// OUT:           %433 = extract %432[0] : f32
// OUT:           %434 = mul %433, %352 : f32
// OUT:           %435 = constant 0 : index
// OUT:           %436 = load @a3[%435] : f32
// OUT:           %437 = add %436, %434 : f32
// OUT:           store @a3[%435], %437
// OUT:           %438 = extract %432[1] : f32
// OUT:           %439 = mul %438, %352 : f32
// OUT:           %440 = constant 1 : index
// OUT:           %441 = load @a3[%440] : f32
// OUT:           %442 = add %441, %439 : f32
// OUT:           store @a3[%440], %442
// OUT:           %443 = extract %432[2] : f32
// OUT:           %444 = mul %443, %352 : f32
// OUT:           %445 = constant 2 : index
// OUT:           %446 = load @a3[%445] : f32
// OUT:           %447 = add %446, %444 : f32
// OUT:           store @a3[%445], %447
// OUT:           %448 = extract %432[3] : f32
// OUT:           %449 = mul %448, %352 : f32
// OUT:           %450 = constant 3 : index
// OUT:           %451 = load @a3[%450] : f32
// OUT:           %452 = add %451, %449 : f32
// OUT:           store @a3[%450], %452
// OUT:         }
// OUT:         %453 = constant 0 : index
// OUT:         %454 = load @a3[%453] : f32
// OUT:         %455 = constant 0.0 : f32
// OUT:         %456 = add %455, %454 : f32
// OUT:         %457 = constant 0.25 : f32
// OUT:         %458 = mul %456, %457 : f32
// OUT:         %459 = constant 0 : index
// OUT:         %460 = load @v2[%459, %334] : f32
// OUT:         %461 = add %458, %460 : f32
// OUT:         %462 = constant 0 : index
// OUT:         %463 = add %462, %k333 : index
// OUT:         store @a1[%463], %461
// OUT:         %464 = constant 1 : index
// OUT:         %465 = load @a3[%464] : f32
// OUT:         %466 = add %455, %465 : f32
// OUT:         %467 = constant 0.25 : f32
// OUT:         %468 = mul %466, %467 : f32
// OUT:         %469 = constant 0 : index
// OUT:         %470 = load @v2[%469, %334] : f32
// OUT:         %471 = add %468, %470 : f32
// OUT:         %472 = constant 4 : index
// OUT:         %473 = add %472, %k333 : index
// OUT:         store @a1[%473], %471
// OUT:         %474 = constant 2 : index
// OUT:         %475 = load @a3[%474] : f32
// OUT:         %476 = add %455, %475 : f32
// OUT:         %477 = constant 0.25 : f32
// OUT:         %478 = mul %476, %477 : f32
// OUT:         %479 = constant 0 : index
// OUT:         %480 = load @v2[%479, %334] : f32
// OUT:         %481 = add %478, %480 : f32
// OUT:         %482 = constant 8 : index
// OUT:         %483 = add %482, %k333 : index
// OUT:         store @a1[%483], %481
// OUT:         %484 = constant 3 : index
// OUT:         %485 = load @a3[%484] : f32
// OUT:         %486 = add %455, %485 : f32
// OUT:         %487 = constant 0.25 : f32
// OUT:         %488 = mul %486, %487 : f32
// OUT:         %489 = constant 0 : index
// OUT:         %490 = load @v2[%489, %334] : f32
// OUT:         %491 = add %488, %490 : f32
// OUT:         %492 = constant 12 : index
// OUT:         %493 = add %492, %k333 : index
// OUT:         store @a1[%493], %491
// OUT:       }
// OUT:       control_barrier workgroup
// OUT:       %494 = subgroup_id : index
// OUT:       %495 = subgroup_local_invocation_id : index
// OUT:       %496 = constant 32 : index
// OUT:       %497 = constant 4 : index
// OUT:       for %k498 = %494 to %10 step %497 {
// OUT:         %499 = mul %k498, %18 : index
// OUT:         %500 = constant -inf : f32
// OUT:         store @a6[], %500
// OUT:         for %k501 = %495 to %332 step %496 {
// OUT:           %502 = add %499, %k501 : index
// OUT:           %503 = load @a1[%502] : f32
// OUT:           %504 = load @a6[] : f32
// OUT:           %505 = max %504, %503 : f32
// OUT:           store @a6[], %505
// OUT:         }
// OUT:         %506 = load @a6[] : f32
// OUT:         %507 = subgroup_reduce max %506 : f32
// OUT:         %508 = constant 0 : index
// OUT:         %509 = add %508, %k498 : index
// OUT:         %510 = load @a2[%509] : f32
// OUT:         %511 = max %510, %507 : f32
// OUT:         %512 = constant -inf : f32
// OUT:         %513 = cmp eq %511, %512 : i1
// OUT:         %514 = constant 0.0 : f32
// OUT:         %515 = select %513, %514, %511 : f32
// OUT:         %516 = sub %510, %515 : f32
// OUT:         %517 = exp %516 : f32
// OUT:         %518 = constant 0.0 : f32
// OUT:         store @a6[], %518
// OUT:         for %k519 = %495 to %332 step %496 {
// OUT:           %520 = add %499, %k519 : index
// OUT:           %521 = load @a1[%520] : f32
// OUT:           %522 = sub %521, %515 : f32
// OUT:           %523 = exp %522 : f32
// OUT:           store @a1[%520], %523
// OUT:           %524 = load @a6[] : f32
// OUT:           %525 = add %524, %523 : f32
// OUT:           store @a6[], %525
// OUT:         }
// OUT:         %526 = load @a6[] : f32
// OUT:         %527 = subgroup_reduce add %526 : f32
// OUT:         %528 = constant 4 : index
// OUT:         %529 = add %528, %k498 : index
// OUT:         %530 = load @a2[%529] : f32
// OUT:         %531 = mul %530, %517 : f32
// OUT:         %532 = add %531, %527 : f32
// OUT:         %533 = cmp eq %495, %13 : i1
// OUT:         if %533 {
// OUT:           %534 = constant 0 : index
// OUT:           %535 = add %534, %k498 : index
// OUT:           store @a2[%535], %511
// OUT:           %536 = constant 4 : index
// OUT:           %537 = add %536, %k498 : index
// OUT:           store @a2[%537], %532
// OUT:           %538 = constant 8 : index
// OUT:           %539 = add %538, %k498 : index
// OUT:           store @a2[%539], %517
// OUT:         }
// OUT:         %540 = add %11, %k498 : index
// OUT:         %541 = min %540, %12 : index
// OUT:         for %k542 = %495 to %332 step %496 {
// OUT:           %543 = add %499, %k542 : index
// OUT:           %544 = load @a1[%543] : f32
// OUT:           store @a1[%543], %544
// OUT:         }
// OUT:       }
// OUT:       control_barrier workgroup
// OUT:       %545 = constant 8 : index
// OUT:       %546 = add %545, %58 : index
// OUT:       %547 = load @a2[%546] : f32
// OUT:       %548 = constant 0 : index
// OUT:       %549 = load @a4[%548] : f32
// OUT:       %550 = mul %549, %547 : f32
// OUT:       store @a4[%548], %550
// OUT:       %551 = constant 0 : index
// OUT:       for %k552 = %551 to %332 step %14 {
// OUT:         %553 = constant 0 : index
// OUT:         %554 = add %k552, %553 : index
// OUT:         %555 = add %331, %554 : index
// OUT:         %556 = load @v3[%9, %555, %61] : f32
// OUT:         %557 = mul %58, %18 : index
// OUT:         %558 = add %557, %554 : index
// OUT:         %559 = load @a1[%558] : f32
// OUT:         %560 = mul %559, %556 : f32
// OUT:         %561 = constant 0 : index
// OUT:         %562 = load @a4[%561] : f32
// OUT:         %563 = add %562, %560 : f32
// OUT:         store @a4[%561], %563
// OUT:       }
// OUT:       %564 = constant 3 : index
// OUT:       %565 = constant 4 : index
// OUT:       %566 = constant 4 : index
// OUT:       %567 = add %11, %57 : index
// OUT:       %568 = cmp lt %57, %565 : i1
// OUT:       %569 = cmp lt %567, %564 : i1
// OUT:       %570 = and %568, %569 : i1
// OUT:       %571 = constant 4 : index
// OUT:       %572 = add %571, %58 : index
// OUT:       %573 = load @a2[%572] : f32
// OUT:       %574 = constant 1.0 : f32
// OUT:       %575 = div %574, %573 : f32
// OUT:       %576 = cmp lt %60, %566 : i1
// OUT:       %577 = and %570, %576 : i1
// OUT:       if %577 {
// OUT:         %578 = constant 0 : index
// OUT:         %579 = load @a4[%578] : f32
// OUT:         %580 = mul %579, %575 : f32
// OUT:         %581 = constant 0.0 : f32
// OUT:         %582 = add %581, %580 : f32
// OUT:         store @v4[%9, %567, %60], %582
// OUT:       }
// OUT:     }
// OUT:   }
// OUT: }

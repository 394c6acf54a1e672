// RUN: lower-to-kernels target=nvidia-h200
// The attention region of fusion/attention_one_region.mlir as one kernel: the queries staged,
// each invocation's keys scored in registers then scaled and masked into the score block, a
// subgroup per row for the softmax (subgroup reduces), then P V into a register tile.
#s = affine_map<(h, m, n, k) -> (h, m, k)>
#kt = affine_map<(h, m, n, k) -> (h, k, n)>
#o = affine_map<(h, m, n, k) -> (h, m, n)>
#id = affine_map<(h, m, n) -> (h, m, n)>
#mask = affine_map<(h, m, n) -> (0, n)>
func.func @main(%q: tensor<2x7x16xf32>, %kt: tensor<2x16x7xf32>, %v: tensor<2x7x16xf32>, %mask: tensor<1x7xf32>) -> tensor<2x7x16xf32> {
  %zero = arith.constant 0.0 : f32
  %se = tensor.empty() : tensor<2x7x7xf32>
  %sf = linalg.fill ins(%zero : f32) outs(%se : tensor<2x7x7xf32>) -> tensor<2x7x7xf32>
  %s = linalg.generic {indexing_maps = [#s, #kt, #o], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%q, %kt : tensor<2x7x16xf32>, tensor<2x16x7xf32>) outs(%sf : tensor<2x7x7xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %t = arith.addf %acc, %p : f32
    linalg.yield %t : f32
  } -> tensor<2x7x7xf32>
  %scaled = linalg.generic {indexing_maps = [#id, #mask, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%s, %mask : tensor<2x7x7xf32>, tensor<1x7xf32>) outs(%se : tensor<2x7x7xf32>) {
  ^bb0(%x: f32, %m: f32, %out: f32):
    %c = arith.constant 0.25 : f32
    %y = arith.mulf %x, %c : f32
    %z = arith.addf %y, %m : f32
    linalg.yield %z : f32
  } -> tensor<2x7x7xf32>
  %pe = tensor.empty() : tensor<2x7x7xf32>
  %p = linalg.softmax dimension(2) ins(%scaled : tensor<2x7x7xf32>) outs(%pe : tensor<2x7x7xf32>) -> tensor<2x7x7xf32>
  %oe = tensor.empty() : tensor<2x7x16xf32>
  %of = linalg.fill ins(%zero : f32) outs(%oe : tensor<2x7x16xf32>) -> tensor<2x7x16xf32>
  %o = linalg.batch_matmul ins(%p, %v : tensor<2x7x7xf32>, tensor<2x7x16xf32>) outs(%of : tensor<2x7x16xf32>) -> tensor<2x7x16xf32>
  return %o : tensor<2x7x16xf32>
}
// OUT: kernel @dispatch_0_attention local_size [128, 1, 1] workgroup_count [1, 1, 1] subgroup_size 32 {
// OUT:   binding #0 = set 0 binding 0 readonly f32 buffer 0 "input0"
// OUT:   binding #1 = set 0 binding 1 readonly f32 buffer 1 "input1"
// OUT:   binding #2 = set 0 binding 2 readonly f32 buffer 3 "input3"
// OUT:   binding #3 = set 0 binding 3 readonly f32 buffer 2 "input2"
// OUT:   binding #4 = set 0 binding 4 writeonly f32 buffer 4 "output0"
// OUT:   view @v0 = #0 offset 0 shape [2, 7, 16] strides [112, 16, 1]
// OUT:   view @v1 = #1 offset 0 shape [2, 16, 7] strides [112, 7, 1]
// OUT:   view @v2 = #2 offset 0 shape [1, 7] strides [7, 1]
// OUT:   view @v3 = #3 offset 0 shape [2, 7, 16] strides [112, 16, 1]
// OUT:   view @v4 = #4 offset 0 shape [2, 7, 16] strides [112, 16, 1]
// OUT:   alloc @a0 = workgroup f32[128] "query_tile"
// OUT:   alloc @a1 = workgroup f32[64] "score_block"
// OUT:   alloc @a2 = function f32[8] "scores"
// OUT:   alloc @a3 = function f32[1] "row_stat"
// OUT:   alloc @a4 = function f32[2] "acc"
// OUT:   %0 = constant 2 : index
// OUT:   %1 = constant 1 : index
// OUT:   parallel workgroup (%i2, %i3) < (%0, %1) {
// OUT:     %4 = constant 128 : index
// OUT:     parallel local (%i5) < (%4) {
// OUT:       %6 = constant 0 : index
// OUT:       %7 = constant 2 : index
// OUT:       %8 = mul %6, %7 : index
// OUT:       %9 = add %8, %i2 : index
// OUT:       %10 = constant 8 : index
// OUT:       %11 = mul %i3, %10 : index
// OUT:       %12 = constant 6 : index
// OUT:       %13 = constant 0 : index
// OUT:       %14 = constant 1 : index
// OUT:       %15 = constant 128 : index
// OUT:       %16 = constant 16 : index
// OUT:       %17 = constant 7 : index
// OUT:       %18 = constant 8 : index
// OUT:       %19 = constant 128 : index
// OUT:       for %k20 = %i5 to %19 step %15 {
// OUT:         %21 = div %k20, %16 : index
// OUT:         %22 = rem %k20, %16 : index
// OUT:         %23 = add %11, %21 : index
// OUT:         %24 = min %23, %12 : index
// OUT:         %25 = load @v0[%9, %24, %22] : f32
// OUT:         %26 = mul %22, %10 : index
// OUT:         %27 = add %26, %21 : index
// OUT:         store @a0[%27], %25
// OUT:       }
// OUT:       control_barrier workgroup
// OUT:       %28 = constant 0.0 : f32
// OUT:       %29 = constant 0 : index
// OUT:       %30 = add %11, %29 : index
// OUT:       %31 = min %30, %12 : index
// OUT:       %32 = constant 1 : index
// OUT:       %33 = add %11, %32 : index
// OUT:       %34 = min %33, %12 : index
// OUT:       %35 = constant 2 : index
// OUT:       %36 = add %11, %35 : index
// OUT:       %37 = min %36, %12 : index
// OUT:       %38 = constant 3 : index
// OUT:       %39 = add %11, %38 : index
// OUT:       %40 = min %39, %12 : index
// OUT:       %41 = constant 4 : index
// OUT:       %42 = add %11, %41 : index
// OUT:       %43 = min %42, %12 : index
// OUT:       %44 = constant 5 : index
// OUT:       %45 = add %11, %44 : index
// OUT:       %46 = min %45, %12 : index
// OUT:       %47 = constant 6 : index
// OUT:       %48 = add %11, %47 : index
// OUT:       %49 = min %48, %12 : index
// OUT:       %50 = constant 7 : index
// OUT:       %51 = add %11, %50 : index
// OUT:       %52 = min %51, %12 : index
// OUT:       for %k53 = %i5 to %17 step %15 {
// OUT:         %54 = constant 0 : index
// OUT:         store @a2[%54], %28
// OUT:         %55 = constant 1 : index
// OUT:         store @a2[%55], %28
// OUT:         %56 = constant 2 : index
// OUT:         store @a2[%56], %28
// OUT:         %57 = constant 3 : index
// OUT:         store @a2[%57], %28
// OUT:         %58 = constant 4 : index
// OUT:         store @a2[%58], %28
// OUT:         %59 = constant 5 : index
// OUT:         store @a2[%59], %28
// OUT:         %60 = constant 6 : index
// OUT:         store @a2[%60], %28
// OUT:         %61 = constant 7 : index
// OUT:         store @a2[%61], %28
// OUT:         %62 = constant 8 : index
// OUT:         for %k63 = %13 to %16 step %62 {
// OUT:           %64 = constant 0 : index
// OUT:           %65 = add %k63, %64 : index
// OUT:           %66 = load @v1[%9, %65, %k53] : f32
// OUT:           %67 = constant 1 : index
// OUT:           %68 = add %k63, %67 : index
// OUT:           %69 = load @v1[%9, %68, %k53] : f32
// OUT:           %70 = constant 2 : index
// OUT:           %71 = add %k63, %70 : index
// OUT:           %72 = load @v1[%9, %71, %k53] : f32
// OUT:           %73 = constant 3 : index
// OUT:           %74 = add %k63, %73 : index
// OUT:           %75 = load @v1[%9, %74, %k53] : f32
// OUT:           %76 = constant 4 : index
// OUT:           %77 = add %k63, %76 : index
// OUT:           %78 = load @v1[%9, %77, %k53] : f32
// OUT:           %79 = constant 5 : index
// OUT:           %80 = add %k63, %79 : index
// OUT:           %81 = load @v1[%9, %80, %k53] : f32
// OUT:           %82 = constant 6 : index
// OUT:           %83 = add %k63, %82 : index
// OUT:           %84 = load @v1[%9, %83, %k53] : f32
// OUT:           %85 = constant 7 : index
// OUT:           %86 = add %k63, %85 : index
// OUT:           %87 = load @v1[%9, %86, %k53] : f32
// OUT:           %88 = constant 8 : index
// OUT:           %89 = mul %65, %88 : index
// OUT:           %90 = constant 0 : index
// OUT:           %91 = add %89, %90 : index
// OUT:           %92 = load @a0[%91] : vector<4xf32>
// OUT:           %93 = extract %92[0] : f32
// OUT:           %94 = mul %93, %66 : f32
// OUT:           %95 = constant 0 : index
// OUT:           %96 = load @a2[%95] : f32
// OUT:           %97 = add %96, %94 : f32
// OUT:           store @a2[%95], %97
// OUT:           %98 = extract %92[1] : f32
// OUT:           %99 = mul %98, %66 : f32
// OUT:           %100 = constant 1 : index
// OUT:           %101 = load @a2[%100] : f32
// OUT:           %102 = add %101, %99 : f32
// OUT:           store @a2[%100], %102
// OUT:           %103 = extract %92[2] : f32
// OUT:           %104 = mul %103, %66 : f32
// OUT:           %105 = constant 2 : index
// OUT:           %106 = load @a2[%105] : f32
// OUT:           %107 = add %106, %104 : f32
// OUT:           store @a2[%105], %107
// OUT:           %108 = extract %92[3] : f32
// OUT:           %109 = mul %108, %66 : f32
// OUT:           %110 = constant 3 : index
// OUT:           %111 = load @a2[%110] : f32
// OUT:           %112 = add %111, %109 : f32
// OUT:           store @a2[%110], %112
// OUT:           %113 = constant 4 : index
// OUT:           %114 = add %89, %113 : index
// OUT:           %115 = load @a0[%114] : vector<4xf32>
// OUT:           %116 = extract %115[0] : f32
// OUT:           %117 = mul %116, %66 : f32
// OUT:           %118 = constant 4 : index
// OUT:           %119 = load @a2[%118] : f32
// OUT:           %120 = add %119, %117 : f32
// OUT:           store @a2[%118], %120
// OUT:           %121 = extract %115[1] : f32
// OUT:           %122 = mul %121, %66 : f32
// OUT:           %123 = constant 5 : index
// OUT:           %124 = load @a2[%123] : f32
// OUT:           %125 = add %124, %122 : f32
// OUT:           store @a2[%123], %125
// OUT:           %126 = extract %115[2] : f32
// OUT:           %127 = mul %126, %66 : f32
// OUT:           %128 = constant 6 : index
// OUT:           %129 = load @a2[%128] : f32
// OUT:           %130 = add %129, %127 : f32
// OUT:           store @a2[%128], %130
// OUT:           %131 = extract %115[3] : f32
// OUT:           %132 = mul %131, %66 : f32
// OUT:           %133 = constant 7 : index
// OUT:           %134 = load @a2[%133] : f32
// OUT:           %135 = add %134, %132 : f32
// OUT:           store @a2[%133], %135
// OUT:           %136 = constant 8 : index
// OUT:           %137 = mul %68, %136 : index
// OUT:           %138 = constant 0 : index
// OUT:           %139 = add %137, %138 : index
// OUT:           %140 = load @a0[%139] : vector<4xf32>
// OUT:           %141 = extract %140[0] : f32
// OUT:           %142 = mul %141, %69 : f32
// OUT:           %143 = constant 0 : index
// OUT:           %144 = load @a2[%143] : f32
// OUT:           %145 = add %144, %142 : f32
// OUT:           store @a2[%143], %145
// OUT:           %146 = extract %140[1] : f32
// OUT:           %147 = mul %146, %69 : f32
// OUT:           %148 = constant 1 : index
// OUT:           %149 = load @a2[%148] : f32
// OUT:           %150 = add %149, %147 : f32
// OUT:           store @a2[%148], %150
// OUT:           %151 = extract %140[2] : f32
// OUT:           %152 = mul %151, %69 : f32
// OUT:           %153 = constant 2 : index
// OUT:           %154 = load @a2[%153] : f32
// OUT:           %155 = add %154, %152 : f32
// OUT:           store @a2[%153], %155
// OUT:           %156 = extract %140[3] : f32
// OUT:           %157 = mul %156, %69 : f32
// OUT:           %158 = constant 3 : index
// OUT:           %159 = load @a2[%158] : f32
// OUT:           %160 = add %159, %157 : f32
// OUT:           store @a2[%158], %160
// OUT:           %161 = constant 4 : index
// OUT:           %162 = add %137, %161 : index
// OUT:           %163 = load @a0[%162] : vector<4xf32>
// OUT:           %164 = extract %163[0] : f32
// OUT:           %165 = mul %164, %69 : f32
// OUT:           %166 = constant 4 : index
// OUT:           %167 = load @a2[%166] : f32
// OUT:           %168 = add %167, %165 : f32
// OUT:           store @a2[%166], %168
// OUT:           %169 = extract %163[1] : f32
// OUT:           %170 = mul %169, %69 : f32
// OUT:           %171 = constant 5 : index
// OUT:           %172 = load @a2[%171] : f32
// OUT:           %173 = add %172, %170 : f32
// OUT:           store @a2[%171], %173
// OUT:           %174 = extract %163[2] : f32
// OUT:           %175 = mul %174, %69 : f32
// OUT:           %176 = constant 6 : index
// OUT:           %177 = load @a2[%176] : f32
// OUT:           %178 = add %177, %175 : f32
// OUT:           store @a2[%176], %178
// OUT:           %179 = extract %163[3] : f32
// OUT:           %180 = mul %179, %69 : f32
// OUT:           %181 = constant 7 : index
// OUT:           %182 = load @a2[%181] : f32
// OUT:           %183 = add %182, %180 : f32
// OUT:           store @a2[%181], %183
// OUT:           %184 = constant 8 : index
// OUT:           %185 = mul %71, %184 : index
// OUT:           %186 = constant 0 : index
// OUT:           %187 = add %185, %186 : index
// OUT:           %188 = load @a0[%187] : vector<4xf32>
// OUT:           %189 = extract %188[0] : f32
// OUT:           %190 = mul %189, %72 : f32
// OUT:           %191 = constant 0 : index
// OUT:           %192 = load @a2[%191] : f32
// OUT:           %193 = add %192, %190 : f32
// OUT:           store @a2[%191], %193
// OUT:           %194 = extract %188[1] : f32
// OUT:           %195 = mul %194, %72 : f32
// OUT:           %196 = constant 1 : index
// OUT:           %197 = load @a2[%196] : f32
// OUT:           %198 = add %197, %195 : f32
// OUT:           store @a2[%196], %198
// OUT:           %199 = extract %188[2] : f32
// OUT:           %200 = mul %199, %72 : f32
// OUT:           %201 = constant 2 : index
// OUT:           %202 = load @a2[%201] : f32
// OUT:           %203 = add %202, %200 : f32
// OUT:           store @a2[%201], %203
// OUT:           %204 = extract %188[3] : f32
// OUT:           %205 = mul %204, %72 : f32
// OUT:           %206 = constant 3 : index
// OUT:           %207 = load @a2[%206] : f32
// OUT:           %208 = add %207, %205 : f32
// OUT:           store @a2[%206], %208
// OUT:           %209 = constant 4 : index
// OUT:           %210 = add %185, %209 : index
// OUT:           %211 = load @a0[%210] : vector<4xf32>
// OUT:           %212 = extract %211[0] : f32
// OUT:           %213 = mul %212, %72 : f32
// OUT:           %214 = constant 4 : index
// OUT:           %215 = load @a2[%214] : f32
// OUT:           %216 = add %215, %213 : f32
// OUT:           store @a2[%214], %216
// OUT:           %217 = extract %211[1] : f32
// OUT:           %218 = mul %217, %72 : f32
// OUT:           %219 = constant 5 : index
// OUT:           %220 = load @a2[%219] : f32
// OUT:           %221 = add %220, %218 : f32
// OUT:           store @a2[%219], %221
// OUT:           %222 = extract %211[2] : f32
// OUT:           %223 = mul %222, %72 : f32
// OUT:           %224 = constant 6 : index
// OUT:           %225 = load @a2[%224] : f32
// OUT:           %226 = add %225, %223 : f32
// OUT:           store @a2[%224], %226
// OUT:           %227 = extract %211[3] : f32
// OUT:           %228 = mul %227, %72 : f32
// OUT:           %229 = constant 7 : index
// OUT:           %230 = load @a2[%229] : f32
// OUT:           %231 = add %230, %228 : f32
// OUT:           store @a2[%229], %231
// OUT:           %232 = constant 8 : index
// OUT:           %233 = mul %74, %232 : index
// OUT:           %234 = constant 0 : index
// OUT:           %235 = add %233, %234 : index
// OUT:           %236 = load @a0[%235] : vector<4xf32>
// OUT:           %237 = extract %236[0] : f32
// OUT:           %238 = mul %237, %75 : f32
// OUT:           %239 = constant 0 : index
// OUT:           %240 = load @a2[%239] : f32
// OUT:           %241 = add %240, %238 : f32
// OUT:           store @a2[%239], %241
// OUT:           %242 = extract %236[1] : f32
// OUT:           %243 = mul %242, %75 : f32
// OUT:           %244 = constant 1 : index
// OUT:           %245 = load @a2[%244] : f32
// OUT:           %246 = add %245, %243 : f32
// OUT:           store @a2[%244], %246
// OUT:           %247 = extract %236[2] : f32
// OUT:           %248 = mul %247, %75 : f32
// OUT:           %249 = constant 2 : index
// OUT:           %250 = load @a2[%249] : f32
// OUT:           %251 = add %250, %248 : f32
// OUT:           store @a2[%249], %251
// OUT:           %252 = extract %236[3] : f32
// OUT:           %253 = mul %252, %75 : f32
// OUT:           %254 = constant 3 : index
// OUT:           %255 = load @a2[%254] : f32
// OUT:           %256 = add %255, %253 : f32
// OUT:           store @a2[%254], %256
// OUT:           %257 = constant 4 : index
// OUT:           %258 = add %233, %257 : index
// OUT:           %259 = load @a0[%258] : vector<4xf32>
// OUT:           %260 = extract %259[0] : f32
// OUT:           %261 = mul %260, %75 : f32
// OUT:           %262 = constant 4 : index
// OUT:           %263 = load @a2[%262] : f32
// OUT:           %264 = add %263, %261 : f32
// OUT:           store @a2[%262], %264
// OUT:           %265 = extract %259[1] : f32
// OUT:           %266 = mul %265, %75 : f32
// OUT:           %267 = constant 5 : index
// OUT:           %268 = load @a2[%267] : f32
// OUT:           %269 = add %268, %266 : f32
// OUT:           store @a2[%267], %269
// OUT:           %270 = extract %259[2] : f32
// OUT:           %271 = mul %270, %75 : f32
// OUT:           %272 = constant 6 : index
// OUT:           %273 = load @a2[%272] : f32
// OUT:           %274 = add %273, %271 : f32
// OUT:           store @a2[%272], %274
// OUT:           %275 = extract %259[3] : f32
// OUT:           %276 = mul %275, %75 : f32
// OUT:           %277 = constant 7 : index
// OUT:           %278 = load @a2[%277] : f32
// OUT:           %279 = add %278, %276 : f32
// OUT:           store @a2[%277], %279
// OUT:           %280 = constant 8 : index
// OUT:           %281 = mul %77, %280 : index
// OUT:           %282 = constant 0 : index
// OUT:           %283 = add %281, %282 : index
// OUT:           %284 = load @a0[%283] : vector<4xf32>
// OUT:           %285 = extract %284[0] : f32
// OUT:           %286 = mul %285, %78 : f32
// OUT:           %287 = constant 0 : index
// OUT:           %288 = load @a2[%287] : f32
// OUT:           %289 = add %288, %286 : f32
// OUT:           store @a2[%287], %289
// OUT:           %290 = extract %284[1] : f32
// OUT:           %291 = mul %290, %78 : f32
// OUT:           %292 = constant 1 : index
// OUT:           %293 = load @a2[%292] : f32
// OUT:           %294 = add %293, %291 : f32
// OUT:           store @a2[%292], %294
// OUT:           %295 = extract %284[2] : f32
// OUT:           %296 = mul %295, %78 : f32
// OUT:           %297 = constant 2 : index
// OUT:           %298 = load @a2[%297] : f32
// OUT:           %299 = add %298, %296 : f32
// OUT:           store @a2[%297], %299
// OUT:           %300 = extract %284[3] : f32
// OUT:           %301 = mul %300, %78 : f32
// OUT:           %302 = constant 3 : index
// OUT:           %303 = load @a2[%302] : f32
// OUT:           %304 = add %303, %301 : f32
// OUT:           store @a2[%302], %304
// OUT:           %305 = constant 4 : index
// OUT:           %306 = add %281, %305 : index
// OUT:           %307 = load @a0[%306] : vector<4xf32>
// OUT:           %308 = extract %307[0] : f32
// OUT:           %309 = mul %308, %78 : f32
// OUT:           %310 = constant 4 : index
// OUT:           %311 = load @a2[%310] : f32
// OUT:           %312 = add %311, %309 : f32
// OUT:           store @a2[%310], %312
// OUT:           %313 = extract %307[1] : f32
// OUT:           %314 = mul %313, %78 : f32
// OUT:           %315 = constant 5 : index
// OUT:           %316 = load @a2[%315] : f32
// OUT:           %317 = add %316, %314 : f32
// OUT:           store @a2[%315], %317
// OUT:           %318 = extract %307[2] : f32
// OUT:           %319 = mul %318, %78 : f32
// OUT:           %320 = constant 6 : index
// OUT:           %321 = load @a2[%320] : f32
// OUT:           %322 = add %321, %319 : f32
// OUT:           store @a2[%320], %322
// OUT:           %323 = extract %307[3] : f32
// OUT:           %324 = mul %323, %78 : f32
// OUT:           %325 = constant 7 : index
// OUT:           %326 = load @a2[%325] : f32
// OUT:           %327 = add %326, %324 : f32
// OUT:           store @a2[%325], %327
// OUT:           %328 = constant 8 : index
// OUT:           %329 = mul %80, %328 : index
// OUT:           %330 = constant 0 : index
// OUT:           %331 = add %329, %330 : index
// OUT:           %332 = load @a0[%331] : vector<4xf32>
// OUT:           %333 = extract %332[0] : f32
// OUT:           %334 = mul %333, %81 : f32
// OUT:           %335 = constant 0 : index
// OUT:           %336 = load @a2[%335] : f32
// OUT:           %337 = add %336, %334 : f32
// OUT:           store @a2[%335], %337
// OUT:           %338 = extract %332[1] : f32
// OUT:           %339 = mul %338, %81 : f32
// OUT:           %340 = constant 1 : index
// OUT:           %341 = load @a2[%340] : f32
// OUT:           %342 = add %341, %339 : f32
// OUT:           store @a2[%340], %342
// OUT:           %343 = extract %332[2] : f32
// OUT:           %344 = mul %343, %81 : f32
// OUT:           %345 = constant 2 : index
// OUT:           %346 = load @a2[%345] : f32
// OUT:           %347 = add %346, %344 : f32
// OUT:           store @a2[%345], %347
// OUT:           %348 = extract %332[3] : f32
// OUT:           %349 = mul %348, %81 : f32
// OUT:           %350 = constant 3 : index
// OUT:           %351 = load @a2[%350] : f32
// OUT:           %352 = add %351, %349 : f32
// OUT:           store @a2[%350], %352
// OUT:           %353 = constant 4 : index
// OUT:           %354 = add %329, %353 : index
// OUT:           %355 = load @a0[%354] : vector<4xf32>
// OUT:           %356 = extract %355[0] : f32
// OUT:           %357 = mul %356, %81 : f32
// OUT:           %358 = constant 4 : index
// OUT:           %359 = load @a2[%358] : f32
// OUT:           %360 = add %359, %357 : f32
// OUT:           store @a2[%358], %360
// OUT:           %361 = extract %355[1] : f32
// OUT:           %362 = mul %361, %81 : f32
// OUT:           %363 = constant 5 : index
// OUT:           %364 = load @a2[%363] : f32
// OUT:           %365 = add %364, %362 : f32
// OUT:           store @a2[%363], %365
// OUT:           %366 = extract %355[2] : f32
// OUT:           %367 = mul %366, %81 : f32
// OUT:           %368 = constant 6 : index
// OUT:           %369 = load @a2[%368] : f32
// OUT:           %370 = add %369, %367 : f32
// OUT:           store @a2[%368], %370
// OUT:           %371 = extract %355[3] : f32
// OUT:           %372 = mul %371, %81 : f32
// OUT:           %373 = constant 7 : index
// OUT:           %374 = load @a2[%373] : f32
// OUT:           %375 = add %374, %372 : f32
// OUT:           store @a2[%373], %375
// OUT:           %376 = constant 8 : index
// OUT:           %377 = mul %83, %376 : index
// OUT:           %378 = constant 0 : index
// OUT:           %379 = add %377, %378 : index
// OUT:           %380 = load @a0[%379] : vector<4xf32>
// OUT:           %381 = extract %380[0] : f32
// OUT:           %382 = mul %381, %84 : f32
// OUT:           %383 = constant 0 : index
// OUT:           %384 = load @a2[%383] : f32
// OUT:           %385 = add %384, %382 : f32
// OUT:           store @a2[%383], %385
// OUT:           %386 = extract %380[1] : f32
// OUT:           %387 = mul %386, %84 : f32
// OUT:           %388 = constant 1 : index
// OUT:           %389 = load @a2[%388] : f32
// OUT:           %390 = add %389, %387 : f32
// OUT:           store @a2[%388], %390
// OUT:           %391 = extract %380[2] : f32
// OUT:           %392 = mul %391, %84 : f32
// OUT:           %393 = constant 2 : index
// OUT:           %394 = load @a2[%393] : f32
// OUT:           %395 = add %394, %392 : f32
// OUT:           store @a2[%393], %395
// OUT:           %396 = extract %380[3] : f32
// OUT:           %397 = mul %396, %84 : f32
// OUT:           %398 = constant 3 : index
// OUT:           %399 = load @a2[%398] : f32
// OUT:           %400 = add %399, %397 : f32
// OUT:           store @a2[%398], %400
// OUT:           %401 = constant 4 : index
// OUT:           %402 = add %377, %401 : index
// OUT:           %403 = load @a0[%402] : vector<4xf32>
// OUT:           %404 = extract %403[0] : f32
// OUT:           %405 = mul %404, %84 : f32
// OUT:           %406 = constant 4 : index
// OUT:           %407 = load @a2[%406] : f32
// OUT:           %408 = add %407, %405 : f32
// OUT:           store @a2[%406], %408
// OUT:           %409 = extract %403[1] : f32
// OUT:           %410 = mul %409, %84 : f32
// OUT:           %411 = constant 5 : index
// OUT:           %412 = load @a2[%411] : f32
// OUT:           %413 = add %412, %410 : f32
// OUT:           store @a2[%411], %413
// OUT:           %414 = extract %403[2] : f32
// OUT:           %415 = mul %414, %84 : f32
// OUT:           %416 = constant 6 : index
// OUT:           %417 = load @a2[%416] : f32
// OUT:           %418 = add %417, %415 : f32
// OUT:           store @a2[%416], %418
// OUT:           %419 = extract %403[3] : f32
// OUT:           %420 = mul %419, %84 : f32
// OUT:           %421 = constant 7 : index
// OUT:           %422 = load @a2[%421] : f32
// OUT:           %423 = add %422, %420 : f32
// OUT:           store @a2[%421], %423
// OUT:           %424 = constant 8 : index
// OUT:           %425 = mul %86, %424 : index
// OUT:           %426 = constant 0 : index
// OUT:           %427 = add %425, %426 : index
// OUT:           %428 = load @a0[%427] : vector<4xf32>
// OUT:           %429 = extract %428[0] : f32
// OUT:           %430 = mul %429, %87 : f32
// OUT:           %431 = constant 0 : index
// OUT:           %432 = load @a2[%431] : f32
// OUT:           %433 = add %432, %430 : f32
// OUT:           store @a2[%431], %433
// OUT:           %434 = extract %428[1] : f32
// OUT:           %435 = mul %434, %87 : f32
// OUT:           %436 = constant 1 : index
// OUT:           %437 = load @a2[%436] : f32
// OUT:           %438 = add %437, %435 : f32
// OUT:           store @a2[%436], %438
// OUT:           %439 = extract %428[2] : f32
// OUT:           %440 = mul %439, %87 : f32
// OUT:           %441 = constant 2 : index
// OUT:           %442 = load @a2[%441] : f32
// OUT:           %443 = add %442, %440 : f32
// OUT:           store @a2[%441], %443
// OUT:           %444 = extract %428[3] : f32
// OUT:           %445 = mul %444, %87 : f32
// OUT:           %446 = constant 3 : index
// OUT:           %447 = load @a2[%446] : f32
// OUT:           %448 = add %447, %445 : f32
// OUT:           store @a2[%446], %448
// OUT:           %449 = constant 4 : index
// OUT:           %450 = add %425, %449 : index
// OUT:           %451 = load @a0[%450] : vector<4xf32>
// OUT:           %452 = extract %451[0] : f32
// OUT:           %453 = mul %452, %87 : f32
// OUT:           %454 = constant 4 : index
// OUT:           %455 = load @a2[%454] : f32
// OUT:           %456 = add %455, %453 : f32
// OUT:           store @a2[%454], %456
// OUT:           %457 = extract %451[1] : f32
// OUT:           %458 = mul %457, %87 : f32
// OUT:           %459 = constant 5 : index
// OUT:           %460 = load @a2[%459] : f32
// OUT:           %461 = add %460, %458 : f32
// OUT:           store @a2[%459], %461
// OUT:           %462 = extract %451[2] : f32
// OUT:           %463 = mul %462, %87 : f32
// OUT:           %464 = constant 6 : index
// OUT:           %465 = load @a2[%464] : f32
// OUT:           %466 = add %465, %463 : f32
// OUT:           store @a2[%464], %466
// OUT:           %467 = extract %451[3] : f32
// OUT:           %468 = mul %467, %87 : f32
// OUT:           %469 = constant 7 : index
// OUT:           %470 = load @a2[%469] : f32
// OUT:           %471 = add %470, %468 : f32
// OUT:           store @a2[%469], %471
// OUT:         }
// OUT:         %472 = constant 0 : index
// OUT:         %473 = load @a2[%472] : f32
// OUT:         %474 = constant 0.0 : f32
// OUT:         %475 = add %474, %473 : f32
// OUT:         %476 = constant 0.25 : f32
// OUT:         %477 = mul %475, %476 : f32
// OUT:         %478 = constant 0 : index
// OUT:         %479 = load @v2[%478, %k53] : f32
// OUT:         %480 = add %477, %479 : f32
// OUT:         %481 = constant 0 : index
// OUT:         %482 = add %481, %k53 : index
// OUT:         store @a1[%482], %480
// OUT:         %483 = constant 1 : index
// OUT:         %484 = load @a2[%483] : f32
// OUT:         %485 = add %474, %484 : f32
// OUT:         %486 = constant 0.25 : f32
// OUT:         %487 = mul %485, %486 : f32
// OUT:         %488 = constant 0 : index
// OUT:         %489 = load @v2[%488, %k53] : f32
// OUT:         %490 = add %487, %489 : f32
// OUT:         %491 = constant 8 : index
// OUT:         %492 = add %491, %k53 : index
// OUT:         store @a1[%492], %490
// OUT:         %493 = constant 2 : index
// OUT:         %494 = load @a2[%493] : f32
// OUT:         %495 = add %474, %494 : f32
// OUT:         %496 = constant 0.25 : f32
// OUT:         %497 = mul %495, %496 : f32
// OUT:         %498 = constant 0 : index
// OUT:         %499 = load @v2[%498, %k53] : f32
// OUT:         %500 = add %497, %499 : f32
// OUT:         %501 = constant 16 : index
// OUT:         %502 = add %501, %k53 : index
// OUT:         store @a1[%502], %500
// OUT:         %503 = constant 3 : index
// OUT:         %504 = load @a2[%503] : f32
// OUT:         %505 = add %474, %504 : f32
// OUT:         %506 = constant 0.25 : f32
// OUT:         %507 = mul %505, %506 : f32
// OUT:         %508 = constant 0 : index
// OUT:         %509 = load @v2[%508, %k53] : f32
// OUT:         %510 = add %507, %509 : f32
// OUT:         %511 = constant 24 : index
// OUT:         %512 = add %511, %k53 : index
// OUT:         store @a1[%512], %510
// OUT:         %513 = constant 4 : index
// OUT:         %514 = load @a2[%513] : f32
// OUT:         %515 = add %474, %514 : f32
// OUT:         %516 = constant 0.25 : f32
// OUT:         %517 = mul %515, %516 : f32
// OUT:         %518 = constant 0 : index
// OUT:         %519 = load @v2[%518, %k53] : f32
// OUT:         %520 = add %517, %519 : f32
// OUT:         %521 = constant 32 : index
// OUT:         %522 = add %521, %k53 : index
// OUT:         store @a1[%522], %520
// OUT:         %523 = constant 5 : index
// OUT:         %524 = load @a2[%523] : f32
// OUT:         %525 = add %474, %524 : f32
// OUT:         %526 = constant 0.25 : f32
// OUT:         %527 = mul %525, %526 : f32
// OUT:         %528 = constant 0 : index
// OUT:         %529 = load @v2[%528, %k53] : f32
// OUT:         %530 = add %527, %529 : f32
// OUT:         %531 = constant 40 : index
// OUT:         %532 = add %531, %k53 : index
// OUT:         store @a1[%532], %530
// OUT:         %533 = constant 6 : index
// OUT:         %534 = load @a2[%533] : f32
// OUT:         %535 = add %474, %534 : f32
// OUT:         %536 = constant 0.25 : f32
// OUT:         %537 = mul %535, %536 : f32
// OUT:         %538 = constant 0 : index
// OUT:         %539 = load @v2[%538, %k53] : f32
// OUT:         %540 = add %537, %539 : f32
// OUT:         %541 = constant 48 : index
// OUT:         %542 = add %541, %k53 : index
// OUT:         store @a1[%542], %540
// OUT:         %543 = constant 7 : index
// OUT:         %544 = load @a2[%543] : f32
// OUT:         %545 = add %474, %544 : f32
// OUT:         %546 = constant 0.25 : f32
// OUT:         %547 = mul %545, %546 : f32
// OUT:         %548 = constant 0 : index
// OUT:         %549 = load @v2[%548, %k53] : f32
// OUT:         %550 = add %547, %549 : f32
// OUT:         %551 = constant 56 : index
// OUT:         %552 = add %551, %k53 : index
// OUT:         store @a1[%552], %550
// OUT:       }
// OUT:       control_barrier workgroup
// OUT:       %553 = subgroup_id : index
// OUT:       %554 = subgroup_local_invocation_id : index
// OUT:       %555 = constant 32 : index
// OUT:       %556 = constant 4 : index
// OUT:       for %k557 = %553 to %10 step %556 {
// OUT:         %558 = mul %k557, %18 : index
// OUT:         %559 = constant -inf : f32
// OUT:         store @a3[], %559
// OUT:         for %k560 = %554 to %17 step %555 {
// OUT:           %561 = add %558, %k560 : index
// OUT:           %562 = load @a1[%561] : f32
// OUT:           %563 = load @a3[] : f32
// OUT:           %564 = max %563, %562 : f32
// OUT:           store @a3[], %564
// OUT:         }
// OUT:         %565 = load @a3[] : f32
// OUT:         %566 = subgroup_reduce max %565 : f32
// OUT:         %567 = constant 0.0 : f32
// OUT:         store @a3[], %567
// OUT:         for %k568 = %554 to %17 step %555 {
// OUT:           %569 = add %558, %k568 : index
// OUT:           %570 = load @a1[%569] : f32
// OUT:           %571 = sub %570, %566 : f32
// OUT:           %572 = exp %571 : f32
// OUT:           store @a1[%569], %572
// OUT:           %573 = load @a3[] : f32
// OUT:           %574 = add %573, %572 : f32
// OUT:           store @a3[], %574
// OUT:         }
// OUT:         %575 = load @a3[] : f32
// OUT:         %576 = subgroup_reduce add %575 : f32
// OUT:         %577 = constant 1.0 : f32
// OUT:         %578 = div %577, %576 : f32
// OUT:         %579 = add %11, %k557 : index
// OUT:         %580 = min %579, %12 : index
// OUT:         for %k581 = %554 to %17 step %555 {
// OUT:           %582 = add %558, %k581 : index
// OUT:           %583 = load @a1[%582] : f32
// OUT:           %584 = mul %583, %578 : f32
// OUT:           store @a1[%582], %584
// OUT:         }
// OUT:       }
// OUT:       control_barrier workgroup
// OUT:       %585 = constant 16 : index
// OUT:       %586 = div %i5, %585 : index
// OUT:       %587 = rem %i5, %585 : index
// OUT:       %588 = constant 0.0 : f32
// OUT:       %589 = constant 0 : index
// OUT:       store @a4[%589], %588
// OUT:       %590 = constant 1 : index
// OUT:       store @a4[%590], %588
// OUT:       %591 = constant 7 : index
// OUT:       %592 = constant 15 : index
// OUT:       %593 = constant 0 : index
// OUT:       %594 = add %586, %593 : index
// OUT:       %595 = min %594, %591 : index
// OUT:       %596 = constant 0 : index
// OUT:       %597 = add %587, %596 : index
// OUT:       %598 = min %597, %592 : index
// OUT:       %599 = constant 4 : index
// OUT:       %600 = constant 4 : index
// OUT:       for %k601 = %13 to %599 step %600 {
// OUT:         %602 = constant 0 : index
// OUT:         %603 = add %k601, %602 : index
// OUT:         %604 = load @v3[%9, %603, %598] : f32
// OUT:         %605 = constant 1 : index
// OUT:         %606 = add %k601, %605 : index
// OUT:         %607 = load @v3[%9, %606, %598] : f32
// OUT:         %608 = constant 2 : index
// OUT:         %609 = add %k601, %608 : index
// OUT:         %610 = load @v3[%9, %609, %598] : f32
// OUT:         %611 = constant 3 : index
// OUT:         %612 = add %k601, %611 : index
// OUT:         %613 = load @v3[%9, %612, %598] : f32
// OUT:         %614 = mul %595, %18 : index
// OUT:         %615 = add %614, %603 : index
// OUT:         %616 = load @a1[%615] : f32
// OUT:         %617 = mul %616, %604 : f32
// OUT:         %618 = constant 0 : index
// OUT:         %619 = load @a4[%618] : f32
// OUT:         %620 = add %619, %617 : f32
// OUT:         store @a4[%618], %620
// OUT:         %621 = mul %595, %18 : index
// OUT:         %622 = add %621, %606 : index
// OUT:         %623 = load @a1[%622] : f32
// OUT:         %624 = mul %623, %607 : f32
// OUT:         %625 = constant 0 : index
// OUT:         %626 = load @a4[%625] : f32
// OUT:         %627 = add %626, %624 : f32
// OUT:         store @a4[%625], %627
// OUT:         %628 = mul %595, %18 : index
// OUT:         %629 = add %628, %609 : index
// OUT:         %630 = load @a1[%629] : f32
// OUT:         %631 = mul %630, %610 : f32
// OUT:         %632 = constant 0 : index
// OUT:         %633 = load @a4[%632] : f32
// OUT:         %634 = add %633, %631 : f32
// OUT:         store @a4[%632], %634
// OUT:         %635 = mul %595, %18 : index
// OUT:         %636 = add %635, %612 : index
// OUT:         %637 = load @a1[%636] : f32
// OUT:         %638 = mul %637, %613 : f32
// OUT:         %639 = constant 0 : index
// OUT:         %640 = load @a4[%639] : f32
// OUT:         %641 = add %640, %638 : f32
// OUT:         store @a4[%639], %641
// OUT:       }
// OUT:       %642 = constant 4 : index
// OUT:       for %k643 = %642 to %17 step %14 {
// OUT:         %644 = constant 0 : index
// OUT:         %645 = add %k643, %644 : index
// OUT:         %646 = load @v3[%9, %645, %598] : f32
// OUT:         %647 = mul %595, %18 : index
// OUT:         %648 = add %647, %645 : index
// OUT:         %649 = load @a1[%648] : f32
// OUT:         %650 = mul %649, %646 : f32
// OUT:         %651 = constant 0 : index
// OUT:         %652 = load @a4[%651] : f32
// OUT:         %653 = add %652, %650 : f32
// OUT:         store @a4[%651], %653
// OUT:       }
// OUT:       %654 = constant 7 : index
// OUT:       %655 = constant 8 : index
// OUT:       %656 = constant 16 : index
// OUT:       %657 = add %11, %594 : index
// OUT:       %658 = cmp lt %594, %655 : i1
// OUT:       %659 = cmp lt %657, %654 : i1
// OUT:       %660 = and %658, %659 : i1
// OUT:       %661 = cmp lt %597, %656 : i1
// OUT:       %662 = and %660, %661 : i1
// OUT:       if %662 {
// OUT:         %663 = constant 0 : index
// OUT:         %664 = load @a4[%663] : f32
// OUT:         %665 = constant 0.0 : f32
// OUT:         %666 = add %665, %664 : f32
// OUT:         store @v4[%9, %657, %597], %666
// OUT:       }
// OUT:     }
// OUT:   }
// OUT: }

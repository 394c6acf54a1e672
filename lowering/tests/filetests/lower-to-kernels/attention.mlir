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
// OUT: kernel @dispatch_0_attention local_size [128, 1, 1] workgroup_count [1, 1, 1] {
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
// OUT:         for %k62 = %13 to %16 step %14 {
// OUT:           %63 = load @v1[%9, %k62, %k53] : f32
// OUT:           %64 = mul %k62, %10 : index
// OUT:           %65 = constant 0 : index
// OUT:           %66 = add %64, %65 : index
// OUT:           %67 = load @a0[%66] : vector<4xf32>
// OUT:           %68 = extract %67[0] : f32
// OUT:           %69 = mul %68, %63 : f32
// OUT:           %70 = constant 0 : index
// OUT:           %71 = load @a2[%70] : f32
// OUT:           %72 = add %71, %69 : f32
// OUT:           store @a2[%70], %72
// OUT:           %73 = extract %67[1] : f32
// OUT:           %74 = mul %73, %63 : f32
// OUT:           %75 = constant 1 : index
// OUT:           %76 = load @a2[%75] : f32
// OUT:           %77 = add %76, %74 : f32
// OUT:           store @a2[%75], %77
// OUT:           %78 = extract %67[2] : f32
// OUT:           %79 = mul %78, %63 : f32
// OUT:           %80 = constant 2 : index
// OUT:           %81 = load @a2[%80] : f32
// OUT:           %82 = add %81, %79 : f32
// OUT:           store @a2[%80], %82
// OUT:           %83 = extract %67[3] : f32
// OUT:           %84 = mul %83, %63 : f32
// OUT:           %85 = constant 3 : index
// OUT:           %86 = load @a2[%85] : f32
// OUT:           %87 = add %86, %84 : f32
// OUT:           store @a2[%85], %87
// OUT:           %88 = constant 4 : index
// OUT:           %89 = add %64, %88 : index
// OUT:           %90 = load @a0[%89] : vector<4xf32>
// OUT:           %91 = extract %90[0] : f32
// OUT:           %92 = mul %91, %63 : f32
// OUT:           %93 = constant 4 : index
// OUT:           %94 = load @a2[%93] : f32
// OUT:           %95 = add %94, %92 : f32
// OUT:           store @a2[%93], %95
// OUT:           %96 = extract %90[1] : f32
// OUT:           %97 = mul %96, %63 : f32
// OUT:           %98 = constant 5 : index
// OUT:           %99 = load @a2[%98] : f32
// OUT:           %100 = add %99, %97 : f32
// OUT:           store @a2[%98], %100
// OUT:           %101 = extract %90[2] : f32
// OUT:           %102 = mul %101, %63 : f32
// OUT:           %103 = constant 6 : index
// OUT:           %104 = load @a2[%103] : f32
// OUT:           %105 = add %104, %102 : f32
// OUT:           store @a2[%103], %105
// OUT:           %106 = extract %90[3] : f32
// OUT:           %107 = mul %106, %63 : f32
// OUT:           %108 = constant 7 : index
// OUT:           %109 = load @a2[%108] : f32
// OUT:           %110 = add %109, %107 : f32
// OUT:           store @a2[%108], %110
// OUT:         }
// OUT:         %111 = constant 0 : index
// OUT:         %112 = load @a2[%111] : f32
// OUT:         %113 = constant 0.0 : f32
// OUT:         %114 = add %113, %112 : f32
// OUT:         %115 = constant 0.25 : f32
// OUT:         %116 = mul %114, %115 : f32
// OUT:         %117 = constant 0 : index
// OUT:         %118 = load @v2[%117, %k53] : f32
// OUT:         %119 = add %116, %118 : f32
// OUT:         %120 = constant 0 : index
// OUT:         %121 = add %120, %k53 : index
// OUT:         store @a1[%121], %119
// OUT:         %122 = constant 1 : index
// OUT:         %123 = load @a2[%122] : f32
// OUT:         %124 = add %113, %123 : f32
// OUT:         %125 = constant 0.25 : f32
// OUT:         %126 = mul %124, %125 : f32
// OUT:         %127 = constant 0 : index
// OUT:         %128 = load @v2[%127, %k53] : f32
// OUT:         %129 = add %126, %128 : f32
// OUT:         %130 = constant 8 : index
// OUT:         %131 = add %130, %k53 : index
// OUT:         store @a1[%131], %129
// OUT:         %132 = constant 2 : index
// OUT:         %133 = load @a2[%132] : f32
// OUT:         %134 = add %113, %133 : f32
// OUT:         %135 = constant 0.25 : f32
// OUT:         %136 = mul %134, %135 : f32
// OUT:         %137 = constant 0 : index
// OUT:         %138 = load @v2[%137, %k53] : f32
// OUT:         %139 = add %136, %138 : f32
// OUT:         %140 = constant 16 : index
// OUT:         %141 = add %140, %k53 : index
// OUT:         store @a1[%141], %139
// OUT:         %142 = constant 3 : index
// OUT:         %143 = load @a2[%142] : f32
// OUT:         %144 = add %113, %143 : f32
// OUT:         %145 = constant 0.25 : f32
// OUT:         %146 = mul %144, %145 : f32
// OUT:         %147 = constant 0 : index
// OUT:         %148 = load @v2[%147, %k53] : f32
// OUT:         %149 = add %146, %148 : f32
// OUT:         %150 = constant 24 : index
// OUT:         %151 = add %150, %k53 : index
// OUT:         store @a1[%151], %149
// OUT:         %152 = constant 4 : index
// OUT:         %153 = load @a2[%152] : f32
// OUT:         %154 = add %113, %153 : f32
// OUT:         %155 = constant 0.25 : f32
// OUT:         %156 = mul %154, %155 : f32
// OUT:         %157 = constant 0 : index
// OUT:         %158 = load @v2[%157, %k53] : f32
// OUT:         %159 = add %156, %158 : f32
// OUT:         %160 = constant 32 : index
// OUT:         %161 = add %160, %k53 : index
// OUT:         store @a1[%161], %159
// OUT:         %162 = constant 5 : index
// OUT:         %163 = load @a2[%162] : f32
// OUT:         %164 = add %113, %163 : f32
// OUT:         %165 = constant 0.25 : f32
// OUT:         %166 = mul %164, %165 : f32
// OUT:         %167 = constant 0 : index
// OUT:         %168 = load @v2[%167, %k53] : f32
// OUT:         %169 = add %166, %168 : f32
// OUT:         %170 = constant 40 : index
// OUT:         %171 = add %170, %k53 : index
// OUT:         store @a1[%171], %169
// OUT:         %172 = constant 6 : index
// OUT:         %173 = load @a2[%172] : f32
// OUT:         %174 = add %113, %173 : f32
// OUT:         %175 = constant 0.25 : f32
// OUT:         %176 = mul %174, %175 : f32
// OUT:         %177 = constant 0 : index
// OUT:         %178 = load @v2[%177, %k53] : f32
// OUT:         %179 = add %176, %178 : f32
// OUT:         %180 = constant 48 : index
// OUT:         %181 = add %180, %k53 : index
// OUT:         store @a1[%181], %179
// OUT:         %182 = constant 7 : index
// OUT:         %183 = load @a2[%182] : f32
// OUT:         %184 = add %113, %183 : f32
// OUT:         %185 = constant 0.25 : f32
// OUT:         %186 = mul %184, %185 : f32
// OUT:         %187 = constant 0 : index
// OUT:         %188 = load @v2[%187, %k53] : f32
// OUT:         %189 = add %186, %188 : f32
// OUT:         %190 = constant 56 : index
// OUT:         %191 = add %190, %k53 : index
// OUT:         store @a1[%191], %189
// OUT:       }
// OUT:       control_barrier workgroup
// OUT:       %192 = subgroup_id : index
// OUT:       %193 = subgroup_local_invocation_id : index
// OUT:       %194 = constant 32 : index
// OUT:       %195 = constant 4 : index
// OUT:       for %k196 = %192 to %10 step %195 {
// OUT:         %197 = mul %k196, %18 : index
// OUT:         %198 = constant -inf : f32
// OUT:         store @a3[], %198
// OUT:         for %k199 = %193 to %17 step %194 {
// OUT:           %200 = add %197, %k199 : index
// OUT:           %201 = load @a1[%200] : f32
// OUT:           %202 = load @a3[] : f32
// OUT:           %203 = max %202, %201 : f32
// OUT:           store @a3[], %203
// OUT:         }
// OUT:         %204 = load @a3[] : f32
// OUT:         %205 = subgroup_reduce max %204 : f32
// OUT:         %206 = constant 0.0 : f32
// OUT:         store @a3[], %206
// OUT:         for %k207 = %193 to %17 step %194 {
// OUT:           %208 = add %197, %k207 : index
// OUT:           %209 = load @a1[%208] : f32
// OUT:           %210 = sub %209, %205 : f32
// OUT:           %211 = exp %210 : f32
// OUT:           store @a1[%208], %211
// OUT:           %212 = load @a3[] : f32
// OUT:           %213 = add %212, %211 : f32
// OUT:           store @a3[], %213
// OUT:         }
// OUT:         %214 = load @a3[] : f32
// OUT:         %215 = subgroup_reduce add %214 : f32
// OUT:         %216 = constant 1.0 : f32
// OUT:         %217 = div %216, %215 : f32
// OUT:         %218 = add %11, %k196 : index
// OUT:         %219 = min %218, %12 : index
// OUT:         for %k220 = %193 to %17 step %194 {
// OUT:           %221 = add %197, %k220 : index
// OUT:           %222 = load @a1[%221] : f32
// OUT:           %223 = mul %222, %217 : f32
// OUT:           store @a1[%221], %223
// OUT:         }
// OUT:       }
// OUT:       control_barrier workgroup
// OUT:       %224 = constant 16 : index
// OUT:       %225 = div %i5, %224 : index
// OUT:       %226 = rem %i5, %224 : index
// OUT:       %227 = constant 0.0 : f32
// OUT:       %228 = constant 0 : index
// OUT:       store @a4[%228], %227
// OUT:       %229 = constant 1 : index
// OUT:       store @a4[%229], %227
// OUT:       %230 = constant 7 : index
// OUT:       %231 = constant 15 : index
// OUT:       %232 = constant 0 : index
// OUT:       %233 = add %225, %232 : index
// OUT:       %234 = min %233, %230 : index
// OUT:       %235 = constant 0 : index
// OUT:       %236 = add %226, %235 : index
// OUT:       %237 = min %236, %231 : index
// OUT:       for %k238 = %13 to %17 step %14 {
// OUT:         %239 = load @v3[%9, %k238, %237] : f32
// OUT:         %240 = mul %234, %18 : index
// OUT:         %241 = add %240, %k238 : index
// OUT:         %242 = load @a1[%241] : f32
// OUT:         %243 = mul %242, %239 : f32
// OUT:         %244 = constant 0 : index
// OUT:         %245 = load @a4[%244] : f32
// OUT:         %246 = add %245, %243 : f32
// OUT:         store @a4[%244], %246
// OUT:       }
// OUT:       %247 = constant 7 : index
// OUT:       %248 = constant 8 : index
// OUT:       %249 = constant 16 : index
// OUT:       %250 = add %11, %233 : index
// OUT:       %251 = cmp lt %233, %248 : i1
// OUT:       %252 = cmp lt %250, %247 : i1
// OUT:       %253 = and %251, %252 : i1
// OUT:       %254 = cmp lt %236, %249 : i1
// OUT:       %255 = and %253, %254 : i1
// OUT:       if %255 {
// OUT:         %256 = constant 0 : index
// OUT:         %257 = load @a4[%256] : f32
// OUT:         %258 = constant 0.0 : f32
// OUT:         %259 = add %258, %257 : f32
// OUT:         store @v4[%9, %250, %236], %259
// OUT:       }
// OUT:     }
// OUT:   }
// OUT: }

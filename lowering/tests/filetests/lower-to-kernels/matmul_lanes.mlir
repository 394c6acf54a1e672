// RUN: lower-to-kernels target=llvmpipe lanes-tiles=16x1
// A 20x10x3 matmul with a bias epilogue on a CPU device: the lanes pipeline (here 16 rows x 1
// column per lane; the default is 32x8). One subgroup of 8 per workgroup (16 x 8 outputs), no
// Workgroup memory and no barriers: per k, each invocation reads lhs rows lane and lane + 8 and
// rhs column lane (clamped to the last row / column) straight from the buffers, and takes each
// of the 16 lhs rows from the lane that read it (subgroup_broadcast); 16 accumulators per
// invocation; guarded stores with the bias added.
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
func.func @main(%a: tensor<20x3xf32>, %b: tensor<3x10xf32>, %bias: tensor<10xf32>) -> tensor<20x10xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<20x10xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<20x10xf32>) -> tensor<20x10xf32>
  %2 = linalg.matmul ins(%a, %b : tensor<20x3xf32>, tensor<3x10xf32>) outs(%1 : tensor<20x10xf32>) -> tensor<20x10xf32>
  %3 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%2, %bias : tensor<20x10xf32>, tensor<10xf32>) outs(%0 : tensor<20x10xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %4 = arith.addf %in, %in_0 : f32
    linalg.yield %4 : f32
  } -> tensor<20x10xf32>
  return %3 : tensor<20x10xf32>
}
// OUT: kernel @dispatch_0_contraction local_size [8, 1, 1] workgroup_count [1, 1, 1] subgroup_size 8 {
// OUT:   binding #0 = set 0 binding 0 readonly f32 buffer 0 "input0"
// OUT:   binding #1 = set 0 binding 1 readonly f32 buffer 1 "input1"
// OUT:   binding #2 = set 0 binding 2 readonly f32 buffer 2 "input2"
// OUT:   binding #3 = set 0 binding 3 writeonly f32 buffer 3 "output0"
// OUT:   view @v0 = #0 offset 0 shape [20, 3] strides [3, 1]
// OUT:   view @v1 = #1 offset 0 shape [3, 10] strides [10, 1]
// OUT:   view @v2 = #2 offset 0 shape [10] strides [1]
// OUT:   view @v3 = #3 offset 0 shape [20, 10] strides [10, 1]
// OUT:   alloc @a0 = function f32[16] "acc"
// OUT:   alloc @a1 = workgroup f32[128] "tile"
// OUT:   %0 = constant 2 : index
// OUT:   parallel workgroup (%i1, %i2) < (%0, %0) {
// OUT:     %3 = constant 8 : index
// OUT:     parallel local (%i4) < (%3) {
// OUT:       %5 = subgroup_local_invocation_id : index
// OUT:       %6 = constant 0.0 : f32
// OUT:       %7 = constant 0 : index
// OUT:       store @a0[%7], %6
// OUT:       %8 = constant 1 : index
// OUT:       store @a0[%8], %6
// OUT:       %9 = constant 2 : index
// OUT:       store @a0[%9], %6
// OUT:       %10 = constant 3 : index
// OUT:       store @a0[%10], %6
// OUT:       %11 = constant 4 : index
// OUT:       store @a0[%11], %6
// OUT:       %12 = constant 5 : index
// OUT:       store @a0[%12], %6
// OUT:       %13 = constant 6 : index
// OUT:       store @a0[%13], %6
// OUT:       %14 = constant 7 : index
// OUT:       store @a0[%14], %6
// OUT:       %15 = constant 8 : index
// OUT:       store @a0[%15], %6
// OUT:       %16 = constant 9 : index
// OUT:       store @a0[%16], %6
// OUT:       %17 = constant 10 : index
// OUT:       store @a0[%17], %6
// OUT:       %18 = constant 11 : index
// OUT:       store @a0[%18], %6
// OUT:       %19 = constant 12 : index
// OUT:       store @a0[%19], %6
// OUT:       %20 = constant 13 : index
// OUT:       store @a0[%20], %6
// OUT:       %21 = constant 14 : index
// OUT:       store @a0[%21], %6
// OUT:       %22 = constant 15 : index
// OUT:       store @a0[%22], %6
// OUT:       %23 = constant 20 : index
// OUT:       %24 = constant 10 : index
// OUT:       %25 = constant 3 : index
// OUT:       %26 = constant 16 : index
// OUT:       %27 = constant 8 : index
// OUT:       %28 = mul %i1, %26 : index
// OUT:       %29 = mul %i2, %27 : index
// OUT:       %30 = constant 1 : index
// OUT:       %31 = sub %23, %30 : index
// OUT:       %32 = sub %24, %30 : index
// OUT:       %33 = constant 0 : index
// OUT:       %34 = add %28, %33 : index
// OUT:       %35 = add %34, %5 : index
// OUT:       %36 = min %35, %31 : index
// OUT:       %37 = constant 8 : index
// OUT:       %38 = add %28, %37 : index
// OUT:       %39 = add %38, %5 : index
// OUT:       %40 = min %39, %31 : index
// OUT:       %41 = constant 0 : index
// OUT:       %42 = add %29, %41 : index
// OUT:       %43 = add %42, %5 : index
// OUT:       %44 = min %43, %32 : index
// OUT:       %45 = constant 0 : index
// OUT:       for %k46 = %45 to %25 step %30 {
// OUT:         %47 = constant 0 : index
// OUT:         %48 = load @v0[%36, %k46] : f32
// OUT:         %49 = constant 0 : index
// OUT:         %50 = load @v0[%40, %k46] : f32
// OUT:         %51 = constant 0 : index
// OUT:         %52 = load @v1[%k46, %44] : f32
// OUT:         %53 = subgroup_broadcast %48 from 0 : f32
// OUT:         %54 = mul %53, %52 : f32
// OUT:         %55 = constant 0 : index
// OUT:         %56 = load @a0[%55] : f32
// OUT:         %57 = add %56, %54 : f32
// OUT:         store @a0[%55], %57
// OUT:         %58 = subgroup_broadcast %48 from 1 : f32
// OUT:         %59 = mul %58, %52 : f32
// OUT:         %60 = constant 1 : index
// OUT:         %61 = load @a0[%60] : f32
// OUT:         %62 = add %61, %59 : f32
// OUT:         store @a0[%60], %62
// OUT:         %63 = subgroup_broadcast %48 from 2 : f32
// OUT:         %64 = mul %63, %52 : f32
// OUT:         %65 = constant 2 : index
// OUT:         %66 = load @a0[%65] : f32
// OUT:         %67 = add %66, %64 : f32
// OUT:         store @a0[%65], %67
// OUT:         %68 = subgroup_broadcast %48 from 3 : f32
// OUT:         %69 = mul %68, %52 : f32
// OUT:         %70 = constant 3 : index
// OUT:         %71 = load @a0[%70] : f32
// OUT:         %72 = add %71, %69 : f32
// OUT:         store @a0[%70], %72
// OUT:         %73 = subgroup_broadcast %48 from 4 : f32
// OUT:         %74 = mul %73, %52 : f32
// OUT:         %75 = constant 4 : index
// OUT:         %76 = load @a0[%75] : f32
// OUT:         %77 = add %76, %74 : f32
// OUT:         store @a0[%75], %77
// OUT:         %78 = subgroup_broadcast %48 from 5 : f32
// OUT:         %79 = mul %78, %52 : f32
// OUT:         %80 = constant 5 : index
// OUT:         %81 = load @a0[%80] : f32
// OUT:         %82 = add %81, %79 : f32
// OUT:         store @a0[%80], %82
// OUT:         %83 = subgroup_broadcast %48 from 6 : f32
// OUT:         %84 = mul %83, %52 : f32
// OUT:         %85 = constant 6 : index
// OUT:         %86 = load @a0[%85] : f32
// OUT:         %87 = add %86, %84 : f32
// OUT:         store @a0[%85], %87
// OUT:         %88 = subgroup_broadcast %48 from 7 : f32
// OUT:         %89 = mul %88, %52 : f32
// OUT:         %90 = constant 7 : index
// OUT:         %91 = load @a0[%90] : f32
// OUT:         %92 = add %91, %89 : f32
// OUT:         store @a0[%90], %92
// OUT:         %93 = subgroup_broadcast %50 from 0 : f32
// OUT:         %94 = mul %93, %52 : f32
// OUT:         %95 = constant 8 : index
// OUT:         %96 = load @a0[%95] : f32
// OUT:         %97 = add %96, %94 : f32
// OUT:         store @a0[%95], %97
// OUT:         %98 = subgroup_broadcast %50 from 1 : f32
// OUT:         %99 = mul %98, %52 : f32
// OUT:         %100 = constant 9 : index
// OUT:         %101 = load @a0[%100] : f32
// OUT:         %102 = add %101, %99 : f32
// OUT:         store @a0[%100], %102
// OUT:         %103 = subgroup_broadcast %50 from 2 : f32
// OUT:         %104 = mul %103, %52 : f32
// OUT:         %105 = constant 10 : index
// OUT:         %106 = load @a0[%105] : f32
// OUT:         %107 = add %106, %104 : f32
// OUT:         store @a0[%105], %107
// OUT:         %108 = subgroup_broadcast %50 from 3 : f32
// OUT:         %109 = mul %108, %52 : f32
// OUT:         %110 = constant 11 : index
// OUT:         %111 = load @a0[%110] : f32
// OUT:         %112 = add %111, %109 : f32
// OUT:         store @a0[%110], %112
// OUT:         %113 = subgroup_broadcast %50 from 4 : f32
// OUT:         %114 = mul %113, %52 : f32
// OUT:         %115 = constant 12 : index
// OUT:         %116 = load @a0[%115] : f32
// OUT:         %117 = add %116, %114 : f32
// OUT:         store @a0[%115], %117
// OUT:         %118 = subgroup_broadcast %50 from 5 : f32
// OUT:         %119 = mul %118, %52 : f32
// OUT:         %120 = constant 13 : index
// OUT:         %121 = load @a0[%120] : f32
// OUT:         %122 = add %121, %119 : f32
// OUT:         store @a0[%120], %122
// OUT:         %123 = subgroup_broadcast %50 from 6 : f32
// OUT:         %124 = mul %123, %52 : f32
// OUT:         %125 = constant 14 : index
// OUT:         %126 = load @a0[%125] : f32
// OUT:         %127 = add %126, %124 : f32
// OUT:         store @a0[%125], %127
// OUT:         %128 = subgroup_broadcast %50 from 7 : f32
// OUT:         %129 = mul %128, %52 : f32
// OUT:         %130 = constant 15 : index
// OUT:         %131 = load @a0[%130] : f32
// OUT:         %132 = add %131, %129 : f32
// OUT:         store @a0[%130], %132
// OUT:       }
// OUT:       %133 = constant 8 : index
// OUT:       %134 = constant 0 : index
// OUT:       %135 = load @a0[%134] : f32
// OUT:       %136 = constant 0 : index
// OUT:       %137 = add %136, %5 : index
// OUT:       store @a1[%137], %135
// OUT:       %138 = constant 1 : index
// OUT:       %139 = load @a0[%138] : f32
// OUT:       %140 = constant 8 : index
// OUT:       %141 = add %140, %5 : index
// OUT:       store @a1[%141], %139
// OUT:       %142 = constant 2 : index
// OUT:       %143 = load @a0[%142] : f32
// OUT:       %144 = constant 16 : index
// OUT:       %145 = add %144, %5 : index
// OUT:       store @a1[%145], %143
// OUT:       %146 = constant 3 : index
// OUT:       %147 = load @a0[%146] : f32
// OUT:       %148 = constant 24 : index
// OUT:       %149 = add %148, %5 : index
// OUT:       store @a1[%149], %147
// OUT:       %150 = constant 4 : index
// OUT:       %151 = load @a0[%150] : f32
// OUT:       %152 = constant 32 : index
// OUT:       %153 = add %152, %5 : index
// OUT:       store @a1[%153], %151
// OUT:       %154 = constant 5 : index
// OUT:       %155 = load @a0[%154] : f32
// OUT:       %156 = constant 40 : index
// OUT:       %157 = add %156, %5 : index
// OUT:       store @a1[%157], %155
// OUT:       %158 = constant 6 : index
// OUT:       %159 = load @a0[%158] : f32
// OUT:       %160 = constant 48 : index
// OUT:       %161 = add %160, %5 : index
// OUT:       store @a1[%161], %159
// OUT:       %162 = constant 7 : index
// OUT:       %163 = load @a0[%162] : f32
// OUT:       %164 = constant 56 : index
// OUT:       %165 = add %164, %5 : index
// OUT:       store @a1[%165], %163
// OUT:       %166 = constant 8 : index
// OUT:       %167 = load @a0[%166] : f32
// OUT:       %168 = constant 64 : index
// OUT:       %169 = add %168, %5 : index
// OUT:       store @a1[%169], %167
// OUT:       %170 = constant 9 : index
// OUT:       %171 = load @a0[%170] : f32
// OUT:       %172 = constant 72 : index
// OUT:       %173 = add %172, %5 : index
// OUT:       store @a1[%173], %171
// OUT:       %174 = constant 10 : index
// OUT:       %175 = load @a0[%174] : f32
// OUT:       %176 = constant 80 : index
// OUT:       %177 = add %176, %5 : index
// OUT:       store @a1[%177], %175
// OUT:       %178 = constant 11 : index
// OUT:       %179 = load @a0[%178] : f32
// OUT:       %180 = constant 88 : index
// OUT:       %181 = add %180, %5 : index
// OUT:       store @a1[%181], %179
// OUT:       %182 = constant 12 : index
// OUT:       %183 = load @a0[%182] : f32
// OUT:       %184 = constant 96 : index
// OUT:       %185 = add %184, %5 : index
// OUT:       store @a1[%185], %183
// OUT:       %186 = constant 13 : index
// OUT:       %187 = load @a0[%186] : f32
// OUT:       %188 = constant 104 : index
// OUT:       %189 = add %188, %5 : index
// OUT:       store @a1[%189], %187
// OUT:       %190 = constant 14 : index
// OUT:       %191 = load @a0[%190] : f32
// OUT:       %192 = constant 112 : index
// OUT:       %193 = add %192, %5 : index
// OUT:       store @a1[%193], %191
// OUT:       %194 = constant 15 : index
// OUT:       %195 = load @a0[%194] : f32
// OUT:       %196 = constant 120 : index
// OUT:       %197 = add %196, %5 : index
// OUT:       store @a1[%197], %195
// OUT:       %198 = constant 16 : index
// OUT:       for %k199 = %45 to %198 step %30 {
// OUT:         %200 = constant 1 : index
// OUT:         %201 = div %k199, %200 : index
// OUT:         %202 = rem %k199, %200 : index
// OUT:         %203 = add %28, %201 : index
// OUT:         %204 = mul %202, %133 : index
// OUT:         %205 = add %29, %204 : index
// OUT:         %206 = add %205, %5 : index
// OUT:         %207 = cmp lt %203, %23 : i1
// OUT:         %208 = cmp lt %206, %24 : i1
// OUT:         %209 = and %207, %208 : i1
// OUT:         if %209 {
// OUT:           %210 = constant 0 : index
// OUT:           %211 = mul %k199, %133 : index
// OUT:           %212 = add %211, %5 : index
// OUT:           %213 = load @a1[%212] : f32
// OUT:           %214 = constant 0.0 : f32
// OUT:           %215 = add %214, %213 : f32
// OUT:           %216 = load @v2[%206] : f32
// OUT:           %217 = add %215, %216 : f32
// OUT:           store @v3[%203, %206], %217
// OUT:         }
// OUT:       }
// OUT:     }
// OUT:   }
// OUT: }

// RUN: lower-to-kernels target=nvidia-h200
// f16 x f16 -> f32 matmul (100x70 * 70x33, no multiple of the tile) with a bias + relu
// epilogue on a target listing a 16x16x16 f16/f32 subgroup cooperative matrix: the
// cooperative-matrix pipeline. Operand tiles staged in Workgroup memory (rows padded by 8 f16),
// 2x2 subgroups of 2x2 accumulator fragments, two matrix_k steps per stage between barriers,
// fragments stored to a Workgroup f32 result tile, then a strided, guarded, fused epilogue.
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
func.func @main(%a: tensor<100x70xf16>, %b: tensor<70x33xf16>, %bias: tensor<33xf32>) -> tensor<100x33xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<100x33xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<100x33xf32>) -> tensor<100x33xf32>
  %2 = linalg.matmul ins(%a, %b : tensor<100x70xf16>, tensor<70x33xf16>) outs(%1 : tensor<100x33xf32>) -> tensor<100x33xf32>
  %3 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%2, %bias : tensor<100x33xf32>, tensor<33xf32>) outs(%0 : tensor<100x33xf32>) {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %4 = arith.addf %in, %in_0 : f32
    %5 = arith.maximumf %4, %cst : f32
    linalg.yield %5 : f32
  } -> tensor<100x33xf32>
  return %3 : tensor<100x33xf32>
}
// OUT: kernel @dispatch_0_contraction local_size [128, 1, 1] workgroup_count [1, 1, 1] {
// OUT:   binding #0 = set 0 binding 0 readonly f16 buffer 0 "input0"
// OUT:   binding #1 = set 0 binding 1 readonly f16 buffer 1 "input1"
// OUT:   binding #2 = set 0 binding 2 readonly f32 buffer 2 "input2"
// OUT:   binding #3 = set 0 binding 3 writeonly f32 buffer 3 "output0"
// OUT:   view @v0 = #0 offset 0 shape [100, 70] strides [70, 1]
// OUT:   view @v1 = #1 offset 0 shape [70, 33] strides [33, 1]
// OUT:   view @v2 = #2 offset 0 shape [33] strides [1]
// OUT:   view @v3 = #3 offset 0 shape [100, 33] strides [33, 1]
// OUT:   alloc @a0 = workgroup f16[2560] "lhs_tile"
// OUT:   alloc @a1 = workgroup f16[2304] "rhs_tile"
// OUT:   alloc @a2 = function coopmat<16x16xf32, acc>[1] "acc"
// OUT:   alloc @a3 = function coopmat<16x16xf32, acc>[1] "acc"
// OUT:   alloc @a4 = function coopmat<16x16xf32, acc>[1] "acc"
// OUT:   alloc @a5 = function coopmat<16x16xf32, acc>[1] "acc"
// OUT:   alloc @a6 = workgroup f32[4352] "result_tile"
// OUT:   %0 = constant 2 : index
// OUT:   %1 = constant 1 : index
// OUT:   parallel workgroup (%i2, %i3) < (%0, %1) {
// OUT:     %4 = constant 128 : index
// OUT:     parallel local (%i5) < (%4) {
// OUT:       %6 = constant 0.0 : f32
// OUT:       %7 = splat %6 : coopmat<16x16xf32, acc>
// OUT:       store @a2[], %7
// OUT:       store @a3[], %7
// OUT:       store @a4[], %7
// OUT:       store @a5[], %7
// OUT:       %8 = subgroup_id : index
// OUT:       %9 = constant 2 : index
// OUT:       %10 = div %8, %9 : index
// OUT:       %11 = rem %8, %9 : index
// OUT:       %12 = constant 32 : index
// OUT:       %13 = constant 32 : index
// OUT:       %14 = mul %10, %12 : index
// OUT:       %15 = mul %11, %13 : index
// OUT:       %16 = constant 100 : index
// OUT:       %17 = constant 33 : index
// OUT:       %18 = constant 70 : index
// OUT:       %19 = constant 1 : index
// OUT:       %20 = sub %16, %19 : index
// OUT:       %21 = sub %17, %19 : index
// OUT:       %22 = sub %18, %19 : index
// OUT:       %23 = constant 64 : index
// OUT:       %24 = constant 64 : index
// OUT:       %25 = mul %i2, %23 : index
// OUT:       %26 = mul %i3, %24 : index
// OUT:       %27 = constant 0 : index
// OUT:       %28 = constant 32 : index
// OUT:       %29 = constant 40 : index
// OUT:       %30 = constant 72 : index
// OUT:       %31 = constant 128 : index
// OUT:       for %k32 = %27 to %18 step %28 {
// OUT:         %33 = constant 2048 : index
// OUT:         for %k34 = %i5 to %33 step %31 {
// OUT:           %35 = div %k34, %28 : index
// OUT:           %36 = rem %k34, %28 : index
// OUT:           %37 = add %25, %35 : index
// OUT:           %38 = add %k32, %36 : index
// OUT:           %39 = cmp lt %37, %16 : i1
// OUT:           %40 = cmp lt %38, %18 : i1
// OUT:           %41 = and %39, %40 : i1
// OUT:           %42 = min %37, %20 : index
// OUT:           %43 = min %38, %22 : index
// OUT:           %44 = load @v0[%42, %43] : f16
// OUT:           %45 = constant 0.0 : f16
// OUT:           %46 = select %41, %44, %45 : f16
// OUT:           %47 = mul %35, %29 : index
// OUT:           %48 = add %47, %36 : index
// OUT:           store @a0[%48], %46
// OUT:         }
// OUT:         %49 = constant 2048 : index
// OUT:         for %k50 = %i5 to %49 step %31 {
// OUT:           %51 = div %k50, %24 : index
// OUT:           %52 = rem %k50, %24 : index
// OUT:           %53 = add %k32, %51 : index
// OUT:           %54 = add %26, %52 : index
// OUT:           %55 = cmp lt %53, %18 : i1
// OUT:           %56 = cmp lt %54, %17 : i1
// OUT:           %57 = and %55, %56 : i1
// OUT:           %58 = min %53, %22 : index
// OUT:           %59 = min %54, %21 : index
// OUT:           %60 = load @v1[%58, %59] : f16
// OUT:           %61 = constant 0.0 : f16
// OUT:           %62 = select %57, %60, %61 : f16
// OUT:           %63 = mul %51, %30 : index
// OUT:           %64 = add %63, %52 : index
// OUT:           store @a1[%64], %62
// OUT:         }
// OUT:         control_barrier workgroup
// OUT:         %65 = constant 0 : index
// OUT:         %66 = constant 0 : index
// OUT:         %67 = add %14, %66 : index
// OUT:         %68 = mul %67, %29 : index
// OUT:         %69 = add %68, %65 : index
// OUT:         %70 = matrix_load @a0[%69 + row * %29] : coopmat<16x16xf16, a>
// OUT:         %71 = constant 16 : index
// OUT:         %72 = add %14, %71 : index
// OUT:         %73 = mul %72, %29 : index
// OUT:         %74 = add %73, %65 : index
// OUT:         %75 = matrix_load @a0[%74 + row * %29] : coopmat<16x16xf16, a>
// OUT:         %76 = constant 0 : index
// OUT:         %77 = add %15, %76 : index
// OUT:         %78 = mul %65, %30 : index
// OUT:         %79 = add %78, %77 : index
// OUT:         %80 = matrix_load @a1[%79 + row * %30] : coopmat<16x16xf16, b>
// OUT:         %81 = constant 16 : index
// OUT:         %82 = add %15, %81 : index
// OUT:         %83 = mul %65, %30 : index
// OUT:         %84 = add %83, %82 : index
// OUT:         %85 = matrix_load @a1[%84 + row * %30] : coopmat<16x16xf16, b>
// OUT:         %86 = load @a2[] : coopmat<16x16xf32, acc>
// OUT:         %87 = matrix_mul_add %70, %80, %86 : coopmat<16x16xf32, acc>
// OUT:         store @a2[], %87
// OUT:         %88 = load @a3[] : coopmat<16x16xf32, acc>
// OUT:         %89 = matrix_mul_add %70, %85, %88 : coopmat<16x16xf32, acc>
// OUT:         store @a3[], %89
// OUT:         %90 = load @a4[] : coopmat<16x16xf32, acc>
// OUT:         %91 = matrix_mul_add %75, %80, %90 : coopmat<16x16xf32, acc>
// OUT:         store @a4[], %91
// OUT:         %92 = load @a5[] : coopmat<16x16xf32, acc>
// OUT:         %93 = matrix_mul_add %75, %85, %92 : coopmat<16x16xf32, acc>
// OUT:         store @a5[], %93
// OUT:         %94 = constant 16 : index
// OUT:         %95 = constant 0 : index
// OUT:         %96 = add %14, %95 : index
// OUT:         %97 = mul %96, %29 : index
// OUT:         %98 = add %97, %94 : index
// OUT:         %99 = matrix_load @a0[%98 + row * %29] : coopmat<16x16xf16, a>
// OUT:         %100 = constant 16 : index
// OUT:         %101 = add %14, %100 : index
// OUT:         %102 = mul %101, %29 : index
// OUT:         %103 = add %102, %94 : index
// OUT:         %104 = matrix_load @a0[%103 + row * %29] : coopmat<16x16xf16, a>
// OUT:         %105 = constant 0 : index
// OUT:         %106 = add %15, %105 : index
// OUT:         %107 = mul %94, %30 : index
// OUT:         %108 = add %107, %106 : index
// OUT:         %109 = matrix_load @a1[%108 + row * %30] : coopmat<16x16xf16, b>
// OUT:         %110 = constant 16 : index
// OUT:         %111 = add %15, %110 : index
// OUT:         %112 = mul %94, %30 : index
// OUT:         %113 = add %112, %111 : index
// OUT:         %114 = matrix_load @a1[%113 + row * %30] : coopmat<16x16xf16, b>
// OUT:         %115 = load @a2[] : coopmat<16x16xf32, acc>
// OUT:         %116 = matrix_mul_add %99, %109, %115 : coopmat<16x16xf32, acc>
// OUT:         store @a2[], %116
// OUT:         %117 = load @a3[] : coopmat<16x16xf32, acc>
// OUT:         %118 = matrix_mul_add %99, %114, %117 : coopmat<16x16xf32, acc>
// OUT:         store @a3[], %118
// OUT:         %119 = load @a4[] : coopmat<16x16xf32, acc>
// OUT:         %120 = matrix_mul_add %104, %109, %119 : coopmat<16x16xf32, acc>
// OUT:         store @a4[], %120
// OUT:         %121 = load @a5[] : coopmat<16x16xf32, acc>
// OUT:         %122 = matrix_mul_add %104, %114, %121 : coopmat<16x16xf32, acc>
// OUT:         store @a5[], %122
// OUT:         control_barrier workgroup
// OUT:       }
// OUT:       %123 = constant 68 : index
// OUT:       %124 = load @a2[] : coopmat<16x16xf32, acc>
// OUT:       %125 = constant 0 : index
// OUT:       %126 = constant 0 : index
// OUT:       %127 = add %14, %125 : index
// OUT:       %128 = add %15, %126 : index
// OUT:       %129 = mul %127, %123 : index
// OUT:       %130 = add %129, %128 : index
// OUT:       matrix_store %124, @a6[%130 + row * %123]
// OUT:       %131 = load @a3[] : coopmat<16x16xf32, acc>
// OUT:       %132 = constant 0 : index
// OUT:       %133 = constant 16 : index
// OUT:       %134 = add %14, %132 : index
// OUT:       %135 = add %15, %133 : index
// OUT:       %136 = mul %134, %123 : index
// OUT:       %137 = add %136, %135 : index
// OUT:       matrix_store %131, @a6[%137 + row * %123]
// OUT:       %138 = load @a4[] : coopmat<16x16xf32, acc>
// OUT:       %139 = constant 16 : index
// OUT:       %140 = constant 0 : index
// OUT:       %141 = add %14, %139 : index
// OUT:       %142 = add %15, %140 : index
// OUT:       %143 = mul %141, %123 : index
// OUT:       %144 = add %143, %142 : index
// OUT:       matrix_store %138, @a6[%144 + row * %123]
// OUT:       %145 = load @a5[] : coopmat<16x16xf32, acc>
// OUT:       %146 = constant 16 : index
// OUT:       %147 = constant 16 : index
// OUT:       %148 = add %14, %146 : index
// OUT:       %149 = add %15, %147 : index
// OUT:       %150 = mul %148, %123 : index
// OUT:       %151 = add %150, %149 : index
// OUT:       matrix_store %145, @a6[%151 + row * %123]
// OUT:       control_barrier workgroup
// OUT:       %152 = constant 4096 : index
// OUT:       for %k153 = %i5 to %152 step %31 {
// OUT:         %154 = div %k153, %24 : index
// OUT:         %155 = rem %k153, %24 : index
// OUT:         %156 = add %25, %154 : index
// OUT:         %157 = add %26, %155 : index
// OUT:         %158 = cmp lt %156, %16 : i1
// OUT:         %159 = cmp lt %157, %17 : i1
// OUT:         %160 = and %158, %159 : i1
// OUT:         if %160 {
// OUT:           %161 = mul %154, %123 : index
// OUT:           %162 = add %161, %155 : index
// OUT:           %163 = load @a6[%162] : f32
// OUT:           %164 = constant 0.0 : f32
// OUT:           %165 = add %164, %163 : f32
// OUT:           %166 = load @v2[%157] : f32
// OUT:           %167 = add %165, %166 : f32
// OUT:           %168 = max %167, %164 : f32
// OUT:           store @v3[%156, %157], %168
// OUT:         }
// OUT:       }
// OUT:     }
// OUT:   }
// OUT: }

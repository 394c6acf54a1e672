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
// OUT:       %27 = constant 64 : index
// OUT:       %28 = div %i5, %27 : index
// OUT:       %29 = rem %i5, %27 : index
// OUT:       %30 = constant 0 : index
// OUT:       %31 = constant 32 : index
// OUT:       %32 = constant 40 : index
// OUT:       %33 = constant 72 : index
// OUT:       %34 = constant 128 : index
// OUT:       for %k35 = %30 to %18 step %31 {
// OUT:         %36 = constant 2048 : index
// OUT:         for %k37 = %i5 to %36 step %34 {
// OUT:           %38 = div %k37, %31 : index
// OUT:           %39 = rem %k37, %31 : index
// OUT:           %40 = add %25, %38 : index
// OUT:           %41 = add %k35, %39 : index
// OUT:           %42 = cmp lt %40, %16 : i1
// OUT:           %43 = cmp lt %41, %18 : i1
// OUT:           %44 = and %42, %43 : i1
// OUT:           %45 = min %40, %20 : index
// OUT:           %46 = min %41, %22 : index
// OUT:           %47 = load @v0[%45, %46] : f16
// OUT:           %48 = constant 0.0 : f16
// OUT:           %49 = select %44, %47, %48 : f16
// OUT:           %50 = mul %38, %32 : index
// OUT:           %51 = add %50, %39 : index
// OUT:           store @a0[%51], %49
// OUT:         }
// OUT:         %52 = constant 2048 : index
// OUT:         for %k53 = %i5 to %52 step %34 {
// OUT:           %54 = div %k53, %24 : index
// OUT:           %55 = rem %k53, %24 : index
// OUT:           %56 = add %k35, %54 : index
// OUT:           %57 = add %26, %55 : index
// OUT:           %58 = cmp lt %56, %18 : i1
// OUT:           %59 = cmp lt %57, %17 : i1
// OUT:           %60 = and %58, %59 : i1
// OUT:           %61 = min %56, %22 : index
// OUT:           %62 = min %57, %21 : index
// OUT:           %63 = load @v1[%61, %62] : f16
// OUT:           %64 = constant 0.0 : f16
// OUT:           %65 = select %60, %63, %64 : f16
// OUT:           %66 = mul %54, %33 : index
// OUT:           %67 = add %66, %55 : index
// OUT:           store @a1[%67], %65
// OUT:         }
// OUT:         control_barrier workgroup
// OUT:         %68 = constant 0 : index
// OUT:         %69 = constant 0 : index
// OUT:         %70 = add %14, %69 : index
// OUT:         %71 = mul %70, %32 : index
// OUT:         %72 = add %71, %68 : index
// OUT:         %73 = matrix_load @a0[%72 + row * %32] : coopmat<16x16xf16, a>
// OUT:         %74 = constant 16 : index
// OUT:         %75 = add %14, %74 : index
// OUT:         %76 = mul %75, %32 : index
// OUT:         %77 = add %76, %68 : index
// OUT:         %78 = matrix_load @a0[%77 + row * %32] : coopmat<16x16xf16, a>
// OUT:         %79 = constant 0 : index
// OUT:         %80 = add %15, %79 : index
// OUT:         %81 = mul %68, %33 : index
// OUT:         %82 = add %81, %80 : index
// OUT:         %83 = matrix_load @a1[%82 + row * %33] : coopmat<16x16xf16, b>
// OUT:         %84 = constant 16 : index
// OUT:         %85 = add %15, %84 : index
// OUT:         %86 = mul %68, %33 : index
// OUT:         %87 = add %86, %85 : index
// OUT:         %88 = matrix_load @a1[%87 + row * %33] : coopmat<16x16xf16, b>
// OUT:         %89 = load @a2[] : coopmat<16x16xf32, acc>
// OUT:         %90 = matrix_mul_add %73, %83, %89 : coopmat<16x16xf32, acc>
// OUT:         store @a2[], %90
// OUT:         %91 = load @a3[] : coopmat<16x16xf32, acc>
// OUT:         %92 = matrix_mul_add %73, %88, %91 : coopmat<16x16xf32, acc>
// OUT:         store @a3[], %92
// OUT:         %93 = load @a4[] : coopmat<16x16xf32, acc>
// OUT:         %94 = matrix_mul_add %78, %83, %93 : coopmat<16x16xf32, acc>
// OUT:         store @a4[], %94
// OUT:         %95 = load @a5[] : coopmat<16x16xf32, acc>
// OUT:         %96 = matrix_mul_add %78, %88, %95 : coopmat<16x16xf32, acc>
// OUT:         store @a5[], %96
// OUT:         %97 = constant 16 : index
// OUT:         %98 = constant 0 : index
// OUT:         %99 = add %14, %98 : index
// OUT:         %100 = mul %99, %32 : index
// OUT:         %101 = add %100, %97 : index
// OUT:         %102 = matrix_load @a0[%101 + row * %32] : coopmat<16x16xf16, a>
// OUT:         %103 = constant 16 : index
// OUT:         %104 = add %14, %103 : index
// OUT:         %105 = mul %104, %32 : index
// OUT:         %106 = add %105, %97 : index
// OUT:         %107 = matrix_load @a0[%106 + row * %32] : coopmat<16x16xf16, a>
// OUT:         %108 = constant 0 : index
// OUT:         %109 = add %15, %108 : index
// OUT:         %110 = mul %97, %33 : index
// OUT:         %111 = add %110, %109 : index
// OUT:         %112 = matrix_load @a1[%111 + row * %33] : coopmat<16x16xf16, b>
// OUT:         %113 = constant 16 : index
// OUT:         %114 = add %15, %113 : index
// OUT:         %115 = mul %97, %33 : index
// OUT:         %116 = add %115, %114 : index
// OUT:         %117 = matrix_load @a1[%116 + row * %33] : coopmat<16x16xf16, b>
// OUT:         %118 = load @a2[] : coopmat<16x16xf32, acc>
// OUT:         %119 = matrix_mul_add %102, %112, %118 : coopmat<16x16xf32, acc>
// OUT:         store @a2[], %119
// OUT:         %120 = load @a3[] : coopmat<16x16xf32, acc>
// OUT:         %121 = matrix_mul_add %102, %117, %120 : coopmat<16x16xf32, acc>
// OUT:         store @a3[], %121
// OUT:         %122 = load @a4[] : coopmat<16x16xf32, acc>
// OUT:         %123 = matrix_mul_add %107, %112, %122 : coopmat<16x16xf32, acc>
// OUT:         store @a4[], %123
// OUT:         %124 = load @a5[] : coopmat<16x16xf32, acc>
// OUT:         %125 = matrix_mul_add %107, %117, %124 : coopmat<16x16xf32, acc>
// OUT:         store @a5[], %125
// OUT:         control_barrier workgroup
// OUT:       }
// OUT:       %126 = constant 68 : index
// OUT:       %127 = load @a2[] : coopmat<16x16xf32, acc>
// OUT:       %128 = constant 0 : index
// OUT:       %129 = constant 0 : index
// OUT:       %130 = add %14, %128 : index
// OUT:       %131 = add %15, %129 : index
// OUT:       %132 = mul %130, %126 : index
// OUT:       %133 = add %132, %131 : index
// OUT:       matrix_store %127, @a6[%133 + row * %126]
// OUT:       %134 = load @a3[] : coopmat<16x16xf32, acc>
// OUT:       %135 = constant 0 : index
// OUT:       %136 = constant 16 : index
// OUT:       %137 = add %14, %135 : index
// OUT:       %138 = add %15, %136 : index
// OUT:       %139 = mul %137, %126 : index
// OUT:       %140 = add %139, %138 : index
// OUT:       matrix_store %134, @a6[%140 + row * %126]
// OUT:       %141 = load @a4[] : coopmat<16x16xf32, acc>
// OUT:       %142 = constant 16 : index
// OUT:       %143 = constant 0 : index
// OUT:       %144 = add %14, %142 : index
// OUT:       %145 = add %15, %143 : index
// OUT:       %146 = mul %144, %126 : index
// OUT:       %147 = add %146, %145 : index
// OUT:       matrix_store %141, @a6[%147 + row * %126]
// OUT:       %148 = load @a5[] : coopmat<16x16xf32, acc>
// OUT:       %149 = constant 16 : index
// OUT:       %150 = constant 16 : index
// OUT:       %151 = add %14, %149 : index
// OUT:       %152 = add %15, %150 : index
// OUT:       %153 = mul %151, %126 : index
// OUT:       %154 = add %153, %152 : index
// OUT:       matrix_store %148, @a6[%154 + row * %126]
// OUT:       control_barrier workgroup
// OUT:       %155 = constant 4096 : index
// OUT:       for %k156 = %i5 to %155 step %34 {
// OUT:         %157 = div %k156, %24 : index
// OUT:         %158 = rem %k156, %24 : index
// OUT:         %159 = add %25, %157 : index
// OUT:         %160 = add %26, %158 : index
// OUT:         %161 = cmp lt %159, %16 : i1
// OUT:         %162 = cmp lt %160, %17 : i1
// OUT:         %163 = and %161, %162 : i1
// OUT:         if %163 {
// OUT:           %164 = mul %157, %126 : index
// OUT:           %165 = add %164, %158 : index
// OUT:           %166 = load @a6[%165] : f32
// OUT:           %167 = constant 0.0 : f32
// OUT:           %168 = add %167, %166 : f32
// OUT:           %169 = load @v2[%160] : f32
// OUT:           %170 = add %168, %169 : f32
// OUT:           %171 = max %170, %167 : f32
// OUT:           store @v3[%159, %160], %171
// OUT:         }
// OUT:       }
// OUT:     }
// OUT:   }
// OUT: }

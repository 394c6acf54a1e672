// RUN: lower-to-kernels target=nvidia-h200
// A batch of rows times shared weights (`[2, 600, 1024] x [1024, 1000]`, f16, f32 accumulator,
// large enough for the workgroup-scope kernel: K >= 512, 2^30 multiply-adds) with a bias + relu
// epilogue, on the workgroup-scope cooperative-matrix kernel: the epilogue is a matrix_map of the
// accumulator (the rows collapse into one dim of 1200; each element's point is its tile origin
// plus its row / column, clamped onto the result (1200 x 1000 leaves edge tiles), split back
// into batch and row for the epilogue's loads), then a tensor store limited where the shifted
// last tiles overlap.
#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2)>
func.func @main(%a: tensor<2x600x1024xf16>, %b: tensor<1024x1000xf16>, %bias: tensor<1000xf32>) -> tensor<2x600x1000xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x600x1000xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x600x1000xf32>) -> tensor<2x600x1000xf32>
  %c = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%a, %b : tensor<2x600x1024xf16>, tensor<1024x1000xf16>) outs(%f : tensor<2x600x1000xf32>) {
  ^bb0(%x: f16, %y: f16, %acc: f32):
    %xf = arith.extf %x : f16 to f32
    %yf = arith.extf %y : f16 to f32
    %p = arith.mulf %xf, %yf : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<2x600x1000xf32>
  %r = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%c, %bias : tensor<2x600x1000xf32>, tensor<1000xf32>) outs(%e : tensor<2x600x1000xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %s = arith.addf %x, %y : f32
    %m = arith.maximumf %s, %zero : f32
    linalg.yield %m : f32
  } -> tensor<2x600x1000xf32>
  return %r : tensor<2x600x1000xf32>
}
// OUT: kernel @dispatch_0_contraction local_size [128, 1, 1] workgroup_count [1, 1, 1] {
// OUT:   binding #0 = set 0 binding 0 readonly f16 buffer 0 "input0"
// OUT:   binding #1 = set 0 binding 1 readonly f16 buffer 1 "input1"
// OUT:   binding #2 = set 0 binding 2 readonly f32 buffer 2 "input2"
// OUT:   binding #3 = set 0 binding 3 writeonly f32 buffer 3 "output0"
// OUT:   view @v0 = #0 offset 0 shape [2, 600, 1024] strides [614400, 1024, 1]
// OUT:   view @v1 = #1 offset 0 shape [1024, 1000] strides [1000, 1]
// OUT:   view @v2 = #2 offset 0 shape [1000] strides [1]
// OUT:   view @v3 = #3 offset 0 shape [2, 600, 1000] strides [600000, 1000, 1]
// OUT:   view @v4 = #0 offset 0 shape [1200, 1024] strides [1024, 1]
// OUT:   view @v5 = #3 offset 0 shape [1200, 1000] strides [1000, 1]
// OUT:   alloc @a0 = function coopmat<64x64xf32, acc, workgroup>[1] "acc"
// OUT:   %0 = constant 304 : index
// OUT:   parallel workgroup (%i1) < (%0) {
// OUT:     %2 = constant 128 : index
// OUT:     parallel local (%i3) < (%2) {
// OUT:       %4 = constant 0 : index
// OUT:       %5 = constant 0.0 : f32
// OUT:       %6 = splat %5 : coopmat<64x64xf32, acc, workgroup>
// OUT:       store @a0[], %6
// OUT:       %7 = constant 19 : index
// OUT:       %8 = constant 128 : index
// OUT:       %9 = div %i1, %8 : index
// OUT:       %10 = constant 8 : index
// OUT:       %11 = mul %9, %10 : index
// OUT:       %12 = sub %7, %11 : index
// OUT:       %13 = min %12, %10 : index
// OUT:       %14 = rem %i1, %8 : index
// OUT:       %15 = rem %14, %13 : index
// OUT:       %16 = add %11, %15 : index
// OUT:       %17 = div %14, %13 : index
// OUT:       %18 = constant 1200 : index
// OUT:       %19 = constant 1000 : index
// OUT:       %20 = constant 16 : index
// OUT:       %21 = constant 64 : index
// OUT:       %22 = mul %16, %21 : index
// OUT:       %23 = sub %18, %21 : index
// OUT:       %24 = min %22, %23 : index
// OUT:       %25 = constant 2 : index
// OUT:       %26 = add %16, %25 : index
// OUT:       %27 = cmp eq %26, %7 : i1
// OUT:       %28 = select %27, %23, %18 : index
// OUT:       %29 = constant 1 : index
// OUT:       %30 = add %16, %29 : index
// OUT:       %31 = cmp eq %30, %7 : i1
// OUT:       %32 = constant 64 : index
// OUT:       %33 = mul %17, %32 : index
// OUT:       %34 = sub %19, %32 : index
// OUT:       %35 = min %33, %34 : index
// OUT:       %36 = constant 2 : index
// OUT:       %37 = add %17, %36 : index
// OUT:       %38 = cmp eq %37, %20 : i1
// OUT:       %39 = select %38, %34, %19 : index
// OUT:       %40 = constant 1 : index
// OUT:       %41 = add %17, %40 : index
// OUT:       %42 = cmp eq %41, %20 : i1
// OUT:       if %31 {
// OUT:         if %42 {
// OUT:           %43 = constant 0 : index
// OUT:           %44 = constant 1024 : index
// OUT:           %45 = constant 128 : index
// OUT:           %46 = constant 64 : index
// OUT:           for %k47 = %43 to %44 step %45 {
// OUT:             %48 = matrix_load_tensor @v4[%23.., %k47..] in_bounds : coopmat<64x64xf16, a, workgroup>
// OUT:             %49 = matrix_load_tensor @v1[%k47.., %34..] in_bounds : coopmat<64x64xf16, b, workgroup>
// OUT:             %50 = load @a0[] : coopmat<64x64xf32, acc, workgroup>
// OUT:             %51 = matrix_mul_add %48, %49, %50 : coopmat<64x64xf32, acc, workgroup>
// OUT:             store @a0[], %51
// OUT:             %52 = add %k47, %46 : index
// OUT:             %53 = matrix_load_tensor @v4[%23.., %52..] in_bounds : coopmat<64x64xf16, a, workgroup>
// OUT:             %54 = matrix_load_tensor @v1[%52.., %34..] in_bounds : coopmat<64x64xf16, b, workgroup>
// OUT:             %55 = load @a0[] : coopmat<64x64xf32, acc, workgroup>
// OUT:             %56 = matrix_mul_add %53, %54, %55 : coopmat<64x64xf32, acc, workgroup>
// OUT:             store @a0[], %56
// OUT:           }
// OUT:         } else {
// OUT:           %57 = constant 0 : index
// OUT:           %58 = constant 1024 : index
// OUT:           %59 = constant 128 : index
// OUT:           %60 = constant 64 : index
// OUT:           for %k61 = %57 to %58 step %59 {
// OUT:             %62 = matrix_load_tensor @v4[%23.., %k61..] in_bounds : coopmat<64x64xf16, a, workgroup>
// OUT:             %63 = matrix_load_tensor @v1[%k61.., %33..] in_bounds : coopmat<64x64xf16, b, workgroup>
// OUT:             %64 = load @a0[] : coopmat<64x64xf32, acc, workgroup>
// OUT:             %65 = matrix_mul_add %62, %63, %64 : coopmat<64x64xf32, acc, workgroup>
// OUT:             store @a0[], %65
// OUT:             %66 = add %k61, %60 : index
// OUT:             %67 = matrix_load_tensor @v4[%23.., %66..] in_bounds : coopmat<64x64xf16, a, workgroup>
// OUT:             %68 = matrix_load_tensor @v1[%66.., %33..] in_bounds : coopmat<64x64xf16, b, workgroup>
// OUT:             %69 = load @a0[] : coopmat<64x64xf32, acc, workgroup>
// OUT:             %70 = matrix_mul_add %67, %68, %69 : coopmat<64x64xf32, acc, workgroup>
// OUT:             store @a0[], %70
// OUT:           }
// OUT:         }
// OUT:       } else {
// OUT:         if %42 {
// OUT:           %71 = constant 0 : index
// OUT:           %72 = constant 1024 : index
// OUT:           %73 = constant 128 : index
// OUT:           %74 = constant 64 : index
// OUT:           for %k75 = %71 to %72 step %73 {
// OUT:             %76 = matrix_load_tensor @v4[%22.., %k75..] in_bounds : coopmat<64x64xf16, a, workgroup>
// OUT:             %77 = matrix_load_tensor @v1[%k75.., %34..] in_bounds : coopmat<64x64xf16, b, workgroup>
// OUT:             %78 = load @a0[] : coopmat<64x64xf32, acc, workgroup>
// OUT:             %79 = matrix_mul_add %76, %77, %78 : coopmat<64x64xf32, acc, workgroup>
// OUT:             store @a0[], %79
// OUT:             %80 = add %k75, %74 : index
// OUT:             %81 = matrix_load_tensor @v4[%22.., %80..] in_bounds : coopmat<64x64xf16, a, workgroup>
// OUT:             %82 = matrix_load_tensor @v1[%80.., %34..] in_bounds : coopmat<64x64xf16, b, workgroup>
// OUT:             %83 = load @a0[] : coopmat<64x64xf32, acc, workgroup>
// OUT:             %84 = matrix_mul_add %81, %82, %83 : coopmat<64x64xf32, acc, workgroup>
// OUT:             store @a0[], %84
// OUT:           }
// OUT:         } else {
// OUT:           %85 = constant 0 : index
// OUT:           %86 = constant 1024 : index
// OUT:           %87 = constant 128 : index
// OUT:           %88 = constant 64 : index
// OUT:           for %k89 = %85 to %86 step %87 {
// OUT:             %90 = matrix_load_tensor @v4[%22.., %k89..] in_bounds : coopmat<64x64xf16, a, workgroup>
// OUT:             %91 = matrix_load_tensor @v1[%k89.., %33..] in_bounds : coopmat<64x64xf16, b, workgroup>
// OUT:             %92 = load @a0[] : coopmat<64x64xf32, acc, workgroup>
// OUT:             %93 = matrix_mul_add %90, %91, %92 : coopmat<64x64xf32, acc, workgroup>
// OUT:             store @a0[], %93
// OUT:             %94 = add %k89, %88 : index
// OUT:             %95 = matrix_load_tensor @v4[%22.., %94..] in_bounds : coopmat<64x64xf16, a, workgroup>
// OUT:             %96 = matrix_load_tensor @v1[%94.., %33..] in_bounds : coopmat<64x64xf16, b, workgroup>
// OUT:             %97 = load @a0[] : coopmat<64x64xf32, acc, workgroup>
// OUT:             %98 = matrix_mul_add %95, %96, %97 : coopmat<64x64xf32, acc, workgroup>
// OUT:             store @a0[], %98
// OUT:           }
// OUT:         }
// OUT:       }
// OUT:       %99 = load @a0[] : coopmat<64x64xf32, acc, workgroup>
// OUT:       %100 = constant 1 : index
// OUT:       %101 = sub %18, %100 : index
// OUT:       %102 = sub %19, %100 : index
// OUT:       %117 = matrix_map %99 (%row103, %column104, %x105) {
// OUT:         %106 = add %24, %row103 : index
// OUT:         %107 = add %35, %column104 : index
// OUT:         %108 = min %106, %101 : index
// OUT:         %109 = min %107, %102 : index
// OUT:         %110 = constant 0 : index
// OUT:         %111 = constant 600 : index
// OUT:         %112 = rem %108, %111 : index
// OUT:         %113 = div %108, %111 : index
// OUT:         %114 = load @v2[%109] : f32
// OUT:         %115 = add %x105, %114 : f32
// OUT:         %116 = max %115, %5 : f32
// OUT:         yield %116
// OUT:       } : coopmat<64x64xf32, acc, workgroup>
// OUT:       %118 = constant 64 : index
// OUT:       %119 = add %24, %118 : index
// OUT:       %120 = cmp le %119, %28 : i1
// OUT:       %121 = constant 64 : index
// OUT:       %122 = add %35, %121 : index
// OUT:       %123 = cmp le %122, %39 : i1
// OUT:       %124 = and %120, %123 : i1
// OUT:       if %124 {
// OUT:         matrix_store_tensor %117, @v5[%24.., %35..] in_bounds
// OUT:       } else {
// OUT:         matrix_store_tensor %117, @v5[%24.., %35..] limits(%28, %39)
// OUT:       }
// OUT:     }
// OUT:   }
// OUT: }

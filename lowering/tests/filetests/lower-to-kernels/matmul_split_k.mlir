// RUN: lower-to-kernels target=nvidia-h200
// A linear layer with few rows, relu(x * W + b) with x 100x2048 f16, W 2048x4096 f16 and f32
// accumulation, on a target with workgroup-scope cooperative matrices: unsplit, its 64x64
// tiles would make 128 workgroups, so K is split in 4 slices of 512 (split-K): the
// `_slices` kernel runs the workgroup-scope matmul on a grid of 4 x 64 tiles of 64x128 (the
// slice first), each slice summing its K range from zero and storing the tile unfinished to
// `[slice, rows, n]` of the `partials` buffer (unclipped where the tile lies inside M); the
// `_sum` kernel adds the fill and the four slices in f32 per element, then the bias and relu.
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
func.func @main(%a: tensor<100x2048xf16>, %b: tensor<2048x4096xf16>, %bias: tensor<4096xf32>) -> tensor<100x4096xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<100x4096xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<100x4096xf32>) -> tensor<100x4096xf32>
  %c = linalg.matmul ins(%a, %b : tensor<100x2048xf16>, tensor<2048x4096xf16>) outs(%f : tensor<100x4096xf32>) -> tensor<100x4096xf32>
  %r = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%c, %bias : tensor<100x4096xf32>, tensor<4096xf32>) outs(%e : tensor<100x4096xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %s = arith.addf %x, %y : f32
    %m = arith.maximumf %s, %zero : f32
    linalg.yield %m : f32
  } -> tensor<100x4096xf32>
  return %r : tensor<100x4096xf32>
}
// OUT: kernel @dispatch_0_contraction_slices local_size [128, 1, 1] workgroup_count [1, 1, 1] {
// OUT:   binding #0 = set 0 binding 0 readonly f16 buffer 0 "input0"
// OUT:   binding #1 = set 0 binding 1 readonly f16 buffer 1 "input1"
// OUT:   binding #2 = set 0 binding 2 writeonly f32 buffer 4 "partials"
// OUT:   view @v0 = #0 offset 0 shape [100, 2048] strides [2048, 1]
// OUT:   view @v1 = #1 offset 0 shape [2048, 4096] strides [4096, 1]
// OUT:   view @v2 = #2 offset 0 shape [4, 100, 4096] strides [409600, 4096, 1]
// OUT:   alloc @a0 = function coopmat<64x128xf32, acc, workgroup>[1] "acc"
// OUT:   %0 = constant 4 : index
// OUT:   %1 = constant 64 : index
// OUT:   parallel workgroup (%i2, %i3) < (%0, %1) {
// OUT:     %4 = constant 128 : index
// OUT:     parallel local (%i5) < (%4) {
// OUT:       %6 = constant 0.0 : f32
// OUT:       %7 = splat %6 : coopmat<64x128xf32, acc, workgroup>
// OUT:       store @a0[], %7
// OUT:       %8 = constant 512 : index
// OUT:       %9 = mul %i2, %8 : index
// OUT:       %10 = constant 2 : index
// OUT:       %11 = constant 256 : index
// OUT:       %12 = div %i3, %11 : index
// OUT:       %13 = constant 8 : index
// OUT:       %14 = mul %12, %13 : index
// OUT:       %15 = sub %10, %14 : index
// OUT:       %16 = min %15, %13 : index
// OUT:       %17 = rem %i3, %11 : index
// OUT:       %18 = rem %17, %16 : index
// OUT:       %19 = add %14, %18 : index
// OUT:       %20 = div %17, %16 : index
// OUT:       %21 = constant 100 : index
// OUT:       %22 = constant 4096 : index
// OUT:       %23 = constant 32 : index
// OUT:       %24 = constant 64 : index
// OUT:       %25 = mul %19, %24 : index
// OUT:       %26 = sub %21, %24 : index
// OUT:       %27 = min %25, %26 : index
// OUT:       %28 = constant 2 : index
// OUT:       %29 = add %19, %28 : index
// OUT:       %30 = cmp eq %29, %10 : i1
// OUT:       %31 = select %30, %26, %21 : index
// OUT:       %32 = constant 1 : index
// OUT:       %33 = add %19, %32 : index
// OUT:       %34 = cmp eq %33, %10 : i1
// OUT:       %35 = constant 128 : index
// OUT:       %36 = mul %20, %35 : index
// OUT:       if %34 {
// OUT:         %37 = constant 0 : index
// OUT:         %38 = add %9, %37 : index
// OUT:         %39 = constant 512 : index
// OUT:         %40 = add %9, %39 : index
// OUT:         %41 = constant 128 : index
// OUT:         %42 = constant 64 : index
// OUT:         for %k43 = %38 to %40 step %41 {
// OUT:           %44 = matrix_load_tensor @v0[%26.., %k43..] in_bounds : coopmat<64x64xf16, a, workgroup>
// OUT:           %45 = matrix_load_tensor @v1[%k43.., %36..] in_bounds : coopmat<64x128xf16, b, workgroup>
// OUT:           %46 = load @a0[] : coopmat<64x128xf32, acc, workgroup>
// OUT:           %47 = matrix_mul_add %44, %45, %46 : coopmat<64x128xf32, acc, workgroup>
// OUT:           store @a0[], %47
// OUT:           %48 = add %k43, %42 : index
// OUT:           %49 = matrix_load_tensor @v0[%26.., %48..] in_bounds : coopmat<64x64xf16, a, workgroup>
// OUT:           %50 = matrix_load_tensor @v1[%48.., %36..] in_bounds : coopmat<64x128xf16, b, workgroup>
// OUT:           %51 = load @a0[] : coopmat<64x128xf32, acc, workgroup>
// OUT:           %52 = matrix_mul_add %49, %50, %51 : coopmat<64x128xf32, acc, workgroup>
// OUT:           store @a0[], %52
// OUT:         }
// OUT:       } else {
// OUT:         %53 = constant 0 : index
// OUT:         %54 = add %9, %53 : index
// OUT:         %55 = constant 512 : index
// OUT:         %56 = add %9, %55 : index
// OUT:         %57 = constant 128 : index
// OUT:         %58 = constant 64 : index
// OUT:         for %k59 = %54 to %56 step %57 {
// OUT:           %60 = matrix_load_tensor @v0[%25.., %k59..] in_bounds : coopmat<64x64xf16, a, workgroup>
// OUT:           %61 = matrix_load_tensor @v1[%k59.., %36..] in_bounds : coopmat<64x128xf16, b, workgroup>
// OUT:           %62 = load @a0[] : coopmat<64x128xf32, acc, workgroup>
// OUT:           %63 = matrix_mul_add %60, %61, %62 : coopmat<64x128xf32, acc, workgroup>
// OUT:           store @a0[], %63
// OUT:           %64 = add %k59, %58 : index
// OUT:           %65 = matrix_load_tensor @v0[%25.., %64..] in_bounds : coopmat<64x64xf16, a, workgroup>
// OUT:           %66 = matrix_load_tensor @v1[%64.., %36..] in_bounds : coopmat<64x128xf16, b, workgroup>
// OUT:           %67 = load @a0[] : coopmat<64x128xf32, acc, workgroup>
// OUT:           %68 = matrix_mul_add %65, %66, %67 : coopmat<64x128xf32, acc, workgroup>
// OUT:           store @a0[], %68
// OUT:         }
// OUT:       }
// OUT:       %69 = load @a0[] : coopmat<64x128xf32, acc, workgroup>
// OUT:       %70 = constant 64 : index
// OUT:       %71 = add %27, %70 : index
// OUT:       %72 = cmp le %71, %31 : i1
// OUT:       if %72 {
// OUT:         matrix_store_tensor %69, @v2[%i2, %27.., %36..] in_bounds
// OUT:       } else {
// OUT:         matrix_store_tensor %69, @v2[%i2, %27.., %36..] limits(%31, %22)
// OUT:       }
// OUT:     }
// OUT:   }
// OUT: }
// OUT: kernel @dispatch_0_contraction_sum local_size [1, 1, 1] workgroup_count [1, 1, 1] {
// OUT:   binding #0 = set 0 binding 2 readonly f32 buffer 2 "input2"
// OUT:   binding #1 = set 0 binding 3 writeonly f32 buffer 3 "output0"
// OUT:   binding #2 = set 0 binding 4 readonly f32 buffer 4 "partials"
// OUT:   view @v0 = #0 offset 0 shape [4096] strides [1]
// OUT:   view @v1 = #1 offset 0 shape [100, 4096] strides [4096, 1]
// OUT:   view @v2 = #2 offset 0 shape [4, 100, 4096] strides [409600, 4096, 1]
// OUT:   %0 = constant 100 : index
// OUT:   %1 = constant 4096 : index
// OUT:   parallel untiled (%i2, %i3) < (%0, %1) {
// OUT:     %4 = constant 0.0 : f32
// OUT:     %5 = constant 0 : index
// OUT:     %6 = load @v2[%5, %i2, %i3] : f32
// OUT:     %7 = add %4, %6 : f32
// OUT:     %8 = constant 1 : index
// OUT:     %9 = load @v2[%8, %i2, %i3] : f32
// OUT:     %10 = add %7, %9 : f32
// OUT:     %11 = constant 2 : index
// OUT:     %12 = load @v2[%11, %i2, %i3] : f32
// OUT:     %13 = add %10, %12 : f32
// OUT:     %14 = constant 3 : index
// OUT:     %15 = load @v2[%14, %i2, %i3] : f32
// OUT:     %16 = add %13, %15 : f32
// OUT:     %17 = load @v0[%i3] : f32
// OUT:     %18 = add %16, %17 : f32
// OUT:     %19 = max %18, %4 : f32
// OUT:     store @v1[%i2, %i3], %19
// OUT:   }
// OUT: }

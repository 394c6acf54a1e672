// RUN: lower-to-kernels target=nvidia-h200
// A batch of rows times shared weights (`[2, 100, 64] x [64, 96]`, f16, f32 accumulator) with a
// bias + relu epilogue, on the workgroup-scope cooperative-matrix kernel: the epilogue is a
// matrix_map of the accumulator (the rows collapse into one dim of 200; each element's point is
// its tile origin plus its row / column, clamped onto the result since the 200 x 96 problem is
// smaller than the 128 x 128 tile in N, split back into batch and row for the epilogue's
// loads), then a clamped tensor store.
#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2)>
func.func @main(%a: tensor<2x100x64xf16>, %b: tensor<64x96xf16>, %bias: tensor<96xf32>) -> tensor<2x100x96xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x100x96xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x100x96xf32>) -> tensor<2x100x96xf32>
  %c = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%a, %b : tensor<2x100x64xf16>, tensor<64x96xf16>) outs(%f : tensor<2x100x96xf32>) {
  ^bb0(%x: f16, %y: f16, %acc: f32):
    %xf = arith.extf %x : f16 to f32
    %yf = arith.extf %y : f16 to f32
    %p = arith.mulf %xf, %yf : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<2x100x96xf32>
  %r = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%c, %bias : tensor<2x100x96xf32>, tensor<96xf32>) outs(%e : tensor<2x100x96xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %s = arith.addf %x, %y : f32
    %m = arith.maximumf %s, %zero : f32
    linalg.yield %m : f32
  } -> tensor<2x100x96xf32>
  return %r : tensor<2x100x96xf32>
}
// OUT: kernel @dispatch_0_contraction local_size [128, 1, 1] workgroup_count [1, 1, 1] {
// OUT:   binding #0 = set 0 binding 0 readonly f16 buffer 0 "input0"
// OUT:   binding #1 = set 0 binding 1 readonly f16 buffer 1 "input1"
// OUT:   binding #2 = set 0 binding 2 readonly f32 buffer 2 "input2"
// OUT:   binding #3 = set 0 binding 3 writeonly f32 buffer 3 "output0"
// OUT:   view @v0 = #0 offset 0 shape [2, 100, 64] strides [6400, 64, 1]
// OUT:   view @v1 = #1 offset 0 shape [64, 96] strides [96, 1]
// OUT:   view @v2 = #2 offset 0 shape [96] strides [1]
// OUT:   view @v3 = #3 offset 0 shape [2, 100, 96] strides [9600, 96, 1]
// OUT:   view @v4 = #0 offset 0 shape [200, 64] strides [64, 1]
// OUT:   view @v5 = #3 offset 0 shape [200, 96] strides [96, 1]
// OUT:   alloc @a0 = function coopmat<128x128xf32, acc, workgroup>[1] "acc"
// OUT:   %0 = constant 2 : index
// OUT:   parallel workgroup (%i1) < (%0) {
// OUT:     %2 = constant 128 : index
// OUT:     parallel local (%i3) < (%2) {
// OUT:       %4 = constant 0 : index
// OUT:       %5 = constant 0.0 : f32
// OUT:       %6 = splat %5 : coopmat<128x128xf32, acc, workgroup>
// OUT:       store @a0[], %6
// OUT:       %7 = constant 8 : index
// OUT:       %8 = div %i1, %7 : index
// OUT:       %9 = constant 8 : index
// OUT:       %10 = mul %8, %9 : index
// OUT:       %11 = sub %0, %10 : index
// OUT:       %12 = min %11, %9 : index
// OUT:       %13 = rem %i1, %7 : index
// OUT:       %14 = rem %13, %12 : index
// OUT:       %15 = add %10, %14 : index
// OUT:       %16 = div %13, %12 : index
// OUT:       %17 = constant 200 : index
// OUT:       %18 = constant 96 : index
// OUT:       %19 = constant 1 : index
// OUT:       %20 = constant 128 : index
// OUT:       %21 = mul %15, %20 : index
// OUT:       %22 = sub %17, %20 : index
// OUT:       %23 = min %21, %22 : index
// OUT:       %24 = constant 2 : index
// OUT:       %25 = add %15, %24 : index
// OUT:       %26 = cmp eq %25, %0 : i1
// OUT:       %27 = select %26, %22, %17 : index
// OUT:       %28 = constant 1 : index
// OUT:       %29 = add %15, %28 : index
// OUT:       %30 = cmp eq %29, %0 : i1
// OUT:       %31 = constant 128 : index
// OUT:       %32 = mul %16, %31 : index
// OUT:       if %30 {
// OUT:         %33 = constant 0 : index
// OUT:         %34 = matrix_load_tensor @v4[%22.., %33..] in_bounds : coopmat<128x64xf16, a, workgroup>
// OUT:         %35 = matrix_load_tensor @v1[%33.., %32..] : coopmat<64x128xf16, b, workgroup>
// OUT:         %36 = load @a0[] : coopmat<128x128xf32, acc, workgroup>
// OUT:         %37 = matrix_mul_add %34, %35, %36 : coopmat<128x128xf32, acc, workgroup>
// OUT:         store @a0[], %37
// OUT:       } else {
// OUT:         %38 = constant 0 : index
// OUT:         %39 = matrix_load_tensor @v4[%21.., %38..] in_bounds : coopmat<128x64xf16, a, workgroup>
// OUT:         %40 = matrix_load_tensor @v1[%38.., %32..] : coopmat<64x128xf16, b, workgroup>
// OUT:         %41 = load @a0[] : coopmat<128x128xf32, acc, workgroup>
// OUT:         %42 = matrix_mul_add %39, %40, %41 : coopmat<128x128xf32, acc, workgroup>
// OUT:         store @a0[], %42
// OUT:       }
// OUT:       %43 = load @a0[] : coopmat<128x128xf32, acc, workgroup>
// OUT:       %44 = constant 1 : index
// OUT:       %45 = sub %17, %44 : index
// OUT:       %46 = sub %18, %44 : index
// OUT:       %47 = constant 100 : index
// OUT:       %60 = matrix_map %43 (%row48, %column49, %x50) {
// OUT:         %51 = add %23, %row48 : index
// OUT:         %52 = add %32, %column49 : index
// OUT:         %53 = min %51, %45 : index
// OUT:         %54 = min %52, %46 : index
// OUT:         %55 = rem %53, %47 : index
// OUT:         %56 = div %53, %47 : index
// OUT:         %57 = load @v2[%54] : f32
// OUT:         %58 = add %x50, %57 : f32
// OUT:         %59 = max %58, %5 : f32
// OUT:         yield %59
// OUT:       } : coopmat<128x128xf32, acc, workgroup>
// OUT:       matrix_store_tensor %60, @v5[%23.., %32..] limits(%27, %18)
// OUT:     }
// OUT:   }
// OUT: }

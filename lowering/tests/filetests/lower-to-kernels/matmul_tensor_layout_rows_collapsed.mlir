// RUN: lower-to-kernels target=nvidia-h200
// A batch of rows times a shared 2-D rhs ([2, 100, 72] x [72, 130], f16 -> f32; an ONNX MatMul of
// 3-D by 2-D): the two row dims of the lhs and the result are contiguous, so they collapse into
// one of 200 rows (views @v3 and @v4 on the same bindings) and the workgroup-scope
// cooperative-matrix kernel takes it as a plain 200x130x72 matmul (edges in M and N and a K
// remainder: clamped loads at the edges).
#a = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
#b = affine_map<(d0, d1, d2, d3) -> (d3, d2)>
#c = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
func.func @main(%x: tensor<2x100x72xf16>, %w: tensor<72x130xf16>) -> tensor<2x100x130xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x100x130xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x100x130xf32>) -> tensor<2x100x130xf32>
  %r = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%x, %w : tensor<2x100x72xf16>, tensor<72x130xf16>) outs(%f : tensor<2x100x130xf32>) {
  ^bb0(%p: f16, %q: f16, %acc: f32):
    %pe = arith.extf %p : f16 to f32
    %qe = arith.extf %q : f16 to f32
    %m = arith.mulf %pe, %qe : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<2x100x130xf32>
  return %r : tensor<2x100x130xf32>
}
// OUT: kernel @dispatch_0_contraction local_size [128, 1, 1] workgroup_count [1, 1, 1] {
// OUT:   binding #0 = set 0 binding 0 readonly f16 buffer 0 "input0"
// OUT:   binding #1 = set 0 binding 1 readonly f16 buffer 1 "input1"
// OUT:   binding #2 = set 0 binding 2 writeonly f32 buffer 2 "output0"
// OUT:   view @v0 = #0 offset 0 shape [2, 100, 72] strides [7200, 72, 1]
// OUT:   view @v1 = #1 offset 0 shape [72, 130] strides [130, 1]
// OUT:   view @v2 = #2 offset 0 shape [2, 100, 130] strides [13000, 130, 1]
// OUT:   view @v3 = #0 offset 0 shape [200, 72] strides [72, 1]
// OUT:   view @v4 = #2 offset 0 shape [200, 130] strides [130, 1]
// OUT:   alloc @a0 = function coopmat<128x128xf32, acc, workgroup>[1] "acc"
// OUT:   %0 = constant 4 : index
// OUT:   parallel workgroup (%i1) < (%0) {
// OUT:     %2 = constant 128 : index
// OUT:     parallel local (%i3) < (%2) {
// OUT:       %4 = constant 0 : index
// OUT:       %5 = constant 0.0 : f32
// OUT:       %6 = splat %5 : coopmat<128x128xf32, acc, workgroup>
// OUT:       store @a0[], %6
// OUT:       %7 = constant 2 : index
// OUT:       %8 = constant 16 : index
// OUT:       %9 = div %i1, %8 : index
// OUT:       %10 = constant 8 : index
// OUT:       %11 = mul %9, %10 : index
// OUT:       %12 = sub %7, %11 : index
// OUT:       %13 = min %12, %10 : index
// OUT:       %14 = rem %i1, %8 : index
// OUT:       %15 = rem %14, %13 : index
// OUT:       %16 = add %11, %15 : index
// OUT:       %17 = div %14, %13 : index
// OUT:       %18 = constant 128 : index
// OUT:       %19 = constant 128 : index
// OUT:       %20 = mul %16, %18 : index
// OUT:       %21 = mul %17, %19 : index
// OUT:       %22 = add %20, %18 : index
// OUT:       %23 = add %21, %19 : index
// OUT:       %24 = constant 200 : index
// OUT:       %25 = constant 130 : index
// OUT:       %26 = cmp le %22, %24 : i1
// OUT:       %27 = cmp le %23, %25 : i1
// OUT:       %28 = and %26, %27 : i1
// OUT:       if %28 {
// OUT:         %29 = constant 0 : index
// OUT:         %30 = matrix_load_tensor @v3[%20.., %29..] in_bounds : coopmat<128x64xf16, a, workgroup>
// OUT:         %31 = matrix_load_tensor @v1[%29.., %21..] in_bounds : coopmat<64x128xf16, b, workgroup>
// OUT:         %32 = load @a0[] : coopmat<128x128xf32, acc, workgroup>
// OUT:         %33 = matrix_mul_add %30, %31, %32 : coopmat<128x128xf32, acc, workgroup>
// OUT:         store @a0[], %33
// OUT:         %34 = constant 64 : index
// OUT:         %35 = matrix_load_tensor @v3[%20.., %34..] : coopmat<128x64xf16, a, workgroup>
// OUT:         %36 = matrix_load_tensor @v1[%34.., %21..] : coopmat<64x128xf16, b, workgroup>
// OUT:         %37 = load @a0[] : coopmat<128x128xf32, acc, workgroup>
// OUT:         %38 = matrix_mul_add %35, %36, %37 : coopmat<128x128xf32, acc, workgroup>
// OUT:         store @a0[], %38
// OUT:       } else {
// OUT:         %39 = constant 0 : index
// OUT:         %40 = matrix_load_tensor @v3[%20.., %39..] : coopmat<128x64xf16, a, workgroup>
// OUT:         %41 = matrix_load_tensor @v1[%39.., %21..] : coopmat<64x128xf16, b, workgroup>
// OUT:         %42 = load @a0[] : coopmat<128x128xf32, acc, workgroup>
// OUT:         %43 = matrix_mul_add %40, %41, %42 : coopmat<128x128xf32, acc, workgroup>
// OUT:         store @a0[], %43
// OUT:         %44 = constant 64 : index
// OUT:         %45 = matrix_load_tensor @v3[%20.., %44..] : coopmat<128x64xf16, a, workgroup>
// OUT:         %46 = matrix_load_tensor @v1[%44.., %21..] : coopmat<64x128xf16, b, workgroup>
// OUT:         %47 = load @a0[] : coopmat<128x128xf32, acc, workgroup>
// OUT:         %48 = matrix_mul_add %45, %46, %47 : coopmat<128x128xf32, acc, workgroup>
// OUT:         store @a0[], %48
// OUT:       }
// OUT:       %49 = load @a0[] : coopmat<128x128xf32, acc, workgroup>
// OUT:       matrix_store_tensor %49, @v4[%20.., %21..]
// OUT:     }
// OUT:   }
// OUT: }

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
// OUT:       %23 = constant 200 : index
// OUT:       %24 = cmp le %22, %23 : i1
// OUT:       %25 = add %21, %19 : index
// OUT:       %26 = constant 130 : index
// OUT:       %27 = cmp le %25, %26 : i1
// OUT:       if %24 {
// OUT:         if %27 {
// OUT:           %28 = constant 0 : index
// OUT:           %29 = matrix_load_tensor @v3[%20.., %28..] in_bounds : coopmat<128x64xf16, a, workgroup>
// OUT:           %30 = matrix_load_tensor @v1[%28.., %21..] in_bounds : coopmat<64x128xf16, b, workgroup>
// OUT:           %31 = load @a0[] : coopmat<128x128xf32, acc, workgroup>
// OUT:           %32 = matrix_mul_add %29, %30, %31 : coopmat<128x128xf32, acc, workgroup>
// OUT:           store @a0[], %32
// OUT:           %33 = constant 64 : index
// OUT:           %34 = matrix_load_tensor @v3[%20.., %33..] : coopmat<128x64xf16, a, workgroup>
// OUT:           %35 = matrix_load_tensor @v1[%33.., %21..] : coopmat<64x128xf16, b, workgroup>
// OUT:           %36 = load @a0[] : coopmat<128x128xf32, acc, workgroup>
// OUT:           %37 = matrix_mul_add %34, %35, %36 : coopmat<128x128xf32, acc, workgroup>
// OUT:           store @a0[], %37
// OUT:         } else {
// OUT:           %38 = constant 0 : index
// OUT:           %39 = matrix_load_tensor @v3[%20.., %38..] in_bounds : coopmat<128x64xf16, a, workgroup>
// OUT:           %40 = matrix_load_tensor @v1[%38.., %21..] : coopmat<64x128xf16, b, workgroup>
// OUT:           %41 = load @a0[] : coopmat<128x128xf32, acc, workgroup>
// OUT:           %42 = matrix_mul_add %39, %40, %41 : coopmat<128x128xf32, acc, workgroup>
// OUT:           store @a0[], %42
// OUT:           %43 = constant 64 : index
// OUT:           %44 = matrix_load_tensor @v3[%20.., %43..] : coopmat<128x64xf16, a, workgroup>
// OUT:           %45 = matrix_load_tensor @v1[%43.., %21..] : coopmat<64x128xf16, b, workgroup>
// OUT:           %46 = load @a0[] : coopmat<128x128xf32, acc, workgroup>
// OUT:           %47 = matrix_mul_add %44, %45, %46 : coopmat<128x128xf32, acc, workgroup>
// OUT:           store @a0[], %47
// OUT:         }
// OUT:       } else {
// OUT:         if %27 {
// OUT:           %48 = constant 0 : index
// OUT:           %49 = matrix_load_tensor @v3[%20.., %48..] : coopmat<128x64xf16, a, workgroup>
// OUT:           %50 = matrix_load_tensor @v1[%48.., %21..] in_bounds : coopmat<64x128xf16, b, workgroup>
// OUT:           %51 = load @a0[] : coopmat<128x128xf32, acc, workgroup>
// OUT:           %52 = matrix_mul_add %49, %50, %51 : coopmat<128x128xf32, acc, workgroup>
// OUT:           store @a0[], %52
// OUT:           %53 = constant 64 : index
// OUT:           %54 = matrix_load_tensor @v3[%20.., %53..] : coopmat<128x64xf16, a, workgroup>
// OUT:           %55 = matrix_load_tensor @v1[%53.., %21..] : coopmat<64x128xf16, b, workgroup>
// OUT:           %56 = load @a0[] : coopmat<128x128xf32, acc, workgroup>
// OUT:           %57 = matrix_mul_add %54, %55, %56 : coopmat<128x128xf32, acc, workgroup>
// OUT:           store @a0[], %57
// OUT:         } else {
// OUT:           %58 = constant 0 : index
// OUT:           %59 = matrix_load_tensor @v3[%20.., %58..] : coopmat<128x64xf16, a, workgroup>
// OUT:           %60 = matrix_load_tensor @v1[%58.., %21..] : coopmat<64x128xf16, b, workgroup>
// OUT:           %61 = load @a0[] : coopmat<128x128xf32, acc, workgroup>
// OUT:           %62 = matrix_mul_add %59, %60, %61 : coopmat<128x128xf32, acc, workgroup>
// OUT:           store @a0[], %62
// OUT:           %63 = constant 64 : index
// OUT:           %64 = matrix_load_tensor @v3[%20.., %63..] : coopmat<128x64xf16, a, workgroup>
// OUT:           %65 = matrix_load_tensor @v1[%63.., %21..] : coopmat<64x128xf16, b, workgroup>
// OUT:           %66 = load @a0[] : coopmat<128x128xf32, acc, workgroup>
// OUT:           %67 = matrix_mul_add %64, %65, %66 : coopmat<128x128xf32, acc, workgroup>
// OUT:           store @a0[], %67
// OUT:         }
// OUT:       }
// OUT:       %68 = load @a0[] : coopmat<128x128xf32, acc, workgroup>
// OUT:       matrix_store_tensor %68, @v4[%20.., %21..]
// OUT:     }
// OUT:   }
// OUT: }

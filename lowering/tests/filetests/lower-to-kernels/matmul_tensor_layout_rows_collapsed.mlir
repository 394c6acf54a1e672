// RUN: lower-to-kernels target=nvidia-h200
// A batch of rows times a shared 2-D rhs ([2, 100, 72] x [72, 136], f16 -> f32; an ONNX MatMul of
// 3-D by 2-D): the two row dims of the lhs and the result are contiguous, so they collapse into
// one of 200 rows (views @v3 and @v4 on the same bindings) and the workgroup-scope
// cooperative-matrix kernel takes it as a plain 200x136x72 matmul (edges in M and N: shifted
// last tiles; a K remainder: one clamped step).
#a = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
#b = affine_map<(d0, d1, d2, d3) -> (d3, d2)>
#c = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
func.func @main(%x: tensor<2x100x72xf16>, %w: tensor<72x136xf16>) -> tensor<2x100x136xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x100x136xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x100x136xf32>) -> tensor<2x100x136xf32>
  %r = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%x, %w : tensor<2x100x72xf16>, tensor<72x136xf16>) outs(%f : tensor<2x100x136xf32>) {
  ^bb0(%p: f16, %q: f16, %acc: f32):
    %pe = arith.extf %p : f16 to f32
    %qe = arith.extf %q : f16 to f32
    %m = arith.mulf %pe, %qe : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<2x100x136xf32>
  return %r : tensor<2x100x136xf32>
}
// OUT: kernel @dispatch_0_contraction local_size [128, 1, 1] workgroup_count [1, 1, 1] {
// OUT:   binding #0 = set 0 binding 0 readonly f16 buffer 0 "input0"
// OUT:   binding #1 = set 0 binding 1 readonly f16 buffer 1 "input1"
// OUT:   binding #2 = set 0 binding 2 writeonly f32 buffer 2 "output0"
// OUT:   view @v0 = #0 offset 0 shape [2, 100, 72] strides [7200, 72, 1]
// OUT:   view @v1 = #1 offset 0 shape [72, 136] strides [136, 1]
// OUT:   view @v2 = #2 offset 0 shape [2, 100, 136] strides [13600, 136, 1]
// OUT:   view @v3 = #0 offset 0 shape [200, 72] strides [72, 1]
// OUT:   view @v4 = #2 offset 0 shape [200, 136] strides [136, 1]
// OUT:   alloc @a0 = function coopmat<64x64xf32, acc, workgroup>[1] "acc"
// OUT:   %0 = constant 12 : index
// OUT:   parallel workgroup (%i1) < (%0) {
// OUT:     %2 = constant 128 : index
// OUT:     parallel local (%i3) < (%2) {
// OUT:       %4 = constant 0 : index
// OUT:       %5 = constant 0.0 : f32
// OUT:       %6 = splat %5 : coopmat<64x64xf32, acc, workgroup>
// OUT:       store @a0[], %6
// OUT:       %7 = constant 4 : index
// OUT:       %8 = constant 24 : index
// OUT:       %9 = div %i1, %8 : index
// OUT:       %10 = constant 8 : index
// OUT:       %11 = mul %9, %10 : index
// OUT:       %12 = sub %7, %11 : index
// OUT:       %13 = min %12, %10 : index
// OUT:       %14 = rem %i1, %8 : index
// OUT:       %15 = rem %14, %13 : index
// OUT:       %16 = add %11, %15 : index
// OUT:       %17 = div %14, %13 : index
// OUT:       %18 = constant 200 : index
// OUT:       %19 = constant 136 : index
// OUT:       %20 = constant 3 : index
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
// OUT:           %44 = matrix_load_tensor @v3[%23.., %43..] in_bounds : coopmat<64x64xf16, a, workgroup>
// OUT:           %45 = matrix_load_tensor @v1[%43.., %34..] in_bounds : coopmat<64x64xf16, b, workgroup>
// OUT:           %46 = load @a0[] : coopmat<64x64xf32, acc, workgroup>
// OUT:           %47 = matrix_mul_add %44, %45, %46 : coopmat<64x64xf32, acc, workgroup>
// OUT:           store @a0[], %47
// OUT:           %48 = constant 64 : index
// OUT:           %49 = matrix_load_tensor @v3[%23.., %48..] : coopmat<64x64xf16, a, workgroup>
// OUT:           %50 = matrix_load_tensor @v1[%48.., %34..] : coopmat<64x64xf16, b, workgroup>
// OUT:           %51 = load @a0[] : coopmat<64x64xf32, acc, workgroup>
// OUT:           %52 = matrix_mul_add %49, %50, %51 : coopmat<64x64xf32, acc, workgroup>
// OUT:           store @a0[], %52
// OUT:         } else {
// OUT:           %53 = constant 0 : index
// OUT:           %54 = matrix_load_tensor @v3[%23.., %53..] in_bounds : coopmat<64x64xf16, a, workgroup>
// OUT:           %55 = matrix_load_tensor @v1[%53.., %33..] in_bounds : coopmat<64x64xf16, b, workgroup>
// OUT:           %56 = load @a0[] : coopmat<64x64xf32, acc, workgroup>
// OUT:           %57 = matrix_mul_add %54, %55, %56 : coopmat<64x64xf32, acc, workgroup>
// OUT:           store @a0[], %57
// OUT:           %58 = constant 64 : index
// OUT:           %59 = matrix_load_tensor @v3[%23.., %58..] : coopmat<64x64xf16, a, workgroup>
// OUT:           %60 = matrix_load_tensor @v1[%58.., %33..] : coopmat<64x64xf16, b, workgroup>
// OUT:           %61 = load @a0[] : coopmat<64x64xf32, acc, workgroup>
// OUT:           %62 = matrix_mul_add %59, %60, %61 : coopmat<64x64xf32, acc, workgroup>
// OUT:           store @a0[], %62
// OUT:         }
// OUT:       } else {
// OUT:         if %42 {
// OUT:           %63 = constant 0 : index
// OUT:           %64 = matrix_load_tensor @v3[%22.., %63..] in_bounds : coopmat<64x64xf16, a, workgroup>
// OUT:           %65 = matrix_load_tensor @v1[%63.., %34..] in_bounds : coopmat<64x64xf16, b, workgroup>
// OUT:           %66 = load @a0[] : coopmat<64x64xf32, acc, workgroup>
// OUT:           %67 = matrix_mul_add %64, %65, %66 : coopmat<64x64xf32, acc, workgroup>
// OUT:           store @a0[], %67
// OUT:           %68 = constant 64 : index
// OUT:           %69 = matrix_load_tensor @v3[%22.., %68..] : coopmat<64x64xf16, a, workgroup>
// OUT:           %70 = matrix_load_tensor @v1[%68.., %34..] : coopmat<64x64xf16, b, workgroup>
// OUT:           %71 = load @a0[] : coopmat<64x64xf32, acc, workgroup>
// OUT:           %72 = matrix_mul_add %69, %70, %71 : coopmat<64x64xf32, acc, workgroup>
// OUT:           store @a0[], %72
// OUT:         } else {
// OUT:           %73 = constant 0 : index
// OUT:           %74 = matrix_load_tensor @v3[%22.., %73..] in_bounds : coopmat<64x64xf16, a, workgroup>
// OUT:           %75 = matrix_load_tensor @v1[%73.., %33..] in_bounds : coopmat<64x64xf16, b, workgroup>
// OUT:           %76 = load @a0[] : coopmat<64x64xf32, acc, workgroup>
// OUT:           %77 = matrix_mul_add %74, %75, %76 : coopmat<64x64xf32, acc, workgroup>
// OUT:           store @a0[], %77
// OUT:           %78 = constant 64 : index
// OUT:           %79 = matrix_load_tensor @v3[%22.., %78..] : coopmat<64x64xf16, a, workgroup>
// OUT:           %80 = matrix_load_tensor @v1[%78.., %33..] : coopmat<64x64xf16, b, workgroup>
// OUT:           %81 = load @a0[] : coopmat<64x64xf32, acc, workgroup>
// OUT:           %82 = matrix_mul_add %79, %80, %81 : coopmat<64x64xf32, acc, workgroup>
// OUT:           store @a0[], %82
// OUT:         }
// OUT:       }
// OUT:       %83 = load @a0[] : coopmat<64x64xf32, acc, workgroup>
// OUT:       %84 = constant 64 : index
// OUT:       %85 = add %24, %84 : index
// OUT:       %86 = cmp le %85, %28 : i1
// OUT:       %87 = constant 64 : index
// OUT:       %88 = add %35, %87 : index
// OUT:       %89 = cmp le %88, %39 : i1
// OUT:       %90 = and %86, %89 : i1
// OUT:       if %90 {
// OUT:         matrix_store_tensor %83, @v4[%24.., %35..] in_bounds
// OUT:       } else {
// OUT:         matrix_store_tensor %83, @v4[%24.., %35..] limits(%28, %39)
// OUT:       }
// OUT:     }
// OUT:   }
// OUT: }

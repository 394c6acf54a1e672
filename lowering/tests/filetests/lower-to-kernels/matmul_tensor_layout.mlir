// RUN: lower-to-kernels target=nvidia-h200
// f16 x f16 -> f32 matmul (300x260 * 260x330: edges in M and N, a K remainder) with no fused
// consumer on a target listing workgroup-scope cooperative matrices (VK_NV_cooperative_matrix2):
// one 128x128 f32 accumulator per workgroup of 128 invocations (tiles in bands of 8 tile rows),
// operand matrices loaded from the buffers through tensor layouts; workgroups inside the
// problem load unclamped, the others clamped; K = 260 is a loop of two 64-deep steps per
// iteration (256), and the remainder (4) is one clamped step.
func.func @main(%a: tensor<300x260xf16>, %b: tensor<260x330xf16>) -> tensor<300x330xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<300x330xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<300x330xf32>) -> tensor<300x330xf32>
  %2 = linalg.matmul ins(%a, %b : tensor<300x260xf16>, tensor<260x330xf16>) outs(%1 : tensor<300x330xf32>) -> tensor<300x330xf32>
  return %2 : tensor<300x330xf32>
}
// OUT: kernel @dispatch_0_contraction local_size [128, 1, 1] workgroup_count [1, 1, 1] {
// OUT:   binding #0 = set 0 binding 0 readonly f16 buffer 0 "input0"
// OUT:   binding #1 = set 0 binding 1 readonly f16 buffer 1 "input1"
// OUT:   binding #2 = set 0 binding 2 writeonly f32 buffer 2 "output0"
// OUT:   view @v0 = #0 offset 0 shape [300, 260] strides [260, 1]
// OUT:   view @v1 = #1 offset 0 shape [260, 330] strides [330, 1]
// OUT:   view @v2 = #2 offset 0 shape [300, 330] strides [330, 1]
// OUT:   alloc @a0 = function coopmat<128x128xf32, acc, workgroup>[1] "acc"
// OUT:   %0 = constant 9 : index
// OUT:   parallel workgroup (%i1) < (%0) {
// OUT:     %2 = constant 128 : index
// OUT:     parallel local (%i3) < (%2) {
// OUT:       %4 = constant 0 : index
// OUT:       %5 = constant 0.0 : f32
// OUT:       %6 = splat %5 : coopmat<128x128xf32, acc, workgroup>
// OUT:       store @a0[], %6
// OUT:       %7 = constant 3 : index
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
// OUT:       %18 = constant 128 : index
// OUT:       %19 = constant 128 : index
// OUT:       %20 = mul %16, %18 : index
// OUT:       %21 = mul %17, %19 : index
// OUT:       %22 = add %20, %18 : index
// OUT:       %23 = add %21, %19 : index
// OUT:       %24 = constant 300 : index
// OUT:       %25 = constant 330 : index
// OUT:       %26 = cmp le %22, %24 : i1
// OUT:       %27 = cmp le %23, %25 : i1
// OUT:       %28 = and %26, %27 : i1
// OUT:       if %28 {
// OUT:         %29 = constant 0 : index
// OUT:         %30 = constant 256 : index
// OUT:         %31 = constant 128 : index
// OUT:         %32 = constant 64 : index
// OUT:         for %k33 = %29 to %30 step %31 {
// OUT:           %34 = matrix_load_tensor @v0[%20.., %k33..] in_bounds : coopmat<128x64xf16, a, workgroup>
// OUT:           %35 = matrix_load_tensor @v1[%k33.., %21..] in_bounds : coopmat<64x128xf16, b, workgroup>
// OUT:           %36 = load @a0[] : coopmat<128x128xf32, acc, workgroup>
// OUT:           %37 = matrix_mul_add %34, %35, %36 : coopmat<128x128xf32, acc, workgroup>
// OUT:           store @a0[], %37
// OUT:           %38 = add %k33, %32 : index
// OUT:           %39 = matrix_load_tensor @v0[%20.., %38..] in_bounds : coopmat<128x64xf16, a, workgroup>
// OUT:           %40 = matrix_load_tensor @v1[%38.., %21..] in_bounds : coopmat<64x128xf16, b, workgroup>
// OUT:           %41 = load @a0[] : coopmat<128x128xf32, acc, workgroup>
// OUT:           %42 = matrix_mul_add %39, %40, %41 : coopmat<128x128xf32, acc, workgroup>
// OUT:           store @a0[], %42
// OUT:         }
// OUT:         %43 = constant 256 : index
// OUT:         %44 = matrix_load_tensor @v0[%20.., %43..] : coopmat<128x64xf16, a, workgroup>
// OUT:         %45 = matrix_load_tensor @v1[%43.., %21..] : coopmat<64x128xf16, b, workgroup>
// OUT:         %46 = load @a0[] : coopmat<128x128xf32, acc, workgroup>
// OUT:         %47 = matrix_mul_add %44, %45, %46 : coopmat<128x128xf32, acc, workgroup>
// OUT:         store @a0[], %47
// OUT:       } else {
// OUT:         %48 = constant 0 : index
// OUT:         %49 = constant 256 : index
// OUT:         %50 = constant 128 : index
// OUT:         %51 = constant 64 : index
// OUT:         for %k52 = %48 to %49 step %50 {
// OUT:           %53 = matrix_load_tensor @v0[%20.., %k52..] : coopmat<128x64xf16, a, workgroup>
// OUT:           %54 = matrix_load_tensor @v1[%k52.., %21..] : coopmat<64x128xf16, b, workgroup>
// OUT:           %55 = load @a0[] : coopmat<128x128xf32, acc, workgroup>
// OUT:           %56 = matrix_mul_add %53, %54, %55 : coopmat<128x128xf32, acc, workgroup>
// OUT:           store @a0[], %56
// OUT:           %57 = add %k52, %51 : index
// OUT:           %58 = matrix_load_tensor @v0[%20.., %57..] : coopmat<128x64xf16, a, workgroup>
// OUT:           %59 = matrix_load_tensor @v1[%57.., %21..] : coopmat<64x128xf16, b, workgroup>
// OUT:           %60 = load @a0[] : coopmat<128x128xf32, acc, workgroup>
// OUT:           %61 = matrix_mul_add %58, %59, %60 : coopmat<128x128xf32, acc, workgroup>
// OUT:           store @a0[], %61
// OUT:         }
// OUT:         %62 = constant 256 : index
// OUT:         %63 = matrix_load_tensor @v0[%20.., %62..] : coopmat<128x64xf16, a, workgroup>
// OUT:         %64 = matrix_load_tensor @v1[%62.., %21..] : coopmat<64x128xf16, b, workgroup>
// OUT:         %65 = load @a0[] : coopmat<128x128xf32, acc, workgroup>
// OUT:         %66 = matrix_mul_add %63, %64, %65 : coopmat<128x128xf32, acc, workgroup>
// OUT:         store @a0[], %66
// OUT:       }
// OUT:       %67 = load @a0[] : coopmat<128x128xf32, acc, workgroup>
// OUT:       matrix_store_tensor %67, @v2[%20.., %21..]
// OUT:     }
// OUT:   }
// OUT: }

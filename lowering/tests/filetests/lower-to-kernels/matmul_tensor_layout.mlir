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
// OUT:       %23 = constant 300 : index
// OUT:       %24 = cmp le %22, %23 : i1
// OUT:       %25 = add %21, %19 : index
// OUT:       %26 = constant 330 : index
// OUT:       %27 = cmp le %25, %26 : i1
// OUT:       if %24 {
// OUT:         if %27 {
// OUT:           %28 = constant 0 : index
// OUT:           %29 = constant 256 : index
// OUT:           %30 = constant 128 : index
// OUT:           %31 = constant 64 : index
// OUT:           for %k32 = %28 to %29 step %30 {
// OUT:             %33 = matrix_load_tensor @v0[%20.., %k32..] in_bounds : coopmat<128x64xf16, a, workgroup>
// OUT:             %34 = matrix_load_tensor @v1[%k32.., %21..] in_bounds : coopmat<64x128xf16, b, workgroup>
// OUT:             %35 = load @a0[] : coopmat<128x128xf32, acc, workgroup>
// OUT:             %36 = matrix_mul_add %33, %34, %35 : coopmat<128x128xf32, acc, workgroup>
// OUT:             store @a0[], %36
// OUT:             %37 = add %k32, %31 : index
// OUT:             %38 = matrix_load_tensor @v0[%20.., %37..] in_bounds : coopmat<128x64xf16, a, workgroup>
// OUT:             %39 = matrix_load_tensor @v1[%37.., %21..] in_bounds : coopmat<64x128xf16, b, workgroup>
// OUT:             %40 = load @a0[] : coopmat<128x128xf32, acc, workgroup>
// OUT:             %41 = matrix_mul_add %38, %39, %40 : coopmat<128x128xf32, acc, workgroup>
// OUT:             store @a0[], %41
// OUT:           }
// OUT:           %42 = constant 256 : index
// OUT:           %43 = matrix_load_tensor @v0[%20.., %42..] : coopmat<128x64xf16, a, workgroup>
// OUT:           %44 = matrix_load_tensor @v1[%42.., %21..] : coopmat<64x128xf16, b, workgroup>
// OUT:           %45 = load @a0[] : coopmat<128x128xf32, acc, workgroup>
// OUT:           %46 = matrix_mul_add %43, %44, %45 : coopmat<128x128xf32, acc, workgroup>
// OUT:           store @a0[], %46
// OUT:         } else {
// OUT:           %47 = constant 0 : index
// OUT:           %48 = constant 256 : index
// OUT:           %49 = constant 128 : index
// OUT:           %50 = constant 64 : index
// OUT:           for %k51 = %47 to %48 step %49 {
// OUT:             %52 = matrix_load_tensor @v0[%20.., %k51..] in_bounds : coopmat<128x64xf16, a, workgroup>
// OUT:             %53 = matrix_load_tensor @v1[%k51.., %21..] : coopmat<64x128xf16, b, workgroup>
// OUT:             %54 = load @a0[] : coopmat<128x128xf32, acc, workgroup>
// OUT:             %55 = matrix_mul_add %52, %53, %54 : coopmat<128x128xf32, acc, workgroup>
// OUT:             store @a0[], %55
// OUT:             %56 = add %k51, %50 : index
// OUT:             %57 = matrix_load_tensor @v0[%20.., %56..] in_bounds : coopmat<128x64xf16, a, workgroup>
// OUT:             %58 = matrix_load_tensor @v1[%56.., %21..] : coopmat<64x128xf16, b, workgroup>
// OUT:             %59 = load @a0[] : coopmat<128x128xf32, acc, workgroup>
// OUT:             %60 = matrix_mul_add %57, %58, %59 : coopmat<128x128xf32, acc, workgroup>
// OUT:             store @a0[], %60
// OUT:           }
// OUT:           %61 = constant 256 : index
// OUT:           %62 = matrix_load_tensor @v0[%20.., %61..] : coopmat<128x64xf16, a, workgroup>
// OUT:           %63 = matrix_load_tensor @v1[%61.., %21..] : coopmat<64x128xf16, b, workgroup>
// OUT:           %64 = load @a0[] : coopmat<128x128xf32, acc, workgroup>
// OUT:           %65 = matrix_mul_add %62, %63, %64 : coopmat<128x128xf32, acc, workgroup>
// OUT:           store @a0[], %65
// OUT:         }
// OUT:       } else {
// OUT:         if %27 {
// OUT:           %66 = constant 0 : index
// OUT:           %67 = constant 256 : index
// OUT:           %68 = constant 128 : index
// OUT:           %69 = constant 64 : index
// OUT:           for %k70 = %66 to %67 step %68 {
// OUT:             %71 = matrix_load_tensor @v0[%20.., %k70..] : coopmat<128x64xf16, a, workgroup>
// OUT:             %72 = matrix_load_tensor @v1[%k70.., %21..] in_bounds : coopmat<64x128xf16, b, workgroup>
// OUT:             %73 = load @a0[] : coopmat<128x128xf32, acc, workgroup>
// OUT:             %74 = matrix_mul_add %71, %72, %73 : coopmat<128x128xf32, acc, workgroup>
// OUT:             store @a0[], %74
// OUT:             %75 = add %k70, %69 : index
// OUT:             %76 = matrix_load_tensor @v0[%20.., %75..] : coopmat<128x64xf16, a, workgroup>
// OUT:             %77 = matrix_load_tensor @v1[%75.., %21..] in_bounds : coopmat<64x128xf16, b, workgroup>
// OUT:             %78 = load @a0[] : coopmat<128x128xf32, acc, workgroup>
// OUT:             %79 = matrix_mul_add %76, %77, %78 : coopmat<128x128xf32, acc, workgroup>
// OUT:             store @a0[], %79
// OUT:           }
// OUT:           %80 = constant 256 : index
// OUT:           %81 = matrix_load_tensor @v0[%20.., %80..] : coopmat<128x64xf16, a, workgroup>
// OUT:           %82 = matrix_load_tensor @v1[%80.., %21..] : coopmat<64x128xf16, b, workgroup>
// OUT:           %83 = load @a0[] : coopmat<128x128xf32, acc, workgroup>
// OUT:           %84 = matrix_mul_add %81, %82, %83 : coopmat<128x128xf32, acc, workgroup>
// OUT:           store @a0[], %84
// OUT:         } else {
// OUT:           %85 = constant 0 : index
// OUT:           %86 = constant 256 : index
// OUT:           %87 = constant 128 : index
// OUT:           %88 = constant 64 : index
// OUT:           for %k89 = %85 to %86 step %87 {
// OUT:             %90 = matrix_load_tensor @v0[%20.., %k89..] : coopmat<128x64xf16, a, workgroup>
// OUT:             %91 = matrix_load_tensor @v1[%k89.., %21..] : coopmat<64x128xf16, b, workgroup>
// OUT:             %92 = load @a0[] : coopmat<128x128xf32, acc, workgroup>
// OUT:             %93 = matrix_mul_add %90, %91, %92 : coopmat<128x128xf32, acc, workgroup>
// OUT:             store @a0[], %93
// OUT:             %94 = add %k89, %88 : index
// OUT:             %95 = matrix_load_tensor @v0[%20.., %94..] : coopmat<128x64xf16, a, workgroup>
// OUT:             %96 = matrix_load_tensor @v1[%94.., %21..] : coopmat<64x128xf16, b, workgroup>
// OUT:             %97 = load @a0[] : coopmat<128x128xf32, acc, workgroup>
// OUT:             %98 = matrix_mul_add %95, %96, %97 : coopmat<128x128xf32, acc, workgroup>
// OUT:             store @a0[], %98
// OUT:           }
// OUT:           %99 = constant 256 : index
// OUT:           %100 = matrix_load_tensor @v0[%20.., %99..] : coopmat<128x64xf16, a, workgroup>
// OUT:           %101 = matrix_load_tensor @v1[%99.., %21..] : coopmat<64x128xf16, b, workgroup>
// OUT:           %102 = load @a0[] : coopmat<128x128xf32, acc, workgroup>
// OUT:           %103 = matrix_mul_add %100, %101, %102 : coopmat<128x128xf32, acc, workgroup>
// OUT:           store @a0[], %103
// OUT:         }
// OUT:       }
// OUT:       %104 = load @a0[] : coopmat<128x128xf32, acc, workgroup>
// OUT:       matrix_store_tensor %104, @v2[%20.., %21..]
// OUT:     }
// OUT:   }
// OUT: }

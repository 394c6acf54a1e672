// RUN: lower-to-kernels target=nvidia-h200
// f16 x f16 -> f32 matmul (300x70 * 70x330: edges in M and N, a K remainder) with no fused
// consumer on a target listing workgroup-scope cooperative matrices (VK_NV_cooperative_matrix2):
// one 128x256 f32 accumulator per workgroup of 256 invocations, operand matrices loaded from
// the buffers through tensor layouts; workgroups inside the problem load unclamped, the others
// clamped, and the K remainder (70 = 64 + 6) is one clamped step.
func.func @main(%a: tensor<300x70xf16>, %b: tensor<70x330xf16>) -> tensor<300x330xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<300x330xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<300x330xf32>) -> tensor<300x330xf32>
  %2 = linalg.matmul ins(%a, %b : tensor<300x70xf16>, tensor<70x330xf16>) outs(%1 : tensor<300x330xf32>) -> tensor<300x330xf32>
  return %2 : tensor<300x330xf32>
}
// OUT: kernel @dispatch_0_contraction local_size [256, 1, 1] workgroup_count [1, 1, 1] {
// OUT:   binding #0 = set 0 binding 0 readonly f16 buffer 0 "input0"
// OUT:   binding #1 = set 0 binding 1 readonly f16 buffer 1 "input1"
// OUT:   binding #2 = set 0 binding 2 writeonly f32 buffer 2 "output0"
// OUT:   view @v0 = #0 offset 0 shape [300, 70] strides [70, 1]
// OUT:   view @v1 = #1 offset 0 shape [70, 330] strides [330, 1]
// OUT:   view @v2 = #2 offset 0 shape [300, 330] strides [330, 1]
// OUT:   alloc @a0 = function coopmat<128x256xf32, acc, workgroup>[1] "acc"
// OUT:   %0 = constant 3 : index
// OUT:   %1 = constant 2 : index
// OUT:   parallel workgroup (%i2, %i3) < (%0, %1) {
// OUT:     %4 = constant 256 : index
// OUT:     parallel local (%i5) < (%4) {
// OUT:       %6 = constant 0 : index
// OUT:       %7 = constant 0.0 : f32
// OUT:       %8 = splat %7 : coopmat<128x256xf32, acc, workgroup>
// OUT:       store @a0[], %8
// OUT:       %9 = constant 128 : index
// OUT:       %10 = constant 256 : index
// OUT:       %11 = mul %i2, %9 : index
// OUT:       %12 = mul %i3, %10 : index
// OUT:       %13 = add %11, %9 : index
// OUT:       %14 = add %12, %10 : index
// OUT:       %15 = constant 300 : index
// OUT:       %16 = constant 330 : index
// OUT:       %17 = cmp le %13, %15 : i1
// OUT:       %18 = cmp le %14, %16 : i1
// OUT:       %19 = and %17, %18 : i1
// OUT:       if %19 {
// OUT:         %20 = constant 0 : index
// OUT:         %21 = constant 64 : index
// OUT:         %22 = constant 64 : index
// OUT:         for %k23 = %20 to %21 step %22 {
// OUT:           %24 = matrix_load_tensor @v0[%11.., %k23..] in_bounds : coopmat<128x64xf16, a, workgroup>
// OUT:           %25 = matrix_load_tensor @v1[%k23.., %12..] in_bounds : coopmat<64x256xf16, b, workgroup>
// OUT:           %26 = load @a0[] : coopmat<128x256xf32, acc, workgroup>
// OUT:           %27 = matrix_mul_add %24, %25, %26 : coopmat<128x256xf32, acc, workgroup>
// OUT:           store @a0[], %27
// OUT:         }
// OUT:         %28 = constant 64 : index
// OUT:         %29 = matrix_load_tensor @v0[%11.., %28..] : coopmat<128x64xf16, a, workgroup>
// OUT:         %30 = matrix_load_tensor @v1[%28.., %12..] : coopmat<64x256xf16, b, workgroup>
// OUT:         %31 = load @a0[] : coopmat<128x256xf32, acc, workgroup>
// OUT:         %32 = matrix_mul_add %29, %30, %31 : coopmat<128x256xf32, acc, workgroup>
// OUT:         store @a0[], %32
// OUT:       } else {
// OUT:         %33 = constant 0 : index
// OUT:         %34 = constant 64 : index
// OUT:         %35 = constant 64 : index
// OUT:         for %k36 = %33 to %34 step %35 {
// OUT:           %37 = matrix_load_tensor @v0[%11.., %k36..] : coopmat<128x64xf16, a, workgroup>
// OUT:           %38 = matrix_load_tensor @v1[%k36.., %12..] : coopmat<64x256xf16, b, workgroup>
// OUT:           %39 = load @a0[] : coopmat<128x256xf32, acc, workgroup>
// OUT:           %40 = matrix_mul_add %37, %38, %39 : coopmat<128x256xf32, acc, workgroup>
// OUT:           store @a0[], %40
// OUT:         }
// OUT:         %41 = constant 64 : index
// OUT:         %42 = matrix_load_tensor @v0[%11.., %41..] : coopmat<128x64xf16, a, workgroup>
// OUT:         %43 = matrix_load_tensor @v1[%41.., %12..] : coopmat<64x256xf16, b, workgroup>
// OUT:         %44 = load @a0[] : coopmat<128x256xf32, acc, workgroup>
// OUT:         %45 = matrix_mul_add %42, %43, %44 : coopmat<128x256xf32, acc, workgroup>
// OUT:         store @a0[], %45
// OUT:       }
// OUT:       %46 = load @a0[] : coopmat<128x256xf32, acc, workgroup>
// OUT:       matrix_store_tensor %46, @v2[%11.., %12..]
// OUT:     }
// OUT:   }
// OUT: }

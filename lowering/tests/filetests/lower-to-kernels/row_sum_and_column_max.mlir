// RUN: lower-to-kernels target=llvmpipe
// A row sum (innermost dim reduced: a workgroup per row) and a column max (a thread per output,
// serial loop), with an explicit init.
func.func @main(%x: tensor<6x300xf32>) -> (tensor<6xf32>, tensor<300xf32>) {
  %zero = arith.constant 0.0 : f32
  %lowest = arith.constant 0xFF800000 : f32
  %e1 = tensor.empty() : tensor<6xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<6xf32>) -> tensor<6xf32>
  %r1 = linalg.reduce ins(%x : tensor<6x300xf32>) outs(%f1 : tensor<6xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %0 = arith.addf %in, %init : f32
      linalg.yield %0 : f32
    }
  %e2 = tensor.empty() : tensor<300xf32>
  %f2 = linalg.fill ins(%lowest : f32) outs(%e2 : tensor<300xf32>) -> tensor<300xf32>
  %r2 = linalg.reduce ins(%x : tensor<6x300xf32>) outs(%f2 : tensor<300xf32>) dimensions = [0]
    (%in: f32, %init: f32) {
      %0 = arith.maximumf %in, %init : f32
      linalg.yield %0 : f32
    }
  return %r1, %r2 : tensor<6xf32>, tensor<300xf32>
}
// OUT: kernel @dispatch_0_reduction local_size [256, 1, 1] workgroup_count [1, 1, 1] {
// OUT:   binding #0 = set 0 binding 0 readonly f32 buffer 0 "input0"
// OUT:   binding #1 = set 0 binding 1 writeonly f32 buffer 1 "output0"
// OUT:   view @v0 = #0 offset 0 shape [6, 300] strides [300, 1]
// OUT:   view @v1 = #1 offset 0 shape [6] strides [1]
// OUT:   alloc @a0 = function f32[1] "partial"
// OUT:   %0 = constant 6 : index
// OUT:   parallel workgroup (%i1) < (%0) {
// OUT:     %2 = constant 256 : index
// OUT:     parallel local (%i3) < (%2) {
// OUT:       %4 = constant 0.0 : f32
// OUT:       store @a0[], %4
// OUT:       %5 = constant 300 : index
// OUT:       %6 = constant 256 : index
// OUT:       for %k7 = %i3 to %5 step %6 {
// OUT:         %8 = load @v0[%i1, %k7] : f32
// OUT:         %9 = load @a0[] : f32
// OUT:         %10 = add %9, %8 : f32
// OUT:         store @a0[], %10
// OUT:       }
// OUT:       %11 = load @a0[] : f32
// OUT:       %12 = workgroup_reduce add %11 : f32
// OUT:       %13 = constant 0.0 : f32
// OUT:       %14 = add %13, %12 : f32
// OUT:       %15 = constant 0 : index
// OUT:       %16 = cmp eq %i3, %15 : i1
// OUT:       if %16 {
// OUT:         store @v1[%i1], %14
// OUT:       }
// OUT:     }
// OUT:   }
// OUT: }
// OUT: kernel @dispatch_1_reduction local_size [1, 1, 1] workgroup_count [1, 1, 1] {
// OUT:   binding #0 = set 0 binding 0 readonly f32 buffer 0 "input0"
// OUT:   binding #1 = set 0 binding 1 writeonly f32 buffer 2 "output1"
// OUT:   view @v0 = #0 offset 0 shape [6, 300] strides [300, 1]
// OUT:   view @v1 = #1 offset 0 shape [300] strides [1]
// OUT:   alloc @a0 = function f32[1] "acc"
// OUT:   %0 = constant 300 : index
// OUT:   parallel untiled (%i1) < (%0) {
// OUT:     %2 = constant -inf : f32
// OUT:     store @a0[], %2
// OUT:     %3 = constant 0 : index
// OUT:     %4 = constant 6 : index
// OUT:     %5 = constant 1 : index
// OUT:     for %k6 = %3 to %4 step %5 {
// OUT:       %7 = load @a0[] : f32
// OUT:       %8 = load @v0[%k6, %i1] : f32
// OUT:       %9 = max %8, %7 : f32
// OUT:       store @a0[], %9
// OUT:     }
// OUT:     %10 = load @a0[] : f32
// OUT:     store @v1[%i1], %10
// OUT:   }
// OUT: }

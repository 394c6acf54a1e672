// RUN: lower-to-kernels target=llvmpipe
// A row sum (innermost dim reduced, short rows: a subgroup per row, 8 rows per workgroup, vec4
// loads) and a column max (a thread per output,
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
// OUT: kernel @dispatch_0_reduction local_size [64, 1, 1] workgroup_count [1, 1, 1] subgroup_size 8 {
// OUT:   binding #0 = set 0 binding 0 readonly f32 buffer 0 "input0"
// OUT:   binding #1 = set 0 binding 1 writeonly f32 buffer 1 "output0"
// OUT:   view @v0 = #0 offset 0 shape [6, 300] strides [300, 1]
// OUT:   view @v1 = #1 offset 0 shape [6] strides [1]
// OUT:   alloc @a0 = function f32[1] "partial0"
// OUT:   alloc @a1 = function f32[1] "partial1"
// OUT:   alloc @a2 = function f32[1] "partial2"
// OUT:   alloc @a3 = function f32[1] "partial3"
// OUT:   %4 = constant 1 : index
// OUT:   parallel workgroup (%i5) < (%4) {
// OUT:     %6 = constant 64 : index
// OUT:     parallel local (%i7) < (%6) {
// OUT:       %8 = subgroup_id : index
// OUT:       %9 = subgroup_local_invocation_id : index
// OUT:       %10 = constant 8 : index
// OUT:       %11 = mul %i5, %10 : index
// OUT:       %12 = add %11, %8 : index
// OUT:       %13 = constant 6 : index
// OUT:       %14 = cmp lt %12, %13 : i1
// OUT:       if %14 {
// OUT:         %15 = constant 0.0 : f32
// OUT:         store @a0[], %15
// OUT:         %16 = constant 0.0 : f32
// OUT:         store @a1[], %16
// OUT:         %17 = constant 0.0 : f32
// OUT:         store @a2[], %17
// OUT:         %18 = constant 0.0 : f32
// OUT:         store @a3[], %18
// OUT:         %19 = constant 4 : index
// OUT:         %20 = constant 32 : index
// OUT:         %21 = constant 2 : index
// OUT:         %22 = constant 0 : index
// OUT:         %23 = constant 1 : index
// OUT:         for %k24 = %22 to %21 step %23 {
// OUT:           %25 = mul %k24, %20 : index
// OUT:           %26 = add %9, %25 : index
// OUT:           %27 = constant 0 : index
// OUT:           %28 = add %26, %27 : index
// OUT:           %29 = mul %28, %19 : index
// OUT:           %32 = load @v0[%12, %29] : vector<4xf32>
// OUT:           %33 = extract %32[0] : f32
// OUT:           %34 = extract %32[1] : f32
// OUT:           %35 = extract %32[2] : f32
// OUT:           %36 = extract %32[3] : f32
// OUT:           %37 = add %33, %34 : f32
// OUT:           %38 = add %35, %36 : f32
// OUT:           %39 = add %37, %38 : f32
// OUT:           %40 = constant 8 : index
// OUT:           %41 = add %26, %40 : index
// OUT:           %42 = mul %41, %19 : index
// OUT:           %45 = load @v0[%12, %42] : vector<4xf32>
// OUT:           %46 = extract %45[0] : f32
// OUT:           %47 = extract %45[1] : f32
// OUT:           %48 = extract %45[2] : f32
// OUT:           %49 = extract %45[3] : f32
// OUT:           %50 = add %46, %47 : f32
// OUT:           %51 = add %48, %49 : f32
// OUT:           %52 = add %50, %51 : f32
// OUT:           %53 = constant 16 : index
// OUT:           %54 = add %26, %53 : index
// OUT:           %55 = mul %54, %19 : index
// OUT:           %58 = load @v0[%12, %55] : vector<4xf32>
// OUT:           %59 = extract %58[0] : f32
// OUT:           %60 = extract %58[1] : f32
// OUT:           %61 = extract %58[2] : f32
// OUT:           %62 = extract %58[3] : f32
// OUT:           %63 = add %59, %60 : f32
// OUT:           %64 = add %61, %62 : f32
// OUT:           %65 = add %63, %64 : f32
// OUT:           %66 = constant 24 : index
// OUT:           %67 = add %26, %66 : index
// OUT:           %68 = mul %67, %19 : index
// OUT:           %71 = load @v0[%12, %68] : vector<4xf32>
// OUT:           %72 = extract %71[0] : f32
// OUT:           %73 = extract %71[1] : f32
// OUT:           %74 = extract %71[2] : f32
// OUT:           %75 = extract %71[3] : f32
// OUT:           %76 = add %72, %73 : f32
// OUT:           %77 = add %74, %75 : f32
// OUT:           %78 = add %76, %77 : f32
// OUT:           %79 = load @a0[] : f32
// OUT:           %80 = add %79, %39 : f32
// OUT:           store @a0[], %80
// OUT:           %81 = load @a1[] : f32
// OUT:           %82 = add %81, %52 : f32
// OUT:           store @a1[], %82
// OUT:           %83 = load @a2[] : f32
// OUT:           %84 = add %83, %65 : f32
// OUT:           store @a2[], %84
// OUT:           %85 = load @a3[] : f32
// OUT:           %86 = add %85, %78 : f32
// OUT:           store @a3[], %86
// OUT:         }
// OUT:         %87 = constant 64 : index
// OUT:         %88 = add %87, %9 : index
// OUT:         %89 = constant 75 : index
// OUT:         %90 = constant 8 : index
// OUT:         for %k91 = %88 to %89 step %90 {
// OUT:           %92 = mul %k91, %19 : index
// OUT:           %95 = load @v0[%12, %92] : vector<4xf32>
// OUT:           %96 = extract %95[0] : f32
// OUT:           %97 = extract %95[1] : f32
// OUT:           %98 = extract %95[2] : f32
// OUT:           %99 = extract %95[3] : f32
// OUT:           %100 = add %96, %97 : f32
// OUT:           %101 = add %98, %99 : f32
// OUT:           %102 = add %100, %101 : f32
// OUT:           %103 = load @a0[] : f32
// OUT:           %104 = add %103, %102 : f32
// OUT:           store @a0[], %104
// OUT:         }
// OUT:         %105 = load @a0[] : f32
// OUT:         %106 = load @a1[] : f32
// OUT:         %107 = load @a2[] : f32
// OUT:         %108 = load @a3[] : f32
// OUT:         %109 = add %105, %106 : f32
// OUT:         %110 = add %107, %108 : f32
// OUT:         %111 = add %109, %110 : f32
// OUT:         %112 = subgroup_reduce add %111 : f32
// OUT:         %113 = constant 0.0 : f32
// OUT:         %114 = add %113, %112 : f32
// OUT:         %115 = constant 0 : index
// OUT:         %116 = cmp eq %9, %115 : i1
// OUT:         if %116 {
// OUT:           store @v1[%12], %114
// OUT:         }
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

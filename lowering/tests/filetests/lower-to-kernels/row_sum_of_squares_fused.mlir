// RUN: lower-to-kernels target=llvmpipe
// A row reduction of a fused producer with a broadcast operand: the scalar element code
// (x * x + b[j]) becomes vector code (vec4 loads of x and b), 4 accumulators per invocation in
// a loop with a constant trip count.
func.func @main(%x: tensor<4x1024xf32>, %b: tensor<1024xf32>) -> tensor<4xf32> {
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<4x1024xf32>
  %sq = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x, %b : tensor<4x1024xf32>, tensor<1024xf32>) outs(%e0 : tensor<4x1024xf32>) {
  ^bb0(%a: f32, %c: f32, %out: f32):
    %m = arith.mulf %a, %a : f32
    %s = arith.addf %m, %c : f32
    linalg.yield %s : f32
  } -> tensor<4x1024xf32>
  %e = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %r = linalg.reduce ins(%sq : tensor<4x1024xf32>) outs(%f : tensor<4xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %0 = arith.addf %in, %init : f32
      linalg.yield %0 : f32
    }
  return %r : tensor<4xf32>
}
// OUT: kernel @dispatch_0_reduction local_size [32, 1, 1] workgroup_count [1, 1, 1] subgroup_size 8 {
// OUT:   binding #0 = set 0 binding 0 readonly f32 buffer 0 "input0"
// OUT:   binding #1 = set 0 binding 1 readonly f32 buffer 1 "input1"
// OUT:   binding #2 = set 0 binding 2 writeonly f32 buffer 2 "output0"
// OUT:   view @v0 = #0 offset 0 shape [4, 1024] strides [1024, 1]
// OUT:   view @v1 = #1 offset 0 shape [1024] strides [1]
// OUT:   view @v2 = #2 offset 0 shape [4] strides [1]
// OUT:   alloc @a0 = function f32[1] "partial0"
// OUT:   alloc @a1 = function f32[1] "partial1"
// OUT:   alloc @a2 = function f32[1] "partial2"
// OUT:   alloc @a3 = function f32[1] "partial3"
// OUT:   %10 = constant 1 : index
// OUT:   parallel workgroup (%i11) < (%10) {
// OUT:     %12 = constant 32 : index
// OUT:     parallel local (%i13) < (%12) {
// OUT:       %14 = subgroup_id : index
// OUT:       %15 = subgroup_local_invocation_id : index
// OUT:       %16 = constant 4 : index
// OUT:       %17 = mul %i11, %16 : index
// OUT:       %18 = add %17, %14 : index
// OUT:       %19 = constant 0.0 : f32
// OUT:       store @a0[], %19
// OUT:       %20 = constant 0.0 : f32
// OUT:       store @a1[], %20
// OUT:       %21 = constant 0.0 : f32
// OUT:       store @a2[], %21
// OUT:       %22 = constant 0.0 : f32
// OUT:       store @a3[], %22
// OUT:       %23 = constant 4 : index
// OUT:       %24 = constant 32 : index
// OUT:       %25 = constant 8 : index
// OUT:       %26 = constant 0 : index
// OUT:       %27 = constant 1 : index
// OUT:       for %k28 = %26 to %25 step %27 {
// OUT:         %29 = mul %k28, %24 : index
// OUT:         %30 = add %15, %29 : index
// OUT:         %31 = constant 0 : index
// OUT:         %32 = add %30, %31 : index
// OUT:         %33 = mul %32, %23 : index
// OUT:         %39 = load @v0[%18, %33] : vector<4xf32>
// OUT:         %40 = mul %39, %39 : vector<4xf32>
// OUT:         %41 = load @v1[%33] : vector<4xf32>
// OUT:         %42 = add %40, %41 : vector<4xf32>
// OUT:         %43 = extract %42[0] : f32
// OUT:         %44 = extract %42[1] : f32
// OUT:         %45 = extract %42[2] : f32
// OUT:         %46 = extract %42[3] : f32
// OUT:         %47 = add %43, %44 : f32
// OUT:         %48 = add %45, %46 : f32
// OUT:         %49 = add %47, %48 : f32
// OUT:         %50 = constant 8 : index
// OUT:         %51 = add %30, %50 : index
// OUT:         %52 = mul %51, %23 : index
// OUT:         %58 = load @v0[%18, %52] : vector<4xf32>
// OUT:         %59 = mul %58, %58 : vector<4xf32>
// OUT:         %60 = load @v1[%52] : vector<4xf32>
// OUT:         %61 = add %59, %60 : vector<4xf32>
// OUT:         %62 = extract %61[0] : f32
// OUT:         %63 = extract %61[1] : f32
// OUT:         %64 = extract %61[2] : f32
// OUT:         %65 = extract %61[3] : f32
// OUT:         %66 = add %62, %63 : f32
// OUT:         %67 = add %64, %65 : f32
// OUT:         %68 = add %66, %67 : f32
// OUT:         %69 = constant 16 : index
// OUT:         %70 = add %30, %69 : index
// OUT:         %71 = mul %70, %23 : index
// OUT:         %77 = load @v0[%18, %71] : vector<4xf32>
// OUT:         %78 = mul %77, %77 : vector<4xf32>
// OUT:         %79 = load @v1[%71] : vector<4xf32>
// OUT:         %80 = add %78, %79 : vector<4xf32>
// OUT:         %81 = extract %80[0] : f32
// OUT:         %82 = extract %80[1] : f32
// OUT:         %83 = extract %80[2] : f32
// OUT:         %84 = extract %80[3] : f32
// OUT:         %85 = add %81, %82 : f32
// OUT:         %86 = add %83, %84 : f32
// OUT:         %87 = add %85, %86 : f32
// OUT:         %88 = constant 24 : index
// OUT:         %89 = add %30, %88 : index
// OUT:         %90 = mul %89, %23 : index
// OUT:         %96 = load @v0[%18, %90] : vector<4xf32>
// OUT:         %97 = mul %96, %96 : vector<4xf32>
// OUT:         %98 = load @v1[%90] : vector<4xf32>
// OUT:         %99 = add %97, %98 : vector<4xf32>
// OUT:         %100 = extract %99[0] : f32
// OUT:         %101 = extract %99[1] : f32
// OUT:         %102 = extract %99[2] : f32
// OUT:         %103 = extract %99[3] : f32
// OUT:         %104 = add %100, %101 : f32
// OUT:         %105 = add %102, %103 : f32
// OUT:         %106 = add %104, %105 : f32
// OUT:         %107 = load @a0[] : f32
// OUT:         %108 = add %107, %49 : f32
// OUT:         store @a0[], %108
// OUT:         %109 = load @a1[] : f32
// OUT:         %110 = add %109, %68 : f32
// OUT:         store @a1[], %110
// OUT:         %111 = load @a2[] : f32
// OUT:         %112 = add %111, %87 : f32
// OUT:         store @a2[], %112
// OUT:         %113 = load @a3[] : f32
// OUT:         %114 = add %113, %106 : f32
// OUT:         store @a3[], %114
// OUT:       }
// OUT:       %115 = load @a0[] : f32
// OUT:       %116 = load @a1[] : f32
// OUT:       %117 = load @a2[] : f32
// OUT:       %118 = load @a3[] : f32
// OUT:       %119 = add %115, %116 : f32
// OUT:       %120 = add %117, %118 : f32
// OUT:       %121 = add %119, %120 : f32
// OUT:       %122 = subgroup_reduce add %121 : f32
// OUT:       %123 = constant 0.0 : f32
// OUT:       %124 = add %123, %122 : f32
// OUT:       %125 = constant 0 : index
// OUT:       %126 = cmp eq %15, %125 : i1
// OUT:       if %126 {
// OUT:         store @v2[%18], %124
// OUT:       }
// OUT:     }
// OUT:   }
// OUT: }

// RUN: vectorize target=llvmpipe
// 3x5x7 = 105 elements, dense, no broadcasting: collapsed to 1-D, 4-lane groups with a scalar
// tail for the last partial group.
#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @main(%x: tensor<3x5x7xf32>, %y: tensor<3x5x7xf32>) -> tensor<3x5x7xf32> {
  %e = tensor.empty() : tensor<3x5x7xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x, %y : tensor<3x5x7xf32>, tensor<3x5x7xf32>) outs(%e : tensor<3x5x7xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %s = arith.mulf %a, %b : f32
    %t = math.exp %s : f32
    linalg.yield %t : f32
  } -> tensor<3x5x7xf32>
  return %r : tensor<3x5x7xf32>
}
// OUT: kernel @dispatch_0_elementwise local_size [1, 1, 1] workgroup_count [1, 1, 1] {
// OUT:   binding #0 = set 0 binding 0 readonly f32 buffer 0 "input0"
// OUT:   binding #1 = set 0 binding 1 readonly f32 buffer 1 "input1"
// OUT:   binding #2 = set 0 binding 2 writeonly f32 buffer 2 "output0"
// OUT:   view @v0 = #0 offset 0 shape [3, 5, 7] strides [35, 7, 1]
// OUT:   view @v1 = #1 offset 0 shape [3, 5, 7] strides [35, 7, 1]
// OUT:   view @v2 = #2 offset 0 shape [3, 5, 7] strides [35, 7, 1]
// OUT:   view @v3 = #0 offset 0 shape [105] strides [1]
// OUT:   view @v4 = #1 offset 0 shape [105] strides [1]
// OUT:   view @v5 = #2 offset 0 shape [105] strides [1]
// OUT:   %0 = constant 3 : index
// OUT:   %1 = constant 5 : index
// OUT:   %2 = constant 7 : index
// OUT:   %10 = constant 27 : index
// OUT:   parallel untiled (%i11) < (%10) {
// OUT:     %12 = constant 4 : index
// OUT:     %13 = mul %i11, %12 : index
// OUT:     %14 = add %13, %12 : index
// OUT:     %15 = constant 105 : index
// OUT:     %16 = cmp le %14, %15 : i1
// OUT:     if %16 {
// OUT:       %17 = load @v3[%13] : vector<4xf32>
// OUT:       %18 = load @v4[%13] : vector<4xf32>
// OUT:       %19 = mul %17, %18 : vector<4xf32>
// OUT:       %20 = exp %19 : vector<4xf32>
// OUT:       store @v5[%13], %20
// OUT:     } else {
// OUT:       %21 = constant 1 : index
// OUT:       for %k22 = %13 to %15 step %21 {
// OUT:         %23 = load @v3[%k22] : f32
// OUT:         %24 = load @v4[%k22] : f32
// OUT:         %25 = mul %23, %24 : f32
// OUT:         %26 = exp %25 : f32
// OUT:         store @v5[%k22], %26
// OUT:       }
// OUT:     }
// OUT:   }
// OUT: }

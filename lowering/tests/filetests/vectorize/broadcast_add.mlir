// RUN: vectorize target=llvmpipe
// Innermost size 8 (a multiple of 4): 4-lane loads/stores; the [4, 1] operand broadcasts along
// the innermost dim (stride 0): one scalar load, splatted.
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d0, 0)>
func.func @main(%x: tensor<4x8xf32>, %y: tensor<4x1xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %r = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %y : tensor<4x8xf32>, tensor<4x1xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}
// OUT: kernel @dispatch_0_elementwise local_size [1, 1, 1] workgroup_count [1, 1, 1] {
// OUT:   binding #0 = set 0 binding 0 readonly f32 buffer 0 "input0"
// OUT:   binding #1 = set 0 binding 1 readonly f32 buffer 1 "input1"
// OUT:   binding #2 = set 0 binding 2 writeonly f32 buffer 2 "output0"
// OUT:   view @v0 = #0 offset 0 shape [4, 8] strides [8, 1]
// OUT:   view @v1 = #1 offset 0 shape [4, 1] strides [1, 1]
// OUT:   view @v2 = #2 offset 0 shape [4, 8] strides [8, 1]
// OUT:   %0 = constant 4 : index
// OUT:   %1 = constant 8 : index
// OUT:   %8 = constant 2 : index
// OUT:   parallel untiled (%i9, %i10) < (%0, %8) {
// OUT:     %11 = constant 4 : index
// OUT:     %12 = mul %i10, %11 : index
// OUT:     %13 = load @v0[%i9, %12] : vector<4xf32>
// OUT:     %14 = constant 0 : index
// OUT:     %15 = load @v1[%i9, %14] : f32
// OUT:     %16 = splat %15 : vector<4xf32>
// OUT:     %17 = add %13, %16 : vector<4xf32>
// OUT:     store @v2[%i9, %12], %17
// OUT:   }
// OUT: }

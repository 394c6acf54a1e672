// RUN: vectorize target=nvidia-h200
// A copy reading a dim merged by a reshape (`[5, 24]` as `[5, 3, 8]`) at `j * 8 + e`: the
// offset `j * 8` is a multiple of 4, so the loads along `e` still take 4 lanes; the unit dim of
// the unsqueeze indexes 0 (no `rem` / `div` by its group).
#map = affine_map<(d0, d1, d2, d3) -> (d2, d1, d0, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @main(%x: tensor<5x24xf16>) -> tensor<3x5x8xf16> {
  %0 = tensor.expand_shape %x [[0], [1, 2]] output_shape [5, 3, 8] : tensor<5x24xf16> into tensor<5x3x8xf16>
  %1 = tensor.expand_shape %0 [[0, 1], [2], [3]] output_shape [1, 5, 3, 8] : tensor<5x3x8xf16> into tensor<1x5x3x8xf16>
  %2 = tensor.empty() : tensor<3x5x1x8xf16>
  %3 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%1 : tensor<1x5x3x8xf16>) outs(%2 : tensor<3x5x1x8xf16>) {
  ^bb0(%a: f16, %o: f16):
    linalg.yield %a : f16
  } -> tensor<3x5x1x8xf16>
  %4 = tensor.collapse_shape %3 [[0], [1], [2, 3]] : tensor<3x5x1x8xf16> into tensor<3x5x8xf16>
  return %4 : tensor<3x5x8xf16>
}
// OUT: kernel @dispatch_0_elementwise local_size [1, 1, 1] workgroup_count [1, 1, 1] {
// OUT:   binding #0 = set 0 binding 0 readonly f16 buffer 0 "input0"
// OUT:   binding #1 = set 0 binding 1 writeonly f16 buffer 1 "output0"
// OUT:   view @v0 = #0 offset 0 shape [5, 24] strides [24, 1]
// OUT:   view @v1 = #1 offset 0 shape [3, 5, 8] strides [40, 8, 1]
// OUT:   %0 = constant 3 : index
// OUT:   %1 = constant 5 : index
// OUT:   %2 = constant 8 : index
// OUT:   %13 = constant 2 : index
// OUT:   parallel untiled (%i14, %i15, %i16) < (%0, %1, %13) {
// OUT:     %17 = constant 4 : index
// OUT:     %18 = mul %i16, %17 : index
// OUT:     %19 = rem %18, %2 : index
// OUT:     %20 = div %18, %2 : index
// OUT:     %21 = mul %20, %1 : index
// OUT:     %22 = add %21, %i15 : index
// OUT:     %23 = mul %i14, %2 : index
// OUT:     %24 = add %23, %19 : index
// OUT:     %25 = load @v0[%22, %24] : vector<4xf16>
// OUT:     store @v1[%i14, %i15, %18], %25
// OUT:   }
// OUT: }

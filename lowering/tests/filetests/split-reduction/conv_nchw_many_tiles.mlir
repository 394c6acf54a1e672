// RUN: split-reduction target=nvidia-h200
// The same conv at batch 32: enough output tiles, left as it is.
func.func @main(%x: tensor<32x64x9x9xf32>, %w: tensor<48x64x3x3xf32>) -> tensor<32x48x7x7xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x48x7x7xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<32x48x7x7xf32>) -> tensor<32x48x7x7xf32>
  %c = linalg.conv_2d_nchw_fchw {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<32x64x9x9xf32>, tensor<48x64x3x3xf32>) outs(%f : tensor<32x48x7x7xf32>) -> tensor<32x48x7x7xf32>
  return %c : tensor<32x48x7x7xf32>
}
// OUT: #map = affine_map<(d0, d1, d2, d3) -> ()>
// OUT: #map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// OUT: #map2 = affine_map<(d0, d1, d2, d3, d4) -> ()>
// OUT: #map3 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
// OUT: #map4 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d7, d4, d2 + d5, d3 + d6)>
// OUT: #map5 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d1, d7, d4, d5, d6)>
// OUT: #map6 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d7, d0, d1, d2, d3)>
// OUT: #map7 = affine_map<(d0, d1, d2, d3, d4) -> (d4, d0, d1, d2, d3)>
// OUT: #map8 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>
// OUT:
// OUT: func.func @main(%arg0: tensor<32x64x9x9xf32>, %arg1: tensor<48x64x3x3xf32>) -> tensor<32x48x7x7xf32> {
// OUT:   %0 = arith.constant 0.0 : f32
// OUT:   %1 = tensor.empty() : tensor<32x48x7x7xf32>
// OUT:   %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%1 : tensor<32x48x7x7xf32>) {
// OUT:   ^bb0(%3: f32, %4: f32):
// OUT:     linalg.yield %3 : f32
// OUT:   } -> tensor<32x48x7x7xf32>
// OUT:   %5 = tensor.expand_shape %arg0 [[0], [1, 2], [3], [4]] output_shape [32, 8, 8, 9, 9] : tensor<32x64x9x9xf32> into tensor<32x8x8x9x9xf32>
// OUT:   %6 = tensor.expand_shape %arg1 [[0], [1, 2], [3], [4]] output_shape [48, 8, 8, 3, 3] : tensor<48x64x3x3xf32> into tensor<48x8x8x3x3xf32>
// OUT:   %7 = tensor.empty() : tensor<8x32x48x7x7xf32>
// OUT:   %8 = arith.constant 0.0 : f32
// OUT:   %9 = linalg.generic {indexing_maps = [#map2, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%8 : f32) outs(%7 : tensor<8x32x48x7x7xf32>) {
// OUT:   ^bb0(%10: f32, %11: f32):
// OUT:     linalg.yield %10 : f32
// OUT:   } -> tensor<8x32x48x7x7xf32>
// OUT:   %12 = linalg.generic {indexing_maps = [#map4, #map5, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction", "parallel"]} ins(%5, %6 : tensor<32x8x8x9x9xf32>, tensor<48x8x8x3x3xf32>) outs(%9 : tensor<8x32x48x7x7xf32>) {
// OUT:   ^bb0(%13: f32, %14: f32, %15: f32):
// OUT:     %16 = arith.mulf %13, %14 : f32
// OUT:     %17 = arith.addf %15, %16 : f32
// OUT:     linalg.yield %17 : f32
// OUT:   } -> tensor<8x32x48x7x7xf32>
// OUT:   %18 = linalg.generic {indexing_maps = [#map7, #map8], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%12 : tensor<8x32x48x7x7xf32>) outs(%2 : tensor<32x48x7x7xf32>) {
// OUT:   ^bb0(%19: f32, %20: f32):
// OUT:     %21 = arith.addf %20, %19 : f32
// OUT:     linalg.yield %21 : f32
// OUT:   } -> tensor<32x48x7x7xf32>
// OUT:   return %18 : tensor<32x48x7x7xf32>
// OUT: }

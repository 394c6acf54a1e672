// RUN: split-reduction target=nvidia-h200
// ResNet-50's stem at batch 1 over an input of 4 channels, which `channels-last` copies to
// NHWC at entry: its SIMT kernel has 98 workgroups (fewer than a split would want), but the
// only dim a split could cut is the 4 channels that the conv reads innermost with vec4 loads,
// and slices of 2 channels would take scalar loads: it is not split.
func.func @main(%x: tensor<1x4x230x230xf32>, %w: tensor<64x4x7x7xf32>) -> tensor<1x64x112x112xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x64x112x112xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x64x112x112xf32>) -> tensor<1x64x112x112xf32>
  %c = linalg.conv_2d_nchw_fchw {strides = dense<2> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x4x230x230xf32>, tensor<64x4x7x7xf32>) outs(%f : tensor<1x64x112x112xf32>) -> tensor<1x64x112x112xf32>
  return %c : tensor<1x64x112x112xf32>
}
// OUT: #map = affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>
// OUT: #map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// OUT: #map2 = affine_map<(d0, d1, d2, d3) -> ()>
// OUT: #map3 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d2 * 2 + d4, d3 * 2 + d5, d6)>
// OUT: #map4 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d1, d6, d4, d5)>
// OUT: #map5 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
// OUT:
// OUT: func.func @main(%arg0: tensor<1x4x230x230xf32>, %arg1: tensor<64x4x7x7xf32>) -> tensor<1x64x112x112xf32> {
// OUT:   %0 = tensor.empty() : tensor<1x230x230x4xf32>
// OUT:   %1 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg0 : tensor<1x4x230x230xf32>) outs(%0 : tensor<1x230x230x4xf32>) {
// OUT:   ^bb0(%2: f32, %3: f32):
// OUT:     linalg.yield %2 : f32
// OUT:   } -> tensor<1x230x230x4xf32>
// OUT:   %4 = arith.constant 0.0 : f32
// OUT:   %5 = tensor.empty() : tensor<1x64x112x112xf32>
// OUT:   %6 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%4 : f32) outs(%5 : tensor<1x64x112x112xf32>) {
// OUT:   ^bb0(%7: f32, %8: f32):
// OUT:     linalg.yield %7 : f32
// OUT:   } -> tensor<1x64x112x112xf32>
// OUT:   %9 = linalg.generic {indexing_maps = [#map3, #map4, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%1, %arg1 : tensor<1x230x230x4xf32>, tensor<64x4x7x7xf32>) outs(%6 : tensor<1x64x112x112xf32>) {
// OUT:   ^bb0(%10: f32, %11: f32, %12: f32):
// OUT:     %13 = arith.mulf %10, %11 : f32
// OUT:     %14 = arith.addf %12, %13 : f32
// OUT:     linalg.yield %14 : f32
// OUT:   } -> tensor<1x64x112x112xf32>
// OUT:   return %9 : tensor<1x64x112x112xf32>
// OUT: }

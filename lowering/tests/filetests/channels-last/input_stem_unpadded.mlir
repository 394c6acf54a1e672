// RUN: channels-last target=nvidia-h200 heuristic=channels_last_input_channel_multiple=1
// The stem of input_stem.mlir with `channels_last_input_channel_multiple=1`: the copy at entry
// only transposes the argument to NHWC (3 channels), the filter keeps its 3 input channels.
func.func @main(%x: tensor<1x3x6x6xf32>) -> tensor<1x2x3x3xf32> {
  %zero = arith.constant 0.0 : f32
  %w = arith.constant dense<[[[[1.0, 2.0], [3.0, 4.0]], [[5.0, 6.0], [7.0, 8.0]], [[9.0, 10.0], [11.0, 12.0]]], [[[-1.0, -2.0], [-3.0, -4.0]], [[-5.0, -6.0], [-7.0, -8.0]], [[-9.0, -10.0], [-11.0, -12.0]]]]> : tensor<2x3x2x2xf32>
  %bias = arith.constant dense<[[[0.5]], [[-0.5]]]> : tensor<2x1x1xf32>
  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 0, 0] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x3x6x6xf32> to tensor<1x3x7x7xf32>
  %e = tensor.empty() : tensor<1x2x3x3xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  %c = linalg.conv_2d_nchw_fchw {strides = dense<2> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%p, %w : tensor<1x3x7x7xf32>, tensor<2x3x2x2xf32>) outs(%f : tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
  %e2 = tensor.empty() : tensor<1x2x3x3xf32>
  %b = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %bias : tensor<1x2x3x3xf32>, tensor<2x1x1xf32>) outs(%e2 : tensor<1x2x3x3xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %sum = arith.addf %a, %s : f32
    %r = arith.maximumf %sum, %zero : f32
    linalg.yield %r : f32
  } -> tensor<1x2x3x3xf32>
  return %b : tensor<1x2x3x3xf32>
}
// OUT: #map = affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>
// OUT: #map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// OUT: #map2 = affine_map<(d0, d1, d2, d3) -> ()>
// OUT: #map3 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d2 * 2 + d4, d3 * 2 + d5, d6)>
// OUT: #map4 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d5, d6, d1)>
// OUT: #map5 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
// OUT: #map6 = affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>
// OUT:
// OUT: func.func @main(%arg0: tensor<1x3x6x6xf32>) -> tensor<1x2x3x3xf32> {
// OUT:   %0 = tensor.empty() : tensor<1x6x6x3xf32>
// OUT:   %1 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg0 : tensor<1x3x6x6xf32>) outs(%0 : tensor<1x6x6x3xf32>) {
// OUT:   ^bb0(%2: f32, %3: f32):
// OUT:     linalg.yield %2 : f32
// OUT:   } -> tensor<1x6x6x3xf32>
// OUT:   %4 = arith.constant 0.0 : f32
// OUT:   %5 = arith.constant dense<[[[[1.0, -1.0], [5.0, -5.0], [9.0, -9.0]], [[2.0, -2.0], [6.0, -6.0], [1.0e1, -1.0e1]]], [[[3.0, -3.0], [7.0, -7.0], [1.1e1, -1.1e1]], [[4.0, -4.0], [8.0, -8.0], [1.2e1, -1.2e1]]]]> : tensor<2x2x3x2xf32>
// OUT:   %6 = arith.constant dense<[[[5.0e-1]], [[-5.0e-1]]]> : tensor<2x1x1xf32>
// OUT:   %7 = tensor.pad %1 low[0, 1, 1, 0] high[0, 0, 0, 0] {
// OUT:   ^bb0(%pad8_0: index, %pad8_1: index, %pad8_2: index, %pad8_3: index):
// OUT:     tensor.yield %4 : f32
// OUT:   } : tensor<1x6x6x3xf32> to tensor<1x7x7x3xf32>
// OUT:   %9 = tensor.empty() : tensor<1x2x3x3xf32>
// OUT:   %10 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%4 : f32) outs(%9 : tensor<1x2x3x3xf32>) {
// OUT:   ^bb0(%11: f32, %12: f32):
// OUT:     linalg.yield %11 : f32
// OUT:   } -> tensor<1x2x3x3xf32>
// OUT:   %13 = linalg.generic {indexing_maps = [#map3, #map4, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%7, %5 : tensor<1x7x7x3xf32>, tensor<2x2x3x2xf32>) outs(%10 : tensor<1x2x3x3xf32>) {
// OUT:   ^bb0(%14: f32, %15: f32, %16: f32):
// OUT:     %17 = arith.mulf %14, %15 : f32
// OUT:     %18 = arith.addf %16, %17 : f32
// OUT:     linalg.yield %18 : f32
// OUT:   } -> tensor<1x2x3x3xf32>
// OUT:   %19 = tensor.empty() : tensor<1x2x3x3xf32>
// OUT:   %20 = linalg.generic {indexing_maps = [#map1, #map6, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%13, %6 : tensor<1x2x3x3xf32>, tensor<2x1x1xf32>) outs(%19 : tensor<1x2x3x3xf32>) {
// OUT:   ^bb0(%21: f32, %22: f32, %23: f32):
// OUT:     %24 = arith.addf %21, %22 : f32
// OUT:     %25 = arith.maximumf %24, %4 : f32
// OUT:     linalg.yield %25 : f32
// OUT:   } -> tensor<1x2x3x3xf32>
// OUT:   return %20 : tensor<1x2x3x3xf32>
// OUT: }

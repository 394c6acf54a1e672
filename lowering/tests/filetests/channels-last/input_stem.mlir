// RUN: channels-last target=nvidia-h200
// The stem of an image network: the 3-channel NCHW graph input, padded, read by a stride-2
// conv with a constant filter, then bias + relu. The argument keeps its layout; a copy at
// entry (its own kernel) pads its channels to 4 with zeros and stores it NHWC, the conv reads
// that through its spatial pad (`(n, 2oh + kh, 2ow + kw, c)`, 4 channels innermost: vec4
// loads), and its filter is stored HWCF with a fourth input channel of zeros.
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
// OUT:   %0 = arith.constant 0.0 : f32
// OUT:   %1 = tensor.pad %arg0 low[0, 0, 0, 0] high[0, 1, 0, 0] {
// OUT:   ^bb0(%pad2_0: index, %pad2_1: index, %pad2_2: index, %pad2_3: index):
// OUT:     tensor.yield %0 : f32
// OUT:   } : tensor<1x3x6x6xf32> to tensor<1x4x6x6xf32>
// OUT:   %3 = tensor.empty() : tensor<1x6x6x4xf32>
// OUT:   %4 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%1 : tensor<1x4x6x6xf32>) outs(%3 : tensor<1x6x6x4xf32>) {
// OUT:   ^bb0(%5: f32, %6: f32):
// OUT:     linalg.yield %5 : f32
// OUT:   } -> tensor<1x6x6x4xf32>
// OUT:   %7 = arith.constant 0.0 : f32
// OUT:   %8 = arith.constant dense<[[[5.0e-1]], [[-5.0e-1]]]> : tensor<2x1x1xf32>
// OUT:   %9 = tensor.pad %4 low[0, 1, 1, 0] high[0, 0, 0, 0] {
// OUT:   ^bb0(%pad10_0: index, %pad10_1: index, %pad10_2: index, %pad10_3: index):
// OUT:     tensor.yield %7 : f32
// OUT:   } : tensor<1x6x6x4xf32> to tensor<1x7x7x4xf32>
// OUT:   %11 = tensor.empty() : tensor<1x2x3x3xf32>
// OUT:   %12 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%7 : f32) outs(%11 : tensor<1x2x3x3xf32>) {
// OUT:   ^bb0(%13: f32, %14: f32):
// OUT:     linalg.yield %13 : f32
// OUT:   } -> tensor<1x2x3x3xf32>
// OUT:   %15 = arith.constant dense<[[[[1.0, -1.0], [5.0, -5.0], [9.0, -9.0], [0.0, 0.0]], [[2.0, -2.0], [6.0, -6.0], [1.0e1, -1.0e1], [0.0, 0.0]]], [[[3.0, -3.0], [7.0, -7.0], [1.1e1, -1.1e1], [0.0, 0.0]], [[4.0, -4.0], [8.0, -8.0], [1.2e1, -1.2e1], [0.0, 0.0]]]]> : tensor<2x2x4x2xf32>
// OUT:   %16 = linalg.generic {indexing_maps = [#map3, #map4, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%9, %15 : tensor<1x7x7x4xf32>, tensor<2x2x4x2xf32>) outs(%12 : tensor<1x2x3x3xf32>) {
// OUT:   ^bb0(%17: f32, %18: f32, %19: f32):
// OUT:     %20 = arith.mulf %17, %18 : f32
// OUT:     %21 = arith.addf %19, %20 : f32
// OUT:     linalg.yield %21 : f32
// OUT:   } -> tensor<1x2x3x3xf32>
// OUT:   %22 = tensor.empty() : tensor<1x2x3x3xf32>
// OUT:   %23 = linalg.generic {indexing_maps = [#map1, #map6, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%16, %8 : tensor<1x2x3x3xf32>, tensor<2x1x1xf32>) outs(%22 : tensor<1x2x3x3xf32>) {
// OUT:   ^bb0(%24: f32, %25: f32, %26: f32):
// OUT:     %27 = arith.addf %24, %25 : f32
// OUT:     %28 = arith.maximumf %27, %7 : f32
// OUT:     linalg.yield %28 : f32
// OUT:   } -> tensor<1x2x3x3xf32>
// OUT:   return %23 : tensor<1x2x3x3xf32>
// OUT: }

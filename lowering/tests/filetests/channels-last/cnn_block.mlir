// RUN: channels-last target=nvidia-h200
// An NCHW block: 1x1 conv (constant filter) + bias + relu, padded 3x3 conv, the two concatenated
// along the channels, summed over the pixels. Between the convs everything goes NHWC (the
// concat along dim 3), the filter constant is stored HWCF (data permuted), and each conv's
// loops take the `conv_2d_nhwc_hwcf` order (n, oh, ow, f, kh, kw, c). The argument and the
// result keep their layouts: the first conv reads the NCHW input through its map.
func.func @main(%x: tensor<1x2x4x4xf32>, %w2: tensor<4x4x3x3xf32>) -> tensor<1x8xf32> {
  %zero = arith.constant 0.0 : f32
  %w1 = arith.constant dense<[[[[1.0]], [[2.0]]], [[[3.0]], [[4.0]]], [[[5.0]], [[6.0]]], [[[7.0]], [[8.0]]]]> : tensor<4x2x1x1xf32>
  %bias = arith.constant dense<[[[0.5]], [[-0.5]], [[1.5]], [[-1.5]]]> : tensor<4x1x1xf32>
  %e1 = tensor.empty() : tensor<1x4x4x4xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %c1 = linalg.conv_2d_nchw_fchw {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%x, %w1 : tensor<1x2x4x4xf32>, tensor<4x2x1x1xf32>) outs(%f1 : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %e2 = tensor.empty() : tensor<1x4x4x4xf32>
  %b = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c1, %bias : tensor<1x4x4x4xf32>, tensor<4x1x1xf32>) outs(%e2 : tensor<1x4x4x4xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %sum = arith.addf %a, %s : f32
    %r = arith.maximumf %sum, %zero : f32
    linalg.yield %r : f32
  } -> tensor<1x4x4x4xf32>
  %p = tensor.pad %b low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x4x4x4xf32> to tensor<1x4x6x6xf32>
  %e3 = tensor.empty() : tensor<1x4x4x4xf32>
  %f3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %c2 = linalg.conv_2d_nchw_fchw {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%p, %w2 : tensor<1x4x6x6xf32>, tensor<4x4x3x3xf32>) outs(%f3 : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %cat = tensor.concat dim(1) %b, %c2 : (tensor<1x4x4x4xf32>, tensor<1x4x4x4xf32>) -> tensor<1x8x4x4xf32>
  %e4 = tensor.empty() : tensor<1x8xf32>
  %f4 = linalg.fill ins(%zero : f32) outs(%e4 : tensor<1x8xf32>) -> tensor<1x8xf32>
  %s = linalg.reduce ins(%cat : tensor<1x8x4x4xf32>) outs(%f4 : tensor<1x8xf32>) dimensions = [2, 3]
    (%in: f32, %acc: f32) {
      %t = arith.addf %in, %acc : f32
      linalg.yield %t : f32
    }
  return %s : tensor<1x8xf32>
}
// OUT: #map = affine_map<(d0, d1, d2, d3) -> ()>
// OUT: #map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// OUT: #map2 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d1 + d5, d2 + d6)>
// OUT: #map3 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d5, d6, d4, d3)>
// OUT: #map4 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
// OUT: #map5 = affine_map<(d0, d1, d2, d3) -> (0, 0, d3)>
// OUT: #map6 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 + d4, d2 + d5, d6)>
// OUT: #map7 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d3, d6, d4, d5)>
// OUT: #map8 = affine_map<(d0, d1) -> ()>
// OUT: #map9 = affine_map<(d0, d1) -> (d0, d1)>
// OUT: #map10 = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1)>
// OUT: #map11 = affine_map<(d0, d1, d2, d3) -> (d0, d1)>
// OUT:
// OUT: func.func @main(%arg0: tensor<1x2x4x4xf32>, %arg1: tensor<4x4x3x3xf32>) -> tensor<1x8xf32> {
// OUT:   %0 = arith.constant 0.0 : f32
// OUT:   %1 = arith.constant dense<[[[[1.0, 3.0, 5.0, 7.0], [2.0, 4.0, 6.0, 8.0]]]]> : tensor<1x1x2x4xf32>
// OUT:   %2 = arith.constant dense<[[[5.0e-1, -5.0e-1, 1.5, -1.5]]]> : tensor<1x1x4xf32>
// OUT:   %3 = tensor.empty() : tensor<1x4x4x4xf32>
// OUT:   %4 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%3 : tensor<1x4x4x4xf32>) {
// OUT:   ^bb0(%5: f32, %6: f32):
// OUT:     linalg.yield %5 : f32
// OUT:   } -> tensor<1x4x4x4xf32>
// OUT:   %7 = linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%arg0, %1 : tensor<1x2x4x4xf32>, tensor<1x1x2x4xf32>) outs(%4 : tensor<1x4x4x4xf32>) {
// OUT:   ^bb0(%8: f32, %9: f32, %10: f32):
// OUT:     %11 = arith.mulf %8, %9 : f32
// OUT:     %12 = arith.addf %10, %11 : f32
// OUT:     linalg.yield %12 : f32
// OUT:   } -> tensor<1x4x4x4xf32>
// OUT:   %13 = tensor.empty() : tensor<1x4x4x4xf32>
// OUT:   %14 = linalg.generic {indexing_maps = [#map1, #map5, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%7, %2 : tensor<1x4x4x4xf32>, tensor<1x1x4xf32>) outs(%13 : tensor<1x4x4x4xf32>) {
// OUT:   ^bb0(%15: f32, %16: f32, %17: f32):
// OUT:     %18 = arith.addf %15, %16 : f32
// OUT:     %19 = arith.maximumf %18, %0 : f32
// OUT:     linalg.yield %19 : f32
// OUT:   } -> tensor<1x4x4x4xf32>
// OUT:   %20 = tensor.pad %14 low[0, 1, 1, 0] high[0, 1, 1, 0] {
// OUT:   ^bb0(%pad21_0: index, %pad21_1: index, %pad21_2: index, %pad21_3: index):
// OUT:     tensor.yield %0 : f32
// OUT:   } : tensor<1x4x4x4xf32> to tensor<1x6x6x4xf32>
// OUT:   %22 = tensor.empty() : tensor<1x4x4x4xf32>
// OUT:   %23 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%22 : tensor<1x4x4x4xf32>) {
// OUT:   ^bb0(%24: f32, %25: f32):
// OUT:     linalg.yield %24 : f32
// OUT:   } -> tensor<1x4x4x4xf32>
// OUT:   %26 = linalg.generic {indexing_maps = [#map6, #map7, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%20, %arg1 : tensor<1x6x6x4xf32>, tensor<4x4x3x3xf32>) outs(%23 : tensor<1x4x4x4xf32>) {
// OUT:   ^bb0(%27: f32, %28: f32, %29: f32):
// OUT:     %30 = arith.mulf %27, %28 : f32
// OUT:     %31 = arith.addf %29, %30 : f32
// OUT:     linalg.yield %31 : f32
// OUT:   } -> tensor<1x4x4x4xf32>
// OUT:   %32 = tensor.concat dim(3) %14, %26 : (tensor<1x4x4x4xf32>, tensor<1x4x4x4xf32>) -> tensor<1x4x4x8xf32>
// OUT:   %33 = tensor.empty() : tensor<1x8xf32>
// OUT:   %34 = linalg.generic {indexing_maps = [#map8, #map9], iterator_types = ["parallel", "parallel"]} ins(%0 : f32) outs(%33 : tensor<1x8xf32>) {
// OUT:   ^bb0(%35: f32, %36: f32):
// OUT:     linalg.yield %35 : f32
// OUT:   } -> tensor<1x8xf32>
// OUT:   %37 = linalg.generic {indexing_maps = [#map10, #map11], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%32 : tensor<1x4x4x8xf32>) outs(%34 : tensor<1x8xf32>) {
// OUT:   ^bb0(%38: f32, %39: f32):
// OUT:     %40 = arith.addf %38, %39 : f32
// OUT:     linalg.yield %40 : f32
// OUT:   } -> tensor<1x8xf32>
// OUT:   return %37 : tensor<1x8xf32>
// OUT: }

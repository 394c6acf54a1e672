// RUN: channels-last target=nvidia-h200
// A conv whose output is averaged to 1x1 and flattened (a classifier head): the pooled
// N x C x 1 x 1 stored NHWC is N x 1 x 1 x C, the same elements in the same order, so the
// collapse to N x C takes the new shape (regrouped) and the conv and pool go NHWC. A collapse
// that would reorder elements (of N x C x H x W with H, W > 1) keeps its class NCHW.
func.func @main(%x: tensor<2x4x6x6xf32>, %w: tensor<8x4x3x3xf32>, %w2: tensor<8x4x3x3xf32>) -> (tensor<2x8xf32>, tensor<2x128xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x8x4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x8x4x4xf32>) -> tensor<2x8x4x4xf32>
  %c = linalg.conv_2d_nchw_fchw {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<2x4x6x6xf32>, tensor<8x4x3x3xf32>) outs(%f : tensor<2x8x4x4xf32>) -> tensor<2x8x4x4xf32>
  %win = tensor.empty() : tensor<4x4xf32>
  %pe = tensor.empty() : tensor<2x8x1x1xf32>
  %pf = linalg.fill ins(%zero : f32) outs(%pe : tensor<2x8x1x1xf32>) -> tensor<2x8x1x1xf32>
  %p = linalg.pooling_nchw_sum {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%c, %win : tensor<2x8x4x4xf32>, tensor<4x4xf32>) outs(%pf : tensor<2x8x1x1xf32>) -> tensor<2x8x1x1xf32>
  %flat = tensor.collapse_shape %p [[0], [1, 2, 3]] : tensor<2x8x1x1xf32> into tensor<2x8xf32>
  %e2 = tensor.empty() : tensor<2x8x4x4xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<2x8x4x4xf32>) -> tensor<2x8x4x4xf32>
  %c2 = linalg.conv_2d_nchw_fchw {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%x, %w2 : tensor<2x4x6x6xf32>, tensor<8x4x3x3xf32>) outs(%f2 : tensor<2x8x4x4xf32>) -> tensor<2x8x4x4xf32>
  %flat2 = tensor.collapse_shape %c2 [[0], [1, 2, 3]] : tensor<2x8x4x4xf32> into tensor<2x128xf32>
  return %flat, %flat2 : tensor<2x8xf32>, tensor<2x128xf32>
}
// OUT: #map = affine_map<(d0, d1, d2, d3) -> ()>
// OUT: #map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// OUT: #map2 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d1 + d5, d2 + d6)>
// OUT: #map3 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d3, d4, d5, d6)>
// OUT: #map4 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
// OUT: #map5 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1 + d4, d2 + d5, d3)>
// OUT: #map6 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>
// OUT: #map7 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>
// OUT: #map8 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d2 + d5, d3 + d6)>
// OUT: #map9 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d1, d4, d5, d6)>
// OUT:
// OUT: func.func @main(%arg0: tensor<2x4x6x6xf32>, %arg1: tensor<8x4x3x3xf32>, %arg2: tensor<8x4x3x3xf32>) -> (tensor<2x8xf32>, tensor<2x128xf32>) {
// OUT:   %0 = arith.constant 0.0 : f32
// OUT:   %1 = tensor.empty() : tensor<2x4x4x8xf32>
// OUT:   %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%1 : tensor<2x4x4x8xf32>) {
// OUT:   ^bb0(%3: f32, %4: f32):
// OUT:     linalg.yield %3 : f32
// OUT:   } -> tensor<2x4x4x8xf32>
// OUT:   %5 = linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%arg0, %arg1 : tensor<2x4x6x6xf32>, tensor<8x4x3x3xf32>) outs(%2 : tensor<2x4x4x8xf32>) {
// OUT:   ^bb0(%6: f32, %7: f32, %8: f32):
// OUT:     %9 = arith.mulf %6, %7 : f32
// OUT:     %10 = arith.addf %8, %9 : f32
// OUT:     linalg.yield %10 : f32
// OUT:   } -> tensor<2x4x4x8xf32>
// OUT:   %11 = tensor.empty() : tensor<4x4xf32>
// OUT:   %12 = tensor.empty() : tensor<2x1x1x8xf32>
// OUT:   %13 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%12 : tensor<2x1x1x8xf32>) {
// OUT:   ^bb0(%14: f32, %15: f32):
// OUT:     linalg.yield %14 : f32
// OUT:   } -> tensor<2x1x1x8xf32>
// OUT:   %16 = linalg.generic {indexing_maps = [#map5, #map6, #map7], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%5, %11 : tensor<2x4x4x8xf32>, tensor<4x4xf32>) outs(%13 : tensor<2x1x1x8xf32>) {
// OUT:   ^bb0(%17: f32, %18: f32, %19: f32):
// OUT:     %20 = arith.addf %19, %17 : f32
// OUT:     linalg.yield %20 : f32
// OUT:   } -> tensor<2x1x1x8xf32>
// OUT:   %21 = tensor.collapse_shape %16 [[0, 1, 2], [3]] : tensor<2x1x1x8xf32> into tensor<2x8xf32>
// OUT:   %22 = tensor.empty() : tensor<2x8x4x4xf32>
// OUT:   %23 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%22 : tensor<2x8x4x4xf32>) {
// OUT:   ^bb0(%24: f32, %25: f32):
// OUT:     linalg.yield %24 : f32
// OUT:   } -> tensor<2x8x4x4xf32>
// OUT:   %26 = linalg.generic {indexing_maps = [#map8, #map9, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%arg0, %arg2 : tensor<2x4x6x6xf32>, tensor<8x4x3x3xf32>) outs(%23 : tensor<2x8x4x4xf32>) {
// OUT:   ^bb0(%27: f32, %28: f32, %29: f32):
// OUT:     %30 = arith.mulf %27, %28 : f32
// OUT:     %31 = arith.addf %29, %30 : f32
// OUT:     linalg.yield %31 : f32
// OUT:   } -> tensor<2x8x4x4xf32>
// OUT:   %32 = tensor.collapse_shape %26 [[0], [1, 2, 3]] : tensor<2x8x4x4xf32> into tensor<2x128xf32>
// OUT:   return %21, %32 : tensor<2x8xf32>, tensor<2x128xf32>
// OUT: }

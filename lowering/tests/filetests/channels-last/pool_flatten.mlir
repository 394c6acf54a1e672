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
// OUT: #map = affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>
// OUT: #map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// OUT: #map2 = affine_map<(d0, d1, d2, d3) -> ()>
// OUT: #map3 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 + d4, d2 + d5, d6)>
// OUT: #map4 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d3, d6, d4, d5)>
// OUT: #map5 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
// OUT: #map6 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1 + d4, d2 + d5, d3)>
// OUT: #map7 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>
// OUT: #map8 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>
// OUT: #map9 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d2 + d4, d3 + d5, d6)>
// OUT: #map10 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d1, d6, d4, d5)>
// OUT:
// OUT: func.func @main(%arg0: tensor<2x4x6x6xf32>, %arg1: tensor<8x4x3x3xf32>, %arg2: tensor<8x4x3x3xf32>) -> (tensor<2x8xf32>, tensor<2x128xf32>) {
// OUT:   %0 = tensor.empty() : tensor<2x6x6x4xf32>
// OUT:   %1 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg0 : tensor<2x4x6x6xf32>) outs(%0 : tensor<2x6x6x4xf32>) {
// OUT:   ^bb0(%2: f32, %3: f32):
// OUT:     linalg.yield %2 : f32
// OUT:   } -> tensor<2x6x6x4xf32>
// OUT:   %4 = arith.constant 0.0 : f32
// OUT:   %5 = tensor.empty() : tensor<2x4x4x8xf32>
// OUT:   %6 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%4 : f32) outs(%5 : tensor<2x4x4x8xf32>) {
// OUT:   ^bb0(%7: f32, %8: f32):
// OUT:     linalg.yield %7 : f32
// OUT:   } -> tensor<2x4x4x8xf32>
// OUT:   %9 = linalg.generic {indexing_maps = [#map3, #map4, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%1, %arg1 : tensor<2x6x6x4xf32>, tensor<8x4x3x3xf32>) outs(%6 : tensor<2x4x4x8xf32>) {
// OUT:   ^bb0(%10: f32, %11: f32, %12: f32):
// OUT:     %13 = arith.mulf %10, %11 : f32
// OUT:     %14 = arith.addf %12, %13 : f32
// OUT:     linalg.yield %14 : f32
// OUT:   } -> tensor<2x4x4x8xf32>
// OUT:   %15 = tensor.empty() : tensor<4x4xf32>
// OUT:   %16 = tensor.empty() : tensor<2x1x1x8xf32>
// OUT:   %17 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%4 : f32) outs(%16 : tensor<2x1x1x8xf32>) {
// OUT:   ^bb0(%18: f32, %19: f32):
// OUT:     linalg.yield %18 : f32
// OUT:   } -> tensor<2x1x1x8xf32>
// OUT:   %20 = linalg.generic {indexing_maps = [#map6, #map7, #map8], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%9, %15 : tensor<2x4x4x8xf32>, tensor<4x4xf32>) outs(%17 : tensor<2x1x1x8xf32>) {
// OUT:   ^bb0(%21: f32, %22: f32, %23: f32):
// OUT:     %24 = arith.addf %23, %21 : f32
// OUT:     linalg.yield %24 : f32
// OUT:   } -> tensor<2x1x1x8xf32>
// OUT:   %25 = tensor.collapse_shape %20 [[0, 1, 2], [3]] : tensor<2x1x1x8xf32> into tensor<2x8xf32>
// OUT:   %26 = tensor.empty() : tensor<2x8x4x4xf32>
// OUT:   %27 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%4 : f32) outs(%26 : tensor<2x8x4x4xf32>) {
// OUT:   ^bb0(%28: f32, %29: f32):
// OUT:     linalg.yield %28 : f32
// OUT:   } -> tensor<2x8x4x4xf32>
// OUT:   %30 = linalg.generic {indexing_maps = [#map9, #map10, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%1, %arg2 : tensor<2x6x6x4xf32>, tensor<8x4x3x3xf32>) outs(%27 : tensor<2x8x4x4xf32>) {
// OUT:   ^bb0(%31: f32, %32: f32, %33: f32):
// OUT:     %34 = arith.mulf %31, %32 : f32
// OUT:     %35 = arith.addf %33, %34 : f32
// OUT:     linalg.yield %35 : f32
// OUT:   } -> tensor<2x8x4x4xf32>
// OUT:   %36 = tensor.collapse_shape %30 [[0], [1, 2, 3]] : tensor<2x8x4x4xf32> into tensor<2x128xf32>
// OUT:   return %25, %36 : tensor<2x8xf32>, tensor<2x128xf32>
// OUT: }

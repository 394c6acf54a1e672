// RUN: channels-last target=nvidia-h200
// A grouped 3x3 conv (2 groups of 2 channels, as the ONNX importer writes it: the padded NCHW
// input split along its channels into NGCHW, `conv_2d_ngchw_gfchw`, the NGFHW result merged
// back) between two 1x1 convs. The channel split and merge join the rank-5 tensors to the
// rank-4 ones' classes: the whole chain goes NHWC, the grouped conv's operands NHWGC (the
// split and the merge of the innermost dim), its constant filter GHWCF (data permuted) and
// its loops (n, oh, ow, g, f, kh, kw, c). The argument and the result keep their layouts.
func.func @main(%x: tensor<1x4x4x4xf32>, %w1: tensor<4x4x1x1xf32>, %w3: tensor<4x4x1x1xf32>) -> tensor<1x4x4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<1x4x4x4xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %c1 = linalg.conv_2d_nchw_fchw {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%x, %w1 : tensor<1x4x4x4xf32>, tensor<4x4x1x1xf32>) outs(%f1 : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %p = tensor.pad %c1 low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x4x4x4xf32> to tensor<1x4x6x6xf32>
  %pg = tensor.expand_shape %p [[0], [1, 2], [3], [4]] output_shape [1, 2, 2, 6, 6] : tensor<1x4x6x6xf32> into tensor<1x2x2x6x6xf32>
  %wg = arith.constant dense<[[[[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]], [[10.0, 11.0, 12.0], [13.0, 14.0, 15.0], [16.0, 17.0, 18.0]]], [[[19.0, 20.0, 21.0], [22.0, 23.0, 24.0], [25.0, 26.0, 27.0]], [[28.0, 29.0, 30.0], [31.0, 32.0, 33.0], [34.0, 35.0, 36.0]]]], [[[[37.0, 38.0, 39.0], [40.0, 41.0, 42.0], [43.0, 44.0, 45.0]], [[46.0, 47.0, 48.0], [49.0, 50.0, 51.0], [52.0, 53.0, 54.0]]], [[[55.0, 56.0, 57.0], [58.0, 59.0, 60.0], [61.0, 62.0, 63.0]], [[64.0, 65.0, 66.0], [67.0, 68.0, 69.0], [70.0, 71.0, 72.0]]]]]> : tensor<2x2x2x3x3xf32>
  %e2 = tensor.empty() : tensor<1x2x2x4x4xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<1x2x2x4x4xf32>) -> tensor<1x2x2x4x4xf32>
  %c2 = linalg.conv_2d_ngchw_gfchw {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%pg, %wg : tensor<1x2x2x6x6xf32>, tensor<2x2x2x3x3xf32>) outs(%f2 : tensor<1x2x2x4x4xf32>) -> tensor<1x2x2x4x4xf32>
  %m = tensor.collapse_shape %c2 [[0], [1, 2], [3], [4]] : tensor<1x2x2x4x4xf32> into tensor<1x4x4x4xf32>
  %e3 = tensor.empty() : tensor<1x4x4x4xf32>
  %f3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %c3 = linalg.conv_2d_nchw_fchw {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%m, %w3 : tensor<1x4x4x4xf32>, tensor<4x4x1x1xf32>) outs(%f3 : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  return %c3 : tensor<1x4x4x4xf32>
}
// OUT: #map = affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>
// OUT: #map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// OUT: #map2 = affine_map<(d0, d1, d2, d3) -> ()>
// OUT: #map3 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 + d4, d2 + d5, d6)>
// OUT: #map4 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d3, d6, d4, d5)>
// OUT: #map5 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
// OUT: #map6 = affine_map<(d0, d1, d2, d3, d4) -> ()>
// OUT: #map7 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
// OUT: #map8 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1 + d5, d2 + d6, d3, d7)>
// OUT: #map9 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d3, d5, d6, d7, d4)>
// OUT: #map10 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1, d2, d3, d4)>
// OUT: #map11 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d2 + d4, d3 + d5, d6)>
// OUT: #map12 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d1, d6, d4, d5)>
// OUT:
// OUT: func.func @main(%arg0: tensor<1x4x4x4xf32>, %arg1: tensor<4x4x1x1xf32>, %arg2: tensor<4x4x1x1xf32>) -> tensor<1x4x4x4xf32> {
// OUT:   %0 = tensor.empty() : tensor<1x4x4x4xf32>
// OUT:   %1 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg0 : tensor<1x4x4x4xf32>) outs(%0 : tensor<1x4x4x4xf32>) {
// OUT:   ^bb0(%2: f32, %3: f32):
// OUT:     linalg.yield %2 : f32
// OUT:   } -> tensor<1x4x4x4xf32>
// OUT:   %4 = arith.constant 0.0 : f32
// OUT:   %5 = tensor.empty() : tensor<1x4x4x4xf32>
// OUT:   %6 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%4 : f32) outs(%5 : tensor<1x4x4x4xf32>) {
// OUT:   ^bb0(%7: f32, %8: f32):
// OUT:     linalg.yield %7 : f32
// OUT:   } -> tensor<1x4x4x4xf32>
// OUT:   %9 = linalg.generic {indexing_maps = [#map3, #map4, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%1, %arg1 : tensor<1x4x4x4xf32>, tensor<4x4x1x1xf32>) outs(%6 : tensor<1x4x4x4xf32>) {
// OUT:   ^bb0(%10: f32, %11: f32, %12: f32):
// OUT:     %13 = arith.mulf %10, %11 : f32
// OUT:     %14 = arith.addf %12, %13 : f32
// OUT:     linalg.yield %14 : f32
// OUT:   } -> tensor<1x4x4x4xf32>
// OUT:   %15 = tensor.pad %9 low[0, 1, 1, 0] high[0, 1, 1, 0] {
// OUT:   ^bb0(%pad16_0: index, %pad16_1: index, %pad16_2: index, %pad16_3: index):
// OUT:     tensor.yield %4 : f32
// OUT:   } : tensor<1x4x4x4xf32> to tensor<1x6x6x4xf32>
// OUT:   %17 = tensor.expand_shape %15 [[0], [1], [2], [3, 4]] output_shape [1, 6, 6, 2, 2] : tensor<1x6x6x4xf32> into tensor<1x6x6x2x2xf32>
// OUT:   %18 = arith.constant dense<[[[[[1.0, 1.9e1], [1.0e1, 2.8e1]], [[2.0, 2.0e1], [1.1e1, 2.9e1]], [[3.0, 2.1e1], [1.2e1, 3.0e1]]], [[[4.0, 2.2e1], [1.3e1, 3.1e1]], [[5.0, 2.3e1], [1.4e1, 3.2e1]], [[6.0, 2.4e1], [1.5e1, 3.3e1]]], [[[7.0, 2.5e1], [1.6e1, 3.4e1]], [[8.0, 2.6e1], [1.7e1, 3.5e1]], [[9.0, 2.7e1], [1.8e1, 3.6e1]]]], [[[[3.7e1, 5.5e1], [4.6e1, 6.4e1]], [[3.8e1, 5.6e1], [4.7e1, 6.5e1]], [[3.9e1, 5.7e1], [4.8e1, 6.6e1]]], [[[4.0e1, 5.8e1], [4.9e1, 6.7e1]], [[4.1e1, 5.9e1], [5.0e1, 6.8e1]], [[4.2e1, 6.0e1], [5.1e1, 6.9e1]]], [[[4.3e1, 6.1e1], [5.2e1, 7.0e1]], [[4.4e1, 6.2e1], [5.3e1, 7.1e1]], [[4.5e1, 6.3e1], [5.4e1, 7.2e1]]]]]> : tensor<2x3x3x2x2xf32>
// OUT:   %19 = tensor.empty() : tensor<1x4x4x2x2xf32>
// OUT:   %20 = linalg.generic {indexing_maps = [#map6, #map7], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%4 : f32) outs(%19 : tensor<1x4x4x2x2xf32>) {
// OUT:   ^bb0(%21: f32, %22: f32):
// OUT:     linalg.yield %21 : f32
// OUT:   } -> tensor<1x4x4x2x2xf32>
// OUT:   %23 = linalg.generic {indexing_maps = [#map8, #map9, #map10], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%17, %18 : tensor<1x6x6x2x2xf32>, tensor<2x3x3x2x2xf32>) outs(%20 : tensor<1x4x4x2x2xf32>) {
// OUT:   ^bb0(%24: f32, %25: f32, %26: f32):
// OUT:     %27 = arith.mulf %24, %25 : f32
// OUT:     %28 = arith.addf %26, %27 : f32
// OUT:     linalg.yield %28 : f32
// OUT:   } -> tensor<1x4x4x2x2xf32>
// OUT:   %29 = tensor.collapse_shape %23 [[0], [1], [2], [3, 4]] : tensor<1x4x4x2x2xf32> into tensor<1x4x4x4xf32>
// OUT:   %30 = tensor.empty() : tensor<1x4x4x4xf32>
// OUT:   %31 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%4 : f32) outs(%30 : tensor<1x4x4x4xf32>) {
// OUT:   ^bb0(%32: f32, %33: f32):
// OUT:     linalg.yield %32 : f32
// OUT:   } -> tensor<1x4x4x4xf32>
// OUT:   %34 = linalg.generic {indexing_maps = [#map11, #map12, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%29, %arg2 : tensor<1x4x4x4xf32>, tensor<4x4x1x1xf32>) outs(%31 : tensor<1x4x4x4xf32>) {
// OUT:   ^bb0(%35: f32, %36: f32, %37: f32):
// OUT:     %38 = arith.mulf %35, %36 : f32
// OUT:     %39 = arith.addf %37, %38 : f32
// OUT:     linalg.yield %39 : f32
// OUT:   } -> tensor<1x4x4x4xf32>
// OUT:   return %34 : tensor<1x4x4x4xf32>
// OUT: }

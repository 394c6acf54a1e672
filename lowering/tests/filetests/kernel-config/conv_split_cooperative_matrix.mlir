// RUN: kernel-config target=nvidia-h200
// An f32 NCHW 3x3 conv (batch 8, 64 -> 96 channels at 16x16) with a bias + relu epilogue on a
// target with bf16 subgroup cooperative matrices: the split (bf16x3) cooperative-matrix
// pipeline with the inputs trading roles (`swapped`: the weights `[F, C, KH, KW]` are the lhs,
// contiguous along K; the input the rhs, contiguous along the output pixels).
#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d1)>
func.func @main(%x: tensor<8x64x18x18xf32>, %w: tensor<96x64x3x3xf32>, %bias: tensor<96xf32>) -> tensor<8x96x16x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x96x16x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8x96x16x16xf32>) -> tensor<8x96x16x16xf32>
  %c = linalg.conv_2d_nchw_fchw {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<8x64x18x18xf32>, tensor<96x64x3x3xf32>) outs(%f : tensor<8x96x16x16xf32>) -> tensor<8x96x16x16xf32>
  %r = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %bias : tensor<8x96x16x16xf32>, tensor<96xf32>) outs(%e : tensor<8x96x16x16xf32>) {
  ^bb0(%in: f32, %b: f32, %out: f32):
    %s = arith.addf %in, %b : f32
    %m = arith.maximumf %s, %zero : f32
    linalg.yield %m : f32
  } -> tensor<8x96x16x16xf32>
  return %r : tensor<8x96x16x16xf32>
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
// OUT: #map9 = affine_map<(d0, d1, d2, d3) -> (d1)>
// OUT:
// OUT: func.func @main(%arg0: tensor<8x64x18x18xf32>, %arg1: tensor<96x64x3x3xf32>, %arg2: tensor<96xf32>) -> tensor<8x96x16x16xf32> {
// OUT:   %0 = arith.constant 0.0 : f32
// OUT:   %1 = tensor.empty() : tensor<8x96x16x16xf32>
// OUT:   %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%1 : tensor<8x96x16x16xf32>) {
// OUT:   ^bb0(%3: f32, %4: f32):
// OUT:     linalg.yield %3 : f32
// OUT:   } -> tensor<8x96x16x16xf32>
// OUT:   %5 = tensor.expand_shape %arg0 [[0], [1, 2], [3], [4]] output_shape [8, 8, 8, 18, 18] : tensor<8x64x18x18xf32> into tensor<8x8x8x18x18xf32>
// OUT:   %6 = tensor.expand_shape %arg1 [[0], [1, 2], [3], [4]] output_shape [96, 8, 8, 3, 3] : tensor<96x64x3x3xf32> into tensor<96x8x8x3x3xf32>
// OUT:   %7 = tensor.empty() : tensor<8x8x96x16x16xf32>
// OUT:   %8 = arith.constant 0.0 : f32
// OUT:   %9 = linalg.generic {indexing_maps = [#map2, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%8 : f32) outs(%7 : tensor<8x8x96x16x16xf32>) {
// OUT:   ^bb0(%10: f32, %11: f32):
// OUT:     linalg.yield %10 : f32
// OUT:   } -> tensor<8x8x96x16x16xf32>
// OUT:   %12 = linalg.generic {indexing_maps = [#map4, #map5, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction", "parallel"]} ins(%5, %6 : tensor<8x8x8x18x18xf32>, tensor<96x8x8x3x3xf32>) outs(%9 : tensor<8x8x96x16x16xf32>) {
// OUT:   ^bb0(%13: f32, %14: f32, %15: f32):
// OUT:     %16 = arith.mulf %13, %14 : f32
// OUT:     %17 = arith.addf %15, %16 : f32
// OUT:     linalg.yield %17 : f32
// OUT:   } -> tensor<8x8x96x16x16xf32>
// OUT:   %18 = linalg.generic {indexing_maps = [#map7, #map8], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%12 : tensor<8x8x96x16x16xf32>) outs(%2 : tensor<8x96x16x16xf32>) {
// OUT:   ^bb0(%19: f32, %20: f32):
// OUT:     %21 = arith.addf %20, %19 : f32
// OUT:     linalg.yield %21 : f32
// OUT:   } -> tensor<8x96x16x16xf32>
// OUT:   %22 = linalg.generic {indexing_maps = [#map1, #map9, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%18, %arg2 : tensor<8x96x16x16xf32>, tensor<96xf32>) outs(%1 : tensor<8x96x16x16xf32>) {
// OUT:   ^bb0(%23: f32, %24: f32, %25: f32):
// OUT:     %26 = arith.addf %23, %24 : f32
// OUT:     %27 = arith.maximumf %26, %0 : f32
// OUT:     linalg.yield %27 : f32
// OUT:   } -> tensor<8x96x16x16xf32>
// OUT:   return %22 : tensor<8x96x16x16xf32>
// OUT: }
// OUT: region @dispatch_0_contraction root linalg.generic -> %13
// OUT:   inputs (%0, %1) outputs (%13)
// OUT:   %8 = tensor.expand_shape(%0)
// OUT:   %9 = tensor.expand_shape(%1)
// OUT:   %12 = linalg.generic(%11, %10)
// OUT:   %13 = linalg.generic(%8, %9, %12)
// OUT: region @dispatch_1_reduction root linalg.generic -> %6 epilogue -> %7
// OUT:   inputs (%13, %2) outputs (%7)
// OUT:   %5 = linalg.generic(%3, %4)
// OUT:   %6 = linalg.generic(%13, %5)
// OUT:   %7 = linalg.generic(%6, %2, %4)
// OUT: edge @dispatch_0_contraction -> @dispatch_1_reduction (%13)
// OUT: plan @dispatch_0_contraction cooperative-matrix tiles=64x64x16 matrix=16x16x16 subgroups=2x2x32 pad=8/4 stages=2 split=bf16x3 swapped
// OUT: plan @dispatch_1_reduction serial-reduction

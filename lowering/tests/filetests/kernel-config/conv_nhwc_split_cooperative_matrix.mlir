// RUN: kernel-config target=nvidia-h200
// An f32 NHWC 3x3 conv (batch 8, 64 -> 64 channels at 16x16): the split (bf16x3)
// cooperative-matrix pipeline with the inputs as they are (the input is contiguous along its
// channels, K; the HWCF weights along the output channels, N), on the tiling that fits 64
// output channels (a tiling longer than N is passed over).
func.func @main(%x: tensor<8x18x18x64xf32>, %w: tensor<3x3x64x64xf32>) -> tensor<8x16x16x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x16x16x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8x16x16x64xf32>) -> tensor<8x16x16x64xf32>
  %c = linalg.conv_2d_nhwc_hwcf {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<8x18x18x64xf32>, tensor<3x3x64x64xf32>) outs(%f : tensor<8x16x16x64xf32>) -> tensor<8x16x16x64xf32>
  return %c : tensor<8x16x16x64xf32>
}
// OUT: #map = affine_map<(d0, d1, d2, d3) -> ()>
// OUT: #map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// OUT: #map2 = affine_map<(d0, d1, d2, d3, d4) -> ()>
// OUT: #map3 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
// OUT: #map4 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1 + d4, d2 + d5, d7, d6)>
// OUT: #map5 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d4, d5, d7, d6, d3)>
// OUT: #map6 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d7, d0, d1, d2, d3)>
// OUT: #map7 = affine_map<(d0, d1, d2, d3, d4) -> (d4, d0, d1, d2, d3)>
// OUT: #map8 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>
// OUT:
// OUT: func.func @main(%arg0: tensor<8x18x18x64xf32>, %arg1: tensor<3x3x64x64xf32>) -> tensor<8x16x16x64xf32> {
// OUT:   %0 = arith.constant 0.0 : f32
// OUT:   %1 = tensor.empty() : tensor<8x16x16x64xf32>
// OUT:   %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%1 : tensor<8x16x16x64xf32>) {
// OUT:   ^bb0(%3: f32, %4: f32):
// OUT:     linalg.yield %3 : f32
// OUT:   } -> tensor<8x16x16x64xf32>
// OUT:   %5 = tensor.expand_shape %arg0 [[0], [1], [2], [3, 4]] output_shape [8, 18, 18, 8, 8] : tensor<8x18x18x64xf32> into tensor<8x18x18x8x8xf32>
// OUT:   %6 = tensor.expand_shape %arg1 [[0], [1], [2, 3], [4]] output_shape [3, 3, 8, 8, 64] : tensor<3x3x64x64xf32> into tensor<3x3x8x8x64xf32>
// OUT:   %7 = tensor.empty() : tensor<8x8x16x16x64xf32>
// OUT:   %8 = arith.constant 0.0 : f32
// OUT:   %9 = linalg.generic {indexing_maps = [#map2, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%8 : f32) outs(%7 : tensor<8x8x16x16x64xf32>) {
// OUT:   ^bb0(%10: f32, %11: f32):
// OUT:     linalg.yield %10 : f32
// OUT:   } -> tensor<8x8x16x16x64xf32>
// OUT:   %12 = linalg.generic {indexing_maps = [#map4, #map5, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction", "parallel"]} ins(%5, %6 : tensor<8x18x18x8x8xf32>, tensor<3x3x8x8x64xf32>) outs(%9 : tensor<8x8x16x16x64xf32>) {
// OUT:   ^bb0(%13: f32, %14: f32, %15: f32):
// OUT:     %16 = arith.mulf %13, %14 : f32
// OUT:     %17 = arith.addf %15, %16 : f32
// OUT:     linalg.yield %17 : f32
// OUT:   } -> tensor<8x8x16x16x64xf32>
// OUT:   %18 = linalg.generic {indexing_maps = [#map7, #map8], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%12 : tensor<8x8x16x16x64xf32>) outs(%2 : tensor<8x16x16x64xf32>) {
// OUT:   ^bb0(%19: f32, %20: f32):
// OUT:     %21 = arith.addf %20, %19 : f32
// OUT:     linalg.yield %21 : f32
// OUT:   } -> tensor<8x16x16x64xf32>
// OUT:   return %18 : tensor<8x16x16x64xf32>
// OUT: }
// OUT: region @dispatch_0_contraction root linalg.generic -> %11
// OUT:   inputs (%0, %1) outputs (%11)
// OUT:   %6 = tensor.expand_shape(%0)
// OUT:   %7 = tensor.expand_shape(%1)
// OUT:   %10 = linalg.generic(%9, %8)
// OUT:   %11 = linalg.generic(%6, %7, %10)
// OUT: region @dispatch_1_reduction root linalg.generic -> %5
// OUT:   inputs (%11) outputs (%5)
// OUT:   %4 = linalg.generic(%2, %3)
// OUT:   %5 = linalg.generic(%11, %4)
// OUT: edge @dispatch_0_contraction -> @dispatch_1_reduction (%11)
// OUT: plan @dispatch_0_contraction cooperative-matrix tiles=64x64x16 matrix=16x16x16 subgroups=2x2x32 pad=8/4 stages=2 split=bf16x3
// OUT: plan @dispatch_1_reduction serial-reduction

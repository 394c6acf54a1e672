// RUN: kernel-config target=llvmpipe
// On a CPU device: a 3x3 depthwise conv (9 points) takes the unrolled-window reduction, 7
// outputs an invocation (the largest divisor of the output width 14 up to 8); a 5x5 window of
// 4 channels a group (100 points) keeps the serial loop.
func.func @main(%x: tensor<1x8x16x16xf32>, %w: tensor<8x3x3xf32>, %g: tensor<1x2x4x18x18xf32>, %gw: tensor<2x4x4x5x5xf32>) -> (tensor<1x8x14x14xf32>, tensor<1x2x4x14x14xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x8x14x14xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8x14x14xf32>) -> tensor<1x8x14x14xf32>
  %c = linalg.depthwise_conv_2d_nchw_chw {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x8x16x16xf32>, tensor<8x3x3xf32>) outs(%f : tensor<1x8x14x14xf32>) -> tensor<1x8x14x14xf32>
  %ge = tensor.empty() : tensor<1x2x4x14x14xf32>
  %gf = linalg.fill ins(%zero : f32) outs(%ge : tensor<1x2x4x14x14xf32>) -> tensor<1x2x4x14x14xf32>
  %gc = linalg.conv_2d_ngchw_gfchw {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%g, %gw : tensor<1x2x4x18x18xf32>, tensor<2x4x4x5x5xf32>) outs(%gf : tensor<1x2x4x14x14xf32>) -> tensor<1x2x4x14x14xf32>
  return %c, %gc : tensor<1x8x14x14xf32>, tensor<1x2x4x14x14xf32>
}
// OUT: #map = affine_map<(d0, d1, d2, d3) -> ()>
// OUT: #map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// OUT: #map2 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2 + d4, d3 + d5)>
// OUT: #map3 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d1, d4, d5)>
// OUT: #map4 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>
// OUT: #map5 = affine_map<(d0, d1, d2, d3, d4) -> ()>
// OUT: #map6 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
// OUT: #map7 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1, d5, d3 + d6, d4 + d7)>
// OUT: #map8 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d1, d2, d5, d6, d7)>
// OUT: #map9 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1, d2, d3, d4)>
// OUT:
// OUT: func.func @main(%arg0: tensor<1x8x16x16xf32>, %arg1: tensor<8x3x3xf32>, %arg2: tensor<1x2x4x18x18xf32>, %arg3: tensor<2x4x4x5x5xf32>) -> (tensor<1x8x14x14xf32>, tensor<1x2x4x14x14xf32>) {
// OUT:   %0 = arith.constant 0.0 : f32
// OUT:   %1 = tensor.empty() : tensor<1x8x14x14xf32>
// OUT:   %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%1 : tensor<1x8x14x14xf32>) {
// OUT:   ^bb0(%3: f32, %4: f32):
// OUT:     linalg.yield %3 : f32
// OUT:   } -> tensor<1x8x14x14xf32>
// OUT:   %5 = linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%arg0, %arg1 : tensor<1x8x16x16xf32>, tensor<8x3x3xf32>) outs(%2 : tensor<1x8x14x14xf32>) {
// OUT:   ^bb0(%6: f32, %7: f32, %8: f32):
// OUT:     %9 = arith.mulf %6, %7 : f32
// OUT:     %10 = arith.addf %8, %9 : f32
// OUT:     linalg.yield %10 : f32
// OUT:   } -> tensor<1x8x14x14xf32>
// OUT:   %11 = tensor.empty() : tensor<1x2x4x14x14xf32>
// OUT:   %12 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%11 : tensor<1x2x4x14x14xf32>) {
// OUT:   ^bb0(%13: f32, %14: f32):
// OUT:     linalg.yield %13 : f32
// OUT:   } -> tensor<1x2x4x14x14xf32>
// OUT:   %15 = linalg.generic {indexing_maps = [#map7, #map8, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%arg2, %arg3 : tensor<1x2x4x18x18xf32>, tensor<2x4x4x5x5xf32>) outs(%12 : tensor<1x2x4x14x14xf32>) {
// OUT:   ^bb0(%16: f32, %17: f32, %18: f32):
// OUT:     %19 = arith.mulf %16, %17 : f32
// OUT:     %20 = arith.addf %18, %19 : f32
// OUT:     linalg.yield %20 : f32
// OUT:   } -> tensor<1x2x4x14x14xf32>
// OUT:   return %5, %15 : tensor<1x8x14x14xf32>, tensor<1x2x4x14x14xf32>
// OUT: }
// OUT: region @dispatch_0_contraction root linalg.generic -> %7
// OUT:   inputs (%0, %1) outputs (%7)
// OUT:   %6 = linalg.generic(%4, %5)
// OUT:   %7 = linalg.generic(%0, %1, %6)
// OUT: region @dispatch_1_contraction root linalg.generic -> %10
// OUT:   inputs (%2, %3) outputs (%10)
// OUT:   %9 = linalg.generic(%4, %8)
// OUT:   %10 = linalg.generic(%2, %3, %9)
// OUT: plan @dispatch_0_contraction unrolled-reduction dim=3 outputs=7
// OUT: plan @dispatch_1_contraction serial-reduction

// RUN: kernel-config target=nvidia-h200
// An f32 NCHW 1x1 conv (batch 8, 64 -> 256 channels at 16x16) with a bias + relu epilogue on a
// target with bf16 subgroup cooperative matrices: the split (bf16x3) cooperative-matrix
// pipeline (a pointwise conv with at least `split_cooperative_matrix_min_n` output channels).
#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d1)>
func.func @main(%x: tensor<8x64x16x16xf32>, %w: tensor<256x64x1x1xf32>, %bias: tensor<256xf32>) -> tensor<8x256x16x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x256x16x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8x256x16x16xf32>) -> tensor<8x256x16x16xf32>
  %c = linalg.conv_2d_nchw_fchw {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<8x64x16x16xf32>, tensor<256x64x1x1xf32>) outs(%f : tensor<8x256x16x16xf32>) -> tensor<8x256x16x16xf32>
  %r = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %bias : tensor<8x256x16x16xf32>, tensor<256xf32>) outs(%e : tensor<8x256x16x16xf32>) {
  ^bb0(%in: f32, %b: f32, %out: f32):
    %s = arith.addf %in, %b : f32
    %m = arith.maximumf %s, %zero : f32
    linalg.yield %m : f32
  } -> tensor<8x256x16x16xf32>
  return %r : tensor<8x256x16x16xf32>
}
// OUT: #map = affine_map<(d0, d1, d2, d3) -> ()>
// OUT: #map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// OUT: #map2 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d2 + d5, d3 + d6)>
// OUT: #map3 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d1, d4, d5, d6)>
// OUT: #map4 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
// OUT: #map5 = affine_map<(d0, d1, d2, d3) -> (d1)>
// OUT:
// OUT: func.func @main(%arg0: tensor<8x64x16x16xf32>, %arg1: tensor<256x64x1x1xf32>, %arg2: tensor<256xf32>) -> tensor<8x256x16x16xf32> {
// OUT:   %0 = arith.constant 0.0 : f32
// OUT:   %1 = tensor.empty() : tensor<8x256x16x16xf32>
// OUT:   %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%1 : tensor<8x256x16x16xf32>) {
// OUT:   ^bb0(%3: f32, %4: f32):
// OUT:     linalg.yield %3 : f32
// OUT:   } -> tensor<8x256x16x16xf32>
// OUT:   %5 = linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%arg0, %arg1 : tensor<8x64x16x16xf32>, tensor<256x64x1x1xf32>) outs(%2 : tensor<8x256x16x16xf32>) {
// OUT:   ^bb0(%6: f32, %7: f32, %8: f32):
// OUT:     %9 = arith.mulf %6, %7 : f32
// OUT:     %10 = arith.addf %8, %9 : f32
// OUT:     linalg.yield %10 : f32
// OUT:   } -> tensor<8x256x16x16xf32>
// OUT:   %11 = linalg.generic {indexing_maps = [#map1, #map5, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%5, %arg2 : tensor<8x256x16x16xf32>, tensor<256xf32>) outs(%1 : tensor<8x256x16x16xf32>) {
// OUT:   ^bb0(%12: f32, %13: f32, %14: f32):
// OUT:     %15 = arith.addf %12, %13 : f32
// OUT:     %16 = arith.maximumf %15, %0 : f32
// OUT:     linalg.yield %16 : f32
// OUT:   } -> tensor<8x256x16x16xf32>
// OUT:   return %11 : tensor<8x256x16x16xf32>
// OUT: }
// OUT: region @dispatch_0_contraction root linalg.generic -> %6 epilogue -> %7
// OUT:   inputs (%0, %1, %2) outputs (%7)
// OUT:   %5 = linalg.generic(%3, %4)
// OUT:   %6 = linalg.generic(%0, %1, %5)
// OUT:   %7 = linalg.generic(%6, %2, %4)
// OUT: plan @dispatch_0_contraction cooperative-matrix tiles=64x64x16 matrix=16x16x16 subgroups=2x2x32 pad=8/4 stages=2 split=bf16x3

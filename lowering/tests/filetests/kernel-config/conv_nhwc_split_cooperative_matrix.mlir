// RUN: kernel-config target=nvidia-h200
// f32 NHWC convs (batch 8 at 16x16): both stay on SIMT. The 1x1 one with 128 -> 256 channels
// would take the split (bf16x3) cooperative-matrix pipeline in NCHW, but it reads its input
// with the channels innermost, where SIMT's vec4 loads win (`reads_reduction_innermost`); the
// 3x3 one is windowed (`split_cooperative_matrix_min_n`).
func.func @main(%x: tensor<8x16x16x128xf32>, %w: tensor<1x1x128x256xf32>, %w3: tensor<3x3x256x64xf32>) -> tensor<8x14x14x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x16x16x256xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8x16x16x256xf32>) -> tensor<8x16x16x256xf32>
  %c = linalg.conv_2d_nhwc_hwcf {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<8x16x16x128xf32>, tensor<1x1x128x256xf32>) outs(%f : tensor<8x16x16x256xf32>) -> tensor<8x16x16x256xf32>
  %e3 = tensor.empty() : tensor<8x14x14x64xf32>
  %f3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<8x14x14x64xf32>) -> tensor<8x14x14x64xf32>
  %c3 = linalg.conv_2d_nhwc_hwcf {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%c, %w3 : tensor<8x16x16x256xf32>, tensor<3x3x256x64xf32>) outs(%f3 : tensor<8x14x14x64xf32>) -> tensor<8x14x14x64xf32>
  return %c3 : tensor<8x14x14x64xf32>
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
// OUT: func.func @main(%arg0: tensor<8x16x16x128xf32>, %arg1: tensor<1x1x128x256xf32>, %arg2: tensor<3x3x256x64xf32>) -> tensor<8x14x14x64xf32> {
// OUT:   %0 = arith.constant 0.0 : f32
// OUT:   %1 = tensor.empty() : tensor<8x16x16x256xf32>
// OUT:   %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%1 : tensor<8x16x16x256xf32>) {
// OUT:   ^bb0(%3: f32, %4: f32):
// OUT:     linalg.yield %3 : f32
// OUT:   } -> tensor<8x16x16x256xf32>
// OUT:   %5 = tensor.expand_shape %arg0 [[0], [1], [2], [3, 4]] output_shape [8, 16, 16, 2, 64] : tensor<8x16x16x128xf32> into tensor<8x16x16x2x64xf32>
// OUT:   %6 = tensor.expand_shape %arg1 [[0], [1], [2, 3], [4]] output_shape [1, 1, 2, 64, 256] : tensor<1x1x128x256xf32> into tensor<1x1x2x64x256xf32>
// OUT:   %7 = tensor.empty() : tensor<2x8x16x16x256xf32>
// OUT:   %8 = arith.constant 0.0 : f32
// OUT:   %9 = linalg.generic {indexing_maps = [#map2, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%8 : f32) outs(%7 : tensor<2x8x16x16x256xf32>) {
// OUT:   ^bb0(%10: f32, %11: f32):
// OUT:     linalg.yield %10 : f32
// OUT:   } -> tensor<2x8x16x16x256xf32>
// OUT:   %12 = linalg.generic {indexing_maps = [#map4, #map5, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction", "parallel"]} ins(%5, %6 : tensor<8x16x16x2x64xf32>, tensor<1x1x2x64x256xf32>) outs(%9 : tensor<2x8x16x16x256xf32>) {
// OUT:   ^bb0(%13: f32, %14: f32, %15: f32):
// OUT:     %16 = arith.mulf %13, %14 : f32
// OUT:     %17 = arith.addf %15, %16 : f32
// OUT:     linalg.yield %17 : f32
// OUT:   } -> tensor<2x8x16x16x256xf32>
// OUT:   %18 = linalg.generic {indexing_maps = [#map7, #map8], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%12 : tensor<2x8x16x16x256xf32>) outs(%2 : tensor<8x16x16x256xf32>) {
// OUT:   ^bb0(%19: f32, %20: f32):
// OUT:     %21 = arith.addf %20, %19 : f32
// OUT:     linalg.yield %21 : f32
// OUT:   } -> tensor<8x16x16x256xf32>
// OUT:   %22 = tensor.empty() : tensor<8x14x14x64xf32>
// OUT:   %23 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%22 : tensor<8x14x14x64xf32>) {
// OUT:   ^bb0(%24: f32, %25: f32):
// OUT:     linalg.yield %24 : f32
// OUT:   } -> tensor<8x14x14x64xf32>
// OUT:   %26 = tensor.expand_shape %18 [[0], [1], [2], [3, 4]] output_shape [8, 16, 16, 8, 32] : tensor<8x16x16x256xf32> into tensor<8x16x16x8x32xf32>
// OUT:   %27 = tensor.expand_shape %arg2 [[0], [1], [2, 3], [4]] output_shape [3, 3, 8, 32, 64] : tensor<3x3x256x64xf32> into tensor<3x3x8x32x64xf32>
// OUT:   %28 = tensor.empty() : tensor<8x8x14x14x64xf32>
// OUT:   %29 = arith.constant 0.0 : f32
// OUT:   %30 = linalg.generic {indexing_maps = [#map2, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%29 : f32) outs(%28 : tensor<8x8x14x14x64xf32>) {
// OUT:   ^bb0(%31: f32, %32: f32):
// OUT:     linalg.yield %31 : f32
// OUT:   } -> tensor<8x8x14x14x64xf32>
// OUT:   %33 = linalg.generic {indexing_maps = [#map4, #map5, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction", "parallel"]} ins(%26, %27 : tensor<8x16x16x8x32xf32>, tensor<3x3x8x32x64xf32>) outs(%30 : tensor<8x8x14x14x64xf32>) {
// OUT:   ^bb0(%34: f32, %35: f32, %36: f32):
// OUT:     %37 = arith.mulf %34, %35 : f32
// OUT:     %38 = arith.addf %36, %37 : f32
// OUT:     linalg.yield %38 : f32
// OUT:   } -> tensor<8x8x14x14x64xf32>
// OUT:   %39 = linalg.generic {indexing_maps = [#map7, #map8], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%33 : tensor<8x8x14x14x64xf32>) outs(%23 : tensor<8x14x14x64xf32>) {
// OUT:   ^bb0(%40: f32, %41: f32):
// OUT:     %42 = arith.addf %41, %40 : f32
// OUT:     linalg.yield %42 : f32
// OUT:   } -> tensor<8x14x14x64xf32>
// OUT:   return %39 : tensor<8x14x14x64xf32>
// OUT: }
// OUT: region @dispatch_0_contraction root linalg.generic -> %15
// OUT:   inputs (%0, %1) outputs (%15)
// OUT:   %10 = tensor.expand_shape(%0)
// OUT:   %11 = tensor.expand_shape(%1)
// OUT:   %14 = linalg.generic(%13, %12)
// OUT:   %15 = linalg.generic(%10, %11, %14)
// OUT: region @dispatch_1_reduction root linalg.generic -> %6
// OUT:   inputs (%15) outputs (%6)
// OUT:   %5 = linalg.generic(%3, %4)
// OUT:   %6 = linalg.generic(%15, %5)
// OUT: region @dispatch_2_contraction root linalg.generic -> %21
// OUT:   inputs (%6, %2) outputs (%21)
// OUT:   %16 = tensor.expand_shape(%6)
// OUT:   %17 = tensor.expand_shape(%2)
// OUT:   %20 = linalg.generic(%19, %18)
// OUT:   %21 = linalg.generic(%16, %17, %20)
// OUT: region @dispatch_3_reduction root linalg.generic -> %9
// OUT:   inputs (%21) outputs (%9)
// OUT:   %8 = linalg.generic(%3, %7)
// OUT:   %9 = linalg.generic(%21, %8)
// OUT: edge @dispatch_2_contraction -> @dispatch_3_reduction (%21)
// OUT: edge @dispatch_1_reduction -> @dispatch_2_contraction (%6)
// OUT: edge @dispatch_0_contraction -> @dispatch_1_reduction (%15)
// OUT: plan @dispatch_0_contraction simt tiles=64x64x8 thread=4x8 pad=4 stages=2
// OUT: plan @dispatch_1_reduction serial-reduction
// OUT: plan @dispatch_2_contraction simt tiles=32x32x8 thread=4x4 pad=4 stages=2
// OUT: plan @dispatch_3_reduction serial-reduction

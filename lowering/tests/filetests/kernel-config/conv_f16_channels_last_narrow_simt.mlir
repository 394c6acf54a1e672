// RUN: kernel-config target=nvidia-h200 precision=f16
// `--precision f16`, three 1x1 convs in NCHW at batch 8 on 32x32: after `channels-last` the
// second and third read their input with the channels innermost. The second, to 32 channels,
// takes SIMT (`Heuristics::cooperative_matrix_conv_min_n`: f16 cooperative matrices lose on
// convs to few channels, read this way); the first (NCHW input) and the third (256 channels)
// take the f16 cooperative-matrix kernels.
func.func @main(%x: tensor<8x16x32x32xf32>, %w1: tensor<256x16x1x1xf32>, %w2: tensor<32x256x1x1xf32>, %w3: tensor<256x32x1x1xf32>) -> tensor<8x256x32x32xf32> {
  %zero = arith.constant 0.0 : f32
  %ec1 = tensor.empty() : tensor<8x256x32x32xf32>
  %fc1 = linalg.fill ins(%zero : f32) outs(%ec1 : tensor<8x256x32x32xf32>) -> tensor<8x256x32x32xf32>
  %c1 = linalg.conv_2d_nchw_fchw {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%x, %w1 : tensor<8x16x32x32xf32>, tensor<256x16x1x1xf32>) outs(%fc1 : tensor<8x256x32x32xf32>) -> tensor<8x256x32x32xf32>
  %ec2 = tensor.empty() : tensor<8x32x32x32xf32>
  %fc2 = linalg.fill ins(%zero : f32) outs(%ec2 : tensor<8x32x32x32xf32>) -> tensor<8x32x32x32xf32>
  %c2 = linalg.conv_2d_nchw_fchw {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%c1, %w2 : tensor<8x256x32x32xf32>, tensor<32x256x1x1xf32>) outs(%fc2 : tensor<8x32x32x32xf32>) -> tensor<8x32x32x32xf32>
  %ec3 = tensor.empty() : tensor<8x256x32x32xf32>
  %fc3 = linalg.fill ins(%zero : f32) outs(%ec3 : tensor<8x256x32x32xf32>) -> tensor<8x256x32x32xf32>
  %c3 = linalg.conv_2d_nchw_fchw {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%c2, %w3 : tensor<8x32x32x32xf32>, tensor<256x32x1x1xf32>) outs(%fc3 : tensor<8x256x32x32xf32>) -> tensor<8x256x32x32xf32>
  return %c3 : tensor<8x256x32x32xf32>
}
// OUT: #map = affine_map<(d0, d1, d2, d3) -> ()>
// OUT: #map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// OUT: #map2 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d1 + d5, d2 + d6)>
// OUT: #map3 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d3, d4, d5, d6)>
// OUT: #map4 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
// OUT: #map5 = affine_map<(d0, d1, d2, d3, d4) -> ()>
// OUT: #map6 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
// OUT: #map7 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1 + d4, d2 + d5, d7, d6)>
// OUT: #map8 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d3, d7, d6, d4, d5)>
// OUT: #map9 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d7, d0, d1, d2, d3)>
// OUT: #map10 = affine_map<(d0, d1, d2, d3, d4) -> (d4, d0, d1, d2, d3)>
// OUT: #map11 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>
// OUT: #map12 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d2 + d4, d3 + d5, d6)>
// OUT: #map13 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d1, d6, d4, d5)>
// OUT:
// OUT: func.func @main(%arg0: tensor<8x16x32x32xf32>, %arg1: tensor<256x16x1x1xf32>, %arg2: tensor<32x256x1x1xf32>, %arg3: tensor<256x32x1x1xf32>) -> tensor<8x256x32x32xf32> {
// OUT:   %0 = arith.constant 0.0 : f32
// OUT:   %1 = tensor.empty() : tensor<8x32x32x256xf32>
// OUT:   %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%1 : tensor<8x32x32x256xf32>) {
// OUT:   ^bb0(%3: f32, %4: f32):
// OUT:     linalg.yield %3 : f32
// OUT:   } -> tensor<8x32x32x256xf32>
// OUT:   %5 = tensor.empty() : tensor<8x16x32x32xf16>
// OUT:   %6 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg0 : tensor<8x16x32x32xf32>) outs(%5 : tensor<8x16x32x32xf16>) {
// OUT:   ^bb0(%7: f32, %8: f16):
// OUT:     %9 = arith.truncf %7 : f32 to f16
// OUT:     linalg.yield %9 : f16
// OUT:   } -> tensor<8x16x32x32xf16>
// OUT:   %10 = tensor.empty() : tensor<256x16x1x1xf16>
// OUT:   %11 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg1 : tensor<256x16x1x1xf32>) outs(%10 : tensor<256x16x1x1xf16>) {
// OUT:   ^bb0(%12: f32, %13: f16):
// OUT:     %14 = arith.truncf %12 : f32 to f16
// OUT:     linalg.yield %14 : f16
// OUT:   } -> tensor<256x16x1x1xf16>
// OUT:   %15 = linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%6, %11 : tensor<8x16x32x32xf16>, tensor<256x16x1x1xf16>) outs(%2 : tensor<8x32x32x256xf32>) {
// OUT:   ^bb0(%16: f16, %17: f16, %18: f32):
// OUT:     %19 = arith.extf %16 : f16 to f32
// OUT:     %20 = arith.extf %17 : f16 to f32
// OUT:     %21 = arith.mulf %19, %20 : f32
// OUT:     %22 = arith.addf %18, %21 : f32
// OUT:     linalg.yield %22 : f32
// OUT:   } -> tensor<8x32x32x256xf32>
// OUT:   %23 = tensor.empty() : tensor<8x32x32x32xf32>
// OUT:   %24 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%23 : tensor<8x32x32x32xf32>) {
// OUT:   ^bb0(%25: f32, %26: f32):
// OUT:     linalg.yield %25 : f32
// OUT:   } -> tensor<8x32x32x32xf32>
// OUT:   %27 = tensor.empty() : tensor<8x32x32x256xf16>
// OUT:   %28 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%15 : tensor<8x32x32x256xf32>) outs(%27 : tensor<8x32x32x256xf16>) {
// OUT:   ^bb0(%29: f32, %30: f16):
// OUT:     %31 = arith.truncf %29 : f32 to f16
// OUT:     linalg.yield %31 : f16
// OUT:   } -> tensor<8x32x32x256xf16>
// OUT:   %32 = tensor.empty() : tensor<32x256x1x1xf16>
// OUT:   %33 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg2 : tensor<32x256x1x1xf32>) outs(%32 : tensor<32x256x1x1xf16>) {
// OUT:   ^bb0(%34: f32, %35: f16):
// OUT:     %36 = arith.truncf %34 : f32 to f16
// OUT:     linalg.yield %36 : f16
// OUT:   } -> tensor<32x256x1x1xf16>
// OUT:   %37 = tensor.expand_shape %28 [[0], [1], [2], [3, 4]] output_shape [8, 32, 32, 4, 64] : tensor<8x32x32x256xf16> into tensor<8x32x32x4x64xf16>
// OUT:   %38 = tensor.expand_shape %33 [[0], [1, 2], [3], [4]] output_shape [32, 4, 64, 1, 1] : tensor<32x256x1x1xf16> into tensor<32x4x64x1x1xf16>
// OUT:   %39 = tensor.empty() : tensor<4x8x32x32x32xf32>
// OUT:   %40 = arith.constant 0.0 : f32
// OUT:   %41 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%40 : f32) outs(%39 : tensor<4x8x32x32x32xf32>) {
// OUT:   ^bb0(%42: f32, %43: f32):
// OUT:     linalg.yield %42 : f32
// OUT:   } -> tensor<4x8x32x32x32xf32>
// OUT:   %44 = linalg.generic {indexing_maps = [#map7, #map8, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction", "parallel"]} ins(%37, %38 : tensor<8x32x32x4x64xf16>, tensor<32x4x64x1x1xf16>) outs(%41 : tensor<4x8x32x32x32xf32>) {
// OUT:   ^bb0(%45: f16, %46: f16, %47: f32):
// OUT:     %48 = arith.extf %45 : f16 to f32
// OUT:     %49 = arith.extf %46 : f16 to f32
// OUT:     %50 = arith.mulf %48, %49 : f32
// OUT:     %51 = arith.addf %47, %50 : f32
// OUT:     linalg.yield %51 : f32
// OUT:   } -> tensor<4x8x32x32x32xf32>
// OUT:   %52 = linalg.generic {indexing_maps = [#map10, #map11], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%44 : tensor<4x8x32x32x32xf32>) outs(%24 : tensor<8x32x32x32xf32>) {
// OUT:   ^bb0(%53: f32, %54: f32):
// OUT:     %55 = arith.addf %54, %53 : f32
// OUT:     linalg.yield %55 : f32
// OUT:   } -> tensor<8x32x32x32xf32>
// OUT:   %56 = tensor.empty() : tensor<8x256x32x32xf32>
// OUT:   %57 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%56 : tensor<8x256x32x32xf32>) {
// OUT:   ^bb0(%58: f32, %59: f32):
// OUT:     linalg.yield %58 : f32
// OUT:   } -> tensor<8x256x32x32xf32>
// OUT:   %60 = tensor.empty() : tensor<8x32x32x32xf16>
// OUT:   %61 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%52 : tensor<8x32x32x32xf32>) outs(%60 : tensor<8x32x32x32xf16>) {
// OUT:   ^bb0(%62: f32, %63: f16):
// OUT:     %64 = arith.truncf %62 : f32 to f16
// OUT:     linalg.yield %64 : f16
// OUT:   } -> tensor<8x32x32x32xf16>
// OUT:   %65 = tensor.empty() : tensor<256x32x1x1xf16>
// OUT:   %66 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg3 : tensor<256x32x1x1xf32>) outs(%65 : tensor<256x32x1x1xf16>) {
// OUT:   ^bb0(%67: f32, %68: f16):
// OUT:     %69 = arith.truncf %67 : f32 to f16
// OUT:     linalg.yield %69 : f16
// OUT:   } -> tensor<256x32x1x1xf16>
// OUT:   %70 = linalg.generic {indexing_maps = [#map12, #map13, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%61, %66 : tensor<8x32x32x32xf16>, tensor<256x32x1x1xf16>) outs(%57 : tensor<8x256x32x32xf32>) {
// OUT:   ^bb0(%71: f16, %72: f16, %73: f32):
// OUT:     %74 = arith.extf %71 : f16 to f32
// OUT:     %75 = arith.extf %72 : f16 to f32
// OUT:     %76 = arith.mulf %74, %75 : f32
// OUT:     %77 = arith.addf %73, %76 : f32
// OUT:     linalg.yield %77 : f32
// OUT:   } -> tensor<8x256x32x32xf32>
// OUT:   return %70 : tensor<8x256x32x32xf32>
// OUT: }
// OUT: region @dispatch_0_elementwise root linalg.generic -> %15
// OUT:   inputs (%0) outputs (%15)
// OUT:   %15 = linalg.generic(%0, %14)
// OUT: region @dispatch_1_elementwise root linalg.generic -> %17
// OUT:   inputs (%1) outputs (%17)
// OUT:   %17 = linalg.generic(%1, %16)
// OUT: region @dispatch_2_contraction root linalg.generic -> %7 epilogue -> %19
// OUT:   inputs (%15, %17) outputs (%19)
// OUT:   %6 = linalg.generic(%4, %5)
// OUT:   %7 = linalg.generic(%15, %17, %6)
// OUT:   %19 = linalg.generic(%7, %18)
// OUT: region @dispatch_3_elementwise root linalg.generic -> %21
// OUT:   inputs (%2) outputs (%21)
// OUT:   %21 = linalg.generic(%2, %20)
// OUT: region @dispatch_4_contraction root linalg.generic -> %31
// OUT:   inputs (%19, %21) outputs (%31)
// OUT:   %26 = tensor.expand_shape(%19)
// OUT:   %27 = tensor.expand_shape(%21)
// OUT:   %30 = linalg.generic(%29, %28)
// OUT:   %31 = linalg.generic(%26, %27, %30)
// OUT: region @dispatch_5_reduction root linalg.generic -> %10 epilogue -> %23
// OUT:   inputs (%31) outputs (%23)
// OUT:   %9 = linalg.generic(%4, %8)
// OUT:   %10 = linalg.generic(%31, %9)
// OUT:   %23 = linalg.generic(%10, %22)
// OUT: region @dispatch_6_elementwise root linalg.generic -> %25
// OUT:   inputs (%3) outputs (%25)
// OUT:   %25 = linalg.generic(%3, %24)
// OUT: region @dispatch_7_contraction root linalg.generic -> %13
// OUT:   inputs (%23, %25) outputs (%13)
// OUT:   %12 = linalg.generic(%4, %11)
// OUT:   %13 = linalg.generic(%23, %25, %12)
// OUT: edge @dispatch_5_reduction -> @dispatch_7_contraction (%23)
// OUT: edge @dispatch_6_elementwise -> @dispatch_7_contraction (%25)
// OUT: edge @dispatch_4_contraction -> @dispatch_5_reduction (%31)
// OUT: edge @dispatch_2_contraction -> @dispatch_4_contraction (%19)
// OUT: edge @dispatch_3_elementwise -> @dispatch_4_contraction (%21)
// OUT: edge @dispatch_0_elementwise -> @dispatch_2_contraction (%15)
// OUT: edge @dispatch_1_elementwise -> @dispatch_2_contraction (%17)
// OUT: plan @dispatch_0_elementwise elementwise
// OUT: plan @dispatch_1_elementwise elementwise
// OUT: plan @dispatch_2_contraction cooperative-matrix tiles=128x256x32 matrix=16x16x16 subgroups=2x4x32 pad=8/4 stages=1
// OUT: plan @dispatch_3_elementwise elementwise
// OUT: plan @dispatch_4_contraction simt tiles=64x64x8 thread=4x8 pad=4 stages=2
// OUT: plan @dispatch_5_reduction serial-reduction
// OUT: plan @dispatch_6_elementwise elementwise
// OUT: plan @dispatch_7_contraction cooperative-matrix tiles=128x256x32 matrix=16x16x16 subgroups=2x4x32 pad=8/4 stages=1

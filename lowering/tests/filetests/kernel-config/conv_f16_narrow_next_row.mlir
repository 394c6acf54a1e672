// RUN: kernel-config target=nvidia-h200 precision=f16
// Two 3x3 convs (pad 1) to 32 channels at batch 32 on 28x28 in f16 (DenseNet-121's second
// block): the second reads NHWC, and its 128 x 32 tiles (196) would not fill the device
// (`grouped_conv_min_workgroups`), so it takes the next row of
// `Heuristics::narrow_conv_cooperative_matrix_tilings` for 32 channels: 64 x 32 (4 x 1
// subgroups of 1 x 2 fragments, 392 tiles), whole, not a split reduction on SIMT tiles. The
// first reads the graph input NCHW and keeps the general choice.
func.func @main(%x: tensor<32x16x28x28xf32>, %w0: tensor<32x16x3x3xf32>, %w1: tensor<32x32x3x3xf32>) -> tensor<32x32x28x28xf32> {
  %zero = arith.constant 0.0 : f32
  %p0 = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<32x16x28x28xf32> to tensor<32x16x30x30xf32>
  %e0 = tensor.empty() : tensor<32x32x28x28xf32>
  %f0 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<32x32x28x28xf32>) -> tensor<32x32x28x28xf32>
  %c0 = linalg.conv_2d_nchw_fchw {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%p0, %w0 : tensor<32x16x30x30xf32>, tensor<32x16x3x3xf32>) outs(%f0 : tensor<32x32x28x28xf32>) -> tensor<32x32x28x28xf32>
  %p1 = tensor.pad %c0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<32x32x28x28xf32> to tensor<32x32x30x30xf32>
  %e1 = tensor.empty() : tensor<32x32x28x28xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<32x32x28x28xf32>) -> tensor<32x32x28x28xf32>
  %c1 = linalg.conv_2d_nchw_fchw {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%p1, %w1 : tensor<32x32x30x30xf32>, tensor<32x32x3x3xf32>) outs(%f1 : tensor<32x32x28x28xf32>) -> tensor<32x32x28x28xf32>
  return %c1 : tensor<32x32x28x28xf32>
}
// OUT: #map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// OUT: #map1 = affine_map<(d0, d1, d2, d3) -> ()>
// OUT: #map2 = affine_map<(d0, d1, d2, d3, d4) -> ()>
// OUT: #map3 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
// OUT: #map4 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d7, d4, d1 + d5, d2 + d6)>
// OUT: #map5 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d3, d7, d4, d5, d6)>
// OUT: #map6 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d7, d0, d1, d2, d3)>
// OUT: #map7 = affine_map<(d0, d1, d2, d3, d4) -> (d4, d0, d1, d2, d3)>
// OUT: #map8 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>
// OUT: #map9 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d2 + d4, d3 + d5, d6)>
// OUT: #map10 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d1, d6, d4, d5)>
// OUT: #map11 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
// OUT:
// OUT: func.func @main(%arg0: tensor<32x16x28x28xf32>, %arg1: tensor<32x16x3x3xf32>, %arg2: tensor<32x32x3x3xf32>) -> tensor<32x32x28x28xf32> {
// OUT:   %0 = arith.constant 0.0 : f32
// OUT:   %1 = tensor.empty() : tensor<32x16x28x28xf16>
// OUT:   %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg0 : tensor<32x16x28x28xf32>) outs(%1 : tensor<32x16x28x28xf16>) {
// OUT:   ^bb0(%3: f32, %4: f16):
// OUT:     %5 = arith.truncf %3 : f32 to f16
// OUT:     linalg.yield %5 : f16
// OUT:   } -> tensor<32x16x28x28xf16>
// OUT:   %6 = arith.constant 0.0 : f16
// OUT:   %7 = tensor.pad %2 low[0, 0, 1, 1] high[0, 0, 1, 1] {
// OUT:   ^bb0(%pad8_0: index, %pad8_1: index, %pad8_2: index, %pad8_3: index):
// OUT:     tensor.yield %6 : f16
// OUT:   } : tensor<32x16x28x28xf16> to tensor<32x16x30x30xf16>
// OUT:   %9 = tensor.empty() : tensor<32x28x28x32xf32>
// OUT:   %10 = linalg.generic {indexing_maps = [#map1, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%9 : tensor<32x28x28x32xf32>) {
// OUT:   ^bb0(%11: f32, %12: f32):
// OUT:     linalg.yield %11 : f32
// OUT:   } -> tensor<32x28x28x32xf32>
// OUT:   %13 = tensor.empty() : tensor<32x16x3x3xf16>
// OUT:   %14 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg1 : tensor<32x16x3x3xf32>) outs(%13 : tensor<32x16x3x3xf16>) {
// OUT:   ^bb0(%15: f32, %16: f16):
// OUT:     %17 = arith.truncf %15 : f32 to f16
// OUT:     linalg.yield %17 : f16
// OUT:   } -> tensor<32x16x3x3xf16>
// OUT:   %18 = tensor.expand_shape %7 [[0], [1, 2], [3], [4]] output_shape [32, 2, 8, 30, 30] : tensor<32x16x30x30xf16> into tensor<32x2x8x30x30xf16>
// OUT:   %19 = tensor.expand_shape %14 [[0], [1, 2], [3], [4]] output_shape [32, 2, 8, 3, 3] : tensor<32x16x3x3xf16> into tensor<32x2x8x3x3xf16>
// OUT:   %20 = tensor.empty() : tensor<2x32x28x28x32xf32>
// OUT:   %21 = arith.constant 0.0 : f32
// OUT:   %22 = linalg.generic {indexing_maps = [#map2, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%21 : f32) outs(%20 : tensor<2x32x28x28x32xf32>) {
// OUT:   ^bb0(%23: f32, %24: f32):
// OUT:     linalg.yield %23 : f32
// OUT:   } -> tensor<2x32x28x28x32xf32>
// OUT:   %25 = linalg.generic {indexing_maps = [#map4, #map5, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction", "parallel"]} ins(%18, %19 : tensor<32x2x8x30x30xf16>, tensor<32x2x8x3x3xf16>) outs(%22 : tensor<2x32x28x28x32xf32>) {
// OUT:   ^bb0(%26: f16, %27: f16, %28: f32):
// OUT:     %29 = arith.extf %26 : f16 to f32
// OUT:     %30 = arith.extf %27 : f16 to f32
// OUT:     %31 = arith.mulf %29, %30 : f32
// OUT:     %32 = arith.addf %28, %31 : f32
// OUT:     linalg.yield %32 : f32
// OUT:   } -> tensor<2x32x28x28x32xf32>
// OUT:   %33 = linalg.generic {indexing_maps = [#map7, #map8], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%25 : tensor<2x32x28x28x32xf32>) outs(%10 : tensor<32x28x28x32xf32>) {
// OUT:   ^bb0(%34: f32, %35: f32):
// OUT:     %36 = arith.addf %35, %34 : f32
// OUT:     linalg.yield %36 : f32
// OUT:   } -> tensor<32x28x28x32xf32>
// OUT:   %37 = tensor.pad %33 low[0, 1, 1, 0] high[0, 1, 1, 0] {
// OUT:   ^bb0(%pad38_0: index, %pad38_1: index, %pad38_2: index, %pad38_3: index):
// OUT:     tensor.yield %0 : f32
// OUT:   } : tensor<32x28x28x32xf32> to tensor<32x30x30x32xf32>
// OUT:   %39 = tensor.empty() : tensor<32x32x28x28xf32>
// OUT:   %40 = linalg.generic {indexing_maps = [#map1, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%39 : tensor<32x32x28x28xf32>) {
// OUT:   ^bb0(%41: f32, %42: f32):
// OUT:     linalg.yield %41 : f32
// OUT:   } -> tensor<32x32x28x28xf32>
// OUT:   %43 = tensor.empty() : tensor<32x30x30x32xf16>
// OUT:   %44 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%37 : tensor<32x30x30x32xf32>) outs(%43 : tensor<32x30x30x32xf16>) {
// OUT:   ^bb0(%45: f32, %46: f16):
// OUT:     %47 = arith.truncf %45 : f32 to f16
// OUT:     linalg.yield %47 : f16
// OUT:   } -> tensor<32x30x30x32xf16>
// OUT:   %48 = tensor.empty() : tensor<32x32x3x3xf16>
// OUT:   %49 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg2 : tensor<32x32x3x3xf32>) outs(%48 : tensor<32x32x3x3xf16>) {
// OUT:   ^bb0(%50: f32, %51: f16):
// OUT:     %52 = arith.truncf %50 : f32 to f16
// OUT:     linalg.yield %52 : f16
// OUT:   } -> tensor<32x32x3x3xf16>
// OUT:   %53 = linalg.generic {indexing_maps = [#map9, #map10, #map11], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%44, %49 : tensor<32x30x30x32xf16>, tensor<32x32x3x3xf16>) outs(%40 : tensor<32x32x28x28xf32>) {
// OUT:   ^bb0(%54: f16, %55: f16, %56: f32):
// OUT:     %57 = arith.extf %54 : f16 to f32
// OUT:     %58 = arith.extf %55 : f16 to f32
// OUT:     %59 = arith.mulf %57, %58 : f32
// OUT:     %60 = arith.addf %56, %59 : f32
// OUT:     linalg.yield %60 : f32
// OUT:   } -> tensor<32x32x28x28xf32>
// OUT:   return %53 : tensor<32x32x28x28xf32>
// OUT: }
// OUT: region @dispatch_0_elementwise root linalg.generic -> %13
// OUT:   inputs (%0) outputs (%13)
// OUT:   %13 = linalg.generic(%0, %12)
// OUT: region @dispatch_1_elementwise root linalg.generic -> %16
// OUT:   inputs (%1) outputs (%16)
// OUT:   %16 = linalg.generic(%1, %15)
// OUT: region @dispatch_2_contraction root linalg.generic -> %26
// OUT:   inputs (%13, %16) outputs (%26)
// OUT:   %4 = tensor.pad(%13, %14)
// OUT:   %21 = tensor.expand_shape(%4)
// OUT:   %22 = tensor.expand_shape(%16)
// OUT:   %25 = linalg.generic(%24, %23)
// OUT:   %26 = linalg.generic(%21, %22, %25)
// OUT: region @dispatch_3_reduction root linalg.generic -> %7
// OUT:   inputs (%26) outputs (%7)
// OUT:   %6 = linalg.generic(%3, %5)
// OUT:   %7 = linalg.generic(%26, %6)
// OUT: region @dispatch_4_elementwise root linalg.generic -> %18
// OUT:   inputs (%7) outputs (%18)
// OUT:   %8 = tensor.pad(%7, %3)
// OUT:   %18 = linalg.generic(%8, %17)
// OUT: region @dispatch_5_elementwise root linalg.generic -> %20
// OUT:   inputs (%2) outputs (%20)
// OUT:   %20 = linalg.generic(%2, %19)
// OUT: region @dispatch_6_contraction root linalg.generic -> %11
// OUT:   inputs (%18, %20) outputs (%11)
// OUT:   %10 = linalg.generic(%3, %9)
// OUT:   %11 = linalg.generic(%18, %20, %10)
// OUT: edge @dispatch_4_elementwise -> @dispatch_6_contraction (%18)
// OUT: edge @dispatch_5_elementwise -> @dispatch_6_contraction (%20)
// OUT: edge @dispatch_3_reduction -> @dispatch_4_elementwise (%7)
// OUT: edge @dispatch_2_contraction -> @dispatch_3_reduction (%26)
// OUT: edge @dispatch_0_elementwise -> @dispatch_2_contraction (%13)
// OUT: edge @dispatch_1_elementwise -> @dispatch_2_contraction (%16)
// OUT: plan @dispatch_0_elementwise elementwise
// OUT: plan @dispatch_1_elementwise elementwise
// OUT: plan @dispatch_2_contraction simt tiles=128x64x8 thread=8x8 pad=4 stages=2
// OUT: plan @dispatch_3_reduction serial-reduction
// OUT: plan @dispatch_4_elementwise elementwise
// OUT: plan @dispatch_5_elementwise elementwise
// OUT: plan @dispatch_6_contraction cooperative-matrix tiles=64x32x32 matrix=16x16x16 subgroups=4x1x32 pad=8/4 stages=2

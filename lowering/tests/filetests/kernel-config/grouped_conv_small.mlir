// RUN: kernel-config target=nvidia-h200 precision=f16
// Grouped convs of 8 and 16 channels a group at batch 2 on 8x8 in f16: their tilings of
// `grouped_conv_f16.mlir` would give fewer than `Heuristics::grouped_conv_min_workgroups`
// workgroups (8 and 4), so they take the general choice (serial under `min_tiled_size`
// channels, small SIMT tiles above).
func.func @main(%x: tensor<2x64x8x8xf32>, %w1: tensor<64x64x1x1xf32>, %wg8: tensor<8x8x8x3x3xf32>, %wg4: tensor<4x16x16x3x3xf32>) -> (tensor<2x64x8x8xf32>, tensor<2x64x8x8xf32>) {
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<2x64x8x8xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<2x64x8x8xf32>) -> tensor<2x64x8x8xf32>
  %c1 = linalg.conv_2d_nchw_fchw {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%x, %w1 : tensor<2x64x8x8xf32>, tensor<64x64x1x1xf32>) outs(%f1 : tensor<2x64x8x8xf32>) -> tensor<2x64x8x8xf32>
  %p = tensor.pad %c1 low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<2x64x8x8xf32> to tensor<2x64x10x10xf32>
  %sg8 = tensor.expand_shape %p [[0], [1, 2], [3], [4]] output_shape [2, 8, 8, 10, 10] : tensor<2x64x10x10xf32> into tensor<2x8x8x10x10xf32>
  %eg8 = tensor.empty() : tensor<2x8x8x8x8xf32>
  %fg8 = linalg.fill ins(%zero : f32) outs(%eg8 : tensor<2x8x8x8x8xf32>) -> tensor<2x8x8x8x8xf32>
  %cg8 = linalg.conv_2d_ngchw_gfchw {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%sg8, %wg8 : tensor<2x8x8x10x10xf32>, tensor<8x8x8x3x3xf32>) outs(%fg8 : tensor<2x8x8x8x8xf32>) -> tensor<2x8x8x8x8xf32>
  %g8 = tensor.collapse_shape %cg8 [[0], [1, 2], [3], [4]] : tensor<2x8x8x8x8xf32> into tensor<2x64x8x8xf32>
  %sg4 = tensor.expand_shape %p [[0], [1, 2], [3], [4]] output_shape [2, 4, 16, 10, 10] : tensor<2x64x10x10xf32> into tensor<2x4x16x10x10xf32>
  %eg4 = tensor.empty() : tensor<2x4x16x8x8xf32>
  %fg4 = linalg.fill ins(%zero : f32) outs(%eg4 : tensor<2x4x16x8x8xf32>) -> tensor<2x4x16x8x8xf32>
  %cg4 = linalg.conv_2d_ngchw_gfchw {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%sg4, %wg4 : tensor<2x4x16x10x10xf32>, tensor<4x16x16x3x3xf32>) outs(%fg4 : tensor<2x4x16x8x8xf32>) -> tensor<2x4x16x8x8xf32>
  %g4 = tensor.collapse_shape %cg4 [[0], [1, 2], [3], [4]] : tensor<2x4x16x8x8xf32> into tensor<2x64x8x8xf32>
  return %g8, %g4 : tensor<2x64x8x8xf32>, tensor<2x64x8x8xf32>
}
// OUT: #map = affine_map<(d0, d1, d2, d3) -> ()>
// OUT: #map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// OUT: #map2 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d1 + d5, d2 + d6)>
// OUT: #map3 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d3, d4, d5, d6)>
// OUT: #map4 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
// OUT: #map5 = affine_map<(d0, d1, d2, d3, d4) -> ()>
// OUT: #map6 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
// OUT: #map7 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d4, d3, d1, d2)>
// OUT: #map8 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d3 + d5, d4 + d6, d1, d7)>
// OUT: #map9 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d1, d5, d6, d7, d2)>
// OUT: #map10 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1, d2, d3, d4)>
// OUT: #map11 = affine_map<(d0, d1, d2, d3, d4, d5) -> ()>
// OUT: #map12 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4, d5)>
// OUT: #map13 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7, d8) -> (d0, d3 + d5, d4 + d6, d1, d8, d7)>
// OUT: #map14 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7, d8) -> (d1, d5, d6, d8, d7, d2)>
// OUT: #map15 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7, d8) -> (d8, d0, d1, d2, d3, d4)>
// OUT: #map16 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d5, d0, d1, d2, d3, d4)>
// OUT: #map17 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4)>
// OUT:
// OUT: func.func @main(%arg0: tensor<2x64x8x8xf32>, %arg1: tensor<64x64x1x1xf32>, %arg2: tensor<8x8x8x3x3xf32>, %arg3: tensor<4x16x16x3x3xf32>) -> (tensor<2x64x8x8xf32>, tensor<2x64x8x8xf32>) {
// OUT:   %0 = arith.constant 0.0 : f32
// OUT:   %1 = tensor.empty() : tensor<2x8x8x64xf32>
// OUT:   %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%1 : tensor<2x8x8x64xf32>) {
// OUT:   ^bb0(%3: f32, %4: f32):
// OUT:     linalg.yield %3 : f32
// OUT:   } -> tensor<2x8x8x64xf32>
// OUT:   %5 = tensor.empty() : tensor<2x64x8x8xf16>
// OUT:   %6 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg0 : tensor<2x64x8x8xf32>) outs(%5 : tensor<2x64x8x8xf16>) {
// OUT:   ^bb0(%7: f32, %8: f16):
// OUT:     %9 = arith.truncf %7 : f32 to f16
// OUT:     linalg.yield %9 : f16
// OUT:   } -> tensor<2x64x8x8xf16>
// OUT:   %10 = tensor.empty() : tensor<64x64x1x1xf16>
// OUT:   %11 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg1 : tensor<64x64x1x1xf32>) outs(%10 : tensor<64x64x1x1xf16>) {
// OUT:   ^bb0(%12: f32, %13: f16):
// OUT:     %14 = arith.truncf %12 : f32 to f16
// OUT:     linalg.yield %14 : f16
// OUT:   } -> tensor<64x64x1x1xf16>
// OUT:   %15 = linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%6, %11 : tensor<2x64x8x8xf16>, tensor<64x64x1x1xf16>) outs(%2 : tensor<2x8x8x64xf32>) {
// OUT:   ^bb0(%16: f16, %17: f16, %18: f32):
// OUT:     %19 = arith.extf %16 : f16 to f32
// OUT:     %20 = arith.extf %17 : f16 to f32
// OUT:     %21 = arith.mulf %19, %20 : f32
// OUT:     %22 = arith.addf %18, %21 : f32
// OUT:     linalg.yield %22 : f32
// OUT:   } -> tensor<2x8x8x64xf32>
// OUT:   %23 = tensor.pad %15 low[0, 1, 1, 0] high[0, 1, 1, 0] {
// OUT:   ^bb0(%pad24_0: index, %pad24_1: index, %pad24_2: index, %pad24_3: index):
// OUT:     tensor.yield %0 : f32
// OUT:   } : tensor<2x8x8x64xf32> to tensor<2x10x10x64xf32>
// OUT:   %25 = tensor.expand_shape %23 [[0], [1], [2], [3, 4]] output_shape [2, 10, 10, 8, 8] : tensor<2x10x10x64xf32> into tensor<2x10x10x8x8xf32>
// OUT:   %26 = tensor.empty() : tensor<2x8x8x8x8xf32>
// OUT:   %27 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%26 : tensor<2x8x8x8x8xf32>) {
// OUT:   ^bb0(%28: f32, %29: f32):
// OUT:     linalg.yield %28 : f32
// OUT:   } -> tensor<2x8x8x8x8xf32>
// OUT:   %30 = tensor.empty() : tensor<2x10x10x8x8xf16>
// OUT:   %31 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%25 : tensor<2x10x10x8x8xf32>) outs(%30 : tensor<2x10x10x8x8xf16>) {
// OUT:   ^bb0(%32: f32, %33: f16):
// OUT:     %34 = arith.truncf %32 : f32 to f16
// OUT:     linalg.yield %34 : f16
// OUT:   } -> tensor<2x10x10x8x8xf16>
// OUT:   %35 = tensor.empty() : tensor<8x3x3x8x8xf16>
// OUT:   %36 = linalg.generic {indexing_maps = [#map7, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%arg2 : tensor<8x8x8x3x3xf32>) outs(%35 : tensor<8x3x3x8x8xf16>) {
// OUT:   ^bb0(%37: f32, %38: f16):
// OUT:     %39 = arith.truncf %37 : f32 to f16
// OUT:     linalg.yield %39 : f16
// OUT:   } -> tensor<8x3x3x8x8xf16>
// OUT:   %40 = linalg.generic {indexing_maps = [#map8, #map9, #map10], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%31, %36 : tensor<2x10x10x8x8xf16>, tensor<8x3x3x8x8xf16>) outs(%27 : tensor<2x8x8x8x8xf32>) {
// OUT:   ^bb0(%41: f16, %42: f16, %43: f32):
// OUT:     %44 = arith.extf %41 : f16 to f32
// OUT:     %45 = arith.extf %42 : f16 to f32
// OUT:     %46 = arith.mulf %44, %45 : f32
// OUT:     %47 = arith.addf %43, %46 : f32
// OUT:     linalg.yield %47 : f32
// OUT:   } -> tensor<2x8x8x8x8xf32>
// OUT:   %48 = tensor.collapse_shape %40 [[0], [1, 2], [3], [4]] : tensor<2x8x8x8x8xf32> into tensor<2x64x8x8xf32>
// OUT:   %49 = tensor.expand_shape %23 [[0], [1], [2], [3, 4]] output_shape [2, 10, 10, 4, 16] : tensor<2x10x10x64xf32> into tensor<2x10x10x4x16xf32>
// OUT:   %50 = tensor.empty() : tensor<2x4x16x8x8xf32>
// OUT:   %51 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%50 : tensor<2x4x16x8x8xf32>) {
// OUT:   ^bb0(%52: f32, %53: f32):
// OUT:     linalg.yield %52 : f32
// OUT:   } -> tensor<2x4x16x8x8xf32>
// OUT:   %54 = tensor.empty() : tensor<2x10x10x4x16xf16>
// OUT:   %55 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%49 : tensor<2x10x10x4x16xf32>) outs(%54 : tensor<2x10x10x4x16xf16>) {
// OUT:   ^bb0(%56: f32, %57: f16):
// OUT:     %58 = arith.truncf %56 : f32 to f16
// OUT:     linalg.yield %58 : f16
// OUT:   } -> tensor<2x10x10x4x16xf16>
// OUT:   %59 = tensor.empty() : tensor<4x3x3x16x16xf16>
// OUT:   %60 = linalg.generic {indexing_maps = [#map7, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%arg3 : tensor<4x16x16x3x3xf32>) outs(%59 : tensor<4x3x3x16x16xf16>) {
// OUT:   ^bb0(%61: f32, %62: f16):
// OUT:     %63 = arith.truncf %61 : f32 to f16
// OUT:     linalg.yield %63 : f16
// OUT:   } -> tensor<4x3x3x16x16xf16>
// OUT:   %64 = tensor.expand_shape %55 [[0], [1], [2], [3], [4, 5]] output_shape [2, 10, 10, 4, 2, 8] : tensor<2x10x10x4x16xf16> into tensor<2x10x10x4x2x8xf16>
// OUT:   %65 = tensor.expand_shape %60 [[0], [1], [2], [3, 4], [5]] output_shape [4, 3, 3, 2, 8, 16] : tensor<4x3x3x16x16xf16> into tensor<4x3x3x2x8x16xf16>
// OUT:   %66 = tensor.empty() : tensor<2x2x4x16x8x8xf32>
// OUT:   %67 = arith.constant 0.0 : f32
// OUT:   %68 = linalg.generic {indexing_maps = [#map11, #map12], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%67 : f32) outs(%66 : tensor<2x2x4x16x8x8xf32>) {
// OUT:   ^bb0(%69: f32, %70: f32):
// OUT:     linalg.yield %69 : f32
// OUT:   } -> tensor<2x2x4x16x8x8xf32>
// OUT:   %71 = linalg.generic {indexing_maps = [#map13, #map14, #map15], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction", "parallel"]} ins(%64, %65 : tensor<2x10x10x4x2x8xf16>, tensor<4x3x3x2x8x16xf16>) outs(%68 : tensor<2x2x4x16x8x8xf32>) {
// OUT:   ^bb0(%72: f16, %73: f16, %74: f32):
// OUT:     %75 = arith.extf %72 : f16 to f32
// OUT:     %76 = arith.extf %73 : f16 to f32
// OUT:     %77 = arith.mulf %75, %76 : f32
// OUT:     %78 = arith.addf %74, %77 : f32
// OUT:     linalg.yield %78 : f32
// OUT:   } -> tensor<2x2x4x16x8x8xf32>
// OUT:   %79 = linalg.generic {indexing_maps = [#map16, #map17], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%71 : tensor<2x2x4x16x8x8xf32>) outs(%51 : tensor<2x4x16x8x8xf32>) {
// OUT:   ^bb0(%80: f32, %81: f32):
// OUT:     %82 = arith.addf %81, %80 : f32
// OUT:     linalg.yield %82 : f32
// OUT:   } -> tensor<2x4x16x8x8xf32>
// OUT:   %83 = tensor.collapse_shape %79 [[0], [1, 2], [3], [4]] : tensor<2x4x16x8x8xf32> into tensor<2x64x8x8xf32>
// OUT:   return %48, %83 : tensor<2x64x8x8xf32>, tensor<2x64x8x8xf32>
// OUT: }
// OUT: region @dispatch_0_elementwise root linalg.generic -> %20
// OUT:   inputs (%0) outputs (%20)
// OUT:   %20 = linalg.generic(%0, %19)
// OUT: region @dispatch_1_elementwise root linalg.generic -> %22
// OUT:   inputs (%1) outputs (%22)
// OUT:   %22 = linalg.generic(%1, %21)
// OUT: region @dispatch_2_contraction root linalg.generic -> %7
// OUT:   inputs (%20, %22) outputs (%7)
// OUT:   %6 = linalg.generic(%4, %5)
// OUT:   %7 = linalg.generic(%20, %22, %6)
// OUT: region @dispatch_3_elementwise root tensor.pad -> %8
// OUT:   inputs (%7) outputs (%8)
// OUT:   %8 = tensor.pad(%7, %4)
// OUT: region @dispatch_4_elementwise root linalg.generic -> %24
// OUT:   inputs (%8) outputs (%24)
// OUT:   %9 = tensor.expand_shape(%8)
// OUT:   %24 = linalg.generic(%9, %23)
// OUT: region @dispatch_5_elementwise root linalg.generic -> %26
// OUT:   inputs (%2) outputs (%26)
// OUT:   %26 = linalg.generic(%2, %25)
// OUT: region @dispatch_6_contraction root linalg.generic -> %12 epilogue -> %13
// OUT:   inputs (%24, %26) outputs (%13)
// OUT:   %11 = linalg.generic(%4, %10)
// OUT:   %12 = linalg.generic(%24, %26, %11)
// OUT:   %13 = tensor.collapse_shape(%12)
// OUT: region @dispatch_7_elementwise root linalg.generic -> %28
// OUT:   inputs (%8) outputs (%28)
// OUT:   %14 = tensor.expand_shape(%8)
// OUT:   %28 = linalg.generic(%14, %27)
// OUT: region @dispatch_8_elementwise root linalg.generic -> %30
// OUT:   inputs (%3) outputs (%30)
// OUT:   %30 = linalg.generic(%3, %29)
// OUT: region @dispatch_9_contraction root linalg.generic -> %36
// OUT:   inputs (%28, %30) outputs (%36)
// OUT:   %31 = tensor.expand_shape(%28)
// OUT:   %32 = tensor.expand_shape(%30)
// OUT:   %35 = linalg.generic(%34, %33)
// OUT:   %36 = linalg.generic(%31, %32, %35)
// OUT: region @dispatch_10_reduction root linalg.generic -> %17 epilogue -> %18
// OUT:   inputs (%36) outputs (%18)
// OUT:   %16 = linalg.generic(%4, %15)
// OUT:   %17 = linalg.generic(%36, %16)
// OUT:   %18 = tensor.collapse_shape(%17)
// OUT: edge @dispatch_9_contraction -> @dispatch_10_reduction (%36)
// OUT: edge @dispatch_7_elementwise -> @dispatch_9_contraction (%28)
// OUT: edge @dispatch_8_elementwise -> @dispatch_9_contraction (%30)
// OUT: edge @dispatch_3_elementwise -> @dispatch_7_elementwise (%8)
// OUT: edge @dispatch_4_elementwise -> @dispatch_6_contraction (%24)
// OUT: edge @dispatch_5_elementwise -> @dispatch_6_contraction (%26)
// OUT: edge @dispatch_3_elementwise -> @dispatch_4_elementwise (%8)
// OUT: edge @dispatch_2_contraction -> @dispatch_3_elementwise (%7)
// OUT: edge @dispatch_0_elementwise -> @dispatch_2_contraction (%20)
// OUT: edge @dispatch_1_elementwise -> @dispatch_2_contraction (%22)
// OUT: plan @dispatch_0_elementwise elementwise
// OUT: plan @dispatch_1_elementwise elementwise
// OUT: plan @dispatch_2_contraction simt tiles=32x32x8 thread=4x4 pad=4 stages=2
// OUT: plan @dispatch_3_elementwise elementwise
// OUT: plan @dispatch_4_elementwise elementwise
// OUT: plan @dispatch_5_elementwise elementwise
// OUT: plan @dispatch_6_contraction serial-reduction
// OUT: plan @dispatch_7_elementwise elementwise
// OUT: plan @dispatch_8_elementwise elementwise
// OUT: plan @dispatch_9_contraction simt tiles=32x32x8 thread=4x4 pad=4 stages=2
// OUT: plan @dispatch_10_reduction serial-reduction

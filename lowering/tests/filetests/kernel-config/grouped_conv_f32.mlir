// RUN: kernel-config target=nvidia-h200
// The grouped convs of `grouped_conv_f16.mlir` in f32: 16 channels take the SIMT 128 x 16
// tiling, 8 channels 512 x 8, 4 channels the unrolled window, 32 channels the general choice.
func.func @main(%x: tensor<32x64x28x28xf32>, %w1: tensor<64x64x1x1xf32>, %wg16: tensor<16x4x4x3x3xf32>, %wg8: tensor<8x8x8x3x3xf32>, %wg4: tensor<4x16x16x3x3xf32>, %wg2: tensor<2x32x32x3x3xf32>) -> (tensor<32x64x28x28xf32>, tensor<32x64x28x28xf32>, tensor<32x64x28x28xf32>, tensor<32x64x28x28xf32>) {
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<32x64x28x28xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<32x64x28x28xf32>) -> tensor<32x64x28x28xf32>
  %c1 = linalg.conv_2d_nchw_fchw {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%x, %w1 : tensor<32x64x28x28xf32>, tensor<64x64x1x1xf32>) outs(%f1 : tensor<32x64x28x28xf32>) -> tensor<32x64x28x28xf32>
  %p = tensor.pad %c1 low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<32x64x28x28xf32> to tensor<32x64x30x30xf32>
  %sg16 = tensor.expand_shape %p [[0], [1, 2], [3], [4]] output_shape [32, 16, 4, 30, 30] : tensor<32x64x30x30xf32> into tensor<32x16x4x30x30xf32>
  %eg16 = tensor.empty() : tensor<32x16x4x28x28xf32>
  %fg16 = linalg.fill ins(%zero : f32) outs(%eg16 : tensor<32x16x4x28x28xf32>) -> tensor<32x16x4x28x28xf32>
  %cg16 = linalg.conv_2d_ngchw_gfchw {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%sg16, %wg16 : tensor<32x16x4x30x30xf32>, tensor<16x4x4x3x3xf32>) outs(%fg16 : tensor<32x16x4x28x28xf32>) -> tensor<32x16x4x28x28xf32>
  %g16 = tensor.collapse_shape %cg16 [[0], [1, 2], [3], [4]] : tensor<32x16x4x28x28xf32> into tensor<32x64x28x28xf32>
  %sg8 = tensor.expand_shape %p [[0], [1, 2], [3], [4]] output_shape [32, 8, 8, 30, 30] : tensor<32x64x30x30xf32> into tensor<32x8x8x30x30xf32>
  %eg8 = tensor.empty() : tensor<32x8x8x28x28xf32>
  %fg8 = linalg.fill ins(%zero : f32) outs(%eg8 : tensor<32x8x8x28x28xf32>) -> tensor<32x8x8x28x28xf32>
  %cg8 = linalg.conv_2d_ngchw_gfchw {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%sg8, %wg8 : tensor<32x8x8x30x30xf32>, tensor<8x8x8x3x3xf32>) outs(%fg8 : tensor<32x8x8x28x28xf32>) -> tensor<32x8x8x28x28xf32>
  %g8 = tensor.collapse_shape %cg8 [[0], [1, 2], [3], [4]] : tensor<32x8x8x28x28xf32> into tensor<32x64x28x28xf32>
  %sg4 = tensor.expand_shape %p [[0], [1, 2], [3], [4]] output_shape [32, 4, 16, 30, 30] : tensor<32x64x30x30xf32> into tensor<32x4x16x30x30xf32>
  %eg4 = tensor.empty() : tensor<32x4x16x28x28xf32>
  %fg4 = linalg.fill ins(%zero : f32) outs(%eg4 : tensor<32x4x16x28x28xf32>) -> tensor<32x4x16x28x28xf32>
  %cg4 = linalg.conv_2d_ngchw_gfchw {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%sg4, %wg4 : tensor<32x4x16x30x30xf32>, tensor<4x16x16x3x3xf32>) outs(%fg4 : tensor<32x4x16x28x28xf32>) -> tensor<32x4x16x28x28xf32>
  %g4 = tensor.collapse_shape %cg4 [[0], [1, 2], [3], [4]] : tensor<32x4x16x28x28xf32> into tensor<32x64x28x28xf32>
  %sg2 = tensor.expand_shape %p [[0], [1, 2], [3], [4]] output_shape [32, 2, 32, 30, 30] : tensor<32x64x30x30xf32> into tensor<32x2x32x30x30xf32>
  %eg2 = tensor.empty() : tensor<32x2x32x28x28xf32>
  %fg2 = linalg.fill ins(%zero : f32) outs(%eg2 : tensor<32x2x32x28x28xf32>) -> tensor<32x2x32x28x28xf32>
  %cg2 = linalg.conv_2d_ngchw_gfchw {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%sg2, %wg2 : tensor<32x2x32x30x30xf32>, tensor<2x32x32x3x3xf32>) outs(%fg2 : tensor<32x2x32x28x28xf32>) -> tensor<32x2x32x28x28xf32>
  %g2 = tensor.collapse_shape %cg2 [[0], [1, 2], [3], [4]] : tensor<32x2x32x28x28xf32> into tensor<32x64x28x28xf32>
  return %g16, %g8, %g4, %g2 : tensor<32x64x28x28xf32>, tensor<32x64x28x28xf32>, tensor<32x64x28x28xf32>, tensor<32x64x28x28xf32>
}
// OUT: #map = affine_map<(d0, d1, d2, d3) -> ()>
// OUT: #map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// OUT: #map2 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d1 + d5, d2 + d6)>
// OUT: #map3 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d3, d4, d5, d6)>
// OUT: #map4 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
// OUT: #map5 = affine_map<(d0, d1, d2, d3, d4) -> ()>
// OUT: #map6 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
// OUT: #map7 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d3 + d5, d4 + d6, d1, d7)>
// OUT: #map8 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d1, d2, d7, d5, d6)>
// OUT: #map9 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1, d2, d3, d4)>
// OUT:
// OUT: func.func @main(%arg0: tensor<32x64x28x28xf32>, %arg1: tensor<64x64x1x1xf32>, %arg2: tensor<16x4x4x3x3xf32>, %arg3: tensor<8x8x8x3x3xf32>, %arg4: tensor<4x16x16x3x3xf32>, %arg5: tensor<2x32x32x3x3xf32>) -> (tensor<32x64x28x28xf32>, tensor<32x64x28x28xf32>, tensor<32x64x28x28xf32>, tensor<32x64x28x28xf32>) {
// OUT:   %0 = arith.constant 0.0 : f32
// OUT:   %1 = tensor.empty() : tensor<32x28x28x64xf32>
// OUT:   %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%1 : tensor<32x28x28x64xf32>) {
// OUT:   ^bb0(%3: f32, %4: f32):
// OUT:     linalg.yield %3 : f32
// OUT:   } -> tensor<32x28x28x64xf32>
// OUT:   %5 = linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%arg0, %arg1 : tensor<32x64x28x28xf32>, tensor<64x64x1x1xf32>) outs(%2 : tensor<32x28x28x64xf32>) {
// OUT:   ^bb0(%6: f32, %7: f32, %8: f32):
// OUT:     %9 = arith.mulf %6, %7 : f32
// OUT:     %10 = arith.addf %8, %9 : f32
// OUT:     linalg.yield %10 : f32
// OUT:   } -> tensor<32x28x28x64xf32>
// OUT:   %11 = tensor.pad %5 low[0, 1, 1, 0] high[0, 1, 1, 0] {
// OUT:   ^bb0(%pad12_0: index, %pad12_1: index, %pad12_2: index, %pad12_3: index):
// OUT:     tensor.yield %0 : f32
// OUT:   } : tensor<32x28x28x64xf32> to tensor<32x30x30x64xf32>
// OUT:   %13 = tensor.expand_shape %11 [[0], [1], [2], [3, 4]] output_shape [32, 30, 30, 16, 4] : tensor<32x30x30x64xf32> into tensor<32x30x30x16x4xf32>
// OUT:   %14 = tensor.empty() : tensor<32x16x4x28x28xf32>
// OUT:   %15 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%14 : tensor<32x16x4x28x28xf32>) {
// OUT:   ^bb0(%16: f32, %17: f32):
// OUT:     linalg.yield %16 : f32
// OUT:   } -> tensor<32x16x4x28x28xf32>
// OUT:   %18 = linalg.generic {indexing_maps = [#map7, #map8, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%13, %arg2 : tensor<32x30x30x16x4xf32>, tensor<16x4x4x3x3xf32>) outs(%15 : tensor<32x16x4x28x28xf32>) {
// OUT:   ^bb0(%19: f32, %20: f32, %21: f32):
// OUT:     %22 = arith.mulf %19, %20 : f32
// OUT:     %23 = arith.addf %21, %22 : f32
// OUT:     linalg.yield %23 : f32
// OUT:   } -> tensor<32x16x4x28x28xf32>
// OUT:   %24 = tensor.collapse_shape %18 [[0], [1, 2], [3], [4]] : tensor<32x16x4x28x28xf32> into tensor<32x64x28x28xf32>
// OUT:   %25 = tensor.expand_shape %11 [[0], [1], [2], [3, 4]] output_shape [32, 30, 30, 8, 8] : tensor<32x30x30x64xf32> into tensor<32x30x30x8x8xf32>
// OUT:   %26 = tensor.empty() : tensor<32x8x8x28x28xf32>
// OUT:   %27 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%26 : tensor<32x8x8x28x28xf32>) {
// OUT:   ^bb0(%28: f32, %29: f32):
// OUT:     linalg.yield %28 : f32
// OUT:   } -> tensor<32x8x8x28x28xf32>
// OUT:   %30 = linalg.generic {indexing_maps = [#map7, #map8, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%25, %arg3 : tensor<32x30x30x8x8xf32>, tensor<8x8x8x3x3xf32>) outs(%27 : tensor<32x8x8x28x28xf32>) {
// OUT:   ^bb0(%31: f32, %32: f32, %33: f32):
// OUT:     %34 = arith.mulf %31, %32 : f32
// OUT:     %35 = arith.addf %33, %34 : f32
// OUT:     linalg.yield %35 : f32
// OUT:   } -> tensor<32x8x8x28x28xf32>
// OUT:   %36 = tensor.collapse_shape %30 [[0], [1, 2], [3], [4]] : tensor<32x8x8x28x28xf32> into tensor<32x64x28x28xf32>
// OUT:   %37 = tensor.expand_shape %11 [[0], [1], [2], [3, 4]] output_shape [32, 30, 30, 4, 16] : tensor<32x30x30x64xf32> into tensor<32x30x30x4x16xf32>
// OUT:   %38 = tensor.empty() : tensor<32x4x16x28x28xf32>
// OUT:   %39 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%38 : tensor<32x4x16x28x28xf32>) {
// OUT:   ^bb0(%40: f32, %41: f32):
// OUT:     linalg.yield %40 : f32
// OUT:   } -> tensor<32x4x16x28x28xf32>
// OUT:   %42 = linalg.generic {indexing_maps = [#map7, #map8, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%37, %arg4 : tensor<32x30x30x4x16xf32>, tensor<4x16x16x3x3xf32>) outs(%39 : tensor<32x4x16x28x28xf32>) {
// OUT:   ^bb0(%43: f32, %44: f32, %45: f32):
// OUT:     %46 = arith.mulf %43, %44 : f32
// OUT:     %47 = arith.addf %45, %46 : f32
// OUT:     linalg.yield %47 : f32
// OUT:   } -> tensor<32x4x16x28x28xf32>
// OUT:   %48 = tensor.collapse_shape %42 [[0], [1, 2], [3], [4]] : tensor<32x4x16x28x28xf32> into tensor<32x64x28x28xf32>
// OUT:   %49 = tensor.expand_shape %11 [[0], [1], [2], [3, 4]] output_shape [32, 30, 30, 2, 32] : tensor<32x30x30x64xf32> into tensor<32x30x30x2x32xf32>
// OUT:   %50 = tensor.empty() : tensor<32x2x32x28x28xf32>
// OUT:   %51 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%50 : tensor<32x2x32x28x28xf32>) {
// OUT:   ^bb0(%52: f32, %53: f32):
// OUT:     linalg.yield %52 : f32
// OUT:   } -> tensor<32x2x32x28x28xf32>
// OUT:   %54 = linalg.generic {indexing_maps = [#map7, #map8, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%49, %arg5 : tensor<32x30x30x2x32xf32>, tensor<2x32x32x3x3xf32>) outs(%51 : tensor<32x2x32x28x28xf32>) {
// OUT:   ^bb0(%55: f32, %56: f32, %57: f32):
// OUT:     %58 = arith.mulf %55, %56 : f32
// OUT:     %59 = arith.addf %57, %58 : f32
// OUT:     linalg.yield %59 : f32
// OUT:   } -> tensor<32x2x32x28x28xf32>
// OUT:   %60 = tensor.collapse_shape %54 [[0], [1, 2], [3], [4]] : tensor<32x2x32x28x28xf32> into tensor<32x64x28x28xf32>
// OUT:   return %24, %36, %48, %60 : tensor<32x64x28x28xf32>, tensor<32x64x28x28xf32>, tensor<32x64x28x28xf32>, tensor<32x64x28x28xf32>
// OUT: }
// OUT: region @dispatch_0_contraction root linalg.generic -> %9
// OUT:   inputs (%0, %1) outputs (%9)
// OUT:   %8 = linalg.generic(%6, %7)
// OUT:   %9 = linalg.generic(%0, %1, %8)
// OUT: region @dispatch_1_elementwise root tensor.pad -> %10
// OUT:   inputs (%9) outputs (%10)
// OUT:   %10 = tensor.pad(%9, %6)
// OUT: region @dispatch_2_contraction root linalg.generic -> %14 epilogue -> %15
// OUT:   inputs (%10, %2) outputs (%15)
// OUT:   %11 = tensor.expand_shape(%10)
// OUT:   %13 = linalg.generic(%6, %12)
// OUT:   %14 = linalg.generic(%11, %2, %13)
// OUT:   %15 = tensor.collapse_shape(%14)
// OUT: region @dispatch_3_contraction root linalg.generic -> %19 epilogue -> %20
// OUT:   inputs (%10, %3) outputs (%20)
// OUT:   %16 = tensor.expand_shape(%10)
// OUT:   %18 = linalg.generic(%6, %17)
// OUT:   %19 = linalg.generic(%16, %3, %18)
// OUT:   %20 = tensor.collapse_shape(%19)
// OUT: region @dispatch_4_contraction root linalg.generic -> %24 epilogue -> %25
// OUT:   inputs (%10, %4) outputs (%25)
// OUT:   %21 = tensor.expand_shape(%10)
// OUT:   %23 = linalg.generic(%6, %22)
// OUT:   %24 = linalg.generic(%21, %4, %23)
// OUT:   %25 = tensor.collapse_shape(%24)
// OUT: region @dispatch_5_contraction root linalg.generic -> %29 epilogue -> %30
// OUT:   inputs (%10, %5) outputs (%30)
// OUT:   %26 = tensor.expand_shape(%10)
// OUT:   %28 = linalg.generic(%6, %27)
// OUT:   %29 = linalg.generic(%26, %5, %28)
// OUT:   %30 = tensor.collapse_shape(%29)
// OUT: edge @dispatch_1_elementwise -> @dispatch_5_contraction (%10)
// OUT: edge @dispatch_1_elementwise -> @dispatch_4_contraction (%10)
// OUT: edge @dispatch_1_elementwise -> @dispatch_3_contraction (%10)
// OUT: edge @dispatch_1_elementwise -> @dispatch_2_contraction (%10)
// OUT: edge @dispatch_0_contraction -> @dispatch_1_elementwise (%9)
// OUT: plan @dispatch_0_contraction simt tiles=128x64x8 thread=8x8 pad=4 stages=2
// OUT: plan @dispatch_1_elementwise elementwise
// OUT: plan @dispatch_2_contraction unrolled-reduction dim=4 outputs=4
// OUT: plan @dispatch_3_contraction simt tiles=512x8x16 thread=4x8 pad=4 stages=1
// OUT: plan @dispatch_4_contraction simt tiles=128x16x16 thread=4x4 pad=4 stages=2
// OUT: plan @dispatch_5_contraction simt tiles=128x64x8 thread=8x8 pad=4 stages=2

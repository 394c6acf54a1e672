// RUN: kernel-config target=nvidia-h200 precision=f16
// Grouped 3x3 convs (NHWGC after `channels-last`) of 4, 8, 16 and 32 output channels a group
// at batch 32 on 28x28 in f16 (`Heuristics::grouped_conv_*`): 16 channels take the
// cooperative-matrix kernel on 128 x 16 tiles (4 x 1 subgroups of 2 x 1 fragments), 8 channels
// the SIMT 512 x 8 tiling (under `min_tiled_size`), 4 channels the unrolled window (36 points,
// under `unrolled_reduction_gpu_max_points`), 32 channels the general choice.
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
// OUT: #map7 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d4, d3, d1, d2)>
// OUT: #map8 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d3 + d5, d4 + d6, d1, d7)>
// OUT: #map9 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d1, d5, d6, d7, d2)>
// OUT: #map10 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1, d2, d3, d4)>
// OUT:
// OUT: func.func @main(%arg0: tensor<32x64x28x28xf32>, %arg1: tensor<64x64x1x1xf32>, %arg2: tensor<16x4x4x3x3xf32>, %arg3: tensor<8x8x8x3x3xf32>, %arg4: tensor<4x16x16x3x3xf32>, %arg5: tensor<2x32x32x3x3xf32>) -> (tensor<32x64x28x28xf32>, tensor<32x64x28x28xf32>, tensor<32x64x28x28xf32>, tensor<32x64x28x28xf32>) {
// OUT:   %0 = arith.constant 0.0 : f32
// OUT:   %1 = tensor.empty() : tensor<32x28x28x64xf32>
// OUT:   %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%1 : tensor<32x28x28x64xf32>) {
// OUT:   ^bb0(%3: f32, %4: f32):
// OUT:     linalg.yield %3 : f32
// OUT:   } -> tensor<32x28x28x64xf32>
// OUT:   %5 = tensor.empty() : tensor<32x64x28x28xf16>
// OUT:   %6 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg0 : tensor<32x64x28x28xf32>) outs(%5 : tensor<32x64x28x28xf16>) {
// OUT:   ^bb0(%7: f32, %8: f16):
// OUT:     %9 = arith.truncf %7 : f32 to f16
// OUT:     linalg.yield %9 : f16
// OUT:   } -> tensor<32x64x28x28xf16>
// OUT:   %10 = tensor.empty() : tensor<64x64x1x1xf16>
// OUT:   %11 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg1 : tensor<64x64x1x1xf32>) outs(%10 : tensor<64x64x1x1xf16>) {
// OUT:   ^bb0(%12: f32, %13: f16):
// OUT:     %14 = arith.truncf %12 : f32 to f16
// OUT:     linalg.yield %14 : f16
// OUT:   } -> tensor<64x64x1x1xf16>
// OUT:   %15 = linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%6, %11 : tensor<32x64x28x28xf16>, tensor<64x64x1x1xf16>) outs(%2 : tensor<32x28x28x64xf32>) {
// OUT:   ^bb0(%16: f16, %17: f16, %18: f32):
// OUT:     %19 = arith.extf %16 : f16 to f32
// OUT:     %20 = arith.extf %17 : f16 to f32
// OUT:     %21 = arith.mulf %19, %20 : f32
// OUT:     %22 = arith.addf %18, %21 : f32
// OUT:     linalg.yield %22 : f32
// OUT:   } -> tensor<32x28x28x64xf32>
// OUT:   %23 = tensor.pad %15 low[0, 1, 1, 0] high[0, 1, 1, 0] {
// OUT:   ^bb0(%pad24_0: index, %pad24_1: index, %pad24_2: index, %pad24_3: index):
// OUT:     tensor.yield %0 : f32
// OUT:   } : tensor<32x28x28x64xf32> to tensor<32x30x30x64xf32>
// OUT:   %25 = tensor.expand_shape %23 [[0], [1], [2], [3, 4]] output_shape [32, 30, 30, 16, 4] : tensor<32x30x30x64xf32> into tensor<32x30x30x16x4xf32>
// OUT:   %26 = tensor.empty() : tensor<32x16x4x28x28xf32>
// OUT:   %27 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%26 : tensor<32x16x4x28x28xf32>) {
// OUT:   ^bb0(%28: f32, %29: f32):
// OUT:     linalg.yield %28 : f32
// OUT:   } -> tensor<32x16x4x28x28xf32>
// OUT:   %30 = tensor.empty() : tensor<32x30x30x16x4xf16>
// OUT:   %31 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%25 : tensor<32x30x30x16x4xf32>) outs(%30 : tensor<32x30x30x16x4xf16>) {
// OUT:   ^bb0(%32: f32, %33: f16):
// OUT:     %34 = arith.truncf %32 : f32 to f16
// OUT:     linalg.yield %34 : f16
// OUT:   } -> tensor<32x30x30x16x4xf16>
// OUT:   %35 = tensor.empty() : tensor<16x3x3x4x4xf16>
// OUT:   %36 = linalg.generic {indexing_maps = [#map7, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%arg2 : tensor<16x4x4x3x3xf32>) outs(%35 : tensor<16x3x3x4x4xf16>) {
// OUT:   ^bb0(%37: f32, %38: f16):
// OUT:     %39 = arith.truncf %37 : f32 to f16
// OUT:     linalg.yield %39 : f16
// OUT:   } -> tensor<16x3x3x4x4xf16>
// OUT:   %40 = linalg.generic {indexing_maps = [#map8, #map9, #map10], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%31, %36 : tensor<32x30x30x16x4xf16>, tensor<16x3x3x4x4xf16>) outs(%27 : tensor<32x16x4x28x28xf32>) {
// OUT:   ^bb0(%41: f16, %42: f16, %43: f32):
// OUT:     %44 = arith.extf %41 : f16 to f32
// OUT:     %45 = arith.extf %42 : f16 to f32
// OUT:     %46 = arith.mulf %44, %45 : f32
// OUT:     %47 = arith.addf %43, %46 : f32
// OUT:     linalg.yield %47 : f32
// OUT:   } -> tensor<32x16x4x28x28xf32>
// OUT:   %48 = tensor.collapse_shape %40 [[0], [1, 2], [3], [4]] : tensor<32x16x4x28x28xf32> into tensor<32x64x28x28xf32>
// OUT:   %49 = tensor.expand_shape %23 [[0], [1], [2], [3, 4]] output_shape [32, 30, 30, 8, 8] : tensor<32x30x30x64xf32> into tensor<32x30x30x8x8xf32>
// OUT:   %50 = tensor.empty() : tensor<32x8x8x28x28xf32>
// OUT:   %51 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%50 : tensor<32x8x8x28x28xf32>) {
// OUT:   ^bb0(%52: f32, %53: f32):
// OUT:     linalg.yield %52 : f32
// OUT:   } -> tensor<32x8x8x28x28xf32>
// OUT:   %54 = tensor.empty() : tensor<32x30x30x8x8xf16>
// OUT:   %55 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%49 : tensor<32x30x30x8x8xf32>) outs(%54 : tensor<32x30x30x8x8xf16>) {
// OUT:   ^bb0(%56: f32, %57: f16):
// OUT:     %58 = arith.truncf %56 : f32 to f16
// OUT:     linalg.yield %58 : f16
// OUT:   } -> tensor<32x30x30x8x8xf16>
// OUT:   %59 = tensor.empty() : tensor<8x3x3x8x8xf16>
// OUT:   %60 = linalg.generic {indexing_maps = [#map7, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%arg3 : tensor<8x8x8x3x3xf32>) outs(%59 : tensor<8x3x3x8x8xf16>) {
// OUT:   ^bb0(%61: f32, %62: f16):
// OUT:     %63 = arith.truncf %61 : f32 to f16
// OUT:     linalg.yield %63 : f16
// OUT:   } -> tensor<8x3x3x8x8xf16>
// OUT:   %64 = linalg.generic {indexing_maps = [#map8, #map9, #map10], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%55, %60 : tensor<32x30x30x8x8xf16>, tensor<8x3x3x8x8xf16>) outs(%51 : tensor<32x8x8x28x28xf32>) {
// OUT:   ^bb0(%65: f16, %66: f16, %67: f32):
// OUT:     %68 = arith.extf %65 : f16 to f32
// OUT:     %69 = arith.extf %66 : f16 to f32
// OUT:     %70 = arith.mulf %68, %69 : f32
// OUT:     %71 = arith.addf %67, %70 : f32
// OUT:     linalg.yield %71 : f32
// OUT:   } -> tensor<32x8x8x28x28xf32>
// OUT:   %72 = tensor.collapse_shape %64 [[0], [1, 2], [3], [4]] : tensor<32x8x8x28x28xf32> into tensor<32x64x28x28xf32>
// OUT:   %73 = tensor.expand_shape %23 [[0], [1], [2], [3, 4]] output_shape [32, 30, 30, 4, 16] : tensor<32x30x30x64xf32> into tensor<32x30x30x4x16xf32>
// OUT:   %74 = tensor.empty() : tensor<32x4x16x28x28xf32>
// OUT:   %75 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%74 : tensor<32x4x16x28x28xf32>) {
// OUT:   ^bb0(%76: f32, %77: f32):
// OUT:     linalg.yield %76 : f32
// OUT:   } -> tensor<32x4x16x28x28xf32>
// OUT:   %78 = tensor.empty() : tensor<32x30x30x4x16xf16>
// OUT:   %79 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%73 : tensor<32x30x30x4x16xf32>) outs(%78 : tensor<32x30x30x4x16xf16>) {
// OUT:   ^bb0(%80: f32, %81: f16):
// OUT:     %82 = arith.truncf %80 : f32 to f16
// OUT:     linalg.yield %82 : f16
// OUT:   } -> tensor<32x30x30x4x16xf16>
// OUT:   %83 = tensor.empty() : tensor<4x3x3x16x16xf16>
// OUT:   %84 = linalg.generic {indexing_maps = [#map7, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%arg4 : tensor<4x16x16x3x3xf32>) outs(%83 : tensor<4x3x3x16x16xf16>) {
// OUT:   ^bb0(%85: f32, %86: f16):
// OUT:     %87 = arith.truncf %85 : f32 to f16
// OUT:     linalg.yield %87 : f16
// OUT:   } -> tensor<4x3x3x16x16xf16>
// OUT:   %88 = linalg.generic {indexing_maps = [#map8, #map9, #map10], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%79, %84 : tensor<32x30x30x4x16xf16>, tensor<4x3x3x16x16xf16>) outs(%75 : tensor<32x4x16x28x28xf32>) {
// OUT:   ^bb0(%89: f16, %90: f16, %91: f32):
// OUT:     %92 = arith.extf %89 : f16 to f32
// OUT:     %93 = arith.extf %90 : f16 to f32
// OUT:     %94 = arith.mulf %92, %93 : f32
// OUT:     %95 = arith.addf %91, %94 : f32
// OUT:     linalg.yield %95 : f32
// OUT:   } -> tensor<32x4x16x28x28xf32>
// OUT:   %96 = tensor.collapse_shape %88 [[0], [1, 2], [3], [4]] : tensor<32x4x16x28x28xf32> into tensor<32x64x28x28xf32>
// OUT:   %97 = tensor.expand_shape %23 [[0], [1], [2], [3, 4]] output_shape [32, 30, 30, 2, 32] : tensor<32x30x30x64xf32> into tensor<32x30x30x2x32xf32>
// OUT:   %98 = tensor.empty() : tensor<32x2x32x28x28xf32>
// OUT:   %99 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%98 : tensor<32x2x32x28x28xf32>) {
// OUT:   ^bb0(%100: f32, %101: f32):
// OUT:     linalg.yield %100 : f32
// OUT:   } -> tensor<32x2x32x28x28xf32>
// OUT:   %102 = tensor.empty() : tensor<32x30x30x2x32xf16>
// OUT:   %103 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%97 : tensor<32x30x30x2x32xf32>) outs(%102 : tensor<32x30x30x2x32xf16>) {
// OUT:   ^bb0(%104: f32, %105: f16):
// OUT:     %106 = arith.truncf %104 : f32 to f16
// OUT:     linalg.yield %106 : f16
// OUT:   } -> tensor<32x30x30x2x32xf16>
// OUT:   %107 = tensor.empty() : tensor<2x3x3x32x32xf16>
// OUT:   %108 = linalg.generic {indexing_maps = [#map7, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%arg5 : tensor<2x32x32x3x3xf32>) outs(%107 : tensor<2x3x3x32x32xf16>) {
// OUT:   ^bb0(%109: f32, %110: f16):
// OUT:     %111 = arith.truncf %109 : f32 to f16
// OUT:     linalg.yield %111 : f16
// OUT:   } -> tensor<2x3x3x32x32xf16>
// OUT:   %112 = linalg.generic {indexing_maps = [#map8, #map9, #map10], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%103, %108 : tensor<32x30x30x2x32xf16>, tensor<2x3x3x32x32xf16>) outs(%99 : tensor<32x2x32x28x28xf32>) {
// OUT:   ^bb0(%113: f16, %114: f16, %115: f32):
// OUT:     %116 = arith.extf %113 : f16 to f32
// OUT:     %117 = arith.extf %114 : f16 to f32
// OUT:     %118 = arith.mulf %116, %117 : f32
// OUT:     %119 = arith.addf %115, %118 : f32
// OUT:     linalg.yield %119 : f32
// OUT:   } -> tensor<32x2x32x28x28xf32>
// OUT:   %120 = tensor.collapse_shape %112 [[0], [1, 2], [3], [4]] : tensor<32x2x32x28x28xf32> into tensor<32x64x28x28xf32>
// OUT:   return %48, %72, %96, %120 : tensor<32x64x28x28xf32>, tensor<32x64x28x28xf32>, tensor<32x64x28x28xf32>, tensor<32x64x28x28xf32>
// OUT: }
// OUT: region @dispatch_0_elementwise root linalg.generic -> %32
// OUT:   inputs (%0) outputs (%32)
// OUT:   %32 = linalg.generic(%0, %31)
// OUT: region @dispatch_1_elementwise root linalg.generic -> %34
// OUT:   inputs (%1) outputs (%34)
// OUT:   %34 = linalg.generic(%1, %33)
// OUT: region @dispatch_2_contraction root linalg.generic -> %9
// OUT:   inputs (%32, %34) outputs (%9)
// OUT:   %8 = linalg.generic(%6, %7)
// OUT:   %9 = linalg.generic(%32, %34, %8)
// OUT: region @dispatch_3_elementwise root tensor.pad -> %10
// OUT:   inputs (%9) outputs (%10)
// OUT:   %10 = tensor.pad(%9, %6)
// OUT: region @dispatch_4_elementwise root linalg.generic -> %36
// OUT:   inputs (%10) outputs (%36)
// OUT:   %11 = tensor.expand_shape(%10)
// OUT:   %36 = linalg.generic(%11, %35)
// OUT: region @dispatch_5_elementwise root linalg.generic -> %38
// OUT:   inputs (%2) outputs (%38)
// OUT:   %38 = linalg.generic(%2, %37)
// OUT: region @dispatch_6_contraction root linalg.generic -> %14 epilogue -> %15
// OUT:   inputs (%36, %38) outputs (%15)
// OUT:   %13 = linalg.generic(%6, %12)
// OUT:   %14 = linalg.generic(%36, %38, %13)
// OUT:   %15 = tensor.collapse_shape(%14)
// OUT: region @dispatch_7_elementwise root linalg.generic -> %40
// OUT:   inputs (%10) outputs (%40)
// OUT:   %16 = tensor.expand_shape(%10)
// OUT:   %40 = linalg.generic(%16, %39)
// OUT: region @dispatch_8_elementwise root linalg.generic -> %42
// OUT:   inputs (%3) outputs (%42)
// OUT:   %42 = linalg.generic(%3, %41)
// OUT: region @dispatch_9_contraction root linalg.generic -> %19 epilogue -> %20
// OUT:   inputs (%40, %42) outputs (%20)
// OUT:   %18 = linalg.generic(%6, %17)
// OUT:   %19 = linalg.generic(%40, %42, %18)
// OUT:   %20 = tensor.collapse_shape(%19)
// OUT: region @dispatch_10_elementwise root linalg.generic -> %44
// OUT:   inputs (%10) outputs (%44)
// OUT:   %21 = tensor.expand_shape(%10)
// OUT:   %44 = linalg.generic(%21, %43)
// OUT: region @dispatch_11_elementwise root linalg.generic -> %46
// OUT:   inputs (%4) outputs (%46)
// OUT:   %46 = linalg.generic(%4, %45)
// OUT: region @dispatch_12_contraction root linalg.generic -> %24 epilogue -> %25
// OUT:   inputs (%44, %46) outputs (%25)
// OUT:   %23 = linalg.generic(%6, %22)
// OUT:   %24 = linalg.generic(%44, %46, %23)
// OUT:   %25 = tensor.collapse_shape(%24)
// OUT: region @dispatch_13_elementwise root linalg.generic -> %48
// OUT:   inputs (%10) outputs (%48)
// OUT:   %26 = tensor.expand_shape(%10)
// OUT:   %48 = linalg.generic(%26, %47)
// OUT: region @dispatch_14_elementwise root linalg.generic -> %50
// OUT:   inputs (%5) outputs (%50)
// OUT:   %50 = linalg.generic(%5, %49)
// OUT: region @dispatch_15_contraction root linalg.generic -> %29 epilogue -> %30
// OUT:   inputs (%48, %50) outputs (%30)
// OUT:   %28 = linalg.generic(%6, %27)
// OUT:   %29 = linalg.generic(%48, %50, %28)
// OUT:   %30 = tensor.collapse_shape(%29)
// OUT: edge @dispatch_13_elementwise -> @dispatch_15_contraction (%48)
// OUT: edge @dispatch_14_elementwise -> @dispatch_15_contraction (%50)
// OUT: edge @dispatch_3_elementwise -> @dispatch_13_elementwise (%10)
// OUT: edge @dispatch_10_elementwise -> @dispatch_12_contraction (%44)
// OUT: edge @dispatch_11_elementwise -> @dispatch_12_contraction (%46)
// OUT: edge @dispatch_3_elementwise -> @dispatch_10_elementwise (%10)
// OUT: edge @dispatch_7_elementwise -> @dispatch_9_contraction (%40)
// OUT: edge @dispatch_8_elementwise -> @dispatch_9_contraction (%42)
// OUT: edge @dispatch_3_elementwise -> @dispatch_7_elementwise (%10)
// OUT: edge @dispatch_4_elementwise -> @dispatch_6_contraction (%36)
// OUT: edge @dispatch_5_elementwise -> @dispatch_6_contraction (%38)
// OUT: edge @dispatch_3_elementwise -> @dispatch_4_elementwise (%10)
// OUT: edge @dispatch_2_contraction -> @dispatch_3_elementwise (%9)
// OUT: edge @dispatch_0_elementwise -> @dispatch_2_contraction (%32)
// OUT: edge @dispatch_1_elementwise -> @dispatch_2_contraction (%34)
// OUT: plan @dispatch_0_elementwise elementwise
// OUT: plan @dispatch_1_elementwise elementwise
// OUT: plan @dispatch_2_contraction simt tiles=128x64x8 thread=8x8 pad=4 stages=2
// OUT: plan @dispatch_3_elementwise elementwise
// OUT: plan @dispatch_4_elementwise elementwise
// OUT: plan @dispatch_5_elementwise elementwise
// OUT: plan @dispatch_6_contraction unrolled-reduction dim=4 outputs=4
// OUT: plan @dispatch_7_elementwise elementwise
// OUT: plan @dispatch_8_elementwise elementwise
// OUT: plan @dispatch_9_contraction simt tiles=512x8x16 thread=4x8 pad=4 stages=2
// OUT: plan @dispatch_10_elementwise elementwise
// OUT: plan @dispatch_11_elementwise elementwise
// OUT: plan @dispatch_12_contraction cooperative-matrix tiles=128x16x32 matrix=16x16x16 subgroups=4x1x32 pad=8/4 stages=2
// OUT: plan @dispatch_13_elementwise elementwise
// OUT: plan @dispatch_14_elementwise elementwise
// OUT: plan @dispatch_15_contraction simt tiles=128x64x8 thread=8x8 pad=4 stages=2

// RUN: split-reduction target=nvidia-h200
// A `--precision f16` conv (f16 operands, f32 sums) at batch 1 with a 7x7 output, ResNet-50's
// 3x3 at 7x7x512: its cooperative-matrix kernel would launch 8 workgroups for 132 compute
// units, so its 512 input channels are split into slices as an f32 conv's are.
func.func @main(%x: tensor<1x512x9x9xf16>, %w: tensor<512x512x3x3xf16>) -> tensor<1x512x7x7xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x512x7x7xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x512x7x7xf32>) -> tensor<1x512x7x7xf32>
  %c = linalg.conv_2d_nchw_fchw {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x512x9x9xf16>, tensor<512x512x3x3xf16>) outs(%f : tensor<1x512x7x7xf32>) -> tensor<1x512x7x7xf32>
  return %c : tensor<1x512x7x7xf32>
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
// OUT:
// OUT: func.func @main(%arg0: tensor<1x512x9x9xf16>, %arg1: tensor<512x512x3x3xf16>) -> tensor<1x512x7x7xf32> {
// OUT:   %0 = arith.constant 0.0 : f32
// OUT:   %1 = tensor.empty() : tensor<1x512x7x7xf32>
// OUT:   %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%1 : tensor<1x512x7x7xf32>) {
// OUT:   ^bb0(%3: f32, %4: f32):
// OUT:     linalg.yield %3 : f32
// OUT:   } -> tensor<1x512x7x7xf32>
// OUT:   %5 = tensor.expand_shape %arg0 [[0], [1, 2], [3], [4]] output_shape [1, 32, 16, 9, 9] : tensor<1x512x9x9xf16> into tensor<1x32x16x9x9xf16>
// OUT:   %6 = tensor.expand_shape %arg1 [[0], [1, 2], [3], [4]] output_shape [512, 32, 16, 3, 3] : tensor<512x512x3x3xf16> into tensor<512x32x16x3x3xf16>
// OUT:   %7 = tensor.empty() : tensor<32x1x512x7x7xf32>
// OUT:   %8 = arith.constant 0.0 : f32
// OUT:   %9 = linalg.generic {indexing_maps = [#map2, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%8 : f32) outs(%7 : tensor<32x1x512x7x7xf32>) {
// OUT:   ^bb0(%10: f32, %11: f32):
// OUT:     linalg.yield %10 : f32
// OUT:   } -> tensor<32x1x512x7x7xf32>
// OUT:   %12 = linalg.generic {indexing_maps = [#map4, #map5, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction", "parallel"]} ins(%5, %6 : tensor<1x32x16x9x9xf16>, tensor<512x32x16x3x3xf16>) outs(%9 : tensor<32x1x512x7x7xf32>) {
// OUT:   ^bb0(%13: f16, %14: f16, %15: f32):
// OUT:     %16 = arith.extf %13 : f16 to f32
// OUT:     %17 = arith.extf %14 : f16 to f32
// OUT:     %18 = arith.mulf %16, %17 : f32
// OUT:     %19 = arith.addf %15, %18 : f32
// OUT:     linalg.yield %19 : f32
// OUT:   } -> tensor<32x1x512x7x7xf32>
// OUT:   %20 = linalg.generic {indexing_maps = [#map7, #map8], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%12 : tensor<32x1x512x7x7xf32>) outs(%2 : tensor<1x512x7x7xf32>) {
// OUT:   ^bb0(%21: f32, %22: f32):
// OUT:     %23 = arith.addf %22, %21 : f32
// OUT:     linalg.yield %23 : f32
// OUT:   } -> tensor<1x512x7x7xf32>
// OUT:   return %20 : tensor<1x512x7x7xf32>
// OUT: }

// RUN: reduce-precision target=nvidia-h200 precision=f16
// A padded conv: the pad follows its data (the graph input, cast to f16 first; the pad value
// rebuilt as an f16 constant), the conv is generalized and reads f16 input and f16 weights into
// its f32 fill; the max pooling reads the f32 conv result into its f32 -inf init (a reduction
// keeps its f32 accumulator) and its result goes out as it is.
func.func @main(%x: tensor<1x4x6x6xf32>) -> tensor<1x8x3x3xf32> {
  %w = arith.constant dense<0.125> : tensor<8x4x3x3xf32>
  %pv = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %pv : f32
  } : tensor<1x4x6x6xf32> to tensor<1x4x8x8xf32>
  %zero = arith.constant 0.0 : f32
  %ce = tensor.empty() : tensor<1x8x6x6xf32>
  %cf = linalg.fill ins(%zero : f32) outs(%ce : tensor<1x8x6x6xf32>) -> tensor<1x8x6x6xf32>
  %c = linalg.conv_2d_nchw_fchw {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%p, %w : tensor<1x4x8x8xf32>, tensor<8x4x3x3xf32>) outs(%cf : tensor<1x8x6x6xf32>) -> tensor<1x8x6x6xf32>
  %ninf = arith.constant 0xFF800000 : f32
  %pe = tensor.empty() : tensor<1x8x3x3xf32>
  %pf = linalg.fill ins(%ninf : f32) outs(%pe : tensor<1x8x3x3xf32>) -> tensor<1x8x3x3xf32>
  %win = tensor.empty() : tensor<2x2xf32>
  %pool = linalg.pooling_nchw_max {strides = dense<2> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%c, %win : tensor<1x8x6x6xf32>, tensor<2x2xf32>) outs(%pf : tensor<1x8x3x3xf32>) -> tensor<1x8x3x3xf32>
  return %pool : tensor<1x8x3x3xf32>
}
// OUT: #map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// OUT: #map1 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d2 + d5, d3 + d6)>
// OUT: #map2 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d1, d4, d5, d6)>
// OUT: #map3 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
// OUT: #map4 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2 * 2 + d4, d3 * 2 + d5)>
// OUT: #map5 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>
// OUT: #map6 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>
// OUT:
// OUT: func.func @main(%arg0: tensor<1x4x6x6xf32>) -> tensor<1x8x3x3xf32> {
// OUT:   %0 = tensor.empty() : tensor<1x4x6x6xf16>
// OUT:   %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg0 : tensor<1x4x6x6xf32>) outs(%0 : tensor<1x4x6x6xf16>) {
// OUT:   ^bb0(%2: f32, %3: f16):
// OUT:     %4 = arith.truncf %2 : f32 to f16
// OUT:     linalg.yield %4 : f16
// OUT:   } -> tensor<1x4x6x6xf16>
// OUT:   %5 = arith.constant 0.0 : f16
// OUT:   %6 = tensor.pad %1 low[0, 0, 1, 1] high[0, 0, 1, 1] {
// OUT:   ^bb0(%pad7_0: index, %pad7_1: index, %pad7_2: index, %pad7_3: index):
// OUT:     tensor.yield %5 : f16
// OUT:   } : tensor<1x4x6x6xf16> to tensor<1x4x8x8xf16>
// OUT:   %8 = arith.constant 0.0 : f32
// OUT:   %9 = tensor.empty() : tensor<1x8x6x6xf32>
// OUT:   %10 = linalg.fill ins(%8 : f32) outs(%9 : tensor<1x8x6x6xf32>) -> tensor<1x8x6x6xf32>
// OUT:   %11 = arith.constant dense<1.25e-1> : tensor<8x4x3x3xf16>
// OUT:   %12 = linalg.generic {indexing_maps = [#map1, #map2, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%6, %11 : tensor<1x4x8x8xf16>, tensor<8x4x3x3xf16>) outs(%10 : tensor<1x8x6x6xf32>) {
// OUT:   ^bb0(%13: f16, %14: f16, %15: f32):
// OUT:     %16 = arith.extf %13 : f16 to f32
// OUT:     %17 = arith.extf %14 : f16 to f32
// OUT:     %18 = arith.mulf %16, %17 : f32
// OUT:     %19 = arith.addf %15, %18 : f32
// OUT:     linalg.yield %19 : f32
// OUT:   } -> tensor<1x8x6x6xf32>
// OUT:   %20 = arith.constant 0xFF800000 : f32
// OUT:   %21 = tensor.empty() : tensor<1x8x3x3xf32>
// OUT:   %22 = linalg.fill ins(%20 : f32) outs(%21 : tensor<1x8x3x3xf32>) -> tensor<1x8x3x3xf32>
// OUT:   %23 = tensor.empty() : tensor<2x2xf32>
// OUT:   %24 = linalg.generic {indexing_maps = [#map4, #map5, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%12, %23 : tensor<1x8x6x6xf32>, tensor<2x2xf32>) outs(%22 : tensor<1x8x3x3xf32>) {
// OUT:   ^bb0(%25: f32, %26: f32, %27: f32):
// OUT:     %28 = arith.maximumf %27, %25 : f32
// OUT:     linalg.yield %28 : f32
// OUT:   } -> tensor<1x8x3x3xf32>
// OUT:   return %24 : tensor<1x8x3x3xf32>
// OUT: }

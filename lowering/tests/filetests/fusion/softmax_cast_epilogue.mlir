// RUN: fusion target=nvidia-h200
// A softmax whose only reader is a reshape and a float cast (`--precision f16`'s probabilities
// rounded to f16 before `P V`): the cast and the reshape join the softmax region as its
// epilogue, which stores the f16 values; the matmul reads them.
#id3 = affine_map<(b, m, n) -> (b, m, n)>
#id2 = affine_map<(m, n) -> (m, n)>
func.func @main(%x: tensor<2x3x8xf32>, %w: tensor<8x4xf16>) -> tensor<6x4xf32> {
  %e = tensor.empty() : tensor<2x3x8xf32>
  %p = linalg.softmax dimension(2) ins(%x : tensor<2x3x8xf32>) outs(%e : tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
  %c = tensor.collapse_shape %p [[0, 1], [2]] : tensor<2x3x8xf32> into tensor<6x8xf32>
  %he = tensor.empty() : tensor<6x8xf16>
  %h = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]} ins(%c : tensor<6x8xf32>) outs(%he : tensor<6x8xf16>) {
  ^bb0(%a: f32, %o: f16):
    %t = arith.truncf %a : f32 to f16
    linalg.yield %t : f16
  } -> tensor<6x8xf16>
  %zero = arith.constant 0.0 : f32
  %oe = tensor.empty() : tensor<6x4xf32>
  %of = linalg.fill ins(%zero : f32) outs(%oe : tensor<6x4xf32>) -> tensor<6x4xf32>
  %r = linalg.matmul ins(%h, %w : tensor<6x8xf16>, tensor<8x4xf16>) outs(%of : tensor<6x4xf32>) -> tensor<6x4xf32>
  return %r : tensor<6x4xf32>
}
// OUT: #map = affine_map<(d0, d1) -> (d0, d1)>
// OUT: #map1 = affine_map<(d0, d1) -> ()>
// OUT: #map2 = affine_map<(d0, d1, d2) -> (d0, d2)>
// OUT: #map3 = affine_map<(d0, d1, d2) -> (d2, d1)>
// OUT: #map4 = affine_map<(d0, d1, d2) -> (d0, d1)>
// OUT:
// OUT: func.func @main(%arg0: tensor<2x3x8xf32>, %arg1: tensor<8x4xf16>) -> tensor<6x4xf32> {
// OUT:   %0 = tensor.empty() : tensor<2x3x8xf32>
// OUT:   %1 = linalg.softmax dimension(2) ins(%arg0 : tensor<2x3x8xf32>) outs(%0 : tensor<2x3x8xf32>) -> tensor<2x3x8xf32>
// OUT:   %2 = tensor.collapse_shape %1 [[0, 1], [2]] : tensor<2x3x8xf32> into tensor<6x8xf32>
// OUT:   %3 = tensor.empty() : tensor<6x8xf16>
// OUT:   %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%2 : tensor<6x8xf32>) outs(%3 : tensor<6x8xf16>) {
// OUT:   ^bb0(%5: f32, %6: f16):
// OUT:     %7 = arith.truncf %5 : f32 to f16
// OUT:     linalg.yield %7 : f16
// OUT:   } -> tensor<6x8xf16>
// OUT:   %8 = arith.constant 0.0 : f32
// OUT:   %9 = tensor.empty() : tensor<6x4xf32>
// OUT:   %10 = linalg.generic {indexing_maps = [#map1, #map], iterator_types = ["parallel", "parallel"]} ins(%8 : f32) outs(%9 : tensor<6x4xf32>) {
// OUT:   ^bb0(%11: f32, %12: f32):
// OUT:     linalg.yield %11 : f32
// OUT:   } -> tensor<6x4xf32>
// OUT:   %13 = linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "reduction"]} ins(%4, %arg1 : tensor<6x8xf16>, tensor<8x4xf16>) outs(%10 : tensor<6x4xf32>) {
// OUT:   ^bb0(%14: f16, %15: f16, %16: f32):
// OUT:     %17 = arith.extf %14 : f16 to f32
// OUT:     %18 = arith.extf %15 : f16 to f32
// OUT:     %19 = arith.mulf %17, %18 : f32
// OUT:     %20 = arith.addf %16, %19 : f32
// OUT:     linalg.yield %20 : f32
// OUT:   } -> tensor<6x4xf32>
// OUT:   return %13 : tensor<6x4xf32>
// OUT: }
// OUT: region @dispatch_0_softmax root linalg.softmax -> %3 epilogue -> %6
// OUT:   inputs (%0) outputs (%6)
// OUT:   %3 = linalg.softmax(%0, %2)
// OUT:   %4 = tensor.collapse_shape(%3)
// OUT:   %6 = linalg.generic(%4, %5)
// OUT: region @dispatch_1_contraction root linalg.generic -> %10
// OUT:   inputs (%6, %1) outputs (%10)
// OUT:   %9 = linalg.generic(%7, %8)
// OUT:   %10 = linalg.generic(%6, %1, %9)
// OUT: edge @dispatch_0_softmax -> @dispatch_1_contraction (%6)

// RUN: fusion target=nvidia-h200
// A transformer's projection as the ONNX importer writes `[B, S, H] x [H, H']`
// (FunctionBuilder::rows_matmul: one generic over (b, s, n, k), no reshapes around a 2-D
// matmul): the bias + relu after it read it at their own indices and fuse as its epilogue, one
// region.
func.func @main(%a: tensor<2x128x64xf32>, %w: tensor<64x96xf32>, %bias: tensor<96xf32>) -> tensor<2x128x96xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x128x96xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x128x96xf32>) -> tensor<2x128x96xf32>
  %m = linalg.generic {indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%a, %w : tensor<2x128x64xf32>, tensor<64x96xf32>) outs(%f : tensor<2x128x96xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<2x128x96xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%m, %bias : tensor<2x128x96xf32>, tensor<96xf32>) outs(%e : tensor<2x128x96xf32>) {
  ^bb0(%x: f32, %s: f32, %o: f32):
    %t = arith.addf %x, %s : f32
    %u = arith.maximumf %t, %zero : f32
    linalg.yield %u : f32
  } -> tensor<2x128x96xf32>
  return %r : tensor<2x128x96xf32>
}
// OUT: #map = affine_map<(d0, d1, d2) -> ()>
// OUT: #map1 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// OUT: #map2 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
// OUT: #map3 = affine_map<(d0, d1, d2, d3) -> (d3, d2)>
// OUT: #map4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// OUT: #map5 = affine_map<(d0, d1, d2) -> (d2)>
// OUT:
// OUT: func.func @main(%arg0: tensor<2x128x64xf32>, %arg1: tensor<64x96xf32>, %arg2: tensor<96xf32>) -> tensor<2x128x96xf32> {
// OUT:   %0 = arith.constant 0.0 : f32
// OUT:   %1 = tensor.empty() : tensor<2x128x96xf32>
// OUT:   %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%1 : tensor<2x128x96xf32>) {
// OUT:   ^bb0(%3: f32, %4: f32):
// OUT:     linalg.yield %3 : f32
// OUT:   } -> tensor<2x128x96xf32>
// OUT:   %5 = linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<2x128x64xf32>, tensor<64x96xf32>) outs(%2 : tensor<2x128x96xf32>) {
// OUT:   ^bb0(%6: f32, %7: f32, %8: f32):
// OUT:     %9 = arith.mulf %6, %7 : f32
// OUT:     %10 = arith.addf %8, %9 : f32
// OUT:     linalg.yield %10 : f32
// OUT:   } -> tensor<2x128x96xf32>
// OUT:   %11 = linalg.generic {indexing_maps = [#map1, #map5, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%5, %arg2 : tensor<2x128x96xf32>, tensor<96xf32>) outs(%1 : tensor<2x128x96xf32>) {
// OUT:   ^bb0(%12: f32, %13: f32, %14: f32):
// OUT:     %15 = arith.addf %12, %13 : f32
// OUT:     %16 = arith.maximumf %15, %0 : f32
// OUT:     linalg.yield %16 : f32
// OUT:   } -> tensor<2x128x96xf32>
// OUT:   return %11 : tensor<2x128x96xf32>
// OUT: }
// OUT: region @dispatch_0_contraction root linalg.generic -> %6 epilogue -> %7
// OUT:   inputs (%0, %1, %2) outputs (%7)
// OUT:   %5 = linalg.generic(%3, %4)
// OUT:   %6 = linalg.generic(%0, %1, %5)
// OUT:   %7 = linalg.generic(%6, %2, %4)

// RUN: kernel-config target=nvidia-h200
// A long grid of workgroup-scope tiles (8192 x 8192 f16 x f16 -> f32 with a bias, 4096 tiles of
// 128x128): the plan staggers it, 64 half tiles at each end of the grid below 8064 whole rows.
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
func.func @main(%a: tensor<8192x512xf16>, %b: tensor<512x8192xf16>, %bias: tensor<8192xf32>) -> tensor<8192x8192xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8192x8192xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8192x8192xf32>) -> tensor<8192x8192xf32>
  %c = linalg.matmul ins(%a, %b : tensor<8192x512xf16>, tensor<512x8192xf16>) outs(%f : tensor<8192x8192xf32>) -> tensor<8192x8192xf32>
  %r = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%c, %bias : tensor<8192x8192xf32>, tensor<8192xf32>) outs(%e : tensor<8192x8192xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<8192x8192xf32>
  return %r : tensor<8192x8192xf32>
}
// OUT: #map = affine_map<(d0, d1) -> ()>
// OUT: #map1 = affine_map<(d0, d1) -> (d0, d1)>
// OUT: #map2 = affine_map<(d0, d1, d2) -> (d0, d2)>
// OUT: #map3 = affine_map<(d0, d1, d2) -> (d2, d1)>
// OUT: #map4 = affine_map<(d0, d1, d2) -> (d0, d1)>
// OUT: #map5 = affine_map<(d0, d1) -> (d1)>
// OUT:
// OUT: func.func @main(%arg0: tensor<8192x512xf16>, %arg1: tensor<512x8192xf16>, %arg2: tensor<8192xf32>) -> tensor<8192x8192xf32> {
// OUT:   %0 = arith.constant 0.0 : f32
// OUT:   %1 = tensor.empty() : tensor<8192x8192xf32>
// OUT:   %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%0 : f32) outs(%1 : tensor<8192x8192xf32>) {
// OUT:   ^bb0(%3: f32, %4: f32):
// OUT:     linalg.yield %3 : f32
// OUT:   } -> tensor<8192x8192xf32>
// OUT:   %5 = linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<8192x512xf16>, tensor<512x8192xf16>) outs(%2 : tensor<8192x8192xf32>) {
// OUT:   ^bb0(%6: f16, %7: f16, %8: f32):
// OUT:     %9 = arith.extf %6 : f16 to f32
// OUT:     %10 = arith.extf %7 : f16 to f32
// OUT:     %11 = arith.mulf %9, %10 : f32
// OUT:     %12 = arith.addf %8, %11 : f32
// OUT:     linalg.yield %12 : f32
// OUT:   } -> tensor<8192x8192xf32>
// OUT:   %13 = linalg.generic {indexing_maps = [#map1, #map5, #map1], iterator_types = ["parallel", "parallel"]} ins(%5, %arg2 : tensor<8192x8192xf32>, tensor<8192xf32>) outs(%1 : tensor<8192x8192xf32>) {
// OUT:   ^bb0(%14: f32, %15: f32, %16: f32):
// OUT:     %17 = arith.addf %14, %15 : f32
// OUT:     linalg.yield %17 : f32
// OUT:   } -> tensor<8192x8192xf32>
// OUT:   return %13 : tensor<8192x8192xf32>
// OUT: }
// OUT: region @dispatch_0_contraction root linalg.generic -> %6 epilogue -> %7
// OUT:   inputs (%0, %1, %2) outputs (%7)
// OUT:   %5 = linalg.generic(%3, %4)
// OUT:   %6 = linalg.generic(%0, %1, %5)
// OUT:   %7 = linalg.generic(%6, %2, %4)
// OUT: plan @dispatch_0_contraction workgroup-matrix tiles=128x128x64/128 stagger rows=8192 full-rows=8064 half-tiles=64 full-tiles=4032

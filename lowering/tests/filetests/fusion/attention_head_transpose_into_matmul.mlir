// RUN: fusion target=nvidia-h200
// Attention's head split as torch exports it: a projection `[S, H] x [H, H]`, its bias, a
// reshape to `[S, heads, d]` and a transpose to `[heads, S, d]` read by the per-head batch
// matmul. The transpose (a generic only permuting its input's indices) joins the batch
// matmul's region as a producer with the reshape; the bias becomes the projection's epilogue:
// two regions, no copy of the transposed heads.
func.func @main(%x: tensor<16x8xf32>, %w: tensor<8x8xf32>, %bias: tensor<8xf32>, %k: tensor<2x4x16xf32>) -> tensor<2x16x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<16x8xf32>) -> tensor<16x8xf32>
  %q = linalg.matmul ins(%x, %w : tensor<16x8xf32>, tensor<8x8xf32>) outs(%f : tensor<16x8xf32>) -> tensor<16x8xf32>
  %qb = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%q, %bias : tensor<16x8xf32>, tensor<8xf32>) outs(%e : tensor<16x8xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<16x8xf32>
  %heads = tensor.expand_shape %qb [[0], [1, 2]] output_shape [16, 2, 4] : tensor<16x8xf32> into tensor<16x2x4xf32>
  %te = tensor.empty() : tensor<2x16x4xf32>
  %t = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%heads : tensor<16x2x4xf32>) outs(%te : tensor<2x16x4xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<2x16x4xf32>
  %se = tensor.empty() : tensor<2x16x16xf32>
  %sf = linalg.fill ins(%zero : f32) outs(%se : tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
  %scores = linalg.batch_matmul ins(%t, %k : tensor<2x16x4xf32>, tensor<2x4x16xf32>) outs(%sf : tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
  return %scores : tensor<2x16x16xf32>
}
// OUT: #map = affine_map<(d0, d1) -> ()>
// OUT: #map1 = affine_map<(d0, d1) -> (d0, d1)>
// OUT: #map2 = affine_map<(d0, d1, d2) -> (d0, d2)>
// OUT: #map3 = affine_map<(d0, d1, d2) -> (d2, d1)>
// OUT: #map4 = affine_map<(d0, d1, d2) -> (d0, d1)>
// OUT: #map5 = affine_map<(d0, d1) -> (d1)>
// OUT: #map6 = affine_map<(d0, d1, d2) -> (d1, d0, d2)>
// OUT: #map7 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// OUT: #map8 = affine_map<(d0, d1, d2) -> ()>
// OUT: #map9 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
// OUT: #map10 = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
// OUT: #map11 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// OUT:
// OUT: func.func @main(%arg0: tensor<16x8xf32>, %arg1: tensor<8x8xf32>, %arg2: tensor<8xf32>, %arg3: tensor<2x4x16xf32>) -> tensor<2x16x16xf32> {
// OUT:   %0 = arith.constant 0.0 : f32
// OUT:   %1 = tensor.empty() : tensor<16x8xf32>
// OUT:   %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%0 : f32) outs(%1 : tensor<16x8xf32>) {
// OUT:   ^bb0(%3: f32, %4: f32):
// OUT:     linalg.yield %3 : f32
// OUT:   } -> tensor<16x8xf32>
// OUT:   %5 = linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<16x8xf32>, tensor<8x8xf32>) outs(%2 : tensor<16x8xf32>) {
// OUT:   ^bb0(%6: f32, %7: f32, %8: f32):
// OUT:     %9 = arith.mulf %6, %7 : f32
// OUT:     %10 = arith.addf %8, %9 : f32
// OUT:     linalg.yield %10 : f32
// OUT:   } -> tensor<16x8xf32>
// OUT:   %11 = linalg.generic {indexing_maps = [#map1, #map5, #map1], iterator_types = ["parallel", "parallel"]} ins(%5, %arg2 : tensor<16x8xf32>, tensor<8xf32>) outs(%1 : tensor<16x8xf32>) {
// OUT:   ^bb0(%12: f32, %13: f32, %14: f32):
// OUT:     %15 = arith.addf %12, %13 : f32
// OUT:     linalg.yield %15 : f32
// OUT:   } -> tensor<16x8xf32>
// OUT:   %16 = tensor.expand_shape %11 [[0], [1, 2]] output_shape [16, 2, 4] : tensor<16x8xf32> into tensor<16x2x4xf32>
// OUT:   %17 = tensor.empty() : tensor<2x16x4xf32>
// OUT:   %18 = linalg.generic {indexing_maps = [#map6, #map7], iterator_types = ["parallel", "parallel", "parallel"]} ins(%16 : tensor<16x2x4xf32>) outs(%17 : tensor<2x16x4xf32>) {
// OUT:   ^bb0(%19: f32, %20: f32):
// OUT:     linalg.yield %19 : f32
// OUT:   } -> tensor<2x16x4xf32>
// OUT:   %21 = tensor.empty() : tensor<2x16x16xf32>
// OUT:   %22 = linalg.generic {indexing_maps = [#map8, #map7], iterator_types = ["parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%21 : tensor<2x16x16xf32>) {
// OUT:   ^bb0(%23: f32, %24: f32):
// OUT:     linalg.yield %23 : f32
// OUT:   } -> tensor<2x16x16xf32>
// OUT:   %25 = linalg.generic {indexing_maps = [#map9, #map10, #map11], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%18, %arg3 : tensor<2x16x4xf32>, tensor<2x4x16xf32>) outs(%22 : tensor<2x16x16xf32>) {
// OUT:   ^bb0(%26: f32, %27: f32, %28: f32):
// OUT:     %29 = arith.mulf %26, %27 : f32
// OUT:     %30 = arith.addf %28, %29 : f32
// OUT:     linalg.yield %30 : f32
// OUT:   } -> tensor<2x16x16xf32>
// OUT:   return %25 : tensor<2x16x16xf32>
// OUT: }
// OUT: region @dispatch_0_contraction root linalg.generic -> %7 epilogue -> %8
// OUT:   inputs (%0, %1, %2) outputs (%8)
// OUT:   %6 = linalg.generic(%4, %5)
// OUT:   %7 = linalg.generic(%0, %1, %6)
// OUT:   %8 = linalg.generic(%7, %2, %5)
// OUT: region @dispatch_1_contraction root linalg.generic -> %14
// OUT:   inputs (%8, %3) outputs (%14)
// OUT:   %9 = tensor.expand_shape(%8)
// OUT:   %11 = linalg.generic(%9, %10)
// OUT:   %13 = linalg.generic(%4, %12)
// OUT:   %14 = linalg.generic(%11, %3, %13)
// OUT: edge @dispatch_0_contraction -> @dispatch_1_contraction (%8)

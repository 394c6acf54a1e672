// RUN: pointwise-convs target=nvidia-h200
// The convs of nhwc_1x1_f16.mlir at the default pointwise_conv_min_macs (2^24 multiply-adds):
// both far smaller, neither is rewritten (the conv pipelines stay theirs).
func.func @main(%x: tensor<1x2x2x4xf16>) -> (tensor<1x2x2x2xf32>, tensor<1x1x1x2xf32>) {
  %zero = arith.constant 0.0 : f32
  %w = arith.constant dense<[[[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0]]]]> : tensor<1x1x4x2xf16>
  %e = tensor.empty() : tensor<1x2x2x2xf32>
  %f = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> ()>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%zero : f32) outs(%e : tensor<1x2x2x2xf32>) {
  ^bb0(%z: f32, %o: f32):
    linalg.yield %z : f32
  } -> tensor<1x2x2x2xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(n, h, w, f, kh, kw, c) -> (n, h + kh, w + kw, c)>, affine_map<(n, h, w, f, kh, kw, c) -> (kh, kw, c, f)>, affine_map<(n, h, w, f, kh, kw, c) -> (n, h, w, f)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%x, %w : tensor<1x2x2x4xf16>, tensor<1x1x4x2xf16>) outs(%f : tensor<1x2x2x2xf32>) {
  ^bb0(%a: f16, %b: f16, %acc: f32):
    %a32 = arith.extf %a : f16 to f32
    %b32 = arith.extf %b : f16 to f32
    %p = arith.mulf %a32, %b32 : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<1x2x2x2xf32>
  %w2 = arith.constant dense<[[[[1.0, -1.0], [0.5, 0.25], [2.0, 3.0], [-2.0, 1.5]]]]> : tensor<1x1x4x2xf16>
  %e2 = tensor.empty() : tensor<1x1x1x2xf32>
  %f2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> ()>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%zero : f32) outs(%e2 : tensor<1x1x1x2xf32>) {
  ^bb0(%z: f32, %o: f32):
    linalg.yield %z : f32
  } -> tensor<1x1x1x2xf32>
  %y2 = linalg.generic {indexing_maps = [affine_map<(n, h, w, f, kh, kw, c) -> (n, h * 2 + kh, w * 2 + kw, c)>, affine_map<(n, h, w, f, kh, kw, c) -> (kh, kw, c, f)>, affine_map<(n, h, w, f, kh, kw, c) -> (n, h, w, f)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%x, %w2 : tensor<1x2x2x4xf16>, tensor<1x1x4x2xf16>) outs(%f2 : tensor<1x1x1x2xf32>) {
  ^bb0(%a: f16, %b: f16, %acc: f32):
    %a32 = arith.extf %a : f16 to f32
    %b32 = arith.extf %b : f16 to f32
    %p = arith.mulf %a32, %b32 : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<1x1x1x2xf32>
  return %y, %y2 : tensor<1x2x2x2xf32>, tensor<1x1x1x2xf32>
}
// OUT: #map = affine_map<(d0, d1, d2, d3) -> ()>
// OUT: #map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// OUT: #map2 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 + d4, d2 + d5, d6)>
// OUT: #map3 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d5, d6, d3)>
// OUT: #map4 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
// OUT: #map5 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 * 2 + d4, d2 * 2 + d5, d6)>
// OUT:
// OUT: func.func @main(%arg0: tensor<1x2x2x4xf16>) -> (tensor<1x2x2x2xf32>, tensor<1x1x1x2xf32>) {
// OUT:   %0 = arith.constant 0.0 : f32
// OUT:   %1 = arith.constant dense<[[[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0]]]]> : tensor<1x1x4x2xf16>
// OUT:   %2 = tensor.empty() : tensor<1x2x2x2xf32>
// OUT:   %3 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%2 : tensor<1x2x2x2xf32>) {
// OUT:   ^bb0(%4: f32, %5: f32):
// OUT:     linalg.yield %4 : f32
// OUT:   } -> tensor<1x2x2x2xf32>
// OUT:   %6 = linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%arg0, %1 : tensor<1x2x2x4xf16>, tensor<1x1x4x2xf16>) outs(%3 : tensor<1x2x2x2xf32>) {
// OUT:   ^bb0(%7: f16, %8: f16, %9: f32):
// OUT:     %10 = arith.extf %7 : f16 to f32
// OUT:     %11 = arith.extf %8 : f16 to f32
// OUT:     %12 = arith.mulf %10, %11 : f32
// OUT:     %13 = arith.addf %9, %12 : f32
// OUT:     linalg.yield %13 : f32
// OUT:   } -> tensor<1x2x2x2xf32>
// OUT:   %14 = arith.constant dense<[[[[1.0, -1.0], [5.0e-1, 2.5e-1], [2.0, 3.0], [-2.0, 1.5]]]]> : tensor<1x1x4x2xf16>
// OUT:   %15 = tensor.empty() : tensor<1x1x1x2xf32>
// OUT:   %16 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%15 : tensor<1x1x1x2xf32>) {
// OUT:   ^bb0(%17: f32, %18: f32):
// OUT:     linalg.yield %17 : f32
// OUT:   } -> tensor<1x1x1x2xf32>
// OUT:   %19 = linalg.generic {indexing_maps = [#map5, #map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%arg0, %14 : tensor<1x2x2x4xf16>, tensor<1x1x4x2xf16>) outs(%16 : tensor<1x1x1x2xf32>) {
// OUT:   ^bb0(%20: f16, %21: f16, %22: f32):
// OUT:     %23 = arith.extf %20 : f16 to f32
// OUT:     %24 = arith.extf %21 : f16 to f32
// OUT:     %25 = arith.mulf %23, %24 : f32
// OUT:     %26 = arith.addf %22, %25 : f32
// OUT:     linalg.yield %26 : f32
// OUT:   } -> tensor<1x1x1x2xf32>
// OUT:   return %6, %19 : tensor<1x2x2x2xf32>, tensor<1x1x1x2xf32>
// OUT: }

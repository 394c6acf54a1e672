// RUN: reduce-precision target=llvmpipe precision=f16
// A linear layer: the weight constant is converted to f16 at compile time, the f32 graph input
// is cast to f16 before the matmul, which reads both f16 and accumulates into its f32 fill
// (f16 x f16 -> f32); the bias add reads the f32 product, adds the f16 bias cast up in its
// body and stores f16 (truncf last in its body); the ReLU computes in f32 on the f16 value and
// is the graph output, so it stays f32 (the signature does not change).
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
func.func @main(%x: tensor<4x3xf32>) -> tensor<4x2xf32> {
  %w = arith.constant dense<[[0.5, -1.25], [2.0, 0.1], [-3.0, 1.0e-3]]> : tensor<3x2xf32>
  %bias = arith.constant dense<[0.25, -0.75]> : tensor<2xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x2xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x2xf32>) -> tensor<4x2xf32>
  %m = linalg.matmul ins(%x, %w : tensor<4x3xf32>, tensor<3x2xf32>) outs(%f : tensor<4x2xf32>) -> tensor<4x2xf32>
  %b = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%m, %bias : tensor<4x2xf32>, tensor<2xf32>) outs(%e : tensor<4x2xf32>) {
  ^bb0(%in: f32, %bi: f32, %out: f32):
    %s = arith.addf %in, %bi : f32
    linalg.yield %s : f32
  } -> tensor<4x2xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%b : tensor<4x2xf32>) outs(%e : tensor<4x2xf32>) {
  ^bb0(%in: f32, %out: f32):
    %c0 = arith.constant 0.0 : f32
    %s = arith.maximumf %in, %c0 : f32
    linalg.yield %s : f32
  } -> tensor<4x2xf32>
  return %r : tensor<4x2xf32>
}
// OUT: #map = affine_map<(d0, d1) -> (d0, d1)>
// OUT: #map1 = affine_map<(d0, d1, d2) -> (d0, d2)>
// OUT: #map2 = affine_map<(d0, d1, d2) -> (d2, d1)>
// OUT: #map3 = affine_map<(d0, d1, d2) -> (d0, d1)>
// OUT: #map4 = affine_map<(d0, d1) -> (d1)>
// OUT:
// OUT: func.func @main(%arg0: tensor<4x3xf32>) -> tensor<4x2xf32> {
// OUT:   %0 = arith.constant 0.0 : f32
// OUT:   %1 = tensor.empty() : tensor<4x2xf32>
// OUT:   %2 = linalg.fill ins(%0 : f32) outs(%1 : tensor<4x2xf32>) -> tensor<4x2xf32>
// OUT:   %3 = tensor.empty() : tensor<4x3xf16>
// OUT:   %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x3xf32>) outs(%3 : tensor<4x3xf16>) {
// OUT:   ^bb0(%5: f32, %6: f16):
// OUT:     %7 = arith.truncf %5 : f32 to f16
// OUT:     linalg.yield %7 : f16
// OUT:   } -> tensor<4x3xf16>
// OUT:   %8 = arith.constant dense<[[5.0e-1, -1.25], [2.0, 9.9975586e-2], [-3.0, 1.0004044e-3]]> : tensor<3x2xf16>
// OUT:   %9 = linalg.generic {indexing_maps = [#map1, #map2, #map3], iterator_types = ["parallel", "parallel", "reduction"]} ins(%4, %8 : tensor<4x3xf16>, tensor<3x2xf16>) outs(%2 : tensor<4x2xf32>) {
// OUT:   ^bb0(%10: f16, %11: f16, %12: f32):
// OUT:     %13 = arith.extf %10 : f16 to f32
// OUT:     %14 = arith.extf %11 : f16 to f32
// OUT:     %15 = arith.mulf %13, %14 : f32
// OUT:     %16 = arith.addf %12, %15 : f32
// OUT:     linalg.yield %16 : f32
// OUT:   } -> tensor<4x2xf32>
// OUT:   %17 = arith.constant dense<[2.5e-1, -7.5e-1]> : tensor<2xf16>
// OUT:   %18 = tensor.empty() : tensor<4x2xf16>
// OUT:   %19 = linalg.generic {indexing_maps = [#map, #map4, #map], iterator_types = ["parallel", "parallel"]} ins(%9, %17 : tensor<4x2xf32>, tensor<2xf16>) outs(%18 : tensor<4x2xf16>) {
// OUT:   ^bb0(%20: f32, %21: f16, %22: f16):
// OUT:     %23 = arith.extf %21 : f16 to f32
// OUT:     %24 = arith.addf %20, %23 : f32
// OUT:     %25 = arith.truncf %24 : f32 to f16
// OUT:     linalg.yield %25 : f16
// OUT:   } -> tensor<4x2xf16>
// OUT:   %26 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%19 : tensor<4x2xf16>) outs(%1 : tensor<4x2xf32>) {
// OUT:   ^bb0(%27: f16, %28: f32):
// OUT:     %29 = arith.extf %27 : f16 to f32
// OUT:     %30 = arith.constant 0.0 : f32
// OUT:     %31 = arith.maximumf %29, %30 : f32
// OUT:     linalg.yield %31 : f32
// OUT:   } -> tensor<4x2xf32>
// OUT:   return %26 : tensor<4x2xf32>
// OUT: }

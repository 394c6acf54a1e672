// RUN: reduce-precision target=nvidia-h200 precision=f16
// A max pool after a ReLU: the ReLU stores f16, and the pool, whose result is one of its
// input's elements (or its -inf init), is f16 too, exactly: f16 init, `maximumf` on f16, f16
// result (before, it cast each element up and kept an f32 accumulator and result). A sum
// pool (average) of the same input keeps its f32 accumulator; their sum reads each in the form
// it was stored.
func.func @main(%x: tensor<1x4x8x8xf32>) -> tensor<1x4x4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x4x8x8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x : tensor<1x4x8x8xf32>) outs(%e : tensor<1x4x8x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.maximumf %a, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x4x8x8xf32>
  %ninf = arith.constant 0xFF800000 : f32
  %pe = tensor.empty() : tensor<1x4x4x4xf32>
  %pf = linalg.fill ins(%ninf : f32) outs(%pe : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %win = tensor.empty() : tensor<2x2xf32>
  %pool = linalg.pooling_nchw_max {strides = dense<2> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%r, %win : tensor<1x4x8x8xf32>, tensor<2x2xf32>) outs(%pf : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %sf = linalg.fill ins(%zero : f32) outs(%pe : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %sum = linalg.pooling_nchw_sum {strides = dense<2> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%r, %win : tensor<1x4x8x8xf32>, tensor<2x2xf32>) outs(%sf : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %t = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%pool, %sum : tensor<1x4x4x4xf32>, tensor<1x4x4x4xf32>) outs(%pe : tensor<1x4x4x4xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<1x4x4x4xf32>
  return %t : tensor<1x4x4x4xf32>
}
// OUT: #map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// OUT: #map1 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2 * 2 + d4, d3 * 2 + d5)>
// OUT: #map2 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>
// OUT: #map3 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>
// OUT:
// OUT: func.func @main(%arg0: tensor<1x4x8x8xf32>) -> tensor<1x4x4x4xf32> {
// OUT:   %0 = arith.constant 0.0 : f32
// OUT:   %1 = tensor.empty() : tensor<1x4x8x8xf16>
// OUT:   %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg0 : tensor<1x4x8x8xf32>) outs(%1 : tensor<1x4x8x8xf16>) {
// OUT:   ^bb0(%3: f32, %4: f16):
// OUT:     %5 = arith.maximumf %3, %0 : f32
// OUT:     %6 = arith.truncf %5 : f32 to f16
// OUT:     linalg.yield %6 : f16
// OUT:   } -> tensor<1x4x8x8xf16>
// OUT:   %7 = tensor.empty() : tensor<1x4x4x4xf32>
// OUT:   %8 = tensor.empty() : tensor<2x2xf32>
// OUT:   %9 = arith.constant 0xFC00 : f16
// OUT:   %10 = tensor.empty() : tensor<1x4x4x4xf16>
// OUT:   %11 = linalg.fill ins(%9 : f16) outs(%10 : tensor<1x4x4x4xf16>) -> tensor<1x4x4x4xf16>
// OUT:   %12 = linalg.generic {indexing_maps = [#map1, #map2, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%2, %8 : tensor<1x4x8x8xf16>, tensor<2x2xf32>) outs(%11 : tensor<1x4x4x4xf16>) {
// OUT:   ^bb0(%13: f16, %14: f32, %15: f16):
// OUT:     %16 = arith.maximumf %15, %13 : f16
// OUT:     linalg.yield %16 : f16
// OUT:   } -> tensor<1x4x4x4xf16>
// OUT:   %17 = linalg.fill ins(%0 : f32) outs(%7 : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
// OUT:   %18 = linalg.generic {indexing_maps = [#map1, #map2, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%2, %8 : tensor<1x4x8x8xf16>, tensor<2x2xf32>) outs(%17 : tensor<1x4x4x4xf32>) {
// OUT:   ^bb0(%19: f16, %20: f32, %21: f32):
// OUT:     %22 = arith.extf %19 : f16 to f32
// OUT:     %23 = arith.addf %21, %22 : f32
// OUT:     linalg.yield %23 : f32
// OUT:   } -> tensor<1x4x4x4xf32>
// OUT:   %24 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%12, %18 : tensor<1x4x4x4xf16>, tensor<1x4x4x4xf32>) outs(%7 : tensor<1x4x4x4xf32>) {
// OUT:   ^bb0(%25: f16, %26: f32, %27: f32):
// OUT:     %28 = arith.extf %25 : f16 to f32
// OUT:     %29 = arith.addf %28, %26 : f32
// OUT:     linalg.yield %29 : f32
// OUT:   } -> tensor<1x4x4x4xf32>
// OUT:   return %24 : tensor<1x4x4x4xf32>
// OUT: }

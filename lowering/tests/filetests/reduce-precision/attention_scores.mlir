// RUN: reduce-precision target=nvidia-h200 precision=f16
// Attention: q k^T reads both f16 (the inputs cast at entry) into its f32 fill; the scale reads
// the f32 scores and, since only the softmax reads it, stays f32 (no f16 round trip before the
// softmax); the softmax computes in f32 and its probabilities are cast to f16 for the second
// contraction, which accumulates p v in f32 and is the graph output.
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @main(%q: tensor<16x32xf32>, %kt: tensor<32x16xf32>, %v: tensor<16x32xf32>) -> tensor<16x32xf32> {
  %zero = arith.constant 0.0 : f32
  %se = tensor.empty() : tensor<16x16xf32>
  %sf = linalg.fill ins(%zero : f32) outs(%se : tensor<16x16xf32>) -> tensor<16x16xf32>
  %s = linalg.matmul ins(%q, %kt : tensor<16x32xf32>, tensor<32x16xf32>) outs(%sf : tensor<16x16xf32>) -> tensor<16x16xf32>
  %scaled = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%s : tensor<16x16xf32>) outs(%se : tensor<16x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %c = arith.constant 0.17677669 : f32
    %m = arith.mulf %in, %c : f32
    linalg.yield %m : f32
  } -> tensor<16x16xf32>
  %pe = tensor.empty() : tensor<16x16xf32>
  %p = linalg.softmax dimension(1) ins(%scaled : tensor<16x16xf32>) outs(%pe : tensor<16x16xf32>) -> tensor<16x16xf32>
  %oe = tensor.empty() : tensor<16x32xf32>
  %of = linalg.fill ins(%zero : f32) outs(%oe : tensor<16x32xf32>) -> tensor<16x32xf32>
  %o = linalg.matmul ins(%p, %v : tensor<16x16xf32>, tensor<16x32xf32>) outs(%of : tensor<16x32xf32>) -> tensor<16x32xf32>
  return %o : tensor<16x32xf32>
}
// OUT: #map = affine_map<(d0, d1) -> (d0, d1)>
// OUT: #map1 = affine_map<(d0, d1, d2) -> (d0, d2)>
// OUT: #map2 = affine_map<(d0, d1, d2) -> (d2, d1)>
// OUT: #map3 = affine_map<(d0, d1, d2) -> (d0, d1)>
// OUT:
// OUT: func.func @main(%arg0: tensor<16x32xf32>, %arg1: tensor<32x16xf32>, %arg2: tensor<16x32xf32>) -> tensor<16x32xf32> {
// OUT:   %0 = arith.constant 0.0 : f32
// OUT:   %1 = tensor.empty() : tensor<16x16xf32>
// OUT:   %2 = linalg.fill ins(%0 : f32) outs(%1 : tensor<16x16xf32>) -> tensor<16x16xf32>
// OUT:   %3 = tensor.empty() : tensor<16x32xf16>
// OUT:   %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<16x32xf32>) outs(%3 : tensor<16x32xf16>) {
// OUT:   ^bb0(%5: f32, %6: f16):
// OUT:     %7 = arith.truncf %5 : f32 to f16
// OUT:     linalg.yield %7 : f16
// OUT:   } -> tensor<16x32xf16>
// OUT:   %8 = tensor.empty() : tensor<32x16xf16>
// OUT:   %9 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg1 : tensor<32x16xf32>) outs(%8 : tensor<32x16xf16>) {
// OUT:   ^bb0(%10: f32, %11: f16):
// OUT:     %12 = arith.truncf %10 : f32 to f16
// OUT:     linalg.yield %12 : f16
// OUT:   } -> tensor<32x16xf16>
// OUT:   %13 = linalg.generic {indexing_maps = [#map1, #map2, #map3], iterator_types = ["parallel", "parallel", "reduction"]} ins(%4, %9 : tensor<16x32xf16>, tensor<32x16xf16>) outs(%2 : tensor<16x16xf32>) {
// OUT:   ^bb0(%14: f16, %15: f16, %16: f32):
// OUT:     %17 = arith.extf %14 : f16 to f32
// OUT:     %18 = arith.extf %15 : f16 to f32
// OUT:     %19 = arith.mulf %17, %18 : f32
// OUT:     %20 = arith.addf %16, %19 : f32
// OUT:     linalg.yield %20 : f32
// OUT:   } -> tensor<16x16xf32>
// OUT:   %21 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%13 : tensor<16x16xf32>) outs(%1 : tensor<16x16xf32>) {
// OUT:   ^bb0(%22: f32, %23: f32):
// OUT:     %24 = arith.constant 1.7677669e-1 : f32
// OUT:     %25 = arith.mulf %22, %24 : f32
// OUT:     linalg.yield %25 : f32
// OUT:   } -> tensor<16x16xf32>
// OUT:   %26 = tensor.empty() : tensor<16x16xf32>
// OUT:   %27 = linalg.softmax dimension(1) ins(%21 : tensor<16x16xf32>) outs(%26 : tensor<16x16xf32>) -> tensor<16x16xf32>
// OUT:   %28 = tensor.empty() : tensor<16x32xf32>
// OUT:   %29 = linalg.fill ins(%0 : f32) outs(%28 : tensor<16x32xf32>) -> tensor<16x32xf32>
// OUT:   %30 = tensor.empty() : tensor<16x16xf16>
// OUT:   %31 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%27 : tensor<16x16xf32>) outs(%30 : tensor<16x16xf16>) {
// OUT:   ^bb0(%32: f32, %33: f16):
// OUT:     %34 = arith.truncf %32 : f32 to f16
// OUT:     linalg.yield %34 : f16
// OUT:   } -> tensor<16x16xf16>
// OUT:   %35 = tensor.empty() : tensor<16x32xf16>
// OUT:   %36 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg2 : tensor<16x32xf32>) outs(%35 : tensor<16x32xf16>) {
// OUT:   ^bb0(%37: f32, %38: f16):
// OUT:     %39 = arith.truncf %37 : f32 to f16
// OUT:     linalg.yield %39 : f16
// OUT:   } -> tensor<16x32xf16>
// OUT:   %40 = linalg.generic {indexing_maps = [#map1, #map2, #map3], iterator_types = ["parallel", "parallel", "reduction"]} ins(%31, %36 : tensor<16x16xf16>, tensor<16x32xf16>) outs(%29 : tensor<16x32xf32>) {
// OUT:   ^bb0(%41: f16, %42: f16, %43: f32):
// OUT:     %44 = arith.extf %41 : f16 to f32
// OUT:     %45 = arith.extf %42 : f16 to f32
// OUT:     %46 = arith.mulf %44, %45 : f32
// OUT:     %47 = arith.addf %43, %46 : f32
// OUT:     linalg.yield %47 : f32
// OUT:   } -> tensor<16x32xf32>
// OUT:   return %40 : tensor<16x32xf32>
// OUT: }

// RUN: fusion target=nvidia-h200
// Attention of 2 heads over 7 positions as the ONNX importer writes it: `q k^T` (k given
// transposed), the 1/sqrt(d) scale, an additive mask `[1, 7]` broadcast over heads and rows,
// the softmax over the keys and `p v`. The three regions of today (the contraction, the
// softmax with the scale and mask as its prologue, the second contraction) become one
// `attention` region: root the first contraction, epilogue root the second.
#s = affine_map<(h, m, n, k) -> (h, m, k)>
#kt = affine_map<(h, m, n, k) -> (h, k, n)>
#o = affine_map<(h, m, n, k) -> (h, m, n)>
#id = affine_map<(h, m, n) -> (h, m, n)>
#mask = affine_map<(h, m, n) -> (0, n)>
func.func @main(%q: tensor<2x7x16xf32>, %kt: tensor<2x16x7xf32>, %v: tensor<2x7x16xf32>, %mask: tensor<1x7xf32>) -> tensor<2x7x16xf32> {
  %zero = arith.constant 0.0 : f32
  %se = tensor.empty() : tensor<2x7x7xf32>
  %sf = linalg.fill ins(%zero : f32) outs(%se : tensor<2x7x7xf32>) -> tensor<2x7x7xf32>
  %s = linalg.generic {indexing_maps = [#s, #kt, #o], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%q, %kt : tensor<2x7x16xf32>, tensor<2x16x7xf32>) outs(%sf : tensor<2x7x7xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %t = arith.addf %acc, %p : f32
    linalg.yield %t : f32
  } -> tensor<2x7x7xf32>
  %scaled = linalg.generic {indexing_maps = [#id, #mask, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%s, %mask : tensor<2x7x7xf32>, tensor<1x7xf32>) outs(%se : tensor<2x7x7xf32>) {
  ^bb0(%x: f32, %m: f32, %out: f32):
    %c = arith.constant 0.25 : f32
    %y = arith.mulf %x, %c : f32
    %z = arith.addf %y, %m : f32
    linalg.yield %z : f32
  } -> tensor<2x7x7xf32>
  %pe = tensor.empty() : tensor<2x7x7xf32>
  %p = linalg.softmax dimension(2) ins(%scaled : tensor<2x7x7xf32>) outs(%pe : tensor<2x7x7xf32>) -> tensor<2x7x7xf32>
  %oe = tensor.empty() : tensor<2x7x16xf32>
  %of = linalg.fill ins(%zero : f32) outs(%oe : tensor<2x7x16xf32>) -> tensor<2x7x16xf32>
  %o = linalg.batch_matmul ins(%p, %v : tensor<2x7x7xf32>, tensor<2x7x16xf32>) outs(%of : tensor<2x7x16xf32>) -> tensor<2x7x16xf32>
  return %o : tensor<2x7x16xf32>
}
// OUT: #map = affine_map<(d0, d1, d2) -> ()>
// OUT: #map1 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// OUT: #map2 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
// OUT: #map3 = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
// OUT: #map4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// OUT: #map5 = affine_map<(d0, d1, d2) -> (0, d2)>
// OUT:
// OUT: func.func @main(%arg0: tensor<2x7x16xf32>, %arg1: tensor<2x16x7xf32>, %arg2: tensor<2x7x16xf32>, %arg3: tensor<1x7xf32>) -> tensor<2x7x16xf32> {
// OUT:   %0 = arith.constant 0.0 : f32
// OUT:   %1 = tensor.empty() : tensor<2x7x7xf32>
// OUT:   %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%1 : tensor<2x7x7xf32>) {
// OUT:   ^bb0(%3: f32, %4: f32):
// OUT:     linalg.yield %3 : f32
// OUT:   } -> tensor<2x7x7xf32>
// OUT:   %5 = linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<2x7x16xf32>, tensor<2x16x7xf32>) outs(%2 : tensor<2x7x7xf32>) {
// OUT:   ^bb0(%6: f32, %7: f32, %8: f32):
// OUT:     %9 = arith.mulf %6, %7 : f32
// OUT:     %10 = arith.addf %8, %9 : f32
// OUT:     linalg.yield %10 : f32
// OUT:   } -> tensor<2x7x7xf32>
// OUT:   %11 = linalg.generic {indexing_maps = [#map1, #map5, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%5, %arg3 : tensor<2x7x7xf32>, tensor<1x7xf32>) outs(%1 : tensor<2x7x7xf32>) {
// OUT:   ^bb0(%12: f32, %13: f32, %14: f32):
// OUT:     %15 = arith.constant 2.5e-1 : f32
// OUT:     %16 = arith.mulf %12, %15 : f32
// OUT:     %17 = arith.addf %16, %13 : f32
// OUT:     linalg.yield %17 : f32
// OUT:   } -> tensor<2x7x7xf32>
// OUT:   %18 = tensor.empty() : tensor<2x7x7xf32>
// OUT:   %19 = linalg.softmax dimension(2) ins(%11 : tensor<2x7x7xf32>) outs(%18 : tensor<2x7x7xf32>) -> tensor<2x7x7xf32>
// OUT:   %20 = tensor.empty() : tensor<2x7x16xf32>
// OUT:   %21 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%20 : tensor<2x7x16xf32>) {
// OUT:   ^bb0(%22: f32, %23: f32):
// OUT:     linalg.yield %22 : f32
// OUT:   } -> tensor<2x7x16xf32>
// OUT:   %24 = linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%19, %arg2 : tensor<2x7x7xf32>, tensor<2x7x16xf32>) outs(%21 : tensor<2x7x16xf32>) {
// OUT:   ^bb0(%25: f32, %26: f32, %27: f32):
// OUT:     %28 = arith.mulf %25, %26 : f32
// OUT:     %29 = arith.addf %27, %28 : f32
// OUT:     linalg.yield %29 : f32
// OUT:   } -> tensor<2x7x16xf32>
// OUT:   return %24 : tensor<2x7x16xf32>
// OUT: }
// OUT: region @dispatch_0_attention root linalg.generic -> %7 epilogue -> %13
// OUT:   inputs (%0, %1, %3, %2) outputs (%13)
// OUT:   %6 = linalg.generic(%4, %5)
// OUT:   %7 = linalg.generic(%0, %1, %6)
// OUT:   %8 = linalg.generic(%7, %3, %5)
// OUT:   %10 = linalg.softmax(%8, %9)
// OUT:   %12 = linalg.generic(%4, %11)
// OUT:   %13 = linalg.generic(%10, %2, %12)

// RUN: kernel-config target=nvidia-h200 heuristic=attention_matrix_key_chunk=64
// f16 attention (scale, a bias shared by the heads, softmax) with `attention_matrix_key_chunk=64`
// on a target listing 16x16x16 f16 subgroup cooperative matrices: the tensor-core kernel
// (matrix=16x16x16), 16 rows a block for 33 queries (the 132 compute units want more
// workgroups than 2 x 3), keys padded to 80. By default: fusion/attention_f16_tensor_cores.
#q = affine_map<(b, m, n, d) -> (b, m, d)>
#k = affine_map<(b, m, n, d) -> (b, n, d)>
#s = affine_map<(b, m, n, d) -> (b, m, n)>
#id = affine_map<(b, m, n) -> (b, m, n)>
#bias = affine_map<(b, m, n) -> (m, n)>
#p = affine_map<(b, m, c, n) -> (b, m, n)>
#v = affine_map<(b, m, c, n) -> (b, n, c)>
#o = affine_map<(b, m, c, n) -> (b, m, c)>
func.func @main(%q: tensor<2x33x16xf16>, %k: tensor<2x77x16xf16>, %v: tensor<2x77x16xf16>, %bias: tensor<33x77xf16>) -> tensor<2x33x16xf16> {
  %zero = arith.constant 0.0 : f16
  %se = tensor.empty() : tensor<2x33x77xf16>
  %sf = linalg.fill ins(%zero : f16) outs(%se : tensor<2x33x77xf16>) -> tensor<2x33x77xf16>
  %s = linalg.generic {indexing_maps = [#q, #k, #s], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%q, %k : tensor<2x33x16xf16>, tensor<2x77x16xf16>) outs(%sf : tensor<2x33x77xf16>) {
  ^bb0(%a: f16, %b: f16, %acc: f16):
    %p = arith.mulf %a, %b : f16
    %r = arith.addf %acc, %p : f16
    linalg.yield %r : f16
  } -> tensor<2x33x77xf16>
  %x = linalg.generic {indexing_maps = [#id, #bias, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%s, %bias : tensor<2x33x77xf16>, tensor<33x77xf16>) outs(%se : tensor<2x33x77xf16>) {
  ^bb0(%a: f16, %c: f16, %o: f16):
    %eighth = arith.constant 0.125 : f16
    %y = arith.mulf %a, %eighth : f16
    %z = arith.addf %y, %c : f16
    linalg.yield %z : f16
  } -> tensor<2x33x77xf16>
  %pe = tensor.empty() : tensor<2x33x77xf16>
  %pr = linalg.softmax dimension(2) ins(%x : tensor<2x33x77xf16>) outs(%pe : tensor<2x33x77xf16>) -> tensor<2x33x77xf16>
  %oe = tensor.empty() : tensor<2x33x16xf16>
  %of = linalg.fill ins(%zero : f16) outs(%oe : tensor<2x33x16xf16>) -> tensor<2x33x16xf16>
  %out = linalg.generic {indexing_maps = [#p, #v, #o], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%pr, %v : tensor<2x33x77xf16>, tensor<2x77x16xf16>) outs(%of : tensor<2x33x16xf16>) {
  ^bb0(%a: f16, %b: f16, %acc: f16):
    %p = arith.mulf %a, %b : f16
    %r = arith.addf %acc, %p : f16
    linalg.yield %r : f16
  } -> tensor<2x33x16xf16>
  return %out : tensor<2x33x16xf16>
}
// OUT: #map = affine_map<(d0, d1, d2) -> ()>
// OUT: #map1 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// OUT: #map2 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
// OUT: #map3 = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
// OUT: #map4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// OUT: #map5 = affine_map<(d0, d1, d2) -> (d1, d2)>
// OUT: #map6 = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
// OUT:
// OUT: func.func @main(%arg0: tensor<2x33x16xf16>, %arg1: tensor<2x77x16xf16>, %arg2: tensor<2x77x16xf16>, %arg3: tensor<33x77xf16>) -> tensor<2x33x16xf16> {
// OUT:   %0 = arith.constant 0.0 : f16
// OUT:   %1 = tensor.empty() : tensor<2x33x77xf16>
// OUT:   %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%0 : f16) outs(%1 : tensor<2x33x77xf16>) {
// OUT:   ^bb0(%3: f16, %4: f16):
// OUT:     linalg.yield %3 : f16
// OUT:   } -> tensor<2x33x77xf16>
// OUT:   %5 = linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<2x33x16xf16>, tensor<2x77x16xf16>) outs(%2 : tensor<2x33x77xf16>) {
// OUT:   ^bb0(%6: f16, %7: f16, %8: f16):
// OUT:     %9 = arith.mulf %6, %7 : f16
// OUT:     %10 = arith.addf %8, %9 : f16
// OUT:     linalg.yield %10 : f16
// OUT:   } -> tensor<2x33x77xf16>
// OUT:   %11 = linalg.generic {indexing_maps = [#map1, #map5, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%5, %arg3 : tensor<2x33x77xf16>, tensor<33x77xf16>) outs(%1 : tensor<2x33x77xf16>) {
// OUT:   ^bb0(%12: f16, %13: f16, %14: f16):
// OUT:     %15 = arith.constant 1.25e-1 : f16
// OUT:     %16 = arith.mulf %12, %15 : f16
// OUT:     %17 = arith.addf %16, %13 : f16
// OUT:     linalg.yield %17 : f16
// OUT:   } -> tensor<2x33x77xf16>
// OUT:   %18 = tensor.empty() : tensor<2x33x77xf16>
// OUT:   %19 = linalg.softmax dimension(2) ins(%11 : tensor<2x33x77xf16>) outs(%18 : tensor<2x33x77xf16>) -> tensor<2x33x77xf16>
// OUT:   %20 = tensor.empty() : tensor<2x33x16xf16>
// OUT:   %21 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%0 : f16) outs(%20 : tensor<2x33x16xf16>) {
// OUT:   ^bb0(%22: f16, %23: f16):
// OUT:     linalg.yield %22 : f16
// OUT:   } -> tensor<2x33x16xf16>
// OUT:   %24 = linalg.generic {indexing_maps = [#map2, #map6, #map4], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%19, %arg2 : tensor<2x33x77xf16>, tensor<2x77x16xf16>) outs(%21 : tensor<2x33x16xf16>) {
// OUT:   ^bb0(%25: f16, %26: f16, %27: f16):
// OUT:     %28 = arith.mulf %25, %26 : f16
// OUT:     %29 = arith.addf %27, %28 : f16
// OUT:     linalg.yield %29 : f16
// OUT:   } -> tensor<2x33x16xf16>
// OUT:   return %24 : tensor<2x33x16xf16>
// OUT: }
// OUT: region @dispatch_0_attention root linalg.generic -> %7 epilogue -> %13
// OUT:   inputs (%0, %1, %3, %2) outputs (%13)
// OUT:   %6 = linalg.generic(%4, %5)
// OUT:   %7 = linalg.generic(%0, %1, %6)
// OUT:   %8 = linalg.generic(%7, %3, %5)
// OUT:   %10 = linalg.softmax(%8, %9)
// OUT:   %12 = linalg.generic(%4, %11)
// OUT:   %13 = linalg.generic(%10, %2, %12)
// OUT: plan @dispatch_0_attention attention rows=16 threads=128 subgroup=32 key_stride=84 matrix=16x16x16 key_chunk=64

// RUN: kernel-config target=nvidia-h200
// Contractions whose outputs are dot products of two rows contiguous along K: attention's
// `q * k^T` while decoding (batched, one row: no matmul pipeline takes it, so dot rows rather
// than a serial loop per output), and one row times a transposed weight (`[N, K]`), which the
// few-rows choice takes as dot rows (the few-rows kernel would read the rhs a column at a time).
#q = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
#k = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
#s = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#x = affine_map<(d0, d1, d2) -> (d0, d2)>
#w = affine_map<(d0, d1, d2) -> (d1, d2)>
#y = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @main(%q: tensor<32x1x128xf16>, %k: tensor<32x512x128xf16>, %x: tensor<1x4096xf16>, %w: tensor<4096x4096xf16>) -> (tensor<32x1x512xf32>, tensor<1x4096xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x1x512xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<32x1x512xf32>) -> tensor<32x1x512xf32>
  %s = linalg.generic {indexing_maps = [#q, #k, #s], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%q, %k : tensor<32x1x128xf16>, tensor<32x512x128xf16>) outs(%f : tensor<32x1x512xf32>) {
  ^bb0(%a: f16, %b: f16, %acc: f32):
    %a32 = arith.extf %a : f16 to f32
    %b32 = arith.extf %b : f16 to f32
    %p = arith.mulf %a32, %b32 : f32
    %r = arith.addf %acc, %p : f32
    linalg.yield %r : f32
  } -> tensor<32x1x512xf32>
  %e2 = tensor.empty() : tensor<1x4096xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<1x4096xf32>) -> tensor<1x4096xf32>
  %y = linalg.generic {indexing_maps = [#x, #w, #y], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x, %w : tensor<1x4096xf16>, tensor<4096x4096xf16>) outs(%f2 : tensor<1x4096xf32>) {
  ^bb0(%a: f16, %b: f16, %acc: f32):
    %a32 = arith.extf %a : f16 to f32
    %b32 = arith.extf %b : f16 to f32
    %p = arith.mulf %a32, %b32 : f32
    %r = arith.addf %acc, %p : f32
    linalg.yield %r : f32
  } -> tensor<1x4096xf32>
  return %s, %y : tensor<32x1x512xf32>, tensor<1x4096xf32>
}
// OUT: #map = affine_map<(d0, d1, d2) -> ()>
// OUT: #map1 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// OUT: #map2 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
// OUT: #map3 = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
// OUT: #map4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// OUT: #map5 = affine_map<(d0, d1) -> ()>
// OUT: #map6 = affine_map<(d0, d1) -> (d0, d1)>
// OUT: #map7 = affine_map<(d0, d1, d2) -> (d0, d2)>
// OUT: #map8 = affine_map<(d0, d1, d2) -> (d1, d2)>
// OUT: #map9 = affine_map<(d0, d1, d2) -> (d0, d1)>
// OUT:
// OUT: func.func @main(%arg0: tensor<32x1x128xf16>, %arg1: tensor<32x512x128xf16>, %arg2: tensor<1x4096xf16>, %arg3: tensor<4096x4096xf16>) -> (tensor<32x1x512xf32>, tensor<1x4096xf32>) {
// OUT:   %0 = arith.constant 0.0 : f32
// OUT:   %1 = tensor.empty() : tensor<32x1x512xf32>
// OUT:   %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%1 : tensor<32x1x512xf32>) {
// OUT:   ^bb0(%3: f32, %4: f32):
// OUT:     linalg.yield %3 : f32
// OUT:   } -> tensor<32x1x512xf32>
// OUT:   %5 = linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<32x1x128xf16>, tensor<32x512x128xf16>) outs(%2 : tensor<32x1x512xf32>) {
// OUT:   ^bb0(%6: f16, %7: f16, %8: f32):
// OUT:     %9 = arith.extf %6 : f16 to f32
// OUT:     %10 = arith.extf %7 : f16 to f32
// OUT:     %11 = arith.mulf %9, %10 : f32
// OUT:     %12 = arith.addf %8, %11 : f32
// OUT:     linalg.yield %12 : f32
// OUT:   } -> tensor<32x1x512xf32>
// OUT:   %13 = tensor.empty() : tensor<1x4096xf32>
// OUT:   %14 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel"]} ins(%0 : f32) outs(%13 : tensor<1x4096xf32>) {
// OUT:   ^bb0(%15: f32, %16: f32):
// OUT:     linalg.yield %15 : f32
// OUT:   } -> tensor<1x4096xf32>
// OUT:   %17 = linalg.generic {indexing_maps = [#map7, #map8, #map9], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg2, %arg3 : tensor<1x4096xf16>, tensor<4096x4096xf16>) outs(%14 : tensor<1x4096xf32>) {
// OUT:   ^bb0(%18: f16, %19: f16, %20: f32):
// OUT:     %21 = arith.extf %18 : f16 to f32
// OUT:     %22 = arith.extf %19 : f16 to f32
// OUT:     %23 = arith.mulf %21, %22 : f32
// OUT:     %24 = arith.addf %20, %23 : f32
// OUT:     linalg.yield %24 : f32
// OUT:   } -> tensor<1x4096xf32>
// OUT:   return %5, %17 : tensor<32x1x512xf32>, tensor<1x4096xf32>
// OUT: }
// OUT: region @dispatch_0_contraction root linalg.generic -> %7
// OUT:   inputs (%0, %1) outputs (%7)
// OUT:   %6 = linalg.generic(%4, %5)
// OUT:   %7 = linalg.generic(%0, %1, %6)
// OUT: region @dispatch_1_contraction root linalg.generic -> %10
// OUT:   inputs (%2, %3) outputs (%10)
// OUT:   %9 = linalg.generic(%4, %8)
// OUT:   %10 = linalg.generic(%2, %3, %9)
// OUT: plan @dispatch_0_contraction dot-rows subgroup=32x4; vec4 subgroup=32x4
// OUT: plan @dispatch_1_contraction dot-rows (few rows) subgroup=32x4; vec4 subgroup=32x4

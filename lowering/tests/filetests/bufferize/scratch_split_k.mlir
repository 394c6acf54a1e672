// RUN: bufferize target=nvidia-h200
// Bufferize allocates the scratch the kernel plan needs (split-K partial results) after the
// region buffers, and records it per region.
// x * W with 64 rows of f16 (f32 accumulator), K = 4096: too few rows for a grid of large
// workgroup-scope tiles, so K is split (slices of at least 512).
func.func @main(%a: tensor<64x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<64x4096xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x4096xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<64x4096xf32>) -> tensor<64x4096xf32>
  %c = linalg.matmul ins(%a, %b : tensor<64x4096xf16>, tensor<4096x4096xf16>) outs(%f : tensor<64x4096xf32>) -> tensor<64x4096xf32>
  return %c : tensor<64x4096xf32>
}
// OUT: #map = affine_map<(d0, d1) -> ()>
// OUT: #map1 = affine_map<(d0, d1) -> (d0, d1)>
// OUT: #map2 = affine_map<(d0, d1, d2) -> (d0, d2)>
// OUT: #map3 = affine_map<(d0, d1, d2) -> (d2, d1)>
// OUT: #map4 = affine_map<(d0, d1, d2) -> (d0, d1)>
// OUT:
// OUT: func.func @main(%arg0: tensor<64x4096xf16>, %arg1: tensor<4096x4096xf16>) -> tensor<64x4096xf32> {
// OUT:   %0 = arith.constant 0.0 : f32
// OUT:   %1 = tensor.empty() : tensor<64x4096xf32>
// OUT:   %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%0 : f32) outs(%1 : tensor<64x4096xf32>) {
// OUT:   ^bb0(%3: f32, %4: f32):
// OUT:     linalg.yield %3 : f32
// OUT:   } -> tensor<64x4096xf32>
// OUT:   %5 = linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<64x4096xf16>, tensor<4096x4096xf16>) outs(%2 : tensor<64x4096xf32>) {
// OUT:   ^bb0(%6: f16, %7: f16, %8: f32):
// OUT:     %9 = arith.extf %6 : f16 to f32
// OUT:     %10 = arith.extf %7 : f16 to f32
// OUT:     %11 = arith.mulf %9, %10 : f32
// OUT:     %12 = arith.addf %8, %11 : f32
// OUT:     linalg.yield %12 : f32
// OUT:   } -> tensor<64x4096xf32>
// OUT:   return %5 : tensor<64x4096xf32>
// OUT: }
// OUT: region @dispatch_0_contraction root linalg.generic -> %5
// OUT:   inputs (%0, %1) outputs (%5)
// OUT:   %4 = linalg.generic(%2, %3)
// OUT:   %5 = linalg.generic(%0, %1, %4)
// OUT: plan @dispatch_0_contraction split-k tiles=64x64x64/128 slices=4
// OUT: buffer #0 "input0" Input F16 [64, 4096] 524288 bytes
// OUT: buffer #1 "input1" Input F16 [4096, 4096] 33554432 bytes
// OUT: buffer #2 "output0" Output F32 [64, 4096] 1048576 bytes
// OUT: buffer #3 "dispatch_0_contraction_partials" Intermediate F32 [4, 64, 4096] 4194304 bytes
// OUT: region 0 bindings: (set 0, binding 0) %0 -> #0 ReadOnly; (set 0, binding 1) %1 -> #1 ReadOnly; (set 0, binding 2) %5 -> #2 WriteOnly
// OUT: region 0 scratch: partials #3

// RUN: bufferize target=nvidia-h200
// Bufferize allocates the scratch the kernel plan needs (the bf16 planes of both operands,
// filled by split kernels since neither is a constant) and records it per region.
// A 1024^3 f32 matmul on a target with bf16 workgroup-scope matrices: the split bf16 pipeline.
func.func @main(%a: tensor<1024x1024xf32>, %b: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1024x1024xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %c = linalg.matmul ins(%a, %b : tensor<1024x1024xf32>, tensor<1024x1024xf32>) outs(%f : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  return %c : tensor<1024x1024xf32>
}
// OUT: #map = affine_map<(d0, d1) -> ()>
// OUT: #map1 = affine_map<(d0, d1) -> (d0, d1)>
// OUT: #map2 = affine_map<(d0, d1, d2) -> (d0, d2)>
// OUT: #map3 = affine_map<(d0, d1, d2) -> (d2, d1)>
// OUT: #map4 = affine_map<(d0, d1, d2) -> (d0, d1)>
// OUT:
// OUT: func.func @main(%arg0: tensor<1024x1024xf32>, %arg1: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
// OUT:   %0 = arith.constant 0.0 : f32
// OUT:   %1 = tensor.empty() : tensor<1024x1024xf32>
// OUT:   %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%0 : f32) outs(%1 : tensor<1024x1024xf32>) {
// OUT:   ^bb0(%3: f32, %4: f32):
// OUT:     linalg.yield %3 : f32
// OUT:   } -> tensor<1024x1024xf32>
// OUT:   %5 = linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<1024x1024xf32>, tensor<1024x1024xf32>) outs(%2 : tensor<1024x1024xf32>) {
// OUT:   ^bb0(%6: f32, %7: f32, %8: f32):
// OUT:     %9 = arith.mulf %6, %7 : f32
// OUT:     %10 = arith.addf %8, %9 : f32
// OUT:     linalg.yield %10 : f32
// OUT:   } -> tensor<1024x1024xf32>
// OUT:   return %5 : tensor<1024x1024xf32>
// OUT: }
// OUT: region @dispatch_0_contraction root linalg.generic -> %5
// OUT:   inputs (%0, %1) outputs (%5)
// OUT:   %4 = linalg.generic(%2, %3)
// OUT:   %5 = linalg.generic(%0, %1, %4)
// OUT: plan @dispatch_0_contraction split-bf16 tiles=64x128x32/128 flush-steps=4
// OUT: buffer #0 "input0" Input F32 [1024, 1024] 4194304 bytes
// OUT: buffer #1 "input1" Input F32 [1024, 1024] 4194304 bytes
// OUT: buffer #2 "output0" Output F32 [1024, 1024] 4194304 bytes
// OUT: buffer #3 "dispatch_0_contraction_lhs_planes" Intermediate BF16 [3, 1024, 1024] 6291456 bytes
// OUT: buffer #4 "dispatch_0_contraction_rhs_planes" Intermediate BF16 [3, 1024, 1024] 6291456 bytes
// OUT: region 0 bindings: (set 0, binding 0) %0 -> #0 ReadOnly; (set 0, binding 1) %1 -> #1 ReadOnly; (set 0, binding 2) %5 -> #2 WriteOnly
// OUT: region 0 scratch: planes #3 #4

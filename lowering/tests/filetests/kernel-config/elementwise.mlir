// RUN: kernel-config target=llvmpipe
// An element-wise region: an invocation per output element.
#map = affine_map<(d0, d1) -> (d0, d1)>
func.func @main(%x: tensor<16x64xf32>, %y: tensor<16x64xf32>) -> tensor<16x64xf32> {
  %e = tensor.empty() : tensor<16x64xf32>
  %r = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%x, %y : tensor<16x64xf32>, tensor<16x64xf32>) outs(%e : tensor<16x64xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<16x64xf32>
  return %r : tensor<16x64xf32>
}
// OUT: #map = affine_map<(d0, d1) -> (d0, d1)>
// OUT:
// OUT: func.func @main(%arg0: tensor<16x64xf32>, %arg1: tensor<16x64xf32>) -> tensor<16x64xf32> {
// OUT:   %0 = tensor.empty() : tensor<16x64xf32>
// OUT:   %1 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : tensor<16x64xf32>, tensor<16x64xf32>) outs(%0 : tensor<16x64xf32>) {
// OUT:   ^bb0(%2: f32, %3: f32, %4: f32):
// OUT:     %5 = arith.addf %2, %3 : f32
// OUT:     linalg.yield %5 : f32
// OUT:   } -> tensor<16x64xf32>
// OUT:   return %1 : tensor<16x64xf32>
// OUT: }
// OUT: region @dispatch_0_elementwise root linalg.generic -> %3
// OUT:   inputs (%0, %1) outputs (%3)
// OUT:   %3 = linalg.generic(%0, %1, %2)
// OUT: plan @dispatch_0_elementwise elementwise

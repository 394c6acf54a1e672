// RUN: kernel-config target=nvidia-h200
// A matmul-shaped f32 contraction whose body sums squared differences, not products: the
// cooperative-matrix pipelines (which multiply their inputs whatever the body says) do not take
// it; the SIMT pipeline evaluates the body.
#ma = affine_map<(d0, d1, d2) -> (d0, d2)>
#mb = affine_map<(d0, d1, d2) -> (d2, d1)>
#mc = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @main(%a: tensor<256x128xf32>, %b: tensor<128x256xf32>) -> tensor<256x256xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<256x256xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<256x256xf32>) -> tensor<256x256xf32>
  %d = linalg.generic {indexing_maps = [#ma, #mb, #mc], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<256x128xf32>, tensor<128x256xf32>) outs(%f : tensor<256x256xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %t = arith.subf %x, %y : f32
    %s = arith.mulf %t, %t : f32
    %n = arith.addf %acc, %s : f32
    linalg.yield %n : f32
  } -> tensor<256x256xf32>
  return %d : tensor<256x256xf32>
}
// OUT: #map = affine_map<(d0, d1) -> ()>
// OUT: #map1 = affine_map<(d0, d1) -> (d0, d1)>
// OUT: #map2 = affine_map<(d0, d1, d2) -> (d0, d2)>
// OUT: #map3 = affine_map<(d0, d1, d2) -> (d2, d1)>
// OUT: #map4 = affine_map<(d0, d1, d2) -> (d0, d1)>
// OUT:
// OUT: func.func @main(%arg0: tensor<256x128xf32>, %arg1: tensor<128x256xf32>) -> tensor<256x256xf32> {
// OUT:   %0 = arith.constant 0.0 : f32
// OUT:   %1 = tensor.empty() : tensor<256x256xf32>
// OUT:   %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%0 : f32) outs(%1 : tensor<256x256xf32>) {
// OUT:   ^bb0(%3: f32, %4: f32):
// OUT:     linalg.yield %3 : f32
// OUT:   } -> tensor<256x256xf32>
// OUT:   %5 = linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<256x128xf32>, tensor<128x256xf32>) outs(%2 : tensor<256x256xf32>) {
// OUT:   ^bb0(%6: f32, %7: f32, %8: f32):
// OUT:     %9 = arith.subf %6, %7 : f32
// OUT:     %10 = arith.mulf %9, %9 : f32
// OUT:     %11 = arith.addf %8, %10 : f32
// OUT:     linalg.yield %11 : f32
// OUT:   } -> tensor<256x256xf32>
// OUT:   return %5 : tensor<256x256xf32>
// OUT: }
// OUT: region @dispatch_0_contraction root linalg.generic -> %5
// OUT:   inputs (%0, %1) outputs (%5)
// OUT:   %4 = linalg.generic(%2, %3)
// OUT:   %5 = linalg.generic(%0, %1, %4)
// OUT: plan @dispatch_0_contraction simt tiles=32x32x16 thread=4x4 pad=4 stages=2

// RUN: bufferize target=llvmpipe
// A scaled softmax followed by a sum: the scale fuses into the softmax region (prologue), the
// softmax output feeds a separate reduction region, and the second output is stored too.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @main(%x: tensor<8x64xf32>) -> (tensor<8x64xf32>, tensor<8xf32>) {
  %two = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<8x64xf32>
  %s = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<8x64xf32>) outs(%e : tensor<8x64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.mulf %in, %two : f32
    linalg.yield %m : f32
  } -> tensor<8x64xf32>
  %se = tensor.empty() : tensor<8x64xf32>
  %sm = linalg.softmax dimension(1) ins(%s : tensor<8x64xf32>) outs(%se : tensor<8x64xf32>) -> tensor<8x64xf32>
  %zero = arith.constant 0.0 : f32
  %re = tensor.empty() : tensor<8xf32>
  %rf = linalg.fill ins(%zero : f32) outs(%re : tensor<8xf32>) -> tensor<8xf32>
  %r = linalg.reduce ins(%sm : tensor<8x64xf32>) outs(%rf : tensor<8xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %0 = arith.addf %in, %init : f32
      linalg.yield %0 : f32
    }
  return %sm, %r : tensor<8x64xf32>, tensor<8xf32>
}
// OUT: #map = affine_map<(d0, d1) -> (d0, d1)>
// OUT: #map1 = affine_map<(d0) -> ()>
// OUT: #map2 = affine_map<(d0) -> (d0)>
// OUT: #map3 = affine_map<(d0, d1) -> (d0)>
// OUT:
// OUT: func.func @main(%arg0: tensor<8x64xf32>) -> (tensor<8x64xf32>, tensor<8xf32>) {
// OUT:   %0 = arith.constant 2.0 : f32
// OUT:   %1 = tensor.empty() : tensor<8x64xf32>
// OUT:   %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<8x64xf32>) outs(%1 : tensor<8x64xf32>) {
// OUT:   ^bb0(%3: f32, %4: f32):
// OUT:     %5 = arith.mulf %3, %0 : f32
// OUT:     linalg.yield %5 : f32
// OUT:   } -> tensor<8x64xf32>
// OUT:   %6 = tensor.empty() : tensor<8x64xf32>
// OUT:   %7 = linalg.softmax dimension(1) ins(%2 : tensor<8x64xf32>) outs(%6 : tensor<8x64xf32>) -> tensor<8x64xf32>
// OUT:   %8 = arith.constant 0.0 : f32
// OUT:   %9 = tensor.empty() : tensor<8xf32>
// OUT:   %10 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel"]} ins(%8 : f32) outs(%9 : tensor<8xf32>) {
// OUT:   ^bb0(%11: f32, %12: f32):
// OUT:     linalg.yield %11 : f32
// OUT:   } -> tensor<8xf32>
// OUT:   %13 = linalg.generic {indexing_maps = [#map, #map3], iterator_types = ["parallel", "reduction"]} ins(%7 : tensor<8x64xf32>) outs(%10 : tensor<8xf32>) {
// OUT:   ^bb0(%14: f32, %15: f32):
// OUT:     %16 = arith.addf %14, %15 : f32
// OUT:     linalg.yield %16 : f32
// OUT:   } -> tensor<8xf32>
// OUT:   return %7, %13 : tensor<8x64xf32>, tensor<8xf32>
// OUT: }
// OUT: region @dispatch_0_softmax root linalg.softmax -> %5
// OUT:   inputs (%0) outputs (%5)
// OUT:   %3 = linalg.generic(%0, %2)
// OUT:   %5 = linalg.softmax(%3, %4)
// OUT: region @dispatch_1_reduction root linalg.generic -> %9
// OUT:   inputs (%5) outputs (%9)
// OUT:   %8 = linalg.generic(%6, %7)
// OUT:   %9 = linalg.generic(%5, %8)
// OUT: edge @dispatch_0_softmax -> @dispatch_1_reduction (%5)
// OUT: plan @dispatch_0_softmax softmax-rows registers subgroup=8x8; vec4 registers subgroup=8x8
// OUT: plan @dispatch_1_reduction row-reduction subgroup=8x8; vec4 subgroup=8x8
// OUT: buffer #0 "input0" Input F32 [8, 64] 2048 bytes
// OUT: buffer #1 "output0" Output F32 [8, 64] 2048 bytes
// OUT: buffer #2 "output1" Output F32 [8] 32 bytes
// OUT: region 0 bindings: (set 0, binding 0) %0 -> #0 ReadOnly; (set 0, binding 1) %5 -> #1 WriteOnly
// OUT: region 1 bindings: (set 0, binding 0) %5 -> #1 ReadOnly; (set 0, binding 1) %9 -> #2 WriteOnly

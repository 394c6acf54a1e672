// RUN: kernel-config target=nvidia-h200
// The reduction strategies on a GPU: a row sum (the innermost dim reduced: a subgroup per row,
// 4 rows a workgroup; vec4 chunks where the element code vectorizes), a column sum over 4096
// rows (the input's innermost dim is the output's: a workgroup per tile of columns, slices of
// the reduced range; 32 or 8 invocations across for scalar or vec4 chunks) and a column max
// over 3 rows (too few to share: the serial strategy). The shared fill is a region of its own.
func.func @main(%x: tensor<512x1024xf32>, %y: tensor<4096x512xf32>, %z: tensor<3x512xf32>) -> (tensor<512xf32>, tensor<512xf32>, tensor<512xf32>) {
  %zero = arith.constant 0.0 : f32
  %lowest = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<512xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<512xf32>) -> tensor<512xf32>
  %rows = linalg.reduce ins(%x : tensor<512x1024xf32>) outs(%f : tensor<512xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %0 = arith.addf %in, %init : f32
      linalg.yield %0 : f32
    }
  %columns = linalg.reduce ins(%y : tensor<4096x512xf32>) outs(%f : tensor<512xf32>) dimensions = [0]
    (%in: f32, %init: f32) {
      %0 = arith.addf %in, %init : f32
      linalg.yield %0 : f32
    }
  %l = linalg.fill ins(%lowest : f32) outs(%e : tensor<512xf32>) -> tensor<512xf32>
  %short = linalg.reduce ins(%z : tensor<3x512xf32>) outs(%l : tensor<512xf32>) dimensions = [0]
    (%in: f32, %init: f32) {
      %0 = arith.maximumf %in, %init : f32
      linalg.yield %0 : f32
    }
  return %rows, %columns, %short : tensor<512xf32>, tensor<512xf32>, tensor<512xf32>
}
// OUT: #map = affine_map<(d0) -> ()>
// OUT: #map1 = affine_map<(d0) -> (d0)>
// OUT: #map2 = affine_map<(d0, d1) -> (d0, d1)>
// OUT: #map3 = affine_map<(d0, d1) -> (d0)>
// OUT: #map4 = affine_map<(d0, d1) -> (d1)>
// OUT:
// OUT: func.func @main(%arg0: tensor<512x1024xf32>, %arg1: tensor<4096x512xf32>, %arg2: tensor<3x512xf32>) -> (tensor<512xf32>, tensor<512xf32>, tensor<512xf32>) {
// OUT:   %0 = arith.constant 0.0 : f32
// OUT:   %1 = arith.constant 0xFF800000 : f32
// OUT:   %2 = tensor.empty() : tensor<512xf32>
// OUT:   %3 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel"]} ins(%0 : f32) outs(%2 : tensor<512xf32>) {
// OUT:   ^bb0(%4: f32, %5: f32):
// OUT:     linalg.yield %4 : f32
// OUT:   } -> tensor<512xf32>
// OUT:   %6 = linalg.generic {indexing_maps = [#map2, #map3], iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<512x1024xf32>) outs(%3 : tensor<512xf32>) {
// OUT:   ^bb0(%7: f32, %8: f32):
// OUT:     %9 = arith.addf %7, %8 : f32
// OUT:     linalg.yield %9 : f32
// OUT:   } -> tensor<512xf32>
// OUT:   %10 = linalg.generic {indexing_maps = [#map2, #map4], iterator_types = ["reduction", "parallel"]} ins(%arg1 : tensor<4096x512xf32>) outs(%3 : tensor<512xf32>) {
// OUT:   ^bb0(%11: f32, %12: f32):
// OUT:     %13 = arith.addf %11, %12 : f32
// OUT:     linalg.yield %13 : f32
// OUT:   } -> tensor<512xf32>
// OUT:   %14 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel"]} ins(%1 : f32) outs(%2 : tensor<512xf32>) {
// OUT:   ^bb0(%15: f32, %16: f32):
// OUT:     linalg.yield %15 : f32
// OUT:   } -> tensor<512xf32>
// OUT:   %17 = linalg.generic {indexing_maps = [#map2, #map4], iterator_types = ["reduction", "parallel"]} ins(%arg2 : tensor<3x512xf32>) outs(%14 : tensor<512xf32>) {
// OUT:   ^bb0(%18: f32, %19: f32):
// OUT:     %20 = arith.maximumf %18, %19 : f32
// OUT:     linalg.yield %20 : f32
// OUT:   } -> tensor<512xf32>
// OUT:   return %6, %10, %17 : tensor<512xf32>, tensor<512xf32>, tensor<512xf32>
// OUT: }
// OUT: region @dispatch_0_elementwise root linalg.generic -> %6
// OUT:   inputs () outputs (%6)
// OUT:   %6 = linalg.generic(%3, %5)
// OUT: region @dispatch_1_reduction root linalg.generic -> %7
// OUT:   inputs (%0, %6) outputs (%7)
// OUT:   %7 = linalg.generic(%0, %6)
// OUT: region @dispatch_2_reduction root linalg.generic -> %8
// OUT:   inputs (%1, %6) outputs (%8)
// OUT:   %8 = linalg.generic(%1, %6)
// OUT: region @dispatch_3_reduction root linalg.generic -> %10
// OUT:   inputs (%2) outputs (%10)
// OUT:   %9 = linalg.generic(%4, %5)
// OUT:   %10 = linalg.generic(%2, %9)
// OUT: edge @dispatch_0_elementwise -> @dispatch_2_reduction (%6)
// OUT: edge @dispatch_0_elementwise -> @dispatch_1_reduction (%6)
// OUT: plan @dispatch_0_elementwise elementwise
// OUT: plan @dispatch_1_reduction row-reduction subgroup=32x4; vec4 subgroup=32x4
// OUT: plan @dispatch_2_reduction column-reduction across=32 slices=8; vec4 across=8 slices=32
// OUT: plan @dispatch_3_reduction serial-reduction

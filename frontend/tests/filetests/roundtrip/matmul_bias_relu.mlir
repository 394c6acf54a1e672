// A matmul with a broadcast bias and a ReLU, in mlir-opt's style (locations are skipped).
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
module {
  func.func @main(%arg0: tensor<4x8xf32>, %arg1: tensor<8x16xf32>, %bias: tensor<16xf32>) -> tensor<4x16xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<4x16xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<4x16xf32>) -> tensor<4x16xf32>
    %2 = linalg.matmul ins(%arg0, %arg1 : tensor<4x8xf32>, tensor<8x16xf32>) outs(%1 : tensor<4x16xf32>) -> tensor<4x16xf32> loc("fc1")
    %3 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%2, %bias : tensor<4x16xf32>, tensor<16xf32>) outs(%0 : tensor<4x16xf32>) {
    ^bb0(%in: f32, %in_0: f32, %out: f32):
      %4 = arith.addf %in, %in_0 : f32
      %5 = arith.maximumf %4, %cst : f32
      linalg.yield %5 : f32
    } -> tensor<4x16xf32> loc(fused["bias", "relu"])
    return %3 : tensor<4x16xf32>
  }
}
// OUT: #map = affine_map<(d0, d1) -> (d0, d1)>
// OUT: #map1 = affine_map<(d0, d1) -> (d1)>
// OUT:
// OUT: func.func @main(%arg0: tensor<4x8xf32>, %arg1: tensor<8x16xf32>, %arg2: tensor<16xf32>) -> tensor<4x16xf32> {
// OUT:   %0 = arith.constant 0.0 : f32
// OUT:   %1 = tensor.empty() : tensor<4x16xf32>
// OUT:   %2 = linalg.fill ins(%0 : f32) outs(%1 : tensor<4x16xf32>) -> tensor<4x16xf32>
// OUT:   %3 = linalg.matmul ins(%arg0, %arg1 : tensor<4x8xf32>, tensor<8x16xf32>) outs(%2 : tensor<4x16xf32>) -> tensor<4x16xf32>
// OUT:   %4 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%3, %arg2 : tensor<4x16xf32>, tensor<16xf32>) outs(%1 : tensor<4x16xf32>) {
// OUT:   ^bb0(%5: f32, %6: f32, %7: f32):
// OUT:     %8 = arith.addf %5, %6 : f32
// OUT:     %9 = arith.maximumf %8, %0 : f32
// OUT:     linalg.yield %9 : f32
// OUT:   } -> tensor<4x16xf32>
// OUT:   return %4 : tensor<4x16xf32>
// OUT: }

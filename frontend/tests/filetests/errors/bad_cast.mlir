#map = affine_map<(d0) -> (d0)>
func.func @main(%a: tensor<4xf32>, %o: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%o : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    // expected-error @+1 {{'arith.extf': invalid cast}}
    %1 = arith.extf %x : f32 to f16
    linalg.yield %1 : f16
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

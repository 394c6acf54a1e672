#map = affine_map<(d0) -> (d0)>
func.func @main(%a: tensor<4xf32>, %o: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{yield #0 has type f32, expected i32}}
  %0 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%a : tensor<4xf32>) outs(%o : tensor<4xi32>) {
  ^bb0(%x: f32, %y: i32):
    linalg.yield %x : f32
  } -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

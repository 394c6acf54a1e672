// x * 2 over 64 Mi f32 elements: a copy-like kernel, the bandwidth reference.
#id = affine_map<(d0) -> (d0)>
func.func @main(%x: tensor<67108864xf32>) -> tensor<67108864xf32> {
  %two = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<67108864xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<67108864xf32>) outs(%e : tensor<67108864xf32>) {
  ^bb0(%a: f32, %out: f32):
    %0 = arith.mulf %a, %two : f32
    linalg.yield %0 : f32
  } -> tensor<67108864xf32>
  return %r : tensor<67108864xf32>
}

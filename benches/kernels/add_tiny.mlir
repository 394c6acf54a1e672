// bench kernel for host overhead: one tiny elementwise dispatch (c = a + b). Parameters: N=64
#id = affine_map<(d0) -> (d0)>
func.func @main(%a: tensor<@N@xf32>, %b: tensor<@N@xf32>) -> tensor<@N@xf32> {
  %e = tensor.empty() : tensor<@N@xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%a, %b : tensor<@N@xf32>, tensor<@N@xf32>) outs(%e : tensor<@N@xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %0 = arith.addf %x, %y : f32
    linalg.yield %0 : f32
  } -> tensor<@N@xf32>
  return %r : tensor<@N@xf32>
}

// RUN: abi-vce-serialize target=vulkan1.1
// expected-error: Float64
#id = affine_map<(d0) -> (d0)>
func.func @main(%x: tensor<8xf64>) -> tensor<8xf64> {
  %e = tensor.empty() : tensor<8xf64>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<8xf64>) outs(%e : tensor<8xf64>) {
  ^bb0(%a: f64, %out: f64):
    %s = arith.addf %a, %a : f64
    linalg.yield %s : f64
  } -> tensor<8xf64>
  return %r : tensor<8xf64>
}

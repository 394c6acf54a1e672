// bench kernel: relu(A * B + bias) with f16 operands and an f32 accumulator, bias and result
// (a linear layer). Parameters: M=256 N=256 K=256  (defaults sized for lavapipe)
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
func.func @main(%a: tensor<@M@x@K@xf16>, %b: tensor<@K@x@N@xf16>, %bias: tensor<@N@xf32>) -> tensor<@M@x@N@xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<@M@x@N@xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<@M@x@N@xf32>) -> tensor<@M@x@N@xf32>
  %c = linalg.matmul ins(%a, %b : tensor<@M@x@K@xf16>, tensor<@K@x@N@xf16>) outs(%f : tensor<@M@x@N@xf32>) -> tensor<@M@x@N@xf32>
  %r = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%c, %bias : tensor<@M@x@N@xf32>, tensor<@N@xf32>) outs(%e : tensor<@M@x@N@xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %s = arith.addf %x, %y : f32
    %m = arith.maximumf %s, %zero : f32
    linalg.yield %m : f32
  } -> tensor<@M@x@N@xf32>
  return %r : tensor<@M@x@N@xf32>
}

// bench kernel: C = A * B in f32.
// Parameters: M=512 N=512 K=512  (defaults sized for lavapipe)
func.func @main(%a: tensor<@M@x@K@xf32>, %b: tensor<@K@x@N@xf32>) -> tensor<@M@x@N@xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<@M@x@N@xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<@M@x@N@xf32>) -> tensor<@M@x@N@xf32>
  %c = linalg.matmul ins(%a, %b : tensor<@M@x@K@xf32>, tensor<@K@x@N@xf32>) outs(%f : tensor<@M@x@N@xf32>) -> tensor<@M@x@N@xf32>
  return %c : tensor<@M@x@N@xf32>
}

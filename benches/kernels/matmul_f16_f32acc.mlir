// bench kernel: C = A * B with f16 operands and an f32 accumulator and result.
// Parameters: M=256 N=256 K=256  (defaults sized for lavapipe)
func.func @main(%a: tensor<@M@x@K@xf16>, %b: tensor<@K@x@N@xf16>) -> tensor<@M@x@N@xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<@M@x@N@xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<@M@x@N@xf32>) -> tensor<@M@x@N@xf32>
  %c = linalg.matmul ins(%a, %b : tensor<@M@x@K@xf16>, tensor<@K@x@N@xf16>) outs(%f : tensor<@M@x@N@xf32>) -> tensor<@M@x@N@xf32>
  return %c : tensor<@M@x@N@xf32>
}

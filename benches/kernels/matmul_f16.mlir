// bench kernel: C = A * B with f16 operands, accumulator and result (IREE's f16 path; torch's fp16 matmul has this signature).
// Parameters: M=256 N=256 K=256  (defaults sized for lavapipe)
func.func @main(%a: tensor<@M@x@K@xf16>, %b: tensor<@K@x@N@xf16>) -> tensor<@M@x@N@xf16> {
  %zero = arith.constant 0.0 : f16
  %e = tensor.empty() : tensor<@M@x@N@xf16>
  %f = linalg.fill ins(%zero : f16) outs(%e : tensor<@M@x@N@xf16>) -> tensor<@M@x@N@xf16>
  %c = linalg.matmul ins(%a, %b : tensor<@M@x@K@xf16>, tensor<@K@x@N@xf16>) outs(%f : tensor<@M@x@N@xf16>) -> tensor<@M@x@N@xf16>
  return %c : tensor<@M@x@N@xf16>
}

// bench kernel: softmax over each row of an M x N f32 matrix.
// Parameters: M=512 N=512  (defaults sized for lavapipe)
func.func @main(%x: tensor<@M@x@N@xf32>) -> tensor<@M@x@N@xf32> {
  %e = tensor.empty() : tensor<@M@x@N@xf32>
  %s = linalg.softmax dimension(1) ins(%x : tensor<@M@x@N@xf32>) outs(%e : tensor<@M@x@N@xf32>) -> tensor<@M@x@N@xf32>
  return %s : tensor<@M@x@N@xf32>
}

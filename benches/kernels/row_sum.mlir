// bench kernel: the sum of each row of an M x N f32 matrix.
// Parameters: M=1024 N=1024  (defaults sized for lavapipe)
func.func @main(%x: tensor<@M@x@N@xf32>) -> tensor<@M@xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<@M@xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<@M@xf32>) -> tensor<@M@xf32>
  %r = linalg.reduce ins(%x : tensor<@M@x@N@xf32>) outs(%f : tensor<@M@xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %0 = arith.addf %in, %acc : f32
      linalg.yield %0 : f32
    }
  return %r : tensor<@M@xf32>
}

// 2048^3 f32 matmul (SIMT, tiled 64x64x16 with workgroup-memory promotion).
func.func @main(%a: tensor<2048x2048xf32>, %b: tensor<2048x2048xf32>) -> tensor<2048x2048xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2048x2048xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
  %r = linalg.matmul ins(%a, %b : tensor<2048x2048xf32>, tensor<2048x2048xf32>) outs(%f : tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
  return %r : tensor<2048x2048xf32>
}

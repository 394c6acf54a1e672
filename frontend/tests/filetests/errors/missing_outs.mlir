func.func @main(%a: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{expected 'outs(', found '->'}}
  %0 = linalg.matmul ins(%a, %a : tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  // expected-error @+1 {{use of undefined value %b}}
  %t = linalg.transpose ins(%b : tensor<4xf32>) outs(%e : tensor<4xf32>) permutation = [0]
  return %t : tensor<4xf32>
}

func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{unsupported op 'linalg.frobnicate'}}
  %0 = linalg.frobnicate %a : tensor<4xf32>
  return %0 : tensor<4xf32>
}

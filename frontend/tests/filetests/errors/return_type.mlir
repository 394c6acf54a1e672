func.func @main(%a: tensor<4xf32>) -> tensor<4xi32> {
  // expected-error @+1 {{return operand #0 has type tensor<4xf32>, but @main returns tensor<4xi32>}}
  return %a : tensor<4xf32>
}

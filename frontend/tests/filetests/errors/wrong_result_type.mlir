func.func @main(%a: tensor<2x3xf32>) -> tensor<6xf32> {
  // expected-error @+1 {{'tensor.collapse_shape' result #0 is written as tensor<5xf32>, but its inferred type is tensor<6xf32>}}
  %0 = tensor.collapse_shape %a [[0, 1]] : tensor<2x3xf32> into tensor<5xf32>
  return %0 : tensor<6xf32>
}

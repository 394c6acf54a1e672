// kiln.gather_elements: off the gathered axis, the indices may not be larger than the data.
func.func @main(%x: tensor<4x3xf32>, %i: tensor<2x5xi64>) -> tensor<2x5xf32> {
  // expected-error @+1 {{'kiln.gather_elements': indices dim 1 (5) is larger than data dim 1 (3)}}
  %g = kiln.gather_elements axis(0) %x, %i : (tensor<4x3xf32>, tensor<2x5xi64>) -> tensor<2x5xf32>
  return %g : tensor<2x5xf32>
}

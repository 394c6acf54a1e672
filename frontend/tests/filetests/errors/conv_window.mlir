func.func @main(%x: tensor<1x3x2x2xf32>, %w: tensor<4x3x3x3xf32>, %o: tensor<1x4x1x1xf32>) -> tensor<1x4x1x1xf32> {
  // expected-error @+1 {{window of extent 3 does not fit in input dim 2}}
  %0 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x3x2x2xf32>, tensor<4x3x3x3xf32>) outs(%o : tensor<1x4x1x1xf32>) -> tensor<1x4x1x1xf32>
  return %0 : tensor<1x4x1x1xf32>
}

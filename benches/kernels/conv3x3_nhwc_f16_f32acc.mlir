// bench kernel: 3x3 convolution, stride 1, zero padding 1, NHWC input, HWCF filter, f16 operands
// and an f32 accumulator and result (the cooperative-matrix conv on GPUs: benches/gpu/check.sh).
// Parameters: N=1 H=28 W=28 C=32 F=32 HP=30 WP=30  (HP = H + 2, WP = W + 2)  (defaults sized for lavapipe)
func.func @main(%x: tensor<@N@x@H@x@W@x@C@xf16>, %w: tensor<3x3x@C@x@F@xf16>) -> tensor<@N@x@H@x@W@x@F@xf32> {
  %zero = arith.constant 0.0 : f32
  %zero_h = arith.constant 0.0 : f16
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero_h : f16
  } : tensor<@N@x@H@x@W@x@C@xf16> to tensor<@N@x@HP@x@WP@x@C@xf16>
  %e = tensor.empty() : tensor<@N@x@H@x@W@x@F@xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<@N@x@H@x@W@x@F@xf32>) -> tensor<@N@x@H@x@W@x@F@xf32>
  %y = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%p, %w : tensor<@N@x@HP@x@WP@x@C@xf16>, tensor<3x3x@C@x@F@xf16>) outs(%f : tensor<@N@x@H@x@W@x@F@xf32>) -> tensor<@N@x@H@x@W@x@F@xf32>
  return %y : tensor<@N@x@H@x@W@x@F@xf32>
}

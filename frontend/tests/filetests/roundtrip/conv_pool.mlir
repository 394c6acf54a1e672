// Convolutions in every layout, padding and pooling.
func.func @main(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>, %xh: tensor<1x8x8x4xf32>, %wh: tensor<3x3x4x2xf32>, %dw: tensor<3x3x4xf32>, %g: tensor<1x2x2x6x6xf32>, %gw: tensor<2x3x2x3x3xf32>) -> (tensor<1x4x4x4xf32>, tensor<1x4x2x2xf32>, tensor<1x6x6x2xf32>, tensor<1x3x4x4xf32>, tensor<1x2x3x4x4xf32>, tensor<1x4x4x4xf32>) {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x3x8x8xf32> to tensor<1x3x10x10xf32>
  %e = tensor.empty() : tensor<1x4x4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%p, %w : tensor<1x3x10x10xf32>, tensor<4x3x3x3xf32>) outs(%f : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %win = tensor.empty() : tensor<2x2xf32>
  %pe = tensor.empty() : tensor<1x4x2x2xf32>
  %pf = linalg.fill ins(%ninf : f32) outs(%pe : tensor<1x4x2x2xf32>) -> tensor<1x4x2x2xf32>
  %pool = linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%c, %win : tensor<1x4x4x4xf32>, tensor<2x2xf32>) outs(%pf : tensor<1x4x2x2xf32>) -> tensor<1x4x2x2xf32>
  %he = tensor.empty() : tensor<1x6x6x2xf32>
  %hf = linalg.fill ins(%zero : f32) outs(%he : tensor<1x6x6x2xf32>) -> tensor<1x6x6x2xf32>
  %hc = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%xh, %wh : tensor<1x8x8x4xf32>, tensor<3x3x4x2xf32>) outs(%hf : tensor<1x6x6x2xf32>) -> tensor<1x6x6x2xf32>
  %de = tensor.empty() : tensor<1x3x4x4xf32>
  %df = linalg.fill ins(%zero : f32) outs(%de : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %d = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<[1, 2]> : tensor<2xi64>, strides = dense<[2, 1]> : tensor<2xi64>} ins(%xh, %dw : tensor<1x8x8x4xf32>, tensor<3x3x4xf32>) outs(%df : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
  %ge = tensor.empty() : tensor<1x2x3x4x4xf32>
  %gf = linalg.fill ins(%zero : f32) outs(%ge : tensor<1x2x3x4x4xf32>) -> tensor<1x2x3x4x4xf32>
  %gc = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%g, %gw : tensor<1x2x2x6x6xf32>, tensor<2x3x2x3x3xf32>) outs(%gf : tensor<1x2x3x4x4xf32>) -> tensor<1x2x3x4x4xf32>
  %win1 = tensor.empty() : tensor<1x1xf32>
  %sum = linalg.pooling_nhwc_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%c, %win1 : tensor<1x4x4x4xf32>, tensor<1x1xf32>) outs(%f : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  return %c, %pool, %hc, %d, %gc, %sum : tensor<1x4x4x4xf32>, tensor<1x4x2x2xf32>, tensor<1x6x6x2xf32>, tensor<1x3x4x4xf32>, tensor<1x2x3x4x4xf32>, tensor<1x4x4x4xf32>
}
// OUT: func.func @main(%arg0: tensor<1x3x8x8xf32>, %arg1: tensor<4x3x3x3xf32>, %arg2: tensor<1x8x8x4xf32>, %arg3: tensor<3x3x4x2xf32>, %arg4: tensor<3x3x4xf32>, %arg5: tensor<1x2x2x6x6xf32>, %arg6: tensor<2x3x2x3x3xf32>) -> (tensor<1x4x4x4xf32>, tensor<1x4x2x2xf32>, tensor<1x6x6x2xf32>, tensor<1x3x4x4xf32>, tensor<1x2x3x4x4xf32>, tensor<1x4x4x4xf32>) {
// OUT:   %0 = arith.constant 0.0 : f32
// OUT:   %1 = arith.constant 0xFF800000 : f32
// OUT:   %2 = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
// OUT:   ^bb0(%pad3_0: index, %pad3_1: index, %pad3_2: index, %pad3_3: index):
// OUT:     tensor.yield %0 : f32
// OUT:   } : tensor<1x3x8x8xf32> to tensor<1x3x10x10xf32>
// OUT:   %4 = tensor.empty() : tensor<1x4x4x4xf32>
// OUT:   %5 = linalg.fill ins(%0 : f32) outs(%4 : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
// OUT:   %6 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%2, %arg1 : tensor<1x3x10x10xf32>, tensor<4x3x3x3xf32>) outs(%5 : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
// OUT:   %7 = tensor.empty() : tensor<2x2xf32>
// OUT:   %8 = tensor.empty() : tensor<1x4x2x2xf32>
// OUT:   %9 = linalg.fill ins(%1 : f32) outs(%8 : tensor<1x4x2x2xf32>) -> tensor<1x4x2x2xf32>
// OUT:   %10 = linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%6, %7 : tensor<1x4x4x4xf32>, tensor<2x2xf32>) outs(%9 : tensor<1x4x2x2xf32>) -> tensor<1x4x2x2xf32>
// OUT:   %11 = tensor.empty() : tensor<1x6x6x2xf32>
// OUT:   %12 = linalg.fill ins(%0 : f32) outs(%11 : tensor<1x6x6x2xf32>) -> tensor<1x6x6x2xf32>
// OUT:   %13 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%arg2, %arg3 : tensor<1x8x8x4xf32>, tensor<3x3x4x2xf32>) outs(%12 : tensor<1x6x6x2xf32>) -> tensor<1x6x6x2xf32>
// OUT:   %14 = tensor.empty() : tensor<1x3x4x4xf32>
// OUT:   %15 = linalg.fill ins(%0 : f32) outs(%14 : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
// OUT:   %16 = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<[1, 2]> : tensor<2xi64>, strides = dense<[2, 1]> : tensor<2xi64>} ins(%arg2, %arg4 : tensor<1x8x8x4xf32>, tensor<3x3x4xf32>) outs(%15 : tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
// OUT:   %17 = tensor.empty() : tensor<1x2x3x4x4xf32>
// OUT:   %18 = linalg.fill ins(%0 : f32) outs(%17 : tensor<1x2x3x4x4xf32>) -> tensor<1x2x3x4x4xf32>
// OUT:   %19 = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%arg5, %arg6 : tensor<1x2x2x6x6xf32>, tensor<2x3x2x3x3xf32>) outs(%18 : tensor<1x2x3x4x4xf32>) -> tensor<1x2x3x4x4xf32>
// OUT:   %20 = tensor.empty() : tensor<1x1xf32>
// OUT:   %21 = linalg.pooling_nhwc_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%6, %20 : tensor<1x4x4x4xf32>, tensor<1x1xf32>) outs(%5 : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
// OUT:   return %6, %10, %13, %16, %19, %21 : tensor<1x4x4x4xf32>, tensor<1x4x2x2xf32>, tensor<1x6x6x2xf32>, tensor<1x3x4x4xf32>, tensor<1x2x3x4x4xf32>, tensor<1x4x4x4xf32>
// OUT: }

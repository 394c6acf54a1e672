// RUN: bufferize target=nvidia-h200
// A dense block (DenseNet): the second layer convolves the ReLU of the concat of the first
// two features, consecutive operands of the block's in-place concat: that concat is a slice
// of the block's buffer (`, a slice of`), its view starts at its first operand's, and the
// ReLU reads it through one binding.
func.func @main(%x: tensor<1x2x2x4xf32>, %w0: tensor<1x1x4x4xf32>, %w1: tensor<1x1x4x2xf32>, %w2: tensor<1x1x6x2xf32>) -> tensor<1x2x2x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<1x2x2x4xf32>
  %z0 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<1x2x2x4xf32>) -> tensor<1x2x2x4xf32>
  %f0 = linalg.conv_2d_nhwc_hwcf {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%x, %w0 : tensor<1x2x2x4xf32>, tensor<1x1x4x4xf32>) outs(%z0 : tensor<1x2x2x4xf32>) -> tensor<1x2x2x4xf32>
  %er0 = tensor.empty() : tensor<1x2x2x4xf32>
  %r0 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%f0 : tensor<1x2x2x4xf32>) outs(%er0 : tensor<1x2x2x4xf32>) {
  ^bb0(%v: f32, %o: f32):
    %r = arith.maximumf %v, %zero : f32
    linalg.yield %r : f32
  } -> tensor<1x2x2x4xf32>
  %e1 = tensor.empty() : tensor<1x2x2x2xf32>
  %z1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  %f1 = linalg.conv_2d_nhwc_hwcf {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%r0, %w1 : tensor<1x2x2x4xf32>, tensor<1x1x4x2xf32>) outs(%z1 : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  %p1 = tensor.concat dim(3) %f0, %f1 : (tensor<1x2x2x4xf32>, tensor<1x2x2x2xf32>) -> tensor<1x2x2x6xf32>
  %er1 = tensor.empty() : tensor<1x2x2x6xf32>
  %r1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%p1 : tensor<1x2x2x6xf32>) outs(%er1 : tensor<1x2x2x6xf32>) {
  ^bb0(%v: f32, %o: f32):
    %r = arith.maximumf %v, %zero : f32
    linalg.yield %r : f32
  } -> tensor<1x2x2x6xf32>
  %e2 = tensor.empty() : tensor<1x2x2x2xf32>
  %z2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  %f2 = linalg.conv_2d_nhwc_hwcf {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%r1, %w2 : tensor<1x2x2x6xf32>, tensor<1x1x6x2xf32>) outs(%z2 : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  %all = tensor.concat dim(3) %f0, %f1, %f2 : (tensor<1x2x2x4xf32>, tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>) -> tensor<1x2x2x8xf32>
  return %all : tensor<1x2x2x8xf32>
}
// OUT: #map = affine_map<(d0, d1, d2, d3) -> ()>
// OUT: #map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// OUT: #map2 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 + d4, d2 + d5, d6)>
// OUT: #map3 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d5, d6, d3)>
// OUT: #map4 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
// OUT:
// OUT: func.func @main(%arg0: tensor<1x2x2x4xf32>, %arg1: tensor<1x1x4x4xf32>, %arg2: tensor<1x1x4x2xf32>, %arg3: tensor<1x1x6x2xf32>) -> tensor<1x2x2x8xf32> {
// OUT:   %0 = arith.constant 0.0 : f32
// OUT:   %1 = tensor.empty() : tensor<1x2x2x4xf32>
// OUT:   %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%1 : tensor<1x2x2x4xf32>) {
// OUT:   ^bb0(%3: f32, %4: f32):
// OUT:     linalg.yield %3 : f32
// OUT:   } -> tensor<1x2x2x4xf32>
// OUT:   %5 = linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%arg0, %arg1 : tensor<1x2x2x4xf32>, tensor<1x1x4x4xf32>) outs(%2 : tensor<1x2x2x4xf32>) {
// OUT:   ^bb0(%6: f32, %7: f32, %8: f32):
// OUT:     %9 = arith.mulf %6, %7 : f32
// OUT:     %10 = arith.addf %8, %9 : f32
// OUT:     linalg.yield %10 : f32
// OUT:   } -> tensor<1x2x2x4xf32>
// OUT:   %11 = tensor.empty() : tensor<1x2x2x4xf32>
// OUT:   %12 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%5 : tensor<1x2x2x4xf32>) outs(%11 : tensor<1x2x2x4xf32>) {
// OUT:   ^bb0(%13: f32, %14: f32):
// OUT:     %15 = arith.maximumf %13, %0 : f32
// OUT:     linalg.yield %15 : f32
// OUT:   } -> tensor<1x2x2x4xf32>
// OUT:   %16 = tensor.empty() : tensor<1x2x2x2xf32>
// OUT:   %17 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%16 : tensor<1x2x2x2xf32>) {
// OUT:   ^bb0(%18: f32, %19: f32):
// OUT:     linalg.yield %18 : f32
// OUT:   } -> tensor<1x2x2x2xf32>
// OUT:   %20 = linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%12, %arg2 : tensor<1x2x2x4xf32>, tensor<1x1x4x2xf32>) outs(%17 : tensor<1x2x2x2xf32>) {
// OUT:   ^bb0(%21: f32, %22: f32, %23: f32):
// OUT:     %24 = arith.mulf %21, %22 : f32
// OUT:     %25 = arith.addf %23, %24 : f32
// OUT:     linalg.yield %25 : f32
// OUT:   } -> tensor<1x2x2x2xf32>
// OUT:   %26 = tensor.concat dim(3) %5, %20 : (tensor<1x2x2x4xf32>, tensor<1x2x2x2xf32>) -> tensor<1x2x2x6xf32>
// OUT:   %27 = tensor.empty() : tensor<1x2x2x6xf32>
// OUT:   %28 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%26 : tensor<1x2x2x6xf32>) outs(%27 : tensor<1x2x2x6xf32>) {
// OUT:   ^bb0(%29: f32, %30: f32):
// OUT:     %31 = arith.maximumf %29, %0 : f32
// OUT:     linalg.yield %31 : f32
// OUT:   } -> tensor<1x2x2x6xf32>
// OUT:   %32 = tensor.empty() : tensor<1x2x2x2xf32>
// OUT:   %33 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%32 : tensor<1x2x2x2xf32>) {
// OUT:   ^bb0(%34: f32, %35: f32):
// OUT:     linalg.yield %34 : f32
// OUT:   } -> tensor<1x2x2x2xf32>
// OUT:   %36 = linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%28, %arg3 : tensor<1x2x2x6xf32>, tensor<1x1x6x2xf32>) outs(%33 : tensor<1x2x2x2xf32>) {
// OUT:   ^bb0(%37: f32, %38: f32, %39: f32):
// OUT:     %40 = arith.mulf %37, %38 : f32
// OUT:     %41 = arith.addf %39, %40 : f32
// OUT:     linalg.yield %41 : f32
// OUT:   } -> tensor<1x2x2x2xf32>
// OUT:   %42 = tensor.concat dim(3) %5, %20, %36 : (tensor<1x2x2x4xf32>, tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>) -> tensor<1x2x2x8xf32>
// OUT:   return %42 : tensor<1x2x2x8xf32>
// OUT: }
// OUT: region @dispatch_0_contraction root linalg.generic -> %7
// OUT:   inputs (%0, %1) outputs (%7)
// OUT:   %6 = linalg.generic(%4, %5)
// OUT:   %7 = linalg.generic(%0, %1, %6)
// OUT: region @dispatch_1_elementwise root linalg.generic -> %9
// OUT:   inputs (%7) outputs (%9)
// OUT:   %9 = linalg.generic(%7, %8)
// OUT: region @dispatch_2_contraction root linalg.generic -> %12
// OUT:   inputs (%9, %2) outputs (%12)
// OUT:   %11 = linalg.generic(%4, %10)
// OUT:   %12 = linalg.generic(%9, %2, %11)
// OUT: region @dispatch_3_elementwise root linalg.generic -> %15
// OUT:   inputs (%13) outputs (%15)
// OUT:   %15 = linalg.generic(%13, %14)
// OUT: region @dispatch_4_contraction root linalg.generic -> %18
// OUT:   inputs (%15, %3) outputs (%18)
// OUT:   %17 = linalg.generic(%4, %16)
// OUT:   %18 = linalg.generic(%15, %3, %17)
// OUT: in-place concat %19 = (%7, %12, %18) along dim 3
// OUT: in-place concat %13 = (%7, %12) along dim 3, a slice of %19
// OUT: edge @dispatch_3_elementwise -> @dispatch_4_contraction (%15)
// OUT: edge @dispatch_2_contraction -> @dispatch_3_elementwise (%12)
// OUT: edge @dispatch_0_contraction -> @dispatch_3_elementwise (%7)
// OUT: edge @dispatch_1_elementwise -> @dispatch_2_contraction (%9)
// OUT: edge @dispatch_0_contraction -> @dispatch_1_elementwise (%7)
// OUT: plan @dispatch_0_contraction serial-reduction
// OUT: plan @dispatch_1_elementwise elementwise
// OUT: plan @dispatch_2_contraction serial-reduction
// OUT: plan @dispatch_3_elementwise elementwise
// OUT: plan @dispatch_4_contraction serial-reduction
// OUT: buffer #0 "input0" Input F32 [1, 2, 2, 4] 64 bytes
// OUT: buffer #1 "input1" Input F32 [1, 1, 4, 4] 64 bytes
// OUT: buffer #2 "input2" Input F32 [1, 1, 4, 2] 32 bytes
// OUT: buffer #3 "input3" Input F32 [1, 1, 6, 2] 48 bytes
// OUT: buffer #4 "output0" Output F32 [1, 2, 2, 8] 128 bytes
// OUT: buffer #5 "dispatch_1_elementwise_out%9" Intermediate F32 [1, 2, 2, 4] 64 bytes slot 0
// OUT: buffer #6 "dispatch_3_elementwise_out%15" Intermediate F32 [1, 2, 2, 6] 96 bytes slot 0
// OUT: view %7 -> #4 offset 0 strides [32, 16, 8, 1]
// OUT: view %12 -> #4 offset 4 strides [32, 16, 8, 1]
// OUT: view %13 -> #4 offset 0 strides [32, 16, 8, 1]
// OUT: view %18 -> #4 offset 6 strides [32, 16, 8, 1]
// OUT: region 0 bindings: (set 0, binding 0) %0 -> #0 ReadOnly; (set 0, binding 1) %1 -> #1 ReadOnly; (set 0, binding 2) %7 -> #4 WriteOnly
// OUT: region 1 bindings: (set 0, binding 0) %7 -> #4 ReadOnly; (set 0, binding 1) %9 -> #5 WriteOnly
// OUT: region 2 bindings: (set 0, binding 0) %9 -> #5 ReadOnly; (set 0, binding 1) %2 -> #2 ReadOnly; (set 0, binding 2) %12 -> #4 WriteOnly
// OUT: region 3 bindings: (set 0, binding 0) %13 -> #4 ReadOnly; (set 0, binding 1) %15 -> #6 WriteOnly
// OUT: region 4 bindings: (set 0, binding 0) %15 -> #6 ReadOnly; (set 0, binding 1) %3 -> #3 ReadOnly; (set 0, binding 2) %18 -> #4 WriteOnly

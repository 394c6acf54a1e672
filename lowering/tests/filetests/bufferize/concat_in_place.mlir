// RUN: bufferize target=nvidia-h200
// The concats of fusion/concat_in_place.mlir: the operands of the in-place concats are views
// of the outer concat's output buffer (offsets along the channels, its strides); the inner
// concat's operands are slices of the slice the inner concat is.
func.func @main(%x: tensor<1x4x4x8xf32>, %w1: tensor<1x1x8x4xf32>, %w2: tensor<3x3x8x4xf32>, %w3: tensor<1x1x8x4xf32>, %y: tensor<1x4x4x4xf32>) -> (tensor<1x4x4x12xf32>, tensor<1x4x4x8xf32>) {
  %zero = arith.constant 0.0 : f32
  %bias = arith.constant dense<[0.5, -0.5, 1.5, -1.5]> : tensor<4xf32>
  %e1 = tensor.empty() : tensor<1x4x4x4xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %c1 = linalg.conv_2d_nhwc_hwcf {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%x, %w1 : tensor<1x4x4x8xf32>, tensor<1x1x8x4xf32>) outs(%f1 : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %e2 = tensor.empty() : tensor<1x4x4x4xf32>
  %b1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c1, %bias : tensor<1x4x4x4xf32>, tensor<4xf32>) outs(%e2 : tensor<1x4x4x4xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %sum = arith.addf %a, %s : f32
    %r = arith.maximumf %sum, %zero : f32
    linalg.yield %r : f32
  } -> tensor<1x4x4x4xf32>
  %p = tensor.pad %x low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<1x4x4x8xf32> to tensor<1x6x6x8xf32>
  %e3 = tensor.empty() : tensor<1x4x4x4xf32>
  %f3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %c2 = linalg.conv_2d_nhwc_hwcf {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%p, %w2 : tensor<1x6x6x8xf32>, tensor<3x3x8x4xf32>) outs(%f3 : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %cat = tensor.concat dim(3) %b1, %c2 : (tensor<1x4x4x4xf32>, tensor<1x4x4x4xf32>) -> tensor<1x4x4x8xf32>
  %e4 = tensor.empty() : tensor<1x4x4x4xf32>
  %f4 = linalg.fill ins(%zero : f32) outs(%e4 : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %c3 = linalg.conv_2d_nhwc_hwcf {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%cat, %w3 : tensor<1x4x4x8xf32>, tensor<1x1x8x4xf32>) outs(%f4 : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %cat2 = tensor.concat dim(3) %cat, %c3 : (tensor<1x4x4x8xf32>, tensor<1x4x4x4xf32>) -> tensor<1x4x4x12xf32>
  %e5 = tensor.empty() : tensor<1x4x4x4xf32>
  %f5 = linalg.fill ins(%zero : f32) outs(%e5 : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %c4 = linalg.conv_2d_nhwc_hwcf {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%x, %w3 : tensor<1x4x4x8xf32>, tensor<1x1x8x4xf32>) outs(%f5 : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %cat3 = tensor.concat dim(3) %y, %c4 : (tensor<1x4x4x4xf32>, tensor<1x4x4x4xf32>) -> tensor<1x4x4x8xf32>
  return %cat2, %cat3 : tensor<1x4x4x12xf32>, tensor<1x4x4x8xf32>
}
// OUT: #map = affine_map<(d0, d1, d2, d3) -> ()>
// OUT: #map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// OUT: #map2 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 + d4, d2 + d5, d6)>
// OUT: #map3 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d5, d6, d3)>
// OUT: #map4 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
// OUT: #map5 = affine_map<(d0, d1, d2, d3) -> (d3)>
// OUT:
// OUT: func.func @main(%arg0: tensor<1x4x4x8xf32>, %arg1: tensor<1x1x8x4xf32>, %arg2: tensor<3x3x8x4xf32>, %arg3: tensor<1x1x8x4xf32>, %arg4: tensor<1x4x4x4xf32>) -> (tensor<1x4x4x12xf32>, tensor<1x4x4x8xf32>) {
// OUT:   %0 = arith.constant 0.0 : f32
// OUT:   %1 = arith.constant dense<[5.0e-1, -5.0e-1, 1.5, -1.5]> : tensor<4xf32>
// OUT:   %2 = tensor.empty() : tensor<1x4x4x4xf32>
// OUT:   %3 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%2 : tensor<1x4x4x4xf32>) {
// OUT:   ^bb0(%4: f32, %5: f32):
// OUT:     linalg.yield %4 : f32
// OUT:   } -> tensor<1x4x4x4xf32>
// OUT:   %6 = linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%arg0, %arg1 : tensor<1x4x4x8xf32>, tensor<1x1x8x4xf32>) outs(%3 : tensor<1x4x4x4xf32>) {
// OUT:   ^bb0(%7: f32, %8: f32, %9: f32):
// OUT:     %10 = arith.mulf %7, %8 : f32
// OUT:     %11 = arith.addf %9, %10 : f32
// OUT:     linalg.yield %11 : f32
// OUT:   } -> tensor<1x4x4x4xf32>
// OUT:   %12 = tensor.empty() : tensor<1x4x4x4xf32>
// OUT:   %13 = linalg.generic {indexing_maps = [#map1, #map5, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%6, %1 : tensor<1x4x4x4xf32>, tensor<4xf32>) outs(%12 : tensor<1x4x4x4xf32>) {
// OUT:   ^bb0(%14: f32, %15: f32, %16: f32):
// OUT:     %17 = arith.addf %14, %15 : f32
// OUT:     %18 = arith.maximumf %17, %0 : f32
// OUT:     linalg.yield %18 : f32
// OUT:   } -> tensor<1x4x4x4xf32>
// OUT:   %19 = tensor.pad %arg0 low[0, 1, 1, 0] high[0, 1, 1, 0] {
// OUT:   ^bb0(%pad20_0: index, %pad20_1: index, %pad20_2: index, %pad20_3: index):
// OUT:     tensor.yield %0 : f32
// OUT:   } : tensor<1x4x4x8xf32> to tensor<1x6x6x8xf32>
// OUT:   %21 = tensor.empty() : tensor<1x4x4x4xf32>
// OUT:   %22 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%21 : tensor<1x4x4x4xf32>) {
// OUT:   ^bb0(%23: f32, %24: f32):
// OUT:     linalg.yield %23 : f32
// OUT:   } -> tensor<1x4x4x4xf32>
// OUT:   %25 = linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%19, %arg2 : tensor<1x6x6x8xf32>, tensor<3x3x8x4xf32>) outs(%22 : tensor<1x4x4x4xf32>) {
// OUT:   ^bb0(%26: f32, %27: f32, %28: f32):
// OUT:     %29 = arith.mulf %26, %27 : f32
// OUT:     %30 = arith.addf %28, %29 : f32
// OUT:     linalg.yield %30 : f32
// OUT:   } -> tensor<1x4x4x4xf32>
// OUT:   %31 = tensor.concat dim(3) %13, %25 : (tensor<1x4x4x4xf32>, tensor<1x4x4x4xf32>) -> tensor<1x4x4x8xf32>
// OUT:   %32 = tensor.empty() : tensor<1x4x4x4xf32>
// OUT:   %33 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%32 : tensor<1x4x4x4xf32>) {
// OUT:   ^bb0(%34: f32, %35: f32):
// OUT:     linalg.yield %34 : f32
// OUT:   } -> tensor<1x4x4x4xf32>
// OUT:   %36 = linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%31, %arg3 : tensor<1x4x4x8xf32>, tensor<1x1x8x4xf32>) outs(%33 : tensor<1x4x4x4xf32>) {
// OUT:   ^bb0(%37: f32, %38: f32, %39: f32):
// OUT:     %40 = arith.mulf %37, %38 : f32
// OUT:     %41 = arith.addf %39, %40 : f32
// OUT:     linalg.yield %41 : f32
// OUT:   } -> tensor<1x4x4x4xf32>
// OUT:   %42 = tensor.concat dim(3) %31, %36 : (tensor<1x4x4x8xf32>, tensor<1x4x4x4xf32>) -> tensor<1x4x4x12xf32>
// OUT:   %43 = tensor.empty() : tensor<1x4x4x4xf32>
// OUT:   %44 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%43 : tensor<1x4x4x4xf32>) {
// OUT:   ^bb0(%45: f32, %46: f32):
// OUT:     linalg.yield %45 : f32
// OUT:   } -> tensor<1x4x4x4xf32>
// OUT:   %47 = linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%arg0, %arg3 : tensor<1x4x4x8xf32>, tensor<1x1x8x4xf32>) outs(%44 : tensor<1x4x4x4xf32>) {
// OUT:   ^bb0(%48: f32, %49: f32, %50: f32):
// OUT:     %51 = arith.mulf %48, %49 : f32
// OUT:     %52 = arith.addf %50, %51 : f32
// OUT:     linalg.yield %52 : f32
// OUT:   } -> tensor<1x4x4x4xf32>
// OUT:   %53 = tensor.concat dim(3) %arg4, %47 : (tensor<1x4x4x4xf32>, tensor<1x4x4x4xf32>) -> tensor<1x4x4x8xf32>
// OUT:   return %42, %53 : tensor<1x4x4x12xf32>, tensor<1x4x4x8xf32>
// OUT: }
// OUT: region @dispatch_0_contraction root linalg.generic -> %9 epilogue -> %11
// OUT:   inputs (%0, %1, %6) outputs (%11)
// OUT:   %8 = linalg.generic(%5, %7)
// OUT:   %9 = linalg.generic(%0, %1, %8)
// OUT:   %11 = linalg.generic(%9, %6, %10)
// OUT: region @dispatch_1_contraction root linalg.generic -> %15
// OUT:   inputs (%0, %2) outputs (%15)
// OUT:   %12 = tensor.pad(%0, %5)
// OUT:   %14 = linalg.generic(%5, %13)
// OUT:   %15 = linalg.generic(%12, %2, %14)
// OUT: region @dispatch_2_contraction root linalg.generic -> %19
// OUT:   inputs (%16, %3) outputs (%19)
// OUT:   %18 = linalg.generic(%5, %17)
// OUT:   %19 = linalg.generic(%16, %3, %18)
// OUT: region @dispatch_3_contraction root linalg.generic -> %23
// OUT:   inputs (%0, %3) outputs (%23)
// OUT:   %22 = linalg.generic(%5, %21)
// OUT:   %23 = linalg.generic(%0, %3, %22)
// OUT: region @dispatch_4_elementwise root tensor.concat -> %24
// OUT:   inputs (%4, %23) outputs (%24)
// OUT:   %24 = tensor.concat(%4, %23)
// OUT: in-place concat %16 = (%11, %15) along dim 3
// OUT: in-place concat %20 = (%16, %19) along dim 3
// OUT: edge @dispatch_3_contraction -> @dispatch_4_elementwise (%23)
// OUT: edge @dispatch_1_contraction -> @dispatch_2_contraction (%15)
// OUT: edge @dispatch_0_contraction -> @dispatch_2_contraction (%11)
// OUT: plan @dispatch_0_contraction serial-reduction
// OUT: plan @dispatch_1_contraction serial-reduction
// OUT: plan @dispatch_2_contraction serial-reduction
// OUT: plan @dispatch_3_contraction serial-reduction
// OUT: plan @dispatch_4_elementwise elementwise
// OUT: buffer #0 "input0" Input F32 [1, 4, 4, 8] 512 bytes
// OUT: buffer #1 "input1" Input F32 [1, 1, 8, 4] 128 bytes
// OUT: buffer #2 "input2" Input F32 [3, 3, 8, 4] 1152 bytes
// OUT: buffer #3 "input3" Input F32 [1, 1, 8, 4] 128 bytes
// OUT: buffer #4 "input4" Input F32 [1, 4, 4, 4] 256 bytes
// OUT: buffer #5 "output0" Output F32 [1, 4, 4, 12] 768 bytes
// OUT: buffer #6 "output1" Output F32 [1, 4, 4, 8] 512 bytes
// OUT: buffer #7 "constant%6" Constant F32 [4] 16 bytes
// OUT: buffer #8 "dispatch_3_contraction_out%23" Intermediate F32 [1, 4, 4, 4] 256 bytes slot 0
// OUT: view %11 -> #5 offset 0 strides [192, 48, 12, 1]
// OUT: view %15 -> #5 offset 4 strides [192, 48, 12, 1]
// OUT: view %16 -> #5 offset 0 strides [192, 48, 12, 1]
// OUT: view %19 -> #5 offset 8 strides [192, 48, 12, 1]
// OUT: region 0 bindings: (set 0, binding 0) %0 -> #0 ReadOnly; (set 0, binding 1) %1 -> #1 ReadOnly; (set 0, binding 2) %6 -> #7 ReadOnly; (set 0, binding 3) %11 -> #5 WriteOnly
// OUT: region 1 bindings: (set 0, binding 0) %0 -> #0 ReadOnly; (set 0, binding 1) %2 -> #2 ReadOnly; (set 0, binding 2) %15 -> #5 WriteOnly
// OUT: region 2 bindings: (set 0, binding 0) %16 -> #5 ReadOnly; (set 0, binding 1) %3 -> #3 ReadOnly; (set 0, binding 2) %19 -> #5 WriteOnly
// OUT: region 3 bindings: (set 0, binding 0) %0 -> #0 ReadOnly; (set 0, binding 1) %3 -> #3 ReadOnly; (set 0, binding 2) %23 -> #8 WriteOnly
// OUT: region 4 bindings: (set 0, binding 0) %4 -> #4 ReadOnly; (set 0, binding 1) %23 -> #8 ReadOnly; (set 0, binding 2) %24 -> #6 WriteOnly

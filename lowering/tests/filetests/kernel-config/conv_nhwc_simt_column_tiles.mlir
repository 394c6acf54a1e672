// RUN: kernel-config target=nvidia-h200
// Three NHWC 3x3 convs at batch 32 on 28x28 (f32, SIMT): to 192 channels the tiles are 128 x 64
// (64-column tiles fit 192 exactly; 64 x 128 ones would compute 256 columns, a quarter of them
// wasted), to 256 channels 64 x 128 (`Heuristics::simt_conv_tiles`), to 224 channels 64 x 128
// too (both widths waste 32 columns).
func.func @main(%x: tensor<32x30x30x64xf32>, %w1: tensor<3x3x64x192xf32>, %w2: tensor<3x3x64x256xf32>, %w3: tensor<3x3x64x224xf32>) -> (tensor<32x28x28x192xf32>, tensor<32x28x28x256xf32>, tensor<32x28x28x224xf32>) {
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<32x28x28x192xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<32x28x28x192xf32>) -> tensor<32x28x28x192xf32>
  %c1 = linalg.conv_2d_nhwc_hwcf {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%x, %w1 : tensor<32x30x30x64xf32>, tensor<3x3x64x192xf32>) outs(%f1 : tensor<32x28x28x192xf32>) -> tensor<32x28x28x192xf32>
  %e2 = tensor.empty() : tensor<32x28x28x256xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<32x28x28x256xf32>) -> tensor<32x28x28x256xf32>
  %c2 = linalg.conv_2d_nhwc_hwcf {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%x, %w2 : tensor<32x30x30x64xf32>, tensor<3x3x64x256xf32>) outs(%f2 : tensor<32x28x28x256xf32>) -> tensor<32x28x28x256xf32>
  %e3 = tensor.empty() : tensor<32x28x28x224xf32>
  %f3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<32x28x28x224xf32>) -> tensor<32x28x28x224xf32>
  %c3 = linalg.conv_2d_nhwc_hwcf {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%x, %w3 : tensor<32x30x30x64xf32>, tensor<3x3x64x224xf32>) outs(%f3 : tensor<32x28x28x224xf32>) -> tensor<32x28x28x224xf32>
  return %c1, %c2, %c3 : tensor<32x28x28x192xf32>, tensor<32x28x28x256xf32>, tensor<32x28x28x224xf32>
}
// OUT: #map = affine_map<(d0, d1, d2, d3) -> ()>
// OUT: #map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// OUT: #map2 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 + d4, d2 + d5, d6)>
// OUT: #map3 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d5, d6, d3)>
// OUT: #map4 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
// OUT:
// OUT: func.func @main(%arg0: tensor<32x30x30x64xf32>, %arg1: tensor<3x3x64x192xf32>, %arg2: tensor<3x3x64x256xf32>, %arg3: tensor<3x3x64x224xf32>) -> (tensor<32x28x28x192xf32>, tensor<32x28x28x256xf32>, tensor<32x28x28x224xf32>) {
// OUT:   %0 = arith.constant 0.0 : f32
// OUT:   %1 = tensor.empty() : tensor<32x28x28x192xf32>
// OUT:   %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%1 : tensor<32x28x28x192xf32>) {
// OUT:   ^bb0(%3: f32, %4: f32):
// OUT:     linalg.yield %3 : f32
// OUT:   } -> tensor<32x28x28x192xf32>
// OUT:   %5 = linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%arg0, %arg1 : tensor<32x30x30x64xf32>, tensor<3x3x64x192xf32>) outs(%2 : tensor<32x28x28x192xf32>) {
// OUT:   ^bb0(%6: f32, %7: f32, %8: f32):
// OUT:     %9 = arith.mulf %6, %7 : f32
// OUT:     %10 = arith.addf %8, %9 : f32
// OUT:     linalg.yield %10 : f32
// OUT:   } -> tensor<32x28x28x192xf32>
// OUT:   %11 = tensor.empty() : tensor<32x28x28x256xf32>
// OUT:   %12 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%11 : tensor<32x28x28x256xf32>) {
// OUT:   ^bb0(%13: f32, %14: f32):
// OUT:     linalg.yield %13 : f32
// OUT:   } -> tensor<32x28x28x256xf32>
// OUT:   %15 = linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%arg0, %arg2 : tensor<32x30x30x64xf32>, tensor<3x3x64x256xf32>) outs(%12 : tensor<32x28x28x256xf32>) {
// OUT:   ^bb0(%16: f32, %17: f32, %18: f32):
// OUT:     %19 = arith.mulf %16, %17 : f32
// OUT:     %20 = arith.addf %18, %19 : f32
// OUT:     linalg.yield %20 : f32
// OUT:   } -> tensor<32x28x28x256xf32>
// OUT:   %21 = tensor.empty() : tensor<32x28x28x224xf32>
// OUT:   %22 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%21 : tensor<32x28x28x224xf32>) {
// OUT:   ^bb0(%23: f32, %24: f32):
// OUT:     linalg.yield %23 : f32
// OUT:   } -> tensor<32x28x28x224xf32>
// OUT:   %25 = linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%arg0, %arg3 : tensor<32x30x30x64xf32>, tensor<3x3x64x224xf32>) outs(%22 : tensor<32x28x28x224xf32>) {
// OUT:   ^bb0(%26: f32, %27: f32, %28: f32):
// OUT:     %29 = arith.mulf %26, %27 : f32
// OUT:     %30 = arith.addf %28, %29 : f32
// OUT:     linalg.yield %30 : f32
// OUT:   } -> tensor<32x28x28x224xf32>
// OUT:   return %5, %15, %25 : tensor<32x28x28x192xf32>, tensor<32x28x28x256xf32>, tensor<32x28x28x224xf32>
// OUT: }
// OUT: region @dispatch_0_contraction root linalg.generic -> %7
// OUT:   inputs (%0, %1) outputs (%7)
// OUT:   %6 = linalg.generic(%4, %5)
// OUT:   %7 = linalg.generic(%0, %1, %6)
// OUT: region @dispatch_1_contraction root linalg.generic -> %10
// OUT:   inputs (%0, %2) outputs (%10)
// OUT:   %9 = linalg.generic(%4, %8)
// OUT:   %10 = linalg.generic(%0, %2, %9)
// OUT: region @dispatch_2_contraction root linalg.generic -> %13
// OUT:   inputs (%0, %3) outputs (%13)
// OUT:   %12 = linalg.generic(%4, %11)
// OUT:   %13 = linalg.generic(%0, %3, %12)
// OUT: plan @dispatch_0_contraction simt tiles=128x64x8 thread=8x8 pad=4 stages=2
// OUT: plan @dispatch_1_contraction simt tiles=64x128x8 thread=8x8 pad=4 stages=2
// OUT: plan @dispatch_2_contraction simt tiles=64x128x8 thread=8x8 pad=4 stages=2

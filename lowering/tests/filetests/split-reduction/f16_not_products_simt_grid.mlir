// RUN: split-reduction target=nvidia-h200
// A `--precision f16`-style pointwise contraction (f16 operands, f32 sums) at 14x14 pixels x
// 512 columns, 1024 reduced channels, whose body sums squared differences, not products: its
// kernel is SIMT (cooperative matrices would multiply the inputs whatever the body says:
// kernel-config/contraction_not_product_simt.mlir), spread to 32x32 tiles, 112 workgroups, so
// 8 slices of 128 channels (896 workgroups) reach the 528 wanted. Sized from the 64x64
// cooperative-matrix tiles the kernel does not take (32 workgroups), as before the split read
// kernel configuration's own decision (`contraction_pipeline`), it took 16 slices of 64.
#mx = affine_map<(d0, d1, d2, d3, d4) -> (d0, d4, d2, d3)>
#mw = affine_map<(d0, d1, d2, d3, d4) -> (d1, d4)>
#mo = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>
func.func @main(%x: tensor<1x1024x14x14xf16>, %w: tensor<512x1024xf16>) -> tensor<1x512x14x14xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x512x14x14xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x512x14x14xf32>) -> tensor<1x512x14x14xf32>
  %d = linalg.generic {indexing_maps = [#mx, #mw, #mo], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%x, %w : tensor<1x1024x14x14xf16>, tensor<512x1024xf16>) outs(%f : tensor<1x512x14x14xf32>) {
  ^bb0(%a: f16, %b: f16, %acc: f32):
    %a32 = arith.extf %a : f16 to f32
    %b32 = arith.extf %b : f16 to f32
    %s = arith.subf %a32, %b32 : f32
    %q = arith.mulf %s, %s : f32
    %r = arith.addf %acc, %q : f32
    linalg.yield %r : f32
  } -> tensor<1x512x14x14xf32>
  return %d : tensor<1x512x14x14xf32>
}
// OUT: #map = affine_map<(d0, d1, d2, d3) -> ()>
// OUT: #map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// OUT: #map2 = affine_map<(d0, d1, d2, d3, d4) -> ()>
// OUT: #map3 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
// OUT: #map4 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d5, d4, d2, d3)>
// OUT: #map5 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d1, d5, d4)>
// OUT: #map6 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d5, d0, d1, d2, d3)>
// OUT: #map7 = affine_map<(d0, d1, d2, d3, d4) -> (d4, d0, d1, d2, d3)>
// OUT: #map8 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>
// OUT:
// OUT: func.func @main(%arg0: tensor<1x1024x14x14xf16>, %arg1: tensor<512x1024xf16>) -> tensor<1x512x14x14xf32> {
// OUT:   %0 = arith.constant 0.0 : f32
// OUT:   %1 = tensor.empty() : tensor<1x512x14x14xf32>
// OUT:   %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%1 : tensor<1x512x14x14xf32>) {
// OUT:   ^bb0(%3: f32, %4: f32):
// OUT:     linalg.yield %3 : f32
// OUT:   } -> tensor<1x512x14x14xf32>
// OUT:   %5 = tensor.expand_shape %arg0 [[0], [1, 2], [3], [4]] output_shape [1, 8, 128, 14, 14] : tensor<1x1024x14x14xf16> into tensor<1x8x128x14x14xf16>
// OUT:   %6 = tensor.expand_shape %arg1 [[0], [1, 2]] output_shape [512, 8, 128] : tensor<512x1024xf16> into tensor<512x8x128xf16>
// OUT:   %7 = tensor.empty() : tensor<8x1x512x14x14xf32>
// OUT:   %8 = arith.constant 0.0 : f32
// OUT:   %9 = linalg.generic {indexing_maps = [#map2, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%8 : f32) outs(%7 : tensor<8x1x512x14x14xf32>) {
// OUT:   ^bb0(%10: f32, %11: f32):
// OUT:     linalg.yield %10 : f32
// OUT:   } -> tensor<8x1x512x14x14xf32>
// OUT:   %12 = linalg.generic {indexing_maps = [#map4, #map5, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "parallel"]} ins(%5, %6 : tensor<1x8x128x14x14xf16>, tensor<512x8x128xf16>) outs(%9 : tensor<8x1x512x14x14xf32>) {
// OUT:   ^bb0(%13: f16, %14: f16, %15: f32):
// OUT:     %16 = arith.extf %13 : f16 to f32
// OUT:     %17 = arith.extf %14 : f16 to f32
// OUT:     %18 = arith.subf %16, %17 : f32
// OUT:     %19 = arith.mulf %18, %18 : f32
// OUT:     %20 = arith.addf %15, %19 : f32
// OUT:     linalg.yield %20 : f32
// OUT:   } -> tensor<8x1x512x14x14xf32>
// OUT:   %21 = linalg.generic {indexing_maps = [#map7, #map8], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%12 : tensor<8x1x512x14x14xf32>) outs(%2 : tensor<1x512x14x14xf32>) {
// OUT:   ^bb0(%22: f32, %23: f32):
// OUT:     %24 = arith.addf %23, %22 : f32
// OUT:     linalg.yield %24 : f32
// OUT:   } -> tensor<1x512x14x14xf32>
// OUT:   return %21 : tensor<1x512x14x14xf32>
// OUT: }

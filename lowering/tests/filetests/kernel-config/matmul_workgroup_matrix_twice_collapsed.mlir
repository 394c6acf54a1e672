// RUN: kernel-config target=nvidia-h200
// GPT-2's attention output projection in f16: the merged heads `[B, S, H, D]` collapse twice
// (`[B, S, H * D]`, then `[B * S, H * D]`) into the Gemm's lhs, whose bias, reshape back and
// residual add are its epilogue. The lhs is read through a view of the region's input and the
// epilogue through reshapes alone: the workgroup-scope kernel with the epilogue on its
// accumulator (it took the subgroup kernel at 40 TFLOP/s, 122 us at batch 32, before).
#row = affine_map<(d0, d1, d2) -> (d0, d2)>
#col = affine_map<(d0, d1, d2) -> (d2, d1)>
#out = affine_map<(d0, d1, d2) -> (d0, d1)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#bias = affine_map<(d0, d1) -> (d1)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @main(%heads: tensor<32x128x12x64xf16>, %w: tensor<768x768xf16>, %b: tensor<768xf16>, %res: tensor<32x128x768xf16>) -> tensor<32x128x768xf16> {
  %merged = tensor.collapse_shape %heads [[0], [1], [2, 3]] : tensor<32x128x12x64xf16> into tensor<32x128x768xf16>
  %rows = tensor.collapse_shape %merged [[0, 1], [2]] : tensor<32x128x768xf16> into tensor<4096x768xf16>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4096x768xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4096x768xf32>) -> tensor<4096x768xf32>
  %mm = linalg.generic {indexing_maps = [#row, #col, #out], iterator_types = ["parallel", "parallel", "reduction"]} ins(%rows, %w : tensor<4096x768xf16>, tensor<768x768xf16>) outs(%f : tensor<4096x768xf32>) {
  ^bb0(%x: f16, %y: f16, %acc: f32):
    %xf = arith.extf %x : f16 to f32
    %yf = arith.extf %y : f16 to f32
    %p = arith.mulf %xf, %yf : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<4096x768xf32>
  %eb = tensor.empty() : tensor<4096x768xf16>
  %biased = linalg.generic {indexing_maps = [#id2, #bias, #id2], iterator_types = ["parallel", "parallel"]} ins(%mm, %b : tensor<4096x768xf32>, tensor<768xf16>) outs(%eb : tensor<4096x768xf16>) {
  ^bb0(%v: f32, %c: f16, %o: f16):
    %cf = arith.extf %c : f16 to f32
    %s = arith.addf %v, %cf : f32
    %t = arith.truncf %s : f32 to f16
    linalg.yield %t : f16
  } -> tensor<4096x768xf16>
  %back = tensor.expand_shape %biased [[0, 1], [2]] output_shape [32, 128, 768] : tensor<4096x768xf16> into tensor<32x128x768xf16>
  %er = tensor.empty() : tensor<32x128x768xf16>
  %sum = linalg.generic {indexing_maps = [#id3, #id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%back, %res : tensor<32x128x768xf16>, tensor<32x128x768xf16>) outs(%er : tensor<32x128x768xf16>) {
  ^bb0(%u: f16, %r: f16, %o: f16):
    %s = arith.addf %u, %r : f16
    linalg.yield %s : f16
  } -> tensor<32x128x768xf16>
  return %sum : tensor<32x128x768xf16>
}
// OUT: #map = affine_map<(d0, d1) -> ()>
// OUT: #map1 = affine_map<(d0, d1) -> (d0, d1)>
// OUT: #map2 = affine_map<(d0, d1, d2) -> (d0, d2)>
// OUT: #map3 = affine_map<(d0, d1, d2) -> (d2, d1)>
// OUT: #map4 = affine_map<(d0, d1, d2) -> (d0, d1)>
// OUT: #map5 = affine_map<(d0, d1) -> (d1)>
// OUT: #map6 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// OUT:
// OUT: func.func @main(%arg0: tensor<32x128x12x64xf16>, %arg1: tensor<768x768xf16>, %arg2: tensor<768xf16>, %arg3: tensor<32x128x768xf16>) -> tensor<32x128x768xf16> {
// OUT:   %0 = tensor.collapse_shape %arg0 [[0], [1], [2, 3]] : tensor<32x128x12x64xf16> into tensor<32x128x768xf16>
// OUT:   %1 = tensor.collapse_shape %0 [[0, 1], [2]] : tensor<32x128x768xf16> into tensor<4096x768xf16>
// OUT:   %2 = arith.constant 0.0 : f32
// OUT:   %3 = tensor.empty() : tensor<4096x768xf32>
// OUT:   %4 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%2 : f32) outs(%3 : tensor<4096x768xf32>) {
// OUT:   ^bb0(%5: f32, %6: f32):
// OUT:     linalg.yield %5 : f32
// OUT:   } -> tensor<4096x768xf32>
// OUT:   %7 = linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "reduction"]} ins(%1, %arg1 : tensor<4096x768xf16>, tensor<768x768xf16>) outs(%4 : tensor<4096x768xf32>) {
// OUT:   ^bb0(%8: f16, %9: f16, %10: f32):
// OUT:     %11 = arith.extf %8 : f16 to f32
// OUT:     %12 = arith.extf %9 : f16 to f32
// OUT:     %13 = arith.mulf %11, %12 : f32
// OUT:     %14 = arith.addf %10, %13 : f32
// OUT:     linalg.yield %14 : f32
// OUT:   } -> tensor<4096x768xf32>
// OUT:   %15 = tensor.empty() : tensor<4096x768xf16>
// OUT:   %16 = linalg.generic {indexing_maps = [#map1, #map5, #map1], iterator_types = ["parallel", "parallel"]} ins(%7, %arg2 : tensor<4096x768xf32>, tensor<768xf16>) outs(%15 : tensor<4096x768xf16>) {
// OUT:   ^bb0(%17: f32, %18: f16, %19: f16):
// OUT:     %20 = arith.extf %18 : f16 to f32
// OUT:     %21 = arith.addf %17, %20 : f32
// OUT:     %22 = arith.truncf %21 : f32 to f16
// OUT:     linalg.yield %22 : f16
// OUT:   } -> tensor<4096x768xf16>
// OUT:   %23 = tensor.expand_shape %16 [[0, 1], [2]] output_shape [32, 128, 768] : tensor<4096x768xf16> into tensor<32x128x768xf16>
// OUT:   %24 = tensor.empty() : tensor<32x128x768xf16>
// OUT:   %25 = linalg.generic {indexing_maps = [#map6, #map6, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%23, %arg3 : tensor<32x128x768xf16>, tensor<32x128x768xf16>) outs(%24 : tensor<32x128x768xf16>) {
// OUT:   ^bb0(%26: f16, %27: f16, %28: f16):
// OUT:     %29 = arith.addf %26, %27 : f16
// OUT:     linalg.yield %29 : f16
// OUT:   } -> tensor<32x128x768xf16>
// OUT:   return %25 : tensor<32x128x768xf16>
// OUT: }
// OUT: region @dispatch_0_contraction root linalg.generic -> %9 epilogue -> %14
// OUT:   inputs (%0, %1, %2, %3) outputs (%14)
// OUT:   %4 = tensor.collapse_shape(%0)
// OUT:   %5 = tensor.collapse_shape(%4)
// OUT:   %8 = linalg.generic(%6, %7)
// OUT:   %9 = linalg.generic(%5, %1, %8)
// OUT:   %11 = linalg.generic(%9, %2, %10)
// OUT:   %12 = tensor.expand_shape(%11)
// OUT:   %14 = linalg.generic(%12, %3, %13)
// OUT: plan @dispatch_0_contraction workgroup-matrix tiles=128x128x64/128

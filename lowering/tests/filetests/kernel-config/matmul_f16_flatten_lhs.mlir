// RUN: kernel-config target=nvidia-h200 precision=f16
// A classifier after a global pool (ResNet-50's `avgpool` -> `Flatten` -> `fc` at batch 32):
// the pooled [32, 2048] is expanded to [32, 2048, 1, 1] and flattened back, and the Gemm's
// lhs is read through that view of the pool's buffer (`structured::collapsed_source` follows
// the expansion below the collapse), so the linear layer takes the workgroup-scope split-K
// kernel (16 tiles) instead of the subgroup kernel's 64 x 64 tiles.
func.func @main(%x: tensor<32x2048x7x7xf32>, %w: tensor<2048x1000xf32>, %b: tensor<1000xf32>) -> tensor<32x1000xf32> {
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<32x2048xf32>
  %f0 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<32x2048xf32>) -> tensor<32x2048xf32>
  %s = linalg.reduce ins(%x : tensor<32x2048x7x7xf32>) outs(%f0 : tensor<32x2048xf32>) dimensions = [2, 3]
    (%in: f32, %acc: f32) {
      %q = arith.addf %in, %acc : f32
      linalg.yield %q : f32
    }
  %e1 = tensor.empty() : tensor<32x2048xf32>
  %mean = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%s : tensor<32x2048xf32>) outs(%e1 : tensor<32x2048xf32>) {
  ^bb0(%v: f32, %o: f32):
    %c = arith.constant 49.0 : f32
    %d = arith.divf %v, %c : f32
    linalg.yield %d : f32
  } -> tensor<32x2048xf32>
  %ex = tensor.expand_shape %mean [[0], [1, 2, 3]] output_shape [32, 2048, 1, 1] : tensor<32x2048xf32> into tensor<32x2048x1x1xf32>
  %flat = tensor.collapse_shape %ex [[0], [1, 2, 3]] : tensor<32x2048x1x1xf32> into tensor<32x2048xf32>
  %e2 = tensor.empty() : tensor<32x1000xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<32x1000xf32>) -> tensor<32x1000xf32>
  %m = linalg.matmul ins(%flat, %w : tensor<32x2048xf32>, tensor<2048x1000xf32>) outs(%f2 : tensor<32x1000xf32>) -> tensor<32x1000xf32>
  %e3 = tensor.empty() : tensor<32x1000xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%m, %b : tensor<32x1000xf32>, tensor<1000xf32>) outs(%e3 : tensor<32x1000xf32>) {
  ^bb0(%v: f32, %y: f32, %o: f32):
    %t = arith.addf %v, %y : f32
    linalg.yield %t : f32
  } -> tensor<32x1000xf32>
  return %r : tensor<32x1000xf32>
}
// OUT: #map = affine_map<(d0, d1) -> ()>
// OUT: #map1 = affine_map<(d0, d1) -> (d0, d1)>
// OUT: #map2 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// OUT: #map3 = affine_map<(d0, d1, d2, d3) -> (d0, d1)>
// OUT: #map4 = affine_map<(d0, d1, d2) -> (d0, d2)>
// OUT: #map5 = affine_map<(d0, d1, d2) -> (d2, d1)>
// OUT: #map6 = affine_map<(d0, d1, d2) -> (d0, d1)>
// OUT: #map7 = affine_map<(d0, d1) -> (d1)>
// OUT:
// OUT: func.func @main(%arg0: tensor<32x2048x7x7xf32>, %arg1: tensor<2048x1000xf32>, %arg2: tensor<1000xf32>) -> tensor<32x1000xf32> {
// OUT:   %0 = arith.constant 0.0 : f32
// OUT:   %1 = tensor.empty() : tensor<32x2048xf32>
// OUT:   %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%0 : f32) outs(%1 : tensor<32x2048xf32>) {
// OUT:   ^bb0(%3: f32, %4: f32):
// OUT:     linalg.yield %3 : f32
// OUT:   } -> tensor<32x2048xf32>
// OUT:   %5 = linalg.generic {indexing_maps = [#map2, #map3], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%arg0 : tensor<32x2048x7x7xf32>) outs(%2 : tensor<32x2048xf32>) {
// OUT:   ^bb0(%6: f32, %7: f32):
// OUT:     %8 = arith.addf %6, %7 : f32
// OUT:     linalg.yield %8 : f32
// OUT:   } -> tensor<32x2048xf32>
// OUT:   %9 = tensor.empty() : tensor<32x2048xf16>
// OUT:   %10 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%5 : tensor<32x2048xf32>) outs(%9 : tensor<32x2048xf16>) {
// OUT:   ^bb0(%11: f32, %12: f16):
// OUT:     %13 = arith.constant 4.9e1 : f32
// OUT:     %14 = arith.divf %11, %13 : f32
// OUT:     %15 = arith.truncf %14 : f32 to f16
// OUT:     linalg.yield %15 : f16
// OUT:   } -> tensor<32x2048xf16>
// OUT:   %16 = tensor.expand_shape %10 [[0], [1, 2, 3]] output_shape [32, 2048, 1, 1] : tensor<32x2048xf16> into tensor<32x2048x1x1xf16>
// OUT:   %17 = tensor.collapse_shape %16 [[0], [1, 2, 3]] : tensor<32x2048x1x1xf16> into tensor<32x2048xf16>
// OUT:   %18 = tensor.empty() : tensor<32x1000xf32>
// OUT:   %19 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%0 : f32) outs(%18 : tensor<32x1000xf32>) {
// OUT:   ^bb0(%20: f32, %21: f32):
// OUT:     linalg.yield %20 : f32
// OUT:   } -> tensor<32x1000xf32>
// OUT:   %22 = tensor.empty() : tensor<2048x1000xf16>
// OUT:   %23 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg1 : tensor<2048x1000xf32>) outs(%22 : tensor<2048x1000xf16>) {
// OUT:   ^bb0(%24: f32, %25: f16):
// OUT:     %26 = arith.truncf %24 : f32 to f16
// OUT:     linalg.yield %26 : f16
// OUT:   } -> tensor<2048x1000xf16>
// OUT:   %27 = linalg.generic {indexing_maps = [#map4, #map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%17, %23 : tensor<32x2048xf16>, tensor<2048x1000xf16>) outs(%19 : tensor<32x1000xf32>) {
// OUT:   ^bb0(%28: f16, %29: f16, %30: f32):
// OUT:     %31 = arith.extf %28 : f16 to f32
// OUT:     %32 = arith.extf %29 : f16 to f32
// OUT:     %33 = arith.mulf %31, %32 : f32
// OUT:     %34 = arith.addf %30, %33 : f32
// OUT:     linalg.yield %34 : f32
// OUT:   } -> tensor<32x1000xf32>
// OUT:   %35 = tensor.empty() : tensor<32x1000xf32>
// OUT:   %36 = linalg.generic {indexing_maps = [#map1, #map7, #map1], iterator_types = ["parallel", "parallel"]} ins(%27, %arg2 : tensor<32x1000xf32>, tensor<1000xf32>) outs(%35 : tensor<32x1000xf32>) {
// OUT:   ^bb0(%37: f32, %38: f32, %39: f32):
// OUT:     %40 = arith.addf %37, %38 : f32
// OUT:     linalg.yield %40 : f32
// OUT:   } -> tensor<32x1000xf32>
// OUT:   return %36 : tensor<32x1000xf32>
// OUT: }
// OUT: region @dispatch_0_reduction root linalg.generic -> %6 epilogue -> %8
// OUT:   inputs (%0) outputs (%8)
// OUT:   %5 = linalg.generic(%3, %4)
// OUT:   %6 = linalg.generic(%0, %5)
// OUT:   %8 = linalg.generic(%6, %16)
// OUT: region @dispatch_1_elementwise root linalg.generic -> %18
// OUT:   inputs (%1) outputs (%18)
// OUT:   %18 = linalg.generic(%1, %17)
// OUT: region @dispatch_2_contraction root linalg.generic -> %13 epilogue -> %15
// OUT:   inputs (%8, %18, %2) outputs (%15)
// OUT:   %9 = tensor.expand_shape(%8)
// OUT:   %10 = tensor.collapse_shape(%9)
// OUT:   %12 = linalg.generic(%3, %11)
// OUT:   %13 = linalg.generic(%10, %18, %12)
// OUT:   %15 = linalg.generic(%13, %2, %14)
// OUT: edge @dispatch_0_reduction -> @dispatch_2_contraction (%8)
// OUT: edge @dispatch_1_elementwise -> @dispatch_2_contraction (%18)
// OUT: plan @dispatch_0_reduction row-reduction subgroup=32x4
// OUT: plan @dispatch_1_elementwise elementwise
// OUT: plan @dispatch_2_contraction split-k tiles=128x128x64/128 slices=8

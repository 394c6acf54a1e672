// RUN: fusion target=nvidia-h200
// A grouped 1x1 conv as decomposed (`[N, G, C/G, H, W]` in, `[N, G, F/G, H, W]` out) whose
// result is collapsed to `[N, F, H, W]` before its batch norm (per-channel scale and shift,
// broadcast along the collapsed channel dim) and relu, then ShuffleNet's channel shuffle
// (expand to `[N, G, F/G, H, W]`, transpose the groups): one region, the epilogue reached
// through the reshapes and the transpose (`structured::reindex`). A second conv's collapsed
// result is also read by a reduction: it is stored, and its batch norm keeps its own region.
#c5 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d5, d3, d4)>
#w5 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d1, d2, d5)>
#o5 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4)>
#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#ch4 = affine_map<(d0, d1, d2, d3) -> (d1)>
#tr5 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d2, d1, d3, d4)>
#id5 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
#sum4 = affine_map<(d0, d1, d2, d3) -> (d0)>
func.func @main(%x: tensor<2x2x4x5x5xf32>, %w: tensor<2x3x4xf32>, %scale: tensor<6xf32>, %shift: tensor<6xf32>) -> (tensor<2x3x2x5x5xf32>, tensor<2x6x5x5xf32>, tensor<2xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x2x3x5x5xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x2x3x5x5xf32>) -> tensor<2x2x3x5x5xf32>
  %conv = linalg.generic {indexing_maps = [#c5, #w5, #o5], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%x, %w : tensor<2x2x4x5x5xf32>, tensor<2x3x4xf32>) outs(%f : tensor<2x2x3x5x5xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<2x2x3x5x5xf32>
  %flat = tensor.collapse_shape %conv [[0], [1, 2], [3], [4]] : tensor<2x2x3x5x5xf32> into tensor<2x6x5x5xf32>
  %e2 = tensor.empty() : tensor<2x6x5x5xf32>
  %bn = linalg.generic {indexing_maps = [#id4, #ch4, #ch4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%flat, %scale, %shift : tensor<2x6x5x5xf32>, tensor<6xf32>, tensor<6xf32>) outs(%e2 : tensor<2x6x5x5xf32>) {
  ^bb0(%v: f32, %sc: f32, %sh: f32, %o: f32):
    %t = arith.mulf %v, %sc : f32
    %u = arith.addf %t, %sh : f32
    %r = arith.maximumf %u, %zero : f32
    linalg.yield %r : f32
  } -> tensor<2x6x5x5xf32>
  %groups = tensor.expand_shape %bn [[0], [1, 2], [3], [4]] output_shape [2, 2, 3, 5, 5] : tensor<2x6x5x5xf32> into tensor<2x2x3x5x5xf32>
  %e3 = tensor.empty() : tensor<2x3x2x5x5xf32>
  %shuffled = linalg.generic {indexing_maps = [#tr5, #id5], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%groups : tensor<2x2x3x5x5xf32>) outs(%e3 : tensor<2x3x2x5x5xf32>) {
  ^bb0(%g: f32, %o2: f32):
    linalg.yield %g : f32
  } -> tensor<2x3x2x5x5xf32>
  %f4 = linalg.fill ins(%zero : f32) outs(%e : tensor<2x2x3x5x5xf32>) -> tensor<2x2x3x5x5xf32>
  %conv2 = linalg.generic {indexing_maps = [#c5, #w5, #o5], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%x, %w : tensor<2x2x4x5x5xf32>, tensor<2x3x4xf32>) outs(%f4 : tensor<2x2x3x5x5xf32>) {
  ^bb0(%a2: f32, %b2: f32, %acc2: f32):
    %m2 = arith.mulf %a2, %b2 : f32
    %s2 = arith.addf %acc2, %m2 : f32
    linalg.yield %s2 : f32
  } -> tensor<2x2x3x5x5xf32>
  %flat2 = tensor.collapse_shape %conv2 [[0], [1, 2], [3], [4]] : tensor<2x2x3x5x5xf32> into tensor<2x6x5x5xf32>
  %bn2 = linalg.generic {indexing_maps = [#id4, #ch4, #ch4, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%flat2, %scale, %shift : tensor<2x6x5x5xf32>, tensor<6xf32>, tensor<6xf32>) outs(%e2 : tensor<2x6x5x5xf32>) {
  ^bb0(%v2: f32, %sc2: f32, %sh2: f32, %o3: f32):
    %t2 = arith.mulf %v2, %sc2 : f32
    %u2 = arith.addf %t2, %sh2 : f32
    linalg.yield %u2 : f32
  } -> tensor<2x6x5x5xf32>
  %e5 = tensor.empty() : tensor<2xf32>
  %f5 = linalg.fill ins(%zero : f32) outs(%e5 : tensor<2xf32>) -> tensor<2xf32>
  %total = linalg.generic {indexing_maps = [#id4, #sum4], iterator_types = ["parallel", "reduction", "reduction", "reduction"]} ins(%flat2 : tensor<2x6x5x5xf32>) outs(%f5 : tensor<2xf32>) {
  ^bb0(%y: f32, %acc3: f32):
    %s3 = arith.addf %acc3, %y : f32
    linalg.yield %s3 : f32
  } -> tensor<2xf32>
  return %shuffled, %bn2, %total : tensor<2x3x2x5x5xf32>, tensor<2x6x5x5xf32>, tensor<2xf32>
}
// OUT: #map = affine_map<(d0, d1, d2, d3, d4) -> ()>
// OUT: #map1 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
// OUT: #map2 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d5, d3, d4)>
// OUT: #map3 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d1, d2, d5)>
// OUT: #map4 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4)>
// OUT: #map5 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// OUT: #map6 = affine_map<(d0, d1, d2, d3) -> (d1)>
// OUT: #map7 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d2, d1, d3, d4)>
// OUT: #map8 = affine_map<(d0) -> ()>
// OUT: #map9 = affine_map<(d0) -> (d0)>
// OUT: #map10 = affine_map<(d0, d1, d2, d3) -> (d0)>
// OUT:
// OUT: func.func @main(%arg0: tensor<2x2x4x5x5xf32>, %arg1: tensor<2x3x4xf32>, %arg2: tensor<6xf32>, %arg3: tensor<6xf32>) -> (tensor<2x3x2x5x5xf32>, tensor<2x6x5x5xf32>, tensor<2xf32>) {
// OUT:   %0 = arith.constant 0.0 : f32
// OUT:   %1 = tensor.empty() : tensor<2x2x3x5x5xf32>
// OUT:   %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%1 : tensor<2x2x3x5x5xf32>) {
// OUT:   ^bb0(%3: f32, %4: f32):
// OUT:     linalg.yield %3 : f32
// OUT:   } -> tensor<2x2x3x5x5xf32>
// OUT:   %5 = linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<2x2x4x5x5xf32>, tensor<2x3x4xf32>) outs(%2 : tensor<2x2x3x5x5xf32>) {
// OUT:   ^bb0(%6: f32, %7: f32, %8: f32):
// OUT:     %9 = arith.mulf %6, %7 : f32
// OUT:     %10 = arith.addf %8, %9 : f32
// OUT:     linalg.yield %10 : f32
// OUT:   } -> tensor<2x2x3x5x5xf32>
// OUT:   %11 = tensor.collapse_shape %5 [[0], [1, 2], [3], [4]] : tensor<2x2x3x5x5xf32> into tensor<2x6x5x5xf32>
// OUT:   %12 = tensor.empty() : tensor<2x6x5x5xf32>
// OUT:   %13 = linalg.generic {indexing_maps = [#map5, #map6, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%11, %arg2, %arg3 : tensor<2x6x5x5xf32>, tensor<6xf32>, tensor<6xf32>) outs(%12 : tensor<2x6x5x5xf32>) {
// OUT:   ^bb0(%14: f32, %15: f32, %16: f32, %17: f32):
// OUT:     %18 = arith.mulf %14, %15 : f32
// OUT:     %19 = arith.addf %18, %16 : f32
// OUT:     %20 = arith.maximumf %19, %0 : f32
// OUT:     linalg.yield %20 : f32
// OUT:   } -> tensor<2x6x5x5xf32>
// OUT:   %21 = tensor.expand_shape %13 [[0], [1, 2], [3], [4]] output_shape [2, 2, 3, 5, 5] : tensor<2x6x5x5xf32> into tensor<2x2x3x5x5xf32>
// OUT:   %22 = tensor.empty() : tensor<2x3x2x5x5xf32>
// OUT:   %23 = linalg.generic {indexing_maps = [#map7, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%21 : tensor<2x2x3x5x5xf32>) outs(%22 : tensor<2x3x2x5x5xf32>) {
// OUT:   ^bb0(%24: f32, %25: f32):
// OUT:     linalg.yield %24 : f32
// OUT:   } -> tensor<2x3x2x5x5xf32>
// OUT:   %26 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%1 : tensor<2x2x3x5x5xf32>) {
// OUT:   ^bb0(%27: f32, %28: f32):
// OUT:     linalg.yield %27 : f32
// OUT:   } -> tensor<2x2x3x5x5xf32>
// OUT:   %29 = linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<2x2x4x5x5xf32>, tensor<2x3x4xf32>) outs(%26 : tensor<2x2x3x5x5xf32>) {
// OUT:   ^bb0(%30: f32, %31: f32, %32: f32):
// OUT:     %33 = arith.mulf %30, %31 : f32
// OUT:     %34 = arith.addf %32, %33 : f32
// OUT:     linalg.yield %34 : f32
// OUT:   } -> tensor<2x2x3x5x5xf32>
// OUT:   %35 = tensor.collapse_shape %29 [[0], [1, 2], [3], [4]] : tensor<2x2x3x5x5xf32> into tensor<2x6x5x5xf32>
// OUT:   %36 = linalg.generic {indexing_maps = [#map5, #map6, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%35, %arg2, %arg3 : tensor<2x6x5x5xf32>, tensor<6xf32>, tensor<6xf32>) outs(%12 : tensor<2x6x5x5xf32>) {
// OUT:   ^bb0(%37: f32, %38: f32, %39: f32, %40: f32):
// OUT:     %41 = arith.mulf %37, %38 : f32
// OUT:     %42 = arith.addf %41, %39 : f32
// OUT:     linalg.yield %42 : f32
// OUT:   } -> tensor<2x6x5x5xf32>
// OUT:   %43 = tensor.empty() : tensor<2xf32>
// OUT:   %44 = linalg.generic {indexing_maps = [#map8, #map9], iterator_types = ["parallel"]} ins(%0 : f32) outs(%43 : tensor<2xf32>) {
// OUT:   ^bb0(%45: f32, %46: f32):
// OUT:     linalg.yield %45 : f32
// OUT:   } -> tensor<2xf32>
// OUT:   %47 = linalg.generic {indexing_maps = [#map5, #map10], iterator_types = ["parallel", "reduction", "reduction", "reduction"]} ins(%35 : tensor<2x6x5x5xf32>) outs(%44 : tensor<2xf32>) {
// OUT:   ^bb0(%48: f32, %49: f32):
// OUT:     %50 = arith.addf %49, %48 : f32
// OUT:     linalg.yield %50 : f32
// OUT:   } -> tensor<2xf32>
// OUT:   return %23, %36, %47 : tensor<2x3x2x5x5xf32>, tensor<2x6x5x5xf32>, tensor<2xf32>
// OUT: }
// OUT: region @dispatch_0_contraction root linalg.generic -> %7 epilogue -> %13
// OUT:   inputs (%0, %1, %2, %3) outputs (%13)
// OUT:   %6 = linalg.generic(%4, %5)
// OUT:   %7 = linalg.generic(%0, %1, %6)
// OUT:   %8 = tensor.collapse_shape(%7)
// OUT:   %10 = linalg.generic(%8, %2, %3, %9)
// OUT:   %11 = tensor.expand_shape(%10)
// OUT:   %13 = linalg.generic(%11, %12)
// OUT: region @dispatch_1_contraction root linalg.generic -> %15 epilogue -> %16
// OUT:   inputs (%0, %1) outputs (%16)
// OUT:   %14 = linalg.generic(%4, %5)
// OUT:   %15 = linalg.generic(%0, %1, %14)
// OUT:   %16 = tensor.collapse_shape(%15)
// OUT: region @dispatch_2_elementwise root linalg.generic -> %17
// OUT:   inputs (%16, %2, %3) outputs (%17)
// OUT:   %17 = linalg.generic(%16, %2, %3, %9)
// OUT: region @dispatch_3_reduction root linalg.generic -> %20
// OUT:   inputs (%16) outputs (%20)
// OUT:   %19 = linalg.generic(%4, %18)
// OUT:   %20 = linalg.generic(%16, %19)
// OUT: edge @dispatch_1_contraction -> @dispatch_3_reduction (%16)
// OUT: edge @dispatch_1_contraction -> @dispatch_2_elementwise (%16)

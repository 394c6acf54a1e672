// RUN: fusion target=nvidia-h200 precision=f16
// `--precision f16`, a residual block with a projection shortcut: two 1x1 convs of the same
// input, each followed by a per-channel shift (a folded batch norm) that reads its f32 sums and
// stores f16, then add + relu. One conv's region takes the add + relu (and both shifts) as
// its epilogue; the other conv's region takes its own shift as a narrowing epilogue
// (`narrowing_consumer`), so what it stores is f16 (before, it stored its f32 sums and its
// shift ran in the other region: ResNet-50's projection shortcuts).
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#ch = affine_map<(d0, d1, d2, d3) -> (d1)>
func.func @main(%x: tensor<1x16x8x8xf32>, %wa: tensor<32x16x1x1xf32>, %ws: tensor<32x16x1x1xf32>, %ba: tensor<32xf32>, %bs: tensor<32xf32>) -> tensor<1x32x8x8xf32> {
  %zero = arith.constant 0.0 : f32
  %ce = tensor.empty() : tensor<1x32x8x8xf32>
  %cfa = linalg.fill ins(%zero : f32) outs(%ce : tensor<1x32x8x8xf32>) -> tensor<1x32x8x8xf32>
  %ca = linalg.conv_2d_nchw_fchw {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%x, %wa : tensor<1x16x8x8xf32>, tensor<32x16x1x1xf32>) outs(%cfa : tensor<1x32x8x8xf32>) -> tensor<1x32x8x8xf32>
  %ya = linalg.generic {indexing_maps = [#id, #ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%ca, %ba : tensor<1x32x8x8xf32>, tensor<32xf32>) outs(%ce : tensor<1x32x8x8xf32>) {
  ^bb0(%v: f32, %bv: f32, %o: f32):
    %a = arith.addf %v, %bv : f32
    linalg.yield %a : f32
  } -> tensor<1x32x8x8xf32>
  %cfs = linalg.fill ins(%zero : f32) outs(%ce : tensor<1x32x8x8xf32>) -> tensor<1x32x8x8xf32>
  %cs = linalg.conv_2d_nchw_fchw {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%x, %ws : tensor<1x16x8x8xf32>, tensor<32x16x1x1xf32>) outs(%cfs : tensor<1x32x8x8xf32>) -> tensor<1x32x8x8xf32>
  %ys = linalg.generic {indexing_maps = [#id, #ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cs, %bs : tensor<1x32x8x8xf32>, tensor<32xf32>) outs(%ce : tensor<1x32x8x8xf32>) {
  ^bb0(%v: f32, %bv: f32, %o: f32):
    %a = arith.addf %v, %bv : f32
    linalg.yield %a : f32
  } -> tensor<1x32x8x8xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%ya, %ys : tensor<1x32x8x8xf32>, tensor<1x32x8x8xf32>) outs(%ce : tensor<1x32x8x8xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    %m = arith.maximumf %s, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x32x8x8xf32>
  return %r : tensor<1x32x8x8xf32>
}
// OUT: #map = affine_map<(d0, d1, d2, d3) -> ()>
// OUT: #map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// OUT: #map2 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d2 + d5, d3 + d6)>
// OUT: #map3 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d1, d4, d5, d6)>
// OUT: #map4 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
// OUT: #map5 = affine_map<(d0, d1, d2, d3) -> (d1)>
// OUT:
// OUT: func.func @main(%arg0: tensor<1x16x8x8xf32>, %arg1: tensor<32x16x1x1xf32>, %arg2: tensor<32x16x1x1xf32>, %arg3: tensor<32xf32>, %arg4: tensor<32xf32>) -> tensor<1x32x8x8xf32> {
// OUT:   %0 = arith.constant 0.0 : f32
// OUT:   %1 = tensor.empty() : tensor<1x32x8x8xf32>
// OUT:   %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%1 : tensor<1x32x8x8xf32>) {
// OUT:   ^bb0(%3: f32, %4: f32):
// OUT:     linalg.yield %3 : f32
// OUT:   } -> tensor<1x32x8x8xf32>
// OUT:   %5 = tensor.empty() : tensor<1x16x8x8xf16>
// OUT:   %6 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg0 : tensor<1x16x8x8xf32>) outs(%5 : tensor<1x16x8x8xf16>) {
// OUT:   ^bb0(%7: f32, %8: f16):
// OUT:     %9 = arith.truncf %7 : f32 to f16
// OUT:     linalg.yield %9 : f16
// OUT:   } -> tensor<1x16x8x8xf16>
// OUT:   %10 = tensor.empty() : tensor<32x16x1x1xf16>
// OUT:   %11 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg1 : tensor<32x16x1x1xf32>) outs(%10 : tensor<32x16x1x1xf16>) {
// OUT:   ^bb0(%12: f32, %13: f16):
// OUT:     %14 = arith.truncf %12 : f32 to f16
// OUT:     linalg.yield %14 : f16
// OUT:   } -> tensor<32x16x1x1xf16>
// OUT:   %15 = linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%6, %11 : tensor<1x16x8x8xf16>, tensor<32x16x1x1xf16>) outs(%2 : tensor<1x32x8x8xf32>) {
// OUT:   ^bb0(%16: f16, %17: f16, %18: f32):
// OUT:     %19 = arith.extf %16 : f16 to f32
// OUT:     %20 = arith.extf %17 : f16 to f32
// OUT:     %21 = arith.mulf %19, %20 : f32
// OUT:     %22 = arith.addf %18, %21 : f32
// OUT:     linalg.yield %22 : f32
// OUT:   } -> tensor<1x32x8x8xf32>
// OUT:   %23 = tensor.empty() : tensor<1x32x8x8xf16>
// OUT:   %24 = linalg.generic {indexing_maps = [#map1, #map5, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%15, %arg3 : tensor<1x32x8x8xf32>, tensor<32xf32>) outs(%23 : tensor<1x32x8x8xf16>) {
// OUT:   ^bb0(%25: f32, %26: f32, %27: f16):
// OUT:     %28 = arith.addf %25, %26 : f32
// OUT:     %29 = arith.truncf %28 : f32 to f16
// OUT:     linalg.yield %29 : f16
// OUT:   } -> tensor<1x32x8x8xf16>
// OUT:   %30 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%1 : tensor<1x32x8x8xf32>) {
// OUT:   ^bb0(%31: f32, %32: f32):
// OUT:     linalg.yield %31 : f32
// OUT:   } -> tensor<1x32x8x8xf32>
// OUT:   %33 = tensor.empty() : tensor<32x16x1x1xf16>
// OUT:   %34 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg2 : tensor<32x16x1x1xf32>) outs(%33 : tensor<32x16x1x1xf16>) {
// OUT:   ^bb0(%35: f32, %36: f16):
// OUT:     %37 = arith.truncf %35 : f32 to f16
// OUT:     linalg.yield %37 : f16
// OUT:   } -> tensor<32x16x1x1xf16>
// OUT:   %38 = linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%6, %34 : tensor<1x16x8x8xf16>, tensor<32x16x1x1xf16>) outs(%30 : tensor<1x32x8x8xf32>) {
// OUT:   ^bb0(%39: f16, %40: f16, %41: f32):
// OUT:     %42 = arith.extf %39 : f16 to f32
// OUT:     %43 = arith.extf %40 : f16 to f32
// OUT:     %44 = arith.mulf %42, %43 : f32
// OUT:     %45 = arith.addf %41, %44 : f32
// OUT:     linalg.yield %45 : f32
// OUT:   } -> tensor<1x32x8x8xf32>
// OUT:   %46 = linalg.generic {indexing_maps = [#map1, #map5, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%38, %arg4 : tensor<1x32x8x8xf32>, tensor<32xf32>) outs(%23 : tensor<1x32x8x8xf16>) {
// OUT:   ^bb0(%47: f32, %48: f32, %49: f16):
// OUT:     %50 = arith.addf %47, %48 : f32
// OUT:     %51 = arith.truncf %50 : f32 to f16
// OUT:     linalg.yield %51 : f16
// OUT:   } -> tensor<1x32x8x8xf16>
// OUT:   %52 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%24, %46 : tensor<1x32x8x8xf16>, tensor<1x32x8x8xf16>) outs(%1 : tensor<1x32x8x8xf32>) {
// OUT:   ^bb0(%53: f16, %54: f16, %55: f32):
// OUT:     %56 = arith.extf %53 : f16 to f32
// OUT:     %57 = arith.extf %54 : f16 to f32
// OUT:     %58 = arith.addf %56, %57 : f32
// OUT:     %59 = arith.maximumf %58, %0 : f32
// OUT:     linalg.yield %59 : f32
// OUT:   } -> tensor<1x32x8x8xf32>
// OUT:   return %52 : tensor<1x32x8x8xf32>
// OUT: }
// OUT: region @dispatch_0_elementwise root linalg.generic -> %15
// OUT:   inputs (%0) outputs (%15)
// OUT:   %15 = linalg.generic(%0, %14)
// OUT: region @dispatch_1_elementwise root linalg.generic -> %17
// OUT:   inputs (%1) outputs (%17)
// OUT:   %17 = linalg.generic(%1, %16)
// OUT: region @dispatch_2_contraction root linalg.generic -> %8 epilogue -> %9
// OUT:   inputs (%15, %17, %3) outputs (%9)
// OUT:   %7 = linalg.generic(%5, %6)
// OUT:   %8 = linalg.generic(%15, %17, %7)
// OUT:   %9 = linalg.generic(%8, %3, %18)
// OUT: region @dispatch_3_elementwise root linalg.generic -> %20
// OUT:   inputs (%2) outputs (%20)
// OUT:   %20 = linalg.generic(%2, %19)
// OUT: region @dispatch_4_contraction root linalg.generic -> %11 epilogue -> %13
// OUT:   inputs (%15, %20, %4, %9) outputs (%13)
// OUT:   %10 = linalg.generic(%5, %6)
// OUT:   %11 = linalg.generic(%15, %20, %10)
// OUT:   %12 = linalg.generic(%11, %4, %18)
// OUT:   %13 = linalg.generic(%9, %12, %6)
// OUT: edge @dispatch_0_elementwise -> @dispatch_4_contraction (%15)
// OUT: edge @dispatch_3_elementwise -> @dispatch_4_contraction (%20)
// OUT: edge @dispatch_2_contraction -> @dispatch_4_contraction (%9)
// OUT: edge @dispatch_0_elementwise -> @dispatch_2_contraction (%15)
// OUT: edge @dispatch_1_elementwise -> @dispatch_2_contraction (%17)

// RUN: fusion target=nvidia-h200 precision=f16
// `--precision f16`, a stem: conv -> batch-norm-style scale and shift -> relu -> max pool. The
// scale and shift reads the conv's f32 sums and stores f16; the pool's region takes the relu
// as a prologue, and the conv's region takes the scale and shift as a narrowing epilogue
// (`narrowing_consumer`), so the tensor between the two regions is f16: before, the shift
// joined the pool's region too and the conv stored its f32 sums (ResNet-50's stem, twice the
// bytes). The same ops run in the same order.
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#ch = affine_map<(d0, d1, d2, d3) -> (d1)>
func.func @main(%x: tensor<1x4x10x10xf32>, %w: tensor<8x4x3x3xf32>, %s: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<1x8x4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %ce = tensor.empty() : tensor<1x8x8x8xf32>
  %cf = linalg.fill ins(%zero : f32) outs(%ce : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  %c = linalg.conv_2d_nchw_fchw {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x4x10x10xf32>, tensor<8x4x3x3xf32>) outs(%cf : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  %bn = linalg.generic {indexing_maps = [#id, #ch, #ch, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %s, %b : tensor<1x8x8x8xf32>, tensor<8xf32>, tensor<8xf32>) outs(%ce : tensor<1x8x8x8xf32>) {
  ^bb0(%v: f32, %sv: f32, %bv: f32, %o: f32):
    %m = arith.mulf %v, %sv : f32
    %a = arith.addf %m, %bv : f32
    linalg.yield %a : f32
  } -> tensor<1x8x8x8xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%bn : tensor<1x8x8x8xf32>) outs(%ce : tensor<1x8x8x8xf32>) {
  ^bb0(%v: f32, %o: f32):
    %m = arith.maximumf %v, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x8x8x8xf32>
  %ninf = arith.constant 0xFF800000 : f32
  %pe = tensor.empty() : tensor<1x8x4x4xf32>
  %pf = linalg.fill ins(%ninf : f32) outs(%pe : tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  %win = tensor.empty() : tensor<2x2xf32>
  %pool = linalg.pooling_nchw_max {strides = dense<2> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%r, %win : tensor<1x8x8x8xf32>, tensor<2x2xf32>) outs(%pf : tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  return %pool : tensor<1x8x4x4xf32>
}
// OUT: #map = affine_map<(d0, d1, d2, d3) -> (d0, d3, d1, d2)>
// OUT: #map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// OUT: #map2 = affine_map<(d0, d1, d2, d3) -> ()>
// OUT: #map3 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d2 + d4, d3 + d5, d6)>
// OUT: #map4 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d1, d6, d4, d5)>
// OUT: #map5 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
// OUT: #map6 = affine_map<(d0, d1, d2, d3) -> (d1)>
// OUT: #map7 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2 * 2 + d4, d3 * 2 + d5)>
// OUT: #map8 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>
// OUT: #map9 = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>
// OUT:
// OUT: func.func @main(%arg0: tensor<1x4x10x10xf32>, %arg1: tensor<8x4x3x3xf32>, %arg2: tensor<8xf32>, %arg3: tensor<8xf32>) -> tensor<1x8x4x4xf32> {
// OUT:   %0 = tensor.empty() : tensor<1x10x10x4xf32>
// OUT:   %1 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg0 : tensor<1x4x10x10xf32>) outs(%0 : tensor<1x10x10x4xf32>) {
// OUT:   ^bb0(%2: f32, %3: f32):
// OUT:     linalg.yield %2 : f32
// OUT:   } -> tensor<1x10x10x4xf32>
// OUT:   %4 = arith.constant 0.0 : f32
// OUT:   %5 = tensor.empty() : tensor<1x8x8x8xf32>
// OUT:   %6 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%4 : f32) outs(%5 : tensor<1x8x8x8xf32>) {
// OUT:   ^bb0(%7: f32, %8: f32):
// OUT:     linalg.yield %7 : f32
// OUT:   } -> tensor<1x8x8x8xf32>
// OUT:   %9 = tensor.empty() : tensor<1x10x10x4xf16>
// OUT:   %10 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%1 : tensor<1x10x10x4xf32>) outs(%9 : tensor<1x10x10x4xf16>) {
// OUT:   ^bb0(%11: f32, %12: f16):
// OUT:     %13 = arith.truncf %11 : f32 to f16
// OUT:     linalg.yield %13 : f16
// OUT:   } -> tensor<1x10x10x4xf16>
// OUT:   %14 = tensor.empty() : tensor<8x4x3x3xf16>
// OUT:   %15 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg1 : tensor<8x4x3x3xf32>) outs(%14 : tensor<8x4x3x3xf16>) {
// OUT:   ^bb0(%16: f32, %17: f16):
// OUT:     %18 = arith.truncf %16 : f32 to f16
// OUT:     linalg.yield %18 : f16
// OUT:   } -> tensor<8x4x3x3xf16>
// OUT:   %19 = linalg.generic {indexing_maps = [#map3, #map4, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%10, %15 : tensor<1x10x10x4xf16>, tensor<8x4x3x3xf16>) outs(%6 : tensor<1x8x8x8xf32>) {
// OUT:   ^bb0(%20: f16, %21: f16, %22: f32):
// OUT:     %23 = arith.extf %20 : f16 to f32
// OUT:     %24 = arith.extf %21 : f16 to f32
// OUT:     %25 = arith.mulf %23, %24 : f32
// OUT:     %26 = arith.addf %22, %25 : f32
// OUT:     linalg.yield %26 : f32
// OUT:   } -> tensor<1x8x8x8xf32>
// OUT:   %27 = tensor.empty() : tensor<1x8x8x8xf16>
// OUT:   %28 = linalg.generic {indexing_maps = [#map1, #map6, #map6, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%19, %arg2, %arg3 : tensor<1x8x8x8xf32>, tensor<8xf32>, tensor<8xf32>) outs(%27 : tensor<1x8x8x8xf16>) {
// OUT:   ^bb0(%29: f32, %30: f32, %31: f32, %32: f16):
// OUT:     %33 = arith.mulf %29, %30 : f32
// OUT:     %34 = arith.addf %33, %31 : f32
// OUT:     %35 = arith.truncf %34 : f32 to f16
// OUT:     linalg.yield %35 : f16
// OUT:   } -> tensor<1x8x8x8xf16>
// OUT:   %36 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%28 : tensor<1x8x8x8xf16>) outs(%27 : tensor<1x8x8x8xf16>) {
// OUT:   ^bb0(%37: f16, %38: f16):
// OUT:     %39 = arith.extf %37 : f16 to f32
// OUT:     %40 = arith.maximumf %39, %4 : f32
// OUT:     %41 = arith.truncf %40 : f32 to f16
// OUT:     linalg.yield %41 : f16
// OUT:   } -> tensor<1x8x8x8xf16>
// OUT:   %42 = arith.constant 0xFF800000 : f32
// OUT:   %43 = tensor.empty() : tensor<1x8x4x4xf32>
// OUT:   %44 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%42 : f32) outs(%43 : tensor<1x8x4x4xf32>) {
// OUT:   ^bb0(%45: f32, %46: f32):
// OUT:     linalg.yield %45 : f32
// OUT:   } -> tensor<1x8x4x4xf32>
// OUT:   %47 = tensor.empty() : tensor<2x2xf32>
// OUT:   %48 = linalg.generic {indexing_maps = [#map7, #map8, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%36, %47 : tensor<1x8x8x8xf16>, tensor<2x2xf32>) outs(%44 : tensor<1x8x4x4xf32>) {
// OUT:   ^bb0(%49: f16, %50: f32, %51: f32):
// OUT:     %52 = arith.extf %49 : f16 to f32
// OUT:     %53 = arith.maximumf %51, %52 : f32
// OUT:     linalg.yield %53 : f32
// OUT:   } -> tensor<1x8x4x4xf32>
// OUT:   return %48 : tensor<1x8x4x4xf32>
// OUT: }
// OUT: region @dispatch_0_elementwise root linalg.generic -> %16
// OUT:   inputs (%0) outputs (%16)
// OUT:   %21 = linalg.generic(%0, %20)
// OUT:   %16 = linalg.generic(%21, %15)
// OUT: region @dispatch_1_elementwise root linalg.generic -> %18
// OUT:   inputs (%1) outputs (%18)
// OUT:   %18 = linalg.generic(%1, %17)
// OUT: region @dispatch_2_contraction root linalg.generic -> %7 epilogue -> %8
// OUT:   inputs (%16, %18, %2, %3) outputs (%8)
// OUT:   %6 = linalg.generic(%4, %5)
// OUT:   %7 = linalg.generic(%16, %18, %6)
// OUT:   %8 = linalg.generic(%7, %2, %3, %19)
// OUT: region @dispatch_3_reduction root linalg.generic -> %14
// OUT:   inputs (%8) outputs (%14)
// OUT:   %9 = linalg.generic(%8, %19)
// OUT:   %12 = linalg.generic(%10, %11)
// OUT:   %14 = linalg.generic(%9, %13, %12)
// OUT: edge @dispatch_2_contraction -> @dispatch_3_reduction (%8)
// OUT: edge @dispatch_0_elementwise -> @dispatch_2_contraction (%16)
// OUT: edge @dispatch_1_elementwise -> @dispatch_2_contraction (%18)

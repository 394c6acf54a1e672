// RUN: kernel-config target=nvidia-h200 precision=f16
// A chain of 3x3 convs (pad 1) at batch 16 on 56x56 in f16
// (`Heuristics::narrow_conv_cooperative_matrix_tilings`): after `channels-last` the convs
// reading NHWC take cooperative-matrix tiles of their width: to 32 channels 128 x 32 (8 x 1
// subgroups of 1 x 2 fragments), to 64 128 x 64 (4 x 1 of 2 x 4), to 128 64 x 64 (2 x 2 of
// 2 x 2); to 256 channels the general choice (128 x 256). The first conv reads the graph input
// NCHW (the f16 cast stands between it and an entry copy) and keeps the general choice too.
func.func @main(%x: tensor<16x16x56x56xf32>, %w0: tensor<32x16x3x3xf32>, %w1: tensor<32x32x3x3xf32>, %w2: tensor<64x32x3x3xf32>, %w3: tensor<128x64x3x3xf32>, %w4: tensor<256x128x3x3xf32>) -> tensor<16x256x56x56xf32> {
  %zero = arith.constant 0.0 : f32
  %p0 = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<16x16x56x56xf32> to tensor<16x16x58x58xf32>
  %e0 = tensor.empty() : tensor<16x32x56x56xf32>
  %f0 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<16x32x56x56xf32>) -> tensor<16x32x56x56xf32>
  %c0 = linalg.conv_2d_nchw_fchw {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%p0, %w0 : tensor<16x16x58x58xf32>, tensor<32x16x3x3xf32>) outs(%f0 : tensor<16x32x56x56xf32>) -> tensor<16x32x56x56xf32>
  %p1 = tensor.pad %c0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<16x32x56x56xf32> to tensor<16x32x58x58xf32>
  %e1 = tensor.empty() : tensor<16x32x56x56xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<16x32x56x56xf32>) -> tensor<16x32x56x56xf32>
  %c1 = linalg.conv_2d_nchw_fchw {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%p1, %w1 : tensor<16x32x58x58xf32>, tensor<32x32x3x3xf32>) outs(%f1 : tensor<16x32x56x56xf32>) -> tensor<16x32x56x56xf32>
  %p2 = tensor.pad %c1 low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<16x32x56x56xf32> to tensor<16x32x58x58xf32>
  %e2 = tensor.empty() : tensor<16x64x56x56xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<16x64x56x56xf32>) -> tensor<16x64x56x56xf32>
  %c2 = linalg.conv_2d_nchw_fchw {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%p2, %w2 : tensor<16x32x58x58xf32>, tensor<64x32x3x3xf32>) outs(%f2 : tensor<16x64x56x56xf32>) -> tensor<16x64x56x56xf32>
  %p3 = tensor.pad %c2 low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<16x64x56x56xf32> to tensor<16x64x58x58xf32>
  %e3 = tensor.empty() : tensor<16x128x56x56xf32>
  %f3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<16x128x56x56xf32>) -> tensor<16x128x56x56xf32>
  %c3 = linalg.conv_2d_nchw_fchw {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%p3, %w3 : tensor<16x64x58x58xf32>, tensor<128x64x3x3xf32>) outs(%f3 : tensor<16x128x56x56xf32>) -> tensor<16x128x56x56xf32>
  %p4 = tensor.pad %c3 low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %zero : f32
  } : tensor<16x128x56x56xf32> to tensor<16x128x58x58xf32>
  %e4 = tensor.empty() : tensor<16x256x56x56xf32>
  %f4 = linalg.fill ins(%zero : f32) outs(%e4 : tensor<16x256x56x56xf32>) -> tensor<16x256x56x56xf32>
  %c4 = linalg.conv_2d_nchw_fchw {strides = dense<1> : tensor<2xi64>, dilations = dense<1> : tensor<2xi64>} ins(%p4, %w4 : tensor<16x128x58x58xf32>, tensor<256x128x3x3xf32>) outs(%f4 : tensor<16x256x56x56xf32>) -> tensor<16x256x56x56xf32>
  return %c4 : tensor<16x256x56x56xf32>
}
// OUT: #map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// OUT: #map1 = affine_map<(d0, d1, d2, d3) -> ()>
// OUT: #map2 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d1 + d5, d2 + d6)>
// OUT: #map3 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d3, d4, d5, d6)>
// OUT: #map4 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
// OUT: #map5 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 + d4, d2 + d5, d6)>
// OUT: #map6 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d3, d6, d4, d5)>
// OUT: #map7 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d2 + d4, d3 + d5, d6)>
// OUT: #map8 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d1, d6, d4, d5)>
// OUT:
// OUT: func.func @main(%arg0: tensor<16x16x56x56xf32>, %arg1: tensor<32x16x3x3xf32>, %arg2: tensor<32x32x3x3xf32>, %arg3: tensor<64x32x3x3xf32>, %arg4: tensor<128x64x3x3xf32>, %arg5: tensor<256x128x3x3xf32>) -> tensor<16x256x56x56xf32> {
// OUT:   %0 = arith.constant 0.0 : f32
// OUT:   %1 = tensor.empty() : tensor<16x16x56x56xf16>
// OUT:   %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg0 : tensor<16x16x56x56xf32>) outs(%1 : tensor<16x16x56x56xf16>) {
// OUT:   ^bb0(%3: f32, %4: f16):
// OUT:     %5 = arith.truncf %3 : f32 to f16
// OUT:     linalg.yield %5 : f16
// OUT:   } -> tensor<16x16x56x56xf16>
// OUT:   %6 = arith.constant 0.0 : f16
// OUT:   %7 = tensor.pad %2 low[0, 0, 1, 1] high[0, 0, 1, 1] {
// OUT:   ^bb0(%pad8_0: index, %pad8_1: index, %pad8_2: index, %pad8_3: index):
// OUT:     tensor.yield %6 : f16
// OUT:   } : tensor<16x16x56x56xf16> to tensor<16x16x58x58xf16>
// OUT:   %9 = tensor.empty() : tensor<16x56x56x32xf32>
// OUT:   %10 = linalg.generic {indexing_maps = [#map1, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%9 : tensor<16x56x56x32xf32>) {
// OUT:   ^bb0(%11: f32, %12: f32):
// OUT:     linalg.yield %11 : f32
// OUT:   } -> tensor<16x56x56x32xf32>
// OUT:   %13 = tensor.empty() : tensor<32x16x3x3xf16>
// OUT:   %14 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg1 : tensor<32x16x3x3xf32>) outs(%13 : tensor<32x16x3x3xf16>) {
// OUT:   ^bb0(%15: f32, %16: f16):
// OUT:     %17 = arith.truncf %15 : f32 to f16
// OUT:     linalg.yield %17 : f16
// OUT:   } -> tensor<32x16x3x3xf16>
// OUT:   %18 = linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%7, %14 : tensor<16x16x58x58xf16>, tensor<32x16x3x3xf16>) outs(%10 : tensor<16x56x56x32xf32>) {
// OUT:   ^bb0(%19: f16, %20: f16, %21: f32):
// OUT:     %22 = arith.extf %19 : f16 to f32
// OUT:     %23 = arith.extf %20 : f16 to f32
// OUT:     %24 = arith.mulf %22, %23 : f32
// OUT:     %25 = arith.addf %21, %24 : f32
// OUT:     linalg.yield %25 : f32
// OUT:   } -> tensor<16x56x56x32xf32>
// OUT:   %26 = tensor.pad %18 low[0, 1, 1, 0] high[0, 1, 1, 0] {
// OUT:   ^bb0(%pad27_0: index, %pad27_1: index, %pad27_2: index, %pad27_3: index):
// OUT:     tensor.yield %0 : f32
// OUT:   } : tensor<16x56x56x32xf32> to tensor<16x58x58x32xf32>
// OUT:   %28 = tensor.empty() : tensor<16x56x56x32xf32>
// OUT:   %29 = linalg.generic {indexing_maps = [#map1, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%28 : tensor<16x56x56x32xf32>) {
// OUT:   ^bb0(%30: f32, %31: f32):
// OUT:     linalg.yield %30 : f32
// OUT:   } -> tensor<16x56x56x32xf32>
// OUT:   %32 = tensor.empty() : tensor<16x58x58x32xf16>
// OUT:   %33 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%26 : tensor<16x58x58x32xf32>) outs(%32 : tensor<16x58x58x32xf16>) {
// OUT:   ^bb0(%34: f32, %35: f16):
// OUT:     %36 = arith.truncf %34 : f32 to f16
// OUT:     linalg.yield %36 : f16
// OUT:   } -> tensor<16x58x58x32xf16>
// OUT:   %37 = tensor.empty() : tensor<32x32x3x3xf16>
// OUT:   %38 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg2 : tensor<32x32x3x3xf32>) outs(%37 : tensor<32x32x3x3xf16>) {
// OUT:   ^bb0(%39: f32, %40: f16):
// OUT:     %41 = arith.truncf %39 : f32 to f16
// OUT:     linalg.yield %41 : f16
// OUT:   } -> tensor<32x32x3x3xf16>
// OUT:   %42 = linalg.generic {indexing_maps = [#map5, #map6, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%33, %38 : tensor<16x58x58x32xf16>, tensor<32x32x3x3xf16>) outs(%29 : tensor<16x56x56x32xf32>) {
// OUT:   ^bb0(%43: f16, %44: f16, %45: f32):
// OUT:     %46 = arith.extf %43 : f16 to f32
// OUT:     %47 = arith.extf %44 : f16 to f32
// OUT:     %48 = arith.mulf %46, %47 : f32
// OUT:     %49 = arith.addf %45, %48 : f32
// OUT:     linalg.yield %49 : f32
// OUT:   } -> tensor<16x56x56x32xf32>
// OUT:   %50 = tensor.pad %42 low[0, 1, 1, 0] high[0, 1, 1, 0] {
// OUT:   ^bb0(%pad51_0: index, %pad51_1: index, %pad51_2: index, %pad51_3: index):
// OUT:     tensor.yield %0 : f32
// OUT:   } : tensor<16x56x56x32xf32> to tensor<16x58x58x32xf32>
// OUT:   %52 = tensor.empty() : tensor<16x56x56x64xf32>
// OUT:   %53 = linalg.generic {indexing_maps = [#map1, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%52 : tensor<16x56x56x64xf32>) {
// OUT:   ^bb0(%54: f32, %55: f32):
// OUT:     linalg.yield %54 : f32
// OUT:   } -> tensor<16x56x56x64xf32>
// OUT:   %56 = tensor.empty() : tensor<16x58x58x32xf16>
// OUT:   %57 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%50 : tensor<16x58x58x32xf32>) outs(%56 : tensor<16x58x58x32xf16>) {
// OUT:   ^bb0(%58: f32, %59: f16):
// OUT:     %60 = arith.truncf %58 : f32 to f16
// OUT:     linalg.yield %60 : f16
// OUT:   } -> tensor<16x58x58x32xf16>
// OUT:   %61 = tensor.empty() : tensor<64x32x3x3xf16>
// OUT:   %62 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg3 : tensor<64x32x3x3xf32>) outs(%61 : tensor<64x32x3x3xf16>) {
// OUT:   ^bb0(%63: f32, %64: f16):
// OUT:     %65 = arith.truncf %63 : f32 to f16
// OUT:     linalg.yield %65 : f16
// OUT:   } -> tensor<64x32x3x3xf16>
// OUT:   %66 = linalg.generic {indexing_maps = [#map5, #map6, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%57, %62 : tensor<16x58x58x32xf16>, tensor<64x32x3x3xf16>) outs(%53 : tensor<16x56x56x64xf32>) {
// OUT:   ^bb0(%67: f16, %68: f16, %69: f32):
// OUT:     %70 = arith.extf %67 : f16 to f32
// OUT:     %71 = arith.extf %68 : f16 to f32
// OUT:     %72 = arith.mulf %70, %71 : f32
// OUT:     %73 = arith.addf %69, %72 : f32
// OUT:     linalg.yield %73 : f32
// OUT:   } -> tensor<16x56x56x64xf32>
// OUT:   %74 = tensor.pad %66 low[0, 1, 1, 0] high[0, 1, 1, 0] {
// OUT:   ^bb0(%pad75_0: index, %pad75_1: index, %pad75_2: index, %pad75_3: index):
// OUT:     tensor.yield %0 : f32
// OUT:   } : tensor<16x56x56x64xf32> to tensor<16x58x58x64xf32>
// OUT:   %76 = tensor.empty() : tensor<16x56x56x128xf32>
// OUT:   %77 = linalg.generic {indexing_maps = [#map1, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%76 : tensor<16x56x56x128xf32>) {
// OUT:   ^bb0(%78: f32, %79: f32):
// OUT:     linalg.yield %78 : f32
// OUT:   } -> tensor<16x56x56x128xf32>
// OUT:   %80 = tensor.empty() : tensor<16x58x58x64xf16>
// OUT:   %81 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%74 : tensor<16x58x58x64xf32>) outs(%80 : tensor<16x58x58x64xf16>) {
// OUT:   ^bb0(%82: f32, %83: f16):
// OUT:     %84 = arith.truncf %82 : f32 to f16
// OUT:     linalg.yield %84 : f16
// OUT:   } -> tensor<16x58x58x64xf16>
// OUT:   %85 = tensor.empty() : tensor<128x64x3x3xf16>
// OUT:   %86 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg4 : tensor<128x64x3x3xf32>) outs(%85 : tensor<128x64x3x3xf16>) {
// OUT:   ^bb0(%87: f32, %88: f16):
// OUT:     %89 = arith.truncf %87 : f32 to f16
// OUT:     linalg.yield %89 : f16
// OUT:   } -> tensor<128x64x3x3xf16>
// OUT:   %90 = linalg.generic {indexing_maps = [#map5, #map6, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%81, %86 : tensor<16x58x58x64xf16>, tensor<128x64x3x3xf16>) outs(%77 : tensor<16x56x56x128xf32>) {
// OUT:   ^bb0(%91: f16, %92: f16, %93: f32):
// OUT:     %94 = arith.extf %91 : f16 to f32
// OUT:     %95 = arith.extf %92 : f16 to f32
// OUT:     %96 = arith.mulf %94, %95 : f32
// OUT:     %97 = arith.addf %93, %96 : f32
// OUT:     linalg.yield %97 : f32
// OUT:   } -> tensor<16x56x56x128xf32>
// OUT:   %98 = tensor.pad %90 low[0, 1, 1, 0] high[0, 1, 1, 0] {
// OUT:   ^bb0(%pad99_0: index, %pad99_1: index, %pad99_2: index, %pad99_3: index):
// OUT:     tensor.yield %0 : f32
// OUT:   } : tensor<16x56x56x128xf32> to tensor<16x58x58x128xf32>
// OUT:   %100 = tensor.empty() : tensor<16x256x56x56xf32>
// OUT:   %101 = linalg.generic {indexing_maps = [#map1, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%100 : tensor<16x256x56x56xf32>) {
// OUT:   ^bb0(%102: f32, %103: f32):
// OUT:     linalg.yield %102 : f32
// OUT:   } -> tensor<16x256x56x56xf32>
// OUT:   %104 = tensor.empty() : tensor<16x58x58x128xf16>
// OUT:   %105 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%98 : tensor<16x58x58x128xf32>) outs(%104 : tensor<16x58x58x128xf16>) {
// OUT:   ^bb0(%106: f32, %107: f16):
// OUT:     %108 = arith.truncf %106 : f32 to f16
// OUT:     linalg.yield %108 : f16
// OUT:   } -> tensor<16x58x58x128xf16>
// OUT:   %109 = tensor.empty() : tensor<256x128x3x3xf16>
// OUT:   %110 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg5 : tensor<256x128x3x3xf32>) outs(%109 : tensor<256x128x3x3xf16>) {
// OUT:   ^bb0(%111: f32, %112: f16):
// OUT:     %113 = arith.truncf %111 : f32 to f16
// OUT:     linalg.yield %113 : f16
// OUT:   } -> tensor<256x128x3x3xf16>
// OUT:   %114 = linalg.generic {indexing_maps = [#map7, #map8, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%105, %110 : tensor<16x58x58x128xf16>, tensor<256x128x3x3xf16>) outs(%101 : tensor<16x256x56x56xf32>) {
// OUT:   ^bb0(%115: f16, %116: f16, %117: f32):
// OUT:     %118 = arith.extf %115 : f16 to f32
// OUT:     %119 = arith.extf %116 : f16 to f32
// OUT:     %120 = arith.mulf %118, %119 : f32
// OUT:     %121 = arith.addf %117, %120 : f32
// OUT:     linalg.yield %121 : f32
// OUT:   } -> tensor<16x256x56x56xf32>
// OUT:   return %114 : tensor<16x256x56x56xf32>
// OUT: }
// OUT: region @dispatch_0_elementwise root linalg.generic -> %28
// OUT:   inputs (%0) outputs (%28)
// OUT:   %28 = linalg.generic(%0, %27)
// OUT: region @dispatch_1_elementwise root linalg.generic -> %31
// OUT:   inputs (%1) outputs (%31)
// OUT:   %31 = linalg.generic(%1, %30)
// OUT: region @dispatch_2_contraction root linalg.generic -> %10
// OUT:   inputs (%28, %31) outputs (%10)
// OUT:   %7 = tensor.pad(%28, %29)
// OUT:   %9 = linalg.generic(%6, %8)
// OUT:   %10 = linalg.generic(%7, %31, %9)
// OUT: region @dispatch_3_elementwise root linalg.generic -> %33
// OUT:   inputs (%10) outputs (%33)
// OUT:   %11 = tensor.pad(%10, %6)
// OUT:   %33 = linalg.generic(%11, %32)
// OUT: region @dispatch_4_elementwise root linalg.generic -> %35
// OUT:   inputs (%2) outputs (%35)
// OUT:   %35 = linalg.generic(%2, %34)
// OUT: region @dispatch_5_contraction root linalg.generic -> %14
// OUT:   inputs (%33, %35) outputs (%14)
// OUT:   %13 = linalg.generic(%6, %12)
// OUT:   %14 = linalg.generic(%33, %35, %13)
// OUT: region @dispatch_6_elementwise root linalg.generic -> %37
// OUT:   inputs (%14) outputs (%37)
// OUT:   %15 = tensor.pad(%14, %6)
// OUT:   %37 = linalg.generic(%15, %36)
// OUT: region @dispatch_7_elementwise root linalg.generic -> %39
// OUT:   inputs (%3) outputs (%39)
// OUT:   %39 = linalg.generic(%3, %38)
// OUT: region @dispatch_8_contraction root linalg.generic -> %18
// OUT:   inputs (%37, %39) outputs (%18)
// OUT:   %17 = linalg.generic(%6, %16)
// OUT:   %18 = linalg.generic(%37, %39, %17)
// OUT: region @dispatch_9_elementwise root linalg.generic -> %41
// OUT:   inputs (%18) outputs (%41)
// OUT:   %19 = tensor.pad(%18, %6)
// OUT:   %41 = linalg.generic(%19, %40)
// OUT: region @dispatch_10_elementwise root linalg.generic -> %43
// OUT:   inputs (%4) outputs (%43)
// OUT:   %43 = linalg.generic(%4, %42)
// OUT: region @dispatch_11_contraction root linalg.generic -> %22
// OUT:   inputs (%41, %43) outputs (%22)
// OUT:   %21 = linalg.generic(%6, %20)
// OUT:   %22 = linalg.generic(%41, %43, %21)
// OUT: region @dispatch_12_elementwise root linalg.generic -> %45
// OUT:   inputs (%22) outputs (%45)
// OUT:   %23 = tensor.pad(%22, %6)
// OUT:   %45 = linalg.generic(%23, %44)
// OUT: region @dispatch_13_elementwise root linalg.generic -> %47
// OUT:   inputs (%5) outputs (%47)
// OUT:   %47 = linalg.generic(%5, %46)
// OUT: region @dispatch_14_contraction root linalg.generic -> %26
// OUT:   inputs (%45, %47) outputs (%26)
// OUT:   %25 = linalg.generic(%6, %24)
// OUT:   %26 = linalg.generic(%45, %47, %25)
// OUT: edge @dispatch_12_elementwise -> @dispatch_14_contraction (%45)
// OUT: edge @dispatch_13_elementwise -> @dispatch_14_contraction (%47)
// OUT: edge @dispatch_11_contraction -> @dispatch_12_elementwise (%22)
// OUT: edge @dispatch_9_elementwise -> @dispatch_11_contraction (%41)
// OUT: edge @dispatch_10_elementwise -> @dispatch_11_contraction (%43)
// OUT: edge @dispatch_8_contraction -> @dispatch_9_elementwise (%18)
// OUT: edge @dispatch_6_elementwise -> @dispatch_8_contraction (%37)
// OUT: edge @dispatch_7_elementwise -> @dispatch_8_contraction (%39)
// OUT: edge @dispatch_5_contraction -> @dispatch_6_elementwise (%14)
// OUT: edge @dispatch_3_elementwise -> @dispatch_5_contraction (%33)
// OUT: edge @dispatch_4_elementwise -> @dispatch_5_contraction (%35)
// OUT: edge @dispatch_2_contraction -> @dispatch_3_elementwise (%10)
// OUT: edge @dispatch_0_elementwise -> @dispatch_2_contraction (%28)
// OUT: edge @dispatch_1_elementwise -> @dispatch_2_contraction (%31)
// OUT: plan @dispatch_0_elementwise elementwise
// OUT: plan @dispatch_1_elementwise elementwise
// OUT: plan @dispatch_2_contraction simt tiles=128x64x8 thread=8x8 pad=4 stages=2
// OUT: plan @dispatch_3_elementwise elementwise
// OUT: plan @dispatch_4_elementwise elementwise
// OUT: plan @dispatch_5_contraction cooperative-matrix tiles=128x32x32 matrix=16x16x16 subgroups=8x1x32 pad=8/4 stages=2
// OUT: plan @dispatch_6_elementwise elementwise
// OUT: plan @dispatch_7_elementwise elementwise
// OUT: plan @dispatch_8_contraction cooperative-matrix tiles=128x64x32 matrix=16x16x16 subgroups=4x1x32 pad=8/4 stages=2
// OUT: plan @dispatch_9_elementwise elementwise
// OUT: plan @dispatch_10_elementwise elementwise
// OUT: plan @dispatch_11_contraction cooperative-matrix tiles=64x64x32 matrix=16x16x16 subgroups=2x2x32 pad=8/4 stages=2
// OUT: plan @dispatch_12_elementwise elementwise
// OUT: plan @dispatch_13_elementwise elementwise
// OUT: plan @dispatch_14_contraction cooperative-matrix tiles=128x256x32 matrix=16x16x16 subgroups=2x4x32 pad=8/4 stages=1

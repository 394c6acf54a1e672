// RUN: bufferize target=llvmpipe
// Three reductions in a chain: the intermediates' lifetimes do not overlap, so they share slots.
func.func @main(%x: tensor<4x8x16xf32>) -> tensor<f32> {
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<4x8xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<4x8xf32>) -> tensor<4x8xf32>
  %r1 = linalg.reduce ins(%x : tensor<4x8x16xf32>) outs(%f1 : tensor<4x8xf32>) dimensions = [2]
    (%in: f32, %init: f32) {
      %0 = arith.addf %in, %init : f32
      linalg.yield %0 : f32
    }
  %e2 = tensor.empty() : tensor<4xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<4xf32>) -> tensor<4xf32>
  %r2 = linalg.reduce ins(%r1 : tensor<4x8xf32>) outs(%f2 : tensor<4xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %0 = arith.maximumf %in, %init : f32
      linalg.yield %0 : f32
    }
  %e3 = tensor.empty() : tensor<f32>
  %f3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<f32>) -> tensor<f32>
  %r3 = linalg.reduce ins(%r2 : tensor<4xf32>) outs(%f3 : tensor<f32>) dimensions = [0]
    (%in: f32, %init: f32) {
      %0 = arith.addf %in, %init : f32
      linalg.yield %0 : f32
    }
  %e4 = tensor.empty() : tensor<f32>
  %f4 = linalg.fill ins(%zero : f32) outs(%e4 : tensor<f32>) -> tensor<f32>
  %r4 = linalg.reduce ins(%r1 : tensor<4x8xf32>) outs(%f4 : tensor<f32>) dimensions = [0, 1]
    (%in: f32, %init: f32) {
      %0 = arith.addf %in, %init : f32
      linalg.yield %0 : f32
    }
  %e5 = tensor.empty() : tensor<f32>
  %sum = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []} ins(%r3, %r4 : tensor<f32>, tensor<f32>) outs(%e5 : tensor<f32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  return %sum : tensor<f32>
}
// OUT: #map = affine_map<(d0, d1) -> ()>
// OUT: #map1 = affine_map<(d0, d1) -> (d0, d1)>
// OUT: #map2 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// OUT: #map3 = affine_map<(d0, d1, d2) -> (d0, d1)>
// OUT: #map4 = affine_map<(d0) -> ()>
// OUT: #map5 = affine_map<(d0) -> (d0)>
// OUT: #map6 = affine_map<(d0, d1) -> (d0)>
// OUT: #map7 = affine_map<() -> ()>
// OUT:
// OUT: func.func @main(%arg0: tensor<4x8x16xf32>) -> tensor<f32> {
// OUT:   %0 = arith.constant 0.0 : f32
// OUT:   %1 = tensor.empty() : tensor<4x8xf32>
// OUT:   %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%0 : f32) outs(%1 : tensor<4x8xf32>) {
// OUT:   ^bb0(%3: f32, %4: f32):
// OUT:     linalg.yield %3 : f32
// OUT:   } -> tensor<4x8xf32>
// OUT:   %5 = linalg.generic {indexing_maps = [#map2, #map3], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0 : tensor<4x8x16xf32>) outs(%2 : tensor<4x8xf32>) {
// OUT:   ^bb0(%6: f32, %7: f32):
// OUT:     %8 = arith.addf %6, %7 : f32
// OUT:     linalg.yield %8 : f32
// OUT:   } -> tensor<4x8xf32>
// OUT:   %9 = tensor.empty() : tensor<4xf32>
// OUT:   %10 = linalg.generic {indexing_maps = [#map4, #map5], iterator_types = ["parallel"]} ins(%0 : f32) outs(%9 : tensor<4xf32>) {
// OUT:   ^bb0(%11: f32, %12: f32):
// OUT:     linalg.yield %11 : f32
// OUT:   } -> tensor<4xf32>
// OUT:   %13 = linalg.generic {indexing_maps = [#map1, #map6], iterator_types = ["parallel", "reduction"]} ins(%5 : tensor<4x8xf32>) outs(%10 : tensor<4xf32>) {
// OUT:   ^bb0(%14: f32, %15: f32):
// OUT:     %16 = arith.maximumf %14, %15 : f32
// OUT:     linalg.yield %16 : f32
// OUT:   } -> tensor<4xf32>
// OUT:   %17 = tensor.empty() : tensor<f32>
// OUT:   %18 = linalg.generic {indexing_maps = [#map7, #map7], iterator_types = []} ins(%0 : f32) outs(%17 : tensor<f32>) {
// OUT:   ^bb0(%19: f32, %20: f32):
// OUT:     linalg.yield %19 : f32
// OUT:   } -> tensor<f32>
// OUT:   %21 = linalg.generic {indexing_maps = [#map5, #map4], iterator_types = ["reduction"]} ins(%13 : tensor<4xf32>) outs(%18 : tensor<f32>) {
// OUT:   ^bb0(%22: f32, %23: f32):
// OUT:     %24 = arith.addf %22, %23 : f32
// OUT:     linalg.yield %24 : f32
// OUT:   } -> tensor<f32>
// OUT:   %25 = tensor.empty() : tensor<f32>
// OUT:   %26 = linalg.generic {indexing_maps = [#map7, #map7], iterator_types = []} ins(%0 : f32) outs(%25 : tensor<f32>) {
// OUT:   ^bb0(%27: f32, %28: f32):
// OUT:     linalg.yield %27 : f32
// OUT:   } -> tensor<f32>
// OUT:   %29 = linalg.generic {indexing_maps = [#map1, #map], iterator_types = ["reduction", "reduction"]} ins(%5 : tensor<4x8xf32>) outs(%26 : tensor<f32>) {
// OUT:   ^bb0(%30: f32, %31: f32):
// OUT:     %32 = arith.addf %30, %31 : f32
// OUT:     linalg.yield %32 : f32
// OUT:   } -> tensor<f32>
// OUT:   %33 = tensor.empty() : tensor<f32>
// OUT:   %34 = linalg.generic {indexing_maps = [#map7, #map7, #map7], iterator_types = []} ins(%21, %29 : tensor<f32>, tensor<f32>) outs(%33 : tensor<f32>) {
// OUT:   ^bb0(%35: f32, %36: f32, %37: f32):
// OUT:     %38 = arith.addf %35, %36 : f32
// OUT:     linalg.yield %38 : f32
// OUT:   } -> tensor<f32>
// OUT:   return %34 : tensor<f32>
// OUT: }
// OUT: region @dispatch_0_reduction root linalg.generic -> %4
// OUT:   inputs (%0) outputs (%4)
// OUT:   %3 = linalg.generic(%1, %2)
// OUT:   %4 = linalg.generic(%0, %3)
// OUT: region @dispatch_1_reduction root linalg.generic -> %7
// OUT:   inputs (%4) outputs (%7)
// OUT:   %6 = linalg.generic(%1, %5)
// OUT:   %7 = linalg.generic(%4, %6)
// OUT: region @dispatch_2_reduction root linalg.generic -> %10
// OUT:   inputs (%7) outputs (%10)
// OUT:   %9 = linalg.generic(%1, %8)
// OUT:   %10 = linalg.generic(%7, %9)
// OUT: region @dispatch_3_reduction root linalg.generic -> %13 epilogue -> %15
// OUT:   inputs (%4, %10) outputs (%15)
// OUT:   %12 = linalg.generic(%1, %11)
// OUT:   %13 = linalg.generic(%4, %12)
// OUT:   %15 = linalg.generic(%10, %13, %14)
// OUT: edge @dispatch_0_reduction -> @dispatch_3_reduction (%4)
// OUT: edge @dispatch_2_reduction -> @dispatch_3_reduction (%10)
// OUT: edge @dispatch_1_reduction -> @dispatch_2_reduction (%7)
// OUT: edge @dispatch_0_reduction -> @dispatch_1_reduction (%4)
// OUT: plan @dispatch_0_reduction row-reduction subgroup=8x16; vec4 subgroup=8x16
// OUT: plan @dispatch_1_reduction row-reduction subgroup=8x4; vec4 subgroup=8x4
// OUT: plan @dispatch_2_reduction row-reduction subgroup=8x1; vec4 subgroup=8x1
// OUT: plan @dispatch_3_reduction row-reduction subgroup=8x1; vec4 subgroup=8x1
// OUT: buffer #0 "input0" Input F32 [4, 8, 16] 2048 bytes
// OUT: buffer #1 "output0" Output F32 [] 4 bytes
// OUT: buffer #2 "dispatch_0_reduction_out%4" Intermediate F32 [4, 8] 128 bytes slot 0
// OUT: buffer #3 "dispatch_1_reduction_out%7" Intermediate F32 [4] 16 bytes slot 1
// OUT: buffer #4 "dispatch_2_reduction_out%10" Intermediate F32 [] 4 bytes slot 2
// OUT: region 0 bindings: (set 0, binding 0) %0 -> #0 ReadOnly; (set 0, binding 1) %4 -> #2 WriteOnly
// OUT: region 1 bindings: (set 0, binding 0) %4 -> #2 ReadOnly; (set 0, binding 1) %7 -> #3 WriteOnly
// OUT: region 2 bindings: (set 0, binding 0) %7 -> #3 ReadOnly; (set 0, binding 1) %10 -> #4 WriteOnly
// OUT: region 3 bindings: (set 0, binding 0) %4 -> #2 ReadOnly; (set 0, binding 1) %10 -> #4 ReadOnly; (set 0, binding 2) %15 -> #1 WriteOnly

// RUN: fusion target=llvmpipe
// An RMSNorm (x * rsqrt(mean(x^2) + eps) * w): the reduction with its per-row epilogue and the
// normalize region merge into one row chain.
#row = affine_map<(d0, d1) -> (d0, d1)>
#sum = affine_map<(d0, d1) -> (d0)>
#rowvec = affine_map<(d0) -> (d0)>
#perrow = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>
func.func @main(%x: tensor<8x64xf32>, %w: tensor<64xf32>) -> tensor<8x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<8x64xf32>
  %sq = linalg.generic {indexing_maps = [#row, #row], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<8x64xf32>) outs(%e0 : tensor<8x64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %d = arith.mulf %a, %a : f32
    linalg.yield %d : f32
  } -> tensor<8x64xf32>
  %e1 = tensor.empty() : tensor<8xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<8xf32>) -> tensor<8xf32>
  %s = linalg.reduce ins(%sq : tensor<8x64xf32>) outs(%f1 : tensor<8xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %0 = arith.addf %in, %init : f32
      linalg.yield %0 : f32
    }
  %e2 = tensor.empty() : tensor<8xf32>
  %inv = linalg.generic {indexing_maps = [#rowvec, #rowvec], iterator_types = ["parallel"]} ins(%s : tensor<8xf32>) outs(%e2 : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %n = arith.constant 64.0 : f32
    %eps = arith.constant 1.0e-6 : f32
    %m = arith.divf %a, %n : f32
    %me = arith.addf %m, %eps : f32
    %r = math.rsqrt %me : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %e3 = tensor.empty() : tensor<8x64xf32>
  %y = linalg.generic {indexing_maps = [#row, #perrow, #col, #row], iterator_types = ["parallel", "parallel"]} ins(%x, %inv, %w : tensor<8x64xf32>, tensor<8xf32>, tensor<64xf32>) outs(%e3 : tensor<8x64xf32>) {
  ^bb0(%a: f32, %i: f32, %ww: f32, %o: f32):
    %n = arith.mulf %a, %i : f32
    %r = arith.mulf %n, %ww : f32
    linalg.yield %r : f32
  } -> tensor<8x64xf32>
  return %y : tensor<8x64xf32>
}
// OUT: #map = affine_map<(d0, d1) -> (d0, d1)>
// OUT: #map1 = affine_map<(d0) -> ()>
// OUT: #map2 = affine_map<(d0) -> (d0)>
// OUT: #map3 = affine_map<(d0, d1) -> (d0)>
// OUT: #map4 = affine_map<(d0, d1) -> (d1)>
// OUT:
// OUT: func.func @main(%arg0: tensor<8x64xf32>, %arg1: tensor<64xf32>) -> tensor<8x64xf32> {
// OUT:   %0 = arith.constant 0.0 : f32
// OUT:   %1 = tensor.empty() : tensor<8x64xf32>
// OUT:   %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<8x64xf32>) outs(%1 : tensor<8x64xf32>) {
// OUT:   ^bb0(%3: f32, %4: f32):
// OUT:     %5 = arith.mulf %3, %3 : f32
// OUT:     linalg.yield %5 : f32
// OUT:   } -> tensor<8x64xf32>
// OUT:   %6 = tensor.empty() : tensor<8xf32>
// OUT:   %7 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel"]} ins(%0 : f32) outs(%6 : tensor<8xf32>) {
// OUT:   ^bb0(%8: f32, %9: f32):
// OUT:     linalg.yield %8 : f32
// OUT:   } -> tensor<8xf32>
// OUT:   %10 = linalg.generic {indexing_maps = [#map, #map3], iterator_types = ["parallel", "reduction"]} ins(%2 : tensor<8x64xf32>) outs(%7 : tensor<8xf32>) {
// OUT:   ^bb0(%11: f32, %12: f32):
// OUT:     %13 = arith.addf %11, %12 : f32
// OUT:     linalg.yield %13 : f32
// OUT:   } -> tensor<8xf32>
// OUT:   %14 = tensor.empty() : tensor<8xf32>
// OUT:   %15 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel"]} ins(%10 : tensor<8xf32>) outs(%14 : tensor<8xf32>) {
// OUT:   ^bb0(%16: f32, %17: f32):
// OUT:     %18 = arith.constant 6.4e1 : f32
// OUT:     %19 = arith.constant 1.0e-6 : f32
// OUT:     %20 = arith.divf %16, %18 : f32
// OUT:     %21 = arith.addf %20, %19 : f32
// OUT:     %22 = math.rsqrt %21 : f32
// OUT:     linalg.yield %22 : f32
// OUT:   } -> tensor<8xf32>
// OUT:   %23 = tensor.empty() : tensor<8x64xf32>
// OUT:   %24 = linalg.generic {indexing_maps = [#map, #map3, #map4, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %15, %arg1 : tensor<8x64xf32>, tensor<8xf32>, tensor<64xf32>) outs(%23 : tensor<8x64xf32>) {
// OUT:   ^bb0(%25: f32, %26: f32, %27: f32, %28: f32):
// OUT:     %29 = arith.mulf %25, %26 : f32
// OUT:     %30 = arith.mulf %29, %27 : f32
// OUT:     linalg.yield %30 : f32
// OUT:   } -> tensor<8x64xf32>
// OUT:   return %24 : tensor<8x64xf32>
// OUT: }
// OUT: region @dispatch_0_rowchain root linalg.generic -> %7 epilogue -> %11
// OUT:   inputs (%0, %1) outputs (%11)
// OUT:   %4 = linalg.generic(%0, %3)
// OUT:   %6 = linalg.generic(%2, %5)
// OUT:   %7 = linalg.generic(%4, %6)
// OUT:   %9 = linalg.generic(%7, %8)
// OUT:   %11 = linalg.generic(%0, %9, %1, %10)

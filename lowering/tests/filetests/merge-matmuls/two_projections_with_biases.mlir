// RUN: merge-matmuls target=nvidia-h200
// Two projections of one input with constant weights, each followed by the same bias add:
// one matmul against the weights concatenated along N ([2, 3 + 2]), one bias add against the
// biases concatenated, and each old result a slice of its columns (decomposed to a copy
// generic with the column offset in its map). The matmul of another lhs stays.
func.func @main(%x: tensor<1x4x2xf32>, %y: tensor<1x4x2xf32>) -> (tensor<1x4x3xf32>, tensor<1x4x2xf32>, tensor<1x4x2xf32>) {
  %zero = arith.constant 0.0 : f32
  %w1 = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %b1 = arith.constant dense<[0.5, 0.25, 0.125]> : tensor<3xf32>
  %w2 = arith.constant dense<[[7.0, 8.0], [9.0, 10.0]]> : tensor<2x2xf32>
  %b2 = arith.constant dense<[-1.0, -2.0]> : tensor<2xf32>
  %e1 = tensor.empty() : tensor<1x4x3xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<1x4x3xf32>) -> tensor<1x4x3xf32>
  %m1 = linalg.generic {indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%x, %w1 : tensor<1x4x2xf32>, tensor<2x3xf32>) outs(%f1 : tensor<1x4x3xf32>) {
  ^bb0(%a: f32, %c: f32, %acc: f32):
    %p = arith.mulf %a, %c : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<1x4x3xf32>
  %y1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%m1, %b1 : tensor<1x4x3xf32>, tensor<3xf32>) outs(%e1 : tensor<1x4x3xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %t = arith.addf %a, %c : f32
    linalg.yield %t : f32
  } -> tensor<1x4x3xf32>
  %e2 = tensor.empty() : tensor<1x4x2xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<1x4x2xf32>) -> tensor<1x4x2xf32>
  %m2 = linalg.generic {indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%x, %w2 : tensor<1x4x2xf32>, tensor<2x2xf32>) outs(%f2 : tensor<1x4x2xf32>) {
  ^bb0(%a: f32, %c: f32, %acc: f32):
    %p = arith.mulf %a, %c : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<1x4x2xf32>
  %y2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%m2, %b2 : tensor<1x4x2xf32>, tensor<2xf32>) outs(%e2 : tensor<1x4x2xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %t = arith.addf %a, %c : f32
    linalg.yield %t : f32
  } -> tensor<1x4x2xf32>
  %r1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%y1 : tensor<1x4x3xf32>) outs(%e1 : tensor<1x4x3xf32>) {
  ^bb0(%a: f32, %o: f32):
    %t = arith.maximumf %a, %zero : f32
    linalg.yield %t : f32
  } -> tensor<1x4x3xf32>
  %r2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%y2 : tensor<1x4x2xf32>) outs(%e2 : tensor<1x4x2xf32>) {
  ^bb0(%a: f32, %o: f32):
    %t = arith.maximumf %a, %zero : f32
    linalg.yield %t : f32
  } -> tensor<1x4x2xf32>
  %f3 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<1x4x2xf32>) -> tensor<1x4x2xf32>
  %m3 = linalg.generic {indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%y, %w2 : tensor<1x4x2xf32>, tensor<2x2xf32>) outs(%f3 : tensor<1x4x2xf32>) {
  ^bb0(%a: f32, %c: f32, %acc: f32):
    %p = arith.mulf %a, %c : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<1x4x2xf32>
  return %r1, %r2, %m3 : tensor<1x4x3xf32>, tensor<1x4x2xf32>, tensor<1x4x2xf32>
}
// OUT: #map = affine_map<(d0, d1, d2) -> ()>
// OUT: #map1 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// OUT: #map2 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
// OUT: #map3 = affine_map<(d0, d1, d2, d3) -> (d3, d2)>
// OUT: #map4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// OUT: #map5 = affine_map<(d0, d1, d2) -> (d2)>
// OUT: #map6 = affine_map<(d0, d1, d2) -> (d0, d1, d2 + 0)>
// OUT: #map7 = affine_map<(d0, d1, d2) -> (d0, d1, d2 + 3)>
// OUT:
// OUT: func.func @main(%arg0: tensor<1x4x2xf32>, %arg1: tensor<1x4x2xf32>) -> (tensor<1x4x3xf32>, tensor<1x4x2xf32>, tensor<1x4x2xf32>) {
// OUT:   %0 = arith.constant 0.0 : f32
// OUT:   %1 = arith.constant dense<[[7.0, 8.0], [9.0, 1.0e1]]> : tensor<2x2xf32>
// OUT:   %2 = tensor.empty() : tensor<1x4x3xf32>
// OUT:   %3 = arith.constant dense<[[1.0, 2.0, 3.0, 7.0, 8.0], [4.0, 5.0, 6.0, 9.0, 1.0e1]]> : tensor<2x5xf32>
// OUT:   %4 = tensor.empty() : tensor<1x4x5xf32>
// OUT:   %5 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%4 : tensor<1x4x5xf32>) {
// OUT:   ^bb0(%6: f32, %7: f32):
// OUT:     linalg.yield %6 : f32
// OUT:   } -> tensor<1x4x5xf32>
// OUT:   %8 = linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%arg0, %3 : tensor<1x4x2xf32>, tensor<2x5xf32>) outs(%5 : tensor<1x4x5xf32>) {
// OUT:   ^bb0(%9: f32, %10: f32, %11: f32):
// OUT:     %12 = arith.mulf %9, %10 : f32
// OUT:     %13 = arith.addf %11, %12 : f32
// OUT:     linalg.yield %13 : f32
// OUT:   } -> tensor<1x4x5xf32>
// OUT:   %14 = arith.constant dense<[5.0e-1, 2.5e-1, 1.25e-1, -1.0, -2.0]> : tensor<5xf32>
// OUT:   %15 = tensor.empty() : tensor<1x4x5xf32>
// OUT:   %16 = linalg.generic {indexing_maps = [#map1, #map5, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%8, %14 : tensor<1x4x5xf32>, tensor<5xf32>) outs(%15 : tensor<1x4x5xf32>) {
// OUT:   ^bb0(%17: f32, %18: f32, %19: f32):
// OUT:     %20 = arith.addf %17, %18 : f32
// OUT:     linalg.yield %20 : f32
// OUT:   } -> tensor<1x4x5xf32>
// OUT:   %21 = tensor.empty() : tensor<1x4x3xf32>
// OUT:   %22 = linalg.generic {indexing_maps = [#map6, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%16 : tensor<1x4x5xf32>) outs(%21 : tensor<1x4x3xf32>) {
// OUT:   ^bb0(%23: f32, %24: f32):
// OUT:     linalg.yield %23 : f32
// OUT:   } -> tensor<1x4x3xf32>
// OUT:   %25 = tensor.empty() : tensor<1x4x2xf32>
// OUT:   %26 = linalg.generic {indexing_maps = [#map7, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%16 : tensor<1x4x5xf32>) outs(%25 : tensor<1x4x2xf32>) {
// OUT:   ^bb0(%27: f32, %28: f32):
// OUT:     linalg.yield %27 : f32
// OUT:   } -> tensor<1x4x2xf32>
// OUT:   %29 = tensor.empty() : tensor<1x4x2xf32>
// OUT:   %30 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%22 : tensor<1x4x3xf32>) outs(%2 : tensor<1x4x3xf32>) {
// OUT:   ^bb0(%31: f32, %32: f32):
// OUT:     %33 = arith.maximumf %31, %0 : f32
// OUT:     linalg.yield %33 : f32
// OUT:   } -> tensor<1x4x3xf32>
// OUT:   %34 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%26 : tensor<1x4x2xf32>) outs(%29 : tensor<1x4x2xf32>) {
// OUT:   ^bb0(%35: f32, %36: f32):
// OUT:     %37 = arith.maximumf %35, %0 : f32
// OUT:     linalg.yield %37 : f32
// OUT:   } -> tensor<1x4x2xf32>
// OUT:   %38 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%0 : f32) outs(%29 : tensor<1x4x2xf32>) {
// OUT:   ^bb0(%39: f32, %40: f32):
// OUT:     linalg.yield %39 : f32
// OUT:   } -> tensor<1x4x2xf32>
// OUT:   %41 = linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%arg1, %1 : tensor<1x4x2xf32>, tensor<2x2xf32>) outs(%38 : tensor<1x4x2xf32>) {
// OUT:   ^bb0(%42: f32, %43: f32, %44: f32):
// OUT:     %45 = arith.mulf %42, %43 : f32
// OUT:     %46 = arith.addf %44, %45 : f32
// OUT:     linalg.yield %46 : f32
// OUT:   } -> tensor<1x4x2xf32>
// OUT:   return %30, %34, %41 : tensor<1x4x3xf32>, tensor<1x4x2xf32>, tensor<1x4x2xf32>
// OUT: }

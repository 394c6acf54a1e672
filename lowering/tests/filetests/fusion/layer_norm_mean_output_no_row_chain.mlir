// RUN: fusion target=llvmpipe
// A LayerNorm whose mean is a result too (LayerNormalization's optional Mean output): a row chain
// stores one whole-row value only, so the mean's region stays and stores it; x - mean, the
// variance and the normalization (reading the stored mean) are one row chain.
#row = affine_map<(d0, d1) -> (d0, d1)>
#sum = affine_map<(d0, d1) -> (d0)>
#rowvec = affine_map<(d0) -> (d0)>
#bcast = affine_map<(d0, d1) -> (d0, 0)>
#col = affine_map<(d0, d1) -> (d1)>
func.func @main(%x: tensor<8x64xf32>, %scale: tensor<64xf32>, %bias: tensor<64xf32>) -> (tensor<8x64xf32>, tensor<8xf32>) {
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<8xf32>
  %f0 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<8xf32>) -> tensor<8xf32>
  %s0 = linalg.reduce ins(%x : tensor<8x64xf32>) outs(%f0 : tensor<8xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %0 = arith.addf %in, %init : f32
      linalg.yield %0 : f32
    }
  %e1 = tensor.empty() : tensor<8xf32>
  %mean = linalg.generic {indexing_maps = [#rowvec, #rowvec], iterator_types = ["parallel"]} ins(%s0 : tensor<8xf32>) outs(%e1 : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %n = arith.constant 64.0 : f32
    %d = arith.divf %a, %n : f32
    linalg.yield %d : f32
  } -> tensor<8xf32>
  %mean2 = tensor.expand_shape %mean [[0, 1]] output_shape [8, 1] : tensor<8xf32> into tensor<8x1xf32>
  %e2 = tensor.empty() : tensor<8x64xf32>
  %c = linalg.generic {indexing_maps = [#row, #bcast, #row], iterator_types = ["parallel", "parallel"]} ins(%x, %mean2 : tensor<8x64xf32>, tensor<8x1xf32>) outs(%e2 : tensor<8x64xf32>) {
  ^bb0(%a: f32, %m: f32, %o: f32):
    %d = arith.subf %a, %m : f32
    linalg.yield %d : f32
  } -> tensor<8x64xf32>
  %e3 = tensor.empty() : tensor<8x64xf32>
  %sq = linalg.generic {indexing_maps = [#row, #row], iterator_types = ["parallel", "parallel"]} ins(%c : tensor<8x64xf32>) outs(%e3 : tensor<8x64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %d = arith.mulf %a, %a : f32
    linalg.yield %d : f32
  } -> tensor<8x64xf32>
  %e4 = tensor.empty() : tensor<8xf32>
  %f4 = linalg.fill ins(%zero : f32) outs(%e4 : tensor<8xf32>) -> tensor<8xf32>
  %s1 = linalg.reduce ins(%sq : tensor<8x64xf32>) outs(%f4 : tensor<8xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %0 = arith.addf %in, %init : f32
      linalg.yield %0 : f32
    }
  %e5 = tensor.empty() : tensor<8xf32>
  %var = linalg.generic {indexing_maps = [#rowvec, #rowvec], iterator_types = ["parallel"]} ins(%s1 : tensor<8xf32>) outs(%e5 : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %n = arith.constant 64.0 : f32
    %d = arith.divf %a, %n : f32
    linalg.yield %d : f32
  } -> tensor<8xf32>
  %var2 = tensor.expand_shape %var [[0, 1]] output_shape [8, 1] : tensor<8xf32> into tensor<8x1xf32>
  %e6 = tensor.empty() : tensor<8x64xf32>
  %y = linalg.generic {indexing_maps = [#row, #bcast, #col, #col, #row], iterator_types = ["parallel", "parallel"]} ins(%c, %var2, %scale, %bias : tensor<8x64xf32>, tensor<8x1xf32>, tensor<64xf32>, tensor<64xf32>) outs(%e6 : tensor<8x64xf32>) {
  ^bb0(%a: f32, %v: f32, %s: f32, %b: f32, %o: f32):
    %eps = arith.constant 1.0e-5 : f32
    %ve = arith.addf %v, %eps : f32
    %sd = math.sqrt %ve : f32
    %n = arith.divf %a, %sd : f32
    %m = arith.mulf %n, %s : f32
    %r = arith.addf %m, %b : f32
    linalg.yield %r : f32
  } -> tensor<8x64xf32>
  return %y, %mean : tensor<8x64xf32>, tensor<8xf32>
}
// OUT: #map = affine_map<(d0) -> ()>
// OUT: #map1 = affine_map<(d0) -> (d0)>
// OUT: #map2 = affine_map<(d0, d1) -> (d0, d1)>
// OUT: #map3 = affine_map<(d0, d1) -> (d0)>
// OUT: #map4 = affine_map<(d0, d1) -> (d0, 0)>
// OUT: #map5 = affine_map<(d0, d1) -> (d1)>
// OUT:
// OUT: func.func @main(%arg0: tensor<8x64xf32>, %arg1: tensor<64xf32>, %arg2: tensor<64xf32>) -> (tensor<8x64xf32>, tensor<8xf32>) {
// OUT:   %0 = arith.constant 0.0 : f32
// OUT:   %1 = tensor.empty() : tensor<8xf32>
// OUT:   %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel"]} ins(%0 : f32) outs(%1 : tensor<8xf32>) {
// OUT:   ^bb0(%3: f32, %4: f32):
// OUT:     linalg.yield %3 : f32
// OUT:   } -> tensor<8xf32>
// OUT:   %5 = linalg.generic {indexing_maps = [#map2, #map3], iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<8x64xf32>) outs(%2 : tensor<8xf32>) {
// OUT:   ^bb0(%6: f32, %7: f32):
// OUT:     %8 = arith.addf %6, %7 : f32
// OUT:     linalg.yield %8 : f32
// OUT:   } -> tensor<8xf32>
// OUT:   %9 = tensor.empty() : tensor<8xf32>
// OUT:   %10 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%5 : tensor<8xf32>) outs(%9 : tensor<8xf32>) {
// OUT:   ^bb0(%11: f32, %12: f32):
// OUT:     %13 = arith.constant 6.4e1 : f32
// OUT:     %14 = arith.divf %11, %13 : f32
// OUT:     linalg.yield %14 : f32
// OUT:   } -> tensor<8xf32>
// OUT:   %15 = tensor.expand_shape %10 [[0, 1]] output_shape [8, 1] : tensor<8xf32> into tensor<8x1xf32>
// OUT:   %16 = tensor.empty() : tensor<8x64xf32>
// OUT:   %17 = linalg.generic {indexing_maps = [#map2, #map4, #map2], iterator_types = ["parallel", "parallel"]} ins(%arg0, %15 : tensor<8x64xf32>, tensor<8x1xf32>) outs(%16 : tensor<8x64xf32>) {
// OUT:   ^bb0(%18: f32, %19: f32, %20: f32):
// OUT:     %21 = arith.subf %18, %19 : f32
// OUT:     linalg.yield %21 : f32
// OUT:   } -> tensor<8x64xf32>
// OUT:   %22 = tensor.empty() : tensor<8x64xf32>
// OUT:   %23 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel"]} ins(%17 : tensor<8x64xf32>) outs(%22 : tensor<8x64xf32>) {
// OUT:   ^bb0(%24: f32, %25: f32):
// OUT:     %26 = arith.mulf %24, %24 : f32
// OUT:     linalg.yield %26 : f32
// OUT:   } -> tensor<8x64xf32>
// OUT:   %27 = tensor.empty() : tensor<8xf32>
// OUT:   %28 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel"]} ins(%0 : f32) outs(%27 : tensor<8xf32>) {
// OUT:   ^bb0(%29: f32, %30: f32):
// OUT:     linalg.yield %29 : f32
// OUT:   } -> tensor<8xf32>
// OUT:   %31 = linalg.generic {indexing_maps = [#map2, #map3], iterator_types = ["parallel", "reduction"]} ins(%23 : tensor<8x64xf32>) outs(%28 : tensor<8xf32>) {
// OUT:   ^bb0(%32: f32, %33: f32):
// OUT:     %34 = arith.addf %32, %33 : f32
// OUT:     linalg.yield %34 : f32
// OUT:   } -> tensor<8xf32>
// OUT:   %35 = tensor.empty() : tensor<8xf32>
// OUT:   %36 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%31 : tensor<8xf32>) outs(%35 : tensor<8xf32>) {
// OUT:   ^bb0(%37: f32, %38: f32):
// OUT:     %39 = arith.constant 6.4e1 : f32
// OUT:     %40 = arith.divf %37, %39 : f32
// OUT:     linalg.yield %40 : f32
// OUT:   } -> tensor<8xf32>
// OUT:   %41 = tensor.expand_shape %36 [[0, 1]] output_shape [8, 1] : tensor<8xf32> into tensor<8x1xf32>
// OUT:   %42 = tensor.empty() : tensor<8x64xf32>
// OUT:   %43 = linalg.generic {indexing_maps = [#map2, #map4, #map5, #map5, #map2], iterator_types = ["parallel", "parallel"]} ins(%17, %41, %arg1, %arg2 : tensor<8x64xf32>, tensor<8x1xf32>, tensor<64xf32>, tensor<64xf32>) outs(%42 : tensor<8x64xf32>) {
// OUT:   ^bb0(%44: f32, %45: f32, %46: f32, %47: f32, %48: f32):
// OUT:     %49 = arith.constant 1.0e-5 : f32
// OUT:     %50 = arith.addf %45, %49 : f32
// OUT:     %51 = math.sqrt %50 : f32
// OUT:     %52 = arith.divf %44, %51 : f32
// OUT:     %53 = arith.mulf %52, %46 : f32
// OUT:     %54 = arith.addf %53, %47 : f32
// OUT:     linalg.yield %54 : f32
// OUT:   } -> tensor<8x64xf32>
// OUT:   return %43, %10 : tensor<8x64xf32>, tensor<8xf32>
// OUT: }
// OUT: region @dispatch_0_reduction root linalg.generic -> %6 epilogue -> %8
// OUT:   inputs (%0) outputs (%8)
// OUT:   %5 = linalg.generic(%3, %4)
// OUT:   %6 = linalg.generic(%0, %5)
// OUT:   %8 = linalg.generic(%6, %7)
// OUT: region @dispatch_1_rowchain root linalg.generic -> %16 epilogue -> %21
// OUT:   inputs (%8, %0, %1, %2) outputs (%21)
// OUT:   %9 = tensor.expand_shape(%8)
// OUT:   %11 = linalg.generic(%0, %9, %10)
// OUT:   %13 = linalg.generic(%11, %12)
// OUT:   %15 = linalg.generic(%3, %14)
// OUT:   %16 = linalg.generic(%13, %15)
// OUT:   %18 = linalg.generic(%16, %17)
// OUT:   %19 = tensor.expand_shape(%18)
// OUT:   %21 = linalg.generic(%11, %19, %1, %2, %20)
// OUT: edge @dispatch_0_reduction -> @dispatch_1_rowchain (%8)

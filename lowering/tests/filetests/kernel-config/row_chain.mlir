// RUN: kernel-config target=nvidia-h200
// Row chains (RMSNorms) on a GPU: rows of 768 in registers (too long for a subgroup's: a
// workgroup of 128 per row), rows of 65536 streamed (too long for registers), rows of 64 in the
// registers of a subgroup.
#row = affine_map<(d0, d1) -> (d0, d1)>
#rowvec = affine_map<(d0) -> (d0)>
#perrow = affine_map<(d0, d1) -> (d0)>
func.func @main(%xa: tensor<64x768xf32>, %xb: tensor<4x65536xf32>, %xc: tensor<16x64xf32>) -> (tensor<64x768xf32>, tensor<4x65536xf32>, tensor<16x64xf32>) {
  %zero = arith.constant 0.0 : f32
  %e0a = tensor.empty() : tensor<64x768xf32>
  %sqa = linalg.generic {indexing_maps = [#row, #row], iterator_types = ["parallel", "parallel"]} ins(%xa : tensor<64x768xf32>) outs(%e0a : tensor<64x768xf32>) {
  ^bb0(%a: f32, %o: f32):
    %d = arith.mulf %a, %a : f32
    linalg.yield %d : f32
  } -> tensor<64x768xf32>
  %e1a = tensor.empty() : tensor<64xf32>
  %f1a = linalg.fill ins(%zero : f32) outs(%e1a : tensor<64xf32>) -> tensor<64xf32>
  %sa = linalg.reduce ins(%sqa : tensor<64x768xf32>) outs(%f1a : tensor<64xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %0 = arith.addf %in, %init : f32
      linalg.yield %0 : f32
    }
  %e2a = tensor.empty() : tensor<64xf32>
  %inva = linalg.generic {indexing_maps = [#rowvec, #rowvec], iterator_types = ["parallel"]} ins(%sa : tensor<64xf32>) outs(%e2a : tensor<64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %n = arith.constant 768.0 : f32
    %eps = arith.constant 1.0e-6 : f32
    %m = arith.divf %a, %n : f32
    %me = arith.addf %m, %eps : f32
    %r = math.rsqrt %me : f32
    linalg.yield %r : f32
  } -> tensor<64xf32>
  %e3a = tensor.empty() : tensor<64x768xf32>
  %ya = linalg.generic {indexing_maps = [#row, #perrow, #row], iterator_types = ["parallel", "parallel"]} ins(%xa, %inva : tensor<64x768xf32>, tensor<64xf32>) outs(%e3a : tensor<64x768xf32>) {
  ^bb0(%a: f32, %i: f32, %o: f32):
    %r = arith.mulf %a, %i : f32
    linalg.yield %r : f32
  } -> tensor<64x768xf32>
  %e0b = tensor.empty() : tensor<4x65536xf32>
  %sqb = linalg.generic {indexing_maps = [#row, #row], iterator_types = ["parallel", "parallel"]} ins(%xb : tensor<4x65536xf32>) outs(%e0b : tensor<4x65536xf32>) {
  ^bb0(%a: f32, %o: f32):
    %d = arith.mulf %a, %a : f32
    linalg.yield %d : f32
  } -> tensor<4x65536xf32>
  %e1b = tensor.empty() : tensor<4xf32>
  %f1b = linalg.fill ins(%zero : f32) outs(%e1b : tensor<4xf32>) -> tensor<4xf32>
  %sb = linalg.reduce ins(%sqb : tensor<4x65536xf32>) outs(%f1b : tensor<4xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %0 = arith.addf %in, %init : f32
      linalg.yield %0 : f32
    }
  %e2b = tensor.empty() : tensor<4xf32>
  %invb = linalg.generic {indexing_maps = [#rowvec, #rowvec], iterator_types = ["parallel"]} ins(%sb : tensor<4xf32>) outs(%e2b : tensor<4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %n = arith.constant 65536.0 : f32
    %eps = arith.constant 1.0e-6 : f32
    %m = arith.divf %a, %n : f32
    %me = arith.addf %m, %eps : f32
    %r = math.rsqrt %me : f32
    linalg.yield %r : f32
  } -> tensor<4xf32>
  %e3b = tensor.empty() : tensor<4x65536xf32>
  %yb = linalg.generic {indexing_maps = [#row, #perrow, #row], iterator_types = ["parallel", "parallel"]} ins(%xb, %invb : tensor<4x65536xf32>, tensor<4xf32>) outs(%e3b : tensor<4x65536xf32>) {
  ^bb0(%a: f32, %i: f32, %o: f32):
    %r = arith.mulf %a, %i : f32
    linalg.yield %r : f32
  } -> tensor<4x65536xf32>
  %e0c = tensor.empty() : tensor<16x64xf32>
  %sqc = linalg.generic {indexing_maps = [#row, #row], iterator_types = ["parallel", "parallel"]} ins(%xc : tensor<16x64xf32>) outs(%e0c : tensor<16x64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %d = arith.mulf %a, %a : f32
    linalg.yield %d : f32
  } -> tensor<16x64xf32>
  %e1c = tensor.empty() : tensor<16xf32>
  %f1c = linalg.fill ins(%zero : f32) outs(%e1c : tensor<16xf32>) -> tensor<16xf32>
  %sc = linalg.reduce ins(%sqc : tensor<16x64xf32>) outs(%f1c : tensor<16xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %0 = arith.addf %in, %init : f32
      linalg.yield %0 : f32
    }
  %e2c = tensor.empty() : tensor<16xf32>
  %invc = linalg.generic {indexing_maps = [#rowvec, #rowvec], iterator_types = ["parallel"]} ins(%sc : tensor<16xf32>) outs(%e2c : tensor<16xf32>) {
  ^bb0(%a: f32, %o: f32):
    %n = arith.constant 64.0 : f32
    %eps = arith.constant 1.0e-6 : f32
    %m = arith.divf %a, %n : f32
    %me = arith.addf %m, %eps : f32
    %r = math.rsqrt %me : f32
    linalg.yield %r : f32
  } -> tensor<16xf32>
  %e3c = tensor.empty() : tensor<16x64xf32>
  %yc = linalg.generic {indexing_maps = [#row, #perrow, #row], iterator_types = ["parallel", "parallel"]} ins(%xc, %invc : tensor<16x64xf32>, tensor<16xf32>) outs(%e3c : tensor<16x64xf32>) {
  ^bb0(%a: f32, %i: f32, %o: f32):
    %r = arith.mulf %a, %i : f32
    linalg.yield %r : f32
  } -> tensor<16x64xf32>
  return %ya, %yb, %yc : tensor<64x768xf32>, tensor<4x65536xf32>, tensor<16x64xf32>
}
// OUT: #map = affine_map<(d0, d1) -> (d0, d1)>
// OUT: #map1 = affine_map<(d0) -> ()>
// OUT: #map2 = affine_map<(d0) -> (d0)>
// OUT: #map3 = affine_map<(d0, d1) -> (d0)>
// OUT:
// OUT: func.func @main(%arg0: tensor<64x768xf32>, %arg1: tensor<4x65536xf32>, %arg2: tensor<16x64xf32>) -> (tensor<64x768xf32>, tensor<4x65536xf32>, tensor<16x64xf32>) {
// OUT:   %0 = arith.constant 0.0 : f32
// OUT:   %1 = tensor.empty() : tensor<64x768xf32>
// OUT:   %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<64x768xf32>) outs(%1 : tensor<64x768xf32>) {
// OUT:   ^bb0(%3: f32, %4: f32):
// OUT:     %5 = arith.mulf %3, %3 : f32
// OUT:     linalg.yield %5 : f32
// OUT:   } -> tensor<64x768xf32>
// OUT:   %6 = tensor.empty() : tensor<64xf32>
// OUT:   %7 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel"]} ins(%0 : f32) outs(%6 : tensor<64xf32>) {
// OUT:   ^bb0(%8: f32, %9: f32):
// OUT:     linalg.yield %8 : f32
// OUT:   } -> tensor<64xf32>
// OUT:   %10 = linalg.generic {indexing_maps = [#map, #map3], iterator_types = ["parallel", "reduction"]} ins(%2 : tensor<64x768xf32>) outs(%7 : tensor<64xf32>) {
// OUT:   ^bb0(%11: f32, %12: f32):
// OUT:     %13 = arith.addf %11, %12 : f32
// OUT:     linalg.yield %13 : f32
// OUT:   } -> tensor<64xf32>
// OUT:   %14 = tensor.empty() : tensor<64xf32>
// OUT:   %15 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel"]} ins(%10 : tensor<64xf32>) outs(%14 : tensor<64xf32>) {
// OUT:   ^bb0(%16: f32, %17: f32):
// OUT:     %18 = arith.constant 7.68e2 : f32
// OUT:     %19 = arith.constant 1.0e-6 : f32
// OUT:     %20 = arith.divf %16, %18 : f32
// OUT:     %21 = arith.addf %20, %19 : f32
// OUT:     %22 = math.rsqrt %21 : f32
// OUT:     linalg.yield %22 : f32
// OUT:   } -> tensor<64xf32>
// OUT:   %23 = tensor.empty() : tensor<64x768xf32>
// OUT:   %24 = linalg.generic {indexing_maps = [#map, #map3, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %15 : tensor<64x768xf32>, tensor<64xf32>) outs(%23 : tensor<64x768xf32>) {
// OUT:   ^bb0(%25: f32, %26: f32, %27: f32):
// OUT:     %28 = arith.mulf %25, %26 : f32
// OUT:     linalg.yield %28 : f32
// OUT:   } -> tensor<64x768xf32>
// OUT:   %29 = tensor.empty() : tensor<4x65536xf32>
// OUT:   %30 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg1 : tensor<4x65536xf32>) outs(%29 : tensor<4x65536xf32>) {
// OUT:   ^bb0(%31: f32, %32: f32):
// OUT:     %33 = arith.mulf %31, %31 : f32
// OUT:     linalg.yield %33 : f32
// OUT:   } -> tensor<4x65536xf32>
// OUT:   %34 = tensor.empty() : tensor<4xf32>
// OUT:   %35 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel"]} ins(%0 : f32) outs(%34 : tensor<4xf32>) {
// OUT:   ^bb0(%36: f32, %37: f32):
// OUT:     linalg.yield %36 : f32
// OUT:   } -> tensor<4xf32>
// OUT:   %38 = linalg.generic {indexing_maps = [#map, #map3], iterator_types = ["parallel", "reduction"]} ins(%30 : tensor<4x65536xf32>) outs(%35 : tensor<4xf32>) {
// OUT:   ^bb0(%39: f32, %40: f32):
// OUT:     %41 = arith.addf %39, %40 : f32
// OUT:     linalg.yield %41 : f32
// OUT:   } -> tensor<4xf32>
// OUT:   %42 = tensor.empty() : tensor<4xf32>
// OUT:   %43 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel"]} ins(%38 : tensor<4xf32>) outs(%42 : tensor<4xf32>) {
// OUT:   ^bb0(%44: f32, %45: f32):
// OUT:     %46 = arith.constant 6.5536e4 : f32
// OUT:     %47 = arith.constant 1.0e-6 : f32
// OUT:     %48 = arith.divf %44, %46 : f32
// OUT:     %49 = arith.addf %48, %47 : f32
// OUT:     %50 = math.rsqrt %49 : f32
// OUT:     linalg.yield %50 : f32
// OUT:   } -> tensor<4xf32>
// OUT:   %51 = tensor.empty() : tensor<4x65536xf32>
// OUT:   %52 = linalg.generic {indexing_maps = [#map, #map3, #map], iterator_types = ["parallel", "parallel"]} ins(%arg1, %43 : tensor<4x65536xf32>, tensor<4xf32>) outs(%51 : tensor<4x65536xf32>) {
// OUT:   ^bb0(%53: f32, %54: f32, %55: f32):
// OUT:     %56 = arith.mulf %53, %54 : f32
// OUT:     linalg.yield %56 : f32
// OUT:   } -> tensor<4x65536xf32>
// OUT:   %57 = tensor.empty() : tensor<16x64xf32>
// OUT:   %58 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg2 : tensor<16x64xf32>) outs(%57 : tensor<16x64xf32>) {
// OUT:   ^bb0(%59: f32, %60: f32):
// OUT:     %61 = arith.mulf %59, %59 : f32
// OUT:     linalg.yield %61 : f32
// OUT:   } -> tensor<16x64xf32>
// OUT:   %62 = tensor.empty() : tensor<16xf32>
// OUT:   %63 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel"]} ins(%0 : f32) outs(%62 : tensor<16xf32>) {
// OUT:   ^bb0(%64: f32, %65: f32):
// OUT:     linalg.yield %64 : f32
// OUT:   } -> tensor<16xf32>
// OUT:   %66 = linalg.generic {indexing_maps = [#map, #map3], iterator_types = ["parallel", "reduction"]} ins(%58 : tensor<16x64xf32>) outs(%63 : tensor<16xf32>) {
// OUT:   ^bb0(%67: f32, %68: f32):
// OUT:     %69 = arith.addf %67, %68 : f32
// OUT:     linalg.yield %69 : f32
// OUT:   } -> tensor<16xf32>
// OUT:   %70 = tensor.empty() : tensor<16xf32>
// OUT:   %71 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel"]} ins(%66 : tensor<16xf32>) outs(%70 : tensor<16xf32>) {
// OUT:   ^bb0(%72: f32, %73: f32):
// OUT:     %74 = arith.constant 6.4e1 : f32
// OUT:     %75 = arith.constant 1.0e-6 : f32
// OUT:     %76 = arith.divf %72, %74 : f32
// OUT:     %77 = arith.addf %76, %75 : f32
// OUT:     %78 = math.rsqrt %77 : f32
// OUT:     linalg.yield %78 : f32
// OUT:   } -> tensor<16xf32>
// OUT:   %79 = tensor.empty() : tensor<16x64xf32>
// OUT:   %80 = linalg.generic {indexing_maps = [#map, #map3, #map], iterator_types = ["parallel", "parallel"]} ins(%arg2, %71 : tensor<16x64xf32>, tensor<16xf32>) outs(%79 : tensor<16x64xf32>) {
// OUT:   ^bb0(%81: f32, %82: f32, %83: f32):
// OUT:     %84 = arith.mulf %81, %82 : f32
// OUT:     linalg.yield %84 : f32
// OUT:   } -> tensor<16x64xf32>
// OUT:   return %24, %52, %80 : tensor<64x768xf32>, tensor<4x65536xf32>, tensor<16x64xf32>
// OUT: }
// OUT: region @dispatch_0_rowchain root linalg.generic -> %8 epilogue -> %12
// OUT:   inputs (%0) outputs (%12)
// OUT:   %5 = linalg.generic(%0, %4)
// OUT:   %7 = linalg.generic(%3, %6)
// OUT:   %8 = linalg.generic(%5, %7)
// OUT:   %10 = linalg.generic(%8, %9)
// OUT:   %12 = linalg.generic(%0, %10, %11)
// OUT: region @dispatch_1_rowchain root linalg.generic -> %17 epilogue -> %21
// OUT:   inputs (%1) outputs (%21)
// OUT:   %14 = linalg.generic(%1, %13)
// OUT:   %16 = linalg.generic(%3, %15)
// OUT:   %17 = linalg.generic(%14, %16)
// OUT:   %19 = linalg.generic(%17, %18)
// OUT:   %21 = linalg.generic(%1, %19, %20)
// OUT: region @dispatch_2_rowchain root linalg.generic -> %26 epilogue -> %30
// OUT:   inputs (%2) outputs (%30)
// OUT:   %23 = linalg.generic(%2, %22)
// OUT:   %25 = linalg.generic(%3, %24)
// OUT:   %26 = linalg.generic(%23, %25)
// OUT:   %28 = linalg.generic(%26, %27)
// OUT:   %30 = linalg.generic(%2, %28, %29)
// OUT: plan @dispatch_0_rowchain row-chain registers workgroup=128
// OUT: plan @dispatch_1_rowchain row-chain streamed workgroup=256
// OUT: plan @dispatch_2_rowchain row-chain registers subgroup=32x4

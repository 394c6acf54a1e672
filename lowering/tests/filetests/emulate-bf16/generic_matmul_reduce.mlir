// RUN: emulate-bf16 target=llvmpipe
// bf16 held in f32: the argument and the results become f32; the elementwise generic computes
// in f32 and rounds its yield to bf16 on the bits (nearest even, NaN kept); the matmul
// accumulates into a bf16 init, so it runs in f32 and one rounding generic follows it; the
// cast from bf16 to f32 in the last body disappears.
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @main(%x: tensor<2x3xbf16>, %w: tensor<3x2xbf16>) -> (tensor<2x3xbf16>, tensor<2x2xbf16>, tensor<2x2xf32>) {
  %e = tensor.empty() : tensor<2x3xbf16>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<2x3xbf16>) outs(%e : tensor<2x3xbf16>) {
  ^bb0(%a: bf16, %out: bf16):
    %s = arith.mulf %a, %a : bf16
    linalg.yield %s : bf16
  } -> tensor<2x3xbf16>
  %zero = arith.constant 0.0 : bf16
  %e2 = tensor.empty() : tensor<2x2xbf16>
  %init = linalg.fill ins(%zero : bf16) outs(%e2 : tensor<2x2xbf16>) -> tensor<2x2xbf16>
  %m = linalg.matmul ins(%y, %w : tensor<2x3xbf16>, tensor<3x2xbf16>) outs(%init : tensor<2x2xbf16>) -> tensor<2x2xbf16>
  %e3 = tensor.empty() : tensor<2x2xf32>
  %wide = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%m : tensor<2x2xbf16>) outs(%e3 : tensor<2x2xf32>) {
  ^bb0(%a: bf16, %out: f32):
    %c = arith.extf %a : bf16 to f32
    linalg.yield %c : f32
  } -> tensor<2x2xf32>
  return %y, %m, %wide : tensor<2x3xbf16>, tensor<2x2xbf16>, tensor<2x2xf32>
}
// OUT: #map = affine_map<(d0, d1) -> (d0, d1)>
// OUT:
// OUT: func.func @main(%arg0: tensor<2x3xf32>, %arg1: tensor<3x2xf32>) -> (tensor<2x3xf32>, tensor<2x2xf32>, tensor<2x2xf32>) {
// OUT:   %0 = tensor.empty() : tensor<2x3xf32>
// OUT:   %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<2x3xf32>) outs(%0 : tensor<2x3xf32>) {
// OUT:   ^bb0(%2: f32, %3: f32):
// OUT:     %4 = arith.mulf %2, %2 : f32
// OUT:     %5 = arith.bitcast %4 : f32 to i32
// OUT:     %6 = arith.constant 65536 : i32
// OUT:     %7 = arith.andi %5, %6 : i32
// OUT:     %8 = arith.divsi %7, %6 : i32
// OUT:     %9 = arith.constant 32767 : i32
// OUT:     %10 = arith.addi %8, %9 : i32
// OUT:     %11 = arith.addi %5, %10 : i32
// OUT:     %12 = arith.constant -65536 : i32
// OUT:     %13 = arith.andi %11, %12 : i32
// OUT:     %14 = arith.bitcast %13 : i32 to f32
// OUT:     %15 = arith.constant 2147483647 : i32
// OUT:     %16 = arith.andi %5, %15 : i32
// OUT:     %17 = arith.constant 2139095040 : i32
// OUT:     %18 = arith.cmpi sgt, %16, %17 : i32
// OUT:     %19 = arith.select %18, %4, %14 : f32
// OUT:     linalg.yield %19 : f32
// OUT:   } -> tensor<2x3xf32>
// OUT:   %20 = arith.constant 0.0 : f32
// OUT:   %21 = tensor.empty() : tensor<2x2xf32>
// OUT:   %22 = linalg.fill ins(%20 : f32) outs(%21 : tensor<2x2xf32>) -> tensor<2x2xf32>
// OUT:   %23 = linalg.matmul ins(%1, %arg1 : tensor<2x3xf32>, tensor<3x2xf32>) outs(%22 : tensor<2x2xf32>) -> tensor<2x2xf32>
// OUT:   %24 = tensor.empty() : tensor<2x2xf32>
// OUT:   %25 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%23 : tensor<2x2xf32>) outs(%24 : tensor<2x2xf32>) {
// OUT:   ^bb0(%26: f32, %27: f32):
// OUT:     %28 = arith.bitcast %26 : f32 to i32
// OUT:     %29 = arith.constant 65536 : i32
// OUT:     %30 = arith.andi %28, %29 : i32
// OUT:     %31 = arith.divsi %30, %29 : i32
// OUT:     %32 = arith.constant 32767 : i32
// OUT:     %33 = arith.addi %31, %32 : i32
// OUT:     %34 = arith.addi %28, %33 : i32
// OUT:     %35 = arith.constant -65536 : i32
// OUT:     %36 = arith.andi %34, %35 : i32
// OUT:     %37 = arith.bitcast %36 : i32 to f32
// OUT:     %38 = arith.constant 2147483647 : i32
// OUT:     %39 = arith.andi %28, %38 : i32
// OUT:     %40 = arith.constant 2139095040 : i32
// OUT:     %41 = arith.cmpi sgt, %39, %40 : i32
// OUT:     %42 = arith.select %41, %26, %37 : f32
// OUT:     linalg.yield %42 : f32
// OUT:   } -> tensor<2x2xf32>
// OUT:   %43 = tensor.empty() : tensor<2x2xf32>
// OUT:   %44 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%25 : tensor<2x2xf32>) outs(%43 : tensor<2x2xf32>) {
// OUT:   ^bb0(%45: f32, %46: f32):
// OUT:     linalg.yield %45 : f32
// OUT:   } -> tensor<2x2xf32>
// OUT:   return %1, %25, %44 : tensor<2x3xf32>, tensor<2x2xf32>, tensor<2x2xf32>
// OUT: }

// RUN: reduce-precision target=llvmpipe precision=bf16
// bf16 emulated on f32 storage: the weight is rounded to bf16 at compile time (still f32), the
// product is rounded to bf16 with integer ops on its bits (round to nearest even, NaN kept)
// before it is stored; the tanh, the graph output, reads it as it is (no cast back) and
// stays f32.
#id = affine_map<(d0) -> (d0)>
func.func @main(%x: tensor<3xf32>) -> tensor<3xf32> {
  %w = arith.constant dense<[1.00390625, 3.14159274, -2.0e-3]> : tensor<3xf32>
  %e = tensor.empty() : tensor<3xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%x, %w : tensor<3xf32>, tensor<3xf32>) outs(%e : tensor<3xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %s = arith.mulf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<3xf32>
  %t = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%r : tensor<3xf32>) outs(%e : tensor<3xf32>) {
  ^bb0(%a: f32, %out: f32):
    %s = math.tanh %a : f32
    linalg.yield %s : f32
  } -> tensor<3xf32>
  return %t : tensor<3xf32>
}
// OUT: #map = affine_map<(d0) -> (d0)>
// OUT:
// OUT: func.func @main(%arg0: tensor<3xf32>) -> tensor<3xf32> {
// OUT:   %0 = tensor.empty() : tensor<3xf32>
// OUT:   %1 = arith.constant dense<[1.0, 3.140625, -1.9989014e-3]> : tensor<3xf32>
// OUT:   %2 = tensor.empty() : tensor<3xf32>
// OUT:   %3 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%arg0, %1 : tensor<3xf32>, tensor<3xf32>) outs(%2 : tensor<3xf32>) {
// OUT:   ^bb0(%4: f32, %5: f32, %6: f32):
// OUT:     %7 = arith.mulf %4, %5 : f32
// OUT:     %8 = arith.bitcast %7 : f32 to i32
// OUT:     %9 = arith.constant 65536 : i32
// OUT:     %10 = arith.andi %8, %9 : i32
// OUT:     %11 = arith.divsi %10, %9 : i32
// OUT:     %12 = arith.constant 32767 : i32
// OUT:     %13 = arith.addi %11, %12 : i32
// OUT:     %14 = arith.addi %8, %13 : i32
// OUT:     %15 = arith.constant -65536 : i32
// OUT:     %16 = arith.andi %14, %15 : i32
// OUT:     %17 = arith.bitcast %16 : i32 to f32
// OUT:     %18 = arith.constant 2147483647 : i32
// OUT:     %19 = arith.andi %8, %18 : i32
// OUT:     %20 = arith.constant 2139095040 : i32
// OUT:     %21 = arith.cmpi sgt, %19, %20 : i32
// OUT:     %22 = arith.select %21, %7, %17 : f32
// OUT:     linalg.yield %22 : f32
// OUT:   } -> tensor<3xf32>
// OUT:   %23 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%3 : tensor<3xf32>) outs(%0 : tensor<3xf32>) {
// OUT:   ^bb0(%24: f32, %25: f32):
// OUT:     %26 = math.tanh %24 : f32
// OUT:     linalg.yield %26 : f32
// OUT:   } -> tensor<3xf32>
// OUT:   return %23 : tensor<3xf32>
// OUT: }

// Scalar ops in a generic body: comparisons, select, casts, math; a multi-result generic and
// maps with floordiv / mod / constants.
#id = affine_map<(d0) -> (d0)>
func.func @main(%x: tensor<8xf32>, %n: tensor<8xi32>, %w: tensor<4x2xf32>) -> (tensor<8xf32>, tensor<8xi32>, tensor<4xf32>) {
  %e = tensor.empty() : tensor<8xf32>
  %ei = tensor.empty() : tensor<8xi32>
  %half = arith.constant 5.000000e-01 : f32
  %r:2 = linalg.generic {indexing_maps = [#id, #id, #id, #id], iterator_types = ["parallel"]} ins(%x, %n : tensor<8xf32>, tensor<8xi32>) outs(%e, %ei : tensor<8xf32>, tensor<8xi32>) {
  ^bb0(%a: f32, %i: i32, %o: f32, %oi: i32):
    %0 = arith.cmpf ogt, %a, %half : f32
    %1 = math.exp %a : f32
    %2 = math.tanh %a : f32
    %3 = arith.select %0, %1, %2 : f32
    %4 = arith.sitofp %i : i32 to f32
    // A positive base: IREE expands powf as exp(y * log(x)), NaN for a negative x.
    %3a = math.absf %3 : f32
    %5 = math.powf %3a, %4 : f32
    %6 = math.erf %5 : f32
    %7 = arith.truncf %6 : f32 to f16
    %8 = arith.extf %7 : f16 to f32
    %9 = math.absf %8 : f32
    %10 = math.sqrt %9 : f32
    %11 = math.rsqrt %10 : f32
    %12 = math.floor %11 : f32
    %13 = arith.fptosi %12 : f32 to i32
    %14 = arith.addi %13, %i : i32
    %15 = arith.cmpi slt, %14, %i : i32
    %16 = arith.extui %15 : i1 to i32
    %17 = arith.negf %11 : f32
    %18 = math.sin %17 : f32
    %19 = math.cos %18 : f32
    %20 = math.ceil %19 : f32
    %21 = math.log %20 : f32
    %22 = arith.remf %21, %half : f32
    %23 = arith.divf %22, %half : f32
    linalg.yield %23, %16 : f32, i32
  } -> (tensor<8xf32>, tensor<8xi32>)
  %z = arith.constant 0.0 : f32
  %oe = tensor.empty() : tensor<4xf32>
  %of = linalg.fill ins(%z : f32) outs(%oe : tensor<4xf32>) -> tensor<4xf32>
  %pairs = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0 * 2 + d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%r#0, %w : tensor<8xf32>, tensor<4x2xf32>) outs(%of : tensor<4xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %0 = arith.addf %p, %acc : f32
    linalg.yield %0 : f32
  } -> tensor<4xf32>
  return %r#0, %r#1, %pairs : tensor<8xf32>, tensor<8xi32>, tensor<4xf32>
}
// OUT: #map = affine_map<(d0) -> (d0)>
// OUT: #map1 = affine_map<(d0, d1) -> (d0 * 2 + d1)>
// OUT: #map2 = affine_map<(d0, d1) -> (d0, d1)>
// OUT: #map3 = affine_map<(d0, d1) -> (d0)>
// OUT:
// OUT: func.func @main(%arg0: tensor<8xf32>, %arg1: tensor<8xi32>, %arg2: tensor<4x2xf32>) -> (tensor<8xf32>, tensor<8xi32>, tensor<4xf32>) {
// OUT:   %0 = tensor.empty() : tensor<8xf32>
// OUT:   %1 = tensor.empty() : tensor<8xi32>
// OUT:   %2 = arith.constant 5.0e-1 : f32
// OUT:   %3:2 = linalg.generic {indexing_maps = [#map, #map, #map, #map], iterator_types = ["parallel"]} ins(%arg0, %arg1 : tensor<8xf32>, tensor<8xi32>) outs(%0, %1 : tensor<8xf32>, tensor<8xi32>) {
// OUT:   ^bb0(%4: f32, %5: i32, %6: f32, %7: i32):
// OUT:     %8 = arith.cmpf ogt, %4, %2 : f32
// OUT:     %9 = math.exp %4 : f32
// OUT:     %10 = math.tanh %4 : f32
// OUT:     %11 = arith.select %8, %9, %10 : f32
// OUT:     %12 = arith.sitofp %5 : i32 to f32
// OUT:     %13 = math.absf %11 : f32
// OUT:     %14 = math.powf %13, %12 : f32
// OUT:     %15 = math.erf %14 : f32
// OUT:     %16 = arith.truncf %15 : f32 to f16
// OUT:     %17 = arith.extf %16 : f16 to f32
// OUT:     %18 = math.absf %17 : f32
// OUT:     %19 = math.sqrt %18 : f32
// OUT:     %20 = math.rsqrt %19 : f32
// OUT:     %21 = math.floor %20 : f32
// OUT:     %22 = arith.fptosi %21 : f32 to i32
// OUT:     %23 = arith.addi %22, %5 : i32
// OUT:     %24 = arith.cmpi slt, %23, %5 : i32
// OUT:     %25 = arith.extui %24 : i1 to i32
// OUT:     %26 = arith.negf %20 : f32
// OUT:     %27 = math.sin %26 : f32
// OUT:     %28 = math.cos %27 : f32
// OUT:     %29 = math.ceil %28 : f32
// OUT:     %30 = math.log %29 : f32
// OUT:     %31 = arith.remf %30, %2 : f32
// OUT:     %32 = arith.divf %31, %2 : f32
// OUT:     linalg.yield %32, %25 : f32, i32
// OUT:   } -> (tensor<8xf32>, tensor<8xi32>)
// OUT:   %33 = arith.constant 0.0 : f32
// OUT:   %34 = tensor.empty() : tensor<4xf32>
// OUT:   %35 = linalg.fill ins(%33 : f32) outs(%34 : tensor<4xf32>) -> tensor<4xf32>
// OUT:   %36 = linalg.generic {indexing_maps = [#map1, #map2, #map3], iterator_types = ["parallel", "reduction"]} ins(%3#0, %arg2 : tensor<8xf32>, tensor<4x2xf32>) outs(%35 : tensor<4xf32>) {
// OUT:   ^bb0(%37: f32, %38: f32, %39: f32):
// OUT:     %40 = arith.mulf %37, %38 : f32
// OUT:     %41 = arith.addf %40, %39 : f32
// OUT:     linalg.yield %41 : f32
// OUT:   } -> tensor<4xf32>
// OUT:   return %3#0, %3#1, %36 : tensor<8xf32>, tensor<8xi32>, tensor<4xf32>
// OUT: }

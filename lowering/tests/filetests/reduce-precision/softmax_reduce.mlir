// RUN: reduce-precision target=llvmpipe precision=f16
// f32 kept where it matters: the exp generic reads the f32 input as it is and stores f16 (its
// math is f32, truncf last); the softmax gets its input cast back up and computes and returns
// f32; the sum reads the f16 exp values (extf in its body) into its f32 accumulator and returns
// f32; the index-typed parts (the i32 argmax-like select) are untouched.
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @main(%x: tensor<8x64xf32>, %k: tensor<8x64xi32>) -> (tensor<8x64xf32>, tensor<8xf32>, tensor<8x64xi32>) {
  %e = tensor.empty() : tensor<8x64xf32>
  %s = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<8x64xf32>) outs(%e : tensor<8x64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = math.exp %in : f32
    linalg.yield %m : f32
  } -> tensor<8x64xf32>
  %se = tensor.empty() : tensor<8x64xf32>
  %sm = linalg.softmax dimension(1) ins(%s : tensor<8x64xf32>) outs(%se : tensor<8x64xf32>) -> tensor<8x64xf32>
  %zero = arith.constant 0.0 : f32
  %re = tensor.empty() : tensor<8xf32>
  %rf = linalg.fill ins(%zero : f32) outs(%re : tensor<8xf32>) -> tensor<8xf32>
  %r = linalg.reduce ins(%s : tensor<8x64xf32>) outs(%rf : tensor<8xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %0 = arith.addf %in, %init : f32
      linalg.yield %0 : f32
    }
  %ie = tensor.empty() : tensor<8x64xi32>
  %i = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%k : tensor<8x64xi32>) outs(%ie : tensor<8x64xi32>) {
  ^bb0(%in: i32, %out: i32):
    %m = arith.muli %in, %in : i32
    linalg.yield %m : i32
  } -> tensor<8x64xi32>
  return %sm, %r, %i : tensor<8x64xf32>, tensor<8xf32>, tensor<8x64xi32>
}
// OUT: #map = affine_map<(d0, d1) -> (d0, d1)>
// OUT: #map1 = affine_map<(d0, d1) -> (d0)>
// OUT:
// OUT: func.func @main(%arg0: tensor<8x64xf32>, %arg1: tensor<8x64xi32>) -> (tensor<8x64xf32>, tensor<8xf32>, tensor<8x64xi32>) {
// OUT:   %0 = tensor.empty() : tensor<8x64xf16>
// OUT:   %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<8x64xf32>) outs(%0 : tensor<8x64xf16>) {
// OUT:   ^bb0(%2: f32, %3: f16):
// OUT:     %4 = math.exp %2 : f32
// OUT:     %5 = arith.truncf %4 : f32 to f16
// OUT:     linalg.yield %5 : f16
// OUT:   } -> tensor<8x64xf16>
// OUT:   %6 = tensor.empty() : tensor<8x64xf32>
// OUT:   %7 = tensor.empty() : tensor<8x64xf32>
// OUT:   %8 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%1 : tensor<8x64xf16>) outs(%7 : tensor<8x64xf32>) {
// OUT:   ^bb0(%9: f16, %10: f32):
// OUT:     %11 = arith.extf %9 : f16 to f32
// OUT:     linalg.yield %11 : f32
// OUT:   } -> tensor<8x64xf32>
// OUT:   %12 = linalg.softmax dimension(1) ins(%8 : tensor<8x64xf32>) outs(%6 : tensor<8x64xf32>) -> tensor<8x64xf32>
// OUT:   %13 = arith.constant 0.0 : f32
// OUT:   %14 = tensor.empty() : tensor<8xf32>
// OUT:   %15 = linalg.fill ins(%13 : f32) outs(%14 : tensor<8xf32>) -> tensor<8xf32>
// OUT:   %16 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%1 : tensor<8x64xf16>) outs(%15 : tensor<8xf32>) {
// OUT:   ^bb0(%17: f16, %18: f32):
// OUT:     %19 = arith.extf %17 : f16 to f32
// OUT:     %20 = arith.addf %19, %18 : f32
// OUT:     linalg.yield %20 : f32
// OUT:   } -> tensor<8xf32>
// OUT:   %21 = tensor.empty() : tensor<8x64xi32>
// OUT:   %22 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg1 : tensor<8x64xi32>) outs(%21 : tensor<8x64xi32>) {
// OUT:   ^bb0(%23: i32, %24: i32):
// OUT:     %25 = arith.muli %23, %23 : i32
// OUT:     linalg.yield %25 : i32
// OUT:   } -> tensor<8x64xi32>
// OUT:   return %12, %16, %22 : tensor<8x64xf32>, tensor<8xf32>, tensor<8x64xi32>
// OUT: }

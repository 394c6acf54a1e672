// A symbolic batch dim: named by kiln.symbols on the argument, sized the MLIR way
// (tensor.dim + dynamic tensor.empty / output_shape operands). The second empty uses the
// kiln-only kiln.symbols form, which prints back in the MLIR form.
#map = affine_map<(d0, d1) -> (d0, d1)>
func.func @main(%x: tensor<?x4xf32> {kiln.symbols = ["N"]}) -> (tensor<?xf32>, tensor<?x4xf32>) {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x4xf32>
  %e = tensor.empty(%n) : tensor<?x4xf32>
  %y = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<?x4xf32>) outs(%e : tensor<?x4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %0 = math.exp %a : f32
    linalg.yield %0 : f32
  } -> tensor<?x4xf32>
  %z = arith.constant 0.0 : f32
  %re = tensor.empty() {kiln.symbols = ["N"]} : tensor<?xf32>
  %rf = linalg.fill ins(%z : f32) outs(%re : tensor<?xf32>) -> tensor<?xf32>
  %r = linalg.reduce ins(%y : tensor<?x4xf32>) outs(%rf : tensor<?xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %0 = arith.addf %in, %init : f32
      linalg.yield %0 : f32
    }
  %ex = tensor.expand_shape %y [[0], [1, 2]] output_shape [%n, 2, 2] : tensor<?x4xf32> into tensor<?x2x2xf32>
  %co = tensor.collapse_shape %ex [[0], [1, 2]] : tensor<?x2x2xf32> into tensor<?x4xf32>
  return %r, %co : tensor<?xf32>, tensor<?x4xf32>
}
// OUT: #map = affine_map<(d0, d1) -> (d0, d1)>
// OUT:
// OUT: func.func @main(%arg0: tensor<?x4xf32> {kiln.symbols = ["N"]}) -> (tensor<?xf32>, tensor<?x4xf32>) {
// OUT:   %c0 = arith.constant 0 : index
// OUT:   %dim0 = tensor.dim %arg0, %c0 : tensor<?x4xf32>
// OUT:   %0 = tensor.empty(%dim0) : tensor<?x4xf32>
// OUT:   %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<?x4xf32>) outs(%0 : tensor<?x4xf32>) {
// OUT:   ^bb0(%2: f32, %3: f32):
// OUT:     %4 = math.exp %2 : f32
// OUT:     linalg.yield %4 : f32
// OUT:   } -> tensor<?x4xf32>
// OUT:   %5 = arith.constant 0.0 : f32
// OUT:   %6 = tensor.empty(%dim0) : tensor<?xf32>
// OUT:   %7 = linalg.fill ins(%5 : f32) outs(%6 : tensor<?xf32>) -> tensor<?xf32>
// OUT:   %8 = linalg.reduce ins(%1 : tensor<?x4xf32>) outs(%7 : tensor<?xf32>) dimensions = [1]
// OUT:     (%9: f32, %10: f32) {
// OUT:       %11 = arith.addf %9, %10 : f32
// OUT:       linalg.yield %11 : f32
// OUT:     }
// OUT:   %12 = tensor.expand_shape %1 [[0], [1, 2]] output_shape [%dim0, 2, 2] : tensor<?x4xf32> into tensor<?x2x2xf32>
// OUT:   %13 = tensor.collapse_shape %12 [[0], [1, 2]] : tensor<?x2x2xf32> into tensor<?x4xf32>
// OUT:   return %8, %13 : tensor<?xf32>, tensor<?x4xf32>
// OUT: }

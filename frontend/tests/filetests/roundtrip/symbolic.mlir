// A symbolic batch dim named with kiln.symbols (kiln-only: MLIR wants SSA dynamic sizes).
#map = affine_map<(d0, d1) -> (d0, d1)>
func.func @main(%x: tensor<?x4xf32> {kiln.symbols = ["N"]}) -> tensor<?xf32> {
  %e = tensor.empty() {kiln.symbols = ["N"]} : tensor<?x4xf32>
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
  return %r : tensor<?xf32>
}
// OUT: #map = affine_map<(d0, d1) -> (d0, d1)>
// OUT:
// OUT: func.func @main(%arg0: tensor<?x4xf32> {kiln.symbols = ["N"]}) -> tensor<?xf32> {
// OUT:   %0 = tensor.empty() {kiln.symbols = ["N"]} : tensor<?x4xf32>
// OUT:   %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<?x4xf32>) outs(%0 : tensor<?x4xf32>) {
// OUT:   ^bb0(%2: f32, %3: f32):
// OUT:     %4 = math.exp %2 : f32
// OUT:     linalg.yield %4 : f32
// OUT:   } -> tensor<?x4xf32>
// OUT:   %5 = arith.constant 0.0 : f32
// OUT:   %6 = tensor.empty() {kiln.symbols = ["N"]} : tensor<?xf32>
// OUT:   %7 = linalg.fill ins(%5 : f32) outs(%6 : tensor<?xf32>) -> tensor<?xf32>
// OUT:   %8 = linalg.reduce ins(%1 : tensor<?x4xf32>) outs(%7 : tensor<?xf32>) dimensions = [1]
// OUT:     (%9: f32, %10: f32) {
// OUT:       %11 = arith.addf %9, %10 : f32
// OUT:       linalg.yield %11 : f32
// OUT:     }
// OUT:   return %8 : tensor<?xf32>
// OUT: }

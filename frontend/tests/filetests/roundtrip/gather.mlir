// kiln.gather (ONNX Gather) along a symbolic batch dim's neighbour, with rank-2 indices, and
// kiln.gather_elements (ONNX GatherElements) with i32 indices.
func.func @main(%x: tensor<?x8x3xf32> {kiln.symbols = ["N"]}, %i: tensor<2x4xi64>, %e: tensor<?x8x2xi32> {kiln.symbols = ["N"]}) -> (tensor<?x2x4x3xf32>, tensor<?x8x2xf32>) {
  %g = kiln.gather axis(1) %x, %i : (tensor<?x8x3xf32>, tensor<2x4xi64>) -> tensor<?x2x4x3xf32>
  %h = kiln.gather_elements axis(2) %x, %e : (tensor<?x8x3xf32>, tensor<?x8x2xi32>) -> tensor<?x8x2xf32>
  return %g, %h : tensor<?x2x4x3xf32>, tensor<?x8x2xf32>
}
// OUT: func.func @main(%arg0: tensor<?x8x3xf32> {kiln.symbols = ["N"]}, %arg1: tensor<2x4xi64>, %arg2: tensor<?x8x2xi32> {kiln.symbols = ["N"]}) -> (tensor<?x2x4x3xf32>, tensor<?x8x2xf32>) {
// OUT:   %c0 = arith.constant 0 : index
// OUT:   %dim0 = tensor.dim %arg0, %c0 : tensor<?x8x3xf32>
// OUT:   %0 = kiln.gather axis(1) %arg0, %arg1 : (tensor<?x8x3xf32>, tensor<2x4xi64>) -> tensor<?x2x4x3xf32>
// OUT:   %1 = kiln.gather_elements axis(2) %arg0, %arg2 : (tensor<?x8x3xf32>, tensor<?x8x2xi32>) -> tensor<?x8x2xf32>
// OUT:   return %0, %1 : tensor<?x2x4x3xf32>, tensor<?x8x2xf32>
// OUT: }

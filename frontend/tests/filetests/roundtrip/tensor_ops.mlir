// Shape ops, transpose, broadcast, reduce and softmax.
func.func @main(%x: tensor<2x3x4xf32>, %v: tensor<3xf32>) -> (tensor<6x4xf32>, tensor<2x3x2x2xf32>, tensor<1x2x2xf32>, tensor<4x3x4xf32>, tensor<4x2x3xf32>, tensor<2x3xf32>, tensor<2x3x4xf32>, tensor<2x3x5xf32>) {
  %c = tensor.collapse_shape %x [[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
  %e = tensor.expand_shape %x [[0], [1], [2, 3]] output_shape [2, 3, 2, 2] : tensor<2x3x4xf32> into tensor<2x3x2x2xf32>
  %s = tensor.extract_slice %x[1, 0, 1] [1, 2, 2] [1, 2, 2] : tensor<2x3x4xf32> to tensor<1x2x2xf32>
  %cat = tensor.concat dim(0) %x, %x : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<4x3x4xf32>
  %te = tensor.empty() : tensor<4x2x3xf32>
  %t = linalg.transpose ins(%x : tensor<2x3x4xf32>) outs(%te : tensor<4x2x3xf32>) permutation = [2, 0, 1]
  %zero = arith.constant 0.0 : f32
  %re = tensor.empty() : tensor<2x3xf32>
  %rf = linalg.fill ins(%zero : f32) outs(%re : tensor<2x3xf32>) -> tensor<2x3xf32>
  %r = linalg.reduce ins(%x : tensor<2x3x4xf32>) outs(%rf : tensor<2x3xf32>) dimensions = [2]
    (%in: f32, %init: f32) {
      %0 = arith.addf %in, %init : f32
      linalg.yield %0 : f32
    }
  %se = tensor.empty() : tensor<2x3x4xf32>
  %sm = linalg.softmax dimension(2) ins(%x : tensor<2x3x4xf32>) outs(%se : tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %be = tensor.empty() : tensor<2x3x5xf32>
  %b = linalg.broadcast ins(%v : tensor<3xf32>) outs(%be : tensor<2x3x5xf32>) dimensions = [0, 2]
  return %c, %e, %s, %cat, %t, %r, %sm, %b : tensor<6x4xf32>, tensor<2x3x2x2xf32>, tensor<1x2x2xf32>, tensor<4x3x4xf32>, tensor<4x2x3xf32>, tensor<2x3xf32>, tensor<2x3x4xf32>, tensor<2x3x5xf32>
}
// OUT: func.func @main(%arg0: tensor<2x3x4xf32>, %arg1: tensor<3xf32>) -> (tensor<6x4xf32>, tensor<2x3x2x2xf32>, tensor<1x2x2xf32>, tensor<4x3x4xf32>, tensor<4x2x3xf32>, tensor<2x3xf32>, tensor<2x3x4xf32>, tensor<2x3x5xf32>) {
// OUT:   %0 = tensor.collapse_shape %arg0 [[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
// OUT:   %1 = tensor.expand_shape %arg0 [[0], [1], [2, 3]] output_shape [2, 3, 2, 2] : tensor<2x3x4xf32> into tensor<2x3x2x2xf32>
// OUT:   %2 = tensor.extract_slice %arg0[1, 0, 1] [1, 2, 2] [1, 2, 2] : tensor<2x3x4xf32> to tensor<1x2x2xf32>
// OUT:   %3 = tensor.concat dim(0) %arg0, %arg0 : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> tensor<4x3x4xf32>
// OUT:   %4 = tensor.empty() : tensor<4x2x3xf32>
// OUT:   %5 = linalg.transpose ins(%arg0 : tensor<2x3x4xf32>) outs(%4 : tensor<4x2x3xf32>) permutation = [2, 0, 1]
// OUT:   %6 = arith.constant 0.0 : f32
// OUT:   %7 = tensor.empty() : tensor<2x3xf32>
// OUT:   %8 = linalg.fill ins(%6 : f32) outs(%7 : tensor<2x3xf32>) -> tensor<2x3xf32>
// OUT:   %9 = linalg.reduce ins(%arg0 : tensor<2x3x4xf32>) outs(%8 : tensor<2x3xf32>) dimensions = [2]
// OUT:     (%10: f32, %11: f32) {
// OUT:       %12 = arith.addf %10, %11 : f32
// OUT:       linalg.yield %12 : f32
// OUT:     }
// OUT:   %13 = tensor.empty() : tensor<2x3x4xf32>
// OUT:   %14 = linalg.softmax dimension(2) ins(%arg0 : tensor<2x3x4xf32>) outs(%13 : tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
// OUT:   %15 = tensor.empty() : tensor<2x3x5xf32>
// OUT:   %16 = linalg.broadcast ins(%arg1 : tensor<3xf32>) outs(%15 : tensor<2x3x5xf32>) dimensions = [0, 2]
// OUT:   return %0, %1, %2, %3, %5, %9, %14, %16 : tensor<6x4xf32>, tensor<2x3x2x2xf32>, tensor<1x2x2xf32>, tensor<4x3x4xf32>, tensor<4x2x3xf32>, tensor<2x3xf32>, tensor<2x3x4xf32>, tensor<2x3x5xf32>
// OUT: }

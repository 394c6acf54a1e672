// RUN: kernel-config target=nvidia-h200
// The softmax strategies on a GPU: rows of 1024 held in registers (too long for a subgroup's:
// a workgroup of 128 per row), rows of 65536 streamed twice (too long for registers), and
// softmax over the outer dim (a thread per row, three serial passes).
func.func @main(%x: tensor<64x1024xf32>, %y: tensor<4x65536xf32>, %z: tensor<64x128xf32>) -> (tensor<64x1024xf32>, tensor<4x65536xf32>, tensor<64x128xf32>) {
  %e1 = tensor.empty() : tensor<64x1024xf32>
  %s1 = linalg.softmax dimension(1) ins(%x : tensor<64x1024xf32>) outs(%e1 : tensor<64x1024xf32>) -> tensor<64x1024xf32>
  %e2 = tensor.empty() : tensor<4x65536xf32>
  %s2 = linalg.softmax dimension(1) ins(%y : tensor<4x65536xf32>) outs(%e2 : tensor<4x65536xf32>) -> tensor<4x65536xf32>
  %e3 = tensor.empty() : tensor<64x128xf32>
  %s3 = linalg.softmax dimension(0) ins(%z : tensor<64x128xf32>) outs(%e3 : tensor<64x128xf32>) -> tensor<64x128xf32>
  return %s1, %s2, %s3 : tensor<64x1024xf32>, tensor<4x65536xf32>, tensor<64x128xf32>
}
// OUT: func.func @main(%arg0: tensor<64x1024xf32>, %arg1: tensor<4x65536xf32>, %arg2: tensor<64x128xf32>) -> (tensor<64x1024xf32>, tensor<4x65536xf32>, tensor<64x128xf32>) {
// OUT:   %0 = tensor.empty() : tensor<64x1024xf32>
// OUT:   %1 = linalg.softmax dimension(1) ins(%arg0 : tensor<64x1024xf32>) outs(%0 : tensor<64x1024xf32>) -> tensor<64x1024xf32>
// OUT:   %2 = tensor.empty() : tensor<4x65536xf32>
// OUT:   %3 = linalg.softmax dimension(1) ins(%arg1 : tensor<4x65536xf32>) outs(%2 : tensor<4x65536xf32>) -> tensor<4x65536xf32>
// OUT:   %4 = tensor.empty() : tensor<64x128xf32>
// OUT:   %5 = linalg.softmax dimension(0) ins(%arg2 : tensor<64x128xf32>) outs(%4 : tensor<64x128xf32>) -> tensor<64x128xf32>
// OUT:   return %1, %3, %5 : tensor<64x1024xf32>, tensor<4x65536xf32>, tensor<64x128xf32>
// OUT: }
// OUT: region @dispatch_0_softmax root linalg.softmax -> %4
// OUT:   inputs (%0) outputs (%4)
// OUT:   %4 = linalg.softmax(%0, %3)
// OUT: region @dispatch_1_softmax root linalg.softmax -> %6
// OUT:   inputs (%1) outputs (%6)
// OUT:   %6 = linalg.softmax(%1, %5)
// OUT: region @dispatch_2_softmax root linalg.softmax -> %8
// OUT:   inputs (%2) outputs (%8)
// OUT:   %8 = linalg.softmax(%2, %7)
// OUT: plan @dispatch_0_softmax softmax-rows registers workgroup=128; vec4 registers workgroup=128
// OUT: plan @dispatch_1_softmax softmax-rows streamed workgroup=256; vec4 streamed workgroup=256
// OUT: plan @dispatch_2_softmax softmax-serial

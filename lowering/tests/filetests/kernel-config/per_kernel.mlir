// RUN: kernel-config target=llvmpipe
// A softmax region on a CPU device: no region-level choice; its kernel's strategy, rows streamed
// by a subgroup each (a CPU keeps a row in registers only where one subgroup holds it).
func.func @main(%x: tensor<512x512xf32>) -> tensor<512x512xf32> {
  %e = tensor.empty() : tensor<512x512xf32>
  %s = linalg.softmax dimension(1) ins(%x : tensor<512x512xf32>) outs(%e : tensor<512x512xf32>) -> tensor<512x512xf32>
  return %s : tensor<512x512xf32>
}
// OUT: func.func @main(%arg0: tensor<512x512xf32>) -> tensor<512x512xf32> {
// OUT:   %0 = tensor.empty() : tensor<512x512xf32>
// OUT:   %1 = linalg.softmax dimension(1) ins(%arg0 : tensor<512x512xf32>) outs(%0 : tensor<512x512xf32>) -> tensor<512x512xf32>
// OUT:   return %1 : tensor<512x512xf32>
// OUT: }
// OUT: region @dispatch_0_softmax root linalg.softmax -> %2
// OUT:   inputs (%0) outputs (%2)
// OUT:   %2 = linalg.softmax(%0, %1)
// OUT: plan @dispatch_0_softmax softmax-rows streamed subgroup=8x16; vec4 streamed subgroup=8x16

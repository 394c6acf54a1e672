// Row sum of a 4096x4096 f32 matrix (IREE Vulkan: 3.39 TB/s on H200).
func.func @main(%x: tensor<4096x4096xf32>) -> tensor<4096xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4096xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4096xf32>) -> tensor<4096xf32>
  %r = linalg.reduce ins(%x : tensor<4096x4096xf32>) outs(%f : tensor<4096xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %0 = arith.addf %in, %init : f32
      linalg.yield %0 : f32
    }
  return %r : tensor<4096xf32>
}

// RUN: legalize target=vulkan1.1 index64
// 64-bit indices need Int64, which the Vulkan 1.1 baseline lacks: the conversion target refuses
// the first kernel op whose SPIR-V uses an i64, naming the op and what the target lacks.
// expected-error: failed to legalize '%0 = constant 8' for target vulkan1.1: type i64 needs one of the capabilities [Int64]
#id = affine_map<(d0) -> (d0)>
func.func @main(%x: tensor<8xf32>) -> tensor<8xf32> {
  %e = tensor.empty() : tensor<8xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%a: f32, %out: f32):
    %s = arith.addf %a, %a : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// bench kernel: a transformer's linear layer in f16: A * B + bias with f16 operands, bias and
// result and an f32 accumulator (`--precision f16`'s Gemm). Parameters: M=256 N=256 K=256
// (defaults sized for lavapipe)
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
func.func @main(%a: tensor<@M@x@K@xf16>, %b: tensor<@K@x@N@xf16>, %bias: tensor<@N@xf16>) -> tensor<@M@x@N@xf16> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<@M@x@N@xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<@M@x@N@xf32>) -> tensor<@M@x@N@xf32>
  %c = linalg.matmul ins(%a, %b : tensor<@M@x@K@xf16>, tensor<@K@x@N@xf16>) outs(%f : tensor<@M@x@N@xf32>) -> tensor<@M@x@N@xf32>
  %e16 = tensor.empty() : tensor<@M@x@N@xf16>
  %r = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%c, %bias : tensor<@M@x@N@xf32>, tensor<@N@xf16>) outs(%e16 : tensor<@M@x@N@xf16>) {
  ^bb0(%x: f32, %y: f16, %out: f16):
    %yf = arith.extf %y : f16 to f32
    %s = arith.addf %x, %yf : f32
    %t = arith.truncf %s : f32 to f16
    linalg.yield %t : f16
  } -> tensor<@M@x@N@xf16>
  return %r : tensor<@M@x@N@xf16>
}

// bench kernel: out = max(x + bias + y, 0) * s (bias broadcast along rows), f32; one fused pass: three M x N reads, one M x N write.
// Parameters: M=512 N=512  (defaults sized for lavapipe)
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
func.func @main(%x: tensor<@M@x@N@xf32>, %bias: tensor<@N@xf32>, %y: tensor<@M@x@N@xf32>, %s: tensor<@M@x@N@xf32>) -> tensor<@M@x@N@xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<@M@x@N@xf32>
  %r = linalg.generic {indexing_maps = [#id, #row, #id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %bias, %y, %s : tensor<@M@x@N@xf32>, tensor<@N@xf32>, tensor<@M@x@N@xf32>, tensor<@M@x@N@xf32>) outs(%e : tensor<@M@x@N@xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32, %d: f32, %out: f32):
    %0 = arith.addf %a, %b : f32
    %1 = arith.addf %0, %c : f32
    %2 = arith.maximumf %1, %zero : f32
    %3 = arith.mulf %2, %d : f32
    linalg.yield %3 : f32
  } -> tensor<@M@x@N@xf32>
  return %r : tensor<@M@x@N@xf32>
}

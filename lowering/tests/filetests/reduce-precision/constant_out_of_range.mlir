// RUN: reduce-precision target=llvmpipe precision=f16
// A weight beyond f16's largest finite value (65504) would become inf: refused, naming it.
func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %w = arith.constant dense<[1.0, 1.0e5]> : tensor<2xf32>
  %e = tensor.empty() : tensor<2xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x, %w : tensor<2xf32>, tensor<2xf32>) outs(%e : tensor<2xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %s = arith.mulf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<2xf32>
  return %r : tensor<2xf32>
}
// expected-error: unsupported f16 constant (op `arith.constant at 4:3`): it holds 1e5, outside the range of f16

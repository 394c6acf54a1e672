// RUN: abi-vce-serialize target=llvmpipe
// expected-error: bf16
#id = affine_map<(d0) -> (d0)>
func.func @main(%x: tensor<8xbf16>) -> tensor<8xbf16> {
  %e = tensor.empty() : tensor<8xbf16>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<8xbf16>) outs(%e : tensor<8xbf16>) {
  ^bb0(%a: bf16, %out: bf16):
    %s = arith.addf %a, %a : bf16
    linalg.yield %s : bf16
  } -> tensor<8xbf16>
  return %r : tensor<8xbf16>
}

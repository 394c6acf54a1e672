// bench kernel: attention softmax(Q K^T / 8 + bias) V of @B@ (batch x heads) f16 heads, Q queries, K keys, head dim D (a bias per query and key, shared by the heads: Swin's relative positions); f16 tensors as a `model.half()` export has them.
// Parameters: B=2 Q=64 K=64 D=64  (defaults sized for lavapipe)
#q = affine_map<(b, m, n, d) -> (b, m, d)>
#k = affine_map<(b, m, n, d) -> (b, n, d)>
#s = affine_map<(b, m, n, d) -> (b, m, n)>
#id = affine_map<(b, m, n) -> (b, m, n)>
#bias = affine_map<(b, m, n) -> (m, n)>
#p = affine_map<(b, m, c, n) -> (b, m, n)>
#v = affine_map<(b, m, c, n) -> (b, n, c)>
#o = affine_map<(b, m, c, n) -> (b, m, c)>
func.func @main(%q: tensor<@B@x@Q@x@D@xf16>, %k: tensor<@B@x@K@x@D@xf16>, %v: tensor<@B@x@K@x@D@xf16>, %bias: tensor<@Q@x@K@xf16>) -> tensor<@B@x@Q@x@D@xf16> {
  %zero = arith.constant 0.0 : f16
  %se = tensor.empty() : tensor<@B@x@Q@x@K@xf16>
  %sf = linalg.fill ins(%zero : f16) outs(%se : tensor<@B@x@Q@x@K@xf16>) -> tensor<@B@x@Q@x@K@xf16>
  %s = linalg.generic {indexing_maps = [#q, #k, #s], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%q, %k : tensor<@B@x@Q@x@D@xf16>, tensor<@B@x@K@x@D@xf16>) outs(%sf : tensor<@B@x@Q@x@K@xf16>) {
  ^bb0(%a: f16, %b: f16, %acc: f16):
    %p = arith.mulf %a, %b : f16
    %r = arith.addf %acc, %p : f16
    linalg.yield %r : f16
  } -> tensor<@B@x@Q@x@K@xf16>
  %x = linalg.generic {indexing_maps = [#id, #bias, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%s, %bias : tensor<@B@x@Q@x@K@xf16>, tensor<@Q@x@K@xf16>) outs(%se : tensor<@B@x@Q@x@K@xf16>) {
  ^bb0(%a: f16, %c: f16, %o: f16):
    %eighth = arith.constant 0.125 : f16
    %y = arith.mulf %a, %eighth : f16
    %z = arith.addf %y, %c : f16
    linalg.yield %z : f16
  } -> tensor<@B@x@Q@x@K@xf16>
  %pe = tensor.empty() : tensor<@B@x@Q@x@K@xf16>
  %pr = linalg.softmax dimension(2) ins(%x : tensor<@B@x@Q@x@K@xf16>) outs(%pe : tensor<@B@x@Q@x@K@xf16>) -> tensor<@B@x@Q@x@K@xf16>
  %oe = tensor.empty() : tensor<@B@x@Q@x@D@xf16>
  %of = linalg.fill ins(%zero : f16) outs(%oe : tensor<@B@x@Q@x@D@xf16>) -> tensor<@B@x@Q@x@D@xf16>
  %out = linalg.generic {indexing_maps = [#p, #v, #o], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%pr, %v : tensor<@B@x@Q@x@K@xf16>, tensor<@B@x@K@x@D@xf16>) outs(%of : tensor<@B@x@Q@x@D@xf16>) {
  ^bb0(%a: f16, %b: f16, %acc: f16):
    %p = arith.mulf %a, %b : f16
    %r = arith.addf %acc, %p : f16
    linalg.yield %r : f16
  } -> tensor<@B@x@Q@x@D@xf16>
  return %out : tensor<@B@x@Q@x@D@xf16>
}

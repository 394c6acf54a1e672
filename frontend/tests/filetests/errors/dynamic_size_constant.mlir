func.func @main(%x: tensor<?x4xf32> {kiln.symbols = ["N"]}) -> tensor<?x4xf32> {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{%c0 is a constant; a dynamic size must come from tensor.dim of a symbolic dim}}
  %e = tensor.empty(%c0) : tensor<?x4xf32>
  return %e : tensor<?x4xf32>
}

func.func @main(%a: f32) -> f32 {
  // expected-error @+1 {{unsupported op 'arith.addf' (scalar arith/math ops are only allowed inside linalg.generic / linalg.reduce bodies)}}
  %0 = arith.addf %a, %a : f32
  return %0 : f32
}

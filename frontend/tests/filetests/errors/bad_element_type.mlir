// expected-error @+1 {{expected an element type (f64, f32, f16, bf16, i64, i32, i8, i1), found 'q32'}}
func.func @main(%a: tensor<4xq32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}

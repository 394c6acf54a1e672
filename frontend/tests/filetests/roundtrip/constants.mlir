// Constants of every element type: splat, dense lists, hex, non-finite floats, booleans.
func.func @main() -> (tensor<2x2xf32>, tensor<3xf16>, tensor<2xbf16>, tensor<2xi64>, tensor<3xi32>, tensor<2xi8>, tensor<3xi1>, tensor<4xf32>, tensor<2xf64>, tensor<2xf32>, i1, i32) {
  %a = arith.constant dense<[[1.5, -2.0], [3.25e-3, 1.0e10]]> : tensor<2x2xf32>
  %b = arith.constant dense<[0.5, 6.5e4, -1.0e-3]> : tensor<3xf16>
  %c = arith.constant dense<[1.0, 3.0e38]> : tensor<2xbf16>
  %d = arith.constant dense<[9223372036854775807, -9007199254740993]> : tensor<2xi64>
  %e = arith.constant dense<[2147483647, -2147483648, 0]> : tensor<3xi32>
  %f = arith.constant dense<[127, -128]> : tensor<2xi8>
  %g = arith.constant dense<[true, false, true]> : tensor<3xi1>
  %h = arith.constant dense<0.1> : tensor<4xf32>
  %i = arith.constant dense<[0.1, 1.0e-300]> : tensor<2xf64>
  %j = arith.constant dense<[0x7F800000, 0xFF800000]> : tensor<2xf32>
  %k = arith.constant true
  %l = arith.constant -7 : i32
  %m = arith.constant dense<"0x0000803F00000040"> : tensor<2xf32>
  return %a, %b, %c, %d, %e, %f, %g, %h, %i, %m, %k, %l : tensor<2x2xf32>, tensor<3xf16>, tensor<2xbf16>, tensor<2xi64>, tensor<3xi32>, tensor<2xi8>, tensor<3xi1>, tensor<4xf32>, tensor<2xf64>, tensor<2xf32>, i1, i32
}
// OUT: func.func @main() -> (tensor<2x2xf32>, tensor<3xf16>, tensor<2xbf16>, tensor<2xi64>, tensor<3xi32>, tensor<2xi8>, tensor<3xi1>, tensor<4xf32>, tensor<2xf64>, tensor<2xf32>, i1, i32) {
// OUT:   %0 = arith.constant dense<[[1.5, -2.0], [3.25e-3, 1.0e10]]> : tensor<2x2xf32>
// OUT:   %1 = arith.constant dense<[5.0e-1, 6.4992e4, -1.0004044e-3]> : tensor<3xf16>
// OUT:   %2 = arith.constant dense<[1.0, 3.0040553e38]> : tensor<2xbf16>
// OUT:   %3 = arith.constant dense<[9223372036854775807, -9007199254740993]> : tensor<2xi64>
// OUT:   %4 = arith.constant dense<[2147483647, -2147483648, 0]> : tensor<3xi32>
// OUT:   %5 = arith.constant dense<[127, -128]> : tensor<2xi8>
// OUT:   %6 = arith.constant dense<[true, false, true]> : tensor<3xi1>
// OUT:   %7 = arith.constant dense<1.0e-1> : tensor<4xf32>
// OUT:   %8 = arith.constant dense<[1.0e-1, 1.0e-300]> : tensor<2xf64>
// OUT:   %9 = arith.constant dense<[0x7F800000, 0xFF800000]> : tensor<2xf32>
// OUT:   %10 = arith.constant true
// OUT:   %11 = arith.constant -7 : i32
// OUT:   %12 = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
// OUT:   return %0, %1, %2, %3, %4, %5, %6, %7, %8, %12, %10, %11 : tensor<2x2xf32>, tensor<3xf16>, tensor<2xbf16>, tensor<2xi64>, tensor<3xi32>, tensor<2xi8>, tensor<3xi1>, tensor<4xf32>, tensor<2xf64>, tensor<2xf32>, i1, i32
// OUT: }

// RUN: fusion target=nvidia-h200
// The matmul of matmul_f16_workgroup_matrix_split.mlir on a target with VK_NV_cooperative_matrix2's
// per-element operations: the bias + relu epilogue fuses into the matmul's region, to run on the
// workgroup-scope accumulator before its store (lower-to-kernels/matmul_f16_matrix_epilogue.mlir).
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
func.func @main(%a: tensor<1024x1024xf16>, %b: tensor<1024x1024xf16>, %bias: tensor<1024xf32>) -> tensor<1024x1024xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1024x1024xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %c = linalg.matmul ins(%a, %b : tensor<1024x1024xf16>, tensor<1024x1024xf16>) outs(%f : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %r = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%c, %bias : tensor<1024x1024xf32>, tensor<1024xf32>) outs(%e : tensor<1024x1024xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %s = arith.addf %x, %y : f32
    %m = arith.maximumf %s, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1024x1024xf32>
  return %r : tensor<1024x1024xf32>
}
// OUT: #map = affine_map<(d0, d1) -> ()>
// OUT: #map1 = affine_map<(d0, d1) -> (d0, d1)>
// OUT: #map2 = affine_map<(d0, d1, d2) -> (d0, d2)>
// OUT: #map3 = affine_map<(d0, d1, d2) -> (d2, d1)>
// OUT: #map4 = affine_map<(d0, d1, d2) -> (d0, d1)>
// OUT: #map5 = affine_map<(d0, d1) -> (d1)>
// OUT:
// OUT: func.func @main(%arg0: tensor<1024x1024xf16>, %arg1: tensor<1024x1024xf16>, %arg2: tensor<1024xf32>) -> tensor<1024x1024xf32> {
// OUT:   %0 = arith.constant 0.0 : f32
// OUT:   %1 = tensor.empty() : tensor<1024x1024xf32>
// OUT:   %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%0 : f32) outs(%1 : tensor<1024x1024xf32>) {
// OUT:   ^bb0(%3: f32, %4: f32):
// OUT:     linalg.yield %3 : f32
// OUT:   } -> tensor<1024x1024xf32>
// OUT:   %5 = linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<1024x1024xf16>, tensor<1024x1024xf16>) outs(%2 : tensor<1024x1024xf32>) {
// OUT:   ^bb0(%6: f16, %7: f16, %8: f32):
// OUT:     %9 = arith.extf %6 : f16 to f32
// OUT:     %10 = arith.extf %7 : f16 to f32
// OUT:     %11 = arith.mulf %9, %10 : f32
// OUT:     %12 = arith.addf %8, %11 : f32
// OUT:     linalg.yield %12 : f32
// OUT:   } -> tensor<1024x1024xf32>
// OUT:   %13 = linalg.generic {indexing_maps = [#map1, #map5, #map1], iterator_types = ["parallel", "parallel"]} ins(%5, %arg2 : tensor<1024x1024xf32>, tensor<1024xf32>) outs(%1 : tensor<1024x1024xf32>) {
// OUT:   ^bb0(%14: f32, %15: f32, %16: f32):
// OUT:     %17 = arith.addf %14, %15 : f32
// OUT:     %18 = arith.maximumf %17, %0 : f32
// OUT:     linalg.yield %18 : f32
// OUT:   } -> tensor<1024x1024xf32>
// OUT:   return %13 : tensor<1024x1024xf32>
// OUT: }
// OUT: region @dispatch_0_contraction root linalg.generic -> %6 epilogue -> %7
// OUT:   inputs (%0, %1, %2) outputs (%7)
// OUT:   %5 = linalg.generic(%3, %4)
// OUT:   %6 = linalg.generic(%0, %1, %5)
// OUT:   %7 = linalg.generic(%6, %2, %4)

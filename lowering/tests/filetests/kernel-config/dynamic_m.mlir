// RUN: kernel-config target=nvidia-h200
// A linear layer with a dynamic row count: run-time variants (few rows up to a limit, then one
// per range of rows over which a static M's choices agree); its bias + relu region has no
// region-level choice.
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
func.func @main(%a: tensor<?x1024xf16> {kiln.symbols = ["M"]}, %b: tensor<1024x1024xf16>, %bias: tensor<1024xf32>) -> tensor<?x1024xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() {kiln.symbols = ["M"]} : tensor<?x1024xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x1024xf32>) -> tensor<?x1024xf32>
  %c = linalg.matmul ins(%a, %b : tensor<?x1024xf16>, tensor<1024x1024xf16>) outs(%f : tensor<?x1024xf32>) -> tensor<?x1024xf32>
  %r = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%c, %bias : tensor<?x1024xf32>, tensor<1024xf32>) outs(%e : tensor<?x1024xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %s = arith.addf %x, %y : f32
    %m = arith.maximumf %s, %zero : f32
    linalg.yield %m : f32
  } -> tensor<?x1024xf32>
  return %r : tensor<?x1024xf32>
}
// OUT: #map = affine_map<(d0, d1) -> ()>
// OUT: #map1 = affine_map<(d0, d1) -> (d0, d1)>
// OUT: #map2 = affine_map<(d0, d1, d2) -> (d0, d2)>
// OUT: #map3 = affine_map<(d0, d1, d2) -> (d2, d1)>
// OUT: #map4 = affine_map<(d0, d1, d2) -> (d0, d1)>
// OUT: #map5 = affine_map<(d0, d1) -> (d1)>
// OUT:
// OUT: func.func @main(%arg0: tensor<?x1024xf16> {kiln.symbols = ["M"]}, %arg1: tensor<1024x1024xf16>, %arg2: tensor<1024xf32>) -> tensor<?x1024xf32> {
// OUT:   %c0 = arith.constant 0 : index
// OUT:   %dim0 = tensor.dim %arg0, %c0 : tensor<?x1024xf16>
// OUT:   %0 = arith.constant 0.0 : f32
// OUT:   %1 = tensor.empty(%dim0) : tensor<?x1024xf32>
// OUT:   %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%0 : f32) outs(%1 : tensor<?x1024xf32>) {
// OUT:   ^bb0(%3: f32, %4: f32):
// OUT:     linalg.yield %3 : f32
// OUT:   } -> tensor<?x1024xf32>
// OUT:   %5 = linalg.generic {indexing_maps = [#map2, #map3, #map4], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<?x1024xf16>, tensor<1024x1024xf16>) outs(%2 : tensor<?x1024xf32>) {
// OUT:   ^bb0(%6: f16, %7: f16, %8: f32):
// OUT:     %9 = arith.extf %6 : f16 to f32
// OUT:     %10 = arith.extf %7 : f16 to f32
// OUT:     %11 = arith.mulf %9, %10 : f32
// OUT:     %12 = arith.addf %8, %11 : f32
// OUT:     linalg.yield %12 : f32
// OUT:   } -> tensor<?x1024xf32>
// OUT:   %13 = linalg.generic {indexing_maps = [#map1, #map5, #map1], iterator_types = ["parallel", "parallel"]} ins(%5, %arg2 : tensor<?x1024xf32>, tensor<1024xf32>) outs(%1 : tensor<?x1024xf32>) {
// OUT:   ^bb0(%14: f32, %15: f32, %16: f32):
// OUT:     %17 = arith.addf %14, %15 : f32
// OUT:     %18 = arith.maximumf %17, %0 : f32
// OUT:     linalg.yield %18 : f32
// OUT:   } -> tensor<?x1024xf32>
// OUT:   return %13 : tensor<?x1024xf32>
// OUT: }
// OUT: region @dispatch_0_contraction root linalg.generic -> %6 epilogue -> %7
// OUT:   inputs (%0, %1, %2) outputs (%7)
// OUT:   %5 = linalg.generic(%3, %4)
// OUT:   %6 = linalg.generic(%0, %1, %5)
// OUT:   %7 = linalg.generic(%6, %2, %4)
// OUT: plan @dispatch_0_contraction row-variants m=M
// OUT:   1..=1 rows1: gemv rows=1 invocations=1024 unroll=4 width=4
// OUT:   2..=4 rows4: gemv rows=4 invocations=512 unroll=8 width=4
// OUT:   5..=32 rows8: gemv rows=8 invocations=256 unroll=8 width=4
// OUT:   33..=128 m33: split-k tiles=128x128x64/128 slices=8 max-rows=128
// OUT:   129..=192 m129: split-k tiles=128x128x64/128 slices=4 max-rows=192
// OUT:   193..=1472 m193: workgroup-matrix tiles=64x64x64/128
// OUT:   1473..=2944 m1473: workgroup-matrix tiles=64x128x64/128
// OUT:   2945.. tiled: workgroup-matrix tiles=128x128x64/128

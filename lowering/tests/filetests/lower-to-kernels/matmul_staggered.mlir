// RUN: lower-to-kernels target=nvidia-h200
// A long grid of workgroup-scope tiles: 8192 x 8192 f16 x f16 -> f32 with a bias, in 128x128
// tiles (4096 of them). The grid starts and ends with 64 half tiles (64x128, the bottom 128
// rows); the 4032 whole tiles cover the rows above in bands of 8 tile rows. The first
// workgroups finish early, so the slots they free run half a tile out of step with the others
// and result stores overlap multiply-adds. Both shapes apply the bias per element.
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
func.func @main(%a: tensor<8192x512xf16>, %b: tensor<512x8192xf16>, %bias: tensor<8192xf32>) -> tensor<8192x8192xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8192x8192xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8192x8192xf32>) -> tensor<8192x8192xf32>
  %c = linalg.matmul ins(%a, %b : tensor<8192x512xf16>, tensor<512x8192xf16>) outs(%f : tensor<8192x8192xf32>) -> tensor<8192x8192xf32>
  %r = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%c, %bias : tensor<8192x8192xf32>, tensor<8192xf32>) outs(%e : tensor<8192x8192xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<8192x8192xf32>
  return %r : tensor<8192x8192xf32>
}
// OUT: kernel @dispatch_0_contraction local_size [128, 1, 1] workgroup_count [1, 1, 1] {
// OUT:   binding #0 = set 0 binding 0 readonly f16 buffer 0 "input0"
// OUT:   binding #1 = set 0 binding 1 readonly f16 buffer 1 "input1"
// OUT:   binding #2 = set 0 binding 2 readonly f32 buffer 2 "input2"
// OUT:   binding #3 = set 0 binding 3 writeonly f32 buffer 3 "output0"
// OUT:   view @v0 = #0 offset 0 shape [8192, 512] strides [512, 1]
// OUT:   view @v1 = #1 offset 0 shape [512, 8192] strides [8192, 1]
// OUT:   view @v2 = #2 offset 0 shape [8192] strides [1]
// OUT:   view @v3 = #3 offset 0 shape [8192, 8192] strides [8192, 1]
// OUT:   alloc @a0 = function coopmat<64x128xf32, acc, workgroup>[1] "acc"
// OUT:   alloc @a1 = function coopmat<128x128xf32, acc, workgroup>[1] "acc"
// OUT:   %0 = constant 4160 : index
// OUT:   parallel workgroup (%i1) < (%0) {
// OUT:     %2 = constant 128 : index
// OUT:     parallel local (%i3) < (%2) {
// OUT:       %4 = constant 64 : index
// OUT:       %5 = constant 4096 : index
// OUT:       %6 = cmp lt %i1, %4 : i1
// OUT:       %7 = cmp ge %i1, %5 : i1
// OUT:       %8 = or %6, %7 : i1
// OUT:       if %8 {
// OUT:         %9 = constant 0 : index
// OUT:         %10 = constant 0.0 : f32
// OUT:         %11 = splat %10 : coopmat<64x128xf32, acc, workgroup>
// OUT:         store @a0[], %11
// OUT:         %12 = constant 4032 : index
// OUT:         %13 = sub %i1, %12 : index
// OUT:         %14 = select %6, %i1, %13 : index
// OUT:         %15 = constant 64 : index
// OUT:         %16 = constant 126 : index
// OUT:         %17 = div %14, %15 : index
// OUT:         %18 = add %16, %17 : index
// OUT:         %19 = rem %14, %15 : index
// OUT:         %20 = constant 8192 : index
// OUT:         %21 = constant 8192 : index
// OUT:         %22 = constant 128 : index
// OUT:         %23 = constant 64 : index
// OUT:         %24 = mul %18, %23 : index
// OUT:         %25 = constant 128 : index
// OUT:         %26 = mul %19, %25 : index
// OUT:         %27 = constant 0 : index
// OUT:         %28 = constant 512 : index
// OUT:         %29 = constant 128 : index
// OUT:         %30 = constant 64 : index
// OUT:         for %k31 = %27 to %28 step %29 {
// OUT:           %32 = matrix_load_tensor @v0[%24.., %k31..] in_bounds : coopmat<64x64xf16, a, workgroup>
// OUT:           %33 = matrix_load_tensor @v1[%k31.., %26..] in_bounds : coopmat<64x128xf16, b, workgroup>
// OUT:           %34 = load @a0[] : coopmat<64x128xf32, acc, workgroup>
// OUT:           %35 = matrix_mul_add %32, %33, %34 : coopmat<64x128xf32, acc, workgroup>
// OUT:           store @a0[], %35
// OUT:           %36 = add %k31, %30 : index
// OUT:           %37 = matrix_load_tensor @v0[%24.., %36..] in_bounds : coopmat<64x64xf16, a, workgroup>
// OUT:           %38 = matrix_load_tensor @v1[%36.., %26..] in_bounds : coopmat<64x128xf16, b, workgroup>
// OUT:           %39 = load @a0[] : coopmat<64x128xf32, acc, workgroup>
// OUT:           %40 = matrix_mul_add %37, %38, %39 : coopmat<64x128xf32, acc, workgroup>
// OUT:           store @a0[], %40
// OUT:         }
// OUT:         %41 = load @a0[] : coopmat<64x128xf32, acc, workgroup>
// OUT:         %42 = constant 1 : index
// OUT:         %51 = matrix_map %41 (%row43, %column44, %x45) {
// OUT:           %46 = add %24, %row43 : index
// OUT:           %47 = add %26, %column44 : index
// OUT:           %48 = constant 0 : index
// OUT:           %49 = load @v2[%47] : f32
// OUT:           %50 = add %x45, %49 : f32
// OUT:           yield %50
// OUT:         } : coopmat<64x128xf32, acc, workgroup>
// OUT:         matrix_store_tensor %51, @v3[%24.., %26..] in_bounds
// OUT:       } else {
// OUT:         %52 = constant 0 : index
// OUT:         %53 = constant 0.0 : f32
// OUT:         %54 = splat %53 : coopmat<128x128xf32, acc, workgroup>
// OUT:         store @a1[], %54
// OUT:         %55 = sub %i1, %4 : index
// OUT:         %56 = constant 63 : index
// OUT:         %57 = constant 512 : index
// OUT:         %58 = div %55, %57 : index
// OUT:         %59 = constant 8 : index
// OUT:         %60 = mul %58, %59 : index
// OUT:         %61 = sub %56, %60 : index
// OUT:         %62 = min %61, %59 : index
// OUT:         %63 = rem %55, %57 : index
// OUT:         %64 = rem %63, %62 : index
// OUT:         %65 = add %60, %64 : index
// OUT:         %66 = div %63, %62 : index
// OUT:         %67 = constant 8064 : index
// OUT:         %68 = constant 8192 : index
// OUT:         %69 = constant 64 : index
// OUT:         %70 = constant 128 : index
// OUT:         %71 = mul %65, %70 : index
// OUT:         %72 = constant 128 : index
// OUT:         %73 = mul %66, %72 : index
// OUT:         %74 = constant 0 : index
// OUT:         %75 = constant 512 : index
// OUT:         %76 = constant 128 : index
// OUT:         %77 = constant 64 : index
// OUT:         for %k78 = %74 to %75 step %76 {
// OUT:           %79 = matrix_load_tensor @v0[%71.., %k78..] in_bounds : coopmat<128x64xf16, a, workgroup>
// OUT:           %80 = matrix_load_tensor @v1[%k78.., %73..] in_bounds : coopmat<64x128xf16, b, workgroup>
// OUT:           %81 = load @a1[] : coopmat<128x128xf32, acc, workgroup>
// OUT:           %82 = matrix_mul_add %79, %80, %81 : coopmat<128x128xf32, acc, workgroup>
// OUT:           store @a1[], %82
// OUT:           %83 = add %k78, %77 : index
// OUT:           %84 = matrix_load_tensor @v0[%71.., %83..] in_bounds : coopmat<128x64xf16, a, workgroup>
// OUT:           %85 = matrix_load_tensor @v1[%83.., %73..] in_bounds : coopmat<64x128xf16, b, workgroup>
// OUT:           %86 = load @a1[] : coopmat<128x128xf32, acc, workgroup>
// OUT:           %87 = matrix_mul_add %84, %85, %86 : coopmat<128x128xf32, acc, workgroup>
// OUT:           store @a1[], %87
// OUT:         }
// OUT:         %88 = load @a1[] : coopmat<128x128xf32, acc, workgroup>
// OUT:         %89 = constant 1 : index
// OUT:         %98 = matrix_map %88 (%row90, %column91, %x92) {
// OUT:           %93 = add %71, %row90 : index
// OUT:           %94 = add %73, %column91 : index
// OUT:           %95 = constant 0 : index
// OUT:           %96 = load @v2[%94] : f32
// OUT:           %97 = add %x92, %96 : f32
// OUT:           yield %97
// OUT:         } : coopmat<128x128xf32, acc, workgroup>
// OUT:         matrix_store_tensor %98, @v3[%71.., %73..] in_bounds
// OUT:       }
// OUT:     }
// OUT:   }
// OUT: }

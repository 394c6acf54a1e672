// RUN: lower-to-kernels target=nvidia-h200
// An f32 linear layer on 65 rows (65x4096 * 4096x4096 + bias) on the split bf16 pipeline: the
// operands' planes, then split-K, since its 64x128 tiles make only 64 workgroups: the
// `_slices` kernel runs the planes' matmul on a grid of 4 x 64 tiles, slice s summing its
// 1024-deep part of K (eight 128-deep flushes) from zero into `[slice, rows, n]` of `partials`;
// the `_sum` kernel adds the fill, the slices and the bias per element.
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d1)>
func.func @main(%a: tensor<65x4096xf32>, %b: tensor<4096x4096xf32>, %bias: tensor<4096xf32>) -> tensor<65x4096xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<65x4096xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<65x4096xf32>) -> tensor<65x4096xf32>
  %c = linalg.matmul ins(%a, %b : tensor<65x4096xf32>, tensor<4096x4096xf32>) outs(%f : tensor<65x4096xf32>) -> tensor<65x4096xf32>
  %r = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%c, %bias : tensor<65x4096xf32>, tensor<4096xf32>) outs(%e : tensor<65x4096xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<65x4096xf32>
  return %r : tensor<65x4096xf32>
}
// OUT: kernel @dispatch_0_contraction_split_lhs local_size [256, 1, 1] workgroup_count [1, 1, 1] {
// OUT:   binding #0 = set 0 binding 0 readonly f32 buffer 0 "input0"
// OUT:   binding #1 = set 0 binding 1 writeonly i16 buffer 4 "dispatch_0_contraction_lhs_planes"
// OUT:   view @v0 = #0 offset 0 shape [266240] strides [1]
// OUT:   view @v1 = #1 offset 0 shape [3, 266240] strides [266240, 1]
// OUT:   %0 = constant 260 : index
// OUT:   parallel workgroup (%i1) < (%0) {
// OUT:     %2 = constant 256 : index
// OUT:     parallel local (%i3) < (%2) {
// OUT:       %4 = constant 256 : index
// OUT:       %5 = mul %i1, %4 : index
// OUT:       %6 = add %5, %i3 : index
// OUT:       %7 = constant 66560 : index
// OUT:       %8 = cmp lt %6, %7 : i1
// OUT:       if %8 {
// OUT:         %9 = constant 4 : index
// OUT:         %10 = mul %6, %9 : index
// OUT:         %11 = load @v0[%10] : vector<4xf32>
// OUT:         %12 = bitcast %11 : vector<4xf32> : vector<4xi32>
// OUT:         %13 = constant 2147483647 : i32
// OUT:         %14 = splat %13 : vector<4xi32>
// OUT:         %15 = and %12, %14 : vector<4xi32>
// OUT:         %16 = constant 2139095040 : i32
// OUT:         %17 = splat %16 : vector<4xi32>
// OUT:         %18 = cmp gt %15, %17 : vector<4xi1>
// OUT:         %19 = constant -65536 : i32
// OUT:         %20 = splat %19 : vector<4xi32>
// OUT:         %21 = and %12, %20 : vector<4xi32>
// OUT:         %22 = constant 4194304 : i32
// OUT:         %23 = splat %22 : vector<4xi32>
// OUT:         %24 = or %21, %23 : vector<4xi32>
// OUT:         %25 = constant 2139029504 : i32
// OUT:         %26 = splat %25 : vector<4xi32>
// OUT:         %27 = cmp gt %15, %26 : vector<4xi1>
// OUT:         %28 = cmp lt %15, %17 : vector<4xi1>
// OUT:         %29 = and %27, %28 : vector<4xi1>
// OUT:         %30 = constant -2147483648 : i32
// OUT:         %31 = splat %30 : vector<4xi32>
// OUT:         %32 = and %12, %31 : vector<4xi32>
// OUT:         %33 = or %32, %26 : vector<4xi32>
// OUT:         %34 = constant 65536 : i32
// OUT:         %35 = splat %34 : vector<4xi32>
// OUT:         %36 = constant 0 : i32
// OUT:         %37 = splat %36 : vector<4xi32>
// OUT:         %38 = and %12, %35 : vector<4xi32>
// OUT:         %39 = cmp ne %38, %37 : vector<4xi1>
// OUT:         %40 = constant 32768 : i32
// OUT:         %41 = splat %40 : vector<4xi32>
// OUT:         %42 = constant 32767 : i32
// OUT:         %43 = splat %42 : vector<4xi32>
// OUT:         %44 = select %39, %41, %43 : vector<4xi32>
// OUT:         %45 = add %12, %44 : vector<4xi32>
// OUT:         %46 = constant -65536 : i32
// OUT:         %47 = splat %46 : vector<4xi32>
// OUT:         %48 = and %45, %47 : vector<4xi32>
// OUT:         %49 = select %29, %33, %48 : vector<4xi32>
// OUT:         %50 = select %18, %24, %49 : vector<4xi32>
// OUT:         %51 = bitcast %50 : vector<4xi32> : vector<4xf32>
// OUT:         %52 = constant 0.0 : f32
// OUT:         %53 = splat %52 : vector<4xf32>
// OUT:         %54 = sub %11, %51 : vector<4xf32>
// OUT:         %55 = select %28, %54, %53 : vector<4xf32>
// OUT:         %56 = bitcast %55 : vector<4xf32> : vector<4xi32>
// OUT:         %57 = constant 65536 : i32
// OUT:         %58 = splat %57 : vector<4xi32>
// OUT:         %59 = constant 0 : i32
// OUT:         %60 = splat %59 : vector<4xi32>
// OUT:         %61 = and %56, %58 : vector<4xi32>
// OUT:         %62 = cmp ne %61, %60 : vector<4xi1>
// OUT:         %63 = constant 32768 : i32
// OUT:         %64 = splat %63 : vector<4xi32>
// OUT:         %65 = constant 32767 : i32
// OUT:         %66 = splat %65 : vector<4xi32>
// OUT:         %67 = select %62, %64, %66 : vector<4xi32>
// OUT:         %68 = add %56, %67 : vector<4xi32>
// OUT:         %69 = constant -65536 : i32
// OUT:         %70 = splat %69 : vector<4xi32>
// OUT:         %71 = and %68, %70 : vector<4xi32>
// OUT:         %72 = bitcast %71 : vector<4xi32> : vector<4xf32>
// OUT:         %73 = sub %55, %72 : vector<4xf32>
// OUT:         %74 = bitcast %73 : vector<4xf32> : vector<4xi32>
// OUT:         %75 = constant 65536 : i32
// OUT:         %76 = splat %75 : vector<4xi32>
// OUT:         %77 = constant 0 : i32
// OUT:         %78 = splat %77 : vector<4xi32>
// OUT:         %79 = and %74, %76 : vector<4xi32>
// OUT:         %80 = cmp ne %79, %78 : vector<4xi1>
// OUT:         %81 = constant 32768 : i32
// OUT:         %82 = splat %81 : vector<4xi32>
// OUT:         %83 = constant 32767 : i32
// OUT:         %84 = splat %83 : vector<4xi32>
// OUT:         %85 = select %80, %82, %84 : vector<4xi32>
// OUT:         %86 = add %74, %85 : vector<4xi32>
// OUT:         %87 = constant -65536 : i32
// OUT:         %88 = splat %87 : vector<4xi32>
// OUT:         %89 = and %86, %88 : vector<4xi32>
// OUT:         %90 = bitcast %89 : vector<4xi32> : vector<4xf32>
// OUT:         %91 = constant 65536 : i32
// OUT:         %92 = splat %91 : vector<4xi32>
// OUT:         %93 = bitcast %51 : vector<4xf32> : vector<4xi32>
// OUT:         %94 = div %93, %92 : vector<4xi32>
// OUT:         %95 = cast %94 : vector<4xi32> : vector<4xi16>
// OUT:         %96 = constant 0 : index
// OUT:         store @v1[%96, %10], %95
// OUT:         %97 = bitcast %72 : vector<4xf32> : vector<4xi32>
// OUT:         %98 = div %97, %92 : vector<4xi32>
// OUT:         %99 = cast %98 : vector<4xi32> : vector<4xi16>
// OUT:         %100 = constant 1 : index
// OUT:         store @v1[%100, %10], %99
// OUT:         %101 = bitcast %90 : vector<4xf32> : vector<4xi32>
// OUT:         %102 = div %101, %92 : vector<4xi32>
// OUT:         %103 = cast %102 : vector<4xi32> : vector<4xi16>
// OUT:         %104 = constant 2 : index
// OUT:         store @v1[%104, %10], %103
// OUT:       }
// OUT:     }
// OUT:   }
// OUT: }
// OUT: kernel @dispatch_0_contraction_split_rhs local_size [256, 1, 1] workgroup_count [1, 1, 1] {
// OUT:   binding #0 = set 0 binding 0 readonly f32 buffer 1 "input1"
// OUT:   binding #1 = set 0 binding 1 writeonly i16 buffer 5 "dispatch_0_contraction_rhs_planes"
// OUT:   view @v0 = #0 offset 0 shape [16777216] strides [1]
// OUT:   view @v1 = #1 offset 0 shape [3, 16777216] strides [16777216, 1]
// OUT:   %0 = constant 16384 : index
// OUT:   parallel workgroup (%i1) < (%0) {
// OUT:     %2 = constant 256 : index
// OUT:     parallel local (%i3) < (%2) {
// OUT:       %4 = constant 256 : index
// OUT:       %5 = mul %i1, %4 : index
// OUT:       %6 = add %5, %i3 : index
// OUT:       %7 = constant 4194304 : index
// OUT:       %8 = cmp lt %6, %7 : i1
// OUT:       if %8 {
// OUT:         %9 = constant 4 : index
// OUT:         %10 = mul %6, %9 : index
// OUT:         %11 = load @v0[%10] : vector<4xf32>
// OUT:         %12 = bitcast %11 : vector<4xf32> : vector<4xi32>
// OUT:         %13 = constant 2147483647 : i32
// OUT:         %14 = splat %13 : vector<4xi32>
// OUT:         %15 = and %12, %14 : vector<4xi32>
// OUT:         %16 = constant 2139095040 : i32
// OUT:         %17 = splat %16 : vector<4xi32>
// OUT:         %18 = cmp gt %15, %17 : vector<4xi1>
// OUT:         %19 = constant -65536 : i32
// OUT:         %20 = splat %19 : vector<4xi32>
// OUT:         %21 = and %12, %20 : vector<4xi32>
// OUT:         %22 = constant 4194304 : i32
// OUT:         %23 = splat %22 : vector<4xi32>
// OUT:         %24 = or %21, %23 : vector<4xi32>
// OUT:         %25 = constant 2139029504 : i32
// OUT:         %26 = splat %25 : vector<4xi32>
// OUT:         %27 = cmp gt %15, %26 : vector<4xi1>
// OUT:         %28 = cmp lt %15, %17 : vector<4xi1>
// OUT:         %29 = and %27, %28 : vector<4xi1>
// OUT:         %30 = constant -2147483648 : i32
// OUT:         %31 = splat %30 : vector<4xi32>
// OUT:         %32 = and %12, %31 : vector<4xi32>
// OUT:         %33 = or %32, %26 : vector<4xi32>
// OUT:         %34 = constant 65536 : i32
// OUT:         %35 = splat %34 : vector<4xi32>
// OUT:         %36 = constant 0 : i32
// OUT:         %37 = splat %36 : vector<4xi32>
// OUT:         %38 = and %12, %35 : vector<4xi32>
// OUT:         %39 = cmp ne %38, %37 : vector<4xi1>
// OUT:         %40 = constant 32768 : i32
// OUT:         %41 = splat %40 : vector<4xi32>
// OUT:         %42 = constant 32767 : i32
// OUT:         %43 = splat %42 : vector<4xi32>
// OUT:         %44 = select %39, %41, %43 : vector<4xi32>
// OUT:         %45 = add %12, %44 : vector<4xi32>
// OUT:         %46 = constant -65536 : i32
// OUT:         %47 = splat %46 : vector<4xi32>
// OUT:         %48 = and %45, %47 : vector<4xi32>
// OUT:         %49 = select %29, %33, %48 : vector<4xi32>
// OUT:         %50 = select %18, %24, %49 : vector<4xi32>
// OUT:         %51 = bitcast %50 : vector<4xi32> : vector<4xf32>
// OUT:         %52 = constant 0.0 : f32
// OUT:         %53 = splat %52 : vector<4xf32>
// OUT:         %54 = sub %11, %51 : vector<4xf32>
// OUT:         %55 = select %28, %54, %53 : vector<4xf32>
// OUT:         %56 = bitcast %55 : vector<4xf32> : vector<4xi32>
// OUT:         %57 = constant 65536 : i32
// OUT:         %58 = splat %57 : vector<4xi32>
// OUT:         %59 = constant 0 : i32
// OUT:         %60 = splat %59 : vector<4xi32>
// OUT:         %61 = and %56, %58 : vector<4xi32>
// OUT:         %62 = cmp ne %61, %60 : vector<4xi1>
// OUT:         %63 = constant 32768 : i32
// OUT:         %64 = splat %63 : vector<4xi32>
// OUT:         %65 = constant 32767 : i32
// OUT:         %66 = splat %65 : vector<4xi32>
// OUT:         %67 = select %62, %64, %66 : vector<4xi32>
// OUT:         %68 = add %56, %67 : vector<4xi32>
// OUT:         %69 = constant -65536 : i32
// OUT:         %70 = splat %69 : vector<4xi32>
// OUT:         %71 = and %68, %70 : vector<4xi32>
// OUT:         %72 = bitcast %71 : vector<4xi32> : vector<4xf32>
// OUT:         %73 = sub %55, %72 : vector<4xf32>
// OUT:         %74 = bitcast %73 : vector<4xf32> : vector<4xi32>
// OUT:         %75 = constant 65536 : i32
// OUT:         %76 = splat %75 : vector<4xi32>
// OUT:         %77 = constant 0 : i32
// OUT:         %78 = splat %77 : vector<4xi32>
// OUT:         %79 = and %74, %76 : vector<4xi32>
// OUT:         %80 = cmp ne %79, %78 : vector<4xi1>
// OUT:         %81 = constant 32768 : i32
// OUT:         %82 = splat %81 : vector<4xi32>
// OUT:         %83 = constant 32767 : i32
// OUT:         %84 = splat %83 : vector<4xi32>
// OUT:         %85 = select %80, %82, %84 : vector<4xi32>
// OUT:         %86 = add %74, %85 : vector<4xi32>
// OUT:         %87 = constant -65536 : i32
// OUT:         %88 = splat %87 : vector<4xi32>
// OUT:         %89 = and %86, %88 : vector<4xi32>
// OUT:         %90 = bitcast %89 : vector<4xi32> : vector<4xf32>
// OUT:         %91 = constant 65536 : i32
// OUT:         %92 = splat %91 : vector<4xi32>
// OUT:         %93 = bitcast %51 : vector<4xf32> : vector<4xi32>
// OUT:         %94 = div %93, %92 : vector<4xi32>
// OUT:         %95 = cast %94 : vector<4xi32> : vector<4xi16>
// OUT:         %96 = constant 0 : index
// OUT:         store @v1[%96, %10], %95
// OUT:         %97 = bitcast %72 : vector<4xf32> : vector<4xi32>
// OUT:         %98 = div %97, %92 : vector<4xi32>
// OUT:         %99 = cast %98 : vector<4xi32> : vector<4xi16>
// OUT:         %100 = constant 1 : index
// OUT:         store @v1[%100, %10], %99
// OUT:         %101 = bitcast %90 : vector<4xf32> : vector<4xi32>
// OUT:         %102 = div %101, %92 : vector<4xi32>
// OUT:         %103 = cast %102 : vector<4xi32> : vector<4xi16>
// OUT:         %104 = constant 2 : index
// OUT:         store @v1[%104, %10], %103
// OUT:       }
// OUT:     }
// OUT:   }
// OUT: }
// OUT: kernel @dispatch_0_contraction_slices local_size [128, 1, 1] workgroup_count [1, 1, 1] {
// OUT:   binding #0 = set 0 binding 0 writeonly f32 buffer 6 "partials"
// OUT:   binding #1 = set 0 binding 1 readonly bf16 buffer 4 "lhs_planes"
// OUT:   binding #2 = set 0 binding 2 readonly bf16 buffer 5 "rhs_planes"
// OUT:   view @v0 = #0 offset 0 shape [4, 65, 4096] strides [266240, 4096, 1]
// OUT:   view @v1 = #1 offset 0 shape [3, 65, 4096] strides [266240, 4096, 1]
// OUT:   view @v2 = #2 offset 0 shape [3, 4096, 4096] strides [16777216, 4096, 1]
// OUT:   alloc @a0 = function coopmat<64x128xf32, acc, workgroup>[1] "acc"
// OUT:   alloc @a1 = function coopmat<64x128xf32, acc, workgroup>[1] "partial"
// OUT:   %0 = constant 4 : index
// OUT:   %1 = constant 64 : index
// OUT:   parallel workgroup (%i2, %i3) < (%0, %1) {
// OUT:     %4 = constant 128 : index
// OUT:     parallel local (%i5) < (%4) {
// OUT:       %6 = constant 0.0 : f32
// OUT:       %7 = splat %6 : coopmat<64x128xf32, acc, workgroup>
// OUT:       store @a0[], %7
// OUT:       %8 = constant 1024 : index
// OUT:       %9 = mul %i2, %8 : index
// OUT:       %10 = constant 2 : index
// OUT:       %11 = constant 256 : index
// OUT:       %12 = div %i3, %11 : index
// OUT:       %13 = constant 8 : index
// OUT:       %14 = mul %12, %13 : index
// OUT:       %15 = sub %10, %14 : index
// OUT:       %16 = min %15, %13 : index
// OUT:       %17 = rem %i3, %11 : index
// OUT:       %18 = rem %17, %16 : index
// OUT:       %19 = add %14, %18 : index
// OUT:       %20 = div %17, %16 : index
// OUT:       %21 = constant 65 : index
// OUT:       %22 = constant 4096 : index
// OUT:       %23 = constant 32 : index
// OUT:       %24 = constant 64 : index
// OUT:       %25 = mul %19, %24 : index
// OUT:       %26 = sub %21, %24 : index
// OUT:       %27 = min %25, %26 : index
// OUT:       %28 = constant 2 : index
// OUT:       %29 = add %19, %28 : index
// OUT:       %30 = cmp eq %29, %10 : i1
// OUT:       %31 = select %30, %26, %21 : index
// OUT:       %32 = constant 1 : index
// OUT:       %33 = add %19, %32 : index
// OUT:       %34 = cmp eq %33, %10 : i1
// OUT:       %35 = constant 128 : index
// OUT:       %36 = mul %20, %35 : index
// OUT:       if %34 {
// OUT:         %37 = constant 0 : index
// OUT:         %38 = add %9, %37 : index
// OUT:         %39 = constant 1024 : index
// OUT:         %40 = add %9, %39 : index
// OUT:         %41 = constant 128 : index
// OUT:         for %k42 = %38 to %40 step %41 {
// OUT:           %43 = constant 128 : index
// OUT:           %44 = add %k42, %43 : index
// OUT:           %45 = constant 0.0 : f32
// OUT:           %46 = splat %45 : coopmat<64x128xf32, acc, workgroup>
// OUT:           store @a1[], %46
// OUT:           %47 = constant 32 : index
// OUT:           for %k48 = %k42 to %44 step %47 {
// OUT:             %49 = constant 0 : index
// OUT:             %50 = matrix_load_tensor @v1[%49, %26.., %k48..] in_bounds : coopmat<64x32xbf16, a, workgroup>
// OUT:             %51 = constant 1 : index
// OUT:             %52 = matrix_load_tensor @v1[%51, %26.., %k48..] in_bounds : coopmat<64x32xbf16, a, workgroup>
// OUT:             %53 = constant 2 : index
// OUT:             %54 = matrix_load_tensor @v1[%53, %26.., %k48..] in_bounds : coopmat<64x32xbf16, a, workgroup>
// OUT:             %55 = constant 0 : index
// OUT:             %56 = matrix_load_tensor @v2[%55, %k48.., %36..] in_bounds : coopmat<32x128xbf16, b, workgroup>
// OUT:             %57 = constant 1 : index
// OUT:             %58 = matrix_load_tensor @v2[%57, %k48.., %36..] in_bounds : coopmat<32x128xbf16, b, workgroup>
// OUT:             %59 = constant 2 : index
// OUT:             %60 = matrix_load_tensor @v2[%59, %k48.., %36..] in_bounds : coopmat<32x128xbf16, b, workgroup>
// OUT:             %61 = load @a1[] : coopmat<64x128xf32, acc, workgroup>
// OUT:             %62 = matrix_mul_add %54, %56, %61 : coopmat<64x128xf32, acc, workgroup>
// OUT:             store @a1[], %62
// OUT:             %63 = load @a1[] : coopmat<64x128xf32, acc, workgroup>
// OUT:             %64 = matrix_mul_add %52, %58, %63 : coopmat<64x128xf32, acc, workgroup>
// OUT:             store @a1[], %64
// OUT:             %65 = load @a1[] : coopmat<64x128xf32, acc, workgroup>
// OUT:             %66 = matrix_mul_add %50, %60, %65 : coopmat<64x128xf32, acc, workgroup>
// OUT:             store @a1[], %66
// OUT:             %67 = load @a1[] : coopmat<64x128xf32, acc, workgroup>
// OUT:             %68 = matrix_mul_add %52, %56, %67 : coopmat<64x128xf32, acc, workgroup>
// OUT:             store @a1[], %68
// OUT:             %69 = load @a1[] : coopmat<64x128xf32, acc, workgroup>
// OUT:             %70 = matrix_mul_add %50, %58, %69 : coopmat<64x128xf32, acc, workgroup>
// OUT:             store @a1[], %70
// OUT:             %71 = load @a1[] : coopmat<64x128xf32, acc, workgroup>
// OUT:             %72 = matrix_mul_add %50, %56, %71 : coopmat<64x128xf32, acc, workgroup>
// OUT:             store @a1[], %72
// OUT:           }
// OUT:           %73 = load @a0[] : coopmat<64x128xf32, acc, workgroup>
// OUT:           %74 = load @a1[] : coopmat<64x128xf32, acc, workgroup>
// OUT:           %75 = add %73, %74 : coopmat<64x128xf32, acc, workgroup>
// OUT:           store @a0[], %75
// OUT:         }
// OUT:       } else {
// OUT:         %76 = constant 0 : index
// OUT:         %77 = add %9, %76 : index
// OUT:         %78 = constant 1024 : index
// OUT:         %79 = add %9, %78 : index
// OUT:         %80 = constant 128 : index
// OUT:         for %k81 = %77 to %79 step %80 {
// OUT:           %82 = constant 128 : index
// OUT:           %83 = add %k81, %82 : index
// OUT:           %84 = constant 0.0 : f32
// OUT:           %85 = splat %84 : coopmat<64x128xf32, acc, workgroup>
// OUT:           store @a1[], %85
// OUT:           %86 = constant 32 : index
// OUT:           for %k87 = %k81 to %83 step %86 {
// OUT:             %88 = constant 0 : index
// OUT:             %89 = matrix_load_tensor @v1[%88, %25.., %k87..] in_bounds : coopmat<64x32xbf16, a, workgroup>
// OUT:             %90 = constant 1 : index
// OUT:             %91 = matrix_load_tensor @v1[%90, %25.., %k87..] in_bounds : coopmat<64x32xbf16, a, workgroup>
// OUT:             %92 = constant 2 : index
// OUT:             %93 = matrix_load_tensor @v1[%92, %25.., %k87..] in_bounds : coopmat<64x32xbf16, a, workgroup>
// OUT:             %94 = constant 0 : index
// OUT:             %95 = matrix_load_tensor @v2[%94, %k87.., %36..] in_bounds : coopmat<32x128xbf16, b, workgroup>
// OUT:             %96 = constant 1 : index
// OUT:             %97 = matrix_load_tensor @v2[%96, %k87.., %36..] in_bounds : coopmat<32x128xbf16, b, workgroup>
// OUT:             %98 = constant 2 : index
// OUT:             %99 = matrix_load_tensor @v2[%98, %k87.., %36..] in_bounds : coopmat<32x128xbf16, b, workgroup>
// OUT:             %100 = load @a1[] : coopmat<64x128xf32, acc, workgroup>
// OUT:             %101 = matrix_mul_add %93, %95, %100 : coopmat<64x128xf32, acc, workgroup>
// OUT:             store @a1[], %101
// OUT:             %102 = load @a1[] : coopmat<64x128xf32, acc, workgroup>
// OUT:             %103 = matrix_mul_add %91, %97, %102 : coopmat<64x128xf32, acc, workgroup>
// OUT:             store @a1[], %103
// OUT:             %104 = load @a1[] : coopmat<64x128xf32, acc, workgroup>
// OUT:             %105 = matrix_mul_add %89, %99, %104 : coopmat<64x128xf32, acc, workgroup>
// OUT:             store @a1[], %105
// OUT:             %106 = load @a1[] : coopmat<64x128xf32, acc, workgroup>
// OUT:             %107 = matrix_mul_add %91, %95, %106 : coopmat<64x128xf32, acc, workgroup>
// OUT:             store @a1[], %107
// OUT:             %108 = load @a1[] : coopmat<64x128xf32, acc, workgroup>
// OUT:             %109 = matrix_mul_add %89, %97, %108 : coopmat<64x128xf32, acc, workgroup>
// OUT:             store @a1[], %109
// OUT:             %110 = load @a1[] : coopmat<64x128xf32, acc, workgroup>
// OUT:             %111 = matrix_mul_add %89, %95, %110 : coopmat<64x128xf32, acc, workgroup>
// OUT:             store @a1[], %111
// OUT:           }
// OUT:           %112 = load @a0[] : coopmat<64x128xf32, acc, workgroup>
// OUT:           %113 = load @a1[] : coopmat<64x128xf32, acc, workgroup>
// OUT:           %114 = add %112, %113 : coopmat<64x128xf32, acc, workgroup>
// OUT:           store @a0[], %114
// OUT:         }
// OUT:       }
// OUT:       %115 = load @a0[] : coopmat<64x128xf32, acc, workgroup>
// OUT:       %116 = constant 64 : index
// OUT:       %117 = add %27, %116 : index
// OUT:       %118 = cmp le %117, %31 : i1
// OUT:       if %118 {
// OUT:         matrix_store_tensor %115, @v0[%i2, %27.., %36..] in_bounds
// OUT:       } else {
// OUT:         matrix_store_tensor %115, @v0[%i2, %27.., %36..] limits(%31, %22)
// OUT:       }
// OUT:     }
// OUT:   }
// OUT: }
// OUT: kernel @dispatch_0_contraction_sum local_size [1, 1, 1] workgroup_count [1, 1, 1] {
// OUT:   binding #0 = set 0 binding 2 readonly f32 buffer 2 "input2"
// OUT:   binding #1 = set 0 binding 3 writeonly f32 buffer 3 "output0"
// OUT:   binding #2 = set 0 binding 4 readonly f32 buffer 6 "partials"
// OUT:   view @v0 = #0 offset 0 shape [4096] strides [1]
// OUT:   view @v1 = #1 offset 0 shape [65, 4096] strides [4096, 1]
// OUT:   view @v2 = #2 offset 0 shape [4, 65, 4096] strides [266240, 4096, 1]
// OUT:   %0 = constant 65 : index
// OUT:   %1 = constant 4096 : index
// OUT:   parallel untiled (%i2, %i3) < (%0, %1) {
// OUT:     %4 = constant 0.0 : f32
// OUT:     %5 = constant 0 : index
// OUT:     %6 = load @v2[%5, %i2, %i3] : f32
// OUT:     %7 = add %4, %6 : f32
// OUT:     %8 = constant 1 : index
// OUT:     %9 = load @v2[%8, %i2, %i3] : f32
// OUT:     %10 = add %7, %9 : f32
// OUT:     %11 = constant 2 : index
// OUT:     %12 = load @v2[%11, %i2, %i3] : f32
// OUT:     %13 = add %10, %12 : f32
// OUT:     %14 = constant 3 : index
// OUT:     %15 = load @v2[%14, %i2, %i3] : f32
// OUT:     %16 = add %13, %15 : f32
// OUT:     %17 = load @v0[%i3] : f32
// OUT:     %18 = add %16, %17 : f32
// OUT:     store @v1[%i2, %i3], %18
// OUT:   }
// OUT: }

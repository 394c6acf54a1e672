// RUN: lower-to-kernels target=nvidia-h200
// A large f32 matmul (1024x1040 * 1040x1040: an edge in N, a K remainder of 16) on a target with
// bf16 workgroup-scope cooperative matrices: two split kernels write each operand as three bf16
// planes (vec4: x0 = bf16(x) clamped to the largest bf16, x1 = bf16(x - x0), x2 = bf16(x - x0 -
// x1), each rounded to nearest even on the f32 bits: + 0x7FFF or 0x8000, & 0xFFFF0000; a NaN
// quiet with zero residuals) into intermediate buffers as 16-bit words (bits / 2^16, exact,
// converted to i16), then the workgroup-scope kernel (64x128x32, 128 invocations;
// it binds the result and the planes, not the f32 operands) sums the six plane products per step
// into a partial sum that starts from zero and is added into the f32 accumulator every 4 steps
// (8 chunks of 128), then the K remainder (clamped).
func.func @main(%a: tensor<1024x1040xf32>, %b: tensor<1040x1040xf32>) -> tensor<1024x1040xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<1024x1040xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1024x1040xf32>) -> tensor<1024x1040xf32>
  %2 = linalg.matmul ins(%a, %b : tensor<1024x1040xf32>, tensor<1040x1040xf32>) outs(%1 : tensor<1024x1040xf32>) -> tensor<1024x1040xf32>
  return %2 : tensor<1024x1040xf32>
}
// OUT: kernel @dispatch_0_contraction_split_lhs local_size [256, 1, 1] workgroup_count [1, 1, 1] {
// OUT:   binding #0 = set 0 binding 0 readonly f32 buffer 0 "input0"
// OUT:   binding #1 = set 0 binding 1 writeonly i16 buffer 3 "dispatch_0_contraction_lhs_planes"
// OUT:   view @v0 = #0 offset 0 shape [1064960] strides [1]
// OUT:   view @v1 = #1 offset 0 shape [3, 1064960] strides [1064960, 1]
// OUT:   %0 = constant 1040 : index
// OUT:   parallel workgroup (%i1) < (%0) {
// OUT:     %2 = constant 256 : index
// OUT:     parallel local (%i3) < (%2) {
// OUT:       %4 = constant 256 : index
// OUT:       %5 = mul %i1, %4 : index
// OUT:       %6 = add %5, %i3 : index
// OUT:       %7 = constant 266240 : index
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
// OUT:   binding #1 = set 0 binding 1 writeonly i16 buffer 4 "dispatch_0_contraction_rhs_planes"
// OUT:   view @v0 = #0 offset 0 shape [1081600] strides [1]
// OUT:   view @v1 = #1 offset 0 shape [3, 1081600] strides [1081600, 1]
// OUT:   %0 = constant 1057 : index
// OUT:   parallel workgroup (%i1) < (%0) {
// OUT:     %2 = constant 256 : index
// OUT:     parallel local (%i3) < (%2) {
// OUT:       %4 = constant 256 : index
// OUT:       %5 = mul %i1, %4 : index
// OUT:       %6 = add %5, %i3 : index
// OUT:       %7 = constant 270400 : index
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
// OUT: kernel @dispatch_0_contraction local_size [128, 1, 1] workgroup_count [1, 1, 1] {
// OUT:   binding #0 = set 0 binding 2 writeonly f32 buffer 2 "output0"
// OUT:   binding #1 = set 0 binding 3 readonly bf16 buffer 3 "lhs_planes"
// OUT:   binding #2 = set 0 binding 4 readonly bf16 buffer 4 "rhs_planes"
// OUT:   view @v0 = #0 offset 0 shape [1024, 1040] strides [1040, 1]
// OUT:   view @v1 = #1 offset 0 shape [3, 1024, 1040] strides [1064960, 1040, 1]
// OUT:   view @v2 = #2 offset 0 shape [3, 1040, 1040] strides [1081600, 1040, 1]
// OUT:   alloc @a0 = function coopmat<64x128xf32, acc, workgroup>[1] "acc"
// OUT:   alloc @a1 = function coopmat<64x128xf32, acc, workgroup>[1] "partial"
// OUT:   %0 = constant 144 : index
// OUT:   parallel workgroup (%i1) < (%0) {
// OUT:     %2 = constant 128 : index
// OUT:     parallel local (%i3) < (%2) {
// OUT:       %4 = constant 0 : index
// OUT:       %5 = constant 0.0 : f32
// OUT:       %6 = splat %5 : coopmat<64x128xf32, acc, workgroup>
// OUT:       store @a0[], %6
// OUT:       %7 = constant 16 : index
// OUT:       %8 = constant 72 : index
// OUT:       %9 = div %i1, %8 : index
// OUT:       %10 = constant 8 : index
// OUT:       %11 = mul %9, %10 : index
// OUT:       %12 = sub %7, %11 : index
// OUT:       %13 = min %12, %10 : index
// OUT:       %14 = rem %i1, %8 : index
// OUT:       %15 = rem %14, %13 : index
// OUT:       %16 = add %11, %15 : index
// OUT:       %17 = div %14, %13 : index
// OUT:       %18 = constant 1024 : index
// OUT:       %19 = constant 1040 : index
// OUT:       %20 = constant 9 : index
// OUT:       %21 = constant 64 : index
// OUT:       %22 = mul %16, %21 : index
// OUT:       %23 = constant 128 : index
// OUT:       %24 = mul %17, %23 : index
// OUT:       %25 = sub %19, %23 : index
// OUT:       %26 = min %24, %25 : index
// OUT:       %27 = constant 2 : index
// OUT:       %28 = add %17, %27 : index
// OUT:       %29 = cmp eq %28, %20 : i1
// OUT:       %30 = select %29, %25, %19 : index
// OUT:       %31 = constant 1 : index
// OUT:       %32 = add %17, %31 : index
// OUT:       %33 = cmp eq %32, %20 : i1
// OUT:       if %33 {
// OUT:         %34 = constant 0 : index
// OUT:         %35 = constant 1024 : index
// OUT:         %36 = constant 128 : index
// OUT:         for %k37 = %34 to %35 step %36 {
// OUT:           %38 = constant 128 : index
// OUT:           %39 = add %k37, %38 : index
// OUT:           %40 = constant 0.0 : f32
// OUT:           %41 = splat %40 : coopmat<64x128xf32, acc, workgroup>
// OUT:           store @a1[], %41
// OUT:           %42 = constant 32 : index
// OUT:           for %k43 = %k37 to %39 step %42 {
// OUT:             %44 = constant 0 : index
// OUT:             %45 = matrix_load_tensor @v1[%44, %22.., %k43..] in_bounds : coopmat<64x32xbf16, a, workgroup>
// OUT:             %46 = constant 1 : index
// OUT:             %47 = matrix_load_tensor @v1[%46, %22.., %k43..] in_bounds : coopmat<64x32xbf16, a, workgroup>
// OUT:             %48 = constant 2 : index
// OUT:             %49 = matrix_load_tensor @v1[%48, %22.., %k43..] in_bounds : coopmat<64x32xbf16, a, workgroup>
// OUT:             %50 = constant 0 : index
// OUT:             %51 = matrix_load_tensor @v2[%50, %k43.., %25..] in_bounds : coopmat<32x128xbf16, b, workgroup>
// OUT:             %52 = constant 1 : index
// OUT:             %53 = matrix_load_tensor @v2[%52, %k43.., %25..] in_bounds : coopmat<32x128xbf16, b, workgroup>
// OUT:             %54 = constant 2 : index
// OUT:             %55 = matrix_load_tensor @v2[%54, %k43.., %25..] in_bounds : coopmat<32x128xbf16, b, workgroup>
// OUT:             %56 = load @a1[] : coopmat<64x128xf32, acc, workgroup>
// OUT:             %57 = matrix_mul_add %49, %51, %56 : coopmat<64x128xf32, acc, workgroup>
// OUT:             store @a1[], %57
// OUT:             %58 = load @a1[] : coopmat<64x128xf32, acc, workgroup>
// OUT:             %59 = matrix_mul_add %47, %53, %58 : coopmat<64x128xf32, acc, workgroup>
// OUT:             store @a1[], %59
// OUT:             %60 = load @a1[] : coopmat<64x128xf32, acc, workgroup>
// OUT:             %61 = matrix_mul_add %45, %55, %60 : coopmat<64x128xf32, acc, workgroup>
// OUT:             store @a1[], %61
// OUT:             %62 = load @a1[] : coopmat<64x128xf32, acc, workgroup>
// OUT:             %63 = matrix_mul_add %47, %51, %62 : coopmat<64x128xf32, acc, workgroup>
// OUT:             store @a1[], %63
// OUT:             %64 = load @a1[] : coopmat<64x128xf32, acc, workgroup>
// OUT:             %65 = matrix_mul_add %45, %53, %64 : coopmat<64x128xf32, acc, workgroup>
// OUT:             store @a1[], %65
// OUT:             %66 = load @a1[] : coopmat<64x128xf32, acc, workgroup>
// OUT:             %67 = matrix_mul_add %45, %51, %66 : coopmat<64x128xf32, acc, workgroup>
// OUT:             store @a1[], %67
// OUT:           }
// OUT:           %68 = load @a0[] : coopmat<64x128xf32, acc, workgroup>
// OUT:           %69 = load @a1[] : coopmat<64x128xf32, acc, workgroup>
// OUT:           %70 = add %68, %69 : coopmat<64x128xf32, acc, workgroup>
// OUT:           store @a0[], %70
// OUT:         }
// OUT:         %71 = constant 0.0 : f32
// OUT:         %72 = splat %71 : coopmat<64x128xf32, acc, workgroup>
// OUT:         store @a1[], %72
// OUT:         %73 = constant 1024 : index
// OUT:         %74 = constant 0 : index
// OUT:         %75 = matrix_load_tensor @v1[%74, %22.., %73..] : coopmat<64x32xbf16, a, workgroup>
// OUT:         %76 = constant 1 : index
// OUT:         %77 = matrix_load_tensor @v1[%76, %22.., %73..] : coopmat<64x32xbf16, a, workgroup>
// OUT:         %78 = constant 2 : index
// OUT:         %79 = matrix_load_tensor @v1[%78, %22.., %73..] : coopmat<64x32xbf16, a, workgroup>
// OUT:         %80 = constant 0 : index
// OUT:         %81 = matrix_load_tensor @v2[%80, %73.., %25..] : coopmat<32x128xbf16, b, workgroup>
// OUT:         %82 = constant 1 : index
// OUT:         %83 = matrix_load_tensor @v2[%82, %73.., %25..] : coopmat<32x128xbf16, b, workgroup>
// OUT:         %84 = constant 2 : index
// OUT:         %85 = matrix_load_tensor @v2[%84, %73.., %25..] : coopmat<32x128xbf16, b, workgroup>
// OUT:         %86 = load @a1[] : coopmat<64x128xf32, acc, workgroup>
// OUT:         %87 = matrix_mul_add %79, %81, %86 : coopmat<64x128xf32, acc, workgroup>
// OUT:         store @a1[], %87
// OUT:         %88 = load @a1[] : coopmat<64x128xf32, acc, workgroup>
// OUT:         %89 = matrix_mul_add %77, %83, %88 : coopmat<64x128xf32, acc, workgroup>
// OUT:         store @a1[], %89
// OUT:         %90 = load @a1[] : coopmat<64x128xf32, acc, workgroup>
// OUT:         %91 = matrix_mul_add %75, %85, %90 : coopmat<64x128xf32, acc, workgroup>
// OUT:         store @a1[], %91
// OUT:         %92 = load @a1[] : coopmat<64x128xf32, acc, workgroup>
// OUT:         %93 = matrix_mul_add %77, %81, %92 : coopmat<64x128xf32, acc, workgroup>
// OUT:         store @a1[], %93
// OUT:         %94 = load @a1[] : coopmat<64x128xf32, acc, workgroup>
// OUT:         %95 = matrix_mul_add %75, %83, %94 : coopmat<64x128xf32, acc, workgroup>
// OUT:         store @a1[], %95
// OUT:         %96 = load @a1[] : coopmat<64x128xf32, acc, workgroup>
// OUT:         %97 = matrix_mul_add %75, %81, %96 : coopmat<64x128xf32, acc, workgroup>
// OUT:         store @a1[], %97
// OUT:         %98 = load @a0[] : coopmat<64x128xf32, acc, workgroup>
// OUT:         %99 = load @a1[] : coopmat<64x128xf32, acc, workgroup>
// OUT:         %100 = add %98, %99 : coopmat<64x128xf32, acc, workgroup>
// OUT:         store @a0[], %100
// OUT:       } else {
// OUT:         %101 = constant 0 : index
// OUT:         %102 = constant 1024 : index
// OUT:         %103 = constant 128 : index
// OUT:         for %k104 = %101 to %102 step %103 {
// OUT:           %105 = constant 128 : index
// OUT:           %106 = add %k104, %105 : index
// OUT:           %107 = constant 0.0 : f32
// OUT:           %108 = splat %107 : coopmat<64x128xf32, acc, workgroup>
// OUT:           store @a1[], %108
// OUT:           %109 = constant 32 : index
// OUT:           for %k110 = %k104 to %106 step %109 {
// OUT:             %111 = constant 0 : index
// OUT:             %112 = matrix_load_tensor @v1[%111, %22.., %k110..] in_bounds : coopmat<64x32xbf16, a, workgroup>
// OUT:             %113 = constant 1 : index
// OUT:             %114 = matrix_load_tensor @v1[%113, %22.., %k110..] in_bounds : coopmat<64x32xbf16, a, workgroup>
// OUT:             %115 = constant 2 : index
// OUT:             %116 = matrix_load_tensor @v1[%115, %22.., %k110..] in_bounds : coopmat<64x32xbf16, a, workgroup>
// OUT:             %117 = constant 0 : index
// OUT:             %118 = matrix_load_tensor @v2[%117, %k110.., %24..] in_bounds : coopmat<32x128xbf16, b, workgroup>
// OUT:             %119 = constant 1 : index
// OUT:             %120 = matrix_load_tensor @v2[%119, %k110.., %24..] in_bounds : coopmat<32x128xbf16, b, workgroup>
// OUT:             %121 = constant 2 : index
// OUT:             %122 = matrix_load_tensor @v2[%121, %k110.., %24..] in_bounds : coopmat<32x128xbf16, b, workgroup>
// OUT:             %123 = load @a1[] : coopmat<64x128xf32, acc, workgroup>
// OUT:             %124 = matrix_mul_add %116, %118, %123 : coopmat<64x128xf32, acc, workgroup>
// OUT:             store @a1[], %124
// OUT:             %125 = load @a1[] : coopmat<64x128xf32, acc, workgroup>
// OUT:             %126 = matrix_mul_add %114, %120, %125 : coopmat<64x128xf32, acc, workgroup>
// OUT:             store @a1[], %126
// OUT:             %127 = load @a1[] : coopmat<64x128xf32, acc, workgroup>
// OUT:             %128 = matrix_mul_add %112, %122, %127 : coopmat<64x128xf32, acc, workgroup>
// OUT:             store @a1[], %128
// OUT:             %129 = load @a1[] : coopmat<64x128xf32, acc, workgroup>
// OUT:             %130 = matrix_mul_add %114, %118, %129 : coopmat<64x128xf32, acc, workgroup>
// OUT:             store @a1[], %130
// OUT:             %131 = load @a1[] : coopmat<64x128xf32, acc, workgroup>
// OUT:             %132 = matrix_mul_add %112, %120, %131 : coopmat<64x128xf32, acc, workgroup>
// OUT:             store @a1[], %132
// OUT:             %133 = load @a1[] : coopmat<64x128xf32, acc, workgroup>
// OUT:             %134 = matrix_mul_add %112, %118, %133 : coopmat<64x128xf32, acc, workgroup>
// OUT:             store @a1[], %134
// OUT:           }
// OUT:           %135 = load @a0[] : coopmat<64x128xf32, acc, workgroup>
// OUT:           %136 = load @a1[] : coopmat<64x128xf32, acc, workgroup>
// OUT:           %137 = add %135, %136 : coopmat<64x128xf32, acc, workgroup>
// OUT:           store @a0[], %137
// OUT:         }
// OUT:         %138 = constant 0.0 : f32
// OUT:         %139 = splat %138 : coopmat<64x128xf32, acc, workgroup>
// OUT:         store @a1[], %139
// OUT:         %140 = constant 1024 : index
// OUT:         %141 = constant 0 : index
// OUT:         %142 = matrix_load_tensor @v1[%141, %22.., %140..] : coopmat<64x32xbf16, a, workgroup>
// OUT:         %143 = constant 1 : index
// OUT:         %144 = matrix_load_tensor @v1[%143, %22.., %140..] : coopmat<64x32xbf16, a, workgroup>
// OUT:         %145 = constant 2 : index
// OUT:         %146 = matrix_load_tensor @v1[%145, %22.., %140..] : coopmat<64x32xbf16, a, workgroup>
// OUT:         %147 = constant 0 : index
// OUT:         %148 = matrix_load_tensor @v2[%147, %140.., %24..] : coopmat<32x128xbf16, b, workgroup>
// OUT:         %149 = constant 1 : index
// OUT:         %150 = matrix_load_tensor @v2[%149, %140.., %24..] : coopmat<32x128xbf16, b, workgroup>
// OUT:         %151 = constant 2 : index
// OUT:         %152 = matrix_load_tensor @v2[%151, %140.., %24..] : coopmat<32x128xbf16, b, workgroup>
// OUT:         %153 = load @a1[] : coopmat<64x128xf32, acc, workgroup>
// OUT:         %154 = matrix_mul_add %146, %148, %153 : coopmat<64x128xf32, acc, workgroup>
// OUT:         store @a1[], %154
// OUT:         %155 = load @a1[] : coopmat<64x128xf32, acc, workgroup>
// OUT:         %156 = matrix_mul_add %144, %150, %155 : coopmat<64x128xf32, acc, workgroup>
// OUT:         store @a1[], %156
// OUT:         %157 = load @a1[] : coopmat<64x128xf32, acc, workgroup>
// OUT:         %158 = matrix_mul_add %142, %152, %157 : coopmat<64x128xf32, acc, workgroup>
// OUT:         store @a1[], %158
// OUT:         %159 = load @a1[] : coopmat<64x128xf32, acc, workgroup>
// OUT:         %160 = matrix_mul_add %144, %148, %159 : coopmat<64x128xf32, acc, workgroup>
// OUT:         store @a1[], %160
// OUT:         %161 = load @a1[] : coopmat<64x128xf32, acc, workgroup>
// OUT:         %162 = matrix_mul_add %142, %150, %161 : coopmat<64x128xf32, acc, workgroup>
// OUT:         store @a1[], %162
// OUT:         %163 = load @a1[] : coopmat<64x128xf32, acc, workgroup>
// OUT:         %164 = matrix_mul_add %142, %148, %163 : coopmat<64x128xf32, acc, workgroup>
// OUT:         store @a1[], %164
// OUT:         %165 = load @a0[] : coopmat<64x128xf32, acc, workgroup>
// OUT:         %166 = load @a1[] : coopmat<64x128xf32, acc, workgroup>
// OUT:         %167 = add %165, %166 : coopmat<64x128xf32, acc, workgroup>
// OUT:         store @a0[], %167
// OUT:       }
// OUT:       %168 = load @a0[] : coopmat<64x128xf32, acc, workgroup>
// OUT:       %169 = constant 128 : index
// OUT:       %170 = add %26, %169 : index
// OUT:       %171 = cmp le %170, %30 : i1
// OUT:       if %171 {
// OUT:         matrix_store_tensor %168, @v0[%22.., %26..] in_bounds
// OUT:       } else {
// OUT:         matrix_store_tensor %168, @v0[%22.., %26..] limits(%18, %30)
// OUT:       }
// OUT:     }
// OUT:   }
// OUT: }

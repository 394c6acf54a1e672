// RUN: lower-to-kernels target=nvidia-h200
// f16 x f16 -> f32 matmul (300x264 * 264x328: edges in M and N, a K remainder) with no fused
// consumer on a target listing workgroup-scope cooperative matrices (VK_NV_cooperative_matrix2):
// one 128x128 f32 accumulator per workgroup of 128 invocations (tiles in bands of 8 tile rows),
// operand matrices loaded from the buffers through tensor layouts, unclamped: the last tile
// row / column loads from its constant origin shifted back to end at M / N (a branch each), and
// the tiles before them store only up to where they start (limits); K = 264 is a loop of two
// 64-deep steps per iteration (256), and the remainder (8) is one clamped step. (K and N are
// multiples of 8: rows of 16-bit elements must be 16-byte aligned for this kernel.)
func.func @main(%a: tensor<300x264xf16>, %b: tensor<264x328xf16>) -> tensor<300x328xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<300x328xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<300x328xf32>) -> tensor<300x328xf32>
  %2 = linalg.matmul ins(%a, %b : tensor<300x264xf16>, tensor<264x328xf16>) outs(%1 : tensor<300x328xf32>) -> tensor<300x328xf32>
  return %2 : tensor<300x328xf32>
}
// OUT: kernel @dispatch_0_contraction local_size [128, 1, 1] workgroup_count [1, 1, 1] {
// OUT:   binding #0 = set 0 binding 0 readonly f16 buffer 0 "input0"
// OUT:   binding #1 = set 0 binding 1 readonly f16 buffer 1 "input1"
// OUT:   binding #2 = set 0 binding 2 writeonly f32 buffer 2 "output0"
// OUT:   view @v0 = #0 offset 0 shape [300, 264] strides [264, 1]
// OUT:   view @v1 = #1 offset 0 shape [264, 328] strides [328, 1]
// OUT:   view @v2 = #2 offset 0 shape [300, 328] strides [328, 1]
// OUT:   alloc @a0 = function coopmat<64x64xf32, acc, workgroup>[1] "acc"
// OUT:   %0 = constant 30 : index
// OUT:   parallel workgroup (%i1) < (%0) {
// OUT:     %2 = constant 128 : index
// OUT:     parallel local (%i3) < (%2) {
// OUT:       %4 = constant 0 : index
// OUT:       %5 = constant 0.0 : f32
// OUT:       %6 = splat %5 : coopmat<64x64xf32, acc, workgroup>
// OUT:       store @a0[], %6
// OUT:       %7 = constant 5 : index
// OUT:       %8 = constant 48 : index
// OUT:       %9 = div %i1, %8 : index
// OUT:       %10 = constant 8 : index
// OUT:       %11 = mul %9, %10 : index
// OUT:       %12 = sub %7, %11 : index
// OUT:       %13 = min %12, %10 : index
// OUT:       %14 = rem %i1, %8 : index
// OUT:       %15 = rem %14, %13 : index
// OUT:       %16 = add %11, %15 : index
// OUT:       %17 = div %14, %13 : index
// OUT:       %18 = constant 300 : index
// OUT:       %19 = constant 328 : index
// OUT:       %20 = constant 6 : index
// OUT:       %21 = constant 64 : index
// OUT:       %22 = mul %16, %21 : index
// OUT:       %23 = sub %18, %21 : index
// OUT:       %24 = min %22, %23 : index
// OUT:       %25 = constant 2 : index
// OUT:       %26 = add %16, %25 : index
// OUT:       %27 = cmp eq %26, %7 : i1
// OUT:       %28 = select %27, %23, %18 : index
// OUT:       %29 = constant 1 : index
// OUT:       %30 = add %16, %29 : index
// OUT:       %31 = cmp eq %30, %7 : i1
// OUT:       %32 = constant 64 : index
// OUT:       %33 = mul %17, %32 : index
// OUT:       %34 = sub %19, %32 : index
// OUT:       %35 = min %33, %34 : index
// OUT:       %36 = constant 2 : index
// OUT:       %37 = add %17, %36 : index
// OUT:       %38 = cmp eq %37, %20 : i1
// OUT:       %39 = select %38, %34, %19 : index
// OUT:       %40 = constant 1 : index
// OUT:       %41 = add %17, %40 : index
// OUT:       %42 = cmp eq %41, %20 : i1
// OUT:       if %31 {
// OUT:         if %42 {
// OUT:           %43 = constant 0 : index
// OUT:           %44 = constant 256 : index
// OUT:           %45 = constant 128 : index
// OUT:           %46 = constant 64 : index
// OUT:           for %k47 = %43 to %44 step %45 {
// OUT:             %48 = matrix_load_tensor @v0[%23.., %k47..] in_bounds : coopmat<64x64xf16, a, workgroup>
// OUT:             %49 = matrix_load_tensor @v1[%k47.., %34..] in_bounds : coopmat<64x64xf16, b, workgroup>
// OUT:             %50 = load @a0[] : coopmat<64x64xf32, acc, workgroup>
// OUT:             %51 = matrix_mul_add %48, %49, %50 : coopmat<64x64xf32, acc, workgroup>
// OUT:             store @a0[], %51
// OUT:             %52 = add %k47, %46 : index
// OUT:             %53 = matrix_load_tensor @v0[%23.., %52..] in_bounds : coopmat<64x64xf16, a, workgroup>
// OUT:             %54 = matrix_load_tensor @v1[%52.., %34..] in_bounds : coopmat<64x64xf16, b, workgroup>
// OUT:             %55 = load @a0[] : coopmat<64x64xf32, acc, workgroup>
// OUT:             %56 = matrix_mul_add %53, %54, %55 : coopmat<64x64xf32, acc, workgroup>
// OUT:             store @a0[], %56
// OUT:           }
// OUT:           %57 = constant 256 : index
// OUT:           %58 = matrix_load_tensor @v0[%23.., %57..] : coopmat<64x64xf16, a, workgroup>
// OUT:           %59 = matrix_load_tensor @v1[%57.., %34..] : coopmat<64x64xf16, b, workgroup>
// OUT:           %60 = load @a0[] : coopmat<64x64xf32, acc, workgroup>
// OUT:           %61 = matrix_mul_add %58, %59, %60 : coopmat<64x64xf32, acc, workgroup>
// OUT:           store @a0[], %61
// OUT:         } else {
// OUT:           %62 = constant 0 : index
// OUT:           %63 = constant 256 : index
// OUT:           %64 = constant 128 : index
// OUT:           %65 = constant 64 : index
// OUT:           for %k66 = %62 to %63 step %64 {
// OUT:             %67 = matrix_load_tensor @v0[%23.., %k66..] in_bounds : coopmat<64x64xf16, a, workgroup>
// OUT:             %68 = matrix_load_tensor @v1[%k66.., %33..] in_bounds : coopmat<64x64xf16, b, workgroup>
// OUT:             %69 = load @a0[] : coopmat<64x64xf32, acc, workgroup>
// OUT:             %70 = matrix_mul_add %67, %68, %69 : coopmat<64x64xf32, acc, workgroup>
// OUT:             store @a0[], %70
// OUT:             %71 = add %k66, %65 : index
// OUT:             %72 = matrix_load_tensor @v0[%23.., %71..] in_bounds : coopmat<64x64xf16, a, workgroup>
// OUT:             %73 = matrix_load_tensor @v1[%71.., %33..] in_bounds : coopmat<64x64xf16, b, workgroup>
// OUT:             %74 = load @a0[] : coopmat<64x64xf32, acc, workgroup>
// OUT:             %75 = matrix_mul_add %72, %73, %74 : coopmat<64x64xf32, acc, workgroup>
// OUT:             store @a0[], %75
// OUT:           }
// OUT:           %76 = constant 256 : index
// OUT:           %77 = matrix_load_tensor @v0[%23.., %76..] : coopmat<64x64xf16, a, workgroup>
// OUT:           %78 = matrix_load_tensor @v1[%76.., %33..] : coopmat<64x64xf16, b, workgroup>
// OUT:           %79 = load @a0[] : coopmat<64x64xf32, acc, workgroup>
// OUT:           %80 = matrix_mul_add %77, %78, %79 : coopmat<64x64xf32, acc, workgroup>
// OUT:           store @a0[], %80
// OUT:         }
// OUT:       } else {
// OUT:         if %42 {
// OUT:           %81 = constant 0 : index
// OUT:           %82 = constant 256 : index
// OUT:           %83 = constant 128 : index
// OUT:           %84 = constant 64 : index
// OUT:           for %k85 = %81 to %82 step %83 {
// OUT:             %86 = matrix_load_tensor @v0[%22.., %k85..] in_bounds : coopmat<64x64xf16, a, workgroup>
// OUT:             %87 = matrix_load_tensor @v1[%k85.., %34..] in_bounds : coopmat<64x64xf16, b, workgroup>
// OUT:             %88 = load @a0[] : coopmat<64x64xf32, acc, workgroup>
// OUT:             %89 = matrix_mul_add %86, %87, %88 : coopmat<64x64xf32, acc, workgroup>
// OUT:             store @a0[], %89
// OUT:             %90 = add %k85, %84 : index
// OUT:             %91 = matrix_load_tensor @v0[%22.., %90..] in_bounds : coopmat<64x64xf16, a, workgroup>
// OUT:             %92 = matrix_load_tensor @v1[%90.., %34..] in_bounds : coopmat<64x64xf16, b, workgroup>
// OUT:             %93 = load @a0[] : coopmat<64x64xf32, acc, workgroup>
// OUT:             %94 = matrix_mul_add %91, %92, %93 : coopmat<64x64xf32, acc, workgroup>
// OUT:             store @a0[], %94
// OUT:           }
// OUT:           %95 = constant 256 : index
// OUT:           %96 = matrix_load_tensor @v0[%22.., %95..] : coopmat<64x64xf16, a, workgroup>
// OUT:           %97 = matrix_load_tensor @v1[%95.., %34..] : coopmat<64x64xf16, b, workgroup>
// OUT:           %98 = load @a0[] : coopmat<64x64xf32, acc, workgroup>
// OUT:           %99 = matrix_mul_add %96, %97, %98 : coopmat<64x64xf32, acc, workgroup>
// OUT:           store @a0[], %99
// OUT:         } else {
// OUT:           %100 = constant 0 : index
// OUT:           %101 = constant 256 : index
// OUT:           %102 = constant 128 : index
// OUT:           %103 = constant 64 : index
// OUT:           for %k104 = %100 to %101 step %102 {
// OUT:             %105 = matrix_load_tensor @v0[%22.., %k104..] in_bounds : coopmat<64x64xf16, a, workgroup>
// OUT:             %106 = matrix_load_tensor @v1[%k104.., %33..] in_bounds : coopmat<64x64xf16, b, workgroup>
// OUT:             %107 = load @a0[] : coopmat<64x64xf32, acc, workgroup>
// OUT:             %108 = matrix_mul_add %105, %106, %107 : coopmat<64x64xf32, acc, workgroup>
// OUT:             store @a0[], %108
// OUT:             %109 = add %k104, %103 : index
// OUT:             %110 = matrix_load_tensor @v0[%22.., %109..] in_bounds : coopmat<64x64xf16, a, workgroup>
// OUT:             %111 = matrix_load_tensor @v1[%109.., %33..] in_bounds : coopmat<64x64xf16, b, workgroup>
// OUT:             %112 = load @a0[] : coopmat<64x64xf32, acc, workgroup>
// OUT:             %113 = matrix_mul_add %110, %111, %112 : coopmat<64x64xf32, acc, workgroup>
// OUT:             store @a0[], %113
// OUT:           }
// OUT:           %114 = constant 256 : index
// OUT:           %115 = matrix_load_tensor @v0[%22.., %114..] : coopmat<64x64xf16, a, workgroup>
// OUT:           %116 = matrix_load_tensor @v1[%114.., %33..] : coopmat<64x64xf16, b, workgroup>
// OUT:           %117 = load @a0[] : coopmat<64x64xf32, acc, workgroup>
// OUT:           %118 = matrix_mul_add %115, %116, %117 : coopmat<64x64xf32, acc, workgroup>
// OUT:           store @a0[], %118
// OUT:         }
// OUT:       }
// OUT:       %119 = load @a0[] : coopmat<64x64xf32, acc, workgroup>
// OUT:       %120 = constant 64 : index
// OUT:       %121 = add %24, %120 : index
// OUT:       %122 = cmp le %121, %28 : i1
// OUT:       %123 = constant 64 : index
// OUT:       %124 = add %35, %123 : index
// OUT:       %125 = cmp le %124, %39 : i1
// OUT:       %126 = and %122, %125 : i1
// OUT:       if %126 {
// OUT:         matrix_store_tensor %119, @v2[%24.., %35..] in_bounds
// OUT:       } else {
// OUT:         matrix_store_tensor %119, @v2[%24.., %35..] limits(%28, %39)
// OUT:       }
// OUT:     }
// OUT:   }
// OUT: }

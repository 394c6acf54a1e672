// RUN: distribute target=nvidia-h200
// Softmax over rows of 16384 f32, too long for registers (16 vec4 per lane of 256): read twice,
// a running max with a rescaled sum of exponentials per lane (the lane sums rescaled to the
// row max before the workgroup sum), then the normalized vec4 write.
func.func @main(%x: tensor<2x16384xf32>) -> tensor<2x16384xf32> {
  %e = tensor.empty() : tensor<2x16384xf32>
  %s = linalg.softmax dimension(1) ins(%x : tensor<2x16384xf32>) outs(%e : tensor<2x16384xf32>) -> tensor<2x16384xf32>
  return %s : tensor<2x16384xf32>
}
// OUT: kernel @dispatch_0_softmax local_size [256, 1, 1] workgroup_count [2, 1, 1] subgroup_size 32 {
// OUT:   binding #0 = set 0 binding 0 readonly f32 buffer 0 "input0"
// OUT:   binding #1 = set 0 binding 1 writeonly f32 buffer 1 "output0"
// OUT:   view @v0 = #0 offset 0 shape [2, 16384] strides [16384, 1]
// OUT:   view @v1 = #1 offset 0 shape [2, 16384] strides [16384, 1]
// OUT:   alloc @a0 = function f32[1] "row_max"
// OUT:   alloc @a1 = function f32[1] "row_sum"
// OUT:   alloc @a2 = workgroup f32[8] "subgroup_partials"
// OUT:   alloc @a3 = function f32[1] "total"
// OUT:   alloc @a4 = workgroup f32[8] "subgroup_partials"
// OUT:   alloc @a5 = function f32[1] "total"
// OUT:   %4 = constant 2 : index
// OUT:   %72 = workgroup_id.x : index
// OUT:   %73 = workgroup_id.y : index
// OUT:   %74 = num_workgroups.x : index
// OUT:   %75 = mul %73, %74 : index
// OUT:   %group76 = add %72, %75 : index
// OUT:   %77 = cmp lt %group76, %4 : i1
// OUT:   if %77 {
// OUT:     %78 = constant 0 : index
// OUT:     %i5 = add %group76, %78 : index
// OUT:     %6 = constant 256 : index
// OUT:     %i7 = local_invocation_id.x : index
// OUT:     %8 = constant -3.4028234663852886e38 : f32
// OUT:     store @a0[], %8
// OUT:     %9 = constant 0.0 : f32
// OUT:     store @a1[], %9
// OUT:     %10 = constant 256 : index
// OUT:     %11 = constant 16 : index
// OUT:     %12 = constant 0 : index
// OUT:     %13 = constant 1 : index
// OUT:     for %k14 = %12 to %11 step %13 {
// OUT:       %15 = mul %k14, %10 : index
// OUT:       %16 = add %i7, %15 : index
// OUT:       %17 = constant 4 : index
// OUT:       %18 = mul %16, %17 : index
// OUT:       %21 = load @v0[%i5, %18] : vector<4xf32>
// OUT:       %22 = extract %21[0] : f32
// OUT:       %23 = extract %21[1] : f32
// OUT:       %24 = extract %21[2] : f32
// OUT:       %25 = extract %21[3] : f32
// OUT:       %26 = max %22, %23 : f32
// OUT:       %27 = max %24, %25 : f32
// OUT:       %28 = max %26, %27 : f32
// OUT:       %29 = load @a0[] : f32
// OUT:       %30 = max %29, %28 : f32
// OUT:       %31 = splat %30 : vector<4xf32>
// OUT:       %32 = sub %21, %31 : vector<4xf32>
// OUT:       %33 = exp %32 : vector<4xf32>
// OUT:       %34 = extract %33[0] : f32
// OUT:       %35 = extract %33[1] : f32
// OUT:       %36 = extract %33[2] : f32
// OUT:       %37 = extract %33[3] : f32
// OUT:       %38 = add %34, %35 : f32
// OUT:       %39 = add %36, %37 : f32
// OUT:       %40 = add %38, %39 : f32
// OUT:       %41 = load @a1[] : f32
// OUT:       %42 = sub %29, %30 : f32
// OUT:       %43 = exp %42 : f32
// OUT:       %44 = mul %41, %43 : f32
// OUT:       %45 = add %44, %40 : f32
// OUT:       store @a0[], %30
// OUT:       store @a1[], %45
// OUT:     }
// OUT:     %46 = load @a0[] : f32
// OUT:     %79 = subgroup_reduce max %46 : f32
// OUT:     %80 = subgroup_id : index
// OUT:     %81 = subgroup_local_invocation_id : index
// OUT:     %82 = constant 0 : index
// OUT:     %83 = cmp eq %81, %82 : i1
// OUT:     if %83 {
// OUT:       store @a2[%80], %79
// OUT:     }
// OUT:     control_barrier workgroup
// OUT:     %84 = constant -inf : f32
// OUT:     store @a3[], %84
// OUT:     %85 = num_subgroups : index
// OUT:     %86 = constant 1 : index
// OUT:     for %k87 = %82 to %85 step %86 {
// OUT:       %88 = load @a2[%k87] : f32
// OUT:       %89 = load @a3[] : f32
// OUT:       %90 = max %89, %88 : f32
// OUT:       store @a3[], %90
// OUT:     }
// OUT:     %47 = load @a3[] : f32
// OUT:     %48 = load @a1[] : f32
// OUT:     %49 = sub %46, %47 : f32
// OUT:     %50 = exp %49 : f32
// OUT:     %51 = mul %48, %50 : f32
// OUT:     %91 = subgroup_reduce add %51 : f32
// OUT:     %92 = subgroup_id : index
// OUT:     %93 = subgroup_local_invocation_id : index
// OUT:     %94 = constant 0 : index
// OUT:     %95 = cmp eq %93, %94 : i1
// OUT:     if %95 {
// OUT:       store @a4[%92], %91
// OUT:     }
// OUT:     control_barrier workgroup
// OUT:     %96 = constant 0.0 : f32
// OUT:     store @a5[], %96
// OUT:     %97 = num_subgroups : index
// OUT:     %98 = constant 1 : index
// OUT:     for %k99 = %94 to %97 step %98 {
// OUT:       %100 = load @a4[%k99] : f32
// OUT:       %101 = load @a5[] : f32
// OUT:       %102 = add %101, %100 : f32
// OUT:       store @a5[], %102
// OUT:     }
// OUT:     %52 = load @a5[] : f32
// OUT:     %53 = constant 1.0 : f32
// OUT:     %54 = div %53, %52 : f32
// OUT:     %55 = constant 256 : index
// OUT:     %56 = constant 16 : index
// OUT:     %57 = constant 0 : index
// OUT:     %58 = constant 1 : index
// OUT:     for %k59 = %57 to %56 step %58 {
// OUT:       %60 = mul %k59, %55 : index
// OUT:       %61 = add %i7, %60 : index
// OUT:       %62 = constant 4 : index
// OUT:       %63 = mul %61, %62 : index
// OUT:       %66 = load @v0[%i5, %63] : vector<4xf32>
// OUT:       %67 = splat %47 : vector<4xf32>
// OUT:       %68 = splat %54 : vector<4xf32>
// OUT:       %69 = sub %66, %67 : vector<4xf32>
// OUT:       %70 = exp %69 : vector<4xf32>
// OUT:       %71 = mul %70, %68 : vector<4xf32>
// OUT:       store @v1[%i5, %63], %71
// OUT:     }
// OUT:   }
// OUT: }

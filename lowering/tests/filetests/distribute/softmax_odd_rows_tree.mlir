// RUN: distribute target=vulkan1.1
// Softmax over rows of 50 f32 without subgroup arithmetic: a workgroup per row (8
// invocations), scalar chunks (50 is not a multiple of 4) held in registers; the last chunk of a
// lane is clamped for the max, masked in the sum and guarded at the store.
func.func @main(%x: tensor<2x50xf32>) -> tensor<2x50xf32> {
  %e = tensor.empty() : tensor<2x50xf32>
  %s = linalg.softmax dimension(1) ins(%x : tensor<2x50xf32>) outs(%e : tensor<2x50xf32>) -> tensor<2x50xf32>
  return %s : tensor<2x50xf32>
}
// OUT: kernel @dispatch_0_softmax local_size [8, 1, 1] workgroup_count [2, 1, 1] {
// OUT:   binding #0 = set 0 binding 0 readonly f32 buffer 0 "input0"
// OUT:   binding #1 = set 0 binding 1 writeonly f32 buffer 1 "output0"
// OUT:   view @v0 = #0 offset 0 shape [2, 50] strides [50, 1]
// OUT:   view @v1 = #1 offset 0 shape [2, 50] strides [50, 1]
// OUT:   alloc @a0 = workgroup f32[8] "tree"
// OUT:   alloc @a1 = workgroup f32[8] "tree"
// OUT:   %0 = constant 2 : index
// OUT:   %72 = workgroup_id.x : index
// OUT:   %73 = workgroup_id.y : index
// OUT:   %74 = num_workgroups.x : index
// OUT:   %75 = mul %73, %74 : index
// OUT:   %group76 = add %72, %75 : index
// OUT:   %77 = cmp lt %group76, %0 : i1
// OUT:   if %77 {
// OUT:     %78 = constant 0 : index
// OUT:     %i1 = add %group76, %78 : index
// OUT:     %2 = constant 8 : index
// OUT:     %i3 = local_invocation_id.x : index
// OUT:     %4 = constant 50 : index
// OUT:     %5 = constant 49 : index
// OUT:     %6 = constant 1 : index
// OUT:     %7 = constant 0 : index
// OUT:     %8 = add %i3, %7 : index
// OUT:     %9 = load @v0[%i1, %8] : f32
// OUT:     %10 = constant 8 : index
// OUT:     %11 = add %i3, %10 : index
// OUT:     %12 = load @v0[%i1, %11] : f32
// OUT:     %13 = constant 16 : index
// OUT:     %14 = add %i3, %13 : index
// OUT:     %15 = load @v0[%i1, %14] : f32
// OUT:     %16 = constant 24 : index
// OUT:     %17 = add %i3, %16 : index
// OUT:     %18 = load @v0[%i1, %17] : f32
// OUT:     %19 = constant 32 : index
// OUT:     %20 = add %i3, %19 : index
// OUT:     %21 = load @v0[%i1, %20] : f32
// OUT:     %22 = constant 40 : index
// OUT:     %23 = add %i3, %22 : index
// OUT:     %24 = load @v0[%i1, %23] : f32
// OUT:     %25 = constant 48 : index
// OUT:     %26 = add %i3, %25 : index
// OUT:     %27 = min %26, %5 : index
// OUT:     %28 = load @v0[%i1, %27] : f32
// OUT:     %29 = max %9, %12 : f32
// OUT:     %30 = max %15, %18 : f32
// OUT:     %31 = max %21, %24 : f32
// OUT:     %32 = max %29, %30 : f32
// OUT:     %33 = max %31, %28 : f32
// OUT:     %34 = max %32, %33 : f32
// OUT:     store @a0[%i3], %34
// OUT:     control_barrier workgroup
// OUT:     %79 = constant 4 : index
// OUT:     %80 = cmp lt %i3, %79 : i1
// OUT:     if %80 {
// OUT:       %81 = add %i3, %79 : index
// OUT:       %82 = load @a0[%i3] : f32
// OUT:       %83 = load @a0[%81] : f32
// OUT:       %84 = max %82, %83 : f32
// OUT:       store @a0[%i3], %84
// OUT:     }
// OUT:     control_barrier workgroup
// OUT:     %85 = constant 2 : index
// OUT:     %86 = cmp lt %i3, %85 : i1
// OUT:     if %86 {
// OUT:       %87 = add %i3, %85 : index
// OUT:       %88 = load @a0[%i3] : f32
// OUT:       %89 = load @a0[%87] : f32
// OUT:       %90 = max %88, %89 : f32
// OUT:       store @a0[%i3], %90
// OUT:     }
// OUT:     control_barrier workgroup
// OUT:     %91 = constant 1 : index
// OUT:     %92 = cmp lt %i3, %91 : i1
// OUT:     if %92 {
// OUT:       %93 = add %i3, %91 : index
// OUT:       %94 = load @a0[%i3] : f32
// OUT:       %95 = load @a0[%93] : f32
// OUT:       %96 = max %94, %95 : f32
// OUT:       store @a0[%i3], %96
// OUT:     }
// OUT:     control_barrier workgroup
// OUT:     %97 = constant 0 : index
// OUT:     %35 = load @a0[%97] : f32
// OUT:     %36 = sub %9, %35 : f32
// OUT:     %37 = exp %36 : f32
// OUT:     %38 = sub %12, %35 : f32
// OUT:     %39 = exp %38 : f32
// OUT:     %40 = sub %15, %35 : f32
// OUT:     %41 = exp %40 : f32
// OUT:     %42 = sub %18, %35 : f32
// OUT:     %43 = exp %42 : f32
// OUT:     %44 = sub %21, %35 : f32
// OUT:     %45 = exp %44 : f32
// OUT:     %46 = sub %24, %35 : f32
// OUT:     %47 = exp %46 : f32
// OUT:     %48 = sub %28, %35 : f32
// OUT:     %49 = exp %48 : f32
// OUT:     %50 = cmp lt %26, %4 : i1
// OUT:     %51 = constant 1.0 : f32
// OUT:     %52 = constant 0.0 : f32
// OUT:     %53 = select %50, %51, %52 : f32
// OUT:     %54 = mul %49, %53 : f32
// OUT:     %55 = add %37, %39 : f32
// OUT:     %56 = add %41, %43 : f32
// OUT:     %57 = add %45, %47 : f32
// OUT:     %58 = add %55, %56 : f32
// OUT:     %59 = add %57, %54 : f32
// OUT:     %60 = add %58, %59 : f32
// OUT:     store @a1[%i3], %60
// OUT:     control_barrier workgroup
// OUT:     %98 = constant 4 : index
// OUT:     %99 = cmp lt %i3, %98 : i1
// OUT:     if %99 {
// OUT:       %100 = add %i3, %98 : index
// OUT:       %101 = load @a1[%i3] : f32
// OUT:       %102 = load @a1[%100] : f32
// OUT:       %103 = add %101, %102 : f32
// OUT:       store @a1[%i3], %103
// OUT:     }
// OUT:     control_barrier workgroup
// OUT:     %104 = constant 2 : index
// OUT:     %105 = cmp lt %i3, %104 : i1
// OUT:     if %105 {
// OUT:       %106 = add %i3, %104 : index
// OUT:       %107 = load @a1[%i3] : f32
// OUT:       %108 = load @a1[%106] : f32
// OUT:       %109 = add %107, %108 : f32
// OUT:       store @a1[%i3], %109
// OUT:     }
// OUT:     control_barrier workgroup
// OUT:     %110 = constant 1 : index
// OUT:     %111 = cmp lt %i3, %110 : i1
// OUT:     if %111 {
// OUT:       %112 = add %i3, %110 : index
// OUT:       %113 = load @a1[%i3] : f32
// OUT:       %114 = load @a1[%112] : f32
// OUT:       %115 = add %113, %114 : f32
// OUT:       store @a1[%i3], %115
// OUT:     }
// OUT:     control_barrier workgroup
// OUT:     %116 = constant 0 : index
// OUT:     %61 = load @a1[%116] : f32
// OUT:     %62 = constant 1.0 : f32
// OUT:     %63 = div %62, %61 : f32
// OUT:     %64 = mul %37, %63 : f32
// OUT:     store @v1[%i1, %8], %64
// OUT:     %65 = mul %39, %63 : f32
// OUT:     store @v1[%i1, %11], %65
// OUT:     %66 = mul %41, %63 : f32
// OUT:     store @v1[%i1, %14], %66
// OUT:     %67 = mul %43, %63 : f32
// OUT:     store @v1[%i1, %17], %67
// OUT:     %68 = mul %45, %63 : f32
// OUT:     store @v1[%i1, %20], %68
// OUT:     %69 = mul %47, %63 : f32
// OUT:     store @v1[%i1, %23], %69
// OUT:     %70 = mul %49, %63 : f32
// OUT:     %71 = cmp lt %26, %4 : i1
// OUT:     if %71 {
// OUT:       store @v1[%i1, %27], %70
// OUT:     }
// OUT:   }
// OUT: }

// RUN: distribute target=vulkan1.1
// Softmax over rows of 50 f32 without subgroup arithmetic: a workgroup per row (16
// invocations), scalar chunks (50 is not a multiple of 4) held in registers; the last chunk of a
// lane is clamped for the max, masked in the sum and guarded at the store.
func.func @main(%x: tensor<2x50xf32>) -> tensor<2x50xf32> {
  %e = tensor.empty() : tensor<2x50xf32>
  %s = linalg.softmax dimension(1) ins(%x : tensor<2x50xf32>) outs(%e : tensor<2x50xf32>) -> tensor<2x50xf32>
  return %s : tensor<2x50xf32>
}
// OUT: kernel @dispatch_0_softmax local_size [16, 1, 1] workgroup_count [2, 1, 1] {
// OUT:   binding #0 = set 0 binding 0 readonly f32 buffer 0 "input0"
// OUT:   binding #1 = set 0 binding 1 writeonly f32 buffer 1 "output0"
// OUT:   view @v0 = #0 offset 0 shape [2, 50] strides [50, 1]
// OUT:   view @v1 = #1 offset 0 shape [2, 50] strides [50, 1]
// OUT:   alloc @a0 = workgroup f32[16] "tree"
// OUT:   alloc @a1 = workgroup f32[16] "tree"
// OUT:   %0 = constant 2 : index
// OUT:   %48 = workgroup_id.x : index
// OUT:   %49 = workgroup_id.y : index
// OUT:   %50 = num_workgroups.x : index
// OUT:   %51 = mul %49, %50 : index
// OUT:   %group52 = add %48, %51 : index
// OUT:   %53 = cmp lt %group52, %0 : i1
// OUT:   if %53 {
// OUT:     %54 = constant 0 : index
// OUT:     %i1 = add %group52, %54 : index
// OUT:     %2 = constant 16 : index
// OUT:     %i3 = local_invocation_id.x : index
// OUT:     %4 = constant 50 : index
// OUT:     %5 = constant 49 : index
// OUT:     %6 = constant 1 : index
// OUT:     %7 = constant 0 : index
// OUT:     %8 = add %i3, %7 : index
// OUT:     %9 = load @v0[%i1, %8] : f32
// OUT:     %10 = constant 16 : index
// OUT:     %11 = add %i3, %10 : index
// OUT:     %12 = load @v0[%i1, %11] : f32
// OUT:     %13 = constant 32 : index
// OUT:     %14 = add %i3, %13 : index
// OUT:     %15 = load @v0[%i1, %14] : f32
// OUT:     %16 = constant 48 : index
// OUT:     %17 = add %i3, %16 : index
// OUT:     %18 = min %17, %5 : index
// OUT:     %19 = load @v0[%i1, %18] : f32
// OUT:     %20 = max %9, %12 : f32
// OUT:     %21 = max %15, %19 : f32
// OUT:     %22 = max %20, %21 : f32
// OUT:     store @a0[%i3], %22
// OUT:     control_barrier workgroup
// OUT:     %55 = constant 8 : index
// OUT:     %56 = cmp lt %i3, %55 : i1
// OUT:     if %56 {
// OUT:       %57 = add %i3, %55 : index
// OUT:       %58 = load @a0[%i3] : f32
// OUT:       %59 = load @a0[%57] : f32
// OUT:       %60 = max %58, %59 : f32
// OUT:       store @a0[%i3], %60
// OUT:     }
// OUT:     control_barrier workgroup
// OUT:     %61 = constant 4 : index
// OUT:     %62 = cmp lt %i3, %61 : i1
// OUT:     if %62 {
// OUT:       %63 = add %i3, %61 : index
// OUT:       %64 = load @a0[%i3] : f32
// OUT:       %65 = load @a0[%63] : f32
// OUT:       %66 = max %64, %65 : f32
// OUT:       store @a0[%i3], %66
// OUT:     }
// OUT:     control_barrier workgroup
// OUT:     %67 = constant 2 : index
// OUT:     %68 = cmp lt %i3, %67 : i1
// OUT:     if %68 {
// OUT:       %69 = add %i3, %67 : index
// OUT:       %70 = load @a0[%i3] : f32
// OUT:       %71 = load @a0[%69] : f32
// OUT:       %72 = max %70, %71 : f32
// OUT:       store @a0[%i3], %72
// OUT:     }
// OUT:     control_barrier workgroup
// OUT:     %73 = constant 1 : index
// OUT:     %74 = cmp lt %i3, %73 : i1
// OUT:     if %74 {
// OUT:       %75 = add %i3, %73 : index
// OUT:       %76 = load @a0[%i3] : f32
// OUT:       %77 = load @a0[%75] : f32
// OUT:       %78 = max %76, %77 : f32
// OUT:       store @a0[%i3], %78
// OUT:     }
// OUT:     control_barrier workgroup
// OUT:     %79 = constant 0 : index
// OUT:     %23 = load @a0[%79] : f32
// OUT:     %24 = sub %9, %23 : f32
// OUT:     %25 = exp %24 : f32
// OUT:     %26 = sub %12, %23 : f32
// OUT:     %27 = exp %26 : f32
// OUT:     %28 = sub %15, %23 : f32
// OUT:     %29 = exp %28 : f32
// OUT:     %30 = sub %19, %23 : f32
// OUT:     %31 = exp %30 : f32
// OUT:     %32 = cmp lt %17, %4 : i1
// OUT:     %33 = constant 1.0 : f32
// OUT:     %34 = constant 0.0 : f32
// OUT:     %35 = select %32, %33, %34 : f32
// OUT:     %36 = mul %31, %35 : f32
// OUT:     %37 = add %25, %27 : f32
// OUT:     %38 = add %29, %36 : f32
// OUT:     %39 = add %37, %38 : f32
// OUT:     store @a1[%i3], %39
// OUT:     control_barrier workgroup
// OUT:     %80 = constant 8 : index
// OUT:     %81 = cmp lt %i3, %80 : i1
// OUT:     if %81 {
// OUT:       %82 = add %i3, %80 : index
// OUT:       %83 = load @a1[%i3] : f32
// OUT:       %84 = load @a1[%82] : f32
// OUT:       %85 = add %83, %84 : f32
// OUT:       store @a1[%i3], %85
// OUT:     }
// OUT:     control_barrier workgroup
// OUT:     %86 = constant 4 : index
// OUT:     %87 = cmp lt %i3, %86 : i1
// OUT:     if %87 {
// OUT:       %88 = add %i3, %86 : index
// OUT:       %89 = load @a1[%i3] : f32
// OUT:       %90 = load @a1[%88] : f32
// OUT:       %91 = add %89, %90 : f32
// OUT:       store @a1[%i3], %91
// OUT:     }
// OUT:     control_barrier workgroup
// OUT:     %92 = constant 2 : index
// OUT:     %93 = cmp lt %i3, %92 : i1
// OUT:     if %93 {
// OUT:       %94 = add %i3, %92 : index
// OUT:       %95 = load @a1[%i3] : f32
// OUT:       %96 = load @a1[%94] : f32
// OUT:       %97 = add %95, %96 : f32
// OUT:       store @a1[%i3], %97
// OUT:     }
// OUT:     control_barrier workgroup
// OUT:     %98 = constant 1 : index
// OUT:     %99 = cmp lt %i3, %98 : i1
// OUT:     if %99 {
// OUT:       %100 = add %i3, %98 : index
// OUT:       %101 = load @a1[%i3] : f32
// OUT:       %102 = load @a1[%100] : f32
// OUT:       %103 = add %101, %102 : f32
// OUT:       store @a1[%i3], %103
// OUT:     }
// OUT:     control_barrier workgroup
// OUT:     %104 = constant 0 : index
// OUT:     %40 = load @a1[%104] : f32
// OUT:     %41 = constant 1.0 : f32
// OUT:     %42 = div %41, %40 : f32
// OUT:     %43 = mul %25, %42 : f32
// OUT:     store @v1[%i1, %8], %43
// OUT:     %44 = mul %27, %42 : f32
// OUT:     store @v1[%i1, %11], %44
// OUT:     %45 = mul %29, %42 : f32
// OUT:     store @v1[%i1, %14], %45
// OUT:     %46 = mul %31, %42 : f32
// OUT:     %47 = cmp lt %17, %4 : i1
// OUT:     if %47 {
// OUT:       store @v1[%i1, %18], %46
// OUT:     }
// OUT:   }
// OUT: }

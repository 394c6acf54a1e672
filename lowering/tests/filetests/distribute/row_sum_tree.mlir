// RUN: distribute target=vulkan1.1
// No subgroup arithmetic on the Vulkan 1.1 baseline: a workgroup per row (8 invocations for 25
// vec4 chunks, a guarded remainder loop), a shared-memory tree with barriers.
func.func @main(%x: tensor<3x100xf32>) -> tensor<3xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  %r = linalg.reduce ins(%x : tensor<3x100xf32>) outs(%f : tensor<3xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %0 = arith.addf %in, %init : f32
      linalg.yield %0 : f32
    }
  return %r : tensor<3xf32>
}
// OUT: kernel @dispatch_0_reduction local_size [8, 1, 1] workgroup_count [3, 1, 1] {
// OUT:   binding #0 = set 0 binding 0 readonly f32 buffer 0 "input0"
// OUT:   binding #1 = set 0 binding 1 writeonly f32 buffer 1 "output0"
// OUT:   view @v0 = #0 offset 0 shape [3, 100] strides [100, 1]
// OUT:   view @v1 = #1 offset 0 shape [3] strides [1]
// OUT:   alloc @a0 = function f32[1] "partial0"
// OUT:   alloc @a1 = workgroup f32[8] "tree"
// OUT:   %4 = constant 3 : index
// OUT:   %34 = workgroup_id.x : index
// OUT:   %35 = workgroup_id.y : index
// OUT:   %36 = num_workgroups.x : index
// OUT:   %37 = mul %35, %36 : index
// OUT:   %group38 = add %34, %37 : index
// OUT:   %39 = cmp lt %group38, %4 : i1
// OUT:   if %39 {
// OUT:     %40 = constant 0 : index
// OUT:     %i5 = add %group38, %40 : index
// OUT:     %6 = constant 8 : index
// OUT:     %i7 = local_invocation_id.x : index
// OUT:     %8 = constant 0.0 : f32
// OUT:     store @a0[], %8
// OUT:     %9 = constant 4 : index
// OUT:     %10 = constant 0 : index
// OUT:     %11 = add %10, %i7 : index
// OUT:     %12 = constant 25 : index
// OUT:     %13 = constant 8 : index
// OUT:     for %k14 = %11 to %12 step %13 {
// OUT:       %15 = mul %k14, %9 : index
// OUT:       %18 = load @v0[%i5, %15] : vector<4xf32>
// OUT:       %19 = extract %18[0] : f32
// OUT:       %20 = extract %18[1] : f32
// OUT:       %21 = extract %18[2] : f32
// OUT:       %22 = extract %18[3] : f32
// OUT:       %23 = add %19, %20 : f32
// OUT:       %24 = add %21, %22 : f32
// OUT:       %25 = add %23, %24 : f32
// OUT:       %26 = load @a0[] : f32
// OUT:       %27 = add %26, %25 : f32
// OUT:       store @a0[], %27
// OUT:     }
// OUT:     %28 = load @a0[] : f32
// OUT:     store @a1[%i7], %28
// OUT:     control_barrier workgroup
// OUT:     %41 = constant 4 : index
// OUT:     %42 = cmp lt %i7, %41 : i1
// OUT:     if %42 {
// OUT:       %43 = add %i7, %41 : index
// OUT:       %44 = load @a1[%i7] : f32
// OUT:       %45 = load @a1[%43] : f32
// OUT:       %46 = add %44, %45 : f32
// OUT:       store @a1[%i7], %46
// OUT:     }
// OUT:     control_barrier workgroup
// OUT:     %47 = constant 2 : index
// OUT:     %48 = cmp lt %i7, %47 : i1
// OUT:     if %48 {
// OUT:       %49 = add %i7, %47 : index
// OUT:       %50 = load @a1[%i7] : f32
// OUT:       %51 = load @a1[%49] : f32
// OUT:       %52 = add %50, %51 : f32
// OUT:       store @a1[%i7], %52
// OUT:     }
// OUT:     control_barrier workgroup
// OUT:     %53 = constant 1 : index
// OUT:     %54 = cmp lt %i7, %53 : i1
// OUT:     if %54 {
// OUT:       %55 = add %i7, %53 : index
// OUT:       %56 = load @a1[%i7] : f32
// OUT:       %57 = load @a1[%55] : f32
// OUT:       %58 = add %56, %57 : f32
// OUT:       store @a1[%i7], %58
// OUT:     }
// OUT:     control_barrier workgroup
// OUT:     %59 = constant 0 : index
// OUT:     %29 = load @a1[%59] : f32
// OUT:     %30 = constant 0.0 : f32
// OUT:     %31 = add %30, %29 : f32
// OUT:     %32 = constant 0 : index
// OUT:     %33 = cmp eq %i7, %32 : i1
// OUT:     if %33 {
// OUT:       store @v1[%i5], %31
// OUT:     }
// OUT:   }
// OUT: }

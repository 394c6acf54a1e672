// RUN: distribute target=vulkan1.1
// No subgroup arithmetic on the Vulkan 1.1 baseline: a shared-memory tree with barriers.
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
// OUT: kernel @dispatch_0_reduction local_size [128, 1, 1] workgroup_count [3, 1, 1] {
// OUT:   binding #0 = set 0 binding 0 readonly f32 buffer 0 "input0"
// OUT:   binding #1 = set 0 binding 1 writeonly f32 buffer 1 "output0"
// OUT:   view @v0 = #0 offset 0 shape [3, 100] strides [100, 1]
// OUT:   view @v1 = #1 offset 0 shape [3] strides [1]
// OUT:   alloc @a0 = function f32[1] "partial"
// OUT:   alloc @a1 = workgroup f32[128] "tree"
// OUT:   %0 = constant 3 : index
// OUT:   %17 = workgroup_id.x : index
// OUT:   %18 = workgroup_id.y : index
// OUT:   %19 = num_workgroups.x : index
// OUT:   %20 = mul %18, %19 : index
// OUT:   %group21 = add %17, %20 : index
// OUT:   %22 = cmp lt %group21, %0 : i1
// OUT:   if %22 {
// OUT:     %23 = constant 0 : index
// OUT:     %i1 = add %group21, %23 : index
// OUT:     %2 = constant 128 : index
// OUT:     %i3 = local_invocation_id.x : index
// OUT:     %4 = constant 0.0 : f32
// OUT:     store @a0[], %4
// OUT:     %5 = constant 100 : index
// OUT:     %6 = constant 128 : index
// OUT:     for %k7 = %i3 to %5 step %6 {
// OUT:       %8 = load @v0[%i1, %k7] : f32
// OUT:       %9 = load @a0[] : f32
// OUT:       %10 = add %9, %8 : f32
// OUT:       store @a0[], %10
// OUT:     }
// OUT:     %11 = load @a0[] : f32
// OUT:     store @a1[%i3], %11
// OUT:     control_barrier workgroup
// OUT:     %24 = constant 64 : index
// OUT:     %25 = cmp lt %i3, %24 : i1
// OUT:     if %25 {
// OUT:       %26 = add %i3, %24 : index
// OUT:       %27 = load @a1[%i3] : f32
// OUT:       %28 = load @a1[%26] : f32
// OUT:       %29 = add %27, %28 : f32
// OUT:       store @a1[%i3], %29
// OUT:     }
// OUT:     control_barrier workgroup
// OUT:     %30 = constant 32 : index
// OUT:     %31 = cmp lt %i3, %30 : i1
// OUT:     if %31 {
// OUT:       %32 = add %i3, %30 : index
// OUT:       %33 = load @a1[%i3] : f32
// OUT:       %34 = load @a1[%32] : f32
// OUT:       %35 = add %33, %34 : f32
// OUT:       store @a1[%i3], %35
// OUT:     }
// OUT:     control_barrier workgroup
// OUT:     %36 = constant 16 : index
// OUT:     %37 = cmp lt %i3, %36 : i1
// OUT:     if %37 {
// OUT:       %38 = add %i3, %36 : index
// OUT:       %39 = load @a1[%i3] : f32
// OUT:       %40 = load @a1[%38] : f32
// OUT:       %41 = add %39, %40 : f32
// OUT:       store @a1[%i3], %41
// OUT:     }
// OUT:     control_barrier workgroup
// OUT:     %42 = constant 8 : index
// OUT:     %43 = cmp lt %i3, %42 : i1
// OUT:     if %43 {
// OUT:       %44 = add %i3, %42 : index
// OUT:       %45 = load @a1[%i3] : f32
// OUT:       %46 = load @a1[%44] : f32
// OUT:       %47 = add %45, %46 : f32
// OUT:       store @a1[%i3], %47
// OUT:     }
// OUT:     control_barrier workgroup
// OUT:     %48 = constant 4 : index
// OUT:     %49 = cmp lt %i3, %48 : i1
// OUT:     if %49 {
// OUT:       %50 = add %i3, %48 : index
// OUT:       %51 = load @a1[%i3] : f32
// OUT:       %52 = load @a1[%50] : f32
// OUT:       %53 = add %51, %52 : f32
// OUT:       store @a1[%i3], %53
// OUT:     }
// OUT:     control_barrier workgroup
// OUT:     %54 = constant 2 : index
// OUT:     %55 = cmp lt %i3, %54 : i1
// OUT:     if %55 {
// OUT:       %56 = add %i3, %54 : index
// OUT:       %57 = load @a1[%i3] : f32
// OUT:       %58 = load @a1[%56] : f32
// OUT:       %59 = add %57, %58 : f32
// OUT:       store @a1[%i3], %59
// OUT:     }
// OUT:     control_barrier workgroup
// OUT:     %60 = constant 1 : index
// OUT:     %61 = cmp lt %i3, %60 : i1
// OUT:     if %61 {
// OUT:       %62 = add %i3, %60 : index
// OUT:       %63 = load @a1[%i3] : f32
// OUT:       %64 = load @a1[%62] : f32
// OUT:       %65 = add %63, %64 : f32
// OUT:       store @a1[%i3], %65
// OUT:     }
// OUT:     control_barrier workgroup
// OUT:     %66 = constant 0 : index
// OUT:     %12 = load @a1[%66] : f32
// OUT:     %13 = constant 0.0 : f32
// OUT:     %14 = add %13, %12 : f32
// OUT:     %15 = constant 0 : index
// OUT:     %16 = cmp eq %i3, %15 : i1
// OUT:     if %16 {
// OUT:       store @v1[%i1], %14
// OUT:     }
// OUT:   }
// OUT: }

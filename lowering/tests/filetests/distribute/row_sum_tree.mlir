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
// OUT:   %31 = workgroup_id.x : index
// OUT:   %32 = workgroup_id.y : index
// OUT:   %33 = num_workgroups.x : index
// OUT:   %34 = mul %32, %33 : index
// OUT:   %group35 = add %31, %34 : index
// OUT:   %36 = cmp lt %group35, %0 : i1
// OUT:   if %36 {
// OUT:     %37 = constant 0 : index
// OUT:     %i1 = add %group35, %37 : index
// OUT:     %2 = constant 128 : index
// OUT:     %i3 = local_invocation_id.x : index
// OUT:     %4 = constant 0.0 : f32
// OUT:     store @a0[], %4
// OUT:     %5 = constant 100 : index
// OUT:     %6 = constant 128 : index
// OUT:     %17 = constant 25 : index
// OUT:     for %k18 = %i3 to %17 step %6 {
// OUT:       %19 = constant 4 : index
// OUT:       %20 = mul %k18, %19 : index
// OUT:       %21 = load @v0[%i1, %20] : vector<4xf32>
// OUT:       %22 = load @a0[] : f32
// OUT:       %23 = extract %21[0] : f32
// OUT:       %24 = extract %21[1] : f32
// OUT:       %25 = extract %21[2] : f32
// OUT:       %26 = extract %21[3] : f32
// OUT:       %27 = add %23, %24 : f32
// OUT:       %28 = add %25, %26 : f32
// OUT:       %29 = add %27, %28 : f32
// OUT:       %30 = add %22, %29 : f32
// OUT:       store @a0[], %30
// OUT:     }
// OUT:     %11 = load @a0[] : f32
// OUT:     store @a1[%i3], %11
// OUT:     control_barrier workgroup
// OUT:     %38 = constant 64 : index
// OUT:     %39 = cmp lt %i3, %38 : i1
// OUT:     if %39 {
// OUT:       %40 = add %i3, %38 : index
// OUT:       %41 = load @a1[%i3] : f32
// OUT:       %42 = load @a1[%40] : f32
// OUT:       %43 = add %41, %42 : f32
// OUT:       store @a1[%i3], %43
// OUT:     }
// OUT:     control_barrier workgroup
// OUT:     %44 = constant 32 : index
// OUT:     %45 = cmp lt %i3, %44 : i1
// OUT:     if %45 {
// OUT:       %46 = add %i3, %44 : index
// OUT:       %47 = load @a1[%i3] : f32
// OUT:       %48 = load @a1[%46] : f32
// OUT:       %49 = add %47, %48 : f32
// OUT:       store @a1[%i3], %49
// OUT:     }
// OUT:     control_barrier workgroup
// OUT:     %50 = constant 16 : index
// OUT:     %51 = cmp lt %i3, %50 : i1
// OUT:     if %51 {
// OUT:       %52 = add %i3, %50 : index
// OUT:       %53 = load @a1[%i3] : f32
// OUT:       %54 = load @a1[%52] : f32
// OUT:       %55 = add %53, %54 : f32
// OUT:       store @a1[%i3], %55
// OUT:     }
// OUT:     control_barrier workgroup
// OUT:     %56 = constant 8 : index
// OUT:     %57 = cmp lt %i3, %56 : i1
// OUT:     if %57 {
// OUT:       %58 = add %i3, %56 : index
// OUT:       %59 = load @a1[%i3] : f32
// OUT:       %60 = load @a1[%58] : f32
// OUT:       %61 = add %59, %60 : f32
// OUT:       store @a1[%i3], %61
// OUT:     }
// OUT:     control_barrier workgroup
// OUT:     %62 = constant 4 : index
// OUT:     %63 = cmp lt %i3, %62 : i1
// OUT:     if %63 {
// OUT:       %64 = add %i3, %62 : index
// OUT:       %65 = load @a1[%i3] : f32
// OUT:       %66 = load @a1[%64] : f32
// OUT:       %67 = add %65, %66 : f32
// OUT:       store @a1[%i3], %67
// OUT:     }
// OUT:     control_barrier workgroup
// OUT:     %68 = constant 2 : index
// OUT:     %69 = cmp lt %i3, %68 : i1
// OUT:     if %69 {
// OUT:       %70 = add %i3, %68 : index
// OUT:       %71 = load @a1[%i3] : f32
// OUT:       %72 = load @a1[%70] : f32
// OUT:       %73 = add %71, %72 : f32
// OUT:       store @a1[%i3], %73
// OUT:     }
// OUT:     control_barrier workgroup
// OUT:     %74 = constant 1 : index
// OUT:     %75 = cmp lt %i3, %74 : i1
// OUT:     if %75 {
// OUT:       %76 = add %i3, %74 : index
// OUT:       %77 = load @a1[%i3] : f32
// OUT:       %78 = load @a1[%76] : f32
// OUT:       %79 = add %77, %78 : f32
// OUT:       store @a1[%i3], %79
// OUT:     }
// OUT:     control_barrier workgroup
// OUT:     %80 = constant 0 : index
// OUT:     %12 = load @a1[%80] : f32
// OUT:     %13 = constant 0.0 : f32
// OUT:     %14 = add %13, %12 : f32
// OUT:     %15 = constant 0 : index
// OUT:     %16 = cmp eq %i3, %15 : i1
// OUT:     if %16 {
// OUT:       store @v1[%i1], %14
// OUT:     }
// OUT:   }
// OUT: }

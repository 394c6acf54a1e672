// RUN: distribute target=nvidia-h200
// Subgroup arithmetic, partials per subgroup in Workgroup memory, one barrier.
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
// OUT:   alloc @a1 = workgroup f32[4] "subgroup_partials"
// OUT:   alloc @a2 = function f32[1] "total"
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
// OUT:     %24 = subgroup_reduce add %11 : f32
// OUT:     %25 = subgroup_id : index
// OUT:     %26 = subgroup_local_invocation_id : index
// OUT:     %27 = constant 0 : index
// OUT:     %28 = cmp eq %26, %27 : i1
// OUT:     if %28 {
// OUT:       store @a1[%25], %24
// OUT:     }
// OUT:     control_barrier workgroup
// OUT:     %29 = constant 0.0 : f32
// OUT:     store @a2[], %29
// OUT:     %30 = num_subgroups : index
// OUT:     %31 = constant 1 : index
// OUT:     for %k32 = %27 to %30 step %31 {
// OUT:       %33 = load @a1[%k32] : f32
// OUT:       %34 = load @a2[] : f32
// OUT:       %35 = add %34, %33 : f32
// OUT:       store @a2[], %35
// OUT:     }
// OUT:     %12 = load @a2[] : f32
// OUT:     %13 = constant 0.0 : f32
// OUT:     %14 = add %13, %12 : f32
// OUT:     %15 = constant 0 : index
// OUT:     %16 = cmp eq %i3, %15 : i1
// OUT:     if %16 {
// OUT:       store @v1[%i1], %14
// OUT:     }
// OUT:   }
// OUT: }

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
// OUT:     %38 = subgroup_reduce add %11 : f32
// OUT:     %39 = subgroup_id : index
// OUT:     %40 = subgroup_local_invocation_id : index
// OUT:     %41 = constant 0 : index
// OUT:     %42 = cmp eq %40, %41 : i1
// OUT:     if %42 {
// OUT:       store @a1[%39], %38
// OUT:     }
// OUT:     control_barrier workgroup
// OUT:     %43 = constant 0.0 : f32
// OUT:     store @a2[], %43
// OUT:     %44 = num_subgroups : index
// OUT:     %45 = constant 1 : index
// OUT:     for %k46 = %41 to %44 step %45 {
// OUT:       %47 = load @a1[%k46] : f32
// OUT:       %48 = load @a2[] : f32
// OUT:       %49 = add %48, %47 : f32
// OUT:       store @a2[], %49
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

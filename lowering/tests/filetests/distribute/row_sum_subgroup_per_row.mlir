// RUN: distribute target=nvidia-h200
// Short rows (100 f32, 25 vec4 chunks): a subgroup per row, 4 rows per workgroup, a guard for
// the rows past the end, subgroup arithmetic only (no barrier, no shared memory).
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
// OUT: kernel @dispatch_0_reduction local_size [128, 1, 1] workgroup_count [1, 1, 1] subgroup_size 32 {
// OUT:   binding #0 = set 0 binding 0 readonly f32 buffer 0 "input0"
// OUT:   binding #1 = set 0 binding 1 writeonly f32 buffer 1 "output0"
// OUT:   view @v0 = #0 offset 0 shape [3, 100] strides [100, 1]
// OUT:   view @v1 = #1 offset 0 shape [3] strides [1]
// OUT:   alloc @a0 = function f32[1] "partial0"
// OUT:   %4 = constant 1 : index
// OUT:   %41 = workgroup_id.x : index
// OUT:   %42 = workgroup_id.y : index
// OUT:   %43 = num_workgroups.x : index
// OUT:   %44 = mul %42, %43 : index
// OUT:   %group45 = add %41, %44 : index
// OUT:   %46 = cmp lt %group45, %4 : i1
// OUT:   if %46 {
// OUT:     %47 = constant 0 : index
// OUT:     %i5 = add %group45, %47 : index
// OUT:     %6 = constant 128 : index
// OUT:     %i7 = local_invocation_id.x : index
// OUT:     %8 = subgroup_id : index
// OUT:     %9 = subgroup_local_invocation_id : index
// OUT:     %10 = constant 4 : index
// OUT:     %11 = mul %i5, %10 : index
// OUT:     %12 = add %11, %8 : index
// OUT:     %13 = constant 3 : index
// OUT:     %14 = cmp lt %12, %13 : i1
// OUT:     if %14 {
// OUT:       %15 = constant 0.0 : f32
// OUT:       store @a0[], %15
// OUT:       %16 = constant 4 : index
// OUT:       %17 = constant 0 : index
// OUT:       %18 = add %17, %9 : index
// OUT:       %19 = constant 25 : index
// OUT:       %20 = constant 32 : index
// OUT:       for %k21 = %18 to %19 step %20 {
// OUT:         %22 = mul %k21, %16 : index
// OUT:         %25 = load @v0[%12, %22] : vector<4xf32>
// OUT:         %26 = extract %25[0] : f32
// OUT:         %27 = extract %25[1] : f32
// OUT:         %28 = extract %25[2] : f32
// OUT:         %29 = extract %25[3] : f32
// OUT:         %30 = add %26, %27 : f32
// OUT:         %31 = add %28, %29 : f32
// OUT:         %32 = add %30, %31 : f32
// OUT:         %33 = load @a0[] : f32
// OUT:         %34 = add %33, %32 : f32
// OUT:         store @a0[], %34
// OUT:       }
// OUT:       %35 = load @a0[] : f32
// OUT:       %36 = subgroup_reduce add %35 : f32
// OUT:       %37 = constant 0.0 : f32
// OUT:       %38 = add %37, %36 : f32
// OUT:       %39 = constant 0 : index
// OUT:       %40 = cmp eq %9, %39 : i1
// OUT:       if %40 {
// OUT:         store @v1[%12], %38
// OUT:       }
// OUT:     }
// OUT:   }
// OUT: }

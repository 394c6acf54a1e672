// RUN: distribute target=nvidia-h200
// A dynamic row length: scalar chunks, a workgroup of 256 per row, 4 accumulators in a loop of
// N / 1024 trips, then a remainder loop; the trip counts come from the push constant N.
func.func @main(%x: tensor<3x?xf32> {kiln.symbols = ["N"]}) -> tensor<3xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  %r = linalg.reduce ins(%x : tensor<3x?xf32>) outs(%f : tensor<3xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %0 = arith.addf %in, %init : f32
      linalg.yield %0 : f32
    }
  return %r : tensor<3xf32>
}
// OUT: kernel @dispatch_0_reduction local_size [256, 1, 1] workgroup_count [3, 1, 1] subgroup_size 32 {
// OUT:   binding #0 = set 0 binding 0 readonly f32 buffer 0 "input0"
// OUT:   binding #1 = set 0 binding 1 writeonly f32 buffer 1 "output0"
// OUT:   view @v0 = #0 offset 0 shape [3, N] strides [N, 1]
// OUT:   view @v1 = #1 offset 0 shape [3] strides [1]
// OUT:   push_constant @pc0 "N" = N
// OUT:   alloc @a0 = function f32[1] "partial0"
// OUT:   alloc @a1 = function f32[1] "partial1"
// OUT:   alloc @a2 = function f32[1] "partial2"
// OUT:   alloc @a3 = function f32[1] "partial3"
// OUT:   alloc @a4 = workgroup f32[8] "subgroup_partials"
// OUT:   alloc @a5 = function f32[1] "total"
// OUT:   %0 = constant 3 : index
// OUT:   %60 = workgroup_id.x : index
// OUT:   %61 = workgroup_id.y : index
// OUT:   %62 = num_workgroups.x : index
// OUT:   %63 = mul %61, %62 : index
// OUT:   %group64 = add %60, %63 : index
// OUT:   %65 = cmp lt %group64, %0 : i1
// OUT:   if %65 {
// OUT:     %66 = constant 0 : index
// OUT:     %i1 = add %group64, %66 : index
// OUT:     %2 = constant 256 : index
// OUT:     %i3 = local_invocation_id.x : index
// OUT:     %4 = constant 0.0 : f32
// OUT:     store @a0[], %4
// OUT:     %5 = constant 0.0 : f32
// OUT:     store @a1[], %5
// OUT:     %6 = constant 0.0 : f32
// OUT:     store @a2[], %6
// OUT:     %7 = constant 0.0 : f32
// OUT:     store @a3[], %7
// OUT:     %8 = constant 1 : index
// OUT:     %9 = constant 1024 : index
// OUT:     %N10 = push_constant @pc0 : index
// OUT:     %11 = constant 1024 : index
// OUT:     %12 = div %N10, %11 : index
// OUT:     %13 = constant 0 : index
// OUT:     %14 = constant 1 : index
// OUT:     for %k15 = %13 to %12 step %14 {
// OUT:       %16 = mul %k15, %9 : index
// OUT:       %17 = add %i3, %16 : index
// OUT:       %18 = constant 0 : index
// OUT:       %19 = add %17, %18 : index
// OUT:       %20 = load @v0[%i1, %19] : f32
// OUT:       %21 = constant 256 : index
// OUT:       %22 = add %17, %21 : index
// OUT:       %23 = load @v0[%i1, %22] : f32
// OUT:       %24 = constant 512 : index
// OUT:       %25 = add %17, %24 : index
// OUT:       %26 = load @v0[%i1, %25] : f32
// OUT:       %27 = constant 768 : index
// OUT:       %28 = add %17, %27 : index
// OUT:       %29 = load @v0[%i1, %28] : f32
// OUT:       %30 = load @a0[] : f32
// OUT:       %31 = add %30, %20 : f32
// OUT:       store @a0[], %31
// OUT:       %32 = load @a1[] : f32
// OUT:       %33 = add %32, %23 : f32
// OUT:       store @a1[], %33
// OUT:       %34 = load @a2[] : f32
// OUT:       %35 = add %34, %26 : f32
// OUT:       store @a2[], %35
// OUT:       %36 = load @a3[] : f32
// OUT:       %37 = add %36, %29 : f32
// OUT:       store @a3[], %37
// OUT:     }
// OUT:     %38 = constant 1024 : index
// OUT:     %39 = div %N10, %38 : index
// OUT:     %40 = constant 1024 : index
// OUT:     %41 = mul %39, %40 : index
// OUT:     %42 = add %41, %i3 : index
// OUT:     %43 = constant 256 : index
// OUT:     for %k44 = %42 to %N10 step %43 {
// OUT:       %45 = load @v0[%i1, %k44] : f32
// OUT:       %46 = load @a0[] : f32
// OUT:       %47 = add %46, %45 : f32
// OUT:       store @a0[], %47
// OUT:     }
// OUT:     %48 = load @a0[] : f32
// OUT:     %49 = load @a1[] : f32
// OUT:     %50 = load @a2[] : f32
// OUT:     %51 = load @a3[] : f32
// OUT:     %52 = add %48, %49 : f32
// OUT:     %53 = add %50, %51 : f32
// OUT:     %54 = add %52, %53 : f32
// OUT:     %67 = subgroup_reduce add %54 : f32
// OUT:     %68 = subgroup_id : index
// OUT:     %69 = subgroup_local_invocation_id : index
// OUT:     %70 = constant 0 : index
// OUT:     %71 = cmp eq %69, %70 : i1
// OUT:     if %71 {
// OUT:       store @a4[%68], %67
// OUT:     }
// OUT:     control_barrier workgroup
// OUT:     %72 = constant 0.0 : f32
// OUT:     store @a5[], %72
// OUT:     %73 = num_subgroups : index
// OUT:     %74 = constant 1 : index
// OUT:     for %k75 = %70 to %73 step %74 {
// OUT:       %76 = load @a4[%k75] : f32
// OUT:       %77 = load @a5[] : f32
// OUT:       %78 = add %77, %76 : f32
// OUT:       store @a5[], %78
// OUT:     }
// OUT:     %55 = load @a5[] : f32
// OUT:     %56 = constant 0.0 : f32
// OUT:     %57 = add %56, %55 : f32
// OUT:     %58 = constant 0 : index
// OUT:     %59 = cmp eq %i3, %58 : i1
// OUT:     if %59 {
// OUT:       store @v1[%i1], %57
// OUT:     }
// OUT:   }
// OUT: }

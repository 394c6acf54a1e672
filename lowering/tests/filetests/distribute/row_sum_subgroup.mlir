// RUN: distribute target=nvidia-h200
// Rows too long for one subgroup: a workgroup per row (256 invocations, 4 accumulators each);
// subgroup arithmetic, partials per subgroup in Workgroup memory, one barrier.
func.func @main(%x: tensor<3x8192xf32>) -> tensor<3xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  %r = linalg.reduce ins(%x : tensor<3x8192xf32>) outs(%f : tensor<3xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %0 = arith.addf %in, %init : f32
      linalg.yield %0 : f32
    }
  return %r : tensor<3xf32>
}
// OUT: kernel @dispatch_0_reduction local_size [256, 1, 1] workgroup_count [3, 1, 1] subgroup_size 32 {
// OUT:   binding #0 = set 0 binding 0 readonly f32 buffer 0 "input0"
// OUT:   binding #1 = set 0 binding 1 writeonly f32 buffer 1 "output0"
// OUT:   view @v0 = #0 offset 0 shape [3, 8192] strides [8192, 1]
// OUT:   view @v1 = #1 offset 0 shape [3] strides [1]
// OUT:   alloc @a0 = function f32[1] "partial0"
// OUT:   alloc @a1 = function f32[1] "partial1"
// OUT:   alloc @a2 = function f32[1] "partial2"
// OUT:   alloc @a3 = function f32[1] "partial3"
// OUT:   alloc @a4 = workgroup f32[8] "subgroup_partials"
// OUT:   alloc @a5 = function f32[1] "total"
// OUT:   %4 = constant 3 : index
// OUT:   %92 = workgroup_id.x : index
// OUT:   %93 = workgroup_id.y : index
// OUT:   %94 = num_workgroups.x : index
// OUT:   %95 = mul %93, %94 : index
// OUT:   %group96 = add %92, %95 : index
// OUT:   %97 = cmp lt %group96, %4 : i1
// OUT:   if %97 {
// OUT:     %98 = constant 0 : index
// OUT:     %i5 = add %group96, %98 : index
// OUT:     %6 = constant 256 : index
// OUT:     %i7 = local_invocation_id.x : index
// OUT:     %8 = constant 0.0 : f32
// OUT:     store @a0[], %8
// OUT:     %9 = constant 0.0 : f32
// OUT:     store @a1[], %9
// OUT:     %10 = constant 0.0 : f32
// OUT:     store @a2[], %10
// OUT:     %11 = constant 0.0 : f32
// OUT:     store @a3[], %11
// OUT:     %12 = constant 4 : index
// OUT:     %13 = constant 1024 : index
// OUT:     %14 = constant 2 : index
// OUT:     %15 = constant 0 : index
// OUT:     %16 = constant 1 : index
// OUT:     for %k17 = %15 to %14 step %16 {
// OUT:       %18 = mul %k17, %13 : index
// OUT:       %19 = add %i7, %18 : index
// OUT:       %20 = constant 0 : index
// OUT:       %21 = add %19, %20 : index
// OUT:       %22 = mul %21, %12 : index
// OUT:       %25 = load @v0[%i5, %22] : vector<4xf32>
// OUT:       %26 = extract %25[0] : f32
// OUT:       %27 = extract %25[1] : f32
// OUT:       %28 = extract %25[2] : f32
// OUT:       %29 = extract %25[3] : f32
// OUT:       %30 = add %26, %27 : f32
// OUT:       %31 = add %28, %29 : f32
// OUT:       %32 = add %30, %31 : f32
// OUT:       %33 = constant 256 : index
// OUT:       %34 = add %19, %33 : index
// OUT:       %35 = mul %34, %12 : index
// OUT:       %38 = load @v0[%i5, %35] : vector<4xf32>
// OUT:       %39 = extract %38[0] : f32
// OUT:       %40 = extract %38[1] : f32
// OUT:       %41 = extract %38[2] : f32
// OUT:       %42 = extract %38[3] : f32
// OUT:       %43 = add %39, %40 : f32
// OUT:       %44 = add %41, %42 : f32
// OUT:       %45 = add %43, %44 : f32
// OUT:       %46 = constant 512 : index
// OUT:       %47 = add %19, %46 : index
// OUT:       %48 = mul %47, %12 : index
// OUT:       %51 = load @v0[%i5, %48] : vector<4xf32>
// OUT:       %52 = extract %51[0] : f32
// OUT:       %53 = extract %51[1] : f32
// OUT:       %54 = extract %51[2] : f32
// OUT:       %55 = extract %51[3] : f32
// OUT:       %56 = add %52, %53 : f32
// OUT:       %57 = add %54, %55 : f32
// OUT:       %58 = add %56, %57 : f32
// OUT:       %59 = constant 768 : index
// OUT:       %60 = add %19, %59 : index
// OUT:       %61 = mul %60, %12 : index
// OUT:       %64 = load @v0[%i5, %61] : vector<4xf32>
// OUT:       %65 = extract %64[0] : f32
// OUT:       %66 = extract %64[1] : f32
// OUT:       %67 = extract %64[2] : f32
// OUT:       %68 = extract %64[3] : f32
// OUT:       %69 = add %65, %66 : f32
// OUT:       %70 = add %67, %68 : f32
// OUT:       %71 = add %69, %70 : f32
// OUT:       %72 = load @a0[] : f32
// OUT:       %73 = add %72, %32 : f32
// OUT:       store @a0[], %73
// OUT:       %74 = load @a1[] : f32
// OUT:       %75 = add %74, %45 : f32
// OUT:       store @a1[], %75
// OUT:       %76 = load @a2[] : f32
// OUT:       %77 = add %76, %58 : f32
// OUT:       store @a2[], %77
// OUT:       %78 = load @a3[] : f32
// OUT:       %79 = add %78, %71 : f32
// OUT:       store @a3[], %79
// OUT:     }
// OUT:     %80 = load @a0[] : f32
// OUT:     %81 = load @a1[] : f32
// OUT:     %82 = load @a2[] : f32
// OUT:     %83 = load @a3[] : f32
// OUT:     %84 = add %80, %81 : f32
// OUT:     %85 = add %82, %83 : f32
// OUT:     %86 = add %84, %85 : f32
// OUT:     %99 = subgroup_reduce add %86 : f32
// OUT:     %100 = subgroup_id : index
// OUT:     %101 = subgroup_local_invocation_id : index
// OUT:     %102 = constant 0 : index
// OUT:     %103 = cmp eq %101, %102 : i1
// OUT:     if %103 {
// OUT:       store @a4[%100], %99
// OUT:     }
// OUT:     control_barrier workgroup
// OUT:     %104 = constant 0.0 : f32
// OUT:     store @a5[], %104
// OUT:     %105 = num_subgroups : index
// OUT:     %106 = constant 1 : index
// OUT:     for %k107 = %102 to %105 step %106 {
// OUT:       %108 = load @a4[%k107] : f32
// OUT:       %109 = load @a5[] : f32
// OUT:       %110 = add %109, %108 : f32
// OUT:       store @a5[], %110
// OUT:     }
// OUT:     %87 = load @a5[] : f32
// OUT:     %88 = constant 0.0 : f32
// OUT:     %89 = add %88, %87 : f32
// OUT:     %90 = constant 0 : index
// OUT:     %91 = cmp eq %i7, %90 : i1
// OUT:     if %91 {
// OUT:       store @v1[%i5], %89
// OUT:     }
// OUT:   }
// OUT: }

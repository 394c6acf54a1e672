// RUN: distribute target=llvmpipe
// 20 000 000 elements / 256 per workgroup > 65535 workgroups: a 2-D grid and a bounds guard.
#id = affine_map<(d0) -> (d0)>
func.func @main(%x: tensor<20000001xf32>) -> tensor<20000001xf32> {
  %e = tensor.empty() : tensor<20000001xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<20000001xf32>) outs(%e : tensor<20000001xf32>) {
  ^bb0(%a: f32, %out: f32):
    %s = math.exp %a : f32
    linalg.yield %s : f32
  } -> tensor<20000001xf32>
  return %r : tensor<20000001xf32>
}
// OUT: kernel @dispatch_0_elementwise local_size [256, 1, 1] workgroup_count [19532, 1, 1] {
// OUT:   binding #0 = set 0 binding 0 readonly f32 buffer 0 "input0"
// OUT:   binding #1 = set 0 binding 1 writeonly f32 buffer 1 "output0"
// OUT:   view @v0 = #0 offset 0 shape [20000001] strides [1]
// OUT:   view @v1 = #1 offset 0 shape [20000001] strides [1]
// OUT:   %0 = constant 20000001 : index
// OUT:   %4 = constant 5000001 : index
// OUT:   %17 = global_invocation_id.x : index
// OUT:   %18 = global_invocation_id.y : index
// OUT:   %19 = num_workgroups.x : index
// OUT:   %20 = constant 256 : index
// OUT:   %21 = mul %19, %20 : index
// OUT:   %22 = mul %18, %21 : index
// OUT:   %gid23 = add %17, %22 : index
// OUT:   %24 = cmp lt %gid23, %4 : i1
// OUT:   if %24 {
// OUT:     %25 = constant 0 : index
// OUT:     %i5 = add %gid23, %25 : index
// OUT:     %6 = constant 4 : index
// OUT:     %7 = mul %i5, %6 : index
// OUT:     %8 = add %7, %6 : index
// OUT:     %9 = constant 20000001 : index
// OUT:     %10 = cmp le %8, %9 : i1
// OUT:     if %10 {
// OUT:       %11 = load @v0[%7] : vector<4xf32>
// OUT:       %12 = exp %11 : vector<4xf32>
// OUT:       store @v1[%7], %12
// OUT:     } else {
// OUT:       %13 = constant 1 : index
// OUT:       for %k14 = %7 to %9 step %13 {
// OUT:         %15 = load @v0[%k14] : f32
// OUT:         %16 = exp %15 : f32
// OUT:         store @v1[%k14], %16
// OUT:       }
// OUT:     }
// OUT:   }
// OUT: }

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
// OUT: kernel @dispatch_0_elementwise local_size [256, 1, 1] workgroup_count [65535, 2, 1] {
// OUT:   binding #0 = set 0 binding 0 readonly f32 buffer 0 "input0"
// OUT:   binding #1 = set 0 binding 1 writeonly f32 buffer 1 "output0"
// OUT:   view @v0 = #0 offset 0 shape [20000001] strides [1]
// OUT:   view @v1 = #1 offset 0 shape [20000001] strides [1]
// OUT:   %0 = constant 20000001 : index
// OUT:   %4 = global_invocation_id.x : index
// OUT:   %5 = global_invocation_id.y : index
// OUT:   %6 = num_workgroups.x : index
// OUT:   %7 = constant 256 : index
// OUT:   %8 = mul %6, %7 : index
// OUT:   %9 = mul %5, %8 : index
// OUT:   %gid10 = add %4, %9 : index
// OUT:   %11 = cmp lt %gid10, %0 : i1
// OUT:   if %11 {
// OUT:     %12 = constant 0 : index
// OUT:     %i1 = add %gid10, %12 : index
// OUT:     %2 = load @v0[%i1] : f32
// OUT:     %3 = exp %2 : f32
// OUT:     store @v1[%i1], %3
// OUT:   }
// OUT: }

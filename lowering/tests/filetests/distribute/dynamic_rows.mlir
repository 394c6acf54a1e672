// RUN: distribute target=llvmpipe
// A symbolic batch dim: sizes come from push constants; the grid is an expression over N.
func.func @main(%x: tensor<?x16xf32> {kiln.symbols = ["N"]}, %b: tensor<16xf32>) -> tensor<?x16xf32> {
  %e = tensor.empty() {kiln.symbols = ["N"]} : tensor<?x16xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x, %b : tensor<?x16xf32>, tensor<16xf32>) outs(%e : tensor<?x16xf32>) {
  ^bb0(%a: f32, %c: f32, %out: f32):
    %s = arith.addf %a, %c : f32
    linalg.yield %s : f32
  } -> tensor<?x16xf32>
  return %r : tensor<?x16xf32>
}
// OUT: kernel @dispatch_0_elementwise local_size [256, 1, 1] workgroup_count [min(((N * 4) ceildiv 256), 65535), (((N * 4) ceildiv 256) ceildiv min(((N * 4) ceildiv 256), 65535)), 1] {
// OUT:   binding #0 = set 0 binding 0 readonly f32 buffer 0 "input0"
// OUT:   binding #1 = set 0 binding 1 readonly f32 buffer 1 "input1"
// OUT:   binding #2 = set 0 binding 2 writeonly f32 buffer 2 "output0"
// OUT:   view @v0 = #0 offset 0 shape [N, 16] strides [16, 1]
// OUT:   view @v1 = #1 offset 0 shape [16] strides [1]
// OUT:   view @v2 = #2 offset 0 shape [N, 16] strides [16, 1]
// OUT:   push_constant @pc0 "N" = N
// OUT:   %N0 = push_constant @pc0 : index
// OUT:   %1 = constant 16 : index
// OUT:   %7 = constant 4 : index
// OUT:   %15 = mul %N0, %7 : index
// OUT:   %16 = global_invocation_id.x : index
// OUT:   %17 = global_invocation_id.y : index
// OUT:   %18 = num_workgroups.x : index
// OUT:   %19 = constant 256 : index
// OUT:   %20 = mul %18, %19 : index
// OUT:   %21 = mul %17, %20 : index
// OUT:   %gid22 = add %16, %21 : index
// OUT:   %23 = cmp lt %gid22, %15 : i1
// OUT:   if %23 {
// OUT:     %i9 = rem %gid22, %7 : index
// OUT:     %24 = div %gid22, %7 : index
// OUT:     %25 = constant 0 : index
// OUT:     %i8 = add %24, %25 : index
// OUT:     %10 = constant 4 : index
// OUT:     %11 = mul %i9, %10 : index
// OUT:     %12 = load @v0[%i8, %11] : vector<4xf32>
// OUT:     %13 = load @v1[%11] : vector<4xf32>
// OUT:     %14 = add %12, %13 : vector<4xf32>
// OUT:     store @v2[%i8, %11], %14
// OUT:   }
// OUT: }

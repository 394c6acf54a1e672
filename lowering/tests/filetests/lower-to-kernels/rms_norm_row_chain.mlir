// RUN: lower-to-kernels target=nvidia-h200
// An RMSNorm row chain in registers (a subgroup per row, 2 columns per invocation): the row is
// loaded once, the sum of squares and the stores reuse the loaded values.
#row = affine_map<(d0, d1) -> (d0, d1)>
#sum = affine_map<(d0, d1) -> (d0)>
#rowvec = affine_map<(d0) -> (d0)>
#perrow = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>
func.func @main(%x: tensor<8x64xf32>, %w: tensor<64xf32>) -> tensor<8x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<8x64xf32>
  %sq = linalg.generic {indexing_maps = [#row, #row], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<8x64xf32>) outs(%e0 : tensor<8x64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %d = arith.mulf %a, %a : f32
    linalg.yield %d : f32
  } -> tensor<8x64xf32>
  %e1 = tensor.empty() : tensor<8xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<8xf32>) -> tensor<8xf32>
  %s = linalg.reduce ins(%sq : tensor<8x64xf32>) outs(%f1 : tensor<8xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %0 = arith.addf %in, %init : f32
      linalg.yield %0 : f32
    }
  %e2 = tensor.empty() : tensor<8xf32>
  %inv = linalg.generic {indexing_maps = [#rowvec, #rowvec], iterator_types = ["parallel"]} ins(%s : tensor<8xf32>) outs(%e2 : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %n = arith.constant 64.0 : f32
    %eps = arith.constant 1.0e-6 : f32
    %m = arith.divf %a, %n : f32
    %me = arith.addf %m, %eps : f32
    %r = math.rsqrt %me : f32
    linalg.yield %r : f32
  } -> tensor<8xf32>
  %e3 = tensor.empty() : tensor<8x64xf32>
  %y = linalg.generic {indexing_maps = [#row, #perrow, #col, #row], iterator_types = ["parallel", "parallel"]} ins(%x, %inv, %w : tensor<8x64xf32>, tensor<8xf32>, tensor<64xf32>) outs(%e3 : tensor<8x64xf32>) {
  ^bb0(%a: f32, %i: f32, %ww: f32, %o: f32):
    %n = arith.mulf %a, %i : f32
    %r = arith.mulf %n, %ww : f32
    linalg.yield %r : f32
  } -> tensor<8x64xf32>
  return %y : tensor<8x64xf32>
}
// OUT: kernel @dispatch_0_rowchain local_size [128, 1, 1] workgroup_count [1, 1, 1] subgroup_size 32 {
// OUT:   binding #0 = set 0 binding 0 readonly f32 buffer 0 "input0"
// OUT:   binding #1 = set 0 binding 1 readonly f32 buffer 1 "input1"
// OUT:   binding #2 = set 0 binding 2 writeonly f32 buffer 2 "output0"
// OUT:   view @v0 = #0 offset 0 shape [8, 64] strides [64, 1]
// OUT:   view @v1 = #1 offset 0 shape [64] strides [1]
// OUT:   view @v2 = #2 offset 0 shape [8, 64] strides [64, 1]
// OUT:   %0 = constant 2 : index
// OUT:   parallel workgroup (%i1) < (%0) {
// OUT:     %2 = constant 128 : index
// OUT:     parallel local (%i3) < (%2) {
// OUT:       %4 = subgroup_id : index
// OUT:       %5 = subgroup_local_invocation_id : index
// OUT:       %6 = constant 4 : index
// OUT:       %7 = mul %i1, %6 : index
// OUT:       %8 = add %7, %4 : index
// OUT:       %9 = constant 63 : index
// OUT:       %10 = constant 0 : index
// OUT:       %11 = add %5, %10 : index
// OUT:       %12 = constant 32 : index
// OUT:       %13 = add %5, %12 : index
// OUT:       %14 = constant 64 : index
// OUT:       %15 = constant 0.0 : f32
// OUT:       %16 = constant 0.0 : f32
// OUT:       %17 = load @v0[%8, %11] : f32
// OUT:       %18 = mul %17, %17 : f32
// OUT:       %19 = load @v0[%8, %13] : f32
// OUT:       %20 = mul %19, %19 : f32
// OUT:       %21 = add %18, %20 : f32
// OUT:       %22 = subgroup_reduce add %21 : f32
// OUT:       %23 = add %15, %22 : f32
// OUT:       %24 = constant 64.0 : f32
// OUT:       %25 = div %23, %24 : f32
// OUT:       %26 = constant 9.999999974752427e-7 : f32
// OUT:       %27 = add %25, %26 : f32
// OUT:       %28 = rsqrt %27 : f32
// OUT:       %29 = mul %17, %28 : f32
// OUT:       %30 = load @v1[%11] : f32
// OUT:       %31 = mul %29, %30 : f32
// OUT:       store @v2[%8, %11], %31
// OUT:       %32 = mul %19, %28 : f32
// OUT:       %33 = load @v1[%13] : f32
// OUT:       %34 = mul %32, %33 : f32
// OUT:       store @v2[%8, %13], %34
// OUT:     }
// OUT:   }
// OUT: }

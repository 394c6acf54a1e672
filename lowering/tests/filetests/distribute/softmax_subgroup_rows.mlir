// RUN: distribute target=nvidia-h200
// Softmax over rows of 256 f32: a subgroup per row, 4 rows per workgroup, the row held in
// registers (2 vec4 per lane): one read and one write per element, subgroup max and sum.
func.func @main(%x: tensor<8x256xf32>) -> tensor<8x256xf32> {
  %e = tensor.empty() : tensor<8x256xf32>
  %s = linalg.softmax dimension(1) ins(%x : tensor<8x256xf32>) outs(%e : tensor<8x256xf32>) -> tensor<8x256xf32>
  return %s : tensor<8x256xf32>
}
// OUT: kernel @dispatch_0_softmax local_size [128, 1, 1] workgroup_count [2, 1, 1] subgroup_size 32 {
// OUT:   binding #0 = set 0 binding 0 readonly f32 buffer 0 "input0"
// OUT:   binding #1 = set 0 binding 1 writeonly f32 buffer 1 "output0"
// OUT:   view @v0 = #0 offset 0 shape [8, 256] strides [256, 1]
// OUT:   view @v1 = #1 offset 0 shape [8, 256] strides [256, 1]
// OUT:   %4 = constant 2 : index
// OUT:   %56 = workgroup_id.x : index
// OUT:   %57 = workgroup_id.y : index
// OUT:   %58 = num_workgroups.x : index
// OUT:   %59 = mul %57, %58 : index
// OUT:   %group60 = add %56, %59 : index
// OUT:   %61 = cmp lt %group60, %4 : i1
// OUT:   if %61 {
// OUT:     %62 = constant 0 : index
// OUT:     %i5 = add %group60, %62 : index
// OUT:     %6 = constant 128 : index
// OUT:     %i7 = local_invocation_id.x : index
// OUT:     %8 = subgroup_id : index
// OUT:     %9 = subgroup_local_invocation_id : index
// OUT:     %10 = constant 4 : index
// OUT:     %11 = mul %i5, %10 : index
// OUT:     %12 = add %11, %8 : index
// OUT:     %13 = constant 64 : index
// OUT:     %14 = constant 63 : index
// OUT:     %15 = constant 4 : index
// OUT:     %16 = constant 0 : index
// OUT:     %17 = add %9, %16 : index
// OUT:     %18 = mul %17, %15 : index
// OUT:     %21 = load @v0[%12, %18] : vector<4xf32>
// OUT:     %22 = constant 32 : index
// OUT:     %23 = add %9, %22 : index
// OUT:     %24 = mul %23, %15 : index
// OUT:     %27 = load @v0[%12, %24] : vector<4xf32>
// OUT:     %28 = max %21, %27 : vector<4xf32>
// OUT:     %29 = extract %28[0] : f32
// OUT:     %30 = extract %28[1] : f32
// OUT:     %31 = extract %28[2] : f32
// OUT:     %32 = extract %28[3] : f32
// OUT:     %33 = max %29, %30 : f32
// OUT:     %34 = max %31, %32 : f32
// OUT:     %35 = max %33, %34 : f32
// OUT:     %36 = subgroup_reduce max %35 : f32
// OUT:     %37 = splat %36 : vector<4xf32>
// OUT:     %38 = sub %21, %37 : vector<4xf32>
// OUT:     %39 = exp %38 : vector<4xf32>
// OUT:     %40 = sub %27, %37 : vector<4xf32>
// OUT:     %41 = exp %40 : vector<4xf32>
// OUT:     %42 = add %39, %41 : vector<4xf32>
// OUT:     %43 = extract %42[0] : f32
// OUT:     %44 = extract %42[1] : f32
// OUT:     %45 = extract %42[2] : f32
// OUT:     %46 = extract %42[3] : f32
// OUT:     %47 = add %43, %44 : f32
// OUT:     %48 = add %45, %46 : f32
// OUT:     %49 = add %47, %48 : f32
// OUT:     %50 = subgroup_reduce add %49 : f32
// OUT:     %51 = constant 1.0 : f32
// OUT:     %52 = div %51, %50 : f32
// OUT:     %53 = splat %52 : vector<4xf32>
// OUT:     %54 = mul %39, %53 : vector<4xf32>
// OUT:     store @v1[%12, %18], %54
// OUT:     %55 = mul %41, %53 : vector<4xf32>
// OUT:     store @v1[%12, %24], %55
// OUT:   }
// OUT: }

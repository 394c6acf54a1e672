// RUN: lower-to-kernels target=llvmpipe
// A LayerNorm row chain in registers on llvmpipe (a subgroup of 8 per row, 8 columns each): the
// row is loaded once; the variance pass and the stores reuse the loaded values and x - mean,
// the per-row values are computed once per row.
#row = affine_map<(d0, d1) -> (d0, d1)>
#sum = affine_map<(d0, d1) -> (d0)>
#rowvec = affine_map<(d0) -> (d0)>
#bcast = affine_map<(d0, d1) -> (d0, 0)>
#col = affine_map<(d0, d1) -> (d1)>
func.func @main(%x: tensor<8x64xf32>, %scale: tensor<64xf32>, %bias: tensor<64xf32>) -> tensor<8x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<8xf32>
  %f0 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<8xf32>) -> tensor<8xf32>
  %s0 = linalg.reduce ins(%x : tensor<8x64xf32>) outs(%f0 : tensor<8xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %0 = arith.addf %in, %init : f32
      linalg.yield %0 : f32
    }
  %e1 = tensor.empty() : tensor<8xf32>
  %mean = linalg.generic {indexing_maps = [#rowvec, #rowvec], iterator_types = ["parallel"]} ins(%s0 : tensor<8xf32>) outs(%e1 : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %n = arith.constant 64.0 : f32
    %d = arith.divf %a, %n : f32
    linalg.yield %d : f32
  } -> tensor<8xf32>
  %mean2 = tensor.expand_shape %mean [[0, 1]] output_shape [8, 1] : tensor<8xf32> into tensor<8x1xf32>
  %e2 = tensor.empty() : tensor<8x64xf32>
  %c = linalg.generic {indexing_maps = [#row, #bcast, #row], iterator_types = ["parallel", "parallel"]} ins(%x, %mean2 : tensor<8x64xf32>, tensor<8x1xf32>) outs(%e2 : tensor<8x64xf32>) {
  ^bb0(%a: f32, %m: f32, %o: f32):
    %d = arith.subf %a, %m : f32
    linalg.yield %d : f32
  } -> tensor<8x64xf32>
  %e3 = tensor.empty() : tensor<8x64xf32>
  %sq = linalg.generic {indexing_maps = [#row, #row], iterator_types = ["parallel", "parallel"]} ins(%c : tensor<8x64xf32>) outs(%e3 : tensor<8x64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %d = arith.mulf %a, %a : f32
    linalg.yield %d : f32
  } -> tensor<8x64xf32>
  %e4 = tensor.empty() : tensor<8xf32>
  %f4 = linalg.fill ins(%zero : f32) outs(%e4 : tensor<8xf32>) -> tensor<8xf32>
  %s1 = linalg.reduce ins(%sq : tensor<8x64xf32>) outs(%f4 : tensor<8xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %0 = arith.addf %in, %init : f32
      linalg.yield %0 : f32
    }
  %e5 = tensor.empty() : tensor<8xf32>
  %var = linalg.generic {indexing_maps = [#rowvec, #rowvec], iterator_types = ["parallel"]} ins(%s1 : tensor<8xf32>) outs(%e5 : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %n = arith.constant 64.0 : f32
    %d = arith.divf %a, %n : f32
    linalg.yield %d : f32
  } -> tensor<8xf32>
  %var2 = tensor.expand_shape %var [[0, 1]] output_shape [8, 1] : tensor<8xf32> into tensor<8x1xf32>
  %e6 = tensor.empty() : tensor<8x64xf32>
  %y = linalg.generic {indexing_maps = [#row, #bcast, #col, #col, #row], iterator_types = ["parallel", "parallel"]} ins(%c, %var2, %scale, %bias : tensor<8x64xf32>, tensor<8x1xf32>, tensor<64xf32>, tensor<64xf32>) outs(%e6 : tensor<8x64xf32>) {
  ^bb0(%a: f32, %v: f32, %s: f32, %b: f32, %o: f32):
    %eps = arith.constant 1.0e-5 : f32
    %ve = arith.addf %v, %eps : f32
    %sd = math.sqrt %ve : f32
    %n = arith.divf %a, %sd : f32
    %m = arith.mulf %n, %s : f32
    %r = arith.addf %m, %b : f32
    linalg.yield %r : f32
  } -> tensor<8x64xf32>
  return %y : tensor<8x64xf32>
}
// OUT: kernel @dispatch_0_rowchain local_size [64, 1, 1] workgroup_count [1, 1, 1] subgroup_size 8 {
// OUT:   binding #0 = set 0 binding 0 readonly f32 buffer 0 "input0"
// OUT:   binding #1 = set 0 binding 1 readonly f32 buffer 1 "input1"
// OUT:   binding #2 = set 0 binding 2 readonly f32 buffer 2 "input2"
// OUT:   binding #3 = set 0 binding 3 writeonly f32 buffer 3 "output0"
// OUT:   view @v0 = #0 offset 0 shape [8, 64] strides [64, 1]
// OUT:   view @v1 = #1 offset 0 shape [64] strides [1]
// OUT:   view @v2 = #2 offset 0 shape [64] strides [1]
// OUT:   view @v3 = #3 offset 0 shape [8, 64] strides [64, 1]
// OUT:   %0 = constant 1 : index
// OUT:   parallel workgroup (%i1) < (%0) {
// OUT:     %2 = constant 64 : index
// OUT:     parallel local (%i3) < (%2) {
// OUT:       %4 = subgroup_id : index
// OUT:       %5 = subgroup_local_invocation_id : index
// OUT:       %6 = constant 8 : index
// OUT:       %7 = mul %i1, %6 : index
// OUT:       %8 = add %7, %4 : index
// OUT:       %9 = constant 63 : index
// OUT:       %10 = constant 0 : index
// OUT:       %11 = add %5, %10 : index
// OUT:       %12 = constant 8 : index
// OUT:       %13 = add %5, %12 : index
// OUT:       %14 = constant 16 : index
// OUT:       %15 = add %5, %14 : index
// OUT:       %16 = constant 24 : index
// OUT:       %17 = add %5, %16 : index
// OUT:       %18 = constant 32 : index
// OUT:       %19 = add %5, %18 : index
// OUT:       %20 = constant 40 : index
// OUT:       %21 = add %5, %20 : index
// OUT:       %22 = constant 48 : index
// OUT:       %23 = add %5, %22 : index
// OUT:       %24 = constant 56 : index
// OUT:       %25 = add %5, %24 : index
// OUT:       %26 = constant 0.0 : f32
// OUT:       %27 = constant 0.0 : f32
// OUT:       %28 = load @v0[%8, %11] : f32
// OUT:       %29 = load @v0[%8, %13] : f32
// OUT:       %30 = load @v0[%8, %15] : f32
// OUT:       %31 = load @v0[%8, %17] : f32
// OUT:       %32 = load @v0[%8, %19] : f32
// OUT:       %33 = load @v0[%8, %21] : f32
// OUT:       %34 = load @v0[%8, %23] : f32
// OUT:       %35 = load @v0[%8, %25] : f32
// OUT:       %36 = add %28, %29 : f32
// OUT:       %37 = add %30, %31 : f32
// OUT:       %38 = add %32, %33 : f32
// OUT:       %39 = add %34, %35 : f32
// OUT:       %40 = add %36, %37 : f32
// OUT:       %41 = add %38, %39 : f32
// OUT:       %42 = add %40, %41 : f32
// OUT:       %43 = subgroup_reduce add %42 : f32
// OUT:       %44 = add %26, %43 : f32
// OUT:       %45 = constant 64.0 : f32
// OUT:       %46 = div %44, %45 : f32
// OUT:       %47 = constant 0 : index
// OUT:       %48 = mul %8, %0 : index
// OUT:       %49 = add %48, %47 : index
// OUT:       %50 = constant 0.0 : f32
// OUT:       %51 = constant 0 : index
// OUT:       %52 = sub %28, %46 : f32
// OUT:       %53 = mul %52, %52 : f32
// OUT:       %54 = constant 0 : index
// OUT:       %55 = sub %29, %46 : f32
// OUT:       %56 = mul %55, %55 : f32
// OUT:       %57 = constant 0 : index
// OUT:       %58 = sub %30, %46 : f32
// OUT:       %59 = mul %58, %58 : f32
// OUT:       %60 = constant 0 : index
// OUT:       %61 = sub %31, %46 : f32
// OUT:       %62 = mul %61, %61 : f32
// OUT:       %63 = constant 0 : index
// OUT:       %64 = sub %32, %46 : f32
// OUT:       %65 = mul %64, %64 : f32
// OUT:       %66 = constant 0 : index
// OUT:       %67 = sub %33, %46 : f32
// OUT:       %68 = mul %67, %67 : f32
// OUT:       %69 = constant 0 : index
// OUT:       %70 = sub %34, %46 : f32
// OUT:       %71 = mul %70, %70 : f32
// OUT:       %72 = constant 0 : index
// OUT:       %73 = sub %35, %46 : f32
// OUT:       %74 = mul %73, %73 : f32
// OUT:       %75 = add %53, %56 : f32
// OUT:       %76 = add %59, %62 : f32
// OUT:       %77 = add %65, %68 : f32
// OUT:       %78 = add %71, %74 : f32
// OUT:       %79 = add %75, %76 : f32
// OUT:       %80 = add %77, %78 : f32
// OUT:       %81 = add %79, %80 : f32
// OUT:       %82 = subgroup_reduce add %81 : f32
// OUT:       %83 = add %26, %82 : f32
// OUT:       %84 = constant 64.0 : f32
// OUT:       %85 = div %83, %84 : f32
// OUT:       %86 = constant 0 : index
// OUT:       %87 = mul %8, %0 : index
// OUT:       %88 = add %87, %86 : index
// OUT:       %89 = constant 0 : index
// OUT:       %90 = constant 9.999999747378752e-6 : f32
// OUT:       %91 = add %85, %90 : f32
// OUT:       %92 = sqrt %91 : f32
// OUT:       %93 = div %52, %92 : f32
// OUT:       %94 = load @v1[%11] : f32
// OUT:       %95 = mul %93, %94 : f32
// OUT:       %96 = load @v2[%11] : f32
// OUT:       %97 = add %95, %96 : f32
// OUT:       store @v3[%8, %11], %97
// OUT:       %98 = constant 0 : index
// OUT:       %99 = constant 9.999999747378752e-6 : f32
// OUT:       %100 = add %85, %99 : f32
// OUT:       %101 = sqrt %100 : f32
// OUT:       %102 = div %55, %101 : f32
// OUT:       %103 = load @v1[%13] : f32
// OUT:       %104 = mul %102, %103 : f32
// OUT:       %105 = load @v2[%13] : f32
// OUT:       %106 = add %104, %105 : f32
// OUT:       store @v3[%8, %13], %106
// OUT:       %107 = constant 0 : index
// OUT:       %108 = constant 9.999999747378752e-6 : f32
// OUT:       %109 = add %85, %108 : f32
// OUT:       %110 = sqrt %109 : f32
// OUT:       %111 = div %58, %110 : f32
// OUT:       %112 = load @v1[%15] : f32
// OUT:       %113 = mul %111, %112 : f32
// OUT:       %114 = load @v2[%15] : f32
// OUT:       %115 = add %113, %114 : f32
// OUT:       store @v3[%8, %15], %115
// OUT:       %116 = constant 0 : index
// OUT:       %117 = constant 9.999999747378752e-6 : f32
// OUT:       %118 = add %85, %117 : f32
// OUT:       %119 = sqrt %118 : f32
// OUT:       %120 = div %61, %119 : f32
// OUT:       %121 = load @v1[%17] : f32
// OUT:       %122 = mul %120, %121 : f32
// OUT:       %123 = load @v2[%17] : f32
// OUT:       %124 = add %122, %123 : f32
// OUT:       store @v3[%8, %17], %124
// OUT:       %125 = constant 0 : index
// OUT:       %126 = constant 9.999999747378752e-6 : f32
// OUT:       %127 = add %85, %126 : f32
// OUT:       %128 = sqrt %127 : f32
// OUT:       %129 = div %64, %128 : f32
// OUT:       %130 = load @v1[%19] : f32
// OUT:       %131 = mul %129, %130 : f32
// OUT:       %132 = load @v2[%19] : f32
// OUT:       %133 = add %131, %132 : f32
// OUT:       store @v3[%8, %19], %133
// OUT:       %134 = constant 0 : index
// OUT:       %135 = constant 9.999999747378752e-6 : f32
// OUT:       %136 = add %85, %135 : f32
// OUT:       %137 = sqrt %136 : f32
// OUT:       %138 = div %67, %137 : f32
// OUT:       %139 = load @v1[%21] : f32
// OUT:       %140 = mul %138, %139 : f32
// OUT:       %141 = load @v2[%21] : f32
// OUT:       %142 = add %140, %141 : f32
// OUT:       store @v3[%8, %21], %142
// OUT:       %143 = constant 0 : index
// OUT:       %144 = constant 9.999999747378752e-6 : f32
// OUT:       %145 = add %85, %144 : f32
// OUT:       %146 = sqrt %145 : f32
// OUT:       %147 = div %70, %146 : f32
// OUT:       %148 = load @v1[%23] : f32
// OUT:       %149 = mul %147, %148 : f32
// OUT:       %150 = load @v2[%23] : f32
// OUT:       %151 = add %149, %150 : f32
// OUT:       store @v3[%8, %23], %151
// OUT:       %152 = constant 0 : index
// OUT:       %153 = constant 9.999999747378752e-6 : f32
// OUT:       %154 = add %85, %153 : f32
// OUT:       %155 = sqrt %154 : f32
// OUT:       %156 = div %73, %155 : f32
// OUT:       %157 = load @v1[%25] : f32
// OUT:       %158 = mul %156, %157 : f32
// OUT:       %159 = load @v2[%25] : f32
// OUT:       %160 = add %158, %159 : f32
// OUT:       store @v3[%8, %25], %160
// OUT:     }
// OUT:   }
// OUT: }

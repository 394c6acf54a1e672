// RUN: abi-vce-serialize target=nvidia-h200
// The workgroup-matrix matmul of lower-to-kernels/matmul_tensor_layout.mlir in SPIR-V 1.6:
// SPV_NV_cooperative_matrix2 + SPV_NV_tensor_addressing, Workgroup-scope cooperative-matrix
// types, tensor layouts (Undefined clamp inside the problem, Constant at the edges) sliced per
// step, CooperativeMatrixLoadTensorNV / StoreTensorNV, no barrier and no Workgroup memory.
func.func @main(%a: tensor<300x70xf16>, %b: tensor<70x330xf16>) -> tensor<300x330xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %0 = tensor.empty() : tensor<300x330xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<300x330xf32>) -> tensor<300x330xf32>
  %2 = linalg.matmul ins(%a, %b : tensor<300x70xf16>, tensor<70x330xf16>) outs(%1 : tensor<300x330xf32>) -> tensor<300x330xf32>
  return %2 : tensor<300x330xf32>
}
// OUT: spirv.module Logical Vulkan requires #spirv.vce<v1.6, [VulkanMemoryModel, Shader, TensorAddressingNV, CooperativeMatrixTensorAddressingNV, CooperativeMatrixKHR, StorageBuffer16BitAccess, Float16], ["SPV_NV_tensor_addressing", "SPV_NV_cooperative_matrix2", "SPV_KHR_cooperative_matrix"]> {
// OUT:   spirv.GlobalVariable @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer> binding(0, 0) decorations[NonWritable]
// OUT:   spirv.GlobalVariable @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer> binding(0, 1) decorations[NonWritable]
// OUT:   spirv.GlobalVariable @output0 : ptr<struct<(rtarray<f32, stride=4> offset(0)), Block>, StorageBuffer> binding(0, 2) decorations[NonReadable]
// OUT:   spirv.GlobalVariable @WorkgroupId : ptr<vector<3 x u32>, Input> builtin(WorkgroupId)
// OUT:   spirv.GlobalVariable @NumWorkgroups : ptr<vector<3 x u32>, Input> builtin(NumWorkgroups)
// OUT:   spirv.GlobalVariable @LocalInvocationId : ptr<vector<3 x u32>, Input> builtin(LocalInvocationId)
// OUT:   spirv.func @dispatch_0_contraction() -> void {
// OUT:   ^bb0:
// OUT:     %0 = spirv.Constant 9 : i32
// OUT:     %1 = spirv.mlir.addressof @WorkgroupId : ptr<vector<3 x u32>, Input>
// OUT:     %2 = spirv.Load %1 : vector<3 x u32>
// OUT:     %3 = spirv.CompositeExtract %2, 0 : u32
// OUT:     %4 = spirv.Bitcast %3 : i32
// OUT:     %5 = spirv.mlir.addressof @WorkgroupId : ptr<vector<3 x u32>, Input>
// OUT:     %6 = spirv.Load %5 : vector<3 x u32>
// OUT:     %7 = spirv.CompositeExtract %6, 1 : u32
// OUT:     %8 = spirv.Bitcast %7 : i32
// OUT:     %9 = spirv.mlir.addressof @NumWorkgroups : ptr<vector<3 x u32>, Input>
// OUT:     %10 = spirv.Load %9 : vector<3 x u32>
// OUT:     %11 = spirv.CompositeExtract %10, 0 : u32
// OUT:     %12 = spirv.Bitcast %11 : i32
// OUT:     %13 = spirv.IMul %8, %12 : i32
// OUT:     %14 = spirv.IAdd %4, %13 : i32
// OUT:     %15 = spirv.SLessThan %14, %0 : bool
// OUT:     spirv.mlir.selection {
// OUT:       ^bb1:
// OUT:         spirv.BranchConditional %15, ^bb2, ^bb3
// OUT:       ^bb2:
// OUT:         %16 = spirv.Constant 0 : i32
// OUT:         %17 = spirv.IAdd %14, %16 : i32
// OUT:         %18 = spirv.Constant 128 : i32
// OUT:         %19 = spirv.mlir.addressof @LocalInvocationId : ptr<vector<3 x u32>, Input>
// OUT:         %20 = spirv.Load %19 : vector<3 x u32>
// OUT:         %21 = spirv.CompositeExtract %20, 0 : u32
// OUT:         %22 = spirv.Bitcast %21 : i32
// OUT:         %23 = spirv.Constant 0 : i32
// OUT:         %24 = spirv.Constant 0.0 : f32
// OUT:         %25 = spirv.CompositeConstruct %24 : coopmatrix<128 x 128 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:         %26 = spirv.Variable Function : ptr<coopmatrix<128 x 128 x f32, Workgroup, MatrixAccumulatorKHR>, Function>
// OUT:         spirv.Store %26, %25
// OUT:         %27 = spirv.Constant 24 : i32
// OUT:         %28 = spirv.SDiv %17, %27 : i32
// OUT:         %29 = spirv.Constant 8 : i32
// OUT:         %30 = spirv.IMul %28, %29 : i32
// OUT:         %31 = spirv.Constant 3 : i32
// OUT:         %32 = spirv.ISub %31, %30 : i32
// OUT:         %33 = spirv.GL.SMin %32, %29 : i32
// OUT:         %34 = spirv.SRem %17, %27 : i32
// OUT:         %35 = spirv.SRem %34, %33 : i32
// OUT:         %36 = spirv.IAdd %30, %35 : i32
// OUT:         %37 = spirv.SDiv %34, %33 : i32
// OUT:         %38 = spirv.Constant 128 : i32
// OUT:         %39 = spirv.Constant 128 : i32
// OUT:         %40 = spirv.IMul %36, %38 : i32
// OUT:         %41 = spirv.IMul %37, %39 : i32
// OUT:         %42 = spirv.IAdd %40, %38 : i32
// OUT:         %43 = spirv.IAdd %41, %39 : i32
// OUT:         %44 = spirv.Constant 300 : i32
// OUT:         %45 = spirv.Constant 330 : i32
// OUT:         %46 = spirv.SLessThanEqual %42, %44 : bool
// OUT:         %47 = spirv.SLessThanEqual %43, %45 : bool
// OUT:         %48 = spirv.LogicalAnd %46, %47 : bool
// OUT:         spirv.mlir.selection {
// OUT:           ^bb4:
// OUT:             spirv.BranchConditional %48, ^bb5, ^bb6
// OUT:           ^bb5:
// OUT:             %49 = spirv.Constant 0 : i32
// OUT:             %50 = spirv.Constant 64 : i32
// OUT:             %51 = spirv.Constant 64 : i32
// OUT:             spirv.mlir.loop {
// OUT:               ^bb7:
// OUT:                 spirv.Branch ^bb8(%49)
// OUT:               ^bb8(%52: i32):
// OUT:                 %53 = spirv.SLessThan %52, %50 : bool
// OUT:                 spirv.BranchConditional %53, ^bb9, ^bb11
// OUT:               ^bb9:
// OUT:                 %54 = spirv.Constant 0 : i32
// OUT:                 %55 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                 %56 = spirv.Constant 0 : i32
// OUT:                 %57 = spirv.AccessChain %55, %56, %54 : ptr<f16, StorageBuffer>
// OUT:                 %58 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                 %59 = spirv.Constant 300 : i32
// OUT:                 %60 = spirv.Constant 70 : i32
// OUT:                 %61 = spirv.TensorLayoutSetDimensionNV %58, %59, %60 : tensorlayout<2, Undefined>
// OUT:                 %62 = spirv.Constant 128 : i32
// OUT:                 %63 = spirv.Constant 64 : i32
// OUT:                 %64 = spirv.TensorLayoutSliceNV %61, %40, %62, %52, %63 : tensorlayout<2, Undefined>
// OUT:                 %65 = spirv.Undef : coopmatrix<128 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                 %66 = spirv.CooperativeMatrixLoadTensorNV %57, %65, %64, access<>, 0 : coopmatrix<128 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                 %67 = spirv.Constant 0 : i32
// OUT:                 %68 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                 %69 = spirv.Constant 0 : i32
// OUT:                 %70 = spirv.AccessChain %68, %69, %67 : ptr<f16, StorageBuffer>
// OUT:                 %71 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                 %72 = spirv.Constant 70 : i32
// OUT:                 %73 = spirv.Constant 330 : i32
// OUT:                 %74 = spirv.TensorLayoutSetDimensionNV %71, %72, %73 : tensorlayout<2, Undefined>
// OUT:                 %75 = spirv.Constant 64 : i32
// OUT:                 %76 = spirv.Constant 128 : i32
// OUT:                 %77 = spirv.TensorLayoutSliceNV %74, %52, %75, %41, %76 : tensorlayout<2, Undefined>
// OUT:                 %78 = spirv.Undef : coopmatrix<64 x 128 x f16, Workgroup, MatrixBKHR>
// OUT:                 %79 = spirv.CooperativeMatrixLoadTensorNV %70, %78, %77, access<>, 0 : coopmatrix<64 x 128 x f16, Workgroup, MatrixBKHR>
// OUT:                 %80 = spirv.Load %26 : coopmatrix<128 x 128 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                 %81 = spirv.CooperativeMatrixMulAddKHR %66, %79, %80 : coopmatrix<128 x 128 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                 spirv.Store %26, %81
// OUT:                 spirv.Branch ^bb10(%52)
// OUT:               ^bb10(%82: i32):
// OUT:                 %83 = spirv.IAdd %82, %51 : i32
// OUT:                 spirv.Branch ^bb8(%83)
// OUT:               ^bb11:
// OUT:                 spirv.mlir.merge
// OUT:             }
// OUT:             %84 = spirv.Constant 64 : i32
// OUT:             %85 = spirv.Constant 0 : i32
// OUT:             %86 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %87 = spirv.Constant 0 : i32
// OUT:             %88 = spirv.AccessChain %86, %87, %85 : ptr<f16, StorageBuffer>
// OUT:             %89 = spirv.CreateTensorLayoutNV : tensorlayout<2, Constant>
// OUT:             %90 = spirv.Constant 300 : i32
// OUT:             %91 = spirv.Constant 70 : i32
// OUT:             %92 = spirv.TensorLayoutSetDimensionNV %89, %90, %91 : tensorlayout<2, Constant>
// OUT:             %93 = spirv.Constant 128 : i32
// OUT:             %94 = spirv.Constant 64 : i32
// OUT:             %95 = spirv.TensorLayoutSliceNV %92, %40, %93, %84, %94 : tensorlayout<2, Constant>
// OUT:             %96 = spirv.Constant 0x0 : f16
// OUT:             %97 = spirv.CompositeConstruct %96 : coopmatrix<128 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:             %98 = spirv.CooperativeMatrixLoadTensorNV %88, %97, %95, access<>, 0 : coopmatrix<128 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:             %99 = spirv.Constant 0 : i32
// OUT:             %100 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %101 = spirv.Constant 0 : i32
// OUT:             %102 = spirv.AccessChain %100, %101, %99 : ptr<f16, StorageBuffer>
// OUT:             %103 = spirv.CreateTensorLayoutNV : tensorlayout<2, Constant>
// OUT:             %104 = spirv.Constant 70 : i32
// OUT:             %105 = spirv.Constant 330 : i32
// OUT:             %106 = spirv.TensorLayoutSetDimensionNV %103, %104, %105 : tensorlayout<2, Constant>
// OUT:             %107 = spirv.Constant 64 : i32
// OUT:             %108 = spirv.Constant 128 : i32
// OUT:             %109 = spirv.TensorLayoutSliceNV %106, %84, %107, %41, %108 : tensorlayout<2, Constant>
// OUT:             %110 = spirv.Constant 0x0 : f16
// OUT:             %111 = spirv.CompositeConstruct %110 : coopmatrix<64 x 128 x f16, Workgroup, MatrixBKHR>
// OUT:             %112 = spirv.CooperativeMatrixLoadTensorNV %102, %111, %109, access<>, 0 : coopmatrix<64 x 128 x f16, Workgroup, MatrixBKHR>
// OUT:             %113 = spirv.Load %26 : coopmatrix<128 x 128 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:             %114 = spirv.CooperativeMatrixMulAddKHR %98, %112, %113 : coopmatrix<128 x 128 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:             spirv.Store %26, %114
// OUT:             spirv.Branch ^bb6
// OUT:           ^bb6:
// OUT:             spirv.mlir.merge
// OUT:         }
// OUT:         %115 = spirv.LogicalNot %48 : bool
// OUT:         spirv.mlir.selection {
// OUT:           ^bb12:
// OUT:             spirv.BranchConditional %115, ^bb13, ^bb14
// OUT:           ^bb13:
// OUT:             %116 = spirv.Constant 0 : i32
// OUT:             %117 = spirv.Constant 64 : i32
// OUT:             %118 = spirv.Constant 64 : i32
// OUT:             spirv.mlir.loop {
// OUT:               ^bb15:
// OUT:                 spirv.Branch ^bb16(%116)
// OUT:               ^bb16(%119: i32):
// OUT:                 %120 = spirv.SLessThan %119, %117 : bool
// OUT:                 spirv.BranchConditional %120, ^bb17, ^bb19
// OUT:               ^bb17:
// OUT:                 %121 = spirv.Constant 0 : i32
// OUT:                 %122 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                 %123 = spirv.Constant 0 : i32
// OUT:                 %124 = spirv.AccessChain %122, %123, %121 : ptr<f16, StorageBuffer>
// OUT:                 %125 = spirv.CreateTensorLayoutNV : tensorlayout<2, Constant>
// OUT:                 %126 = spirv.Constant 300 : i32
// OUT:                 %127 = spirv.Constant 70 : i32
// OUT:                 %128 = spirv.TensorLayoutSetDimensionNV %125, %126, %127 : tensorlayout<2, Constant>
// OUT:                 %129 = spirv.Constant 128 : i32
// OUT:                 %130 = spirv.Constant 64 : i32
// OUT:                 %131 = spirv.TensorLayoutSliceNV %128, %40, %129, %119, %130 : tensorlayout<2, Constant>
// OUT:                 %132 = spirv.Constant 0x0 : f16
// OUT:                 %133 = spirv.CompositeConstruct %132 : coopmatrix<128 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                 %134 = spirv.CooperativeMatrixLoadTensorNV %124, %133, %131, access<>, 0 : coopmatrix<128 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                 %135 = spirv.Constant 0 : i32
// OUT:                 %136 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                 %137 = spirv.Constant 0 : i32
// OUT:                 %138 = spirv.AccessChain %136, %137, %135 : ptr<f16, StorageBuffer>
// OUT:                 %139 = spirv.CreateTensorLayoutNV : tensorlayout<2, Constant>
// OUT:                 %140 = spirv.Constant 70 : i32
// OUT:                 %141 = spirv.Constant 330 : i32
// OUT:                 %142 = spirv.TensorLayoutSetDimensionNV %139, %140, %141 : tensorlayout<2, Constant>
// OUT:                 %143 = spirv.Constant 64 : i32
// OUT:                 %144 = spirv.Constant 128 : i32
// OUT:                 %145 = spirv.TensorLayoutSliceNV %142, %119, %143, %41, %144 : tensorlayout<2, Constant>
// OUT:                 %146 = spirv.Constant 0x0 : f16
// OUT:                 %147 = spirv.CompositeConstruct %146 : coopmatrix<64 x 128 x f16, Workgroup, MatrixBKHR>
// OUT:                 %148 = spirv.CooperativeMatrixLoadTensorNV %138, %147, %145, access<>, 0 : coopmatrix<64 x 128 x f16, Workgroup, MatrixBKHR>
// OUT:                 %149 = spirv.Load %26 : coopmatrix<128 x 128 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                 %150 = spirv.CooperativeMatrixMulAddKHR %134, %148, %149 : coopmatrix<128 x 128 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                 spirv.Store %26, %150
// OUT:                 spirv.Branch ^bb18(%119)
// OUT:               ^bb18(%151: i32):
// OUT:                 %152 = spirv.IAdd %151, %118 : i32
// OUT:                 spirv.Branch ^bb16(%152)
// OUT:               ^bb19:
// OUT:                 spirv.mlir.merge
// OUT:             }
// OUT:             %153 = spirv.Constant 64 : i32
// OUT:             %154 = spirv.Constant 0 : i32
// OUT:             %155 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %156 = spirv.Constant 0 : i32
// OUT:             %157 = spirv.AccessChain %155, %156, %154 : ptr<f16, StorageBuffer>
// OUT:             %158 = spirv.CreateTensorLayoutNV : tensorlayout<2, Constant>
// OUT:             %159 = spirv.Constant 300 : i32
// OUT:             %160 = spirv.Constant 70 : i32
// OUT:             %161 = spirv.TensorLayoutSetDimensionNV %158, %159, %160 : tensorlayout<2, Constant>
// OUT:             %162 = spirv.Constant 128 : i32
// OUT:             %163 = spirv.Constant 64 : i32
// OUT:             %164 = spirv.TensorLayoutSliceNV %161, %40, %162, %153, %163 : tensorlayout<2, Constant>
// OUT:             %165 = spirv.Constant 0x0 : f16
// OUT:             %166 = spirv.CompositeConstruct %165 : coopmatrix<128 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:             %167 = spirv.CooperativeMatrixLoadTensorNV %157, %166, %164, access<>, 0 : coopmatrix<128 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:             %168 = spirv.Constant 0 : i32
// OUT:             %169 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %170 = spirv.Constant 0 : i32
// OUT:             %171 = spirv.AccessChain %169, %170, %168 : ptr<f16, StorageBuffer>
// OUT:             %172 = spirv.CreateTensorLayoutNV : tensorlayout<2, Constant>
// OUT:             %173 = spirv.Constant 70 : i32
// OUT:             %174 = spirv.Constant 330 : i32
// OUT:             %175 = spirv.TensorLayoutSetDimensionNV %172, %173, %174 : tensorlayout<2, Constant>
// OUT:             %176 = spirv.Constant 64 : i32
// OUT:             %177 = spirv.Constant 128 : i32
// OUT:             %178 = spirv.TensorLayoutSliceNV %175, %153, %176, %41, %177 : tensorlayout<2, Constant>
// OUT:             %179 = spirv.Constant 0x0 : f16
// OUT:             %180 = spirv.CompositeConstruct %179 : coopmatrix<64 x 128 x f16, Workgroup, MatrixBKHR>
// OUT:             %181 = spirv.CooperativeMatrixLoadTensorNV %171, %180, %178, access<>, 0 : coopmatrix<64 x 128 x f16, Workgroup, MatrixBKHR>
// OUT:             %182 = spirv.Load %26 : coopmatrix<128 x 128 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:             %183 = spirv.CooperativeMatrixMulAddKHR %167, %181, %182 : coopmatrix<128 x 128 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:             spirv.Store %26, %183
// OUT:             spirv.Branch ^bb14
// OUT:           ^bb14:
// OUT:             spirv.mlir.merge
// OUT:         }
// OUT:         %184 = spirv.Load %26 : coopmatrix<128 x 128 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:         %185 = spirv.Constant 0 : i32
// OUT:         %186 = spirv.mlir.addressof @output0 : ptr<struct<(rtarray<f32, stride=4> offset(0)), Block>, StorageBuffer>
// OUT:         %187 = spirv.Constant 0 : i32
// OUT:         %188 = spirv.AccessChain %186, %187, %185 : ptr<f32, StorageBuffer>
// OUT:         %189 = spirv.CreateTensorLayoutNV : tensorlayout<2, Constant>
// OUT:         %190 = spirv.Constant 300 : i32
// OUT:         %191 = spirv.Constant 330 : i32
// OUT:         %192 = spirv.TensorLayoutSetDimensionNV %189, %190, %191 : tensorlayout<2, Constant>
// OUT:         %193 = spirv.Constant 128 : i32
// OUT:         %194 = spirv.Constant 128 : i32
// OUT:         %195 = spirv.TensorLayoutSliceNV %192, %40, %193, %41, %194 : tensorlayout<2, Constant>
// OUT:         spirv.CooperativeMatrixStoreTensorNV %188, %184, %195, access<>, 0
// OUT:         spirv.Branch ^bb3
// OUT:       ^bb3:
// OUT:         spirv.mlir.merge
// OUT:     }
// OUT:     spirv.Return
// OUT:   }
// OUT:   spirv.EntryPoint GLCompute @dispatch_0_contraction "dispatch_0_contraction" interface()
// OUT:   spirv.ExecutionMode @dispatch_0_contraction LocalSize 128 1 1
// OUT: }

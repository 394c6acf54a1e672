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
// OUT:     %0 = spirv.Constant 3 : i32
// OUT:     %1 = spirv.Constant 2 : i32
// OUT:     %2 = spirv.IMul %0, %1 : i32
// OUT:     %3 = spirv.mlir.addressof @WorkgroupId : ptr<vector<3 x u32>, Input>
// OUT:     %4 = spirv.Load %3 : vector<3 x u32>
// OUT:     %5 = spirv.CompositeExtract %4, 0 : u32
// OUT:     %6 = spirv.Bitcast %5 : i32
// OUT:     %7 = spirv.mlir.addressof @WorkgroupId : ptr<vector<3 x u32>, Input>
// OUT:     %8 = spirv.Load %7 : vector<3 x u32>
// OUT:     %9 = spirv.CompositeExtract %8, 1 : u32
// OUT:     %10 = spirv.Bitcast %9 : i32
// OUT:     %11 = spirv.mlir.addressof @NumWorkgroups : ptr<vector<3 x u32>, Input>
// OUT:     %12 = spirv.Load %11 : vector<3 x u32>
// OUT:     %13 = spirv.CompositeExtract %12, 0 : u32
// OUT:     %14 = spirv.Bitcast %13 : i32
// OUT:     %15 = spirv.IMul %10, %14 : i32
// OUT:     %16 = spirv.IAdd %6, %15 : i32
// OUT:     %17 = spirv.SLessThan %16, %2 : bool
// OUT:     spirv.mlir.selection {
// OUT:       ^bb1:
// OUT:         spirv.BranchConditional %17, ^bb2, ^bb3
// OUT:       ^bb2:
// OUT:         %18 = spirv.SRem %16, %1 : i32
// OUT:         %19 = spirv.SDiv %16, %1 : i32
// OUT:         %20 = spirv.Constant 0 : i32
// OUT:         %21 = spirv.IAdd %19, %20 : i32
// OUT:         %22 = spirv.Constant 256 : i32
// OUT:         %23 = spirv.mlir.addressof @LocalInvocationId : ptr<vector<3 x u32>, Input>
// OUT:         %24 = spirv.Load %23 : vector<3 x u32>
// OUT:         %25 = spirv.CompositeExtract %24, 0 : u32
// OUT:         %26 = spirv.Bitcast %25 : i32
// OUT:         %27 = spirv.Constant 0 : i32
// OUT:         %28 = spirv.Constant 0.0 : f32
// OUT:         %29 = spirv.CompositeConstruct %28 : coopmatrix<128 x 256 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:         %30 = spirv.Variable Function : ptr<coopmatrix<128 x 256 x f32, Workgroup, MatrixAccumulatorKHR>, Function>
// OUT:         spirv.Store %30, %29
// OUT:         %31 = spirv.Constant 128 : i32
// OUT:         %32 = spirv.Constant 256 : i32
// OUT:         %33 = spirv.IMul %21, %31 : i32
// OUT:         %34 = spirv.IMul %18, %32 : i32
// OUT:         %35 = spirv.IAdd %33, %31 : i32
// OUT:         %36 = spirv.IAdd %34, %32 : i32
// OUT:         %37 = spirv.Constant 300 : i32
// OUT:         %38 = spirv.Constant 330 : i32
// OUT:         %39 = spirv.SLessThanEqual %35, %37 : bool
// OUT:         %40 = spirv.SLessThanEqual %36, %38 : bool
// OUT:         %41 = spirv.LogicalAnd %39, %40 : bool
// OUT:         spirv.mlir.selection {
// OUT:           ^bb4:
// OUT:             spirv.BranchConditional %41, ^bb5, ^bb6
// OUT:           ^bb5:
// OUT:             %42 = spirv.Constant 0 : i32
// OUT:             %43 = spirv.Constant 64 : i32
// OUT:             %44 = spirv.Constant 64 : i32
// OUT:             spirv.mlir.loop {
// OUT:               ^bb7:
// OUT:                 spirv.Branch ^bb8(%42)
// OUT:               ^bb8(%45: i32):
// OUT:                 %46 = spirv.SLessThan %45, %43 : bool
// OUT:                 spirv.BranchConditional %46, ^bb9, ^bb11
// OUT:               ^bb9:
// OUT:                 %47 = spirv.Constant 0 : i32
// OUT:                 %48 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                 %49 = spirv.Constant 0 : i32
// OUT:                 %50 = spirv.AccessChain %48, %49, %47 : ptr<f16, StorageBuffer>
// OUT:                 %51 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                 %52 = spirv.Constant 300 : i32
// OUT:                 %53 = spirv.Constant 70 : i32
// OUT:                 %54 = spirv.TensorLayoutSetDimensionNV %51, %52, %53 : tensorlayout<2, Undefined>
// OUT:                 %55 = spirv.Constant 128 : i32
// OUT:                 %56 = spirv.Constant 64 : i32
// OUT:                 %57 = spirv.TensorLayoutSliceNV %54, %33, %55, %45, %56 : tensorlayout<2, Undefined>
// OUT:                 %58 = spirv.Undef : coopmatrix<128 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                 %59 = spirv.CooperativeMatrixLoadTensorNV %50, %58, %57, access<>, 0 : coopmatrix<128 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                 %60 = spirv.Constant 0 : i32
// OUT:                 %61 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                 %62 = spirv.Constant 0 : i32
// OUT:                 %63 = spirv.AccessChain %61, %62, %60 : ptr<f16, StorageBuffer>
// OUT:                 %64 = spirv.CreateTensorLayoutNV : tensorlayout<2, Undefined>
// OUT:                 %65 = spirv.Constant 70 : i32
// OUT:                 %66 = spirv.Constant 330 : i32
// OUT:                 %67 = spirv.TensorLayoutSetDimensionNV %64, %65, %66 : tensorlayout<2, Undefined>
// OUT:                 %68 = spirv.Constant 64 : i32
// OUT:                 %69 = spirv.Constant 256 : i32
// OUT:                 %70 = spirv.TensorLayoutSliceNV %67, %45, %68, %34, %69 : tensorlayout<2, Undefined>
// OUT:                 %71 = spirv.Undef : coopmatrix<64 x 256 x f16, Workgroup, MatrixBKHR>
// OUT:                 %72 = spirv.CooperativeMatrixLoadTensorNV %63, %71, %70, access<>, 0 : coopmatrix<64 x 256 x f16, Workgroup, MatrixBKHR>
// OUT:                 %73 = spirv.Load %30 : coopmatrix<128 x 256 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                 %74 = spirv.CooperativeMatrixMulAddKHR %59, %72, %73 : coopmatrix<128 x 256 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                 spirv.Store %30, %74
// OUT:                 spirv.Branch ^bb10(%45)
// OUT:               ^bb10(%75: i32):
// OUT:                 %76 = spirv.IAdd %75, %44 : i32
// OUT:                 spirv.Branch ^bb8(%76)
// OUT:               ^bb11:
// OUT:                 spirv.mlir.merge
// OUT:             }
// OUT:             %77 = spirv.Constant 64 : i32
// OUT:             %78 = spirv.Constant 0 : i32
// OUT:             %79 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %80 = spirv.Constant 0 : i32
// OUT:             %81 = spirv.AccessChain %79, %80, %78 : ptr<f16, StorageBuffer>
// OUT:             %82 = spirv.CreateTensorLayoutNV : tensorlayout<2, Constant>
// OUT:             %83 = spirv.Constant 300 : i32
// OUT:             %84 = spirv.Constant 70 : i32
// OUT:             %85 = spirv.TensorLayoutSetDimensionNV %82, %83, %84 : tensorlayout<2, Constant>
// OUT:             %86 = spirv.Constant 128 : i32
// OUT:             %87 = spirv.Constant 64 : i32
// OUT:             %88 = spirv.TensorLayoutSliceNV %85, %33, %86, %77, %87 : tensorlayout<2, Constant>
// OUT:             %89 = spirv.Constant 0x0 : f16
// OUT:             %90 = spirv.CompositeConstruct %89 : coopmatrix<128 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:             %91 = spirv.CooperativeMatrixLoadTensorNV %81, %90, %88, access<>, 0 : coopmatrix<128 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:             %92 = spirv.Constant 0 : i32
// OUT:             %93 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %94 = spirv.Constant 0 : i32
// OUT:             %95 = spirv.AccessChain %93, %94, %92 : ptr<f16, StorageBuffer>
// OUT:             %96 = spirv.CreateTensorLayoutNV : tensorlayout<2, Constant>
// OUT:             %97 = spirv.Constant 70 : i32
// OUT:             %98 = spirv.Constant 330 : i32
// OUT:             %99 = spirv.TensorLayoutSetDimensionNV %96, %97, %98 : tensorlayout<2, Constant>
// OUT:             %100 = spirv.Constant 64 : i32
// OUT:             %101 = spirv.Constant 256 : i32
// OUT:             %102 = spirv.TensorLayoutSliceNV %99, %77, %100, %34, %101 : tensorlayout<2, Constant>
// OUT:             %103 = spirv.Constant 0x0 : f16
// OUT:             %104 = spirv.CompositeConstruct %103 : coopmatrix<64 x 256 x f16, Workgroup, MatrixBKHR>
// OUT:             %105 = spirv.CooperativeMatrixLoadTensorNV %95, %104, %102, access<>, 0 : coopmatrix<64 x 256 x f16, Workgroup, MatrixBKHR>
// OUT:             %106 = spirv.Load %30 : coopmatrix<128 x 256 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:             %107 = spirv.CooperativeMatrixMulAddKHR %91, %105, %106 : coopmatrix<128 x 256 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:             spirv.Store %30, %107
// OUT:             spirv.Branch ^bb6
// OUT:           ^bb6:
// OUT:             spirv.mlir.merge
// OUT:         }
// OUT:         %108 = spirv.LogicalNot %41 : bool
// OUT:         spirv.mlir.selection {
// OUT:           ^bb12:
// OUT:             spirv.BranchConditional %108, ^bb13, ^bb14
// OUT:           ^bb13:
// OUT:             %109 = spirv.Constant 0 : i32
// OUT:             %110 = spirv.Constant 64 : i32
// OUT:             %111 = spirv.Constant 64 : i32
// OUT:             spirv.mlir.loop {
// OUT:               ^bb15:
// OUT:                 spirv.Branch ^bb16(%109)
// OUT:               ^bb16(%112: i32):
// OUT:                 %113 = spirv.SLessThan %112, %110 : bool
// OUT:                 spirv.BranchConditional %113, ^bb17, ^bb19
// OUT:               ^bb17:
// OUT:                 %114 = spirv.Constant 0 : i32
// OUT:                 %115 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                 %116 = spirv.Constant 0 : i32
// OUT:                 %117 = spirv.AccessChain %115, %116, %114 : ptr<f16, StorageBuffer>
// OUT:                 %118 = spirv.CreateTensorLayoutNV : tensorlayout<2, Constant>
// OUT:                 %119 = spirv.Constant 300 : i32
// OUT:                 %120 = spirv.Constant 70 : i32
// OUT:                 %121 = spirv.TensorLayoutSetDimensionNV %118, %119, %120 : tensorlayout<2, Constant>
// OUT:                 %122 = spirv.Constant 128 : i32
// OUT:                 %123 = spirv.Constant 64 : i32
// OUT:                 %124 = spirv.TensorLayoutSliceNV %121, %33, %122, %112, %123 : tensorlayout<2, Constant>
// OUT:                 %125 = spirv.Constant 0x0 : f16
// OUT:                 %126 = spirv.CompositeConstruct %125 : coopmatrix<128 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                 %127 = spirv.CooperativeMatrixLoadTensorNV %117, %126, %124, access<>, 0 : coopmatrix<128 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:                 %128 = spirv.Constant 0 : i32
// OUT:                 %129 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:                 %130 = spirv.Constant 0 : i32
// OUT:                 %131 = spirv.AccessChain %129, %130, %128 : ptr<f16, StorageBuffer>
// OUT:                 %132 = spirv.CreateTensorLayoutNV : tensorlayout<2, Constant>
// OUT:                 %133 = spirv.Constant 70 : i32
// OUT:                 %134 = spirv.Constant 330 : i32
// OUT:                 %135 = spirv.TensorLayoutSetDimensionNV %132, %133, %134 : tensorlayout<2, Constant>
// OUT:                 %136 = spirv.Constant 64 : i32
// OUT:                 %137 = spirv.Constant 256 : i32
// OUT:                 %138 = spirv.TensorLayoutSliceNV %135, %112, %136, %34, %137 : tensorlayout<2, Constant>
// OUT:                 %139 = spirv.Constant 0x0 : f16
// OUT:                 %140 = spirv.CompositeConstruct %139 : coopmatrix<64 x 256 x f16, Workgroup, MatrixBKHR>
// OUT:                 %141 = spirv.CooperativeMatrixLoadTensorNV %131, %140, %138, access<>, 0 : coopmatrix<64 x 256 x f16, Workgroup, MatrixBKHR>
// OUT:                 %142 = spirv.Load %30 : coopmatrix<128 x 256 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                 %143 = spirv.CooperativeMatrixMulAddKHR %127, %141, %142 : coopmatrix<128 x 256 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:                 spirv.Store %30, %143
// OUT:                 spirv.Branch ^bb18(%112)
// OUT:               ^bb18(%144: i32):
// OUT:                 %145 = spirv.IAdd %144, %111 : i32
// OUT:                 spirv.Branch ^bb16(%145)
// OUT:               ^bb19:
// OUT:                 spirv.mlir.merge
// OUT:             }
// OUT:             %146 = spirv.Constant 64 : i32
// OUT:             %147 = spirv.Constant 0 : i32
// OUT:             %148 = spirv.mlir.addressof @input0 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %149 = spirv.Constant 0 : i32
// OUT:             %150 = spirv.AccessChain %148, %149, %147 : ptr<f16, StorageBuffer>
// OUT:             %151 = spirv.CreateTensorLayoutNV : tensorlayout<2, Constant>
// OUT:             %152 = spirv.Constant 300 : i32
// OUT:             %153 = spirv.Constant 70 : i32
// OUT:             %154 = spirv.TensorLayoutSetDimensionNV %151, %152, %153 : tensorlayout<2, Constant>
// OUT:             %155 = spirv.Constant 128 : i32
// OUT:             %156 = spirv.Constant 64 : i32
// OUT:             %157 = spirv.TensorLayoutSliceNV %154, %33, %155, %146, %156 : tensorlayout<2, Constant>
// OUT:             %158 = spirv.Constant 0x0 : f16
// OUT:             %159 = spirv.CompositeConstruct %158 : coopmatrix<128 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:             %160 = spirv.CooperativeMatrixLoadTensorNV %150, %159, %157, access<>, 0 : coopmatrix<128 x 64 x f16, Workgroup, MatrixAKHR>
// OUT:             %161 = spirv.Constant 0 : i32
// OUT:             %162 = spirv.mlir.addressof @input1 : ptr<struct<(rtarray<f16, stride=2> offset(0)), Block>, StorageBuffer>
// OUT:             %163 = spirv.Constant 0 : i32
// OUT:             %164 = spirv.AccessChain %162, %163, %161 : ptr<f16, StorageBuffer>
// OUT:             %165 = spirv.CreateTensorLayoutNV : tensorlayout<2, Constant>
// OUT:             %166 = spirv.Constant 70 : i32
// OUT:             %167 = spirv.Constant 330 : i32
// OUT:             %168 = spirv.TensorLayoutSetDimensionNV %165, %166, %167 : tensorlayout<2, Constant>
// OUT:             %169 = spirv.Constant 64 : i32
// OUT:             %170 = spirv.Constant 256 : i32
// OUT:             %171 = spirv.TensorLayoutSliceNV %168, %146, %169, %34, %170 : tensorlayout<2, Constant>
// OUT:             %172 = spirv.Constant 0x0 : f16
// OUT:             %173 = spirv.CompositeConstruct %172 : coopmatrix<64 x 256 x f16, Workgroup, MatrixBKHR>
// OUT:             %174 = spirv.CooperativeMatrixLoadTensorNV %164, %173, %171, access<>, 0 : coopmatrix<64 x 256 x f16, Workgroup, MatrixBKHR>
// OUT:             %175 = spirv.Load %30 : coopmatrix<128 x 256 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:             %176 = spirv.CooperativeMatrixMulAddKHR %160, %174, %175 : coopmatrix<128 x 256 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:             spirv.Store %30, %176
// OUT:             spirv.Branch ^bb14
// OUT:           ^bb14:
// OUT:             spirv.mlir.merge
// OUT:         }
// OUT:         %177 = spirv.Load %30 : coopmatrix<128 x 256 x f32, Workgroup, MatrixAccumulatorKHR>
// OUT:         %178 = spirv.Constant 0 : i32
// OUT:         %179 = spirv.mlir.addressof @output0 : ptr<struct<(rtarray<f32, stride=4> offset(0)), Block>, StorageBuffer>
// OUT:         %180 = spirv.Constant 0 : i32
// OUT:         %181 = spirv.AccessChain %179, %180, %178 : ptr<f32, StorageBuffer>
// OUT:         %182 = spirv.CreateTensorLayoutNV : tensorlayout<2, Constant>
// OUT:         %183 = spirv.Constant 300 : i32
// OUT:         %184 = spirv.Constant 330 : i32
// OUT:         %185 = spirv.TensorLayoutSetDimensionNV %182, %183, %184 : tensorlayout<2, Constant>
// OUT:         %186 = spirv.Constant 128 : i32
// OUT:         %187 = spirv.Constant 256 : i32
// OUT:         %188 = spirv.TensorLayoutSliceNV %185, %33, %186, %34, %187 : tensorlayout<2, Constant>
// OUT:         spirv.CooperativeMatrixStoreTensorNV %181, %177, %188, access<>, 0
// OUT:         spirv.Branch ^bb3
// OUT:       ^bb3:
// OUT:         spirv.mlir.merge
// OUT:     }
// OUT:     spirv.Return
// OUT:   }
// OUT:   spirv.EntryPoint GLCompute @dispatch_0_contraction "dispatch_0_contraction" interface()
// OUT:   spirv.ExecutionMode @dispatch_0_contraction LocalSize 256 1 1
// OUT: }

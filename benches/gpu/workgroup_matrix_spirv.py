"""Writes SPIR-V assembly of a workgroup-scope, tensor-addressed cooperative-matrix matmul
(VK_NV_cooperative_matrix2): C = A * B, A M x K and B K x N f16 row-major, C f32 or f16, one
BM x BN accumulator per workgroup of WG invocations over BK-deep steps. CLAMP is the tensor
layouts' clamp mode (0 Undefined: in-bounds tiles only; 1 Constant: zeros outside; 2
ClampToEdge); GM > 0 takes the tiles in bands of GM tile rows. The form kiln's lowering emits
(`tensor_matmul`), for sweeping tilings before changing its defaults:

    python3 benches/gpu/workgroup_matrix_spirv.py M N K BM BN BK WG [f32|f16] [CLAMP] [GM] > k.spvasm
    spirv-as --target-env vulkan1.3 k.spvasm -o k.spv && spirv-val --target-env vulkan1.3 k.spv
    cargo run --release -p kiln-runtime --example spv_matmul -- k.spv M N K BM BN [f32|f16]
"""
import sys
def gen(M, N, K, BM, BN, BK, WG, acc="f32", clamp=1, GM=0):
    ctype = "%f32" if acc == "f32" else "%f16"
    cstride = 4 if acc == "f32" else 2
    zero = "%f32_0" if acc == "f32" else "%f16_0"
    NX, MT = N // BN, M // BM
    if GM == 0:
        index_code = "%wx = OpCompositeExtract %uint %wg 0\n%wy = OpCompositeExtract %uint %wg 1"
        index_consts = ""
    else:
        index_consts = f"""%c_NX = OpConstant %uint {NX}
%c_band = OpConstant %uint {GM*NX}
%c_GM = OpConstant %uint {GM}
%c_MT = OpConstant %uint {MT}"""
        index_code = f"""%wlx = OpCompositeExtract %uint %wg 0
%wly = OpCompositeExtract %uint %wg 1
%lin0 = OpIMul %uint %wly %c_NX
%lin = OpIAdd %uint %lin0 %wlx
%grp = OpUDiv %uint %lin %c_band
%first = OpIMul %uint %grp %c_GM
%left = OpISub %uint %c_MT %first
%gm = OpExtInst %uint %glsl UMin %left %c_GM
%inb = OpUMod %uint %lin %c_band
%wyo = OpUMod %uint %inb %gm
%wy = OpIAdd %uint %first %wyo
%wx = OpUDiv %uint %inb %gm"""
    return f"""; SPIR-V
; Version: 1.6
OpCapability Shader
OpCapability VulkanMemoryModel
OpCapability Float16
OpCapability StorageBuffer16BitAccess
OpCapability CooperativeMatrixKHR
OpCapability CooperativeMatrixTensorAddressingNV
OpCapability TensorAddressingNV
OpExtension "SPV_KHR_cooperative_matrix"
OpExtension "SPV_NV_cooperative_matrix2"
OpExtension "SPV_NV_tensor_addressing"
%glsl = OpExtInstImport "GLSL.std.450"
OpMemoryModel Logical Vulkan
OpEntryPoint GLCompute %main "main" %gA %gB %gC %wgid
OpExecutionMode %main LocalSize {WG} 1 1
OpDecorate %wgid BuiltIn WorkgroupId
OpDecorate %rtA ArrayStride 2
OpMemberDecorate %sA 0 Offset 0
OpDecorate %sA Block
OpDecorate %rtC ArrayStride {cstride}
OpMemberDecorate %sC 0 Offset 0
OpDecorate %sC Block
OpDecorate %gA DescriptorSet 0
OpDecorate %gA Binding 0
OpDecorate %gA NonWritable
OpDecorate %gB DescriptorSet 0
OpDecorate %gB Binding 1
OpDecorate %gB NonWritable
OpDecorate %gC DescriptorSet 0
OpDecorate %gC Binding 2
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%int = OpTypeInt 32 1
%bool = OpTypeBool
%f16 = OpTypeFloat 16
%f32 = OpTypeFloat 32
%v3uint = OpTypeVector %uint 3
%ptr_in_v3 = OpTypePointer Input %v3uint
%wgid = OpVariable %ptr_in_v3 Input
%rtA = OpTypeRuntimeArray %f16
%sA = OpTypeStruct %rtA
%psA = OpTypePointer StorageBuffer %sA
%gA = OpVariable %psA StorageBuffer
%gB = OpVariable %psA StorageBuffer
%rtC = OpTypeRuntimeArray {ctype}
%sC = OpTypeStruct %rtC
%psC = OpTypePointer StorageBuffer %sC
%gC = OpVariable %psC StorageBuffer
%p_f16 = OpTypePointer StorageBuffer %f16
%p_c = OpTypePointer StorageBuffer {ctype}
%int_0 = OpConstant %int 0
%uint_0 = OpConstant %uint 0
%uint_1 = OpConstant %uint 1
%uint_2 = OpConstant %uint 2
%clamp = OpConstant %uint {clamp}
%c_M = OpConstant %uint {M}
%c_N = OpConstant %uint {N}
%c_K = OpConstant %uint {K}
%c_BM = OpConstant %uint {BM}
%c_BN = OpConstant %uint {BN}
%c_BK = OpConstant %uint {BK}
%f32_0 = OpConstant %f32 0
{index_consts}
%f16_0 = OpConstant %f16 0
%tl = OpTypeTensorLayoutNV %uint_2 %clamp
%matA = OpTypeCooperativeMatrixKHR %f16 %uint_2 %c_BM %c_BK %uint_0
%matB = OpTypeCooperativeMatrixKHR %f16 %uint_2 %c_BK %c_BN %uint_1
%matC = OpTypeCooperativeMatrixKHR {ctype} %uint_2 %c_BM %c_BN %uint_2
%zeroC = OpConstantComposite %matC {zero}
%undefA = OpUndef %matA
%undefB = OpUndef %matB
%main = OpFunction %void None %fn
%entry = OpLabel
%wg = OpLoad %v3uint %wgid
{index_code}
%n0 = OpIMul %uint %wx %c_BN
%m0 = OpIMul %uint %wy %c_BM
%l0 = OpCreateTensorLayoutNV %tl
%lA = OpTensorLayoutSetDimensionNV %tl %l0 %c_M %c_K
%lB = OpTensorLayoutSetDimensionNV %tl %l0 %c_K %c_N
%lC = OpTensorLayoutSetDimensionNV %tl %l0 %c_M %c_N
%pA = OpAccessChain %p_f16 %gA %int_0 %uint_0
%pB = OpAccessChain %p_f16 %gB %int_0 %uint_0
%pC = OpAccessChain %p_c %gC %int_0 %uint_0
OpBranch %header
%header = OpLabel
%k = OpPhi %uint %uint_0 %entry %knext %continue
%acc = OpPhi %matC %zeroC %entry %acc2 %continue
%cond = OpULessThan %bool %k %c_K
OpLoopMerge %merge %continue None
OpBranchConditional %cond %body %merge
%body = OpLabel
%sAk = OpTensorLayoutSliceNV %tl %lA %m0 %c_BM %k %c_BK
%a = OpCooperativeMatrixLoadTensorNV %matA %pA %undefA %sAk None None
%sBk = OpTensorLayoutSliceNV %tl %lB %k %c_BK %n0 %c_BN
%b = OpCooperativeMatrixLoadTensorNV %matB %pB %undefB %sBk None None
%acc2 = OpCooperativeMatrixMulAddKHR %matC %a %b %acc
OpBranch %continue
%continue = OpLabel
%knext = OpIAdd %uint %k %c_BK
OpBranch %header
%merge = OpLabel
%sCt = OpTensorLayoutSliceNV %tl %lC %m0 %c_BM %n0 %c_BN
OpCooperativeMatrixStoreTensorNV %pC %acc %sCt None None
OpReturn
OpFunctionEnd
"""
if __name__ == "__main__":
    M, N, K, BM, BN, BK, WG = map(int, sys.argv[1:8])
    acc = sys.argv[8] if len(sys.argv) > 8 else "f32"
    clamp = int(sys.argv[9]) if len(sys.argv) > 9 else 1
    GM = int(sys.argv[10]) if len(sys.argv) > 10 else 0
    print(gen(M, N, K, BM, BN, BK, WG, acc, clamp, GM))

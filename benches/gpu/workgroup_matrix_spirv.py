"""Writes SPIR-V assembly of a workgroup-scope, tensor-addressed cooperative-matrix matmul
(VK_NV_cooperative_matrix2): C = A * B, A M x K and B K x N f16 row-major, C f32 or f16, one
BM x BN accumulator per workgroup of WG invocations over BK-deep steps. CLAMP is the tensor
layouts' clamp mode (0 Undefined: in-bounds tiles only; 1 Constant: zeros outside; 2
ClampToEdge); GM > 0 takes the tiles in bands of GM tile rows; U steps per loop iteration
(K a multiple of U * BK); P = 1 issues the loads of the next step before the multiply-add of
this one (software pipelining, loop-carried operand matrices); LF = 1 (with P = 0) issues all U
steps' loads before their multiply-adds. ST picks the result store: 0 the tensor store, 1 the
pointer store (`OpCooperativeMatrixStoreKHR`, row stride N), 2 the tensor store behind a run-time
condition that never holds (what the kernel costs without its store; not a matmul). The form kiln's lowering emits (`tensor_matmul`: GM 8,
U 2), for sweeping tilings before changing its defaults:

    python3 benches/gpu/workgroup_matrix_spirv.py M N K BM BN BK WG [f32|f16] [CLAMP] [GM] [U] [P] [LF] [ST] > k.spvasm
    spirv-as --target-env vulkan1.3 k.spvasm -o k.spv && spirv-val --target-env vulkan1.3 k.spv
    cargo run --release -p kiln-runtime --example spv_matmul -- k.spv M N K BM BN [f32|f16]
"""
import sys


def header(WG, operand="f16", acc="f32"):
    """The start of the module, shared with split_bf16_spirv.py: capabilities, extensions, the
    entry point (WG invocations), decorations, the scalar types, the bindings (set 0) 0 = A and
    1 = B of `operand` (f16 or bf16: %f16 = IEEE half, %bf16 = SPV_KHR_bfloat16) with their
    element pointer %p_<operand>, 2 = C of `acc` (f32 or f16) with %p_c, and the constants
    %int_0, %uint_0, %uint_1, %uint_2."""
    ctype = "%f32" if acc == "f32" else "%f16"
    cstride = 4 if acc == "f32" else 2
    bf16 = operand == "bf16"
    capabilities = ["Shader", "VulkanMemoryModel", "Float16"]
    capabilities += ["BFloat16TypeKHR", "BFloat16CooperativeMatrixKHR"] if bf16 else []
    capabilities += ["StorageBuffer16BitAccess", "CooperativeMatrixKHR",
                     "CooperativeMatrixTensorAddressingNV", "TensorAddressingNV"]
    extensions = ["SPV_KHR_bfloat16"] if bf16 else []
    extensions += ["SPV_KHR_cooperative_matrix", "SPV_NV_cooperative_matrix2",
                   "SPV_NV_tensor_addressing"]
    operand_decl = "%bf16 = OpTypeFloat 16 BFloat16KHR" if bf16 else "%f16 = OpTypeFloat 16"
    lines = ["; SPIR-V", "; Version: 1.6"]
    lines += [f"OpCapability {c}" for c in capabilities]
    lines += [f'OpExtension "{e}"' for e in extensions]
    lines.append(f"""%glsl = OpExtInstImport "GLSL.std.450"
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
{operand_decl}
%f32 = OpTypeFloat 32
%v3uint = OpTypeVector %uint 3
%ptr_in_v3 = OpTypePointer Input %v3uint
%wgid = OpVariable %ptr_in_v3 Input
%rtA = OpTypeRuntimeArray %{operand}
%sA = OpTypeStruct %rtA
%psA = OpTypePointer StorageBuffer %sA
%gA = OpVariable %psA StorageBuffer
%gB = OpVariable %psA StorageBuffer
%rtC = OpTypeRuntimeArray {ctype}
%sC = OpTypeStruct %rtC
%psC = OpTypePointer StorageBuffer %sC
%gC = OpVariable %psC StorageBuffer
%p_{operand} = OpTypePointer StorageBuffer %{operand}
%p_c = OpTypePointer StorageBuffer {ctype}
%int_0 = OpConstant %int 0
%uint_0 = OpConstant %uint 0
%uint_1 = OpConstant %uint 1
%uint_2 = OpConstant %uint 2""")
    return "\n".join(lines)


# The tensor layouts of A (M x K), B (K x N) and C (M x N) over layout type %tl, and the
# pointers %pA, %pB (f16) and %pC to the first elements of the buffers.
OPERANDS = """%l0 = OpCreateTensorLayoutNV %tl
%lA = OpTensorLayoutSetDimensionNV %tl %l0 %c_M %c_K
%lB = OpTensorLayoutSetDimensionNV %tl %l0 %c_K %c_N
%lC = OpTensorLayoutSetDimensionNV %tl %l0 %c_M %c_N
%pA = OpAccessChain %p_f16 %gA %int_0 %uint_0
%pB = OpAccessChain %p_f16 %gB %int_0 %uint_0
%pC = OpAccessChain %p_c %gC %int_0 %uint_0"""


def band_index(NX, MT, GM, lin=None):
    """The constants and the code that take the tiles in bands of GM tile rows (of NX tiles
    each, MT tile rows in all): %wg (the loaded WorkgroupId) -> tile column %wx, row %wy; or,
    given `lin` (code defining %lin), the linear tile %lin -> %wx, %wy."""
    consts = f"""%c_NX = OpConstant %uint {NX}
%c_band = OpConstant %uint {GM*NX}
%c_GM = OpConstant %uint {GM}
%c_MT = OpConstant %uint {MT}"""
    lin = lin or """%wlx = OpCompositeExtract %uint %wg 0
%wly = OpCompositeExtract %uint %wg 1
%lin0 = OpIMul %uint %wly %c_NX
%lin = OpIAdd %uint %lin0 %wlx"""
    code = lin + """
%grp = OpUDiv %uint %lin %c_band
%first = OpIMul %uint %grp %c_GM
%left = OpISub %uint %c_MT %first
%gm = OpExtInst %uint %glsl UMin %left %c_GM
%inb = OpUMod %uint %lin %c_band
%wyo = OpUMod %uint %inb %gm
%wy = OpIAdd %uint %first %wyo
%wx = OpUDiv %uint %inb %gm"""
    return consts, code


def gen(M, N, K, BM, BN, BK, WG, acc="f32", clamp=1, GM=0, U=1, P=0, LF=0, ST=0):
    ctype = "%f32" if acc == "f32" else "%f16"
    zero = "%f32_0" if acc == "f32" else "%f16_0"
    NX, MT = N // BN, M // BM
    if GM == 0:
        index_code = "%wx = OpCompositeExtract %uint %wg 0\n%wy = OpCompositeExtract %uint %wg 1"
        index_consts = ""
    else:
        index_consts, index_code = band_index(NX, MT, GM)
    def step_loads(tag, kexpr, lines):
        lines.append(f"%sA{tag} = OpTensorLayoutSliceNV %tl %lA %m0 %c_BM {kexpr} %c_BK")
        lines.append(f"%a{tag} = OpCooperativeMatrixLoadTensorNV %matA %pA %undefA %sA{tag} None None")
        lines.append(f"%sB{tag} = OpTensorLayoutSliceNV %tl %lB {kexpr} %c_BK %n0 %c_BN")
        lines.append(f"%b{tag} = OpCooperativeMatrixLoadTensorNV %matB %pB %undefB %sB{tag} None None")
    def kof(kbase, u, pre, lines):
        if u == 0:
            return kbase
        lines.append(f"%{pre}k{u} = OpIAdd %uint {kbase} %c_off{u}")
        return f"%{pre}k{u}"
    lines = []
    if P == 0:
        prev = "%acc"
        if LF:
            for u in range(U):
                step_loads(f"s{u}", kof("%k", u, "", lines), lines)
        for u in range(U):
            if not LF:
                step_loads(f"s{u}", kof("%k", u, "", lines), lines)
            nxt = "%acc2" if u == U - 1 else f"%accu{u}"
            lines.append(f"{nxt} = OpCooperativeMatrixMulAddKHR %matC %as{u} %bs{u} {prev}")
            prev = nxt
        body = "\n".join(lines)
        pre_loop = ""
        extra_phi = ""
        cond = "%cond = OpULessThan %bool %k %c_K"
        tail = "%accF = OpCopyObject %matC %acc"
    else:
        pl = []
        step_loads("in", "%uint_0", pl)
        pre_loop = "\n".join(pl)
        extra_phi = "%ca = OpPhi %matA %ain %entry %cna %continue\n%cb = OpPhi %matB %bin %entry %cnb %continue"
        cond = "%klast = OpIAdd %uint %k %c_BKU\n%cond = OpULessThan %bool %klast %c_K"
        cur, prev = ("%ca", "%cb"), "%acc"
        for u in range(U):
            step_loads(f"n{u}", kof("%k", u + 1, "", lines), lines)
            nxt = "%acc2" if u == U - 1 else f"%accu{u}"
            lines.append(f"{nxt} = OpCooperativeMatrixMulAddKHR %matC {cur[0]} {cur[1]} {prev}")
            prev, cur = nxt, (f"%an{u}", f"%bn{u}")
        lines.append(f"%cna = OpCopyObject %matA {cur[0]}")
        lines.append(f"%cnb = OpCopyObject %matB {cur[1]}")
        body = "\n".join(lines)
        tl_ = []
        cur, prev = ("%ca", "%cb"), "%acc"
        for u in range(U):
            if u + 1 < U:
                step_loads(f"e{u}", kof("%k", u + 1, "e", tl_), tl_)
            nxt = "%accF" if u == U - 1 else f"%acce{u}"
            tl_.append(f"{nxt} = OpCooperativeMatrixMulAddKHR %matC {cur[0]} {cur[1]} {prev}")
            prev, cur = nxt, (f"%ae{u}", f"%be{u}")
        tail = "\n".join(tl_)
    if ST == 0:
        store = """%sCt = OpTensorLayoutSliceNV %tl %lC %m0 %c_BM %n0 %c_BN
OpCooperativeMatrixStoreTensorNV %pC %accF %sCt None None"""
    elif ST == 1:
        # A pointer store of the workgroup-scope matrix (SPV_KHR_cooperative_matrix's store).
        store = """%rowC = OpIMul %uint %m0 %c_N
%offC = OpIAdd %uint %rowC %n0
%pCt = OpAccessChain %p_c %gC %int_0 %offC
OpCooperativeMatrixStoreKHR %pCt %accF %uint_0 %c_N None"""
    else:
        # Diagnostic: the tensor store behind a run-time condition that never holds (what the
        # kernel costs without its result store).
        store = """%never = OpUGreaterThan %bool %wx %c_M
OpSelectionMerge %done None
OpBranchConditional %never %st %done
%st = OpLabel
%sCt = OpTensorLayoutSliceNV %tl %lC %m0 %c_BM %n0 %c_BN
OpCooperativeMatrixStoreTensorNV %pC %accF %sCt None None
OpBranch %done
%done = OpLabel"""
    offs = "\n".join(f"%c_off{u} = OpConstant %uint {u*BK}" for u in range(1, U + 1))
    return f"""{header(WG, "f16", acc)}
%clamp = OpConstant %uint {clamp}
%c_M = OpConstant %uint {M}
%c_N = OpConstant %uint {N}
%c_K = OpConstant %uint {K}
%c_BM = OpConstant %uint {BM}
%c_BN = OpConstant %uint {BN}
%c_BK = OpConstant %uint {BK}
%c_BKU = OpConstant %uint {BK*U}
{offs}
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
{OPERANDS}
{pre_loop}
OpBranch %header
%header = OpLabel
%k = OpPhi %uint %uint_0 %entry %knext %continue
%acc = OpPhi %matC %zeroC %entry %acc2 %continue
{extra_phi}
{cond}
OpLoopMerge %merge %continue None
OpBranchConditional %cond %body %merge
%body = OpLabel
{body}
OpBranch %continue
%continue = OpLabel
%knext = OpIAdd %uint %k %c_BKU
OpBranch %header
%merge = OpLabel
{tail}
{store}
OpReturn
OpFunctionEnd
"""
if __name__ == "__main__":
    M, N, K, BM, BN, BK, WG = map(int, sys.argv[1:8])
    acc = sys.argv[8] if len(sys.argv) > 8 else "f32"
    clamp = int(sys.argv[9]) if len(sys.argv) > 9 else 1
    GM = int(sys.argv[10]) if len(sys.argv) > 10 else 0
    U = int(sys.argv[11]) if len(sys.argv) > 11 else 1
    P = int(sys.argv[12]) if len(sys.argv) > 12 else 0
    LF = int(sys.argv[13]) if len(sys.argv) > 13 else 0
    ST = int(sys.argv[14]) if len(sys.argv) > 14 else 0
    print(gen(M, N, K, BM, BN, BK, WG, acc, clamp, GM, U, P, LF, ST))

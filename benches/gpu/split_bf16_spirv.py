"""Writes SPIR-V assembly of an f32 matmul on bf16 tensor cores (VK_NV_cooperative_matrix2,
workgroup scope, tensor addressing): each f32 operand arrives split into three bf16 planes
(x = x0 + x1 + x2, 8 significant bits each: 24 in all, the f32 significand) and the kernel
accumulates the six products whose terms reach f32 precision (x0y0, x0y1, x1y0, x0y2, x1y1,
x2y0; the three dropped ones are below 2^-24 of the result) in f32, smallest first. An
experiment towards issue 8's f32 goal (cuBLAS's BF16x9 emulation idea on Vulkan); not part of
the lowering. Bindings (set 0): 0 = A planes (3 x M x K bf16, plane-major), 1 = B planes
(3 x K x N bf16), 2 = C (M x N f32); one BM x BN accumulator per workgroup of WG invocations
over BK-deep steps, tiles in bands of GM tile rows; M, N multiples of BM, BN and K of BK.
With FLUSH = 1 each step's products accumulate from zero and are then added (an f32 add that
rounds to nearest) into the running sum: the H200's tensor cores do not round to nearest when
they accumulate, and six multiply-adds per step into one accumulator cost accuracy. STEPS
BK-deep steps per loop iteration (and per flush); K a multiple of STEPS * BK. INNER > 1: the
steps of a flush as an inner loop of INNER steps (not unrolled); K a multiple of INNER * BK.

    python3 benches/gpu/split_bf16_spirv.py M N K BM BN BK WG [GM] [PRODUCTS] [FLUSH] [STEPS] [INNER] > k.spvasm
    spirv-as --target-env vulkan1.3 k.spvasm -o k.spv && spirv-val --target-env vulkan1.3 k.spv
    cargo run --release -p kiln-runtime --example spv_matmul_split -- k.spv M N K BM BN
"""
import os
import sys

# The shared module header lives beside this script (run as `python3 benches/gpu/...`); no
# __pycache__ left in the source tree.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True
from workgroup_matrix_spirv import band_index, header  # noqa: E402

# (i, j): the product of plane i of A and plane j of B, smallest terms first.
SIX = [(2, 0), (1, 1), (0, 2), (1, 0), (0, 1), (0, 0)]


def gen(M, N, K, BM, BN, BK, WG, GM=8, products=6, flush=0, steps=1, inner=1):
    pairs = SIX[len(SIX) - products:]
    index_consts, index_code = band_index(N // BN, M // BM, GM)
    planes_a = sorted({i for i, _ in pairs})
    planes_b = sorted({j for _, j in pairs})
    body = []
    prev = "%zeroC" if flush else "%acc"
    if inner > 1:
        # An inner loop of `inner` steps into the partial sum, then the flush.
        body += ["OpBranch %ih", "%ih = OpLabel",
                 "%kk = OpPhi %uint %k %body %kkn %icont",
                 "%pp = OpPhi %matC %zeroC %body %part %icont",
                 "%kend = OpIAdd %uint %k %c_BKU",
                 "%icond = OpULessThan %bool %kk %kend",
                 "OpLoopMerge %imerge %icont None",
                 "OpBranchConditional %icond %ib %imerge", "%ib = OpLabel"]
        prev, flush, steps = "%pp", 1, 1
    for u in range(steps):
        kk = "%kk" if inner > 1 else "%k"
        if u > 0:
            body.append(f"%k_{u} = OpIAdd %uint %k %c_off{u}")
            kk = f"%k_{u}"
        for i in planes_a:
            body.append(f"%sA{i}_{u} = OpTensorLayoutSliceNV %tl %lA %m0 %c_BM {kk} %c_BK")
            body.append(f"%a{i}_{u} = OpCooperativeMatrixLoadTensorNV %matA %pA{i} %undefA %sA{i}_{u} None None")
        for j in planes_b:
            body.append(f"%sB{j}_{u} = OpTensorLayoutSliceNV %tl %lB {kk} %c_BK %n0 %c_BN")
            body.append(f"%b{j}_{u} = OpCooperativeMatrixLoadTensorNV %matB %pB{j} %undefB %sB{j}_{u} None None")
        # flush: the products of the loop body's steps accumulate from zero, then one f32 add
        # (round to nearest) into the running sum; otherwise straight into the running sum.
        for n, (i, j) in enumerate(pairs):
            last = u == steps - 1 and n == len(pairs) - 1
            nxt = ("%part" if flush else "%acc2") if last else f"%accp{u}_{n}"
            body.append(f"{nxt} = OpCooperativeMatrixMulAddKHR %matC %a{i}_{u} %b{j}_{u} {prev}")
            prev = nxt
    if inner > 1:
        body += ["OpBranch %icont", "%icont = OpLabel", "%kkn = OpIAdd %uint %kk %c_BK",
                 "OpBranch %ih", "%imerge = OpLabel", "%acc2 = OpFAdd %matC %acc %pp"]
    elif flush:
        body.append("%acc2 = OpFAdd %matC %acc %part")
    body = "\n".join(body)
    offs = "\n".join(f"%c_off{u} = OpConstant %uint {u*BK}" for u in range(1, steps))
    return f"""{header(WG, "bf16", "f32")}
%c_M = OpConstant %uint {M}
%c_N = OpConstant %uint {N}
%c_K = OpConstant %uint {K}
%c_MK = OpConstant %uint {M*K}
%c_2MK = OpConstant %uint {2*M*K}
%c_KN = OpConstant %uint {K*N}
%c_2KN = OpConstant %uint {2*K*N}
%c_BM = OpConstant %uint {BM}
%c_BN = OpConstant %uint {BN}
%c_BK = OpConstant %uint {BK}
%c_BKU = OpConstant %uint {BK*max(steps, inner)}
{offs}
{index_consts}
%f32_0 = OpConstant %f32 0
%tl = OpTypeTensorLayoutNV %uint_2 %uint_0
%matA = OpTypeCooperativeMatrixKHR %bf16 %uint_2 %c_BM %c_BK %uint_0
%matB = OpTypeCooperativeMatrixKHR %bf16 %uint_2 %c_BK %c_BN %uint_1
%matC = OpTypeCooperativeMatrixKHR %f32 %uint_2 %c_BM %c_BN %uint_2
%zeroC = OpConstantComposite %matC %f32_0
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
%pA0 = OpAccessChain %p_bf16 %gA %int_0 %uint_0
%pA1 = OpAccessChain %p_bf16 %gA %int_0 %c_MK
%pA2 = OpAccessChain %p_bf16 %gA %int_0 %c_2MK
%pB0 = OpAccessChain %p_bf16 %gB %int_0 %uint_0
%pB1 = OpAccessChain %p_bf16 %gB %int_0 %c_KN
%pB2 = OpAccessChain %p_bf16 %gB %int_0 %c_2KN
%pC = OpAccessChain %p_c %gC %int_0 %uint_0
OpBranch %header
%header = OpLabel
%k = OpPhi %uint %uint_0 %entry %knext %continue
%acc = OpPhi %matC %zeroC %entry %acc2 %continue
%cond = OpULessThan %bool %k %c_K
OpLoopMerge %merge %continue None
OpBranchConditional %cond %body %merge
%body = OpLabel
{body}
OpBranch %continue
%continue = OpLabel
%knext = OpIAdd %uint %k %c_BKU
OpBranch %header
%merge = OpLabel
%sCt = OpTensorLayoutSliceNV %tl %lC %m0 %c_BM %n0 %c_BN
OpCooperativeMatrixStoreTensorNV %pC %acc %sCt None None
OpReturn
OpFunctionEnd
"""


def fused(text, BM, BN, BK, planes_a, planes_b):
    """The same kernel reading the f32 operands themselves: each step loads the f32 tiles as
    accumulator-use matrices and splits them in the kernel (Veltkamp: c = x * (2^16 + 1),
    hi = c - (c - x), lo = x - hi, then lo again: three parts of at most 8 significant bits,
    exact in bf16), converted to A / B use by OpFConvert (CooperativeMatrixConversionsNV)."""
    out, exact = [], []
    for line in text.split("\n"):
        if line.startswith("%rtA = OpTypeRuntimeArray %bf16"):
            out.append("%rtA = OpTypeRuntimeArray %f32")
            continue
        if line == "OpDecorate %rtA ArrayStride 2":
            out.append("OpDecorate %rtA ArrayStride 4")
            continue
        if line.startswith("%pA") and "%c_" in line or line.startswith("%pB") and "%c_" in line:
            continue
        if line.startswith("%pA0 =") or line.startswith("%pB0 ="):
            out.append(line.replace("%p_bf16", "%p_c").replace("%pA0", "%pAf").replace("%pB0", "%pBf"))
            continue
        if line == "OpCapability CooperativeMatrixKHR":
            out.append(line)
            out.append("OpCapability CooperativeMatrixConversionsNV")
            continue
        if line.startswith("%undefB = OpUndef %matB"):
            out.append(line)
            out.append(f"%accA = OpTypeCooperativeMatrixKHR %f32 %uint_2 %c_BM %c_BK %uint_2")
            out.append(f"%accB = OpTypeCooperativeMatrixKHR %f32 %uint_2 %c_BK %c_BN %uint_2")
            out.append("%undefAf = OpUndef %accA")
            out.append("%undefBf = OpUndef %accB")
            out.append("%sigma = OpConstant %f32 65537")
            continue
        if "OpCooperativeMatrixLoadTensorNV %matA" in line or "OpCooperativeMatrixLoadTensorNV %matB" in line:
            name = line.split(" = ")[0]            # %a0_0
            side = "A" if "%matA" in line else "B"
            plane = name[2]
            tag = name[3:]                          # _0
            if plane != "0":
                continue                            # planes 1, 2 come from the split of plane 0's load
            sl = line.split()[-3]                   # the slice id
            acc = f"%acc{side}"
            mat = f"%mat{side}"
            x = f"%x{side}{tag}"
            out.append(f"{x} = OpCooperativeMatrixLoadTensorNV {acc} %p{side}f %undef{side}f {sl} None None")
            def split(v, hi, lo):
                c, t = f"%c_{hi[1:]}", f"%t_{hi[1:]}"
                exact.extend([c, t, hi, lo])
                out.append(f"{c} = OpMatrixTimesScalar {acc} {v} %sigma")
                out.append(f"{t} = OpFSub {acc} {c} {v}")
                out.append(f"{hi} = OpFSub {acc} {c} {t}")
                out.append(f"{lo} = OpFSub {acc} {v} {hi}")
            h0, r1, h1, h2 = f"%h0{side}{tag}", f"%r1{side}{tag}", f"%h1{side}{tag}", f"%h2{side}{tag}"
            split(x, h0, r1)
            split(r1, h1, h2)
            low = side.lower()
            for i, h in enumerate((h0, h1, h2)):
                out.append(f"%{low}{i}{tag} = OpFConvert {mat} {h}")
            continue
        if line.startswith("%sA1") or line.startswith("%sA2") or line.startswith("%sB1") or line.startswith("%sB2"):
            continue
        out.append(line)
    # No fused multiply-add may replace the split's rounding steps.
    at = out.index("OpDecorate %wgid BuiltIn WorkgroupId") + 1
    out[at:at] = [f"OpDecorate {v} NoContraction" for v in exact]
    return "\n".join(out)


if __name__ == "__main__":
    M, N, K, BM, BN, BK, WG = map(int, sys.argv[1:8])
    GM = int(sys.argv[8]) if len(sys.argv) > 8 else 8
    products = int(sys.argv[9]) if len(sys.argv) > 9 else 6
    flush = int(sys.argv[10]) if len(sys.argv) > 10 else 0
    steps = int(sys.argv[11]) if len(sys.argv) > 11 else 1
    inner = int(sys.argv[12]) if len(sys.argv) > 12 else 1
    text = gen(M, N, K, BM, BN, BK, WG, GM, products, flush, steps, inner)
    if len(sys.argv) > 13 and sys.argv[13] == "fused":
        text = fused(text, BM, BN, BK, [0, 1, 2], [0, 1, 2])
    print(text)

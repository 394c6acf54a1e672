"""Writes SPIR-V assembly of the workgroup-scope matmul of workgroup_matrix_spirv.py (f16
operands, f32 accumulator and result, tensor-addressed loads, U = 2 K steps per loop iteration,
full tiles in bands of 8 tile rows) whose grid starts and ends with H half tiles
(BM/2 x BN), so that the workgroups sharing an SM run out of step by half a tile: the first
H workgroups (one per SM) finish early and the slots they free run full tiles half a tile
later than the other slots, so one workgroup's result store overlaps another's multiply-adds
(see benches/RESULTS.md, "Where the f16-in / f32-acc row's last 8% goes"). The half tiles
cover the bottom 2 * H * (BM/2) * BN / N rows; the full tiles the rows above. Grid: 2 * H +
full tiles workgroups (pass it to spv_matmul as GRID). H = 0 gives the plain kernel.

    python3 benches/gpu/staggered_spirv.py M N K BM BN BK WG H > k.spvasm
    spirv-as --target-env vulkan1.3 k.spvasm -o k.spv && spirv-val --target-env vulkan1.3 k.spv
    GRID=<printed on stderr> spv_matmul k.spv M N K BM BN f32
"""
import sys

from workgroup_matrix_spirv import OPERANDS, band_index, header

U = 2
BAND = 8


def tile_loop(tag, bm, m0, n0):
    """The K loop of one tile shape (`bm` rows) at (%m0, %n0) and its store; labels and ids
    carry `tag`."""
    lines = [f"OpBranch %hdr{tag}", f"%hdr{tag} = OpLabel",
             f"%k{tag} = OpPhi %uint %uint_0 %pre{tag} %kn{tag} %cont{tag}",
             f"%acc{tag} = OpPhi %matC{bm} %zeroC{bm} %pre{tag} %accn{tag} %cont{tag}",
             f"%cond{tag} = OpULessThan %bool %k{tag} %c_K",
             f"OpLoopMerge %merge{tag} %cont{tag} None",
             f"OpBranchConditional %cond{tag} %body{tag} %merge{tag}",
             f"%body{tag} = OpLabel"]
    prev = f"%acc{tag}"
    for u in range(U):
        k = f"%k{tag}"
        if u:
            lines.append(f"%k{tag}_{u} = OpIAdd %uint %k{tag} %c_off{u}")
            k = f"%k{tag}_{u}"
        lines += [
            f"%sA{tag}_{u} = OpTensorLayoutSliceNV %tl %lA {m0} %c_BM{bm} {k} %c_BK",
            f"%a{tag}_{u} = OpCooperativeMatrixLoadTensorNV %matA{bm} %pA %undefA{bm} %sA{tag}_{u} None None",
            f"%sB{tag}_{u} = OpTensorLayoutSliceNV %tl %lB {k} %c_BK {n0} %c_BN",
            f"%b{tag}_{u} = OpCooperativeMatrixLoadTensorNV %matB %pB %undefB %sB{tag}_{u} None None",
        ]
        nxt = f"%accn{tag}" if u == U - 1 else f"%acc{tag}_{u}"
        lines.append(f"{nxt} = OpCooperativeMatrixMulAddKHR %matC{bm} %a{tag}_{u} %b{tag}_{u} {prev}")
        prev = nxt
    lines += [f"OpBranch %cont{tag}", f"%cont{tag} = OpLabel",
              f"%kn{tag} = OpIAdd %uint %k{tag} %c_BKU", f"OpBranch %hdr{tag}",
              f"%merge{tag} = OpLabel",
              f"%sC{tag} = OpTensorLayoutSliceNV %tl %lC {m0} %c_BM{bm} {n0} %c_BN",
              f"OpCooperativeMatrixStoreTensorNV %pC %acc{tag} %sC{tag} None None"]
    return "\n".join(lines)


def gen(M, N, K, BM, BN, BK, WG, H):
    NX = N // BN
    HM = BM // 2
    half_rows = 2 * H * HM * BN // N
    assert (2 * H * BN) % N == 0 and half_rows % BM == 0 and K % (U * BK) == 0
    MT = (M - half_rows) // BM
    F = MT * NX
    print(f"grid {F + 2 * H} ({F} full tiles, {2 * H} half tiles over the bottom {half_rows} rows)",
          file=sys.stderr)
    mats = []
    for bm in sorted({BM, HM}):
        mats.append(f"""%c_BM{bm} = OpConstant %uint {bm}
%matA{bm} = OpTypeCooperativeMatrixKHR %f16 %uint_2 %c_BM{bm} %c_BK %uint_0
%matC{bm} = OpTypeCooperativeMatrixKHR %f32 %uint_2 %c_BM{bm} %c_BN %uint_2
%zeroC{bm} = OpConstantComposite %matC{bm} %f32_0
%undefA{bm} = OpUndef %matA{bm}""")
    mats = "\n".join(mats)
    band_consts, band_code = band_index(NX, MT, BAND, "%lin = OpISub %uint %wlx %c_H")
    return f"""{header(WG, "f16", "f32")}
%c_M = OpConstant %uint {M}
%c_N = OpConstant %uint {N}
%c_K = OpConstant %uint {K}
%c_BN = OpConstant %uint {BN}
%c_BK = OpConstant %uint {BK}
%c_BKU = OpConstant %uint {BK * U}
%c_off1 = OpConstant %uint {BK}
%c_H = OpConstant %uint {H}
%c_HF = OpConstant %uint {H + F}
%c_F = OpConstant %uint {F}
%c_full_rows = OpConstant %uint {M - half_rows}
{band_consts}
%f32_0 = OpConstant %f32 0
%tl = OpTypeTensorLayoutNV %uint_2 %uint_0
%matB = OpTypeCooperativeMatrixKHR %f16 %uint_2 %c_BK %c_BN %uint_1
%undefB = OpUndef %matB
{mats}
%main = OpFunction %void None %fn
%entry = OpLabel
%wg = OpLoad %v3uint %wgid
%wlx = OpCompositeExtract %uint %wg 0
{OPERANDS}
%isfirst = OpULessThan %bool %wlx %c_H
%last = OpUGreaterThanEqual %bool %wlx %c_HF
%half = OpLogicalOr %bool %isfirst %last
OpSelectionMerge %end None
OpBranchConditional %half %preh %pref
%preh = OpLabel
%hl = OpISub %uint %wlx %c_F
%h = OpSelect %uint %isfirst %wlx %hl
%hrow = OpUDiv %uint %h %c_NX
%hcol = OpUMod %uint %h %c_NX
%hm1 = OpIMul %uint %hrow %c_BM{HM}
%m0h = OpIAdd %uint %hm1 %c_full_rows
%n0h = OpIMul %uint %hcol %c_BN
{tile_loop("h", HM, "%m0h", "%n0h")}
OpBranch %end
%pref = OpLabel
{band_code}
%m0f = OpIMul %uint %wy %c_BM{BM}
%n0f = OpIMul %uint %wx %c_BN
{tile_loop("f", BM, "%m0f", "%n0f")}
OpBranch %end
%end = OpLabel
OpReturn
OpFunctionEnd
"""


if __name__ == "__main__":
    print(gen(*map(int, sys.argv[1:9])))

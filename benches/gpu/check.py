#!/usr/bin/env python3
"""Every GPU-only kernel family of kiln against float64 references, for `benches/gpu/check.sh`.

The families (the default paths on the H200, which lavapipe cannot run: no cooperative matrices)
and how a case reaches each (the plan `kiln compile --print-ir-after kernel-config` prints is
checked, so a case that silently took another kernel says so):

    workgroup-matrix   f16 x f16 matmuls (f32 or f16 results, a fused bias + ReLU epilogue) on
                       VK_NV_cooperative_matrix2: the default for large f16 matmuls, forced with
                       `--workgroup-matrix-tiles` for the awkward shapes
    cooperative-matrix f16 x f16 -> f32 matmuls and convs on VK_KHR_cooperative_matrix (subgroup
                       scope): forced with `--coopmat-tiles` for matmuls; convs take it by
                       default with many output channels, else through
                       `--heuristic cooperative_matrix_conv_min_n=1`
    split-bf16         f32 matmuls as three bf16 planes, six products summed in f32 (bf16
                       workgroup-scope cooperative matrices): the default for large f32 matmuls
    split-k / gemv     f16 linear layers with few rows (the split-K and few-rows GPU plans)
    attention-matrix   f16 attention (QK^T / 8 + a bias, softmax, PV) in one dispatch with both
                       contractions on VK_KHR_cooperative_matrix fragments: forced with
                       `--heuristic attention_matrix_key_chunk=64` (by default such heads keep
                       three dispatches, faster today)
    simt               the f32 convs of the benchmark (SIMT on the H200 too): their shapes

at the benchmark's shapes (benches/gpu/cases.sh) and at awkward ones: odd M / N, K not a
multiple of any tile, a K remainder below the fragment size.

Per case: seeded inputs (uniform [-1, 1), f16 where the model says f16) written as .npy, `kiln
run MODEL --input ... --output-dir ...` on the device, the float64 reference (torch float64 on the
GPU where torch and CUDA are there, else numpy) of the same (rounded) inputs, and the errors:
max |d - r| / rms(r), rel L2 (||d - r|| / ||r||), the worst element, and the verdict of `kiln run
--check`'s tolerance for the output's type (`Tolerance` in src/tensor.rs: f32 |d - r| <= 5e-6 *
rms(r) + 1e-5 * |r|, f16 1e-2 * rms(r) + 1e-2 * |r|; `ratio` is the worst element's error over its
allowance, above 1 fails). f16 results of f16 matmuls (`matmul_f16.mlir`: linalg accumulates in
the result's type, f16) get `sqrt(K) * 2^-11` of the rms instead of 1e-2 (an f16 sum's error
grows like that: 2.6e-2 of the rms at K = 4096 on the H100's tensor cores).

Where the device cannot run a family (lavapipe), the case says `refused` (kiln's error) or
`other plan` (the device plans another kernel): the table shows what did not run, never a pass.
`--target PRESET` compiles for a preset only (no device: plans and compile errors, e.g.
`--target nvidia-h200` on the development machine).

usage: check.py [--kiln PATH] [--target auto|PRESET] [--only REGEX] [--quick] [--deadline S]
                [--out DIR] [--run-other-plans]
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
import zlib

import numpy as np

try:
    import torch
except ImportError:  # the development machine: numpy references
    torch = None

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
KERNELS = os.path.join(REPO, "benches", "kernels")

# `kiln run --check`'s tolerance per output type (src/tensor.rs, `Tolerance`): (rtol, atol of rms).
TOLERANCE = {"float32": (1e-5, 5e-6), "float16": (1e-2, 1e-2)}

# Forcing flags.
WGM = ["--workgroup-matrix-tiles", "128x128x64/128"]
COOPMAT = ["--coopmat-tiles", "2x4/4x2x2"]
CONV_COOPMAT = ["--heuristic", "cooperative_matrix_conv_min_n=1"]
ATTENTION_MATRIX = ["--heuristic", "attention_matrix_key_chunk=64"]


def mm(name, template, m, n, k, family, flags=(), big=False):
    return dict(name=name, template=template, params=dict(M=m, N=n, K=k), family=family,
                flags=list(flags), kind="matmul", big=big)


def attention(name, b, q, k, d, big=False):
    return dict(name=name, template=ATTENTION, params=dict(B=b, Q=q, K=k, D=d),
                family="attention-matrix", flags=list(ATTENTION_MATRIX), kind="attention", big=big)


def conv(name, template, n, h, w, c, f, family, flags=(), big=False):
    return dict(name=name, template=template,
                params=dict(N=n, H=h, W=w, C=c, F=f, HP=h + 2, WP=w + 2), family=family,
                flags=list(flags), kind="conv", big=big)


F16 = "matmul_f16_f32acc.mlir"
F16_OUT = "matmul_f16.mlir"
LINEAR = "matmul_f16_bias_relu.mlir"
F32 = "matmul_f32.mlir"
CONV_F32 = "conv3x3_nhwc_f32.mlir"
CONV_F16 = "conv3x3_nhwc_f16_f32acc.mlir"
ATTENTION = "attention_f16.mlir"

# (expected plan word in `plan @... <strategy>` lines) per family.
PLAN = {
    "workgroup-matrix": "workgroup-matrix",
    "cooperative-matrix": "cooperative-matrix",
    "split-bf16": "split-bf16",
    "split-k": "split-k",
    "gemv": "gemv",
    "simt": "simt",
    "attention-matrix": "attention-matrix",
}

CASES = [
    # The benchmark's shapes (cases.sh).
    mm("mm_f16_4096", F16, 4096, 4096, 4096, "workgroup-matrix"),
    mm("mm_f16_8192", F16, 8192, 8192, 8192, "workgroup-matrix", big=True),
    mm("mm_f16acc_4096", F16_OUT, 4096, 4096, 4096, "workgroup-matrix"),
    mm("mm_f16acc_8192", F16_OUT, 8192, 8192, 8192, "workgroup-matrix", big=True),
    mm("linear_f16_4096", LINEAR, 4096, 4096, 4096, "workgroup-matrix"),
    mm("linear_f16_m128_4096", LINEAR, 128, 4096, 4096, "split-k"),
    mm("linear_f16_m1_4096", LINEAR, 1, 4096, 4096, "gemv"),
    mm("mm_f32_4096", F32, 4096, 4096, 4096, "split-bf16"),
    mm("mm_f32_8192", F32, 8192, 8192, 8192, "split-bf16", big=True),
    conv("conv_1x56", CONV_F32, 1, 56, 56, 64, 64, "simt"),
    conv("conv_32x56", CONV_F32, 32, 56, 56, 64, 64, "simt"),
    # run.sh's --check shape: edges in M and N, a K remainder.
    mm("mm_f16_1500x1288x600", F16, 1500, 1288, 600, "workgroup-matrix"),
    mm("mm_f16acc_1500x1288x600", F16_OUT, 1500, 1288, 600, "workgroup-matrix"),
    mm("mm_f32_1500x1288x600", F32, 1500, 1288, 600, "split-bf16"),
    # Awkward shapes: odd sizes, K not a multiple of the tile (64 / 32 / 16) nor of 8.
    mm("wgm_f16_257x129x77", F16, 257, 129, 77, "workgroup-matrix", WGM),
    mm("wgm_f16_1001x999x1003", F16, 1001, 999, 1003, "workgroup-matrix", WGM),
    mm("wgm_f16acc_33x4097x1025", F16_OUT, 33, 4097, 1025, "workgroup-matrix", WGM),
    mm("wgm_linear_777x1000x4100", LINEAR, 777, 1000, 4100, "workgroup-matrix", WGM),
    mm("coopmat_f16_4096", F16, 4096, 4096, 4096, "cooperative-matrix", COOPMAT),
    mm("coopmat_f16_1500x1288x600", F16, 1500, 1288, 600, "cooperative-matrix", COOPMAT),
    mm("coopmat_f16_257x129x77", F16, 257, 129, 77, "cooperative-matrix", COOPMAT),
    mm("coopmat_f16_1001x999x1003", F16, 1001, 999, 1003, "cooperative-matrix", COOPMAT),
    mm("coopmat_f16_17x2049x4099", F16, 17, 2049, 4099, "cooperative-matrix", COOPMAT),
    conv("coopmat_conv_f16_32x56", CONV_F16, 32, 56, 56, 64, 64, "cooperative-matrix", CONV_COOPMAT),
    conv("coopmat_conv_f16_8x28_c256", CONV_F16, 8, 28, 28, 256, 256, "cooperative-matrix"),
    conv("coopmat_conv_f16_3x17x23_c48_f40", CONV_F16, 3, 17, 23, 48, 40, "cooperative-matrix",
         CONV_COOPMAT),
    conv("coopmat_conv_f16_2x13x9_c3_f72", CONV_F16, 2, 13, 9, 3, 72, "cooperative-matrix",
         CONV_COOPMAT),
    # Split bf16 needs N and K multiples of the tensor row alignment (8): odd M, N and K off
    # the 128 / 32 tiles.
    mm("split_bf16_2049x1032x1544", F32, 2049, 1032, 1544, "split-bf16"),
    mm("split_bf16_1001x1288x4104", F32, 1001, 1288, 4104, "split-bf16"),
    mm("split_bf16_4097x264x1032", F32, 4097, 264, 1032, "split-bf16"),
    mm("split_k_f16_100x4096x4096", LINEAR, 100, 4096, 4096, "split-k"),
    # Grids of few tiles split at a short K (a batch-1 transformer's linear layers): 24 tiles
    # in 4 slices of 192, 24 in 8 of 384, odd rows over 12 tiles.
    mm("split_k_few_128x768x768", LINEAR, 128, 768, 768, "split-k"),
    mm("split_k_few_128x768x3072", LINEAR, 128, 768, 3072, "split-k"),
    mm("split_k_few_49x768x3072", LINEAR, 49, 768, 3072, "split-k"),
    mm("wgm_linear_127x4104x4104", LINEAR, 127, 4104, 4104, "workgroup-matrix"),
    mm("gemv_f16_5x4097x4099", LINEAR, 5, 4097, 4099, "gemv"),
    mm("gemv_f16_16x4096x4096", LINEAR, 16, 4096, 4096, "gemv"),
    # Attention: ViT-B/16 b32 (384 heads of 197 x 197 x 64), Swin-T's windows (49 keys, head
    # dim 32), BERT's 128, one block of queries short, keys not a multiple of the chunk (64) nor
    # of a fragment (16), one query, the most keys whose 16 rows fit 48 KiB at head dim 64.
    attention("attention_vit_b32", 384, 197, 197, 64),
    attention("attention_swin_49x32", 96, 49, 49, 32),
    attention("attention_bert_128", 24, 128, 128, 64),
    attention("attention_33x77x16", 5, 33, 77, 16),
    attention("attention_1x200x128", 3, 1, 200, 128),
    attention("attention_300x384x64", 2, 300, 384, 64),
]


def log(*args):
    print(*args, file=sys.stderr, flush=True)


def render(template, params):
    text = open(os.path.join(KERNELS, template)).read()
    for k, v in params.items():
        text = text.replace(f"@{k}@", str(v))
    left = sorted(set(re.findall(r"@[A-Z][A-Z0-9]*@", text)))
    if left:
        raise ValueError(f"{template}: unset parameters {left}")
    return text


def signature(text):
    """[(shape, numpy dtype)] of @main's arguments and of its result."""
    head = re.search(r"func\.func @main\((.*?)\) -> (tensor<[^>]*>)", text)
    def parse(t):
        dims = t[len("tensor<"):-1].split("x")
        return [int(d) for d in dims[:-1]], {"f32": np.float32, "f16": np.float16}[dims[-1]]
    args = re.findall(r"tensor<[^>]*>", head.group(1))
    return [parse(a) for a in args], parse(head.group(2))


def first_error(text):
    lines = [l.strip() for l in text.splitlines() if l.strip()]
    for l in lines:
        if l.startswith(("error", "internal error")) or "panicked" in l:
            return l[:160]
    return (lines[-1] if lines else "no output")[:160]


def plans(kiln, model, target, flags):
    """(the strategies of the contraction plans, None) or (None, the compile error)."""
    cmd = [kiln, "-q", "compile", model, "--target", target, "-o", os.devnull,
           "--print-ir-after", "kernel-config"] + flags
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    if p.returncode != 0:
        return None, first_error(p.stderr + p.stdout)
    # (The tensor-core attention kernel is `attention ... matrix=MxNxK ...`.)
    found = [w + ("-matrix" if w == "attention" and "matrix=" in rest else "")
             for w, rest in re.findall(r"^plan @\S+ (\S+)(.*)$", p.stdout + p.stderr, re.M)]
    return found, None


def reference(case, inputs):
    """The float64 result of the case on `inputs`."""
    if torch is not None and torch.cuda.is_available():
        t = [torch.from_numpy(x.astype(np.float64)).cuda() for x in inputs]
        r = reference_ops(case, t, lambda a, b: a @ b, torch.zeros_like, lambda x: torch.clamp(x, min=0))
        return r.cpu().numpy()
    t = [x.astype(np.float64) for x in inputs]
    return reference_ops(case, t, lambda a, b: a @ b, np.zeros_like, lambda x: np.maximum(x, 0))


def reference_ops(case, t, matmul, zeros_like, relu):
    if case["kind"] == "attention":
        q, k, v, bias = t
        s = matmul(q, k.swapaxes(-1, -2)) * 0.125 + bias
        if isinstance(s, np.ndarray):
            e = np.exp(s - s.max(-1, keepdims=True))
            p = e / e.sum(-1, keepdims=True)
        else:
            p = torch.softmax(s, dim=-1)
        return matmul(p, v)
    if case["kind"] == "matmul":
        r = matmul(t[0], t[1])
        if case["template"] == LINEAR:
            r = relu(r + t[2])
        return r
    x, w = t
    p = case["params"]
    n, h, wd, c = p["N"], p["H"], p["W"], p["C"]
    if torch is not None and isinstance(x, torch.Tensor):
        padded = torch.nn.functional.pad(x, (0, 0, 1, 1, 1, 1))
    else:
        padded = np.pad(x, ((0, 0), (1, 1), (1, 1), (0, 0)))
    out = None
    for dh in range(3):
        for dw in range(3):
            window = padded[:, dh:dh + h, dw:dw + wd, :].reshape(n * h * wd, c)
            term = matmul(window, w[dh, dw])
            out = term if out is None else out + term
    return out.reshape(n, h, wd, -1)


def depth(case):
    """The products each output element sums: K, or a 3x3 conv's 9 C."""
    params = case["params"]
    return params["K"] if "K" in params else 9 * params["C"]


def tolerance(case, dtype):
    """(rtol, atol as a fraction of the rms) for the case's output. f16 products summed into
    f32 on the tensor cores, whose adds do not round to nearest (the H200's f32 sums of K =
    4096 f16 products lie up to 3.4e-5 of the rms from float64): sqrt(K) * 2^-17 of the rms
    (4.9e-4 at K = 4096), 60 times under the error of an f16 sum (sqrt(K) * 2^-11) and far
    under a dropped or repeated K slice."""
    rtol, atol_rms = TOLERANCE[dtype]
    if case["template"] == F16_OUT:
        atol_rms = max(atol_rms, np.sqrt(depth(case)) * 2.0 ** -11)
    elif case["template"] in (F16, LINEAR, CONV_F16) and dtype == "float32":
        atol_rms = max(atol_rms, np.sqrt(depth(case)) * 2.0 ** -17)
    return rtol, atol_rms


def compare(got, want, tol):
    d = got.astype(np.float64)
    finite = np.isfinite(want)
    rms = float(np.sqrt(np.mean(want[finite] ** 2))) if finite.any() else 0.0
    err = np.abs(d - want)
    special = int((~np.isfinite(d) & finite).sum() + (np.isfinite(d) & ~finite).sum())
    rtol, atol_rms = tol
    allowance = atol_rms * rms + rtol * np.abs(want)
    ratio = np.where(err == 0, 0.0, err / np.maximum(allowance, 1e-300))
    ratio = np.where(np.isfinite(d) & finite, ratio, np.inf)
    worst = np.unravel_index(int(np.argmax(ratio)), ratio.shape)
    l2 = float(np.sqrt(np.sum(np.where(finite, err, 0) ** 2) / max(np.sum(want[finite] ** 2), 1e-300)))
    return dict(
        max_err_rms=float(np.nanmax(np.where(finite, err, 0))) / max(rms, 1e-300),
        rel_l2=l2,
        ratio=float(ratio[worst]),
        worst=f"{tuple(int(i) for i in worst)}: {float(d[worst]):.6g} vs {float(want[worst]):.6g}",
        outside=int((ratio > 1).sum()),
        special=special,
        ok=bool((ratio <= 1).all()) and special == 0,
    )


def run_case(kiln, case, args, work):
    row = dict(family=case["family"], name=case["name"],
               shape="x".join(f"{k}{v}" for k, v in case["params"].items() if k not in ("HP", "WP")),
               flags=" ".join(case["flags"]) or "-", plan="-", dtype="-", verdict="", note="")
    text = render(case["template"], case["params"])
    model = os.path.join(work, case["name"] + ".mlir")
    with open(model, "w") as f:
        f.write(text)
    (arg_types, (out_shape, out_dtype)) = signature(text)
    row["dtype"] = np.dtype(out_dtype).name
    found, error = plans(kiln, model, args.target, case["flags"])
    if error:
        row["verdict"], row["note"] = "refused", error
        return row
    row["plan"] = ",".join(sorted(set(found)))
    expected = PLAN[case["family"]]
    if expected not in found:
        row["verdict"] = "other plan"
        row["note"] = f"the target plans {row['plan']}, not {expected}"
        if not args.run_other_plans:
            return row
    if args.target != "auto":
        row["verdict"] = row["verdict"] or "compiled"
        row["note"] = row["note"] or f"compile only (--target {args.target})"
        return row
    rng = np.random.default_rng(zlib.crc32(case["name"].encode()))
    inputs, files = [], []
    for k, (shape, dt) in enumerate(arg_types):
        x = rng.uniform(-1.0, 1.0, shape).astype(dt)
        path = os.path.join(work, f"{case['name']}.input_{k}.npy")
        np.save(path, x)
        inputs.append(x)
        files += ["--input", path]
    out_dir = os.path.join(work, case["name"] + ".out")
    cmd = [kiln, "-q", "run", model, "--output-dir", out_dir] + files + case["flags"]
    started = time.monotonic()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=args.case_timeout)
    except subprocess.TimeoutExpired:
        row["verdict"], row["note"] = "timeout", f"kiln run over {args.case_timeout} s"
        return row
    seconds = time.monotonic() - started
    if p.returncode != 0:
        row["verdict"] = "refused" if p.returncode == 1 else "CRASH"
        row["note"] = f"exit {p.returncode}: {first_error(p.stderr)}"
        return row
    got = np.load(os.path.join(out_dir, "output_0.npy"))
    want = reference(case, inputs)
    if got.shape != want.shape:
        row["verdict"], row["note"] = "FAIL", f"shape {got.shape}, expected {want.shape}"
        return row
    tol = tolerance(case, row["dtype"])
    c = compare(got, want, tol)
    row.update(c)
    row["note"] = (row["note"] + "; " if row["note"] else "") + f"tolerance {tol[1]:.1e} * rms + {tol[0]:.0e} * |r|"
    row["verdict"] = ("ok" if c["ok"] else "FAIL") + (" (other plan)" if row["verdict"] else "")
    row["note"] = (row["note"] + "; " if row["note"] else "") + f"kiln run {seconds:.1f} s"
    for path in files[1::2]:
        os.remove(path)
    return row


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kiln", default=os.environ.get("KILN", ".gpu-bench/gpu/kiln"))
    ap.add_argument("--target", default="auto",
                    help="auto: run on the device; a preset (nvidia-h200): compile only")
    ap.add_argument("--only", help="cases whose name or family matches this regex")
    ap.add_argument("--quick", action="store_true", help="leave out the 8192 cases")
    ap.add_argument("--deadline", type=float, default=float(os.environ.get("DEADLINE_S", "480")),
                    help="no case starts after this many seconds (default 480)")
    ap.add_argument("--case-timeout", type=float, default=150)
    ap.add_argument("--out", default=os.environ.get("OUT", "/tmp/kiln-gpu-check"))
    ap.add_argument("--run-other-plans", action="store_true",
                    help="also run cases whose plan is not their family's (lavapipe: checks the "
                         "script; big cases take minutes there)")
    args = ap.parse_args()
    if not (os.path.isfile(args.kiln) and os.access(args.kiln, os.X_OK)):
        sys.exit(f"check.py: no kiln binary at {args.kiln} (KILN=... or --kiln)")
    os.makedirs(args.out, exist_ok=True)
    cases = [c for c in CASES if not (args.quick and c["big"])]
    if args.only:
        cases = [c for c in cases if re.search(args.only, c["name"]) or re.search(args.only, c["family"])]
    started = time.monotonic()
    rows = []
    with tempfile.TemporaryDirectory(prefix="kiln-gpu-check-") as work:
        for case in cases:
            if time.monotonic() - started > args.deadline:
                rows.append(dict(family=case["family"], name=case["name"], shape="-", flags="-",
                                 plan="-", dtype="-", verdict="not run",
                                 note=f"past the {args.deadline:.0f} s deadline"))
                continue
            log(f"== {case['name']}")
            try:
                row = run_case(args.kiln, case, args, work)
            except Exception as e:  # a script bug: a cell of the table, not the end of the run
                row = dict(family=case["family"], name=case["name"], shape="-", flags="-",
                           plan="-", dtype="-", verdict="CRASH", note=f"check.py: {type(e).__name__}: {e}")
            log(f"   {row['verdict']} {row.get('note', '')}")
            rows.append(row)
    ref = "torch float64 (CUDA)" if torch is not None and torch.cuda.is_available() else "numpy float64"
    lines = [
        f"kiln GPU kernel check: target {args.target}, reference {ref}, {time.monotonic() - started:.0f} s",
        "",
        "| family | case | shape | flags | plan | out | max err / rms | rel L2 | worst (index: kiln vs f64) | ratio | verdict | note |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        fmt = lambda k, f: (f.format(r[k]) if k in r else "-")
        lines.append(
            f"| {r['family']} | {r['name']} | {r['shape']} | {r['flags']} | {r['plan']} | {r['dtype']} | "
            f"{fmt('max_err_rms', '{:.2e}')} | {fmt('rel_l2', '{:.2e}')} | {r.get('worst', '-')} | "
            f"{fmt('ratio', '{:.3f}')} | {r['verdict']} | {r['note'].replace('|', '/')} |"
        )
    counts = {}
    for r in rows:
        counts[r["verdict"]] = counts.get(r["verdict"], 0) + 1
    lines += ["", "verdicts: " + ", ".join(f"{v} {n}" for v, n in sorted(counts.items()))]
    text = "\n".join(lines) + "\n"
    print(text)
    with open(os.path.join(args.out, "check.md"), "w") as f:
        f.write(text)
    failed = [r for r in rows if r["verdict"].startswith(("FAIL", "CRASH", "timeout"))]
    ran_on_device = args.target == "auto"
    if failed:
        return 1
    if ran_on_device and not any(r["verdict"] == "ok" for r in rows):
        log("check.py: no GPU-only kernel ran on this device (refused or planned otherwise: no "
            "cooperative matrices?): nothing of what this script is for was checked")
        return 3
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Builds issue 8's table from one run's logs: kiln.log (`kiln bench` per case), iree.log
(iree-benchmark-module per case) and torch.json (torch_ref.py) in OUT_DIR, and optionally the
compile times measured on the development machine by build.sh.

    python3 table.py OUT_DIR [compile_times_here.txt]

kiln's time is the GPU time of the whole run from timestamp queries (median); IREE's is the real
time per call with each dispatch repeated R times in one command buffer (--batch_size=R), so its
host submit/wait cost is spread over R dispatches; torch's is CUDA-event time per call (median).
"""
import json
import os
import re
import sys

# name -> (label, work, unit, goal) where work is FLOP (unit TFLOP/s) or bytes (unit TB/s).
def work(name):
    m = re.match(r"mm_(f32|f16|f16acc)_(\d+)", name)
    if m:
        s = int(m.group(2))
        label = {"f32": "matmul f32", "f16": "matmul f16 in, f32 acc", "f16acc": "matmul f16 in, f16 acc"}[m.group(1)]
        goal = {"f32": ">= 50", "f16": ">= 360", "f16acc": ""}[m.group(1)]
        return f"{label} {s}^3", 2.0 * s**3, "TFLOP/s", goal
    m = re.match(r"linear_f16_m(\d+)_(\d+)", name)
    if m:
        rows, s = int(m.group(1)), int(m.group(2))
        return (f"linear f16 in, f32 acc + bias + relu, {rows} rows x {s}^2", 2.0 * rows * s * s,
                "TFLOP/s", "")
    m = re.match(r"linear_f16_(\d+)", name)
    if m:
        s = int(m.group(1))
        return f"linear f16 in, f32 acc + bias + relu {s}^3", 2.0 * s**3, "TFLOP/s", ""
    m = re.match(r"conv_(\d+)x56", name)
    if m:
        n = int(m.group(1))
        return (f"conv 3x3 {n}x56x56x64->64 pad 1 f32", 2.0 * n * 56 * 56 * 64 * 9 * 64, "TFLOP/s",
                ">= 5.8" if n == 1 else ">= 26")
    if name == "ew_2048":
        return "bias+add+relu*mul 2048^2 f32", 4.0 * (4 * 2048 * 2048 + 2048), "TB/s", ">= 3.8"
    if name == "rowsum_4096":
        return "row sum 4096^2 f32", 4.0 * (4096 * 4096 + 4096), "TB/s", ">= 3.8"
    if name == "softmax_1024":
        return "softmax rows 1024^2 f32", 8.0 * 1024 * 1024, "TB/s", ">= 2.5"
    return None


def blocks(path):
    """Splits a log into {case: text} at lines `=== case ...`."""
    out, name = {}, None
    if not os.path.exists(path):
        return out
    for line in open(path, errors="replace"):
        if line.startswith("=== "):
            name = line.split()[1]
            out[name] = ""
        elif name:
            out[name] += line
    return out


def kiln_times(text):
    m = re.search(r"GPU total ([\d.]+) us, wall ([\d.]+) us, host overhead ([\d.]+) us", text)
    c = re.search(r"compile: ([\d.]+) ms", text)
    if not m:
        err = [l for l in text.splitlines() if "rror" in l or "FAILED" in l]
        return {"error": (err[0] if err else "no result")[:90]}
    return {"gpu_us": float(m.group(1)), "wall_us": float(m.group(2)),
            "overhead_us": float(m.group(3)), "compile_ms": float(c.group(1)) if c else None}


def iree_us(text):
    m = re.search(r"real_time_median\s+([\d.]+) (ns|us|ms|s)\b", text)
    if not m:
        err = [l for l in text.splitlines() if "rror" in l or "FAILED" in l or "INTERNAL" in l]
        return {"error": (err[0] if err else "no result")[:90]}
    scale = {"ns": 1e-3, "us": 1.0, "ms": 1e3, "s": 1e6}[m.group(2)]
    return {"us": float(m.group(1)) * scale}


def rate(w, us):
    return w / (us * 1e-6) / 1e12


def fmt(x, digits=2):
    return "-" if x is None else f"{x:.{digits}f}"


def main():
    out_dir = sys.argv[1]
    kiln = {k: kiln_times(v) for k, v in blocks(os.path.join(out_dir, "kiln.log")).items()}
    iree = {k: iree_us(v) for k, v in blocks(os.path.join(out_dir, "iree.log")).items()}
    check = {}
    for k, v in blocks(os.path.join(out_dir, "check.log")).items():
        ok = "check output" in v and "FAILED" not in v and "rror" not in v
        check[k] = "ok" if ok else "FAIL"
        if not ok:
            bad = [l for l in v.splitlines() if l.strip()]
            check[k + "_why"] = (bad[-1] if bad else "no output")[:120]
    torch = {}
    tpath = os.path.join(out_dir, "torch.json")
    if os.path.exists(tpath):
        try:
            torch = json.load(open(tpath))
        except json.JSONDecodeError:
            pass
    here = {}
    if len(sys.argv) > 2 and os.path.exists(sys.argv[2]):
        for line in open(sys.argv[2]):
            p = line.split()
            if len(p) == 3 and not line.startswith("#"):
                here[p[0]] = (float(p[1]), float(p[2]))
    names = list(dict.fromkeys(list(kiln) + list(iree) + [k for k in torch if work(k)]))
    print(f"device: {torch.get('device', '?')}, torch {torch.get('torch', '?')}")
    print("| kernel | unit | kiln | torch (cuBLAS/cuDNN) | IREE Vulkan | kiln/torch | kiln/IREE | goal | kiln GPU us | check |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    notes = []
    for name in names:
        wk = work(name)
        if not wk:
            continue
        label, w, unit, goal = wk
        k, i, t = kiln.get(name, {}), iree.get(name, {}), torch.get(name, {})
        kr = rate(w, k["gpu_us"]) if "gpu_us" in k else None
        ir = rate(w, i["us"]) if "us" in i else None
        tr = rate(w, t["us"]) if "us" in t else None
        for who, d in (("kiln", k), ("IREE", i), ("torch", t)):
            if "error" in d:
                notes.append(f"{name}: {who}: {d['error']}")
        print(f"| {label} | {unit} | {fmt(kr)} | {fmt(tr)} | {fmt(ir)} | "
              f"{fmt(kr / tr if kr and tr else None)} | {fmt(kr / ir if kr and ir else None)} | "
              f"{goal} | {fmt(k.get('gpu_us'), 1)} | {check.get(name, '-')} |")
        if check.get(name) == "FAIL":
            notes.append(f"{name}: kiln run --check: {check[name + '_why']}")
    tiny_k, tiny_i = kiln.get("add_tiny", {}), iree.get("add_tiny", {})
    print(f"| host overhead, 1-dispatch run (wall - GPU) | us | {fmt(tiny_k.get('overhead_us'), 1)} | | "
          f"{fmt(tiny_i.get('us'), 1)} (whole call) | | | <= 50 | |")
    ck = [v["compile_ms"] for v in kiln.values() if v.get("compile_ms") is not None]
    if ck:
        print(f"| kiln compile per kernel, on this machine (parse + compile) | ms | "
              f"{min(ck):.1f} - {max(ck):.1f} | | | | | <= 20 | |")
    if here:
        ki = [v[1] * 1e3 for v in here.values()]
        ii = [v[0] * 1e3 for v in here.values()]
        print(f"| compile per kernel on the dev machine (process wall time) | ms | "
              f"{min(ki):.0f} - {max(ki):.0f} | | {min(ii):.0f} - {max(ii):.0f} | | | | |")
    for n in notes:
        print(f"note: {n}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""The table of `benches/gpu/native.sh`: per case, kiln's GPU total for each precision against
PyTorch's kernel sums (f32 TF32 off, TF32, f16, torch.compile f16), the ratios the issue's goals
name, output errors against torch f32; then each case's slowest reduced-precision dispatches.

usage: native_table.py OUT CASE...    (OUT/CASE.P.json from `kiln bench --json`, OUT/torch.jsonl)
"""
import json
import os
import sys


def load(path):
    try:
        return json.load(open(path))
    except (OSError, ValueError):
        return None


def ms(us):
    return f"{us / 1000:.2f}" if us else "-"


def ratio(a, b):
    return f"{a / b:.2f}x" if a and b else "-"


def main():
    out, cases = sys.argv[1], sys.argv[2:]
    precisions = os.environ.get("PRECISIONS", "f32 f16").split()
    torch = {}
    if os.path.exists(f"{out}/torch.jsonl"):
        for line in open(f"{out}/torch.jsonl"):
            r = json.loads(line)
            torch[r["model"]] = r
    reduced = [p for p in precisions if p != "f32"]
    head = "| case | " + " | ".join(f"kiln {p}" for p in precisions)
    head += " | torch f32 | torch TF32 | torch f16 | torch.compile f16"
    head += "".join(f" | kiln {p} / torch f16" for p in reduced)
    head += "".join(f" | kiln {p} / kiln f32" for p in reduced)
    head += " | kiln f32 / torch f32 | kiln f32 / TF32 | rel L2 vs torch f32: " + ", ".join(
        ["torch f16"] + [f"kiln {p}" for p in precisions]) + " |"
    print(head)
    print("|" + "---|" * (head.count("|") - 1))
    for c in cases:
        t = torch.get(c, {})
        gpu = {}
        for p in precisions:
            j = load(f"{out}/{c}.{p}.json")
            gpu[p] = j["gpu_total_us"] if j else None
        row = f"| {c} | " + " | ".join(ms(gpu[p]) for p in precisions)
        row += f" | {ms(t.get('torch_f32_us'))} | {ms(t.get('torch_tf32_us'))}"
        row += f" | {ms(t.get('torch_f16_us'))} | {ms(t.get('torch_compile_f16_us'))}"
        row += "".join(f" | {ratio(gpu[p], t.get('torch_f16_us'))}" for p in reduced)
        row += "".join(f" | {ratio(gpu[p], gpu.get('f32'))}" for p in reduced)
        row += f" | {ratio(gpu.get('f32'), t.get('torch_f32_us'))}"
        row += f" | {ratio(gpu.get('f32'), t.get('torch_tf32_us'))} | "
        errs = [t.get("rel_l2_torch_f16")] + [t.get(f"rel_l2_kiln_{p}") for p in precisions]
        row += ", ".join(f"{e:.1e}" if e is not None else "-" for e in errs)
        if "torch_error" in t:
            row += f" ({t['torch_error'][:80]})"
        print(row + " |")
    top = int(os.environ.get("TOP", "12"))
    for c in cases:
        for p in reduced:
            j = load(f"{out}/{c}.{p}.json")
            if not j or not j.get("gpu_total_us"):
                continue
            total = j["gpu_total_us"]
            ds = [d for d in j["dispatches"] if d.get("gpu_us")]
            ds.sort(key=lambda d: -d["gpu_us"])
            print(f"\n{c} {p}: {len(j['dispatches'])} dispatches, {total / 1000:.3f} ms; slowest:")
            for d in ds[:top]:
                us = d["gpu_us"]
                tf = (d.get("flops") or 0) / us / 1e6
                gbs = (d.get("bytes") or 0) / us / 1e3
                src = (d.get("sources") or ["?"])[0]
                print(f"  {d['name']:<44} {us:9.1f} us {100 * us / total:5.1f}% "
                      f"{tf:7.1f} TFLOP/s {gbs:7.0f} GB/s  {src}")
            # Dispatch kinds (the name's suffix after dispatch_N_) by total time.
            kinds = {}
            for d in ds:
                kind = d["name"].split("_", 2)[-1] if d["name"].count("_") >= 2 else d["name"]
                k = kinds.setdefault(kind, [0, 0.0])
                k[0] += 1
                k[1] += d["gpu_us"]
            print("  by kind: " + ", ".join(
                f"{k} {n}x {us / 1000:.2f} ms" for k, (n, us) in
                sorted(kinds.items(), key=lambda kv: -kv[1][1])[:8]))


if __name__ == "__main__":
    main()

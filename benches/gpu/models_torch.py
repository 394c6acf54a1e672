#!/usr/bin/env python3
"""PyTorch's side of `benches/gpu/models.sh`: each ONNX model through onnx2torch on the GPU, f32
with TF32 off (and, in a second column, allowed); prints one JSON line per model with the sum
of CUDA kernel times per forward from the profiler (cuDNN / cuBLAS time without launch gaps),
the eager wall time per forward, and the max relative difference of its output against kiln's
(`OUT_DIR/NAME.kiln_0.npy`, written by `kiln run --output-dir`), and the rel L2 of kiln's
output compiled with `--precision P` for each P of `$REDUCED` (`NAME.kiln_P_0.npy`) against
torch's f32 output.

usage: models_torch.py DIR NAME...     (DIR/NAME.onnx, DIR/NAME.input_0.npy)
"""
import json
import os
import sys
import time

import numpy as np
import onnx
import torch


def kernel_us(module, x, iters=20):
    with torch.no_grad():
        for _ in range(5):
            module(x)
        torch.cuda.synchronize()
        with torch.profiler.profile(activities=[torch.profiler.ProfilerActivity.CUDA]) as prof:
            for _ in range(iters):
                module(x)
            torch.cuda.synchronize()
    total = sum(e.self_device_time_total for e in prof.key_averages())
    return total / iters


def wall_us(module, x, iters=20):
    with torch.no_grad():
        for _ in range(5):
            module(x)
        torch.cuda.synchronize()
        start = time.perf_counter()
        for _ in range(iters):
            module(x)
        torch.cuda.synchronize()
    return (time.perf_counter() - start) / iters * 1e6


def main():
    from onnx2torch import convert

    d, names = sys.argv[1], sys.argv[2:]
    for name in names:
        row = {"model": name}
        try:
            module = convert(onnx.load(os.path.join(d, f"{name}.onnx"))).cuda().eval()
            x = torch.from_numpy(np.load(os.path.join(d, f"{name}.input_0.npy"))).cuda()
            torch.backends.cuda.matmul.allow_tf32 = False
            torch.backends.cudnn.allow_tf32 = False
            torch.backends.cudnn.benchmark = True
            with torch.no_grad():
                y = module(x)
            y = (y[0] if isinstance(y, (list, tuple)) else y).float().cpu().numpy()
            row["torch_kernel_us"] = kernel_us(module, x)
            row["torch_wall_us"] = wall_us(module, x)
            torch.backends.cuda.matmul.allow_tf32 = True
            torch.backends.cudnn.allow_tf32 = True
            row["torch_tf32_kernel_us"] = kernel_us(module, x)
            kiln_out = os.path.join(d, f"{name}.kiln_0.npy")
            if os.path.exists(kiln_out):
                k = np.load(kiln_out).astype(np.float64)
                row["rel_l2_vs_kiln"] = float(
                    np.linalg.norm(k - y) / max(np.linalg.norm(y), 1e-30)
                )
            # kiln's outputs at reduced precision (models.sh REDUCED) against torch's f32.
            for p in os.environ.get("REDUCED", "").split():
                reduced_out = os.path.join(d, f"{name}.kiln_{p}_0.npy")
                if os.path.exists(reduced_out):
                    k = np.load(reduced_out).astype(np.float64)
                    row[f"rel_l2_{p}_vs_torch"] = float(
                        np.linalg.norm(k - y) / max(np.linalg.norm(y), 1e-30)
                    )
        except Exception as e:  # a graph onnx2torch cannot convert is a row, not a crash
            row["torch_error"] = f"{type(e).__name__}: {e}"[:300]
        print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()

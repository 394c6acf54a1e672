"""Keeps the NVIDIA GPU at its boost clocks while Vulkan benchmarks run, without touching its
settings (no `nvidia-smi -lgc`).

Measured on the H200 machine (driver 580.159.04): a Vulkan-only workload leaves the SM clock at
345 MHz however busy the GPU is (a 4096^3 matmul ran 5.7x slower than at 1980 MHz), while the
clock goes to 1980 MHz as soon as a CUDA context does work. run.sh starts this before its kiln
and IREE measurements, so both run at the clocks cuBLAS / cuDNN get.

    python3 hold_clocks.py [--pulse-ms N] &   # until killed

With --pulse-ms N (default 20), a one-element CUDA kernel is launched every N ms (well under 0.1%
of the GPU's time); with 0, the CUDA context is only held open.
"""
import argparse
import time

import torch

parser = argparse.ArgumentParser()
parser.add_argument("--pulse-ms", type=float, default=20.0)
args = parser.parse_args()

x = torch.zeros(1, device="cuda")
torch.cuda.synchronize()
print("hold_clocks: CUDA context up", flush=True)
while True:
    if args.pulse_ms > 0:
        x.add_(1.0)
        torch.cuda.synchronize()
        time.sleep(args.pulse_ms / 1e3)
    else:
        time.sleep(1.0)

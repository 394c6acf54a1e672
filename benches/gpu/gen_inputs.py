"""Writes seeded random inputs (uniform in [-1, 1)) for a bench kernel's @main as .npy files and
prints the matching `--input=@file` flags for iree-benchmark-module.

    python3 gen_inputs.py kernel.mlir out_dir
"""
import os
import re
import sys

import numpy as np


def main():
    mlir, out_dir = sys.argv[1], sys.argv[2]
    text = open(mlir).read()
    sig = re.search(r"func\.func @main\(([^)]*)\)", text)
    if not sig:
        sys.exit(f"{mlir}: no func.func @main(...)")
    os.makedirs(out_dir, exist_ok=True)
    rng = np.random.default_rng(8)
    flags = []
    for i, m in enumerate(re.finditer(r"tensor<([0-9x]+)x(f32|f16)>", sig.group(1))):
        shape = [int(d) for d in m.group(1).split("x")]
        dtype = np.float32 if m.group(2) == "f32" else np.float16
        path = os.path.join(out_dir, f"in{i}.npy")
        np.save(path, rng.uniform(-1.0, 1.0, size=shape).astype(dtype))
        flags.append(f"--input=@{path}")
    print(" ".join(flags))


if __name__ == "__main__":
    main()

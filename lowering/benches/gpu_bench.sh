#!/usr/bin/env bash
# Runs the lowering benchmark models with `kiln bench` on the machine's best Vulkan device and
# prints the per-dispatch table of each. On the GPU machine, from the project root:
#   source .gpu/lowering/env.sh; lowering/benches/gpu_bench.sh .gpu/lowering/kiln
# Models: lowering/benches/models/*.mlir (fused elementwise 2048^2, row sum 4096^2, softmax
# 1024^2, a 64 Mi-element scale as the bandwidth reference, a 2048^3 f32 matmul).
set -u
kiln=${1:?usage: gpu_bench.sh path/to/kiln [iterations]}
iterations=${2:-50}
here=$(cd "$(dirname "$0")" && pwd)
for model in "$here"/models/*.mlir; do
  echo "== $(basename "$model")"
  "$kiln" bench "$model" --target auto --iterations "$iterations" 2>&1 | grep -v '^note:'
done

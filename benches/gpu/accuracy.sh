#!/usr/bin/env bash
# f32 accuracy of kiln's f32 matmul and conv on the NVIDIA GPU machine (issue 22, "f32 accuracy
# kept honest"): kiln (the bf16x3 tensor-core path where it runs) against torch f32 with TF32 off
# (cuBLAS / cuDNN) and a float64 reference (torch float64 on the GPU), on four input
# distributions (uniform [0,1), normal, wide exponents, cancelling). Prints a table of rel L2 and
# max |err| / max |ref| per case, distribution and kiln variant, and the dispatches each variant
# ran (`kiln bench --iterations 3`). Finishes in under 3 minutes (DEADLINE_S: no run starts
# after it; a skipped or failed case is a cell of the table). Details: benches/gpu/accuracy.py.
#
# Prepare on the development machine (project root), as for models.sh:
#   benches/gpu/models.sh prepare [path/to/release/kiln]
# and, to compare two kilns side by side, copy the other binary into the carry:
#   cp path/to/old/release/kiln .gpu-bench/gpu/kiln-old
# then call the device tool with carry [".gpu-bench"] and command
#   KILNS="new=.gpu-bench/gpu/kiln old=.gpu-bench/gpu/kiln-old" benches/gpu/accuracy.sh
# Environment: KILNS ("LABEL=PATH ...", default "kiln=.gpu-bench/gpu/kiln"), FLUSH (the split
# bf16 flush steps to also run with the first kiln through `--heuristic
# split_bf16_flush_steps=F`; default "1 2 4", "" for none) on FLUSH_CASES ("matmul"), CASES
# ("matmul matmul_const conv conv_const": `_const`, the second operand an ONNX initializer that
# kiln splits on the host; same data as its twin), DISTS
# ("uniform normal wide cancel"), MATMUL (M = N = K, default 4096), CONV (N,C,H,W,F, default
# 32,64,56,56,64), SIZE=small (lavapipe-sized: matmul 256, conv 2x16x14x14 -> 16), DEADLINE_S
# (default 160). Results go to $OUT (default /tmp/kiln-gpu-accuracy): accuracy.md, accuracy.jsonl,
# logs/ (every kiln command and its output).
#
# On the development machine (lavapipe, numpy references, kiln on its SIMT path):
#   SIZE=small KILNS="dev=$CARGO_TARGET_DIR/debug/kiln" benches/gpu/accuracy.sh
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
out=${OUT:-/tmp/kiln-gpu-accuracy}
work=${WORK:-/tmp/kiln-gpu-accuracy-work}
mkdir -p "$out"
rm -rf "$work" && mkdir -p "$work"
# shellcheck disable=SC1091
command -v nvidia-smi > /dev/null && [ -f .gpu-bench/gpu/env.sh ] && source .gpu-bench/gpu/env.sh
export PYTHONUNBUFFERED=1 DEADLINE_S=${DEADLINE_S:-160}
# The `_const` cases write ONNX models: onnx from the models.sh carry where python lacks it.
if ! python3 -c "import onnx" 2> /dev/null && ls .gpu-bench/models-whl/*.whl > /dev/null 2>&1; then
  python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/models-py \
    .gpu-bench/models-whl/*.whl 2>&1 | tail -2
  export PYTHONPATH=/tmp/models-py${PYTHONPATH:+:$PYTHONPATH}
fi

echo "== device"
if command -v nvidia-smi > /dev/null; then
  nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv 2>&1
fi
date -u +%FT%TZ
for spec in ${KILNS:-kiln=${KILN:-.gpu-bench/gpu/kiln}}; do
  path=${spec#*=}
  if [ -x "$path" ]; then
    echo "${spec%%=*}: $path ($(sha256sum "$path" | cut -c1-12))"
  else
    echo "${spec%%=*}: $path is not an executable: its cells will say so"
  fi
done

echo "== accuracy"
python3 benches/gpu/accuracy.py "$work" "$out" 2> "$out/accuracy.log"
status=$?
tail -5 "$out/accuracy.log"
rm -rf "$work"
exit $status

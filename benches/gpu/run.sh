#!/usr/bin/env bash
# Issue 8's table in one run on the NVIDIA GPU machine: kiln (`kiln bench`, GPU time from
# timestamp queries), cuBLAS / cuDNN / torch through PyTorch (CUDA events), and IREE's Vulkan
# runtime (`iree-benchmark-module --device=vulkan` on .vmfb files compiled by build.sh on the
# development machine). Prints the table with ratios last; logs go to $OUT (or /tmp/kiln-gpu-bench).
#
# Prepare on the development machine (project root): benches/gpu/build.sh target/release/kiln
# Run on the GPU machine (project root), with .gpu-bench carried:
#   benches/gpu/run.sh            # everything
#   benches/gpu/run.sh smoke      # does Vulkan see the GPU through kiln and IREE, is torch there
#   benches/gpu/run.sh CASE...    # only these cases (names from cases.sh)
# Parts can be left out with SKIP_KILN=1, SKIP_TORCH=1, SKIP_IREE=1.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
out=${OUT:-/tmp/kiln-gpu-bench}
mkdir -p "$out"
# The NVIDIA headless ICD and the carried loader; elsewhere (a dry run on lavapipe) the default.
# shellcheck disable=SC1091
command -v nvidia-smi > /dev/null && source .gpu-bench/gpu/env.sh
source benches/gpu/cases.sh
kiln=.gpu-bench/gpu/kiln
export PYTHONUNBUFFERED=1

echo "== device"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu,power.draw --format=csv 2>&1
date -u +%FT%TZ
"$kiln" devices 2>&1 | tee "$out/devices.txt"

# IREE's runtime from the carried wheel (CPython 3.12, abi3).
iree_bench=""
if [ -z "${SKIP_IREE:-}" ]; then
  if python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade \
      --target /tmp/iree-rt .gpu-bench/whl/iree_base_runtime-*.whl 2>&1; then
    iree_bench=$(ls /tmp/iree-rt/iree/_runtime_libs/iree-benchmark-module 2>/dev/null || true)
  fi
  [ -n "$iree_bench" ] || echo "IREE runtime wheel did not install: no IREE column"
fi

# Seeded random inputs for IREE, as .npy files read off each case's signature.
gen_inputs() { python3 benches/gpu/gen_inputs.py "$@"; }

selected=()
mode=all
if [ "${1:-}" = smoke ]; then
  mode=smoke
  selected=(add_tiny mm_f32_4096)
elif [ $# -gt 0 ]; then
  selected=("$@")
fi
want() { [ ${#selected[@]} -eq 0 ] && return 0; local s; for s in "${selected[@]}"; do [ "$s" = "$1" ] && return 0; done; return 1; }

# A Vulkan-only workload leaves the H200 at 345 MHz; an open CUDA context brings it to its boost
# clock (see hold_clocks.py). Held for the whole run, so kiln, IREE and torch see the same clocks.
clock_holder=""
if command -v nvidia-smi > /dev/null && [ -z "${SKIP_HOLD_CLOCKS:-}" ]; then
  python3 benches/gpu/hold_clocks.py --pulse-ms 0 &
  clock_holder=$!
  trap '[ -n "$clock_holder" ] && kill "$clock_holder" 2>/dev/null' EXIT
  sleep 8
  nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv,noheader | sed 's/^/clocks with the CUDA context held: /'
fi

if [ -z "${SKIP_TORCH:-}" ]; then
  echo "== torch"
  python3 benches/gpu/torch_ref.py ${selected[@]+"${selected[@]}"} > "$out/torch.json" || echo "torch_ref.py failed"
  cat "$out/torch.json"
fi

kiln_log=$out/kiln.log iree_log=$out/iree.log
: > "$kiln_log"; : > "$iree_log"; : > "$out/check.log"
for line in "${CASES[@]}"; do
  IFS="|" read -r name template params repeat iters <<<"$line"
  name=${name// /} template=${template// /} repeat=${repeat// /} iters=${iters// /}
  want "$name" || continue
  [ "$mode" = smoke ] && iters=$(( iters < 5 ? iters : 5 ))
  if [ -z "${SKIP_KILN:-}" ]; then
    echo "== kiln $name"
    { echo "=== $name"; timeout 150 "$kiln" bench ".gpu-bench/mlir/$name.mlir" --iterations "$iters" 2>&1 \
        || echo "FAILED: kiln bench exited with $?"; } | tee -a "$kiln_log"
  fi
  if [ -z "${SKIP_KILN:-}" ] && [ -z "${SKIP_CHECK:-}" ] && [ "$mode" != smoke ]; then
    # The device's result against the reference interpreter (f64): matmuls at 1500x1288x600
    # (the same pipelines and tilings: over 2^30 multiply-adds, K >= 512; edges in M and N, a
    # K remainder; seconds of interpreter time), the other cases at full size (per element:
    # integers exact, f32 within 5e-6 of the rms + 1e-5 relative, f16 1e-2 + 1e-2:
    # `Tolerance` in src/tensor.rs; benches/gpu/check.sh checks these kernels at full size).
    check_model=".gpu-bench/mlir/$name.mlir"
    case $name in
      linear_f16_m*) ;;  # a few rows: checked at full size (the few-rows / small-tile kernels)
      mm_*|linear_*) check_model=/tmp/check-$name.mlir
        benches/kernels/render.sh "benches/kernels/$template" M=1500 N=1288 K=600 > "$check_model" ;;
    esac
    if [ -n "$check_model" ]; then
      { echo "=== $name $check_model"; timeout 120 "$kiln" run "$check_model" --check 2>&1 | grep -v "^note\|^output" \
          || echo "FAILED: kiln run --check exited with $?"; } | tee -a "$out/check.log"
    fi
  fi
  if [ -n "$iree_bench" ] && [ -f ".gpu-bench/vmfb/$name.vmfb" ]; then
    echo "== iree $name (dispatch repeat $repeat)"
    inputs=$(gen_inputs ".gpu-bench/mlir/$name.mlir" "/tmp/iree-inputs/$name")
    { echo "=== $name repeat=$repeat"
      # shellcheck disable=SC2086
      timeout 150 "$iree_bench" --device=vulkan --module=".gpu-bench/vmfb/$name.vmfb" --function=main \
        $inputs --batch_size="$repeat" --benchmark_repetitions=3 --benchmark_min_time=0.3s --benchmark_min_warmup_time=0.1 \
        --benchmark_report_aggregates_only=true 2>&1 || echo "FAILED: iree-benchmark-module exited with $?"
    } | tee -a "$iree_log"
    rm -rf "/tmp/iree-inputs/$name"
  fi
done


nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv,noheader 2>/dev/null | sed 's/^/clocks at the end: /'
echo "== table"
python3 benches/gpu/table.py "$out" .gpu-bench/compile_times_here.txt | tee "$out/table.md"

#!/usr/bin/env bash
# Numbers of every GPU-only kernel family (workgroup-matrix and cooperative-matrix f16 matmuls
# and convs, the split bf16x3 f32 matmul, the split-K / few-rows f16 linear layers) at the
# benchmark's shapes (cases.sh) and at awkward ones (odd sizes, K not a multiple of the tile),
# each against a float64 reference, printed as a table (benches/gpu/check.py says what each
# column means). Run it in every session that changes those kernels and record the table in
# benches/RESULTS.md. One run: about 2-4 minutes on the H200 (DEADLINE_S, default 480: no case
# starts after it; the table marks what did not run).
#
# Prepare on the development machine (project root), as for run.sh / models.sh:
#   benches/gpu/build.sh target/release/kiln      (or benches/gpu/models.sh prepare)
# then call the device tool with carry [".gpu-bench"] and command `benches/gpu/check.sh`.
# On the GPU machine it needs python3 + numpy (torch, where present, computes the float64
# references on the GPU); no Rust.
#
#   benches/gpu/check.sh                       # every case on the device
#   benches/gpu/check.sh --quick               # without the 8192^3 cases
#   benches/gpu/check.sh --only split-bf16     # cases / families matching a regex
#   benches/gpu/check.sh --target nvidia-h200  # compile only (anywhere): the plans each case gets
# On lavapipe (the development machine) the cooperative-matrix cases are refused and the others
# plan other kernels: the table says so for each, and the exit status is 3 (nothing checked);
#   KILN=$CARGO_TARGET_DIR/release/kiln benches/gpu/check.sh --only 257x129 --run-other-plans
# runs a few small cases through whatever this device plans, to check the script itself.
# Exit status: 0 all checked cases within kiln's --check tolerance, 1 a failure, 3 no GPU-only
# kernel ran. Results: $OUT (default /tmp/kiln-gpu-check)/check.md.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
# shellcheck disable=SC1091
command -v nvidia-smi > /dev/null && [ -f .gpu-bench/gpu/env.sh ] && source .gpu-bench/gpu/env.sh
export PYTHONUNBUFFERED=1
kiln=${KILN:-.gpu-bench/gpu/kiln}
echo "== device"
if command -v nvidia-smi > /dev/null; then
  nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv 2>&1
fi
date -u +%FT%TZ
[ -x "$kiln" ] && "$kiln" devices 2>&1 | head -3
# A Vulkan-only workload leaves the H200 at idle clocks: hold them as run.sh does (only the
# kernels' speed depends on it, not their numbers; it keeps the run short).
clock_holder=""
if command -v nvidia-smi > /dev/null && [ -z "${SKIP_HOLD_CLOCKS:-}" ] && python3 -c "import torch" 2> /dev/null; then
  python3 benches/gpu/hold_clocks.py --pulse-ms 0 &
  clock_holder=$!
  trap '[ -n "$clock_holder" ] && kill "$clock_holder" 2>/dev/null' EXIT
  sleep 5
fi
python3 benches/gpu/check.py --kiln "$kiln" "$@"

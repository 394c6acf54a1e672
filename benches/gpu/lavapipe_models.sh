#!/usr/bin/env bash
# Whole networks on lavapipe (the development machine's Vulkan device), kiln next to IREE, in one
# run: issue 22's CPU-device goal, kiln at or under IREE's lavapipe latency / 10, batch 1, f32.
#
# The networks are those of benches/gpu/models.sh (the onnx package's `light` architectures with
# seeded random weights, benches/gpu/models_prep.py), written to $OUT/models unless already there.
# Per network:
# - kiln: `kiln run` (its output; the first run also fills lavapipe's shader cache), then
#   `kiln bench --iterations $KILN_ITERATIONS` (GPU total from timestamp queries and wall time per
#   call, medians after the warm-up; each dispatch's time is in $OUT/NAME.kiln.txt), and the bench
#   again after IREE's runs (the table takes the slower of the two).
# - IREE: `iree-import-onnx --opset-version 17` (the light files are opset 9, whose MaxPool
#   torch-mlir does not convert: the onnx version converter upgrades them first), `iree-compile
#   --iree-hal-target-device=vulkan` for each target of $IREE_TARGETS (of lavapipe.sh's two,
#   the default is vp_android_baseline_2022, see below), `iree-run-module --device=vulkan` once
#   (its output; on a cold shader cache that call also holds lavapipe's compile of IREE's
#   pipelines), then `iree-benchmark-module --device=vulkan` with $IREE_REPETITIONS repetitions
#   of one call each (--benchmark_min_time=1x; one call of a large network takes minutes; by
#   default 5 where iree-run-module's call took under 30 s, else 1).
# - outputs: kiln's against IREE's and both against onnxruntime's (CPU, same input), rel L2. An
#   IREE output over 1e-4 from onnxruntime's is marked wrong in the table (some were, on this
#   machine's lavapipe with IREE 3.13, while the same imported MLIR compiled for IREE's llvm-cpu
#   matched onnxruntime: benches/RESULTS.md).
# Prints a markdown table last; logs go to $OUT (default /tmp/kiln-lavapipe-models).
#
# From the project root (release build of kiln; python with onnx + onnxruntime in .venv):
#   benches/gpu/lavapipe_models.sh [path/to/release/kiln] [NAME...]
# (NAME as models_prep.py takes it; default: squeezenet shufflenet inception_v2 densenet121 resnet50)
# IREE_TARGETS="vp_android_baseline_2022 ada" measures both targets (a table row each). The
# default is vp_android_baseline_2022 alone: on this machine (2026-11-26) `ada` took 10x its
# time per call on DenseNet-121 (76.5 s against 8.0 s) and gave wrong outputs on 4 of the 5
# networks, and one call of ResNet-50 with `ada` takes 7 minutes.
# The target `llvm-cpu` (IREE_TARGETS="vp_android_baseline_2022 llvm-cpu") adds IREE's own CPU
# backend (--iree-hal-local-target-device-backends=llvm-cpu, --device=local-task) as a reference
# row: not lavapipe, so not the goal's reference.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
kiln=${1:-${CARGO_TARGET_DIR:-target}/release/kiln}
shift || true
names=${*:-squeezenet shufflenet inception_v2 densenet121 resnet50}
iree_bin=${IREE_BIN:-/work/iree-venv/bin}
python=${PYTHON:-.venv/bin/python}
out=${OUT:-/tmp/kiln-lavapipe-models}
models=$out/models
targets=${IREE_TARGETS:-vp_android_baseline_2022}
kiln_iterations=${KILN_ITERATIONS:-10}
# IREE's repetitions: $IREE_REPETITIONS, else 5 where the first call took under 30 s, else 1.
iree_repetitions=${IREE_REPETITIONS:-}
[ -x "$kiln" ] || { echo "lavapipe_models.sh: no kiln binary at $kiln" >&2; exit 1; }
mkdir -p "$models"

# TABLE_ONLY=1 prints the table again from the logs of an earlier run (same OUT and NAMEs).
if [ -z "${TABLE_ONLY:-}" ]; then
echo "== machine"
date -u +%FT%TZ
uptime
nproc
"$kiln" devices 2>&1 | head -3
"$iree_bin/iree-compile" --version 2>&1 | head -1

echo "== networks ($names)"
for name in $names; do
  [ -f "$models/${name}_b1.onnx" ] ||
    "$python" benches/gpu/models_prep.py "$models" 1 "$name" 2>&1 | grep -v "^$" | grep -v onnxruntime | tail -2
done

seconds_since() { echo "$(date +%s.%N) - $1" | bc; }

for name in $names; do
  model=$models/${name}_b1.onnx
  input=$models/${name}_b1.input_0.npy
  [ -f "$model" ] || { echo "$name: no model"; continue; }
  echo "== $name: kiln ($(date -u +%T), load $(cut -d' ' -f1-3 /proc/loadavg))"
  rm -rf "$out/$name.kiln_out"
  start=$(date +%s.%N)
  timeout 1800 "$kiln" run "$model" --input "$input" --output-dir "$out/$name.kiln_out" \
    > "$out/$name.kiln_run.txt" 2>&1 || echo "$name: kiln run failed: $(tail -3 "$out/$name.kiln_run.txt")"
  echo "kiln run (first, compiles the pipelines): $(seconds_since "$start") s"
  timeout 1800 "$kiln" bench "$model" --input "$input" --iterations "$kiln_iterations" \
    > "$out/$name.kiln.txt" 2>&1 || echo "$name: kiln bench failed: $(tail -3 "$out/$name.kiln.txt")"
  grep -E "^compile|median over" "$out/$name.kiln.txt"
  echo "kiln's slowest dispatches (GPU us, GFLOP/s, GB/s):"
  grep '^dispatch_' "$out/$name.kiln.txt" | sort -k2 -g -r | head -5

  echo "== $name: IREE ($(date -u +%T), load $(cut -d' ' -f1-3 /proc/loadavg))"
  if ! "$iree_bin/iree-import-onnx" --opset-version 17 "$model" -o "$out/$name.mlir" \
    > "$out/$name.import.txt" 2>&1; then
    echo "$name: iree-import-onnx failed: $(grep -m3 -i error "$out/$name.import.txt")"
    continue
  fi
  function=$(grep -m1 -oE 'func\.func @[A-Za-z0-9_.$-]+' "$out/$name.mlir" | cut -d@ -f2)
  for target in $targets; do
    vmfb=$out/$name.$target.vmfb
    start=$(date +%s.%N)
    if [ "$target" = llvm-cpu ]; then
      device=local-task
      flags=(--iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu
        --iree-llvmcpu-target-cpu=host)
    else
      device=vulkan
      flags=(--iree-hal-target-device=vulkan --iree-vulkan-target="$target")
    fi
    if ! "$iree_bin/iree-compile" "${flags[@]}" "$out/$name.mlir" -o "$vmfb" \
      > "$out/$name.$target.compile.txt" 2>&1; then
      echo "$name ($target): iree-compile failed: $(grep -m3 'error:' "$out/$name.$target.compile.txt")"
      continue
    fi
    echo "iree-compile ($target): $(seconds_since "$start") s"
    rm -f "$out/$name.$target.iree_0.npy"
    start=$(date +%s.%N)
    timeout 3600 "$iree_bin/iree-run-module" --device="$device" --module="$vmfb" --function="$function" \
      --input=@"$input" --output=@"$out/$name.$target.iree_0.npy" > "$out/$name.$target.run.txt" 2>&1 ||
      echo "$name ($target): iree-run-module failed: $(tail -3 "$out/$name.$target.run.txt")"
    first_call=$(seconds_since "$start")
    echo "iree-run-module ($target, one call; the first compiles the pipelines where the shader cache is cold): $first_call s"
    repetitions=${iree_repetitions:-$( (( $(echo "$first_call < 30" | bc) )) && echo 5 || echo 1)}
    { echo "=== $name.$target repetitions=$repetitions"
      timeout 3600 "$iree_bin/iree-benchmark-module" --device="$device" --module="$vmfb" \
        --function="$function" --input=@"$input" --benchmark_min_time=1x \
        --benchmark_repetitions="$repetitions" 2>&1; } > "$out/$name.$target.bench.txt"
    grep -E "^BM_" "$out/$name.$target.bench.txt"
  done
  # kiln again after IREE's minutes: the load of a shared machine moves in between, and the
  # table takes kiln's slower median of the two.
  timeout 1800 "$kiln" bench "$model" --input "$input" --iterations "$kiln_iterations" \
    > "$out/$name.kiln_after.txt" 2>&1 || echo "$name: kiln bench failed: $(tail -3 "$out/$name.kiln_after.txt")"
  echo "kiln after IREE ($(date -u +%T), load $(cut -d' ' -f1-3 /proc/loadavg)): $(grep "median over" "$out/$name.kiln_after.txt")"
done

echo "== end"
date -u +%FT%TZ
uptime
fi
echo "== table (batch 1, f32; kiln bench medians, the slower of its two runs; IREE per call, iree-benchmark-module)"
IREE_TARGETS="$targets" "$python" - "$out" "$models" $names <<'PY'
import os, re, sys
import numpy as np
out, models, names = sys.argv[1], sys.argv[2], sys.argv[3:]
targets = os.environ["IREE_TARGETS"].split()
unit = {"ns": 1e-6, "us": 1e-3, "ms": 1.0, "s": 1e3}

def read(path):
    try:
        return open(path).read()
    except OSError:
        return ""

def iree_ms(text):
    """The median over repetitions where there are several, else the mean of the calls."""
    rows = re.findall(r"^BM_\S*?/real_time(_median|_mean|_stddev|_cv)?\s+([\d.]+) (ns|us|ms|s)\b",
                      text, re.M)
    median = [float(v) * unit[u] for kind, v, u in rows if kind == "_median"]
    plain = [float(v) * unit[u] for kind, v, u in rows if kind == ""]
    return median[0] if median else (sum(plain) / len(plain) if plain else None)

def load(path):
    try:
        return np.load(path).astype(np.float64).ravel()
    except (OSError, ValueError):
        return None

def rel_l2(a, b):
    if a is None or b is None or a.size != b.size:
        return "-"
    error = np.linalg.norm(a - b) / np.linalg.norm(b)
    return f"{error:.1e}" if np.isfinite(error) else "nan"

def ort_output(name):
    try:
        import onnxruntime as ort
        ort.set_default_logger_severity(3)
        sess = ort.InferenceSession(f"{models}/{name}_b1.onnx", providers=["CPUExecutionProvider"])
        x = np.load(f"{models}/{name}_b1.input_0.npy")
        return sess.run(None, {sess.get_inputs()[0].name: x})[0].astype(np.float64).ravel()
    except Exception as error:  # the table still prints without the reference
        print(f"{name}: onnxruntime failed: {error}", file=sys.stderr)
        return None

fmt = lambda ms: f"{ms:.1f}" if ms is not None else "-"
# IREE's output counts as right when within this rel L2 of onnxruntime's (kiln's are within 1e-6):
# a wrong output makes its time no latency to compare with.
RIGHT = 1e-4
print("| network | kiln GPU ms | kiln wall ms | dispatches | IREE target | IREE ms per call | "
      "IREE / kiln wall | goal: kiln wall <= IREE / 10 | rel L2 kiln vs ort | IREE vs ort | "
      "kiln vs IREE |")
print("|---|---|---|---|---|---|---|---|---|---|---|")
for name in names:
    text = read(f"{out}/{name}.kiln.txt")
    samples = [re.search(r"GPU total ([\d.]+) us, wall ([\d.]+) us", read(f"{out}/{name}.{log}.txt"))
               for log in ("kiln", "kiln_after")]
    samples = [(float(m.group(1)) / 1e3, float(m.group(2)) / 1e3) for m in samples if m]
    gpu, wall = max(samples, key=lambda s: s[1]) if samples else (None, None)
    dispatches = len(re.findall(r"^dispatch_", text, re.M))
    kiln_out = load(f"{out}/{name}.kiln_out/output_0.npy")
    ort_out = ort_output(name)
    for target in targets:
        iree = iree_ms(read(f"{out}/{name}.{target}.bench.txt"))
        iree_out = load(f"{out}/{name}.{target}.iree_0.npy")
        iree_error = rel_l2(iree_out, ort_out)
        right = iree_error != "-" and float(iree_error) <= RIGHT
        ratio = f"{iree / wall:.{0 if iree >= 100 * wall else 1}f}x" if iree and wall else "-"
        goal = ("met" if wall * 10 <= iree else "not met") if iree and wall else "-"
        if target == "llvm-cpu":
            goal = "- (not lavapipe)"
        if goal != "-" and not right:
            goal += " (IREE's output wrong)"
        print(f"| {name} | {fmt(gpu)} | {fmt(wall)} | {dispatches} | {target} | {fmt(iree)} | "
              f"{ratio} | {goal} | {rel_l2(kiln_out, ort_out)} | {iree_error} | "
              f"{rel_l2(kiln_out, iree_out)} |")
PY

#!/usr/bin/env bash
# A/B of kiln builds on whole networks (issue 22), one device call: generates the networks of
# NETS (benches/gpu/models_prep.py, batches 1 and 32), holds the clocks, then runs PLAN, a
# shell snippet of calls to
#   bench LABEL KILN_BINARY CASE [kiln bench options...]   (GPU total, dispatches, load time)
#   runout LABEL KILN_BINARY CASE [kiln run options...]     (the output, for comparison)
# and compares every `runout` output against the one labelled `old` of the same case (rel L2).
# Logs: $OUT/cl1.tgz. Prepare .gpu-bench as for models.sh (`benches/gpu/models.sh prepare`),
# copy the builds to compare into .gpu-bench/gpu/, then call the device tool with carry
# [".gpu-bench"] and e.g.
#   NETS=resnet50 PLAN='bench old .gpu-bench/gpu/kiln resnet50_b32; bench new .gpu-bench/gpu/kiln-new resnet50_b32' benches/gpu/ab.sh
set -uo pipefail
out=/tmp/cl1; mkdir -p "$out"
models=/tmp/kiln-gpu-models-onnx
source .gpu-bench/gpu/env.sh
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/models-py .gpu-bench/models-whl/*.whl 2>&1 | tail -2
PYTHONPATH=/tmp/models-py python3 benches/gpu/models_prep.py "$models" ${BATCHES:-1,32} ${NETS:-resnet50} 2>&1 | grep -v "^$" | tail -3
python3 benches/gpu/hold_clocks.py --pulse-ms 0 & holder=$!; trap 'kill $holder' EXIT; sleep 2
old=.gpu-bench/gpu/kiln; new=.gpu-bench/gpu/kiln-cl
bench() { # label bin case extra...
  local label=$1 bin=$2 c=$3; shift 3
  [ $SECONDS -gt ${BUDGET:-540} ] && { echo "$c $label skipped (time)"; return; }
  timeout 200 $bin bench "$models/$c.onnx" --input "$models/$c.input_0.npy" --iterations 20 "$@" > "$out/$c.$label.txt" 2>&1
  echo "$c $label: $(grep -oE 'GPU total [0-9.]+ us' "$out/$c.$label.txt" | tail -1) $(grep -c '^dispatch_' "$out/$c.$label.txt") disp, $(grep -oE 'compile\+load[^,]*' "$out/$c.$label.txt" | head -1) [t=$SECONDS]"
}
runout() { # label bin case
  local label=$1 bin=$2 c=$3; shift 3
  [ $SECONDS -gt ${BUDGET:-540} ] && return
  rm -rf "$out/$c.$label.run"; timeout 200 $bin run "$models/$c.onnx" --input "$models/$c.input_0.npy" --output-dir "$out/$c.$label.run" "$@" > "$out/$c.$label.run.txt" 2>&1
}
eval "${PLAN:?}"
python3 - "$out" <<'PY'
import glob, os, sys, numpy as np
out = sys.argv[1]
for d in sorted(glob.glob(f"{out}/*.run")):
    base = d.rsplit(".", 2)[0]
    ref = f"{base}.old.run/output_0.npy"
    if d.endswith(".old.run") or not os.path.exists(ref): continue
    a, b = np.load(f"{d}/output_0.npy").astype(np.float64), np.load(ref).astype(np.float64)
    print(os.path.basename(d), "vs old: rel L2", np.linalg.norm(a - b) / np.linalg.norm(b), "nan", np.isnan(a).sum())
PY
mkdir -p $OUT && tar czf $OUT/cl1.tgz -C /tmp cl1

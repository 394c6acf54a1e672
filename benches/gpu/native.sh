#!/usr/bin/env bash
# Native PyTorch models against kiln (issue 39), on the NVIDIA GPU machine: torchvision /
# transformers modules built from their constructors / configs (random weights, BatchNorm
# calibrated), exported by `torch.onnx.export` with a dynamic batch as users export them
# (benches/gpu/native_models.py), compiled by `kiln compile --target auto --dim batch=B
# --precision P` for each P of $PRECISIONS (default "f32 f16"), and timed by `kiln bench` (GPU
# total, timestamp queries) after one warm-up run per artifact (the driver's shader compile,
# done for all artifacts in parallel first; its wall time is reported apart). PyTorch in the
# same call: the native module (not onnx2torch), sum of CUDA kernel times per forward from the
# profiler, cudnn.benchmark, f32 with TF32 off, TF32, f16 (`model.half()`, channels_last for
# convnets) and, with COMPILE=1, torch.compile f16. Prints a table, then the slowest f16
# dispatches of each case; logs and `kiln bench --json` files go to $OUT.
#
# Prepare (development machine, project root): cargo build --release, then
#   ../shared/gpu/prepare-carry.sh target/release/kiln
# and call the device tool with carry [".gpu"] and command
#   `benches/gpu/native.sh resnet50 vit_b_16 ...` (BATCHES=1,32 by default).
# KILN_FLAGS adds `kiln compile` flags (e.g. `--heuristic NAME=VALUE` for an experiment);
# TORCH=0 times kiln alone (the exports stay in /tmp/kiln-native-models between calls).
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
names=${*:-resnet50 regnet_y_800mf vit_b_16 bert_base}
batches=${BATCHES:-1,32}
precisions=${PRECISIONS:-f32 f16}
out=${OUT:-/tmp/kiln-native}
work=/tmp/kiln-native-models
mkdir -p "$out" "$work"
# shellcheck disable=SC1091
source .gpu/env.sh
kiln=${KILN:-.gpu/kiln}
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm --format=csv,noheader
date -u +%FT%TZ

echo "== export ($names)"
todo=""
for n in $names; do [ -f "$work/$n.onnx" ] || todo="$todo $n"; done
# shellcheck disable=SC2086
[ -z "$todo" ] || BATCHES=$batches python3 benches/gpu/native_models.py export "$work" $todo 2>&1 \
  | grep -v -i "warn" | tail -20
if [ -n "${STRIP:-}" ]; then
  # shellcheck disable=SC2086
  python3 benches/gpu/native_models.py strip "$work" "$work/stripped" $names \
    && tar -C "$work" -czf "$out/stripped.tgz" stripped
fi

cases=()
for n in $names; do for b in ${batches//,/ }; do cases+=("${n}_b$b"); done; done

echo "== kiln compile + warm-up (parallel)"
t0=$(date +%s)
jobs=()
for c in "${cases[@]}"; do
  n=${c%_b*}; b=${c##*_b}
  for p in $precisions; do
    jobs+=("$c $n $b $p")
  done
done
printf '%s\n' "${jobs[@]}" | xargs -P "${JOBS:-6}" -L 1 bash -c '
  c=$0 n=$1 b=$2 p=$3
  inputs=""
  for f in '"$work"'/${c}.input_*.npy; do inputs="$inputs --input $f"; done
  s=$(date +%s%N)
  '"$kiln"' compile '"$work"'/$n.onnx -o '"$work"'/$c.$p.kiln --target auto --dim batch=$b \
    --precision $p '"${KILN_FLAGS:-}"' > '"$out"'/$c.$p.compile.txt 2>&1 || { echo "$c $p: compile failed"; exit 0; }
  m=$(date +%s%N)
  rm -rf '"$work"'/$c.$p.run
  timeout 600 '"$kiln"' run '"$work"'/$c.$p.kiln $inputs --output-dir '"$work"'/$c.$p.run \
    > '"$out"'/$c.$p.run.txt 2>&1 && cp '"$work"'/$c.$p.run/output_0.npy '"$work"'/$c.kiln_${p}_0.npy
  e=$(date +%s%N)
  echo "$c $p: compile $(( (m - s) / 1000000 )) ms, first run $(( (e - m) / 1000000 )) ms"
'
echo "compile + warm-up: $(( $(date +%s) - t0 )) s"

clock_holder=""
python3 benches/gpu/hold_clocks.py --pulse-ms 0 > /dev/null &
clock_holder=$!
trap '[ -n "$clock_holder" ] && kill "$clock_holder" 2>/dev/null' EXIT
sleep 2
nvidia-smi --query-gpu=clocks.sm --format=csv,noheader | sed 's/^/clocks held: /'

echo "== kiln bench"
for c in "${cases[@]}"; do
  for p in $precisions; do
    [ -f "$work/$c.$p.kiln" ] || continue
    inputs=()
    for f in "$work"/"$c".input_*.npy; do inputs+=(--input "$f"); done
    timeout 300 "$kiln" bench "$work/$c.$p.kiln" "${inputs[@]}" --iterations 20 \
      --json "$out/$c.$p.json" > "$out/$c.$p.bench.txt" 2>&1
    echo "$c $p: $(grep -E 'GPU total' "$out/$c.$p.bench.txt" | tail -1)"
  done
done

if [ "${TORCH:-1}" = 0 ]; then
  kill "$clock_holder" 2>/dev/null
  exit 0
fi
echo "== torch"
python3 benches/gpu/native_models.py torch "$work" "${cases[@]}" 2>/dev/null | tee "$out/torch.jsonl"
kill "$clock_holder" 2>/dev/null
clock_holder=""

echo "== table (ms; kiln GPU total, torch = sum of CUDA kernel times per forward)"
PRECISIONS=$precisions python3 benches/gpu/native_table.py "$out" "${cases[@]}" | tee "$out/table.md"

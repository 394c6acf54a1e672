#!/usr/bin/env bash
# Whole networks on the NVIDIA GPU machine (issue 22): kiln against PyTorch (cuDNN / cuBLAS
# through onnx2torch) on the same ONNX graphs and weights, f32, batch 1 and batch 32.
#
# The networks are the onnx package's `light` architectures with seeded random weights
# (benches/gpu/models_prep.py, tests/models/light_models.py), and the networks of
# benches/gpu/model_zoo.py (onnx.helper graphs, seeded weights: `mobilenetv2`, `bert_base`,
# `vit_b16`), generated on the GPU machine (their weights would not fit the carry). Per network and batch: kiln's `bench` GPU total and wall time
# (timestamp queries, median of 20), kiln's output (`kiln run`) against torch's (rel L2), torch's
# sum of CUDA kernel times per forward (profiler; TF32 off, and allowed in a second column) and
# its eager wall time. Prints a table, then per-layer tables (benches/gpu/layers.py: each group
# of ONNX nodes, kiln's dispatches against torch's kernels); logs go to $OUT (default
# /tmp/kiln-gpu-models), with the full per-layer table of each case in $OUT/CASE.layers.md.
# Each network and batch also runs compiled with `--precision P` for each P of REDUCED (default
# `f16`; `REDUCED="f16 bf16"` adds the bf16 emulation, `REDUCED=` none): kiln's GPU time and
# the output's rel L2 against torch's f32 output (docs/lowering.md, "Reduced precision").
#
# Prepare on the development machine (project root):
#   benches/gpu/models.sh prepare [path/to/release/kiln]
# then call the device tool with carry [".gpu-bench"] and command `benches/gpu/models.sh`
# (optionally: `benches/gpu/models.sh NAME...`, with BATCHES=1,32 to change the batches). All
# eight default networks may not fit one 10-minute device command (BERT-base and ViT-B/16 weigh
# 340 MB each and every `kiln bench` / `kiln run` compiles its model): run them in groups, e.g.
# `benches/gpu/models.sh mobilenetv2 bert_base vit_b16`.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
names_default="resnet50 densenet121 inception_v2 squeezenet shufflenet mobilenetv2 bert_base vit_b16"

if [ "${1:-}" = prepare ]; then
  set -e
  kiln_bin=${2:-${CARGO_TARGET_DIR:-target}/release/kiln}
  [ -x "$kiln_bin" ] || { echo "models.sh: no kiln binary at $kiln_bin" >&2; exit 1; }
  exclude=$(git rev-parse --git-path info/exclude)
  mkdir -p "$(dirname "$exclude")"
  grep -qxF '/.gpu-bench/' "$exclude" 2>/dev/null || echo '/.gpu-bench/' >> "$exclude"
  mkdir -p .gpu-bench/models-whl
  # onnx (with its light models), onnx2torch and what they need, for the machine's CPython 3.12.
  python3 -m pip download -q --only-binary=:all: --python-version 3.12 --implementation cp \
    --platform manylinux_2_28_x86_64 --platform manylinux_2_17_x86_64 --platform manylinux2014_x86_64 \
    -d .gpu-bench/models-whl onnx==1.23.2 protobuf ml_dtypes onnx2torch==1.5.15 --no-deps
  ../shared/gpu/prepare-carry.sh
  rm -rf .gpu-bench/gpu && mkdir -p .gpu-bench/gpu
  cp -r .gpu/env.sh .gpu/lib .gpu-bench/gpu/
  cp "$kiln_bin" .gpu-bench/gpu/kiln
  du -sh .gpu-bench
  exit 0
fi

out=${OUT:-/tmp/kiln-gpu-models}
mkdir -p "$out"
models=/tmp/kiln-gpu-models-onnx
batches=${BATCHES:-1,32}
reduced=${REDUCED-f16}
names=${*:-$names_default}
# shellcheck disable=SC1091
command -v nvidia-smi > /dev/null && source .gpu-bench/gpu/env.sh
kiln=${KILN:-.gpu-bench/gpu/kiln}
export PYTHONUNBUFFERED=1

echo "== device"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv 2>&1
date -u +%FT%TZ
python3 -m pip install -q --no-index --no-deps --no-compile --target /tmp/models-py \
  .gpu-bench/models-whl/*.whl 2>&1 | tail -2
export PYTHONPATH=/tmp/models-py${PYTHONPATH:+:$PYTHONPATH}

echo "== networks ($names; batches $batches)"
# shellcheck disable=SC2086
python3 benches/gpu/models_prep.py "$models" "$batches" $names 2>&1 | grep -v "^$" | tail -20

clock_holder=""
if command -v nvidia-smi > /dev/null; then
  python3 benches/gpu/hold_clocks.py --pulse-ms 0 &
  clock_holder=$!
  trap '[ -n "$clock_holder" ] && kill "$clock_holder" 2>/dev/null' EXIT
  sleep 2
  nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv,noheader | sed 's/^/clocks held: /'
fi

cases=()
for name in $names; do
  for b in ${batches//,/ }; do cases+=("${name}_b$b"); done
done
echo "== kiln"
for c in "${cases[@]}"; do
  [ -f "$models/$c.onnx" ] || { echo "$c: no model" | tee "$out/$c.kiln.txt"; continue; }
  timeout 600 "$kiln" bench "$models/$c.onnx" --input "$models/$c.input_0.npy" \
    --json "$out/$c.kiln.json" > "$out/$c.kiln.txt" 2>&1
  rm -rf "$out/$c.run" && timeout 600 "$kiln" run "$models/$c.onnx" \
    --input "$models/$c.input_0.npy" --output-dir "$out/$c.run" > "$out/$c.run.txt" 2>&1 \
    && cp "$out/$c.run/output_0.npy" "$models/$c.kiln_0.npy"
  echo "$c: $(grep -E 'GPU total' "$out/$c.kiln.txt" | tail -1) ($(grep -c '^dispatch_' "$out/$c.kiln.txt") dispatches)"
  for p in $reduced; do
    rm -f "$models/$c.kiln_${p}_0.npy"
    timeout 600 "$kiln" bench "$models/$c.onnx" --input "$models/$c.input_0.npy" --precision "$p" \
      > "$out/$c.kiln_$p.txt" 2>&1
    rm -rf "$out/$c.run_$p" && timeout 600 "$kiln" run "$models/$c.onnx" --precision "$p" \
      --input "$models/$c.input_0.npy" --output-dir "$out/$c.run_$p" > "$out/$c.run_$p.txt" 2>&1 \
      && cp "$out/$c.run_$p/output_0.npy" "$models/$c.kiln_${p}_0.npy"
    echo "$c --precision $p: $(grep -E 'GPU total' "$out/$c.kiln_$p.txt" | tail -1) ($(grep -c '^dispatch_' "$out/$c.kiln_$p.txt") dispatches)"
  done
done
echo "== torch"
LAYERS_DIR="$out" REDUCED="$reduced" python3 benches/gpu/models_torch.py "$models" "${cases[@]}" | tee "$out/torch.jsonl"

echo "== table (f32; kiln GPU total vs the sum of torch's CUDA kernel times, TF32 off)"
REDUCED="$reduced" python3 - "$out" "${cases[@]}" <<'PY'
import json, os, re, sys
out, cases = sys.argv[1], sys.argv[2:]
reduced = os.environ.get("REDUCED", "").split()
torch = {}
for line in open(f"{out}/torch.jsonl"):
    r = json.loads(line)
    torch[r["model"]] = r
def gpu_wall(path):
    try:
        text = open(path).read()
    except OSError:
        return None, None, ""
    m = re.search(r"GPU total ([0-9.]+) us, wall ([0-9.]+) us", text)
    return (float(m.group(1)), float(m.group(2)), text) if m else (None, None, text)
fmt = lambda x: f"{x / 1000:.2f} ms" if x else "-"
extra = "".join(f" kiln {p} GPU | {p} / torch | rel L2 kiln {p} vs torch f32 |" for p in reduced)
print("| network | kiln GPU | kiln wall | dispatches | torch kernels | kiln / torch | torch TF32 | "
      "torch eager wall | rel L2 kiln vs torch |" + extra)
print("|---|---|---|---|---|---|---|---|---|" + "---|---|---|" * len(reduced))
for c in cases:
    gpu, wall, text = gpu_wall(f"{out}/{c}.kiln.txt")
    t = torch.get(c, {})
    kt = t.get("torch_kernel_us")
    ratio = f"{gpu / kt:.2f}x" if gpu and kt else "-"
    err = t.get("rel_l2_vs_kiln")
    note = t.get("torch_error", "")
    row = (f"| {c} | {fmt(gpu)} | {fmt(wall)} | "
           f"{len(re.findall(r'^dispatch_', text, re.M))} | {fmt(kt)} | {ratio} | "
           f"{fmt(t.get('torch_tf32_kernel_us'))} | {fmt(t.get('torch_wall_us'))} | "
           f"{f'{err:.1e}' if err is not None else note or '-'} |")
    for p in reduced:
        pgpu, _, _ = gpu_wall(f"{out}/{c}.kiln_{p}.txt")
        perr = t.get(f"rel_l2_{p}_vs_torch")
        row += (f" {fmt(pgpu)} | {f'{pgpu / kt:.2f}x' if pgpu and kt else '-'} | "
                f"{f'{perr:.1e}' if perr is not None else '-'} |")
    print(row)
PY
echo "== per layer (kiln dispatches vs torch's kernels of the same ONNX nodes; full tables in $out/CASE.layers.md)"
python3 benches/gpu/layers.py "$out" "${cases[@]}"
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv,noheader 2>/dev/null | sed 's/^/clocks at the end: /'

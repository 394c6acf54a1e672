#!/usr/bin/env bash
# kiln next to IREE on lavapipe (the development machine's Vulkan device), in one run, for the
# lavapipe cases of issue 8: matmul f32 512^3 and conv 3x3 1x28x28x32 -> 32 (pad 1, NHWC).
# From the project root:
#   benches/gpu/lavapipe.sh [path/to/release/kiln]
# IREE: iree-compile + iree-benchmark-module from IREE_BIN (default /work/iree-venv/bin; the pip
# packages iree-base-compiler and iree-base-runtime). Each kernel is compiled for two IREE Vulkan
# targets, `ada` and the portable `vp_android_baseline_2022`, and IREE's faster one is compared.
# IREE's time is per call with the dispatch repeated R times in one command buffer
# (--iree-hal-benchmark-dispatch-repeat-count=R, --batch_size=R); kiln's is timestamp GPU time.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
kiln=${1:-${CARGO_TARGET_DIR:-target}/release/kiln}
iree_bin=${IREE_BIN:-/work/iree-venv/bin}
dir=${OUT:-/tmp/kiln-lavapipe-bench}
mkdir -p "$dir"
R=5
cases=(
  "mm_f32_512   matmul_f32.mlir       M=512 N=512 K=512"
  "conv_1x28    conv3x3_nhwc_f32.mlir N=1 H=28 W=28 C=32 F=32 HP=30 WP=30"
)
: > "$dir/kiln.log"; : > "$dir/iree.log"
for line in "${cases[@]}"; do
  read -r name template params <<<"$line"
  # shellcheck disable=SC2086
  benches/kernels/render.sh "benches/kernels/$template" $params > "$dir/$name.mlir"
  { echo "=== $name"; "$kiln" bench "$dir/$name.mlir" --iterations 30 2>&1; } | tee -a "$dir/kiln.log"
  inputs=$(python3 benches/gpu/gen_inputs.py "$dir/$name.mlir" "$dir/inputs-$name")
  for target in ada vp_android_baseline_2022; do
    "$iree_bin/iree-compile" --iree-hal-target-device=vulkan --iree-vulkan-target=$target \
      --iree-hal-benchmark-dispatch-repeat-count=$R "$dir/$name.mlir" -o "$dir/$name.$target.vmfb"
    # shellcheck disable=SC2086
    { echo "=== $name.$target repeat=$R"
      "$iree_bin/iree-benchmark-module" --device=vulkan --module="$dir/$name.$target.vmfb" \
        --function=main $inputs --batch_size=$R --benchmark_repetitions=5 \
        --benchmark_min_warmup_time=0.5 --benchmark_report_aggregates_only=true 2>&1; } | tee -a "$dir/iree.log"
  done
done
python3 - "$dir" <<'EOF'
import re, sys, os
d = sys.argv[1]
def blocks(p):
    out, name = {}, None
    for line in open(p):
        if line.startswith("=== "):
            name = line.split()[1]; out[name] = ""
        elif name:
            out[name] += line
    return out
kiln, iree = blocks(os.path.join(d, "kiln.log")), blocks(os.path.join(d, "iree.log"))
flops = {"mm_f32_512": 2 * 512**3, "conv_1x28": 2 * 28 * 28 * 32 * 9 * 32}
unit = {"ns": 1e-3, "us": 1, "ms": 1e3, "s": 1e6}
print("| kernel | kiln GPU us | kiln GFLOP/s | IREE (ada) us | IREE (vp_android_baseline_2022) us | IREE best GFLOP/s | kiln / IREE best |")
print("|---|---|---|---|---|---|---|")
for name, f in flops.items():
    m = re.search(r"GPU total ([\d.]+) us", kiln.get(name, ""))
    k = float(m.group(1)) if m else None
    it = {}
    for t in ("ada", "vp_android_baseline_2022"):
        m = re.search(r"real_time_median\s+([\d.]+) (ns|us|ms|s)\b", iree.get(f"{name}.{t}", ""))
        it[t] = float(m.group(1)) * unit[m.group(2)] if m else None
    best = min((v for v in it.values() if v), default=None)
    g = lambda us: f"{f / us / 1e3:.2f}" if us else "-"
    s = lambda us: f"{us:.1f}" if us else "-"
    print(f"| {name} | {s(k)} | {g(k)} | {s(it['ada'])} | {s(it['vp_android_baseline_2022'])} | {g(best)} | "
          f"{best / k:.2f}x |" if k and best else f"| {name} | {s(k)} | {g(k)} | {s(it['ada'])} | {s(it['vp_android_baseline_2022'])} | {g(best)} | - |")
EOF

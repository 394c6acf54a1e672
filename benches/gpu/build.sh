#!/usr/bin/env bash
# Prepares a GPU run of benches/gpu/run.sh, on the development machine, from the project root:
#   benches/gpu/build.sh [path/to/release/kiln [more binaries to carry, e.g. bench executables]]
# - renders every case of cases.sh into .gpu-bench/mlir/NAME.mlir (git-ignored carry folder);
# - compiles each with iree-compile for Vulkan/Ada into .gpu-bench/vmfb/NAME.vmfb, with
#   --iree-hal-benchmark-dispatch-repeat-count=R (run.sh passes --batch_size=R to
#   iree-benchmark-module, so its times are per call and the host's submit/wait cost is spread
#   over R dispatches), and records the compile times of iree-compile and `kiln compile` here;
# - copies the iree-base-runtime wheel for CPython 3.12 into .gpu-bench/whl/;
# - fills .gpu/ (Vulkan loader, env.sh) with ../shared/gpu/prepare-carry.sh and copies those and
#   the kiln binary into .gpu-bench/gpu/ (.gpu/ may hold other engineers' files: carrying it too
#   can pass the 64 MiB limit).
# Then call the device tool with carry [".gpu-bench"] and command `benches/gpu/run.sh`.
#
# Environment: IREE_COMPILE (default /work/iree-venv/bin/iree-compile), IREE_VULKAN_TARGET
# (default ada), IREE_RUNTIME_WHEEL (default: download iree-base-runtime==3.13.0 for cp312).
set -euo pipefail
root=$(git rev-parse --show-toplevel)
cd "$root"
kiln_bin=${1:-${CARGO_TARGET_DIR:-target}/release/kiln}
iree_compile=${IREE_COMPILE:-/work/iree-venv/bin/iree-compile}
iree_target=${IREE_VULKAN_TARGET:-ada}
[ -x "$kiln_bin" ] || { echo "build.sh: no kiln binary at $kiln_bin (cargo build --release)" >&2; exit 1; }
[ -x "$iree_compile" ] || { echo "build.sh: no iree-compile at $iree_compile (pip install iree-base-compiler)" >&2; exit 1; }
grep -qxF '/.gpu-bench/' .git/info/exclude 2>/dev/null || echo '/.gpu-bench/' >> .git/info/exclude
mkdir -p .gpu-bench/mlir .gpu-bench/vmfb .gpu-bench/whl
source benches/gpu/cases.sh
times=.gpu-bench/compile_times_here.txt
echo "# compile times on $(hostname) ($(nproc) cores), $(date -u +%FT%TZ): case iree_s kiln_s" > "$times"
for line in "${CASES[@]}"; do
  IFS="|" read -r name template params repeat iters <<<"$line"
  name=${name// /} template=${template// /} repeat=${repeat// /} iters=${iters// /}
  # shellcheck disable=SC2086
  benches/kernels/render.sh "benches/kernels/$template" ${params//,/ } > ".gpu-bench/mlir/$name.mlir"
  t0=$(date +%s.%N)
  "$iree_compile" --iree-hal-target-device=vulkan --iree-vulkan-target="$iree_target" \
    --iree-hal-benchmark-dispatch-repeat-count="$repeat" \
    ".gpu-bench/mlir/$name.mlir" -o ".gpu-bench/vmfb/$name.vmfb" 2> ".gpu-bench/vmfb/$name.log" \
    || echo "iree-compile failed for $name: $(tail -3 ".gpu-bench/vmfb/$name.log")" >&2
  t1=$(date +%s.%N)
  "$kiln_bin" compile --target nvidia-h200 ".gpu-bench/mlir/$name.mlir" -o "/tmp/kiln-bench-$name.kiln" \
    > /dev/null 2>&1 || echo "kiln compile failed for $name" >&2
  t2=$(date +%s.%N)
  echo "$name $(echo "$t1 - $t0" | bc) $(echo "$t2 - $t1" | bc)" >> "$times"
done
cat "$times"
if [ -n "${IREE_RUNTIME_WHEEL:-}" ]; then
  cp "$IREE_RUNTIME_WHEEL" .gpu-bench/whl/
elif ! ls .gpu-bench/whl/iree_base_runtime-*cp312*.whl > /dev/null 2>&1; then
  python3 -m pip download --no-deps --only-binary=:all: --python-version 3.12 --implementation cp \
    --platform manylinux_2_28_x86_64 --platform manylinux_2_17_x86_64 -d .gpu-bench/whl \
    iree-base-runtime==3.13.0
fi
../shared/gpu/prepare-carry.sh
rm -rf .gpu-bench/gpu && mkdir -p .gpu-bench/gpu
cp -r .gpu/env.sh .gpu/lib .gpu-bench/gpu/
cp "$kiln_bin" .gpu-bench/gpu/kiln
for b in "${@:2}"; do cp "$b" .gpu-bench/gpu/; done
du -sh .gpu-bench

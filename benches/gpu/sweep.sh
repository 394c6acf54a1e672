#!/usr/bin/env bash
# Kernel-configuration sweep on the GPU machine: `kiln bench` of cases from cases.sh under
# several `--matmul-tiles` settings, then a `kiln run --check` of each setting on a smaller
# problem (the same kernel family, odd sizes) against the reference interpreter. Prints one line
# per (case, tiles) with the GPU time and TFLOP/s, for picking the defaults in kernel_config.rs.
#
# Prepare as for run.sh (benches/gpu/build.sh), then on the GPU machine, from the project root:
#   benches/gpu/sweep.sh "mm_f32_4096:default,128x128x16/8x8" "conv_32x56:64x64x16/4x4" ...
# Each argument is CASE:TILES[,TILES...]; `default` is kiln's own choice, `c:SMxSN/FMxFNxKS` a
# cooperative-matrix tiling (--coopmat-tiles), `w:TMxTNxTK/WG` a workgroup-matrix tiling
# (--workgroup-matrix-tiles), `l:ROWSxCOLS` the lanes pipeline (--lanes-tiles), anything else
# --matmul-tiles. SKIP_CHECK=1 leaves out the correctness runs; STATS=1 adds the driver's
# register count and per-thread local memory (`kiln bench --stats`) to each line. Logs go to /tmp/kiln-sweep-logs, the table to stdout and $OUT/sweep.txt.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
# shellcheck disable=SC1091
command -v nvidia-smi > /dev/null && source .gpu-bench/gpu/env.sh
source benches/gpu/cases.sh
kiln=${KILN:-.gpu-bench/gpu/kiln}
out=${OUT:-/tmp/kiln-sweep}
logs=/tmp/kiln-sweep-logs
mkdir -p "$out" "$logs"
summary=$out/sweep.txt
: > "$summary"
# Boost clocks for Vulkan: see hold_clocks.py.
if command -v nvidia-smi > /dev/null && [ -z "${SKIP_HOLD_CLOCKS:-}" ]; then
  python3 benches/gpu/hold_clocks.py --pulse-ms 0 &
  holder=$!
  trap 'kill $holder 2>/dev/null' EXIT
  sleep 8
fi
for arg in "$@"; do
  name=${arg%%:*}
  tiles_list=${arg#*:}
  line=""
  for l in "${CASES[@]}"; do
    IFS="|" read -r n _ <<<"$l"
    [ "${n// /}" = "$name" ] && line=$l
  done
  [ -n "$line" ] || { echo "sweep.sh: no case $name in cases.sh" >&2; continue; }
  IFS="|" read -r _ template params _ iters <<<"$line"
  template=${template// /} iters=${iters// /}
  model=.gpu-bench/mlir/$name.mlir
  [ -f "$model" ] || {
    # shellcheck disable=SC2086
    benches/kernels/render.sh "benches/kernels/$template" ${params//,/ } > "$model"
  }
  # The check: the same template at odd sizes that exercise every boundary.
  check=$logs/check-$name.mlir
  case $template in
    matmul*) benches/kernels/render.sh "benches/kernels/$template" M=1500 N=1288 K=264 > "$check" ;;
    conv*) benches/kernels/render.sh "benches/kernels/$template" N=3 H=17 W=19 C=64 F=48 HP=19 WP=21 > "$check" ;;
    *) cp "$model" "$check" ;;
  esac
  IFS=, read -ra settings <<<"$tiles_list"
  for tiles in "${settings[@]}"; do
    flag=()
    case $tiles in
      default) ;;
      c:*) flag=(--coopmat-tiles "${tiles#c:}") ;;
      w:*) flag=(--workgroup-matrix-tiles "${tiles#w:}") ;;
      l:*) flag=(--lanes-tiles "${tiles#l:}") ;;
      *) flag=(--matmul-tiles "$tiles") ;;
    esac
    log=$logs/$name-${tiles//\//_}.log
    stats=()
    [ -n "${STATS:-}" ] && stats=(--stats)
    timeout 120 "$kiln" bench "$model" --iterations "$iters" "${flag[@]}" "${stats[@]}" > "$log" 2>&1
    bench_rc=$?
    check_rc=skipped
    if [ -z "${SKIP_CHECK:-}" ]; then
      timeout 120 "$kiln" run "$check" --check "${flag[@]}" >> "$log" 2>&1
      check_rc=$?
    fi
    gpu=$(grep -o 'GPU total [0-9.]* us' "$log" | grep -o '[0-9.]*' | head -1)
    err=$(grep -o 'of max |reference|)' -B0 "$log" > /dev/null && grep -o '([0-9.e-]* of max' "$log" | head -1 | tr -d '(' | cut -d' ' -f1)
    flops=$(grep -m1 -E '^dispatch_' "$log" | awk '{print $3}')
    regs=$(grep -m1 -o 'Register Count = [0-9]*' "$log" | grep -o '[0-9]*$')
    # NVIDIA's driver sets bit 36 of this value; the low 32 bits are the bytes per thread.
    local_mem=$(grep -m1 -o 'Local Memory Size = [0-9]*' "$log" | grep -o '[0-9]*$')
    [ -n "$local_mem" ] && local_mem=$((local_mem & 0xffffffff))
    printf '%-14s %-18s GPU %10s us  %8s GFLOP/s  bench rc %s  check rc %s rel err %s%s\n' \
      "$name" "$tiles" "${gpu:-?}" "${flops:-?}" "$bench_rc" "$check_rc" "${err:-?}" \
      "${regs:+  regs $regs local ${local_mem:-?} B}" | tee -a "$summary"
    [ $bench_rc -eq 0 ] || tail -5 "$log"
    [ "$check_rc" = 0 ] || [ "$check_rc" = skipped ] || tail -5 "$log"
  done
done

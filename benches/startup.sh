#!/usr/bin/env bash
# First runs as on a fresh machine (issue 42): each MODEL (a `.kiln` artifact, or a `.mlir` /
# `.onnx` model compiled in process) run once by `kiln run --time-passes` in a new process with
# an empty cache folder (kiln's pipeline, spirv-val and tuning caches: XDG_CACHE_HOME) and Mesa's
# shader cache off, then one table row per model: the whole process's wall time, the time until
# the first run started (artifact read and checks, device, pipelines, weights), the first run
# (on lavapipe: the kernels' compile at their first dispatch, then the compute), and the
# pipelines line (kernels, distinct pipelines, threads). Each run's phases go to
# $OUT/NAME.txt (default OUT=/tmp/kiln-startup).
#
# usage: benches/startup.sh [path/to/kiln] MODEL[:ARGS] ...
#   ARGS (optional, after a colon, spaces as commas): extra `kiln run` flags, e.g.
#   examples/models/resnet_tiny.onnx:--dim,N=4
# Environment: RUNS (default 1) runs per model, the table keeps the fastest; KILN_SPIRV_VAL=0
# skips spirv-val at load; KILN_PIPELINE_THREADS caps the pipeline threads.
set -euo pipefail
KILN=${1:?usage: benches/startup.sh path/to/kiln MODEL[:ARGS] ...}
shift
OUT=${OUT:-/tmp/kiln-startup}
RUNS=${RUNS:-1}
mkdir -p "$OUT"
echo "| model | wall | until the first run | first run | pipelines |"
echo "|---|---|---|---|---|"
for spec in "$@"; do
    model=${spec%%:*}
    extra=()
    if [[ "$spec" == *:* ]]; then
        IFS=',' read -r -a extra <<< "${spec#*:}"
    fi
    name=$(basename "$model")
    label="$name${extra[*]:+ ${extra[*]}}"
    name="$name${extra[*]:+.$(echo "${extra[*]}" | tr -c 'A-Za-z0-9=.\n-' '_')}"
    best=""
    for run in $(seq "$RUNS"); do
        cache=$(mktemp -d)
        log="$OUT/$name.$run.txt"
        start=$(date +%s.%N)
        MESA_SHADER_CACHE_DISABLE=true XDG_CACHE_HOME="$cache" \
            "$KILN" run "$model" --time-passes --output-dir "$OUT/$name.out" "${extra[@]}" \
            > "$log" 2>&1 || { echo "| $label | failed: see $log | | | |"; continue 2; }
        end=$(date +%s.%N)
        rm -rf "$cache"
        wall=$(echo "$end - $start" | bc)
        if [[ -z "$best" ]] || (( $(echo "$wall < $best" | bc) )); then
            best=$wall
            best_log=$log
        fi
    done
    # `  START ms  DURATION ms  first run  (...)`: the first run's start and duration.
    first=$(grep -E '^ +[0-9.]+ ms +[0-9.]+ ms  first run' "$best_log" | head -1)
    until_first=$(echo "$first" | awk '{print $1}')
    first_run=$(echo "$first" | awk '{print $3}')
    pipelines=$(grep -E '^ +[0-9.]+ ms +[0-9.]+ ms  pipelines  \(' "$best_log" | head -1 \
        | sed -E 's/.*  pipelines  \((.*)\)/\1/')
    printf '| %s | %.2f s | %.0f ms | %.0f ms | %s |\n' \
        "$label" "$best" "$until_first" "$first_run" "$pipelines"
done

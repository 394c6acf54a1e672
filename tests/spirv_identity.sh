#!/usr/bin/env bash
# Byte-identity check of the SPIR-V kiln emits: compiles every `.mlir` / `.onnx` model of the
# repository (examples, benches, lowering filetests, the generated test models of
# `tests/models/make_models.py`) for every target preset, with 32- and 64-bit indices, and
# writes one line per emitted module: `<sha256>  <model> <target> <index bits> <entry point>`.
# Inputs that do not compile (error filetests, parser round trips) are listed as `error`.
#
# usage: tests/spirv_identity.sh record OUT.txt     write the hashes
#        tests/spirv_identity.sh check BASELINE.txt  recompute and diff against a baseline
#
# A refactoring of the lowering that must not change the emitted code records a baseline on
# main first, then checks after each step. KILN (default target/debug/kiln) names the binary;
# PYTHON (default python3, with onnx + numpy) builds the test models; `.venv/bin` first on PATH
# as in the README's test command.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:?usage: $0 record|check FILE}
file=${2:?usage: $0 record|check FILE}
kiln=${KILN:-target/debug/kiln}
python=${PYTHON:-python3}
[ -x "$kiln" ] || { echo "no $kiln (cargo build --bin kiln)" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
models=()
while IFS= read -r f; do models+=("$f"); done < <(
    find examples lowering/benches lowering/tests/filetests frontend/tests/filetests \
        -name '*.mlir' -o -name '*.onnx' | sort)
# The bench kernels are templates: their default parameters, and the matmuls at 4096^3 (the
# sizes whose strategies differ on a discrete GPU).
mkdir -p "$work/benches"
for template in benches/kernels/*.mlir; do
    name=$(basename "$template" .mlir)
    benches/kernels/render.sh "$template" >"$work/benches/$name.mlir"
    models+=("$work/benches/$name.mlir")
    case $name in matmul*)
        benches/kernels/render.sh "$template" M=4096 N=4096 K=4096 >"$work/benches/$name.4096.mlir"
        models+=("$work/benches/$name.4096.mlir") ;;
    esac
done
if "$python" tests/models/make_models.py "$work/models" >/dev/null 2>&1; then
    while IFS= read -r f; do models+=("$f"); done < <(find "$work/models" -name '*.onnx' | sort)
else
    echo "warning: tests/models/make_models.py failed (no onnx?): generated models skipped" >&2
fi
targets=${KILN_TARGETS:-llvmpipe nvidia-h200 vulkan1.1}

out="$work/hashes.txt"
: >"$out"
for model in "${models[@]}"; do
    name=${model#"$work/"}
    for target in $targets; do
        for index in 32 64; do
            dump="$work/dump"
            rm -rf "$dump"
            flags=()
            [ "$index" = 64 ] && flags+=(--index64)
            if "$kiln" --quiet compile "$model" -o "$work/out.kiln" --target "$target" \
                "${flags[@]}" --dump-dir "$dump" >/dev/null 2>"$work/err"; then
                (cd "$dump" && sha256sum -- *.spv) | while read -r hash spv; do
                    echo "$hash  $name $target $index ${spv%.spv}"
                done >>"$out"
            else
                echo "error  $name $target $index $(head -c 120 "$work/err" | tr '\n' ' ' | sed 's/ *$//')" >>"$out"
            fi
        done
    done
done

case $mode in
record)
    cp "$out" "$file"
    echo "$(grep -vc '^error' "$file") modules, $(grep -c '^error' "$file") inputs refused -> $file"
    ;;
check)
    if diff -u "$file" "$out"; then
        echo "identical: $(grep -vc '^error' "$out") modules"
    else
        echo "SPIR-V differs from $file" >&2
        exit 1
    fi
    ;;
*) echo "unknown mode $mode" >&2; exit 2 ;;
esac

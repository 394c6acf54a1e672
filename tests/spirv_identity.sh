#!/usr/bin/env bash
# Byte-identity check of the SPIR-V kiln emits: compiles every `.mlir` / `.onnx` model of the
# repository (examples, benches, lowering filetests, the generated test models of
# `tests/models/make_models.py`, a sweep of matmul / reduction shapes with static and symbolic
# rows) for every target preset, with 32- and 64-bit indices, and
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
# A sweep of matmul, reduction and softmax shapes across the tuned thresholds of kernel
# configuration (few rows, split-K, workgroup-scope tiles, split bf16, SIMT; lowering/src/
# heuristics.rs), with static and symbolic (`?`) rows.
# A template rendered with a `?` size gets symbolic rows: its dynamic arguments share the
# symbol M (`kiln.symbols`) and its `tensor.empty()`s take M from the first of them.
symbolic_rows() {
    "$python" -c '
import re, sys
text = sys.stdin.read()
args = re.findall(r"(%\w+): (tensor<\?x[^>]*>)", text.split("\n{", 1)[0])
name, ty = args[0]
symbols = " {kiln.symbols = [" + chr(34) + "M" + chr(34) + "]}"
text = re.sub(r"(%\w+: tensor<\?x[^>]*>)", lambda m: m.group(1) + symbols, text, count=len(args))
text = text.replace("tensor.empty() : tensor<?x", "tensor.empty(%kiln_m) : tensor<?x")
head, body = text.split("{\n", 1)
print(head + "{\n  %kiln_c0 = arith.constant 0 : index\n  %kiln_m = tensor.dim " + name
      + ", %kiln_c0 : " + ty + "\n" + body, end="")'
}
render() { # NAME TEMPLATE PARAMS...
    local name=$1 template=$2
    shift 2
    if [[ " $* " == *"=? "* ]]; then
        benches/kernels/render.sh "benches/kernels/$template.mlir" "$@" | symbolic_rows \
            >"$work/benches/$name.mlir"
    else
        benches/kernels/render.sh "benches/kernels/$template.mlir" "$@" >"$work/benches/$name.mlir"
    fi
    models+=("$work/benches/$name.mlir")
}
rows="1 2 4 8 16 32 64 65 128 192 256 288 384 512 1024 4096 ?"
for m in $rows; do
    tag=${m/\?/dyn}
    render "f16_f32acc_bias_relu.m$tag.4096x4096" matmul_f16_bias_relu M="$m" N=4096 K=4096
    render "f16.m$tag.4096x4096" matmul_f16 M="$m" N=4096 K=4096
    render "f32.m$tag.4096x4096" matmul_f32 M="$m" N=4096 K=4096
    render "f32.m$tag.1024x1024" matmul_f32 M="$m" N=1024 K=1024
done
for m in 16 64 128 ?; do
    tag=${m/\?/dyn}
    render "f32.m$tag.4096x1024" matmul_f32 M="$m" N=1024 K=4096
    render "f16.m$tag.16384x4096" matmul_f16 M="$m" N=16384 K=4096
    render "f16_f32acc.m$tag.4096x16384" matmul_f16_f32acc M="$m" N=4096 K=16384
done
for mnk in 4096x4096x4096 8192x8192x8192 4096x4100x1024 700x700x1024 1032x1032x1024 \
    300x260x520 3136x64x576 100x100x100 48x48x48 8x4096x4096; do
    IFS=x read -r m n k <<<"$mnk"
    for t in matmul_f16_f32acc matmul_f16 matmul_f32 matmul_f16_bias_relu; do
        render "$t.$mnk" "$t" M="$m" N="$n" K="$k"
    done
done
for shape in "N=32 H=56 W=56 C=64 F=64 HP=58 WP=58" "N=1 H=56 W=56 C=64 F=64 HP=58 WP=58" \
    "N=1 H=14 W=14 C=256 F=256 HP=16 WP=16"; do
    # shellcheck disable=SC2086
    render "conv.${shape// /.}" conv3x3_nhwc_f32 $shape
done
for mn in 1x8192 4096x4096 64x65536 65536x64 3x100000 ?x4096; do
    IFS=x read -r m n <<<"$mn"
    tag=${m/\?/dyn}x$n
    for t in row_sum softmax_rows; do render "$t.$tag" "$t" M="$m" N="$n"; done
    render "fused_elementwise.$tag" fused_elementwise M="$m" N="$n"
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

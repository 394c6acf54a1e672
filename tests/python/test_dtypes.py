"""numpy in and out for every element type: kiln's outputs equal onnxruntime's, in the declared
dtype (kiln holds uint8, int16, ... in wider types; the package converts back)."""

import ml_dtypes
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


def bf16(x):
    """float64 values rounded to bfloat16 (nearest, ties to even), as float64."""
    return np.asarray(x, np.float64).astype(np.float32).astype(ml_dtypes.bfloat16).astype(np.float64)


def bfloat16_model():
    # y = tanh(x @ w + b) in bf16 (MatMul sums in f32 and rounds once), m = ReduceMean(y, 1)
    # in bf16, c = Cast(s: float -> bfloat16), wide = Cast(y -> float).
    return model_bytes(
        [
            helper.make_node("MatMul", ["x", "w"], ["xw"]),
            helper.make_node("Add", ["xw", "b"], ["z"]),
            helper.make_node("Tanh", ["z"], ["y"]),
            helper.make_node("ReduceMean", ["y"], ["m"], axes=[1], keepdims=0),
            helper.make_node("Cast", ["s"], ["c"], to=TensorProto.BFLOAT16),
            helper.make_node("Cast", ["y"], ["wide"], to=TensorProto.FLOAT),
        ],
        [("x", TensorProto.BFLOAT16, ["N", 40]), ("w", TensorProto.BFLOAT16, [40, 9]),
         ("b", TensorProto.BFLOAT16, [9]), ("s", TensorProto.FLOAT, ["N", 9])],
        [("y", TensorProto.BFLOAT16, ["N", 9]), ("m", TensorProto.BFLOAT16, ["N"]),
         ("c", TensorProto.BFLOAT16, ["N", 9]), ("wide", TensorProto.FLOAT, ["N", 9])],
    )


def bfloat16_feed(rows, seed):
    rng = np.random.default_rng(seed)
    return {
        "x": rng.uniform(-1.5, 1.5, (rows, 40)).astype(ml_dtypes.bfloat16),
        "w": rng.uniform(-1.5, 1.5, (40, 9)).astype(ml_dtypes.bfloat16),
        "b": rng.uniform(-1.5, 1.5, 9).astype(ml_dtypes.bfloat16),
        "s": rng.standard_normal((rows, 9)).astype(np.float32),
    }


def bfloat16_reference(feed):
    x, w, b = (feed[k].astype(np.float64) for k in ("x", "w", "b"))
    y = bf16(np.tanh(bf16(bf16(x @ w) + b)))
    return [y, bf16(y.mean(axis=1)), bf16(feed["s"]), y]


def check_bfloat16_outputs(outputs, feed):
    want = bfloat16_reference(feed)
    assert [o.dtype for o in outputs] == [np.dtype(ml_dtypes.bfloat16)] * 3 + [np.dtype(np.float32)]
    for name, got, ref in zip(["y", "m", "c", "wide"], outputs, want):
        got = got.astype(np.float64)
        assert got.shape == ref.shape, name
        # One bf16 step (2^-8 relative) where the device's f32 sum and the float64 one round to
        # neighbouring bf16 values; a missing rounding or a bf16 read as f16 fails by far more.
        step = np.maximum(np.abs(ref), 1e-3) * 2.0**-7
        assert np.all(np.abs(got - ref) <= step), (name, np.max(np.abs(got - ref) / step))
    # The Cast of an f32 input rounds to nearest even exactly as ml_dtypes does.
    np.testing.assert_array_equal(outputs[2], feed["s"].astype(ml_dtypes.bfloat16))


def test_bfloat16_inputs_and_outputs_run_through_ml_dtypes():
    session = kiln.InferenceSession(bfloat16_model())
    assert [i.type for i in session.get_inputs()] == ["tensor(bfloat16)"] * 3 + ["tensor(float)"]
    assert session.get_outputs()[0].type == "tensor(bfloat16)"
    for rows, seed in ((6, 1), (3, 2)):
        feed = bfloat16_feed(rows, seed)
        check_bfloat16_outputs(session.run(None, feed), feed)
    # A non-contiguous bf16 feed (a transposed view) is read through its strides.
    feed = bfloat16_feed(5, 3)
    feed["w"] = np.ascontiguousarray(feed["w"].T).T
    assert not feed["w"].flags["C_CONTIGUOUS"]
    check_bfloat16_outputs(session.run(None, feed), feed)


def test_bfloat16_artifact_and_wrong_dtype():
    artifact = kiln.compile(bfloat16_model(), target="llvmpipe", dims={"N": 4})
    session = kiln.InferenceSession(artifact)
    feed = bfloat16_feed(4, 5)
    check_bfloat16_outputs(session.run(None, feed), feed)
    feed["x"] = feed["x"].astype(np.float32)
    with pytest.raises(kiln.KilnInputError, match="bfloat16"):
        session.run(None, feed)
"""Feeds and models that do not fit: a clear exception with the CLI's message, never a crash."""

import numpy as np
import pytest
from onnx import TensorProto, helper

import kiln
from conftest import RESNET_TINY, model_bytes

X = np.zeros((2, 3, 32, 32), np.float32)


def test_an_unknown_input_name(resnet_session):
    with pytest.raises(kiln.KilnInputError, match="'image' is not an input of the model"):
        resnet_session.run(None, {"input": X, "image": X})


def test_a_missing_input(resnet_session):
    with pytest.raises(ValueError, match="input 'input' is missing"):
        resnet_session.run(None, {"image": X})


@pytest.mark.parametrize("dtype", [np.float64, np.float16, np.int64, np.int32, bool])
def test_a_wrong_dtype(resnet_session, dtype):
    with pytest.raises(kiln.KilnInputError, match=r"expected tensor\(float\)"):
        resnet_session.run(None, {"input": X.astype(dtype)})


def test_a_python_list_is_not_silently_cast(resnet_session):
    with pytest.raises(kiln.KilnInputError, match="got numpy float64"):
        resnet_session.run(None, {"input": X.tolist()})


@pytest.mark.parametrize("shape", [(2, 3, 32), (2, 4, 32, 32), (2, 3, 32, 31), (1, 2, 3, 32, 32), ()])
def test_a_wrong_shape(resnet_session, shape):
    with pytest.raises(kiln.KilnInputError, match=r"expected shape \[N, 3, 32, 32\]"):
        resnet_session.run(None, {"input": np.zeros(shape, np.float32)})


def test_symbolic_dims_that_disagree():
    data = model_bytes(
        [helper.make_node("Add", ["x", "y"], ["z"])],
        [("x", TensorProto.FLOAT, ["N", 2]), ("y", TensorProto.FLOAT, ["N", 2])],
        [("z", TensorProto.FLOAT, ["N", 2])],
    )
    session = kiln.InferenceSession(data)
    with pytest.raises(kiln.KilnInputError, match="shape"):
        session.run(None, {"x": np.zeros((2, 2), np.float32), "y": np.zeros((3, 2), np.float32)})
    # The session still works afterwards.
    (z,) = session.run(None, {"x": np.ones((3, 2), np.float32), "y": np.ones((3, 2), np.float32)})
    np.testing.assert_array_equal(z, np.full((3, 2), 2, np.float32))


def test_an_unknown_output_name(resnet_session):
    with pytest.raises(kiln.KilnInputError, match="'logits' is not an output"):
        resnet_session.run(["logits"], {"input": X})


def test_an_object_that_is_not_an_array(resnet_session):
    with pytest.raises(kiln.KilnInputError):
        resnet_session.run(None, {"input": object()})


def test_bad_models():
    with pytest.raises(kiln.KilnModelError, match="invalid ONNX protobuf"):
        kiln.InferenceSession(b"\x01\x02 not a model")
    with pytest.raises(kiln.KilnModelError, match="no-such-file.onnx"):
        kiln.InferenceSession("no-such-file.onnx")
    with pytest.raises(kiln.KilnModelError, match="unknown input kind"):
        kiln.InferenceSession(RESNET_TINY + ".txt")
    with pytest.raises(TypeError):
        kiln.InferenceSession(42)


def test_an_unsupported_operator_is_named():
    data = model_bytes(
        [helper.make_node("StringNormalizer", ["x"], ["y"])],
        [("x", TensorProto.STRING, [2])],
        [("y", TensorProto.STRING, [2])],
    )
    with pytest.raises(kiln.KilnModelError, match="StringNormalizer"):
        kiln.InferenceSession(data)


def test_a_corrupt_artifact_is_a_model_error(tmp_path):
    data = bytearray(kiln.compile(RESNET_TINY).to_bytes())
    data[len(data) // 2 :] = b"\xff" * (len(data) - len(data) // 2)
    with pytest.raises(kiln.KilnModelError):
        kiln.InferenceSession(bytes(data))
    path = tmp_path / "bad.kiln"
    path.write_bytes(bytes(data[:100]))
    with pytest.raises(kiln.KilnModelError):
        kiln.load(path)

"""The onnxruntime-style API: inputs / outputs, run, providers, compile / save / load, devices."""

import os

import numpy as np
import onnxruntime as ort
import pytest

import kiln
from conftest import RESNET_TINY, model_bytes
from onnx import TensorProto, helper


def test_inputs_and_outputs_mirror_onnxruntime(resnet_session):
    reference = ort.InferenceSession(RESNET_TINY, providers=["CPUExecutionProvider"])
    for ours, theirs in [
        (resnet_session.get_inputs(), reference.get_inputs()),
        (resnet_session.get_outputs(), reference.get_outputs()),
    ]:
        assert [(a.name, a.shape, a.type) for a in ours] == [
            (b.name, b.shape, b.type) for b in theirs
        ]
    (x,) = resnet_session.get_inputs()
    assert x.shape == ["N", 3, 32, 32] and x.type == "tensor(float)"
    assert "NodeArg" in repr(x)


def test_run_returns_numpy_arrays_and_takes_symbolic_dims_from_the_feed(resnet_session):
    for batch in (1, 3):
        x = np.random.default_rng(batch).standard_normal((batch, 3, 32, 32)).astype(np.float32)
        outputs = resnet_session.run(None, {"input": x})
        assert len(outputs) == 1 and isinstance(outputs[0], np.ndarray)
        assert outputs[0].shape == (batch, 10) and outputs[0].dtype == np.float32
        # By name, as onnxruntime: the same values.
        (named,) = resnet_session.run(["output"], {"input": x})
        np.testing.assert_array_equal(named, outputs[0])


def test_providers_and_options_are_accepted_as_onnxruntime_takes_them():
    session = kiln.InferenceSession(
        RESNET_TINY,
        kiln.SessionOptions(),
        providers=["CUDAExecutionProvider", ("KilnExecutionProvider", {"precision": "f16"}),
                   "CPUExecutionProvider"],
    )
    assert session.get_providers() == ["KilnExecutionProvider"]
    assert kiln.get_available_providers() == ["KilnExecutionProvider"]
    options = session.get_provider_options()["KilnExecutionProvider"]
    assert options["precision"] == "f16" and options["device"] == session.device_name
    x = np.random.default_rng(0).standard_normal((2, 3, 32, 32)).astype(np.float32)
    (half,) = session.run(None, {"input": x})
    (full,) = kiln.InferenceSession(RESNET_TINY).run(None, {"input": x})
    assert half.dtype == np.float32  # the model's declared type, computed in f16
    assert np.linalg.norm(half - full) <= 1e-2 * np.linalg.norm(full)


def test_a_session_takes_bytes_a_path_like_and_an_artifact(tmp_path):
    x = np.ones((1, 3, 32, 32), np.float32)
    with open(RESNET_TINY, "rb") as f:
        onnx_bytes = f.read()
    from pathlib import Path

    expected = kiln.InferenceSession(Path(RESNET_TINY)).run(None, {"input": x})[0]
    np.testing.assert_array_equal(kiln.InferenceSession(onnx_bytes).run(None, {"input": x})[0], expected)
    artifact = kiln.compile(RESNET_TINY)
    assert artifact.dispatches > 0 and artifact.precision == "f32"
    path = tmp_path / "resnet_tiny.kiln"
    artifact.save(path)
    loaded = kiln.load(path)
    with pytest.raises(kiln.KilnModelError, match="compiled with precision f32, not f16"):
        kiln.InferenceSession(artifact, precision="f16")
    for model in (artifact, loaded, str(path), artifact.to_bytes()):
        session = kiln.InferenceSession(model)
        # An artifact compiled from ONNX keeps the graph's input and output names.
        (arg,) = session.get_inputs()
        assert (arg.name, arg.shape, arg.type) == ("input", ["N", 3, 32, 32], "tensor(float)")
        assert [o.name for o in session.get_outputs()] == ["output"]
        np.testing.assert_array_equal(session.run(["output"], {"input": x})[0], expected)


def test_an_artifact_keeps_the_onnx_names_and_types_in_graph_order(tmp_path):
    # Names that sort the other way than the graph's order, one of them "input0" (a positional
    # name of another input), and a uint8 input that kiln holds as int32.
    data = model_bytes(
        [helper.make_node("Cast", ["zeta"], ["zf"], to=TensorProto.FLOAT),
         helper.make_node("Sub", ["zf", "input0"], ["diff"]),
         helper.make_node("Neg", ["diff"], ["neg"])],
        [("zeta", TensorProto.UINT8, [2, 3]), ("input0", TensorProto.FLOAT, [2, 3])],
        [("neg", TensorProto.FLOAT, [2, 3]), ("diff", TensorProto.FLOAT, [2, 3])],
    )
    path = tmp_path / "named.kiln"
    kiln.compile(data, target="llvmpipe").save(path)
    reference = ort.InferenceSession(data, providers=["CPUExecutionProvider"])
    session = kiln.InferenceSession(str(path))
    for ours, theirs in [(session.get_inputs(), reference.get_inputs()),
                         (session.get_outputs(), reference.get_outputs())]:
        assert [(a.name, a.shape, a.type) for a in ours] == [
            (b.name, b.shape, b.type) for b in theirs
        ]
    rng = np.random.default_rng(3)
    feed = {"zeta": rng.integers(0, 255, (2, 3)).astype(np.uint8),
            "input0": rng.standard_normal((2, 3)).astype(np.float32)}
    for names in (None, ["diff"], ["diff", "neg"]):
        ours = session.run(names, feed)
        theirs = reference.run(names, feed)
        for a, b in zip(ours, theirs):
            np.testing.assert_allclose(a, b, rtol=1e-6)
    with pytest.raises(kiln.KilnInputError, match="zeta"):
        session.run(None, {"input0": feed["input0"]})


def test_compile_for_a_preset_target_with_fixed_dims_needs_no_device():
    artifact = kiln.compile(RESNET_TINY, target="nvidia-h200", precision="f16", dims={"N": 8})
    assert artifact.target == "nvidia-h200" and artifact.precision == "f16"
    (name, shape, type_string, _, _), = artifact.inputs()
    assert (name, shape, type_string) == ("input", [8, 3, 32, 32], "tensor(float16)") or shape[0] == 8
    assert "kiln.Artifact" in repr(artifact)
    with pytest.raises(ValueError, match="precision"):
        kiln.compile(RESNET_TINY, precision="f8")
    with pytest.raises(kiln.KilnError, match="no-such-target"):
        kiln.compile(RESNET_TINY, target="no-such-target")


def test_devices_lists_the_vulkan_devices():
    devices = kiln.devices()
    assert devices, "no Vulkan device: the tests run on lavapipe at least"
    assert {"index", "name", "type", "vendor", "driver", "api_version"} <= set(devices[0])
    assert kiln.get_device() in ("CPU", "GPU")
    by_name = kiln.InferenceSession(RESNET_TINY, device=devices[0]["name"])
    assert by_name.device_name == devices[0]["name"]


def test_a_model_that_needs_the_fed_values_compiles_per_value():
    # Reshape's shape comes from a graph input: kiln specializes on its value, as `kiln run`.
    data = model_bytes(
        [__import__("onnx").helper.make_node("Reshape", ["x", "shape"], ["y"])],
        [("x", TensorProto.FLOAT, [2, 6]), ("shape", TensorProto.INT64, [2])],
        [("y", TensorProto.FLOAT, None)],
    )
    session = kiln.InferenceSession(data)
    x = np.arange(12, dtype=np.float32).reshape(2, 6)
    for shape in ([3, 4], [4, 3], [3, 4]):
        (y,) = session.run(None, {"x": x, "shape": np.array(shape, np.int64)})
        np.testing.assert_array_equal(y, x.reshape(shape))
    assert session._session.compiled_variants() == 2


def test_the_package_is_typed_and_documented():
    package = os.path.dirname(kiln.__file__)
    assert os.path.exists(os.path.join(package, "py.typed"))
    assert os.path.exists(os.path.join(package, "_kiln.pyi"))
    for item in (kiln, kiln.InferenceSession, kiln.InferenceSession.run, kiln.compile, kiln.load,
                 kiln.devices, kiln.KilnError, kiln.KilnInputError):
        assert item.__doc__, item
    assert issubclass(kiln.KilnInputError, ValueError)
    assert issubclass(kiln.KilnInputError, kiln.KilnError)
    assert issubclass(kiln.KilnModelError, kiln.KilnError)
    assert issubclass(kiln.KilnInternalError, kiln.KilnError)


def test_the_python_example_runs():
    import subprocess
    import sys

    out = subprocess.run(
        [sys.executable, os.path.join(os.path.dirname(RESNET_TINY), "..", "python_session.py")],
        check=True, capture_output=True, text=True,
    ).stdout
    assert "max |kiln - onnxruntime|" in out
    assert float(out.rsplit(":", 1)[1]) < 1e-4

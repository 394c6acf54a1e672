"""Shared fixtures of the kiln Python package's tests (run by `.ci/test`'s `python` tier, after
`.ci/setup.sh` installed the package into .venv)."""

import os
import subprocess
import sys

import numpy as np
import pytest
from onnx import TensorProto, helper

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RESNET_TINY = os.path.join(REPO, "examples", "models", "resnet_tiny.onnx")

# Shared by the dtype tests and the compatibility suite: numpy dtype -> ONNX element type.
ONNX_TYPES = {
    "float32": TensorProto.FLOAT,
    "float16": TensorProto.FLOAT16,
    "float64": TensorProto.DOUBLE,
    "int8": TensorProto.INT8,
    "int16": TensorProto.INT16,
    "int32": TensorProto.INT32,
    "int64": TensorProto.INT64,
    "uint8": TensorProto.UINT8,
    "uint16": TensorProto.UINT16,
    "uint32": TensorProto.UINT32,
    "uint64": TensorProto.UINT64,
    "bool": TensorProto.BOOL,
}


def model_bytes(nodes, inputs, outputs, initializers=(), opset=17):
    """A serialized ONNX model; `inputs` / `outputs` are (name, elem type, shape)."""
    graph = helper.make_graph(
        nodes,
        "g",
        [helper.make_tensor_value_info(*i) for i in inputs],
        [helper.make_tensor_value_info(*o) for o in outputs],
        list(initializers),
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
    model.ir_version = 8
    return model.SerializeToString()


@pytest.fixture(scope="session")
def generated_models(tmp_path_factory):
    """The small models of tests/models/make_models.py (with their own inputs), generated once."""
    out = tmp_path_factory.mktemp("models")
    names = ["gather_ops", "wide_concat", "mobilenet", "alexnet_lrn"]
    subprocess.run(
        [sys.executable, os.path.join(REPO, "tests", "models", "make_models.py"), str(out)] + names,
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return {n: str(out / f"{n}.onnx") for n in names}


@pytest.fixture(scope="session")
def resnet_session():
    import kiln

    return kiln.InferenceSession(RESNET_TINY)


def random_feed(node_args, dims, seed=0):
    """Seeded inputs for a session's (kiln's or onnxruntime's) `get_inputs()`: symbolic dims
    from `dims` (default 1)."""
    rng = np.random.default_rng(seed)
    feed = {}
    for arg in node_args:
        shape = [d if isinstance(d, int) else dims.get(d, 1) for d in arg.shape]
        kind = arg.type[len("tensor(") : -1]
        if kind in ("float", "float16", "double"):
            dtype = {"float": np.float32, "float16": np.float16, "double": np.float64}[kind]
            feed[arg.name] = rng.standard_normal(shape).astype(dtype)
        elif kind == "bool":
            feed[arg.name] = rng.integers(0, 2, shape).astype(bool)
        else:
            feed[arg.name] = rng.integers(0, 4, shape).astype(kind)
    return feed

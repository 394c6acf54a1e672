"""kiln from Python, as onnxruntime is used: the README's quick start as a script.

    .venv/bin/python examples/python_session.py [MODEL.onnx]

Runs the model (default: examples/models/resnet_tiny.onnx) on seeded inputs through kiln and,
when it is installed, through onnxruntime with the same code, and prints both.
"""

import os
import sys

import numpy as np

import kiln

HERE = os.path.dirname(os.path.abspath(__file__))


def infer(ort, path, batch=4):
    """onnxruntime-style inference code: only the module differs."""
    session = ort.InferenceSession(path, providers=["CPUExecutionProvider"])
    rng = np.random.default_rng(0)
    feed = {}
    for arg in session.get_inputs():
        shape = [d if isinstance(d, int) else batch for d in arg.shape]
        feed[arg.name] = rng.standard_normal(shape).astype(np.float32)
    return session.run(None, feed)


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "models", "resnet_tiny.onnx")
    print("devices:", [d["name"] for d in kiln.devices()])
    session = kiln.InferenceSession(path)
    print("inputs:", session.get_inputs(), "outputs:", session.get_outputs())
    (ours,) = infer(kiln, path)[:1]
    print("kiln:", ours.shape, ours.dtype, ours.ravel()[:4])
    try:
        import onnxruntime
    except ImportError:
        return
    (theirs,) = infer(onnxruntime, path)[:1]
    print("onnxruntime:", theirs.shape, theirs.ravel()[:4])
    print("max |kiln - onnxruntime|:", float(np.abs(ours - theirs).max()))


if __name__ == "__main__":
    main()

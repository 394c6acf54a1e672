"""The kiln Python package's costs (benches/RESULTS.md, 2026-12-02): the extension's and the
wheel's size, the time of `import kiln`, and what a Python `run` costs beyond the Rust API's
`Executable::run` on small models (medians; the Rust loop runs inside the same process, on
the same executable, timed in Rust).

    .venv/bin/python benches/python_overhead.py [WHEEL]
"""

import os
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np
from onnx import TensorProto, helper

import kiln

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def import_times(repeats=15):
    """Medians over fresh interpreters of the time `import numpy` and then `import kiln` take."""
    code = (
        "import time; t0 = time.perf_counter(); import numpy; t1 = time.perf_counter(); "
        "import kiln; t2 = time.perf_counter(); print(t1 - t0, t2 - t1)"
    )
    rows = []
    for _ in range(repeats):
        out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
        rows.append([float(v) for v in out.stdout.split()])
    return statistics.median(r[0] for r in rows), statistics.median(r[1] for r in rows)


def add_model(path):
    graph = helper.make_graph(
        [helper.make_node("Add", ["x", "y"], ["z"])],
        "add",
        [helper.make_tensor_value_info(n, TensorProto.FLOAT, [1, 16]) for n in ("x", "y")],
        [helper.make_tensor_value_info("z", TensorProto.FLOAT, [1, 16])],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    model.ir_version = 8
    with open(path, "wb") as f:
        f.write(model.SerializeToString())


def overhead(name, path, feed, iterations):
    session = kiln.InferenceSession(path)
    native = session._session
    ordered = [feed[i.name] for i in session.get_inputs()]
    for _ in range(20):
        session.run(None, feed)
    # Interleaved, so that the load of a shared machine falls on all three alike.
    times = {"rust": [], "native": [], "python": []}
    for _ in range(iterations):
        times["rust"].extend(native.time_rust_runs(ordered, 1))
        start = time.perf_counter()
        native.run(ordered)
        times["native"].append(time.perf_counter() - start)
        start = time.perf_counter()
        session.run(None, feed)
        times["python"].append(time.perf_counter() - start)
    rust = statistics.median(times["rust"])
    binding = statistics.median(times["native"])
    python = statistics.median(times["python"])
    print(
        f"{name}: Rust Executable::run {rust * 1e6:.1f} us; _kiln.Session.run {binding * 1e6:.1f} us "
        f"(+{(binding - rust) * 1e6:.1f}); InferenceSession.run {python * 1e6:.1f} us "
        f"(+{(python - rust) * 1e6:.1f} over Rust), median of {iterations}"
    )


def main():
    so = kiln._kiln.__file__
    print(f"extension {os.path.basename(so)}: {os.path.getsize(so) / 2**20:.1f} MiB")
    if len(sys.argv) > 1:
        print(f"wheel {os.path.basename(sys.argv[1])}: {os.path.getsize(sys.argv[1]) / 2**20:.1f} MiB")
    numpy_import, kiln_import = import_times()
    print(
        f"import kiln: {kiln_import * 1e3:.1f} ms after numpy's {numpy_import * 1e3:.1f} ms "
        f"(fresh interpreters, median of 15)"
    )
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "add.onnx")
        add_model(path)
        rng = np.random.default_rng(0)
        feed = {n: rng.standard_normal((1, 16)).astype(np.float32) for n in ("x", "y")}
        overhead("Add [1, 16]", path, feed, 3000)
    resnet = os.path.join(REPO, "examples", "models", "resnet_tiny.onnx")
    x = np.random.default_rng(0).standard_normal((1, 3, 32, 32)).astype(np.float32)
    overhead("resnet_tiny N=1", resnet, {"input": x}, 300)


if __name__ == "__main__":
    main()

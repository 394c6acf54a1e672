"""Writes the ONNX backend node tests whose ops kiln supports into a folder.

usage: gen_node_tests.py OUT_DIR OP [OP ...]

For each case: OUT_DIR/<name>/model.onnx, input_<i>.pb, output_<i>.pb (TensorProto), and one
line in OUT_DIR/manifest.txt: "<name> <rtol> <atol> <num_inputs> <num_outputs>".
Cases with a node outside OP, or with non-tensor inputs/outputs, are listed in
OUT_DIR/excluded.txt with the reason.

kiln needs shapes, axes, pads and gather indices as constants (as they are in real models), while
many node tests feed them as graph inputs: integer graph inputs that feed a node input other
than the first are frozen into initializers with the case's data.
"""
import os
import sys
import warnings

warnings.filterwarnings("ignore")
import numpy as np  # noqa: E402
import onnx  # noqa: E402
from onnx import numpy_helper  # noqa: E402
from onnx.backend.test.loader import load_model_tests  # noqa: E402

out, ops = sys.argv[1], set(sys.argv[2:])
os.makedirs(out, exist_ok=True)
manifest = open(os.path.join(out, "manifest.txt"), "w")
excluded = open(os.path.join(out, "excluded.txt"), "w")
for case in load_model_tests(kind="node"):
    model = case.model
    used = {n.op_type for n in model.graph.node}
    if not used & ops:
        continue
    extra = used - ops
    if extra:
        excluded.write(f"{case.name} uses {sorted(extra)}\n")
        continue
    if not case.data_sets:
        excluded.write(f"{case.name} has no data\n")
        continue
    inputs, outputs = case.data_sets[0]
    if not all(isinstance(a, (np.ndarray, np.generic)) for a in list(inputs) + list(outputs)):
        excluded.write(f"{case.name} has non-tensor inputs or outputs\n")
        continue
    model = onnx.ModelProto.FromString(model.SerializeToString())
    graph_inputs = [i.name for i in model.graph.input if i.name not in {t.name for t in model.graph.initializer}]
    secondary = {name for n in model.graph.node for name in list(n.input)[1:]}
    secondary |= {n.input[0] for n in model.graph.node if n.op_type == "ConstantOfShape"}
    kept = []
    frozen = []
    for name, a in zip(graph_inputs, inputs):
        if name in secondary and np.issubdtype(np.asarray(a).dtype, np.integer):
            model.graph.initializer.append(numpy_helper.from_array(np.asarray(a), name))
            frozen.append(name)
        else:
            kept.append(a)
    if frozen:
        keep = [i for i in model.graph.input if i.name not in frozen]
        del model.graph.input[:]
        model.graph.input.extend(keep)
    inputs = kept
    d = os.path.join(out, case.name)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "model.onnx"), "wb") as f:
        f.write(model.SerializeToString())
    try:
        for kind, arrays in (("input", inputs), ("output", outputs)):
            for i, a in enumerate(arrays):
                with open(os.path.join(d, f"{kind}_{i}.pb"), "wb") as f:
                    f.write(numpy_helper.from_array(np.asarray(a)).SerializeToString())
    except Exception as e:  # e.g. a dtype numpy_helper cannot write
        excluded.write(f"{case.name}: {e}\n")
        continue
    manifest.write(f"{case.name} {case.rtol} {case.atol} {len(inputs)} {len(outputs)}\n")

#!/usr/bin/env python3
"""Real CNN architectures from the onnx package's backend-test `light` models (ResNet-50,
DenseNet-121, Inception-v1/v2, SqueezeNet, ShuffleNet, VGG-19, AlexNet, ZFNet-512), with their
weights made real (and a final Softmax dropped, see `drop_final_softmax`): the light files build every weight with ConstantOfShape (all ones, which hides
indexing bugs), so each such weight becomes a seeded random initializer scaled by its fan-in
(batch-norm variances positive). Writes, for each NAME, OUT_DIR/NAME.onnx, a seeded random input
OUT_DIR/NAME.input_0.npy and onnxruntime's outputs OUT_DIR/NAME.expected_K.npy.

usage: light_models.py OUT_DIR NAME...      (NAME as in the package: resnet50, densenet121, ...)
"""
import os
import sys

import numpy as np
import onnx
from onnx import numpy_helper


def light_dir():
    import onnx.backend.test

    return os.path.join(os.path.dirname(onnx.backend.test.__file__), "data", "light")


def materialize(model, rng):
    """Replaces every ConstantOfShape weight (its shape an initializer) with a random one."""
    graph = model.graph
    inits = {i.name: i for i in graph.initializer}
    consumers = {}
    for node in graph.node:
        for k, name in enumerate(node.input):
            consumers.setdefault(name, []).append((node, k))
    keep_nodes, new_inits, dropped = [], [], set()
    for node in graph.node:
        if node.op_type != "ConstantOfShape" or node.input[0] not in inits:
            keep_nodes.append(node)
            continue
        shape = [int(d) for d in numpy_helper.to_array(inits[node.input[0]])]
        dropped.add(node.input[0])
        out = node.output[0]
        use = consumers.get(out, [(None, -1)])[0]
        data = rng.standard_normal(shape).astype(np.float32)
        if use[0] is not None and use[0].op_type == "BatchNormalization":
            # scale, bias, mean, var: keep the statistics sane (var > 0, scale near 1).
            if use[1] == 4:
                data = rng.uniform(0.5, 1.5, shape).astype(np.float32)
            elif use[1] == 1:
                data = rng.uniform(0.5, 1.5, shape).astype(np.float32)
            else:
                data *= 0.1
        elif len(shape) > 1:
            data *= np.float32(np.sqrt(2.0 / max(int(np.prod(shape[1:])), 1)))
        else:
            data *= np.float32(0.1)
        new_inits.append(numpy_helper.from_array(data, out))
    del graph.node[:]
    graph.node.extend(keep_nodes)
    kept = [i for i in graph.initializer if i.name not in dropped]
    del graph.initializer[:]
    graph.initializer.extend(kept + new_inits)
    # Initializers need not be graph inputs from IR version 4 on.
    model.ir_version = max(model.ir_version, 4)
    names = {i.name for i in graph.initializer}
    inputs = [i for i in graph.input if i.name not in names and i.name not in dropped]
    del graph.input[:]
    graph.input.extend(inputs)
    return model


def drop_final_softmax(model):
    """With random weights the logits are large and a final Softmax saturates to 0 / 1, which
    would hide wrong numbers: compare the logits instead."""
    graph = model.graph
    last = graph.node[-1]
    if last.op_type != "Softmax" or last.output[0] != graph.output[0].name:
        return model
    out = graph.output[0]
    out.name = last.input[0]
    graph.node.remove(last)
    return model


def main():
    import onnxruntime as ort

    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    for name in sys.argv[2:]:
        rng = np.random.default_rng(20261125)
        model = onnx.load(os.path.join(light_dir(), f"light_{name}.onnx"))
        model = drop_final_softmax(materialize(model, rng))
        onnx.checker.check_model(model)
        path = os.path.join(out, f"{name}.onnx")
        onnx.save(model, path)
        (inp,) = model.graph.input
        shape = [d.dim_value for d in inp.type.tensor_type.shape.dim]
        x = rng.standard_normal(shape).astype(np.float32)
        sess = ort.InferenceSession(path, providers=["CPUExecutionProvider"])
        ys = sess.run(None, {inp.name: x})
        np.save(os.path.join(out, f"{name}.input_0.npy"), x)
        for k, y in enumerate(ys):
            np.save(os.path.join(out, f"{name}.expected_{k}.npy"), y)


if __name__ == "__main__":
    main()

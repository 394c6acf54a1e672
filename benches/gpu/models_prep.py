#!/usr/bin/env python3
"""Whole networks for `benches/gpu/models.sh`: the real CNN architectures of the onnx package's
`light` models (`tests/models/light_models.py`: seeded random weights scaled by fan-in), at batch 1
and at batch B: the input's batch dim set to B and every constant Reshape shape whose first entry
is the batch 1 made 0 ("copy that dim", exact for the batch); Dropout nodes (the identity at
inference) removed. Besides the light models' names, NAME may be one of `benches/gpu/model_zoo.py`'s
networks, built with `onnx.helper` at each batch with the same seeded weights: `mobilenetv2`
(MobileNetV2, depthwise inverted residual blocks, ReLU6, [B, 3, 224, 224] -> 1000 logits),
`bert_base` (BERT-base encoder, 12 layers, hidden 768, 12 heads, FFN 3072, the embeddings
[B, 128, 768] in, the last hidden state out, no mask) and `vit_b16` (ViT-B/16, [B, 3, 224, 224]
-> 1000 logits). Writes OUT_DIR/NAME_bB.onnx and a seeded random input
OUT_DIR/NAME_bB.input_0.npy for each NAME and B.

usage: models_prep.py OUT_DIR BATCH[,BATCH...] NAME...
"""
import os
import subprocess
import sys

import numpy as np
import onnx
from onnx import numpy_helper

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import model_zoo  # noqa: E402

LIGHT_MODELS = os.path.join(os.path.dirname(__file__), "..", "..", "tests", "models", "light_models.py")


def with_batch(model, batch):
    model = onnx.ModelProto.FromString(model.SerializeToString())
    graph = model.graph
    inits = {i.name: i for i in graph.initializer}
    for value in list(graph.input) + list(graph.output):
        dims = value.type.tensor_type.shape.dim
        if dims and dims[0].dim_value == 1:
            dims[0].dim_value = batch
    for node in graph.node:
        if node.op_type == "Reshape" and node.input[1] in inits:
            shape = numpy_helper.to_array(inits[node.input[1]]).copy()
            if shape.size and shape[0] == 1:
                shape[0] = 0
                inits[node.input[1]].CopyFrom(numpy_helper.from_array(shape, node.input[1]))
    # Dropout is the identity at inference (and onnx2torch has no converter for opset-7 Dropout):
    # its readers read its input.
    keep = []
    for node in graph.node:
        if node.op_type == "Dropout":
            for other in graph.node:
                for k, name in enumerate(other.input):
                    if name == node.output[0]:
                        other.input[k] = node.input[0]
            for value in graph.output:
                if value.name == node.output[0]:
                    value.name = node.input[0]
        else:
            keep.append(node)
    del graph.node[:]
    graph.node.extend(keep)
    del graph.value_info[:]
    return model


def main():
    out, batches, names = sys.argv[1], [int(b) for b in sys.argv[2].split(",")], sys.argv[3:]
    os.makedirs(out, exist_ok=True)
    tmp = os.path.join(out, "light")
    os.makedirs(tmp, exist_ok=True)
    for name in names:
        if name not in model_zoo.NAMES:
            subprocess.run([sys.executable, LIGHT_MODELS, tmp, name], check=True)
            model = onnx.load(os.path.join(tmp, f"{name}.onnx"))
        for batch in batches:
            m = model_zoo.build(name, batch) if name in model_zoo.NAMES else with_batch(model, batch)
            path = os.path.join(out, f"{name}_b{batch}.onnx")
            onnx.save(m, path)
            dims = [d.dim_value for d in m.graph.input[0].type.tensor_type.shape.dim]
            x = np.random.default_rng(batch).standard_normal(dims).astype(np.float32)
            np.save(os.path.join(out, f"{name}_b{batch}.input_0.npy"), x)
            print(f"{path}: input {dims}")


if __name__ == "__main__":
    main()

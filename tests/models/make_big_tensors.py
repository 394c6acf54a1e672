#!/usr/bin/env python3
"""Models whose weights are larger than lavapipe's maxStorageBufferRange (2^27 bytes), which
kernels reach through buffer device addresses (docs/lowering.md, "Tensors past the storage-buffer
range"). Writes, for each NAME, OUT_DIR/NAME.onnx, seeded random inputs OUT_DIR/NAME.input_K.npy
and onnxruntime's outputs OUT_DIR/NAME.expected_K.npy.

- `weight_1g`: one f32 weight of 32768 x 8192 (1 GiB), read by a Gather (8 run-time row indices)
  and by a MatMul ([2, 32768] x W); `weight_256m` the same with 8192 rows (256 MiB, still twice
  lavapipe's range) for machines with less memory than the 1 GiB one needs (about 8 GB).
- `gpt2_embeddings`: GPT-2's token embedding (50257 x 768 f32, 154 MB) and position embedding with
  a symbolic batch: Gather + Gather + Add, LayerNorm, and the tied LM head (MatMul by the
  embedding's transpose), as in transformers' GPT2LMHeadModel (batch 2, 16 tokens).

- `export=PATH`: the model at PATH (a GPT-2 export: one int64 input_ids of [batch, tokens]) as
  OUT_DIR/export.onnx (a symbolic link), with batch-1 seeded token ids below GPT-2's vocabulary.

usage: make_big_tensors.py OUT_DIR NAME...
"""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper


def weight_1g(rng):
    return one_weight(rng, "weight_1g", 32768)


def weight_256m(rng):
    return one_weight(rng, "weight_256m", 8192)


def one_weight(rng, name, rows):
    columns = 8192
    weight = rng.standard_normal((rows, columns), dtype=np.float32)
    nodes = [
        helper.make_node("Gather", ["W", "ids"], ["rows"], axis=0),
        helper.make_node("MatMul", ["x", "W"], ["product"]),
    ]
    graph = helper.make_graph(
        nodes,
        name,
        [
            helper.make_tensor_value_info("ids", TensorProto.INT64, [8]),
            helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, rows]),
        ],
        [
            helper.make_tensor_value_info("rows", TensorProto.FLOAT, [8, columns]),
            helper.make_tensor_value_info("product", TensorProto.FLOAT, [2, columns]),
        ],
        [numpy_helper.from_array(weight, "W")],
    )
    # The first and the last row, and rows about 2^27 bytes (row 4096 starts there) and 2^29
    # (those past the weight's rows wrap).
    ids = np.array([0, rows - 1, 4095, 4096, 4097, 20000, 16384, 12345], dtype=np.int64) % rows
    x = rng.standard_normal((2, rows), dtype=np.float32)
    return graph, [ids, x]


def gpt2_embeddings(rng):
    vocabulary, width, positions, tokens = 50257, 768, 1024, 16
    wte = (rng.standard_normal((vocabulary, width), dtype=np.float32) * np.float32(0.02))
    wpe = (rng.standard_normal((positions, width), dtype=np.float32) * np.float32(0.01))
    gamma = rng.uniform(0.5, 1.5, width).astype(np.float32)
    beta = (rng.standard_normal(width) * 0.1).astype(np.float32)
    nodes = [
        helper.make_node("Gather", ["wte", "input_ids"], ["tokens"], axis=0),
        helper.make_node("Gather", ["wpe", "position_ids"], ["positions"], axis=0),
        helper.make_node("Add", ["tokens", "positions"], ["hidden"]),
        helper.make_node(
            "LayerNormalization", ["hidden", "gamma", "beta"], ["normed"], axis=-1, epsilon=1e-5
        ),
        helper.make_node("Transpose", ["wte"], ["wte_t"], perm=[1, 0]),
        helper.make_node("MatMul", ["normed", "wte_t"], ["logits"]),
    ]
    graph = helper.make_graph(
        nodes,
        "gpt2_embeddings",
        [helper.make_tensor_value_info("input_ids", TensorProto.INT64, ["batch", tokens])],
        [helper.make_tensor_value_info("logits", TensorProto.FLOAT, ["batch", tokens, vocabulary])],
        [
            numpy_helper.from_array(wte, "wte"),
            numpy_helper.from_array(wpe, "wpe"),
            numpy_helper.from_array(np.arange(tokens, dtype=np.int64), "position_ids"),
            numpy_helper.from_array(gamma, "gamma"),
            numpy_helper.from_array(beta, "beta"),
        ],
    )
    ids = rng.integers(0, vocabulary, (2, tokens), dtype=np.int64)
    ids[0, :3] = [0, vocabulary - 1, 43690]  # rows at both ends and past 2^27 bytes
    return graph, [ids]


MODELS = {"weight_1g": weight_1g, "weight_256m": weight_256m, "gpt2_embeddings": gpt2_embeddings}


def export(out_dir, path, rng, ort):
    link = os.path.join(out_dir, "export.onnx")
    if os.path.lexists(link):
        os.remove(link)
    os.symlink(os.path.abspath(path), link)
    session = ort.InferenceSession(link, providers=["CPUExecutionProvider"])
    (feed,) = session.get_inputs()
    tokens = [d if isinstance(d, int) else 1 for d in feed.shape]
    ids = rng.integers(0, 50257, tokens, dtype=np.int64)
    np.save(os.path.join(out_dir, "export.input_0.npy"), ids)
    for k, y in enumerate(session.run(None, {feed.name: ids})):
        np.save(os.path.join(out_dir, f"export.expected_{k}.npy"), y)


def main():
    out_dir, names = sys.argv[1], sys.argv[2:]
    os.makedirs(out_dir, exist_ok=True)
    import onnxruntime as ort

    for name in names:
        rng = np.random.default_rng(45)
        if name.startswith("export="):
            export(out_dir, name[len("export="):], rng, ort)
            continue
        graph, inputs = MODELS[name](rng)
        model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
        model.ir_version = 8
        onnx.checker.check_model(model)
        path = os.path.join(out_dir, f"{name}.onnx")
        onnx.save(model, path)
        del model, graph
        session = ort.InferenceSession(path, providers=["CPUExecutionProvider"])
        feeds = {i.name: x for i, x in zip(session.get_inputs(), inputs)}
        for k, x in enumerate(inputs):
            np.save(os.path.join(out_dir, f"{name}.input_{k}.npy"), x)
        for k, y in enumerate(session.run(None, feeds)):
            np.save(os.path.join(out_dir, f"{name}.expected_{k}.npy"), y)


if __name__ == "__main__":
    main()

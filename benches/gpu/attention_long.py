#!/usr/bin/env python3
"""One attention layer as an ONNX model, for the blocked attention kernel (docs/lowering.md,
"Attention in one dispatch"): q, k, v `[batch, heads, seq, depth]` f32 (k transposed by a
Transpose node), a `[batch, 1, 1, seq]` additive mask, Mul by 1/sqrt(depth), Softmax, MatMul.
`seq` may be a name (a symbolic dim). Usage:

    benches/gpu/attention_long.py BATCH HEADS SEQ DEPTH OUT.onnx
    benches/gpu/attention_long.py 1 12 4096 64 /tmp/attn4096.onnx
    kiln bench /tmp/attn4096.onnx                                   # QK^T, softmax, PV
    kiln bench /tmp/attn4096.onnx --heuristic attention_blocked_min_score_bytes=0  # blocked
    kiln bench /tmp/attn4096.onnx --heuristic attention_max_keys=0  # always three dispatches
(Static rows take the blocked kernel by default only for score tensors of 1 GiB or more.)
    benches/gpu/attention_long.py 1 12 S 64 /tmp/attnS.onnx         # symbolic S
    kiln bench /tmp/attnS.onnx --dim S=4096
"""
import sys

import numpy as np
import onnx
from onnx import TensorProto as T
from onnx import helper as h

b, heads, depth = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[4])
seq = int(sys.argv[3]) if sys.argv[3].isdigit() else sys.argv[3]
nodes = [
    h.make_node("Transpose", ["k"], ["kt"], perm=[0, 1, 3, 2]),
    h.make_node("MatMul", ["q", "kt"], ["s"]),
    h.make_node("Mul", ["s", "scale"], ["ss"]),
    h.make_node("Add", ["ss", "mask"], ["sm"]),
    h.make_node("Softmax", ["sm"], ["p"], axis=-1),
    h.make_node("MatMul", ["p", "v"], ["o"]),
]
inputs = [h.make_tensor_value_info(x, T.FLOAT, [b, heads, seq, depth]) for x in "qkv"]
inputs.append(h.make_tensor_value_info("mask", T.FLOAT, [b, 1, 1, seq]))
graph = h.make_graph(
    nodes,
    "attention",
    inputs,
    [h.make_tensor_value_info("o", T.FLOAT, [b, heads, seq, depth])],
    [h.make_tensor("scale", T.FLOAT, [], [1 / np.sqrt(depth)])],
)
model = h.make_model(graph, opset_imports=[h.make_opsetid("", 13)])
model.ir_version = 8
onnx.checker.check_model(model)
onnx.save(model, sys.argv[5])

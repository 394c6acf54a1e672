#!/usr/bin/env python3
"""Dynamically quantized models as onnxruntime's `quantize_dynamic` writes them (issue 41):
small float models (a CNN with Conv / Relu / Conv / GlobalAveragePool / Gemm, and an MLP of
MatMuls whose first contraction has K = 6144, past f32's exact integers for uint8 x int8 sums)
quantized to DynamicQuantizeLinear + ConvInteger / MatMulInteger + Cast + Mul, with every
integer tensor (the quantized activations, their zero points, the int32 sums) also made a graph
output, so that kiln's integers can be compared with onnxruntime's exactly.

usage: make_quantized_models.py OUT_DIR

For each model MODEL it writes OUT_DIR/MODEL.onnx (the quantized model), OUT_DIR/MODEL.input_0.npy
(seeded random input, with values near the rounding ties of the first scale) and
OUT_DIR/MODEL.expected_K.npy (onnxruntime's outputs, CPU, in the graph's output order).
"""
import os
import sys
import tempfile

import numpy as np
import onnx
import onnxruntime as ort
from onnx import TensorProto, helper, numpy_helper
from onnxruntime.quantization import QuantType, quantize_dynamic

rng = np.random.default_rng(20261202)
out = sys.argv[1]
os.makedirs(out, exist_ok=True)
F = TensorProto.FLOAT


K_LONG = 6144


def weight(name, *shape):
    fan_in = int(np.prod(shape[1:])) if len(shape) > 1 else shape[0]
    w = rng.standard_normal(shape) / np.sqrt(fan_in)
    return numpy_helper.from_array(w.astype(np.float32), name)


def cnn():
    """[1, 3, 24, 24] -> Conv 3x3 (16) -> Relu -> Conv 3x3 stride 2 (32) -> Relu -> GAP ->
    Flatten -> Gemm (10)."""
    inits = [weight("w1", 16, 3, 3, 3), weight("w2", 32, 16, 3, 3), weight("fc", 10, 32),
             numpy_helper.from_array(rng.standard_normal(16).astype(np.float32) * 0.1, "b1"),
             numpy_helper.from_array(rng.standard_normal(10).astype(np.float32) * 0.1, "fcb")]
    nodes = [
        helper.make_node("Conv", ["x", "w1", "b1"], ["c1"], name="conv1", pads=[1, 1, 1, 1]),
        helper.make_node("Relu", ["c1"], ["r1"], name="relu1"),
        helper.make_node("Conv", ["r1", "w2"], ["c2"], name="conv2", strides=[2, 2]),
        helper.make_node("Relu", ["c2"], ["r2"], name="relu2"),
        helper.make_node("GlobalAveragePool", ["r2"], ["g"], name="gap"),
        helper.make_node("Flatten", ["g"], ["f"], name="flatten"),
        helper.make_node("Gemm", ["f", "fc", "fcb"], ["y"], name="fc", transB=1),
    ]
    x = helper.make_tensor_value_info("x", F, [1, 3, 24, 24])
    y = helper.make_tensor_value_info("y", F, [1, 10])
    return helper.make_graph(nodes, "cnn", [x], [y], inits), [1, 3, 24, 24]


def mlp():
    """[2, 5, 6144] (positive) -> MatMul (6144 x 96, positive weights) -> Tanh -> MatMul
    (96 x 40) -> Sigmoid: the first contraction's int32 sums reach about 2.3e7, past 2^24, where
    f32 no longer holds every integer."""
    m1 = np.abs(rng.standard_normal((K_LONG, 96))) / K_LONG
    inits = [numpy_helper.from_array(m1.astype(np.float32), "m1"), weight("m2", 96, 40)]
    nodes = [
        helper.make_node("MatMul", ["x", "m1"], ["h"], name="mm1"),
        helper.make_node("Tanh", ["h"], ["t"], name="tanh"),
        helper.make_node("MatMul", ["t", "m2"], ["z"], name="mm2"),
        helper.make_node("Sigmoid", ["z"], ["y"], name="sigmoid"),
    ]
    x = helper.make_tensor_value_info("x", F, [2, 5, K_LONG])
    y = helper.make_tensor_value_info("y", F, [2, 5, 40])
    return helper.make_graph(nodes, "mlp", [x], [y], inits), [2, 5, K_LONG]


INTEGER_OPS = {"DynamicQuantizeLinear", "ConvInteger", "MatMulInteger"}


def expose_integers(model):
    """Adds every output of the integer ops (and the quantization scales) as graph outputs."""
    graph = model.graph
    have = {o.name for o in graph.output}
    inferred = onnx.shape_inference.infer_shapes(model)
    types = {v.name: v for v in list(inferred.graph.value_info) + list(inferred.graph.output)}
    for node in graph.node:
        if node.op_type not in INTEGER_OPS:
            continue
        for name in node.output:
            if name and name not in have:
                graph.output.append(types[name])
                have.add(name)
    return model


def image(shape):
    if shape[-1] == K_LONG:
        x = rng.uniform(0.5, 1.0, shape).astype(np.float32)
    else:
        x = rng.standard_normal(shape).astype(np.float32)
    # A few values on the rounding ties of the first quantization (x / scale = k + 0.5).
    lo, hi = min(float(x.min()), 0.0), max(float(x.max()), 0.0)
    scale = np.float32((hi - lo) / 255.0)
    flat = x.reshape(-1)
    for i in range(0, min(flat.size, 64)):
        flat[i * 7 % flat.size] = np.float32((i - 32) + 0.5) * scale
    return x


for name, make in [("quantized_cnn", cnn), ("quantized_mlp", mlp)]:
    graph, shape = make()
    float_model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    float_model.ir_version = 8
    onnx.checker.check_model(float_model)
    with tempfile.TemporaryDirectory() as tmp:
        src, dst = os.path.join(tmp, "f.onnx"), os.path.join(tmp, "q.onnx")
        onnx.save(float_model, src)
        op_types = ["Conv", "MatMul", "Gemm"]
        quantize_dynamic(src, dst, weight_type=QuantType.QInt8, op_types_to_quantize=op_types)
        model = expose_integers(onnx.load(dst))
    onnx.save(model, os.path.join(out, f"{name}.onnx"))
    x = image(shape)
    np.save(os.path.join(out, f"{name}.input_0.npy"), x)
    session = ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"])
    for k, value in enumerate(session.run(None, {"x": x})):
        np.save(os.path.join(out, f"{name}.expected_{k}.npy"), value)
    ops = sorted({n.op_type for n in model.graph.node})
    print(f"{name}: {len(model.graph.output)} outputs, ops {ops}")

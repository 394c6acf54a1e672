"""Builds a few multi-op ONNX models with onnx.helper and runs them with onnxruntime.

usage: gen_models.py OUT_DIR

Writes OUT_DIR/<case>/model.onnx (+ external weights for one case), input_<i>.pb and the
onnxruntime results as output_<i>.pb, and a line "<case> <num_inputs> <num_outputs>" per case
(and per extra data set of the dynamic-batch model) in OUT_DIR/manifest.txt.
"""
import os
import sys

import numpy as np
import onnx
import onnxruntime as ort
from onnx import TensorProto, helper, numpy_helper

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
manifest = open(os.path.join(out, "manifest.txt"), "w")
rng = np.random.default_rng(7)


def w(*shape, scale=0.5):
    return (rng.standard_normal(shape) * scale).astype(np.float32)


def init(name, a):
    return numpy_helper.from_array(np.asarray(a), name)


def save(name, graph, opset, feeds_list, external=False):
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)], ir_version=8)
    onnx.checker.check_model(model)
    d = os.path.join(out, name)
    os.makedirs(d, exist_ok=True)
    path = os.path.join(d, "model.onnx")
    if external:
        onnx.save_model(model, path, save_as_external_data=True, all_tensors_to_one_file=True, location="weights.bin", size_threshold=0)
    else:
        onnx.save_model(model, path)
    sess = ort.InferenceSession(path, providers=["CPUExecutionProvider"])
    for k, feeds in enumerate(feeds_list):
        case = name if k == 0 else f"{name}@{k}"
        cd = os.path.join(out, case)
        os.makedirs(cd, exist_ok=True)
        if k > 0:
            for f in os.listdir(d):
                if not f.endswith(".pb"):
                    os.link(os.path.join(d, f), os.path.join(cd, f)) if not os.path.exists(os.path.join(cd, f)) else None
        names = [i.name for i in sess.get_inputs()]
        results = sess.run(None, dict(zip(names, feeds)))
        for i, a in enumerate(feeds):
            open(os.path.join(cd, f"input_{i}.pb"), "wb").write(numpy_helper.from_array(a).SerializeToString())
        for i, a in enumerate(results):
            open(os.path.join(cd, f"output_{i}.pb"), "wb").write(numpy_helper.from_array(a).SerializeToString())
        manifest.write(f"{case} {len(feeds)} {len(results)}\n")


V = helper.make_tensor_value_info
F = TensorProto.FLOAT

# 1. A small CNN: padded strided conv, batchnorm, relu, maxpool, grouped conv, global pool, gemm, softmax.
nodes = [
    helper.make_node("Conv", ["x", "w1", "b1"], ["c1"], pads=[1, 1, 1, 1], strides=[2, 2]),
    helper.make_node("BatchNormalization", ["c1", "g", "beta", "mean", "var"], ["bn"], epsilon=1e-3),
    helper.make_node("Relu", ["bn"], ["r1"]),
    helper.make_node("MaxPool", ["r1"], ["p1"], kernel_shape=[3, 3], strides=[2, 2], pads=[1, 1, 1, 1]),
    helper.make_node("Conv", ["p1", "w2"], ["c2"], group=2, pads=[1, 1, 1, 1], dilations=[1, 1]),
    helper.make_node("GlobalAveragePool", ["c2"], ["gp"]),
    helper.make_node("Flatten", ["gp"], ["fl"], axis=1),
    helper.make_node("Gemm", ["fl", "wf", "bf"], ["logits"], transB=1, alpha=0.5, beta=2.0),
    helper.make_node("Softmax", ["logits"], ["y"], axis=1),
]
graph = helper.make_graph(
    nodes, "cnn", [V("x", F, [2, 3, 16, 16])], [V("y", F, [2, 10])],
    [init("w1", w(8, 3, 3, 3)), init("b1", w(8)), init("g", w(8) + 1), init("beta", w(8)), init("mean", w(8)),
     init("var", np.abs(w(8)) + 0.5), init("w2", w(6, 4, 3, 3)), init("wf", w(10, 6)), init("bf", w(10))],
)
save("cnn", graph, 13, [[w(2, 3, 16, 16, scale=1.0)]])

# 2. A transformer-style block: shape subgraph -> Reshape, 3-D MatMul, GELU (Erf), layer norm with
#    ReduceMean / Pow / Sqrt, Transpose, and a batched MatMul.
nodes = [
    helper.make_node("Shape", ["x"], ["shp"]),
    helper.make_node("Gather", ["shp", "i0"], ["b"], axis=0),
    helper.make_node("Unsqueeze", ["b", "ax0"], ["b1"]),
    helper.make_node("Concat", ["b1", "tail"], ["newshape"], axis=0),
    helper.make_node("MatMul", ["x", "wq"], ["h"]),
    helper.make_node("Add", ["h", "bq"], ["hb"]),
    helper.make_node("Div", ["hb", "sqrt2"], ["hd"]),
    helper.make_node("Erf", ["hd"], ["he"]),
    helper.make_node("Add", ["he", "one"], ["he1"]),
    helper.make_node("Mul", ["hb", "he1"], ["hm"]),
    helper.make_node("Mul", ["hm", "half"], ["gelu"]),
    helper.make_node("ReduceMean", ["gelu"], ["mu"], axes=[-1], keepdims=1),
    helper.make_node("Sub", ["gelu", "mu"], ["dc"]),
    helper.make_node("Pow", ["dc", "two"], ["sq"]),
    helper.make_node("ReduceMean", ["sq"], ["var"], axes=[-1], keepdims=1),
    helper.make_node("Add", ["var", "eps"], ["ve"]),
    helper.make_node("Sqrt", ["ve"], ["sd"]),
    helper.make_node("Div", ["dc", "sd"], ["ln"]),
    helper.make_node("Reshape", ["ln", "newshape"], ["r"]),
    helper.make_node("Transpose", ["r"], ["t"], perm=[0, 2, 1, 3]),
    helper.make_node("MatMul", ["t", "kt"], ["scores"]),
    helper.make_node("Tanh", ["scores"], ["y"]),
]
graph = helper.make_graph(
    nodes, "block", [V("x", F, [2, 5, 8])], [V("y", F, [2, 4, 5, 3])],
    [init("i0", np.array(0, np.int64)), init("ax0", np.array([0], np.int64)), init("tail", np.array([5, 4, 4], np.int64)),
     init("wq", w(8, 16)), init("bq", w(16)), init("sqrt2", np.array(np.sqrt(2), np.float32)), init("one", np.array(1, np.float32)),
     init("half", np.array(0.5, np.float32)), init("two", np.array(2, np.float32)), init("eps", np.array(1e-5, np.float32)),
     init("kt", w(4, 4, 3))],
)
save("block", graph, 13, [[w(2, 5, 8, scale=1.0)]])

# 3. Opset 9 forms: Clip / Pad attributes, LRN, LeakyRelu, depthwise conv, AveragePool with
#    count_include_pad and ceil_mode (opset 10 attr, so this one is opset 11), Max / Min / Mean / Sum.
nodes = [
    helper.make_node("Conv", ["x", "dw"], ["d"], group=4, pads=[1, 1, 1, 1]),
    helper.make_node("LRN", ["d"], ["l"], size=3, alpha=1e-3, beta=0.75, bias=1.5),
    helper.make_node("LeakyRelu", ["l"], ["lr"], alpha=0.2),
    helper.make_node("Clip", ["lr", "lo", "hi"], ["cl"]),
    helper.make_node("AveragePool", ["cl"], ["ap"], kernel_shape=[3, 3], strides=[2, 2], pads=[1, 1, 1, 1], count_include_pad=0, ceil_mode=1),
    helper.make_node("AveragePool", ["cl"], ["ap2"], kernel_shape=[2, 2], strides=[2, 2], pads=[1, 1, 0, 0], count_include_pad=1),
    helper.make_node("Pad", ["ap2", "pads", "pv"], ["pp"], mode="constant"),
    helper.make_node("Max", ["ap", "pp", "x2"], ["mx"]),
    helper.make_node("Min", ["ap", "pp"], ["mn"]),
    helper.make_node("Mean", ["mx", "mn"], ["me"]),
    helper.make_node("Sum", ["me", "mx", "mn"], ["s"]),
    helper.make_node("Concat", ["s", "ap"], ["cat"], axis=1),
    helper.make_node("ReduceSum", ["cat"], ["rs"], axes=[1], keepdims=0),
    helper.make_node("Squeeze", ["rs"], ["sq"], axes=[0]),
    helper.make_node("Softmax", ["sq"], ["y"], axis=0),
    helper.make_node("Sigmoid", ["cat"], ["y2"]),
    helper.make_node("Neg", ["y2"], ["y3"]),
    helper.make_node("Abs", ["y3"], ["y4"]),
    helper.make_node("Exp", ["y4"], ["y5"]),
    helper.make_node("Log", ["y5"], ["y6"]),
    helper.make_node("GlobalMaxPool", ["y6"], ["y7"]),
]
graph = helper.make_graph(
    nodes, "misc", [V("x", F, [1, 4, 9, 9]), V("x2", F, [1, 1, 5, 5])], [V("y", F, [5, 5]), V("y7", F, [1, 8, 1, 1])],
    [init("dw", w(4, 1, 3, 3)), init("lo", np.array(-0.3, np.float32)), init("hi", np.array(0.4, np.float32)),
     init("pads", np.array([0, 0, 0, 0, 0, 0, 0, 0], np.int64)), init("pv", np.array(0.0, np.float32))],
)
save("misc", graph, 11, [[w(1, 4, 9, 9, scale=1.0), w(1, 1, 5, 5)]])

# 4. A symbolic batch dim (dim_param N): two data sets with different N.
nodes = [
    helper.make_node("MatMul", ["x", "w"], ["h"]),
    helper.make_node("Relu", ["h"], ["r"]),
    helper.make_node("ReduceSum", ["r", "axes"], ["s"], keepdims=1),
    helper.make_node("Mul", ["r", "s"], ["y"]),
]
graph = helper.make_graph(
    nodes, "dynamic", [V("x", F, ["N", 8])], [V("y", F, ["N", 6])],
    [init("w", w(8, 6)), init("axes", np.array([1], np.int64))],
)
save("dynamic", graph, 13, [[w(3, 8, scale=1.0)], [w(5, 8, scale=1.0)]])

# 5. Weights in an external data file, opset 7 forms (Gemm with broadcast C, Dropout, Identity, Cast).
nodes = [
    helper.make_node("Gemm", ["x", "wg", "cg"], ["g"], transA=1),
    helper.make_node("Dropout", ["g"], ["dr"]),
    helper.make_node("Identity", ["dr"], ["id"]),
    helper.make_node("Cast", ["id"], ["ci"], to=TensorProto.INT32),
    helper.make_node("Cast", ["ci"], ["y"], to=TensorProto.FLOAT),
]
graph = helper.make_graph(
    nodes, "external", [V("x", F, [6, 4])], [V("y", F, [4, 5])],
    [init("wg", w(6, 5, scale=4.0)), init("cg", w(5, scale=4.0))],
)
save("external", graph, 7, [[w(6, 4, scale=2.0)]], external=True)

# 6. Opset 9 forms: Pad / Clip / Unsqueeze / Squeeze / ReduceMean axes as attributes, Softmax's
#    2-D coercion at axis 1 on a 4-D input, Flatten at axis 2, Dropout with a ratio attribute.
nodes = [
    helper.make_node("Pad", ["x"], ["p"], pads=[0, 0, 1, 2, 0, 0, 1, 0], value=0.25),
    helper.make_node("Clip", ["p"], ["c"], min=-0.5, max=0.75),
    helper.make_node("MaxPool", ["c"], ["m"], kernel_shape=[2, 2], strides=[1, 2]),
    helper.make_node("Dropout", ["m"], ["d"], ratio=0.3),
    helper.make_node("Softmax", ["d"], ["s"], axis=1),
    helper.make_node("ReduceMean", ["s"], ["r"], axes=[3], keepdims=0),
    helper.make_node("Unsqueeze", ["r"], ["u"], axes=[0]),
    helper.make_node("Squeeze", ["u"], ["q"], axes=[0]),
    helper.make_node("Flatten", ["q"], ["y"], axis=2),
]
graph = helper.make_graph(nodes, "opset9", [V("x", F, [2, 3, 5, 6])], [V("y", F, [6, 6])], [])
save("opset9", graph, 9, [[w(2, 3, 5, 6, scale=1.0)]])

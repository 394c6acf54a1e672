#!/usr/bin/env python3
"""Builds small real CNN architectures as ONNX models with random weights (onnx.helper), plus
seeded random inputs and onnxruntime's outputs, for kiln's end-to-end tests.

usage: make_models.py OUT_DIR [MODEL ...]

For each model NAME it writes OUT_DIR/NAME.onnx, OUT_DIR/NAME.input_K.npy and
OUT_DIR/NAME.expected_K.npy (onnxruntime, CPU). Models with a symbolic batch dim get inputs and
expectations for each batch size in BATCHES, named NAME.nB.input_K.npy / NAME.nB.expected_K.npy.
"""
import sys
import os
import numpy as np
import onnx
from onnx import helper, TensorProto, numpy_helper

OPSET = 17
rng = np.random.default_rng(20261122)


class Net:
    """A tiny graph builder: each method appends nodes and returns the output name."""

    def __init__(self, name):
        self.name = name
        self.nodes = []
        self.inits = []
        self.counter = 0

    def fresh(self, prefix):
        self.counter += 1
        return f"{prefix}_{self.counter}"

    def weight(self, shape, scale=None, prefix="w"):
        fan_in = int(np.prod(shape[1:])) if len(shape) > 1 else int(shape[0])
        scale = scale if scale is not None else 1.0 / np.sqrt(max(fan_in, 1))
        name = self.fresh(prefix)
        data = (rng.standard_normal(shape) * scale).astype(np.float32)
        self.inits.append(numpy_helper.from_array(data, name))
        return name

    def const_i64(self, values):
        name = self.fresh("shape")
        self.inits.append(numpy_helper.from_array(np.array(values, dtype=np.int64), name))
        return name

    def node(self, op, inputs, **attrs):
        out = self.fresh(op.lower())
        self.nodes.append(helper.make_node(op, inputs, [out], name=out, **attrs))
        return out

    def conv(self, x, cin, cout, k, stride=1, pad=None, group=1, bias=True, dilation=1):
        pad = (k // 2) * dilation if pad is None else pad
        w = self.weight([cout, cin // group, k, k])
        ins = [x, w] + ([self.weight([cout], 0.1, "b")] if bias else [])
        return self.node("Conv", ins, kernel_shape=[k, k], strides=[stride, stride],
                         pads=[pad] * 4, group=group, dilations=[dilation, dilation])

    def bn(self, x, c):
        scale = self.fresh("bn_scale")
        self.inits.append(numpy_helper.from_array(
            rng.uniform(0.5, 1.5, [c]).astype(np.float32), scale))
        bias = self.weight([c], 0.1, "bn_bias")
        mean = self.weight([c], 0.1, "bn_mean")
        var = self.fresh("bn_var")
        self.inits.append(numpy_helper.from_array(
            rng.uniform(0.5, 1.5, [c]).astype(np.float32), var))
        return self.node("BatchNormalization", [x, scale, bias, mean, var], epsilon=1e-5)

    def relu(self, x):
        return self.node("Relu", [x])

    def head(self, x, c, classes):
        g = self.node("GlobalAveragePool", [x])
        f = self.node("Flatten", [g], axis=1)
        w = self.weight([classes, c])
        b = self.weight([classes], 0.1, "b")
        y = self.node("Gemm", [f, w, b], transB=1)
        return self.node("Softmax", [y], axis=-1)

    def model(self, x_shape, y, y_shape):
        x = helper.make_tensor_value_info("input", TensorProto.FLOAT, x_shape)
        out = helper.make_tensor_value_info("output", TensorProto.FLOAT, y_shape)
        self.nodes.append(helper.make_node("Identity", [y], ["output"], name="output"))
        graph = helper.make_graph(self.nodes, self.name, [x], [out], self.inits)
        m = helper.make_model(graph, opset_imports=[helper.make_opsetid("", OPSET)],
                              producer_name="kiln-tests")
        m.ir_version = 8
        onnx.checker.check_model(m)
        return m


def resnet(batch="N", width=16, classes=10, hw=32):
    """Two ResNet basic blocks (one with a strided 1x1 projection) + GAP + Gemm + Softmax."""
    n = Net("resnet")
    x = n.relu(n.bn(n.conv("input", 3, width, 3), width))
    x = n.node("MaxPool", [x], kernel_shape=[3, 3], strides=[2, 2], pads=[1, 1, 1, 1])
    # basic block, identity shortcut
    y = n.relu(n.bn(n.conv(x, width, width, 3, bias=False), width))
    y = n.bn(n.conv(y, width, width, 3, bias=False), width)
    x = n.relu(n.node("Add", [x, y]))
    # basic block, strided projection shortcut
    y = n.relu(n.bn(n.conv(x, width, 2 * width, 3, stride=2, bias=False), 2 * width))
    y = n.bn(n.conv(y, 2 * width, 2 * width, 3, bias=False), 2 * width)
    s = n.bn(n.conv(x, width, 2 * width, 1, stride=2, pad=0, bias=False), 2 * width)
    x = n.relu(n.node("Add", [s, y]))
    return n.model([batch, 3, hw, hw], n.head(x, 2 * width, classes), [batch, classes])


def inception(batch=1):
    """An Inception module: 1x1, 3x3 (reduced), 5x5 (reduced) and pool-projection branches."""
    n = Net("inception")
    x = n.relu(n.conv("input", 3, 16, 3))
    b1 = n.relu(n.conv(x, 16, 8, 1))
    b2 = n.relu(n.conv(n.relu(n.conv(x, 16, 8, 1)), 8, 12, 3))
    b3 = n.relu(n.conv(n.relu(n.conv(x, 16, 4, 1)), 4, 6, 5))
    b4 = n.relu(n.conv(n.node("MaxPool", [x], kernel_shape=[3, 3], strides=[1, 1],
                                pads=[1, 1, 1, 1]), 16, 6, 1))
    x = n.node("Concat", [b1, b2, b3, b4], axis=1)
    x = n.node("AveragePool", [x], kernel_shape=[2, 2], strides=[2, 2])
    return n.model([batch, 3, 16, 16], n.head(x, 32, 5), [batch, 5])


def densenet(batch=1):
    """A dense block of three BN-ReLU-Conv layers, each concatenated onto its input."""
    n = Net("densenet")
    x = n.conv("input", 3, 8, 3)
    c = 8
    for _ in range(3):
        y = n.conv(n.relu(n.bn(x, c)), c, 4, 3, bias=False)
        x = n.node("Concat", [x, y], axis=1)
        c += 4
    x = n.relu(n.bn(x, c))
    return n.model([batch, 3, 12, 12], n.head(x, c, 6), [batch, 6])


def shufflenet(batch=1):
    """A ShuffleNet unit: grouped 1x1, channel shuffle (reshape/transpose/reshape), depthwise 3x3."""
    n = Net("shufflenet")
    c, g, hw = 16, 4, 10
    x = n.relu(n.conv("input", 3, c, 3))
    y = n.relu(n.bn(n.conv(x, c, c, 1, pad=0, group=g, bias=False), c))
    y = n.node("Reshape", [y, n.const_i64([batch, g, c // g, hw, hw])])
    y = n.node("Transpose", [y], perm=[0, 2, 1, 3, 4])
    y = n.node("Reshape", [y, n.const_i64([batch, c, hw, hw])])
    y = n.bn(n.conv(y, c, c, 3, group=c, bias=False), c)
    y = n.bn(n.conv(y, c, c, 1, pad=0, group=g, bias=False), c)
    x = n.relu(n.node("Add", [x, y]))
    return n.model([batch, 3, hw, hw], n.head(x, c, 4), [batch, 4])


def squeezenet(batch=1):
    """SqueezeNet fire modules: squeeze 1x1, expand 1x1 and 3x3, concat; max and average pools."""
    n = Net("squeezenet")
    x = n.relu(n.conv("input", 3, 16, 3, stride=2, pad=0))
    x = n.node("MaxPool", [x], kernel_shape=[3, 3], strides=[2, 2])
    # fire modules (squeeze, expand): 16 -> 4 -> 8+8 = 16, then 16 -> 6 -> 12+12 = 24
    for cin, squeeze, expand in [(16, 4, 8), (16, 6, 12)]:
        s = n.relu(n.conv(x, cin, squeeze, 1))
        e1 = n.relu(n.conv(s, squeeze, expand, 1))
        e3 = n.relu(n.conv(s, squeeze, expand, 3))
        x = n.node("Concat", [e1, e3], axis=1)
    x = n.relu(n.conv(x, 24, 7, 1))
    x = n.node("GlobalAveragePool", [x])
    x = n.node("Flatten", [x], axis=1)
    y = n.node("Softmax", [x], axis=1)
    return n.model([batch, 3, 31, 31], y, [batch, 7])


def alexnet_lrn(batch=1):
    """AlexNet-style: conv 5x5 stride 2, ReLU, LRN, max pool, conv, LRN, Gemm head."""
    n = Net("alexnet_lrn")
    x = n.relu(n.conv("input", 3, 12, 5, stride=2))
    x = n.node("LRN", [x], size=5, alpha=1e-4, beta=0.75, bias=2.0)
    x = n.node("MaxPool", [x], kernel_shape=[3, 3], strides=[2, 2])
    x = n.relu(n.conv(x, 12, 16, 3))
    x = n.node("LRN", [x], size=3, alpha=1e-3, beta=0.75, bias=1.0)
    return n.model([batch, 3, 24, 24], n.head(x, 16, 8), [batch, 8])


def resnet50(batch="N"):
    """ResNet-50 (bottleneck blocks [3, 4, 6, 3], 224x224, 1000 classes, ~25.6M random weights):
    the size of model the compile-time goal is stated for. Not part of the default test set."""
    n = Net("resnet50")
    x = n.relu(n.bn(n.conv("input", 3, 64, 7, stride=2, bias=False), 64))
    x = n.node("MaxPool", [x], kernel_shape=[3, 3], strides=[2, 2], pads=[1, 1, 1, 1])
    cin = 64
    for stage, (blocks, width) in enumerate([(3, 64), (4, 128), (6, 256), (3, 512)]):
        for i in range(blocks):
            stride = 2 if i == 0 and stage > 0 else 1
            y = n.relu(n.bn(n.conv(x, cin, width, 1, pad=0, bias=False), width))
            y = n.relu(n.bn(n.conv(y, width, width, 3, stride=stride, bias=False), width))
            y = n.bn(n.conv(y, width, 4 * width, 1, pad=0, bias=False), 4 * width)
            if i == 0:
                x = n.bn(n.conv(x, cin, 4 * width, 1, stride=stride, pad=0, bias=False), 4 * width)
            x = n.relu(n.node("Add", [x, y]))
            cin = 4 * width
    return n.model([batch, 3, 224, 224], n.head(x, 2048, 1000), [batch, 1000])


def mobilenet():
    """MobileNet-v2 style: inverted residuals (1x1 expand, 3x3 depthwise, 1x1 project) with
    ReLU6 (Clip 0..6), strided depthwise convs, residual adds where the shape allows."""
    n = Net("mobilenet")
    lo = n.fresh("relu6_min")
    hi = n.fresh("relu6_max")
    n.inits.append(numpy_helper.from_array(np.array(0.0, np.float32), lo))
    n.inits.append(numpy_helper.from_array(np.array(6.0, np.float32), hi))

    def relu6(x):
        return n.node("Clip", [x, lo, hi])

    x = relu6(n.bn(n.conv("input", 3, 16, 3, stride=2, bias=False), 16))
    cin = 16
    for expand, cout, stride in [(1, 16, 1), (4, 24, 2), (4, 24, 1), (4, 32, 2), (4, 32, 1)]:
        hidden = cin * expand
        y = x
        if expand != 1:
            y = relu6(n.bn(n.conv(y, cin, hidden, 1, pad=0, bias=False), hidden))
        y = relu6(n.bn(n.conv(y, hidden, hidden, 3, stride=stride, group=hidden, bias=False), hidden))
        y = n.bn(n.conv(y, hidden, cout, 1, pad=0, bias=False), cout)
        x = n.node("Add", [x, y]) if stride == 1 and cin == cout else y
        cin = cout
    return n.model([1, 3, 64, 64], n.head(x, cin, 10), [1, 10])


def gather_runs():
    """Gathers with constant indices along channels: a range, every other channel, and a
    permutation (one strided slice per arithmetic run of indices), feeding a conv."""
    n = Net("gather_runs")
    idx = {}
    for name, values in [("range", np.arange(32)), ("odd", np.arange(1, 64, 2)),
                         ("perm", rng.permutation(64)[:16])]:
        idx[name] = n.fresh("indices")
        n.inits.append(numpy_helper.from_array(values.astype(np.int64), idx[name]))
    a = n.node("Gather", ["input", idx["range"]], axis=1)
    b = n.node("Gather", ["input", idx["odd"]], axis=1)
    c = n.node("Gather", ["input", idx["perm"]], axis=1)
    x = n.node("Concat", [n.node("Add", [a, b]), c], axis=1)
    return n.model([1, 64, 8, 8], n.conv(x, 48, 8, 3), [1, 8, 8, 8])


def gather_ops():
    """Gathers that are not a few slices: a constant channel permutation of a computed tensor,
    run-time indices (negative ones included) along channels, an embedding lookup, and
    GatherElements along the last axis; the results are flattened into one output. Returns the
    model and its seeded inputs (int64 indices)."""
    n = Net("gather_ops")
    perm = n.fresh("perm")
    n.inits.append(numpy_helper.from_array(rng.permutation(48).astype(np.int64), perm))
    a = n.node("Gather", [n.relu("input"), perm], axis=1)
    b = n.node("Gather", ["input", "ids"], axis=1)
    c = n.node("GatherElements", [n.node("Add", [a, "input"]), "sel"], axis=3)
    table = n.weight([100, 16], 1.0, "table")
    emb = n.node("Gather", [table, "tokens"], axis=0)
    flat = [n.node("Reshape", [x, n.const_i64([2, -1])]) for x in (b, c, emb)]
    out = n.node("Concat", flat, axis=1)
    inputs = [
        helper.make_tensor_value_info("input", TensorProto.FLOAT, [2, 48, 6, 6]),
        helper.make_tensor_value_info("ids", TensorProto.INT64, [3, 5]),
        helper.make_tensor_value_info("sel", TensorProto.INT64, [2, 48, 6, 4]),
        helper.make_tensor_value_info("tokens", TensorProto.INT64, [2, 7]),
    ]
    outputs = [helper.make_tensor_value_info(out, TensorProto.FLOAT, None)]
    graph = helper.make_graph(n.nodes, "gather_ops", inputs, outputs, n.inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", OPSET)])
    feeds = {
        "input": rng.standard_normal([2, 48, 6, 6]).astype(np.float32),
        "ids": rng.integers(-48, 48, [3, 5]).astype(np.int64),
        "sel": rng.integers(-6, 6, [2, 48, 6, 4]).astype(np.int64),
        "tokens": rng.integers(0, 100, [2, 7]).astype(np.int64),
    }
    return model, feeds


def wide_concat():
    """40 graph inputs, each plus its own constant and through a Relu, concatenated along
    channels: fused whole, one kernel would bind 81 buffers, more than lavapipe's 32 per
    stage. Returns the model and its seeded inputs."""
    n = Net("wide_concat")
    names = [f"x{i}" for i in range(40)]
    parts = [n.relu(n.node("Add", [x, n.weight([1, 2, 4, 4], 1.0, "c")])) for x in names]
    out = n.node("Concat", parts, axis=1)
    inputs = [helper.make_tensor_value_info(x, TensorProto.FLOAT, [1, 2, 4, 4]) for x in names]
    outputs = [helper.make_tensor_value_info(out, TensorProto.FLOAT, None)]
    graph = helper.make_graph(n.nodes, "wide_concat", inputs, outputs, n.inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", OPSET)])
    feeds = {x: rng.standard_normal([1, 2, 4, 4]).astype(np.float32) for x in names}
    return model, feeds


MODELS = {
    "resnet": (resnet, [1, 8]),
    "inception": (inception, None),
    "densenet": (densenet, None),
    "shufflenet": (shufflenet, None),
    "squeezenet": (squeezenet, None),
    "alexnet_lrn": (alexnet_lrn, None),
    "mobilenet": (mobilenet, None),
    "gather_runs": (gather_runs, None),
    "gather_ops": (gather_ops, None),
    "wide_concat": (wide_concat, None),
    "resnet50": (resnet50, [1]),
}


def write_case(sess, shape, prefix):
    import onnxruntime  # noqa: F401
    x = rng.standard_normal(shape).astype(np.float32)
    ys = sess.run(None, {"input": x})
    np.save(prefix + ".input_0.npy", x)
    for k, y in enumerate(ys):
        np.save(prefix + f".expected_{k}.npy", y)


def main():
    import onnxruntime as ort
    out = sys.argv[1]
    names = sys.argv[2:] or [m for m in MODELS if m != "resnet50"]
    os.makedirs(out, exist_ok=True)
    for name in names:
        build, batches = MODELS[name]
        model = build()
        path = os.path.join(out, name + ".onnx")
        if isinstance(model, tuple):
            # A model with its own inputs: NAME.input_K.npy in graph-input order.
            model, feeds = model
            onnx.save(model, path)
            sess = ort.InferenceSession(path, providers=["CPUExecutionProvider"])
            names = [i.name for i in model.graph.input]
            ys = sess.run(None, feeds)
            for k, input_name in enumerate(names):
                np.save(os.path.join(out, f"{name}.input_{k}.npy"), feeds[input_name])
            for k, y in enumerate(ys):
                np.save(os.path.join(out, f"{name}.expected_{k}.npy"), y)
            print(f"wrote {path}")
            continue
        onnx.save(model, path)
        sess = ort.InferenceSession(path, providers=["CPUExecutionProvider"])
        dims = model.graph.input[0].type.tensor_type.shape.dim
        if batches is None:
            shape = [d.dim_value for d in dims]
            write_case(sess, shape, os.path.join(out, name))
        else:
            for b in batches:
                shape = [b] + [d.dim_value for d in dims[1:]]
                write_case(sess, shape, os.path.join(out, f"{name}.n{b}"))
        print(f"wrote {path}")


if __name__ == "__main__":
    main()

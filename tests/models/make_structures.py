#!/usr/bin/env python3
"""Small graphs in the shape of the models people ship (issue 23): a MobileNetV3 / PP-LCNet
classifier, a DBNet-style text detector (FPN, Resize, ConvTranspose head), a YOLOv8-style
detector (C2f, SPPF, PAN neck, DFL decoding), a CNN + BiLSTM + CTC recognizer and a BERT-style
encoder with a dynamic sequence length. Seeded random weights (scaled so activations stay O(1)),
seeded random inputs and onnxruntime's outputs, for kiln's device tests
(`tests/model_structures.rs`).

usage: make_structures.py OUT_DIR

For each model MODEL it writes OUT_DIR/MODEL.onnx; for each run CASE of it (BERT has two, one
per sequence length) OUT_DIR/CASE.input_K.npy, OUT_DIR/CASE.expected_K.npy (onnxruntime, CPU)
and, where the model has symbolic dims, OUT_DIR/CASE.dims (`batch=2 seq=7`).
"""
import os
import sys

import numpy as np
import onnx
import onnxruntime as ort
from onnx import TensorProto, helper, numpy_helper

rng = np.random.default_rng(20261126)
out = sys.argv[1]
os.makedirs(out, exist_ok=True)
F = TensorProto.FLOAT
I64 = TensorProto.INT64


class Graph:
    """Nodes and initializers with fresh names; the helpers return their output's name."""

    def __init__(self):
        self.nodes = []
        self.inits = []
        self.count = 0

    def fresh(self, hint):
        self.count += 1
        return f"{hint}_{self.count}"

    def const(self, values, dtype=np.float32, hint="c"):
        name = self.fresh(hint)
        self.inits.append(numpy_helper.from_array(np.asarray(values, dtype=dtype), name))
        return name

    def op(self, op_type, inputs, n_out=1, **attrs):
        outs = [self.fresh(op_type.lower()) for _ in range(n_out)]
        # Exporters name every node; kiln's errors point at the name.
        self.nodes.append(helper.make_node(op_type, inputs, outs, name=f"/{outs[0]}", **attrs))
        return outs[0] if n_out == 1 else outs

    # Layers with seeded weights.
    def conv(self, x, cin, cout, k=1, stride=1, group=1, bias=True, hint="w"):
        fan_in = cin // group * k * k
        w = self.const(rng.standard_normal((cout, cin // group, k, k)) / np.sqrt(fan_in),
                       hint=hint)
        inputs = [x, w]
        if bias:
            inputs.append(self.const(rng.standard_normal(cout) * 0.1, hint="b"))
        pad = (k - 1) // 2
        return self.op("Conv", inputs, kernel_shape=[k, k], strides=[stride, stride],
                       pads=[pad] * 4, group=group)

    def bn(self, x, c):
        return self.op("BatchNormalization", [
            x,
            self.const(rng.uniform(0.5, 1.5, c), hint="gamma"),
            self.const(rng.standard_normal(c) * 0.1, hint="beta"),
            self.const(rng.standard_normal(c) * 0.1, hint="mean"),
            self.const(rng.uniform(0.5, 1.5, c), hint="var"),
        ], epsilon=1e-5)

    def silu(self, x):
        return self.op("Mul", [x, self.op("Sigmoid", [x])])

    def resize_nearest(self, x, factor):
        # torch.onnx's F.interpolate(scale_factor=..., mode="nearest").
        return self.op("Resize", [x, "", self.const([1, 1, factor, factor])], mode="nearest",
                       coordinate_transformation_mode="asymmetric", nearest_mode="floor")

    def dense(self, x, din, dout, scale=1.0):
        w = self.const(rng.standard_normal((din, dout)) * scale / np.sqrt(din), hint="w")
        b = self.const(rng.standard_normal(dout) * 0.1, hint="b")
        return self.op("Add", [self.op("MatMul", [x, w]), b])


def save(model_name, g, inputs, outputs, runs, opset=17):
    """inputs: [(name, elem_type, shape)], outputs: [name]; runs: [(case, feeds, dims)]."""
    graph = helper.make_graph(
        g.nodes,
        model_name,
        [helper.make_tensor_value_info(n, t, s) for n, t, s in inputs],
        [helper.make_tensor_value_info(n, F if t is None else t, None) for n, t in outputs],
        g.inits,
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
    model.ir_version = 9
    path = os.path.join(out, f"{model_name}.onnx")
    onnx.save(model, path)
    session = ort.InferenceSession(path, providers=["CPUExecutionProvider"])
    for case, feeds, dims in runs:
        results = session.run(None, feeds)
        for k, (n, _, _) in enumerate(inputs):
            np.save(os.path.join(out, f"{case}.input_{k}.npy"), feeds[n])
        for k, r in enumerate(results):
            np.save(os.path.join(out, f"{case}.expected_{k}.npy"), r)
        if dims:
            with open(os.path.join(out, f"{case}.dims"), "w") as f:
                f.write(" ".join(f"{k}={v}" for k, v in dims.items()) + "\n")


def image(*shape):
    return rng.standard_normal(shape).astype(np.float32)


def mobilenet_v3():
    """PP-LCNet / MobileNetV3: depthwise-separable blocks with HardSwish, squeeze-and-excitation
    (GlobalAveragePool -> 1x1 conv -> ReLU -> 1x1 conv -> HardSigmoid -> Mul), an inverted
    residual, then GlobalAveragePool + 1x1 conv + Flatten + Gemm + Softmax."""
    g = Graph()

    def se(x, c):
        s = g.op("GlobalAveragePool", [x])
        s = g.op("Relu", [g.conv(s, c, c // 4)])
        s = g.op("HardSigmoid", [g.conv(s, c // 4, c)], alpha=1.0 / 6, beta=0.5)
        return g.op("Mul", [x, s])

    def dw_separable(x, cin, cout, k, stride, with_se):
        y = g.op("HardSwish", [g.bn(g.conv(x, cin, cin, k, stride, group=cin, bias=False), cin)])
        if with_se:
            y = se(y, cin)
        return g.op("HardSwish", [g.bn(g.conv(y, cin, cout, bias=False), cout)])

    x = g.op("HardSwish", [g.bn(g.conv("image", 3, 8, 3, 2, bias=False), 8)])  # 16x16
    x = dw_separable(x, 8, 16, 3, 1, False)
    x = dw_separable(x, 16, 32, 5, 2, True)  # 8x8
    # MobileNetV3 inverted residual: expand, depthwise, SE, project, add.
    y = g.op("HardSwish", [g.bn(g.conv(x, 32, 64, bias=False), 64)])
    y = g.op("HardSwish", [g.bn(g.conv(y, 64, 64, 3, 1, group=64, bias=False), 64)])
    y = se(y, 64)
    y = g.bn(g.conv(y, 64, 32, bias=False), 32)
    x = g.op("Add", [x, y])
    x = g.op("GlobalAveragePool", [x])
    x = g.op("HardSwish", [g.conv(x, 32, 64)])
    x = g.op("Flatten", [x], axis=1)
    w = g.const(rng.standard_normal((10, 64)) / 2, hint="fc_w")
    logits = g.op("Gemm", [x, w, g.const(rng.standard_normal(10) * 0.1)], transB=1)
    g.nodes.append(helper.make_node("Softmax", [logits], ["probs"], axis=-1))
    save("mobilenet_v3", g, [("image", F, [2, 3, 32, 32])], [("probs", None)],
         [("mobilenet_v3", {"image": image(2, 3, 32, 32)}, None)])


def dbnet():
    """DBNet: a backbone with strides 4 / 8 / 16 / 32, an FPN (1x1 laterals, nearest x2
    upsampling (by scales, and once by sizes computed from Shape) + Add, 3x3 convs, upsampling to 1/4 and Concat), and the head (Conv + BN + ReLU +
    ConvTranspose + BN + ReLU + ConvTranspose + Sigmoid) giving a full-size probability map."""
    g = Graph()

    def conv_bn_relu(x, cin, cout, stride):
        return g.op("Relu", [g.bn(g.conv(x, cin, cout, 3, stride, bias=False), cout)])

    x = conv_bn_relu("image", 3, 8, 2)
    c2 = conv_bn_relu(conv_bn_relu(x, 8, 8, 2), 8, 8, 1)  # 1/4
    c3 = conv_bn_relu(c2, 8, 16, 2)  # 1/8
    c4 = conv_bn_relu(c3, 16, 16, 2)  # 1/16
    c5 = conv_bn_relu(c4, 16, 32, 2)  # 1/32
    inner = 16
    in5, in4, in3, in2 = (g.conv(c, ch, inner, bias=False)
                          for c, ch in [(c5, 32), (c4, 16), (c3, 16), (c2, 8)])
    out4 = g.op("Add", [in4, g.resize_nearest(in5, 2)])
    out3 = g.op("Add", [in3, g.resize_nearest(out4, 2)])
    # torch's F.interpolate(out3, size=in2.shape[2:]): the sizes from Shape, Slice and Concat.
    sizes = g.op("Concat", [
        g.op("Slice", [g.op("Shape", [out3]), g.const([0], np.int64), g.const([2], np.int64)]),
        g.op("Slice", [g.op("Shape", [in2]), g.const([2], np.int64), g.const([4], np.int64)]),
    ], axis=0)
    up3 = g.op("Resize", [out3, "", "", sizes], mode="nearest",
               coordinate_transformation_mode="asymmetric", nearest_mode="floor")
    out2 = g.op("Add", [in2, up3])
    p5 = g.resize_nearest(g.conv(in5, inner, 4, 3, bias=False), 8)
    p4 = g.resize_nearest(g.conv(out4, inner, 4, 3, bias=False), 4)
    p3 = g.resize_nearest(g.conv(out3, inner, 4, 3, bias=False), 2)
    p2 = g.conv(out2, inner, 4, 3, bias=False)
    fuse = g.op("Concat", [p5, p4, p3, p2], axis=1)  # 16 channels at 1/4
    h = g.op("Relu", [g.bn(g.conv(fuse, 16, 4, 3, bias=False), 4)])
    w1 = g.const(rng.standard_normal((4, 4, 2, 2)) / 2, hint="up_w")
    h = g.op("ConvTranspose", [h, w1, g.const(rng.standard_normal(4) * 0.1)], strides=[2, 2],
             kernel_shape=[2, 2])
    h = g.op("Relu", [g.bn(h, 4)])
    w2 = g.const(rng.standard_normal((4, 1, 2, 2)) / 2, hint="up_w")
    h = g.op("ConvTranspose", [h, w2, g.const([0.1])], strides=[2, 2], kernel_shape=[2, 2])
    g.nodes.append(helper.make_node("Sigmoid", [h], ["maps"]))
    save("dbnet", g, [("image", F, [1, 3, 64, 64])], [("maps", None)],
         [("dbnet", {"image": image(1, 3, 64, 64)}, None)])


def yolov8():
    """YOLOv8: Conv-BN-SiLU, C2f blocks (Split in two, bottlenecks, Concat), SPPF (MaxPool x3 +
    Concat), a PAN neck (Resize + Concat up, strided Conv + Concat down), a decoupled head per
    level, and the exported DFL decoding (Reshape, Softmax, a 1x1 Conv with arange weights,
    Slice / Sub / Add / Concat / Mul with the anchors and strides)."""
    g = Graph()
    reg_max, classes = 16, 4

    def cbs(x, cin, cout, k=1, stride=1):
        return g.silu(g.bn(g.conv(x, cin, cout, k, stride, bias=False), cout))

    def c2f(x, cin, cout, n, shortcut):
        half = cout // 2
        y = cbs(x, cin, cout)
        parts = g.op("Split", [y, g.const([half, half], np.int64)], n_out=2, axis=1)
        outs = list(parts)
        for _ in range(n):
            m = cbs(cbs(outs[-1], half, half, 3), half, half, 3)
            outs.append(g.op("Add", [outs[-1], m]) if shortcut else m)
        return cbs(g.op("Concat", outs, axis=1), (2 + n) * half, cout)

    def sppf(x, cin, cout):
        y = cbs(x, cin, cin // 2)
        pools = [y]
        for _ in range(3):
            pools.append(g.op("MaxPool", [pools[-1]], kernel_shape=[5, 5], strides=[1, 1],
                              pads=[2, 2, 2, 2]))
        return cbs(g.op("Concat", pools, axis=1), 2 * cin, cout)

    x = cbs("image", 3, 8, 3, 2)  # 32x32
    x = c2f(cbs(x, 8, 16, 3, 2), 16, 16, 1, True)  # 16x16
    p3 = c2f(cbs(x, 16, 16, 3, 2), 16, 16, 1, True)  # 8x8, stride 8
    p4 = c2f(cbs(p3, 16, 32, 3, 2), 32, 32, 1, True)  # 4x4, stride 16
    p5 = sppf(c2f(cbs(p4, 32, 32, 3, 2), 32, 32, 1, True), 32, 32)  # 2x2, stride 32
    n4 = c2f(g.op("Concat", [g.resize_nearest(p5, 2), p4], axis=1), 64, 32, 1, False)
    n3 = c2f(g.op("Concat", [g.resize_nearest(n4, 2), p3], axis=1), 48, 16, 1, False)
    d4 = c2f(g.op("Concat", [cbs(n3, 16, 16, 3, 2), n4], axis=1), 48, 32, 1, False)
    d5 = c2f(g.op("Concat", [cbs(d4, 32, 32, 3, 2), p5], axis=1), 64, 32, 1, False)

    flat = []
    anchors, strides = [], []
    for feat, ch, size, stride in [(n3, 16, 8, 8), (d4, 32, 4, 16), (d5, 32, 2, 32)]:
        box = g.conv(cbs(cbs(feat, ch, 16, 3), 16, 16, 3), 16, 4 * reg_max)
        cls = g.conv(cbs(cbs(feat, ch, 16, 3), 16, 16, 3), 16, classes)
        both = g.op("Concat", [box, cls], axis=1)
        flat.append(g.op("Reshape", [both, g.const([1, 4 * reg_max + classes, -1], np.int64)]))
        ys, xs = np.meshgrid(np.arange(size) + 0.5, np.arange(size) + 0.5, indexing="ij")
        anchors.append(np.stack([xs.ravel(), ys.ravel()]))
        strides.append(np.full(size * size, stride))
    cat = g.op("Concat", flat, axis=2)  # [1, 68, 84]
    box, cls = g.op("Split", [cat, g.const([4 * reg_max, classes], np.int64)], n_out=2, axis=1)
    # DFL: a softmax over reg_max bins per side, its expectation by a 1x1 conv with arange.
    a = g.op("Reshape", [box, g.const([1, 4, reg_max, -1], np.int64)])
    a = g.op("Softmax", [g.op("Transpose", [a], perm=[0, 2, 1, 3])], axis=1)
    dfl_w = g.const(np.arange(reg_max).reshape(1, reg_max, 1, 1), hint="dfl_w")
    dist = g.op("Reshape", [g.op("Conv", [a, dfl_w]), g.const([1, 4, -1], np.int64)])
    zero, two, four, one = (g.const([v], np.int64) for v in (0, 2, 4, 1))
    lt = g.op("Slice", [dist, zero, two, one])
    rb = g.op("Slice", [dist, two, four, one])
    anchor_points = g.const(np.concatenate(anchors, axis=1)[None], hint="anchors")
    x1y1 = g.op("Sub", [anchor_points, lt])
    x2y2 = g.op("Add", [anchor_points, rb])
    c_xy = g.op("Div", [g.op("Add", [x1y1, x2y2]), g.const(2.0)])
    wh = g.op("Sub", [x2y2, x1y1])
    dbox = g.op("Mul", [g.op("Concat", [c_xy, wh], axis=1),
                        g.const(np.concatenate(strides)[None], hint="strides")])
    g.nodes.append(helper.make_node("Concat", [dbox, g.op("Sigmoid", [cls])], ["output0"],
                                    axis=1))
    save("yolov8", g, [("image", F, [1, 3, 64, 64])], [("output0", None)],
         [("yolov8", {"image": image(1, 3, 64, 64)}, None)])


def crnn():
    """CRNN (PP-OCR's recognizer, which ships with a dynamic batch and width): conv blocks
    pooling the height to 1, Squeeze + Transpose to a [time, batch, features] sequence, a
    bidirectional LSTM, its two directions joined by a Reshape computed from Shape, MatMul to the
    classes, LogSoftmax, and ArgMax (greedy CTC's first step). Run at two widths."""
    g = Graph()

    def block(x, cin, cout, pool):
        y = g.op("Relu", [g.bn(g.conv(x, cin, cout, 3, bias=False), cout)])
        return g.op("MaxPool", [y], kernel_shape=pool, strides=pool)

    x = block("image", 3, 8, [2, 2])  # 16 x W/2
    x = block(x, 8, 16, [2, 2])  # 8 x W/4
    x = block(x, 16, 32, [2, 1])  # 4 x W/4
    x = block(x, 32, 32, [4, 1])  # 1 x W/4
    feat, hidden, classes = 32, 24, 11
    x = g.op("Squeeze", [x, g.const([2], np.int64)])  # [batch, feat, time]
    x = g.op("Transpose", [x], perm=[2, 0, 1])  # [time, batch, feat]
    s = 1 / np.sqrt(hidden)
    w = g.const(rng.uniform(-s, s, (2, 4 * hidden, feat)), hint="lstm_w")
    r = g.const(rng.uniform(-s, s, (2, 4 * hidden, hidden)), hint="lstm_r")
    b = g.const(rng.uniform(-s, s, (2, 8 * hidden)), hint="lstm_b")
    y = g.op("LSTM", [x, w, r, b], direction="bidirectional", hidden_size=hidden)
    y = g.op("Transpose", [y], perm=[0, 2, 1, 3])  # [time, batch, 2, hidden]
    time_batch = g.op("Slice", [g.op("Shape", [y]), g.const([0], np.int64),
                                g.const([2], np.int64)])
    y = g.op("Reshape", [y, g.op("Concat", [time_batch, g.const([2 * hidden], np.int64)],
                                 axis=0)])
    y = g.op("Transpose", [y], perm=[1, 0, 2])  # [batch, time, 2 hidden]
    logits = g.dense(y, 2 * hidden, classes, scale=3.0)
    g.nodes.append(helper.make_node("LogSoftmax", [logits], ["log_probs"], axis=2))
    g.nodes.append(helper.make_node("ArgMax", ["log_probs"], ["best"], axis=2, keepdims=0))
    runs = [(f"crnn_w{width}", {"image": image(batch, 3, 32, width)},
             {"batch": batch, "width": width}) for batch, width in [(2, 64), (1, 32)]]
    save("crnn", g, [("image", F, ["batch", 3, 32, "width"])],
         [("log_probs", None), ("best", I64)], runs, opset=14)


def bert():
    """A BERT-base-style encoder at small size (hidden 64, 4 heads, 2 layers) with a dynamic
    sequence length: input_ids [batch, seq] and attention_mask, word + position (Range to
    Shape(input_ids)[1]) + token-type (a zero buffer sliced to the length and expanded to the
    input's shape) embeddings, LayerNormalization, attention
    (MatMul, Div, Add of the extended mask, Softmax, MatMul) with head reshapes computed from
    Shape, Gelu in its Erf form, residuals, and the pooler (Gather of token 0, Gemm, Tanh)."""
    g = Graph()
    vocab, max_pos, hidden, heads, layers, ffn = 100, 32, 64, 4, 2, 256
    head = hidden // heads

    def emb(rows):
        return g.const(rng.standard_normal((rows, hidden)) * 0.5, hint="emb")

    def layer_norm(x):
        return g.op("LayerNormalization", [
            x, g.const(rng.uniform(0.8, 1.2, hidden), hint="ln_g"),
            g.const(rng.standard_normal(hidden) * 0.1, hint="ln_b")], axis=-1, epsilon=1e-12)

    def dim(x, i):
        return g.op("Unsqueeze", [g.op("Gather", [g.op("Shape", [x]), g.const(i, np.int64)],
                                       axis=0), g.const([0], np.int64)])

    shape = g.op("Shape", ["input_ids"])
    seq_len = g.op("Unsqueeze", [g.op("Gather", [shape, g.const(1, np.int64)], axis=0),
                                 g.const([0], np.int64)])
    # Position ids as torch.arange(seq) exports: Range over a scalar from Shape.
    seq_scalar = g.op("Gather", [shape, g.const(1, np.int64)], axis=0)
    position_ids = g.op("Unsqueeze", [g.op("Range", [g.const(0, np.int64), seq_scalar,
                                                     g.const(1, np.int64)]),
                                      g.const([0], np.int64)])
    x = g.op("Add", [g.op("Gather", [emb(vocab), "input_ids"]),
                     g.op("Gather", [emb(max_pos), position_ids])])
    # Token types as HF's BertEmbeddings without token_type_ids: its zero buffer sliced to the
    # sequence length, expanded to the input's shape.
    type_ids = g.op("Slice", [g.const(np.zeros((1, max_pos)), np.int64),
                              g.const([0], np.int64), seq_len, g.const([1], np.int64)])
    type_ids = g.op("Expand", [type_ids, shape])
    x = g.op("Add", [x, g.op("Gather", [emb(2), type_ids])])
    x = layer_norm(x)
    # The extended mask: (1 - mask) * min, [batch, 1, 1, seq].
    m = g.op("Cast", [g.op("Unsqueeze", ["attention_mask", g.const([1, 2], np.int64)])], to=F)
    m = g.op("Mul", [g.op("Sub", [g.const(1.0), m]), g.const(np.finfo(np.float32).min)])
    for _ in range(layers):
        heads_shape = g.op("Concat", [dim(x, 0), dim(x, 1), g.const([heads, head], np.int64)],
                           axis=0)

        def split_heads(t, perm):
            return g.op("Transpose", [g.op("Reshape", [t, heads_shape])], perm=perm)

        q = split_heads(g.dense(x, hidden, hidden), [0, 2, 1, 3])
        k = split_heads(g.dense(x, hidden, hidden), [0, 2, 3, 1])
        v = split_heads(g.dense(x, hidden, hidden), [0, 2, 1, 3])
        scores = g.op("Div", [g.op("MatMul", [q, k]), g.const(np.sqrt(head))])
        probs = g.op("Softmax", [g.op("Add", [scores, m])], axis=-1)
        ctx = g.op("Transpose", [g.op("MatMul", [probs, v])], perm=[0, 2, 1, 3])
        merged_shape = g.op("Concat", [dim(x, 0), dim(x, 1), g.const([hidden], np.int64)],
                            axis=0)
        ctx = g.op("Reshape", [ctx, merged_shape])
        x = layer_norm(g.op("Add", [g.dense(ctx, hidden, hidden), x]))
        h = g.dense(x, hidden, ffn)
        erf = g.op("Erf", [g.op("Div", [h, g.const(np.sqrt(2.0))])])
        h = g.op("Mul", [g.op("Mul", [h, g.op("Add", [erf, g.const(1.0)])]), g.const(0.5)])
        x = layer_norm(g.op("Add", [g.dense(h, ffn, hidden), x]))
    g.nodes.append(helper.make_node("Identity", [x], ["last_hidden_state"]))
    first = g.op("Gather", [x, g.const(0, np.int64)], axis=1)
    pool_w = g.const(rng.standard_normal((hidden, hidden)) / np.sqrt(hidden), hint="pool_w")
    pooled = g.op("Gemm", [first, pool_w, g.const(rng.standard_normal(hidden) * 0.1)])
    g.nodes.append(helper.make_node("Tanh", [pooled], ["pooler_output"]))

    runs = []
    for batch, seq in [(2, 7), (1, 12)]:
        ids = rng.integers(0, vocab, (batch, seq)).astype(np.int64)
        mask = np.ones((batch, seq), dtype=np.int64)
        mask[-1, seq - 3:] = 0  # the last sequence is padded
        runs.append((f"bert_seq{seq}", {"input_ids": ids, "attention_mask": mask},
                     {"batch": batch, "seq": seq}))
    save("bert", g, [("input_ids", I64, ["batch", "seq"]), ("attention_mask", I64,
                                                            ["batch", "seq"])],
         [("last_hidden_state", None), ("pooler_output", None)], runs)


mobilenet_v3()
dbnet()
yolov8()
crnn()
bert()

#!/usr/bin/env python3
"""Networks the onnx package's `light` models lack, built with `onnx.helper` and numpy for
`benches/gpu/models_prep.py` (issue 22): a MobileNetV2 (depthwise), a BERT-base encoder and a
ViT-B/16, f32, opset 17, weights seeded (numpy `default_rng`) and scaled by fan-in so that the
activations stay O(1) (random weights, no trained values). Every op has a converter in onnx2torch
1.5.15 (Conv with group, Clip, Add, Mul, Div, GlobalAveragePool, Flatten, Gemm, MatMul, Reshape,
Transpose, Softmax, Erf, LayerNormalization, Expand, Concat, Gather), so PyTorch runs the same
graph. `build(name, batch)` gives the same weights at every batch; the batch is static.

- mobilenetv2: torchvision's MobileNetV2 (width 1.0): a 3x3 stride-2 stem to 32 channels, the
  17 inverted residual blocks of the paper's (t, c, n, s) table (1x1 expansion by t, 3x3
  depthwise conv with the stride, 1x1 linear projection, a residual Add where the stride is 1 and
  the channels match), a 1x1 conv to 1280, GlobalAveragePool, Flatten, Gemm to 1000 logits;
  batch norm folded into the conv weights and biases, ReLU6 as Clip(0, 6); input [B, 3, 224, 224].
- bert_base: BERT-base's encoder, 12 post-LN layers, hidden 768, 12 heads of 64, FFN 3072,
  sequence 128, no attention mask; the input is the embeddings [B, 128, 768] (no token Gather),
  the output the last hidden state [B, 128, 768]. Attention as the Hugging Face export writes it:
  MatMul + Add per projection, Reshape [B, 128, 12, 64] + Transpose per head, MatMul, Div by 8,
  Softmax, MatMul, Transpose + Reshape back; GELU in Erf form x * 0.5 * (1 + Erf(x / sqrt 2));
  LayerNormalization (eps 1e-12) after each residual Add.
- vit_b16: ViT-B/16: the patches as a 16x16 stride-16 Conv (3 -> 768) on [B, 3, 224, 224],
  Reshape + Transpose to [B, 196, 768], the class token Expanded to the batch and Concatenated in
  front, position embeddings added, 12 pre-LN layers (BERT's attention and MLP, eps 1e-6), a final
  LayerNormalization, the class token Gathered, Gemm to 1000 logits.

usage: model_zoo.py OUT_DIR NAME [BATCH]    (writes OUT_DIR/NAME.onnx; for a quick look)
"""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

NAMES = ("mobilenetv2", "bert_base", "vit_b16")
OPSET = 17
SEED = 20261126
# Query and key weights at twice the variance: attention scores with std 2 rather than 1, so the
# softmax rows are peaked (row max about 0.24 of 128 in the first layers, 0.01 by the last, where
# the random layers' tokens have drifted together) rather than near uniform, which hides errors.
QK_GAIN = 2.0


class Graph:
    """Nodes and initializers under construction, with fresh names."""

    def __init__(self, seed):
        self.rng = np.random.default_rng(seed)
        self.nodes, self.inits, self.count = [], [], 0

    def name(self, base):
        self.count += 1
        return f"{base}_{self.count}"

    def const(self, base, array):
        name = self.name(base)
        self.inits.append(numpy_helper.from_array(np.asarray(array), name))
        return name

    def weight(self, base, shape, fan_in, gain=1.0):
        """Normal weights with variance gain / fan_in (gain 2 ahead of a ReLU-like activation)."""
        data = self.rng.standard_normal(shape) * np.sqrt(gain / fan_in)
        return self.const(base, data.astype(np.float32))

    def bias(self, base, shape):
        return self.const(base, (0.1 * self.rng.standard_normal(shape)).astype(np.float32))

    def op(self, op_type, inputs, **attrs):
        out = self.name(op_type.lower())
        self.nodes.append(helper.make_node(op_type, inputs, [out], name=out, **attrs))
        return out

    def model(self, name, x_name, x_shape, y_name, y_shape):
        graph = helper.make_graph(
            self.nodes,
            name,
            [helper.make_tensor_value_info(x_name, TensorProto.FLOAT, x_shape)],
            [helper.make_tensor_value_info(y_name, TensorProto.FLOAT, y_shape)],
            self.inits,
        )
        model = helper.make_model(
            graph, opset_imports=[helper.make_opsetid("", OPSET)], producer_name="kiln model_zoo"
        )
        model.ir_version = 8
        onnx.checker.check_model(model)
        return model


# MobileNetV2 ------------------------------------------------------------------------------------

# (expansion t, output channels c, repeats n, first stride s), the paper's Table 2.
MOBILENETV2_BLOCKS = [
    (1, 16, 1, 1),
    (6, 24, 2, 2),
    (6, 32, 3, 2),
    (6, 64, 4, 2),
    (6, 96, 3, 1),
    (6, 160, 3, 2),
    (6, 320, 1, 1),
]


def conv(g, x, cin, cout, k, stride=1, group=1, relu6=True):
    """Conv with batch norm folded in (weights and bias), then ReLU6 unless linear."""
    fan_in = cin // group * k * k
    w = g.weight("conv_w", [cout, cin // group, k, k], fan_in, gain=2.0 if relu6 else 1.0)
    b = g.bias("conv_b", [cout])
    pad = k // 2
    y = g.op("Conv", [x, w, b], kernel_shape=[k, k], strides=[stride, stride],
             pads=[pad, pad, pad, pad], group=group)
    if relu6:
        y = g.op("Clip", [y, g.relu6_min, g.relu6_max])
    return y


def mobilenetv2(batch):
    g = Graph(SEED)
    g.relu6_min = g.const("relu6_min", np.float32(0.0))
    g.relu6_max = g.const("relu6_max", np.float32(6.0))
    x = conv(g, "input", 3, 32, 3, stride=2)
    cin = 32
    for t, c, n, s in MOBILENETV2_BLOCKS:
        for i in range(n):
            stride = s if i == 0 else 1
            hidden = cin * t
            y = x if t == 1 else conv(g, x, cin, hidden, 1)
            y = conv(g, y, hidden, hidden, 3, stride=stride, group=hidden)
            y = conv(g, y, hidden, c, 1, relu6=False)
            x = g.op("Add", [x, y]) if stride == 1 and cin == c else y
            cin = c
    x = conv(g, x, cin, 1280, 1)
    x = g.op("GlobalAveragePool", [x])
    x = g.op("Flatten", [x], axis=1)
    w = g.weight("fc_w", [1000, 1280], 1280)
    x = g.op("Gemm", [x, w, g.bias("fc_b", [1000])], transB=1)
    return g.model("mobilenetv2", "input", [batch, 3, 224, 224], x, [batch, 1000])


# Transformer encoders ----------------------------------------------------------------------------


def linear(g, x, din, dout, gain=1.0):
    """x @ W + b as MatMul + Add (the export of torch.nn.Linear on a 3-D input)."""
    y = g.op("MatMul", [x, g.weight("linear_w", [din, dout], din, gain)])
    return g.op("Add", [y, g.bias("linear_b", [dout])])


def layer_norm(g, x, hidden, eps):
    scale = g.const("ln_scale", g.rng.uniform(0.5, 1.5, [hidden]).astype(np.float32))
    return g.op("LayerNormalization", [x, scale, g.bias("ln_bias", [hidden])], axis=-1,
                epsilon=eps)


def attention(g, x, seq, hidden, heads):
    head = hidden // heads
    split = g.const("heads_shape", np.array([0, seq, heads, head], np.int64))
    merge = g.const("hidden_shape", np.array([0, seq, hidden], np.int64))

    def heads_of(t, perm):
        return g.op("Transpose", [g.op("Reshape", [t, split])], perm=perm)

    q = heads_of(linear(g, x, hidden, hidden, QK_GAIN), [0, 2, 1, 3])  # [B, heads, seq, head]
    k = heads_of(linear(g, x, hidden, hidden, QK_GAIN), [0, 2, 3, 1])  # [B, heads, head, seq]
    v = heads_of(linear(g, x, hidden, hidden), [0, 2, 1, 3])
    scores = g.op("Div", [g.op("MatMul", [q, k]), g.const("sqrt_head", np.float32(np.sqrt(head)))])
    probs = g.op("Softmax", [scores], axis=-1)
    ctx = g.op("Transpose", [g.op("MatMul", [probs, v])], perm=[0, 2, 1, 3])
    return linear(g, g.op("Reshape", [ctx, merge]), hidden, hidden)


def gelu(g, x):
    """GELU in the Erf form torch exports: x * 0.5 * (1 + Erf(x / sqrt 2))."""
    e = g.op("Erf", [g.op("Div", [x, g.const("sqrt2", np.float32(np.sqrt(2.0)))])])
    half = g.op("Mul", [x, g.const("half", np.float32(0.5))])
    return g.op("Mul", [half, g.op("Add", [e, g.const("one", np.float32(1.0))])])


def mlp(g, x, hidden, ffn):
    return linear(g, gelu(g, linear(g, x, hidden, ffn, gain=2.0)), ffn, hidden)


def bert_base(batch, seq=128, hidden=768, heads=12, ffn=3072, layers=12):
    g = Graph(SEED + 1)
    x = "embeddings"
    for _ in range(layers):
        x = layer_norm(g, g.op("Add", [x, attention(g, x, seq, hidden, heads)]), hidden, 1e-12)
        x = layer_norm(g, g.op("Add", [x, mlp(g, x, hidden, ffn)]), hidden, 1e-12)
    return g.model("bert_base", "embeddings", [batch, seq, hidden], x, [batch, seq, hidden])


def vit_b16(batch, image=224, patch=16, hidden=768, heads=12, ffn=3072, layers=12):
    g = Graph(SEED + 2)
    patches = (image // patch) ** 2
    w = g.weight("patch_w", [hidden, 3, patch, patch], 3 * patch * patch)
    x = g.op("Conv", ["input", w, g.bias("patch_b", [hidden])], kernel_shape=[patch, patch],
             strides=[patch, patch])
    x = g.op("Reshape", [x, g.const("patch_shape", np.array([0, hidden, patches], np.int64))])
    x = g.op("Transpose", [x], perm=[0, 2, 1])  # [B, patches, hidden]
    cls = g.const("class_token", g.rng.standard_normal([1, 1, hidden]).astype(np.float32))
    cls = g.op("Expand", [cls, g.const("class_shape", np.array([batch, 1, hidden], np.int64))])
    x = g.op("Concat", [cls, x], axis=1)
    pos = g.const("pos_embedding",
                  (0.1 * g.rng.standard_normal([1, patches + 1, hidden])).astype(np.float32))
    x = g.op("Add", [x, pos])
    for _ in range(layers):
        x = g.op("Add", [x, attention(g, layer_norm(g, x, hidden, 1e-6), patches + 1, hidden,
                                      heads)])
        x = g.op("Add", [x, mlp(g, layer_norm(g, x, hidden, 1e-6), hidden, ffn)])
    x = layer_norm(g, x, hidden, 1e-6)
    x = g.op("Gather", [x, g.const("class_index", np.int64(0))], axis=1)  # [B, hidden]
    w = g.weight("head_w", [1000, hidden], hidden)
    x = g.op("Gemm", [x, w, g.bias("head_b", [1000])], transB=1)
    return g.model("vit_b16", "input", [batch, 3, image, image], x, [batch, 1000])


def build(name, batch):
    return {"mobilenetv2": mobilenetv2, "bert_base": bert_base, "vit_b16": vit_b16}[name](batch)


def main():
    out, name = sys.argv[1], sys.argv[2]
    batch = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    os.makedirs(out, exist_ok=True)
    onnx.save(build(name, batch), os.path.join(out, f"{name}.onnx"))


if __name__ == "__main__":
    main()

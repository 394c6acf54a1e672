#!/usr/bin/env python3
"""One small ONNX model per operator of the importer's op families (shape, activation, logic,
normalization, Resize), with seeded random inputs and onnxruntime's outputs, for kiln's device
tests (`tests/onnx_ops_device.rs`).

usage: make_op_models.py OUT_DIR

For each case NAME it writes OUT_DIR/NAME.onnx, OUT_DIR/NAME.input_K.npy and
OUT_DIR/NAME.expected_K.npy (onnxruntime, CPU), and one line "NAME" in OUT_DIR/cases.txt.
Each model applies the op to the output of a Relu-free elementwise producer (`Add` of a
constant) so that the op runs in a kernel on real data, not folded at import.
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
cases = open(os.path.join(out, "cases.txt"), "w")

F = TensorProto.FLOAT
B = TensorProto.BOOL


def i64(name, values):
    return numpy_helper.from_array(np.array(values, dtype=np.int64), name)


def f32(name, values):
    return numpy_helper.from_array(np.array(values, dtype=np.float32), name)


def case(name, nodes, inputs, outputs, inits=(), opset=18, feeds=None, reference="ort"):
    """inputs: [(name, elem_type, shape)], outputs: [(name, elem_type)]. reference: "ort"
    (onnxruntime) or "onnx" (onnx's reference evaluator, for types onnxruntime's CPU kernels
    lack). Outputs of types numpy cannot write (float8, bfloat16) are saved as float32, as
    `kiln run` writes them."""
    graph = helper.make_graph(
        nodes,
        name,
        [helper.make_tensor_value_info(n, t, s) for n, t, s in inputs],
        [helper.make_tensor_value_info(n, t, None) for n, t in outputs],
        list(inits),
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
    model.ir_version = 9
    path = os.path.join(out, f"{name}.onnx")
    onnx.save(model, path)
    if feeds is None:
        feeds = {}
        for n, t, s in inputs:
            if t == B:
                feeds[n] = rng.random(s) < 0.5
            else:
                feeds[n] = rng.standard_normal(s).astype(np.float32) * 2
    if reference == "ort":
        session = ort.InferenceSession(path, providers=["CPUExecutionProvider"])
        results = session.run(None, feeds)
    else:
        from onnx.reference import ReferenceEvaluator

        results = ReferenceEvaluator(model).run(None, feeds)
    results = [
        r.astype(np.float32) if r.dtype.name.startswith(("float8", "bfloat16")) else r
        for r in results
    ]
    for k, (n, _, _) in enumerate(inputs):
        np.save(os.path.join(out, f"{name}.input_{k}.npy"), feeds[n])
    for k, r in enumerate(results):
        np.save(os.path.join(out, f"{name}.expected_{k}.npy"), r)
    cases.write(name + "\n")


def unary(op, shape=(2, 3, 4, 5), opset=18, **attrs):
    """x + 0.25 -> op: the op consumes a computed value."""
    case(
        op.lower(),
        [
            helper.make_node("Add", ["x", "quarter"], ["t"]),
            helper.make_node(op, ["t"], ["y"], **attrs),
        ],
        [("x", F, list(shape))],
        [("y", F)],
        [f32("quarter", 0.25)],
        opset=opset,
    )


for op in ["HardSigmoid", "HardSwish", "Reciprocal", "Floor", "Ceil", "Softplus", "Mish",
           "Sign", "Selu", "Elu"]:
    unary(op)
unary("Gelu", opset=20)
case("gelu_tanh", [helper.make_node("Gelu", ["x"], ["y"], approximate="tanh")],
     [("x", F, [3, 17])], [("y", F)], opset=20)
case("prelu", [helper.make_node("PRelu", ["x", "slope"], ["y"])],
     [("x", F, [2, 3, 4, 5])], [("y", F)],
     [f32("slope", rng.standard_normal((3, 1, 1)).astype(np.float32))])

# Slice: positive and negative steps, clamped bounds, on a computed value.
case("slice", [
    helper.make_node("Relu", ["x"], ["r"]),
    helper.make_node("Slice", ["r", "starts", "ends", "axes", "steps"], ["y"]),
], [("x", F, [3, 8, 10])], [("y", F)],
    [i64("starts", [1, -1, 0]), i64("ends", [1000, -100, 9]), i64("axes", [0, 2, 1]),
     i64("steps", [1, -2, 3])])
case("split", [
    helper.make_node("Relu", ["x"], ["r"]),
    helper.make_node("Split", ["r", "parts"], ["a", "b", "c"], axis=1),
    helper.make_node("Mul", ["a", "c"], ["y0"]),
], [("x", F, [2, 9, 4])], [("y0", F), ("b", F)], [i64("parts", [3, 3, 3])])
case("split_num_outputs", [
    helper.make_node("Split", ["x"], ["a", "b", "c"], axis=2, num_outputs=3),
], [("x", F, [2, 3, 8])], [("a", F), ("b", F), ("c", F)])
case("expand", [
    helper.make_node("Expand", ["x", "shape"], ["y"]),
], [("x", F, [3, 1, 5])], [("y", F)], [i64("shape", [2, 1, 4, 1])])
case("tile", [
    helper.make_node("Tile", ["x", "repeats"], ["y"]),
], [("x", F, [2, 3, 4])], [("y", F)], [i64("repeats", [2, 1, 3])])
# Range and Size fold at import; the device adds them to a computed value.
case("range_size", [
    helper.make_node("Size", ["x"], ["n"]),
    helper.make_node("Cast", ["n"], ["nf"], to=F),
    helper.make_node("Range", ["zero", "nf", "step"], ["ramp"]),
    helper.make_node("Reshape", ["x", "flat"], ["xf"]),
    helper.make_node("Add", ["xf", "ramp"], ["y"]),
], [("x", F, [2, 3, 4])], [("y", F)],
    [f32("zero", 0.0), f32("step", 1.0), i64("flat", [-1])])

# Comparisons and logic: bool tensors between kernels and as outputs.
case("compare_where", [
    helper.make_node("Less", ["a", "b"], ["lt"]),
    helper.make_node("Greater", ["a", "zero"], ["pos"]),
    helper.make_node("Equal", ["lt", "pos"], ["same"]),
    helper.make_node("GreaterOrEqual", ["a", "b"], ["ge"]),
    helper.make_node("LessOrEqual", ["b", "zero"], ["le"]),
    helper.make_node("And", ["ge", "le"], ["both"]),
    helper.make_node("Or", ["both", "same"], ["either"]),
    helper.make_node("Not", ["either"], ["neither"]),
    helper.make_node("Where", ["neither", "a", "b"], ["y"]),
], [("a", F, [4, 6]), ("b", F, [4, 6])], [("y", F), ("neither", B)], [f32("zero", 0.0)])
case("where_bool_input", [
    helper.make_node("Where", ["c", "a", "b"], ["y"]),
], [("c", B, [3, 1]), ("a", F, [3, 5]), ("b", F, [5])], [("y", F)])

case("layer_norm", [
    helper.make_node("LayerNormalization", ["x", "scale", "bias"], ["y"], axis=-1,
                     epsilon=1e-5),
], [("x", F, [2, 5, 16])], [("y", F)],
    [f32("scale", rng.standard_normal(16)), f32("bias", rng.standard_normal(16))], opset=17)
case("instance_norm", [
    helper.make_node("InstanceNormalization", ["x", "scale", "bias"], ["y"], epsilon=1e-5),
], [("x", F, [2, 3, 6, 7])], [("y", F)],
    [f32("scale", rng.standard_normal(3)), f32("bias", rng.standard_normal(3))])

# Resize nearest, x2 upsampling as torch exports it (asymmetric + floor), and by sizes with
# the default half_pixel + round_prefer_floor.
case("resize_nearest_scales", [
    helper.make_node("Resize", ["x", "", "scales"], ["y"], mode="nearest",
                     coordinate_transformation_mode="asymmetric", nearest_mode="floor"),
], [("x", F, [1, 3, 5, 6])], [("y", F)], [f32("scales", [1, 1, 2, 2])])
case("resize_nearest_sizes", [
    helper.make_node("Resize", ["x", "", "", "sizes"], ["y"], mode="nearest"),
], [("x", F, [1, 2, 4, 5])], [("y", F)], [i64("sizes", [1, 2, 12, 10])])

# A torch.onnx-style export with dynamic shape logic over symbolic dims N, H, W: Shape -> Gather
# -> Unsqueeze -> Concat -> Reshape (x.view(n, c, h * w)), Shape -> Slice -> Concat -> Reshape
# (flatten(2)), Range over a dim, Expand to a computed shape, and Equal -> If on a dim. With the
# dims fixed (`NAME.dims`), all of it folds at import.
then_branch = helper.make_graph(
    [helper.make_node("Relu", ["v"], ["branch_out"])], "then", [],
    [helper.make_tensor_value_info("branch_out", F, None)])
else_branch = helper.make_graph(
    [helper.make_node("Neg", ["v"], ["branch_out2"])], "else", [],
    [helper.make_tensor_value_info("branch_out2", F, None)])
dims = {"N": 2, "H": 5, "W": 6}
case("torch_dynamic_shapes", [
    helper.make_node("Shape", ["x"], ["s"]),
    helper.make_node("Gather", ["s", "i0"], ["n"], axis=0),
    helper.make_node("Gather", ["s", "i1"], ["c"], axis=0),
    helper.make_node("Gather", ["s", "i2"], ["h"], axis=0),
    helper.make_node("Gather", ["s", "i3"], ["w"], axis=0),
    helper.make_node("Mul", ["h", "w"], ["hw"]),
    helper.make_node("Unsqueeze", ["n", "ax0"], ["n1"]),
    helper.make_node("Unsqueeze", ["c", "ax0"], ["c1"]),
    helper.make_node("Unsqueeze", ["hw", "ax0"], ["hw1"]),
    helper.make_node("Concat", ["n1", "c1", "hw1"], ["view"], axis=0),
    helper.make_node("Reshape", ["x", "view"], ["v"]),
    helper.make_node("Slice", ["s", "zero1", "two1"], ["nc"]),
    helper.make_node("Concat", ["nc", "minus1"], ["flat"], axis=0),
    helper.make_node("Reshape", ["x", "flat"], ["f"]),
    helper.make_node("Range", ["zero_s", "hw", "one_s"], ["ramp"]),
    helper.make_node("Cast", ["ramp"], ["rampf"], to=F),
    helper.make_node("Add", ["f", "rampf"], ["f2"]),
    helper.make_node("Concat", ["n1", "c1", "one1"], ["bshape"], axis=0),
    helper.make_node("Expand", ["half", "bshape"], ["halves"]),
    helper.make_node("Mul", ["f2", "halves"], ["y1"]),
    helper.make_node("Equal", ["c", "four"], ["is4"]),
    helper.make_node("If", ["is4"], ["y2"], then_branch=then_branch, else_branch=else_branch),
], [("x", F, ["N", 4, "H", "W"])], [("y1", F), ("y2", F)],
    [i64("i0", 0), i64("i1", 1), i64("i2", 2), i64("i3", 3), i64("ax0", [0]),
     i64("zero1", [0]), i64("two1", [2]), i64("minus1", [-1]), i64("zero_s", 0),
     i64("one_s", 1), i64("one1", [1]), i64("four", 4), f32("half", [0.5])],
    feeds={"x": rng.standard_normal((dims["N"], 4, dims["H"], dims["W"])).astype(np.float32)})
with open(os.path.join(out, "torch_dynamic_shapes.dims"), "w") as f:
    f.write(" ".join(f"{k}={v}" for k, v in dims.items()))

# Resize linear: x2 bilinear with half-pixel centers (torch's align_corners=False upsampling)
# and a half-size downsampling with asymmetric coordinates.
case("resize_linear_upsample", [
    helper.make_node("Resize", ["x", "", "scales"], ["y"], mode="linear"),
], [("x", F, [1, 3, 5, 7])], [("y", F)], [f32("scales", [1, 1, 2, 2])])
case("resize_linear_downsample", [
    helper.make_node("Resize", ["x", "", "scales"], ["y"], mode="linear",
                     coordinate_transformation_mode="asymmetric"),
], [("x", F, [2, 2, 8, 6])], [("y", F)], [f32("scales", [1, 1, 0.5, 0.5])])

# Slice and Split of a tensor with a symbolic batch (kept symbolic: compiled once, run at N=3).
case("slice_split_symbolic_batch", [
    helper.make_node("Slice", ["x", "starts", "ends", "axes", "steps"], ["s"]),
    helper.make_node("Split", ["s", "parts"], ["a", "b"], axis=2),
    helper.make_node("Sub", ["b", "a"], ["y"]),
], [("x", F, ["N", 6, 8])], [("y", F), ("s", F)],
    [i64("starts", [-1, 0]), i64("ends", [-7, 8]), i64("axes", [1, 2]), i64("steps", [-2, 1]),
     i64("parts", [4, 4])],
    feeds={"x": rng.standard_normal((3, 6, 8)).astype(np.float32)})

# Resize nearest x2 with a symbolic batch (YOLO's upsampling, exported with a dynamic batch).
case("resize_nearest_symbolic_batch", [
    helper.make_node("Resize", ["x", "", "scales"], ["y"], mode="nearest",
                     coordinate_transformation_mode="asymmetric", nearest_mode="floor"),
], [("x", F, ["N", 3, 4, 5])], [("y", F)], [f32("scales", [1, 1, 2, 2])],
    feeds={"x": rng.standard_normal((2, 3, 4, 5)).astype(np.float32)})

# Einsum: attention's two contractions (batch + heads as batch labels), a plain matmul, a sum
# with a transpose on one operand, and an implicit-output dot product.
case("einsum_attention", [
    helper.make_node("Einsum", ["q", "k"], ["s"], equation="bhqd,bhkd->bhqk"),
    helper.make_node("Einsum", ["s", "v"], ["y"], equation="bhqk,bhkd->bhqd"),
], [("q", F, [2, 3, 5, 8]), ("k", F, [2, 3, 7, 8]), ("v", F, [2, 3, 7, 8])],
    [("s", F), ("y", F)], opset=12)
case("einsum_mixed", [
    helper.make_node("Einsum", ["a", "b"], ["p"], equation="ij,jk->ik"),
    helper.make_node("Einsum", ["x"], ["q"], equation="bij->jb"),
    helper.make_node("Einsum", ["u", "w"], ["r"], equation="i,i"),
    helper.make_node("Einsum", ["x", "a"], ["t"], equation="bij,ki->bjk"),
], [("a", F, [4, 6]), ("b", F, [6, 3]), ("x", F, [2, 6, 3]), ("u", F, [7]), ("w", F, [7])],
    [("p", F), ("q", F), ("r", F), ("t", F)], opset=12)


def w32(name, shape, scale=0.5):
    return f32(name, rng.standard_normal(shape) * scale)


# Recurrent layers (unrolled at import): a bidirectional LSTM with uneven sequence lengths,
# initial states and peepholes; a reverse LSTM with clip; GRUs with linear_before_reset 0
# and 1; an RNN in reverse with sequence lengths.
T, BATCH, I, H = 4, 3, 5, 6
case("lstm_bidirectional_seq_lens", [
    helper.make_node("LSTM", ["x", "W", "R", "B", "lens", "h0", "c0", "P"], ["y", "yh", "yc"],
                     direction="bidirectional", hidden_size=H),
], [("x", F, [T, BATCH, I]), ("h0", F, [2, BATCH, H]), ("c0", F, [2, BATCH, H])],
    [("y", F), ("yh", F), ("yc", F)],
    [w32("W", [2, 4 * H, I]), w32("R", [2, 4 * H, H]), w32("B", [2, 8 * H]),
     numpy_helper.from_array(np.array([4, 2, 3], dtype=np.int32), "lens"),
     w32("P", [2, 3 * H])], opset=14)
# (onnxruntime refuses layout 1: the node suite's batchwise cases check it in the interpreter.)
case("lstm_reverse_clip", [
    helper.make_node("LSTM", ["x", "W", "R"], ["y", "yh"], direction="reverse",
                     hidden_size=H, clip=0.75),
], [("x", F, [T, BATCH, I])], [("y", F), ("yh", F)],
    [w32("W", [1, 4 * H, I], 1.0), w32("R", [1, 4 * H, H], 1.0)], opset=14)
case("gru_linear_before_reset_0_and_1", [
    helper.make_node("GRU", ["x", "W", "R", "B", "", "h0"], ["y0", "yh0"],
                     direction="bidirectional", hidden_size=H),
    helper.make_node("GRU", ["x", "W1", "R1", "B1"], ["y1"], hidden_size=H,
                     linear_before_reset=1),
], [("x", F, [T, BATCH, I]), ("h0", F, [2, BATCH, H])], [("y0", F), ("yh0", F), ("y1", F)],
    [w32("W", [2, 3 * H, I]), w32("R", [2, 3 * H, H]), w32("B", [2, 6 * H]),
     w32("W1", [1, 3 * H, I]), w32("R1", [1, 3 * H, H]), w32("B1", [1, 6 * H])], opset=14)
case("rnn_reverse_seq_lens", [
    helper.make_node("RNN", ["x", "W", "R", "B", "lens"], ["y", "yh"], direction="reverse",
                     hidden_size=H),
], [("x", F, [T, BATCH, I])], [("y", F), ("yh", F)],
    [w32("W", [1, H, I]), w32("R", [1, H, H]), w32("B", [1, 2 * H]),
     numpy_helper.from_array(np.array([1, 4, 3], dtype=np.int32), "lens")], opset=14)

# ConvTranspose: stride 2 with output_padding and pads (a decoder's upsampling), groups with
# dilation, and 1-D.
case("conv_transpose_stride2", [
    helper.make_node("ConvTranspose", ["x", "W", "b"], ["y"], strides=[2, 2],
                     pads=[1, 0, 0, 1], output_padding=[1, 1], kernel_shape=[3, 3]),
], [("x", F, [2, 4, 5, 6])], [("y", F)], [w32("W", [4, 3, 3, 3]), w32("b", [3])])
case("conv_transpose_groups_dilation_1d", [
    helper.make_node("ConvTranspose", ["x", "W"], ["y"], strides=[1, 2], group=2,
                     dilations=[2, 1], pads=[1, 1, 2, 0]),
    helper.make_node("ConvTranspose", ["z", "W1"], ["y1"], strides=[3]),
], [("x", F, [1, 4, 5, 5]), ("z", F, [2, 3, 7])], [("y", F), ("y1", F)],
    [w32("W", [4, 3, 2, 3]), w32("W1", [3, 2, 4])])

# Dynamic int8 (as onnxruntime's quantize_dynamic writes it): DynamicQuantizeLinear -> ConvInteger
# with uint8 weights -> Cast -> scale; MatMulInteger with int8 weights and a zero point; and
# com.microsoft.DynamicQuantizeLSTM (int8 weights, per-direction scales), bidirectional.
U8, I8, I32 = TensorProto.UINT8, TensorProto.INT8, TensorProto.INT32


def q(name, shape, dtype, lo, hi):
    return numpy_helper.from_array(rng.integers(lo, hi, shape).astype(dtype), name)


case("dynamic_int8_conv_matmul", [
    helper.make_node("DynamicQuantizeLinear", ["x"], ["xq", "xs", "xz"]),
    helper.make_node("ConvInteger", ["xq", "w", "xz", "wz"], ["acc"], pads=[1, 1, 1, 1],
                     strides=[2, 1]),
    helper.make_node("Cast", ["acc"], ["accf"], to=TensorProto.FLOAT),
    helper.make_node("Mul", ["xs", "ws"], ["s"]),
    helper.make_node("Mul", ["accf", "s"], ["y"]),
    helper.make_node("Reshape", ["y", "flat"], ["y2"]),
    helper.make_node("DynamicQuantizeLinear", ["y2"], ["yq", "ys", "yz"]),
    helper.make_node("MatMulInteger", ["yq", "m", "yz", "mz"], ["macc"]),
    helper.make_node("Cast", ["macc"], ["maccf"], to=TensorProto.FLOAT),
    helper.make_node("Mul", ["maccf", "ys"], ["z"]),
], [("x", F, [1, 3, 6, 7])], [("y", F), ("z", F)],
    [q("w", [4, 3, 3, 3], np.uint8, 0, 256), numpy_helper.from_array(np.uint8(131), "wz"),
     f32("ws", 0.01), i64("flat", [12, 7]), q("m", [7, 5], np.int8, -128, 128),
     numpy_helper.from_array(np.int8(3), "mz")], opset=12)

Tq, Bq, Iq, Hq = 3, 2, 5, 4
graph = helper.make_graph([
    helper.make_node("DynamicQuantizeLSTM",
                     ["x", "W", "R", "B", "", "", "", "", "ws", "wz", "rs", "rz"],
                     ["y", "yh", "yc"], domain="com.microsoft", direction="bidirectional",
                     hidden_size=Hq),
], "dq_lstm", [helper.make_tensor_value_info("x", F, [Tq, Bq, Iq])],
    [helper.make_tensor_value_info(n, F, None) for n in ["y", "yh", "yc"]],
    [q("W", [2, Iq, 4 * Hq], np.int8, -128, 128), q("R", [2, Hq, 4 * Hq], np.int8, -128, 128),
     w32("B", [2, 8 * Hq]), f32("ws", [0.01, 0.02]), numpy_helper.from_array(
         np.array([0, 2], dtype=np.int8), "wz"),
     f32("rs", [0.02, 0.015]), numpy_helper.from_array(np.array([1, 0], dtype=np.int8), "rz")])
model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 14),
                                                helper.make_opsetid("com.microsoft", 1)])
model.ir_version = 9
path = os.path.join(out, "dynamic_quantize_lstm.onnx")
onnx.save(model, path)
feeds = {"x": rng.standard_normal((Tq, Bq, Iq)).astype(np.float32)}
results = ort.InferenceSession(path, providers=["CPUExecutionProvider"]).run(None, feeds)
np.save(os.path.join(out, "dynamic_quantize_lstm.input_0.npy"), feeds["x"])
for k, r in enumerate(results):
    np.save(os.path.join(out, f"dynamic_quantize_lstm.expected_{k}.npy"), r)
cases.write("dynamic_quantize_lstm\n")

# QDQ: QuantizeLinear / DequantizeLinear per axis to uint8 and per tensor to int8 around a Conv
# (as onnxruntime's static quantization writes it).
case("qdq_conv", [
    helper.make_node("QuantizeLinear", ["x", "xs", "xz"], ["xq"], axis=1),
    helper.make_node("DequantizeLinear", ["xq", "xs", "xz"], ["xd"], axis=1),
    helper.make_node("QuantizeLinear", ["x", "ts", "tz"], ["tq"]),
    helper.make_node("DequantizeLinear", ["tq", "ts", "tz"], ["td"]),
    helper.make_node("DequantizeLinear", ["wq", "ws", "wz"], ["wd"]),
    helper.make_node("Conv", ["td", "wd"], ["c"], pads=[1, 1, 1, 1]),
    helper.make_node("QuantizeLinear", ["c", "cs", "cz"], ["cq"]),
    helper.make_node("DequantizeLinear", ["cq", "cs", "cz"], ["y"]),
], [("x", F, [1, 3, 5, 6])], [("xd", F), ("y", F)],
    [f32("xs", [0.02, 0.015, 0.03]), numpy_helper.from_array(
        np.array([128, 120, 135], dtype=np.uint8), "xz"),
     f32("ts", 0.02), numpy_helper.from_array(np.uint8(127), "tz"),
     q("wq", [4, 3, 3, 3], np.int8, -127, 128), f32("ws", 0.01),
     numpy_helper.from_array(np.int8(0), "wz"), f32("cs", 0.005),
     numpy_helper.from_array(np.int8(-3), "cz")], opset=13)
# QOperator form (onnxruntime's static quantization with QLinearConv / QLinearMatMul): a float
# input quantized to uint8, a QLinearConv with per-channel int8 weight scales and an int32 bias,
# then QLinearMatMul with uint8 weights, dequantized at the end.
case("qlinear_conv_matmul", [
    helper.make_node("QuantizeLinear", ["x", "xs", "xz"], ["xq"]),
    helper.make_node("QLinearConv", ["xq", "xs", "xz", "w", "ws", "wz", "cs", "cz", "cb"], ["cq"],
                     pads=[1, 1, 1, 1], strides=[1, 2]),
    helper.make_node("Reshape", ["cq", "flat"], ["fq"]),
    helper.make_node("QLinearMatMul", ["fq", "cs", "cz", "m", "ms", "mz", "ys", "yz"], ["yq"]),
    helper.make_node("DequantizeLinear", ["yq", "ys", "yz"], ["y"]),
], [("x", F, [1, 3, 6, 8])], [("y", F)],
    [f32("xs", 0.02), numpy_helper.from_array(np.uint8(128), "xz"),
     q("w", [4, 3, 3, 3], np.int8, -127, 128), f32("ws", [0.004, 0.003, 0.005, 0.002]),
     numpy_helper.from_array(np.zeros(4, np.int8), "wz"), f32("cs", 0.05),
     numpy_helper.from_array(np.uint8(100), "cz"), q("cb", [4], np.int32, -500, 500),
     i64("flat", [24, 4]), q("m", [4, 5], np.uint8, 0, 256), f32("ms", 0.01),
     numpy_helper.from_array(np.uint8(120), "mz"), f32("ys", 0.08),
     numpy_helper.from_array(np.uint8(110), "yz")], opset=13)
# The conformance ops (docs/onnx-conformance.md), each on a computed value.
# ArgMax / ArgMin (first and last index, kept and dropped axis).
case("argmax_argmin", [
    helper.make_node("Add", ["x", "quarter"], ["t"]),
    helper.make_node("ArgMax", ["t"], ["a"], axis=1, keepdims=0),
    helper.make_node("ArgMin", ["t"], ["b"], axis=-1, select_last_index=1),
], [("x", F, [2, 5, 7])], [("a", TensorProto.INT64), ("b", TensorProto.INT64)],
    [f32("quarter", 0.25)], opset=13)
# CumSum: inclusive forward, exclusive reverse.
case("cumsum", [
    helper.make_node("Add", ["x", "quarter"], ["t"]),
    helper.make_node("CumSum", ["t", "axis1"], ["a"]),
    helper.make_node("CumSum", ["t", "axis2"], ["b"], exclusive=1, reverse=1),
], [("x", F, [2, 6, 5])], [("a", F), ("b", F)],
    [f32("quarter", 0.25), i64("axis1", 1), i64("axis2", -1)], opset=14)
# LogSoftmax and Hardmax along an axis; Softsign, Celu, Shrink, Sin, Cos, Round.
case("logsoftmax_hardmax", [
    helper.make_node("Add", ["x", "quarter"], ["t"]),
    helper.make_node("LogSoftmax", ["t"], ["a"], axis=-1),
    helper.make_node("Hardmax", ["t"], ["b"], axis=1),
], [("x", F, [3, 4, 9])], [("a", F), ("b", F)], [f32("quarter", 0.25)], opset=13)
case("elementwise_more", [
    helper.make_node("Add", ["x", "quarter"], ["t"]),
    helper.make_node("Softsign", ["t"], ["a"]),
    helper.make_node("Celu", ["t"], ["b"], alpha=0.7),
    helper.make_node("Shrink", ["t"], ["c"], lambd=0.6, bias=0.2),
    helper.make_node("Sin", ["t"], ["d"]),
    helper.make_node("Cos", ["t"], ["e"]),
    helper.make_node("Round", ["t"], ["f"]),
    helper.make_node("Mod", ["t", "three"], ["g"], fmod=1),
], [("x", F, [4, 33])], [("a", F), ("b", F), ("c", F), ("d", F), ("e", F), ("f", F), ("g", F)],
    [f32("quarter", 0.25), f32("three", 0.75)], opset=13)
# Asin, Acos on a Tanh (inside (-1, 1)); Atan on the whole line.
case("inverse_trig", [
    helper.make_node("Tanh", ["x"], ["t"]),
    helper.make_node("Asin", ["t"], ["a"]),
    helper.make_node("Acos", ["t"], ["b"]),
    helper.make_node("Atan", ["x"], ["c"]),
], [("x", F, [4, 33])], [("a", F), ("b", F), ("c", F)], [], opset=13)
# Reduce variants over axes given as an input.
case("reduce_variants", [
    helper.make_node("Add", ["x", "quarter"], ["t"]),
    helper.make_node("ReduceL1", ["t", "axes"], ["a"]),
    helper.make_node("ReduceL2", ["t", "axes"], ["b"], keepdims=0),
    helper.make_node("ReduceSumSquare", ["t", "axes"], ["c"]),
    helper.make_node("ReduceLogSumExp", ["t", "axes"], ["d"], keepdims=0),
    helper.make_node("ReduceProd", ["t", "axes"], ["e"]),
], [("x", F, [3, 4, 5])], [("a", F), ("b", F), ("c", F), ("d", F), ("e", F)],
    [f32("quarter", 0.25), i64("axes", [0, 2])], opset=18)
# Trilu (upper with k = 1, lower), DepthToSpace (CRD), SpaceToDepth.
case("trilu_depth_space", [
    helper.make_node("Add", ["x", "quarter"], ["t"]),
    helper.make_node("Trilu", ["t", "k"], ["a"], upper=1),
    helper.make_node("Trilu", ["t"], ["b"], upper=0),
    helper.make_node("DepthToSpace", ["t"], ["c"], blocksize=2, mode="CRD"),
    helper.make_node("SpaceToDepth", ["t"], ["d"], blocksize=2),
], [("x", F, [2, 8, 6, 6])], [("a", F), ("b", F), ("c", F), ("d", F)],
    [f32("quarter", 0.25), i64("k", 1)], opset=14)
# RMSNormalization and Attention (opset 23): grouped-query heads, a bool mask, and
# causal, with the present key / value outputs.
case("rms_norm", [
    helper.make_node("Add", ["x", "quarter"], ["t"]),
    helper.make_node("RMSNormalization", ["t", "scale"], ["y"], axis=-1, epsilon=1e-5),
], [("x", F, [2, 5, 16])], [("y", F)],
    [f32("quarter", 0.25), f32("scale", rng.standard_normal(16).astype(np.float32))], opset=23)
case("attention_gqa_causal", [
    helper.make_node("Add", ["q", "quarter"], ["t"]),
    helper.make_node("Attention", ["t", "k", "v", "mask"], ["y", "pk", "pv"], is_causal=1),
], [("q", F, [2, 4, 5, 8]), ("k", F, [2, 2, 6, 8]), ("v", F, [2, 2, 6, 8]),
    ("mask", B, [5, 6])], [("y", F), ("pk", F), ("pv", F)], [f32("quarter", 0.25)], opset=23,
    feeds={"q": rng.standard_normal((2, 4, 5, 8)).astype(np.float32),
           "k": rng.standard_normal((2, 2, 6, 8)).astype(np.float32),
           "v": rng.standard_normal((2, 2, 6, 8)).astype(np.float32),
           "mask": np.array([[1, 1, 0, 1, 1, 0]] * 5, dtype=bool)})
# TopK: the 3 largest along the last axis, the 2 smallest along axis 1 (ties by lower index).
case("top_k", [
    helper.make_node("Add", ["x", "quarter"], ["t"]),
    helper.make_node("TopK", ["t", "k3"], ["v", "i"], axis=-1),
    helper.make_node("TopK", ["t", "k2"], ["w", "j"], axis=1, largest=0),
], [("x", F, [2, 5, 9])],
    [("v", F), ("i", TensorProto.INT64), ("w", F), ("j", TensorProto.INT64)],
    [f32("quarter", 0.25), i64("k3", [3]), i64("k2", [2])], opset=11)
# 3-D pools (two separable 2-D pools): max with pads and strides, average with ceil_mode and
# count_include_pad = 0.
case("pool_3d", [
    helper.make_node("Add", ["x", "quarter"], ["t"]),
    helper.make_node("MaxPool", ["t"], ["m"], kernel_shape=[2, 3, 3], strides=[1, 2, 2],
                     pads=[1, 1, 1, 0, 1, 1]),
    helper.make_node("AveragePool", ["t"], ["a"], kernel_shape=[3, 2, 2], strides=[2, 2, 1],
                     pads=[1, 0, 1, 1, 0, 0], ceil_mode=1),
], [("x", F, [2, 3, 5, 6, 7])], [("m", F), ("a", F)], [f32("quarter", 0.25)], opset=19)
# Scatters with reductions (ScatterND add with duplicate indices and mul; ScatterElements max
# along axis 1 with negative indices and shorter index rows), GatherND with a batch dim, and
# TensorScatter (a circular KV-cache write), indices fed as inputs (device values).
nd_idx = np.array([[[1, 0], [3, 2]], [[1, 0], [0, 1]]], dtype=np.int64)  # (1, 0) twice
el_idx = rng.integers(-5, 5, size=(3, 2, 4)).astype(np.int64)
case("scatter_reductions", [
    helper.make_node("Add", ["x", "quarter"], ["t"]),
    helper.make_node("ScatterND", ["t", "ni", "nu"], ["a"], reduction="add"),
    helper.make_node("ScatterND", ["t", "ni", "nu"], ["b"], reduction="mul"),
    helper.make_node("ScatterElements", ["t", "ei", "eu"], ["c"], axis=1, reduction="max"),
    helper.make_node("GatherND", ["t", "gi"], ["d"], batch_dims=1),
], [("x", F, [4, 5, 6]), ("ni", TensorProto.INT64, [2, 2, 2]), ("nu", F, [2, 2, 6]),
    ("ei", TensorProto.INT64, [3, 2, 4]), ("eu", F, [3, 2, 4]),
    ("gi", TensorProto.INT64, [4, 3, 1])],
    [("a", F), ("b", F), ("c", F), ("d", F)], [f32("quarter", 0.25)], opset=18,
    feeds={"x": rng.standard_normal((4, 5, 6)).astype(np.float32),
           "ni": nd_idx, "nu": rng.standard_normal((2, 2, 6)).astype(np.float32),
           "ei": el_idx, "eu": rng.standard_normal((3, 2, 4)).astype(np.float32),
           "gi": rng.integers(-5, 5, size=(4, 3, 1)).astype(np.int64)})
case("tensor_scatter_circular", [
    helper.make_node("Add", ["cache", "quarter"], ["t"]),
    helper.make_node("TensorScatter", ["t", "u", "w"], ["y"], axis=2, mode="circular"),
], [("cache", F, [2, 3, 5, 4]), ("u", F, [2, 3, 2, 4]), ("w", TensorProto.INT64, [2])],
    [("y", F)], [f32("quarter", 0.25)], opset=24,
    feeds={"cache": rng.standard_normal((2, 3, 5, 4)).astype(np.float32),
           "u": rng.standard_normal((2, 3, 2, 4)).astype(np.float32),
           "w": np.array([4, 1], dtype=np.int64)})
# RotaryEmbedding: interleaved with a partial rotary dim and position ids, 3-D input.
case("rotary_embedding", [
    helper.make_node("Add", ["x", "quarter"], ["t"]),
    helper.make_node("RotaryEmbedding", ["t", "cos", "sin", "pos"], ["y"], interleaved=1,
                     rotary_embedding_dim=4, num_heads=2),
], [("x", F, [2, 3, 16]), ("cos", F, [7, 2]), ("sin", F, [7, 2]),
    ("pos", TensorProto.INT64, [2, 3])], [("y", F)], [f32("quarter", 0.25)], opset=23,
    feeds={"x": rng.standard_normal((2, 3, 16)).astype(np.float32),
           "cos": np.cos(rng.standard_normal((7, 2))).astype(np.float32),
           "sin": np.sin(rng.standard_normal((7, 2))).astype(np.float32),
           "pos": rng.integers(0, 7, size=(2, 3)).astype(np.int64)})
# Element types kiln holds in wider ones (frontend/src/onnx/elem_types.rs): int16 Add over the
# whole range (wrapping), uint32 Div and a wrapping uint32 Sub, uint64 BitShift both ways.
I16, U32, U64 = TensorProto.INT16, TensorProto.UINT32, TensorProto.UINT64
case("held_int16_uint32", [
    helper.make_node("Add", ["a", "b"], ["s"]),
    helper.make_node("Div", ["c", "d"], ["q"]),
    helper.make_node("Sub", ["d", "c"], ["r"]),
], [("a", I16, [3, 17]), ("b", I16, [3, 17]), ("c", U32, [40]), ("d", U32, [40])],
    [("s", I16), ("q", U32), ("r", U32)], [], opset=14,
    feeds={"a": rng.integers(-32768, 32768, (3, 17)).astype(np.int16),
           "b": rng.integers(-32768, 32768, (3, 17)).astype(np.int16),
           "c": rng.integers(0, 2**32, 40, dtype=np.uint64).astype(np.uint32),
           "d": rng.integers(1, 2**20, 40).astype(np.uint32)},
    reference="onnx")
case("bitshift_uint64", [
    helper.make_node("BitShift", ["x", "y"], ["l"], direction="LEFT"),
    helper.make_node("BitShift", ["x", "y"], ["r"], direction="RIGHT"),
], [("x", U64, [33]), ("y", U64, [33])], [("l", U64), ("r", U64)], [], opset=11,
    feeds={"x": rng.integers(0, 2**40, 33, dtype=np.uint64),
           "y": rng.integers(0, 24, 33, dtype=np.uint64)})
# Cast to float8 e4m3fn (saturating: past 448 -> 448) and e5m2 without saturation (-> inf),
# over magnitudes from below the subnormals to past the overflow, and back to f32 from float8.
x8 = (rng.standard_normal(300) * 10.0 ** rng.uniform(-7, 5.5, 300)).astype(np.float32)
case("cast_float8", [
    helper.make_node("Cast", ["x"], ["a"], to=TensorProto.FLOAT8E4M3FN),
    helper.make_node("Cast", ["x"], ["b"], to=TensorProto.FLOAT8E5M2, saturate=0),
    helper.make_node("Cast", ["b"], ["c"], to=TensorProto.FLOAT16),
], [("x", F, [300])], [("a", TensorProto.FLOAT8E4M3FN), ("b", TensorProto.FLOAT8E5M2),
    ("c", TensorProto.FLOAT16)], [], opset=19, feeds={"x": x8}, reference="onnx")
# uint64 (held in i64) past 2^63 by a wrapping Sub, then compared as unsigned (the wrapped
# values themselves are no output: a uint64 .npy of 2^63 or more is no kiln input).
case("uint64_wrap_compare", [
    helper.make_node("Sub", ["a", "b"], ["d"]),
    helper.make_node("Less", ["d", "b"], ["l"]),
    helper.make_node("GreaterOrEqual", ["d", "a"], ["g"]),
], [("a", U64, [64]), ("b", U64, [64])], [("l", B), ("g", B)], [], opset=14,
    feeds={"a": rng.integers(0, 2**40, 64, dtype=np.uint64),
           "b": rng.integers(0, 2**40, 64, dtype=np.uint64)},
    reference="onnx")
# ConvTranspose over 3 spatial dims (a generic, not conv_2d): strides, pads, output_padding,
# dilation, groups and a bias.
case("conv_transpose_3d", [
    helper.make_node("ConvTranspose", ["x", "W", "b"], ["y"], strides=[2, 1, 2], group=2,
                     dilations=[1, 2, 1], pads=[1, 0, 1, 0, 1, 0], output_padding=[1, 0, 0]),
], [("x", F, [2, 4, 3, 4, 5])], [("y", F)], [w32("W", [4, 3, 2, 3, 2]), w32("b", [6])],
    opset=22)
# Cast to float8e8m0 (the f32 exponent, rounded up / down / to nearest; saturating or not) over
# magnitudes from below the f32 normals to past 2^127, zeros and negatives, and back to f32.
xe = (rng.standard_normal(256) * 10.0 ** rng.uniform(-39, 38.5, 256)).astype(np.float32)
xe[:4] = [0.0, -0.0, 3.3e38, -1.5]
case("cast_float8e8m0", [
    helper.make_node("Cast", ["x"], ["up"], to=TensorProto.FLOAT8E8M0),
    helper.make_node("Cast", ["x"], ["down"], to=TensorProto.FLOAT8E8M0, round_mode="down"),
    helper.make_node("Cast", ["x"], ["near"], to=TensorProto.FLOAT8E8M0, round_mode="nearest",
                     saturate=0),
    helper.make_node("Cast", ["near"], ["back"], to=TensorProto.FLOAT),
], [("x", F, [256])], [("up", TensorProto.FLOAT8E8M0), ("down", TensorProto.FLOAT8E8M0),
    ("near", TensorProto.FLOAT8E8M0), ("back", F)], [], opset=25, feeds={"x": xe},
    reference="onnx")
# TfIdfVectorizer on int32 rows: uni-, bi- and trigrams, skips up to 2, TFIDF with weights, two
# n-grams sharing an output column.
case("tfidf_int", [
    helper.make_node("TfIdfVectorizer", ["x"], ["y"], mode="TFIDF", min_gram_length=1,
                     max_gram_length=3, max_skip_count=2, ngram_counts=[0, 3, 11],
                     ngram_indexes=[0, 1, 2, 3, 4, 5, 6, 7, 3],
                     pool_int64s=[1, 2, 3, 1, 2, 2, 1, 3, 3, 0, 1, 1, 2, 3, 0, 0, 1],
                     weights=[0.5, 1.0, 2.0, 1.5, 0.25, 3.0, 0.75, 1.25, 2.5]),
], [("x", TensorProto.INT32, [3, 24])], [("y", F)], opset=9,
    feeds={"x": rng.integers(0, 4, (3, 24)).astype(np.int32)})
# ai.onnx.ml TreeEnsemble: 3 random trees (depth 3; every node mode, MEMBER sets, NaN features
# sent by nodes_missing_value_tracks_true), 3 targets, aggregated by SUM, AVERAGE, MIN and MAX.
def tree_ensemble_nodes(aggregate, seed):
    r = np.random.default_rng(seed)
    splits, modes, feats, tids, fids, tleaf, fleaf, missing, members = [], [], [], [], [], [], [], [], []
    leaf_t, leaf_w, roots = [], [], []
    for _ in range(3):
        base = len(splits)
        roots.append(base)
        for i in range(7):  # a complete tree of 7 nodes: children 2i+1, 2i+2; depth-3 nodes lead to leaves
            mode = int(r.integers(0, 7))
            modes.append(mode)
            feats.append(int(r.integers(0, 4)))
            splits.append(float(r.standard_normal()) if r.random() < 0.7 else float(xt[int(r.integers(0, 16)), feats[-1]]))
            missing.append(int(r.random() < 0.5))
            if mode == 6:
                picks = [float(xt[int(r.integers(0, 16)), feats[-1]]) for _ in range(3)]
                members.extend([0.5 if np.isnan(v) else v for v in picks] + [np.nan])
            if i < 3:
                tids.append(base + 2 * i + 1); fids.append(base + 2 * i + 2); tleaf.append(0); fleaf.append(0)
            else:
                for side in range(2):
                    (tids if side == 0 else fids).append(len(leaf_w))
                    (tleaf if side == 0 else fleaf).append(1)
                    leaf_t.append(int(r.integers(0, 3)))
                    leaf_w.append(float(r.standard_normal() * 3))
    extra = {}
    if members:
        extra["membership_values"] = numpy_helper.from_array(np.array(members, dtype=np.float32))
    return helper.make_node(
        "TreeEnsemble", ["x"], [f"y{aggregate}"], domain="ai.onnx.ml", aggregate_function=aggregate,
        n_targets=3, tree_roots=roots, nodes_featureids=feats, nodes_truenodeids=tids,
        nodes_falsenodeids=fids, nodes_trueleafs=tleaf, nodes_falseleafs=fleaf,
        nodes_missing_value_tracks_true=missing, leaf_targetids=leaf_t,
        nodes_splits=numpy_helper.from_array(np.array(splits, dtype=np.float32)),
        nodes_modes=numpy_helper.from_array(np.array(modes, dtype=np.uint8)),
        leaf_weights=numpy_helper.from_array(np.array(leaf_w, dtype=np.float32)), **extra,
    )


xt = rng.standard_normal((16, 4)).astype(np.float32)
xt[rng.random((16, 4)) < 0.1] = np.nan
tree_model_nodes = [tree_ensemble_nodes(a, 7 + a) for a in range(4)]
graph = helper.make_graph(
    tree_model_nodes, "tree_ensemble", [helper.make_tensor_value_info("x", F, [16, 4])],
    [helper.make_tensor_value_info(f"y{a}", F, None) for a in range(4)])
tree_model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 21),
                                                     helper.make_opsetid("ai.onnx.ml", 5)])
tree_model.ir_version = 10
onnx.save(tree_model, os.path.join(out, "tree_ensemble.onnx"))
from onnx.reference import ReferenceEvaluator  # noqa: E402
np.save(os.path.join(out, "tree_ensemble.input_0.npy"), xt)
for k, r in enumerate(ReferenceEvaluator(tree_model).run(None, {"x": xt})):
    np.save(os.path.join(out, f"tree_ensemble.expected_{k}.npy"), r)
cases.write("tree_ensemble\n")

#!/usr/bin/env python3
"""Small ONNX models of the spatial and signal operators (GridSample, AffineGrid, Resize in its
gather form, LpPool, DFT / STFT, and Gather along the innermost axis), with seeded random inputs
and onnxruntime's outputs, for kiln's device tests (`tests/onnx_spatial_signal_device.rs`).

usage: make_spatial_signal_models.py OUT_DIR

For each case NAME it writes OUT_DIR/NAME.onnx, OUT_DIR/NAME.input_K.npy and
OUT_DIR/NAME.expected_K.npy (onnxruntime, CPU). Shape-like operands (sizes, roi, axis, frame
step, window) are initializers; the data operands are graph inputs, so the ops run in kernels.
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


def const(name, values, dtype):
    return numpy_helper.from_array(np.array(values, dtype=dtype), name)


def case(name, node, feeds, inits=(), opset=20):
    """feeds: {input name: array} in node input order; one output `y`."""
    graph = helper.make_graph(
        [node],
        name,
        [helper.make_tensor_value_info(n, F, a.shape) for n, a in feeds.items()],
        [helper.make_tensor_value_info("y", F, None)],
        list(inits),
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
    model.ir_version = 9
    path = os.path.join(out, f"{name}.onnx")
    onnx.save(model, path)
    session = ort.InferenceSession(path, providers=["CPUExecutionProvider"])
    results = session.run(None, feeds)
    for k, a in enumerate(feeds.values()):
        np.save(os.path.join(out, f"{name}.input_{k}.npy"), a)
    for k, r in enumerate(results):
        np.save(os.path.join(out, f"{name}.expected_{k}.npy"), r)


def normal(*shape):
    return rng.standard_normal(shape).astype(np.float32)


def grid(*shape):
    # Some points outside [-1, 1], to exercise the padding modes.
    return rng.uniform(-1.3, 1.3, shape).astype(np.float32)


case(
    "gridsample_linear_zeros",
    helper.make_node("GridSample", ["x", "g"], ["y"], mode="linear", padding_mode="zeros"),
    {"x": normal(2, 3, 5, 6), "g": grid(2, 4, 7, 2)},
)
case(
    "gridsample_cubic_reflection_aligned",
    helper.make_node(
        "GridSample", ["x", "g"], ["y"], mode="cubic", padding_mode="reflection", align_corners=1
    ),
    {"x": normal(1, 2, 6, 5), "g": grid(1, 5, 8, 2)},
)
case(
    "gridsample_nearest_border_3d",
    helper.make_node("GridSample", ["x", "g"], ["y"], mode="nearest", padding_mode="border"),
    {"x": normal(1, 2, 4, 5, 3), "g": grid(1, 3, 4, 2, 3)},
)
case(
    "affine_grid_3d",
    helper.make_node("AffineGrid", ["theta", "size"], ["y"], align_corners=0),
    {"theta": normal(2, 3, 4)},
    [const("size", [2, 3, 4, 5, 6], np.int64)],
)
case(
    "resize_cubic_exclude_outside_sizes",
    helper.make_node(
        "Resize",
        ["x", "", "", "sizes"],
        ["y"],
        mode="cubic",
        cubic_coeff_a=-0.5,
        exclude_outside=1,
    ),
    {"x": normal(1, 2, 5, 7)},
    [const("sizes", [1, 2, 8, 4], np.int64)],
    opset=19,
)
case(
    "resize_linear_antialias_downsample",
    helper.make_node("Resize", ["x", "", "scales"], ["y"], mode="linear", antialias=1),
    {"x": normal(1, 2, 9, 10)},
    [const("scales", [1, 1, 0.4, 0.6], np.float32)],
    opset=19,
)
case(
    "resize_tf_crop_and_resize_extrapolation",
    helper.make_node(
        "Resize",
        ["x", "roi", "", "sizes"],
        ["y"],
        mode="linear",
        coordinate_transformation_mode="tf_crop_and_resize",
        extrapolation_value=2.5,
    ),
    {"x": normal(1, 3, 6, 6)},
    [const("roi", [0, 0, 0.2, -0.1, 1, 1, 1.1, 0.8], np.float32), const("sizes", [1, 3, 5, 7], np.int64)],
    opset=19,
)
case(
    "lppool_p3_strides_pads",
    helper.make_node("LpPool", ["x"], ["y"], p=3, kernel_shape=[3, 2], strides=[2, 1], pads=[1, 0, 1, 1]),
    {"x": normal(2, 3, 7, 6)},
    opset=22,
)
case(
    "dft_onesided_axis_1",
    helper.make_node("DFT", ["x", "len", "axis"], ["y"], onesided=1),
    {"x": normal(2, 12, 3, 1)},
    [const("len", 14, np.int64), const("axis", 1, np.int64)],
)
case(
    "dft_inverse_complex",
    helper.make_node("DFT", ["x", "", "axis"], ["y"], inverse=1),
    {"x": normal(3, 10, 2)},
    [const("axis", -2, np.int64)],
)
case(
    "stft_hann_window",
    helper.make_node("STFT", ["x", "step", "window"], ["y"], onesided=1),
    {"x": normal(2, 64, 1)},
    [
        const("step", 6, np.int64),
        const("window", 0.5 - 0.5 * np.cos(2 * np.pi * np.arange(16) / 16), np.float32),
    ],
    opset=17,
)
def case_int_input(name, node, feeds, inits=(), opset=20):
    """Like `case`, with int64 graph inputs where the feed is int64."""
    types = {np.dtype(np.float32): F, np.dtype(np.int64): TensorProto.INT64}
    graph = helper.make_graph(
        [node],
        name,
        [helper.make_tensor_value_info(n, types[a.dtype], a.shape) for n, a in feeds.items()],
        [helper.make_tensor_value_info("y", F, None)],
        list(inits),
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
    model.ir_version = 9
    path = os.path.join(out, f"{name}.onnx")
    onnx.save(model, path)
    results = ort.InferenceSession(path, providers=["CPUExecutionProvider"]).run(None, feeds)
    for k, a in enumerate(feeds.values()):
        np.save(os.path.join(out, f"{name}.input_{k}.npy"), a)
    for k, r in enumerate(results):
        np.save(os.path.join(out, f"{name}.expected_{k}.npy"), r)


# Rois partly outside the 9 x 11 feature map, one degenerate.
corners = rng.uniform(-2, 12, (5, 2, 2)).astype(np.float32)
rois = np.concatenate([corners.min(axis=1), corners.max(axis=1)], axis=1)
rois[4] = [3, 3, 3.2, 3.1]
for mode, transform in [("avg", "half_pixel"), ("max", "output_half_pixel")]:
    case_int_input(
        f"roi_align_{mode}_{transform}",
        helper.make_node(
            "RoiAlign",
            ["x", "rois", "batch"],
            ["y"],
            mode=mode,
            coordinate_transformation_mode=transform,
            output_height=3,
            output_width=4,
            sampling_ratio=2,
            spatial_scale=0.8,
        ),
        {"x": normal(2, 3, 9, 11), "rois": rois, "batch": np.array([0, 1, 1, 0, 1], np.int64)},
        opset=16,
    )
case(
    "col2im_strides_pads_dilations",
    helper.make_node(
        "Col2Im", ["x", "image", "block"], ["y"], strides=[2, 1], pads=[1, 0, 0, 1], dilations=[1, 2]
    ),
    # image [5, 6], block [2, 3]: (5 + 1 - 2) / 2 + 1 = 3 by (6 + 1 - 5) / 1 + 1 = 3 blocks.
    {"x": normal(2, 3 * 6, 9)},
    [const("image", [5, 6], np.int64), const("block", [2, 3], np.int64)],
    opset=18,
)
# MaxPool's Indices (overlapping windows, padding, column-major numbering), and MaxUnpool of a
# non-overlapping MaxPool (no output_shape: with one larger than the inferred shape, onnxruntime
# numbers the indices over output_shape as PyTorch does, onnx's reference and node tests over the
# inferred shape, which kiln follows).
graph = helper.make_graph(
    [
        helper.make_node(
            "MaxPool", ["x"], ["y", "z"], kernel_shape=[3, 3], strides=[2, 2], pads=[1, 1, 1, 1],
            storage_order=1,
        ),
        helper.make_node("MaxPool", ["x2"], ["y2", "z2"], kernel_shape=[2, 2], strides=[2, 2]),
        helper.make_node(
            "MaxUnpool", ["y2", "z2"], ["u"], kernel_shape=[2, 2], strides=[2, 2]
        ),
    ],
    "maxpool_indices_unpool",
    [
        helper.make_tensor_value_info("x", F, [2, 3, 7, 8]),
        helper.make_tensor_value_info("x2", F, [2, 3, 6, 8]),
    ],
    [
        helper.make_tensor_value_info("y", F, None),
        helper.make_tensor_value_info("z", TensorProto.INT64, None),
        helper.make_tensor_value_info("u", F, None),
    ],
    [],
)
model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 22)])
model.ir_version = 9
onnx.save(model, os.path.join(out, "maxpool_indices_unpool.onnx"))
feeds = {"x": normal(2, 3, 7, 8), "x2": normal(2, 3, 6, 8)}
results = ort.InferenceSession(
    os.path.join(out, "maxpool_indices_unpool.onnx"), providers=["CPUExecutionProvider"]
).run(None, feeds)
for k, a in enumerate(feeds.values()):
    np.save(os.path.join(out, f"maxpool_indices_unpool.input_{k}.npy"), a)
for k, r in enumerate(results):
    np.save(os.path.join(out, f"maxpool_indices_unpool.expected_{k}.npy"), r)

# Groups, offset groups, stride, dilation, padding, a mask and a bias; offsets of a few pixels
# so that some taps fall outside the input.
case(
    "deform_conv_groups_mask_bias",
    helper.make_node(
        "DeformConv",
        ["x", "w", "offset", "b", "mask"],
        ["y"],
        group=2,
        offset_group=2,
        strides=[2, 1],
        dilations=[1, 2],
        pads=[1, 1, 1, 2],
    ),
    # out: (7 + 2 - 3) / 2 + 1 = 4 by (6 + 3 - 3) / 1 + 1 = 7.
    {
        "x": normal(2, 4, 7, 6),
        "w": normal(6, 2, 3, 2),
        "offset": normal(2, 2 * 6 * 2, 4, 7) * 1.5,
        "b": normal(6),
        "mask": rng.uniform(0, 1, (2, 2 * 6, 4, 7)).astype(np.float32),
    },
    opset=19,
)

# A gather along the innermost axis whose length is a multiple of 4: `vectorize` once read it as
# one element splatted over 4 lanes.
case(
    "gather_innermost_axis",
    helper.make_node("Gather", ["x", "idx"], ["y"], axis=2),
    {"x": normal(2, 3, 8)},
    [const("idx", [3, 1, 1, 0, 7, 2, 6, 5], np.int64)],
    opset=13,
)

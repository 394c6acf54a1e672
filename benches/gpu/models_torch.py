#!/usr/bin/env python3
"""PyTorch's side of `benches/gpu/models.sh`: each ONNX model through onnx2torch on the GPU, f32
with TF32 off (and, in a second column, allowed); prints one JSON line per model with the sum
of CUDA kernel times per forward from the profiler (cuDNN / cuBLAS time without launch gaps),
the eager wall time per forward, and the max relative difference of its output against kiln's
(`OUT_DIR/NAME.kiln_0.npy`, written by `kiln run --output-dir`), and the rel L2 of kiln's
output compiled with `--precision P` for each P of `$REDUCED` (`NAME.kiln_P_0.npy`) against
torch's f32 output.

With LAYERS_DIR set, also writes LAYERS_DIR/NAME.torch_layers.json: the CUDA kernel time per
forward of each ONNX node's module (a profiler range around each onnx2torch module, TF32 off)
and its kernels, keyed as `kiln bench --json` names its dispatches' sources (the node's name,
or `#INDEX` for an unnamed node), for benches/gpu/layers.py's per-layer table.

usage: models_torch.py DIR NAME...     (DIR/NAME.onnx, DIR/NAME.input_0.npy)
"""
import json
import os
import sys
import time

import numpy as np
import onnx
import torch


def kernel_us(module, x, iters=20):
    with torch.no_grad():
        for _ in range(5):
            module(x)
        torch.cuda.synchronize()
        with torch.profiler.profile(activities=[torch.profiler.ProfilerActivity.CUDA]) as prof:
            for _ in range(iters):
                module(x)
            torch.cuda.synchronize()
    total = sum(e.self_device_time_total for e in prof.key_averages())
    return total / iters


def node_key(index, node):
    """How `kiln bench --json` names an ONNX node among a dispatch's sources."""
    return node.name if node.name else f"#{index}"


def layer_us(module, model, x, iters=20):
    """{node key: {"us": kernel time per forward, "op_type", "index", "kernels": {name: us}}}
    for each ONNX node, from a profiler range around the onnx2torch module that runs it."""
    from onnx2torch.onnx_graph import OnnxGraph

    children = dict(module.named_children())
    # onnx2torch names one module per node, in the graph's node order.
    names = list(OnnxGraph(model.graph).nodes.keys())
    ranges, handles, open_ranges = {}, [], []
    for index, (node, name) in enumerate(zip(model.graph.node, names)):
        child = children.get(name)
        if child is None:
            continue
        label = f"onnx_node::{node_key(index, node)}"
        ranges[label] = (node_key(index, node), node.op_type, index)

        def enter(_m, _inputs, label=label):
            r = torch.autograd.profiler.record_function(label)
            r.__enter__()
            open_ranges.append(r)

        def leave(_m, _inputs, _output):
            open_ranges.pop().__exit__(None, None, None)

        handles.append(child.register_forward_pre_hook(enter))
        handles.append(child.register_forward_hook(leave))
    try:
        with torch.no_grad():
            for _ in range(3):
                module(x)
            torch.cuda.synchronize()
            activities = [torch.profiler.ProfilerActivity.CPU, torch.profiler.ProfilerActivity.CUDA]
            with torch.profiler.profile(activities=activities) as prof:
                for _ in range(iters):
                    module(x)
                torch.cuda.synchronize()
    finally:
        for h in handles:
            h.remove()

    def kernels(event, into):
        for k in event.kernels:
            into[k.name] = into.get(k.name, 0.0) + k.duration
        for child in event.cpu_children:
            kernels(child, into)

    out = {}
    for e in prof.events():
        if e.name not in ranges or e.device_type != torch.autograd.DeviceType.CPU:
            continue
        key, op_type, index = ranges[e.name]
        row = out.setdefault(key, {"us": 0.0, "op_type": op_type, "index": index, "kernels": {}})
        found = {}
        kernels(e, found)
        row["us"] += sum(found.values()) / iters
        for name, us in found.items():
            row["kernels"][name] = row["kernels"].get(name, 0.0) + us / iters
    return out


def wall_us(module, x, iters=20):
    with torch.no_grad():
        for _ in range(5):
            module(x)
        torch.cuda.synchronize()
        start = time.perf_counter()
        for _ in range(iters):
            module(x)
        torch.cuda.synchronize()
    return (time.perf_counter() - start) / iters * 1e6


def main():
    from onnx2torch import convert

    d, names = sys.argv[1], sys.argv[2:]
    for name in names:
        row = {"model": name}
        try:
            model = onnx.load(os.path.join(d, f"{name}.onnx"))
            module = convert(model).cuda().eval()
            x = torch.from_numpy(np.load(os.path.join(d, f"{name}.input_0.npy"))).cuda()
            torch.backends.cuda.matmul.allow_tf32 = False
            torch.backends.cudnn.allow_tf32 = False
            torch.backends.cudnn.benchmark = True
            with torch.no_grad():
                y = module(x)
            y = (y[0] if isinstance(y, (list, tuple)) else y).float().cpu().numpy()
            row["torch_kernel_us"] = kernel_us(module, x)
            row["torch_wall_us"] = wall_us(module, x)
            layers_dir = os.environ.get("LAYERS_DIR")
            if layers_dir:
                try:
                    layers = layer_us(module, model, x)
                    with open(os.path.join(layers_dir, f"{name}.torch_layers.json"), "w") as f:
                        json.dump(layers, f)
                    row["torch_layers_us"] = sum(r["us"] for r in layers.values())
                except Exception as e:  # the per-layer table is extra: keep the row
                    row["torch_layers_error"] = f"{type(e).__name__}: {e}"[:300]
            torch.backends.cuda.matmul.allow_tf32 = True
            torch.backends.cudnn.allow_tf32 = True
            row["torch_tf32_kernel_us"] = kernel_us(module, x)
            kiln_out = os.path.join(d, f"{name}.kiln_0.npy")
            if os.path.exists(kiln_out):
                k = np.load(kiln_out).astype(np.float64)
                row["rel_l2_vs_kiln"] = float(
                    np.linalg.norm(k - y) / max(np.linalg.norm(y), 1e-30)
                )
            # kiln's outputs at reduced precision (models.sh REDUCED) against torch's f32.
            for p in os.environ.get("REDUCED", "").split():
                reduced_out = os.path.join(d, f"{name}.kiln_{p}_0.npy")
                if os.path.exists(reduced_out):
                    k = np.load(reduced_out).astype(np.float64)
                    row[f"rel_l2_{p}_vs_torch"] = float(
                        np.linalg.norm(k - y) / max(np.linalg.norm(y), 1e-30)
                    )
        except Exception as e:  # a graph onnx2torch cannot convert is a row, not a crash
            row["torch_error"] = f"{type(e).__name__}: {e}"[:300]
        print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()

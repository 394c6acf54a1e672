#!/usr/bin/env python3
"""Native PyTorch models for `benches/gpu/native.sh` (issue 39): what users export and run.

Each network is built from its torchvision constructor or its transformers config (random
weights, no download), BatchNorm statistics calibrated on random images (train mode,
`momentum=None`, so activations have a realistic scale), zero-initialised heads given random
weights (torchvision's ViT), then exported as a user would: `torch.onnx.export(dynamo=False,
opset_version=17)` with a dynamic batch named `batch`.

usage:
  native_models.py export DIR NAME...           DIR/NAME.onnx, DIR/NAME_bB.input_K.npy (B in $BATCHES)
  native_models.py torch DIR CASE...            one JSON line per CASE (NAME_bB): the sum of CUDA
                                                kernel times per forward (profiler) for f32 (TF32
                                                off), TF32, f16 (`model.half()`, channels_last for
                                                convnets) and, with $COMPILE=1, torch.compile f16;
                                                the f16 output's rel L2 against torch f32, and
                                                kiln's outputs (DIR/CASE.kiln_P_0.npy) against it
  native_models.py strip DIR OUTDIR NAME...     structure-only copies (float initializers of more
                                                than 64 elements dropped, their shapes kept in the
                                                doc string), small enough to carry back and refill
                                                with `native_models.py fill` to inspect plans
  native_models.py fill IN.onnx OUT.onnx        seeded random weights for a stripped model
"""
import json
import os
import sys

import numpy as np

CONVNETS = {
    "resnet50": "resnet50",
    "densenet121": "densenet121",
    "mobilenet_v3_large": "mobilenet_v3_large",
    "efficientnet_b0": "efficientnet_b0",
    "convnext_tiny": "convnext_tiny",
    "regnet_y_800mf": "regnet_y_800mf",
    "resnext50_32x4d": "resnext50_32x4d",
    "vit_b_16": "vit_b_16",
    "swin_t": "swin_t",
}
TRANSFORMERS = {"bert_base": 128, "gpt2": 128}
CHANNELS_LAST = {"resnet50", "densenet121", "mobilenet_v3_large", "efficientnet_b0",
                 "convnext_tiny", "regnet_y_800mf", "resnext50_32x4d"}


def build(name):
    import torch

    torch.manual_seed(0)
    if name in CONVNETS:
        import torchvision

        model = getattr(torchvision.models, CONVNETS[name])(weights=None)
        # torchvision's ViT zero-initialises its head: give it random weights.
        for m in model.modules():
            if isinstance(m, torch.nn.Linear) and float(m.weight.abs().max()) == 0.0:
                torch.nn.init.normal_(m.weight, std=0.02)
        bns = [m for m in model.modules() if isinstance(m, torch.nn.modules.batchnorm._BatchNorm)]
        if bns:
            for m in bns:
                m.reset_running_stats()
                m.momentum = None
            model.train()
            with torch.no_grad():
                for _ in range(4):
                    model(torch.randn(16, 3, 224, 224))
        model.eval()
        return model, [("input", (3, 224, 224), "float")]
    seq = TRANSFORMERS[name]
    import transformers

    if name == "bert_base":
        model = transformers.BertModel(transformers.BertConfig())
    else:
        cfg = transformers.GPT2Config()
        cfg.use_cache = False
        model = transformers.GPT2Model(cfg)
    model.eval()
    return model, [("input_ids", (seq,), "int")]


def export(out, names):
    import torch

    batches = [int(b) for b in os.environ.get("BATCHES", "1,32").split(",")]
    os.makedirs(out, exist_ok=True)
    # torchvision's ViT / Swin call the fused multi-head attention kernel in eval mode, which
    # has no ONNX export; the exporter needs the composite path.
    if hasattr(torch.backends, "mha"):
        torch.backends.mha.set_fastpath_enabled(False)
    for name in names:
        try:
            export_one(out, name, batches)
        except Exception as e:  # one failing export must not lose the others
            print(f"export {name} failed: {type(e).__name__}: {str(e)[:300]}", flush=True)


def export_one(out, name, batches):
    import torch

    model, inputs = build(name)
    rng = np.random.default_rng(0)
    example = []
    for iname, shape, kind in inputs:
        if kind == "float":
            example.append(torch.randn(1, *shape))
        else:
            example.append(torch.randint(0, 1000, (1, *shape)))
    module = model
    if name in TRANSFORMERS:
        class Last(torch.nn.Module):
            def __init__(self, m):
                super().__init__()
                self.m = m

            def forward(self, ids):
                # An explicit all-ones mask: without one, transformers 5's GPT-2 looks for packed
                # sequences with `torch.diff`, which has no ONNX export.
                mask = torch.ones_like(ids)
                return self.m(input_ids=ids, attention_mask=mask, return_dict=False)[0]

        module = Last(model).eval()
    path = f"{out}/{name}.onnx"
    axes = {i[0]: {0: "batch"} for i in inputs}
    axes["output"] = {0: "batch"}
    with torch.no_grad():
        torch.onnx.export(module, tuple(example), path, dynamo=False, opset_version=17,
                          input_names=[i[0] for i in inputs], output_names=["output"],
                          dynamic_axes=axes)
    for b in batches:
        for k, (iname, shape, kind) in enumerate(inputs):
            if kind == "float":
                x = rng.standard_normal((b, *shape)).astype(np.float32)
            else:
                x = rng.integers(0, 1000, (b, *shape)).astype(np.int64)
            np.save(f"{out}/{name}_b{b}.input_{k}.npy", x)
    print(f"exported {path} ({os.path.getsize(path) / 1e6:.1f} MB)", flush=True)


def rel_l2(a, b):
    a = np.asarray(a, np.float64)
    b = np.asarray(b, np.float64)
    return float(np.linalg.norm(a - b) / max(np.linalg.norm(b), 1e-30))


def torch_side(out, cases):
    import torch

    # The profiler's CUDA kernel sum per call, as torch_ref.py times the kernel cases.
    from torch_ref import kernel_us

    torch.set_grad_enabled(False)  # inference: no autograd graphs behind the timed forwards

    torch.backends.cudnn.benchmark = True
    for case in cases:
        name, b = case.rsplit("_b", 1)
        row = {"model": case}
        try:
            model, inputs = build(name)
            feeds = [torch.from_numpy(np.load(f"{out}/{case}.input_{k}.npy"))
                     for k in range(len(inputs))]
            if name in TRANSFORMERS:
                call = lambda m, x: m(input_ids=x[0], return_dict=False)[0]
            else:
                call = lambda m, x: m(*x)
            m32 = model.cuda().eval()
            x32 = [f.cuda() for f in feeds]
            torch.backends.cuda.matmul.allow_tf32 = False
            torch.backends.cudnn.allow_tf32 = False
            with torch.no_grad():
                ref = call(m32, x32).float().cpu().numpy()
            row["torch_f32_us"] = kernel_us(lambda: call(m32, x32))
            torch.backends.cuda.matmul.allow_tf32 = True
            torch.backends.cudnn.allow_tf32 = True
            row["torch_tf32_us"] = kernel_us(lambda: call(m32, x32))
            m16 = model.half()
            x16 = [f.half() if f.is_floating_point() else f for f in x32]
            if name in CHANNELS_LAST:
                m16 = m16.to(memory_format=torch.channels_last)
                x16 = [f.to(memory_format=torch.channels_last) for f in x16]
            with torch.no_grad():
                out16 = call(m16, x16).float().cpu().numpy()
            row["torch_f16_us"] = kernel_us(lambda: call(m16, x16))
            row["rel_l2_torch_f16"] = rel_l2(out16, ref)
            if os.environ.get("COMPILE") == "1":
                mc = torch.compile(m16)
                row["torch_compile_f16_us"] = kernel_us(lambda: call(mc, x16))
            np.save(f"{out}/{case}.torch_0.npy", ref)
            for p in ("f32", "f16", "bf16"):
                path = f"{out}/{case}.kiln_{p}_0.npy"
                if os.path.exists(path):
                    row[f"rel_l2_kiln_{p}"] = rel_l2(np.load(path), ref)
            del m32, m16, model
            torch.cuda.empty_cache()
        except Exception as e:  # a failing model is a row with its error, not a lost table
            row["torch_error"] = f"{type(e).__name__}: {e}"[:300]
        print(json.dumps(row), flush=True)


def strip(src, dst, names):
    import onnx

    os.makedirs(dst, exist_ok=True)
    for name in names:
        if not os.path.exists(f"{src}/{name}.onnx"):
            continue
        model = onnx.load(f"{src}/{name}.onnx")
        for t in model.graph.initializer:
            n = int(np.prod(t.dims)) if len(t.dims) else 1
            if t.data_type in (onnx.TensorProto.FLOAT, onnx.TensorProto.FLOAT16) and n > 64:
                t.ClearField("raw_data")
                t.ClearField("float_data")
                t.doc_string = "stripped"
        onnx.save(model, f"{dst}/{name}.onnx")


def fill(src, dst):
    import onnx
    from onnx import numpy_helper

    model = onnx.load(src)
    rng = np.random.default_rng(0)
    for t in model.graph.initializer:
        if t.doc_string != "stripped":
            continue
        shape = tuple(t.dims)
        fan_in = int(np.prod(shape[1:])) if len(shape) > 1 else 1
        x = (rng.standard_normal(shape) / np.sqrt(max(fan_in, 1))).astype(np.float32)
        if len(shape) == 1:
            x = 1.0 + 0.1 * rng.standard_normal(shape).astype(np.float32)
        t.CopyFrom(numpy_helper.from_array(x, t.name))
    onnx.save(model, dst)


if __name__ == "__main__":
    verb = sys.argv[1]
    if verb == "export":
        export(sys.argv[2], sys.argv[3:])
    elif verb == "torch":
        torch_side(sys.argv[2], sys.argv[3:])
    elif verb == "strip":
        strip(sys.argv[2], sys.argv[3], sys.argv[4:])
    elif verb == "fill":
        fill(sys.argv[2], sys.argv[3])
    else:
        sys.exit(__doc__)

#!/usr/bin/env python3
"""f32 accuracy of kiln against cuBLAS / cuDNN f32 (TF32 off) and a float64 reference, for
`benches/gpu/accuracy.sh` (issue 22, "f32 accuracy kept honest").

Cases: an f32 matmul M = N = K (default 4096) and a 3x3 conv, pad 1, NCHW (default 32x64x56x56
-> 64 channels): `matmul` and `conv` with both operands program inputs (kiln splits both at run
time; tensor-IR text), `matmul_const` and `conv_const` with the same data but the second operand
an ONNX initializer (the weights of a real model: kiln splits them on the host, rounding to
nearest even in every version; needs the onnx package, which accuracy.sh installs from the
models.sh carry). A case and its `_const` twin side by side tell the run-time split's rounding
from the host's. Distributions of both operands: uniform [0, 1), standard normal,
wide exponents (sign * 2^U(-20, 20)), cancelling (x = 1000 + normal, w = normal: the products'
large parts cancel in the sums). Per case and distribution: kiln's output (`kiln run` with
`--input` .npy files) for every kiln variant, torch f32 (TF32 off; numpy f32 where torch is
missing, as on the development machine) and the float64 reference (torch float64 on the GPU, else
numpy); errors as rel L2 (||y - ref|| / ||ref||) and max |y - ref| / max |ref|. Also `kiln bench
--iterations 3` per case and variant: its dispatch list shows which path ran.

Variants: every `LABEL=PATH` of KILNS (default `kiln=$KILN`), then the first of them with
`--heuristic split_bf16_flush_steps=F` for each F of FLUSH (default `1 2 4`; empty: none) on the
cases of FLUSH_CASES (default `matmul`).
Variants run in that order, all cases and distributions of one variant before the next, and
nothing starts after DEADLINE_S seconds (default 160): a skipped or failed run is a cell of the
table, never the end of the run.

usage: accuracy.py WORK_DIR OUT_DIR
environment: KILNS, KILN, FLUSH, FLUSH_CASES, DEADLINE_S, CASES (default `matmul matmul_const
conv conv_const`), DISTS (default
`uniform normal wide cancel`), SIZE=small (matmul 256, conv 2x16x14x14 -> 16: lavapipe),
MATMUL=M (M = N = K), CONV=N,C,H,W,F.
"""
import json
import os
import shlex
import subprocess
import sys
import time

import numpy as np

try:
    import torch
except ImportError:  # the development machine: numpy references, lavapipe
    torch = None

START = time.monotonic()
DEADLINE = float(os.environ.get("DEADLINE_S", "160"))
DISTRIBUTIONS = ["uniform", "normal", "wide", "cancel"]


def log(*args):
    print(*args, file=sys.stderr, flush=True)


def variants():
    """[(label, kiln path, extra kiln arguments)]."""
    kilns = os.environ.get("KILNS", "").split()
    if not kilns:
        kilns = ["kiln=" + os.environ.get("KILN", ".gpu-bench/gpu/kiln")]
    out = []
    for spec in kilns:
        label, _, path = spec.partition("=")
        if not path:
            label, path = os.path.basename(spec), spec
        out.append((label, path, []))
    first_label, first_path, _ = out[0]
    for f in os.environ.get("FLUSH", "1 2 4").split():
        out.append((f"{first_label} flush={f}", first_path,
                    ["--heuristic", f"split_bf16_flush_steps={f}"]))
    return out


def shapes():
    small = os.environ.get("SIZE") == "small"
    m = int(os.environ.get("MATMUL", "256" if small else "4096"))
    conv = os.environ.get("CONV", "2,16,14,14,16" if small else "32,64,56,56,64")
    n, c, h, w, f = (int(v) for v in conv.split(","))
    return {"matmul": (m, m, m), "conv": (n, c, h, w, f)}


def kind(case):
    """'matmul' or 'conv', and whether the second operand is a constant (an ONNX initializer,
    whose bf16 planes kiln computes on the host) rather than a program input."""
    base, _, const = case.partition("_")
    if base not in ("matmul", "conv") or const not in ("", "const"):
        raise ValueError(f"unknown case {case} (matmul, matmul_const, conv, conv_const)")
    return base, const == "const"


def write_onnx(path, base, a_shape, w, y_shape):
    """`y = a @ w` / `y = conv(a, w, pad 1)` with `w` an initializer (needs the onnx package)."""
    import onnx
    from onnx import TensorProto, helper, numpy_helper
    if base == "matmul":
        node = helper.make_node("MatMul", ["a", "w"], ["y"])
    else:
        node = helper.make_node("Conv", ["a", "w"], ["y"], kernel_shape=[3, 3], pads=[1, 1, 1, 1])
    graph = helper.make_graph(
        [node], "accuracy",
        [helper.make_tensor_value_info("a", TensorProto.FLOAT, list(a_shape))],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, list(y_shape))],
        [numpy_helper.from_array(w, "w")])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    model.ir_version = 8
    onnx.save(model, path)


def model_text(base, shape):
    if base == "matmul":
        m, n, k = shape
        return f"""func.func @main(%a: tensor<{m}x{k}xf32>, %b: tensor<{k}x{n}xf32>) -> tensor<{m}x{n}xf32> {{
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<{m}x{n}xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<{m}x{n}xf32>) -> tensor<{m}x{n}xf32>
  %c = linalg.matmul ins(%a, %b : tensor<{m}x{k}xf32>, tensor<{k}x{n}xf32>) outs(%f : tensor<{m}x{n}xf32>) -> tensor<{m}x{n}xf32>
  return %c : tensor<{m}x{n}xf32>
}}
"""
    n, c, h, w, f = shape
    x, p, wt, y = (f"tensor<{n}x{c}x{h}x{w}xf32>", f"tensor<{n}x{c}x{h + 2}x{w + 2}xf32>",
                   f"tensor<{f}x{c}x3x3xf32>", f"tensor<{n}x{f}x{h}x{w}xf32>")
    return f"""func.func @main(%x: {x}, %w: {wt}) -> {y} {{
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {{
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  }} : {x} to {p}
  %e = tensor.empty() : {y}
  %f = linalg.fill ins(%zero : f32) outs(%e : {y}) -> {y}
  %y = linalg.conv_2d_nchw_fchw {{dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}} ins(%p, %w : {p}, {wt}) outs(%f : {y}) -> {y}
  return %y : {y}
}}
"""


def operand_shapes(base, shape):
    if base == "matmul":
        m, n, k = shape
        return (m, k), (k, n)
    n, c, h, w, f = shape
    return (n, c, h, w), (f, c, 3, 3)


def draw(rng, dist, shape, role):
    if dist == "uniform":
        v = rng.random(shape, dtype=np.float32)
    elif dist == "normal":
        v = rng.standard_normal(shape, dtype=np.float32)
    elif dist == "wide":
        sign = np.where(rng.random(shape) < 0.5, -1.0, 1.0)
        v = sign * np.exp2(rng.uniform(-20.0, 20.0, shape))
    elif dist == "cancel":
        v = rng.standard_normal(shape) + (1000.0 if role == 0 else 0.0)
    else:
        raise ValueError(f"unknown distribution {dist}")
    return np.ascontiguousarray(v, dtype=np.float32)


def compute(base, a, b, dtype):
    """(f32 result, name) of the backend in `dtype` ('f32': TF32 off; 'f64')."""
    if torch is not None:
        dev = "cuda" if torch.cuda.is_available() else "cpu"
        torch.backends.cuda.matmul.allow_tf32 = False
        torch.backends.cudnn.allow_tf32 = False
        t = torch.float32 if dtype == "f32" else torch.float64
        ta, tb = torch.from_numpy(a).to(dev, t), torch.from_numpy(b).to(dev, t)
        with torch.no_grad():
            y = ta @ tb if base == "matmul" else torch.nn.functional.conv2d(ta, tb, padding=1)
        if dev == "cuda":
            torch.cuda.synchronize()
        name = f"torch {dev}" + (" (cuBLAS / cuDNN)" if dev == "cuda" else "")
        return y.cpu().double().numpy(), name
    t = np.float32 if dtype == "f32" else np.float64
    a, b = a.astype(t), b.astype(t)
    if base == "matmul":
        return (a @ b).astype(np.float64), "numpy"
    n, c, h, w = a.shape
    f = b.shape[0]
    padded = np.pad(a, ((0, 0), (0, 0), (1, 1), (1, 1)))
    windows = np.lib.stride_tricks.sliding_window_view(padded, (3, 3), axis=(2, 3))
    cols = windows.transpose(0, 2, 3, 1, 4, 5).reshape(n * h * w, c * 9)
    y = cols @ b.reshape(f, c * 9).T
    return y.reshape(n, h, w, f).transpose(0, 3, 1, 2).astype(np.float64), "numpy"


def errors(y, ref):
    d = y.astype(np.float64) - ref
    scale = np.abs(ref).max()
    return {
        "rel_l2": float(np.linalg.norm(d) / max(np.linalg.norm(ref), 1e-300)),
        "max_rel": float(np.abs(d).max() / max(scale, 1e-300)),
        "nonfinite": int((~np.isfinite(y)).sum()),
    }


def run_kiln(path, extra, model, inputs, out_dir, log_path):
    cmd = [path, "run", model, *extra]
    for i in inputs:
        cmd += ["--input", i]
    cmd += ["--output-dir", out_dir]
    with open(log_path, "w") as logf:
        logf.write("$ " + shlex.join(cmd) + "\n")
        logf.flush()
        r = subprocess.run(cmd, stdout=logf, stderr=subprocess.STDOUT, timeout=120)
    if r.returncode != 0:
        with open(log_path) as logf:
            tail = logf.read().strip().splitlines()[-1:]
        raise RuntimeError(f"exit {r.returncode}: {' '.join(tail)[:200]}")
    return np.load(os.path.join(out_dir, "output_0.npy"))


def bench_dispatches(path, extra, model, inputs, log_path):
    """kiln bench's dispatch lines (name and time), or the error."""
    cmd = [path, "bench", model, *extra, "--iterations", "3"]
    for i in inputs:
        cmd += ["--input", i]
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    except Exception as e:  # noqa: BLE001 - a timeout, a missing binary: a line of the list
        return [f"bench failed: {type(e).__name__}: {e}"[:200]]
    with open(log_path, "w") as logf:
        logf.write("$ " + shlex.join(cmd) + "\n" + r.stdout + r.stderr)
    if r.returncode != 0:
        return [f"bench failed: {(r.stderr.strip().splitlines() or ['?'])[-1][:200]}"]
    return [l.strip() for l in r.stdout.splitlines() if l.strip().startswith("dispatch")]


def main():
    work, out = sys.argv[1], sys.argv[2]
    os.makedirs(work, exist_ok=True)
    os.makedirs(os.path.join(out, "logs"), exist_ok=True)
    cases = os.environ.get("CASES", "matmul matmul_const conv conv_const").split()
    dists = os.environ.get("DISTS", " ".join(DISTRIBUTIONS)).split()
    all_shapes = shapes()
    vs = variants()
    log(f"variants: {[v[0] for v in vs]}; cases {cases}, shapes {all_shapes}; "
        f"distributions {dists}; backend {'torch ' + torch.__version__ if torch else 'numpy'}")

    # Inputs, models and references first (the references stay in memory, float64). A case
    # and its `_const` twin draw the same data: the old and new rounding of run-time planes
    # against the host's planes of the same weights.
    refs, torch_errors, inputs, models, backend = {}, {}, {}, {}, "-"
    for case in cases:
        key = None
        try:
            base, const = kind(case)
            shape = all_shapes[base]
            if not const:
                model = os.path.join(work, f"{case}.mlir")
                with open(model, "w") as f:
                    f.write(model_text(base, shape))
            for dist in dists:
                key = (case, dist)
                rng = np.random.default_rng(1000 * ["matmul", "conv"].index(base)
                                            + DISTRIBUTIONS.index(dist))
                ops = [draw(rng, dist, s, role)
                       for role, s in enumerate(operand_shapes(base, shape))]
                refs[key], _ = compute(base, *ops, "f64")
                y32, backend = compute(base, *ops, "f32")
                torch_errors[key] = errors(y32, refs[key])
                paths = []
                for i, v in enumerate(ops[:1] if const else ops):
                    p = os.path.join(work, f"{case}.{dist}.input_{i}.npy")
                    np.save(p, v)
                    paths.append(p)
                if const:
                    model = os.path.join(work, f"{case}.{dist}.onnx")
                    write_onnx(model, base, ops[0].shape, ops[1], refs[key].shape)
                inputs[key], models[key] = paths, model
        except Exception as e:  # noqa: BLE001 - one failed case must not end the run
            message = f"{type(e).__name__}: {e}"[:200]
            for dist in dists:
                if (case, dist) not in models:
                    refs.pop((case, dist), None)
                    torch_errors.setdefault((case, dist), {"error": message})
            log(f"{case} {key}: {message}")
    log(f"references done at {time.monotonic() - START:.0f} s")

    results, dispatches = {}, {}
    flush_cases = os.environ.get("FLUSH_CASES", "matmul").split()
    for label, path, extra in vs:
        tag = label.replace(" ", "_").replace("=", "")
        for case in cases:
            if extra and case not in flush_cases:
                continue
            for dist in dists:
                key = (case, dist)
                if key not in models:
                    results[(label,) + key] = {"error": "no inputs / reference"}
                    continue
                if time.monotonic() - START > DEADLINE:
                    results[(label,) + key] = {"error": "skipped (DEADLINE_S)"}
                    continue
                run_dir = os.path.join(work, f"{tag}.{case}.{dist}")
                logp = os.path.join(out, "logs", f"{tag}.{case}.{dist}.run.txt")
                t0 = time.monotonic()
                try:
                    y = run_kiln(path, extra, models[key], inputs[key], run_dir, logp)
                    r = errors(y, refs[key])
                    r["seconds"] = round(time.monotonic() - t0, 1)
                except Exception as e:  # noqa: BLE001
                    r = {"error": f"{type(e).__name__}: {e}"[:240]}
                results[(label,) + key] = r
                log(f"{label} {case} {dist}: {r}")
            first = (case, dists[0])
            if time.monotonic() - START <= DEADLINE and first in models:
                logp = os.path.join(out, "logs", f"{tag}.{case}.bench.txt")
                dispatches[(label, case)] = bench_dispatches(
                    path, extra, models[first], inputs[first], logp)

    cell = lambda r: (f"{r['rel_l2']:.2e} / {r['max_rel']:.2e}"
                      + (f" ({r['nonfinite']} non-finite)" if r.get("nonfinite") else "")
                      if "rel_l2" in r else r.get("error", "-"))
    lines = [
        f"f32 accuracy against float64 ({backend} for both references; TF32 off). "
        "Each cell: rel L2 / max |err| / max |ref|.",
        "",
        "| case | distribution | " + " | ".join(["torch f32"] + [v[0] for v in vs]) + " |",
        "|---|---|" + "---|" * (1 + len(vs)),
    ]
    for case in cases:
        base = case.partition("_")[0]
        shape = "x".join(str(s) for s in all_shapes.get(base, ()))
        for dist in dists:
            row = [f"{case} {shape}", dist, cell(torch_errors.get((case, dist), {}))]
            row += [cell(results.get((v[0], case, dist), {})) for v in vs]
            lines.append("| " + " | ".join(row) + " |")
    lines += ["", "Dispatches (`kiln bench --iterations 3`, first distribution):"]
    for (label, case), ds in dispatches.items():
        lines.append(f"- {label}, {case}:")
        lines += [f"    {d}" for d in ds] or ["    (none listed)"]
    table = "\n".join(lines)
    print(table)
    with open(os.path.join(out, "accuracy.md"), "w") as f:
        f.write(table + "\n")
    with open(os.path.join(out, "accuracy.jsonl"), "w") as f:
        for (case, dist), r in torch_errors.items():
            f.write(json.dumps({"variant": "torch f32", "case": case, "dist": dist, **r}) + "\n")
        for (label, case, dist), r in results.items():
            f.write(json.dumps({"variant": label, "case": case, "dist": dist, **r}) + "\n")
    log(f"done in {time.monotonic() - START:.0f} s; {out}/accuracy.md")


if __name__ == "__main__":
    main()

"""kiln's JPEG decoder (ImageDecoder, frontend/src/onnx/jpeg.rs) against the system libjpeg(-turbo).

usage: jpeg_vs_libjpeg.py [KILN]   (needs gcc and libjpeg's headers: `apt install libjpeg-dev`)

Compiles libjpeg_encode_decode.c, then for 96 configurations (sizes from 1x1 to 100x61, luma
sampling 1x1 / 2x1 / 2x2, restart intervals, gray, sequential and progressive) encodes an image
with libjpeg, decodes it with libjpeg's defaults and with `kiln run --reference` on an
ImageDecoder model, and counts the configurations whose pixels differ (libjpeg-turbo 2.1.5,
2026-11-26: 0 of 96).
"""
import os, subprocess, sys, tempfile
import numpy as np, onnx
from onnx import helper, TensorProto as T

here = os.path.dirname(os.path.abspath(__file__))
K = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
    os.environ.get("CARGO_TARGET_DIR", os.path.join(here, "..", "..", "target")), "release", "kiln")
work = tempfile.mkdtemp(prefix="kiln-jpeg-")
os.chdir(work)
subprocess.run(["gcc", "-O1", "-o", "jt", os.path.join(here, "libjpeg_encode_decode.c"), "-ljpeg"], check=True)
configs = []
for (w, h) in [(32, 32), (33, 17), (7, 5), (100, 61), (1, 1), (16, 9)]:
    for (hs, vs) in [(1, 1), (2, 1), (2, 2)]:
        for restart in [0, 3]:
            configs.append((w, h, hs, vs, restart, 0, 85))
    configs.append((w, h, 1, 1, 0, 1, 75))
    configs.append((w, h, 2, 2, 2, 1, 95))
configs = [c + (0,) for c in configs] + [c + (1,) for c in configs]
bad = 0
for cfg in configs:
    w, h, hs, vs, restart, gray, q, prog = cfg
    out = subprocess.run(["./jt", *map(str, cfg[:7]), "t.jpg", "t.raw", str(prog)], capture_output=True, text=True).stdout.split()
    ow, oh, oc = map(int, out)
    ref = np.fromfile("t.raw", dtype=np.uint8).reshape(oh, ow, oc)
    data = np.fromfile("t.jpg", dtype=np.uint8)
    np.save("data.npy", data)
    g = helper.make_graph([helper.make_node("ImageDecoder", ["d"], ["y"], pixel_format="RGB")], "g",
        [helper.make_tensor_value_info("d", T.UINT8, [len(data)])], [helper.make_tensor_value_info("y", T.UINT8, None)])
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 20)]); m.ir_version = 9
    onnx.save(m, "m.onnx")
    p = subprocess.run([K, "-q", "run", "m.onnx", "--reference", "--input", "data.npy", "--output-dir", "o"], capture_output=True, text=True)
    if p.returncode:
        print(cfg, "ERROR", p.stderr.strip()[:200]); bad += 1; continue
    got = np.load("o/output_0.npy")
    if oc == 1:
        ref = np.repeat(ref, 3, axis=2)
    if got.shape != ref.shape:
        print(cfg, "shape", got.shape, ref.shape); bad += 1; continue
    diff = (got.astype(int) - ref.astype(int))
    n = int((diff != 0).sum())
    if n:
        bad += 1
        print(cfg, f"{n} of {diff.size} differ, max {np.abs(diff).max()}")
print(len(configs), "configs,", bad, "differ")
sys.exit(1 if bad else 0)

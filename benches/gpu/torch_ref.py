"""Reference times through PyTorch on the same GPU (cuBLAS, cuDNN, torch's own kernels) for the
issue-8 cases; prints JSON {case: {"us": median, "what": ...}} on stdout.

fp32 matmul and conv run with TF32 off. Each case: seeded random inputs (never zeros), 10 warm-up
calls, then 50 calls under the profiler: "us" is the sum of the CUDA kernel times per call (what
the GPU spends, as `models_torch.py` measures whole networks). Timing one call with CUDA events
on an idle stream measured PyTorch's launch instead (about 74 us for every small case: 1 and 128
rows, conv at batch 1, softmax); that figure is kept as "event_us" for reference.

    python3 torch_ref.py [CASE ...]
"""
import json
import sys

import torch
import torch.nn.functional as F

torch.backends.cuda.matmul.allow_tf32 = False
torch.backends.cudnn.allow_tf32 = False
torch.backends.cudnn.benchmark = True


def kernel_us(fn, warmup=10, iters=50):
    """The sum of CUDA kernel times per call, from the profiler."""
    for _ in range(warmup):
        fn()
    torch.cuda.synchronize()
    with torch.profiler.profile(activities=[torch.profiler.ProfilerActivity.CUDA]) as prof:
        for _ in range(iters):
            fn()
        torch.cuda.synchronize()
    return sum(e.self_device_time_total for e in prof.key_averages()) / iters


def median_us(fn, warmup=10, iters=50):
    for _ in range(warmup):
        fn()
    torch.cuda.synchronize()
    times = []
    for _ in range(iters):
        start = torch.cuda.Event(enable_timing=True)
        end = torch.cuda.Event(enable_timing=True)
        start.record()
        fn()
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end) * 1e3)
    times.sort()
    return times[len(times) // 2]


def rand(*shape, dtype=torch.float32):
    return torch.empty(*shape, device="cuda", dtype=torch.float32).uniform_(-1, 1).to(dtype)


def cases():
    torch.manual_seed(8)
    for s in (4096, 8192):
        a, b = rand(s, s), rand(s, s)
        yield f"mm_f32_{s}", "cuBLAS sgemm (TF32 off)", lambda a=a, b=b: a @ b
        a16, b16 = a.half(), b.half()
        yield f"mm_f16acc_{s}", "cuBLAS hgemm (f16 out)", lambda a=a16, b=b16: a16 @ b16
        try:
            torch.mm(a16[:64, :64], b16[:64, :64], out_dtype=torch.float32)
            yield (f"mm_f16_{s}", "cuBLAS f16 in, f32 out",
                   lambda a=a16, b=b16: torch.mm(a, b, out_dtype=torch.float32))
            if s == 4096:
                bias = rand(s)
                yield ("linear_f16_4096", "torch eager: cuBLAS f16 in, f32 out, then bias + relu",
                       lambda a=a16, b=b16: torch.relu(torch.mm(a, b, out_dtype=torch.float32) + bias))
                # A linear layer on a few rows (batch-1 inference) and on 128 rows.
                for rows in (1, 128):
                    yield (f"linear_f16_m{rows}_4096",
                           "torch eager: cuBLAS f16 in, f32 out, then bias + relu",
                           lambda a=a16[:rows].contiguous(), b=b16:
                           torch.relu(torch.mm(a, b, out_dtype=torch.float32) + bias))
        except (TypeError, RuntimeError):
            yield f"mm_f16_{s}", "cuBLAS hgemm (f16 out; no out_dtype here)", lambda a=a16, b=b16: a @ b
        del a, b
    for n in (1, 32):
        x = rand(n, 64, 56, 56).to(memory_format=torch.channels_last)
        w = rand(64, 64, 3, 3).to(memory_format=torch.channels_last)
        yield (f"conv_{n}x56", "cuDNN conv2d NHWC (TF32 off)",
               lambda x=x, w=w: F.conv2d(x, w, padding=1))
    x, y, s = rand(2048, 2048), rand(2048, 2048), rand(2048, 2048)
    bias = rand(2048)
    yield "ew_2048", "torch eager (4 kernels)", lambda: torch.relu(x + bias + y) * s
    r = rand(4096, 4096)
    yield "rowsum_4096", "torch sum(dim=1)", lambda: r.sum(dim=1)
    m = rand(1024, 1024)
    yield "softmax_1024", "torch softmax(dim=1)", lambda: torch.softmax(m, dim=1)


def main():
    wanted = set(sys.argv[1:])
    result = {"device": torch.cuda.get_device_name(), "torch": torch.__version__}
    for name, what, fn in cases():
        if wanted and name not in wanted:
            continue
        try:
            result[name] = {"us": kernel_us(fn), "event_us": median_us(fn), "what": what}
        except Exception as e:  # noqa: BLE001 - report and go on with the other cases
            result[name] = {"error": f"{type(e).__name__}: {e}", "what": what}
        print(f"{name}: {result[name]}", file=sys.stderr)
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()

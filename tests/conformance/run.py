"""kiln over the whole ONNX backend node suite: the reference interpreter and the device.

usage: run.py [--kiln PATH] [--jobs N] [--timeout S] [--filter REGEX] [--no-device]
              [--write-doc docs/onnx-conformance.md] [--details FILE] [--keep DIR]
              [--floor tests/conformance/floor.json] [--write-floor FILE]

Every case of `onnx.backend.test.loader.load_model_tests(kind='node')` (not only the operators
kiln lists) is written to a temp dir as model.onnx + input_K.npy, then run twice through the
release CLI:

    kiln run model.onnx --input input_0.npy ... --output-dir ref --reference -q
    kiln run model.onnx --input input_0.npy ... --output-dir dev -q

(`kiln run` specializes a model on the values of inputs that must be constants, as a user's
run would). Each column classifies the case:

    pass         outputs match the case's expected outputs (its rtol / atol, NaN == NaN, same
                 shape, same dtype; types numpy cannot write go through the wider type that
                 holds their values: bfloat16 / float8 / float4 as float32, int4 / int2 as int8,
                 uint4 / uint2 as uint8, both ways (WIDER))
    wrong        kiln ran and produced a different number, shape, dtype or output count
    unsupported  kiln refused the case with a user error (exit code 1), or the runner cannot
                 feed it (sequence inputs, strings; an empty optional input is fed as
                 `--absent NAME`)
    crash        an internal error (exit code 2), a panic or a signal
    timeout      the run took longer than --timeout seconds

It prints a per-operator table (cases, reference pass, device pass) and the totals;
`--write-doc` rewrites the committed table (docs/onnx-conformance.md), `--details` writes one
line per case with both classifications and the first line of each error.

`--floor FILE` (CI: tests/conformance/floor.json) fails the run (exit 1) when a column passes
fewer cases than the file's floor, or has a wrong / crash / timeout that the file does not list
(its known wrong results: the precision differences below); `--write-floor FILE` writes the run's
numbers as the new floor (after a change that raises them).

The operator of a case is its node's op type; an `_expanded` case (the function body of an
operator as a graph of other operators) counts under the operator it expands.

Build first: `CARGO_TARGET_DIR=... cargo build --release --bin kiln`; the runner looks for the
binary at --kiln, $CARGO_TARGET_DIR/release/kiln, then target/release/kiln.
"""

import argparse
import collections
import concurrent.futures
import datetime
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import warnings

warnings.filterwarnings("ignore")
import numpy as np  # noqa: E402
import onnx  # noqa: E402
from onnx import numpy_helper  # noqa: E402
from onnx.backend.test.loader import load_model_tests  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CLASSES = ["pass", "wrong", "unsupported", "crash", "timeout"]
# .npy element types `kiln run --input` reads.
FEEDABLE = {
    np.float32, np.float16, np.float64, np.int64, np.int32, np.int16, np.int8,
    np.uint64, np.uint32, np.uint16, np.uint8, np.bool_,
}

# Element types numpy cannot write to .npy (ml_dtypes'), and the type whose .npy carries their
# values exactly: `kiln run` reads an input of such a declared type from this wider type (and
# checks every value is one of the declared type's), and writes such outputs as this type
# (docs/onnx.md, "Element types").
WIDER = {
    "bfloat16": np.float32,
    "float8_e4m3fn": np.float32,
    "float8_e4m3fnuz": np.float32,
    "float8_e5m2": np.float32,
    "float8_e5m2fnuz": np.float32,
    "float8_e8m0fnu": np.float32,
    "float4_e2m1fn": np.float32,
    "int4": np.int8,
    "int2": np.int8,
    "uint4": np.uint8,
    "uint2": np.uint8,
}


def widened(a):
    """`a` in the .npy type that carries its values (itself when numpy writes it)."""
    if isinstance(a, np.ndarray) and a.dtype.name in WIDER:
        return a.astype(WIDER[a.dtype.name])
    return a


# Wrong results that are rounding, not bugs: (case-name regex, why).
KNOWN_PRECISION = [
    (
        r"^test_attention.*(fp16|bf16)",
        "onnx's reference rounds every f16 / bf16 product and sum; kiln accumulates the matmuls "
        "in f32 and rounds once, so a few outputs land one or two f16 / bf16 steps away",
    ),
    (
        r"^test_dft_inverse",
        "onnx's expected output is numpy's complex64 FFT: the imaginary parts of its Nyquist bin "
        "are f32 rounding noise (1.9e-7), above the case's atol of 1e-7; kiln's DFT gives "
        "3e-15 there (the exact answer is 0)",
    ),
]


# Wrong dtypes with the right values, by the detail's text: (detail regex, why).
KNOWN_DTYPE = [
    (
        r"dtype int32, expected uint8 \(the values are equal\)",
        "kiln holds uint8 tensors as i32 (docs/onnx.md), and `kiln run` writes such an output "
        "as an int32 .npy",
    ),
]


def precision_note(name, detail=""):
    for pattern, why in KNOWN_PRECISION:
        if re.search(pattern, name):
            return "Precision difference: " + why
    for pattern, why in KNOWN_DTYPE:
        if re.search(pattern, detail):
            return "Same values, other dtype: " + why
    return None


def find_kiln(explicit):
    candidates = [explicit] if explicit else []
    if os.environ.get("CARGO_TARGET_DIR"):
        candidates.append(os.path.join(os.environ["CARGO_TARGET_DIR"], "release", "kiln"))
    candidates.append(os.path.join(REPO, "target", "release", "kiln"))
    for c in candidates:
        if c and os.path.isfile(c) and os.access(c, os.X_OK):
            return c
    sys.exit(
        "no kiln binary: build it with `cargo build --release --bin kiln` (looked at "
        + ", ".join(c for c in candidates if c)
        + ")"
    )


def strip_expanded(name):
    return re.sub(r"_expanded(_ver\d+)?$", "", name)


def operator_of(case, single_op):
    """The operator a case tests: its only op type, or the one of its non-expanded sibling."""
    ops = [n.op_type for n in case.model.graph.node]
    base = strip_expanded(case.name)
    if base != case.name and base in single_op:
        return single_op[base]
    if len(set(ops)) == 1:
        return ops[0]
    # Several nodes: the op type whose name the case's name starts with, longest first.
    flat = case.name[len("test_"):].replace("_", "").lower()
    named = sorted((o for o in set(ops) if flat.startswith(o.lower())), key=len, reverse=True)
    if named:
        return named[0]
    return ops[0] if ops else "?"


def as_array(a):
    """A data set entry as numpy: TensorProtos and numpy scalars converted, others as they are."""
    if isinstance(a, onnx.TensorProto):
        try:
            return numpy_helper.to_array(a)
        except Exception:  # an element type numpy cannot hold
            return a
    if isinstance(a, np.generic):
        return np.asarray(a)
    return a


def feedable(a):
    return isinstance(a, np.ndarray) and a.dtype.type in FEEDABLE


def first_error_line(stderr):
    lines = [line.strip() for line in stderr.splitlines() if line.strip()]
    for line in lines:
        if line.startswith(("error", "internal error")) or "panicked" in line:
            return line[:400]
    return (lines[-1] if lines else "")[:400]


def compare(got, want, rtol, atol):
    """None when `got` (read back from kiln's .npy) matches `want`, else why not."""
    want = widened(want)
    if got.dtype != want.dtype:
        same = got.shape == want.shape and np.array_equal(
            got.astype(np.float64), want.astype(np.float64), equal_nan=True
        )
        return f"dtype {got.dtype}, expected {want.dtype}" + (
            " (the values are equal)" if same else " (and the values differ)"
        )
    if got.shape != want.shape:
        return f"shape {got.shape}, expected {want.shape}"
    if want.dtype.kind in "fc":
        g, w = got.astype(np.float64), want.astype(np.float64)
        close = np.isclose(g, w, rtol=rtol, atol=atol, equal_nan=True)
        if not close.all():
            i = np.unravel_index(np.argmin(close), close.shape) if close.ndim else ()
            return (
                f"{int((~close).sum())} of {close.size} values differ (at {tuple(int(x) for x in i)}: "
                f"got {g[i]!r}, expected {w[i]!r})"
            )
    elif not np.array_equal(got, want):
        bad = got != want
        i = np.unravel_index(np.argmax(bad), bad.shape) if bad.ndim else ()
        return f"{int(bad.sum())} of {bad.size} values differ (at {tuple(int(x) for x in i)}: got {got[i]!r}, expected {want[i]!r})"
    return None


def run_column(kiln, case_dir, n_inputs, absent, expected, rtol, atol, reference, timeout):
    out = os.path.join(case_dir, "ref" if reference else "dev")
    cmd = [kiln, "-q", "run", os.path.join(case_dir, "model.onnx"), "--output-dir", out]
    for i in range(n_inputs):
        if i in absent:
            cmd += ["--absent", absent[i]]
        else:
            cmd += ["--input", os.path.join(case_dir, f"input_{i}.npy")]
    if reference:
        cmd.append("--reference")
    start = time.monotonic()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return "timeout", f"over {timeout} s", time.monotonic() - start
    seconds = time.monotonic() - start
    if p.returncode == 1:
        return "unsupported", first_error_line(p.stderr), seconds
    if p.returncode != 0:
        why = f"exit {p.returncode}" if p.returncode > 0 else f"signal {-p.returncode}"
        return "crash", f"{why}: {first_error_line(p.stderr)}", seconds
    produced = sorted(
        (f for f in os.listdir(out) if re.fullmatch(r"output_\d+\.npy", f)),
        key=lambda f: int(f[7:-4]),
    ) if os.path.isdir(out) else []
    if len(produced) != len(expected):
        return "wrong", f"{len(produced)} outputs, expected {len(expected)}", seconds
    for i, want in enumerate(expected):
        got = np.load(os.path.join(out, f"output_{i}.npy"))
        why = compare(got, np.asarray(want), rtol, atol)
        if why:
            return "wrong", f"output {i}: {why}", seconds
    return "pass", "", seconds


def run_case(kiln, root, case, device, timeout):
    """(reference result, device result), each (class, detail, seconds)."""
    if not case.data_sets:
        r = ("unsupported", "the case has no data", 0.0)
        return r, r
    inputs, outputs = case.data_sets[0]
    inputs = [widened(as_array(a)) for a in inputs]
    outputs = [as_array(a) for a in outputs]
    # An empty optional (None) is fed as `--absent NAME`.
    names = [i.name for i in case.model.graph.input]
    absent = {
        i: names[i]
        for i, a in enumerate(inputs)
        if a is None and i < len(names) and case.model.graph.input[i].type.HasField("optional_type")
    }
    unfed = [i for i, a in enumerate(inputs) if not feedable(a) and i not in absent]
    if unfed or not all(isinstance(a, np.ndarray) for a in outputs):
        what = ", ".join(
            f"input {i} ({type(inputs[i]).__name__}"
            + (f" {inputs[i].dtype}" if isinstance(inputs[i], np.ndarray) else "")
            + ")"
            for i in unfed
        ) or "non-tensor outputs"
        r = ("unsupported", f"runner cannot feed {what}", 0.0)
        return r, r
    d = os.path.join(root, case.name)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "model.onnx"), "wb") as f:
        f.write(case.model.SerializeToString())
    for i, a in enumerate(inputs):
        if i not in absent:
            np.save(os.path.join(d, f"input_{i}.npy"), a)
    rtol, atol = case.rtol, case.atol
    ref = run_column(kiln, d, len(inputs), absent, outputs, rtol, atol, True, timeout)
    if not device:
        dev = ("unsupported", "device column not run", 0.0)
    else:
        dev = run_column(kiln, d, len(inputs), absent, outputs, rtol, atol, False, timeout)
    return ref, dev


def reason_of(detail):
    """An `unsupported` detail with the case-specific parts (paths, node names, tensor dtypes
    of the runner's message) dropped, so that equal causes group together."""
    d = re.sub(r"^error: \S*model\.onnx: ", "", detail)
    d = re.sub(r"node '[^']*'", "node", d)
    d = re.sub(r"in node and \d+ more", "in node", d)
    d = re.sub(r"input \d+ \((ndarray )?", "input (", d)
    d = re.sub(r"\(([a-z0-9_]+)\)(, input \(\1\))+", r"(\1)", d)
    return d[:150]


def write_doc(path, rows, totals, command, elapsed, device, notable, reasons):
    today = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")
    n = totals["cases"]
    lines = [
        "# kiln over the ONNX backend node suite",
        "",
        f"Every node test of onnx {onnx.__version__} (`onnx.backend.test.loader.load_model_tests(kind='node')`,",
        f"{n} cases, every operator, not only those kiln lists), run {today} by",
        "",
        "```sh",
        command,
        "```",
        "",
        "`reference` is `kiln run --reference` (the interpreter), `device` is `kiln run` on the default",
        "Vulkan device (lavapipe); a case passes when every output matches the expected one within the",
        "case's rtol / atol with the same shape and dtype. `tests/conformance/run.py` documents the",
        "classes (pass / wrong / unsupported / crash / timeout); `_expanded` cases count under the",
        f"operator they expand. The run took {elapsed / 60:.1f} minutes on 2 cores.",
        "",
        "| | cases | reference pass | device pass |",
        "|---|---|---|---|",
        f"| **total** | {n} | {totals['ref']} ({100 * totals['ref'] / n:.1f}%) | "
        + (f"{totals['dev']} ({100 * totals['dev'] / n:.1f}%)" if device else "not run")
        + " |",
        "",
        "Other classes, reference / device: "
        + ", ".join(
            f"{c} {totals['ref_' + c]} / {totals['dev_' + c] if device else '-'}"
            for c in CLASSES[1:]
        )
        + ".",
        "",
    ]
    if notable:
        lines += [
            "## Wrong results, crashes and timeouts",
            "",
            "Each of these is a bug (a refusal is `unsupported`, not here), unless marked as a",
            "precision difference:",
            "",
        ]
        for name, col, cls, detail in notable:
            note = precision_note(name, detail) if cls == "wrong" else None
            lines.append(f"- `{name}` ({col}, {cls}): {detail}" + (f". {note}." if note else ""))
        lines.append("")
    lines += [
        "## Why the rest is refused",
        "",
        "The most common `unsupported` causes in the reference column (the runner's own refusals",
        "are inputs it cannot feed: strings, sequences);",
        "`--details FILE` lists every case:",
        "",
        "| cases | cause |",
        "|---|---|",
    ]
    lines += [f"| {count} | {why.replace('|', '/')} |" for why, count in reasons]
    lines += [
        "",
        "## Per operator",
        "",
        "| operator | cases | reference pass | device pass |",
        "|---|---|---|---|",
    ]
    for op, r in rows:
        lines.append(f"| {op} | {r['cases']} | {r['ref']} | {r['dev'] if device else '-'} |")
    lines.append("")
    with open(path, "w") as f:
        f.write("\n".join(lines))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kiln", help="the kiln binary (a release build)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="cases run at once")
    ap.add_argument("--timeout", type=float, default=120, help="seconds per case and column")
    ap.add_argument("--filter", help="only cases whose name matches this regex")
    ap.add_argument("--no-device", action="store_true", help="run the reference column only")
    ap.add_argument("--write-doc", help="write the markdown table here (docs/onnx-conformance.md)")
    ap.add_argument("--details", help="write one line per case here")
    ap.add_argument("--keep", help="write the cases into this folder and keep it")
    ap.add_argument("--floor", help="fail below this file's pass counts or on a wrong result it "
                    "does not list (tests/conformance/floor.json)")
    ap.add_argument("--write-floor", help="write this run's pass counts and wrong results here")
    args = ap.parse_args()
    kiln = find_kiln(args.kiln)
    device = not args.no_device

    started = time.monotonic()
    cases = load_model_tests(kind="node")
    single_op = {c.name: c.model.graph.node[0].op_type for c in cases if len(c.model.graph.node) == 1}
    if args.filter:
        cases = [c for c in cases if re.search(args.filter, c.name)]
    root = args.keep or tempfile.mkdtemp(prefix="kiln-conformance-")
    os.makedirs(root, exist_ok=True)
    results = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = {pool.submit(run_case, kiln, root, c, device, args.timeout): c for c in cases}
        for k, fut in enumerate(concurrent.futures.as_completed(futures), 1):
            c = futures[fut]
            try:
                results[c.name] = fut.result()
            except Exception as e:  # a runner bug: say so rather than lose the case
                r = ("crash", f"runner: {type(e).__name__}: {e}", 0.0)
                results[c.name] = (r, r)
            if k % 100 == 0:
                print(f"  {k}/{len(cases)} cases, {time.monotonic() - started:.0f} s", file=sys.stderr)
    if not args.keep:
        shutil.rmtree(root, ignore_errors=True)
    elapsed = time.monotonic() - started

    per_op = collections.defaultdict(lambda: collections.Counter())
    totals = collections.Counter()
    notable = []
    for c in cases:
        ref, dev = results[c.name]
        op = operator_of(c, single_op)
        per_op[op]["cases"] += 1
        totals["cases"] += 1
        for col, r in (("ref", ref), ("dev", dev)):
            if not device and col == "dev":
                continue
            per_op[op][col] += r[0] == "pass"
            totals[col] += r[0] == "pass"
            totals[f"{col}_{r[0]}"] += 1
            if r[0] in ("wrong", "crash", "timeout"):
                notable.append((c.name, "reference" if col == "ref" else "device", r[0], r[1]))
    rows = sorted(per_op.items(), key=lambda kv: kv[0].lower())

    print(f"{'operator':<36} {'cases':>5} {'ref':>5} {'dev':>5}")
    for op, r in rows:
        print(f"{op:<36} {r['cases']:>5} {r['ref']:>5} {r['dev'] if device else '-':>5}")
    n = totals["cases"]
    print(f"{'total':<36} {n:>5} {totals['ref']:>5} {totals['dev'] if device else '-':>5}")
    for col in ("ref",) + (("dev",) if device else ()):
        print(
            f"{'reference' if col == 'ref' else 'device'}: "
            + ", ".join(f"{cls} {totals[col + '_' + cls]}" for cls in CLASSES)
            + f" ({100 * totals[col] / max(n, 1):.1f}% pass)"
        )
    for name, col, cls, detail in notable:
        print(f"  {cls.upper()} {name} ({col}): {detail}")
    print(f"{elapsed:.0f} s")

    if args.details:
        with open(args.details, "w") as f:
            for c in cases:
                ref, dev = results[c.name]
                f.write(
                    f"{c.name}\t{operator_of(c, single_op)}\tref={ref[0]} {ref[2]:.1f}s\t"
                    f"dev={dev[0]} {dev[2]:.1f}s\t{ref[1]}\t{dev[1]}\n"
                )
    if args.write_doc:
        command = "python3 tests/conformance/run.py --write-doc docs/onnx-conformance.md" + (
            " --no-device" if not device else ""
        )
        if args.filter:
            command += f" --filter '{args.filter}'"
        reasons = collections.Counter(
            reason_of(results[c.name][0][1]) for c in cases if results[c.name][0][0] == "unsupported"
        ).most_common(30)
        write_doc(args.write_doc, rows, totals, command, elapsed, device, notable, reasons)
    if args.write_floor:
        write_floor(args.write_floor, totals, notable, device)
    if args.floor:
        return check_floor(args.floor, totals, notable, device, bool(args.filter))
    return 0


def write_floor(path, totals, notable, device):
    known = collections.defaultdict(list)
    for name, col, cls, _ in notable:
        if cls == "wrong":
            known[name].append(col)
    floor = {
        "onnx": onnx.__version__,
        "cases": totals["cases"],
        "reference_pass": totals["ref"],
        "device_pass": totals["dev"] if device else None,
        "known_wrong": {k: sorted(v) for k, v in sorted(known.items())},
    }
    with open(path, "w") as f:
        json.dump(floor, f, indent=1)
        f.write("\n")


def check_floor(path, totals, notable, device, filtered):
    """0 when the run meets the floor of `path`, else 1 (each shortfall printed)."""
    with open(path) as f:
        floor = json.load(f)
    problems = []
    if filtered:
        print("floor: --filter given, only the wrong results are checked, not the pass counts")
    else:
        if floor.get("onnx") != onnx.__version__:
            problems.append(f"the floor is for onnx {floor.get('onnx')}, this is {onnx.__version__}")
        columns = [("reference", "ref")] + ([("device", "dev")] if device else [])
        for label, col in columns:
            want = floor.get(f"{label}_pass")
            if want is not None and totals[col] < want:
                problems.append(f"{label}: {totals[col]} cases pass, below the floor of {want}")
            print(f"floor: {label} {totals[col]} pass (floor {want})")
    known = floor.get("known_wrong", {})
    for name, col, cls, detail in notable:
        if cls == "wrong" and col in known.get(name, []):
            continue
        problems.append(f"{cls} {name} ({col}), not a known result: {detail}")
    for p in problems:
        print(f"FLOOR FAILED: {p}")
    if not problems:
        print(f"floor: met ({path})")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

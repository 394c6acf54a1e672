#!/usr/bin/env python3
"""Random valid ONNX graphs for kiln's differential fuzzer (`tests/differential_fuzz.rs`), in the
style of NNSmith (ASPLOS 2023): each graph grows node by node, every node picked among the ops
whose input constraints some value of the graph so far meets (shapes tracked as the graph
grows), with random shapes (size-1 and odd dims), broadcasting, attribute values and inputs
near overflow for the ops that take them. onnxruntime (CPU) computes the expected outputs.

usage: make_fuzz_graphs.py OUT_DIR [--seed S] [--count N] [--nodes K]

For each case NAME: OUT_DIR/NAME.onnx (the graph's sinks as outputs), NAME.input_K.npy,
NAME.expected_K.npy (onnxruntime), NAME.reference_K.npy (onnx's reference implementation,
where it runs the graph), and a twin NAME_all.onnx whose outputs are every node's result in node
order (NAME_all.expected_K.npy, NAME_all.input_K.npy; NAME_all.nodes.txt: one line per
output, the node that computes it) so that a mismatch can be shrunk to its first wrong node.
One line per case in OUT_DIR/cases.txt.

Ops (float32): Add / Sub / Mul / Div / Max / Min (broadcasting), Relu / Sigmoid / Tanh / Exp /
Abs / Neg / Sqrt(Abs) / LeakyRelu / Clip, Erf / Softsign / HardSigmoid / Elu / Selu / Softplus /
Round (on ties) / Floor / Ceil / Reciprocal / Log / Sin / Cos / HardSwish / Sign, ReduceSum /
ReduceMean / ReduceMax / ReduceMin / ReduceL2 / ReduceSumSquare / ReduceLogSumExp (random axes,
keepdims), Softmax, Where of Greater / Less / Equal / GreaterOrEqual (bool values),
DynamicQuantizeLinear into DequantizeLinear or MatMulInteger (int8 weights, zero points;
uint8 / int32 values), LayerNormalization, MatMul (2-D and batched), Gemm, Transpose (random perm), Reshape (merge /
split dims), Concat (of values of equal shape but the axis), Slice (random starts / ends /
steps, negative ones too), Unsqueeze / Squeeze, Conv (strides, pads, groups, bias),
MaxPool / AveragePool, Pad, Expand, Pow.
"""
import argparse
import os

import numpy as np
import onnx
import onnxruntime as ort
from onnx import TensorProto, helper, numpy_helper
from onnx.reference import ReferenceEvaluator

parser = argparse.ArgumentParser()
parser.add_argument("out")
parser.add_argument("--seed", type=int, default=41)
parser.add_argument("--count", type=int, default=40)
parser.add_argument("--nodes", type=int, default=6)
args = parser.parse_args()
os.makedirs(args.out, exist_ok=True)
ort.set_default_logger_severity(3)
F = TensorProto.FLOAT


# Ops whose every result is one correctly rounded IEEE operation (or none) of its inputs.
EXACT_OPS = {
    "Add", "Sub", "Mul", "Div", "Max", "Min", "Relu", "Abs", "Neg", "LeakyRelu", "Clip",
    "Transpose", "Reshape", "Concat", "Slice", "Unsqueeze", "Squeeze", "Pad", "Expand", "Where",
    "Greater", "Less", "Equal", "GreaterOrEqual", "Floor", "Ceil", "Round", "Sign", "MaxPool",
    "DynamicQuantizeLinear", "DequantizeLinear", "MatMulInteger", "Cast",
}


class Graph:
    def __init__(self, rng):
        self.rng = rng
        self.nodes = []
        self.inputs = []  # (name, shape)
        self.inits = []
        self.values = {}  # name -> shape
        self.order = []  # value names in creation order
        self.feeds = {}
        self.consumed = set()
        self.consts = {}  # name -> the values of an int64 constant (axes, shapes, starts)
        self.dtypes = {}  # name -> its TensorProto type when not float32 (bool, uint8, int32)
        # Values whose last bits may differ between correct implementations (transcendental
        # functions, sums in another order): DynamicQuantizeLinear of one would flip a rounding
        # at a tie, so quantization takes only values of correctly rounded ops.
        self.inexact = set()

    def fresh(self, prefix):
        return f"{prefix}{len(self.order)}"

    def add_value(self, name, shape):
        self.values[name] = tuple(shape)
        self.order.append(name)
        return name

    def graph_input(self, shape):
        name = self.fresh("x")
        self.inputs.append((name, shape))
        scale = self.rng.choice([1.0, 1.0, 1.0, 30.0])  # sometimes large values (exp overflow)
        self.feeds[name] = (self.rng.standard_normal(shape) * scale).astype(np.float32)
        return self.add_value(name, shape)

    def constant(self, shape):
        name = self.fresh("w")
        data = self.rng.standard_normal(shape).astype(np.float32)
        self.inits.append(numpy_helper.from_array(data, name))
        return self.add_value(name, shape)

    def i64(self, values):
        name = self.fresh("c")
        self.consts[name] = list(values)
        self.inits.append(numpy_helper.from_array(np.array(values, dtype=np.int64), name))
        self.order.append(name)
        return name

    def node(self, op, inputs, shape, dtype=F, n_out=1, **attrs):
        out = self.fresh("v")
        # Extra outputs (DynamicQuantizeLinear's scale and zero point) are not graph values.
        outs = [out] + [f"{out}_{k}" for k in range(1, n_out)]
        self.nodes.append(helper.make_node(op, inputs, outs, name=f"n{len(self.nodes)}_{op}", **attrs))
        self.consumed.update(inputs)
        if dtype != F:
            self.dtypes[out] = dtype
        if op not in EXACT_OPS or any(i in self.inexact for i in inputs):
            self.inexact.add(out)
        return self.add_value(out, shape)

    def scalar(self, value, dtype=np.float32):
        name = self.fresh("k")
        self.inits.append(numpy_helper.from_array(np.array(value, dtype=dtype), name))
        self.order.append(name)
        return name

    def pick(self, pred=lambda s: True, exact=False):
        # Float values only: the ops below take float32 operands.
        names = [n for n in self.order
                 if n in self.values and n not in self.dtypes and pred(self.values[n])
                 and not (exact and n in self.inexact)]
        if not names:
            return None
        # Prefer recent values: deeper graphs.
        k = len(names)
        i = int(min(k - 1, abs(self.rng.normal(0, k / 2.0)) // 1))
        return names[k - 1 - i]


def random_shape(rng, rank=None):
    rank = rng.integers(1, 5) if rank is None else rank
    # Sometimes sizes that tiled kernels see (past a tile, odd edges), within 2^16 elements.
    sizes = [1, 2, 3, 5, 7, 8] if rng.random() < 0.7 else [1, 16, 17, 31, 33, 64, 65, 130]
    while True:
        shape = tuple(int(rng.choice(sizes)) for _ in range(rank))
        if np.prod(shape) <= 1 << 16:
            return shape


def broadcast_partner(rng, shape):
    """A shape that broadcasts with `shape`: some dims 1, maybe fewer leading dims."""
    s = list(shape)
    s = [1 if rng.random() < 0.3 else d for d in s]
    drop = rng.integers(0, len(s)) if rng.random() < 0.3 else 0
    return tuple(s[drop:]) or (1,)


def broadcast(a, b):
    r = max(len(a), len(b))
    a = (1,) * (r - len(a)) + tuple(a)
    b = (1,) * (r - len(b)) + tuple(b)
    return tuple(max(x, y) for x, y in zip(a, b))


def grow(g):
    rng = g.rng
    op = rng.choice(
        ["binary", "binary", "unary", "unary", "reduce", "softmax", "matmul", "gemm",
         "transpose", "reshape", "concat", "slice", "unsqueeze", "squeeze", "conv", "pool",
         "pad", "expand", "pow", "unary2", "reduce", "where", "quantize", "matmul_integer",
         "layernorm"]
    )
    x = g.pick()
    s = g.values[x]
    if op == "binary":
        other_shape = broadcast_partner(rng, s)
        if rng.random() < 0.5:
            y = g.pick(lambda t: t == other_shape) or (
                g.constant(other_shape) if rng.random() < 0.5 else g.graph_input(other_shape))
        else:
            y = g.constant(other_shape)
        name = rng.choice(["Add", "Sub", "Mul", "Div", "Max", "Min"])
        a, b = (x, y) if rng.random() < 0.5 else (y, x)
        if name == "Div":
            # A divisor away from 0: 1.5 + |b|.
            ab = g.node("Abs", [b], g.values[b])
            c = g.constant((1,))
            g.inits[-1] = numpy_helper.from_array(np.array([1.5], dtype=np.float32), c)
            b = g.node("Add", [ab, c], broadcast(g.values[ab], (1,)))
        return g.node(name, [a, b], broadcast(g.values[a], g.values[b]))
    if op == "unary":
        name = rng.choice(["Relu", "Sigmoid", "Tanh", "Exp", "Abs", "Neg", "Sqrt", "LeakyRelu", "Clip"])
        if name == "Sqrt":
            x = g.node("Abs", [x], s)
        if name == "Exp":
            x = g.node("Tanh", [x], s)  # keeps exp finite
        if name == "LeakyRelu":
            return g.node(name, [x], s, alpha=float(rng.choice([0.01, 0.2, 1.5])))
        if name == "Clip":
            lo = g.fresh("lo")
            g.inits.append(numpy_helper.from_array(np.array(-0.5, dtype=np.float32), lo))
            hi = g.fresh("hi")
            g.inits.append(numpy_helper.from_array(np.array(0.75, dtype=np.float32), hi))
            return g.node(name, [x, lo, hi], s)
        return g.node(name, [x], s)
    if op == "unary2":
        return grow_unary2(g, x, s)
    if op == "where":
        other = g.pick(lambda t: t == s) or g.constant(s)
        name = rng.choice(["Greater", "Less", "Equal", "GreaterOrEqual"])
        cond = g.node(name, [x, other], s, dtype=TensorProto.BOOL)
        return g.node("Where", [cond, x, other], s)
    if op in ("quantize", "matmul_integer"):
        x = g.pick(exact=True)
        if x is None:
            return None
        s = g.values[x]
    if op == "quantize":
        # onnxruntime's dynamic uint8 quantization and back: round half to even, saturation.
        q = g.node("DynamicQuantizeLinear", [x], s, dtype=TensorProto.UINT8, n_out=3)
        scale, zp = f"{q}_1", f"{q}_2"
        return g.node("DequantizeLinear", [q, scale, zp], s)
    if op == "matmul_integer":
        if len(s) < 2:
            return None
        k, n = s[-1], int(rng.choice([1, 3, 8, 17, 40]))
        q = g.node("DynamicQuantizeLinear", [x], s, dtype=TensorProto.UINT8, n_out=3)
        w = g.fresh("wq")
        g.inits.append(numpy_helper.from_array(
            rng.integers(-128, 128, (k, n)).astype(np.int8), w))
        g.order.append(w)
        wzp = g.scalar(int(rng.integers(-3, 4)), np.int8)
        shape = s[:-1] + (n,)
        acc = g.node("MatMulInteger", [q, w, f"{q}_2", wzp], shape, dtype=TensorProto.INT32)
        accf = g.node("Cast", [acc], shape, to=F)
        return g.node("Mul", [accf, f"{q}_1"], shape)
    if op == "layernorm":
        axis = int(rng.integers(-len(s), len(s)))
        norm = s[axis:] if axis >= 0 else s[len(s) + axis:]
        scale, bias = g.constant(norm), g.constant(norm)
        return g.node("LayerNormalization", [x, scale, bias], s, axis=axis,
                      epsilon=float(rng.choice([1e-5, 1e-3])))
    if op == "reduce":
        r = len(s)
        axes = sorted(set(int(a) for a in rng.choice(r, size=rng.integers(1, r + 1))))
        keep = int(rng.integers(0, 2))
        if not keep and len(axes) == r:
            keep = 1
        name = rng.choice(["ReduceSum", "ReduceMean", "ReduceMax", "ReduceMin", "ReduceL2",
                           "ReduceSumSquare", "ReduceLogSumExp"])
        neg = [a - r if rng.random() < 0.3 else a for a in axes]
        shape = tuple((1 if i in axes else d) for i, d in enumerate(s) if keep or i not in axes)
        return g.node(name, [x, g.i64(neg)], shape, keepdims=keep)
    if op == "softmax":
        axis = int(rng.integers(-len(s), len(s)))
        return g.node("Softmax", [x], s, axis=axis)
    if op == "matmul":
        if len(s) < 2:
            return None
        n = int(rng.choice([1, 3, 4, 8, 13, 64, 67]))
        w = g.constant((s[-1], n)) if rng.random() < 0.7 else g.graph_input((s[-1], n))
        return g.node("MatMul", [x, w], s[:-1] + (n,))
    if op == "gemm":
        if len(s) != 2:
            return None
        n = int(rng.choice([1, 2, 5, 16]))
        ta, tb = int(rng.integers(0, 2)), int(rng.integers(0, 2))
        a = x
        m, k = s
        if ta:
            a = g.node("Transpose", [x], (k, m), perm=[1, 0])
        w = g.constant((n, k) if tb else (k, n))
        c = g.constant([(n,), (1, n), (m, n)][int(rng.integers(0, 3))])
        return g.node("Gemm", [a, w, c], (m, n), transA=ta, transB=tb,
                      alpha=float(rng.choice([1.0, 0.5])), beta=float(rng.choice([1.0, 2.0])))
    if op == "transpose":
        perm = [int(p) for p in rng.permutation(len(s))]
        return g.node("Transpose", [x], tuple(s[p] for p in perm), perm=perm)
    if op == "reshape":
        total = int(np.prod(s))
        if len(s) >= 2 and rng.random() < 0.5:
            i = int(rng.integers(0, len(s) - 1))
            shape = s[:i] + (s[i] * s[i + 1],) + s[i + 2:]
        else:
            shape = (total,) if rng.random() < 0.5 else (1, total)
        spec = list(shape)
        if rng.random() < 0.3:
            spec[int(rng.integers(0, len(spec)))] = -1
        return g.node("Reshape", [x, g.i64(spec)], shape)
    if op == "concat":
        axis = int(rng.integers(0, len(s)))
        parts = [x]
        for _ in range(int(rng.integers(1, 3))):
            t = list(s)
            t[axis] = int(rng.choice([1, 2, 3]))
            parts.append(g.pick(lambda u: u == tuple(t)) or g.graph_input(tuple(t)))
        shape = list(s)
        shape[axis] = sum(g.values[p][axis] for p in parts)
        return g.node("Concat", parts, tuple(shape), axis=axis - len(s) if rng.random() < 0.3 else axis)
    if op == "slice":
        r = len(s)
        axes = sorted(set(int(a) for a in rng.choice(r, size=rng.integers(1, r + 1))))
        starts, ends, steps = [], [], []
        index = [slice(None)] * r
        for a in axes:
            d = s[a]
            step = int(rng.choice([1, 1, 2, -1, 3]))
            start = int(rng.integers(-d, d + 1))
            end = int(rng.integers(-d - 1, d + 2))
            starts.append(start), ends.append(end), steps.append(step)
            # ONNX clamps like Python slicing, but an end of -d-1 with a negative step means
            # "past the first element" (Python: None).
            py_end = None if step < 0 and end < -d else end
            index[a] = slice(start, py_end, step)
        shape = np.empty(s)[tuple(index)].shape
        if 0 in shape:
            return None
        return g.node("Slice", [x, g.i64(starts), g.i64(ends), g.i64(axes), g.i64(steps)], shape)
    if op == "conv" or op == "pool":
        if len(s) != 4:
            x = g.pick(lambda t: len(t) == 4)
            if x is None:
                x = g.graph_input((int(rng.choice([1, 2])), int(rng.choice([1, 3, 4, 8])),
                                   int(rng.choice([5, 7, 16])), int(rng.choice([5, 6, 17]))))
            s = g.values[x]
        n, c, h, w = s
        kh, kw = int(rng.integers(1, min(h, 4) + 1)), int(rng.integers(1, min(w, 4) + 1))
        strides = [int(rng.integers(1, 3)), int(rng.integers(1, 3))]
        pads = [int(rng.integers(0, kh)), int(rng.integers(0, kw)), int(rng.integers(0, kh)),
                int(rng.integers(0, kw))]
        oh = (h + pads[0] + pads[2] - kh) // strides[0] + 1
        ow = (w + pads[1] + pads[3] - kw) // strides[1] + 1
        if op == "pool":
            name = rng.choice(["MaxPool", "AveragePool"])
            extra = {} if name == "MaxPool" else {"count_include_pad": int(rng.integers(0, 2))}
            return g.node(name, [x], (n, c, oh, ow), kernel_shape=[kh, kw], strides=strides,
                          pads=pads, **extra)
        group = int(rng.choice([d for d in (1, 2, c) if c % d == 0]))
        m = group * int(rng.choice([1, 2, 4]))
        wt = g.constant((m, c // group, kh, kw))
        inputs = [x, wt] + ([g.constant((m,))] if rng.random() < 0.5 else [])
        return g.node("Conv", inputs, (n, m, oh, ow), kernel_shape=[kh, kw], strides=strides,
                      pads=pads, group=group)
    if op == "pad":
        r = len(s)
        pads = [int(rng.integers(0, 3)) for _ in range(2 * r)]
        shape = tuple(d + pads[i] + pads[i + r] for i, d in enumerate(s))
        return g.node("Pad", [x, g.i64(pads)], shape, mode="constant")
    if op == "expand":
        ones = [i for i, d in enumerate(s) if d == 1]
        if not ones:
            return None
        shape = list(s)
        for i in ones:
            shape[i] = int(rng.choice([1, 2, 3, 4]))
        shape = [int(rng.choice([1, 2]))] * int(rng.integers(0, 2)) + shape
        return g.node("Expand", [x, g.i64(shape)], tuple(shape))
    if op == "pow":
        base = g.node("Abs", [x], s)
        half = g.constant((1,))
        g.inits[-1] = numpy_helper.from_array(np.array([0.5], dtype=np.float32), half)
        base = g.node("Add", [base, half], s)
        e = g.constant((1,))
        g.inits[-1] = numpy_helper.from_array(
            np.array([rng.choice([2.0, 0.5, -1.0, 3.0, 1.7])], dtype=np.float32), e)
        return g.node("Pow", [base, e], s)
    if op == "unsqueeze":
        a = int(rng.integers(0, len(s) + 1))
        return g.node("Unsqueeze", [x, g.i64([a])], s[:a] + (1,) + s[a:])
    if op == "squeeze":
        ones = [i for i, d in enumerate(s) if d == 1]
        if not ones or len(s) == 1:
            return None
        a = int(rng.choice(ones))
        return g.node("Squeeze", [x, g.i64([a])], s[:a] + s[a + 1:])
    return None


def grow_unary2(g, x, s):
    """More elementwise functions, each on a domain where it is finite: rounding (ties of
    Round), reciprocal and log of `1.5 + |x|`, trigonometry, and the smooth activations."""
    rng = g.rng
    name = rng.choice(["Erf", "Softsign", "HardSigmoid", "Elu", "Selu", "Softplus", "Round",
                       "Floor", "Ceil", "Reciprocal", "Log", "Sin", "Cos", "HardSwish", "Sign"])
    if name in ("Reciprocal", "Log"):
        ab = g.node("Abs", [x], s)
        x = g.node("Add", [ab, g.scalar(1.5)], s)
    if name == "Round":
        # Halves: ties go to even.
        twice = g.node("Mul", [x, g.scalar(2.0)], s)
        x = g.node("Div", [g.node("Floor", [twice], s), g.scalar(2.0)], s)
    if name == "Softplus":
        x = g.node("Clip", [x, g.scalar(-20.0), g.scalar(20.0)], s)
    attrs = {}
    if name == "Elu":
        attrs["alpha"] = float(rng.choice([0.5, 1.0]))
    if name == "HardSigmoid":
        attrs["alpha"] = float(rng.choice([0.2, 1.0 / 6.0]))
    return g.node(name, [x], s, **attrs)


def save(name, g, outputs, feeds, nodes_txt=None):
    graph = helper.make_graph(
        g.nodes, name,
        [helper.make_tensor_value_info(n, F, list(s)) for n, s in g.inputs],
        [helper.make_tensor_value_info(o, g.dtypes.get(o, F), list(g.values[o]))
         for o in outputs],
        g.inits,
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 18)])
    model.ir_version = 8
    onnx.checker.check_model(model, full_check=True)
    path = os.path.join(args.out, f"{name}.onnx")
    onnx.save(model, path)
    session = ort.InferenceSession(path, providers=["CPUExecutionProvider"])
    results = session.run(None, feeds)
    for k, (n, _) in enumerate(g.inputs):
        np.save(os.path.join(args.out, f"{name}.input_{k}.npy"), feeds[n])
    for k, r in enumerate(results):
        np.save(os.path.join(args.out, f"{name}.expected_{k}.npy"), r)
    # A second oracle: onnx's reference implementation (numpy, float64 where numpy promotes).
    # onnxruntime's kernels are approximations in places (MLAS' Sigmoid is 1.6% off at -12.5);
    # kiln matching the reference instead is no kiln bug.
    with np.errstate(all="ignore"):
        try:
            expected = ReferenceEvaluator(model).run(None, feeds)
        except Exception:  # an op the reference lacks: onnxruntime alone judges
            expected = []
    for k, r in enumerate(expected):
        np.save(os.path.join(args.out, f"{name}.reference_{k}.npy"), np.asarray(r))
    if nodes_txt is not None:
        with open(os.path.join(args.out, f"{name}.nodes.txt"), "w") as f:
            f.write("\n".join(nodes_txt) + "\n")


cases = open(os.path.join(args.out, "cases.txt"), "w")
for case in range(args.count):
    rng = np.random.default_rng([args.seed, case])
    g = Graph(rng)
    g.graph_input(random_shape(rng))
    tries = 0
    while len(g.nodes) < args.nodes and tries < 50:
        tries += 1
        grow(g)
    name = f"g{case}"
    produced = [n.output[0] for n in g.nodes]
    if not produced:
        continue
    sinks = [v for v in produced if v not in g.consumed] or produced[-1:]
    try:
        save(name, g, sinks, g.feeds)
    except Exception as e:  # a generator bug: say so, and go on with the next graph
        print(f"make_fuzz_graphs: case {case} skipped: {e}")
        continue
    describe = []
    for n in g.nodes:
        shapes = ", ".join(
            str(list(g.values[i])) if i in g.values else f"const {g.consts.get(i, '?')}"
            for i in n.input
        )
        attrs = ", ".join(f"{a.name}={helper.get_attribute_value(a)}" for a in n.attribute)
        describe.append(f"{n.name}: {n.op_type}({shapes}{'; ' + attrs if attrs else ''}) -> {list(g.values[n.output[0]])}")
    save(f"{name}_all", g, produced, g.feeds, describe)
    cases.write(name + "\n")
cases.close()

#!/usr/bin/env python3
"""Per-layer table of `benches/gpu/models.sh` (issue 22): each kiln dispatch against the torch
(cuDNN / cuBLAS) kernels of the same ONNX nodes.

kiln's side is `kiln bench --json` (per dispatch: its median GPU time and its sources, the ONNX
nodes whose ops it computes); torch's is models_torch.py's `NAME.torch_layers.json` (per ONNX
node: the CUDA kernel time of its onnx2torch module). The two rarely cut a network the same way
(kiln fuses BN / ReLU / add into convs, merges sibling matmuls, splits a matmul into two
passes, computes attention in one kernel), so the rows are groups. A dispatch's first source is
its region's root (several nodes where kiln merged them); dispatches sharing a root node form
one group with their root nodes. Every other node goes to the group of the first dispatch that
lists it (an epilogue, a fused producer, a view it reads through), unless it is some dispatch's
root. A group's kiln time is the sum of its dispatches, its torch time the sum of its nodes'
kernels. Nodes no dispatch lists (reshapes, concats assembled in place) and dispatches without
nodes (layout changes of the inputs) are groups of their own.

usage: layers.py OUT CASE...    (OUT/CASE.kiln.json, OUT/CASE.torch_layers.json)
Writes OUT/CASE.layers.md (every group, in graph order) and prints, per case, the totals and
the groups where kiln loses the most time against torch.
"""
import json
import os
import sys


def parts(source):
    """A `kiln bench --json` source's ONNX nodes: itself, or a fused one's parts."""
    if source.get("kind") == "fused":
        return [p for s in source["locations"] for p in parts(s)]
    return [source] if source.get("kind") == "onnx_node" else []


def node_key(source):
    """An ONNX node source as models_torch.py keys its nodes."""
    return source["name"] if source["name"] else f"#{source['index']}"


class Groups:
    """Union-find over node keys and dispatch names."""

    def __init__(self):
        self.parent = {}

    def find(self, x):
        self.parent.setdefault(x, x)
        while self.parent[x] != x:
            self.parent[x] = self.parent[self.parent[x]]
            x = self.parent[x]
        return x

    def union(self, a, b):
        self.parent[self.find(a)] = self.find(b)


def short_kernel(name):
    name = name.split("(")[0].split("<")[0]
    return name[:48]


def groups_of(kiln, torch):
    g = Groups()
    op_type, index = {}, {}
    for key, row in torch.items():
        g.find(("node", key))
        op_type[key], index[key] = row["op_type"], row["index"]
    roots, listed = {}, {}
    for d in kiln["dispatches"]:
        sources = d.get("sources", [])
        root_parts = parts(sources[0]) if sources else []
        all_parts = [p for s in sources for p in parts(s)]
        roots[d["name"]] = [node_key(p) for p in (root_parts or all_parts)]
        listed[d["name"]] = [node_key(p) for p in all_parts]
        for p in all_parts:
            op_type.setdefault(node_key(p), p.get("op_type", "?"))
            index.setdefault(node_key(p), p.get("index", 1 << 30))
    is_root = {key for keys in roots.values() for key in keys}
    owner = {}
    for d in kiln["dispatches"]:
        dk = ("dispatch", d["name"])
        g.find(dk)
        for key in roots[d["name"]]:
            g.union(dk, ("node", key))
        for key in listed[d["name"]]:
            if key not in is_root and key not in owner:
                owner[key] = dk
                g.union(dk, ("node", key))
    members = {}
    for x in list(g.parent):
        members.setdefault(g.find(x), []).append(x)
    rows = []
    for items in members.values():
        nodes = sorted((k for kind, k in items if kind == "node"), key=lambda k: index[k])
        dispatches = [k for kind, k in items if kind == "dispatch"]
        kiln_us = sum(d["gpu_us"] or 0.0 for d in kiln["dispatches"] if d["name"] in dispatches)
        torch_us = sum(torch[n]["us"] for n in nodes if n in torch)
        kernels = {}
        for n in nodes:
            for name, us in torch.get(n, {}).get("kernels", {}).items():
                kernels[short_kernel(name)] = kernels.get(short_kernel(name), 0.0) + us
        ops = []
        for n in nodes:
            if not ops or ops[-1][0] != op_type[n]:
                ops.append([op_type[n], 1])
            else:
                ops[-1][1] += 1
        label = "+".join(t if c == 1 else f"{t}x{c}" for t, c in ops) or "(no ONNX node)"
        first = nodes[0] if nodes else ""
        order = index[first] if nodes else -1
        rows.append({
            "order": order, "label": label, "first": first, "nodes": len(nodes),
            "dispatches": sorted(dispatches, key=lambda n: int(n.split("_")[1]) if n.split("_")[1].isdigit() else 0),
            "kiln_us": kiln_us, "torch_us": torch_us,
            "kernels": sorted(kernels.items(), key=lambda kv: -kv[1]),
        })
    rows.sort(key=lambda r: (r["order"], r["dispatches"][:1]))
    return rows


def fmt_us(x):
    return f"{x:.1f}" if x else "-"


def ratio(k, t):
    return f"{k / t:.2f}x" if k and t else "-"


def table(rows):
    lines = ["| group (ONNX ops) | first node | kiln dispatches | kiln us | torch us | kiln / torch "
             "| torch's kernels (us) |", "|---|---|---|---|---|---|---|"]
    for r in rows:
        ds = r["dispatches"]
        dtext = ", ".join(d.split("_", 2)[1] + ":" + (d.split("_", 2)[2] if d.count("_") >= 2 else "")
                          for d in ds[:3]) + (f" +{len(ds) - 3}" if len(ds) > 3 else "")
        ktext = "; ".join(f"{n} {us:.1f}" for n, us in r["kernels"][:2])
        if len(r["kernels"]) > 2:
            ktext += f"; +{len(r['kernels']) - 2}"
        lines.append(f"| {r['label']} | {r['first']} | {dtext or '-'} | {fmt_us(r['kiln_us'])} | "
                     f"{fmt_us(r['torch_us'])} | {ratio(r['kiln_us'], r['torch_us'])} | {ktext} |")
    return "\n".join(lines)


def main():
    out, cases = sys.argv[1], sys.argv[2:]
    for case in cases:
        kpath, tpath = f"{out}/{case}.kiln.json", f"{out}/{case}.torch_layers.json"
        if not (os.path.exists(kpath) and os.path.exists(tpath)):
            print(f"### {case}: no per-layer data ({'' if os.path.exists(kpath) else kpath} "
                  f"{'' if os.path.exists(tpath) else tpath} missing)\n")
            continue
        kiln, torch = json.load(open(kpath)), json.load(open(tpath))
        rows = groups_of(kiln, torch)
        kiln_total = sum(r["kiln_us"] for r in rows)
        torch_total = sum(r["torch_us"] for r in rows)
        with open(f"{out}/{case}.layers.md", "w") as f:
            f.write(f"# {case}: kiln dispatches against torch's kernels per ONNX node group\n\n")
            f.write(table(rows) + "\n")
        shared = [r for r in rows if r["kiln_us"] and r["torch_us"]]
        print(f"### {case}: {len(rows)} groups ({len(shared)} with both sides); kiln "
              f"{kiln_total / 1e3:.2f} ms, torch {torch_total / 1e3:.2f} ms in ranges "
              f"({ratio(kiln_total, torch_total)}); kiln-only {sum(r['kiln_us'] for r in rows if not r['torch_us']):.0f} us, "
              f"torch-only {sum(r['torch_us'] for r in rows if not r['kiln_us']):.0f} us; "
              f"full table {case}.layers.md\n")
        # By op pattern: where the time goes on each side.
        by_label = {}
        for r in rows:
            b = by_label.setdefault(r["label"], [0, 0.0, 0.0])
            b[0] += 1
            b[1] += r["kiln_us"]
            b[2] += r["torch_us"]
        print("| ops | groups | kiln us | torch us | kiln / torch |\n|---|---|---|---|---|")
        for label, (n, k, t) in sorted(by_label.items(), key=lambda kv: -max(kv[1][1], kv[1][2]))[:8]:
            print(f"| {label} | {n} | {k:.0f} | {t:.0f} | {ratio(k, t)} |")
        print()
        worst = sorted(rows, key=lambda r: r["torch_us"] - r["kiln_us"])[:6]
        print("kiln's largest losses (kiln us - torch us):")
        print(table([r for r in worst if r["kiln_us"] > r["torch_us"]]))
        print()


if __name__ == "__main__":
    main()

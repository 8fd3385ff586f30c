"""Synthetic, schema-conformant autograd graphs for the rendering-core tests and measurements.

Every graph is built as a trace (the ``node_link_data`` form described in
:mod:`graphviz_app.wire.schema`) and turned into a DiGraph by the real
:func:`graphviz_app.core.model.graph.graph_from_trace`, so the tests exercise the same contract a capture
produces.  Node ids are ``"n0", "n1", ...`` in creation order; a producer is always created before
its consumers.
"""

from __future__ import annotations

import math
from typing import Any

import networkx as nx

from graphviz_app.core.model.graph import graph_from_trace
from graphviz_app.wire.schema import SCHEMA_VERSION


def summary(
    norm: float | None, *, shape: list[int] | None = None, nan: int = 0, inf: int = 0
) -> dict[str, Any]:
    """Return a schema ``Summary`` with the given norm (and NaN/Inf counts)."""
    return {
        "shape": list(shape or [2, 2]),
        "dtype": "float32",
        "norm": norm,
        "min": None if norm is None else -norm,
        "max": norm,
        "mean": 0.0,
        "nan": nan,
        "inf": inf,
        "values": None,
    }


class GraphBuilder:
    """Build a trace node by node; :meth:`build` returns the DiGraph."""

    def __init__(self, script: str | None = "synthetic.py") -> None:
        self.nodes: list[dict[str, Any]] = []
        self.edges: list[dict[str, Any]] = []
        self.script = script
        self._slots: dict[str, int] = {}

    def _add(self, **attrs: Any) -> str:
        node_id = f"n{len(self.nodes)}"
        node = {
            "id": node_id,
            "op": "?",
            "kind": "op",
            "name": None,
            "is_output": False,
            "shape": [2, 2],
            "dtype": "float32",
            "device": "cpu",
            "module": None,
            "saved": [],
            "forward_index": len(self.nodes),
            "backward_index": None,
            "grad": None,
            "value": None,
            "source": None,
        }
        node.update(attrs)
        self.nodes.append(node)
        return node_id

    def leaf(
        self,
        name: str | None = None,
        *,
        shape: list[int] | None = (2, 2),  # type: ignore[assignment]
        device: str = "cpu",
        module: str | None = None,
    ) -> str:
        """Add an ``AccumulateGrad`` leaf and return its id."""
        return self._add(
            op="AccumulateGrad",
            kind="leaf",
            name=name,
            shape=None if shape is None else list(shape),
            device=device,
            module=module,
        )

    def op(
        self,
        op: str,
        *inputs: str,
        shape: list[int] | None = (2, 2),  # type: ignore[assignment]
        device: str = "cpu",
        module: str | None = None,
        name: str | None = None,
    ) -> str:
        """Add an op fed by ``inputs`` (producer ids) and return its id."""
        node_id = self._add(
            op=op,
            kind="op",
            name=name,
            shape=None if shape is None else list(shape),
            device=device,
            module=module,
        )
        for slot, src in enumerate(inputs):
            self.edges.append({"source": src, "target": node_id, "slots": [slot], "grad": None})
        return node_id

    def node(self, node_id: str) -> dict[str, Any]:
        """Return the mutable attribute dict of a node (to set ``grad``, ``value``...)."""
        return self.nodes[int(node_id[1:])]

    def grad(self, node_id: str, norm: float | None, *, nan: int = 0, inf: int = 0) -> None:
        """Give a node a gradient summary."""
        self.node(node_id)["grad"] = summary(norm, nan=nan, inf=inf)

    def build(self, *roots: str, backward: bool | None = None) -> nx.DiGraph:
        """Return the DiGraph; ``roots`` are the outputs (default: the last node)."""
        roots = roots or (self.nodes[-1]["id"],)
        for node in self.nodes:
            node["is_output"] = node["id"] in roots
        devices: dict[str, int] = {}
        for node in self.nodes:
            devices[node["device"]] = devices.get(node["device"], 0) + 1
        ran = any(n["grad"] is not None for n in self.nodes) if backward is None else backward
        outputs = [
            {
                "node": r,
                "name": self.node(r)["name"] or f"out{i}",
                "shape": self.node(r)["shape"],
                "scalar": self.node(r)["shape"] == [],
            }
            for i, r in enumerate(roots)
        ]
        trace = {
            "directed": True,
            "multigraph": False,
            "graph": {
                "schema_version": SCHEMA_VERSION,
                "roots": list(roots),
                "outputs": outputs,
                "devices": devices,
                "script": self.script,
                "backward": {
                    "ran": ran,
                    "by": "script" if ran else None,
                    "call": 1 if ran else None,
                    "error": None,
                },
                "notices": [],
            },
            "nodes": self.nodes,
            "edges": self.edges,
        }
        return graph_from_trace(trace)


def chain(n: int, *, device: str = "cpu") -> nx.DiGraph:
    """A leaf ``x`` followed by ``n - 1`` ops in a single chain (``n`` nodes)."""
    b = GraphBuilder()
    prev = b.leaf("x", device=device)
    for i in range(n - 1):
        prev = b.op("MulBackward0" if i % 2 else "AddBackward0", prev, device=device)
    return b.build(prev)


def diamond() -> nx.DiGraph:
    """x -> (a, b) -> add -> sum: a leaf used twice, joined again."""
    b = GraphBuilder()
    x = b.leaf("x", shape=[3])
    left = b.op("SinBackward0", x, shape=[3])
    right = b.op("PowBackward0", x, shape=[3])
    add = b.op("AddBackward0", left, right, shape=[3])
    out = b.op("SumBackward0", add, shape=[], name="loss")
    return b.build(out)


def shared_leaf_chain(length: int = 400, uses: int = 100) -> nx.DiGraph:
    """A synthetic RNN: one weight ``cell.weight`` used by ``uses`` ops spread along a chain.

    ``length`` ops in all (one in ``length // uses`` is an ``MmBackward0`` reading the weight),
    so the shared leaf has ``uses`` consumers spanning the whole chain: the case that made
    ``dot`` take minutes without hub splitting.
    """
    b = GraphBuilder()
    w = b.leaf("cell.weight", shape=[16, 16], module="cell")
    h = b.leaf("h0", shape=[1, 16])
    step = max(1, length // uses)
    used = 0
    for i in range(length):
        if i % step == 0 and used < uses:
            h = b.op("MmBackward0", h, w, shape=[1, 16], module="cell")
            used += 1
        else:
            h = b.op("TanhBackward0", h, shape=[1, 16], module="cell")
    out = b.op("SumBackward0", h, shape=[], name="loss")
    return b.build(out)


def nested_modules() -> nx.DiGraph:
    """A model with modules nested three deep (``encoder.layers.0.attn`` ...) and a head.

    Layout: ``encoder.layers.{0,1}`` each hold an ``attn`` (two ops + weight) and an ``mlp``
    (two ops + weight); ``head`` holds one op and a weight; the loss is outside any module.
    """
    b = GraphBuilder()
    h = b.leaf("x", shape=[4, 8])
    for layer in range(2):
        base = f"encoder.layers.{layer}"
        w = b.leaf(f"{base}.attn.weight", shape=[8, 8], module=f"{base}.attn")
        t = b.op("MmBackward0", h, w, shape=[4, 8], module=f"{base}.attn")
        t = b.op("SoftmaxBackward0", t, shape=[4, 8], module=f"{base}.attn")
        h = b.op("AddBackward0", h, t, shape=[4, 8], module=base)
        w2 = b.leaf(f"{base}.mlp.weight", shape=[8, 8], module=f"{base}.mlp")
        t = b.op("MmBackward0", h, w2, shape=[4, 8], module=f"{base}.mlp")
        h = b.op("ReluBackward0", t, shape=[4, 8], module=f"{base}.mlp")
    wh = b.leaf("head.weight", shape=[8, 2], module="head")
    out = b.op("MmBackward0", h, wh, shape=[4, 2], module="head")
    loss = b.op("MeanBackward0", out, shape=[], name="loss")
    return b.build(loss)


def two_devices() -> nx.DiGraph:
    """Ops on ``cpu`` copied to ``meta`` by a ``ToCopyBackward0``: edges change device twice."""
    b = GraphBuilder()
    x = b.leaf("x", shape=[2, 2])
    y = b.op("MulBackward0", x, x, shape=[2, 2])
    z = b.op("ToCopyBackward0", y, shape=[2, 2], device="meta")
    w = b.leaf("w", shape=[2, 2], device="meta")
    m = b.op("MmBackward0", z, w, shape=[2, 2], device="meta")
    back = b.op("ToCopyBackward0", m, shape=[2, 2], device="cpu")
    out = b.op("SumBackward0", back, shape=[], name="loss")
    return b.build(out)


def with_grads(*, nan: bool = True) -> nx.DiGraph:
    """A small graph after backward: norms spanning 1e-3..1e2, one NaN grad, one without grad."""
    b = GraphBuilder()
    x = b.leaf("x")
    w = b.leaf("w")
    frozen = b.leaf("frozen")
    m = b.op("MulBackward0", x, w)
    d = b.op("DivBackward0", m, frozen)
    lg = b.op("LogBackward0", d)
    out = b.op("SumBackward0", lg, shape=[], name="loss")
    b.grad(x, 1e-3)
    b.grad(w, 0.5)
    b.grad(m, 2.0)
    b.grad(d, 10.0)
    b.grad(lg, 100.0)
    b.grad(out, 1.0)
    if nan:
        b.grad(d, math.nan, nan=4)
    return b.build(out)


def wide(n_branches: int, depth: int) -> nx.DiGraph:
    """``n_branches`` parallel chains of ``depth`` ops from one input, summed at the end."""
    b = GraphBuilder()
    x = b.leaf("x")
    ends = []
    for _ in range(n_branches):
        h = x
        for _ in range(depth):
            h = b.op("ReluBackward0", h)
        ends.append(h)
    total = ends[0]
    for e in ends[1:]:
        total = b.op("AddBackward0", total, e)
    return b.build(total)


def transformer_like(layers: int, heads: int = 4) -> nx.DiGraph:
    """A stack of ``layers`` attention-like blocks with residuals and per-module weights."""
    b = GraphBuilder()
    h = b.leaf("x", shape=[8, 32])
    for layer in range(layers):
        base = f"layers.{layer}"
        outs = []
        for head in range(heads):
            mod = f"{base}.attn.heads.{head}"
            wq = b.leaf(f"{mod}.wq", shape=[32, 8], module=mod)
            wk = b.leaf(f"{mod}.wk", shape=[32, 8], module=mod)
            q = b.op("MmBackward0", h, wq, shape=[8, 8], module=mod)
            k = b.op("MmBackward0", h, wk, shape=[8, 8], module=mod)
            kt = b.op("TBackward0", k, shape=[8, 8], module=mod)
            s = b.op("MmBackward0", q, kt, shape=[8, 8], module=mod)
            outs.append(b.op("SoftmaxBackward0", s, shape=[8, 8], module=mod))
        cat = b.op("CatBackward0", *outs, shape=[8, 32], module=f"{base}.attn")
        h = b.op("AddBackward0", h, cat, shape=[8, 32], module=base)
        w = b.leaf(f"{base}.mlp.weight", shape=[32, 32], module=f"{base}.mlp")
        t = b.op("MmBackward0", h, w, shape=[8, 32], module=f"{base}.mlp")
        t = b.op("GeluBackward0", t, shape=[8, 32], module=f"{base}.mlp")
        h = b.op("AddBackward0", h, t, shape=[8, 32], module=base)
    out = b.op("SumBackward0", h, shape=[], name="loss")
    return b.build(out)


def gru_like(steps: int = 24) -> nx.DiGraph:
    """A recurrence recorded as the CPU records ``nn.GRU``: one input projection for every step,
    then ``UnbindBackward0``, whose output feeds each step's ``UnsafeSplitBackward0`` (a
    scattering op); each step a module ``steps.<t>`` with an activation module inside."""
    b = GraphBuilder()
    w = b.leaf("proj.weight", shape=[12, 4], module="proj")
    t = b.op("TBackward0", w, shape=[4, 12], module="proj")
    projected = b.op("MmBackward0", b.leaf("x", shape=[steps, 4]), t, shape=[steps, 12], module="proj")
    gates = b.op("UnbindBackward0", projected, shape=[1, 12], module="proj")
    h = b.leaf("h0", shape=[1, 4])
    for step in range(steps):
        split = b.op("UnsafeSplitBackward0", gates, shape=[1, 4], module=f"steps.{step}")
        h = b.op("AddBackward0", split, h, shape=[1, 4], module=f"steps.{step}")
        h = b.op("TanhBackward0", h, shape=[1, 4], module=f"steps.{step}.act")
        h = b.op("MulBackward0", h, shape=[1, 4], module=f"steps.{step}.act")
    out = b.op("SumBackward0", b.op("AddmmBackward0", h, shape=[1, 1], module="head"), shape=[], name="loss")
    return b.build(out)


def rnn_like(steps: int = 100) -> nx.DiGraph:
    """An RNN cell (one ``nn.Linear``) applied ``steps`` times: weight and bias each feed every
    step (``TBackward0`` of the weight, ``AddmmBackward0`` with the bias), ~4 nodes a step."""
    b = GraphBuilder()
    w = b.leaf("cell.weight", shape=[16, 16], module="cell")
    bias = b.leaf("cell.bias", shape=[16], module="cell")
    h = b.leaf("h0", shape=[1, 16])
    for _ in range(steps):
        t = b.op("TBackward0", w, shape=[16, 16], module="cell")
        a = b.op("AddmmBackward0", bias, h, t, shape=[1, 16], module="cell")
        h = b.op("TanhBackward0", a, shape=[1, 16])
        h = b.op("MulBackward0", h, shape=[1, 16])
    out = b.op("SumBackward0", h, shape=[], name="loss")
    return b.build(out)

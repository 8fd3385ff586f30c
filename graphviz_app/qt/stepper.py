"""Step views for the window, fast on big graphs: what ``core.stepping.step_view`` returns, built
from per-graph tables computed once.

``core.stepping.step_view`` sorts the graph and formats every gradient label at each call (tens of
milliseconds on 5,000 nodes); stepping and playing need a step in about a millisecond. A
:class:`StepCache` keeps the step orders, the positions and the finished-node styles of one graph,
so a step is a few dictionary builds over prebuilt styles. Its views equal ``step_view``'s (a test
compares them on every step of real graphs), with one addition: a backward step at a leaf marks
the edges its gradient arrives along (a leaf sends nothing further, so the core marks none and the
step would show no flow at all).
"""
from __future__ import annotations

from typing import Any

import networkx as nx

from ..core.dot import NodeStyle
from ..core.stepping import (
    BACKWARD,
    CURRENT_PEN,
    FORWARD,
    MODES,
    StepView,
    consumers,
    grad_label,
    step_order,
)

GHOST = NodeStyle(ghost=True)
DASHED = NodeStyle(dashed=True)


def describe(graph: nx.DiGraph, node: str) -> str:
    """Return ``"PowBackward0 (x)"``: the node's op and, when it has one, its name."""
    attrs = graph.nodes[node]
    name = attrs.get("name")
    return f"{attrs.get('op')} ({name})" if name else str(attrs.get("op"))


class StepCache:
    """Step orders and prebuilt styles of one graph; :meth:`view` returns a step's StepView."""

    def __init__(self, graph: nx.DiGraph) -> None:
        self.graph = graph
        self._orders: dict[str, list[str]] = {}
        self._positions: dict[str, dict[str, int]] = {}
        self._done: list[NodeStyle] | None = None
        self._unreached: list[str] | None = None
        self._inputs: dict[str, frozenset[tuple[str, str]]] = {}

    def order(self, mode: str) -> list[str]:
        """Return the node ids in ``mode``'s step order (raises ValueError for an unknown mode)."""
        if mode not in MODES:
            raise ValueError(f"unknown step mode {mode!r}; use one of {', '.join(MODES)}")
        if mode not in self._orders:
            order = step_order(self.graph, mode)
            self._orders[mode] = order
            self._positions[mode] = {node: i for i, node in enumerate(order)}
        return self._orders[mode]

    def position(self, mode: str, node: str) -> int | None:
        """Return the 0-based step at which ``node`` appears in ``mode`` (None: never)."""
        self.order(mode)
        return self._positions[mode].get(node)

    def count(self, mode: str) -> int:
        return len(self.order(mode))

    def _edges(self, node: str) -> frozenset[tuple[str, str]]:
        edges = self._inputs.get(node)
        if edges is None:
            edges = self._inputs[node] = frozenset((p, node) for p in self.graph.predecessors(node))
        return edges

    def view(self, mode: str, index: int) -> StepView:
        """Return step ``index`` (clamped to -1 .. count-1) of ``mode``."""
        self.order(mode)  # validates the mode
        return self._forward(index) if mode == FORWARD else self._backward(index)

    # -- forward -----------------------------------------------------------------------------------
    def _forward(self, index: int) -> StepView:
        graph, order = self.graph, self.order(FORWARD)
        index = max(-1, min(index, len(order) - 1))
        styles = dict.fromkeys(order[index + 1:], GHOST)
        node = order[index] if index >= 0 else None
        edges: frozenset[tuple[str, str]] = frozenset()
        caption = f"Forward: nothing created yet ({len(order)} steps)."
        if node is not None:
            styles[node] = NodeStyle(pen=CURRENT_PEN, penwidth=3.0)
            edges = self._edges(node)
            attrs = graph.nodes[node]
            source = attrs.get("source") or {}
            where = f" at line {source['line']}: {source['code']}" if source.get("line") else ""
            verb = "leaf tensor" if attrs.get("kind") == "leaf" else "created"
            caption = (f"Forward step {index + 1}/{len(order)}: {describe(graph, node)} {verb}, "
                       f"shape {attrs.get('shape')}{where}")
        return StepView(FORWARD, index, len(order), node, styles, edges, caption)

    # -- backward ----------------------------------------------------------------------------------
    def _backward_tables(self) -> tuple[list[NodeStyle], list[str]]:
        if self._done is None or self._unreached is None:
            order = self.order(BACKWARD)
            positions = self._positions[BACKWARD]
            self._done = [NodeStyle(extra_label=grad_label(self.graph.nodes[n])) for n in order]
            self._unreached = [n for n in self.graph.nodes if n not in positions]
        return self._done, self._unreached

    def _backward(self, index: int) -> StepView:
        graph, order = self.graph, self.order(BACKWARD)
        done, unreached = self._backward_tables()
        index = max(-1, min(index, len(order) - 1))
        styles = dict.fromkeys(unreached, DASHED)
        styles.update(zip(order[: max(index, 0)], done))
        styles.update(dict.fromkeys(order[index + 1:], DASHED))
        node = order[index] if index >= 0 else None
        edges: frozenset[tuple[str, str]] = frozenset()
        if not order:
            caption = "Backward has not run: run backward to step through it."
        else:
            caption = f"Backward: the engine runs {len(order)} nodes, starting at the output."
        if node is not None:
            attrs: dict[str, Any] = graph.nodes[node]
            label = done[index].extra_label
            styles[node] = NodeStyle(pen=CURRENT_PEN, penwidth=3.0, extra_label=label)
            edges = self._edges(node) or frozenset((node, c) for c in graph.successors(node))
            caption = f"Backward step {index + 1}/{len(order)}: {describe(graph, node)}"
            if index == 0:
                caption += " receives the seed gradient" + (" (ones)" if attrs.get("shape") else " 1.0")
            elif attrs.get("kind") == "leaf":
                caption += " accumulates its gradient into .grad"
            else:
                summed = consumers(graph, node)
                caption += (f" sums the gradients of its {summed} consumers" if summed > 1
                            else " receives its gradient")
            if label:
                caption += f": {label}"
        return StepView(BACKWARD, index, len(order), node, styles, edges, caption)

"""Stepping through a captured graph: forward in creation order, backward in the engine's order.

A step is only a view: it returns per-node styles, edges to mark and a caption, computed from the
graph's ``forward_index``/``backward_index`` and gradient summaries. Nothing is re-run and nothing is
laid out again, so jumping anywhere is instant.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import networkx as nx

from .dot import NodeStyle
from .graph import ordered_nodes

FORWARD = "forward"
BACKWARD = "backward"
MODES = (FORWARD, BACKWARD)
CURRENT_PEN = "#d81b60"
"""Outline of the node of the current step (a strong magenta, apart from every fill palette)."""
FLOW_PEN = "#d81b60"
MAX_INLINE_VALUES = 8
"""Leaves with at most this many elements show their .grad values on the node."""


@dataclass(frozen=True)
class StepView:
    """What one step shows."""

    mode: str
    index: int
    """0-based step; -1 before the first step (nothing happened yet)."""
    count: int
    node: str | None
    """Graph node of this step."""
    styles: dict[str, NodeStyle] = field(default_factory=dict)
    edges: frozenset[tuple[str, str]] = frozenset()
    """Graph edges (producer, consumer) to mark: the inputs just used, or gradients flowing."""
    caption: str = ""


def step_order(graph: nx.DiGraph, mode: str) -> list[str]:
    """Return the node ids in step order for ``mode`` (empty for backward before any backward)."""
    if mode not in MODES:
        raise ValueError(f"unknown step mode {mode!r}; use one of {', '.join(MODES)}")
    return ordered_nodes(graph, "forward_index" if mode == FORWARD else "backward_index")


def format_number(value: Any) -> str:
    """Return a number in at most 3 significant digits (``0.75``, ``6.75``, ``1.2e+03``, ``nan``)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return str(value)
    text = f"{value:.3g}"
    return text


def format_values(values: Any) -> str:
    """Return nested values compactly: ``[[0.75, 3], [6.75, 3]]``."""
    if isinstance(values, list):
        return "[" + ", ".join(format_values(v) for v in values) + "]"
    return format_number(values)


def _count(shape: Any) -> int:
    total = 1
    for size in shape or []:
        total *= int(size)
    return total


def grad_label(attrs: dict[str, Any]) -> str | None:
    """Return the short gradient line for a node: ``‖g‖=0.5`` or, for a small leaf, its .grad."""
    grad = attrs.get("grad")
    if not grad:
        return None
    if grad.get("nan") or grad.get("inf"):
        return f"‖g‖=nan/inf ({grad.get('nan', 0)} nan, {grad.get('inf', 0)} inf)"
    if attrs.get("kind") == "leaf" and grad.get("values") is not None and _count(grad["shape"]) <= MAX_INLINE_VALUES:
        name = attrs.get("name") or "leaf"
        return f"{name}.grad = {format_values(grad['values'])}"
    return f"‖g‖={format_number(grad.get('norm'))}"


def consumers(graph: nx.DiGraph, node: str) -> int:
    """Return how many gradients are summed into ``node`` (one per consumer slot)."""
    return sum(len(graph.edges[node, c].get("slots") or [0]) for c in graph.successors(node))


def _describe(graph: nx.DiGraph, node: str) -> str:
    attrs = graph.nodes[node]
    name = attrs.get("name")
    return f"{attrs.get('op')} ({name})" if name else str(attrs.get("op"))


def forward_view(graph: nx.DiGraph, index: int) -> StepView:
    """Return forward step ``index``: nodes created so far, the newest highlighted, the rest ghosted."""
    order = step_order(graph, FORWARD)
    index = max(-1, min(index, len(order) - 1))
    styles: dict[str, NodeStyle] = {}
    for position, node in enumerate(order):
        if position > index:
            styles[node] = NodeStyle(ghost=True)
    node = order[index] if index >= 0 else None
    edges: frozenset[tuple[str, str]] = frozenset()
    caption = f"Forward: nothing created yet ({len(order)} steps)."
    if node is not None:
        styles[node] = NodeStyle(pen=CURRENT_PEN, penwidth=3.0)
        edges = frozenset((p, node) for p in graph.predecessors(node))
        attrs = graph.nodes[node]
        shape = attrs.get("shape")
        source = attrs.get("source") or {}
        where = f" at line {source['line']}: {source['code']}" if source.get("line") else ""
        verb = "leaf tensor" if attrs.get("kind") == "leaf" else "created"
        caption = (
            f"Forward step {index + 1}/{len(order)}: {_describe(graph, node)} {verb}, "
            f"shape {shape}{where}"
        )
    return StepView(FORWARD, index, len(order), node, styles, edges, caption)


def backward_view(graph: nx.DiGraph, index: int) -> StepView:
    """Return backward step ``index``: nodes the engine has run show their gradient; the current
    node is highlighted with the edges its gradient flows along; nodes not reached yet are dashed."""
    order = step_order(graph, BACKWARD)
    index = max(-1, min(index, len(order) - 1))
    styles: dict[str, NodeStyle] = {}
    done = set(order[: index + 1])
    for node in graph.nodes:
        if node not in done:
            styles[node] = NodeStyle(dashed=True)
    for node in order[: max(index, 0)]:
        styles[node] = NodeStyle(extra_label=grad_label(graph.nodes[node]))
    node = order[index] if index >= 0 else None
    edges: frozenset[tuple[str, str]] = frozenset()
    if not order:
        caption = "Backward has not run: run backward to step through it."
    else:
        caption = f"Backward: the engine runs {len(order)} nodes, starting at the output."
    if node is not None:
        attrs = graph.nodes[node]
        styles[node] = NodeStyle(pen=CURRENT_PEN, penwidth=3.0, extra_label=grad_label(attrs))
        edges = frozenset((p, node) for p in graph.predecessors(node))
        caption = f"Backward step {index + 1}/{len(order)}: {_describe(graph, node)}"
        if index == 0:
            caption += " receives the seed gradient" + (" (ones)" if attrs.get("shape") else " 1.0")
        elif attrs.get("kind") == "leaf":
            caption += " accumulates its gradient into .grad"
        else:
            summed = consumers(graph, node)
            if summed > 1:
                caption += f" sums the gradients of its {summed} consumers"
            else:
                caption += " receives its gradient"
        label = grad_label(attrs)
        if label:
            caption += f": {label}"
    return StepView(BACKWARD, index, len(order), node, styles, edges, caption)


def step_view(graph: nx.DiGraph, mode: str, index: int) -> StepView:
    """Return the view of step ``index`` (0-based) in ``mode``."""
    return forward_view(graph, index) if mode == FORWARD else backward_view(graph, index)

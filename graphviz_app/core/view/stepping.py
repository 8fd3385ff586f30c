"""Stepping through a captured graph: forward in creation order, backward in the engine's order.

A step is only a view: it returns per-node styles, edges to mark and a caption, computed from the
graph's ``forward_index``/``backward_index`` and gradient summaries. Nothing is re-run and nothing is
laid out again; a :class:`Stepper` precomputes the orders and styles of one graph, so jumping
anywhere is instant. The window and the CLI's step export both use it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

import networkx as nx

from ..model.graph import ordered_nodes
from ..model.values import (
    MAX_INLINE_VALUES,
    format_number,
    format_values,
    grad_label,
    value_line,
    values_badge,
)
from .chain_rule import ChainRule, chain_rule
from .look import STEP_COLOR, NodeStyle

__all__ = [
    "BACKWARD",
    "FORWARD",
    "MAX_INLINE_VALUES",
    "MODES",
    "StepMode",
    "StepView",
    "Stepper",
    "consumers",
    "describe",
    "format_number",
    "format_values",
    "grad_label",
    "step_order",
    "step_view",
]

StepMode = Literal["forward", "backward"]
FORWARD: StepMode = "forward"
BACKWARD: StepMode = "backward"
MODES: tuple[StepMode, ...] = (FORWARD, BACKWARD)
CURRENT_PEN = STEP_COLOR
"""Outline of the node of the current step: the step colour of :mod:`.look` (a strong magenta,
apart from every fill palette), the colour of the step's edges too."""


@dataclass(frozen=True)
class StepView:
    """What one step shows."""

    mode: StepMode
    index: int
    """0-based step; -1 before the first step (nothing happened yet)."""
    count: int
    node: str | None
    """Graph node of this step."""
    styles: dict[str, NodeStyle] = field(default_factory=dict)
    edges: frozenset[tuple[str, str]] = frozenset()
    """Graph edges (producer, consumer) to mark: the inputs just used, or gradients flowing."""
    caption: str = ""
    rule: ChainRule | None = None
    """Backward: the local chain rule of the step's node, with its numbers."""


def step_order(graph: nx.DiGraph, mode: str) -> list[str]:
    """Return the node ids in step order for ``mode`` (empty for backward before any backward)."""
    if mode not in MODES:
        raise ValueError(f"unknown step mode {mode!r}; use one of {', '.join(MODES)}")
    return ordered_nodes(graph, "forward_index" if mode == FORWARD else "backward_index")


def consumers(graph: nx.DiGraph, node: str) -> int:
    """Return how many gradients are summed into ``node`` (one per consumer slot)."""
    return sum(len(graph.edges[node, c].get("slots") or [0]) for c in graph.successors(node))


GHOST = NodeStyle(ghost=True)
DASHED = NodeStyle(dashed=True)


def describe(graph: nx.DiGraph, node: str) -> str:
    """Return ``"PowBackward0 (x)"``: the node's op and, when it has one, its name."""
    attrs = graph.nodes[node]
    name = attrs.get("name")
    return f"{attrs.get('op')} ({name})" if name else str(attrs.get("op"))


class Stepper:
    """Step orders and prebuilt styles of one graph, computed once; :meth:`view` returns a step.

    A step is a few dictionary builds over prebuilt styles (about a millisecond on 5,000 nodes),
    so stepping, playing and exporting every step never sort or format the graph again.
    """

    def __init__(self, graph: nx.DiGraph, *, values: bool = False) -> None:
        self.graph = graph
        self.values = values
        """Badges carry the Values lines (:mod:`.values`): values, then gradients as they arrive."""
        self._orders: dict[str, list[str]] = {}
        self._positions: dict[str, dict[str, int]] = {}
        self._done: list[NodeStyle] | None = None
        self._unreached: list[str] | None = None
        self._inputs: dict[str, frozenset[tuple[str, str]]] = {}
        self._waiting: dict[str, NodeStyle] = {}
        self._made: dict[str, NodeStyle] | None = None

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
    def _made_styles(self) -> dict[str, NodeStyle]:
        """Styles of the nodes forward has made, for those with a Values line (formatted once)."""
        if self._made is None:
            nodes = self.graph.nodes
            self._made = {
                n: NodeStyle(extra_label=line) for n in self.order(FORWARD) if (line := value_line(nodes[n]))
            }
        return self._made

    def _forward(self, index: int) -> StepView:
        graph, order = self.graph, self.order(FORWARD)
        index = max(-1, min(index, len(order) - 1))
        styles = dict.fromkeys(order[index + 1 :], GHOST)
        if self.values:
            made = self._made_styles()
            styles.update((done, made[done]) for done in order[: index + 1] if done in made)
        node = order[index] if index >= 0 else None
        edges: frozenset[tuple[str, str]] = frozenset()
        caption = f"Forward: nothing created yet ({len(order)} steps)."
        if node is not None:
            attrs = graph.nodes[node]
            styles[node] = NodeStyle(
                pen=CURRENT_PEN, penwidth=3.0, extra_label=value_line(attrs) if self.values else None
            )
            edges = self._edges(node)
            source = attrs.get("source") or {}
            where = f" at line {source['line']}: {source['code']}" if source.get("line") else ""
            verb = "leaf tensor" if attrs.get("kind") == "leaf" else "created"
            caption = (
                f"Forward step {index + 1}/{len(order)}: {describe(graph, node)} {verb}, "
                f"shape {attrs.get('shape')}{where}"
            )
        return StepView(FORWARD, index, len(order), node, styles, edges, caption)

    # -- backward ----------------------------------------------------------------------------------
    def _backward_tables(self) -> tuple[list[NodeStyle], list[str]]:
        if self._done is None or self._unreached is None:
            order = self.order(BACKWARD)
            positions = self._positions[BACKWARD]
            nodes = self.graph.nodes
            if self.values:
                self._done = [NodeStyle(extra_label=values_badge(nodes[n])) for n in order]
                self._waiting = {n: NodeStyle(dashed=True, extra_label=value_line(nodes[n])) for n in nodes}
            else:
                self._done = [NodeStyle(extra_label=grad_label(nodes[n])) for n in order]
            self._unreached = [n for n in nodes if n not in positions]
        return self._done, self._unreached

    def _dashed(self, nodes: list[str]) -> dict[str, NodeStyle]:
        """Styles of nodes backward has not reached (yet): dashed, with their value if shown."""
        if self.values:
            return {n: self._waiting[n] for n in nodes}
        return dict.fromkeys(nodes, DASHED)

    def _backward(self, index: int) -> StepView:
        graph, order = self.graph, self.order(BACKWARD)
        done, unreached = self._backward_tables()
        index = max(-1, min(index, len(order) - 1))
        styles = self._dashed(unreached)
        styles.update(zip(order[: max(index, 0)], done))
        styles.update(self._dashed(order[index + 1 :]))
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
            # The edges the gradient flows along: out to the inputs, or, at a leaf (which sends
            # nothing further), in from the consumers it accumulates.
            edges = self._edges(node) or frozenset((node, c) for c in graph.successors(node))
            caption = f"Backward step {index + 1}/{len(order)}: {describe(graph, node)}"
            if index == 0:
                caption += " receives the seed gradient" + (" (ones)" if attrs.get("shape") else " 1.0")
            elif attrs.get("kind") == "leaf":
                caption += " accumulates its gradient into .grad"
            else:
                summed = consumers(graph, node)
                caption += (
                    f" sums the gradients of its {summed} consumers"
                    if summed > 1
                    else " receives its gradient"
                )
            if label:
                caption += ": " + label.replace("\n", "; ")
            rule = chain_rule(graph, node)
            caption += ". Chain rule: " + rule.sentence()
            return StepView(BACKWARD, index, len(order), node, styles, edges, caption, rule)
        return StepView(BACKWARD, index, len(order), node, styles, edges, caption)


def step_view(graph: nx.DiGraph, mode: str, index: int) -> StepView:
    """Return the view of step ``index`` (0-based, -1 = before the first) in ``mode``.

    For many steps of one graph, keep a :class:`Stepper` instead.
    """
    return Stepper(graph).view(mode, index)

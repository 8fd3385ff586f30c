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

from ...wire.message import QT_TRANSLATE_NOOP, Message
from ..model.graph import ordered_nodes
from ..model.values import (
    badge_message,
    grad_label,
    value_line,
    values_badge_lines,
)
from .chain_rule import ChainRule, chain_rule
from .look import STEP_COLOR, NodeStyle

StepMode = Literal["forward", "backward"]
FORWARD: StepMode = "forward"
BACKWARD: StepMode = "backward"
MODES: tuple[StepMode, ...] = (FORWARD, BACKWARD)
CURRENT_PEN = STEP_COLOR
"""Outline of the node of the current step: the step colour of :mod:`.look` (a strong magenta,
apart from every fill palette), the colour of the step's edges too."""

# The step sentences: the Timeline shows them in the window's language, the CLI and exports in
# English (``str(message)``); the same message makes both, so they say the same.
FORWARD_NONE = QT_TRANSLATE_NOOP("StepText", "Forward: nothing created yet ({count} steps).")
FORWARD_LEAF = QT_TRANSLATE_NOOP(
    "StepText", "Forward step {index}/{count}: {what} leaf tensor, shape {shape}"
)
FORWARD_MADE = QT_TRANSLATE_NOOP("StepText", "Forward step {index}/{count}: {what} created, shape {shape}")
AT_LINE = QT_TRANSLATE_NOOP("StepText", " at line {line}: {code}")
BACKWARD_NOT_RUN = QT_TRANSLATE_NOOP("StepText", "Backward has not run: run backward to step through it.")
BACKWARD_NONE = QT_TRANSLATE_NOOP(
    "StepText", "Backward: the engine runs {count} nodes, starting at the output."
)
BACKWARD_STEP = QT_TRANSLATE_NOOP("StepText", "Backward step")
SEED = QT_TRANSLATE_NOOP("StepText", "{what} receives the seed gradient")
SEED_ONES = QT_TRANSLATE_NOOP("StepText", " (ones)")
"""The seed of a tensor output: ``torch.ones_like(output)``."""
SEED_ONE = QT_TRANSLATE_NOOP("StepText", " 1.0")
"""The seed of a scalar output."""
ACCUMULATES = QT_TRANSLATE_NOOP("StepText", "{what} accumulates its gradient into .grad")
SUMS = QT_TRANSLATE_NOOP("StepText", "{what} sums the gradients of its {count} consumers")
RECEIVES = QT_TRANSLATE_NOOP("StepText", "{what} receives its gradient")
CHAIN_RULE = QT_TRANSLATE_NOOP("StepText", ". Chain rule: ")
NO_CAPTION = Message.verbatim("")


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
    message: Message = NO_CAPTION
    """The step's sentence (the Timeline's caption), shown in the window's language."""
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
        self._lines: list[list[Message]] = []
        """Per backward step, the lines of its node's badge (the caption lists them too)."""

    def order(self, mode: str) -> list[str]:
        """Return the node ids in ``mode``'s step order (raises ValueError for an unknown mode)."""
        if mode not in self._orders:  # (step_order refuses an unknown mode)
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
                n: NodeStyle.badged(line) for n in self.order(FORWARD) if (line := value_line(nodes[n]))
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
        caption = Message.of(FORWARD_NONE, count=len(order))
        if node is not None:
            attrs = graph.nodes[node]
            styles[node] = NodeStyle.badged(
                value_line(attrs) if self.values else None, pen=CURRENT_PEN, penwidth=3.0
            )
            edges = self._edges(node)
            source = attrs.get("source") or {}
            template = FORWARD_LEAF if attrs.get("kind") == "leaf" else FORWARD_MADE
            what = describe(graph, node)
            created = Message.of(
                template, index=index + 1, count=len(order), what=what, shape=str(attrs.get("shape"))
            )
            where = (
                # the line's code as one phrase: a run of spaces (before a comment) is one space
                Message.of(AT_LINE, line=source["line"], code=" ".join(str(source.get("code") or "").split()))
                if source.get("line")
                else ""
            )
            caption = Message.joined(created, where)
        return StepView(FORWARD, index, len(order), node, styles, edges, caption)

    # -- backward ----------------------------------------------------------------------------------
    def _backward_tables(self) -> tuple[list[NodeStyle], list[str]]:
        if self._done is None or self._unreached is None:
            order = self.order(BACKWARD)
            positions = self._positions[BACKWARD]
            nodes = self.graph.nodes
            if self.values:
                self._lines = [values_badge_lines(nodes[n]) for n in order]
                self._waiting = {n: NodeStyle.badged(value_line(nodes[n]), dashed=True) for n in nodes}
            else:
                self._lines = [
                    [Message.verbatim(label)] if (label := grad_label(nodes[n])) else [] for n in order
                ]
            self._done = [NodeStyle.badged(badge_message(lines)) for lines in self._lines]
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
        caption = Message.of(BACKWARD_NONE, count=len(order)) if order else Message.of(BACKWARD_NOT_RUN)
        if node is not None:
            attrs: dict[str, Any] = graph.nodes[node]
            styles[node] = NodeStyle.badged(done[index].badge, pen=CURRENT_PEN, penwidth=3.0)
            # The edges the gradient flows along: out to the inputs, or, at a leaf (which sends
            # nothing further), in from the consumers it accumulates.
            edges = self._edges(node) or frozenset((node, c) for c in graph.successors(node))
            what = describe(graph, node)
            if index == 0:
                seed = SEED_ONES if attrs.get("shape") else SEED_ONE
                event = Message.joined(Message.of(SEED, what=what), Message.of(seed))
            elif attrs.get("kind") == "leaf":
                event = Message.of(ACCUMULATES, what=what)
            else:
                summed = consumers(graph, node)
                event = (
                    Message.of(SUMS, what=what, count=summed)
                    if summed > 1
                    else Message.of(RECEIVES, what=what)
                )
            lines = self._lines[index]
            numbers = Message.joined(": ", Message.joined(*lines, sep="; ")) if lines else ""
            rule = chain_rule(graph, node)
            caption = Message.joined(
                Message.of(BACKWARD_STEP),
                f" {index + 1}/{len(order)}: ",
                event,
                numbers,
                Message.of(CHAIN_RULE),
                rule.message(),
            )
            return StepView(BACKWARD, index, len(order), node, styles, edges, caption, rule)
        return StepView(BACKWARD, index, len(order), node, styles, edges, caption)

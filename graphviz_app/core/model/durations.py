"""Time per node: each op's forward time and each node's backward time (``forward_ns``,
``backward_ns``, see wire/schema.py), written for people (``850 ns``, ``12.5 µs``, ``3.2 ms``,
``1.5 s``).

A node's time is its forward and backward times together (:data:`TIME`); module sums, collapsed
modules and the slowest nodes come from :mod:`.kept_memory`'s functions given this measure.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # (not loaded here: the CLI starts its worker before it imports networkx)
    import networkx as nx

from ...wire.message import Message
from .kept_memory import Measure, kept_by
from .values import format_number

UNITS = (("s", 1e9), ("ms", 1e6), ("µs", 1e3))
"""Units after nanoseconds, largest first, with their size in nanoseconds."""


def format_duration(ns: int) -> str:
    """``ns`` nanoseconds in the largest unit that keeps the number at least 1, in the app's
    three significant digits (:func:`.values.format_number`): ``850 ns``, ``12.5 µs``,
    ``3.2 ms``, ``1.5 s``; a number that rounds to 1000 in its unit reads in the next one, and
    seconds past 999 in whole seconds."""
    for unit, size in UNITS:
        value = ns / size
        if value >= 1:
            if unit == "s" and value >= 999.5:
                return f"{round(value)} s"
            text = format_number(value, 3)
            return f"{text} {unit}" if "e" not in text else format_duration(round(float(text) * size))
    return f"{ns} ns"


TIME = Measure(("forward_ns", "backward_ns"), format_duration)
"""A node's forward and backward time together."""
FORWARD = Measure(("forward_ns",), format_duration)
BACKWARD = Measure(("backward_ns",), format_duration)


def has_times(graph: nx.DiGraph) -> bool:
    """True when the capture timed the graph's nodes: the graph has its forward total, or a node
    a time (the test of the ``time`` colour mode and the Slowest list)."""
    return isinstance(graph.graph.get("forward_ns_total"), int) or any(
        TIME.of(data) is not None for _, data in graph.nodes(data=True)
    )


def graph_times(graph: nx.DiGraph) -> tuple[int | None, int | None]:
    """The graph's forward and backward totals (None: not measured)."""
    totals = [graph.graph.get(key) for key in ("forward_ns_total", "backward_ns_total")]
    forward, backward = (total if isinstance(total, int) else None for total in totals)
    return forward, backward


def summed_time(graph: nx.DiGraph, members: Sequence[str], measure: Measure = TIME) -> Message | str:
    """The ``members``' time (a collapsed module's): the sum of those measured (a leaf has no
    forward call; an op made inside another's call has its time in that op's), ``unknown`` when
    none was."""
    kept = kept_by(graph, members, measure)
    return measure.format(kept.known) if kept.unknown < len(members) else kept.words(measure)

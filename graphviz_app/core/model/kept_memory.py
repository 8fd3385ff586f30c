"""Memory kept for backward: what the nodes' saved tensors hold, summed per module and per graph,
and written in bytes for people (``512 B``, ``1.5 KiB``, ``37 MiB``: 1024-based).

The sums and rankings serve any :class:`Measure` the capture takes per node: the bytes kept
(:data:`MEMORY`, the default) and the time taken (:data:`.durations.TIME`).

A node's ``saved_bytes`` counts each storage it saves once (see wire/schema.py); a module's
(``saved_bytes_by_module``) and the graph's (``saved_bytes_total``) count every storage once, so
a view of one activation two nodes save counts once there. Graphs saved before the module sums
were recorded add their nodes' counts instead.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # (not loaded here: the CLI starts its worker before it imports networkx)
    import networkx as nx

from ...wire.message import QT_TRANSLATE_NOOP, Message
from .derived import derived
from .topology import node_modules
from .values import format_number

UNITS = ("B", "KiB", "MiB", "GiB", "TiB", "PiB")
UNKNOWN = QT_TRANSLATE_NOOP("Memory", "unknown")
"""A node's bytes when it kept a saved tensor that was not measured (see wire/schema.py)."""
AT_LEAST = QT_TRANSLATE_NOOP("Memory", "at least {bytes} ({count} unknown)")
"""A sum over nodes some of which are unknown: the known bytes and how many nodes were not."""


def format_bytes(count: int) -> str:
    """``count`` bytes in the largest 1024-based unit that keeps the number at least 1, in the
    app's three significant digits (:func:`.values.format_number`): ``512 B``, ``1.5 KiB``,
    ``37 MiB``; a number that rounds to 1024 or more in its unit reads in whole units."""
    value = float(count)
    unit = 0
    while value >= 1024 and unit < len(UNITS) - 1:
        value /= 1024
        unit += 1
    if unit == 0:
        return f"{count} B"
    text = format_number(value, 3) if value < 999.5 else str(round(value))
    return f"{text} {UNITS[unit]}"


@dataclass(frozen=True)
class Measure:
    """A cost the capture measures per node: the node attributes that add up to it (a node
    where none is an integer was not measured) and how an amount of it reads."""

    keys: tuple[str, ...]
    format: Callable[[int], str]

    def of(self, data: Mapping[str, object]) -> int | None:
        """A node's amount (its attributes ``data``), or None when it was not measured."""
        found = [value for key in self.keys if isinstance(value := data.get(key), int)]
        return sum(found) if found else None


MEMORY = Measure(("saved_bytes",), format_bytes)
"""The bytes a node keeps for backward."""


@dataclass(frozen=True)
class Kept:
    """The memory some nodes keep for backward: the bytes of those measured, and how many were
    not (``saved_bytes`` None or absent: a graph saved before it was recorded)."""

    known: int = 0
    unknown: int = 0

    def __add__(self, other: Kept) -> Kept:
        return Kept(self.known + other.known, self.unknown + other.unknown)

    def words(self, measure: Measure = MEMORY) -> Message | str:
        """``37 MiB``; ``unknown`` when nothing was measured; else ``at least 37 MiB (2 unknown)``
        (amounts read as ``measure`` writes them)."""
        if not self.unknown:
            return measure.format(self.known)
        if not self.known:
            return Message.of(UNKNOWN)
        return Message.of(AT_LEAST, bytes=measure.format(self.known), count=self.unknown)


def node_kept(graph: nx.DiGraph, node: str, measure: Measure = MEMORY) -> Kept:
    """What ``node`` keeps for backward (or takes of another ``measure``)."""
    count = measure.of(graph.nodes[node])
    return Kept(count, 0) if count is not None else Kept(0, 1)


def kept_by(graph: nx.DiGraph, nodes: Iterable[str], measure: Measure = MEMORY) -> Kept:
    """The sum of what ``nodes`` keep (a collapsed module's members)."""
    return sum((node_kept(graph, node, measure) for node in nodes), Kept())


def module_kept(graph: nx.DiGraph, measure: Measure = MEMORY) -> dict[str, Kept]:
    """Each module path's sum over the nodes that ran in it or in its submodules
    (``encoder`` includes ``encoder.0``), sorted by path; nodes outside modules are left out.
    Where the graph has ``saved_bytes_by_module`` a storage two of a module's nodes save counts
    once in it; in graphs saved before, once per node."""
    sums: dict[str, Kept] = {}
    for node, path in derived(graph, node_modules):
        if not path:
            continue
        kept = node_kept(graph, node, measure)
        while path:
            sums[path] = sums.get(path, Kept()) + kept
            path = path.rpartition(".")[0]
    exact = module_bytes(graph) if measure is MEMORY else None
    if exact is not None:
        sums = {path: Kept(exact.get(path, 0), kept.unknown) for path, kept in sums.items()}
    return dict(sorted(sums.items()))


def module_kept_of(
    graph: nx.DiGraph, path: str | None, members: Iterable[str], measure: Measure = MEMORY
) -> Kept:
    """What a collapsed module ``path`` keeps: its ``members``' storages, each counted once
    where the graph says (``saved_bytes_by_module``), else the members' sum (:func:`kept_by`,
    as for any other ``measure``)."""
    summed = kept_by(graph, members, measure)
    exact = module_bytes(graph) if measure is MEMORY else None
    if exact is None or not path:
        return summed
    return Kept(exact.get(path, 0), summed.unknown)


def module_bytes(graph: nx.DiGraph) -> dict[str, int] | None:
    """The graph's ``saved_bytes_by_module`` (each module's storages once), or None."""
    exact = graph.graph.get("saved_bytes_by_module")
    return exact if isinstance(exact, dict) else None


def largest_holders(graph: nx.DiGraph, count: int = 10, measure: Measure = MEMORY) -> list[str]:
    """The ``count`` nodes that keep the most bytes (or take the most of ``measure``; ties in
    forward order), leaving out those that keep none or are unknown."""
    held = [
        (amount, data.get("forward_index"), node)
        for node, data in graph.nodes(data=True)
        if (amount := measure.of(data)) is not None and amount > 0
    ]
    held.sort(key=lambda item: (-item[0], item[1] if isinstance(item[1], int) else 1 << 62, item[2]))
    return [node for _, _, node in held[:count]]


def graph_total(graph: nx.DiGraph) -> int | None:
    """The graph's ``saved_bytes_total`` (every storage once), or None when it has none."""
    total = graph.graph.get("saved_bytes_total")
    return total if isinstance(total, int) else None

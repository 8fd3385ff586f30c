"""The first view of a newly opened graph: the deepest module depth that is readable on screen.

Two questions decide how a graph opens in the window, and each has one owner:

* **What can be afforded** is the cost model's (:func:`~.cost.recommend`): it collapses modules
  only when no layout, single ``dot`` run or composed (:mod:`.compose`), fits the time budget.
* **What can be read** is this module's: a graph of a few hundred nodes laid out in full is a
  sliver when fitted to a window, and a learner sees only its top.  So a graph with more than
  :data:`MIN_NODES` drawn nodes opens with its modules collapsed to the deepest depth whose picture
  holds at most :func:`readable_capacity` nodes for the window's size; a graph without modules
  (nothing to collapse) opens in full.  Expanding a module, or Graph ▸ Expand All, shows more:
  composition makes that cheap (the pieces are laid out once).

The result never adds detail the cost model left out: the depth chosen is at most the one the cost
model chose.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

import networkx as nx

from ..model.topology import ancestors, collapsed_ancestor
from .display import ViewOptions

MIN_NODES = 300
"""Graphs drawing at most this many nodes open as they are: a few hundred nodes still read well
when the view starts at their top (with scrollbars and the minimap to move on)."""
CELL_POINTS = (130.0, 75.0)
"""The room one drawn node takes in a layout, in points: a typical label box plus Graphviz's
node and rank separation."""
READABLE_ZOOM = 0.9
"""The zoom at which 10 pt labels read comfortably (the view's initial zoom for tall graphs)."""
SCREENS = 2.0
"""How many window-fulls of nodes a first view may hold (it starts at the top and scrolls)."""


@dataclass(frozen=True)
class FirstView:
    """How a new graph opens: the view options, and what was collapsed for readability."""

    options: ViewOptions
    depth: int | None = None
    """The module depth collapsed to for readability; None: the view was kept as it was."""
    drawn: int = 0
    """Nodes the first view draws."""
    full: int = 0
    """Nodes the view would draw without the readability collapse."""

    @property
    def changed(self) -> bool:
        return self.depth is not None


def readable_capacity(width: float, height: float, zoom: float = READABLE_ZOOM) -> int:
    """Return how many drawn nodes a first view may hold in a ``width`` × ``height`` pixel view."""
    cell_w, cell_h = CELL_POINTS[0] * zoom, CELL_POINTS[1] * zoom
    return max(MIN_NODES // 4, int(SCREENS * max(width, 1) / cell_w * max(height, 1) / cell_h))


def drawn_count(graph: nx.DiGraph, collapsed: Iterable[str], sizes: Counter[str | None] | None = None) -> int:
    """Return how many nodes the display draws with ``collapsed`` modules: each node outside a
    collapsed module, plus one per outermost collapsed module (hub copies not counted).
    ``sizes``: the graph's node count per module (:func:`module_sizes`), when known."""
    closed = frozenset(collapsed)
    if not closed:
        return int(graph.number_of_nodes())
    cache: dict[str | None, str | None] = {}
    reps: set[str] = set()
    plain = 0
    for module, count in (sizes if sizes is not None else module_sizes(graph)).items():
        rep = collapsed_ancestor(module, closed, cache)
        if rep is None:
            plain += count
        else:
            reps.add(rep)
    return plain + len(reps)


def module_sizes(graph: nx.DiGraph) -> Counter[str | None]:
    """Return the number of graph nodes directly in each module (None: in no module)."""
    return Counter(module or None for _, module in graph.nodes(data="module"))


def first_view(
    graph: nx.DiGraph, options: ViewOptions, viewport: tuple[float, float], *, max_depth: int | None = None
) -> FirstView:
    """Return the first view of ``graph`` for a ``viewport`` of (width, height) pixels.

    ``options`` is what the cost model planned; ``max_depth`` the depth it collapsed to, if it
    did (the readable depth never goes deeper).  Modules already collapsed stay collapsed.
    """
    sizes = module_sizes(graph)
    full = drawn_count(graph, options.collapsed, sizes)
    capacity = readable_capacity(*viewport)
    if full <= max(MIN_NODES, capacity):
        return FirstView(options, None, full, full)
    paths = {p for module in sizes if module for p in ancestors(module)}
    if not paths:
        return FirstView(options, None, full, full)
    deepest = max(p.count(".") + 1 for p in paths)
    if max_depth is not None:
        deepest = min(deepest, max_depth)
    chosen: tuple[int, frozenset[str], int] | None = None
    for depth in range(deepest, 0, -1):  # the most detail first
        collapsed = frozenset(options.collapsed) | {p for p in paths if p.count(".") + 1 == depth}
        count = drawn_count(graph, collapsed, sizes)
        chosen = (depth, collapsed, count)
        if count <= capacity:
            break
    if chosen is None or chosen[2] >= full:
        return FirstView(options, None, full, full)
    depth, collapsed, count = chosen
    return FirstView(dataclasses.replace(options, collapsed=collapsed), depth, count, full)

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

Where the view then starts is :func:`opening_window`'s: a graph whose whole picture reads at
:data:`MIN_READABLE_ZOOM` or more is fitted; a larger one opens at its inputs at a readable zoom,
placed so that every node it shows is whole (no node or value badge cut at the view's edge).
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import networkx as nx

from ..model.derived import derived
from ..model.topology import ancestors, collapsed_ancestor, module_sizes
from .display import ViewOptions

MIN_NODES = 300
"""Graphs drawing at most this many nodes open as they are: a few hundred nodes still read well
when the view starts at their top (with scrollbars and the minimap to move on)."""
CELL_POINTS = (130.0, 75.0)
"""The room one drawn node takes in a layout, in points: a typical label box plus Graphviz's
node and rank separation."""
READABLE_ZOOM = 0.9
"""The zoom at which 10 pt labels read comfortably (the view's initial zoom for tall graphs)."""
MIN_READABLE_ZOOM = 0.7
"""The smallest zoom a first view uses: 10 pt labels drawn 7 pt tall (about 9 pixels at 96 dpi,
the size of a status bar's text) still read on a laptop screen; 0.6 (8 pixels) blurs Graphviz's
labels into their boxes.  A graph whose whole picture fits at this zoom opens fitted."""
ZOOM_STEP = 0.05
"""The zooms tried for an opening at the inputs: :data:`READABLE_ZOOM` down to
:data:`MIN_READABLE_ZOOM` by this step."""
EDGE_ROOM = 8.0
"""Pixels kept between the view's edge and the nearest node shown whole."""
SLACK = 2.0
"""Pixels beyond a side edge where a node still counts as cut (the view scrolls by whole pixels)."""
CANDIDATES = 60
"""The most view positions tried per zoom (the ones nearest the preferred one)."""
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
    for module, count in (sizes if sizes is not None else derived(graph, module_sizes)).items():
        rep = collapsed_ancestor(module, closed, cache)
        if rep is None:
            plain += count
        else:
            reps.add(rep)
    return plain + len(reps)


def first_view(
    graph: nx.DiGraph, options: ViewOptions, viewport: tuple[float, float], *, max_depth: int | None = None
) -> FirstView:
    """Return the first view of ``graph`` for a ``viewport`` of (width, height) pixels.

    ``options`` is what the cost model planned; ``max_depth`` the depth it collapsed to, if it
    did (the readable depth never goes deeper).  Modules already collapsed stay collapsed.
    """
    sizes = derived(graph, module_sizes)
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


Box = tuple[float, float, float, float]
"""A rectangle as (left, top, right, bottom), in scene points."""


@dataclass(frozen=True)
class Window:
    """Where a view opens at a graph's inputs: its zoom and the scene rectangle it shows."""

    zoom: float
    rect: Box
    shown: int
    """How many nodes it shows (each of them whole)."""


def opening_window(
    boxes: Sequence[Box],
    port: tuple[float, float],
    *,
    content: Box | None = None,
    rankdir: str = "TB",
    zooms: Sequence[float] | None = None,
) -> Window | None:
    """Return where a view of ``port`` (width, height) pixels opens at the inputs of a graph whose
    drawn nodes (value badges included) cover ``boxes``: the top of a top-to-bottom picture, the
    left side of a left-to-right one ("LR").

    Every node the window shows is whole: each view edge lies in a gap between nodes (the window
    shifts sideways, or ends before a rank it would cut).  Of the zooms tried (``zooms``, from
    :data:`READABLE_ZOOM` down to :data:`MIN_READABLE_ZOOM`), the highest is chosen that shows at
    least three quarters of the nodes the best one shows.  ``content``: the whole picture (module
    frames included); a view scrolls at most half its size past it, so no window reaches further.
    None: no window shows a node whole (no nodes, or the first rank is wider than the view at
    every zoom).
    """
    if not boxes or port[0] <= 0 or port[1] <= 0:
        return None
    across = rankdir in ("LR", "RL")
    if across:  # solve the transposed picture: its inputs at the top
        boxes = [(top, left, bottom, right) for left, top, right, bottom in boxes]
        port = (port[1], port[0])
        content = None if content is None else (content[1], content[0], content[3], content[2])
    if zooms is None:
        steps = round((READABLE_ZOOM - MIN_READABLE_ZOOM) / ZOOM_STEP)
        zooms = [round(READABLE_ZOOM - i * ZOOM_STEP, 4) for i in range(steps + 1)]
    if not zooms:
        return None
    # no window reaches below the first rank by more than its height (see ``ceiling``): the
    # nodes further down never count (a 20,000-node picture: a few hundred are left)
    deepest = min(box[1] for box in boxes) + port[1] / min(zooms)
    boxes = [box for box in boxes if box[1] < deepest]
    found = [window for zoom in zooms if (window := _window_at(boxes, port, zoom, content)) is not None]
    if not found:
        return None
    most = max(window.shown for window in found)
    best = next(window for window in found if window.shown >= 0.75 * most)
    if across:
        left, top, right, bottom = best.rect
        return Window(best.zoom, (top, left, bottom, right), best.shown)
    return best


def _window_at(
    boxes: Sequence[Box], port: tuple[float, float], zoom: float, content: Box | None
) -> Window | None:
    """The best top-of-the-picture window at ``zoom`` (see :func:`opening_window`), or None."""
    width, height, room = port[0] / zoom, port[1] / zoom, EDGE_ROOM / zoom
    first = min(box[1] for box in boxes)
    above = first if content is None else min(first, content[1])  # the picture's top
    reach = above - height / 2
    ceiling = first - room + height  # the lowest the window's bottom may go: its top above the first rank
    near = [box for box in boxes if box[1] < ceiling]
    band = [box for box in near if box[1] < first + height / 2]
    band_left, band_right = min(box[0] for box in band), max(box[2] for box in band)
    if band_right - band_left + 2 * room <= width:  # the inputs fit side by side: centred on them
        preferred = (band_left + band_right - width) / 2
    else:  # else from the left, where the first input is
        preferred = band_left - room
    lefts = {preferred} | {box[0] - room for box in band} | {box[2] + room - width for box in band}
    best: Window | None = None
    slack = SLACK / zoom
    tried = sorted(lefts, key=lambda x: (abs(x - preferred), x))[:CANDIDATES]
    # only the nodes some tried window reaches matter (a very wide graph: the rest of its ranks)
    span = (min(tried) - slack, max(tried) + width + slack)
    near = [box for box in near if box[2] > span[0] and box[0] < span[1]]
    for left in tried:
        right = left + width
        bottom = ceiling
        inside = [box for box in near if box[0] >= left and box[2] <= right]
        for box in near:  # a node across (or just beyond) a side edge must lie below the window
            if box[0] < right + slack and box[2] > left - slack and not (box[0] >= left and box[2] <= right):
                bottom = min(bottom, box[1] - slack)
        while True:  # end the window before any rank it would cut
            cut = [box[1] for box in inside if box[1] < bottom < box[3]]
            if not cut:
                break
            bottom = min(cut)
        shown = [box for box in inside if box[3] <= bottom]
        if not shown or min(box[1] for box in shown) > first + 1:
            continue  # it must show a node of the first rank
        # the bottom edge in the gap below the last rank shown (``room`` from it where the gap
        # allows), or higher, up to showing what lies above the first rank (module frames)
        last = max(box[3] for box in shown)
        end = max((last + bottom) / 2, bottom - room)
        end = max(min(end, above - room + height), last + min(room, (bottom - last) / 2))
        if end - height < reach:
            continue  # the view cannot scroll that far above the picture
        # the most nodes; then the least blank above the first rank; then the nearest the preferred
        if best is None or (len(shown), end) > (best.shown, best.rect[3]):
            best = Window(zoom, (left, end - height, right, end), len(shown))
    return None if best is None else _centred(best, boxes, room, slack)


def _centred(window: Window, boxes: Sequence[Box], room: float, slack: float) -> Window:
    """``window`` slid sideways to centre the nodes it shows, as far as the nodes beside them
    allow (none of them comes in, or is cut)."""
    left, top, right, bottom = window.rect
    width = right - left
    rows = [box for box in boxes if box[1] < bottom and box[3] > top]
    shown = [box for box in rows if box[0] >= left and box[2] <= right]
    if not shown:
        return window
    start, end = min(box[0] for box in shown), max(box[2] for box in shown)
    lowest, highest = (
        end + min(room, (width - end + start) / 2) - width,
        start - min(room, (width - end + start) / 2),
    )
    for box in rows:
        if box[2] <= start:  # beside the shown nodes on the left: it stays out
            lowest = max(lowest, box[2] + slack)
        elif box[0] >= end:
            highest = min(highest, box[0] - slack - width)
    if lowest > highest:
        return window
    wanted = min(max((start + end - width) / 2, lowest), highest)
    return Window(window.zoom, (wanted, top, wanted + width, bottom), window.shown)

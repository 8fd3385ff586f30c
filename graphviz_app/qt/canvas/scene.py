"""The graph scene: QGraphicsItems mirroring a Layout of the document's display graph.

``build`` creates items from a Layout (geometry); ``apply_look`` gives them the look
:mod:`graphviz_app.core.view.look` decides for a view state (the DOT writer draws the same look), so
the view and exported images agree. Lookups go both
ways: display id -> item (``node_items``), graph node id -> items (``items_for``), item -> ids
(``item.display_id``, ``item.members``).  A big layout is shown as a sketch first and its items
made a slice at a time (:class:`GraphScene`): ask ``node_item`` / ``cluster_item`` for an item
that may not be made yet.
"""

from __future__ import annotations

import gc
import itertools
import time
from collections.abc import Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import Any

import networkx as nx
import numpy as np
from PySide6.QtCore import QCoreApplication, QEvent, QPointF, QRectF, QTimer, Signal
from PySide6.QtGui import QColor, QPainterPath
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QGraphicsSceneHelpEvent

from ...core.graphviz.dot import badge_id
from ...core.graphviz.layout import EdgePath
from ...core.model.derived import derived
from ...core.model.graph import cut_nodes
from ...core.model.values import format_number, values_badge_lines
from ...core.view import colors, look
from ...core.view.display import DisplayEdge, DisplayGraph, format_shape
from ...core.view.first_view import Box
from ...core.view.look import NodeStyle, ViewState
from ...wire.gc_pause import freeze_new, gc_paused, settle
from ..i18n import fill, text
from .disposal import Disposal
from .items import OUTLINE_ROOM, SELECTION_COLOR, ClusterItem, EdgeItem, NodeItem, translations
from .member_index import MemberIndex, discard
from .overview import (
    OVERVIEW_SCALE,
    PLAIN_EDGE_WIDTH,
    HomeShapes,
    NodeBoxes,
    OverviewItem,
    edge_paths,
    grouped_boxes,
    set_detail_painted,
    weak_call,
)
from .sketch import SketchItem, fill_codes

translate = QCoreApplication.translate
SHAPES = {"op": "box", "leaf": "rounded", "module": "box3d"}
"""Node outline per display kind, as the DOT exporter draws them (box, rounded box, box3d)."""
SCENE_MARGIN = 4000.0
"""Empty canvas around the graph so it can be panned freely past its edges."""
FLOW_TICK_MS = 60
"""Interval of the moving dashes on marked edges (only those few edges repaint)."""
PROGRESSIVE_ITEMS = 6000
"""Nodes and edges from which :meth:`GraphScene.build` shows a sketch of the layout at once and
makes the items a slice at a time (below, all at once: about half a second)."""
SLICE_S = 0.025
"""Seconds of item making per slice of a progressive build (the window stays responsive)."""
BULK_DROP = 2000
"""A relayout that drops more node (or edge) items than this makes their indexes anew from the
items kept, rather than taking each dropped item out (20,000 of them: 0.3 s)."""


_look_of = lru_cache(maxsize=4096)(look.look_of)
"""``look.look_of``, kept per fill and style (thousands of nodes share a few looks)."""


@lru_cache(maxsize=1024)
def _dark_pen(fill: str) -> str:
    return QColor(fill).darker(200).name()


def _luminance(color: QColor) -> float:
    def channel(v: float) -> float:
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(color.redF()) + 0.7152 * channel(color.greenF()) + 0.0722 * channel(color.blueF())


def readable_edge_color(color: str, dark: bool) -> str:
    """Return ``color`` darkened (light background) or lightened (dark background) until it has
    at least 3:1 contrast with the background, so a yellow transfer edge stays visible."""
    c = QColor(color)
    for _ in range(12):
        lum = _luminance(c)
        ratio = (lum + 0.05) / (0.02 + 0.05) if dark else (1.05) / (lum + 0.05)
        if ratio >= 3.0:
            break
        c = c.lighter(115) if dark else c.darker(115)
    return c.name()


def transfer_color(graph: nx.DiGraph, edge: tuple[str, str], dark: bool = False) -> str:
    """Return the color of a device-transfer edge: the destination device's color, readable.

    On a light background it is exactly what exported images use (``colors.device_edge_color``).
    """
    dst = graph.nodes[edge[1]].get("device")
    if not dark:
        return colors.device_edge_color(dst)
    return readable_edge_color(colors.device_base_color(dst), dark=True)


def node_tooltip(graph: nx.DiGraph, dnode: Any) -> str:
    """Return the hover text of a drawn node, in the window's language."""
    if dnode.kind == "module":
        return "\n".join(
            (
                fill(translate("NodeTooltip", "module {module}"), module=dnode.module),
                fill(translate("NodeTooltip", "{count} nodes"), count=len(dnode.members)),
                translate("NodeTooltip", "Double-click to expand"),
            )
        )
    data = graph.nodes[dnode.members[0]]
    lines = [str(data.get("op") or "?")]
    if data.get("name"):
        lines.append(fill(translate("NodeTooltip", "name: {name}"), name=data["name"]))
    shape = data.get("shape")
    shown = translate("NodeTooltip", "scalar") if shape == [] else format_shape(shape) or "?"
    lines.append(
        fill(
            translate("NodeTooltip", "shape: {shape}   dtype: {dtype}"),
            shape=shown,
            dtype=data.get("dtype") or "?",
        )
    )
    lines.append(fill(translate("NodeTooltip", "device: {device}"), device=data.get("device") or "?"))
    if data.get("module"):
        lines.append(fill(translate("NodeTooltip", "module: {module}"), module=data["module"]))
    if data.get("is_output"):
        lines.append(translate("NodeTooltip", "output of the script"))
    for cut in data.get("cuts") or []:
        lines.append(
            fill(
                translate("NodeTooltip", "✂ uses a detached tensor (line {line}): the graph is cut there"),
                line=cut.get("line"),
            )
        )
    grad = data.get("grad")
    if isinstance(grad, dict) and grad.get("norm") is not None:
        lines.append(f"‖grad‖ = {format_number(grad['norm'], 4)}")
    # every number a short badge line leaves out, in the window's language
    lines.extend(text(line) for line in values_badge_lines(data, full=True))
    if dnode.use:
        use = (
            translate("NodeTooltip", "use {k} of {n} (a shared tensor drawn once per use)")
            if dnode.kind == "leaf"
            else translate(
                "NodeTooltip",
                "use {k} of {n}: this op's result is used far apart, so it is drawn again beside "
                "each far use",
            )
            if dnode.fans_out
            else translate(
                "NodeTooltip",
                "input {k} of {n}: this op gathers tensors made far apart, so each far input is "
                "drawn where it was made",
            )
        )
        lines.append(fill(use, k=dnode.use[0], n=dnode.use[1]))
    lines.append(translate("NodeTooltip", "Click for details in the Inspector"))
    return "\n".join(lines)


Point = tuple[float, float]


@dataclass
class Relayout:
    """What :meth:`GraphScene.relayout` did with the items (nodes, edges and clusters)."""

    moved: int = 0
    """Items kept, moved to their new place (or left where they were)."""
    reshaped: int = 0
    """Edge items kept with a new spline, cluster frames kept with a new size."""
    made: int = 0
    dropped: int = 0
    kept: int = 0
    """Items inside a module whose drawing did not change (nodes, edges, frames): kept as they
    are, not even moved; the module's frame moved them all (counted in ``moved``)."""


def badge_room(layer: Mapping[str, NodeStyle]) -> dict[str, str]:
    """Return the badges a layout makes room for (``arrange.layout_job``'s ``room``): the Values
    layer's badges (the graph's final state) as the window draws them, translated."""
    return {node: badge_text(style) for node, style in layer.items() if style.extra_label}


def badge_text(style: NodeStyle) -> str:
    """A style's badge as the window draws it: its message in the window's language (its
    ``extra_label``, the English, where it has none)."""
    badge, english = style.badge, style.extra_label or ""
    return text(badge) if badge is not None and badge.english() == english else english


def _place_badges(items: Mapping[str, NodeItem], layout: Any, roomy: Iterable[str] = ()) -> set[str]:
    """Give each node item the box its layout made for its badge (or none); return the display
    ids of the items that have one.  Only the items the layout gives room and those that had
    some (``roomy``) are looked at: most of 20,000 have none."""
    badges: Mapping[str, tuple[str, ...]] = layout.badges or {}
    placed: set[str] = set()
    for did in {*badges, *roomy}:
        item = items.get(did)
        if item is None:
            continue
        lines = badges.get(did, ())
        box = layout.nodes.get(badge_id(did)) if lines else None
        if box is None:
            if item.room is not None or item.room_lines:
                item.set_room(None)
        else:
            item.set_room(QRectF(box.x - box.width / 2, box.y - box.height / 2, box.width, box.height), lines)
            placed.add(did)
    return placed


def _out_of_sight(item: QGraphicsItem) -> None:
    """Take ``item`` and everything it holds out of sight: fully transparent, which Qt skips
    whole when it paints or looks for the items at a place.  Hiding it instead visits every
    item it holds at once (22 ms for a 43,000-item drawing, in the turn that draws the next
    picture); a transparent drawing's children are visited by Qt's next update, between events."""
    item.setOpacity(0.0)


def _made_rect(
    nodes: Iterable[NodeItem], edges: Iterable[EdgeItem], frames: Collection[ClusterItem]
) -> QRectF:
    """The scene rectangle that these items and the frames' bodies cover."""
    bounds = QRectF()
    for made in itertools.chain(nodes, edges, frames, (frame.body for frame in frames)):
        bounds = bounds.united(made.sceneBoundingRect())
    return bounds


def _layout_rect(layout: Any) -> QRectF:
    """The rectangle holding a layout's drawing: its size, every node and cluster box, with the
    margin the items paint past their boxes (outlines, arrowheads)."""
    left, top, right, bottom = 0.0, 0.0, float(layout.width), float(layout.height)
    if getattr(layout, "nodes_in", None) is not None:  # composed: all drawn inside its size
        m = 8.0
        return QRectF(-m, -m, float(layout.width) + 2 * m, float(layout.height) + 2 * m)
    for box in layout.nodes.values():
        half_w, half_h = box.width / 2, box.height / 2
        if box.x - half_w < left:
            left = box.x - half_w
        if box.x + half_w > right:
            right = box.x + half_w
        if box.y - half_h < top:
            top = box.y - half_h
        if box.y + half_h > bottom:
            bottom = box.y + half_h
    for c in layout.clusters:
        left, top = min(left, c.x), min(top, c.y)
        right, bottom = max(right, c.x + c.width), max(bottom, c.y + c.height)
    m = 8.0
    return QRectF(left - m, top - m, right - left + 2 * m, bottom - top + 2 * m)


def _moved(points: Iterable[Point], dx: float, dy: float) -> tuple[Point, ...]:
    """Return ``points`` moved by ``(dx, dy)`` (unchanged when both are 0)."""
    return tuple(points) if not dx and not dy else tuple([(x + dx, y + dy) for x, y in points])


class _Frames:
    """Where a layout's items live: each cluster's parent frame, top-left corner and depth, and
    each node's and edge's *home* (the frame it is drawn in; None: the top level).

    A node's home is the cluster it is drawn in; an edge's the innermost cluster holding both
    its ends (a composed layout names them, :attr:`~graphviz_app.core.graphviz.compose.ComposedLayout.edge_homes`);
    a frame's its parent's.  Items are placed relative to their home's top-left corner."""

    def __init__(self, display: DisplayGraph, layout: Any) -> None:
        self.layout = layout
        self.boxes: dict[str, Any] = {c.name: c for c in layout.clusters}
        clusters = display.clusters
        self.parent: dict[str, str | None] = {}
        for name in self.boxes:
            parent = clusters[name].parent if name in clusters else None
            while parent is not None and parent not in self.boxes:
                parent = clusters[parent].parent if parent in clusters else None
            self.parent[name] = parent
        self.depth: dict[str, int] = {}
        for name in self.boxes:
            chain = []
            at: str | None = name
            while at is not None and at not in self.depth:
                chain.append(at)
                at = self.parent[at]
            base = self.depth[at] if at is not None else 0
            for step, inner in enumerate(reversed(chain), 1):
                self.depth[inner] = base + step
        self.order = sorted(self.boxes, key=self.depth.__getitem__)
        """Cluster names, parents before their children."""
        self._nodes = display.nodes
        self._origins: dict[str | None, Point] = {None: (0.0, 0.0)}
        self._origins.update((name, (box.x, box.y)) for name, box in self.boxes.items())

    def origin(self, home: str | None) -> Point:
        """The top-left corner of ``home``'s frame in scene coordinates ((0, 0): the top level)."""
        return self._origins[home]

    def home(self, cluster: str | None) -> str | None:
        """The frame a node drawn in ``cluster`` lives in (its nearest drawn cluster)."""
        return cluster if cluster in self.boxes else None

    def edge_homes(self, layout: Any) -> Iterable[str | None]:
        """Each edge's home, in the order of ``layout.edges``."""
        given: tuple[str | None, ...] | None = getattr(layout, "edge_homes", None)
        if given is not None and len(given) == len(layout.edges):
            return given
        homes: list[str | None] = []
        nodes, parent = self._nodes, self.parent
        for path in layout.edges:
            ends = [nodes[end].cluster if end in nodes else None for end in (path.source, path.target)]
            above: set[str | None] = set()
            at = self.home(ends[0])
            while at is not None:
                above.add(at)
                at = parent[at]
            at = self.home(ends[1])
            while at is not None and at not in above:
                at = parent[at]
            homes.append(at)
        return homes


class _Build:
    """What a build still has to make: the layout, its frames, the items made so far that are
    not styled yet, and the union of the made items' bounds (the graph's rectangle)."""

    def __init__(self, display: DisplayGraph, layout: Any, frames: _Frames) -> None:
        self.display, self.layout, self.frames = display, layout, frames
        self.homes: list[str | None] = list(frames.edge_homes(layout))
        self.edges: list[EdgeItem | None] = [None] * len(self.homes)
        self.badges: Mapping[str, tuple[str, ...]] = layout.badges or {}
        self.bounds = QRectF()
        self.new_nodes: list[NodeItem] = []
        self.new_edges: list[EdgeItem] = []
        self.new_frames: list[ClusterItem] = []
        self.ids: list[str] = []
        """The nodes the sketch shows (a progressive build's), in the layout's order."""
        self.boxes = np.zeros((0, 4))
        """Per node of ``ids``, its box in scene coordinates: left, top, width and height."""
        self.row: dict[str, int] = {}
        """Each node of ``ids``: its row there."""
        self.pairs: np.ndarray = np.zeros((0, 2), dtype=np.intp)
        """Per edge of the layout, the rows of its ends in ``ids`` (-1: an end not drawn)."""
        self.placed = False
        self.display_edges: dict[tuple[str, str], Any] | None = None
        """Each display edge by its ends (worked out by :meth:`place`)."""
        self.fills: Mapping[str, str] | None = None
        self.sketch_fills: tuple[np.ndarray, list[str]] | None = None
        """The sketch's fill of each node under ``fills`` (:func:`.sketch.fill_codes`), worked
        out by :meth:`place` when it was given the fills the first look will have."""
        self.sketch: SketchItem | None = None
        self.work: Iterator[None] = iter(())

    def ends(self, at: int) -> tuple[str, str]:
        """The display ids of the ends of the layout's edge ``at``."""
        if getattr(self.layout, "placed_edge", None) is not None:  # made in the display's order
            edge = self.display.edges[at]
            return edge.source, edge.target
        path = self.layout.edges[at]
        return path.source, path.target

    def place(self, fills: Mapping[str, str] | None = None) -> None:
        """Find each drawn node's box in scene coordinates (``ids``, ``boxes``, ``row``), each
        edge's ends there (``pairs``) and, given the ``fills`` of the first look, the sketch's
        fills: what a progressive build and its sketch start from. It reads the display graph,
        the layout and ``fills`` only, so it runs on any thread."""
        self.place_nodes()
        row = self.row = {did: at for at, did in enumerate(self.ids)}
        pairs = [(row.get(a, -1), row.get(b, -1)) for a, b in map(self.ends, range(len(self.homes)))]
        self.pairs = np.array(pairs, dtype=np.intp).reshape(-1, 2)
        self.display_edges = {(e.source, e.target): e for e in self.display.edges}
        if fills is not None:
            nodes = self.display.nodes
            self.fills = fills
            self.sketch_fills = fill_codes(self.ids, lambda did: look.node_fill(nodes[did], fills))
        self.placed = True

    def place_nodes(self) -> None:
        """Find each drawn node's box in scene coordinates (``ids``, ``boxes``)."""
        layout, drawn = self.layout, self.display.nodes
        placed = getattr(layout, "placed_node", None)
        ids: list[str] = []
        rows: list[tuple[float, float, float, float]] = []
        for did in layout.nodes:
            if did not in drawn:
                continue
            node, ox, oy = placed(did) if placed is not None else (layout.nodes[did], 0.0, 0.0)
            ids.append(did)
            rows.append(
                (node.x + ox - node.width / 2, node.y + oy - node.height / 2, node.width, node.height)
            )
        self.ids, self.boxes = ids, np.array(rows, dtype=float).reshape(-1, 4)

    def pending(self, made: Mapping[str, object], room: float = 0.0) -> list[Box]:
        """The boxes (left, top, right, bottom) of the nodes not in ``made``, grown by ``room``
        on each side."""
        if made:
            left = np.fromiter((did not in made for did in self.ids), dtype=bool, count=len(self.ids))
            boxes = self.boxes[left]
        else:  # (a build's start: every one)
            boxes = self.boxes
        corners = np.column_stack((boxes[:, :2], boxes[:, :2] + boxes[:, 2:]))
        return [tuple(box) for box in (corners + (-room, -room, room, room)).tolist()]


Prepared = _Build
"""What :meth:`GraphScene.prepare` makes (opaque to callers: they pass it back to ``build``)."""


class GraphScene(QGraphicsScene):
    """Items for one layout; rebuilt on relayout, recolored in place on style changes.

    A big layout (:data:`PROGRESSIVE_ITEMS`) is built progressively: a sketch of it shows at
    once, and the items are made a slice at a time from the event loop, those nearest the view
    first (``built`` says when the last is made).  Whatever asks for an item meanwhile gets it
    made then (:meth:`node_item`, :meth:`cluster_item`, :meth:`items_for`) or the build
    finished first (:meth:`relayout`, :meth:`edge_items_of`)."""

    built = Signal()
    """The last item of a build is made (at once after a build that is not progressive)."""
    progressive_items = PROGRESSIVE_ITEMS

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.node_items: dict[str, NodeItem] = {}
        self.edge_items: list[EdgeItem] = []
        self.cluster_items: dict[str, ClusterItem] = {}
        self._by_member: MemberIndex[NodeItem] = MemberIndex()
        self.display: DisplayGraph | None = None
        self.graph: nx.DiGraph | None = None
        self._disposal = Disposal(self)
        """Deletes the drawings of dropped frames between events."""
        self._going: set[str] = set()
        """During a relayout, the names of the frames it drops: an item dropped from one of them
        is not taken out of the scene on its own, it goes with its frame."""
        self.dark = False
        self.graph_rect = QRectF()
        self.marked: frozenset[tuple[str, str]] = frozenset()
        self.flow_backward = False
        self._transfers: set[tuple[str, str]] = set()
        self._flowing: list[EdgeItem] = []
        self._edges_by_graph_edge: dict[tuple[str, str], list[EdgeItem]] = {}
        self._edges_by_display: dict[str, list[EdgeItem]] = {}
        self._display_edges: dict[tuple[str, str], DisplayEdge] = {}
        self._cut_nodes: frozenset[str] = frozenset()
        """The graph nodes that use a detached tensor (their items show the cut)."""
        self._roomy: set[str] = set()
        """Display ids of the node items given room for a badge by the layout."""
        self._edge_homes: dict[str | None, list[EdgeItem]] | None = None
        """The edge items by home (None: not kept; a composed relayout needs it)."""
        self._home_local: dict[
            str | None, tuple[list[NodeItem], list[QRectF], QPainterPath, QPainterPath]
        ] = {}
        """Per home, its node items, their boxes and its edge paths in its frame's coordinates
        (the overview's and the minimap's pictures); kept while the home's drawing is (a
        relayout forgets the homes it redraws)."""
        self._home_groups: dict[
            str | None, tuple[list[tuple[NodeItem, list[QRectF]]], NodeBoxes, NodeBoxes]
        ] = {}
        """Per home, its node boxes grouped by look, and its strongly outlined and its badged
        nodes; kept until a relayout redraws the home or a restyle changes one of its looks."""
        self._edges_selected: str | None = None
        self.selected_edge: tuple[str, str] | None = None
        """The selected edge (source and target display ids): the look draws it."""
        self._edge_shown: tuple[str, str] | None = None
        """The edge the last edge pass drew as selected."""
        self._edges_dark: bool | None = None
        """The theme of the last pass over every edge (None: none since the build)."""
        self._clusters_dark: bool | None = None
        self._fill_in: dict[str, str] = {}
        self._style_in: dict[str, NodeStyle | None] = {}
        """Per display node, the fill and style its look was last made from."""
        self._flow_timer = QTimer(self, interval=FLOW_TICK_MS)
        self._flow_timer.timeout.connect(self._flow_tick)
        self.animate = True
        self.overview: OverviewItem | None = None
        self.overview_shown = False
        """True while the overview paints the graph and the detail items paint nothing."""
        self._view_scale = 1.0
        self._look: ViewState | None = None
        """The state of the last :meth:`apply_look` (items made later are given its look)."""
        self._build: _Build | None = None
        """The progressive build under way (None: every item is made)."""
        self._slicer = QTimer(self, singleShot=True, interval=0)
        self._slicer.timeout.connect(self._build_slice)
        self._fresh: list[str] = []
        """Display ids of node items a relayout made, to be given their look."""
        self._fresh_edges: list[EdgeItem] = []
        self._fresh_clusters: list[ClusterItem] = []
        self._subtrees: dict[str, int] = {}
        """The shown layout's subtree tokens (a composed layout's: what each module's drawing is)."""
        # With any minimum size Qt measures each frame (which paints nothing itself) before it
        # draws, and skips the items of a frame outside the repainted area; without, a repaint
        # visits every item of the scene.  Nothing a hundredth of a pixel wide is worth drawing.
        self.setMinimumRenderSize(0.01)
        self.selectionChanged.connect(self._selection_changed)

    # -- building ------------------------------------------------------------------------------
    def clear_graph(self) -> None:
        """Drop every item and the graph.  The drawing of modules goes between events: each
        frame drawn at the top level is put out of sight there with everything under it
        (:func:`_out_of_sight`) and left to the disposal (at 20,000 nodes one frame holds 43,000
        items, which taken out of the scene at once held the window 0.07-0.1 s); the few items
        around them are taken out now."""
        self.stop_animation()
        self._slicer.stop()
        sketch = self._build.sketch if self._build is not None else None
        self._build = None
        self._look = None
        self._flowing = []
        self._disposal.drop(  # tens of thousands of entries at 20,000 nodes
            self._edges_by_graph_edge,
            self._edges_by_display,
            self._display_edges,
            self._home_local,
            self._home_groups,
        )
        edge_homes = self._edge_homes
        self._edges_by_graph_edge = {}
        self._edges_by_display = {}
        self._display_edges = {}
        self._edge_homes = None
        self._home_local = {}
        self._home_groups = {}
        self._edges_selected = None
        self.selected_edge = self._edge_shown = None
        self._edges_dark = self._clusters_dark = None
        self._fill_in.clear()
        self._style_in.clear()
        self._roomy = set()
        self._fresh, self._fresh_edges, self._fresh_clusters = [], [], []
        self._subtrees = {}
        self.marked = frozenset()
        self._transfers = set()
        overview, self.overview = self.overview, None  # its selection signal must not reach a deleted item
        self.overview_shown = False
        bodies = [  # (every frame is asked: one laid out without its parent's box is at the top too)
            frame.body
            for frame in self.cluster_items.values()
            if frame.body.parentItem() is None and frame.body.scene() is self
        ]
        if not bodies and not self._disposal.pending():
            self.clear()  # nothing big: at once
        else:
            for body in bodies:
                _out_of_sight(body)
                self._disposal.take(body)
            loose: list[QGraphicsItem] = [item for item in (overview, sketch) if item is not None]
            loose.extend(item for item in self.node_items.values() if item.home is None)
            if edge_homes is not None:  # (those drawn at the top level)
                loose.extend(edge_homes.get(None, ()))
            else:
                loose.extend(item for item in self.edge_items if item.home is None)
            for item in loose:
                if item.scene() is self:
                    self.removeItem(item)
            # and let go of the items' wrappers between events (the overview held every one)
            self._disposal.drop(
                [overview], self.node_items, self.edge_items, self.cluster_items, edge_homes or {}
            )
            self._disposal.release(self.graph)  # (its nodes' hover texts read it)
        self.node_items, self.edge_items, self.cluster_items = {}, [], {}
        self._by_member.clear()
        self.display = None
        self.graph = None
        self.graph_rect = QRectF()
        self.setSceneRect(QRectF(-200, -200, 400, 400))

    def helpEvent(self, event: QGraphicsSceneHelpEvent) -> None:
        """Before Qt looks for the hover text of what is under the pointer, the nodes there
        write theirs (a node's is made on first use: :meth:`NodeItem.toolTip`)."""
        for item in self.items(event.scenePos()):
            if isinstance(item, NodeItem):
                item.toolTip()
        super().helpEvent(event)

    def prepare(
        self, display: DisplayGraph, layout: Any, fills: Mapping[str, str] | None = None
    ) -> Prepared | None:
        """What :meth:`build` of a big ``layout`` (a progressive build) works out before it
        touches the scene: the frames' tree, each edge's home, each node's box (0.3 s at 20,000
        nodes). It reads ``display`` and ``layout`` only, so it runs on the layout's thread.
        None: a small picture, made at once."""
        if len(layout.nodes) + len(layout.edges) < self.progressive_items:
            return None
        build = _Build(display, layout, _Frames(display, layout))
        build.place(fills)
        return build

    def build(
        self, display: DisplayGraph, layout: Any, graph: nx.DiGraph, prepared: Prepared | None = None
    ) -> None:
        """Replace all items with those of ``layout`` (a core.graphviz.layout.Layout of ``display``;
        ``prepared``: what :meth:`prepare` made of them).

        Each item is a child of its module's frame (:class:`_Frames`), placed relative to the
        frame's top-left corner; what is drawn at the top level is a top-level item.  From
        ``progressive_items`` nodes and edges on, a sketch of the layout is shown and the items
        are made from the event loop (see the class)."""
        self.clear_graph()
        self.display, self.graph = display, graph
        self._transfers = colors.transfer_edges(graph)
        self._cut_nodes = frozenset(derived(graph, cut_nodes))
        if prepared is not None and (prepared.layout is not layout or prepared.display is not display):
            prepared = None  # made for another picture
        frames = prepared.frames if prepared is not None else _Frames(display, layout)
        # Frames hold their drawing, so a repaint or a click looks inside the frames it reaches
        # only; an index would be rebuilt (every item) whenever a frame moves.  A flat picture
        # (no modules drawn) keeps Qt's index.
        index = QGraphicsScene.ItemIndexMethod
        wanted = index.NoIndex if frames.boxes else index.BspTreeIndex
        if self.itemIndexMethod() != wanted:
            self.setItemIndexMethod(wanted)
        made_edges = prepared.display_edges if prepared is not None else None
        self._display_edges = made_edges or {(e.source, e.target): e for e in display.edges}
        self._subtrees = dict(getattr(layout, "subtrees", None) or {})
        build = prepared if prepared is not None else _Build(display, layout, frames)
        if len(layout.nodes) + len(build.homes) >= self.progressive_items:
            self._start_progressive(build)
            return
        for name in frames.order:
            self._make_frame(build, name)
        # A composed layout holds each module's drawing relative to the module: its items are
        # read there (``placed_node``, ``placed_edge``) and moved once, into their frame, rather
        # than made in picture coordinates only to be moved back.
        for did in layout.nodes:
            self._make_node(build, did)
        for at in range(len(build.homes)):
            self._make_edge(build, at)
        self._group_edge_homes()
        # the layout's drawing, badges' room included: a badge appearing there moves no view
        # (the items made, not the scene's: a drawing dropped before may still lie there, out of
        # sight)
        self._set_graph_rect(
            _made_rect(self.node_items.values(), self.edge_items, self.cluster_items.values()).united(
                _layout_rect(layout)
            )
        )
        self._new_overview()
        self.set_view_scale(self._view_scale)
        # the new graph and scene are long-lived: later collections need not rescan them
        settle()
        self.built.emit()

    def _make_frame(self, build: _Build, name: str) -> ClusterItem:
        """Make the frame of cluster ``name`` (its parent's first), unless it is made."""
        made = self.cluster_items.get(name)
        if made is not None:
            return made
        frames = build.frames
        box, parent = frames.boxes[name], frames.parent[name]
        if parent is not None:
            self._make_frame(build, parent)
        px, py = frames.origin(parent)
        cluster = ClusterItem(
            name, QRectF(box.x - px, box.y - py, box.width, box.height), box.label or name, frames.depth[name]
        )
        self._adopt(cluster.body, parent)
        self.cluster_items[name] = cluster
        build.new_frames.append(cluster)
        return cluster

    def _make_node(self, build: _Build, did: str) -> NodeItem | None:
        """Make the item of node ``did`` (and its frame), with the room the layout gave its
        badge; None for a node the display graph does not draw (an export's legend)."""
        dnode = build.display.nodes.get(did)
        if dnode is None or did not in build.layout.nodes:
            return None
        frames, layout = build.frames, build.layout
        home = frames.home(dnode.cluster)
        if home is not None:
            self._make_frame(build, home)
        fx, fy = frames.origin(home)
        placed_node = getattr(layout, "placed_node", None)
        if placed_node is not None:
            box, ox, oy = placed_node(did)
            fx, fy = fx - ox, fy - oy
        else:
            box = layout.nodes[did]
        item = self.node_items[did] = self._node_item(dnode, box, self.graph, home, (fx, fy))
        self._by_member.add(item)
        if build.sketch is not None:
            build.sketch.node_made(did)
        lines = build.badges.get(did, ())
        room = layout.nodes.get(badge_id(did)) if lines else None
        if room is not None:
            item.set_room(
                QRectF(room.x - room.width / 2, room.y - room.height / 2, room.width, room.height), lines
            )
            self._roomy.add(did)
        build.new_nodes.append(item)
        return item

    def _make_edge(self, build: _Build, at: int) -> EdgeItem:
        """Make the item of the layout's edge ``at`` (and its frame)."""
        frames, layout, display = build.frames, build.layout, build.display
        home = build.homes[at]
        if home is not None:
            self._make_frame(build, home)
        fx, fy = frames.origin(home)
        placed_edge = getattr(layout, "placed_edge", None)
        if placed_edge is not None:
            points, arrow, ox, oy = placed_edge(at)
            path = EdgePath(display.edges[at].source, display.edges[at].target, points, arrow)
            fx, fy = fx - ox, fy - oy
        else:
            path = layout.edges[at]
        dedge = self._display_edges.get((path.source, path.target))
        edge = build.edges[at] = self._edge_item(path, dedge.graph_edges if dedge else (), home, (fx, fy))
        self.edge_items.append(edge)
        build.new_edges.append(edge)
        if build.sketch is not None:
            build.sketch.edge_made(at)
        return edge

    # -- a progressive build -------------------------------------------------------------------
    def _start_progressive(self, build: _Build) -> None:
        """Show the layout's sketch and start making the items from the event loop."""
        if not build.placed:
            build.place()
        self._set_graph_rect(_layout_rect(build.layout))
        build.sketch = SketchItem(self.graph_rect, build.row, build.boxes, build.pairs)
        self.addItem(build.sketch)
        build.work = self._build_steps(build)
        self._build = build
        self._slicer.start()

    def building(self) -> bool:
        """True while a progressive build still has items to make."""
        return self._build is not None

    def _view_area(self) -> QRectF:
        """What the first view showing the scene shows, and half as much again on every side
        (the graph's rectangle, without a view)."""
        for view in self.views():
            shown = view.mapToScene(view.viewport().rect()).boundingRect()
            return shown.adjusted(
                -shown.width() / 2, -shown.height() / 2, shown.width() / 2, shown.height() / 2
            )
        return QRectF(self.graph_rect)

    def _build_steps(self, build: _Build) -> Iterator[None]:
        """Make the build's items one per step: every frame (parents first); then the nodes and
        edges in and around the view (as it is when the nodes start), nearest its middle first,
        each edge right after the nearer of its ends; then the others in the layout's order,
        nodes first, as a build at once makes them (Qt takes items out of a scene twice as
        fast in the order they were put in: a collapse drops thousands)."""
        for name in build.frames.order:
            self._make_frame(build, name)
            yield
        area = self._view_area()
        ids, boxes = build.ids, build.boxes
        centre = area.center()
        far = ((boxes[:, :2] + boxes[:, 2:] / 2 - (centre.x(), centre.y())) ** 2).sum(axis=1)
        seen = (
            (boxes[:, 0] <= area.right())
            & (boxes[:, 0] + boxes[:, 2] >= area.left())
            & (boxes[:, 1] <= area.bottom())
            & (boxes[:, 1] + boxes[:, 3] >= area.top())
        )
        # an edge as far as the nearer of its ends, made right after it (one not sketched: last)
        pairs = build.pairs
        known: np.ndarray = np.append(far, np.inf)  # index -1: an end not sketched
        near = np.minimum(known[pairs[:, 0]], known[pairs[:, 1]])
        shown: np.ndarray = np.append(seen, False)
        edge_seen = shown[pairs[:, 0]] | shown[pairs[:, 1]]
        nodes = len(ids)
        distance = np.concatenate((np.where(seen, far, np.inf), np.where(edge_seen, near, np.inf)))
        first = np.flatnonzero(np.isfinite(distance))
        for at in first[np.argsort(distance[first], kind="stable")].tolist():
            if at < nodes:
                if ids[at] not in self.node_items:
                    self._make_node(build, ids[at])
                    yield
            elif build.edges[at - nodes] is None:
                self._make_edge(build, at - nodes)
                yield
        for did in ids:
            if did not in self.node_items:
                self._make_node(build, did)
                yield
        for at, made in enumerate(build.edges):
            if made is None:
                self._make_edge(build, at)
                yield
        # every item is made: in the order a build at once makes them, a step each
        yield
        self._order_nodes(build)
        yield
        self._order_edges(build)

    def _order_nodes(self, build: _Build) -> None:
        """Put the frames, the node items and each graph node's items in the layout's order."""
        self.cluster_items = {name: self.cluster_items[name] for name in build.frames.order}
        nodes = {did: self.node_items[did] for did in build.layout.nodes if did in self.node_items}
        self.node_items.clear()
        self.node_items.update(nodes)
        place = {did: at for at, did in enumerate(nodes)}
        self._by_member.reorder(lambda item: place[item.display_id])

    def _order_edges(self, build: _Build) -> None:
        """Put the edge items in the layout's order, and group them by home."""
        self.edge_items[:] = [edge for edge in build.edges if edge is not None]
        self._group_edge_homes()

    def _build_slice(self) -> None:
        """Make items for :data:`SLICE_S` seconds, give them their look, and come back from the
        event loop until the last is made."""
        build = self._build
        if build is None:
            return
        deadline = time.perf_counter() + SLICE_S
        done = False
        with gc_paused():
            while not done:  # 32 items a step, as many steps as the slice has time for
                done = next(itertools.islice(build.work, 31, None), True) is True
                if time.perf_counter() >= deadline:
                    break
            self._style_made(build)
            # the items made are long-lived: frozen now, they never count towards an automatic
            # full collection, which a later slice would pay for (0.25 s at 20,000 nodes)
            freeze_new()
        if done:
            self._finish_build(build)
        else:
            self._slicer.start()

    def finish_build(self) -> None:
        """Make every item a progressive build still has to make, now."""
        if self._build is not None:
            self._finish_build(self._build)

    def _finish_build(self, build: _Build) -> None:
        """Make what is left (and order the items as a build at once makes them), and put the
        overview in the sketch's place."""
        self._slicer.stop()
        with gc_paused():
            for _ in build.work:
                pass
            self._style_made(build)
        self._build = None
        if build.sketch is not None and build.sketch.scene() is self:
            self.removeItem(build.sketch)
        self._set_graph_rect(build.bounds.united(self.graph_rect))
        self._new_overview()
        self.set_view_scale(self._view_scale)
        settle()  # each slice froze what it made: only what is left is collected
        self.built.emit()

    def _style_made(self, build: _Build) -> None:
        """Note the bounds of the items the build made since the last call and give them the
        scene's look (the first :meth:`apply_look` gives them theirs when none was given yet)."""
        nodes, edges, frames = build.new_nodes, build.new_edges, build.new_frames
        build.new_nodes, build.new_edges, build.new_frames = [], [], []
        build.bounds = build.bounds.united(_made_rect(nodes, edges, frames))
        state = self._look
        if state is None:
            return
        if nodes:
            _, badged = self._look_nodes([(item.display_id, item) for item in nodes], state, self.dark)
            self._include(badged)
        if frames and self._clusters_dark == self.dark:
            for frame in frames:
                self._style_cluster(frame, self.dark)
        if edges:
            self._fresh_edges.extend(edges)
            self._style_edges(self._edges_selected, full=False)

    def relayout(self, display: DisplayGraph, layout: Any, graph: nx.DiGraph) -> Relayout:
        """Show a new ``layout`` of ``display`` (the same graph, another view of it) by updating
        the items in place.  A module whose drawing did not change (a composed layout's
        ``subtrees`` token is the same) keeps its frame and everything under it: the frame alone
        is moved.  Elsewhere an item whose node, edge or module survives is moved (its size and
        label unchanged; an edge moved along, or redrawn when its spline changed shape); items
        are made only for what is new and dropped for what is gone.  After an expand or collapse
        of one module in a 20,000-node graph that is the module's contents, its ancestors'
        direct contents and a few dozen frames, not the whole scene.

        A different graph, or an empty scene, is built afresh (:meth:`build`).  Returns what was
        reused, made and dropped.  New items get their look at the next :meth:`apply_look`.
        """
        self.finish_build()
        if self.display is None or graph is not self.graph or not self.node_items:
            self.build(display, layout, graph)
            return Relayout(made=len(self.node_items) + len(self.edge_items) + len(self.cluster_items))
        counts = Relayout()
        with gc_paused():  # many small objects, no cycles; the next settle() is not needed
            if (
                self._edge_homes is not None
                and getattr(layout, "nodes_in", None) is not None
                and self._subtrees
            ):
                self._relayout_composed(display, layout, graph, counts)
            else:
                self._relayout_items(display, layout, graph, counts)
                # the edges by home, as a build keeps them: the next relayout can go by module,
                # the minimap draws each module's shapes (without them, Expand All after
                # Collapse All Modules had it paint 23,000 edges in one go: 0.35 s)
                self._group_edge_homes()
                self._disposal.drop(self._home_local, self._home_groups)  # (thousands of paths)
                self._home_local = {}
                self._home_groups = {}
            nodes = self.node_items
            fresh_clusters = self._fresh_clusters
            self._set_graph_rect(_layout_rect(layout))
            self._new_overview()
            if self.overview_shown:
                fresh: list[QGraphicsItem] = [*fresh_clusters, *self._fresh_edges]
                fresh.extend(nodes[did] for did in self._fresh if did in nodes)
                set_detail_painted(fresh, False)
            # The new display graph, layout and items are long-lived, like those settle()
            # freezes after a build: exempt them from later collections too, before the
            # collector is back (gc.freeze() alone is cheap; the collection the next allocation
            # would start scans every object made since the pause, 25-45 ms at 20,000 nodes).
            gc.freeze()
        # Each moved frame marked its whole drawing dirty, and Qt's next pass over dirty items
        # would measure every item under it (about 100,000 bounding rectangles after an expand
        # at 20,000 nodes).  The view repaints in full after a new layout anyway: saying so
        # first makes that pass only clear the marks; it is run now, before any repaint.
        self.update()
        QCoreApplication.sendPostedEvents(self, QEvent.Type.MetaCall)
        return counts

    def _set_graph_rect(self, rect: QRectF) -> None:
        """Make ``rect`` the graph's rectangle, with room to pan past it in the scene."""
        self.graph_rect = rect
        self.setSceneRect(rect.adjusted(-SCENE_MARGIN, -SCENE_MARGIN, SCENE_MARGIN, SCENE_MARGIN))

    def _group_edge_homes(self) -> None:
        """Keep the edge items by home (the module frame each is drawn in), in their order."""
        self._edge_homes = {}
        for edge in self.edge_items:
            self._edge_homes.setdefault(edge.home, []).append(edge)

    def _new_overview(self) -> None:
        """Replace the overview with one of the items now, shown while it was (the one before,
        which holds every item it drew, is let go of between events)."""
        if self.overview is not None:
            self.removeItem(self.overview)
            self._disposal.drop([self.overview])
        self.overview = OverviewItem(
            list(self.node_items.values()),
            self.edge_items,
            list(self.cluster_items.values()),
            self.graph_rect,
            weak_call(self._overview_geometry) if self._edge_homes is not None else None,
        )
        self.overview.setVisible(self.overview_shown)
        self.addItem(self.overview)

    def _home_local_shapes(
        self, home: str | None
    ) -> tuple[list[NodeItem], list[QRectF], QPainterPath, QPainterPath]:
        """``home``'s node items, their boxes and its edges' lines and arrowheads, in its frame's
        coordinates; kept until a relayout redraws the home."""
        local = self._home_local.get(home)
        if local is None:
            display, by_home = self.display, self._edge_homes or {}
            assert display is not None
            ids = display.top_nodes() if home is None else display.clusters[home].nodes
            items = [self.node_items[did] for did in ids if did in self.node_items]
            lines, arrows = edge_paths(by_home.get(home, ()), scene=False)
            local = self._home_local[home] = (items, [item.parent_rect() for item in items], lines, arrows)
        return local

    def _home_origin(self, home: str | None) -> QPointF:
        """Where ``home``'s frame is in the scene (the top level: 0, 0)."""
        return self.cluster_items[home].body.scenePos() if home is not None else QPointF(0.0, 0.0)

    def prepare_overview(self, deadline: float) -> bool:
        """Make the homes' overview shapes that :meth:`overview_homes` would make, until
        ``deadline`` (``time.perf_counter()``) passes; True once every home has them.  After
        Expand All at 20,000 nodes that is 3,400 homes and about 0.2 s: made a slice at a time
        from the event loop, the minimap's picture then takes only its painting."""
        if self.display is None or self._edge_homes is None:
            return True
        for home in [None, *self.cluster_items]:
            if home in self._home_groups:
                continue
            items, rects, _lines, _arrows = self._home_local_shapes(home)
            self._home_groups[home] = grouped_boxes(zip(items, rects))
            if time.perf_counter() >= deadline:
                return False
        return True

    def overview_homes(self) -> list[HomeShapes] | None:
        """Each home's shapes in its frame's coordinates and where its frame is now, for the
        minimap to paint moved per frame (None: a picture not drawn frame by frame).  A home's
        boxes and edge paths are kept until a relayout redraws it, its boxes' grouping by look
        until a restyle changes one of its looks."""
        if self.display is None or self._edge_homes is None:
            return None
        homes: list[HomeShapes] = []
        for home in [None, *self.cluster_items]:
            items, rects, lines, arrows = self._home_local_shapes(home)
            grouped = self._home_groups.get(home)
            if grouped is None:
                grouped = self._home_groups[home] = grouped_boxes(zip(items, rects))
            homes.append((self._home_origin(home), *grouped, lines, arrows))
        return homes

    def _overview_geometry(self) -> tuple[list[tuple[NodeItem, QRectF]], QPainterPath, QPainterPath]:
        """Every node's scene rectangle and the edges' lines and arrowheads, for the overview:
        each home's kept shapes moved to where its frame is."""
        nodes: list[tuple[NodeItem, QRectF]] = []
        lines, arrows = QPainterPath(), QPainterPath()
        if self.display is None:
            return nodes, lines, arrows
        for home in [None, *self.cluster_items]:
            items, rects, home_lines, home_arrows = self._home_local_shapes(home)
            origin = self._home_origin(home)
            nodes.extend(zip(items, [rect.translated(origin) for rect in rects]))
            lines.addPath(home_lines.translated(origin))
            arrows.addPath(home_arrows.translated(origin))
        return nodes, lines, arrows

    def _relayout_composed(
        self, display: DisplayGraph, layout: Any, graph: nx.DiGraph, counts: Relayout
    ) -> None:
        """Update the items for a composed ``layout`` after a composed one, looking only at what
        changed: frames are visited from the top down, and a frame whose drawing is unchanged
        (same subtree token) is moved and not entered; only the frames entered (and the top
        level) have their own nodes and edges updated, and the frames gone are dropped with
        what they held.  Items under kept frames are counted as kept without being visited."""
        old = self.display
        assert old is not None
        self.display = display
        tokens: dict[str, int] = dict(layout.subtrees)
        old_tokens, self._subtrees = self._subtrees, tokens
        box_of = layout.clusters.frame  # a frame's box, made when asked for
        frames, clusters, old_clusters = self.cluster_items, display.clusters, old.clusters
        redrawn: list[str | None] = [None]
        """Homes whose own nodes and edges are updated: the top level and the frames entered."""
        gone: list[str] = []
        """Frames of the old picture that are not in the new one (their content goes too)."""
        dropped_frames: list[ClusterItem] = []

        def forget(names: Iterable[str]) -> None:
            """Note ``names`` (old frames) and every frame inside them as gone."""
            pending = [n for n in names if n not in clusters]
            while pending:
                name = pending.pop()
                gone.append(name)
                pending.extend(c for c in old_clusters[name].children if c not in clusters)

        def origin(home: str | None) -> tuple[float, float]:
            if home is None:
                return (0.0, 0.0)
            box = box_of(home)
            return (box.x, box.y)

        forget(set(old.top_clusters()) - set(display.top_clusters()))
        stack: list[tuple[str | None, str]] = [(None, c) for c in reversed(display.top_clusters())]
        while stack:
            parent, name = stack.pop()
            box = box_of(name)
            px, py = origin(parent)
            rect = QRectF(box.x - px, box.y - py, box.width, box.height)
            label = box.label or name
            owner = frames.get(parent) if parent is not None else None
            token = tokens.get(name)
            frame, unchanged, replaced = self._settle_frame(
                name, rect, label, clusters[name].depth, parent, owner, frames.get(name),
                token is not None and old_tokens.get(name) == token, counts,
            )  # fmt: skip
            frames[name] = frame
            if replaced is not None:
                dropped_frames.append(replaced)  # dropped below, once what it holds has moved out
            if unchanged:
                continue  # its whole drawing is as it was: moved with the frame
            redrawn.append(name)
            children = clusters[name].children
            if name in old_clusters:
                forget(set(old_clusters[name].children) - set(children))
            stack.extend((name, child) for child in reversed(children))
        for name in gone:
            dropped = frames.pop(name, None)
            if dropped is not None:
                dropped_frames.append(dropped)
        self._going = {frame.name for frame in dropped_frames}
        for home in [*redrawn, *gone]:
            self._home_local.pop(home, None)
            self._home_groups.pop(home, None)

        # nodes of the homes entered; the old ones of those homes and of the gone frames that
        # are not drawn there now are dropped
        items, old_nodes = self.node_items, old.nodes
        before: set[str] = set(old.top_nodes())
        for home in [*redrawn[1:], *gone]:
            if home in old_clusters:
                before.update(old_clusters[home].nodes)
        now: set[str] = set()
        for home in redrawn:
            owner = frames.get(home) if home is not None else None
            ox, oy = origin(home)
            for did in layout.nodes_in(home):
                now.add(did)
                dnode, item = display.nodes[did], items.get(did)
                same = old_nodes.get(did) is dnode or old_nodes.get(did) == dnode
                items[did] = self._node_for(
                    dnode, layout.nodes[did], graph, item, same, home, owner, (ox, oy), counts
                )
        going = before - now
        left = [item for item in map(items.pop, going, itertools.repeat(None)) if item is not None]
        self._drop_nodes(left, items)
        counts.dropped += len(left)
        self._roomy = _place_badges(items, layout, self._roomy)

        # edges of the homes entered, matched by their ends with those of the same homes and of
        # the gone frames
        by_home = self._edge_homes
        assert by_home is not None
        waiting: dict[tuple[str, str], list[EdgeItem]] = {}
        for home in [*redrawn, *gone]:
            for edge in by_home.pop(home, ()):
                waiting.setdefault((edge.source, edge.target), []).append(edge)
        dedges = self._display_edges
        previous = {key: dedges.pop(key, None) for key in waiting}
        surviving: list[tuple[EdgeItem, tuple[Point, ...], tuple[Point, ...]]] = []
        for home in redrawn:
            owner = frames.get(home) if home is not None else None
            ox, oy = origin(home)
            placed: list[EdgeItem] = []
            for index in layout.edges_in(home):
                dedge, path = display.edges[index], layout.edges[index]
                key = (dedge.source, dedge.target)
                edge = self._edge_for(
                    path, dedge, waiting.get(key), previous.get(key), home, owner, (ox, oy), surviving, counts
                )
                dedges[key] = dedge
                placed.append(edge)
            if placed:
                by_home[home] = placed
        bulk = self._settle_edges(surviving, waiting.values(), counts)
        self.edge_items = list(itertools.chain.from_iterable(by_home.values()))
        if bulk:
            self._index_edges()
        self._drop_bodies(dropped_frames)  # what they still hold is gone too
        counts.dropped += len(dropped_frames)
        self._going = set()  # the dropped frames took their items with them
        self._flowing = [e for e in self._flowing if e.scene() is self and e.isVisible()]
        total = len(items) + len(self.edge_items) + len(frames)
        counts.kept = total - counts.moved - counts.reshaped - counts.made

    def _relayout_items(
        self, display: DisplayGraph, layout: Any, graph: nx.DiGraph, counts: Relayout
    ) -> None:
        """Update every item for ``layout``: frames in order, then each node and edge (any
        layout; see :meth:`relayout`)."""
        assert self.display is not None
        old_nodes = self.display.nodes
        self.display = display
        frames = _Frames(display, layout)
        tokens: dict[str, int] = dict(getattr(layout, "subtrees", None) or {})
        old_tokens, self._subtrees = self._subtrees, tokens
        clusters: dict[str, ClusterItem] = {}
        old_frames = self.cluster_items
        kept: set[str] = set()
        """Frames whose whole drawing is unchanged: their items stay as they are."""
        for name in frames.order:
            box, parent = frames.boxes[name], frames.parent[name]
            frame = old_frames.pop(name, None)
            if parent in kept and frame is not None:
                kept.add(name)  # inside an unchanged drawing: not even moved
                clusters[name] = frame
                counts.kept += 1
                continue
            px, py = frames.origin(parent)
            rect = QRectF(box.x - px, box.y - py, box.width, box.height)
            label = box.label or name
            owner = clusters.get(parent) if parent is not None else None
            token = tokens.get(name)
            frame, unchanged, replaced = self._settle_frame(
                name, rect, label, frames.depth[name], parent, owner, frame,
                token is not None and old_tokens.get(name) == token, counts,
            )  # fmt: skip
            if replaced is not None:
                old_frames[name] = replaced  # dropped below, once what it holds has moved out
            if unchanged:
                kept.add(name)
            clusters[name] = frame
        self.cluster_items = clusters
        self._going = {frame.name for frame in old_frames.values()}

        nodes: dict[str, NodeItem] = {}
        old_items = self.node_items
        nodes_in = getattr(layout, "nodes_in", None)
        entries: Iterable[tuple[str, Any]]
        if nodes_in is not None:  # a composed layout says what each frame holds
            for frame_name in kept:  # moved with their frames: not even looked at
                for did in nodes_in(frame_name):
                    item = old_items.pop(did, None)
                    if item is not None:
                        nodes[did] = item
                        counts.kept += 1
            redrawn: list[str | None] = [None, *(name for name in frames.order if name not in kept)]
            entries = ((did, layout.nodes[did]) for at in redrawn for did in nodes_in(at))
        else:
            entries = layout.nodes.items()
        for did, box in entries:
            dnode = display.nodes.get(did)
            if dnode is None:
                continue
            home = frames.home(dnode.cluster)
            item = old_items.pop(did, None)
            if item is not None and home in kept:
                nodes[did] = item  # moved with its frame
                counts.kept += 1
                continue
            same = old_nodes.get(did) is dnode or old_nodes.get(did) == dnode
            owner = clusters.get(home) if home is not None else None
            nodes[did] = self._node_for(
                dnode, box, graph, item, same, home, owner, frames.origin(home), counts
            )
        self._drop_nodes(old_items.values(), nodes)
        counts.dropped += len(old_items)
        self.node_items = nodes
        self._roomy = _place_badges(nodes, layout, self._roomy)

        edges: list[EdgeItem] = []
        old_edges: dict[tuple[str, str], list[EdgeItem]] = {}
        gone = self._going - clusters.keys()  # modules no longer framed: nothing drawn in them
        left_behind = 0  # edges that go with their frame, never taken again
        for edge in self.edge_items:
            home = edge.home
            if home in kept:
                edges.append(edge)  # moved with its frame
                counts.kept += 1
            elif home in gone:
                left_behind += 1
            else:
                old_edges.setdefault((edge.source, edge.target), []).append(edge)
        dedges = {(e.source, e.target): e for e in display.edges}
        surviving: list[tuple[EdgeItem, tuple[Point, ...], tuple[Point, ...]]] = []
        edges_in = getattr(layout, "edges_in", None)
        paths: Iterable[tuple[Any, str | None]]
        if edges_in is not None:  # only the edges of the frames not kept whole
            redrawn = [None, *(name for name in frames.order if name not in kept)]
            paths = ((layout.edges[i], at) for at in redrawn for i in edges_in(at))
        else:
            paths = zip(layout.edges, frames.edge_homes(layout))
        for path, home in paths:
            if home in kept:
                continue
            key = (path.source, path.target)
            dedge, before = dedges.get(key), self._display_edges.get(key)
            owner = clusters.get(home) if home is not None else None
            edge = self._edge_for(
                path, dedge, old_edges.get(key), before, home, owner, frames.origin(home), surviving, counts
            )
            edges.append(edge)
        bulk = self._settle_edges(surviving, old_edges.values(), counts)
        counts.dropped += left_behind
        self.edge_items = edges
        if bulk or left_behind:
            self._index_edges()
        self._display_edges = dedges
        self._drop_bodies(old_frames.values())  # what they still hold is gone too
        counts.dropped += len(old_frames)
        self._going = set()  # the dropped frames took their items with them
        self._flowing = [e for e in self._flowing if e.scene() is self and e.isVisible()]

    def _settle_edges(
        self,
        surviving: list[tuple[EdgeItem, tuple[Point, ...], tuple[Point, ...]]],
        leftovers: Iterable[list[EdgeItem]],
        counts: Relayout,
    ) -> bool:
        """Give the kept edge items their new splines (all at once: which moved along, which
        changed shape) and drop the old items no edge took; True when they were so many that
        the edge indexes were left as they were, for :meth:`_index_edges` once the edge items
        are set."""
        for (edge, points, arrow), shift in zip(surviving, translations(surviving)):
            edge.reshape(points, arrow, shift)
            if shift is not None:
                counts.moved += 1
            else:
                counts.reshaped += 1
        dropped = list(itertools.chain.from_iterable(leftovers))
        counts.dropped += len(dropped)
        if len(dropped) <= BULK_DROP:
            for edge in dropped:
                self._drop_edge(edge)
            return False
        self._take_out(dropped)  # most of the picture went: the indexes are made of what is left
        return True

    def _drop_nodes(self, dropped: Collection[NodeItem], kept: dict[str, NodeItem]) -> None:
        """Drop the node items ``dropped``, the scene keeping ``kept`` (by display id).  When
        they are many, only those not in a dropped frame are taken out of the scene, and the
        member index and the looks noted are made of what is kept: dropping each item on its
        own (its index entries, its looks) cost a Collapse to depth 1 of a 20,000-node picture
        0.1 s."""
        if len(dropped) <= BULK_DROP:
            for item in dropped:
                self._drop_node(item)
            return
        self._take_out(dropped)
        before = (self._fill_in, self._style_in)
        self._fill_in = {did: fill for did, fill in self._fill_in.items() if did in kept}
        self._style_in = {did: style for did, style in self._style_in.items() if did in kept}
        self._disposal.drop(*before)  # let go of between events
        self._index_members(kept.values())

    def _take_out(self, dropped: Iterable[NodeItem | EdgeItem]) -> None:
        """Take the dropped items out of the scene, but those their dropped frame takes along
        (the indexes are left to the caller)."""
        going = self._going
        for item in dropped:
            home = item.home  # (as _leaves_alone, without a call per item)
            if home is None or home not in going:
                self.removeItem(item)

    def _index_members(self, items: Iterable[NodeItem]) -> None:
        """Make the member index anew from these node items (after a bulk drop)."""
        self._by_member = MemberIndex()
        for item in items:
            self._by_member.add(item)

    def _index_edges(self) -> None:
        """Make the edge indexes anew from the edge items (after a bulk drop)."""
        by_graph_edge: dict[tuple[str, str], list[EdgeItem]] = {}
        by_display: dict[str, list[EdgeItem]] = {}
        for edge in self.edge_items:
            for key in edge.graph_edges:
                by_graph_edge.setdefault(key, []).append(edge)
            by_display.setdefault(edge.source, []).append(edge)
            if edge.target != edge.source:
                by_display.setdefault(edge.target, []).append(edge)
        self._disposal.drop(self._edges_by_graph_edge, self._edges_by_display)  # (the indexes before)
        self._edges_by_graph_edge, self._edges_by_display = by_graph_edge, by_display

    def _edge_for(
        self,
        path: Any,
        dedge: DisplayEdge | None,
        queue: list[EdgeItem] | None,
        before: DisplayEdge | None,
        home: str | None,
        owner: ClusterItem | None,
        origin: Point,
        surviving: list[tuple[EdgeItem, tuple[Point, ...], tuple[Point, ...]]],
        counts: Relayout,
    ) -> EdgeItem:
        """The item of edge ``path`` (display edge ``dedge``) drawn in ``home`` (its frame
        ``owner``, top-left at ``origin``): the first old item of its ends in ``queue``, taken
        off it, moved there when its display edge was ``before`` the same, for the same graph
        edges with the same label (its new spline noted in ``surviving``, all reshaped at once),
        else a new item, the old one dropped."""
        ox, oy = origin
        old_edge = queue.pop(0) if queue else None
        graph_edges = dedge.graph_edges if dedge else ()
        kept_as = old_edge if before == dedge else None
        if (
            kept_as is not None
            and kept_as.graph_edges == graph_edges
            and kept_as.label == (path.label.strip() if path.label else None)
        ):
            if kept_as.parentItem() is not (owner.body if owner is not None else None):
                self._adopt(kept_as, home, owner)
            kept_as.home = home
            surviving.append((kept_as, _moved(path.points, -ox, -oy), _moved(path.arrow or (), -ox, -oy)))
            return kept_as
        if old_edge is not None:
            self._drop_edge(old_edge)
            counts.dropped += 1
        edge = self._edge_item(path, graph_edges, home, origin)
        self._fresh_edges.append(edge)
        counts.made += 1
        return edge

    def _node_for(
        self,
        dnode: Any,
        box: Any,
        graph: nx.DiGraph,
        old: NodeItem | None,
        same: bool,
        home: str | None,
        owner: ClusterItem | None,
        origin: Point,
        counts: Relayout,
    ) -> NodeItem:
        """The item of ``dnode`` laid out in ``box`` in ``home`` (its frame ``owner``, top-left at
        ``origin``): ``old`` moved there when it drew the ``same`` display node at this size,
        else a new item, ``old`` dropped."""
        if old is not None and same and old.size() == (box.width, box.height):
            if old.parentItem() is not (owner.body if owner is not None else None):
                self._adopt(old, home, owner)
            old.home = home
            old.setPos(box.x - origin[0], box.y - origin[1])  # its centre, in its frame
            counts.moved += 1
            return old
        if old is not None:
            self._drop_node(old)
            counts.dropped += 1
        item = self._node_item(dnode, box, graph, home, origin)
        self._fresh.append(dnode.id)
        counts.made += 1
        self._by_member.add(item)
        return item

    def _settle_frame(
        self,
        name: str,
        rect: QRectF,
        label: str,
        depth: int,
        parent: str | None,
        owner: ClusterItem | None,
        frame: ClusterItem | None,
        same_drawing: bool,
        counts: Relayout,
    ) -> tuple[ClusterItem, bool, ClusterItem | None]:
        """Return the frame of cluster ``name`` at ``rect`` (in its parent's frame ``owner``):
        ``frame``, the one on screen, moved or reshaped (put under ``owner`` where it was not),
        else a new one; whether its whole drawing stays as it is (moved with its frame, and
        ``same_drawing``: its layout token is unchanged); and the frame it replaces, to drop
        once what that holds has moved out."""
        if frame is not None and frame.label == label:
            if frame.body.parentItem() is not (owner.body if owner is not None else None):
                self._adopt(frame.body, parent, owner)
            if frame.place(rect):
                counts.moved += 1
                return frame, same_drawing, None
            counts.reshaped += 1
            return frame, False, None
        made = ClusterItem(name, rect, label, depth)
        self._adopt(made.body, parent, owner)
        self._fresh_clusters.append(made)
        counts.made += 1
        return made, False, frame

    def _adopt(self, item: QGraphicsItem, home: str | None, owner: ClusterItem | None = None) -> None:
        """Put ``item`` under the frame of module ``home`` (``owner``, else the frame made for it),
        or at the top level of the scene (``home`` None)."""
        if home is None:
            if item.parentItem() is not None:
                item.setParentItem(None)  # type: ignore[arg-type]  # None: the top level
            if item.scene() is not self:
                self.addItem(item)
        else:
            item.setParentItem((owner if owner is not None else self.cluster_items[home]).body)

    def _node_item(
        self, dnode: Any, box: Any, graph: nx.DiGraph, home: str | None = None, origin: Point = (0.0, 0.0)
    ) -> NodeItem:
        """Make the item of ``dnode`` laid out in ``box``, under the frame of ``home`` (whose
        top-left corner is at ``origin``)."""
        x, y = box.x - origin[0], box.y - origin[1]
        rect = QRectF(x - box.width / 2, y - box.height / 2, box.width, box.height)
        item = NodeItem(
            dnode.id,
            dnode.members,
            dnode.kind,
            rect,
            dnode.label,
            shape=SHAPES.get(dnode.kind, "box"),
            is_output=dnode.is_output,
            tooltip=partial(node_tooltip, graph, dnode),  # written when first hovered
            cut=dnode.kind != "module" and not self._cut_nodes.isdisjoint(dnode.members),
        )
        self._place_new(item, home)
        return item

    def _edge_item(
        self,
        path: Any,
        graph_edges: tuple[tuple[str, str], ...],
        home: str | None = None,
        origin: Point = (0.0, 0.0),
    ) -> EdgeItem:
        """Make the item of edge ``path``, under the frame of ``home`` (top-left at ``origin``)."""
        dx, dy = -origin[0], -origin[1]
        label_pos = path.label_pos
        edge = EdgeItem(
            path.source,
            path.target,
            _moved(path.points, dx, dy),
            _moved(path.arrow, dx, dy) if path.arrow else None,
            graph_edges,
            path.label,
            (label_pos[0] + dx, label_pos[1] + dy) if label_pos else None,
        )
        self._place_new(edge, home)
        by_graph_edge, by_display = self._edges_by_graph_edge, self._edges_by_display
        for key in edge.graph_edges:
            by_graph_edge.setdefault(key, []).append(edge)
        by_display.setdefault(path.source, []).append(edge)
        if path.target != path.source:
            by_display.setdefault(path.target, []).append(edge)
        return edge

    def _place_new(self, item: NodeItem | EdgeItem, home: str | None) -> None:
        """Put a new ``item`` (in no scene yet) under the frame of module ``home``, or at the top
        level of the scene (``home`` None)."""
        if home is None:
            self.addItem(item)
        else:
            item.home = home
            item.setParentItem(self.cluster_items[home].body)

    def _drop_bodies(self, frames: Iterable[ClusterItem]) -> None:
        """Put the drawings of the dropped ``frames`` (each frame's body and what it holds) out
        of sight, to be taken out of the scene and deleted between events (a frame and its body
        hold each other: nothing else would free them).  Each outermost drawing is put out of
        sight (:func:`_out_of_sight`) and lifted to the top level; the 43,000 items a Collapse
        to depth 1 drops, taken out of the scene at once, held the GUI thread 0.1-0.2 s."""
        frames = list(frames)
        bodies = {id(frame.body) for frame in frames}
        for frame in frames:
            body = frame.body
            if body.scene() is not self:
                continue
            parent = body.parentItem()
            if parent is not None and id(parent) in bodies:
                continue  # goes with the drawing it lies in
            _out_of_sight(body)
            if parent is not None:
                body.setParentItem(None)  # type: ignore[arg-type]  # None: the top level
            self._disposal.take(body)

    def _leaves_alone(self, item: NodeItem | EdgeItem) -> bool:
        """Whether ``item``, dropped, must be taken out of the scene itself: not when the frame
        it lies in is dropped too (taking out 40,000 items one by one cost a Collapse to depth
        1 of a 20,000-node picture a second; asking each item for its parent, 0.1 s)."""
        home = item.home
        return home is None or home not in self._going

    def _drop_node(self, item: NodeItem) -> None:
        """Take ``item`` out of the scene and out of the member index."""
        if self._leaves_alone(item):
            self.removeItem(item)
        self._by_member.discard(item)
        self._fill_in.pop(item.display_id, None)
        self._style_in.pop(item.display_id, None)

    def _drop_edge(self, edge: EdgeItem) -> None:
        """Take ``edge`` out of the scene and out of the edge indexes."""
        if self._leaves_alone(edge):
            self.removeItem(edge)
        for key in edge.graph_edges:
            discard(self._edges_by_graph_edge, key, edge)
        for did in {edge.source, edge.target}:
            discard(self._edges_by_display, did, edge)

    # -- level of detail -----------------------------------------------------------------------
    def detail_items(self) -> Iterable[QGraphicsItem]:
        """Return every node, edge and cluster item (what the overview stands in for)."""
        yield from self.cluster_items.values()
        yield from self.edge_items
        yield from self.node_items.values()

    def set_view_scale(self, scale: float) -> None:
        """Tell the scene how far out its view is: below ``OVERVIEW_SCALE`` the overview paints.

        Switching costs one pass over the items, and happens only when the scale crosses the
        threshold, never on pans or zooms that stay on one side of it.
        """
        self._view_scale = scale
        shown = scale < OVERVIEW_SCALE and self.overview is not None
        if shown == self.overview_shown:
            return
        self.overview_shown = shown
        set_detail_painted(self.detail_items(), not shown)
        if self.overview is not None:
            self.overview.setVisible(shown)

    def _selection_changed(self) -> None:
        if self.overview is not None:
            self.overview.invalidate(nodes=True, edges=False)

    # -- lookups -------------------------------------------------------------------------------
    def items_for(self, graph_node: str) -> list[NodeItem]:
        """Return the node items drawing graph node ``graph_node`` (several for a split leaf),
        made now where a progressive build has not made them yet."""
        if self._build is not None:
            for did in self._build.display.display_ids(graph_node):
                self.node_item(did)
        return self._by_member.get(graph_node)

    def node_item(self, display_id: str | None) -> NodeItem | None:
        """Return the item of display node ``display_id`` (None: not drawn), made now where a
        progressive build has not made it yet."""
        if display_id is None:
            return None
        item = self.node_items.get(display_id)
        build = self._build
        if item is None and build is not None:
            item = self._make_node(build, display_id)
            self._style_made(build)
        return item

    def cluster_item(self, name: str) -> ClusterItem | None:
        """Return the frame of module ``name`` (None: not drawn as a frame), made now where a
        progressive build has not made it yet."""
        item = self.cluster_items.get(name)
        build = self._build
        if item is None and build is not None and name in build.frames.boxes:
            item = self._make_frame(build, name)
            self._style_made(build)
        return item

    def is_empty(self) -> bool:
        """True while no graph is drawn (a progressive build draws one from its start)."""
        return not (self.node_items or self.edge_items or self.cluster_items) and self._build is None

    def node_boxes(self) -> list[Box]:
        """Each drawn node's rectangle with its value badge and outline, in scene coordinates
        (left, top, right, bottom); a node a progressive build has not made yet: its box and
        the outline's room."""
        rects = (item.sceneBoundingRect() for item in self.node_items.values() if item.isVisible())
        boxes: list[Box] = [(r.left(), r.top(), r.right(), r.bottom()) for r in rects]
        if self._build is not None:
            boxes.extend(self._build.pending(self.node_items, OUTLINE_ROOM))
        return boxes

    def node_rects(self) -> list[QRectF]:
        """Each drawn node's box in scene coordinates (made or not)."""
        rects = [item.scene_rect() for item in self.node_items.values()]
        if self._build is not None:
            pending = self._build.pending(self.node_items)
            rects.extend(
                QRectF(QPointF(left, top), QPointF(right, bottom)) for left, top, right, bottom in pending
            )
        return rects

    def edge_items_of(self, display_id: str) -> Iterable[EdgeItem]:
        self.finish_build()
        return (e for e in self.edge_items if display_id in (e.source, e.target))

    # -- looks ---------------------------------------------------------------------------------
    def _include(self, items: list[NodeItem]) -> None:
        """Grow the graph's rectangle (and the scrollable scene) to hold these items' badges:
        Values badges can reach past the layout's edge."""
        if not items or self.graph_rect.isNull():
            return
        rect = QRectF(self.graph_rect)
        for item in items:
            rect = rect.united(item.sceneBoundingRect())
        if rect != self.graph_rect:
            self._set_graph_rect(rect)

    def apply_look(self, state: ViewState, *, dark: bool = False, only: Iterable[str] | None = None) -> None:
        """Give the items the look :mod:`core.view.look` decides for ``state`` (as exports draw it),
        adapted to a dark background; ``only``: just the items of these graph nodes."""
        full = only is None or dark != self.dark
        if dark != self.dark:
            self._fill_in.clear()
            self._style_in.clear()
        self.dark = dark
        self.marked, self.flow_backward = state.marked, state.flow_backward
        self.selected_edge = state.selected_edge
        if full or only is None:
            targets: Iterable[tuple[str, NodeItem]] = self.node_items.items()
        else:
            seen = {item.display_id: item for item in self._by_member.drawing(only)}
            for did in self._fresh:  # made by a relayout since the last look: not styled yet
                made = self.node_items.get(did)
                if made is not None:
                    seen[did] = made
            targets = seen.items()
        self._fresh = []
        self._look = state
        build, sketch = self._build, self._build.sketch if self._build is not None else None
        if full and build is not None and sketch is not None and self.display is not None:
            nodes = self.display.nodes
            codes = build.sketch_fills if build.fills is state.fills else None  # (on the layout's thread)
            if codes is None:
                codes = fill_codes(build.ids, lambda did: look.node_fill(nodes[did], state.fills))
            sketch.set_fills(*codes)
        changed, badged = self._look_nodes(targets, state, dark)
        if changed and self.overview is not None:
            self.overview.invalidate(nodes=True, edges=False)
        self._include(badged)
        if full:
            self._style_clusters(dark)
        elif self._fresh_clusters and self._clusters_dark == dark:
            for frame in self._fresh_clusters:
                if frame.scene() is self:
                    self._style_cluster(frame, dark)
            if self.overview is not None:
                self.overview.invalidate(nodes=False, edges=False, clusters=True)
        self._fresh_clusters = []
        self._style_edges(state.selected, full)

    def _look_nodes(
        self, targets: Iterable[tuple[str, NodeItem]], state: ViewState, dark: bool
    ) -> tuple[int, list[NodeItem]]:
        """Give the node items ``targets`` (display id, item) the look of ``state``; return how
        many changed and those of them with a badge."""
        changed = 0
        badged: list[NodeItem] = []
        nodes = self.display.nodes if self.display is not None else {}
        for did, item in targets:
            dnode = nodes.get(did)
            if dnode is None:
                continue
            fill = look.node_fill(dnode, state.fills)
            style = look.merged_style(dnode, state.styles)
            if self._style_in.get(did, 0) is style and self._fill_in.get(did) == fill:
                continue  # same inputs, same look: most nodes of a step or a mode switch
            self._fill_in[did], self._style_in[did] = fill, style
            node_look = _look_of(fill, style)
            pen = node_look.pen
            if dark and pen == look.DEFAULT_PEN:
                pen = _dark_pen(node_look.fill)
            lines = look.badge_lines(node_look.badge)
            restyled = item.set_look(
                node_look.fill,
                node_look.text,
                pen=pen,
                pen_width=node_look.pen_width,
                dashed=node_look.dashed,
                ghost=node_look.ghost,
                highlighted=node_look.highlighted,
                badge=(badge_text(style) if style is not None and lines else None) or None,
                badge_muted=tuple(muted for _, muted in lines),
            )
            changed += restyled
            if restyled:
                self._home_groups.pop(dnode.cluster, None)  # the minimap groups its boxes again
            if restyled and node_look.badge:
                badged.append(item)
        return changed, badged

    def _style_clusters(self, dark: bool) -> None:
        if self._clusters_dark == dark:
            return  # cluster looks depend on the theme only
        self._clusters_dark = dark
        for item in self.cluster_items.values():
            self._style_cluster(item, dark)
        if self.overview is not None:
            self.overview.invalidate(nodes=False, edges=False, clusters=True)

    @staticmethod
    def _style_cluster(item: ClusterItem, dark: bool) -> None:
        if dark:
            fill = QColor(255, 255, 255, 10 + 8 * min(item.depth, 4))
            item.set_look(fill, QColor("#6b6f73"), QColor("#c8cacc"))
        else:
            fill = QColor(look.cluster_fill(item.depth))
            item.set_look(fill, QColor(look.CLUSTER_PEN), QColor(look.CLUSTER_FONT))

    def _style_edges(self, selected: str | None, full: bool = True) -> None:
        """Color edges: marked (flowing) > device transfer > touching the selection > plain.

        Not ``full``: only the edges whose look can have changed since the last call (those
        flowing before or now, and those of the old and new selection): a step stays cheap.
        A full pass is needed only when the theme changed since the last one (device transfers
        change only with a new build).
        """
        full = full and self._edges_dark != self.dark
        if full:
            self._edges_dark = self.dark
        graph = self.graph
        transfers, marked = self._transfers, self.marked
        base = QColor("#a8abaf") if self.dark else QColor(look.EDGE_COLOR)
        flow = QColor(look.STEP_COLOR)
        flowing: list[EdgeItem] = []
        if full:
            targets: Iterable[EdgeItem] = self.edge_items
        else:
            chosen: dict[int, EdgeItem] = {id(e): e for e in self._flowing}
            for key in marked:
                for e in self._edges_by_graph_edge.get(key, ()):
                    chosen[id(e)] = e
            for did in (self._edges_selected, selected):
                for e in self._edges_by_display.get(did, ()) if did is not None else ():
                    chosen[id(e)] = e
            for ends in (self._edge_shown, self.selected_edge):
                for e in self._edges_by_display.get(ends[0], ()) if ends is not None else ():
                    if (e.source, e.target) == ends:
                        chosen[id(e)] = e
            for e in self._fresh_edges:  # made by a relayout: not styled yet
                if e.scene() is self:
                    chosen[id(e)] = e
            targets = chosen.values()
        self._fresh_edges = []
        changed = False
        state = ViewState({}, None, selected, marked, self.flow_backward, self.selected_edge)
        edges = self._display_edges
        for edge in targets:
            dedge = edges.get((edge.source, edge.target))
            kind = (
                look.edge_look(dedge, graph, transfers, state)
                if dedge is not None and graph is not None
                else None
            )
            if kind is None or kind.kind == "plain":
                changed |= edge.set_look(base, PLAIN_EDGE_WIDTH)
            elif kind.selected_edge:  # its kind's dashes and label, in the selection colour
                changed |= edge.set_look(
                    SELECTION_COLOR, kind.width, transfer=kind.kind == "transfer", flow=kind.flow
                )
                if kind.flow:
                    flowing.append(edge)
            elif kind.kind == "step":
                changed |= edge.set_look(flow, kind.width, flow=kind.flow)
                flowing.append(edge)
            elif kind.kind == "transfer":
                if self.dark:
                    moved = next(e for e in edge.graph_edges if e in transfers)
                    changed |= edge.set_look(transfer_color(graph, moved, True), kind.width, transfer=True)
                else:
                    changed |= edge.set_look(kind.color, kind.width, transfer=True)
            else:
                changed |= edge.set_look(SELECTION_COLOR, kind.width)
        self._edges_selected = selected
        self._edge_shown = self.selected_edge
        self._flowing = flowing
        if self.overview is not None and (changed or self.overview.edge_color != base):
            self.overview.edge_color = base
            self.overview.invalidate(nodes=False, edges=True)
        if flowing and self.animate:
            if not self._flow_timer.isActive():
                self._flow_timer.start()
        else:
            self._flow_timer.stop()

    def _flow_tick(self) -> None:
        for edge in self._flowing:
            edge.advance_flow()

    def stop_animation(self) -> None:
        """Stop the moving dashes (the window is closing, or nothing is marked)."""
        self._flow_timer.stop()

    def flow_edges(self) -> list[EdgeItem]:
        """Return the edge items drawn as flowing (the current step's marked edges)."""
        return list(self._flowing)

    def select(self, display_id: str | None, edge: tuple[str, str] | None = None) -> None:
        """Show ``display_id`` as the selected node (and its edges), ``edge`` (source and target
        display ids) as the selected edge, without emitting anything."""
        self.selected_edge = edge
        for item in self.selectedItems():
            if not isinstance(item, NodeItem) or item.display_id != display_id:
                item.setSelected(False)
        node = self.node_item(display_id)
        if node is not None and not node.isSelected():
            node.setSelected(True)
        self._style_edges(display_id, full=False)

"""Lay out a big display graph by composition: each module's inside on its own, then its parent.

``dot`` grows much faster than linearly with the graph (0.25 s for a 1,000-node chain, 2.2 s at
5,000, over 20 s at 20,000 on the 2-core machines of ``bench/``), but models repeat themselves.
:class:`Composer` lays out every drawn cluster (an uncollapsed module) as a *piece*: its own
nodes plus one fixed-size box per child cluster, and one tiny *port* node per edge that enters
(top row) or leaves (bottom row) it (left and right columns in a left-to-right picture, which
each piece's ``dot`` run lays out with ``rankdir=LR``).  Pieces are laid out bottom-up, each by one ``dot`` run of
its own (so the drawing keeps Graphviz's ranks and splines), and then placed top-down: a child's
content goes into the box its parent's layout gave it.  Edges are spliced: the spline inside the
innermost piece from the node to its port, the parent's spline from the child's box (its end
moved onto the port), and so on up to the piece where both ends meet.

Reuse by structure: a piece's DOT text names its items canonically (``i0, i1, ...``; ports
``p0``/``q0``) and its labels with every digit written ``0`` (Helvetica's digits are all as wide,
so ``h.3.attn`` and ``h.10.attn``-free blocks measure the same), so identical blocks (same ops,
shapes, edges, collapse state, child sizes) give the same text: it is laid out once, kept in
memory and in the on-disk :class:`~.layout_cache.LayoutCache`.  A 20,000-node residual stack
is three distinct pieces (block, stage, top) besides the last, shorter stage.

Graphs of at most :data:`SINGLE_RUN_MAX_NODES` display nodes, and graphs without clusters, keep
one plain ``dot`` run of the whole picture (:func:`should_compose`), so small pictures do not
change; :mod:`.arrange` is where that choice is acted on, for the window, exports and the bench.
"""

from __future__ import annotations

import gc
import itertools
import json
import os
import re
import threading
from abc import abstractmethod
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import lru_cache
from operator import attrgetter
from typing import NamedTuple, TypeVar, overload

import networkx as nx

from ...errors import GraphvizNotFoundError, LayoutError
from ...wire.gc_pause import without_gc
from ...wire.message import QT_TRANSLATE_NOOP, Message
from ..model.derived import derived
from ..model.topology import collapsed_ancestor, module_sizes, node_modules, parent_path
from ..view.display import Cluster, DisplayEdge, DisplayGraph, DisplayNode, ViewOptions
from .dot import (
    GRAPH_ATTRS,
    MAIN_EDGE_WEIGHT,
    MODULE_MARGIN,
    NODE_BOX,
    XPOS_ITERATIONS,
    label_text,
    quote,
    wide_label_width,
)
from .layout import (
    ClusterBox,
    EdgePath,
    Layout,
    LayoutCancelled,
    LayoutJob,
    NodeBox,
    check_complete,
    parse_json_layout,
)
from .layout_cache import LayoutCache

STOPPED_PART = QT_TRANSLATE_NOOP(
    "Explanation",
    "Graphviz's dot stopped before laying out every part of the graph (it "
    "was interrupted); nothing was drawn. Try again.",
)


SINGLE_RUN_MAX_NODES = 1500
"""Display graphs up to this many nodes are laid out by one ``dot`` run, as before.

Measured (dot 2.43, 2 cores; residual stacks of 50-block stages as in ``tests/core``): one run
takes 0.20 s at 600 nodes, 0.33 s at 1,200, 0.44 s at 1,500, 0.58 s at 2,100 and 0.93 s at
3,000; composing the same graphs from scratch 0.08-0.16 s.  Composition is faster at every size,
but below ~1,500 nodes one run is already under half a second, so those pictures (every bundled
example, ResNet-50, GPT-2-small) stay exactly what they were."""
CLUSTER_PAD = 8.0
"""Space (points) between a cluster's border and its content, as ``dot`` leaves around clusters."""
CLUSTER_LABEL_HEIGHT = 12.0
"""Room (points) at the top of a cluster box for its label (9-point text)."""
PORT_SIZE = 0.01
"""Port nodes' size in inches: a point where an edge crosses the cluster's border."""
DOT_WORKERS = max(1, min(4, os.cpu_count() or 1))
"""Distinct pieces of one depth are laid out by this many ``dot`` processes at once."""

PRECISE_ABOVE = 60_000.0
"""A piece that may be this many points tall or wide (its boxes' sizes summed, plus
NODE_EXTENT per item) is laid out with ``-Tjson``: ``dot`` writes positions with 5 significant
digits (10 points off past 100,000), its drawing ops with two decimals."""
NODE_EXTENT = 60.0

_DIGIT = re.compile(r"[0-9]")
T = TypeVar("T")
_SOURCE, _TARGET, _MAIN = attrgetter("source"), attrgetter("target"), attrgetter("main")


def should_compose(display: DisplayGraph) -> bool:
    """Return True when ``display`` is laid out by composition (big, with clusters)."""
    return len(display.nodes) > SINGLE_RUN_MAX_NODES and bool(display.clusters)


Point = tuple[float, float]
PlacedEdge = tuple[tuple[Point, ...], tuple[Point, ...] | None, float, float]
"""An edge's points and arrowhead as one cluster drew them, and that cluster's origin (how far to
move them into picture coordinates)."""
EdgeKey = tuple[str, str, int]
"""A display edge from one composition to the next (edge indices change with the display
graph): its source, its target, and which of the parallel edges between them it is."""
Ref = str | tuple[str, EdgeKey]
"""What a segment joins: an item of the piece (a display node id, or ``"c:" + path`` for a
child cluster's box), or one of its ports (``("p", edge)`` where ``edge`` enters it, on its
first rank; ``("q", edge)`` where it leaves, on its last)."""
_Signature = tuple[EdgeKey, bool]
"""What planning an edge depends on besides its ends' clusters: its key, and whether it is a
main input."""


class _Segment(NamedTuple):
    """One display edge's part inside one piece: between two items or ports of that piece."""

    edge: EdgeKey
    source: Ref
    target: Ref
    main: bool


@dataclass
class _Piece:
    """A cluster (or the top level, path None) ready to be written as DOT and laid out."""

    path: str | None
    items: list[str]
    """Child cluster refs (``"c:" + path``) then direct node ids, in display order."""
    segments: list[_Segment]
    in_ports: list[EdgeKey] = field(default_factory=list)
    """Edges entering the piece, in port order (``p0, p1, ...``) once written."""
    out_ports: list[EdgeKey] = field(default_factory=list)
    """Edges leaving the piece, in port order (``q0, q1, ...``) once written."""
    text: str = ""
    names: dict[Ref, str] = field(default_factory=dict)
    """Item or port -> canonical DOT id."""
    ordered: bool = False
    """Whether ``segments`` are in display order already (planned from scratch: routed in
    that order), so writing the piece need not sort them."""


class _Drawing(NamedTuple):
    """One cluster's piece placed in its own coordinates: relative to the top-left corner of
    its content (inside its frame's padding and label).  Never changed once made: a later
    composition where the cluster has the same subtree token uses it as it is, at the
    cluster's new origin."""

    token: int
    nodes: dict[str, NodeBox]
    """Its own nodes."""
    frames: dict[str, ClusterBox]
    """Its child clusters' frames."""
    parts: dict[EdgeKey, tuple[tuple[int, int], tuple[Point, ...]]]
    """Each edge part drawn in it: where the part lies along its edge, and its points."""
    arrows: dict[EdgeKey, tuple[Point, ...]]
    """The arrowheads drawn in it (at edges ending at one of its own nodes)."""


class _Plan(NamedTuple):
    """What one composition was planned from and into, for the next to plan only what changed."""

    display: DisplayGraph
    pieces: dict[str | None, _Piece]
    signatures: set[_Signature]
    routes: dict[EdgeKey, tuple[str | None, ...]]
    """Each edge's pieces, in splicing order: the source's side outwards, the one holding both
    ends, the target's side inwards."""
    homes: dict[EdgeKey, str | None]
    """Each edge's home: the innermost cluster holding both its ends (None: the top level)."""


class _Origins(Mapping[str | None, Point]):
    """Each cluster's origin (the top-left corner of its content) in picture coordinates, found
    from its parent's when first asked for."""

    __slots__ = ("_clusters", "_drawings", "_found")

    def __init__(self, clusters: Mapping[str, Cluster], drawings: Mapping[str | None, _Drawing]) -> None:
        self._clusters, self._drawings = clusters, drawings
        self._found: dict[str | None, Point] = {None: (0.0, 0.0)}

    def frame(self, path: str) -> ClusterBox:
        """Cluster ``path``'s frame in picture coordinates."""
        parent = self._clusters[path].parent
        box = self._drawings[parent].frames[path]
        px, py = self[parent]
        return ClusterBox(path, box.x + px, box.y + py, box.width, box.height, box.label)

    def __getitem__(self, path: str | None) -> Point:
        found = self._found.get(path)
        if found is None:
            chain: list[str] = []
            at: str | None = path
            while at not in self._found:
                chain.append(at)  # type: ignore[arg-type]
                at = self._clusters[at].parent  # type: ignore[index]
            for inner in reversed(chain):
                parent = self._clusters[inner].parent
                box = self._drawings[parent].frames[inner]
                px, py = self._found[parent]
                self._found[inner] = (
                    box.x + px + CLUSTER_PAD,
                    box.y + py + CLUSTER_PAD + CLUSTER_LABEL_HEIGHT,
                )
            found = self._found[path]
        return found

    def __iter__(self) -> Iterator[str | None]:
        yield None
        yield from self._clusters

    def __len__(self) -> int:
        return len(self._clusters) + 1


class _Made(Sequence[T]):
    """A sequence whose items are made when first asked for (:meth:`_make`), then kept; two
    compare equal item by item, as lists do."""

    def __init__(self, size: int) -> None:
        self._made: list[T | None] = [None] * size

    @abstractmethod
    def _make(self, index: int) -> T:
        """Make item ``index`` (asked once per item)."""

    def __len__(self) -> int:
        return len(self._made)

    @overload
    def __getitem__(self, index: int) -> T: ...
    @overload
    def __getitem__(self, index: slice) -> list[T]: ...
    def __getitem__(self, index: int | slice) -> T | list[T]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        made = self._made[index]
        if made is None:
            made = self._made[index] = self._make(index % len(self._made))
        return made

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other))

    __hash__ = None  # type: ignore[assignment]  # a sequence compared by value


class _ClusterBoxes(_Made[ClusterBox]):
    """A composed layout's cluster frames in picture coordinates (parents before children),
    made when first asked for; :meth:`frame` finds one by name."""

    def __init__(self, clusters: Mapping[str, Cluster], origins: _Origins) -> None:
        super().__init__(len(clusters))
        self._paths, self._origins = list(clusters), origins
        self._by_name: dict[str, ClusterBox] = {}

    def frame(self, path: str) -> ClusterBox:
        """Cluster ``path``'s frame."""
        box = self._by_name.get(path)
        if box is None:
            box = self._by_name[path] = self._origins.frame(path)
        return box

    def _make(self, index: int) -> ClusterBox:
        return self.frame(self._paths[index])


class _NodeBoxes(Mapping[str, NodeBox]):
    """A composed layout's node boxes in picture coordinates, each made on first use from its
    cluster's drawing and origin (an expand shows a few hundred of 20,000)."""

    __slots__ = ("_drawings", "_made", "_nodes", "_origins")

    def __init__(
        self,
        nodes: Mapping[str, DisplayNode],
        drawings: Mapping[str | None, _Drawing],
        origins: Mapping[str | None, Point],
    ) -> None:
        self._nodes, self._drawings, self._origins = nodes, drawings, origins
        self._made: dict[str, NodeBox] = {}

    def __getitem__(self, did: str) -> NodeBox:
        box = self._made.get(did)
        if box is None:
            home = self._nodes[did].cluster
            box = self._drawings[home].nodes[did]
            ox, oy = self._origins[home]
            if ox or oy:
                box = NodeBox(did, box.x + ox, box.y + oy, box.width, box.height)
            self._made[did] = box
        return box

    def placed(self, did: str) -> tuple[NodeBox, float, float]:
        """Node ``did``'s box in its cluster's drawing, and that cluster's origin: the box in
        picture coordinates is this one moved by it (for a writer that adds the origin itself,
        instead of making the moved box)."""
        home = self._nodes[did].cluster
        ox, oy = self._origins[home]
        return self._drawings[home].nodes[did], ox, oy

    def __contains__(self, did: object) -> bool:
        return did in self._nodes

    def __iter__(self) -> Iterator[str]:
        return iter(self._nodes)

    def __len__(self) -> int:
        return len(self._nodes)


class _EdgePaths(_Made[EdgePath]):
    """A composed layout's edges in picture coordinates (display order), each spliced on first
    use from its parts in the drawings of the clusters it crosses."""

    def __init__(
        self,
        edges: Sequence[DisplayEdge],
        keys: Sequence[EdgeKey],
        routes: Mapping[EdgeKey, tuple[str | None, ...]],
        drawings: Mapping[str | None, _Drawing],
        origins: Mapping[str | None, Point],
        across: bool,
    ) -> None:
        super().__init__(len(edges))
        self._edges, self._keys, self._routes = edges, keys, routes
        self._drawings, self._origins, self._across = drawings, origins, across

    def placed(self, index: int) -> PlacedEdge:
        """Edge ``index``'s points and arrowhead as drawn in its one cluster, and that cluster's
        origin: in picture coordinates they are these moved by it (for a writer that adds the
        origin itself, instead of making the moved edge).  An edge spliced from parts in
        several clusters is given spliced, at origin (0, 0)."""
        made = self._made[index]
        if made is None:
            key = self._keys[index]
            route = self._routes[key]
            if len(route) == 1:
                drawing = self._drawings[route[0]]
                ox, oy = self._origins[route[0]]
                return drawing.parts[key][1], drawing.arrows.get(key), ox, oy
            made = self[index]
        return made.points, made.arrow, 0.0, 0.0

    def _make(self, index: int) -> EdgePath:
        """Splice edge ``index`` from its parts, moved to their clusters' origins."""
        key, edge = self._keys[index], self._edges[index]
        drawings, origins = self._drawings, self._origins
        arrow: tuple[Point, ...] | None = None
        placed: list[tuple[tuple[int, int], list[Point]]] = []
        for path in self._routes[key]:
            drawing = drawings[path]
            where, relative = drawing.parts[key]
            ox, oy = origins[path]
            placed.append((where, [(x + ox, y + oy) for x, y in relative]))
            tip = drawing.arrows.get(key)
            if tip is not None:
                arrow = tuple((x + ox, y + oy) for x, y in tip)
        if len(placed) == 1:
            return EdgePath(edge.source, edge.target, tuple(placed[0][1]), arrow)
        spline: list[Point] = []
        for _, points in sorted(placed, key=lambda part: part[0]):
            if spline:
                _smooth_join(spline, points, self._across)
                spline.extend(points[1:])
            else:
                spline.extend(points)
        return EdgePath(edge.source, edge.target, tuple(spline), arrow)


@dataclass(frozen=True)
class ComposedLayout(Layout):
    """A composed :class:`~.layout.Layout`, held as each module's drawing relative to its own
    frame and the frames' origins: its ``nodes`` and ``edges`` are made in picture coordinates
    when asked for, so a window that keeps what did not change never makes them.

    Every item has a *home*: a node the cluster it is drawn in, an edge the innermost cluster
    holding both its ends, a cluster frame its parent (None: the top level).  An item's place
    relative to its home's top-left corner depends only on the home's piece and the pieces
    below it, so it is the same in two compositions whose ``subtrees`` tokens of that cluster
    are equal."""

    subtrees: dict[str, int] = field(default_factory=dict)
    """Cluster path -> a token, equal in two layouts of one :class:`Composer` exactly when the
    cluster's drawing relative to its top-left corner (every node, edge and frame inside it, with
    their display ids, sizes and labels) is the same."""
    homes: _Homes | None = field(default=None, repr=False, compare=False)
    """What each home holds (see :meth:`nodes_in`, :meth:`edges_in`)."""

    @property
    def edge_homes(self) -> tuple[str | None, ...]:
        """Per edge of ``edges`` (same order), its home cluster (None: the top level)."""
        return self.homes.edge_homes() if self.homes is not None else ()

    def nodes_in(self, home: str | None) -> Sequence[str]:
        """The display ids of the nodes drawn directly in ``home`` (not in its child clusters)."""
        return self.homes.nodes_in(home) if self.homes is not None else ()

    def placed_node(self, did: str) -> tuple[NodeBox, float, float]:
        """Node ``did``'s box relative to its cluster, and the cluster's origin (the box is at
        ``nodes[did]`` moved by it): what an SVG writer reads, making no box."""
        if isinstance(self.nodes, _NodeBoxes):
            return self.nodes.placed(did)
        return self.nodes[did], 0.0, 0.0

    def placed_edge(self, index: int) -> PlacedEdge:
        """Edge ``index``'s points and arrowhead relative to its cluster, and the cluster's origin
        (the edge is ``edges[index]`` moved by it; a spliced edge's origin is (0, 0))."""
        if isinstance(self.edges, _EdgePaths):
            return self.edges.placed(index)
        edge = self.edges[index]
        return edge.points, edge.arrow, 0.0, 0.0

    def edges_in(self, home: str | None) -> Sequence[int]:
        """The indices (into ``edges``) of the edges whose home is ``home``, in order."""
        return self.homes.edges_in(home) if self.homes is not None else ()


class _Homes:
    """What each home of a composed layout holds, found when asked: a window that keeps most
    modules' drawings asks about a few."""

    def __init__(
        self, display: DisplayGraph, plan: _Plan, keys: list[EdgeKey], position: dict[EdgeKey, int]
    ) -> None:
        self._display, self._plan, self._keys, self._position = display, plan, keys, position
        self._edges: dict[str | None, list[int]] = {}
        self._homes: tuple[str | None, ...] | None = None

    def nodes_in(self, home: str | None) -> Sequence[str]:
        if home is None:
            return self._display.top_nodes()
        cluster = self._display.clusters.get(home)
        return cluster.nodes if cluster is not None else ()

    def edges_in(self, home: str | None) -> Sequence[int]:
        found = self._edges.get(home)
        if found is None:
            piece = self._plan.pieces.get(home)
            segments = piece.segments if piece is not None else ()
            position = self._position
            found = self._edges[home] = sorted(
                position[s.edge] for s in segments if isinstance(s.source, str) and isinstance(s.target, str)
            )
        return found

    def edge_homes(self) -> tuple[str | None, ...]:
        if self._homes is None:
            self._homes = tuple(map(self._plan.homes.__getitem__, self._keys))
        return self._homes


_TOKENS = itertools.count(1)
"""Subtree tokens, unique across composers."""


@dataclass(frozen=True)
class PieceLayout:
    """A laid-out piece in its own coordinates (points, y down, content at 0..width)."""

    width: float
    height: float
    layout: Layout
    """``dot``'s layout of the canonical text (ids ``i<k>``, ports ``p<k>``/``q<k>``)."""

    @property
    def box_size(self) -> tuple[float, float]:
        """The size of the cluster box holding this piece in its parent."""
        return (self.width + 2 * CLUSTER_PAD, self.height + 2 * CLUSTER_PAD + CLUSTER_LABEL_HEIGHT)


@lru_cache(maxsize=65536)
def _node_attrs(label: tuple[str, ...], module: bool, output: bool) -> str:
    attrs = [f"label={label_text(tuple(_DIGIT.sub('0', line) for line in label))}"]
    if (width := wide_label_width(label)) is not None:
        attrs.append(f"width={quote(width)}")
    if module:
        attrs.append(f"shape=box3d, margin={quote(MODULE_MARGIN)}")
    if output:
        attrs.append('peripheries="2"')
    return ", ".join(attrs)


_EDGE_ATTRS = {
    (True, True): f' [weight="{MAIN_EDGE_WEIGHT}"]',
    (False, True): "",
    (True, False): f' [weight="{MAIN_EDGE_WEIGHT}", arrowhead=none]',
    (False, False): " [arrowhead=none]",
}
"""An edge's attributes by (main input, arrowhead): only edges into a node get an arrow."""
_PORT = f'shape=point, width="{PORT_SIZE}", height="{PORT_SIZE}", label=""'


@lru_cache(maxsize=4096)
def _item_names(count: int) -> tuple[str, ...]:
    return tuple(f"i{k}" for k in range(count))


@lru_cache(maxsize=4096)
def _port_rank(rank: str, prefix: str, count: int) -> str:
    return f"  {{rank={rank}; " + " ".join(f'"{prefix}{k}" [{_PORT}];' for k in range(count)) + "}"


@lru_cache(maxsize=4096)
def _header(items: int, rankdir: str = "TB", nslimit: bool = True) -> str:
    """The graph and default attributes of a piece of ``items`` items, as :mod:`.dot` writes
    them (no clusters: a piece holds boxes instead), laid out in direction ``rankdir``
    (``nslimit=False``: without the x-placement budget, for a crash's retry).

    The direction is part of the text, so a piece laid out top to bottom is never reused (from
    memory or the disk cache) for a left-to-right picture: there ``dot`` swaps each node's
    width and height, ranks across x, and puts the ``rank=min``/``max`` ports on the left and
    right sides, then transposes the drawing back, fixed-size child boxes keeping their size.
    """
    attrs = {k: v for k, v in GRAPH_ATTRS.items() if k != "fontname"}
    attrs["rankdir"] = rankdir
    if nslimit:
        attrs["nslimit"] = f"{XPOS_ITERATIONS / max(1, items):.4g}"
    out = ["digraph piece {"]
    out.extend(f"  {k}={quote(v)};" for k, v in attrs.items())
    out.append(f"  node [{NODE_BOX}];")
    out.append('  edge [arrowsize="0.6"];')
    return "\n".join(out)


def _dot_args(precise: bool) -> list[str]:
    """``dot``'s output format for a piece: ``-Tjson`` (full precision) for a ``precise`` one."""
    return ["-Tjson" if precise else "-Tjson0"]


WARM_PIECE = _header(2) + '\n  "a" -> "b";\n}\n'
"""The graph a ``dot`` started ahead of its piece run lays out first (:meth:`Composer._warm_spare`)."""


class Composer:
    """Lays out display graphs by composition, keeping every piece it laid out for reuse.

    ``cache`` (optional) is the on-disk layout cache; pieces are also kept in memory for the
    composer's lifetime.  A composition after another (an expand or collapse) plans, writes,
    lays out and places only the pieces that changed: the clusters holding a node or an end of
    an edge that is new, gone or different, and their ancestors; every other cluster keeps its
    piece and its drawing.  ``dot_runs`` counts the pieces ``dot`` laid out.  :meth:`job` gives a cancellable
    run.  Not for two threads at once (the window runs one layout at a time).
    """

    def __init__(
        self, cache: LayoutCache | None = None, *, timeout: float | None = None, workers: int = DOT_WORKERS
    ) -> None:
        self.cache = cache
        self.timeout = timeout
        self.workers = max(1, workers)
        self.dot_runs = 0
        """Pieces laid out by ``dot`` (not found in memory or on disk)."""
        self.pieces: dict[str, PieceLayout] = {}
        self._lock = threading.Lock()
        self._precise: set[str] = set()
        self._shapes: dict[str, tuple[int, str]] = {}
        """Piece text -> its header's arguments (item count, direction)."""
        self._pairs: dict[str, dict[tuple[str, str], list[EdgePath]]] = {}
        """Piece text -> its laid-out edges by (source, target) canonical names."""
        self._plan: _Plan | None = None
        """What the last composition was planned from (None: none yet)."""
        self._spare: LayoutJob | None = None
        """A ``dot`` started for the next piece run of this composition (:meth:`_warm_spare`)."""
        self._texts: dict[str | None, str] = {}
        """Cluster path -> its piece's text in the last composition."""
        self._subtrees: dict[str, tuple[tuple[object, ...], int]] = {}
        """Cluster path -> what its drawing was made of in the last composition, and its token."""
        self._drawings: dict[str | None, _Drawing] = {}
        """Cluster path -> its drawing in the last composition."""
        self.placed = 0
        """Pieces placed from their ``dot`` layout (their own nodes and edge parts)."""
        self.reused = 0
        """Pieces whose drawing was taken from the last composition as it was."""

    def job(self, display: DisplayGraph) -> ComposeJob:
        """Return a cancellable job composing ``display`` (``result()``, ``cancel()``)."""
        return ComposeJob(self, display)

    # -- planning -------------------------------------------------------------------------------
    @staticmethod
    def _signatures(display: DisplayGraph) -> tuple[list[EdgeKey], set[_Signature], dict[EdgeKey, int]]:
        """Each display edge's key (in order), the set of their signatures, and each key's
        place in ``display.edges``."""
        edges = display.edges
        sources = list(map(_SOURCE, edges))
        targets = list(map(_TARGET, edges))
        keys: list[EdgeKey] = list(zip(sources, targets, itertools.repeat(0)))
        position = dict(zip(keys, range(len(keys))))
        if len(position) != len(keys):  # parallel edges: number them in order
            seen: dict[tuple[str, str], int] = {}
            for index, (source, target, _) in enumerate(keys):
                count = seen.get((source, target), 0)
                seen[source, target] = count + 1
                if count:
                    keys[index] = (source, target, count)
            position = dict(zip(keys, range(len(keys))))
        return keys, set(zip(keys, map(_MAIN, edges))), position

    @staticmethod
    def _items(display: DisplayGraph, path: str | None) -> list[str]:
        if path is None:
            return [f"c:{c}" for c in display.top_clusters()] + display.top_nodes()
        cluster = display.clusters[path]
        return [f"c:{c}" for c in cluster.children] + list(cluster.nodes)

    @staticmethod
    def _chains(display: DisplayGraph) -> Callable[[str | None], list[str]]:
        """Return a function giving the clusters from the top down to a path."""
        clusters = display.clusters
        chains: dict[str | None, list[str]] = {None: []}

        def chain(path: str | None) -> list[str]:
            found = chains.get(path)
            if found is None:
                missing: list[str] = []
                while path not in chains:
                    missing.append(path)  # type: ignore[arg-type]
                    path = clusters[path].parent  # type: ignore[index]
                found = chains[path]
                for inner in reversed(missing):
                    found = chains[inner] = [*found, inner]
            return found

        return chain

    @staticmethod
    def _route(
        pieces: dict[str | None, _Piece],
        key: EdgeKey,
        main: bool,
        cu: list[str],
        cv: list[str],
    ) -> tuple[tuple[str | None, ...], str | None]:
        """Add edge ``key``'s segments to ``pieces`` (its ends' clusters, top down: ``cu``,
        ``cv``); return its route (the pieces it crosses, in splicing order) and its home."""
        common = 0
        while common < len(cu) and common < len(cv) and cu[common] == cv[common]:
            common += 1
        lca = cu[common - 1] if common else None
        below: str = key[0]  # the source's side: innermost first, each cluster gets an out-port
        out = ("q", key)
        for path in reversed(cu[common:]):
            piece = pieces[path]
            piece.segments.append(_Segment(key, below, out, main))
            piece.out_ports.append(key)
            below = f"c:{path}"
        source_item = below
        below = key[1]
        into = ("p", key)
        for path in reversed(cv[common:]):
            piece = pieces[path]
            piece.segments.append(_Segment(key, into, below, main))
            piece.in_ports.append(key)
            below = f"c:{path}"
        pieces[lca].segments.append(_Segment(key, source_item, below, main))
        route = (*reversed(cu[common:]), lca, *cv[common:])
        return route, lca

    def _plan_all(self, display: DisplayGraph, keys: list[EdgeKey], signatures: set[_Signature]) -> _Plan:
        """Split ``display`` into pieces from scratch."""
        pieces: dict[str | None, _Piece] = {
            path: _Piece(path, self._items(display, path), []) for path in display.clusters
        }
        pieces[None] = _Piece(None, self._items(display, None), [])
        chain = self._chains(display)
        routes: dict[EdgeKey, tuple[str | None, ...]] = {}
        homes: dict[EdgeKey, str | None] = {}
        nodes = display.nodes
        for key, edge in zip(keys, display.edges):
            routes[key], homes[key] = self._route(
                pieces, key, edge.main, chain(nodes[key[0]].cluster), chain(nodes[key[1]].cluster)
            )
        for piece in pieces.values():  # (each got its segments in display order)
            piece.ordered = True
        return _Plan(display, pieces, signatures, routes, homes)

    def _dirty(
        self, before: _Plan, display: DisplayGraph, signatures: set[_Signature]
    ) -> set[str | None] | None:
        """Return the clusters of ``display`` whose piece differs from ``before``'s (with their
        ancestors and the top level, None); None when the cluster tree itself changed shape
        (a surviving cluster has another parent), which is planned from scratch."""
        old = before.display
        if display.rankdir != old.rankdir:
            return None
        clusters, old_clusters = display.clusters, old.clusters
        marked: set[str | None] = set()
        for path, cluster in clusters.items():
            was = old_clusters.get(path)
            if was is None:
                marked.add(path)
            elif was is not cluster and was != cluster:
                if was.parent != cluster.parent:
                    return None
                marked.add(path)
        nodes, old_nodes = display.nodes, old.nodes
        values = list(nodes.values())
        made = dict(zip(map(id, values), values))  # a node kept from the display graph before
        for key in made.keys() - set(map(id, old_nodes.values())):  # is the same object
            node = made[key]
            was_node = old_nodes.get(node.id)
            if was_node is not None and was_node.cluster != node.cluster:
                return None  # its edges cross other clusters now
            if was_node != node:
                marked.add(node.cluster)
        for (source, target, _), _ in signatures ^ before.signatures:
            for end in (source, target):
                for drawn in (nodes.get(end), old_nodes.get(end)):
                    if drawn is not None:
                        marked.add(drawn.cluster)
        dirty: set[str | None] = {None}
        for start in marked:  # and their ancestors (a gone cluster's, through the old tree)
            at = start
            while at is not None and at not in dirty:
                dirty.add(at)
                known = clusters.get(at) or old_clusters.get(at)
                at = known.parent if known is not None else None
        return {at for at in dirty if at is None or at in clusters}

    def _replan(
        self, before: _Plan, display: DisplayGraph, keys: list[EdgeKey], signatures: set[_Signature]
    ) -> tuple[_Plan, set[str | None]]:
        """Plan ``display`` from ``before``: new pieces for the dirty clusters (their kept
        segments, and those of the edges that are new or different), the others as they were.
        Returns the plan and the dirty clusters (every cluster, when planned from scratch)."""
        dirty = self._dirty(before, display, signatures)
        if dirty is None:
            return self._plan_all(display, keys, signatures), {None, *display.clusters}
        gone = before.signatures - signatures
        new = signatures - before.signatures
        removed = {key for key, _ in gone}
        pieces = {
            path: piece for path, piece in before.pieces.items() if path in display.clusters or path is None
        }
        for path in dirty:
            was = before.pieces.get(path)
            if was is None:
                pieces[path] = _Piece(path, self._items(display, path), [])
                continue
            pieces[path] = _Piece(
                path,
                self._items(display, path),
                [s for s in was.segments if s.edge not in removed],
                [e for e in was.in_ports if e not in removed],
                [e for e in was.out_ports if e not in removed],
            )
        routes = dict(before.routes)
        homes = dict(before.homes)
        for key in removed:
            del routes[key], homes[key]
        chain = self._chains(display)
        nodes = display.nodes
        for key, main in new:
            routes[key], homes[key] = self._route(
                pieces, key, main, chain(nodes[key[0]].cluster), chain(nodes[key[1]].cluster)
            )
        return _Plan(display, pieces, signatures, routes, homes), dirty

    def _write(
        self,
        piece: _Piece,
        display: DisplayGraph,
        texts: Mapping[str | None, str],
        position: Mapping[EdgeKey, int],
    ) -> None:
        """Give ``piece`` its canonical names and DOT text (its children's texts, in ``texts``,
        must be laid out; ``position``: each edge's place in ``display.edges``, which orders
        the segments and breaks ties between ports, as in every composition of that view)."""
        items = piece.items
        names: dict[Ref, str] = dict(zip(items, _item_names(len(items))))
        if not piece.ordered:  # one order however it was planned
            piece.segments.sort(key=lambda s: position[s.edge])
            piece.ordered = True
        if piece.in_ports or piece.out_ports:
            item_pos: dict[Ref, int] = {item: k for k, item in enumerate(items)}
            inward = {s.edge: item_pos[s.target] for s in piece.segments if isinstance(s.source, tuple)}
            outward = {s.edge: item_pos[s.source] for s in piece.segments if isinstance(s.target, tuple)}
            piece.in_ports = sorted(piece.in_ports, key=lambda e: (inward[e], position[e]))
            piece.out_ports = sorted(piece.out_ports, key=lambda e: (outward[e], position[e]))
            for k, e in enumerate(piece.in_ports):
                names["p", e] = f"p{k}"
            for k, e in enumerate(piece.out_ports):
                names["q", e] = f"q{k}"
        out = [_header(len(items), display.rankdir)]
        extent = [0.0, 0.0]
        nodes = display.nodes
        for item in items:
            if item[:2] == "c:":
                width, height = self.pieces[texts[item[2:]]].box_size
                extent[0] += width
                extent[1] += height
                out.append(
                    f'  "{names[item]}" [shape=box, fixedsize=true, label="", '
                    f'width="{width / 72:.4f}", height="{height / 72:.4f}"];'
                )
            else:
                node = nodes[item]
                out.append(
                    f'  "{names[item]}" [{_node_attrs(node.label, node.kind == "module", node.is_output)}];'
                )
        if piece.in_ports:
            out.append(_port_rank("min", "p", len(piece.in_ports)))
        if piece.out_ports:
            out.append(_port_rank("max", "q", len(piece.out_ports)))
        lines = []
        for seg in piece.segments:
            head = names[seg.target]
            arrow = head[0] == "i" and seg.target[:2] != "c:"
            lines.append(f'  "{names[seg.source]}" -> "{head}"{_EDGE_ATTRS[seg.main, arrow]};')
        lines.sort()  # canonical order: same structure, same text
        out.extend(lines)
        out.append("}\n")
        piece.names = names
        piece.text = "\n".join(out)
        self._shapes[piece.text] = (len(items), display.rankdir)
        if max(extent) + NODE_EXTENT * len(items) > PRECISE_ABOVE:
            self._precise.add(piece.text)

    # -- laying out -----------------------------------------------------------------------------
    def _warm_spare(self, precise: bool = False) -> None:
        """Start the ``dot`` of the next piece run now (``precise``: for ``-Tjson``), unless
        such a one waits: it loads and lays out a small graph (:data:`WARM_PIECE`) while the
        composer plans or ``dot`` lays out the level before.  A ``dot`` started for a piece
        spent about 18 of its 24 ms loading; the levels of an expand or collapse are laid out
        one after another (a parent needs its children's sizes), three or four at 20,000
        nodes."""
        args = _dot_args(precise)
        if self._spare is not None:
            if self._spare.args == args:
                return
            self._drop_spare()
        job = LayoutJob("", self.timeout, args)
        try:
            job.start(WARM_PIECE.encode())
        except (LayoutError, GraphvizNotFoundError):
            return  # the run itself reports it
        self._spare = job

    def _was_precise(self, paths: Iterable[str | None]) -> bool:
        """Whether any of these pieces was laid out with ``-Tjson`` last time (its size, and so
        its format, rarely changes with a toggle below it)."""
        return any(self._texts.get(path) in self._precise for path in paths)

    def _take_spare(self, precise: bool = False) -> LayoutJob | None:
        """The ``dot`` started ahead, when it writes the format a run of ``precise`` needs."""
        spare = self._spare
        if spare is None or spare.args != _dot_args(precise):
            return None
        self._spare = None
        return spare

    def _drop_spare(self) -> None:
        """End the ``dot`` started for a run that did not come (every later piece was known)."""
        spare, self._spare = self._spare, None
        if spare is not None:
            spare.cancel()

    def _run_dot(
        self, texts: list[str], control: ComposeJob | None, spare: LayoutJob | None = None
    ) -> list[Layout]:
        """Lay out ``texts`` in one ``dot`` process (it reads graph after graph: one start-up,
        ~15 ms here, instead of one per piece), ``spare`` when given (started with
        :data:`WARM_PIECE`, whose layout comes first); return their layouts in order."""
        precise = any(t in self._precise for t in texts)
        if spare is not None:  # (it writes the format ``precise`` needs)
            job, skip = spare, 1
            job.dot_text = "".join(texts)
            job.fallback = lambda: WARM_PIECE + "".join(map(self._unlimited, texts))
        else:
            job, skip = (
                LayoutJob(
                    "".join(texts),
                    self.timeout,
                    _dot_args(precise),
                    fallback=lambda: "".join(map(self._unlimited, texts)),
                ),
                0,
            )
        if control is not None:
            control.started(job)
        with self._lock:
            self.dot_runs += len(texts)
        try:
            output = job.run().decode("utf-8", "replace")
        finally:
            if control is not None:
                control.ended(job)
        if control is not None and control.cancelled:
            raise LayoutCancelled("The layout was cancelled.")
        layouts: list[Layout] = []
        decoder = json.JSONDecoder()
        at = 0
        for text in [*[None] * skip, *texts]:
            while at < len(output) and output[at].isspace():
                at += 1
            try:
                doc, at = decoder.raw_decode(output, at)
            except ValueError:
                raise LayoutError(Message.of(STOPPED_PART)) from None
            if text is None:
                continue  # the warm-up's
            layout = parse_json_layout(doc, warnings=job.warnings())
            check_complete(layout, text)
            layouts.append(layout)
        return layouts

    def _unlimited(self, text: str) -> str:
        """Return piece ``text`` with its header written again without ``nslimit``."""
        items, rankdir = self._shapes[text]
        return _header(items, rankdir, False) + text[len(_header(items, rankdir)) :]

    def _lay_out(self, texts: Iterable[str], control: ComposeJob | None, *, then: bool | None = None) -> None:
        """Lay out the pieces of ``texts`` not known yet: from the disk cache, else by ``dot``
        (at most ``workers`` processes at once, the pieces shared out by size; one batch in the
        ``dot`` started beforehand, and meanwhile the next level's started: ``then`` says
        whether that level needs ``-Tjson`` (None: no level follows))."""
        todo = []
        for text in sorted({t for t in texts if t not in self.pieces}):
            cached = self.cache.get(text) if self.cache is not None else None
            if cached is None:
                todo.append(text)
            else:
                self.pieces[text] = PieceLayout(cached.width, cached.height, cached)
        if not todo:
            if then is not None and self._spare is not None:
                self._warm_spare(then)  # the one waiting, in the next level's format
            return
        if control is not None and control.cancelled:
            raise LayoutCancelled("The layout was cancelled.")
        batches: list[list[str]] = [[] for _ in range(min(self.workers, len(todo)))]
        loads = [0] * len(batches)
        for text in sorted(todo, key=len, reverse=True):  # biggest first, to the lightest batch
            lightest = loads.index(min(loads))
            batches[lightest].append(text)
            loads[lightest] += len(text)
        spare = self._take_spare(any(t in self._precise for t in batches[0])) if len(batches) == 1 else None
        if then is not None:
            self._warm_spare(then)
        if len(batches) == 1:
            results = [self._run_dot(batches[0], control, spare)]
        else:
            with ThreadPoolExecutor(max_workers=len(batches)) as pool:
                results = list(pool.map(lambda batch: self._run_dot(batch, control), batches))
        for batch, layouts in zip(batches, results):
            for text, layout in zip(batch, layouts):
                self.pieces[text] = PieceLayout(layout.width, layout.height, layout)
                if self.cache is not None:
                    self.cache.put(text, layout)

    def _token(
        self, display: DisplayGraph, piece: _Piece, known: Mapping[str, tuple[tuple[object, ...], int]]
    ) -> tuple[tuple[object, ...], int]:
        """What cluster ``piece.path``'s drawing is made of, and its subtree token: the last
        composition's when its piece, its items, their display nodes, its ports' edges, its
        label and its children's tokens (in ``known``) are all the same (see
        :attr:`ComposedLayout.subtrees`)."""
        path = piece.path
        assert path is not None
        cluster = display.clusters[path]
        nodes = display.nodes
        made: tuple[object, ...] = (
            piece.text,
            cluster.label,
            tuple(piece.items),
            tuple(nodes[did] for did in cluster.nodes),
            tuple(piece.in_ports),
            tuple(piece.out_ports),
            tuple(known[child][1] for child in cluster.children),
        )
        old = self._subtrees.get(path)
        return made, (old[1] if old is not None and old[0] == made else next(_TOKENS))

    @without_gc  # tens of thousands of small tuples, none of them cyclic
    def compose(self, display: DisplayGraph, control: ComposeJob | None = None) -> Layout:
        """Return the composed Layout of ``display`` (node ids, cluster names as :mod:`.layout`).

        Raises LayoutError (``dot`` failed or ran past the timeout), LayoutCancelled (when
        ``control`` was cancelled).
        """
        if self._plan is not None:  # an expand or collapse: some piece is laid out, surely
            self._warm_spare()  # its dot loads while the plan is made
        try:
            return self._compose(display, control)
        finally:
            self._drop_spare()

    def _compose(self, display: DisplayGraph, control: ComposeJob | None) -> Layout:
        keys, signatures, position = self._signatures(display)
        if self._plan is None:
            plan, dirty = self._plan_all(display, keys, signatures), {None, *display.clusters}
        else:
            plan, dirty = self._replan(self._plan, display, keys, signatures)
        pieces, clusters = plan.pieces, display.clusters
        texts: dict[str | None, str] = {path: text for path, text in self._texts.items() if path in clusters}
        levels: dict[int, list[str]] = {}
        for path in dirty:
            if path is not None:
                levels.setdefault(clusters[path].depth, []).append(path)
        order: list[list[str | None]] = [[*levels[d]] for d in sorted(levels, reverse=True)]
        order.append([None])  # deepest first: a parent needs its children's sizes; the top last
        if self._spare is not None:
            self._warm_spare(self._was_precise(order[0]))
        for at, paths in enumerate(order):
            for path in paths:
                self._write(pieces[path], display, texts, position)
                texts[path] = pieces[path].text
            after = self._was_precise(order[at + 1]) if at + 1 < len(order) else None
            self._lay_out([pieces[p].text for p in paths], control, then=after)
        root = pieces[None]

        # clusters not dirty keep their token and drawing; the dirty ones, children first
        made = {path: was for path, was in self._subtrees.items() if path in clusters}
        drawings: dict[str | None, _Drawing] = {p: d for p, d in self._drawings.items() if p in clusters}
        old_drawings = self._drawings
        placed = 0
        moved: dict[tuple[int, Point | None, Point | None], tuple[Point, ...]] = {}
        for path in sorted(
            (p for p in dirty if p is not None), key=lambda p: clusters[p].depth, reverse=True
        ):
            made[path] = self._token(display, pieces[path], made)
            token = made[path][1]
            kept = old_drawings.get(path)
            if kept is None or kept.token != token:
                kept = self._draw(display, pieces[path], pieces, texts, token, moved)
                placed += 1
            drawings[path] = kept
        drawings[None] = self._draw(display, root, pieces, texts, 0, moved)
        placed += 1
        origins = _Origins(clusters, drawings)
        laid = self.pieces[root.text]
        layout = ComposedLayout(
            width=laid.width,
            height=laid.height,
            nodes=_NodeBoxes(display.nodes, drawings, origins),
            edges=_EdgePaths(display.edges, keys, plan.routes, drawings, origins, display.rankdir == "LR"),
            clusters=_ClusterBoxes(clusters, origins),
            warnings=(),
            rankdir=display.rankdir,
            subtrees={path: was[1] for path, was in made.items()},
            homes=_Homes(display, plan, keys, position),
        )
        # all went well: what the next composition starts from
        self._plan, self._texts, self._subtrees, self._drawings = plan, texts, made, drawings
        self.placed += placed
        self.reused += len(clusters) + 1 - placed
        # The layout is long-lived (tens of thousands of objects at 20k nodes, no cycles): frozen
        # out of collections, the first allocation once the collector is back does not scan it
        # all (0.1-0.2 s); frozen objects still go by reference counting once dropped.
        gc.freeze()
        return layout

    def _draw(
        self,
        display: DisplayGraph,
        piece: _Piece,
        pieces: Mapping[str | None, _Piece],
        texts: Mapping[str | None, str],
        token: int,
        moved: dict[tuple[int, Point | None, Point | None], tuple[Point, ...]],
    ) -> _Drawing:
        """Place ``piece``'s own nodes, its children's frames and its edge parts, relative to the
        top-left corner of its content; a part ending at a child's box is moved onto the child's
        port, a part starting or ending at one of the piece's own ports onto that port.

        ``moved`` keeps the parts moved so far in this composition, by spline (of a piece's
        layout, shared by every piece of that text) and ends: pieces of one text, the blocks of
        a stack, move their parts to the same ports."""
        laid = self.pieces[piece.text].layout
        boxes, names = laid.nodes, piece.names
        depth = display.clusters[piece.path].depth if piece.path is not None else 0
        nodes: dict[str, NodeBox] = {}
        frames: dict[str, ClusterBox] = {}
        inner: dict[str, tuple[float, float, Layout, _Piece]] = {}
        for item in piece.items:
            box = boxes[names[item]]
            if item[:2] == "c:":
                child = item[2:]
                left, top = box.x - box.width / 2, box.y - box.height / 2
                frames[child] = ClusterBox(
                    child, left, top, box.width, box.height, display.clusters[child].label
                )
                below = pieces[child]
                inner[item] = (
                    left + CLUSTER_PAD,
                    top + CLUSTER_PAD + CLUSTER_LABEL_HEIGHT,
                    self.pieces[texts[child]].layout,
                    below,
                )
            else:
                nodes[item] = NodeBox(item, box.x, box.y, box.width, box.height)
        by_pair = self._pairs.get(piece.text)
        if by_pair is None:
            by_pair = self._pairs[piece.text] = {}
            for drawn in laid.edges:
                by_pair.setdefault((drawn.source, drawn.target), []).append(drawn)
        taken: dict[tuple[str, str], int] = {}
        parts: dict[EdgeKey, tuple[tuple[int, int], tuple[Point, ...]]] = {}
        arrows: dict[EdgeKey, tuple[Point, ...]] = {}
        inward, outward, meet = (2, depth), (0, -depth), (1, 0)
        for seg in piece.segments:
            source, target = seg.source, seg.target
            pair = (names[source], names[target])
            paths = by_pair[pair]
            if len(paths) == 1:
                spline = paths[0]
            else:  # parallel edges: in order
                spline = paths[taken.get(pair, 0)]
                taken[pair] = taken.get(pair, 0) + 1
            start = end = None
            where = meet
            if isinstance(source, tuple):
                port = boxes[pair[0]]
                start = (port.x, port.y)
                where = inward
            elif source[:2] == "c:":
                cx, cy, child_laid, child_piece = inner[source]
                port = child_laid.nodes[child_piece.names["q", seg.edge]]
                start = (cx + port.x, cy + port.y)
            if isinstance(target, tuple):
                port = boxes[pair[1]]
                end = (port.x, port.y)
                where = outward
            elif target[:2] == "c:":
                cx, cy, child_laid, child_piece = inner[target]
                port = child_laid.nodes[child_piece.names["p", seg.edge]]
                end = (cx + port.x, cy + port.y)
            elif spline.arrow:
                arrows[seg.edge] = spline.arrow
            if start is None and end is None:
                parts[seg.edge] = (where, spline.points)
                continue
            at = (id(spline), start, end)
            points = moved.get(at)
            if points is None:
                points = moved[at] = _placed(spline.points, start, end)
            parts[seg.edge] = (where, points)
        return _Drawing(token, nodes, frames, parts, arrows)


class ComposeJob:
    """One composition another thread can cancel, like :class:`~.layout.LayoutJob`:
    ``result()`` blocks and returns the Layout; ``cancel()`` kills the ``dot`` runs in progress
    and makes ``result()`` raise LayoutCancelled."""

    def __init__(self, composer: Composer, display: DisplayGraph) -> None:
        self.composer = composer
        self.display = display
        self._lock = threading.Lock()
        self._running: set[LayoutJob] = set()
        self._cancelled = False

    @property
    def cancelled(self) -> bool:
        """True once :meth:`cancel` was called."""
        return self._cancelled

    def cancel(self) -> None:
        """Stop the composition: running ``dot`` processes are killed, none is started."""
        with self._lock:
            self._cancelled = True
            running = list(self._running)
        for job in running:
            job.cancel()

    def started(self, job: LayoutJob) -> None:
        """Note a ``dot`` run about to start (it is cancelled at once if this job was)."""
        with self._lock:
            self._running.add(job)
            if self._cancelled:
                job.cancel()

    def ended(self, job: LayoutJob) -> None:
        with self._lock:
            self._running.discard(job)

    def result(self) -> Layout:
        """Compose and return the Layout (blocking); raise LayoutCancelled after cancel()."""
        if self._cancelled:
            raise LayoutCancelled("The layout was cancelled.")
        layout = self.composer.compose(self.display, self)
        if self._cancelled:
            raise LayoutCancelled("The layout was cancelled.")
        return layout


def _placed(points: tuple[Point, ...], start: Point | None, end: Point | None) -> tuple[Point, ...]:
    """Return bezier ``points`` with the first/last point moved to ``start``/``end`` (when
    given).

    The move to a port fades along the curve (a point at fraction ``t`` of the way moves by
    ``1 - t`` of the start's move and ``t`` of the end's), so the curve bends gently toward the
    port instead of kinking at its end.
    """
    if (start is None and end is None) or len(points) < 2:
        return points
    last = len(points) - 1
    sx, sy = (start[0] - points[0][0], start[1] - points[0][1]) if start else (0.0, 0.0)
    ex, ey = (end[0] - points[-1][0], end[1] - points[-1][1]) if end else (0.0, 0.0)
    moved = [
        (x + (sx * (last - i) + ex * i) / last, y + (sy * (last - i) + ey * i) / last)
        for i, (x, y) in enumerate(points)
    ]
    if start is not None:
        moved[0] = start
    if end is not None:
        moved[-1] = end
    return tuple(moved)


def _smooth_join(before: list[Point], after: list[Point], across: bool = False) -> None:
    """Make the curve pass a port (``before``'s last point, ``after``'s first) vertically, as
    edges cross rank borders in a top-to-bottom drawing: the two control points beside the port
    are put straight above and below it (in place); ``across``: horizontally, left and right of
    it, as in a left-to-right drawing."""
    if len(before) < 4 or len(after) < 4:
        return
    if across:
        jx, jy = after[0]
        left = max(4.0, (jx - before[-4][0]) / 2) if before[-4][0] < jx else 4.0
        right = max(4.0, (after[3][0] - jx) / 2) if after[3][0] > jx else 4.0
        before[-2] = (jx - left, jy)
        after[1] = (jx + right, jy)
        return
    jx, jy = after[0]
    up = max(4.0, (jy - before[-4][1]) / 2) if before[-4][1] < jy else 4.0
    down = max(4.0, (after[3][1] - jy) / 2) if after[3][1] > jy else 4.0
    before[-2] = (jx, jy - up)
    after[1] = (jx, jy + down)


def anchor_shift(before: Layout, after: Layout, anchor: str) -> Point | None:
    """Return how far ``after`` must move so that module ``anchor`` stays where it was on
    screen (or, the same thing, how far a view must move the other way); None when the anchor
    is in neither layout.

    ``anchor`` is a module path: in each layout either a collapsed module node (``m:<path>``)
    or a cluster.  Its top-left corner keeps its place, and with it the frame's label (drawn
    at that corner): the module grows or shrinks to the right and downwards, whatever the
    drawing's direction.
    """

    def corner(layout: Layout) -> Point | None:
        node = layout.nodes.get("m:" + anchor)
        if node is not None:
            return (node.x - node.width / 2, node.y - node.height / 2)
        box = next((c for c in layout.clusters if c.name == anchor), None)
        return None if box is None else (box.x, box.y)

    old, new = corner(before), corner(after)
    if old is None or new is None:
        return None
    return (old[0] - new[0], old[1] - new[1])


SECONDS_PER_NODE = 60e-6
"""Measured (``bench/compose.py``): planning, canonical texts, placement and splicing cost
25-30 µs per display node (0.5 s for the 20,000-node stacks, ``dot`` not counted), and building
the display graph about as much again (``core.view.display``): 60 µs per graph node for both."""


def can_compose(graph: nx.DiGraph, options: ViewOptions) -> bool:
    """Return True when ``graph`` under ``options`` would be composed (see :func:`should_compose`),
    judged from the graph alone: more than SINGLE_RUN_MAX_NODES nodes, clusters drawn, modules."""
    if graph.number_of_nodes() <= SINGLE_RUN_MAX_NODES or not options.clusters:
        return False
    return any(module for _, module in derived(graph, node_modules))


def composed_seconds(graph: nx.DiGraph, options: ViewOptions, predict: Callable[[float], float]) -> float:
    """Estimate the seconds :class:`Composer` takes on ``graph`` under ``options``, per module.

    Each module's piece has its own nodes plus one box per child module (a collapsed module is
    one node); pieces of equal type and size are counted once (they are usually the same block),
    and each distinct piece costs ``predict(size)`` (the cost model's ``dot`` time), shared
    among :data:`DOT_WORKERS` processes, plus :data:`SECONDS_PER_NODE` per node.  Needs no
    display graph (building one costs ~1 s at 20,000 nodes).
    """
    collapsed = frozenset(options.collapsed)
    direct: dict[str | None, int] = {}
    children: dict[str | None, set[str]] = {}
    cache: dict[str | None, str | None] = {}
    drawn: set[str] = set()
    for module, count in derived(graph, module_sizes).items():  # per module, not per node
        rep = collapsed_ancestor(module, collapsed, cache)
        if rep is not None:
            if rep in drawn:
                continue
            drawn.add(rep)
            count = 1  # a collapsed module is one node
        home = parent_path(rep) if rep is not None else module
        direct[home] = direct.get(home, 0) + count
        path = home
        while path is not None:  # every ancestor holds its child as a box
            parent = parent_path(path)
            children.setdefault(parent, set()).add(path)
            path = parent
    types = graph.graph.get("module_types") or {}
    pieces: set[tuple[str, int]] = set()
    for path in set(direct) | set(children):
        size = direct.get(path, 0) + len(children.get(path, ()))
        kind = types.get(path, "") if isinstance(types, dict) and path is not None else ""
        pieces.add((str(kind) if path is not None else "<top>", size))
    dot_seconds = sum(predict(size) for _, size in pieces) / DOT_WORKERS
    largest = max((predict(size) for _, size in pieces), default=0.0)
    return float(max(dot_seconds, largest) + SECONDS_PER_NODE * graph.number_of_nodes())

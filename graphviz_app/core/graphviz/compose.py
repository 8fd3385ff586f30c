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
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import lru_cache
from typing import NamedTuple

import networkx as nx

from ...errors import LayoutError
from ...message import QT_TRANSLATE_NOOP, Message
from ..model.gc_pause import without_gc
from ..model.topology import collapsed_ancestor, parent_path
from ..view.display import DisplayGraph, ViewOptions
from .dot import (
    GRAPH_ATTRS,
    MAIN_EDGE_WEIGHT,
    MODULE_MARGIN,
    NODE_BOX,
    XPOS_ITERATIONS,
    label_text,
    quote,
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
LOST_EDGE = QT_TRANSLATE_NOOP("Explanation", "The composed layout lost the edge {source} -> {target}.")

__all__ = [
    "CLUSTER_LABEL_HEIGHT",
    "CLUSTER_PAD",
    "SINGLE_RUN_MAX_NODES",
    "ComposeJob",
    "ComposedLayout",
    "Composer",
    "PieceLayout",
    "anchor_shift",
    "can_compose",
    "composed_seconds",
    "keep_in_place",
    "should_compose",
]

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


def should_compose(display: DisplayGraph) -> bool:
    """Return True when ``display`` is laid out by composition (big, with clusters)."""
    return len(display.nodes) > SINGLE_RUN_MAX_NODES and bool(display.clusters)


class _Segment(NamedTuple):
    """One display edge's part inside one piece: between two items or ports of that piece."""

    edge: int
    """Index into ``display.edges``."""
    source: str
    """A display node id, a child cluster path (``"c:" + path``) or an in-port (``"p:"``)."""
    target: str
    main: bool


@dataclass
class _Piece:
    """A cluster (or the top level, path None) ready to be written as DOT and laid out."""

    path: str | None
    items: list[str]
    """Child cluster refs (``"c:" + path``) then direct node ids, in display order."""
    segments: list[_Segment]
    in_ports: list[int] = field(default_factory=list)
    """Edge indices entering the piece, in port order (``p0, p1, ...``)."""
    out_ports: list[int] = field(default_factory=list)
    """Edge indices leaving the piece, in port order (``q0, q1, ...``)."""
    text: str = ""
    names: dict[str, str] = field(default_factory=dict)
    """Item ref or port ref (``"p:<edge>"``/``"q:<edge>"``) -> canonical DOT id."""


@dataclass(frozen=True)
class ComposedLayout(Layout):
    """A composed :class:`~.layout.Layout` that also says what each module's drawing is made of,
    so a window can keep what did not change (its items live under their module's frame).

    Every item has a *home*: a node the cluster it is drawn in, an edge the innermost cluster
    holding both its ends, a cluster frame its parent (None: the top level).  An item's place
    relative to its home's top-left corner depends only on the home's piece and the pieces
    below it, so it is the same in two compositions whose ``subtrees`` tokens of that cluster
    are equal."""

    subtrees: dict[str, int] = field(default_factory=dict)
    """Cluster path -> a token, equal in two layouts of one :class:`Composer` exactly when the
    cluster's drawing relative to its top-left corner (every node, edge and frame inside it, with
    their display ids, sizes and labels) is the same."""
    edge_homes: tuple[str | None, ...] = ()
    """Per edge of ``edges`` (same order), its home cluster (None: the top level)."""


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


class Composer:
    """Lays out display graphs by composition, keeping every piece it laid out for reuse.

    ``cache`` (optional) is the on-disk layout cache; pieces are also kept in memory for the
    composer's lifetime, so an expand or collapse re-runs ``dot`` only for the pieces that
    changed (the toggled module and its ancestors).  ``dot_runs`` counts the pieces ``dot`` laid
    out, ``dot_processes`` the processes that did it (each reads a batch of pieces).
    :meth:`job` gives a cancellable run.  Not for two threads at once (the window runs one
    layout at a time).
    """

    def __init__(
        self, cache: LayoutCache | None = None, *, timeout: float | None = None, workers: int = DOT_WORKERS
    ) -> None:
        self.cache = cache
        self.timeout = timeout
        self.workers = max(1, workers)
        self.dot_runs = 0
        """Pieces laid out by ``dot`` (not found in memory or on disk)."""
        self.dot_processes = 0
        """``dot`` processes started (each lays out a batch of pieces)."""
        self.pieces: dict[str, PieceLayout] = {}
        self._lock = threading.Lock()
        self._texts: dict[str, str] = {}
        self._precise: set[str] = set()
        self._shapes: dict[str, tuple[int, str]] = {}
        self._subtrees: dict[str, tuple[tuple[object, ...], int]] = {}
        """Cluster path -> what its drawing was made of in the last composition, and its token."""
        self._drawings: dict[str, _Drawing] = {}
        """Cluster path -> its piece's share of the last composed layout (see :class:`_Drawing`)."""
        self.placed = 0
        """Pieces placed from their ``dot`` layout (their own nodes and edge parts)."""
        self.reused = 0
        """Pieces whose drawing was taken from the last composition, moved to their new place."""
        """Piece text -> its header's arguments (item count, direction)."""

    def job(self, display: DisplayGraph) -> ComposeJob:
        """Return a cancellable job composing ``display`` (``result()``, ``cancel()``)."""
        return ComposeJob(self, display)

    # -- planning -------------------------------------------------------------------------------
    def _plan(self, display: DisplayGraph) -> tuple[dict[str | None, _Piece], list[str | None]]:
        """Split ``display`` into pieces; return them and each edge's home (the innermost cluster
        holding both its ends; None: the top level)."""
        clusters = display.clusters
        pieces: dict[str | None, _Piece] = {}
        for path, cluster in clusters.items():
            pieces[path] = _Piece(path, [f"c:{c}" for c in cluster.children] + list(cluster.nodes), [])
        pieces[None] = _Piece(None, [f"c:{c}" for c in display.top_clusters()] + display.top_nodes(), [])
        chains: dict[str | None, list[str]] = {None: []}

        def chain(path: str | None) -> list[str]:
            """The clusters from the top down to ``path`` (not recursive: a function calling
            itself by name is a reference cycle, and its dict of 3,400 lists garbage only the
            cyclic collector frees)."""
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

        homes: list[str | None] = []
        for index, edge in enumerate(display.edges):
            cu = chain(display.nodes[edge.source].cluster)
            cv = chain(display.nodes[edge.target].cluster)
            common = 0
            while common < len(cu) and common < len(cv) and cu[common] == cv[common]:
                common += 1
            lca = cu[common - 1] if common else None
            # source side: innermost first, each cluster gets an out-port
            below = edge.source
            for path in reversed(cu[common:]):
                pieces[path].segments.append(_Segment(index, below, f"q:{index}", edge.main))
                pieces[path].out_ports.append(index)
                below = f"c:{path}"
            source_item = below
            below = edge.target
            for path in reversed(cv[common:]):
                pieces[path].segments.append(_Segment(index, f"p:{index}", below, edge.main))
                pieces[path].in_ports.append(index)
                below = f"c:{path}"
            pieces[lca].segments.append(_Segment(index, source_item, below, edge.main))
            homes.append(lca)
        return pieces, homes

    def _write(self, piece: _Piece, display: DisplayGraph) -> None:
        """Give ``piece`` its canonical names and DOT text (child pieces must be laid out)."""
        items = piece.items
        names = dict(zip(items, _item_names(len(items))))
        if piece.in_ports or piece.out_ports:
            item_pos = {item: k for k, item in enumerate(items)}
            inward = {s.edge: item_pos[s.target] for s in piece.segments if s.source[:2] == "p:"}
            outward = {s.edge: item_pos[s.source] for s in piece.segments if s.target[:2] == "q:"}
            piece.in_ports = sorted(piece.in_ports, key=lambda e: (inward[e], e))
            piece.out_ports = sorted(piece.out_ports, key=lambda e: (outward[e], e))
            for k, e in enumerate(piece.in_ports):
                names[f"p:{e}"] = f"p{k}"
            for k, e in enumerate(piece.out_ports):
                names[f"q:{e}"] = f"q{k}"
        out = [_header(len(items), display.rankdir)]
        extent = [0.0, 0.0]
        nodes = display.nodes
        for item in items:
            if item[:2] == "c:":
                width, height = self.pieces[self._texts[item[2:]]].box_size
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
    def _run_dot(self, texts: list[str], control: ComposeJob | None) -> list[Layout]:
        """Lay out ``texts`` in one ``dot`` process (it reads graph after graph: one start-up,
        ~15 ms here, instead of one per piece); return their layouts in order."""
        precise = any(t in self._precise for t in texts)
        job = LayoutJob(
            "".join(texts),
            self.timeout,
            ["-Tjson" if precise else "-Tjson0"],
            fallback=lambda: "".join(map(self._unlimited, texts)),
        )
        if control is not None:
            control.started(job)
        with self._lock:
            self.dot_runs += len(texts)
            self.dot_processes += 1
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
        for text in texts:
            while at < len(output) and output[at].isspace():
                at += 1
            try:
                doc, at = decoder.raw_decode(output, at)
            except ValueError:
                raise LayoutError(Message.of(STOPPED_PART)) from None
            layout = parse_json_layout(doc, warnings=job.warnings())
            check_complete(layout, text)
            layouts.append(layout)
        return layouts

    def _unlimited(self, text: str) -> str:
        """Return piece ``text`` with its header written again without ``nslimit``."""
        items, rankdir = self._shapes[text]
        return _header(items, rankdir, False) + text[len(_header(items, rankdir)) :]

    def _lay_out(self, texts: Iterable[str], control: ComposeJob | None) -> None:
        """Lay out the pieces of ``texts`` not known yet: from the disk cache, else by ``dot``
        (at most ``workers`` processes at once, the pieces shared out by size)."""
        todo = []
        for text in sorted({t for t in texts if t not in self.pieces}):
            cached = self.cache.get(text) if self.cache is not None else None
            if cached is None:
                todo.append(text)
            else:
                self.pieces[text] = PieceLayout(cached.width, cached.height, cached)
        if not todo:
            return
        if control is not None and control.cancelled:
            raise LayoutCancelled("The layout was cancelled.")
        batches: list[list[str]] = [[] for _ in range(min(self.workers, len(todo)))]
        loads = [0] * len(batches)
        for text in sorted(todo, key=len, reverse=True):  # biggest first, to the lightest batch
            lightest = loads.index(min(loads))
            batches[lightest].append(text)
            loads[lightest] += len(text)
        if len(batches) == 1:
            results = [self._run_dot(batches[0], control)]
        else:
            with ThreadPoolExecutor(max_workers=len(batches)) as pool:
                results = list(pool.map(lambda batch: self._run_dot(batch, control), batches))
        for batch, layouts in zip(batches, results):
            for text, layout in zip(batch, layouts):
                self.pieces[text] = PieceLayout(layout.width, layout.height, layout)
                if self.cache is not None:
                    self.cache.put(text, layout)

    def _tokens(
        self, display: DisplayGraph, pieces: dict[str | None, _Piece], order: list[str]
    ) -> dict[str, int]:
        """Give each cluster (``order``: children before parents) its subtree token: the last
        composition's when its piece, its items, their display nodes, its ports' edges, its
        label and its children's tokens are all the same (see :attr:`ComposedLayout.subtrees`)."""
        edges, nodes, clusters = display.edges, display.nodes, display.clusters
        tokens: dict[str, int] = {}
        previous, current = self._subtrees, {}
        for path in order:
            piece, cluster = pieces[path], clusters[path]
            made: tuple[object, ...] = (
                piece.text,
                cluster.label,
                tuple(piece.items),
                tuple(nodes[did] for did in cluster.nodes),
                tuple((edges[e].source, edges[e].target) for e in piece.in_ports),
                tuple((edges[e].source, edges[e].target) for e in piece.out_ports),
                tuple(tokens[child] for child in cluster.children),
            )
            old = previous.get(path)
            token = old[1] if old is not None and old[0] == made else next(_TOKENS)
            tokens[path] = token
            current[path] = (made, token)
        self._subtrees = current
        return tokens

    @without_gc  # hundreds of thousands of small tuples, none of them cyclic
    def compose(self, display: DisplayGraph, control: ComposeJob | None = None) -> Layout:
        """Return the composed Layout of ``display`` (node ids, cluster names as :mod:`.layout`).

        Raises LayoutError (``dot`` failed or ran past the timeout), LayoutCancelled (when
        ``control`` was cancelled).
        """
        pieces, homes = self._plan(display)
        self._texts = {}
        depth = {p: display.clusters[p].depth for p in display.clusters}
        levels: dict[int, list[str]] = {}
        for path, d in depth.items():
            levels.setdefault(d, []).append(path)
        for d in sorted(levels, reverse=True):  # deepest first: a parent needs its children's sizes
            for path in levels[d]:
                self._write(pieces[path], display)
                self._texts[path] = pieces[path].text
            self._lay_out((pieces[p].text for p in levels[d]), control)
        root = pieces[None]
        self._write(root, display)
        self._lay_out([root.text], control)
        order = sorted(depth, key=depth.__getitem__, reverse=True)
        subtrees = self._tokens(display, pieces, order)
        placement = _Placement(display, pieces, self.pieces, subtrees, self._drawings)
        placed = placement.layout(root)
        self._drawings = placement.drawings
        self.placed += placement.placed
        self.reused += placement.reused
        laid = ComposedLayout(
            width=placed.width,
            height=placed.height,
            nodes=placed.nodes,
            edges=placed.edges,
            clusters=placed.clusters,
            warnings=placed.warnings,
            rankdir=placed.rankdir,
            subtrees=subtrees,
            edge_homes=tuple(homes),
        )
        del pieces
        # The layout is long-lived (150,000 objects at 20k nodes, no cycles): frozen out of
        # collections, the first allocation once the collector is back does not scan it all
        # (0.1-0.2 s); gc_pause.settle() releases it with the graph it belongs to.
        gc.freeze()
        return laid


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


Point = tuple[float, float]


def _placed(
    points: tuple[Point, ...], ox: float, oy: float, start: Point | None, end: Point | None
) -> list[Point]:
    """Return bezier ``points`` moved by ``(ox, oy)``, with the first/last point then moved to
    ``start``/``end`` (when given).

    The move to a port fades along the curve (a point at fraction ``t`` of the way moves by
    ``1 - t`` of the start's move and ``t`` of the end's), so the curve bends gently toward the
    port instead of kinking at its end.
    """
    if (start is None and end is None) or len(points) < 2:
        return [(x + ox, y + oy) for x, y in points]
    last = len(points) - 1
    sx, sy = (start[0] - points[0][0] - ox, start[1] - points[0][1] - oy) if start else (0.0, 0.0)
    ex, ey = (end[0] - points[-1][0] - ox, end[1] - points[-1][1] - oy) if end else (0.0, 0.0)
    moved = [
        (x + ox + (sx * (last - i) + ex * i) / last, y + oy + (sy * (last - i) + ey * i) / last)
        for i, (x, y) in enumerate(points)
    ]
    if start is not None:
        moved[0] = start
    if end is not None:
        moved[-1] = end
    return moved


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


EdgeKey = tuple[str, str, int]
"""A display edge from one composition to the next (edge indices change with the display
graph): its source, its target, and which of the parallel edges between them it is."""


class _Drawing(NamedTuple):
    """One cluster's piece as it was placed in the last composed layout (its own nodes, its
    child clusters' boxes and the edge parts drawn in it, at ``origin``), kept so that a later
    composition where the cluster has the same subtree token moves it instead of placing it."""

    token: int
    origin: Point
    nodes: list[NodeBox]
    clusters: list[ClusterBox]
    parts: list[tuple[EdgeKey, tuple[int, int], list[Point]]]
    """Each edge part: the edge, where the part lies along it, its points (never changed)."""
    arrows: list[tuple[EdgeKey, tuple[Point, ...]]]


class _Placement:
    """Places laid-out pieces top-down and splices each edge's spline from its segments.

    A segment ending at a child's box is moved onto that child's port as soon as the child is
    placed (its origin and port are known then); each edge's segments are ordered by where they
    lie: the source's side from the innermost cluster outwards, the common piece, then the
    target's side inwards.

    A cluster whose subtree token (``tokens``) is the one its drawing in ``previous`` was
    placed with is not placed again: that drawing is moved to the cluster's new origin (its
    objects reused as they are when the origin did not change).  ``drawings`` is what the next
    composition gets as ``previous``.
    """

    def __init__(
        self,
        display: DisplayGraph,
        pieces: dict[str | None, _Piece],
        laid: dict[str, PieceLayout],
        tokens: dict[str, int] | None = None,
        previous: dict[str, _Drawing] | None = None,
    ) -> None:
        self.display = display
        self.pieces = pieces
        self.laid = laid
        self.tokens = tokens or {}
        self.previous = previous or {}
        self.drawings: dict[str, _Drawing] = {}
        self.placed = 0
        """Pieces placed from their ``dot`` layout."""
        self.reused = 0
        """Pieces moved from the previous composition."""
        self.nodes: dict[str, NodeBox] = {}
        self.clusters: list[ClusterBox] = []
        self.parts: list[list[tuple[tuple[int, int], list[Point]]]] = [[] for _ in display.edges]
        self.arrows: dict[int, tuple[Point, ...] | None] = {}
        self._pairs: dict[str, dict[tuple[str, str], list[EdgePath]]] = {}
        self._keys: list[EdgeKey] | None = None
        self._index: dict[EdgeKey, int] | None = None

    def _edge_keys(self) -> list[EdgeKey]:
        """Each display edge's :data:`EdgeKey`, in ``display.edges`` order."""
        if self._keys is None:
            seen: dict[tuple[str, str], int] = {}
            keys: list[EdgeKey] = []
            for edge in self.display.edges:
                pair = (edge.source, edge.target)
                count = seen.get(pair, 0)
                seen[pair] = count + 1
                keys.append((edge.source, edge.target, count))
            self._keys = keys
        return self._keys

    def _edge_index(self) -> dict[EdgeKey, int]:
        if self._index is None:
            self._index = {key: index for index, key in enumerate(self._edge_keys())}
        return self._index

    def layout(self, root: _Piece) -> Layout:
        laid_root = self.laid[root.text]
        stack: list[tuple[_Piece, Point, int]] = [(root, (0.0, 0.0), 0)]
        while stack:
            piece, origin, depth = stack.pop()
            self._place(piece, origin, depth, stack)
        edges = []
        arrows = self.arrows
        across = self.display.rankdir == "LR"
        for index, edge in enumerate(self.display.edges):
            parts = self.parts[index]
            if len(parts) == 1:  # both ends in one piece: most edges
                edges.append(EdgePath(edge.source, edge.target, tuple(parts[0][1]), arrows.get(index)))
                continue
            spline: list[Point] = []
            for _, points in sorted(parts, key=lambda part: part[0]):
                if spline:
                    points = list(points)  # the part is kept for the next composition as it is
                    _smooth_join(spline, points, across)
                    spline.extend(points[1:])
                else:
                    spline.extend(points)
            if not spline:
                raise LayoutError(Message.of(LOST_EDGE, source=edge.source, target=edge.target))
            edges.append(EdgePath(edge.source, edge.target, tuple(spline), self.arrows.get(index)))
        return Layout(
            width=laid_root.width,
            height=laid_root.height,
            nodes=self.nodes,
            edges=edges,
            clusters=self.clusters,
            warnings=(),
            rankdir=self.display.rankdir,
        )

    def _move(
        self, kept: _Drawing, origin: Point, depth: int, stack: list[tuple[_Piece, Point, int]]
    ) -> _Drawing:
        """Put ``kept`` (a drawing of the previous composition) at ``origin``; return it moved."""
        self.reused += 1
        dx, dy = origin[0] - kept.origin[0], origin[1] - kept.origin[1]
        if dx or dy:
            kept = _Drawing(
                kept.token,
                origin,
                [NodeBox(b.id, b.x + dx, b.y + dy, b.width, b.height) for b in kept.nodes],
                [ClusterBox(c.name, c.x + dx, c.y + dy, c.width, c.height, c.label) for c in kept.clusters],
                [(key, where, [(x + dx, y + dy) for x, y in points]) for key, where, points in kept.parts],
                [(key, tuple((x + dx, y + dy) for x, y in arrow)) for key, arrow in kept.arrows],
            )
        nodes, index, parts, arrows = self.nodes, self._edge_index(), self.parts, self.arrows
        for box in kept.nodes:
            nodes[box.id] = box
        self.clusters.extend(kept.clusters)
        for child in kept.clusters:
            inner = (child.x + CLUSTER_PAD, child.y + CLUSTER_PAD + CLUSTER_LABEL_HEIGHT)
            stack.append((self.pieces[child.name], inner, depth + 1))
        for key, where, points in kept.parts:
            parts[index[key]].append((where, points))
        for key, arrow in kept.arrows:
            arrows[index[key]] = arrow
        return kept

    def _place(
        self, piece: _Piece, origin: Point, depth: int, stack: list[tuple[_Piece, Point, int]]
    ) -> None:
        path = piece.path
        if path is not None:
            kept = self.previous.get(path)
            if kept is not None and kept.token == self.tokens.get(path):
                self.drawings[path] = self._move(kept, origin, depth, stack)
                return
        self.placed += 1
        drawing = self.laid[piece.text].layout
        boxes, names = drawing.nodes, piece.names
        ox, oy = origin
        child_origin: dict[str, tuple[float, float, _Piece]] = {}
        nodes, clusters = self.nodes, self.clusters
        own_nodes: list[NodeBox] = []
        own_clusters: list[ClusterBox] = []
        for item in piece.items:
            box = boxes[names[item]]
            if item[:2] == "c:":
                path_below = item[2:]
                left, top = ox + box.x - box.width / 2, oy + box.y - box.height / 2
                cluster = ClusterBox(
                    path_below, left, top, box.width, box.height, self.display.clusters[path_below].label
                )
                clusters.append(cluster)
                own_clusters.append(cluster)
                inner = (left + CLUSTER_PAD, top + CLUSTER_PAD + CLUSTER_LABEL_HEIGHT)
                child = self.pieces[path_below]
                child_origin[item] = (inner[0], inner[1], child)
                stack.append((child, inner, depth + 1))
            else:
                node = nodes[item] = NodeBox(item, ox + box.x, oy + box.y, box.width, box.height)
                own_nodes.append(node)
        by_pair = self._pairs.get(piece.text)
        if by_pair is None:
            by_pair = self._pairs[piece.text] = {}
            for drawn in drawing.edges:
                by_pair.setdefault((drawn.source, drawn.target), []).append(drawn)
        taken: dict[tuple[str, str], int] = {}
        parts, arrows, laid = self.parts, self.arrows, self.laid
        keys = self._edge_keys()
        own_parts: list[tuple[EdgeKey, tuple[int, int], list[Point]]] = []
        own_arrows: list[tuple[EdgeKey, tuple[Point, ...]]] = []
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
            kind = source[:2]
            if kind == "c:":
                cx, cy, child = child_origin[source]
                port = laid[child.text].layout.nodes[child.names[f"q:{seg.edge}"]]
                start = (cx + port.x, cy + port.y)
            elif kind == "p:":
                port = boxes[pair[0]]
                start = (ox + port.x, oy + port.y)
                where = inward
            kind = target[:2]
            if kind == "c:":
                cx, cy, child = child_origin[target]
                port = laid[child.text].layout.nodes[child.names[f"p:{seg.edge}"]]
                end = (cx + port.x, cy + port.y)
            elif kind == "q:":
                port = boxes[pair[1]]
                end = (ox + port.x, oy + port.y)
                where = outward
            elif spline.arrow:
                arrow = arrows[seg.edge] = tuple((x + ox, y + oy) for x, y in spline.arrow)
                own_arrows.append((keys[seg.edge], arrow))
            points = _placed(spline.points, ox, oy, start, end)
            parts[seg.edge].append((where, points))
            own_parts.append((keys[seg.edge], where, points))
        if path is not None:
            self.drawings[path] = _Drawing(
                self.tokens[path], origin, own_nodes, own_clusters, own_parts, own_arrows
            )


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


def keep_in_place(before: Layout, after: Layout, anchor: str) -> Layout:
    """Return ``after`` moved (only translated) by :func:`anchor_shift`: module ``anchor``
    where it was in ``before``; ``after`` unchanged when the anchor is in neither layout."""
    shift = anchor_shift(before, after, anchor)
    return after if shift is None else translated(after, *shift)


def translated(layout: Layout, dx: float, dy: float) -> Layout:
    """Return ``layout`` with every position moved by ``(dx, dy)`` (sizes unchanged)."""

    def move(points: Iterable[Point]) -> tuple[Point, ...]:
        return tuple((x + dx, y + dy) for x, y in points)

    return Layout(
        width=layout.width,
        height=layout.height,
        nodes={k: NodeBox(b.id, b.x + dx, b.y + dy, b.width, b.height) for k, b in layout.nodes.items()},
        edges=[
            EdgePath(
                e.source,
                e.target,
                move(e.points),
                move(e.arrow) if e.arrow else None,
                e.label,
                (e.label_pos[0] + dx, e.label_pos[1] + dy) if e.label_pos else None,
            )
            for e in layout.edges
        ],
        clusters=[
            ClusterBox(c.name, c.x + dx, c.y + dy, c.width, c.height, c.label) for c in layout.clusters
        ],
        warnings=layout.warnings,
        rankdir=layout.rankdir,
    )


SECONDS_PER_NODE = 60e-6
"""Measured (``bench/compose.py``): planning, canonical texts, placement and splicing cost
25-30 µs per display node (0.5 s for the 20,000-node stacks, ``dot`` not counted), and building
the display graph about as much again (``core.view.display``): 60 µs per graph node for both."""


def can_compose(graph: nx.DiGraph, options: ViewOptions) -> bool:
    """Return True when ``graph`` under ``options`` would be composed (see :func:`should_compose`),
    judged from the graph alone: more than SINGLE_RUN_MAX_NODES nodes, clusters drawn, modules."""
    if graph.number_of_nodes() <= SINGLE_RUN_MAX_NODES or not options.clusters:
        return False
    return any(module for _, module in graph.nodes(data="module"))


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
    for _, module in graph.nodes(data="module"):
        rep = collapsed_ancestor(module, collapsed, cache)
        if rep is not None:
            if rep in drawn:
                continue  # a collapsed module is one node
            drawn.add(rep)
        home = parent_path(rep) if rep is not None else module
        direct[home] = direct.get(home, 0) + 1
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

"""From a display graph to its picture: the one path the window, every export and the bench take.

* :func:`~.compose.should_compose` chooses: one ``dot`` run of the whole picture, or composition module by
  module (:mod:`.compose`, for big graphs with modules).
* :func:`layout_job` lays the picture out as the window shows it, as a cancellable job:
  composed, or one ``dot`` run through the layout cache.  That run reads the picture's DOT
  without what only paints (:meth:`~.dot.DotGraph.text`, ``paint=False``): colours never move a
  node, and the text ``dot`` reads is the cache's key, so a colour change reuses the layout and
  any change that could move something does not.  Given a time ``budget``, a run the cost model
  (:mod:`.cost`) predicts slower gets Graphviz's iteration limits.
* :func:`picture` is what an export draws: the painted DOT and the Graphviz program that draws
  it; for a composed picture that is ``neato -n2`` (:data:`PINNED_PROGRAM`) and the DOT with
  every position written in from the composed layout (:func:`placement`), so the image shows
  what the window shows.  A composed picture's SVG is written straight from its layout
  (:mod:`.svg_drawing`: no pinned text, no ``neato`` run); its DOT text is written only when
  another format asks for it.
* :func:`~.dot.dot_graph` is the painted DOT as data, painted as a :class:`~.dot.Paint` says
  (the ``.dot`` export writes its text).

Values badges are laid out with the graph when a ``room`` is given (per graph node, the badge
of the graph's final state: :func:`~.values.values_badges`): each becomes a node beside its
node (:mod:`.dot`), so the layout keeps them clear of everything else, and every step of it
draws in the same place.  A composed picture has no badge nodes (its badges are xlabels).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from functools import cached_property, partial

import networkx as nx

from ...errors import LayoutError
from ...wire.message import QT_TRANSLATE_NOOP, Message
from ..view.colors import ColorMode
from ..view.display import DisplayGraph
from . import cost
from .compose import ComposeJob, Composer, should_compose
from .dot import LEGEND_ID, DotGraph, Paint, Placement, badge_id, dot_graph, quote
from .layout import Layout, LayoutJob, encode_id
from .layout_cache import CachedLayoutJob, LayoutCache
from .svg_drawing import LEGEND_GAP, arrow_tip, drawable, legend_drawing, svg_drawing

NO_PLACE = QT_TRANSLATE_NOOP("Explanation", "The composed layout has no place for the node {node}.")


PINNED_PROGRAM = ("neato", "-n2")
"""Graphviz's way to draw a graph whose nodes (``pos``, points), edges (``pos`` splines) and
clusters (``bb``) are already placed: no layout runs again."""


class LayoutRun:
    """One layout of a display graph another thread can cancel: ``result()`` blocks and returns
    the Layout, ``cancel()`` stops it (``result()`` then raises LayoutCancelled)."""

    def __init__(
        self,
        job: ComposeJob | CachedLayoutJob,
        *,
        text: str | None = None,
        estimate: cost.CostEstimate | None = None,
        cache: LayoutCache | None = None,
    ) -> None:
        self.job = job
        self.composed = isinstance(job, ComposeJob)
        """True when composed module by module, False for one ``dot`` run."""
        self.text = text
        """The text ``dot`` lays out (one run), which is also its cache key; None when composed."""
        self.estimate = estimate
        """The cost model's estimate of the one run, when a budget was given."""
        self.cache = cache
        self.badges: dict[str, tuple[str, ...]] = {}
        """The lines each badge node has room for (the Layout's ``badges``)."""

    def cached(self) -> bool:
        """Return True when the cache holds this run's layout (a composed one: False); answered
        at once, without running Graphviz (:meth:`.LayoutCache.holds`)."""
        return self.cache is not None and self.text is not None and self.cache.holds(self.text)

    def result(self) -> Layout:
        """Return the layout; with badges, without the frameless cluster and the tie of each
        badge node (a badge's box stays in ``nodes`` under :func:`~.dot.badge_id`)."""
        layout = self.job.result()
        if not self.badges:
            return layout
        ties = {badge_id(did) for did in self.badges}
        return replace(
            layout,
            badges=self.badges,
            clusters=[c for c in layout.clusters if c.name not in ties],
            edges=[e for e in layout.edges if e.target not in ties],
        )

    def cancel(self) -> None:
        self.job.cancel()


def layout_job(
    display: DisplayGraph,
    graph: nx.DiGraph,
    *,
    composer: Composer | None = None,
    cache: LayoutCache | None = None,
    timeout: float | None = None,
    mode: ColorMode = "device",
    budget: float | None = None,
    graph_attrs: Mapping[str, str] | None = None,
    room: Mapping[str, str] | None = None,
) -> LayoutRun:
    """Return the job laying ``display`` (of ``graph``) out: composed by ``composer`` (a fresh
    one with ``cache`` when None) when :func:`~.compose.should_compose` says so, else one ``dot`` run of its
    DOT without paint through ``cache``, with a badge node beside each node ``room`` (per graph
    node: its badge's text) gives a badge (the Layout's ``badges`` names them).

    ``graph_attrs`` adds graph attributes to the one run (a :class:`~.cost.Recommendation`'s);
    with a ``budget`` (seconds), a run :func:`~.cost.estimate` predicts slower also gets
    :data:`~.cost.LIMIT_ATTRS`.  ``mode`` is the colour mode painted (it moves nothing).
    """
    if should_compose(display):
        composer = composer if composer is not None else Composer(cache, timeout=timeout)
        return LayoutRun(composer.job(display))
    attrs = dict(graph_attrs or {})
    estimate = cost.estimate(display) if budget is not None else None
    if estimate is not None and budget is not None and estimate.seconds > budget:
        attrs.update(cost.LIMIT_ATTRS)
    source = dot_graph(display, graph, Paint(mode=mode, room=room), attrs)
    text = source.text(paint=False)
    job = CachedLayoutJob(text, cache, timeout, fallback=partial(source.text, paint=False, nslimit=False))
    run = LayoutRun(job, text=text, estimate=estimate, cache=cache)
    run.badges = dict(source.rooms)
    return run


@dataclass(frozen=True, eq=False)
class Picture:
    """What an export draws: DOT :attr:`text` for the Graphviz ``program`` (with its arguments)."""

    write: Callable[[], str]
    """Writes the DOT text (once, when :attr:`text` is first asked for)."""
    program: tuple[str, ...]
    fallback: Callable[[], str] | None
    """The text again without ``nslimit``, for a crash's retry (None: nothing is laid out)."""
    layout: Layout | None
    """The composed layout the text holds (None: the program lays it out)."""
    names: frozenset[str] = frozenset()
    """Every node the text declares, as Graphviz names it back (decoded; empty: not known)."""
    edges: int = -1
    """How many edges the drawing shows (invisible ones not counted; -1: not known)."""
    svg: Callable[[], bytes] | None = None
    """Writes the SVG drawing itself, without ``program`` (a composed picture's, from its
    layout: :func:`~.svg_drawing.svg_drawing`); None: ``program`` draws it."""

    @cached_property
    def text(self) -> str:
        """The DOT text ``program`` draws."""
        return self.write()


def picture(
    display: DisplayGraph,
    graph: nx.DiGraph,
    paint: Paint = Paint(),
    *,
    composer: Composer | None = None,
    cache: LayoutCache | None = None,
    timeout: float | None = None,
) -> Picture:
    """Return what draws ``display`` (of ``graph``) painted as ``paint`` says: one ``dot`` run
    of its DOT, or a composed layout (laid out now) written into it for :data:`PINNED_PROGRAM`
    (and, where :func:`~.svg_drawing.drawable`, drawn as SVG from the layout itself).

    Raises LayoutError (``dot`` failed or ran past ``timeout``) and GraphvizNotFoundError; the
    DOT text and the SVG, written when asked for, raise them too (sizing the legend).
    """
    if not should_compose(display):
        source = dot_graph(display, graph, paint)
        return Picture(
            source.text, ("dot",), partial(source.text, nslimit=False), None, *_drawn(source, True)
        )
    source = dot_graph(display, graph, replace(paint, room=None))
    layout = layout_job(display, graph, composer=composer, cache=cache, timeout=timeout).result()

    def pinned() -> str:
        return source.text(placed=placement(source, layout, timeout=timeout))

    def svg() -> bytes:
        _placed(source, layout)
        return svg_drawing(source, layout, legend_drawing(source, timeout))

    return Picture(
        pinned,
        PINNED_PROGRAM,
        None,
        layout,
        *_drawn(source, False),
        svg=svg if drawable(source) else None,
    )


def _drawn(source: DotGraph, badges: bool) -> tuple[frozenset[str], int]:
    """Return the node names and the number of visible edges of ``source``'s text (with its
    badge nodes, when ``badges``: a composed text has none)."""
    names = set(source.nodes)
    edges = len(source.edges)
    if badges:
        names.update(badge_id(did) for did in source.badges)
        edges += sum(1 for attrs in source.links.values() if "invis" not in attrs.get("style", ""))
    if source.legend is not None:
        names.add(LEGEND_ID)
    return frozenset(names), edges


def _placed(source: DotGraph, layout: Layout) -> None:
    """Raise LayoutError when a node of ``source`` has no place in ``layout``."""
    boxes = layout.nodes
    for did in source.nodes:
        if did not in boxes:
            raise LayoutError(Message.of(NO_PLACE, node=quote(encode_id(did))))


def _legend_size(source: DotGraph, timeout: float | None) -> tuple[float, float]:
    """Return the legend node's size (points), laid out alone by ``dot`` (one small run)."""
    box = LayoutJob(source.legend_text(), timeout).result().nodes[LEGEND_ID]
    return box.width, box.height


def placement(source: DotGraph, layout: Layout, *, timeout: float | None = None) -> Placement:
    """Return ``layout``'s positions for :meth:`~.dot.DotGraph.text` of ``source`` (points, y
    up); the legend (if any) goes right of the drawing, at its top.

    Raises LayoutError when a node of ``source`` has no place in ``layout`` (or ``dot`` fails
    to size the legend).
    """
    height = layout.height

    def xy(x: float, y: float) -> str:
        return f"{x:.2f},{height - y:.2f}"

    boxes = layout.nodes
    nodes: dict[str, str] = {}
    for did in source.nodes:
        box = boxes.get(did)
        if box is None:
            raise LayoutError(Message.of(NO_PLACE, node=quote(encode_id(did))))
        nodes[did] = xy(box.x, box.y)
    edges: dict[tuple[str, str], list[str]] = {}
    for edge in layout.edges:
        points = [f"{x:.2f},{height - y:.2f}" for x, y in edge.points]  # (xy, inlined: 100,000s)
        if (tip := arrow_tip(edge)) is not None:
            points.insert(0, f"e,{xy(*tip)}")
        edges.setdefault((edge.source, edge.target), []).append(" ".join(points))
    clusters = {
        c.name: f"{c.x:.2f},{height - c.y - c.height:.2f},{c.x + c.width:.2f},{height - c.y:.2f}"
        for c in layout.clusters
    }
    width = layout.width
    if source.legend is not None:
        legend_width, legend_height = _legend_size(source, timeout)
        nodes[LEGEND_ID] = f"{width + LEGEND_GAP + legend_width / 2:.2f},{height - legend_height / 2:.2f}"
        width += LEGEND_GAP + legend_width
    return Placement(f"0,0,{width:.2f},{height:.2f}", nodes, edges, clusters)

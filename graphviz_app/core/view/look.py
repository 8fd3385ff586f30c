"""How each node and edge looks: one set of rules, drawn by the DOT writer and the Qt scene.

The look of a node (fill, text colour, outline, dash, badge) and of an edge (plain, a step's
marked edge, a device transfer, an edge of the selected node, the selected edge) follows from
the display graph, the colour mode's fills and the view state (style layers, the selected node
or edge, the step's marked edges; :mod:`.view_model` holds it).
:func:`node_look` and :func:`edge_look` decide it; ``core.graphviz.dot`` writes it as DOT attributes and
``qt.canvas.scene`` paints it, adapting only the theme (a dark background lightens plain edges
and darkens outlines), so an exported image at a step shows what the window shows.
"""

from __future__ import annotations

import threading
import weakref
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Literal

import networkx as nx

from ...wire.message import Message
from ..model.values import NO_GRAD
from . import colors
from .display import DisplayEdge, DisplayNode

STEP_COLOR = "#d81b60"
"""A step's marked edges (the inputs just used, the gradient flowing) and its outline."""
STEP_EDGE_WIDTH = 3.0
SELECTION_COLOR = "#1a73e8"
SELECTED_EDGE_WIDTH = 2.0
"""An edge of the selected node."""
EDGE_SELECTION_WIDTH = 3.0
"""The selected edge itself (an edge selected on its own, as the Inspector describes it)."""
TRANSFER_EDGE_WIDTH = 2.5
EDGE_COLOR = "#555555"
EDGE_WIDTH = 1.0
DEFAULT_PEN = "#000000"
FAILED_PEN = "#D50000"
"""The outline of the node where backward failed."""
FAILED_PEN_WIDTH = 3.0
GHOST_FILL = "#F4F4F4"
GHOST_PEN = "#B0B0B0"
GHOST_FONT = "#A0A0A0"
CLUSTER_FILLS = ("#F7F7F7", "#EFEFEF", "#E7E7E7", "#DFDFDF")
CLUSTER_PEN = "#BDBDBD"
CLUSTER_FONT = "#555555"
BADGE_FILL = "#fff8c4"
BADGE_BORDER = "#3c4043"
BADGE_INK = "#202124"
BADGE_MUTED_INK = "#80868b"
"""Badge lines of inputs that do not require grad."""


@dataclass(frozen=True)
class NodeStyle:
    """Per-graph-node drawing overrides (stepping, search highlights...).

    ``fill``/``pen`` are ``"#rrggbb"``; ``ghost`` draws the node light gray and dotted ("not
    yet created"); ``extra_label`` is a badge beside the node (``"‖g‖=0.50"``).
    """

    fill: str | None = None
    pen: str | None = None
    penwidth: float | None = None
    dashed: bool = False
    ghost: bool = False
    extra_label: str | None = None
    badge: Message | None = field(default=None, compare=False)
    """``extra_label`` as words and values, for the window to show in its language (the DOT
    writer and the exports draw ``extra_label``, its English)."""

    @classmethod
    def badged(cls, badge: Message | None, **style: object) -> NodeStyle:
        """A style with ``badge`` (its English as ``extra_label``), and ``style``'s other fields."""
        text = badge.english() if badge is not None else None
        return cls(extra_label=text or None, badge=badge if text else None, **style)  # type: ignore[arg-type]


@dataclass(frozen=True)
class NodeLook:
    """What a drawn node looks like (light theme)."""

    fill: str
    text: str
    pen: str = DEFAULT_PEN
    pen_width: float = 1.0
    dashed: bool = False
    ghost: bool = False
    highlighted: bool = False
    """The outline was set by a style layer (a step, a search match, the source line)."""
    badge: str | None = None


EdgeKind = Literal["plain", "step", "transfer", "selected"]


@dataclass(frozen=True)
class EdgeLook:
    """What a drawn edge looks like (light theme)."""

    kind: EdgeKind
    color: str
    width: float
    label: str | None = None
    """A device transfer's ``cpu → cuda:0``."""
    flow: int = 0
    """A step's edge: 1 when the dashes run with the arrow (forward), -1 against it."""
    selected_edge: bool = False
    """The selected edge: its kind's look (a step's dashes, a transfer's label) in
    ``SELECTION_COLOR``, ``EDGE_SELECTION_WIDTH`` wide."""


@dataclass(frozen=True)
class ViewState:
    """What the user chose to see: colour-mode fills, style layers, selection, a step."""

    fills: Mapping[str, str]
    """Per graph node, the colour mode's colour."""
    styles: Mapping[str, NodeStyle] | None = None
    """Per graph node, style overrides (the merged style layers)."""
    selected: str | None = None
    """The selected display id (its edges are drawn in ``SELECTION_COLOR``)."""
    marked: frozenset[tuple[str, str]] = field(default_factory=frozenset)
    """Graph edges a step marks (producer -> consumer)."""
    flow_backward: bool = False
    selected_edge: tuple[str, str] | None = None
    """The selected drawn edge (source and target display ids), drawn in ``SELECTION_COLOR``."""


def merged_style(node: DisplayNode, styles: Mapping[str, NodeStyle] | None) -> NodeStyle | None:
    """Return the style of a display node from its members' styles.

    One member: its style.  Several (a collapsed module): ghost only when every member is
    ghosted, otherwise the first non-ghost member style that sets something.
    """
    if not styles:
        return None
    found = [styles[m] for m in node.members if m in styles]
    if not found:
        return None
    if len(node.members) == 1:
        return found[0]
    if len(found) == len(node.members) and all(s.ghost for s in found):
        return found[0]
    for style in found:
        if not style.ghost and (
            style.fill or style.pen or style.penwidth or style.dashed or style.extra_label
        ):
            return style
    return None


MAJORITY_KEPT = 64
"""A collapsed module of at least this many members keeps its majority fill (:func:`node_fill`):
counting 300 members takes about 50 µs, looking the fill up 1 µs (a 20,000-node graph's first
view of 67 modules was counted again by the DOT writer and by the scene, 0.07 s of the GUI
thread, after the reading thread had counted it)."""
_majorities: weakref.WeakKeyDictionary[DisplayNode, tuple[Mapping[str, str], str]] = (
    weakref.WeakKeyDictionary()
)
"""Per big display node (while it lives): the fills its majority was counted in, and the fill."""
_majorities_lock = threading.Lock()


def node_fill(node: DisplayNode, fills: Mapping[str, str]) -> str:
    """Return a display node's fill: its member's colour, or a module's majority colour (or
    its members' sum's, in a mode that sums).

    A module of :data:`MAJORITY_KEPT` members or more is counted once per fills mapping (the
    shared, never changed ``colors.node_colors``): the DOT writer and the scene, and the thread
    that prepares a new graph's view ahead, then ask for it at no cost."""
    if len(node.members) == 1:
        return fills.get(node.members[0], colors.NEUTRAL_COLOR)
    if len(node.members) < MAJORITY_KEPT:
        return _majority_fill(node.members, fills, node.module if node.kind == "module" else None)
    with _majorities_lock:
        kept = _majorities.get(node)
    if kept is not None and kept[0] is fills:
        return kept[1]
    fill = _majority_fill(node.members, fills, node.module if node.kind == "module" else None)
    with _majorities_lock:
        _majorities[node] = (fills, fill)
    return fill


def _majority_fill(members: tuple[str, ...], fills: Mapping[str, str], module: str | None = None) -> str:
    """The colour most members have (the first member's of those tied); for fills that colour a
    module by its members' sum (``colors.SummedFills``), the colour of that sum (``module``'s)."""
    if isinstance(fills, colors.SummedFills):
        return fills.group(members, module)
    counts = Counter(fills.get(m, colors.NEUTRAL_COLOR) for m in members)
    return max(counts, key=counts.__getitem__)  # (a Counter keeps first-seen order: ties go to it)


def look_of(fill: str, style: NodeStyle | None) -> NodeLook:
    """Return the look of a node filled ``fill`` with the (merged) ``style``."""
    if style is None:
        return _plain_look(fill)
    width = style.penwidth or 1.0
    if style.ghost:
        return NodeLook(GHOST_FILL, GHOST_FONT, GHOST_PEN, width, ghost=True, badge=style.extra_label)
    fill = style.fill or fill
    return NodeLook(
        fill,
        colors.text_color(fill),
        style.pen or DEFAULT_PEN,
        width,
        dashed=style.dashed,
        highlighted=bool(style.pen),
        badge=style.extra_label,
    )


@lru_cache(maxsize=4096)
def _plain_look(fill: str) -> NodeLook:
    """The look of a node filled ``fill`` without a style: one (immutable) object per fill,
    shared by the tens of thousands of nodes a big graph paints alike."""
    return NodeLook(fill, colors.text_color(fill))


def badge_lines(badge: str | None) -> list[tuple[str, bool]]:
    """Return a badge's lines, each with whether it is drawn greyed (``BADGE_MUTED_INK``): an
    input that does not require grad (``x = [1, 2] (no grad)``, :func:`.values.constant_line_messages`)."""
    if not badge:
        return []
    return [(line, line.endswith(NO_GRAD)) for line in badge.split("\n")]


def node_look(node: DisplayNode, state: ViewState) -> NodeLook:
    """Return how ``node`` looks in ``state``."""
    return look_of(node_fill(node, state.fills), merged_style(node, state.styles))


def edge_look(
    edge: DisplayEdge, graph: nx.DiGraph, transfers: set[tuple[str, str]], state: ViewState
) -> EdgeLook:
    """Return how ``edge`` looks: a step's marked edge > a device transfer > an edge of the
    selected node > plain; the selected edge keeps its kind, drawn in the selection colour.
    ``transfers``: ``colors.transfer_edges(graph)``."""
    found = _edge_kind_look(edge, graph, transfers, state)
    if state.selected_edge is not None and state.selected_edge == (edge.source, edge.target):
        kind: EdgeKind = "selected" if found.kind == "plain" else found.kind
        return replace(
            found, kind=kind, color=SELECTION_COLOR, width=EDGE_SELECTION_WIDTH, selected_edge=True
        )
    return found


_PLAIN_EDGE = EdgeLook("plain", EDGE_COLOR, EDGE_WIDTH)
"""How most edges look (one immutable object for all of them)."""


def _edge_kind_look(
    edge: DisplayEdge, graph: nx.DiGraph, transfers: set[tuple[str, str]], state: ViewState
) -> EdgeLook:
    if state.marked and any(e in state.marked for e in edge.graph_edges):
        return EdgeLook("step", STEP_COLOR, STEP_EDGE_WIDTH, flow=-1 if state.flow_backward else 1)
    moved = next((e for e in edge.graph_edges if e in transfers), None) if transfers else None
    if moved is not None:
        src, dst = graph.nodes[moved[0]].get("device"), graph.nodes[moved[1]].get("device")
        return EdgeLook(
            "transfer", colors.device_edge_color(dst), TRANSFER_EDGE_WIDTH, label=f"{src} → {dst}"
        )
    if state.selected is not None and state.selected in (edge.source, edge.target):
        return EdgeLook("selected", SELECTION_COLOR, SELECTED_EDGE_WIDTH)
    return _PLAIN_EDGE


def cluster_fill(depth: int) -> str:
    """Return the fill of a module box ``depth`` levels deep (deeper is darker)."""
    return CLUSTER_FILLS[min(depth, len(CLUSTER_FILLS)) - 1]

"""DOT for a display graph: shapes, colors, per-node styles, clusters and a legend.

:func:`dot_graph` returns the picture as data (a :class:`DotGraph`: attributes per graph, node,
cluster and edge), which writes itself as DOT text: painted (:meth:`DotGraph.text`, what exports
render), without the attributes that only paint (what ``dot`` lays out, and so the layout
cache's key), without the ``nslimit`` budget (a crash's retry), or with every position written
in (:class:`Placement`, a composed picture drawn by ``neato -n2``).

The output is deterministic (same graph and options -> same text) and tuned to keep ``dot`` fast
on big graphs (see ``GRAPH_ATTRS``).  Node ids are the display ids, quoted; clusters are named
``cluster_<module path>``; the legend node (exports only) is ``LEGEND_ID``.

Values badges are laid out with the graph: each node given room (``room``, the badges of the
graph's final state) gets a badge node, ``<id>~badge`` (:func:`badge_id`, class ``badge``), in
its cluster, tied to it by a short dotted edge (class ``badge-link``) of ``minlen=0``, so ``dot``
ranks it with its node and puts it beside it (right of it; below it left to right), keeping
nodes, edges, frames and other badges off it.  Its rows are the room's lines; a step shows the
lines known by then and leaves the others' place empty, so every step has the same layout.  A
badge without room (a composed picture, or no room asked for) is an ``xlabel``, as before.
"""

from __future__ import annotations

import html
import itertools
import textwrap
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

import networkx as nx

from ...language import words
from ...wire.message import QT_TRANSLATE_NOOP, Message, Template
from ..view import colors, look
from ..view.colors import ColorMode
from ..view.display import DisplayGraph, DisplayNode, enters_cluster
from ..view.look import NodeStyle, ViewState, merged_style
from .layout import encode_id

FONT = "Helvetica"
FONT_SIZE = 10
CLUSTER_PREFIX = "cluster_"
LEGEND_ID = "__legend__"

GRAPH_ATTRS: dict[str, str] = {
    "rankdir": "TB",  # inputs at the top, outputs at the bottom
    "nodesep": "0.25",
    "ranksep": "0.35",
    "splines": "spline",  # "ortho" is 3-4x slower and crashes dot 2.43 on some graphs
    "remincross": "false",  # no second crossing pass over clusters: slower, rarely better
    "outputorder": "edgesfirst",
    "fontname": FONT,
}
"""Graph attributes.  Measured with ``dot`` 2.43 on synthetic graphs of 400-5,000 nodes:
``mclimit``/``searchsize`` changed neither the time nor the result much (``mclimit=0.5`` made
some layouts 3x wider), so they keep their defaults.  What costs time on big graphs is the
network simplex that places nodes horizontally; :meth:`DotGraph.text` bounds it with ``nslimit``
(see ``XPOS_ITERATIONS``)."""

UNCLUSTERED_ATTRS: dict[str, str] = {"newrank": "true"}
"""Graph attributes of a drawing without clusters or rank sets.  Graphviz 2.43 (Debian's) ranks
with ``cleanup1`` (``lib/dotgen/rank.c``), which for each edge scans every edge of the graph:
25-35% of a 700-2,000-node run (GPT-2's loss, 724 nodes: 113 -> 87 ms; an LSTM's 1,905: 552 ->
362 ms).  ``newrank`` ranks by the same network simplex without that scan; without clusters it
gives the same drawing where the ranks are unique (ties between equally short rankings may
fall otherwise).  With clusters or ``rank=min``/``max`` sets the two rank differently, so those
keep the default.  Later Graphviz (the packaged engine's among them) scans only a node's own
edges there and takes the same time either way."""

XPOS_ITERATIONS = 1000
"""Iteration budget of dot's x-coordinate network simplex, given as ``nslimit = budget / nodes``.
Graphs up to a few thousand nodes converge well within it (a 3,400-node transformer needs
~4,900 iterations: 3.4 s -> 1.0 s with the budget, 10% wider); a 3,000-node tangled graph went
from 20 s to 3 s; a 400-node RNN with one weight feeding 100 far-apart steps (hub splitting
off) from over 15 minutes to 12 s."""

MODULE_MARGIN = "0.08,0.1"
"""A collapsed module's label margin (inches): the 3-D box's top face takes 4 points off the
top, and Graphviz centres the label in the whole box, so its name needs more room above than
an op's ``0.04``."""

MAIN_EDGE_WEIGHT = 4
"""``weight`` of an op's main input (see DisplayEdge.main): keeps long chains straight."""
BADGE_FONT_SIZE = 8
BADGE_SUFFIX = "~badge"
"""A badge node's id is its node's display id and this (an encoded id never holds a bare ``~``)."""
BADGE_CLASS = "badge"
"""The SVG class of a badge node (Graphviz writes ``class="node badge"``)."""
BADGE_LINK_CLASS = "badge-link"
"""The SVG class of the dotted edge tying a badge to its node."""
BADGE_LINK_WEIGHT = 20
"""``weight`` of a badge's tie: dot pulls the badge close beside its node."""
CAPTION_CHARS = 72
"""A caption wraps at this many characters, or at the drawing's estimated width if wider."""


def quote(text: str) -> str:
    """Return ``text`` as a DOT double-quoted string (backslashes, quotes, newlines escaped)."""
    text = str(text)
    if "\\" in text or '"' in text or "\n" in text or "\r" in text:
        text = text.replace("\\", "\\\\").replace('"', '\\"')
        text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\n", "\\n")
    return f'"{text}"'


NODE_BOX = f'shape=box, fontname={quote(FONT)}, fontsize={FONT_SIZE}, height="0.3", margin="0.08,0.04"'
"""The node defaults that size an op's box: one source for :meth:`DotGraph.text` and the composed
pieces (:mod:`.compose`), so a composed picture lays out the boxes a single run would."""


def label_text(lines: tuple[str, ...] | list[str]) -> str:
    """Return label lines as one quoted DOT label (lines centered)."""
    return quote("\n".join(" ".join(str(line).split()) for line in lines))


WIDE_EM = 0.95
"""A full-width character's advance (Hangul, CJK) in ems: Noto Sans CJK draws Hangul at about 0.91."""
NARROW_EM = 0.56
"""Any other character's advance in ems: generous for Helvetica (about 0.5 on average in names)."""
LABEL_MARGIN_POINTS = 2 * 0.08 * 72 + 2
"""The box's left and right margins around its text (``margin`` 0.08 in) and a little room."""


def wide_label_width(lines: tuple[str, ...] | list[str]) -> str | None:
    """Return a ``width`` (inches) fitting label ``lines`` that hold full-width characters
    (Korean, CJK), or None for other labels.

    Graphviz sizes a box from its own measure of the text; graphviz-pure measures from built-in
    Helvetica tables and counts a character they lack as a space (0.28 em where Hangul is about
    1 em), so such boxes come out too narrow.  ``width`` is a minimum (the node is not
    ``fixedsize``): where an engine measures the text wider it keeps its own size."""
    if all(line.isascii() for line in lines):
        return None
    widest = 0.0
    wide = False
    for line in lines:
        ems = 0.0
        for char in " ".join(str(line).split()):
            if unicodedata.east_asian_width(char) in ("W", "F"):
                ems, wide = ems + WIDE_EM, True
            else:
                ems += NARROW_EM
        widest = max(widest, ems * FONT_SIZE)
    return f"{(widest + LABEL_MARGIN_POINTS) / 72:.2f}" if wide else None


@lru_cache(maxsize=16384)
def _label_attrs(lines: tuple[str, ...]) -> tuple[str, str | None]:
    """A node label's DOT ``label`` and, for full-width text, ``width`` (quoted): one answer per
    label, which thousands of nodes share (every block of a stack draws the same ops)."""
    width = wide_label_width(lines)
    return label_text(lines), None if width is None else quote(width)


def badge_id(display_id: str) -> str:
    """Return the layout id of the badge node of the node ``display_id``."""
    return display_id + BADGE_SUFFIX


def room_lines(room: str | None) -> tuple[str, ...]:
    """Return the lines a badge's room is made for (``room``: its text, one line per line)."""
    return tuple(room.split("\n")) if room else ()


def room_label(room: tuple[str, ...], badge: str | None) -> str:
    """Return a badge node's HTML-like label: one row per line of ``room``; the lines of
    ``badge`` (the badge drawn now) in the window's yellow tag, the others' rows kept, empty and
    transparent, so the node has the size of its room at every step.  A line of ``badge`` that
    has no row gets one at the end."""
    shown = dict(look.badge_lines(badge))
    rows = list(room) + [line for line in shown if line not in room]
    visible = [line in shown for line in rows]
    cells = []
    for i, line in enumerate(rows):
        text = html.escape(line)
        if not visible[i]:
            cells.append(
                f'<TR><TD BORDER="1" COLOR="transparent" ALIGN="LEFT">'
                f'<FONT POINT-SIZE="{BADGE_FONT_SIZE}" COLOR="transparent">{text}</FONT></TD></TR>'
            )
            continue
        sides = (
            "L"
            + ("T" if i == 0 or not visible[i - 1] else "")
            + "R"
            + ("B" if i == len(rows) - 1 or not visible[i + 1] else "")
        )
        ink = look.BADGE_MUTED_INK if shown[line] else look.BADGE_INK
        cells.append(
            f'<TR><TD BORDER="1" SIDES="{sides}" BGCOLOR="{look.BADGE_FILL}" '
            f'COLOR="{look.BADGE_BORDER}" ALIGN="LEFT"><FONT POINT-SIZE="{BADGE_FONT_SIZE}" '
            f'COLOR="{ink}">{text}</FONT></TD></TR>'
        )
    return f'<<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="0" CELLPADDING="1">{"".join(cells)}</TABLE>>'


def badge_label(text: str) -> str:
    """Return a node's badge as an HTML-like ``xlabel``: the window's yellow tag (one line of
    text per line of ``text``, left-aligned; inputs without grad greyed)."""
    lines = '<BR ALIGN="LEFT"/>'.join(
        f'<FONT COLOR="{look.BADGE_MUTED_INK}">{html.escape(line)}</FONT>' if muted else html.escape(line)
        for line, muted in look.badge_lines(text)
    )
    return (
        f'<<TABLE BORDER="1" CELLBORDER="0" CELLSPACING="0" CELLPADDING="1" STYLE="rounded" '
        f'BGCOLOR="{look.BADGE_FILL}" COLOR="{look.BADGE_BORDER}"><TR><TD>'
        f'<FONT POINT-SIZE="{BADGE_FONT_SIZE}" COLOR="{look.BADGE_INK}">'
        f"{lines}"
        "</FONT></TD></TR></TABLE>>"
    )


def _node_attrs(node: DisplayNode, node_look: look.NodeLook, roomy: bool = False) -> dict[str, str]:
    styles = ["filled"]
    a: dict[str, str] = {}
    if node.kind == "leaf":
        styles.append("rounded")
    elif node.kind == "module":
        a["shape"] = "box3d"
        a["margin"] = quote(MODULE_MARGIN)
    if node.is_output:
        a["peripheries"] = "2"
    if node_look.ghost:
        styles.append("dotted")
    elif node_look.dashed:
        styles.append("dashed")
    if node_look.pen_width != 1.0:
        a["penwidth"] = f"{node_look.pen_width:g}"
    a["label"], width = _label_attrs(tuple(node.label))
    if width is not None:
        a["width"] = width
    if node_look.badge and not roomy:
        a["xlabel"] = badge_label(node_look.badge)
    a["fillcolor"] = quote(node_look.fill)
    if node_look.pen != look.DEFAULT_PEN:
        a["color"] = quote(node_look.pen)
    if node_look.text != "#000000":
        a["fontcolor"] = quote(node_look.text)
    a["style"] = quote(",".join(styles))
    return a


LEGEND_TITLE = QT_TRANSLATE_NOOP("Legend", "color: {mode}")
TRANSFERS = QT_TRANSLATE_NOOP("Legend", "thick colored edge: device transfer ({count})")


def _text_width(text: str, size: float = FONT_SIZE) -> int:
    """Return a generous estimate of a text's width in points (Helvetica averages ~0.55 em; a
    wide character, such as Hangul, takes a whole em)."""
    wide = sum(1 for c in text if unicodedata.east_asian_width(c) in "WF")
    return int((len(text) - wide) * size * 0.6 + wide * size) + 4


def _legend_label(graph: nx.DiGraph, mode: ColorMode, language: str = "en") -> str:
    """Return an HTML-like label: the mode's colors with node counts (and its color bar).

    Two columns (swatch, text); full-width rows span both.  The first text cell is given the
    width of the widest full-width row, so Graphviz does not spread spare width into the swatch
    column (which would push the swatches away from their text).
    """
    esc = html.escape
    write = words(language)
    spec = colors.color_mode(mode)
    title = write(Message.of(LEGEND_TITLE, mode=Message.of(Template("ColorMode", spec.title))))
    wide = [_text_width(title)]
    tail: list[str] = []
    scale = spec.scale(graph)
    if scale is not None:
        bar, bar_width = _color_bar(scale, write(scale.caption))
        tail.append(f'<TR><TD COLSPAN="2">{bar}</TD></TR>')
        wide.append(bar_width)
    transfers = colors.transfer_edges(graph)
    if transfers:
        note = write(Message.of(TRANSFERS, count=len(transfers)))
        tail.append(f'<TR><TD COLSPAN="2" ALIGN="LEFT">{esc(note)}</TD></TR>')
        wide.append(_text_width(note))
    text_width = max(wide) - 20
    rows = [f'<TR><TD COLSPAN="2" ALIGN="LEFT"><B>{esc(title)}</B></TD></TR>']
    for i, entry in enumerate(colors.legend(graph, mode)):
        width = f' WIDTH="{text_width}"' if i == 0 else ""
        rows.append(
            f'<TR><TD BGCOLOR="{entry.color}" WIDTH="16" HEIGHT="12" FIXEDSIZE="TRUE">'
            f'</TD><TD ALIGN="LEFT"{width}>{esc(write(entry.message))}</TD></TR>'
        )
    rows.extend(tail)
    return (
        '<<TABLE BORDER="1" CELLBORDER="0" CELLSPACING="2" CELLPADDING="2" '
        f'COLOR="#999999" BGCOLOR="#FFFFFF">{"".join(rows)}</TABLE>>'
    )


def _color_bar(scale: colors.GradScale, caption: str, half: int = 26) -> tuple[str, int]:
    """Return a nested table: the log color bar, one gradient segment per tick interval, with
    each tick's number centered under its boundary (segments are equal width); and its width."""
    ticks = scale.ticks if len(scale.ticks) > 1 else (scale.lo, scale.hi)
    cell = f'WIDTH="{half}" HEIGHT="12" FIXEDSIZE="TRUE"'
    bar = [f"<TD {cell}></TD>"]
    for a, b in itertools.pairwise(ticks):
        ca, cb = scale.color(a), scale.color(b)
        cm = colors.ramp_color((scale.position(a) + scale.position(b)) / 2)
        bar.append(f'<TD {cell} BGCOLOR="{ca}:{cm}"></TD><TD {cell} BGCOLOR="{cm}:{cb}"></TD>')
    bar.append(f"<TD {cell}></TD>")
    labels = "".join(
        f'<TD COLSPAN="2" WIDTH="{2 * half}" FIXEDSIZE="TRUE">'
        f'<FONT POINT-SIZE="8">{html.escape(scale.label(t))}</FONT></TD>'
        for t in ticks
    )
    text = (
        '<TABLE BORDER="0" CELLSPACING="0" CELLPADDING="0">'
        f"<TR>{''.join(bar)}</TR><TR>{labels}</TR>"
        f'<TR><TD COLSPAN="{len(bar) * 2}"><FONT POINT-SIZE="8">{html.escape(caption)}</FONT>'
        "</TD></TR></TABLE>"
    )
    return text, 2 * half * len(ticks)


PAINT_ATTRS = frozenset({"color", "fillcolor", "fontcolor"})
"""Attributes that only paint: they never move a node or bend an edge, so the text ``dot`` lays
out leaves them out (a change of colour mode reuses the cached layout)."""
NODE_DEFAULTS = f'{NODE_BOX}, penwidth="1"'
EDGE_DEFAULTS: dict[str, str] = {
    "color": quote(look.EDGE_COLOR),
    "arrowsize": '"0.6"',
    "fontname": quote(FONT),
    "fontsize": f'"{FONT_SIZE - 1}"',
}


@dataclass(frozen=True)
class Placement:
    """Positions to write into a :class:`DotGraph`, as Graphviz reads them (points, y up), so
    ``neato -n2`` draws the picture where they say without laying it out again."""

    bb: str
    """The drawing's bounding box, ``"0,0,width,height"``."""
    nodes: Mapping[str, str]
    """Display id (and :data:`LEGEND_ID`) -> ``"x,y"``: the node's center."""
    edges: Mapping[tuple[str, str], Sequence[str]]
    """(source, target) display ids -> the ``pos`` spline of each such edge, in order."""
    clusters: Mapping[str, str]
    """Module path -> ``"llx,lly,urx,ury"``."""


@dataclass(frozen=True, eq=False)
class DotGraph:
    """A display graph as DOT, held as data: the graph's, nodes', clusters' and edges'
    attributes (values written as DOT reads them); :meth:`text` writes it."""

    display: DisplayGraph
    graph_attrs: dict[str, str]
    """Graph attributes, values unquoted."""
    nodes: dict[str, dict[str, str]]
    """Display id -> the node's attributes."""
    clusters: dict[str, dict[str, str]]
    """Module path -> the cluster's attributes."""
    edges: list[tuple[str, str, dict[str, str]]] = field(default_factory=list)
    """(source, target, attributes) per display edge, in display order."""
    legend: str | None = None
    """The legend node's HTML-like label (exports), or None."""
    badges: dict[str, dict[str, str]] = field(default_factory=dict)
    """Display id -> the attributes of its badge node (a node given room for its badge)."""
    links: dict[str, dict[str, str]] = field(default_factory=dict)
    """Display id -> the attributes of the edge tying its badge node to it."""
    rooms: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Display id -> the lines its badge node has room for (its rows)."""

    def text(self, *, paint: bool = True, nslimit: bool = True, placed: Placement | None = None) -> str:
        """Return the DOT text.

        ``paint=False`` leaves out :data:`PAINT_ATTRS` (the text to lay out and to key the
        layout cache by); ``nslimit=False`` the x-placement budget; ``placed`` writes every
        position in (and leaves ``nslimit`` out: nothing is laid out).
        """

        def attrs(pairs: dict[str, str]) -> str:
            return ", ".join([f"{k}={v}" for k, v in pairs.items() if paint or k not in PAINT_ATTRS])

        display = self.display
        keep_nslimit = nslimit and placed is None
        out = ["digraph autograd {"]
        if placed is not None:
            out.append(f'  bb="{placed.bb}";')
        out.extend(
            f"  {k}={left_lines(v) if k == 'label' else quote(v)};"
            for k, v in self.graph_attrs.items()
            if keep_nslimit or k != "nslimit"
        )
        out.append(f"  node [{NODE_DEFAULTS}];")
        out.append(f"  edge [{attrs(EDGE_DEFAULTS)}];")
        node_pos = placed.nodes if placed is not None else {}

        badges = self.badges if placed is None else {}  # a composed layout has no badge nodes

        def emit_node(did: str, indent: str) -> None:
            pos = f'pos="{node_pos[did]}", ' if placed is not None else ""
            name = quote(encode_id(did))
            if did not in badges:
                out.append(f"{indent}{name} [{pos}{attrs(self.nodes[did])}]")
                return
            # The node and its badge in a frameless cluster of their own: dot keeps a cluster's
            # nodes together in each rank, so nothing comes between them.
            badge = quote(encode_id(did) + BADGE_SUFFIX)
            out.append(f"{indent}subgraph {quote(CLUSTER_PREFIX + encode_id(did) + BADGE_SUFFIX)} {{")
            out.append(f'{indent}  margin="0"; peripheries="0"; label="";')
            out.append(f"{indent}  {name} [{pos}{attrs(self.nodes[did])}]")
            out.append(f"{indent}  {badge} [{attrs(badges[did])}]")
            out.append(f"{indent}  {name} -> {badge} [{attrs(self.links[did])}];")
            out.append(f"{indent}}}")

        def emit_cluster(path: str, indent: str) -> None:
            cluster = display.clusters[path]
            out.append(f"{indent}subgraph {quote(CLUSTER_PREFIX + encode_id(path))} {{")
            inner = indent + "  "
            if placed is not None and path in placed.clusters:
                out.append(f'{inner}bb="{placed.clusters[path]}";')
            out.append(
                inner
                + " ".join(
                    f"{k}={v};" for k, v in self.clusters[path].items() if paint or k not in PAINT_ATTRS
                )
            )
            for child in cluster.children:
                emit_cluster(child, inner)
            for did in reversed(cluster.nodes):
                emit_node(did, inner)
            out.append(f"{indent}}}")

        for path in display.top_clusters():
            emit_cluster(path, "  ")
        # Nodes in the order the script made them (display order is the walk's, from the
        # output back): dot's first ordering then follows the data, and its x-placement of a
        # long graph converges in fewer steps (GPT-2: 115 ms instead of 140 ms per run).
        for did in reversed(display.top_nodes()):
            emit_node(did, "  ")

        taken: dict[tuple[str, str], int] = {}
        named: dict[str, str] = {}  # a node's quoted name, written once per edge end

        def name_of(did: str) -> str:
            name = named.get(did)
            if name is None:
                name = named[did] = quote(encode_id(did))
            return name

        for source, target, edge_attrs in self.edges:
            line = f"  {name_of(source)} -> {name_of(target)}"
            pairs = attrs(edge_attrs)
            if placed is not None:
                splines = placed.edges.get((source, target), ())
                k = taken.get((source, target), 0)
                if k < len(splines):
                    taken[(source, target)] = k + 1
                    pairs = f'pos="{splines[k]}", {pairs}' if pairs else f'pos="{splines[k]}"'
            out.append(f"{line} [{pairs}];" if pairs else f"{line};")

        if self.legend is not None:
            out.append(self.legend_line(node_pos.get(LEGEND_ID) if placed is not None else None))
        out.append("}")
        return "\n".join(out) + "\n"

    def legend_line(self, pos: str | None = None) -> str:
        """Return the legend node's statement (``pos``: where it is placed)."""
        placed = f'pos="{pos}", ' if pos is not None else ""
        return f"  {quote(LEGEND_ID)} [{placed}shape=plain, label={self.legend}];"

    def legend_text(self) -> str:
        """Return a graph of the legend alone (to measure it with one small ``dot`` run)."""
        return (
            f"digraph legend {{\n  node [fontname={quote(FONT)}, fontsize={FONT_SIZE}];\n"
            f"{self.legend_line()}\n}}\n"
        )


def left_lines(text: str) -> str:
    """Return ``text`` as a quoted DOT label whose lines are left-justified (each ends ``\\l``)."""
    text = str(text).replace("\\", "\\\\").replace('"', '\\"').replace("\r\n", "\n").replace("\r", "\n")
    return '"' + "".join(line + "\\l" for line in text.split("\n")) + '"'


def _drawing_width(display: DisplayGraph, rooms: Mapping[str, tuple[str, ...]]) -> float:
    """Return an estimate of the drawing's width in points: the widest rank (top to bottom),
    or every rank side by side (left to right), ranks counted from the inputs."""
    order = nx.DiGraph()
    order.add_nodes_from(display.nodes)
    order.add_edges_from((e.source, e.target) for e in display.edges if e.source != e.target)
    if not nx.is_directed_acyclic_graph(order):
        return 0.0
    sep = 72 * float(GRAPH_ATTRS["nodesep"])

    def width(did: str) -> float:
        lines = rooms.get(did)
        badge = max(_text_width(line, BADGE_FONT_SIZE) for line in lines) if lines else 0
        node = max((_text_width(line) for line in display.nodes[did].label), default=20) + 12
        return max(node, badge) if display.rankdir == "LR" else node + (badge + sep if lines else 0)

    ranks = [[width(did) for did in rank] for rank in nx.topological_generations(order)]
    if display.rankdir == "LR":
        return sum(max(rank) + 72 * float(GRAPH_ATTRS["ranksep"]) for rank in ranks)
    return max((sum(rank) + sep * (len(rank) - 1) for rank in ranks), default=0.0)


def wrap_caption(caption: str, width: float = 0.0) -> str:
    """Return ``caption`` wrapped to lines of :data:`CAPTION_CHARS` characters, or as many as
    fit ``width`` points at the caption's size if that is more (an existing line break stays)."""
    size = FONT_SIZE + 2
    chars = max(CAPTION_CHARS, int(width / (size * 0.55)))
    return "\n".join(
        textwrap.fill(part, chars, break_long_words=False, break_on_hyphens=False) or part
        for part in caption.split("\n")
    )


@dataclass(frozen=True)
class Paint:
    """How a picture is painted: what :func:`dot_graph` takes besides the display graph (the
    window paints by colour mode and selection; exports add a legend, a step's styles...).

    ``styles`` maps graph node ids to overrides (a badge is drawn beside its node); ``room``
    maps graph node ids to the badges the layout makes room for (the Values badges of the final
    state: each becomes a badge node beside its node, which shows the badge ``styles`` give, see
    :func:`room_label`; a badge without room is an ``xlabel``; None: badges are xlabels);
    ``legend`` adds a legend node (for exported images); ``marked_edges`` (graph edges,
    producer -> consumer) are drawn thick and dashed in ``STEP_COLOR`` (a stepping highlight),
    pointing back to their producers when ``flow_backward`` (a backward step's gradient);
    ``selected`` (a display id) draws that node's edges in the selection colour,
    ``selected_edge`` (source and target display ids) that one edge; ``caption`` is a title
    above the picture, wrapped to the drawing's width (:func:`wrap_caption`); ``language`` is
    the legend's (:data:`graphviz_app.language.LANGUAGES`).
    """

    mode: ColorMode = "device"
    styles: dict[str, NodeStyle] | None = None
    legend: bool = False
    marked_edges: frozenset[tuple[str, str]] | None = None
    caption: str | None = None
    selected: str | None = None
    flow_backward: bool = False
    room: Mapping[str, str] | None = None
    selected_edge: tuple[str, str] | None = None
    language: str = "en"


def dot_graph(
    display: DisplayGraph,
    graph: nx.DiGraph,
    paint: Paint = Paint(),
    graph_attrs: Mapping[str, str] | None = None,
) -> DotGraph:
    """Return ``display`` (of ``graph``) painted as ``paint`` says, as a :class:`DotGraph`.

    Nodes and edges look as :mod:`core.view.look` decides (as the window draws them); the
    direction is ``display.rankdir`` (top to bottom or left to right); ``graph_attrs`` adds or
    replaces graph attributes.  Raises ValueError for an unknown mode.
    """
    mode, styles, room, caption = paint.mode, paint.styles, paint.room, paint.caption
    state = ViewState(
        colors.node_colors(graph, mode),
        styles,
        paint.selected,
        frozenset(paint.marked_edges or ()),
        paint.flow_backward,
        paint.selected_edge,
    )
    gattrs = dict(GRAPH_ATTRS)
    gattrs["rankdir"] = display.rankdir
    gattrs["nslimit"] = f"{XPOS_ITERATIONS / max(1, len(display.nodes)):.4g}"
    looks = {did: look.node_look(node, state) for did, node in display.nodes.items()}
    rooms = _rooms(display, room) if room else {}
    if any(node_look.badge for did, node_look in looks.items() if did not in rooms):
        gattrs["forcelabels"] = "true"  # every xlabel badge drawn, even where it overlaps
    if not display.clusters and not rooms:  # (a badge's room is a cluster)
        gattrs.update(UNCLUSTERED_ATTRS)
    gattrs.update(graph_attrs or {})
    if caption:
        gattrs.update(
            label=wrap_caption(caption, _drawing_width(display, rooms)),
            labelloc="t",
            labeljust="l",
            fontsize=str(FONT_SIZE + 2),
        )
    nodes = {did: _node_attrs(node, looks[did], did in rooms) for did, node in display.nodes.items()}
    badges: dict[str, dict[str, str]] = {}
    links: dict[str, dict[str, str]] = {}
    for did, lines in rooms.items():
        shown = looks[did].badge
        badges[did] = {"shape": "plain", "class": quote(BADGE_CLASS), "label": room_label(lines, shown)}
        links[did] = {
            "minlen": '"0"',
            "weight": f'"{BADGE_LINK_WEIGHT}"',
            "arrowhead": '"none"',
            "style": '"dotted"' if shown else '"invis"',
            "color": quote(look.BADGE_BORDER),
            "class": quote(BADGE_LINK_CLASS),
        }
    clusters = {
        path: {
            "label": quote(cluster.label),
            "labeljust": '"l"',
            "fontsize": '"9"',
            "style": '"filled,rounded"',
            "fillcolor": quote(look.cluster_fill(cluster.depth)),
            "color": quote(look.CLUSTER_PEN),
            "fontcolor": quote(look.CLUSTER_FONT),
        }
        for path, cluster in display.clusters.items()
    }
    transfers = colors.transfer_edges(graph)
    edges: list[tuple[str, str, dict[str, str]]] = []
    for edge in display.edges:
        extra: dict[str, str] = {}
        if enters_cluster(display.nodes[edge.source].cluster, display.nodes[edge.target].cluster):
            extra["minlen"] = '"2"'
        if edge.main:
            extra["weight"] = f'"{MAIN_EDGE_WEIGHT}"'
        edge_look = look.edge_look(edge, graph, transfers, state)
        if edge_look.kind != "plain":
            extra.update(color=quote(edge_look.color), penwidth=f'"{edge_look.width:g}"')
        if edge_look.kind == "step":
            extra.update(arrowsize='"1"', style='"dashed"')
            if edge_look.flow < 0:
                extra["dir"] = '"back"'  # the gradient flows from consumer to producer
        elif edge_look.kind == "transfer":
            label, ink = quote(edge_look.label or ""), quote(edge_look.color)
            extra.update(arrowsize='"0.9"', style='"dashed"', label=label, fontcolor=ink)
        edges.append((edge.source, edge.target, extra))
    return DotGraph(
        display,
        gattrs,
        nodes,
        clusters,
        edges,
        _legend_label(graph, mode, paint.language) if paint.legend else None,
        badges,
        links,
        rooms,
    )


def _rooms(display: DisplayGraph, room: Mapping[str, str]) -> dict[str, tuple[str, ...]]:
    """Return, per display node with a badge in ``room`` (per graph node), the lines its badge
    node has room for: a node's own badge, a collapsed module's as its look picks it
    (:func:`~.look.merged_style`); none where the badge's id is taken by a drawn node."""
    styles = {node: NodeStyle(extra_label=text) for node, text in room.items() if text}
    rooms: dict[str, tuple[str, ...]] = {}
    for did, node in display.nodes.items():
        style = merged_style(node, styles)
        lines = room_lines(style.extra_label if style is not None else None)
        if lines and badge_id(did) not in display.nodes and badge_id(did) not in display.clusters:
            rooms[did] = lines
    return rooms

"""DOT text for a display graph: shapes, colors, per-node styles, clusters and a legend.

The output is deterministic (same graph and options -> same text) and tuned to keep ``dot`` fast
on big graphs (see ``GRAPH_ATTRS``).  Node ids are the display ids, quoted; clusters are named
``cluster_<module path>``; the legend node (exports only) is ``LEGEND_ID``.
"""
from __future__ import annotations

import html
from collections import Counter
from dataclasses import dataclass

import networkx as nx

from . import colors
from .display import DisplayGraph, DisplayNode

FONT = "Helvetica"
FONT_SIZE = 10
CLUSTER_PREFIX = "cluster_"
LEGEND_ID = "__legend__"

GRAPH_ATTRS: dict[str, str] = {
    "rankdir": "TB",          # inputs at the top, outputs at the bottom
    "nodesep": "0.25",
    "ranksep": "0.35",
    "splines": "spline",      # "ortho" is 3-4x slower and crashes dot 2.43 on some graphs
    "remincross": "false",    # no second crossing pass over clusters: slower, rarely better
    "outputorder": "edgesfirst",
    "fontname": FONT,
}
"""Graph attributes.  Measured with ``dot`` 2.43 on synthetic graphs of 400-5,000 nodes:
``mclimit``/``searchsize`` changed neither the time nor the result much (``mclimit=0.5`` made
some layouts 3x wider), so they keep their defaults.  What costs time on big graphs is the
network simplex that places nodes horizontally; :func:`to_dot` bounds it with ``nslimit``
(see ``XPOS_ITERATIONS``)."""

XPOS_ITERATIONS = 1000
"""Iteration budget of dot's x-coordinate network simplex, given as ``nslimit = budget / nodes``.
Graphs up to a few thousand nodes converge well within it (a 3,400-node transformer needs
~4,900 iterations: 3.4 s -> 1.0 s with the budget, 10% wider); a 3,000-node tangled graph went
from 20 s to 3 s; a 400-node RNN with one weight feeding 100 far-apart steps (hub splitting
off) from over 15 minutes to 12 s."""

MARK_COLOR = "#d81b60"
"""Edges marked by a step (the inputs just used, the gradient flowing): the stepping highlight."""

MAIN_EDGE_WEIGHT = 4
"""``weight`` of an op's main input (see DisplayEdge.main): keeps long chains straight."""
EDGE_COLOR = "#555555"
GHOST_FILL = "#F4F4F4"
GHOST_PEN = "#B0B0B0"
GHOST_FONT = "#A0A0A0"
CLUSTER_FILLS = ("#F7F7F7", "#EFEFEF", "#E7E7E7", "#DFDFDF")
CLUSTER_PEN = "#BDBDBD"


@dataclass(frozen=True)
class NodeStyle:
    """Per-graph-node drawing overrides (stepping, search highlights...).

    ``fill``/``pen`` are ``"#rrggbb"``; ``ghost`` draws the node light gray and dotted ("not
    yet created"); ``extra_label`` adds one more label line (``"‖g‖=0.50"``).
    """

    fill: str | None = None
    pen: str | None = None
    penwidth: float | None = None
    dashed: bool = False
    ghost: bool = False
    extra_label: str | None = None


def quote(text: str) -> str:
    """Return ``text`` as a DOT double-quoted string (backslashes, quotes, newlines escaped)."""
    text = str(text).replace("\\", "\\\\").replace('"', '\\"')
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\n", "\\n")
    return f'"{text}"'


def label_text(lines: tuple[str, ...] | list[str]) -> str:
    """Return label lines as one quoted DOT label (lines centered)."""
    return quote("\n".join(" ".join(str(line).split()) for line in lines))


def _attrs(pairs: dict[str, str]) -> str:
    return ", ".join(f"{k}={v}" for k, v in pairs.items())


def merged_style(node: DisplayNode, styles: dict[str, NodeStyle] | None) -> NodeStyle | None:
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
        if not style.ghost and (style.fill or style.pen or style.penwidth or style.dashed
                                or style.extra_label):
            return style
    return None


def _majority(colors_of: dict[str, str], members: tuple[str, ...]) -> str:
    counts = Counter(colors_of.get(m, colors.NEUTRAL_COLOR) for m in members)
    best = max(counts.values())
    return next(colors_of.get(m, colors.NEUTRAL_COLOR) for m in members
                if counts[colors_of.get(m, colors.NEUTRAL_COLOR)] == best)


def node_fill(node: DisplayNode, node_colors: dict[str, str]) -> str:
    """Return a display node's fill: its member's color, or a module's majority color."""
    if len(node.members) == 1:
        return node_colors.get(node.members[0], colors.NEUTRAL_COLOR)
    return _majority(node_colors, node.members)


def _node_line(node: DisplayNode, fill: str, style: NodeStyle | None) -> str:
    lines = list(node.label)
    styles = ["filled"]
    a: dict[str, str] = {}
    if node.kind == "leaf":
        styles.append("rounded")
    elif node.kind == "module":
        a["shape"] = "box3d"
    if node.is_output:
        a["peripheries"] = "2"
    pen = None
    fontcolor = colors.text_color(fill)
    if style is not None:
        if style.ghost:
            fill, pen, fontcolor = GHOST_FILL, GHOST_PEN, GHOST_FONT
            styles.append("dotted")
        else:
            if style.fill:
                fill = style.fill
                fontcolor = colors.text_color(fill)
            pen = style.pen
            if style.dashed:
                styles.append("dashed")
        if style.penwidth:
            a["penwidth"] = f"{style.penwidth:g}"
        if style.extra_label:
            lines.append(style.extra_label)
    a["label"] = label_text(lines)
    a["fillcolor"] = quote(fill)
    if pen:
        a["color"] = quote(pen)
    if fontcolor != "#000000":
        a["fontcolor"] = quote(fontcolor)
    a["style"] = quote(",".join(styles))
    return f"{quote(node.id)} [{_attrs(a)}]"


def _text_width(text: str, size: float = FONT_SIZE) -> int:
    """Return a generous estimate of a text's width in points (Helvetica averages ~0.55 em)."""
    return int(len(text) * size * 0.6) + 4


def _legend_label(graph: nx.DiGraph, mode: str) -> str:
    """Return an HTML-like label: the mode's colors with node counts (and the grad color bar).

    Two columns (swatch, text); full-width rows span both.  The first text cell is given the
    width of the widest full-width row, so Graphviz does not spread spare width into the swatch
    column (which would push the swatches away from their text).
    """
    esc = html.escape
    title = "color: " + {"device": "device", "op": "op family", "module": "module",
                         "grad": "gradient norm"}[mode]
    wide = [_text_width(title)]
    tail: list[str] = []
    scale = colors.grad_scale(graph) if mode == "grad" else None
    if scale is not None:
        bar, bar_width = _grad_bar(scale)
        tail.append(f'<TR><TD COLSPAN="2">{bar}</TD></TR>')
        wide.append(bar_width)
    transfers = colors.transfer_edges(graph)
    if transfers:
        note = f"thick colored edge: device transfer ({len(transfers)})"
        tail.append(f'<TR><TD COLSPAN="2" ALIGN="LEFT">{esc(note)}</TD></TR>')
        wide.append(_text_width(note))
    text_width = max(wide) - 20
    rows = [f'<TR><TD COLSPAN="2" ALIGN="LEFT"><B>{esc(title)}</B></TD></TR>']
    for i, entry in enumerate(colors.legend(graph, mode)):
        width = f' WIDTH="{text_width}"' if i == 0 else ""
        rows.append(f'<TR><TD BGCOLOR="{entry.color}" WIDTH="16" HEIGHT="12" FIXEDSIZE="TRUE">'
                    f'</TD><TD ALIGN="LEFT"{width}>{esc(entry.text)}</TD></TR>')
    rows.extend(tail)
    return ('<<TABLE BORDER="1" CELLBORDER="0" CELLSPACING="2" CELLPADDING="2" '
            f'COLOR="#999999" BGCOLOR="#FFFFFF">{"".join(rows)}</TABLE>>')


def _grad_bar(scale: colors.GradScale, half: int = 26) -> tuple[str, int]:
    """Return a nested table: the log color bar, one gradient segment per tick interval, with
    each tick's number centered under its boundary (segments are equal width); and its width."""
    ticks = scale.ticks if len(scale.ticks) > 1 else (scale.lo, scale.hi)
    cell = f'WIDTH="{half}" HEIGHT="12" FIXEDSIZE="TRUE"'
    bar = [f'<TD {cell}></TD>']
    for a, b in zip(ticks, ticks[1:]):
        ca, cb = scale.color(a), scale.color(b)
        cm = colors.ramp_color((scale.position(a) + scale.position(b)) / 2)
        bar.append(f'<TD {cell} BGCOLOR="{ca}:{cm}"></TD><TD {cell} BGCOLOR="{cm}:{cb}"></TD>')
    bar.append(f'<TD {cell}></TD>')
    labels = "".join(f'<TD COLSPAN="2" WIDTH="{2 * half}" FIXEDSIZE="TRUE">'
                     f'<FONT POINT-SIZE="8">{html.escape(_tick_text(t))}</FONT></TD>'
                     for t in ticks)
    text = ('<TABLE BORDER="0" CELLSPACING="0" CELLPADDING="0">'
            f'<TR>{"".join(bar)}</TR><TR>{labels}</TR>'
            f'<TR><TD COLSPAN="{len(bar) * 2}"><FONT POINT-SIZE="8">‖grad‖, log scale</FONT>'
            '</TD></TR></TABLE>')
    return text, 2 * half * len(ticks)


def _tick_text(value: float) -> str:
    """Return a short tick label: ``0.001``, ``0.5``, ``120``, ``1e-05`` -> ``1e-5``."""
    if value == 0 or 1e-3 <= abs(value) < 1e4:
        return f"{value:.2g}" if abs(value) < 100 else f"{value:.0f}"
    mantissa, exponent = f"{value:.1e}".split("e")
    return f"{mantissa.rstrip('0').rstrip('.')}e{int(exponent)}"


def _enters_cluster(display: DisplayGraph, source: str, target: str) -> bool:
    """True when the edge goes into a cluster that does not already hold its source."""
    tc = display.nodes[target].cluster
    if tc is None:
        return False
    sc = display.nodes[source].cluster
    return not (sc == tc or (sc is not None and sc.startswith(tc + ".")))


def to_dot(
    display: DisplayGraph,
    graph: nx.DiGraph,
    *,
    mode: str = "device",
    styles: dict[str, NodeStyle] | None = None,
    legend: bool = False,
    graph_attrs: dict[str, str] | None = None,
    marked_edges: frozenset[tuple[str, str]] | set[tuple[str, str]] | None = None,
    caption: str | None = None,
) -> str:
    """Return the DOT text drawing ``display`` (of ``graph``) colored by ``mode``.

    ``styles`` maps graph node ids to overrides; ``legend`` adds a legend node (for exported
    images); ``graph_attrs`` adds or replaces graph attributes; ``marked_edges`` (graph edges,
    producer -> consumer) are drawn thick in ``MARK_COLOR`` (a stepping highlight); ``caption``
    is a title above the picture.  Raises ValueError for an unknown mode.
    """
    fills = colors.node_colors(graph, mode)
    gattrs = dict(GRAPH_ATTRS)
    gattrs["nslimit"] = f"{XPOS_ITERATIONS / max(1, len(display.nodes)):.4g}"
    gattrs.update(graph_attrs or {})
    if caption:
        gattrs.update(label=caption, labelloc="t", labeljust="l", fontsize=str(FONT_SIZE + 2))
    out = ["digraph autograd {"]
    out.extend(f"  {k}={quote(v)};" for k, v in gattrs.items())
    out.append(f"  node [shape=box, fontname={quote(FONT)}, fontsize={FONT_SIZE}, "
               'height="0.3", margin="0.08,0.04", penwidth="1"];')
    out.append(f'  edge [color={quote(EDGE_COLOR)}, arrowsize="0.6", fontname={quote(FONT)}, '
               f'fontsize="{FONT_SIZE - 1}"];')

    def emit_node(did: str, indent: str) -> None:
        node = display.nodes[did]
        out.append(indent + _node_line(node, node_fill(node, fills), merged_style(node, styles)))

    def emit_cluster(path: str, indent: str) -> None:
        cluster = display.clusters[path]
        fill = CLUSTER_FILLS[min(cluster.depth, len(CLUSTER_FILLS)) - 1]
        out.append(f"{indent}subgraph {quote(CLUSTER_PREFIX + path)} {{")
        inner = indent + "  "
        out.append(f'{inner}label={quote(cluster.label)}; labeljust="l"; fontsize="9"; '
                   f'style="filled,rounded"; fillcolor={quote(fill)}; '
                   f'color={quote(CLUSTER_PEN)}; fontcolor="#555555";')
        for child in cluster.children:
            emit_cluster(child, inner)
        for did in cluster.nodes:
            emit_node(did, inner)
        out.append(f"{indent}}}")

    for path in display.top_clusters():
        emit_cluster(path, "  ")
    for did in display.top_nodes():
        emit_node(did, "  ")

    transfers = colors.transfer_edges(graph)
    devices = dict(graph.nodes(data="device")) if transfers else {}
    for edge in display.edges:
        moved = next((e for e in edge.graph_edges if e in transfers), None) if transfers else None
        line = f"  {quote(edge.source)} -> {quote(edge.target)}"
        extra = []
        if _enters_cluster(display, edge.source, edge.target):
            extra.append('minlen="2"')
        if edge.main:
            extra.append(f'weight="{MAIN_EDGE_WEIGHT}"')
        if marked_edges and any(e in marked_edges for e in edge.graph_edges):
            extra += [f"color={quote(MARK_COLOR)}", 'penwidth="3"', 'arrowsize="1"']
        elif moved is not None:
            src, dst = devices.get(moved[0]), devices.get(moved[1])
            pen = colors.device_edge_color(dst)
            extra += [f"color={quote(pen)}", 'penwidth="2.5"', 'arrowsize="0.9"',
                      f"label={quote(f'{src} → {dst}')}", f"fontcolor={quote(pen)}"]
        if extra:
            line += f" [{', '.join(extra)}]"
        out.append(line + ";")

    if legend:
        out.append(f'  {quote(LEGEND_ID)} [shape=plain, label={_legend_label(graph, mode)}];')
    out.append("}")
    return "\n".join(out) + "\n"

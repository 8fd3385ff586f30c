"""The SVG of a composed picture, written from its layout in one pass, as Graphviz draws it.

A composed layout (:mod:`.compose`) already holds every node box, edge spline, arrowhead and
cluster box; :func:`svg_drawing` writes them with the paint of the picture's
:class:`~.dot.DotGraph` (fills, outlines, dashes, labels, fonts) in the structure Graphviz's
``-Tsvg`` gives (``<g class="graph|cluster|node|edge">`` groups, each with its ``<title>``,
y up with the drawing translated down), so whatever reads Graphviz's SVG reads this one: no
pinned DOT text is written and ``neato -n2`` does not run.  Only the legend (an HTML-like table)
is drawn by ``dot``, alone (:func:`legend_drawing`): its shapes are read as data and written
here, moved into place.

Text is placed as Graphviz places it with its Helvetica metrics (lines 1.1 em apart, the
baseline a quarter em below a line's middle); cluster and caption labels are left-aligned.
A picture with something this writer does not draw (a node's ``xlabel`` badge) has no
drawing here (:func:`drawable`): its export keeps ``neato -n2``.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from xml.etree import ElementTree

from ..view.look import EDGE_COLOR
from .compose import ComposedLayout, PlacedEdge
from .dot import CLUSTER_PREFIX, FONT_SIZE, LEGEND_ID, DotGraph
from .layout import EdgePath, Layout, LayoutJob, encode_id

__all__ = ["LEGEND_GAP", "LegendDrawing", "Shape", "arrow_tip", "drawable", "legend_drawing", "svg_drawing"]

LEGEND_GAP = 16.0
"""Points between a composed drawing and its legend (placed at its top right)."""
PAD = 4.0
"""Graphviz's default ``pad`` around the drawing, in points."""
LINE = 1.1
"""Graphviz's line height (with its Helvetica metrics), in em."""
BASELINE = 0.25
"""How far a line's baseline lies below its middle, in em."""
LABEL_INSET = 8.0
"""Points from a cluster's (or the drawing's) left side to its label's first letter."""
LABEL_PAD = 8.0
"""Points of room Graphviz adds to a cluster's or the graph's label height."""
CLUSTER_FONT_SIZE = 9.0
EDGE_FONT_SIZE = FONT_SIZE - 1
ROUND = 12.0
"""The radius of a rounded box's corners (at most a third of its width or height)."""
BOX3D_DEPTH = 4.0
PERIPHERY_GAP = 4.0
ARROW_LENGTH = 10.0
DEFAULT_ARROW_SIZE = 0.6
FONT_FAMILY = "Helvetica,sans-Serif"
DASHES = {"dashed": "5,2", "dotted": "1,5"}

_ESCAPE_RE = re.compile('[&<>"\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]')
_ESCAPES = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"}
_DOT_ESCAPE = re.compile(r"\\(.)", re.DOTALL)


def _escape(text: str) -> str:
    """Return ``text`` as XML text or attribute value (characters XML refuses: U+FFFD)."""
    if _ESCAPE_RE.search(text) is None:
        return text
    return _ESCAPE_RE.sub(lambda m: _ESCAPES.get(m.group(0), "\ufffd"), text)


def _title(name: str) -> str:
    """Return a node's or edge's name as Graphviz writes it in a ``<title>`` (``-`` as ``&#45;``)."""
    return _escape(name).replace("-", "&#45;")


def _unquote(value: str) -> str:
    """Return a DOT value as :mod:`.dot` wrote it, unquoted (``\\n`` a line break)."""
    if len(value) >= 2 and value[0] == '"' and value[-1] == '"':
        value = value[1:-1]
        if "\\" in value:
            value = _DOT_ESCAPE.sub(lambda m: "\n" if m.group(1) == "n" else m.group(1), value)
    return value


def _n(value: float) -> str:
    """Return a coordinate as Graphviz writes it: two decimals at most, no trailing zeros."""
    text = f"{value:.2f}"
    text = text.rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _color(value: str | None, default: str) -> str:
    """Return a colour as Graphviz writes it (lowercase hex; black and white by name)."""
    color = (value or default).lower()
    return {"#000000": "black", "#ffffff": "white"}.get(color, color)


_SVG = "{http://www.w3.org/2000/svg}"
_NUMBER = re.compile(r"-?[0-9]+(?:\.[0-9]*)?(?:e-?[0-9]+)?")
_ACROSS, _DOWN = frozenset({"x", "x1", "x2", "cx"}), frozenset({"y", "y1", "y2", "cy"})


@dataclass(frozen=True)
class Shape:
    """One element of a drawing, as data: its tag, its attributes in the order Graphviz writes
    them, its text and the elements inside it (a gradient's ``defs``)."""

    tag: str
    attrs: tuple[tuple[str, str], ...]
    text: str = ""
    inside: tuple[Shape, ...] = ()

    @classmethod
    def of(cls, element: ElementTree.Element) -> Shape:
        inside = tuple(cls.of(child) for child in element)
        text = "" if inside else element.text or ""
        return cls(element.tag.removeprefix(_SVG), tuple(element.attrib.items()), text, inside)

    def written(self, dx: float, dy: float) -> str:
        """Return the element as SVG, every coordinate moved by ``(dx, dy)``."""
        attrs = "".join(f' {key}="{_escape(_moved(key, value, dx, dy))}"' for key, value in self.attrs)
        if self.inside:
            inside = "\n".join(shape.written(dx, dy) for shape in self.inside)
            return f"<{self.tag}{attrs}>\n{inside}\n</{self.tag}>"
        return (
            f"<{self.tag}{attrs}>{_escape(self.text)}</{self.tag}>" if self.text else f"<{self.tag}{attrs}/>"
        )


def _moved(key: str, value: str, dx: float, dy: float) -> str:
    """Return an attribute's value with its coordinates moved by ``(dx, dy)`` (a list of
    points or a path: x and y in turn)."""
    if key in _ACROSS:
        return _n(float(value) + dx)
    if key in _DOWN:
        return _n(float(value) + dy)
    if key not in ("points", "d"):
        return value
    numbers = iter(range(1 << 30))
    return _NUMBER.sub(lambda m: _n(float(m.group(0)) + (dx if next(numbers) % 2 == 0 else dy)), value)


@dataclass(frozen=True)
class LegendDrawing:
    """The legend node drawn by ``dot`` alone, as data: its shapes in its own coordinates (x
    from 0, y from ``-height`` to 0, as Graphviz writes an SVG) and its size in points."""

    shapes: tuple[Shape, ...]
    width: float
    height: float


def legend_drawing(source: DotGraph, timeout: float | None = None) -> LegendDrawing | None:
    """Return ``source``'s legend drawn by one small ``dot -Tsvg`` run (None: no legend).

    Raises LayoutError (``dot`` failed) and GraphvizNotFoundError.
    """
    if source.legend is None:
        return None
    root = ElementTree.fromstring(LayoutJob(source.legend_text(), timeout, args=["-Tsvg"]).run())
    node = next((g for g in root.iter(f"{_SVG}g") if g.get("class") == "node"), None)
    box = (root.get("viewBox") or "").split()
    if node is None or len(box) != 4:
        return None
    shapes = tuple(Shape.of(element) for element in node if element.tag != f"{_SVG}title")
    return LegendDrawing(shapes, float(box[2]) - 2 * PAD, float(box[3]) - 2 * PAD)


def drawable(source: DotGraph) -> bool:
    """Return True when :func:`svg_drawing` draws everything ``source`` paints (no node has an
    ``xlabel`` badge, and there are no badge nodes)."""
    return not source.badges and not any("xlabel" in attrs for attrs in source.nodes.values())


def _rounded(x1: float, top: float, x2: float, bottom: float, radius: float, node: bool) -> str:
    """Return Graphviz's path of a box with rounded corners (a Bézier: each side a straight
    piece, each corner a curve), y as written; a node's starts at its top right going left, a
    cluster's at its bottom left going right, as Graphviz's do."""
    half = radius / 2
    a, b, c = f"{x1:.2f}", f"{x1 + half:.2f}", f"{x1 + radius:.2f}"
    d, e, f = f"{x2 - radius:.2f}", f"{x2 - half:.2f}", f"{x2:.2f}"
    t, u, v = f"{top:.2f}", f"{top + half:.2f}", f"{top + radius:.2f}"
    w, y, z = f"{bottom - radius:.2f}", f"{bottom - half:.2f}", f"{bottom:.2f}"
    if node:
        return (
            f"M{d},{t}C{d},{t} {c},{t} {c},{t} {b},{t} {a},{u} {a},{v} {a},{v} {a},{w} {a},{w} "
            f"{a},{y} {b},{z} {c},{z} {c},{z} {d},{z} {d},{z} {e},{z} {f},{y} {f},{w} {f},{w} "
            f"{f},{v} {f},{v} {f},{u} {e},{t} {d},{t}"
        )
    return (
        f"M{c},{z}C{c},{z} {d},{z} {d},{z} {e},{z} {f},{y} {f},{w} {f},{w} {f},{v} {f},{v} "
        f"{f},{u} {e},{t} {d},{t} {d},{t} {c},{t} {c},{t} {b},{t} {a},{u} {a},{v} {a},{v} "
        f"{a},{w} {a},{w} {a},{y} {b},{z} {c},{z}"
    )


def _unit(dx: float, dy: float) -> tuple[float, float]:
    length = math.hypot(dx, dy)
    return (dx / length, dy / length) if length else (0.0, 0.0)


def _points(points: Iterable[tuple[float, float]]) -> str:
    return " ".join([f"{x:.2f},{y:.2f}" for x, y in points])


def _lines(
    out: list[str], lines: list[str], x: float, top: float, size: float, anchor: str, fill: str
) -> None:
    """Append ``lines`` of text of ``size`` points, the first line's top at ``top``."""
    step = LINE * size
    head = f'<text text-anchor="{anchor}" x="{_n(x)}" y="'
    tail = f'" font-family="{FONT_FAMILY}" font-size="{size:.2f}"{fill}>'
    for k, line in enumerate(lines):
        out.append(f"{head}{_n(top + step * (k + 0.5) + BASELINE * size)}{tail}{_escape(line)}</text>")


def _stroke(pen: str, width: str | None, dash: str | None) -> str:
    extra = f' stroke-width="{width}"' if width is not None and width != "1" else ""
    return f' stroke="{pen}"{extra}' + (f' stroke-dasharray="{dash}"' if dash else "")


def svg_drawing(source: DotGraph, layout: Layout, legend: LegendDrawing | None = None) -> bytes:
    """Return the SVG drawing ``source`` painted where ``layout`` (its composed layout) put
    every node, edge and cluster, with ``legend`` right of it at the top and the caption (the
    graph's label) above: Graphviz's SVG of the picture, as UTF-8.

    Raises KeyError when a node of ``source`` has no box in ``layout``.
    """
    height = layout.height
    width = layout.width
    out: list[str] = []
    caption = _unquote(source.graph_attrs["label"]) if "label" in source.graph_attrs else None
    caption_lines = caption.split("\n") if caption else []
    caption_size = float(source.graph_attrs.get("fontsize", FONT_SIZE + 2))
    caption_height = round(LINE * caption_size * len(caption_lines) + LABEL_PAD) if caption_lines else 0.0
    if legend is not None:
        width += LEGEND_GAP + legend.width
        height = max(height, legend.height)
    if caption_lines:  # (Graphviz widens a drawing to its label, whose letters are ~0.55 em)
        width = max(width, max(len(line) for line in caption_lines) * 0.55 * caption_size + 2 * LABEL_INSET)
    total = height + caption_height
    # y as Graphviz writes it: up, 0 at the bottom of the layout (the caption above its top)
    shift = layout.height
    w, h = round(width + 2 * PAD), round(total + 2 * PAD)
    out.append(
        '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n'
        '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN"\n'
        ' "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n'
        "<!-- Generated by graphviz_app (drawn as by graphviz) -->\n"
        f'<svg width="{w}pt" height="{h}pt"\n'
        f' viewBox="0.00 0.00 {w:.2f} {h:.2f}" xmlns="http://www.w3.org/2000/svg" '
        'xmlns:xlink="http://www.w3.org/1999/xlink">\n'
        f'<g id="graph0" class="graph" transform="scale(1 1) rotate(0) translate({_n(PAD)} {_n(h - PAD)})">\n'
        "<title>autograd</title>\n"
        f'<polygon fill="white" stroke="transparent" points="{_n(-PAD)},{_n(PAD)} {_n(-PAD)},{_n(PAD - h)} '
        f'{_n(w - PAD)},{_n(PAD - h)} {_n(w - PAD)},{_n(PAD)} {_n(-PAD)},{_n(PAD)}"/>'
    )
    if caption_lines:
        _lines(out, caption_lines, LABEL_INSET, -total + LABEL_PAD / 2, caption_size, "start", "")
    titles = {did: _title(encode_id(did)) for did in source.nodes}
    placed_edge = _placed_edges(source, layout)
    _clusters(out, source, layout, shift)
    _edges(out, source, layout, shift, titles, range(len(source.edges)), placed_edge)
    _nodes(out, source, layout, shift, titles)
    if legend is not None:
        out.append(f'<g id="node{len(source.nodes) + 1}" class="node">\n<title>{_title(LEGEND_ID)}</title>')
        dx, dy = layout.width + LEGEND_GAP, legend.height - shift
        out.extend(shape.written(dx, dy) for shape in legend.shapes)
        out.append("</g>")
    out.append("</g>\n</svg>\n")
    return "\n".join(out).encode("utf-8")


def _clusters(out: list[str], source: DotGraph, layout: Layout, shift: float) -> None:
    boxes = {c.name: c for c in layout.clusters}
    number = 0
    order: list[str] = []

    def visit(path: str) -> None:
        order.append(path)
        for child in source.display.clusters[path].children:
            visit(child)

    for path in source.display.top_clusters():
        visit(path)
    for path in order:
        box = boxes.get(path)
        if box is None:
            continue
        attrs = source.clusters[path]
        number += 1
        x1, x2 = box.x, box.x + box.width
        top, bottom = box.y - shift, box.y + box.height - shift
        style = _unquote(attrs.get("style", '""')).split(",")
        fill = (
            _color(_unquote(attrs["fillcolor"]), "none")
            if "filled" in style and "fillcolor" in attrs
            else "none"
        )
        pen = _color(_unquote(attrs.get("color", '"black"')), "black")
        dash = next((DASHES[s] for s in style if s in DASHES), None)
        out.append(
            f'<g id="clust{number}" class="cluster">\n<title>{_title(CLUSTER_PREFIX + encode_id(path))}</title>'
        )
        if "rounded" in style:
            radius = min(ROUND, box.width / 3, box.height / 3)
            shape = _rounded(x1, top, x2, bottom, radius, False)
            out.append(f'<path fill="{fill}"{_stroke(pen, None, dash)} d="{shape}"/>')
        else:
            corners = [(x1, bottom), (x1, top), (x2, top), (x2, bottom), (x1, bottom)]
            out.append(f'<polygon fill="{fill}"{_stroke(pen, None, dash)} points="{_points(corners)}"/>')
        label = _unquote(attrs.get("label", '""'))
        if label:
            size = float(_unquote(attrs.get("fontsize", f'"{CLUSTER_FONT_SIZE}"')))
            ink = _color(_unquote(attrs["fontcolor"]), "black") if "fontcolor" in attrs else "black"
            _lines(
                out,
                label.split("\n"),
                x1 + LABEL_INSET,
                top + LABEL_PAD / 2,
                size,
                "start",
                "" if ink == "black" else f' fill="{ink}"',
            )
        out.append("</g>")


def _arrow(tip: tuple[float, float], end: tuple[float, float], size: float) -> str:
    """Return Graphviz's 'normal' arrowhead touching ``tip``, its axis from ``end`` (the
    spline's end), ``size`` times :data:`ARROW_LENGTH` long, y up."""
    ux, uy = _unit(tip[0] - end[0], tip[1] - end[1])
    length = ARROW_LENGTH * size
    bx, by = tip[0] - ux * length, tip[1] - uy * length
    vx, vy = uy * length * 0.35, -ux * length * 0.35
    first = f"{bx + vx:.2f},{by + vy:.2f}"
    return f"{first} {tip[0]:.2f},{tip[1]:.2f} {bx - vx:.2f},{by - vy:.2f} {first}"


def arrow_tip(edge: EdgePath) -> tuple[float, float] | None:
    """The arrowhead's point farthest from the spline's end: where the arrow touches the node."""
    if not edge.arrow or not edge.points:
        return None
    ex, ey = edge.points[-1]
    return max(edge.arrow, key=lambda p: (p[0] - ex) ** 2 + (p[1] - ey) ** 2)


_UNPAINTED = frozenset({"weight", "minlen"})
"""Edge attributes that only place an edge (a drawn edge without others is plain)."""


def _placed_edges(source: DotGraph, layout: Layout) -> Callable[[int], PlacedEdge | None]:
    """Return, for an edge of ``source`` (by its index), its points and arrowhead in ``layout``
    and how far to move them (a composed layout's parts stay where its clusters drew them,
    moved as they are written); None: the layout did not route it."""
    if isinstance(layout, ComposedLayout) and len(layout.edges) == len(source.edges):
        return layout.placed_edge  # (same display graph, same order)
    paths: dict[tuple[str, str], list[EdgePath]] = {}
    for edge in layout.edges:
        paths.setdefault((edge.source, edge.target), []).append(edge)
    taken: dict[tuple[str, str], int] = {}
    found: list[PlacedEdge | None] = []
    for tail, head, _ in source.edges:
        key = (tail, head)
        k = taken.get(key, 0)
        drawn = paths.get(key, ())
        taken[key] = k + 1
        found.append((drawn[k].points, drawn[k].arrow, 0.0, 0.0) if k < len(drawn) else None)
    return found.__getitem__


def _edges(
    out: list[str],
    source: DotGraph,
    layout: Layout,
    shift: float,
    titles: dict[str, str],
    edges: range,
    placed_edge: Callable[[int], PlacedEdge | None],
) -> None:
    """Append the edges of ``source`` numbered in ``edges`` (from 0)."""
    boxes = layout.nodes
    ink = _color(EDGE_COLOR, "black")
    plain = (f'<path fill="none" stroke="{ink}" d="M', f'"/>\n<polygon fill="{ink}" stroke="{ink}" points="')
    length = ARROW_LENGTH * DEFAULT_ARROW_SIZE
    drawn = source.edges
    for index in edges:
        tail, head, attrs = drawn[index]
        number = index + 1
        placed = placed_edge(index)
        name = f"{titles.get(tail) or _title(encode_id(tail))}&#45;&gt;{titles.get(head) or _title(encode_id(head))}"
        group = f'<g id="edge{number}" class="edge">\n<title>{name}</title>'
        if placed is not None:  # (each point moved by (dx, dy), then y by the shift)
            spline, arrow_at, dx, dy = placed
            if (not attrs or attrs.keys() <= _UNPAINTED) and arrow_at and len(spline) > 1:
                # most edges: drawn plain (their weight or length only placed them)
                ex, ey = spline[-1][0] + dx, spline[-1][1] + dy
                far = -1.0
                tx = ty = 0.0
                for ax, ay in arrow_at:  # the tip: the arrowhead's point farthest from the end
                    ax, ay = ax + dx, ay + dy
                    away = (ax - ex) ** 2 + (ay - ey) ** 2
                    if away > far:
                        far, tx, ty = away, ax, ay
                ux, uy = _unit(tx - ex, ty - ey)
                bx, by = tx - ux * length, ty - uy * length - shift
                vx, vy = uy * length * 0.35, -ux * length * 0.35
                first = f"{bx + vx:.2f},{by + vy:.2f}"
                arrow = f"{first} {tx:.2f},{ty - shift:.2f} {bx - vx:.2f},{by - vy:.2f} {first}"
                x0, y0 = spline[0]
                d = " ".join([f"{x + dx:.2f},{y + dy - shift:.2f}" for x, y in spline[1:]])
                out.append(
                    f'{group}\n{plain[0]}{x0 + dx:.2f},{y0 + dy - shift:.2f}C{d}{plain[1]}{arrow}"/>\n</g>'
                )
                continue
            moved = EdgePath(tail, head, spline, arrow_at)
            if dx or dy:
                moved = EdgePath(
                    tail,
                    head,
                    tuple((x + dx, y + dy) for x, y in spline),
                    tuple((x + dx, y + dy) for x, y in arrow_at) if arrow_at is not None else None,
                )
            points = [(x, y - shift) for x, y in moved.points]
            tip = arrow_tip(moved)
            tip = (tip[0], tip[1] - shift) if tip is not None else None
        else:  # (not routed: a straight line between the boxes' centres)
            a, b = boxes[tail], boxes[head]
            points = [(a.x, a.y - shift), (a.x, a.y - shift), (b.x, b.y - shift), (b.x, b.y - shift)]
            tip = None
        out.append(group)
        back = attrs.get("dir") == '"back"'
        if back and tip is not None:  # the arrow at the producer; the spline drawn to the consumer
            points.extend([points[-1], tip, tip])
            tip = points[0]
            end = next((p for p in points[1:] if p != tip), points[-1])
        else:
            end = points[-1]
        d = f"M{points[0][0]:.2f},{points[0][1]:.2f}C" + " ".join([f"{x:.2f},{y:.2f}" for x, y in points[1:]])
        color = _color(_unquote(attrs["color"]), "black") if "color" in attrs else ink
        pen = _unquote(attrs["penwidth"]) if "penwidth" in attrs else None
        style = _unquote(attrs.get("style", '""'))
        if "invis" in style:
            out.append("</g>")
            continue
        dash = DASHES.get(style)
        out.append(f'<path fill="none"{_stroke(color, pen, dash)} d="{d}"/>')
        if tip is not None:
            size = float(_unquote(attrs["arrowsize"])) if "arrowsize" in attrs else DEFAULT_ARROW_SIZE
            out.append(
                f'<polygon fill="{color}"{_stroke(color, pen, None)} points="{_arrow(tip, end, size)}"/>'
            )
        label = _unquote(attrs.get("label", '""'))
        if label:
            mid = points[len(points) // 2 // 3 * 3]
            ink_of = _color(_unquote(attrs["fontcolor"]), "black") if "fontcolor" in attrs else "black"
            lines = label.split("\n")
            top = mid[1] - LINE * EDGE_FONT_SIZE * len(lines) / 2
            fill = "" if ink_of == "black" else f' fill="{ink_of}"'
            x = mid[0] + 4 + 0.3 * EDGE_FONT_SIZE * max(map(len, lines))
            _lines(out, lines, x, top, EDGE_FONT_SIZE, "middle", fill)
        out.append("</g>")


def _nodes(out: list[str], source: DotGraph, layout: Layout, shift: float, titles: dict[str, str]) -> None:
    boxes = layout.nodes
    size = float(FONT_SIZE)
    step = LINE * size
    text_tail = f'" font-family="{FONT_FAMILY}" font-size="{size:.2f}"'
    looks: dict[tuple[str, ...], tuple[str, str, str, bool, bool, bool]] = {}
    placed = layout.placed_node if isinstance(layout, ComposedLayout) else None
    for number, (did, attrs) in enumerate(source.nodes.items(), 1):
        if placed is None:
            box, dx, dy = boxes[did], 0.0, 0.0
        else:  # (a composed layout's box stays where its cluster drew it, moved as it is written)
            box, dx, dy = placed(did)
        out.append(f'<g id="node{number}" class="node">\n<title>{titles[did]}</title>')
        paint_key = (
            attrs.get("style", ""),
            attrs.get("fillcolor", ""),
            attrs.get("color", ""),
            attrs.get("penwidth", ""),
            attrs.get("fontcolor", ""),
            attrs.get("peripheries", ""),
            attrs.get("shape", ""),
        )
        paint = looks.get(paint_key)
        if paint is None:
            style = _unquote(attrs["style"]).split(",") if "style" in attrs else []
            fill = _color(_unquote(attrs["fillcolor"]), "lightgrey") if "filled" in style else "none"
            pen = _color(_unquote(attrs["color"]), "black") if "color" in attrs else "black"
            dash = next((DASHES[s] for s in style if s in DASHES), None)
            stroke = _stroke(pen, _unquote(attrs["penwidth"]) if "penwidth" in attrs else None, dash)
            ink = _color(_unquote(attrs["fontcolor"]), "black") if "fontcolor" in attrs else "black"
            paint = looks[paint_key] = (
                fill,
                stroke,
                "" if ink == "black" else f' fill="{ink}"',
                _unquote(attrs.get("peripheries", "1")) == "2",
                attrs.get("shape") == "box3d",
                "rounded" in style,
            )
        fill, stroke, ink, outer, box3d, rounded = paint
        cx, cy = box.x + dx, box.y + dy - shift
        inset = PERIPHERY_GAP if outer else 0.0
        half_w, half_h = box.width / 2 - inset, box.height / 2 - inset
        for ring in range(2 if outer else 1):
            grow = PERIPHERY_GAP * ring
            x1, x2 = cx - half_w - grow, cx + half_w + grow
            top, bottom = cy - half_h - grow, cy + half_h + grow
            filled = fill if ring == 0 else "none"
            if box3d:
                depth = BOX3D_DEPTH
                corners = [
                    (x2, top),
                    (x1 + depth, top),
                    (x1, top + depth),
                    (x1, bottom),
                    (x2 - depth, bottom),
                    (x2, bottom - depth),
                    (x2, top),
                ]
                out.append(f'<polygon fill="{filled}"{stroke} points="{_points(corners)}"/>')
                inner = f"{x2 - depth:.2f},{top + depth:.2f}"
                for far in ((x1, top + depth), (x2 - depth, bottom), (x2, top)):
                    out.append(f'<polyline fill="none"{stroke} points="{inner} {far[0]:.2f},{far[1]:.2f} "/>')
            elif rounded:
                radius = min(ROUND, (x2 - x1) / 3, (bottom - top) / 3)
                out.append(
                    f'<path fill="{filled}"{stroke} d="{_rounded(x1, top, x2, bottom, radius, True)}"/>'
                )
            else:
                a, b, t, u = f"{x2:.2f}", f"{x1:.2f}", f"{top:.2f}", f"{bottom:.2f}"
                out.append(
                    f'<polygon fill="{filled}"{stroke} points="{a},{t} {b},{t} {b},{u} {a},{u} {a},{t}"/>'
                )
        label = _unquote(attrs["label"]) if "label" in attrs else did
        lines = label.split("\n")
        head = f'<text text-anchor="middle" x="{cx:.2f}" y="'
        first = cy - step * len(lines) / 2 + step / 2 + BASELINE * size
        for k, line in enumerate(lines):
            out.append(f"{head}{first + step * k:.2f}{text_tail}{ink}>{_escape(line)}</text>")
        out.append("</g>")

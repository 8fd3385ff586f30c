"""Values badges laid out with the graph: ``dot`` places each beside its node, clear of every
other node, badge, edge and module frame, read back from the exported SVG's geometry."""

from __future__ import annotations

import re
import struct
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from graphviz_app.core.export import export_graph
from graphviz_app.core.graphviz import arrange
from graphviz_app.core.graphviz.dot import BADGE_CLASS, Paint, badge_id, dot_graph, room_label, wrap_caption
from graphviz_app.core.graphviz.layout import LayoutJob
from graphviz_app.core.model.graph import dumps_graph, load_graph_json
from graphviz_app.core.model.values import (
    LINE_CHARS,
    gradient_line,
    value_line,
    values_badge_message,
    values_badges,
)
from graphviz_app.core.view.display import ViewOptions, build_display
from graphviz_app.core.view.look import NodeStyle
from graphviz_app.core.view.stepping import BACKWARD, FORWARD, Stepper
from graphviz_app.resources import example

from .graphs import chain

GOLDEN = Path(__file__).parent / "golden"
LESSONS = ("sequential_branches", "two_layer_training", "small_cnn", "retain_grad")
"""Module and training lessons whose weights made 400-700 px badge strips."""
SVG = "{http://www.w3.org/2000/svg}"
Box = tuple[float, float, float, float]


def lesson(name: str, request: pytest.FixtureRequest, regen: bool):
    """The lesson's graph with backward, saved in golden/NAME.json (``--regen-golden`` captures
    it again with torch)."""
    saved = GOLDEN / f"{name}.json"
    if regen and name != "sequential_branches":  # that one is the golden DOT test's to capture
        result = request.getfixturevalue("runner").run(example(f"{name}.py"), backward=True)
        result.graph.graph.pop("environment", None)
        saved.write_text(dumps_graph(result.graph), encoding="utf-8")
    return load_graph_json(saved)


def numbers(text: str) -> list[float]:
    return [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?(?:e-?\d+)?", text)]


def bezier(points: list[tuple[float, float]], steps: int = 12) -> list[tuple[float, float]]:
    """Return points along a Graphviz spline (a start, then cubic Bezier triples)."""
    out = [points[0]]
    for i in range(1, len(points) - 2, 3):
        (x0, y0), (x1, y1), (x2, y2), (x3, y3) = points[i - 1 : i + 3]
        for k in range(1, steps + 1):
            t = k / steps
            a, b, c, d = (1 - t) ** 3, 3 * t * (1 - t) ** 2, 3 * t * t * (1 - t), t**3
            out.append((a * x0 + b * x1 + c * x2 + d * x3, a * y0 + b * y1 + c * y2 + d * y3))
    return out


def shape_points(group: ET.Element) -> list[tuple[float, float]]:
    """Every corner of the polygons, polylines and paths drawn in ``group``."""
    found: list[tuple[float, float]] = []
    for element in group.iter():
        tag = element.tag.removeprefix(SVG)
        if tag in ("polygon", "polyline"):
            values = numbers(element.get("points", ""))
        elif tag == "path":
            values = numbers(element.get("d", ""))
        else:
            continue
        found.extend(zip(values[::2], values[1::2]))
    return found


def box_of(points: list[tuple[float, float]]) -> Box:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def touch(a: Box, b: Box) -> bool:
    """True when boxes ``a`` and ``b`` overlap or touch."""
    return not (a[2] < b[0] or b[2] < a[0] or a[3] < b[1] or b[3] < a[1])


def inside(point: tuple[float, float], box: Box) -> bool:
    return box[0] < point[0] < box[2] and box[1] < point[1] < box[3]


class Drawing:
    """An exported SVG's geometry: node, badge and module-frame boxes, edge curves."""

    def __init__(self, path: Path) -> None:
        root = ET.parse(path).getroot()
        self.nodes: dict[str, Box] = {}
        self.badges: dict[str, Box] = {}
        self.frames: dict[str, Box] = {}
        self.edges: dict[str, list[tuple[float, float]]] = {}
        for group in root.iter(SVG + "g"):
            classes = (group.get("class") or "").split()
            title = group.find(SVG + "title")
            name = title.text if title is not None and title.text else ""
            points = shape_points(group)
            if not classes or not points:
                continue
            if classes[0] == "node" and BADGE_CLASS in classes:
                self.badges[name.removesuffix("~badge")] = box_of(points)
            elif classes[0] == "node":
                self.nodes[name] = box_of(points)
            elif classes[0] == "cluster" and not name.endswith("~badge"):
                self.frames[name] = box_of(points)
            elif classes[0] == "edge" and "badge-link" not in classes:
                path = group.find(SVG + "path")
                curve = numbers(path.get("d", "")) if path is not None else []
                self.edges[name] = bezier(list(zip(curve[::2], curve[1::2])))


def last_backward_svg(graph, tmp_path: Path, options: ViewOptions = ViewOptions()) -> Drawing:
    """Export ``graph`` at its last backward step with Values, as the CLI does, and read it."""
    stepper = Stepper(graph, values=True)
    view = stepper.view(BACKWARD, stepper.count(BACKWARD) - 1)
    out = tmp_path / "last.svg"
    export_graph(graph, out, options=options, step=view, values=True)
    return Drawing(out)


@pytest.mark.parametrize("rankdir", ["TB", "LR"])
@pytest.mark.parametrize("name", LESSONS)
def test_each_badge_sits_beside_its_node_clear_of_everything_else(
    name, rankdir, tmp_path, request, regen_golden
):
    graph = lesson(name, request, regen_golden and rankdir == "TB")
    drawing = last_backward_svg(graph, tmp_path, ViewOptions(rankdir=rankdir))
    display = build_display(graph, ViewOptions(rankdir=rankdir))
    badged = {
        did
        for did, node in display.nodes.items()
        if any(values_badge_message(graph.nodes[m]) for m in node.members)
    }
    assert set(drawing.badges) == badged  # every badge drawn, each as a node of its own
    for did, badge in drawing.badges.items():
        node = drawing.nodes[did]
        for other, box in [*drawing.nodes.items(), *drawing.badges.items()]:
            if box is not badge and other != did:
                assert not touch(badge, box), f"{did}'s badge touches {other}"
        for edge, curve in drawing.edges.items():
            assert not any(inside(p, badge) for p in curve), f"edge {edge} crosses {did}'s badge"
        for path, frame in drawing.frames.items():
            crossed = touch(badge, frame) and not (
                frame[0] < badge[0] and badge[2] < frame[2] and frame[1] < badge[1] and badge[3] < frame[3]
            )
            assert not crossed, f"{did}'s badge lies across the frame of {path}"
            assert touch(badge, frame) == touch(node, frame), f"{did}'s badge is not in {did}'s frames"
        # beside its own node: the next thing over, a node-to-node gap away
        if rankdir == "TB":
            gap, overlap = badge[0] - node[2], min(badge[3], node[3]) - max(badge[1], node[1])
        else:
            gap = max(node[1] - badge[3], badge[1] - node[3])
            overlap = min(badge[2], node[2]) - max(badge[0], node[0])
        assert 0 < gap <= 19 and overlap > 0, (did, gap, overlap)


def test_a_long_tensor_is_its_shape_and_norm_the_numbers_stay_in_the_tooltip():
    graph = load_graph_json(GOLDEN / "two_layer_training.json")
    w1 = next(n for n, a in graph.nodes(data=True) if a.get("name") == "W1")
    attrs = graph.nodes[w1]
    assert str(value_line(attrs)) == "W1: 4×6, ‖·‖=" + format(attrs["value"]["norm"], ".3g")
    assert str(gradient_line(attrs)).startswith("W1.grad: 4×6, ‖·‖=")
    assert str(value_line(attrs, full=True)).startswith("W1 = [[")  # every number, for the tooltip
    for line in str(values_badge_message(attrs)).split("\n"):
        assert len(line) <= LINE_CHARS + 10
    b2 = next(n for n, a in graph.nodes(data=True) if a.get("name") == "b2")
    assert str(values_badge_message(graph.nodes[b2])).startswith("b2 = [")  # short: the numbers themselves


def test_every_step_draws_the_same_layout(tmp_path):
    """The badges' room is the final state's, so the steps' pictures differ in paint only:
    a not-yet-known line keeps its row, empty."""
    graph = load_graph_json(GOLDEN / "sequential_branches.json")
    display = build_display(graph)
    room = values_badges(graph.nodes(data=True))
    stepper = Stepper(graph, values=True)
    sizes = set()
    for mode in (FORWARD, BACKWARD):
        for index in (-1, 0, stepper.count(mode) // 2, stepper.count(mode) - 1):
            view = stepper.view(mode, index)
            source = arrange.dot_graph(display, graph, arrange.Paint(styles=dict(view.styles), room=room))
            layout = LayoutJob(source.text(paint=False)).result()
            sizes.add(
                tuple(sorted((k, round(b.x), round(b.y), round(b.width)) for k, b in layout.nodes.items()))
            )
    assert len(sizes) == 1


def test_room_rows_keep_their_place_and_the_tie_hides_with_the_badge():
    lines = ("w = [[1, 2], [3, 2]]", "w.grad = [[0.75, 3], [6.75, 3]]")
    shown, empty = room_label(lines, lines[0]), room_label(lines, None)
    assert shown.count("<TR>") == empty.count("<TR>") == 2
    assert 'COLOR="transparent">w.grad' in shown and 'SIDES="LTRB"' in shown
    assert "#fff8c4" not in empty
    graph = chain(3)
    room = {"n1": "‖g‖=0.5"}
    text = dot_graph(build_display(graph), graph, Paint(room=room)).text()
    assert f'"{badge_id("n1")}" [shape=plain' in text and "xlabel" not in text
    assert 'style="invis"' in text  # nothing drawn yet at n1: no tie either
    drawn = dot_graph(
        build_display(graph), graph, Paint(room=room, styles={"n2": NodeStyle(extra_label="‖g‖=2")})
    ).text()
    assert "xlabel" in drawn and 'forcelabels="true"' in drawn  # a badge without room: as before


def test_the_window_layout_names_the_badges_and_drops_their_ties():
    graph = load_graph_json(GOLDEN / "basic_autograd.json")
    display = build_display(graph)
    room = values_badges(graph.nodes(data=True))
    laid = arrange.layout_job(display, graph, room=room).result()
    assert set(laid.badges) == set(display.nodes) and all(badge_id(d) in laid.nodes for d in display.nodes)
    assert not any(e.target.endswith("~badge") for e in laid.edges)
    assert not any(c.name.endswith("~badge") for c in laid.clusters)
    plain = arrange.layout_job(display, graph).result()
    assert not plain.badges and set(plain.nodes) == set(display.nodes)


def png_width(path: Path) -> int:
    data = path.read_bytes()
    return struct.unpack(">I", data[16:20])[0]


def test_a_small_graphs_png_with_a_long_caption_stays_narrow(tmp_path):
    """A 4-node graph at a backward step: the caption wraps to the drawing, not one long line."""
    graph = load_graph_json(GOLDEN / "basic_autograd.json")
    stepper = Stepper(graph, values=True)
    view = stepper.view(BACKWARD, 2)
    assert len(str(view.message)) > 200
    out = tmp_path / "step.png"
    export_graph(graph, out, step=view, values=True)
    assert png_width(out) <= 1200
    svg = tmp_path / "step.svg"
    LayoutJob(
        dot_graph(build_display(graph), graph, Paint(caption=str(view.message))).text(),
        args=["-Tsvg", "-o", str(svg)],
    ).run()
    assert "Backward step 3/4" in svg.read_text()


def test_a_caption_wraps_at_the_drawing_width_or_72_characters():
    text = " ".join(["word"] * 60)
    assert max(len(line) for line in wrap_caption(text).split("\n")) <= 72
    assert max(len(line) for line in wrap_caption(text, 2000).split("\n")) > 72
    assert wrap_caption("one\ntwo") == "one\ntwo"

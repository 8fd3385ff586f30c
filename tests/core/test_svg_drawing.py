"""The SVG of a composed picture, written from its layout (core/graphviz/svg_drawing.py).

Real ``dot`` lays the pieces out; the drawing is compared with what Graphviz itself draws from
the same positions (``neato -n2`` of the pinned DOT text, the path images other than SVG keep):
the same groups, titles, shapes, texts and splines at the same coordinates.
"""

from __future__ import annotations

import re
from xml.etree import ElementTree

import pytest

from graphviz_app.core.export import _check_svg, export_graph, well_formed_svg
from graphviz_app.core.graphviz import compose
from graphviz_app.core.graphviz.arrange import PINNED_PROGRAM, Paint, picture
from graphviz_app.core.graphviz.dot import LEGEND_ID
from graphviz_app.core.graphviz.layout import LayoutJob
from graphviz_app.core.html_page import clean_svg
from graphviz_app.core.view.display import ViewOptions, build_display
from graphviz_app.core.view.look import STEP_COLOR, NodeStyle

from .graphs import GraphBuilder

SVG = "{http://www.w3.org/2000/svg}"
CPU_FILL = "#b3ddf5"
"""The device colour mode's fill of a node on the CPU (core/view/colors.py)."""


def stack():
    """Two stages of two residual blocks (module ``stages.<s>.<k>``), the last block on the
    ``meta`` device (so two device transfers), a leaf whose name needs escaping."""
    b = GraphBuilder()
    x = b.leaf("x <in> & 'q'", shape=[1, 8])
    for s in range(2):
        for k in range(2):
            module = f"stages.{s}.{k}"
            dev = "meta" if (s, k) == (1, 1) else "cpu"
            a = b.leaf(f"{module}.a-b", shape=[8], module=module, device=dev)
            mul = b.op("MulBackward0", x, a, shape=[1, 8], module=module, device=dev)
            tanh = b.op("TanhBackward0", mul, shape=[1, 8], module=module, device=dev)
            w = b.leaf(f"{module}.b", shape=[8], module=module, device=dev)
            mul2 = b.op("MulBackward0", tanh, w, shape=[1, 8], module=module, device=dev)
            x = b.op("AddBackward0", x, mul2, shape=[1, 8], module=module, device=dev)
    power = b.op("PowBackward0", x, shape=[1, 8])
    return b.build(b.op("MeanBackward0", power, shape=[], name="loss"))


@pytest.fixture
def composed(monkeypatch):
    """Graphs over 10 display nodes are composed (the real threshold is 1,500)."""
    monkeypatch.setattr(compose, "SINGLE_RUN_MAX_NODES", 10)


OPTIONS = ViewOptions(collapsed=frozenset({"stages.0.1"}))
STYLES = {
    "n1": NodeStyle(ghost=True),
    "n2": NodeStyle(pen=STEP_COLOR, penwidth=3.0, dashed=True),
    "n3": NodeStyle(fill="#ffcc00"),
}
MARKED = frozenset({("n2", "n3"), ("n3", "n5")})


def drawn(graph, paint: Paint = Paint(legend=True), options: ViewOptions = OPTIONS):
    display = build_display(graph, options)
    assert compose.should_compose(display)
    return display, picture(display, graph, paint)


def by_graphviz(text: str) -> bytes:
    return LayoutJob(text, args=[*PINNED_PROGRAM[1:], "-Tsvg"], program=PINNED_PROGRAM[0]).run()


def groups(data: bytes, kind: str) -> dict[str, ElementTree.Element]:
    root = ElementTree.fromstring(data)
    found = {}
    for group in root.iter(f"{SVG}g"):
        if group.get("class") == kind:
            found[group.find(f"{SVG}title").text] = group
    return found


def numbers(text: str) -> list[float]:
    return [float(n) for n in re.findall(r"-?[0-9]+(?:\.[0-9]+)?", text)]


def close(a: list[float], b: list[float], tolerance: float = 0.02) -> bool:
    return len(a) == len(b) and all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))


def geometry(element: ElementTree.Element) -> list[float]:
    return numbers(element.get("points") or element.get("d") or f"{element.get('x')} {element.get('y')}")


def test_the_drawing_is_graphviz_s_drawing_of_the_same_positions(composed) -> None:
    graph = stack()
    paint = Paint(legend=True, styles=STYLES, marked_edges=MARKED, caption="Step 3: a & <b>")
    display, drawing = drawn(graph, paint)
    assert drawing.svg is not None
    ours, theirs = drawing.svg(), by_graphviz(drawing.text)
    svg_size = re.compile(rb'<svg width="(\d+)pt" height="(\d+)pt"')
    assert svg_size.search(ours).groups() == svg_size.search(theirs).groups()
    # every node: the same shapes (box, rounded leaf, 3-D module box, double outline) and texts
    our_nodes, their_nodes = groups(ours, "node"), groups(theirs, "node")
    assert set(our_nodes) == set(their_nodes) == set(display.nodes) | {LEGEND_ID}
    for name, group in our_nodes.items():
        mine, graphviz = list(group)[1:], list(their_nodes[name])[1:]
        assert [e.tag for e in mine] == [e.tag for e in graphviz], name
        for a, b in zip(mine, graphviz, strict=True):
            assert close(geometry(a), geometry(b)), (name, a.attrib, b.attrib)
            assert a.text == b.text
            for key in ("fill", "stroke", "stroke-width", "stroke-dasharray", "font-size"):
                assert a.get(key) == b.get(key), (name, key)
    # every edge Graphviz draws: the same spline and arrowhead, in the same paint
    our_edges, their_edges = groups(ours, "edge"), groups(theirs, "edge")
    assert set(our_edges) == set(their_edges)
    for name, group in their_edges.items():
        for a, b in zip(list(our_edges[name])[1:], list(group)[1:], strict=False):
            if a.tag == b.tag == f"{SVG}text":  # a transfer's label: placed beside its spline
                assert a.text == b.text == "cpu → meta" or a.text == b.text == "meta → cpu"
                continue
            assert close(geometry(a), geometry(b)), (name, a.attrib, b.attrib)
            assert {k: a.get(k) for k in ("fill", "stroke", "stroke-width", "stroke-dasharray")} == {
                k: b.get(k) for k in ("fill", "stroke", "stroke-width", "stroke-dasharray")
            }
    # every cluster: the same rounded frame; its label on the same baseline, at its left
    our_clusters, their_clusters = groups(ours, "cluster"), groups(theirs, "cluster")
    assert set(our_clusters) == set(their_clusters) == {f"cluster_{p}" for p in display.clusters}
    for name, group in our_clusters.items():
        frame, label = list(group)[1:]
        their_frame, their_label = list(their_clusters[name])[1:]
        assert close(geometry(frame), geometry(their_frame))
        assert label.text == their_label.text and label.get("y") == their_label.get("y")
        assert float(label.get("x")) == numbers(frame.get("d"))[0] - 12 + 8  # 8 pt in from its left


def test_a_node_is_drawn_where_the_layout_put_it_in_its_paint(composed) -> None:
    graph = stack()
    _, drawing = drawn(graph)
    layout = drawing.layout
    node = groups(drawing.svg(), "node")["n2"]  # the first block's first MulBackward0
    box = layout.nodes["n2"]
    shape, *texts = list(node)[1:]
    # y is drawn up from the bottom of the layout, as Graphviz does: the top is at -height
    x1, x2, top, bottom = (
        box.x - box.width / 2,
        box.x + box.width / 2,
        box.y - box.height / 2,
        box.y + box.height / 2,
    )
    corners = [x2, top, x1, top, x1, bottom, x2, bottom, x2, top]
    assert close(
        numbers(shape.get("points")), [v - layout.height if i % 2 else v for i, v in enumerate(corners)]
    )
    assert shape.get("fill") == CPU_FILL and shape.get("stroke") == "black"
    assert [t.text for t in texts] == ["MulBackward0", "1×8"]
    assert all(float(t.get("x")) == pytest.approx(box.x, abs=0.01) for t in texts)


def test_text_is_escaped_and_the_drawing_passes_the_export_check(composed) -> None:
    b = GraphBuilder()
    x = b.leaf("a <b> & \"c\" 'd'\x01", shape=[2])
    for k in range(12):
        x = b.op("MulBackward0", x, shape=[2], module=f"m{k // 4}-x&y")
    graph = b.build(x)
    _, drawing = drawn(graph, Paint(legend=True, caption='caption "<&>"'), ViewOptions())
    data = drawing.svg()
    assert well_formed_svg(data) == data  # (nothing to fix)
    assert _check_svg(data, drawing, ()) == data  # every node drawn once, placed; every edge routed
    texts = [t.text for t in ElementTree.fromstring(data).iter(f"{SVG}text")]
    assert "a <b> & \"c\" 'd'\ufffd" in texts
    assert 'caption "<&>"' in texts
    assert "cluster_m0-x~0026;y" in groups(data, "cluster")  # (as Graphviz names it: core/graphviz/layout.py)
    theirs = by_graphviz(drawing.text)
    for kind in ("node", "edge", "cluster"):
        assert set(groups(data, kind)) == set(groups(theirs, kind))


def test_the_export_writes_it_and_the_page_reads_it(composed, tmp_path) -> None:
    graph = stack()
    display = build_display(graph)
    target = tmp_path / "graph.svg"
    assert export_graph(graph, target) == []
    data = target.read_bytes()
    assert b"Generated by graphviz_app" in data  # written from the layout, not by neato
    assert set(groups(data, "node")) == set(display.nodes) | {LEGEND_ID}
    page = tmp_path / "graph.html"
    export_graph(graph, page)
    cleaned = clean_svg(data.decode("utf-8"))
    assert cleaned.count("data-node=") == len(display.nodes)
    assert cleaned.split("<svg", 1)[1][:200] in page.read_text(encoding="utf-8")


def test_a_picture_with_xlabel_badges_keeps_graphviz(composed, tmp_path) -> None:
    graph = stack()
    paint = Paint(styles={"n2": NodeStyle(extra_label="‖g‖=0.5")})
    _, drawing = drawn(graph, paint)
    assert drawing.svg is None  # its badge is an HTML-like xlabel: neato -n2 draws it
    target = tmp_path / "badges.svg"
    export_graph(graph, target, styles=paint.styles)
    assert b"Generated by graphviz version" in target.read_bytes()
    assert b"0.5" in target.read_bytes()


def test_a_backward_step_points_its_arrows_at_the_producers(composed) -> None:
    graph = stack()
    _, drawing = drawn(graph, Paint(marked_edges=MARKED, flow_backward=True))
    edge = groups(drawing.svg(), "edge")["n2->n3"]
    path, arrow = list(edge)[1:]
    spline, head = numbers(path.get("d")), numbers(arrow.get("points"))
    assert arrow.get("fill") == STEP_COLOR
    assert close(head[2:4], spline[:2])  # the arrow's tip where the spline leaves the producer
    box = drawing.layout.nodes["n3"]  # and the spline reaches the consumer's box
    assert spline[-1] == pytest.approx(box.y - box.height / 2 - drawing.layout.height, abs=0.5)

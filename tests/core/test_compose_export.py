"""Exports of graphs laid out by composition: drawn where the composed layout put everything.

Images of a graph above ``compose.SINGLE_RUN_MAX_NODES`` are written by ``neato -n2`` from the
composed positions (a plain ``dot -T<fmt>`` would lay the graph out again, differently and
slowly); DOT stays the plain text.
"""

from __future__ import annotations

import re
from xml.etree import ElementTree

import pytest

from graphviz_app.core.export import export_graph, png_size
from graphviz_app.core.graphviz import compose
from graphviz_app.core.graphviz.compose import Composer
from graphviz_app.core.graphviz.dot import LEGEND_ID, Paint, dot_graph
from graphviz_app.core.view.display import build_display

from .test_compose import residual_stack

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def big():
    graph = residual_stack(stages=6, blocks=50)  # 1 + 6 * 50 * 6 + 2 = 1,803 nodes
    display = build_display(graph)
    assert len(display.nodes) == 1803 > compose.SINGLE_RUN_MAX_NODES
    return graph, display


def test_svg_holds_every_node_where_the_composed_layout_put_it(big, tmp_path) -> None:
    graph, display = big
    target = tmp_path / "big.svg"
    assert export_graph(graph, target) == []
    root = ElementTree.parse(target).getroot()
    centers = {}
    for group in root.iter(f"{SVG}g"):
        if group.get("class") == "node":
            title = group.find(f"{SVG}title").text
            text = group.find(f"{SVG}text")
            centers[title] = float(text.get("x"))
    assert set(centers) == set(display.nodes) | {LEGEND_ID}
    layout = Composer().compose(display)
    # every label is centred on its composed position (SVG shifts the whole drawing by a pad)
    shifts = {round(centers[did] - box.x, 1) for did, box in layout.nodes.items()}
    assert len(shifts) == 1, sorted(shifts)[:5]
    clusters = sum(1 for g in root.iter(f"{SVG}g") if g.get("class") == "cluster")
    assert clusters == len(display.clusters) == 1 + 6 + 300


def test_pdf_and_png_are_whole(big, tmp_path) -> None:
    graph, _ = big
    pdf = tmp_path / "big.pdf"
    export_graph(graph, pdf)
    data = pdf.read_bytes()
    assert data.startswith(b"%PDF-") and b"%%EOF" in data[-1024:]
    png = tmp_path / "big.png"
    notices = export_graph(graph, png)
    width, height = png_size(png)
    assert height == 32000 and width > 100  # a 1,800-node stack is tall: capped, and said so
    assert notices and "scaled down" in str(notices[0])


def test_dot_export_stays_plain_dot(big, tmp_path) -> None:
    graph, display = big
    target = tmp_path / "big.dot"
    export_graph(graph, target)
    text = target.read_text(encoding="utf-8")
    assert text == dot_graph(display, graph, Paint(legend=True)).text()
    assert not re.search(r"\bpos=", text) and "bb=" not in text

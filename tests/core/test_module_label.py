"""A collapsed module's name sits inside its 3-D box in exported pictures (real ``dot``).

Graphviz draws ``box3d`` as a front face with a 4-point top face above it and centres the label
in the whole box; with an op's margin the module's name (its first line) reached into the top
face. In the SVG, each module node is a polygon, then the front face's top edge (the first
polyline, y up is negative) and the label's lines (``<text>``, y is the baseline).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from graphviz_app.core.graphviz.compose import Composer
from graphviz_app.core.graphviz.dot import dot_graph
from graphviz_app.core.graphviz.layout import LayoutJob
from graphviz_app.core.view.display import ViewOptions, build_display

from .graphs import nested_modules
from .test_compose import residual_stack

SVG = "{http://www.w3.org/2000/svg}"


def test_module_names_are_drawn_below_the_top_face(tmp_path) -> None:
    graph = nested_modules()
    modules = {m.split(".")[0] for _, m in graph.nodes(data="module") if m}
    display = build_display(graph, ViewOptions(collapsed=frozenset(modules)))
    target = tmp_path / "modules.svg"
    LayoutJob(dot_graph(display, graph).text(), args=["-Tsvg", "-o", str(target)]).run()
    checked = 0
    for group in ET.parse(target).getroot().iter(f"{SVG}g"):
        title = group.find(f"{SVG}title")
        if group.get("class") != "node" or title is None or not (title.text or "").startswith("m:"):
            continue
        face_top = float(group.find(f"{SVG}polyline").get("points").split()[0].split(",")[1])
        first = group.find(f"{SVG}text")
        baseline, size = float(first.get("y")), float(first.get("font-size"))
        # a whole em above the baseline (more than any letter reaches) is still below the face's top
        assert baseline - size >= face_top, (title.text, baseline, size, face_top)
        checked += 1
    assert checked == len(modules) >= 2


def test_a_composed_module_box_is_sized_as_one_dot_run_sizes_it(monkeypatch) -> None:
    monkeypatch.setattr("graphviz_app.core.graphviz.compose.SINGLE_RUN_MAX_NODES", 50)
    graph = residual_stack(stages=3, blocks=4)
    display = build_display(graph, ViewOptions(collapsed=frozenset({"stages.1.2"})))
    composed = Composer().compose(display).nodes["m:stages.1.2"]
    single = LayoutJob(dot_graph(display, graph).text()).result().nodes["m:stages.1.2"]
    assert (composed.width, composed.height) == (single.width, single.height)

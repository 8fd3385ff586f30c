"""DOT emission and layout through the real Graphviz ``dot``."""

from __future__ import annotations

import json
import shutil
import threading
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from graphviz_app.core.graphviz.dot import LEGEND_ID, Paint, dot_graph, quote
from graphviz_app.core.graphviz.layout import LayoutCancelled, LayoutJob, parse_json_layout
from graphviz_app.core.model.graph import dumps_graph, load_graph_json
from graphviz_app.core.model.values import values_badges
from graphviz_app.core.view import colors
from graphviz_app.core.view.display import MODULE_PREFIX, ViewOptions, build_display
from graphviz_app.core.view.look import NodeStyle
from graphviz_app.core.view.stepping import BACKWARD, Stepper
from graphviz_app.errors import GraphvizNotFoundError, LayoutError
from graphviz_app.resources import example

from .graphs import (
    GraphBuilder,
    chain,
    diamond,
    nested_modules,
    rnn_like,
    shared_leaf_chain,
    two_devices,
    with_grads,
)

GRAPHS = {
    "chain": lambda: chain(12),
    "diamond": diamond,
    "nested": nested_modules,
    "devices": two_devices,
    "grads": with_grads,
}


GOLDEN = Path(__file__).parent / "golden"
GOLDEN_EXAMPLES = ("basic_autograd", "devices", "sequential_branches")
"""Bundled examples whose exported DOT is pinned: a chain, a device transfer, nested modules."""
GOLDEN_VALUES = ("basic_autograd", "sequential_branches")
"""Those pinned with their Values badges laid out, as the CLI exports a small graph."""


def values_paint(graph) -> dict:
    """The fields of a ``Paint`` that draw the final Values badges, laid out with the graph."""
    room = values_badges(graph.nodes(data=True))
    return {"styles": {node: NodeStyle(extra_label=badge) for node, badge in room.items()}, "room": room}


@pytest.mark.parametrize("name", GOLDEN_EXAMPLES)
def test_bundled_examples_export_their_golden_dot(name, regen_golden, request):
    """The DOT of a bundled example (captured with backward, saved in golden/NAME.json) is the
    one in golden/NAME.dot. After a deliberate change, ``pytest --regen-golden`` captures the
    examples again (a worker runs them with torch), rewrites both files, and the diff is
    reviewed."""
    saved, golden = GOLDEN / f"{name}.json", GOLDEN / f"{name}.dot"
    if regen_golden:
        result = request.getfixturevalue("runner").run(example(f"{name}.py"), backward=True)
        result.graph.graph.pop("environment", None)  # this machine's Python: not the graph's
        GOLDEN.mkdir(exist_ok=True)
        saved.write_text(dumps_graph(result.graph), encoding="utf-8")
    graph = load_graph_json(saved)
    text = dot_graph(
        build_display(graph),
        graph,
        Paint(legend=True, **(values_paint(graph) if name in GOLDEN_VALUES else {})),
    ).text()
    if regen_golden:
        golden.write_text(text, encoding="utf-8")
    assert text == golden.read_text(encoding="utf-8")


def test_a_backward_step_exports_its_golden_dot(regen_golden):
    """Step 3 of the basic example's backward: the step node outlined in the step colour, the
    edge its gradient flows on dashed, the Values badges in the room of the final ones (the
    gradients not arrived yet leave their rows empty), the leaf not reached yet dashed, the
    caption wrapped."""
    graph = load_graph_json(GOLDEN / "basic_autograd.json")
    view = Stepper(graph, values=True).view(BACKWARD, 2)
    text = dot_graph(
        build_display(graph),
        graph,
        Paint(
            styles=dict(view.styles),
            marked_edges=view.edges,
            caption=str(view.message),
            legend=True,
            room=values_paint(graph)["room"],
        ),
    ).text()
    golden = GOLDEN / "basic_autograd.backward-step3.dot"
    if regen_golden:
        golden.write_text(text, encoding="utf-8")
    assert text == golden.read_text(encoding="utf-8")


def svg_texts(dot_text: str, tmp_path) -> list[str]:
    """Render to SVG and return every drawn text, in document order."""
    out = tmp_path / "g.svg"
    LayoutJob(dot_text, args=["-Tsvg", "-o", str(out)]).run()
    root = ET.parse(out).getroot()
    return [t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text")]


@pytest.mark.parametrize("name", sorted(GRAPHS))
@pytest.mark.parametrize("mode", colors.COLOR_MODES)
def test_layout_matches_the_display_graph(name, mode):
    graph = GRAPHS[name]()
    display = build_display(graph)
    result = LayoutJob(dot_graph(display, graph, Paint(mode=mode)).text()).result()
    assert set(result.nodes) == set(display.nodes)
    assert len(result.edges) == len(display.edges)
    assert {(e.source, e.target) for e in result.edges} == {(e.source, e.target) for e in display.edges}
    assert {c.name for c in result.clusters} == set(display.clusters)
    for edge in result.edges:
        assert len(edge.points) >= 4 and (len(edge.points) - 1) % 3 == 0
        assert edge.arrow is not None and len(edge.arrow) == 3


def test_y_grows_down_from_inputs_to_output():
    graph = nested_modules()
    result = LayoutJob(dot_graph(build_display(graph), graph).text()).result()
    top, bottom = result.nodes["n0"], result.nodes["n17"]  # input x, loss
    assert top.y < bottom.y
    assert top.y - top.height / 2 > -0.01  # inside the drawing
    assert bottom.y + bottom.height / 2 < result.height + 0.01
    for edge in result.edges:  # every edge points down the page
        assert edge.points[0][1] < edge.points[-1][1]
    for node in result.nodes.values():
        assert 0 <= node.x <= result.width and 0 <= node.y <= result.height


def test_only_a_drawing_without_clusters_or_badges_asks_for_newrank():
    """``newrank`` ranks clusters and rank sets otherwise than the default: a drawing with module
    frames or a badge's room (a frameless cluster) keeps the default ranking."""
    graph = nested_modules()
    assert "newrank" in dot_graph(build_display(graph, ViewOptions(clusters=False)), graph).graph_attrs
    framed = dot_graph(build_display(graph, ViewOptions()), graph)
    assert framed.display.clusters and "newrank" not in framed.graph_attrs
    valued = load_graph_json(GOLDEN / "basic_autograd.json")  # no modules: no frames
    badged = dot_graph(build_display(valued, ViewOptions()), valued, Paint(**values_paint(valued)))
    assert not badged.display.clusters and badged.rooms and "newrank" not in badged.graph_attrs


def test_clusters_enclose_their_nodes():
    graph = nested_modules()
    display = build_display(graph)
    result = LayoutJob(dot_graph(display, graph).text()).result()
    boxes = {c.name: c for c in result.clusters}
    assert boxes["encoder.layers.0.attn"].label == "encoder.layers.0.attn"
    for path, cluster in display.clusters.items():
        box = boxes[path]
        for did in cluster.nodes:
            node = result.nodes[did]
            assert box.x <= node.x <= box.x + box.width
            assert box.y <= node.y <= box.y + box.height
        if cluster.parent:
            outer = boxes[cluster.parent]
            assert outer.x <= box.x and box.x + box.width <= outer.x + outer.width


def test_collapsed_module_node_lays_out():
    graph = nested_modules()
    display = build_display(graph, ViewOptions(collapsed=frozenset({"encoder.layers"})))
    result = LayoutJob(dot_graph(display, graph).text()).result()
    assert MODULE_PREFIX + "encoder.layers" in result.nodes
    assert len(result.nodes) == len(display.nodes) < len(graph)


def test_dot_is_deterministic():
    graph = nested_modules()
    first = dot_graph(build_display(graph), graph, Paint(mode="module", legend=True)).text()
    assert (
        first
        == dot_graph(
            build_display(nested_modules()), nested_modules(), Paint(mode="module", legend=True)
        ).text()
    )


def test_quote_escapes_for_dot():
    assert quote('a"b') == '"a\\"b"'
    assert quote("a\\b") == '"a\\\\b"'
    assert quote("a\nb") == '"a\\nb"'


def test_awkward_names_survive_escaping(tmp_path):
    b = GraphBuilder()
    weird = 'w "quoted" \\n back\\slash <tag> & {brace} |bar| ünï'
    x = b.leaf(weird)
    y = b.op("MyOp<T>Backward", x, name="line1\nline2")
    graph = b.build(y)
    texts = svg_texts(dot_graph(build_display(graph), graph, Paint(legend=True)).text(), tmp_path)
    assert weird in texts
    assert "MyOp<T>Backward" in texts
    assert "line1 line2: 2×2" in texts  # newlines inside a name become spaces


def test_shapes_and_output_border():
    graph = diamond()
    text = dot_graph(build_display(graph), graph).text()
    lines = {line.split(" [")[0].strip(): line for line in text.splitlines() if " [" in line}
    assert "rounded" in lines['"n0"']  # leaf: rounded box
    assert "peripheries=2" in lines['"n4"']  # output: double border
    collapsed = build_display(nested_modules(), ViewOptions(collapsed=frozenset({"head"})))
    assert "box3d" in dot_graph(collapsed, nested_modules()).text()  # collapsed module


def test_transfer_edges_stand_out():
    graph = two_devices()
    display = build_display(graph)
    text = dot_graph(display, graph).text()
    transfer_lines = [line for line in text.splitlines() if "→" in line]
    assert len(transfer_lines) == 2
    assert all('penwidth="2.5"' in line for line in transfer_lines)
    assert colors.device_edge_color("meta") in transfer_lines[0]
    result = LayoutJob(text).result()
    labels = {(e.source, e.target): e.label for e in result.edges}
    assert labels[("n1", "n2")] == "cpu → meta"
    assert labels[("n4", "n5")] == "meta → cpu"
    assert labels[("n0", "n1")] is None
    moved = next(e for e in result.edges if e.label == "cpu → meta")
    assert moved.label_pos is not None


def test_device_fills_in_dot():
    graph = two_devices()
    text = dot_graph(build_display(graph), graph).text()
    assert f'fillcolor="{colors.device_color("cpu")}"' in text
    assert f'fillcolor="{colors.device_color("meta")}"' in text


def test_styles_override_nodes(tmp_path):
    graph = chain(4)
    styles = {
        "n1": NodeStyle(fill="#000080", pen="#0000FF", penwidth=3, extra_label="‖g‖=0.50"),
        "n2": NodeStyle(ghost=True),
        "n3": NodeStyle(dashed=True),
    }
    text = dot_graph(build_display(graph), graph, Paint(styles=styles)).text()
    line = {row.split(" [")[0].strip(): row for row in text.splitlines() if " [" in row}
    assert 'fillcolor="#000080"' in line['"n1"'] and 'color="#0000FF"' in line['"n1"']
    assert "penwidth=3" in line['"n1"'] and 'fontcolor="#ffffff"' in line['"n1"']
    assert "dotted" in line['"n2"'] and "#F4F4F4" in line['"n2"']
    assert "dashed" in line['"n3"']
    assert "‖g‖=0.50" in svg_texts(text, tmp_path)


def dot_lines(text: str) -> dict[str, str]:
    """Return each node or edge line of DOT ``text`` by its id (``'"n1"'``, ``'"n0" -> "n1"'``)."""
    return {row.split(" [")[0].strip(): row for row in text.splitlines() if " [" in row}


def test_a_badge_is_a_tag_beside_its_node_not_a_label_line(tmp_path):
    """As in the window: the label keeps its lines, the badge is an xlabel tag (yellow, boxed)."""
    graph = chain(3)
    text = dot_graph(
        build_display(graph), graph, Paint(styles={"n1": NodeStyle(extra_label="‖g‖=0.5")})
    ).text()
    line = dot_lines(text)['"n1"']
    assert "‖g‖" not in line.split("xlabel=")[0]  # not in the label
    assert 'BGCOLOR="#fff8c4"' in line and "‖g‖=0.5</FONT>" in line
    assert 'forcelabels="true"' in text
    assert "xlabel" not in dot_graph(build_display(graph), graph).text()  # no badge, no tag
    result = LayoutJob(text).result()
    label_box, node_box = result.nodes["n1"], result.nodes["n0"]
    assert label_box.height == node_box.height  # the tag does not make the node taller
    assert "‖g‖=0.5" in svg_texts(text, tmp_path)


def test_step_edges_are_dashed_magenta_and_transfers_dashed_as_in_the_window():
    graph = two_devices()
    display = build_display(graph)
    transfer = next(
        e
        for e in display.edges
        if any(graph.nodes[u]["device"] != graph.nodes[v]["device"] for u, v in e.graph_edges)
    )
    plain = next(e for e in display.edges if e is not transfer)
    text = dot_graph(display, graph, Paint(marked_edges=frozenset(plain.graph_edges))).text()
    lines = dot_lines(text)
    step = lines[f"{quote(plain.source)} -> {quote(plain.target)}"]
    assert 'color="#d81b60"' in step and 'penwidth="3"' in step and 'style="dashed"' in step
    moved = lines[f"{quote(transfer.source)} -> {quote(transfer.target)}"]
    assert 'penwidth="2.5"' in moved and 'style="dashed"' in moved and "→" in moved


def test_the_selection_is_optional_in_exports():
    graph = chain(4)
    display = build_display(graph)
    assert "#1a73e8" not in dot_graph(display, graph).text()
    text = dot_graph(display, graph, Paint(selected="n2")).text()
    lines = dot_lines(text)
    assert 'color="#1a73e8"' in lines['"n1" -> "n2"'] and 'color="#1a73e8"' in lines['"n2" -> "n3"']
    far = next(row for row in text.splitlines() if row.strip().startswith('"n0" -> "n1"'))
    assert "#1a73e8" not in far


def test_collapsed_module_takes_member_styles_and_majority_color():
    graph = nested_modules()
    options = ViewOptions(collapsed=frozenset({"encoder"}))
    display = build_display(graph, options)
    members = display.nodes[MODULE_PREFIX + "encoder"].members
    ghosts = {m: NodeStyle(ghost=True) for m in members}
    text = dot_graph(display, graph, Paint(styles=ghosts)).text()
    assert "dotted" in next(row for row in text.splitlines() if row.strip().startswith('"m:encoder"'))
    partly = dict(ghosts, **{members[3]: NodeStyle(pen="#00FF00")})
    text = dot_graph(display, graph, Paint(styles=partly)).text()
    line = next(row for row in text.splitlines() if row.strip().startswith('"m:encoder"'))
    assert "dotted" not in line and "#00FF00" in line
    assert colors.device_color("cpu") in line  # all members on cpu


def test_legend_lists_entries_and_grad_ticks(tmp_path):
    graph = with_grads()
    text = dot_graph(build_display(graph), graph, Paint(mode="grad", legend=True)).text()
    assert LEGEND_ID in LayoutJob(text).result().nodes
    texts = svg_texts(text, tmp_path)
    assert "NaN/Inf gradient (1)" in texts and "no gradient (1)" in texts
    assert "0.001" in texts and "100" in texts
    devices = svg_texts(
        dot_graph(build_display(two_devices()), two_devices(), Paint(legend=True)).text(), tmp_path
    )
    assert "cpu (4)" in devices and "meta (3)" in devices
    assert LEGEND_ID not in dot_graph(build_display(graph), graph).text()


@pytest.mark.timeout(60)
def test_shared_leaf_rnn_lays_out_with_hub_splitting():
    graph = shared_leaf_chain(length=400, uses=100)
    display = build_display(graph)
    result = LayoutJob(dot_graph(display, graph).text()).result()
    assert len(result.nodes) == len(display.nodes) == len(graph) + 99
    assert result.nodes["n0~1"].y < result.nodes["n0~100"].y


@pytest.mark.timeout(60)
def test_rnn_with_reused_cell_lays_out_tall_not_flat():
    graph = rnn_like(steps=100)
    result = LayoutJob(dot_graph(build_display(graph), graph).text()).result()
    assert result.height > 10 * result.width  # a long chain, drawn as one


def test_json_with_drawing_ops_parses_the_same():
    graph = two_devices()
    text = dot_graph(build_display(graph), graph).text()
    plain = LayoutJob(text).result()
    full = parse_json_layout(LayoutJob(text, args=["-Tjson"]).run())
    assert plain.nodes == full.nodes
    for a, b in zip(plain.edges, full.edges):
        assert [p for pt in a.points for p in pt] == pytest.approx(
            [p for pt in b.points for p in pt], abs=0.01
        )
        assert [p for pt in sorted(a.arrow) for p in pt] == pytest.approx(
            [p for pt in sorted(b.arrow) for p in pt], abs=0.2
        )


def test_bad_dot_raises_layout_error_with_dots_message():
    with pytest.raises(LayoutError, match="syntax error"):
        LayoutJob("digraph { a -> ; }").result()


def test_unreadable_output_raises_layout_error():
    with pytest.raises(LayoutError):
        parse_json_layout(b"not json")
    with pytest.raises(LayoutError):
        parse_json_layout(json.dumps({"objects": []}))


def test_missing_dot_raises_graphviz_not_found(monkeypatch, tmp_path):
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setenv("GRAPHVIZ_APP_ENGINE", "system")  # (auto would take the packaged engine)
    assert shutil.which("dot") is None
    with pytest.raises(GraphvizNotFoundError, match="apt-get install graphviz"):
        LayoutJob("digraph { a }").result()


def slow_dot() -> str:
    """A layout that takes dot many seconds: the shared-leaf RNN without hub splitting."""
    graph = rnn_like(steps=100)
    return dot_graph(build_display(graph, ViewOptions(split_hubs=False, clusters=False)), graph).text()


@pytest.mark.timeout(60)
def test_timeout_kills_dot():
    with pytest.raises(LayoutError, match="longer than"):
        LayoutJob(slow_dot(), 0.5).result()


@pytest.mark.timeout(60)
def test_cancel_from_another_thread_kills_dot():
    job = LayoutJob(slow_dot())
    outcome: list[BaseException] = []

    def work() -> None:
        try:
            job.result()
        except BaseException as exc:
            outcome.append(exc)

    thread = threading.Thread(target=work)
    thread.start()
    assert job.started.wait(30)
    job.cancel()
    thread.join(30)
    assert not thread.is_alive()
    assert len(outcome) == 1 and isinstance(outcome[0], LayoutCancelled)
    assert job._proc is not None and job._proc.poll() is not None


def test_cancel_before_start():
    job = LayoutJob("digraph { a }")
    job.cancel()
    with pytest.raises(LayoutCancelled):
        job.result()


@pytest.mark.parametrize("fmt,magic", [("svg", b"<?xml"), ("png", b"\x89PNG"), ("pdf", b"%PDF")])
def test_render_formats(tmp_path, fmt, magic):
    graph = diamond()
    out = tmp_path / f"g.{fmt}"
    LayoutJob(
        dot_graph(build_display(graph), graph, Paint(legend=True)).text(), args=[f"-T{fmt}", "-o", str(out)]
    ).run()
    assert out.read_bytes().startswith(magic)


def test_marked_edges_and_caption(tmp_path):
    graph = chain(4)
    text = dot_graph(
        build_display(graph),
        graph,
        Paint(marked_edges=frozenset({("n1", "n2")}), caption='Step 2 of 3: "AddBackward0"'),
    ).text()
    marked = [line for line in text.splitlines() if "->" in line and "#d81b60" in line]
    assert [line.split("[")[0].strip() for line in marked] == ['"n1" -> "n2"']
    assert 'Step 2 of 3: "AddBackward0"' in svg_texts(text, tmp_path)


def test_big_graphs_get_an_iteration_budget():
    small, big = chain(10), chain(4000)
    assert 'nslimit="100"' in dot_graph(build_display(small), small).text()
    assert 'nslimit="0.25"' in dot_graph(build_display(big), big).text()
    assert 'nslimit="7"' in dot_graph(build_display(small), small, graph_attrs={"nslimit": "7"}).text()


def test_dot_crash_is_a_layout_error():
    # Graphviz 2.43's orthogonal router aborts on this graph (an assertion in maze.c).
    graph = shared_leaf_chain(length=400, uses=100)
    text = dot_graph(build_display(graph), graph, graph_attrs={"splines": "ortho"}).text()
    with pytest.raises(LayoutError, match="crashed"):
        LayoutJob(text, 50).result()


def test_any_node_or_module_id_comes_back_from_dot_under_its_own_name():
    """Graphviz rewrites some names (backslash escapes, HTML entities, control characters) and
    treats a name starting with % as anonymous; ids are written encoded and read back decoded."""
    import networkx as nx
    from hostile import HOSTILE_NAMES

    from graphviz_app.core.graphviz.dot import dot_graph
    from graphviz_app.core.graphviz.layout import LayoutJob, decode_id, encode_id
    from graphviz_app.core.view.display import build_display

    ids = [*HOSTILE_NAMES, "%3", "~0041;", "50%", "a\\nb", "a\nb", "tab\t"]
    graph = nx.DiGraph()
    for i, name in enumerate(ids):
        assert decode_id(encode_id(name)) == name
        graph.add_node(name, op="AddBackward0", kind="op", module=name if i % 2 else None)
        if i:
            graph.add_edge(ids[i - 1], name)
    display = build_display(graph)
    drawn = LayoutJob(dot_graph(display, graph).text()).result()
    assert set(drawn.nodes) == set(display.nodes) and len(drawn.nodes) == len(ids)
    assert {c.name for c in drawn.clusters} == set(display.clusters)
    assert {(e.source, e.target) for e in drawn.edges} == {(e.source, e.target) for e in display.edges}

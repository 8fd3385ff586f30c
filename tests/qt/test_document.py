"""The document (state + signals) and the latest-wins layout jobs, on a hand-written trace."""

from __future__ import annotations

from graphviz_app.core.graphviz.dot import dot_graph
from graphviz_app.core.graphviz.layout import LayoutJob
from graphviz_app.core.model.graph import graph_from_trace
from graphviz_app.core.view.display import ViewOptions, build_display
from graphviz_app.core.view.look import NodeStyle
from graphviz_app.core.view.stepping import FORWARD
from graphviz_app.qt.document import CURRENT_MATCH_PEN, Document
from graphviz_app.qt.jobs import LayoutJobs
from graphviz_app.wire.schema import SCHEMA_VERSION


def node(i: int, op: str, *, kind: str = "op", name=None, module=None, device="cpu", out=False):
    return {
        "id": f"n{i}",
        "op": op,
        "kind": kind,
        "name": name,
        "is_output": out,
        "shape": [2, 2],
        "dtype": "float32",
        "device": device,
        "module": module,
        "saved": [],
        "forward_index": i,
        "backward_index": None,
        "grad": None,
        "value": None,
        "source": None,
    }


def basic_trace() -> dict:
    """w (leaf) -> PowBackward0 x -> AddBackward0 y (in module "blk") -> MeanBackward0 z (output)."""
    return {
        "directed": True,
        "multigraph": False,
        "graph": {
            "schema_version": SCHEMA_VERSION,
            "roots": ["n3"],
            "devices": {"cpu": 4},
            "outputs": [{"node": "n3", "name": "z", "shape": [], "scalar": True}],
            "script": None,
            "backward": {"ran": False, "by": None, "call": None, "error": None},
            "notices": [],
        },
        "nodes": [
            node(0, "AccumulateGrad", kind="leaf", name="w"),
            node(1, "PowBackward0", name="x"),
            node(2, "AddBackward0", name="y", module="blk"),
            node(3, "MeanBackward0", name="z", out=True),
        ],
        "edges": [
            {"source": "n0", "target": "n1", "slots": [0], "grad": None},
            {"source": "n1", "target": "n2", "slots": [0], "grad": None},
            {"source": "n2", "target": "n3", "slots": [0], "grad": None},
        ],
    }


def test_style_layers_stack_without_relayout(qtbot):
    doc = Document()
    doc.set_graph(graph_from_trace(basic_trace()))
    relayouts = []
    doc.displayChanged.connect(lambda: relayouts.append(1))
    with qtbot.waitSignal(doc.stylesChanged):
        doc.view_model.set_style_layer(
            "step", {"n1": NodeStyle(fill="#123456", dashed=True), "n2": NodeStyle(ghost=True)}
        )
    with qtbot.waitSignal(doc.stylesChanged):
        doc.view_model.search("Pow")
    styles = doc.view_model.styles()
    assert styles["n1"].fill == "#123456" and styles["n1"].dashed  # the step layer...
    assert styles["n1"].pen == CURRENT_MATCH_PEN and styles["n1"].penwidth == 3.0  # ...under search
    assert styles["n2"].ghost
    with qtbot.waitSignal(doc.stylesChanged):
        doc.view_model.set_color_mode("op")
    with qtbot.waitSignal(doc.stylesChanged):
        doc.view_model.set_style_layer("step", None)
    assert "n2" not in doc.view_model.styles()
    assert relayouts == []


def test_collapse_keeps_selection_and_search(qtbot):
    doc = Document()
    doc.set_graph(graph_from_trace(basic_trace()))
    doc.view_model.select_graph_node("n2")
    assert doc.view_model.selection == "n2"
    with qtbot.waitSignal(doc.displayChanged):
        doc.view_model.collapse("blk")
    assert doc.view_model.selection == "m:blk" and doc.view_model.selected_members() == ("n2",)
    doc.view_model.search("y")
    assert doc.view_model.matches == ["m:blk"]
    doc.view_model.expand("blk")
    assert doc.view_model.selection == "n2" and doc.view_model.matches == ["n2"]
    assert doc.view_model.available_color_modes() == ["device", "op", "module"]  # no gradients yet


def test_newest_layout_wins_and_stale_results_are_dropped(qtbot):
    graph = graph_from_trace(basic_trace())
    small = dot_graph(build_display(graph, ViewOptions()), graph).text()
    big = "digraph g {\n" + "\n".join(f"a{i} -> a{i + 1};" for i in range(3000)) + "\n}\n"
    jobs = LayoutJobs()
    delivered = []
    jobs.finished.connect(lambda layout, token: delivered.append((token, len(layout.nodes))))
    first = LayoutJob(big)
    stale = jobs.request(first.result, first.cancel)
    second = LayoutJob(small)
    latest = jobs.request(second.result, second.cancel)
    qtbot.waitUntil(lambda: not jobs.is_busy(), timeout=60_000)
    assert delivered == [(latest, 4)] and stale != latest
    assert first.cancelled
    jobs.shutdown()


def test_no_layout_starts_after_shutdown(qtbot):
    """A signal arriving after the window closed (its jobs shut down) must not start a thread
    that outlives the window: a request then runs nothing."""
    jobs = LayoutJobs()
    ran = []
    jobs.shutdown()
    jobs.request(lambda: ran.append(1))
    assert not jobs.is_busy()
    qtbot.wait(50)
    assert ran == []


def test_signals_say_what_the_view_model_changed_styles_first(qtbot):
    doc = Document()
    doc.set_graph(graph_from_trace(basic_trace()))
    seen: list[str] = []
    for name in ("graphChanged", "displayChanged", "stylesChanged", "searchChanged", "selectionChanged"):
        getattr(doc, name).connect(lambda *_, name=name: seen.append(name))
    doc.view_model.select_edge("n1", "n2")  # x -> y
    assert seen == ["selectionChanged"] and doc.view_model.selection is None
    assert doc.view_model.selected_graph_edges() == (("n1", "n2"),)
    assert doc.view_model.look_state().selected_edge == ("n1", "n2")
    seen.clear()
    doc.view_model.collapse("blk")  # y goes into the module's node: the edge follows it
    assert seen == ["displayChanged", "selectionChanged"]
    assert doc.view_model.selected_edge is not None and doc.view_model.selected_edge.target == "m:blk"
    seen.clear()
    doc.view_model.search("Pow")  # a highlight, the matches, then the first match selected
    assert seen == ["stylesChanged", "searchChanged", "selectionChanged"]
    assert doc.view_model.selection == "n1" and doc.view_model.selected_edge is None
    seen.clear()
    doc.view_model.set_color_mode(doc.view_model.color_mode)
    doc.view_model.select("n1")
    assert seen == []  # nothing changed, nothing said


def test_each_action_says_the_same_signals_in_the_same_order(qtbot):
    """The signals, in order (and the nodes a restyle names), for a new graph, a collapse, a
    search, a step, an expand that moves the selection while the window waits for its picture,
    and a new graph while stepping."""
    doc = Document()
    seen: list[str] = []
    for name in ("graphChanged", "displayChanged", "searchChanged", "selectionChanged", "stepChanged"):
        getattr(doc, name).connect(lambda *_, name=name: seen.append(name))
    doc.stylesChanged.connect(lambda restyled: seen.append(f"styles {sorted(restyled or ['any'])}"))

    def said(action) -> list[str]:
        seen.clear()
        action()
        return list(seen)

    doc.view_model.search("Pow")  # no graph yet: the search waits for one
    assert said(lambda: doc.set_graph(graph_from_trace(basic_trace()))) == [
        "styles ['any']",
        "graphChanged",
        "selectionChanged",
    ]
    assert said(lambda: doc.view_model.collapse("blk")) == ["styles ['any']", "displayChanged"]
    assert said(lambda: doc.view_model.search("add")) == [
        "styles ['any']",
        "searchChanged",
        "selectionChanged",
    ]
    assert said(lambda: doc.view_model.set_step(FORWARD, 1)) == [
        "styles ['n1', 'n2', 'n3']",
        "selectionChanged",
        "stepChanged",
    ]
    doc.waits_for_picture = True
    doc.view_model.select("m:blk")
    assert said(lambda: doc.view_model.expand("blk")) == ["styles ['any']", "displayChanged"]
    assert said(doc.display_shown) == ["selectionChanged"]
    assert said(lambda: doc.set_graph(graph_from_trace(basic_trace()))) == [
        "styles ['any']",
        "graphChanged",
        "selectionChanged",
        "stepChanged",
    ]


def test_signals_carry_their_part_of_the_change(qtbot):
    doc = Document()
    heard: list[tuple] = []
    for name in (
        "graphChanged",
        "displayChanged",
        "stylesChanged",
        "searchChanged",
        "selectionChanged",
        "stepChanged",
    ):
        getattr(doc, name).connect(lambda *payload, name=name: heard.append((name, *payload)))
    model = doc.view_model
    graph = graph_from_trace(basic_trace())
    doc.set_graph(graph)
    assert heard == [("graphChanged", graph), ("selectionChanged", None, None)]
    heard.clear()
    model.select_edge("n1", "n2")
    assert heard == [("selectionChanged", None, model.selected_edge)] and model.selected_edge is not None
    heard.clear()
    model.collapse("blk")
    assert heard[-2:] == [("displayChanged", model.display), ("selectionChanged", None, model.selected_edge)]
    heard.clear()
    model.search("mean")
    assert heard[1:] == [("searchChanged", "n3"), ("selectionChanged", "n3", None)]
    heard.clear()
    model.set_step(FORWARD, 2, follow=False)
    assert heard == [("stylesChanged", frozenset({"n2", "n3"})), ("stepChanged", model.step)]
    assert model.step is not None and model.step.index == 2

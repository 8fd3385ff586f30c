"""Stepping through forward and backward in the real window: Timeline, scene looks, Inspector,
Source panel, play, and the step-cache against the core's step views."""

from __future__ import annotations

import json

import networkx as nx
from PySide6.QtCore import Qt

from graphviz_app.core.model.graph import graph_from_trace, ordered_nodes
from graphviz_app.core.view import colors
from graphviz_app.core.view.stepping import BACKWARD, CURRENT_PEN, FORWARD
from graphviz_app.qt.document import Document
from graphviz_app.qt.panels.timeline import SPEEDS
from graphviz_app.qt.settings import Settings
from graphviz_app.resources import example

from .conftest import LOAD_TIMEOUT_MS
from .test_document import basic_trace

GOLDEN_W_GRAD = "w.grad = [[0.75, 3], [6.75, 3]]"

HOOKED_SCRIPT = """
import json, os
import torch

w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
b = torch.tensor(0.5, requires_grad=True)
a = w * 2
s = w.sin()
c = (a * s + a.exp() + b).sum()

# Record the order in which the autograd engine runs each node, with hooks on every node.
order, seen, stack = [], set(), [c.grad_fn]
while stack:
    fn = stack.pop()
    if fn is None or fn in seen:
        continue
    seen.add(fn)
    fn.register_prehook(lambda grads, fn=fn: record(type(fn).__name__))
    stack.extend(f for f, _ in fn.next_functions)


def record(name):
    # Written at every node: the capture ends the script right after its backward() call.
    order.append(name)
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "hook_order.json"), "w") as f:
        json.dump(order, f)


c.backward()
"""


def leaf_named(graph: nx.DiGraph, name: str) -> str:
    return next(n for n, d in graph.nodes(data=True) if d.get("kind") == "leaf" and d.get("name") == name)


def step_node_item(window):
    return window.scene.items_for(window.document.view_model.step.node)[0]


def watch_only() -> None:
    """Let the lessons' backward steps show their numbers at once: no exercise asks first
    (``tests/qt/panels/test_exercise_window.py`` tests those)."""
    Settings().set_exercises_on(lesson=True, on=False)


def run_backward(window, qtbot) -> None:
    """Click Run Backward and wait until the gradients are drawn (no wait when they exist)."""
    if window.document.view_model.has_gradients():
        window.actions_.run_backward.trigger()
        return
    with qtbot.waitSignal(window.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        window.actions_.run_backward.trigger()


def test_a_step_changes_only_the_nodes_it_touches(qtbot):
    """5,000-node chain: a step reports only the few nodes whose style changed (the scene restyles
    just those), and never asks for a new layout."""
    n = 5000
    trace = basic_trace()
    node = trace["nodes"][1]
    trace["nodes"] = [dict(node, id=f"n{i}", forward_index=i, name=None) for i in range(n)]
    trace["edges"] = [
        {"source": f"n{i}", "target": f"n{i + 1}", "slots": [0], "grad": None} for i in range(n - 1)
    ]
    trace["graph"]["roots"] = [f"n{n - 1}"]
    doc = Document()
    doc.set_graph(graph_from_trace(trace))
    changes: list = []
    relayouts: list = []
    doc.stylesChanged.connect(changes.append)
    doc.displayChanged.connect(lambda: relayouts.append(1))
    doc.view_model.set_step(FORWARD, 2500)
    assert len(doc.view_model.styles()) == n - 2500  # the current node plus every ghost
    doc.view_model.set_step(FORWARD, 2501)
    assert changes[-1] == {"n2500", "n2501"}
    doc.view_model.set_step(FORWARD, 4000)  # a jump: the nodes in between change, nothing else
    assert len(changes[-1]) == 4000 - 2501 + 1
    assert relayouts == []


# -- forward ---------------------------------------------------------------------------------------
def test_forward_steps_reveal_nodes_in_forward_index_order(window, load, qtbot):
    load(example("sequential_branches.py"))
    doc, timeline = window.document, window.timeline
    graph = doc.view_model.graph
    order = sorted(graph.nodes, key=lambda n: graph.nodes[n]["forward_index"])
    layouts = window.controller.layouts.latest()
    window.timeline.forward_button.click()
    for k, node in enumerate(order):
        if k:
            timeline.next_action.trigger()
        assert (
            doc.view_model.step.mode == FORWARD
            and doc.view_model.step.index == k
            and doc.view_model.step.node == node
        )
        for other in graph.nodes:
            for item in window.scene.items_for(other):
                assert item.ghost == (graph.nodes[other]["forward_index"] > k), (k, other)
        current = step_node_item(window)
        assert current.pen_color.name() == CURRENT_PEN and current.highlighted
        # The Inspector follows the current op.
        assert window.inspector.values()["Node/id"] == node
        assert timeline.position.text() == f"{k + 1} / {len(order)}"
    assert not timeline.next_action.isEnabled()  # at the end
    timeline.first_action.trigger()
    assert doc.view_model.step.index == 0
    timeline.slider.setValue(len(order) // 2)  # jump anywhere: a recolor
    assert doc.view_model.step.index == len(order) // 2
    assert window.controller.layouts.latest() == layouts  # no new layout while stepping


def test_arrow_keys_step_and_space_plays(window, load, qtbot):
    load(example("basic_autograd.py"))
    window.activateWindow()
    qtbot.waitUntil(lambda: window.isActiveWindow(), timeout=5000)
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_Right)
    assert window.document.view_model.step is not None and window.document.view_model.step.index == 0
    qtbot.keyClick(window.view, Qt.Key.Key_Right)
    qtbot.keyClick(window.view, Qt.Key.Key_Right)
    assert window.document.view_model.step.index == 2
    qtbot.keyClick(window.view, Qt.Key.Key_Left)
    assert window.document.view_model.step.index == 1
    qtbot.keyClick(window.view, Qt.Key.Key_End)
    assert window.document.view_model.step.index == window.timeline.count() - 1
    qtbot.keyClick(window.view, Qt.Key.Key_Home)
    assert window.document.view_model.step.index == 0
    qtbot.keyClick(window.view, Qt.Key.Key_Space)
    assert window.timeline.is_playing()
    qtbot.keyClick(window.view, Qt.Key.Key_Space)
    assert not window.timeline.is_playing()


def test_source_panel_follows_steps_and_selects_ops_of_a_clicked_line(window, load, qtbot):
    load(example("basic_autograd.py"))
    doc, source = window.document, window.source
    graph = doc.view_model.graph
    pow_node = next(n for n, op in graph.nodes(data="op") if op == "PowBackward0")
    window.timeline.start(FORWARD, graph.nodes[pow_node]["forward_index"])
    assert source.view.marks.get(9) is not None  # "x = w**3" is line 9 of the example
    assert source.view.document().findBlockByNumber(8).text() == "x = w**3"
    # Clicking a node shows its line.
    window.timeline.stop_stepping()
    mean = next(n for n, op in graph.nodes(data="op") if op == "MeanBackward0")
    doc.view_model.select_graph_node(mean)
    assert source.selected_line() == 11 and 11 in source.view.marks
    # Clicking a line selects the ops it created (a real mouse click on line 10, "y = x + 3").
    block = source.view.document().findBlockByNumber(9)
    source.view.setTextCursor(source.view.textCursor())
    from PySide6.QtGui import QTextCursor

    rect = source.view.cursorRect(QTextCursor(block))
    with qtbot.waitSignal(doc.selectionChanged):
        qtbot.mouseClick(source.view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    add = next(n for n, op in graph.nodes(data="op") if op == "AddBackward0")
    assert doc.view_model.selected_members() == (add,)
    assert add in doc.view_model.style_layer("source")


def test_a_leaf_step_shows_the_line_that_made_the_leaf_and_an_export_records_the_step(
    window, load, qtbot, write_script, tmp_path
):
    """One backward run of the basic example shows the leaf's line at its step, and an export
    at another step records that step."""
    from graphviz_app.qt.shell.export_dialog import ExportRun

    load(example("basic_autograd.py"))
    run_backward(window, qtbot)
    doc, source = window.document, window.source
    w = leaf_named(doc.view_model.graph, "w")
    assert source.view.document().findBlockByNumber(7).text().startswith("w = torch.tensor(")
    window.timeline.go(doc.view_model.graph.nodes[w]["backward_index"])
    assert doc.view_model.step is not None and doc.view_model.step.node == w
    assert source.step_line() == 8 and source.view.marks.get(8) is not None
    # An export at a step records the step.
    window.timeline.go(2)
    for suffix in (".png", ".json"):
        run = ExportRun(window.document, tmp_path / f"step{suffix}")
        with qtbot.waitSignal(run.finished, timeout=60_000):
            run.start()
    assert (tmp_path / "step.png").stat().st_size > 1000
    shown = window.document.view_model.step
    data = json.loads((tmp_path / "step.json").read_text())
    view = data["graph"]["view"]
    # 1-based, as the Timeline shows it and as the CLI's --step takes it
    assert view["step"]["mode"] == BACKWARD and view["step"]["index"] == shown.index + 1
    assert view["color"] == window.document.view_model.color_mode and view["collapsed"] == []
    # A name bound again: the binding before the op that reads the leaf made it.
    load(
        write_script(
            "import torch\n"
            "w = torch.ones(2, requires_grad=True)\n"
            "y = (w * 2).sum()\n"
            "w = torch.zeros(2, requires_grad=True)\n"
            "z = (w + 1).sum() + y\n",
            "rebound.py",
        )
    )
    # The first tensor lost its name to the second, which the script made on line 4, not 2.
    assert source.line_of(leaf_named(window.document.view_model.graph, "w")) == 4


# -- backward --------------------------------------------------------------------------------------
def test_backward_steps_follow_the_engine_order_recorded_by_hooks(
    window, load, qtbot, write_script, tmp_path
):
    path = write_script(HOOKED_SCRIPT)
    load(path)
    doc = window.document
    assert doc.view_model.graph.graph["backward"]["by"] == "script"
    hooked = json.loads((tmp_path / "hook_order.json").read_text())
    runs_before = window.controller.jobs._count
    window.actions_.run_backward.trigger()  # the script ran backward itself: no re-run
    assert window.controller.jobs._count == runs_before and not window.controller.jobs.is_busy()
    assert doc.view_model.step.mode == BACKWARD and doc.view_model.step.index == 0
    seen = []
    for k in range(window.timeline.count()):
        if k:
            window.timeline.next_action.trigger()
        step = doc.view_model.step
        assert step.index == k and doc.view_model.graph.nodes[step.node]["backward_index"] == k
        seen.append(doc.view_model.graph.nodes[step.node]["op"])
        current = step_node_item(window)
        assert current.highlighted and current.pen_color.name() == CURRENT_PEN
        flowing = window.scene.flow_edges()
        assert flowing and all(e.flow == -1 for e in flowing)  # dashes run against the arrows
        assert {g for e in flowing for g in e.graph_edges} & set(step.edges)
    assert seen == hooked
    assert seen == [
        doc.view_model.graph.nodes[n]["op"] for n in ordered_nodes(doc.view_model.graph, "backward_index")
    ]


def test_basic_example_leaf_shows_golden_gradient_when_reached(window, load, qtbot):
    watch_only()
    load(example("basic_autograd.py"))
    doc, timeline = window.document, window.timeline
    assert not doc.view_model.has_gradients()
    with qtbot.waitSignal(window.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        window.actions_.values.setChecked(False)  # badges only (Values on: test_values_on_graph.py)
    window.timeline.backward_button.click()  # Backward mode offers to run backward
    assert timeline.run_backward_button.isVisibleTo(timeline) and "Run backward" in timeline.caption.text()
    with qtbot.waitSignal(window.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        timeline.run_backward_button.click()  # one click
    assert doc.view_model.has_gradients() and doc.view_model.graph.graph["backward"]["by"] == "app"
    assert (
        doc.view_model.step.mode == BACKWARD and doc.view_model.step.index == 0
    )  # starts at the output, with the seed
    assert "seed gradient" in timeline.caption.text()
    w = leaf_named(doc.view_model.graph, "w")
    item = window.scene.items_for(w)[0]
    reached = doc.view_model.graph.nodes[w]["backward_index"]
    timeline.go(reached - 1)
    assert item.badge is None and item.dashed  # not reached yet
    doc.view_model.select_graph_node(w)
    assert "not reached yet" in window.inspector.values()["Gradient/gradient"]
    timeline.go(reached)
    assert item.badge == GOLDEN_W_GRAD
    assert GOLDEN_W_GRAD in timeline.caption.text()
    values = window.inspector.values()
    assert values["Gradient/values"] == "[[0.75, 3], [6.75, 3]]"
    assert values["Gradient flow/stored in"] == "w.grad"
    # Stepping back and forth is free: no new run, no new layout.
    runs, layouts = window.controller.jobs._count, window.controller.layouts.latest()
    timeline.first_action.trigger()
    timeline.last_action.trigger()
    assert (window.controller.jobs._count, window.controller.layouts.latest()) == (runs, layouts)
    # The step survives a color-mode change; a new graph resets it.
    doc.view_model.set_color_mode("grad")
    assert doc.view_model.step is not None and item.badge == GOLDEN_W_GRAD
    load(example("detach.py"))
    assert doc.view_model.step is None and not doc.view_model.style_layer("step")


def test_play_advances_on_a_timer_and_stops_at_the_end(window, load, qtbot):
    load(example("sequential_branches.py"))
    timeline = window.timeline
    timeline.speed.setCurrentIndex(len(SPEEDS) - 1)
    seen: list[int] = []
    window.document.stepChanged.connect(lambda: seen.append(window.document.view_model.step.index))
    timeline.play_button.click()
    assert timeline.is_playing()
    qtbot.waitUntil(lambda: not timeline.is_playing(), timeout=60_000)
    count = timeline.count()
    assert seen == list(range(count)) and window.document.view_model.step.index == count - 1
    assert timeline.play_action.text() == "Play"
    timeline.play()  # at the end, play starts over
    assert window.document.view_model.step.index == 0 and timeline.is_playing()
    timeline.stop()


def test_accumulation_is_shown_and_a_saved_graph_reopens_at_its_step_colour_and_collapse(
    window, load, qtbot, tmp_path
):
    """One backward run of the example shows both: the step where gradients are summed says so,
    and the graph saved at a step reopens there."""
    from graphviz_app.qt.shell.export_dialog import ExportRun

    load(example("sequential_branches.py"))
    run_backward(window, qtbot)
    graph = window.document.view_model.graph
    summed = next(
        n
        for n in graph.nodes
        if sum(len(graph.edges[n, c].get("slots") or [0]) for c in graph.successors(n)) > 1
        and graph.nodes[n].get("backward_index") is not None
    )
    window.timeline.go(graph.nodes[summed]["backward_index"])
    assert "sums the gradients" in window.timeline.caption.text()
    values = window.inspector.values()
    assert values["Gradient flow/accumulated"].startswith("sum of ")

    doc = window.document
    module = doc.view_model.modules()[0]
    with qtbot.waitSignal(window.controller.graphShown, timeout=60_000):
        doc.view_model.collapse(module)
    doc.view_model.set_color_mode("grad")
    window.timeline.go(2)
    step = doc.view_model.step
    run = ExportRun(doc, tmp_path / "saved.json")
    with qtbot.waitSignal(run.finished, timeout=60_000):
        run.start()
    load(example("basic_autograd.py"))  # something else in between
    assert doc.view_model.step is None and not doc.view_model.options.collapsed
    load(tmp_path / "saved.json")
    assert doc.view_model.options.collapsed == frozenset({module})
    assert doc.view_model.color_mode == "grad"
    assert doc.view_model.step is not None and (
        doc.view_model.step.mode,
        doc.view_model.step.index,
        doc.view_model.step.node,
    ) == (
        step.mode,
        step.index,
        step.node,
    )
    assert window.timeline.position.text().startswith(f"{step.index + 1} / ")


# -- seeing gradients and problems -----------------------------------------------------------------
NAN_SCRIPT = """
import torch

w = torch.tensor([-1.0, 4.0], requires_grad=True)
r = w.sqrt()          # sqrt(-1) is NaN: its gradient is NaN too
loss = (r * 2).sum()
loss.backward()
"""


def test_color_by_gradient_puts_nan_nodes_in_the_warning_color(window, load, qtbot, write_script):
    load(write_script(NAN_SCRIPT))
    doc = window.document
    doc.view_model.set_color_mode("grad")
    w = leaf_named(doc.view_model.graph, "w")
    item = window.scene.items_for(w)[0]
    assert item.fill.name().lower() == colors.WARNING_COLOR.lower()
    assert any(e.color.lower() == colors.WARNING_COLOR.lower() for e in window.legend.entries)
    # The Problems panel lists it and jumps to it.
    problems = window.problems
    entry = next(i for i, p in enumerate(problems.problems) if p.node == w)
    problem = problems.problems[entry]
    assert "NaN" in problem.text and "SqrtBackward0" in problem.text  # where it first appeared
    sqrt = next(n for n, op in doc.view_model.graph.nodes(data="op") if op == "SqrtBackward0")
    assert problem.line == doc.view_model.graph.nodes[sqrt]["source"]["line"]
    assert window.docks["problems"].windowTitle().startswith("Problems (")
    problems.list.itemClicked.emit(problems.list.item(entry))
    assert doc.view_model.selected_members() == (w,)
    # The Leaves table shows it first when sorted by gradient, in the warning color.
    assert window.leaves.row_nodes()[0] == w
    assert "NaN" in window.leaves.model.index(0, 3).data()


def test_leaves_table_sorts_and_selects(window, load, qtbot):
    load(example("two_layer_training.py"))
    run_backward(window, qtbot)
    window.docks["leaves"].raise_()  # the Leaves tab brought to the front: it fills now
    table = window.leaves.table
    assert table.model().rowCount() >= 2
    table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
    model = table.model()
    names = [model.index(r, 0).data() for r in range(model.rowCount())]
    assert names == sorted(names, key=str.lower)
    table.sortByColumn(3, Qt.SortOrder.DescendingOrder)
    norms = [model.index(r, 3).data(Qt.ItemDataRole.UserRole + 1) for r in range(model.rowCount())]
    assert norms == sorted(norms, reverse=True)
    node = window.leaves.row_nodes()[1]
    window.leaves._clicked(1, 0)
    assert window.document.view_model.selected_members() == (node,)


def test_detach_cut_is_marked_on_the_node_inspector_and_problems(window, load):
    load(example("detach.py"))
    graph = window.document.view_model.graph
    cut = [n for n, c in graph.nodes(data="cuts") if c]
    assert len(cut) == 1
    item = window.scene.items_for(cut[0])[0]
    assert item.cut and "detached tensor" in item.toolTip()
    window.document.view_model.select_graph_node(cut[0])
    assert "line 11" in window.inspector.values()["Graph cut (.detach())/where"]
    assert any(p.node == cut[0] and p.line == 11 for p in window.problems.problems)


def test_script_error_points_at_its_line_in_source_and_problems(window, qtbot, write_script):
    path = write_script("""
        import torch
        w = torch.ones(2, requires_grad=True)
        y = w * 2
        raise ValueError("stop here")
    """)
    with qtbot.waitSignal(window.controller.loadFailed, timeout=LOAD_TIMEOUT_MS):
        window.open_path(path)
    assert window.source.error_line == 5 and 5 in window.source.view.marks
    first = window.problems.problems[0]
    assert first.level == "error" and first.line == 5
    # The message's "file, line" link shows the line in the Source panel.
    window.source.error_line = None
    from PySide6.QtCore import QUrl

    url = QUrl.fromLocalFile(str(path))
    url.setFragment("line=5")
    window.messages.browser.anchorClicked.emit(url)
    assert window.source.error_line == 5


def test_non_leaf_grad_notice_points_at_its_line(window, load, write_script):
    path = write_script("""
        import torch
        w = torch.ones(3, requires_grad=True)
        h = w * 2
        print(h.grad)  # read before backward: the capture stops the script after its backward()
        (h ** 2).sum().backward()
    """)
    load(path)
    notes = [p for p in window.problems.problems if "retain_grad" in p.text]
    assert notes, "the capture explains reading .grad of a non-leaf"
    assert notes[0].line == 5
    window.show_problem(notes[0])
    assert window.source.error_line == 5


def test_a_steps_sentence_quotes_its_line_without_the_run_of_spaces_before_a_comment(window, load):
    load(example("indexing.py"))  # "left = x[:, :1]<33 spaces># slicing: [[1], [4]]"
    graph = window.document.view_model.graph
    slice_node = next(n for n, op in graph.nodes(data="op") if op == "SliceBackward0")
    window.timeline.start(FORWARD, graph.nodes[slice_node]["forward_index"])
    caption = window.timeline.caption.text()
    assert "at line 11: left = x[:, :1] # slicing: [[1], [4]]" in caption and "  " not in caption

"""Edit ▸ Preferences: the run time limit (which the timeout message then names), stopping at the
captured backward or running to the end, the backward call captured per script (and whether its
autograd.grad(create_graph=True) calls count), and the collapse threshold, each reaching the
next run."""

from __future__ import annotations

import pytest

from graphviz_app.qt.settings import Settings
from graphviz_app.resources import example

from ..conftest import LOAD_TIMEOUT_MS

LOOP = """
import torch
w = torch.ones(2, requires_grad=True)
for step in range(3):
    loss = (w * (step + 1)).sum()
    loss.backward()
    print("step", step, flush=True)
"""


def test_preferences_choose_the_backward_call_and_running_to_the_end(window, load, qtbot, write_script):
    path = write_script(LOOP, "loop.py")
    load(path)
    graph = window.document.view_model.graph
    assert graph.graph["backward"]["call"] == 1 and graph.graph["stopped_after_backward"] is not None
    dialog = window.show_preferences()
    assert dialog.backward_call.isEnabled() and dialog.backward_call.value() == 1
    dialog.backward_call.setValue(2)
    dialog.stop_after.setChecked(False)
    dialog.accept()
    settings = Settings()
    assert settings.backward_call(path) == 2 and settings.run_to_end()
    load(path)
    graph = window.document.view_model.graph
    assert graph.graph["backward"]["call"] == 2
    assert graph.graph["stopped_after_backward"] is None and graph.graph["backward_calls"] == 3
    # w.grad after the second call: ones * 2 (the loop never zeroes grads: 1 + 2 = 3)
    w = next(n for n, d in graph.nodes(data=True) if d.get("name") == "w")
    assert graph.nodes[w]["grad"]["values"] == [3.0, 3.0]
    other = write_script("import torch\nx = torch.ones(1, requires_grad=True)\ny = x * 2\n", "other.py")
    assert Settings().backward_call(other) == 1  # remembered per script


DOUBLE_BACKWARD = """
import torch
x = torch.randn(3, requires_grad=True)
y = (x**3).sum()
g, = torch.autograd.grad(y, x, create_graph=True)
z = g.sum()
z.backward()
"""


def test_preferences_count_gradient_calls_and_the_picker_says_so(window, load, qtbot, write_script):
    path = write_script(DOUBLE_BACKWARD, "double.py")
    load(path)
    graph = window.document.view_model.graph
    assert graph.graph["backward"]["call"] == 1 and graph.graph["backward_calls"] == 1  # z.backward()
    dialog = window.show_preferences()
    assert dialog.grad_graphs.isEnabled() and not dialog.grad_graphs.isChecked()
    dialog.grad_graphs.setChecked(True)
    dialog.accept()
    assert Settings().grad_graphs(path) and Settings().run_options(path).grad_graphs
    load(path)
    graph = window.document.view_model.graph
    assert graph.graph["backward"]["kind"] == "grad_graph" and graph.graph["outputs"][0]["name"] == "dy/dx"
    assert window.timeline.call_button.text() == "call 1 of 1+ ▾"
    assert window.timeline.call_button.toolTip().startswith(
        "The graph of the gradients the script's torch.autograd.grad(create_graph=True) call 1 returned"
    )
    # Run Backward runs one from the gradients: the double backward, recorded on the same graph
    with qtbot.waitSignal(window.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        window.actions_.run_backward.trigger()
    graph = window.document.view_model.graph
    assert graph.graph["backward"]["ran"] and graph.graph["backward"]["kind"] == "grad_graph"
    assert window.document.view_model.step_count("backward") == 4
    assert not window.timeline.call_button.isHidden()  # the picker stays: the graph is call 1
    assert window.timeline.call_button.text() == "call 1 of 1+ ▾"
    other = write_script("import torch\nx = torch.ones(1, requires_grad=True)\ny = x * 2\n", "other.py")
    assert not Settings().grad_graphs(other)  # remembered per script


def test_the_time_limit_reaches_the_next_run_and_its_message(window, load, qtbot, write_script):
    """The hang runs out the limit: the dialog's smallest limit, 1 s, shows it at the least CPU."""
    dialog = window.show_preferences()
    assert dialog.timeout.minimum() == 1
    dialog.timeout.setValue(1)
    dialog.accept()
    assert window.controller.timeout == 1.0 and Settings().timeout() == 1.0
    path = write_script("while True:\n    pass\n", "hang.py")
    with qtbot.waitSignal(window.controller.loadFailed, timeout=LOAD_TIMEOUT_MS) as blocker:
        window.open_path(path)
    assert blocker.args[0].kind == "timeout"
    assert "The run time limit is 1 s: change it in Edit ▸ Preferences." in window.messages.plain_text()


def test_the_collapse_threshold_is_the_planners_budget(window, load, qtbot):
    load(example("small_cnn.py"))
    assert not window.document.view_model.options.collapsed  # fits the default budget: opens expanded
    dialog = window.show_preferences()
    dialog.budget.setValue(0.01)
    dialog.language.setCurrentIndex(dialog.language.findData("ko"))
    dialog.accept()
    settings = Settings()
    assert settings.layout_budget() == 0.01 and settings.language() == "ko"
    window.document.clear()
    load(example("small_cnn.py"))
    assert window.document.plan_made is not None and window.document.plan_made.changed
    assert window.document.view_model.options.collapsed  # over the new threshold: opens collapsed


def test_label_detail_changes_the_labels_in_the_window_and_exports(window, load, qtbot):
    from graphviz_app.core.graphviz.dot import Paint, dot_graph

    load(example("basic_autograd.py"))
    doc = window.document
    w = next(n for n, d in doc.view_model.graph.nodes(data=True) if d.get("name") == "w")
    item = window.scene.items_for(w)[0]
    assert item.lines == ("w", "2×2")  # names and shapes: the default
    dialog = window.show_preferences()
    assert dialog.label_detail.currentData() == "shapes"
    dialog.label_detail.setCurrentIndex(dialog.label_detail.findData("names"))
    dialog.accept()
    assert Settings().label_detail() == "names" and doc.view_model.options.label_detail == "names"
    qtbot.waitUntil(
        lambda: window.scene.items_for(w) and window.scene.items_for(w)[0].lines == ("w",),
        timeout=LOAD_TIMEOUT_MS,
    )
    assert (
        "2×2"
        not in dot_graph(
            doc.view_model.display, doc.view_model.graph, Paint(styles=doc.view_model.styles())
        ).text()
    )
    dialog = window.show_preferences()
    dialog.label_detail.setCurrentIndex(dialog.label_detail.findData("everything"))
    dialog.accept()
    qtbot.waitUntil(
        lambda: (
            window.scene.items_for(w) and window.scene.items_for(w)[0].lines == ("w", "2×2 float32", "cpu")
        ),
        timeout=LOAD_TIMEOUT_MS,
    )
    load(example("basic_autograd.py"))  # the choice holds for the next graph
    assert window.scene.items_for(w)[0].lines == ("w", "2×2 float32", "cpu")


ARGPARSE = """
import argparse
import torch
parser = argparse.ArgumentParser()
parser.add_argument("--scale", type=float, default=1.0)
parser.add_argument("--name", default="none")
args = parser.parse_args()
print("name:", args.name, flush=True)
w = torch.ones(2, requires_grad=True)
loss = (w * args.scale).sum()
loss.backward()
"""


def test_arguments_reach_the_scripts_argv_and_are_remembered_per_script(window, load, qtbot, write_script):
    path = write_script(ARGPARSE, "train.py")
    load(path)
    w = next(n for n, d in window.document.view_model.graph.nodes(data=True) if d.get("name") == "w")
    assert window.document.view_model.graph.nodes[w]["grad"]["values"] == [1.0, 1.0]  # --scale's default
    dialog = window.show_preferences()
    assert dialog.arguments.isEnabled() and dialog.arguments.text() == ""
    dialog.arguments.setText("--scale 3 --name 'two words")  # an unclosed quote is refused
    dialog.accept()
    assert dialog.isVisible() and "close the quote" in dialog.arguments_error.text()
    assert Settings().arguments(path) == ""
    dialog.arguments.setText("--scale 3 --name 'two words'")
    dialog.accept()
    assert Settings().arguments(path) == "--scale 3 --name 'two words'"
    load(path)
    graph = window.document.view_model.graph
    w = next(n for n, d in graph.nodes(data=True) if d.get("name") == "w")
    assert graph.nodes[w]["grad"]["values"] == [3.0, 3.0]  # d(sum(3·w))/dw
    assert "name: two words" in window.messages.plain_text()
    other = write_script("import torch\nx = torch.ones(1, requires_grad=True)\ny = x * 2\n", "other.py")
    assert Settings().arguments(other) == ""  # remembered per script


def test_the_readable_first_view_can_be_turned_off(window, load, qtbot, write_script):
    """Six encoder layers of torch's own TransformerEncoder (over 300 nodes) open collapsed to a
    readable depth; with the preference off, the next load shows every node."""
    path = write_script(
        """
        import torch
        from torch import nn
        torch.manual_seed(0)
        layer = nn.TransformerEncoderLayer(d_model=16, nhead=2, dim_feedforward=32, dropout=0.0,
                                           batch_first=True)
        model = nn.TransformerEncoder(layer, num_layers=6, enable_nested_tensor=False)
        out = model(torch.randn(2, 5, 16)).sum()
    """,
        "encoder.py",
    )
    load(path)
    doc = window.document
    full = doc.view_model.graph.number_of_nodes()
    assert doc.view_model.options.collapsed and len(doc.view_model.display.nodes) < full
    assert "Opened with modules collapsed to depth" in window.messages.plain_text()
    dialog = window.show_preferences()
    assert dialog.readable.isChecked()
    dialog.readable.setChecked(False)
    dialog.accept()
    assert not Settings().readable_first_view()
    doc.clear()
    load(path)
    assert not doc.view_model.options.collapsed and len(doc.view_model.display.nodes) >= full


def test_the_engine_chosen_in_preferences_lays_out_and_is_named(window, load, qtbot):
    from graphviz_app.core.graphviz import engine
    from graphviz_app.qt.shell.about import show_about

    if engine.packaged_program() is None or engine.system_program() is None:
        pytest.skip("needs both Graphviz's dot and graphviz-pure")
    load(example("basic_autograd.py"))
    system = engine.engine("system")
    assert window.status_engine.text() == f" · Graphviz {system.version_number()} (system)"
    dialog = window.show_preferences()
    assert dialog.engine.currentData() == "auto"
    assert "graphviz-pure" in dialog.engines_found.text() and "Graphviz" in dialog.engines_found.text()
    dialog.engine.setCurrentIndex(dialog.engine.findData("packaged"))
    with qtbot.waitSignal(window.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        dialog.accept()  # another engine: the graph is laid out again with it
    assert Settings().engine() == "packaged" and engine.choice() == "packaged"
    packaged = engine.engine()
    assert window.status_engine.text() == f" · graphviz-pure {packaged.version_number()} (packaged)"
    assert packaged.path in window.status_engine.toolTip()
    box = show_about(window)
    assert f"graphviz-pure {packaged.version_number()} (packaged)" in box.text()
    box.close()

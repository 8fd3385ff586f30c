"""Values on the graph: small tensors' values and, after backward, their gradients drawn beside
each node in the window and in exports (``core.model.values`` through the ``"values"`` layer)."""

from __future__ import annotations

import math
import re

import networkx as nx

from graphviz_app.core.graphviz.dot import Paint, dot_graph
from graphviz_app.core.model.values import format_values
from graphviz_app.core.view.stepping import BACKWARD
from graphviz_app.resources import example

from .test_stepping import GOLDEN_W_GRAD, leaf_named, run_backward


def named(graph: nx.DiGraph, name: str) -> str:
    return next(n for n, d in graph.nodes(data=True) if d.get("name") == name)


def badge(window, node: str) -> str:
    return window.scene.items_for(node)[0].badge or ""


def test_basic_lesson_shows_values_and_w_grad_with_values_on(window, load, qtbot):
    load(example("basic_autograd.py"))
    doc = window.document
    assert doc.view_model.values_shown() and window.actions_.values.isChecked()  # on for a small graph
    w = leaf_named(doc.view_model.graph, "w")
    assert badge(window, w) == "w = [[1, 2], [3, 2]]"  # before backward: the value only
    assert badge(window, named(doc.view_model.graph, "x")) == "x = [[1, 8], [27, 8]]"  # w**3
    run_backward(window, qtbot)
    assert doc.view_model.step is not None and doc.view_model.step.mode == BACKWARD
    window.timeline.show_all_button.click()  # "Show all" keeps the final gradients
    assert doc.view_model.step is None
    assert badge(window, w) == "w = [[1, 2], [3, 2]]\n" + GOLDEN_W_GRAD
    assert badge(window, named(doc.view_model.graph, "y")) == (
        "y = [[4, 11], [30, 11]]\ngrad in = [[0.25, 0.25], [0.25, 0.25]] (not kept)"
    )
    assert badge(window, named(doc.view_model.graph, "z")) == "z = 14\ngrad in = 1 (not kept)"
    # Exports draw what the window draws.
    dot = dot_graph(
        doc.view_model.display, doc.view_model.graph, Paint(styles=doc.view_model.styles())
    ).text()
    assert 'w = [[1, 2], [3, 2]]<BR ALIGN="LEFT"/>w.grad = [[0.75, 3], [6.75, 3]]' in dot


def test_backward_steps_show_gradients_as_they_arrive(window, load, qtbot):
    load(example("basic_autograd.py"))
    run_backward(window, qtbot)
    doc, timeline = window.document, window.timeline
    w = leaf_named(doc.view_model.graph, "w")
    reached = doc.view_model.graph.nodes[w]["backward_index"]
    timeline.go(reached - 1)
    item = window.scene.items_for(w)[0]
    assert item.badge == "w = [[1, 2], [3, 2]]" and item.dashed  # value known, no grad yet
    timeline.go(reached)
    assert item.badge == "w = [[1, 2], [3, 2]]\n" + GOLDEN_W_GRAD and not item.dashed


def test_values_toggle_off_restores_plain_badges(window, load, qtbot):
    load(example("basic_autograd.py"))
    window.actions_.values.setChecked(False)
    assert not window.document.view_model.values_shown()
    assert all(item.badge is None for item in window.scene.node_items.values())
    window.actions_.values.setChecked(True)
    w = leaf_named(window.document.view_model.graph, "w")
    assert badge(window, w) == "w = [[1, 2], [3, 2]]"


def test_retain_grad_marks_the_kept_gradients_of_h_and_y(window, load, qtbot):
    load(example("retain_grad.py"))  # the script calls loss.backward() itself
    doc = window.document
    doc.view_model.clear_step()
    graph = doc.view_model.graph
    y, h = named(graph, "y"), named(graph, "h")
    # loss = y**2, so y.grad = 2*y; h feeds y through a sum, so h.grad is y.grad in every slot.
    y_value = graph.nodes[y]["value"]["values"]
    y_grad = format_values(2 * y_value)
    assert f"y.grad = {y_grad} (kept by retain_grad)" in badge(window, y)
    assert f"h.grad = {format_values([2 * y_value] * 3)} (kept by retain_grad)" in badge(window, h)
    assert badge(window, leaf_named(graph, "b")).endswith(f"b.grad = {y_grad}")
    loss = named(graph, "loss")
    assert "(not kept)" in badge(window, loss)


def test_negative_zero_reads_zero_beside_the_node_and_in_the_inspector(window, load, tmp_path):
    script = tmp_path / "negative_zero.py"
    script.write_text(
        "import torch\n\nx = torch.tensor([0.0, 2.0], requires_grad=True)\ny = -x * x\n",
        encoding="utf-8",
    )
    load(script)
    doc = window.document
    y = named(doc.view_model.graph, "y")
    assert math.copysign(1, doc.view_model.graph.nodes[y]["value"]["values"][0]) == -1  # -0.0 as recorded
    assert badge(window, y) == "y = [0, -4]"
    doc.view_model.select_graph_node(y)
    values = window.inspector.values()
    shown = [text for key, text in values.items() if key.startswith("Forward value/")]
    assert values["Forward value/values"] == "[0, -4]" and values["Forward value/max"] == "0", values
    assert not [text for text in shown if re.search(r"(?<![\d.])-0(?![\d.])", text)], values

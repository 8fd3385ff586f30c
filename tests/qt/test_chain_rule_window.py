"""The chain rule in the window: the Timeline sentence and the Inspector at each backward step,
and the step's edge drawn in the gradient's direction (window and export)."""

from __future__ import annotations

from PySide6.QtCore import QLineF

from graphviz_app.core.graphviz.dot import Paint, dot_graph
from graphviz_app.resources import example

from .test_stepping import run_backward, watch_only

POW_RULE = (
    "grad_w = grad_out · 3·w² = [[0.25, 0.25], [0.25, 0.25]] · [[3, 12], [27, 12]] = [[0.75, 3], [6.75, 3]]"
)


def test_pow_step_shows_the_chain_rule_with_the_basic_lessons_numbers(window, load, qtbot):
    watch_only()
    load(example("basic_autograd.py"))
    run_backward(window, qtbot)
    doc, timeline = window.document, window.timeline
    pow_node = next(n for n, d in doc.view_model.graph.nodes(data=True) if d["op"] == "PowBackward0")
    timeline.go(doc.view_model.graph.nodes[pow_node]["backward_index"])
    assert doc.view_model.step.node == pow_node
    assert POW_RULE in timeline.caption.text()
    values = window.inspector.values()
    assert values["Chain rule/to w"] == POW_RULE
    assert values["Chain rule/rule"] == "the power rule: d(xⁿ)/dx = n·xⁿ⁻¹"
    timeline.go(0)
    assert "each element gets grad_out / n = 1/4 = 0.25" in timeline.caption.text()


def test_the_flowing_edge_points_back_to_the_producer_in_backward(window, load, qtbot):
    load(example("basic_autograd.py"))
    run_backward(window, qtbot)
    doc, timeline = window.document, window.timeline
    pow_node = next(n for n, d in doc.view_model.graph.nodes(data=True) if d["op"] == "PowBackward0")
    w = next(n for n, d in doc.view_model.graph.nodes(data=True) if d.get("name") == "w")
    timeline.go(doc.view_model.graph.nodes[pow_node]["backward_index"])
    edge = next(e for e in window.scene.edge_items if (w, pow_node) in e.graph_edges)
    assert edge.flow == -1
    arrow = edge.backward_arrow()
    tip = arrow[0]
    producer = window.scene.items_for(w)[0].sceneBoundingRect().center()
    consumer = window.scene.items_for(pow_node)[0].sceneBoundingRect().center()
    # The arrowhead sits at the producer's end and points at it (the gradient's direction).
    assert QLineF(tip, producer).length() < QLineF(tip, consumer).length()
    base = (arrow[1] + arrow[2]) / 2
    assert QLineF(tip, producer).length() < QLineF(base, producer).length()
    dot = dot_graph(
        doc.view_model.display,
        doc.view_model.graph,
        Paint(
            styles=doc.view_model.styles(),
            marked_edges=doc.view_model.marked_edges(),
            flow_backward=doc.view_model.stepping_backward(),
        ),
    ).text()
    marked = [line for line in dot.splitlines() if "->" in line and 'style="dashed"' in line]
    assert marked and all('dir="back"' in line for line in marked)
    timeline.forward_button.click()
    dot = dot_graph(
        doc.view_model.display,
        doc.view_model.graph,
        Paint(
            styles=doc.view_model.styles(),
            marked_edges=doc.view_model.marked_edges(),
            flow_backward=doc.view_model.stepping_backward(),
        ),
    ).text()
    assert 'dir="back"' not in dot

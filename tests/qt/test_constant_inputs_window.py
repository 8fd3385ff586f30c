"""Inputs without requires_grad drawn greyed with their values in the op's Values badge (``x`` in
``w * x``), in the window, the Inspector and exports; the graph keeps torch's nodes only."""

from __future__ import annotations

from graphviz_app.core.graphviz.dot import Paint, dot_graph
from graphviz_app.core.view import look

W_TIMES_X = """
import torch
w = torch.tensor([2.0, 3.0], requires_grad=True)
x = torch.tensor([1.0, 2.0])
y = w * x
loss = y.sum()
"""


def test_w_times_x_shows_x_greyed_beside_the_mul(window, load, tmp_path):
    script = tmp_path / "w_times_x.py"
    script.write_text(W_TIMES_X, encoding="utf-8")
    load(script)
    doc = window.document
    assert sorted(d["op"] for _, d in doc.view_model.graph.nodes(data=True)) == [
        "AccumulateGrad",
        "MulBackward0",
        "SumBackward0",
    ]  # no node for x
    mul = next(n for n, d in doc.view_model.graph.nodes(data=True) if d["op"] == "MulBackward0")
    item = window.scene.items_for(mul)[0]
    # y = w * x = [2*1, 3*2]; x read as the mul's second argument, drawn greyed.
    assert item.badge == "y = [2, 6]\nx = [1, 2] (no grad)"
    assert item.badge_muted == (False, True)
    doc.view_model.select_graph_node(mul)
    assert window.inspector.values()["Constant inputs/x"] == "[2] [1, 2]"
    dot = dot_graph(
        doc.view_model.display, doc.view_model.graph, Paint(styles=doc.view_model.styles())
    ).text()
    assert (
        f'y = [2, 6]<BR ALIGN="LEFT"/><FONT COLOR="{look.BADGE_MUTED_INK}">x = [1, 2] (no grad)</FONT>' in dot
    )

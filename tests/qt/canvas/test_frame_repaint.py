"""A repaint, and Qt's pass over what a new layout moved, look only inside the module frames
they reach: the items of a frame outside the view are not even measured."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest
from core.test_compose import residual_stack
from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QApplication, QGraphicsItem, QGraphicsView

from graphviz_app.core.graphviz.compose import Composer
from graphviz_app.core.view.display import ViewOptions, build_display
from graphviz_app.qt.canvas.items import EdgeItem, NodeItem
from graphviz_app.qt.canvas.scene import GraphScene

MODULE = "stages.1.2"


@pytest.fixture
def measured(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """Counts of ``boundingRect`` calls on node and edge items (Qt calls it to measure one)."""
    calls: Counter[str] = Counter()
    for cls in (NodeItem, EdgeItem):
        real = cls.boundingRect

        def counted(
            self: QGraphicsItem, real: Callable[..., QRectF] = real, name: str = cls.__name__
        ) -> QRectF:
            calls[name] += 1
            return real(self)

        monkeypatch.setattr(cls, "boundingRect", counted)
    return calls


def test_repaint_and_relayout_measure_only_what_is_in_view(qtbot, measured: Counter[str]) -> None:
    graph = residual_stack(stages=3, blocks=5)
    composer = Composer()
    collapsed = build_display(graph, ViewOptions(collapsed=frozenset({MODULE})))
    expanded = build_display(graph, ViewOptions())
    scene = GraphScene()
    scene.build(collapsed, composer.compose(collapsed), graph)
    view = QGraphicsView(scene)
    qtbot.addWidget(view)
    view.resize(240, 160)  # a corner of the picture at full size
    view.show()
    qtbot.waitExposed(view)
    view.centerOn(0, 0)
    QApplication.processEvents()
    items = len(scene.node_items) + len(scene.edge_items)

    measured.clear()
    view.viewport().repaint()
    assert 0 < measured.total() < items / 4

    laid = composer.compose(expanded)
    measured.clear()
    counts = scene.relayout(expanded, laid, graph)
    QApplication.processEvents()  # Qt's pass over the moved frames
    view.viewport().repaint()
    assert counts.moved and counts.kept  # frames moved, their drawings kept whole
    assert 0 < measured.total() < items / 4

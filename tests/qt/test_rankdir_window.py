"""View ▸ Left to Right: the window lays the graph out left to right, remembers it, and exports
follow (real window, real worker, real ``dot``)."""

from __future__ import annotations

import pytest

from graphviz_app.core.view.first_view import MIN_READABLE_ZOOM, READABLE_ZOOM
from graphviz_app.qt.settings import Settings
from graphviz_app.resources import example

from .conftest import LOAD_TIMEOUT_MS
from .shell.test_export import export_via_dialog


def _backward_edges(window, axis: int) -> list[tuple[str, str]]:
    """Drawn edges whose head's centre is not past its tail's along ``axis`` (0: x, 1: y)."""
    scene, doc = window.scene, window.document

    def centre(did: str) -> float:
        rect = scene.node_items[did].scene_rect()
        return rect.center().x() if axis == 0 else rect.center().y()

    return [
        (e.source, e.target) for e in doc.view_model.display.edges if centre(e.target) <= centre(e.source)
    ]


def test_left_to_right_turns_the_window_layout_and_back(window, load, qtbot):
    load(example("sequential_branches.py"))
    assert window.document.view_model.options.rankdir == "TB"
    assert _backward_edges(window, 1) == [] and _backward_edges(window, 0) != []
    selected = next(iter(window.document.view_model.display.nodes))
    window.document.view_model.select(selected)
    action = window.actions_.left_to_right
    assert action.isCheckable() and not action.isChecked()
    assert action in window.actions_.view_menu.actions()
    with qtbot.waitSignal(window.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        action.trigger()
    assert window.document.view_model.options.rankdir == "LR" and Settings().rankdir() == "LR"
    assert _backward_edges(window, 0) == [] and _backward_edges(window, 1) != []
    assert window.document.view_model.selection == selected  # the view state is kept
    bounds = window.scene.itemsBoundingRect()
    assert bounds.width() > bounds.height()
    with qtbot.waitSignal(window.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        action.trigger()
    assert window.document.view_model.options.rankdir == "TB" and Settings().rankdir() == "TB"
    assert _backward_edges(window, 1) == []


def test_the_direction_is_remembered_for_the_next_window(qtbot, qt_runner):
    from graphviz_app.qt.shell.main_window import MainWindow

    Settings().set_rankdir("LR")
    win = MainWindow(runner=qt_runner)
    qtbot.addWidget(win)
    try:
        assert win.actions_.left_to_right.isChecked()
        assert win.document.view_model.options.rankdir == "LR"
        with qtbot.waitSignal(win.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
            win.open_path(example("basic_autograd.py"))
        assert _backward_edges(win, 0) == []
    finally:
        win.close()


def test_exports_follow_the_window_direction(window, load, qtbot, tmp_path):
    load(example("basic_autograd.py"))
    with qtbot.waitSignal(window.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        window.actions_.left_to_right.trigger()
    export_via_dialog(window, qtbot, tmp_path / "lr.dot")
    assert 'rankdir="LR";' in (tmp_path / "lr.dot").read_text(encoding="utf-8")
    with qtbot.waitSignal(window.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        window.actions_.left_to_right.trigger()
    export_via_dialog(window, qtbot, tmp_path / "tb.dot")
    assert 'rankdir="TB";' in (tmp_path / "tb.dot").read_text(encoding="utf-8")


def test_the_document_refuses_an_unknown_direction_and_keeps_its_own():
    from graphviz_app.qt.document import Document

    doc = Document()
    doc.view_model.set_rankdir("LR")
    with pytest.raises(ValueError, match="TB, LR"):
        doc.view_model.set_rankdir("BT")
    assert doc.view_model.options.rankdir == "LR"


def test_a_left_to_right_graph_opens_at_its_inputs_on_the_left(window, load, qtbot):
    """A graph too wide to read whole opens at a readable zoom showing where it starts: left to
    right, its leftmost nodes (the inputs) are in sight, as the top ones are top to bottom."""
    window.actions_.left_to_right.trigger()  # no graph yet: nothing to lay out
    load(example("sequential_branches.py"))
    view, items = window.view, window.scene.node_items.values()
    assert MIN_READABLE_ZOOM <= view.zoom() <= READABLE_ZOOM  # not the whole graph: a readable zoom
    seen = view.mapToScene(view.viewport().rect()).boundingRect()
    leftmost = min(items, key=lambda item: item.scene_rect().left())
    assert seen.contains(leftmost.scene_rect()), (seen, leftmost.display_id)
    # and their values beside them, whole (a module frame may be cut to keep the nodes whole)
    assert seen.contains(leftmost.sceneBoundingRect()), (seen, leftmost.sceneBoundingRect())
    rightmost = max(items, key=lambda item: item.scene_rect().right())
    assert not seen.contains(rightmost.scene_rect())

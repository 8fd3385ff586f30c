"""Expand All in the window draws a big picture a slice at a time (a sketch first); an expand or
collapse of a module meanwhile, a selection or a search draw and find what a picture made at
once would."""

from __future__ import annotations

import pytest
from core.test_compose import residual_stack

from graphviz_app.core.model.graph import dumps_graph
from graphviz_app.qt.canvas import scene as scene_module
from graphviz_app.qt.canvas.scene import GraphScene
from graphviz_app.qt.canvas.widget import GraphWidget
from graphviz_app.qt.document import Document
from graphviz_app.qt.panels.messages import MessagesPanel
from graphviz_app.qt.settings import Settings
from graphviz_app.qt.shell.controller import Controller
from graphviz_app.qt.theme import is_dark

from ..canvas.test_scene_relayout import _drawing
from ..conftest import LOAD_TIMEOUT_MS


@pytest.fixture
def parts(qtbot, qt_runner, monkeypatch):
    monkeypatch.setattr(scene_module, "SLICE_S", 0.0)  # slices of 32 items: several of them
    document = Document()
    widget = GraphWidget()
    widget.resize(900, 700)
    widget.graph_scene.progressive_items = 1  # every picture built progressively
    messages = MessagesPanel()
    qtbot.addWidget(widget)
    qtbot.addWidget(messages)
    controller = Controller(document, widget, Settings(), messages, qt_runner)
    yield document, widget, controller
    controller.shutdown()
    widget.graph_scene.stop_animation()


def _shown(document: Document, controller: Controller) -> GraphScene:
    """A scene made at once from the picture the window shows, with the window's look."""
    assert controller._shown is not None
    display, layout = controller._shown
    model = document.view_model
    assert display is model.display
    scene = GraphScene()
    scene.build(display, layout, model.graph)
    scene.apply_look(model.look_state(), dark=is_dark())
    edge = model.selected_edge
    scene.select(model.selection, (edge.source, edge.target) if edge else None)
    return scene


def _expanded_all(parts, qtbot, tmp_path) -> GraphScene:
    """The window after Expand All from the stack's stages collapsed, its items being made."""
    document, widget, controller = parts
    saved = tmp_path / "stack.json"
    saved.write_text(dumps_graph(residual_stack(stages=3, blocks=5)), encoding="utf-8")
    with qtbot.waitSignal(controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        controller.open(saved)
    with qtbot.waitSignal(controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        document.view_model.set_collapsed(frozenset({"stages.0", "stages.1", "stages.2"}))
    scene = widget.graph_scene
    if scene.building():
        with qtbot.waitSignal(scene.built, timeout=LOAD_TIMEOUT_MS):
            pass
    with qtbot.waitSignal(controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        controller.expand_all()
    assert scene.building()  # the picture is a sketch, its items on their way
    return scene


@pytest.mark.parametrize("toggle", ["collapse", "expand"])
def test_a_module_toggled_while_expand_all_is_drawn_is_drawn_right(parts, qtbot, tmp_path, toggle) -> None:
    document, _, controller = parts
    scene = _expanded_all(parts, qtbot, tmp_path)
    module = "stages.1.2"
    if toggle == "expand":  # collapsed and expanded again before the first picture is made
        with qtbot.waitSignal(controller.graphShown, timeout=LOAD_TIMEOUT_MS):
            document.view_model.collapse(module)
    with qtbot.waitSignal(controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        getattr(document.view_model, toggle)(module)
    assert not scene.building()  # the build was finished before the relayout
    assert _drawing(scene) == _drawing(_shown(document, controller))
    assert (module in scene.cluster_items) == (toggle == "expand")


def test_a_node_selected_while_expand_all_is_drawn_is_drawn_selected(parts, qtbot, tmp_path) -> None:
    document, widget, controller = parts
    scene = _expanded_all(parts, qtbot, tmp_path)
    model = document.view_model
    last = list(model.display.nodes)[-1]  # the loss, at the bottom: made last
    assert last not in scene.node_items
    document.selectionChanged.connect(lambda node, edge: scene.select(node))  # as the window does
    model.select(last)  # a click in a panel, or a search
    assert scene.node_items[last].isSelected()
    assert widget.reveal_node(last)
    with qtbot.waitSignal(scene.built, timeout=LOAD_TIMEOUT_MS):
        pass
    assert _drawing(scene) == _drawing(_shown(document, controller))
    assert [item.display_id for item in scene.selectedItems()] == [last]

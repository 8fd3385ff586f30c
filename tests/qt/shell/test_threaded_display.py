"""Expand All and Collapse to depth on a big graph build the new display graph on a thread: the
window answers meanwhile, the newest view asked for is the one shown, and it equals the display
graph built at once."""

from __future__ import annotations

import sys
import threading

import pytest
from core.test_compose import residual_stack
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

from graphviz_app.core.model.graph import dumps_graph
from graphviz_app.core.model.topology import collapse_to_depth
from graphviz_app.core.view import view_model as view_model_module
from graphviz_app.core.view.display import build_display
from graphviz_app.qt.canvas import scene as scene_module
from graphviz_app.qt.canvas.widget import GraphWidget
from graphviz_app.qt.document import Document
from graphviz_app.qt.panels.messages import MessagesPanel
from graphviz_app.qt.settings import Settings
from graphviz_app.qt.shell import controller as controller_module
from graphviz_app.qt.shell.controller import Controller

from ..conftest import LOAD_TIMEOUT_MS


@pytest.fixture
def opened(qtbot, qt_runner, monkeypatch, tmp_path):
    """A controller showing a residual stack with its stages collapsed; every whole display
    graph is built on a thread, and the threads that built one are listed."""
    monkeypatch.setattr(controller_module, "THREADED_DISPLAY_NODES", 1)
    threads: list[threading.Thread] = []

    def recorded(*args, **kwargs):
        threads.append(threading.current_thread())
        return build_display(*args, **kwargs)

    monkeypatch.setattr(view_model_module, "build_display", recorded)
    document = Document()
    widget = GraphWidget()
    widget.resize(900, 700)
    messages = MessagesPanel()
    qtbot.addWidget(widget)
    qtbot.addWidget(messages)
    controller = Controller(document, widget, Settings(), messages, qt_runner)
    saved = tmp_path / "stack.json"
    graph = residual_stack(stages=3, blocks=4)
    graph.graph["view"] = {"collapsed": ["stages.0", "stages.1", "stages.2"]}  # opened so
    saved.write_text(dumps_graph(graph), encoding="utf-8")
    with qtbot.waitSignal(controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        controller.open(saved)
    assert document.view_model.options.collapsed == frozenset({"stages.0", "stages.1", "stages.2"})
    threads.clear()
    yield document, controller, threads
    controller.shutdown()
    widget.graph_scene.stop_animation()


def _same(one, other) -> bool:
    return list(one.nodes) == list(other.nodes) and [(e.source, e.target) for e in one.edges] == [
        (e.source, e.target) for e in other.edges
    ]


def test_expand_all_builds_its_display_graph_on_a_thread(opened, qtbot) -> None:
    document, controller, threads = opened
    model = document.view_model
    controller.expand_all()
    assert model.options.collapsed  # nothing changed yet: the display graph is being made
    # what the busy bar says if this takes over half a second
    assert controller._layout_words() == f"Preparing a view of {model.graph.number_of_nodes()} nodes…"
    with qtbot.waitSignal(controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        pass
    assert model.options.collapsed == frozenset()
    assert threads and threading.main_thread() not in threads
    assert controller._shown is not None and controller._shown[0] is model.display
    assert _same(model.display, build_display(model.graph, model.options))
    # the GUI thread takes the GIL back within a millisecond while the thread builds
    assert sys.getswitchinterval() <= controller_module.GUI_SWITCH_INTERVAL


@pytest.mark.parametrize("depth", [1, 2])
def test_the_newest_view_asked_for_is_shown(opened, qtbot, depth) -> None:
    """Depth 1 is a new view; depth 2 is the one on screen (the stages collapsed)."""
    document, controller, threads = opened
    model = document.view_model
    shown = controller._shown
    controller.expand_all()
    controller.collapse_to_depth(depth)  # before the first one's display graph is made
    if depth == 1:
        with qtbot.waitSignal(controller.graphShown, timeout=LOAD_TIMEOUT_MS):
            pass
    qtbot.wait(300)  # the first request's result, had it been kept, would be shown by now
    assert model.options.collapsed == collapse_to_depth(model.graph, depth)
    assert controller._shown is not None and controller._shown[0] is model.display
    assert _same(model.display, build_display(model.graph, model.options))
    assert (controller._shown is shown) == (depth == 2)
    assert threading.main_thread() not in threads


def test_a_view_shown_before_comes_back_at_once(opened, qtbot) -> None:
    document, controller, threads = opened
    model = document.view_model
    collapsed = model.options.collapsed
    with qtbot.waitSignal(controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        controller.expand_all()
    threads.clear()
    with qtbot.waitSignal(controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        model.set_collapsed(collapsed)
    with qtbot.waitSignal(controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        controller.expand_all()  # built before: taken again, on the GUI thread, no build
        assert model.options.collapsed == frozenset()
    assert threads == []


def test_a_new_big_picture_is_placed_on_the_layout_thread(opened, qtbot, monkeypatch) -> None:
    """The boxes of a progressive build's nodes and the ends of its edges are worked out beside
    the layout; a single module's expand (moved in place) needs none of it."""
    document, controller, _ = opened
    scene = controller.widget.graph_scene
    scene.progressive_items = 1
    placed: list[threading.Thread] = []
    place = scene_module._Build.place

    def recorded(build, *args) -> None:
        placed.append(threading.current_thread())
        place(build, *args)

    monkeypatch.setattr(scene_module._Build, "place", recorded)
    with qtbot.waitSignal(controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        controller.expand_all()
    assert len(placed) == 1 and placed[0] is not threading.main_thread()
    build = scene._build  # (its items are made from the event loop, after the picture shows)
    assert build is not None and build.sketch is not None
    # the sketch's fills were worked out there too, for the look the picture is shown with
    assert build.fills is document.view_model.fills() and build.sketch_fills is not None
    codes, names = build.sketch_fills
    assert list(codes) == list(build.sketch._fill_of)
    assert [c.name() for c in build.sketch._colors] == [QColor(name).name() for name in names]
    if scene.building():
        with qtbot.waitSignal(scene.built, timeout=LOAD_TIMEOUT_MS):
            pass
    with qtbot.waitSignal(controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        document.view_model.collapse("stages.1.2")
    assert len(placed) == 1


def _patches_recorded(monkeypatch) -> list[threading.Thread]:
    """The threads the view model patches a display graph on, from now on (listed as it does)."""
    threads: list[threading.Thread] = []
    toggled = view_model_module.toggled_display

    def recorded(*args, **kwargs):
        threads.append(threading.current_thread())
        return toggled(*args, **kwargs)

    monkeypatch.setattr(view_model_module, "toggled_display", recorded)
    return threads


def test_a_big_modules_toggle_is_patched_on_a_thread(opened, qtbot, monkeypatch) -> None:
    """A toggle of a module of more nodes than THREADED_DISPLAY_NODES (here: any) is a patch of
    the display graph on screen, made on the thread: as long as a build, so not on the GUI's."""
    document, controller, threads = opened
    model = document.view_model
    patched = _patches_recorded(monkeypatch)
    options = model.options.toggled("stages.1")
    with qtbot.waitSignal(controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        controller.change_view(options)
        assert model.options != options  # being made
    assert model.options == options and threads == []  # no build from scratch
    assert patched and threading.main_thread() not in patched
    assert _same(model.display, build_display(model.graph, options))


def test_a_big_module_double_clicked_or_checked_has_its_view_made_on_a_thread(
    window, load, qtbot, monkeypatch, tmp_path
):
    """The window's double-click and the Modules panel's checkbox go through the controller: the
    view of a module of more than THREADED_DISPLAY_NODES nodes (here: any) is made on the
    layout's thread, and the module opens and closes as asked."""
    monkeypatch.setattr(controller_module, "THREADED_DISPLAY_NODES", 1)
    made = _patches_recorded(monkeypatch)
    saved = tmp_path / "stack.json"
    graph = residual_stack(stages=3, blocks=4)
    graph.graph["view"] = {"collapsed": ["stages.1"]}
    saved.write_text(dumps_graph(graph), encoding="utf-8")
    load(saved)
    model = window.document.view_model
    with qtbot.waitSignal(window.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        window._item_double_clicked(window.scene.node_items["m:stages.1"])  # expand
        assert model.options.collapsed == frozenset({"stages.1"})  # being made
    assert model.options.collapsed == frozenset() and "stages.1" in window.scene.cluster_items
    with qtbot.waitSignal(window.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        window._item_double_clicked(window.scene.cluster_items["stages.1"])  # collapse
    assert model.options.collapsed == frozenset({"stages.1"}) and "m:stages.1" in window.scene.node_items
    assert made and threading.main_thread() not in made
    assert _same(model.display, build_display(model.graph, model.options))
    made.clear()  # the Modules panel's checkbox takes the same path (a view not shown before)
    with qtbot.waitSignal(window.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        window.modules.items()["stages.2"].setCheckState(0, Qt.CheckState.Checked)
        assert model.options.collapsed == frozenset({"stages.1"})  # being made
    assert model.options.collapsed == frozenset({"stages.1", "stages.2"})
    assert "m:stages.2" in window.scene.node_items
    assert made and threading.main_thread() not in made

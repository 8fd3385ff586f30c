"""What a learner sees of a lesson: its card, read from its start with room for its prose, and a
graph that stays whole in sight when Run Backward adds the gradients."""

from __future__ import annotations

from PySide6.QtCore import QPointF

from graphviz_app.resources import example

from .conftest import LOAD_TIMEOUT_MS


def test_a_lesson_card_has_room_and_reads_from_its_start(laptop_window, qtbot):
    window = laptop_window
    card, dock = window.lesson, window.docks["lesson"]
    card.show_lesson_of(example("view_reshape.py"))
    qtbot.waitUntil(dock.isVisible)
    lines = card.scroll_area.viewport().height() // card.body.fontMetrics().lineSpacing()
    assert lines >= 12, f"the card shows only {lines} lines at 1024 x 700"
    bar = card.scroll_area.verticalScrollBar()
    qtbot.waitUntil(lambda: bar.maximum() > 0)  # the reading guide reaches past the card
    bar.setValue(bar.maximum())
    card.show_lesson_of(example("detach.py"))
    assert bar.value() == 0  # another lesson's card opens at its top


def test_run_backward_keeps_the_whole_graph_in_sight(window, load, qtbot):
    window.resize(1600, 1000)
    qtbot.waitUntil(lambda: window.width() == 1600)
    load(example("view_reshape.py"))
    view = window.view
    sight = view.mapToScene(view.viewport().rect()).boundingRect()
    assert sight.contains(view.graph_scene.graph_rect)
    width = view.graph_scene.graph_rect.width()
    with qtbot.waitSignal(window.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        window.run_backward()
    qtbot.waitUntil(lambda: window.document.view_model.step_count("backward") > 0)
    assert view.graph_scene.graph_rect.width() > width  # the gradients' badges widened it
    corners = []
    for index in range(window.document.view_model.step_count("backward")):
        window.timeline.go(index)
        sight = view.mapToScene(view.viewport().rect()).boundingRect()
        assert sight.contains(view.graph_scene.graph_rect), f"step {index + 1} shows part of the graph"
        corners.append(view.mapFromScene(view.graph_scene.graph_rect.topLeft()).x())
    assert max(corners) - min(corners) <= 2  # no sideways jump from step to step


def test_a_step_out_of_sight_is_brought_in_by_the_least_move(window, load, qtbot):
    load(example("view_reshape.py"))
    with qtbot.waitSignal(window.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        window.run_backward()
    qtbot.waitUntil(lambda: window.document.view_model.step_count("backward") > 0)
    view, moved = window.view, 0
    view.set_zoom(1.2)  # part of the graph out of sight: its top-left corner shows
    sight = view.visible_scene_rect()
    view.centerOn(view.content_rect().topLeft() + QPointF(sight.width() / 2, sight.height() / 2))
    for index in range(window.document.view_model.step_count("backward")):
        before = view.mapToScene(view.viewport().rect()).boundingRect()
        window.timeline.go(index)
        sight = view.mapToScene(view.viewport().rect()).boundingRect()
        item = window.scene.items_for(window.document.view_model.step.node)[0]
        node = item.scene_rect()
        assert sight.contains(node), f"step {index + 1}'s node is out of sight"
        if sight != before:  # it moved: only as far as the node needs (it lies by an edge), not to centre it
            moved += 1
            box = item.sceneBoundingRect()
            gap = min(
                box.left() - sight.left(),
                sight.right() - box.right(),
                box.top() - sight.top(),
                sight.bottom() - box.bottom(),
            )
            assert gap <= 40 / view.zoom() + 2, f"step {index + 1}'s node was centred"
    assert moved < window.document.view_model.step_count("backward")


def test_a_failed_live_reload_shows_the_text_that_failed(window, load, qtbot, write_script):
    path = write_script("import torch\nw = torch.ones(2, requires_grad=True)\ny = (w * 3).sum()\n", "live.py")
    window.set_live_reload(True)
    load(path)
    broken = "import torch\nw = torch.ones(2, requires_grad=True)\ny = (w * 3).sum(\n"
    with qtbot.waitSignal(window.controller.loadFailed, timeout=LOAD_TIMEOUT_MS):
        path.write_text(broken, encoding="utf-8")
    assert window.source.view.text() == broken  # not the text of the last good run
    assert window.source.error_line == 3

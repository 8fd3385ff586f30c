"""Long step text and a step at the canvas's edge on a small screen: the Timeline shows a step's
whole sentence (taller, then scrolling, never cut), the step's node shows its glow whole when it
is brought into view, and the Inspector's names stay on one line where the panel allows."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetrics

from graphviz_app.qt.i18n import install_translators
from graphviz_app.qt.panels.inspector import TEXT_MARGIN
from graphviz_app.qt.panels.timeline import CAPTION_LINES
from graphviz_app.resources import example

from ..conftest import LOAD_TIMEOUT_MS
from ..test_stepping import run_backward


def whole_text_reachable(timeline) -> None:
    """The step text is laid out whole, and all of it is on screen or a scroll away."""
    area, label = timeline.caption_area, timeline.caption
    needed = label.heightForWidth(label.width())
    assert label.height() >= needed, (label.height(), needed)  # the label is not clipped
    port = area.viewport().height()
    bar = area.verticalScrollBar()
    if needed > port:
        assert bar.isVisible() and bar.maximum() >= label.height() - port, (needed, port, bar.maximum())
    assert label.width() <= area.viewport().width()  # wrapped, nothing past the right edge


def longest_backward_step(window, qtbot) -> int:
    timeline = window.timeline
    timeline.start("backward")
    lengths = []
    for i in range(timeline.count()):
        timeline.go(i)
        lengths.append(len(timeline.caption.text()))
    return max(range(len(lengths)), key=lengths.__getitem__)


def test_the_longest_step_of_small_cnn_reads_whole_at_1024x700(laptop_window, qtbot, qapp):
    window = laptop_window
    with qtbot.waitSignal(window.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        window.open_path(example("small_cnn.py"))
    run_backward(window, qtbot)
    timeline = window.timeline
    line = timeline.caption.fontMetrics().lineSpacing()
    for language in ("en", "ko"):
        install_translators(qapp, language)
        try:
            longest = longest_backward_step(window, qtbot)
            timeline.go(longest)
            label = timeline.caption
            needed = label.heightForWidth(label.width())
            assert needed > CAPTION_LINES[0] * line  # longer than the least room: the case to show
            room = min(needed, CAPTION_LINES[1] * line)  # the area grew up to the most lines
            qtbot.waitUntil(lambda room=room: timeline.caption_area.viewport().height() >= room)
            qtbot.waitUntil(lambda: whole_text_reachable(timeline))
            assert window.view.height() >= 0.45 * window.height()  # the canvas keeps its room
        finally:
            install_translators(qapp, "en")


def test_a_step_text_longer_than_the_most_lines_scrolls(laptop_window, qtbot):
    window = laptop_window
    with qtbot.waitSignal(window.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        window.open_path(example("basic_autograd.py"))
    timeline = window.timeline
    text = " ".join(["grad_out · Bᵀ = [0.0473, -0.0847, 0.0296, -0.0157];"] * 40)
    timeline.caption_area.show_text(text)
    area = timeline.caption_area
    line = timeline.caption.fontMetrics().lineSpacing()
    qtbot.waitUntil(lambda: whole_text_reachable(timeline))
    assert area.verticalScrollBar().isVisible()
    assert area.height() <= CAPTION_LINES[1] * line + 2 * area.frameWidth()  # the dock stops growing
    area.verticalScrollBar().setValue(area.verticalScrollBar().maximum())
    timeline.refresh()  # back to the window's own sentence, shown from its first line
    assert area.verticalScrollBar().value() == 0


def test_a_step_node_at_the_top_edge_shows_its_glow_whole(window, load, qtbot):
    load(example("basic_autograd.py"))
    run_backward(window, qtbot)
    timeline, view = window.timeline, window.view
    timeline.start("backward")
    timeline.last()  # AccumulateGrad (w), the graph's top node
    node = window.scene.items_for(window.document.view_model.step.node)[0]
    timeline.go(timeline.count() - 2)
    # the node's box just inside the top edge, its glow past it
    box = view.mapFromScene(node.scene_rect().topLeft())
    bar = view.verticalScrollBar()
    bar.setValue(bar.value() + box.y() - 2)
    assert 0 <= view.mapFromScene(node.scene_rect().topLeft()).y() <= 3
    timeline.last()
    shown = view.mapToScene(view.viewport().rect()).boundingRect()
    assert shown.contains(node.marked_rect(view.transform().m11()))


def test_inspector_names_stay_on_one_line_in_a_narrow_panel(laptop_window, qtbot, qapp):
    window = laptop_window
    with qtbot.waitSignal(window.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        window.open_path(example("basic_autograd.py"))
    dock = window.docks["inspector"]
    window.resizeDocks([dock], [250], Qt.Orientation.Horizontal)
    install_translators(qapp, "ko")
    try:
        leaf = next(
            n for n, d in window.document.view_model.graph.nodes(data=True) if d["op"] == "AccumulateGrad"
        )
        window.document.view_model.select(window.document.view_model.display.display_ids(leaf)[0])
        tree = window.inspector.tree
        qtbot.waitUntil(lambda: tree.columnWidth(0) + tree.columnWidth(1) == tree.viewport().width())
        assert tree.viewport().width() < 260, (tree.viewport().width(), dock.width())
        names = 0
        for i in range(tree.topLevelItemCount()):
            group = tree.topLevelItem(i)
            for j in range(group.childCount()):
                row = group.child(j)
                cell = tree.visualRect(tree.indexFromItem(row, 0))
                width = QFontMetrics(row.font(0)).horizontalAdvance(row.text(0))
                assert width + 2 * TEXT_MARGIN <= cell.width(), (
                    row.text(0),
                    width,
                    cell.width(),
                    tree.viewport().width(),
                )
                names += 1
        assert names >= 8
        assert tree.columnWidth(1) >= 0.4 * tree.viewport().width()  # the values keep their room
    finally:
        install_translators(qapp, "en")

"""Small screens and the dark theme: the canvas keeps most of the width at 1024×700, the search
field stays in the toolbar, the checked step mode and the transport icons stay readable."""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtGui import QColor, QImage

from graphviz_app.resources import example


def mean_lightness(image: QImage, *, opaque_only: bool = False) -> float:
    values = []
    for y in range(image.height()):
        for x in range(image.width()):
            color = QColor(image.pixel(x, y)) if not opaque_only else image.pixelColor(x, y)
            if opaque_only and color.alpha() < 128:
                continue
            values.append(color.lightness())
    return sum(values) / max(len(values), 1)


def test_the_canvas_keeps_most_of_the_width_at_1024x700(qtbot, laptop_window):
    win = laptop_window
    assert win.view.width() >= 0.5 * win.width(), (win.view.width(), win.width())
    search = win.search_bar
    assert search.isVisible() and search.width() >= 120  # not pushed into the toolbar's overflow


def test_dark_theme_keeps_the_step_mode_and_transport_icons_readable(window, load, qtbot):
    load(example("basic_autograd.py"))
    window.set_theme("dark")
    try:
        timeline = window.timeline
        icon = timeline.next_action.icon().pixmap(QSize(24, 24)).toImage()
        assert mean_lightness(icon, opaque_only=True) > 160  # light strokes on the dark panel
        timeline.forward_button.setChecked(True)
        checked = timeline.forward_button.grab().toImage()
        unchecked = timeline.backward_button.grab().toImage()
        assert abs(mean_lightness(checked) - mean_lightness(unchecked)) > 15
    finally:
        window.set_theme("light")
    icon = window.timeline.next_action.icon().pixmap(QSize(24, 24)).toImage()
    assert mean_lightness(icon, opaque_only=True) < 128  # back to the style's dark icons


def test_expanding_and_collapsing_keep_the_module_in_place(window, load, qtbot):
    from PySide6.QtCore import QLineF, QPointF

    from .conftest import LOAD_TIMEOUT_MS

    load(example("sequential_branches.py"))
    doc = window.document
    module = sorted(doc.view_model.modules(), key=len)[0]
    with qtbot.waitSignal(window.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        doc.view_model.collapse(module)
    window.view.set_zoom(1.0)
    node = window.scene.node_items["m:" + module]
    window.view.centerOn(node.scene_rect().center() + QPointF(60, 40))  # somewhere off-centre
    before = window.view.mapFromScene(node.scene_rect().topLeft())  # its corner and label
    with qtbot.waitSignal(window.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        window._item_double_clicked(node)  # expand
    box = window.scene.cluster_items[module]
    after = window.view.mapFromScene(box.scene_rect().topLeft())
    assert QLineF(QPointF(before), QPointF(after)).length() <= 1
    assert abs(window.view.zoom() - 1.0) < 1e-6
    with qtbot.waitSignal(window.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        window._item_double_clicked(box)  # collapse again
    node = window.scene.node_items["m:" + module]
    again = window.view.mapFromScene(node.scene_rect().topLeft())
    assert QLineF(QPointF(after), QPointF(again)).length() <= 1


def ink_rows(image: QImage) -> list[int]:
    """The rows of ``image`` holding dark (text) pixels."""
    return [
        y
        for y in range(image.height())
        if any(QColor(image.pixel(x, y)).lightness() < 100 for x in range(image.width()))
    ]


def test_the_inspector_and_messages_show_their_words_whole_at_1024x700(laptop_window, qtbot):
    from .conftest import LOAD_TIMEOUT_MS

    window = laptop_window
    with qtbot.waitSignal(window.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        window.open_path(example("basic_autograd.py"))
    graph = window.document.view_model.graph
    window.document.view_model.select_graph_node(
        next(n for n, op in graph.nodes(data="op") if op == "PowBackward0")
    )
    tree = window.inspector.tree
    qtbot.waitUntil(lambda: tree.columnWidth(0) + tree.columnWidth(1) == tree.viewport().width())
    node = tree.topLevelItem(0)
    op = next(node.child(j) for j in range(node.childCount()) if node.child(j).text(0) == "op")
    assert op.text(1) == "PowBackward0"
    cell = tree.visualRect(tree.indexFromItem(op, 1))
    metrics = tree.fontMetrics()
    assert metrics.horizontalAdvance("PowBackward0") > cell.width() - 8  # too wide for one line here
    inked = ink_rows(tree.viewport().grab(cell).toImage())
    assert inked and inked[-1] - inked[0] > 1.5 * metrics.lineSpacing(), (
        inked
    )  # broken onto two lines, not cut
    # The Messages panel's latest line ends in "…" beside its Clear button, never cut mid-letter.
    status = window.messages.status
    assert status.fontMetrics().horizontalAdvance(status.text()) > status.contentsRect().width()
    shown = status.shown_text()
    assert (
        shown.endswith("…") and status.fontMetrics().horizontalAdvance(shown) <= status.contentsRect().width()
    )

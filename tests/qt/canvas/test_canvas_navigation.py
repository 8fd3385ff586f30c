"""Where the view is, and nothing over the graph: scrollbars along an axis the graph overflows,
a minimap (hidden while the graph fits) framing the visible area, a click in it moving the view,
and the legend in a strip under the canvas, clear of every node at 1024×700."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, QPointF, QRect, QRectF, Qt
from PySide6.QtGui import QColor, QMouseEvent, QPalette
from PySide6.QtWidgets import QApplication

from graphviz_app.qt.canvas.minimap import MARGIN, PADDING
from graphviz_app.qt.settings import Settings
from graphviz_app.resources import example

from ..conftest import LOAD_TIMEOUT_MS


def expected_frame(window) -> QRectF:
    """The visible area in minimap pixels, by hand: the graph scaled into the map's inner box
    (proportions kept, centred), the viewport's scene rectangle put through the same scale."""
    view, minimap = window.view, window.view.minimap
    graph = QRectF(window.scene.graph_rect)
    box = QRectF(minimap.rect()).adjusted(PADDING, PADDING, -PADDING, -PADDING)
    scale = min(box.width() / graph.width(), box.height() / graph.height())
    left = box.center().x() - round(graph.width() * scale) / 2
    top = box.center().y() - round(graph.height() * scale) / 2
    seen = view.mapToScene(view.viewport().rect()).boundingRect()
    return QRectF(
        left + (seen.left() - graph.left()) * scale,
        top + (seen.top() - graph.top()) * scale,
        seen.width() * scale,
        seen.height() * scale,
    )


def map_point(window, scene_point: QPointF) -> QPoint:
    """Where ``scene_point`` is drawn in the minimap (the same arithmetic as expected_frame)."""
    minimap = window.view.minimap
    graph = QRectF(window.scene.graph_rect)
    box = QRectF(minimap.rect()).adjusted(PADDING, PADDING, -PADDING, -PADDING)
    scale = min(box.width() / graph.width(), box.height() / graph.height())
    left = box.center().x() - round(graph.width() * scale) / 2
    top = box.center().y() - round(graph.height() * scale) / 2
    return QPoint(
        round(left + (scene_point.x() - graph.left()) * scale),
        round(top + (scene_point.y() - graph.top()) * scale),
    )


def drawn_frame(minimap) -> QRect:
    """The bounding box of the pixels painted in the frame's pen color (the highlight)."""
    image = minimap.grab().toImage()
    pen = minimap.palette().color(QPalette.ColorRole.Highlight)
    xs, ys = [], []
    for y in range(image.height()):
        for x in range(image.width()):
            c = image.pixelColor(x, y)
            if abs(c.red() - pen.red()) + abs(c.green() - pen.green()) + abs(c.blue() - pen.blue()) <= 12:
                xs.append(x)
                ys.append(y)
    assert xs, "no frame drawn"
    return QRect(QPoint(min(xs), min(ys)), QPoint(max(xs), max(ys)))


def assert_frame_matches(window) -> None:
    minimap = window.view.minimap
    expected = expected_frame(window).intersected(QRectF(minimap.rect()).adjusted(1, 1, -1, -1))
    drawn = drawn_frame(minimap)
    for got, want in (
        (drawn.left(), expected.left()),
        (drawn.top(), expected.top()),
        (drawn.right() + 1, expected.right()),
        (drawn.bottom() + 1, expected.bottom()),
    ):
        assert abs(got - want) <= 2, (drawn, expected)


def view_centre(window) -> QPointF:
    view = window.view
    return view.mapToScene(view.viewport().rect()).boundingRect().center()


def test_scrollbars_show_only_along_an_axis_the_graph_overflows(window, load, qtbot):
    load(example("basic_autograd.py"))
    view = window.view
    view.fit()
    assert not view.horizontalScrollBar().isVisible() and not view.verticalScrollBar().isVisible()
    view.set_zoom(4.0)  # 4 nodes 400 units tall: 1,600 px, taller than the viewport
    qtbot.waitUntil(lambda: view.verticalScrollBar().isVisible())
    bar = view.verticalScrollBar()
    assert bar.maximum() > bar.minimum()
    bar.setValue(bar.maximum())  # all the way down: the graph's bottom is still in sight
    output = next(i for i in window.scene.node_items.values() if i.is_output)
    seen = view.mapToScene(view.viewport().rect()).boundingRect()
    assert seen.intersects(output.scene_rect())
    bar.setValue(bar.minimum())
    leaf = next(i for i in window.scene.node_items.values() if i.kind == "leaf")
    assert view.mapToScene(view.viewport().rect()).boundingRect().intersects(leaf.scene_rect())
    view.fit()
    qtbot.waitUntil(lambda: not view.verticalScrollBar().isVisible())


def test_the_minimap_hides_while_the_graph_fits_and_frames_the_visible_area(window, load, qtbot):
    load(example("sequential_branches.py"))
    view, minimap = window.view, window.view.minimap
    view.fit()
    assert not minimap.isVisible()  # nothing out of sight: no map over the graph
    view.set_zoom(1.5)
    first = next(iter(window.scene.node_items.values()))
    view.centerOn(first.scene_rect().center())
    qtbot.waitUntil(minimap.isVisible)
    port = view.viewport().geometry()
    assert port.contains(minimap.geometry())  # in the viewport's corner, over no scrollbar
    # small beside the graph: at most 28 % of the viewport each way
    assert minimap.width() <= 0.28 * port.width() + 1 and minimap.height() <= 0.28 * port.height() + 1
    spot = minimap.geometry()  # in a corner of the viewport (the one covering the fewest nodes)
    assert min(spot.left() - port.left(), port.right() - spot.right()) <= MARGIN + 1
    assert min(spot.top() - port.top(), port.bottom() - spot.bottom()) <= MARGIN + 1
    assert_frame_matches(window)
    view.zoom_by(1.6)  # zoom in: a smaller frame
    small = drawn_frame(minimap)
    assert_frame_matches(window)
    view.horizontalScrollBar().setValue(view.horizontalScrollBar().value() + 120)  # pan right
    assert_frame_matches(window)
    assert drawn_frame(minimap).left() > small.left()
    view.fit()
    assert not minimap.isVisible()


def test_a_click_in_the_minimap_centres_the_view_there_and_a_drag_follows(window, load, qtbot):
    load(example("sequential_branches.py"))
    view, minimap = window.view, window.view.minimap
    view.set_zoom(2.0)
    items = sorted(window.scene.node_items.values(), key=lambda i: i.scene_rect().center().y())
    top, bottom = items[0], items[-1]
    view.centerOn(top.scene_rect().center())
    qtbot.waitUntil(minimap.isVisible)
    graph = window.scene.graph_rect
    tolerance = 2 * max(graph.width(), graph.height()) / min(minimap.width(), minimap.height())
    target = bottom.scene_rect().center()  # far from the view now
    assert not view.mapToScene(view.viewport().rect()).boundingRect().contains(target)
    qtbot.mouseClick(minimap, Qt.MouseButton.LeftButton, pos=map_point(window, target))
    centre = view_centre(window)
    assert abs(centre.x() - target.x()) <= tolerance and abs(centre.y() - target.y()) <= tolerance, (
        centre,
        target,
    )
    assert view.mapToScene(view.viewport().rect()).boundingRect().contains(target)
    # drag from the bottom node to the top one: the view follows the mouse
    start, end = map_point(window, target), map_point(window, top.scene_rect().center())
    qtbot.mousePress(minimap, Qt.MouseButton.LeftButton, pos=start)
    move = QMouseEvent(
        QEvent.Type.MouseMove,
        QPointF(end),
        minimap.mapToGlobal(QPointF(end)),
        Qt.MouseButton.NoButton,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(minimap, move)
    qtbot.mouseRelease(minimap, Qt.MouseButton.LeftButton, pos=end)
    centre, wanted = view_centre(window), top.scene_rect().center()
    assert abs(centre.x() - wanted.x()) <= tolerance and abs(centre.y() - wanted.y()) <= tolerance, (
        centre,
        wanted,
    )


def test_the_minimap_picture_is_drawn_once_per_look_not_per_pan(window, load, qtbot):
    load(example("sequential_branches.py"))
    view, minimap = window.view, window.view.minimap
    view.set_zoom(2.0)
    items = sorted(window.scene.node_items.values(), key=lambda i: i.scene_rect().center().y())
    view.centerOn(items[0].scene_rect().center())
    qtbot.waitUntil(minimap.isVisible)
    minimap.repaint()
    drawn = minimap.renders
    for _ in range(5):  # pans and zooms move the frame only
        view.verticalScrollBar().setValue(view.verticalScrollBar().value() + 40)
        view.zoom_by(1.05)
        minimap.repaint()
    assert minimap.renders == drawn
    far = items[-1]  # out of the frame: its dot shows its fill, not the frame's tint
    point = map_point(window, far.scene_rect().center())
    assert not expected_frame(window).contains(QPointF(point))

    def color_at() -> QColor:
        return minimap.grab().toImage().pixelColor(point)

    assert color_at().name() == far.fill.name()
    window.document.view_model.set_color_mode("op")
    qtbot.waitUntil(lambda: color_at().name() == far.fill.name())
    assert minimap.renders == drawn + 1


def test_view_minimap_toggles_the_map_and_is_remembered(window, load, qtbot, qt_runner):
    from graphviz_app.qt.shell.main_window import MainWindow

    load(example("sequential_branches.py"))
    view, minimap = window.view, window.view.minimap
    view.set_zoom(2.0)
    qtbot.waitUntil(minimap.isVisible)
    action = window.actions_.show_minimap
    assert action.isChecked() and action.text().replace("&", "") == "Show Minimap"
    action.trigger()
    assert not minimap.isVisible() and not Settings().minimap_shown()
    view.zoom_by(1.2)
    assert not minimap.isVisible()  # stays off while the user wants it off
    again = MainWindow(runner=qt_runner)
    qtbot.addWidget(again)
    assert not again.actions_.show_minimap.isChecked() and not again.view.minimap.wanted
    again.close()
    action.trigger()
    assert minimap.isVisible() and Settings().minimap_shown()


def _window_rect(widget, rect: QRect, window) -> QRect:
    return QRect(widget.mapTo(window, rect.topLeft()), rect.size())


def test_the_legend_covers_no_node_at_1024x700_in_both_themes(qtbot, laptop_window):
    win = laptop_window
    with qtbot.waitSignal(win.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        win.open_path(example("basic_autograd.py"))
    view, legend = win.view, win.legend
    try:
        for theme in ("light", "dark"):
            win.set_theme(theme)
            dark = theme == "dark"  # the new palette reaches the widgets by events
            qtbot.waitUntil(
                lambda dark=dark: (
                    (legend.palette().color(QPalette.ColorRole.Window).lightness() < 128) == dark
                )
            )
            for when in ("first view", "after Fit"):
                if when == "after Fit":
                    win.actions_.fit.trigger()
                qtbot.waitUntil(legend.isVisible)
                port = _window_rect(view.viewport(), view.viewport().rect(), win)
                strip = _window_rect(legend, legend.rect(), win)
                assert not strip.intersects(port), (theme, when, strip, port)  # under the canvas
                for item in win.scene.node_items.values():
                    on_screen = view.mapFromScene(item.scene_rect()).boundingRect()
                    node = _window_rect(view.viewport(), on_screen, win)
                    assert port.intersects(node), (theme, when, item.lines)  # the node is in sight
                    assert not node.intersects(strip), (theme, when, item.lines)
            assert legend.entry_texts() == ["cpu (4)"] and legend.height() <= 80
            image = legend.grab().toImage()
            background = QColor(image.pixel(image.width() - 4, image.height() // 2)).lightness()
            text = max(
                QColor(image.pixel(x, y)).lightness()
                if theme == "dark"
                else 255 - QColor(image.pixel(x, y)).lightness()
                for x in range(image.width() // 2)
                for y in range(image.height())
            )
            if theme == "dark":
                assert background < 80 and text > 180  # light words on the dark strip
            else:
                assert background > 200 and text > 180  # dark words on the light strip
    finally:
        win.set_theme("light")
        win.close()


def test_a_tall_graphs_first_view_shows_its_top_nodes_not_the_badges_beside_them(qtbot, qt_runner):
    """transformer_layer.py: Values badges laid out beside their nodes; the first view (the top,
    at a readable zoom) is centred on the top nodes."""
    from graphviz_app.qt.shell.main_window import MainWindow

    win = MainWindow(runner=qt_runner)
    qtbot.addWidget(win)
    win.resize(1024, 700)
    win.show()
    qtbot.waitExposed(win)
    with qtbot.waitSignal(win.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        win.open_path(example("transformer_layer.py"))
    try:
        view, scene = win.view, win.scene
        seen = view.mapToScene(view.viewport().rect()).boundingRect()
        assert not seen.contains(scene.graph_rect)  # the top only, at a readable zoom
        assert any(item.room is not None for item in scene.node_items.values())  # badges beside them
        top = [i for i in scene.node_items.values() if i.scene_rect().top() < seen.bottom()]
        shown = [i for i in top if seen.contains(i.scene_rect())]
        assert len(shown) >= 2, [i.lines for i in top]
        band = QRectF()
        for item in top:
            band = band.united(item.scene_rect())
        assert abs(seen.center().x() - band.center().x()) < 1
    finally:
        win.close()


def test_a_very_tall_graphs_minimap_is_stretched_to_a_usable_width(window, load, qtbot, write_script):
    """A chain of 150 ops is ~40 times taller than wide: at the map's 150 px height the picture
    would be 3 px wide; it is stretched to MIN_PICTURE and a click still lands where it points."""
    from graphviz_app.qt.canvas.minimap import MIN_FRAME, MIN_PICTURE

    load(
        write_script(
            """
        import torch
        x = torch.ones(2, requires_grad=True)
        for _ in range(150):
            x = x * 1.01
        y = x.sum()
    """,
            "long_chain.py",
        )
    )
    window.document.view_model.set_values(False)
    view, minimap, scene = window.view, window.view.minimap, window.scene
    view.set_zoom(1.0)
    qtbot.waitUntil(minimap.isVisible)
    graph = scene.graph_rect
    assert graph.height() > 30 * graph.width()
    picture = minimap.picture_rect()
    assert picture.width() == MIN_PICTURE and picture.height() > 100
    frame = minimap.frame_rect()
    assert frame.width() >= MIN_FRAME and frame.height() >= MIN_FRAME
    bottom = QPointF(picture.center().x(), picture.bottom() - 2)
    qtbot.mouseClick(minimap, Qt.MouseButton.LeftButton, pos=bottom.toPoint())
    last = max(scene.node_items.values(), key=lambda i: i.scene_rect().bottom())
    seen = view.mapToScene(view.viewport().rect()).boundingRect()
    assert seen.intersects(last.scene_rect())  # the end of the chain is in sight

"""Far out, one overview item paints the graph in batches; the detail items still take clicks."""

from __future__ import annotations

import pytest
from core.graphs import transformer_like
from PySide6.QtCore import QEvent, QPoint, Qt
from PySide6.QtGui import QColor, QImage

from graphviz_app.core.graphviz.dot import dot_graph
from graphviz_app.core.graphviz.layout import LayoutJob
from graphviz_app.core.view import colors
from graphviz_app.core.view.display import ViewOptions, build_display
from graphviz_app.core.view.look import NodeStyle, ViewState
from graphviz_app.qt.canvas import scene as scene_module
from graphviz_app.qt.canvas.items import SELECTION_COLOR, ClusterItem, EdgeItem, NodeItem
from graphviz_app.qt.canvas.overview import OVERVIEW_SCALE
from graphviz_app.qt.canvas.scene import GraphScene
from graphviz_app.qt.canvas.view import GraphView
from graphviz_app.resources import example

FAR = 0.2
"""A zoom well inside the overview's range, where nodes are still several pixels wide."""
MAGENTA = "#FF00FF"


@pytest.fixture(scope="module")
def laid_out():
    graph = transformer_like(6)
    display = build_display(graph, ViewOptions())
    return display, LayoutJob(dot_graph(display, graph).text()).result(), graph


@pytest.fixture
def view(qtbot, laid_out):
    display, lay, graph = laid_out
    scene = GraphScene()
    scene.build(display, lay, graph)
    scene.apply_look(ViewState(colors.node_colors(graph, "device")))
    view = GraphView(scene)
    view.resize(1280, 800)
    qtbot.addWidget(view)
    view.show()
    qtbot.waitExposed(view)
    yield view
    scene.stop_animation()


def render(view: GraphView) -> QImage:
    image = QImage(view.viewport().size(), QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.white)
    view.viewport().render(image)
    return image


def show_node(view: GraphView, item: NodeItem, zoom: float) -> QPoint:
    """Zoom to ``zoom`` with ``item`` in the middle; return its center in viewport pixels."""
    view.set_zoom(zoom)
    view.centerOn(item.scene_rect().center())
    return view.mapFromScene(item.scene_rect().center())


def count_paints(monkeypatch) -> dict[type, int]:
    """Count calls of each detail item class's paint()."""
    counts: dict[type, int] = {NodeItem: 0, EdgeItem: 0, ClusterItem: 0}
    for cls in counts:
        original = cls.paint

        def paint(self, *args, _cls=cls, _original=original):
            counts[_cls] += 1
            _original(self, *args)

        monkeypatch.setattr(cls, "paint", paint)
    return counts


def op_item(view: GraphView) -> NodeItem:
    scene = view.scene()
    return next(i for i in scene.node_items.values() if i.kind == "op" and "Mm" in i.lines[0])


def test_far_out_the_overview_paints_and_the_detail_items_do_not(view, monkeypatch):
    scene = view.scene()
    counts = count_paints(monkeypatch)
    view.fit()
    assert view.zoom() < OVERVIEW_SCALE and scene.overview_shown
    before = scene.overview.paints
    render(view)
    assert scene.overview.paints > before
    assert counts == {NodeItem: 0, EdgeItem: 0, ClusterItem: 0}
    # readable again: every item paints itself as before, the overview is gone
    show_node(view, op_item(view), 1.0)
    assert not scene.overview_shown and not scene.overview.isVisible()
    before = scene.overview.paints
    render(view)
    assert scene.overview.paints == before
    assert counts[NodeItem] > 0 and counts[EdgeItem] > 0 and counts[ClusterItem] > 0


def test_switching_happens_once_per_threshold_crossing(view, monkeypatch):
    switches = []
    original = scene_module.set_detail_painted
    monkeypatch.setattr(
        scene_module,
        "set_detail_painted",
        lambda items, painted: (switches.append(painted), original(items, painted)),
    )
    view.set_zoom(1.0)
    view.set_zoom(FAR)
    for _ in range(4):
        view.zoom_by(1.1)  # still far out
        view.horizontalScrollBar().setValue(view.horizontalScrollBar().value() + 50)
    assert view.zoom() < OVERVIEW_SCALE
    view.set_zoom(0.8)
    assert switches == [False, True]


def test_a_restyle_far_out_changes_the_overview_pixels(view):
    scene = view.scene()
    item = op_item(view)
    center = show_node(view, item, FAR)
    assert scene.overview_shown
    assert QColor(render(view).pixel(center)).name() == item.fill.name()
    graph = scene.graph
    scene.apply_look(
        ViewState(colors.node_colors(graph, "device"), {m: NodeStyle(fill=MAGENTA) for m in item.members})
    )
    assert QColor(render(view).pixel(center)).name().upper() == MAGENTA
    # the color mode changes every node; the overview follows
    scene.apply_look(ViewState(colors.node_colors(graph, "op")))
    assert QColor(render(view).pixel(center)).name().lower() == item.fill.name().lower()
    assert item.fill.name().lower() == colors.node_colors(graph, "op")[item.members[0]].lower()


def test_selection_and_search_outlines_show_far_out(view):
    scene = view.scene()
    item = op_item(view)
    center = show_node(view, item, FAR)
    ring = QPoint(center.x(), view.mapFromScene(item.scene_rect().topLeft()).y() - 3)
    assert QColor(render(view).pixel(ring)) != SELECTION_COLOR
    scene.select(item.display_id)
    assert item.isSelected()
    assert QColor(render(view).pixel(ring)) == SELECTION_COLOR
    scene.select(None)
    pen = "#00AA00"
    scene.apply_look(
        ViewState(
            colors.node_colors(scene.graph, "device"),
            {m: NodeStyle(pen=pen, penwidth=3.0) for m in item.members},
        )
    )
    left = QPoint(view.mapFromScene(item.scene_rect().topLeft()).x() - 1, center.y())
    assert QColor(render(view).pixel(left)).name().upper() == pen


def test_far_out_a_click_selects_the_node_under_the_cursor(view, qtbot):
    item = op_item(view)
    center = show_node(view, item, FAR)
    assert view.scene().overview_shown
    clicked, doubled = [], []
    view.itemClicked.connect(clicked.append)
    view.itemDoubleClicked.connect(doubled.append)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=center)
    assert clicked == [item]
    qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=center)
    assert doubled and doubled[-1] is item
    # the hover tooltip comes from the same item
    assert view.item_at(center).toolTip() == item.toolTip() != ""


def test_window_selects_a_node_clicked_far_out(window, load, qtbot):
    load(example("basic_autograd.py"))
    graph = window.document.view_model.graph
    pow_id = next(n for n, op in graph.nodes(data="op") if op == "PowBackward0")
    item = window.scene.items_for(pow_id)[0]
    window.view.set_zoom(0.3)
    window.view.centerOn(item.scene_rect().center())
    assert window.scene.overview_shown
    pos = window.view.mapFromScene(item.scene_rect().center())
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    assert window.document.view_model.selection == item.display_id and item.isSelected()
    assert window.inspector.values()["Node/op"] == "PowBackward0"
    # back at a readable zoom the node paints itself, still selected
    window.view.set_zoom(1.0)
    assert not window.scene.overview_shown and item.isSelected()


def loneliest_node(scene: GraphScene) -> NodeItem:
    """Return the node farthest from any other (no neighbor competes for a click beside it)."""

    def gap(item: NodeItem) -> float:
        c = item.scene_rect().center()
        return min(
            (o.scene_rect().center() - c).manhattanLength()
            for o in scene.node_items.values()
            if o is not item
        )

    return max(scene.node_items.values(), key=gap)


def test_at_the_lowest_zoom_a_click_beside_a_tiny_node_picks_it(view, qtbot):
    item = loneliest_node(view.scene())
    center = show_node(view, item, 0.03)  # the node is about 2 px wide
    box = view.mapFromScene(item.scene_rect()).boundingRect()
    beside = QPoint(box.right() + 2, center.y())
    clicked = []
    view.itemClicked.connect(clicked.append)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=beside)
    assert clicked == [item]
    # at a readable zoom a click beside a node is a click on the background
    center = show_node(view, item, 1.0)
    box = view.mapFromScene(item.scene_rect()).boundingRect()
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(box.right() + 12, center.y()))
    assert len(clicked) == 2 and clicked[-1] is not item


def test_a_node_writes_its_hover_text_when_the_pointer_asks_for_it(view, qtbot):
    """A node's hover text is written when first asked for (a big picture has tens of thousands
    it would otherwise write up front): a tooltip request over the node shows it."""
    from PySide6.QtGui import QHelpEvent
    from PySide6.QtWidgets import QApplication, QToolTip

    item = op_item(view)
    center = show_node(view, item, 1.0)
    assert item._tip is not None  # not written yet
    viewport = view.viewport()
    QApplication.sendEvent(viewport, QHelpEvent(QEvent.Type.ToolTip, center, viewport.mapToGlobal(center)))
    assert item._tip is None
    assert QToolTip.text() == item.toolTip() and item.lines[0] in QToolTip.text()
    QToolTip.hideText()

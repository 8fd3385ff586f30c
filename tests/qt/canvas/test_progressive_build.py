"""A big layout is built progressively: a sketch first, the items a slice at a time from the event
loop. Once done the scene holds exactly what a build at once makes; an item asked for before its
slice is made then, and a relayout meanwhile finishes the build first."""

from __future__ import annotations

import gc

import pytest
from core.test_compose import residual_stack
from PySide6.QtCore import QEventLoop, QPointF, QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from graphviz_app.core.graphviz.compose import Composer
from graphviz_app.core.view import colors
from graphviz_app.core.view.display import ViewOptions, build_display
from graphviz_app.core.view.look import ViewState
from graphviz_app.qt.canvas import scene as scene_module
from graphviz_app.qt.canvas.scene import GraphScene
from graphviz_app.qt.canvas.sketch import SketchItem
from graphviz_app.qt.canvas.widget import GraphWidget

from .test_scene_relayout import MODULE, _drawing


@pytest.fixture(scope="module")
def stack():
    graph = residual_stack(stages=3, blocks=5)
    composer = Composer()
    views = {}
    for collapsed in (frozenset({MODULE}), frozenset()):
        display = build_display(graph, ViewOptions(collapsed=collapsed))
        views[collapsed] = (display, composer.compose(display))
    return graph, views[frozenset({MODULE})], views[frozenset()]


@pytest.fixture
def thin_slices(monkeypatch):
    """Slices of one step of 32 items each: the small stack takes several."""
    monkeypatch.setattr(scene_module, "SLICE_S", 0.0)


def _look(graph, mode: str = "device") -> ViewState:
    return ViewState(colors.node_colors(graph, mode))


def _at_once(display, layout, graph, mode: str = "device") -> GraphScene:
    scene = GraphScene()
    scene.build(display, layout, graph)
    scene.apply_look(_look(graph, mode))
    return scene


def _progressive(qtbot, display, layout, graph) -> tuple[GraphScene, GraphWidget]:
    """A scene built progressively in a shown view, with the window's first look given."""
    view = GraphWidget()
    qtbot.addWidget(view)
    scene = view.graph_scene
    scene.progressive_items = 1
    view.resize(400, 300)
    view.show()
    view.show_layout(display, layout, graph, fit=True)
    view.restyle(_look(graph), dark=False)
    return scene, view


def _finished(qtbot, scene: GraphScene) -> None:
    if scene.building():
        with qtbot.waitSignal(scene.built, timeout=20_000):
            pass
    assert not scene.building()


def _pixel(scene: GraphScene, at: QPointF) -> QColor:
    """The color the scene paints at ``at`` (scene coordinates, one unit a pixel)."""
    image = QImage(9, 9, QImage.Format.Format_ARGB32)
    image.fill(QColor("#000000"))
    painter = QPainter(image)
    scene.render(painter, QRectF(0, 0, 9, 9), QRectF(at.x() - 4, at.y() - 4, 9, 9))
    painter.end()
    return QColor(image.pixel(4, 4))


def _order(scene: GraphScene) -> tuple[list[str], list[tuple[str, str]], list[str]]:
    return (
        list(scene.node_items),
        [(e.source, e.target) for e in scene.edge_items],
        list(scene.cluster_items),
    )


def test_a_progressive_build_ends_with_what_a_build_at_once_makes(qtbot, stack, thin_slices) -> None:
    graph, _, expanded = stack
    scene, view = _progressive(qtbot, *expanded, graph)
    # at first: the sketch of every node, and none of the items yet
    assert scene.building() and not scene.is_empty() and not view.is_empty()
    sketches = [item for item in scene.items() if isinstance(item, SketchItem)]
    assert len(sketches) == 1 and not scene.node_items and not scene.edge_items
    sketch = sketches[0]
    display, layout = expanded
    # the sketch paints every node in its fill, before any item is made
    fills = colors.node_colors(graph, "device")
    for did in ("n0", list(display.nodes)[-1]):
        box = scene.node_rects()[list(display.nodes).index(did)]
        assert _pixel(scene, box.center()) == QColor(fills[display.nodes[did].members[0]])
    left = [sketch.left()]
    assert left[0] == len(display.nodes) + len(layout.edges)
    while scene.building():
        QEventLoop().processEvents()
        left.append(sketch.left())
    # made from the event loop a slice at a time, the sketch painting what is not made yet
    assert len(left) > 2 and left[-1] == 0 and left == sorted(left, reverse=True)
    whole = _at_once(*expanded, graph)
    assert _drawing(scene) == _drawing(whole)
    assert _order(scene) == _order(whole)
    assert scene.graph_rect == whole.graph_rect
    assert not any(isinstance(item, SketchItem) for item in scene.items())
    assert scene.overview is not None and scene.overview.scene() is scene


def test_a_node_asked_for_before_its_slice_is_made_then(qtbot, stack, thin_slices) -> None:
    graph, _, expanded = stack
    display, layout = expanded
    scene, view = _progressive(qtbot, display, layout, graph)
    last = list(display.nodes)[-1]  # the loss: far from the top the view shows first
    assert last not in scene.node_items
    scene.select(last)  # as the window does after a click in a panel or a search
    item = scene.node_items[last]
    assert item.isSelected() and item.look_key is not None  # made, with its look
    member = display.nodes[last].members[0]
    assert scene.items_for(member) == [item]
    block = next(did for did, node in display.nodes.items() if node.module == MODULE)
    assert view.reveal_node(block) and block in scene.node_items
    assert scene.cluster_item(MODULE) is scene.cluster_items[MODULE]
    _finished(qtbot, scene)
    whole = _at_once(display, layout, graph)
    whole.select(last)
    assert _drawing(scene) == _drawing(whole)
    assert [i.display_id for i in scene.selectedItems()] == [last]


def test_a_restyle_during_the_build_reaches_the_items_made_after_it(qtbot, stack, thin_slices) -> None:
    graph, _, expanded = stack
    scene, _ = _progressive(qtbot, *expanded, graph)
    QEventLoop().processEvents()  # a slice or two made with the first look
    assert scene.building()
    scene.apply_look(_look(graph, "op"))
    _finished(qtbot, scene)
    assert _drawing(scene) == _drawing(_at_once(*expanded, graph, "op"))


@pytest.mark.parametrize("direction", ["expand", "collapse"])
def test_a_relayout_during_the_build_draws_the_new_layout(qtbot, stack, thin_slices, direction) -> None:
    graph, collapsed, expanded = stack
    before, after = (collapsed, expanded) if direction == "expand" else (expanded, collapsed)
    scene, _ = _progressive(qtbot, *before, graph)
    QEventLoop().processEvents()
    assert scene.building()
    scene.relayout(*after, graph)  # the build is finished first
    scene.apply_look(_look(graph), only=())
    assert not scene.building()
    assert _drawing(scene) == _drawing(_at_once(*after, graph))
    assert not any(isinstance(item, SketchItem) for item in scene.items())


def test_a_new_graph_during_the_build_drops_the_rest_of_it(qtbot, stack, thin_slices) -> None:
    graph, collapsed, expanded = stack
    scene, _ = _progressive(qtbot, *expanded, graph)
    QEventLoop().processEvents()
    scene.progressive_items = scene_module.PROGRESSIVE_ITEMS
    scene.build(*collapsed, graph)  # small: at once
    scene.apply_look(_look(graph))
    assert not scene.building()
    assert _drawing(scene) == _drawing(_at_once(*collapsed, graph))
    QEventLoop().processEvents()  # no slice of the old build runs
    assert _drawing(scene) == _drawing(_at_once(*collapsed, graph))


def test_the_items_a_slice_made_are_out_of_the_collectors_way(qtbot, stack, thin_slices) -> None:
    """Frozen as each slice ends (``gc.freeze``), the items never count towards an automatic full
    collection, which would otherwise fall on a later slice (0.25 s at 20,000 nodes)."""
    graph, _, expanded = stack
    scene, _ = _progressive(qtbot, *expanded, graph)
    while scene.building() and not scene.node_items:
        QEventLoop().processEvents()
    made = list(scene.node_items.values())
    collectable = {id(thing) for generation in range(3) for thing in gc.get_objects(generation)}
    assert made and not any(id(item) in collectable for item in made)
    _finished(qtbot, scene)

"""On a small laptop screen (1024×700) the minimap never hides the graph it maps: it shows only
while part of the graph is out of sight, and then sits in a corner free of nodes and badges."""

from __future__ import annotations

from PySide6.QtCore import QRectF

from graphviz_app.core.lessons import ORDER
from graphviz_app.resources import example

from ..conftest import LOAD_TIMEOUT_MS


def covered_nodes(window) -> list[str]:
    """The nodes (with their value badges) the minimap hides, if it shows."""
    view, minimap = window.view, window.view.minimap
    if not minimap.isVisible():
        return []
    port = view.viewport().geometry()
    spot = QRectF(minimap.geometry().translated(-port.topLeft()))
    return [
        name
        for name, item in window.scene.node_items.items()
        if QRectF(view.mapFromScene(item.sceneBoundingRect()).boundingRect()).intersects(spot)
    ]


def test_the_minimap_leaves_the_first_lesson_in_sight_at_1024x700(laptop_window, qtbot):
    window = laptop_window
    with qtbot.waitSignal(window.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        window.open_path(example(ORDER[0]))
    assert covered_nodes(window) == []  # the first view
    window.actions_.fit.trigger()
    assert covered_nodes(window) == []
    assert not window.view.minimap.isVisible()  # all of it in sight: no map needed
    # zoomed in on the top of the graph, the rest out of sight: the map shows, beside the nodes
    window.view.set_zoom(1.75)
    top = min(window.scene.node_items.values(), key=lambda item: item.scene_rect().top())
    window.view.centerOn(top.scene_rect().center())
    assert window.view.minimap.isVisible()
    assert covered_nodes(window) == []


def test_the_minimap_keeps_off_the_banner(laptop_window, qtbot):
    window = laptop_window
    with qtbot.waitSignal(window.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        window.open_path(example(ORDER[0]))
    window.view.set_banner("the graph is from an older run")
    window.view.set_zoom(4.0)
    window.view.centerOn(window.scene.graph_rect.topLeft())  # the graph in the bottom-right quarter
    assert window.view.minimap.isVisible()
    assert covered_nodes(window) == []
    assert not window.view.minimap.geometry().intersects(window.view.banner.geometry())

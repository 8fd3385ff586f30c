"""Every bundled lesson's first view on a laptop screen (1024×700) and a desktop one (1600×1000):
each node it shows is whole (its box and value badge inside the view), the zoom reads
(:data:`~graphviz_app.core.view.first_view.MIN_READABLE_ZOOM` or more: 10 pt labels drawn at least
7 pt tall), a graph not shown whole starts at its inputs, and the minimap covers no node.

One window loads the lessons in turn at each size (each load is a real run of the script).
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF

from graphviz_app.core.lessons import ORDER
from graphviz_app.core.view.first_view import MIN_READABLE_ZOOM
from graphviz_app.resources import example

from ..conftest import LOAD_TIMEOUT_MS

pytestmark = pytest.mark.slow


def screen_rects(window) -> dict[str, QRectF]:
    """Each drawn node's on-screen rectangle (viewport pixels), value badge included."""
    view = window.view
    return {
        name: QRectF(view.mapFromScene(item.sceneBoundingRect()).boundingRect())
        for name, item in window.scene.node_items.items()
        if item.isVisible()
    }


def first_view_faults(window, lesson: str) -> list[str]:
    """What is wrong with the view now, as a first view (empty: nothing)."""
    view, faults = window.view, []
    port = QRectF(view.viewport().rect())
    rects = screen_rects(window)
    shown = {name: rect for name, rect in rects.items() if rect.intersects(port)}
    cut = sorted(name for name, rect in shown.items() if not port.contains(rect))
    size = f"{window.width()}×{window.height()}"
    if cut:
        faults.append(f"{lesson} at {size}: nodes cut at the view's edge: {cut}")
    if view.zoom() < MIN_READABLE_ZOOM - 1e-6:
        faults.append(f"{lesson} at {size}: zoom {view.zoom():.2f} is too small to read")
    if rects and not view.visible_scene_rect().contains(view.graph_scene.graph_rect):
        # not all of it in sight: it starts at its inputs (the first rank shows, whole)
        first = min(
            window.scene.node_items.values(),
            key=lambda item: item.scene_rect().left() if view.rankdir == "LR" else item.scene_rect().top(),
        )
        start = QRectF(view.mapFromScene(first.sceneBoundingRect()).boundingRect())
        if not port.contains(start):
            faults.append(f"{lesson} at {size}: the first rank is out of sight")
    minimap = view.minimap
    if minimap.isVisible():
        spot = QRectF(minimap.geometry().translated(-view.viewport().geometry().topLeft()))
        under = sorted(name for name, rect in rects.items() if rect.intersects(spot))
        if under:
            faults.append(f"{lesson} at {size}: the minimap covers {under}")
    return faults


def resize(window, qtbot, width: int, height: int) -> None:
    window.resize(width, height)
    qtbot.waitUntil(lambda: (window.width(), window.height()) == (width, height))


def test_every_lesson_opens_readable_and_whole_at_both_sizes(laptop_window, qtbot):
    window, faults = laptop_window, []
    for width, height in ((1024, 700), (1600, 1000)):
        resize(window, qtbot, width, height)
        for lesson in ORDER:
            done = window.controller.loadFailed if lesson == "no_grad.py" else window.controller.graphShown
            with qtbot.waitSignal(done, timeout=LOAD_TIMEOUT_MS):  # no_grad.py builds no graph on purpose
                window.open_path(example(lesson))
            assert window.controller.first_view is None or not window.controller.first_view.changed
            faults += first_view_faults(window, lesson)
    assert not faults, "\n".join(faults)
    assert set(ORDER) == {path.name for path in example("basic_autograd.py").parent.glob("*.py")}


def test_stepping_a_lesson_shown_whole_keeps_its_badges_in_sight(laptop_window, qtbot):
    """At 1024×700, indexing.py opens whole; each forward step changes the badges beside its
    nodes and the view keeps every node it shows whole."""
    window, faults = laptop_window, []
    with qtbot.waitSignal(window.controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        window.open_path(example("indexing.py"))
    steps = window.document.view_model.step_count("forward")
    assert steps > 2
    for index in range(steps):
        window.timeline.go(index)
        qtbot.waitUntil(lambda: not window.controller.layouts.is_busy())
        faults += [f"step {index + 1}: {fault}" for fault in first_view_faults(window, "indexing.py")]
    assert not faults, "\n".join(faults)

"""Values badges in the window sit where the layout made room for them: beside their node, clear of
every other node and badge, and the same at every step, so stepping moves nothing."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF

from graphviz_app.core.view.stepping import BACKWARD, FORWARD
from graphviz_app.resources import example

from ..test_stepping import run_backward

LESSONS = ("sequential_branches", "two_layer_training", "small_cnn", "retain_grad")


def geometry(window) -> tuple[dict[str, QRectF], QRectF, float]:
    """Every node's box, the graph's rectangle (a badge reaching past it would fit the view
    again) and the zoom (the view scrolls to each step's node: that is the step, not a jump)."""
    scene = window.scene
    boxes = {did: item.scene_rect() for did, item in scene.node_items.items()}
    return boxes, QRectF(scene.graph_rect), window.view.transform().m11()


@pytest.mark.parametrize("name", LESSONS)
def test_badges_sit_beside_their_nodes_and_steps_move_nothing(name, window, load, qtbot):
    load(example(f"{name}.py"))
    run_backward(window, qtbot)
    doc, scene = window.document, window.scene
    assert doc.view_model.values_shown()
    count = doc.view_model.step_count(BACKWARD)
    doc.view_model.set_step(FORWARD, 0, follow=False)
    before = geometry(window)
    for mode, index in (
        (FORWARD, doc.view_model.step_count(FORWARD) - 1),
        (BACKWARD, 0),
        (BACKWARD, count - 1),
    ):
        doc.view_model.set_step(mode, index, follow=False)
        assert geometry(window) == before  # badges appeared in their room: nothing moved
    items = scene.node_items
    badges = {did: rect for did, item in items.items() if (rect := item.badge_scene_rect()) is not None}
    assert len(badges) >= len(items) // 2
    for did, badge in badges.items():
        item = items[did]
        assert item.room is not None  # laid out with the graph
        room = item.mapRectToScene(item.room)
        assert room.contains(badge)
        near = badge.adjusted(-0.5, -0.5, 0.5, 0.5)  # touching counts
        for other, other_item in items.items():
            if other != did:
                assert not near.intersects(other_item.scene_rect()), f"{did}'s badge on node {other}"
                other_badge = badges.get(other)
                assert other_badge is None or not near.intersects(other_badge), f"{did}, {other}"
        node = item.scene_rect()
        assert 0 < badge.left() - node.right() <= 19  # right beside its own node
        assert badge.top() < node.bottom() and node.top() < badge.bottom()


def test_values_off_lays_out_without_room_and_fit_takes_what_is_drawn(window, load, qtbot):
    load(example("two_layer_training.py"))
    run_backward(window, qtbot)
    scene = window.scene
    with_room = QRectF(scene.graph_rect)
    assert all(item.room is not None for item in scene.node_items.values() if item.badge)
    with qtbot.waitSignal(window.controller.graphShown, timeout=20000):
        window.actions_.values.setChecked(False)  # the badges' room goes: a new layout
    assert all(item.room is None for item in scene.node_items.values())
    assert scene.graph_rect.width() < with_room.width() - 100  # no room kept for what is off
    nodes = QRectF()
    for item in scene.node_items.values():
        nodes = nodes.united(item.scene_rect())
    assert scene.graph_rect.width() < nodes.width() + 100
    with qtbot.waitSignal(window.controller.graphShown, timeout=20000):
        window.actions_.values.setChecked(True)
    assert scene.graph_rect == with_room

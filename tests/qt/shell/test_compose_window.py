"""The window lays big graphs with modules out by composition: full detail at once, and an
expand or collapse keeps the clicked module where it was on screen."""

from __future__ import annotations

import pytest
from core.test_compose import residual_stack

from graphviz_app.core.graphviz import compose
from graphviz_app.core.model.graph import dumps_graph
from graphviz_app.core.model.topology import collapse_to_depth
from graphviz_app.qt.canvas.widget import GraphWidget
from graphviz_app.qt.document import Document
from graphviz_app.qt.panels.messages import MessagesPanel
from graphviz_app.qt.settings import Settings
from graphviz_app.qt.shell.controller import Controller

from ..conftest import LOAD_TIMEOUT_MS

pytestmark = pytest.mark.slow


@pytest.fixture
def parts(qtbot, qt_runner):
    document = Document()
    widget = GraphWidget()
    widget.resize(900, 700)
    messages = MessagesPanel()
    qtbot.addWidget(widget)
    qtbot.addWidget(messages)
    settings = Settings()
    settings.set_readable_first_view(False)  # the practitioner's choice: every node at once
    controller = Controller(document, widget, settings, messages, qt_runner)
    yield document, widget, controller
    controller.shutdown()
    widget.graph_scene.stop_animation()


def _corner_on_screen(widget: GraphWidget, module: str) -> tuple[int, int]:
    """Where the top-left corner of ``module`` (its collapsed node or its cluster) is drawn, in
    pixels of the view."""
    scene = widget.graph_scene
    item = scene.node_items.get("m:" + module) or scene.cluster_items[module]
    point = widget.mapFromScene(item.scene_rect().topLeft())
    return point.x(), point.y()


def test_a_big_graph_opens_at_full_detail_and_expands_in_place(parts, qtbot, tmp_path) -> None:
    document, widget, controller = parts
    saved = tmp_path / "stack.json"
    saved.write_text(dumps_graph(residual_stack(stages=6, blocks=50)), encoding="utf-8")
    with qtbot.waitSignal(controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        controller.open(saved)
    assert len(document.view_model.display.nodes) == 1803 > compose.SINGLE_RUN_MAX_NODES
    assert not document.view_model.options.collapsed  # full detail: one dot run would not fit, composed does
    # as in core's tests, plus one: blocks 10-49 are named with two digits (wider leaf labels)
    assert controller.composer.dot_runs == 9
    assert set(widget.graph_scene.node_items) == set(document.view_model.display.nodes)

    module = "stages.3.20"
    with qtbot.waitSignal(controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        document.view_model.collapse(module)
    assert "m:" + module in widget.graph_scene.node_items
    zoom, before = widget.zoom(), _corner_on_screen(widget, module)
    runs = controller.composer.dot_runs
    kept = widget.graph_scene.node_items["n0"]  # the input x, outside every block
    with qtbot.waitSignal(controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        document.view_model.expand(module)
    assert module in widget.graph_scene.cluster_items
    assert widget.graph_scene.node_items["n0"] is kept  # moved, not made again
    assert set(widget.graph_scene.node_items) == set(document.view_model.display.nodes)
    assert widget.zoom() == pytest.approx(zoom)
    after = _corner_on_screen(widget, module)
    assert abs(after[0] - before[0]) <= 1 and abs(after[1] - before[1]) <= 1  # pixel rounding
    assert controller.composer.dot_runs == runs  # every piece of the expanded view was seen
    with qtbot.waitSignal(controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        document.view_model.collapse(module)
    assert "m:" + module in widget.graph_scene.node_items
    assert widget.zoom() == pytest.approx(zoom)
    again = _corner_on_screen(widget, module)
    assert abs(again[0] - after[0]) <= 1 and abs(again[1] - after[1]) <= 1


def test_looks_changed_while_an_expand_is_laid_out_reach_every_item(parts, qtbot, tmp_path) -> None:
    """The scene is updated in place and only its new items get a look, unless the looks
    changed while the layout ran (here the color mode): then every item is restyled."""
    document, widget, controller = parts
    saved = tmp_path / "stack.json"
    saved.write_text(dumps_graph(residual_stack(stages=6, blocks=50)), encoding="utf-8")
    with qtbot.waitSignal(controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        controller.open(saved)
    module = "stages.2.7"
    with qtbot.waitSignal(controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        document.view_model.collapse(module)
    scene = widget.graph_scene
    before = {did: item.look_key for did, item in scene.node_items.items()}
    with qtbot.waitSignal(controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        document.view_model.expand(module)
        document.view_model.set_color_mode("op")  # while the expanded view is being laid out
    shown = {did: item.look_key for did, item in scene.node_items.items()}
    assert shown["n0"] != before["n0"]  # the input leaf, kept, recolored by op type
    assert all(look is not None for look in shown.values())
    controller.restyle()  # a full pass changes nothing: every item had its look already
    assert {did: item.look_key for did, item in scene.node_items.items()} == shown


def test_by_default_a_big_graph_opens_at_a_readable_depth_and_says_so(parts, qtbot, tmp_path) -> None:
    """The learner's default: 1,803 nodes at full detail are a sliver in a 900 x 700 view, so the
    graph opens with its blocks collapsed (depth 3 draws 300 block boxes, more than two screens of
    nodes; depth 2 draws the 6 stages ``stages.<i>``, plus x, Pow and Mean), and Messages says how
    to see more; Expand All then shows every node."""
    document, widget, controller = parts
    controller.settings.set_readable_first_view(True)
    saved = tmp_path / "stack.json"
    saved.write_text(dumps_graph(residual_stack(stages=6, blocks=50)), encoding="utf-8")
    with qtbot.waitSignal(controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        controller.open(saved)
    assert controller.first_view is not None and controller.first_view.full == 1803
    assert document.view_model.options.collapsed == frozenset(f"stages.{i}" for i in range(6))
    assert len(document.view_model.display.nodes) == controller.first_view.drawn < 20
    assert set(widget.graph_scene.node_items) == set(document.view_model.display.nodes)
    text = controller.reporter.plain_text()
    assert "Opened with modules collapsed to depth 2 (9 of 1,803 nodes drawn)" in text
    with qtbot.waitSignal(controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        document.view_model.set_collapsed(frozenset())
    assert len(document.view_model.display.nodes) == 1803


def test_collapsing_to_a_depth_shows_the_new_picture_whole(parts, qtbot, tmp_path) -> None:
    """Several modules change at once (Collapse to depth): no module to keep in place, so the
    smaller picture is shown whole instead of at the old zoom around one of them."""
    document, widget, controller = parts
    saved = tmp_path / "stack.json"
    saved.write_text(dumps_graph(residual_stack(stages=6, blocks=50)), encoding="utf-8")
    with qtbot.waitSignal(controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        controller.open(saved)
    widget.set_zoom(1.0)  # reading the top of the 1,803 nodes
    widget.centerOn(widget.graph_scene.node_items["n0"])
    with qtbot.waitSignal(controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        document.view_model.collapse_to_depth(2)
    assert len(document.view_model.display.nodes) == 9
    view = widget.viewport().rect()
    for item in widget.graph_scene.node_items.values():
        assert view.contains(widget.mapFromScene(item.scene_rect()).boundingRect()), item


def _open_stack(document, controller, qtbot, tmp_path, collapsed_depth: int = 0) -> None:
    """Open a saved residual stack (``collapsed_depth``: with its modules below that depth
    collapsed, as the file says)."""
    saved = tmp_path / "stack.json"
    graph = residual_stack(stages=6, blocks=50)
    if collapsed_depth:
        graph.graph["view"] = {"collapsed": sorted(collapse_to_depth(graph, collapsed_depth))}
    saved.write_text(dumps_graph(graph), encoding="utf-8")
    with qtbot.waitSignal(controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        controller.open(saved)


def test_a_layout_that_takes_a_while_says_what_it_lays_out(parts, qtbot, tmp_path) -> None:
    """The busy bar names the expand, the collapse or the Expand All being laid out (here at once,
    where the window waits half a second first), and goes away with the new picture. (Opened
    with its blocks collapsed: a view shown before comes back without a layout.)"""
    document, widget, controller = parts
    _open_stack(document, controller, qtbot, tmp_path, collapsed_depth=3)
    controller.layout_busy.setInterval(0)
    said: list[str] = []
    controller.busyChanged.connect(lambda busy: said.append(widget.busy.label.text() if busy else ""))
    with qtbot.waitSignal(controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        document.view_model.collapse("stages.4")
    assert said[0].startswith("Collapsing stages.4: laying out ")
    assert not widget.busy.isVisible()
    with qtbot.waitSignal(controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        document.view_model.collapse_to_depth(2)
    said.clear()
    with qtbot.waitSignal(controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        controller.expand_all()
    assert said[0] == "Expanding every module: laying out 1803 nodes…"
    assert not widget.busy.isVisible()


def test_expand_all_shows_the_graph_from_its_top(parts, qtbot, tmp_path) -> None:
    """Expand All is a new picture: shown from its start, not around the one module that was
    collapsed (an expand of that module keeps it where it was)."""
    document, widget, controller = parts
    _open_stack(document, controller, qtbot, tmp_path)
    module = "stages.5.40"  # near the bottom
    with qtbot.waitSignal(controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        document.view_model.collapse(module)
    widget.set_zoom(1.0)
    widget.centerOn(widget.graph_scene.node_items["m:" + module])
    with qtbot.waitSignal(controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        controller.expand_all()
    assert not document.view_model.options.collapsed
    top = widget.graph_scene.node_items["n0"]  # the input x, drawn first
    assert widget.visible_scene_rect().intersects(top.scene_rect())


def test_after_an_expand_the_selection_is_never_a_node_out_of_sight(parts, qtbot, tmp_path) -> None:
    """The selected module node is expanded: the selection follows its graph nodes to the first
    of them, but the view keeps the module in place; where that node is out of sight the
    selection (and so the Inspector) is cleared instead."""
    document, widget, controller = parts
    _open_stack(document, controller, qtbot, tmp_path)
    module = "stages.2.30"
    with qtbot.waitSignal(controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        document.view_model.collapse(module)
    widget.set_zoom(1.0)
    node = widget.graph_scene.node_items["m:" + module]
    # its top-left corner just above the bottom of the view: the expanded module is out of it
    corner = node.scene_rect().topLeft()
    widget.centerOn(corner.x(), corner.y() - widget.viewport().height() / 2 + 12)
    document.view_model.select("m:" + module)
    with qtbot.waitSignal(controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        document.view_model.expand(module)
    selected = document.view_model.selection
    if selected is not None:
        item = widget.graph_scene.node_items[selected]
        assert widget.visible_scene_rect().intersects(item.scene_rect())


def test_the_panels_hear_of_the_moved_selection_once_the_new_picture_is_drawn(parts, qtbot, tmp_path) -> None:
    """An expand moves the selection from the module's node to its first member: the Inspector
    (which listens to ``selectionChanged``) keeps showing the module until the expanded picture
    is drawn, and hears of the change once it is."""
    document, widget, controller = parts
    _open_stack(document, controller, qtbot, tmp_path)
    module = "stages.2.30"
    with qtbot.waitSignal(controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        document.view_model.collapse(module)
    widget.set_zoom(1.0)
    widget.centerOn(widget.graph_scene.node_items["m:" + module])
    document.view_model.select("m:" + module)
    heard: list[tuple[str | None, bool]] = []
    document.selectionChanged.connect(
        lambda: heard.append(
            (document.view_model.selection, widget.graph_scene.display is document.view_model.display)
        )
    )
    with qtbot.waitSignal(controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        document.view_model.expand(module)
        assert document.view_model.selection != "m:" + module and heard == []  # not drawn yet: not said
    assert heard == [(document.view_model.selection, True)]
    assert document.view_model.selection in widget.graph_scene.node_items


def test_the_minimap_draws_its_new_picture_after_the_next_layout_not_during_it(
    parts, qtbot, tmp_path
) -> None:
    """The map draws a new layout's picture a moment after it is shown (a pass over every
    item); an expand asked for meanwhile puts that off until its own picture is shown, so the
    drawing never competes with the layout."""
    document, widget, controller = parts
    widget.show()
    qtbot.waitExposed(widget)
    _open_stack(document, controller, qtbot, tmp_path)
    widget.set_zoom(1.0)  # the graph does not fit: the map is shown
    minimap = widget.minimap
    with qtbot.waitSignal(controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        document.view_model.collapse("stages.2.30")
    minimap.repaint()  # shows its last picture, and plans the new one
    assert minimap.isVisible() and minimap._redraw.isActive()
    renders = minimap.renders
    with qtbot.waitSignal(controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        document.view_model.expand("stages.2.30")
        assert not minimap._redraw.isActive()
    assert minimap.renders == renders  # nothing drawn while the layout ran
    minimap.repaint()
    assert minimap._redraw.isActive()  # the expanded picture's turn
    qtbot.waitUntil(lambda: minimap.renders > renders, timeout=5000)


def test_collapsing_the_module_just_expanded_shows_its_last_picture_again(parts, qtbot, tmp_path) -> None:
    """The document keeps the display graph of a view shown lately, so the window keeps its
    composed layout: collapsing a module again shows the picture it showed, composed once."""
    document, widget, controller = parts
    _open_stack(document, controller, qtbot, tmp_path)
    module = "stages.2.30"
    with qtbot.waitSignal(controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        document.view_model.collapse(module)
    collapsed = widget.graph_scene.display
    first = controller._shown[1]
    with qtbot.waitSignal(controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        document.view_model.expand(module)
    placed = controller.composer.placed
    with qtbot.waitSignal(controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        document.view_model.collapse(module)
    assert document.view_model.display is collapsed and controller._shown[1] is first
    assert controller.composer.placed == placed  # nothing composed
    assert "m:" + module in widget.graph_scene.node_items
    with qtbot.waitSignal(controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        document.view_model.collapse("stages.1.10")  # a new view: composed
    assert controller.composer.placed > placed


def test_expand_all_again_works_out_the_items_places_on_the_layouts_thread(parts, qtbot, tmp_path) -> None:
    """Expand All after Collapse All Modules shows a picture shown before (its layout kept):
    the new picture's build still gets its items' places from the layout's thread, as a newly
    laid out one does, not on the window's (0.1 s at 20,000 nodes)."""
    document, widget, controller = parts
    scene = widget.graph_scene
    scene.progressive_items = 100  # the stack's full picture is built a slice at a time
    _open_stack(document, controller, qtbot, tmp_path)
    full = controller._shown[1]
    builds: list[object] = []
    build = scene.build
    scene.build = lambda display, layout, graph, prepared=None: (
        builds.append(prepared) or build(display, layout, graph, prepared)
    )
    with qtbot.waitSignal(controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        controller.collapse_to_depth(1)
    with qtbot.waitSignal(controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        controller.expand_all()
    assert controller._shown[1] is full  # the layout shown before, not laid out again
    prepared = builds[-1]
    assert prepared is not None and prepared.layout is full
    qtbot.waitUntil(lambda: not scene.building(), timeout=LOAD_TIMEOUT_MS)
    assert len(scene.node_items) == len(document.view_model.display.nodes)


def _frames_crossing(widget: GraphWidget) -> list[str]:
    """Every module frame on screen whose rectangle is not inside its parent module's frame, and
    every node not inside the frame of the module it is drawn in (scene coordinates)."""
    scene = widget.graph_scene
    display = scene.display
    frames = scene.cluster_items
    crossing = []
    for name, frame in frames.items():
        parent = display.clusters[name].parent
        while parent is not None and parent not in frames:
            parent = display.clusters[parent].parent
        if parent is not None and not frames[parent].scene_rect().contains(frame.scene_rect()):
            crossing.append(f"{name} {frame.scene_rect()} outside {parent} {frames[parent].scene_rect()}")
    for did, item in scene.node_items.items():
        home = display.nodes[did].cluster
        if home in frames and not frames[home].scene_rect().contains(item.scene_rect()):
            crossing.append(f"{did} {item.scene_rect()} outside {home} {frames[home].scene_rect()}")
    return crossing


@pytest.mark.parametrize(
    "steps",
    [
        (
            "-stages.1.2",
            "+stages.1.2",
            "-stages.1",
            "+stages.1",
            "-stages.1.2",
            "-stages.1",
            "+stages.1",
            "+stages.1.2",
        ),
        ("-stages.0", "-stages.2.1", "+stages.0", "-stages.2", "+stages.2", "+stages.2.1"),
        ("-stages.1.3", "-stages.1", "+stages.1.3", "-stages.1.0", "+stages.1.0", "-stages.1.3"),
        ("-stages.1", "all", "-stages.2.1", "-stages.2", "+stages.2", "depth 2", "+stages.0", "-stages.0.1"),
    ],
)
def test_every_frame_stays_inside_its_parents_through_expands_and_collapses(
    parts, qtbot, tmp_path, monkeypatch, steps
) -> None:
    """A small graph of nested modules (stages of blocks), composed as a big one is: after each
    expand (+) or collapse (-) every module's frame lies inside its parent's, and every node
    inside its module's frame, as a fresh picture of the same view draws them."""
    monkeypatch.setattr(compose, "SINGLE_RUN_MAX_NODES", 10)
    document, widget, controller = parts
    saved = tmp_path / "nested.json"
    saved.write_text(dumps_graph(residual_stack(stages=3, blocks=4)), encoding="utf-8")
    with qtbot.waitSignal(controller.graphShown, timeout=LOAD_TIMEOUT_MS):
        controller.open(saved)
    assert compose.should_compose(document.view_model.display) and widget.graph_scene.cluster_items
    assert _frames_crossing(widget) == []
    for step in steps:
        with qtbot.waitSignal(controller.graphShown, timeout=LOAD_TIMEOUT_MS):
            if step == "all":
                controller.expand_all()
            elif step == "depth 2":
                document.view_model.collapse_to_depth(2)
            else:
                assert (step[1:] in document.view_model.options.collapsed) == (step[0] == "+")  # a change
                (document.view_model.expand if step[0] == "+" else document.view_model.collapse)(step[1:])
        assert _frames_crossing(widget) == [], step
